//! The per-tile tables of a solve, built once from the board: each tile's class and member
//! number, its blockers and the tiles it may free, and the dependencies the relaxed game's
//! replay follows.

use crate::board::Board;
use crate::matching::{MATCH_CLASSES, match_class};

use super::State;
use super::bits::{Bits, bits, clear, set, test};

/// The most tiles of one class the search handles (its per-class sets are 64-bit masks).
pub(super) const MAX_CLASS: usize = 64;

/// The entries of a [`PerTile`] table (a power of two).
const TILE_SLOTS: usize = crate::Layout::MAX_POSITIONS;
const _: () = assert!(TILE_SLOTS.is_power_of_two());

/// Per-tile values in a table of [`Layout::MAX_POSITIONS`](crate::Layout::MAX_POSITIONS)
/// entries indexed by masked numbers (the hot loops need no bounds checks).
#[derive(Clone, Debug)]
pub(super) struct PerTile<T>(Box<[T; TILE_SLOTS]>);

impl<T: Copy + Default> PerTile<T> {
    /// A table holding `init` first, then default values.
    pub(super) fn new(init: &[T]) -> PerTile<T> {
        let mut table = Box::new([T::default(); TILE_SLOTS]);
        table[..init.len()].copy_from_slice(init);
        PerTile(table)
    }
}

impl<T> core::ops::Index<usize> for PerTile<T> {
    type Output = T;

    #[inline(always)]
    fn index(&self, t: usize) -> &T {
        &self.0[t & (TILE_SLOTS - 1)]
    }
}

impl<T> core::ops::IndexMut<usize> for PerTile<T> {
    #[inline(always)]
    fn index_mut(&mut self, t: usize) -> &mut T {
        &mut self.0[t & (TILE_SLOTS - 1)]
    }
}

/// Compressed lists of positions: list `i` is `data[off[i]..off[i + 1]]`.
#[derive(Clone, Debug, Default)]
pub(super) struct Lists {
    off: Vec<u32>,
    data: Vec<u16>,
}

impl Lists {
    fn build(n: usize, mut list: impl FnMut(usize, &mut Vec<u16>)) -> Lists {
        let mut off = Vec::with_capacity(n + 1);
        let mut data = Vec::new();
        off.push(0);
        for i in 0..n {
            list(i, &mut data);
            off.push(data.len() as u32);
        }
        Lists { off, data }
    }

    #[inline]
    pub(super) fn get(&self, i: usize) -> &[u16] {
        &self.data[self.off[i] as usize..self.off[i + 1] as usize]
    }
}

/// What the search knows of each tile, fixed for the whole solve.
pub(super) struct Tables<const W: usize> {
    /// Each tile's class.
    pub(super) class_of: PerTile<u8>,
    /// Each tile's index among its class's members.
    pub(super) local: PerTile<u8>,
    /// The members of each class (present at the start), by local index.
    /// (A row per possible class number and [`MAX_CLASS`] per row, so that masked indices
    /// need no bounds checks.)
    pub(super) members: Box<[[u16; MAX_CLASS]; 256]>,
    /// Each tile's layer.
    pub(super) layer: Vec<u8>,
    /// Per tile, as sets of positions: the tiles covering it (any overlap from a higher
    /// layer), those touching its left side, those touching its right side.
    pub(super) blockers: Vec<[Bits<W>; 3]>,
    /// Tiles whose freedom may change when this one goes (under it, beside it).
    pub(super) affects: Lists,
    /// The tiles of each class, as a set of positions.
    pub(super) class_bits: Vec<Bits<W>>,
    /// Per tile: the tiles whose removal in the relaxed game may depend on it (those it
    /// blocks, its class, their classes).
    pub(super) deps: Vec<Bits<W>>,
    /// Per tile `h`: the tiles whose removal may let `h` go in the relaxed game (those
    /// whose `deps` hold `h`).
    pub(super) wake: Vec<Bits<W>>,
    /// Per tile, the tiles whose freedom it may decide (those under it and beside it), as
    /// a set of positions.
    pub(super) blocks: Vec<Bits<W>>,
    /// Per class, the classes with a tile that touches or overlaps one of its tiles (and
    /// the class itself).
    pub(super) near: [u64; MATCH_CLASSES],
}

