//! The five layouts of the rules page, shipped with the crate as data.

use core::fmt;
use core::str::FromStr;

use super::Layout;

/// One of the five layouts of the rules page, shipped with the crate as data.
///
/// Each is a file of the crate's text format in the crate's `layouts/` folder, compiled in.
/// Their geometry comes from the boards of the ffalt/mah project (Copyright (c) 2016 ffalt,
/// MIT licence; the licence text is `layouts/LICENSE-ffalt-mah` in the crate). All have 144
/// positions.
///
/// | layout | layers | the rules page says | this board |
/// |---|---|---|---|
/// | Turtle | 5 | broad, roughly rectangular, tall central stack tapering to the edges, 4–5 layers, the default | the classic: 87 + 36 + 16 + 4 + 1 tiles, one tile on top, three tiles out on the sides of the middle rows |
/// | Pyramid | 3 | wide base, a single tile or small group on top, fewer layers, more tiles per layer | 10 × 9 base, 7 × 6, then 4 × 3 on top |
/// | Fortress | 4 | several separate stacks arranged like a castle | four 4-layer corner towers joined by 2-layer walls around an empty court |
/// | Bridge | 3 | two large groups joined by a narrow "bridge" in the centre, a bottleneck | two 3-layer wings; between them a 2-layer diamond whose single-tile-high arm crosses the middle (a one-tile gap separates it from each wing) |
/// | Spider | 4 | a central body with legs reaching out; many free tiles at the leg ends | a 4-layer body and eight thin legs |
///
/// ```
/// use mahjong_solitaire::BuiltinLayout;
///
/// for b in BuiltinLayout::ALL {
///     assert_eq!(b.layout().len(), 144);
/// }
/// let turtle = BuiltinLayout::Turtle.layout();
/// assert_eq!((turtle.name(), turtle.depth()), ("Turtle", 5));
/// assert_eq!("spider".parse::<BuiltinLayout>(), Ok(BuiltinLayout::Spider));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum BuiltinLayout {
    /// The classic 144-tile Turtle, 5 layers (the usual default).
    Turtle,
    /// A three-layer pyramid.
    Pyramid,
    /// Four corner towers joined by walls.
    Fortress,
    /// Two wings with a narrow piece between them.
    Bridge,
    /// A body with eight legs.
    Spider,
}

const TURTLE: &str = include_str!("../../layouts/turtle.txt");
const PYRAMID: &str = include_str!("../../layouts/pyramid.txt");
const FORTRESS: &str = include_str!("../../layouts/fortress.txt");
const BRIDGE: &str = include_str!("../../layouts/bridge.txt");
const SPIDER: &str = include_str!("../../layouts/spider.txt");

impl BuiltinLayout {
    /// The five layouts, in the rules page's order.
    ///
    /// ```
    /// use mahjong_solitaire::BuiltinLayout;
    /// assert_eq!(BuiltinLayout::ALL.map(BuiltinLayout::key), ["turtle", "pyramid", "fortress", "bridge", "spider"]);
    /// ```
    pub const ALL: [BuiltinLayout; 5] = [
        BuiltinLayout::Turtle,
        BuiltinLayout::Pyramid,
        BuiltinLayout::Fortress,
        BuiltinLayout::Bridge,
        BuiltinLayout::Spider,
    ];

    /// The lowercase name used on command lines (`turtle`, `pyramid`, …), which `FromStr`
    /// reads back in any case.
    ///
    /// ```
    /// use mahjong_solitaire::BuiltinLayout;
    /// assert_eq!(BuiltinLayout::Fortress.key(), "fortress");
    /// assert_eq!("Fortress".parse::<BuiltinLayout>(), Ok(BuiltinLayout::Fortress));
    /// assert!("tortue".parse::<BuiltinLayout>().is_err());
    /// ```
    pub const fn key(self) -> &'static str {
        match self {
            BuiltinLayout::Turtle => "turtle",
            BuiltinLayout::Pyramid => "pyramid",
            BuiltinLayout::Fortress => "fortress",
            BuiltinLayout::Bridge => "bridge",
            BuiltinLayout::Spider => "spider",
        }
    }

    /// The layout's file in the crate's text format.
    ///
    /// ```
    /// use mahjong_solitaire::BuiltinLayout;
    /// assert!(BuiltinLayout::Bridge.source().contains("name: Bridge"));
    /// ```
    pub const fn source(self) -> &'static str {
        match self {
            BuiltinLayout::Turtle => TURTLE,
            BuiltinLayout::Pyramid => PYRAMID,
            BuiltinLayout::Fortress => FORTRESS,
            BuiltinLayout::Bridge => BRIDGE,
            BuiltinLayout::Spider => SPIDER,
        }
    }

    /// The layout (parsed from [`source`](Self::source); the files are checked by the tests).
    ///
    /// ```
    /// use mahjong_solitaire::BuiltinLayout;
    /// let pyramid = BuiltinLayout::Pyramid.layout();
    /// assert_eq!((pyramid.name(), pyramid.len(), pyramid.depth()), ("Pyramid", 144, 3));
    /// ```
    pub fn layout(self) -> Layout {
        // The sources are fixed at compile time and parsed by the unit tests below, so this
        // cannot fail at run time.
        self.source()
            .parse()
            .unwrap_or_else(|e| unreachable!("built-in layout {} is valid: {e}", self.key()))
    }
}

