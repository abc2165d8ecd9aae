//! The `efficient` bot: plays to get closer to Mah-jong.

use mahjong_tiles::Tile;
use rand::Rng;

use crate::claims;
use crate::meld::{Exposure, Meld, MeldKind};
use crate::table::{Action, Phase, View};

use super::Bot;
use super::reading::{FAR, Reading, claimed_meld};

/// Plays to reduce its distance to Mah-jong ([`tiles_away`](crate::distance::tiles_away)):
///
/// - goes Mah-jong whenever it can (on its own draw, on a discard, by robbing a kong, from
///   the Celestial Empire);
/// - discards the tile that leaves it nearest to Mah-jong; between equals, the one that
///   leaves the most unseen copies of useful tiles (the tiles it has not seen in its hand,
///   in the melds shown and in the discards face up);
/// - claims a discard for a pung, a chow or a kong only when the meld brings it nearer;
///   declares a kong (concealed, or adding its drawn tile to a pung) when that costs no
///   distance;
/// - declares a calling hand whenever its discard leaves it calling (when the option is on);
/// - invokes the Celestial Empire only for a Mah-jong.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EfficientBot;

impl Bot for EfficientBot {
    fn name(&self) -> &str {
        "efficient"
    }

    fn choose(&mut self, view: &View<'_>, _rng: &mut dyn Rng) -> Action {
        decide(view, turn, |_, legal, reading, tile| {
            claim(legal, reading, tile)
        })
    }
}

