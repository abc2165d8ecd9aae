//! The one shape of every game state, and two functions over it.

use core::fmt;

use crate::stop::{Interrupted, Limits, Meter, WorkUnit};

/// A game state that players change by moves: a sudoku being filled, a solitaire board, a
/// Défi Sudoku game, a mahjong round or game.
///
/// Each state also has these methods as its own (inherent) methods, with the same meaning,
/// so that a program playing one game needs no import; the trait is for code written once
/// for every game (test drivers, environments, search).
///
/// The contract, checked by [`check_shape`]:
/// - [`to_act`](GameState::to_act) is empty exactly when [`is_over`](GameState::is_over);
/// - an ended state has no legal move, a state in progress has at least one;
/// - [`check`](GameState::check) accepts every move [`legal_moves`](GameState::legal_moves)
///   lists, and [`play`](GameState::play) accepts it too;
/// - `play` refusing a move leaves the state unchanged.
pub trait GameState {
    /// One decision of one player.
    type Move: Copy + Eq + fmt::Debug;
    /// Who acts: `()` in a one-player game, a player index or a seat otherwise.
    type Player: Copy + Eq + fmt::Debug;
    /// What a move played returns.
    type Report;
    /// Why a move is refused.
    type Error: core::error::Error;

    /// The players who may act now (several in a claim window), none once the game is over.
    fn to_act(&self) -> Vec<Self::Player>;

    /// Whether the game has ended: no player acts any more.
    fn is_over(&self) -> bool;

    /// Every move that [`play`](GameState::play) accepts now, of every player who acts.
    fn legal_moves(&self) -> Vec<Self::Move>;

    /// Whether `play` would accept the move, and if not why.
    ///
    /// # Errors
    /// The state's play error, saying why the move is refused.
    fn check(&self, m: Self::Move) -> Result<(), Self::Error>;

    /// `check(m).is_ok()`.
    fn is_legal(&self, m: Self::Move) -> bool {
        self.check(m).is_ok()
    }

    /// Plays a move after checking it.
    ///
    /// # Errors
    /// The state's play error; the state is then unchanged.
    fn play(&mut self, m: Self::Move) -> Result<Self::Report, Self::Error>;
}

/// The number of move sequences of exactly `depth` moves from `state` (lines that end the
/// game earlier count for nothing): a test oracle and a benchmark, as chess programs use
/// theirs.
///
/// The budget counts [`WorkUnit::Nodes`]: one per state visited.
///
/// # Errors
/// [`Interrupted`] when the limits stop the walk.
///
/// ```
/// use grilles_game::{perft, GameState, Limits};
///
/// // A pile of 3 sticks; a move takes 1 or 2; whoever cannot move has lost.
/// #[derive(Clone, Debug, PartialEq)]
/// struct Nim(u8);
/// #[derive(Debug)]
/// struct TooMany;
/// impl std::fmt::Display for TooMany {
///     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { f.write_str("too many sticks") }
/// }
/// impl std::error::Error for TooMany {}
/// impl GameState for Nim {
///     type Move = u8;
///     type Player = ();
///     type Report = ();
///     type Error = TooMany;
///     fn to_act(&self) -> Vec<()> { if self.0 > 0 { vec![()] } else { vec![] } }
///     fn is_over(&self) -> bool { self.0 == 0 }
///     fn legal_moves(&self) -> Vec<u8> { (1..=self.0.min(2)).collect() }
///     fn check(&self, m: u8) -> Result<(), TooMany> {
///         if (1..=2).contains(&m) && m <= self.0 { Ok(()) } else { Err(TooMany) }
///     }
///     fn play(&mut self, m: u8) -> Result<(), TooMany> { self.check(m)?; self.0 -= m; Ok(()) }
/// }
///
/// assert_eq!(perft(&Nim(3), 1, &Limits::new())?, 2);
/// assert_eq!(perft(&Nim(3), 2, &Limits::new())?, 3); // 1+1, 1+2, 2+1
/// assert!(perft(&Nim(3), 2, &Limits::new().budget(2)).is_err());
/// # Ok::<(), grilles_game::Interrupted>(())
/// ```
pub fn perft<S: GameState + Clone>(
    state: &S,
    depth: u32,
    limits: &Limits,
) -> Result<u64, Interrupted> {
    fn walk<S: GameState + Clone>(
        state: &S,
        depth: u32,
        meter: &mut Meter<'_>,
    ) -> Result<u64, Interrupted> {
        meter.spend(1)?;
        if depth == 0 {
            return Ok(1);
        }
        let mut total = 0u64;
        for m in state.legal_moves() {
            let mut next = state.clone();
            if next.play(m).is_err() {
                continue;
            }
            total = total.saturating_add(walk(&next, depth - 1, meter)?);
        }
        Ok(total)
    }
    walk(state, depth, &mut limits.meter(WorkUnit::Nodes))
}

