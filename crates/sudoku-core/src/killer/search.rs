//! The killer solver: depth-first search with house and cage propagation.

use core::sync::atomic::AtomicBool;
use std::sync::Arc;

use grilles_game::{Interrupted, Limits, Meter, WorkUnit};

use super::{KillerPuzzle, NO_CAGE, combinations};
use crate::count::Count;
use crate::grid::Grid;

/// A cell's candidates word: bits `0..16` the values, this bit set once the cell's value has
/// been removed from its peers.
const DONE: u32 = 1 << 31;

/// The cancel flag is looked at every this many nodes (a node is a few microseconds on 9×9).
const CANCEL_EVERY: u64 = 16;

/// Solves [`KillerPuzzle`]s: first solution, count up to a limit, with a node budget and a
/// cancel flag, as [`Solver`](crate::Solver) does for plain grids.
///
/// One solver serves puzzles of any geometry; it keeps its buffers between calls.
///
/// ```
/// use sudoku_core::Count;
/// use sudoku_core::killer::{KillerGrid, KillerPuzzle, KillerSolver};
///
/// // A 4×4 grid with one cage: its first two cells hold 1 and 2 (48 of the 288 grids).
/// let grid: KillerGrid = "3: r1c1 r1c2\ngivens: ................".parse()?;
/// let puzzle = KillerPuzzle::classic(grid)?;
/// let mut solver = KillerSolver::new().budget(10_000);
/// assert_eq!(solver.count(&puzzle, 100)?, Count::Exact(48));
/// assert!(!solver.is_unique(&puzzle)?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Budget and cancellation
///
/// [`budget`](Self::budget) caps the search nodes ([`WorkUnit::Nodes`]) of each call: a
/// node is one value tried in a branching cell, followed by one round of propagation
/// (bounded by the cells times the houses and cages, a few microseconds on 9×9).
/// [`cancel_flag`](Self::cancel_flag) is looked at the first node and then every 16. Either
/// ends the call with [`Interrupted`]: the answer is unknown, never a wrong one.
#[derive(Clone, Debug)]
pub struct KillerSolver {
    limits: Limits,
    house_sums: bool,
    nodes: u64,
    frames: Vec<u32>,
}

impl Default for KillerSolver {
    fn default() -> KillerSolver {
        KillerSolver::new()
    }
}

/// A search's outcome: solutions counted and the first ones kept.
pub(crate) struct Found {
    pub(crate) count: u64,
    pub(crate) solutions: Vec<Vec<u8>>,
}

impl KillerSolver {
    /// A solver without budget or cancel flag, with the house-sum rule.
    ///
    /// ```
    /// use sudoku_core::killer::KillerSolver;
    /// assert_eq!(KillerSolver::new().last_nodes(), 0);
    /// ```
    pub fn new() -> KillerSolver {
        KillerSolver {
            limits: Limits::new(),
            house_sums: true,
            nodes: 0,
            frames: Vec::new(),
        }
    }

