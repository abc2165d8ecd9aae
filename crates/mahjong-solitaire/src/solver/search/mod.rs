//! The search behind [`Solver`](super::Solver) (see the module documentation of [`super`]):
//! a first run of the move search, then restarts of the pairing search (or, on boards with
//! a class of more than four tiles, of the move search with probing).
//!
//! | module | holds |
//! |---|---|
//! | [`bits`] | bit sets over positions and over a class's members |
//! | [`tables`] | the per-tile tables built once per solve ([`Tables`]) |
//! | [`rules`] | which pairs may still be played: static conflicts, refuted moves |
//! | [`relaxed`] | the relaxed game, its last play and the replays from it |
//! | [`probe`] | probing the pairings of each class in the relaxed game |
//! | [`moves`] | the move search |
//! | [`pairing`] | the pairing search |
//! | [`lost`] | the table of lost positions |

mod bits;
mod lost;
mod moves;
mod pairing;
mod probe;
mod relaxed;
mod rules;
mod tables;

use grilles_game::{Interrupted, Limits, Meter, StopReason, WorkUnit};

use crate::board::{Board, Move};
use crate::matching::{MATCH_CLASSES, match_class};

use super::Outcome;
use bits::Bits;
use lost::LostSet;
use moves::Moves;
use pairing::Pairing;
use probe::Probes;
use relaxed::Relaxed;
use rules::Rules;
use tables::{MAX_CLASS, Tables};

/// Every class, as a mask.
const ALL_CLASSES: u64 = (1 << MATCH_CLASSES) - 1;

/// Each run after the first is this many percent as long as the one before.
const GROWTH_PERCENT: u64 = 200;

/// The most noise added to move scores and class choices in the runs after the first.
const NOISE: u32 = 4;

/// Which search each run uses and how long it may last (in nodes). The solver uses
/// [`Schedule::DEFAULT`]; the tests also run the searches in other orders.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Schedule {
    /// Nodes of the first run (0: a single run, never restarted).
    pub(crate) first_run: u64,
    /// The first run (counting from 0) in which the move search probes.
    pub(crate) probe_from: u32,
    /// The first run that searches over pairings instead of moves, on boards whose classes
    /// all have at most four tiles left (`u32::MAX`: never).
    pub(crate) pairing_from: u32,
    /// Nodes of the first pairing run (0: never restarted); pairing nodes cost far more, so
    /// their runs start short again.
    pub(crate) pairing_run: u64,
}

impl Schedule {
    /// A first move-search run of 300 nodes without probing, then pairing runs from 30
    /// nodes, each run twice as long as the one before.
    pub(crate) const DEFAULT: Schedule = Schedule {
        first_run: 300,
        probe_from: 1,
        pairing_from: 1,
        pairing_run: 30,
    };
}

/// What a search answers: the outcome and the nodes visited, or why it stopped.
pub(crate) type Answer = Result<(Outcome, u64), Interrupted>;

/// Solves `board` within `limits`, a node counting `weight` units: the outcome and the
/// nodes visited, or `None` when a class has more than [`MAX_CLASS`] tiles.
pub(crate) fn solve(board: &Board, limits: &Limits, weight: u64) -> Option<Answer> {
    solve_with(board, limits, weight, Schedule::DEFAULT)
}

/// [`solve`] with another schedule.
pub(crate) fn solve_with(
    board: &Board,
    limits: &Limits,
    weight: u64,
    schedule: Schedule,
) -> Option<Answer> {
    let n = board.tiles.len();
    let mut sizes = [0usize; MATCH_CLASSES];
    for i in (0..n).filter(|&i| board.present[i]) {
        sizes[match_class(board.tiles[i])] += 1;
    }
    if sizes.iter().any(|&s| s > MAX_CLASS) {
        return None;
    }
    // The flag is looked at at every node.
    let meter = || limits.meter(WorkUnit::Nodes).look_every(1);
    Some(match n.div_ceil(64) {
        0 | 1 => Search::<1>::new(board, meter(), weight, schedule).run(),
        2 => Search::<2>::new(board, meter(), weight, schedule).run(),
        3 => Search::<3>::new(board, meter(), weight, schedule).run(),
        4 => Search::<4>::new(board, meter(), weight, schedule).run(),
        5..=8 => Search::<8>::new(board, meter(), weight, schedule).run(),
        // Layouts hold at most 1,024 positions.
        _ => Search::<16>::new(board, meter(), weight, schedule).run(),
    })
}

/// A position of the search: the tiles still there, and per class the tiles left and the
/// free ones (masks over the class's members).
#[derive(Clone, Copy, Debug)]
struct State<const W: usize> {
    present: Bits<W>,
    rem: [u64; MATCH_CLASSES],
    free: [u64; MATCH_CLASSES],
    remaining: u32,
}

