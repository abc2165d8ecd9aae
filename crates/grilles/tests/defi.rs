//! Défi Sudoku: one person against computer players, to the final round and the end.

use std::time::Duration;

use grilles::keys;
use sudoku_core::Shape;

use crate::common::{app, screen, send};

/// Moves the cursor to `cell` with arrow keys.
fn goto(app: &mut grilles::App, cell: sudoku_core::Cell) {
    let g = app.defi.as_ref().unwrap().game.as_ref().unwrap();
    let (r0, c0) = (
        Shape::CLASSIC.row_of(g.cursor),
        Shape::CLASSIC.col_of(g.cursor),
    );
    let (r1, c1) = (Shape::CLASSIC.row_of(cell), Shape::CLASSIC.col_of(cell));
    let mut s = String::new();
    for _ in r0..r1 {
        s.push_str("<down> ");
    }
    for _ in r1..r0 {
        s.push_str("<up> ");
    }
    for _ in c0..c1 {
        s.push_str("<right> ");
    }
    for _ in c1..c0 {
        s.push_str("<left> ");
    }
    send(app, &s);
}

#[test]
fn one_person_against_two_bots_plays_to_the_final_round_and_the_end() {
    let mut app = app();
    send(&mut app, "2");
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("New Défi Sudoku"), "{text}");
    // Chrono 60 s: down to the chrono field, then right twice.
    send(&mut app, "<enter>");
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("Player") && text.contains("Total"), "{text}");
    let mut saw_final = false;
    let mut saw_countdown_or_table = false;
    for _ in 0..2000 {
        let (over, human, empty) = {
            let g = app.defi.as_ref().unwrap().game.as_ref().unwrap();
            (
                g.game().is_over(),
                g.human_to_move(),
                g.game().empty_cells(),
            )
        };
        if over {
            break;
        }
        let g = app.defi.as_ref().unwrap().game.as_ref().unwrap();
        if g.game().is_final_round() && !saw_final {
            saw_final = true;
            let text = screen(&mut app, 80, 24);
            assert!(text.contains("final round"), "{text}");
        }
        if human.is_some() {
            // Enter the solution's digit of the first empty cell.
            let g = app.defi.as_ref().unwrap().game.as_ref().unwrap();
            let cell = Shape::CLASSIC
                .cells()
                .find(|c| g.game().grid().get(c.index()) == 0)
                .expect("an empty cell");
            let digit = g.game().puzzle().solution().get(cell.index());
            goto(&mut app, cell);
            app.handle(&keys::char((b'0' + digit) as char));
            let g = app.defi.as_ref().unwrap().game.as_ref().unwrap();
            assert!(g.game().empty_cells() < empty, "the entry was refused");
            let text = screen(&mut app, 80, 24);
            saw_countdown_or_table |= text.contains("You") && text.contains("Bot 1");
        } else {
            app.advance(Duration::from_millis(800));
        }
    }
    assert!(saw_final, "the final round was never shown");
    assert!(saw_countdown_or_table);
    let g = app.defi.as_ref().unwrap().game.as_ref().unwrap();
    assert!(g.game().is_over());
    // "Why?" on an entry of the person, then the replay from the record.
    let first = g.game().turns()[0].entries[0].cell;
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("Game over"), "{text}");
    goto(&mut app, first);
    send(&mut app, "w");
    let text = screen(&mut app, 80, 24);
    assert!(
        text.contains("Why?") && text.contains("You entered"),
        "{text}"
    );
    send(&mut app, "<esc> v <home>");
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("Replay: the puzzle"), "{text}");
    send(&mut app, "<right>");
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("Replay: entry 1/"), "{text}");
    send(&mut app, "<esc> <esc>");
    assert_eq!(app.screen(), grilles::ScreenKind::Menu);
}

#[test]
fn a_team_game_ends_with_the_team_s_points() {
    let mut app = app();
    // One person, three computer players, two against two.
    send(
        &mut app,
        "2 <down> <down> <right> <down> <down> <down> <right> <down> <down> <down> <right> <down> <right> <enter>",
    );
    assert!(
        app.defi
            .as_ref()
            .unwrap()
            .game
            .as_ref()
            .unwrap()
            .game()
            .options()
            .teams
    );
    play_out(&mut app);
    let g = app.defi.as_ref().unwrap().game.as_ref().unwrap();
    assert!(g.game().is_over());
    let teams = g.game().team_totals().unwrap();
    let best = teams.into_iter().max().unwrap();
    let text = screen(&mut app, 120, 30);
    assert!(
        text.contains(&format!("won with {best} points together")),
        "teams {teams:?}: {text}"
    );
}

