//! Records of whole games, replayed and checked.

use mahjong_tiles::{Tile, Wind};

use crate::hand::Hand;
use crate::payment::Transfer;
use crate::score::{Score, Win};
use crate::wall::Deal;

use super::action::Action;
use super::game::{DealError, Game, NewGameError};
use super::options::{PerWind, TableOptions};
use super::round::PlayError;

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

/// One round of a [`GameRecord`]: who sat where, the deal, every action, and how it ended.
///
/// With the `serde` feature winds are written as their letters: `seats` is
/// `{"E": 0, "S": 1, "W": 2, "N": 3}` (the player index at each wind), `dominant` and
/// `round_wind` (null when the option is off) are letters, each action is its text form
/// (`"E discard 5m"`, see [`Action`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RoundRecord {
    /// The player index at each wind.
    pub seats: PerWind<usize>,
    /// The dominant wind (the owner of the breach's wall).
    #[cfg_attr(feature = "serde", serde(with = "super::options::letters::one"))]
    pub dominant: Wind,
    /// The round wind, when that option is used.
    #[cfg_attr(feature = "serde", serde(with = "super::options::letters::option"))]
    pub round_wind: Option<Wind>,
    /// The deal: dice and tiles.
    pub deal: Deal,
    /// Every action, in order: at most [`RoundRecord::MAX_ACTIONS`].
    #[cfg_attr(feature = "serde", serde(deserialize_with = "capped_actions"))]
    pub actions: Vec<Action>,
    /// How the round ended; `None` for a round still in progress (the last one).
    pub outcome: Option<RoundOutcome>,
}

/// A whole game as data: its options, players, every round's deal and actions, and the
/// results, which [`GameRecord::replay`] checks.
///
/// With the `serde` feature it reads and writes as an object with the keys `seed`,
/// `options`, `players`, `totals` and `rounds` (see [`RoundRecord`] and [`RoundOutcome`]).
///
/// ```
/// use mahjong_rules::table::bots::{Bot, RandomBot, play_game};
/// use mahjong_rules::table::{Game, ReplayError, TableOptions};
/// use rand::SeedableRng;
///
/// let mut game = Game::new(["a", "b", "c", "d"].map(String::from), TableOptions::default().with_rounds(2))?;
/// let mut bots: [Box<dyn Bot>; 4] = core::array::from_fn(|_| Box::new(RandomBot) as Box<dyn Bot>);
/// play_game(&mut game, &mut bots, &mut rand_pcg::Pcg64Mcg::seed_from_u64(9))?;
/// let mut record = game.record();
/// assert_eq!(record.replay()?, game);
/// // A tampered record is caught.
/// record.totals[0] += 1;
/// assert_eq!(record.replay(), Err(ReplayError::Totals));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GameRecord {
    /// The seed of the generator that dealt, when one was noted (for the reader: the deals
    /// are in the rounds).
    pub seed: Option<u64>,
    /// The options.
    pub options: TableOptions,
    /// The players' names (or bots), by player index: at most [`Game::MAX_NAME_LEN`] bytes
    /// each.
    #[cfg_attr(feature = "serde", serde(deserialize_with = "capped_names"))]
    pub players: [String; 4],
    /// Each player's total at the end of the record, by player index.
    pub totals: [i64; 4],
    /// The rounds, in order: at most [`TableOptions::MAX_ROUNDS`].
    #[cfg_attr(feature = "serde", serde(deserialize_with = "capped_rounds"))]
    pub rounds: Vec<RoundRecord>,
}

impl RoundRecord {
    /// The most actions a round's record may hold: 512, above the 440 a round can take
    /// ([`Round::MAX_ACTIONS`](super::Round::MAX_ACTIONS)). A record with more is refused
    /// before its actions are played (and, with the `serde` feature, before they are read).
    pub const MAX_ACTIONS: usize = 512;
}

