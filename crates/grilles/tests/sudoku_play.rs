//! Sudoku as its players expect it: best times, pause, restart, automatic clean-up of the
//! pencil marks as a switch, the cursor's houses and digit highlighted, every typed size,
//! a revealed cell that gives the marks back, questions before a game is lost.

use std::path::PathBuf;
use std::time::Duration;

use grilles::{App, Settings};
use ratatui::style::Modifier;
use sudoku_core::Cell;

use crate::common::{app, screen, send};
use crate::variants::{buffer, game, play_to_the_end};

const EASY: &str =
    "000000010400000000020000000000050407008000300001090000300400200050100000000806000";

fn typed(app: &mut App) {
    send(app, &format!("1 <down> <down> <down> {EASY} <enter>"));
}

fn tmp(name: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("grilles-play-{name}"));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn session(dir: &std::path::Path) -> App {
    App::new(Settings {
        save_dir: Some(dir.to_path_buf()),
        ..Settings::for_tests()
    })
}

#[test]
fn best_times_count_solves_without_help_and_are_kept() {
    let d = tmp("times");
    let mut app = session(&d);
    typed(&mut app);
    // The clock starts at the first tick.
    app.advance(Duration::ZERO);
    app.advance(Duration::from_secs(90));
    play_to_the_end(&mut app, 80, 24);
    let text = screen(&mut app, 80, 24);
    assert!(
        text.replace('\n', " ")
            .contains("Your best time for a Sudoku 9×9 easy!"),
        "{text}"
    );
    assert!(text.contains("Best  1:3"), "{text}");
    // With a hint the solve is not counted, and the screen says why.
    send(&mut app, "n <down> <down> <down> <del>");
    send(&mut app, &format!("{EASY} <enter> h h"));
    play_to_the_end(&mut app, 80, 24);
    let text = screen(&mut app, 80, 24).replace('\n', " ");
    assert!(
        text.contains("best times count solves without them"),
        "{text}"
    );
    // Kept for the next session: the help's second page lists them.
    send(&mut app, "<esc> q");
    let mut again = session(&d);
    send(&mut again, "1 ? <right>");
    let page = screen(&mut again, 80, 24);
    assert!(page.contains("Sudoku 9×9 easy: 1:3"), "{page}");
    assert!(page.contains("Difficulty: the effort"), "{page}");
}

#[test]
fn a_pause_stops_the_clock_and_hides_the_grid() {
    let mut app = app();
    typed(&mut app);
    app.advance(Duration::ZERO);
    app.advance(Duration::from_secs(5));
    assert!(screen(&mut app, 80, 24).contains("Time  0:05"));
    send(&mut app, "<space>");
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("Paused: Space to go on"), "{text}");
    // The givens are hidden: no digit on the board's first line (r1c8 holds a 1).
    let first = text.lines().nth(2).unwrap();
    assert!(!first.contains('1'), "{text}");
    app.advance(Duration::from_secs(30));
    send(&mut app, "<left> 5");
    assert!(screen(&mut app, 80, 24).contains("Time  0:05 (paused)"));
    assert_eq!(game(&app).empty_cells(), 64, "keys do nothing while paused");
    send(&mut app, "<space>");
    app.advance(Duration::ZERO);
    app.advance(Duration::from_secs(2));
    assert!(screen(&mut app, 80, 24).contains("Time  0:07"));
}

#[test]
fn restart_asks_then_starts_the_puzzle_again() {
    let mut app = app();
    typed(&mut app);
    send(&mut app, "a h h");
    app.advance(Duration::from_secs(20));
    app.advance(Duration::from_secs(0));
    assert_eq!(game(&app).hints(), 1);
    // Any key but y keeps the game.
    send(&mut app, "x");
    assert!(screen(&mut app, 80, 24).contains("Start this puzzle again?"));
    send(&mut app, "n");
    assert_eq!(game(&app).empty_cells(), 63);
    send(&mut app, "x y");
    let g = game(&app);
    assert_eq!(g.grid(), g.givens().grid());
    assert!(g.cells().all(|c| g.marks(c).is_empty()));
    assert_eq!((g.hints(), g.elapsed_ms, g.can_undo()), (0, 0, false));
}

#[test]
fn automatic_clean_up_of_the_marks_is_a_switch() {
    let mut app = app();
    typed(&mut app);
    send(&mut app, "a");
    let right = game(&app).solution().get(0);
    let peer_with = |app: &App| {
        let g = game(app);
        g.geometry()
            .peers(Cell::new(0))
            .iter()
            .filter(|p| g.marks(**p).contains(right))
            .count()
    };
    let before = peer_with(&app);
    assert!(before > 0);
    send(&mut app, "l");
    assert!(screen(&mut app, 80, 24).contains("Clean off"));
    send(&mut app, &right.to_string());
    assert_eq!(peer_with(&app), before, "the marks stay as written");
    send(&mut app, "0 l");
    assert!(screen(&mut app, 80, 24).contains("Clean on"));
    send(&mut app, &right.to_string());
    assert_eq!(peer_with(&app), 0, "the digit left its peers' marks");
    // The switch is saved with the game.
    send(&mut app, "l");
    let save = game(&app).save();
    assert!(!save.auto_clean);
    assert!(
        !grilles::sudoku::SudokuGame::restore(save)
            .unwrap()
            .auto_clean
    );
}

