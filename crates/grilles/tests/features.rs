//! The features of each game, one by one.

use std::path::PathBuf;
use std::time::Duration;

use grilles::{App, Settings};
use mahjong_solitaire::{Board, Layout};
use mahjong_tiles::Tile;
use sudoku_core::Cell;

use crate::common::{app, screen, send};

const EASY: &str =
    "000000010400000000020000000000050407008000300001090000300400200050100000000806000";

fn tmp(name: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("grilles-features-{name}"));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn sudoku(app: &App) -> &grilles::sudoku::SudokuGame {
    app.sudoku.as_ref().unwrap().game.as_ref().unwrap()
}

/// A digit that `cell` can take by its houses but is not the solution's.
fn wrong_digit(g: &grilles::sudoku::SudokuGame, cell: Cell) -> u8 {
    g.board()
        .candidates(cell)
        .iter()
        .find(|&d| d != g.solution().get(cell.index()))
        .expect("a wrong candidate")
}

#[test]
fn sudoku_pencil_marks_clashes_check_reveal_undo_redo() {
    let mut app = app();
    send(&mut app, &format!("1 <down> <down> <down> {EASY} <enter>"));
    // r1c1 is empty: pencil marks 2 and 3.
    send(&mut app, "p 2 3 p");
    assert_eq!(sudoku(&app).marks(Cell::new(0)).to_string(), "{2,3}");
    assert!(screen(&mut app, 80, 24).contains("r1c1: marks 2 3"));
    // A 1 in r1c1 is refused: the 1 given in r1c8 is in its row.
    send(&mut app, "1");
    assert_eq!(sudoku(&app).value(Cell::new(0)), 0);
    assert!(screen(&mut app, 80, 24).contains("1 cannot go in r1c1: r1c8 holds it."));
    // A wrong digit that no house refuses is written; the check finds it.
    let wrong = wrong_digit(sudoku(&app), Cell::new(0));
    send(&mut app, &wrong.to_string());
    assert_eq!(sudoku(&app).value(Cell::new(0)), wrong);
    send(&mut app, "c");
    assert!(screen(&mut app, 80, 24).contains("1 wrong digit(s)"));
    send(&mut app, "u");
    assert_eq!(sudoku(&app).value(Cell::new(0)), 0);
    assert_eq!(sudoku(&app).marks(Cell::new(0)).to_string(), "{2,3}");
    send(&mut app, "y");
    assert_eq!(sudoku(&app).value(Cell::new(0)), wrong);
    send(&mut app, "<bs> r");
    let g = sudoku(&app);
    assert_eq!(g.value(Cell::new(0)), g.solution().get(0));
    assert_eq!(g.revealed(), [Cell::new(0)]);
    // Automatic candidates: every empty cell gets its candidates.
    send(&mut app, "a");
    let g = sudoku(&app);
    let empty = g.empty_cells();
    let marked = g
        .shape()
        .cells()
        .filter(|&c| !g.marks(c).is_empty())
        .count();
    assert_eq!(marked, empty);
    // A click moves the cursor.
    let _ = screen(&mut app, 80, 24);
    let map = app.sudoku.as_ref().unwrap().map.clone();
    app.handle(&grilles::keys::click(map.cols[4], map.rows[2]));
    assert_eq!(sudoku(&app).cursor(), Cell::new(2 * 9 + 4));
}

#[test]
fn sudoku_hints_from_marks_and_mistakes() {
    let mut app = app();
    send(&mut app, &format!("1 <down> <down> <down> {EASY} <enter>"));
    // A wrong digit: the hint names it, and h again clears it.
    let wrong = wrong_digit(sudoku(&app), Cell::new(0));
    send(&mut app, &wrong.to_string());
    send(&mut app, "h");
    assert!(screen(&mut app, 80, 24).contains("Not the solution's digit: r1c1"));
    send(&mut app, "h");
    assert_eq!(sudoku(&app).value(Cell::new(0)), 0);
    // Marks that leave out the right digit.
    let right = sudoku(&app).solution().get(0);
    let other = (1..=9).find(|&d| d != right).unwrap();
    send(&mut app, &format!("p {other} p h"));
    assert!(screen(&mut app, 120, 30).contains("leave out the right digit in r1c1"));
    send(&mut app, "h");
    assert!(sudoku(&app).marks(Cell::new(0)).contains(right));
}

