//! [`SudokuScreen`]: the keys and clicks of the sudoku screen, generation in another
//! thread, and where the board was drawn.

use std::time::Duration;

use ratatui::Frame;
use ratatui::crossterm::event::{Event, KeyCode, KeyModifiers, MouseEventKind};
use ratatui::layout::Rect;
use sudoku_core::{Cell, Shape};
use sudoku_grade::{Level, Rater};

use super::error::{MoveError, PuzzleInputError};
use super::game::{NewPuzzle, SudokuGame};
use super::hint::Hint;
use super::new_puzzle::{RATER_BUDGET, SIZES, generate, new_form, parse_puzzle};
use super::rules::{self, Rules};
use super::view;
use crate::app::{Context, Flow, Screen, ScreenKind};
use crate::form::{Form, FormEvent};
use crate::jobs::Job;
use crate::ui::Message;

/// Where the board was drawn, for clicks.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BoardMap {
    /// The left column of each grid column.
    pub cols: Vec<u16>,
    /// The top row of each grid row.
    pub rows: Vec<u16>,
    /// A cell's width.
    pub cell_width: u16,
    /// A cell's height.
    pub cell_height: u16,
}

impl BoardMap {
    /// The (row, column) of the grid under a terminal position.
    pub fn hit(&self, x: u16, y: u16) -> Option<(usize, usize)> {
        let col = self
            .cols
            .iter()
            .position(|&c| x >= c && x < c + self.cell_width)?;
        let row = self
            .rows
            .iter()
            .position(|&r| y >= r && y < r + self.cell_height)?;
        Some((row, col))
    }
}

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
}

