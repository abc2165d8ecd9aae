//! Défi Sudoku in the page: the terminal game's model ([`DefiGame`]: defi-sudoku's timed
//! game, its seats and seeded computer players), every option of the game, the turn, the
//! quotas and the chrono always in view, "why?" on any entry, and the explained replay.

use std::time::Duration;

use defi_sudoku::bot::Strategy;
use defi_sudoku::sudoku_grade::Method;
use defi_sudoku::{Challenge, Chrono, Entry, FinalOrder, Game, Handicap, Options, SolvedPuzzle};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use serde::{Deserialize, Serialize};
use sudoku_core::{Cell, Shape};

use super::error::{ApiError, from_json};
use super::play::{Export, Kind, Play, Shared, to_json};
use super::sudoku::MAX_GAP;
use crate::defi::{DefiGame, DefiSave, Replay, Seat, report_line, why};

/// The longest pause between two computer entries a game may ask for.
pub const MAX_PACE_MS: u64 = 5_000;

/// What the new-game form sends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct DefiOptions {
    /// The names of the people at the table (one, or two playing in turn at one screen).
    pub people: Vec<String>,
    /// How many computer players (1 to 4, 5 players at most in all).
    pub bots: usize,
    /// Their strategy.
    pub strategy: Strategy,
    /// The techniques they master, up to this letter (A1 to E).
    pub skill: String,
    /// The challenge (quotas per round).
    pub challenge: Challenge,
    /// The handicap.
    pub handicap: Handicap,
    /// The chrono: seconds per turn (0: none).
    pub chrono_seconds: u64,
    /// Two against two (four players).
    pub teams: bool,
    /// The final round's order.
    pub final_order: FinalOrder,
    /// Computer players sit first.
    pub computers_first: bool,
    /// A puzzle typed in (one line); empty: generated.
    pub puzzle: String,
    /// A puzzle number (generated puzzles), to play the same puzzle again.
    pub number: Option<u64>,
    /// The pause between two computer entries, in milliseconds.
    pub pace_ms: u64,
}

impl Default for DefiOptions {
    fn default() -> DefiOptions {
        DefiOptions {
            people: vec!["You".into()],
            bots: 2,
            strategy: Strategy::Blocking,
            skill: "B".into(),
            challenge: Challenge::Regular,
            handicap: Handicap::With,
            chrono_seconds: 0,
            teams: false,
            final_order: FinalOrder::Increasing,
            computers_first: false,
            puzzle: String::new(),
            number: None,
            pace_ms: 700,
        }
    }
}

/// What is saved: the terminal game's saved form, and the pace.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WebDefiSave {
    /// The terminal game's saved form (the record replayed on reading).
    pub game: DefiSave,
    /// The pause between two computer entries, in milliseconds.
    pub pace_ms: u64,
    /// The puzzle number.
    pub number: Option<u64>,
}

/// A game of Défi Sudoku in the page.
#[derive(Debug)]
pub struct WebDefi {
    g: DefiGame,
    pace: Duration,
    number: Option<u64>,
    next_bot_at: Duration,
    last_seen: Option<Duration>,
    replay: Option<Replay>,
    popup: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "op", rename_all = "kebab-case", deny_unknown_fields)]
enum Action {
    /// The person to move enters a digit.
    Enter { cell: usize, value: u8 },
    /// The person to move says they are seated (two people at one screen).
    Sit,
    /// Why the entry in a cell is right.
    Why { cell: usize },
    /// Closes the explanation.
    Close,
    /// Watches the record, at entry `step` (opens the replay).
    Replay { step: usize },
    /// Back to the game.
    EndReplay,
    /// Moves the cursor (kept in the saved game).
    Cursor { cell: usize },
}

fn cell(i: usize) -> Result<Cell, ApiError> {
    if i < 81 {
        Ok(Cell::new(i))
    } else {
        Err(ApiError::BadRequest(format!("cell {i} is off the grid")))
    }
}

/// The largest puzzle number.
const MAX_NUMBER: u64 = super::sudoku::MAX_NUMBER;

