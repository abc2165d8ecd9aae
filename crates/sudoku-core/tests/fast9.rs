//! Differential tests of the fast 9×9 engine against an independent, deliberately simple
//! reference solver (backtracking with row/column/box bitmasks), on samples of the public
//! benchmark sets (`tests/data/`, origin in each file's header) and on random puzzles.

use proptest::prelude::*;
use rand::Rng;
use rand_pcg::Pcg64Mcg;
use sudoku_core::fast9::{Exhausted, Fast9};

// ---------------------------------------------------------------------------------------------
// Reference solver.

/// The houses of a cell: row, column, box, and for the X variant the two diagonals
/// (index 27 = main, 28 = anti; `None` when off the diagonal).
fn houses(cell: usize, x: bool) -> [Option<usize>; 5] {
    let (r, c) = (cell / 9, cell % 9);
    [
        Some(r),
        Some(9 + c),
        Some(18 + 3 * (r / 3) + c / 3),
        (x && r == c).then_some(27),
        (x && r + c == 8).then_some(28),
    ]
}

/// The houses (rows, columns, boxes, and for X the two diagonals) as lists of cells.
fn house_cells(x: bool) -> Vec<Vec<usize>> {
    let mut hs = vec![Vec::new(); if x { 29 } else { 27 }];
    for cell in 0..81 {
        for h in houses(cell, x).into_iter().flatten() {
            hs[h].push(cell);
        }
    }
    hs
}

/// Counts solutions up to `limit` by the textbook method: place naked and hidden singles
/// until stuck, then branch on the empty cell with fewest candidates; stores the first
/// solution. `(0, None)` if the givens are invalid.
fn reference_count(cells: &[u8; 81], x: bool, limit: u64) -> (u64, Option<[u8; 81]>) {
    let mut r = Reference {
        houses_of: core::array::from_fn(|cell| houses(cell, x)),
        house_cells: house_cells(x),
        limit,
        count: 0,
        first: None,
    };
    let mut node = Node {
        grid: [0; 81],
        used: [0; 29],
    };
    for (cell, &v) in cells.iter().enumerate() {
        if v == 0 {
            continue;
        }
        if v > 9 || !r.set(&mut node, cell, v - 1) {
            return (0, None);
        }
    }
    r.search(node);
    (r.count, r.first)
}

#[derive(Clone, Copy)]
struct Node {
    grid: [u8; 81],
    used: [u16; 29],
}

struct Reference {
    houses_of: [[Option<usize>; 5]; 81],
    house_cells: Vec<Vec<usize>>,
    limit: u64,
    count: u64,
    first: Option<[u8; 81]>,
}

impl Reference {
    fn free(&self, node: &Node, cell: usize) -> u16 {
        let mut taken = 0;
        for h in self.houses_of[cell].into_iter().flatten() {
            taken |= node.used[h];
        }
        !taken & 0x1ff
    }

    /// Puts digit `d` (0..9) in `cell`; `false` if it clashes.
    fn set(&self, node: &mut Node, cell: usize, d: u8) -> bool {
        if self.free(node, cell) & (1 << d) == 0 {
            return false;
        }
        node.grid[cell] = d + 1;
        for h in self.houses_of[cell].into_iter().flatten() {
            node.used[h] |= 1 << d;
        }
        true
    }

    /// Places singles until none is left. `None` on a contradiction, else the empty cell with
    /// fewest candidates (or `None` inside `Some` when the grid is full).
    fn propagate(&self, node: &mut Node) -> Option<Option<(usize, u16)>> {
        'again: loop {
            let mut best: Option<(usize, u16)> = None;
            for cell in 0..81 {
                if node.grid[cell] != 0 {
                    continue;
                }
                let free = self.free(node, cell);
                match free.count_ones() {
                    0 => return None,
                    1 => {
                        self.set(node, cell, free.trailing_zeros() as u8);
                        continue 'again;
                    }
                    n => {
                        if best.is_none_or(|(_, f)| n < f.count_ones()) {
                            best = Some((cell, free));
                        }
                    }
                }
            }
            for (h, cells) in self.house_cells.iter().enumerate() {
                for d in 0..9u8 {
                    if node.used[h] & (1 << d) != 0 {
                        continue;
                    }
                    let mut spots = cells
                        .iter()
                        .filter(|&&c| node.grid[c] == 0 && self.free(node, c) & (1 << d) != 0);
                    match (spots.next(), spots.next()) {
                        (None, _) => return None,
                        (Some(&c), None) => {
                            self.set(node, c, d);
                            continue 'again;
                        }
                        _ => {}
                    }
                }
            }
            return Some(best);
        }
    }

    fn search(&mut self, mut node: Node) -> bool {
        let Some(branch) = self.propagate(&mut node) else {
            return false;
        };
        let Some((cell, free)) = branch else {
            self.count += 1;
            if self.first.is_none() {
                self.first = Some(node.grid);
            }
            return self.count >= self.limit;
        };
        for d in 0..9 {
            if free & (1 << d) != 0 {
                let mut child = node;
                self.set(&mut child, cell, d);
                if self.search(child) {
                    return true;
                }
            }
        }
        false
    }
}

