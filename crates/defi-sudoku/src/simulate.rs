//! The simulator: many seeded games between bots, win rates and mean scores by seat, and
//! whether the seats are even (is the handicap fair?).
//!
//! A simulation is reproducible from its seed `s`, and any of its games can be played alone.
//! The seeds come from one SplitMix64 step, [`game_seed`]: game `i` has the seed
//! `g = game_seed(s, i)`; its puzzle is [`SolvedPuzzle::generate`] from
//! `Pcg64Mcg::seed_from_u64(g)`, and the bot of seat `k` (0-based) draws from
//! `Pcg64Mcg::seed_from_u64(game_seed(g, k + 1))`. Two simulations differing only in an
//! option (the handicap, say) play the same puzzles with the same bots.

use core::fmt;
use core::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use rand::SeedableRng as _;
use rand_pcg::Pcg64Mcg;

use crate::bot::{Bot, Strategy, play_out, play_out_while};
use crate::deduce::Method;
use crate::game::Game;
use crate::options::{Handicap, Options, ParseOptionError};
use crate::setup::{SetupError, check};
use crate::solved_puzzle::SolvedPuzzle;
use crate::thinking::REFERENCE_SPEED;
use sudoku_core::{Interrupted, StopReason, WorkUnit};

/// A bot to seat: its strategy, the techniques it masters and its speed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct BotSpec {
    /// How it chooses.
    pub strategy: Strategy,
    /// What it can deduce.
    pub skill: Method,
    /// How fast it thinks, in percent of the reference player (see
    /// [`thinking`](crate::thinking)); only the chrono makes it matter. 100 when absent from
    /// a serialized spec.
    #[cfg_attr(feature = "serde", serde(default = "reference_speed"))]
    pub speed: u32,
}

#[cfg(feature = "serde")]
fn reference_speed() -> u32 {
    REFERENCE_SPEED
}

impl BotSpec {
    /// A bot of `strategy` with [`Bot::DEFAULT_SKILL`] and the reference speed.
    pub const fn new(strategy: Strategy) -> BotSpec {
        BotSpec {
            strategy,
            skill: Bot::DEFAULT_SKILL,
            speed: REFERENCE_SPEED,
        }
    }

