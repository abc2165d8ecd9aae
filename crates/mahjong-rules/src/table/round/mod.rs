//! The round engine: a validated [`Round`], played action by action.
//!
//! The module is split by what each part holds: `error` the refusals, `state` the
//! round's data and the listing of legal actions, `check` the rules that say whether an
//! action may be played now, `apply` what playing it does.

mod apply;
mod check;
mod determinize;
mod error;
mod state;

pub use error::{PlayError, ScoringError, SetupError};
pub(in crate::table) use state::{Seat, State, Step, Turn};

use state::Checked;

use std::sync::Arc;

use mahjong_tiles::{Tile, Wind};

use crate::hand::Hand;
use crate::meld::Meld;
use crate::rotation::RoundEnd;
use crate::score::{Score, Situation, Win, score};
use crate::wall::{Setup, Wall};

use crate::table::action::Action;
use crate::table::options::{PerWind, TableOptions};
use crate::table::view::View;

/// Where a round stands, as every seat may know it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Phase {
    /// `seat` holds 14 tiles and plays: Mah-jong, a kong, or a discard.
    Turn {
        /// The seat to play.
        seat: Wind,
    },
    /// `discarder` discarded `tile`; the other seats that can claim it claim it or pass.
    Claims {
        /// Who discarded.
        discarder: Wind,
        /// The discard.
        tile: Tile,
    },
    /// `seat` adds `tile` to its exposed pung; the seats it would give Mah-jong rob it or
    /// pass.
    Robbing {
        /// Who makes the small kong.
        seat: Wind,
        /// The tile added.
        tile: Tile,
    },
    /// The wall is exhausted: `seat` may invoke the Celestial Empire.
    Invocation {
        /// The seat that may invoke.
        seat: Wind,
    },
    /// `seat` took `tile` from the discards: it makes Mah-jong or a meld with it.
    Invoked {
        /// The invoker.
        seat: Wind,
        /// The tile taken.
        tile: Tile,
    },
    /// The round is over.
    Over,
}

/// One round, from the deal to the Mah-jong or the exhausted wall.
///
/// Built from a dealt [`Setup`] (checked: four hands, the dominant wind's 14 tiles and the
/// others' 13, every tile of the set exactly once), it has the one state shape of the
/// workspace ([`GameState`](crate::GameState), whose methods are also its own):
/// [`Round::to_act`], [`Round::is_over`], [`Round::legal_moves`] (and
/// [`Round::legal_actions`] for one seat), [`Round::check`] and [`Round::is_legal`],
/// [`Round::play`] (checked; on error the round is unchanged, and [`PlayError`] names the
/// seat and the tile), and [`Round::undo`]. No sequence of calls panics. See the
/// [module](super) docs for how a round goes and the points the article leaves open.
///
/// # A round is short
///
/// A round takes at most [`Round::MAX_ACTIONS`] actions (440), whatever the seats play:
/// - every turn begins with the deal, a draw from the live wall or a replacement (at most
///   91 draws: the 144 tiles less the 53 dealt), or a pung or chow claimed or made with an
///   invoked tile (at most 16: four melds per seat, as a hand of 14 tiles holds no more);
///   so there are at most 1 + 91 + 16 = 108 turns;
/// - each turn is one action (a discard, a kong or Mah-jong), and opens at most one
///   window (the claims on its discard, or the robbing of its small kong) where each of
///   the three other seats acts at most once: at most 4 × 108 = 432 actions;
/// - the invocation of the Celestial Empire adds at most one action per seat to invoke
///   or pass and one to use the tile taken: 8 more.
///
/// Each action is checked and applied in bounded time (hands of at most 14 tiles), and
/// [`Round::undo`] replays at most that many actions, so no call on a round needs a budget.
///
/// ```
/// use mahjong_rules::table::{Action, Phase, Round, TableOptions};
/// use mahjong_rules::wall::Deal;
/// use mahjong_tiles::TileSet;
/// use rand::SeedableRng;
///
/// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(5);
/// let setup = Deal::random(TileSet::Full, &mut rng).setup(4)?;
/// let mut round = Round::new(&setup, None, TableOptions::default())?;
/// let Phase::Turn { seat } = round.phase() else { unreachable!() };
/// assert_eq!(seat, round.dominant()); // the dominant wind plays first, with 14 tiles
/// let discard = round.legal_actions(seat).into_iter()
///     .find(|a| matches!(a, Action::Discard { .. }))
///     .unwrap();
/// round.play(discard)?;
/// assert_eq!(round.history(), &[discard]);
/// // A seat that is not to act is told so, and nothing changes.
/// assert!(round.play(Action::Pass { seat }).is_err());
/// assert_eq!(round.undo(), Some(discard));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Round {
    pub(super) state: State,
    history: Vec<Action>,
    /// What each action's check found when it was played (the claim it makes), so that
    /// [`Round::undo`] applies the history again without checking it.
    checks: Vec<Checked>,
    start: Arc<State>,
}

