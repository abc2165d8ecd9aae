//! Play: checking a move, the legal moves, the end test, play and undo, and the board as a
//! `grilles_game::GameState`.

use mahjong_tiles::Tile;

use super::{Board, Move, PlayError, Status};
use crate::layout::Layout;
use crate::matching::{MATCH_CLASSES, match_class, tiles_match};

impl Board {
    /// Checks that the tile at `i` exists, is there and is free.
    pub(super) fn check_tile(&self, i: usize) -> Result<Tile, PlayError> {
        if i >= self.tiles.len() {
            return Err(PlayError::OutOfRange {
                index: i,
                positions: self.tiles.len(),
            });
        }
        if !self.present[i] {
            return Err(PlayError::Removed {
                index: i,
                position: self.geo.layout.positions()[i],
            });
        }
        match self.blocked(i) {
            Some(blocked) => Err(PlayError::NotFree {
                tile: self.placed(i),
                blocked,
            }),
            None => Ok(self.tiles[i]),
        }
    }

    /// Checks a move: both tiles there, distinct, free and matching ([`Board::play`] would
    /// accept it).
    ///
    /// ```
    /// use mahjong_solitaire::{Board, Layout, Move, PlayError};
    ///
    /// let layout: Layout = "0 0: 0-6\n".parse()?;
    /// let tiles = ["1m", "2m", "2m", "1m"].map(|t| t.parse().unwrap()).to_vec();
    /// let board = Board::new(&layout, tiles)?;
    /// assert_eq!(board.check(Move::new(0, 3)), Ok(()));
    /// assert!(matches!(board.check(Move::new(0, 0)), Err(PlayError::SameTile { .. })));
    /// assert!(matches!(board.check(Move::new(0, 7)), Err(PlayError::OutOfRange { index: 7, positions: 4 })));
    /// assert_eq!(
    ///     board.check(Move::new(1, 3)).unwrap_err().to_string(),
    ///     "2m at column 2, row 1, layer 1 is not free: both sides blocked \
    ///      (by 1m at column 1, row 1, layer 1 and 2m at column 3, row 1, layer 1)"
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// The first rule broken, as a [`PlayError`].
    pub fn check(&self, m: Move) -> Result<(), PlayError> {
        if m.first() == m.second() {
            self.check_tile(m.first())?;
            return Err(PlayError::SameTile {
                tile: self.placed(m.first()),
            });
        }
        let a = self.check_tile(m.first())?;
        let b = self.check_tile(m.second())?;
        if tiles_match(a, b) {
            Ok(())
        } else {
            Err(PlayError::NoMatch {
                first: self.placed(m.first()),
                second: self.placed(m.second()),
            })
        }
    }

