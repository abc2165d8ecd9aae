//! Killer puzzles with a unique solution and no givens.

use core::sync::atomic::AtomicBool;
use std::sync::Arc;

use rand::RngExt as _;
use rand::seq::SliceRandom as _;

use super::search::Found;
use super::{Cage, KillerError, KillerGrid, KillerPuzzle, KillerSolver, MAX_KILLER_SIZE};
use crate::cell::Cell;
use crate::generate::Symmetry;
use crate::geometry::Geometry;
use crate::grid::Grid;
use crate::shape::orthogonal;
use crate::solve::{SolveError, Solver};
use grilles_game::{Interrupted, Limits, Meter, WorkUnit};

/// Search nodes allowed to each uniqueness check of the generator; a check that needs more
/// counts as "not shown unique" (a cage is split), so every puzzle made is proven unique.
const CHECK_NODES: u64 = 20_000;

/// Why no killer puzzle was made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GenerateKillerError {
    /// The geometry is beyond [`KillerPuzzle::MAX_SIZE`].
    #[error("side {size} is beyond the {MAX_KILLER_SIZE} a killer puzzle may have")]
    TooLarge {
        /// The side.
        size: usize,
    },
    /// The rules admit no complete grid (an impossible custom variant).
    #[error("the rules admit no complete grid")]
    NoSolution,
    /// The budget or cancel flag stopped the generator.
    #[error(transparent)]
    Interrupted(#[from] Interrupted),
}

/// A generated killer puzzle and its solution.
#[derive(Clone, Debug)]
pub struct GeneratedKiller {
    /// The puzzle: cages only, no givens, exactly one solution.
    pub puzzle: KillerPuzzle,
    /// Its solution.
    pub solution: Grid,
}

/// Makes killer puzzles with a unique solution and no givens, for any geometry up to
/// 16×16 (classic, X, jigsaw…).
///
/// The method: a random complete grid ([`Solver::random_solution`]); cages grown from the
/// cells in random order, each to a random size of 2 to [`max_cage`](Self::max_cage) cells
/// by orthogonal steps to cells whose values are not yet in the cage; then, while the
/// killer solver finds a second solution (or cannot decide within a fixed number of nodes), a
/// cage holding a cell where the two solutions differ (or the largest cage) is split in
/// two connected parts; last, each single-cell cage is merged with a neighbouring cage when
/// the puzzle stays unique. Every draw comes from the caller's generator (`random_range`,
/// `shuffle`), so a seeded generator gives the same puzzle on every platform.
///
/// ```
/// use rand::SeedableRng;
/// use rand_pcg::Pcg64Mcg;
/// use sudoku_core::killer::{KillerGenerator, KillerSolver};
/// use sudoku_core::{Geometry, Shape};
///
/// let mut generator = KillerGenerator::new(Geometry::classic(Shape::CLASSIC));
/// let made = generator.generate(&mut Pcg64Mcg::seed_from_u64(7))?;
/// assert_eq!(made.puzzle.givens().given_count(), 0);
/// assert!(made.puzzle.is_solution(&made.solution));
/// assert!(KillerSolver::new().is_unique(&made.puzzle)?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Budget and cancellation
///
/// [`budget`](Self::budget) caps the search nodes ([`WorkUnit::Nodes`]) of one
/// [`generate`](Self::generate) call, summed over its uniqueness checks (the random grid's
/// search included); [`cancel_flag`](Self::cancel_flag) stops it soon after being raised.
/// Either ends the call with [`GenerateKillerError::Interrupted`].
#[derive(Clone, Debug)]
pub struct KillerGenerator {
    geometry: Arc<Geometry>,
    max_cage: usize,
    symmetry: Symmetry,
    limits: Limits,
}

