//! Game 4, French mahjong against three computer players: your hand in Unicode tiles, draws
//! and discards, claim prompts that pass by themselves after a short time, the itemised
//! scores and the payments at the end of each round, the running totals.
//!
//! The game is mahjong-rules' table ([`Game`]); the player is player 0, the computer
//! players mahjong-rules' bots. Deals and the bots' draws come from generators seeded from
//! the game's seed, the round and the number of actions, so a restored game goes on as
//! the saved one would have.

pub mod view;

use std::time::Duration;

use mahjong_rules::table::{Action, Game, GameRecord, Phase, TableOptions, bots};
use mahjong_rules::wall::Deal;
use mahjong_rules::{DiscardRule, RuleOptions, ScoringSystem};
use mahjong_tiles::{Tile, TileSet, Wind};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use ratatui::Frame;
use ratatui::crossterm::event::{Event, KeyCode, MouseEventKind};
use ratatui::layout::Rect;
use serde::{Deserialize, Serialize};

use crate::app::{Context, Flow, Screen};
use crate::form::{Form, FormEvent};
use crate::ui::Message;

/// The player's index at the table.
pub const HUMAN: usize = 0;

/// The pause before a computer player's turn, so that people can follow.
pub const BOT_DELAY: Duration = Duration::from_millis(500);

/// What is saved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MahjongSave {
    /// mahjong-rules' record of the game (replayed on loading).
    pub record: GameRecord,
    /// The seed of the deals and the computer players.
    pub seed: u64,
    /// The computer players of players 1, 2, 3 (mahjong-rules' bot names).
    pub bots: [String; 3],
    /// How long a claim prompt waits, in milliseconds (`None`: for ever).
    pub claim_timeout_ms: Option<u64>,
    /// Whether the last round's results are on screen.
    pub showing_results: bool,
}

/// A game at the table.
#[derive(Debug)]
pub struct MahjongGame {
    /// mahjong-rules' game.
    pub game: Game,
    /// The seed of the deals and the computer players.
    pub seed: u64,
    /// The computer players of players 1, 2, 3.
    pub bots: [String; 3],
    /// How long a claim prompt waits.
    pub claim_timeout: Option<Duration>,
    /// Whether the last round's results are on screen.
    pub showing_results: bool,
    /// Which seat's itemised score the results show.
    pub results_page: usize,
    /// The tile under the cursor, in the hand as shown.
    pub cursor: usize,
    /// When the claim prompt on screen appeared, and for which action count.
    pub prompt: Option<(usize, Duration)>,
    turn_seen: Option<usize>,
}

impl MahjongGame {
    /// A new game: deals its first round.
    ///
    /// # Errors
    /// When the first deal fails.
    pub fn new(
        options: TableOptions,
        names: [String; 4],
        bots: [String; 3],
        seed: u64,
        claim_timeout: Option<Duration>,
    ) -> Result<MahjongGame, MahjongError> {
        let mut g = MahjongGame {
            game: Game::new(names, options)?.with_seed(seed),
            seed,
            bots,
            claim_timeout,
            showing_results: false,
            results_page: 0,
            cursor: 0,
            prompt: None,
            turn_seen: None,
        };
        g.deal()?;
        Ok(g)
    }

    /// The game read back from a save.
    ///
    /// # Errors
    /// When the record does not replay or names an unknown bot.
    pub fn restore(save: MahjongSave) -> Result<MahjongGame, MahjongError> {
        for b in &save.bots {
            if bots::by_name(b).is_none() {
                return Err(MahjongError::UnknownBot(b.chars().take(40).collect()));
            }
        }
        let game = save.record.replay()?;
        Ok(MahjongGame {
            game,
            seed: save.seed,
            bots: save.bots,
            claim_timeout: save.claim_timeout_ms.map(Duration::from_millis),
            showing_results: save.showing_results,
            results_page: 0,
            cursor: usize::MAX,
            prompt: None,
            turn_seen: None,
        })
    }

    /// What is saved.
    pub fn save(&self) -> MahjongSave {
        MahjongSave {
            record: self.game.record(),
            seed: self.seed,
            bots: self.bots.clone(),
            claim_timeout_ms: self.claim_timeout.map(|d| d.as_millis() as u64),
            showing_results: self.showing_results,
        }
    }

