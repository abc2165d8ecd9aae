//! The French mahjong table (mahjong-rules' `table`): games played action by action, the
//! views of the seats, records, the bots and seeded simulations; and the encodings of the
//! PettingZoo environment (an observation built from a seat's view, actions as indices).

use std::sync::Arc;

use mahjong_rules::DiscardRule;
use mahjong_rules::table::bots::{self, Bot, ExpertBot, play_game};
use mahjong_rules::table::{Action, Game, GameRecord, Phase, TableOptions, View};
use mahjong_rules::wall::Deal;
use mahjong_tiles::{Tile, TileSet, Wind};
use numpy::PyArray1;
use pyo3::prelude::*;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use rayon::prelude::*;

use crate::convert::{data, from_json, json};
use crate::errors::{parse_err, play_err, record_err, value_err};
use crate::mahjong::{letter, rules, wind};

/// The table options from keyword arguments.
pub fn table_options(
    rounds: usize,
    system: &str,
    flowers: bool,
    calling: bool,
    celestial_empire: bool,
    round_wind: bool,
    discards: &str,
) -> PyResult<TableOptions> {
    let discards = match discards {
        "chinese" => DiscardRule::Chinese,
        "japanese" => DiscardRule::Japanese,
        d => {
            return Err(value_err(format!(
                "discards are \"chinese\" or \"japanese\", not {d:?}"
            )));
        }
    };
    if rounds == 0 || rounds > TableOptions::MAX_ROUNDS {
        return Err(value_err(format!(
            "rounds must be between 1 and {}",
            TableOptions::MAX_ROUNDS
        )));
    }
    Ok(TableOptions::default()
        .with_rules(rules(system)?)
        .with_tile_set(if flowers {
            TileSet::Full
        } else {
            TileSet::WithoutBonus
        })
        .with_calling(calling)
        .with_celestial_empire(celestial_empire)
        .with_round_wind(round_wind)
        .with_discards(discards)
        .with_rounds(rounds))
}

/// A bot by name, the expert with `playouts` per decision.
fn make_bot(name: &str, playouts: Option<u64>) -> PyResult<Box<dyn Bot>> {
    if name == "expert" {
        return Ok(Box::new(ExpertBot::new().budget(playouts)));
    }
    bots::by_name(name).ok_or_else(|| {
        value_err(format!(
            "unknown bot {name:?} (one of: {})",
            bots::NAMES.join(", ")
        ))
    })
}

// ---- The encodings of the environment ------------------------------------------------

/// Playing tile kinds (no flowers or seasons): the first 34 kind indices.
const KINDS: usize = Tile::PLAYING_COUNT;
/// The number of action indices.
pub const ACTIONS: usize = 5 * KINDS + 3;
const DISCARD: usize = 0;
const CALLING: usize = KINDS;
const KONG: usize = 2 * KINDS;
const CHOW: usize = 3 * KINDS;
const INVOKE: usize = 4 * KINDS;
const PUNG: usize = 5 * KINDS;
const MAHJONG: usize = PUNG + 1;
const PASS: usize = PUNG + 2;
/// The length of an observation.
pub const OBSERVATION: usize = 2 * KINDS + 8 * KINDS + KINDS + 4 * 3 + 2 + 4 + 4 + 4 + KINDS + 4;

/// The index of an action.
pub fn action_index(a: Action) -> usize {
    match a {
        Action::Discard { tile, .. } => DISCARD + tile.index(),
        Action::Calling { tile, .. } => CALLING + tile.index(),
        Action::Kong { tile, .. } => KONG + tile.index(),
        Action::Chow { first, .. } => CHOW + first.index(),
        Action::Invoke { tile, .. } => INVOKE + tile.index(),
        Action::Pung { .. } => PUNG,
        Action::MahJong { .. } => MAHJONG,
        Action::Pass { .. } => PASS,
    }
}

