//! Deals: random, or solvable by reverse placement (see `ReversePlacement`).

use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use grilles_game::{Interrupted, Limits, WorkUnit};

use mahjong_tiles::Tile;
use rand::seq::SliceRandom;
use rand::{Rng, RngExt};

use crate::board::{Board, Move};
use crate::geometry::Geometry;
use crate::layout::Layout;
use crate::matching::{MATCH_CLASSES, match_class};

/// Why no solvable arrangement was produced.
///
/// ```
/// use mahjong_solitaire::{DealError, Layout, solvable_deal};
/// use rand::SeedableRng;
///
/// // Two tiles stacked: the top one would have to go alone.
/// let layout: Layout = "0 0: 0\n1 0: 0\n".parse()?;
/// let err = solvable_deal(&layout, &mut rand_pcg::Pcg64Mcg::seed_from_u64(0)).unwrap_err();
/// assert_eq!(err, DealError::TooTall { stacked: 2, positions: 2 });
/// assert_eq!(
///     err.to_string(),
///     "2 of the 2 positions lie one above another: a pair takes at most one of them, \
///      so no order of pairs can clear them"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DealError {
    /// The positions cannot be emptied two free tiles at a time, whatever the tiles: the
    /// exhaustive search proved it.
    #[error("no order of pairs can clear these positions")]
    NoArrangement,
    /// More than half of the positions lie one above another (each overlapping the next
    /// from a higher layer): two of them are never free together, so a pair takes at most
    /// one of them and the others cannot all be paired. Found before any search.
    #[error(
        "{stacked} of the {positions} positions lie one above another: a pair takes at most \
         one of them, so no order of pairs can clear them"
    )]
    TooTall {
        /// The length of the longest such stack.
        stacked: usize,
        /// The positions to fill.
        positions: usize,
    },
    /// The tiles cannot be split into matching pairs (a kind has an odd number of tiles).
    #[error("the tiles cannot be split into matching pairs ({tile} has an odd count)")]
    UnpairableTiles {
        /// A tile of a class with an odd count.
        tile: Tile,
    },
    /// The dealer's budget ran out or its cancel flag was raised before an arrangement was
    /// found (see [`ReversePlacement::budget`] and [`ReversePlacement::cancel_flag`]).
    #[error(transparent)]
    Interrupted(#[from] Interrupted),
}

/// A random deal: the layout's tiles ([`Layout::tiles`]) shuffled over its positions.
/// It may be unwinnable.
///
/// Such a deal may be unwinnable (about 3 % of random Turtle deals are). A seed gives one
/// deal.
///
/// ```
/// use mahjong_solitaire::{BuiltinLayout, random_deal};
/// use rand::SeedableRng;
/// use rand_pcg::Pcg64Mcg;
///
/// let layout = BuiltinLayout::Pyramid.layout();
/// let board = random_deal(&layout, &mut Pcg64Mcg::seed_from_u64(3));
/// assert_eq!(board.remaining(), 144);
/// assert_eq!(board, random_deal(&layout, &mut Pcg64Mcg::seed_from_u64(3)));
/// ```
pub fn random_deal<R: Rng + ?Sized>(layout: &Layout, rng: &mut R) -> Board {
    let mut tiles = layout.tiles();
    tiles.shuffle(rng);
    Board::from_geometry(Arc::new(Geometry::new(layout)), tiles)
}

/// A deal built by reverse placement, with the order that builds it.
///
/// ```
/// use mahjong_solitaire::{Layout, solvable_deal};
/// use rand::SeedableRng;
///
/// let layout: Layout = "0 0: 0-6\n1 0: 3\n0 4: 0\n".parse()?;
/// let dealt = solvable_deal(&layout, &mut rand_pcg::Pcg64Mcg::seed_from_u64(2))?;
/// assert_eq!(dealt.placement.len(), 3);
/// assert!(dealt.tries >= 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
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
    ///
    /// ```
    /// use mahjong_solitaire::{BuiltinLayout, solvable_deal};
    /// use rand::SeedableRng;
    ///
    /// let dealt = solvable_deal(&BuiltinLayout::Bridge.layout(), &mut rand_pcg::Pcg64Mcg::seed_from_u64(1))?;
    /// let mut board = dealt.board.clone();
    /// for m in dealt.solution() {
    ///     board.play(m)?;
    /// }
    /// assert!(board.is_cleared());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solution(&self) -> Vec<Move> {
        self.placement.iter().rev().copied().collect()
    }
}

