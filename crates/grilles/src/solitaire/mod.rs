//! Game 3, mahjong solitaire: the built-in layouts or any KMahjongg `.layout` file, free tiles
//! marked, pairs chosen with the keyboard or the mouse, hint, undo, shuffle, a score, an SVG
//! picture of the position, and a warning as soon as the position can no longer be won.
//!
//! The winnability check runs mahjong-solitaire's solver, within a budget, in a thread of
//! its own after every change, so the screen never waits for it; a newer position makes
//! the answer for an older one stale.

pub mod view;

use std::time::Duration;

use mahjong_solitaire::render::{SvgOptions, to_svg};
use mahjong_solitaire::score::{Event as ScoreEvent, MoveScore, Penalties, Scorer};
use mahjong_solitaire::{
    Board, BuiltinLayout, Hint, Interrupted, Layout, Move, Outcome, ReversePlacement, Selection,
    Solver, random_deal,
};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use ratatui::Frame;
use ratatui::crossterm::event::{Event, KeyCode, MouseEventKind};
use ratatui::layout::Rect;
use serde::{Deserialize, Serialize};

use crate::app::{Context, Flow, Screen};
use crate::form::{Form, FormEvent};
use crate::jobs::Job;
use crate::ui::Message;

/// The solver's budget for the winnability check and hints, in search nodes.
pub const SOLVER_BUDGET: u64 = 200_000;

/// The dealer's budget for winnable deals and shuffles, in placement tries (about a second
/// at most on the largest layouts).
pub const DEALER_BUDGET: u64 = 1_000_000;

/// A game of mahjong solitaire: what is saved, and played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SolitaireGame {
    /// The board (saved as mahjong-solitaire's saved game, history included).
    pub board: Board,
    /// Where the layout came from (a built-in name or a file).
    pub source: String,
    /// The seed of the deal and the shuffles.
    pub seed: u64,
    /// What happened, for the score.
    pub events: Vec<ScoreEvent>,
    /// Time played, in milliseconds.
    pub elapsed_ms: u64,
    /// Shuffles made.
    pub shuffles: u32,
    /// Hints asked for.
    pub hints: u32,
    /// The tile under the cursor.
    pub cursor: usize,
    /// Changes so far (a new number for every position).
    #[serde(default)]
    pub version: u64,
}

impl SolitaireGame {
    /// A game on a board.
    pub fn new(board: Board, source: String, seed: u64) -> SolitaireGame {
        let mut g = SolitaireGame {
            board,
            source,
            seed,
            events: Vec::new(),
            elapsed_ms: 0,
            shuffles: 0,
            hints: 0,
            cursor: 0,
            version: 0,
        };
        g.cursor = g.board.free_tiles().first().copied().unwrap_or(0);
        g
    }

    /// A game as read back from a save (its board checked by mahjong-solitaire as it is
    /// read): where its layout came from is outside text, [escaped](crate::ui::escape), and
    /// the cursor is put on a tile of the board.
    pub fn restore(mut saved: SolitaireGame) -> SolitaireGame {
        saved.source = crate::ui::escape(&saved.source).into_owned();
        saved.fix_cursor();
        saved
    }

    /// The time played.
    pub fn elapsed(&self) -> Duration {
        Duration::from_millis(self.elapsed_ms)
    }

    /// The score: 10 a pair, combos, a clean-finish bonus, penalties for hints, shuffles
    /// and undos (mahjong-solitaire's scorers, fed the game's events again).
    pub fn score(&self) -> i64 {
        // The scorers keep no state worth saving: the events are saved and replayed.
        let mut scorer = Penalties::with(MoveScore::default(), 50, 100, 20);
        for &e in &self.events {
            scorer.record(e);
        }
        scorer.score()
    }

    fn note(&mut self, e: ScoreEvent) {
        self.events.push(e);
    }

    /// The tiles whose top half cell is visible from above (the ones a cursor can reach).
    pub fn visible_tiles(&self) -> Vec<usize> {
        let top = view::top_view(&self.board);
        let mut seen: Vec<usize> = top.cells.iter().flatten().copied().collect();
        seen.sort_unstable();
        seen.dedup();
        seen
    }

