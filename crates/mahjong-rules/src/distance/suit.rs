//! One suit's costs: for the tiles a hand holds in one suit, the fewest tiles it lacks to
//! hold `m` melds and `p` pairs in that suit, for every `m` in 0..=4 and `p` in 0..=1.
//!
//! Two ways, one answer:
//! - [`costs`]: a table built once, at first use, for every count vector of one suit a hand
//!   can hold (at most 4 of a kind, at most 14 tiles: 405,350 vectors), each entry ten
//!   costs packed in a `u64` (3.2 MB), five bits each. A target holds at most four copies
//!   of a kind.
//! - [`capped_costs`]: a dynamic programme over the nine ranks for a suit where fewer than
//!   four copies of some kind can be held (the others sit in the hand's own melds laid
//!   apart): exact for any limit per kind.
//!
//! The table rests on one identity. For a target `T` (melds and pairs of the suit) and the
//! held counts `h`, the tiles lacking are `|T| − |min(T, h)|`; so the fewest lacking is
//! `3m + 2p − max |u|` over the sub-multisets `u ≤ h` that fit under some target of the
//! layer (`m`, `p`). The build marks the targets and closes the marks downwards (a vector
//! fits when one more tile of some kind would fit). A vector that fits lacks `3m + 2p − |h|`;
//! one that does not lacks what the best of its neighbours with one tile less lacks (its
//! largest fitting part lies below one of them). Each vector reads its neighbours' ten
//! costs at once, as lanes of one `u64`.

use std::sync::OnceLock;

/// Layers of costs: `2 * melds + pair`, melds 0..=4, pair 0 or 1.
pub(super) const LAYERS: usize = 10;

/// The costs of one block (a suit or the honours), by layer.
pub(super) type Costs = [u8; LAYERS];

/// The cost of a layer no target reaches (high enough that four of them still fit a `u8`).
pub(super) const NONE: u8 = 60;

/// At most this many tiles of one suit in a hand.
const MAX_TILES: usize = 14;

/// Count vectors of one suit with at most 4 of a kind and at most [`MAX_TILES`] tiles.
const VECTORS: usize = 405_350;

/// `WITHIN[n][s]`: how many vectors of `n` counts (each 0..=4) sum to at most `s`.
const WITHIN: [[u32; MAX_TILES + 1]; 10] = {
    let mut w = [[0u32; MAX_TILES + 1]; 10];
    let mut s = 0;
    while s <= MAX_TILES {
        w[0][s] = 1;
        s += 1;
    }
    let mut n = 1;
    while n < 10 {
        let mut s = 0;
        while s <= MAX_TILES {
            let mut v = 0;
            while v <= 4 && v <= s {
                w[n][s] += w[n - 1][s - v];
                v += 1;
            }
            s += 1;
        }
        n += 1;
    }
    w
};

/// `RANK[r][s][v]`: what count `v` at rank index `r` adds to a vector's index when the
/// ranks above `r` hold `s` tiles. Vectors are numbered in the order of their base-5 value
/// (rank index 8 the most significant digit), skipping those over [`MAX_TILES`].
const RANK: [[[u32; 5]; MAX_TILES + 1]; 9] = {
    let mut rank = [[[0u32; 5]; MAX_TILES + 1]; 9];
    let mut r = 0;
    while r < 9 {
        let mut s = 0;
        while s <= MAX_TILES {
            let mut v = 1;
            while v <= 4 {
                let below = v - 1;
                let smaller = if s + below <= MAX_TILES {
                    WITHIN[r][MAX_TILES - s - below]
                } else {
                    0
                };
                rank[r][s][v] = rank[r][s][v - 1] + smaller;
                v += 1;
            }
            s += 1;
        }
        r += 1;
    }
    rank
};

/// The index of a suit's counts in the table. Each count is at most 4 and the sum at most
/// [`MAX_TILES`] (callers check it).
#[inline]
pub(super) fn index(h: &[u8; 9]) -> usize {
    let mut index = 0u32;
    let mut s = 0usize;
    for r in (0..9).rev() {
        let v = usize::from(h[r]);
        index += RANK[r][s][v];
        s += v;
    }
    index as usize
}

static TABLE: OnceLock<Box<[u64]>> = OnceLock::new();

