//! A game: rounds chained, scored and settled, winds rotated.

use std::sync::Arc;

use mahjong_tiles::{Tile, Wind};

use crate::hand::Hand;
use crate::payment::{self, Transfer};
use crate::points::ScoringSystem;
use crate::rotation;
use crate::score::{Score, Win};
use crate::wall::Deal;

use super::action::Action;
use super::options::{PerWind, TableOptions};
use super::record::{GameRecord, RoundRecord};
use super::round::{PlayError, Round, ScoringError, SetupError};
use super::view::View;

/// A seat's score in a round, as a record keeps it: the totals of its [`Score`] (points,
/// doubles, and the final score as [`score()`](crate::score()) computed it in the game's
/// system), without the itemised lines.
///
/// With the `serde` feature it reads and writes as `{"points": …, "doubles": …, "total": …}`;
/// `"score"` is read as `"total"` (the name of records written by 0.1).
///
/// ```
/// use mahjong_rules::table::SeatScore;
/// use mahjong_rules::{Hand, RuleOptions, Situation, Win, score};
/// use mahjong_tiles::Wind;
///
/// let hand: Hand = "123m 456p 789s 777z 11z".parse()?;
/// let situation = Situation::new(Wind::South, Wind::East).with_win(Win::self_drawn("3m".parse()?));
/// let s = score(&hand, &situation, &RuleOptions::default())?;
/// assert_eq!(SeatScore::from(&s), SeatScore { points: 32, doubles: 1, total: 64 });
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SeatScore {
    /// Total points.
    pub points: u32,
    /// Total doubles.
    pub doubles: u32,
    /// The final score ([`Score::total`]).
    #[cfg_attr(feature = "serde", serde(alias = "score"))]
    pub total: u64,
}

impl From<&Score> for SeatScore {
    fn from(s: &Score) -> SeatScore {
        SeatScore {
            points: s.points,
            doubles: s.doubles,
            total: s.total,
        }
    }
}

/// How a round ended, and everything needed to check it from outside: the final hands in
/// the crate's notation, the scores, the payments, what is left on the table.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RoundOutcome {
    /// The seat that went Mah-jong, if any.
    #[cfg_attr(feature = "serde", serde(with = "super::options::letters::option"))]
    pub winner: Option<Wind>,
    /// How it won.
    pub win: Option<Win>,
    /// The seats that declared a calling hand.
    #[cfg_attr(feature = "serde", serde(with = "super::options::letters::list"))]
    pub calling: Vec<Wind>,
    /// The final hands (flowers and seasons included).
    pub hands: PerWind<Hand>,
    /// The scores.
    pub scores: PerWind<SeatScore>,
    /// The payments of the advanced system (empty in the simple system, where each score is
    /// added to its player's total).
    #[cfg_attr(feature = "serde", serde(with = "super::options::letters::transfers"))]
    pub payments: Vec<Transfer>,
    /// What each seat's total gained or lost.
    pub nets: PerWind<i64>,
    /// The discards not taken, in order.
    #[cfg_attr(feature = "serde", serde(deserialize_with = "tiles_of_a_set"))]
    pub discards: Vec<Tile>,
    /// Tiles left in the live wall.
    pub live_wall_left: usize,
    /// Tiles left in the dead wall.
    pub dead_wall_left: usize,
}

