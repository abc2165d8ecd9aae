//! The fallback for boards with a class of more than 64 tiles (layouts of some 2,300
//! positions or more, or boards dealt with unusual tiles): a depth-first search over legal
//! moves with safe moves and a table of lost positions, without the pruning of
//! [`super::search`].

use std::collections::HashSet;

use crate::board::{Board, Move};
use crate::matching::{MATCH_CLASSES, match_class};

use super::Outcome;

/// Solves `board` within `budget` nodes: the outcome and the nodes visited.
pub(crate) fn solve(board: &Board, budget: u64) -> (Outcome, u64) {
    let mut search = Plain {
        lost: HashSet::new(),
        path: Vec::new(),
        nodes: 0,
        budget,
        aborted: false,
    };
    let mut b = board.clone();
    let outcome = if search.dfs(&mut b) {
        Outcome::Winnable(search.path)
    } else if search.aborted {
        Outcome::Unknown
    } else {
        Outcome::Unwinnable
    };
    (outcome, search.nodes)
}

struct Plain {
    lost: HashSet<Vec<bool>>,
    path: Vec<Move>,
    nodes: u64,
    budget: u64,
    aborted: bool,
}

impl Plain {
    fn dfs(&mut self, b: &mut Board) -> bool {
        if b.is_won() {
            return true;
        }
        self.nodes += 1;
        if self.nodes > self.budget {
            self.aborted = true;
            return false;
        }
        if self.lost.contains(&b.present) {
            return false;
        }
        let mut moves = b.legal_moves();
        // A class whose tiles left are all free can go first, without branching.
        let mut left = [0usize; MATCH_CLASSES];
        let mut free = [0usize; MATCH_CLASSES];
        for i in (0..b.tiles.len()).filter(|&i| b.present[i]) {
            let k = match_class(b.tiles[i]);
            left[k] += 1;
            if b.free_unchecked(i) {
                free[k] += 1;
            }
        }
        if let Some(&m) = moves.iter().find(|m| {
            let k = match_class(b.tiles[m.first()]);
            free[k] == left[k]
        }) {
            moves = vec![m];
        }
        for m in moves {
            b.play_unchecked(m);
            self.path.push(m);
            let won = self.dfs(b);
            if won {
                return true;
            }
            self.path.pop();
            b.undo();
            if self.aborted {
                return false;
            }
        }
        self.lost.insert(b.present.clone());
        false
    }
}
