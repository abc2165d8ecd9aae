//! A game: rounds chained, scored and settled, winds rotated.

use std::sync::Arc;

use mahjong_tiles::Wind;

use crate::hand::Hand;
use crate::payment;
use crate::points::ScoringSystem;
use crate::rotation;
use crate::score::Score;
use crate::wall::Deal;

use super::action::Action;
use super::options::{PerWind, TableOptions};
use super::record::{GameRecord, RoundOutcome, RoundRecord, SeatScore};
use super::round::{PlayError, Round, ScoringError, SetupError};
use super::view::View;

/// Why a game cannot be set up with these options and players.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum NewGameError {
    /// More rounds than [`TableOptions::MAX_ROUNDS`].
    #[error("a game of {rounds} rounds: at most {max} are played")]
    TooManyRounds {
        /// The rounds asked for.
        rounds: usize,
        /// [`TableOptions::MAX_ROUNDS`].
        max: usize,
    },
    /// A player's name longer than [`Game::MAX_NAME_LEN`] bytes.
    #[error("player {player}'s name has {length} bytes: at most {max}")]
    NameTooLong {
        /// The player's index.
        player: usize,
        /// The name's length in bytes.
        length: usize,
        /// [`Game::MAX_NAME_LEN`].
        max: usize,
    },
}

/// Why a round cannot be dealt now.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DealError {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// A round is in progress.
    #[error("a round is in progress")]
    RoundInProgress,
    /// The deal does not set up a round.
    #[error(transparent)]
    Setup(#[from] SetupError),
}

/// A game: rounds dealt one after another, each scored and settled when it ends.
///
/// - **Seats**: player `i` sits at wind `i` (East, South, West, North) in the first round
///   (the article draws the winds by lot: shuffle the players to do so). After a round East
///   keeps its wind when it won; otherwise the winds rotate (South becomes East…), and after
///   a round nobody won they rotate or stay as
///   [`RuleOptions::draw_rotation`](crate::RuleOptions::draw_rotation) says
///   ([`rotation::winds_rotate`]).
/// - **Rounds**: [`TableOptions::rounds`], every round played counting (a round East keeps
///   counts too).
/// - **Round wind** (option): each wind lasts a quarter of the game, rounded up
///   ([`rotation::round_wind`]): rounds 1–4 East, 5–8 South… in a game of 16, one round each
///   in a game of 4.
/// - **Scores and totals**: the four hands are scored ([`Round::scores`]). In the simple
///   system each score is added to its player's total (East's doubled by
///   [`score()`](crate::score())); in the advanced system the round is settled by
///   [`payment::settle`] and each player's net is added (nobody winning: the crate's
///   reading in [`payment`]). A total in sticks is [`payment::Sticks::for_amount`].
///
/// Rounds are dealt by [`Game::deal`] with a [`Deal`] (from [`Deal::random`] and the
/// caller's generator), then played like a [`Round`]: [`Game::legal_actions`],
/// [`Game::check`], [`Game::play`], [`Game::undo`] (within the round).
///
/// # Between rounds
///
/// A game is the workspace's one state shape ([`GameState`](crate::GameState)), move by
/// move within its rounds. Between two rounds, and before the first, nobody acts until the
/// next [`Game::deal`]: the game is then at rest, with no seat to act
/// ([`Game::to_act`] empty), no legal move, and [`Game::is_over`] true, as the shape
/// requires of a state where nobody can move. [`Game::needs_deal`] tells that pause from the
/// end of the game, [`Game::is_finished`] (every round played).
///
/// # Bounds
///
/// A game is bounded: at most [`TableOptions::MAX_ROUNDS`] rounds (256), each of at most
/// [`Round::MAX_ACTIONS`] actions (440, proved in [`Round`]'s docs), each checked and
/// applied in time bounded by the table (the checks read hands of at most 14 tiles), a
/// round scored once at its end (four hands, at most 169 readings each: see
/// [`Decomposition`](crate::Decomposition)). Players' names are at most
/// [`Game::MAX_NAME_LEN`] bytes. So [`play_game`](super::bots::play_game) and
/// [`GameRecord::replay`] need no budget: the largest game is at most 256 × 440 actions and
/// 1,024 scored hands. A caller that wants a deadline anyway looks at its clock between
/// rounds ([`play_round`](super::bots::play_round)).
///
/// ```
/// use mahjong_rules::table::bots::{Bot, EfficientBot, play_game};
/// use mahjong_rules::table::{Game, TableOptions};
/// use rand::SeedableRng;
///
/// let names = ["Ann", "Bob", "Cy", "Di"].map(String::from);
/// let mut game = Game::new(names, TableOptions::default().with_rounds(4))?.with_seed(11);
/// let mut bots: [Box<dyn Bot>; 4] = core::array::from_fn(|_| Box::new(EfficientBot) as Box<dyn Bot>);
/// play_game(&mut game, &mut bots, &mut rand_pcg::Pcg64Mcg::seed_from_u64(11))?;
/// assert!(game.is_finished());
/// // In the simple system every score is added to its player's total.
/// let added: i64 = game.rounds().iter().flat_map(|r| r.outcome.as_ref().unwrap().nets.0).sum();
/// assert_eq!(game.totals().iter().sum::<i64>(), added);
/// assert_eq!(game.record().replay()?, game);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    options: Arc<TableOptions>,
    players: [String; 4],
    pub(super) seed: Option<u64>,
    seats: PerWind<usize>,
    totals: [i64; 4],
    rounds: Vec<RoundRecord>,
    current: Option<(Round, Deal)>,
    last_scores: Option<PerWind<Score>>,
}

