//! [`SudokuScreen`]: the keys and clicks of the sudoku screen, generation in another
//! thread, and where the board was drawn.

use std::time::Duration;

use ratatui::Frame;
use ratatui::crossterm::event::{Event, KeyCode, KeyModifiers, MouseEventKind};
use ratatui::layout::Rect;
use sudoku_core::{Cell, Shape};
use sudoku_grade::{Level, Rater};

use super::board::BoardMap;
use super::error::{MoveError, PuzzleInputError};
use super::game::{NewPuzzle, SudokuGame};
use super::hint::Hint;
use super::new_puzzle::{RATER_BUDGET, SIZES, generate, new_form, parse_puzzle};
use super::records::{BestTimes, kind_of};
use super::rules::{self, Rules, RulesKind};
use super::view;
use crate::app::{Context, Flow, Screen, ScreenKind};
use crate::form::Form;
use crate::jobs::Job;
use crate::pager::{Page, Pager};
use crate::ui::{Confirm, Front, Message, Overlay};

/// A command of the sudoku screen, named by its letter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// `p`: pencil mode on or off.
    Pencil,
    /// `a`: every candidate as pencil marks.
    Auto,
    /// `h`: a hint, or play the hint shown.
    Hint,
    /// `c`: check the digits.
    Check,
    /// `r`: reveal the cell.
    Reveal,
    /// `u`: undo.
    Undo,
    /// `y`: redo.
    Redo,
    /// `n`: a new puzzle.
    New,
    /// `x`: start the puzzle again.
    Restart,
    /// `l`: automatic clean-up of the pencil marks on or off.
    Clean,
}

impl Command {
    /// Every command.
    pub const ALL: [Command; 10] = [
        Command::Pencil,
        Command::Auto,
        Command::Hint,
        Command::Check,
        Command::Reveal,
        Command::Undo,
        Command::Redo,
        Command::New,
        Command::Restart,
        Command::Clean,
    ];

    /// Its letter.
    pub fn letter(self) -> char {
        match self {
            Command::Pencil => 'p',
            Command::Auto => 'a',
            Command::Hint => 'h',
            Command::Check => 'c',
            Command::Reveal => 'r',
            Command::Undo => 'u',
            Command::Redo => 'y',
            Command::New => 'n',
            Command::Restart => 'x',
            Command::Clean => 'l',
        }
    }

    /// The command of a letter.
    pub fn of(c: char) -> Option<Command> {
        Command::ALL.into_iter().find(|k| k.letter() == c)
    }

    /// Its key in a grid of side `size`: the letter, or Alt and the letter when the letter
    /// is one of the grid's symbols.
    pub fn key(self, size: usize) -> String {
        if rules::value_of(size, self.letter()).is_some() {
            format!("Alt-{}", self.letter())
        } else {
            self.letter().to_string()
        }
    }
}

/// What a key means in a grid of side `size`: a symbol to write, a command, or neither.
/// A letter that is a symbol of the grid (16×16: `A`–`G`, 25×25: `A`–`P`, either case) is a
/// symbol; with Alt it is always its command.
pub fn read_key(size: usize, c: char, alt: bool) -> Option<Result<u8, Command>> {
    if !alt && let Some(v) = rules::value_of(size, c) {
        return Some(Ok(v));
    }
    Command::of(c.to_ascii_lowercase()).map(Err)
}

/// A question the screen asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Question {
    /// A new puzzle over the one in progress?
    New,
    /// Start this puzzle again?
    Restart,
}

/// The sudoku screen.
#[derive(Debug)]
pub struct SudokuScreen {
    /// The game, once there is one.
    pub game: Option<SudokuGame>,
    /// The new-puzzle form, when open.
    pub form: Option<Form>,
    job: Option<Job<Result<NewPuzzle, PuzzleInputError>>>,
    /// The hint shown.
    pub hint: Option<Hint>,
    /// Cells a check found wrong, shown until the next change.
    pub checked_wrong: Vec<Cell>,
    /// The status message.
    pub message: Option<Message>,
    /// The boxes over the screen: a scrolling text, a question.
    pub overlay: Overlay,
    question: Option<Question>,
    /// The best times of each kind of puzzle.
    pub times: BestTimes,
    /// The best time of the game's kind, as the panel shows it.
    pub best_time: Option<String>,
    last_tick: Option<Duration>,
    /// Where the board was drawn.
    pub map: BoardMap,
}

const FILE: &str = "sudoku.json";
const KIND: ScreenKind = ScreenKind::Sudoku;

