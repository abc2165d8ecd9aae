//! Colours and symbols. Colours are the terminal's own named colours over its default
//! background, and every coloured background comes with an explicit foreground, so the
//! screens read on dark and light terminals alike. `--ascii` swaps the Unicode symbols
//! (box drawing, mahjong tiles, marks) for plain text.

use ratatui::style::{Color, Modifier, Style};

/// The styles and symbols of a session.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Theme {
    /// Plain-text symbols only.
    pub ascii: bool,
}

impl Theme {
    /// Titles.
    pub fn title(self) -> Style {
        Style::new().add_modifier(Modifier::BOLD)
    }

    /// The help line at the bottom (reversed video: readable on any background).
    pub fn help(self) -> Style {
        Style::new().add_modifier(Modifier::REVERSED)
    }

    /// Text of less importance.
    pub fn dim(self) -> Style {
        Style::new().add_modifier(Modifier::DIM)
    }

    /// The cursor.
    pub fn cursor(self) -> Style {
        Style::new().fg(Color::Black).bg(Color::Cyan)
    }

    /// Something selected.
    pub fn selected(self) -> Style {
        Style::new().fg(Color::Black).bg(Color::Yellow)
    }

    /// What a hint points at.
    pub fn hint(self) -> Style {
        Style::new().fg(Color::Black).bg(Color::Green)
    }

    /// Cells or tiles a hint reasons on.
    pub fn hint_context(self) -> Style {
        Style::new().fg(Color::Black).bg(Color::Yellow)
    }

    /// Errors, clashes, warnings.
    pub fn error(self) -> Style {
        Style::new().fg(Color::Red).add_modifier(Modifier::BOLD)
    }

    /// Good news.
    pub fn good(self) -> Style {
        Style::new().fg(Color::Green).add_modifier(Modifier::BOLD)
    }

    /// A player's own entries, as opposed to givens.
    pub fn entry(self) -> Style {
        Style::new().fg(Color::Blue)
    }

    /// Accents: whose turn, the focused field.
    pub fn accent(self) -> Style {
        Style::new().fg(Color::Magenta).add_modifier(Modifier::BOLD)
    }

    /// A vertical line.
    pub fn vline(self) -> &'static str {
        if self.ascii { "|" } else { "│" }
    }

    /// A horizontal line.
    pub fn hline(self) -> &'static str {
        if self.ascii { "-" } else { "─" }
    }

    /// Where lines meet: `row` and `col` are 0 (first), 1 (inside) or 2 (last).
    pub fn joint(self, row: u8, col: u8) -> &'static str {
        if self.ascii {
            return "+";
        }
        match (row, col) {
            (0, 0) => "┌",
            (0, 2) => "┐",
            (0, _) => "┬",
            (2, 0) => "└",
            (2, 2) => "┘",
            (2, _) => "┴",
            (_, 0) => "├",
            (_, 2) => "┤",
            _ => "┼",
        }
    }

    /// The pointer before the current line of a list.
    pub fn pointer(self) -> &'static str {
        if self.ascii { ">" } else { "▶" }
    }

    /// A warning sign.
    pub fn warning(self) -> &'static str {
        if self.ascii { "!" } else { "⚠" }
    }

    /// A right entry.
    pub fn tick(self) -> &'static str {
        if self.ascii { "ok" } else { "✓" }
    }

    /// A wrong entry.
    pub fn wrong(self) -> &'static str {
        if self.ascii { "x" } else { "✗" }
    }

    /// An empty cell.
    pub fn empty_cell(self) -> &'static str {
        if self.ascii { "." } else { "·" }
    }
}
