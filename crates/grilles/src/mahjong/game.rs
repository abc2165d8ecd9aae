//! [`MahjongGame`]: mahjong-rules' game at the table, the person at player 0 and three
//! computer players; what is saved ([`MahjongSave`]); what the table refused
//! ([`MahjongError`]).

use std::time::Duration;

use mahjong_rules::table::{Action, Game, GameRecord, Phase, TableOptions, bots};
use mahjong_rules::wall::Deal;
use mahjong_rules::{DiscardRule, distance};
use mahjong_tiles::{Language, Tile, Wind};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use serde::{Deserialize, Serialize};

/// The player's index at the table.
pub const HUMAN: usize = 0;

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

    /// The game read back from a save. The players' names are outside text: they come back
    /// [escaped](crate::ui::escape), so a control character or a bidirectional override in
    /// one is shown, never obeyed.
    ///
    /// # Errors
    /// When the record does not replay or names an unknown bot.
    pub fn restore(mut save: MahjongSave) -> Result<MahjongGame, MahjongError> {
        for b in &save.bots {
            if bots::by_name(b).is_none() {
                return Err(MahjongError::UnknownBot(b.chars().take(40).collect()));
            }
        }
        for name in &mut save.record.players {
            *name = crate::ui::escape(name).into_owned();
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

impl MahjongGame {
    /// What a new round says: the person's wind and who plays first (the dominant wind's
    /// seat), read from the round dealt.
    pub fn deal_message(&self) -> String {
        let n = self.game.round_number();
        let you = wind_name(self.wind());
        match self.game.round().map(|r| r.dominant()) {
            Some(d) if d == self.wind() => {
                format!("Round {n} dealt. You are {you}, the dominant wind: you play first.")
            }
            Some(d) => format!(
                "Round {n} dealt. You are {you}; {}, the dominant wind, plays first.",
                wind_name(d)
            ),
            None => format!("Round {n} dealt. You are {you}."),
        }
    }

    /// Who won the game, once every round is played: "Game over: you win with 120." (the
    /// person is "you", whatever their name).
    pub fn result(&self) -> Option<String> {
        if !self.game.is_finished() {
            return None;
        }
        let totals = self.game.totals();
        let best = totals.iter().copied().max().unwrap_or(0);
        let winners: Vec<String> = (0..4)
            .filter(|&p| totals[p] == best)
            .map(|p| {
                if p == HUMAN {
                    "you".to_string()
                } else {
                    self.game.players()[p].clone()
                }
            })
            .collect();
        let verb = if winners.len() > 1 || totals[HUMAN] == best {
            "win"
        } else {
            "wins"
        };
        Some(format!(
            "Game over: {} {verb} with {best}.",
            winners.join(" and ")
        ))
    }

    /// The actions of the round in progress, as the person saw them (their own in full;
    /// the others' concealed kongs without their tile, and under the Japanese rule their
    /// discards turned face down without theirs), oldest first.
    pub fn round_log(&self) -> Vec<String> {
        let Some(round) = self.game.round() else {
            return Vec::new();
        };
        let japanese = self.game.options().rules.discards == DiscardRule::Japanese;
        let history = round.history();
        // The last discard of the round, which stays face up under the Japanese rule.
        let last_discard = history
            .iter()
            .rposition(|a| matches!(a, Action::Discard { .. } | Action::Calling { .. }));
        let mut out = Vec::new();
        for (i, &a) in history.iter().enumerate() {
            let hidden = japanese && Some(i) != last_discard;
            if let Some(line) = public_words(a, self.wind(), previous(history, i), hidden) {
                out.push(line);
            }
        }
        out
    }

    /// The whole game as the person saw it: each round's actions (see
    /// [`MahjongGame::round_log`]) and how it ended, oldest first.
    pub fn game_log(&self) -> Vec<String> {
        let mut out = Vec::new();
        let me = HUMAN;
        for (k, r) in self.game.rounds().iter().enumerate() {
            let you = Wind::ALL
                .into_iter()
                .find(|&w| r.seats[w] == me)
                .unwrap_or(Wind::East);
            out.push(format!(
                "— Round {}: you were {}, {} dominant —",
                k + 1,
                wind_name(you),
                wind_name(r.dominant)
            ));
            for (i, &a) in r.actions.iter().enumerate() {
                if let Some(line) = public_words(a, you, previous(&r.actions, i), false) {
                    out.push(line);
                }
            }
            if let Some(o) = &r.outcome {
                out.push(match (o.winner, o.win) {
                    (Some(w), Some(win)) => format!(
                        "{} went Mah-jong with {} ({}); nets {}",
                        wind_name(w),
                        win.tile,
                        if win.self_drawn { "drawn" } else { "a discard" },
                        nets(o.nets.0)
                    ),
                    _ => format!("The wall ran out; nets {}", nets(o.nets.0)),
                });
            }
        }
        if self.game.round().is_some() {
            out.push(format!(
                "— Round {}: you are {}, {} dominant —",
                self.game.round_number(),
                wind_name(self.wind()),
                wind_name(self.game.round().map_or(Wind::East, |r| r.dominant()))
            ));
            out.extend(self.round_log());
        }
        out
    }

    /// What the table did in this round before the person's first decision, when they are
    /// to make it now and others played first ("East discarded 1z · South discarded 5m").
    pub fn before_first_turn(&self) -> Option<String> {
        let round = self.game.round()?;
        let me = self.wind();
        if !self.human_to_act() || round.history().iter().any(|a| a.seat() == me) {
            return None;
        }
        let lines = self.round_log();
        if lines.is_empty() {
            return None;
        }
        Some(lines.join(" · "))
    }

    /// The discard that leaves the hand nearest to Mah-jong (mahjong-rules' distance), and
    /// between equals the one after which the most tiles not yet seen would bring it nearer:
    /// `None` when it is not the person's turn to discard.
    pub fn suggested_discard(&self) -> Option<Suggestion> {
        if !self.is_own_turn() {
            return None;
        }
        let view = self.game.view(self.wind())?;
        let legal = view.legal_actions();
        let melds: Vec<_> = view.melds(self.wind()).collect();
        let visible = view.visible_counts();
        let mut counts = Tile::count_kinds(view.concealed().iter().copied());
        let mut best: Option<Suggestion> = None;
        for tile in Tile::ALL {
            let i = tile.index();
            if counts[i] == 0
                || !legal.contains(&Action::Discard {
                    seat: self.wind(),
                    tile,
                })
            {
                continue;
            }
            counts[i] -= 1;
            let away = distance::tiles_away_counts(&counts, &melds).ok();
            let useful = distance::useful_tiles_counts(&counts, &melds).unwrap_or_default();
            counts[i] += 1;
            let Some(away) = away else {
                continue;
            };
            let waiting: u32 = useful
                .iter()
                .map(|u| u32::from(u.copies().saturating_sub(visible[u.index()])))
                .sum();
            let s = Suggestion {
                tile,
                away,
                useful: useful.len(),
                unseen: waiting,
            };
            if best.is_none_or(|b| {
                (s.away, std::cmp::Reverse(s.unseen)) < (b.away, std::cmp::Reverse(b.unseen))
            }) {
                best = Some(s);
            }
        }
        best
    }
}

/// A suggested discard and what it leaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Suggestion {
    /// The tile to discard.
    pub tile: Tile,
    /// How many tiles the hand then lacks from Mah-jong.
    pub away: u8,
    /// How many kinds of tile would then bring it nearer.
    pub useful: usize,
    /// How many copies of those the person has not seen.
    pub unseen: u32,
}

impl Suggestion {
    /// The sentence that says it.
    pub fn text(&self) -> String {
        let name = self.tile.name(Language::English);
        let away = match self.away {
            1 => "calling: one tile from Mah-jong".to_string(),
            n => format!("{n} tiles from Mah-jong"),
        };
        format!(
            "Suggested discard: {} ({name}). It leaves your hand {away}; {} kinds of tile ({} not yet seen) would bring it nearer.",
            self.tile, self.useful, self.unseen
        )
    }
}

/// The action before action `i` that was not a pass.
fn previous(history: &[Action], i: usize) -> Option<Action> {
    history[..i]
        .iter()
        .rev()
        .find(|a| !matches!(a, Action::Pass { .. }))
        .copied()
}

/// A round's nets, by wind.
fn nets(n: [i64; 4]) -> String {
    Wind::ALL
        .iter()
        .zip(n)
        .map(|(w, v)| format!("{} {v:+}", w.letter()))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A wind's name.
pub fn wind_name(w: Wind) -> &'static str {
    match w {
        Wind::East => "East",
        Wind::South => "South",
        Wind::West => "West",
        Wind::North => "North",
    }
}

/// An action in words, as the seat `me` saw it (`None` for a pass): a concealed kong of
/// another seat without its tile, a discard `hidden` (turned face down) without its tile.
pub fn public_words(a: Action, me: Wind, before: Option<Action>, hidden: bool) -> Option<String> {
    let who = if a.seat() == me {
        "You".to_string()
    } else {
        wind_name(a.seat()).to_string()
    };
    let on_discard = matches!(
        before,
        Some(Action::Discard { seat, .. } | Action::Calling { seat, .. }) if seat != a.seat()
    );
    let claimed = match before {
        Some(Action::Discard { tile, .. } | Action::Calling { tile, .. }) => Some(tile),
        _ => None,
    };
    Some(match a {
        Action::Pass { .. } => return None,
        Action::Discard { .. } if hidden && a.seat() != me => {
            format!("{who} discarded a tile")
        }
        Action::Discard { tile, .. } => format!("{who} discarded {tile}"),
        Action::Calling { .. } if hidden && a.seat() != me => {
            format!("{who} discarded a tile, declaring a calling hand")
        }
        Action::Calling { tile, .. } => {
            format!("{who} discarded {tile}, declaring a calling hand")
        }
        Action::Kong { tile, .. } if on_discard || a.seat() == me => {
            format!("{who} made a kong of {tile}")
        }
        Action::Kong { .. } => format!("{who} declared a kong"),
        Action::Pung { .. } => match claimed.filter(|_| on_discard) {
            Some(t) => format!("{who} took {t} for a pung"),
            None => format!("{who} made a pung"),
        },
        Action::Chow { first, .. } => {
            let text = a.to_string();
            let meld = text.split_whitespace().last().unwrap_or("").to_string();
            let _ = first;
            format!("{who} took a chow {meld}")
        }
        Action::MahJong { .. } => format!("{who} went Mah-jong"),
        Action::Invoke { tile, .. } => format!("{who} invoked the Celestial Empire for {tile}"),
    })
}
