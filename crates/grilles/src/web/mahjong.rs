//! French mahjong in the page: the terminal game's model ([`MahjongGame`]: mahjong-rules'
//! table, the computer players seeded from the game), a table with the four seats, each
//! seat's discards in its own row, the melds, the wall; claims offered with a countdown;
//! the itemised scores and payments after each round; the running totals; the game log; a
//! help page with the points table.

use std::time::Duration;

use mahjong_rules::table::{Action, Phase, TableOptions, bots};
use mahjong_rules::{DiscardRule, Item, LimitHand, PointsTable, RuleOptions, ScoringSystem};
use mahjong_tiles::{Language, Tile, TileSet, Wind};
use serde::{Deserialize, Serialize};

use super::error::{ApiError, from_json};
use super::play::{Export, Kind, Play, Shared, to_json};
use crate::mahjong::view::describe;
use crate::mahjong::{MahjongGame, MahjongSave, bot_name, help};

/// The longest pause between two computer turns a game may ask for.
pub const MAX_PACE_MS: u64 = 5_000;

/// The longest claim countdown, in seconds.
pub const MAX_CLAIM_SECONDS: u64 = 600;

/// What the new-game form sends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct MahjongOptions {
    /// Your name.
    pub name: String,
    /// The three computer players (mahjong-rules' bot names: random, efficient, scorer,
    /// expert).
    pub opponents: [String; 3],
    /// Rounds to play.
    pub rounds: usize,
    /// The advanced system (payments), else the simple one.
    pub advanced: bool,
    /// Only the last discard face up (Japanese), else all (Chinese).
    pub japanese_discards: bool,
    /// The calling hand may be declared.
    pub calling: bool,
    /// The round wind counts.
    pub round_wind: bool,
    /// 136 tiles (no flowers and seasons), else 144.
    pub without_bonus: bool,
    /// How long a claim is offered, in seconds (`None`: until you answer).
    pub claim_seconds: Option<u64>,
    /// The pause before each computer turn, in milliseconds.
    pub pace_ms: u64,
}

impl Default for MahjongOptions {
    fn default() -> MahjongOptions {
        MahjongOptions {
            name: "You".into(),
            opponents: ["scorer", "scorer", "expert"].map(String::from),
            rounds: 4,
            advanced: true,
            japanese_discards: false,
            calling: false,
            round_wind: false,
            without_bonus: false,
            claim_seconds: Some(8),
            pace_ms: 500,
        }
    }
}

/// What is saved: the terminal game's saved form and the pace.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WebMahjongSave {
    /// The terminal game's saved form (the record replayed on reading).
    pub game: MahjongSave,
    /// The pause before each computer turn, in milliseconds.
    pub pace_ms: u64,
}

/// A game of French mahjong in the page.
#[derive(Debug)]
pub struct WebMahjong {
    g: MahjongGame,
    /// What the table did last that the log does not say (a claim passed for you).
    message: Option<String>,
    pace: Duration,
    next_bot_at: Duration,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "op", rename_all = "kebab-case", deny_unknown_fields)]
enum Request {
    /// Discards a tile of the hand.
    Discard { tile: String },
    /// Discards a tile declaring a calling hand.
    Calling { tile: String },
    /// One of the choices offered (claims, kongs, Mah-jong), by its number.
    Choose { index: usize },
    /// Lets a discard go.
    Pass,
    /// Deals the next round.
    Deal,
}

fn wind_name(w: Wind) -> &'static str {
    match w {
        Wind::East => "East",
        Wind::South => "South",
        Wind::West => "West",
        Wind::North => "North",
    }
}

fn tile_of(text: &str) -> Result<Tile, ApiError> {
    text.parse::<Tile>().map_err(ApiError::bad)
}

