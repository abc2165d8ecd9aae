//! The greedy player: the most points now, highest digits first, taking a completion bonus
//! when one is within reach.

use sudoku_core::Cell;

use super::{Plan, Pos};

/// The known cells worth most this turn: the `quota` highest digits, or a house's last known
/// cells topped up with the highest digits when the bonus makes that worth more.
pub(crate) fn plan(pos: &Pos, quota: u8, bonus: bool) -> Plan {
    let q = usize::from(quota).min(pos.by_digit.len());
    let plain: Vec<Cell> = pos.by_digit[..q].to_vec();
    let mut best = Plan {
        gain: pos.gain(&plain, bonus),
        cells: plain,
    };
    if !bonus {
        return best;
    }
    for h in 0..27 {
        let empty = usize::from(pos.house_empty[h]);
        if empty == 0 || empty > q {
            continue;
        }
        let Some(mut cells) = pos.known_house(h) else {
            continue;
        };
        for &c in &pos.by_digit {
            if cells.len() == q {
                break;
            }
            if !cells.contains(&c) {
                cells.push(c);
            }
        }
        let gain = pos.gain(&cells, bonus);
        if gain > best.gain {
            best = Plan { cells, gain };
        }
    }
    best
}
