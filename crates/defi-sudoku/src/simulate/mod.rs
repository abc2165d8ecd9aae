//! The simulator: many seeded games between bots, win rates and mean scores by seat, and
//! whether the seats are even (is the handicap fair?).
//!
//! A simulation is reproducible from its seed `s`, and any of its games can be played alone.
//! The seeds come from one SplitMix64 step, [`game_seed`]: game `i` has the seed
//! `g = game_seed(s, i)`; its puzzle is [`SolvedPuzzle::generate`] from
//! `Pcg64Mcg::seed_from_u64(g)`, and the bot of seat `k` (0-based) draws from
//! `Pcg64Mcg::seed_from_u64(game_seed(g, k + 1))` (the simulator builds these generators
//! itself, a generator per seat, so that a seat's draws do not depend on the others'; the
//! crate's golden tests pin the games they give). Two simulations differing only in an
//! option (the handicap, say) play the same puzzles with the same bots.
//!
//! ```
//! use defi_sudoku::bot::Strategy;
//! use defi_sudoku::simulate::{BotSpec, Simulation};
//! use defi_sudoku::Options;
//!
//! let bots = vec![BotSpec::new(Strategy::Greedy), BotSpec::new(Strategy::Search)];
//! let sim = Simulation::new(Options::default(), bots, 6, 2024)?;
//! let stats = sim.run();
//! assert_eq!(stats.games(), 6);
//! assert_eq!(sim.play(3), sim.play(3)); // any game, alone, the same
//! # Ok::<(), defi_sudoku::SetupError>(())
//! ```

use core::fmt;
use core::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use grilles_game::{Interrupted, Limits, StopReason, WorkUnit};
use rand::SeedableRng as _;
use rand_pcg::Pcg64Mcg;
use sudoku_grade::Method;

use crate::bot::{Bot, DEFAULT_SKILL, Draw, Strategy, play_out_while};
use crate::game::Game;
use crate::options::{Handicap, Options, ParseOptionError};
use crate::setup::{SetupError, check};
use crate::solved_puzzle::SolvedPuzzle;
use crate::thinking::REFERENCE_SPEED;

mod stats;

pub use stats::{HandicapTrial, HandicapVerdict, Stats};

/// A bot to seat: its strategy, the techniques it masters and its speed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct BotSpec {
    /// How it chooses.
    pub strategy: Strategy,
    /// What it can deduce.
    pub skill: Method,
    /// How fast it thinks, in percent of the reference player (see
    /// [`ThinkingTime`](crate::ThinkingTime)); only the chrono makes it matter. 100 when absent from
    /// a serialized spec.
    #[cfg_attr(feature = "serde", serde(default = "reference_speed"))]
    pub speed: u32,
}

#[cfg(feature = "serde")]
fn reference_speed() -> u32 {
    REFERENCE_SPEED
}

impl BotSpec {
    /// A bot of `strategy` with [`DEFAULT_SKILL`] and the reference speed.
    ///
    /// ```
    /// use defi_sudoku::bot::{DEFAULT_SKILL, Strategy};
    /// use defi_sudoku::simulate::BotSpec;
    /// let spec = BotSpec::new(Strategy::Blocking);
    /// assert_eq!((spec.skill, spec.speed), (DEFAULT_SKILL, 100));
    /// assert_eq!(spec.to_string(), "blocking:B");
    /// ```
    pub const fn new(strategy: Strategy) -> BotSpec {
        BotSpec {
            strategy,
            skill: DEFAULT_SKILL,
            speed: REFERENCE_SPEED,
        }
    }

    /// The bot itself, of the kind its strategy names, with its skill and speed.
    ///
    /// ```
    /// use defi_sudoku::simulate::BotSpec;
    /// let spec: BotSpec = "search:C@150".parse()?;
    /// assert_eq!(spec.build().name(), "search");
    /// # Ok::<(), defi_sudoku::ParseOptionError>(())
    /// ```
    pub fn build(&self) -> Box<dyn Bot> {
        self.strategy.bot_with(self.skill, self.speed)
    }
}

