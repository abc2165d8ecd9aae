//! Which decisions mahjong-rules' `expert` bot searches, read from the round as the bot
//! reads its view: a claim (a choice on another seat's discard), or a turn whose best
//! discard leaves the hand one tile from Mah-jong, when Mah-jong itself is not on offer.
//! The others it answers at once.

use mahjong_rules::distance;
use mahjong_rules::table::{Action, Phase, Round};
use mahjong_tiles::{Tile, Wind};

/// Whether the expert searches `seat`'s decision in `round`.
pub fn searched(round: &Round, seat: Wind) -> bool {
    let legal = round.legal_actions(seat);
    if legal.iter().any(|a| matches!(a, Action::MahJong { .. })) {
        return false;
    }
    match round.phase() {
        Phase::Claims { .. } => legal.len() > 1,
        Phase::Turn { .. } => {
            let counts = Tile::count_kinds(round.concealed(seat).iter().copied());
            round.concealed(seat).iter().any(|&t| {
                let mut c = counts;
                c[t.index()] -= 1;
                distance::tiles_away_counts(&c, round.melds(seat)).is_ok_and(|d| d <= 1)
            })
        }
        _ => false,
    }
}
