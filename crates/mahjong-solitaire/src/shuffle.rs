//! Shuffle ("Mélanger" in the rules page): redistribute the remaining tiles over the
//! remaining positions so that the board is winnable again (see `ReversePlacement::shuffle`).

use grilles_game::Interrupted;
use rand::Rng;

use crate::board::Board;
use crate::deal::{DealError, ReversePlacement, pair_up, place_positions};

/// Why the remaining tiles could not be rearranged into a winnable board.
///
/// ```
/// use mahjong_solitaire::{Board, Layout, Move, ShuffleError};
/// use rand::SeedableRng;
/// let layout: Layout = "0 0: 0 2\n".parse()?;
/// let mut board = Board::new(&layout, ["1m", "1m"].map(|t| t.parse().unwrap()).to_vec())?;
/// board.play(Move::new(0, 1))?;
/// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
/// assert_eq!(board.shuffle(&mut rng), Err(ShuffleError::Empty));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ShuffleError {
    /// The board is empty: nothing to shuffle.
    #[error("the board is empty")]
    Empty,
    /// No winnable arrangement exists: the remaining positions cannot be emptied two free
    /// tiles at a time, or the remaining tiles cannot pair up.
    #[error("no winnable arrangement: {0}")]
    NoArrangement(DealError),
    /// The dealer's budget ran out or its cancel flag was raised first.
    #[error(transparent)]
    Interrupted(Interrupted),
}

impl From<DealError> for ShuffleError {
    /// [`DealError::Interrupted`] becomes [`ShuffleError::Interrupted`], the others
    /// [`ShuffleError::NoArrangement`].
    fn from(e: DealError) -> ShuffleError {
        match e {
            DealError::Interrupted(stop) => ShuffleError::Interrupted(stop),
            other => ShuffleError::NoArrangement(other),
        }
    }
}

impl ReversePlacement {
    /// Rearranges the remaining tiles of `board` so that it is winnable ("Mélanger" in the
    /// rules page), within this dealer's budget and cancel flag (counting
    /// [`WorkUnit::Tries`](crate::WorkUnit::Tries)).
    ///
    /// The new arrangement is built by reverse placement ([`deal`](Self::deal)) over the
    /// remaining positions only, with the remaining tiles, so it is winnable by
    /// construction. It can fail when the remaining positions themselves cannot be emptied
    /// two free tiles at a time (say, two tiles stacked alone), or when the remaining tiles
    /// cannot pair up. The history is kept (removed positions keep their tiles, so undo
    /// still works); the selection is cleared.
    ///
    /// ```
    /// use mahjong_solitaire::{Board, Layout, Move, ReversePlacement, Status};
    /// use mahjong_tiles::Tile;
    /// use rand::SeedableRng;
    ///
    /// // Two stacks (4 on 0, 5 on 1) and a row of two: once the row goes, 1m on 1m is stuck.
    /// let layout: Layout = "0 0: 0\n1 0: 0\n0 4: 0\n1 4: 0\n0 8: 0-2\n".parse()?;
    /// let t = |s: &str| s.parse::<Tile>().unwrap();
    /// let mut board = Board::new(&layout, ["1m", "3m", "2m", "2m", "1m", "3m"].map(t).to_vec())?;
    /// board.play(Move::new(2, 3))?;
    /// assert_eq!(board.status(), Status::DeadEnd);
    ///
    /// let dealer = ReversePlacement::new().budget(10_000);
    /// dealer.shuffle(&mut board, &mut rand_pcg::Pcg64Mcg::seed_from_u64(1))?;
    /// assert_eq!(board.status(), Status::Playing);
    /// assert_eq!(board.undo(), Some(Move::new(2, 3))); // the history is kept
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`ShuffleError`]; the board is unchanged on error.
    pub fn shuffle<R: Rng + ?Sized>(
        &self,
        board: &mut Board,
        rng: &mut R,
    ) -> Result<(), ShuffleError> {
        if board.is_cleared() {
            return Err(ShuffleError::Empty);
        }
        let (order, _) = place_positions(&board.geo, &board.present, self, rng)?;
        let tiles = board.remaining_tiles().map(|(_, t)| t).collect();
        let pairs = pair_up(tiles, rng)?;
        let mut new = Vec::with_capacity(board.remaining());
        for (m, [a, b]) in order.iter().zip(pairs) {
            new.push((m.first(), a));
            new.push((m.second(), b));
        }
        board.replace_remaining(&new);
        Ok(())
    }
}

impl Board {
    /// Rearranges the remaining tiles so that the board is winnable, with a dealer without
    /// budget ([`ReversePlacement::shuffle`]; on positions left by a layout of one's own the
    /// search can take long: give a dealer a budget or a cancel flag to bound it).
    ///
    /// ```
    /// use mahjong_solitaire::{BuiltinLayout, Solver, random_deal};
    /// use rand::SeedableRng;
    /// use rand_pcg::Pcg64Mcg;
    ///
    /// let mut rng = Pcg64Mcg::seed_from_u64(11);
    /// let mut board = random_deal(&BuiltinLayout::Turtle.layout(), &mut rng);
    /// // Play the first legal move a few times, then shuffle.
    /// for _ in 0..10 {
    ///     if let Some(&m) = board.legal_moves().first() {
    ///         board.play(m)?;
    ///     }
    /// }
    /// board.shuffle(&mut rng)?;
    /// assert!(Solver::new().solve(&board)?.outcome.is_winnable());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`ShuffleError`]; the board is unchanged on error.
    pub fn shuffle<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Result<(), ShuffleError> {
        ReversePlacement::new().shuffle(self, rng)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Layout;
    use crate::solver::Solver;
    use mahjong_tiles::Tile;
    use rand::SeedableRng;
    use rand_pcg::Pcg64Mcg;

    #[test]
    fn rescues_a_dead_end() {
        let layout: Layout = "0 0: 0\n1 0: 0\n0 4: 0\n1 4: 0\n0 8: 0-2\n"
            .parse()
            .unwrap();
        let t = |s: &str| s.parse::<Tile>().unwrap();
        let mut board = Board::new(
            &layout,
            ["1m", "3m", "2m", "2m", "1m", "3m"].map(t).to_vec(),
        )
        .unwrap();
        board.play(crate::Move::new(2, 3)).unwrap();
        assert!(board.is_over() && !board.is_cleared());
        let before: Vec<_> = {
            let mut v: Vec<Tile> = board.remaining_tiles().map(|(_, t)| t).collect();
            v.sort_unstable();
            v
        };
        board.shuffle(&mut Pcg64Mcg::seed_from_u64(1)).unwrap();
        let mut after: Vec<Tile> = board.remaining_tiles().map(|(_, t)| t).collect();
        after.sort_unstable();
        assert_eq!(before, after);
        assert_eq!(board.remaining(), 4);
        assert!(Solver::new().solve(&board).unwrap().outcome.is_winnable());
        // Undo still restores the removed pair.
        assert!(board.undo().is_some());
        assert_eq!(board.remaining(), 6);
    }

    #[test]
    fn reports_impossible_structures() {
        let layout: Layout = "0 0: 0\n1 0: 0\n".parse().unwrap();
        let t = |s: &str| s.parse::<Tile>().unwrap();
        let mut board = Board::new(&layout, vec![t("1m"), t("1m")]).unwrap();
        let before = board.clone();
        assert_eq!(
            board.shuffle(&mut Pcg64Mcg::seed_from_u64(0)),
            Err(ShuffleError::NoArrangement(DealError::TooTall {
                stacked: 2,
                positions: 2
            }))
        );
        assert_eq!(board, before);
    }
}