impl KillerGenerator {
    /// A generator for `geometry`, cages of at most 5 cells, no budget.
    ///
    /// ```
    /// use sudoku_core::killer::KillerGenerator;
    /// use sudoku_core::{Geometry, Shape};
    /// let generator = KillerGenerator::new(Geometry::classic(Shape::CLASSIC));
    /// assert_eq!(generator.geometry().size(), 9);
    /// ```
    pub fn new(geometry: impl Into<Arc<Geometry>>) -> KillerGenerator {
        KillerGenerator {
            geometry: geometry.into(),
            max_cage: 5,
            symmetry: Symmetry::None,
            limits: Limits::new(),
        }
    }

    /// Grows cages to at most `cells` cells (at least 2; default 5). Larger cages make
    /// fewer, harder-to-prove cages (more splitting).
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use rand_pcg::Pcg64Mcg;
    /// use sudoku_core::killer::KillerGenerator;
    /// use sudoku_core::{Geometry, Shape};
    ///
    /// let mut generator = KillerGenerator::new(Geometry::classic(Shape::new(2, 2)?)).max_cage(3);
    /// let made = generator.generate(&mut Pcg64Mcg::seed_from_u64(2))?;
    /// assert!(made.puzzle.cages().iter().all(|cage| cage.cells.len() <= 3));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn max_cage(mut self, cells: usize) -> KillerGenerator {
        self.max_cage = cells.max(2);
        self
    }

    /// Keeps the cage layout symmetric: every image of a cage under `symmetry` (a half-turn,
    /// quarter-turns, the median axes or the diagonals) is a cage too, with its own sum.
    /// Cages are grown, split and merged together with their images; a cage that is its
    /// own image is split into single cells, merged again later when the puzzle stays
    /// unique. Default [`Symmetry::None`] (the cages of [`generate`](Self::generate) are
    /// then those of earlier versions for the same seed).
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use rand_pcg::Pcg64Mcg;
    /// use sudoku_core::Symmetry;
    /// use sudoku_core::killer::{KillerGenerator, KillerSolver};
    /// use sudoku_core::{Geometry, Shape};
    ///
    /// let mut generator =
    ///     KillerGenerator::new(Geometry::classic(Shape::CLASSIC)).symmetry(Symmetry::Central);
    /// let made = generator.generate(&mut Pcg64Mcg::seed_from_u64(1))?;
    /// let turned = |cell: usize| 80 - cell;
    /// for cage in made.puzzle.cages() {
    ///     let mut image: Vec<usize> = cage.cells.iter().map(|c| turned(c.index())).collect();
    ///     image.sort_unstable();
    ///     assert!(made.puzzle.cages().iter().any(|other| {
    ///         other.cells.iter().map(|c| c.index()).eq(image.iter().copied())
    ///     }));
    /// }
    /// assert!(KillerSolver::new().is_unique(&made.puzzle)?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn symmetry(mut self, symmetry: Symmetry) -> KillerGenerator {
        self.symmetry = symmetry;
        self
    }

    /// Caps each [`generate`](Self::generate) call at `nodes` search nodes
    /// ([`WorkUnit::Nodes`]) in all; `None` (the default) removes the cap.
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use rand_pcg::Pcg64Mcg;
    /// use sudoku_core::killer::{GenerateKillerError, KillerGenerator};
    /// use sudoku_core::{Geometry, Shape, StopReason};
    ///
    /// let mut generator = KillerGenerator::new(Geometry::classic(Shape::CLASSIC)).budget(100);
    /// match generator.generate(&mut Pcg64Mcg::seed_from_u64(0)) {
    ///     Err(GenerateKillerError::Interrupted(stop)) => assert_eq!(stop.reason(), StopReason::Budget),
    ///     other => panic!("{other:?}"),
    /// }
    /// ```
    pub fn budget(mut self, nodes: impl Into<Option<u64>>) -> KillerGenerator {
        self.limits.set_budget(nodes);
        self
    }

    /// Stops a call soon after `flag` becomes true.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use std::sync::atomic::AtomicBool;
    /// use rand::SeedableRng;
    /// use rand_pcg::Pcg64Mcg;
    /// use sudoku_core::killer::{GenerateKillerError, KillerGenerator};
    /// use sudoku_core::{Geometry, Shape};
    ///
    /// let raised = Arc::new(AtomicBool::new(true));
    /// let mut generator = KillerGenerator::new(Geometry::classic(Shape::CLASSIC)).cancel_flag(raised);
    /// let err = generator.generate(&mut Pcg64Mcg::seed_from_u64(0)).unwrap_err();
    /// assert!(matches!(err, GenerateKillerError::Interrupted(stop) if stop.is_cancelled()));
    /// ```
    pub fn cancel_flag(mut self, flag: Arc<AtomicBool>) -> KillerGenerator {
        self.limits.set_cancel_flag(flag);
        self
    }

    /// The geometry.
    pub fn geometry(&self) -> &Arc<Geometry> {
        &self.geometry
    }

    /// A puzzle drawn from `rng`.
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use rand_pcg::Pcg64Mcg;
    /// use sudoku_core::killer::{KillerGenerator, KillerSolver};
    /// use sudoku_core::{Geometry, Shape};
    ///
    /// let mut generator = KillerGenerator::new(Geometry::classic(Shape::new(2, 2)?));
    /// let made = generator.generate(&mut Pcg64Mcg::seed_from_u64(5))?;
    /// assert!(made.puzzle.is_solution(&made.solution));
    /// assert!(KillerSolver::new().is_unique(&made.puzzle)?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`GenerateKillerError`]: a geometry too large or without complete grid, or the
    /// budget or cancel flag.
    pub fn generate<R: rand::Rng + ?Sized>(
        &mut self,
        rng: &mut R,
    ) -> Result<GeneratedKiller, GenerateKillerError> {
        let shape = self.geometry.shape();
        let n = shape.size();
        if n > MAX_KILLER_SIZE {
            return Err(GenerateKillerError::TooLarge { size: n });
        }
        let limits = self.limits.clone();
        let mut meter = limits.meter(WorkUnit::Nodes);
        let mut grids = Solver::new(self.geometry.clone()).budget(limits.units());
        let mut solver = KillerSolver::new();
        if let Some(flag) = limits.flag() {
            grids = grids.cancel_flag(Arc::clone(flag));
            solver = solver.cancel_flag(Arc::clone(flag));
        }
        let drawn = grids.random_solution(&Grid::empty(shape), rng);
        let _ = meter.spend(grids.last_nodes());
        let solution = match drawn {
            Ok(Some(g)) => g,
            Ok(None) => return Err(GenerateKillerError::NoSolution),
            Err(SolveError::Interrupted(e)) => return Err(meter.stop(e.reason()).into()),
            Err(_) => unreachable!("the grid has the solver's shape"),
        };
        let values = solution.cells();
        let maps = group_maps(self.symmetry, n);
        let mut parts = grow_cages(n, values, self.max_cage, &maps, rng);
        // Splits until unique.
        loop {
            let puzzle = self.puzzle(&parts, values)?;
            match self.check(&mut solver, &puzzle, values, &mut meter)? {
                Check::Unique => break,
                Check::Other(other) => {
                    let differ: Vec<usize> =
                        (0..n * n).filter(|&c| other[c] != values[c]).collect();
                    let mut candidates: Vec<usize> = parts
                        .iter()
                        .enumerate()
                        .filter(|(_, p)| p.len() > 1 && p.iter().any(|c| differ.contains(c)))
                        .map(|(i, _)| i)
                        .collect();
                    candidates.sort_unstable();
                    let pick = candidates[rng.random_range(0..candidates.len())];
                    split_with_images(&mut parts, pick, n, &maps, rng);
                }
                Check::Unknown => {
                    let pick = (0..parts.len())
                        .max_by_key(|&i| (parts[i].len(), usize::MAX - i))
                        .unwrap_or(0);
                    if parts[pick].len() < 2 {
                        unreachable!("single-cell cages everywhere make the solution unique");
                    }
                    split_with_images(&mut parts, pick, n, &maps, rng);
                }
            }
        }
        // Merges single-cell cages into neighbours while the puzzle stays unique.
        let mut singles: Vec<usize> = parts
            .iter()
            .filter(|p| p.len() == 1)
            .map(|p| p[0])
            .collect();
        singles.shuffle(rng);
        for cell in singles {
            let Some(own) = parts.iter().position(|p| p == &[cell]) else {
                continue;
            };
            let mut neighbours: Vec<usize> = orthogonal(cell, n)
                .filter_map(|m| parts.iter().position(|p| p.contains(&m)))
                .filter(|&k| k != own && parts[k].iter().all(|&c| values[c] != values[cell]))
                .collect();
            neighbours.sort_unstable();
            neighbours.dedup();
            neighbours.shuffle(rng);
            for k in neighbours {
                let trial = if maps.len() == 1 {
                    let mut trial = parts.clone();
                    trial[k].push(cell);
                    trial.remove(own);
                    trial
                } else {
                    match merge_with_images(&parts, cell, k, values, &maps) {
                        Some(trial) => trial,
                        None => continue,
                    }
                };
                let puzzle = self.puzzle(&trial, values)?;
                if let Check::Unique = self.check(&mut solver, &puzzle, values, &mut meter)? {
                    parts = trial;
                    break;
                }
            }
        }
        let puzzle = self.puzzle(&parts, values)?;
        Ok(GeneratedKiller { puzzle, solution })
    }

    /// The puzzle of the cages `parts` (cell lists) with sums from `values`, cells in
    /// row-major order, cages by their first cell.
    fn puzzle(
        &self,
        parts: &[Vec<usize>],
        values: &[u8],
    ) -> Result<KillerPuzzle, GenerateKillerError> {
        let mut cages: Vec<Cage> = parts
            .iter()
            .map(|p| {
                let mut cells = p.clone();
                cells.sort_unstable();
                Cage::new(
                    cells.iter().map(|&c| u16::from(values[c])).sum(),
                    cells.into_iter().map(Cell::new),
                )
            })
            .collect();
        cages.sort_by_key(|c| c.cells[0]);
        let grid = KillerGrid::new(self.geometry.shape(), cages);
        KillerPuzzle::new(grid, self.geometry.clone()).map_err(|e| match e {
            KillerError::TooLarge { size } => GenerateKillerError::TooLarge { size },
            _ => unreachable!("cages drawn from a solution are valid: {e}"),
        })
    }

    /// A uniqueness check within [`CHECK_NODES`] (and what is left of the budget).
    fn check(
        &self,
        solver: &mut KillerSolver,
        puzzle: &KillerPuzzle,
        puzzle_values: &[u8],
        meter: &mut Meter<'_>,
    ) -> Result<Check, GenerateKillerError> {
        let left = meter.remaining();
        let cap = CHECK_NODES.min(left);
        let mut s = core::mem::take(solver).budget(cap);
        let result = s.find(puzzle, 2, 2);
        *solver = s;
        // A search stopped by its budget counts one node past it.
        let _ = meter.spend(solver.last_nodes().min(cap));
        match result {
            Ok(Found { count, solutions }) => {
                let values = puzzle_values;
                match solutions.into_iter().find(|s| s.as_slice() != values) {
                    None if count == 1 => Ok(Check::Unique),
                    Some(other) => Ok(Check::Other(other)),
                    None => Ok(Check::Unknown),
                }
            }
            Err(e) if e.reason() == grilles_game::StopReason::Budget && cap < left => {
                Ok(Check::Unknown)
            }
            Err(e) => Err(meter.stop(e.reason()).into()),
        }
    }
}

