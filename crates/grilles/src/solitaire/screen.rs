//! [`SolitaireScreen`]: the keys and clicks of the solitaire, the layout chooser and its
//! preview, the solver's answers from other threads, the best scores.

use std::time::Duration;

use mahjong_solitaire::render::{SvgOptions, to_svg};
use mahjong_solitaire::{Hint, Interrupted, Move, Outcome, Solver};
use ratatui::Frame;
use ratatui::crossterm::event::{Event, KeyCode, KeyModifiers, MouseEventKind};
use ratatui::layout::Rect;

use super::game::{DealKind, Picked, SolitaireGame};
use super::layouts::{self, LayoutChoice};
use super::records::{BestScore, BestScores};
use super::{score, view};
use crate::app::{Context, Flow, Screen, ScreenKind};
use crate::form::Form;
use crate::jobs::Job;
use crate::pager::{Page, Pager};
use crate::ui::{Confirm, Front, Message, Overlay};

/// The solver's budget for the winnability check and hints, in search nodes.
pub const SOLVER_BUDGET: u64 = 200_000;

const FILE: &str = "solitaire.json";
const KIND: ScreenKind = ScreenKind::Solitaire;

/// The layout chooser's picture of the layout chosen: its lines, and what to say about it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Preview {
    /// The choice it shows.
    pub choice: usize,
    /// The picture (see [`layouts::preview`]).
    pub picture: Vec<String>,
    /// The lines under it: the layout's size, its best scores, or why it cannot be read.
    pub about: Vec<String>,
}

/// The solitaire screen.
#[derive(Debug)]
pub struct SolitaireScreen {
    /// The game, once there is one.
    pub game: Option<SolitaireGame>,
    /// The layout chooser (a form), when open.
    pub form: Option<Form>,
    /// The layouts it offers, in its order.
    pub choices: Vec<LayoutChoice>,
    /// The picture of the layout chosen.
    pub preview: Preview,
    /// The best scores of each layout.
    pub best: BestScores,
    /// The solver's last answer, and the position (version) it is about.
    pub analysis: Option<(u64, Result<Outcome, Interrupted>)>,
    analysis_job: Option<(u64, Job<Result<Outcome, Interrupted>>)>,
    hint_job: Option<(u64, Job<Hint>)>,
    /// The hint shown.
    pub hint: Option<Move>,
    /// The status message.
    pub message: Option<Message>,
    /// The boxes over the screen: a scrolling text, a question.
    pub overlay: Overlay,
    last_tick: Option<Duration>,
    /// Where the board was drawn.
    pub map: view::TileMap,
}

/// The keys: each line a whole phrase, short enough for the help box at 80 columns.
pub const HELP: &[&str] = &[
    "Arrows             move to the nearest tile that way",
    "Tab / Shift-Tab    next / previous free tile",
    "Space, Enter, click  pick a tile;",
    "                   a second matching free tile removes both",
    "h                  hint (h again removes the pair)",
    "u / r              undo / redo a pair (Ctrl-Z / Ctrl-Y too)",
    "s                  shuffle the tiles left (always winnable)",
    "x                  an SVG picture of the position, by the saves",
    "n                  new game: a layout (with its picture), a deal,",
    "                   a game number to play a deal again",
    "Esc                back to the menu (the game is saved)",
    "",
    "A tile is free (*) when nothing lies on it",
    "and its left or right side is clear.",
    "The digit beside (or under) a tile's face is its layer.",
    "Flowers pair with flowers, seasons with seasons.",
];

impl SolitaireScreen {
    fn empty(cx: &Context) -> SolitaireScreen {
        SolitaireScreen {
            game: None,
            form: None,
            choices: Vec::new(),
            preview: Preview::default(),
            best: BestScores::load(&cx.store),
            analysis: None,
            analysis_job: None,
            hint_job: None,
            hint: None,
            message: None,
            overlay: Overlay::default(),
            last_tick: None,
            map: view::TileMap::default(),
        }
    }

    /// A screen on a game (the winnability check starts at once).
    pub fn with_game(game: SolitaireGame, cx: &Context) -> SolitaireScreen {
        let mut s = SolitaireScreen::empty(cx);
        s.game = Some(game);
        s.analyse();
        s
    }