impl Round {
    /// The most actions a round can take: 440 (see [A round is short](Round#a-round-is-short)).
    pub const MAX_ACTIONS: usize = 440;

    /// A round from a dealt setup (see [`Deal::setup`](crate::wall::Deal::setup), or
    /// [`Wall::from_parts`] for a scripted one): the dominant wind is the owner of the
    /// breach's wall and plays first; `round_wind` is the round wind when that option is
    /// used (`None` otherwise). What is played on comes first (the setup and the round
    /// wind), then the options.
    ///
    /// # Errors
    /// [`SetupError`] when the setup does not hold four hands in seat order, with 14 tiles
    /// for the dominant wind and 13 for the others, flowers and seasons laid out, and every
    /// tile of the options' set exactly as many times as the set holds it (hands and walls
    /// together).
    ///
    /// ```
    /// use mahjong_rules::table::{Round, SetupError, TableOptions};
    /// use mahjong_rules::wall::Deal;
    /// use mahjong_tiles::{TileSet, Wind};
    /// use rand::SeedableRng;
    ///
    /// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(5);
    /// let setup = Deal::random(TileSet::Full, &mut rng).setup(4)?;
    /// let round = Round::new(&setup, Some(Wind::East), TableOptions::default())?;
    /// assert_eq!(round.round_wind(), Some(Wind::East));
    /// assert_eq!(round.to_act(), [round.dominant()]);
    /// // A setup of the full set does not fit a table without flowers and seasons.
    /// let without = TableOptions::default().with_tile_set(TileSet::WithoutBonus);
    /// assert!(matches!(Round::new(&setup, None, without), Err(SetupError::Census { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(
        setup: &Setup,
        round_wind: Option<Wind>,
        options: impl Into<Arc<TableOptions>>,
    ) -> Result<Round, SetupError> {
        let options = options.into();
        if setup.hands.len() != 4 {
            return Err(SetupError::Players {
                players: setup.hands.len(),
            });
        }
        let dominant = setup.wall.breach().dominant;
        let mut counts = [0usize; Tile::COUNT];
        for t in setup
            .wall
            .live_tiles()
            .iter()
            .chain(setup.wall.dead_tiles())
        {
            counts[t.index()] += 1;
        }
        let mut seats: [Seat; 4] = Default::default();
        let mut last_dealt = None;
        for (index, (dealt, expected)) in setup.hands.iter().zip(Wind::ALL).enumerate() {
            if dealt.wind != expected {
                return Err(SetupError::SeatOrder {
                    index,
                    found: dealt.wind,
                    expected,
                });
            }
            let misplaced = dealt
                .concealed
                .iter()
                .find(|t| t.is_bonus())
                .or_else(|| dealt.bonus.iter().find(|t| !t.is_bonus()));
            if let Some(&tile) = misplaced {
                return Err(SetupError::MisplacedTile {
                    seat: expected,
                    tile,
                });
            }
            let size = if expected == dominant { 14 } else { 13 };
            if dealt.concealed.len() != size {
                return Err(SetupError::HandSize {
                    seat: expected,
                    found: dealt.concealed.len(),
                    expected: size,
                });
            }
            for t in dealt.concealed.iter().chain(&dealt.bonus) {
                counts[t.index()] += 1;
            }
            if expected == dominant {
                last_dealt = dealt.concealed.last().copied();
            }
            let seat = &mut seats[index];
            seat.concealed = dealt.concealed.clone();
            seat.concealed.sort_unstable();
            seat.bonus = dealt.bonus.clone();
        }
        for tile in Tile::ALL {
            let expected = options.tile_set.copies(tile);
            if counts[tile.index()] != usize::from(expected) {
                return Err(SetupError::Census {
                    tile,
                    found: counts[tile.index()],
                    expected,
                });
            }
        }
        let mut state = State {
            options,
            dominant,
            round_wind,
            wall: setup.wall.clone(),
            seats,
            pool: Vec::new(),
            last_face_up: false,
            step: Step::Turn(Turn {
                seat: dominant,
                drawn: last_dealt,
                moon: false,
                waits_known: false,
                invocation: None,
            }),
            end: None,
        };
        for w in Wind::ALL {
            if w != dominant {
                state.refresh_waits(w);
            }
        }
        Ok(Round {
            start: Arc::new(state.clone()),
            state,
            history: Vec::new(),
            checks: Vec::new(),
        })
    }

    /// Where the round stands.
    ///
    /// ```
    /// # use mahjong_rules::table::{Round, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let setup = Deal::random(TileSet::Full, &mut rand_pcg::Pcg64Mcg::seed_from_u64(5)).setup(4)?;
    /// # use mahjong_rules::table::Phase;
    /// let mut round = Round::new(&setup, None, TableOptions::default())?;
    /// assert_eq!(round.phase(), Phase::Turn { seat: round.dominant() });
    /// while !round.is_over() {
    ///     round.play(round.legal_moves()[0])?;
    /// }
    /// assert_eq!(round.phase(), Phase::Over);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn phase(&self) -> Phase {
        self.state.phase()
    }

    /// The seats that have a decision to make now, in seat order: the seat on its turn, the
    /// seats that can claim the discard (or rob the kong) and have not decided, the invoker.
    ///
    /// ```
    /// # use mahjong_rules::table::{Round, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let setup = Deal::random(TileSet::Full, &mut rand_pcg::Pcg64Mcg::seed_from_u64(5)).setup(4)?;
    /// let mut round = Round::new(&setup, None, TableOptions::default())?;
    /// assert_eq!(round.to_act(), [round.dominant()]);
    /// while !round.is_over() {
    ///     round.play(round.legal_moves()[0])?;
    /// }
    /// assert!(round.to_act().is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_act(&self) -> Vec<Wind> {
        Wind::ALL
            .into_iter()
            .filter(|&w| self.state.may_act(w))
            .collect()
    }

    /// Every action `seat` may play now (empty when it has nothing to decide).
    ///
    /// ```
    /// # use mahjong_rules::table::{Round, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let setup = Deal::random(TileSet::Full, &mut rand_pcg::Pcg64Mcg::seed_from_u64(5)).setup(4)?;
    /// # use mahjong_rules::table::Action;
    /// let mut round = Round::new(&setup, None, TableOptions::default())?;
    /// let east = round.dominant();
    /// let actions = round.legal_actions(east);
    /// assert!(actions.iter().any(|a| matches!(a, Action::Discard { .. })));
    /// assert!(actions.iter().all(|a| a.seat() == east));
    /// assert!(round.legal_actions(east.next()).is_empty()); // not its turn
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn legal_actions(&self, seat: Wind) -> Vec<Action> {
        self.state.legal_actions(seat)
    }

    /// Every action any seat may play now, seat by seat.
    ///
    /// ```
    /// # use mahjong_rules::table::{Round, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let setup = Deal::random(TileSet::Full, &mut rand_pcg::Pcg64Mcg::seed_from_u64(5)).setup(4)?;
    /// let mut round = Round::new(&setup, None, TableOptions::default())?;
    /// assert_eq!(round.legal_moves(), round.legal_actions(round.dominant()));
    /// assert!(round.legal_moves().iter().all(|&a| round.is_legal(a)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn legal_moves(&self) -> Vec<Action> {
        Wind::ALL
            .into_iter()
            .flat_map(|w| self.legal_actions(w))
            .collect()
    }

    /// Whether [`Round::play`] would accept the action, and if not why.
    ///
    /// # Errors
    /// [`PlayError`] says why the action is not legal now.
    ///
    /// ```
    /// # use mahjong_rules::table::{Round, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let setup = Deal::random(TileSet::Full, &mut rand_pcg::Pcg64Mcg::seed_from_u64(5)).setup(4)?;
    /// # use mahjong_rules::table::{Action, PlayError};
    /// let mut round = Round::new(&setup, None, TableOptions::default())?;
    /// let seat = round.dominant().next();
    /// assert_eq!(round.check(Action::Pass { seat }), Err(PlayError::NotToAct { seat }));
    /// assert_eq!(round.check(round.legal_moves()[0]), Ok(()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check(&self, action: Action) -> Result<(), PlayError> {
        self.state.validate(action).map(|_| ())
    }

    /// Whether the action is legal now.
    ///
    /// ```
    /// # use mahjong_rules::table::{Round, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let setup = Deal::random(TileSet::Full, &mut rand_pcg::Pcg64Mcg::seed_from_u64(5)).setup(4)?;
    /// # use mahjong_rules::table::Action;
    /// let mut round = Round::new(&setup, None, TableOptions::default())?;
    /// assert!(round.is_legal(round.legal_moves()[0]));
    /// assert!(!round.is_legal(Action::Pass { seat: round.dominant() })); // nothing to pass on its turn
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_legal(&self, action: Action) -> bool {
        self.check(action).is_ok()
    }

    /// Plays a checked action, then everything that follows without a choice (claims
    /// resolved, draws, flowers and seasons laid out, replacements).
    ///
    /// # Errors
    /// [`PlayError`] when the action is not legal now; the round is then unchanged.
    ///
    /// ```
    /// # use mahjong_rules::table::{Round, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let setup = Deal::random(TileSet::Full, &mut rand_pcg::Pcg64Mcg::seed_from_u64(5)).setup(4)?;
    /// # use mahjong_rules::table::{Action, PlayError};
    /// let mut round = Round::new(&setup, None, TableOptions::default())?;
    /// let east = round.dominant();
    /// let tile = round.concealed(east)[0];
    /// round.play(Action::Discard { seat: east, tile })?;
    /// assert_eq!(round.discards().last(), Some(&(east, tile)));
    /// let before = round.clone();
    /// assert!(round.play(Action::Discard { seat: east, tile }).is_err()); // not its turn any more
    /// assert_eq!(round, before);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&mut self, action: Action) -> Result<(), PlayError> {
        let checked = self.state.validate(action)?;
        self.state.apply(action, checked);
        self.history.push(action);
        self.checks.push(checked);
        Ok(())
    }

    /// Takes back the last action and returns it; `None` at the start of the round (the
    /// round is then unchanged).
    ///
    /// Nothing can fail: the round goes back to its deal and applies the other actions of
    /// its history again, each with what its check found when it was played (so none is
    /// checked twice, and applying a checked action cannot fail). It costs at most
    /// [`Round::MAX_ACTIONS`] applications.
    ///
    /// ```
    /// # use mahjong_rules::table::{Round, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let setup = Deal::random(TileSet::Full, &mut rand_pcg::Pcg64Mcg::seed_from_u64(5)).setup(4)?;
    /// let mut round = Round::new(&setup, None, TableOptions::default())?;
    /// let start = round.clone();
    /// assert_eq!(round.undo(), None);
    /// let first = round.legal_moves()[0];
    /// round.play(first)?;
    /// assert_eq!(round.undo(), Some(first));
    /// assert_eq!(round, start);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn undo(&mut self) -> Option<Action> {
        let last = self.history.pop()?;
        self.checks.pop();
        let mut state = (*self.start).clone();
        for (&a, &checked) in self.history.iter().zip(&self.checks) {
            state.apply(a, checked);
        }
        self.state = state;
        Some(last)
    }

    /// The actions played, in order.
    ///
    /// ```
    /// # use mahjong_rules::table::{Round, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let setup = Deal::random(TileSet::Full, &mut rand_pcg::Pcg64Mcg::seed_from_u64(5)).setup(4)?;
    /// let mut round = Round::new(&setup, None, TableOptions::default())?;
    /// assert!(round.history().is_empty());
    /// let first = round.legal_moves()[0];
    /// round.play(first)?;
    /// assert_eq!(round.history(), [first]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn history(&self) -> &[Action] {
        &self.history
    }

    /// The table's options.
    ///
    /// ```
    /// # use mahjong_rules::table::{Round, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let setup = Deal::random(TileSet::Full, &mut rand_pcg::Pcg64Mcg::seed_from_u64(5)).setup(4)?;
    /// let options = TableOptions::default().with_calling(true);
    /// let round = Round::new(&setup, None, options.clone())?;
    /// assert_eq!(round.options(), &options);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn options(&self) -> &TableOptions {
        &self.state.options
    }

    /// The dominant wind (the owner of the breach's wall), who played first.
    ///
    /// ```
    /// # use mahjong_rules::table::{Round, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let setup = Deal::random(TileSet::Full, &mut rand_pcg::Pcg64Mcg::seed_from_u64(5)).setup(4)?;
    /// let mut round = Round::new(&setup, None, TableOptions::default())?;
    /// assert_eq!(round.dominant(), setup.wall.breach().dominant);
    /// assert_eq!(round.concealed(round.dominant()).len(), 14);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn dominant(&self) -> Wind {
        self.state.dominant
    }

    /// The round wind, when that option is used.
    ///
    /// ```
    /// # use mahjong_rules::table::{Round, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let setup = Deal::random(TileSet::Full, &mut rand_pcg::Pcg64Mcg::seed_from_u64(5)).setup(4)?;
    /// # use mahjong_tiles::Wind;
    /// let round = Round::new(&setup, Some(Wind::West), TableOptions::default().with_round_wind(true))?;
    /// assert_eq!(round.round_wind(), Some(Wind::West));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn round_wind(&self) -> Option<Wind> {
        self.state.round_wind
    }

    /// The wall as it stands (live and dead walls, hidden tiles included: a referee's view).
    ///
    /// ```
    /// # use mahjong_rules::table::{Round, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let setup = Deal::random(TileSet::Full, &mut rand_pcg::Pcg64Mcg::seed_from_u64(5)).setup(4)?;
    /// let mut round = Round::new(&setup, None, TableOptions::default())?;
    /// assert_eq!(round.wall().live_len() + round.wall().dead_len(), 144 - 53 - setup.hands.iter().map(|h| h.bonus.len()).sum::<usize>());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn wall(&self) -> &Wall {
        &self.state.wall
    }

    /// A seat's concealed tiles, sorted (hidden from the other seats: see [`View`]).
    ///
    /// ```
    /// # use mahjong_rules::table::{Round, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let setup = Deal::random(TileSet::Full, &mut rand_pcg::Pcg64Mcg::seed_from_u64(5)).setup(4)?;
    /// let mut round = Round::new(&setup, None, TableOptions::default())?;
    /// let east = round.dominant();
    /// assert_eq!(round.concealed(east).len(), 14);
    /// assert!(round.concealed(east).is_sorted());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn concealed(&self, seat: Wind) -> &[Tile] {
        &self.state.seats[seat as usize].concealed
    }

    /// A seat's melds laid apart: exposed melds and declared concealed kongs.
    ///
    /// ```
    /// # use mahjong_rules::table::{Round, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let setup = Deal::random(TileSet::Full, &mut rand_pcg::Pcg64Mcg::seed_from_u64(5)).setup(4)?;
    /// let mut round = Round::new(&setup, None, TableOptions::default())?;
    /// assert!(round.melds(round.dominant()).is_empty()); // nothing laid apart at the deal
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn melds(&self, seat: Wind) -> &[Meld] {
        &self.state.seats[seat as usize].melds
    }

    /// A seat's flowers and seasons, in the order laid out.
    ///
    /// ```
    /// # use mahjong_rules::table::{Round, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let setup = Deal::random(TileSet::Full, &mut rand_pcg::Pcg64Mcg::seed_from_u64(5)).setup(4)?;
    /// let mut round = Round::new(&setup, None, TableOptions::default())?;
    /// for hand in &setup.hands {
    ///     assert_eq!(round.bonus(hand.wind), hand.bonus);
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn bonus(&self, seat: Wind) -> &[Tile] {
        &self.state.seats[seat as usize].bonus
    }

    /// A seat's whole hand.
    ///
    /// # Errors
    /// [`PlayError::Hand`] never for a round built by [`Round::new`].
    ///
    /// ```
    /// # use mahjong_rules::table::{Round, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let setup = Deal::random(TileSet::Full, &mut rand_pcg::Pcg64Mcg::seed_from_u64(5)).setup(4)?;
    /// let mut round = Round::new(&setup, None, TableOptions::default())?;
    /// let east = round.dominant();
    /// let hand = round.hand(east)?;
    /// assert_eq!(hand.size(), 14);
    /// assert_eq!(hand.concealed(), round.concealed(east));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn hand(&self, seat: Wind) -> Result<Hand, PlayError> {
        self.state.seats[seat as usize].hand(seat)
    }

    /// A seat's hand, for scoring.
    pub(super) fn final_hand(&self, seat: Wind) -> Result<Hand, ScoringError> {
        let st = &self.state.seats[seat as usize];
        Hand::new(st.concealed.clone(), st.melds.clone(), st.bonus.clone())
            .map_err(|source| ScoringError::Hand { seat, source })
    }

    /// Whether the seat declared a calling hand.
    ///
    /// ```
    /// # use mahjong_rules::table::{Round, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let setup = Deal::random(TileSet::Full, &mut rand_pcg::Pcg64Mcg::seed_from_u64(5)).setup(4)?;
    /// let mut round = Round::new(&setup, None, TableOptions::default())?;
    /// assert!(!round.is_calling(round.dominant()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_calling(&self, seat: Wind) -> bool {
        self.state.seats[seat as usize].calling
    }

    /// The discards not taken, in order, with who discarded them (every one, face up or
    /// not: a referee's view).
    ///
    /// ```
    /// # use mahjong_rules::table::{Round, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let setup = Deal::random(TileSet::Full, &mut rand_pcg::Pcg64Mcg::seed_from_u64(5)).setup(4)?;
    /// let mut round = Round::new(&setup, None, TableOptions::default())?;
    /// assert!(round.discards().is_empty());
    /// while !round.is_over() {
    ///     round.play(round.legal_moves()[0])?;
    /// }
    /// assert!(round.discards().iter().all(|(_, t)| !t.is_bonus()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn discards(&self) -> &[(Wind, Tile)] {
        &self.state.pool
    }

    /// What the seat may know (see [`View`]).
    ///
    /// ```
    /// # use mahjong_rules::table::{Round, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let setup = Deal::random(TileSet::Full, &mut rand_pcg::Pcg64Mcg::seed_from_u64(5)).setup(4)?;
    /// let mut round = Round::new(&setup, None, TableOptions::default())?;
    /// let east = round.dominant();
    /// assert_eq!(round.view(east).legal_actions(), round.legal_actions(east));
    /// assert_eq!(round.view(east.next()).concealed_len(east), 14);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn view(&self, seat: Wind) -> View<'_> {
        View::new(self, seat)
    }

    /// How the round ended, once it is over.
    ///
    /// ```
    /// # use mahjong_rules::table::{Round, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let setup = Deal::random(TileSet::Full, &mut rand_pcg::Pcg64Mcg::seed_from_u64(5)).setup(4)?;
    /// let mut round = Round::new(&setup, None, TableOptions::default())?;
    /// assert_eq!(round.end(), None);
    /// while !round.is_over() {
    ///     round.play(round.legal_moves()[0])?;
    /// }
    /// let end = round.end().unwrap();
    /// assert_eq!(end.winner(), round.win().map(|(w, _)| w));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn end(&self) -> Option<RoundEnd> {
        self.state.end.map(|(e, _)| e)
    }

    /// Whether the round is over.
    ///
    /// ```
    /// # use mahjong_rules::table::{Round, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let setup = Deal::random(TileSet::Full, &mut rand_pcg::Pcg64Mcg::seed_from_u64(5)).setup(4)?;
    /// let mut round = Round::new(&setup, None, TableOptions::default())?;
    /// assert!(!round.is_over());
    /// while !round.is_over() {
    ///     round.play(round.legal_moves()[0])?;
    /// }
    /// assert!(round.is_over() && round.legal_moves().is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_over(&self) -> bool {
        self.state.end.is_some()
    }

    /// The winner and how it won, once a seat went Mah-jong.
    ///
    /// ```
    /// # use mahjong_rules::table::{Round, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let setup = Deal::random(TileSet::Full, &mut rand_pcg::Pcg64Mcg::seed_from_u64(5)).setup(4)?;
    /// let mut round = Round::new(&setup, None, TableOptions::default())?;
    /// assert_eq!(round.win(), None);
    /// while !round.is_over() {
    ///     round.play(round.legal_moves()[0])?;
    /// }
    /// if let Some((seat, win)) = round.win() {
    ///     assert!(round.concealed(seat).contains(&win.tile));
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn win(&self) -> Option<(Wind, Win)> {
        match self.state.end {
            Some((RoundEnd::MahJong(w), Some(win))) => Some((w, win)),
            _ => None,
        }
    }

    /// How many tiles of each kind the round holds, wherever they are (hands, melds,
    /// flowers and seasons, discards, live and dead walls), indexed by [`Tile::index`]: at
    /// every step, the copies of the table's set.
    ///
    /// ```
    /// # use mahjong_rules::table::{Round, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let setup = Deal::random(TileSet::Full, &mut rand_pcg::Pcg64Mcg::seed_from_u64(5)).setup(4)?;
    /// # use mahjong_tiles::Tile;
    /// let mut round = Round::new(&setup, None, TableOptions::default())?;
    /// round.play(round.legal_moves()[0])?;
    /// for t in Tile::ALL {
    ///     assert_eq!(round.census()[t.index()], usize::from(t.copies()));
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn census(&self) -> [usize; Tile::COUNT] {
        let s = &self.state;
        let mut counts = [0usize; Tile::COUNT];
        let mut add = |t: Tile| counts[t.index()] += 1;
        s.wall
            .live_tiles()
            .iter()
            .chain(s.wall.dead_tiles())
            .copied()
            .for_each(&mut add);
        for seat in &s.seats {
            seat.concealed
                .iter()
                .chain(&seat.bonus)
                .copied()
                .for_each(&mut add);
            seat.melds.iter().flat_map(Meld::tiles).for_each(&mut add);
        }
        s.pool.iter().map(|&(_, t)| t).for_each(&mut add);
        counts
    }

    /// The scores of the four hands of a round that is over, each in its situation (seat,
    /// dominant wind, round wind, calling hand, outcome), in the options' system.
    ///
    /// # Errors
    /// [`ScoringError::NotOver`] before the end; the others never for a round built by
    /// [`Round::new`].
    ///
    /// ```
    /// # use mahjong_rules::table::{Round, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let setup = Deal::random(TileSet::Full, &mut rand_pcg::Pcg64Mcg::seed_from_u64(5)).setup(4)?;
    /// # use mahjong_rules::table::ScoringError;
    /// let mut round = Round::new(&setup, None, TableOptions::default())?;
    /// assert_eq!(round.scores(), Err(ScoringError::NotOver));
    /// while !round.is_over() {
    ///     round.play(round.legal_moves()[0])?;
    /// }
    /// let scores = round.scores()?;
    /// if let Some((seat, _)) = round.win() {
    ///     assert!(scores[seat].total > 0);
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn scores(&self) -> Result<PerWind<Score>, ScoringError> {
        let s = &self.state;
        let (end, win) = s.end.ok_or(ScoringError::NotOver)?;
        let mut out: [Option<Score>; 4] = [None, None, None, None];
        for seat in Wind::ALL {
            let st = &s.seats[seat as usize];
            let hand = self.final_hand(seat)?;
            let mut situation = Situation::new(seat, s.dominant).with_calling(st.calling);
            situation = match (end, win) {
                (RoundEnd::MahJong(w), Some(win)) if w == seat => situation.with_win(win),
                (RoundEnd::MahJong(_), _) => situation,
                (RoundEnd::WallExhausted, _) => situation.with_draw(),
            };
            if let Some(r) = s.round_wind {
                situation = situation.with_round_wind(r);
            }
            let sc = score(&hand, &situation, &s.options.rules)
                .map_err(|source| ScoringError::Score { seat, source })?;
            out[seat as usize] = Some(sc);
        }
        match out {
            [Some(e), Some(s), Some(w), Some(n)] => Ok(PerWind([e, s, w, n])),
            _ => Err(ScoringError::NotOver),
        }
    }
}
