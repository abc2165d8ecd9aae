//! Benchmarks of `mahjong-solitaire`: deals, move generation and the solver.
//!
//! No solver for mahjong solitaire is published on crates.io to compare with, so the solver
//! is compared with a plain move-by-move depth-first search with a transposition table on the
//! set of removed tiles, on the same deals and with the same node budget. The baseline plays
//! each legal move with the checked `Board::play` (the crate keeps unchecked play private).
//!
//! ```text
//! cargo bench -p benches --bench mahjong_solitaire -- --warm-up-time 1 --measurement-time 3
//! ```

use std::collections::HashSet;
use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use mahjong_solitaire::{Board, BuiltinLayout, Move, Solver, random_deal, solvable_deal};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

/// Random Turtle deals used for the solver comparison (seeds 0 to 7).
fn turtle_deals() -> Vec<Board> {
    let layout = BuiltinLayout::Turtle.layout();
    (0..8)
        .map(|s| random_deal(&layout, &mut Pcg64Mcg::seed_from_u64(s)))
        .collect()
}

/// The baseline: depth-first search over legal moves, remembering lost positions.
struct PlainDfs {
    lost: HashSet<Vec<bool>>,
    nodes: u64,
    budget: u64,
    moves: Vec<Vec<Move>>,
}

impl PlainDfs {
    fn solve(board: &Board, budget: u64) -> Option<bool> {
        let mut s = PlainDfs {
            lost: HashSet::new(),
            nodes: 0,
            budget,
            moves: Vec::new(),
        };
        let won = s.search(&mut board.clone(), 0);
        if won {
            Some(true)
        } else if s.nodes > s.budget {
            None
        } else {
            Some(false)
        }
    }

    fn search(&mut self, board: &mut Board, depth: usize) -> bool {
        if board.is_cleared() {
            return true;
        }
        self.nodes += 1;
        if self.nodes > self.budget {
            return false;
        }
        let key: Vec<bool> = (0..board.layout().len())
            .map(|i| board.is_present(i))
            .collect();
        if self.lost.contains(&key) {
            return false;
        }
        if self.moves.len() <= depth {
            self.moves.push(Vec::new());
        }
        let mut moves = std::mem::take(&mut self.moves[depth]);
        board.legal_moves_into(&mut moves);
        for &m in &moves {
            board.play(m).expect("a legal move");
            let won = self.search(board, depth + 1);
            board.undo();
            if won {
                self.moves[depth] = moves;
                return true;
            }
            if self.nodes > self.budget {
                break;
            }
        }
        self.moves[depth] = moves;
        if self.nodes <= self.budget {
            self.lost.insert(key);
        }
        false
    }
}

fn solver(c: &mut Criterion) {
    let deals = turtle_deals();
    let budget = 20_000;
    // Times alone mislead when one side gives up: say how many deals each decides.
    let ours = deals
        .iter()
        .filter(|d| Solver::new().budget(budget).solve(d).is_ok())
        .count();
    let plain = deals
        .iter()
        .filter(|d| PlainDfs::solve(d, budget).is_some())
        .count();
    eprintln!(
        "decided within {budget} nodes, of {}: solver {ours}, plain DFS {plain}",
        deals.len()
    );
    let mut group = c.benchmark_group("mahjong_solitaire/solve_turtle_random_x8");
    group.sample_size(10);
    group.bench_function("solver", |b| {
        b.iter(|| {
            deals
                .iter()
                .map(|d| {
                    Solver::new()
                        .budget(budget)
                        .solve(black_box(d))
                        .map(|a| a.outcome.is_winnable())
                        .ok()
                })
                .collect::<Vec<_>>()
        })
    });
    group.bench_function("plain_dfs_baseline", |b| {
        b.iter(|| {
            deals
                .iter()
                .map(|d| PlainDfs::solve(black_box(d), budget))
                .collect::<Vec<_>>()
        })
    });
    group.finish();
}

fn deals(c: &mut Criterion) {
    let layout = BuiltinLayout::Turtle.layout();
    let mut group = c.benchmark_group("mahjong_solitaire/deal_turtle");
    let mut seed = 0;
    group.bench_function("random", |b| {
        b.iter(|| {
            seed += 1;
            random_deal(black_box(&layout), &mut Pcg64Mcg::seed_from_u64(seed))
        })
    });
    group.bench_function("reverse_placement", |b| {
        b.iter(|| {
            seed += 1;
            solvable_deal(black_box(&layout), &mut Pcg64Mcg::seed_from_u64(seed))
                .expect("the Turtle deals")
        })
    });
    group.finish();
}

fn moves(c: &mut Criterion) {
    let board = turtle_deals().remove(0);
    let mut group = c.benchmark_group("mahjong_solitaire/board");
    let mut buffer = Vec::new();
    group.bench_function("legal_moves_turtle", |b| {
        b.iter(|| {
            black_box(&board).legal_moves_into(&mut buffer);
            buffer.len()
        })
    });
    group.bench_function("play_and_undo", |b| {
        let mut board = board.clone();
        let m = board.legal_moves()[0];
        b.iter(|| {
            board.play(black_box(m)).expect("a legal move");
            board.undo()
        })
    });
    group.finish();
}

criterion_group!(benches, solver, deals, moves);
criterion_main!(benches);
