//! The removal loops: the orbits of a complete grid emptied in turn, each kept empty only if
//! the puzzle stays unique (see the [module documentation](super) for the three paths and
//! their engines).

use std::sync::Arc;

use grilles_game::StopReason;

use super::bitsearch::{self, BitSearch};
use super::certificate::Found;
use super::generator::{GenerateError, GenerateProgress, Generator, Removal};
use super::logic::{self, Logic};
use super::sat::{self, Sat};
use crate::cell::Cell;
use crate::geometry::Geometry;
use crate::solve::ProofEngine;

impl Generator {
    /// The removal loop for grids up to 9×9 without a proof budget: a given forced by the
    /// givens alone (naked or hidden single) is removed without a search, otherwise the
    /// solver looks for a solution with another value in an emptied cell.
    pub(super) fn remove_direct<P: FnMut(GenerateProgress)>(
        &mut self,
        r: &mut Removal<'_, '_, P>,
    ) -> Result<(), GenerateError> {
        let (cells, solution) = (&mut *r.cells, r.solution);
        let (mut givens, mut remaining) = (cells.len(), cells.len());
        let mut other = vec![0u8; if r.found.keeps() { cells.len() } else { 0 }];
        let geo = self.solver.geometry().clone();
        // Values given in each house, kept up to date.
        let mut masks: Vec<u32> = geo.house_masks(cells).iter().map(|m| m.bits()).collect();
        for orbit in r.orbits {
            for &c in orbit {
                let bit = 1u32 << (solution[c.index()] - 1);
                for &h in geo.houses_of(c) {
                    masks[h.index()] &= !bit;
                }
                cells[c.index()] = 0;
            }
            let forced = orbit
                .iter()
                .all(|&c| forced_by_givens(&geo, cells, &masks, c, solution[c.index()]));
            let keep = r.found.keeps().then_some(&mut other[..]);
            if !forced
                && r.work.run(&mut self.solver, |solver| {
                    solver.has_other_solution(cells, solution, orbit, keep)
                })?
            {
                r.found.record(orbit[0].index(), &other);
                for &c in orbit {
                    let bit = 1u32 << (solution[c.index()] - 1);
                    for &h in geo.houses_of(c) {
                        masks[h.index()] |= bit;
                    }
                    cells[c.index()] = solution[c.index()];
                }
            } else {
                givens -= orbit.len();
            }
            remaining -= orbit.len();
            (r.progress)(GenerateProgress { givens, remaining });
        }
        Ok(())
    }

    /// The removal loop for 10×10 to 16×16, and at every size under a proof budget: candidate
    /// logic on the givens with the removed cell's solution value struck (it often decides
    /// alone), then a dancing-links search near the known solution (a second solution, when
    /// there is one, is usually close to it).
    /// Faster than the engines of [`Generator::remove_with_learning`] up to 16×16, slower
    /// above. Returns the removals left undecided by the proof budget.
    pub(super) fn remove_with_dlx<P: FnMut(GenerateProgress)>(
        &mut self,
        r: &mut Removal<'_, '_, P>,
    ) -> Result<usize, GenerateError> {
        let (cells, solution) = (&mut *r.cells, r.solution);
        let mut undecided = 0;
        let mut other = vec![0u8; if r.found.keeps() { cells.len() } else { 0 }];
        let geo = self.solver.geometry().clone();
        if self
            .logic
            .as_ref()
            .is_none_or(|(l, _)| !Arc::ptr_eq(&l.geo, &geo))
        {
            self.logic = Some((Logic::new(geo.clone()), ProofEngine::new(&geo)));
        }
        let (logic, proof) = self.logic.as_mut().unwrap_or_else(|| unreachable!());
        let mut count = GenerateProgress {
            givens: cells.len(),
            remaining: cells.len(),
        };
        let orbits = r.orbits.iter().map(Vec::as_slice);
        let (found, work, proof_budget) = (&mut *r.found, &mut *r.work, self.proof_budget);
        let solver = &mut self.solver;
        remove_each_cell(
            orbits,
            cells,
            solution,
            &mut count,
            r.progress,
            |cells, c| {
                let answer = match logic.run(cells, c, solution[c]) {
                    logic::Outcome::Contradiction => false,
                    logic::Outcome::Solved => {
                        if found.keeps() {
                            logic.write_solution(&mut other);
                            found.record(c, &other);
                        }
                        true
                    }
                    logic::Outcome::Open => {
                        let (placed, excluded) = logic.reduced();
                        let keep = found.keeps().then_some(&mut other[..]);
                        match work.run(solver, |solver| {
                            solver.has_solution_avoiding(
                                proof,
                                placed,
                                excluded,
                                solution,
                                proof_budget,
                                keep,
                            )
                        })? {
                            Some(true) => {
                                found.record(c, &other);
                                true
                            }
                            Some(false) => false,
                            None => {
                                // Undecided within the proof budget: keep the given.
                                undecided += 1;
                                true
                            }
                        }
                    }
                };
                Ok(Some(answer))
            },
        )?;
        Ok(undecided)
    }

