//! Every way to arrange concealed tiles into melds and a pair.
//!
//! Seed 000 asks the scorer to keep the best-scoring reading of a hand, so scoring tries
//! every arrangement: [`arrangements`] lists the complete ones (every concealed tile in a
//! sequence, a triplet or the one pair: a Mah-jong once the melds laid apart are added),
//! [`partial_arrangements`] the partial ones a losing hand scores (any disjoint melds and at
//! most one pair; other tiles left over). Four identical concealed tiles (an undeclared kong)
//! are read as a triplet plus a tile used elsewhere, as the seed says.
//!
//! Each arrangement is listed once: tiles are taken kind by kind in canonical order, and at
//! each kind the choice is how many triplets, pairs and sequences start there.
//!
//! ```
//! use mahjong_rules::{Hand, decompose};
//!
//! // 111 222 333m can be three triplets or three sequences.
//! let hand: Hand = "111222333m 789p 55z".parse()?;
//! let all = decompose::arrangements(&hand);
//! assert_eq!(all.len(), 2);
//! let five = "5z".parse()?;
//! assert!(all.iter().all(|a| a.pair == Some(five)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt;
use core::ops::ControlFlow;

use mahjong_tiles::Tile;

use crate::hand::{Counts, Hand, KINDS};
use crate::meld::{Exposure, Meld, MeldKind};

/// An arrangement of concealed tiles: concealed melds and (for a complete hand, always) a
/// pair. Tiles of a partial arrangement that fit nowhere are not listed.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Arrangement {
    /// The melds, all concealed, in canonical tile order.
    pub melds: Vec<Meld>,
    /// The pair, if any.
    pub pair: Option<Tile>,
}

impl fmt::Display for Arrangement {
    /// The melds then the pair, space-separated: `123m 555z 99p`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = self.melds.iter().map(Meld::to_string).collect();
        if let Some(p) = self.pair {
            parts.push(format!("{}{}{}", p.number(), p.number(), p.group_letter()));
        }
        f.write_str(&parts.join(" "))
    }
}

/// A group found by the walk: a kind and its first tile index.
#[derive(Clone, Copy)]
struct Group {
    sequence: bool,
    first: u8,
}

struct Walk<F> {
    counts: Counts,
    groups: Vec<Group>,
    pair: Option<u8>,
    leftovers: bool,
    visit: F,
}