/// The table, built on first use.
#[inline]
pub(super) fn table() -> &'static [u64] {
    TABLE.get_or_init(build)
}

/// Bits of one cost in a packed entry: a cost is at most 14, one more bit lets lanes be
/// compared all at once.
const LANE: usize = 5;

/// Unpacks a table entry (every layer of a suit has targets, so no lane is unset).
#[inline]
fn unpack(entry: u64) -> Costs {
    core::array::from_fn(|layer| ((entry >> (LANE * layer)) & 0x1f) as u8)
}

/// Packs costs five bits a layer, those of 15 or more as 15.
#[inline]
pub(super) fn pack(c: &Costs) -> u64 {
    c.iter().enumerate().fold(0, |p, (layer, &v)| {
        p | (u64::from(v.min(15)) << (LANE * layer))
    })
}

/// Whether some layer of packed costs `c` plus the same layer of packed costs `d` is
/// below `bound` (at most 15; lanes at most 15 each, so their sums fit their lanes).
#[inline]
pub(super) fn any_sum_below(c: u64, d: u64, bound: u8) -> bool {
    let sum = c + d;
    // Sums of 16 or more are not below the bound: brought back to 15, top bits cleared.
    let big = (sum & GUARDS) >> 4;
    let sum = (sum & !GUARDS) | (big * 0xf);
    // A lane's top bit is cleared by the subtraction where it is below the bound.
    ((sum | GUARDS) - ONES * u64::from(bound)) & GUARDS != GUARDS
}

/// The top bit of each lane.
const GUARDS: u64 = {
    let mut g = 0u64;
    let mut layer = 0;
    while layer < LAYERS {
        g |= 0x10 << (LANE * layer);
        layer += 1;
    }
    g
};

/// Lane by lane minimum of two packed entries (costs below 16, top bits clear).
#[inline]
fn lane_min(a: u64, b: u64) -> u64 {
    // A lane's top bit survives the subtraction where a ≥ b.
    let a_not_less = ((a | GUARDS).wrapping_sub(b) & GUARDS) >> 4;
    let take_b = a_not_less * 0xf;
    (b & take_b) | (a & !take_b)
}

/// The costs of a suit's counts from the table (each count at most 4, at most 14 tiles).
#[inline]
pub(super) fn costs(h: &[u8; 9]) -> Costs {
    unpack(table()[index(h)])
}

/// The packed costs (five bits a layer, as [`pack`] makes them) of a suit's counts with one
/// more tile of rank index `r`, for every `r` where `h[r] < 4`, in one pass over the ranks
/// (`h` holds at most 13 tiles). Other entries are left as they are.
pub(super) fn one_more(h: &[u8; 9], out: &mut [u64; 9]) {
    let table = table();
    // above[r]: tiles on the ranks above r; part[r]: their part of the index.
    let mut above = [0usize; 9];
    let mut part = [0u32; 9];
    let (mut s, mut p) = (0usize, 0u32);
    for r in (0..9).rev() {
        above[r] = s;
        part[r] = p;
        s += usize::from(h[r]);
        p += RANK[r][above[r]][usize::from(h[r])];
    }
    // below: the part of the ranks below r when the ranks above them hold one tile more.
    let mut below = 0u32;
    for r in 0..9 {
        let v = usize::from(h[r]);
        if v < 4 {
            out[r] = table[(part[r] + RANK[r][above[r]][v + 1] + below) as usize];
        }
        below += RANK[r][(above[r] + 1).min(MAX_TILES)][v];
    }
}

/// The meld shapes of one suit: a triplet on each rank, a sequence from each rank 1 to 7,
/// as the ranks each takes.
fn meld_shapes() -> Vec<[u8; 9]> {
    let mut shapes = Vec::with_capacity(16);
    for r in 0..9 {
        let mut t = [0u8; 9];
        t[r] = 3;
        shapes.push(t);
    }
    for r in 0..7 {
        let mut t = [0u8; 9];
        t[r..r + 3].fill(1);
        shapes.push(t);
    }
    shapes
}