    /// The bot itself, drawing from `rng`.
    pub fn bot<R: rand::Rng>(&self, rng: R) -> Bot<R> {
        Bot::with_skill(self.strategy, self.skill, rng).with_speed(self.speed)
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
    /// use defi_sudoku::{bot::Strategy, deduce::Method, simulate::BotSpec};
    /// let spec: BotSpec = "search:A2".parse()?;
    /// assert_eq!(spec, BotSpec { strategy: Strategy::Search, skill: Method::A2, speed: 100 });
    /// assert_eq!("greedy".parse::<BotSpec>()?, BotSpec::new(Strategy::Greedy));
    /// assert_eq!("blocking:C@80".parse::<BotSpec>()?.speed, 80);
    /// assert!("greedy@0".parse::<BotSpec>().is_err());
    /// # Ok::<(), defi_sudoku::ParseOptionError>(())
    /// ```
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s.len() > crate::options::MAX_OPTION_TEXT {
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
            None => (rest, Bot::DEFAULT_SKILL),
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
/// of seat `k`'s bot in a game seeded `seed`, with `index = k + 1` (see the [module](self)
/// docs).
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
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Simulation {
    options: Options,
    bots: Vec<BotSpec>,
    games: u64,
    seed: u64,
    #[cfg_attr(feature = "serde", serde(skip))]
    limits: Limits,
}

/// The budget and cancel flag of a simulation (not serialized; equal when the budgets are and
/// the flags are the same flag).
#[derive(Clone, Debug, Default)]
struct Limits {
    budget: Option<u64>,
    cancel: Option<Arc<AtomicBool>>,
}

impl PartialEq for Limits {
    fn eq(&self, other: &Limits) -> bool {
        self.budget == other.budget
            && match (&self.cancel, &other.cancel) {
                (None, None) => true,
                (Some(a), Some(b)) => Arc::ptr_eq(a, b),
                _ => false,
            }
    }
}

impl Eq for Limits {}

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
    /// number of players).
    ///
    /// # Errors
    /// [`SetupError`] when the bots and options cannot make a game.
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
            limits: Limits::default(),
        })
    }

    /// This simulation with a budget of `decisions` bot decisions (one decision: a bot
    /// choosing one entry, at most a few milliseconds whatever the position, see the
    /// [`bot`](crate::bot) module) for [`Simulation::try_run`] and
    /// [`Simulation::try_run_par`]; a game has at most 81 decisions.
    pub fn budget(mut self, decisions: u64) -> Simulation {
        self.limits.budget = Some(decisions);
        self
    }

    /// This simulation stopped by `flag`: [`Simulation::try_run`] and
    /// [`Simulation::try_run_par`] look at it before every bot decision and stop when it is
    /// raised.
    ///
    /// ```
    /// use std::sync::{Arc, atomic::AtomicBool};
    /// use defi_sudoku::{Options, bot::Strategy, simulate::{BotSpec, Simulation}};
    /// use defi_sudoku::sudoku_core::StopReason;
    /// let flag = Arc::new(AtomicBool::new(true)); // raised before the start
    /// let sim = Simulation::new(Options::default(), vec![BotSpec::new(Strategy::Greedy); 2], 9, 1)?
    ///     .cancel_flag(flag);
    /// assert_eq!(sim.try_run().unwrap_err().reason(), StopReason::Cancelled);
    /// let sim = sim.cancel_flag(Arc::new(AtomicBool::new(false))).budget(100);
    /// let stopped = sim.try_run().unwrap_err();
    /// assert_eq!((stopped.reason(), stopped.spent()), (StopReason::Budget, 100));
    /// # Ok::<(), defi_sudoku::SetupError>(())
    /// ```
    pub fn cancel_flag(mut self, flag: Arc<AtomicBool>) -> Simulation {
        self.limits.cancel = Some(flag);
        self
    }

    /// Plays game `index` counting its decisions in `used`, stopped by the budget or flag.
    fn play_limited(&self, index: u64, used: &AtomicU64) -> Result<Game, Interrupted> {
        let (mut game, mut bots) = self.setup(index);
        let mut stop = None;
        let finished = play_out_while(&mut game, &mut bots, &mut || {
            if self
                .limits
                .cancel
                .as_ref()
                .is_some_and(|f| f.load(Ordering::Relaxed))
            {
                stop = Some(StopReason::Cancelled);
                return false;
            }
            let before = used.fetch_add(1, Ordering::Relaxed);
            if self.limits.budget.is_some_and(|b| before >= b) {
                used.fetch_sub(1, Ordering::Relaxed);
                stop = Some(StopReason::Budget);
                return false;
            }
            true
        })
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
    pub fn try_play(&self, index: u64) -> Result<Game, Interrupted> {
        self.play_limited(index, &AtomicU64::new(0))
    }

    /// Plays every game, one after the other, within the budget and cancel flag.
    ///
    /// # Errors
    /// [`Interrupted`] when the budget runs out or the flag is raised: its units count the
    /// bot decisions made.
    pub fn try_run(&self) -> Result<Stats, Interrupted> {
        let used = AtomicU64::new(0);
        let mut stats = Stats::new(self.bots.len());
        for i in 0..self.games {
            match self.play_limited(i, &used) {
                Ok(game) => stats.add(&GameResult::of_game(&game)),
                Err(e) => return Err(e),
            }
        }
        Ok(stats)
    }

    /// [`Simulation::try_run`] on every core (feature `rayon`): the same figures, or
    /// [`Interrupted`].
    ///
    /// # Errors
    /// [`Interrupted`] when the budget runs out or the flag is raised.
    #[cfg(feature = "rayon")]
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
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The bots by seat.
    pub fn bots(&self) -> &[BotSpec] {
        &self.bots
    }

    /// The number of games.
    pub fn games(&self) -> u64 {
        self.games
    }

    /// The seed: every game's puzzle and bots come from it.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Plays game `index` (any index, even beyond [`Simulation::games`]) to its end.
    pub fn play(&self, index: u64) -> Game {
        let (mut game, mut bots) = self.setup(index);
        play_out(&mut game, &mut bots).expect("bots play legal entries");
        game
    }

    /// Game `index` before its first entry, and its bots.
    fn setup(&self, index: u64) -> (Game, Vec<Bot>) {
        let seed = game_seed(self.seed, index);
        let puzzle = SolvedPuzzle::generate(&mut Pcg64Mcg::seed_from_u64(seed));
        let game = Game::with_player_count(puzzle, self.bots.len(), self.options)
            .expect("checked by Simulation::new");
        let bots: Vec<Bot> = self
            .bots
            .iter()
            .enumerate()
            .map(|(seat, spec)| spec.bot(Pcg64Mcg::seed_from_u64(game_seed(seed, seat as u64 + 1))))
            .collect();
        (game, bots)
    }

    /// Plays game `index` and sums it up.
    pub fn result(&self, index: u64) -> GameResult {
        GameResult::of_game(&self.play(index))
    }

    /// Plays every game, one after the other (without the budget and cancel flag, which
    /// [`Simulation::try_run`] honours).
    pub fn run(&self) -> Stats {
        self.run_with_progress(&mut |_| {})
    }

    /// Plays every game, calling `progress` with the number of games done after each one.
    pub fn run_with_progress(&self, progress: &mut dyn FnMut(u64)) -> Stats {
        let mut stats = Stats::new(self.bots.len());
        for i in 0..self.games {
            stats.add(&self.result(i));
            progress(i + 1);
        }
        stats
    }

    /// This simulation with another handicap setting (the same puzzles and bots).
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
    #[cfg(feature = "rayon")]
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

/// The same games played with and without the rules' handicap ([`Simulation::handicap_trial`]).
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct HandicapTrial {
    /// The figures with the handicap (+4, +6, +8, +10 for seats 2–5 in round 1).
    pub with: Stats,
    /// The figures without it.
    pub without: Stats,
    /// Whether the games were two against two (then the two teams are compared, not the
    /// four seats).
    pub teams: bool,
}

/// Whether the rules' handicap evens the seats, from a [`HandicapTrial`].
///
/// "Even" is a statistical statement: the chi-square test of the win counts against equal
/// shares does not reject equality at 5% ([`Stats::seats_look_even`]). Over few games almost
/// anything looks even; the verdict says which seat wins most when it can tell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum HandicapVerdict {
    /// The seats are uneven without the handicap and look even with it.
    Evens,
    /// The seats look even with the handicap, and already did without it.
    AlreadyEven,
    /// The seats are uneven with the handicap: `favoured` (a seat, 0-based; in a team game
    /// the first seat of the team) wins most. Seat 0 means the handicap is too small for these
    /// bots, another seat that it favours that seat.
    Uneven {
        /// The seat (or the team's first seat) with the highest win rate with the handicap.
        favoured: usize,
    },
}

