//! [`DefiGame`]: defi-sudoku's game on the screen's clock, with its seats (people or
//! computer players), its seed, the cursor; what is saved ([`DefiSave`]); the "why?" of an
//! entry; watching a record ([`Replay`]).

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use defi_sudoku::bot::Strategy;
use defi_sudoku::sudoku_grade::Method;
use defi_sudoku::{Clock, Entry, EntryReport, Game, Record, TimedGame};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use serde::{Deserialize, Serialize};
use sudoku_core::{Cell, Shape};

use super::error::DefiError;

/// Who sits at a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Seat {
    /// A person at the keyboard.
    Human,
    /// A computer player.
    Bot {
        /// How it chooses among the digits it knows.
        strategy: Strategy,
        /// The techniques it masters (sudoku-grade's letters).
        skill: Method,
    },
}

/// The screen's own time as a defi-sudoku [`Clock`]: it runs only while the game is on
/// screen, so the chrono stops while the player is in the menu.
#[derive(Clone, Debug, Default)]
pub struct ScreenClock(Arc<AtomicU64>);

impl ScreenClock {
    /// Moves the clock forward.
    pub fn advance(&self, by: Duration) {
        self.0.fetch_add(
            by.as_millis().min(u128::from(u64::MAX)) as u64,
            Ordering::Relaxed,
        );
    }
}

impl Clock for ScreenClock {
    fn now(&self) -> Duration {
        Duration::from_millis(self.0.load(Ordering::Relaxed))
    }
}

/// What is saved: the record (defi-sudoku's, replayed on loading), the seats, the seed,
/// and the time already spent in the current turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DefiSave {
    /// The game's record.
    pub record: Record,
    /// Who sits where, by player index.
    pub seats: Vec<Seat>,
    /// The seed of the computer players' decisions.
    pub seed: u64,
    /// Time spent in the current turn, in milliseconds.
    pub turn_elapsed_ms: u64,
    /// The cursor.
    pub cursor: Cell,
}

/// A game of Défi Sudoku being played.
#[derive(Debug)]
pub struct DefiGame {
    timed: TimedGame<ScreenClock>,
    pub(super) clock: ScreenClock,
    /// Who sits where, by player index.
    pub seats: Vec<Seat>,
    /// The seed of the computer players' decisions.
    pub seed: u64,
    /// The cursor.
    pub cursor: Cell,
    /// The human who said they are seated (hot seat), for the current turn.
    pub ready: Option<usize>,
}

impl DefiGame {
    /// A game starting now.
    pub fn new(game: Game, seats: Vec<Seat>, seed: u64) -> DefiGame {
        let clock = ScreenClock::default();
        DefiGame {
            timed: TimedGame::new(game, clock.clone()),
            clock,
            seats,
            seed,
            cursor: Cell::new(0),
            ready: None,
        }
    }

    /// The game read back from a save (its record replayed). The players' names are
    /// outside text: they come back [escaped](crate::ui::escape), so a control character or
    /// a bidirectional override in one is shown, never obeyed.
    ///
    /// # Errors
    /// [`DefiError`] when the record does not replay, the seats do not fit or the cursor is
    /// off the grid.
    pub fn restore(mut save: DefiSave) -> Result<DefiGame, DefiError> {
        for name in &mut save.record.players {
            *name = crate::ui::escape(name).into_owned();
        }
        let game = save.record.replay()?;
        if save.seats.len() != game.player_count() {
            return Err(DefiError::Seats {
                seats: save.seats.len(),
                players: game.player_count(),
            });
        }
        if save.cursor.index() >= 81 {
            return Err(DefiError::Cursor(save.cursor.index()));
        }
        let mut g = DefiGame::new(game, save.seats, save.seed);
        // defi-sudoku's `TimedGame` starts a turn when it is made: move its clock on by the
        // time already spent, so the countdown goes on where it was.
        g.clock.advance(Duration::from_millis(save.turn_elapsed_ms));
        g.cursor = save.cursor;
        Ok(g)
    }

    /// What is saved.
    pub fn save(&self) -> DefiSave {
        DefiSave {
            record: self.game().record(),
            seats: self.seats.clone(),
            seed: self.seed,
            turn_elapsed_ms: self.timed.elapsed().as_millis() as u64,
            cursor: self.cursor,
        }
    }

    /// Moves the game's clock (the chrono's time) forward: a front end that is not a
    /// screen calls it with the time the game was in view.
    pub fn advance_clock(&self, by: Duration) {
        self.clock.advance(by);
    }

