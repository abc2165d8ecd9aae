//! Positions read from pencil marks: both text forms, their errors, round trips, and hints
//! that follow the marks.

use proptest::prelude::*;
use sudoku_core::{Candidates, Cell, Geometry, Puzzle, Shape, Variant};
use sudoku_grade::{GradeError, MarkedGrid, MarkedGridError, Rater, Technique};

const HARD: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

fn same(a: &MarkedGrid, b: &MarkedGrid) -> bool {
    a.grid() == b.grid()
        && (0..a.grid().cells().len())
            .all(|c| a.candidates(Cell::new(c)) == b.candidates(Cell::new(c)))
}

/// The hard puzzle after its first steps, up to and including its first elimination.
fn stepped() -> MarkedGrid {
    let mut position = MarkedGrid::new(&Puzzle::classic(HARD.parse().unwrap()).unwrap());
    let rater = Rater::new();
    loop {
        let s = rater.next_step(&position).unwrap();
        position.play(&s).unwrap();
        if s.placement.is_none() {
            return position;
        }
    }
}

#[test]
fn both_forms_read_back() {
    let p = stepped();
    let cells: MarkedGrid = p.to_string().parse().unwrap();
    assert!(same(&cells, &p));
    assert!(cells.is_marked());
    let string = p.candidate_string();
    assert_eq!(string.len(), 729);
    let again: MarkedGrid = string.parse().unwrap();
    assert!(
        same(&again, &p),
        "no cell of this position has one candidate left"
    );
    // A plain puzzle line is a position without marks.
    let plain: MarkedGrid = HARD.parse().unwrap();
    assert!(!plain.is_marked());
    assert!(same(
        &plain,
        &MarkedGrid::new(&Puzzle::classic(HARD.parse().unwrap()).unwrap())
    ));
}

#[test]
fn hints_follow_the_marks() {
    let p = stepped();
    let rater = Rater::new();
    let read: MarkedGrid = p.to_string().parse().unwrap();
    assert_eq!(
        rater.next_step(&read).unwrap(),
        rater.next_step(&p).unwrap()
    );
    // The digits alone call for another step: the marks matter.
    let digits = MarkedGrid::new(&Puzzle::classic(p.grid()).unwrap());
    assert_ne!(
        rater.next_step(&digits).unwrap(),
        rater.next_step(&p).unwrap()
    );
    // Solutions respect the marks: removing a digit of the solution leaves none.
    let solution = rater.solution(&read).unwrap();
    let mut text = String::new();
    for c in 0..81 {
        match read.grid().get(c) {
            0 => {
                text.push('[');
                for d in read.candidates(Cell::new(c)) {
                    if d != solution.get(c) || c != 80 {
                        text.push(char::from(b'0' + d));
                    }
                }
                text.push(']');
            }
            v => text.push(char::from(b'0' + v)),
        }
    }
    let broken: MarkedGrid = text.parse().unwrap();
    assert_eq!(rater.solution(&broken), Err(GradeError::NoSolution));
}

#[test]
fn errors_name_the_cell_or_the_column() {
    let e = |t: &str| t.parse::<MarkedGrid>().unwrap_err();
    assert_eq!(e("[12").to_string(), "column 1: '[' without its ']'");
    assert_eq!(
        e("12x4............").to_string(),
        "column 3: unexpected character 'x'"
    );
    assert!(matches!(
        e("[12][34]"),
        MarkedGridError::Cells {
            found: 2,
            expected: None
        }
    ));
    assert_eq!(
        e("[]...............").to_string(),
        "r1c1 has no candidate left"
    );
    assert_eq!(
        e("1[1]..............").to_string(),
        "r1c2 has no candidate left (1 is placed in one of its houses)"
    );
    assert_eq!(
        e("[5]...............").to_string(),
        "r1c1: digit 5 is outside 1..=4"
    );
    assert!(matches!(
        e("11.............."),
        MarkedGridError::Puzzle(sudoku_core::PuzzleError::Clash { value: 1, .. })
    ));
    // A candidate string with a digit out of its place.
    let mut s = "123456789".repeat(81);
    s.replace_range(9..11, "21");
    assert_eq!(
        e(&s).to_string(),
        "r1c2: '2' stands at place 1 of the cell's characters, where only 1 or '.' may be"
    );
    let x = Geometry::new(Shape::CLASSIC, &Variant::x()).unwrap();
    assert_eq!(
        MarkedGrid::parse_in("1...............", x.into()).unwrap_err(),
        MarkedGridError::Shape {
            found: 4,
            expected: 9
        }
    );
}

