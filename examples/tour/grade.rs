//! The tour's sudoku-grade section: a generated puzzle graded on the A1–F ladder, its first
//! steps explained as hints, and the hardest step it needed.

use std::io::{self, Write};

use rand::SeedableRng as _;
use rand_pcg::Pcg64Mcg;
use sudoku_core::Generator;
use sudoku_core::{Geometry, Shape};
use sudoku_grade::{Level, Method, Rater};

/// Grades a generated Intermediate puzzle and explains its first steps.
pub fn run(out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "== sudoku-grade: the A1-F ladder, scores and hints ==")?;
    let mut generator = Generator::new(Geometry::classic(Shape::CLASSIC));
    let (made, rating) = Rater::new()
        .generate_level(
            &mut generator,
            Level::Intermediate,
            1000,
            &mut Pcg64Mcg::seed_from_u64(2026),
        )
        .map_err(io::Error::other)?;
    writeln!(out, "puzzle: {}", made.puzzle)?;
    writeln!(
        out,
        "level {}, score {}, hardest method {}, cells per method {}",
        rating.level,
        rating.score,
        rating.hardest.map_or("-", Method::as_str),
        rating.counts
    )?;
    writeln!(out, "first steps (the hints, in order):")?;
    for (i, step) in rating.steps.iter().take(5).enumerate() {
        writeln!(
            out,
            "  {}. [{} {}] {}",
            i + 1,
            step.method(),
            step.technique,
            step
        )?;
    }
    if let Some((i, step)) = rating
        .steps
        .iter()
        .enumerate()
        .max_by_key(|(i, s)| (s.method(), usize::MAX - i))
    {
        writeln!(out, "hardest step (step {}):", i + 1)?;
        writeln!(out, "  [{} {}] {}", step.method(), step.technique, step)?;
    }
    let first = rating.placements.iter().find(|p| p.method > Method::A1);
    if let Some(p) = first {
        writeln!(
            out,
            "cost of placing {} in {}: method {}, |V| = {} -> {} + {} x ({} - 1) = {}",
            p.digit,
            p.cell.display(made.puzzle.shape()),
            p.method,
            p.candidates,
            p.method.base(),
            p.method.rank(),
            p.candidates,
            p.cost
        )?;
    }
    Ok(())
}
