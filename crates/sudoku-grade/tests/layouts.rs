//! Layouts of several grids and cubes: every step of the ladder is sound on generated
//! Samurai, twin, Tiny Samurai and Roxdoku puzzles, a rating reaches the one solution, and
//! the sentences name cells by their place in the layout's frame.

use std::sync::Arc;

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use sudoku_core::layout::Layout;
use sudoku_core::{Generator, Geometry, Grid, Puzzle, Solver};
use sudoku_grade::{GradeError, MarkedGrid, Rater};

fn layouts() -> Vec<(&'static str, Layout)> {
    vec![
        ("samurai", Layout::samurai()),
        ("twin", Layout::twin()),
        ("tiny samurai", Layout::tiny_samurai()),
        ("cube 3", Layout::cube(3).unwrap()),
    ]
}

/// A generated puzzle of `layout` and its one solution.
fn puzzle(layout: &Layout, seed: u64) -> (Puzzle, Grid) {
    let geo = Arc::new(Geometry::from_layout(layout.clone()).unwrap());
    let made = Generator::new(Arc::clone(&geo))
        .generate(&mut Pcg64Mcg::seed_from_u64(seed))
        .unwrap();
    let solution = Solver::new(Arc::clone(&geo))
        .solve(&made.puzzle)
        .unwrap()
        .unwrap();
    (Puzzle::new(made.puzzle, geo).unwrap(), solution)
}

/// Each `rRcC` a sentence names is a cell of the layout's frame.
fn names_frame_cells(layout: &Layout, sentence: &str) -> bool {
    sentence
        .split(|ch: char| !ch.is_ascii_alphanumeric())
        .filter_map(|w| {
            let (r, c) = w.strip_prefix('r')?.split_once('c')?;
            Some((r.parse::<usize>().ok()?, c.parse::<usize>().ok()?))
        })
        .all(|(r, c)| r >= 1 && c >= 1 && layout.cell_at(r - 1, c - 1).is_some())
}

#[test]
fn every_hint_is_sound_and_the_rating_reaches_the_solution() {
    let rater = Rater::new();
    for (name, layout) in layouts() {
        for seed in 0..2 {
            let (puzzle, solution) = puzzle(&layout, seed);
            let mut grid = MarkedGrid::new(&puzzle);
            let mut steps = 0;
            loop {
                let step = match rater.next_step(&grid) {
                    Ok(step) => step,
                    Err(GradeError::AlreadySolved) => break,
                    Err(e) => panic!("{name} seed {seed}: {e} after {steps} steps"),
                };
                for e in &step.eliminations {
                    assert_ne!(
                        solution.get(e.cell.index()),
                        e.digit,
                        "{name} seed {seed}: step {steps} removes the solution's digit: {step}"
                    );
                }
                if let Some(p) = step.placement {
                    assert_eq!(
                        solution.get(p.cell.index()),
                        p.digit,
                        "{name} seed {seed}: step {steps} places a wrong digit: {step}"
                    );
                }
                let sentence = step.to_string();
                assert!(
                    names_frame_cells(&layout, &sentence),
                    "{name}: a cell outside the frame in {sentence:?}"
                );
                grid.play(&step).unwrap();
                steps += 1;
            }
            assert_eq!(grid.grid(), solution, "{name} seed {seed}");
            let rating = rater.rate(&puzzle).unwrap();
            assert_eq!(rating.solution, solution, "{name} seed {seed}");
            assert!(rater.human_time(&puzzle).is_ok(), "{name} seed {seed}");
        }
    }
}

#[test]
fn a_samurai_step_names_the_frame_place() {
    let layout = Layout::samurai();
    let (puzzle, _) = puzzle(&layout, 0);
    // The first step places a digit; the sentence names it as the frame does.
    let step = Rater::new().next_step(&MarkedGrid::new(&puzzle)).unwrap();
    let p = step.placement.expect("a single first");
    let (row, col) = layout.position(p.cell);
    assert!(
        step.to_string()
            .contains(&format!("r{}c{}", row + 1, col + 1)),
        "{step}"
    );
}
