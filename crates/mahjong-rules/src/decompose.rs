//! Every way to decompose concealed tiles into melds and a pair (see [`Decomposition`]).

use core::fmt;
use core::ops::ControlFlow;

use mahjong_tiles::{Suit, Tile, Tiles};

use crate::hand::{Counts, HONOURS, Hand, KINDS, suit_range};
use crate::meld::{Exposure, Meld, MeldKind};

/// A decomposition of a hand's concealed tiles: concealed melds and (for a complete hand,
/// always) a pair. Tiles of a partial decomposition that fit nowhere are not listed.
///
/// The French Wikipedia article on Mah-jong asks the scorer to keep the best-scoring reading
/// of a hand, so scoring tries every decomposition: [`Hand::decompositions`] lists the
/// complete ones (every concealed tile in a sequence, a triplet or the one pair: a Mah-jong
/// once the melds laid apart are added), [`Hand::partial_decompositions`] the partial ones a
/// losing hand scores (any disjoint melds and at most one pair; other tiles left over). Four
/// identical concealed tiles (an undeclared kong) are read as a triplet plus a tile used
/// elsewhere, as the article says.
///
/// Each decomposition is listed once: tiles are taken kind by kind in canonical order, and
/// at each kind the choice is how many triplets, pairs and sequences start there.
///
/// # Cost
///
/// A [`Hand`] holds at most 14 concealed tiles, so both lists are short and need no budget:
/// at most 4 complete decompositions (`11122223333444s`) and at most 169 partial ones
/// (`11122233344456s`; 118 for a hand of 13, `1112345678999s`). These maxima were found by
/// counting the readings of every way to hold at most 14 tiles of one suit (and of the
/// honours) and combining the suits, keeping for each number of tiles the counts no other
/// holding beats.
///
/// ```
/// use mahjong_rules::{Decomposition, Hand};
///
/// // 111 222 333m can be three triplets or three sequences.
/// let hand: Hand = "111222333m 789p 55z".parse()?;
/// let all = hand.decompositions();
/// assert_eq!(all.len(), 2);
/// let five = "5z".parse()?;
/// assert!(all.iter().all(|d| d.pair == Some(five)));
/// assert!(all.iter().any(|d| d.to_string() == "111m 222m 333m 789p 55z"));
/// assert_eq!(Decomposition::default().to_string(), "");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Decomposition {
    /// The melds, all concealed, in canonical tile order.
    pub melds: Vec<Meld>,
    /// The pair, if any.
    pub pair: Option<Tile>,
}

