//! The candidate board the techniques work on: values and candidate masks (bit `d − 1` for
//! digit `d`), kept up to date for free when a digit is placed.

use crate::layout::Layout;

/// Where a position breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Broken {
    /// An empty cell with no candidate left.
    NoCandidate(u16),
    /// A digit with no place left in a house.
    NoPlace(u16, u8),
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

/// Two givens clash: cell `a` and cell `b` hold the same digit in one house.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Clash {
    pub a: usize,
    pub b: usize,
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
    /// Candidates from the values; a clash of two givens is an error.
    pub fn new(lay: &Layout, values: &[u8]) -> Result<State, Clash> {
        let mut st = State {
            values: vec![0; lay.ncells],
            cand: vec![lay.full; lay.ncells],
            empty: lay.ncells,
        };
        for (c, &v) in values.iter().enumerate() {
            if v != 0 {
                if st.cand[c] & bit(v) == 0 {
                    let b = lay
                        .peers(c)
                        .iter()
                        .map(|&p| p as usize)
                        .find(|&p| st.values[p] == v)
                        .unwrap_or(c);
                    return Err(Clash { a: b.min(c), b: b.max(c) });
                }
                st.place(lay, c, v);
            }
        }
        Ok(st)
    }

    /// Puts `d` in `c` and removes it from the peers.
    #[inline]
    pub fn place(&mut self, lay: &Layout, c: usize, d: u8) {
        self.values[c] = d;
        self.cand[c] = 0;
        self.empty -= 1;
        let m = !bit(d);
        for &p in lay.peers(c) {
            self.cand[p as usize] &= m;
        }
    }

    /// Removes candidate `d` from `c`; true if it was there.
    #[inline]
    pub fn eliminate(&mut self, c: usize, d: u8) -> bool {
        let had = self.cand[c] & bit(d) != 0;
        self.cand[c] &= !bit(d);
        had
    }

    /// Places naked and hidden singles until none is left or the position breaks. Each
    /// placement is pushed on `record` when given. `limit` caps the placements (then `Stuck`).
    ///
    /// When `stack` holds cells on entry, they are taken as the only naked singles to start
    /// from (the caller knows there are no others); when it is empty every cell is scanned.
    /// The stack is empty on return.
    pub fn propagate_singles(
        &mut self,
        lay: &Layout,
        stack: &mut Vec<u16>,
        record: Option<&mut Vec<(u16, u8)>>,
        limit: usize,
        placed: &mut usize,
    ) -> Outcome {
        let out = self.propagate_inner(lay, stack, record, limit, placed);
        stack.clear();
        out
    }

    fn propagate_inner(
        &mut self,
        lay: &Layout,
        stack: &mut Vec<u16>,
        mut record: Option<&mut Vec<(u16, u8)>>,
        limit: usize,
        placed: &mut usize,
    ) -> Outcome {
        *placed = 0;
        let seeded = !stack.is_empty();
        for c in (0..lay.ncells).filter(|_| !seeded) {
            if self.values[c] == 0 {
                match self.cand[c].count_ones() {
                    0 => return Outcome::Broken(Broken::NoCandidate(c as u16)),
                    1 => stack.push(c as u16),
                    _ => {}
                }
            }
        }
        loop {
            while let Some(c) = stack.pop() {
                let c = c as usize;
                if self.values[c] != 0 {
                    continue;
                }
                let m = self.cand[c];
                if m == 0 {
                    return Outcome::Broken(Broken::NoCandidate(c as u16));
                }
                if *placed >= limit {
                    return Outcome::Stuck;
                }
                let d = first_digit(m);
                if let Some(r) = record.as_deref_mut() {
                    r.push((c as u16, d));
                }
                *placed += 1;
                self.values[c] = d;
                self.cand[c] = 0;
                self.empty -= 1;
                let b = bit(d);
                for &p in lay.peers(c) {
                    let q = &mut self.cand[p as usize];
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
            'houses: for &h in &lay.single_order {
                let mut once = 0u32;
                let mut twice = 0u32;
                let mut done = 0u32;
                let cells = lay.house(h as usize);
                for &c in cells {
                    let m = self.cand[c as usize];
                    twice |= once & m;
                    once |= m;
                    let v = self.values[c as usize];
                    if v != 0 {
                        done |= bit(v);
                    }
                }
                let missing = lay.full & !(once | done);
                if missing != 0 {
                    return Outcome::Broken(Broken::NoPlace(h, first_digit(missing)));
                }
                let single = once & !twice;
                if single != 0 {
                    let d = first_digit(single);
                    for &c in cells {
                        if self.cand[c as usize] & bit(d) != 0 {
                            found = Some((c, d));
                            break 'houses;
                        }
                    }
                }
            }
            match found {
                None => return Outcome::Stuck,
                Some((c, d)) => {
                    self.cand[c as usize] = bit(d);
                    stack.push(c);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clash_is_reported() {
        let lay = Layout::classic(2, 2, false);
        let mut v = vec![0u8; 16];
        v[0] = 1;
        v[5] = 1;
        assert_eq!(State::new(&lay, &v), Err(Clash { a: 0, b: 5 }));
    }

    #[test]
    fn singles_solve_an_easy_4x4() {
        let lay = Layout::classic(2, 2, false);
        // 1 2 | 3 4 / 3 4 | 1 2 / 2 1 | 4 3 / 4 3 | 2 1 with holes.
        let v = [1, 0, 3, 0, 0, 4, 0, 2, 2, 0, 4, 0, 0, 3, 0, 1];
        let mut st = State::new(&lay, &v).unwrap();
        let mut stack = Vec::new();
        let mut rec = Vec::new();
        assert_eq!(
            st.propagate_singles(&lay, &mut stack, Some(&mut rec), usize::MAX, &mut 0),
            Outcome::Solved
        );
        assert_eq!(rec.len(), 8);
        assert_eq!(st.values, [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]);
    }
}
