//! Outside data that tries to hurt: saves too long or with a huge history, layout files of
//! gigabytes, and names that carry control sequences.

use std::path::{Path, PathBuf};

use grilles::sudoku::{MAX_UNDO, SudokuGame, SudokuSave};
use grilles::ui::is_unsafe_char;
use grilles::{App, Settings, Store, StoreError};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

use crate::common::send;

fn dir(name: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("grilles-hostile-{name}"));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn session(dir: &Path) -> App {
    App::new(Settings {
        ascii: false,
        save_dir: Some(dir.to_path_buf()),
        seed: Some(3),
    })
}

/// Draws the app and returns its text, after checking that no cell of the frame holds a
/// control character or a bidirectional override.
fn safe_screen(app: &mut App, w: u16, h: u16) -> String {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| app.render(f)).unwrap();
    let buffer = t.backend().buffer();
    for cell in buffer.content() {
        assert!(
            !cell.symbol().chars().any(is_unsafe_char),
            "{:?} reaches the terminal",
            cell.symbol()
        );
    }
    grilles::screen_text(buffer)
}

/// A name built to forge the screen: retitle the window, clear it, go back to the start of
/// the line and write a line of its own, then reverse what follows.
const FORGED: &str = "Eve\u{1b}]0;x\u{7}\u{1b}[2J\r\nturn 99 forged\u{202e}gnp.exe";

/// The start of `FORGED` as the screens show it.
const SHOWN: &str = "Eve\\u{1b}]0;x\\u{7}\\u{1b}[2J\\r\\nturn";

/// A sudoku game with some history.
fn sudoku_game() -> SudokuGame {
    let text = "000000010400000000020000000000050407008000300001090000300400200050100000000806000";
    let p = grilles::sudoku::parse_puzzle(text, grilles::sudoku::RulesKind::Classic).unwrap();
    let mut g = SudokuGame::new(p).unwrap();
    let cells: Vec<_> = (0..81)
        .map(sudoku_core::Cell::new)
        .filter(|&c| !g.is_given(c))
        .take(3)
        .collect();
    for c in cells {
        let digit = g.solution().get(c.index());
        g.place(c, digit).unwrap();
    }
    g
}

