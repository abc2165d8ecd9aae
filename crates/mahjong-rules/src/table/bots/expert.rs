//! The `expert` bot: searches by determinized Monte Carlo from its seat's view.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use grilles_game::{Limits, WorkUnit};
use mahjong_tiles::Wind;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use crate::table::{Action, Phase, Round, View};

use super::Bot;
use super::reading::Reading;
use super::scorer::{Weights, policy, ranked_discards};
use super::worlds::HandModel;
use crate::table::game::round_nets;

/// Plays by its own policy where a decision is plain, and searches where it is not, from
/// its seat's [`View`] only (determinized Monte Carlo).
///
/// **Its own policy** weighs discards and claims as [`ScorerBot`](super::ScorerBot) does,
/// tuned by duplicate rounds against three scorers in the advanced system, and looks
/// further:
/// - one tile from Mah-jong, it keeps the wait worth most: each winning tile it has not
///   seen counts for the score the hand would make with it (plus a Mah-jong's worth of not
///   paying); two tiles away, it keeps the discard whose next draws allow the best such
///   waits; three and four tiles away, the one whose next draws leave the most useful
///   tiles; among the next draws, one that makes a triplet of a pair counts five times
///   (any seat's discard may bring it, and a triplet scores);
/// - it makes every kong it may (claimed, declared or added to its pung): a kong scores
///   four times a pung, winner or not, and brings a replacement tile;
/// - it claims a chow that brings it nearer up to four tiles from Mah-jong (the scorer,
///   three), weighs a flush three times as much as the scorer does, and holds no tile
///   back for fear of feeding a winner: every loser pays the winner alike, so a tile held
///   back only delays a win the wall brings anyway.
///
/// **The search:**
/// 1. **Candidates.** Mah-jong is always taken, and a decision with one legal action is
///    played at once. On its turn, when its best discard leaves it one tile from Mah-jong
///    or nearer, the bot weighs its policy's choice, the kongs it may declare, and the
///    next best discards in its ranking (three in all); farther from Mah-jong it plays its
///    policy's choice. On another seat's discard it weighs every claim it may make and
///    passing. Anything else (robbing a kong, the Celestial Empire) is its policy's choice.
/// 2. **Worlds.** Each simulation deals the tiles the seat has not seen again into the
///    other hands, the face-down kongs and discards, and both walls, keeping every count
///    the seat sees; the claims the others have not made yet are open again. The other
///    hands are not left uniformly random (such hands are two or three tiles further from
///    Mah-jong than players' hands at mid-round, and a search in such worlds thinks it has
///    time it has not): each is moved with tiles of the walls to a distance to Mah-jong
///    drawn from how often players hold it at that point of the round with that many melds
///    laid apart (measured on rounds between scorers), a calling hand for a seat that
///    declared one, then shuffled by Metropolis swaps that keep that distance and shun the
///    kinds that seat discarded face up and their neighbours. A world is built from the
///    view and the generator only, so the hidden tiles never change the decision.
/// 3. **Playouts.** Each candidate is played in the same worlds (common random numbers:
///    the differences between candidates are measured on the same deals), the rest of the
///    round played by its policy in its seat (looking ahead only one or two tiles from
///    Mah-jong, which is cheaper) and scorers in the others, and scored as the game would:
///    the seat's net in the advanced system (after the payments), its score in the simple
///    one.
/// 4. **Choice.** The candidate whose mean beats its policy's choice by more than a margin
///    proportional to the standard error of the paired differences; its policy's choice
///    otherwise.
///
/// Only those decisions are searched because only there did the search pay: the worlds
/// tell how near the others are, not which tiles they hold, and turns farther from
/// Mah-jong, searched, came out no better than the policy's choice (more playouts did not
/// change that); claims (a kong rather than a pung, a pung or a chow the policy lets go,
/// or one it takes that does not pay) and the choice of the wait did.
///
/// # Budget
///
/// [`ExpertBot::budget`] sets the playouts a decision may spend
/// ([`WorkUnit::Playouts`]; [`ExpertBot::DEFAULT_PLAYOUTS`] when `None`, as a search
/// with no cap would never end); a playout is one round played to its end (at most
/// [`Round::MAX_ACTIONS`] actions), so a decision is bounded by the budget times a round.
/// [`ExpertBot::cancel_flag`] stops a search at the next playout. Stopped by either, the
/// bot decides on the simulations it finished, and with none by its own policy: it
/// always returns a legal action. Deterministic for a generator's seed (the flag aside).
///
/// ```
/// use mahjong_rules::table::bots::{Bot, ExpertBot};
/// use mahjong_rules::table::{Round, TableOptions};
/// use mahjong_rules::wall::Deal;
/// use mahjong_tiles::TileSet;
/// use rand::SeedableRng;
///
/// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(3);
/// let setup = Deal::random(TileSet::Full, &mut rng).setup(4)?;
/// let round = Round::new(&setup, None, TableOptions::default())?;
/// let seat = round.to_act()[0];
/// let mut expert = ExpertBot::new().budget(24);
/// let action = expert.choose(&round.view(seat), &mut rng);
/// assert!(round.is_legal(action));
/// assert_eq!(expert.name(), "expert");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct ExpertBot {
    limits: Limits,
}

