//! Mahjong solitaire: a winnable Turtle cleared by hints alone; picking pairs by keys and
//! clicks; the warning when the position is lost.

use ratatui::Terminal;
use ratatui::backend::TestBackend;

use crate::common::{app, screen, send};

#[test]
fn a_winnable_deal_is_cleared_by_hints_alone() {
    let mut app = app();
    send(&mut app, "3 <enter>");
    app.settle();
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("Tiles 144"), "{text}");
    assert!(text.contains("Winnable"), "{text}");
    for n in 0..72 {
        send(&mut app, "h");
        app.settle();
        let text = screen(&mut app, 80, 24);
        assert!(text.contains("keeps the game winnable"), "pair {n}: {text}");
        send(&mut app, "h");
        app.settle();
    }
    let g = app.solitaire.as_ref().unwrap().game.as_ref().unwrap();
    assert!(g.board.is_cleared());
    assert_eq!(g.hints, 72);
    // Hints never pay: each costs 50 and its pair earns nothing.
    assert_eq!(g.score(), -72 * 50);
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("Cleared in"), "{text}");
    assert!(text.contains("Tiles 0"), "{text}");
    // h on the cleared board changes nothing: no hint counted, the result stays.
    let score = app
        .solitaire
        .as_ref()
        .unwrap()
        .game
        .as_ref()
        .unwrap()
        .score();
    send(&mut app, "h");
    app.settle();
    let g = app.solitaire.as_ref().unwrap().game.as_ref().unwrap();
    assert_eq!((g.hints, g.score()), (72, score));
    let after = screen(&mut app, 80, 24);
    assert!(
        after.contains("Cleared in") && !after.contains("No pair"),
        "{after}"
    );
}

/// Opens built-in layout `choice` of the chooser, or the KMahjongg file `path` ("another
/// file", the last choice), random deal.
fn open_layout(choice: usize, path: Option<&str>) -> grilles::App {
    let mut app = app();
    send(&mut app, "3");
    match path {
        Some(p) => send(&mut app, &format!("<left> <down> {p}")),
        None => send(&mut app, &"<right> ".repeat(choice)),
    }
    send(&mut app, "<down> <right> <enter>");
    app.settle();
    assert!(
        app.solitaire.as_ref().unwrap().game.is_some(),
        "{}",
        screen(&mut app, 80, 24)
    );
    app
}

/// Draws the board at `w` × `h` and checks that each character cell of it shows one tile
/// only (the one on top there: blank, or a character of that tile's own face, layer, free
/// mark or notation), that every tile seen shows its face and its layer, and that the board
/// is drawn whole. Returns the board's size on the screen.
fn check_board(app: &mut grilles::App, w: u16, h: u16, what: &str) -> (u16, u16) {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| app.render(f)).unwrap();
    let buf = t.backend().buffer().clone();
    let text = grilles::screen_text(&buf);
    assert!(!text.contains("too small"), "{what} at {w}×{h}:\n{text}");
    let s = app.solitaire.as_ref().unwrap();
    let g = s.game.as_ref().unwrap();
    let map = &s.map;
    let (bw, bh) = map.size();
    assert!(
        map.x + bw <= w && map.y + bh + 3 <= h - 2,
        "{what} at {w}×{h}: clipped"
    );
    let positions = g.board.layout().positions();
    let mut seen_face = vec![false; positions.len()];
    let mut seen_layer = vec![false; positions.len()];
    for y in map.y..map.y + bh {
        for x in map.x..map.x + bw {
            let sym = buf[(x, y)].symbol();
            let owner = map.hit(x, y);
            if sym == " " || sym.is_empty() && owner.is_some() {
                // A blank, or the second column of a wide glyph: its own tile's, as below.
                if sym.is_empty() {
                    let left = map.hit(x - 1, y);
                    assert_eq!(
                        left, owner,
                        "{what} at {w}×{h}: a glyph across two tiles at {x},{y}"
                    );
                }
                continue;
            }
            let i = owner
                .unwrap_or_else(|| panic!("{what} at {w}×{h}: {sym:?} off the tiles at {x},{y}"));
            let tile = g.board.tile(i).unwrap();
            let layer = char::from_digit(u32::from(positions[i].z + 1), 36).unwrap();
            let c = sym.chars().next().unwrap();
            let own = c == tile.glyph() || c == layer || c == '*' || tile.to_string().contains(c);
            assert!(
                own,
                "{what} at {w}×{h}: {sym:?} at {x},{y} is not tile {i}'s ({tile})"
            );
            if c == tile.glyph() {
                seen_face[i] = true;
            }
            // The layer: its digit followed by the free mark or a blank (a digit of the
            // notation is followed by its suit letter).
            let next = buf[(x + 1, y)].symbol();
            if c == layer && (next == "*" || next == " " || map.hit(x + 1, y) != Some(i)) {
                seen_layer[i] = true;
            }
        }
    }
    for i in map.view.cells.iter().flatten() {
        assert!(
            seen_face[*i],
            "{what} at {w}×{h}: tile {i} shows no face:\n{text}"
        );
        assert!(
            seen_layer[*i],
            "{what} at {w}×{h}: tile {i} shows no layer:\n{text}"
        );
    }
    (bw, bh)
}