    /// Deals the next round (its tiles and dice from the seed and the round's number).
    ///
    /// # Errors
    /// mahjong-rules' refusal.
    pub fn deal(&mut self) -> Result<(), MahjongError> {
        let round = self.game.round_number() as u64;
        let mut rng = Pcg64Mcg::seed_from_u64(crate::mix(self.seed, &[round]));
        let deal = Deal::random(self.game.options().tile_set, &mut rng);
        self.game.deal(deal)?;
        self.showing_results = false;
        self.cursor = usize::MAX;
        Ok(())
    }

    /// The player's wind in the round in progress or the next one.
    pub fn wind(&self) -> Wind {
        self.game.wind_of(HUMAN).unwrap_or(Wind::East)
    }

    /// Whether the player has a decision to make.
    pub fn human_to_act(&self) -> bool {
        self.game.to_act().contains(&self.wind())
    }

    /// Whether the player's decision is a claim (a discard, a robbed kong): it waits a
    /// short time only.
    pub fn is_claim_prompt(&self) -> bool {
        self.human_to_act()
            && matches!(
                self.game.round().map(|r| r.phase()),
                Some(Phase::Claims { .. } | Phase::Robbing { .. } | Phase::Invocation { .. })
            )
    }

    /// Whether it is the player's own turn (discard, kong, Mah-jong).
    pub fn is_own_turn(&self) -> bool {
        let w = self.wind();
        self.human_to_act()
            && matches!(
                self.game.round().map(|r| r.phase()),
                Some(Phase::Turn { seat } | Phase::Invoked { seat, .. }) if seat == w
            )
    }

    /// The player's hand as shown: the concealed tiles sorted, the tile just drawn last.
    pub fn hand(&self) -> (Vec<Tile>, Option<Tile>) {
        let Some(view) = self.game.view(self.wind()) else {
            return (Vec::new(), None);
        };
        let mut tiles = view.concealed().to_vec();
        let drawn = view.drawn();
        if let Some(d) = drawn
            && let Some(i) = tiles.iter().rposition(|&t| t == d)
        {
            tiles.remove(i);
            tiles.push(d);
        }
        (tiles, drawn)
    }

    /// The player's legal actions other than discards (numbered on screen from 1).
    pub fn choices(&self) -> Vec<Action> {
        self.game
            .legal_actions(self.wind())
            .into_iter()
            .filter(|a| !matches!(a, Action::Discard { .. } | Action::Pass { .. }))
            .collect()
    }

    /// Plays the player's action.
    ///
    /// # Errors
    /// mahjong-rules' refusal.
    pub fn act(&mut self, action: Action) -> Result<(), MahjongError> {
        self.game.play(action)?;
        self.after_action();
        Ok(())
    }

    fn after_action(&mut self) {
        self.prompt = None;
        if self.game.round().is_none() {
            self.showing_results = true;
            let winner = self
                .game
                .rounds()
                .last()
                .and_then(|r| r.outcome.as_ref())
                .and_then(|o| o.winner);
            self.results_page = winner.map_or(self.wind() as usize, |w| w as usize);
        }
    }

    /// One computer player with a decision plays (the first in seat order); `claims_only`
    /// keeps to claim decisions, which need no pause.
    pub fn bot_step(&mut self, claims_only: bool) -> Option<Action> {
        let human = self.wind();
        let phase = self.game.round()?.phase();
        if claims_only && matches!(phase, Phase::Turn { .. } | Phase::Invoked { .. }) {
            return None;
        }
        let seat = self.game.to_act().into_iter().find(|&w| w != human)?;
        let player = self.game.seats()[seat];
        let name = self.bots.get(player.wrapping_sub(1))?.clone();
        let mut bot = bots::by_name(&name)?;
        let history = self.game.round().map_or(0, |r| r.history().len()) as u64;
        let mut rng = Pcg64Mcg::seed_from_u64(crate::mix(
            self.seed,
            &[self.game.round_number() as u64, history, seat as u64],
        ));
        let action = {
            let view = self.game.view(seat)?;
            bot.choose(&view, &mut rng)
        };
        self.game.play(action).ok()?;
        self.after_action();
        Some(action)
    }

    /// Keeps the cursor on the hand (on the tile just drawn when a turn begins).
    pub fn fix_cursor(&mut self) {
        let (hand, drawn) = self.hand();
        let marker = self.game.round().map(|r| r.history().len());
        if self.is_own_turn() && self.turn_seen != marker {
            self.turn_seen = marker;
            if drawn.is_some() || self.cursor >= hand.len() {
                self.cursor = hand.len().saturating_sub(1);
            }
        }
        if self.cursor >= hand.len() {
            self.cursor = hand.len().saturating_sub(1);
        }
    }
}