/// What the figures of the screen mean: the second page of the help.
pub const FIGURES: &[&str] = &[
    "Level: sudoku-grade's level of the puzzle, from the hardest technique",
    "  its solving needs: easy (singles), intermediate (locked candidates,",
    "  subsets, fish and the like), expert (contradictions, guesses).",
    "Difficulty: the effort sudoku-grade counts to solve the puzzle by hand,",
    "  added up cell by cell: 1 for a cell found by a single, 5 by locked",
    "  candidates, 10 by a subset, 20 by a fish or a chain, 50 by a",
    "  contradiction, 75 by a guess, more when the cell had more candidates",
    "  left. Easy 9×9 puzzles count about 100 to 200. Shown once solved.",
    "  Killer puzzles are not rated: the rater does not read cages.",
    "Time: the time played (the clock stops in the menu and when paused).",
    "Best: your fastest solve of this kind of puzzle (rules, size, level)",
    "  without a hint or a revealed cell; five are kept a kind.",
];

impl SudokuScreen {
    /// Opens the screen: the saved game, else the new-puzzle form.
    pub fn open(cx: &mut Context) -> SudokuScreen {
        let mut s = SudokuScreen {
            game: None,
            form: None,
            job: None,
            hint: None,
            checked_wrong: Vec::new(),
            message: None,
            overlay: Overlay::default(),
            question: None,
            times: BestTimes::load(&cx.store),
            best_time: None,
            last_tick: None,
            map: BoardMap::default(),
        };
        (s.game, s.message) = cx.store.resume(FILE, SudokuGame::restore);
        if s.game.is_none() {
            s.open_form(cx);
        }
        s.update_best();
        s
    }

    fn open_form(&mut self, cx: &Context) {
        let has_game = self.game.is_some();
        self.form = Some(cx.open_form(KIND, new_form(), &mut self.message, has_game));
    }

    fn update_best(&mut self) {
        self.best_time = self
            .game
            .as_ref()
            .and_then(|g| self.times.best(&kind_of(g)))
            .map(crate::ui::clock);
    }

    /// Whether a puzzle is being generated.
    pub fn is_generating(&self) -> bool {
        self.job.is_some()
    }

    fn form_error(&mut self, e: String) {
        if let Some(f) = self.form.as_mut() {
            f.note = None;
            f.error = Some(e);
        } else {
            self.message = Some(Message::error(e));
        }
    }

    fn start(&mut self, p: NewPuzzle) {
        match SudokuGame::new(p) {
            Ok(g) => {
                let what = match g.level() {
                    Some(l) => format!("A new {l} puzzle"),
                    None => "A new puzzle".to_string(),
                };
                self.message = Some(Message::info(format!(
                    "{what}: {} empty cells. Arrows move, {} fill, {} gives a hint.",
                    g.empty_cells(),
                    symbols_text(g.size()),
                    Command::Hint.key(g.size()),
                )));
                self.game = Some(g);
                self.form = None;
                self.hint = None;
                self.checked_wrong.clear();
                self.update_best();
            }
            Err(e) => self.form_error(e.to_string()),
        }
    }

    fn submit(&mut self, cx: &mut Context) {
        let Some(form) = self.form.as_ref() else {
            return;
        };
        let kind = RulesKind::ALL[form.index("rules").min(RulesKind::ALL.len() - 1)];
        let typed = form.value("typed").to_string();
        cx.remember(KIND, form);
        if !typed.is_empty() {
            match parse_puzzle(&typed, kind) {
                Ok(p) => self.start(p),
                Err(e) => self.form_error(e.to_string()),
            }
            return;
        }
        let size = SIZES[form.index("size").min(SIZES.len() - 1)];
        let Some(shape) = Shape::for_size(size) else {
            return;
        };
        let level = Level::ALL[form.index("level").min(2)];
        let seed = cx.next_seed();
        self.job = Some(Job::spawn(move || generate(shape, kind, level, seed)));
        let what = match kind {
            RulesKind::Samurai => "Samurai".to_string(),
            k if k.by_level(size) => format!("{level} {size}×{size} {}", k.label()),
            k => format!("{size}×{size} {}", k.label()),
        };
        if let Some(f) = self.form.as_mut() {
            f.error = None;
            f.note = Some(format!("Generating a {what} puzzle…"));
        }
    }

    fn answer(&mut self, answer: Option<Result<NewPuzzle, PuzzleInputError>>) {
        match answer.unwrap_or(Err(PuzzleInputError::Stopped)) {
            Ok(p) => self.start(p),
            Err(e) => self.form_error(e.to_string()),
        }
    }

