//! Fuzzes the remaining text and serde forms of the sudoku crates. Byte 0 picks the form
//! (its value modulo 10), the rest is the text:
//! `FromStr` of `Shape`, `Symmetry`, `Engine` (sudoku-core), `Level`, `Method`, `Technique`
//! (sudoku-grade): whatever reads prints back to a text that reads to the same value;
//! `MarkedGrid::parse_in` on a geometry (byte 1: 4×4, 6×6, 9×9 classic or X, 16×16): what
//! reads prints back (cells form) to the same digits and candidates, refused with `Shape`
//! exactly when its size is not the geometry's; the serde forms of `KillerGrid` and `Cage`
//! (never more cages or cells a cage than the caps), `Fill` (then checked and played on a
//! puzzle: `check` and `play` agree, a refused fill changes nothing) and `CellCandidates`:
//! what deserializes serializes back to the same value.
#![no_main]

use std::fmt::{Debug, Display};
use std::str::FromStr;
use std::sync::Arc;

use libfuzzer_sys::fuzz_target;
use serde::Serialize;
use serde::de::DeserializeOwned;
use sudoku_core::killer::{Cage, KillerGrid};
use sudoku_core::{
    Cell, CellCandidates, Engine, Fill, Geometry, Grid, Puzzle, Shape, Symmetry, Variant,
};
use sudoku_grade::{Level, MarkedGrid, MarkedGridError, Method, Technique};

/// Reads `text` as a `T`; what reads prints back to a text that reads to the same value.
fn text_round<T>(text: &str)
where
    T: FromStr + Display + PartialEq + Debug,
{
    if let Ok(value) = text.parse::<T>() {
        let printed = value.to_string();
        match printed.parse::<T>() {
            Ok(again) => assert_eq!(again, value, "{printed:?}"),
            Err(_) => panic!("{value:?} prints as {printed:?}, which does not read"),
        }
    }
}

/// Deserializes `text` as a `T`; what reads serializes back to the same value.
fn serde_round<T>(text: &str) -> Option<T>
where
    T: Serialize + DeserializeOwned + PartialEq + Debug,
{
    let value: T = serde_json::from_str(text).ok()?;
    let printed = serde_json::to_string(&value).expect("serializes");
    let again: T = serde_json::from_str(&printed).expect("its own form deserializes");
    assert_eq!(again, value, "{printed}");
    Some(value)
}

/// The same digits and candidates.
fn same(a: &MarkedGrid, b: &MarkedGrid) -> bool {
    a.grid() == b.grid()
        && (0..a.grid().cells().len())
            .all(|c| a.candidates(Cell::new(c)) == b.candidates(Cell::new(c)))
}

fn marked(which: u8, text: &str) {
    let (shape, variant) = match which % 5 {
        0 => (Shape::new(2, 2), Variant::classic()),
        1 => (Shape::new(2, 3), Variant::classic()),
        2 => (Shape::new(3, 3), Variant::classic()),
        3 => (Shape::new(3, 3), Variant::x()),
        _ => (Shape::new(4, 4), Variant::classic()),
    };
    let shape = shape.expect("a shape");
    let geo = Arc::new(Geometry::new(shape, &variant).expect("fits"));
    match MarkedGrid::parse_in(text, Arc::clone(&geo)) {
        Ok(m) => {
            assert_eq!(m.grid().shape(), shape);
            let again = MarkedGrid::parse_in(&m.to_string(), geo).expect("its cells form reads");
            assert!(same(&again, &m), "{m}");
        }
        Err(MarkedGridError::Shape { found, expected }) => {
            assert_eq!(expected, shape.size());
            assert_ne!(found, expected);
            // The text reads on its own, at its own size.
            let alone = text.parse::<MarkedGrid>();
            assert!(
                alone.map_or(true, |m| m.grid().size() == found),
                "a text of side {found}"
            );
        }
        Err(_) => {}
    }
}

fn fill(text: &str) {
    let Some(f) = serde_round::<Fill>(text) else {
        return;
    };
    let mut puzzle = Puzzle::new(
        Grid::empty(Shape::CLASSIC),
        Geometry::classic(Shape::CLASSIC),
    )
    .expect("an empty puzzle");
    puzzle
        .play(Fill {
            cell: Cell::new(0),
            value: 1,
        })
        .expect("a first digit");
    let before = puzzle.clone();
    let checked = puzzle.check(f);
    let played = puzzle.play(f);
    assert_eq!(checked.is_ok(), played.is_ok(), "{f:?}");
    if let Err(e) = played {
        assert_eq!(puzzle, before, "a refused fill changes nothing");
        assert_eq!(checked, Err(e));
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    match which % 10 {
        0 => text_round::<Shape>(text),
        1 => text_round::<Symmetry>(text),
        2 => text_round::<Engine>(text),
        3 => text_round::<Level>(text),
        4 => text_round::<Method>(text),
        5 => text_round::<Technique>(text),
        6 => {
            if let Some((&geometry, text)) = rest.split_first()
                && let Ok(text) = std::str::from_utf8(text)
            {
                marked(geometry, text);
            }
        }
        7 => {
            if let Some(grid) = serde_round::<KillerGrid>(text) {
                assert!(grid.cages.len() <= KillerGrid::MAX_CAGES);
                assert!(grid.cages.iter().all(|c| c.cells.len() <= Cage::MAX_CELLS));
            }
            if let Some(cage) = serde_round::<Cage>(text) {
                assert!(cage.cells.len() <= Cage::MAX_CELLS);
            }
        }
        8 => fill(text),
        _ => {
            let _ = serde_round::<CellCandidates>(text);
        }
    }
});