    /// Moves the cursor to the nearest visible tile in a direction (`dx`, `dy` in −1..=1).
    pub fn move_cursor(&mut self, dx: i32, dy: i32) {
        let positions = self.board.layout().positions();
        let Some(&here) = positions.get(self.cursor) else {
            return;
        };
        let (hx, hy) = (i32::from(here.x), i32::from(here.y));
        let best = self
            .visible_tiles()
            .into_iter()
            .filter(|&j| j != self.cursor)
            .filter_map(|j| {
                let p = positions[j];
                let (ex, ey) = (i32::from(p.x) - hx, i32::from(p.y) - hy);
                let (along, across) = if dx != 0 {
                    (ex * dx, ey)
                } else {
                    (ey * dy, ex)
                };
                (along > 0).then_some((along + 3 * across.abs(), j))
            })
            .min();
        if let Some((_, j)) = best {
            self.cursor = j;
        }
    }

    /// Moves the cursor to the next free tile (in index order; `back` for the previous).
    pub fn next_free(&mut self, back: bool) {
        let free = self.board.free_tiles();
        if free.is_empty() {
            return;
        }
        let pos = free.iter().position(|&i| i > self.cursor);
        self.cursor = if back {
            let before = free.iter().rposition(|&i| i < self.cursor);
            free[before.unwrap_or(free.len() - 1)]
        } else {
            free[pos.unwrap_or(0)]
        };
    }

    fn fix_cursor(&mut self) {
        if !self.board.is_present(self.cursor) || !self.visible_tiles().contains(&self.cursor) {
            self.cursor = self
                .board
                .free_tiles()
                .first()
                .copied()
                .or_else(|| self.visible_tiles().first().copied())
                .unwrap_or(0);
        }
    }
}

