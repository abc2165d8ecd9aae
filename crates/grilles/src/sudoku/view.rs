//! Drawing the sudoku screen: the board (compact, or large with pencil marks in place; the
//! boxes, jigsaw regions, killer cages and a Samurai's grids drawn by its `board` module), the side
//! panel, the hint or message, the form, the boxes over it.

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Text};
use ratatui::widgets::{Clear, Widget};
use sudoku_core::{Candidates, Cell, Shape};

use super::board::{self, BoardMap, Edge};

pub use super::board::Look;
use super::{Command, Hint, Rules, SudokuGame, SudokuScreen, symbols_text};
use crate::theme::Theme;
use crate::ui;

pub use super::board::center;

/// The width and height a square board with box lines takes with cells of `cw` × `ch`.
pub fn board_size(shape: Shape, cw: u16, ch: u16) -> (u16, u16) {
    let n = shape.size() as u16;
    let bc = shape.box_cols() as u16;
    let br = shape.box_rows() as u16;
    (n * cw + n / bc + 1, n * ch + n / br + 1)
}

/// Draws a square board with its box lines at (`x`, `y`) with the cells' looks, and says
/// where each cell went.
pub fn draw_board(
    buf: &mut Buffer,
    x: u16,
    y: u16,
    shape: Shape,
    (cw, ch): (u16, u16),
    theme: Theme,
    look: &dyn Fn(Cell) -> Look,
) -> BoardMap {
    let cell_at = |r: usize, c: usize| Some(shape.cell(r, c));
    let (bc, br) = (shape.box_cols(), shape.box_rows());
    let vline = |c: usize| c.is_multiple_of(bc);
    let hline = |r: usize| r.is_multiple_of(br);
    let frame = board::Frame {
        rows: shape.size(),
        cols: shape.size(),
        cell_at: &cell_at,
        vline: &vline,
        hline: &hline,
        edge: &board::solid,
    };
    board::draw(buf, (x, y), &frame, (cw, ch), theme, look)
}

fn marks_compact(n: usize, m: Candidates, width: usize) -> String {
    let s: String = m.iter().map(|d| super::symbol(n, d)).collect();
    if s.chars().count() <= width {
        s
    } else {
        let mut t: String = s.chars().take(width.saturating_sub(1)).collect();
        t.push('+');
        t
    }
}