/// A uniqueness check's answer.
enum Check {
    Unique,
    /// A solution other than the drawn one.
    Other(Vec<u8>),
    /// Not decided within the check's nodes.
    Unknown,
}

/// The symmetry's group as maps of the cells (`maps[g][cell]`), the identity first, each
/// map once: one map for [`Symmetry::None`], two for a half-turn, four otherwise.
fn group_maps(symmetry: Symmetry, n: usize) -> Vec<Vec<usize>> {
    let mut maps: Vec<Vec<usize>> = Vec::with_capacity(4);
    for g in 0..4 {
        let map: Vec<usize> = (0..n * n)
            .map(|cell| {
                let (r, c) = symmetry.images(n, cell / n, cell % n)[g];
                r * n + c
            })
            .collect();
        if !maps.contains(&map) {
            maps.push(map);
        }
    }
    maps
}

/// The distinct images of `cage` under the maps (the cage itself first, in its own order,
/// the others sorted), or `None` if two images overlap without being equal.
fn images(cage: &[usize], maps: &[Vec<usize>]) -> Option<Vec<Vec<usize>>> {
    let mut own = cage.to_vec();
    own.sort_unstable();
    let mut sorted: Vec<Vec<usize>> = vec![own];
    let mut out = vec![cage.to_vec()];
    for map in &maps[1..] {
        let mut image: Vec<usize> = cage.iter().map(|&c| map[c]).collect();
        image.sort_unstable();
        if sorted.contains(&image) {
            continue;
        }
        if sorted
            .iter()
            .any(|o| o.iter().any(|c| image.binary_search(c).is_ok()))
        {
            return None;
        }
        sorted.push(image.clone());
        out.push(image);
    }
    Some(out)
}

