//! Sudoku's rules beyond classic and X (jigsaw, killer, Samurai) drawn and played to the
//! end, and the diagonals of Sudoku X on every cell.

use grilles::App;
use grilles::sudoku::SudokuGame;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use sudoku_core::Cell;

use crate::common::{app, screen, send};

pub fn game(app: &App) -> &SudokuGame {
    app.sudoku.as_ref().unwrap().game.as_ref().unwrap()
}

/// Draws at `w` × `h` and returns the buffer.
pub fn buffer(app: &mut App, w: u16, h: u16) -> Buffer {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| app.render(f)).unwrap();
    t.backend().buffer().clone()
}

/// Fills every empty cell with the solution's symbol, by a click and its key (letters in
/// lower case for one half of the cells, upper case for the other); the screen then says
/// it is solved.
pub fn play_to_the_end(app: &mut App, w: u16, h: u16) {
    let text = screen(app, w, h);
    assert!(!text.contains("too small"), "{text}");
    let map = app.sudoku.as_ref().unwrap().map.clone();
    let (n, empty, solution) = {
        let g = game(app);
        let empty: Vec<Cell> = g.cells().filter(|&c| g.value(c) == 0).collect();
        (g.size(), empty, g.solution().clone())
    };
    for cell in empty {
        let (r, c) = game(app).place_of(cell);
        app.handle(&grilles::keys::click(map.cols[c], map.rows[r]));
        assert_eq!(game(app).cursor(), cell);
        let v = solution.get(cell.index());
        let mut symbol = grilles::sudoku::symbol(n, v);
        if cell.index() % 2 == 0 {
            symbol = symbol.to_ascii_lowercase();
        }
        app.handle(&grilles::keys::char(symbol));
        assert_eq!(game(app).value(cell), v, "{}", game(app).name_of(cell));
    }
    let text = screen(app, w, h);
    assert!(text.contains("Solved in"), "{text}");
}

/// The character of `buf` between frame columns `c - 1` and `c` on frame row `r`.
fn between(buf: &Buffer, map: &grilles::sudoku::BoardMap, r: usize, c: usize) -> String {
    buf[(map.cols[c] - 1, map.rows[r])].symbol().to_string()
}

#[test]
fn a_jigsaw_is_drawn_with_its_regions_and_played_to_the_end() {
    let mut app = app();
    // 6×6, jigsaw rules.
    send(&mut app, "1 <right> <down> <right> <right> <enter>");
    app.settle();
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("Jigsaw sudoku 6×6"), "{text}");
    let buf = buffer(&mut app, 80, 24);
    let map = app.sudoku.as_ref().unwrap().map.clone();
    let g = game(&app);
    let geometry = g.geometry();
    for r in 0..6 {
        for c in 1..6 {
            let (a, b) = (g.cell_at(r, c - 1).unwrap(), g.cell_at(r, c).unwrap());
            let line = between(&buf, &map, r, c);
            if geometry.box_of(a) == geometry.box_of(b) {
                assert_eq!(line, " ", "r{}c{}", r + 1, c + 1);
            } else {
                assert_eq!(line, "│", "r{}c{}:\n{text}", r + 1, c + 1);
            }
        }
    }
    play_to_the_end(&mut app, 80, 24);
}

#[test]
fn a_killer_shows_its_cages_and_sums_gives_hints_and_is_played_to_the_end() {
    let mut app = app();
    // 9×9, killer rules.
    send(&mut app, "1 <down> <right> <right> <right> <enter>");
    app.settle();
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("Killer sudoku 9×9"), "{text}");
    assert!(text.contains("Level: not rated"), "{text}");
    let buf = buffer(&mut app, 80, 24);
    let map = app.sudoku.as_ref().unwrap().map.clone();
    let g = game(&app);
    let cages = g.rules().cages().to_vec();
    assert!(!cages.is_empty());
    let raised = |c: char| {
        "⁰¹²³⁴⁵⁶⁷⁸⁹"
            .find(c)
            .map(|i| "⁰¹²³⁴⁵⁶⁷⁸⁹"[..i].chars().count())
    };
    for cage in &cages {
        // The sum, in small raised digits, at the left of the cage's first cell.
        let first = *cage.cells.iter().min_by_key(|&&c| g.place_of(c)).unwrap();
        let (r, c) = g.place_of(first);
        let digits: String = (0..cage.sum.to_string().len() as u16)
            .map(|i| {
                buf[(map.cols[c] + i, map.rows[r])]
                    .symbol()
                    .chars()
                    .next()
                    .unwrap()
            })
            .map(|ch| char::from(b'0' + raised(ch).unwrap_or(0) as u8))
            .collect();
        assert_eq!(
            digits,
            cage.sum.to_string(),
            "the cage of {}",
            g.name_of(first)
        );
    }
    // Two cages meeting inside a box: a dotted line; one cage: none.
    for r in 0..9 {
        for c in 1..9 {
            if c % 3 == 0 {
                continue;
            }
            let (a, b) = (g.cell_at(r, c - 1).unwrap(), g.cell_at(r, c).unwrap());
            let expected = if g.rules().cage_of(a) == g.rules().cage_of(b) {
                " "
            } else {
                "┆"
            };
            assert_eq!(between(&buf, &map, r, c), expected);
        }
    }
    // A digit its cage holds is refused, naming the cell that holds it.
    let cage = cages.iter().find(|c| c.cells.len() >= 2).unwrap();
    let (a, b) = (cage.cells[0], cage.cells[1]);
    let va = g.solution().get(a.index());
    let (r, c) = g.place_of(a);
    app.handle(&grilles::keys::click(map.cols[c], map.rows[r]));
    send(&mut app, &va.to_string());
    let (r, c) = game(&app).place_of(b);
    app.handle(&grilles::keys::click(map.cols[c], map.rows[r]));
    send(&mut app, &va.to_string());
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("in the same cage, holds it"), "{text}");
    // Hints find a single by the houses and the cages, and play it.
    let before = game(&app).empty_cells();
    send(&mut app, "h");
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("(h: play it)"), "{text}");
    send(&mut app, "h");
    assert_eq!(game(&app).empty_cells(), before - 1);
    assert!(game(&app).wrong_cells().is_empty());
    play_to_the_end(&mut app, 80, 24);
}

