//! Computer players, and a game run by four of them.
//!
//! A [`Bot`] decides from a [`View`] only, so it never sees what its seat may not know.
//!
//! | bot | plays |
//! |---|---|
//! | [`RandomBot`] (`random`) | any legal action, uniformly: for tests and fuzzing |
//! | [`EfficientBot`] (`efficient`) | to get nearer to Mah-jong ([`tiles_away`](crate::distance::tiles_away)) |
//! | [`ScorerBot`] (`scorer`) | for points too (honours, flushes, no sequence, the Grands Jeux when near), watching its discards |
//!
//! # Cost
//!
//! A decision is bounded and needs no budget: a bot weighs each of the view's legal actions
//! (a discard, or a calling discard, per tile of a hand of 14, its kongs and Mah-jong, or a
//! few claims: a few dozen at most) on a hand of at most 14
//! tiles, with [`distance`](crate::distance)'s fixed-size tables and a pass over the 42 kinds
//! of tiles. Measured over 15,000 decisions of games between bots (CPU time of one thread
//! on a shared 2-core machine): 3.7 µs on average and 59 µs at worst for
//! [`EfficientBot`], 8.7 µs and 86 µs for [`ScorerBot`]. So [`play_game`] is bounded by
//! the game's own bound (see [`Game`](super::Game#bounds)): 256 rounds between scorers
//! take about 0.11 s.

use rand::Rng;
use rand::seq::IndexedRandom;

mod efficient;
mod reading;
mod scorer;

pub use efficient::EfficientBot;
pub use scorer::ScorerBot;

use crate::wall::Deal;

use super::action::Action;
use super::game::{DealError, Game};
use super::round::PlayError;
use super::view::View;

/// A computer player: picks one of the view's legal actions.
///
/// Randomness comes from the caller's generator, so a game run with a seeded one is the same
/// every time.
pub trait Bot {
    /// The bot's name (`random`, …), as records and summaries print it.
    fn name(&self) -> &str;

    /// The action to play, chosen from `view` (its legal actions are
    /// [`View::legal_actions`]). Asked only when the seat has a decision to make.
    fn act(&mut self, view: &View<'_>, rng: &mut dyn Rng) -> Action;
}

/// Plays any legal action, each as likely: for tests and fuzzing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RandomBot;

impl Bot for RandomBot {
    fn name(&self) -> &str {
        "random"
    }

    fn act(&mut self, view: &View<'_>, rng: &mut dyn Rng) -> Action {
        let legal = view.legal_actions();
        match legal.choose(rng) {
            Some(&a) => a,
            None => Action::Pass { seat: view.seat() },
        }
    }
}

/// The names of the bots [`by_name`] knows, weakest first.
pub const NAMES: [&str; 3] = ["random", "efficient", "scorer"];

/// A bot by its name (see [`NAMES`]), or `None`.
///
/// ```
/// use mahjong_rules::table::bots;
/// assert_eq!(bots::by_name("random").map(|b| b.name().to_string()), Some("random".into()));
/// assert!(bots::by_name("oracle").is_none());
/// ```
pub fn by_name(name: &str) -> Option<Box<dyn Bot>> {
    match name {
        "random" => Some(Box::new(RandomBot)),
        "efficient" => Some(Box::new(EfficientBot)),
        "scorer" => Some(Box::new(ScorerBot)),
        _ => None,
    }
}

/// Why [`play_game`] stopped.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GameError {
    /// A deal failed.
    #[error(transparent)]
    Deal(#[from] DealError),
    /// A bot played an illegal action.
    #[error("{bot}: {source}")]
    Play {
        /// The bot's name.
        bot: String,
        /// Why the action was refused.
        source: PlayError,
    },
}

/// Plays the game to its end: deals each round with `rng` ([`Deal::random`]) and asks the
/// bot of each seat with a decision, `bots[i]` playing for player `i`. The bots draw from
/// `rng` too.
///
/// # Errors
/// [`GameError::Play`] if a bot plays an illegal action (the game stays where it was).
pub fn play_game<R: Rng + ?Sized>(
    game: &mut Game,
    bots: &mut [Box<dyn Bot>; 4],
    rng: &mut R,
) -> Result<(), GameError> {
    while !game.is_over() {
        play_round(game, bots, rng)?;
    }
    Ok(())
}

/// Plays one round to its end: deals it with `rng` if the game waits for a deal, then asks
/// the bots until the round is over (see [`play_game`]). Does nothing once the game is
/// over. The round's results are then [`Game::rounds`]' last and [`Game::last_scores`].
///
/// # Errors
/// [`GameError::Play`] if a bot plays an illegal action (the game stays where it was).
pub fn play_round<R: Rng + ?Sized>(
    game: &mut Game,
    bots: &mut [Box<dyn Bot>; 4],
    rng: &mut R,
) -> Result<(), GameError> {
    let mut rng = rng;
    if game.needs_deal() {
        game.deal(Deal::random(game.options().tile_set, &mut rng))?;
    }
    while game.round().is_some() {
        play_turn(game, bots, &mut rng)?;
    }
    Ok(())
}

/// Asks one bot with a decision for its action and plays it.
fn play_turn(
    game: &mut Game,
    bots: &mut [Box<dyn Bot>; 4],
    rng: &mut dyn Rng,
) -> Result<(), GameError> {
    let Some(&seat) = game.to_act().first() else {
        // A round always leaves someone to act until it ends; nothing to do otherwise.
        return Err(GameError::Play {
            bot: String::new(),
            source: PlayError::NoRound,
        });
    };
    let player = game.seats()[seat];
    let bot = &mut bots[player];
    let action = match game.view(seat) {
        Some(view) => bot.act(&view, rng),
        None => Action::Pass { seat },
    };
    game.play(action).map_err(|source| GameError::Play {
        bot: bot.name().to_string(),
        source,
    })
}