/// Every target of one suit (`melds` melds from `from` on in shape order, then `pairs`
/// pairs, at most four of a kind), passed to `mark` with its layer.
fn targets(
    shapes: &[[u8; 9]],
    t: &mut [u8; 9],
    melds: usize,
    from: usize,
    layer_melds: usize,
    mark: &mut impl FnMut(&[u8; 9], usize),
) {
    mark(t, 2 * layer_melds);
    for r in 0..9 {
        if t[r] + 2 <= 4 {
            t[r] += 2;
            mark(t, 2 * layer_melds + 1);
            t[r] -= 2;
        }
    }
    if melds == 0 {
        return;
    }
    for (k, shape) in shapes.iter().enumerate().skip(from) {
        if (0..9).all(|r| t[r] + shape[r] <= 4) {
            for r in 0..9 {
                t[r] += shape[r];
            }
            targets(shapes, t, melds - 1, k, layer_melds + 1, mark);
            for r in 0..9 {
                t[r] -= shape[r];
            }
        }
    }
}

/// The index of `h` less one tile of rank index `i`, for every `i` where `h[i] > 0`, in
/// one pass: the ranks above `i` keep their part of the index, rank `i` counts one less,
/// and the ranks below see one tile less above them.
fn lower_neighbours(h: &[u8; 9], out: &mut [usize; 9]) {
    // above[r]: tiles on the ranks above r; part[r]: their part of the index.
    let mut above = [0usize; 9];
    let mut part = [0u32; 9];
    let (mut s, mut p) = (0usize, 0u32);
    for r in (0..9).rev() {
        above[r] = s;
        part[r] = p;
        s += usize::from(h[r]);
        p += RANK[r][above[r]][usize::from(h[r])];
    }
    // below: the part of the ranks below i when the ranks above them hold one tile less.
    let mut below = 0u32;
    for i in 0..9 {
        let v = usize::from(h[i]);
        if v > 0 {
            out[i] = (part[i] + RANK[i][above[i]][v - 1] + below) as usize;
        }
        // Read only for a lower rank above this one, which then holds a tile.
        below += RANK[i][above[i].saturating_sub(1)][v];
    }
}

/// Every vector in index order: the count of rank index 8 the slowest to change.
fn all_vectors(r: usize, budget: usize, h: &mut [u8; 9], out: &mut Vec<[u8; 9]>) {
    for v in 0..=budget.min(4) {
        h[r] = v as u8;
        if r == 0 {
            out.push(*h);
        } else {
            all_vectors(r - 1, budget - v, h, out);
        }
    }
    h[r] = 0;
}

/// Builds the table (see the module docs).
fn build() -> Box<[u64]> {
    let mut vectors: Vec<[u8; 9]> = Vec::with_capacity(VECTORS);
    all_vectors(8, MAX_TILES, &mut [0; 9], &mut vectors);
    debug_assert_eq!(vectors.len(), VECTORS);

    // Marks: bit `layer` set when the vector fits under a target of that layer.
    let mut fits = vec![0u16; vectors.len()];
    let shapes = meld_shapes();
    targets(&shapes, &mut [0; 9], 4, 0, 0, &mut |t, layer| {
        fits[index(t)] |= 1 << layer;
    });
    let mut lower = [0usize; 9];
    for i in (0..vectors.len()).rev() {
        let marks = fits[i];
        if marks == 0 {
            continue;
        }
        let h = &vectors[i];
        lower_neighbours(h, &mut lower);
        for r in 0..9 {
            if h[r] > 0 {
                fits[lower[r]] |= marks;
            }
        }
    }

    // The costs, from the smallest vectors up.
    let mut table = vec![0u64; vectors.len()];
    for i in 0..vectors.len() {
        let h = &vectors[i];
        let size: u8 = h.iter().sum();
        let mut entry = u64::MAX;
        if fits[i] != (1 << LAYERS) - 1 {
            lower_neighbours(h, &mut lower);
            for r in 0..9 {
                if h[r] > 0 {
                    entry = lane_min(entry & !GUARDS, table[lower[r]]);
                }
            }
        }
        for layer in 0..LAYERS {
            if fits[i] & (1 << layer) != 0 {
                let lacking = 3 * (layer / 2) as u8 + 2 * (layer % 2) as u8 - size;
                entry &= !(0x1f << (LANE * layer));
                entry |= u64::from(lacking) << (LANE * layer);
            }
        }
        table[i] = entry & ((1 << (LANE * LAYERS)) - 1);
    }
    table.into_boxed_slice()
}

