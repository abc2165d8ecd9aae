//! Hints: sudoku-grade's next step from the player's own position (digits and pencil
//! marks), or what is wrong with that position. For the rules the rater does not read
//! (killer cages), a single found here: a cell with one digit left by its houses, its cage
//! and its pencil marks, or a digit with one place left in a house.

use sudoku_core::killer::combinations;
use sudoku_core::{Candidates, Cell, Geometry};
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
    /// A digit found without the rater (killer), and the sentence that says why.
    Single {
        /// The cell.
        cell: Cell,
        /// Its digit.
        digit: u8,
        /// Why.
        why: String,
    },
    /// No hint (the rater failed).
    Failed(HintError),
}

impl Hint {
    /// The sentence shown (cells named as `geometry` names them).
    pub fn text(&self, geometry: &Geometry) -> String {
        let list = |cells: &[Cell]| {
            cells
                .iter()
                .map(|&c| geometry.display_cell(c).to_string())
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
            Hint::Single { why, .. } => why.clone(),
            Hint::Failed(why) => format!("No hint: {why}"),
        }
    }

    /// The cells it is about.
    pub fn cells(&self) -> Vec<Cell> {
        match self {
            Hint::Step { step, .. } => step.placement.map(|p| p.cell).into_iter().collect(),
            Hint::Mistakes(c) | Hint::LostDigits(c) => c.clone(),
            Hint::Single { cell, .. } => vec![*cell],
            Hint::Failed(_) => Vec::new(),
        }
    }

    /// What `h` does next with it, for the end of the message.
    pub fn action(&self) -> Option<&'static str> {
        match self {
            Hint::Step { .. } | Hint::Single { .. } => Some("h: play it"),
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
        if !self.rules().rated() {
            return self.single();
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
            Hint::Single { cell, digit, .. } => {
                self.begin_hint();
                let keep = self.undo.len();
                // The digit is open in the cell: no house or cage refuses it.
                let _ = self.place(*cell, *digit);
                // One change for undo, not two.
                self.undo.truncate(keep);
            }
            Hint::Failed(_) => {}
        }
    }

    /// The digits a cell can still take: those its houses allow, its cage's sums allow
    /// (killer) and, when it has pencil marks, among them.
    pub fn open_digits(&self, cell: Cell) -> Candidates {
        let mut c = self.board().candidates(cell);
        if let Some(k) = self.rules().cage_of(cell) {
            let cage = &self.rules().cages()[k];
            let placed = cage.cells.iter().fold(Candidates::EMPTY, |mut m, &x| {
                let v = self.value(x);
                if v != 0 {
                    m.insert(v);
                }
                m
            });
            let sets = combinations(self.size(), cage.cells.len(), u32::from(cage.sum));
            let open = sets
                .iter()
                .filter(|&&set| set & placed.bits() == placed.bits())
                .fold(0u32, |m, &set| m | (set & !placed.bits()));
            c &= Candidates::from_bits(open);
        }
        let marks = self.marks(cell);
        if !marks.is_empty() {
            c &= marks;
        }
        c
    }

    /// A single found without the rater: a cell with one digit open, else a digit with one
    /// place open in a house, else the solution's digit of the cell with the fewest open.
    fn single(&self) -> Option<Hint> {
        let geometry = self.geometry();
        let empty: Vec<Cell> = self.cells().filter(|&c| self.value(c) == 0).collect();
        let open: Vec<(Cell, Candidates)> =
            empty.iter().map(|&c| (c, self.open_digits(c))).collect();
        let cage = |c: Cell| {
            if self.rules().cage_of(c).is_some() {
                ", its cage's sum"
            } else {
                ""
            }
        };
        if let Some(&(cell, cands)) = open.iter().find(|(_, m)| m.len() == 1) {
            let digit = cands.iter().next()?;
            return Some(Hint::Single {
                cell,
                digit,
                why: format!(
                    "{} can only be {}: its houses{} and your marks leave no other digit.",
                    self.at(cell),
                    self.symbol(digit),
                    cage(cell)
                ),
            });
        }
        for h in geometry.houses() {
            let cells = geometry.house(h);
            for d in 1..=self.size() as u8 {
                if cells.iter().any(|&c| self.value(c) == d) {
                    continue;
                }
                let mut places = open
                    .iter()
                    .filter(|(c, m)| cells.contains(c) && m.contains(d))
                    .map(|&(c, _)| c);
                if let (Some(cell), None) = (places.next(), places.next()) {
                    return Some(Hint::Single {
                        cell,
                        digit: d,
                        why: format!(
                            "In {}, {} can only go in {}.",
                            geometry.house_kind(h),
                            self.symbol(d),
                            self.at(cell)
                        ),
                    });
                }
            }
        }
        let &(cell, cands) = open.iter().min_by_key(|(_, m)| m.len())?;
        let digit = self.solution().get(cell.index());
        Some(Hint::Single {
            cell,
            digit,
            why: format!(
                "No single left: {} is {} (one of its {} open digits).",
                self.at(cell),
                self.symbol(digit),
                cands.len()
            ),
        })
    }
}