/// The action of index `i` for `seat` (unchecked: [`Game::check`] says if it is legal).
pub fn action_of(seat: Wind, i: usize) -> Option<Action> {
    let tile = |k: usize| Tile::from_index(k).filter(|_| k < KINDS);
    Some(match i {
        _ if i < CALLING => Action::Discard {
            seat,
            tile: tile(i - DISCARD)?,
        },
        _ if i < KONG => Action::Calling {
            seat,
            tile: tile(i - CALLING)?,
        },
        _ if i < CHOW => Action::Kong {
            seat,
            tile: tile(i - KONG)?,
        },
        _ if i < INVOKE => Action::Chow {
            seat,
            first: tile(i - CHOW)?,
        },
        _ if i < PUNG => Action::Invoke {
            seat,
            tile: tile(i - INVOKE)?,
        },
        PUNG => Action::Pung { seat },
        MAHJONG => Action::MahJong { seat },
        PASS => Action::Pass { seat },
        _ => return None,
    })
}

/// Seats as the viewer sees them: itself, then the next ones in turn order.
fn relative(seat: Wind) -> [Wind; 4] {
    [
        seat,
        seat.next(),
        seat.next().next(),
        seat.next().next().next(),
    ]
}

fn count(out: &mut [u8], base: usize, t: Tile) {
    if t.index() < KINDS {
        out[base + t.index()] = out[base + t.index()].saturating_add(1);
    }
}

/// The observation of a seat, from its view only (see the environment's docs for the
/// layout), and the mask of its legal actions.
pub fn observe(view: &View<'_>) -> (Vec<u8>, Vec<i8>) {
    let mut o = vec![0u8; OBSERVATION];
    let me = view.seat();
    let seats = relative(me);
    for &t in view.concealed() {
        count(&mut o, 0, t);
    }
    if let Some(t) = view.drawn() {
        count(&mut o, KINDS, t);
    }
    let mut at = 2 * KINDS;
    for &s in &seats {
        for meld in view.melds(s) {
            for t in meld.tiles() {
                count(&mut o, at, t);
            }
        }
        at += KINDS;
    }
    for &(s, t) in view.discards() {
        let k = seats.iter().position(|&x| x == s).unwrap_or(0);
        count(&mut o, at + k * KINDS, t);
    }
    at += 4 * KINDS;
    for (i, c) in view.visible_counts().iter().take(KINDS).enumerate() {
        o[at + i] = *c;
    }
    at += KINDS;
    for &s in &seats {
        o[at] = u8::try_from(view.bonus(s).len()).unwrap_or(u8::MAX);
        o[at + 4] = u8::try_from(view.concealed_len(s)).unwrap_or(u8::MAX);
        o[at + 8] = u8::from(view.is_calling(s));
        at += 1;
    }
    at += 8;
    o[at] = u8::try_from(view.live_wall_left()).unwrap_or(u8::MAX);
    o[at + 1] = u8::try_from(view.dead_wall_left()).unwrap_or(u8::MAX);
    at += 2;
    o[at + me as usize] = 1;
    at += 4;
    let dominant = seats
        .iter()
        .position(|&x| x == view.dominant())
        .unwrap_or(0);
    o[at + dominant] = 1;
    at += 4;
    let (phase, tile, who) = match view.phase() {
        Phase::Turn { seat } => (0, None, seat),
        Phase::Claims { discarder, tile } => (1, Some(tile), discarder),
        Phase::Robbing { seat, tile } => (2, Some(tile), seat),
        Phase::Invocation { seat } => (3, None, seat),
        _ => (0, None, me),
    };
    o[at + phase] = 1;
    at += 4;
    if let Some(t) = tile {
        count(&mut o, at, t);
    }
    at += KINDS;
    o[at + seats.iter().position(|&x| x == who).unwrap_or(0)] = 1;
    let mut mask = vec![0i8; ACTIONS];
    for a in view.legal_actions() {
        mask[action_index(a)] = 1;
    }
    (o, mask)
}

/// An observation and its action mask, as NumPy arrays.
type Observation<'py> = (Bound<'py, PyArray1<u8>>, Bound<'py, PyArray1<i8>>);

