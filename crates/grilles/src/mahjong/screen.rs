//! [`MahjongScreen`]: the keys and clicks of the French mahjong table, the computer players'
//! turns at a pace people can follow, the claim prompt's countdown, the boxes over it (the
//! help pages, the game log, a question).

use std::time::Duration;

use mahjong_rules::table::Action;
use ratatui::Frame;
use ratatui::crossterm::event::{Event, KeyCode, MouseEventKind};
use ratatui::layout::Rect;

use super::form::{game_from_form, new_form};
use super::game::{MahjongGame, MahjongSave};
use super::{help, view};
use crate::app::{Context, Flow, Screen, ScreenKind};
use crate::form::Form;
use crate::pager::{Page, Pager};
use crate::ui::{Confirm, Front, Message, Overlay};

/// The pause before a computer player's turn, so that people can follow.
pub const BOT_DELAY: Duration = Duration::from_millis(500);

const FILE: &str = "mahjong.json";
const KIND: ScreenKind = ScreenKind::Mahjong;

/// The French mahjong screen.
#[derive(Debug)]
pub struct MahjongScreen {
    /// The game, once there is one.
    pub game: Option<MahjongGame>,
    /// The setup form, when open.
    pub form: Option<Form>,
    /// The status message.
    pub message: Option<Message>,
    /// The boxes over the screen: a scrolling text, a question.
    pub overlay: Overlay,
    /// The round whose opening moves (the others' before the person's first turn) were
    /// said.
    opening_said: Option<usize>,
    next_bot_at: Duration,
    /// Where each tile of the hand was drawn (left column, row), for clicks.
    pub hand_map: Vec<(u16, u16)>,
}

impl MahjongScreen {
    /// Opens the screen: the saved game, else the setup form.
    pub fn open(cx: &mut Context) -> MahjongScreen {
        let mut s = MahjongScreen {
            game: None,
            form: None,
            message: None,
            overlay: Overlay::default(),
            opening_said: None,
            next_bot_at: Duration::ZERO,
            hand_map: Vec::new(),
        };
        let (game, message) = cx
            .store
            .resume::<MahjongSave, _, _>(FILE, MahjongGame::restore);
        s.game = game;
        s.message = message;
        // A resumed round has had its opening said already.
        s.opening_said = s.game.as_ref().map(|g| g.game.round_number());
        if s.game.is_none() {
            s.open_form(cx);
        }
        s
    }

    fn open_form(&mut self, cx: &Context) {
        let has_game = self.game.is_some();
        self.form = Some(cx.open_form(KIND, new_form(), &mut self.message, has_game));
    }

    fn human(&mut self, action: Action) {
        let Some(g) = self.game.as_mut() else {
            return;
        };
        match g.act(action) {
            Ok(()) => self.message = None,
            Err(e) => self.message = Some(Message::error(e.to_string())),
        }
    }

    /// The help line.
    pub(super) fn help(&self) -> String {
        if let Some(f) = &self.form {
            return f.help().into();
        }
        let Some(g) = &self.game else {
            return String::new();
        };
        if g.showing_results || g.game.round().is_none() {
            return if g.game.is_finished() {
                "Enter or n: new game  ←→ itemised score of another seat  l:log  Esc: menu".into()
            } else {
                "Enter: next round  ←→ another seat's score  l:log  ?  Esc: menu".into()
            };
        }
        if g.is_claim_prompt() {
            "1-9: claim as listed  p or Space: pass  Enter: the only claim, else pass".into()
        } else if !g.human_to_act() {
            "Computer players are playing…  l:log  ?:keys and rules  n:new  Esc:menu".into()
        } else {
            "←→ tile  Enter:discard  h:suggest  m:Mah-jong  k:kong  c:calling  1-9  l:log  ?".into()
        }
    }

