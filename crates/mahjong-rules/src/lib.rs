//! The French rules of mahjong, as the French Wikipedia article on Mah-jong gives them: hands
//! and melds, the best-scoring decomposition, the points table as data, the Grands Jeux, waits,
//! the distance to Mah-jong, the advanced payment system, claims, dealing and wind rotation,
//! and the whole game played at a table by people or computer players.
//!
//! # Quick start
//!
//! ```
//! use mahjong_rules::{Hand, RuleOptions, Situation, Win, payment, score};
//! use mahjong_tiles::Wind;
//!
//! // South goes Mah-jong on a discarded 5z: exposed pung of red dragons, flower 2 (its own).
//! let hand: Hand = "234m 678m 999p 55z [777z] 2f".parse()?;
//! let situation = Situation::new(Wind::South, Wind::East).with_win(Win::discard("5z".parse()?));
//! let s = score(&hand, &situation, &RuleOptions::default())?;
//! // Mah-jong 20, concealed terminals 8, exposed dragons 4, exposed pair of dragons 0,
//! // flower 4 = 36; doubles: dragons 1, own flower 1 → 36 × 4.
//! assert_eq!((s.points, s.doubles, s.total), (36, 2, 144));
//! println!("{s}"); // itemised, ending with "points 36 doubles 2 score 144"
//!
//! // Settle the round in the advanced system.
//! use Wind::*;
//! let settlement = payment::settle(&[(East, 30), (South, 100), (West, 50), (North, 10)], Some(South))?;
//! assert_eq!(settlement.net(South), Some(400));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # What is where
//!
//! The vocabulary of hands and scores sits at the crate root; each rule area with functions
//! of its own is a module, named after what it holds.
//!
//! | item | holds | section of the article |
//! |---|---|---|
//! | [`Meld`], [`MeldKind`], [`Exposure`] | melds and their notation | Les combinaisons; Construction des combinaisons |
//! | [`Hand`] | a hand: model, notation, validation; its [`Decomposition`]s into melds and a pair | Mah-jong ordinaire |
//! | [`PointsTable`], [`Item`], [`RuleOptions`] | the points table as data, the rule options | Système simple; Tableau de comptage |
//! | [`LimitHand`] | the eight Grands Jeux | Les Grands Jeux |
//! | [`score()`], [`Situation`], [`Win`], [`Score`], [`ScoreLine`] | the best score of a hand, itemised | Décompte des points; Limite des points |
//! | [`waits`] | waits, the calling-hand check, the Mah-jong test | La main appelante |
//! | [`distance`] | how many tiles a hand lacks from Mah-jong ("shanten"), the useful tiles, the distance to each Grand Jeu | Mah-jong ordinaire; Les Grands Jeux |
//! | [`payment`] | the advanced system, sticks | Système avancé |
//! | [`claims`] | claim legality and priority, small kongs, robbing a kong | Règle des priorités |
//! | [`wall`] | dice, breach, dead wall, deal, flowers and replacements | La brèche, la colline |
//! | [`rotation`] | end of round, wind rotation, round wind, the Celestial Empire | Fin de la manche; rotation des Vents; L'invocation de l'Empire Céleste |
//! | [`table`] | the whole game: a round engine ([`table::Round`]), games ([`table::Game`]), what each seat sees ([`table::View`]), records that replay, computer players ([`table::bots`]) | Le déroulement de la partie; Le jeu |
//!
//! The [`table`] plays the rules above in order; each rule keeps its home there (the
//! table's docs map them). A round and a game have the workspace's one state shape,
//! [`GameState`] (re-exported from `grilles-game`).
//!
//! ```
//! use mahjong_rules::table::bots::{self, Bot, play_game};
//! use mahjong_rules::table::{Game, TableOptions};
//! use rand::SeedableRng;
//!
//! // A game of four rounds between four computer players, dealt by a seeded generator.
//! let mut game = Game::new(["A", "B", "C", "D"].map(String::from), TableOptions::default().with_rounds(4))?;
//! let mut players: [Box<dyn Bot>; 4] = core::array::from_fn(|_| bots::by_name("random").unwrap());
//! play_game(&mut game, &mut players, &mut rand_pcg::Pcg64Mcg::seed_from_u64(1))?;
//! assert_eq!(game.rounds().len(), 4);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Bounds
//!
//! No call needs a budget: each is proven cheap, and its docs give the bound. A hand holds
//! at most 14 concealed tiles, so it has at most 4 complete and 169 partial decompositions
//! ([`Decomposition`]) and [`score()`] weighs at most that many readings; the
//! [`distance`] tables have a fixed size; a round takes at most [`table::Round::MAX_ACTIONS`]
//! actions and a game at most [`table::TableOptions::MAX_ROUNDS`] rounds
//! ([`table::Game#bounds`]); a bot weighs a few dozen actions on a hand of 14
//! ([`table::bots`]). Every text read has a written limit (`MAX_TEXT_LEN`, `MAX_NAME_LEN`,
//! `MAX_ACTIONS`, `MAX_ROUNDS` on the type that reads it) and is refused past it before it
//! is read.
//!
//! # Interpretations
//!
//! Where the article leaves a point open this crate chooses, and says so in the docs of
//! the item concerned:
//! - which lines of the table are not classical (the article's colours are lost) —
//!   [`PointsTable`];
//! - the winning tile's placement: a tile from another player completes its group from
//!   outside, so a triplet it completes is a pung and a pair it completes is an exposed
//!   pair (pair of dragons 0, of the round wind 0); the fully concealed hand; the limit
//!   applied before East's doubling — [`score()`];
//! - the Grands Jeux as the article words them: a kong stands for a triplet only where it says
//!   "Brelan (ou Carré)", required kongs are kept concealed and are not completed by a
//!   discard, melds laid apart allowed where the pattern allows them; a Grand Jeu below the
//!   limit (the 700 of the nine tiles) competes with the hand's ordinary readings —
//!   [`LimitHand`], [`score()`];
//! - the calling hand: one tile from Mah-jong, any number of waits — [`waits`];
//! - the dead wall: 14 tiles (the two moved tiles and six stacks), its replacement order, and
//!   what replaces once it is empty — [`wall`];
//! - the settlement when nobody wins — [`payment`];
//! - a calling hand that loses scores the points of its flowers and seasons only, without
//!   their doubles; the doubles of the flowers and seasons add up — [`score()`];
//! - the order of play and everything the article leaves open about a whole round (the
//!   small kong, the last discard, the invocation of the Celestial Empire, when the
//!   replacements run out…) and a game (seats, round wind, totals) — [`table`];
//! - the "Serpentin des 4 Vents", named by the article without a description, is not
//!   scored — [`LimitHand`].
//!
//! # Feature flags
//!
//! - `serde` (off by default): `Serialize`/`Deserialize` for every data type (the error types
//!   and the table's live states — [`table::Round`], [`table::Game`], [`table::View`] —
//!   excepted: a game is saved as its [`table::GameRecord`]), and `mahjong-tiles/serde`
//!   with it. A [`Hand`] and a [`Meld`] go through their notation (`"123m 55z [777z] 1f"`);
//!   a [`Wall`](wall::Wall) keeps its draw positions, so a saved [`Setup`](wall::Setup)
//!   reads back as it was. A game record ([`table::GameRecord`]) writes winds as their
//!   letters and actions as their text (`"E discard 5m"`).
#![cfg_attr(docsrs, feature(doc_cfg))]