/// Adds groups that touch no held tile, at their fixed price (3 a meld, 2 the pair), to
/// costs that may lack them: such a group fits wherever the hand leaves room, and some
/// kind always has room (34 kinds, at most 14 tiles aimed at and four melds laid apart).
pub(super) fn with_free_groups(mut c: Costs) -> Costs {
    c[1] = c[1].min(c[0] + 2);
    for m in 1..=4 {
        c[2 * m] = c[2 * m].min(c[2 * m - 2] + 3);
        c[2 * m + 1] = c[2 * m + 1].min(c[2 * m - 1] + 3).min(c[2 * m] + 2);
    }
    c
}

/// Whether the limits `cap` cannot change the costs of the counts `h`, so that the table
/// answers: at no limited kind can the groups that matter ask for more copies than it
/// allows. The groups that matter hold some held kind (the others are free groups, placed
/// wherever there is room), a triplet or the pair only where a copy is held, and no more
/// sequences from one rank than the most copies held of its three kinds (see
/// [`capped_costs`]).
pub(super) fn limits_cannot_bind(h: &[u8; 9], cap: &[u8; 9]) -> bool {
    // Sequences that matter beginning on each rank.
    let begun: [u8; 9] = core::array::from_fn(|r| {
        if r < 7 {
            h[r].max(h[r + 1]).max(h[r + 2])
        } else {
            0
        }
    });
    (0..9).all(|j| {
        if cap[j] >= 4 {
            return true;
        }
        let triplet = if h[j] > 0 { 3 } else { 0 };
        let sequences: u8 = begun[j.saturating_sub(2)..=j].iter().sum();
        (triplet + sequences).min(4) <= cap[j]
    })
}

/// Packed costs with every lane at 15: no way (real costs are at most 14).
const ALL_UNSET: u64 = ONES * 15;

/// The fifty bits of the ten lanes.
const FULL: u64 = (1 << (LANE * LAYERS)) - 1;

/// A 1 in every lane.
const ONES: u64 = GUARDS >> 4;

/// The lanes of the layers without the pair.
const WITHOUT_PAIR: u64 = {
    let mut m = 0u64;
    let mut layer = 0;
    while layer < LAYERS {
        m |= 0x1f << (LANE * layer);
        layer += 2;
    }
    m
};

/// Triplet and pair begun on a rank, none first.
const GROUPS: [(usize, usize); 4] = [(0, 0), (0, 1), (1, 0), (1, 1)];

/// A state's sequences begun one and two ranks below.
const BEGUN: [(u8, u8); 25] = {
    let mut b = [(0, 0); 25];
    let mut s = 0;
    while s < 25 {
        b[s] = ((s / 5) as u8, (s % 5) as u8);
        s += 1;
    }
    b
};

/// The costs `c` after `grow` more melds and `pair` more pairs, each lane moved up by
/// `2 * grow + pair` layers (a lane with the pair cannot take another), plus `lacking`,
/// lanes at 15 or more brought back to 15.
#[inline]
fn shifted(c: u64, grow: usize, pair: bool, lacking: u8) -> u64 {
    let c = if pair {
        (c & WITHOUT_PAIR) | (ALL_UNSET & !WITHOUT_PAIR)
    } else {
        c
    };
    let by = LANE * (2 * grow + usize::from(pair));
    let moved = ((c << by) | (ALL_UNSET & ((1 << by) - 1))) & FULL;
    let sum = moved + ONES * u64::from(lacking);
    let over = ((sum + ONES) & GUARDS) >> 4;
    (sum & !(over * 0x1f)) | (over * 0xf)
}