    fn key(&mut self, code: KeyCode, cx: &mut Context) -> Flow {
        if code == KeyCode::Esc {
            return Flow::Menu;
        }
        let Some(g) = self.game.as_mut() else {
            return Flow::Stay;
        };
        match code {
            KeyCode::Char('?') => {
                self.overlay.pager = Some(Pager::new(help::pages(Some(g.game.options()))));
                return Flow::Stay;
            }
            KeyCode::Char('l') => {
                let log = g.game_log();
                self.overlay.pager = Some(Pager::one(Page::new("The game so far", log)).at_end());
                return Flow::Stay;
            }
            KeyCode::Char('n') => {
                if g.game.is_finished() {
                    self.open_form(cx);
                } else {
                    self.overlay.confirm = Some(Confirm::new_game());
                }
                return Flow::Stay;
            }
            _ => {}
        }
        if g.showing_results {
            match code {
                KeyCode::Left => g.results_page = (g.results_page + 3) % 4,
                KeyCode::Right => g.results_page = (g.results_page + 1) % 4,
                KeyCode::Enter | KeyCode::Char(' ') => {
                    if g.game.is_finished() {
                        self.open_form(cx);
                    } else if let Err(e) = g.deal() {
                        self.message = Some(Message::error(e.to_string()));
                    } else {
                        self.message = Some(Message::info(g.deal_message()));
                        self.next_bot_at = cx.now + BOT_DELAY;
                    }
                }
                _ => {}
            }
            return Flow::Stay;
        }
        if !g.human_to_act() {
            return Flow::Stay;
        }
        let w = g.wind();
        let choices = g.choices();
        let pick = |c: char| -> Option<Action> {
            let i = c.to_digit(10)? as usize;
            choices.get(i.checked_sub(1)?).copied()
        };
        if g.is_own_turn() {
            g.fix_cursor();
            let (hand, _) = g.hand();
            match code {
                KeyCode::Left => g.cursor = g.cursor.saturating_sub(1),
                KeyCode::Right => g.cursor = (g.cursor + 1).min(hand.len().saturating_sub(1)),
                KeyCode::Home => g.cursor = 0,
                KeyCode::End => g.cursor = hand.len().saturating_sub(1),
                KeyCode::Enter | KeyCode::Char('d') | KeyCode::Char(' ') => {
                    if let Some(&tile) = hand.get(g.cursor) {
                        self.human(Action::Discard { seat: w, tile });
                    }
                }
                KeyCode::Char('h') => match g.suggested_discard() {
                    Some(s) => {
                        if let Some(i) = hand.iter().rposition(|&t| t == s.tile) {
                            g.cursor = i;
                        }
                        self.message = Some(Message::info(s.text()));
                    }
                    None => self.message = Some(Message::error("No discard to suggest.")),
                },
                KeyCode::Char('c') => {
                    if let Some(&tile) = hand.get(g.cursor) {
                        self.human(Action::Calling { seat: w, tile });
                    }
                }
                KeyCode::Char('m') => self.human(Action::MahJong { seat: w }),
                KeyCode::Char('k') => {
                    let kong = choices
                        .iter()
                        .find(|a| matches!(a, Action::Kong { tile, .. } if Some(tile) == hand.get(g.cursor)))
                        .or_else(|| choices.iter().find(|a| matches!(a, Action::Kong { .. })))
                        .copied();
                    match kong {
                        Some(a) => self.human(a),
                        None => self.message = Some(Message::error("No kong to make.")),
                    }
                }
                KeyCode::Char(c @ '1'..='9') => {
                    if let Some(a) = pick(c) {
                        self.human(a);
                    }
                }
                _ => {}
            }
        } else {
            match code {
                KeyCode::Char('p' | '0') | KeyCode::Char(' ') => {
                    self.human(Action::Pass { seat: w })
                }
                KeyCode::Char(c @ '1'..='9') => {
                    if let Some(a) = pick(c) {
                        self.human(a);
                    }
                }
                KeyCode::Enter => {
                    let a = if choices.len() == 1 {
                        choices[0]
                    } else {
                        Action::Pass { seat: w }
                    };
                    self.human(a);
                }
                _ => {}
            }
        }
        Flow::Stay
    }

    fn submit(&mut self, cx: &mut Context) {
        let Some(form) = self.form.as_mut() else {
            return;
        };
        match game_from_form(form, cx.next_seed()) {
            Ok(g) => {
                cx.remember(KIND, form);
                self.message = Some(Message::info(g.deal_message()));
                self.game = Some(g);
                self.form = None;
                self.opening_said = None;
                self.next_bot_at = cx.now + BOT_DELAY;
            }
            Err(e) => form.error = Some(e.to_string()),
        }
    }
}