impl WebDefi {
    /// A new game from the form's JSON options.
    ///
    /// # Errors
    /// [`ApiError::BadRequest`] for options out of range, [`ApiError::Refused`] for a
    /// setup the rules refuse.
    pub fn create(body: &[u8], seed: u64) -> Result<WebDefi, ApiError> {
        let o: DefiOptions = from_json(body)?;
        if o.people.is_empty() || o.people.len() > 2 {
            return Err(ApiError::BadRequest("one or two people play".into()));
        }
        if o.bots == 0 || o.bots + o.people.len() > Game::MAX_PLAYERS {
            return Err(ApiError::BadRequest(format!(
                "1 to {} computer players with {} people",
                Game::MAX_PLAYERS - o.people.len(),
                o.people.len()
            )));
        }
        if o.pace_ms > MAX_PACE_MS {
            return Err(ApiError::BadRequest(format!(
                "the pause between computer entries is at most {MAX_PACE_MS} ms"
            )));
        }
        let skill: Method = o.skill.parse().map_err(ApiError::bad)?;
        let chrono = match o.chrono_seconds {
            0 => Chrono::Without,
            s => {
                let limit = Duration::from_secs(s.min(Chrono::MAX_LIMIT.as_secs() + 1));
                if limit > Chrono::MAX_LIMIT {
                    return Err(ApiError::BadRequest(format!(
                        "the chrono is at most {} s a turn",
                        Chrono::MAX_LIMIT.as_secs()
                    )));
                }
                Chrono::With { limit }
            }
        };
        let options = Options {
            challenge: o.challenge,
            handicap: o.handicap,
            chrono,
            teams: o.teams,
            final_order: o.final_order,
        };
        let people = o.people.iter().enumerate().map(|(i, n)| {
            let n = n.trim();
            let name = if n.is_empty() {
                format!("Player {}", i + 1)
            } else {
                n.to_string()
            };
            (name, Seat::Human)
        });
        let computers = (1..=o.bots).map(|i| {
            (
                format!("Bot {i}"),
                Seat::Bot {
                    strategy: o.strategy,
                    skill,
                },
            )
        });
        let all: Vec<(String, Seat)> = if o.computers_first {
            computers.chain(people).collect()
        } else {
            people.chain(computers).collect()
        };
        let (puzzle, number) = if o.puzzle.trim().is_empty() {
            let number = match o.number {
                Some(n) if n > MAX_NUMBER => {
                    return Err(ApiError::BadRequest(format!(
                        "puzzle numbers go from 0 to {MAX_NUMBER}"
                    )));
                }
                Some(n) => n,
                None => seed % (MAX_NUMBER + 1),
            };
            (
                SolvedPuzzle::generate(&mut Pcg64Mcg::seed_from_u64(number)),
                Some(number),
            )
        } else {
            let compact: String = o.puzzle.chars().filter(|c| !c.is_whitespace()).collect();
            let p: SolvedPuzzle = compact
                .parse()
                .map_err(|e| ApiError::Refused(format!("The puzzle: {e}.")))?;
            (p, None)
        };
        let (names, seats): (Vec<String>, Vec<Seat>) = all.into_iter().unzip();
        let game = Game::new(puzzle, names, options).map_err(ApiError::refused)?;
        Ok(WebDefi {
            g: DefiGame::new(game, seats, seed),
            pace: Duration::from_millis(o.pace_ms),
            number,
            next_bot_at: Duration::ZERO,
            last_seen: None,
            replay: None,
            popup: None,
        })
    }

    /// A saved game read back (its record replayed).
    ///
    /// # Errors
    /// What does not add up, as text.
    pub fn restore(value: serde_json::Value) -> Result<WebDefi, String> {
        let save: WebDefiSave = serde_json::from_value(value).map_err(|e| e.to_string())?;
        if save.pace_ms > MAX_PACE_MS {
            return Err("the pace is out of range".into());
        }
        Ok(WebDefi {
            g: DefiGame::restore(save.game).map_err(|e| e.to_string())?,
            pace: Duration::from_millis(save.pace_ms),
            number: save.number,
            next_bot_at: Duration::ZERO,
            last_seen: None,
            replay: None,
            popup: None,
        })
    }

    /// The model.
    pub fn game(&self) -> &DefiGame {
        &self.g
    }
}

#[derive(Debug, Serialize)]
struct PlayerView {
    name: String,
    seat: String,
    human: bool,
    face: u32,
    bonus: u32,
    handicap: u32,
    absent: u32,
    total: u32,
    team: Option<String>,
}

#[derive(Debug, Serialize)]
struct BoardView {
    values: Vec<u8>,
    givens: Vec<bool>,
    /// The player who entered each cell (`null`: a given or empty).
    owners: Vec<Option<usize>>,
    /// Cells whose entry was wrong (corrected).
    wrong: Vec<usize>,
    last: Option<usize>,
}

#[derive(Debug, Serialize)]
struct ReplayView {
    step: usize,
    total: usize,
    board: BoardView,
    text: String,
    why: Option<String>,
}

