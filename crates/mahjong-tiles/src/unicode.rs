//! The Unicode characters of the Mahjong Tiles block (U+1F000–U+1F02B).

use crate::{Dragon, Tile, TileKind, Wind};

/// First code point of the block: East wind.
const BLOCK_START: u32 = 0x1F000;

impl Tile {
    /// The tile's Unicode character, from the Mahjong Tiles block.
    ///
    /// ```
    /// use mahjong_tiles::Tile;
    /// assert_eq!(Tile::EAST.glyph(), '🀀');
    /// assert_eq!("1m".parse::<Tile>()?.glyph(), '🀇');
    /// assert_eq!("7z".parse::<Tile>()?.glyph(), '🀄');
    /// # Ok::<(), mahjong_tiles::ParseTileError>(())
    /// ```
    pub const fn glyph(self) -> char {
        let offset = match self.kind() {
            TileKind::Wind(w) => w as u32,
            // The block orders dragons red, green, white.
            TileKind::Dragon(Dragon::Red) => 4,
            TileKind::Dragon(Dragon::Green) => 5,
            TileKind::Dragon(Dragon::White) => 6,
            TileKind::Suited { suit, rank } => {
                // The block orders suits characters, bamboos, circles.
                let base = match suit {
                    crate::Suit::Characters => 0x07,
                    crate::Suit::Bamboos => 0x10,
                    crate::Suit::Circles => 0x19,
                };
                base + rank as u32 - 1
            }
            TileKind::Flower(f) => 0x22 + f as u32,
            TileKind::Season(s) => 0x26 + s as u32,
        };
        match char::from_u32(BLOCK_START + offset) {
            Some(c) => c,
            None => '\u{FFFD}',
        }
    }

    /// The tile drawn by a Unicode character, if it is one of the block's 42 tile faces
    /// (the joker U+1F02A and the tile back U+1F02B are not tiles).
    ///
    /// ```
    /// use mahjong_tiles::{TILE_BACK, Tile};
    /// assert_eq!(Tile::from_glyph('🀄'), Some(Tile::RED));
    /// assert_eq!(Tile::from_glyph(TILE_BACK), None);
    /// assert_eq!(Tile::from_glyph('x'), None);
    /// ```
    pub const fn from_glyph(c: char) -> Option<Tile> {
        let code = c as u32;
        if code < BLOCK_START || code > BLOCK_START + 0x29 {
            return None;
        }
        let offset = code - BLOCK_START;
        let tile = match offset {
            0..=3 => Tile::wind(Wind::ALL[offset as usize]),
            4 => Tile::dragon(Dragon::Red),
            5 => Tile::dragon(Dragon::Green),
            6 => Tile::dragon(Dragon::White),
            0x07..=0x0F => return Tile::suited(crate::Suit::Characters, (offset - 0x06) as u8),
            0x10..=0x18 => return Tile::suited(crate::Suit::Bamboos, (offset - 0x0F) as u8),
            0x19..=0x21 => return Tile::suited(crate::Suit::Circles, (offset - 0x18) as u8),
            0x22..=0x25 => Tile::flower(crate::Flower::ALL[(offset - 0x22) as usize]),
            _ => Tile::season(crate::Season::ALL[(offset - 0x26) as usize]),
        };
        Some(tile)
    }
}

/// The Unicode character for the back of a tile (U+1F02B), for drawing hidden tiles.
///
/// ```
/// use mahjong_tiles::{TILE_BACK, Tile};
/// assert_eq!(TILE_BACK, '🀫');
/// assert!(Tile::from_glyph(TILE_BACK).is_none());
/// ```
pub const TILE_BACK: char = '\u{1F02B}';

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glyphs_cover_the_block_once() {
        let mut seen: Vec<u32> = Tile::ALL.iter().map(|t| t.glyph() as u32).collect();
        seen.sort_unstable();
        let expected: Vec<u32> = (0x1F000..=0x1F029).collect();
        assert_eq!(seen, expected);
        for t in Tile::ALL {
            assert_eq!(Tile::from_glyph(t.glyph()), Some(t));
        }
        assert_eq!(Tile::from_glyph('\u{1F02A}'), None);
        assert_eq!(Tile::from_glyph(TILE_BACK), None);
        assert_eq!(Tile::from_glyph('a'), None);
    }

    #[test]
    fn known_code_points() {
        let g = |s: &str| s.parse::<Tile>().unwrap().glyph() as u32;
        assert_eq!(g("5z"), 0x1F006); // white dragon
        assert_eq!(g("9m"), 0x1F00F);
        assert_eq!(g("1s"), 0x1F010);
        assert_eq!(g("9p"), 0x1F021);
        assert_eq!(g("1f"), 0x1F022); // plum
        assert_eq!(g("4y"), 0x1F029); // winter
    }
}
