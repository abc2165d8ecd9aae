//! A full-information solver: is this board winnable, and how (see [`Solver`]).

mod plain;
mod search;

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use grilles_game::{Interrupted, Limits};

use crate::board::{Board, Move};
use crate::hint::Hint;

/// Whether a board can be cleared, as the solver proved it.
///
/// ```
/// use mahjong_solitaire::{Move, Outcome};
///
/// let won = Outcome::Winnable(vec![Move::new(0, 1)]);
/// assert!(won.is_winnable() && !Outcome::Unwinnable.is_winnable());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome {
    /// The board can be cleared: a winning sequence of moves from the current state.
    Winnable(Vec<Move>),
    /// No sequence of moves clears the board: a proof.
    Unwinnable,
}

impl Outcome {
    /// Whether the board can be cleared.
    ///
    /// ```
    /// use mahjong_solitaire::Outcome;
    /// assert!(!Outcome::Unwinnable.is_winnable());
    /// ```
    pub fn is_winnable(&self) -> bool {
        matches!(self, Outcome::Winnable(_))
    }
}

/// The solver's analysis of a board: its [`Outcome`] and the effort it took.
///
/// ```
/// use mahjong_solitaire::{Board, Layout, Outcome, Solver};
///
/// let layout: Layout = "0 0: 0 2\n".parse()?;
/// let board = Board::new(&layout, ["1m", "1m"].map(|t| t.parse().unwrap()).to_vec())?;
/// let analysis = Solver::new().solve(&board)?;
/// assert!(analysis.outcome.is_winnable());
/// assert!(analysis.nodes >= 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The answer.
    pub outcome: Outcome,
    /// Search nodes visited (sets of decisions tried).
    pub nodes: u64,
}

/// A full-information solver: is this board winnable, and how. It draws nothing: a board
/// always gets the same answer in the same number of nodes.
///
/// [`solve`](Solver::solve) answers [`Outcome::Winnable`] with a winning sequence of moves,
/// or [`Outcome::Unwinnable`] when it has proved that no sequence clears the board;
/// [`hint`](Solver::hint) suggests a move from that answer.
///
/// ```
/// use mahjong_solitaire::{Board, Layout, Outcome, Solver};
/// use mahjong_tiles::Tile;
///
/// // Two stacks of two: 1m on 2m, and 1m on 2m. Tops together, then bottoms.
/// let layout: Layout = "0 0: 0\n1 0: 0\n0 4: 0\n1 4: 0\n".parse()?;
/// let t = |s: &str| s.parse::<Tile>().unwrap();
/// let board = Board::new(&layout, ["2m", "2m", "1m", "1m"].map(t).to_vec())?;
/// let analysis = Solver::new().solve(&board)?;
/// assert!(matches!(analysis.outcome, Outcome::Winnable(ref s) if s.len() == 2));
///
/// // 1m on 2m, and 2m on 1m: each pair waits for the other.
/// let stuck = Board::new(&layout, ["2m", "1m", "1m", "2m"].map(t).to_vec())?;
/// assert_eq!(Solver::new().solve(&stuck)?.outcome, Outcome::Unwinnable);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Budget and cancel flag
///
/// A solve has no limit unless it is given one: a **budget** of search nodes
/// ([`budget`](Self::budget), counted in [`WorkUnit::Nodes`](crate::WorkUnit::Nodes)) and a
/// **cancel flag** ([`cancel_flag`](Self::cancel_flag)), looked at at every node. Either
/// ends the solve with [`Interrupted`], never a wrong answer. A node's cost is bounded by
/// the board's size (layouts hold at most [`Layout::MAX_POSITIONS`](crate::Layout::MAX_POSITIONS)
/// positions): from some microseconds to about a tenth of a millisecond on 144 tiles. A node
/// of a board of `n` positions counts as `⌈n / 144⌉` nodes of the budget (up to 8 on the
/// largest layouts), so that a budget stands for about the same time on every layout and
/// the flag is seen within a millisecond or so. Memory is bounded by the board's size and
/// the budget (the tables of lost positions stop growing at 64 MiB). Without a budget the
/// search always ends with an answer; most random Turtle deals take about a hundred nodes.
///
/// ```
/// use mahjong_solitaire::{BuiltinLayout, Solver, StopReason, random_deal};
/// use rand::SeedableRng;
/// use rand_pcg::Pcg64Mcg;
/// use std::sync::Arc;
/// use std::sync::atomic::AtomicBool;
///
/// let board = random_deal(&BuiltinLayout::Turtle.layout(), &mut Pcg64Mcg::seed_from_u64(5));
/// assert!(Solver::new().budget(1_000_000).solve(&board).is_ok());
///
/// // No budget at all for the first node: stopped at once.
/// let stop = Solver::new().budget(0).solve(&board).unwrap_err();
/// assert_eq!(stop.reason(), StopReason::Budget);
/// // A raised flag stops the solve at once too.
/// let flag = Arc::new(AtomicBool::new(true));
/// assert!(Solver::new().cancel_flag(flag).solve(&board).unwrap_err().is_cancelled());
/// ```
///
/// # How it works
///
/// First a depth-first search over moves on a bitboard, for a few hundred nodes: it plays
/// safe moves without branching, never pairs two tiles one above the other, rules out in a
/// node's subtree the moves already proved to lose there, keeps a table of lost positions,
/// and prunes with a **relaxed game** (a tile goes alone as soon as it is free and one of
/// its possible partners is free or gone: every win is one of its plays, so when it cannot
/// clear the board the position is lost). That wins most deals at once.
///
/// Otherwise, on boards whose classes of matching tiles have at most four tiles left (every
/// standard deal), it searches over **pairings** instead of moves: every win pairs each
/// class one way, and once every pairing is fixed the relaxed game decides the board
/// exactly. A node fixes some pairings, **probes** the others in the relaxed game (ruling
/// out those that fail there), tries the pairings the relaxed game suggests, and branches on
/// the class with the fewest pairings left; runs of growing length restart with other ties.
/// Boards with larger classes go on with the move search, probing at every node.
///
/// Every pruning rule is sound, so `Unwinnable` is a proof, and a `Winnable` sequence is
/// legal and clears the board (both are checked against an exhaustive search in the tests).
#[derive(Clone, Debug, Default)]
pub struct Solver {
    limits: Limits,
}

