//! Mahjong solitaire (mahjong-solitaire): layouts, deals, moves, hints, the solver, pictures.

use std::sync::Arc;

use mahjong_solitaire::render::{SvgOptions, TextOptions, to_svg, to_text};
use mahjong_solitaire::{
    Board, BuiltinLayout, DealError, Hint, Layout, Move, Outcome, ReversePlacement, SavedGame,
    Solver, Status, random_deal,
};
use numpy::PyArray1;
use pyo3::prelude::*;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

use crate::convert::{from_json, json};
use crate::errors::{parse_err, play_err, record_err, stopped, value_err};
use crate::stop;

/// A layout: the positions of the tiles (half-tile x and y, and a layer z).
///
/// >>> from grilles.solitaire import SolitaireLayout
/// >>> t = SolitaireLayout.builtin("turtle")
/// >>> len(t), t.name
/// (144, 'Turtle')
#[pyclass(module = "grilles.solitaire", frozen)]
#[derive(Clone, Debug)]
pub struct SolitaireLayout {
    pub(crate) layout: Arc<Layout>,
}

#[pymethods]
impl SolitaireLayout {
    /// A built-in layout: ``turtle``, ``pyramid``, ``fortress``, ``bridge``, ``spider``.
    #[staticmethod]
    fn builtin(name: &str) -> PyResult<SolitaireLayout> {
        let b: BuiltinLayout = name.parse().map_err(parse_err)?;
        Ok(SolitaireLayout {
            layout: Arc::new(b.layout()),
        })
    }

    /// A layout in the crate's text format (``0 6: 2-24`` is a row of twelve tiles).
    #[staticmethod]
    fn parse(text: &str) -> PyResult<SolitaireLayout> {
        Ok(SolitaireLayout {
            layout: Arc::new(text.parse::<Layout>().map_err(parse_err)?),
        })
    }

    /// A layout from a KMahjongg ``.layout`` file's text.
    #[staticmethod]
    fn from_kmahjongg(text: &str) -> PyResult<SolitaireLayout> {
        Ok(SolitaireLayout {
            layout: Arc::new(Layout::from_kmahjongg(text).map_err(parse_err)?),
        })
    }

    /// The layout in KMahjongg's format.
    fn to_kmahjongg(&self) -> String {
        self.layout.to_kmahjongg()
    }

    /// The name.
    #[getter]
    fn name(&self) -> String {
        self.layout.name().to_owned()
    }

    /// The positions, as (x, y, z) in half tiles and layers, in index order.
    #[getter]
    fn positions(&self) -> Vec<(u16, u16, u8)> {
        self.layout
            .positions()
            .iter()
            .map(|p| (p.x, p.y, p.z))
            .collect()
    }

    /// Width and height in half tiles, and the layers.
    #[getter]
    fn size(&self) -> (u16, u16, u8) {
        (
            self.layout.width(),
            self.layout.height(),
            self.layout.depth(),
        )
    }

    fn __len__(&self) -> usize {
        self.layout.len()
    }

    fn __str__(&self) -> String {
        self.layout.to_string()
    }

    fn __repr__(&self) -> String {
        format!(
            "SolitaireLayout({:?}, {} tiles)",
            self.layout.name(),
            self.layout.len()
        )
    }
}

fn status_name(s: Status) -> &'static str {
    match s {
        Status::Playing => "playing",
        Status::Cleared => "cleared",
        Status::DeadEnd => "dead end",
    }
}

fn pair(m: Move) -> (usize, usize) {
    (m.first(), m.second())
}

/// A board of mahjong solitaire: tiles by position index (see
/// :attr:`SolitaireLayout.positions`), moves as pairs of indices.
///
/// >>> from grilles.solitaire import SolitaireBoard, SolitaireLayout
/// >>> b = SolitaireBoard.deal(SolitaireLayout.builtin("turtle"), seed=7)
/// >>> b.remaining
/// 144
/// >>> kind, move = b.hint()
/// >>> kind
/// 'winning'
/// >>> b.play(*move)
/// >>> b.remaining
/// 142
#[pyclass(module = "grilles.solitaire")]
#[derive(Clone, Debug)]
pub struct SolitaireBoard {
    pub(crate) board: Board,
}

