//! grilles' integration tests: the games driven by keys through the library, drawn on
//! ratatui's test backend, and the real binary in a pseudo-terminal.

mod common;
mod defi;
mod dump;
mod mahjong;
mod pty;
mod solitaire;
mod sudoku;
