//! French mahjong (mahjong-tiles, mahjong-rules): tiles, hands, itemised scores, payments,
//! waits and the distance to Mah-jong.

use mahjong_rules::distance::{tiles_away as rust_tiles_away, useful_tiles as rust_useful_tiles};
use mahjong_rules::{Hand, RuleOptions, ScoringSystem, Situation, Win, payment, score, waits};
use mahjong_tiles::{Language, Tile, Tiles, Wind};
use pyo3::prelude::*;

use crate::convert::data;
use crate::errors::{parse_err, value_err};

/// A wind from its letter or name (``E``, ``south``, ``ouest``…).
pub fn wind(text: &str) -> PyResult<Wind> {
    text.parse().map_err(parse_err)
}

/// The letter of a wind.
pub fn letter(w: Wind) -> String {
    w.letter().to_string()
}

fn tile(text: &str) -> PyResult<Tile> {
    text.parse().map_err(parse_err)
}

/// The rules of scoring from keyword arguments: the system (``simple``, ``advanced``).
pub fn rules(system: &str) -> PyResult<RuleOptions> {
    let system: ScoringSystem = system.parse().map_err(value_err)?;
    Ok(RuleOptions::new().with_system(system))
}

/// The tiles of a text in the ``123m 456p 1z`` notation (or glyphs), canonical and sorted.
///
/// >>> from grilles.mahjong import parse_tiles
/// >>> parse_tiles("789s 123m 55z")
/// ['1m', '2m', '3m', '7s', '8s', '9s', '5z', '5z']
#[pyfunction]
pub fn parse_tiles(text: &str) -> PyResult<Vec<String>> {
    let tiles: Tiles = text.parse().map_err(parse_err)?;
    let mut v = tiles.0;
    v.sort();
    Ok(v.into_iter().map(|t| t.to_string()).collect())
}

/// What a tile is: its English and French names, glyph, class and kind index (0–41).
///
/// >>> from grilles.mahjong import tile_info
/// >>> tile_info("5z")["french"]
/// 'Dragon blanc'
#[pyfunction]
pub fn tile_info(py: Python<'_>, text: &str) -> PyResult<Py<PyAny>> {
    let t = tile(text)?;
    let d = pyo3::types::PyDict::new(py);
    d.set_item("tile", t.to_string())?;
    d.set_item("english", t.name(Language::English))?;
    d.set_item("french", t.name(Language::French))?;
    d.set_item("glyph", t.glyph().to_string())?;
    d.set_item("class", format!("{:?}", t.class()).to_lowercase())?;
    d.set_item("index", t.index())?;
    Ok(d.into_any().unbind())
}

/// A scored hand: the best reading's lines, points, doubles and total.
#[pyclass(module = "grilles.mahjong", frozen)]
#[derive(Debug)]
pub struct HandScore {
    inner: mahjong_rules::Score,
}

#[pymethods]
impl HandScore {
    /// The points before doubling.
    #[getter]
    fn points(&self) -> u32 {
        self.inner.points
    }

    /// The doubles.
    #[getter]
    fn doubles(&self) -> u32 {
        self.inner.doubles
    }

    /// The score: points doubled, capped by the limit.
    #[getter]
    fn total(&self) -> u64 {
        self.inner.total
    }

    /// The itemised lines, each as people read it (``pung of dragons 777z: 1 double``).
    #[getter]
    fn lines(&self) -> Vec<String> {
        self.inner.lines.iter().map(|l| l.to_string()).collect()
    }

    /// The lines as data: rule, part, value (points or doubles).
    fn items(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        data(py, &self.inner.lines)
    }

    /// The Grand Jeu (limit hand), if the hand is one.
    #[getter]
    fn limit_hand(&self) -> Option<String> {
        self.inner.limit_hand.map(|l| l.to_string())
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        format!(
            "HandScore(points={}, doubles={}, total={})",
            self.inner.points, self.inner.doubles, self.inner.total
        )
    }
}

