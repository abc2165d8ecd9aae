//! The help pages of French mahjong: the keys, the rules in brief, the points table of the
//! game's options.

use mahjong_rules::table::TableOptions;
use mahjong_rules::{DiscardRule, ScoringSystem};

use crate::pager::Page;

/// The keys: each line a whole phrase, short enough for the help box at 80 columns.
pub const KEYS: &[&str] = &[
    "Your turn:   ←→ (or a click) choose a tile;",
    "             Enter or d (or a second click) discards it;",
    "             h suggests a discard (and puts the cursor on it);",
    "             m goes Mah-jong, k makes a kong;",
    "             c discards it declaring a calling hand (when on);",
    "             1-9 the listed choices.",
    "A discard:   1-9 claims it as listed (pung, chow, kong, Mah-jong);",
    "             p or Space passes;",
    "             the prompt passes by itself after a few seconds.",
    "Round over:  Enter deals the next round;",
    "             ←→ shows another seat's score.",
    "Any time:    l the game log, ? these pages (keys, rules, points),",
    "             n new game, Esc back to the menu (the game is saved).",
];

/// The rules in brief (the French rules of mahjong-rules).
pub const RULES: &[&str] = &[
    "The aim: a hand of four melds and a pair (14 tiles, a kong counting 3):",
    "  a chow is three in a row of one suit, a pung three alike, a kong four.",
    "  Winds and dragons make pungs and kongs only.",
    "The deal: the dice choose the dominant wind, who holds 14 tiles and",
    "  discards first; the others hold 13. Flowers and seasons are laid out",
    "  and replaced at once.",
    "A turn: draw from the wall, then discard (or go Mah-jong, or make a",
    "  kong of four tiles held, or add the drawn tile to a pung).",
    "A discard may be claimed: for Mah-jong by anyone, for a pung or a kong",
    "  by anyone, for a chow by the next player only. Mah-jong beats a pung",
    "  or kong, which beats a chow. A claimed meld is laid out face up.",
    "The round ends on a Mah-jong, or when the wall runs out.",
    "Scores: every hand scores points (its melds, pairs, flowers, Mah-jong)",
    "  then doubles them once for each double it earns; a hand is capped",
    "  at 1000 but the Grands Jeux (the limit hands).",
    "Simple system: each score is added to its player's total, East's",
    "  doubled. Advanced system: the losers pay the winner its score (East",
    "  pays and is paid double) and settle their differences between them.",
    "The winds turn when East does not win (after a round nobody won, as",
    "  the options say).",
];

/// The help pages for a game with `options`: keys, rules, its points table.
pub fn pages(options: Option<&TableOptions>) -> Vec<Page> {
    let mut rules: Vec<String> = RULES.iter().map(|s| (*s).to_string()).collect();
    if let Some(o) = options {
        rules.push(String::new());
        rules.push(format!(
            "This game: {} system; {} discards; calling hand {}; round wind {}; {} rounds.",
            match o.rules.system {
                ScoringSystem::Advanced => "advanced",
                _ => "simple",
            },
            match o.rules.discards {
                DiscardRule::Chinese => "Chinese (all face up)",
                _ => "Japanese (the last face up)",
            },
            if o.calling { "on" } else { "off" },
            if o.round_wind { "on" } else { "off" },
            o.rounds
        ));
    }
    let table = options.map(|o| o.rules.table.clone()).unwrap_or_default();
    let mut points = vec![
        "Points (exposed / concealed) and doubles of this game's table;".to_string(),
        "lines marked (off) do not count:".to_string(),
        String::new(),
    ];
    points.extend(table.to_string().lines().map(|l| format!("  {l}")));
    vec![
        Page::new("French mahjong: keys", KEYS.iter().copied()),
        Page::new("French mahjong: rules", rules),
        Page::new("French mahjong: the points table", points),
    ]
}
