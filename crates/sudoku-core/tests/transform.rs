//! Integration tests of `sudoku_core::transform`: the group laws, validity preservation,
//! canonical form against brute force on small shapes, and invariance on 9×9 grids and puzzles.

use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use sudoku_core::transform::{
    Transform, TransformParts, canonical_form, group_order, is_equivalent, random_equivalent,
};

// ---------------------------------------------------------------------------------------------
// Helpers: data, a validity checker, a random grid filler, the whole group by brute force.

/// (puzzle, solution) pairs from `tests/data/puzzles9.txt`.
fn data9() -> Vec<(Vec<u8>, Vec<u8>)> {
    include_str!("data/puzzles9.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut it = l.split_whitespace().map(parse81);
            (it.next().unwrap(), it.next().unwrap())
        })
        .collect()
}

fn parse81(s: &str) -> Vec<u8> {
    s.bytes()
        .map(|b| if b == b'.' { 0 } else { b - b'0' })
        .collect()
}

/// No symbol repeats in a row, column or box; with `complete`, no cell is empty either.
fn is_valid(br: usize, bc: usize, cells: &[u8], complete: bool) -> bool {
    let n = br * bc;
    if cells.len() != n * n || (complete && cells.contains(&0)) {
        return false;
    }
    let houses = (0..n).flat_map(|h| {
        let row: Vec<usize> = (0..n).map(|k| h * n + k).collect();
        let col: Vec<usize> = (0..n).map(|k| k * n + h).collect();
        let (band, stack) = (h / br, h % br);
        let boxx: Vec<usize> = (0..n)
            .map(|k| (band * br + k / bc) * n + stack * bc + k % bc)
            .collect();
        [row, col, boxx]
    });
    for house in houses {
        let mut seen = vec![false; n + 1];
        for i in house {
            let v = usize::from(cells[i]);
            if v > n || (v != 0 && seen[v]) {
                return false;
            }
            seen[v] = true;
        }
    }
    true
}

/// A random complete grid by randomized backtracking (small shapes and 9×9 only).
fn random_grid(br: usize, bc: usize, rng: &mut Pcg64Mcg) -> Vec<u8> {
    fn fill(br: usize, bc: usize, g: &mut Vec<u8>, i: usize, rng: &mut Pcg64Mcg) -> bool {
        let n = br * bc;
        if i == n * n {
            return true;
        }
        let mut vals: Vec<u8> = (1..=n as u8).collect();
        for k in (1..vals.len()).rev() {
            vals.swap(k, (rng.next_u32() as usize) % (k + 1));
        }
        for v in vals {
            g[i] = v;
            if is_valid(br, bc, g, false) && fill(br, bc, g, i + 1, rng) {
                return true;
            }
        }
        g[i] = 0;
        false
    }
    let n = br * bc;
    let mut g = vec![0; n * n];
    assert!(fill(br, bc, &mut g, 0, rng));
    g
}

/// Empties each cell with probability `p_empty` (not necessarily a uniquely solvable puzzle:
/// the canonical form does not care).
fn holes(cells: &[u8], p_empty: f64, rng: &mut Pcg64Mcg) -> Vec<u8> {
    cells
        .iter()
        .map(|&v| {
            if (rng.next_u32() as f64) < p_empty * 4_294_967_296.0 {
                0
            } else {
                v
            }
        })
        .collect()
}

fn perms(k: usize) -> Vec<Vec<u8>> {
    if k == 0 {
        return vec![vec![]];
    }
    let mut out = vec![];
    for p in perms(k - 1) {
        for pos in 0..=p.len() {
            let mut q = p.clone();
            q.insert(pos, (k - 1) as u8);
            out.push(q);
        }
    }
    out
}

/// Every line map keeping groups of `size` together (`count` groups).
fn line_maps(count: usize, size: usize) -> Vec<Vec<u8>> {
    let mut out = vec![];
    for groups in perms(count) {
        let inner = perms(size);
        let mut idx = vec![0usize; count];
        loop {
            let mut map = vec![];
            for (g, &src) in groups.iter().enumerate() {
                for &i in &inner[idx[g]] {
                    map.push(src * size as u8 + i);
                }
            }
            out.push(map);
            let mut k = 0;
            while k < count {
                idx[k] += 1;
                if idx[k] < inner.len() {
                    break;
                }
                idx[k] = 0;
                k += 1;
            }
            if k == count {
                break;
            }
        }
    }
    out
}

