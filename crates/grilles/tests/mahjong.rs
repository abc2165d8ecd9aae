//! French mahjong: a round played to its end against three computer players.

use std::time::Duration;

use crate::common::{app, screen, send};

#[test]
fn a_round_is_played_to_its_end_and_scored() {
    let mut app = app();
    send(&mut app, "4 <enter>");
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("Your turn"), "{text}");
    let mut prompts = 0;
    for _ in 0..5000 {
        let g = app.mahjong.as_ref().unwrap().game.as_ref().unwrap();
        if g.showing_results {
            break;
        }
        if g.is_own_turn() {
            // Go Mah-jong when offered, else discard the tile just drawn.
            let mahjong = g
                .choices()
                .iter()
                .any(|a| matches!(a, mahjong_rules::table::Action::MahJong { .. }));
            send(&mut app, if mahjong { "m" } else { "<enter>" });
        } else if g.is_claim_prompt() {
            prompts += 1;
            let text = screen(&mut app, 80, 24);
            assert!(text.contains("Claim?"), "{text}");
            // Let the prompt run out every other time, pass at once otherwise.
            if prompts % 2 == 0 {
                app.advance(Duration::from_secs(7));
            } else {
                send(&mut app, "p");
            }
        } else {
            app.advance(Duration::from_millis(600));
        }
    }
    let g = app.mahjong.as_ref().unwrap().game.as_ref().unwrap();
    assert!(g.showing_results, "the round did not end");
    assert_eq!(g.game.rounds().len(), 1);
    let won = g.game.rounds()[0]
        .outcome
        .as_ref()
        .unwrap()
        .winner
        .is_some();
    let sum: i64 = g.game.totals().iter().sum();
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("Round 1 over"), "{text}");
    assert!(text.contains("Totals:"), "{text}");
    assert!(text.contains("itemised"), "{text}");
    if won {
        assert!(text.contains("Payments:"), "{text}");
    }
    // The totals are the nets of the round (advanced system: they add up to zero).
    assert_eq!(sum, 0);
    send(&mut app, "<enter>");
    let g = app.mahjong.as_ref().unwrap().game.as_ref().unwrap();
    assert!(g.game.round().is_some(), "round 2 dealt");
}

#[test]
fn the_deal_says_who_plays_first() {
    let mut app = app();
    send(&mut app, "4 <enter>");
    let text = screen(&mut app, 100, 32);
    let g = app.mahjong.as_ref().unwrap().game.as_ref().unwrap();
    let dominant = g.game.round().unwrap().dominant();
    let you = g.wind();
    if dominant == you {
        assert!(text.contains("you play first"), "{text}");
    } else {
        assert!(!text.contains("you play first"), "{text}");
        assert!(
            text.contains(&format!("{dominant}, the dominant wind, plays first")),
            "{text}"
        );
    }
    assert!(text.contains(&format!("You are {you}")), "{text}");
}

#[test]
fn computer_players_of_one_kind_are_told_apart() {
    let mut app = app();
    send(&mut app, "4 <enter>");
    let text = screen(&mut app, 100, 32);
    for n in 1..=3 {
        assert!(text.contains(&format!("Bot {n} (scorer)")), "{text}");
    }
    let g = app.mahjong.as_ref().unwrap().game.as_ref().unwrap();
    let names = g.game.players();
    assert!(names.iter().collect::<std::collections::HashSet<_>>().len() == 4);
}

#[test]
fn the_searching_computer_player_may_be_chosen_and_plays() {
    let mut app = app();
    // The second field, the opponents: its second choice, three experts.
    send(&mut app, "4 <down> <right> <enter>");
    let text = screen(&mut app, 100, 32);
    for n in 1..=3 {
        assert!(text.contains(&format!("Bot {n} (expert)")), "{text}");
    }
    // They play: the person discards what it draws and passes, the bots take their turns.
    for _ in 0..400 {
        let g = app.mahjong.as_ref().unwrap().game.as_ref().unwrap();
        let played = g.game.round().map_or(0, |r| r.history().len());
        if g.showing_results || played >= 12 {
            break;
        }
        if g.is_own_turn() {
            send(&mut app, "<enter>");
        } else if g.is_claim_prompt() {
            send(&mut app, "p");
        } else {
            app.advance(Duration::from_millis(600));
        }
    }
    let g = app.mahjong.as_ref().unwrap().game.as_ref().unwrap();
    let you = g.wind();
    let by_bots = g.game.round().map_or(0, |r| {
        r.history().iter().filter(|a| a.seat() != you).count()
    });
    assert!(by_bots > 0 || g.showing_results, "the experts did not play");
}

#[test]
fn tile_glyphs_take_two_columns_whatever_the_terminal_draws() {
    use ratatui::buffer::CellDiffOption;
    let mut app = app();
    send(&mut app, "4 <enter>");
    let mut t = ratatui::Terminal::new(ratatui::backend::TestBackend::new(100, 32)).unwrap();
    t.draw(|f| app.render(f)).unwrap();
    let buf = t.backend().buffer();
    let mut glyphs = 0;
    for y in 0..32 {
        for x in 0..99 {
            let c = buf[(x, y)].symbol().chars().next().unwrap_or(' ');
            if grilles::ui::is_tile_glyph(c) && buf[(x + 1, y)].symbol() == " " {
                glyphs += 1;
                assert!(
                    matches!(buf[(x, y)].diff_option, CellDiffOption::ForcedWidth(w) if w.get() == 2),
                    "{c} at {x},{y} is sent one column wide"
                );
            }
        }
    }
    assert!(glyphs >= 13, "the hand's glyphs: {glyphs}");
}
