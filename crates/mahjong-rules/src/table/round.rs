//! The round engine: a validated [`Round`], played action by action.

use std::sync::Arc;

use mahjong_tiles::{Tile, Wind};

use crate::claims::{self, Claim, ClaimError, ClaimKind};
use crate::hand::{Hand, HandError};
use crate::meld::{Exposure, Meld, MeldKind};
use crate::rotation::{self, RoundEnd};
use crate::score::{Outcome, Score, ScoreError, Situation, Win, score};
use crate::waits;
use crate::wall::{ReplacementSource, Setup, Wall};

use super::action::Action;
use super::options::{PerWind, TableOptions};
use super::view::View;

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

/// Why a round cannot start from a setup.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// The table seats four.
    #[error("the table seats 4 players, the setup deals to {players}")]
    Players {
        /// How many hands the setup holds.
        players: usize,
    },
    /// Hands come in seat order East, South, West, North.
    #[error("hand {index} of the setup belongs to {found}, expected {expected}")]
    SeatOrder {
        /// Its position.
        index: usize,
        /// Its wind.
        found: Wind,
        /// The wind expected there.
        expected: Wind,
    },
    /// A flower or season among a hand's concealed tiles, or another tile among its bonus
    /// tiles.
    #[error(
        "{seat} holds {tile} in the wrong place: flowers and seasons are laid out, the others are held"
    )]
    MisplacedTile {
        /// The seat.
        seat: Wind,
        /// The tile.
        tile: Tile,
    },
    /// The dominant wind holds 14 tiles, the others 13.
    #[error("{seat} holds {found} tiles, expected {expected}")]
    HandSize {
        /// The seat.
        seat: Wind,
        /// Its concealed tiles.
        found: usize,
        /// The size expected.
        expected: usize,
    },
    /// The tiles of the hands and the walls are not the table's set.
    #[error("the round holds {found} of {tile}, the set holds {expected}")]
    Census {
        /// The tile kind.
        tile: Tile,
        /// How many the hands and walls hold.
        found: usize,
        /// How many the set holds.
        expected: u8,
    },
    /// The deal itself is wrong (dice, tile count, copies).
    #[error(transparent)]
    Wall(#[from] crate::wall::WallError),
}

/// Why an action cannot be played now. The round is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlayError {
    /// The round is over.
    #[error("the round is over")]
    RoundOver,
    /// No round is in progress (a [`Game`](super::Game) waits for a deal).
    #[error("no round is in progress: deal one first")]
    NoRound,
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The seat has nothing to decide now.
    #[error("{seat} has nothing to decide now")]
    NotToAct {
        /// The seat.
        seat: Wind,
    },
    /// The seat may act, but not so (a discard in the claim window, a pung on its own turn…).
    #[error("{action}: not an action of this moment")]
    NotNow {
        /// The action.
        action: Action,
    },
    /// The tile is not among the seat's concealed tiles.
    #[error("{seat} holds no {tile}")]
    NotInHand {
        /// The seat.
        seat: Wind,
        /// The tile.
        tile: Tile,
    },
    /// A seat that declared a calling hand discards the tile it drew, claims only for
    /// Mah-jong and makes no kong.
    #[error("{seat} declared a calling hand: it discards the tile it drew or goes Mah-jong")]
    CallingHandFixed {
        /// The seat.
        seat: Wind,
    },
    /// The calling-hand declaration is not in use at this table.
    #[error("the calling-hand declaration is not in use")]
    CallingNotInUse,
    /// The seat already declared a calling hand.
    #[error("{seat} already declared a calling hand")]
    AlreadyCalling {
        /// The seat.
        seat: Wind,
    },
    /// Discarding the tile does not leave the hand one tile from Mah-jong.
    #[error("{seat}'s hand without {tile} is not one tile from Mah-jong")]
    NotCalling {
        /// The seat.
        seat: Wind,
        /// The tile it would discard.
        tile: Tile,
    },
    /// Neither four tiles held, nor an exposed pung with the tile just drawn.
    #[error(
        "{seat} can make no kong of {tile}: it holds neither four of them nor an exposed pung with {tile} just drawn"
    )]
    NoKong {
        /// The seat.
        seat: Wind,
        /// The tile.
        tile: Tile,
    },
    /// No replacement tile is left for a kong.
    #[error("no replacement tile is left for a kong")]
    NoReplacement,
    /// The hand is not a Mah-jong.
    #[error("{seat}'s hand is not a Mah-jong")]
    NotMahJong {
        /// The seat.
        seat: Wind,
    },
    /// A Mah-jong on one's own turn is on a tile drawn; after a claim the turn has none.
    #[error(
        "{seat} drew no tile this turn: a Mah-jong on a discard is claimed when it is discarded"
    )]
    NoTileDrawn {
        /// The seat.
        seat: Wind,
    },
    /// The last discard may be claimed only for Mah-jong.
    #[error("the last discard may be claimed only for Mah-jong")]
    LastDiscard,
    /// The action names another tile than the one in play (a kong of another tile than the
    /// discard, a chow without it).
    #[error("{action} does not use {tile}, the tile in play")]
    WrongTile {
        /// The action.
        action: Action,
        /// The tile in play.
        tile: Tile,
    },
    /// The claim is not allowed (see [`claims`](crate::claims)).
    #[error(transparent)]
    Claim(#[from] ClaimError),
    /// The tile is not among the discards.
    #[error("{tile} is not among the discards")]
    NotDiscarded {
        /// The tile.
        tile: Tile,
    },
    /// A tile may be taken from the discards only to make a meld or Mah-jong with it.
    #[error("{seat} can make neither a meld nor Mah-jong with {tile}")]
    UselessTile {
        /// The seat.
        seat: Wind,
        /// The tile.
        tile: Tile,
    },
    /// The seat's tiles do not form a hand: never for a round built by [`Round::new`] (a bug
    /// if it happens).
    #[error("the tiles of {seat} do not form a hand: {source}")]
    Hand {
        /// The seat.
        seat: Wind,
        /// Why.
        source: HandError,
    },
    /// The round's hands could not be scored when it ended: never for a round built by
    /// [`Round::new`] (a bug if it happens).
    #[error(transparent)]
    Scoring(#[from] ScoringError),
}

/// Why a round's hands could not be scored.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ScoringError {
    /// The round is not over.
    #[error("the round is not over")]
    NotOver,
    /// A seat's tiles do not form a hand.
    #[error("the tiles of {seat} do not form a hand: {source}")]
    Hand {
        /// The seat.
        seat: Wind,
        /// Why.
        source: HandError,
    },
    /// The scores could not be settled.
    #[error(transparent)]
    Payment(crate::payment::PaymentError),
    /// A hand could not be scored.
    #[error("{seat}'s hand: {source}")]
    Score {
        /// The seat.
        seat: Wind,
        /// Why.
        source: ScoreError,
    },
}

