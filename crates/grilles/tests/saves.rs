//! Each game saved on leaving, restored exactly in a new session, and going on as it would
//! have.

use std::path::{Path, PathBuf};
use std::time::Duration;

use grilles::{App, ScreenKind, Settings};

use crate::common::{screen, send};

const EASY: &str =
    "000000010400000000020000000000050407008000300001090000300400200050100000000806000";

fn dir(name: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("grilles-saves-{name}"));
    let _ = std::fs::remove_dir_all(&d);
    d
}

fn session(dir: &Path) -> App {
    App::new(Settings {
        ascii: false,
        save_dir: Some(dir.to_path_buf()),
        seed: Some(3),
    })
}

#[test]
fn sudoku_comes_back_with_marks_history_and_time() {
    let d = dir("sudoku");
    let mut app = session(&d);
    send(&mut app, &format!("1 <down> <down> <down> {EASY} <enter>"));
    send(&mut app, "a <right> p 1 p <down> 7 h h u");
    app.advance(Duration::from_secs(5));
    app.advance(Duration::from_secs(5));
    let before = app.sudoku.as_ref().unwrap().game.clone().unwrap();
    assert!(before.elapsed_ms >= 5000);
    assert!(before.can_undo() && before.can_redo());
    send(&mut app, "<esc>");
    assert!(screen(&mut app, 80, 24).contains("Sudoku saved."));
    send(&mut app, "q");
    let mut again = session(&d);
    assert!(screen(&mut again, 80, 24).contains("(saved game)"));
    send(&mut again, "1");
    let after = again.sudoku.as_ref().unwrap().game.clone().unwrap();
    assert_eq!(after, before);
    // Redo works on the restored history.
    send(&mut again, "y");
    assert_ne!(
        again.sudoku.as_ref().unwrap().game.as_ref().unwrap().grid(),
        before.grid()
    );
}

#[test]
fn defi_comes_back_and_goes_on_as_it_would_have() {
    let d = dir("defi");
    let mut app = session(&d);
    // Computers first, so they have played when we leave; chrono 60 s.
    send(
        &mut app,
        "2 <down> <down> <down> <down> <down> <down> <down> <right> <right> <down> <down> <down> <right> <enter>",
    );
    for _ in 0..3 {
        app.advance(Duration::from_millis(800));
    }
    app.advance(Duration::from_secs(4));
    let played = app.defi.as_ref().unwrap().game.as_ref().unwrap();
    assert!(played.entries_played() >= 2);
    assert!(played.human_to_move().is_some(), "the person is to move");
    let left = played.time_left().expect("a chrono");
    let record = played.game().record();
    send(&mut app, "<esc> q");
    let mut again = session(&d);
    send(&mut again, "2");
    let g = again.defi.as_ref().unwrap().game.as_ref().unwrap();
    assert_eq!(g.game().record(), record);
    assert_eq!(
        g.time_left(),
        Some(left),
        "the countdown goes on where it was"
    );
    // Both sessions go on the same way: the person plays the same entry, the bots answer alike.
    let cell = sudoku_core::Shape::CLASSIC
        .cells()
        .find(|c| g.game().grid().get(c.index()) == 0)
        .unwrap();
    let digit = g.game().puzzle().solution().get(cell.index());
    let mut first = session(&dir("defi-unused"));
    drop(first.sudoku.take());
    let entry = defi_sudoku::Entry::new(g.human_to_move().unwrap(), cell, digit);
    let mut a = grilles::defi::DefiGame::restore(
        again.defi.as_ref().unwrap().game.as_ref().unwrap().save(),
    )
    .unwrap();
    let mut b = grilles::defi::DefiGame::restore(
        again.defi.as_ref().unwrap().game.as_ref().unwrap().save(),
    )
    .unwrap();
    a.play(entry).unwrap();
    b.play(entry).unwrap();
    while a.game().to_act().first().copied().is_some() && a.human_to_move().is_none() {
        a.bot_move();
        b.bot_move();
    }
    assert_eq!(a.game().record(), b.game().record());
}

#[test]
fn solitaire_comes_back_exactly() {
    let d = dir("solitaire");
    let mut app = session(&d);
    send(&mut app, "3 <enter>");
    app.settle();
    for _ in 0..2 {
        send(&mut app, "h");
        app.settle();
        send(&mut app, "h");
        app.settle();
    }
    send(&mut app, "<tab> <space>");
    app.advance(Duration::from_secs(3));
    app.advance(Duration::from_secs(3));
    let before = app.solitaire.as_ref().unwrap().game.clone().unwrap();
    assert_eq!(before.board.history().len(), 2);
    assert!(before.board.selected().is_some());
    send(&mut app, "<esc> q");
    let mut again = session(&d);
    send(&mut again, "3");
    let after = again.solitaire.as_ref().unwrap().game.clone().unwrap();
    assert_eq!(after, before);
    assert_eq!(after.score(), before.score());
    send(&mut again, "u u");
    assert_eq!(
        again
            .solitaire
            .as_ref()
            .unwrap()
            .game
            .as_ref()
            .unwrap()
            .board
            .remaining(),
        144
    );
}

