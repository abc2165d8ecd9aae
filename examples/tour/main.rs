//! The main demo: every crate of the workspace doing its main job, in a few seconds.
//!
//! ```text
//! cargo run --release --example tour
//! ```
//!
//! Each section lives in its own module of this folder.

mod solitaire;
mod tiles;

fn main() {
    tiles::run();
    solitaire::run(&mut std::io::stdout().lock()).expect("stdout");
}
