//! The one state shape of the workspace: `grilles_game::check_shape` walks rounds and a game
//! (bounded width and depth, probing actions of seats not to act and tiles not held), the
//! trait's methods are the inherent ones, and refusals name seats and tiles as people do.

use grilles_game::{GameState, Limits, ShapeError, check_shape, perft};
use mahjong_rules::table::bots::{Bot, RandomBot, play_round};
use mahjong_rules::table::{Action, Game, PlayError, Round, TableOptions};
use mahjong_rules::wall::Deal;
use mahjong_tiles::{Tile, TileSet, Wind};
use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_pcg::Pcg64Mcg;

/// Actions of every kind, for every seat, on a few tiles (suited, honours, a flower): most
/// are refused at any moment (a seat not to act, a tile not held, a verb out of place), a
/// few are legal somewhere, and each must be listed exactly when it is legal.
fn probes() -> Vec<Action> {
    let tiles: Vec<Tile> = ["1m", "5m", "9p", "5s", "1z", "5z", "7z", "1f"]
        .iter()
        .map(|s| s.parse().unwrap())
        .collect();
    let mut out = Vec::new();
    for seat in Wind::ALL {
        for &tile in &tiles {
            for kind in 0..8 {
                let a = crate::common::any_action(seat, tile, kind);
                if !out.contains(&a) {
                    out.push(a);
                }
            }
        }
    }
    out
}

fn dealt(seed: u64, options: &TableOptions) -> (Round, Pcg64Mcg) {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let setup = Deal::random(options.tile_set, &mut rng).setup(4).unwrap();
    let round = Round::new(&setup, Some(Wind::South), options.clone()).unwrap();
    (round, rng)
}

/// A bounded walk: `check_shape` with a budget, so that a bug in the walk cannot hang.
fn shape<S>(state: &S, depth: u32, width: usize, probes: &[S::Move]) -> u64
where
    S: GameState + Clone + PartialEq,
{
    match check_shape(state, depth, width, probes, &Limits::new().budget(20_000)) {
        Ok(n) => n,
        Err(e @ ShapeError::Interrupted(_)) => panic!("the walk is over its budget: {e}"),
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn rounds_keep_the_state_shape() {
    let probes = probes();
    let mut states = 0;
    for seed in 0..6u64 {
        let options = &crate::common::option_sets()[seed as usize % 3];
        let (start, mut rng) = dealt(seed, options);
        // One whole line (the first listed action each time: passes, the lowest discard)
        // down to the end of the round, which must list no move and no seat.
        states += shape(&start, Round::MAX_ACTIONS as u32, 1, &probes);
        // Bushy walks from points along a random line: claim windows, kongs, the end.
        let mut round = start;
        let mut played = 0;
        while !round.is_over() {
            if played % 23 == 0 {
                states += shape(&round, 2, 3, &probes);
            }
            let &m = round.legal_moves().choose(&mut rng).unwrap();
            round.play(m).unwrap();
            played += 1;
        }
        assert_eq!(
            shape(&round, 3, 3, &probes),
            1,
            "an ended round is one state"
        );
    }
    assert!(states > 300, "{states} states checked");
}

#[test]
fn a_game_keeps_the_state_shape_across_its_rounds() {
    let probes = probes();
    let names = ["a", "b", "c", "d"].map(String::from);
    let mut game = Game::new(names, TableOptions::default().with_rounds(2)).unwrap();
    let mut rng = Pcg64Mcg::seed_from_u64(7);
    // Before the first deal the game is at rest: one state, nobody to act, nothing legal.
    assert_eq!(shape(&game, 5, 3, &probes), 1);
    assert!(GameState::is_over(&game) && game.needs_deal() && !game.is_finished());
    game.deal(Deal::random(TileSet::Full, &mut rng)).unwrap();
    // Through the first round to its end, where the game rests until the next deal.
    let states = shape(&game, Round::MAX_ACTIONS as u32, 1, &probes);
    assert!(states > 20, "{states}");
    assert!(shape(&game, 2, 4, &probes) > 4);
    let mut table: [Box<dyn Bot>; 4] =
        core::array::from_fn(|_| Box::new(RandomBot) as Box<dyn Bot>);
    play_round(&mut game, &mut table, &mut rng).unwrap();
    assert!(game.is_over() && game.needs_deal());
    assert_eq!(shape(&game, 5, 3, &probes), 1);
    play_round(&mut game, &mut table, &mut rng).unwrap();
    assert!(game.is_finished() && game.is_over() && !game.needs_deal());
    assert_eq!(shape(&game, 5, 3, &probes), 1);
    assert_eq!(
        GameState::play(&mut game, probes[0]),
        Err(PlayError::GameOver)
    );
}

/// The trait's answers, read through a generic function.
fn through_the_trait<S: GameState>(s: &S, m: S::Move) -> (Vec<S::Player>, bool, usize, bool) {
    (
        s.to_act(),
        s.is_over(),
        s.legal_moves().len(),
        s.is_legal(m),
    )
}

#[test]
fn the_trait_is_the_inherent_methods() {
    let (mut round, mut rng) = dealt(3, &TableOptions::default());
    let mut game = Game::new(
        ["a", "b", "c", "d"].map(String::from),
        TableOptions::default(),
    )
    .unwrap();
    game.deal(Deal::random(TileSet::Full, &mut rng)).unwrap();
    let probe = probes()[0];
    for _ in 0..30 {
        let inherent = (
            round.to_act(),
            round.is_over(),
            round.legal_moves().len(),
            round.is_legal(probe),
        );
        assert_eq!(through_the_trait(&round, probe), inherent);
        // perft of one move counts the legal moves.
        assert_eq!(
            perft(&round, 1, &Limits::new()),
            Ok(round.legal_moves().len() as u64)
        );
        let &m = round.legal_moves().choose(&mut rng).unwrap();
        assert_eq!(GameState::check(&round, m), round.check(m));
        GameState::play(&mut round, m).unwrap();
        let g = (
            game.to_act(),
            game.is_over(),
            game.legal_moves().len(),
            game.is_legal(probe),
        );
        assert_eq!(through_the_trait(&game, probe), g);
        let &m = game.legal_moves().choose(&mut rng).unwrap();
        GameState::play(&mut game, m).unwrap();
    }
}

#[test]
fn refusals_name_seats_and_tiles() {
    let (round, _) = dealt(5, &TableOptions::default());
    let dominant = round.dominant();
    let other = dominant.next();
    let not_to_act = round.check(Action::Pass { seat: other }).unwrap_err();
    assert_eq!(not_to_act, PlayError::NotToAct { seat: other });
    let name = |w: Wind| match w {
        Wind::East => "East",
        Wind::South => "South",
        Wind::West => "West",
        Wind::North => "North",
    };
    assert_eq!(
        not_to_act.to_string(),
        format!("{} has nothing to decide now", name(other))
    );
    let missing = Tile::ALL
        .into_iter()
        .find(|t| !t.is_bonus() && !round.concealed(dominant).contains(t))
        .unwrap();
    let e = round
        .check(Action::Discard {
            seat: dominant,
            tile: missing,
        })
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        format!("{} holds no {missing}", name(dominant))
    );
    // Refused, a move changes nothing.
    let mut copy = round.clone();
    assert!(copy.play(Action::Pass { seat: other }).is_err());
    assert_eq!(copy, round);
}