    /// The game.
    pub fn game(&self) -> &Game {
        self.timed.game()
    }

    /// The time left in the turn, with the chrono.
    pub fn time_left(&self) -> Option<Duration> {
        self.timed.time_left()
    }

    /// The entries played so far.
    pub fn entries_played(&self) -> usize {
        self.game().turns().iter().map(|t| t.entries.len()).sum()
    }

    /// The player to move, if a person.
    pub fn human_to_move(&self) -> Option<usize> {
        self.game()
            .to_act()
            .first()
            .copied()
            .filter(|&p| self.seats[p] == Seat::Human)
    }

    /// How many people play.
    pub fn humans(&self) -> usize {
        self.seats.iter().filter(|s| **s == Seat::Human).count()
    }

    /// Whether the person to move must first say they are seated (hot seat).
    pub fn waiting_for_seat(&self) -> bool {
        self.humans() > 1 && self.human_to_move().is_some_and(|p| self.ready != Some(p))
    }

    /// The person to move sits down: the turn's time starts now.
    pub fn sit(&mut self) {
        if let Some(p) = self.human_to_move() {
            self.ready = Some(p);
            self.timed.restart_turn();
        }
    }

    /// Moves the cursor by rows and columns (wrapping round the grid).
    pub fn move_cursor(&mut self, dr: isize, dc: isize) {
        let s = Shape::CLASSIC;
        let r = (s.row_of(self.cursor) as isize + dr).rem_euclid(9) as usize;
        let c = (s.col_of(self.cursor) as isize + dc).rem_euclid(9) as usize;
        self.cursor = s.cell(r, c);
    }

    /// A player's name with what it is.
    pub fn label(&self, player: usize) -> String {
        let name = &self.game().players()[player];
        match self.seats[player] {
            Seat::Human => name.clone(),
            Seat::Bot { strategy, skill } => format!("{name} ({strategy} {skill})"),
        }
    }

    /// Plays an entry.
    ///
    /// # Errors
    /// defi-sudoku's refusal ([`DefiError::Play`]: it names the players and the cell).
    pub fn play(&mut self, entry: Entry) -> Result<EntryReport, DefiError> {
        let turns_before = self.game().turns().len();
        let report = self.timed.play(entry)?;
        if self.game().turns().len() != turns_before {
            self.ready = None;
        }
        Ok(report)
    }

    /// The computer player to move chooses and plays its entry. Its generator is seeded
    /// from the game's seed and the number of entries played, so a restored game goes on
    /// as the saved one would have.
    pub fn bot_move(&mut self) -> Option<EntryReport> {
        let p = self.game().to_act().first().copied()?;
        let Seat::Bot { strategy, skill } = self.seats[p] else {
            return None;
        };
        let mut rng =
            Pcg64Mcg::seed_from_u64(crate::mix(self.seed, &[self.entries_played() as u64]));
        let mut bot = strategy.bot_with(skill, defi_sudoku::ThinkingTime::REFERENCE_SPEED);
        let entry = bot.choose(&self.game().view(), &mut rng);
        self.play(entry).ok()
    }

    /// "Why?" for the entry in `cell`.
    pub fn why(&self, cell: Cell) -> String {
        why(self.game(), cell)
    }

    /// Every entry of the game, oldest first, one line each (a turn's completion bonus on
    /// its last entry).
    pub fn log_lines(&self) -> Vec<String> {
        log_lines(self.game())
    }

    /// The message at the end of the game: who won, with what.
    pub fn result(&self) -> Option<String> {
        let game = self.game();
        if !game.is_over() {
            return None;
        }
        let winners: Vec<String> = game
            .leaders()
            .iter()
            .map(|&p| game.players()[p].clone())
            .collect();
        // In a team game the winners are a team, and the points are the team's.
        let (best, whose) = match game.team_totals() {
            Some(t) => (t.into_iter().max().unwrap_or(0), " together"),
            None => (game.totals().into_iter().max().unwrap_or(0), ""),
        };
        Some(format!(
            "Game over: {} won with {best} points{whose}.",
            winners.join(" and ")
        ))
    }
}

