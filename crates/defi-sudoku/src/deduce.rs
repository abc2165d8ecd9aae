//! What a player can deduce from a position with the techniques it masters: the coupling to
//! sudoku-grade's technique ladder.
//!
//! TEMPORARY: until sudoku-grade is merged, naked singles (A1), hidden singles (A2) and locked
//! candidates (B) are implemented here; higher letters deduce as much as B.

use crate::board::{CELL_HOUSES, Cells, HOUSE_CELLS};

/// A rung of the technique ladder (seed 002's letters, cheapest first): a player masters every
/// technique up to its letter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Technique {
    /// Naked single.
    A1,
    /// Hidden single.
    #[default]
    A2,
    /// Locked candidates.
    B,
    /// Naked subsets.
    C,
    /// Hidden subsets, fish, wings, uniqueness.
    D,
    /// Contradiction look-ahead.
    E,
    /// Trial and error (never needed by a player who may guess).
    F,
}

/// What a player knows about a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Knowledge {
    /// Every placement `(cell, digit)` the player can establish, empty cells only, in the order
    /// found.
    pub placements: Vec<(u8, u8)>,
    /// The candidates (bit `d` for digit `d`) left in every cell once those placements and the
    /// player's eliminations are made; 0 for filled cells.
    pub candidates: [u16; 81],
}

impl Knowledge {
    /// The digit the player knows for `cell`, if any.
    pub fn digit(&self, cell: u8) -> Option<u8> {
        self.placements
            .iter()
            .find(|&&(c, _)| c == cell)
            .map(|&(_, d)| d)
    }
}

/// Everything a player mastering the techniques up to `level` can deduce from `cells`: it
/// applies its techniques until none progresses, placing what they establish.
///
/// Sound on any position consistent with a unique solution (a game's positions always are:
/// wrong entries are corrected), so every placement found is the solution's digit.
pub fn deduce(cells: &Cells, level: Technique) -> Knowledge {
    let mut work = *cells;
    let mut cands = [0u16; 81];
    for cell in 0..81 {
        if work[cell] == 0 {
            let mut used = 0u16;
            for &h in &CELL_HOUSES[cell] {
                for &c in &HOUSE_CELLS[h as usize] {
                    used |= 1 << work[c as usize];
                }
            }
            cands[cell] = !used & 0x3fe;
        }
    }
    let mut placements = Vec::new();
    loop {
        let mut progress = false;
        // A1: naked singles.
        for cell in 0..81 {
            if work[cell] == 0 && cands[cell].count_ones() == 1 {
                let d = cands[cell].trailing_zeros() as u8;
                place(&mut work, &mut cands, cell, d);
                placements.push((cell as u8, d));
                progress = true;
            }
        }
        if progress {
            continue;
        }
        if level >= Technique::A2 {
            // A2: hidden singles.
            for house in &HOUSE_CELLS {
                for d in 1..=9u8 {
                    let mut spot = None;
                    let mut count = 0;
                    for &c in house {
                        if work[c as usize] == d {
                            count = 2;
                            break;
                        }
                        if work[c as usize] == 0 && cands[c as usize] & (1 << d) != 0 {
                            count += 1;
                            spot = Some(c as usize);
                        }
                    }
                    if let (1, Some(cell)) = (count, spot) {
                        place(&mut work, &mut cands, cell, d);
                        placements.push((cell as u8, d));
                        progress = true;
                    }
                }
            }
        }
        if progress {
            continue;
        }
        if level >= Technique::B {
            progress = locked_candidates(&work, &mut cands);
        }
        if !progress {
            break;
        }
    }
    Knowledge {
        placements,
        candidates: cands,
    }
}

fn place(work: &mut Cells, cands: &mut [u16; 81], cell: usize, d: u8) {
    work[cell] = d;
    cands[cell] = 0;
    for &h in &CELL_HOUSES[cell] {
        for &c in &HOUSE_CELLS[h as usize] {
            cands[c as usize] &= !(1 << d);
        }
    }
}

/// Pointing and claiming: when a digit's spots in one house all lie in another house, the
/// digit leaves the rest of that other house. Returns whether anything was eliminated.
fn locked_candidates(work: &Cells, cands: &mut [u16; 81]) -> bool {
    let mut progress = false;
    for (a, house_a) in HOUSE_CELLS.iter().enumerate() {
        for d in 1..=9u8 {
            let bit = 1u16 << d;
            let spots: Vec<usize> = house_a
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| work[c] == 0 && cands[c] & bit != 0)
                .collect();
            if spots.len() < 2 {
                continue;
            }
            for &b in &CELL_HOUSES[spots[0]] {
                let b = b as usize;
                if b == a || !spots.iter().all(|&c| CELL_HOUSES[c].contains(&(b as u8))) {
                    continue;
                }
                for &c in &HOUSE_CELLS[b] {
                    let c = c as usize;
                    if !spots.contains(&c) && cands[c] & bit != 0 {
                        cands[c] &= !bit;
                        progress = true;
                    }
                }
            }
        }
    }
    progress
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Board;

    #[test]
    fn deductions_are_sound_and_grow_with_the_level() {
        for seed in 0..5 {
            let board = Board::generate(seed);
            let mut previous = 0;
            for level in [Technique::A1, Technique::A2, Technique::B] {
                let k = deduce(board.puzzle(), level);
                for &(cell, digit) in &k.placements {
                    assert_eq!(board.solution()[cell as usize], digit);
                }
                assert!(k.placements.len() >= previous);
                previous = k.placements.len();
            }
        }
    }
}
