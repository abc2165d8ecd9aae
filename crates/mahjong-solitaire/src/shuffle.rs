//! Shuffle ("Mélanger" in the rules page): redistribute the remaining tiles over the remaining
//! positions so that the board is winnable again.
//!
//! The new arrangement is built by reverse placement ([`crate::deal`]) over the remaining
//! positions only, with the remaining tiles, so it is winnable by construction. It can fail
//! when the remaining positions themselves cannot be emptied two free tiles at a time (say,
//! two tiles stacked alone), or when the remaining tiles cannot pair up.
//!
//! ```
//! use mahjong_solitaire::{BuiltinLayout, Outcome, Solver, deal::random_deal};
//! use rand::SeedableRng;
//! use rand_pcg::Pcg64Mcg;
//!
//! let mut rng = Pcg64Mcg::seed_from_u64(11);
//! let mut board = random_deal(&BuiltinLayout::Turtle.layout(), &mut rng);
//! // Play the first legal move a few times, then shuffle.
//! for _ in 0..10 {
//!     if let Some(&m) = board.legal_moves().first() {
//!         board.play(m)?;
//!     }
//! }
//! board.shuffle(&mut rng)?;
//! assert!(matches!(Solver::new().solve(&board).outcome, Outcome::Winnable(_)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use rand::Rng;

use crate::board::Board;
use crate::deal::{DealError, ReversePlacement, pair_up, place_positions};

/// Why the remaining tiles could not be rearranged into a winnable board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ShuffleError {
    /// The board is empty: nothing to shuffle.
    #[error("the board is empty")]
    Empty,
    /// The arrangement could not be built.
    #[error("no winnable arrangement: {0}")]
    NoArrangement(#[from] DealError),
}

/// The budget of [`Board::shuffle`], in placement tries.
pub const DEFAULT_BUDGET: u64 = 1_000_000;

/// Rearranges the remaining tiles of `board` with the given search options. The history is
/// kept (removed positions keep their tiles, so undo still works); the selection is cleared.
///
/// # Errors
/// [`ShuffleError`]; the board is unchanged on error.
pub fn shuffle_with<R: Rng + ?Sized>(
    board: &mut Board,
    options: &ReversePlacement,
    rng: &mut R,
) -> Result<(), ShuffleError> {
    if board.is_won() {
        return Err(ShuffleError::Empty);
    }
    let (order, _) = place_positions(&board.geo, &board.present, options, rng)?;
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

impl Board {
    /// Rearranges the remaining tiles so that the board is winnable (see [`crate::shuffle`]),
    /// within [`DEFAULT_BUDGET`] placement tries.
    ///
    /// # Errors
    /// [`ShuffleError`]; the board is unchanged on error.
    pub fn shuffle<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Result<(), ShuffleError> {
        shuffle_with(self, &ReversePlacement::new().budget(DEFAULT_BUDGET), rng)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Layout;
    use crate::solver::{Outcome, Solver};
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
        assert!(board.is_dead_end());
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
        assert!(matches!(
            Solver::new().solve(&board).outcome,
            Outcome::Winnable(_)
        ));
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