/// The dealer: solvable deals by reverse placement, as the rules page describes, within a
/// budget and a cancel flag.
///
/// [`deal`](Self::deal) builds the board backwards: from the empty layout it repeatedly
/// places a matching pair on two positions that would both be free at that moment
/// (everything under them already placed, and each with a side open once both are placed).
/// Removing the pairs in the reverse order then clears the board, so the deal is winnable
/// and comes with a solution ([`SolvableDeal::solution`]). [`shuffle`](Self::shuffle) does
/// the same over the positions left on a board.
///
/// ```
/// use mahjong_solitaire::{BuiltinLayout, DealError, Layout, ReversePlacement};
/// use rand::SeedableRng;
/// use rand_pcg::Pcg64Mcg;
/// use std::sync::Arc;
/// use std::sync::atomic::AtomicBool;
///
/// let mut rng = Pcg64Mcg::seed_from_u64(7);
/// let dealer = ReversePlacement::new().budget(100_000).cancel_flag(Arc::new(AtomicBool::new(false)));
/// let dealt = dealer.deal(&BuiltinLayout::Pyramid.layout(), &mut rng)?;
/// assert_eq!(dealt.board.remaining(), 144);
///
/// // A tower of three over one lone tile: never two of the tower free together.
/// let tower: Layout = "0 0: 0\n1 0: 0\n2 0: 0\n0 4: 0\n".parse()?;
/// assert!(matches!(dealer.deal(&tower, &mut rng), Err(DealError::TooTall { stacked: 3, .. })));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Reverse placement without dead ends
///
/// Placing pairs on any currently legal spots almost never fills a Turtle: a position left
/// empty between two placed tiles of its row can never be filled (it would have no open
/// side). The placer therefore refuses any placement that leaves such a gap, and backtracks
/// when it gets stuck anyway (for instance when the only positions left are stacked on one
/// another), remembering the placed-sets that failed. This search is exhaustive: it fails
/// only when the layout's structure allows no solution at all (or when its budget runs out,
/// or its cancel flag is raised). Which positions are filled, and which pair of tiles goes
/// where, are drawn uniformly at each step with the caller's generator, so a seed gives one
/// deal.
///
/// Positions are chosen first (the order of placement), then the tiles: the layout's tiles
/// are split into matching pairs at random (flowers with flowers, seasons with seasons) and
/// the pairs are dealt over the placement steps in random order.
///
/// # Budget and cancel flag
///
/// The search is exhaustive, and on some layouts exponential (a structure that cannot be
/// cleared, found only by trying every order), so a dealer for layouts one does not know
/// should get a **budget** of placement tries ([`budget`](Self::budget), counted in
/// [`WorkUnit::Tries`]; none by default) or a **cancel flag**
/// ([`cancel_flag`](Self::cancel_flag), looked at every 256 tries at most, a fraction of a
/// millisecond). Either ends the call with [`DealError::Interrupted`]. A try costs at most
/// `O(n)` on a layout of `n` positions (at most [`Layout::MAX_POSITIONS`]), about a
/// microsecond, so a budget is a time; a solvable deal of a built-in layout takes a few
/// hundred tries. Layouts whose positions cannot all be cleared because more than half of
/// them lie in one stack (no two of a stack are ever free together) are refused before the
/// search ([`DealError::TooTall`]), and states whose positions left hold such a stack are
/// never entered. Memory stays bounded: the pairs tried are drawn without being listed, and
/// the table of failed states stops growing at 64 MiB (the search then only prunes less).
#[derive(Clone, Debug, Default)]
pub struct ReversePlacement {
    limits: Limits,
}

impl ReversePlacement {
    /// A dealer without budget or cancel flag.
    ///
    /// ```
    /// use mahjong_solitaire::{BuiltinLayout, ReversePlacement};
    /// use rand::SeedableRng;
    ///
    /// let dealt = ReversePlacement::new()
    ///     .deal(&BuiltinLayout::Fortress.layout(), &mut rand_pcg::Pcg64Mcg::seed_from_u64(2))?;
    /// assert_eq!(dealt.placement.len(), 72);
    /// # Ok::<(), mahjong_solitaire::DealError>(())
    /// ```
    pub const fn new() -> ReversePlacement {
        ReversePlacement {
            limits: Limits::new(),
        }
    }

