//! Défi Sudoku throughput: whole games between bots (games/s by strategy), the bare engine
//! (a game of right digits, no bot), and one bot decision. No peer on crates.io plays this
//! game; the engine-only figure is the floor the bots build on.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use defi_sudoku::bot::{Bot, Player, Strategy};
use defi_sudoku::{Board, Entry, Game, Options, play_out};

fn boards() -> Vec<Board> {
    (0..8).map(|s| Board::generate(500 + s)).collect()
}

fn games(c: &mut Criterion) {
    let boards = boards();
    let mut group = c.benchmark_group("defi_sudoku/game");
    group.throughput(Throughput::Elements(boards.len() as u64));
    group.bench_function("engine_only_3p", |b| {
        b.iter(|| {
            for board in &boards {
                let mut game =
                    Game::with_player_count(board.clone(), 3, Options::default()).unwrap();
                while let Some(p) = game.to_move() {
                    let cell = game.cells().iter().position(|&d| d == 0).unwrap() as u8;
                    let digit = board.solution()[usize::from(cell)];
                    game.play(Entry::new(p, cell, digit)).unwrap();
                }
                black_box(game.totals());
            }
        })
    });
    for strategy in Strategy::ALL {
        group.bench_function(format!("{strategy}_3p"), |b| {
            b.iter(|| {
                for (i, board) in boards.iter().enumerate() {
                    let mut game =
                        Game::with_player_count(board.clone(), 3, Options::default()).unwrap();
                    let mut bots: Vec<Bot> = (0..3)
                        .map(|p| Bot::new(strategy, (i * 3 + p) as u64))
                        .collect();
                    play_out(&mut game, &mut bots).unwrap();
                    black_box(game.totals());
                }
            })
        });
    }
    group.finish();
}

fn decision(c: &mut Criterion) {
    let board = Board::generate(500);
    let game = Game::with_player_count(board, 3, Options::default()).unwrap();
    let mut group = c.benchmark_group("defi_sudoku/first_decision");
    for strategy in Strategy::ALL {
        group.bench_function(strategy.name(), |b| {
            b.iter(|| {
                let mut bot = Bot::new(strategy, 1);
                black_box(bot.choose(&game.view()))
            })
        });
    }
    group.bench_function("board_validation", |b| {
        let board = Board::generate(501);
        b.iter(|| Board::new(*black_box(&board).puzzle(), *board.solution()).unwrap())
    });
    group.finish();
}

criterion_group!(benches, games, decision);
criterion_main!(benches);
