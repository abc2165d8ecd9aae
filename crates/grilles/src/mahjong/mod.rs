//! Game 4, French mahjong against three computer players: your hand in Unicode tiles, draws
//! and discards, claim prompts that pass by themselves after a short time, each seat's
//! discards, a suggested discard, the game log, the rules and the points table, the
//! itemised scores and the payments at the end of each round, the running totals.
//!
//! The game is mahjong-rules' table ([`Game`](mahjong_rules::table::Game)); the person is
//! player 0, the computer players mahjong-rules' bots. Deals and the bots' draws come from
//! generators seeded from the game's seed, the round and the number of actions, so a
//! restored game goes on as the saved one would have.
//!
//! - [`MahjongGame`] (`game`) is the game, what the person saw of it (its log, the opening
//!   moves before their first turn) and the suggested discard; [`MahjongSave`] its saved form;
//! - `form` holds the setup form, `help` the help pages;
//! - [`MahjongScreen`] (`screen`) takes the keys; [`view`] draws.

mod form;
mod game;
pub mod help;
mod screen;
pub mod view;

pub use form::{bot_name, game_from_form, new_form};
pub use game::{
    HUMAN, MahjongError, MahjongGame, MahjongSave, Suggestion, public_words, wind_name,
};
pub use screen::{BOT_DELAY, MahjongScreen};