/// A broken rule of the [`GameState`] contract, found by [`check_shape`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ShapeError {
    /// `to_act` and `is_over` disagree.
    #[error("after {line}: is_over is {over} but {actors} players act")]
    Actors {
        /// The moves played from the start, as their `Debug` forms.
        line: String,
        /// What `is_over` said.
        over: bool,
        /// How many players `to_act` listed.
        actors: usize,
    },
    /// An ended state lists moves, or a state in progress lists none.
    #[error("after {line}: is_over is {over} but {moves} legal moves are listed")]
    Moves {
        /// The moves played from the start.
        line: String,
        /// What `is_over` said.
        over: bool,
        /// How many moves `legal_moves` listed.
        moves: usize,
    },
    /// A listed move is refused by `check` or by `play`.
    #[error("after {line}: the listed move {mv} is refused: {why}")]
    Refused {
        /// The moves played from the start.
        line: String,
        /// The refused move.
        mv: String,
        /// The error's message.
        why: String,
    },
    /// `check` and `is_legal` disagree on a move.
    #[error("after {line}: check and is_legal disagree on {mv}")]
    Legality {
        /// The moves played from the start.
        line: String,
        /// The move.
        mv: String,
    },
    /// A probe that `check` accepts is missing from `legal_moves`.
    #[error("after {line}: {mv} is legal but not listed")]
    Unlisted {
        /// The moves played from the start.
        line: String,
        /// The move.
        mv: String,
    },
    /// A move `play` refused changed the state.
    #[error("after {line}: refusing {mv} changed the state")]
    ChangedOnError {
        /// The moves played from the start.
        line: String,
        /// The refused move.
        mv: String,
    },
    /// The walk was stopped by its limits.
    #[error(transparent)]
    Interrupted(#[from] Interrupted),
}

