//! Every bounded call of the crate stops on its budget and on its cancel flag with the one
//! interruption of the workspace (`grilles_game::Interrupted`, in rating units).

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use rand::SeedableRng as _;
use rand_pcg::Pcg64Mcg;
use sudoku_core::{Generator, Geometry, Grid, Puzzle, Shape, Solver};
use sudoku_grade::{GradeError, Interrupted, Level, MarkedGrid, Rater, StopReason, WorkUnit};

/// A puzzle that needs look-ahead: about 160,000 units.
const HARD: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

fn hard() -> Puzzle {
    Puzzle::classic(HARD.parse().unwrap()).unwrap()
}

fn solution() -> Puzzle {
    let geometry = Geometry::classic(Shape::CLASSIC);
    let grid = Solver::new(Arc::clone(&geometry))
        .random_solution(
            &Grid::empty(Shape::CLASSIC),
            &mut Pcg64Mcg::seed_from_u64(3),
        )
        .unwrap()
        .unwrap();
    Puzzle::new(grid, geometry).unwrap()
}

/// One bounded call, run with a rater.
type Call = Box<dyn Fn(&Rater) -> Result<(), GradeError>>;

/// Each bounded call, by name, run with `rater`.
fn calls() -> Vec<(&'static str, Call)> {
    vec![
        ("rate", Box::new(|r: &Rater| r.rate(&hard()).map(drop))),
        (
            "next_step",
            Box::new(|r: &Rater| {
                let empty = Puzzle::classic(Grid::empty(Shape::new(4, 4).unwrap())).unwrap();
                r.next_step(&MarkedGrid::new(&empty)).map(drop)
            }),
        ),
        (
            "solution",
            Box::new(|r: &Rater| r.solution(&MarkedGrid::new(&hard())).map(drop)),
        ),
        (
            "human_time",
            Box::new(|r: &Rater| r.human_time(&hard()).map(drop)),
        ),
        (
            "quality",
            Box::new(|r: &Rater| r.quality(&hard()).map(drop)),
        ),
        (
            "calibrate",
            Box::new(|r: &Rater| {
                r.calibrate(&solution(), &mut Pcg64Mcg::seed_from_u64(1))
                    .map(drop)
            }),
        ),
        (
            "generate_level",
            Box::new(|r: &Rater| {
                let mut generator = Generator::new(Geometry::classic(Shape::CLASSIC));
                r.generate_level(
                    &mut generator,
                    Level::Expert,
                    1_000,
                    &mut Pcg64Mcg::seed_from_u64(1),
                )
                .map(drop)
            }),
        ),
    ]
}

fn interruption(name: &str, out: Result<(), GradeError>) -> Interrupted {
    match out {
        Err(GradeError::Interrupted(i)) => {
            assert_eq!(i.unit(), WorkUnit::RatingWork, "{name}");
            i
        }
        other => panic!("{name}: {other:?}"),
    }
}

#[test]
fn every_call_stops_on_its_budget() {
    for (name, call) in calls() {
        for budget in [0u64, 1, 5] {
            let stop = interruption(name, call(&Rater::new().budget(budget)));
            assert_eq!(stop.reason(), StopReason::Budget, "{name} {budget}");
            assert!(stop.spent() > budget, "{name} {budget}: {stop:?}");
            assert_eq!(
                stop.to_string(),
                format!("stopped by its budget after {} rating units", stop.spent())
            );
        }
    }
}

#[test]
fn every_call_stops_on_its_flag() {
    for (name, call) in calls() {
        let raised = Rater::new().cancel_flag(Arc::new(AtomicBool::new(true)));
        let stop = interruption(name, call(&raised));
        assert!(stop.is_cancelled(), "{name}: {stop:?}");
        // A roomy budget does not change that.
        let both = raised.clone().budget(1_000_000_000);
        assert!(interruption(name, call(&both)).is_cancelled(), "{name}");
    }
}

#[test]
fn a_budget_as_large_as_the_work_is_enough() {
    let rater = Rater::new();
    let work = rater.rate(&hard()).unwrap().work;
    assert!(Rater::new().budget(work).rate(&hard()).is_ok());
    let stop = interruption(
        "rate",
        Rater::new().budget(work - 1).rate(&hard()).map(drop),
    );
    assert_eq!(stop.reason(), StopReason::Budget);
    assert!(stop.spent() >= work);
    // No budget is `None`, and a budget can be lifted again.
    assert!(Rater::new().budget(10).budget(None).rate(&hard()).is_ok());
    assert_eq!(Rater::new().budget(None).limits().units(), None);
}

#[test]
fn one_budget_covers_a_whole_calibration() {
    // The calibration rates dozens of puzzles: a budget that rates one of them is not enough
    // for all.
    let sol = solution();
    let one = Rater::new().rate(&sol).unwrap().work;
    let stop = interruption(
        "calibrate",
        Rater::new()
            .budget(one * 20)
            .calibrate(&sol, &mut Pcg64Mcg::seed_from_u64(1))
            .map(drop),
    );
    assert_eq!(stop.reason(), StopReason::Budget);
    assert!(stop.spent() > one * 20);
}
