//! Checking, playing and taking back entries; the turns ahead.

use core::time::Duration;

use sudoku_core::{House, HouseKind, Shape};

use super::{Entry, EntryReport, Game, PlayError};
use crate::houses::{cell_houses, classic};
use crate::record::{EntryRecord, TurnRecord};
use crate::scoring::{ABSENT_BONUS, COMPLETION_BONUS};

impl Game {
    /// Checks an entry without playing it.
    ///
    /// # Errors
    /// The [`PlayError`] that [`Game::play`] would return.
    ///
    /// ```
    /// # use defi_sudoku::{Entry, Game, Options, SolvedPuzzle};
    /// # use defi_sudoku::sudoku_core::Cell;
    /// # let puzzle: SolvedPuzzle =
    /// #     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let game = Game::new(puzzle, ["Ann", "Bob"], Options::default())?;
    /// assert_eq!(game.check(Entry::new(0, Cell::new(1), 1)), Ok(()));
    /// assert!(game.check(Entry::new(0, Cell::new(0), 1)).is_err()); // r1c1 holds a 4
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check(&self, entry: Entry) -> Result<(), PlayError> {
        if self.over {
            return Err(PlayError::GameOver);
        }
        let players = self.names.len();
        if entry.player >= players {
            return Err(PlayError::UnknownPlayer {
                player: entry.player,
                players,
            });
        }
        let to_move = self.order[self.turn_in_round];
        if entry.player != to_move {
            return Err(PlayError::NotYourTurn {
                player: entry.player,
                name: self.names[entry.player].clone(),
                to_move,
                to_move_name: self.names[to_move].clone(),
            });
        }
        if entry.cell.index() >= 81 {
            return Err(PlayError::CellOutOfRange { cell: entry.cell });
        }
        if !(1..=9).contains(&entry.value) {
            return Err(PlayError::DigitOutOfRange {
                cell: entry.cell,
                value: entry.value,
            });
        }
        let held = self.grid.get(entry.cell.index());
        if held != 0 {
            return Err(PlayError::CellOccupied {
                cell: entry.cell,
                value: held,
            });
        }
        Ok(())
    }

    /// Whether [`Game::play`] would accept the entry.
    ///
    /// ```
    /// # use defi_sudoku::{Entry, Game, Options, SolvedPuzzle};
    /// # use defi_sudoku::sudoku_core::Cell;
    /// # let puzzle: SolvedPuzzle =
    /// #     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let game = Game::new(puzzle, ["Ann", "Bob"], Options::default())?;
    /// assert!(game.is_legal(Entry::new(0, Cell::new(1), 9)));
    /// assert!(!game.is_legal(Entry::new(1, Cell::new(1), 9))); // not Bob's turn
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_legal(&self, entry: Entry) -> bool {
        self.check(entry).is_ok()
    }