/// A list of at most 144 tiles (a whole set), read with serde.
#[cfg(feature = "serde")]
pub(crate) fn tiles_of_a_set<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<Vec<Tile>, D::Error> {
    crate::capped::vec(d, mahjong_tiles::TileSet::Full.len(), "tiles")
}

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
/// # Bounds
///
/// A game is bounded: at most [`TableOptions::MAX_ROUNDS`] rounds (256), each of at most
/// [`Round::MAX_ACTIONS`] actions (440, proved in [`Round`]'s docs), each played in time
/// bounded by the table (a few microseconds: the checks read hands of at most 14 tiles),
/// a round scored once at its end (four hands, at most 169 readings each: see
/// [`decompose`](crate::decompose)). Players' names are at most [`Game::MAX_NAME_LEN`]
/// bytes. So [`play_game`](super::play_game) and [`GameRecord::replay`] need no budget:
/// the slowest game of 256 rounds, between scorers, takes about 0.11 s of one thread, and
/// its record of 12,000 actions replays in 8 ms (a 256-round record between random bots,
/// 27,000 actions, in 13 ms). A caller that wants a deadline anyway looks at its clock
/// between rounds ([`play_round`](super::play_round)), each well under a millisecond.
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
    pub fn seed(&self) -> Option<u64> {
        self.seed
    }

    /// The options.
    pub fn options(&self) -> &TableOptions {
        &self.options
    }

    /// The players' names, by player index.
    pub fn players(&self) -> &[String; 4] {
        &self.players
    }

    /// The player index at each wind, for the round in progress or the next one.
    pub fn seats(&self) -> PerWind<usize> {
        self.seats
    }

    /// The wind of player `player` in the round in progress or the next one.
    pub fn wind_of(&self, player: usize) -> Option<Wind> {
        self.seats
            .iter()
            .find(|&(_, &p)| p == player)
            .map(|(w, _)| w)
    }

    /// Each player's total, by player index.
    pub fn totals(&self) -> [i64; 4] {
        self.totals
    }

    /// The finished rounds.
    pub fn rounds(&self) -> &[RoundRecord] {
        &self.rounds
    }

    /// The itemised scores of the last finished round.
    pub fn last_scores(&self) -> Option<&PerWind<Score>> {
        self.last_scores.as_ref()
    }

    /// The round in progress.
    pub fn round(&self) -> Option<&Round> {
        self.current.as_ref().map(|(r, _)| r)
    }

    /// The number (from 1) of the round in progress, or of the next one.
    pub fn round_number(&self) -> usize {
        self.rounds.len() + 1
    }

    /// Whether no seat can act now: no round is in progress, because every round was
    /// played ([`Game::is_finished`]) or because the next one waits for [`Game::deal`]
    /// ([`Game::needs_deal`]). See [Between rounds](Game#between-rounds).
    pub fn is_over(&self) -> bool {
        self.current.is_none()
    }

    /// Whether every round was played: the game is over for good.
    pub fn is_finished(&self) -> bool {
        self.current.is_none() && self.rounds.len() >= self.options.rounds
    }

    /// Whether the game waits for [`Game::deal`]: no round is in progress and rounds are
    /// left to play.
    pub fn needs_deal(&self) -> bool {
        self.current.is_none() && !self.is_finished()
    }

    /// The round wind of the round in progress or the next one, when that option is used.
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
    pub fn to_act(&self) -> Vec<Wind> {
        self.round().map(Round::to_act).unwrap_or_default()
    }

    /// The actions `seat` may play now.
    pub fn legal_actions(&self, seat: Wind) -> Vec<Action> {
        self.round()
            .map(|r| r.legal_actions(seat))
            .unwrap_or_default()
    }

    /// Every action any seat may play now.
    pub fn legal_moves(&self) -> Vec<Action> {
        self.round().map(Round::legal_moves).unwrap_or_default()
    }

    /// Whether [`Game::play`] would accept the action, and if not why.
    ///
    /// # Errors
    /// [`PlayError`]: no round in progress, or the round's reason.
    pub fn check(&self, action: Action) -> Result<(), PlayError> {
        match self.round() {
            Some(r) => r.check(action),
            None => Err(self.no_round()),
        }
    }

    /// Whether the action is legal now.
    pub fn is_legal(&self, action: Action) -> bool {
        self.check(action).is_ok()
    }

    /// What `seat` may know of the round in progress.
    pub fn view(&self, seat: Wind) -> Option<View<'_>> {
        self.round().map(|r| r.view(seat))
    }

    /// Plays an action of the round in progress; when it ends the round, the round is
    /// scored and settled, the totals updated, the winds rotated.
    ///
    /// # Errors
    /// [`PlayError`] when there is no round in progress or the action is not legal; the game
    /// is then unchanged.
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

    /// Takes back the last action of the round in progress.
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
        let values = scores.map(|_, s| s.total);
        let (payments, nets) = match self.options.rules.system {
            ScoringSystem::Simple => (
                Vec::new(),
                values.map(|_, &v| i64::try_from(v).unwrap_or(i64::MAX)),
            ),
            ScoringSystem::Advanced => {
                let list: Vec<(Wind, u64)> = values.iter().map(|(w, &v)| (w, v)).collect();
                let settlement = payment::settle(&list, winner).map_err(ScoringError::Payment)?;
                let nets = PerWind::from_fn(|w| settlement.net(w).unwrap_or(0));
                (settlement.transfers, nets)
            }
        };
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
