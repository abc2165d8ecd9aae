//! Mahjong solitaire (Shanghai): layouts, the free-tile rule, moves and undo, solvable deals
//! by reverse placement, a fast solver, hints, shuffle, scoring, and pictures of the board.
//!
//! # Quick start
//!
//! ```
//! use mahjong_solitaire::{BuiltinLayout, Outcome, Solver, solvable_deal};
//! use rand::SeedableRng;
//! use rand_pcg::Pcg64Mcg;
//!
//! // Deal a Turtle that is sure to be winnable, from a seed.
//! let layout = BuiltinLayout::Turtle.layout();
//! let dealt = solvable_deal(&layout, &mut Pcg64Mcg::seed_from_u64(2024))?;
//! let mut board = dealt.board;
//! assert_eq!(board.remaining(), 144);
//!
//! // Play: a move removes two free matching tiles.
//! let first = board.legal_moves()[0];
//! board.play(first)?;
//! board.undo();
//!
//! // Ask the solver for a winning sequence, and replay it.
//! let Outcome::Winnable(solution) = Solver::new().solve(&board)?.outcome else {
//!     panic!("a reverse-placement deal is winnable");
//! };
//! for m in solution {
//!     board.play(m)?;
//! }
//! assert!(board.is_over() && board.is_cleared());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The rules
//!
//! As the French rules page "Les règles du mahjong solitaire" gives them (the crate's
//! docs call it "the rules page"):
//!
//! - 144 tiles ([`mahjong_tiles`]); suited tiles, winds and dragons pair with an identical
//!   tile, any flower with any flower, any season with any season ([`tiles_match`]).
//! - A tile is free when no tile on a higher layer overlaps it at all and its left or right
//!   side is clear ([`Position`] fixes the geometry: half-tile `x`, `y`, layer `z`).
//! - A move removes two free matching tiles. Empty board: won. Tiles left and no move: a
//!   dead end, where a shuffle ([`Board::shuffle`]) can redistribute the remaining tiles.
//!
//! # The crate
//!
//! | type | what it is |
//! |---|---|
//! | [`Layout`], [`Position`], [`BuiltinLayout`] | where the tiles stand: the crate's text format, KMahjongg import and export, the five built-in layouts |
//! | [`Board`], [`Move`] | a game: free tiles, legal moves, checked play ([`PlayError`]) and undo, selection ([`Selection`]), saved games ([`SavedGame`]); a [`GameState`] |
//! | [`random_deal`], [`solvable_deal`], [`ReversePlacement`] | random deals, and solvable deals (and shuffles) by reverse placement |
//! | [`Solver`] | winnable or not, a winning sequence, a [`Hint`] |
//! | [`score`] | pluggable scorers: none, time-based, move-based with combos, penalties |
//! | [`render`] | text (Unicode tiles) and SVG pictures |
//!
//! # Budgets and cancel flags
//!
//! The solver and the dealer have no limit unless given one, the same way: a budget
//! (`budget(impl Into<Option<u64>>)`, in search nodes for the solver and placement tries
//! for the dealer, see [`WorkUnit`]) and a cancel flag (`cancel_flag(Arc<AtomicBool>)`).
//! Either stops the call with [`Interrupted`] (naming its [`StopReason`]), never with a
//! wrong answer.
//!
//! # Randomness
//!
//! The functions that draw ([`random_deal`], [`solvable_deal`], [`ReversePlacement::deal`],
//! [`Board::shuffle`]) take any [`rand::Rng`] as their last argument and use `rand`'s own
//! draws. Seeded deals use `rand_pcg::Pcg64Mcg::seed_from_u64(seed)`; they stay the same
//! within a `rand` minor version (0.10.x). The solver draws nothing: a board always gets
//! the same answer.
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

#![cfg_attr(docsrs, feature(doc_cfg))]

mod board;
mod deal;
mod geometry;
mod hint;
mod layout;
mod matching;
pub mod render;
pub mod score;
mod shuffle;
mod solver;

pub use board::{
    Blocked, Board, BoardError, Move, ParseMoveError, PlacedTile, PlayError, SavedGame, Selection,
    Status,
};
pub use deal::{DealError, ReversePlacement, SolvableDeal, random_deal, solvable_deal};
pub use grilles_game::{GameState, Interrupted, StopReason, WorkUnit};
pub use hint::Hint;
pub use layout::{
    BuiltinLayout, KmahjonggError, Layout, LayoutError, ParseBuiltinLayoutError, ParseLayoutError,
    Position, ReadLayoutError, SyntaxError,
};
pub use matching::tiles_match;
pub use shuffle::ShuffleError;
pub use solver::{Analysis, Outcome, Solver};

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