impl WebMahjong {
    /// A new game from the form's JSON options.
    ///
    /// # Errors
    /// [`ApiError::BadRequest`] for options out of range.
    pub fn create(body: &[u8], seed: u64) -> Result<WebMahjong, ApiError> {
        let o: MahjongOptions = from_json(body)?;
        for b in &o.opponents {
            if bots::by_name(b).is_none() {
                return Err(ApiError::BadRequest(format!(
                    "no computer player {:?}: {}",
                    b.chars().take(20).collect::<String>(),
                    bots::NAMES.join(", ")
                )));
            }
        }
        if o.rounds == 0 || o.rounds > TableOptions::MAX_ROUNDS {
            return Err(ApiError::BadRequest(format!(
                "1 to {} rounds",
                TableOptions::MAX_ROUNDS
            )));
        }
        if o.pace_ms > MAX_PACE_MS
            || o.claim_seconds
                .is_some_and(|s| s == 0 || s > MAX_CLAIM_SECONDS)
        {
            return Err(ApiError::BadRequest(format!(
                "the pace is at most {MAX_PACE_MS} ms, the claim countdown 1 to {MAX_CLAIM_SECONDS} s"
            )));
        }
        let rules = RuleOptions::default().with_system(if o.advanced {
            ScoringSystem::Advanced
        } else {
            ScoringSystem::Simple
        });
        let options = TableOptions::default()
            .with_rules(rules)
            .with_discards(if o.japanese_discards {
                DiscardRule::Japanese
            } else {
                DiscardRule::Chinese
            })
            .with_calling(o.calling)
            .with_round_wind(o.round_wind)
            .with_tile_set(if o.without_bonus {
                TileSet::WithoutBonus
            } else {
                TileSet::Full
            })
            .with_rounds(o.rounds);
        let name = o.name.trim();
        let names = [
            if name.is_empty() { "You" } else { name }.to_string(),
            bot_name(1, &o.opponents[0]),
            bot_name(2, &o.opponents[1]),
            bot_name(3, &o.opponents[2]),
        ];
        let g = MahjongGame::new(
            options,
            names,
            o.opponents,
            seed,
            o.claim_seconds.map(Duration::from_secs),
        )
        .map_err(ApiError::refused)?;
        Ok(WebMahjong {
            message: Some(g.deal_message()),
            g,
            pace: Duration::from_millis(o.pace_ms),
            next_bot_at: Duration::ZERO,
        })
    }

    /// A saved game read back (its record replayed).
    ///
    /// # Errors
    /// What does not add up, as text.
    pub fn restore(value: serde_json::Value) -> Result<WebMahjong, String> {
        let save: WebMahjongSave = serde_json::from_value(value).map_err(|e| e.to_string())?;
        if save.pace_ms > MAX_PACE_MS {
            return Err("the pace is out of range".into());
        }
        Ok(WebMahjong {
            g: MahjongGame::restore(save.game).map_err(|e| e.to_string())?,
            message: None,
            pace: Duration::from_millis(save.pace_ms),
            next_bot_at: Duration::ZERO,
        })
    }

    /// The model.
    pub fn game(&self) -> &MahjongGame {
        &self.g
    }

    fn human(&mut self, a: Action, now: Duration) -> Result<(), ApiError> {
        self.g.act(a).map_err(ApiError::refused)?;
        self.message = None;
        self.next_bot_at = now + self.pace;
        Ok(())
    }

    fn countdown(&self, now: Duration) -> Option<u64> {
        match (self.g.claim_timeout, self.g.prompt) {
            (Some(limit), Some((_, since))) if self.g.is_claim_prompt() => {
                Some(limit.saturating_sub(now.saturating_sub(since)).as_millis() as u64)
            }
            _ => None,
        }
    }
}

#[derive(Debug, Serialize)]
struct TileView {
    t: String,
    g: char,
    name: String,
}

fn tile_view(t: Tile) -> TileView {
    TileView {
        t: t.to_string(),
        g: t.glyph(),
        name: t.name(Language::English),
    }
}

fn tiles(ts: impl IntoIterator<Item = Tile>) -> Vec<TileView> {
    ts.into_iter().map(tile_view).collect()
}

#[derive(Debug, Serialize)]
struct MeldView {
    tiles: Vec<TileView>,
    concealed: bool,
}

#[derive(Debug, Serialize)]
struct SeatView {
    wind: &'static str,
    name: String,
    you: bool,
    total: i64,
    hidden: usize,
    melds: Vec<MeldView>,
    face_down_kongs: usize,
    bonus: Vec<TileView>,
    calling: bool,
    discards: Vec<TileView>,
    to_play: bool,
}

#[derive(Debug, Serialize)]
struct ChoiceView {
    index: usize,
    text: String,
}

