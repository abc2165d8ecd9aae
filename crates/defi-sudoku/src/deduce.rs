//! What a player can deduce from a position with the techniques it masters: the coupling to
//! sudoku-grade's technique ladder (A1 naked singles … E look-ahead).
//!
//! A player "masters the techniques up to letter L" ([`Method`], seed 002's ladder). From a
//! position it applies the cheapest technique that progresses, again and again, as
//! sudoku-grade's rater does, and stops when the cheapest progress needs a letter above L, or
//! needs F (trial and error, which peeks at the solution in sudoku-grade: a player must
//! guess instead). Every placement made on the way is a digit the player knows.

use sudoku_core::{Cell, Grid, Puzzle, Shape};
use sudoku_grade::{Position as Pencil, Rater, Technique, Techniques};

pub use sudoku_grade::Method;

use crate::board::Cells;

/// The work budget of one step of the ladder (sudoku-grade's units; a whole minimal puzzle
/// takes from about 60 to a few tens of thousands). Past it the player is stuck.
const STEP_BUDGET: u64 = 200_000;

/// What a player knows about a position.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Knowledge {
    /// Every placement `(cell, digit)` the player can establish, empty cells only, in the order
    /// found.
    pub placements: Vec<(u8, u8)>,
    /// The candidates (bit `d` for digit `d`) left in every cell once those placements and the
    /// player's eliminations are made; 0 for filled cells.
    #[cfg_attr(feature = "serde", serde(with = "candidates_serde"))]
    pub candidates: [u16; 81],
}

/// The 81 candidate sets as a sequence (serde derives arrays of at most 32 elements).
#[cfg(feature = "serde")]
mod candidates_serde {
    use serde::{Deserialize, Deserializer, Serializer, de::Error as _};

    pub(crate) fn serialize<S: Serializer>(cands: &[u16; 81], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(cands)
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<[u16; 81], D::Error> {
        let cands = Vec::<u16>::deserialize(d)?;
        let len = cands.len();
        cands
            .try_into()
            .map_err(|_| D::Error::invalid_length(len, &"81 candidate sets"))
    }
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

/// The techniques of every letter up to `level` (sudoku-grade always keeps the singles).
fn techniques_up_to(level: Method) -> Techniques {
    Technique::ALL
        .into_iter()
        .filter(|t| t.method() > level)
        .fold(Techniques::all(), Techniques::without)
}

/// Everything a player mastering the techniques up to `level` can deduce from `cells`.
///
/// Sound on any position consistent with a unique solution (a game's positions always are:
/// wrong entries are corrected), so every placement found is the solution's digit. A
/// position with clashing digits yields no knowledge.
///
/// ```
/// use defi_sudoku::Board;
/// use defi_sudoku::deduce::{Method, deduce};
/// let board = Board::generate(3);
/// let easy = deduce(board.puzzle(), Method::A1);
/// let more = deduce(board.puzzle(), Method::D);
/// assert!(more.placements.len() >= easy.placements.len());
/// for (cell, digit) in more.placements {
///     assert_eq!(board.solution()[cell as usize], digit);
/// }
/// ```
pub fn deduce(cells: &Cells, level: Method) -> Knowledge {
    let mut knowledge = Knowledge {
        placements: Vec::new(),
        candidates: [0; 81],
    };
    let Ok(grid) = Grid::new(Shape::CLASSIC, cells.to_vec()) else {
        return knowledge;
    };
    let Ok(puzzle) = Puzzle::classic(grid) else {
        return knowledge;
    };
    let mut pencil = Pencil::new(&puzzle);
    let rater = Rater::new()
        .techniques(techniques_up_to(level))
        .budget(STEP_BUDGET)
        .record_steps(false);
    while !pencil.is_solved() {
        let Ok(step) = rater.next_step(&pencil) else {
            break;
        };
        if step.technique == Technique::Guess || step.method() > level {
            break;
        }
        if pencil.play(&step).is_err() {
            break;
        }
        if let Some(p) = step.placement {
            knowledge.placements.push((p.cell.index() as u8, p.digit));
        }
    }
    for (cell, slot) in knowledge.candidates.iter_mut().enumerate() {
        *slot = pencil
            .candidates(Cell::new(cell))
            .iter()
            .fold(0u16, |bits, d| bits | 1 << d);
    }
    knowledge
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Board;

    #[test]
    fn deductions_are_sound_and_grow_with_the_level() {
        for seed in 0..4 {
            let board = Board::generate(seed);
            let mut previous = 0;
            for level in Method::ALL {
                let k = deduce(board.puzzle(), level);
                for &(cell, digit) in &k.placements {
                    assert_eq!(board.solution()[usize::from(cell)], digit);
                    assert_eq!(board.puzzle()[usize::from(cell)], 0);
                }
                assert!(k.placements.len() >= previous, "seed {seed} {level:?}");
                previous = k.placements.len();
            }
        }
    }

    #[test]
    fn a1_stops_where_a_hidden_single_is_needed() {
        // Row 1 is empty except 1..8 in its first eight cells... a naked single for the last.
        let mut cells = [0u8; 81];
        for (c, value) in cells.iter_mut().enumerate().take(8) {
            *value = c as u8 + 1;
        }
        let k = deduce(&cells, Method::A1);
        assert_eq!(k.digit(8), Some(9));
        // The candidates of a filled cell are empty, of an open cell within 1..=9.
        assert_eq!(k.candidates[0], 0);
        assert!(k.candidates[40] != 0 && k.candidates[40] & 1 == 0);
    }

    #[test]
    fn techniques_up_to_a_letter_exclude_the_rest() {
        let set = techniques_up_to(Method::B);
        for t in Technique::ALL {
            if t.method() <= Method::B {
                assert!(set.contains(t), "{t:?}");
            }
        }
    }
}