impl fmt::Display for BotSpec {
    /// `greedy:B`: the strategy, a colon, the skill's letter; then `@` and the speed when it
    /// is not 100 (`search:C@150`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.strategy, self.skill.as_str())?;
        if self.speed != REFERENCE_SPEED {
            write!(f, "@{}", self.speed)?;
        }
        Ok(())
    }
}

impl FromStr for BotSpec {
    type Err = ParseOptionError;

    /// `greedy`, `blocking`, `search`, optionally followed by `:` and a skill letter
    /// (`A1`, `A2`, `B`, `C`, `D`, `E`, `F`), then optionally by `@` and a speed in percent of
    /// the reference player's (1 to 10000): `search:A2`, `greedy@150`, `blocking:C@80`.
    ///
    /// ```
    /// use defi_sudoku::{bot::Strategy, simulate::BotSpec, sudoku_grade::Method};
    /// let spec: BotSpec = "search:A2".parse()?;
    /// assert_eq!(spec, BotSpec { strategy: Strategy::Search, skill: Method::A2, speed: 100 });
    /// assert_eq!("greedy".parse::<BotSpec>()?, BotSpec::new(Strategy::Greedy));
    /// assert_eq!("blocking:C@80".parse::<BotSpec>()?.speed, 80);
    /// assert!("greedy@0".parse::<BotSpec>().is_err());
    /// # Ok::<(), defi_sudoku::ParseOptionError>(())
    /// ```
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s.len() > Options::MAX_TEXT_LEN {
            return Err(ParseOptionError {
                option: "bot",
                text: crate::options::excerpt(s),
                expected: "a bot of at most 64 bytes: greedy, blocking, search, with :LETTER and @SPEED",
            });
        }
        let (rest, speed) = match s.split_once('@') {
            Some((rest, speed)) => (rest, parse_speed(speed)?),
            None => (s, REFERENCE_SPEED),
        };
        let (name, skill) = match rest.split_once(':') {
            Some((name, letter)) => (name, parse_technique(letter)?),
            None => (rest, DEFAULT_SKILL),
        };
        Ok(BotSpec {
            strategy: name.parse()?,
            skill,
            speed,
        })
    }
}

fn parse_speed(text: &str) -> Result<u32, ParseOptionError> {
    text.parse()
        .ok()
        .filter(|s| (1..=10_000).contains(s))
        .ok_or_else(|| ParseOptionError {
            option: "speed",
            text: crate::options::excerpt(text),
            expected: "a whole percent from 1 to 10000",
        })
}

fn parse_technique(letter: &str) -> Result<Method, ParseOptionError> {
    letter.parse().map_err(|_| ParseOptionError {
        option: "skill",
        text: crate::options::excerpt(letter),
        expected: "A1, A2, B, C, D, E, F",
    })
}

/// The seed of game `index` of a simulation seeded `seed` (a SplitMix64 step); also the seed
/// of seat `k`'s generator in a game seeded `seed`, with `index = k + 1` (see the
/// [module](self) docs).
///
/// ```
/// use defi_sudoku::simulate::game_seed;
/// assert_ne!(game_seed(1, 0), game_seed(1, 1));
/// assert_ne!(game_seed(1, 0), game_seed(2, 0));
/// ```
pub fn game_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed.wrapping_add(index.wrapping_add(1).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Many seeded games between the same bots with the same options.
///
/// ```
/// use defi_sudoku::{Options, bot::Strategy, simulate::{BotSpec, Simulation}};
/// let sim = Simulation::new(Options::default(), vec![BotSpec::new(Strategy::Greedy); 2], 4, 7)?;
/// let stats = sim.run();
/// assert_eq!(stats.games(), 4);
/// let total: f64 = (0..2).map(|s| stats.win_rate(s)).sum();
/// assert!((total - 1.0).abs() < 1e-9); // ties are shared
/// # Ok::<(), defi_sudoku::SetupError>(())
/// ```
///
/// # Cost and limits
///
/// A game asks for at most 81 bot decisions, each bounded (see [`bot`](crate::bot), "Cost
/// of a decision"), so the work grows only with the number of games. [`Simulation::budget`]
/// (in [`WorkUnit::Decisions`]) and [`Simulation::cancel_flag`] bound
/// [`Simulation::try_play`], [`Simulation::try_run`] and `try_run_par`, which then stop with
/// [`Interrupted`]; [`Simulation::run`] and the others play every game.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Simulation {
    options: Options,
    bots: Vec<BotSpec>,
    games: u64,
    seed: u64,
    #[cfg_attr(feature = "serde", serde(skip))]
    limits: Limits,
}

