//! The tour's sudoku-core section: a puzzle solved and shown in each format, then a
//! generated symmetric puzzle shown as a framed grid.

use std::io::{self, Write};

use sudoku_core::EmptyMarker;
use sudoku_core::format::{self, WriteOptions};
use sudoku_core::{Generator, Symmetry};
use sudoku_core::{Geometry, Grid, Puzzle, Shape, Solver};

/// Solves the example puzzle of "Sudoku — Solitaire de nombres", prints it in the three
/// formats, then generates a puzzle.
pub fn run(out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "== sudoku-core: formats, solver, generator ==")?;
    let text = "1--4--7-94--7------8-----6-21------63----5-7---817-3----59-2-3-87--3-5----2-8----";
    let grid: Grid = text.parse().expect("the example puzzle reads");
    let puzzle = Puzzle::classic(grid).expect("no clash");
    let mut solver = Solver::new(Geometry::classic(Shape::CLASSIC));
    let solution = solver
        .solve(puzzle.grid())
        .expect("no budget set")
        .expect("solvable");
    let count = solver.count(puzzle.grid(), 2).expect("no budget set");
    writeln!(out, "puzzle (one-line):   {}", puzzle.grid())?;
    writeln!(out, "solution (one-line): {solution}")?;
    writeln!(out, "solutions found with limit 2: {count}")?;
    if let Some(h) = puzzle.fewest_candidates() {
        writeln!(
            out,
            "hint (Aide): row {}, column {} can hold {}",
            h.row + 1,
            h.col + 1,
            h.candidates
        )?;
    }
    let stars = WriteOptions {
        empty: EmptyMarker::Star,
        ..Default::default()
    };
    writeln!(out, "puzzle (ASCII, '*' for empty):")?;
    write!(out, "{}", format::ascii::write(puzzle.grid(), &stars))?;
    writeln!(out, "solution (ASCII):")?;
    write!(out, "{solution:#}")?;
    let tex = format::latex::write(puzzle.grid(), &WriteOptions::default());
    let lines: Vec<&str> = tex.lines().collect();
    writeln!(
        out,
        "puzzle (LaTeX, {} lines, first 16 and last 3):",
        lines.len()
    )?;
    for l in &lines[..16] {
        writeln!(out, "  {l}")?;
    }
    writeln!(out, "  ...")?;
    for l in &lines[lines.len() - 3..] {
        writeln!(out, "  {l}")?;
    }

    let mut generator =
        Generator::new(Geometry::classic(Shape::CLASSIC)).symmetry(Symmetry::Quarter);
    let made = generator
        .generate(&mut <rand_pcg::Pcg64Mcg as rand::SeedableRng>::seed_from_u64(2026))
        .expect("no budget set");
    writeln!(
        out,
        "generated with quarter-turn symmetry (seed 2026): {} givens, unique: {}",
        made.puzzle.given_count(),
        solver.count(&made.puzzle, 2).expect("no budget set") == sudoku_core::Count::Exact(1)
    )?;
    write!(out, "{:#}", made.puzzle)?;
    writeln!(out)
}
