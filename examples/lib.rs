//! The library of the workspace's examples: what they share ([`cli`]), and the logic of each
//! example, kept apart from its `main` so the tests of this package call it directly.
//!
//! It also doc-tests the root README, so that the code a reader copies from it compiles and runs.

pub mod cli;
pub mod grade;

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct RootReadme;