/// Equal when the games are (options, bots, number, seed) and so are the limits: the same
/// budget and the same cancel flag (not merely flags in the same state).
impl PartialEq for Simulation {
    fn eq(&self, other: &Simulation) -> bool {
        let flags = match (self.limits.flag(), other.limits.flag()) {
            (None, None) => true,
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            _ => false,
        };
        self.options == other.options
            && self.bots == other.bots
            && self.games == other.games
            && self.seed == other.seed
            && self.limits.units() == other.limits.units()
            && flags
    }
}

impl Eq for Simulation {}

/// The result of one game of a simulation.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GameResult {
    /// The totals by seat.
    pub totals: Vec<u32>,
    /// The share of the win by seat: 1 for a sole winner, 1/k for each of k tied winners (in a
    /// team game, each player of a winning team counts as a winner).
    pub win_share: Vec<f64>,
    /// The entries made after the turn's time limit, by seat (chrono option; empty when the
    /// result was read without them).
    #[cfg_attr(feature = "serde", serde(default))]
    pub late: Vec<u32>,
}

impl GameResult {
    /// The result of a game over (or in progress): totals, win shares, late entries.
    ///
    /// ```
    /// use defi_sudoku::{Options, bot::Strategy, simulate::{BotSpec, GameResult, Simulation}};
    /// let sim = Simulation::new(Options::default(), vec![BotSpec::new(Strategy::Greedy); 2], 1, 3)?;
    /// let result = GameResult::of_game(&sim.play(0));
    /// assert_eq!(result.totals.len(), 2);
    /// assert_eq!(result.win_share.iter().sum::<f64>(), 1.0);
    /// assert_eq!(result, sim.result(0));
    /// # Ok::<(), defi_sudoku::SetupError>(())
    /// ```
    pub fn of_game(game: &Game) -> GameResult {
        let seats = game.player_count();
        let winners = game.leaders();
        let mut win_share = vec![0.0; seats];
        let share = if game.options().teams {
            1.0 / game.leading_teams().len() as f64
        } else {
            1.0 / winners.len() as f64
        };
        for &w in &winners {
            win_share[w] = share;
        }
        let mut late = vec![0; seats];
        for turn in game.turns() {
            late[turn.player] += turn.entries.iter().filter(|e| e.late).count() as u32;
        }
        GameResult {
            totals: game.totals(),
            win_share,
            late,
        }
    }
}

impl Simulation {
    /// A simulation of `games` games seeded `seed`, one bot per seat (the number of bots is the
    /// number of players), without budget or cancel flag.
    ///
    /// # Errors
    /// [`SetupError`] when the bots and options cannot make a game.
    ///
    /// ```
    /// # use defi_sudoku::{Options, bot::Strategy, simulate::{BotSpec, Simulation}};
    /// # let bots = vec![BotSpec::new(Strategy::Greedy); 2];
    /// let sim = Simulation::new(Options::default(), bots, 3, 7)?;
    /// assert_eq!(sim.bots().len(), 2);
    /// let teams = Options { teams: true, ..Options::default() };
    /// assert!(Simulation::new(teams, vec![BotSpec::new(Strategy::Greedy); 3], 3, 7).is_err());
    /// # Ok::<(), defi_sudoku::SetupError>(())
    /// ```
    pub fn new(
        options: Options,
        bots: Vec<BotSpec>,
        games: u64,
        seed: u64,
    ) -> Result<Simulation, SetupError> {
        check(bots.len(), &options)?;
        Ok(Simulation {
            options,
            bots,
            games,
            seed,
            limits: Limits::new(),
        })
    }

