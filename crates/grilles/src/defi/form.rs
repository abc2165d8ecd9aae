//! The Défi Sudoku setup form, and the game it asks for.

use std::time::Duration;

use defi_sudoku::bot::Strategy;
use defi_sudoku::sudoku_grade::Method;
use defi_sudoku::{Challenge, Chrono, FinalOrder, Game, Handicap, Options, SolvedPuzzle};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

use super::error::DefiError;
use super::game::{DefiGame, Seat};
use crate::form::Form;

/// The setup form.
pub fn new_form() -> Form {
    let mut f = Form::new("New Défi Sudoku")
        .choice("humans", "People", &["1", "2 (hot seat)"], 0)
        .text("name1", "Your name", "You", "a name")
        .text("name2", "Second person", "Player 2", "a name")
        .choice("bots", "Computer players", &["1", "2", "3", "4"], 1)
        .choice(
            "strategy",
            "Their strategy",
            &["greedy", "blocking", "search"],
            1,
        )
        .choice(
            "skill",
            "Their techniques up to",
            &["A1", "A2", "B", "C", "D", "E"],
            2,
        )
        .choice(
            "challenge",
            "Challenge",
            &["regular", "shortened", "express"],
            0,
        )
        .choice("handicap", "Handicap", &["on", "off"], 0)
        .choice(
            "chrono",
            "Chrono per turn",
            &["off", "30 s", "60 s", "90 s", "120 s", "10 s"],
            0,
        )
        .choice("teams", "Two against two", &["off", "on (4 players)"], 0)
        .choice(
            "final",
            "Final round order",
            &["increasing", "status quo"],
            0,
        )
        .choice("seats", "Seats", &["people first", "computers first"], 0)
        .text("puzzle", "Puzzle", "", "generated; or paste a 9×9 line");
    f.set_visible("name2", false);
    f.note = Some(
        "Each round every player enters a quota of digits; a right digit scores its value. ? in the game: the rules."
            .into(),
    );
    f
}

/// Shows the fields the choices call for.
pub fn update_form(f: &mut Form) {
    let two = f.index("humans") == 1;
    f.set_visible("name2", two);
    if two {
        f.set_options("bots", &["1", "2", "3"]);
    } else {
        f.set_options("bots", &["1", "2", "3", "4"]);
    }
}

/// Builds the game a setup form asks for.
///
/// # Errors
/// [`DefiError`]: a puzzle typed in that is not one, or a setup the rules refuse.
pub fn game_from_form(f: &Form, seed: u64) -> Result<DefiGame, DefiError> {
    let humans = f.index("humans") + 1;
    let bots = f.index("bots") + 1;
    let strategy = Strategy::ALL[f.index("strategy").min(2)];
    let skill: Method = f.chosen("skill").parse()?;
    let options = Options {
        challenge: Challenge::ALL[f.index("challenge").min(2)],
        handicap: if f.index("handicap") == 0 {
            Handicap::With
        } else {
            Handicap::Without
        },
        chrono: match f.index("chrono") {
            0 => Chrono::Without,
            i => Chrono::With {
                limit: Duration::from_secs([0, 30, 60, 90, 120, 10][i.min(5)]),
            },
        },
        teams: f.index("teams") == 1,
        final_order: if f.index("final") == 0 {
            FinalOrder::Increasing
        } else {
            FinalOrder::StatusQuo
        },
    };
    let name = |key: &str, default: &str| {
        let v = f.value(key);
        if v.is_empty() {
            default.to_string()
        } else {
            crate::ui::escape(v).into_owned()
        }
    };
    let mut people: Vec<(String, Seat)> = vec![(name("name1", "You"), Seat::Human)];
    if humans == 2 {
        people.push((name("name2", "Player 2"), Seat::Human));
    }
    let computers: Vec<(String, Seat)> = (1..=bots)
        .map(|i| (format!("Bot {i}"), Seat::Bot { strategy, skill }))
        .collect();
    let all: Vec<(String, Seat)> = if f.index("seats") == 0 {
        people.into_iter().chain(computers).collect()
    } else {
        computers.into_iter().chain(people).collect()
    };
    let typed = f.value("puzzle");
    let puzzle: SolvedPuzzle = if typed.is_empty() {
        SolvedPuzzle::generate(&mut Pcg64Mcg::seed_from_u64(seed))
    } else {
        let compact: String = typed.chars().filter(|c| !c.is_whitespace()).collect();
        compact.parse()?
    };
    let (names, seats): (Vec<String>, Vec<Seat>) = all.into_iter().unzip();
    let game = Game::new(puzzle, names, options)?;
    Ok(DefiGame::new(game, seats, seed))
}

/// The rules, as the help's second page says them.
pub const RULES: &[&str] = &[
    "Défi Sudoku is a race on one sudoku grid for 2 to 5 players.",
    "",
    "Rounds: each round every player in turn enters a quota of digits:",
    "  regular challenge 1, 2, 3, 1, 2, 3…; shortened 1, 2, 3, 3…; express 3.",
    "Scoring: a right digit scores its face value (a 9 scores 9).",
    "  A wrong digit is corrected at once (the cell gets the right one),",
    "  scores nothing, and still uses one digit of the quota.",
    "Completion bonus: filling the last cell of a row, a column or a box",
    "  earns +10, at most +10 a turn.",
    "Handicap (option): players 2 to 5 start with +4, +6, +8, +10.",
    "Final round: the first round whose quotas reach the empty cells. Its",
    "  order is lowest score first (increasing) or the usual one (status quo);",
    "  players whose turn comes after the grid is full sit out and get +10.",
    "Chrono (option): digits entered after the turn's time score nothing.",
    "Two against two: teams A and B alternate; a team scores its two players'.",
    "The game ends when the grid is full: the highest score wins.",
    "",
    "Computer players enter the digits their techniques deduce (up to the",
    "  letter chosen on sudoku-grade's ladder, A1 to E); when these find",
    "  nothing they guess the digit with the best chance of points, and a",
    "  guess can be wrong.",
];

/// The score table's columns, as its legend says them.
pub const LEGEND: &[&str] = &[
    "face: digits' values · bonus: completions",
    "hcp: handicap · abs: absent from the final",
];
