//! The blocking player (the second basic strategy): the greedy choice, unless it leaves a
//! house the next player can complete with its quota; then the best choice that leaves none,
//! if there is one.

use super::{Plan, Pos, for_each_combo, greedy, pool};

/// The best plan that leaves the next player (quota `next`, 0 when nobody follows) no house to
/// complete, or the greedy plan when every plan leaves one.
pub(crate) fn plan(pos: &Pos, quota: u8, bonus: bool, next: u8) -> Plan {
    let greedy = greedy::plan(pos, quota, bonus);
    if next == 0 || !pos.completable_after(&greedy.cells, next) {
        return greedy;
    }
    let size = usize::from(quota).min(pos.by_digit.len());
    let mut best: Option<Plan> = None;
    for_each_combo(&pool(pos, quota, next), size, &mut |combo| {
        if pos.completable_after(combo, next) {
            return;
        }
        let gain = pos.gain(combo, bonus);
        if best.as_ref().is_none_or(|b| gain > b.gain) {
            best = Some(Plan {
                cells: combo.to_vec(),
                gain,
            });
        }
    });
    best.unwrap_or(greedy)
}

#[cfg(test)]
pub(crate) mod tests {
    use rand::SeedableRng as _;
    use rand_pcg::Pcg64Mcg;
    use sudoku_core::{Candidates, Cell, Grid, Shape};

    use super::*;
    use crate::deduce::Knowledge;

    /// A synthetic position: rows 1 and 2 empty, and row 6 from column 5 on (so columns 1–4
    /// have two empty cells, columns 5–9 three). Every empty cell is known: a 9 in cell 0, an
    /// 8 in cell 6, 1s elsewhere.
    pub(crate) fn trap() -> Pos {
        let mut grid = Grid::new(Shape::CLASSIC, vec![1; 81]).unwrap();
        let mut placements = Vec::new();
        for c in (0..18).chain([49, 50, 51, 52, 53]) {
            grid.set(c, 0).unwrap();
            let digit = match c {
                0 => 9,
                6 => 8,
                _ => 1,
            };
            placements.push(sudoku_grade::Placement {
                cell: Cell::new(c),
                digit,
                method: sudoku_grade::Method::A1,
                candidates: 1,
                cost: 1,
                step: placements.len(),
            });
        }
        let knowledge = Knowledge {
            placements,
            candidates: vec![Candidates::EMPTY; 81],
        };
        Pos::new(&grid, &knowledge, &mut Pcg64Mcg::seed_from_u64(1))
    }

    #[test]
    fn blocking_avoids_leaving_a_house_to_complete() {
        let pos = trap();
        // Greedy takes the 9, leaving column 1 with one empty cell.
        let greedy = greedy::plan(&pos, 1, true);
        assert_eq!(
            (greedy.cells.as_slice(), greedy.gain),
            (&[Cell::new(0)][..], 9)
        );
        assert!(pos.completable_after(&greedy.cells, 1));
        // Blocking takes the 8, whose column keeps two empty cells.
        let blocking = plan(&pos, 1, true, 1);
        assert_eq!(
            (blocking.cells.as_slice(), blocking.gain),
            (&[Cell::new(6)][..], 8)
        );
        assert!(!pos.completable_after(&blocking.cells, 1));
        // With nobody to follow, blocking is greedy.
        assert_eq!(plan(&pos, 1, true, 0).cells, [Cell::new(0)]);
    }
}
