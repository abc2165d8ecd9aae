//! New sudokus for the web page: every variant the library generates (classic, X, jigsaw,
//! the Samurai, killer), by size and level or typed in, with the estimated time a person
//! takes; and the variant as saved beside the terminal game's saved form.

use std::sync::Arc;

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_pcg::Pcg64Mcg;
use serde::{Deserialize, Serialize};
use sudoku_core::killer::{Cage, KillerGenerator, KillerGrid, KillerPuzzle};
use sudoku_core::layout::Layout;
use sudoku_core::{Generator, Geometry, Puzzle, RegionMap, Shape, Variant};
use sudoku_grade::{Level, Rater};

use super::error::ApiError;
use crate::sudoku::{NewPuzzle, RATER_BUDGET, Rules, generate_in, parse_puzzle};

/// The killer generator's budget, in search nodes (a 9×9 takes a few thousand).
pub const KILLER_BUDGET: u64 = 20_000_000;

/// The variants offered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum VariantChoice {
    /// Rows, columns, boxes.
    #[default]
    Classic,
    /// And the two diagonals.
    X,
    /// Irregular regions in place of boxes.
    Jigsaw,
    /// Five 9×9 grids overlapping at the corners.
    Samurai,
    /// Cages with sums, no givens.
    Killer,
}

/// The levels offered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LevelChoice {
    /// Singles only.
    #[default]
    Easy,
    /// Up to pairs, fish and wings.
    Intermediate,
    /// Contradictions or trial and error.
    Expert,
}

impl LevelChoice {
    fn level(self) -> Level {
        match self {
            LevelChoice::Easy => Level::Easy,
            LevelChoice::Intermediate => Level::Intermediate,
            LevelChoice::Expert => Level::Expert,
        }
    }
}

/// What the new-sudoku form sends.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SudokuOptions {
    /// The variant.
    pub variant: VariantChoice,
    /// The side (4, 6, 9, 16 or 25; the Samurai's grids are 9×9).
    pub size: Option<usize>,
    /// The level (grids of side 16 and more, the Samurai and killer are not made by level;
    /// a jigsaw is at most this hard).
    pub level: LevelChoice,
    /// A puzzle typed in (classic or X), in the one-line format.
    pub typed: String,
    /// A puzzle number, to make the same puzzle again.
    pub number: Option<u64>,
}

/// The rules beyond the terminal game's saved form: what a jigsaw's regions, the Samurai's
/// grids or a killer's cages add.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum SavedVariant {
    /// Rows, columns, boxes.
    Classic,
    /// And the diagonals.
    X,
    /// Regions in place of boxes.
    Jigsaw {
        /// The regions.
        regions: RegionMap,
    },
    /// Five overlapping 9×9 grids.
    Samurai,
    /// Cages on a classic grid.
    Killer {
        /// The cages.
        cages: Vec<Cage>,
    },
}

/// The largest puzzle number (numbers stay exact in the page's script).
pub const MAX_NUMBER: u64 = 999_999_999;

impl SavedVariant {
    /// Its name for people.
    pub fn name(&self) -> &'static str {
        match self {
            SavedVariant::Classic => "Sudoku",
            SavedVariant::X => "Sudoku X",
            SavedVariant::Jigsaw { .. } => "Jigsaw sudoku",
            SavedVariant::Samurai => "Samurai sudoku",
            SavedVariant::Killer { .. } => "Killer sudoku",
        }
    }

    /// Its key in the page.
    pub fn key(&self) -> &'static str {
        match self {
            SavedVariant::Classic => "classic",
            SavedVariant::X => "x",
            SavedVariant::Jigsaw { .. } => "jigsaw",
            SavedVariant::Samurai => "samurai",
            SavedVariant::Killer { .. } => "killer",
        }
    }

    /// The rules of the terminal game's saved form.
    pub fn rules(&self) -> Rules {
        match self {
            SavedVariant::X => Rules::X,
            _ => Rules::Classic,
        }
    }

    /// The geometry on grids of `shape`; the cages are checked against it.
    ///
    /// # Errors
    /// When the saved rules do not fit the shape, or the cages are not a killer's.
    pub fn geometry(&self, shape: Shape) -> Result<Arc<Geometry>, String> {
        match self {
            SavedVariant::Classic | SavedVariant::X => {
                self.rules().geometry(shape).map_err(|e| e.to_string())
            }
            SavedVariant::Jigsaw { regions } => {
                Geometry::new(shape, &Variant::jigsaw(regions.clone()))
                    .map(Arc::new)
                    .map_err(|e| e.to_string())
            }
            SavedVariant::Samurai => Geometry::from_layout(Layout::samurai())
                .map(Arc::new)
                .map_err(|e| e.to_string()),
            SavedVariant::Killer { cages } => {
                let geometry = Geometry::classic(shape);
                KillerPuzzle::new(KillerGrid::new(shape, cages.clone()), Arc::clone(&geometry))
                    .map_err(|e| e.to_string())?;
                Ok(geometry)
            }
        }
    }

    /// Whether sudoku-grade's rater reads this variant's puzzles (single grids without
    /// cages).
    pub fn is_rated(&self) -> bool {
        !matches!(self, SavedVariant::Samurai | SavedVariant::Killer { .. })
    }
}