fn first_appearance(cells: &[u8]) -> Vec<u8> {
    let mut lab = [0u8; 256];
    let mut next = 1;
    cells
        .iter()
        .map(|&v| {
            if v == 0 {
                return 0;
            }
            if lab[usize::from(v)] == 0 {
                lab[usize::from(v)] = next;
                next += 1;
            }
            lab[usize::from(v)]
        })
        .collect()
}

/// The canonical form by brute force over every geometric transformation.
fn brute_canon(br: usize, bc: usize, cells: &[u8]) -> Vec<u8> {
    let n = br * bc;
    let rows = line_maps(bc, br);
    let cols = line_maps(br, bc);
    let mut best: Option<Vec<u8>> = None;
    for transpose in [false, true] {
        if transpose && br != bc {
            continue;
        }
        for r in &rows {
            for c in &cols {
                let mut img = vec![0; n * n];
                for i in 0..n {
                    for j in 0..n {
                        let (a, b) = (usize::from(r[i]), usize::from(c[j]));
                        img[i * n + j] = if transpose {
                            cells[b * n + a]
                        } else {
                            cells[a * n + b]
                        };
                    }
                }
                let img = first_appearance(&img);
                if best.as_ref().is_none_or(|b| img < *b) {
                    best = Some(img);
                }
            }
        }
    }
    best.unwrap()
}

fn check_canon(br: usize, bc: usize, cells: &[u8]) -> Vec<u8> {
    let canon = canonical_form(br, bc, cells).unwrap();
    assert_eq!(
        canon.transform().apply(cells).unwrap(),
        canon.cells(),
        "the transform must map the input to its form"
    );
    let again = canonical_form(br, bc, canon.cells()).unwrap();
    assert_eq!(again.cells(), canon.cells(), "idempotent");
    canon.cells().to_vec()
}

// ---------------------------------------------------------------------------------------------
// Group laws and validity.