/// Do the cells of `cage` hold distinct values?
fn distinct(cage: &[usize], values: &[u8]) -> bool {
    let mut seen = 0u64;
    cage.iter().all(|&c| {
        let bit = 1u64 << values[c];
        let fresh = seen & bit == 0;
        seen |= bit;
        fresh
    })
}

/// Cuts the grid in cages: from each free cell in random order, a cage grown to a random
/// size of 2..=`max` by orthogonal steps to free cells whose values it does not hold yet,
/// then placed with its images under `maps` (each step kept only if every image is free,
/// equal to the cage or apart from it, and holds distinct values).
fn grow_cages<R: rand::Rng + ?Sized>(
    n: usize,
    values: &[u8],
    max: usize,
    maps: &[Vec<usize>],
    rng: &mut R,
) -> Vec<Vec<usize>> {
    let cells = n * n;
    let mut order: Vec<usize> = (0..cells).collect();
    order.shuffle(rng);
    let mut taken = vec![false; cells];
    let mut parts = Vec::new();
    for start in order {
        if taken[start] {
            continue;
        }
        let size = rng.random_range(2..=max.min(n));
        let mut cage = vec![start];
        taken[start] = true;
        while cage.len() < size {
            let mut frontier: Vec<usize> = cage
                .iter()
                .flat_map(|&c| orthogonal(c, n))
                .filter(|&m| !taken[m] && cage.iter().all(|&c| values[c] != values[m]))
                .filter(|&m| maps.len() == 1 || symmetric_step(&cage, m, maps, &taken, values))
                .collect();
            frontier.sort_unstable();
            frontier.dedup();
            if frontier.is_empty() {
                break;
            }
            let next = frontier[rng.random_range(0..frontier.len())];
            if maps.len() == 1 {
                taken[next] = true;
                cage.push(next);
            } else {
                for m in step_cells(&cage, next, maps) {
                    taken[m] = true;
                    cage.push(m);
                }
            }
        }
        if maps.len() == 1 {
            parts.push(cage);
            continue;
        }
        // The cage's images, free and apart (checked at each step; a single cell's are).
        let all = images(&cage, maps).unwrap_or_else(|| unreachable!("checked when grown"));
        for image in all {
            for &c in &image {
                taken[c] = true;
            }
            parts.push(image);
        }
    }
    parts
}

