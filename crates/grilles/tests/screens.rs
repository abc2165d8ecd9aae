//! Every game at 80×24: the board and the help line fully visible.

use std::time::Duration;

use grilles::App;

use crate::common::{app, screen, send};

const EASY: &str =
    "000000010400000000020000000000050407008000300001090000300400200050100000000806000";

/// The help line (last row) at 80 columns is the whole help line (as drawn at 200).
fn help_fits(app: &mut App) {
    let wide = screen(app, 200, 24);
    let narrow = screen(app, 80, 24);
    let last = |s: &str| s.lines().last().unwrap_or("").to_string();
    assert!(!last(&narrow).is_empty(), "no help line:\n{narrow}");
    assert_eq!(
        last(&wide),
        last(&narrow),
        "the help line is cut at 80 columns"
    );
}

#[test]
fn the_menu_fits() {
    let mut app = app();
    let text = screen(&mut app, 80, 24);
    for n in [
        "1  Sudoku",
        "2  Défi Sudoku",
        "3  Mahjong solitaire",
        "4  French mahjong",
        "q  Quit",
    ] {
        assert!(text.contains(n), "{text}");
    }
    help_fits(&mut app);
}

#[test]
fn sudoku_fits() {
    let mut app = app();
    send(&mut app, &format!("1 <down> <down> <down> {EASY} <enter>"));
    help_fits(&mut app);
    let text = screen(&mut app, 80, 24);
    let lines: Vec<&str> = text.lines().collect();
    // 9 rows of cells and 4 box lines, each 49 columns wide.
    let board: Vec<&&str> = lines
        .iter()
        .filter(|l| l.starts_with(['│', '┌', '├', '└']))
        .collect();
    assert_eq!(board.len(), 13, "{text}");
    assert!(
        board
            .iter()
            .all(|l| l.chars().nth(48).is_some_and(|c| "│┐┤┘".contains(c))),
        "{text}"
    );
    // The forms fit too.
    send(&mut app, "n");
    help_fits(&mut app);
    assert!(screen(&mut app, 80, 24).contains("Or type/paste"));
}

#[test]
fn defi_fits_with_five_players_and_the_chrono() {
    let mut app = app();
    // 4 computer players, chrono 30 s.
    send(
        &mut app,
        "2 <down> <down> <right> <right> <down> <down> <down> <down> <down> <right> <enter>",
    );
    help_fits(&mut app);
    let text = screen(&mut app, 80, 24);
    for needle in [
        "You",
        "Bot 1",
        "Bot 2",
        "Bot 3",
        "Bot 4",
        "Round 1: quota 1",
        "Time left 0:30",
    ] {
        assert!(text.contains(needle), "{needle}:\n{text}");
    }
    let boxes = text
        .lines()
        .filter(|l| l.starts_with(['┌', '├', '└']))
        .count();
    assert_eq!(boxes, 4, "{text}");
    // The countdown runs on the person's turn.
    app.advance(Duration::from_secs(10));
    app.advance(Duration::from_secs(1));
    assert!(screen(&mut app, 80, 24).contains("Time left 0:19"));
    app.advance(Duration::from_secs(25));
    assert!(screen(&mut app, 80, 24).contains("time up"));
}

#[test]
fn every_solitaire_layout_fits() {
    for (i, name) in ["Turtle", "Pyramid", "Fortress", "Bridge", "Spider"]
        .iter()
        .enumerate()
    {
        let mut app = app();
        send(&mut app, "3");
        for _ in 0..i {
            send(&mut app, "<right>");
        }
        send(&mut app, "<enter>");
        app.settle();
        help_fits(&mut app);
        let text = screen(&mut app, 80, 24);
        assert!(text.contains(name), "{text}");
        assert!(text.contains("Tiles 144"), "{text}");
        let s = app.solitaire.as_ref().unwrap();
        let map = &s.map;
        assert!(map.cols >= 2, "{name}: full-size tiles");
        let (w, h) = map.size();
        assert!(map.x + w <= 80, "{name}");
        assert!(map.y + h <= 21, "{name}");
        // Every tile on top can be clicked where it is drawn.
        let g = s.game.as_ref().unwrap();
        for i in g.visible_tiles() {
            let p = g.board.layout().positions()[i];
            let hits = (0..2u16)
                .flat_map(|dy| (0..2u16).map(move |dx| (dx, dy)))
                .filter(|&(dx, dy)| {
                    map.hit(map.x + (p.x + dx) * map.cols, map.y + (p.y + dy) * map.rows) == Some(i)
                })
                .count();
            assert!(hits > 0, "{name}: tile {i} cannot be clicked");
        }
    }
}

