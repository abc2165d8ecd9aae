//! Input limits: every reader refuses a text above `Grid::MAX_TEXT_LEN` at once, stops at the first
//! line past a 25×25 grid, and quotes long inputs only in part.

use std::time::{Duration, Instant};

use sudoku_core::Symmetry;
use sudoku_core::format::ascii::ParseAsciiError;
use sudoku_core::format::latex::ParseLatexError;
use sudoku_core::format::line::ParseLineError;
use sudoku_core::format::{self, ReadOptions, ascii, latex, line};
use sudoku_core::{Alphabet, AlphabetError, Engine, Grid, ParseRegionMapError, RegionMap, Shape};

/// A reader given `text` answers within `limit` (generous: the refusals are O(1) or stop in
/// the first lines).
fn quick<T>(limit: Duration, f: impl FnOnce() -> T) -> T {
    let start = Instant::now();
    let t = f();
    let took = start.elapsed();
    assert!(took < limit, "took {took:?}");
    t
}

/// 100 MB of each kind of hostile text: refused at once, by their length.
#[test]
fn a_hundred_megabytes_are_refused_at_once() {
    const HUGE: usize = 100 * 1000 * 1000;
    let opts = ReadOptions::default();
    let limit = Duration::from_millis(50);
    let too_long = |len| (len, Grid::MAX_TEXT_LEN);
    for text in ["|".repeat(HUGE), ".".repeat(HUGE), "A".repeat(HUGE)] {
        let e = quick(limit, || line::parse(&text, &opts)).unwrap_err();
        assert!(matches!(e, ParseLineError::TooLong { len, max } if (len, max) == too_long(HUGE)));
        let e = quick(limit, || ascii::parse(&text, &opts)).unwrap_err();
        assert!(matches!(e, ParseAsciiError::TooLong { len, max } if (len, max) == too_long(HUGE)));
        let e = quick(limit, || latex::parse(&text, &opts)).unwrap_err();
        assert!(matches!(e, ParseLatexError::TooLong { len, max } if (len, max) == too_long(HUGE)));
        let e = quick(limit, || text.parse::<RegionMap>()).unwrap_err();
        assert!(
            matches!(e, ParseRegionMapError::TooLong { len, max } if (len, max) == too_long(HUGE))
        );
        let mut g = Grid::empty(Shape::CLASSIC);
        let e = quick(limit, || g.read_line(text.as_bytes())).unwrap_err();
        assert!(matches!(e, ParseLineError::TooLong { .. }));
        assert_eq!(g, Grid::empty(Shape::CLASSIC));
        // Short names and alphabets: never copied whole into the error.
        let e = quick(limit, || text.parse::<Shape>()).unwrap_err();
        assert!(e.to_string().len() < 200, "{e}");
        let e = quick(limit, || text.parse::<Symmetry>()).unwrap_err();
        assert!(e.name.len() < 200);
        let e = quick(limit, || text.parse::<Engine>()).unwrap_err();
        assert!(e.name.len() < 200);
        let e = quick(limit, || Alphabet::new(&text)).unwrap_err();
        assert!(matches!(
            e,
            AlphabetError::Size { count: 26 } | AlphabetError::Reserved { .. }
        ));
    }
}

