//! grilles' integration tests: the games driven by keys through the library, drawn on
//! ratatui's test backend, the real binary in a pseudo-terminal, and the web front over a
//! socket and in a real browser.

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
mod sudoku_play;
mod variants;
mod web_api;
mod web_browser;
mod web_common;
mod web_load;