    /// This simulation with a budget of `decisions` bot decisions ([`WorkUnit::Decisions`];
    /// `None`, the default: no cap) for [`Simulation::try_play`], [`Simulation::try_run`]
    /// and `try_run_par`. One decision is a bot choosing one entry, bounded whatever the
    /// position (see the [`bot`](crate::bot) module); a game has at most 81. The budget
    /// counts over the whole run; stopped, [`Interrupted::spent`] is the decisions made.
    ///
    /// ```
    /// # use defi_sudoku::{Options, bot::Strategy, simulate::{BotSpec, Simulation}};
    /// # let bots = vec![BotSpec::new(Strategy::Greedy); 2];
    /// let sim = Simulation::new(Options::default(), bots, 3, 7)?;
    /// use defi_sudoku::sudoku_core::StopReason;
    /// let stopped = sim.clone().budget(100).try_run().unwrap_err();
    /// assert_eq!((stopped.reason(), stopped.spent()), (StopReason::Budget, 100));
    /// assert_eq!(sim.clone().budget(100).budget(None).try_run(), sim.try_run());
    /// # Ok::<(), defi_sudoku::SetupError>(())
    /// ```
    #[must_use]
    pub fn budget(mut self, decisions: impl Into<Option<u64>>) -> Simulation {
        self.limits.set_budget(decisions);
        self
    }

    /// This simulation stopped by `flag`: [`Simulation::try_play`], [`Simulation::try_run`]
    /// and `try_run_par` look at it before every bot decision (at most a few milliseconds
    /// apart) and stop when another thread raises it.
    ///
    /// ```
    /// use std::sync::{Arc, atomic::AtomicBool};
    /// use defi_sudoku::{Options, bot::Strategy, simulate::{BotSpec, Simulation}};
    /// use defi_sudoku::sudoku_core::StopReason;
    /// let flag = Arc::new(AtomicBool::new(true)); // raised before the start
    /// let sim = Simulation::new(Options::default(), vec![BotSpec::new(Strategy::Greedy); 2], 9, 1)?
    ///     .cancel_flag(flag);
    /// assert_eq!(sim.try_run().unwrap_err().reason(), StopReason::Cancelled);
    /// # Ok::<(), defi_sudoku::SetupError>(())
    /// ```
    #[must_use]
    pub fn cancel_flag(mut self, flag: Arc<AtomicBool>) -> Simulation {
        self.limits.set_cancel_flag(flag);
        self
    }

    /// Plays game `index` counting its decisions in `used`, stopped by the budget or flag.
    fn play_limited(&self, index: u64, used: &AtomicU64) -> Result<Game, Interrupted> {
        let (mut game, mut bots, mut rngs) = self.setup(index);
        let mut stop = None;
        let finished = play_out_while(
            &mut game,
            &mut bots,
            &mut Draw::PerSeat(&mut rngs),
            &mut || {
                if self.limits.is_cancelled() {
                    stop = Some(StopReason::Cancelled);
                    return false;
                }
                let before = used.fetch_add(1, Ordering::Relaxed);
                if self.limits.units().is_some_and(|b| before >= b) {
                    used.fetch_sub(1, Ordering::Relaxed);
                    stop = Some(StopReason::Budget);
                    return false;
                }
                true
            },
        )
        .expect("bots play legal entries");
        match (finished, stop) {
            (true, _) => Ok(game),
            (false, reason) => Err(Interrupted::new(
                reason.unwrap_or(StopReason::Cancelled),
                WorkUnit::Decisions,
                used.load(Ordering::Relaxed),
            )),
        }
    }

    /// Plays game `index` (as [`Simulation::play`]) within the cancel flag and the budget,
    /// counted for this game alone.
    ///
    /// # Errors
    /// [`Interrupted`] when the budget runs out or the flag is raised (its units: the
    /// decisions made).
    ///
    /// ```
    /// # use defi_sudoku::{Options, bot::Strategy, simulate::{BotSpec, Simulation}};
    /// # let bots = vec![BotSpec::new(Strategy::Greedy); 2];
    /// let sim = Simulation::new(Options::default(), bots, 3, 7)?;
    /// assert_eq!(sim.try_play(1), Ok(sim.play(1)));
    /// assert!(sim.clone().budget(5).try_play(1).is_err()); // a game takes more than 5 decisions
    /// # Ok::<(), defi_sudoku::SetupError>(())
    /// ```
    pub fn try_play(&self, index: u64) -> Result<Game, Interrupted> {
        self.play_limited(index, &AtomicU64::new(0))
    }

