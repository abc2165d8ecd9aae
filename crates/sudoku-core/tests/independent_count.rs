//! An independent solution counter for classic grids, written for the tests alone: it
//! shares no code with the crate's solvers or its generator (only [`Shape`]'s cell
//! arithmetic). Candidate bitmasks; at each node, to a fixed point: naked singles, hidden
//! singles, and locked candidates (a digit confined to one line of a box, or to one box of
//! a line); then a branch on a cell with the fewest candidates, or on the places of a digit
//! in a house when there are fewer. Tried as the uniqueness check of the pinned 25×25 puzzle
//! (ignored test `twenty_five_seed0_confirmed` in `generate.rs`), where dancing links are
//! too slow: not seen to finish either (figures in the crate README).

use sudoku_core::Shape;

/// The houses of a classic grid, and for each box its rows and columns.
#[derive(Debug)]
pub struct Counter {
    n: usize,
    all: u32,
    /// Rows, then columns, then boxes.
    houses: Vec<Vec<usize>>,
    /// Each cell's three houses.
    houses_of: Vec<[usize; 3]>,
    /// Nodes (branches) visited by the last count.
    pub nodes: u64,
    /// The share of the search tree done (each branch of a node with `k` branches counts
    /// for `1/k` of its node's share), for progress reports.
    done: f64,
    /// Prints progress on stderr every that many nodes.
    pub report: Option<u64>,
    /// The nodes a search may visit (`u64::MAX`: no cap), and whether it ran out.
    budget: u64,
    stopped: bool,
}

impl Counter {
    /// The counter for `shape` (side at most 32).
    pub fn new(shape: Shape) -> Counter {
        let n = shape.size();
        assert!(n <= 32);
        let mut houses: Vec<Vec<usize>> = Vec::new();
        for i in 0..n {
            houses.push(shape.row_cells(i).collect());
        }
        for i in 0..n {
            houses.push(shape.col_cells(i).collect());
        }
        for i in 0..n {
            houses.push(shape.box_cells(i).collect());
        }
        let mut houses_of = vec![[0; 3]; n * n];
        let mut filled = vec![0; n * n];
        for (h, cells) in houses.iter().enumerate() {
            for &c in cells {
                houses_of[c][filled[c]] = h;
                filled[c] += 1;
            }
        }
        assert!(filled.iter().all(|&k| k == 3));
        Counter {
            n,
            all: if n == 32 { u32::MAX } else { (1 << n) - 1 },
            houses,
            houses_of,
            nodes: 0,
            done: 0.0,
            report: None,
            budget: u64::MAX,
            stopped: false,
        }
    }

    /// The number of solutions of `cells` (0 = empty), counting up to `limit`.
    pub fn count(&mut self, cells: &[u8], limit: u64) -> u64 {
        self.budget = u64::MAX;
        self.run(cells, None, limit)
    }

    /// Is there a solution of `cells` without `value` at `at`? `None` if the search ran
    /// out of `budget` nodes.
    pub fn exists_avoiding(
        &mut self,
        cells: &[u8],
        at: usize,
        value: u8,
        budget: u64,
    ) -> Option<bool> {
        self.budget = budget;
        let found = self.run(cells, Some((at, value)), 1);
        (found > 0 || !self.stopped).then_some(found > 0)
    }

    /// Is `solution` the only solution of `cells`? Proves, cell by cell, that every solution
    /// has `solution`'s value there (no solution avoids it), each proven cell then joining
    /// the givens of the later proofs; a proof that runs out of nodes is put off to a later
    /// pass with four times the nodes, when more cells are proven. Returns the number of
    /// passes, or `None` if some solution differs from `solution` (or it is not one).
    pub fn unique_by_backbone(&mut self, cells: &[u8], solution: &[u8]) -> Option<usize> {
        self.budget = u64::MAX;
        if self.run(solution, None, 1) != 1
            || cells.iter().zip(solution).any(|(&g, &s)| g != 0 && g != s)
        {
            return None;
        }
        let mut known = cells.to_vec();
        let mut open: Vec<usize> = (0..cells.len()).filter(|&c| cells[c] == 0).collect();
        let mut budget = 64;
        for pass in 1.. {
            let mut later = Vec::new();
            for &c in &open {
                match self.exists_avoiding(&known, c, solution[c], budget) {
                    Some(true) => return None,
                    Some(false) => known[c] = solution[c],
                    None => later.push(c),
                }
            }
            if later.is_empty() {
                return Some(pass);
            }
            if let Some(_every) = self.report {
                eprintln!("pass {pass}: {} cells left at {budget} nodes", later.len());
            }
            open = later;
            budget = budget.saturating_mul(4);
        }
        unreachable!()
    }