#[cfg(feature = "serde")]
fn capped_actions<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<Action>, D::Error> {
    crate::capped::vec(d, RoundRecord::MAX_ACTIONS, "actions in a round")
}

#[cfg(feature = "serde")]
fn capped_rounds<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<RoundRecord>, D::Error> {
    crate::capped::vec(d, TableOptions::MAX_ROUNDS, "rounds")
}

#[cfg(feature = "serde")]
fn capped_names<'de, D: serde::Deserializer<'de>>(d: D) -> Result<[String; 4], D::Error> {
    use serde::Deserialize;

    /// A player's name, read only when short enough.
    struct Name(String);

    impl<'de> Deserialize<'de> for Name {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Name, D::Error> {
            crate::capped::string(d, Game::MAX_NAME_LEN, "a player's name").map(Name)
        }
    }

    Ok(<[Name; 4]>::deserialize(d)?.map(|n| n.0))
}

/// Why a record does not replay. Rounds and actions count from 1.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ReplayError {
    /// The record's options or players do not set up a game (too many rounds, a name too
    /// long).
    #[error(transparent)]
    Game(#[from] NewGameError),
    /// A round holds more actions than [`RoundRecord::MAX_ACTIONS`].
    #[error("round {round}: {actions} actions, at most {max} are replayed")]
    TooManyActions {
        /// The round.
        round: usize,
        /// Its actions.
        actions: usize,
        /// [`RoundRecord::MAX_ACTIONS`].
        max: usize,
    },
    /// The record holds more rounds than its options allow.
    #[error("round {round}: the game has only {rounds} rounds")]
    TooManyRounds {
        /// The round.
        round: usize,
        /// The game's rounds.
        rounds: usize,
    },
    /// A round's seats, dominant wind or round wind are not those of the game at that point.
    #[error("round {round}: the {field} recorded is not the game's")]
    Round {
        /// The round.
        round: usize,
        /// `seats`, `dominant` or `round_wind`.
        field: &'static str,
    },
    /// A round's deal does not set up a round.
    #[error("round {round}: {source}")]
    Deal {
        /// The round.
        round: usize,
        /// Why.
        source: DealError,
    },
    /// An action is not legal where the record plays it.
    #[error("round {round}, action {index} ({action}): {source}")]
    Action {
        /// The round.
        round: usize,
        /// The action's place in the round.
        index: usize,
        /// The action.
        action: Action,
        /// Why it is not legal.
        source: PlayError,
    },
    /// A round has an outcome but its actions do not end it, or ends but has no outcome
    /// while other rounds follow.
    #[error("round {round}: its actions {}", if *.ended { "end it but it has no outcome" } else { "do not end it" })]
    Unfinished {
        /// The round.
        round: usize,
        /// Whether the actions end the round.
        ended: bool,
    },
    /// A round ends otherwise than recorded.
    #[error("round {round}: the {field} of its outcome is not what its actions give")]
    Outcome {
        /// The round.
        round: usize,
        /// The first field that differs.
        field: &'static str,
    },
    /// The totals are not what the rounds give.
    #[error("the totals are not what the rounds give")]
    Totals,
}

/// The name of the first field where two outcomes differ.
fn first_difference(a: &RoundOutcome, b: &RoundOutcome) -> Option<&'static str> {
    let fields: [(&'static str, bool); 11] = [
        ("winner", a.winner == b.winner),
        ("win", a.win == b.win),
        ("calling", a.calling == b.calling),
        ("hands", a.hands == b.hands),
        ("scores", a.scores == b.scores),
        ("payments", a.payments == b.payments),
        ("nets", a.nets == b.nets),
        ("discards", a.discards == b.discards),
        ("live_wall_left", a.live_wall_left == b.live_wall_left),
        ("dead_wall_left", a.dead_wall_left == b.dead_wall_left),
        ("outcome", a == b),
    ];
    fields.iter().find(|(_, same)| !same).map(|&(f, _)| f)
}

