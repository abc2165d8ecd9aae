//! The rater's own view of a geometry: houses as cell lists, plus the lookups the techniques
//! need at speed (peer bit sets, house intersections, rows and columns).
//!
//! Built once per shape and variant from any list of houses (see `adapter` for the bridge
//! from `sudoku-core`), then shared by every board of that geometry.

use crate::HouseKind;

/// Two houses whose intersection holds at least two cells (locked candidates live there).
#[derive(Clone, Debug)]
pub(crate) struct Intersection {
    /// First house.
    pub a: u16,
    /// Second house.
    pub b: u16,
    /// Positions (bit `i` = `i`-th cell of `a`) of the shared cells inside `a`.
    pub in_a: u32,
    /// Positions of the shared cells inside `b`.
    pub in_b: u32,
}

/// Houses and lookups of one geometry.
#[derive(Clone, Debug)]
pub(crate) struct Layout {
    /// Side N.
    pub n: usize,
    /// N × N.
    pub ncells: usize,
    /// Words of a cell bit set.
    words: usize,
    /// Kind of each house.
    pub kinds: Vec<HouseKind>,
    /// House `h` is `house_cells[h * n .. (h + 1) * n]`.
    house_cells: Vec<u16>,
    cell_houses: Vec<u16>,
    cell_house_start: Vec<u32>,
    peers: Vec<u16>,
    peer_start: Vec<u32>,
    peer_bits: Vec<u64>,
    /// House index of row `i` and column `i` (`u16::MAX` when missing).
    pub rows: Vec<u16>,
    /// House index of column `i`.
    pub cols: Vec<u16>,
    /// Pairs of houses sharing two cells or more.
    pub intersections: Vec<Intersection>,
    /// Houses in the order hidden singles are looked for: boxes and regions first.
    pub single_order: Vec<u16>,
    /// All N digits as a mask.
    pub full: u32,
}

impl Layout {
    /// Builds the lookups. Every house must hold N distinct cells of the grid (the caller
    /// validated that).
    pub fn new(n: usize, houses: &[(HouseKind, Vec<u16>)]) -> Layout {
        let ncells = n * n;
        let words = ncells.div_ceil(64);
        let mut kinds = Vec::with_capacity(houses.len());
        let mut house_cells = Vec::with_capacity(houses.len() * n);
        let mut rows = vec![u16::MAX; n];
        let mut cols = vec![u16::MAX; n];
        for (h, (kind, cells)) in houses.iter().enumerate() {
            debug_assert_eq!(cells.len(), n);
            kinds.push(*kind);
            house_cells.extend_from_slice(cells);
            match *kind {
                HouseKind::Row(i) if (i as usize) < n => rows[i as usize] = h as u16,
                HouseKind::Column(i) if (i as usize) < n => cols[i as usize] = h as u16,
                _ => {}
            }
        }
        let mut per_cell: Vec<Vec<u16>> = vec![Vec::new(); ncells];
        for (h, cells) in house_cells.chunks(n.max(1)).enumerate() {
            for &c in cells {
                per_cell[c as usize].push(h as u16);
            }
        }
        let mut cell_houses = Vec::new();
        let mut cell_house_start = vec![0u32];
        let mut peers = Vec::new();
        let mut peer_start = vec![0u32];
        let mut peer_bits = vec![0u64; ncells * words];
        for (c, hs) in per_cell.iter().enumerate() {
            cell_houses.extend_from_slice(hs);
            cell_house_start.push(cell_houses.len() as u32);
            let bits = &mut peer_bits[c * words..(c + 1) * words];
            for &h in hs {
                for &p in &house_cells[h as usize * n..(h as usize + 1) * n] {
                    bits[p as usize / 64] |= 1 << (p % 64);
                }
            }
            bits[c / 64] &= !(1 << (c % 64));
            for (w, &word) in bits.iter().enumerate() {
                let mut word = word;
                while word != 0 {
                    let b = word.trailing_zeros() as usize;
                    word &= word - 1;
                    peers.push((w * 64 + b) as u16);
                }
            }
            peer_start.push(peers.len() as u32);
        }
        // Intersections of two houses or more cells.
        let nh = kinds.len();
        let mut member = vec![u32::MAX; ncells];
        let mut intersections = Vec::new();
        for a in 0..nh {
            let cells_a = &house_cells[a * n..(a + 1) * n];
            for (i, &c) in cells_a.iter().enumerate() {
                member[c as usize] = i as u32;
            }
            for b in 0..nh {
                if a == b {
                    continue;
                }
                let mut in_a = 0u32;
                let mut in_b = 0u32;
                for (j, &c) in house_cells[b * n..(b + 1) * n].iter().enumerate() {
                    let i = member[c as usize];
                    if i != u32::MAX {
                        in_a |= 1 << i;
                        in_b |= 1 << j;
                    }
                }
                if in_a.count_ones() >= 2 && in_a.count_ones() < n as u32 {
                    intersections.push(Intersection {
                        a: a as u16,
                        b: b as u16,
                        in_a,
                        in_b,
                    });
                }
            }
            for &c in cells_a {
                member[c as usize] = u32::MAX;
            }
        }
        // Box-like houses first for hidden singles, then rows, columns, the rest.
        let class = |k: &HouseKind| match k {
            HouseKind::Box(_) | HouseKind::Region(_) => 0,
            HouseKind::Row(_) => 1,
            HouseKind::Column(_) => 2,
            _ => 3,
        };
        let mut single_order: Vec<u16> = (0..nh as u16).collect();
        single_order.sort_by_key(|&h| class(&kinds[h as usize]));
        let full = if n >= 32 { u32::MAX } else { (1u32 << n) - 1 };
        Layout {
            n,
            ncells,
            words,
            kinds,
            house_cells,
            cell_houses,
            cell_house_start,
            peers,
            peer_start,
            peer_bits,
            rows,
            cols,
            intersections,
            single_order,
            full,
        }
    }

