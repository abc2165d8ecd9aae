//! Fuzzes play on a mahjong solitaire board: a deal (a small three-layer layout or the
//! Turtle, random or solvable, from a seed in the input), then the input's operations: legal
//! moves, arbitrary moves, undo, selection, shuffle and hints (small budgets). After each one
//! the board holds together: a refused move leaves it unchanged, an accepted one removes two
//! matching free tiles, undo gives back the board before the last move, the counts, the
//! free tiles, the status and the legal moves agree, and in the end a save restores the
//! same board. At most 32 operations, one shuffle and one hint, small budgets: inputs stay cheap.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mahjong_solitaire::{
    Board, BuiltinLayout, Layout, Move, Outcome, ReversePlacement, Solver, Status, random_deal,
};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

/// Which tiles are still there.
fn presence(board: &Board) -> Vec<bool> {
    (0..board.layout().len()).map(|i| board.is_present(i)).collect()
}

fn consistent(board: &Board) {
    let n = board.layout().len();
    let present = presence(board);
    assert_eq!(board.remaining(), present.iter().filter(|&&p| p).count());
    assert_eq!(board.remaining_tiles().count(), board.remaining());
    assert_eq!(n - board.remaining(), 2 * removed_by(board));
    let free = board.free_tiles();
    assert!(free.iter().all(|&i| present[i] && board.is_free(i)));
    assert_eq!(
        free.len(),
        (0..n).filter(|&i| present[i] && board.blocked(i).is_none()).count()
    );
    let moves = board.legal_moves();
    assert!(moves.iter().all(|&m| board.is_legal(m)));
    assert_eq!(board.is_over(), moves.is_empty());
    let status = board.status();
    assert_eq!(board.is_cleared(), board.remaining() == 0);
    assert_eq!(
        status == Status::DeadEnd,
        board.remaining() > 0 && moves.is_empty()
    );
    assert_eq!(status == Status::Cleared, board.is_cleared());
    if let Some(s) = board.selected() {
        assert!(board.is_free(s));
    }
}

/// Tiles removed by the history (pairs), or before it.
fn removed_by(board: &Board) -> usize {
    let n = board.layout().len();
    (n - board.remaining()) / 2
}

fuzz_target!(|data: &[u8]| {
    if data.len() < 3 {
        return;
    }
    let small: Layout = "0 0: 0-10\n0 2: 0-10\n1 1: 3-7\n2 1: 5\n0 6: 0-2\n"
        .parse()
        .expect("the small layout");
    // The Turtle for one input in sixteen: its checks cost ten times the small layout's.
    let layout = if data[0] & 15 == 15 {
        BuiltinLayout::Turtle.layout()
    } else {
        small
    };
    let mut rng = Pcg64Mcg::seed_from_u64(u64::from(data[1]));
    let mut board = if data[0] & 4 == 0 {
        random_deal(&layout, &mut rng)
    } else {
        match ReversePlacement::new().budget(10_000).deal(&layout, &mut rng) {
            Ok(d) => d.board,
            Err(_) => return,
        }
    };
    let n = layout.len();
    // The board before each move of the history (cleared by a shuffle, which changes tiles).
    let mut before: Vec<Board> = Vec::new();
    // Shuffles and hints run the dealer and the solver: once each per input.
    let (mut shuffled, mut hinted) = (false, false);
    consistent(&board);
    // At most 32 operations: each input stays cheap.
    for op in data[2..].chunks(2).take(32) {
        let (code, arg) = (op[0], op.get(1).copied().unwrap_or(0));
        match code % 6 {
            0 => {
                let moves = board.legal_moves();
                if let Some(&m) = moves.get(usize::from(arg) % moves.len().max(1)) {
                    let snapshot = board.clone();
                    board.play(m).expect("a legal move plays");
                    assert_eq!(board.remaining() + 2, snapshot.remaining());
                    assert_eq!(board.history().last(), Some(&m));
                    before.push(snapshot);
                }
            }
            1 => {
                let m = Move::new(usize::from(code / 6) % (n + 2), usize::from(arg) % (n + 2));
                let snapshot = board.clone();
                let legal = board.is_legal(m);
                match board.play(m) {
                    Ok(()) => {
                        assert!(legal);
                        before.push(snapshot);
                    }
                    Err(_) => {
                        assert!(!legal);
                        assert_eq!(board, snapshot, "a refused move changes nothing");
                    }
                }
            }
            2 => {
                let last = board.history().last().copied();
                assert_eq!(board.undo(), last);
                if last.is_some() {
                    if let Some(snapshot) = before.pop() {
                        assert_eq!(presence(&board), presence(&snapshot));
                        assert_eq!(board.history(), snapshot.history());
                    }
                }
            }
            3 => {
                let here = board.remaining();
                board.select(usize::from(arg) % (n + 2));
                assert!(board.remaining() == here || board.remaining() + 2 == here);
                if board.remaining() != here {
                    before.clear();
                }
            }
            4 if !shuffled => {
                shuffled = true;
                let snapshot = board.clone();
                let options = ReversePlacement::new().budget(2_000);
                match options.shuffle(&mut board, &mut rng) {
                    Ok(()) => {
                        assert_eq!(presence(&board), presence(&snapshot));
                        let mut a: Vec<_> = board.remaining_tiles().map(|(_, t)| t).collect();
                        let mut b: Vec<_> = snapshot.remaining_tiles().map(|(_, t)| t).collect();
                        a.sort_unstable();
                        b.sort_unstable();
                        assert_eq!(a, b, "a shuffle keeps the tiles");
                        let outcome = Solver::new().budget(50).solve(&board).map(|a| a.outcome);
                        assert_ne!(outcome, Ok(Outcome::Unwinnable), "a shuffle is winnable");
                        before.clear();
                    }
                    Err(_) => assert_eq!(board, snapshot, "a failed shuffle changes nothing"),
                }
            }
            5 if !hinted => {
                hinted = true;
                match Solver::new().budget(20).hint(&board) {
                    Ok(h) => match h.mv() {
                        Some(m) => assert!(board.is_legal(m)),
                        None => assert!(board.is_over()),
                    },
                    Err(stop) => assert!(!board.is_over(), "{stop}: a dead end needs no solve"),
                }
            }
            _ => {}
        }
        consistent(&board);
    }
    let restored = Board::restore(board.save()).expect("a save restores");
    assert_eq!(restored, board);
});
