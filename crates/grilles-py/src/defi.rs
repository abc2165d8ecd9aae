//! Défi Sudoku (defi-sudoku): the game with every option, its bots, records and simulator.

use std::sync::Arc;

use defi_sudoku::bot::{self, Bot, Strategy};
use defi_sudoku::simulate::{BotSpec, Simulation};
use defi_sudoku::sudoku_core::{Cell, Grid};
use defi_sudoku::{Chrono, Entry, Game, Options, Record, SolvedPuzzle};
use pyo3::prelude::*;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

use crate::convert::{data, from_json, json};
use crate::errors::{parse_err, play_err, record_err, stopped, value_err};
use crate::stop;

/// The options of a game from keyword arguments.
pub fn options(
    challenge: &str,
    handicap: &str,
    chrono: Option<f64>,
    teams: bool,
    final_order: &str,
) -> PyResult<Options> {
    Ok(Options {
        challenge: challenge.parse().map_err(value_err)?,
        handicap: handicap.parse().map_err(value_err)?,
        chrono: match stop::duration(chrono)? {
            Some(limit) => Chrono::With { limit },
            None => Chrono::Without,
        },
        teams,
        final_order: final_order.parse().map_err(value_err)?,
    })
}

fn cell(row: usize, col: usize) -> PyResult<Cell> {
    if row >= 9 || col >= 9 {
        return Err(value_err(format!(
            "row and column go from 0 to 8 (got {row}, {col})"
        )));
    }
    Ok(Cell::new(row * 9 + col))
}

fn entry_tuple(e: Entry) -> (usize, usize, usize, u8) {
    (e.player, e.cell.index() / 9, e.cell.index() % 9, e.value)
}

/// A bot by name (``greedy``, ``blocking``, ``search``) with a skill (the hardest method it
/// masters, ``A1`` … ``E``) and a speed (percent of the reference player).
fn make_bot(name: &str, skill: Option<&str>, speed: Option<u32>) -> PyResult<Box<dyn Bot>> {
    let strategy: Strategy = name.parse().map_err(value_err)?;
    let skill = match skill {
        Some(s) => s.parse().map_err(value_err)?,
        None => bot::DEFAULT_SKILL,
    };
    Ok(strategy.bot_with(skill, speed.unwrap_or(100)))
}

/// A game of Défi Sudoku between 2 and 5 players on one puzzle: entries are checked, scored
/// at face value, and the game is saved as its record.
///
/// >>> from grilles.defi import DefiGame
/// >>> g = DefiGame(players=["Ann", "Bob"], seed=7)
/// >>> g.to_act()
/// [0]
/// >>> g.play_bots(["blocking", "search"], seed=1)
/// >>> g.is_over()
/// True
/// >>> DefiGame.replay(g.record()).totals() == g.totals()
/// True
#[pyclass(module = "grilles.defi")]
#[derive(Clone, Debug)]
pub struct DefiGame {
    pub(crate) game: Game,
}

