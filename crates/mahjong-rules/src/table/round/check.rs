//! Whether an action may be played now: the rules of turns, claims, kongs, robbing and the
//! Celestial Empire.

use mahjong_tiles::{Tile, Wind};

use crate::claims::{self, Claim, ClaimError, ClaimKind};
use crate::hand::Hand;
use crate::rotation::{self};
use crate::waits;

use crate::table::action::Action;

use super::PlayError;
use super::state::*;

impl State {
    pub(super) fn holds(&self, seat: Wind, tile: Tile) -> Result<(), PlayError> {
        if self.seat(seat).concealed.contains(&tile) {
            Ok(())
        } else {
            Err(PlayError::NotInHand { seat, tile })
        }
    }

    pub(super) fn check_turn(&self, t: Turn, a: Action) -> Result<(), PlayError> {
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
    pub(super) fn check_meld(
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
                        seat,
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

    pub(super) fn check_claim(&self, w: &Window, a: Action) -> Result<Checked, PlayError> {
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

    pub(super) fn check_rob(&self, w: &Window, a: Action) -> Result<Checked, PlayError> {
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

    pub(super) fn check_invoke(&self, a: Action) -> Result<(), PlayError> {
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

    pub(super) fn check_invoked(&self, tile: Tile, a: Action) -> Result<Checked, PlayError> {
        if let Action::Pass { .. } | Action::Discard { .. } | Action::Invoke { .. } = a {
            return Err(PlayError::NotNow { action: a });
        }
        let seat = a.seat();
        // The tile comes from the Celestial Empire: any meld is allowed, as from the seat
        // before.
        self.check_meld(a, tile, seat.previous(), None).map(Some)
    }

    // --- Applying checked actions ---
}
