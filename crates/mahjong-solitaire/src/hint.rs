//! Hints: a legal move, preferably one that keeps a winnable board winnable (see
//! `Solver::hint`).

use crate::board::{Board, Move};
use crate::solver::Solver;

/// A suggested move ([`Solver::hint`], [`Board::hint`]).
///
/// ```
/// use mahjong_solitaire::{BuiltinLayout, Hint, solvable_deal};
/// use rand::SeedableRng;
/// use rand_pcg::Pcg64Mcg;
///
/// let mut board = solvable_deal(&BuiltinLayout::Turtle.layout(), &mut Pcg64Mcg::seed_from_u64(8))?.board;
/// while let Hint::Winning(m) = board.hint() {
///     board.play(m)?;
/// }
/// assert!(board.is_cleared());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Hint {
    /// The board is winnable and this move keeps it so.
    Winning(Move),
    /// The board is unwinnable: a legal move all the same.
    Legal(Move),
    /// No legal move: the board is empty or at a dead end.
    NoMove,
}

impl Hint {
    /// The suggested move, if any.
    ///
    /// ```
    /// use mahjong_solitaire::{Hint, Move};
    /// assert_eq!(Hint::Legal(Move::new(2, 3)).mv(), Some(Move::new(2, 3)));
    /// assert_eq!(Hint::NoMove.mv(), None);
    /// ```
    pub fn mv(self) -> Option<Move> {
        match self {
            Hint::Winning(m) | Hint::Legal(m) => Some(m),
            Hint::NoMove => None,
        }
    }
}

impl Board {
    /// A hint from a solver without budget ([`Solver::hint`]; it always answers, though a
    /// large board of a layout of one's own may take long: give a solver a budget or a
    /// cancel flag to bound it).
    ///
    /// ```
    /// use mahjong_solitaire::{Board, Hint, Layout, Move};
    /// use mahjong_tiles::Tile;
    ///
    /// let layout: Layout = "0 0: 0-6\n".parse()?;
    /// let t = |s: &str| s.parse::<Tile>().unwrap();
    /// let board = Board::new(&layout, ["1m", "2m", "2m", "1m"].map(t).to_vec())?;
    /// assert_eq!(board.hint(), Hint::Winning(Move::new(0, 3)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn hint(&self) -> Hint {
        // Without budget or flag the solver always answers: the fallback is never taken.
        Solver::new().hint(self).unwrap_or_else(|_| {
            self.legal_moves()
                .first()
                .map_or(Hint::NoMove, |&m| Hint::Legal(m))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Layout;
    use crate::solver::Outcome;
    use mahjong_tiles::Tile;

    #[test]
    fn prefers_the_move_that_keeps_the_board_winnable() {
        // Four 1m: one on top of another (indices 3 over 0), two alone (1 and 2).
        let layout: Layout = "0 0: 0\n1 0: 0\n0 4: 0\n0 8: 0\n".parse().unwrap();
        let board = Board::unchecked(&layout, vec![Tile::from_index(0).unwrap(); 4]);
        // The first legal move pairs the two lone tiles: then the stack is stuck.
        let trap = board.legal_moves()[0];
        assert_eq!(trap, Move::new(1, 2));
        let mut lost = board.clone();
        lost.play(trap).unwrap();
        assert_eq!(
            Solver::new().solve(&lost).unwrap().outcome,
            Outcome::Unwinnable
        );
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
        // A solver stopped before it could tell says so.
        let stop = Solver::new().budget(0).hint(&board).unwrap_err();
        assert_eq!(stop.reason(), grilles_game::StopReason::Budget);
        // At a dead end it need not solve: no budget is spent.
        assert_eq!(Solver::new().budget(0).hint(&b), Ok(Hint::NoMove));
    }
}
