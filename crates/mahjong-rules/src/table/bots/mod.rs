//! Computer players: one trait, three kinds, and the runners that seat any mix of them.
//!
//! A [`Bot`] decides from its seat's [`View`] only, so it never sees what its seat may not
//! know, and draws only from the generator the runner hands it, so a game run with a seeded
//! generator is the same every time.
//!
//! | bot | plays |
//! |---|---|
//! | [`RandomBot`] (`random`) | any legal action, uniformly: for tests and fuzzing |
//! | [`EfficientBot`] (`efficient`) | to get nearer to Mah-jong ([`tiles_away`](crate::distance::tiles_away)) |
//! | [`ScorerBot`] (`scorer`) | for points too (honours, flushes, no sequence, the Grands Jeux when near), watching its discards |
//! | [`ExpertBot`] (`expert`) | by its own policy (the scorer's, tuned, looking a draw or two ahead and weighing its waits by what they score), and searches its claims and waits: plays its candidate actions forward in worlds dealt from what it has not seen (determinized Monte Carlo), with a budget in playouts |
//!
//! [`NAMES`] lists them and [`by_name`] makes one; [`play_game`] and [`play_round`] run a
//! game with four bots of any kinds, one per player.
//!
//! ```
//! use mahjong_rules::table::bots::{self, Bot, EfficientBot, RandomBot, play_game};
//! use mahjong_rules::table::{Game, TableOptions};
//! use rand::SeedableRng;
//!
//! let names = ["Ann", "Bob", "Cy", "Di"].map(String::from);
//! let mut game = Game::new(names, TableOptions::default().with_rounds(2))?;
//! let mut table: [Box<dyn Bot>; 4] = [
//!     Box::new(RandomBot),
//!     Box::new(EfficientBot),
//!     bots::by_name("scorer").unwrap(),
//!     bots::by_name("efficient").unwrap(),
//! ];
//! play_game(&mut game, &mut table, &mut rand_pcg::Pcg64Mcg::seed_from_u64(4))?;
//! assert!(game.is_finished());
//! assert_eq!(table.map(|b| b.name().to_string()), ["random", "efficient", "scorer", "efficient"]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Cost
//!
//! A decision of `random`, `efficient` or `scorer` is bounded and needs no budget: a bot weighs each of the view's legal actions
//! (a discard, or a calling discard, per tile of a hand of 14, its kongs and Mah-jong, or a
//! few claims: a few dozen at most) on a hand of at most 14 tiles, with
//! [`distance`](crate::distance)'s fixed-size tables and a pass over the 42 kinds of tiles.
//! So [`play_game`] with them is bounded by the game's own bound (see
//! [`Game`](super::Game#bounds)). [`ExpertBot`]'s own policy adds a bounded lookahead
//! (for each discard, each tile the next draw may bring, each discard after it: at most
//! 14 × 34 × 14 readings of a hand, a wait scored per winning tile), and it searches: its
//! decision costs at most its budget of playouts, each a round played to its end.

use rand::Rng;
use rand::seq::IndexedRandom;

mod efficient;
mod expert;
mod lookahead;
mod reading;
mod scorer;
mod worlds;

pub use efficient::EfficientBot;
pub use expert::ExpertBot;
pub use scorer::ScorerBot;

use crate::wall::Deal;

use super::action::Action;
use super::game::{DealError, Game};
use super::round::PlayError;
use super::view::View;

/// A computer player: chooses one of its seat's legal actions from what the seat may see.
///
/// Randomness comes from the caller's generator, so a game run with a seeded one is the same
/// every time.
///
/// ```
/// use mahjong_rules::table::bots::{Bot, EfficientBot};
/// use mahjong_rules::table::{Round, TableOptions};
/// use mahjong_rules::wall::Deal;
/// use mahjong_tiles::TileSet;
/// use rand::SeedableRng;
///
/// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(3);
/// let setup = Deal::random(TileSet::Full, &mut rng).setup(4)?;
/// let round = Round::new(&setup, None, TableOptions::default())?;
/// let seat = round.to_act()[0];
/// let action = EfficientBot.choose(&round.view(seat), &mut rng);
/// assert!(round.is_legal(action));
/// assert_eq!(EfficientBot.name(), "efficient");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Bot {
    /// The bot's name (`random`, …), as [`by_name`] reads it.
    fn name(&self) -> &str;

    /// The action to play, chosen from `view` only (its legal actions are
    /// [`View::legal_actions`]), drawing from `rng` if it draws at all. Asked only when the
    /// seat has a decision to make; the action is one of the view's legal actions.
    fn choose(&mut self, view: &View<'_>, rng: &mut dyn Rng) -> Action;
}