    /// Plays every game, one after the other, within the budget and cancel flag.
    ///
    /// # Errors
    /// [`Interrupted`] when the budget runs out or the flag is raised: its units count the
    /// bot decisions made.
    ///
    /// ```
    /// # use defi_sudoku::{Options, bot::Strategy, simulate::{BotSpec, Simulation}};
    /// # let bots = vec![BotSpec::new(Strategy::Greedy); 2];
    /// let sim = Simulation::new(Options::default(), bots, 3, 7)?;
    /// assert_eq!(sim.try_run(), Ok(sim.run()));
    /// assert!(sim.clone().budget(81).try_run().is_err()); // 3 games take more than 81 decisions
    /// # Ok::<(), defi_sudoku::SetupError>(())
    /// ```
    pub fn try_run(&self) -> Result<Stats, Interrupted> {
        let used = AtomicU64::new(0);
        let mut stats = Stats::new(self.bots.len());
        for i in 0..self.games {
            let game = self.play_limited(i, &used)?;
            stats.add(&GameResult::of_game(&game));
        }
        Ok(stats)
    }

    /// [`Simulation::try_run`] on every core (feature `rayon`): the same figures, or
    /// [`Interrupted`].
    ///
    /// # Errors
    /// [`Interrupted`] when the budget runs out or the flag is raised.
    ///
    /// ```
    /// # use defi_sudoku::{Options, bot::Strategy, simulate::{BotSpec, Simulation}};
    /// # let bots = vec![BotSpec::new(Strategy::Greedy); 2];
    /// let sim = Simulation::new(Options::default(), bots, 3, 7)?;
    /// assert_eq!(sim.try_run_par(), sim.try_run());
    /// # Ok::<(), defi_sudoku::SetupError>(())
    /// ```
    #[cfg(feature = "rayon")]
    #[cfg_attr(docsrs, doc(cfg(feature = "rayon")))]
    pub fn try_run_par(&self) -> Result<Stats, Interrupted> {
        use rayon::prelude::*;
        let used = AtomicU64::new(0);
        (0..self.games)
            .into_par_iter()
            .try_fold(
                || Stats::new(self.bots.len()),
                |mut s, i| {
                    let game = self.play_limited(i, &used)?;
                    s.add(&GameResult::of_game(&game));
                    Ok(s)
                },
            )
            .try_reduce(
                || Stats::new(self.bots.len()),
                |a, b| Ok(Stats::merge(a, b)),
            )
    }

    /// The options.
    ///
    /// ```
    /// # use defi_sudoku::{Options, bot::Strategy, simulate::{BotSpec, Simulation}};
    /// # let bots = vec![BotSpec::new(Strategy::Greedy); 2];
    /// let sim = Simulation::new(Options::default(), bots, 3, 7)?;
    /// assert_eq!(*sim.options(), Options::default());
    /// # Ok::<(), defi_sudoku::SetupError>(())
    /// ```
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The bots by seat.
    ///
    /// ```
    /// # use defi_sudoku::{Options, bot::Strategy, simulate::{BotSpec, Simulation}};
    /// # let bots = vec![BotSpec::new(Strategy::Greedy); 2];
    /// let sim = Simulation::new(Options::default(), bots, 3, 7)?;
    /// assert_eq!(sim.bots()[1], BotSpec::new(Strategy::Greedy));
    /// # Ok::<(), defi_sudoku::SetupError>(())
    /// ```
    pub fn bots(&self) -> &[BotSpec] {
        &self.bots
    }