#[test]
fn a_samurai_is_drawn_with_its_holes_and_played_to_the_end() {
    let mut app = app();
    // Samurai rules (the last choice).
    send(&mut app, "1 <down> <left> <enter>");
    app.settle();
    let g = game(&app);
    assert_eq!(g.cell_count(), 369);
    assert_eq!(g.frame(), (21, 21));
    // At 80×24 it does not fit, and the screen says how large it needs.
    let small = screen(&mut app, 80, 24);
    assert!(
        small.contains("too small") && small.contains("needs 50×34"),
        "{small}"
    );
    let text = screen(&mut app, 100, 40);
    assert!(text.contains("1 · Samurai sudoku"), "{text}");
    let buf = buffer(&mut app, 100, 40);
    let map = app.sudoku.as_ref().unwrap().map.clone();
    // The hole between the two top grids is blank.
    for c in 9..12 {
        assert_eq!(buf[(map.cols[c], map.rows[2])].symbol(), " ");
    }
    // The cursor goes over the hole: from the top-left grid's last column to the top-right
    // grid's first.
    let g = game(&app);
    let from = g.cell_at(0, 8).unwrap();
    let (r, c) = g.place_of(from);
    app.handle(&grilles::keys::click(map.cols[c], map.rows[r]));
    send(&mut app, "<right>");
    assert_eq!(game(&app).place_of(game(&app).cursor()), (0, 12));
    // A hint without the rater.
    send(&mut app, "h");
    let text = screen(&mut app, 100, 40);
    assert!(text.contains("(h: play it)"), "{text}");
    play_to_the_end(&mut app, 100, 40);
}

/// Whether the cell at frame (`r`, `c`) shows the diagonal mark `mark` in its corner.
fn marked(buf: &Buffer, map: &grilles::sudoku::BoardMap, r: usize, c: usize, mark: &str) -> bool {
    let x = if mark != "╱" {
        map.cols[c]
    } else {
        map.cols[c] + map.cell_width - 1
    };
    buf[(x, map.rows[r])].symbol() == mark
}

#[test]
fn x_diagonals_are_marked_on_every_cell_even_narrow_ones_and_with_marks() {
    // A 9×9 X with every candidate in pencil.
    let mut app = app();
    send(&mut app, "1 <down> <right> <enter>");
    app.settle();
    send(&mut app, "a");
    for (w, h) in [(80, 24), (100, 40)] {
        let buf = buffer(&mut app, w, h);
        let map = app.sudoku.as_ref().unwrap().map.clone();
        for i in (0..9).filter(|&i| i != 4) {
            assert!(marked(&buf, &map, i, i, "╲"), "r{0}c{0} at {w}×{h}", i + 1);
            assert!(
                marked(&buf, &map, i, 8 - i, "╱"),
                "r{}c{} at {w}×{h}",
                i + 1,
                9 - i
            );
        }
        // The centre is on both.
        assert!(marked(&buf, &map, 4, 4, "╳"), "r5c5 at {w}×{h}");
        assert!(!marked(&buf, &map, 0, 1, "╲") && !marked(&buf, &map, 0, 1, "╱"));
    }
    // A 16×16 X drawn with cells two columns wide.
    let mut app = crate::common::app();
    send(&mut app, "1 <right> <right> <right> <down> <right> <enter>");
    app.settle();
    let buf = buffer(&mut app, 45, 26);
    let map = app.sudoku.as_ref().unwrap().map.clone();
    assert_eq!(map.cell_width, 2);
    for i in 0..16 {
        assert!(marked(&buf, &map, i, i, "╲"), "r{0}c{0}", i + 1);
        assert!(marked(&buf, &map, i, 15 - i, "╱"), "r{}c{}", i + 1, 16 - i);
    }
}