const SHAPES: [(usize, usize); 6] = [(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (4, 4)];

proptest! {
    #[test]
    fn transforms_preserve_validity(shape in 0..SHAPES.len(), seed: u64, tseed: u64) {
        let (br, bc) = SHAPES[shape];
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let grid = if br * bc <= 9 {
            random_grid(br, bc, &mut rng)
        } else {
            // 16×16: a pattern grid, shuffled.
            let n = br * bc;
            let pattern: Vec<u8> = (0..n * n)
                .map(|i| {
                    let (r, c) = (i / n, i % n);
                    ((bc * (r % br) + r / br + c) % n + 1) as u8
                })
                .collect();
            random_equivalent(br, bc, &pattern, &mut rng).unwrap()
        };
        prop_assert!(is_valid(br, bc, &grid, true));
        let t = Transform::random(br, bc, &mut Pcg64Mcg::seed_from_u64(tseed)).unwrap();
        let out = t.apply(&grid).unwrap();
        prop_assert!(is_valid(br, bc, &out, true));
        let puzzle = holes(&grid, 0.6, &mut rng);
        let tp = t.apply(&puzzle).unwrap();
        prop_assert!(is_valid(br, bc, &tp, false));
        // Puzzle and solution transform together; empties stay empty.
        for (p, s) in tp.iter().zip(&out) {
            prop_assert!(*p == 0 || p == s);
        }
        prop_assert_eq!(tp.iter().filter(|&&v| v == 0).count(),
                        puzzle.iter().filter(|&&v| v == 0).count());
    }

    #[test]
    fn inverse_and_composition_laws(shape in 0..SHAPES.len(), a: u64, b: u64, c: u64) {
        let (br, bc) = SHAPES[shape];
        let (ta, tb, tc) = (
            Transform::random(br, bc, &mut Pcg64Mcg::seed_from_u64(a)).unwrap(),
            Transform::random(br, bc, &mut Pcg64Mcg::seed_from_u64(b)).unwrap(),
            Transform::random(br, bc, &mut Pcg64Mcg::seed_from_u64(c)).unwrap(),
        );
        prop_assert!(ta.then(&ta.inverse()).unwrap().is_identity());
        prop_assert!(ta.inverse().then(&ta).unwrap().is_identity());
        prop_assert_eq!(ta.inverse().inverse(), ta.clone());
        let left = ta.then(&tb).unwrap().then(&tc).unwrap();
        let right = ta.then(&tb.then(&tc).unwrap()).unwrap();
        prop_assert_eq!(&left, &right);
        prop_assert_eq!(tc.compose(&tb).unwrap(), tb.then(&tc).unwrap());
        // `then` is sequential application, on any cells.
        let n = br * bc;
        let mut rng = Pcg64Mcg::seed_from_u64(a ^ b);
        let cells: Vec<u8> = (0..n * n).map(|_| (rng.next_u32() % (n as u32 + 1)) as u8).collect();
        let step = tc.apply(&tb.apply(&ta.apply(&cells).unwrap()).unwrap()).unwrap();
        prop_assert_eq!(left.apply(&cells).unwrap(), step);
        let id = Transform::identity(br, bc).unwrap();
        prop_assert_eq!(id.then(&ta).unwrap(), ta.clone());
        prop_assert_eq!(ta.then(&id).unwrap(), ta.clone());
        // Parts round trip through validation.
        let parts: TransformParts = ta.clone().into();
        prop_assert_eq!(Transform::try_from(parts).unwrap(), ta);
    }
}

#[test]
fn elementary_operations_generate_what_random_draws() {
    // Every random transform is a product of the six elementary operations: rebuild one.
    let t = Transform::random(3, 3, &mut Pcg64Mcg::seed_from_u64(77)).unwrap();
    let p = t.to_parts();
    let mut built = Transform::identity(3, 3).unwrap();
    if p.transpose {
        built = built.then(&Transform::transpose(3, 3).unwrap()).unwrap();
    }
    let bands: Vec<u8> = (0..3).map(|b| p.rows[b * 3] / 3).collect();
    let stacks: Vec<u8> = (0..3).map(|s| p.columns[s * 3] / 3).collect();
    built = built
        .then(&Transform::permute_bands(3, 3, &bands).unwrap())
        .unwrap()
        .then(&Transform::permute_stacks(3, 3, &stacks).unwrap())
        .unwrap();
    for b in 0..3 {
        let inner: Vec<u8> = (0..3).map(|i| p.rows[b * 3 + i] % 3).collect();
        let next = Transform::permute_rows_in_band(3, 3, b, &inner).unwrap();
        built = built.then(&next).unwrap();
        let inner: Vec<u8> = (0..3).map(|i| p.columns[b * 3 + i] % 3).collect();
        let next = Transform::permute_columns_in_stack(3, 3, b, &inner).unwrap();
        built = built.then(&next).unwrap();
    }
    built = built
        .then(&Transform::relabel(3, 3, &p.symbols).unwrap())
        .unwrap();
    assert_eq!(built, t);
}

#[test]
fn seeded_draws_are_stable() {
    // Value stability of rand's draws through ours (Pcg64Mcg, `SliceRandom::shuffle`,
    // `random_bool`): these outputs change only with a new minor version of `rand`.
    let t = Transform::random(3, 3, &mut Pcg64Mcg::seed_from_u64(1)).unwrap();
    assert_eq!(Transform::from_parts(t.to_parts()).unwrap(), t);
    assert_eq!(
        format!("{:?}", t.to_parts()),
        include_str!("data/golden_transform_seed1.txt").trim()
    );
    let (_, grid) = &data9()[0];
    let mut rng = Pcg64Mcg::seed_from_u64(2);
    let eq = random_equivalent(3, 3, grid, &mut rng).unwrap();
    let text: String = eq.iter().map(|v| char::from(b'0' + v)).collect();
    assert_eq!(
        text,
        include_str!("data/golden_equivalent_seed2.txt").trim()
    );
    // The pinned grid is a solution equivalent to the source.
    assert!(is_equivalent(3, 3, grid, &eq).unwrap());
}

#[test]
fn group_sizes() {
    assert_eq!(group_order(3, 3), Some(1_218_998_108_160));
    assert_eq!(group_order(2, 2), Some(24 * 8 * 8 * 2));
    // "Sudoku — Solitaire de nombres": 9! · 6^4 · 2 · 2 = 1,881,169,920.
    assert_eq!(362_880u64 * 1296 * 4, 1_881_169_920);
}

// ---------------------------------------------------------------------------------------------
// Canonical form.

/// All 288 complete 4×4 grids fall into exactly 2 classes, and the form is the brute-force one.
#[test]
fn all_4x4_grids_two_classes_and_brute_force() {
    let mut grids = vec![];
    let mut g = vec![0u8; 16];
    fn all(g: &mut Vec<u8>, i: usize, out: &mut Vec<Vec<u8>>) {
        if i == 16 {
            out.push(g.clone());
            return;
        }
        for v in 1..=4 {
            g[i] = v;
            if is_valid(2, 2, g, false) {
                all(g, i + 1, out);
            }
        }
        g[i] = 0;
    }
    all(&mut g, 0, &mut grids);
    assert_eq!(grids.len(), 288);
    let mut forms = std::collections::BTreeSet::new();
    for grid in &grids {
        let form = check_canon(2, 2, grid);
        assert_eq!(form, brute_canon(2, 2, grid));
        forms.insert(form);
    }
    assert_eq!(forms.len(), 2);
}

#[test]
fn small_shapes_match_brute_force() {
    let mut rng = Pcg64Mcg::seed_from_u64(11);
    for (br, bc, count) in [(2, 2, 40), (2, 3, 25), (3, 2, 25)] {
        for k in 0..count {
            let grid = random_grid(br, bc, &mut rng);
            assert_eq!(check_canon(br, bc, &grid), brute_canon(br, bc, &grid));
            let p = [0.3, 0.5, 0.7, 0.9][k % 4];
            let puzzle = holes(&grid, p, &mut rng);
            assert_eq!(check_canon(br, bc, &puzzle), brute_canon(br, bc, &puzzle));
            // Arbitrary cells (repeats allowed) too.
            let n = br * bc;
            let junk: Vec<u8> = (0..n * n)
                .map(|_| (rng.next_u32() % (n as u32 + 1)) as u8)
                .collect();
            assert_eq!(check_canon(br, bc, &junk), brute_canon(br, bc, &junk));
        }
    }
}

#[test]
fn nine_by_nine_grids_and_puzzles_are_invariant() {
    let data = data9();
    let mut rng = Pcg64Mcg::seed_from_u64(5);
    let mut grid_forms = std::collections::BTreeSet::new();
    for (puzzle, solution) in &data {
        assert!(is_valid(3, 3, solution, true));
        let gf = check_canon(3, 3, solution);
        let pf = check_canon(3, 3, puzzle);
        assert_eq!(&gf[..9], [1, 2, 3, 4, 5, 6, 7, 8, 9]);
        for _ in 0..3 {
            let t = Transform::random(3, 3, &mut rng).unwrap();
            assert_eq!(check_canon(3, 3, &t.apply(solution).unwrap()), gf);
            assert_eq!(check_canon(3, 3, &t.apply(puzzle).unwrap()), pf);
        }
        grid_forms.insert(gf);
    }
    // Several of these 17-clue puzzles share a solution class: 21 classes for 24 grids.
    assert_eq!(grid_forms.len(), 21);
}

/// Our forms equal those of an independent implementation (`tests/data/canon9.txt`).
#[test]
fn nine_by_nine_forms_match_an_independent_implementation() {
    let lines: Vec<&str> = include_str!("data/canon9.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .collect();
    assert_eq!(lines.len(), 24);
    for line in lines {
        let mut it = line.split_whitespace().map(parse81);
        let (grid, form) = (it.next().unwrap(), it.next().unwrap());
        assert_eq!(check_canon(3, 3, &grid), form);
    }
}

#[test]
fn non_equivalent_grids_differ() {
    // A grid and the same grid with one unavoidable rectangle's two digits swapped are two
    // valid grids; here they are not equivalent (their forms differ), while a transformed copy
    // is.
    let (_, grid) = &data9()[0];
    let g = grid.clone();
    let n = 9;
    // Find a rectangle r1,r2 × c1,c2 in one band... with a b / b a pattern over two boxes.
    let mut swapped = None;
    'outer: for r1 in 0..n {
        for r2 in r1 + 1..(r1 / 3 + 1) * 3 {
            for c1 in 0..n {
                for c2 in c1 + 1..n {
                    if c1 / 3 == c2 / 3 {
                        continue;
                    }
                    let (a, b) = (g[r1 * n + c1], g[r1 * n + c2]);
                    if g[r2 * n + c1] == b && g[r2 * n + c2] == a {
                        let mut h = g.clone();
                        h[r1 * n + c1] = b;
                        h[r1 * n + c2] = a;
                        h[r2 * n + c1] = a;
                        h[r2 * n + c2] = b;
                        swapped = Some(h);
                        break 'outer;
                    }
                }
            }
        }
    }
    let h = swapped.expect("an unavoidable rectangle");
    assert!(is_valid(3, 3, &h, true));
    assert_ne!(h, g);
    assert!(!is_equivalent(3, 3, &g, &h).unwrap());
    let t = Transform::random(3, 3, &mut Pcg64Mcg::seed_from_u64(99)).unwrap();
    assert!(is_equivalent(3, 3, &g, &t.apply(&g).unwrap()).unwrap());
    // Puzzle vs a different puzzle with the same number of givens.
    let (p0, _) = &data9()[0];
    let (p1, _) = &data9()[1];
    assert!(!is_equivalent(3, 3, p0, p1).unwrap());
}

#[test]
fn other_shapes_are_invariant() {
    let mut rng = Pcg64Mcg::seed_from_u64(8);
    for (br, bc) in [(2, 4), (4, 2), (3, 4), (4, 3)] {
        let n = br * bc;
        // A pattern grid, shuffled (random backtracking is slow for 12×12 in debug builds).
        let pattern: Vec<u8> = (0..n * n)
            .map(|i| {
                let (r, c) = (i / n, i % n);
                ((bc * (r % br) + r / br + c) % n + 1) as u8
            })
            .collect();
        assert!(is_valid(br, bc, &pattern, true));
        let grid = if n <= 8 {
            random_grid(br, bc, &mut rng)
        } else {
            random_equivalent(br, bc, &pattern, &mut rng).unwrap()
        };
        let gf = check_canon(br, bc, &grid);
        let t = Transform::random(br, bc, &mut rng).unwrap();
        assert_eq!(check_canon(br, bc, &t.apply(&grid).unwrap()), gf);
        if n <= 8 {
            let puzzle = holes(&grid, 0.6, &mut rng);
            let pf = check_canon(br, bc, &puzzle);
            assert_eq!(check_canon(br, bc, &t.apply(&puzzle).unwrap()), pf);
        }
    }
}

#[test]
fn sixteen_by_sixteen_complete_grids() {
    let (br, bc) = (4, 4);
    let n = 16;
    let pattern: Vec<u8> = (0..n * n)
        .map(|i| {
            let (r, c) = (i / n, i % n);
            ((bc * (r % br) + r / br + c) % n + 1) as u8
        })
        .collect();
    let mut rng = Pcg64Mcg::seed_from_u64(16);
    let grid = random_equivalent(br, bc, &pattern, &mut rng).unwrap();
    let gf = check_canon(br, bc, &grid);
    assert_eq!(gf, check_canon(br, bc, &pattern));
    // Puzzles of 16×16 are not supported (too many column maps).
    let mut puzzle = grid.clone();
    puzzle[0] = 0;
    assert!(canonical_form(br, bc, &puzzle).is_err());
}

#[test]
fn errors_on_bad_input() {
    assert!(canonical_form(3, 3, &[0; 80]).is_err());
    let mut cells = vec![0; 81];
    cells[5] = 10;
    assert!(canonical_form(3, 3, &cells).is_err());
    assert!(canonical_form(0, 3, &[]).is_err());
    // An empty grid is fine: its form is itself.
    assert_eq!(canonical_form(3, 3, &[0; 81]).unwrap().cells(), [0; 81]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn canon_is_invariant_on_9x9(index in 0usize..24, seed: u64, puzzle: bool) {
        let data = data9();
        let (p, s) = &data[index % data.len()];
        let cells = if puzzle { p } else { s };
        let t = Transform::random(3, 3, &mut Pcg64Mcg::seed_from_u64(seed)).unwrap();
        let a = canonical_form(3, 3, cells).unwrap();
        let b = canonical_form(3, 3, &t.apply(cells).unwrap()).unwrap();
        prop_assert_eq!(a.cells(), b.cells());
        prop_assert_eq!(b.transform().apply(&t.apply(cells).unwrap()).unwrap(), b.cells());
    }

    #[test]
    fn canon_is_invariant_on_small_shapes(shape in 0usize..3, seed: u64, holes_p in 0.0f64..1.0) {
        let (br, bc) = [(2, 2), (2, 3), (3, 2)][shape];
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let grid = random_grid(br, bc, &mut rng);
        let puzzle = holes(&grid, holes_p, &mut rng);
        let t = Transform::random(br, bc, &mut rng).unwrap();
        for cells in [&grid, &puzzle] {
            let a = canonical_form(br, bc, cells).unwrap();
            let b = canonical_form(br, bc, &t.apply(cells).unwrap()).unwrap();
            prop_assert_eq!(a.cells(), b.cells());
        }
    }
}
