//! The round's data (seats, turn, claim windows) and the listing of legal actions.

use std::sync::Arc;

use mahjong_tiles::{Tile, Wind};

use crate::claims::Claim;
use crate::hand::Hand;
use crate::meld::{Exposure, Meld, MeldKind};
use crate::rotation::{self, RoundEnd};
use crate::score::Win;
use crate::wall::Wall;

use crate::table::action::Action;
use crate::table::options::TableOptions;

use super::{Phase, PlayError};

/// A seat's tiles.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub(in crate::table) struct Seat {
    /// Concealed tiles, sorted.
    pub(in crate::table) concealed: Vec<Tile>,
    /// Melds laid apart: exposed melds and declared concealed kongs.
    pub(in crate::table) melds: Vec<Meld>,
    /// Flowers and seasons laid out.
    pub(in crate::table) bonus: Vec<Tile>,
    /// Whether it declared a calling hand.
    pub(in crate::table) calling: bool,
    /// Its waits while it holds 13 tiles and another seat plays.
    pub(in crate::table) waits: Vec<Tile>,
}

impl Seat {
    pub(super) fn count(&self, tile: Tile) -> usize {
        self.concealed.iter().filter(|&&t| t == tile).count()
    }

    pub(super) fn insert(&mut self, tile: Tile) {
        let i = self.concealed.partition_point(|&t| t < tile);
        self.concealed.insert(i, tile);
    }

    /// Removes one copy; false if none.
    pub(super) fn remove(&mut self, tile: Tile) -> bool {
        match self.concealed.iter().position(|&t| t == tile) {
            Some(i) => {
                self.concealed.remove(i);
                true
            }
            None => false,
        }
    }

    pub(super) fn exposed_pung(&self, tile: Tile) -> Option<usize> {
        self.melds
            .iter()
            .position(|m| m.kind() == MeldKind::Triplet && !m.is_concealed() && m.tile() == tile)
    }

    pub(super) fn hand(&self, seat: Wind) -> Result<Hand, PlayError> {
        Hand::new(
            self.concealed.clone(),
            self.melds.clone(),
            self.bonus.clone(),
        )
        .map_err(|source| PlayError::Hand { seat, source })
    }

    /// The hand without one copy of `tile` (13 tiles from 14).
    pub(super) fn hand_without(&self, seat: Wind, tile: Tile) -> Result<Hand, PlayError> {
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
pub(in crate::table) struct Turn {
    pub(in crate::table) seat: Wind,
    /// The tile drawn this turn (from the wall or as a replacement), if it began with a draw.
    pub(in crate::table) drawn: Option<Tile>,
    /// Whether that tile was the last of the live wall.
    pub(in crate::table) moon: bool,
    /// Whether the seat's waits were worked out on its 13 tiles before the draw (every
    /// draw but the deal's): then the tile drawn gives Mah-jong exactly when it is a wait.
    pub(in crate::table) waits_known: bool,
    /// The turn is an invoker's, at this index of the invocation order.
    pub(in crate::table) invocation: Option<u8>,
}

/// A claim or robbing window.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(in crate::table) struct Window {
    /// The discarder, or the seat making the small kong.
    pub(in crate::table) from: Wind,
    pub(in crate::table) tile: Tile,
    pub(in crate::table) last_discard: bool,
    /// The seats still to decide.
    pub(in crate::table) pending: [bool; 4],
    /// The claims made.
    pub(in crate::table) claims: [Option<(Action, Claim)>; 4],
    /// For a robbing window: the invocation turn the small kong was made in.
    pub(in crate::table) invocation: Option<u8>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(in crate::table) enum Step {
    Turn(Turn),
    Claims(Window),
    Robbing(Window),
    Invocation { index: u8 },
    Invoked { seat: Wind, tile: Tile, index: u8 },
    Over,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(in crate::table) struct State {
    pub(in crate::table) options: Arc<TableOptions>,
    pub(in crate::table) dominant: Wind,
    pub(in crate::table) round_wind: Option<Wind>,
    pub(in crate::table) wall: Wall,
    pub(in crate::table) seats: [Seat; 4],
    /// The discards not taken, in order, with their discarder.
    pub(in crate::table) pool: Vec<(Wind, Tile)>,
    /// Whether the last discard of the pool is face up (the Japanese rule turns the others
    /// down).
    pub(in crate::table) last_face_up: bool,
    pub(in crate::table) step: Step,
    pub(in crate::table) end: Option<(RoundEnd, Option<Win>)>,
}

/// What a checked action carries to its application.
pub(super) type Checked = Option<Claim>;

/// The invocation order's seat at `index`.
pub(super) fn invoker(index: u8) -> Option<Wind> {
    rotation::invocation_order(4)
        .get(usize::from(index))
        .copied()
}

/// The sequences `first..first+2` that hold `tile`, by their first tile.
pub(super) fn chows_with(tile: Tile) -> impl Iterator<Item = Tile> {
    let p1 = tile.previous_in_suit();
    let p2 = p1.and_then(Tile::previous_in_suit);
    [p2, p1, Some(tile)]
        .into_iter()
        .flatten()
        .filter(|t| Meld::sequence(*t, Exposure::Exposed).is_ok())
}

/// The two other tiles of the sequence starting at `first` that holds `tile`, or `None`
/// if no such sequence holds it.
pub(super) fn chow_others(first: Tile, tile: Tile) -> Option<[Tile; 2]> {
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
    pub(in crate::table) fn phase(&self) -> Phase {
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

    pub(super) fn may_act(&self, seat: Wind) -> bool {
        match self.step {
            Step::Turn(t) => t.seat == seat,
            Step::Claims(w) | Step::Robbing(w) => w.pending[seat as usize],
            Step::Invocation { index } => invoker(index) == Some(seat),
            Step::Invoked { seat: s, .. } => s == seat,
            Step::Over => false,
        }
    }

    pub(super) fn seat(&self, w: Wind) -> &Seat {
        &self.seats[w as usize]
    }

    pub(super) fn replacement_left(&self) -> bool {
        self.wall.dead_len() + self.wall.live_len() > 0
    }

    pub(in crate::table) fn legal_actions(&self, seat: Wind) -> Vec<Action> {
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

    pub(in crate::table) fn validate(&self, a: Action) -> Result<Checked, PlayError> {
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
}
