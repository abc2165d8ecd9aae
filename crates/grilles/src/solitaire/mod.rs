//! Game 3, mahjong solitaire: the built-in layouts or any KMahjongg `.layout` file (chosen
//! with a picture of it), free tiles marked, pairs chosen with the keyboard or the mouse,
//! hint, undo and redo, shuffle, a score where hints never pay, game numbers that deal a
//! game again, the best scores of each layout, an SVG picture of the position, and a
//! warning as soon as the position can no longer be won.
//!
//! - [`SolitaireGame`] (`game`) is the game and every change a player makes; its score is
//!   [`PlayerScore`] (`score`); the best scores are [`BestScores`] (`records`);
//! - `layouts` holds the layouts offered, their pictures and the deals by number;
//! - [`SolitaireScreen`] (`screen`) takes the keys and runs mahjong-solitaire's solver in a
//!   thread of its own after every change (a newer position makes the answer for an older
//!   one stale); [`view`] draws.

mod game;
mod layouts;
mod records;
mod score;
mod screen;
pub mod view;

pub use game::{
    DEALER_BUDGET, DealKind, Picked, RestoreError, SolitaireGame, TopView, rejection, top_view,
};
pub use layouts::{
    LayoutChoice, MAX_FILES, MAX_NUMBER, NewGameError, choices, deal, layout_dirs, load, load_file,
    number_from, parse, preview, read_number,
};
pub use records::{BestScore, BestScores, KEPT};
pub use score::{PlayerScore, RULES as SCORE_RULES};
pub use screen::{HELP, Preview, SOLVER_BUDGET, SolitaireScreen, best_line};