/// A new puzzle, its variant, its number, and how long a person takes (seconds).
#[derive(Clone, Debug)]
pub struct Made {
    /// The puzzle.
    pub puzzle: NewPuzzle,
    /// Its variant.
    pub variant: SavedVariant,
    /// Its number (`None` when typed in).
    pub number: Option<u64>,
    /// The estimated solving time of a person, in seconds.
    pub human_seconds: Option<f64>,
}

/// Makes the puzzle `options` ask for; `seed` gives its number when none is asked.
///
/// # Errors
/// [`ApiError::BadRequest`] for options that do not go together, [`ApiError::Refused`] for
/// a typed puzzle that cannot be played or a level that did not come.
pub fn make(options: &SudokuOptions, seed: u64) -> Result<Made, ApiError> {
    let size = options.size.unwrap_or(9);
    let variant = options.variant;
    if !options.typed.trim().is_empty() {
        let rules = match variant {
            VariantChoice::Classic => Rules::Classic,
            VariantChoice::X => Rules::X,
            _ => {
                return Err(ApiError::BadRequest(
                    "typed puzzles are classic or X sudokus".into(),
                ));
            }
        };
        let puzzle = parse_puzzle(&options.typed, rules).map_err(ApiError::refused)?;
        let variant = if rules == Rules::X {
            SavedVariant::X
        } else {
            SavedVariant::Classic
        };
        return Ok(finish(puzzle, variant, None));
    }
    let number = match options.number {
        Some(n) if n > MAX_NUMBER => {
            return Err(ApiError::BadRequest(format!(
                "puzzle numbers go from 0 to {MAX_NUMBER}"
            )));
        }
        Some(n) => n,
        None => seed % (MAX_NUMBER + 1),
    };
    let sizes: &[usize] = match variant {
        VariantChoice::Classic | VariantChoice::X => &[4, 6, 9, 16, 25],
        VariantChoice::Jigsaw => &[6, 9],
        VariantChoice::Samurai => &[9],
        VariantChoice::Killer => &[4, 6, 9],
    };
    if !sizes.contains(&size) {
        let list: Vec<String> = sizes.iter().map(|s| format!("{s}×{s}")).collect();
        return Err(ApiError::BadRequest(format!(
            "a {} is {}, not {size}×{size}",
            match variant {
                VariantChoice::Classic => "sudoku",
                VariantChoice::X => "sudoku X",
                VariantChoice::Jigsaw => "jigsaw sudoku",
                VariantChoice::Samurai => "Samurai's grid",
                VariantChoice::Killer => "killer sudoku",
            },
            list.join(" or ")
        )));
    }
    let shape = Shape::for_size(size)
        .ok_or_else(|| ApiError::BadRequest(format!("no sudoku of side {size}")))?;
    let level = options.level.level();
    let made = match variant {
        VariantChoice::Classic | VariantChoice::X => {
            let (rules, saved) = if variant == VariantChoice::X {
                (Rules::X, SavedVariant::X)
            } else {
                (Rules::Classic, SavedVariant::Classic)
            };
            let geometry = rules.geometry(shape).map_err(ApiError::refused)?;
            (generate_in(geometry, rules, level, number), saved)
        }
        VariantChoice::Jigsaw => return jigsaw(shape, level, number),
        VariantChoice::Samurai => {
            let saved = SavedVariant::Samurai;
            let geometry = saved.geometry(shape).map_err(ApiError::Refused)?;
            (generate_in(geometry, Rules::Classic, level, number), saved)
        }
        VariantChoice::Killer => return killer(shape, number),
    };
    let (puzzle, saved) = (made.0.map_err(ApiError::refused)?, made.1);
    Ok(finish(puzzle, saved, Some(number)))
}

