//! Helpers shared by the integration tests.

use mahjong_rules::{Hand, Item, PointsTable, RuleOptions, Score, ScoreRule, Situation, score};
use mahjong_tiles::Tile;

pub fn hand(s: &str) -> Hand {
    s.parse().unwrap_or_else(|e| panic!("{s:?}: {e}"))
}

pub fn tile(s: &str) -> Tile {
    s.parse().unwrap_or_else(|e| panic!("{s:?}: {e}"))
}

/// Scores with the classical table.
pub fn classical(h: &str, sit: Situation) -> Score {
    score(&hand(h), &sit, &RuleOptions::default()).unwrap_or_else(|e| panic!("{h:?}: {e}"))
}

/// Scores with every line of the article's table enabled.
pub fn full_table(h: &str, sit: Situation) -> Score {
    let options = RuleOptions::default().with_table(PointsTable::full());
    score(&hand(h), &sit, &options).unwrap_or_else(|e| panic!("{h:?}: {e}"))
}

/// A line's value with its unit, as the tests write them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// Points.
    Points(u32),
    /// Doubles.
    Doubles(u32),
}

/// The values of every line of `item` in the score.
pub fn values(s: &Score, item: Item) -> Vec<Value> {
    s.lines
        .iter()
        .filter(|l| l.rule == ScoreRule::Table(item))
        .map(|l| {
            if l.rule.is_doubles() {
                Value::Doubles(l.value)
            } else {
                Value::Points(l.value)
            }
        })
        .collect()
}

/// Action number `kind` (taken modulo 8) of every kind a seat may send, legal or not, for
/// `seat` and `tile`: the tests that throw arbitrary actions at a table build them here.
pub fn any_action(seat: mahjong_tiles::Wind, tile: Tile, kind: u8) -> mahjong_rules::table::Action {
    use mahjong_rules::table::Action;
    match kind % 8 {
        0 => Action::Discard { seat, tile },
        1 => Action::Calling { seat, tile },
        2 => Action::Kong { seat, tile },
        3 => Action::Pung { seat },
        4 => Action::Chow { seat, first: tile },
        5 => Action::MahJong { seat },
        6 => Action::Pass { seat },
        _ => Action::Invoke { seat, tile },
    }
}

/// Three option sets the table tests play under: the defaults, the calling hand with Japanese
/// discards, and the set without bonus tiles with the round wind and the calling hand.
pub fn option_sets() -> [mahjong_rules::table::TableOptions; 3] {
    use mahjong_rules::DiscardRule;
    use mahjong_rules::table::TableOptions;
    use mahjong_tiles::TileSet;
    [
        TableOptions::default(),
        TableOptions::default()
            .with_calling(true)
            .with_discards(DiscardRule::Japanese),
        TableOptions::default()
            .with_tile_set(TileSet::WithoutBonus)
            .with_round_wind(true)
            .with_calling(true),
    ]
}