#[test]
fn layouts_with_half_offset_tiles_read_at_every_size() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/kmahjongg");
    let cases: Vec<(String, usize, Option<String>)> = vec![
        ("Turtle".into(), 0, None),
        ("Pyramid".into(), 1, None),
        ("castle".into(), 5, Some(format!("{dir}/castle.layout"))),
        ("bug".into(), 5, Some(format!("{dir}/bug.layout"))),
        ("temple".into(), 5, Some(format!("{dir}/temple.layout"))),
    ];
    for (what, choice, path) in cases {
        let mut app = open_layout(choice, path.as_deref());
        let small = check_board(&mut app, 80, 24, &what);
        let big = check_board(&mut app, 160, 48, &what);
        assert!(
            u32::from(big.0) * u32::from(big.1) >= 2 * u32::from(small.0) * u32::from(small.1),
            "{what}: the board does not use the room of a big terminal ({small:?} → {big:?})"
        );
    }
}

#[test]
fn a_tile_not_free_is_explained_without_numbers() {
    let mut app = app();
    send(&mut app, "3 <enter>");
    app.settle();
    let _ = screen(&mut app, 80, 24);
    let s = app.solitaire.as_ref().unwrap();
    let g = s.game.as_ref().unwrap();
    let i = g
        .visible_tiles()
        .into_iter()
        .find(|&i| !g.board.is_free(i))
        .expect("a blocked tile in view");
    let map = s.map.clone();
    let (w, h) = map.size();
    let (x, y) = (map.x..map.x + w)
        .flat_map(|x| (map.y..map.y + h).map(move |y| (x, y)))
        .find(|&(x, y)| map.hit(x, y) == Some(i))
        .unwrap();
    app.handle(&grilles::keys::click(x, y));
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("is not free: the "), "{text}");
    assert!(
        !text.contains("tile ") && !text.contains("tiles "),
        "{text}"
    );
}

fn sol(app: &grilles::App) -> &grilles::solitaire::SolitaireGame {
    app.solitaire.as_ref().unwrap().game.as_ref().unwrap()
}

fn tmp(name: &str) -> std::path::PathBuf {
    let d =
        std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("grilles-sol-{name}"));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn session(dir: &std::path::Path) -> grilles::App {
    grilles::App::new(grilles::Settings {
        save_dir: Some(dir.to_path_buf()),
        ..grilles::Settings::for_tests()
    })
}

#[test]
fn undo_and_redo_pairs() {
    let mut app = app();
    send(&mut app, "3 <enter>");
    app.settle();
    send(&mut app, "r");
    assert!(screen(&mut app, 80, 24).contains("Nothing to redo."));
    send(&mut app, "h");
    app.settle();
    send(&mut app, "h");
    app.settle();
    assert_eq!(sol(&app).board.remaining(), 142);
    let after = sol(&app).board.clone();
    send(&mut app, "u");
    assert_eq!(sol(&app).board.remaining(), 144);
    send(&mut app, "r");
    assert_eq!(sol(&app).board.tiles_by_index(), after.tiles_by_index());
    // Ctrl-Z and Ctrl-Y too; a new pair forgets what was undone.
    send(&mut app, "<c-z>");
    assert_eq!(sol(&app).board.remaining(), 144);
    send(&mut app, "<c-y>");
    assert_eq!(sol(&app).board.remaining(), 142);
    send(&mut app, "u");
    assert_eq!(sol(&app).redo.len(), 1);
    send(&mut app, "h");
    app.settle();
    send(&mut app, "h");
    app.settle();
    assert!(sol(&app).redo.is_empty());
}

