//! Fuzzes the serde inputs of mahjong-tiles' and mahjong-rules' public types, read as JSON
//! (the first byte picks the type). Reading never panics and stays within the written
//! limits; whatever is read writes back to JSON that reads back to the same value (a tile
//! list to the same tiles in canonical order); and the
//! value is then used: a deal is set up, a setup or a wall starts a round played a few
//! legal actions, options set up a game whose first round is played by random bots, rule
//! options and points tables score a few hands, a hand is scored and its waits asked.
#![no_main]

use std::fmt::Debug;

use libfuzzer_sys::fuzz_target;
use mahjong_rules::table::bots::{Bot, RandomBot, play_round};
use mahjong_rules::table::{Action, Game, GameRecord, Round, TableOptions};
use mahjong_rules::wall::{Deal, Setup, Wall};
use mahjong_rules::{Hand, Meld, PointsTable, RuleOptions, Situation, Win, distance, score, waits};
use mahjong_tiles::{Tile, TileSet, Tiles, Wind};
use rand::SeedableRng;
use serde::Serialize;
use serde::de::DeserializeOwned;

/// Reads a `T`; what is read writes back and reads back to itself.
fn read<T: Serialize + DeserializeOwned + PartialEq + Debug>(data: &[u8]) -> Option<T> {
    let value: T = serde_json::from_slice(data).ok()?;
    let text = serde_json::to_string(&value).expect("a value read writes back");
    let again: T = serde_json::from_str(&text).expect("what was written reads back");
    assert_eq!(again, value, "{text}");
    Some(value)
}

const HANDS: [&str; 3] = [
    "123m 456p 789s 111z 55z",
    "19m 19p 19s 1234567z 1m",
    "1112345678999s",
];

fn score_with(options: &RuleOptions) {
    for text in HANDS {
        let hand: Hand = text.parse().expect("a test hand");
        let mut situation = Situation::new(Wind::South, Wind::East);
        if hand.size() == 14 {
            situation = situation.with_win(Win::self_drawn(hand.concealed()[0]));
        }
        let _ = score(&hand, &situation, options);
    }
}

/// Plays up to 32 legal actions of a round, the first listed each time.
fn play_some(mut round: Round) {
    for _ in 0..32 {
        let Some(&action) = round.legal_moves().first() else {
            break;
        };
        round.play(action).expect("a listed action plays");
        if round.is_over() {
            let _ = round.scores();
            break;
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let [which, json @ ..] = data else { return };
    match which % 12 {
        0 => {
            if let Some(hand) = read::<Hand>(json) {
                let situation = Situation::new(Wind::South, Wind::East);
                let _ = score(&hand, &situation, &RuleOptions::default());
                let _ = (
                    waits::waits(&hand, Wind::South),
                    distance::tiles_away(&hand),
                );
                assert!(hand.partial_decompositions().len() <= 169);
                assert!(hand.decompositions().len() <= 4);
            }
        }
        1 => {
            let _ = read::<Meld>(json);
        }
        2 => {
            let _ = read::<Action>(json);
        }
        3 => {
            let _ = (
                read::<Tile>(json),
                read::<Wind>(json),
                read::<TileSet>(json),
            );
        }
        4 => {
            // A list writes in canonical order: it reads back sorted.
            if let Ok(tiles) = serde_json::from_slice::<Tiles>(json) {
                assert!(tiles.0.len() <= Tiles::MAX_TEXT_LEN);
                let text = serde_json::to_string(&tiles).expect("a list read writes back");
                let again: Tiles = serde_json::from_str(&text).expect("and reads back");
                assert_eq!(again, tiles.sorted(), "{text}");
            }
        }
        5 => {
            if let Some(deal) = read::<Deal>(json) {
                assert!(deal.tiles.len() <= 144);
                for players in [3, 4] {
                    if let Ok(setup) = deal.setup(players) {
                        if let Ok(round) = Round::new(&setup, None, TableOptions::default()) {
                            play_some(round);
                        }
                    }
                }
            }
        }
        6 => {
            if let Some(setup) = read::<Setup>(json) {
                assert!(setup.hands.len() <= 4);
                if let Ok(round) = Round::new(&setup, None, TableOptions::default()) {
                    play_some(round);
                }
            }
        }
        7 => {
            if let Some(mut wall) = read::<Wall>(json) {
                let (live, dead) = (wall.live_len(), wall.dead_len());
                let mut drawn = 0;
                while wall.draw().is_some() || wall.draw_replacement().is_some() {
                    drawn += 1;
                }
                assert!(drawn <= live + dead);
                assert!(wall.is_exhausted());
            }
        }
        8 => {
            if let Some(options) = read::<TableOptions>(json) {
                assert!(options.rounds <= TableOptions::MAX_ROUNDS);
                let names = ["a", "b", "c", "d"].map(String::from);
                let mut game = Game::new(names, options).expect("options read set up a game");
                let mut bots: [Box<dyn Bot>; 4] =
                    core::array::from_fn(|_| Box::new(RandomBot) as Box<dyn Bot>);
                let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(u64::from(*which));
                play_round(&mut game, &mut bots, &mut rng).expect("random bots play legal actions");
                let record = game.record();
                assert_eq!(record.replay().as_ref(), Ok(&game));
            }
        }
        9 => {
            if let Some(options) = read::<RuleOptions>(json) {
                score_with(&options);
            }
        }
        10 => {
            if let Some(table) = read::<PointsTable>(json) {
                score_with(&RuleOptions::default().with_table(table));
            }
        }
        _ => {
            if let Some(record) = read::<GameRecord>(json) {
                assert!(record.rounds.len() <= TableOptions::MAX_ROUNDS);
                if let Ok(game) = record.replay() {
                    assert_eq!(&game.record(), &record);
                }
            }
        }
    }
});