/// A game of French mahjong at a table of four: rounds dealt from the game's seed, played
/// action by action (``"E discard 5m"``, ``"S chow 456p"``, ``"W pass"``…), each seat
/// seeing only its view.
///
/// >>> from grilles.mahjong import MahjongGame
/// >>> g = MahjongGame(rounds=1, seed=3)
/// >>> g.deal()
/// >>> seat = g.to_act()[0]
/// >>> action = g.legal_actions(seat)[0]
/// >>> g.play(action)
/// >>> g.play_bots(["random"] * 4, seed=1)
/// >>> g.is_finished()
/// True
/// >>> MahjongGame.replay(g.record()).totals() == g.totals()
/// True
#[pyclass(module = "grilles.mahjong")]
#[derive(Clone, Debug)]
pub struct MahjongGame {
    pub(crate) game: Game,
    rng: Pcg64Mcg,
}

impl MahjongGame {
    fn seat_view(&self, seat: Wind) -> PyResult<View<'_>> {
        self.game
            .view(seat)
            .ok_or_else(|| value_err("no round in play: deal first"))
    }
}

#[pymethods]
impl MahjongGame {
    /// A game between four players (names), with the table's options: `rounds`, the scoring
    /// `system` (``simple``, ``advanced``), `flowers` (the 144 tiles, or 136 without),
    /// `calling` (declared calling hands), `celestial_empire`, `round_wind`, `discards`
    /// (``chinese``, ``japanese``). Rounds are dealt from `seed`.
    #[new]
    #[pyo3(signature = (players=None, *, rounds=16, system="simple", flowers=true, calling=false, celestial_empire=true, round_wind=false, discards="chinese", seed=0))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        players: Option<[String; 4]>,
        rounds: usize,
        system: &str,
        flowers: bool,
        calling: bool,
        celestial_empire: bool,
        round_wind: bool,
        discards: &str,
        seed: u64,
    ) -> PyResult<MahjongGame> {
        let players =
            players.unwrap_or_else(|| ["East", "South", "West", "North"].map(String::from));
        let opts = table_options(
            rounds,
            system,
            flowers,
            calling,
            celestial_empire,
            round_wind,
            discards,
        )?;
        let game = Game::new(players, opts).map_err(value_err)?.with_seed(seed);
        Ok(MahjongGame {
            game,
            rng: Pcg64Mcg::seed_from_u64(seed),
        })
    }

    /// The game rebuilt from its record (JSON text, as :meth:`record` gives it), every step
    /// checked: a tampered record raises :class:`grilles.RecordError`.
    #[staticmethod]
    fn replay(record: &str) -> PyResult<MahjongGame> {
        let record: GameRecord = from_json(record)?;
        let game = record.replay().map_err(record_err)?;
        let seed = game.seed().unwrap_or(0);
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        // The deals drawn so far, so that the next deal continues the game's stream.
        let dealt = game.rounds().len() + usize::from(game.round().is_some());
        for _ in 0..dealt {
            let _ = Deal::random(game.options().tile_set, &mut rng);
        }
        Ok(MahjongGame { game, rng })
    }

    /// The record: options, players, every round's deal, actions and outcome (JSON text).
    fn record(&self) -> PyResult<String> {
        json(&self.game.record())
    }

    /// Deals the next round (from the game's seeded stream).
    fn deal(&mut self) -> PyResult<()> {
        let deal = Deal::random(self.game.options().tile_set, &mut self.rng);
        self.game.deal(deal).map_err(value_err)
    }

    /// The players' names, by player index.
    #[getter]
    fn players(&self) -> Vec<String> {
        self.game.players().to_vec()
    }

    /// The seat (wind letter) of each player this round.
    fn winds(&self) -> Vec<Option<String>> {
        (0..4).map(|p| self.game.wind_of(p).map(letter)).collect()
    }

    /// The rounds played (and the one in play).
    #[getter]
    fn round_number(&self) -> usize {
        self.game.round_number()
    }

    /// Whether the game waits for a deal.
    fn needs_deal(&self) -> bool {
        self.game.needs_deal()
    }

    /// Whether every round was played.
    fn is_finished(&self) -> bool {
        self.game.is_finished()
    }

    /// Whether no round is in play (before a deal, or finished).
    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// The seats that may act now (several while a discard may be claimed).
    fn to_act(&self) -> Vec<String> {
        self.game.to_act().into_iter().map(letter).collect()
    }

    /// The legal actions of `seat` now.
    fn legal_actions(&self, seat: &str) -> PyResult<Vec<String>> {
        Ok(self
            .game
            .legal_actions(wind(seat)?)
            .into_iter()
            .map(|a| a.to_string())
            .collect())
    }

    /// Raises :class:`grilles.IllegalMoveError` if the action would be refused.
    fn check(&self, action: &str) -> PyResult<()> {
        let a: Action = action.parse().map_err(parse_err)?;
        self.game.check(a).map_err(play_err)
    }

    /// Plays an action (``"E discard 5m"``); an illegal one raises
    /// :class:`grilles.IllegalMoveError` naming the seat and the tile, the game unchanged.
    fn play(&mut self, action: &str) -> PyResult<()> {
        let a: Action = action.parse().map_err(parse_err)?;
        self.game.play(a).map_err(play_err)
    }

    /// Takes back the last action of the round in play: it, or ``None``.
    fn undo(&mut self) -> Option<String> {
        self.game.undo().map(|a| a.to_string())
    }

    /// The totals by player.
    fn totals(&self) -> [i64; 4] {
        self.game.totals()
    }

    /// The last round's record as data (deal, actions, outcome with hands, scores,
    /// payments and nets by wind), or ``None`` before the first.
    fn last_round(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        match self.game.rounds().last() {
            Some(r) => data(py, r),
            None => Ok(py.None()),
        }
    }

    /// The last round's nets by player (``None`` before a round ended).
    fn last_nets(&self) -> Option<[i64; 4]> {
        let r = self.game.rounds().last()?;
        let outcome = r.outcome.as_ref()?;
        let mut nets = [0i64; 4];
        for (w, &p) in r.seats.iter() {
            nets[p] = outcome.nets[w];
        }
        Some(nets)
    }

    /// What `seat` sees: its tiles, every seat's exposed melds, bonus tiles and discards,
    /// the wall, the phase and its legal actions.
    fn view(&self, py: Python<'_>, seat: &str) -> PyResult<Py<PyAny>> {
        let v = self.seat_view(wind(seat)?)?;
        let d = pyo3::types::PyDict::new(py);
        let names = |tiles: &[Tile]| tiles.iter().map(|t| t.to_string()).collect::<Vec<_>>();
        d.set_item("seat", letter(v.seat()))?;
        d.set_item("dominant", letter(v.dominant()))?;
        d.set_item("concealed", names(v.concealed()))?;
        d.set_item("drawn", v.drawn().map(|t| t.to_string()))?;
        d.set_item("waits", names(v.waits()))?;
        let per_seat = pyo3::types::PyDict::new(py);
        for w in Wind::ALL {
            let s = pyo3::types::PyDict::new(py);
            s.set_item(
                "melds",
                v.melds(w).map(|m| m.to_string()).collect::<Vec<_>>(),
            )?;
            s.set_item("bonus", names(v.bonus(w)))?;
            s.set_item("concealed_count", v.concealed_len(w))?;
            s.set_item("calling", v.is_calling(w))?;
            per_seat.set_item(letter(w), s)?;
        }
        d.set_item("seats", per_seat)?;
        let discards: Vec<(String, String)> = v
            .discards()
            .iter()
            .map(|(w, t)| (letter(*w), t.to_string()))
            .collect();
        d.set_item("discards", discards)?;
        d.set_item("live_wall_left", v.live_wall_left())?;
        d.set_item("dead_wall_left", v.dead_wall_left())?;
        d.set_item("phase", format!("{:?}", v.phase()))?;
        d.set_item(
            "legal_actions",
            v.legal_actions()
                .iter()
                .map(|a| a.to_string())
                .collect::<Vec<_>>(),
        )?;
        Ok(d.into_any().unbind())
    }

    /// The observation of player `player` (from its seat's view only) as a NumPy ``uint8``
    /// vector, and its action mask (``int8``, one per action index).
    fn observe<'py>(&self, py: Python<'py>, player: usize) -> PyResult<Observation<'py>> {
        let seat = self
            .game
            .wind_of(player)
            .ok_or_else(|| value_err(format!("no player {player}")))?;
        let (o, mask) = match self.game.view(seat) {
            Some(v) => observe(&v),
            None => (vec![0; OBSERVATION], vec![0; ACTIONS]),
        };
        Ok((PyArray1::from_vec(py, o), PyArray1::from_vec(py, mask)))
    }

    /// The wind of player `player` this round.
    fn wind_of(&self, player: usize) -> Option<String> {
        self.game.wind_of(player).map(letter)
    }

    /// The player who holds `seat` this round.
    fn player_of(&self, seat: &str) -> PyResult<usize> {
        Ok(self.game.seats()[wind(seat)?])
    }

    /// Plays action index `index` for player `player` (the environment's encoding).
    fn play_index(&mut self, player: usize, index: usize) -> PyResult<()> {
        let seat = self
            .game
            .wind_of(player)
            .ok_or_else(|| value_err(format!("no player {player}")))?;
        let a = action_of(seat, index)
            .ok_or_else(|| value_err(format!("no action of index {index}")))?;
        self.game.play(a).map_err(play_err)
    }

    /// The action of index `index` for `seat`, as text.
    #[staticmethod]
    fn action_text(seat: &str, index: usize) -> PyResult<String> {
        action_of(wind(seat)?, index)
            .map(|a| a.to_string())
            .ok_or_else(|| value_err(format!("no action of index {index}")))
    }

    /// The index of an action's text.
    #[staticmethod]
    fn action_index(action: &str) -> PyResult<usize> {
        Ok(action_index(action.parse().map_err(parse_err)?))
    }

    /// Plays the rest of the game with bots (one name per player, see
    /// :data:`grilles.mahjong.BOTS`), dealing and drawing from `seed`.
    #[pyo3(signature = (bots, *, seed=0, playouts=None))]
    fn play_bots(
        &mut self,
        py: Python<'_>,
        bots: Vec<String>,
        seed: u64,
        playouts: Option<u64>,
    ) -> PyResult<()> {
        let names: [String; 4] = bots.try_into().map_err(|_| value_err("give four bots"))?;
        for n in &names {
            make_bot(n, playouts)?;
        }
        let game = &mut self.game;
        py.detach(|| {
            let mut table = bot_table(&names, playouts)?;
            play_game(game, &mut table, &mut Pcg64Mcg::seed_from_u64(seed)).map_err(value_err)
        })
    }

    fn __repr__(&self) -> String {
        format!(
            "MahjongGame(round {}/{}, totals={:?})",
            self.game.round_number(),
            self.game.options().rounds,
            self.game.totals()
        )
    }
}

