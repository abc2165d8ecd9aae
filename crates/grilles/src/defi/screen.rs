//! [`DefiScreen`]: the keys and clicks of the Défi Sudoku screen, the computer players' turns
//! at a pace people can follow, the setup form, the replay, the boxes of text over it.

use std::time::Duration;

use defi_sudoku::Entry;
use ratatui::Frame;
use ratatui::crossterm::event::{Event, KeyCode, MouseEventKind};
use ratatui::layout::Rect;
use sudoku_core::Shape;

use super::form::{LEGEND, RULES, game_from_form, new_form, update_form};
use super::game::{DefiGame, DefiSave, Replay, report_line, why};
use super::view;
use crate::app::{Context, Flow, Screen, ScreenKind};
use crate::form::Form;
use crate::pager::{Page, Pager};
use crate::sudoku::BoardMap;
use crate::ui::{Confirm, Front, Message, Overlay};

/// The pause between two entries of computer players, so that people can follow.
pub const BOT_DELAY: Duration = Duration::from_millis(700);

const FILE: &str = "defi.json";
const KIND: ScreenKind = ScreenKind::Defi;

/// The Défi Sudoku screen.
#[derive(Debug)]
pub struct DefiScreen {
    /// The game, once there is one.
    pub game: Option<DefiGame>,
    /// The setup form, when open.
    pub form: Option<Form>,
    /// The record being watched, when replaying.
    pub replay: Option<Replay>,
    /// The boxes over the screen: a scrolling text, a question.
    pub overlay: Overlay,
    /// The status message.
    pub message: Option<Message>,
    /// Whether the message is the line of the newest entry (the log below it then starts
    /// with the entry before).
    pub message_is_last_entry: bool,
    next_bot_at: Duration,
    last_tick: Option<Duration>,
    /// Where the board was drawn.
    pub map: BoardMap,
}

/// The keys, as the help's first page says them.
pub const KEYS: &[&str] = &[
    "Arrows, a click   move the cursor",
    "1-9               enter a digit on your turn",
    "w                 why? how the entry under the cursor is deduced",
    "v                 replay the record entry by entry",
    "e                 export the record (JSON) beside the saved games",
    "n                 new game: people, computer players, every option",
    "?                 these pages: the keys, the rules, the score table",
    "Esc               back to the menu (the game is saved)",
];

/// The help's pages: the keys, the rules, the score table's columns.
pub fn help_pages() -> Vec<Page> {
    let mut table = vec![
        "The score table, one line a player (▶ to move):".to_string(),
        "  Total   every point so far".to_string(),
        "  face    the face values of the player's right digits".to_string(),
        "  bonus   +10 for each turn that completed a row, column or box".to_string(),
        "  hcp     the handicap given at the start (players 2 to 5)".to_string(),
        "  abs     +10 for not playing in the final round (the grid was full)".to_string(),
        "Under the board: the newest entries; the board shows each player's".to_string(),
        "digits in their colour, the last entry highlighted, wrong ones struck out.".to_string(),
    ];
    table.push(String::new());
    table.extend(LEGEND.iter().map(|s| (*s).to_string()));
    vec![
        Page::new("Défi Sudoku: keys", KEYS.iter().copied()),
        Page::new("Défi Sudoku: rules", RULES.iter().copied()),
        Page::new("Défi Sudoku: the score table", table),
    ]
}

impl DefiScreen {
    /// Opens the screen: the saved game, else the setup form.
    pub fn open(cx: &mut Context) -> DefiScreen {
        let mut s = DefiScreen {
            game: None,
            form: None,
            replay: None,
            overlay: Overlay::default(),
            message: None,
            message_is_last_entry: false,
            next_bot_at: Duration::ZERO,
            last_tick: None,
            map: BoardMap::default(),
        };
        let (game, message) = cx.store.resume::<DefiSave, _, _>(FILE, DefiGame::restore);
        s.game = game;
        s.message = message;
        if s.game.is_none() {
            s.open_form(cx);
        }
        s
    }