    /// The removal loop above 16×16 without a proof budget: for each emptied cell,
    /// a search for a solution with another value there (the steps of the module
    /// documentation).
    ///
    /// A removal not decided within `first` nodes is put off: the orbit stays given and
    /// joins a queue, revisited after the last orbit in passes with four times the nodes of
    /// the last, the final pass without a cap. Sound: a revisit decides on the puzzle as it
    /// is then (a removal keeps it unique), and a second solution found for a puzzle stays
    /// one for every puzzle with fewer givens, so no given kept can be removed at the end.
    /// Returns the number of orbits put off. Exact: the solver's own budget, the
    /// generator's budget or the cancel flag stops it with an error.
    pub(super) fn remove_with_learning<P: FnMut(GenerateProgress)>(
        &mut self,
        r: &mut Removal<'_, '_, P>,
        first: u64,
    ) -> Result<usize, GenerateError> {
        let (cells, solution) = (&mut *r.cells, r.solution);
        let geo = self.solver.geometry().clone();
        if self
            .proof
            .as_ref()
            .is_none_or(|p| !Arc::ptr_eq(&p.0.geo, &geo))
        {
            self.proof = Some((BitSearch::new(geo.clone()), Sat::new(geo.clone())));
        }
        let (near, proof) = self.proof.as_mut().unwrap_or_else(|| unreachable!());
        let (own, cancel) = self.solver.limits();
        let own = own.unwrap_or(u64::MAX);
        let mut count = GenerateProgress {
            givens: cells.len(),
            remaining: cells.len(),
        };
        let (found, work) = (&mut *r.found, &mut *r.work);
        let mut queue: Vec<&[Cell]> = r.orbits.iter().map(Vec::as_slice).collect();
        let mut put_off = 0;
        let mut cap = first.min(own);
        loop {
            let later = remove_each_cell(
                queue,
                cells,
                solution,
                &mut count,
                r.progress,
                |cells, c| {
                    let q = Query {
                        cells,
                        at: c,
                        solution,
                    };
                    // Within what is left of the generator's budget.
                    let left = work.left().unwrap_or(u64::MAX);
                    let this = cap.min(left);
                    let (result, spent) = decide(near, proof, q, this, cancel, found);
                    let result = match result {
                        Ok(other) => Ok(Some(other)),
                        Err(sat::Stop::Budget) if this < own.min(left) => Ok(None),
                        Err(sat::Stop::Budget) => Err(StopReason::Budget),
                        Err(sat::Stop::Cancelled) => Err(StopReason::Cancelled),
                    };
                    let stop = result.map_err(|reason| {
                        grilles_game::Interrupted::new(reason, grilles_game::WorkUnit::Nodes, 0)
                    });
                    Ok(work.count(spent, stop)?)
                },
            )?;
            if cap == first.min(own) {
                put_off = later.len();
            }
            if later.is_empty() {
                return Ok(put_off);
            }
            queue = later;
            cap = cap.saturating_mul(4).min(own);
        }
    }
}