impl GameRecord {
    /// Replays the record from its options and deals, checking every step: each round's
    /// seats, dominant wind and round wind, each action's legality, each outcome (winner,
    /// win, calling hands, final hands, scores, payments, nets, discards, walls), and the
    /// totals. Returns the game as it stands at the end of the record.
    ///
    /// Its cost is linear in the record and bounded: the options and players are checked
    /// first ([`TableOptions::MAX_ROUNDS`], [`Game::MAX_NAME_LEN`]), a round's actions are
    /// counted before any is played ([`RoundRecord::MAX_ACTIONS`]), and each action and
    /// each round's scoring take bounded time (see [`Game`]'s bounds), so the largest
    /// record a client may send replays in a fraction of a second.
    ///
    /// # Errors
    /// [`ReplayError`] at the first step that does not match.
    ///
    /// ```
    /// use mahjong_rules::table::bots::{Bot, RandomBot, play_game};
    /// use mahjong_rules::table::{Game, ReplayError, TableOptions};
    /// use rand::SeedableRng;
    ///
    /// let names = ["a", "b", "c", "d"].map(String::from);
    /// let mut game = Game::new(names, TableOptions::default().with_rounds(2))?;
    /// let mut bots: [Box<dyn Bot>; 4] = core::array::from_fn(|_| Box::new(RandomBot) as Box<dyn Bot>);
    /// play_game(&mut game, &mut bots, &mut rand_pcg::Pcg64Mcg::seed_from_u64(3))?;
    /// let record = game.record();
    /// assert_eq!(record.replay()?, game);
    /// // A record whose first action is dropped fails where it stops matching.
    /// let mut cut = record.clone();
    /// cut.rounds[0].actions.remove(0);
    /// assert!(matches!(cut.replay(), Err(ReplayError::Action { round: 1, .. } | ReplayError::Unfinished { round: 1, .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn replay(&self) -> Result<Game, ReplayError> {
        let mut game = Game::new(self.players.clone(), self.options.clone())?;
        game.seed = self.seed;
        let count = self.rounds.len();
        for (i, r) in self.rounds.iter().enumerate() {
            let round = i + 1;
            if game.is_finished() {
                return Err(ReplayError::TooManyRounds {
                    round,
                    rounds: self.options.rounds,
                });
            }
            if r.seats != game.seats() {
                return Err(ReplayError::Round {
                    round,
                    field: "seats",
                });
            }
            game.deal(r.deal.clone())
                .map_err(|source| ReplayError::Deal { round, source })?;
            let Some(current) = game.round() else {
                return Err(ReplayError::Unfinished {
                    round,
                    ended: false,
                });
            };
            if current.dominant() != r.dominant {
                return Err(ReplayError::Round {
                    round,
                    field: "dominant",
                });
            }
            if current.round_wind() != r.round_wind {
                return Err(ReplayError::Round {
                    round,
                    field: "round_wind",
                });
            }
            if r.actions.len() > RoundRecord::MAX_ACTIONS {
                return Err(ReplayError::TooManyActions {
                    round,
                    actions: r.actions.len(),
                    max: RoundRecord::MAX_ACTIONS,
                });
            }
            for (j, &action) in r.actions.iter().enumerate() {
                game.play(action).map_err(|source| ReplayError::Action {
                    round,
                    index: j + 1,
                    action,
                    source,
                })?;
            }
            let ended = game.round().is_none();
            match (&r.outcome, ended) {
                (Some(expected), true) => {
                    let got = game.rounds().last().and_then(|g| g.outcome.as_ref());
                    let field = match got {
                        Some(got) => first_difference(expected, got),
                        None => Some("outcome"),
                    };
                    if let Some(field) = field {
                        return Err(ReplayError::Outcome { round, field });
                    }
                }
                (None, false) if round == count => {}
                (_, ended) => return Err(ReplayError::Unfinished { round, ended }),
            }
        }
        if game.totals() != self.totals {
            return Err(ReplayError::Totals);
        }
        Ok(game)
    }
}