/// Just under the length limit, texts built to grow a reader's state stop at the first line
/// past 25 cells or 25 rows.
#[test]
fn readers_stop_past_the_largest_grid() {
    let opts = ReadOptions::default();
    let limit = Duration::from_millis(500);
    let wide = format!("|{}|\n", " 1".repeat(Grid::MAX_TEXT_LEN / 2 - 4));
    assert!(wide.len() <= Grid::MAX_TEXT_LEN);
    assert_eq!(
        quick(limit, || ascii::parse(&wide, &opts)),
        Err(ParseAsciiError::TooLarge { line: 1, max: 25 })
    );
    let tall = "| 1 |\n".repeat(Grid::MAX_TEXT_LEN / 6);
    assert_eq!(
        quick(limit, || ascii::parse(&tall, &opts)),
        Err(ParseAsciiError::TooLarge { line: 26, max: 25 })
    );
    let rules = "+-+\n".repeat(Grid::MAX_TEXT_LEN / 4);
    assert_eq!(
        quick(limit, || ascii::parse(&rules, &opts)),
        Err(ParseAsciiError::TooLarge { line: 27, max: 25 })
    );
    let bars = format!("| 1 {}\n", "|".repeat(Grid::MAX_TEXT_LEN - 10));
    assert!(matches!(
        quick(limit, || ascii::parse(&bars, &opts)),
        Err(ParseAsciiError::TooLarge { line: 1, .. })
    ));
    let map = "A".repeat(Grid::MAX_TEXT_LEN);
    assert_eq!(
        quick(limit, || map.parse::<RegionMap>()),
        Err(ParseRegionMapError::TooWide {
            line: 1,
            len: Grid::MAX_TEXT_LEN
        })
    );
    let puts = "\\put(1,1){\\makebox(1,1){1}}\n".repeat(Grid::MAX_TEXT_LEN / 30);
    assert_eq!(
        quick(limit, || latex::parse(&puts, &opts)),
        Err(ParseLatexError::NoPicture)
    );
    // A line of exactly the limit is read (and refused for its cell count).
    let dots = ".".repeat(Grid::MAX_TEXT_LEN);
    assert!(matches!(
        line::parse(&dots, &opts),
        Err(ParseLineError::Length { found, .. }) if found == Grid::MAX_TEXT_LEN
    ));
}

/// The largest grids of every format still read, with their documented output.
#[test]
fn the_largest_grids_still_read() {
    let shape = Shape::new(5, 5).unwrap();
    let cells: Vec<u8> = (0..625).map(|i| ((i * 7 + i / 25) % 26) as u8).collect();
    let grid = Grid::new(shape, cells).unwrap();
    let w = format::WriteOptions::default();
    let r = ReadOptions::default();
    for text in [
        line::write(&grid, &w),
        ascii::write(&grid, &w),
        latex::write(&grid, &w),
    ] {
        assert!(text.len() < Grid::MAX_TEXT_LEN / 8, "{}", text.len());
    }
    assert_eq!(line::parse(&line::write(&grid, &w), &r), Ok(grid.clone()));
    assert_eq!(ascii::parse(&ascii::write(&grid, &w), &r), Ok(grid.clone()));
    assert_eq!(latex::parse(&latex::write(&grid, &w), &r), Ok(grid.clone()));
    let one_by_25 = Grid::empty(Shape::new(1, 25).unwrap());
    let framed = ascii::write(&one_by_25, &w);
    let read = ReadOptions {
        shape: Some(one_by_25.shape()),
        ..r
    };
    assert_eq!(ascii::parse(&framed, &read), Ok(one_by_25));
    let map: String = (0..25)
        .map(|r| {
            (0..25)
                .map(|c| char::from(b'A' + ((r / 5) * 5 + c / 5) as u8))
                .collect::<String>()
                + "\n"
        })
        .collect();
    assert_eq!(map.parse::<RegionMap>().unwrap().to_string(), map);
}

/// The bounded canonical form: the same answers as the unbounded one within its budget, an
/// interruption (never a wrong form) beyond it, and a raised cancel flag stops it.
#[test]
fn canonical_forms_are_bounded() {
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;
    use sudoku_core::transform::{Canonicalizer, TransformError, canonical_form};
    use sudoku_core::{Interrupted, StopReason, WorkUnit};

    let bounded = Canonicalizer::new().budget(1_000_000);
    let text = include_str!("data/canon9.txt");
    for line in text.lines().filter(|l| !l.starts_with('#')).take(20) {
        let Some(first) = line.split_whitespace().next() else {
            continue;
        };
        let Ok(grid) = first.parse::<Grid>() else {
            continue;
        };
        assert_eq!(
            bounded.canonical_form(3, 3, grid.cells()),
            canonical_form(3, 3, grid.cells())
        );
    }
    // A 1×9-box puzzle whose form takes a long search (hundreds of thousands of column maps).
    let mut cells = vec![0u8; 81];
    for (i, v) in [(0, 1), (10, 2), (20, 3), (40, 4), (44, 5), (80, 6)] {
        cells[i] = v;
    }
    let small = Canonicalizer::new().budget(5_000);
    let e = quick(Duration::from_millis(200), || {
        small.canonical_form(1, 9, &cells)
    });
    assert_eq!(
        e,
        Err(TransformError::Interrupted(Interrupted::new(
            StopReason::Budget,
            WorkUnit::Nodes,
            5_001
        )))
    );
    let raised = Canonicalizer::new().cancel_flag(Arc::new(AtomicBool::new(true)));
    let e = quick(Duration::from_millis(200), || {
        raised.canonical_form(1, 9, &cells)
    });
    assert_eq!(
        e,
        Err(TransformError::Interrupted(Interrupted::new(
            StopReason::Cancelled,
            WorkUnit::Nodes,
            1
        )))
    );
    assert!(small.is_equivalent(1, 9, &cells, &cells).is_err());
}