fn marks_large(m: Candidates, n: usize) -> Vec<String> {
    let per_row = 3usize;
    (0..n.div_ceil(per_row))
        .map(|row| {
            (1..=per_row)
                .map(|i| {
                    let d = (row * per_row + i) as u8;
                    if usize::from(d) <= n && m.contains(d) {
                        super::symbol(n, d)
                    } else {
                        ' '
                    }
                })
                .map(String::from)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

/// Which diagonal of a Sudoku X `cell` lies on: `\` (the main one), `/`, `X` (both: the
/// centre of an odd grid), or none.
fn on_diagonal(g: &SudokuGame, cell: Cell) -> Option<char> {
    if *g.rules() != Rules::X {
        return None;
    }
    let shape = g.shape();
    let (r, c, n) = (shape.row_of(cell), shape.col_of(cell), shape.size());
    if r == c && r + c + 1 == n {
        Some('X')
    } else if r == c {
        Some('\\')
    } else if r + c + 1 == n {
        Some('/')
    } else {
        None
    }
}

/// Draws the screen; returns its help line.
pub fn render(s: &mut SudokuScreen, frame: &mut Frame<'_>, area: Rect, theme: Theme) -> String {
    let buf = frame.buffer_mut();
    if let Some(g) = &s.game {
        s.map = draw_game(s, g, buf, area, theme);
    }
    if let Some(form) = &s.form {
        ui::form(buf, area, form, theme);
    }
    let help = s.help();
    s.overlay.render(buf, area, theme, help)
}

/// The help line of a grid of side `size`.
pub fn help_line(size: usize) -> String {
    let k = |c: Command| c.key(size);
    format!(
        "arrows {} 0 {}:pencil {}:auto {}:hint {}:check {}:reveal {}/{}:undo/redo {}:new ?",
        symbols_text(size),
        k(Command::Pencil),
        k(Command::Auto),
        k(Command::Hint),
        k(Command::Check),
        k(Command::Reveal),
        k(Command::Undo),
        k(Command::Redo),
        k(Command::New),
    )
}

/// The key list of a grid of side `size` (its symbols, and the command keys that do not
/// clash with them): each line a whole phrase, short enough for the help box at 80
/// columns.
pub fn help_lines(size: usize) -> Vec<String> {
    let k = |c: Command| c.key(size);
    let row = |key: String, what: &str| format!("{key:<18}{what}");
    let mut lines = vec![
        row("Arrows or a click".into(), "move the cursor"),
        row(
            symbols_text(size),
            "write a symbol (pencil mode: toggle a pencil mark)",
        ),
    ];
    if size > 9 {
        lines.push(row(
            String::new(),
            "letters in either case; Alt-letter: its command",
        ));
    }
    lines.extend([
        row(
            "0 . Backspace Del".into(),
            "clear the cell (its digit, else its marks)",
        ),
        row(k(Command::Pencil), "pencil mode on or off"),
        row(
            k(Command::Auto),
            "pencil marks: every digit each cell can still take",
        ),
        row(
            k(Command::Clean),
            "automatic clean-up of the marks on or off: a digit",
        ),
        row(
            String::new(),
            "written leaves the marks of the cells it sees",
        ),
        row(
            k(Command::Hint),
            "hint: the next step from your position, and why;",
        ),
        row(String::new(), "the same key again plays it"),
        row(k(Command::Check), "check: your wrong digits in red"),
        row(k(Command::Reveal), "reveal the cell under the cursor"),
        row(
            format!("{} / {} Ctrl-Z/Y", k(Command::Undo), k(Command::Redo)),
            "undo / redo",
        ),
        row("Space".into(), "pause: the clock stops, the grid is hidden"),
        row(k(Command::Restart), "start the puzzle again (asks first)"),
        row(
            k(Command::New),
            "new puzzle: size, rules and level, or typed in",
        ),
        row("Esc".into(), "back to the menu (the game is saved)"),
    ]);
    lines
}

/// The cell sizes tried, largest first, for a board of `g`: (width, height).
fn cell_sizes(g: &SudokuGame) -> &'static [(u16, u16)] {
    let n = g.size();
    match g.rules() {
        Rules::Samurai => &[(5, 1), (3, 1), (2, 1)],
        Rules::Killer { .. } => &[(7, 3), (5, 1), (4, 1)],
        Rules::Jigsaw { .. } if n <= 9 => &[(7, 3), (5, 1), (3, 1)],
        Rules::Jigsaw { .. } => &[(3, 1), (2, 1)],
        _ if n <= 9 => &[(7, 3), (5, 1), (3, 1)],
        _ => &[(5, 1), (3, 1), (2, 1)],
    }
}

/// The width of the side panel.
const PANEL: u16 = 24;

/// The frame of `g`'s board: its positions, and where lines run and how.
fn with_frame<T>(g: &SudokuGame, f: impl FnOnce(&board::Frame<'_>) -> T) -> T {
    let geometry = g.geometry();
    let (rows, cols) = g.frame();
    let cell_at = |r: usize, c: usize| g.cell_at(r, c);
    let shape = g.shape();
    let every = matches!(g.rules(), Rules::Jigsaw { .. } | Rules::Killer { .. });
    let (bc, br) = if *g.rules() == Rules::Samurai {
        (3, 3)
    } else {
        (shape.box_cols(), shape.box_rows())
    };
    let vline = |c: usize| every || c.is_multiple_of(bc);
    let hline = |r: usize| every || r.is_multiple_of(br);
    let edge = |a: Option<Cell>, b: Option<Cell>| match (a, b) {
        (None, None) => Edge::None,
        (Some(a), Some(b)) => {
            if geometry.box_of(a) != geometry.box_of(b) {
                Edge::Solid
            } else if g.rules().cage_of(a) != g.rules().cage_of(b) {
                Edge::Dotted
            } else if every {
                Edge::None
            } else {
                Edge::Solid
            }
        }
        _ => Edge::Solid,
    };
    let frame = board::Frame {
        rows,
        cols,
        cell_at: &cell_at,
        vline: &vline,
        hline: &hline,
        edge: &edge,
    };
    f(&frame)
}

/// The cell size for the board of `g` in `area` and whether the panel goes to its right:
/// the largest that leaves room for the panel and two lines of text, else the largest that
/// fits, else the smallest.
fn fit(g: &SudokuGame, area: Rect) -> ((u16, u16), bool, bool) {
    let sizes = cell_sizes(g);
    with_frame(g, |frame| {
        let fits = |&(cw, ch): &(u16, u16), panel: u16| {
            let (w, h) = board::size(frame, cw, ch);
            w + panel <= area.width && h + 2 <= area.height
        };
        if let Some(&c) = sizes.iter().find(|c| fits(c, PANEL + 2)) {
            return (c, true, true);
        }
        if let Some(&c) = sizes.iter().find(|c| fits(c, 0)) {
            return (c, false, true);
        }
        (sizes[sizes.len() - 1], false, false)
    })
}

/// The smallest terminal the board of `g` is drawn whole in.
pub fn smallest_terminal(g: &SudokuGame) -> (u16, u16) {
    let &(cw, ch) = cell_sizes(g).last().unwrap_or(&(2, 1));
    let (w, h) = with_frame(g, |frame| board::size(frame, cw, ch));
    (w, h + 2 + 3)
}

/// The cage sum shown in the first cell of each cage (killer), by cell.
fn cage_labels(g: &SudokuGame) -> Vec<Option<u16>> {
    let mut labels = vec![None; g.cell_count()];
    for cage in g.rules().cages() {
        // The first cell in reading order of the frame.
        if let Some(&first) = cage.cells.iter().min_by_key(|&&c| g.place_of(c)) {
            labels[first.index()] = Some(cage.sum);
        }
    }
    labels
}

fn draw_game(
    s: &SudokuScreen,
    g: &SudokuGame,
    buf: &mut Buffer,
    area: Rect,
    theme: Theme,
) -> BoardMap {
    let n = g.size();
    let geometry = g.geometry();
    let ((cw, ch), panel_right, whole) = fit(g, area);
    let large = ch == 3;
    let (mut target, mut context, mut elim, mut house) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    match &s.hint {
        Some(Hint::Step { step, .. }) => {
            if let Some(p) = step.placement {
                target.push(p.cell);
            }
            context.extend(step.cells.iter().copied());
            elim.extend(step.eliminations.iter().map(|e| e.cell));
            for &k in &step.houses {
                if let Some(h) = geometry.find_house(k) {
                    house.extend_from_slice(geometry.house(h));
                }
            }
        }
        Some(h) => target.extend(h.cells()),
        None => {}
    }
    // The cursor's houses (row, column, box or region, diagonal), and the cells holding
    // its digit.
    let cursor = g.cursor();
    let cursor_value = g.value(cursor);
    let mut near = Vec::new();
    for &h in geometry.houses_of(cursor) {
        near.extend_from_slice(geometry.house(h));
    }
    let labels = cage_labels(g);
    let paused = g.paused;
    let look = |cell: Cell| -> Look {
        if paused {
            return (vec![String::new(); usize::from(ch)], Style::new());
        }
        let v = g.value(cell);
        let mut style = if g.is_given(cell) {
            Style::new().add_modifier(Modifier::BOLD)
        } else if v != 0 {
            theme.entry()
        } else {
            Style::new()
        };
        if near.contains(&cell) {
            style = style
                .add_modifier(Modifier::REVERSED)
                .add_modifier(Modifier::DIM);
        }
        if cursor_value != 0 && v == cursor_value {
            style = style.add_modifier(Modifier::UNDERLINED).fg(Color::Cyan);
        }
        if g.revealed().contains(&cell) {
            style = style.add_modifier(Modifier::ITALIC);
        }
        if house.contains(&cell) {
            style = style.fg(Color::Magenta);
        }
        if context.contains(&cell) {
            style = theme.hint_context();
        }
        if elim.contains(&cell) {
            style = Style::new().fg(Color::Black).bg(Color::Red);
        }
        if target.contains(&cell) {
            style = theme.hint();
        }
        if s.checked_wrong.contains(&cell) {
            style = Style::new().fg(Color::White).bg(Color::Red);
        }
        if cell == cursor {
            style = theme.cursor();
        }
        let w = usize::from(cw);
        let marks = g.marks(cell);
        // A corner of the first line: a cage's sum at its left, or a diagonal's mark at
        // the side it comes from (the main diagonal at the left).
        let corner: Option<(String, bool)> = match (labels[cell.index()], on_diagonal(g, cell)) {
            (Some(sum), _) => Some((cage_sum(theme, sum), true)),
            (None, Some(d)) => Some((diagonal_mark(theme, d).to_string(), d != '/')),
            (None, None) => None,
        };
        let taken = corner.as_ref().map_or(0, |(c, _)| c.chars().count());
        let room = w.saturating_sub(taken).max(1);
        let mut raw = vec![String::new(); usize::from(ch)];
        if v != 0 {
            raw[usize::from(ch) / 2] = g.symbol(v).to_string();
        } else if !marks.is_empty() && w >= 3 {
            if large {
                raw = marks_large(marks, n);
            } else {
                raw[0] = marks_compact(n, marks, room.saturating_sub(1).max(1));
            }
        } else {
            raw[usize::from(ch) / 2] = theme.empty_cell().to_string();
        }
        let lines: Vec<String> = raw
            .iter()
            .enumerate()
            .map(|(i, t)| match (&corner, i) {
                (Some((c, true)), 0) => format!("{c}{}", center(t, room)),
                (Some((c, false)), 0) => format!("{}{c}", center_right(t, room)),
                _ => center(t, w),
            })
            .collect();
        (lines, style)
    };
    let map = with_frame(g, |frame| {
        board::draw(buf, (area.x, area.y), frame, (cw, ch), theme, &look)
    });
    let (bw, bh) = with_frame(g, |frame| board::size(frame, cw, ch));
    if paused {
        let msg = " Paused: Space to go on ";
        let y = area.y + bh / 2;
        let x = area.x + bw.saturating_sub(msg.chars().count() as u16) / 2;
        ui::line(
            buf,
            Rect::new(x, y, area.right().saturating_sub(x), 1),
            msg,
            theme.accent(),
        );
    }
    let cell_text = if cursor_value != 0 {
        format!("{}: {}", g.name_of(cursor), g.symbol(cursor_value))
    } else {
        let m: Vec<String> = g
            .marks(cursor)
            .iter()
            .map(|d| g.symbol(d).to_string())
            .collect();
        format!(
            "{}: marks {}",
            g.name_of(cursor),
            if m.is_empty() {
                "-".into()
            } else {
                m.join(" ")
            }
        )
    };
    let title = if *g.rules() == Rules::Samurai {
        g.rules().name().to_string()
    } else {
        format!("{} {n}×{n}", g.rules().name())
    };
    let mut info = vec![
        Line::styled(title, theme.title()),
        Line::from(match (g.level(), g.score()) {
            (Some(l), Some(sc)) if g.is_solved() => format!("Level {l}, difficulty {sc}"),
            (Some(l), _) => format!("Level {l}"),
            _ => "Level: not rated".to_string(),
        }),
        Line::from(format!(
            "Time  {}{}",
            ui::clock(g.elapsed()),
            if paused { " (paused)" } else { "" }
        )),
        Line::styled(
            if g.pencil {
                "Mode  pencil marks"
            } else {
                "Mode  digits"
            },
            if g.pencil {
                theme.accent()
            } else {
                Style::new()
            },
        ),
        Line::from(cell_text),
        Line::from(format!("Empty {}", g.empty_cells())),
        Line::from(format!(
            "Hints {}  revealed {}",
            g.hints(),
            g.revealed().len()
        )),
        Line::from(format!("Clean {}", if g.auto_clean { "on" } else { "off" })),
    ];
    if let Some(best) = &s.best_time {
        info.push(Line::from(format!("Best  {best}")));
    }
    if g.is_solved() {
        info.push(Line::styled("Solved!", theme.good()));
    }
    // The panel: right of the board when there is room, else one line under it.
    // A blank line under the board when there is room for it.
    let mut text_top = area.y + bh + u16::from(area.height >= bh + 3);
    if panel_right {
        let panel = Rect::new(
            area.x + bw + 2,
            area.y,
            area.width - bw - 2,
            bh.min(area.height),
        );
        ui::paragraph(buf, panel, Text::from(info));
    } else if whole {
        let joined: Vec<String> = info
            .iter()
            .skip(1)
            .map(|l| {
                l.spans
                    .iter()
                    .map(|s| s.content.as_ref())
                    .collect::<String>()
            })
            .collect();
        let y = (area.y + bh).min(area.bottom().saturating_sub(1));
        ui::line(
            buf,
            Rect::new(area.x, y, area.width, 1),
            &joined.join(" · "),
            Style::new(),
        );
        text_top = y + 1;
    }
    // The message or hint, under the board (a terminal too small is said on the status
    // line).
    let message = s.message.clone();
    let text_top = text_top.min(area.bottom().saturating_sub(1));
    if let Some(m) = &message {
        let rect = Rect::new(area.x, text_top, area.width, area.bottom() - text_top);
        Clear.render(rect, buf);
        ui::paragraph(
            buf,
            rect,
            Text::from(Line::styled(m.text.clone(), m.style(theme))),
        );
    }
    map
}

/// `text` centred in `width` columns, the odd column on its left.
fn center_right(text: &str, width: usize) -> String {
    let len = text.chars().count();
    if len >= width {
        return text.chars().take(width).collect();
    }
    let right = (width - len) / 2;
    format!(
        "{}{}{}",
        " ".repeat(width - len - right),
        text,
        " ".repeat(right)
    )
}

/// A killer cage's sum as its first cell shows it: small raised digits (plain digits in
/// ASCII).
fn cage_sum(theme: Theme, sum: u16) -> String {
    let text = sum.to_string();
    if theme.ascii {
        return text;
    }
    text.chars()
        .map(|c| match c {
            '0' => '⁰',
            '1' => '¹',
            '2' => '²',
            '3' => '³',
            '4' => '⁴',
            '5' => '⁵',
            '6' => '⁶',
            '7' => '⁷',
            '8' => '⁸',
            _ => '⁹',
        })
        .collect()
}

/// The mark of a diagonal of Sudoku X in a cell's corner.
fn diagonal_mark(theme: Theme, d: char) -> char {
    match (theme.ascii, d) {
        (true, d) => d,
        (false, '\\') => '╲',
        (false, 'X') => '╳',
        (false, _) => '╱',
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_and_cells_measure_up() {
        assert_eq!(board_size(Shape::CLASSIC, 5, 1), (49, 13));
        assert_eq!(board_size(Shape::new(2, 3).unwrap(), 3, 1), (21, 10));
        assert_eq!(center("7", 5), "  7  ");
        assert_eq!(center("123456", 5), "12345");
        assert_eq!(
            marks_compact(9, Candidates::from_values([1, 2, 3, 4, 5]), 4),
            "123+"
        );
        assert_eq!(
            marks_large(Candidates::from_values([1, 5, 9]), 9),
            ["1    ", "  5  ", "    9"]
        );
    }
}
