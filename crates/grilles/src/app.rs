//! The program's state machine: the menu, the four games, and what a session shares (time,
//! theme, saved games, seeds).

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;

use ratatui::Frame;
use ratatui::crossterm::event::{Event, KeyCode, KeyEventKind, KeyModifiers, MouseEventKind};
use ratatui::layout::Rect;
use ratatui::text::{Line, Span, Text};

use crate::defi::DefiScreen;
use crate::form::{Form, FormValues};
use crate::mahjong::MahjongScreen;
use crate::solitaire::SolitaireScreen;
use crate::store::{SaveState, Store};
use crate::sudoku::SudokuScreen;
use crate::theme::Theme;
use crate::ui::{self, Message};

/// How a session starts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    /// Plain-text symbols only (`--ascii`).
    pub ascii: bool,
    /// Where games are saved (`None`: nowhere).
    pub save_dir: Option<PathBuf>,
    /// The first seed of the session's generators (`None`: from the clock).
    pub seed: Option<u64>,
}

impl Settings {
    /// Unicode, nothing saved, seed 1.
    pub fn for_tests() -> Settings {
        Settings {
            ascii: false,
            save_dir: None,
            seed: Some(1),
        }
    }
}

/// What a session's screens share.
#[derive(Clone, Debug)]
pub struct Context {
    /// The time since the session started.
    pub now: Duration,
    /// Colours and symbols.
    pub theme: Theme,
    /// The saved games.
    pub store: Store,
    /// The last settings of each game's new-game form, by game.
    pub forms: BTreeMap<String, FormValues>,
    seed: u64,
    draws: u64,
}

/// The file of the last settings of the new-game forms.
pub const FORMS_FILE: &str = "forms.json";

impl Context {
    /// A context at time zero (the forms' last settings read from the store).
    pub fn new(theme: Theme, store: Store, seed: u64) -> Context {
        // Settings that cannot be read are only settings: the forms start from their
        // defaults then.
        let forms = store.load(FORMS_FILE).ok().flatten().unwrap_or_default();
        Context {
            now: Duration::ZERO,
            theme,
            store,
            forms,
            seed,
            draws: 0,
        }
    }

    /// Puts the last settings of `kind`'s form back in `form`.
    pub fn recall(&self, kind: ScreenKind, form: &mut Form) {
        if let Some(v) = self.forms.get(kind.name()) {
            form.restore(v);
        }
    }

    /// Opens `form`, the new-game form of `kind`, with its last settings; when the screen
    /// has no game, the message `pending` (a saved game that could not be resumed) is said
    /// in it.
    pub fn open_form(
        &self,
        kind: ScreenKind,
        mut form: Form,
        pending: &mut Option<Message>,
        has_game: bool,
    ) -> Form {
        self.recall(kind, &mut form);
        if !has_game && let Some(m) = pending.take() {
            form.error = Some(m.text);
        }
        form
    }

    /// Keeps the settings of `kind`'s form (a game was started with them), in the store
    /// too.
    pub fn remember(&mut self, kind: ScreenKind, form: &Form) {
        self.forms.insert(kind.name().to_string(), form.values());
        // Settings not written are only settings: the next session starts from defaults.
        let _ = self.store.save(FORMS_FILE, &self.forms);
    }

    /// A fresh seed for a new game (the session's seed mixed with a counter).
    pub fn next_seed(&mut self) -> u64 {
        self.draws += 1;
        crate::mix(self.seed, &[self.draws])
    }
}

/// Where an event leaves a screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// It stays.
    Stay,
    /// Back to the menu.
    Menu,
}

/// The screens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScreenKind {
    /// The start menu.
    Menu,
    /// 1. Sudoku.
    Sudoku,
    /// 2. Défi Sudoku.
    Defi,
    /// 3. Mahjong solitaire.
    Solitaire,
    /// 4. French mahjong.
    Mahjong,
}

impl ScreenKind {
    /// The four games, in menu order.
    pub const GAMES: [ScreenKind; 4] = [
        ScreenKind::Sudoku,
        ScreenKind::Defi,
        ScreenKind::Solitaire,
        ScreenKind::Mahjong,
    ];

