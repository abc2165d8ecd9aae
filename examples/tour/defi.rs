//! The tour's defi-sudoku section: a short game of Défi Sudoku between three bots, and the
//! table of scores.

use std::io::{self, Write};

use defi_sudoku::bot::{BlockingBot, Bot, GreedyBot, SearchBot};
use defi_sudoku::sudoku_core::Shape;
use defi_sudoku::{Challenge, Game, Options, SolvedPuzzle};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

/// Plays an express game (three digits a turn) between a greedy, a blocking and a search bot
/// on a generated puzzle, prints each round's points and the final table, and explains an
/// entry.
pub fn run(out: &mut dyn Write) -> io::Result<()> {
    writeln!(
        out,
        "== defi-sudoku: a game of Défi Sudoku between three bots =="
    )?;
    let puzzle = SolvedPuzzle::generate(&mut Pcg64Mcg::seed_from_u64(2007));
    writeln!(
        out,
        "Puzzle ({} empty cells): {puzzle}",
        puzzle.empty_cells()
    )?;
    let options = Options {
        challenge: Challenge::Express,
        ..Options::default()
    };
    let names = ["Greedy", "Blocking", "Search"];
    let mut game = Game::new(puzzle, names, options).map_err(io::Error::other)?;
    let mut bots: [Box<dyn Bot>; 3] = [
        Box::new(GreedyBot::new()),
        Box::new(BlockingBot::new()),
        Box::new(SearchBot::new()),
    ];
    // Each seat draws from its own generator (seeded 1, 2, 3), as the tour always has.
    let mut rngs = [1, 2, 3].map(Pcg64Mcg::seed_from_u64);
    while let Some(&player) = game.to_act().first() {
        let entry = bots[player].choose(&game.view(), &mut rngs[player]);
        game.play(entry).map_err(io::Error::other)?;
    }
    for turn in game.turns() {
        let digits: Vec<String> = turn
            .entries
            .iter()
            .map(|e| {
                let mark = if e.correct { "" } else { "✗" };
                format!("{}={}{mark}", e.cell.display(Shape::CLASSIC), e.value)
            })
            .collect();
        let mut extras = String::new();
        if turn.bonus > 0 {
            extras.push_str(" +10 completion");
        }
        if turn.handicap > 0 {
            extras.push_str(&format!(" +{} handicap", turn.handicap));
        }
        if turn.absent_bonus > 0 {
            extras.push_str(" +10 absent from the final round");
        }
        writeln!(
            out,
            "  round {:>2} {:<8} {:<28} {:>3} pts{extras}",
            turn.round,
            names[turn.player],
            digits.join(" "),
            turn.points()
        )?;
    }
    writeln!(
        out,
        "Final round: {} (order {})",
        game.final_round().unwrap_or(0),
        game.round_order()
            .iter()
            .map(|&p| names[p])
            .collect::<Vec<_>>()
            .join(", ")
    )?;
    writeln!(out, "player    digits  bonus  handicap  absent  total")?;
    for (p, sheet) in game.sheets().iter().enumerate() {
        writeln!(
            out,
            "{:<9} {:>6}  {:>5}  {:>8}  {:>6}  {:>5}",
            names[p],
            sheet.face,
            sheet.bonus,
            sheet.handicap,
            sheet.absent,
            sheet.total()
        )?;
    }
    let winners: Vec<&str> = game.leaders().iter().map(|&p| names[p]).collect();
    writeln!(out, "Winner: {}", winners.join(" and "))?;
    // Any player may ask why another player's entry is right.
    let why = game.explain_entry(2, 0).map_err(io::Error::other)?;
    writeln!(out, "Why is Search's first digit right? {why}")?;
    writeln!(out)
}
