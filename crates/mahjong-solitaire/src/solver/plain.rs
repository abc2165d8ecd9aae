//! The fallback for boards with a class of more than 64 tiles (boards dealt with unusual
//! tiles, such as many copies of one kind): a depth-first search over legal moves with safe
//! moves and a table of lost positions, without the pruning of [`super::search`].
//!
//! Memory stays bounded on every board: a node keeps its free tiles (not the list of its
//! moves, which can hold half a million pairs on a board of 1,024 free tiles of one class),
//! and the table of lost positions stops growing at [`MAX_LOST_BYTES`].

use std::collections::HashSet;

use grilles_game::{Interrupted, Limits, Meter, WorkUnit};

use crate::board::{Board, Move};
use crate::matching::{MATCH_CLASSES, match_class};

use super::Outcome;

/// The most memory the table of lost positions may take, in bytes (past it the search only
/// prunes less).
const MAX_LOST_BYTES: usize = 64 << 20;

/// Solves `board` within `limits`, a node counting `weight` units: the outcome and the
/// nodes visited.
pub(crate) fn solve(
    board: &Board,
    limits: &Limits,
    weight: u64,
) -> Result<(Outcome, u64), Interrupted> {
    let words = board.tiles.len().div_ceil(64);
    let mut search = Plain {
        lost: HashSet::new(),
        lost_cap: MAX_LOST_BYTES / (8 * words + 48),
        path: Vec::new(),
        nodes: 0,
        meter: limits.meter(WorkUnit::Nodes).look_every(1),
        weight,
        stopped: None,
    };
    let mut b = board.clone();
    let outcome = if search.dfs(&mut b) {
        Outcome::Winnable(search.path)
    } else if let Some(stop) = search.stopped {
        return Err(stop);
    } else {
        Outcome::Unwinnable
    };
    Ok((outcome, search.nodes))
}

struct Plain<'b> {
    lost: HashSet<Box<[u64]>>,
    lost_cap: usize,
    path: Vec<Move>,
    nodes: u64,
    meter: Meter<'b>,
    weight: u64,
    /// Why the search stopped, once its limits stopped it.
    stopped: Option<Interrupted>,
}

/// The tiles present on `b`, as bits.
fn key(b: &Board) -> Box<[u64]> {
    let mut bits = vec![0u64; b.tiles.len().div_ceil(64)];
    for i in (0..b.tiles.len()).filter(|&i| b.present[i]) {
        bits[i / 64] |= 1 << (i % 64);
    }
    bits.into()
}

impl Plain<'_> {
    fn dfs(&mut self, b: &mut Board) -> bool {
        if b.is_cleared() {
            return true;
        }
        self.nodes += 1;
        if let Err(stop) = self.meter.spend(self.weight) {
            self.stopped = Some(stop);
            return false;
        }
        let here = key(b);
        if self.lost.contains(&here) {
            return false;
        }
        // The free tiles by class; the moves are the pairs within a class.
        let mut free: Vec<Vec<u16>> = vec![Vec::new(); MATCH_CLASSES];
        let mut left = [0usize; MATCH_CLASSES];
        for i in (0..b.tiles.len()).filter(|&i| b.present[i]) {
            let k = match_class(b.tiles[i]);
            left[k] += 1;
            if b.free_unchecked(i) {
                free[k].push(i as u16);
            }
        }
        // A class whose tiles left are all free can go first, without branching.
        if let Some(k) = (0..MATCH_CLASSES).find(|&k| left[k] >= 2 && free[k].len() == left[k]) {
            let m = Move::new(usize::from(free[k][0]), usize::from(free[k][1]));
            free = vec![Vec::new(); MATCH_CLASSES];
            free[k] = vec![m.first() as u16, m.second() as u16];
        }
        for class in &free {
            for (r, &a) in class.iter().enumerate() {
                for &c in &class[r + 1..] {
                    let m = Move::new(usize::from(a), usize::from(c));
                    b.play_unchecked(m);
                    self.path.push(m);
                    if self.dfs(b) {
                        return true;
                    }
                    self.path.pop();
                    b.undo();
                    if self.stopped.is_some() {
                        return false;
                    }
                }
            }
        }
        if self.lost.len() < self.lost_cap {
            self.lost.insert(here);
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::{Layout, Position};
    use crate::solver::Solver;
    use grilles_game::StopReason;
    use mahjong_tiles::Tile;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};

    #[test]
    fn large_classes_stay_small_in_memory_and_answer() {
        // 1,023 tiles of one kind, none touching another, and one more on the first: all
        // free but one, so half a million moves per node, never listed.
        let mut positions: Vec<Position> = (0..1023u16)
            .map(|i| Position::new(6 * (i % 32), 4 * (i / 32), 0))
            .collect();
        positions.push(Position::new(1, 0, 1));
        let l = Layout::new("spread", positions).unwrap();
        let tiles = vec!["1m".parse::<Tile>().unwrap(); l.len()];
        let board = Board::unchecked(&l, tiles);
        match solve(&board, &Limits::new().budget(2_000), 1) {
            Ok((outcome, nodes)) => assert!(outcome.is_winnable() && nodes <= 2_000),
            Err(stop) => assert_eq!(stop.spent(), 2_001),
        }
    }

    /// 101 free tiles of one kind side by side with gaps, and a lone 2m on the first: the 2m
    /// never pairs, so the board is lost, but only after trying the ways to pair the others.
    fn hopeless() -> Board {
        let mut positions: Vec<Position> = (0..101u16)
            .map(|i| Position::new(6 * (i % 32), 4 * (i / 32), 0))
            .collect();
        positions.push(Position::new(1, 0, 1));
        let layout = Layout::new("hopeless", positions).unwrap();
        let t = |s: &str| s.parse::<Tile>().unwrap();
        let mut tiles = vec![t("1m"); 101];
        tiles.push(t("2m"));
        Board::unchecked(&layout, tiles)
    }

    #[test]
    fn the_fallback_stops_on_its_budget_and_on_its_flag() {
        let board = hopeless();
        let stop = Solver::new().budget(2_000).solve(&board).unwrap_err();
        assert_eq!(
            stop,
            Interrupted::new(StopReason::Budget, WorkUnit::Nodes, 2_001)
        );
        // Without a budget the search would run for ages: a flag raised by another thread
        // while it runs stops it.
        let flag = Arc::new(AtomicBool::new(false));
        let raiser = {
            let flag = Arc::clone(&flag);
            std::thread::spawn(move || {
                std::thread::sleep(std::time::Duration::from_millis(100));
                flag.store(true, Ordering::Relaxed);
            })
        };
        let stop = Solver::new().cancel_flag(flag).solve(&board).unwrap_err();
        raiser.join().unwrap();
        assert!(stop.is_cancelled());
        assert!(stop.spent() > 1, "{stop}");
    }
}