/// Whether `grid` is a complete valid solution (X variant: diagonals too) holding the givens.
fn is_solution_of(grid: &[u8; 81], givens: &[u8; 81], x: bool) -> bool {
    let mut seen = [0u16; 29];
    for (cell, &v) in grid.iter().enumerate() {
        if !(1..=9).contains(&v) || (givens[cell] != 0 && givens[cell] != v) {
            return false;
        }
        for h in houses(cell, x).into_iter().flatten() {
            if seen[h] & (1 << v) != 0 {
                return false;
            }
            seen[h] |= 1 << v;
        }
    }
    true
}

// ---------------------------------------------------------------------------------------------
// Helpers.

fn parse(line: &str) -> [u8; 81] {
    let mut cells = [0u8; 81];
    assert_eq!(line.len(), 81, "bad line {line}");
    for (cell, ch) in cells.iter_mut().zip(line.bytes()) {
        *cell = if ch.is_ascii_digit() { ch - b'0' } else { 0 };
    }
    cells
}

fn data(text: &str) -> Vec<[u8; 81]> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| parse(l.trim()))
        .collect()
}

/// Checks the engine against the reference on one puzzle for the given limits.
fn check(engine: &mut Fast9, cells: &[u8; 81], limits: &[u64]) {
    let x = engine.x_variant();
    let max = limits.iter().copied().max().unwrap_or(1);
    let (total, _) = reference_count(cells, x, max);
    for &limit in limits {
        let mut first = [0u8; 81];
        let n = engine
            .solve(cells, limit, Some(&mut first), None)
            .expect("no budget");
        assert_eq!(n, total.min(limit), "limit {limit} on {cells:?}");
        if n > 0 {
            assert!(
                is_solution_of(&first, cells, x),
                "bad solution for {cells:?}"
            );
        } else {
            assert_eq!(first, [0; 81], "no solution must leave `first` untouched");
        }
    }
    assert_eq!(
        engine.count_up_to_2(cells, None, None),
        Ok(total.min(2)),
        "count ≤ 2"
    );
    assert_eq!(engine.has_unique_solution(cells), total == 1);
}

/// Runs [`check`] (engine against the reference) on the first `against_reference` puzzles of
/// a data file, and on all of them checks the engine alone: valid first solution, counts for
/// every limit consistent with the count to 2, and the count to 2 equal to 1 when the set is
/// known to hold only uniquely solvable puzzles. (The reference is slow in debug builds; the
/// ignored test `whole_samples_against_reference` compares every line.)
fn check_set(text: &str, limits: &[u64], against_reference: usize, unique: bool) {
    let puzzles = data(text);
    assert!(puzzles.len() >= 200);
    let mut engine = Fast9::new(false);
    for (i, p) in puzzles.iter().enumerate() {
        if i < against_reference {
            check(&mut engine, p, limits);
            continue;
        }
        let mut first = [0u8; 81];
        let two = engine
            .count_up_to_2(p, Some(&mut first), None)
            .expect("no budget");
        assert!(is_solution_of(&first, p, false), "line {i}");
        if unique {
            assert_eq!(two, 1, "line {i} is unique");
        } else {
            assert_eq!(two, 2, "line {i} has several solutions");
        }
        for &limit in limits {
            let n = engine.solve(p, limit, None, None).expect("no budget");
            assert_eq!(n.min(2), two.min(limit), "line {i}, limit {limit}");
        }
    }
}