#[test]
fn mahjong_comes_back_and_goes_on_as_it_would_have() {
    let d = dir("mahjong");
    let mut app = session(&d);
    send(&mut app, "4 <enter> <enter>");
    for _ in 0..6 {
        app.advance(Duration::from_millis(600));
    }
    let g = app.mahjong.as_ref().unwrap().game.as_ref().unwrap();
    let record = g.game.record();
    assert!(record.rounds[0].actions.len() >= 2);
    send(&mut app, "<esc> q");
    let mut again = session(&d);
    send(&mut again, "4");
    let g2 = again.mahjong.as_ref().unwrap().game.as_ref().unwrap();
    assert_eq!(g2.game.record(), record);
    // Two copies of the restored game go on alike.
    let save = g2.save();
    let mut a = grilles::mahjong::MahjongGame::restore(save.clone()).unwrap();
    let mut b = grilles::mahjong::MahjongGame::restore(save).unwrap();
    for _ in 0..40 {
        if a.human_to_act() {
            let pass = mahjong_rules::table::Action::Pass { seat: a.wind() };
            let act = if a.is_own_turn() {
                let (hand, _) = a.hand();
                mahjong_rules::table::Action::Discard {
                    seat: a.wind(),
                    tile: hand[hand.len() - 1],
                }
            } else {
                pass
            };
            a.act(act).unwrap();
            b.act(act).unwrap();
        } else {
            assert_eq!(a.bot_step(false), b.bot_step(false));
        }
        if a.showing_results {
            break;
        }
    }
    assert_eq!(a.game, b.game);
    let _ = ScreenKind::Mahjong;
}

#[test]
fn a_sudoku_saved_by_the_first_version_comes_back() {
    // Saved by version 0.1, which let a digit stand beside the same digit of its row: r2c2
    // and r2c3 both hold 7 there; r2c3's is the solution's, r2c2's goes.
    let d = dir("sudoku-0.1");
    std::fs::create_dir_all(&d).unwrap();
    std::fs::copy(
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/sudoku-0.1.json"),
        d.join("sudoku.json"),
    )
    .unwrap();
    let mut app = session(&d);
    send(&mut app, "1");
    assert!(screen(&mut app, 80, 24).contains("Saved game resumed."));
    let g = app.sudoku.as_ref().unwrap().game.clone().unwrap();
    let shape = g.shape();
    assert_eq!(g.value(shape.cell(1, 2)), 7);
    assert_eq!(g.value(shape.cell(1, 1)), 0);
    assert_eq!(g.revealed(), [shape.cell(1, 2)]);
    assert_eq!(g.elapsed_ms, 5000);
    assert_eq!(g.hints(), 1);
    assert!(!g.marks(shape.cell(0, 0)).is_empty());
    assert!(g.can_undo());
    // Its history comes back too: undoing every change leaves the givens.
    send(&mut app, "u u u u");
    let g = app.sudoku.as_ref().unwrap().game.as_ref().unwrap();
    assert_eq!(g.grid(), g.givens().grid());
    assert!(!g.can_undo());
    // Saved again, it reads back the same.
    let save = g.save();
    let again = grilles::sudoku::SudokuGame::restore(save.clone()).unwrap();
    assert_eq!(again.save(), save);
}

#[test]
fn an_unreadable_save_is_said_kept_aside_and_not_overwritten() {
    let d = dir("unreadable");
    std::fs::create_dir_all(&d).unwrap();
    for (file, kind) in [
        ("sudoku.json", "1"),
        ("defi.json", "2"),
        ("solitaire.json", "3"),
        ("mahjong.json", "4"),
    ] {
        std::fs::write(d.join(file), "{\"rules\": \"classic\", \"puzz").unwrap();
        let mut app = session(&d);
        let menu = screen(&mut app, 80, 24);
        assert!(menu.contains("(saved game unreadable)"), "{menu}");
        send(&mut app, kind);
        let text = screen(&mut app, 80, 24).replace('\n', " ");
        assert!(
            text.contains("The saved game could not be resumed"),
            "{file}: {text}"
        );
        assert!(
            text.contains(&format!("{file}.unreadable")),
            "{file}: {text}"
        );
        assert!(!d.join(file).exists() && d.join(format!("{file}.unreadable")).exists());
        send(&mut app, "<esc> q");
        let mut again = session(&d);
        assert!(!screen(&mut again, 80, 24).contains("unreadable)"));
    }
    // A sudoku whose solution does not solve it is refused the same way.
    let mut app = session(&d);
    send(
        &mut app,
        &format!("1 <down> <down> <down> {EASY} <enter> <esc> q"),
    );
    let path = d.join("sudoku.json");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut save: serde_json::Value = serde_json::from_str(&text).unwrap();
    // A complete grid, but not the givens' solution: 1 and 2 swapped.
    let swapped: String = save["solution"]["cells"]
        .as_str()
        .unwrap()
        .chars()
        .map(|c| match c {
            '1' => '2',
            '2' => '1',
            c => c,
        })
        .collect();
    save["solution"]["cells"] = serde_json::Value::String(swapped);
    std::fs::write(&path, save.to_string()).unwrap();
    let mut app = session(&d);
    send(&mut app, "1");
    let text = screen(&mut app, 80, 24).replace('\n', " ");
    assert!(text.contains("it was refused"), "{text}");
}