    fn changed(&mut self, cx: &Context) {
        self.hint = None;
        self.checked_wrong.clear();
        let Some(g) = &self.game else {
            return;
        };
        if !g.is_solved() {
            return;
        }
        let level = match (g.level(), g.score()) {
            (Some(l), Some(s)) => format!(" Level {l}, difficulty {s} (? says what it counts)."),
            _ => String::new(),
        };
        let best = if g.unassisted() {
            let kind = kind_of(g);
            let rank = self.times.add(&kind, g.elapsed());
            // Times not written are only lost for the next session.
            let _ = self.times.save(&cx.store);
            match rank {
                Some(1) => format!(" Your best time for a {kind}!"),
                Some(r) => format!(" Your number {r} time for a {kind}."),
                None => String::new(),
            }
        } else {
            format!(
                " Hints {}, cells revealed {}: best times count solves without them.",
                g.hints(),
                g.revealed().len()
            )
        };
        self.message = Some(Message::good(format!(
            "Solved in {}!{level}{best} {}: new puzzle.",
            crate::ui::clock(g.elapsed()),
            Command::New.key(g.size()),
        )));
        self.update_best();
    }

    fn key(&mut self, code: KeyCode, mods: KeyModifiers, cx: &mut Context) -> Flow {
        if code == KeyCode::Esc {
            return Flow::Menu;
        }
        let Some(g) = self.game.as_mut() else {
            return Flow::Stay;
        };
        if code == KeyCode::Char(' ') {
            g.paused = !g.paused && !g.is_solved();
            self.message = Some(Message::info(if g.paused {
                "Paused: the clock has stopped. Space to go on."
            } else {
                "Go on!"
            }));
            return Flow::Stay;
        }
        if g.paused {
            if code == KeyCode::Char('?') {
                self.open_help();
            }
            return Flow::Stay;
        }
        let (dr, dc) = match code {
            KeyCode::Up => (-1, 0),
            KeyCode::Down => (1, 0),
            KeyCode::Left => (0, -1),
            KeyCode::Right => (0, 1),
            _ => (0, 0),
        };
        if (dr, dc) != (0, 0) {
            g.move_cursor(dr, dc);
            return Flow::Stay;
        }
        let size = g.size();
        let ctrl = mods.contains(KeyModifiers::CONTROL);
        let alt = mods.contains(KeyModifiers::ALT);
        match code {
            KeyCode::Char('z') if ctrl => self.command(Command::Undo, cx),
            KeyCode::Char('y') if ctrl => self.command(Command::Redo, cx),
            KeyCode::Char('?') => self.open_help(),
            KeyCode::Char('0' | '.') | KeyCode::Backspace | KeyCode::Delete => {
                let result = self.game.as_mut().map(|g| {
                    let cursor = g.cursor();
                    g.clear(cursor)
                });
                self.after(result, cx);
            }
            KeyCode::Char(c) if !ctrl => match read_key(size, c, alt) {
                Some(Ok(v)) => self.write(v, cx),
                Some(Err(command)) => self.command(command, cx),
                None => {}
            },
            _ => {}
        }
        Flow::Stay
    }

    fn open_help(&mut self) {
        let size = self.game.as_ref().map_or(9, SudokuGame::size);
        let mut figures: Vec<String> = FIGURES.iter().map(|s| (*s).to_string()).collect();
        if !self.times.kinds.is_empty() {
            figures.push(String::new());
            figures.push("Your best times:".into());
            for (kind, times) in &self.times.kinds {
                let t: Vec<String> = times
                    .iter()
                    .map(|&ms| crate::ui::clock(Duration::from_millis(ms)))
                    .collect();
                figures.push(format!("  {kind}: {}", t.join(", ")));
            }
        }
        self.overlay.pager = Some(Pager::new(vec![
            Page::new("Sudoku keys", view::help_lines(size)),
            Page::new("Sudoku: what the figures mean", figures),
        ]));
    }

    /// A digit or a letter typed: written, or toggled as a pencil mark.
    fn write(&mut self, v: u8, cx: &Context) {
        let result = self.game.as_mut().map(|g| {
            let cursor = g.cursor();
            if g.pencil {
                g.toggle_mark(cursor, v)
            } else {
                g.place(cursor, v)
            }
        });
        self.after(result, cx);
    }