/// The cells a step of a symmetric cage to `m` adds: `m` and its images under the maps
/// that take the cage onto itself (so a cage that is its own image stays so: a cell on an
/// axis grows by a cell and its mirror image at once).
fn step_cells(cage: &[usize], m: usize, maps: &[Vec<usize>]) -> Vec<usize> {
    let mut own = cage.to_vec();
    own.sort_unstable();
    let mut cells = vec![m];
    for map in maps {
        let mut image: Vec<usize> = own.iter().map(|&c| map[c]).collect();
        image.sort_unstable();
        if image == own && !cells.contains(&map[m]) {
            cells.push(map[m]);
        }
    }
    cells
}

/// May a symmetric cage grow to `m`? The cells of the step ([`step_cells`]) are free, hold
/// values the cage does not, and every image of the grown cage is free (or the cage
/// itself), apart from the others, with distinct values.
fn symmetric_step(
    cage: &[usize],
    m: usize,
    maps: &[Vec<usize>],
    taken: &[bool],
    values: &[u8],
) -> bool {
    let step = step_cells(cage, m, maps);
    let mut grown = cage.to_vec();
    for &c in &step {
        if c != m && taken[c] {
            return false;
        }
        grown.push(c);
    }
    distinct(&grown, values)
        && images(&grown, maps).is_some_and(|all| {
            all[1..]
                .iter()
                .all(|image| image.iter().all(|&c| !taken[c]) && distinct(image, values))
        })
}

