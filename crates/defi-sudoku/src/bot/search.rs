//! The search player: looks ahead over the next players' quotas until its own next turn,
//! assuming they play greedily with what it knows, and maximises its points minus the best
//! of theirs.

use super::{Plan, Pos, for_each_combo, greedy, pool};

/// How many of the best immediate plans get the look-ahead.
const BEAM: usize = 24;

/// The plan with the best look-ahead value. `upcoming` lists the next turns as
/// `(player, quota)`; the look-ahead stops at `me`'s next turn.
pub(crate) fn plan(pos: &Pos, quota: u8, bonus: bool, upcoming: &[(usize, u8)], me: usize) -> Plan {
    let replies: Vec<u8> = upcoming
        .iter()
        .take_while(|&&(p, _)| p != me)
        .map(|&(_, q)| q)
        .collect();
    let greedy_plan = greedy::plan(pos, quota, bonus);
    if replies.is_empty() {
        return greedy_plan;
    }
    let size = usize::from(quota).min(pos.by_digit.len());
    let next = replies.iter().copied().max().unwrap_or(0);
    // Every plan from the pool, best immediate gain first; blocking plans are kept too.
    let mut plans: Vec<(Plan, bool)> = Vec::new();
    for_each_combo(&pool(pos, quota, next), size, &mut |combo| {
        let gain = pos.gain(combo, bonus);
        let blocks = !pos.completable_after(combo, replies[0]);
        plans.push((
            Plan {
                cells: combo.to_vec(),
                gain,
            },
            blocks,
        ));
    });
    plans.sort_by_key(|(p, _)| core::cmp::Reverse(p.gain));
    let mut shortlist: Vec<Plan> = Vec::with_capacity(2 * BEAM + 1);
    shortlist.push(greedy_plan);
    shortlist.extend(plans.iter().take(BEAM).map(|(p, _)| p.clone()));
    shortlist.extend(
        plans
            .iter()
            .filter(|(_, b)| *b)
            .take(BEAM)
            .map(|(p, _)| p.clone()),
    );

    let mut best: Option<(i64, Plan)> = None;
    for plan in shortlist {
        let mut after = pos.clone();
        after.apply(&plan.cells);
        let mut worst = 0u32;
        for &q in &replies {
            if after.by_digit.is_empty() {
                break;
            }
            let reply = greedy::plan(&after, q, true);
            worst = worst.max(reply.gain);
            after.apply(&reply.cells);
        }
        let value = i64::from(plan.gain) - i64::from(worst);
        if best
            .as_ref()
            .is_none_or(|(v, b)| value > *v || (value == *v && plan.gain > b.gain))
        {
            best = Some((value, plan));
        }
    }
    best.map_or_else(Plan::default, |(_, p)| p)
}

#[cfg(test)]
mod tests {
    use sudoku_core::Cell;

    use super::*;
    use crate::bot::blocking::tests::trap;

    #[test]
    fn search_sees_the_reply() {
        let pos = trap();
        // Player 0 with one digit, player 1 replies with one: taking the 9 gives the reply
        // 1 + 10 (column 1); taking the 8 leaves the 9 (9). 9 - 11 < 8 - 9.
        let plan = plan(&pos, 1, true, &[(1, 1), (0, 2)], 0);
        assert_eq!(plan.cells, [Cell::new(6)]);
        // With no reply before its next turn, it is greedy.
        assert_eq!(plan_alone(&pos), [Cell::new(0)]);
    }

    fn plan_alone(pos: &Pos) -> Vec<Cell> {
        plan(pos, 1, true, &[(0, 2)], 0).cells
    }
}