    fn run(&mut self, cells: &[u8], exclude: Option<(usize, u8)>, limit: u64) -> u64 {
        assert_eq!(cells.len(), self.n * self.n);
        self.nodes = 0;
        self.done = 0.0;
        self.stopped = false;
        let mut cand: Vec<u32> = cells
            .iter()
            .map(|&v| if v == 0 { self.all } else { 1 << (v - 1) })
            .collect();
        if let Some((at, v)) = exclude {
            cand[at] &= !(1 << (v - 1));
        }
        let mut found = 0;
        if self.propagate(&mut cand) {
            self.search(cand, limit, &mut found, 1.0);
        }
        found
    }

    fn search(&mut self, cand: Vec<u32>, limit: u64, found: &mut u64, share: f64) {
        if self.nodes >= self.budget {
            self.stopped = true;
            return;
        }
        self.nodes += 1;
        if let Some(report) = self.report
            && self.nodes.is_multiple_of(report)
        {
            eprintln!("{} nodes, {:.6} of the tree done", self.nodes, self.done);
        }
        // Branch on a cell with the fewest candidates, or on the places of a digit in a
        // house when there are fewer of them.
        let mut best: Option<(u32, Vec<(usize, u32)>)> = None;
        for (c, &m) in cand.iter().enumerate() {
            let k = m.count_ones();
            if k > 1 && best.as_ref().is_none_or(|b| k < b.0) {
                let mut options = Vec::new();
                let mut left = m;
                while left != 0 {
                    let bit = left & left.wrapping_neg();
                    left &= !bit;
                    options.push((c, bit));
                }
                best = Some((k, options));
            }
        }
        let Some((k, _)) = best else {
            *found += 1;
            self.done += share;
            return;
        };
        if k > 2 {
            for house in &self.houses {
                for d in 0..self.n {
                    let bit = 1u32 << d;
                    let p = house.iter().filter(|&&c| cand[c] & bit != 0).count() as u32;
                    if p > 1 && best.as_ref().is_some_and(|b| p < b.0) {
                        // `p > 1` places: the digit is not placed yet in the house.
                        let places = house
                            .iter()
                            .filter(|&&c| cand[c] & bit != 0)
                            .map(|&c| (c, bit))
                            .collect();
                        best = Some((p, places));
                    }
                }
            }
        }
        let (_, options) = best.unwrap_or_else(|| unreachable!());
        let share = share / options.len() as f64;
        for (cell, bit) in options {
            if *found >= limit || self.stopped {
                return;
            }
            let mut next = cand.clone();
            next[cell] = bit;
            if self.propagate(&mut next) {
                self.search(next, limit, found, share);
            } else {
                self.done += share;
            }
        }
    }