    /// Whether a move is legal (`check(m).is_ok()`).
    ///
    /// ```
    /// use mahjong_solitaire::{Board, Layout, Move};
    ///
    /// let layout: Layout = "0 0: 0-6\n".parse()?;
    /// let tiles = ["1m", "2m", "2m", "1m"].map(|t| t.parse().unwrap()).to_vec();
    /// let board = Board::new(&layout, tiles)?;
    /// assert!(board.is_legal(Move::new(3, 0)));
    /// assert!(!board.is_legal(Move::new(1, 2)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_legal(&self, m: Move) -> bool {
        self.check(m).is_ok()
    }

    /// Every legal move, sorted.
    ///
    /// ```
    /// use mahjong_solitaire::{Board, Layout, Move};
    ///
    /// // Free: 0, 3 (the row's ends) and 4, 5 (alone); 0 and 3 match, and 4 and 5.
    /// let layout: Layout = "0 0: 0-6\n0 4: 0 4\n".parse()?;
    /// let tiles = ["1m", "2m", "2m", "1m", "3m", "3m"].map(|t| t.parse().unwrap()).to_vec();
    /// let board = Board::new(&layout, tiles)?;
    /// assert_eq!(board.legal_moves(), [Move::new(0, 3), Move::new(4, 5)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        self.legal_moves_into(&mut moves);
        moves
    }

    /// Writes every legal move, sorted, into `moves` (cleared first). It allocates nothing
    /// once `moves` can hold them: the free tiles of each match class are chained in arrays
    /// on the stack, and the moves come out in order without sorting.
    ///
    /// ```
    /// use mahjong_solitaire::{BuiltinLayout, Move, random_deal};
    /// use rand::SeedableRng;
    ///
    /// let board = random_deal(&BuiltinLayout::Turtle.layout(), &mut rand_pcg::Pcg64Mcg::seed_from_u64(3));
    /// let mut moves: Vec<Move> = Vec::with_capacity(64);
    /// board.legal_moves_into(&mut moves);
    /// assert_eq!(moves, board.legal_moves());
    /// assert!(moves.windows(2).all(|w| w[0] < w[1]));
    /// ```
    pub fn legal_moves_into(&self, moves: &mut Vec<Move>) {
        const END: u16 = u16::MAX;
        moves.clear();
        // `next[i]`: the next free tile of `i`'s class after `i`, in index order.
        let mut next = [END; Layout::MAX_POSITIONS];
        let mut head = [END; MATCH_CLASSES];
        for i in (0..self.tiles.len()).rev() {
            if self.free_unchecked(i) {
                let class = match_class(self.tiles[i]);
                next[i] = head[class];
                head[class] = i as u16;
            }
        }
        for i in 0..self.tiles.len() {
            if !self.free_unchecked(i) {
                continue;
            }
            let mut j = next[i];
            while j != END {
                moves.push(Move::new(i, usize::from(j)));
                j = next[usize::from(j)];
            }
        }
    }

    /// Whether two free tiles match (some move is legal).
    fn any_legal_move(&self) -> bool {
        let mut seen = [false; MATCH_CLASSES];
        for i in 0..self.tiles.len() {
            if self.free_unchecked(i) {
                let c = match_class(self.tiles[i]);
                if seen[c] {
                    return true;
                }
                seen[c] = true;
            }
        }
        false
    }

    /// Whether the game is over: no move is legal, because the board is cleared or stuck at
    /// a dead end ([`status`](Board::status) says which). The one end test.
    ///
    /// ```
    /// use mahjong_solitaire::{Board, Layout, Move};
    ///
    /// let layout: Layout = "0 0: 0-6\n".parse()?;
    /// let tiles = ["1m", "2m", "2m", "1m"].map(|t| t.parse().unwrap()).to_vec();
    /// let mut board = Board::new(&layout, tiles)?;
    /// assert!(!board.is_over());
    /// board.play(Move::new(0, 3))?;
    /// board.play(Move::new(1, 2))?;
    /// assert!(board.is_over());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_over(&self) -> bool {
        !self.any_legal_move()
    }

    /// Whether the board is empty: the game is won.
    ///
    /// ```
    /// use mahjong_solitaire::{Board, Layout, Move};
    ///
    /// let layout: Layout = "0 0: 0 2\n".parse()?;
    /// let mut board = Board::new(&layout, ["1m", "1m"].map(|t| t.parse().unwrap()).to_vec())?;
    /// assert!(!board.is_cleared());
    /// board.play(Move::new(0, 1))?;
    /// assert!(board.is_cleared());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_cleared(&self) -> bool {
        self.remaining == 0
    }

    /// Cleared, at a dead end (tiles left, no move: a shuffle may help), or still playing.
    ///
    /// ```
    /// use mahjong_solitaire::{Board, Layout, Move, Status};
    ///
    /// // Two stacks: 1m on 2m and 2m on 1m. Each pair waits for the other.
    /// let layout: Layout = "0 0: 0\n1 0: 0\n0 4: 0\n1 4: 0\n".parse()?;
    /// let tiles = ["2m", "1m", "1m", "2m"].map(|t| t.parse().unwrap()).to_vec();
    /// let board = Board::new(&layout, tiles)?;
    /// assert_eq!(board.status(), Status::DeadEnd);
    /// assert!(board.is_over() && !board.is_cleared());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn status(&self) -> Status {
        if self.is_cleared() {
            Status::Cleared
        } else if self.any_legal_move() {
            Status::Playing
        } else {
            Status::DeadEnd
        }
    }

    pub(crate) fn take(&mut self, i: usize) {
        let geo = &*self.geo;
        self.present[i] = false;
        self.remaining -= 1;
        for &p in geo.below.get(i) {
            self.cover[usize::from(p)] -= 1;
        }
        for &p in geo.right.get(i) {
            self.left[usize::from(p)] -= 1;
        }
        for &p in geo.left.get(i) {
            self.right[usize::from(p)] -= 1;
        }
    }

    pub(crate) fn put(&mut self, i: usize) {
        let geo = &*self.geo;
        self.present[i] = true;
        self.remaining += 1;
        for &p in geo.below.get(i) {
            self.cover[usize::from(p)] += 1;
        }
        for &p in geo.right.get(i) {
            self.left[usize::from(p)] += 1;
        }
        for &p in geo.left.get(i) {
            self.right[usize::from(p)] += 1;
        }
    }

    /// Removes the two tiles of a legal move, without checking it (for the crate's searches,
    /// which only play legal moves). Clears the selection.
    pub(crate) fn play_unchecked(&mut self, m: Move) {
        self.take(m.first());
        self.take(m.second());
        self.history.push(m);
        self.selected = None;
    }

    /// Plays a move: removes its two tiles if it is legal, and clears the selection.
    ///
    /// ```
    /// use mahjong_solitaire::{Board, Layout, Move};
    ///
    /// let layout: Layout = "0 0: 0-6\n".parse()?;
    /// let tiles = ["1m", "2m", "2m", "1m"].map(|t| t.parse().unwrap()).to_vec();
    /// let mut board = Board::new(&layout, tiles)?;
    /// let before = board.clone();
    /// assert!(board.play(Move::new(1, 2)).is_err());
    /// assert_eq!(board, before); // refused: unchanged
    /// board.play(Move::new(0, 3))?;
    /// assert_eq!(board.history(), [Move::new(0, 3)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// A [`PlayError`] (the first rule broken, as [`Board::check`] says) if the move is
    /// illegal; the board is then unchanged.
    pub fn play(&mut self, m: Move) -> Result<(), PlayError> {
        self.check(m)?;
        self.play_unchecked(m);
        Ok(())
    }

    /// Takes back the last move, returning it (`None` at the start). Clears the selection.
    ///
    /// ```
    /// use mahjong_solitaire::{Board, Layout, Move};
    ///
    /// let layout: Layout = "0 0: 0-6\n".parse()?;
    /// let tiles = ["1m", "2m", "2m", "1m"].map(|t| t.parse().unwrap()).to_vec();
    /// let start = Board::new(&layout, tiles)?;
    /// let mut board = start.clone();
    /// board.play(Move::new(0, 3))?;
    /// assert_eq!(board.undo(), Some(Move::new(0, 3)));
    /// assert_eq!(board.undo(), None);
    /// assert_eq!(board, start);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn undo(&mut self) -> Option<Move> {
        let m = self.history.pop()?;
        self.put(m.second());
        self.put(m.first());
        self.selected = None;
        Some(m)
    }
}