impl HandicapTrial {
    /// The seats compared: every seat, or one seat of each team.
    fn compared(&self) -> Vec<usize> {
        if self.teams {
            vec![0, 1]
        } else {
            (0..self.with.seats()).collect()
        }
    }

    /// Whether the seats (or teams) look even with the handicap.
    pub fn even_with(&self) -> bool {
        self.with.look_even_among(&self.compared())
    }

    /// Whether the seats (or teams) look even without the handicap.
    pub fn even_without(&self) -> bool {
        self.without.look_even_among(&self.compared())
    }

    /// The verdict: does the rules' handicap even the seats?
    ///
    /// ```
    /// use defi_sudoku::simulate::{GameResult, HandicapTrial, HandicapVerdict, Stats};
    /// // 100 two-player games: without the handicap seat 1 wins 70, with it 52.
    /// let stats = |first: usize| {
    ///     let mut stats = Stats::new(2);
    ///     for game in 0..100 {
    ///         let win_share = if game < first { vec![1.0, 0.0] } else { vec![0.0, 1.0] };
    ///         stats.add(&GameResult { totals: vec![150, 150], win_share, late: vec![] });
    ///     }
    ///     stats
    /// };
    /// let trial = HandicapTrial { with: stats(52), without: stats(70), teams: false };
    /// assert_eq!(trial.verdict(), HandicapVerdict::Evens);
    /// let trial = HandicapTrial { with: stats(30), without: stats(70), teams: false };
    /// assert_eq!(trial.verdict(), HandicapVerdict::Uneven { favoured: 1 });
    /// ```
    pub fn verdict(&self) -> HandicapVerdict {
        if self.even_with() {
            if self.even_without() {
                HandicapVerdict::AlreadyEven
            } else {
                HandicapVerdict::Evens
            }
        } else {
            let favoured = self
                .compared()
                .into_iter()
                .fold(None, |best: Option<usize>, seat| match best {
                    Some(b) if self.with.wins(b) >= self.with.wins(seat) => Some(b),
                    _ => Some(seat),
                })
                .unwrap_or(0);
            HandicapVerdict::Uneven { favoured }
        }
    }
}

/// Figures over many games: wins and points by seat.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Stats {
    games: u64,
    wins: Vec<f64>,
    points: Vec<u64>,
    late: Vec<u64>,
}