/// A seat's tiles.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub(super) struct Seat {
    /// Concealed tiles, sorted.
    pub(super) concealed: Vec<Tile>,
    /// Melds laid apart: exposed melds and declared concealed kongs.
    pub(super) melds: Vec<Meld>,
    /// Flowers and seasons laid out.
    pub(super) bonus: Vec<Tile>,
    /// Whether it declared a calling hand.
    pub(super) calling: bool,
    /// Its waits while it holds 13 tiles and another seat plays.
    pub(super) waits: Vec<Tile>,
}

impl Seat {
    fn count(&self, tile: Tile) -> usize {
        self.concealed.iter().filter(|&&t| t == tile).count()
    }

    fn insert(&mut self, tile: Tile) {
        let i = self.concealed.partition_point(|&t| t < tile);
        self.concealed.insert(i, tile);
    }

    /// Removes one copy; false if none.
    fn remove(&mut self, tile: Tile) -> bool {
        match self.concealed.iter().position(|&t| t == tile) {
            Some(i) => {
                self.concealed.remove(i);
                true
            }
            None => false,
        }
    }

    fn exposed_pung(&self, tile: Tile) -> Option<usize> {
        self.melds
            .iter()
            .position(|m| m.kind() == MeldKind::Triplet && !m.is_concealed() && m.tile() == tile)
    }

    fn hand(&self, seat: Wind) -> Result<Hand, PlayError> {
        Hand::new(
            self.concealed.clone(),
            self.melds.clone(),
            self.bonus.clone(),
        )
        .map_err(|source| PlayError::Hand { seat, source })
    }

    /// The hand without one copy of `tile` (13 tiles from 14).
    fn hand_without(&self, seat: Wind, tile: Tile) -> Result<Hand, PlayError> {
        let mut concealed = self.concealed.clone();
        if let Some(i) = concealed.iter().position(|&t| t == tile) {
            concealed.remove(i);
        }
        Hand::new(concealed, self.melds.clone(), self.bonus.clone())
            .map_err(|source| PlayError::Hand { seat, source })
    }
}

/// A seat's turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct Turn {
    pub(super) seat: Wind,
    /// The tile drawn this turn (from the wall or as a replacement), if it began with a draw.
    pub(super) drawn: Option<Tile>,
    /// Whether that tile was the last of the live wall.
    pub(super) moon: bool,
    /// Whether the seat's waits were worked out on its 13 tiles before the draw (every
    /// draw but the deal's): then the tile drawn gives Mah-jong exactly when it is a wait.
    pub(super) waits_known: bool,
    /// The turn is an invoker's, at this index of the invocation order.
    pub(super) invocation: Option<u8>,
}

