//! grilles' integration tests: the games driven by keys through the library, drawn on
//! ratatui's test backend, and the real binary in a pseudo-terminal.

mod common;
mod defi;
mod features;
mod hostile;
mod mahjong;
mod pty;
mod readme;
mod saves;
mod screens;
mod solitaire;
mod sudoku;
