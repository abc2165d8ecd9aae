//! The worked values of the ladder's source (Yokutai's "Six techniques de déduction") and the
//! attribution rule on real ratings.

use sudoku_core::{Cell, Grid, Puzzle};
use sudoku_grade::{Level, MarkedGrid, Method, grid_score, rate};

#[test]
fn costs_with_two_candidates() {
    let v2: Vec<u32> = Method::ALL.iter().map(|m| m.cost(2)).collect();
    // A1 = 1, A2 = |V| = 2, B = 6, C = 12, D = 23, E = 54, F = 80.
    assert_eq!(v2, [1, 2, 6, 12, 23, 54, 80]);
}

#[test]
fn nine_a1_cells_and_one_e_cell_with_three_candidates_score_67() {
    let cells = std::iter::repeat_n((Method::A1, 4), 9).chain([(Method::E, 3)]);
    assert_eq!(grid_score(cells), 9 + 58);
    assert_eq!(grid_score(cells_of(&[(Method::E, 3)])), 58);
}

fn cells_of(x: &[(Method, u32)]) -> Vec<(Method, u32)> {
    x.to_vec()
}

#[test]
fn a_rating_adds_up() {
    // A 17-clue puzzle (Gordon Royle's list): singles only, no given costs anything.
    let g: Grid =
        "000000010400000000020000000000050407008000300001090000300400200050100000000806000"
            .parse()
            .unwrap();
    let r = rate(&g).unwrap();
    assert_eq!(r.placements.len(), 81 - 17);
    assert_eq!(r.counts.total(), 64);
    assert_eq!(
        r.score,
        grid_score(r.placements.iter().map(|p| (p.method, p.candidates)))
    );
    for p in &r.placements {
        assert_eq!(p.cost, p.method.cost(p.candidates));
        assert!(p.candidates >= 1);
        if p.method == Method::A2 {
            // A2 costs |V|.
            assert_eq!(p.cost, p.candidates);
        }
    }
    assert_eq!(r.level, r.hardest.unwrap().level());
    assert_eq!(r.hardest, r.placements.iter().map(|p| p.method).max());
}

#[test]
fn a_full_grid_costs_nothing() {
    let g: Grid =
        "123456789456789123789123456214365897365897214897214365531642978642978531978531642"
            .parse()
            .unwrap();
    let r = rate(&g).unwrap();
    assert_eq!((r.score, r.hardest, r.level), (0, None, Level::Easy));
    assert!(r.steps.is_empty());
    assert_eq!(
        r.summary_line(),
        "easy\t0\t-\tA1=0 A2=0 B=0 C=0 D=0 E=0 F=0"
    );
}

#[test]
fn credited_method_is_the_hardest_since_the_previous_placement() {
    // A puzzle that needs locked candidates: the cell placed right after a B elimination is
    // credited B even though a single places it, and costs 5 + (|V| - 1) with |V| counted
    // before the elimination.
    let g: Grid =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
            .parse()
            .unwrap();
    let r = rate(&g).unwrap();
    let mut checked = 0;
    let mut last_place = 0;
    for p in &r.placements {
        let since = &r.steps[last_place..=p.step];
        let hardest = since.iter().map(|s| s.method()).max().unwrap();
        assert_eq!(p.method, hardest);
        if p.method > r.steps[p.step].method() {
            checked += 1;
        }
        last_place = p.step + 1;
    }
    assert!(
        checked > 0,
        "no placement credited above its placing technique"
    );
}

#[test]
fn candidate_count_is_taken_when_the_search_begins() {
    // |V| of each placed cell is its candidate count right after the previous placement (and
    // its free peer eliminations), before any B–E elimination of the search for this one.
    let g: Grid =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
            .parse()
            .unwrap();
    let r = rate(&g).unwrap();
    let mut board = MarkedGrid::new(&Puzzle::classic(g).unwrap());
    let counts = |b: &MarkedGrid| -> Vec<u32> {
        (0..81)
            .map(|c| b.candidates(Cell::new(c)).bits().count_ones())
            .collect()
    };
    let mut at_start = counts(&board);
    let mut placed = 0;
    let mut shrunk = 0;
    for (i, s) in r.steps.iter().enumerate() {
        let before = s
            .placement
            .map(|pl| board.candidates(pl.cell).bits().count_ones());
        board.play(s).unwrap();
        if let Some(pl) = s.placement {
            let p = &r.placements[placed];
            assert_eq!((p.step, p.cell, p.digit), (i, pl.cell, pl.digit));
            let v = at_start[pl.cell.index()];
            assert_eq!(p.candidates, v);
            assert_eq!(p.cost, p.method.cost(v));
            // Eliminations since the search began made the cell's count smaller than |V|.
            if before < Some(v) {
                shrunk += 1;
            }
            placed += 1;
            at_start = counts(&board);
        }
    }
    assert_eq!(placed, r.placements.len());
    assert!(shrunk > 0, "no |V| above the count left at placement");
}