#[test]
fn mahjong_fits() {
    let mut app = app();
    send(&mut app, "4 <enter>");
    help_fits(&mut app);
    let text = screen(&mut app, 80, 24);
    let g = app.mahjong.as_ref().unwrap().game.as_ref().unwrap();
    let (hand, _) = g.hand();
    assert_eq!(hand.len(), 14);
    // The hand's notation row shows every tile.
    let row: String = hand.iter().map(|t| format!("{t} ")).collect();
    let row = row.trim_end().to_string();
    assert!(
        text.lines()
            .any(|l| l.trim().replace("   ", " ").replace("  ", " ") == row),
        "{row}\n{text}"
    );
    for needle in ["Discards", "Your turn", "S ", "W ", "N "] {
        assert!(text.contains(needle), "{needle}:\n{text}");
    }
}

#[test]
fn tiny_and_odd_terminals_do_not_break_any_screen() {
    let mut app = app();
    let sizes = [(20u16, 6u16), (40, 10), (79, 23), (1, 1), (120, 50)];
    let draw_all = |app: &mut App| {
        for (w, h) in sizes {
            let _ = screen(app, w, h);
        }
    };
    draw_all(&mut app);
    send(
        &mut app,
        &format!("1 <down> <down> <down> {EASY} <enter> a h"),
    );
    draw_all(&mut app);
    send(&mut app, "? ");
    draw_all(&mut app);
    send(&mut app, "<esc> 2 <enter>");
    draw_all(&mut app);
    send(&mut app, "w");
    draw_all(&mut app);
    send(&mut app, "<esc> <esc> 3 <enter>");
    app.settle();
    send(&mut app, "h");
    app.settle();
    draw_all(&mut app);
    send(&mut app, "<esc> 4 <enter>");
    draw_all(&mut app);
    send(&mut app, "?");
    draw_all(&mut app);
}

#[test]
fn help_boxes_keep_their_phrases_whole() {
    for (keys, help) in [
        ("3 <enter>", grilles::solitaire::HELP),
        ("4 <enter>", grilles::mahjong::help::KEYS),
    ] {
        let mut app = app();
        send(&mut app, keys);
        app.settle();
        send(&mut app, "?");
        let text = screen(&mut app, 80, 24);
        for line in help.iter().filter(|l| !l.is_empty()) {
            assert!(text.contains(line.trim()), "{line:?} is cut:\n{text}");
        }
    }
}

#[test]
fn a_terminal_too_small_is_said_on_every_screen() {
    let mut app = app();
    let small = |app: &mut App, w, h| {
        let text = screen(app, w, h);
        text.contains("The terminal is too small")
    };
    assert!(small(&mut app, 50, 15));
    assert!(!small(&mut app, 80, 24));
    send(&mut app, &format!("1 <down> <down> <down> {EASY} <enter>"));
    assert!(small(&mut app, 40, 12));
    assert!(!small(&mut app, 80, 24));
    send(&mut app, "<esc> 2 <enter>");
    assert!(small(&mut app, 60, 20));
    assert!(!small(&mut app, 80, 24));
    send(&mut app, "<esc> 3 <enter>");
    assert!(small(&mut app, 30, 15));
    assert!(!small(&mut app, 80, 24));
    send(&mut app, "<esc> 4 <enter>");
    assert!(small(&mut app, 60, 18));
    assert!(!small(&mut app, 80, 24));
}