impl grilles_game::GameState for Board {
    type Move = Move;
    type Player = ();
    type Report = ();
    type Error = PlayError;

    /// `[()]` while a move is legal, nothing once the game is over.
    fn to_act(&self) -> Vec<()> {
        if self.is_over() { Vec::new() } else { vec![()] }
    }

    /// [`Board::is_over`].
    fn is_over(&self) -> bool {
        Board::is_over(self)
    }

    /// [`Board::legal_moves`].
    fn legal_moves(&self) -> Vec<Move> {
        Board::legal_moves(self)
    }

    /// [`Board::check`].
    fn check(&self, m: Move) -> Result<(), PlayError> {
        Board::check(self, m)
    }

    /// [`Board::is_legal`].
    fn is_legal(&self, m: Move) -> bool {
        Board::is_legal(self, m)
    }

    /// [`Board::play`].
    fn play(&mut self, m: Move) -> Result<(), PlayError> {
        Board::play(self, m)
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{board, t};
    use super::*;
    use crate::layout::Position;

    #[test]
    fn moves_and_errors() {
        let mut b = board("0 0: 0-8\n1 0: 3\n", &["1f", "2m", "2m", "1m", "4f", "3m"]);
        assert_eq!(b.free_tiles(), [0, 4, 5]);
        assert_eq!(b.legal_moves(), [Move::new(0, 4)]);
        assert!(matches!(
            b.check(Move::new(0, 0)),
            Err(PlayError::SameTile { tile }) if tile.index == 0
        ));
        assert_eq!(
            b.check(Move::new(0, 9)),
            Err(PlayError::OutOfRange {
                index: 9,
                positions: 6
            })
        );
        assert!(matches!(
            b.check(Move::new(0, 5)),
            Err(PlayError::NoMatch { first, second })
                if (first.tile, second.tile) == (t("1f"), t("3m"))
        ));
        assert!(matches!(
            b.check(Move::new(1, 2)),
            Err(PlayError::NotFree { tile, .. }) if tile.index == 1
        ));
        // An illegal move leaves the board as it was, and the error speaks of tiles and
        // places.
        let before = b.clone();
        let err = b.play(Move::new(1, 2)).unwrap_err();
        assert_eq!(b, before);
        assert_eq!(
            err.to_string(),
            "2m at column 2, row 1, layer 1 is not free: covered by 3m at column 2.5, row 1, layer 2"
        );
        assert_eq!(
            b.check(Move::new(0, 0)).unwrap_err().to_string(),
            "1f at column 1, row 1, layer 1 cannot pair with itself"
        );
        assert_eq!(
            b.check(Move::new(0, 5)).unwrap_err().to_string(),
            "1f at column 1, row 1, layer 1 and 3m at column 2.5, row 1, layer 2 do not match"
        );
        assert_eq!(
            b.check(Move::new(0, 9)).unwrap_err().to_string(),
            "there is no tile 9: the layout has 6 positions"
        );
        assert!(!b.is_legal(Move::new(1, 2)) && b.is_legal(Move::new(0, 4)));
        b.play(Move::new(4, 0)).unwrap();
        assert_eq!(
            b.check(Move::new(3, 0)),
            Err(PlayError::Removed {
                index: 0,
                position: Position::new(0, 0, 0)
            })
        );
        assert_eq!(
            b.check(Move::new(3, 0)).unwrap_err().to_string(),
            "the tile at column 1, row 1, layer 1 has already been removed"
        );
        assert_eq!(b.free_tiles(), [3, 5]);
        assert_eq!(b.status(), Status::DeadEnd);
        assert!(b.is_over() && !b.is_cleared());
    }

    #[test]
    fn legal_moves_are_every_free_matching_pair_in_order() {
        // Flowers with flowers, seasons with seasons, and three 1m: three pairs of them.
        let b = board(
            "0 0: 0 4 8 12 16 20 24 28\n",
            &["1m", "1f", "1y", "1m", "3f", "4y", "2m", "1m"],
        );
        let expected: Vec<Move> = (0..8)
            .flat_map(|i| (i + 1..8).map(move |j| Move::new(i, j)))
            .filter(|&m| tiles_match(b.tiles[m.first()], b.tiles[m.second()]))
            .collect();
        assert_eq!(
            expected,
            [
                Move::new(0, 3),
                Move::new(0, 7),
                Move::new(1, 4),
                Move::new(2, 5),
                Move::new(3, 7)
            ]
        );
        assert_eq!(b.legal_moves(), expected);
        let mut reused = vec![Move::new(9, 9); 3];
        b.legal_moves_into(&mut reused);
        assert_eq!(reused, expected);
    }

    #[test]
    fn undo_restores_exactly() {
        let start = board(
            "0 0: 0-6\n1 0: 3\n0 4: 0\n",
            &["1m", "2m", "2m", "1m", "3m", "3m"],
        );
        let mut b = start.clone();
        b.play(Move::new(4, 5)).unwrap();
        b.play(Move::new(0, 3)).unwrap();
        assert_eq!(b.undo(), Some(Move::new(0, 3)));
        assert_eq!(b.undo(), Some(Move::new(4, 5)));
        assert_eq!(b.undo(), None);
        assert_eq!(b, start);
    }
}
