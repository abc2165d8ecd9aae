//! Game 2, Défi Sudoku: one or two people (hot seat) against one to four computer players,
//! with every option of the game (challenge, handicap, chrono with a visible countdown, two
//! against two, the final round's order), the quotas and the score table always in view,
//! "why?" on any entry, and the record saved, exported and replayed.
//!
//! [`DefiGame`] is the game (defi-sudoku's [`TimedGame`] on a clock of the screen's own
//! time, the seats, the seed); [`DefiScreen`] takes keys and runs the computer players;
//! [`view`] draws.

pub mod view;

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use defi_sudoku::bot::Strategy;
use defi_sudoku::sudoku_grade::Method;
use defi_sudoku::{
    Challenge, Chrono, Clock, Entry, EntryReport, FinalOrder, Game, Handicap, Options, PlayError,
    Record, SolvedPuzzle, TimedGame,
};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use ratatui::Frame;
use ratatui::crossterm::event::{Event, KeyCode, MouseEventKind};
use ratatui::layout::Rect;
use serde::{Deserialize, Serialize};
use sudoku_core::{Cell, Shape};

use crate::app::{Context, Flow, Screen};
use crate::form::{Form, FormEvent};
use crate::sudoku::BoardMap;
use crate::ui::Message;

/// The pause between two entries of computer players, so that people can follow.
pub const BOT_DELAY: Duration = Duration::from_millis(700);

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
    clock: ScreenClock,
    /// Who sits where, by player index.
    pub seats: Vec<Seat>,
    /// The seed of the computer players' decisions.
    pub seed: u64,
    /// The cursor.
    pub cursor: Cell,
    /// The human who said they are seated (hot seat), for the current turn.
    pub ready: Option<usize>,
    /// The last entries, newest last.
    pub log: Vec<String>,
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
            log: Vec::new(),
        }
    }

    /// The game read back from a save (its record replayed). The players' names are
    /// outside text: they come back [escaped](crate::ui::escape), so a control character or
    /// a bidirectional override in one is shown, never obeyed.
    ///
    /// # Errors
    /// When the record does not replay or the seats do not fit.
    pub fn restore(mut save: DefiSave) -> Result<DefiGame, String> {
        for name in &mut save.record.players {
            *name = crate::ui::escape(name).into_owned();
        }
        let game = save.record.replay().map_err(|e| e.to_string())?;
        if save.seats.len() != game.player_count() {
            return Err(format!(
                "{} seats for {} players",
                save.seats.len(),
                game.player_count()
            ));
        }
        if save.cursor.index() >= 81 {
            return Err("the cursor is off the grid".into());
        }
        let mut g = DefiGame::new(game, save.seats, save.seed);
        // defi-sudoku's `TimedGame` starts a turn when it is made: move its clock on by the
        // time already spent, so the countdown goes on where it was.
        g.clock.advance(Duration::from_millis(save.turn_elapsed_ms));
        g.cursor = save.cursor;
        g.log = g.history_lines(6);
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

    /// A player's name with what it is.
    pub fn label(&self, player: usize) -> String {
        let name = &self.game().players()[player];
        match self.seats[player] {
            Seat::Human => name.clone(),
            Seat::Bot { strategy, skill } => format!("{name} ({strategy} {skill})"),
        }
    }

    /// Plays an entry and notes it in the log.
    ///
    /// # Errors
    /// defi-sudoku's refusal, as text.
    pub fn play(&mut self, entry: Entry) -> Result<EntryReport, String> {
        let turns_before = self.game().turns().len();
        // defi-sudoku's refusals name the players and the cell (r1c2).
        let report = self
            .timed
            .play(entry)
            .map_err(|e: PlayError| e.to_string())?;
        let line = report_line(&self.game().players()[entry.player], &report);
        self.log.push(line);
        if self.log.len() > 50 {
            self.log.remove(0);
        }
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

    /// The last `n` entries of the game as log lines.
    pub fn history_lines(&self, n: usize) -> Vec<String> {
        let shape = Shape::CLASSIC;
        let mut out = Vec::new();
        for turn in self.game().turns() {
            let who = &self.game().players()[turn.player];
            for e in &turn.entries {
                let mark = if e.correct { "ok" } else { "wrong" };
                out.push(format!(
                    "{who}: {} = {} {mark} +{}",
                    e.cell.display(shape),
                    e.value,
                    e.points
                ));
            }
        }
        let skip = out.len().saturating_sub(n);
        out.split_off(skip)
    }
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

/// One line about an entry.
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
    /// When the record does not replay.
    pub fn new(record: Record) -> Result<Replay, String> {
        let game = record.replay().map_err(|e| e.to_string())?;
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

/// The Défi Sudoku screen.
#[derive(Debug)]
pub struct DefiScreen {
    /// The game, once there is one.
    pub game: Option<DefiGame>,
    /// The setup form, when open.
    pub form: Option<Form>,
    /// The record being watched, when replaying.
    pub replay: Option<Replay>,
    /// A text shown over the screen (an explanation).
    pub popup: Option<(String, String)>,
    /// The status message.
    pub message: Option<Message>,
    /// Whether the key list is shown.
    pub show_help: bool,
    next_bot_at: Duration,
    last_tick: Option<Duration>,
    /// Where the board was drawn.
    pub map: BoardMap,
}

const FILE: &str = "defi.json";

/// The setup form.
pub fn new_form() -> Form {
    let mut f = Form::new("New Défi Sudoku")
        .choice("humans", "People", &["1", "2 (hot seat)"], 0)
        .text("name1", "Your name", "You", "a name")
        .text("name2", "Second person", "Player 2", "a name")
        .choice("bots", "Computer players", &["1", "2", "3", "4"], 1)
        .choice(
            "strategy",
            "Their strategy",
            &["greedy", "blocking", "search"],
            1,
        )
        .choice(
            "skill",
            "Their techniques up to",
            &["A1", "A2", "B", "C", "D", "E"],
            2,
        )
        .choice(
            "challenge",
            "Challenge",
            &["regular", "shortened", "express"],
            0,
        )
        .choice("handicap", "Handicap", &["on", "off"], 0)
        .choice(
            "chrono",
            "Chrono per turn",
            &["off", "30 s", "60 s", "90 s", "120 s", "10 s"],
            0,
        )
        .choice("teams", "Two against two", &["off", "on (4 players)"], 0)
        .choice(
            "final",
            "Final round order",
            &["increasing", "status quo"],
            0,
        )
        .choice("seats", "Seats", &["people first", "computers first"], 0)
        .text("puzzle", "Puzzle", "", "generated; or paste a 9×9 line");
    f.set_visible("name2", false);
    f.note = Some("Players enter their quota of digits each round; face value scores.".into());
    f
}

fn update_form(f: &mut Form) {
    let two = f.index("humans") == 1;
    f.set_visible("name2", two);
    if two {
        f.set_options("bots", &["1", "2", "3"]);
    } else {
        f.set_options("bots", &["1", "2", "3", "4"]);
    }
}

/// Builds the game a setup form asks for.
///
/// # Errors
/// What is wrong with the setup, as text.
pub fn game_from_form(f: &Form, seed: u64) -> Result<DefiGame, String> {
    let humans = f.index("humans") + 1;
    let bots = f.index("bots") + 1;
    let strategy = Strategy::ALL[f.index("strategy").min(2)];
    let skill: Method = f.chosen("skill").parse().map_err(|e| format!("{e}"))?;
    let options = Options {
        challenge: Challenge::ALL[f.index("challenge").min(2)],
        handicap: if f.index("handicap") == 0 {
            Handicap::With
        } else {
            Handicap::Without
        },
        chrono: match f.index("chrono") {
            0 => Chrono::Without,
            i => Chrono::With {
                limit: Duration::from_secs([0, 30, 60, 90, 120, 10][i.min(5)]),
            },
        },
        teams: f.index("teams") == 1,
        final_order: if f.index("final") == 0 {
            FinalOrder::Increasing
        } else {
            FinalOrder::StatusQuo
        },
    };
    let mut people: Vec<(String, Seat)> = Vec::new();
    let name = |key: &str, default: &str| {
        let v = f.value(key);
        if v.is_empty() {
            default.to_string()
        } else {
            crate::ui::escape(v).into_owned()
        }
    };
    people.push((name("name1", "You"), Seat::Human));
    if humans == 2 {
        people.push((name("name2", "Player 2"), Seat::Human));
    }
    let computers: Vec<(String, Seat)> = (1..=bots)
        .map(|i| (format!("Bot {i}"), Seat::Bot { strategy, skill }))
        .collect();
    let all: Vec<(String, Seat)> = if f.index("seats") == 0 {
        people.into_iter().chain(computers).collect()
    } else {
        computers.into_iter().chain(people).collect()
    };
    let typed = f.value("puzzle");
    let puzzle: SolvedPuzzle = if typed.is_empty() {
        SolvedPuzzle::generate(&mut Pcg64Mcg::seed_from_u64(seed))
    } else {
        let compact: String = typed.chars().filter(|c| !c.is_whitespace()).collect();
        compact.parse().map_err(|e| format!("the puzzle: {e}"))?
    };
    let (names, seats): (Vec<String>, Vec<Seat>) = all.into_iter().unzip();
    let game = Game::new(puzzle, names, options).map_err(|e| e.to_string())?;
    Ok(DefiGame::new(game, seats, seed))
}

impl DefiScreen {
    /// Opens the screen: the saved game, else the setup form.
    pub fn open(cx: &mut Context) -> DefiScreen {
        let mut s = DefiScreen {
            game: None,
            form: None,
            replay: None,
            popup: None,
            message: None,
            show_help: false,
            next_bot_at: Duration::ZERO,
            last_tick: None,
            map: BoardMap::default(),
        };
        (s.game, s.message) = cx.store.resume::<DefiSave, _, _>(FILE, DefiGame::restore);
        if s.game.is_none() {
            s.form = Some(new_form());
        }
        s
    }

    fn after_entry(&mut self) {
        let Some(g) = &self.game else {
            return;
        };
        let game = g.game();
        if game.is_over() {
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
            self.message = Some(Message::good(format!(
                "Game over: {} won with {best} points{whose}. v: replay the record, n: new game.",
                winners.join(" and ")
            )));
        } else if let Some(last) = g.log.last() {
            self.message = Some(Message::info(last.clone()));
        }
    }

    fn key(&mut self, code: KeyCode, cx: &mut Context) -> Flow {
        if self.show_help || self.popup.is_some() {
            self.show_help = false;
            self.popup = None;
            return Flow::Stay;
        }
        if let Some(r) = self.replay.as_mut() {
            match code {
                KeyCode::Esc | KeyCode::Char('v') => self.replay = None,
                KeyCode::Left => r.go(r.step.saturating_sub(1)),
                KeyCode::Right => r.go(r.step + 1),
                KeyCode::Home => r.go(0),
                KeyCode::End => r.go(usize::MAX),
                KeyCode::Char('w') if r.step > 0 => {
                    let (_, e, _) = r.entries[r.step - 1];
                    self.popup = Some(("Why?".into(), why(&r.full, e.cell)));
                }
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
        let move_by = |g: &mut DefiGame, dr: isize, dc: isize| {
            let r = (Shape::CLASSIC.row_of(g.cursor) as isize + dr).rem_euclid(9) as usize;
            let c = (Shape::CLASSIC.col_of(g.cursor) as isize + dc).rem_euclid(9) as usize;
            g.cursor = Shape::CLASSIC.cell(r, c);
        };
        match code {
            KeyCode::Up => move_by(g, -1, 0),
            KeyCode::Down => move_by(g, 1, 0),
            KeyCode::Left => move_by(g, 0, -1),
            KeyCode::Right => move_by(g, 0, 1),
            KeyCode::Enter if g.waiting_for_seat() => {
                g.sit();
                self.message = Some(Message::info("Your turn: the clock runs."));
            }
            KeyCode::Char(c @ '1'..='9') => {
                if g.waiting_for_seat() {
                    self.message = Some(Message::error("Press Enter when seated."));
                    return Flow::Stay;
                }
                let Some(p) = g.human_to_move() else {
                    self.message = Some(Message::error(if g.game().is_over() {
                        "The game is over."
                    } else {
                        "Wait: a computer player is to move."
                    }));
                    return Flow::Stay;
                };
                let entry = Entry::new(p, g.cursor, c as u8 - b'0');
                match g.play(entry) {
                    Ok(_) => {
                        self.next_bot_at = cx.now + BOT_DELAY;
                        self.after_entry();
                    }
                    Err(e) => self.message = Some(Message::error(e)),
                }
            }
            KeyCode::Char('w') => {
                let text = g.why(g.cursor);
                self.popup = Some(("Why?".into(), text));
            }
            KeyCode::Char('v') => match Replay::new(g.game().record()) {
                Ok(r) => {
                    self.replay = Some(r);
                }
                Err(e) => self.message = Some(Message::error(e)),
            },
            KeyCode::Char('e') => {
                let name = format!("defi-record-{:016x}.json", g.seed);
                let text = serde_json::to_string_pretty(&g.game().record()).unwrap_or_default();
                self.message = Some(match cx.store.write(&name, &text) {
                    Ok(Some(p)) => Message::good(format!("Record written to {}", p.display())),
                    Ok(None) => Message::error("Saving is off (--no-save)."),
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

impl Screen for DefiScreen {
    fn handle(&mut self, event: &Event, cx: &mut Context) -> Flow {
        if let Some(form) = self.form.as_mut() {
            match form.handle(event) {
                FormEvent::Submit => match game_from_form(form, cx.next_seed()) {
                    Ok(g) => {
                        self.game = Some(g);
                        self.form = None;
                        self.replay = None;
                        self.last_tick = Some(cx.now);
                        self.next_bot_at = cx.now + BOT_DELAY;
                        self.message = Some(Message::info(
                            "Move with the arrows, type a digit on your turn; w: why?",
                        ));
                    }
                    Err(e) => form.error = Some(e),
                },
                FormEvent::Cancel => {
                    // Without a game the form stays, for the next visit.
                    if self.game.is_none() {
                        return Flow::Menu;
                    }
                    self.form = None;
                }
                FormEvent::Changed => update_form(form),
                FormEvent::None => {}
            }
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
        let bot_due = cx.now >= self.next_bot_at;
        let mut played = false;
        if let Some(g) = self.game.as_mut()
            && bot_due
            && g.game().to_act().first().copied().is_some()
            && g.human_to_move().is_none()
        {
            played = g.bot_move().is_some();
        }
        if played {
            self.next_bot_at = cx.now + BOT_DELAY;
            self.after_entry();
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