/// How the strong bots decide: Mah-jong whenever it is legal; otherwise their own choice of
/// discard on a turn (`turn`) and of claim on a discard (`claim`, passing when it has none);
/// [`otherwise`] for the rest.
pub(super) fn decide(
    view: &View<'_>,
    turn: impl FnOnce(&View<'_>, &[Action], &mut Reading) -> Action,
    claim: impl FnOnce(&View<'_>, &[Action], &mut Reading, Tile) -> Option<Action>,
) -> Action {
    let legal = view.legal_actions();
    if let Some(&a) = legal.iter().find(|a| matches!(a, Action::MahJong { .. })) {
        return a;
    }
    let mut reading = Reading::of(view);
    match view.phase() {
        Phase::Turn { .. } => turn(view, &legal, &mut reading),
        Phase::Claims { tile, .. } => {
            claim(view, &legal, &mut reading, tile).unwrap_or(Action::Pass { seat: view.seat() })
        }
        _ => otherwise(view, &legal, &mut reading),
    }
}

/// The decisions the strong bots share: invoking the Celestial Empire only for a Mah-jong,
/// the meld nearest to Mah-jong once a tile is taken, passing otherwise.
pub(super) fn otherwise(view: &View<'_>, legal: &[Action], reading: &mut Reading) -> Action {
    let seat = view.seat();
    let pass = Action::Pass { seat };
    if let Some(&a) = legal.iter().find(|a| matches!(a, Action::MahJong { .. })) {
        return a;
    }
    match view.phase() {
        Phase::Invoked { tile, .. } => {
            // A meld must be made: the one that leaves the hand nearest.
            claim_any(legal, reading, tile)
                .or_else(|| legal.first().copied())
                .unwrap_or(pass)
        }
        Phase::Invocation { .. } => legal
            .iter()
            .copied()
            .find(|a| match *a {
                Action::Invoke { tile, .. } => view
                    .hand()
                    .is_ok_and(|h| claims::mah_jong_way(&h, seat, tile).is_some()),
                _ => false,
            })
            .unwrap_or(pass),
        _ => pass,
    }
}

fn turn(view: &View<'_>, legal: &[Action], reading: &mut Reading) -> Action {
    let seat = view.seat();
    let discards: Vec<Tile> = legal
        .iter()
        .filter_map(|a| match *a {
            Action::Discard { tile, .. } => Some(tile),
            _ => None,
        })
        .collect();
    let scored: Vec<(Tile, u8)> = discards
        .iter()
        .map(|&t| (t, reading.away_without(t)))
        .collect();
    let best = scored.iter().map(|&(_, d)| d).min().unwrap_or(FAR);
    // A kong that costs no distance is declared: its replacement is a free draw.
    for a in legal {
        if let Action::Kong { tile, .. } = *a
            && kong_distance(reading, tile) <= best
        {
            return *a;
        }
    }
    let ties: Vec<Tile> = scored
        .iter()
        .filter(|&&(_, d)| d == best)
        .map(|&(t, _)| t)
        .collect();
    let choice = match ties[..] {
        [] => view.drawn().or_else(|| view.concealed().first().copied()),
        [one] => Some(one),
        _ => ties
            .iter()
            .copied()
            .max_by_key(|&t| reading.acceptance_without(t)),
    };
    let Some(tile) = choice else {
        return legal.first().copied().unwrap_or(Action::Pass { seat });
    };
    let calling = Action::Calling { seat, tile };
    if legal.contains(&calling) {
        calling
    } else {
        Action::Discard { seat, tile }
    }
}

/// The distance of the hand after a kong of `tile` on its own turn (13 tiles, before the
/// replacement).
pub(super) fn kong_distance(reading: &Reading, tile: Tile) -> u8 {
    let mut r = reading.clone();
    let i = tile.index();
    let (taken, meld) = if r.counts[i] == 4 {
        (4, Meld::kong(tile, Exposure::Concealed))
    } else {
        (1, Meld::kong(tile, Exposure::Exposed))
    };
    let Ok(meld) = meld else { return FAR };
    r.counts[i] = r.counts[i].saturating_sub(taken);
    if taken == 1 {
        r.melds
            .retain(|m| !(m.kind() == MeldKind::Triplet && m.tile() == tile && !m.is_concealed()));
    }
    r.melds.push(meld);
    r.away()
}

/// The claim among `legal` that brings the hand nearest, if it brings it nearer than
/// passing (a kong, whose replacement is a free draw, if it costs no distance).
pub(super) fn claim(legal: &[Action], reading: &mut Reading, tile: Tile) -> Option<Action> {
    let now = reading.away();
    let (a, d) = best_claim(legal, reading, tile)?;
    let kong = matches!(a, Action::Kong { .. });
    (d < now || (kong && d <= now)).then_some(a)
}

/// The claim among `legal` that leaves the hand nearest, whether or not it helps.
fn claim_any(legal: &[Action], reading: &mut Reading, tile: Tile) -> Option<Action> {
    best_claim(legal, reading, tile).map(|(a, _)| a)
}

/// The best claim and the distance it leaves (a kong counted after its replacement: one
/// less than before it, at best).
pub(super) fn best_claim(
    legal: &[Action],
    reading: &mut Reading,
    tile: Tile,
) -> Option<(Action, u8)> {
    let mut best: Option<(Action, u8)> = None;
    for &a in legal {
        let (kind, first) = match a {
            Action::Pung { .. } => (MeldKind::Triplet, tile),
            Action::Kong { .. } => (MeldKind::Kong, tile),
            Action::Chow { first, .. } => (MeldKind::Sequence, first),
            _ => continue,
        };
        let Some(meld) = claimed_meld(kind, first) else {
            continue;
        };
        let Some(mut after) = reading.with_meld(tile, meld) else {
            continue;
        };
        let d = if kind == MeldKind::Kong {
            // 13 tiles: the replacement is a draw to come.
            after.away()
        } else {
            after.best_after_discard()
        };
        if best.is_none_or(|(_, b)| d < b) {
            best = Some((a, d));
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use mahjong_tiles::{TileSet, Wind};
    use rand::SeedableRng;

    use super::*;
    use crate::table::{TableOptions, test_round};

    fn act(round: &crate::table::Round, seat: Wind) -> Action {
        EfficientBot.choose(&round.view(seat), &mut rand_pcg::Pcg64Mcg::seed_from_u64(0))
    }

    fn a(s: &str) -> Action {
        s.parse().expect("an action")
    }

    const HANDS: [&str; 4] = [
        "123m 456p 789s 11z 57m 1s",
        "55p 123m 456m 789s 1z 9p",
        "5p 123p 789p 11s 22s 33s",
        "888m 666p 777p 44z 22z",
    ];

    fn round() -> crate::table::Round {
        test_round(
            HANDS,
            "",
            TableOptions::default().with_tile_set(TileSet::WithoutBonus),
        )
    }

    #[test]
    fn it_discards_towards_mah_jong() {
        // Only throwing 1s keeps East calling (on 6m).
        assert_eq!(act(&round(), Wind::East), a("E discard 1s"));
    }

    #[test]
    fn it_claims_a_pung_that_brings_it_nearer_and_goes_mah_jong_first() {
        let mut r = round();
        // East discards 5p: South's pung makes it calling; West goes Mah-jong on it.
        r.play(a("E discard 5p")).expect("legal");
        assert_eq!(act(&r, Wind::South), a("S pung"));
        assert_eq!(act(&r, Wind::West), a("W mahjong"));
    }
}
