//! The table: a whole round and a whole game, played action by action, with what each seat
//! may see, records that replay, and computer players.
//!
//! # The pieces
//!
//! | type | what it is |
//! |---|---|
//! | [`Round`] | one round from the deal to the Mah-jong or the exhausted wall: [`Round::legal_actions`], [`Round::check`], [`Round::play`], [`Round::undo`] |
//! | [`Action`] | one decision of one seat (`E discard 5m`, `S pung`, `W mahjong`) |
//! | [`View`] | what one seat may know; computer players decide from it only |
//! | [`Game`] | rounds chained: deals, scores, payments, totals, wind rotation |
//! | [`GameRecord`] | a whole game as data (serde with the `serde` feature), replayed and checked by [`GameRecord::replay`] |
//! | [`bots`] | computer players ([`bots::Bot`]), and [`bots::play_game`] which runs a game with four of them, of any kinds |
//!
//! [`Round`] and [`Game`] have the workspace's one state shape: their own methods `to_act`,
//! `is_over`, `legal_moves`, `check`, `is_legal`, `play`, and
//! [`GameState`](crate::GameState) for code written once for every game (a game between
//! two rounds is at rest: see [`Game`]).
//!
//! ```
//! use mahjong_rules::table::bots::{Bot, RandomBot, play_game};
//! use mahjong_rules::table::{Game, TableOptions};
//! use rand::SeedableRng;
//!
//! let options = TableOptions::default().with_rounds(4);
//! let mut game = Game::new(["Ann", "Bob", "Cy", "Di"].map(String::from), options)?.with_seed(1);
//! let mut bots: [Box<dyn Bot>; 4] = core::array::from_fn(|_| Box::new(RandomBot) as Box<dyn Bot>);
//! play_game(&mut game, &mut bots, &mut rand_pcg::Pcg64Mcg::seed_from_u64(1))?;
//! assert!(game.is_finished());
//! assert_eq!(game.rounds().len(), 4);
//! // The record replays to the same game.
//! assert_eq!(game.record().replay()?, game);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Where each rule lives
//!
//! The table applies the rules; each rule keeps one home in the crate:
//!
//! | rule (French Wikipedia article on Mah-jong) | home |
//! |---|---|
//! | dice, breach, dead wall, deal, flowers laid out at the deal, replacement tiles | [`wall`](crate::wall) ([`Deal`](crate::wall::Deal), [`Wall`](crate::wall::Wall)) |
//! | what a claim needs, chow for the next player only, priorities (Grand Jeu option, pung, chow, pair, turn order), robbing a kong | [`claims`](crate::claims) |
//! | Mah-jong, waits, the calling hand | [`waits`](crate::waits), [`LimitHand`](crate::LimitHand) |
//! | end of round, rotation of the winds (both rules for a draw), round wind, the Celestial Empire's order | [`rotation`](crate::rotation) |
//! | scores of all four hands | [`score()`](crate::score()) |
//! | payments of the advanced system | [`payment`](crate::payment) |
//! | the order of play, the claim window, the robbing window, the invocation, the options below | this module ([`Round`]) |
//!
//! # How a round goes
//!
//! The dominant wind holds 14 tiles and plays first. A seat on its turn holds 14 tiles (a
//! kong counting three): it goes Mah-jong on the tile it drew, declares a concealed kong,
//! adds the tile it drew to an exposed pung, or discards (declaring a calling hand if the
//! option is on). After a discard every other seat that could claim it claims it or passes;
//! the claims are then resolved by [`claims::winning_claim`](crate::claims::winning_claim)
//! and the winner takes the tile (a pung or a chow: it discards next; a kong: it draws a
//! replacement first; Mah-jong: the round ends). When nobody claims, the next seat draws
//! from the live wall. Flowers and seasons drawn are laid out and replaced from the dead
//! wall at once. The round ends on a Mah-jong, or when the live wall is empty and its last
//! discard is not taken (then, under the Chinese rule, the Celestial Empire may be invoked).
//!
//! # Points the article leaves open, and what the table does
//!
//! - **Nobody chooses to draw**: draws, replacements and flowers laid out are done by the
//!   round. A seat that cannot claim a discard passes at once (it has no choice), so only
//!   the seats with a choice are asked; the record holds only choices.
//! - **The dominant wind's first turn** counts as a turn after a draw: its last dealt tile is
//!   "the tile drawn", so it may go Mah-jong on the deal (self-drawn) or add nothing.
//! - **The small kong** is made with the tile just drawn ("s'il pioche la 4e tuile au mur"),
//!   on that turn only. Another seat may rob it only to go Mah-jong, and only holding no
//!   copy of the tile ([`claims::check_robbing_kong`](crate::claims::check_robbing_kong)).
//! - **A concealed kong** may be declared on any turn of its owner (four tiles held); it is
//!   laid face down: other seats' [`View`]s do not show its tile. An undeclared one is four
//!   concealed tiles and scores as a triplet.
//! - **A kong needs a replacement**: it is refused when both walls are empty. A replacement
//!   comes from the dead wall, then from the far end of the live wall
//!   ([`Wall::draw_replacement`](crate::wall::Wall::draw_replacement)). If a replacement
//!   is needed and none is left, the round ends as an exhausted wall.
//! - **The last discard** (a discard made when the live wall is empty) may be claimed only
//!   for Mah-jong: a pung or a chow would need another discard after the wall is done.
//!   "Fishing the moon" is a Mah-jong on the last tile of the live wall itself, not on a
//!   replacement from the dead wall drawn after it.
//! - **The calling hand** (option [`TableOptions::calling`]): declared with a discard that
//!   leaves the hand one tile from Mah-jong. From then on the hand is fixed: its owner
//!   discards the tile it draws or goes Mah-jong, claims only for Mah-jong, and makes no
//!   kong (so the hand stays calling, as its score requires). The article calls the
//!   declaration a Japanese rule; the table lets it go with either discard rule.
//! - **Claims are simultaneous**: the seats with a choice decide in any order and the
//!   claims are resolved once all have; a seat never learns another's claim before its own.
//! - **The Celestial Empire** (option [`TableOptions::celestial_empire`], Chinese rule only,
//!   [`rotation::invocation_allowed`](crate::rotation::invocation_allowed)): once the live
//!   wall is empty and its last discard not taken, East then South, West, North may each
//!   take one discarded tile — only to make Mah-jong or a meld with it ("il est interdit de
//!   prendre une tuile … si on ne réalise pas de combinaison avec"); any meld, a chow
//!   included, since the tile does not come from the player before. Mah-jong ends the round;
//!   after a meld the invoker discards and the next seat may invoke. After one turn of the
//!   table the round ends.
//! - **Japanese discards**: only the last discard stays face up; the others are face down in
//!   every [`View`].
//! - **Four players**: the table seats four (the three- and five-player variants are only
//!   named by the article).
//!
//! The game's open points (round wind, totals, payments when nobody wins) are in [`Game`]'s
//! docs.

