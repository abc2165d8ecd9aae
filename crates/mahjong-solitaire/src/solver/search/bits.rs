//! Bit sets: over positions (`Bits<W>`, `W` words of 64 positions) and over the members of
//! one class (a `u64`, bit `l` for member `l`).

/// A set of positions.
pub(super) type Bits<const W: usize> = [u64; W];

/// Whether position `i` is in `b`.
#[inline]
pub(super) fn test<const W: usize>(b: &Bits<W>, i: usize) -> bool {
    b[i >> 6] >> (i & 63) & 1 != 0
}

/// Adds position `i` to `b`.
#[inline]
pub(super) fn set<const W: usize>(b: &mut Bits<W>, i: usize) {
    b[i >> 6] |= 1 << (i & 63);
}

/// Removes position `i` from `b`.
#[inline]
pub(super) fn clear<const W: usize>(b: &mut Bits<W>, i: usize) {
    b[i >> 6] &= !(1 << (i & 63));
}

/// The set bits of a mask, lowest first.
#[inline]
pub(super) fn bits(mut m: u64) -> impl Iterator<Item = usize> {
    core::iter::from_fn(move || {
        if m == 0 {
            return None;
        }
        let i = m.trailing_zeros() as usize;
        m &= m - 1;
        Some(i)
    })
}

/// The pair left of four members (as local indices, lowest first) when `a` and `b` go.
#[inline]
pub(super) fn rest(four: u64, a: usize, b: usize) -> (usize, usize) {
    let r = four & !(1 << a) & !(1 << b);
    (r.trailing_zeros() as usize, 63 - r.leading_zeros() as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_and_iteration() {
        let mut b: Bits<2> = [0; 2];
        set(&mut b, 3);
        set(&mut b, 70);
        assert!(test(&b, 3) && test(&b, 70) && !test(&b, 4));
        clear(&mut b, 3);
        assert_eq!(b, [0, 1 << 6]);
        assert_eq!(bits(0b1011_0000).collect::<Vec<_>>(), [4, 5, 7]);
        assert_eq!(rest(0b1111_0000, 4, 6), (5, 7));
    }
}