/// A random puzzle: a base grid, checked valid here, transformed by random validity-preserving
/// symmetries (digit relabelling; for the classic grid also row and column permutations
/// inside bands and stacks, band and stack permutations; the 8 symmetries of the square,
/// which keep both diagonals), then `empties` cells emptied at random.
fn random_puzzle(seed: u64, empties: usize, x: bool) -> [u8; 81] {
    let mut rng = Pcg64Mcg::new(u128::from(seed) | 1);
    let bases = if x { &*X_BASES } else { &*CLASSIC_BASES };
    let base = bases[below(&mut rng, bases.len())];
    assert!(is_solution_of(&base, &[0; 81], x));
    let mut shuffle = |v: &mut [usize]| {
        for i in (1..v.len()).rev() {
            v.swap(i, below(&mut rng, i + 1));
        }
    };
    let mut digits = [0, 1, 2, 3, 4, 5, 6, 7, 8];
    shuffle(&mut digits);
    let mut rows = [0, 1, 2, 3, 4, 5, 6, 7, 8];
    let mut cols = rows;
    if !x {
        for line in [&mut rows, &mut cols] {
            let mut bands = [0, 1, 2];
            shuffle(&mut bands);
            let mut out = [0; 9];
            for (i, &b) in bands.iter().enumerate() {
                let mut inner = [0, 1, 2];
                shuffle(&mut inner);
                for (j, &k) in inner.iter().enumerate() {
                    out[3 * i + j] = 3 * b + k;
                }
            }
            *line = out;
        }
    }
    let mut order: Vec<usize> = (0..81).collect();
    shuffle(&mut order);
    let symmetry = below(&mut rng, 8);
    let mut grid = [0u8; 81];
    for r in 0..9 {
        for c in 0..9 {
            let (r2, c2) = match symmetry {
                0 => (r, c),
                1 => (c, r),
                2 => (8 - r, 8 - c),
                3 => (8 - c, 8 - r),
                4 => (r, 8 - c),
                5 => (8 - r, c),
                6 => (c, 8 - r),
                _ => (8 - c, r),
            };
            let v = base[9 * rows[r2] + cols[c2]];
            grid[9 * r + c] = digits[usize::from(v) - 1] as u8 + 1;
        }
    }
    assert!(is_solution_of(&grid, &[0; 81], x));
    for &cell in &order[..empties] {
        grid[cell] = 0;
    }
    grid
}

fn below(rng: &mut Pcg64Mcg, n: usize) -> usize {
    (rng.next_u64() % n as u64) as usize
}

/// Base grids: one made by formula, and others filled by the engine (only their validity
/// matters, and it is checked by `is_solution_of`, independently of the engine).
static CLASSIC_BASES: std::sync::LazyLock<Vec<[u8; 81]>> = std::sync::LazyLock::new(|| {
    let mut bases = vec![core::array::from_fn(|i| {
        let (r, c) = (i / 9, i % 9);
        ((3 * (r % 3) + r / 3 + c) % 9 + 1) as u8
    })];
    let mut engine = Fast9::new(false);
    let mut rng = Pcg64Mcg::new(7);
    for _ in 0..20 {
        bases.push(engine.random_solution(&[0; 81], &mut rng).expect("grid"));
    }
    bases
});

static X_BASES: std::sync::LazyLock<Vec<[u8; 81]>> = std::sync::LazyLock::new(|| {
    let mut engine = Fast9::new(true);
    let mut rng = Pcg64Mcg::new(7);
    (0..20)
        .map(|_| engine.random_solution(&[0; 81], &mut rng).expect("grid"))
        .collect()
});

// ---------------------------------------------------------------------------------------------
// Data sets.

#[test]
fn seventeen_clue_sample() {
    check_set(include_str!("data/puzzles2_17_clue.txt"), &[1, 2], 60, true);
}

#[test]
fn magictour_sample() {
    check_set(
        include_str!("data/puzzles3_magictour_top1465.txt"),
        &[1, 2],
        20,
        true,
    );
}

#[test]
fn forum_hardest_sample() {
    check_set(
        include_str!("data/puzzles5_forum_hardest_1905_11plus.txt"),
        &[1, 2],
        8,
        true,
    );
}