impl Game {
    /// The longest player's name, in bytes: 256.
    pub const MAX_NAME_LEN: usize = 256;

    /// A game for four players (named in seat order East, South, West, North of the first
    /// round), not yet dealt: the players first, then the options. A game of 0 rounds is
    /// finished at once.
    ///
    /// # Errors
    /// [`NewGameError`] for more rounds than [`TableOptions::MAX_ROUNDS`] or a name longer
    /// than [`Game::MAX_NAME_LEN`] bytes.
    ///
    /// ```
    /// use mahjong_rules::table::{Game, NewGameError, TableOptions};
    /// let names = ["Ann", "Bob", "Cy", "Di"].map(String::from);
    /// let game = Game::new(names.clone(), TableOptions::default())?;
    /// assert!(game.needs_deal() && !game.is_finished());
    /// let long = TableOptions::default().with_rounds(TableOptions::MAX_ROUNDS + 1);
    /// assert_eq!(
    ///     Game::new(names, long),
    ///     Err(NewGameError::TooManyRounds { rounds: 257, max: 256 })
    /// );
    /// # Ok::<(), NewGameError>(())
    /// ```
    pub fn new(players: [String; 4], options: TableOptions) -> Result<Game, NewGameError> {
        if options.rounds > TableOptions::MAX_ROUNDS {
            return Err(NewGameError::TooManyRounds {
                rounds: options.rounds,
                max: TableOptions::MAX_ROUNDS,
            });
        }
        if let Some((player, name)) = players
            .iter()
            .enumerate()
            .find(|(_, n)| n.len() > Game::MAX_NAME_LEN)
        {
            return Err(NewGameError::NameTooLong {
                player,
                length: name.len(),
                max: Game::MAX_NAME_LEN,
            });
        }
        Ok(Game {
            options: Arc::new(options),
            players,
            seed: None,
            seats: PerWind([0, 1, 2, 3]),
            totals: [0; 4],
            rounds: Vec::new(),
            current: None,
            last_scores: None,
        })
    }