/// The setup form.
pub fn new_form() -> Form {
    let mut f = Form::new("New game of French mahjong")
        .text("name", "Your name", "You", "a name")
        .choice(
            "opponents",
            "Opponents",
            &[
                "scorer ×3",
                "expert ×3 (searches)",
                "efficient ×3",
                "random ×3",
                "mixed",
            ],
            0,
        )
        .choice("rounds", "Rounds", &["4", "8", "16", "1"], 0)
        .choice("system", "Scoring", &["advanced (payments)", "simple"], 0)
        .choice(
            "discards",
            "Discards",
            &["Chinese (all face up)", "Japanese (last only)"],
            0,
        )
        .choice("calling", "Calling hand", &["off", "on"], 0)
        .choice("wind", "Round wind", &["off", "on"], 0)
        .choice("tiles", "Tiles", &["144 (flowers, seasons)", "136"], 0)
        .choice(
            "timeout",
            "Claim prompt waits",
            &["6 s", "10 s", "3 s", "until I answer"],
            0,
        );
    f.note = Some("You sit East in the first round; winds turn as East loses.".into());
    f
}

/// The name of computer player `n` (1 to 3) of kind `kind`: `Bot 2 (scorer)`, so that
/// three players of one kind are told apart.
pub fn bot_name(n: usize, kind: &str) -> String {
    format!("Bot {n} ({kind})")
}

/// What a new round says: the person's wind and who plays first (the dominant wind's
/// seat), read from the round dealt.
pub fn deal_message(g: &MahjongGame) -> String {
    let n = g.game.round_number();
    let you = g.wind();
    match g.game.round().map(|r| r.dominant()) {
        Some(d) if d == you => {
            format!("Round {n} dealt. You are {you}, the dominant wind: you play first.")
        }
        Some(d) => format!(
            "Round {n} dealt. You are {you}; {d}, the dominant wind, plays first, then the turn comes round to you."
        ),
        None => format!("Round {n} dealt. You are {you}."),
    }
}