/// A jigsaw of `level` at most: a minimal puzzle on random regions, then, while it rates
/// harder than asked, a solution digit added in a random empty cell (easy minimal jigsaws
/// are too rare to be found by drawing puzzles).
fn jigsaw(shape: Shape, level: Level, number: u64) -> Result<Made, ApiError> {
    let mut rng = Pcg64Mcg::seed_from_u64(number);
    let regions = RegionMap::random(shape.size(), &mut rng).map_err(ApiError::refused)?;
    let variant = SavedVariant::Jigsaw { regions };
    let geometry = variant.geometry(shape).map_err(ApiError::Refused)?;
    let made = Generator::new(Arc::clone(&geometry))
        .generate(&mut rng)
        .map_err(ApiError::refused)?;
    let rater = Rater::new().budget(RATER_BUDGET).record_steps(false);
    let mut givens = made.puzzle;
    let mut empty: Vec<usize> = (0..givens.cells().len())
        .filter(|&i| givens.get(i) == 0)
        .collect();
    empty.shuffle(&mut rng);
    loop {
        let puzzle =
            Puzzle::new(givens.clone(), Arc::clone(&geometry)).map_err(ApiError::refused)?;
        let rating = rater.rate(&puzzle).map_err(ApiError::refused)?;
        if rating.level <= level {
            let new = NewPuzzle {
                rules: Rules::Classic,
                puzzle,
                solution: made.solution,
                level: Some(rating.level),
                score: Some(rating.score),
                seed: Some(number),
            };
            return Ok(finish(new, variant, Some(number)));
        }
        let Some(cell) = empty.pop() else {
            return Err(ApiError::Internal("a full grid rated above easy".into()));
        };
        givens
            .set(cell, made.solution.get(cell))
            .map_err(ApiError::refused)?;
    }
}

fn killer(shape: Shape, number: u64) -> Result<Made, ApiError> {
    let geometry = Geometry::classic(shape);
    let made = KillerGenerator::new(Arc::clone(&geometry))
        .budget(KILLER_BUDGET)
        .generate(&mut Pcg64Mcg::seed_from_u64(number))
        .map_err(ApiError::refused)?;
    let puzzle = Puzzle::new(made.puzzle.givens().clone(), geometry).map_err(ApiError::refused)?;
    let variant = SavedVariant::Killer {
        cages: made.puzzle.cages().to_vec(),
    };
    let new = NewPuzzle {
        rules: Rules::Classic,
        puzzle,
        solution: made.solution,
        level: None,
        score: None,
        seed: Some(number),
    };
    Ok(finish(new, variant, Some(number)))
}

fn finish(puzzle: NewPuzzle, variant: SavedVariant, number: Option<u64>) -> Made {
    let human_seconds = if variant.is_rated() {
        Rater::new()
            .budget(RATER_BUDGET)
            .human_time(&puzzle.puzzle)
            .ok()
            .map(|t| t.seconds)
    } else {
        None
    };
    Made {
        puzzle,
        variant,
        number,
        human_seconds,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(variant: VariantChoice, size: usize) -> SudokuOptions {
        SudokuOptions {
            variant,
            size: Some(size),
            ..SudokuOptions::default()
        }
    }

    #[test]
    fn every_variant_is_made_and_its_geometry_comes_back() {
        for (variant, size) in [
            (VariantChoice::Classic, 4),
            (VariantChoice::X, 9),
            (VariantChoice::Jigsaw, 6),
            (VariantChoice::Samurai, 9),
            (VariantChoice::Killer, 4),
        ] {
            let made = make(&options(variant, size), 5).unwrap();
            let shape = made.puzzle.puzzle.grid().shape();
            let geometry = made.variant.geometry(shape).unwrap();
            assert_eq!(
                geometry.cell_count(),
                made.puzzle.puzzle.cells().len(),
                "{variant:?}"
            );
            assert!(geometry.is_solution(made.puzzle.solution.cells()));
            assert_eq!(made.number, Some(5));
            assert_eq!(
                made.human_seconds.is_some(),
                made.variant.is_rated(),
                "{variant:?}"
            );
        }
    }

    #[test]
    fn options_that_do_not_go_together_are_refused() {
        let e = make(&options(VariantChoice::Killer, 25), 1).unwrap_err();
        assert!(e.to_string().contains("4×4 or 6×6 or 9×9"), "{e}");
        let typed = SudokuOptions {
            variant: VariantChoice::Samurai,
            typed: "1".into(),
            ..SudokuOptions::default()
        };
        assert!(make(&typed, 1).is_err());
        let bad = SudokuOptions {
            typed: "12".into(),
            ..SudokuOptions::default()
        };
        assert!(matches!(make(&bad, 1), Err(ApiError::Refused(_))));
        let big = SudokuOptions {
            number: Some(MAX_NUMBER + 1),
            ..SudokuOptions::default()
        };
        assert!(matches!(make(&big, 1), Err(ApiError::BadRequest(_))));
    }
}