    /// Opens the screen: the saved game, else the layout chooser.
    pub fn open(cx: &mut Context) -> SolitaireScreen {
        let mut s = SolitaireScreen::empty(cx);
        let (game, message) = cx.store.resume(FILE, SolitaireGame::restore);
        s.game = game;
        s.message = message;
        if s.game.is_some() {
            s.analyse();
        } else {
            s.open_form(cx);
        }
        s
    }

    fn open_form(&mut self, cx: &Context) {
        self.choices = layouts::choices(&layouts::layout_dirs(cx.store.dir()));
        let labels: Vec<String> = self.choices.iter().map(LayoutChoice::label).collect();
        let refs: Vec<&str> = labels.iter().map(String::as_str).collect();
        let mut f = Form::new("New mahjong solitaire")
            .choice("layout", "Layout", &refs, 0)
            .text("path", "File", "", "path of a .layout file")
            .choice("deal", "Deal", &["winnable", "random"], 0)
            .text("number", "Game number", "", "blank: a new deal")
            .transient("number");
        f.note = Some(match &self.game {
            Some(g) => format!(
                "This game is number {}: type it to play its deal again.",
                g.number()
            ),
            None => {
                "Remove free matching pairs: a free tile has a side clear and nothing on it.".into()
            }
        });
        let has_game = self.game.is_some();
        self.form = Some(cx.open_form(KIND, f, &mut self.message, has_game));
        self.form_changed();
    }

    /// After a change in the chooser: the file field shown for another file, the picture
    /// of the layout chosen.
    fn form_changed(&mut self) {
        let Some(form) = self.form.as_mut() else {
            return;
        };
        let i = form.index("layout");
        let other = self.choices.get(i) == Some(&LayoutChoice::Other);
        form.set_visible("path", other);
        let path = form.value("path").to_string();
        let Some(choice) = self.choices.get(i) else {
            return;
        };
        if self.preview.choice == i && !self.preview.picture.is_empty() && !other {
            return;
        }
        self.preview = match (choice, path.is_empty()) {
            (LayoutChoice::Other, true) => Preview {
                choice: i,
                picture: Vec::new(),
                about: vec!["Type the path of a KMahjongg .layout file.".into()],
            },
            _ => match layouts::load(choice, &path) {
                Ok((layout, _)) => {
                    let mut about = vec![format!(
                        "{}: {} tiles, {} layers (the digits: tiles stacked there)",
                        layout.name(),
                        layout.len(),
                        layout.depth()
                    )];
                    about.push(best_line(&self.best, layout.name()));
                    Preview {
                        choice: i,
                        picture: layouts::preview(&layout),
                        about,
                    }
                }
                Err(e) => Preview {
                    choice: i,
                    picture: Vec::new(),
                    about: vec![e.to_string()],
                },
            },
        };
    }

