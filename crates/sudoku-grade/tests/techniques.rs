//! One puzzle per technique where the rater needs it and names it (`data/techniques.txt`).
//!
//! "Needed": the rating uses the technique, and the rating without it is different (the
//! ladder had to reach for something else, usually harder). The file was made by
//! `find_technique_puzzles` below (ignored; run with
//! `GRADE_PUZZLES=path/to/file cargo test --release -p sudoku-grade --test integration find_technique_puzzles -- --ignored --nocapture`).

use sudoku_core::{Cell, Geometry, Grid, Puzzle, Variant};
use sudoku_grade::{MarkedGrid, Rater, Technique, Techniques};

const DATA: &str = include_str!("data/techniques.txt");

/// The puzzle under the classic rules, or the X rules.
fn puzzle(grid: &Grid, x: bool) -> Puzzle {
    if x {
        let geo = Geometry::new(grid.shape(), &Variant::x()).unwrap();
        Puzzle::new(grid.clone(), geo).unwrap()
    } else {
        Puzzle::classic(grid.clone()).unwrap()
    }
}

fn rate(grid: &Grid, x: bool, t: Techniques) -> sudoku_grade::Rating {
    Rater::new().techniques(t).rate(&puzzle(grid, x)).unwrap()
}

#[test]
fn every_technique_has_a_puzzle_that_needs_it() {
    let mut seen = Vec::new();
    for line in DATA
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let f: Vec<&str> = line.split('\t').collect();
        let t: Technique = f[0].parse().unwrap();
        let x = f[1] == "x";
        let grid: Grid = f[2].parse().unwrap();
        let with = rate(&grid, x, Techniques::all());
        assert!(with.uses(t), "{t} not named for {}", f[2]);
        seen.push(t);
        // Its sentence names every cell it places in or eliminates from.
        for s in with.steps.iter().filter(|s| s.technique == t) {
            let text = s.to_string();
            assert!(text.ends_with('.') && text.len() > 20, "{text}");
            for c in s
                .eliminations
                .iter()
                .map(|e| e.cell)
                .chain(s.placement.map(|p| p.cell))
            {
                let c = c.display(grid.shape());
                assert!(text.contains(&c.to_string()), "{t}: {c} missing in {text}");
            }
        }
        if t == Technique::Guess {
            // F: reported as such, only where A1–E are stuck, and the puzzle is Expert.
            assert_eq!(with.hardest, Some(sudoku_grade::Method::F));
            assert_eq!(with.level, sudoku_grade::Level::Expert);
            assert!(with.counts.get(sudoku_grade::Method::F) > 0);
            let i = with.steps.iter().position(|s| s.technique == t).unwrap();
            let mut board = MarkedGrid::new(&puzzle(&grid, x));
            for s in &with.steps[..i] {
                board.play(s).unwrap();
            }
            let guess = &with.steps[i];
            assert!(guess.to_string().starts_with("Nothing else makes progress"));
            // The solution's digit, in a cell with fewest candidates.
            let p = guess.placement.unwrap();
            let n = grid.size();
            assert_eq!(with.solution.get(p.cell.index()), p.digit);
            let fewest = (0..n * n)
                .filter(|&c| board.grid().get(c) == 0)
                .map(|c| board.candidates(Cell::new(c)).bits().count_ones())
                .min()
                .unwrap();
            let here = board.candidates(p.cell).bits().count_ones();
            assert_eq!(here, fewest);
            assert_eq!(guess.digits.len() as u32, here);
        }
        if Techniques::all().without(t) == Techniques::all() {
            // Always available (singles, a full house being a naked single's name, and the
            // guess of last resort): named, and the puzzle is unique.
            let q = Rater::new().quality(&puzzle(&grid, x)).unwrap();
            assert!(q.unique);
            continue;
        }
        let without = rate(&grid, x, Techniques::all().without(t));
        assert!(!without.uses(t));
        assert_ne!(
            (with.score, with.hardest),
            (without.score, without.hardest),
            "{t} not needed for {}",
            f[2]
        );
        assert_eq!(with.solution, without.solution);
    }
    for t in Technique::ALL {
        // Squirmbags are tried from 10×10 up only.
        if t != Technique::Squirmbag {
            assert!(seen.contains(&t), "no puzzle for {t}");
        }
    }
}