/// A position lost without search.
struct Dead;

/// One solve: the tables, the rules in force, the state of each part of the search, and
/// the path from the root.
struct Search<'b, const W: usize> {
    tables: Tables<W>,
    rules: Rules,
    relaxed: Relaxed<W>,
    probes: Probes,
    moves: Moves,
    pairing: Pairing,
    lost: LostSet<W>,
    /// The state at each depth of the current path (the pairing search works at depth 0).
    states: Vec<State<W>>,
    /// The moves played from the root to the current node.
    path: Vec<Move>,
    nodes: u64,
    /// The budget and the flag, counting `weight` units a node.
    meter: Meter<'b>,
    weight: u64,
    /// Why the search stopped, once its limits stopped it.
    stopped: Option<Interrupted>,
    aborted: bool,
    /// Node count at which the current run stops (restart).
    run_limit: u64,
    schedule: Schedule,
    /// The state of [`Search::jitter`], and how much of it this run adds to scores.
    rng: u64,
    noise: u32,
}

impl<'b, const W: usize> Search<'b, W> {
    fn new(board: &Board, meter: Meter<'b>, weight: u64, schedule: Schedule) -> Search<'b, W> {
        let n = board.tiles.len();
        let tables = Tables::new(board);
        let rules = Rules::new(board, &tables);
        let root = tables.root(board);
        Search {
            tables,
            rules,
            relaxed: Relaxed::new(n),
            probes: Probes::new(),
            moves: Moves {
                candidates: Vec::new(),
                probing: false,
            },
            pairing: Pairing::new(),
            lost: LostSet::new(),
            states: vec![root],
            path: Vec::with_capacity(n / 2),
            nodes: 0,
            meter,
            weight,
            stopped: None,
            aborted: false,
            run_limit: u64::MAX,
            schedule,
            rng: 0x2545_F491_4F6C_DD1D,
            noise: 0,
        }
    }

    /// Runs the searches of the schedule, restarting after each run that ran out of nodes
    /// (what was proved lost stays in the table).
    fn run(mut self) -> Answer {
        let odd = self.states[0].rem.iter().any(|r| r.count_ones() % 2 == 1);
        if odd {
            return Ok((Outcome::Unwinnable, 0));
        }
        let root = self.states[0];
        let fours = root.rem.iter().all(|r| r.count_ones() <= 4);
        let schedule = self.schedule;
        let mut limit = schedule.first_run;
        let mut run = 0u32;
        loop {
            self.run_limit = if limit == 0 {
                u64::MAX
            } else {
                self.nodes.saturating_add(limit)
            };
            self.states[0] = root;
            self.path.clear();
            self.relaxed.valid = false;
            self.moves.probing = run >= schedule.probe_from;
            let won = if run >= schedule.pairing_from && fours {
                if run == schedule.pairing_from {
                    limit = schedule.pairing_run;
                    self.run_limit = if limit == 0 {
                        u64::MAX
                    } else {
                        self.nodes.saturating_add(limit)
                    };
                }
                self.pairing_search(MATCH_CLASSES)
            } else {
                self.dfs(0, ALL_CLASSES)
            };
            if won {
                return Ok((
                    Outcome::Winnable(std::mem::take(&mut self.path)),
                    self.nodes,
                ));
            }
            if !self.aborted {
                return Ok((Outcome::Unwinnable, self.nodes));
            }
            if let Some(stop) = self.stopped {
                return Err(stop);
            }
            // The run reached its length: another needs a node the budget can pay for.
            if self.meter.remaining() < self.weight {
                return Err(self.meter.stop(StopReason::Budget));
            }
            self.meter.look()?;
            self.aborted = false;
            self.unrefute_to(self.pairing.keep);
            run += 1;
            self.noise = NOISE.min(1 + run);
            limit = (limit.saturating_mul(GROWTH_PERCENT) / 100).max(limit + 1);
        }
    }

    /// Counts a node: `false` (and the search is aborted) when the limits or the end of the
    /// current run stop it there.
    #[inline]
    fn enter(&mut self) -> bool {
        self.nodes += 1;
        if let Err(stop) = self.meter.spend(self.weight) {
            self.stopped = Some(stop);
            self.aborted = true;
            return false;
        }
        if self.nodes > self.run_limit {
            self.aborted = true;
            return false;
        }
        true
    }

    /// The next number of a fixed pseudo-random sequence (xorshift64*), which breaks ties
    /// differently from one restart to the next. The solver draws nothing from outside: a
    /// board always gets the same answer in the same number of nodes.
    fn jitter(&mut self) -> u32 {
        self.rng ^= self.rng >> 12;
        self.rng ^= self.rng << 25;
        self.rng ^= self.rng >> 27;
        (self.rng.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 32) as u32
    }
}