    /// The same game with `seed` noted as the seed of the generator that deals its rounds,
    /// for the reader of its [record](Game::record): the game itself never draws (the
    /// deals come from [`Game::deal`], and are in the record), so the seed is a note that
    /// the record keeps and its [replay](GameRecord::replay) restores.
    ///
    /// ```
    /// use mahjong_rules::table::{Game, TableOptions};
    /// let names = ["Ann", "Bob", "Cy", "Di"].map(String::from);
    /// let game = Game::new(names, TableOptions::default())?.with_seed(7);
    /// assert_eq!(game.seed(), Some(7));
    /// assert_eq!(game.record().seed, Some(7));
    /// assert_eq!(game.record().replay()?, game);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_seed(mut self, seed: u64) -> Game {
        self.seed = Some(seed);
        self
    }

    /// The seed noted by [`Game::with_seed`] (or read from a record), if any.
    ///
    /// ```
    /// # use mahjong_rules::table::{Game, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(5);
    /// let names = ["Ann", "Bob", "Cy", "Di"].map(String::from);
    /// let mut game = Game::new(names, TableOptions::default().with_rounds(2))?;
    /// assert_eq!(game.seed(), None);
    /// assert_eq!(game.with_seed(3).seed(), Some(3));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn seed(&self) -> Option<u64> {
        self.seed
    }

    /// The options.
    ///
    /// ```
    /// # use mahjong_rules::table::{Game, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(5);
    /// let names = ["Ann", "Bob", "Cy", "Di"].map(String::from);
    /// let mut game = Game::new(names, TableOptions::default().with_rounds(2))?;
    /// assert_eq!(game.options().rounds, 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn options(&self) -> &TableOptions {
        &self.options
    }

    /// The players' names, by player index.
    ///
    /// ```
    /// # use mahjong_rules::table::{Game, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(5);
    /// let names = ["Ann", "Bob", "Cy", "Di"].map(String::from);
    /// let mut game = Game::new(names, TableOptions::default().with_rounds(2))?;
    /// assert_eq!(game.players()[1], "Bob");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn players(&self) -> &[String; 4] {
        &self.players
    }

    /// The player index at each wind, for the round in progress or the next one.
    ///
    /// ```
    /// # use mahjong_rules::table::{Game, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(5);
    /// let names = ["Ann", "Bob", "Cy", "Di"].map(String::from);
    /// let mut game = Game::new(names, TableOptions::default().with_rounds(2))?;
    /// # use mahjong_tiles::Wind;
    /// assert_eq!(game.seats()[Wind::East], 0); // player 0 starts as East
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn seats(&self) -> PerWind<usize> {
        self.seats
    }

    /// The wind of player `player` in the round in progress or the next one.
    ///
    /// ```
    /// # use mahjong_rules::table::{Game, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(5);
    /// let names = ["Ann", "Bob", "Cy", "Di"].map(String::from);
    /// let mut game = Game::new(names, TableOptions::default().with_rounds(2))?;
    /// # use mahjong_tiles::Wind;
    /// assert_eq!(game.wind_of(2), Some(Wind::West));
    /// assert_eq!(game.wind_of(4), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn wind_of(&self, player: usize) -> Option<Wind> {
        self.seats
            .iter()
            .find(|&(_, &p)| p == player)
            .map(|(w, _)| w)
    }

    /// Each player's total, by player index.
    ///
    /// ```
    /// # use mahjong_rules::table::{Game, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(5);
    /// let names = ["Ann", "Bob", "Cy", "Di"].map(String::from);
    /// let mut game = Game::new(names, TableOptions::default().with_rounds(2))?;
    /// assert_eq!(game.totals(), [0; 4]);
    /// game.deal(Deal::random(TileSet::Full, &mut rng))?;
    /// while game.round().is_some() {
    ///     game.play(game.legal_moves()[0])?;
    /// }
    /// let nets = &game.rounds()[0].outcome.as_ref().unwrap().nets;
    /// assert_eq!(game.totals().iter().sum::<i64>(), nets.0.iter().sum::<i64>());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn totals(&self) -> [i64; 4] {
        self.totals
    }

    /// The finished rounds.
    ///
    /// ```
    /// # use mahjong_rules::table::{Game, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(5);
    /// let names = ["Ann", "Bob", "Cy", "Di"].map(String::from);
    /// let mut game = Game::new(names, TableOptions::default().with_rounds(2))?;
    /// game.deal(Deal::random(TileSet::Full, &mut rng))?;
    /// while game.round().is_some() {
    ///     game.play(game.legal_moves()[0])?;
    /// }
    /// assert_eq!(game.rounds().len(), 1);
    /// assert!(game.rounds()[0].outcome.is_some());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn rounds(&self) -> &[RoundRecord] {
        &self.rounds
    }

    /// The itemised scores of the last finished round.
    ///
    /// ```
    /// # use mahjong_rules::table::{Game, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(5);
    /// let names = ["Ann", "Bob", "Cy", "Di"].map(String::from);
    /// let mut game = Game::new(names, TableOptions::default().with_rounds(2))?;
    /// assert!(game.last_scores().is_none());
    /// game.deal(Deal::random(TileSet::Full, &mut rng))?;
    /// while game.round().is_some() {
    ///     game.play(game.legal_moves()[0])?;
    /// }
    /// assert_eq!(game.last_scores().map(|s| s.0.len()), Some(4));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn last_scores(&self) -> Option<&PerWind<Score>> {
        self.last_scores.as_ref()
    }

    /// The round in progress.
    ///
    /// ```
    /// # use mahjong_rules::table::{Game, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(5);
    /// let names = ["Ann", "Bob", "Cy", "Di"].map(String::from);
    /// let mut game = Game::new(names, TableOptions::default().with_rounds(2))?;
    /// assert!(game.round().is_none());
    /// game.deal(Deal::random(TileSet::Full, &mut rng))?;
    /// assert_eq!(game.round().map(|r| r.history().len()), Some(0));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn round(&self) -> Option<&Round> {
        self.current.as_ref().map(|(r, _)| r)
    }

    /// The number (from 1) of the round in progress, or of the next one.
    ///
    /// ```
    /// # use mahjong_rules::table::{Game, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(5);
    /// let names = ["Ann", "Bob", "Cy", "Di"].map(String::from);
    /// let mut game = Game::new(names, TableOptions::default().with_rounds(2))?;
    /// assert_eq!(game.round_number(), 1);
    /// game.deal(Deal::random(TileSet::Full, &mut rng))?;
    /// while game.round().is_some() {
    ///     game.play(game.legal_moves()[0])?;
    /// }
    /// assert_eq!(game.round_number(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn round_number(&self) -> usize {
        self.rounds.len() + 1
    }

    /// Whether no seat can act now: no round is in progress, because every round was
    /// played ([`Game::is_finished`]) or because the next one waits for [`Game::deal`]
    /// ([`Game::needs_deal`]). See [Between rounds](Game#between-rounds).
    ///
    /// ```
    /// # use mahjong_rules::table::{Game, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(5);
    /// let names = ["Ann", "Bob", "Cy", "Di"].map(String::from);
    /// let mut game = Game::new(names, TableOptions::default().with_rounds(2))?;
    /// assert!(game.is_over() && game.needs_deal()); // at rest before the first deal
    /// game.deal(Deal::random(TileSet::Full, &mut rng))?;
    /// assert!(!game.is_over());
    /// while game.round().is_some() {
    ///     game.play(game.legal_moves()[0])?;
    /// }
    /// assert!(game.is_over() && !game.is_finished()); // at rest between two rounds
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_over(&self) -> bool {
        self.current.is_none()
    }

    /// Whether every round was played: the game is over for good.
    ///
    /// ```
    /// # use mahjong_rules::table::{Game, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(5);
    /// let names = ["Ann", "Bob", "Cy", "Di"].map(String::from);
    /// let mut game = Game::new(names, TableOptions::default().with_rounds(2))?;
    /// for _ in 0..2 {
    ///     assert!(!game.is_finished());
    ///     game.deal(Deal::random(TileSet::Full, &mut rng))?;
    ///     while game.round().is_some() {
    ///         game.play(game.legal_moves()[0])?;
    ///     }
    /// }
    /// assert!(game.is_finished() && game.is_over() && !game.needs_deal());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_finished(&self) -> bool {
        self.current.is_none() && self.rounds.len() >= self.options.rounds
    }

    /// Whether the game waits for [`Game::deal`]: no round is in progress and rounds are
    /// left to play.
    ///
    /// ```
    /// # use mahjong_rules::table::{Game, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(5);
    /// let names = ["Ann", "Bob", "Cy", "Di"].map(String::from);
    /// let mut game = Game::new(names, TableOptions::default().with_rounds(2))?;
    /// assert!(game.needs_deal());
    /// game.deal(Deal::random(TileSet::Full, &mut rng))?;
    /// assert!(!game.needs_deal());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn needs_deal(&self) -> bool {
        self.current.is_none() && !self.is_finished()
    }

    /// The round wind of the round in progress or the next one, when that option is used.
    ///
    /// ```
    /// # use mahjong_rules::table::{Game, TableOptions};
    /// # use mahjong_tiles::Wind;
    /// let names = ["Ann", "Bob", "Cy", "Di"].map(String::from);
    /// let game = Game::new(names.clone(), TableOptions::default())?;
    /// assert_eq!(game.round_wind(), None); // the option is off
    /// let with = Game::new(names, TableOptions::default().with_round_wind(true))?;
    /// assert_eq!(with.round_wind(), Some(Wind::East));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn round_wind(&self) -> Option<Wind> {
        if !self.options.round_wind {
            return None;
        }
        let per_wind = self.options.rounds.div_ceil(4).max(1);
        rotation::round_wind(self.round_number(), per_wind)
    }

    /// Deals the next round.
    ///
    /// # Errors
    /// [`DealError::GameOver`], [`DealError::RoundInProgress`], or [`DealError::Setup`] when
    /// the deal is not a whole set of the game's tiles with good dice.
    ///
    /// ```
    /// # use mahjong_rules::table::{Game, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(5);
    /// let names = ["Ann", "Bob", "Cy", "Di"].map(String::from);
    /// let mut game = Game::new(names, TableOptions::default().with_rounds(2))?;
    /// # use mahjong_rules::table::DealError;
    /// game.deal(Deal::random(TileSet::Full, &mut rng))?;
    /// assert_eq!(game.deal(Deal::random(TileSet::Full, &mut rng)), Err(DealError::RoundInProgress));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn deal(&mut self, deal: Deal) -> Result<(), DealError> {
        if self.is_finished() {
            return Err(DealError::GameOver);
        }
        if self.current.is_some() {
            return Err(DealError::RoundInProgress);
        }
        let setup = deal.setup(4).map_err(SetupError::from)?;
        let round = Round::new(&setup, self.round_wind(), Arc::clone(&self.options))?;
        self.current = Some((round, deal));
        Ok(())
    }

    fn no_round(&self) -> PlayError {
        if self.is_finished() {
            PlayError::GameOver
        } else {
            PlayError::NoRound
        }
    }

    /// The seats that have a decision to make (empty between rounds).
    ///
    /// ```
    /// # use mahjong_rules::table::{Game, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(5);
    /// let names = ["Ann", "Bob", "Cy", "Di"].map(String::from);
    /// let mut game = Game::new(names, TableOptions::default().with_rounds(2))?;
    /// assert!(game.to_act().is_empty());
    /// game.deal(Deal::random(TileSet::Full, &mut rng))?;
    /// assert_eq!(game.to_act(), game.round().unwrap().to_act());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_act(&self) -> Vec<Wind> {
        self.round().map(Round::to_act).unwrap_or_default()
    }

    /// The actions `seat` may play now.
    ///
    /// ```
    /// # use mahjong_rules::table::{Game, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(5);
    /// let names = ["Ann", "Bob", "Cy", "Di"].map(String::from);
    /// let mut game = Game::new(names, TableOptions::default().with_rounds(2))?;
    /// game.deal(Deal::random(TileSet::Full, &mut rng))?;
    /// let seat = game.to_act()[0];
    /// assert_eq!(game.legal_actions(seat), game.round().unwrap().legal_actions(seat));
    /// assert!(game.legal_actions(seat.next()).is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn legal_actions(&self, seat: Wind) -> Vec<Action> {
        self.round()
            .map(|r| r.legal_actions(seat))
            .unwrap_or_default()
    }

    /// Every action any seat may play now.
    ///
    /// ```
    /// # use mahjong_rules::table::{Game, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(5);
    /// let names = ["Ann", "Bob", "Cy", "Di"].map(String::from);
    /// let mut game = Game::new(names, TableOptions::default().with_rounds(2))?;
    /// assert!(game.legal_moves().is_empty()); // nothing before the deal
    /// game.deal(Deal::random(TileSet::Full, &mut rng))?;
    /// assert!(!game.legal_moves().is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn legal_moves(&self) -> Vec<Action> {
        self.round().map(Round::legal_moves).unwrap_or_default()
    }

    /// Whether [`Game::play`] would accept the action, and if not why.
    ///
    /// # Errors
    /// [`PlayError`]: no round in progress, or the round's reason.
    ///
    /// ```
    /// # use mahjong_rules::table::{Game, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(5);
    /// let names = ["Ann", "Bob", "Cy", "Di"].map(String::from);
    /// let mut game = Game::new(names, TableOptions::default().with_rounds(2))?;
    /// # use mahjong_rules::table::{Action, PlayError};
    /// # use mahjong_tiles::Wind;
    /// assert_eq!(game.check(Action::Pass { seat: Wind::East }), Err(PlayError::NoRound));
    /// game.deal(Deal::random(TileSet::Full, &mut rng))?;
    /// assert_eq!(game.check(game.legal_moves()[0]), Ok(()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check(&self, action: Action) -> Result<(), PlayError> {
        match self.round() {
            Some(r) => r.check(action),
            None => Err(self.no_round()),
        }
    }

    /// Whether the action is legal now.
    ///
    /// ```
    /// # use mahjong_rules::table::{Game, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(5);
    /// let names = ["Ann", "Bob", "Cy", "Di"].map(String::from);
    /// let mut game = Game::new(names, TableOptions::default().with_rounds(2))?;
    /// game.deal(Deal::random(TileSet::Full, &mut rng))?;
    /// assert!(game.legal_moves().into_iter().all(|a| game.is_legal(a)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_legal(&self, action: Action) -> bool {
        self.check(action).is_ok()
    }

    /// What `seat` may know of the round in progress.
    ///
    /// ```
    /// # use mahjong_rules::table::{Game, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(5);
    /// let names = ["Ann", "Bob", "Cy", "Di"].map(String::from);
    /// let mut game = Game::new(names, TableOptions::default().with_rounds(2))?;
    /// # use mahjong_tiles::Wind;
    /// assert!(game.view(Wind::East).is_none());
    /// game.deal(Deal::random(TileSet::Full, &mut rng))?;
    /// let seat = game.to_act()[0];
    /// assert_eq!(game.view(seat).unwrap().legal_actions(), game.legal_actions(seat));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn view(&self, seat: Wind) -> Option<View<'_>> {
        self.round().map(|r| r.view(seat))
    }

    /// Plays an action of the round in progress; when it ends the round, the round is
    /// scored and settled, recorded among [`Game::rounds`], the totals updated, the winds
    /// rotated, and the game waits for the next deal.
    ///
    /// # Errors
    /// [`PlayError`] when there is no round in progress ([`PlayError::NoRound`], or
    /// [`PlayError::GameOver`] once finished) or the action is not legal; the game is then
    /// unchanged. [`PlayError::Scoring`] if the round could not be scored (never for a round
    /// dealt by [`Game::deal`]: a bug if it happens); the action is then taken back.
    ///
    /// ```
    /// # use mahjong_rules::table::{Game, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(5);
    /// let names = ["Ann", "Bob", "Cy", "Di"].map(String::from);
    /// let mut game = Game::new(names, TableOptions::default().with_rounds(2))?;
    /// game.deal(Deal::random(TileSet::Full, &mut rng))?;
    /// while game.round().is_some() {
    ///     game.play(game.legal_moves()[0])?;
    /// }
    /// // The last action ended the round: it is scored, settled and recorded.
    /// assert_eq!(game.rounds().len(), 1);
    /// assert!(game.round().is_none() && game.needs_deal());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&mut self, action: Action) -> Result<(), PlayError> {
        let Some((round, _)) = self.current.as_mut() else {
            return Err(self.no_round());
        };
        round.play(action)?;
        if round.is_over() {
            let Some((round, deal)) = self.current.take() else {
                return Ok(());
            };
            match self.settle(&round, &deal) {
                Ok((record, scores)) => self.commit(record, scores),
                Err(e) => {
                    let mut round = round;
                    round.undo();
                    self.current = Some((round, deal));
                    return Err(e.into());
                }
            }
        }
        Ok(())
    }

    /// Takes back the last action of the round in progress and returns it (see
    /// [`Round::undo`]); `None` at the start of a round and between rounds: a finished round
    /// is scored and settled, and stays so.
    ///
    /// ```
    /// # use mahjong_rules::table::{Game, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(5);
    /// let names = ["Ann", "Bob", "Cy", "Di"].map(String::from);
    /// let mut game = Game::new(names, TableOptions::default().with_rounds(2))?;
    /// game.deal(Deal::random(TileSet::Full, &mut rng))?;
    /// let first = game.legal_moves()[0];
    /// game.play(first)?;
    /// assert_eq!(game.undo(), Some(first));
    /// assert_eq!(game.undo(), None); // back at the deal
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn undo(&mut self) -> Option<Action> {
        self.current.as_mut().and_then(|(r, _)| r.undo())
    }

    /// Scores and settles a finished round.
    fn settle(
        &self,
        round: &Round,
        deal: &Deal,
    ) -> Result<(RoundRecord, PerWind<Score>), ScoringError> {
        let scores = round.scores()?;
        let winner = round.end().and_then(|e| e.winner());
        let (payments, nets) = round_nets(&scores, winner, &self.options.rules)?;
        let [e, s, w, n] = Wind::ALL.map(|seat| round.final_hand(seat));
        let hands: [Hand; 4] = [e?, s?, w?, n?];
        let outcome = RoundOutcome {
            winner,
            win: round.win().map(|(_, w)| w),
            calling: Wind::ALL
                .into_iter()
                .filter(|&w| round.is_calling(w))
                .collect(),
            hands: PerWind(hands),
            scores: scores.map(|_, s| SeatScore::from(s)),
            payments,
            nets,
            discards: round.discards().iter().map(|&(_, t)| t).collect(),
            live_wall_left: round.wall().live_len(),
            dead_wall_left: round.wall().dead_len(),
        };
        let record = RoundRecord {
            seats: self.seats,
            dominant: round.dominant(),
            round_wind: round.round_wind(),
            deal: deal.clone(),
            actions: round.history().to_vec(),
            outcome: Some(outcome),
        };
        Ok((record, scores))
    }

    fn commit(&mut self, record: RoundRecord, scores: PerWind<Score>) {
        let Some(outcome) = &record.outcome else {
            return;
        };
        for (w, &net) in outcome.nets.iter() {
            let p = self.seats[w];
            self.totals[p] = self.totals[p].saturating_add(net);
        }
        let rotate = rotation::winds_rotate(outcome.winner, self.options.rules.draw_rotation);
        let mut seats = self.seats;
        for (w, &p) in self.seats.iter() {
            seats[rotation::next_wind(w, rotate, 4)] = p;
        }
        self.seats = seats;
        self.rounds.push(record);
        self.last_scores = Some(scores);
    }

    /// The record of the game so far: the seed noted by [`Game::with_seed`], its options,
    /// players, totals and every round (the round in progress last, without an outcome).
    /// [`GameRecord::replay`] gives this game back.
    ///
    /// ```
    /// # use mahjong_rules::table::{Game, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(5);
    /// let names = ["Ann", "Bob", "Cy", "Di"].map(String::from);
    /// let mut game = Game::new(names, TableOptions::default().with_rounds(2))?;
    /// game.deal(Deal::random(TileSet::Full, &mut rng))?;
    /// game.play(game.legal_moves()[0])?;
    /// let record = game.record();
    /// assert_eq!(record.rounds.len(), 1);
    /// assert!(record.rounds[0].outcome.is_none()); // the round in progress
    /// assert_eq!(record.replay()?, game);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn record(&self) -> GameRecord {
        let mut rounds = self.rounds.clone();
        if let Some((round, deal)) = &self.current {
            rounds.push(RoundRecord {
                seats: self.seats,
                dominant: round.dominant(),
                round_wind: round.round_wind(),
                deal: deal.clone(),
                actions: round.history().to_vec(),
                outcome: None,
            });
        }
        GameRecord {
            seed: self.seed,
            options: (*self.options).clone(),
            players: self.players.clone(),
            totals: self.totals,
            rounds,
        }
    }
}