#[test]
fn marks_narrower_than_the_digits() {
    // Raw marks: every candidate but the solution's digits of the first row is gone from
    // an empty grid's first row; the rest is open. Still several solutions, and the hint
    // works on what the marks say.
    let geometry = Geometry::classic(Shape::new(2, 2).unwrap());
    let values = vec![0u8; 16];
    let mut marks = vec![Candidates::all(4); 16];
    for (c, d) in [1, 2, 3, 4].into_iter().enumerate() {
        marks[c] = Candidates::single(d);
    }
    let p = MarkedGrid::with_marks(geometry, &values, &marks).unwrap();
    let rater = Rater::new();
    assert_eq!(rater.solution(&p), Err(GradeError::MultipleSolutions));
    let step = rater.next_step(&p).unwrap();
    assert_eq!(step.technique, Technique::NakedSingle);
    assert_eq!(step.placement.unwrap().cell, Cell::new(0));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Any text of the characters the forms use: never a panic, and what reads prints back
    /// to the same position.
    #[test]
    fn any_text_reads_or_is_refused(text in "[\\\\[\\\\]1-9.0A-G ]{0,90}") {
        if let Ok(p) = text.parse::<MarkedGrid>() {
            let again: MarkedGrid = p.to_string().parse().unwrap();
            prop_assert!(same(&again, &p));
        }
    }

    /// 4×4 cells forms, token by token: placed digits, empty cells and candidate sets.
    #[test]
    fn four_by_four_marks(tokens in proptest::collection::vec(0u8..24, 16)) {
        let text: String = tokens
            .iter()
            .map(|&t| match t {
                0..=3 => ((b'1' + t) as char).to_string(),
                4..=7 => ".".to_string(),
                _ => format!("[{}]", (1..=4).filter(|d| t & (1 << (d - 1)) != 0).map(|d| d.to_string()).collect::<String>()),
            })
            .collect();
        match text.parse::<MarkedGrid>() {
            Ok(p) => {
                let again: MarkedGrid = p.to_string().parse().unwrap();
                prop_assert!(same(&again, &p));
                if let Ok(s) = Rater::new().budget(100_000).solution(&p) {
                    prop_assert!(p.grid().is_subset_of(&s));
                    for c in 0..16 {
                        if p.grid().get(c) == 0 {
                            prop_assert!(p.candidates(Cell::new(c)).contains(s.get(c)));
                        }
                    }
                }
            }
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }
}

#[test]
fn long_texts_are_refused_before_they_are_read() {
    // The longest form of the largest grid reads: a 25×25 grid, every cell with all its
    // candidates in brackets.
    let all = format!("[{}]", "123456789ABCDEFGHIJKLMNOP");
    let longest = all.repeat(625);
    assert_eq!(longest.len(), 16_875);
    let p: MarkedGrid = longest.parse().unwrap();
    assert_eq!(p.grid().size(), 25);
    assert!(longest.len() <= MarkedGrid::MAX_TEXT_LEN);
    // One byte over the limit: refused, with the length.
    let long = ".".repeat(MarkedGrid::MAX_TEXT_LEN + 1);
    assert_eq!(
        long.parse::<MarkedGrid>().unwrap_err(),
        MarkedGridError::TooLong {
            length: MarkedGrid::MAX_TEXT_LEN + 1,
            max: MarkedGrid::MAX_TEXT_LEN
        }
    );
    // Whitespace around does not count.
    let padded = format!("   {}   ", ".".repeat(16));
    assert!(padded.parse::<MarkedGrid>().is_ok());
}