    /// The game's name.
    pub fn name(self) -> &'static str {
        match self {
            ScreenKind::Menu => "Menu",
            ScreenKind::Sudoku => "Sudoku",
            ScreenKind::Defi => "Défi Sudoku",
            ScreenKind::Solitaire => "Mahjong solitaire",
            ScreenKind::Mahjong => "French mahjong",
        }
    }

    /// What it is, for the menu.
    pub fn blurb(self) -> &'static str {
        match self {
            ScreenKind::Menu => "",
            ScreenKind::Sudoku => "classic, X, jigsaw, killer, Samurai; hints that explain",
            ScreenKind::Defi => "the competitive sudoku, against 1-4 computer players",
            ScreenKind::Solitaire => "Turtle and friends, or any KMahjongg layout; best scores",
            ScreenKind::Mahjong => "the French rules, against three computer players",
        }
    }

    /// The file its game is saved in.
    pub fn save_file(self) -> &'static str {
        match self {
            ScreenKind::Menu => "menu.json",
            ScreenKind::Sudoku => "sudoku.json",
            ScreenKind::Defi => "defi.json",
            ScreenKind::Solitaire => "solitaire.json",
            ScreenKind::Mahjong => "mahjong.json",
        }
    }
}

/// What every game screen does.
pub trait Screen {
    /// Takes a key, a click or pasted text.
    fn handle(&mut self, event: &Event, cx: &mut Context) -> Flow;
    /// Lets time pass (timers, computer players, answers from other threads).
    fn tick(&mut self, cx: &mut Context);
    /// Draws the body of the screen in `area`, and says its help line.
    fn render(&mut self, frame: &mut Frame<'_>, area: Rect, cx: &Context) -> String;
    /// Saves the game, and says what happened.
    fn save(&mut self, cx: &Context) -> Option<Message>;
    /// Waits for the work of other threads (tests).
    fn settle(&mut self, cx: &mut Context);
    /// The screen is left for the menu.
    fn leave(&mut self, cx: &Context);
    /// The screen is shown again.
    fn enter(&mut self, cx: &Context);
    /// The title line's text.
    fn title(&self) -> String;
    /// Whether a game is under way (not only its setup form).
    fn has_game(&self) -> bool;
    /// The smallest terminal (columns, rows) the screen is drawn whole in.
    fn min_size(&self) -> (u16, u16);
}

/// The smallest terminal the menu is drawn whole in.
pub const MENU_SIZE: (u16, u16) = (64, 21);

/// What each game's save file holds, read without opening the game.
fn probe_saves(store: &Store) -> BTreeMap<&'static str, SaveState> {
    use crate::defi::DefiSave;
    use crate::mahjong::MahjongSave;
    use crate::solitaire::SolitaireGame;
    use crate::sudoku::SudokuSave;
    [
        (
            ScreenKind::Sudoku,
            store.probe::<SudokuSave>(ScreenKind::Sudoku.save_file()),
        ),
        (
            ScreenKind::Defi,
            store.probe::<DefiSave>(ScreenKind::Defi.save_file()),
        ),
        (
            ScreenKind::Solitaire,
            store.probe::<SolitaireGame>(ScreenKind::Solitaire.save_file()),
        ),
        (
            ScreenKind::Mahjong,
            store.probe::<MahjongSave>(ScreenKind::Mahjong.save_file()),
        ),
    ]
    .into_iter()
    .map(|(k, s)| (k.save_file(), s))
    .collect()
}

/// The whole program: the menu and the four games.
#[derive(Debug)]
pub struct App {
    cx: Context,
    screen: ScreenKind,
    menu_focus: usize,
    menu_rows: Vec<(u16, ScreenKind)>,
    saves: BTreeMap<&'static str, SaveState>,
    message: Option<Message>,
    quit: bool,
    /// 1. Sudoku, once opened.
    pub sudoku: Option<SudokuScreen>,
    /// 2. Défi Sudoku, once opened.
    pub defi: Option<DefiScreen>,
    /// 3. Mahjong solitaire, once opened.
    pub solitaire: Option<SolitaireScreen>,
    /// 4. French mahjong, once opened.
    pub mahjong: Option<MahjongScreen>,
}