impl fmt::Display for BuiltinLayout {
    /// Writes the lowercase key (`turtle`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// A name that is not one of the built-in layouts' (see [`BuiltinLayout::key`]). It keeps
/// the start of the name only, so a huge text is never copied whole.
///
/// ```
/// use mahjong_solitaire::{BuiltinLayout, ParseMoveError};
/// let err = "tortue".parse::<BuiltinLayout>().unwrap_err();
/// assert_eq!((err.name.as_str(), err.length), ("tortue", 6));
/// assert!(err.to_string().contains("expected turtle, pyramid"));
/// let err = "x".repeat(100_000).parse::<BuiltinLayout>().unwrap_err();
/// assert_eq!((err.name.len(), err.length), (ParseMoveError::EXCERPT, 100_000));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown layout {name:?} ({length} bytes): expected turtle, pyramid, fortress, bridge or spider"
)]
pub struct ParseBuiltinLayoutError {
    /// The start of the name given (at most
    /// [`ParseMoveError::EXCERPT`](crate::ParseMoveError::EXCERPT) characters).
    pub name: String,
    /// The length of the whole name, in bytes.
    pub length: usize,
}

impl FromStr for BuiltinLayout {
    type Err = ParseBuiltinLayoutError;

    /// Reads a key, in any case (`Turtle`, `turtle`).
    fn from_str(s: &str) -> Result<BuiltinLayout, ParseBuiltinLayoutError> {
        BuiltinLayout::ALL
            .into_iter()
            .find(|b| b.key().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseBuiltinLayoutError {
                name: s.chars().take(crate::ParseMoveError::EXCERPT).collect(),
                length: s.len(),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_parse_with_144_positions() {
        for b in BuiltinLayout::ALL {
            let l: Layout = b.source().parse().expect("valid built-in");
            assert_eq!(l.len(), 144, "{b}");
            assert_eq!(l.name().to_lowercase(), b.key());
            assert_eq!(b.key().parse::<BuiltinLayout>(), Ok(b));
        }
        assert!("tortue".parse::<BuiltinLayout>().is_err());
    }

    #[test]
    fn shapes_match_the_rules_page() {
        let layer_sizes = |b: BuiltinLayout| {
            let l = b.layout();
            let mut sizes = vec![0; usize::from(l.depth())];
            for p in l.positions() {
                sizes[usize::from(p.z)] += 1;
            }
            sizes
        };
        // Turtle: tall centre stack, one tile on top, 5 layers.
        assert_eq!(layer_sizes(BuiltinLayout::Turtle), [87, 36, 16, 4, 1]);
        // Pyramid: fewer layers, more tiles per layer, a small group on top.
        assert_eq!(layer_sizes(BuiltinLayout::Pyramid), [90, 42, 12]);
        assert_eq!(layer_sizes(BuiltinLayout::Fortress).len(), 4);
        assert_eq!(layer_sizes(BuiltinLayout::Bridge).len(), 3);
        assert_eq!(layer_sizes(BuiltinLayout::Spider).len(), 4);
        // Fortress: the four top-layer towers stand apart (no two top tiles touch).
        let f = BuiltinLayout::Fortress.layout();
        let top: Vec<_> = f.positions().iter().filter(|p| p.z == 3).collect();
        assert_eq!(top.len(), 16);
        let corners = |p: &&crate::Position| (p.x < 11, p.y < 8);
        for q in [(true, true), (true, false), (false, true), (false, false)] {
            assert_eq!(top.iter().filter(|p| corners(p) == q).count(), 4);
        }
    }
}
