//! The best scores of each layout: the boards cleared, highest score first (the faster
//! game first between equal scores), kept in the saves' folder.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::store::Store;

/// How many best scores a layout keeps.
pub const KEPT: usize = 5;

/// The file they are kept in.
pub const FILE: &str = "solitaire-scores.json";

/// One cleared board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BestScore {
    /// Its score.
    pub score: i64,
    /// The time taken, in milliseconds.
    pub elapsed_ms: u64,
    /// The game number (the deal).
    pub number: u64,
    /// Hints asked for.
    pub hints: u32,
}

/// The best scores of every layout, by layout name.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BestScores {
    /// The scores of each layout, best first.
    pub layouts: BTreeMap<String, Vec<BestScore>>,
}

impl BestScores {
    /// The scores kept in `store` (none when there are none, or they cannot be read).
    pub fn load(store: &Store) -> BestScores {
        store.load(FILE).ok().flatten().unwrap_or_default()
    }

    /// Writes them to `store`.
    ///
    /// # Errors
    /// The store's error.
    pub fn save(&self, store: &Store) -> Result<(), crate::store::StoreError> {
        store.save(FILE, self).map(|_| ())
    }

    /// The best scores of `layout`, best first.
    pub fn of(&self, layout: &str) -> &[BestScore] {
        self.layouts.get(layout).map_or(&[], Vec::as_slice)
    }

    /// Adds a cleared board of `layout`; its rank among the kept scores (1 for the best),
    /// `None` when it is not among them.
    pub fn add(&mut self, layout: &str, entry: BestScore) -> Option<usize> {
        let list = self.layouts.entry(layout.to_string()).or_default();
        crate::store::rank(list, entry, KEPT, |a, b| {
            (a.score, std::cmp::Reverse(a.elapsed_ms)) > (b.score, std::cmp::Reverse(b.elapsed_ms))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_best_come_first_and_five_are_kept() {
        let mut b = BestScores::default();
        let e = |score, elapsed_ms| BestScore {
            score,
            elapsed_ms,
            number: 1,
            hints: 0,
        };
        assert_eq!(b.add("Turtle", e(100, 5000)), Some(1));
        assert_eq!(b.add("Turtle", e(300, 9000)), Some(1));
        assert_eq!(b.add("Turtle", e(100, 4000)), Some(2));
        for _ in 0..3 {
            b.add("Turtle", e(50, 1));
        }
        assert_eq!(b.of("Turtle").len(), KEPT);
        assert_eq!(b.add("Turtle", e(10, 1)), None);
        assert_eq!(b.of("Turtle")[0].score, 300);
        assert!(b.of("Pyramid").is_empty());
    }
}