impl Default for ExpertBot {
    fn default() -> ExpertBot {
        ExpertBot::new()
    }
}

/// Candidates weighed on a turn: its policy's choice and the next best discards.
const TURN_CANDIDATES: usize = 3;

/// A turn is searched only when the best discard leaves the hand this near to Mah-jong
/// (farther, its policy decides).
const TURN_SEARCH_AWAY: u8 = 1;

/// How many standard errors a candidate must beat its policy's choice by.
const MARGIN_SE: f64 = 2.0;

impl ExpertBot {
    /// The playouts a decision spends by default.
    pub const DEFAULT_PLAYOUTS: u64 = 64;

    /// The bot with [`ExpertBot::DEFAULT_PLAYOUTS`] and no cancel flag.
    ///
    /// ```
    /// use mahjong_rules::table::bots::{Bot, ExpertBot};
    /// assert_eq!(ExpertBot::new().name(), "expert");
    /// assert_eq!(ExpertBot::new().playouts(), ExpertBot::DEFAULT_PLAYOUTS);
    /// ```
    pub fn new() -> ExpertBot {
        ExpertBot {
            limits: Limits::new().budget(ExpertBot::DEFAULT_PLAYOUTS),
        }
    }

    /// The same bot spending at most `units` playouts a decision
    /// ([`WorkUnit::Playouts`]); `None`: [`ExpertBot::DEFAULT_PLAYOUTS`].
    ///
    /// ```
    /// use mahjong_rules::table::bots::ExpertBot;
    /// assert_eq!(ExpertBot::new().budget(8).playouts(), 8);
    /// assert_eq!(ExpertBot::new().budget(None).playouts(), ExpertBot::DEFAULT_PLAYOUTS);
    /// ```
    pub fn budget(mut self, units: impl Into<Option<u64>>) -> ExpertBot {
        self.limits
            .set_budget(units.into().unwrap_or(ExpertBot::DEFAULT_PLAYOUTS));
        self
    }

    /// The same bot stopping its search once `flag` is raised (it then decides on what it
    /// simulated, or by its own policy).
    ///
    /// ```
    /// use std::sync::Arc;
    /// use std::sync::atomic::AtomicBool;
    /// use mahjong_rules::table::bots::{Bot, ExpertBot};
    /// use mahjong_rules::table::{Round, TableOptions};
    /// use mahjong_rules::wall::Deal;
    /// use mahjong_tiles::TileSet;
    /// use rand::SeedableRng;
    ///
    /// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(3);
    /// let setup = Deal::random(TileSet::Full, &mut rng).setup(4)?;
    /// let round = Round::new(&setup, None, TableOptions::default())?;
    /// let view = round.view(round.to_act()[0]);
    /// let mut stopped = ExpertBot::new().cancel_flag(Arc::new(AtomicBool::new(true)));
    /// // Cancelled before its first playout, it plays its own policy's choice, as with no
    /// // playout to spend.
    /// let policy = ExpertBot::new().budget(0).choose(&view, &mut rng);
    /// assert_eq!(stopped.choose(&view, &mut rng), policy);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cancel_flag(mut self, flag: Arc<AtomicBool>) -> ExpertBot {
        self.limits.set_cancel_flag(flag);
        self
    }

    /// The playouts a decision may spend.
    ///
    /// ```
    /// use mahjong_rules::table::bots::ExpertBot;
    /// assert_eq!(ExpertBot::new().budget(100).playouts(), 100);
    /// ```
    pub fn playouts(&self) -> u64 {
        self.limits.units().unwrap_or(ExpertBot::DEFAULT_PLAYOUTS)
    }

    /// The actions worth a search, its policy's choice first (alone when there is nothing
    /// to search).
    fn candidates(view: &View<'_>, legal: &[Action], baseline: Action) -> Vec<Action> {
        let mut out = vec![baseline];
        if legal.len() <= 1 || matches!(baseline, Action::MahJong { .. }) {
            return out;
        }
        match view.phase() {
            Phase::Turn { .. } => {
                let mut reading = Reading::of(view);
                if reading.best_after_discard() > TURN_SEARCH_AWAY {
                    return out;
                }
                for &a in legal {
                    if matches!(a, Action::Kong { .. }) && !out.contains(&a) {
                        out.push(a);
                    }
                }
                let seat = view.seat();
                for tile in ranked_discards(view, legal, &mut reading, &Weights::EXPERT) {
                    if out.len() >= TURN_CANDIDATES {
                        break;
                    }
                    let a = Action::Discard { seat, tile };
                    let same = matches!(baseline, Action::Calling { tile: t, .. } if t == tile);
                    if !same && !out.contains(&a) {
                        out.push(a);
                    }
                }
            }
            Phase::Claims { .. } => {
                for &a in legal {
                    if !out.contains(&a) {
                        out.push(a);
                    }
                }
            }
            _ => {}
        }
        out
    }
}

