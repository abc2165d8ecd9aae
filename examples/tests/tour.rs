//! The tour's sections print what the README promises; the tour takes only `--help`.

use examples::cli::CliError;
use examples::tour::{self, defi, grade, rules, solitaire, sudoku, tiles};

fn section(run: fn(&mut dyn std::io::Write) -> std::io::Result<()>) -> String {
    let mut out = Vec::new();
    run(&mut out).expect("writing to a Vec cannot fail");
    String::from_utf8(out).expect("the tour prints UTF-8")
}

#[test]
fn tiles_section_shows_the_144_tiles_by_group() {
    let text = section(tiles::run);
    assert!(text.contains("the 144 tiles"));
    for group in [
        "Characters (m): 36 tiles",
        "Circles (p): 36 tiles",
        "Bamboos (s): 36 tiles",
        "Winds (1z-4z): 16 tiles",
        "Dragons (5z-7z): 12 tiles",
        "Flowers (f): 4 tiles",
        "Seasons (y): 4 tiles",
    ] {
        assert!(text.contains(group), "missing {group:?}");
    }
    // One line per kind, each with its glyph, notation and both names.
    assert!(text.contains("🀄 7z  x4 Red Dragon             Dragon rouge"));
    assert!(text.contains("🀢 1f  x1 Plum Flower            Fleur de prunier (wind E)"));
    let kind_lines = text
        .lines()
        .filter(|l| l.contains(" x4 ") || l.contains(" x1 "))
        .count();
    assert_eq!(kind_lines, 42);
    // The group rows (lines made only of glyphs) hold the 144 tiles.
    let is_glyph = |c: char| ('\u{1F000}'..='\u{1F029}').contains(&c);
    let glyphs: usize = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && l.chars().all(is_glyph))
        .map(|l| l.chars().count())
        .sum();
    assert_eq!(glyphs, 144);
}

#[test]
fn rules_section_scores_a_hand_and_settles_a_round() {
    let text = section(rules::run);
    assert!(text.contains("== mahjong-rules"));
    assert!(text.contains("South goes Mah-jong"));
    assert!(text.lines().any(|l| l.trim_start().starts_with("points ")
        && l.contains(" doubles ")
        && l.contains(" score ")));
    assert!(text.contains(" pays "), "no transfer printed:\n{text}");
    assert!(text.contains("waits on"));
}

#[test]
fn sudoku_section_solves_in_each_format_and_generates() {
    let text = section(sudoku::run);
    assert!(text.contains("== sudoku-core"));
    assert!(text.contains("solutions found with limit 2: 1"));
    assert!(
        text.contains("\\documentclass"),
        "no LaTeX document:\n{text}"
    );
    assert!(text.contains("+-------+-------+-------+"));
    assert!(text.contains("unique: true"));
}

#[test]
fn defi_section_plays_a_game_and_prints_the_scores() {
    let text = section(defi::run);
    assert!(text.contains("a game of Défi Sudoku between three bots"));
    assert!(text.contains("player    digits  bonus  handicap  absent  total"));
    for name in ["Greedy", "Blocking", "Search"] {
        let row = text
            .lines()
            .find(|l| l.starts_with(name) && l.split_whitespace().count() == 6)
            .unwrap_or_else(|| panic!("no score row for {name}"));
        // Each row adds up: digits + bonus + handicap + absent = total.
        let n: Vec<u32> = row
            .split_whitespace()
            .skip(1)
            .map(|x| x.parse().unwrap())
            .collect();
        assert_eq!(n[0] + n[1] + n[2] + n[3], n[4], "{row}");
    }
    // Blocking is player #2 (+4), Search player #3 (+6).
    assert!(text.contains("+4 handicap") && text.contains("+6 handicap"));
    assert!(text.lines().any(|l| l.starts_with("Winner: ")));
    assert!(text.contains("Why is Search's first digit right? r"));
}

#[test]
fn grade_section_grades_and_explains() {
    let text = section(grade::run);
    assert!(text.contains("== sudoku-grade"));
    assert!(text.contains("level intermediate, score "));
    assert!(text.contains("first steps (the hints, in order):"));
    let steps = text
        .lines()
        .filter(|l| l.starts_with("  ") && l.contains("] "))
        .count();
    assert_eq!(steps, 6, "{text}");
    assert!(text.contains("hardest step"));
    assert!(text.contains("cost of placing "));
}

#[test]
fn solitaire_section_deals_prints_and_solves_a_turtle() {
    let text = section(solitaire::run);
    assert!(text.contains("== mahjong-solitaire: a Turtle deal"));
    // The picture shows tiles on five layers, the apex on layer 5.
    let is_tile = |c: char| ('\u{1F000}'..='\u{1F029}').contains(&c);
    assert!(text.chars().filter(|&c| is_tile(c)).count() >= 80);
    assert!(text.contains(" 5*"), "the apex tile is free:\n{text}");
    let solved = text
        .lines()
        .find(|l| l.starts_with("solved in "))
        .expect("the deal is solved");
    assert!(solved.contains(": 72 moves"), "{solved}");
}

#[test]
fn help_and_unknown_arguments() {
    let args = |a: &[&str]| a.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert!(tour::parse_args(&[]).is_ok());
    for flag in ["--help", "-h"] {
        let e = tour::parse_args(&args(&[flag])).unwrap_err();
        assert!(matches!(&e, CliError::Help(u) if u == tour::USAGE), "{e:?}");
    }
    let e = tour::parse_args(&args(&["--fast"])).unwrap_err();
    assert!(matches!(e, CliError::Usage(_)));
    assert_eq!(e.to_string(), "unknown argument \"--fast\"");
    let e = tour::main(&args(&["extra"]), &mut Vec::new()).unwrap_err();
    assert_eq!(e.to_string(), "unknown argument \"extra\"");
}
