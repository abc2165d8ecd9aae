//! Game 2, Défi Sudoku: one or two people (hot seat) against one to four computer players,
//! with every option of the game (challenge, handicap, chrono with a visible countdown, two
//! against two, the final round's order), the quotas and the score table always in view,
//! "why?" on any entry, and the record saved, exported and replayed.
//!
//! - [`DefiGame`] (`game`) is the game: defi-sudoku's [`TimedGame`](defi_sudoku::TimedGame)
//!   on a clock of the screen's own time, the seats, the seed; [`DefiSave`] its saved form;
//!   [`Replay`] a record watched entry by entry;
//! - `form` holds the setup form and the rules; `error` the typed error [`DefiError`];
//! - [`DefiScreen`] (`screen`) takes keys and runs the computer players; [`view`] draws.

mod error;
mod form;
mod game;
mod screen;
pub mod view;

pub use error::DefiError;
pub use form::{LEGEND, RULES, game_from_form, new_form, update_form};
pub use game::{
    DefiGame, DefiSave, Replay, ScreenClock, Seat, entry_of, log_lines, report_line, why,
};
pub use screen::{BOT_DELAY, DefiScreen, KEYS, help_pages};
