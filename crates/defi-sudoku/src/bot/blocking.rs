//! The blocking player (seed 003's basic strategies): the greedy choice, unless it leaves a
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
