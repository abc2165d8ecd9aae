//! Fuzzes the Défi Sudoku engine with arbitrary options (every handicap: the rules', none,
//! balanced, custom) and entries (legal or not): an
//! illegal entry leaves the game unchanged, a legal one fills its cell with the solution's
//! digit and changes the score by exactly what its report says (absent players' +10 only
//! when the grid fills, at most 10 of completion bonus per turn, the final round fixed once
//! begun), an undo right after it gives back the game before it, and the record replays to
//! the same game. Also feeds arbitrary text to the puzzle parser (a puzzle read prints and
//! reads back the same, and its solution checks).
#![no_main]

use core::time::Duration;

use defi_sudoku::sudoku_core::Cell;
use defi_sudoku::{Challenge, Chrono, Entry, FinalOrder, Game, Handicap, Options, SolvedPuzzle};
use libfuzzer_sys::fuzz_target;

const PUZZLE: &str =
    "62..5...94..7...5......6...9..12..........5.3.....8......93...2.......4...8574.9.";

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data)
        && let Ok(solved) = text.parse::<SolvedPuzzle>()
    {
        assert_eq!(solved.to_string().parse().as_ref(), Ok(&solved));
        let (puzzle, solution) = (solved.puzzle(), solved.solution());
        assert_eq!(
            SolvedPuzzle::new(puzzle.clone(), solution.clone()).as_ref(),
            Ok(&solved)
        );
    }
    let [a, b, rest @ ..] = data else { return };
    let puzzle: SolvedPuzzle = PUZZLE.parse().expect("a unique puzzle");
    let options = Options {
        challenge: Challenge::ALL[usize::from(a % 3)],
        handicap: match (a & 4 != 0, a & 64 != 0) {
            (false, false) => Handicap::With,
            (true, false) => Handicap::Without,
            (false, true) => Handicap::Balanced,
            (true, true) => {
                let b = u32::from(*b);
                Handicap::Custom([b % 3, b, b / 3, 7, b % 11])
            }
        },
        chrono: if a & 8 == 0 {
            Chrono::Without
        } else {
            Chrono::With {
                limit: Duration::from_secs(u64::from(b % 7) + 1),
            }
        },
        teams: a & 16 != 0,
        final_order: if a & 32 == 0 {
            FinalOrder::Increasing
        } else {
            FinalOrder::StatusQuo
        },
    };
    let players = usize::from(b % 7);
    let Ok(mut game) = Game::with_player_count(puzzle, players, options) else {
        // Refused only for a player count, teams without 4, or handicap points over the cap.
        let too_large = options
            .handicap_points(players)
            .iter()
            .any(|&p| p > defi_sudoku::Handicap::MAX_POINTS);
        assert!(!(2..=5).contains(&players) || (options.teams && players != 4) || too_large);
        return;
    };
    // Every seat starts with its handicap, the balanced one from the table.
    let handicaps = options.handicap_points(players);
    assert_eq!(game.totals(), handicaps[..players].to_vec());
    for chunk in rest.chunks_exact(4) {
        let cell = Cell::new(usize::from(chunk[1] % 84));
        let entry = Entry::new(usize::from(chunk[0] % 6), cell, chunk[2] % 11);
        let elapsed = Duration::from_millis(u64::from(chunk[3]) * 40);
        let before = game.clone();
        let total: u32 = game.totals().iter().sum();
        match game.play_timed(entry, elapsed) {
            Err(_) => assert_eq!(game, before),
            Ok(report) => {
                if chunk[2] >= 220 {
                    // Taken back and played again: the same game, the same report.
                    let played = game.clone();
                    assert_eq!(game.undo(), Some(entry));
                    assert_eq!(game, before);
                    assert_eq!(game.play_timed(entry, elapsed).as_ref(), Ok(&report));
                    assert_eq!(game, played);
                }
                let cell = entry.cell.index();
                assert_eq!(game.grid().get(cell), game.puzzle().solution().get(cell));
                let absent: u32 = game.sheets().iter().map(|s| s.absent).sum::<u32>()
                    - before.sheets().iter().map(|s| s.absent).sum::<u32>();
                assert_eq!(
                    game.totals().iter().sum::<u32>(),
                    total + report.points + report.bonus + absent
                );
                assert!(
                    report.points == 0
                        || (report.correct && report.points == u32::from(entry.value))
                );
                // The final round, once fixed, stays; absent bonuses only once the grid is
                // full; at most 10 of completion bonus per turn.
                if before.final_round().is_some() {
                    assert_eq!(game.final_round(), before.final_round());
                }
                assert!(absent == 0 || (report.game_over && absent % 10 == 0));
                assert!(game.turns().iter().all(|t| t.bonus <= 10));
            }
        }
    }
    assert_eq!(game.record().replay().as_ref(), Ok(&game));
});