#[pymethods]
impl SolitaireBoard {
    /// A deal sure to be winnable (reverse placement), or with ``solvable=False`` a plain
    /// shuffle; the same seed gives the same deal.
    #[staticmethod]
    #[pyo3(signature = (layout, *, seed=0, solvable=true, timeout=None, budget=None))]
    fn deal(
        py: Python<'_>,
        layout: &SolitaireLayout,
        seed: u64,
        solvable: bool,
        timeout: Option<f64>,
        budget: Option<u64>,
    ) -> PyResult<SolitaireBoard> {
        let layout = Arc::clone(&layout.layout);
        let board = stop::run(py, timeout, |flag| {
            deal_board(&layout, seed, solvable, budget, flag, timeout)
        })?;
        Ok(SolitaireBoard { board })
    }

    /// A board restored from a saved game (JSON text, as :meth:`save` gives it): a tampered
    /// save raises :class:`grilles.RecordError`.
    #[staticmethod]
    fn restore(saved: &str) -> PyResult<SolitaireBoard> {
        let saved: SavedGame = from_json(saved)?;
        Ok(SolitaireBoard {
            board: Board::restore(saved).map_err(record_err)?,
        })
    }

    /// The saved game: layout, tiles, history (JSON text).
    fn save(&self) -> PyResult<String> {
        json(&self.board.save())
    }

    /// The layout.
    #[getter]
    fn layout(&self) -> SolitaireLayout {
        SolitaireLayout {
            layout: Arc::new(self.board.layout().clone()),
        }
    }

    /// Tiles left.
    #[getter]
    fn remaining(&self) -> usize {
        self.board.remaining()
    }

    /// The tile at each position (``None`` once removed), in the ``1m`` notation.
    #[getter]
    fn tiles(&self) -> Vec<Option<String>> {
        self.board
            .tiles_by_index()
            .into_iter()
            .map(|t| t.map(|t| t.to_string()))
            .collect()
    }

    /// The tile kinds by position as a NumPy ``int8`` array: the kind index 0–41 plus one,
    /// 0 once removed.
    fn kinds<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i8>> {
        let v: Vec<i8> = self
            .board
            .tiles_by_index()
            .into_iter()
            .map(|t| t.map_or(0, |t| t.index() as i8 + 1))
            .collect();
        PyArray1::from_vec(py, v)
    }

    /// The positions of the free tiles.
    fn free_tiles(&self) -> Vec<usize> {
        self.board.free_tiles()
    }

    /// Whether the tile at `index` is there and free.
    fn is_free(&self, index: usize) -> bool {
        self.board.is_free(index)
    }

    /// Every pair :meth:`play` accepts now.
    fn legal_moves(&self) -> Vec<(usize, usize)> {
        self.board.legal_moves().into_iter().map(pair).collect()
    }

    /// Whether the pair may be removed.
    fn is_legal(&self, a: usize, b: usize) -> bool {
        self.board.is_legal(Move::new(a, b))
    }

    /// Removes two free matching tiles; an illegal pair raises
    /// :class:`grilles.IllegalMoveError` (saying which tile is blocked and by what), the
    /// board unchanged.
    fn play(&mut self, a: usize, b: usize) -> PyResult<()> {
        self.board.play(Move::new(a, b)).map_err(play_err)
    }

    /// Puts the last pair back: it, or ``None``.
    fn undo(&mut self) -> Option<(usize, usize)> {
        self.board.undo().map(pair)
    }

    /// The pairs removed, in order.
    #[getter]
    fn history(&self) -> Vec<(usize, usize)> {
        self.board.history().iter().copied().map(pair).collect()
    }

    /// Whether no pair can go.
    fn is_over(&self) -> bool {
        self.board.is_over()
    }

    /// Whether every tile is gone.
    fn is_cleared(&self) -> bool {
        self.board.is_cleared()
    }