#[derive(Debug, Serialize)]
struct SeatResult {
    wind: &'static str,
    name: String,
    hand: String,
    points: u32,
    doubles: u32,
    score: u64,
    net: i64,
    lines: Vec<String>,
}

#[derive(Debug, Serialize)]
struct Results {
    round: usize,
    headline: String,
    seats: Vec<SeatResult>,
    payments: Vec<String>,
    finished: bool,
    winners: Option<String>,
}

#[derive(Debug, Serialize)]
struct View {
    round: usize,
    rounds: usize,
    dominant: Option<&'static str>,
    round_wind: Option<&'static str>,
    wall: usize,
    dead_wall: usize,
    face_down_discards: usize,
    you: &'static str,
    /// You, then the seats to your right, across and to your left.
    seats: Vec<SeatView>,
    hand: Vec<TileView>,
    drawn: Option<String>,
    own_turn: bool,
    claim: Option<String>,
    claim_tile: Option<TileView>,
    countdown_ms: Option<u64>,
    choices: Vec<ChoiceView>,
    calling_tiles: Vec<String>,
    waiting: Option<String>,
    totals: Vec<(String, i64)>,
    results: Option<Results>,
    log: Vec<String>,
    message: Option<String>,
    suggestion: Option<String>,
    poll_ms: Option<u64>,
}

fn results(g: &MahjongGame) -> Option<Results> {
    if !(g.showing_results || g.game.round().is_none()) {
        return None;
    }
    let record = g.game.rounds().last()?;
    let outcome = record.outcome.as_ref()?;
    let n = g.game.rounds().len();
    let headline = match (outcome.winner, outcome.win) {
        (Some(w), Some(win)) => format!(
            "Round {n}: {} ({}) went Mah-jong with {} {}.",
            g.game.players()[record.seats[w]],
            wind_name(w),
            win.tile.name(Language::English),
            if win.self_drawn {
                "drawn from the wall"
            } else {
                "on a discard"
            }
        ),
        _ => format!("Round {n}: the wall is exhausted, nobody went Mah-jong."),
    };
    let scores = g.game.last_scores();
    let seats = Wind::ALL
        .iter()
        .map(|&w| {
            let s = scores.map(|s| &s[w]);
            SeatResult {
                wind: wind_name(w),
                name: g.game.players()[record.seats[w]].clone(),
                hand: outcome.hands[w].to_string(),
                points: s.map_or(0, |s| s.points),
                doubles: s.map_or(0, |s| s.doubles),
                score: s.map_or(0, |s| s.total),
                net: outcome.nets[w],
                lines: s.map_or_else(Vec::new, |s| {
                    s.to_string().lines().map(String::from).collect()
                }),
            }
        })
        .collect();
    let finished = g.game.is_finished();
    let winners = g.result();
    Some(Results {
        round: n,
        headline,
        seats,
        payments: outcome.payments.iter().map(ToString::to_string).collect(),
        finished,
        winners,
    })
}

impl Play for WebMahjong {
    fn kind(&self) -> Kind {
        Kind::Mahjong
    }

    fn title(&self) -> String {
        let n = self.g.game.options().rounds;
        if self.g.game.is_finished() {
            format!("French mahjong · over ({n} rounds)")
        } else {
            format!(
                "French mahjong · round {}/{n}",
                self.g.game.round_number().min(n)
            )
        }
    }

    fn is_finished(&self) -> bool {
        self.g.game.is_finished()
    }

    fn tick(&mut self, now: Duration, _shared: &Shared) -> bool {
        let mut changed = false;
        // Claims of the computer players need no pause; their turns wait the pace (all at
        // once when it is zero). Every loop is bounded by a round's actions.
        for _ in 0..mahjong_rules::table::Round::MAX_ACTIONS {
            if self.g.showing_results || self.g.game.round().is_none() {
                break;
            }
            let mut acted = false;
            while self.g.bot_step(true).is_some() {
                acted = true;
                changed = true;
            }
            if self.g.showing_results || self.g.human_to_act() || now < self.next_bot_at {
                break;
            }
            if acted && !self.pace.is_zero() {
                break;
            }
            match self.g.bot_step(false) {
                Some(_) => {
                    changed = true;
                    self.next_bot_at = now + self.pace;
                }
                None => break,
            }
            if !self.pace.is_zero() {
                break;
            }
        }
        if self.g.is_claim_prompt() {
            let count = self.g.game.round().map_or(0, |r| r.history().len());
            if self.g.prompt.is_none_or(|(c, _)| c != count) {
                self.g.prompt = Some((count, now));
            }
            if self.countdown(now) == Some(0) {
                let pass = Action::Pass {
                    seat: self.g.wind(),
                };
                if self.g.act(pass).is_ok() {
                    self.message = Some("Too late to claim: you passed.".into());
                    self.next_bot_at = now + self.pace;
                    changed = true;
                }
            }
        }
        changed
    }