#[test]
#[ignore = "a search that prints the data file: needs GRADE_PUZZLES (a file, or generate-x for 2,000 generated X puzzles); up to a few minutes in release"]
fn find_technique_puzzles() {
    // GRADE_PUZZLES=generate-x: X puzzles from sudoku-core's generator, seeds 0..2000.
    let path = std::env::var("GRADE_PUZZLES").expect("GRADE_PUZZLES=file");
    let x = path == "generate-x";
    let puzzles: Vec<String> = if x {
        let geo = Geometry::new(sudoku_core::Shape::CLASSIC, &Variant::x()).unwrap();
        let mut g = sudoku_core::Generator::new(geo);
        (0..2000)
            .map(|s| {
                let mut rng = <rand_pcg::Pcg64Mcg as rand::SeedableRng>::seed_from_u64(s);
                g.generate(&mut rng).unwrap().puzzle.to_string()
            })
            .collect()
    } else {
        let text = std::fs::read_to_string(&path).unwrap();
        text.lines()
            .filter(|l| !l.starts_with('#'))
            .filter_map(|l| {
                l.split_whitespace()
                    .find(|w| w.len() == 81)
                    .map(String::from)
            })
            .collect()
    };
    let mut found: Vec<Technique> = Vec::new();
    for p in puzzles {
        let Ok(grid) = p.parse::<Grid>() else {
            continue;
        };
        let r = rate(&grid, x, Techniques::all());
        for t in Technique::ALL {
            if found.contains(&t) || !r.uses(t) {
                continue;
            }
            let without = rate(&grid, x, Techniques::all().without(t));
            let needed = (without.score, without.hardest) != (r.score, r.hardest);
            if needed || t == Technique::Guess || t == Technique::FullHouse {
                let v = if x { "x" } else { "classic" };
                println!(
                    "{}\t{v}\t{}\t{}",
                    t.name(),
                    grid,
                    path.rsplit('/').next().unwrap()
                );
                found.push(t);
            }
        }
    }
}

#[test]
fn uniqueness_techniques_never_run_on_a_puzzle_with_several_solutions() {
    // Each puzzle of the file that needs a uniqueness technique, less givens until it has
    // several solutions: the rating still finishes, on one of them, without those techniques.
    let mut tried = 0;
    for line in DATA
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let f: Vec<&str> = line.split('\t').collect();
        let t: Technique = f[0].parse().unwrap();
        if !t.assumes_uniqueness() || f[1] != "classic" {
            continue;
        }
        let grid: Grid = f[2].parse().unwrap();
        let mut solver = sudoku_core::Solver::new(Geometry::classic(grid.shape()));
        let mut cells = grid.cells().to_vec();
        for c in 0..cells.len() {
            if cells[c] != 0 {
                cells[c] = 0;
                if solver
                    .count(&Grid::new(grid.shape(), cells.clone()).unwrap(), 2)
                    .unwrap()
                    == sudoku_core::Count::AtLeast(2)
                {
                    break;
                }
            }
        }
        let open = Grid::new(grid.shape(), cells).unwrap();
        let puzzle = Puzzle::classic(open.clone()).unwrap();
        // Rating refuses it; hints still step through it, on one of its solutions.
        assert_eq!(
            Rater::new().rate(&puzzle),
            Err(sudoku_grade::GradeError::MultipleSolutions)
        );
        let mut position = MarkedGrid::new(&puzzle);
        let rater = Rater::new();
        let mut steps = Vec::new();
        while !position.is_solved() {
            let s = rater.next_step(&position).unwrap();
            position.play(&s).unwrap();
            steps.push(s);
        }
        assert!(
            steps.iter().all(|s| !s.technique.assumes_uniqueness()),
            "{t} used on {open}"
        );
        let reached = position.grid();
        assert!(open.is_subset_of(&reached));
        assert!(solver.solve(&reached).unwrap().is_some());
        let sol = reached.cells();
        for s in &steps {
            for e in &s.eliminations {
                assert_ne!(sol[e.cell.index()], e.digit, "{s}");
            }
        }
        tried += 1;
    }
    assert!(tried >= 5, "{tried}");
}
