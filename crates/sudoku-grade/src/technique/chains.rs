//! D: short single-digit and bivalue patterns that players spot like fish and wings.
//!
//! - Turbot fish (skyscraper, two-string kite): two conjugate pairs of one digit (houses where
//!   it has exactly two places), `a–b` and `c–e`, with `b` seeing `c`: `a` or `e` holds the
//!   digit, so it leaves every cell seeing both. Both pairs in rows joined in a column (or
//!   both in columns joined in a row) make a skyscraper; a row and a column make a two-string
//!   kite; any other shape (a box in the pattern, parallel lines joined in a box) is the
//!   general turbot fish. Logically a finned (sashimi) X-Wing: a fish, hence D.
//! - W-Wing: two cells holding only `{x, y}`, not seeing each other, joined by a conjugate
//!   pair of `x` (one end seeing each cell): one of them is `y`, so `y` leaves every cell
//!   seeing both. Logically a wing, hence D.

use sudoku_core::{Cell, House, HouseKind};

use super::{Finding, Technique};
use crate::rules::Rules;
use crate::state::{State, bit, first_digit};

/// Conjugate pairs of digit `d`: (cell, cell, house).
fn conjugates(rules: &Rules, pos: &[u32], d: u8, out: &mut Vec<(Cell, Cell, House)>) {
    let n = rules.n;
    out.clear();
    for h in rules.geo.houses() {
        let p = pos[h.index() * n + d as usize - 1];
        if p.count_ones() == 2 {
            let cells = rules.geo.house(h);
            let a = cells[p.trailing_zeros() as usize];
            let b = cells[31 - p.leading_zeros() as usize];
            // A pair inside two houses (a row and a box) is listed once.
            if !out.iter().any(|&(x, y, _)| (x, y) == (a, b)) {
                out.push((a, b, h));
            }
        }
    }
}

/// The first turbot fish (skyscraper, two-string kite or general).
pub(crate) fn turbot(rules: &Rules, st: &State, pos: &[u32], f: &mut Finding) -> bool {
    let geo = &*rules.geo;
    let mut pairs = Vec::new();
    for d in 1..=rules.n as u8 {
        let b = bit(d);
        conjugates(rules, pos, d, &mut pairs);
        for (i, &(p0, p1, h1)) in pairs.iter().enumerate() {
            for &(q0, q1, h2) in &pairs[i + 1..] {
                for (a, x) in [(p0, p1), (p1, p0)] {
                    for (y, e) in [(q0, q1), (q1, q0)] {
                        // a = x (strong), x – y (weak: see each other), y = e (strong).
                        if x == y || a == e || a == y || x == e {
                            continue;
                        }
                        if !geo.sees(x, y) {
                            continue;
                        }
                        let mut elims = Vec::new();
                        for &o in geo.peers(a) {
                            if o != x
                                && o != y
                                && o != e
                                && st.cand[o.index()] & b != 0
                                && geo.sees(o, e)
                            {
                                elims.push((o, d));
                            }
                        }
                        if elims.is_empty() {
                            continue;
                        }
                        let (k1, k2) = (geo.house_kind(h1), geo.house_kind(h2));
                        let line = |k: HouseKind| match k {
                            HouseKind::Row(_) => 1,
                            HouseKind::Column(_) => 2,
                            _ => 0,
                        };
                        // Two parallel lines joined across (the weak link along the
                        // other kind of line) make a skyscraper; a row and a column
                        // (necessarily joined in a box) a two-string kite.
                        let (rx, cx) = rules.row_col(x);
                        let (ry, cy) = rules.row_col(y);
                        f.technique = match (line(k1), line(k2)) {
                            // In a layout, rows of different grids share a kind and an
                            // index: no line names the pattern.
                            _ if !rules.square => Technique::TurbotFish,
                            (1, 1) if cx == cy => Technique::Skyscraper,
                            (2, 2) if rx == ry => Technique::Skyscraper,
                            (1, 2) | (2, 1) => Technique::TwoStringKite,
                            _ => Technique::TurbotFish,
                        };
                        f.cells = vec![a, x, y, e];
                        f.digits = b;
                        f.houses = vec![h1, h2];
                        f.elims = elims;
                        return true;
                    }
                }
            }
        }
    }
    false
}

