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