    /// The same dealer with a budget of `tries` placement tries (`None`: no budget). Past
    /// it the deal fails with [`DealError::Interrupted`].
    ///
    /// ```
    /// use mahjong_solitaire::{BuiltinLayout, DealError, ReversePlacement, StopReason, WorkUnit};
    /// use rand::SeedableRng;
    ///
    /// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
    /// // 72 pairs to place: ten tries are not enough.
    /// let Err(DealError::Interrupted(stop)) =
    ///     ReversePlacement::new().budget(10).deal(&BuiltinLayout::Turtle.layout(), &mut rng)
    /// else {
    ///     panic!("ten tries cannot place 72 pairs");
    /// };
    /// assert_eq!((stop.reason(), stop.unit(), stop.spent()), (StopReason::Budget, WorkUnit::Tries, 11));
    /// ```
    pub fn budget(mut self, tries: impl Into<Option<u64>>) -> ReversePlacement {
        self.limits.set_budget(tries);
        self
    }

    /// The same dealer, stopping with [`DealError::Interrupted`] soon after `flag` becomes
    /// true (it is looked at every 256 placement tries at most).
    ///
    /// ```
    /// use mahjong_solitaire::{BuiltinLayout, DealError, ReversePlacement};
    /// use rand::SeedableRng;
    /// use std::sync::Arc;
    /// use std::sync::atomic::AtomicBool;
    ///
    /// let raised = Arc::new(AtomicBool::new(true)); // another thread gave up
    /// let dealt = ReversePlacement::new()
    ///     .cancel_flag(raised)
    ///     .deal(&BuiltinLayout::Turtle.layout(), &mut rand_pcg::Pcg64Mcg::seed_from_u64(1));
    /// assert!(matches!(dealt, Err(DealError::Interrupted(stop)) if stop.is_cancelled()));
    /// ```
    pub fn cancel_flag(mut self, flag: Arc<AtomicBool>) -> ReversePlacement {
        self.limits.set_cancel_flag(flag);
        self
    }

