//! The neighbourhood of every position of a layout, computed once: which positions cover it,
//! which it covers, which touch its left and right sides. Boards, deals and the solver keep
//! counters over these lists instead of scanning the layout.

use std::collections::HashMap;

use crate::layout::{Layout, Position};

/// Compressed adjacency lists: the neighbours of position `i` are
/// `data[offsets[i]..offsets[i + 1]]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Adjacency {
    offsets: Vec<u32>,
    data: Vec<u16>,
}

impl Adjacency {
    fn build(n: usize, mut lists: impl FnMut(usize, &mut Vec<u16>)) -> Adjacency {
        let mut offsets = Vec::with_capacity(n + 1);
        let mut data = Vec::new();
        offsets.push(0);
        for i in 0..n {
            lists(i, &mut data);
            offsets.push(data.len() as u32);
        }
        Adjacency { offsets, data }
    }

    #[inline]
    pub(crate) fn get(&self, i: usize) -> &[u16] {
        &self.data[self.offsets[i] as usize..self.offsets[i + 1] as usize]
    }
}

/// A layout with its neighbourhoods.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Geometry {
    pub(crate) layout: Layout,
    /// Positions covering `i` (on higher layers, overlapping it).
    pub(crate) above: Adjacency,
    /// Positions `i` covers.
    pub(crate) below: Adjacency,
    /// Positions touching `i`'s left side.
    pub(crate) left: Adjacency,
    /// Positions touching `i`'s right side.
    pub(crate) right: Adjacency,
}

impl Geometry {
    pub(crate) fn new(layout: &Layout) -> Geometry {
        let positions = layout.positions();
        let n = positions.len();
        let index: HashMap<(u16, u16, u8), u16> = positions
            .iter()
            .enumerate()
            .map(|(i, p)| ((p.x, p.y, p.z), i as u16))
            .collect();
        let depth = layout.depth();
        let find = |x: i32, y: i32, z: u8| -> Option<u16> {
            if x < 0 || y < 0 || x > i32::from(u16::MAX) || y > i32::from(u16::MAX) {
                return None;
            }
            index.get(&(x as u16, y as u16, z)).copied()
        };
        let around = |p: Position, dx: i32, z: u8, out: &mut Vec<u16>| {
            for dy in -1..=1 {
                if let Some(j) = find(i32::from(p.x) + dx, i32::from(p.y) + dy, z) {
                    out.push(j);
                }
            }
        };
        let above = Adjacency::build(n, |i, out| {
            let p = positions[i];
            for z in p.z + 1..depth {
                for dx in -1..=1 {
                    around(p, dx, z, out);
                }
            }
        });
        let below = Adjacency::build(n, |i, out| {
            let p = positions[i];
            for z in 0..p.z {
                for dx in -1..=1 {
                    around(p, dx, z, out);
                }
            }
        });
        let left = Adjacency::build(n, |i, out| around(positions[i], -2, positions[i].z, out));
        let right = Adjacency::build(n, |i, out| around(positions[i], 2, positions[i].z, out));
        Geometry {
            layout: layout.clone(),
            above,
            below,
            left,
            right,
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.layout.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbourhoods_agree_with_position_rules() {
        let layout: Layout = "0 0: 0-6\n0 2: 1 5\n0 3: 9\n1 1: 2\n2 0: 3\n2 4: 8\n"
            .parse()
            .unwrap();
        let g = Geometry::new(&layout);
        let ps = layout.positions();
        for i in 0..ps.len() {
            for j in 0..ps.len() {
                let j16 = j as u16;
                assert_eq!(
                    g.above.get(i).contains(&j16),
                    ps[j].covers(ps[i]),
                    "{i} {j}"
                );
                assert_eq!(
                    g.below.get(i).contains(&j16),
                    ps[i].covers(ps[j]),
                    "{i} {j}"
                );
                assert_eq!(g.left.get(i).contains(&j16), ps[j].blocks_left_of(ps[i]));
                assert_eq!(g.right.get(i).contains(&j16), ps[j].blocks_right_of(ps[i]));
            }
        }
    }
}