fn bot_table(names: &[String; 4], playouts: Option<u64>) -> PyResult<[Box<dyn Bot>; 4]> {
    let v = names
        .iter()
        .map(|n| make_bot(n, playouts))
        .collect::<PyResult<Vec<_>>>()?;
    v.try_into().map_err(|_| value_err("give four bots"))
}

/// A computer player of French mahjong (``random``, ``efficient``, ``scorer``,
/// ``expert``), deciding from its seat's view only.
///
/// >>> from grilles.mahjong import MahjongBot, MahjongGame
/// >>> g = MahjongGame(rounds=1)
/// >>> g.deal()
/// >>> seat = g.to_act()[0]
/// >>> g.play(MahjongBot("efficient").choose(g, seat))
#[pyclass(module = "grilles.mahjong", unsendable)]
pub struct MahjongBot {
    bot: Box<dyn Bot>,
    rng: Pcg64Mcg,
}

impl std::fmt::Debug for MahjongBot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MahjongBot")
            .field("name", &self.bot.name())
            .finish()
    }
}

#[pymethods]
impl MahjongBot {
    /// A bot by name drawing from `seed`; `playouts` is the expert's budget per decision.
    #[new]
    #[pyo3(signature = (name, *, seed=0, playouts=None))]
    fn new(name: &str, seed: u64, playouts: Option<u64>) -> PyResult<MahjongBot> {
        Ok(MahjongBot {
            bot: make_bot(name, playouts)?,
            rng: Pcg64Mcg::seed_from_u64(seed),
        })
    }