#[pymethods]
impl DefiGame {
    /// A new game. `puzzle` is a one-line 9×9 puzzle with one solution (``None``: generated
    /// from `seed`); the options are those of the rules: `challenge` (``regular``,
    /// ``shortened``, ``express``), `handicap` (``on``, ``off``, ``balanced`` or points such
    /// as ``"0,4,6"``), `chrono` (seconds per entry, or ``None``), `teams` (two against
    /// two), `final_order` (``increasing``, ``status-quo``).
    #[new]
    #[pyo3(signature = (puzzle=None, players=vec!["A".to_owned(), "B".to_owned()], *, challenge="regular", handicap="on", chrono=None, teams=false, final_order="increasing", seed=0))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        puzzle: Option<&str>,
        players: Vec<String>,
        challenge: &str,
        handicap: &str,
        chrono: Option<f64>,
        teams: bool,
        final_order: &str,
        seed: u64,
    ) -> PyResult<DefiGame> {
        let puzzle = match puzzle {
            Some(text) => text.parse::<SolvedPuzzle>().map_err(parse_err)?,
            None => SolvedPuzzle::generate(&mut Pcg64Mcg::seed_from_u64(seed)),
        };
        let opts = options(challenge, handicap, chrono, teams, final_order)?;
        let game = Game::new(puzzle, players, opts).map_err(value_err)?;
        Ok(DefiGame { game })
    }

    /// The game rebuilt from its record (JSON text, as :meth:`record` gives it), every
    /// entry and score checked: a tampered record raises :class:`grilles.RecordError`.
    #[staticmethod]
    fn replay(record: &str) -> PyResult<DefiGame> {
        let record: Record = from_json(record)?;
        Ok(DefiGame {
            game: record.replay().map_err(record_err)?,
        })
    }

    /// The record: puzzle, options, players and every entry with its points (JSON text).
    fn record(&self) -> PyResult<String> {
        json(&self.game.record())
    }

    /// The players' names.
    #[getter]
    fn players(&self) -> Vec<String> {
        self.game.players().to_vec()
    }

    /// The puzzle as played now (one line).
    #[getter]
    fn grid(&self) -> String {
        self.game.grid().to_string()
    }

    /// The puzzle at the start (one line).
    #[getter]
    fn puzzle(&self) -> String {
        self.game.puzzle().puzzle().to_string()
    }

    /// The cells now, row by row (0 empty).
    #[getter]
    fn cells(&self) -> Vec<u32> {
        self.game
            .grid()
            .cells()
            .iter()
            .map(|&v| u32::from(v))
            .collect()
    }

    /// The round (from 1).
    #[getter]
    fn round(&self) -> u32 {
        self.game.round()
    }

    /// The digits of the turn's quota.
    #[getter]
    fn quota(&self) -> u8 {
        self.game.quota()
    }

    /// The digits the player to act may still enter this turn.
    #[getter]
    fn digits_left(&self) -> u8 {
        self.game.digits_left()
    }

    /// The empty cells left.
    #[getter]
    fn empty_cells(&self) -> usize {
        self.game.empty_cells()
    }

    /// Whether the +10 completion bonus of this round was taken.
    #[getter]
    fn bonus_taken(&self) -> bool {
        self.game.bonus_taken()
    }

    /// The players who may act now (one at most; none once over).
    fn to_act(&self) -> Vec<usize> {
        self.game.to_act()
    }

    /// Whether the grid is full.
    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// The totals by player.
    fn totals(&self) -> Vec<u32> {
        self.game.totals()
    }

    /// The players with the best total.
    fn leaders(&self) -> Vec<usize> {
        self.game.leaders()
    }

    /// The totals of teams A and B (two against two), else ``None``.
    fn team_totals(&self) -> Option<[u32; 2]> {
        self.game.team_totals()
    }

    /// Every entry :meth:`play` accepts now, as (player, row, column, digit).
    fn legal_moves(&self) -> Vec<(usize, usize, usize, u8)> {
        self.game
            .legal_moves()
            .into_iter()
            .map(entry_tuple)
            .collect()
    }

    /// Whether the entry would be accepted.
    fn is_legal(&self, player: usize, row: usize, col: usize, digit: u8) -> PyResult<bool> {
        Ok(self
            .game
            .is_legal(Entry::new(player, cell(row, col)?, digit)))
    }

    /// Plays an entry (0-based row and column): a dict of what it scored (``correct``,
    /// ``points``, ``bonus``, ``completed`` houses, ``turn_over``, ``game_over``…). A wrong
    /// digit is corrected and scores nothing; with the chrono, `seconds` is the time taken.
    /// An illegal entry raises :class:`grilles.IllegalMoveError`, the game unchanged.
    #[pyo3(signature = (player, row, col, digit, *, seconds=None))]
    fn play(
        &mut self,
        py: Python<'_>,
        player: usize,
        row: usize,
        col: usize,
        digit: u8,
        seconds: Option<f64>,
    ) -> PyResult<Py<PyAny>> {
        let entry = Entry::new(player, cell(row, col)?, digit);
        let report = match stop::duration(seconds)? {
            Some(t) => self.game.play_timed(entry, t),
            None => self.game.play(entry),
        }
        .map_err(play_err)?;
        data(py, &report)
    }

    /// Takes back the last entry: it as (player, row, column, digit), or ``None``.
    fn undo(&mut self) -> Option<(usize, usize, usize, u8)> {
        self.game.undo().map(entry_tuple)
    }

    /// Why the digit of entry `entry` of turn `turn` is right: sudoku-grade's steps from the
    /// position before it.
    fn explain_entry(&self, turn: usize, entry: usize) -> PyResult<String> {
        self.game
            .explain_entry(turn, entry)
            .map(|e| e.to_string())
            .map_err(value_err)
    }

    /// The steps that place the digit of (row, column) from the position now.
    fn explain_cell(&self, row: usize, col: usize) -> PyResult<String> {
        self.game
            .explain_cell(cell(row, col)?)
            .map(|e| e.to_string())
            .map_err(value_err)
    }

    /// Plays the game to its end with bots (one name per player, see
    /// :data:`grilles.defi.BOTS`), drawing from `seed`.
    #[pyo3(signature = (bots, *, seed=0, skill=None))]
    fn play_bots(
        &mut self,
        py: Python<'_>,
        bots: Vec<String>,
        seed: u64,
        skill: Option<&str>,
    ) -> PyResult<()> {
        if bots.len() != self.game.player_count() {
            return Err(value_err(format!(
                "{} bots for {} players",
                bots.len(),
                self.game.player_count()
            )));
        }
        for b in &bots {
            make_bot(b, skill, None)?;
        }
        let game = &mut self.game;
        py.detach(|| {
            let mut table = bots
                .iter()
                .map(|b| make_bot(b, skill, None))
                .collect::<PyResult<Vec<_>>>()?;
            bot::play_out(game, &mut table, &mut Pcg64Mcg::seed_from_u64(seed)).map_err(play_err)
        })
    }

    fn __str__(&self) -> String {
        format!("{:#}", self.game.grid())
    }

    fn __repr__(&self) -> String {
        format!(
            "DefiGame(players={:?}, round={}, totals={:?})",
            self.game.players(),
            self.game.round(),
            self.game.totals()
        )
    }
}

