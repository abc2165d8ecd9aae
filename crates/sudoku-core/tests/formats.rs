//! Text formats: the examples of "Sudoku — Solitaire de nombres", and errors.

use sudoku_core::EmptyMarker;
use sudoku_core::format::{self, ReadOptions, WriteOptions};
use sudoku_core::{Alphabet, Count, Grid, Puzzle, PuzzleError, Shape};

const SEED_LINE: &str =
    "1--4--7-94--7------8-----6-21------63----5-7---817-3----59-2-3-87--3-5----2-8----";

#[test]
fn one_line_to_framed_and_latex() {
    let g: Grid = SEED_LINE.parse().unwrap();
    let framed = format::ascii::write(&g, &WriteOptions::default());
    assert_eq!(framed.lines().count(), 13);
    assert_eq!(framed.lines().nth(1), Some("| 1 . . | 4 . . | 7 . 9 |"));
    assert_eq!(format!("{g:#}"), framed);
    assert_eq!(
        format::ascii::parse(&framed, &ReadOptions::default()).unwrap(),
        g
    );
    let tex = format::latex::write(&g, &WriteOptions::default());
    assert_eq!(tex.matches("\\put(").count(), 28);
    assert_eq!(
        format::latex::parse(&tex, &ReadOptions::default()).unwrap(),
        g
    );
}

#[test]
fn sixteen_by_sixteen_styles() {
    let shape = Shape::new(4, 4).unwrap();
    let mut cells = vec![0u8; 256];
    for (i, c) in cells.iter_mut().enumerate().take(16) {
        *c = i as u8 + 1;
    }
    let g = Grid::new(shape, cells).unwrap();
    let printed = g.to_string();
    assert!(printed.starts_with("123456789ABCDEFG"));
    let hex = WriteOptions {
        alphabet: Some(Alphabet::hex()),
        ..Default::default()
    };
    let hex_text = format::line::write(&g, &hex);
    assert!(hex_text.starts_with("0123456789ABCDEF...."));
    assert_eq!(hex_text.parse::<Grid>().unwrap(), g);
    assert_eq!(printed.to_lowercase().parse::<Grid>().unwrap(), g);
}

#[test]
fn wordoku_alphabet() {
    let g: Grid = "1234341221434321".parse().unwrap();
    let word = Alphabet::new("SNOW").unwrap();
    let opts = WriteOptions {
        alphabet: Some(word.clone()),
        empty: EmptyMarker::Star,
    };
    let text = format::ascii::write(&g, &opts);
    assert!(text.contains("| S N | O W |"));
    let back = format::ascii::parse(
        &text,
        &ReadOptions {
            alphabet: Some(word),
            ..Default::default()
        },
    )
    .unwrap();
    assert_eq!(back, g);
}

#[test]
fn clashing_givens_are_errors() {
    let g: Grid = format!("1........1{}", ".".repeat(71)).parse().unwrap();
    match Puzzle::classic(g) {
        Err(PuzzleError::Clash {
            value: 1,
            first,
            second,
            ..
        }) if (first, second) == (Shape::CLASSIC.cell(0, 0), Shape::CLASSIC.cell(1, 0)) => {}
        other => panic!("{other:?}"),
    }
}

#[test]
fn published_letter_sudokus_solve_and_print_back() {
    use sudoku_core::{Geometry, RegionMap, Solver, Variant};
    let text = include_str!("data/wordoku_published.txt");
    let mut solved = 0;
    let mut lines = text.lines().filter(|l| !l.starts_with('#'));
    while let Some(first) = lines.next() {
        let letters = first.strip_prefix("alphabet: ").unwrap();
        let mut next = lines.next().unwrap();
        let variant = match next.strip_prefix("regions: ") {
            Some(map) => {
                next = lines.next().unwrap();
                Variant::jigsaw(map.parse::<RegionMap>().unwrap())
            }
            None => Variant::classic(),
        };
        let (puzzle_text, known_text) = (next, lines.next().unwrap());
        let alphabet = Alphabet::new(letters).unwrap();
        let read = ReadOptions {
            alphabet: Some(alphabet.clone()),
            ..Default::default()
        };
        let write = WriteOptions {
            alphabet: Some(alphabet),
            ..Default::default()
        };
        let puzzle = format::line::parse(puzzle_text, &read).unwrap();
        let known = format::line::parse(known_text, &read).unwrap();
        let geo = Geometry::new(Shape::CLASSIC, &variant).unwrap();
        let mut solver = Solver::new(geo);
        assert_eq!(solver.solve(&puzzle).unwrap().as_ref(), Some(&known));
        assert_eq!(solver.count(&puzzle, 2).unwrap(), Count::Exact(1));
        // Printed in the same letters, both read back as published.
        assert_eq!(format::line::write(&puzzle, &write), puzzle_text);
        assert_eq!(format::line::write(&known, &write), known_text);
        solved += 1;
    }
    assert_eq!(solved, 2);
}