#[test]
fn sudoku_generates_each_size_rules_and_level() {
    for (keys, size, x, level) in [
        ("<right> <right>", 4, false, sudoku_grade::Level::Easy),
        ("<right> <down> <right>", 6, true, sudoku_grade::Level::Easy),
        (
            "<down> <down> <right>",
            9,
            false,
            sudoku_grade::Level::Intermediate,
        ),
        (
            "<down> <down> <right> <right>",
            9,
            false,
            sudoku_grade::Level::Expert,
        ),
    ] {
        let mut app = app();
        send(&mut app, &format!("1 {keys} <enter>"));
        app.settle();
        let g = sudoku(&app);
        assert_eq!(g.size(), size, "{keys}");
        assert_eq!(*g.rules() == grilles::sudoku::Rules::X, x, "{keys}");
        assert_eq!(g.level(), Some(level), "{keys}");
        assert_eq!(
            sudoku_grade::Rater::new().rate(g.givens()).unwrap().level,
            level
        );
    }
    // No expert 4×4: the form says so.
    let mut app = app();
    send(
        &mut app,
        "1 <right> <right> <down> <down> <right> <right> <enter>",
    );
    app.settle();
    assert!(app.sudoku.as_ref().unwrap().game.is_none());
    assert!(screen(&mut app, 80, 24).contains("no expert 4×4 puzzle"));
}

#[test]
fn sudoku_refuses_a_puzzle_without_one_solution() {
    let mut app = app();
    send(&mut app, "1 <down> <down> <down> 1........ <enter>");
    assert!(
        screen(&mut app, 80, 24).contains("cannot read")
            || screen(&mut app, 80, 24).contains("solution")
    );
    send(&mut app, &format!("<del> {} <enter>", ".".repeat(81)));
    assert!(screen(&mut app, 80, 24).contains("more than one solution"));
    assert!(app.sudoku.as_ref().unwrap().game.is_none());
}

#[test]
fn ascii_mode_draws_plain_text() {
    let mut app = App::new(Settings {
        ascii: true,
        ..Settings::for_tests()
    });
    send(&mut app, &format!("1 <down> <down> <down> {EASY} <enter>"));
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("+---------------+"), "{text}");
    assert!(text.contains("| "), "{text}");
    send(&mut app, "<esc> 3 <enter>");
    app.settle();
    let text = screen(&mut app, 80, 24);
    assert!(
        text.chars().all(|c| c.is_ascii() || c == '·' || c == '×'),
        "{text}"
    );
    send(&mut app, "<esc> 4 <enter>");
    let text = screen(&mut app, 80, 24);
    assert!(
        !text.chars().any(|c| Tile::from_glyph(c).is_some()),
        "{text}"
    );
}

/// Two stacks that wait for each other, and a free pair of 3m beside them.
fn stuck_board() -> Board {
    let layout: Layout = "0 0: 0 8 12\n0 4: 0\n1 0: 0\n1 4: 0\n".parse().unwrap();
    let t = |s: &str| s.parse::<Tile>().unwrap();
    Board::new(
        &layout,
        ["2m", "3m", "3m", "1m", "1m", "2m"].map(t).to_vec(),
    )
    .unwrap()
}

#[test]
fn solitaire_warns_when_the_position_is_lost() {
    let mut app = app();
    send(&mut app, "3 <enter>");
    app.settle();
    let game = grilles::solitaire::SolitaireGame::new(stuck_board(), "stuck".into(), 1);
    app.solitaire = Some(grilles::solitaire::SolitaireScreen::with_game(
        game,
        app.context(),
    ));
    app.settle();
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("can no longer be won"), "{text}");
    // A hint still offers the pair that can go.
    send(&mut app, "h");
    app.settle();
    assert!(screen(&mut app, 80, 24).contains("no winning line"));
}