/// With the `serde` feature, reading figures checks that wins and points cover the same
/// seats.
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Stats {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(serde::Deserialize)]
        #[serde(rename = "Stats")]
        struct Fields {
            games: u64,
            wins: Vec<f64>,
            points: Vec<u64>,
            #[serde(default)]
            late: Option<Vec<u64>>,
        }
        let f = Fields::deserialize(deserializer)?;
        if f.wins.len() > crate::setup::MAX_PLAYERS {
            return Err(serde::de::Error::custom(format!(
                "wins for {} seats, more than {}",
                f.wins.len(),
                crate::setup::MAX_PLAYERS
            )));
        }
        let late = f.late.unwrap_or_else(|| vec![0; f.wins.len()]);
        if f.wins.len() != f.points.len() || late.len() != f.wins.len() {
            return Err(serde::de::Error::custom(format!(
                "wins for {} seats but points for {} and late entries for {}",
                f.wins.len(),
                f.points.len(),
                late.len()
            )));
        }
        Ok(Stats {
            games: f.games,
            wins: f.wins,
            points: f.points,
            late,
        })
    }
}

/// The 5% critical values of the chi-square distribution for 1 to 4 degrees of freedom.
const CHI2_CRITICAL_5: [f64; 4] = [3.841, 5.991, 7.815, 9.488];

impl Stats {
    /// No games yet, `seats` seats (at most [`MAX_PLAYERS`](crate::setup::MAX_PLAYERS): a
    /// game has no more).
    pub fn new(seats: usize) -> Stats {
        // A game has at most 5 seats: no allocation beyond them.
        let seats = seats.min(crate::setup::MAX_PLAYERS);
        Stats {
            games: 0,
            wins: vec![0.0; seats],
            points: vec![0; seats],
            late: vec![0; seats],
        }
    }

    /// Counts one game.
    ///
    /// # Panics
    /// If the result's totals or win shares cover another number of seats, or its late
    /// entries neither (when given).
    pub fn add(&mut self, result: &GameResult) {
        assert_eq!(result.totals.len(), self.wins.len(), "seat count");
        assert_eq!(result.win_share.len(), self.wins.len(), "seat count");
        assert!(
            result.late.is_empty() || result.late.len() == self.wins.len(),
            "seat count"
        );
        self.games += 1;
        for seat in 0..self.wins.len() {
            self.wins[seat] += result.win_share[seat];
            self.points[seat] += u64::from(result.totals[seat]);
            self.late[seat] += u64::from(result.late.get(seat).copied().unwrap_or(0));
        }
    }

    /// Both sets of games together.
    ///
    /// # Panics
    /// If the seat counts differ.
    pub fn merge(mut self, other: Stats) -> Stats {
        assert_eq!(self.wins.len(), other.wins.len(), "seat count");
        self.games += other.games;
        for seat in 0..self.wins.len() {
            self.wins[seat] += other.wins[seat];
            self.points[seat] += other.points[seat];
            self.late[seat] += other.late[seat];
        }
        self
    }

    /// The number of games.
    pub fn games(&self) -> u64 {
        self.games
    }

    /// The number of seats.
    pub fn seats(&self) -> usize {
        self.wins.len()
    }

    /// The wins of a seat (tied wins shared; 0 for a seat not below [`Stats::seats`]).
    pub fn wins(&self, seat: usize) -> f64 {
        self.wins.get(seat).copied().unwrap_or(0.0)
    }

