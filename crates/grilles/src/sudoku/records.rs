//! The best times: for each kind of puzzle (rules, size, level), the fastest solves made
//! without a hint or a revealed cell, kept in the saves' folder.

use std::collections::BTreeMap;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::game::SudokuGame;
use super::rules::Rules;
use crate::store::Store;

/// How many times a kind keeps.
pub const KEPT: usize = 5;

/// The file they are kept in.
pub const FILE: &str = "sudoku-times.json";

/// The best times of each kind of puzzle, in milliseconds, fastest first.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BestTimes {
    /// By kind ([`kind_of`]).
    pub kinds: BTreeMap<String, Vec<u64>>,
}

/// The kind of a game's puzzle, as its best times are kept: `Sudoku 9×9 easy`, `Killer
/// sudoku 9×9`, `Samurai sudoku`…
pub fn kind_of(g: &SudokuGame) -> String {
    let n = g.size();
    let mut k = if *g.rules() == Rules::Samurai {
        g.rules().name().to_string()
    } else {
        format!("{} {n}×{n}", g.rules().name())
    };
    if let Some(l) = g.level() {
        k.push_str(&format!(" {l}"));
    }
    k
}

impl BestTimes {
    /// The times kept in `store` (none when there are none, or they cannot be read).
    pub fn load(store: &Store) -> BestTimes {
        store.load(FILE).ok().flatten().unwrap_or_default()
    }

    /// Writes them to `store`.
    ///
    /// # Errors
    /// The store's error.
    pub fn save(&self, store: &Store) -> Result<(), crate::store::StoreError> {
        store.save(FILE, self).map(|_| ())
    }

    /// The best time of `kind`.
    pub fn best(&self, kind: &str) -> Option<Duration> {
        self.kinds
            .get(kind)
            .and_then(|v| v.first())
            .map(|&ms| Duration::from_millis(ms))
    }

    /// Adds a solve of `kind` in `time`: its rank among the kept times (1 for the best),
    /// `None` when it is not among them.
    pub fn add(&mut self, kind: &str, time: Duration) -> Option<usize> {
        let ms = time.as_millis().min(u128::from(u64::MAX)) as u64;
        let list = self.kinds.entry(kind.to_string()).or_default();
        crate::store::rank(list, ms, KEPT, |a, b| a < b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fastest_come_first() {
        let mut b = BestTimes::default();
        let s = Duration::from_secs;
        assert_eq!(b.add("k", s(300)), Some(1));
        assert_eq!(b.add("k", s(200)), Some(1));
        assert_eq!(b.add("k", s(250)), Some(2));
        assert_eq!(b.best("k"), Some(s(200)));
        for _ in 0..3 {
            b.add("k", s(100));
        }
        assert_eq!(b.add("k", s(400)), None);
        assert_eq!(b.best("other"), None);
    }
}