#[derive(Debug, Serialize)]
struct View {
    board: BoardView,
    players: Vec<PlayerView>,
    team_totals: Option<[u32; 2]>,
    round: u32,
    final_round: Option<u32>,
    is_final: bool,
    quota: u8,
    to_move: Option<usize>,
    digits_left: u8,
    human_to_move: bool,
    waiting_for_seat: bool,
    time_left_ms: Option<u64>,
    chrono_ms: Option<u64>,
    upcoming: Vec<(String, u8)>,
    log: Vec<String>,
    over: bool,
    result: Option<String>,
    cursor: usize,
    popup: Option<String>,
    replay: Option<ReplayView>,
    number: Option<u64>,
    poll_ms: Option<u64>,
    options: String,
}

fn board(game: &Game) -> BoardView {
    let mut owners = vec![None; 81];
    let mut wrong = Vec::new();
    let mut last = None;
    for turn in game.turns() {
        for e in &turn.entries {
            owners[e.cell.index()] = Some(turn.player);
            if !e.correct {
                wrong.push(e.cell.index());
            }
            last = Some(e.cell.index());
        }
    }
    let givens = game.puzzle().puzzle();
    BoardView {
        values: game.grid().cells().to_vec(),
        givens: givens.cells().iter().map(|&v| v != 0).collect(),
        owners,
        wrong,
        last,
    }
}

fn options_text(o: &Options) -> String {
    let chrono = match o.chrono.limit() {
        Some(l) => format!("chrono {} s", l.as_secs()),
        None => "no chrono".into(),
    };
    let handicap = match o.handicap {
        Handicap::With => "handicap".to_string(),
        Handicap::Without => "no handicap".into(),
        Handicap::Balanced => "balanced handicap".into(),
        Handicap::Custom(p) => format!("handicap {p:?}"),
    };
    format!(
        "{:?} challenge · {handicap} · {chrono}{} · final round {}",
        o.challenge,
        if o.teams { " · two against two" } else { "" },
        o.final_order.name()
    )
}

impl Play for WebDefi {
    fn kind(&self) -> Kind {
        Kind::Defi
    }

    fn title(&self) -> String {
        let game = self.g.game();
        let names = game.players().join(", ");
        if game.is_over() {
            format!("Défi Sudoku · {names} · over")
        } else {
            format!("Défi Sudoku · {names} · round {}", game.round())
        }
    }

    fn is_finished(&self) -> bool {
        self.g.game().is_over()
    }

    fn tick(&mut self, now: Duration, _shared: &Shared) -> bool {
        let gap = self.last_seen.map(|l| now.saturating_sub(l).min(MAX_GAP));
        self.last_seen = Some(now);
        if self.replay.is_some() {
            self.next_bot_at = now + self.pace;
            return false;
        }
        if let Some(gap) = gap
            && !self.g.waiting_for_seat()
            && !self.g.game().is_over()
        {
            self.g.advance_clock(gap);
        }
        let mut played = false;
        // At most one entry a pace; every entry at once when the pace is zero.
        for _ in 0..81 {
            if now < self.next_bot_at || self.g.game().is_over() || self.g.human_to_move().is_some()
            {
                break;
            }
            if self.g.bot_move().is_none() {
                break;
            }
            played = true;
            self.next_bot_at = now + self.pace;
            if !self.pace.is_zero() {
                break;
            }
        }
        played
    }

