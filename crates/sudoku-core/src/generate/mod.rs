//! The minimal-clue generator ([`Generator`]): the removal loops, their proof engines and
//! the certificates of minimality. The method is documented on [`Generator`].
//!
//! | module | holds |
//! |---|---|
//! | `symmetry` | [`Symmetry`] and its orbits |
//! | `generator` | [`Generator`] (settings and entry points), [`Generated`], [`GenerateProgress`], [`GenerateError`], the budget count |
//! | `removal` | the three removal loops and the choice between the two engines above 16×16 |
//! | `certificate` | [`Certificate`], [`check_minimality`] |
//! | `logic` | candidate logic for the path up to 16×16 |
//! | `bitsearch` | the search near the known solution (above 16×16) |
//! | `sat` | clause learning (above 16×16) |

mod bitsearch;
mod certificate;
mod generator;
mod logic;
mod removal;
mod sat;
mod symmetry;

pub use certificate::{Certificate, CertificateError, check_minimality};
pub use generator::{GenerateError, GenerateProgress, Generated, Generator};
pub use symmetry::{ParseSymmetryError, Symmetry};