#[test]
fn a_save_of_200000_undo_steps_keeps_the_last_max_undo() {
    let d = dir("undo");
    let save = sudoku_game().save();
    let step = serde_json::to_string(&save.undo[0]).unwrap();
    // 200,000 steps: the oldest as small as a step can be written, the last MAX_UNDO real.
    let tiny = r#"{"values":[],"marks":[]}"#;
    let mut steps = vec![tiny; 200_000 - MAX_UNDO];
    steps.extend(std::iter::repeat_n(step.as_str(), MAX_UNDO));
    let mut value = serde_json::to_value(&save).unwrap();
    value["undo"] = serde_json::Value::Null;
    let text = serde_json::to_string(&value).unwrap().replace(
        r#""undo":null"#,
        &format!(r#""undo":[{}]"#, steps.join(",")),
    );
    assert!(text.len() > 5_000_000, "{}", text.len());
    std::fs::write(d.join("sudoku.json"), &text).unwrap();

    let read: SudokuSave = Store::new(Some(d.clone()))
        .load("sudoku.json")
        .unwrap()
        .unwrap();
    assert_eq!(read.undo.len(), MAX_UNDO);
    let mut app = session(&d);
    send(&mut app, "1");
    assert!(safe_screen(&mut app, 80, 24).contains("Saved game resumed."));
    let g = app.sudoku.as_ref().unwrap().game.clone().unwrap();
    assert_eq!(g.save().undo.len(), MAX_UNDO);
    // Saved again on leaving: a history of MAX_UNDO steps, a fraction of the file read.
    send(&mut app, "<esc>");
    let again: SudokuSave =
        serde_json::from_str(&std::fs::read_to_string(d.join("sudoku.json")).unwrap()).unwrap();
    assert_eq!(again.undo.len(), MAX_UNDO);
}

#[test]
fn restore_keeps_the_last_max_undo_steps_of_each_list() {
    let g = sudoku_game();
    let mut save = g.save();
    let (first, last) = (save.undo[0].clone(), save.undo[2].clone());
    save.undo = std::iter::repeat_n(first, 300)
        .chain(std::iter::repeat_n(last.clone(), MAX_UNDO))
        .collect();
    save.redo = save.undo.clone();
    let restored = SudokuGame::restore(save).unwrap().save();
    assert_eq!(restored.undo.len(), MAX_UNDO);
    assert_eq!(restored.redo.len(), MAX_UNDO);
    assert!(restored.undo.iter().all(|s| *s == last));
}

#[test]
fn lists_of_a_save_longer_than_the_largest_grid_are_refused() {
    let mut value = serde_json::to_value(sudoku_game().save()).unwrap();
    value["marks"] = serde_json::Value::Array(vec![0.into(); 626]);
    let e = serde_json::from_value::<SudokuSave>(value).unwrap_err();
    assert!(e.to_string().contains("more than 625 cells"), "{e}");
}

#[test]
fn a_save_past_the_limit_is_refused_naming_the_file_and_the_limit() {
    let d = dir("long-save");
    let file = std::fs::File::create(d.join("sudoku.json")).unwrap();
    file.set_len(Store::MAX_FILE_LEN + 1).unwrap();
    let e = Store::new(Some(d.clone()))
        .load::<SudokuSave>("sudoku.json")
        .unwrap_err();
    assert!(matches!(e, StoreError::TooLong { .. }), "{e}");
    let mut app = session(&d);
    send(&mut app, "1");
    // Said in the new-game form, and the file set aside (not overwritten by the next save).
    let text = safe_screen(&mut app, 160, 40)
        .replace('│', " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        text.contains("a saved game has at most 67108864 bytes; this one has more"),
        "{text}"
    );
    assert!(d.join("sudoku.json.unreadable").exists());
}

#[test]
fn a_layout_file_of_1500_megabytes_is_refused_after_reading_4_mib() {
    let d = dir("layout");
    let path = d.join("s.layout");
    std::fs::File::create(&path)
        .unwrap()
        .set_len(1500 << 20)
        .unwrap();
    let e = grilles::solitaire::load_file(path.to_str().unwrap()).unwrap_err();
    assert!(
        matches!(
            &e,
            grilles::solitaire::NewGameError::Layout {
                source: mahjong_solitaire::ReadLayoutError::TooLong { .. },
                ..
            }
        ),
        "{e}"
    );
    assert!(
        e.to_string()
            .ends_with("a layout file has at most 4194304 bytes; this one has more")
    );
}

#[test]
fn names_from_records_and_layout_files_are_shown_escaped() {
    // Défi: a saved game whose player names were tampered with.
    let d = dir("names");
    let mut app = session(&d);
    send(&mut app, "2 <enter>");
    send(&mut app, "<esc> q");
    let path = d.join("defi.json");
    let mut save: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let players = save["record"]["players"].as_array_mut().unwrap();
    players[0] = FORGED.into();
    std::fs::write(&path, serde_json::to_string(&save).unwrap()).unwrap();
    let mut app = session(&d);
    send(&mut app, "2");
    let text = safe_screen(&mut app, 120, 40);
    assert!(text.contains("Saved game resumed."), "{text}");
    assert!(text.contains("Eve\\u{1b}]0;x\\u{7}"), "{text}");
    let g = app.defi.as_ref().unwrap().game.as_ref().unwrap();
    assert!(g.game().players()[0].starts_with(SHOWN));

    // French mahjong: the same in its record.
    send(&mut app, "<esc> 4 <enter> <enter>");
    send(&mut app, "<esc> q");
    let path = d.join("mahjong.json");
    let mut save: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    save["record"]["players"][0] = FORGED.into();
    std::fs::write(&path, serde_json::to_string(&save).unwrap()).unwrap();
    let mut app = session(&d);
    send(&mut app, "4");
    let text = safe_screen(&mut app, 120, 40);
    assert!(text.contains("Eve\\u{1b}]0;x\\u{7}"), "{text}");

    // Solitaire: a layout file named with ESC, CR and U+202E.
    let layout = d.join(format!("{FORGED}.layout"));
    std::fs::write(&layout, "0 0: 0-2\n").unwrap();
    send(&mut app, "<esc> 3");
    send(&mut app, "<left> <down> <del>");
    app.handle(&grilles::keys::paste(layout.to_str().unwrap()));
    send(&mut app, "<enter>");
    let text = safe_screen(&mut app, 120, 40);
    let g = app.solitaire.as_ref().unwrap().game.as_ref().unwrap();
    assert!(g.source.starts_with(SHOWN), "{}", g.source);
    assert!(
        text.contains("Mahjong solitaire · Eve\\u{1b}]0;x"),
        "{text}"
    );
}

#[test]
fn the_last_guard_removes_what_escaped_no_one() {
    use ratatui::buffer::Buffer;
    use ratatui::layout::Rect;
    use ratatui::text::Span;
    use ratatui::widgets::Widget;
    let mut buf = Buffer::empty(Rect::new(0, 0, 20, 1));
    Span::raw("ab\u{202e}cd\u{1b}e\u{2066}").render(buf.area, &mut buf);
    assert!(
        buf.content()
            .iter()
            .any(|c| c.symbol().contains('\u{202e}'))
    );
    grilles::ui::scrub(&mut buf);
    assert!(
        buf.content()
            .iter()
            .all(|c| !c.symbol().chars().any(is_unsafe_char))
    );
    assert!(grilles::screen_text(&buf).starts_with("abcde"));
}

#[test]
fn the_program_escapes_the_arguments_it_quotes() {
    for args in [
        vec!["--\u{1b}[2J\r\u{202e}forged"],
        vec!["--seed", "7\u{1b}]0;x\u{7}"],
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_grilles"))
            .args(&args)
            .output()
            .unwrap();
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(out.stdout.is_empty());
        assert_eq!(err.lines().count(), 1, "{err:?}");
        assert!(err.starts_with("grilles: "), "{err:?}");
        assert!(!err.trim_end().chars().any(is_unsafe_char), "{err:?}");
        assert!(err.contains("\\u{1b}"), "{err}");
    }
}