impl App {
    /// A session at the menu.
    pub fn new(settings: Settings) -> App {
        let seed = settings.seed.unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64)
        });
        let theme = Theme {
            ascii: settings.ascii,
        };
        let cx = Context::new(theme, Store::new(settings.save_dir), seed);
        let saves = probe_saves(&cx.store);
        App {
            cx,
            screen: ScreenKind::Menu,
            menu_focus: 0,
            menu_rows: Vec::new(),
            saves,
            message: None,
            quit: false,
            sudoku: None,
            defi: None,
            solitaire: None,
            mahjong: None,
        }
    }

    /// The screen shown.
    pub fn screen(&self) -> ScreenKind {
        self.screen
    }

    /// Whether the session is over.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// The shared context (time, theme, store).
    pub fn context(&self) -> &Context {
        &self.cx
    }

    fn active(&mut self) -> Option<&mut dyn Screen> {
        match self.screen {
            ScreenKind::Menu => None,
            ScreenKind::Sudoku => self.sudoku.as_mut().map(|s| s as &mut dyn Screen),
            ScreenKind::Defi => self.defi.as_mut().map(|s| s as &mut dyn Screen),
            ScreenKind::Solitaire => self.solitaire.as_mut().map(|s| s as &mut dyn Screen),
            ScreenKind::Mahjong => self.mahjong.as_mut().map(|s| s as &mut dyn Screen),
        }
    }

    fn screens(&mut self) -> Vec<&mut dyn Screen> {
        let mut v: Vec<&mut dyn Screen> = Vec::new();
        if let Some(s) = self.sudoku.as_mut() {
            v.push(s);
        }
        if let Some(s) = self.defi.as_mut() {
            v.push(s);
        }
        if let Some(s) = self.solitaire.as_mut() {
            v.push(s);
        }
        if let Some(s) = self.mahjong.as_mut() {
            v.push(s);
        }
        v
    }

    /// Opens a game (resuming it: from memory, else from its saved file).
    pub fn open(&mut self, kind: ScreenKind) {
        let cx = &mut self.cx;
        match kind {
            ScreenKind::Menu => {}
            ScreenKind::Sudoku => {
                self.sudoku.get_or_insert_with(|| SudokuScreen::open(cx));
            }
            ScreenKind::Defi => {
                self.defi.get_or_insert_with(|| DefiScreen::open(cx));
            }
            ScreenKind::Solitaire => {
                self.solitaire
                    .get_or_insert_with(|| SolitaireScreen::open(cx));
            }
            ScreenKind::Mahjong => {
                self.mahjong.get_or_insert_with(|| MahjongScreen::open(cx));
            }
        }
        self.screen = kind;
        self.message = None;
        let cx = self.cx.clone();
        if let Some(s) = self.active() {
            s.enter(&cx);
        }
    }

    fn back_to_menu(&mut self) {
        let cx = self.cx.clone();
        let mut msg = None;
        if let Some(s) = self.active() {
            s.leave(&cx);
            msg = s.save(&cx);
        }
        self.message = msg;
        self.screen = ScreenKind::Menu;
        self.saves = probe_saves(&self.cx.store);
    }

    /// Saves every open game and ends the session.
    pub fn quit(&mut self) {
        let cx = self.cx.clone();
        for s in self.screens() {
            s.leave(&cx);
            s.save(&cx);
        }
        self.quit = true;
    }

    /// Takes an event (key presses only: releases and repeats of other kinds are ignored).
    pub fn handle(&mut self, event: &Event) {
        if let Event::Key(k) = event {
            if k.kind == KeyEventKind::Release {
                return;
            }
            if k.modifiers.contains(KeyModifiers::CONTROL) && k.code == KeyCode::Char('c') {
                self.quit();
                return;
            }
        }
        if self.screen == ScreenKind::Menu {
            self.menu_event(event);
            return;
        }
        let mut cx = self.cx.clone();
        let flow = match self.active() {
            Some(s) => s.handle(event, &mut cx),
            None => Flow::Menu,
        };
        self.cx = cx;
        if flow == Flow::Menu {
            self.back_to_menu();
        }
    }

    fn menu_event(&mut self, event: &Event) {
        match event {
            Event::Key(k) => match k.code {
                KeyCode::Char('q') => self.quit(),
                KeyCode::Char(c @ '1'..='4') => {
                    self.open(ScreenKind::GAMES[usize::from(c as u8 - b'1')]);
                }
                KeyCode::Up => self.menu_focus = (self.menu_focus + 3) % 4,
                KeyCode::Down | KeyCode::Tab => self.menu_focus = (self.menu_focus + 1) % 4,
                KeyCode::Enter => self.open(ScreenKind::GAMES[self.menu_focus]),
                _ => {}
            },
            Event::Mouse(m) if matches!(m.kind, MouseEventKind::Down(_)) => {
                if let Some(&(_, kind)) = self.menu_rows.iter().find(|(y, _)| *y == m.row) {
                    self.open(kind);
                }
            }
            _ => {}
        }
    }

    /// Sets the time since the session started, and lets the screens act on it.
    pub fn tick(&mut self, now: Duration) {
        self.cx.now = now.max(self.cx.now);
        let mut cx = self.cx.clone();
        if let Some(s) = self.active() {
            s.tick(&mut cx);
        }
        self.cx = cx;
    }

    /// Lets `by` pass.
    pub fn advance(&mut self, by: Duration) {
        let now = self.cx.now + by;
        self.tick(now);
    }

    /// Waits for every computation running in another thread, then takes its answer
    /// (tests use it to stay deterministic).
    pub fn settle(&mut self) {
        let mut cx = self.cx.clone();
        if let Some(s) = self.active() {
            s.settle(&mut cx);
            s.tick(&mut cx);
        }
        self.cx = cx;
    }

    /// Draws the screen.
    pub fn render(&mut self, frame: &mut Frame<'_>) {
        let parts = ui::split(frame.area());
        let theme = self.cx.theme;
        let cx = self.cx.clone();
        let (title, help) = match self.active() {
            Some(s) => {
                let help = s.render(frame, parts.body, &cx);
                (s.title(), help)
            }
            None => {
                let help = self.render_menu(frame, parts.body);
                ("Grilles & Tuiles".to_string(), help)
            }
        };
        let need = match self.active() {
            Some(s) => s.min_size(),
            None => MENU_SIZE,
        };
        let area = frame.area();
        let buf = frame.buffer_mut();
        ui::line(buf, parts.title, &title, theme.title());
        if area.width < need.0 || area.height < need.1 {
            // Whatever does not fit is cut: say so, and how large it should be.
            let text = format!(
                "The terminal is too small: this screen needs {}×{} (it is {}×{}).",
                need.0, need.1, area.width, area.height
            );
            ui::line(buf, parts.status, &text, theme.error());
        } else if self.screen == ScreenKind::Menu {
            ui::message(buf, parts.status, self.message.as_ref(), theme);
        }
        ui::help_line(buf, parts.help, &help, theme);
        ui::pin_tile_glyphs(buf);
        ui::scrub(buf);
    }

    fn render_menu(&mut self, frame: &mut Frame<'_>, area: Rect) -> String {
        let theme = self.cx.theme;
        let mut lines = vec![
            Line::from(""),
            Line::styled("  Choose a game:", theme.title()),
            Line::from(""),
        ];
        self.menu_rows.clear();
        for (i, kind) in ScreenKind::GAMES.into_iter().enumerate() {
            let open = match kind {
                ScreenKind::Sudoku => self.sudoku.as_ref().is_some_and(Screen::has_game),
                ScreenKind::Defi => self.defi.as_ref().is_some_and(Screen::has_game),
                ScreenKind::Solitaire => self.solitaire.as_ref().is_some_and(Screen::has_game),
                ScreenKind::Mahjong => self.mahjong.as_ref().is_some_and(Screen::has_game),
                ScreenKind::Menu => false,
            };
            let tag = if open {
                "  (in progress)"
            } else {
                match self.saves.get(kind.save_file()) {
                    Some(SaveState::Saved) => "  (saved game)",
                    Some(SaveState::Unreadable) => "  (saved game unreadable)",
                    _ => "",
                }
            };
            let pointer = if i == self.menu_focus {
                theme.pointer()
            } else {
                " "
            };
            let style = if i == self.menu_focus {
                theme.accent()
            } else {
                theme.title()
            };
            self.menu_rows.push((area.y + lines.len() as u16, kind));
            lines.push(Line::from(vec![
                Span::raw(format!(" {pointer}")),
                Span::styled(format!("{}  {}", i + 1, kind.name()), style),
                Span::styled(tag, theme.good()),
            ]));
            lines.push(Line::styled(
                format!("       {}", kind.blurb()),
                theme.dim(),
            ));
        }
        lines.push(Line::from(""));
        lines.push(Line::from("    q  Quit"));
        lines.push(Line::from(""));
        let saves = match self.cx.store.dir() {
            Some(d) => format!("  Games are saved in {}", d.display()),
            None => "  Games are not saved in this session.".to_string(),
        };
        lines.push(Line::styled(saves, theme.dim()));
        ui::paragraph(frame.buffer_mut(), area, Text::from(lines));
        "1-4 open a game  ↑↓ Enter  Esc in a game: back here  q quit".to_string()
    }
}
