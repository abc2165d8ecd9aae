//! A safe wrapper of tdoku, Tom Dillon's SIMD 9×9 solver (BSD-2-Clause, vendored in
//! `tdoku/` with its licence; see `tdoku/README.md`), built by `build.rs` with the `cc` crate.
//!
//! ```
//! use benches::tdoku::{Tdoku, TdokuPuzzle};
//!
//! let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
//! let mut cells = [0u8; 81];
//! for (c, b) in cells.iter_mut().zip(line.bytes()) {
//!     *c = if b.is_ascii_digit() { b - b'0' } else { 0 };
//! }
//! let puzzle = TdokuPuzzle::new(&cells).expect("cells 0..=9");
//! let mut tdoku = Tdoku::lock();
//! let mut solution = [0u8; 81];
//! assert!(tdoku.solve(&puzzle, &mut solution));
//! assert_eq!(tdoku.count(&puzzle, 2), 1);
//! assert!(cells.iter().zip(&solution).all(|(&g, &s)| g == 0 || g == s));
//! ```
//!
//! # Safety argument (the only `unsafe` of this package)
//!
//! `TdokuSolverDpllTriadSimd(input, limit, configuration, solution, &guesses)` is sound to
//! call when:
//!
//! 1. `input` points to at least 82 readable bytes: the solver reads bytes 0..81 (in vector
//!    loads of 16 and 32 bytes that end at byte 80) and byte 81, which tells a pencil-mark
//!    puzzle (729 bytes, byte 81 ≥ `.`) from a plain one. [`TdokuPuzzle`] owns exactly 82
//!    bytes, the last one 0: always the plain 81-cell reading.
//! 2. Every one of the 81 cells is `'1'..='9'` or `'.'`: the solver does no validation and
//!    turns a digit into `1 << (digit - '1')` (another byte would shift by a negative or too
//!    large amount, undefined behaviour in C++). [`TdokuPuzzle::new`] writes only those
//!    bytes, from values checked to be 0..=9.
//! 3. `solution` points to 81 writable bytes: the solver writes 81 cells there when `limit`
//!    is 1 (and nothing otherwise). Both callers pass an 81-byte array.
//! 4. `num_guesses` points to a writable `size_t` (`usize` on every target Rust supports
//!    alongside a C++ compiler): a local.
//! 5. No two calls run at the same time, on any thread: the solver keeps its search state
//!    (solution count, limit, guesses, the solution found) in global variables of the C++
//!    translation unit, so overlapping calls would race. [`Tdoku::lock`] is the only way to
//!    get a handle and holds a process-wide lock for the handle's lifetime, and the calls
//!    take `&mut self`.
//! 6. The search allocates nothing, throws no C++ exception and recurses at most once per
//!    guess, each level holding one copy of its 480-byte state (at most 81 levels on a
//!    9×9 grid): well within a thread's stack.
//!
//! Invalid puzzles (clashing givens) are fine: the propagation refutes them and the count
//! is 0.

use std::sync::{Mutex, MutexGuard};

unsafe extern "C" {
    /// tdoku's C API (`tdoku/tdoku.h`): the number of solutions up to `limit`; with `limit`
    /// 1, the solution in `solution`.
    fn TdokuSolverDpllTriadSimd(
        input: *const core::ffi::c_char,
        limit: usize,
        configuration: u32,
        solution: *mut core::ffi::c_char,
        num_guesses: *mut usize,
    ) -> usize;
}

/// The lock behind [`Tdoku::lock`]: tdoku's state is global.
static TDOKU: Mutex<()> = Mutex::new(());

/// A puzzle in tdoku's input format: 81 bytes `'1'..='9'` or `'.'`, then a 0 byte (which
/// marks a plain puzzle, not a pencil-mark one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TdokuPuzzle([u8; 82]);

impl TdokuPuzzle {
    /// The puzzle of 81 row-major cells (0 empty, 1..=9 a given); `None` if a value is above 9.
    pub fn new(cells: &[u8; 81]) -> Option<TdokuPuzzle> {
        let mut bytes = [0u8; 82];
        for (b, &v) in bytes.iter_mut().zip(cells) {
            *b = match v {
                0 => b'.',
                1..=9 => b'0' + v,
                _ => return None,
            };
        }
        Some(TdokuPuzzle(bytes))
    }
}

/// The exclusive handle on the tdoku solver: hold it while solving, drop it to let another
/// thread in.
#[derive(Debug)]
pub struct Tdoku {
    _guard: MutexGuard<'static, ()>,
    guesses: usize,
}

impl Tdoku {
    /// Takes the solver (waits while another thread holds it).
    pub fn lock() -> Tdoku {
        // A panic while the lock was held cannot leave tdoku's globals half-written in a way
        // that matters: every call starts by resetting them.
        let guard = TDOKU
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        Tdoku {
            _guard: guard,
            guesses: 0,
        }
    }

    /// One call of the solver (see the module's safety argument).
    fn run(&mut self, puzzle: &TdokuPuzzle, limit: usize, solution: &mut [u8; 81]) -> usize {
        let mut guesses = 0usize;
        // SAFETY: points 1–2: `puzzle.0` is 82 bytes of `'1'..='9'`/`'.'` then 0 (the only
        // constructor writes nothing else); point 3: `solution` is 81 writable bytes; point
        // 4: `guesses` is a local `usize`; point 5: `self` holds the global lock and is
        // borrowed mutably; point 6: nothing to provide.
        let count = unsafe {
            TdokuSolverDpllTriadSimd(
                puzzle.0.as_ptr().cast(),
                limit,
                0,
                solution.as_mut_ptr().cast(),
                &mut guesses,
            )
        };
        self.guesses = guesses;
        count
    }

    /// The first solution, written to `solution` as values 1..=9; `false` (and `solution`
    /// unspecified) when there is none.
    pub fn solve(&mut self, puzzle: &TdokuPuzzle, solution: &mut [u8; 81]) -> bool {
        if self.run(puzzle, 1, solution) == 0 {
            return false;
        }
        for v in solution.iter_mut() {
            *v = v.wrapping_sub(b'0');
        }
        true
    }

    /// The first solution as tdoku writes it (`'1'..='9'` bytes), for timing the solver
    /// alone: `true` if there is one.
    pub fn solve_raw(&mut self, puzzle: &TdokuPuzzle, solution: &mut [u8; 81]) -> bool {
        self.run(puzzle, 1, solution) != 0
    }

    /// The number of solutions, counting stops at `limit` (0 counts nothing).
    pub fn count(&mut self, puzzle: &TdokuPuzzle, limit: usize) -> usize {
        if limit == 0 {
            return 0;
        }
        let mut scratch = [0u8; 81];
        self.run(puzzle, limit, &mut scratch)
    }

    /// The guesses of the last call.
    pub fn last_guesses(&self) -> usize {
        self.guesses
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rejects_values_above_nine() {
        assert!(TdokuPuzzle::new(&[10; 81]).is_none());
        assert!(TdokuPuzzle::new(&[0; 81]).is_some());
    }

    #[test]
    fn counts_and_refutes() {
        let mut t = Tdoku::lock();
        // The empty grid has many solutions; two equal givens in a row none.
        assert_eq!(t.count(&TdokuPuzzle::new(&[0; 81]).unwrap(), 2), 2);
        let mut clash = [0u8; 81];
        clash[0] = 5;
        clash[1] = 5;
        let clash = TdokuPuzzle::new(&clash).unwrap();
        assert_eq!(t.count(&clash, 2), 0);
        assert!(!t.solve(&clash, &mut [0; 81]));
    }
}