impl Screen for MahjongScreen {
    fn handle(&mut self, event: &Event, cx: &mut Context) -> Flow {
        let front = self
            .overlay
            .front(&mut self.form, self.game.is_some(), event);
        match front {
            Front::Free => {}
            Front::Stay | Front::Answer(false) | Front::Changed => return Flow::Stay,
            Front::Menu => return Flow::Menu,
            Front::Answer(true) => self.open_form(cx),
            Front::Submit => self.submit(cx),
        }
        if front != Front::Free {
            return Flow::Stay;
        }
        match event {
            Event::Key(k) => self.key(k.code, cx),
            Event::Mouse(m) if matches!(m.kind, MouseEventKind::Down(_)) => {
                if let Some(i) = self.hand_map.iter().position(|&(x, y)| {
                    m.row >= y && m.row <= y + 1 && m.column >= x && m.column < x + 2
                }) && let Some(g) = self.game.as_mut()
                {
                    if g.cursor == i && g.is_own_turn() {
                        return self.key(KeyCode::Enter, cx);
                    }
                    g.cursor = i;
                }
                Flow::Stay
            }
            _ => Flow::Stay,
        }
    }

    fn tick(&mut self, cx: &mut Context) {
        if self.form.is_some() || self.overlay.is_open() {
            return;
        }
        let Some(g) = self.game.as_mut() else {
            return;
        };
        if g.showing_results || g.game.round().is_none() {
            return;
        }
        g.fix_cursor();
        let human = g.wind();
        // Claims of the computer players need no pause; their turns do.
        let mut acted = false;
        while g.bot_step(true).is_some() {
            acted = true;
        }
        if !acted && cx.now >= self.next_bot_at && !g.human_to_act() && g.bot_step(false).is_some()
        {
            self.next_bot_at = cx.now + BOT_DELAY;
        }
        // The person's first decision of a round: what the others did before it.
        let round = g.game.round_number();
        if g.human_to_act() && self.opening_said != Some(round) {
            self.opening_said = Some(round);
            if let Some(before) = g.before_first_turn() {
                let now = if g.is_claim_prompt() {
                    "your turn to claim or pass"
                } else {
                    "your turn"
                };
                self.message = Some(Message::info(format!(
                    "{} Before you: {before}; {now}.",
                    g.deal_message()
                )));
            }
        }
        if g.is_claim_prompt() {
            let count = g.game.round().map_or(0, |r| r.history().len());
            match g.prompt {
                Some((c, _)) if c == count => {}
                _ => g.prompt = Some((count, cx.now)),
            }
            if let (Some(limit), Some((_, since))) = (g.claim_timeout, g.prompt)
                && cx.now.saturating_sub(since) >= limit
            {
                let pass = Action::Pass { seat: human };
                if g.act(pass).is_ok() {
                    self.message = Some(Message::info("Too late to claim: passed."));
                }
            }
        }
        if g.showing_results {
            self.message = None;
            self.next_bot_at = cx.now + BOT_DELAY;
        }
    }

    fn render(&mut self, frame: &mut Frame<'_>, area: Rect, cx: &Context) -> String {
        view::render(self, frame, area, cx)
    }

    fn save(&mut self, cx: &Context) -> Option<Message> {
        let g = self.game.as_ref()?;
        cx.store.save_and_tell(FILE, &g.save(), "French mahjong")
    }

    fn settle(&mut self, _cx: &mut Context) {}

    fn leave(&mut self, _cx: &Context) {}

    fn enter(&mut self, cx: &Context) {
        self.next_bot_at = cx.now + BOT_DELAY;
        if let Some(g) = self.game.as_mut() {
            g.prompt = None;
        }
    }

    fn has_game(&self) -> bool {
        self.game.is_some()
    }

    fn min_size(&self) -> (u16, u16) {
        (72, 22)
    }

    fn title(&self) -> String {
        match &self.game {
            Some(g) => {
                let n = g.game.options().rounds;
                if g.game.is_finished() {
                    format!("4 · French mahjong · game over ({n} rounds)")
                } else {
                    let r = g.game.round_number().min(n);
                    format!("4 · French mahjong · round {r}/{n}")
                }
            }
            None => "4 · French mahjong".into(),
        }
    }
}