/// The first W-Wing.
pub(crate) fn w_wing(rules: &Rules, st: &State, pos: &[u32], f: &mut Finding) -> bool {
    let geo = &*rules.geo;
    let mut pairs = Vec::new();
    let bivalue: Vec<Cell> = (0..rules.ncells)
        .filter(|&c| st.cand[c].count_ones() == 2)
        .map(Cell::new)
        .collect();
    for (i, &p) in bivalue.iter().enumerate() {
        for &q in &bivalue[i + 1..] {
            let m = st.cand[p.index()];
            if st.cand[q.index()] != m || geo.sees(p, q) {
                continue;
            }
            for x in [first_digit(m), first_digit(m & (m - 1))] {
                let y = first_digit(m & !bit(x));
                // Cells seeing both that hold y.
                let targets: Vec<Cell> = geo
                    .peers(p)
                    .iter()
                    .copied()
                    .filter(|&o| st.cand[o.index()] & bit(y) != 0 && geo.sees(o, q))
                    .collect();
                if targets.is_empty() {
                    continue;
                }
                conjugates(rules, pos, x, &mut pairs);
                for &(a, b, h) in &pairs {
                    let link =
                        (geo.sees(a, p) && geo.sees(b, q)) || (geo.sees(a, q) && geo.sees(b, p));
                    if !link || [a, b].contains(&p) || [a, b].contains(&q) {
                        continue;
                    }
                    let (a, b) = if geo.sees(a, p) && geo.sees(b, q) {
                        (a, b)
                    } else {
                        (b, a)
                    };
                    f.technique = Technique::WWing;
                    f.cells = vec![p, q, a, b];
                    f.digits = m;
                    f.houses = vec![h];
                    f.elims = targets.iter().map(|&o| (o, y)).collect();
                    return true;
                }
            }
        }
    }
    false
}

/// The first empty rectangle: in a box, a digit's places lie on one row `r` and one column
/// `c` of the box (not on a single line). With a conjugate pair of the digit in a column
/// outside the box, one end `p` on row `r` and the other `q` on row `rq`: if `(rq, c)` held
/// the digit, `q` would not, so `p` would, leaving the box only column `c`, already taken.
/// So the digit leaves `(rq, c)`. The same with rows and columns swapped.
pub(crate) fn empty_rectangle(rules: &Rules, st: &State, pos: &[u32], f: &mut Finding) -> bool {
    let n = rules.n;
    let geo = &*rules.geo;
    let shape = geo.shape();
    let (box_rows, box_cols) = (shape.box_rows(), shape.box_cols());
    // The digit's places in the box, as (row, column).
    let mut cells = [(0usize, 0usize); 32];
    for d in 1..=n as u8 {
        let b = bit(d);
        for h in geo.houses() {
            if !matches!(geo.house_kind(h), HouseKind::Box(_)) {
                continue;
            }
            let p = pos[h.index() * n + d as usize - 1];
            if p.count_ones() < 2 {
                continue;
            }
            let box_cells = geo.house(h);
            let mut k = 0;
            let mut m = p;
            while m != 0 {
                cells[k] = rules.row_col(box_cells[m.trailing_zeros() as usize]);
                k += 1;
                m &= m - 1;
            }
            let cells = &cells[..k];
            let one_row = cells.iter().all(|x| x.0 == cells[0].0);
            let one_col = cells.iter().all(|x| x.1 == cells[0].1);
            if one_row || one_col {
                continue;
            }
            // The box's rows and columns, top to bottom and left to right.
            let (top, left) = box_cells.iter().fold((n, n), |(t, l), &x| {
                let (r, c) = rules.row_col(x);
                (t.min(r), l.min(c))
            });
            let in_box = |r: usize, c: usize| {
                (top..top + box_rows).contains(&r) && (left..left + box_cols).contains(&c)
            };
            for r in top..top + box_rows {
                for c in left..left + box_cols {
                    if !cells.iter().all(|&(x, y)| x == r || y == c) {
                        continue;
                    }
                    // by_cols: the conjugate pair is in a column; else in a row.
                    for by_cols in [true, false] {
                        for line in 0..n {
                            let house = if by_cols {
                                geo.column(line)
                            } else {
                                geo.row(line)
                            };
                            let lp = pos[house.index() * n + d as usize - 1];
                            if lp.count_ones() != 2 {
                                continue;
                            }
                            let line_cells = geo.house(house);
                            let ends = [
                                rules.row_col(line_cells[lp.trailing_zeros() as usize]),
                                rules.row_col(line_cells[31 - lp.leading_zeros() as usize]),
                            ];
                            if ends.iter().any(|&(x, y)| in_box(x, y)) {
                                continue;
                            }
                            for (pe, qe) in [(ends[0], ends[1]), (ends[1], ends[0])] {
                                // p on the ER's row (by_cols) or column (by rows).
                                let (on_arm, target) = if by_cols {
                                    (pe.0 == r, (qe.0, c))
                                } else {
                                    (pe.1 == c, (r, qe.1))
                                };
                                if !on_arm || in_box(target.0, target.1) {
                                    continue;
                                }
                                let t = target.0 * n + target.1;
                                if st.cand[t] & b == 0 {
                                    continue;
                                }
                                f.technique = Technique::EmptyRectangle;
                                f.cells =
                                    vec![Cell::new(pe.0 * n + pe.1), Cell::new(qe.0 * n + qe.1)];
                                f.digits = b;
                                f.houses = vec![h, house];
                                f.elims = vec![(Cell::new(t), d)];
                                return true;
                            }
                        }
                    }
                }
            }
        }
    }
    false
}
