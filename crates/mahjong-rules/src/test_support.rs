//! Helpers of the unit tests: hands and tiles from their notation.

use mahjong_tiles::Tile;

use crate::hand::Hand;

/// The hand written `s`; panics (failing the test) if it does not parse.
pub(crate) fn h(s: &str) -> Hand {
    s.parse().unwrap_or_else(|e| panic!("{s:?}: {e}"))
}

/// The tile written `s`; panics (failing the test) if it does not parse.
pub(crate) fn t(s: &str) -> Tile {
    s.parse().unwrap_or_else(|e| panic!("{s:?}: {e}"))
}