#[test]
fn solitaire_pairs_by_click_svg_and_kmahjongg_files() {
    let d = tmp("solitaire");
    let mut app = App::new(Settings {
        save_dir: Some(d.clone()),
        ..Settings::for_tests()
    });
    send(&mut app, "3 <enter>");
    app.settle();
    let _ = screen(&mut app, 80, 24);
    let s = app.solitaire.as_ref().unwrap();
    let g = s.game.as_ref().unwrap();
    let m = g.board.legal_moves()[0];
    let click = |i: usize| {
        let p = g.board.layout().positions()[i];
        let map = &s.map;
        let (dx, dy) = (0..2u16)
            .flat_map(|dy| (0..2u16).map(move |dx| (dx, dy)))
            .find(|&(dx, dy)| map.hit(map.x + (p.x + dx) * map.cols, map.y + p.y + dy) == Some(i))
            .expect("visible");
        grilles::keys::click(map.x + (p.x + dx) * map.cols, map.y + p.y + dy)
    };
    let (a, b) = (click(m.first()), click(m.second()));
    app.handle(&a);
    app.handle(&b);
    assert_eq!(
        app.solitaire
            .as_ref()
            .unwrap()
            .game
            .as_ref()
            .unwrap()
            .board
            .remaining(),
        142
    );
    send(&mut app, "x");
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("Picture written to"), "{text}");
    let svg = std::fs::read_dir(&d)
        .unwrap()
        .filter_map(Result::ok)
        .find(|e| e.path().extension().is_some_and(|x| x == "svg"));
    let svg = std::fs::read_to_string(svg.expect("an svg file").path()).unwrap();
    assert!(svg.contains("<svg"));
    // A KMahjongg file of four tiles.
    let file = d.join("tiny.layout");
    std::fs::write(
        &file,
        "kmahjongg-layout-v1.1\nw6\nh2\nd2\n# level 0\n121212\n434343\n# level 1\n..12..\n..43..\n",
    )
    .unwrap();
    send(&mut app, "n y <left> <down>");
    app.handle(&grilles::keys::paste(file.to_str().unwrap()));
    send(&mut app, "<enter>");
    app.settle();
    let g = app.solitaire.as_ref().unwrap().game.as_ref().unwrap();
    assert_eq!(g.board.remaining(), 4);
    assert_eq!(g.board.layout().name(), "tiny");
    // A missing file is an error in the form (which has kept "another file" and its path).
    send(&mut app, "n <down> <del> /no/such.layout <enter>");
    assert!(screen(&mut app, 80, 24).contains("/no/such.layout"));
}

#[test]
fn defi_hot_seat_and_why_on_a_computer_entry() {
    let mut app = app();
    // Two people, computers first, one computer player.
    send(
        &mut app,
        "2 <right> <down> <down> <down> <left> <down> <down> <down> <down> <down> <down> <down> <down> <right> <enter>",
    );
    let g = app.defi.as_ref().unwrap().game.as_ref().unwrap();
    assert_eq!(g.humans(), 2);
    assert_eq!(g.game().player_count(), 3);
    for _ in 0..3 {
        app.advance(Duration::from_millis(800));
    }
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("press Enter when seated"), "{text}");
    send(&mut app, "5");
    assert!(screen(&mut app, 80, 24).contains("Press Enter when seated."));
    send(&mut app, "<enter>");
    let g = app.defi.as_ref().unwrap().game.as_ref().unwrap();
    assert!(!g.waiting_for_seat());
    // Why? on the computer's entry.
    let bot_cell = g.game().turns()[0].entries[0].cell;
    let why = g.why(bot_cell);
    assert!(why.starts_with("Bot 1 entered"), "{why}");
    assert!(
        why.contains(&format!(
            "{} is",
            bot_cell.display(sudoku_core::Shape::CLASSIC)
        )),
        "{why}"
    );
}

#[test]
fn mahjong_claim_prompt_counts_down() {
    let mut app = app();
    send(&mut app, "4 <enter>");
    for _ in 0..3000 {
        let g = app.mahjong.as_ref().unwrap().game.as_ref().unwrap();
        if g.is_claim_prompt() || g.showing_results {
            break;
        }
        if g.is_own_turn() {
            send(&mut app, "<enter>");
        } else {
            app.advance(Duration::from_millis(600));
        }
    }
    let g = app.mahjong.as_ref().unwrap().game.as_ref().unwrap();
    if g.is_claim_prompt() {
        let text = screen(&mut app, 80, 24);
        assert!(text.contains("Claim?") && text.contains("(6 s)"), "{text}");
        app.advance(Duration::from_secs(3));
        assert!(screen(&mut app, 80, 24).contains("(3 s)"));
        app.advance(Duration::from_secs(3));
        assert!(
            !app.mahjong
                .as_ref()
                .unwrap()
                .game
                .as_ref()
                .unwrap()
                .is_claim_prompt()
                || screen(&mut app, 80, 24).contains("(6 s)")
        );
    }
}