mod action;
pub mod bots;
mod game;
mod options;
mod record;
mod round;
mod shape;
mod view;

pub use action::{Action, ParseActionError};
pub use game::{DealError, Game, NewGameError};
pub use options::{PerWind, TableOptions};
pub use record::{GameRecord, ReplayError, RoundOutcome, RoundRecord, SeatScore};
pub use round::{Phase, PlayError, Round, ScoringError, SetupError};
pub use view::View;

/// A round for unit tests: the hands in seat order (East's 14 tiles, the others' 13), the
/// first tiles of the live wall; the rest of the set fills the walls in canonical order.
#[cfg(test)]
pub(crate) fn test_round(hands: [&str; 4], live: &str, options: TableOptions) -> Round {
    use mahjong_tiles::{Tile, parse_tiles};

    use crate::wall::{DealtHand, Setup, Wall, locate_breach};

    let mut rest = options.tile_set.to_vec();
    let mut take = |s: &str| -> Vec<Tile> {
        let tiles = parse_tiles(s).expect("tiles");
        for x in &tiles {
            let i = rest.iter().position(|r| r == x).expect("a tile left");
            rest.remove(i);
        }
        tiles
    };
    let dealt: Vec<DealtHand> = mahjong_tiles::Wind::ALL
        .iter()
        .zip(hands)
        .map(|(&wind, h)| DealtHand {
            wind,
            concealed: take(h),
            bonus: vec![],
        })
        .collect();
    let mut live = take(live);
    let dead: Vec<Tile> = rest.split_off(rest.len() - 14);
    live.extend(rest);
    let breach = locate_breach(5, 2, options.tile_set.len() / 8).expect("a breach");
    let setup = Setup {
        east_roll: [4, 1],
        dominant_roll: [1, 1],
        wall: Wall::from_parts(live, dead, breach),
        hands: dealt,
    };
    Round::new(&setup, None, options).expect("a scripted round")
}
