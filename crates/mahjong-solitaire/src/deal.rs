//! Deals: random, or solvable by reverse placement (as the rules page describes).
//!
//! - [`random_deal`] shuffles the layout's tiles ([`Layout::tiles`]) over its positions. Such
//!   a deal may be unwinnable (about 3 % of random Turtle deals are).
//! - [`solvable_deal`] builds the board backwards, as the rules page describes: from the empty
//!   layout it repeatedly places a matching pair on two positions that would both be free at
//!   that moment: everything under them already placed, and each with a side open once both
//!   are placed. Removing the pairs in the reverse order then clears the board, so the deal
//!   is winnable and comes with a solution ([`SolvableDeal::solution`]).
//!
//! # Reverse placement without dead ends
//!
//! Placing pairs on any currently legal spots almost never fills a Turtle: a position left
//! empty between two placed tiles of its row can never be filled (it would have no open
//! side). The placer therefore refuses any placement that leaves such a gap, and backtracks
//! when it gets stuck anyway (for instance when the only positions left are stacked on one
//! another), remembering the placed-sets that failed. This search is exhaustive: it fails
//! only when the layout's structure allows no solution at all (or when the optional budget
//! runs out). Which positions are filled, and which pair of tiles goes where, are drawn
//! uniformly at each step with the caller's generator, so a seed gives one deal.
//!
//! Positions are chosen first (the order of placement), then the tiles: the layout's tiles
//! are split into matching pairs at random (flowers with flowers, seasons with seasons) and
//! the pairs are dealt over the placement steps in random order.
//!
//! ```
//! use mahjong_solitaire::{BuiltinLayout, deal};
//! use rand::SeedableRng;
//! use rand_pcg::Pcg64Mcg;
//!
//! let layout = BuiltinLayout::Turtle.layout();
//! let dealt = deal::solvable_deal(&layout, &mut Pcg64Mcg::seed_from_u64(1))?;
//! let mut board = dealt.board.clone();
//! for m in dealt.solution() {
//!     board.play(m)?;
//! }
//! assert!(board.is_won());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::HashSet;
use std::sync::Arc;

use mahjong_tiles::Tile;
use rand::seq::SliceRandom;
use rand::{Rng, RngExt};

use crate::board::{Board, Move};
use crate::geometry::Geometry;
use crate::layout::Layout;
use crate::matching::{MATCH_CLASSES, match_class};

/// Why no solvable arrangement was produced.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DealError {
    /// The positions cannot be emptied two free tiles at a time, whatever the tiles: the
    /// exhaustive search proved it.
    #[error("no order of pairs can clear these positions")]
    NoArrangement,
    /// The tiles cannot be split into matching pairs (a kind has an odd number of tiles).
    #[error("the tiles cannot be split into matching pairs ({tile} has an odd count)")]
    UnpairableTiles {
        /// A tile of a class with an odd count.
        tile: Tile,
    },
    /// The search budget ran out before an arrangement was found.
    #[error("search budget exhausted after {tries} placement tries")]
    BudgetExhausted {
        /// Placements tried.
        tries: u64,
    },
}

/// A random deal: the layout's tiles ([`Layout::tiles`]) shuffled over its positions.
/// It may be unwinnable.
///
/// ```
/// use mahjong_solitaire::{BuiltinLayout, deal::random_deal};
/// use rand::SeedableRng;
/// use rand_pcg::Pcg64Mcg;
///
/// let board = random_deal(&BuiltinLayout::Pyramid.layout(), &mut Pcg64Mcg::seed_from_u64(3));
/// assert_eq!(board.remaining(), 144);
/// ```
pub fn random_deal<R: Rng + ?Sized>(layout: &Layout, rng: &mut R) -> Board {
    let mut tiles = layout.tiles();
    tiles.shuffle(rng);
    Board::from_geometry(Arc::new(Geometry::new(layout)), tiles)
}

/// A deal built by reverse placement, with the order that builds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolvableDeal {
    /// The full board.
    pub board: Board,
    /// The pairs in the order they were placed; removing them in the reverse order wins.
    pub placement: Vec<Move>,
    /// Placement tries the search needed (one per pair placed, more when it backtracked).
    pub tries: u64,
}

impl SolvableDeal {
    /// A winning sequence: the placement, reversed.
    pub fn solution(&self) -> Vec<Move> {
        self.placement.iter().rev().copied().collect()
    }
}

