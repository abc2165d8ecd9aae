//! Hostile inputs: every one answers within a few seconds with a clear result, and the
//! written limits hold. The layouts are in `tests/data/limits/` (written for these tests:
//! a 777-byte text and a 16.5 KB KMahjongg file of 4,096 tiles in one flat layer, towers
//! that cannot be dealt, the largest layout allowed).

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use mahjong_solitaire::{
    BuiltinLayout, DealError, Interrupted, KmahjonggError, Layout, LayoutError, ParseLayoutError,
    ReversePlacement, ShuffleError, Solver, StopReason, WorkUnit, random_deal, solvable_deal,
};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

fn data(name: &str) -> String {
    let path = format!("{}/tests/data/limits/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn rng() -> Pcg64Mcg {
    Pcg64Mcg::seed_from_u64(1)
}

#[test]
fn too_many_tiles_are_refused_before_any_work() {
    let text = data("flat4096.txt");
    assert!(text.len() < 900, "{}", text.len());
    assert!(matches!(
        text.parse::<Layout>(),
        Err(ParseLayoutError::Invalid(LayoutError::TooMany {
            max: 1024,
            ..
        }))
    ));
    let file = data("flat4096.layout");
    assert!(matches!(
        Layout::from_kmahjongg(&file),
        Err(KmahjonggError::Invalid(LayoutError::TooMany {
            count: 1025,
            max: 1024
        }))
    ));
}

#[test]
fn texts_past_their_limits_are_refused_unread() {
    let long = "#".repeat(Layout::MAX_TEXT_LEN + 1);
    assert_eq!(
        long.parse::<Layout>(),
        Err(ParseLayoutError::TooLong {
            length: Layout::MAX_TEXT_LEN + 1,
            max: Layout::MAX_TEXT_LEN
        })
    );
    let file = format!(
        "kmahjongg-layout-v1.1\n{}",
        "#".repeat(Layout::MAX_KMAHJONGG_TEXT_LEN)
    );
    assert!(matches!(
        Layout::from_kmahjongg(&file),
        Err(KmahjonggError::TooLong { max, .. }) if max == Layout::MAX_KMAHJONGG_TEXT_LEN
    ));
    // Names are cut, never refused.
    let named = format!("name: {}\n0 0: 0 2\n", "word ".repeat(1000));
    let layout: Layout = named.parse().unwrap();
    assert_eq!(layout.name().len(), Layout::MAX_NAME_LEN - 1);
    assert_eq!(layout.to_string().parse::<Layout>().unwrap(), layout);
    // Cut in bytes, at a character boundary.
    let named = format!("name: {}\n0 0: 0 2\n", "é".repeat(1000));
    let layout: Layout = named.parse().unwrap();
    assert_eq!(layout.name(), "é".repeat(Layout::MAX_NAME_LEN / 2));
}

#[test]
fn the_largest_layout_deals_and_solves_quickly() {
    let layout: Layout = data("flat1024.txt").parse().unwrap();
    assert_eq!(layout.len(), Layout::MAX_POSITIONS);
    let dealt = solvable_deal(&layout, &mut rng()).unwrap();
    assert_eq!(dealt.board.remaining(), 1024);
    // The solver's budget stands for about the same time on every layout.
    if let Ok(analysis) = Solver::new().budget(100_000).solve(&dealt.board) {
        assert!(analysis.outcome.is_winnable());
    }
}

#[test]
fn towers_that_cannot_be_dealt_are_reported_at_once() {
    for (name, stacked, positions) in [("tower44.txt", 23, 44), ("tower60.txt", 31, 60)] {
        let layout: Layout = data(name).parse().unwrap();
        assert_eq!(
            solvable_deal(&layout, &mut rng()),
            Err(DealError::TooTall { stacked, positions }),
            "{name}"
        );
    }
    let layout: Layout = data("under88.txt").parse().unwrap();
    assert_eq!(
        solvable_deal(&layout, &mut rng()),
        Err(DealError::NoArrangement)
    );
}

#[test]
fn towers_with_enough_partners_are_dealt() {
    for name in ["tower72.txt", "tower88.txt"] {
        let layout: Layout = data(name).parse().unwrap();
        let dealt = solvable_deal(&layout, &mut rng()).unwrap();
        let mut board = dealt.board.clone();
        for m in dealt.solution() {
            board.play(m).unwrap();
        }
        assert!(board.is_cleared(), "{name}");
    }
}

#[test]
fn the_solver_stops_on_its_budget_and_on_its_flag() {
    // A random Turtle deal the solver does not decide in three nodes.
    let board = random_deal(
        &BuiltinLayout::Turtle.layout(),
        &mut Pcg64Mcg::seed_from_u64(13),
    );
    let stop = Solver::new().budget(3).solve(&board).unwrap_err();
    assert_eq!(
        stop,
        Interrupted::new(StopReason::Budget, WorkUnit::Nodes, 4)
    );
    assert_eq!(
        stop.to_string(),
        "stopped by its budget after 4 search nodes"
    );
    // The same budget as a hint.
    assert_eq!(Solver::new().budget(3).hint(&board), Err(stop));

    let raised = Arc::new(AtomicBool::new(true));
    let stop = Solver::new()
        .cancel_flag(Arc::clone(&raised))
        .solve(&board)
        .unwrap_err();
    assert_eq!(
        stop,
        Interrupted::new(StopReason::Cancelled, WorkUnit::Nodes, 1)
    );
    assert!(
        Solver::new()
            .cancel_flag(raised)
            .hint(&board)
            .unwrap_err()
            .is_cancelled()
    );
    // Unbounded, it answers.
    assert!(Solver::new().budget(None).solve(&board).is_ok());
}

#[test]
fn the_dealer_stops_on_its_budget_and_on_its_flag() {
    let layout: Layout = data("flat1024.txt").parse().unwrap();
    assert_eq!(
        ReversePlacement::new()
            .budget(100)
            .deal(&layout, &mut rng()),
        Err(DealError::Interrupted(Interrupted::new(
            StopReason::Budget,
            WorkUnit::Tries,
            101
        )))
    );
    let raised = Arc::new(AtomicBool::new(true));
    let r = ReversePlacement::new()
        .cancel_flag(Arc::clone(&raised))
        .deal(&layout, &mut rng());
    assert_eq!(
        r,
        Err(DealError::Interrupted(Interrupted::new(
            StopReason::Cancelled,
            WorkUnit::Tries,
            1
        )))
    );
}

#[test]
fn shuffles_stop_on_the_dealer_budget_and_flag() {
    let mut board = random_deal(&BuiltinLayout::Turtle.layout(), &mut rng());
    let before = board.clone();
    let stop = Interrupted::new(StopReason::Budget, WorkUnit::Tries, 3);
    assert_eq!(
        ReversePlacement::new()
            .budget(2)
            .shuffle(&mut board, &mut rng()),
        Err(ShuffleError::Interrupted(stop))
    );
    let raised = Arc::new(AtomicBool::new(true));
    let r = ReversePlacement::new()
        .cancel_flag(raised)
        .shuffle(&mut board, &mut rng());
    assert!(matches!(r, Err(ShuffleError::Interrupted(stop)) if stop.is_cancelled()));
    assert_eq!(board, before, "an interrupted shuffle changes nothing");
}

#[test]
fn move_errors_quote_an_excerpt() {
    let long = "7".repeat(100_000);
    let err = long.parse::<mahjong_solitaire::Move>().unwrap_err();
    assert_eq!(err.length, 100_000);
    assert_eq!(err.text.len(), mahjong_solitaire::ParseMoveError::EXCERPT);
    assert!(err.to_string().len() < 200, "{err}");
}

#[cfg(feature = "serde")]
#[test]
fn serde_lists_stop_at_the_limit() {
    let positions: Vec<String> = (0..1025)
        .map(|i| format!(r#"{{"x":{},"y":{},"z":0}}"#, 2 * (i % 64), 2 * (i / 64)))
        .collect();
    let json = format!(r#"{{"name":"big","positions":[{}]}}"#, positions.join(","));
    let err = serde_json::from_str::<Layout>(&json).unwrap_err();
    assert!(err.to_string().contains("more than 1024 items"), "{err}");

    // A saved game with an endless history is refused while reading it.
    let board = random_deal(
        &mahjong_solitaire::BuiltinLayout::Turtle.layout(),
        &mut rng(),
    );
    let mut saved: serde_json::Value = serde_json::to_value(&board).unwrap();
    saved["history"] = serde_json::Value::Array(
        (0..2000)
            .map(|_| serde_json::json!({"first": 0, "second": 1}))
            .collect(),
    );
    let err = serde_json::from_value::<mahjong_solitaire::Board>(saved).unwrap_err();
    assert!(err.to_string().contains("more than 1024 items"), "{err}");
}
