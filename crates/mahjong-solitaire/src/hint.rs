//! Hints: a legal move, preferably one that keeps a winnable board winnable.
//!
//! [`hint`] asks the [`Solver`]: when the board is winnable, the first move of a winning
//! sequence ([`Hint::Winning`]); when it is not (or the solver's budget runs out), still a
//! legal move ([`Hint::Legal`]), or [`Hint::NoMove`] at a dead end (time to
//! [`shuffle`](crate::shuffle)) or on an empty board.
//!
//! ```
//! use mahjong_solitaire::{BuiltinLayout, Hint, deal::solvable_deal};
//! use rand::SeedableRng;
//! use rand_pcg::Pcg64Mcg;
//!
//! let mut rng = Pcg64Mcg::seed_from_u64(8);
//! let mut board = solvable_deal(&BuiltinLayout::Turtle.layout(), &mut rng)?.board;
//! while let Hint::Winning(m) = board.hint() {
//!     board.play(m)?;
//! }
//! assert!(board.is_won());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::board::{Board, Move};
use crate::solver::{Outcome, Solver};

/// A suggested move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Hint {
    /// The board is winnable and this move keeps it so.
    Winning(Move),
    /// A legal move; the board is unwinnable, or the solver could not tell within its budget.
    Legal(Move),
    /// No legal move: the board is empty or at a dead end.
    NoMove,
}

impl Hint {
    /// The suggested move, if any.
    pub fn mv(self) -> Option<Move> {
        match self {
            Hint::Winning(m) | Hint::Legal(m) => Some(m),
            Hint::NoMove => None,
        }
    }
}

/// The first legal move (in [`Board::legal_moves`] order), without asking the solver.
pub fn any_move(board: &Board) -> Option<Move> {
    board.legal_moves().first().copied()
}

/// A hint from `solver` (see the module documentation).
pub fn hint(board: &Board, solver: &Solver) -> Hint {
    let Some(fallback) = any_move(board) else {
        return Hint::NoMove;
    };
    match solver.solve(board).outcome {
        Outcome::Winnable(moves) => moves
            .first()
            .map_or(Hint::Legal(fallback), |&m| Hint::Winning(m)),
        Outcome::Unwinnable | Outcome::Unknown => Hint::Legal(fallback),
    }
}

impl Board {
    /// A hint with the default [`Solver`] (see [`crate::hint`]).
    pub fn hint(&self) -> Hint {
        hint(self, &Solver::new())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Layout;
    use mahjong_tiles::Tile;

    #[test]
    fn prefers_the_move_that_keeps_the_board_winnable() {
        // Four 1m: one on top of another (indices 3 over 0), two alone (1 and 2).
        let layout: Layout = "0 0: 0\n1 0: 0\n0 4: 0\n0 8: 0\n".parse().unwrap();
        let board = Board::new(&layout, vec![Tile::from_index(0).unwrap(); 4]).unwrap();
        // The first legal move pairs the two lone tiles: then the stack is stuck.
        let trap = any_move(&board).unwrap();
        assert_eq!(trap, Move::new(1, 2));
        let mut lost = board.clone();
        lost.play(trap).unwrap();
        assert_eq!(Solver::new().solve(&lost).outcome, Outcome::Unwinnable);
        // The hint takes the top tile with a lone one.
        let Hint::Winning(m) = board.hint() else {
            panic!("winnable board")
        };
        assert!(m == Move::new(1, 3) || m == Move::new(2, 3), "{m}");
    }

    #[test]
    fn legal_or_nothing_when_lost() {
        let layout: Layout = "0 0: 0\n1 0: 0\n0 4: 0\n1 4: 0\n0 8: 0-2\n"
            .parse()
            .unwrap();
        let t = |s: &str| s.parse::<Tile>().unwrap();
        // 1m under 1m: unwinnable, but the two 2m side by side can go.
        let board = Board::new(
            &layout,
            ["1m", "3m", "2m", "2m", "1m", "3m"].map(t).to_vec(),
        )
        .unwrap();
        assert_eq!(board.hint(), Hint::Legal(Move::new(2, 3)));
        let mut b = board.clone();
        b.play(Move::new(2, 3)).unwrap();
        assert_eq!(b.hint(), Hint::NoMove);
    }
}