    /// A solvable deal on `layout` with its tiles ([`Layout::tiles`]).
    ///
    /// ```
    /// use mahjong_solitaire::{BuiltinLayout, ReversePlacement};
    /// use rand::SeedableRng;
    ///
    /// let layout = BuiltinLayout::Spider.layout();
    /// let dealt = ReversePlacement::new().deal(&layout, &mut rand_pcg::Pcg64Mcg::seed_from_u64(6))?;
    /// let mut tiles: Vec<_> = dealt.board.remaining_tiles().map(|(_, t)| t).collect();
    /// tiles.sort_unstable();
    /// assert_eq!(tiles, layout.tiles());
    /// # Ok::<(), mahjong_solitaire::DealError>(())
    /// ```
    ///
    /// # Errors
    /// [`DealError::TooTall`] or [`DealError::NoArrangement`] if the layout's structure
    /// has no solution, [`DealError::Interrupted`] if the budget ran out or the cancel flag
    /// was raised.
    pub fn deal<R: Rng + ?Sized>(
        &self,
        layout: &Layout,
        rng: &mut R,
    ) -> Result<SolvableDeal, DealError> {
        let geo = Arc::new(Geometry::new(layout));
        let active = vec![true; layout.len()];
        let (order, tries) = place_positions(&geo, &active, self, rng)?;
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

/// A solvable deal on `layout` by reverse placement, with a dealer without budget
/// (`ReversePlacement::new().deal(layout, rng)`): on a layout one does not know, give a
/// [`ReversePlacement`] a budget or a cancel flag.
///
/// ```
/// use mahjong_solitaire::{BuiltinLayout, solvable_deal};
/// use rand::SeedableRng;
/// use rand_pcg::Pcg64Mcg;
///
/// let layout = BuiltinLayout::Turtle.layout();
/// let dealt = solvable_deal(&layout, &mut Pcg64Mcg::seed_from_u64(1))?;
/// let mut board = dealt.board.clone();
/// for m in dealt.solution() {
///     board.play(m)?;
/// }
/// assert!(board.is_cleared());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`DealError::TooTall`] or [`DealError::NoArrangement`] if the layout's structure allows
/// no solution.
pub fn solvable_deal<R: Rng + ?Sized>(
    layout: &Layout,
    rng: &mut R,
) -> Result<SolvableDeal, DealError> {
    ReversePlacement::new().deal(layout, rng)
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
    options: &ReversePlacement,
    rng: &mut R,
) -> Result<(Vec<Move>, u64), DealError> {
    Placer::new(geo, active).run(options, rng)
}

/// The most memory the table of failed states may take, in bytes.
const MAX_FAILED_BYTES: usize = 64 << 20;

/// The candidate pairs of one state of the search, drawn in random order without being
/// listed (a layout of `n` free positions has `n (n − 1) / 2` of them): pair number `i`, in
/// the order `(cands[r], cands[s])` for `r < s`, is decoded on demand, and a sparse
/// Fisher–Yates shuffle keeps only the entries its draws have moved. The draws are exactly
/// those of shuffling the listed pairs lazily: one `random_range(next..total)` per pair tried.
struct Frame {
    /// The positions where a tile may be placed in this state, in increasing order.
    cands: Vec<u16>,
    /// The number of pairs of candidates.
    total: usize,
    /// Pairs `..next` (in the shuffled order) have been tried.
    next: usize,
    /// The shuffled order where it differs from the listed one: entry `k` holds pair
    /// number `moved[k]` (only for `k >= next`).
    moved: HashMap<usize, usize>,
    /// The pair placed from this state, if any (undone when the child fails).
    placed: Option<(u16, u16)>,
}

impl Frame {
    fn new(cands: Vec<u16>) -> Frame {
        let c = cands.len();
        Frame {
            total: c * c.saturating_sub(1) / 2,
            cands,
            next: 0,
            moved: HashMap::new(),
            placed: None,
        }
    }

    /// The pair number at place `k` of the shuffled order.
    fn at(&self, k: usize) -> usize {
        self.moved.get(&k).copied().unwrap_or(k)
    }

    /// The next pair of the shuffled order, if any is left.
    fn draw<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Option<(u16, u16)> {
        if self.next >= self.total {
            return None;
        }
        let k = rng.random_range(self.next..self.total);
        let picked = self.at(k);
        if k != self.next {
            let here = self.at(self.next);
            self.moved.insert(k, here);
        }
        self.moved.remove(&self.next);
        self.next += 1;
        Some(self.pair(picked))
    }

    /// Pair number `i`: row `r` holds the pairs of `cands[r]` with each later candidate,
    /// and starts at number `r (2c − r − 1) / 2`.
    fn pair(&self, i: usize) -> (u16, u16) {
        let c = self.cands.len();
        let start = |r: usize| r * (2 * c - r - 1) / 2;
        let (mut lo, mut hi) = (0, c - 1);
        while hi - lo > 1 {
            let mid = (lo + hi) / 2;
            if start(mid) <= i {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        (self.cands[lo], self.cands[lo + 1 + (i - start(lo))])
    }
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
    /// Scratch for [`Placer::longest_stack`].
    heights: Vec<u16>,
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
            heights: vec![0; n],
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

    fn key(&self) -> Box<[u64]> {
        self.bits.as_slice().into()
    }

    fn frame(&self) -> Frame {
        Frame::new(
            (0..self.placed.len())
                .filter(|&i| self.placeable(i))
                .map(|i| i as u16)
                .collect(),
        )
    }

    /// The longest run of unplaced active positions each above the next (through
    /// `below`): no two of them are ever free together, so each pair takes at most one of
    /// them. `O(n)` with the scratch `heights`.
    fn longest_stack(&mut self) -> usize {
        let mut longest = 0;
        // Positions are sorted by layer: those below come first.
        for i in 0..self.placed.len() {
            if !self.active[i] || self.placed[i] {
                self.heights[i] = 0;
                continue;
            }
            let under = self
                .geo
                .below
                .get(i)
                .iter()
                .map(|&j| self.heights[usize::from(j)])
                .max()
                .unwrap_or(0);
            self.heights[i] = under + 1;
            longest = longest.max(usize::from(self.heights[i]));
        }
        longest
    }

    /// Whether the positions left to place (those removed first in play) cannot be
    /// cleared by themselves: a stack of them holds more than half.
    fn too_tall(&mut self) -> bool {
        2 * self.longest_stack() > self.to_place
    }

    fn run<R: Rng + ?Sized>(
        mut self,
        options: &ReversePlacement,
        rng: &mut R,
    ) -> Result<(Vec<Move>, u64), DealError> {
        let stacked = self.longest_stack();
        if 2 * stacked > self.to_place {
            return Err(DealError::TooTall {
                stacked,
                positions: self.to_place,
            });
        }
        let mut meter = options.limits.meter(WorkUnit::Tries);
        let mut failed: HashSet<Box<[u64]>> = HashSet::new();
        let failed_cap = MAX_FAILED_BYTES / (8 * self.words + 48);
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
            while let Some((a, b)) = frame.draw(rng) {
                meter.spend(1)?;
                tries += 1;
                let (a, b) = (usize::from(a), usize::from(b));
                self.set(a, true);
                self.set(b, true);
                // The positions left are removed first, by themselves: a stack taller than
                // half of them dooms the state (checked last: it costs O(n)).
                if self.sound(a, b)
                    && (self.to_place == 0
                        || (!failed.contains(self.bits.as_slice()) && !self.too_tall()))
                {
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
                // Past the cap, failed states are no longer recorded: the search only
                // prunes less.
                if failed.len() < failed_cap {
                    failed.insert(self.key());
                }
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
        deal.solution().into_iter().all(|m| b.play(m).is_ok()) && b.is_cleared()
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
            Err(DealError::TooTall {
                stacked: 2,
                positions: 2
            })
        );
        // A row of three plus a tower of three: the tower needs a partner at each level.
        let l: Layout = "0 0: 0 10\n1 0: 10\n2 0: 10\n0 6: 0-2\n".parse().unwrap();
        let d = solvable_deal(&l, &mut rng(0)).unwrap();
        assert!(replay(&d));
        // A tower of four with only two partners cannot be cleared: found before searching.
        let l: Layout = "0 0: 10\n1 0: 10\n2 0: 10\n3 0: 10\n0 6: 0-2\n"
            .parse()
            .unwrap();
        assert_eq!(
            solvable_deal(&l, &mut rng(0)),
            Err(DealError::TooTall {
                stacked: 4,
                positions: 6
            })
        );
        // One tile under four towers that all cover it: it is free only when alone, which
        // only the search finds.
        for height in [2, 11, 22] {
            let l = under_towers(height);
            assert_eq!(l.len(), 4 * usize::from(height));
            assert_eq!(
                solvable_deal(&l, &mut rng(0)),
                Err(DealError::NoArrangement)
            );
        }
    }

    /// One tile under four towers of `height` that all cover it, less one tile: it is free
    /// only when alone, so no order clears them.
    fn under_towers(height: u8) -> Layout {
        let mut text = String::from("0 2: 2\n");
        for z in 1..height {
            text.push_str(&format!("{z} 1: 1 3\n{z} 3: 1 3\n"));
        }
        text.push_str(&format!("{height} 1: 1 3\n{height} 3: 1\n"));
        text.parse().unwrap()
    }

    #[test]
    fn budget_is_honoured() {
        // 1,024 tiles side by side: at least 512 tries.
        let l: Layout = (0..16)
            .map(|y| format!("0 {}: 0-126\n", 2 * y))
            .collect::<String>()
            .parse()
            .unwrap();
        let r = ReversePlacement::new().budget(3).deal(&l, &mut rng(0));
        let stop = Interrupted::new(grilles_game::StopReason::Budget, WorkUnit::Tries, 4);
        assert_eq!(r, Err(DealError::Interrupted(stop)));
        let raised = Arc::new(AtomicBool::new(true));
        let r = ReversePlacement::new()
            .cancel_flag(raised)
            .deal(&l, &mut rng(0));
        let stop = Interrupted::new(grilles_game::StopReason::Cancelled, WorkUnit::Tries, 1);
        assert_eq!(r, Err(DealError::Interrupted(stop)));
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
