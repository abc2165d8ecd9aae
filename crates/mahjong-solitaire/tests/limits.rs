//! Hostile inputs: every one answers within a few seconds with a clear result, and the
//! written limits hold. The layouts are in `tests/data/limits/` (written for these tests:
//! a 777-byte text and a 16.5 KB KMahjongg file of 4,096 tiles in one flat layer, towers
//! that cannot be dealt, the largest layout allowed).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use mahjong_solitaire::deal::{DealError, ReversePlacement};
use mahjong_solitaire::{
    Board, KmahjonggError, Layout, LayoutError, Outcome, ParseLayoutError, Position, Solver, deal,
};
use mahjong_tiles::Tile;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

/// Generous for unoptimised test builds on a loaded machine; release builds take a tenth.
const QUICK: Duration = Duration::from_secs(10);

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
    let start = Instant::now();
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
    assert!(start.elapsed() < Duration::from_secs(1));
}

#[test]
fn texts_past_their_limits_are_refused_unread() {
    let long = "#".repeat(Layout::MAX_TEXT_LEN + 1);
    assert_eq!(
        long.parse::<Layout>(),
        Err(ParseLayoutError::TooLong {
            len: Layout::MAX_TEXT_LEN + 1,
            max: Layout::MAX_TEXT_LEN
        })
    );
    let file = format!(
        "kmahjongg-layout-v1.1\n{}",
        "#".repeat(Layout::MAX_KMAHJONGG_LEN)
    );
    assert!(matches!(
        Layout::from_kmahjongg(&file),
        Err(KmahjonggError::TooLong { max, .. }) if max == Layout::MAX_KMAHJONGG_LEN
    ));
    // Names are cut, never refused.
    let named = format!("name: {}\n0 0: 0 2\n", "word ".repeat(1000));
    let layout: Layout = named.parse().unwrap();
    assert_eq!(layout.name().chars().count(), Layout::MAX_NAME_LEN - 1);
    assert_eq!(layout.to_string().parse::<Layout>().unwrap(), layout);
}

#[test]
fn the_largest_layout_deals_and_solves_quickly() {
    let layout: Layout = data("flat1024.txt").parse().unwrap();
    assert_eq!(layout.len(), Layout::MAX_POSITIONS);
    let start = Instant::now();
    let dealt = deal::solvable_deal(&layout, &mut rng()).unwrap();
    assert_eq!(dealt.board.remaining(), 1024);
    let solve = Solver::new().solve(&dealt.board);
    assert!(solve.outcome.winnable() != Some(false));
    assert!(start.elapsed() < QUICK, "{:?}", start.elapsed());
}

#[test]
fn towers_that_cannot_be_dealt_are_reported_at_once() {
    for (name, stacked, positions) in [("tower44.txt", 23, 44), ("tower60.txt", 31, 60)] {
        let layout: Layout = data(name).parse().unwrap();
        let start = Instant::now();
        assert_eq!(
            deal::solvable_deal(&layout, &mut rng()),
            Err(DealError::TooTall { stacked, positions }),
            "{name}"
        );
        assert!(start.elapsed() < Duration::from_secs(1), "{name}");
    }
    let layout: Layout = data("under88.txt").parse().unwrap();
    assert_eq!(
        deal::solvable_deal(&layout, &mut rng()),
        Err(DealError::NoArrangement)
    );
}

#[test]
fn towers_with_enough_partners_are_dealt() {
    for name in ["tower72.txt", "tower88.txt"] {
        let layout: Layout = data(name).parse().unwrap();
        let start = Instant::now();
        let dealt = deal::solvable_deal(&layout, &mut rng()).unwrap();
        let mut board = dealt.board.clone();
        for m in dealt.solution() {
            board.play(m).unwrap();
        }
        assert!(board.is_won(), "{name}");
        assert!(start.elapsed() < QUICK, "{name}: {:?}", start.elapsed());
    }
}

/// 101 free tiles of one kind side by side with gaps, and a lone 2m on the first: the 2m
/// never pairs, so the board is lost, but only after trying the ways to pair the others.
fn hopeless() -> Board {
    let mut positions: Vec<Position> = (0..101u16)
        .map(|i| Position::new(6 * (i % 32), 4 * (i / 32), 0))
        .collect();
    positions.push(Position::new(1, 0, 1));
    let layout = Layout::new("hopeless", positions).unwrap();
    let t = |s: &str| s.parse::<Tile>().unwrap();
    let mut tiles = vec![t("1m"); 101];
    tiles.push(t("2m"));
    Board::new(&layout, tiles).unwrap()
}

#[test]
fn the_solver_stops_on_its_budget_and_on_its_flag() {
    let board = hopeless();
    let solve = Solver::new().budget(2_000).solve(&board);
    assert_eq!((solve.outcome, solve.nodes), (Outcome::Unknown, 2_001));

    let flag = Arc::new(AtomicBool::new(false));
    let raiser = {
        let flag = Arc::clone(&flag);
        thread::spawn(move || {
            thread::sleep(Duration::from_millis(200));
            flag.store(true, Ordering::Relaxed);
        })
    };
    let start = Instant::now();
    let solve = Solver::new()
        .budget(u64::MAX)
        .cancel_flag(flag)
        .solve(&board);
    let took = start.elapsed();
    raiser.join().unwrap();
    assert_eq!(solve.outcome, Outcome::Unknown);
    assert!(took >= Duration::from_millis(200), "{took:?}");
    assert!(took < Duration::from_secs(2), "{took:?}");
}

#[test]
fn the_dealer_stops_on_its_budget_and_on_its_flag() {
    let layout: Layout = data("flat1024.txt").parse().unwrap();
    assert_eq!(
        ReversePlacement::new()
            .budget(100)
            .deal(&layout, &mut rng()),
        Err(DealError::BudgetExhausted { tries: 100 })
    );
    let raised = Arc::new(AtomicBool::new(true));
    let r = ReversePlacement::new()
        .cancel_flag(raised)
        .deal(&layout, &mut rng());
    assert_eq!(r, Err(DealError::Cancelled { tries: 0 }));
    assert!(r.unwrap_err().is_interrupted());
}

#[test]
fn move_errors_quote_an_excerpt() {
    let long = "7".repeat(100_000);
    let err = long.parse::<mahjong_solitaire::Move>().unwrap_err();
    assert_eq!(err.len, 100_000);
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
    let board = deal::random_deal(
        &mahjong_solitaire::BuiltinLayout::Turtle.layout(),
        &mut rng(),
    );
    let mut saved: serde_json::Value = serde_json::to_value(&board).unwrap();
    saved["history"] = serde_json::Value::Array(
        (0..2000)
            .map(|_| serde_json::json!({"first": 0, "second": 1}))
            .collect(),
    );
    let err = serde_json::from_value::<Board>(saved).unwrap_err();
    assert!(err.to_string().contains("more than 1024 items"), "{err}");
}