/// Scores a hand (``123m 456p 789s 11z [777z] 1f``: exposed melds in brackets, declared
/// concealed kongs in parentheses). `seat` and `dominant` are winds; a winning hand gives
/// `winning_tile` and `self_drawn`; a losing hand gives neither.
///
/// >>> from grilles.mahjong import score_hand
/// >>> s = score_hand("123m 456p 789s 11z [777z] 1f", seat="E", dominant="E", winning_tile="3m", self_drawn=True)
/// >>> s.lines[-1], s.total
/// ('winning tile drawn from the wall: 2 points', 272)
#[pyfunction]
#[pyo3(signature = (hand, *, seat="E", dominant="E", winning_tile=None, self_drawn=false, last_wall_tile=false, last_discard=false, round_wind=None, calling=false, system="simple"))]
#[allow(clippy::too_many_arguments)]
pub fn score_hand(
    hand: &str,
    seat: &str,
    dominant: &str,
    winning_tile: Option<&str>,
    self_drawn: bool,
    last_wall_tile: bool,
    last_discard: bool,
    round_wind: Option<&str>,
    calling: bool,
    system: &str,
) -> PyResult<HandScore> {
    let hand: Hand = hand.parse().map_err(parse_err)?;
    let mut situation = Situation::new(wind(seat)?, wind(dominant)?).with_calling(calling);
    if let Some(t) = winning_tile {
        let t = tile(t)?;
        let mut win = if self_drawn {
            Win::self_drawn(t)
        } else {
            Win::discard(t)
        };
        win.last_wall_tile = last_wall_tile;
        win.last_discard = last_discard;
        situation = situation.with_win(win);
    }
    if let Some(w) = round_wind {
        situation = situation.with_round_wind(wind(w)?);
    }
    let s = score(&hand, &situation, &rules(system)?).map_err(value_err)?;
    Ok(HandScore { inner: s })
}

/// Settles a round by the advanced payment system: `scores` by wind (``{"E": 100, …}``, or
/// pairs),
/// the winner's wind or ``None``; gives ``{"transfers": [...], "nets": {"E": …}}``.
///
/// >>> from grilles.mahjong import settle
/// >>> settle({"E": 100, "S": 250, "W": 40, "N": 10}, winner="E")["nets"]["W"]
/// -380
#[pyfunction]
#[pyo3(signature = (scores, winner=None))]
pub fn settle(
    py: Python<'_>,
    scores: &Bound<'_, PyAny>,
    winner: Option<&str>,
) -> PyResult<Py<PyAny>> {
    let scores: Vec<(String, u64)> = match scores.cast::<pyo3::types::PyDict>() {
        Ok(d) => d.items().extract()?,
        Err(_) => scores.extract()?,
    };
    let scores = scores
        .iter()
        .map(|(w, s)| Ok((wind(w)?, *s)))
        .collect::<PyResult<Vec<_>>>()?;
    let winner = winner.map(wind).transpose()?;
    let s = payment::settle(&scores, winner).map_err(value_err)?;
    let d = pyo3::types::PyDict::new(py);
    let transfers: Vec<(String, String, u64)> = s
        .transfers
        .iter()
        .map(|t| (letter(t.from), letter(t.to), t.amount))
        .collect();
    d.set_item("transfers", transfers)?;
    let nets = pyo3::types::PyDict::new(py);
    for (w, n) in &s.nets {
        nets.set_item(letter(*w), n)?;
    }
    d.set_item("nets", nets)?;
    Ok(d.into_any().unbind())
}

/// How many tiles a hand lacks from Mah-jong (0: Mah-jong, 1: calling).
///
/// >>> from grilles.mahjong import tiles_away
/// >>> tiles_away("23m 456p 789s 111z 55z")
/// 1
#[pyfunction]
pub fn tiles_away(hand: &str) -> PyResult<u8> {
    let hand: Hand = hand.parse().map_err(parse_err)?;
    Ok(rust_tiles_away(&hand))
}

/// The tiles that would bring a hand closer to Mah-jong.
#[pyfunction]
pub fn useful_tiles(hand: &str) -> PyResult<Vec<String>> {
    let hand: Hand = hand.parse().map_err(parse_err)?;
    let tiles = rust_useful_tiles(&hand).map_err(value_err)?;
    Ok(tiles.into_iter().map(|t| t.to_string()).collect())
}

/// The tiles a calling hand waits for (empty when it is not calling).
///
/// >>> from grilles.mahjong import waits
/// >>> waits("23m 456p 789s 111z 55z")
/// ['1m', '4m']
#[pyfunction(name = "waits")]
#[pyo3(signature = (hand, seat="E"))]
pub fn hand_waits(hand: &str, seat: &str) -> PyResult<Vec<String>> {
    let hand: Hand = hand.parse().map_err(parse_err)?;
    let w = waits::waits(&hand, wind(seat)?).map_err(value_err)?;
    Ok(w.into_iter().map(|t| t.to_string()).collect())
}

/// Registers the functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<HandScore>()?;
    m.add_function(wrap_pyfunction!(parse_tiles, m)?)?;
    m.add_function(wrap_pyfunction!(tile_info, m)?)?;
    m.add_function(wrap_pyfunction!(score_hand, m)?)?;
    m.add_function(wrap_pyfunction!(settle, m)?)?;
    m.add_function(wrap_pyfunction!(tiles_away, m)?)?;
    m.add_function(wrap_pyfunction!(useful_tiles, m)?)?;
    m.add_function(wrap_pyfunction!(hand_waits, m)?)?;
    Ok(())
}