    fn open_form(&mut self, cx: &Context) {
        let has_game = self.game.is_some();
        let mut f = cx.open_form(KIND, new_form(), &mut self.message, has_game);
        // The fields the choices call for, then the choices of those fields.
        update_form(&mut f);
        cx.recall(KIND, &mut f);
        self.form = Some(f);
    }

    fn after_entry(&mut self, report: Option<String>) {
        let Some(g) = &self.game else {
            return;
        };
        if let Some(result) = g.result() {
            self.message = Some(Message::good(format!(
                "{result} v: replay the record, n: new game."
            )));
            self.message_is_last_entry = false;
        } else if let Some(line) = report {
            self.message = Some(Message::info(line));
            self.message_is_last_entry = true;
        }
    }

    fn key(&mut self, code: KeyCode, cx: &mut Context) -> Flow {
        if let Some(r) = self.replay.as_mut() {
            match code {
                KeyCode::Esc | KeyCode::Char('v') => self.replay = None,
                KeyCode::Left => r.go(r.step.saturating_sub(1)),
                KeyCode::Right => r.go(r.step + 1),
                KeyCode::Home => r.go(0),
                KeyCode::End => r.go(usize::MAX),
                KeyCode::Char('w') if r.step > 0 => {
                    let (_, e, _) = r.entries[r.step - 1];
                    self.overlay.pager =
                        Some(Pager::one(Page::text("Why?", &why(&r.full, e.cell))));
                }
                KeyCode::Char('?') => self.overlay.pager = Some(Pager::new(help_pages())),
                _ => {}
            }
            return Flow::Stay;
        }
        if code == KeyCode::Esc {
            return Flow::Menu;
        }
        let Some(g) = self.game.as_mut() else {
            return Flow::Stay;
        };
        match code {
            KeyCode::Up => g.move_cursor(-1, 0),
            KeyCode::Down => g.move_cursor(1, 0),
            KeyCode::Left => g.move_cursor(0, -1),
            KeyCode::Right => g.move_cursor(0, 1),
            KeyCode::Enter if g.waiting_for_seat() => {
                g.sit();
                self.message = Some(Message::info("Your turn: the clock runs."));
                self.message_is_last_entry = false;
            }
            KeyCode::Char(c @ '1'..='9') => self.type_digit(c as u8 - b'0', cx),
            KeyCode::Char('w') => {
                let text = g.why(g.cursor);
                self.overlay.pager = Some(Pager::one(Page::text("Why?", &text)));
            }
            KeyCode::Char('v') => match Replay::new(g.game().record()) {
                Ok(r) => self.replay = Some(r),
                Err(e) => self.message = Some(Message::error(e.to_string())),
            },
            KeyCode::Char('e') => {
                let name = format!("defi-record-{:016x}.json", g.seed);
                let text = serde_json::to_string_pretty(&g.game().record()).unwrap_or_default();
                self.message = Some(match cx.store.write(&name, &text) {
                    Ok(Some(p)) => Message::good(format!("Record written to {}", p.display())),
                    Ok(None) => Message::error("Saving is off (--no-save)."),
                    Err(e) => Message::error(e.to_string()),
                });
                self.message_is_last_entry = false;
            }
            KeyCode::Char('n') => {
                if g.game().is_over() {
                    self.open_form(cx);
                } else {
                    self.overlay.confirm = Some(Confirm::new_game());
                }
            }
            KeyCode::Char('?') => self.overlay.pager = Some(Pager::new(help_pages())),
            _ => {}
        }
        Flow::Stay
    }

    fn type_digit(&mut self, digit: u8, cx: &Context) {
        let Some(g) = self.game.as_mut() else {
            return;
        };
        self.message_is_last_entry = false;
        if g.waiting_for_seat() {
            self.message = Some(Message::error("Press Enter when seated."));
            return;
        }
        let Some(p) = g.human_to_move() else {
            self.message = Some(Message::error(if g.game().is_over() {
                "The game is over."
            } else {
                "Wait: a computer player is to move."
            }));
            return;
        };
        match g.play(Entry::new(p, g.cursor, digit)) {
            Ok(report) => {
                let line = report_line(&g.game().players()[p], &report);
                self.next_bot_at = cx.now + BOT_DELAY;
                self.after_entry(Some(line));
            }
            Err(e) => self.message = Some(Message::error(e.to_string())),
        }
    }