impl Bot for ExpertBot {
    fn name(&self) -> &str {
        "expert"
    }

    fn choose(&mut self, view: &View<'_>, rng: &mut dyn Rng) -> Action {
        let legal = view.legal_actions();
        let baseline = policy(view, &Weights::EXPERT);
        let candidates = ExpertBot::candidates(view, &legal, baseline);
        if candidates.len() == 1 {
            return baseline;
        }
        let seat = view.seat();
        let k = candidates.len() as u64;
        let samples = self.playouts() / k;
        let mut meter = self.limits.meter(WorkUnit::Playouts).look_every(1);
        // Paired differences from its policy's choice, per candidate: sums and squares.
        let mut sum = vec![0f64; candidates.len()];
        let mut squares = vec![0f64; candidates.len()];
        let mut rows = 0u64;
        let model = HandModel::of(view);
        'search: for _ in 0..samples {
            let mut world_rng = Pcg64Mcg::seed_from_u64(rng.next_u64());
            let world = view.sample_world(&mut world_rng, |seats, hands, walls, r| {
                model.deal(seats, hands, walls, r);
            });
            let mut row = Vec::with_capacity(candidates.len());
            for &c in &candidates {
                if meter.spend(1).is_err() {
                    break 'search;
                }
                row.push(playout(world.clone(), c, seat));
            }
            rows += 1;
            for (i, v) in row.iter().enumerate() {
                let d = (v - row[0]) as f64;
                sum[i] += d;
                squares[i] += d * d;
            }
        }
        if rows < 2 {
            return baseline;
        }
        let n = rows as f64;
        let mut best = (0usize, 0f64);
        for i in 1..candidates.len() {
            let mean = sum[i] / n;
            let var = (squares[i] / n - mean * mean).max(0.0) * n / (n - 1.0);
            let se = (var / n).sqrt();
            let edge = mean - MARGIN_SE * se;
            if mean > 0.0 && edge > 0.0 && mean > best.1 {
                best = (i, mean);
            }
        }
        candidates[best.0]
    }
}

/// Plays `first` in `world`, then the rest of the round: the bot's policy in `seat`
/// ([`Weights::PLAYOUT`]), scorers in the others; the seat's net.
fn playout(mut world: Round, first: Action, seat: Wind) -> i64 {
    if world.play_unrecorded(first).is_err() {
        return i64::MIN / 4;
    }
    while !world.is_over() {
        let Some(&s) = world.to_act().first() else {
            break;
        };
        let w = if s == seat {
            &Weights::PLAYOUT
        } else {
            &Weights::SCORER
        };
        let a = policy(&world.view(s), w);
        if world.play_unrecorded(a).is_err() {
            break;
        }
    }
    net(&world, seat)
}

/// The seat's net for a round that is over, as the game counts it.
fn net(round: &Round, seat: Wind) -> i64 {
    let Ok(scores) = round.scores() else {
        return 0;
    };
    let winner = round.end().and_then(|e| e.winner());
    round_nets(&scores, winner, &round.options().rules).map_or(0, |(_, nets)| nets[seat])
}
