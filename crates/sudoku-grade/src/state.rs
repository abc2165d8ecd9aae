//! The candidates the techniques work on: values and candidate masks (bit `d − 1` for digit
//! `d`) of every cell, kept up to date for free when a digit is placed.

use sudoku_core::{Cell, House};

use crate::rules::Rules;

/// Where a position breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Broken {
    /// An empty cell with no candidate left.
    NoCandidate(Cell),
    /// A digit with no place left in a house.
    NoPlace(House, u8),
}

/// Values and candidates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct State {
    /// 0 = empty, 1..=N.
    pub values: Vec<u8>,
    /// Candidates of each empty cell (0 for a filled cell).
    pub cand: Vec<u32>,
    /// Empty cells left.
    pub empty: usize,
}

#[inline]
pub(crate) fn bit(d: u8) -> u32 {
    1 << (d - 1)
}

/// The digits of a mask, lowest first.
#[inline]
pub(crate) fn digits(mut m: u32) -> impl Iterator<Item = u8> {
    core::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let d = m.trailing_zeros() as u8 + 1;
            m &= m - 1;
            Some(d)
        }
    })
}

/// The lowest digit of a non-empty mask.
#[inline]
pub(crate) fn first_digit(m: u32) -> u8 {
    m.trailing_zeros() as u8 + 1
}

/// What a singles propagation ended with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// The position broke.
    Broken(Broken),
    /// No single left.
    Stuck,
    /// Every cell filled.
    Solved,
}

impl State {
    /// Candidates from the values of a valid puzzle (no digit twice in a house, every value
    /// in 1..=N).
    pub fn new(rules: &Rules, values: &[u8]) -> State {
        let mut st = State {
            values: vec![0; rules.ncells],
            cand: vec![rules.full; rules.ncells],
            empty: rules.ncells,
        };
        for (c, &v) in values.iter().enumerate() {
            if v != 0 {
                debug_assert!(st.cand[c] & bit(v) != 0, "a clash in a validated puzzle");
                st.place(rules, Cell::new(c), v);
            }
        }
        st
    }

    /// Puts `d` in `c` and removes it from the peers.
    #[inline]
    pub fn place(&mut self, rules: &Rules, c: Cell, d: u8) {
        self.values[c.index()] = d;
        self.cand[c.index()] = 0;
        self.empty -= 1;
        let m = !bit(d);
        for &p in rules.geo.peers(c) {
            self.cand[p.index()] &= m;
        }
    }

    /// Removes candidate `d` from `c`.
    #[inline]
    pub fn eliminate(&mut self, c: Cell, d: u8) {
        self.cand[c.index()] &= !bit(d);
    }

    /// Places naked and hidden singles until none is left or the position breaks. Each
    /// placement is pushed on `record` when given. `limit` caps the placements (then `Stuck`).
    ///
    /// When `stack` holds cells on entry, they are taken as the only naked singles to start
    /// from (the caller knows there are no others); when it is empty every cell is scanned.
    /// The stack is empty on return.
    pub fn propagate_singles(
        &mut self,
        rules: &Rules,
        stack: &mut Vec<Cell>,
        record: Option<&mut Vec<(Cell, u8)>>,
        limit: usize,
        placed: &mut usize,
    ) -> Outcome {
        let out = self.propagate_inner(rules, stack, record, limit, placed);
        stack.clear();
        out
    }

    fn propagate_inner(
        &mut self,
        rules: &Rules,
        stack: &mut Vec<Cell>,
        mut record: Option<&mut Vec<(Cell, u8)>>,
        limit: usize,
        placed: &mut usize,
    ) -> Outcome {
        let geo = &*rules.geo;
        *placed = 0;
        let seeded = !stack.is_empty();
        for c in (0..rules.ncells).filter(|_| !seeded) {
            if self.values[c] == 0 {
                match self.cand[c].count_ones() {
                    0 => return Outcome::Broken(Broken::NoCandidate(Cell::new(c))),
                    1 => stack.push(Cell::new(c)),
                    _ => {}
                }
            }
        }
        loop {
            while let Some(cell) = stack.pop() {
                let c = cell.index();
                if self.values[c] != 0 {
                    continue;
                }
                let m = self.cand[c];
                if m == 0 {
                    return Outcome::Broken(Broken::NoCandidate(cell));
                }
                if *placed >= limit {
                    return Outcome::Stuck;
                }
                let d = first_digit(m);
                if let Some(r) = record.as_deref_mut() {
                    r.push((cell, d));
                }
                *placed += 1;
                self.values[c] = d;
                self.cand[c] = 0;
                self.empty -= 1;
                let b = bit(d);
                for &p in geo.peers(cell) {
                    let q = &mut self.cand[p.index()];
                    if *q & b != 0 {
                        *q &= !b;
                        match q.count_ones() {
                            0 => return Outcome::Broken(Broken::NoCandidate(p)),
                            1 => stack.push(p),
                            _ => {}
                        }
                    }
                }
            }
            if self.empty == 0 {
                return Outcome::Solved;
            }
            // Hidden singles, and digits with no place.
            let mut found = None;
            'houses: for &h in &rules.single_order {
                let mut once = 0u32;
                let mut twice = 0u32;
                let mut done = 0u32;
                let cells = geo.house(h);
                for &c in cells {
                    let m = self.cand[c.index()];
                    twice |= once & m;
                    once |= m;
                    let v = self.values[c.index()];
                    if v != 0 {
                        done |= bit(v);
                    }
                }
                let missing = rules.full & !(once | done);
                if missing != 0 {
                    return Outcome::Broken(Broken::NoPlace(h, first_digit(missing)));
                }
                let single = once & !twice;
                if single != 0 {
                    let d = first_digit(single);
                    for &c in cells {
                        if self.cand[c.index()] & bit(d) != 0 {
                            found = Some((c, d));
                            break 'houses;
                        }
                    }
                }
            }
            match found {
                None => return Outcome::Stuck,
                Some((c, d)) => {
                    self.cand[c.index()] = bit(d);
                    stack.push(c);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::{Geometry, Shape};

    #[test]
    fn singles_solve_an_easy_4x4() {
        let rules = Rules::new(Geometry::classic(Shape::new(2, 2).unwrap()));
        // 1 2 | 3 4 / 3 4 | 1 2 / 2 1 | 4 3 / 4 3 | 2 1 with holes.
        let v = [1, 0, 3, 0, 0, 4, 0, 2, 2, 0, 4, 0, 0, 3, 0, 1];
        let mut st = State::new(&rules, &v);
        let mut stack = Vec::new();
        let mut rec = Vec::new();
        assert_eq!(
            st.propagate_singles(&rules, &mut stack, Some(&mut rec), usize::MAX, &mut 0),
            Outcome::Solved
        );
        assert_eq!(rec.len(), 8);
        assert_eq!(st.values, [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]);
    }

    #[test]
    fn a_digit_without_place_breaks() {
        let rules = Rules::new(Geometry::classic(Shape::new(2, 2).unwrap()));
        // Row 1 holds 1 and 2, and columns 3 and 4 hold a 3 lower down: no place for 3 in
        // row 1.
        let v = [1, 2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 3, 0, 0, 0, 0];
        let mut st = State::new(&rules, &v);
        let out = st.propagate_singles(&rules, &mut Vec::new(), None, usize::MAX, &mut 0);
        assert!(matches!(out, Outcome::Broken(_)), "{out:?}");
    }
}