/// The removal loop of the per-cell paths: empties each orbit, asks `other` whether a
/// solution with another value exists at each of its cells (`Some(true)`: yes, stopping
/// there; `Some(false)`: no; `None`: undecided), puts the orbit back unless every answer
/// was no, counts the decided cells in `count`, reports progress, and returns the orbits
/// put back undecided (to revisit).
fn remove_each_cell<'o>(
    orbits: impl IntoIterator<Item = &'o [Cell]>,
    cells: &mut [u8],
    solution: &[u8],
    count: &mut GenerateProgress,
    progress: &mut impl FnMut(GenerateProgress),
    mut other: impl FnMut(&[u8], usize) -> Result<Option<bool>, GenerateError>,
) -> Result<Vec<&'o [Cell]>, GenerateError> {
    let mut open = Vec::new();
    for orbit in orbits {
        for &c in orbit {
            cells[c.index()] = 0;
        }
        let mut answer = Some(false);
        for &c in orbit {
            match other(cells, c.index())? {
                Some(true) => {
                    answer = Some(true);
                    break;
                }
                Some(false) => {}
                None => answer = None,
            }
        }
        if answer != Some(false) {
            for &c in orbit {
                cells[c.index()] = solution[c.index()];
            }
        }
        match answer {
            Some(false) => {
                count.givens -= orbit.len();
                count.remaining -= orbit.len();
            }
            Some(true) => count.remaining -= orbit.len(),
            None => open.push(orbit),
        }
        progress(*count);
    }
    Ok(open)
}

/// One uniqueness test: is there a solution of `cells` with another value than
/// `solution[at]` at `at`?
#[derive(Clone, Copy, Debug)]
struct Query<'a> {
    cells: &'a [u8],
    at: usize,
    solution: &'a [u8],
}

/// The nodes of a first attempt at each removal above 16×16 without a proof budget (one
/// round of each engine in [`decide`]); a removal not decided within them is put off.
pub(super) const FIRST_PASS: u64 = 2_200;

/// Answers a [`Query`] with both engines in turn, each round with four times the nodes of
/// the last (the search near the solution from 200 branches, clause learning from 2,000
/// decisions, which keeps what it learned from one round to the next), until one of them
/// decides or `cap` nodes in all are spent. Returns the answer and the nodes the engines
/// searched; a second solution found goes to `found`.
fn decide(
    near: &mut BitSearch,
    proof: &mut Sat,
    q: Query<'_>,
    cap: u64,
    cancel: Option<&core::sync::atomic::AtomicBool>,
    found: &mut Found,
) -> (Result<bool, sat::Stop>, u64) {
    let strike = q.solution[q.at];
    // The rounds' limits, which decide when to give up, and the nodes searched.
    let (mut used, mut spent) = (0u64, 0u64);
    for round in 0u32.. {
        let scale = 1u64.checked_shl(2 * round).unwrap_or(u64::MAX);
        let limit = 200u64.saturating_mul(scale).min(cap - used);
        let answer = near.solution_avoiding(q.cells, q.at, strike, q.solution, limit, cancel);
        spent = spent.saturating_add(near.nodes().min(limit));
        match answer {
            Ok(true) => {
                found.record(q.at, near.found());
                return (Ok(true), spent);
            }
            Ok(false) => return (Ok(false), spent),
            Err(bitsearch::Stop::Cancelled) => return (Err(sat::Stop::Cancelled), spent),
            Err(bitsearch::Stop::Budget) => used += limit,
        }
        if used >= cap {
            break;
        }
        let limit = 2_000u64.saturating_mul(scale).min(cap - used);
        let answer = proof.solution_avoiding(q.cells, q.at, strike, q.solution, limit, cancel);
        spent = spent.saturating_add(proof.nodes().min(limit));
        match answer {
            Ok(true) => {
                found.record(q.at, proof.found());
                return (Ok(true), spent);
            }
            Ok(false) => return (Ok(false), spent),
            Err(sat::Stop::Cancelled) => return (Err(sat::Stop::Cancelled), spent),
            Err(sat::Stop::Budget) => used += limit,
        }
        if used >= cap {
            break;
        }
    }
    (Err(sat::Stop::Budget), spent)
}