    fn submit(&mut self, cx: &mut Context) {
        let Some(form) = self.form.as_mut() else {
            return;
        };
        match game_from_form(form, cx.next_seed()) {
            Ok(g) => {
                cx.remember(KIND, form);
                self.game = Some(g);
                self.form = None;
                self.replay = None;
                self.last_tick = Some(cx.now);
                self.next_bot_at = cx.now + BOT_DELAY;
                self.message = Some(Message::info(
                    "Move with the arrows, type a digit on your turn; w: why? ?: keys and rules.",
                ));
                self.message_is_last_entry = false;
            }
            Err(e) => form.error = Some(e.to_string()),
        }
    }

    /// The help line.
    pub(super) fn help(&self) -> String {
        if let Some(f) = &self.form {
            return f.help().into();
        }
        if self.replay.is_some() {
            return "Replay: ←→ step  Home/End  w:why?  Esc or v: back to the game".into();
        }
        if self.game.as_ref().is_some_and(DefiGame::waiting_for_seat) {
            return "Enter: I am seated (the turn's clock starts)  Esc:menu".into();
        }
        "arrows 1-9 type  w:why?  v:replay  e:export record  n:new  ?  Esc:menu".into()
    }
}

impl Screen for DefiScreen {
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
            Front::Changed => {
                if let Some(f) = self.form.as_mut() {
                    update_form(f);
                }
            }
        }
        if front != Front::Free {
            return Flow::Stay;
        }
        match event {
            Event::Key(k) => self.key(k.code, cx),
            Event::Mouse(m) if matches!(m.kind, MouseEventKind::Down(_)) => {
                if let (Some(g), Some((r, c))) = (self.game.as_mut(), self.map.hit(m.column, m.row))
                {
                    g.cursor = Shape::CLASSIC.cell(r, c);
                }
                Flow::Stay
            }
            _ => Flow::Stay,
        }
    }

    fn tick(&mut self, cx: &mut Context) {
        let active = self.form.is_none() && self.replay.is_none();
        if let Some(g) = self.game.as_mut()
            && let Some(last) = self.last_tick
            && active
            && !g.waiting_for_seat()
        {
            g.clock.advance(cx.now.saturating_sub(last));
        }
        self.last_tick = Some(cx.now);
        if !active {
            return;
        }
        let mut played = None;
        if let Some(g) = self.game.as_mut()
            && cx.now >= self.next_bot_at
            && g.game().to_act().first().copied().is_some()
            && g.human_to_move().is_none()
            && let Some(p) = g.game().to_act().first().copied()
            && let Some(report) = g.bot_move()
        {
            played = Some(report_line(&g.game().players()[p], &report));
        }
        if played.is_some() {
            self.next_bot_at = cx.now + BOT_DELAY;
            self.after_entry(played);
        }
    }

    fn render(&mut self, frame: &mut Frame<'_>, area: Rect, cx: &Context) -> String {
        view::render(self, frame, area, cx.theme)
    }

    fn save(&mut self, cx: &Context) -> Option<Message> {
        let g = self.game.as_ref()?;
        cx.store.save_and_tell(FILE, &g.save(), "Défi Sudoku")
    }

    fn settle(&mut self, _cx: &mut Context) {}

    fn leave(&mut self, _cx: &Context) {
        self.last_tick = None;
    }

    fn enter(&mut self, cx: &Context) {
        self.last_tick = None;
        self.next_bot_at = cx.now + BOT_DELAY;
    }

    fn has_game(&self) -> bool {
        self.game.is_some()
    }

    fn min_size(&self) -> (u16, u16) {
        if self.game.is_some() {
            (78, 20)
        } else {
            (60, 20)
        }
    }

    fn title(&self) -> String {
        match &self.game {
            Some(g) => {
                let game = g.game();
                let mut t = format!("2 · Défi Sudoku · round {}", game.round());
                if game.is_final_round() {
                    t.push_str(" (final)");
                }
                if game.is_over() {
                    t.push_str(" · over");
                }
                t
            }
            None => "2 · Défi Sudoku".into(),
        }
    }
}
