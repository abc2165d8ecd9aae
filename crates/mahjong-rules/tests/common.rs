//! Helpers shared by the integration tests.

use mahjong_rules::{
    Hand, Item, LineItem, LineValue, PointsTable, RuleOptions, Score, Situation, score,
};
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

/// The values of every line of `item` in the score.
pub fn values(s: &Score, item: Item) -> Vec<LineValue> {
    s.lines
        .iter()
        .filter(|l| l.item == LineItem::Table(item))
        .map(|l| l.value)
        .collect()
}
