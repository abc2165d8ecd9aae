//! Support crate of the workspace's examples; it only doc-tests the root README, so that the
//! code a reader copies from it compiles and runs.

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct RootReadme;