    /// Naked singles, hidden singles and locked candidates to a fixed point; false on a
    /// contradiction (a cell without candidates, a digit without a place in a house, two
    /// equal singles in a house).
    fn propagate(&self, cand: &mut [u32]) -> bool {
        let n = self.n;
        loop {
            let mut changed = false;
            // Naked singles: a single removes its digit from the rest of its houses.
            for c in 0..cand.len() {
                let m = cand[c];
                if m == 0 {
                    return false;
                }
                if m & (m - 1) != 0 {
                    continue;
                }
                for &h in &self.houses_of[c] {
                    for &o in &self.houses[h] {
                        if o != c && cand[o] & m != 0 {
                            cand[o] &= !m;
                            if cand[o] == 0 {
                                return false;
                            }
                            changed = true;
                        }
                    }
                }
            }
            // Hidden singles: a digit with one place in a house goes there.
            for house in &self.houses {
                let (mut once, mut twice) = (0u32, 0u32);
                for &c in house {
                    twice |= once & cand[c];
                    once |= cand[c];
                }
                if once != self.all {
                    return false;
                }
                let single = once & !twice;
                for &c in house {
                    let m = cand[c] & single;
                    if m != 0 && cand[c] != m {
                        if m & (m - 1) != 0 {
                            return false;
                        }
                        cand[c] = m;
                        changed = true;
                    }
                }
            }
            // Locked candidates, between each box and each row or column it meets.
            for b in 2 * n..3 * n {
                for line_kind in 0..2 {
                    for d in 0..n {
                        let bit = 1u32 << d;
                        let mut lines = self.houses[b]
                            .iter()
                            .filter(|&&c| cand[c] & bit != 0)
                            .map(|&c| self.houses_of[c][line_kind]);
                        let Some(first) = lines.next() else { continue };
                        if lines.all(|l| l == first) {
                            // Pointing: confined to one line in the box.
                            for &o in &self.houses[first] {
                                if self.houses_of[o][2] != b && cand[o] & bit != 0 {
                                    cand[o] &= !bit;
                                    changed = true;
                                }
                            }
                        }
                    }
                }
            }
            for line in 0..2 * n {
                for d in 0..n {
                    let bit = 1u32 << d;
                    let mut boxes = self.houses[line]
                        .iter()
                        .filter(|&&c| cand[c] & bit != 0)
                        .map(|&c| self.houses_of[c][2]);
                    let Some(first) = boxes.next() else { continue };
                    if boxes.all(|b| b == first) {
                        // Claiming: confined to one box on the line.
                        let kind = usize::from(line >= n);
                        for &o in &self.houses[first] {
                            if self.houses_of[o][kind] != line && cand[o] & bit != 0 {
                                cand[o] &= !bit;
                                changed = true;
                            }
                        }
                    }
                }
            }
            if !changed {
                return true;
            }
        }
    }
}

#[test]
fn agrees_with_known_counts() {
    // A 9×9 puzzle with one solution (the first of `data/17_clue_1000.txt`), the same with
    // a given removed (several), and an empty 4×4 grid (288 completions).
    let line = include_str!("data/17_clue_1000.txt")
        .lines()
        .next()
        .unwrap();
    let cells: Vec<u8> = line
        .bytes()
        .map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 })
        .collect();
    let mut nine = Counter::new(Shape::CLASSIC);
    assert_eq!(nine.count(&cells, 2), 1);
    let mut fewer = cells.clone();
    let first = fewer.iter().position(|&v| v != 0).unwrap();
    fewer[first] = 0;
    assert_eq!(nine.count(&fewer, 2), 2);
    let mut four = Counter::new(Shape::new(2, 2).unwrap());
    assert_eq!(four.count(&[0; 16], u64::MAX), 288);
    // 6×6: 28,200,960 grids; with the first row and column fixed, a smaller exact check
    // against the crate's solver on a few open grids.
    let six = Shape::new(2, 3).unwrap();
    let mut counter = Counter::new(six);
    let mut solver = sudoku_core::Solver::new(sudoku_core::Geometry::classic(six));
    let mut grid = vec![0u8; 36];
    grid[..6].copy_from_slice(&[1, 2, 3, 4, 5, 6]);
    for (k, v) in [(6, 4), (12, 2), (18, 3), (24, 5), (30, 6)] {
        grid[k] = v;
    }
    let mine = counter.count(&grid, u64::MAX);
    assert_eq!(mine, solver.count_cells(&grid, u64::MAX).unwrap());
    assert!(mine > 1);
    // The backbone proof: unique for the 17-clue puzzle, not once a given is removed, nor
    // for a grid that is not its solution.
    let mut solution = vec![0u8; 81];
    let mut nine_solver = sudoku_core::Solver::new(sudoku_core::Geometry::classic(Shape::CLASSIC));
    assert!(nine_solver.solve_cells(&cells, &mut solution).unwrap());
    assert!(nine.unique_by_backbone(&cells, &solution).is_some());
    assert_eq!(nine.unique_by_backbone(&fewer, &solution), None);
    let mut swapped = solution.clone();
    swapped.swap(0, 1);
    assert_eq!(nine.unique_by_backbone(&cells, &swapped), None);
}