/// The costs of one suit's counts `h` when at most `cap[r]` copies of rank `r` may be held
/// (`h[r] ≤ cap[r] ≤ 4`), for up to `melds` melds: a dynamic programme over the ranks. Its
/// state is the number of sequences begun on each of the two ranks below (they still need
/// this rank), with the costs by layer packed as in the table.
///
/// Only groups that hold some held kind are tried, the others being added at their fixed
/// price by [`with_free_groups`]; so only the ranks from two below the lowest held tile to
/// two above the highest are visited. For the same reason no more sequences begin on a
/// rank than the most copies held of its three kinds: one more would lack all three of
/// its tiles, the price of a free meld.
pub(super) fn capped_costs(h: &[u8; 9], cap: &[u8; 9], melds: usize) -> Costs {
    let Some(lo) = h.iter().position(|&n| n > 0) else {
        return with_free_groups([0, NONE, NONE, NONE, NONE, NONE, NONE, NONE, NONE, NONE]);
    };
    let hi = 8 - h.iter().rev().position(|&n| n > 0).unwrap_or(0);
    // states[5 * x + y]: x sequences begun one rank below, y two ranks below; a state is
    // set when its bit is in `live`.
    let mut buffers = [[0u64; 25]; 2];
    let mut now = 0;
    buffers[now][0] = ALL_UNSET & !0x1f;
    let mut live: u32 = 1;
    for r in lo.saturating_sub(2)..=(hi + 2).min(8) {
        let here = h[r];
        let cap = usize::from(cap[r]);
        let max_new = if r < 7 {
            usize::from(here.max(h[r + 1]).max(h[r + 2])).min(melds)
        } else {
            0
        };
        let mut next_live = 0u32;
        let mut pending = live;
        while pending != 0 {
            let state = pending.trailing_zeros() as usize;
            pending &= pending - 1;
            let (x, y) = (usize::from(BEGUN[state].0), usize::from(BEGUN[state].1));
            let c = buffers[now][state];
            // (triplet, pair) begun on this rank: none, or any when a copy is held.
            for &(triplet, pair) in &GROUPS[..if here > 0 { 4 } else { 1 }] {
                let mut z = 0;
                while z <= max_new {
                    let demand = x + y + z + 3 * triplet + 2 * pair;
                    let grow = triplet + z;
                    if demand > cap || grow > melds {
                        break;
                    }
                    let lacking = (demand as u8).saturating_sub(here);
                    let to = 5 * z + x;
                    let v = shifted(c, grow, pair == 1, lacking);
                    let slot = &mut buffers[1 - now][to];
                    *slot = if next_live & (1 << to) == 0 {
                        v
                    } else {
                        lane_min(*slot, v)
                    };
                    next_live |= 1 << to;
                    z += 1;
                }
            }
        }
        now = 1 - now;
        live = next_live;
    }
    let last = if live & 1 == 0 {
        ALL_UNSET
    } else {
        buffers[now][0]
    };
    let costs = unpack(last).map(|c| if c >= 15 { NONE } else { c });
    with_free_groups(costs)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{RngExt, SeedableRng};
    use rand_pcg::Pcg64Mcg;

    /// The costs by brute force: every target of the suit within the caps.
    fn brute(h: &[u8; 9], cap: &[u8; 9]) -> Costs {
        let mut best = [NONE; LAYERS];
        let shapes = meld_shapes();
        targets(&shapes, &mut [0; 9], 4, 0, 0, &mut |t, layer| {
            if (0..9).all(|r| t[r] <= cap[r]) {
                let lacking: u8 = (0..9).map(|r| t[r].saturating_sub(h[r])).sum();
                best[layer] = best[layer].min(lacking);
            }
        });
        best
    }

    fn random_suit(rng: &mut Pcg64Mcg, tiles: usize) -> [u8; 9] {
        let mut h = [0u8; 9];
        let mut placed = 0;
        while placed < tiles {
            let r = rng.random_range(0..9);
            if h[r] < 4 {
                h[r] += 1;
                placed += 1;
            }
        }
        h
    }

    #[test]
    fn neighbours_are_indexed_as_index_does() {
        let mut rng = Pcg64Mcg::seed_from_u64(6);
        let mut lower = [0usize; 9];
        for _ in 0..2000 {
            let tiles = rng.random_range(0..=MAX_TILES);
            let h = random_suit(&mut rng, tiles);
            lower_neighbours(&h, &mut lower);
            for r in 0..9 {
                if h[r] > 0 {
                    let mut less = h;
                    less[r] -= 1;
                    assert_eq!(lower[r], index(&less), "{h:?} less rank {r}");
                }
            }
        }
    }

    #[test]
    fn the_index_numbers_every_vector_once_in_order() {
        assert_eq!(WITHIN[9][MAX_TILES] as usize, VECTORS);
        assert_eq!(index(&[0; 9]), 0);
        assert_eq!(index(&[0, 0, 0, 0, 0, 2, 4, 4, 4]), VECTORS - 1);
        // Neighbours in base-5 order get consecutive indices.
        assert_eq!(index(&[1, 0, 0, 0, 0, 0, 0, 0, 0]), 1);
        assert_eq!(index(&[0, 1, 0, 0, 0, 0, 0, 0, 0]), 5);
    }

    #[test]
    fn known_costs() {
        // 123 456 789 11: complete as three melds and a pair.
        let c = costs(&[3, 1, 1, 1, 1, 1, 1, 1, 1]);
        let three_melds_and_pair = 2 * 3 + 1;
        assert_eq!(c[three_melds_and_pair], 0);
        // Nothing held: a meld lacks 3, a pair 2.
        let c = costs(&[0; 9]);
        assert_eq!(c, [0, 2, 3, 5, 6, 8, 9, 11, 12, 14]);
        // 1111: a triplet and a pair would need a fifth 1, so 111 + 22 (or 11 + 123).
        let c = costs(&[4, 0, 0, 0, 0, 0, 0, 0, 0]);
        let (one_meld, one_meld_and_pair) = (2, 3);
        assert_eq!(c[one_meld_and_pair], 2);
        assert_eq!(c[one_meld], 0);
    }

    #[test]
    fn the_table_agrees_with_brute_force() {
        let mut rng = Pcg64Mcg::seed_from_u64(7);
        for _ in 0..300 {
            let tiles = rng.random_range(0..=MAX_TILES);
            let h = random_suit(&mut rng, tiles);
            assert_eq!(costs(&h), brute(&h, &[4; 9]), "{h:?}");
        }
    }

    #[test]
    fn every_table_entry_agrees_with_the_programme() {
        let mut vectors = Vec::new();
        all_vectors(8, MAX_TILES, &mut [0; 9], &mut vectors);
        assert_eq!(vectors.len(), VECTORS);
        for (i, h) in vectors.iter().enumerate() {
            assert_eq!(index(h), i);
            assert_eq!(costs(h), capped_costs(h, &[4; 9], 4), "{h:?}");
        }
    }

    #[test]
    fn limits_that_cannot_bind_leave_the_table_right() {
        let mut rng = Pcg64Mcg::seed_from_u64(9);
        let (mut free, mut bound) = (0, 0);
        for _ in 0..3000 {
            let tiles = rng.random_range(0..=8);
            let h = random_suit(&mut rng, tiles);
            // Limits as melds laid apart leave them: a triplet's kind, or a sequence's three.
            let mut cap = [4u8; 9];
            for _ in 0..rng.random_range(1..=2) {
                let r = rng.random_range(0..9);
                if rng.random_range(0..2) == 0 && r < 7 {
                    for c in &mut cap[r..r + 3] {
                        *c = c.saturating_sub(1);
                    }
                } else {
                    cap[r] = cap[r].saturating_sub(3);
                }
            }
            if (0..9).any(|r| h[r] > cap[r]) {
                continue;
            }
            if limits_cannot_bind(&h, &cap) {
                free += 1;
                assert_eq!(costs(&h), capped_costs(&h, &cap, 4), "{h:?} {cap:?}");
            } else {
                bound += 1;
            }
        }
        assert!(free > 300 && bound > 300, "{free} free, {bound} bound");
    }

    #[test]
    fn the_capped_programme_agrees_with_brute_force() {
        let mut rng = Pcg64Mcg::seed_from_u64(8);
        for _ in 0..300 {
            let tiles = rng.random_range(0..=11);
            let h = random_suit(&mut rng, tiles);
            let cap: [u8; 9] = core::array::from_fn(|r| rng.random_range(h[r]..=4));
            // Groups touching no held tile may sit in another block: their price is added
            // to the suit's own costs.
            let exact = with_free_groups(brute(&h, &cap));
            assert_eq!(capped_costs(&h, &cap, 4), exact, "{h:?} {cap:?}");
            assert_eq!(capped_costs(&h, &[4; 9], 4), costs(&h), "{h:?}");
            // Fewer melds asked: the same costs up to them.
            let three = capped_costs(&h, &cap, 3);
            assert_eq!(three[..8], exact[..8], "{h:?} {cap:?}");
        }
    }
}