    /// ``playing``, ``cleared`` or ``dead end``.
    #[getter]
    fn status(&self) -> &'static str {
        status_name(self.board.status())
    }

    /// A hint: (``"winning"``, pair) when the pair keeps the board winnable, (``"legal"``,
    /// pair) when none does, (``"none"``, ``None``) at a dead end.
    #[pyo3(signature = (*, timeout=None, budget=None))]
    fn hint(
        &self,
        py: Python<'_>,
        timeout: Option<f64>,
        budget: Option<u64>,
    ) -> PyResult<(&'static str, Option<(usize, usize)>)> {
        let board = self.board.clone();
        let h = stop::run(py, timeout, |flag| {
            Solver::new()
                .budget(budget)
                .cancel_flag(Arc::clone(flag))
                .hint(&board)
                .map_err(|e| stopped(&e, timeout))
        })?;
        Ok(match h {
            Hint::Winning(m) => ("winning", Some(pair(m))),
            Hint::Legal(m) => ("legal", Some(pair(m))),
            Hint::NoMove => ("none", None),
        })
    }

    /// Solves the board: a winning sequence of pairs, or ``None`` when it is proven lost.
    #[pyo3(signature = (*, timeout=None, budget=None))]
    fn solve(
        &self,
        py: Python<'_>,
        timeout: Option<f64>,
        budget: Option<u64>,
    ) -> PyResult<Option<Vec<(usize, usize)>>> {
        let board = self.board.clone();
        let analysis = stop::run(py, timeout, |flag| {
            Solver::new()
                .budget(budget)
                .cancel_flag(Arc::clone(flag))
                .solve(&board)
                .map_err(|e| stopped(&e, timeout))
        })?;
        Ok(match analysis.outcome {
            Outcome::Winnable(moves) => Some(moves.into_iter().map(pair).collect()),
            Outcome::Unwinnable => None,
        })
    }

    /// Shuffles the tiles left (at a dead end), drawing from `seed`.
    #[pyo3(signature = (*, seed=0))]
    fn shuffle(&mut self, seed: u64) -> PyResult<()> {
        self.board
            .shuffle(&mut Pcg64Mcg::seed_from_u64(seed))
            .map_err(value_err)
    }

    /// A text picture: Unicode tiles by layer, free tiles marked.
    fn text(&self) -> String {
        to_text(&self.board, &TextOptions::default())
    }

    /// An SVG picture of the board.
    fn svg(&self) -> String {
        to_svg(&self.board, &SvgOptions::default())
    }

    fn __str__(&self) -> String {
        self.text()
    }

    fn __repr__(&self) -> String {
        format!(
            "SolitaireBoard({:?}, remaining={}, status={:?})",
            self.board.layout().name(),
            self.board.remaining(),
            status_name(self.board.status())
        )
    }
}

/// The deal of `seed` on `layout`.
pub fn deal_board(
    layout: &Layout,
    seed: u64,
    solvable: bool,
    budget: Option<u64>,
    flag: &Arc<std::sync::atomic::AtomicBool>,
    timeout: Option<f64>,
) -> PyResult<Board> {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    if !solvable {
        return Ok(random_deal(layout, &mut rng));
    }
    ReversePlacement::new()
        .budget(budget)
        .cancel_flag(Arc::clone(flag))
        .deal(layout, &mut rng)
        .map(|d| d.board)
        .map_err(|e| match e {
            DealError::Interrupted(i) => stopped(&i, timeout),
            e => value_err(e),
        })
}

/// Deals ``count`` boards from seeds ``seed`` … ``seed + count - 1`` (random deals, as a
/// player gets them) and solves each: for each, ``(seed, winnable)``, ``winnable`` being
/// ``None`` when the solver ran out of `budget` nodes. The unit of the Ray jobs.
#[pyfunction(name = "solitaire_deal_results")]
#[pyo3(signature = (layout, seed, count, *, budget=None))]
pub fn deal_results(
    py: Python<'_>,
    layout: &SolitaireLayout,
    seed: u64,
    count: u64,
    budget: Option<u64>,
) -> PyResult<Vec<(u64, Option<bool>)>> {
    let seeds = stop::seeds(seed, count)?;
    let layout = Arc::clone(&layout.layout);
    stop::run(py, None, |flag| {
        let mut out = Vec::new();
        for s in seeds.clone() {
            let board = random_deal(&layout, &mut Pcg64Mcg::seed_from_u64(s));
            let solver = Solver::new().budget(budget).cancel_flag(Arc::clone(flag));
            let winnable = match solver.solve(&board) {
                Ok(a) => Some(a.outcome.is_winnable()),
                Err(e) if e.is_cancelled() => return Err(stopped(&e, None)),
                Err(_) => None,
            };
            out.push((s, winnable));
        }
        Ok(out)
    })
}

/// Registers the classes and functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<SolitaireLayout>()?;
    m.add_class::<SolitaireBoard>()?;
    m.add_function(wrap_pyfunction!(deal_results, m)?)?;
    m.add(
        "SOLITAIRE_LAYOUTS",
        vec!["turtle", "pyramid", "fortress", "bridge", "spider"],
    )?;
    Ok(())
}