    /// The layout of a `sudoku-core` geometry.
    pub fn from_geometry(geo: &sudoku_core::Geometry) -> Layout {
        let houses: Vec<(HouseKind, Vec<u16>)> = geo
            .houses()
            .map(|h| {
                let cells = geo.house(h).iter().map(|&c| u16::from(c)).collect();
                (geo.house_kind(h), cells)
            })
            .collect();
        Layout::new(geo.size(), &houses)
    }

    /// The classic geometry of `box_rows × box_cols` boxes, with the diagonals when `x`.
    #[cfg(test)]
    pub fn classic(box_rows: usize, box_cols: usize, x: bool) -> Layout {
        let shape = sudoku_core::Shape::new(box_rows, box_cols).unwrap();
        let variant = if x {
            sudoku_core::Variant::x()
        } else {
            sudoku_core::Variant::classic()
        };
        Layout::from_geometry(&sudoku_core::Geometry::new(shape, &variant).unwrap())
    }

    /// Number of houses.
    #[inline]
    pub fn house_count(&self) -> usize {
        self.kinds.len()
    }

    /// The N cells of house `h`.
    #[inline]
    pub fn house(&self, h: usize) -> &[u16] {
        &self.house_cells[h * self.n..(h + 1) * self.n]
    }

    /// The houses holding `cell`.
    #[inline]
    pub fn houses_of(&self, cell: usize) -> &[u16] {
        &self.cell_houses
            [self.cell_house_start[cell] as usize..self.cell_house_start[cell + 1] as usize]
    }

    /// The cells sharing a house with `cell`.
    #[inline]
    pub fn peers(&self, cell: usize) -> &[u16] {
        &self.peers[self.peer_start[cell] as usize..self.peer_start[cell + 1] as usize]
    }

    /// Do `a` and `b` share a house (`a != b`)?
    #[inline]
    pub fn sees(&self, a: usize, b: usize) -> bool {
        self.peer_bits[a * self.words + b / 64] >> (b % 64) & 1 != 0
    }

    /// Does house `h` hold `cell`?
    #[inline]
    pub fn house_has(&self, h: usize, cell: usize) -> bool {
        self.houses_of(cell).iter().any(|&x| x as usize == h)
    }

    /// Row and column of a cell.
    #[inline]
    pub fn row_col(&self, cell: usize) -> (usize, usize) {
        (cell / self.n, cell % self.n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classic_lookups() {
        let lay = Layout::classic(3, 3, false);
        assert_eq!(lay.house_count(), 27);
        assert_eq!(lay.peers(0).len(), 20);
        assert!(!lay.sees(0, 80) && lay.sees(0, 20) && lay.sees(0, 72));
        // Each box meets 3 rows and 3 columns in 3 cells: 54 pairs, both ways.
        assert_eq!(lay.intersections.len(), 108);
        assert_eq!(lay.rows[4], 4);
        assert_eq!(lay.cols[4], 13);
        let x = Layout::classic(3, 3, true);
        assert_eq!(x.peers(0).len(), 20 + 6);
        assert_eq!(x.peers(40).len(), 20 + 12);
        // The diagonals meet the three boxes they cross in three cells.
        assert_eq!(x.intersections.len(), 108 + 2 * 2 * 3);
    }
}
