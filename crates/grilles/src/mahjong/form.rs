//! The setup form of French mahjong, and the game it asks for.

use std::time::Duration;

use mahjong_rules::table::TableOptions;
use mahjong_rules::{DiscardRule, RuleOptions, ScoringSystem};
use mahjong_tiles::TileSet;

use super::game::{MahjongError, MahjongGame};
use crate::form::Form;

/// The setup form.
pub fn new_form() -> Form {
    let mut f = Form::new("New game of French mahjong")
        .text("name", "Your name", "You", "a name")
        .choice(
            "opponents",
            "Opponents",
            &[
                "scorer ×3",
                "expert ×3 (searches)",
                "efficient ×3",
                "random ×3",
                "mixed",
            ],
            0,
        )
        .choice("rounds", "Rounds", &["4", "8", "16", "1"], 0)
        .choice("system", "Scoring", &["advanced (payments)", "simple"], 0)
        .choice(
            "discards",
            "Discards",
            &["Chinese (all face up)", "Japanese (last only)"],
            0,
        )
        .choice("calling", "Calling hand", &["off", "on"], 0)
        .choice("wind", "Round wind", &["off", "on"], 0)
        .choice("tiles", "Tiles", &["144 (flowers, seasons)", "136"], 0)
        .choice(
            "timeout",
            "Claim prompt waits",
            &["6 s", "10 s", "3 s", "until I answer"],
            0,
        );
    f.note = Some(
        "You sit East in the first round; the dice choose the dominant wind, who plays first."
            .into(),
    );
    f
}

/// The name of computer player `n` (1 to 3) of kind `kind`: `Bot 2 (scorer)`, so that
/// three players of one kind are told apart.
pub fn bot_name(n: usize, kind: &str) -> String {
    format!("Bot {n} ({kind})")
}

/// Builds the game a setup form asks for.
///
/// # Errors
/// When the first deal fails.
pub fn game_from_form(f: &Form, seed: u64) -> Result<MahjongGame, MahjongError> {
    let rules = RuleOptions::default().with_system(if f.index("system") == 0 {
        ScoringSystem::Advanced
    } else {
        ScoringSystem::Simple
    });
    let options = TableOptions::default()
        .with_rules(rules)
        .with_discards(if f.index("discards") == 0 {
            DiscardRule::Chinese
        } else {
            DiscardRule::Japanese
        })
        .with_calling(f.index("calling") == 1)
        .with_round_wind(f.index("wind") == 1)
        .with_tile_set(if f.index("tiles") == 0 {
            TileSet::Full
        } else {
            TileSet::WithoutBonus
        })
        .with_rounds([4, 8, 16, 1][f.index("rounds").min(3)]);
    let bots: [String; 3] = match f.index("opponents") {
        0 => ["scorer", "scorer", "scorer"],
        1 => ["expert", "expert", "expert"],
        2 => ["efficient", "efficient", "efficient"],
        3 => ["random", "random", "random"],
        _ => ["scorer", "efficient", "random"],
    }
    .map(String::from);
    let name = if f.value("name").is_empty() {
        "You"
    } else {
        f.value("name")
    };
    let names = [
        crate::ui::escape(name).into_owned(),
        bot_name(1, &bots[0]),
        bot_name(2, &bots[1]),
        bot_name(3, &bots[2]),
    ];
    let timeout =
        [Some(6), Some(10), Some(3), None][f.index("timeout").min(3)].map(Duration::from_secs);
    MahjongGame::new(options, names, bots, seed, timeout)
}