impl<const W: usize> Tables<W> {
    /// The tables of `board`'s tiles still there (with at most [`MAX_CLASS`] per class).
    pub(super) fn new(board: &Board) -> Tables<W> {
        let n = board.tiles.len();
        let geo = &*board.geo;
        let class_of: Vec<u8> = board.tiles.iter().map(|&t| match_class(t) as u8).collect();
        let mut members = Box::new([[0u16; MAX_CLASS]; 256]);
        let mut sizes = [0usize; MATCH_CLASSES];
        let mut local = vec![0u8; n];
        for i in (0..n).filter(|&i| board.present[i]) {
            let k = usize::from(class_of[i]);
            local[i] = sizes[k] as u8;
            members[k][sizes[k]] = i as u16;
            sizes[k] += 1;
        }
        let layer = geo.layout.positions().iter().map(|p| p.z).collect();
        let blockers = (0..n)
            .map(|i| {
                let mut masks = [[0u64; W]; 3];
                for (mask, list) in
                    masks
                        .iter_mut()
                        .zip([geo.above.get(i), geo.left.get(i), geo.right.get(i)])
                {
                    for &u in list {
                        set(mask, usize::from(u));
                    }
                }
                masks
            })
            .collect();
        let affects = Lists::build(n, |i, out| {
            out.extend_from_slice(geo.below.get(i));
            out.extend_from_slice(geo.left.get(i));
            out.extend_from_slice(geo.right.get(i));
        });
        let mut class_bits = vec![[0u64; W]; MATCH_CLASSES];
        for i in (0..n).filter(|&i| board.present[i]) {
            set(&mut class_bits[usize::from(class_of[i])], i);
        }
        let deps: Vec<Bits<W>> = (0..n)
            .map(|t| {
                let mut d = class_bits[usize::from(class_of[t])];
                for &u in affects.get(t) {
                    let u = usize::from(u);
                    set(&mut d, u);
                    let cu = &class_bits[usize::from(class_of[u])];
                    for w in 0..W {
                        d[w] |= cu[w];
                    }
                }
                d
            })
            .collect();
        let blocks = (0..n)
            .map(|t| {
                let mut b = [0u64; W];
                for &u in affects.get(t) {
                    set(&mut b, usize::from(u));
                }
                b
            })
            .collect();
        let mut wake = vec![[0u64; W]; n];
        for (t, d) in deps.iter().enumerate() {
            for (w, &word) in d.iter().enumerate() {
                for h in bits(word) {
                    set(&mut wake[w * 64 + h], t);
                }
            }
        }
        let mut near = [0u64; MATCH_CLASSES];
        for t in (0..n).filter(|&t| board.present[t]) {
            let k = usize::from(class_of[t]);
            near[k] |= 1 << k;
            for &u in geo.above.get(t).iter().chain(affects.get(t)) {
                let ku = usize::from(class_of[usize::from(u)]);
                if board.present[usize::from(u)] {
                    near[k] |= 1 << ku;
                    near[ku] |= 1 << k;
                }
            }
        }
        Tables {
            class_of: PerTile::new(&class_of),
            local: PerTile::new(&local),
            members,
            layer,
            blockers,
            affects,
            class_bits,
            deps,
            wake,
            blocks,
            near,
        }
    }

    /// The position of the board these tables were built from.
    pub(super) fn root(&self, board: &Board) -> State<W> {
        let mut root = State {
            present: [0; W],
            rem: [0; MATCH_CLASSES],
            free: [0; MATCH_CLASSES],
            remaining: board.remaining() as u32,
        };
        for i in (0..board.tiles.len()).filter(|&i| board.present[i]) {
            let k = usize::from(self.class_of[i]);
            set(&mut root.present, i);
            root.rem[k] |= 1 << self.local[i];
            if board.free_unchecked(i) {
                root.free[k] |= 1 << self.local[i];
            }
        }
        root
    }

    /// The tile of member `l` of class `k`.
    #[inline]
    pub(super) fn member(&self, k: usize, l: usize) -> usize {
        usize::from(self.members[k & 255][l & (MAX_CLASS - 1)])
    }

    /// Whether tile `t` is free with the tiles of `present` there.
    #[inline(always)]
    pub(super) fn free_in(&self, present: &Bits<W>, t: usize) -> bool {
        let [above, left, right] = &self.blockers[t];
        let mut a = 0;
        let mut l = 0;
        let mut r = 0;
        for w in 0..W {
            a |= present[w] & above[w];
            l |= present[w] & left[w];
            r |= present[w] & right[w];
        }
        a == 0 && (l == 0 || r == 0)
    }

    /// Removes tile `t` from `st`, updating the free sets; returns the classes whose sets
    /// changed.
    #[inline]
    pub(super) fn take(&self, st: &mut State<W>, t: usize) -> u64 {
        let k = usize::from(self.class_of[t]);
        let bit = 1u64 << self.local[t];
        clear(&mut st.present, t);
        st.rem[k] &= !bit;
        st.free[k] &= !bit;
        st.remaining -= 1;
        let mut dirty = 1u64 << k;
        for &u in self.affects.get(t) {
            let u = usize::from(u);
            let ku = usize::from(self.class_of[u]);
            let ubit = 1u64 << self.local[u];
            if test(&st.present, u) && st.free[ku] & ubit == 0 && self.free_in(&st.present, u) {
                st.free[ku] |= ubit;
                dirty |= 1 << ku;
            }
        }
        dirty
    }
}