/// Walks every line of at most `depth` moves from `state` (at most `width` moves tried at
/// each state, spread over its list) and checks the [`GameState`] contract at every state.
/// The `probes` are tried at every state too: each must be listed exactly when `check`
/// accepts it, and one that `play` refuses must leave the state unchanged. Returns the
/// number of states checked.
///
/// The budget counts [`WorkUnit::Nodes`]: one per state checked.
///
/// # Errors
/// The first broken rule, with the line of moves that leads to it; [`ShapeError::Interrupted`]
/// when the limits stop the walk.
///
/// ```
/// use grilles_game::{check_shape, GameState, Limits};
/// # #[derive(Clone, Debug, PartialEq)]
/// # struct Nim(u8);
/// # #[derive(Debug)]
/// # struct TooMany;
/// # impl std::fmt::Display for TooMany {
/// #     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { f.write_str("too many sticks") }
/// # }
/// # impl std::error::Error for TooMany {}
/// # impl GameState for Nim {
/// #     type Move = u8;
/// #     type Player = ();
/// #     type Report = ();
/// #     type Error = TooMany;
/// #     fn to_act(&self) -> Vec<()> { if self.0 > 0 { vec![()] } else { vec![] } }
/// #     fn is_over(&self) -> bool { self.0 == 0 }
/// #     fn legal_moves(&self) -> Vec<u8> { (1..=self.0.min(2)).collect() }
/// #     fn check(&self, m: u8) -> Result<(), TooMany> {
/// #         if (1..=2).contains(&m) && m <= self.0 { Ok(()) } else { Err(TooMany) }
/// #     }
/// #     fn play(&mut self, m: u8) -> Result<(), TooMany> { self.check(m)?; self.0 -= m; Ok(()) }
/// # }
/// // The Nim of `perft`'s example keeps the contract (probing moves 0 to 3); 12 states
/// // are checked along the lines from 4 sticks (T(n) = 1 + T(n-1) + T(n-2)).
/// assert_eq!(check_shape(&Nim(4), 10, usize::MAX, &[0, 1, 2, 3], &Limits::new())?, 12);
/// # Ok::<(), grilles_game::ShapeError>(())
/// ```
pub fn check_shape<S>(
    state: &S,
    depth: u32,
    width: usize,
    probes: &[S::Move],
    limits: &Limits,
) -> Result<u64, ShapeError>
where
    S: GameState + Clone + PartialEq,
{
    struct Walk<'a, 'm, S: GameState> {
        width: usize,
        probes: &'a [S::Move],
        meter: Meter<'m>,
        line: Vec<S::Move>,
    }
    impl<S: GameState + Clone + PartialEq> Walk<'_, '_, S> {
        fn line(&self) -> String {
            if self.line.is_empty() {
                "the start".to_owned()
            } else {
                format!("{:?}", self.line)
            }
        }

        fn visit(&mut self, state: &S, depth: u32) -> Result<u64, ShapeError> {
            self.meter.spend(1)?;
            let over = state.is_over();
            let actors = state.to_act().len();
            if over != (actors == 0) {
                return Err(ShapeError::Actors {
                    line: self.line(),
                    over,
                    actors,
                });
            }
            let moves = state.legal_moves();
            if over != moves.is_empty() {
                return Err(ShapeError::Moves {
                    line: self.line(),
                    over,
                    moves: moves.len(),
                });
            }
            for &m in moves.iter().chain(self.probes) {
                if state.check(m).is_ok() != state.is_legal(m) {
                    return Err(ShapeError::Legality {
                        line: self.line(),
                        mv: format!("{m:?}"),
                    });
                }
            }
            for &m in self.probes {
                if moves.contains(&m) {
                    continue;
                }
                if state.check(m).is_ok() {
                    return Err(ShapeError::Unlisted {
                        line: self.line(),
                        mv: format!("{m:?}"),
                    });
                }
                let mut copy = state.clone();
                if copy.play(m).is_err() && copy != *state {
                    return Err(ShapeError::ChangedOnError {
                        line: self.line(),
                        mv: format!("{m:?}"),
                    });
                }
            }
            let step = moves.len().div_ceil(self.width.max(1)).max(1);
            let mut checked = 1u64;
            for &m in moves.iter().step_by(step) {
                if let Err(e) = state.check(m) {
                    return Err(self.refusal(m, &e));
                }
                let mut next = state.clone();
                if let Err(e) = next.play(m) {
                    return Err(self.refusal(m, &e));
                }
                if depth > 0 {
                    self.line.push(m);
                    checked = checked.saturating_add(self.visit(&next, depth - 1)?);
                    self.line.pop();
                }
            }
            Ok(checked)
        }

        fn refusal(&self, m: S::Move, e: &S::Error) -> ShapeError {
            ShapeError::Refused {
                line: self.line(),
                mv: format!("{m:?}"),
                why: e.to_string(),
            }
        }
    }

    let mut walk = Walk::<S> {
        width,
        probes,
        meter: limits.meter(WorkUnit::Nodes),
        line: Vec::new(),
    };
    walk.visit(state, depth)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Nim with a bug switch.
    #[derive(Clone, Debug, PartialEq)]
    struct Nim {
        sticks: u8,
        bug: Bug,
    }

    #[derive(Clone, Copy, Debug, PartialEq)]
    enum Bug {
        None,
        ListsThree,
        ChangesOnError,
        NoActorsAtOne,
    }

    #[derive(Debug, PartialEq)]
    struct Refused;
    impl fmt::Display for Refused {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("refused")
        }
    }
    impl core::error::Error for Refused {}

    impl GameState for Nim {
        type Move = u8;
        type Player = ();
        type Report = ();
        type Error = Refused;
        fn to_act(&self) -> Vec<()> {
            if self.sticks == 0 || (self.bug == Bug::NoActorsAtOne && self.sticks == 1) {
                vec![]
            } else {
                vec![()]
            }
        }
        fn is_over(&self) -> bool {
            self.sticks == 0
        }
        fn legal_moves(&self) -> Vec<u8> {
            let top = if self.bug == Bug::ListsThree { 3 } else { 2 };
            (1..=self.sticks.min(top)).collect()
        }
        fn check(&self, m: u8) -> Result<(), Refused> {
            if (1..=2).contains(&m) && m <= self.sticks {
                Ok(())
            } else {
                Err(Refused)
            }
        }
        fn play(&mut self, m: u8) -> Result<(), Refused> {
            if self.bug == Bug::ChangesOnError && self.check(m).is_err() {
                self.sticks = 0;
            }
            self.check(m)?;
            self.sticks -= m;
            Ok(())
        }
    }

    fn nim(sticks: u8, bug: Bug) -> Nim {
        Nim { sticks, bug }
    }

    #[test]
    fn perft_counts_lines_of_exact_length() {
        // Compositions of n into parts 1 and 2 are Fibonacci numbers.
        let limits = Limits::new();
        assert_eq!(perft(&nim(10, Bug::None), 0, &limits), Ok(1));
        // Five moves of 1 or 2 never pass 10 sticks: 2^5 lines.
        assert_eq!(perft(&nim(10, Bug::None), 5, &limits), Ok(32));
        // Six moves: all but those with five or six 2s (sum over 10).
        assert_eq!(perft(&nim(10, Bug::None), 6, &limits), Ok(64 - 6 - 1));
        assert_eq!(perft(&nim(4, Bug::None), 4, &limits), Ok(1)); // 1+1+1+1
        // 1+1+1, 1+1+2, 1+2+1, 2+1+1 (2+2 ends the game after two moves).
        assert_eq!(perft(&nim(4, Bug::None), 3, &limits), Ok(4));
    }

    #[test]
    fn check_shape_accepts_a_correct_state() {
        let n = check_shape(
            &nim(6, Bug::None),
            20,
            usize::MAX,
            &[0, 1, 2, 3],
            &Limits::new(),
        )
        .unwrap();
        assert!(n > 20);
        // A width of one follows a single line.
        assert_eq!(
            check_shape(&nim(6, Bug::None), 20, 1, &[], &Limits::new()),
            Ok(7)
        );
    }

    #[test]
    fn check_shape_finds_each_broken_rule() {
        let limits = Limits::new();
        assert!(matches!(
            check_shape(&nim(5, Bug::ListsThree), 5, usize::MAX, &[], &limits),
            Err(ShapeError::Refused { .. })
        ));
        assert!(matches!(
            check_shape(&nim(5, Bug::ChangesOnError), 5, usize::MAX, &[3], &limits),
            Err(ShapeError::ChangedOnError { .. })
        ));
        // Listing only "take 1" leaves "take 2" unlisted.
        #[derive(Clone, Debug, PartialEq)]
        struct Lazy(Nim);
        impl GameState for Lazy {
            type Move = u8;
            type Player = ();
            type Report = ();
            type Error = Refused;
            fn to_act(&self) -> Vec<()> {
                self.0.to_act()
            }
            fn is_over(&self) -> bool {
                self.0.is_over()
            }
            fn legal_moves(&self) -> Vec<u8> {
                self.0.legal_moves().into_iter().take(1).collect()
            }
            fn check(&self, m: u8) -> Result<(), Refused> {
                self.0.check(m)
            }
            fn play(&mut self, m: u8) -> Result<(), Refused> {
                self.0.play(m)
            }
        }
        assert!(matches!(
            check_shape(&Lazy(nim(5, Bug::None)), 5, usize::MAX, &[2], &limits),
            Err(ShapeError::Unlisted { .. })
        ));
        let err =
            check_shape(&nim(3, Bug::NoActorsAtOne), 5, usize::MAX, &[], &limits).unwrap_err();
        assert_eq!(
            err.to_string(),
            "after [1, 1]: is_over is false but 0 players act"
        );
        assert!(matches!(
            check_shape(
                &nim(30, Bug::None),
                30,
                usize::MAX,
                &[],
                &Limits::new().budget(100)
            ),
            Err(ShapeError::Interrupted(_))
        ));
    }
}
