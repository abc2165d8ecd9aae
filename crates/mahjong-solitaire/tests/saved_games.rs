//! Saving and restoring games through JSON (feature `serde`): a board read back equals the
//! one written and plays on identically; a saved game that was tampered with is refused.

use mahjong_solitaire::{Board, BuiltinLayout, Layout, Move, random_deal, tiles_match};
use mahjong_tiles::Tile;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use serde_json::Value;

fn round_trip(board: &Board) -> Board {
    let json = serde_json::to_string(board).expect("a board serializes");
    serde_json::from_str(&json).expect("a saved board reads back")
}

/// Plays the same moves on both boards (the first legal move, then undo now and then) and
/// checks that they stay equal.
fn play_on_together(a: &mut Board, b: &mut Board, steps: usize) {
    for step in 0..steps {
        assert_eq!(a.legal_moves(), b.legal_moves());
        if step % 5 == 4 {
            assert_eq!(a.undo(), b.undo());
        } else if let Some(&m) = a.legal_moves().first() {
            a.play(m).unwrap();
            b.play(m).unwrap();
        }
        assert_eq!(a, b);
    }
}

#[test]
fn a_game_restores_exactly_after_moves_undo_and_shuffle() {
    let mut rng = Pcg64Mcg::seed_from_u64(3);
    let mut board = random_deal(&BuiltinLayout::Turtle.layout(), &mut rng);
    let mut copy = round_trip(&board);
    assert_eq!(copy, board);
    play_on_together(&mut board, &mut copy, 12);
    // After moves and undo, and with a tile selected.
    let free = board.free_tiles()[0];
    board.select(free);
    let mut copy = round_trip(&board);
    assert_eq!(copy, board);
    assert_eq!(copy.selected(), Some(free));
    // The selection plays on: a second click does the same on both.
    let other = board.free_tiles()[1];
    assert_eq!(copy.select(other), board.clone().select(other));
    // After a shuffle, the history still undoes on the restored board.
    board.shuffle(&mut rng).unwrap();
    let mut copy = round_trip(&board);
    assert_eq!(copy, board);
    while board.undo().is_some() {
        copy.undo();
        assert_eq!(copy, board);
    }
    assert_eq!(copy.undo(), None);
}

#[test]
fn a_board_from_parts_restores_too() {
    let layout: Layout = "0 0: 0-6\n1 0: 3\n0 4: 0\n".parse().unwrap();
    let t = |s: &str| Some(s.parse().unwrap());
    let mut board =
        Board::from_parts(&layout, vec![None, t("2m"), t("2m"), None, None, None]).unwrap();
    board.play(Move::new(1, 2)).unwrap();
    let json: Value = serde_json::to_value(&board).unwrap();
    assert_eq!(
        json["tiles"],
        serde_json::json!([null, "2m", "2m", null, null, null])
    );
    assert_eq!(
        json["history"],
        serde_json::json!([{"first": 1, "second": 2}])
    );
    assert_eq!(round_trip(&board), board);
}

#[test]
fn a_tampered_saved_game_is_refused() {
    let mut board = random_deal(
        &BuiltinLayout::Pyramid.layout(),
        &mut Pcg64Mcg::seed_from_u64(8),
    );
    for _ in 0..3 {
        let m = board.legal_moves()[0];
        board.play(m).unwrap();
    }
    let good: Value = serde_json::to_value(&board).unwrap();
    let refused = |edit: &dyn Fn(&mut Value)| {
        let mut v = good.clone();
        edit(&mut v);
        serde_json::from_value::<Board>(v)
            .map(|_| ())
            .unwrap_err()
            .to_string()
    };
    // Two tiles swapped under a move of the history: the move no longer matches.
    let tile = |v: &Value, i: usize| v["tiles"][i].as_str().unwrap().parse::<Tile>().unwrap();
    let first = good["history"][0]["first"].as_u64().unwrap() as usize;
    let second = good["history"][0]["second"].as_u64().unwrap() as usize;
    let other = (0..board.layout().len())
        .find(|&k| !tiles_match(tile(&good, k), tile(&good, second)))
        .unwrap();
    let message = refused(&|v| v["tiles"].as_array_mut().unwrap().swap(first, other));
    assert!(message.starts_with("move 0 of the history"), "{message}");
    // A tile changed into one more copy of another: more than the layout's tiles hold.
    let message = refused(&|v| v["tiles"][first] = good["tiles"][other].clone());
    assert!(message.contains("copies of"), "{message}");
    // A move that was never legal, a tile missing, an unknown tile, a selection of a
    // covered tile.
    let covered = board
        .remaining_tiles()
        .map(|(i, _)| i)
        .find(|&i| board.blocked(i).is_some())
        .unwrap();
    for (what, edit) in [
        (
            "a move of covered tiles",
            Box::new(move |v: &mut Value| {
                v["history"][1] = serde_json::json!({"first": covered, "second": covered + 1})
            }) as Box<dyn Fn(&mut Value)>,
        ),
        (
            "a tile too few",
            Box::new(|v: &mut Value| {
                v["tiles"].as_array_mut().unwrap().pop();
            }),
        ),
        (
            "a tile that does not exist",
            Box::new(|v: &mut Value| v["tiles"][0] = "9z".into()),
        ),
        (
            "a covered tile selected",
            Box::new(move |v: &mut Value| v["selected"] = covered.into()),
        ),
        (
            "two positions that overlap",
            Box::new(|v: &mut Value| {
                v["layout"]["positions"][1] = v["layout"]["positions"][0].clone()
            }),
        ),
        (
            "positions out of order",
            Box::new(|v: &mut Value| v["layout"]["positions"].as_array_mut().unwrap().swap(0, 1)),
        ),
    ] {
        let message = refused(&*edit);
        assert!(!message.is_empty(), "{what}");
    }
    // The untouched game reads back.
    assert_eq!(serde_json::from_value::<Board>(good).unwrap(), board);
}
