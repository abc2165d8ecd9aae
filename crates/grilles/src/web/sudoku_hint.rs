//! Hints where sudoku-grade's rater cannot give one: on the Samurai (the rater reads single
//! grids) and on killer sudokus (the rater does not read cages, so only its steps that
//! reason on the houses alone hold there, and it finds none at first). The hint is the first
//! single in sight — a cell with one digit left by its houses (and its cage), or a digit with
//! one place left in a house — else the cell with the fewest digits left, whose digit is
//! then the solution's.

use sudoku_core::killer::KillerPuzzle;
use sudoku_core::{Candidates, Cell};

use crate::sudoku::SudokuGame;

/// A single (or, failing one, a revealed digit): the cell, its digit, the sentence and the
/// cells it reasons on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SingleHint {
    /// The cell to fill.
    pub cell: Cell,
    /// Its digit.
    pub digit: u8,
    /// Why.
    pub text: String,
    /// The cells the reason looks at (the house, the cage).
    pub cells: Vec<Cell>,
}

/// The digits left in each cell by the houses, and by the cages of `killer`.
fn left(game: &SudokuGame, killer: Option<&KillerPuzzle>) -> Vec<Candidates> {
    let mut cands = game.board().all_candidates();
    let Some(k) = killer else {
        return cands;
    };
    for (i, cage) in k.cages().iter().enumerate() {
        let placed = Candidates::from_values(
            cage.cells
                .iter()
                .map(|c| game.value(*c))
                .filter(|&v| v != 0),
        );
        let mut union = Candidates::EMPTY;
        for &combo in k.combinations(i) {
            let set = Candidates::from_bits(combo);
            if set & placed == placed {
                union |= set;
            }
        }
        for c in &cage.cells {
            if game.value(*c) == 0 {
                cands[c.index()] &= union;
            }
        }
    }
    cands
}

/// The hint for the position (every digit on the board must be right: wrong digits are
/// the model's own hint).
pub fn single(game: &SudokuGame, killer: Option<&KillerPuzzle>) -> Option<SingleHint> {
    let geometry = game.geometry();
    let at = |c: Cell| geometry.display_cell(c).to_string();
    let symbol = |v: u8| game.symbol(v);
    let cands = left(game, killer);
    let empty: Vec<Cell> = game.cells().filter(|&c| game.value(c) == 0).collect();
    let cage_of = |c: Cell| killer.and_then(|k| k.cage_of(c).map(|i| (i, &k.cages()[i])));
    for &c in &empty {
        let set = cands[c.index()];
        if set.len() == 1
            && let Some(d) = set.iter().next()
        {
            let (why, cells) = match cage_of(c) {
                Some((_, cage)) => (
                    format!("its houses and its cage (sum {})", cage.sum),
                    cage.cells.clone(),
                ),
                None => ("its houses".to_string(), vec![c]),
            };
            return Some(SingleHint {
                cell: c,
                digit: d,
                text: format!(
                    "{} can only be {}: {why} leave no other digit.",
                    at(c),
                    symbol(d)
                ),
                cells,
            });
        }
    }
    for h in geometry.houses() {
        let cells = geometry.house(h);
        for d in 1..=game.size() as u8 {
            if cells.iter().any(|&c| game.value(c) == d) {
                continue;
            }
            let mut places = cells.iter().filter(|&&c| cands[c.index()].contains(d));
            if let (Some(&only), None) = (places.next(), places.next()) {
                return Some(SingleHint {
                    cell: only,
                    digit: d,
                    text: format!(
                        "In {}, {} can only go in {}.",
                        geometry.house_kind(h),
                        symbol(d),
                        at(only)
                    ),
                    cells: cells.to_vec(),
                });
            }
        }
    }
    let c = empty
        .into_iter()
        .min_by_key(|c| (cands[c.index()].len(), c.index()))?;
    let d = game.solution().get(c.index());
    Some(SingleHint {
        cell: c,
        digit: d,
        text: format!(
            "No single in sight: {} has the fewest digits left ({}); the solution's is {}.",
            at(c),
            cands[c.index()]
                .iter()
                .map(|v| symbol(v).to_string())
                .collect::<Vec<_>>()
                .join(", "),
            symbol(d)
        ),
        cells: vec![c],
    })
}
