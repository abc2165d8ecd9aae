//! The shapes every game of the Grilles & Tuiles crates shares: one game-state trait, one way
//! to bound a long call, and one error for a call that was stopped.
//!
//! - [`GameState`]: who acts ([`to_act`](GameState::to_act)), the end test
//!   ([`is_over`](GameState::is_over)), [`legal_moves`](GameState::legal_moves),
//!   [`check`](GameState::check) / [`is_legal`](GameState::is_legal) and a checked
//!   [`play`](GameState::play) that leaves the state unchanged on error. A sudoku being
//!   filled, a solitaire board, a Défi Sudoku game and a mahjong round or game all have this
//!   shape; [`perft`] and [`check_shape`] work on any of them.
//! - [`Limits`]: a budget of work units and a cancel flag, held by every bounded value
//!   (solver, generator, rater, dealer, searching player), which counts its work with a
//!   [`Meter`].
//! - [`Interrupted`]: the one error of a call stopped by its budget or its flag, naming its
//!   [`StopReason`] and its [`WorkUnit`]: the answer is unknown, never wrong.
//!
//! ```
//! use std::sync::Arc;
//! use std::sync::atomic::AtomicBool;
//! use grilles_game::{Interrupted, Limits, StopReason, WorkUnit};
//!
//! /// Sums 1..=n, one unit a term.
//! fn slow_sum(n: u64, limits: &Limits) -> Result<u64, Interrupted> {
//!     let mut meter = limits.meter(WorkUnit::Nodes);
//!     let mut sum = 0;
//!     for i in 1..=n {
//!         meter.spend(1)?;
//!         sum += i;
//!     }
//!     Ok(sum)
//! }
//!
//! assert_eq!(slow_sum(100, &Limits::new()), Ok(5050));
//! let stop = slow_sum(100, &Limits::new().budget(10)).unwrap_err();
//! assert_eq!(stop.reason(), StopReason::Budget);
//! let cancelled = Limits::new().cancel_flag(Arc::new(AtomicBool::new(true)));
//! assert!(slow_sum(100, &cancelled).unwrap_err().is_cancelled());
//! ```
//!
//! # Feature flags
//!
//! - `serde`: `Serialize`/`Deserialize` for [`Interrupted`], [`StopReason`] and [`WorkUnit`],
//!   and `capped`, the lists read under a cap by the serde forms of every crate.

#![cfg_attr(docsrs, feature(doc_cfg))]

#[cfg(feature = "serde")]
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
pub mod capped;
mod state;
mod stop;

pub use state::{GameState, ShapeError, check_shape, perft};
pub use stop::{Interrupted, Limits, Meter, StopReason, WorkUnit};

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