/// A computer player of Défi Sudoku: it sees the grid, never the solution, and enters
/// only what its techniques deduce (guessing when stuck).
///
/// >>> from grilles.defi import DefiBot, DefiGame
/// >>> g = DefiGame(seed=2)
/// >>> move = DefiBot("greedy", seed=1).choose(g)
/// >>> g.is_legal(*move)
/// True
#[pyclass(module = "grilles.defi", unsendable)]
pub struct DefiBot {
    bot: Box<dyn Bot>,
    rng: Pcg64Mcg,
}

impl std::fmt::Debug for DefiBot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DefiBot")
            .field("name", &self.bot.name())
            .finish()
    }
}

#[pymethods]
impl DefiBot {
    /// A bot of strategy `name` (``greedy``, ``blocking``, ``search``), mastering the
    /// techniques up to `skill` (``A1`` … ``E``; default ``B``), drawing from `seed`.
    #[new]
    #[pyo3(signature = (name, *, skill=None, speed=None, seed=0))]
    fn new(name: &str, skill: Option<&str>, speed: Option<u32>, seed: u64) -> PyResult<DefiBot> {
        Ok(DefiBot {
            bot: make_bot(name, skill, speed)?,
            rng: Pcg64Mcg::seed_from_u64(seed),
        })
    }

    /// The bot's name.
    #[getter]
    fn name(&self) -> String {
        self.bot.name().to_owned()
    }

    /// The entry it plays for the player to act, as (player, row, column, digit).
    fn choose(&mut self, game: &DefiGame) -> PyResult<(usize, usize, usize, u8)> {
        if game.game.is_over() {
            return Err(value_err("the game is over"));
        }
        Ok(entry_tuple(
            self.bot.choose(&game.game.view(), &mut self.rng),
        ))
    }

    fn __repr__(&self) -> String {
        format!("DefiBot({:?})", self.bot.name())
    }
}

fn simulation(bots: Vec<String>, games: u64, seed: u64, opts: Options) -> PyResult<Simulation> {
    let specs = bots
        .iter()
        .map(|b| b.parse::<BotSpec>().map_err(value_err))
        .collect::<PyResult<Vec<_>>>()?;
    Simulation::new(opts, specs, games, seed).map_err(value_err)
}