/// The lines of every entry of `game`, oldest first.
pub fn log_lines(game: &Game) -> Vec<String> {
    let shape = Shape::CLASSIC;
    let solution = game.puzzle().solution();
    let mut out = Vec::new();
    for turn in game.turns() {
        let who = &game.players()[turn.player];
        let n = turn.entries.len();
        for (i, e) in turn.entries.iter().enumerate() {
            let cell = e.cell.display(shape);
            let mut s = if e.correct {
                format!("{who}: {cell} = {}, right: +{}", e.value, e.points)
            } else {
                format!(
                    "{who}: {cell} = {}, wrong: it is {}",
                    e.value,
                    solution.get(e.cell.index())
                )
            };
            if e.late {
                s.push_str(", late: no points");
            }
            if i + 1 == n && turn.bonus > 0 {
                s.push_str(&format!(", +{} completion bonus", turn.bonus));
            }
            out.push(s);
        }
    }
    out
}

/// The (turn, entry) indices of the entry that filled `cell` in `game`.
pub fn entry_of(game: &Game, cell: Cell) -> Option<(usize, usize)> {
    game.turns().iter().enumerate().find_map(|(t, turn)| {
        turn.entries
            .iter()
            .position(|e| e.cell == cell)
            .map(|e| (t, e))
    })
}

/// "Why?" for the entry in `cell` of `game`: who entered what, and defi-sudoku's
/// explanation from the position before it.
pub fn why(game: &Game, cell: Cell) -> String {
    let shape = Shape::CLASSIC;
    if game.puzzle().puzzle().get(cell.index()) != 0 {
        return format!("{} is a given.", cell.display(shape));
    }
    let Some((t, e)) = entry_of(game, cell) else {
        return format!("Nobody has filled {} yet.", cell.display(shape));
    };
    let turn = &game.turns()[t];
    let rec = &turn.entries[e];
    let who = &game.players()[turn.player];
    let head = if rec.correct {
        format!("{who} entered {} in round {}.", rec.value, turn.round)
    } else {
        format!(
            "{who} entered {} in round {}: wrong, corrected.",
            rec.value, turn.round
        )
    };
    match game.explain_entry(t, e) {
        Ok(x) => format!("{head}\n{x}"),
        Err(err) => format!("{head}\nNo explanation: {err}"),
    }
}

/// One line about an entry just played.
pub fn report_line(who: &str, r: &EntryReport) -> String {
    let cell = r.cell.display(Shape::CLASSIC);
    let mut s = if r.correct {
        format!("{who}: {cell} = {}, right: +{}", r.value, r.points)
    } else {
        format!("{who}: {cell} = {}, wrong: it is {}", r.value, r.solution)
    };
    if r.late {
        s.push_str(", late: no points");
    }
    if r.bonus > 0 {
        let houses: Vec<String> = r.completed.iter().map(ToString::to_string).collect();
        s.push_str(&format!(", +{} for {}", r.bonus, houses.join(", ")));
    }
    s
}

/// Watching a record entry by entry.
#[derive(Debug)]
pub struct Replay {
    /// The record.
    pub record: Record,
    /// Every entry: player, cell, digit, elapsed time.
    pub entries: Vec<(usize, Entry, Duration)>,
    /// How many entries are shown played.
    pub step: usize,
    /// The game after `step` entries.
    pub game: Game,
    /// The whole game of the record.
    pub full: Game,
}

impl Replay {
    /// Starts at the end of the record.
    ///
    /// # Errors
    /// [`DefiError::Replay`] when the record does not replay.
    pub fn new(record: Record) -> Result<Replay, DefiError> {
        let game = record.replay()?;
        let entries: Vec<(usize, Entry, Duration)> = game
            .turns()
            .iter()
            .flat_map(|t| {
                t.entries.iter().map(move |e| {
                    (
                        t.player,
                        Entry::new(t.player, e.cell, e.value),
                        Duration::from_millis(e.elapsed_ms.unwrap_or(0)),
                    )
                })
            })
            .collect();
        let step = entries.len();
        Ok(Replay {
            record,
            entries,
            step,
            full: game.clone(),
            game,
        })
    }

    /// Shows the game after `step` entries.
    pub fn go(&mut self, step: usize) {
        let step = step.min(self.entries.len());
        let puzzle = self.game.puzzle().clone();
        let Ok(mut g) = Game::new(
            puzzle,
            self.record.players.iter().cloned(),
            self.record.options,
        ) else {
            return;
        };
        for &(_, e, at) in &self.entries[..step] {
            if g.play_timed(e, at).is_err() {
                break;
            }
        }
        self.game = g;
        self.step = step;
    }
}
