//! Every bounded value of the crate stops on its budget and on its cancel flag with the one
//! `Interrupted` (in search nodes), and a budget that does not run out changes nothing.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::Duration;

use rand::SeedableRng as _;
use rand_pcg::Pcg64Mcg;
use sudoku_core::exact_cover::ExactCover;
use sudoku_core::killer::{
    GenerateKillerError, KillerGenerator, KillerGrid, KillerPuzzle, KillerSolver,
};
use sudoku_core::transform::{Canonicalizer, TransformError, canonical_form};
use sudoku_core::{
    Count, Engine, GenerateError, Generator, Geometry, Grid, Interrupted, Shape, SolveError,
    Solver, StopReason, WorkUnit,
};

/// `stop` is a stop for `reason`, counted in search nodes.
#[track_caller]
fn is_stop(stop: Interrupted, reason: StopReason) -> Interrupted {
    assert_eq!(
        (stop.reason(), stop.unit()),
        (reason, WorkUnit::Nodes),
        "{stop}"
    );
    stop
}

fn raised() -> Arc<AtomicBool> {
    Arc::new(AtomicBool::new(true))
}

/// Raises a flag from another thread after a few milliseconds, while `call` runs.
fn cancelled_while_running<T>(call: impl FnOnce(Arc<AtomicBool>) -> T) -> T {
    let flag = Arc::new(AtomicBool::new(false));
    let raiser = {
        let flag = Arc::clone(&flag);
        thread::spawn(move || {
            thread::sleep(Duration::from_millis(30));
            flag.store(true, Ordering::Relaxed);
        })
    };
    let out = call(flag);
    raiser.join().unwrap();
    out
}

/// The exact cover of the n-queens problem (ranks and files primary, diagonals secondary).
fn queens(n: usize) -> ExactCover {
    let diagonals = 2 * n - 1;
    let mut ec = ExactCover::new(2 * n, 2 * diagonals);
    for r in 0..n {
        for c in 0..n {
            ec.add_row(&[r, n + c, 2 * n + r + c, 2 * n + diagonals + (r + n - 1 - c)])
                .unwrap();
        }
    }
    ec
}

#[test]
fn exact_cover_searches_stop() {
    let mut ec = queens(8);
    let stop = ec
        .search()
        .budget(100)
        .count_solutions(u64::MAX)
        .unwrap_err();
    assert_eq!(is_stop(stop, StopReason::Budget).spent(), 100);
    let stop = ec.search().cancel_flag(raised()).count_solutions(u64::MAX);
    is_stop(stop.unwrap_err(), StopReason::Cancelled);
    let total = ec.search().count_solutions(u64::MAX).unwrap();
    assert_eq!(total, Count::Exact(92));
    assert_eq!(
        ec.search().budget(1_000_000).count_solutions(u64::MAX),
        Ok(total)
    );
    let mut big = queens(14);
    let stop =
        cancelled_while_running(|flag| big.search().cancel_flag(flag).count_solutions(u64::MAX));
    assert!(is_stop(stop.unwrap_err(), StopReason::Cancelled).spent() > 0);
}

#[test]
fn solvers_stop_on_both_engines() {
    let hard: Grid =
        "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"
            .parse()
            .unwrap();
    for engine in [Engine::Fast, Engine::Dlx] {
        let geo = Geometry::classic(Shape::CLASSIC);
        let mut free = Solver::with_engine(geo.clone(), engine).unwrap();
        let answer = free.solve(&hard).unwrap();
        let needed = free.last_nodes();
        let mut tight = Solver::with_engine(geo.clone(), engine)
            .unwrap()
            .budget(needed / 2);
        match tight.solve(&hard) {
            Err(SolveError::Interrupted(stop)) => {
                assert_eq!(is_stop(stop, StopReason::Budget).spent(), needed / 2);
            }
            other => panic!("{engine}: {other:?}"),
        }
        let mut enough = Solver::with_engine(geo.clone(), engine)
            .unwrap()
            .budget(needed);
        assert_eq!(enough.solve(&hard).unwrap(), answer, "{engine}");
        let mut flagged = Solver::with_engine(geo, engine)
            .unwrap()
            .cancel_flag(raised());
        for result in [
            flagged.solve(&hard).map(|_| ()),
            flagged.count(&hard, 2).map(|_| ()),
            flagged
                .random_solution(
                    &Grid::empty(Shape::CLASSIC),
                    &mut Pcg64Mcg::seed_from_u64(1),
                )
                .map(|_| ()),
        ] {
            match result {
                Err(SolveError::Interrupted(stop)) => {
                    is_stop(stop, StopReason::Cancelled);
                }
                other => panic!("{engine}: {other:?}"),
            }
        }
    }
    // A raised flag also ends a lazy enumeration, and a flag raised during a long count
    // stops it.
    let sixteen = Shape::new(4, 4).unwrap();
    let mut flagged = Solver::new(Geometry::classic(sixteen)).cancel_flag(raised());
    let first = flagged.solutions(&Grid::empty(sixteen)).unwrap().next();
    assert!(matches!(first, Some(Err(stop)) if stop.is_cancelled()));
    let counted = cancelled_while_running(|flag| {
        Solver::new(Geometry::classic(sixteen))
            .cancel_flag(flag)
            .count(&Grid::empty(sixteen), u64::MAX)
    });
    match counted {
        Err(SolveError::Interrupted(stop)) => assert!(stop.is_cancelled() && stop.spent() > 0),
        other => panic!("{other:?}"),
    }
}

