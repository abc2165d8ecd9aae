//! No public function panics on arbitrary well-typed input: grids of any values (clashing,
//! empty, full, no solution, many solutions) on 4×4 to 16×16 shapes, classic or X, every
//! subset of techniques, any budget, a raised cancel flag, any solving-time parameters
//! (NaN, infinite, negative), ratings of other puzzles, steps played on other positions,
//! calibration of any grid. The budget is the only escape: a call may end with
//! `GradeError::Interrupted`, never with a panic.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use proptest::prelude::*;
use rand::SeedableRng as _;
use rand_pcg::Pcg64Mcg;
use sudoku_core::{Geometry, Grid, Puzzle, Shape, Variant};
use sudoku_grade::{
    GradeError, HumanModel, Level, MarkedGrid, Method, MethodCounts, Rater, Technique, Techniques,
    grid_score, rate,
};

const SHAPES: [(usize, usize); 5] = [(2, 2), (2, 3), (3, 2), (3, 3), (4, 4)];

/// A grid of `shape` from raw bytes: a byte below 128 (or missing) is an empty cell.
fn grid(shape: Shape, bytes: &[u8]) -> Grid {
    let n = shape.size() as u8;
    let cells: Vec<u8> = (0..shape.cell_count())
        .map(|i| match bytes.get(i) {
            Some(&b) if b >= 128 => 1 + b % n,
            _ => 0,
        })
        .collect();
    Grid::new(shape, cells).expect("values of the shape")
}

fn techniques(mask: u64) -> Techniques {
    Technique::ALL
        .iter()
        .enumerate()
        .fold(Techniques::all(), |t, (i, &x)| {
            if mask >> (i % 64) & 1 == 1 {
                t.without(x)
            } else {
                t
            }
        })
}

fn odd_f64() -> impl Strategy<Value = f64> {
    prop_oneof![
        Just(f64::NAN),
        Just(f64::INFINITY),
        Just(f64::NEG_INFINITY),
        Just(0.0),
        Just(-1.0),
        Just(f64::MAX),
        0.0f64..100.0,
    ]
}

fn model() -> impl Strategy<Value = HumanModel> {
    (
        odd_f64(),
        odd_f64(),
        odd_f64(),
        odd_f64(),
        odd_f64(),
        odd_f64(),
        odd_f64(),
        prop_oneof![Just(0u32), Just(u32::MAX), 0u32..20],
    )
        .prop_map(
            |(look, place, line, naked, full, stuck, technique, runs)| HumanModel {
                look,
                place,
                line,
                naked,
                full,
                stuck,
                technique,
                runs,
            },
        )
}

proptest! {
    // 40 cases: a few seconds (each case rates, hints and estimates several grids up to
    // 16×16 within small budgets).
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    #[test]
    fn rating_hints_and_estimates_never_panic(
        shape in 0..SHAPES.len(),
        x in any::<bool>(),
        bytes in proptest::collection::vec(any::<u8>(), 0..300),
        other in proptest::collection::vec(any::<u8>(), 0..300),
        mask in any::<u64>(),
        budget in prop_oneof![Just(0u64), Just(1), 1u64..3_000],
        record in any::<bool>(),
        cancel in any::<bool>(),
        m in model(),
    ) {
        let (r, c) = SHAPES[shape];
        let shape = Shape::new(r, c).unwrap();
        let variant = if x { Variant::x() } else { Variant::classic() };
        let Ok(geo) = Geometry::new(shape, &variant) else { return Ok(()); };
        let geo = Arc::new(geo);
        let g = grid(shape, &bytes);
        let mut rater = Rater::new().techniques(techniques(mask)).budget(budget).record_steps(record);
        if cancel {
            rater = rater.cancel_flag(Arc::new(AtomicBool::new(true)));
        }
        let _ = rate(&g);
        let Ok(puzzle) = Puzzle::new(g.clone(), Arc::clone(&geo)) else { return Ok(()); };
        let rated = rater.rate(&puzzle);
        if let Err(GradeError::Interrupted(i)) = &rated {
            prop_assert!(i.spent() > budget || cancel, "{i:?} within the budget {budget}");
        }
        let _ = rater.human_time(&puzzle);
        let _ = rater.quality(&puzzle);
        let position = MarkedGrid::new(&puzzle);
        let _ = rater.solution(&position);
        let step = rater.next_step(&position);
        // A rating or a step of another grid, on this one.
        if let Ok(other) = Puzzle::new(grid(shape, &other), Arc::clone(&geo)) {
            let unbounded = Rater::new().budget(3_000);
            if let Ok(r) = unbounded.rate(&other) {
                let _ = m.estimate(&puzzle, &r);
                let _ = HumanModel::CALIBRATED.estimate(&puzzle, &r);
                let mut p = position.clone();
                for s in &r.steps {
                    let legal = p.is_legal(s);
                    prop_assert_eq!(p.play(s).is_ok(), legal);
                }
            }
            if let Ok(s) = unbounded.next_step(&MarkedGrid::new(&other)) {
                let mut p = position.clone();
                let before = p.grid();
                if p.play(&s).is_err() {
                    prop_assert_eq!(p.grid(), before, "a refused step changes nothing");
                }
                let _ = s.to_string();
                let _ = s.explanation();
            }
        }
        if let Ok(r) = &rated {
            let t = m.estimate(&puzzle, r);
            prop_assert!(t.is_ok());
            let _ = r.summary_line();
            for s in &r.steps {
                let _ = s.to_string();
            }
        }
        if let Ok(s) = step {
            let _ = s.to_string();
            let mut p = position.clone();
            let _ = p.play(&s);
        }
    }

    #[test]
    fn calibration_never_panics(
        shape in 0..3usize,
        bytes in proptest::collection::vec(any::<u8>(), 0..40),
        seed in any::<u64>(),
        budget in 1u64..500,
    ) {
        let (r, c) = SHAPES[shape];
        let shape = Shape::new(r, c).unwrap();
        let geo = Geometry::classic(shape);
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        // A complete grid (a solution of the empty grid drawn from the seed) or the raw bytes.
        let full = sudoku_core::Solver::new(Arc::clone(&geo))
            .random_solution(&Grid::empty(shape), &mut rng)
            .unwrap()
            .unwrap();
        for g in [full, grid(shape, &bytes)] {
            if let Ok(p) = Puzzle::new(g, Arc::clone(&geo)) {
                let _ = Rater::new().budget(budget).calibrate(&p, &mut rng);
            }
        }
    }

    #[test]
    fn small_values_never_panic(
        v in any::<u32>(),
        counts in proptest::array::uniform7(any::<u32>()),
        cells in proptest::collection::vec((0..7usize, any::<u32>()), 0..20),
        text in ".{0,12}",
    ) {
        for m in Method::ALL {
            prop_assert!(m.cost(v) >= m.base());
            let _ = m.level();
        }
        let mut k = MethodCounts(counts);
        k.add(Method::F);
        let _ = (k.total(), k.to_string());
        let _ = grid_score(cells.into_iter().map(|(i, v)| (Method::ALL[i], v)));
        let _ = text.parse::<Method>();
        let _ = text.parse::<Level>();
        let _ = text.parse::<Technique>();
        let _ = text.parse::<MarkedGrid>();
    }
}