    /// The share of games a seat won (0 with no games).
    /// (0 for a seat not below [`Stats::seats`].)
    pub fn win_rate(&self, seat: usize) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.wins(seat) / self.games as f64
        }
    }

    /// A seat's mean score (0 with no games).
    /// (0 for a seat not below [`Stats::seats`].)
    pub fn mean_score(&self, seat: usize) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.points.get(seat).copied().unwrap_or(0) as f64 / self.games as f64
        }
    }

    /// A seat's mean number of late entries per game (chrono option; 0 with no games).
    /// (0 for a seat not below [`Stats::seats`].)
    pub fn late_per_game(&self, seat: usize) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.late.get(seat).copied().unwrap_or(0) as f64 / self.games as f64
        }
    }

    /// The half-width of the 95% confidence interval of a seat's win rate: 1.96 standard
    /// errors of the mean win share over the games (the normal approximation; ties count as
    /// shares). 0 with fewer than two games.
    ///
    /// This needs the spread of the shares, which the figures do not keep; it is taken as
    /// that of a win-or-lose count, `√(p(1 − p)/n)`, an upper bound when shares are split.
    /// (0 for a seat not below [`Stats::seats`].)
    pub fn win_rate_ci95(&self, seat: usize) -> f64 {
        if self.games < 2 {
            return 0.0;
        }
        let p = self.win_rate(seat);
        1.96 * (p * (1.0 - p) / self.games as f64).sqrt()
    }

    /// The largest win rate minus the smallest.
    pub fn spread(&self) -> f64 {
        let rates: Vec<f64> = (0..self.seats()).map(|s| self.win_rate(s)).collect();
        let max = rates.iter().copied().fold(f64::MIN, f64::max);
        let min = rates.iter().copied().fold(f64::MAX, f64::min);
        max - min
    }

    /// Pearson's chi-square statistic of the seats' wins against equal shares (`seats − 1`
    /// degrees of freedom). In team games the seats of a team win together: compare the
    /// teams with [`Stats::chi_square_among`]`(&[0, 1])` (one seat of each team).
    pub fn chi_square(&self) -> f64 {
        let all: Vec<usize> = (0..self.seats()).collect();
        self.chi_square_among(&all)
    }

    /// Pearson's chi-square statistic of the wins of the listed seats against equal shares
    /// of their total (`seats.len() − 1` degrees of freedom).
    ///
    /// (A seat not below [`Stats::seats`] counts no wins.)
    pub fn chi_square_among(&self, seats: &[usize]) -> f64 {
        let total: f64 = seats.iter().map(|&s| self.wins(s)).sum();
        if total == 0.0 || seats.is_empty() {
            return 0.0;
        }
        let expected = total / seats.len() as f64;
        seats
            .iter()
            .map(|&s| (self.wins(s) - expected).powi(2) / expected)
            .sum()
    }

    /// Whether the seats look even: the chi-square statistic is below the 5% critical value,
    /// so the differences in win rates are within what chance gives over this many games.
    pub fn seats_look_even(&self) -> bool {
        let all: Vec<usize> = (0..self.seats()).collect();
        self.look_even_among(&all)
    }

    /// Whether the listed seats look even (as [`Stats::seats_look_even`]; for the teams of a
    /// two-against-two game, pass `&[0, 1]`).
    ///
    /// (A seat not below [`Stats::seats`] counts no wins.)
    pub fn look_even_among(&self, seats: &[usize]) -> bool {
        match CHI2_CRITICAL_5.get(seats.len().wrapping_sub(2)) {
            Some(&critical) => self.chi_square_among(seats) < critical,
            None => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chi_square_of_even_and_uneven_wins() {
        let mut even = Stats::new(2);
        even.wins = vec![50.0, 50.0];
        even.games = 100;
        assert_eq!(even.chi_square(), 0.0);
        assert!(even.seats_look_even());
        let mut uneven = Stats::new(2);
        uneven.wins = vec![70.0, 30.0];
        uneven.games = 100;
        assert!((uneven.chi_square() - 16.0).abs() < 1e-9);
        assert!(!uneven.seats_look_even());
        assert!((uneven.spread() - 0.4).abs() < 1e-9);
        let mut four = Stats::new(4);
        four.wins = vec![60.0, 40.0, 60.0, 40.0];
        four.games = 100;
        assert!((four.chi_square_among(&[0, 1]) - 4.0).abs() < 1e-9);
        assert!(!four.look_even_among(&[0, 1]));
    }

    #[test]
    fn handicap_verdicts() {
        let stats = |wins: Vec<f64>| Stats {
            games: wins.iter().sum::<f64>() as u64,
            points: vec![0; wins.len()],
            late: vec![0; wins.len()],
            wins,
        };
        let trial = |with, without, teams| HandicapTrial {
            with: stats(with),
            without: stats(without),
            teams,
        };
        let t = trial(vec![34.0, 33.0, 33.0], vec![36.0, 32.0, 32.0], false);
        assert_eq!(t.verdict(), HandicapVerdict::AlreadyEven);
        let t = trial(vec![34.0, 33.0, 33.0], vec![60.0, 20.0, 20.0], false);
        assert_eq!(t.verdict(), HandicapVerdict::Evens);
        let t = trial(vec![20.0, 20.0, 60.0], vec![60.0, 20.0, 20.0], false);
        assert_eq!(t.verdict(), HandicapVerdict::Uneven { favoured: 2 });
        // Teams: seats 0 and 2 win together, 1 and 3 together; only the teams are compared.
        let t = trial(
            vec![30.0, 70.0, 30.0, 70.0],
            vec![50.0, 50.0, 50.0, 50.0],
            true,
        );
        assert_eq!(t.verdict(), HandicapVerdict::Uneven { favoured: 1 });
        let t = trial(
            vec![48.0, 52.0, 48.0, 52.0],
            vec![75.0, 25.0, 75.0, 25.0],
            true,
        );
        assert_eq!(t.verdict(), HandicapVerdict::Evens);
    }
}