    /// The number of games.
    ///
    /// ```
    /// # use defi_sudoku::{Options, bot::Strategy, simulate::{BotSpec, Simulation}};
    /// # let bots = vec![BotSpec::new(Strategy::Greedy); 2];
    /// let sim = Simulation::new(Options::default(), bots, 3, 7)?;
    /// assert_eq!(sim.games(), 3);
    /// # Ok::<(), defi_sudoku::SetupError>(())
    /// ```
    pub fn games(&self) -> u64 {
        self.games
    }

    /// The seed: every game's puzzle and bots' draws come from it.
    ///
    /// ```
    /// # use defi_sudoku::{Options, bot::Strategy, simulate::{BotSpec, Simulation}};
    /// # let bots = vec![BotSpec::new(Strategy::Greedy); 2];
    /// let sim = Simulation::new(Options::default(), bots, 3, 7)?;
    /// assert_eq!(sim.seed(), 7);
    /// # Ok::<(), defi_sudoku::SetupError>(())
    /// ```
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Plays game `index` (any index, even beyond [`Simulation::games`]) to its end, without
    /// the budget and cancel flag (a game is at most 81 decisions).
    ///
    /// ```
    /// # use defi_sudoku::{Options, bot::Strategy, simulate::{BotSpec, Simulation}};
    /// # let bots = vec![BotSpec::new(Strategy::Greedy); 2];
    /// let sim = Simulation::new(Options::default(), bots, 3, 7)?;
    /// let game = sim.play(10);
    /// assert!(game.is_over());
    /// assert_eq!(game.record().replay().unwrap(), game);
    /// # Ok::<(), defi_sudoku::SetupError>(())
    /// ```
    pub fn play(&self, index: u64) -> Game {
        let (mut game, mut bots, mut rngs) = self.setup(index);
        play_out_while(
            &mut game,
            &mut bots,
            &mut Draw::PerSeat(&mut rngs),
            &mut || true,
        )
        .expect("bots play legal entries");
        game
    }

    /// Game `index` before its first entry, its bots, and their generators.
    fn setup(&self, index: u64) -> (Game, Vec<Box<dyn Bot>>, Vec<Pcg64Mcg>) {
        let seed = game_seed(self.seed, index);
        let puzzle = SolvedPuzzle::generate(&mut Pcg64Mcg::seed_from_u64(seed));
        let game = Game::with_player_count(puzzle, self.bots.len(), self.options)
            .expect("checked by Simulation::new");
        let bots = self.bots.iter().map(BotSpec::build).collect();
        let rngs = (0..self.bots.len())
            .map(|seat| Pcg64Mcg::seed_from_u64(game_seed(seed, seat as u64 + 1)))
            .collect();
        (game, bots, rngs)
    }

    /// Plays game `index` and sums it up.
    ///
    /// ```
    /// # use defi_sudoku::{Options, bot::Strategy, simulate::{BotSpec, Simulation}};
    /// # let bots = vec![BotSpec::new(Strategy::Greedy); 2];
    /// let sim = Simulation::new(Options::default(), bots, 3, 7)?;
    /// assert_eq!(sim.result(0).totals, sim.play(0).totals());
    /// # Ok::<(), defi_sudoku::SetupError>(())
    /// ```
    pub fn result(&self, index: u64) -> GameResult {
        GameResult::of_game(&self.play(index))
    }

    /// Plays every game, one after the other (without the budget and cancel flag, which
    /// [`Simulation::try_run`] honours).
    ///
    /// ```
    /// # use defi_sudoku::{Options, bot::Strategy, simulate::{BotSpec, Simulation}};
    /// # let bots = vec![BotSpec::new(Strategy::Greedy); 2];
    /// let sim = Simulation::new(Options::default(), bots, 3, 7)?;
    /// let stats = sim.run();
    /// assert_eq!((stats.games(), stats.seats()), (3, 2));
    /// # Ok::<(), defi_sudoku::SetupError>(())
    /// ```
    pub fn run(&self) -> Stats {
        self.run_with_progress(&mut |_| {})
    }

