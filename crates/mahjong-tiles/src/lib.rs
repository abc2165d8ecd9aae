//! The 144 tiles of mahjong: kinds and physical tiles, the 144- and 136-tile sets, scoring
//! classes, English and French names, Unicode glyphs, and a compact notation read and written
//! both ways.
//!
//! # Quick start
//!
//! ```
//! use mahjong_tiles::{Language, Tile, TileClass, TileSet, Tiles, Wind};
//!
//! // The notation: digits then a group letter (m p s z f y); whitespace is ignored.
//! let hand: Tiles = "19m 19p 19s 1234567z 1m".parse()?;
//! assert_eq!(hand.len(), 14);
//! assert_eq!(hand.to_string(), "119m 19p 19s 1234567z");
//!
//! // Kinds, classes and names.
//! let red: Tile = "7z".parse()?;
//! assert_eq!(red.class(), TileClass::Dragon);
//! assert_eq!(red.name(Language::English), "Red Dragon");
//! assert_eq!(red.glyph(), '🀄');
//!
//! // Flowers and seasons belong to winds.
//! assert_eq!("3f".parse::<Tile>()?.bonus_wind(), Some(Wind::West));
//!
//! // The physical sets.
//! assert_eq!(TileSet::Full.to_vec().len(), 144);
//! # Ok::<(), mahjong_tiles::ParseTileError>(())
//! ```
//!
//! # The notation
//!
//! | group | letter | numbers | examples |
//! |---|---|---|---|
//! | characters (Caractères) | `m` | 1–9 | `123m` |
//! | circles (Cercles) | `p` | 1–9 | `99p` |
//! | bamboos (Bambous) | `s` | 1–9 | `5s` |
//! | honours | `z` | 1 East, 2 South, 3 West, 4 North, 5 White, 6 Green, 7 Red | `1234z`, `777z` |
//! | flowers | `f` | 1 plum, 2 orchid, 3 bamboo, 4 chrysanthemum | `1f` |
//! | seasons | `y` | 1 spring, 2 summer, 3 autumn, 4 winter | `4y` |
//!
//! See [`Tiles`] for the grammar and [`ParseTileError`] for the errors, which name the
//! offending character and its position.
//!
//! # The crate
//!
//! | type | what it is |
//! |---|---|
//! | [`Tile`], [`TileKind`] ([`TileKindError`]), [`TileClass`] | a tile kind, what it is, its scoring class |
//! | [`Suit`], [`Wind`], [`Dragon`], [`Flower`], [`Season`] | the groups tiles belong to |
//! | [`TileSet`], [`PhysicalTile`] | the 144- or 136-tile set, one tile of it |
//! | [`Tiles`], [`parse_tiles`], [`ParseTileError`], [`ParseWindError`] | the notation |
//! | [`Language`], [`Tile::name`] | English and French names |
//! | [`Tile::glyph`], [`Tile::from_glyph`], [`TILE_BACK`] | Unicode glyphs |
//!
//! # Feature flags
//!
//! - `serde` (off by default): `Serialize`/`Deserialize` for every data type (the error types
//!   excepted). A [`Tile`] and [`Tiles`] go through their notation (`"5m"`, `"123m 55z"`), a
//!   [`PhysicalTile`] through its index (0–143); the enums ([`Suit`], [`Wind`], [`TileKind`],
//!   [`TileClass`], [`TileSet`], [`Language`]…) through their variant names.
#![cfg_attr(docsrs, feature(doc_cfg))]

mod groups;
mod names;
mod notation;
mod set;
mod tile;
mod unicode;

pub use groups::{Dragon, Flower, Season, Suit, Wind};
pub use names::Language;
pub use notation::{ParseTileError, ParseWindError, Tiles, parse_tiles};
pub use set::{PhysicalTile, PhysicalTileIndexError, TileSet};
pub use tile::{Tile, TileClass, TileKind, TileKindError};
pub use unicode::TILE_BACK;

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