    fn view(&self, _now: Duration) -> Result<serde_json::Value, ApiError> {
        let g = &self.g;
        let game = g.game();
        let players = (0..game.player_count())
            .map(|p| {
                let sheet = game.sheet(p);
                PlayerView {
                    name: game.players()[p].clone(),
                    seat: match g.seats[p] {
                        Seat::Human => "person".into(),
                        Seat::Bot { strategy, skill } => {
                            format!("{} up to {skill}", strategy.name())
                        }
                    },
                    human: g.seats[p] == Seat::Human,
                    face: sheet.face,
                    bonus: sheet.bonus,
                    handicap: sheet.handicap,
                    absent: sheet.absent,
                    total: game.totals()[p],
                    team: game.team_of(p).map(|t| format!("{t:?}")),
                }
            })
            .collect();
        let to_move = game.to_act().first().copied();
        let bots_to_move = to_move.is_some() && g.human_to_move().is_none();
        let replay = self.replay.as_ref().map(|r| {
            let text = match r.step.checked_sub(1) {
                Some(i) => {
                    let (p, e, _) = r.entries[i];
                    format!(
                        "Entry {}/{}: {} wrote {} in {}.",
                        r.step,
                        r.entries.len(),
                        r.game.players()[p],
                        e.value,
                        e.cell.display(Shape::CLASSIC)
                    )
                }
                None => format!("The puzzle, before any of the {} entries.", r.entries.len()),
            };
            let why = r
                .step
                .checked_sub(1)
                .map(|i| why(&r.full, r.entries[i].1.cell));
            ReplayView {
                step: r.step,
                total: r.entries.len(),
                board: board(&r.game),
                text,
                why,
            }
        });
        let view = View {
            board: board(game),
            players,
            team_totals: game.team_totals(),
            round: game.round(),
            final_round: game.final_round(),
            is_final: game.is_final_round(),
            quota: game.quota(),
            to_move,
            digits_left: game.digits_left(),
            human_to_move: g.human_to_move().is_some(),
            waiting_for_seat: g.waiting_for_seat(),
            time_left_ms: g.time_left().map(|d| d.as_millis() as u64),
            chrono_ms: game.options().chrono.limit().map(|d| d.as_millis() as u64),
            upcoming: game
                .upcoming_turns(4)
                .into_iter()
                .map(|(p, n)| (game.players()[p].clone(), n))
                .collect(),
            log: {
                let mut lines = g.log_lines();
                lines.drain(..lines.len().saturating_sub(8));
                lines
            },
            over: game.is_over(),
            result: g.result(),
            cursor: g.cursor.index(),
            popup: self.popup.clone(),
            replay,
            number: self.number,
            poll_ms: (bots_to_move && self.replay.is_none())
                .then(|| self.pace.as_millis().clamp(150, 1000) as u64),
            options: options_text(game.options()),
        };
        to_json(&view)
    }

    fn act(
        &mut self,
        body: &[u8],
        now: Duration,
        _shared: &Shared,
    ) -> Result<Option<String>, ApiError> {
        let action: Action = from_json(body)?;
        match action {
            Action::Cursor { cell: i } => {
                self.g.cursor = cell(i)?;
                Ok(None)
            }
            Action::Sit => {
                if !self.g.waiting_for_seat() {
                    return Err(ApiError::Refused("Nobody needs to sit down now.".into()));
                }
                self.g.sit();
                Ok(Some("Your turn: the clock runs.".into()))
            }
            Action::Enter { cell: i, value } => {
                let c = cell(i)?;
                if self.replay.is_some() {
                    return Err(ApiError::Refused("Leave the replay to play.".into()));
                }
                if self.g.waiting_for_seat() {
                    return Err(ApiError::Refused("Say you are seated first.".into()));
                }
                let Some(p) = self.g.human_to_move() else {
                    return Err(ApiError::Refused(if self.g.game().is_over() {
                        "The game is over.".into()
                    } else {
                        "Wait: a computer player is to move.".into()
                    }));
                };
                let report = self
                    .g
                    .play(Entry::new(p, c, value))
                    .map_err(ApiError::refused)?;
                self.g.cursor = c;
                self.next_bot_at = now + self.pace;
                Ok(Some(format!(
                    "{}.",
                    report_line(&self.g.game().players()[p], &report)
                )))
            }
            Action::Why { cell: i } => {
                let c = cell(i)?;
                self.popup = Some(match &self.replay {
                    Some(r) => why(&r.full, c),
                    None => self.g.why(c),
                });
                Ok(None)
            }
            Action::Close => {
                self.popup = None;
                Ok(None)
            }
            Action::Replay { step } => {
                let r = match self.replay.as_mut() {
                    Some(r) => r,
                    None => self
                        .replay
                        .insert(Replay::new(self.g.game().record()).map_err(ApiError::refused)?),
                };
                r.go(step);
                Ok(None)
            }
            Action::EndReplay => {
                self.replay = None;
                self.next_bot_at = now + self.pace;
                Ok(None)
            }
        }
    }

    fn save(&self) -> Result<serde_json::Value, ApiError> {
        to_json(&WebDefiSave {
            game: self.g.save(),
            pace_ms: self.pace.as_millis() as u64,
            number: self.number,
        })
    }

    fn export(&self, format: &str) -> Result<Export, ApiError> {
        if format != "record" {
            return Err(ApiError::NotFound("a Défi game exports its record".into()));
        }
        let text = serde_json::to_string_pretty(&self.g.game().record())
            .map_err(|e| ApiError::Internal(e.to_string()))?;
        Ok(Export {
            content_type: "application/json",
            file_name: format!("defi-record-{}.json", self.number.unwrap_or(0)),
            text,
        })
    }
}
