//! French mahjong: a round played to its end against three computer players.

use std::time::Duration;

use mahjong_tiles::{Tile, Wind};

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

/// A session of seed `seed` with a French mahjong game dealt.
fn dealt(seed: u64) -> grilles::App {
    let mut app = grilles::App::new(grilles::Settings {
        seed: Some(seed),
        ..grilles::Settings::for_tests()
    });
    send(&mut app, "4 <enter>");
    app
}

fn game(app: &grilles::App) -> &grilles::mahjong::MahjongGame {
    app.mahjong.as_ref().unwrap().game.as_ref().unwrap()
}

/// Lets the computer players play until the person has a decision to make.
fn until_the_person_acts(app: &mut grilles::App) {
    for _ in 0..200 {
        if game(app).human_to_act() {
            return;
        }
        app.advance(Duration::from_millis(600));
    }
    panic!("the person never had a decision to make");
}

/// A game of seed `seed`, whose dominant wind is `dominant` and the person East: its
/// screen says `words`.
fn deal_says(seed: u64, dominant: Wind, words: &str) -> (grilles::App, String) {
    let mut app = dealt(seed);
    let g = game(&app);
    assert_eq!(
        (g.wind(), g.game.round().unwrap().dominant()),
        (Wind::East, dominant)
    );
    let text = screen(&mut app, 100, 32);
    assert!(text.contains(words), "{text}");
    (app, text)
}

#[test]
fn the_deal_says_who_plays_first() {
    // The person is East and dominant: they play first.
    deal_says(
        1,
        Wind::East,
        "Round 1 dealt. You are East, the dominant wind: you play first.",
    );
    // West is dominant: the deal says so, and once the person's turn comes, what West
    // and North did before it.
    let (mut app, text) = deal_says(
        2,
        Wind::West,
        "You are East; West, the dominant wind, plays first.",
    );
    assert!(!text.contains("you play first"), "{text}");
    until_the_person_acts(&mut app);
    let g = game(&app);
    let history = g.game.round().unwrap().history().to_vec();
    assert!(!history.is_empty() && history.iter().all(|a| a.seat() != Wind::East));
    let text = screen(&mut app, 100, 32);
    let before = text
        .split("Before you: ")
        .nth(1)
        .unwrap_or_else(|| panic!("no opening moves said:\n{text}"))
        .replace('\n', " ");
    assert!(before.starts_with("West discarded"), "{text}");
    for a in history {
        if let mahjong_rules::table::Action::Discard { seat, tile } = a {
            let words = format!("{} discarded {tile}", grilles::mahjong::wind_name(seat));
            assert!(before.contains(&words), "{words}: {text}");
        }
    }
}