/// The payments and nets of a round that is over, from its scores: the scores themselves in
/// the simple system; in the advanced one [`payment::settle`], or nothing for a round nobody
/// won under [`DrawSettlement::Nothing`](crate::DrawSettlement::Nothing).
pub(in crate::table) fn round_nets(
    scores: &PerWind<Score>,
    winner: Option<Wind>,
    rules: &crate::RuleOptions,
) -> Result<(Vec<payment::Transfer>, PerWind<i64>), ScoringError> {
    let values = scores.map(|_, s| s.total);
    Ok(match rules.system {
        ScoringSystem::Simple => (
            Vec::new(),
            values.map(|_, &v| i64::try_from(v).unwrap_or(i64::MAX)),
        ),
        ScoringSystem::Advanced
            if winner.is_none() && rules.draw_settlement == crate::DrawSettlement::Nothing =>
        {
            (Vec::new(), PerWind([0; 4]))
        }
        ScoringSystem::Advanced => {
            let list: Vec<(Wind, u64)> = values.iter().map(|(w, &v)| (w, v)).collect();
            let settlement = payment::settle(&list, winner).map_err(ScoringError::Payment)?;
            let nets = PerWind::from_fn(|w| settlement.net(w).unwrap_or(0));
            (settlement.transfers, nets)
        }
    })
}
