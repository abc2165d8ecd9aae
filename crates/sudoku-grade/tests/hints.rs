//! Hints are the rater's steps, explained.

use sudoku_core::{Grid, Puzzle};
use sudoku_grade::{MarkedGrid, Method, Rater, Technique, rate};

const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

fn position(p: &str) -> MarkedGrid {
    MarkedGrid::new(&Puzzle::classic(p.parse().unwrap()).unwrap())
}

#[test]
fn next_step_is_the_raters_first_step() {
    for p in [
        EASY,
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    ] {
        let g: Grid = p.parse().unwrap();
        assert_eq!(
            Rater::new().next_step(&position(p)).unwrap(),
            rate(&g).unwrap().steps[0]
        );
    }
}

#[test]
fn stepping_a_position_replays_the_rating_and_solves() {
    let p = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    let rating = rate(&p.parse().unwrap()).unwrap();
    let mut position = position(p);
    let rater = Rater::new();
    let mut steps = Vec::new();
    while !position.is_solved() {
        let s = rater.next_step(&position).unwrap();
        position.play(&s).unwrap();
        steps.push(s);
    }
    assert_eq!(steps, rating.steps);
    assert_eq!(position.grid(), rating.solution);
    assert!(steps.iter().any(|s| s.method() >= Method::E));
    assert!(rater.next_step(&position).is_err(), "nothing left to do");
}

#[test]
fn sentences_a_person_can_follow() {
    let g: Grid =
        "000000010400000000020000000000050407008000300001090000300400200050100000000806000"
            .parse()
            .unwrap();
    let r = rate(&g).unwrap();
    let shape = g.shape();
    let hidden = r
        .steps
        .iter()
        .find(|s| s.technique == Technique::HiddenSingle)
        .unwrap();
    let p = hidden.placement.unwrap();
    let text = hidden.to_string();
    // "In row 4, 7 can only go in r4c2."
    assert!(text.starts_with("In "), "{text}");
    assert!(
        text.ends_with(&format!(
            "{} can only go in {}.",
            p.digit,
            p.cell.display(shape)
        )),
        "{text}"
    );
    for s in &r.steps {
        let t = s.to_string();
        assert!(t.ends_with('.') && t.len() > 20, "{t}");
        if let Some(p) = s.placement {
            assert!(t.contains(&p.cell.display(shape).to_string()), "{t}");
        }
        for e in &s.eliminations {
            assert!(t.contains(&e.cell.display(shape).to_string()), "{t}");
        }
    }
}

#[test]
fn explanations_name_what_they_use() {
    let g: Grid =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
            .parse()
            .unwrap();
    let r = rate(&g).unwrap();
    let e = r
        .steps
        .iter()
        .find(|s| s.technique == Technique::Contradiction)
        .unwrap();
    let a = e.chain[0];
    let cell = a.cell.display(g.shape());
    assert_eq!(e.eliminations, vec![a]);
    let t = e.to_string();
    assert!(
        t.starts_with(&format!("Suppose {cell} is {}", a.digit)),
        "{t}"
    );
    assert!(
        t.ends_with(&format!("so {cell} is not {}.", a.digit)),
        "{t}"
    );
    assert!(e.contradiction.is_some());
}

#[test]
fn look_ahead_sentences_name_every_move_of_their_chain() {
    // Hard puzzles whose look-ahead steps have long chains, some with B–D eliminations.
    let mut long = 0;
    let mut with_lemmas = 0;
    for p in [
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
        "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9",
    ] {
        let g: Grid = p.parse().unwrap();
        let shape = g.shape();
        let r = rate(&g).unwrap();
        for s in r
            .steps
            .iter()
            .filter(|s| s.technique == Technique::Contradiction)
        {
            let t = s.to_string();
            assert!(!t.contains("more"), "{t}");
            for c in &s.chain[1..] {
                assert!(
                    t.contains(&c.display(shape).to_string()),
                    "{c:?} missing: {t}"
                );
            }
            for e in &s.chain_eliminations {
                for x in &e.eliminations {
                    assert!(t.contains(&x.cell.display(shape).to_string()), "{t}");
                }
                // The technique and where it looks: its houses, or its cells.
                let name = e.technique.name().to_lowercase();
                let place = match e.houses.first() {
                    Some(h) => format!("[{name} in {h}"),
                    None => format!(
                        "[{name} on {}",
                        e.cells
                            .first()
                            .map(|c| c.display(shape).to_string())
                            .unwrap()
                    ),
                };
                assert!(t.contains(&place), "{place} missing: {t}");
            }
            long += usize::from(s.chain.len() > 8);
            with_lemmas += usize::from(!s.chain_eliminations.is_empty());
        }
    }
    assert!(long > 0 && with_lemmas > 0, "{long} {with_lemmas}");
}