/// Options of the reverse-placement search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct ReversePlacement {
    /// Placement tries allowed before giving up with [`DealError::BudgetExhausted`]; `None`
    /// (the default) searches until it succeeds or proves that no arrangement exists.
    pub budget: Option<u64>,
}

impl ReversePlacement {
    /// A solvable deal on `layout` with its tiles ([`Layout::tiles`]).
    ///
    /// # Errors
    /// [`DealError::NoArrangement`] if the layout's structure has no solution,
    /// [`DealError::BudgetExhausted`] if the budget ran out.
    pub fn deal<R: Rng + ?Sized>(
        &self,
        layout: &Layout,
        rng: &mut R,
    ) -> Result<SolvableDeal, DealError> {
        let geo = Arc::new(Geometry::new(layout));
        let active = vec![true; layout.len()];
        let (order, tries) = place_positions(&geo, &active, self.budget, rng)?;
        let pairs = pair_up(layout.tiles(), rng)?;
        let mut tiles = vec![Tile::EAST; layout.len()];
        for (m, [a, b]) in order.iter().zip(pairs) {
            tiles[m.first()] = a;
            tiles[m.second()] = b;
        }
        Ok(SolvableDeal {
            board: Board::from_geometry(geo, tiles),
            placement: order,
            tries,
        })
    }
}

/// A solvable deal on `layout` by reverse placement (no budget: see [`ReversePlacement`]).
///
/// # Errors
/// [`DealError::NoArrangement`] if the layout's structure allows no solution.
pub fn solvable_deal<R: Rng + ?Sized>(
    layout: &Layout,
    rng: &mut R,
) -> Result<SolvableDeal, DealError> {
    ReversePlacement::default().deal(layout, rng)
}

/// Splits tiles into random matching pairs, in random order.
pub(crate) fn pair_up<R: Rng + ?Sized>(
    mut tiles: Vec<Tile>,
    rng: &mut R,
) -> Result<Vec<[Tile; 2]>, DealError> {
    tiles.sort_unstable();
    let mut classes: Vec<Vec<Tile>> = vec![Vec::new(); MATCH_CLASSES];
    for t in tiles {
        classes[match_class(t)].push(t);
    }
    let mut pairs = Vec::new();
    for mut class in classes {
        if class.len() % 2 == 1 {
            return Err(DealError::UnpairableTiles { tile: class[0] });
        }
        class.shuffle(rng);
        pairs.extend(class.chunks_exact(2).map(|c| [c[0], c[1]]));
    }
    pairs.shuffle(rng);
    Ok(pairs)
}

/// The reverse-placement search over positions only: returns the pairs of positions in
/// placement order, covering exactly the `active` positions, and the tries it took.
pub(crate) fn place_positions<R: Rng + ?Sized>(
    geo: &Geometry,
    active: &[bool],
    budget: Option<u64>,
    rng: &mut R,
) -> Result<(Vec<Move>, u64), DealError> {
    Placer::new(geo, active).run(budget, rng)
}

struct Frame {
    /// Candidate pairs of this state, lazily shuffled: `pairs[..next]` have been tried.
    pairs: Vec<(u16, u16)>,
    next: usize,
    /// The pair placed from this state, if any (undone when the child fails).
    placed: Option<(u16, u16)>,
}

struct Placer<'a> {
    geo: &'a Geometry,
    active: &'a [bool],
    placed: Vec<bool>,
    /// Active positions under each position that are not yet placed.
    need: Vec<u16>,
    /// Placed neighbours on each side.
    lp: Vec<u16>,
    rp: Vec<u16>,
    to_place: usize,
    /// Words per bitset.
    words: usize,
    /// The placed positions as a bitset.
    bits: Vec<u64>,
    /// For each position, the bitset of the active positions reachable by going left
    /// (left neighbours, their left neighbours, …), and the same to the right.
    lclose: Vec<u64>,
    rclose: Vec<u64>,
}