    /// After a change: the message cleared and the hint dropped, or the error said.
    fn after(&mut self, result: Option<Result<(), MoveError>>, cx: &Context) {
        match result {
            Some(Ok(())) => {
                self.message = None;
                self.changed(cx);
            }
            Some(Err(e)) => self.message = Some(Message::error(capitalized(&e.to_string()))),
            None => {}
        }
    }

    fn command(&mut self, command: Command, cx: &Context) {
        let Some(g) = self.game.as_mut() else {
            return;
        };
        let cursor = g.cursor();
        let size = g.size();
        match command {
            Command::Undo => {
                let r = g.undo();
                self.after(Some(r), cx);
            }
            Command::Redo => {
                let r = g.redo();
                self.after(Some(r), cx);
            }
            Command::Reveal => {
                let r = g.reveal(cursor).map(|_| ());
                self.after(Some(r), cx);
            }
            Command::Pencil => {
                g.pencil = !g.pencil;
                let p = Command::Pencil.key(size);
                self.message = Some(Message::info(if g.pencil {
                    format!("Pencil mode: symbols toggle pencil marks ({p}: back to digits).")
                } else {
                    format!("Digit mode: symbols fill cells ({p}: pencil marks).")
                }));
            }
            Command::Clean => {
                g.auto_clean = !g.auto_clean;
                let k = Command::Clean.key(size);
                self.message = Some(Message::info(if g.auto_clean {
                    format!("Automatic clean-up on: a digit written leaves the pencil marks of the cells it sees ({k}: off).")
                } else {
                    format!("Automatic clean-up off: your pencil marks stay as you write them ({k}: on).")
                }));
            }
            Command::Auto => {
                g.auto_candidates();
                self.changed(cx);
                self.message = Some(Message::info(
                    "Pencil marks: every digit each empty cell can still take.",
                ));
            }
            Command::Hint => {
                if let Some(h) = self.hint.take() {
                    g.apply_hint(&h);
                    let done = h.text(g.geometry());
                    self.changed(cx);
                    if self.game.as_ref().is_some_and(|g| !g.is_solved()) {
                        self.message = Some(Message::info(format!("Played: {done}")));
                    }
                } else {
                    self.hint = g.hint(&Rater::new().budget(RATER_BUDGET));
                    if let Some(h) = &self.hint {
                        let key = Command::Hint.key(size);
                        let text = h.text(g.geometry());
                        self.message = Some(match h.action() {
                            Some(a) => Message::info(format!(
                                "{text}  ({key}{})",
                                a.strip_prefix('h').unwrap_or(a)
                            )),
                            None => Message::error(text),
                        });
                    }
                }
            }
            Command::Check => {
                let wrong = g.wrong_cells();
                self.message = Some(if wrong.is_empty() {
                    Message::good(format!(
                        "Every digit is right so far; {} empty cells.",
                        g.empty_cells()
                    ))
                } else {
                    Message::error(format!("{} wrong digit(s), shown in red.", wrong.len()))
                });
                self.hint = None;
                self.checked_wrong = wrong;
            }
            Command::New => {
                if g.is_solved() || !g.can_undo() {
                    self.open_form(cx);
                } else {
                    self.ask(Question::New, Confirm::new_game());
                }
            }
            Command::Restart => self.ask(
                Question::Restart,
                Confirm::new(
                    "Start this puzzle again? Your digits, pencil marks, hints and time go. (y: yes, any other key: keep playing)",
                ),
            ),
        }
    }

    fn ask(&mut self, q: Question, c: Confirm) {
        self.question = Some(q);
        self.overlay.confirm = Some(c);
    }

    /// The help line.
    pub(super) fn help(&self) -> String {
        if let Some(f) = &self.form {
            return if self.is_generating() {
                "Generating…  Esc abandon".to_string()
            } else {
                f.help().to_string()
            };
        }
        match &self.game {
            Some(g) if g.paused => "Paused  Space: go on  ?  Esc: menu".into(),
            Some(g) => view::help_line(g.size()),
            None => String::new(),
        }
    }
}

/// The symbols of a grid, for messages: `digits`, or `1-9 A-G`.
pub fn symbols_text(size: usize) -> String {
    if size <= 9 {
        format!("1-{size}")
    } else {
        format!("1-9 A-{}", rules::symbol(size, size as u8))
    }
}

/// `text` with its first letter in capitals.
fn capitalized(text: &str) -> String {
    let mut c = text.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect::<String>() + ".",
        None => String::new(),
    }
}