    /// Plays every game, calling `progress` with the number of games done after each one.
    ///
    /// ```
    /// # use defi_sudoku::{Options, bot::Strategy, simulate::{BotSpec, Simulation}};
    /// # let bots = vec![BotSpec::new(Strategy::Greedy); 2];
    /// let sim = Simulation::new(Options::default(), bots, 3, 7)?;
    /// let mut done = Vec::new();
    /// let stats = sim.run_with_progress(&mut |n| done.push(n));
    /// assert_eq!((done, stats), (vec![1, 2, 3], sim.run()));
    /// # Ok::<(), defi_sudoku::SetupError>(())
    /// ```
    pub fn run_with_progress(&self, progress: &mut dyn FnMut(u64)) -> Stats {
        let mut stats = Stats::new(self.bots.len());
        for i in 0..self.games {
            stats.add(&self.result(i));
            progress(i + 1);
        }
        stats
    }

    /// This simulation with another handicap setting (the same puzzles and bots).
    ///
    /// ```
    /// # use defi_sudoku::{Options, bot::Strategy, simulate::{BotSpec, Simulation}};
    /// # let bots = vec![BotSpec::new(Strategy::Greedy); 2];
    /// let sim = Simulation::new(Options::default(), bots, 3, 7)?;
    /// use defi_sudoku::Handicap;
    /// let without = sim.with_handicap(Handicap::Without);
    /// assert_eq!(without.options().handicap, Handicap::Without);
    /// assert_eq!(without.play(0).puzzle(), sim.play(0).puzzle());
    /// # Ok::<(), defi_sudoku::SetupError>(())
    /// ```
    pub fn with_handicap(&self, handicap: Handicap) -> Simulation {
        Simulation {
            options: Options {
                handicap,
                ..self.options
            },
            ..self.clone()
        }
    }

    /// Plays every game twice, with and without the rules' handicap (whatever this
    /// simulation's own handicap option), on the same puzzles with the same bots: the
    /// figures that tell whether the handicap evens the seats ([`HandicapTrial::verdict`]).
    ///
    /// ```
    /// use defi_sudoku::{Options, bot::Strategy, simulate::{BotSpec, Simulation}};
    /// let sim = Simulation::new(Options::default(), vec![BotSpec::new(Strategy::Greedy); 3], 4, 1)?;
    /// let trial = sim.handicap_trial();
    /// assert_eq!((trial.with.games(), trial.without.games()), (4, 4));
    /// println!("{:?}", trial.verdict());
    /// # Ok::<(), defi_sudoku::SetupError>(())
    /// ```
    pub fn handicap_trial(&self) -> HandicapTrial {
        HandicapTrial {
            with: self.with_handicap(Handicap::With).run(),
            without: self.with_handicap(Handicap::Without).run(),
            teams: self.options.teams,
        }
    }

    /// Plays every game on every core (feature `rayon`); the same figures as
    /// [`Simulation::run`].
    ///
    /// ```
    /// # use defi_sudoku::{Options, bot::Strategy, simulate::{BotSpec, Simulation}};
    /// # let bots = vec![BotSpec::new(Strategy::Greedy); 2];
    /// let sim = Simulation::new(Options::default(), bots, 3, 7)?;
    /// assert_eq!(sim.run_par(), sim.run());
    /// # Ok::<(), defi_sudoku::SetupError>(())
    /// ```
    #[cfg(feature = "rayon")]
    #[cfg_attr(docsrs, doc(cfg(feature = "rayon")))]
    pub fn run_par(&self) -> Stats {
        use rayon::prelude::*;
        (0..self.games)
            .into_par_iter()
            .fold(
                || Stats::new(self.bots.len()),
                |mut s, i| {
                    s.add(&self.result(i));
                    s
                },
            )
            .reduce(|| Stats::new(self.bots.len()), Stats::merge)
    }
}

/// With the `serde` feature, reading a simulation checks its setup as [`Simulation::new`].
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Simulation {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(serde::Deserialize)]
        #[serde(rename = "Simulation")]
        struct Fields {
            options: Options,
            bots: Vec<BotSpec>,
            games: u64,
            seed: u64,
        }
        let f = Fields::deserialize(deserializer)?;
        Simulation::new(f.options, f.bots, f.games, f.seed).map_err(serde::de::Error::custom)
    }
}
