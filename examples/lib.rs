//! The library of the workspace's examples: what they share ([`cli`]), and the logic of each
//! example, kept apart from its `main` so the tests of this package call it directly.
//!
//! It also doc-tests the root README, so that the code a reader copies from it compiles and runs.

pub mod canon;
pub mod cli;
pub mod defi;
pub mod generate;
pub mod grade;
pub mod ladder;
pub mod mahjong_game;
pub mod mahjong_ladder;
pub mod mahjong_pay;
pub mod mahjong_score;
pub mod solitaire;
pub mod solve;
pub mod tour;

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct RootReadme;
