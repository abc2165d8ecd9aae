//! The tour's mahjong-solitaire section: deal a winnable Turtle, show it, solve it.

use std::io::{self, Write};
use std::time::Instant;

use mahjong_solitaire::render::{TextOptions, to_text};
use mahjong_solitaire::{BuiltinLayout, Outcome, Solver, solvable_deal};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

/// Deals a Turtle by reverse placement, draws it with Unicode tiles, and solves it.
pub fn run(out: &mut dyn Write) -> io::Result<()> {
    let layout = BuiltinLayout::Turtle.layout();
    writeln!(out, "== mahjong-solitaire: a {} deal ==", layout.name())?;
    let dealt = solvable_deal(&layout, &mut Pcg64Mcg::seed_from_u64(2024))
        .map_err(|e| io::Error::other(e.to_string()))?;
    let board = dealt.board;
    writeln!(out, "(each tile: its face, its layer, * when free)")?;
    write!(out, "{}", to_text(&board, &TextOptions::default()))?;
    writeln!(
        out,
        "{} free tiles, {} legal moves",
        board.free_tiles().len(),
        board.legal_moves().len()
    )?;
    let start = Instant::now();
    let analysis = Solver::new()
        .solve(&board)
        .map_err(|e| io::Error::other(e.to_string()))?;
    let elapsed = start.elapsed();
    match analysis.outcome {
        Outcome::Winnable(moves) => {
            let first: Vec<String> = moves.iter().take(8).map(|m| m.to_string()).collect();
            writeln!(
                out,
                "solved in {:.1} ms ({} nodes): {} moves, starting {} …",
                elapsed.as_secs_f64() * 1000.0,
                analysis.nodes,
                moves.len(),
                first.join(" ")
            )?;
        }
        other => writeln!(out, "solver: {other:?} after {} nodes", analysis.nodes)?,
    }
    writeln!(out)
}