/// What the mahjong table refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MahjongError {
    /// The game cannot be set up.
    #[error(transparent)]
    NewGame(#[from] mahjong_rules::table::NewGameError),
    /// The round cannot be dealt.
    #[error(transparent)]
    Deal(#[from] mahjong_rules::table::DealError),
    /// The action is refused.
    #[error(transparent)]
    Play(#[from] mahjong_rules::table::PlayError),
    /// A saved record does not replay.
    #[error(transparent)]
    Replay(#[from] mahjong_rules::table::ReplayError),
    /// A saved game names a computer player that does not exist.
    #[error("unknown computer player {0:?}")]
    UnknownBot(String),
}

/// Builds the game a setup form asks for.
///
/// # Errors
/// When the first deal fails.
pub fn game_from_form(f: &Form, seed: u64) -> Result<MahjongGame, MahjongError> {
    let rules = RuleOptions::default().with_system(if f.index("system") == 0 {
        ScoringSystem::Advanced
    } else {
        ScoringSystem::Simple
    });
    let options = TableOptions::default()
        .with_rules(rules)
        .with_discards(if f.index("discards") == 0 {
            DiscardRule::Chinese
        } else {
            DiscardRule::Japanese
        })
        .with_calling(f.index("calling") == 1)
        .with_round_wind(f.index("wind") == 1)
        .with_tile_set(if f.index("tiles") == 0 {
            TileSet::Full
        } else {
            TileSet::WithoutBonus
        })
        .with_rounds([4, 8, 16, 1][f.index("rounds").min(3)]);
    let bots: [String; 3] = match f.index("opponents") {
        0 => ["scorer", "scorer", "scorer"],
        1 => ["expert", "expert", "expert"],
        2 => ["efficient", "efficient", "efficient"],
        3 => ["random", "random", "random"],
        _ => ["scorer", "efficient", "random"],
    }
    .map(String::from);
    let name = if f.value("name").is_empty() {
        "You"
    } else {
        f.value("name")
    };
    let names = [
        name.to_string(),
        bot_name(1, &bots[0]),
        bot_name(2, &bots[1]),
        bot_name(3, &bots[2]),
    ];
    let timeout =
        [Some(6), Some(10), Some(3), None][f.index("timeout").min(3)].map(Duration::from_secs);
    MahjongGame::new(options, names, bots, seed, timeout)
}

/// The French mahjong screen.
#[derive(Debug)]
pub struct MahjongScreen {
    /// The game, once there is one.
    pub game: Option<MahjongGame>,
    /// The setup form, when open.
    pub form: Option<Form>,
    /// The status message.
    pub message: Option<Message>,
    /// The last actions of the table, newest last.
    pub log: Vec<String>,
    /// Whether the key list is shown.
    pub show_help: bool,
    next_bot_at: Duration,
    /// Where each tile of the hand was drawn (left column, row), for clicks.
    pub hand_map: Vec<(u16, u16)>,
}

const FILE: &str = "mahjong.json";

impl MahjongScreen {
    /// Opens the screen: the saved game, else the setup form.
    pub fn open(cx: &mut Context) -> MahjongScreen {
        let mut s = MahjongScreen {
            game: None,
            form: None,
            message: None,
            log: Vec::new(),
            show_help: false,
            next_bot_at: Duration::ZERO,
            hand_map: Vec::new(),
        };
        (s.game, s.message) = cx
            .store
            .resume::<MahjongSave, _, _>(FILE, MahjongGame::restore);
        if s.game.is_none() {
            s.form = Some(new_form());
        }
        s
    }

    fn note(&mut self, a: Action, human: Wind) {
        let text = match a {
            Action::Pass { .. } => return,
            // Another seat's kong may be concealed: its tile is not shown.
            Action::Kong { seat, .. } if seat != human => format!("{seat} kong"),
            other => other.to_string(),
        };
        self.log.push(text);
        if self.log.len() > 30 {
            self.log.remove(0);
        }
    }

    fn human(&mut self, action: Action) {
        let Some(g) = self.game.as_mut() else {
            return;
        };
        let w = g.wind();
        match g.act(action) {
            Ok(()) => {
                self.note(action, w);
                self.message = None;
            }
            Err(e) => self.message = Some(Message::error(e.to_string())),
        }
    }

    fn key(&mut self, code: KeyCode) -> Flow {
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
        if code == KeyCode::Char('?') {
            self.show_help = true;
            return Flow::Stay;
        }
        if code == KeyCode::Char('n') {
            self.form = Some(new_form());
            return Flow::Stay;
        }
        if g.showing_results {
            match code {
                KeyCode::Left => g.results_page = (g.results_page + 3) % 4,
                KeyCode::Right => g.results_page = (g.results_page + 1) % 4,
                KeyCode::Enter | KeyCode::Char(' ') => {
                    if g.game.is_finished() {
                        self.form = Some(new_form());
                    } else if let Err(e) = g.deal() {
                        self.message = Some(Message::error(e.to_string()));
                    } else {
                        self.log.clear();
                        self.message = Some(Message::info(deal_message(g)));
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
}

impl Screen for MahjongScreen {
    fn handle(&mut self, event: &Event, cx: &mut Context) -> Flow {
        if let Some(form) = self.form.as_mut() {
            match form.handle(event) {
                FormEvent::Submit => match game_from_form(form, cx.next_seed()) {
                    Ok(g) => {
                        self.message = Some(Message::info(deal_message(&g)));
                        self.game = Some(g);
                        self.form = None;
                        self.log.clear();
                        self.next_bot_at = cx.now + BOT_DELAY;
                    }
                    Err(e) => form.error = Some(e.to_string()),
                },
                FormEvent::Cancel => {
                    // Without a game the form stays, for the next visit.
                    if self.game.is_none() {
                        return Flow::Menu;
                    }
                    self.form = None;
                }
                _ => {}
            }
            return Flow::Stay;
        }
        match event {
            Event::Key(k) => self.key(k.code),
            Event::Mouse(m) if matches!(m.kind, MouseEventKind::Down(_)) => {
                if let Some(i) = self.hand_map.iter().position(|&(x, y)| {
                    m.row >= y && m.row <= y + 1 && m.column >= x && m.column < x + 2
                }) && let Some(g) = self.game.as_mut()
                {
                    if g.cursor == i && g.is_own_turn() {
                        return self.key(KeyCode::Enter);
                    }
                    g.cursor = i;
                }
                Flow::Stay
            }
            _ => Flow::Stay,
        }
    }

    fn tick(&mut self, cx: &mut Context) {
        if self.form.is_some() {
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
        let mut acted = Vec::new();
        while let Some(a) = g.bot_step(true) {
            acted.push(a);
        }
        if acted.is_empty()
            && cx.now >= self.next_bot_at
            && !g.human_to_act()
            && let Some(a) = g.bot_step(false)
        {
            acted.push(a);
            self.next_bot_at = cx.now + BOT_DELAY;
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
        let ended = g.showing_results;
        for a in acted {
            self.note(a, human);
        }
        if ended {
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