#[test]
fn defi_two_against_two_shows_the_teams_and_refuses_a_bad_setup() {
    let mut app = app();
    // One person, three computer players, teams on, shortened challenge, status quo.
    send(
        &mut app,
        "2 <down> <down> <right> <down> <down> <down> <right> <down> <down> <down> <right> <down> <right> <enter>",
    );
    let g = app.defi.as_ref().unwrap().game.as_ref().unwrap();
    let o = g.game().options();
    assert!(o.teams);
    assert_eq!(o.challenge, defi_sudoku::Challenge::Shortened);
    assert_eq!(o.final_order, defi_sudoku::FinalOrder::StatusQuo);
    assert!(screen(&mut app, 80, 24).contains("Team A"));
    // The form comes back with the last settings (teams on): with one computer player
    // less, it says why not.
    send(&mut app, "n y");
    let form = screen(&mut app, 80, 24);
    assert!(
        form.contains("on (4 players)") && form.contains("< shortened >"),
        "{form}"
    );
    send(&mut app, "<down> <down> <left> <enter>");
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("two against two needs 4 players"), "{text}");
}

#[test]
fn a_wrong_digit_cleared_gives_its_pencil_marks_back() {
    let mut app = app();
    send(
        &mut app,
        &format!("1 <down> <down> <down> {EASY} <enter> a"),
    );
    let wrong = wrong_digit(sudoku(&app), Cell::new(0));
    let before: Vec<_> = sudoku(&app)
        .shape()
        .cells()
        .map(|c| sudoku(&app).marks(c))
        .collect();
    send(&mut app, &wrong.to_string());
    let peer = sudoku(&app)
        .geometry()
        .peers(Cell::new(0))
        .iter()
        .copied()
        .find(|&p| before[p.index()].contains(wrong))
        .expect("a peer marked with the digit");
    assert!(!sudoku(&app).marks(peer).contains(wrong));
    // Cleared by 0: the marks are back; cleared by a hint: too.
    send(&mut app, "0");
    assert!(sudoku(&app).marks(peer).contains(wrong));
    send(&mut app, &format!("{wrong} h"));
    assert!(screen(&mut app, 100, 30).contains("Not the solution's digit: r1c1"));
    send(&mut app, "h");
    assert!(sudoku(&app).marks(peer).contains(wrong));
    send(&mut app, "h");
    let text = screen(&mut app, 120, 30);
    assert!(!text.contains("leave out the right digit"), "{text}");
    assert!(text.contains("(h: play it)"), "{text}");
    // Played, the hint no longer offers to be played.
    send(&mut app, "h");
    let text = screen(&mut app, 120, 30);
    assert!(
        text.contains("Played: ") && !text.contains("(h: play it)"),
        "{text}"
    );
}

#[test]
fn the_wrong_digit_hint_says_what_h_does_once() {
    let mut app = app();
    send(&mut app, &format!("1 <down> <down> <down> {EASY} <enter>"));
    let wrong = wrong_digit(sudoku(&app), Cell::new(0));
    send(&mut app, &format!("{wrong} h"));
    let text = screen(&mut app, 120, 30);
    assert!(
        text.contains("Not the solution's digit: r1c1.  (h: clear it)"),
        "{text}"
    );
    assert!(
        !text.contains("Press h again") && !text.contains("play it"),
        "{text}"
    );
}

#[test]
fn a_typed_puzzle_that_is_not_one_is_explained_in_words() {
    let mut app = app();
    send(&mut app, "1 <down> <down> <down> 1234 <enter>");
    let text = screen(&mut app, 100, 30);
    assert!(text.contains("character 3 ('3') is not a symbol"), "{text}");
    assert!(!text.contains("line 1, column"), "{text}");
    send(&mut app, "<bs> <bs> <bs> <bs> 12.4. <enter>");
    let text = screen(&mut app, 100, 30);
    assert!(
        text.contains("5 cells typed: a puzzle has one character a cell, N×N cells: 16 (4×4)"),
        "{text}"
    );
    assert!(text.contains("any other N×N up to 25×25"), "{text}");
    assert!(!text.contains("another square of 1..=25"), "{text}");
}
