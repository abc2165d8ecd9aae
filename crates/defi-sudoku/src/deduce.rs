//! What a player can deduce (the model is on `deduce`).

use sudoku_core::{Candidates, Cell, Grid, Puzzle, Shape};
use sudoku_grade::{MarkedGrid as Pencil, Rater, Technique, Techniques};

use sudoku_grade::{Method, Placement};

/// The work budget of one step of the ladder (sudoku-grade's units; a whole minimal puzzle
/// takes from about 60 to a few tens of thousands). Past it the player is stuck.
const STEP_BUDGET: u64 = 200_000;

/// What a player knows about a position.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Knowledge {
    /// Every placement the player can establish, empty cells only, in the order found, each
    /// with what finding it took as sudoku-grade counts it: its `method` (the hardest letter
    /// among the placing step and the eliminations made since the previous placement), its
    /// `candidates` |V| when the search for it began (just after the previous placement), its
    /// `cost` on the ladder (`method.cost(candidates)`), and `step`, the index of the placing
    /// step among the steps the player made from this position.
    pub placements: Vec<Placement>,
    /// The candidates left in every cell (by cell index) once those placements and the
    /// player's eliminations are made; empty for filled cells (and for every cell of a
    /// position with clashing digits).
    pub candidates: Vec<Candidates>,
}

impl Knowledge {
    /// The digit the player knows for `cell`, if any.
    ///
    /// ```
    /// use defi_sudoku::{SolvedPuzzle, deduce};
    /// use defi_sudoku::sudoku_grade::Method;
    /// let solved: SolvedPuzzle =
    ///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let known = deduce(solved.puzzle(), Method::B);
    /// let first = known.placements[0].cell;
    /// assert_eq!(known.digit(first), Some(solved.solution().get(first.index())));
    /// # Ok::<(), defi_sudoku::SolvedPuzzleError>(())
    /// ```
    pub fn digit(&self, cell: Cell) -> Option<u8> {
        self.placements
            .iter()
            .find(|p| p.cell == cell)
            .map(|p| p.digit)
    }
}

/// The techniques of every letter up to `level` (sudoku-grade always keeps the singles).
fn techniques_up_to(level: Method) -> Techniques {
    Technique::ALL
        .into_iter()
        .filter(|t| t.method() > level)
        .fold(Techniques::all(), Techniques::without)
}