#[test]
fn the_cursor_s_houses_and_digit_are_highlighted() {
    let mut app = app();
    typed(&mut app);
    // The cursor on r1c8, a given 1.
    send(&mut app, "<left> <left>");
    let buf = buffer(&mut app, 80, 24);
    let map = app.sudoku.as_ref().unwrap().map.clone();
    let g = game(&app);
    assert_eq!(g.name_of(g.cursor()), "r1c8");
    let style = |r: usize, c: usize| buf[(map.cols[c] + 2, map.rows[r])].modifier;
    // Its row, its column, its box: reversed; elsewhere not.
    assert!(style(0, 0).contains(Modifier::REVERSED));
    assert!(style(8, 7).contains(Modifier::REVERSED));
    assert!(style(2, 6).contains(Modifier::REVERSED));
    assert!(!style(4, 0).contains(Modifier::REVERSED));
    // The other cells holding a 1: underlined.
    for cell in g.cells().filter(|&c| g.value(c) == 1 && c != g.cursor()) {
        let (r, c) = g.place_of(cell);
        assert!(
            style(r, c).contains(Modifier::UNDERLINED),
            "{}",
            g.name_of(cell)
        );
    }
    assert!(
        !style(1, 0).contains(Modifier::UNDERLINED),
        "r2c1 holds a 4"
    );
}

#[test]
fn a_typed_puzzle_of_any_side_up_to_25_is_played() {
    use rand::SeedableRng;
    for side in [8usize, 10] {
        let shape = sudoku_core::Shape::for_size(side).unwrap();
        let made = sudoku_core::Generator::new(sudoku_core::Geometry::classic(shape))
            .proof_budget(1_000)
            .generate(&mut rand_pcg::Pcg64Mcg::seed_from_u64(side as u64))
            .unwrap();
        let mut app = app();
        send(
            &mut app,
            &format!("1 <down> <down> <down> {} <enter>", made.puzzle),
        );
        let text = screen(&mut app, 80, 24);
        assert!(text.contains(&format!("Sudoku {side}×{side}")), "{text}");
        play_to_the_end(&mut app, 80, 24);
    }
}

#[test]
fn at_100_columns_a_16x16_keeps_its_side_panel_beside_it() {
    let mut app = app();
    send(&mut app, "1 <right> <right> <right> <enter>");
    app.settle();
    let text = screen(&mut app, 100, 32);
    let top = text.lines().nth(1).unwrap();
    let right_edge = top.chars().position(|c| c == '┐').unwrap();
    let title = top
        .find("Sudoku 16×16")
        .map(|b| top[..b].chars().count())
        .unwrap_or_else(|| panic!("no panel on the board's first line:\n{text}"));
    assert!(title > right_edge, "{text}");
}

#[test]
fn a_revealed_cell_gives_back_the_marks_of_the_wrong_digit_it_clears() {
    let mut app = app();
    typed(&mut app);
    send(&mut app, "a");
    // A wrong digit d in an empty cell a, the right one of a peer b of a; a third cell q
    // sees a but not b and has d in its marks.
    let g = game(&app);
    let geometry = g.geometry().clone();
    let found = g.cells().filter(|&a| g.value(a) == 0).find_map(|a| {
        geometry.peers(a).iter().copied().find_map(|b| {
            let d = g.solution().get(b.index());
            let ok = g.value(b) == 0 && d != g.solution().get(a.index()) && g.marks(a).contains(d);
            let q = geometry
                .peers(a)
                .iter()
                .copied()
                .find(|&q| q != b && !geometry.peers(b).contains(&q) && g.marks(q).contains(d));
            if ok { q.map(|q| (a, b, d, q)) } else { None }
        })
    });
    let (a, b, d, q) = found.expect("such cells");
    let _ = screen(&mut app, 80, 24);
    let map = app.sudoku.as_ref().unwrap().map.clone();
    let click = |app: &mut App, cell: Cell| {
        let (r, c) = game(app).place_of(cell);
        app.handle(&grilles::keys::click(map.cols[c], map.rows[r]));
    };
    click(&mut app, a);
    send(&mut app, &d.to_string());
    assert!(!game(&app).marks(q).contains(d));
    click(&mut app, b);
    send(&mut app, "r");
    let g = game(&app);
    assert_eq!((g.value(b), g.value(a)), (d, 0));
    assert!(
        g.marks(q).contains(d),
        "the mark came back in {}",
        g.name_of(q)
    );
}

#[test]
fn new_asks_before_a_game_in_progress_is_lost_and_the_form_keeps_the_last_settings() {
    let mut app = app();
    // 6×6 X expert… is rare; 6×6 X easy, then the form again.
    send(&mut app, "1 <right> <down> <right> <enter>");
    app.settle();
    send(&mut app, "a");
    send(&mut app, "n");
    assert!(screen(&mut app, 80, 24).contains("The game in progress will be lost"));
    send(&mut app, "<esc>");
    assert!(game(&app).can_undo(), "Esc keeps the game");
    send(&mut app, "n y");
    let form = screen(&mut app, 80, 24);
    assert!(
        form.contains("< 6×6 >") && form.contains("< X (diagonals too) >"),
        "{form}"
    );
    // Esc leaves the form: the game goes on.
    send(&mut app, "<esc>");
    assert_eq!(game(&app).size(), 6);
}

#[test]
fn help_boxes_of_sudoku_and_defi_keep_their_phrases_whole() {
    let mut app = app();
    typed(&mut app);
    send(&mut app, "?");
    let text = screen(&mut app, 80, 24);
    for line in grilles::sudoku::view::help_lines(9) {
        assert!(text.contains(line.trim()), "{line:?} is cut:\n{text}");
    }
    let mut app = crate::common::app();
    send(&mut app, "2 <enter> ?");
    let text = screen(&mut app, 80, 24);
    for line in grilles::defi::KEYS {
        assert!(text.contains(line.trim()), "{line:?} is cut:\n{text}");
    }
}