/// Plays any legal action, each as likely: for tests and fuzzing.
///
/// ```
/// use mahjong_rules::table::bots::{Bot, RandomBot};
/// use mahjong_rules::table::{Round, TableOptions};
/// use mahjong_rules::wall::Deal;
/// use mahjong_tiles::TileSet;
/// use rand::SeedableRng;
///
/// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(8);
/// let setup = Deal::random(TileSet::Full, &mut rng).setup(4)?;
/// let mut round = Round::new(&setup, None, TableOptions::default())?;
/// while !round.is_over() {
///     let seat = round.to_act()[0];
///     let action = RandomBot.choose(&round.view(seat), &mut rng);
///     round.play(action)?;
/// }
/// assert!(round.end().is_some());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RandomBot;

impl Bot for RandomBot {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&mut self, view: &View<'_>, rng: &mut dyn Rng) -> Action {
        let legal = view.legal_actions();
        match legal.choose(rng) {
            Some(&a) => a,
            None => Action::Pass { seat: view.seat() },
        }
    }
}

/// The names of the bots [`by_name`] knows, weakest first.
///
/// ```
/// use mahjong_rules::table::bots;
/// assert_eq!(bots::NAMES, ["random", "efficient", "scorer", "expert"]);
/// for name in bots::NAMES {
///     assert_eq!(bots::by_name(name).unwrap().name(), *name);
/// }
/// ```
pub const NAMES: &[&str] = &["random", "efficient", "scorer", "expert"];

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
        "expert" => Some(Box::new(ExpertBot::new())),
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
/// bot of each seat with a decision, `bots[i]` playing for player `i` (bots of any kinds,
/// boxed). The bots draw from `rng` too. Does nothing once the game is finished.
///
/// # Errors
/// [`GameError::Play`] if a bot plays an illegal action (the game stays where it was).
///
/// ```
/// use mahjong_rules::table::bots::{self, Bot, play_game};
/// use mahjong_rules::table::{Game, TableOptions};
/// use rand::SeedableRng;
///
/// let names = ["a", "b", "c", "d"].map(String::from);
/// let mut game = Game::new(names, TableOptions::default().with_rounds(3))?;
/// let mut table: [Box<dyn Bot>; 4] = core::array::from_fn(|_| bots::by_name("random").unwrap());
/// play_game(&mut game, &mut table, &mut rand_pcg::Pcg64Mcg::seed_from_u64(1))?;
/// assert!(game.is_finished());
/// assert_eq!(game.rounds().len(), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn play_game<R: Rng + ?Sized>(
    game: &mut Game,
    bots: &mut [Box<dyn Bot>; 4],
    rng: &mut R,
) -> Result<(), GameError> {
    while !game.is_finished() {
        play_round(game, bots, rng)?;
    }
    Ok(())
}

/// Plays one round to its end: deals it with `rng` if the game waits for a deal, then asks
/// the bots until the round is over (see [`play_game`]). Does nothing once the game is
/// finished. The round's results are then [`Game::rounds`]' last and [`Game::last_scores`].
///
/// # Errors
/// [`GameError::Play`] if a bot plays an illegal action (the game stays where it was).
///
/// ```
/// use mahjong_rules::table::bots::{Bot, ScorerBot, play_round};
/// use mahjong_rules::table::{Game, TableOptions};
/// use rand::SeedableRng;
///
/// let names = ["a", "b", "c", "d"].map(String::from);
/// let mut game = Game::new(names, TableOptions::default())?;
/// let mut table: [Box<dyn Bot>; 4] = core::array::from_fn(|_| Box::new(ScorerBot) as Box<dyn Bot>);
/// play_round(&mut game, &mut table, &mut rand_pcg::Pcg64Mcg::seed_from_u64(2))?;
/// assert_eq!(game.rounds().len(), 1);
/// assert!(game.needs_deal() && game.last_scores().is_some());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
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
        Some(view) => bot.choose(&view, rng),
        None => Action::Pass { seat },
    };
    game.play(action).map_err(|source| GameError::Play {
        bot: bot.name().to_string(),
        source,
    })
}