/// Splits cage `k` as [`split`] does, and its images the same way, so that the layout keeps
/// its symmetry; a cage that is its own image under a map moving its cells is cut into
/// single cells (with its images).
fn split_with_images<R: rand::Rng + ?Sized>(
    parts: &mut Vec<Vec<usize>>,
    k: usize,
    n: usize,
    maps: &[Vec<usize>],
    rng: &mut R,
) {
    if maps.len() == 1 {
        split(parts, k, n, rng);
        return;
    }
    let cage = parts[k].clone();
    let mut sorted = cage.clone();
    sorted.sort_unstable();
    // The map taking the cage to each distinct image, and whether a map fixes it as a set
    // while moving its cells.
    let mut targets: Vec<(Vec<usize>, usize)> = Vec::new();
    let mut folded = false;
    for (g, map) in maps.iter().enumerate() {
        let mut image: Vec<usize> = sorted.iter().map(|&c| map[c]).collect();
        image.sort_unstable();
        if image == sorted && sorted.iter().any(|&c| map[c] != c) {
            folded = true;
        }
        if !targets.iter().any(|(t, _)| *t == image) {
            targets.push((image, g));
        }
    }
    let same = |a: &[usize], b: &[usize]| {
        let mut a = a.to_vec();
        a.sort_unstable();
        a == b
    };
    parts.retain(|p| !targets.iter().any(|(t, _)| same(p, t)));
    let pieces: Vec<Vec<usize>> = if folded {
        folded_pieces(&sorted, n, maps, rng)
    } else {
        let mut own = vec![cage];
        split(&mut own, 0, n, rng);
        own
    };
    for (_, g) in targets {
        for piece in &pieces {
            parts.push(piece.iter().map(|&c| maps[g][c]).collect());
        }
    }
}

/// Cuts a cage that is its own image (`sorted`, its cells in order) in connected parts that
/// the maps fixing it permute: half of a breadth-first walk from a random cell, closed under
/// those maps, and the rest, each in connected pieces; single cells when the closure is the
/// whole cage.
fn folded_pieces<R: rand::Rng + ?Sized>(
    sorted: &[usize],
    n: usize,
    maps: &[Vec<usize>],
    rng: &mut R,
) -> Vec<Vec<usize>> {
    let fixing: Vec<&Vec<usize>> = maps
        .iter()
        .filter(|map| {
            let mut image: Vec<usize> = sorted.iter().map(|&c| map[c]).collect();
            image.sort_unstable();
            image == sorted
        })
        .collect();
    let start = sorted[rng.random_range(0..sorted.len())];
    let walk = walk(sorted, start, n);
    let mut half: Vec<usize> = walk[..walk.len().div_ceil(2)].to_vec();
    for map in &fixing {
        for c in walk[..walk.len().div_ceil(2)].iter().map(|&c| map[c]) {
            if !half.contains(&c) {
                half.push(c);
            }
        }
    }
    if half.len() == sorted.len() {
        return sorted.iter().map(|&c| vec![c]).collect();
    }
    let rest: Vec<usize> = sorted
        .iter()
        .copied()
        .filter(|c| !half.contains(c))
        .collect();
    let mut pieces = Vec::new();
    for mut group in [half, rest] {
        group.sort_unstable();
        while let Some(&first) = group.first() {
            let piece = walk_of(&group, first, n);
            group.retain(|c| !piece.contains(c));
            pieces.push(piece);
        }
    }
    pieces
}