    /// Caps each call at `nodes` search nodes ([`WorkUnit::Nodes`]); `None` (the default)
    /// removes the cap.
    ///
    /// ```
    /// use sudoku_core::killer::{KillerGrid, KillerPuzzle, KillerSolver};
    /// use sudoku_core::{StopReason, WorkUnit};
    ///
    /// let puzzle = KillerPuzzle::classic("3: r1c1 r1c2".parse::<KillerGrid>()?)?;
    /// let stop = KillerSolver::new().budget(50).count(&puzzle, u64::MAX).unwrap_err();
    /// assert_eq!((stop.reason(), stop.unit(), stop.spent()), (StopReason::Budget, WorkUnit::Nodes, 51));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn budget(mut self, nodes: impl Into<Option<u64>>) -> KillerSolver {
        self.limits.set_budget(nodes);
        self
    }

    /// Stops any call soon after `flag` becomes true (looked at the first node, then every
    /// 16 nodes).
    ///
    /// ```
    /// use std::sync::Arc;
    /// use std::sync::atomic::AtomicBool;
    /// use sudoku_core::killer::{KillerGrid, KillerPuzzle, KillerSolver};
    ///
    /// let puzzle = KillerPuzzle::classic("3: r1c1 r1c2".parse::<KillerGrid>()?)?;
    /// let mut solver = KillerSolver::new().cancel_flag(Arc::new(AtomicBool::new(true)));
    /// assert!(solver.solve(&puzzle).unwrap_err().is_cancelled());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cancel_flag(mut self, flag: Arc<AtomicBool>) -> KillerSolver {
        self.limits.set_cancel_flag(flag);
        self
    }

    /// The house-sum rule (the "45 rule" of 9×9): the cells of a house outside the cages
    /// lying wholly inside it are distinct and add up to the rest of the house's sum, and
    /// are propagated as one more cage. On by default: on the generator's 9×9 puzzles,
    /// proving uniqueness takes 3 to 30 times fewer nodes with it.
    ///
    /// ```
    /// use sudoku_core::killer::{KillerGrid, KillerPuzzle, KillerSolver};
    ///
    /// let puzzle = KillerPuzzle::classic("3: r1c1 r1c2\ngivens: ................".parse::<KillerGrid>()?)?;
    /// let with = KillerSolver::new().count(&puzzle, u64::MAX)?;
    /// assert_eq!(KillerSolver::new().house_sums(false).count(&puzzle, u64::MAX)?, with);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn house_sums(mut self, on: bool) -> KillerSolver {
        self.house_sums = on;
        self
    }

    /// The search nodes of the last call (as its [`Interrupted`] says when it was stopped).
    ///
    /// ```
    /// use sudoku_core::killer::{KillerGrid, KillerPuzzle, KillerSolver};
    ///
    /// let puzzle = KillerPuzzle::classic("3: r1c1 r1c2\ngivens: ................".parse::<KillerGrid>()?)?;
    /// let mut solver = KillerSolver::new();
    /// solver.count(&puzzle, u64::MAX)?;
    /// assert!(solver.last_nodes() > 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn last_nodes(&self) -> u64 {
        self.nodes
    }

    /// The first solution found, or `None` when there is none.
    ///
    /// ```
    /// use sudoku_core::killer::{KillerGrid, KillerPuzzle, KillerSolver};
    ///
    /// let puzzle = KillerPuzzle::classic("3: r1c1 r1c2\n3: r2c1 r2c2\ngivens: ................".parse::<KillerGrid>()?)?;
    /// assert_eq!(KillerSolver::new().solve(&puzzle)?, None); // 1 and 2 twice in the first box
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`Interrupted`] when the budget or cancel flag stops the search.
    pub fn solve(&mut self, puzzle: &KillerPuzzle) -> Result<Option<Grid>, Interrupted> {
        let found = self.find(puzzle, 1, 1)?;
        Ok(found.solutions.into_iter().next().map(|cells| {
            Grid::new(puzzle.givens().shape(), cells).unwrap_or_else(|_| unreachable!())
        }))
    }

    /// The number of solutions, counting stops at `limit`: [`Count::AtLeast`]`(limit)` once
    /// it reached it (`count(p, 2) == Count::Exact(1)` is the uniqueness test).
    ///
    /// ```
    /// use sudoku_core::Count;
    /// use sudoku_core::killer::{KillerGrid, KillerPuzzle, KillerSolver};
    ///
    /// let puzzle = KillerPuzzle::classic("3: r1c1 r1c2\ngivens: ................".parse::<KillerGrid>()?)?;
    /// assert_eq!(KillerSolver::new().count(&puzzle, 10)?, Count::AtLeast(10));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`Interrupted`] when the budget or cancel flag stops the search.
    pub fn count(&mut self, puzzle: &KillerPuzzle, limit: u64) -> Result<Count, Interrupted> {
        Ok(Count::stopped_at(self.find(puzzle, limit, 0)?.count, limit))
    }

    /// The first `limit` solutions, in search order (all of them when there are fewer).
    ///
    /// ```
    /// use sudoku_core::killer::{KillerGrid, KillerPuzzle, KillerSolver};
    ///
    /// let puzzle = KillerPuzzle::classic("3: r1c1 r1c2\ngivens: ................".parse::<KillerGrid>()?)?;
    /// let three = KillerSolver::new().solutions(&puzzle, 3)?;
    /// assert_eq!(three.len(), 3);
    /// assert!(three.iter().all(|g| puzzle.is_solution(g)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`count`](Self::count).
    pub fn solutions(
        &mut self,
        puzzle: &KillerPuzzle,
        limit: usize,
    ) -> Result<Vec<Grid>, Interrupted> {
        let limit64 = u64::try_from(limit).unwrap_or(u64::MAX);
        let found = self.find(puzzle, limit64, limit)?;
        let shape = puzzle.givens().shape();
        Ok(found
            .solutions
            .into_iter()
            .map(|cells| Grid::new(shape, cells).unwrap_or_else(|_| unreachable!()))
            .collect())
    }

    /// Does the puzzle have exactly one solution?
    ///
    /// ```
    /// use sudoku_core::killer::{KillerGrid, KillerPuzzle, KillerSolver};
    ///
    /// let puzzle = KillerPuzzle::classic("3: r1c1 r1c2\ngivens: ................".parse::<KillerGrid>()?)?;
    /// assert!(!KillerSolver::new().is_unique(&puzzle)?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`count`](Self::count).
    pub fn is_unique(&mut self, puzzle: &KillerPuzzle) -> Result<bool, Interrupted> {
        Ok(self.count(puzzle, 2)? == Count::Exact(1))
    }

    /// Counts up to `limit` solutions and keeps the first `keep`.
    pub(crate) fn find(
        &mut self,
        puzzle: &KillerPuzzle,
        limit: u64,
        keep: usize,
    ) -> Result<Found, Interrupted> {
        let model = Model::new(puzzle, self.house_sums);
        let mut run = Run {
            model: &model,
            frames: core::mem::take(&mut self.frames),
            queue: Vec::with_capacity(model.cells),
            meter: self.limits.meter(WorkUnit::Nodes).look_every(CANCEL_EVERY),
            limit,
            keep,
            found: Found {
                count: 0,
                solutions: Vec::new(),
            },
        };
        let result = run.start(puzzle.givens().cells());
        let (nodes, found) = (run.meter.spent(), run.found);
        self.frames = run.frames;
        self.nodes = nodes;
        result.map(|()| found)
    }
}