#[test]
fn generators_stop() {
    let geo = Geometry::classic(Shape::CLASSIC);
    let seed = || Pcg64Mcg::seed_from_u64(11);
    let made = Generator::new(geo.clone()).generate(&mut seed()).unwrap();
    // Within a budget that runs out: no puzzle, and the units spent are the budget's.
    for budget in [0, 1, 50] {
        match Generator::new(geo.clone())
            .budget(budget)
            .generate(&mut seed())
        {
            Err(GenerateError::Interrupted(stop)) => {
                let spent = is_stop(stop, StopReason::Budget).spent();
                assert!(spent <= budget + 1, "{spent} for a budget of {budget}");
            }
            other => panic!("budget {budget}: {other:?}"),
        }
    }
    // The least budget that lets a generation through makes the same puzzle as none, and
    // one node less stops it: the budget counts every search, on both removal paths.
    for generator in [
        Generator::new(geo.clone()),
        Generator::new(geo.clone()).proof_budget(1_000),
    ] {
        let free = generator.clone().generate(&mut seed()).unwrap();
        let passes = |budget: u64| generator.clone().budget(budget).generate(&mut seed());
        let (mut lo, mut hi) = (0u64, 10_000_000u64);
        assert!(passes(lo).is_err() && passes(hi).is_ok());
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2;
            if passes(mid).is_ok() {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        assert_eq!(passes(hi).unwrap(), free);
        // The random grid alone tries a row for each of the 81 cells.
        assert!(hi > 81, "{hi}");
        match passes(hi - 1) {
            Err(GenerateError::Interrupted(stop)) => {
                assert!(is_stop(stop, StopReason::Budget).spent() <= hi);
            }
            other => panic!("{other:?}"),
        }
    }
    match Generator::new(geo.clone())
        .cancel_flag(raised())
        .generate(&mut seed())
    {
        Err(GenerateError::Interrupted(stop)) => {
            is_stop(stop, StopReason::Cancelled);
        }
        other => panic!("{other:?}"),
    }
    let solution = made.solution.clone();
    match Generator::new(geo)
        .cancel_flag(raised())
        .generate_from(&solution, &mut seed())
    {
        Err(GenerateError::Interrupted(stop)) => {
            is_stop(stop, StopReason::Cancelled);
        }
        other => panic!("{other:?}"),
    }
    // A 25×25 generation takes minutes: a flag raised after a few milliseconds stops it.
    let big = Geometry::classic(Shape::new(5, 5).unwrap());
    let stopped =
        cancelled_while_running(|flag| Generator::new(big).cancel_flag(flag).generate(&mut seed()));
    match stopped {
        Err(GenerateError::Interrupted(stop)) => assert!(stop.is_cancelled()),
        other => panic!("{other:?}"),
    }
}

#[test]
fn killer_solvers_and_generators_stop() {
    let puzzle = KillerPuzzle::classic("3: r1c1 r1c2".parse::<KillerGrid>().unwrap()).unwrap();
    let stop = KillerSolver::new()
        .budget(50)
        .count(&puzzle, u64::MAX)
        .unwrap_err();
    assert_eq!(is_stop(stop, StopReason::Budget).spent(), 51);
    let stop = KillerSolver::new()
        .cancel_flag(raised())
        .solve(&puzzle)
        .unwrap_err();
    is_stop(stop, StopReason::Cancelled);
    let geo = Geometry::classic(Shape::CLASSIC);
    match KillerGenerator::new(geo.clone())
        .budget(100)
        .generate(&mut Pcg64Mcg::seed_from_u64(0))
    {
        Err(GenerateKillerError::Interrupted(stop)) => {
            assert!(is_stop(stop, StopReason::Budget).spent() <= 101);
        }
        other => panic!("{other:?}"),
    }
    match KillerGenerator::new(geo.clone())
        .cancel_flag(raised())
        .generate(&mut Pcg64Mcg::seed_from_u64(0))
    {
        Err(GenerateKillerError::Interrupted(stop)) => {
            is_stop(stop, StopReason::Cancelled);
        }
        other => panic!("{other:?}"),
    }
    let four = Geometry::classic(Shape::new(2, 2).unwrap());
    let free = KillerGenerator::new(four.clone()).generate(&mut Pcg64Mcg::seed_from_u64(3));
    let roomy = KillerGenerator::new(four)
        .budget(10_000_000)
        .generate(&mut Pcg64Mcg::seed_from_u64(3));
    assert_eq!(
        roomy.unwrap().puzzle.to_string(),
        free.unwrap().puzzle.to_string()
    );
}

#[test]
fn canonicalizers_stop() {
    let grid: Vec<u8> =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
            .bytes()
            .map(|b| b - b'0')
            .collect();
    match Canonicalizer::new().budget(3).canonical_form(3, 3, &grid) {
        Err(TransformError::Interrupted(stop)) => {
            assert_eq!(is_stop(stop, StopReason::Budget).spent(), 4);
        }
        other => panic!("{other:?}"),
    }
    match Canonicalizer::new()
        .cancel_flag(raised())
        .canonical_form(3, 3, &grid)
    {
        Err(TransformError::Interrupted(stop)) => {
            is_stop(stop, StopReason::Cancelled);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        Canonicalizer::new()
            .budget(10_000_000)
            .canonical_form(3, 3, &grid),
        canonical_form(3, 3, &grid)
    );
}