/// The size of board whose nodes count as one node of the budget: on a board of `n`
/// positions a node counts `⌈n / UNIT_POSITIONS⌉`.
const UNIT_POSITIONS: usize = 144;

impl Solver {
    /// A solver without budget or cancel flag.
    ///
    /// ```
    /// use mahjong_solitaire::{Board, Layout, Solver};
    ///
    /// let layout: Layout = "0 0: 0 2\n".parse()?;
    /// let board = Board::new(&layout, ["1m", "1m"].map(|t| t.parse().unwrap()).to_vec())?;
    /// assert!(Solver::new().solve(&board)?.outcome.is_winnable());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new() -> Solver {
        Solver::default()
    }

    /// The same solver with a budget of `nodes` search nodes of a standard board (`None`:
    /// no budget); a node of a board of `n` positions counts `⌈n / 144⌉`.
    ///
    /// ```
    /// use mahjong_solitaire::{BuiltinLayout, Solver, StopReason, WorkUnit, random_deal};
    /// use rand::SeedableRng;
    ///
    /// let board = random_deal(&BuiltinLayout::Turtle.layout(), &mut rand_pcg::Pcg64Mcg::seed_from_u64(13));
    /// let stop = Solver::new().budget(3).solve(&board).unwrap_err();
    /// assert_eq!((stop.reason(), stop.unit(), stop.spent()), (StopReason::Budget, WorkUnit::Nodes, 4));
    /// assert!(Solver::new().budget(None).solve(&board).is_ok());
    /// ```
    pub fn budget(mut self, nodes: impl Into<Option<u64>>) -> Solver {
        self.limits.set_budget(nodes);
        self
    }

    /// The same solver, stopping with [`Interrupted`] soon after `flag` becomes true (it is
    /// looked at at every node).
    ///
    /// ```
    /// use mahjong_solitaire::{BuiltinLayout, Solver, random_deal};
    /// use rand::SeedableRng;
    /// use std::sync::Arc;
    /// use std::sync::atomic::AtomicBool;
    ///
    /// let board = random_deal(&BuiltinLayout::Turtle.layout(), &mut rand_pcg::Pcg64Mcg::seed_from_u64(1));
    /// let flag = Arc::new(AtomicBool::new(true)); // raised by another thread
    /// let stop = Solver::new().cancel_flag(flag).solve(&board).unwrap_err();
    /// assert!(stop.is_cancelled());
    /// ```
    pub fn cancel_flag(mut self, flag: Arc<AtomicBool>) -> Solver {
        self.limits.set_cancel_flag(flag);
        self
    }

    /// Solves the board from its current state (the board is not changed).
    ///
    /// ```
    /// use mahjong_solitaire::{BuiltinLayout, Outcome, Solver, solvable_deal};
    /// use rand::SeedableRng;
    ///
    /// let dealt = solvable_deal(&BuiltinLayout::Turtle.layout(), &mut rand_pcg::Pcg64Mcg::seed_from_u64(4))?;
    /// let Outcome::Winnable(moves) = Solver::new().solve(&dealt.board)?.outcome else {
    ///     panic!("a solvable deal is winnable");
    /// };
    /// let mut board = dealt.board;
    /// for m in moves {
    ///     board.play(m)?;
    /// }
    /// assert!(board.is_cleared());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`Interrupted`] (counting [`WorkUnit::Nodes`](crate::WorkUnit::Nodes)) when the budget
    /// runs out or the cancel flag is raised before an answer.
    pub fn solve(&self, board: &Board) -> Result<Analysis, Interrupted> {
        // A node of a board of n positions costs about n / 144 nodes of a standard board.
        let weight = board.layout().len().div_ceil(UNIT_POSITIONS).max(1) as u64;
        let (outcome, nodes) = match search::solve(board, &self.limits, weight) {
            Some(answer) => answer?,
            None => plain::solve(board, &self.limits, weight)?,
        };
        Ok(Analysis { outcome, nodes })
    }

    /// A hint: when the board is winnable, the first move of a winning sequence
    /// ([`Hint::Winning`]); when it is not, still a legal move ([`Hint::Legal`]);
    /// [`Hint::NoMove`] on an empty board or at a dead end (time to shuffle), without
    /// solving.
    ///
    /// ```
    /// use mahjong_solitaire::{Board, Hint, Layout, Move, Solver};
    /// use mahjong_tiles::Tile;
    ///
    /// // Two stacks of two (4 on 0, 5 on 1) and a row of two (2 and 3).
    /// let layout: Layout = "0 0: 0\n1 0: 0\n0 4: 0\n1 4: 0\n0 8: 0-2\n".parse()?;
    /// let t = |s: &str| s.parse::<Tile>().unwrap();
    /// let board = Board::new(&layout, ["2m", "3m", "1m", "3m", "1m", "2m"].map(t).to_vec())?;
    /// assert_eq!(Solver::new().hint(&board)?, Hint::Winning(Move::new(2, 4)));
    ///
    /// // A 1m on the other 1m can never go: a legal move all the same, then none.
    /// let mut lost = Board::new(&layout, ["1m", "3m", "2m", "2m", "1m", "3m"].map(t).to_vec())?;
    /// assert_eq!(Solver::new().hint(&lost)?, Hint::Legal(Move::new(2, 3)));
    /// lost.play(Move::new(2, 3))?;
    /// assert_eq!(Solver::new().hint(&lost)?, Hint::NoMove);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`Interrupted`] when the budget runs out or the cancel flag is raised before the
    /// solver could tell.
    pub fn hint(&self, board: &Board) -> Result<Hint, Interrupted> {
        let Some(legal) = board.legal_moves().first().copied() else {
            return Ok(Hint::NoMove);
        };
        Ok(match self.solve(board)?.outcome {
            Outcome::Winnable(moves) => moves
                .first()
                .map_or(Hint::Legal(legal), |&m| Hint::Winning(m)),
            Outcome::Unwinnable => Hint::Legal(legal),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::{random_deal, solvable_deal};
    use crate::layout::{BuiltinLayout, Layout};
    use rand::SeedableRng;
    use rand::seq::SliceRandom;
    use rand_pcg::Pcg64Mcg;

    fn seeded(seed: u64) -> Pcg64Mcg {
        Pcg64Mcg::seed_from_u64(seed)
    }
    use mahjong_tiles::Tile;

    fn replay(board: &Board, moves: &[Move]) -> bool {
        let mut b = board.clone();
        moves.iter().all(|&m| b.play(m).is_ok()) && b.is_cleared()
    }

    /// Exhaustive move-by-move search, for cross-checking on small boards.
    fn brute_force(board: &mut Board) -> bool {
        if board.is_cleared() {
            return true;
        }
        for m in board.legal_moves() {
            board.play_unchecked(m);
            let won = brute_force(board);
            board.undo();
            if won {
                return true;
            }
        }
        false
    }

    #[test]
    fn never_calls_a_solvable_deal_lost() {
        for layout in [BuiltinLayout::Turtle, BuiltinLayout::Bridge] {
            let l = layout.layout();
            for seed in 0..3 {
                let d = solvable_deal(&l, &mut seeded(seed)).unwrap();
                match Solver::new()
                    .budget(5_000)
                    .solve(&d.board)
                    .map(|a| a.outcome)
                {
                    Ok(Outcome::Winnable(s)) => assert!(replay(&d.board, &s), "{layout} {seed}"),
                    Err(_) => {}
                    Ok(Outcome::Unwinnable) => panic!("{layout} seed {seed}: called lost"),
                }
            }
        }
        // Bridge deals are easy: these three are solved.
        let l = BuiltinLayout::Bridge.layout();
        let d = solvable_deal(&l, &mut seeded(0)).unwrap();
        assert!(matches!(
            Solver::new().solve(&d.board).unwrap().outcome,
            Outcome::Winnable(_)
        ));
    }

    #[test]
    fn agrees_with_brute_force_on_small_boards() {
        let l: Layout = "0 0: 0-10\n0 2: 0-10\n1 1: 3-7\n2 1: 5\n0 6: 0-2\n"
            .parse()
            .unwrap();
        assert_eq!(l.len(), 18);
        let mut wins = 0;
        for seed in 0..300 {
            let mut rng = seeded(seed);
            // Tiles: nine pairs drawn from few kinds so that kinds have four tiles.
            let mut tiles: Vec<Tile> = "111122223333444455"
                .chars()
                .map(|c| format!("{c}m").parse().unwrap())
                .collect();
            tiles.shuffle(&mut rng);
            let board = Board::unchecked(&l, tiles);
            let expected = brute_force(&mut board.clone());
            let outcome = Solver::new().solve(&board).unwrap().outcome;
            assert_eq!(outcome.is_winnable(), expected, "seed {seed}");
            if let Outcome::Winnable(s) = outcome {
                assert!(replay(&board, &s));
                wins += 1;
            }
        }
        assert!(wins > 30 && wins < 300, "{wins}");
    }

    #[test]
    fn random_turtle_deals_answers_are_right() {
        let l = BuiltinLayout::Turtle.layout();
        let mut decided = 0;
        for seed in 0..6 {
            let board = random_deal(&l, &mut seeded(seed));
            match Solver::new().budget(3_000).solve(&board).map(|a| a.outcome) {
                Ok(Outcome::Winnable(s)) => {
                    assert!(replay(&board, &s));
                    decided += 1;
                }
                Ok(Outcome::Unwinnable) => decided += 1,
                Err(_) => {}
            }
        }
        assert!(decided >= 3, "{decided}");
        // Seed 63 is unwinnable, and the first node proves it.
        let board = random_deal(&l, &mut seeded(63));
        let analysis = Solver::new().budget(1).solve(&board).unwrap();
        assert_eq!((analysis.outcome, analysis.nodes), (Outcome::Unwinnable, 1));
    }

    #[test]
    fn odd_classes_and_budget() {
        let l: Layout = "0 0: 0-2\n".parse().unwrap();
        let t = |s: &str| s.parse::<Tile>().unwrap();
        let b = Board::unchecked(&l, vec![t("1m"), t("2m")]);
        assert_eq!(
            Solver::new().solve(&b).unwrap().outcome,
            Outcome::Unwinnable
        );
        let board = random_deal(&BuiltinLayout::Turtle.layout(), &mut seeded(0));
        let stop = Solver::new().budget(0).solve(&board).unwrap_err();
        assert_eq!(
            stop,
            Interrupted::new(
                grilles_game::StopReason::Budget,
                grilles_game::WorkUnit::Nodes,
                1
            )
        );
    }

    /// The search run in other orders than the solver's, each with an unlimited budget: the
    /// solver's schedule; the move search alone, probing from the first node or never,
    /// restarted after every node or so; the pairing search from the first node, and
    /// restarted after every node or so.
    fn variants() -> Vec<(&'static str, Variant)> {
        let d = search::Schedule::DEFAULT;
        vec![
            ("default", Variant(d)),
            (
                "probe always",
                Variant(search::Schedule {
                    first_run: 0,
                    probe_from: 0,
                    pairing_from: u32::MAX,
                    ..d
                }),
            ),
            (
                "never probe",
                Variant(search::Schedule {
                    first_run: 0,
                    probe_from: u32::MAX,
                    pairing_from: u32::MAX,
                    ..d
                }),
            ),
            (
                "restart often",
                Variant(search::Schedule {
                    first_run: 1,
                    probe_from: 0,
                    pairing_from: u32::MAX,
                    ..d
                }),
            ),
            (
                "pairings",
                Variant(search::Schedule {
                    pairing_from: 0,
                    ..d
                }),
            ),
            (
                "pairings, restart often",
                Variant(search::Schedule {
                    first_run: 1,
                    pairing_from: 1,
                    pairing_run: 1,
                    ..d
                }),
            ),
        ]
    }

    /// A schedule of the search, with a budget.
    #[derive(Clone, Copy, Debug)]
    struct Variant(search::Schedule);

    impl Variant {
        fn solve(self, board: &Board) -> Analysis {
            self.solve_within(board, None)
                .expect("no budget: the search answers")
        }

        fn solve_within(self, board: &Board, budget: Option<u64>) -> Result<Analysis, Interrupted> {
            let limits = Limits::new().budget(budget);
            let (outcome, nodes) = search::solve_with(board, &limits, 1, self.0)
                .unwrap_or_else(|| plain::solve(board, &limits, 1))?;
            Ok(Analysis { outcome, nodes })
        }
    }

    /// Checks every variant against brute force on one board.
    fn check_variants(board: &Board, what: &str) -> bool {
        let expected = brute_force(&mut board.clone());
        for (name, solver) in variants() {
            match solver.solve(board).outcome {
                Outcome::Winnable(s) => {
                    assert!(expected, "{name} {what}: called winnable");
                    assert!(replay(board, &s), "{name} {what}: bad sequence");
                }
                Outcome::Unwinnable => assert!(!expected, "{name} {what}: called lost"),
            }
        }
        expected
    }

    /// Two boards of the small three-layer layout where neither the relaxed game, probing
    /// nor the suggested pairings decide at the root, so the pairing search has to branch
    /// (its nodes are pinned): its verdicts (one win, one proof of loss) agree with brute
    /// force, and so do the other variants'.
    #[test]
    fn pairing_search_branches_and_agrees_with_brute_force() {
        let l: Layout = "0 0: 0-10\n0 2: 0-10\n1 1: 3-7\n2 1: 5\n0 6: 0-2\n"
            .parse()
            .unwrap();
        let pairings = variants()
            .into_iter()
            .find(|(name, _)| *name == "pairings")
            .unwrap()
            .1;
        for (tiles, winnable, nodes) in [
            (
                "1p 5p 1p 3p 2p 1p 3p 1p 4p 2p 4p 3p 4p 2p 2p 4p 3p 5p",
                true,
                4,
            ),
            (
                "3p 3p 5p 2p 2p 2p 3p 4p 1p 3p 4p 5p 1p 2p 4p 1p 1p 4p",
                false,
                9,
            ),
        ] {
            let tiles: Vec<Tile> = tiles.split(' ').map(|t| t.parse().unwrap()).collect();
            let board = Board::unchecked(&l, tiles);
            assert_eq!(brute_force(&mut board.clone()), winnable);
            let analysis = pairings.solve(&board);
            assert_eq!(analysis.outcome.is_winnable(), winnable);
            assert_eq!(analysis.nodes, nodes);
            assert_eq!(check_variants(&board, "branching board"), winnable);
        }
    }

    #[test]
    fn every_variant_agrees_with_brute_force() {
        // Three layers; kinds of four so that pairings have choices.
        let layouts = [
            "0 0: 0-10\n0 2: 0-10\n1 1: 3-7\n2 1: 5\n0 6: 0-2\n",
            "0 0: 0-6\n0 2: 0-6\n0 4: 0-6\n1 1: 1-5\n1 3: 1 5\n2 2: 3\n",
        ];
        for text in layouts {
            let l: Layout = text.parse().unwrap();
            let n = l.len();
            let (mut won, mut lost) = (0, 0);
            for seed in 0..120 {
                let mut tiles: Vec<Tile> = (0..n)
                    .map(|i| format!("{}p", 1 + i / 4).parse().unwrap())
                    .collect();
                tiles.shuffle(&mut seeded(seed));
                let board = Board::unchecked(&l, tiles);
                if check_variants(&board, &format!("{n} tiles, seed {seed}")) {
                    won += 1;
                } else {
                    lost += 1;
                }
            }
            // Both verdicts occur, so both are checked.
            assert!(won > 5 && lost > 5, "{text}: won {won}, lost {lost}");
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]

        /// Random small layouts, tiles of few kinds (fours and one pair), random play
        /// first: every variant agrees with brute force.
        #[test]
        fn variants_agree_on_random_boards(
            cells in proptest::collection::btree_set((0u16..5, 0u16..3, 0u8..3), 4..=16),
            seed in 0u64..1_000_000,
            played in 0usize..4,
        ) {
            let mut positions: Vec<crate::layout::Position> = cells
                .into_iter()
                .map(|(i, j, z)| crate::layout::Position::new(2 * i + u16::from(z), 2 * j + u16::from(z), z))
                .collect();
            if positions.len() % 2 == 1 {
                positions.pop();
            }
            let l = Layout::new("random", positions).unwrap();
            let mut tiles: Vec<Tile> = (0..l.len())
                .map(|i| format!("{}s", 1 + i / 4).parse().unwrap())
                .collect();
            let mut rng = seeded(seed);
            tiles.shuffle(&mut rng);
            let mut board = Board::unchecked(&l, tiles);
            // Solve from a position part-way through a game too.
            for _ in 0..played {
                let moves = board.legal_moves();
                let Some(&m) = moves.get(seed as usize % moves.len().max(1)) else { break };
                board.play_unchecked(m);
            }
            check_variants(&board, &format!("seed {seed}"));
        }
    }

    #[test]
    fn variants_agree_on_turtle_deals() {
        // Probing, no probing, the pairing search and the default decide the same;
        // sequences replay.
        let l = BuiltinLayout::Turtle.layout();
        for seed in [63, 13, 41] {
            let board = random_deal(&l, &mut seeded(seed));
            let mut verdicts = Vec::new();
            let chosen = ["default", "probe always", "never probe", "pairings"];
            for (name, solver) in variants()
                .into_iter()
                .filter(|(name, _)| chosen.contains(name))
            {
                if let Ok(analysis) = solver.solve_within(&board, Some(150)) {
                    if let Outcome::Winnable(s) = &analysis.outcome {
                        assert!(replay(&board, s), "{name} seed {seed}");
                    }
                    verdicts.push((name, analysis.outcome.is_winnable()));
                }
            }
            assert!(
                verdicts.windows(2).all(|w| w[0].1 == w[1].1),
                "seed {seed}: {verdicts:?}"
            );
            assert!(!verdicts.is_empty(), "seed {seed}: undecided");
        }
    }
}