#[test]
fn forum_hardest_1106_sample() {
    check_set(
        include_str!("data/puzzles6_forum_hardest_1106.txt"),
        &[1, 2],
        5,
        true,
    );
}

#[test]
fn serg_sample_counts_beyond_two() {
    // Every puzzle of this set has several solutions: counts to larger limits must agree.
    check_set(
        include_str!("data/puzzles7_serg_benchmark.txt"),
        &[1, 2, 3, 10, 100],
        60,
        false,
    );
}

/// Every line of every sample against the reference (slow in debug builds):
/// `cargo test --release -p sudoku-core --test fast9 -- --ignored`.
#[test]
#[ignore = "slow in debug builds; run with --release -- --ignored"]
fn whole_samples_against_reference() {
    let sets: [(&str, &[u64]); 5] = [
        (include_str!("data/puzzles2_17_clue.txt"), &[1, 2]),
        (include_str!("data/puzzles3_magictour_top1465.txt"), &[1, 2]),
        (
            include_str!("data/puzzles5_forum_hardest_1905_11plus.txt"),
            &[1, 2],
        ),
        (
            include_str!("data/puzzles6_forum_hardest_1106.txt"),
            &[1, 2],
        ),
        (
            include_str!("data/puzzles7_serg_benchmark.txt"),
            &[1, 2, 3, 10, 100, 1000],
        ),
    ];
    let mut engine = Fast9::new(false);
    for (text, limits) in sets {
        for p in data(text) {
            check(&mut engine, &p, limits);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Edge cases.

#[test]
fn invalid_input_has_no_solution() {
    let mut engine = Fast9::new(false);
    let mut first = [7u8; 81];
    let mut cells = [0u8; 81];
    cells[40] = 10;
    assert_eq!(engine.solve(&cells, 5, Some(&mut first), None), Ok(0));
    cells[40] = 255;
    assert_eq!(engine.solve(&cells, 5, Some(&mut first), None), Ok(0));
    assert_eq!(first, [7u8; 81], "untouched");
    // Clashes in a row, a column, a box.
    for (a, b) in [(0, 8), (0, 72), (0, 20)] {
        let mut cells = [0u8; 81];
        cells[a] = 3;
        cells[b] = 3;
        assert_eq!(engine.solve(&cells, 1, None, None), Ok(0), "{a} {b}");
        assert!(!engine.has_unique_solution(&cells));
    }
    // A diagonal clash matters only for X.
    let mut cells = [0u8; 81];
    cells[0] = 4;
    cells[80] = 4;
    assert_eq!(engine.solve(&cells, 1, None, None), Ok(1));
    assert_eq!(Fast9::new(true).solve(&cells, 1, None, None), Ok(0));
}

#[test]
fn limit_zero_and_full_grid() {
    let mut engine = Fast9::new(false);
    let mut solution = [0u8; 81];
    assert_eq!(engine.solve(&[0; 81], 0, None, None), Ok(0));
    assert_eq!(engine.solve(&[0; 81], 1, Some(&mut solution), None), Ok(1));
    assert!(is_solution_of(&solution, &[0; 81], false));
    let mut again = [0u8; 81];
    assert_eq!(engine.solve(&solution, 10, Some(&mut again), None), Ok(1));
    assert_eq!(again, solution);
    assert_eq!(engine.last_guesses(), 0);
}

#[test]
fn empty_grid_counts_to_large_limits() {
    let mut engine = Fast9::new(false);
    assert_eq!(engine.solve(&[0; 81], 10_000, None, None), Ok(10_000));
    let mut x = Fast9::new(true);
    let mut solution = [0u8; 81];
    assert_eq!(x.solve(&[0; 81], 500, Some(&mut solution), None), Ok(500));
    assert!(is_solution_of(&solution, &[0; 81], true));
}

#[test]
fn budget_bounds_guesses() {
    let hard = data(include_str!("data/puzzles6_forum_hardest_1106.txt"))[0];
    let mut engine = Fast9::new(false);
    assert_eq!(engine.solve(&hard, 2, None, None), Ok(1));
    let needed = engine.last_guesses();
    assert!(needed > 0, "a hardest puzzle needs guesses");
    assert_eq!(engine.solve(&hard, 2, None, Some(needed)), Ok(1));
    assert_eq!(
        engine.solve(&hard, 2, None, Some(needed - 1)),
        Err(Exhausted)
    );
    assert_eq!(engine.solve(&hard, 2, None, Some(0)), Err(Exhausted));
    assert_eq!(
        Exhausted.to_string(),
        "the search exhausted its guess budget"
    );
}

#[test]
fn solution_without_matches_reference() {
    let mut engine = Fast9::new(false);
    for p in data(include_str!("data/puzzles3_magictour_top1465.txt"))
        .iter()
        .take(20)
    {
        let (_, solution) = reference_count(p, false, 1);
        let solution = solution.expect("solvable");
        // Remove each given in turn: the puzzle stays unique iff no other digit fits there.
        for cell in (0..81).filter(|&c| p[c] != 0).take(5) {
            let mut q = *p;
            q[cell] = 0;
            let unique = reference_count(&q, false, 2).0 == 1;
            assert_eq!(
                engine.has_solution_without(&q, cell, solution[cell], None),
                Ok(!unique)
            );
        }
        // Excluding the digit of a given: no solution.
        let given = (0..81).find(|&c| p[c] != 0).expect("a given");
        assert_eq!(
            engine.has_solution_without(p, given, p[given], None),
            Ok(false)
        );
        // Out of range: excludes nothing.
        assert_eq!(engine.has_solution_without(p, 81, 1, None), Ok(true));
        assert_eq!(engine.has_solution_without(p, 0, 0, None), Ok(true));
    }
}

#[test]
fn random_solutions_are_valid_and_reproducible() {
    let mut engine = Fast9::new(false);
    let mut rng = Pcg64Mcg::new(42);
    let a = engine
        .random_solution(&[0; 81], &mut rng)
        .expect("solvable");
    let b = engine
        .random_solution(&[0; 81], &mut rng)
        .expect("solvable");
    assert!(is_solution_of(&a, &[0; 81], false) && is_solution_of(&b, &[0; 81], false));
    assert_ne!(a, b);
    let again = engine
        .random_solution(&[0; 81], &mut Pcg64Mcg::new(42))
        .expect("solvable");
    assert_eq!(a, again);
    // Value stability: the first grid drawn with seed 42.
    let text: String = a.iter().map(|d| char::from(b'0' + d)).collect();
    assert_eq!(text, GOLDEN_RANDOM_42);
    // With givens, and for X.
    let p = data(include_str!("data/puzzles7_serg_benchmark.txt"))[0];
    let s = engine.random_solution(&p, &mut rng).expect("solvable");
    assert!(is_solution_of(&s, &p, false));
    let sx = Fast9::new(true)
        .random_solution(&[0; 81], &mut rng)
        .expect("solvable");
    assert!(is_solution_of(&sx, &[0; 81], true));
    let mut clash = [0u8; 81];
    clash[0] = 1;
    clash[1] = 1;
    assert_eq!(engine.random_solution(&clash, &mut rng), None);
}

const GOLDEN_RANDOM_42: &str =
    "427936518618524397539817426142693785876145932395782164251378649964251873783469251";

// ---------------------------------------------------------------------------------------------
// Random puzzles.

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, ..ProptestConfig::default() })]

    #[test]
    fn random_classic_puzzles_agree(seed in any::<u64>(), empties in 20usize..70) {
        let p = random_puzzle(seed, empties, false);
        check(&mut Fast9::new(false), &p, &[1, 2, 5]);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn random_x_puzzles_agree(seed in any::<u64>(), empties in 20usize..70) {
        let p = random_puzzle(seed, empties, true);
        check(&mut Fast9::new(true), &p, &[1, 2, 5]);
    }

    #[test]
    fn arbitrary_grids_never_panic_and_agree(cells in proptest::array::uniform32(0u8..=12), rest in proptest::collection::vec(prop_oneof![8 => Just(0u8), 1 => 1u8..=9, 1 => 0u8..=255], 49)) {
        let mut grid = [0u8; 81];
        grid[..32].copy_from_slice(&cells);
        grid[32..].copy_from_slice(&rest);
        // Sparse so that most grids stay solvable and the reference stays quick.
        for (i, g) in grid.iter_mut().enumerate() {
            if i % 3 != 0 && *g <= 9 { *g = 0; }
        }
        for x in [false, true] {
            let mut engine = Fast9::new(x);
            check(&mut engine, &grid, &[1, 2]);
        }
    }
}