#[test]
fn the_second_round_s_deal_says_who_plays_first_too() {
    let mut app = dealt(2);
    for _ in 0..5000 {
        let g = game(&app);
        if g.showing_results {
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
    send(&mut app, "<enter>");
    let g = game(&app);
    assert_eq!(g.game.round_number(), 2);
    let (you, dominant) = (g.wind(), g.game.round().unwrap().dominant());
    let name = grilles::mahjong::wind_name;
    let expected = if you == dominant {
        format!(
            "Round 2 dealt. You are {}, the dominant wind: you play first.",
            name(you)
        )
    } else {
        format!(
            "Round 2 dealt. You are {}; {}, the dominant wind, plays first.",
            name(you),
            name(dominant)
        )
    };
    let text = screen(&mut app, 100, 32);
    assert!(text.contains(&expected), "{expected}\n{text}");
}

#[test]
fn each_seat_s_discards_are_on_its_own_row() {
    let mut app = dealt(2);
    for _ in 0..40 {
        let g = game(&app);
        let discards = g.game.view(g.wind()).map_or(0, |v| v.discards().len());
        if discards >= 8 {
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
    let text = screen(&mut app, 100, 32);
    let g = game(&app);
    let view = g.game.view(g.wind()).unwrap();
    let discards = view.discards().to_vec();
    assert!(discards.len() >= 4, "{text}");
    for w in Wind::ALL {
        let row = text
            .lines()
            .find(|l| {
                l.starts_with("Discards ") && l[9..].starts_with(w.letter())
                    || l.starts_with(&format!("         {} ", w.letter()))
            })
            .unwrap_or_else(|| panic!("no row for {w}:\n{text}"));
        let shown: Vec<Tile> = row.chars().filter_map(Tile::from_glyph).collect();
        let own: Vec<Tile> = discards
            .iter()
            .filter(|(s, _)| *s == w)
            .map(|&(_, t)| t)
            .collect();
        assert_eq!(shown, own, "{w}: {row}");
    }
}

#[test]
fn a_suggested_discard_is_the_nearest_to_mah_jong() {
    use mahjong_rules::distance::tiles_away_counts;
    let mut app = dealt(1);
    send(&mut app, "h");
    let (hand, _) = game(&app).hand();
    let cursor = game(&app).cursor;
    let text = screen(&mut app, 100, 32);
    let tile: Tile = text
        .split("Suggested discard: ")
        .nth(1)
        .unwrap_or_else(|| panic!("{text}"))
        .split_whitespace()
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(hand[cursor], tile, "the cursor is on it");
    let away = |t: Tile| {
        let mut counts = Tile::count_kinds(hand.iter().copied());
        counts[t.index()] -= 1;
        tiles_away_counts(&counts, &[]).unwrap()
    };
    let best = hand.iter().map(|&t| away(t)).min().unwrap();
    assert_eq!(away(tile), best);
    assert!(
        text.contains(&format!("{best} tiles from Mah-jong")) || best == 1,
        "{text}"
    );
}

#[test]
fn the_log_and_the_help_pages() {
    let mut app = dealt(2);
    until_the_person_acts(&mut app);
    send(&mut app, "l");
    let text = screen(&mut app, 100, 32);
    assert!(text.contains("The game so far"), "{text}");
    assert!(
        text.contains("— Round 1: you are East, West dominant —"),
        "{text}"
    );
    assert!(text.contains("West discarded"), "{text}");
    send(&mut app, "<esc> ?");
    let keys = screen(&mut app, 80, 24);
    for line in grilles::mahjong::help::KEYS {
        assert!(keys.contains(line.trim()), "{line:?}:\n{keys}");
    }
    send(&mut app, "<right>");
    let rules = screen(&mut app, 80, 24);
    assert!(rules.contains("four melds and a pair"), "{rules}");
    send(&mut app, "<right>");
    let table = screen(&mut app, 80, 24);
    assert!(table.contains("points table"), "{table}");
    assert!(
        table.contains("pair of the player's wind: 2 points"),
        "{table}"
    );
    send(&mut app, "<end>");
    let end = screen(&mut app, 80, 24);
    assert!(
        end.contains("fully concealed hand: 1 doubles (off)"),
        "{end}"
    );
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

/// Plays the person's part: Mah-jong whenever offered, else the suggested discard; passes
/// on claims.
fn play_to_the_end(app: &mut grilles::App) {
    use mahjong_rules::table::Action;
    for _ in 0..5000 {
        let g = game(app);
        if g.game.is_finished() {
            return;
        }
        let mahjong = g
            .choices()
            .iter()
            .any(|a| matches!(a, Action::MahJong { .. }));
        if g.showing_results {
            send(app, "<enter>");
        } else if g.is_own_turn() {
            send(app, if mahjong { "m" } else { "h <enter>" });
        } else if g.is_claim_prompt() {
            let i = g
                .choices()
                .iter()
                .position(|a| matches!(a, Action::MahJong { .. }));
            send(app, &i.map_or("p".to_string(), |i| (i + 1).to_string()));
        } else {
            app.advance(Duration::from_millis(600));
        }
    }
    panic!("the game did not end");
}

#[test]
fn the_person_who_wins_is_told_you_win() {
    let mut won = false;
    for seed in 1..40 {
        let mut app = grilles::App::new(grilles::Settings {
            seed: Some(seed),
            ..grilles::Settings::for_tests()
        });
        // A game of one round.
        send(&mut app, "4 <down> <down> <left> <enter>");
        assert_eq!(game(&app).game.options().rounds, 1);
        play_to_the_end(&mut app);
        let totals = game(&app).game.totals();
        let text = screen(&mut app, 100, 40);
        assert!(
            !text.contains("You wins") && !text.contains("you wins"),
            "{text}"
        );
        if totals[0] == *totals.iter().max().unwrap() {
            assert!(text.contains("Game over: you win with"), "{text}");
            won = true;
            break;
        } else {
            assert!(text.contains(" wins with "), "{text}");
        }
    }
    assert!(won, "the person never won");
}