    fn submit(&mut self, cx: &mut Context) {
        let Some(form) = self.form.as_mut() else {
            return;
        };
        let choice = self
            .choices
            .get(form.index("layout"))
            .cloned()
            .unwrap_or(LayoutChoice::Other);
        let kind = if form.index("deal") == 0 {
            DealKind::Winnable
        } else {
            DealKind::Random
        };
        let made = layouts::read_number(form.value("number")).and_then(|n| {
            let number = n.unwrap_or_else(|| layouts::number_from(cx.next_seed()));
            let (layout, source) = layouts::load(&choice, form.value("path"))?;
            layouts::deal(&layout, source, kind, number)
        });
        match made {
            Ok(g) => {
                cx.remember(KIND, form);
                self.message = Some(Message::info(format!(
                    "Game {}. Arrows or Tab move, Space or a click picks a tile; h: hint.",
                    g.number()
                )));
                self.game = Some(g);
                self.form = None;
                self.analysis = None;
                self.hint = None;
                self.analyse();
            }
            Err(e) => form.error = Some(crate::ui::escape(&e.to_string()).into_owned()),
        }
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

    /// After a change of the position: the hint dropped, the end said (and a best score
    /// kept), the check started again.
    fn changed(&mut self, cx: &Context) {
        self.hint = None;
        let Some(g) = self.game.as_ref() else {
            return;
        };
        if g.board.is_cleared() {
            let name = g.board.layout().name().to_string();
            let rank = self.best.add(
                &name,
                BestScore {
                    score: g.score(),
                    elapsed_ms: g.elapsed_ms,
                    number: g.number(),
                    hints: g.hints,
                },
            );
            // Best scores not written are only lost for the next session.
            let _ = self.best.save(&cx.store);
            let best = match rank {
                Some(1) => format!(" Your best on {name}!"),
                Some(r) => format!(" Number {r} of your best on {name}."),
                None => String::new(),
            };
            self.message = Some(Message::good(format!(
                "Cleared in {}! Score {}.{best} n: new game.",
                crate::ui::clock(g.elapsed()),
                g.score()
            )));
        } else if g.board.is_over() {
            self.message = Some(Message::error(
                "No pair left to remove: s shuffles the tiles, u takes the last pair back.",
            ));
        }
        self.analyse();
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
            if g.remove(m) {
                self.message = None;
                self.changed(cx);
            }
            return;
        }
        if self.hint_job.as_ref().is_some_and(|(v, _)| *v == g.version) {
            self.message = Some(Message::info("Still looking for a good pair…"));
            return;
        }
        g.note_hint();
        let ready = match self.analysis.as_ref() {
            Some((v, Ok(Outcome::Winnable(seq)))) if *v == g.version => {
                seq.first().copied().map(Hint::Winning)
            }
            Some((v, Ok(Outcome::Unwinnable))) if *v == g.version => Some(any_pair(&g.board)),
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
                            .unwrap_or_else(|_| any_pair(&board))
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

    fn pick(&mut self, i: usize, cx: &Context) {
        let Some(g) = self.game.as_mut() else {
            return;
        };
        match g.pick(i) {
            Picked::Removed => {
                self.message = None;
                self.changed(cx);
            }
            Picked::Selected | Picked::Deselected => self.message = None,
            Picked::Mismatch => {
                self.message = Some(Message::error("These two tiles do not match."));
            }
            Picked::Rejected(why) => self.message = Some(Message::error(why)),
        }
    }

    fn key(&mut self, code: KeyCode, mods: KeyModifiers, cx: &mut Context) -> Flow {
        if code == KeyCode::Esc {
            return Flow::Menu;
        }
        let Some(g) = self.game.as_mut() else {
            return Flow::Stay;
        };
        let ctrl = mods.contains(KeyModifiers::CONTROL);
        match code {
            KeyCode::Left => g.move_cursor(-1, 0),
            KeyCode::Right => g.move_cursor(1, 0),
            KeyCode::Up => g.move_cursor(0, -1),
            KeyCode::Down => g.move_cursor(0, 1),
            KeyCode::Tab => g.next_free(false),
            KeyCode::BackTab => g.next_free(true),
            KeyCode::Enter | KeyCode::Char(' ') => {
                let i = g.cursor;
                self.pick(i, cx);
            }
            KeyCode::Char('h') => self.ask_hint(cx),
            KeyCode::Char('u') | KeyCode::Char('z') if code == KeyCode::Char('u') || ctrl => {
                if g.undo() {
                    self.message = None;
                    self.changed(cx);
                } else {
                    self.message = Some(Message::error("Nothing to undo."));
                }
            }
            KeyCode::Char('r') | KeyCode::Char('y') if code == KeyCode::Char('r') || ctrl => {
                if g.redo() {
                    self.message = None;
                    self.changed(cx);
                } else {
                    self.message = Some(Message::error("Nothing to redo."));
                }
            }
            KeyCode::Char('s') => match g.shuffle() {
                Ok(()) => {
                    self.message =
                        Some(Message::info("Shuffled: the tiles left can all go again."));
                    self.changed(cx);
                }
                Err(e) => self.message = Some(Message::error(format!("No shuffle: {e}"))),
            },
            KeyCode::Char('x') => {
                let svg = to_svg(&g.board, &SvgOptions::default());
                let name = format!("solitaire-{}-{}.svg", g.source, g.board.history().len());
                self.message = Some(match cx.store.write(&name, &svg) {
                    Ok(Some(p)) => Message::good(format!("Picture written to {}", p.display())),
                    Ok(None) => Message::error("Saving is off (--no-save): no picture written."),
                    Err(e) => Message::error(e.to_string()),
                });
            }
            KeyCode::Char('n') => {
                if g.board.is_cleared() || g.board.history().is_empty() {
                    self.open_form(cx);
                } else {
                    self.overlay.confirm = Some(Confirm::new_game());
                }
            }
            KeyCode::Char('?') => {
                let mut keys: Vec<String> = HELP.iter().map(|s| (*s).to_string()).collect();
                keys.push(String::new());
                keys.push(score::RULES.to_string());
                let mut best = vec![format!(
                    "Your best scores ({} kept a layout):",
                    super::records::KEPT
                )];
                for (name, list) in &self.best.layouts {
                    best.push(String::new());
                    best.push(format!("{name}:"));
                    for b in list {
                        best.push(format!(
                            "  {:>6}  {:>8}  game {:<7} hints {}",
                            b.score,
                            crate::ui::clock(Duration::from_millis(b.elapsed_ms)),
                            b.number,
                            b.hints
                        ));
                    }
                }
                if self.best.layouts.is_empty() {
                    best.push("None yet: clear a board.".into());
                }
                self.overlay.pager = Some(Pager::new(vec![
                    Page::new("Mahjong solitaire: keys", keys),
                    Page::new("Mahjong solitaire: best scores", best),
                ]));
            }
            _ => {}
        }
        Flow::Stay
    }

    /// The help line.
    pub(super) fn help(&self) -> String {
        if let Some(f) = &self.form {
            return f.help().into();
        }
        "arrows/Tab  Space/click:pick  h:hint  u/r:undo/redo  s:shuffle  x:SVG  n:new  ?".into()
    }
}

/// A hint when the solver sees no winning line: the first pair that can go.
fn any_pair(board: &mahjong_solitaire::Board) -> Hint {
    board
        .legal_moves()
        .first()
        .map_or(Hint::NoMove, |&m| Hint::Legal(m))
}

/// The best scores of a layout in a line.
pub fn best_line(best: &BestScores, layout: &str) -> String {
    let list = best.of(layout);
    if list.is_empty() {
        return format!("No best score on {layout} yet.");
    }
    let scores: Vec<String> = list
        .iter()
        .take(3)
        .map(|b| {
            format!(
                "{} ({}, game {})",
                b.score,
                crate::ui::clock(Duration::from_millis(b.elapsed_ms)),
                b.number
            )
        })
        .collect();
    format!("Best on {layout}: {}", scores.join(" · "))
}

impl Screen for SolitaireScreen {
    fn handle(&mut self, event: &Event, cx: &mut Context) -> Flow {
        let front = self
            .overlay
            .front(&mut self.form, self.game.is_some(), event);
        match front {
            Front::Free => {}
            Front::Stay | Front::Answer(false) => return Flow::Stay,
            Front::Menu => return Flow::Menu,
            Front::Answer(true) => self.open_form(cx),
            Front::Submit => self.submit(cx),
            Front::Changed => self.form_changed(),
        }
        if front != Front::Free {
            return Flow::Stay;
        }
        match event {
            Event::Key(k) => self.key(k.code, k.modifiers, cx),
            Event::Mouse(m) if matches!(m.kind, MouseEventKind::Down(_)) => {
                if let Some(i) = self.map.hit(m.column, m.row) {
                    self.pick(i, cx);
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
        let running = self.form.is_none()
            && self.overlay.pager.is_none()
            && self.game.as_ref().is_some_and(|g| !g.board.is_cleared());
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

    fn settle(&mut self, _cx: &mut Context) {
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
            Some(g) if self.form.is_none() => view::smallest_terminal(&g.board),
            _ => (60, 20),
        }
    }

    fn title(&self) -> String {
        match &self.game {
            Some(g) => format!(
                "3 · Mahjong solitaire · {} · game {}",
                crate::ui::escape(g.board.layout().name()),
                g.number()
            ),
            None => "3 · Mahjong solitaire".into(),
        }
    }
}