/// Deserialized values are validated as the constructors validate them: a candidate mask
/// with values above 25 is refused (found by fuzzing the serde forms).
#[cfg(feature = "serde")]
#[test]
fn deserialized_candidates_stay_in_range() {
    use sudoku_core::Candidates;
    let c: Candidates = serde_json::from_str("273").unwrap();
    assert_eq!(c, Candidates::from_values([1, 5, 9]));
    assert_eq!(serde_json::to_string(&c).unwrap(), "273");
    assert!(serde_json::from_str::<Candidates>("4294967295").is_err());
    assert!(serde_json::from_str::<Candidates>(&(1u32 << 25).to_string()).is_err());
}

/// The serde form of a killer puzzle has the text reader's limits: at most
/// `KillerGrid::MAX_CAGES` cages and `Cage::MAX_CELLS` cells a cage, refused at the first
/// item past the cap (the rest of a huge list is never held).
#[cfg(feature = "serde")]
#[test]
fn deserialized_killer_grids_are_capped_like_the_text() {
    use sudoku_core::killer::{Cage, KillerGrid};
    let cage = |cells: usize| Cage::new(3, (0..cells).map(|i| sudoku_core::Cell::new(i % 81)));
    let grid =
        |cages: usize, cells: usize| KillerGrid::new(Shape::CLASSIC, vec![cage(cells); cages]);
    // At the caps: read back equal.
    for g in [grid(KillerGrid::MAX_CAGES, 2), grid(1, Cage::MAX_CELLS)] {
        let json = serde_json::to_string(&g).unwrap();
        assert_eq!(serde_json::from_str::<KillerGrid>(&json).unwrap(), g);
    }
    let json = serde_json::to_string(&grid(KillerGrid::MAX_CAGES + 1, 2)).unwrap();
    let e = serde_json::from_str::<KillerGrid>(&json).unwrap_err();
    assert!(e.to_string().contains("more than 256 cages"), "{e}");
    let json = serde_json::to_string(&cage(Cage::MAX_CELLS + 1)).unwrap();
    let e = serde_json::from_str::<Cage>(&json).unwrap_err();
    assert!(
        e.to_string().contains("more than 256 cells in a cage"),
        "{e}"
    );
    // A list of a million cages stops at the 257th: the error points near its start.
    let many = format!(
        "{{\"cages\":[{}{{\"sum\":3,\"cells\":[0]}}],\"givens\":null}}",
        "{\"sum\":3,\"cells\":[0]},".repeat(1_000_000)
    );
    let e = serde_json::from_str::<KillerGrid>(&many).unwrap_err();
    assert!(e.to_string().contains("more than 256 cages"), "{e}");
    assert!(e.column() < 300 * 26, "{e}");
}

/// Sizes read from text never overflow: a box shape whose product overflows is out of range
/// (found by fuzzing the LaTeX reader's shape comment).
#[test]
fn huge_box_shapes_are_refused() {
    use sudoku_core::ShapeError;
    let half = usize::MAX / 2 + 1;
    assert!(matches!(
        Shape::new(half, 2),
        Err(ShapeError::OutOfRange { .. })
    ));
    assert!(matches!(
        Shape::new(2, half),
        Err(ShapeError::OutOfRange { .. })
    ));
    assert!("9223372036854775808x2".parse::<Shape>().is_err());
    let tex = "\\begin{picture}(4,4)\n% sudoku-core grid 11714926372366785648x2\n";
    assert!(matches!(
        latex::parse(tex, &ReadOptions::default()),
        Err(ParseLatexError::Shape { .. })
    ));
}
