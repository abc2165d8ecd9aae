//! Fuzzes mahjong game records: a game of two rounds between efficient bots, dealt from the
//! first byte (played once per byte value, then kept), its record tampered with by the next
//! 32 bytes (up to eight changes: an action, a deal's tile or die, a score, a seat, a total
//! changed; an action dropped or added) and replayed after each. Replaying never panics,
//! and a record that replays is exactly the record of the game it replays to. Arbitrary
//! bytes are also read as a JSON record and replayed.
#![no_main]

use std::cell::RefCell;
use std::collections::HashMap;

use libfuzzer_sys::fuzz_target;
use mahjong_rules::table::bots::{Bot, EfficientBot, play_game};
use mahjong_rules::table::{Action, Game, GameRecord, TableOptions};
use mahjong_tiles::{Tile, Wind};
use rand::SeedableRng;

fn check(record: &GameRecord) {
    if let Ok(game) = record.replay() {
        assert_eq!(&game.record(), record);
    }
}

thread_local! {
    /// The record of the game dealt from each first byte, played once.
    static RECORDS: RefCell<HashMap<u8, GameRecord>> = RefCell::new(HashMap::new());
}

/// The record of the game dealt from `seed`, which replays to that game.
fn played(seed: u8) -> GameRecord {
    RECORDS.with_borrow_mut(|records| {
        records
            .entry(seed)
            .or_insert_with(|| {
                let mut game = Game::new(
                    ["a", "b", "c", "d"].map(String::from),
                    TableOptions::default().with_rounds(2),
                )
                .expect("a game of two rounds")
                .with_seed(u64::from(seed));
                let mut bots: [Box<dyn Bot>; 4] =
                    core::array::from_fn(|_| Box::new(EfficientBot) as Box<dyn Bot>);
                let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(u64::from(seed));
                play_game(&mut game, &mut bots, &mut rng).expect("bots play legal actions");
                let record = game.record();
                assert_eq!(record.replay().as_ref(), Ok(&game));
                record
            })
            .clone()
    })
}

fuzz_target!(|data: &[u8]| {
    if let Ok(record) = serde_json::from_slice::<GameRecord>(data) {
        check(&record);
    }
    let [s, rest @ ..] = data else { return };
    let mut record = played(*s);
    // At most eight tamperings, each followed by a replay, so an input stays cheap.
    for chunk in rest.chunks(4).take(8) {
        let [what, a, b, c] = [0, 1, 2, 3].map(|i| chunk.get(i).copied().unwrap_or(0));
        let Some(round) = record.rounds.get_mut(usize::from(a) % 2) else {
            continue;
        };
        let tile = Tile::ALL[usize::from(c) % Tile::COUNT];
        let seat = Wind::ALL[usize::from(c % 4)];
        let n = round.actions.len().max(1);
        match what % 8 {
            0 if !round.actions.is_empty() => {
                round.actions[usize::from(b) % n] = Action::Discard { seat, tile };
            }
            1 if !round.actions.is_empty() => {
                round.actions.remove(usize::from(b) % n);
            }
            2 => round
                .actions
                .insert(usize::from(b) % n, Action::Pass { seat }),
            3 => {
                let i = usize::from(b) % round.deal.tiles.len().max(1);
                if let Some(t) = round.deal.tiles.get_mut(i) {
                    *t = tile;
                }
            }
            4 => round.deal.east_roll[usize::from(b % 2)] = c % 8,
            5 => {
                if let Some(o) = round.outcome.as_mut() {
                    o.scores[seat].total = u64::from(b);
                }
            }
            6 => round.seats.0.swap(usize::from(b % 4), usize::from(c % 4)),
            _ => record.totals[usize::from(b % 4)] += i64::from(c),
        }
        check(&record);
    }
});
