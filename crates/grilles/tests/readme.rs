//! The README's screen captures are the screens the program draws today (rendered with
//! ratatui's test backend). `GRILLES_BLESS=1 cargo test -p grilles readme` writes them
//! again after a change of the screens.

use crate::common::{app, screen, send};

const EASY: &str =
    "000000010400000000020000000000050407008000300001090000300400200050100000000806000";

fn captures() -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    let mut a = app();
    out.push(("menu", screen(&mut a, 80, 24)));
    send(&mut a, &format!("1 <down> <down> <down> {EASY} <enter>"));
    send(
        &mut a,
        "<right> <right> <right> <right> <down> <down> <down> <down> a h",
    );
    out.push(("sudoku", screen(&mut a, 80, 24)));
    send(&mut a, "<esc> 3 <enter>");
    a.settle();
    send(&mut a, "h");
    a.settle();
    out.push(("solitaire", screen(&mut a, 80, 24)));
    // Défi Sudoku: one person and two computer players, each entry of round 1 played.
    send(&mut a, "<esc> 2 <enter>");
    let g = a.defi.as_ref().unwrap().game.as_ref().unwrap();
    let cell = (0..81)
        .map(sudoku_core::Cell::new)
        .find(|c| g.game().grid().get(c.index()) == 0)
        .unwrap();
    let digit = g.game().puzzle().solution().get(cell.index());
    for _ in 0..sudoku_core::Shape::CLASSIC.col_of(cell) {
        send(&mut a, "<right>");
    }
    send(&mut a, &digit.to_string());
    for _ in 0..3 {
        a.advance(std::time::Duration::from_millis(800));
    }
    out.push(("defi", screen(&mut a, 80, 24)));
    // French mahjong: West plays first; at the person's first turn, a suggested discard.
    let mut m = grilles::App::new(grilles::Settings {
        seed: Some(2),
        ..grilles::Settings::for_tests()
    });
    send(&mut m, "4 <enter>");
    for _ in 0..8 {
        m.advance(std::time::Duration::from_millis(600));
    }
    send(&mut m, "h");
    out.push(("mahjong", screen(&mut m, 80, 24)));
    // A 16×16 grid typed in, with a few digits and letters written.
    let mut b = app();
    let geometry = sudoku_core::Geometry::classic(sudoku_core::Shape::new(4, 4).unwrap());
    let made = sudoku_core::Generator::new(geometry)
        .proof_budget(1_000)
        .generate(&mut <rand_pcg::Pcg64Mcg as rand::SeedableRng>::seed_from_u64(5))
        .unwrap();
    send(
        &mut b,
        &format!("1 <down> <down> <down> {} <enter>", made.puzzle),
    );
    send(&mut b, "<right> <right> <down> h");
    out.push(("sudoku-16", screen(&mut b, 100, 32)));
    out
}

fn block(name: &str, text: &str) -> String {
    format!("<!-- capture: {name} -->\n```text\n{}```\n", text)
}

#[test]
fn the_readme_shows_the_screens_as_drawn() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/README.md");
    let mut readme = std::fs::read_to_string(path).expect("the README");
    let bless = std::env::var_os("GRILLES_BLESS").is_some();
    for (name, text) in captures() {
        let marker = format!("<!-- capture: {name} -->\n");
        let start = readme
            .find(&marker)
            .unwrap_or_else(|| panic!("no capture {name} in the README"));
        let open = start + readme[start..].find("```text\n").expect("a text block") + 8;
        let end = open + readme[open..].find("```\n").expect("a closed block") + 4;
        let fresh = block(name, &text);
        if bless {
            readme.replace_range(start..end, &fresh);
        } else {
            assert_eq!(
                &readme[start..end],
                fresh,
                "the README's {name} capture is out of date: GRILLES_BLESS=1"
            );
        }
    }
    if bless {
        std::fs::write(path, readme).expect("README written");
    }
}