/// Everything a player mastering the techniques up to `level` can deduce from `grid` (9×9;
/// another size gives no placement and no candidate): the coupling to sudoku-grade's
/// technique ladder (A1 naked singles … E look-ahead).
///
/// A player "masters the techniques up to letter L" ([`Method`], the ladder of Yokutai's
/// "Six techniques de déduction"). From a
/// position it applies the cheapest technique that progresses, again and again, as
/// sudoku-grade's rater does, and stops when the cheapest progress needs a letter above L, or
/// needs F (trial and error, which peeks at the solution in sudoku-grade: a player must
/// guess instead). Every placement made on the way is a digit the player knows.
///
/// Sound on any position consistent with a unique solution (a game's positions always are:
/// wrong entries are corrected), so every placement found is the solution's digit. A
/// position with clashing digits yields no knowledge. The effort of each placement (its
/// method, |V| and cost) is counted as sudoku-grade's rater counts it; the computer players'
/// thinking time ([`ThinkingTime`](crate::ThinkingTime)) is made from it.
///
/// ```
/// use defi_sudoku::SolvedPuzzle;
/// use defi_sudoku::deduce;
/// use defi_sudoku::sudoku_grade::Method;
/// let solved: SolvedPuzzle =
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
/// let easy = deduce(solved.puzzle(), Method::A1);
/// let more = deduce(solved.puzzle(), Method::D);
/// assert!(more.placements.len() >= easy.placements.len());
/// for p in &more.placements {
///     assert_eq!(solved.solution().get(p.cell.index()), p.digit);
///     assert_eq!(p.cost, p.method.cost(p.candidates));
/// }
/// # Ok::<(), defi_sudoku::SolvedPuzzleError>(())
/// ```
pub fn deduce(grid: &Grid, level: Method) -> Knowledge {
    let mut knowledge = Knowledge {
        placements: Vec::new(),
        candidates: vec![Candidates::EMPTY; grid.cells().len()],
    };
    // Défi is played on 9×9 grids; on those the work is bounded (see the module docs).
    if grid.shape() != Shape::CLASSIC {
        return knowledge;
    }
    let Ok(puzzle) = Puzzle::classic(grid.clone()) else {
        return knowledge;
    };
    let mut pencil = Pencil::new(&puzzle);
    let rater = Rater::new()
        .techniques(techniques_up_to(level))
        .budget(STEP_BUDGET)
        .record_steps(false);
    // The candidate counts when the search for the next placement began, taken before the
    // first elimination since the previous placement (none taken: the counts are current).
    let mut start: Option<Vec<u8>> = None;
    let mut hardest_elimination: Option<Method> = None;
    let mut steps = 0usize;
    while !pencil.is_solved() {
        let Ok(step) = rater.next_step(&pencil) else {
            break;
        };
        let method = step.method();
        if step.technique == Technique::Guess || method > level {
            break;
        }
        let placed = step.placement;
        if placed.is_none() && start.is_none() {
            start = Some(
                (0..grid.cells().len())
                    .map(|c| pencil.candidates(Cell::new(c)).len() as u8)
                    .collect(),
            );
        }
        let candidates = placed.map(|p| match &start {
            Some(counts) => u32::from(counts[p.cell.index()]),
            None => pencil.candidates(p.cell).len() as u32,
        });
        if pencil.play(&step).is_err() {
            break;
        }
        steps += 1;
        match (placed, candidates) {
            (Some(p), Some(candidates)) => {
                let method = hardest_elimination.map_or(method, |e| e.max(method));
                knowledge.placements.push(Placement {
                    cell: p.cell,
                    digit: p.digit,
                    method,
                    candidates,
                    cost: method.cost(candidates),
                    step: steps - 1,
                });
                start = None;
                hardest_elimination = None;
            }
            _ => {
                hardest_elimination = Some(hardest_elimination.map_or(method, |e| e.max(method)));
            }
        }
    }
    for (cell, slot) in knowledge.candidates.iter_mut().enumerate() {
        *slot = pencil.candidates(Cell::new(cell));
    }
    knowledge
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng as _;
    use rand_pcg::Pcg64Mcg;
    use sudoku_core::Shape;

    use super::*;
    use crate::SolvedPuzzle;

    #[test]
    fn deductions_are_sound_and_grow_with_the_level() {
        for seed in 0..4 {
            let solved = SolvedPuzzle::generate(&mut Pcg64Mcg::seed_from_u64(seed));
            let givens = solved.puzzle();
            let mut previous = 0;
            for level in Method::ALL {
                let k = deduce(givens, level);
                for p in &k.placements {
                    assert_eq!(solved.solution().get(p.cell.index()), p.digit);
                    assert_eq!(givens.get(p.cell.index()), 0);
                    assert!(p.method <= level && p.candidates >= 1);
                }
                assert!(k.placements.len() >= previous, "seed {seed} {level:?}");
                previous = k.placements.len();
            }
        }
    }

    #[test]
    fn the_effort_of_each_placement_is_the_raters() {
        // With every technique but trial and error, the player follows sudoku-grade's rater
        // step by step: the same placements, methods, |V|, costs and step indices.
        for seed in 0..3 {
            let solved = SolvedPuzzle::generate(&mut Pcg64Mcg::seed_from_u64(seed));
            let rating = sudoku_grade::rate(solved.puzzle()).unwrap();
            if rating.hardest == Some(Method::F) {
                continue;
            }
            assert_eq!(
                deduce(solved.puzzle(), Method::E).placements,
                rating.placements
            );
        }
    }

    #[test]
    fn a1_stops_where_a_hidden_single_is_needed() {
        // Row 1 is empty except 1..8 in its first eight cells... a naked single for the last.
        let mut grid = Grid::empty(Shape::CLASSIC);
        for c in 0..8 {
            grid.set(c, c as u8 + 1).unwrap();
        }
        let k = deduce(&grid, Method::A1);
        assert_eq!(k.digit(Cell::new(8)), Some(9));
        // The candidates of a filled cell are empty; r5c5 sees the 5 of r1c5, not the 1.
        assert!(k.candidates[0].is_empty());
        assert!(k.candidates[40].contains(1) && !k.candidates[40].contains(5));
    }

    #[test]
    fn a_clash_gives_no_knowledge() {
        let mut grid = Grid::empty(Shape::CLASSIC);
        grid.set(0, 1).unwrap();
        grid.set(1, 1).unwrap();
        let k = deduce(&grid, Method::E);
        assert!(k.placements.is_empty());
        assert_eq!(k.candidates.len(), 81);
        assert!(k.candidates.iter().all(|c| c.is_empty()));
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