#[test]
fn a_game_number_deals_the_same_game_again() {
    let mut app = app();
    send(&mut app, "3 <down> <down> 4711 <enter>");
    app.settle();
    assert_eq!(sol(&app).number(), 4711);
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("Turtle · game 4711"), "{text}");
    let tiles = sol(&app).board.tiles_by_index();
    // Another session, the same number: the same deal; no number: another one.
    let mut other = grilles::App::new(grilles::Settings {
        seed: Some(99),
        ..grilles::Settings::for_tests()
    });
    send(&mut other, "3 <enter>");
    assert_ne!(sol(&other).board.tiles_by_index(), tiles);
    send(&mut other, "n <down> <down> #4711 <enter>");
    assert_eq!(sol(&other).board.tiles_by_index(), tiles);
    // The chooser says the number of the game on screen, and refuses a bad one.
    send(&mut other, "n");
    assert!(screen(&mut other, 80, 24).contains("This game is number 4711"));
    send(&mut other, "<down> <down> 0 <enter>");
    assert!(screen(&mut other, 80, 24).contains("a game number is a whole number"));
}

/// A KMahjongg layout of four tiles: two pairs.
const TINY: &str =
    "kmahjongg-layout-v1.1\nw6\nh2\nd2\n# level 0\n121212\n434343\n# level 1\n..12..\n..43..\n";

/// Clears the board by hand: the first legal pair, picked, until none is left.
fn clear_by_hand(app: &mut grilles::App) {
    while let Some(m) = sol(app).board.legal_moves().first().copied() {
        for i in m.indices() {
            let g = app.solitaire.as_mut().unwrap().game.as_mut().unwrap();
            g.cursor = i;
            send(app, "<space>");
        }
    }
}

#[test]
fn the_chooser_shows_layouts_found_with_a_picture_and_best_scores() {
    let d = tmp("chooser");
    let layouts = d.join("layouts");
    std::fs::create_dir_all(&layouts).unwrap();
    std::fs::write(layouts.join("tiny.layout"), TINY).unwrap();
    std::fs::copy(
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/kmahjongg/castle.layout"
        ),
        layouts.join("castle.layout"),
    )
    .unwrap();
    let mut app = session(&d);
    send(&mut app, "3");
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("< Turtle >"), "{text}");
    assert!(text.contains("Turtle: 144 tiles, 5 layers"), "{text}");
    assert!(text.contains("No best score on Turtle yet."), "{text}");
    // The picture: the Turtle's top tile, five high, in the middle.
    assert!(text.lines().any(|l| l.contains("123553211")), "{text}");
    // The files found come after the built-in layouts, by name: castle, then tiny.
    send(&mut app, "<right> <right> <right> <right> <right>");
    let text = screen(&mut app, 80, 24);
    assert!(
        text.contains("< castle >") && text.contains("castle: "),
        "{text}"
    );
    send(&mut app, "<right> <enter>");
    assert_eq!(sol(&app).board.layout().name(), "tiny");
    clear_by_hand(&mut app);
    let text = screen(&mut app, 80, 24);
    assert!(
        text.contains("Cleared in") && text.contains("Your best on tiny!"),
        "{text}"
    );
    let score = sol(&app).score();
    assert!(
        score >= 500,
        "a board cleared alone earns the clean bonus: {score}"
    );
    // The best scores are kept: the next session's chooser says them.
    send(&mut app, "<esc> q");
    let mut again = session(&d);
    send(&mut again, "3 <esc> 3 n");
    let text = screen(&mut again, 80, 24);
    assert!(
        text.contains("< tiny >"),
        "the layout chosen last is kept: {text}"
    );
    assert!(text.contains(&format!("Best on tiny: {score} (")), "{text}");
    send(&mut again, "<esc> ? <right>");
    let best = screen(&mut again, 80, 24);
    assert!(
        best.contains("tiny:") && best.contains(&score.to_string()),
        "{best}"
    );
}

#[test]
fn the_last_pair_is_said_in_words() {
    let d = tmp("one-pair");
    let file = d.join("tiny.layout");
    std::fs::write(&file, TINY).unwrap();
    let mut app = app();
    send(
        &mut app,
        &format!("3 <left> <down> {} <enter>", file.display()),
    );
    app.settle();
    let m = sol(&app).board.legal_moves()[0];
    for i in m.indices() {
        app.solitaire
            .as_mut()
            .unwrap()
            .game
            .as_mut()
            .unwrap()
            .cursor = i;
        send(&mut app, "<space>");
    }
    app.settle();
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("Winnable: one pair to go"), "{text}");
    assert!(!text.contains("1 pairs"), "{text}");
}