/// Plays `games` seeded games between bots (specs such as ``blocking``, ``search:C``) and
/// gives the figures: games, win rates with their 95% intervals, mean scores, the
/// chi-square of the seats and whether they look even. Game ``i`` is the same whatever
/// the number of threads.
#[pyfunction(name = "defi_simulate")]
#[pyo3(signature = (bots, games=100, *, seed=0, challenge="regular", handicap="on", chrono=None, teams=false, final_order="increasing", parallel=true, timeout=None, budget=None))]
#[allow(clippy::too_many_arguments)]
pub fn simulate(
    py: Python<'_>,
    bots: Vec<String>,
    games: u64,
    seed: u64,
    challenge: &str,
    handicap: &str,
    chrono: Option<f64>,
    teams: bool,
    final_order: &str,
    parallel: bool,
    timeout: Option<f64>,
    budget: Option<u64>,
) -> PyResult<Py<PyAny>> {
    let opts = options(challenge, handicap, chrono, teams, final_order)?;
    let sim = simulation(bots, games, seed, opts)?;
    let stats = stop::run(py, timeout, |flag| {
        let sim = sim.budget(budget).cancel_flag(Arc::clone(flag));
        let run = if parallel {
            sim.try_run_par()
        } else {
            sim.try_run()
        };
        run.map_err(|e| stopped(&e, timeout))
    })?;
    let seats = stats.seats();
    let dict = pyo3::types::PyDict::new(py);
    dict.set_item("games", stats.games())?;
    dict.set_item(
        "win_rate",
        (0..seats).map(|s| stats.win_rate(s)).collect::<Vec<_>>(),
    )?;
    dict.set_item(
        "win_rate_ci95",
        (0..seats)
            .map(|s| stats.win_rate_ci95(s))
            .collect::<Vec<_>>(),
    )?;
    dict.set_item(
        "mean_score",
        (0..seats).map(|s| stats.mean_score(s)).collect::<Vec<_>>(),
    )?;
    dict.set_item("chi_square", stats.chi_square())?;
    dict.set_item("seats_look_even", stats.seats_look_even())?;
    Ok(dict.into_any().unbind())
}

/// The results of games ``start`` to ``start + count - 1`` of the seeded simulation
/// (totals and win shares by seat, entries late): the unit of work of the Ray jobs.
#[pyfunction(name = "defi_game_results")]
#[pyo3(signature = (bots, start, count, *, seed=0, challenge="regular", handicap="on", teams=false, final_order="increasing"))]
#[allow(clippy::too_many_arguments)]
pub fn game_results(
    py: Python<'_>,
    bots: Vec<String>,
    start: u64,
    count: u64,
    seed: u64,
    challenge: &str,
    handicap: &str,
    teams: bool,
    final_order: &str,
) -> PyResult<Py<PyAny>> {
    let opts = options(challenge, handicap, None, teams, final_order)?;
    let end = stop::seeds(start, count)?.end;
    let sim = simulation(bots, end, seed, opts)?;
    let results = stop::run(py, None, |flag| {
        let sim = sim.cancel_flag(Arc::clone(flag));
        (start..end)
            .map(|i| {
                sim.try_play(i)
                    .map(|g| defi_sudoku::simulate::GameResult::of_game(&g))
            })
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| stopped(&e, None))
    })?;
    data(py, &results)
}

/// A puzzle with one solution, read (one line) or generated from `seed`, with its solution:
/// (puzzle, solution).
#[pyfunction(name = "defi_solved_puzzle")]
#[pyo3(signature = (puzzle=None, *, seed=0))]
pub fn solved_puzzle(puzzle: Option<&str>, seed: u64) -> PyResult<(String, String)> {
    let p = match puzzle {
        Some(text) => text.parse::<SolvedPuzzle>().map_err(parse_err)?,
        None => SolvedPuzzle::generate(&mut Pcg64Mcg::seed_from_u64(seed)),
    };
    let line = |g: &Grid| g.to_string();
    Ok((line(p.puzzle()), line(p.solution())))
}

/// Registers the classes and functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<DefiGame>()?;
    m.add_class::<DefiBot>()?;
    m.add_function(wrap_pyfunction!(simulate, m)?)?;
    m.add_function(wrap_pyfunction!(game_results, m)?)?;
    m.add_function(wrap_pyfunction!(solved_puzzle, m)?)?;
    m.add("DEFI_BOTS", bot::NAMES.to_vec())?;
    Ok(())
}