    fn view(&self, now: Duration) -> Result<serde_json::Value, ApiError> {
        let g = &self.g;
        let me = g.wind();
        let game = &g.game;
        let totals = game.totals();
        let mut view = View {
            round: game.round_number().min(game.options().rounds),
            rounds: game.options().rounds,
            dominant: None,
            round_wind: None,
            wall: 0,
            dead_wall: 0,
            face_down_discards: 0,
            you: wind_name(me),
            seats: Vec::new(),
            hand: Vec::new(),
            drawn: None,
            own_turn: g.is_own_turn(),
            claim: None,
            claim_tile: None,
            countdown_ms: self.countdown(now),
            choices: Vec::new(),
            calling_tiles: Vec::new(),
            waiting: None,
            totals: (0..4)
                .map(|p| (game.players()[p].clone(), totals[p]))
                .collect(),
            results: results(g),
            log: g.game_log(),
            message: self.message.clone(),
            suggestion: g.suggested_discard().map(|s| s.text()),
            poll_ms: None,
        };
        if let Some(v) = game.view(me) {
            let phase = v.phase();
            view.dominant = Some(wind_name(v.dominant()));
            view.round_wind = v.round_wind().map(wind_name);
            view.wall = v.live_wall_left();
            view.dead_wall = v.dead_wall_left();
            view.face_down_discards = v.face_down_discards();
            let mut seat = me;
            for _ in 0..4 {
                let player = game.seats()[seat];
                view.seats.push(SeatView {
                    wind: wind_name(seat),
                    name: game.players()[player].clone(),
                    you: seat == me,
                    total: totals[player],
                    hidden: v.concealed_len(seat),
                    melds: v
                        .melds(seat)
                        .map(|m| MeldView {
                            tiles: tiles(m.tiles()),
                            concealed: m.is_concealed(),
                        })
                        .collect(),
                    face_down_kongs: v.face_down_kongs(seat),
                    bonus: tiles(v.bonus(seat).iter().copied()),
                    calling: v.is_calling(seat),
                    discards: tiles(
                        v.discards()
                            .iter()
                            .filter(|(w, _)| *w == seat)
                            .map(|&(_, t)| t),
                    ),
                    to_play: matches!(phase, Phase::Turn { seat: t } if t == seat),
                });
                seat = seat.next();
            }
            let (hand, drawn) = g.hand();
            view.hand = tiles(hand);
            view.drawn = drawn.map(|t| t.to_string());
            let choices = g.choices();
            view.calling_tiles = choices
                .iter()
                .filter_map(|a| match a {
                    Action::Calling { tile, .. } => Some(tile.to_string()),
                    _ => None,
                })
                .collect();
            view.choices = choices
                .iter()
                .enumerate()
                .filter(|(_, a)| !matches!(a, Action::Calling { .. }))
                .map(|(i, a)| ChoiceView {
                    index: i,
                    text: describe(*a),
                })
                .collect();
            if let Phase::Claims { discarder, tile } = phase {
                view.claim = Some(format!(
                    "{} discarded {}",
                    wind_name(discarder),
                    tile.name(Language::English)
                ));
                view.claim_tile = Some(tile_view(tile));
            }
            if !g.human_to_act() {
                view.waiting = Some(match phase {
                    Phase::Turn { seat } => format!("{} is playing…", wind_name(seat)),
                    Phase::Claims { .. } => "The others decide on the discard…".into(),
                    _ => "The others are playing…".into(),
                });
                view.poll_ms = Some(self.pace.as_millis().clamp(100, 1000) as u64);
            } else if view.countdown_ms.is_some() {
                view.poll_ms = Some(250);
            }
        }
        to_json(&view)
    }