impl Command {
    /// Every command.
    pub const ALL: [Command; 8] = [
        Command::Pencil,
        Command::Auto,
        Command::Hint,
        Command::Check,
        Command::Reveal,
        Command::Undo,
        Command::Redo,
        Command::New,
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
    /// Whether the key list is shown.
    pub show_help: bool,
    last_tick: Option<Duration>,
    /// Where the board was drawn.
    pub map: BoardMap,
}

const FILE: &str = "sudoku.json";

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
            show_help: false,
            last_tick: None,
            map: BoardMap::default(),
        };
        (s.game, s.message) = cx.store.resume(FILE, SudokuGame::restore);
        if s.game.is_none() {
            s.form = Some(new_form());
        }
        s
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
            }
            Err(e) => self.form_error(e.to_string()),
        }
    }

    fn submit(&mut self, cx: &mut Context) {
        let Some(form) = self.form.as_ref() else {
            return;
        };
        let rules = if form.index("rules") == 1 {
            Rules::X
        } else {
            Rules::Classic
        };
        let typed = form.value("typed").to_string();
        if !typed.is_empty() {
            match parse_puzzle(&typed, rules) {
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
        self.job = Some(Job::spawn(move || generate(shape, rules, level, seed)));
        if let Some(f) = self.form.as_mut() {
            f.error = None;
            f.note = Some(if size >= 16 {
                format!("Generating a {size}×{size} puzzle…")
            } else {
                format!("Generating a {level} {size}×{size} puzzle…")
            });
        }
    }

    fn answer(&mut self, answer: Option<Result<NewPuzzle, PuzzleInputError>>) {
        match answer.unwrap_or(Err(PuzzleInputError::Stopped)) {
            Ok(p) => self.start(p),
            Err(e) => self.form_error(e.to_string()),
        }
    }

    fn changed(&mut self) {
        self.hint = None;
        self.checked_wrong.clear();
        if let Some(g) = &self.game
            && g.is_solved()
        {
            let level = match (g.level(), g.score()) {
                (Some(l), Some(s)) => format!(" Level {l}, difficulty {s}."),
                _ => String::new(),
            };
            self.message = Some(Message::good(format!(
                "Solved in {}!{level} Hints {}, cells revealed {}. {}: new puzzle.",
                crate::ui::clock(g.elapsed()),
                g.hints(),
                g.revealed().len(),
                Command::New.key(g.size()),
            )));
        }
    }

    fn move_cursor(&mut self, dr: isize, dc: isize) {
        if let Some(g) = self.game.as_mut() {
            let n = g.size() as isize;
            let shape = g.shape();
            let cursor = g.cursor();
            let r = (shape.row_of(cursor) as isize + dr).rem_euclid(n) as usize;
            let c = (shape.col_of(cursor) as isize + dc).rem_euclid(n) as usize;
            g.set_cursor(shape.cell(r, c));
        }
    }

    fn key(&mut self, code: KeyCode, mods: KeyModifiers) -> Flow {
        if self.show_help {
            self.show_help = false;
            return Flow::Stay;
        }
        let (dr, dc) = match code {
            KeyCode::Esc => return Flow::Menu,
            KeyCode::Up => (-1, 0),
            KeyCode::Down => (1, 0),
            KeyCode::Left => (0, -1),
            KeyCode::Right => (0, 1),
            _ => (0, 0),
        };
        if (dr, dc) != (0, 0) {
            self.move_cursor(dr, dc);
            return Flow::Stay;
        }
        let Some(g) = self.game.as_ref() else {
            return Flow::Stay;
        };
        let size = g.size();
        let ctrl = mods.contains(KeyModifiers::CONTROL);
        let alt = mods.contains(KeyModifiers::ALT);
        match code {
            KeyCode::Char('z') if ctrl => self.command(Command::Undo),
            KeyCode::Char('y') if ctrl => self.command(Command::Redo),
            KeyCode::Char('?') => self.show_help = true,
            KeyCode::Char('0' | '.') | KeyCode::Backspace | KeyCode::Delete => {
                let result = self.game.as_mut().map(|g| {
                    let cursor = g.cursor();
                    g.clear(cursor)
                });
                self.after(result);
            }
            KeyCode::Char(c) if !ctrl => match read_key(size, c, alt) {
                Some(Ok(v)) => self.write(v),
                Some(Err(command)) => self.command(command),
                None => {}
            },
            _ => {}
        }
        Flow::Stay
    }

    /// A digit or a letter typed: written, or toggled as a pencil mark.
    fn write(&mut self, v: u8) {
        let result = self.game.as_mut().map(|g| {
            let cursor = g.cursor();
            if g.pencil {
                g.toggle_mark(cursor, v)
            } else {
                g.place(cursor, v)
            }
        });
        self.after(result);
    }

    /// After a change: the message cleared and the hint dropped, or the error said.
    fn after(&mut self, result: Option<Result<(), MoveError>>) {
        match result {
            Some(Ok(())) => {
                self.message = None;
                self.changed();
            }
            Some(Err(e)) => self.message = Some(Message::error(capitalized(&e.to_string()))),
            None => {}
        }
    }

    fn command(&mut self, command: Command) {
        let Some(g) = self.game.as_mut() else {
            return;
        };
        let cursor = g.cursor();
        let size = g.size();
        match command {
            Command::Undo => {
                let r = g.undo();
                self.after(Some(r));
            }
            Command::Redo => {
                let r = g.redo();
                self.after(Some(r));
            }
            Command::Reveal => {
                let r = g.reveal(cursor).map(|_| ());
                self.after(Some(r));
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
            Command::Auto => {
                g.auto_candidates();
                self.changed();
                self.message = Some(Message::info(
                    "Pencil marks: every digit each empty cell can still take.",
                ));
            }
            Command::Hint => {
                if let Some(h) = self.hint.take() {
                    g.apply_hint(&h);
                    let done = h.text(g.shape());
                    self.changed();
                    if self.game.as_ref().is_some_and(|g| !g.is_solved()) {
                        self.message = Some(Message::info(format!("Played: {done}")));
                    }
                } else {
                    self.hint = g.hint(&Rater::new().budget(RATER_BUDGET));
                    if let Some(h) = &self.hint {
                        let key = Command::Hint.key(size);
                        let text = h.text(g.shape());
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
                self.form = Some(new_form());
            }
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
        if let Some(form) = self.form.as_mut() {
            if self.job.is_some() {
                if matches!(event, Event::Key(k) if k.code == KeyCode::Esc) {
                    self.job = None;
                    if let Some(f) = self.form.as_mut() {
                        f.note = Some("Generation abandoned.".into());
                    }
                }
                return Flow::Stay;
            }
            match form.handle(event) {
                FormEvent::Submit => self.submit(cx),
                FormEvent::Cancel => {
                    // Without a game the form stays, for the next visit.
                    if self.game.is_none() {
                        return Flow::Menu;
                    }
                    self.form = None;
                }
                FormEvent::Changed | FormEvent::None => {}
            }
            return Flow::Stay;
        }
        match event {
            Event::Key(k) => self.key(k.code, k.modifiers),
            Event::Mouse(m) if matches!(m.kind, MouseEventKind::Down(_)) => {
                if let (Some(g), Some((r, c))) = (self.game.as_mut(), self.map.hit(m.column, m.row))
                {
                    let cell = g.shape().cell(r, c);
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
        let running = self.form.is_none() && self.game.as_ref().is_some_and(|g| !g.is_solved());
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
            Some(g) => view::smallest_terminal(g.shape()),
            None => (60, 20),
        }
    }

    fn title(&self) -> String {
        match &self.game {
            Some(g) => {
                let n = g.size();
                let mut t = format!("1 · {} {n}×{n}", g.rules().name());
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
