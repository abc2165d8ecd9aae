//! No public function panics on arbitrary well-typed input (proptest): layouts from any
//! positions, boards from any tiles, any moves, selections, undos, shuffles, hints, solves
//! and deals within small budgets, saved games with any fields, any text to every parser,
//! scorers with any parameters and events. The budgets are the only escape.

use std::time::Duration;

use mahjong_solitaire::render::{SvgOptions, TextOptions, to_svg, to_text};
use mahjong_solitaire::score::{Event, MoveScore, NoScore, Penalties, Scorer, TimeScore};
use mahjong_solitaire::{
    Board, BuiltinLayout, Layout, Move, Position, ReversePlacement, SavedGame, Solver, random_deal,
    tiles_match,
};
use mahjong_tiles::Tile;
use proptest::prelude::*;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

fn tile() -> impl Strategy<Value = Tile> {
    (0..Tile::ALL.len()).prop_map(|i| Tile::ALL[i])
}

/// Positions anywhere (most out of a layout's range), or packed near the origin so that
/// many make valid layouts.
fn positions() -> impl Strategy<Value = Vec<Position>> {
    prop_oneof![
        proptest::collection::vec(
            (any::<u16>(), any::<u16>(), any::<u8>()).prop_map(|(x, y, z)| Position::new(x, y, z)),
            0..12
        ),
        proptest::collection::vec(
            (0u16..12, 0u16..6, 0u8..4).prop_map(|(x, y, z)| Position::new(x, y, z)),
            0..40
        ),
    ]
}

fn index() -> impl Strategy<Value = usize> {
    prop_oneof![0usize..48, any::<usize>()]
}

#[derive(Clone, Debug)]
enum Op {
    Play(usize, usize),
    Select(usize),
    Undo,
    Clear,
    Shuffle(u64),
    Hint(u64),
    Solve(u64),
    Probe(usize),
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        (index(), index()).prop_map(|(a, b)| Op::Play(a, b)),
        index().prop_map(Op::Select),
        Just(Op::Undo),
        Just(Op::Clear),
        (0u64..3000).prop_map(Op::Shuffle),
        (0u64..300).prop_map(Op::Hint),
        (0u64..300).prop_map(Op::Solve),
        index().prop_map(Op::Probe),
    ]
}

fn event() -> impl Strategy<Value = Event> {
    let at = any::<u64>().prop_map(Duration::from_secs);
    prop_oneof![
        at.clone().prop_map(|at| Event::Pair { at }),
        at.clone().prop_map(|at| Event::Undo { at }),
        at.clone().prop_map(|at| Event::Hint { at }),
        at.clone().prop_map(|at| Event::Shuffle { at }),
        (at, any::<bool>()).prop_map(|(at, cleared)| Event::Finished { at, cleared }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn layouts_boards_and_play_never_panic(
        positions in positions(),
        tiles in proptest::collection::vec(tile(), 0..44),
        holes in proptest::collection::vec(any::<bool>(), 0..44),
        ops in proptest::collection::vec(op(), 0..24),
        seed in any::<u64>(),
        name in ".{0,20}",
    ) {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let Ok(layout) = Layout::new(name, positions) else { return Ok(()) };
        let _ = (layout.width(), layout.height(), layout.depth(), layout.tiles());
        let _ = Layout::from_kmahjongg(&layout.to_kmahjongg());
        let _ = layout.to_string().parse::<Layout>();
        let _ = ReversePlacement::new().budget(2_000).deal(&layout, &mut rng);
        let _ = Board::new(&layout, tiles.clone());
        let parts: Vec<Option<Tile>> =
            tiles.iter().zip(holes.iter().chain(std::iter::repeat(&false)))
                .map(|(&t, &hole)| (!hole).then_some(t)).collect();
        let _ = Board::from_parts(&layout, parts.clone());
        // A board on which the operations run: the given tiles when they fit, else a deal.
        let mut board = match Board::new(&layout, tiles) {
            Ok(b) => b,
            Err(_) => random_deal(&layout, &mut rng),
        };
        for op in ops {
            match op {
                Op::Play(a, b) => {
                    let m = Move::new(a, b);
                    let _ = (board.check(m), board.is_legal(m), m.to_string());
                    let _ = board.play(m);
                }
                Op::Select(i) => { board.select(i); }
                Op::Undo => { board.undo(); }
                Op::Clear => board.clear_selection(),
                Op::Shuffle(budget) => {
                    let _ = ReversePlacement::new().budget(budget).shuffle(&mut board, &mut rng);
                }
                Op::Hint(budget) => {
                    let _ = Solver::new().budget(budget).hint(&board);
                }
                Op::Solve(budget) => { let _ = Solver::new().budget(budget).solve(&board); }
                Op::Probe(i) => {
                    let _ = (board.tile(i), board.is_present(i), board.is_free(i), board.blocked(i));
                }
            }
            let _ = (board.legal_moves(), board.free_tiles(), board.status(), board.is_over());
        }
        let _ = (to_text(&board, &TextOptions::default()), to_svg(&board, &SvgOptions::default()));
        let _ = board.to_string();
        let _ = Board::restore(board.save());
        // A saved game with any fields.
        let _ = Board::restore(SavedGame {
            layout: layout.clone(),
            tiles: parts,
            history: board.history().iter().rev().copied().collect(),
            selected: board.selected().map(|s| s.wrapping_add(seed as usize % 3)),
        });
    }

    #[test]
    fn parsers_never_panic(text in ".{0,200}", bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        let lossy = String::from_utf8_lossy(&bytes).into_owned();
        for t in [text.as_str(), lossy.as_str()] {
            let _ = t.parse::<Layout>();
            let _ = Layout::from_kmahjongg(t);
            let _ = Layout::from_kmahjongg(&format!("kmahjongg-layout-v1.1\n{t}"));
            let _ = t.parse::<Move>();
            let _ = t.parse::<BuiltinLayout>();
        }
    }

    #[test]
    fn scorers_never_panic(
        params in (any::<i64>(), any::<u64>(), any::<i64>(), any::<i64>()),
        penalties in (any::<i64>(), any::<i64>(), any::<i64>()),
        start in any::<i64>(),
        per_second in any::<i64>(),
        events in proptest::collection::vec(event(), 0..30),
        a in tile(),
        b in tile(),
    ) {
        let _ = tiles_match(a, b);
        let moves = MoveScore::new(params.0, Duration::from_secs(params.1), params.2, params.3);
        let mut scorers: Vec<Box<dyn Scorer>> = vec![
            Box::new(NoScore),
            Box::new(TimeScore::countdown()),
            Box::new(TimeScore::elapsed()),
            Box::new(TimeScore::Countdown { start, per_second, clock: Duration::ZERO, stopped: false }),
            Box::new(moves),
            Box::new(Penalties::with(moves, penalties.0, penalties.1, penalties.2)),
        ];
        for e in events {
            for s in &mut scorers {
                s.record(e);
                let _ = s.score();
            }
        }
    }
}
