//! The table of lost positions, keyed by the tiles left.

use super::bits::Bits;

/// A set of positions (by their present tiles) proved lost: open addressing, linear
/// probing; the empty position (a win) marks empty slots.
pub(super) struct LostSet<const W: usize> {
    slots: Vec<Bits<W>>,
    len: usize,
}

impl<const W: usize> LostSet<W> {
    /// Memory cap for the table, in bytes (past it, new positions are not recorded).
    const MAX_BYTES: usize = 64 << 20;

    pub(super) fn new() -> LostSet<W> {
        LostSet {
            slots: vec![[0; W]; 1024],
            len: 0,
        }
    }

    #[inline]
    fn hash(key: &Bits<W>) -> usize {
        let mut h = 0u64;
        for &w in key {
            h = (h ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(23);
        }
        // SplitMix64's finaliser: every key bit reaches the low (index) bits.
        h = (h ^ (h >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        h = (h ^ (h >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (h ^ (h >> 31)) as usize
    }

    pub(super) fn contains(&self, key: &Bits<W>) -> bool {
        let mask = self.slots.len() - 1;
        let mut i = Self::hash(key) & mask;
        loop {
            let s = &self.slots[i];
            if s == key {
                return true;
            }
            if s.iter().all(|&w| w == 0) {
                return false;
            }
            i = (i + 1) & mask;
        }
    }

    pub(super) fn insert(&mut self, key: Bits<W>) {
        if key.iter().all(|&w| w == 0) {
            return;
        }
        if 2 * (self.len + 1) > self.slots.len() {
            if 2 * self.slots.len() * core::mem::size_of::<Bits<W>>() > Self::MAX_BYTES {
                return;
            }
            let bigger = vec![[0; W]; 2 * self.slots.len()];
            let old = std::mem::replace(&mut self.slots, bigger);
            self.len = 0;
            for k in old {
                if k.iter().any(|&w| w != 0) {
                    self.put(k);
                }
            }
        }
        self.put(key);
    }

    fn put(&mut self, key: Bits<W>) {
        let mask = self.slots.len() - 1;
        let mut i = Self::hash(&key) & mask;
        loop {
            let s = &mut self.slots[i];
            if *s == key {
                return;
            }
            if s.iter().all(|&w| w == 0) {
                *s = key;
                self.len += 1;
                return;
            }
            i = (i + 1) & mask;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remembers_what_it_is_given_across_growth() {
        let mut lost = LostSet::<2>::new();
        let keys: Vec<Bits<2>> = (1..3000u64).map(|i| [i.wrapping_mul(0x9E37), i]).collect();
        for &k in &keys {
            lost.insert(k);
        }
        assert!(keys.iter().all(|k| lost.contains(k)));
        assert!(!lost.contains(&[1, 0]));
        assert_eq!(lost.len, keys.len());
        // The empty position marks empty slots: it is never recorded.
        lost.insert([0, 0]);
        assert_eq!(lost.len, keys.len());
    }
}
