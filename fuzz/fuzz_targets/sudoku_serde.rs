//! Fuzzes the serde forms of sudoku-core's public types (JSON). Byte 0 picks the type, the
//! rest is the JSON text. Whatever deserializes serializes back to a text that deserializes
//! to the same value (and prints the same), and the values are then used: a grid made a
//! puzzle and solved with a budget, a variant turned into a geometry, a transformation
//! applied and inverted, a certificate checked, a region map made a jigsaw. Nothing panics:
//! deserialization validates what the constructors validate.
#![no_main]

use libfuzzer_sys::fuzz_target;
use serde::Serialize;
use serde::de::DeserializeOwned;
use sudoku_core::{Certificate, Symmetry};
use sudoku_core::transform::{Transform, TransformParts};
use sudoku_core::{Alphabet, Candidates, Cell, EmptyMarker, Engine, Geometry, Grid, House, Puzzle, RegionMap, Shape, Solver, Variant};

/// Deserializes `text` as `T`; on success checks the round trip and returns the value.
fn round<T>(text: &str) -> Option<T>
where
    T: Serialize + DeserializeOwned + PartialEq + core::fmt::Debug,
{
    let value: T = serde_json::from_str(text).ok()?;
    let printed = serde_json::to_string(&value).expect("serializes");
    let again: T = serde_json::from_str(&printed).expect("its own form deserializes");
    assert_eq!(again, value, "{printed}");
    assert_eq!(serde_json::to_string(&again).expect("serializes"), printed);
    Some(value)
}

/// A small grid of `shape` to try things on: the first row 1..=N, the rest empty.
fn probe(shape: Shape) -> Grid {
    let mut g = Grid::empty(shape);
    for c in 0..shape.size() {
        g.set(c, c as u8 + 1).expect("a value of the shape");
    }
    g
}

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    match which % 12 {
        0 => {
            if let Some(g) = round::<Grid>(text) {
                let geo = Geometry::classic(g.shape());
                if let Ok(p) = Puzzle::new(g.clone(), geo.clone()) {
                    let _ = p.fewest_candidates();
                    let mut s = Solver::new(geo).budget(5_000);
                    if let Ok(Some(sol)) = s.solve(&g) {
                        assert!(g.is_subset_of(&sol));
                    }
                }
            }
        }
        1 => {
            if let Some(shape) = round::<Shape>(text) {
                assert!(shape.size() <= 25 && shape.size() == shape.box_rows() * shape.box_cols());
                let _ = probe(shape);
            }
        }
        2 => {
            if let Some(v) = round::<Variant>(text) {
                for shape in [Shape::new(2, 2), Shape::new(2, 3), Ok(Shape::CLASSIC)] {
                    let shape = shape.expect("a valid shape");
                    if let Ok(geo) = Geometry::new(shape, &v) {
                        let mut s = Solver::new(geo.clone()).budget(5_000);
                        if let Ok(Some(sol)) = s.solve(&Grid::empty(shape)) {
                            assert!(geo.is_solution(sol.cells()));
                        }
                    }
                }
            }
        }
        3 => {
            if let Some(map) = round::<RegionMap>(text) {
                let shape = Shape::for_size(map.size()).expect("a side in 1..=25");
                let geo = Geometry::new(shape, &Variant::jigsaw(map)).expect("a valid jigsaw");
                assert!(geo.houses().all(|h| geo.house(h).len() == shape.size()));
            }
        }
        4 => {
            if let Some(a) = round::<Alphabet>(text) {
                assert!((1..=25).contains(&a.len()));
                for v in 1..=a.len() as u8 {
                    let c = a.symbol(v).expect("a symbol");
                    assert_eq!(a.value(c), Some(v));
                }
            }
        }
        5 => {
            if let Some(t) = round::<Transform>(text) {
                let shape = Shape::new(t.box_rows(), t.box_cols());
                if let Ok(shape) = shape {
                    let g = probe(shape);
                    let moved = t
                        .apply(g.cells())
                        .expect("a transform applies to its shape");
                    assert_eq!(t.inverse().apply(&moved).expect("apply"), g.cells());
                }
            }
            let _ = round::<TransformParts>(text).map(Transform::from_parts);
        }
        6 => {
            if let Some(c) = round::<Certificate>(text) {
                let shape = c.grid.shape();
                let geo = Geometry::classic(shape);
                let _ = c.check(&geo, &probe(shape));
                let _ = c.check(&geo, &c.grid);
            }
        }
        7 => {
            if let Some(c) = round::<Cell>(text) {
                let shape = Shape::CLASSIC;
                let _ = c.display(shape).to_string();
            }
            let _ = round::<House>(text);
        }
        8 => {
            if let Some(c) = round::<Candidates>(text) {
                assert!(c.len() <= 25);
                assert_eq!(Candidates::from_values(c.iter()), c);
            }
        }
        9 => {
            let _ = round::<Symmetry>(text);
            let _ = round::<Engine>(text);
            let _ = round::<EmptyMarker>(text);
        }
        10 => {
            let _ = round::<sudoku_core::GenerateProgress>(text);
            let _ = round::<sudoku_core::Interrupted>(text);
        }
        _ => {
            let _ = round::<sudoku_core::transform::Canonical>(text);
            let _ = round::<sudoku_core::HouseKind>(text);
        }
    }
});