/// Plays the game to its end: the person enters the solution's digit of the first empty
/// cell, the computer players play at their pace.
fn play_out(app: &mut grilles::App) {
    for _ in 0..4000 {
        let g = app.defi.as_ref().unwrap().game.as_ref().unwrap();
        if g.game().is_over() {
            return;
        }
        if g.human_to_move().is_some() {
            let cell = Shape::CLASSIC
                .cells()
                .find(|c| g.game().grid().get(c.index()) == 0)
                .expect("an empty cell");
            let digit = g.game().puzzle().solution().get(cell.index());
            goto(app, cell);
            app.handle(&keys::char((b'0' + digit) as char));
        } else {
            app.advance(Duration::from_millis(800));
        }
    }
}

/// One person (seat 1) against two computer players, played to the end.
fn played_to_the_end() -> grilles::App {
    let mut app = app();
    send(&mut app, "2 <enter>");
    play_out(&mut app);
    assert!(
        app.defi
            .as_ref()
            .unwrap()
            .game
            .as_ref()
            .unwrap()
            .game()
            .is_over()
    );
    app
}

#[test]
fn after_the_game_the_log_shows_the_last_entry() {
    let mut app = played_to_the_end();
    send(&mut app, "v <end>");
    let replay = screen(&mut app, 80, 24);
    let line = replay
        .lines()
        .find(|l| l.starts_with("Replay: entry "))
        .expect("the replay's line")
        .to_string();
    // "Replay: entry 56/56: Bot 2 wrote 4 in r9c9"
    let (count, rest) = line["Replay: entry ".len()..].split_once(": ").unwrap();
    let (n, total) = count.split_once('/').unwrap();
    assert_eq!(n, total, "{line}");
    let (who, rest) = rest.split_once(" wrote ").unwrap();
    let (digit, cell) = rest.split_once(" in ").unwrap();
    send(&mut app, "<esc>");
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("Game over"), "{text}");
    assert!(
        text.contains(&format!("{who}: {cell} = {digit}")),
        "the last entry ({line}) is not in the log:\n{text}"
    );
}

#[test]
fn a_long_why_scrolls_to_its_end() {
    let mut app = played_to_the_end();
    let g = app.defi.as_ref().unwrap().game.as_ref().unwrap();
    // The entry with the longest explanation.
    let (cell, text) = Shape::CLASSIC
        .cells()
        .map(|c| (c, g.why(c)))
        .max_by_key(|(_, t)| t.lines().count())
        .unwrap();
    let last = text.lines().last().unwrap().trim().to_string();
    assert!(text.lines().count() > 25, "{text}");
    goto(&mut app, cell);
    send(&mut app, "w");
    let shown = screen(&mut app, 80, 24);
    assert!(shown.contains("Why?"), "{shown}");
    assert!(!shown.contains(&last), "{shown}");
    assert!(shown.contains("↑↓"), "no scroll mark:\n{shown}");
    // Arrows scroll (they no longer close the box); End shows the conclusion.
    send(&mut app, "<down> <down>");
    assert!(screen(&mut app, 80, 24).contains("Why?"));
    send(&mut app, "<end>");
    let end = screen(&mut app, 80, 24);
    assert!(end.contains(&last), "{end}");
    send(&mut app, "<esc>");
    assert!(!screen(&mut app, 80, 24).contains("Why?"));
}

#[test]
fn the_help_has_the_rules_and_the_table_s_legend() {
    let mut app = app();
    send(&mut app, "2 <enter>");
    let text = screen(&mut app, 80, 24);
    // The legend of the score table's columns, beside it.
    assert!(
        text.contains("hcp: handicap") && text.contains("abs: absent"),
        "{text}"
    );
    send(&mut app, "?");
    let keys_page = screen(&mut app, 80, 24);
    assert!(keys_page.contains("(1/3)"), "{keys_page}");
    send(&mut app, "<right>");
    let top = screen(&mut app, 80, 24);
    send(&mut app, "<end>");
    let rules = format!("{top}{}", screen(&mut app, 80, 24));
    for line in grilles::defi::RULES.iter().filter(|l| !l.is_empty()) {
        assert!(rules.contains(line.trim()), "{line:?} is cut:\n{rules}");
    }
    send(&mut app, "<right>");
    let table = screen(&mut app, 80, 24);
    assert!(table.contains("hcp     the handicap"), "{table}");
}
