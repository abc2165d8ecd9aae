//! What playing a checked action does: melds, kongs and replacements, claim resolution, draws,
//! the end of the round.

use mahjong_tiles::{Tile, Wind};

use crate::claims::{self, Claim};
use crate::meld::{Exposure, Meld, MeldKind};
use crate::rotation::{self, RoundEnd};
use crate::score::Win;
use crate::waits;
use crate::wall::ReplacementSource;

use crate::table::action::Action;

use super::state::*;

impl State {
    pub(in crate::table) fn apply(&mut self, a: Action, checked: Checked) {
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

    pub(in crate::table) fn refresh_waits(&mut self, seat: Wind) {
        let st = &self.seats[seat as usize];
        let waits = match st.hand(seat) {
            Ok(hand) if hand.size() == 13 => waits::waits(&hand, seat).unwrap_or_default(),
            _ => Vec::new(),
        };
        self.seats[seat as usize].waits = waits;
    }

    pub(super) fn end_win(&mut self, seat: Wind, win: Win) {
        self.end = Some((RoundEnd::MahJong(seat), Some(win)));
        self.step = Step::Over;
    }

    pub(super) fn end_exhausted(&mut self) {
        self.end = Some((RoundEnd::WallExhausted, None));
        self.step = Step::Over;
    }

    pub(super) fn after_discard(&mut self, seat: Wind, tile: Tile, invocation: Option<u8>) {
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
    pub(super) fn can_claim(&self, w: &Window, seat: Wind) -> bool {
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

    pub(super) fn resolve_claims(&mut self, w: Window) {
        let claims: Vec<Claim> = w.claims.iter().flatten().map(|&(_, c)| c).collect();
        let Some(best) = claims::winning_claim(w.from, &claims, &self.options.rules) else {
            self.next_draw(w.from);
            return;
        };
        let Some((action, _)) = w.claims[best.seat as usize] else {
            self.next_draw(w.from);
            return;
        };
        let seat = best.seat;
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
    pub(super) fn make_meld(&mut self, seat: Wind, a: Action, tile: Tile, invocation: Option<u8>) {
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

    pub(super) fn small_kong(&mut self, seat: Wind, tile: Tile, invocation: Option<u8>) {
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

    pub(super) fn complete_small_kong(&mut self, seat: Wind, tile: Tile, invocation: Option<u8>) {
        let st = &mut self.seats[seat as usize];
        st.remove(tile);
        if let Some(i) = st.exposed_pung(tile) {
            st.melds[i] = Meld::from_checked_parts(MeldKind::Kong, tile, Exposure::Exposed);
        }
        self.refresh_waits(seat);
        self.replace(seat, invocation);
    }

    pub(super) fn resolve_rob(&mut self, w: Window) {
        let claims: Vec<Claim> = w.claims.iter().flatten().map(|&(_, c)| c).collect();
        match claims::winning_claim(w.from, &claims, &self.options.rules) {
            Some(best) => {
                self.seats[w.from as usize].remove(w.tile);
                self.seats[best.seat as usize].insert(w.tile);
                self.end_win(
                    best.seat,
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
    pub(super) fn replace(&mut self, seat: Wind, invocation: Option<u8>) {
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

    pub(super) fn next_draw(&mut self, from: Wind) {
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
    pub(super) fn exhausted(&mut self) {
        if self.options.invocation_allowed()
            && rotation::invocation_allowed(self.options.rules.discards, self.wall.live_len())
            && !self.pool.is_empty()
        {
            self.step = Step::Invocation { index: 0 };
        } else {
            self.end_exhausted();
        }
    }

    pub(super) fn next_invoker(&mut self, index: u8) {
        let next = index.saturating_add(1);
        if invoker(next).is_some() && !self.pool.is_empty() {
            self.step = Step::Invocation { index: next };
        } else {
            self.end_exhausted();
        }
    }
}
