//! Mahjong solitaire (Shanghai): layouts, the free-tile rule, moves and undo, solvable deals
//! by reverse placement, a fast solver, hints, shuffle, scoring, and pictures of the board.
//!
//! # Quick start
//!
//! ```
//! use mahjong_solitaire::{BuiltinLayout, Outcome, Solver, deal};
//! use rand::SeedableRng;
//! use rand_pcg::Pcg64Mcg;
//!
//! // Deal a Turtle that is sure to be winnable, from a seed.
//! let layout = BuiltinLayout::Turtle.layout();
//! let dealt = deal::solvable_deal(&layout, &mut Pcg64Mcg::seed_from_u64(2024))?;
//! let mut board = dealt.board;
//! assert_eq!(board.remaining(), 144);
//!
//! // Play: a move removes two free matching tiles.
//! let first = board.legal_moves()[0];
//! board.play(first)?;
//! board.undo();
//!
//! // Ask the solver for a winning sequence, and replay it.
//! let Outcome::Winnable(solution) = Solver::new().solve(&board).outcome else {
//!     panic!("a reverse-placement deal is winnable");
//! };
//! for m in solution {
//!     board.play(m)?;
//! }
//! assert!(board.is_won());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The rules
//!
//! As the French rules page "Les règles du mahjong solitaire" gives them (the crate's
//! modules call it "the rules page"):
//!
//! - 144 tiles ([`mahjong_tiles`]); suited tiles, winds and dragons pair with an identical
//!   tile, any flower with any flower, any season with any season ([`tiles_match`]).
//! - A tile is free when no tile on a higher layer overlaps it at all and its left or right
//!   side is clear ([`Position`] fixes the geometry: half-tile `x`, `y`, layer `z`).
//! - A move removes two free matching tiles. Empty board: won. Tiles left and no move: a
//!   dead end, where [`shuffle`] can redistribute the remaining tiles.
//!
//! # Randomness
//!
//! The functions that draw ([`random_deal`], [`solvable_deal`], [`Board::shuffle`]) take any
//! [`rand::Rng`] as their last argument and use `rand`'s own draws. Seeded deals use
//! `rand_pcg::Pcg64Mcg::seed_from_u64(seed)`; they stay the same within a `rand` minor
//! version (0.10.x). The solver draws nothing: a board always gets the same answer.
//!
//! # Modules
//!
//! | module | holds |
//! |---|---|
//! | [`layout`] | [`Position`], [`Layout`], the text format, KMahjongg import/export, the built-in layouts ([`BuiltinLayout`]) |
//! | [`matching`] | which tiles pair ([`tiles_match`], match classes) |
//! | [`board`] | [`Board`]: free tiles, [`Move`], legal moves, play and undo, selection, saved games ([`SavedGame`]) |
//! | [`deal`] | random deals and solvable deals by reverse placement |
//! | [`solver`] | [`Solver`]: winnable or not, a winning sequence, a budget |
//! | [`hint`] | a legal move, preferably one that keeps the board winnable |
//! | [`shuffle`] | redistribute the remaining tiles so that the board is winnable |
//! | [`score`] | pluggable scorers: none, time-based, move-based with combos, penalties |
//! | [`render`] | text (Unicode tiles) and SVG pictures |
//!
//! # Built-in layouts and their licence
//!
//! Turtle, Pyramid, Fortress, Bridge and Spider are shipped as data (`layouts/*.txt` in the
//! crate). Their geometry comes from the boards of the ffalt/mah project, Copyright (c) 2016
//! ffalt, under the MIT licence, whose text is in `layouts/LICENSE-ffalt-mah`.
//!
//! # Feature flags
//!
//! - `serde`: `Serialize`/`Deserialize` for positions, layouts (checked on reading, as
//!   [`Layout::new`] does), built-in layout names, moves, statuses, hints, solver outcomes,
//!   scoring events, and games: a [`Board`] is written as its [`SavedGame`] (layout, tiles,
//!   history, selection) and read back checked by [`Board::restore`], so a saved game
//!   restores exactly, undo included. Tiles go through their notation (`"5m"`).

pub mod board;
pub mod deal;
mod geometry;
pub mod hint;
pub mod layout;
pub mod matching;
pub mod render;
pub mod score;
pub mod shuffle;
pub mod solver;

pub use board::{
    Blocked, Board, BoardError, Move, ParseMoveError, PlayError, SavedGame, Selection, Status,
};
pub use deal::{DealError, SolvableDeal, random_deal, solvable_deal};
pub use hint::Hint;
pub use layout::{BuiltinLayout, KmahjonggError, Layout, LayoutError, ParseLayoutError, Position};
pub use matching::tiles_match;
pub use shuffle::ShuffleError;
pub use solver::{Outcome, Solve, Solver};

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