/// A layout or a deal that cannot be had.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum NewGameError {
    /// "A KMahjongg file" chosen, and no path typed.
    #[error("type the path of a KMahjongg .layout file")]
    NoPath,
    /// The file cannot be opened.
    #[error("{path}: {source}")]
    Read {
        /// The path typed.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// The file is not a layout: too long (more than
    /// [`Layout::MAX_FILE_LEN`](mahjong_solitaire::Layout::MAX_FILE_LEN) bytes, refused after
    /// reading that many and one), not UTF-8, or not a KMahjongg file nor one in
    /// mahjong-solitaire's text format.
    #[error("{path}: {source}")]
    Layout {
        /// The path typed.
        path: String,
        /// Why.
        source: mahjong_solitaire::ReadLayoutError,
    },
    /// No winnable deal came within the dealer's budget.
    #[error("no winnable deal on this layout: {0}")]
    Deal(#[from] mahjong_solitaire::DealError),
}

/// Why a tile cannot be picked, in a player's words: the tiles named by their
/// notation, no index.
pub fn rejection(error: &mahjong_solitaire::PlayError) -> String {
    use mahjong_solitaire::{Blocked, PlayError};
    match error {
        PlayError::NotFree { tile, blocked } => {
            let layer = tile.position.z + 1;
            let why = match blocked {
                Blocked::Covered { by } => format!("the {} lies on it", by.tile),
                Blocked::BothSides { left, right } => format!(
                    "the {} and the {} touch both its sides",
                    left.tile, right.tile
                ),
            };
            format!("This {} (layer {layer}) is not free: {why}.", tile.tile)
        }
        other => {
            let text = other.to_string();
            let mut c = text.chars();
            c.next()
                .map(|f| f.to_uppercase().chain(c).collect::<String>() + ".")
                .unwrap_or_default()
        }
    }
}

/// Reads a layout: a built-in name, or a KMahjongg file (`.layout`) or one in
/// mahjong-solitaire's own text format, read by [`Layout::read`] (at most
/// [`Layout::MAX_FILE_LEN`] + 1 bytes of it, so a huge file is refused at once). The layout
/// is named after the file, [escaped](crate::ui::escape).
///
/// # Errors
/// [`NewGameError`]: no path, or a file that cannot be read as a layout.
pub fn load_layout(choice: &str, path: &str) -> Result<(Layout, String), NewGameError> {
    if let Ok(b) = choice.parse::<BuiltinLayout>() {
        return Ok((b.layout(), b.to_string()));
    }
    if path.is_empty() {
        return Err(NewGameError::NoPath);
    }
    let p = || path.to_string();
    let file =
        std::fs::File::open(path).map_err(|source| NewGameError::Read { path: p(), source })?;
    let layout = Layout::read(file).map_err(|source| NewGameError::Layout { path: p(), source })?;
    let name = std::path::Path::new(path)
        .file_stem()
        .map_or_else(|| path.to_string(), |s| s.to_string_lossy().into_owned());
    let name = crate::ui::escape(&name).into_owned();
    Ok((layout.with_name(name.clone()), name))
}

/// Deals a new game.
///
/// # Errors
/// When no winnable deal could be made on the layout.
pub fn new_game(
    layout: &Layout,
    source: String,
    winnable: bool,
    seed: u64,
) -> Result<SolitaireGame, NewGameError> {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let board = if winnable {
        ReversePlacement::new()
            .budget(DEALER_BUDGET)
            .deal(layout, &mut rng)?
            .board
    } else {
        random_deal(layout, &mut rng)
    };
    Ok(SolitaireGame::new(board, source, seed))
}

/// The solitaire screen.
#[derive(Debug)]
pub struct SolitaireScreen {
    /// The game, once there is one.
    pub game: Option<SolitaireGame>,
    /// The new-game form, when open.
    pub form: Option<Form>,
    /// The solver's last answer, and the position (version) it is about.
    pub analysis: Option<(u64, Result<Outcome, Interrupted>)>,
    analysis_job: Option<(u64, Job<Result<Outcome, Interrupted>>)>,
    hint_job: Option<(u64, Job<Hint>)>,
    /// The hint shown.
    pub hint: Option<Move>,
    /// The status message.
    pub message: Option<Message>,
    /// Whether the key list is shown.
    pub show_help: bool,
    last_tick: Option<Duration>,
    /// Where the board was drawn.
    pub map: view::TileMap,
}

const FILE: &str = "solitaire.json";

/// The new-game form.
pub fn new_form() -> Form {
    let mut names: Vec<String> = BuiltinLayout::ALL.iter().map(ToString::to_string).collect();
    names.push("a KMahjongg file".into());
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    let mut f = Form::new("New mahjong solitaire")
        .choice("layout", "Layout", &refs, 0)
        .text("path", "File", "", "path of a .layout file")
        .choice("deal", "Deal", &["winnable", "random"], 0);
    f.set_visible("path", false);
    f.note =
        Some("Remove free matching pairs: a free tile has a side clear and nothing on it.".into());
    f
}

impl SolitaireScreen {
    /// A screen on a game (the winnability check starts at once).
    pub fn with_game(game: SolitaireGame) -> SolitaireScreen {
        let mut s = SolitaireScreen {
            game: Some(game),
            form: None,
            analysis: None,
            analysis_job: None,
            hint_job: None,
            hint: None,
            message: None,
            show_help: false,
            last_tick: None,
            map: view::TileMap::default(),
        };
        s.analyse();
        s
    }

    /// Opens the screen: the saved game, else the new-game form.
    pub fn open(cx: &mut Context) -> SolitaireScreen {
        let mut s = SolitaireScreen {
            game: None,
            form: None,
            analysis: None,
            analysis_job: None,
            hint_job: None,
            hint: None,
            message: None,
            show_help: false,
            last_tick: None,
            map: view::TileMap::default(),
        };
        (s.game, s.message) = cx.store.resume(FILE, |g: SolitaireGame| {
            Ok::<_, std::convert::Infallible>(SolitaireGame::restore(g))
        });
        if s.game.is_some() {
            s.analyse();
        }
        if s.game.is_none() {
            s.form = Some(new_form());
        }
        s
    }

    /// Starts the winnability check of the current position, unless one is running (then
    /// it starts again when that one ends).
    fn analyse(&mut self) {
        if self.analysis_job.is_some() {
            return;
        }
        let Some(g) = &self.game else {
            return;
        };
        if self.analysis.as_ref().is_some_and(|(v, _)| *v == g.version) {
            return;
        }
        let board = g.board.clone();
        let version = g.version;
        self.analysis_job = Some((
            version,
            Job::spawn(move || {
                Solver::new()
                    .budget(SOLVER_BUDGET)
                    .solve(&board)
                    .map(|a| a.outcome)
            }),
        ));
    }

    /// The solver's answer for the position on the board, if it has come.
    pub fn current_analysis(&self) -> Option<&Result<Outcome, Interrupted>> {
        let g = self.game.as_ref()?;
        self.analysis
            .as_ref()
            .filter(|(v, _)| *v == g.version)
            .map(|(_, o)| o)
    }

    fn changed(&mut self, cx: &Context) {
        self.hint = None;
        let Some(g) = self.game.as_mut() else {
            return;
        };
        g.version += 1;
        g.fix_cursor();
        if g.board.is_cleared() {
            g.note(ScoreEvent::Finished {
                at: g.elapsed(),
                cleared: true,
            });
            self.message = Some(Message::good(format!(
                "Cleared in {}! Score {}. n: new game.",
                crate::ui::clock(g.elapsed()),
                g.score()
            )));
        } else if g.board.is_over() {
            self.message = Some(Message::error(
                "No pair left to remove: s shuffles the tiles, u takes the last pair back.",
            ));
        }
        let _ = cx;
        self.analyse();
    }

    fn play_hint(&mut self, m: Move, cx: &Context) {
        if let Some(g) = self.game.as_mut()
            && g.board.play(m).is_ok()
        {
            g.note(ScoreEvent::Pair { at: g.elapsed() });
            self.message = None;
            self.changed(cx);
        }
    }

    fn ask_hint(&mut self, cx: &Context) {
        let Some(g) = self.game.as_mut() else {
            return;
        };
        // A cleared board needs no hint: nothing is counted, the result stays shown.
        if g.board.is_cleared() {
            return;
        }
        if let Some(m) = self.hint {
            self.play_hint(m, cx);
            return;
        }
        if self.hint_job.as_ref().is_some_and(|(v, _)| *v == g.version) {
            self.message = Some(Message::info("Still looking for a good pair…"));
            return;
        }
        g.hints += 1;
        g.note(ScoreEvent::Hint { at: g.elapsed() });
        let ready = match self.analysis.as_ref() {
            Some((v, Ok(Outcome::Winnable(seq)))) if *v == g.version => {
                seq.first().copied().map(Hint::Winning)
            }
            Some((v, Ok(Outcome::Unwinnable))) if *v == g.version => Some(
                g.board
                    .legal_moves()
                    .first()
                    .map_or(Hint::NoMove, |&m| Hint::Legal(m)),
            ),
            _ => None,
        };
        match ready {
            Some(h) => self.show_hint(h),
            None => {
                let board = g.board.clone();
                let version = g.version;
                self.hint_job = Some((
                    version,
                    Job::spawn(move || {
                        // Past its budget the solver cannot tell: a legal move all the same.
                        Solver::new()
                            .budget(SOLVER_BUDGET)
                            .hint(&board)
                            .unwrap_or_else(|_| {
                                board
                                    .legal_moves()
                                    .first()
                                    .map_or(Hint::NoMove, |&m| Hint::Legal(m))
                            })
                    }),
                ));
                self.message = Some(Message::info("Looking for a good pair…"));
            }
        }
    }

    fn show_hint(&mut self, h: Hint) {
        self.hint = h.mv();
        self.message = Some(match h {
            Hint::Winning(_) => {
                Message::info("Hint: this pair keeps the game winnable (h: remove it).")
            }
            Hint::Legal(_) => Message::info(
                "Hint: a pair that can go (h: remove it); the solver sees no winning line.",
            ),
            Hint::NoMove => Message::error("No pair can go: shuffle (s) or undo (u)."),
        });
    }

    fn select(&mut self, i: usize, cx: &Context) {
        let Some(g) = self.game.as_mut() else {
            return;
        };
        g.cursor = i;
        match g.board.select(i) {
            Selection::Removed(_) => {
                g.note(ScoreEvent::Pair { at: g.elapsed() });
                self.message = None;
                self.changed(cx);
            }
            Selection::Selected(_) => self.message = None,
            Selection::Deselected(_) => self.message = None,
            Selection::Mismatch { .. } => {
                self.message = Some(Message::error("These two tiles do not match."));
            }
            Selection::Rejected { error, .. } => {
                self.message = Some(Message::error(rejection(&error)));
            }
            _ => {}
        }
    }

    fn key(&mut self, code: KeyCode, cx: &mut Context) -> Flow {
        if self.show_help {
            self.show_help = false;
            return Flow::Stay;
        }
        if code == KeyCode::Esc {
            return Flow::Menu;
        }
        let Some(g) = self.game.as_mut() else {
            return Flow::Stay;
        };
        match code {
            KeyCode::Left => g.move_cursor(-1, 0),
            KeyCode::Right => g.move_cursor(1, 0),
            KeyCode::Up => g.move_cursor(0, -1),
            KeyCode::Down => g.move_cursor(0, 1),
            KeyCode::Tab => g.next_free(false),
            KeyCode::BackTab => g.next_free(true),
            KeyCode::Enter | KeyCode::Char(' ') => {
                let i = g.cursor;
                self.select(i, cx);
            }
            KeyCode::Char('h') => self.ask_hint(cx),
            KeyCode::Char('u') => {
                if g.board.undo().is_some() {
                    g.note(ScoreEvent::Undo { at: g.elapsed() });
                    self.message = None;
                    self.changed(cx);
                } else {
                    self.message = Some(Message::error("Nothing to undo."));
                }
            }
            KeyCode::Char('s') => {
                let mut rng =
                    Pcg64Mcg::seed_from_u64(crate::mix(g.seed, &[u64::from(g.shuffles) + 1]));
                match ReversePlacement::new()
                    .budget(DEALER_BUDGET)
                    .shuffle(&mut g.board, &mut rng)
                {
                    Ok(()) => {
                        g.shuffles += 1;
                        g.note(ScoreEvent::Shuffle { at: g.elapsed() });
                        self.message =
                            Some(Message::info("Shuffled: the tiles left can all go again."));
                        self.changed(cx);
                    }
                    Err(e) => self.message = Some(Message::error(format!("No shuffle: {e}"))),
                }
            }
            KeyCode::Char('x') => {
                let svg = to_svg(&g.board, &SvgOptions::default());
                let name = format!("solitaire-{}-{}.svg", g.source, g.board.history().len());
                self.message = Some(match cx.store.write(&name, &svg) {
                    Ok(Some(p)) => Message::good(format!("Picture written to {}", p.display())),
                    Ok(None) => Message::error("Saving is off (--no-save): no picture written."),
                    Err(e) => Message::error(e.to_string()),
                });
            }
            KeyCode::Char('n') => self.form = Some(new_form()),
            KeyCode::Char('?') => self.show_help = true,
            _ => {}
        }
        Flow::Stay
    }
}

impl Screen for SolitaireScreen {
    fn handle(&mut self, event: &Event, cx: &mut Context) -> Flow {
        if let Some(form) = self.form.as_mut() {
            match form.handle(event) {
                FormEvent::Submit => {
                    let made = load_layout(form.chosen("layout"), form.value("path")).and_then(
                        |(layout, source)| {
                            new_game(&layout, source, form.index("deal") == 0, cx.next_seed())
                        },
                    );
                    match made {
                        Ok(g) => {
                            self.game = Some(g);
                            self.form = None;
                            self.analysis = None;
                            self.hint = None;
                            self.message = Some(Message::info(
                                "Arrows or Tab move, Space or a click picks a tile; h: hint.",
                            ));
                            self.analyse();
                        }
                        Err(e) => form.error = Some(crate::ui::escape(&e.to_string()).into_owned()),
                    }
                }
                FormEvent::Cancel => {
                    // Without a game the form stays, for the next visit.
                    if self.game.is_none() {
                        return Flow::Menu;
                    }
                    self.form = None;
                }
                FormEvent::Changed => {
                    let file = form.index("layout") == BuiltinLayout::ALL.len();
                    form.set_visible("path", file);
                }
                FormEvent::None => {}
            }
            return Flow::Stay;
        }
        match event {
            Event::Key(k) => self.key(k.code, cx),
            Event::Mouse(m) if matches!(m.kind, MouseEventKind::Down(_)) => {
                if let Some(i) = self.map.hit(m.column, m.row) {
                    self.select(i, cx);
                }
                Flow::Stay
            }
            _ => Flow::Stay,
        }
    }

    fn tick(&mut self, cx: &mut Context) {
        if let Some((v, job)) = &self.analysis_job
            && let Some(answer) = job.poll()
        {
            let v = *v;
            self.analysis_job = None;
            if let Some(outcome) = answer {
                self.analysis = Some((v, outcome));
            }
            self.analyse();
        }
        if let Some((v, job)) = &self.hint_job
            && let Some(answer) = job.poll()
        {
            let v = *v;
            self.hint_job = None;
            if let (Some(h), Some(g)) = (answer, &self.game)
                && g.version == v
            {
                self.show_hint(h);
            }
        }
        let running =
            self.form.is_none() && self.game.as_ref().is_some_and(|g| !g.board.is_cleared());
        if running {
            if let (Some(last), Some(g)) = (self.last_tick, self.game.as_mut()) {
                g.elapsed_ms = g
                    .elapsed_ms
                    .saturating_add(cx.now.saturating_sub(last).as_millis() as u64);
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
        cx.store.save_and_tell(FILE, g, "Mahjong solitaire")
    }

    fn settle(&mut self, cx: &mut Context) {
        for _ in 0..4 {
            if let Some((v, job)) = self.analysis_job.take() {
                if let Some(o) = job.wait() {
                    self.analysis = Some((v, o));
                }
                self.analyse();
            }
            if let Some((v, job)) = self.hint_job.take()
                && let (Some(h), Some(g)) = (job.wait(), &self.game)
                && g.version == v
            {
                self.show_hint(h);
            }
            if self.analysis_job.is_none() && self.hint_job.is_none() {
                break;
            }
        }
        let _ = cx;
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

    fn title(&self) -> String {
        match &self.game {
            Some(g) => format!(
                "3 · Mahjong solitaire · {}",
                crate::ui::escape(g.board.layout().name())
            ),
            None => "3 · Mahjong solitaire".into(),
        }
    }
}