/// A claim or robbing window.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct Window {
    /// The discarder, or the seat making the small kong.
    pub(super) from: Wind,
    pub(super) tile: Tile,
    pub(super) last_discard: bool,
    /// The seats still to decide.
    pub(super) pending: [bool; 4],
    /// The claims made.
    pub(super) claims: [Option<(Action, Claim)>; 4],
    /// For a robbing window: the invocation turn the small kong was made in.
    pub(super) invocation: Option<u8>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Step {
    Turn(Turn),
    Claims(Window),
    Robbing(Window),
    Invocation { index: u8 },
    Invoked { seat: Wind, tile: Tile, index: u8 },
    Over,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct State {
    pub(super) options: Arc<TableOptions>,
    pub(super) dominant: Wind,
    pub(super) round_wind: Option<Wind>,
    pub(super) wall: Wall,
    pub(super) seats: [Seat; 4],
    /// The discards not taken, in order, with their discarder.
    pub(super) pool: Vec<(Wind, Tile)>,
    /// Whether the last discard of the pool is face up (the Japanese rule turns the others
    /// down).
    pub(super) last_face_up: bool,
    pub(super) step: Step,
    pub(super) end: Option<(RoundEnd, Option<Win>)>,
}

/// What a checked action carries to its application.
type Checked = Option<Claim>;

/// One round, from the deal to the Mah-jong or the exhausted wall.
///
/// Built from a dealt [`Setup`] (checked: four hands, the dominant wind's 14 tiles and the
/// others' 13, every tile of the set exactly once), it is played with the one move shape of
/// the workspace: [`Round::legal_actions`] for a seat, [`Round::check`] and
/// [`Round::is_legal`], [`Round::play`] (checked; on error the round is unchanged) and
/// [`Round::undo`]. No sequence of calls panics. See the [module](super) docs for how a
/// round goes and the points the article leaves open.
///
/// ```
/// use mahjong_rules::table::{Action, Phase, Round, TableOptions};
/// use mahjong_rules::wall::Deal;
/// use mahjong_tiles::TileSet;
/// use rand::SeedableRng;
///
/// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(5);
/// let setup = Deal::random(TileSet::Full, &mut rng).setup(4)?;
/// let mut round = Round::new(&setup, TableOptions::default(), None)?;
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
    start: Arc<State>,
}