    /// The bot's name.
    #[getter]
    fn name(&self) -> String {
        self.bot.name().to_owned()
    }

    /// The action it plays for `seat`, from that seat's view.
    fn choose(&mut self, game: &MahjongGame, seat: &str) -> PyResult<String> {
        let w = wind(seat)?;
        if !game.game.to_act().contains(&w) {
            return Err(value_err(format!("{} has no decision to make", letter(w))));
        }
        let v = game.seat_view(w)?;
        Ok(self.bot.choose(&v, &mut self.rng).to_string())
    }

    fn __repr__(&self) -> String {
        format!("MahjongBot({:?})", self.bot.name())
    }
}

/// Plays games ``start`` … ``start + count - 1`` between four bots, game ``i`` dealt and
/// decided from seed ``seed + i``; gives each game's totals by player. The same seeds give
/// the same games whatever the number of threads (the unit of the Ray jobs).
///
/// >>> from grilles.mahjong import simulate
/// >>> simulate(["random"] * 4, count=2, rounds=1) == simulate(["random"] * 4, count=2, rounds=1, threads=1)
/// True
#[pyfunction(name = "mahjong_simulate")]
#[pyo3(signature = (bots, *, seed=0, start=0, count=1, rounds=16, system="simple", playouts=None, threads=None))]
#[allow(clippy::too_many_arguments)]
pub fn simulate(
    py: Python<'_>,
    bots: Vec<String>,
    seed: u64,
    start: u64,
    count: u64,
    rounds: usize,
    system: &str,
    playouts: Option<u64>,
    threads: Option<usize>,
) -> PyResult<Vec<(u64, [i64; 4])>> {
    let names: [String; 4] = bots.try_into().map_err(|_| value_err("give four bots"))?;
    bot_table(&names, playouts)?;
    let opts = Arc::new(table_options(
        rounds, system, true, false, true, false, "chinese",
    )?);
    let end = crate::stop::seeds(start, count)?.end;
    crate::stop::seeds(seed, end)?;
    let one = |i: u64| -> PyResult<(u64, [i64; 4])> {
        let s = seed + i;
        let mut game = Game::new(["A", "B", "C", "D"].map(String::from), (*opts).clone())
            .map_err(value_err)?
            .with_seed(s);
        let mut table = bot_table(&names, playouts)?;
        play_game(&mut game, &mut table, &mut Pcg64Mcg::seed_from_u64(s)).map_err(value_err)?;
        Ok((i, game.totals()))
    };
    crate::stop::run(py, None, |_| match threads {
        Some(1) => (start..end).map(one).collect(),
        t => crate::stop::pool(t)?.install(|| (start..end).into_par_iter().map(one).collect()),
    })
}

/// Registers the classes and functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<MahjongGame>()?;
    m.add_class::<MahjongBot>()?;
    m.add_function(wrap_pyfunction!(simulate, m)?)?;
    m.add("MAHJONG_BOTS", bots::NAMES.to_vec())?;
    m.add("MAHJONG_ACTIONS", ACTIONS)?;
    m.add("MAHJONG_OBSERVATION", OBSERVATION)?;
    Ok(())
}