impl fmt::Display for Decomposition {
    /// The melds then the pair, space-separated: `123m 555z 99p`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = self.melds.iter().map(Meld::to_string).collect();
        if let Some(p) = self.pair {
            parts.push(Tiles(vec![p; 2]).to_string());
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
        // A sequence starts on a suited 1 to 7.
        let sequence_ok = i < HONOURS.start && i % 9 <= 6;
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

fn to_arrangement(groups: &[Group], pair: Option<u8>) -> Decomposition {
    let melds = groups
        .iter()
        .map(|g| {
            // The walk starts sequences only on suited 1–7 and never sees bonus tiles.
            let kind = if g.sequence {
                MeldKind::Sequence
            } else {
                MeldKind::Triplet
            };
            Meld::from_checked_parts(kind, tile_at(g.first), Exposure::Concealed)
        })
        .collect();
    Decomposition {
        melds,
        pair: pair.map(tile_at),
    }
}

/// Calls `visit` with every arrangement of `counts` (complete ones, or partial ones when
/// `leftovers`), stopping early if it breaks.
pub(crate) fn for_each(
    counts: &Counts,
    leftovers: bool,
    mut visit: impl FnMut(&Decomposition) -> ControlFlow<()>,
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

/// The four blocks of tile kinds no meld crosses: the three suits, then the honours.
const BLOCKS: [(usize, usize); 4] = {
    let [m, p, s] = [
        suit_range(Suit::Characters),
        suit_range(Suit::Circles),
        suit_range(Suit::Bamboos),
    ];
    [
        (m.start, m.end),
        (p.start, p.end),
        (s.start, s.end),
        (HONOURS.start, HONOURS.end),
    ]
};

/// Whether one block's counts split exactly into melds, plus one pair when `pair`.
/// `suited` allows sequences. The lowest tile left must open a pair, a triplet or a
/// sequence, so trying those three in turn decides the block.
fn block_complete(c: &mut [u8], pair: bool, suited: bool) -> bool {
    let Some(i) = c.iter().position(|&n| n > 0) else {
        return !pair;
    };
    if !suited {
        // Honours: triplets and at most one pair, nothing else.
        let pairs = c.iter().filter(|&&n| n == 2).count();
        return c.iter().all(|&n| matches!(n, 0 | 2 | 3)) && pairs == usize::from(pair);
    }
    if pair && c[i] >= 2 {
        c[i] -= 2;
        let ok = block_complete(c, false, true);
        c[i] += 2;
        if ok {
            return true;
        }
    }
    if c[i] >= 3 {
        c[i] -= 3;
        let ok = block_complete(c, pair, true);
        c[i] += 3;
        if ok {
            return true;
        }
    }
    if i + 2 < c.len() && c[i + 1] > 0 && c[i + 2] > 0 {
        c[i] -= 1;
        c[i + 1] -= 1;
        c[i + 2] -= 1;
        let ok = block_complete(c, pair, true);
        c[i] += 1;
        c[i + 1] += 1;
        c[i + 2] += 1;
        if ok {
            return true;
        }
    }
    false
}

/// How a block stands on its own: its tile count modulo 3 (0: melds only, 2: melds and
/// the pair, 1: never complete) and whether it splits so.
fn block_state(counts: &Counts, b: usize) -> (u32, bool) {
    let (lo, hi) = BLOCKS[b];
    let mut c = [0u8; 9];
    let c = &mut c[..hi - lo];
    c.copy_from_slice(&counts[lo..hi]);
    let sum: u32 = c.iter().map(|&n| u32::from(n)).sum();
    let rest = sum % 3;
    let ok = rest != 1 && block_complete(c, rest == 2, b < 3);
    (rest, ok)
}

/// Whether `counts` split exactly into melds and one pair: each block on its own (no meld
/// crosses blocks), exactly one block holding the pair.
pub(crate) fn is_complete(counts: &Counts) -> bool {
    let mut pairs = 0;
    for b in 0..BLOCKS.len() {
        let (rest, ok) = block_state(counts, b);
        if !ok {
            return false;
        }
        pairs += usize::from(rest == 2);
    }
    pairs == 1
}

/// Marks in `out` every kind whose one more tile would make `counts` split exactly into
/// melds and one pair (the count of copies available is not checked here).
///
/// Only the block that receives the tile changes, so the others are decided once: if two
/// blocks are broken nothing completes the hand; if one is, only its kinds can.
pub(crate) fn completing_kinds(counts: &Counts, out: &mut [bool; KINDS]) {
    let states: [(u32, bool); 4] = core::array::from_fn(|b| block_state(counts, b));
    for (b, &(lo, hi)) in BLOCKS.iter().enumerate() {
        let others_ok = (0..4).filter(|&o| o != b).all(|o| states[o].1);
        if !others_ok {
            continue;
        }
        let other_pairs = (0..4).filter(|&o| o != b && states[o].0 == 2).count();
        // The receiving block's count modulo 3 after one more tile.
        let after = (states[b].0 + 1) % 3;
        let needs_pair = match (after, other_pairs) {
            (0, 1) => false,
            (2, 0) => true,
            _ => continue,
        };
        let suited = b < 3;
        let mut c = [0u8; 9];
        let c = &mut c[..hi - lo];
        c.copy_from_slice(&counts[lo..hi]);
        for k in 0..c.len() {
            // A tile with no neighbour within two ranks (no copy, for an honour) stands
            // alone and cannot fit.
            let near = if suited {
                c[k.saturating_sub(2)..(k + 3).min(c.len())]
                    .iter()
                    .any(|&n| n > 0)
            } else {
                c[k] > 0
            };
            if !near {
                continue;
            }
            c[k] += 1;
            if block_complete(c, needs_pair, suited) {
                out[lo + k] = true;
            }
            c[k] -= 1;
        }
    }
}

impl Hand {
    /// Every complete decomposition of the hand's concealed tiles into concealed melds and
    /// exactly one pair (at most 4: see [`Decomposition`]). Empty when the concealed tiles
    /// do not form one (the hand is not a Mah-jong of melds).
    ///
    /// ```
    /// use mahjong_rules::Hand;
    /// let hand: Hand = "123m 456p 789s 111z 55z".parse()?;
    /// assert_eq!(hand.decompositions().len(), 1);
    /// let not: Hand = "124m 456p 789s 111z 55z".parse()?;
    /// assert!(not.decompositions().is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn decompositions(&self) -> Vec<Decomposition> {
        collect(self, false)
    }

    /// Every partial decomposition of the hand's concealed tiles: any set of disjoint
    /// concealed melds with at most one pair, the empty one included (at most 169: see
    /// [`Decomposition`]). A losing hand scores the best of these.
    ///
    /// ```
    /// use mahjong_rules::Hand;
    /// let hand: Hand = "1112m 456p 7799s 135z".parse()?;
    /// let partial = hand.partial_decompositions();
    /// assert!(partial.iter().any(|d| d.melds.len() == 2 && d.pair.is_some()));
    /// assert!(partial.iter().any(|d| d.melds.is_empty() && d.pair.is_none()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn partial_decompositions(&self) -> Vec<Decomposition> {
        collect(self, true)
    }
}

fn collect(hand: &Hand, leftovers: bool) -> Vec<Decomposition> {
    let mut out = Vec::new();
    for_each(&hand.concealed_counts(), leftovers, |a| {
        out.push(a.clone());
        ControlFlow::Continue(())
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::h as hand;

    #[test]
    fn pure_triplets_and_sequences() {
        let all = hand("111222333m 789p 55z").decompositions();
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
        let all = hand("11123456m 789p 555z").decompositions();
        assert_eq!(all.len(), 1);
        assert_eq!(all[0].pair, Some("1m".parse().unwrap()));
        // 111 234 44 or 11 123 444: the pair moves.
        let all = hand("11123444m 789p 555z").decompositions();
        let mut shapes: Vec<String> = all.iter().map(|a| a.to_string()).collect();
        shapes.sort();
        assert_eq!(
            shapes,
            ["111m 234m 789p 555z 44m", "123m 444m 789p 555z 11m"]
        );
    }

    #[test]
    fn no_arrangement_for_a_broken_hand() {
        assert!(hand("19m 19p 19s 1234567z 1m").decompositions().is_empty());
        assert!(!is_complete(
            &hand("19m 19p 19s 1234567z 1m").concealed_counts()
        ));
        assert!(is_complete(&hand("111222333m 789p 55z").concealed_counts()));
    }

    #[test]
    fn nine_gates_has_many_arrangements() {
        // 1112345678999m + 5m: several readings, all complete.
        let all = hand("11123455678999m").decompositions();
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
        let partial = hand("1111m 2468p 13579s").partial_decompositions();
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