    fn act(
        &mut self,
        body: &[u8],
        now: Duration,
        _shared: &Shared,
    ) -> Result<Option<String>, ApiError> {
        let request: Request = from_json(body)?;
        let w = self.g.wind();
        if matches!(request, Request::Deal) {
            if !self.g.showing_results && self.g.game.round().is_some() {
                return Err(ApiError::Refused("The round is still in play.".into()));
            }
            if self.g.game.is_finished() {
                return Err(ApiError::Refused(
                    "The game is over: start a new one.".into(),
                ));
            }
            self.g.deal().map_err(ApiError::refused)?;
            let text = self.g.deal_message();
            self.message = Some(text.clone());
            self.next_bot_at = now + self.pace;
            return Ok(Some(text));
        }
        if !self.g.human_to_act() {
            return Err(ApiError::Refused("Wait: it is not for you to play.".into()));
        }
        let action = match request {
            Request::Discard { tile } => Action::Discard {
                seat: w,
                tile: tile_of(&tile)?,
            },
            Request::Calling { tile } => Action::Calling {
                seat: w,
                tile: tile_of(&tile)?,
            },
            Request::Pass => Action::Pass { seat: w },
            Request::Choose { index } => *self
                .g
                .choices()
                .get(index)
                .ok_or_else(|| ApiError::Refused(format!("No choice number {}.", index + 1)))?,
            Request::Deal => unreachable!("dealt above"),
        };
        self.human(action, now)?;
        Ok(None)
    }

    fn save(&self) -> Result<serde_json::Value, ApiError> {
        to_json(&WebMahjongSave {
            game: self.g.save(),
            pace_ms: self.pace.as_millis() as u64,
        })
    }

    fn export(&self, format: &str) -> Result<Export, ApiError> {
        if format != "record" {
            return Err(ApiError::NotFound(
                "a mahjong game exports its record".into(),
            ));
        }
        let text = serde_json::to_string_pretty(&self.g.game.record())
            .map_err(|e| ApiError::Internal(e.to_string()))?;
        Ok(Export {
            content_type: "application/json",
            file_name: format!("mahjong-record-{}.json", self.g.seed % 1_000_000_000),
            text,
        })
    }
}

/// A line of the points table, for the help page.
#[derive(Debug, Serialize)]
pub struct PointsLine {
    /// What it counts.
    pub item: String,
    /// Points when exposed (or doubles).
    pub exposed: u32,
    /// Points when concealed.
    pub concealed: u32,
    /// Whether it gives doubles.
    pub doubles: bool,
    /// Whether it counts by default.
    pub classical: bool,
}

/// A Grand Jeu, for the help page.
#[derive(Debug, Serialize)]
pub struct LimitLine {
    /// Its French name.
    pub french: &'static str,
    /// Its English name.
    pub english: &'static str,
    /// Its points.
    pub points: u32,
}

/// The help page's tables.
#[derive(Debug, Serialize)]
pub struct Help {
    /// The rules in brief (the terminal's help page).
    pub rules: Vec<&'static str>,
    /// The points table.
    pub points: Vec<PointsLine>,
    /// The Grands Jeux.
    pub limit_hands: Vec<LimitLine>,
    /// The computer players.
    pub bots: Vec<&'static str>,
}

/// The help page's tables (mahjong-rules' points table and Grands Jeux).
pub fn help() -> Help {
    let full = PointsTable::full();
    Help {
        rules: help::RULES.to_vec(),
        points: Item::ALL
            .iter()
            .map(|&i| {
                let v = full.get(i);
                PointsLine {
                    item: i.description().to_string(),
                    exposed: v.exposed,
                    concealed: v.concealed,
                    doubles: i.is_doubles(),
                    classical: i.is_classical(),
                }
            })
            .collect(),
        limit_hands: LimitHand::ALL
            .iter()
            .map(|&h| LimitLine {
                french: h.french_name(),
                english: h.english_name(),
                points: h.points(),
            })
            .collect(),
        bots: bots::NAMES.to_vec(),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_help_has_every_line() {
        let h = super::help();
        assert_eq!(h.points.len(), mahjong_rules::Item::ALL.len());
        assert_eq!(h.limit_hands.len(), 8);
        assert!(h.bots.contains(&"expert"));
    }
}