impl<'a> Placer<'a> {
    fn new(geo: &'a Geometry, active: &'a [bool]) -> Placer<'a> {
        let n = geo.len();
        let need = (0..n)
            .map(|i| {
                geo.below
                    .get(i)
                    .iter()
                    .filter(|&&j| active[usize::from(j)])
                    .count() as u16
            })
            .collect();
        let words = n.div_ceil(64);
        let mut by_x: Vec<usize> = (0..n).filter(|&i| active[i]).collect();
        by_x.sort_by_key(|&i| geo.layout.positions()[i].x);
        let close = |order: &mut dyn Iterator<Item = &usize>, side: &crate::geometry::Adjacency| {
            let mut close = vec![0u64; n * words];
            for &u in order {
                for &v in side.get(u) {
                    let v = usize::from(v);
                    if !active[v] {
                        continue;
                    }
                    close[u * words + v / 64] |= 1 << (v % 64);
                    for w in 0..words {
                        close[u * words + w] |= close[v * words + w];
                    }
                }
            }
            close
        };
        let lclose = close(&mut by_x.iter(), &geo.left);
        let rclose = close(&mut by_x.iter().rev(), &geo.right);
        Placer {
            geo,
            active,
            placed: vec![false; n],
            need,
            lp: vec![0; n],
            rp: vec![0; n],
            to_place: active.iter().filter(|&&a| a).count(),
            words,
            bits: vec![0; words],
            lclose,
            rclose,
        }
    }

    /// Whether no position of the closure of `u` (a bitset slice) is placed.
    fn clear(&self, close: &[u64], u: usize) -> bool {
        let w = self.words;
        close[u * w..(u + 1) * w]
            .iter()
            .zip(&self.bits)
            .all(|(c, p)| c & p == 0)
    }

    /// Whether the unplaced position `u` can still be placed some day: everything to its
    /// left, or everything to its right, is still empty.
    fn reachable(&self, u: usize) -> bool {
        self.clear(&self.lclose, u) || self.clear(&self.rclose, u)
    }

    fn placeable(&self, i: usize) -> bool {
        self.active[i]
            && !self.placed[i]
            && self.need[i] == 0
            && (self.lp[i] == 0 || self.rp[i] == 0)
    }

    fn set(&mut self, i: usize, on: bool) {
        self.placed[i] = on;
        self.bits[i / 64] ^= 1 << (i % 64);
        let geo = self.geo;
        let step = |v: &mut u16| {
            if on { *v += 1 } else { *v -= 1 }
        };
        for &p in geo.above.get(i) {
            if self.active[usize::from(p)] {
                // `need` counts unplaced positions below: placing i lowers it.
                if on {
                    self.need[usize::from(p)] -= 1;
                } else {
                    self.need[usize::from(p)] += 1;
                }
            }
        }
        for &p in geo.right.get(i) {
            step(&mut self.lp[usize::from(p)]);
        }
        for &p in geo.left.get(i) {
            step(&mut self.rp[usize::from(p)]);
        }
        if on {
            self.to_place -= 1;
        } else {
            self.to_place += 1;
        }
    }

    /// Whether placing a and b (already set) keeps every tile placeable in the future:
    /// each has an open side, and every unplaced position in their rows (left and right,
    /// transitively) still has one whole side empty: a position with placed tiles somewhere
    /// on both sides could never get an open side.
    fn sound(&self, a: usize, b: usize) -> bool {
        let open = |i: usize| self.lp[i] == 0 || self.rp[i] == 0;
        if !open(a) || !open(b) {
            return false;
        }
        let w = self.words;
        for i in [a, b] {
            for close in [&self.lclose, &self.rclose] {
                for (k, &word) in close[i * w..(i + 1) * w].iter().enumerate() {
                    let mut word = word & !self.bits[k];
                    while word != 0 {
                        let u = k * 64 + word.trailing_zeros() as usize;
                        word &= word - 1;
                        if !self.reachable(u) {
                            return false;
                        }
                    }
                }
            }
        }
        true
    }

    fn key(&self) -> Vec<u64> {
        self.bits.clone()
    }

    fn frame(&self) -> Frame {
        let cands: Vec<u16> = (0..self.placed.len())
            .filter(|&i| self.placeable(i))
            .map(|i| i as u16)
            .collect();
        let mut pairs = Vec::with_capacity(cands.len() * cands.len().saturating_sub(1) / 2);
        for (k, &a) in cands.iter().enumerate() {
            for &b in &cands[k + 1..] {
                pairs.push((a, b));
            }
        }
        Frame {
            pairs,
            next: 0,
            placed: None,
        }
    }

    fn run<R: Rng + ?Sized>(
        mut self,
        budget: Option<u64>,
        rng: &mut R,
    ) -> Result<(Vec<Move>, u64), DealError> {
        let mut failed: HashSet<Vec<u64>> = HashSet::new();
        let mut stack: Vec<Frame> = Vec::new();
        let mut tries = 0u64;
        if self.to_place > 0 {
            stack.push(self.frame());
        }
        while let Some(frame) = stack.last_mut() {
            if let Some((a, b)) = frame.placed.take() {
                // The child state failed: take the pair back.
                self.set(usize::from(a), false);
                self.set(usize::from(b), false);
            }
            let mut advanced = false;
            while frame.next < frame.pairs.len() {
                let k = rng.random_range(frame.next..frame.pairs.len());
                frame.pairs.swap(frame.next, k);
                let (a, b) = frame.pairs[frame.next];
                frame.next += 1;
                tries += 1;
                if budget.is_some_and(|limit| tries > limit) {
                    return Err(DealError::BudgetExhausted { tries: tries - 1 });
                }
                let (a, b) = (usize::from(a), usize::from(b));
                self.set(a, true);
                self.set(b, true);
                if self.sound(a, b) && (self.to_place == 0 || !failed.contains(&self.key())) {
                    frame.placed = Some((a as u16, b as u16));
                    advanced = true;
                    break;
                }
                self.set(a, false);
                self.set(b, false);
            }
            if advanced {
                if self.to_place == 0 {
                    let order = stack
                        .iter()
                        .filter_map(|f| f.placed)
                        .map(|(a, b)| Move::new(usize::from(a), usize::from(b)))
                        .collect();
                    return Ok((order, tries));
                }
                let child = self.frame();
                stack.push(child);
            } else {
                failed.insert(self.key());
                stack.pop();
            }
        }
        Err(DealError::NoArrangement)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::BuiltinLayout;
    use rand::SeedableRng;
    use rand_pcg::Pcg64Mcg;

    fn rng(seed: u64) -> Pcg64Mcg {
        Pcg64Mcg::seed_from_u64(seed)
    }

    fn replay(deal: &SolvableDeal) -> bool {
        let mut b = deal.board.clone();
        deal.solution().into_iter().all(|m| b.play(m).is_ok()) && b.is_won()
    }

    #[test]
    fn builtins_get_solvable_deals() {
        for layout in BuiltinLayout::ALL {
            let l = layout.layout();
            for seed in 0..5 {
                let d = solvable_deal(&l, &mut rng(seed)).unwrap();
                assert_eq!(d.placement.len(), 72);
                assert!(replay(&d), "{layout} seed {seed}");
                let mut tiles: Vec<Tile> = d.board.remaining_tiles().map(|(_, t)| t).collect();
                tiles.sort_unstable();
                assert_eq!(tiles, l.tiles());
            }
        }
    }

    #[test]
    fn impossible_structures_are_reported() {
        // Two tiles stacked: the top one must go first, alone.
        let l: Layout = "0 0: 0\n1 0: 0\n".parse().unwrap();
        assert_eq!(
            solvable_deal(&l, &mut rng(0)),
            Err(DealError::NoArrangement)
        );
        // A row of three plus a tower of three: the tower needs a partner at each level.
        let l: Layout = "0 0: 0 10\n1 0: 10\n2 0: 10\n0 6: 0-2\n".parse().unwrap();
        let d = solvable_deal(&l, &mut rng(0)).unwrap();
        assert!(replay(&d));
        // A tower of four with only two partners cannot be cleared.
        let l: Layout = "0 0: 10\n1 0: 10\n2 0: 10\n3 0: 10\n0 6: 0-2\n"
            .parse()
            .unwrap();
        assert_eq!(
            solvable_deal(&l, &mut rng(0)),
            Err(DealError::NoArrangement)
        );
    }

    #[test]
    fn budget_is_honoured() {
        let l: Layout = "0 0: 10\n1 0: 10\n2 0: 10\n3 0: 10\n0 6: 0-2\n"
            .parse()
            .unwrap();
        let r = ReversePlacement { budget: Some(3) }.deal(&l, &mut rng(0));
        assert_eq!(r, Err(DealError::BudgetExhausted { tries: 3 }));
    }

    #[test]
    fn random_deal_uses_the_layout_tiles() {
        let l = BuiltinLayout::Spider.layout();
        let b = random_deal(&l, &mut rng(9));
        let mut tiles: Vec<Tile> = b.remaining_tiles().map(|(_, t)| t).collect();
        tiles.sort_unstable();
        assert_eq!(tiles, l.tiles());
        assert_eq!(b, random_deal(&l, &mut rng(9)));
    }
}
