//! E: contradiction look-ahead. Assume a candidate, propagate, and if the position breaks (a
//! cell with no candidate, a digit with no place in a house), the candidate is eliminated.
//!
//! Propagation uses A1–D (Yokutai's "Six techniques de déduction": "on propage les
//! conséquences en réappliquant A, B, C, D"). It runs in two passes so the common case stays
//! cheap: first singles only (A1, A2), then, if no candidate breaks that way, the whole of
//! A1–D (without the uniqueness techniques, whose uniqueness argument does not carry over to
//! an assumption). The step records the placements of the propagation and, in the second
//! pass, the B–D eliminations between them, so its sentence shows every move that leads to
//! the contradiction. Among the candidates that break, the one whose contradiction comes in
//! the fewest steps is eliminated: that is the easiest one to follow (ties: the cell with
//! fewest candidates, then the lowest cell and digit).

use grilles_game::Meter;
use sudoku_core::{Cell, WorkUnit};

use super::{Abort, Finding, Ladder, Technique, fill_positions};
use crate::state::{Broken, Outcome, State, bit, digits};

/// Candidates to try, cells with fewest candidates first.
fn order(st: &State) -> Vec<(Cell, u8)> {
    let mut cells: Vec<(u32, Cell)> = (0..st.values.len())
        .filter(|&c| st.values[c] == 0 && st.cand[c].count_ones() >= 2)
        .map(|c| (st.cand[c].count_ones(), Cell::new(c)))
        .collect();
    cells.sort_unstable();
    let mut out = Vec::new();
    for (_, c) in cells {
        for d in digits(st.cand[c.index()]) {
            out.push((c, d));
        }
    }
    out
}

/// Copies `src` into `dst` without reallocating.
fn load(dst: &mut State, src: &State) {
    dst.values.copy_from_slice(&src.values);
    dst.cand.copy_from_slice(&src.cand);
    dst.empty = src.empty;
}

/// Where a replayed propagation is written: its placements, and its B–D eliminations, each
/// with the number of placements made before it.
type Record<'r> = (&'r mut Vec<(Cell, u8)>, &'r mut Vec<super::Lemma>);

/// Runs the A1–D propagation of an assumption; returns where it broke and after how many
/// steps, if it broke within `limit` steps.
fn propagate_full<'a>(
    lad: &mut Ladder<'a>,
    sub: &mut Ladder<'a>,
    s: &mut State,
    f: &mut Finding,
    mut record: Option<Record<'_>>,
    limit: usize,
) -> Result<Option<(Broken, usize)>, Abort> {
    let rules = lad.rules;
    let mut steps = 0usize;
    let mut placed = 0usize;
    loop {
        let out = s.propagate_singles(
            rules,
            &mut lad.stack,
            record.as_mut().map(|r| &mut *r.0),
            limit.saturating_sub(steps),
            &mut placed,
        );
        steps += placed;
        match out {
            Outcome::Broken(b) => return Ok(Some((b, steps))),
            Outcome::Solved => return Ok(None),
            Outcome::Stuck => {}
        }
        if steps >= limit {
            return Ok(None);
        }
        lad.spend(rules.scan)?;
        if let Some(b) = fill_positions(rules, s, &mut sub.pos) {
            return Ok(Some((b, steps)));
        }
        // The searches of B–D are charged to the look-ahead's own budget.
        core::mem::swap(&mut sub.meter, &mut lad.meter);
        let found = sub.find_b_to_d(s, f, &mut |_| false);
        core::mem::swap(&mut sub.meter, &mut lad.meter);
        if !found? {
            return Ok(None);
        }
        if let Some((placements, lemmas)) = record.as_mut() {
            lemmas.push(super::Lemma {
                after: placements.len(),
                technique: f.technique,
                elims: f.elims.clone(),
                houses: f.houses.clone(),
                cells: f.cells.clone(),
            });
        }
        f.apply(rules, s);
        steps += 1;
    }
}

/// The first contradiction, filling `f`.
pub(crate) fn contradiction(
    lad: &mut Ladder<'_>,
    st: &State,
    f: &mut Finding,
) -> Result<bool, Abort> {
    let rules = lad.rules;
    let cands = order(st);
    let mut s = st.clone();
    let mut best: Option<(usize, Cell, u8)> = None;
    // Pass 1: singles only.
    let mut placed = 0usize;
    // A trial costs one unit, and one more for each 600 peers its placements update: a
    // whole scan of the grid costs more than a short chain of singles.
    let peers = rules.geo.peers(Cell::new(0)).len() as u64;
    for &(c, d) in &cands {
        lad.spend(1)?;
        let limit = best.map_or(usize::MAX, |b| b.0 - 1);
        load(&mut s, st);
        s.cand[c.index()] = bit(d);
        lad.stack.push(c);
        let out = s.propagate_singles(rules, &mut lad.stack, None, limit, &mut placed);
        lad.spend(placed as u64 * peers / 600)?;
        if let Outcome::Broken(_) = out {
            best = Some((placed, c, d));
            if placed <= 1 {
                break;
            }
        }
    }
    let full = best.is_none();
    let mut inner = lad.techniques.without(Technique::Contradiction);
    for t in Technique::ALL {
        if t.assumes_uniqueness() {
            inner = inner.without(t);
        }
    }
    let mut sub = Ladder::new(rules, inner, Meter::unbounded(WorkUnit::RatingWork));
    sub.uniqueness = super::Uniqueness::No;
    let mut scratch = Finding::new();
    if full {
        // Pass 2: A1–D.
        for &(c, d) in &cands {
            lad.spend(rules.scan)?;
            let limit = best.map_or(usize::MAX, |b| b.0 - 1);
            load(&mut s, st);
            s.cand[c.index()] = bit(d);
            lad.stack.push(c);
            if let Some((_, steps)) =
                propagate_full(lad, &mut sub, &mut s, &mut scratch, None, limit)?
            {
                best = Some((steps, c, d));
                if steps <= 1 {
                    break;
                }
            }
        }
    }
    let Some((_, c, d)) = best else {
        return Ok(false);
    };
    // Replay the winner to record its chain.
    f.clear();
    load(&mut s, st);
    s.cand[c.index()] = bit(d);
    lad.stack.push(c);
    let broken = if full {
        propagate_full(
            lad,
            &mut sub,
            &mut s,
            &mut scratch,
            Some((&mut f.chain, &mut f.lemmas)),
            usize::MAX,
        )?
        .map(|x| x.0)
    } else {
        match s.propagate_singles(
            rules,
            &mut lad.stack,
            Some(&mut f.chain),
            usize::MAX,
            &mut placed,
        ) {
            Outcome::Broken(b) => Some(b),
            _ => None,
        }
    };
    debug_assert!(broken.is_some());
    f.technique = Technique::Contradiction;
    f.broken = broken;
    f.cells.push(c);
    f.digits = bit(d);
    f.elims.push((c, d));
    if f.chain.first() != Some(&(c, d)) {
        f.chain.insert(0, (c, d));
        for l in &mut f.lemmas {
            l.after += 1;
        }
    }
    Ok(true)
}
