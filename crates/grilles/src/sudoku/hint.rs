//! Hints: sudoku-grade's next step from the player's own position (digits and pencil
//! marks), or what is wrong with that position.

use sudoku_core::{Cell, Shape};
use sudoku_grade::{MarkedGrid, Rater, Step};

use super::error::HintError;
use super::game::SudokuGame;

/// A hint: the next step from the player's position, or what is wrong with it.
#[derive(Clone, Debug)]
pub enum Hint {
    /// sudoku-grade's next step, and the position it was found from.
    Step {
        /// The step.
        step: Box<Step>,
        /// The player's position (digits and pencil marks) it applies to.
        position: Box<MarkedGrid>,
    },
    /// Digits that are not the solution's.
    Mistakes(Vec<Cell>),
    /// Cells whose pencil marks leave out the solution's digit.
    LostDigits(Vec<Cell>),
    /// No hint (the rater failed).
    Failed(HintError),
}

impl Hint {
    /// The sentence shown.
    pub fn text(&self, shape: Shape) -> String {
        let list = |cells: &[Cell]| {
            cells
                .iter()
                .map(|c| c.display(shape).to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        match self {
            Hint::Step { step, .. } => {
                format!("[{} {}] {step}", step.method(), step.technique)
            }
            Hint::Mistakes(cells) => format!("Not the solution's digit: {}.", list(cells)),
            Hint::LostDigits(cells) => format!(
                "Your pencil marks leave out the right digit in {}.",
                list(cells)
            ),
            Hint::Failed(why) => format!("No hint: {why}"),
        }
    }

    /// What `h` does next with it, for the end of the message.
    pub fn action(&self) -> Option<&'static str> {
        match self {
            Hint::Step { .. } => Some("h: play it"),
            Hint::Mistakes(_) => Some("h: clear it"),
            Hint::LostDigits(_) => Some("h: mark it back"),
            Hint::Failed(_) => None,
        }
    }
}

impl SudokuGame {
    /// The hint for the position as it stands (`None` once solved).
    pub fn hint(&self, rater: &Rater) -> Option<Hint> {
        if self.is_solved() {
            return None;
        }
        let wrong = self.wrong_cells();
        if !wrong.is_empty() {
            return Some(Hint::Mistakes(wrong));
        }
        let lost: Vec<Cell> = self
            .cells()
            .filter(|&c| {
                self.value(c) == 0
                    && !self.marks(c).is_empty()
                    && !self.marks(c).contains(self.solution().get(c.index()))
            })
            .collect();
        if !lost.is_empty() {
            return Some(Hint::LostDigits(lost));
        }
        let position = match self.position() {
            Ok(p) => p,
            Err(e) => return Some(Hint::Failed(e)),
        };
        Some(match rater.next_step(&position) {
            Ok(step) => Hint::Step {
                step: Box::new(step),
                position: Box::new(position),
            },
            Err(e) => Hint::Failed(e.into()),
        })
    }

    /// Plays a hint: the step played on sudoku-grade's position, whose digits and
    /// candidates the game takes (the eliminations become pencil marks), or the correction
    /// of mistakes.
    pub fn apply_hint(&mut self, hint: &Hint) {
        match hint {
            Hint::Step { step, position } => {
                let mut position = position.as_ref().clone();
                if position.play(step).is_err() {
                    return;
                }
                self.begin_hint();
                let touched: Vec<Cell> = step.eliminations.iter().map(|e| e.cell).collect();
                self.take_position(&position, &touched);
            }
            Hint::Mistakes(cells) => {
                self.begin_hint();
                self.empty_cells_of(cells);
            }
            Hint::LostDigits(cells) => {
                self.begin_hint();
                self.mark_right(cells);
            }
            Hint::Failed(_) => {}
        }
    }
}