/// One cage's rule for the search: its cells and digit sets.
struct Rule {
    cells: Vec<u16>,
    combos: Vec<u32>,
}

/// A puzzle compiled for the search.
struct Model {
    n: usize,
    cells: usize,
    full: u32,
    /// Peers of each cell (houses and cage): `peers[peer_start[c]..peer_start[c + 1]]`.
    peers: Vec<u16>,
    peer_start: Vec<u32>,
    /// The houses, `n` cells each.
    houses: Vec<u16>,
    rules: Vec<Rule>,
}

impl Model {
    fn new(puzzle: &KillerPuzzle, house_sums: bool) -> Model {
        let geometry = puzzle.geometry();
        let n = geometry.size();
        let cells = n * n;
        let cages = puzzle.cages();
        let mut peers = Vec::with_capacity(cells * 24);
        let mut peer_start = Vec::with_capacity(cells + 1);
        peer_start.push(0);
        for c in 0..cells {
            let start = peers.len();
            peers.extend(
                geometry
                    .peers(crate::Cell::new(c))
                    .iter()
                    .map(|p| p.index() as u16),
            );
            if let Some(&k) = puzzle.cage_of.get(c).filter(|&&k| k != NO_CAGE) {
                for &m in &cages[usize::from(k)].cells {
                    let m = m.index() as u16;
                    if usize::from(m) != c && !peers[start..].contains(&m) {
                        peers.push(m);
                    }
                }
            }
            peer_start.push(peers.len() as u32);
        }
        let houses: Vec<u16> = geometry
            .houses()
            .flat_map(|h| geometry.house(h).iter().map(|c| c.index() as u16))
            .collect();
        let mut rules: Vec<Rule> = cages
            .iter()
            .zip(&puzzle.combos)
            .map(|(cage, combos)| Rule {
                cells: cage.cells.iter().map(|c| c.index() as u16).collect(),
                combos: combos.clone(),
            })
            .collect();
        if house_sums {
            let total = (n * (n + 1) / 2) as u32;
            for house in houses.chunks(n) {
                let mut inside = vec![false; cages.len()];
                for &c in house {
                    if let Some(k) = puzzle.cage_of(crate::Cell::new(usize::from(c))) {
                        inside[k] = true;
                    }
                }
                let mut sum = 0u32;
                let mut covered: Vec<u16> = Vec::new();
                for (k, cage) in cages.iter().enumerate() {
                    if inside[k]
                        && cage
                            .cells
                            .iter()
                            .all(|c| house.contains(&(c.index() as u16)))
                    {
                        sum += u32::from(cage.sum);
                        covered.extend(cage.cells.iter().map(|c| c.index() as u16));
                    }
                }
                let rest: Vec<u16> = house
                    .iter()
                    .copied()
                    .filter(|c| !covered.contains(c))
                    .collect();
                if !covered.is_empty() && !rest.is_empty() && sum <= total {
                    let combos = combinations(n, rest.len(), total - sum);
                    rules.push(Rule {
                        cells: rest,
                        combos,
                    });
                }
            }
        }
        Model {
            n,
            cells,
            full: (1u32 << n) - 1,
            peers,
            peer_start,
            houses,
            rules,
        }
    }