/// The cages of `parts` with the single cell `cell` (a cage of its own) joined to cage `k`,
/// and each image of the cell joined to the same image of the cage (cages so linked become
/// one: the links are closed under the symmetry, so the layout keeps it); `None` if a cage
/// made would hold a value twice.
fn merge_with_images(
    parts: &[Vec<usize>],
    cell: usize,
    k: usize,
    values: &[u8],
    maps: &[Vec<usize>],
) -> Option<Vec<Vec<usize>>> {
    let mut cage_of = vec![0usize; values.len()];
    for (i, p) in parts.iter().enumerate() {
        for &c in p {
            cage_of[c] = i;
        }
    }
    // Union-find over the cages.
    let mut parent: Vec<usize> = (0..parts.len()).collect();
    fn root(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    let anchor = parts[k][0];
    for map in maps {
        let (a, b) = (cage_of[map[cell]], cage_of[map[anchor]]);
        let (ra, rb) = (root(&mut parent, a), root(&mut parent, b));
        parent[ra] = rb;
    }
    let mut merged: Vec<Vec<usize>> = vec![Vec::new(); parts.len()];
    for (i, p) in parts.iter().enumerate() {
        let r = root(&mut parent, i);
        merged[r].extend_from_slice(p);
    }
    merged.retain(|p| !p.is_empty());
    merged.iter().all(|p| distinct(p, values)).then_some(merged)
}

/// Splits cage `k` of `parts` (two cells or more) in connected parts: the first half of a
/// breadth-first walk from a random cell, and the connected pieces of the rest.
fn split<R: rand::Rng + ?Sized>(parts: &mut Vec<Vec<usize>>, k: usize, n: usize, rng: &mut R) {
    let cage = parts.remove(k);
    let mut sorted = cage.clone();
    sorted.sort_unstable();
    let start = sorted[rng.random_range(0..sorted.len())];
    let walk = walk(&sorted, start, n);
    let half = walk.len().div_ceil(2);
    parts.push(walk[..half].to_vec());
    let mut rest: Vec<usize> = walk[half..].to_vec();
    rest.sort_unstable();
    while let Some(&first) = rest.first() {
        let piece = walk_of(&rest, first, n);
        rest.retain(|c| !piece.contains(c));
        parts.push(piece);
    }
}

/// The cells of `cells` reached from `start` by orthogonal steps, in breadth-first order
/// (all of them for a connected cage).
fn walk(cells: &[usize], start: usize, n: usize) -> Vec<usize> {
    let mut order = walk_of(cells, start, n);
    // A cage that is not connected (none is made so, but be safe): the rest after.
    for &c in cells {
        if !order.contains(&c) {
            order.push(c);
        }
    }
    order
}

/// Breadth-first order of the cells of `cells` connected to `start`.
fn walk_of(cells: &[usize], start: usize, n: usize) -> Vec<usize> {
    let mut order = vec![start];
    let mut i = 0;
    while i < order.len() {
        let c = order[i];
        for m in orthogonal(c, n) {
            if cells.contains(&m) && !order.contains(&m) {
                order.push(m);
            }
        }
        i += 1;
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::Count;
    use grilles_game::StopReason;
    use rand::SeedableRng as _;
    use rand_pcg::Pcg64Mcg;

    #[test]
    fn split_keeps_every_cell_in_connected_parts() {
        let mut parts = vec![vec![0, 1, 2, 11, 20]];
        split(&mut parts, 0, 9, &mut Pcg64Mcg::seed_from_u64(1));
        let mut all: Vec<usize> = parts.concat();
        all.sort_unstable();
        assert_eq!(all, vec![0, 1, 2, 11, 20]);
        assert!(parts.len() >= 2);
        for p in &parts {
            assert_eq!(walk_of(p, p[0], 9).len(), p.len(), "{parts:?}");
        }
    }

    #[test]
    fn budget_and_cancel_interrupt_generation() {
        let geo = Geometry::classic(crate::Shape::CLASSIC);
        let e = KillerGenerator::new(geo.clone())
            .budget(100)
            .generate(&mut Pcg64Mcg::seed_from_u64(0))
            .unwrap_err();
        assert!(
            matches!(e, GenerateKillerError::Interrupted(i) if i.reason() == StopReason::Budget && i.spent() <= 101),
            "{e}"
        );
        let flag = Arc::new(AtomicBool::new(true));
        let e = KillerGenerator::new(geo)
            .cancel_flag(flag)
            .generate(&mut Pcg64Mcg::seed_from_u64(0))
            .unwrap_err();
        assert!(matches!(e, GenerateKillerError::Interrupted(i) if i.is_cancelled()));
        let big = Geometry::classic(crate::Shape::new(5, 5).unwrap());
        assert_eq!(
            KillerGenerator::new(big)
                .generate(&mut Pcg64Mcg::seed_from_u64(0))
                .unwrap_err(),
            GenerateKillerError::TooLarge { size: 25 }
        );
    }

    /// Every symmetry on 4×4, 6×6 and 9×9: the cage layout maps onto itself, cages hold
    /// distinct values and are connected, and the puzzle is unique.
    #[test]
    fn symmetric_layouts_map_onto_themselves() {
        for (shape, seeds) in [
            (crate::Shape::new(2, 2).unwrap(), 0..6),
            (crate::Shape::new(2, 3).unwrap(), 0..4),
            (crate::Shape::CLASSIC, 0..2),
        ] {
            let n = shape.size();
            for symmetry in Symmetry::ALL {
                let maps = group_maps(symmetry, n);
                let mut g = KillerGenerator::new(Geometry::classic(shape)).symmetry(symmetry);
                for seed in seeds.clone() {
                    let made = g.generate(&mut Pcg64Mcg::seed_from_u64(seed)).unwrap();
                    let cages: Vec<Vec<usize>> = made
                        .puzzle
                        .cages()
                        .iter()
                        .map(|c| c.cells.iter().map(|x| x.index()).collect())
                        .collect();
                    for cage in &cages {
                        assert_eq!(walk_of(cage, cage[0], n).len(), cage.len(), "{cages:?}");
                        for map in &maps {
                            let mut image: Vec<usize> = cage.iter().map(|&c| map[c]).collect();
                            image.sort_unstable();
                            assert!(cages.contains(&image), "{symmetry:?} {seed}: {cages:?}");
                        }
                    }
                    assert!(made.puzzle.is_solution(&made.solution));
                    assert_eq!(
                        KillerSolver::new().count(&made.puzzle, 2).unwrap(),
                        Count::Exact(1)
                    );
                }
            }
        }
    }

    #[test]
    fn small_grids_get_unique_puzzles() {
        let geo = Geometry::classic(crate::Shape::new(2, 2).unwrap());
        let mut g = KillerGenerator::new(geo);
        for seed in 0..20 {
            let made = g.generate(&mut Pcg64Mcg::seed_from_u64(seed)).unwrap();
            assert!(made.puzzle.is_solution(&made.solution));
            assert_eq!(
                KillerSolver::new().count(&made.puzzle, u64::MAX).unwrap(),
                Count::Exact(1)
            );
        }
    }
}