impl Round {
    /// A round from a dealt setup (see [`Deal::setup`](crate::wall::Deal::setup), or
    /// [`Wall::from_parts`] for a scripted one): the dominant wind is the owner of the
    /// breach's wall and plays first; `round_wind` is the round wind when that option is
    /// used (`None` otherwise).
    ///
    /// # Errors
    /// [`SetupError`] when the setup does not hold four hands in seat order, with 14 tiles
    /// for the dominant wind and 13 for the others, flowers and seasons laid out, and every
    /// tile of the options' set exactly as many times as the set holds it (hands and walls
    /// together).
    pub fn new(
        setup: &Setup,
        options: impl Into<Arc<TableOptions>>,
        round_wind: Option<Wind>,
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
        })
    }

    /// Where the round stands.
    pub fn phase(&self) -> Phase {
        self.state.phase()
    }

    /// The seats that have a decision to make now, in seat order: the seat on its turn, the
    /// seats that can claim the discard (or rob the kong) and have not decided, the invoker.
    pub fn to_act(&self) -> Vec<Wind> {
        Wind::ALL
            .into_iter()
            .filter(|&w| self.state.may_act(w))
            .collect()
    }

    /// Every action `seat` may play now (empty when it has nothing to decide).
    pub fn legal_actions(&self, seat: Wind) -> Vec<Action> {
        self.state.legal_actions(seat)
    }

    /// Every action any seat may play now, seat by seat.
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
    pub fn check(&self, action: Action) -> Result<(), PlayError> {
        self.state.validate(action).map(|_| ())
    }

    /// Whether the action is legal now.
    pub fn is_legal(&self, action: Action) -> bool {
        self.check(action).is_ok()
    }

    /// Plays a checked action, then everything that follows without a choice (claims
    /// resolved, draws, flowers and seasons laid out, replacements).
    ///
    /// # Errors
    /// [`PlayError`] when the action is not legal now; the round is then unchanged.
    pub fn play(&mut self, action: Action) -> Result<(), PlayError> {
        let checked = self.state.validate(action)?;
        self.state.apply(action, checked);
        self.history.push(action);
        Ok(())
    }

    /// Takes back the last action (replaying the round from its deal), and returns it;
    /// `None` at the start of the round.
    pub fn undo(&mut self) -> Option<Action> {
        let last = self.history.pop()?;
        let mut state = (*self.start).clone();
        for &a in &self.history {
            match state.validate(a) {
                Ok(checked) => state.apply(a, checked),
                // Every action of the history was legal when played.
                Err(_) => break,
            }
        }
        self.state = state;
        Some(last)
    }

    /// The actions played, in order.
    pub fn history(&self) -> &[Action] {
        &self.history
    }

    /// The table's options.
    pub fn options(&self) -> &TableOptions {
        &self.state.options
    }

    /// The dominant wind (the owner of the breach's wall), who played first.
    pub fn dominant(&self) -> Wind {
        self.state.dominant
    }

    /// The round wind, when that option is used.
    pub fn round_wind(&self) -> Option<Wind> {
        self.state.round_wind
    }

    /// The wall as it stands (live and dead walls, hidden tiles included: a referee's view).
    pub fn wall(&self) -> &Wall {
        &self.state.wall
    }

    /// A seat's concealed tiles, sorted (hidden from the other seats: see [`View`]).
    pub fn concealed(&self, seat: Wind) -> &[Tile] {
        &self.state.seats[seat as usize].concealed
    }

    /// A seat's melds laid apart: exposed melds and declared concealed kongs.
    pub fn melds(&self, seat: Wind) -> &[Meld] {
        &self.state.seats[seat as usize].melds
    }

    /// A seat's flowers and seasons, in the order laid out.
    pub fn bonus(&self, seat: Wind) -> &[Tile] {
        &self.state.seats[seat as usize].bonus
    }

    /// A seat's whole hand.
    ///
    /// # Errors
    /// [`PlayError::Hand`] never for a round built by [`Round::new`].
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
    pub fn is_calling(&self, seat: Wind) -> bool {
        self.state.seats[seat as usize].calling
    }

    /// The discards not taken, in order, with who discarded them (every one, face up or
    /// not: a referee's view).
    pub fn discards(&self) -> &[(Wind, Tile)] {
        &self.state.pool
    }

    /// What the seat may know (see [`View`]).
    pub fn view(&self, seat: Wind) -> View<'_> {
        View::new(self, seat)
    }

    /// How the round ended, once it is over.
    pub fn end(&self) -> Option<RoundEnd> {
        self.state.end.map(|(e, _)| e)
    }

    /// Whether the round is over.
    pub fn is_over(&self) -> bool {
        self.state.end.is_some()
    }

    /// The winner and how it won, once a seat went Mah-jong.
    pub fn win(&self) -> Option<(Wind, Win)> {
        match self.state.end {
            Some((RoundEnd::MahJong(w), Some(win))) => Some((w, win)),
            _ => None,
        }
    }

    /// How many tiles of each kind the round holds, wherever they are (hands, melds,
    /// flowers and seasons, discards, live and dead walls), indexed by [`Tile::index`]: at
    /// every step, the copies of the table's set.
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
    pub fn scores(&self) -> Result<PerWind<Score>, ScoringError> {
        let s = &self.state;
        let (end, win) = s.end.ok_or(ScoringError::NotOver)?;
        let mut out: [Option<Score>; 4] = [None, None, None, None];
        for seat in Wind::ALL {
            let st = &s.seats[seat as usize];
            let hand = self.final_hand(seat)?;
            let outcome = match (end, win) {
                (RoundEnd::MahJong(w), Some(win)) if w == seat => Outcome::Won(win),
                (RoundEnd::MahJong(_), _) => Outcome::AnotherWon,
                (RoundEnd::WallExhausted, _) => Outcome::NobodyWon,
            };
            let mut situation = Situation::new(seat, s.dominant)
                .with_calling(st.calling)
                .with_outcome(outcome);
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

/// The invocation order's seat at `index`.
fn invoker(index: u8) -> Option<Wind> {
    rotation::invocation_order(4)
        .get(usize::from(index))
        .copied()
}

/// The sequences `first..first+2` that hold `tile`, by their first tile.
fn chows_with(tile: Tile) -> impl Iterator<Item = Tile> {
    let p1 = tile.previous_in_suit();
    let p2 = p1.and_then(Tile::previous_in_suit);
    [p2, p1, Some(tile)]
        .into_iter()
        .flatten()
        .filter(|t| Meld::sequence(*t, Exposure::Exposed).is_ok())
}

/// The two other tiles of the sequence starting at `first` that holds `tile`, or `None`
/// if no such sequence holds it.
fn chow_others(first: Tile, tile: Tile) -> Option<[Tile; 2]> {
    let second = first.next_in_suit()?;
    let third = second.next_in_suit()?;
    match tile {
        t if t == first => Some([second, third]),
        t if t == second => Some([first, third]),
        t if t == third => Some([first, second]),
        _ => None,
    }
}

impl State {
    pub(super) fn phase(&self) -> Phase {
        match self.step {
            Step::Turn(t) => Phase::Turn { seat: t.seat },
            Step::Claims(w) => Phase::Claims {
                discarder: w.from,
                tile: w.tile,
            },
            Step::Robbing(w) => Phase::Robbing {
                seat: w.from,
                tile: w.tile,
            },
            Step::Invocation { index } => match invoker(index) {
                Some(seat) => Phase::Invocation { seat },
                None => Phase::Over,
            },
            Step::Invoked { seat, tile, .. } => Phase::Invoked { seat, tile },
            Step::Over => Phase::Over,
        }
    }

    fn may_act(&self, seat: Wind) -> bool {
        match self.step {
            Step::Turn(t) => t.seat == seat,
            Step::Claims(w) | Step::Robbing(w) => w.pending[seat as usize],
            Step::Invocation { index } => invoker(index) == Some(seat),
            Step::Invoked { seat: s, .. } => s == seat,
            Step::Over => false,
        }
    }

    fn seat(&self, w: Wind) -> &Seat {
        &self.seats[w as usize]
    }

    fn replacement_left(&self) -> bool {
        self.wall.dead_len() + self.wall.live_len() > 0
    }

    pub(super) fn legal_actions(&self, seat: Wind) -> Vec<Action> {
        if !self.may_act(seat) {
            return Vec::new();
        }
        let st = self.seat(seat);
        let mut candidates: Vec<Action> = Vec::new();
        let mut distinct = st.concealed.clone();
        distinct.dedup();
        let meld_candidates = |tile: Tile, candidates: &mut Vec<Action>| {
            candidates.push(Action::MahJong { seat });
            candidates.push(Action::Pung { seat });
            candidates.push(Action::Kong { seat, tile });
            candidates.extend(chows_with(tile).map(|first| Action::Chow { seat, first }));
        };
        match self.step {
            Step::Turn(t) => {
                candidates.push(Action::MahJong { seat });
                for &tile in &distinct {
                    if st.count(tile) == 4 {
                        candidates.push(Action::Kong { seat, tile });
                    }
                }
                if let Some(d) = t.drawn
                    && st.exposed_pung(d).is_some()
                {
                    candidates.push(Action::Kong { seat, tile: d });
                }
                candidates.extend(distinct.iter().map(|&tile| Action::Discard { seat, tile }));
                if self.options.calling && !st.calling {
                    candidates.extend(distinct.iter().map(|&tile| Action::Calling { seat, tile }));
                }
            }
            Step::Claims(w) => {
                candidates.push(Action::Pass { seat });
                meld_candidates(w.tile, &mut candidates);
            }
            Step::Robbing(_) => {
                candidates.push(Action::Pass { seat });
                candidates.push(Action::MahJong { seat });
            }
            Step::Invocation { .. } => {
                candidates.push(Action::Pass { seat });
                let mut tiles: Vec<Tile> = self.pool.iter().map(|&(_, t)| t).collect();
                tiles.sort_unstable();
                tiles.dedup();
                candidates.extend(tiles.into_iter().map(|tile| Action::Invoke { seat, tile }));
            }
            Step::Invoked { tile, .. } => meld_candidates(tile, &mut candidates),
            Step::Over => {}
        }
        candidates.retain(|&a| self.validate(a).is_ok());
        candidates
    }

    pub(super) fn validate(&self, a: Action) -> Result<Checked, PlayError> {
        let seat = a.seat();
        match self.step {
            Step::Over => Err(PlayError::RoundOver),
            Step::Turn(t) if t.seat == seat => self.check_turn(t, a).map(|()| None),
            Step::Claims(w) if w.pending[seat as usize] => self.check_claim(&w, a),
            Step::Robbing(w) if w.pending[seat as usize] => self.check_rob(&w, a),
            Step::Invocation { index } if invoker(index) == Some(seat) => {
                self.check_invoke(a).map(|()| None)
            }
            Step::Invoked { seat: s, tile, .. } if s == seat => self.check_invoked(tile, a),
            _ => Err(PlayError::NotToAct { seat }),
        }
    }

    fn holds(&self, seat: Wind, tile: Tile) -> Result<(), PlayError> {
        if self.seat(seat).concealed.contains(&tile) {
            Ok(())
        } else {
            Err(PlayError::NotInHand { seat, tile })
        }
    }

    fn check_turn(&self, t: Turn, a: Action) -> Result<(), PlayError> {
        let seat = t.seat;
        let st = self.seat(seat);
        match a {
            Action::Discard { tile, .. } => {
                self.holds(seat, tile)?;
                if st.calling && t.drawn != Some(tile) {
                    return Err(PlayError::CallingHandFixed { seat });
                }
                Ok(())
            }
            Action::Calling { tile, .. } => {
                if !self.options.calling {
                    return Err(PlayError::CallingNotInUse);
                }
                if st.calling {
                    return Err(PlayError::AlreadyCalling { seat });
                }
                self.holds(seat, tile)?;
                if !waits::is_calling(&st.hand_without(seat, tile)?, seat) {
                    return Err(PlayError::NotCalling { seat, tile });
                }
                Ok(())
            }
            Action::Kong { tile, .. } => {
                if st.calling {
                    return Err(PlayError::CallingHandFixed { seat });
                }
                let concealed = st.count(tile) == 4;
                let small =
                    st.exposed_pung(tile).is_some() && t.drawn == Some(tile) && st.count(tile) > 0;
                if !concealed && !small {
                    return Err(PlayError::NoKong { seat, tile });
                }
                if !self.replacement_left() {
                    return Err(PlayError::NoReplacement);
                }
                Ok(())
            }
            Action::MahJong { .. } => {
                let Some(drawn) = t.drawn else {
                    return Err(PlayError::NoTileDrawn { seat });
                };
                let complete = if t.waits_known {
                    st.waits.contains(&drawn)
                } else {
                    waits::is_mah_jong(&st.hand(seat)?, seat)
                };
                if !complete {
                    return Err(PlayError::NotMahJong { seat });
                }
                Ok(())
            }
            _ => Err(PlayError::NotNow { action: a }),
        }
    }

    /// Checks a meld or Mah-jong with `tile` by `seat`, from `from`'s discard (or, in the
    /// invocation, as if from the seat before: any meld is allowed), `hand` being the seat's
    /// 13 tiles.
    fn check_meld(
        &self,
        a: Action,
        tile: Tile,
        from: Wind,
        waits_known: Option<&[Tile]>,
    ) -> Result<Claim, PlayError> {
        let seat = a.seat();
        let st = self.seat(seat);
        // The seat's tiles without the tile in play (in the invocation it holds it already).
        let held = |t: Tile| {
            let n = st.count(t);
            if waits_known.is_none() && t == tile {
                n.saturating_sub(1)
            } else {
                n
            }
        };
        let hand13 = || -> Result<Hand, PlayError> {
            if waits_known.is_some() {
                st.hand(seat)
            } else {
                st.hand_without(seat, tile)
            }
        };
        let kind = match a {
            Action::MahJong { .. } => ClaimKind::MahJong,
            _ if st.calling => return Err(PlayError::CallingHandFixed { seat }),
            Action::Pung { .. } => {
                if held(tile) < 2 {
                    return Err(ClaimError::CannotMeld {
                        kind: ClaimKind::Pung,
                        tile,
                    }
                    .into());
                }
                ClaimKind::Pung
            }
            Action::Kong { tile: k, .. } => {
                if k != tile {
                    return Err(PlayError::WrongTile { action: a, tile });
                }
                if held(tile) < 3 {
                    if st.exposed_pung(tile).is_some() {
                        return Err(ClaimError::ExposedPungWithDiscard { tile }.into());
                    }
                    return Err(ClaimError::CannotMeld {
                        kind: ClaimKind::Kong,
                        tile,
                    }
                    .into());
                }
                if !self.replacement_left() {
                    return Err(PlayError::NoReplacement);
                }
                ClaimKind::Kong
            }
            Action::Chow { first, .. } => {
                let Some(others) = chow_others(first, tile) else {
                    return Err(PlayError::WrongTile { action: a, tile });
                };
                if rotation::next_seat(from, 4) != seat {
                    return Err(ClaimError::ChowNotNextPlayer {
                        player: seat,
                        discarder: from,
                    }
                    .into());
                }
                if others.iter().any(|&o| held(o) == 0) {
                    return Err(ClaimError::CannotMeld {
                        kind: ClaimKind::Chow,
                        tile,
                    }
                    .into());
                }
                ClaimKind::Chow
            }
            _ => return Err(PlayError::NotNow { action: a }),
        };
        if kind == ClaimKind::MahJong
            && let Some(w) = waits_known
            && !w.contains(&tile)
        {
            return Err(ClaimError::NotMahJong { tile }.into());
        }
        Ok(claims::check_claim(&hand13()?, seat, from, tile, kind)?)
    }

    fn check_claim(&self, w: &Window, a: Action) -> Result<Checked, PlayError> {
        if let Action::Pass { .. } = a {
            return Ok(None);
        }
        if w.last_discard && !matches!(a, Action::MahJong { .. }) {
            if let Action::Pung { .. } | Action::Kong { .. } | Action::Chow { .. } = a {
                return Err(PlayError::LastDiscard);
            }
            return Err(PlayError::NotNow { action: a });
        }
        let seat = a.seat();
        self.check_meld(a, w.tile, w.from, Some(&self.seat(seat).waits))
            .map(Some)
    }

    fn check_rob(&self, w: &Window, a: Action) -> Result<Checked, PlayError> {
        let seat = a.seat();
        match a {
            Action::Pass { .. } => Ok(None),
            Action::MahJong { .. } => {
                let st = self.seat(seat);
                if !st.waits.contains(&w.tile) {
                    return Err(ClaimError::NotMahJong { tile: w.tile }.into());
                }
                Ok(Some(claims::check_robbing_kong(
                    &st.hand(seat)?,
                    seat,
                    w.tile,
                )?))
            }
            _ => Err(PlayError::NotNow { action: a }),
        }
    }

    fn check_invoke(&self, a: Action) -> Result<(), PlayError> {
        let seat = a.seat();
        match a {
            Action::Pass { .. } => Ok(()),
            Action::Invoke { tile, .. } => {
                if !self.pool.iter().any(|&(_, t)| t == tile) {
                    return Err(PlayError::NotDiscarded { tile });
                }
                let st = self.seat(seat);
                let hand = st.hand(seat)?;
                let mah_jong = claims::mah_jong_way(&hand, seat, tile).is_some();
                let meld = !st.calling
                    && (st.count(tile) >= 2
                        || chows_with(tile).any(|first| {
                            chow_others(first, tile)
                                .is_some_and(|o| o.iter().all(|&x| st.count(x) > 0))
                        }));
                if mah_jong || meld {
                    Ok(())
                } else {
                    Err(PlayError::UselessTile { seat, tile })
                }
            }
            _ => Err(PlayError::NotNow { action: a }),
        }
    }

    fn check_invoked(&self, tile: Tile, a: Action) -> Result<Checked, PlayError> {
        if let Action::Pass { .. } | Action::Discard { .. } | Action::Invoke { .. } = a {
            return Err(PlayError::NotNow { action: a });
        }
        let seat = a.seat();
        // The tile comes from the Celestial Empire: any meld is allowed, as from the seat
        // before.
        self.check_meld(a, tile, seat.previous(), None).map(Some)
    }

    // --- Applying checked actions ---

    pub(super) fn apply(&mut self, a: Action, checked: Checked) {
        let seat = a.seat();
        match self.step {
            Step::Turn(t) => match a {
                Action::Discard { tile, .. } | Action::Calling { tile, .. } => {
                    let st = &mut self.seats[seat as usize];
                    st.remove(tile);
                    if let Action::Calling { .. } = a {
                        st.calling = true;
                    }
                    self.after_discard(seat, tile, t.invocation);
                }
                Action::Kong { tile, .. } => {
                    let st = &mut self.seats[seat as usize];
                    if st.count(tile) == 4 {
                        for _ in 0..4 {
                            st.remove(tile);
                        }
                        st.melds.push(Meld::from_checked_parts(
                            MeldKind::Kong,
                            tile,
                            Exposure::Concealed,
                        ));
                        self.refresh_waits(seat);
                        self.replace(seat, t.invocation);
                    } else {
                        self.small_kong(seat, tile, t.invocation);
                    }
                }
                Action::MahJong { .. } => {
                    if let Some(tile) = t.drawn {
                        self.end_win(
                            seat,
                            Win {
                                last_wall_tile: t.moon,
                                ..Win::self_drawn(tile)
                            },
                        );
                    }
                }
                _ => {}
            },
            Step::Claims(mut w) | Step::Robbing(mut w) => {
                w.pending[seat as usize] = false;
                if let Some(claim) = checked {
                    w.claims[seat as usize] = Some((a, claim));
                }
                let robbing = matches!(self.step, Step::Robbing(_));
                if w.pending.contains(&true) {
                    self.step = if robbing {
                        Step::Robbing(w)
                    } else {
                        Step::Claims(w)
                    };
                } else if robbing {
                    self.resolve_rob(w);
                } else {
                    self.resolve_claims(w);
                }
            }
            Step::Invocation { index } => match a {
                Action::Invoke { tile, .. } => {
                    if let Some(i) = self.pool.iter().rposition(|&(_, t)| t == tile) {
                        self.pool.remove(i);
                    }
                    self.last_face_up = false;
                    self.seats[seat as usize].insert(tile);
                    self.step = Step::Invoked { seat, tile, index };
                }
                _ => self.next_invoker(index),
            },
            Step::Invoked { tile, index, .. } => match a {
                Action::MahJong { .. } => self.end_win(seat, Win::discard(tile)),
                _ => {
                    // The tile is among the concealed tiles already.
                    self.make_meld(seat, a, tile, Some(index));
                }
            },
            Step::Over => {}
        }
    }

    pub(super) fn refresh_waits(&mut self, seat: Wind) {
        let st = &self.seats[seat as usize];
        let waits = match st.hand(seat) {
            Ok(hand) if hand.size() == 13 => waits::waits(&hand, seat).unwrap_or_default(),
            _ => Vec::new(),
        };
        self.seats[seat as usize].waits = waits;
    }

    fn end_win(&mut self, seat: Wind, win: Win) {
        self.end = Some((RoundEnd::MahJong(seat), Some(win)));
        self.step = Step::Over;
    }

    fn end_exhausted(&mut self) {
        self.end = Some((RoundEnd::WallExhausted, None));
        self.step = Step::Over;
    }

    fn after_discard(&mut self, seat: Wind, tile: Tile, invocation: Option<u8>) {
        self.pool.push((seat, tile));
        self.last_face_up = true;
        self.refresh_waits(seat);
        if let Some(index) = invocation {
            self.next_invoker(index);
            return;
        }
        let mut w = Window {
            from: seat,
            tile,
            last_discard: self.wall.live_len() == 0,
            pending: [false; 4],
            claims: [None; 4],
            invocation: None,
        };
        for other in Wind::ALL {
            if other != seat {
                w.pending[other as usize] = self.can_claim(&w, other);
            }
        }
        if w.pending.contains(&true) {
            self.step = Step::Claims(w);
        } else {
            self.resolve_claims(w);
        }
    }

    /// Whether `seat` has a claim on the window's discard.
    fn can_claim(&self, w: &Window, seat: Wind) -> bool {
        let tile = w.tile;
        // Quick necessary conditions first: most seats can claim nothing.
        let st = self.seat(seat);
        let chow = rotation::next_seat(w.from, 4) == seat
            && chows_with(tile).any(|first| {
                chow_others(first, tile).is_some_and(|o| o.iter().all(|x| st.concealed.contains(x)))
            });
        if !st.waits.contains(&tile) && st.count(tile) < 2 && !chow {
            return false;
        }
        let mut candidates = vec![
            Action::MahJong { seat },
            Action::Pung { seat },
            Action::Kong { seat, tile },
        ];
        candidates.extend(chows_with(tile).map(|first| Action::Chow { seat, first }));
        candidates
            .into_iter()
            .any(|a| self.check_claim(w, a).is_ok())
    }

    fn resolve_claims(&mut self, w: Window) {
        let claims: Vec<Claim> = w.claims.iter().flatten().map(|&(_, c)| c).collect();
        let Some(best) = claims::winning_claim(w.from, &claims, &self.options.rules) else {
            self.next_draw(w.from);
            return;
        };
        let Some((action, _)) = w.claims[best.player as usize] else {
            self.next_draw(w.from);
            return;
        };
        let seat = best.player;
        // The discard leaves the pool (it is its last entry).
        if let Some(i) = self.pool.iter().rposition(|&(_, t)| t == w.tile) {
            self.pool.remove(i);
        }
        self.last_face_up = false;
        self.seats[seat as usize].insert(w.tile);
        match action {
            Action::MahJong { .. } => self.end_win(
                seat,
                Win {
                    last_discard: w.last_discard,
                    ..Win::discard(w.tile)
                },
            ),
            _ => self.make_meld(seat, action, w.tile, None),
        }
    }

    /// Lays out the meld `a` (pung, chow or kong) made with `tile`, now among the seat's
    /// concealed tiles; the seat then plays (a kong first draws its replacement).
    fn make_meld(&mut self, seat: Wind, a: Action, tile: Tile, invocation: Option<u8>) {
        let st = &mut self.seats[seat as usize];
        let meld = match a {
            Action::Pung { .. } => {
                for _ in 0..3 {
                    st.remove(tile);
                }
                Meld::from_checked_parts(MeldKind::Triplet, tile, Exposure::Exposed)
            }
            Action::Kong { .. } => {
                for _ in 0..4 {
                    st.remove(tile);
                }
                Meld::from_checked_parts(MeldKind::Kong, tile, Exposure::Exposed)
            }
            Action::Chow { first, .. } => {
                if let Ok(m) = Meld::sequence(first, Exposure::Exposed) {
                    for t in m.tiles() {
                        st.remove(t);
                    }
                    m
                } else {
                    return;
                }
            }
            _ => return,
        };
        st.melds.push(meld);
        if meld.is_kong() {
            self.refresh_waits(seat);
            self.replace(seat, invocation);
        } else {
            self.step = Step::Turn(Turn {
                seat,
                drawn: None,
                moon: false,
                waits_known: false,
                invocation,
            });
        }
    }

    fn small_kong(&mut self, seat: Wind, tile: Tile, invocation: Option<u8>) {
        let mut w = Window {
            from: seat,
            tile,
            last_discard: false,
            pending: [false; 4],
            claims: [None; 4],
            invocation,
        };
        for other in Wind::ALL {
            if other != seat {
                w.pending[other as usize] =
                    self.check_rob(&w, Action::MahJong { seat: other }).is_ok();
            }
        }
        if w.pending.contains(&true) {
            self.step = Step::Robbing(w);
        } else {
            self.complete_small_kong(seat, tile, invocation);
        }
    }

    fn complete_small_kong(&mut self, seat: Wind, tile: Tile, invocation: Option<u8>) {
        let st = &mut self.seats[seat as usize];
        st.remove(tile);
        if let Some(i) = st.exposed_pung(tile) {
            st.melds[i] = Meld::from_checked_parts(MeldKind::Kong, tile, Exposure::Exposed);
        }
        self.refresh_waits(seat);
        self.replace(seat, invocation);
    }

    fn resolve_rob(&mut self, w: Window) {
        let claims: Vec<Claim> = w.claims.iter().flatten().map(|&(_, c)| c).collect();
        match claims::winning_claim(w.from, &claims, &self.options.rules) {
            Some(best) => {
                self.seats[w.from as usize].remove(w.tile);
                self.seats[best.player as usize].insert(w.tile);
                self.end_win(
                    best.player,
                    Win {
                        robbing_kong: true,
                        ..Win::discard(w.tile)
                    },
                );
            }
            None => self.complete_small_kong(w.from, w.tile, w.invocation),
        }
    }

    /// Draws replacements for `seat` until one is not a flower or season; the seat then
    /// plays. With none left, the round ends as an exhausted wall.
    fn replace(&mut self, seat: Wind, invocation: Option<u8>) {
        loop {
            match self.wall.draw_replacement() {
                None => {
                    self.end_exhausted();
                    return;
                }
                Some((t, _)) if t.is_bonus() => self.seats[seat as usize].bonus.push(t),
                Some((t, source)) => {
                    self.seats[seat as usize].insert(t);
                    let moon =
                        source == ReplacementSource::LiveWallTail && self.wall.live_len() == 0;
                    self.step = Step::Turn(Turn {
                        seat,
                        drawn: Some(t),
                        moon,
                        waits_known: true,
                        invocation,
                    });
                    return;
                }
            }
        }
    }

    fn next_draw(&mut self, from: Wind) {
        let seat = from.next();
        let Some(t) = self.wall.draw() else {
            self.exhausted();
            return;
        };
        if t.is_bonus() {
            self.seats[seat as usize].bonus.push(t);
            self.replace(seat, None);
            return;
        }
        self.seats[seat as usize].insert(t);
        self.step = Step::Turn(Turn {
            seat,
            drawn: Some(t),
            moon: self.wall.live_len() == 0,
            waits_known: true,
            invocation: None,
        });
    }

    /// The live wall is empty and its last discard was not taken.
    fn exhausted(&mut self) {
        if self.options.invocation_allowed()
            && rotation::invocation_allowed(self.options.rules.discards, self.wall.live_len())
            && !self.pool.is_empty()
        {
            self.step = Step::Invocation { index: 0 };
        } else {
            self.end_exhausted();
        }
    }

    fn next_invoker(&mut self, index: u8) {
        let next = index.saturating_add(1);
        if invoker(next).is_some() && !self.pool.is_empty() {
            self.step = Step::Invocation { index: next };
        } else {
            self.end_exhausted();
        }
    }
}