    fn peers(&self, c: usize) -> &[u16] {
        &self.peers[self.peer_start[c] as usize..self.peer_start[c + 1] as usize]
    }
}

/// One search.
struct Run<'a> {
    model: &'a Model,
    /// The candidates of every depth: frame `d` is `frames[d * cells..(d + 1) * cells]`.
    frames: Vec<u32>,
    queue: Vec<u16>,
    meter: Meter<'a>,
    limit: u64,
    keep: usize,
    found: Found,
}

impl Run<'_> {
    fn start(&mut self, givens: &[u8]) -> Result<(), Interrupted> {
        let cells = self.model.cells;
        self.frames.clear();
        self.frames.resize(cells, 0);
        self.queue.clear();
        for (c, &v) in givens.iter().enumerate() {
            if v == 0 {
                self.frames[c] = self.model.full;
            } else {
                self.frames[c] = 1 << (v - 1);
                self.queue.push(c as u16);
            }
        }
        if self.limit == 0 {
            return Ok(());
        }
        self.descend(0).map(|_| ())
    }

    /// Propagates frame `depth` (its queue already filled), then branches. True when the
    /// search is over (the limit reached).
    fn descend(&mut self, depth: usize) -> Result<bool, Interrupted> {
        let cells = self.model.cells;
        let range = depth * cells..(depth + 1) * cells;
        if !propagate(self.model, &mut self.frames[range.clone()], &mut self.queue) {
            self.queue.clear();
            return Ok(false);
        }
        // The open cell with the fewest candidates.
        let st = &self.frames[range.clone()];
        let mut best = usize::MAX;
        let mut best_len = u32::MAX;
        for (c, &m) in st.iter().enumerate() {
            if m & DONE == 0 {
                let len = m.count_ones();
                if len < best_len {
                    best = c;
                    best_len = len;
                    if len == 2 {
                        break;
                    }
                }
            }
        }
        if best == usize::MAX {
            self.found.count += 1;
            if self.found.solutions.len() < self.keep {
                let values = st
                    .iter()
                    .map(|&m| ((m & !DONE).trailing_zeros() + 1) as u8)
                    .collect();
                self.found.solutions.push(values);
            }
            return Ok(self.found.count >= self.limit);
        }
        if self.frames.len() < (depth + 2) * cells {
            self.frames.resize((depth + 2) * cells, 0);
        }
        let mut options = self.frames[range.start + best];
        while options != 0 {
            let bit = options & options.wrapping_neg();
            options &= options - 1;
            self.meter.spend(1)?;
            self.frames.copy_within(range.clone(), range.end);
            self.frames[range.end + best] = bit;
            self.queue.clear();
            self.queue.push(best as u16);
            if self.descend(depth + 1)? {
                return Ok(true);
            }
        }
        Ok(false)
    }
}

