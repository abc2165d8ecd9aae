//! Properties checked on random inputs (proptest).

use std::collections::HashSet;

use mahjong_solitaire::{
    Board, Layout, Move, Outcome, Position, Solver, random_deal, solvable_deal,
};
use proptest::prelude::*;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

/// A random small layout: up to three layers, each on its own half-tile offset so that upper
/// tiles straddle lower ones; an even number (at least two) of positions.
fn small_layout(max: usize) -> impl Strategy<Value = Layout> {
    proptest::collection::btree_set((0u16..6, 0u16..3, 0u8..3), 2..=max).prop_filter_map(
        "needs two positions",
        |cells| {
            let mut positions: Vec<Position> = cells
                .into_iter()
                .map(|(i, j, z)| Position::new(2 * i + u16::from(z), 2 * j + u16::from(z), z))
                .collect();
            if positions.len() % 2 == 1 {
                positions.pop();
            }
            Layout::new("random", positions).ok()
        },
    )
}

/// Whether the positions of a small layout (at most 64) can be emptied two free tiles at a
/// time, whatever the tiles (an exhaustive search over sets of positions left).
fn clearable(layout: &Layout) -> bool {
    fn walk(ps: &[Position], left: u64, lost: &mut HashSet<u64>) -> bool {
        if left == 0 {
            return true;
        }
        if lost.contains(&left) {
            return false;
        }
        let there = |j: usize| left & (1 << j) != 0;
        let free: Vec<usize> = (0..ps.len())
            .filter(|&i| there(i))
            .filter(|&i| {
                let by = |rule: fn(Position, Position) -> bool| {
                    (0..ps.len()).any(|j| there(j) && rule(ps[j], ps[i]))
                };
                !by(Position::covers)
                    && (!by(Position::blocks_left_of) || !by(Position::blocks_right_of))
            })
            .collect();
        for (k, &a) in free.iter().enumerate() {
            for &b in &free[k + 1..] {
                if walk(ps, left & !(1 << a) & !(1 << b), lost) {
                    return true;
                }
            }
        }
        lost.insert(left);
        false
    }
    let ps = layout.positions();
    walk(ps, (1u64 << ps.len()) - 1, &mut HashSet::new())
}

/// Exhaustive search over moves (for small boards only).
fn brute_force(board: &mut Board) -> bool {
    if board.is_cleared() {
        return true;
    }
    for m in board.legal_moves() {
        board.play(m).expect("a legal move");
        let won = brute_force(board);
        board.undo();
        if won {
            return true;
        }
    }
    false
}

fn replay(board: &Board, moves: &[Move]) -> bool {
    let mut b = board.clone();
    moves.iter().all(|&m| b.play(m).is_ok()) && b.is_cleared()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Every reverse-placement deal is won by replaying its placement backwards, and the
    /// solver finds it winnable.
    #[test]
    fn reverse_placement_deals_are_winnable(layout in small_layout(24), seed in any::<u64>()) {
        let Ok(d) = solvable_deal(&layout, &mut Pcg64Mcg::seed_from_u64(seed)) else {
            // Some random structures cannot be cleared at all: the placer proves it, and
            // then a brute force over positions agrees.
            prop_assert!(!clearable(&layout));
            return Ok(());
        };
        prop_assert!(clearable(&layout));
        prop_assert!(replay(&d.board, &d.solution()));
        match Solver::new().solve(&d.board).map(|a| a.outcome) {
            Ok(Outcome::Winnable(s)) => prop_assert!(replay(&d.board, &s)),
            other => prop_assert!(false, "solver said {:?}", other),
        }
    }

    /// On random deals of small layouts the solver agrees with brute force, and its
    /// sequences are legal.
    #[test]
    fn solver_is_right_on_small_random_deals(layout in small_layout(14), seed in any::<u64>()) {
        let board = random_deal(&layout, &mut Pcg64Mcg::seed_from_u64(seed));
        let expected = brute_force(&mut board.clone());
        match Solver::new().solve(&board).map(|a| a.outcome) {
            Ok(Outcome::Winnable(s)) => {
                prop_assert!(expected);
                prop_assert!(replay(&board, &s));
            }
            Ok(Outcome::Unwinnable) => prop_assert!(!expected),
            Err(stop) => prop_assert!(false, "no budget, yet {stop}"),
        }
    }

    /// Legal moves are legal, and undoing every move restores the board exactly.
    #[test]
    fn undo_restores_exactly(layout in small_layout(30), seed in any::<u64>(), picks in proptest::collection::vec(any::<u16>(), 0..20)) {
        let start = random_deal(&layout, &mut Pcg64Mcg::seed_from_u64(seed));
        let mut board = start.clone();
        let mut played = 0;
        for pick in picks {
            let moves = board.legal_moves();
            if moves.is_empty() {
                break;
            }
            for &m in &moves {
                prop_assert!(board.is_legal(m));
            }
            let m = moves[usize::from(pick) % moves.len()];
            board.play(m).map_err(|e| TestCaseError::fail(e.to_string()))?;
            played += 1;
        }
        prop_assert_eq!(board.history().len(), played);
        while board.undo().is_some() {}
        prop_assert_eq!(board, start);
    }

    /// The text format and the KMahjongg export round-trip.
    #[test]
    fn layout_formats_round_trip(layout in small_layout(40)) {
        let text = layout.to_string();
        prop_assert_eq!(text.parse::<Layout>().unwrap(), layout.clone());
        let kde = Layout::from_kmahjongg(&layout.to_kmahjongg()).unwrap();
        prop_assert_eq!(kde.with_name(layout.name()), layout);
    }

    /// The layout parsers never panic, and what they accept prints back to itself.
    #[test]
    fn parsers_never_panic(text in "[0-9 :\\-#\\.a-z\\n]{0,80}") {
        if let Ok(layout) = text.parse::<Layout>() {
            prop_assert_eq!(layout.to_string().parse::<Layout>().unwrap(), layout);
        }
        let _ = Layout::from_kmahjongg(&format!("kmahjongg-layout-v1.1\n{text}"));
    }
}