impl<F: FnMut(&[Group], Option<u8>) -> ControlFlow<()>> Walk<F> {
    fn go(&mut self, start: usize) -> ControlFlow<()> {
        let mut i = start;
        while i < KINDS && self.counts[i] == 0 {
            i += 1;
        }
        if i == KINDS {
            if !self.leftovers && self.pair.is_none() {
                return ControlFlow::Continue(());
            }
            return (self.visit)(&self.groups, self.pair);
        }
        let n = self.counts[i];
        let sequence_ok = i < 27 && i % 9 <= 6;
        for triplets in 0..=u8::from(n >= 3) {
            for pairs in 0..=1u8 {
                if pairs == 1 && (self.pair.is_some() || n - 3 * triplets < 2) {
                    continue;
                }
                let rest = n - 3 * triplets - 2 * pairs;
                let max_seq = if sequence_ok {
                    rest.min(self.counts[i + 1]).min(self.counts[i + 2])
                } else {
                    0
                };
                for seqs in 0..=max_seq {
                    if rest - seqs > 0 && !self.leftovers {
                        continue;
                    }
                    // Apply.
                    self.counts[i] = 0;
                    if seqs > 0 {
                        self.counts[i + 1] -= seqs;
                        self.counts[i + 2] -= seqs;
                    }
                    let before = self.groups.len();
                    if triplets == 1 {
                        self.groups.push(Group {
                            sequence: false,
                            first: i as u8,
                        });
                    }
                    for _ in 0..seqs {
                        self.groups.push(Group {
                            sequence: true,
                            first: i as u8,
                        });
                    }
                    let old_pair = self.pair;
                    if pairs == 1 {
                        self.pair = Some(i as u8);
                    }
                    let flow = self.go(i + 1);
                    // Undo.
                    self.pair = old_pair;
                    self.groups.truncate(before);
                    if seqs > 0 {
                        self.counts[i + 1] += seqs;
                        self.counts[i + 2] += seqs;
                    }
                    self.counts[i] = n;
                    flow?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

fn tile_at(i: u8) -> Tile {
    // Indices come from a `Counts` array of playing kinds, all below 34.
    Tile::from_index(i as usize).unwrap_or(Tile::EAST)
}

fn to_arrangement(groups: &[Group], pair: Option<u8>) -> Arrangement {
    let melds = groups
        .iter()
        .map(|g| {
            let t = tile_at(g.first);
            let kind = if g.sequence {
                MeldKind::Sequence
            } else {
                MeldKind::Triplet
            };
            match kind {
                MeldKind::Sequence => Meld::sequence(t, Exposure::Concealed),
                _ => Meld::triplet(t, Exposure::Concealed),
            }
            .unwrap_or_else(|_| unreachable_meld())
        })
        .collect();
    Arrangement {
        melds,
        pair: pair.map(tile_at),
    }
}

#[cold]
fn unreachable_meld() -> Meld {
    // The walk only starts sequences on suited 1–7 and never on bonus tiles.
    Meld::triplet(Tile::EAST, Exposure::Concealed).unwrap_or_else(|_| unreachable_meld())
}

/// Calls `visit` with every arrangement of `counts` (complete ones, or partial ones when
/// `leftovers`), stopping early if it breaks.
pub(crate) fn for_each(
    counts: &Counts,
    leftovers: bool,
    mut visit: impl FnMut(&Arrangement) -> ControlFlow<()>,
) {
    let mut walk = Walk {
        counts: *counts,
        groups: Vec::with_capacity(5),
        pair: None,
        leftovers,
        visit: |groups: &[Group], pair: Option<u8>| visit(&to_arrangement(groups, pair)),
    };
    let _ = walk.go(0);
}

/// Whether `counts` split exactly into melds and one pair.
pub(crate) fn is_complete(counts: &Counts) -> bool {
    // Quick necessary conditions: honours come in pairs or triplets, each suit's tiles number
    // 0 or 2 modulo 3, and exactly one block (a suit or an honour) holds the pair.
    let mut pair_blocks = 0;
    for &n in &counts[27..] {
        match n {
            0 | 3 => {}
            2 => pair_blocks += 1,
            _ => return false,
        }
    }
    for s in 0..3 {
        let sum: u32 = counts[9 * s..9 * s + 9].iter().map(|&c| u32::from(c)).sum();
        match sum % 3 {
            0 => {}
            2 => pair_blocks += 1,
            _ => return false,
        }
    }
    if pair_blocks != 1 {
        return false;
    }
    let mut walk = Walk {
        counts: *counts,
        groups: Vec::with_capacity(5),
        pair: None,
        leftovers: false,
        visit: |_: &[Group], _: Option<u8>| ControlFlow::Break(()),
    };
    walk.go(0).is_break()
}

/// Every complete arrangement of the hand's concealed tiles into concealed melds and exactly
/// one pair. Empty when the concealed tiles do not form one (the hand is not a Mah-jong of
/// melds).
pub fn arrangements(hand: &Hand) -> Vec<Arrangement> {
    let mut out = Vec::new();
    for_each(&hand.concealed_counts(), false, |a| {
        out.push(a.clone());
        ControlFlow::Continue(())
    });
    out
}

/// Every partial arrangement of the hand's concealed tiles: any set of disjoint concealed
/// melds with at most one pair (the empty arrangement included). A losing hand scores the
/// best of these.
///
/// ```
/// use mahjong_rules::{Hand, decompose};
/// let hand: Hand = "1112m 456p 7799s 135z".parse()?;
/// let partial = decompose::partial_arrangements(&hand);
/// assert!(partial.iter().any(|a| a.melds.len() == 2 && a.pair.is_some()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn partial_arrangements(hand: &Hand) -> Vec<Arrangement> {
    let mut out = Vec::new();
    for_each(&hand.concealed_counts(), true, |a| {
        out.push(a.clone());
        ControlFlow::Continue(())
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hand(s: &str) -> Hand {
        s.parse().unwrap()
    }

    #[test]
    fn pure_triplets_and_sequences() {
        let all = arrangements(&hand("111222333m 789p 55z"));
        let shapes: Vec<String> = all.iter().map(|a| a.to_string()).collect();
        assert!(
            shapes.contains(&"111m 222m 333m 789p 55z".to_string()),
            "{shapes:?}"
        );
        assert!(
            shapes.contains(&"123m 123m 123m 789p 55z".to_string()),
            "{shapes:?}"
        );
        assert_eq!(all.len(), 2);
    }

    #[test]
    fn pair_position_varies() {
        // 11 123 456: the only reading (111 234 56 leaves 56).
        let all = arrangements(&hand("11123456m 789p 555z"));
        assert_eq!(all.len(), 1);
        assert_eq!(all[0].pair, Some("1m".parse().unwrap()));
        // 111 234 44 or 11 123 444: the pair moves.
        let all = arrangements(&hand("11123444m 789p 555z"));
        let mut shapes: Vec<String> = all.iter().map(|a| a.to_string()).collect();
        shapes.sort();
        assert_eq!(
            shapes,
            ["111m 234m 789p 555z 44m", "123m 444m 789p 555z 11m"]
        );
    }

    #[test]
    fn no_arrangement_for_a_broken_hand() {
        assert!(arrangements(&hand("19m 19p 19s 1234567z 1m")).is_empty());
        assert!(!is_complete(
            &hand("19m 19p 19s 1234567z 1m").concealed_counts()
        ));
        assert!(is_complete(&hand("111222333m 789p 55z").concealed_counts()));
    }

    #[test]
    fn nine_gates_has_many_arrangements() {
        // 1112345678999m + 5m: several readings, all complete.
        let all = arrangements(&hand("11123455678999m"));
        assert!(!all.is_empty());
        for a in &all {
            let tiles: usize = a.melds.iter().map(|m| m.len()).sum::<usize>() + 2;
            assert_eq!(tiles, 14);
        }
        let mut dedup = all.clone();
        dedup.sort_by_key(|a| a.to_string());
        dedup.dedup();
        assert_eq!(dedup.len(), all.len(), "each arrangement listed once");
    }

    #[test]
    fn partial_includes_empty_and_undeclared_kong_as_triplet() {
        let partial = partial_arrangements(&hand("1111m 2468p 13579s"));
        assert!(
            partial
                .iter()
                .any(|a| a.melds.is_empty() && a.pair.is_none())
        );
        assert!(
            partial
                .iter()
                .any(|a| a.melds.len() == 1 && a.melds[0].to_string() == "111m")
        );
        assert!(partial.iter().all(|a| a.melds.len() <= 1));
    }
}