/// Propagates placed values, hidden singles of houses and cage sums until nothing changes.
/// False on a contradiction.
fn propagate(model: &Model, st: &mut [u32], queue: &mut Vec<u16>) -> bool {
    let n = model.n;
    loop {
        while let Some(c) = queue.pop() {
            let c = usize::from(c);
            let bit = st[c];
            if bit & DONE != 0 {
                continue;
            }
            st[c] |= DONE;
            for &p in model.peers(c) {
                let p = usize::from(p);
                let q = st[p];
                if q & bit != 0 {
                    if q & DONE != 0 {
                        return false;
                    }
                    let q = q & !bit;
                    if q == 0 {
                        return false;
                    }
                    st[p] = q;
                    if q.is_power_of_two() {
                        queue.push(p as u16);
                    }
                }
            }
        }
        let mut changed = false;
        for house in model.houses.chunks(n) {
            let (mut once, mut twice) = (0u32, 0u32);
            for &c in house {
                let m = st[usize::from(c)] & !DONE;
                twice |= once & m;
                once |= m;
            }
            if once != model.full {
                return false;
            }
            let mut unique = once & !twice;
            while unique != 0 {
                let bit = unique & unique.wrapping_neg();
                unique &= unique - 1;
                for &c in house {
                    let c = usize::from(c);
                    if st[c] & bit != 0 {
                        if st[c] & !DONE != bit {
                            st[c] = bit;
                            queue.push(c as u16);
                            changed = true;
                        }
                        break;
                    }
                }
            }
        }
        if !queue.is_empty() {
            continue;
        }
        for rule in &model.rules {
            let mut open = [0u16; 16];
            let mut opens = 0;
            let (mut placed, mut union) = (0u32, 0u32);
            for &c in &rule.cells {
                let m = st[usize::from(c)];
                if m & DONE != 0 {
                    placed |= m & !DONE;
                } else {
                    open[opens] = c;
                    opens += 1;
                    union |= m;
                }
            }
            let open = &open[..opens];
            let (mut allowed, mut required, mut any) = (0u32, u32::MAX, false);
            for &m in &rule.combos {
                if m & placed != placed {
                    continue;
                }
                let rest = m & !placed;
                if rest & !union != 0 || open.iter().any(|&c| st[usize::from(c)] & rest == 0) {
                    continue;
                }
                any = true;
                allowed |= rest;
                required &= rest;
            }
            if !any {
                return false;
            }
            if open.is_empty() {
                continue;
            }
            for &c in open {
                let c = usize::from(c);
                let m = st[c] & allowed;
                if m != st[c] {
                    if m == 0 {
                        return false;
                    }
                    st[c] = m;
                    changed = true;
                    if m.is_power_of_two() {
                        queue.push(c as u16);
                    }
                }
            }
            let mut need = required;
            while need != 0 {
                let bit = need & need.wrapping_neg();
                need &= need - 1;
                let mut holders = open.iter().filter(|&&c| st[usize::from(c)] & bit != 0);
                match (holders.next(), holders.next()) {
                    (None, _) => return false,
                    (Some(&c), None) => {
                        let c = usize::from(c);
                        if st[c] != bit {
                            st[c] = bit;
                            changed = true;
                            queue.push(c as u16);
                        }
                    }
                    _ => {}
                }
            }
        }
        if !changed && queue.is_empty() {
            return true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::killer::{Cage, KillerGrid};
    use crate::{Cell, Geometry, Shape, Solver, StopReason};

    /// The cages of `solution` cut in horizontal dominoes, with sums from it.
    fn dominoes(solution: &Grid) -> KillerGrid {
        let shape = solution.shape();
        let n = shape.size();
        let mut cages = Vec::new();
        for r in 0..n {
            for c in (0..n).step_by(2) {
                let cells: Vec<Cell> = (c..(c + 2).min(n)).map(|c| Cell::new(r * n + c)).collect();
                let sum = cells
                    .iter()
                    .map(|c| u16::from(solution.get(c.index())))
                    .sum();
                cages.push(Cage::new(sum, cells));
            }
        }
        KillerGrid::new(shape, cages)
    }

    #[test]
    fn every_killer_solution_is_a_sudoku_solution_fitting_the_cages() {
        // 4×4: all 288 grids, each as the dominoes of itself; the count matches a filter
        // of every complete grid by the cages.
        let shape = Shape::new(2, 2).unwrap();
        let mut plain = Solver::new(Geometry::classic(shape));
        let all: Vec<Grid> = plain
            .solutions(&Grid::empty(shape))
            .unwrap()
            .map(Result::unwrap)
            .collect();
        assert_eq!(all.len(), 288);
        let mut solver = KillerSolver::new();
        for (i, g) in all.iter().enumerate().step_by(7) {
            let puzzle = KillerPuzzle::classic(dominoes(g)).unwrap();
            let expected = all.iter().filter(|s| puzzle.is_solution(s)).count() as u64;
            assert_eq!(
                solver.count(&puzzle, u64::MAX).unwrap(),
                Count::Exact(expected),
                "grid {i}"
            );
            let one = solver.solve(&puzzle).unwrap().unwrap();
            assert!(puzzle.is_solution(&one));
            let mut with_sums = KillerSolver::new().house_sums(true);
            assert_eq!(
                with_sums.count(&puzzle, u64::MAX).unwrap(),
                Count::Exact(expected)
            );
        }
    }

    #[test]
    fn budget_and_cancel_interrupt() {
        let shape = Shape::CLASSIC;
        // One cage: counting its solutions cannot end in 50 nodes.
        let grid = KillerGrid::new(shape, vec![Cage::new(3, [Cell::new(0), Cell::new(1)])]);
        let puzzle = KillerPuzzle::classic(grid).unwrap();
        let e = KillerSolver::new()
            .budget(50)
            .count(&puzzle, u64::MAX)
            .unwrap_err();
        assert_eq!(e, Interrupted::new(StopReason::Budget, WorkUnit::Nodes, 51));
        let flag = Arc::new(AtomicBool::new(true));
        let e = KillerSolver::new()
            .cancel_flag(flag)
            .count(&puzzle, u64::MAX)
            .unwrap_err();
        assert_eq!(
            e,
            Interrupted::new(StopReason::Cancelled, WorkUnit::Nodes, 1)
        );
        let mut s = KillerSolver::new();
        assert_eq!(s.count(&puzzle, 0).unwrap(), Count::AtLeast(0));
        assert_eq!(s.count(&puzzle, 3).unwrap(), Count::AtLeast(3));
    }

    #[test]
    fn no_solution_when_a_cage_cannot_be_met() {
        // r1c1 + r1c2 = 3 and r2c1 + r2c2 = 3 in the same box: both would need 1 and 2.
        let shape = Shape::CLASSIC;
        let c = Cell::new;
        let grid = KillerGrid::new(
            shape,
            vec![
                Cage::new(3, [c(0), c(1)]),
                Cage::new(3, [c(9), c(10)]),
                Cage::new(3, [c(18), c(19)]),
            ],
        );
        let puzzle = KillerPuzzle::classic(grid).unwrap();
        assert_eq!(KillerSolver::new().solve(&puzzle).unwrap(), None);
    }
}