/// Is the value `v` of the empty cell `cell` forced by the givens alone, as a naked single
/// (every other value is seen by the cell) or a hidden single (in some house of the cell,
/// every other empty cell sees a given `v`)? Then every solution has `v` there, so emptying
/// the cell keeps a unique puzzle unique, without a search.
fn forced_by_givens(geo: &Geometry, cells: &[u8], masks: &[u32], cell: Cell, v: u8) -> bool {
    let bit = 1u32 << (v - 1);
    let all = (1u32 << geo.size()) - 1;
    let seen = geo
        .houses_of(cell)
        .iter()
        .fold(0u32, |acc, &h| acc | masks[h.index()]);
    if seen | bit == all {
        return true;
    }
    geo.houses_of(cell).iter().any(|&h| {
        geo.house(h).iter().all(|&c| {
            c == cell
                || cells[c.index()] != 0
                || geo
                    .houses_of(c)
                    .iter()
                    .any(|&g| masks[g.index()] & bit != 0)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::super::generator::Work;
    use super::*;
    use crate::count::Count;
    use crate::generate::{Symmetry, check_minimality};
    use crate::grid::Grid;
    use crate::shape::Shape;
    use crate::solve::Solver;
    use grilles_game::Limits;
    use rand::SeedableRng as _;
    use rand::seq::SliceRandom as _;
    use rand_pcg::Pcg64Mcg;

    /// Both proof engines answer "is there a solution with another value at the cell?"
    /// exactly as counting does, on increasingly open grids of several sizes; a solution
    /// they find is one, keeps the givens and differs at the cell.
    #[test]
    fn proof_engines_agree_with_counting() {
        let mut answers = [0; 2];
        for (shape, seeds) in [
            (Shape::new(2, 2).unwrap(), 0..6),
            (Shape::new(2, 3).unwrap(), 0..3),
            (Shape::CLASSIC, 0..2),
        ] {
            let geo = Geometry::classic(shape);
            let mut near = BitSearch::new(geo.clone());
            let mut sat = Sat::new(geo.clone());
            let mut solver = Solver::new(geo.clone());
            for seed in seeds {
                let made = Generator::new(geo.clone())
                    .generate(&mut Pcg64Mcg::seed_from_u64(seed))
                    .unwrap();
                let sol = made.solution.cells();
                let mut cells = sol.to_vec();
                let mut order: Vec<usize> = (0..cells.len()).collect();
                order.shuffle(&mut Pcg64Mcg::seed_from_u64(seed));
                for &c in &order {
                    cells[c] = 0;
                    let mut other = 0;
                    for v in 1..=shape.size() as u8 {
                        if v != sol[c] {
                            let mut t = cells.clone();
                            t[c] = v;
                            other += solver.count_raw(&t, 1).unwrap().at_least();
                        }
                    }
                    let check = |found: &[u8]| {
                        assert!(geo.is_solution(found));
                        assert_ne!(found[c], sol[c]);
                        assert!(cells.iter().zip(found).all(|(&g, &f)| g == 0 || g == f));
                    };
                    let a = near
                        .solution_avoiding(&cells, c, sol[c], sol, u64::MAX, None)
                        .unwrap();
                    assert_eq!(a, other > 0, "bit search, seed {seed}, cell {c}");
                    if a {
                        check(near.found());
                    }
                    let b = sat
                        .solution_avoiding(&cells, c, sol[c], sol, u64::MAX, None)
                        .unwrap();
                    assert_eq!(b, other > 0, "clause learning, seed {seed}, cell {c}");
                    if b {
                        check(sat.found());
                    }
                    answers[usize::from(b)] += 1;
                }
            }
        }
        // Both answers happened.
        assert!(answers.iter().all(|&k| k > 0), "{answers:?}");
    }

    /// `cells` has one solution, and each of its givens is needed (independent count).
    fn assert_unique_minimal(check: &mut Solver, shape: Shape, cells: &[u8]) {
        let puzzle = Grid::new(shape, cells.to_vec()).unwrap();
        assert_eq!(check.count(&puzzle, 2).unwrap(), Count::Exact(1));
        for c in (0..cells.len()).filter(|&c| cells[c] != 0) {
            let mut fewer = cells.to_vec();
            fewer[c] = 0;
            let fewer = Grid::new(shape, fewer).unwrap();
            assert_eq!(
                check.count(&fewer, 2).unwrap(),
                Count::AtLeast(2),
                "given {c} needed"
            );
        }
    }

    /// The two exact removal loops (candidate logic with dancing links, used up to 16×16;
    /// the search near the solution with clause learning, used above) decide every removal
    /// alike, so the same grid and order give the same puzzle, unique and minimal by an
    /// independent count.
    #[test]
    fn removal_loops_agree() {
        let mut put_off = 0;
        for (shape, seeds) in [
            (Shape::new(2, 3).unwrap(), 0..6u64),
            (Shape::CLASSIC, 0..4),
            (Shape::new(3, 4).unwrap(), 0..1),
        ] {
            let geo = Geometry::classic(shape);
            let mut generator = Generator::new(geo.clone());
            let mut check = Solver::new(geo.clone());
            for seed in seeds {
                let mut rng = Pcg64Mcg::seed_from_u64(seed);
                let solution = check
                    .random_solution(&Grid::empty(shape), &mut rng)
                    .unwrap()
                    .unwrap()
                    .into_cells();
                let mut orbits = Symmetry::None.orbits(shape);
                orbits.shuffle(&mut rng);
                let mut by_dlx = solution.clone();
                let mut by_learning = solution.clone();
                let cells = shape.cell_count();
                let (mut found_dlx, mut found_learning) =
                    (Found::new(true, cells), Found::new(true, cells));
                let limits = Limits::new();
                let mut work = Work::new(&limits);
                let mut quiet = |_| ();
                let u = generator
                    .remove_with_dlx(&mut Removal {
                        orbits: &orbits,
                        cells: &mut by_dlx,
                        solution: &solution,
                        progress: &mut quiet,
                        found: &mut found_dlx,
                        work: &mut work,
                    })
                    .unwrap();
                generator
                    .remove_with_learning(
                        &mut Removal {
                            orbits: &orbits,
                            cells: &mut by_learning,
                            solution: &solution,
                            progress: &mut quiet,
                            found: &mut found_learning,
                            work: &mut work,
                        },
                        u64::MAX,
                    )
                    .unwrap();
                assert_eq!(u, 0);
                assert_eq!(by_dlx, by_learning, "{shape:?} seed {seed}");
                assert_unique_minimal(&mut check, shape, &by_learning);
                let sol = Grid::new(shape, solution.clone()).unwrap();
                for (found, puzzle) in [(&found_dlx, &by_dlx), (&found_learning, &by_learning)] {
                    let puzzle = Grid::new(shape, puzzle.clone()).unwrap();
                    let certs = found.certificates(Symmetry::None.orbits(shape), &puzzle);
                    check_minimality(&geo, Symmetry::None, &puzzle, &sol, &certs).unwrap();
                }
                // A first pass of one node puts removals off to later passes; the puzzle
                // is still unique and minimal, and certified so.
                let mut by_passes = solution.clone();
                let mut found_passes = Found::new(true, cells);
                put_off += generator
                    .remove_with_learning(
                        &mut Removal {
                            orbits: &orbits,
                            cells: &mut by_passes,
                            solution: &solution,
                            progress: &mut quiet,
                            found: &mut found_passes,
                            work: &mut work,
                        },
                        1,
                    )
                    .unwrap();
                assert_unique_minimal(&mut check, shape, &by_passes);
                let puzzle = Grid::new(shape, by_passes).unwrap();
                let certs = found_passes.certificates(Symmetry::None.orbits(shape), &puzzle);
                check_minimality(&geo, Symmetry::None, &puzzle, &sol, &certs).unwrap();
            }
        }
        assert!(put_off > 0, "no removal was put off");
    }

    /// Hard removal tests met by the 25×25 generator (`tests/data/generate_25x25_hard_removals.txt`), each decided
    /// by both engines in turn from fresh engines as the removal loop does, and checked
    /// against the recorded answer. Seconds each in release; run with
    /// `cargo test --release -p sudoku-core --lib -- --ignored hard_removals --nocapture`.
    #[test]
    #[ignore = "25×25 removal tests: about a minute in release"]
    fn hard_removals() {
        let geo = Geometry::classic(Shape::new(5, 5).unwrap());
        let decode = |s: &str| -> Vec<u8> {
            s.bytes()
                .map(|b| if b == b'.' { 0 } else { b - b'A' + 1 })
                .collect()
        };
        let mut total = 0.0;
        for line in include_str!("../../tests/data/generate_25x25_hard_removals.txt")
            .lines()
            .filter(|l| !l.starts_with('#'))
        {
            let f: Vec<&str> = line.split_whitespace().collect();
            let at: usize = f[0].parse().unwrap();
            let (cells, sol) = (decode(f[2]), decode(f[3]));
            assert!(geo.is_solution(&sol));
            assert_eq!(cells[at], 0);
            let mut near = BitSearch::new(geo.clone());
            let mut sat = Sat::new(geo.clone());
            let start = std::time::Instant::now();
            let q = Query {
                cells: &cells,
                at,
                solution: &sol,
            };
            let mut found = Found::new(false, cells.len());
            let (answer, _) = decide(&mut near, &mut sat, q, u64::MAX, None, &mut found);
            let took = start.elapsed().as_secs_f64();
            total += took;
            println!("cell {at}: {answer:?} in {took:.3} s");
            assert_eq!(answer, Ok(f[1] == "other"), "cell {at}");
        }
        println!("total {total:.3} s");
    }
}
