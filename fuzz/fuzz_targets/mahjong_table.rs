//! Fuzzes the mahjong table engine: a round dealt from the first bytes, then each byte picks
//! an action — one of the legal ones, or an arbitrary one. It never panics; an action is
//! played exactly when `check` accepts it; a refused one leaves the round unchanged; every
//! listed action checks; all the tiles of the set stay on the table; a round over scores its
//! four hands; `undo` goes back one action.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mahjong_rules::DiscardRule;
use mahjong_rules::table::{Action, Round, TableOptions};
use mahjong_rules::wall::Deal;
use mahjong_tiles::{Tile, TileSet, Wind};
use rand::SeedableRng;

fn arbitrary(a: u8, b: u8) -> Action {
    let seat = Wind::ALL[usize::from(a % 4)];
    let tile = Tile::ALL[usize::from(b) % Tile::COUNT];
    match (a / 4) % 8 {
        0 => Action::Discard { seat, tile },
        1 => Action::Calling { seat, tile },
        2 => Action::Kong { seat, tile },
        3 => Action::Pung { seat },
        4 => Action::Chow { seat, first: tile },
        5 => Action::MahJong { seat },
        6 => Action::Pass { seat },
        _ => Action::Invoke { seat, tile },
    }
}

fuzz_target!(|data: &[u8]| {
    let [s0, s1, flags, rest @ ..] = data else {
        return;
    };
    let mut options = TableOptions::default()
        .with_calling(flags & 1 != 0)
        .with_celestial_empire(flags & 2 != 0);
    if flags & 4 != 0 {
        options = options.with_discards(DiscardRule::Japanese);
    }
    if flags & 8 != 0 {
        options = options.with_tile_set(TileSet::WithoutBonus);
    }
    options.rules.grand_jeu_priority = flags & 16 != 0;
    let set = options.tile_set;
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(u64::from(*s0) << 8 | u64::from(*s1));
    let setup = Deal::random(set, &mut rng)
        .setup(4)
        .expect("a random deal sets up");
    let mut round = Round::new(&setup, None, options).expect("a dealt round starts");
    let mut bytes = rest.iter().copied();
    while let Some(b) = bytes.next() {
        let legal = round.legal_moves();
        for &m in &legal {
            assert_eq!(round.check(m), Ok(()), "{m}");
        }
        let action = if b & 0x80 == 0 && !legal.is_empty() {
            legal[usize::from(b) % legal.len()]
        } else {
            arbitrary(b, bytes.next().unwrap_or(0))
        };
        let before = round.clone();
        let checked = round.check(action);
        match round.play(action) {
            Ok(()) => {
                assert!(checked.is_ok());
                if b & 0x40 != 0 {
                    let mut back = round.clone();
                    assert_eq!(back.undo(), Some(action));
                    assert_eq!(back, before);
                }
            }
            Err(e) => {
                assert_eq!(checked, Err(e));
                assert_eq!(round, before);
            }
        }
        let census = round.census();
        for t in Tile::ALL {
            assert_eq!(census[t.index()], usize::from(set.copies(t)));
        }
        if round.is_over() {
            round.scores().expect("a round over scores");
            break;
        }
    }
});