impl Screen for SudokuScreen {
    fn handle(&mut self, event: &Event, cx: &mut Context) -> Flow {
        if self.job.is_some() && self.form.is_some() {
            // Generating: Esc abandons, nothing else.
            if matches!(event, Event::Key(k) if k.code == KeyCode::Esc) {
                self.job = None;
                if let Some(f) = self.form.as_mut() {
                    f.note = Some("Generation abandoned.".into());
                }
            }
            return Flow::Stay;
        }
        let front = self
            .overlay
            .front(&mut self.form, self.game.is_some(), event);
        match front {
            Front::Free => {}
            Front::Stay | Front::Changed => return Flow::Stay,
            Front::Menu => return Flow::Menu,
            Front::Submit => self.submit(cx),
            Front::Answer(yes) => match (yes, self.question.take()) {
                (true, Some(Question::New)) => self.open_form(cx),
                (true, Some(Question::Restart)) => {
                    if let Some(g) = self.game.as_mut() {
                        g.restart();
                        self.hint = None;
                        self.checked_wrong.clear();
                        self.message = Some(Message::info("The puzzle starts again."));
                    }
                }
                _ => {}
            },
        }
        if front != Front::Free {
            return Flow::Stay;
        }
        match event {
            Event::Key(k) => self.key(k.code, k.modifiers, cx),
            Event::Mouse(m) if matches!(m.kind, MouseEventKind::Down(_)) => {
                if let (Some(g), Some((r, c))) = (self.game.as_mut(), self.map.hit(m.column, m.row))
                    && let Some(cell) = g.cell_at(r, c)
                    && !g.paused
                {
                    g.set_cursor(cell);
                }
                Flow::Stay
            }
            _ => Flow::Stay,
        }
    }

    fn tick(&mut self, cx: &mut Context) {
        if let Some(answer) = self.job.as_ref().and_then(Job::poll) {
            self.job = None;
            self.answer(answer);
        }
        let running = self.form.is_none()
            && self.overlay.pager.is_none()
            && self
                .game
                .as_ref()
                .is_some_and(|g| !g.is_solved() && !g.paused);
        if running {
            if let (Some(last), Some(g)) = (self.last_tick, self.game.as_mut()) {
                let d = cx.now.saturating_sub(last);
                g.elapsed_ms = g.elapsed_ms.saturating_add(d.as_millis() as u64);
            }
            self.last_tick = Some(cx.now);
        } else {
            self.last_tick = None;
        }
    }

    fn render(&mut self, frame: &mut Frame<'_>, area: Rect, cx: &Context) -> String {
        view::render(self, frame, area, cx.theme)
    }

    fn save(&mut self, cx: &Context) -> Option<Message> {
        let g = self.game.as_ref()?;
        cx.store.save_and_tell(FILE, &g.save(), "Sudoku")
    }

    fn settle(&mut self, _cx: &mut Context) {
        if let Some(job) = self.job.take() {
            self.answer(job.wait());
        }
    }

    fn leave(&mut self, _cx: &Context) {
        self.last_tick = None;
    }

    fn enter(&mut self, _cx: &Context) {
        self.last_tick = None;
    }

    fn has_game(&self) -> bool {
        self.game.is_some()
    }

    fn min_size(&self) -> (u16, u16) {
        match &self.game {
            Some(g) if self.form.is_none() => view::smallest_terminal(g),
            _ => (60, 20),
        }
    }

    fn title(&self) -> String {
        match &self.game {
            Some(g) => {
                let n = g.size();
                let mut t = if *g.rules() == Rules::Samurai {
                    format!("1 · {}", g.rules().name())
                } else {
                    format!("1 · {} {n}×{n}", g.rules().name())
                };
                if let Some(l) = g.level() {
                    t.push_str(&format!(" · {l}"));
                }
                t
            }
            None => format!("1 · {}", ScreenKind::Sudoku.name()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_are_symbols_where_the_grid_has_them() {
        assert_eq!(read_key(9, 'a', false), Some(Err(Command::Auto)));
        assert_eq!(read_key(16, 'a', false), Some(Ok(10)));
        assert_eq!(read_key(16, 'B', false), Some(Ok(11)));
        assert_eq!(read_key(16, 'a', true), Some(Err(Command::Auto)));
        assert_eq!(read_key(16, 'h', false), Some(Err(Command::Hint)));
        assert_eq!(read_key(25, 'h', false), Some(Ok(17)));
        assert_eq!(Command::Check.key(16), "Alt-c");
        assert_eq!(Command::Undo.key(25), "u");
        assert_eq!(symbols_text(16), "1-9 A-G");
    }
}