    /// The legal entries of the player to move: every digit 1–9 in every empty cell (a wrong
    /// digit is legal: it is corrected and scores nothing), cell by cell in row-major order.
    /// Empty once the game is over.
    ///
    /// ```
    /// # use defi_sudoku::{Entry, Game, Options, SolvedPuzzle};
    /// # use defi_sudoku::sudoku_core::Cell;
    /// # let puzzle: SolvedPuzzle =
    /// #     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let game = Game::new(puzzle, ["Ann", "Bob"], Options::default())?;
    /// let moves = game.legal_moves();
    /// assert_eq!(moves.len(), 64 * 9);
    /// assert!(moves.iter().all(|&m| m.player == 0 && game.is_legal(m)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn legal_moves(&self) -> Vec<Entry> {
        let Some(player) = self.player_to_move() else {
            return Vec::new();
        };
        let mut moves = Vec::with_capacity(usize::from(self.empty) * 9);
        for cell in Shape::CLASSIC.cells() {
            if self.grid.get(cell.index()) == 0 {
                moves.extend((1..=9).map(|value| Entry::new(player, cell, value)));
            }
        }
        moves
    }

    /// Plays an entry made in time (no chrono, or within the limit) and reports what it did.
    ///
    /// The game is changed in place and an error leaves it untouched (see the crate docs,
    /// "Playing, checking, undoing", for why this is not shakmaty's by-value `play`).
    ///
    /// # Errors
    /// [`PlayError`] when the game is over, the player is not to move, the cell or digit is
    /// out of range, or the cell is filled. The game is then unchanged.
    ///
    /// ```
    /// # use defi_sudoku::{Entry, Game, Options, SolvedPuzzle};
    /// # use defi_sudoku::sudoku_core::Cell;
    /// # let puzzle: SolvedPuzzle =
    /// #     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let mut game = Game::new(puzzle, ["Ann", "Bob"], Options::default())?;
    /// let right = game.puzzle().solution().get(1);
    /// let report = game.play(Entry::new(0, Cell::new(1), right))?;
    /// assert_eq!((report.correct, report.points), (true, u32::from(right)));
    /// let refused = game.play(Entry::new(1, Cell::new(2), 10)).unwrap_err();
    /// assert_eq!(refused.to_string(), "cannot enter 10 in r1c3: a digit is 1 to 9");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&mut self, entry: Entry) -> Result<EntryReport, PlayError> {
        self.play_timed(entry, Duration::ZERO)
    }

    /// Plays an entry made `elapsed` after the start of its turn. With the chrono option, an
    /// entry after the limit is placed but scores nothing; without it `elapsed` is ignored.
    /// The time counts in whole milliseconds, rounded up (as the record keeps it, so a replay
    /// finds every entry late or in time as it was).
    ///
    /// # Errors
    /// As [`Game::play`].
    ///
    /// ```
    /// # use defi_sudoku::{Entry, Game, Options, SolvedPuzzle};
    /// # use defi_sudoku::sudoku_core::Cell;
    /// # let puzzle: SolvedPuzzle =
    /// #     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// use core::time::Duration;
    /// use defi_sudoku::Chrono;
    /// let options = Options { chrono: Chrono::With { limit: Duration::from_secs(30) }, ..Options::default() };
    /// let mut game = Game::new(puzzle, ["Ann", "Bob"], options)?;
    /// let right = game.puzzle().solution().get(1);
    /// let report = game.play_timed(Entry::new(0, Cell::new(1), right), Duration::from_secs(31))?;
    /// assert!(report.correct && report.late && report.points == 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play_timed(
        &mut self,
        entry: Entry,
        elapsed: Duration,
    ) -> Result<EntryReport, PlayError> {
        self.check(entry)?;
        let cell = entry.cell.index();
        let solution = self.puzzle.solution().get(cell);
        let correct = entry.value == solution;
        let limit = self.options.chrono.limit();
        let elapsed_ms = u64::try_from(elapsed.as_nanos().div_ceil(1_000_000)).unwrap_or(u64::MAX);
        let late = limit.is_some_and(|l| Duration::from_millis(elapsed_ms) > l);
        let counts = correct && !late;

        self.grid
            .set(cell, solution)
            .unwrap_or_else(|_| unreachable!("a checked cell holds a digit"));
        self.empty -= 1;
        self.used += 1;
        let player = entry.player;
        let points = if counts { u32::from(entry.value) } else { 0 };
        self.sheets[player].face += points;
        let mut completed: Vec<HouseKind> = Vec::new();
        for &h in &cell_houses()[cell] {
            let left = &mut self.house_empty[usize::from(h)];
            *left -= 1;
            if *left == 0 {
                completed.push(classic().house_kind(House::new(usize::from(h))));
            }
        }
        let bonus = if counts && !completed.is_empty() && !self.bonus_taken {
            self.bonus_taken = true;
            self.sheets[player].bonus += COMPLETION_BONUS;
            COMPLETION_BONUS
        } else {
            0
        };
        let turn = self.turns.last_mut().expect("a turn is under way");
        turn.bonus += bonus;
        turn.entries.push(EntryRecord {
            cell: entry.cell,
            value: entry.value,
            correct,
            points,
            late,
            elapsed_ms: limit.map(|_| elapsed_ms),
        });

        let game_over = self.empty == 0;
        let turn_over = game_over || self.used == self.quota;
        if game_over {
            self.finish();
        } else if turn_over {
            self.turn_in_round += 1;
            if self.turn_in_round == self.order.len() {
                self.start_round();
            } else {
                self.begin_turn();
            }
        }
        Ok(EntryReport {
            cell: entry.cell,
            value: entry.value,
            solution,
            correct,
            late,
            points,
            bonus,
            completed,
            turn_over,
            game_over,
        })
    }

    /// Takes back the last entry played and returns it (`None` before the first entry): the
    /// game becomes exactly what it was before that entry (grid, scores, turn, round, the
    /// final round's order).
    ///
    /// The game is played again from its start without that entry, at the entries' recorded
    /// times, so an undo costs about as much as replaying the game.
    ///
    /// ```
    /// # use defi_sudoku::{Entry, Game, Options, SolvedPuzzle};
    /// # use defi_sudoku::sudoku_core::Cell;
    /// # let puzzle: SolvedPuzzle =
    /// #     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let mut game = Game::new(puzzle, ["Ann", "Bob"], Options::default())?;
    /// assert_eq!(game.undo(), None);
    /// let before = game.clone();
    /// game.play(Entry::new(0, Cell::new(1), 1))?;
    /// assert_eq!(game.undo(), Some(Entry::new(0, Cell::new(1), 1)));
    /// assert_eq!(game, before);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn undo(&mut self) -> Option<Entry> {
        let (turn, last) = self
            .turns
            .iter()
            .enumerate()
            .rev()
            .find_map(|(t, turn)| turn.entries.last().map(|&e| (t, e)))?;
        let player = self.turns[turn].player;
        let played: usize = self.turns.iter().map(|t| t.entries.len()).sum();
        let mut again = Game::new(self.puzzle.clone(), self.names.clone(), self.options)
            .unwrap_or_else(|_| unreachable!("the setup was checked when the game began"));
        again
            .play_recorded(&self.turns, played - 1)
            .unwrap_or_else(|_| unreachable!("entries played once replay the same way"));
        *self = again;
        Some(Entry::new(player, last.cell, last.value))
    }

    /// Plays the first `count` entries of `turns` again, each at its recorded time.
    ///
    /// # Errors
    /// The turn and entry (indices) of the first entry refused, and why.
    pub(crate) fn play_recorded(
        &mut self,
        turns: &[TurnRecord],
        count: usize,
    ) -> Result<(), (usize, usize, PlayError)> {
        let entries = turns.iter().enumerate().flat_map(|(t, turn)| {
            turn.entries
                .iter()
                .enumerate()
                .map(move |(e, entry)| (t, e, turn.player, entry))
        });
        for (t, e, player, entry) in entries.take(count) {
            let elapsed = Duration::from_millis(entry.elapsed_ms.unwrap_or(0));
            self.play_timed(Entry::new(player, entry.cell, entry.value), elapsed)
                .map_err(|error| (t, e, error))?;
        }
        Ok(())
    }

    /// The grid is full: the players after the current one in the final round's order do not
    /// take part, and get +10.
    fn finish(&mut self) {
        self.over = true;
        for i in self.turn_in_round + 1..self.order.len() {
            let player = self.order[i];
            self.sheets[player].absent += ABSENT_BONUS;
            self.turns.push(self.turn_record(player, ABSENT_BONUS));
        }
    }

    /// The turns expected after the current one, as `(player, quota)`, up to `count` of them:
    /// the rest of this round, then the next rounds (the final round's order predicted from the
    /// current scores). The current turn is not included.
    ///
    /// ```
    /// # use defi_sudoku::{Entry, Game, Options, SolvedPuzzle};
    /// # use defi_sudoku::sudoku_core::Cell;
    /// # let puzzle: SolvedPuzzle =
    /// #     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let game = Game::new(puzzle, ["Ann", "Bob"], Options::default())?;
    /// // Bob's round-1 turn, then Ann's round-2 turn of 2 digits.
    /// assert_eq!(game.upcoming_turns(2), [(1, 1), (0, 2)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn upcoming_turns(&self, count: usize) -> Vec<(usize, u8)> {
        // At most one turn per empty cell: a larger `count` allocates nothing more.
        let mut out = Vec::with_capacity(count.min(usize::from(self.empty)));
        if self.over {
            return out;
        }
        let n = self.names.len();
        let mut empty = usize::from(self.empty) - usize::from(self.digits_left());
        for &p in &self.order[self.turn_in_round + 1..] {
            if out.len() == count || empty == 0 {
                return out;
            }
            out.push((p, self.quota));
            empty = empty.saturating_sub(usize::from(self.quota));
        }
        let mut round = self.round;
        let mut final_seen = self.final_round.is_some();
        while out.len() < count && empty > 0 {
            round += 1;
            let quota = self.options.challenge.quota(round);
            let order: Vec<usize> = if !final_seen && n * usize::from(quota) >= empty {
                final_seen = true;
                self.final_round_order()
            } else {
                (0..n).collect()
            };
            for p in order {
                if out.len() == count || empty == 0 {
                    break;
                }
                out.push((p, quota));
                empty = empty.saturating_sub(usize::from(quota));
            }
        }
        out
    }
}
