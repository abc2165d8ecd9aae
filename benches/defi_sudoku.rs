//! Défi Sudoku throughput: whole games between bots (games/s by strategy, and blocking bots
//! with the chrono, whose entries are timed by the thinking-time model), the bare engine (a
//! game of right digits in row-major order, no bot), one bot decision, and checking a puzzle
//! with its solution. No peer on crates.io plays this
//! game; the engine-only figure is the floor the bots build on.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use defi_sudoku::bot::{Bot, Strategy, play_out};
use defi_sudoku::simulate::BotSpec;
use defi_sudoku::sudoku_core::{Cell, Shape};
use defi_sudoku::{Chrono, Entry, Game, Options, SolvedPuzzle};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

fn generated(seed: u64) -> SolvedPuzzle {
    SolvedPuzzle::generate(&mut Pcg64Mcg::seed_from_u64(seed))
}

fn puzzles() -> Vec<SolvedPuzzle> {
    (0..8).map(|s| generated(500 + s)).collect()
}

fn games(c: &mut Criterion) {
    let puzzles = puzzles();
    let mut group = c.benchmark_group("defi_sudoku/game");
    group.throughput(Throughput::Elements(puzzles.len() as u64));
    // The empty cells of each puzzle, in row-major order: the entries of the engine's games.
    let empties: Vec<Vec<Cell>> = puzzles
        .iter()
        .map(|p| {
            let grid = p.puzzle();
            let empty = |c: &Cell| grid.get(c.index()) == 0;
            Shape::CLASSIC.cells().filter(empty).collect()
        })
        .collect();
    group.bench_function("engine_only_3p", |b| {
        b.iter(|| {
            for (puzzle, cells) in puzzles.iter().zip(&empties) {
                let mut game =
                    Game::with_player_count(puzzle.clone(), 3, Options::default()).unwrap();
                for &cell in cells {
                    let p = game.to_act()[0];
                    let digit = puzzle.solution().get(cell.index());
                    game.play(Entry::new(p, cell, digit)).unwrap();
                }
                black_box(game.totals());
            }
        })
    });
    let chrono = Options {
        chrono: Chrono::With {
            limit: std::time::Duration::from_secs(30),
        },
        ..Options::default()
    };
    let runs = Strategy::ALL
        .map(|s| (s, Options::default(), ""))
        .into_iter()
        .chain([(Strategy::Blocking, chrono, "_chrono30")]);
    for (strategy, options, suffix) in runs {
        group.bench_function(format!("{strategy}_3p{suffix}"), |b| {
            b.iter(|| {
                for (i, puzzle) in puzzles.iter().enumerate() {
                    let mut game = Game::with_player_count(puzzle.clone(), 3, options).unwrap();
                    let mut bots: Vec<Box<dyn Bot>> =
                        (0..3).map(|_| BotSpec::new(strategy).build()).collect();
                    let mut rng = Pcg64Mcg::seed_from_u64(i as u64);
                    play_out(&mut game, &mut bots, &mut rng).unwrap();
                    black_box(game.totals());
                }
            })
        });
    }
    group.finish();
}

fn decision(c: &mut Criterion) {
    let game = Game::with_player_count(generated(500), 3, Options::default()).unwrap();
    let mut group = c.benchmark_group("defi_sudoku/first_decision");
    for strategy in Strategy::ALL {
        group.bench_function(strategy.name(), |b| {
            b.iter(|| {
                let mut bot = BotSpec::new(strategy).build();
                black_box(bot.choose(&game.view(), &mut Pcg64Mcg::seed_from_u64(1)))
            })
        });
    }
    group.bench_function("board_validation", |b| {
        let solved = generated(501);
        b.iter(|| {
            let solved = black_box(&solved);
            SolvedPuzzle::new(solved.puzzle().clone(), solved.solution().clone()).unwrap()
        })
    });
    group.finish();
}

criterion_group!(benches, games, decision);
criterion_main!(benches);
