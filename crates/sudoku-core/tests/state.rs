//! `Puzzle` as a `grilles_game::GameState`: the contract walked by `check_shape`, and `perft`
//! against counts made here without the library's moves.

use grilles_game::{GameState, Limits, check_shape, perft};
use rand::SeedableRng as _;
use rand::seq::IndexedRandom as _;
use rand_pcg::Pcg64Mcg;
use sudoku_core::{Cell, Count, Fill, Geometry, Grid, PlayError, Puzzle, Shape, Variant};

/// Probes for every state of a puzzle of `cells` cells and side `n`: a cell past the grid,
/// the values 0 and N + 1, and a few ordinary moves (legal at some states, not at others).
fn probes(cells: usize, n: u8) -> Vec<Fill> {
    let fill = |cell: usize, value| Fill {
        cell: Cell::new(cell),
        value,
    };
    let mut probes = vec![
        fill(cells, 1),
        fill(0, 0),
        fill(1, n + 1),
        fill(cells - 1, 0),
        fill(cells - 1, n + 1),
    ];
    for cell in [0, 1, cells / 2, cells - 1] {
        for value in [1, 2, n] {
            probes.push(fill(cell, value));
        }
    }
    probes
}

#[test]
fn puzzles_keep_the_state_contract() {
    let limits = Limits::new();
    // An empty 4×4 walked to the end along two moves a state: full grids and dead ends
    // (empty cells without a candidate) are both met.
    let four = Puzzle::classic(Grid::empty(Shape::new(2, 2).unwrap())).unwrap();
    let states = check_shape(&four, 16, 2, &probes(16, 4), &limits).unwrap();
    assert!(states > 1_000, "{states}");
    // A 4×4 Sudoku X with seven cells open, every move at every state.
    let x = Geometry::new(Shape::new(2, 2).unwrap(), &Variant::x()).unwrap();
    let givens = Puzzle::new("1.3.3..2.3.12.43".parse().unwrap(), x).unwrap();
    check_shape(&givens, 16, usize::MAX, &probes(16, 4), &limits).unwrap();
    // A 9×9 puzzle, three moves spread over each state's list, four deep.
    let nine: Grid =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
            .parse()
            .unwrap();
    let nine = Puzzle::classic(nine).unwrap();
    let states = check_shape(&nine, 4, 3, &probes(81, 9), &limits).unwrap();
    assert_eq!(states, 1 + 3 + 9 + 27 + 81);
    // A 6×6, to the end along one line of moves.
    let six = Puzzle::classic(Grid::empty(Shape::new(2, 3).unwrap())).unwrap();
    check_shape(&six, 36, 1, &probes(36, 6), &limits).unwrap();
}

/// Fills of `cells` (a 4×4 grid) whose value no row, column or box of the cell holds yet,
/// counted along every line of `depth` of them: the rules written out here, not the
/// library's candidates.
fn lines_by_hand(cells: &mut [u8; 16], depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let fits = |cells: &[u8; 16], c: usize, v: u8| {
        let (r, col) = (c / 4, c % 4);
        let (br, bc) = (r / 2 * 2, col / 2 * 2);
        (0..4).all(|i| {
            cells[r * 4 + i] != v
                && cells[i * 4 + col] != v
                && cells[(br + i / 2) * 4 + bc + i % 2] != v
        })
    };
    let mut total = 0;
    for c in 0..16 {
        if cells[c] != 0 {
            continue;
        }
        for v in 1..=4 {
            if fits(cells, c, v) {
                cells[c] = v;
                total += lines_by_hand(cells, depth - 1);
                cells[c] = 0;
            }
        }
    }
    total
}

#[test]
fn perft_counts_the_lines_of_fills() {
    let limits = Limits::new();
    let empty = Puzzle::classic(Grid::empty(Shape::new(2, 2).unwrap())).unwrap();
    assert_eq!(perft(&empty, 1, &limits), Ok(64));
    for depth in 0..=4 {
        let want = lines_by_hand(&mut [0; 16], depth);
        assert_eq!(perft(&empty, depth, &limits), Ok(want), "depth {depth}");
    }
    // With six cells left: every line of six fills ends in a solution, each solution is
    // reached in 6! orders.
    let grid: Grid = "12..34..21..43..".parse().unwrap();
    let puzzle = Puzzle::classic(grid.clone()).unwrap();
    let mut cells: [u8; 16] = grid.cells().try_into().unwrap();
    let open = cells.iter().filter(|&&v| v == 0).count() as u32;
    let lines = perft(&puzzle, open, &limits).unwrap();
    assert_eq!(lines, lines_by_hand(&mut cells, open));
    let Count::Exact(solutions) = puzzle.count_solutions(u64::MAX).unwrap() else {
        panic!("a 4×4 count is exact");
    };
    assert!(solutions > 0);
    assert_eq!(lines, solutions * (1..=u64::from(open)).product::<u64>());
    // The walk is bounded like every other.
    assert!(perft(&empty, 8, &Limits::new().budget(100)).is_err());
}

#[test]
fn the_trait_and_the_inherent_methods_agree() {
    let puzzle = Puzzle::classic("123.............".parse().unwrap()).unwrap();
    let moves = GameState::legal_moves(&puzzle);
    assert_eq!(moves, puzzle.legal_moves());
    assert_eq!(GameState::to_act(&puzzle), vec![()]);
    let mut copy = puzzle.clone();
    let fill = Fill {
        cell: Cell::new(3),
        value: 4,
    };
    assert_eq!(GameState::play(&mut copy, fill), Ok(()));
    let refused = GameState::check(&copy, fill).unwrap_err();
    assert!(matches!(refused, PlayError::Filled { .. }));
    assert_eq!(
        refused.to_string(),
        "cannot place 4 in r1c4: the cell is filled"
    );
}

/// Random lines of play on 4×4 grids reach dead ends: over, with no one to act and no
/// move, though the grid is not full.
#[test]
fn a_dead_end_is_over() {
    let mut dead_ends = 0;
    for seed in 0..40 {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut puzzle = Puzzle::classic(Grid::empty(Shape::new(2, 2).unwrap())).unwrap();
        while let Some(&fill) = puzzle.legal_moves().choose(&mut rng) {
            puzzle.play(fill).unwrap();
        }
        assert!(puzzle.is_over() && GameState::to_act(&puzzle).is_empty());
        if !puzzle.grid().is_complete() {
            dead_ends += 1;
            assert!(puzzle.fewest_candidates().unwrap().candidates.is_empty());
        }
    }
    assert!(dead_ends > 0, "no dead end in 40 random lines");
}