/// `Serialize` and `Deserialize` for a type through its notation: `Display` out, `FromStr`
/// in (hands and melds).
#[cfg(feature = "serde")]
macro_rules! serde_through_notation {
    ($t:ty) => {
        impl serde::Serialize for $t {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }

        impl<'de> serde::Deserialize<'de> for $t {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<$t, D::Error> {
                // Read from the deserializer's own text, never copied: the parser refuses
                // a text over its limit before reading it.
                struct Notation;
                impl serde::de::Visitor<'_> for Notation {
                    type Value = $t;
                    fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                        f.write_str("a text in its notation")
                    }
                    fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<$t, E> {
                        v.parse().map_err(E::custom)
                    }
                }
                d.deserialize_str(Notation)
            }
        }
    };
}

#[cfg(feature = "serde")]
mod capped;
mod decompose;
mod hand;
mod limit_hands;
mod meld;
mod points;
mod score;

pub mod claims;
pub mod distance;
pub mod payment;
pub mod rotation;
pub mod table;
pub mod waits;
pub mod wall;

#[cfg(test)]
mod test_support;

pub use decompose::Decomposition;
pub use hand::{Hand, HandError, ParseHandError};
pub use limit_hands::LimitHand;
pub use meld::{Exposure, Meld, MeldError, MeldKind, ParseMeldError};
pub use points::{
    DiscardRule, DrawRotation, DrawSettlement, Item, ItemValue, ParseScoringSystemError,
    PointsTable, RuleOptions, ScoringSystem,
};
pub use score::{
    HandOutcome, HandPart, Score, ScoreError, ScoreLine, ScoreRule, Situation, Win, score,
};

/// The one shape of every game state of the workspace (re-exported from `grilles-game`):
/// [`table::Round`] and [`table::Game`] implement it.
pub use grilles_game::GameState;

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
