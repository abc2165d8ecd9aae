//! Drawing the sudoku screen: the board (compact, or large with pencil marks in place), the
//! side panel, the hint or message, the form and the key list.

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Text};
use sudoku_core::{Candidates, Cell, Shape};

use ratatui::widgets::{Clear, Widget};

use super::{BoardMap, Command, Hint, Rules, SudokuGame, SudokuScreen, symbols_text};
use crate::theme::Theme;
use crate::ui;

/// What one cell shows: its lines of text and its style.
pub type Look = (Vec<String>, Style);

/// The width and height a board takes with cells of `cw` × `ch`.
pub fn board_size(shape: Shape, cw: u16, ch: u16) -> (u16, u16) {
    let n = shape.size() as u16;
    let bc = shape.box_cols() as u16;
    let br = shape.box_rows() as u16;
    (n * cw + n / bc + 1, n * ch + n / br + 1)
}

/// Draws a board at (`x`, `y`) with the cells' looks, and says where each cell went.
pub fn draw_board(
    buf: &mut Buffer,
    x: u16,
    y: u16,
    shape: Shape,
    (cw, ch): (u16, u16),
    theme: Theme,
    look: &dyn Fn(Cell) -> Look,
) -> BoardMap {
    let n = shape.size();
    let (bc, br) = (shape.box_cols(), shape.box_rows());
    let (w, h) = board_size(shape, cw, ch);
    let area = buf.area;
    let mut cols = Vec::with_capacity(n);
    let mut vlines = Vec::new();
    let mut cx = x;
    for c in 0..n {
        if c % bc == 0 {
            vlines.push(cx);
            cx += 1;
        }
        cols.push(cx);
        cx += cw;
    }
    vlines.push(cx);
    let mut rows = Vec::with_capacity(n);
    let mut hlines = Vec::new();
    let mut cy = y;
    for r in 0..n {
        if r % br == 0 {
            hlines.push(cy);
            cy += 1;
        }
        rows.push(cy);
        cy += ch;
    }
    hlines.push(cy);
    let put = |buf: &mut Buffer, px: u16, py: u16, s: &str, style: Style| {
        if px < area.right() && py < area.bottom() {
            buf.set_stringn(px, py, s, usize::from(area.right() - px), style);
        }
    };
    let line_style = Style::new();
    let place = |i: usize, n: usize| -> u8 {
        if i == 0 {
            0
        } else if i + 1 == n {
            2
        } else {
            1
        }
    };
    for (ri, &hy) in hlines.iter().enumerate() {
        for px in x..x + w {
            let s = match vlines.iter().position(|&v| v == px) {
                Some(ci) => theme.joint(place(ri, hlines.len()), place(ci, vlines.len())),
                None => theme.hline(),
            };
            put(buf, px, hy, s, line_style);
        }
    }
    for py in y..y + h {
        if hlines.contains(&py) {
            continue;
        }
        for &vx in &vlines {
            put(buf, vx, py, theme.vline(), line_style);
        }
    }
    for (r, &row_y) in rows.iter().enumerate() {
        for (c, &col_x) in cols.iter().enumerate() {
            let cell = shape.cell(r, c);
            let (lines, style) = look(cell);
            for dy in 0..ch {
                let text = lines.get(usize::from(dy)).map_or("", String::as_str);
                let padded = center(text, usize::from(cw));
                put(buf, col_x, row_y + dy, &padded, style);
            }
        }
    }
    BoardMap {
        cols,
        rows,
        cell_width: cw,
        cell_height: ch,
    }
}

/// `text` centred in `width` columns (cut when longer).
pub fn center(text: &str, width: usize) -> String {
    let len = text.chars().count();
    if len >= width {
        return text.chars().take(width).collect();
    }
    let left = (width - len) / 2;
    format!(
        "{}{}{}",
        " ".repeat(left),
        text,
        " ".repeat(width - len - left)
    )
}

fn marks_compact(n: usize, m: Candidates, width: usize) -> String {
    let s: String = m.iter().map(|d| super::symbol(n, d)).collect();
    if s.chars().count() <= width {
        s
    } else {
        let mut t: String = s.chars().take(width - 1).collect();
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

fn on_diagonal(shape: Shape, cell: Cell) -> Option<char> {
    let (r, c, n) = (shape.row_of(cell), shape.col_of(cell), shape.size());
    if r == c {
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
        return if s.is_generating() {
            "Generating…  Esc abandon".to_string()
        } else {
            form.help().to_string()
        };
    }
    let size = s.game.as_ref().map_or(9, SudokuGame::size);
    if s.show_help {
        let help = help_lines(size).join("\n");
        ui::popup(buf, area, "Sudoku keys", Text::from(help), theme);
        return "any key: close".into();
    }
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
/// clash with them).
pub fn help_lines(size: usize) -> Vec<String> {
    let k = |c: Command| c.key(size);
    let row = |key: String, what: &str| format!("{key:<22}{what}");
    let mut lines = vec![
        row("Arrows or a click".into(), "move the cursor"),
        row(
            symbols_text(size),
            "write a symbol (in pencil mode: toggle a pencil mark)",
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
            "clear the cell (its digit, else its pencil marks)",
        ),
        row(k(Command::Pencil), "pencil mode on or off"),
        row(
            k(Command::Auto),
            "pencil marks: every digit each empty cell can still take",
        ),
        row(
            k(Command::Hint),
            "hint: the next step from your position, and why;",
        ),
        row(String::new(), "the same key again plays it"),
        row(k(Command::Check), "check: your wrong digits in red"),
        row(k(Command::Reveal), "reveal the cell under the cursor"),
        row(
            format!(
                "{} / {} (Ctrl-Z/Ctrl-Y)",
                k(Command::Undo),
                k(Command::Redo)
            ),
            "undo / redo",
        ),
        row(
            k(Command::New),
            "new puzzle: by size, rules and level, or typed/pasted",
        ),
        row("Esc".into(), "back to the menu (the game is saved)"),
    ]);
    lines
}

/// The cell sizes tried, largest first: (width, height, pencil marks in place).
fn cell_sizes(n: usize) -> &'static [(u16, u16)] {
    if n <= 9 {
        &[(7, 3), (5, 1), (3, 1)]
    } else {
        &[(5, 1), (3, 1), (2, 1)]
    }
}

/// The width of the side panel.
const PANEL: u16 = 24;

/// The cell size for a board in `area` and whether the panel goes to its right: the largest
/// that leaves room for the panel and two lines of text, else the largest that fits, else
/// the smallest.
fn fit(shape: Shape, area: Rect) -> ((u16, u16), bool, bool) {
    let sizes = cell_sizes(shape.size());
    let fits = |&(cw, ch): &(u16, u16), panel: u16| {
        let (w, h) = board_size(shape, cw, ch);
        w + panel <= area.width && h + 2 <= area.height
    };
    if let Some(&c) = sizes.iter().find(|c| fits(c, PANEL + 2)) {
        return (c, true, true);
    }
    if let Some(&c) = sizes.iter().find(|c| fits(c, 0)) {
        return (c, false, true);
    }
    (sizes[sizes.len() - 1], false, false)
}

/// The smallest terminal a board of `shape` is drawn whole in.
pub fn smallest_terminal(shape: Shape) -> (u16, u16) {
    let &(cw, ch) = cell_sizes(shape.size()).last().unwrap_or(&(2, 1));
    let (w, h) = board_size(shape, cw, ch);
    (w, h + 2 + 3)
}

fn draw_game(
    s: &SudokuScreen,
    g: &SudokuGame,
    buf: &mut Buffer,
    area: Rect,
    theme: Theme,
) -> BoardMap {
    let shape = g.shape();
    let n = shape.size();
    let geometry = g.geometry();
    let ((cw, ch), panel_right, whole) = fit(shape, area);
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
        Some(Hint::Mistakes(cells)) | Some(Hint::LostDigits(cells)) => {
            target.extend(cells.iter().copied())
        }
        _ => {}
    }
    // The cursor's row, column and box, and the cells holding its digit.
    let cursor = g.cursor();
    let cursor_value = g.value(cursor);
    let mut near = Vec::new();
    for h in [
        geometry.row_of(cursor),
        geometry.column_of(cursor),
        geometry.box_of(cursor),
    ]
    .into_iter()
    .flatten()
    {
        near.extend_from_slice(geometry.house(h));
    }
    let look = |cell: Cell| -> Look {
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
        let marks = g.marks(cell);
        let diagonal = if g.rules() == Rules::X {
            on_diagonal(shape, cell)
        } else {
            None
        };
        let mut lines = if v != 0 {
            let mut l = vec![String::new(); usize::from(ch)];
            l[usize::from(ch) / 2] = g.symbol(v).to_string();
            l
        } else if !marks.is_empty() && cw >= 3 {
            if large {
                marks_large(marks, n)
            } else {
                vec![marks_compact(n, marks, usize::from(cw) - 1)]
            }
        } else {
            let mut l = vec![String::new(); usize::from(ch)];
            l[usize::from(ch) / 2] = theme.empty_cell().to_string();
            l
        };
        // The diagonals of Sudoku X: a mark in the corner of every cell on them.
        if let Some(d) = diagonal
            && cw >= 3
        {
            let w = usize::from(cw);
            let top = &mut lines[0];
            let mut chars: Vec<char> = center(top, w).chars().collect();
            let at = if d == '\\' { 0 } else { w - 1 };
            if chars[at] == ' ' {
                chars[at] = d;
            }
            *top = chars.into_iter().collect();
        }
        (lines, style)
    };
    let (bw, bh) = board_size(shape, cw, ch);
    let map = draw_board(buf, area.x, area.y, shape, (cw, ch), theme, &look);
    let cell_text = if cursor_value != 0 {
        format!("{}: {}", cursor.display(shape), g.symbol(cursor_value))
    } else {
        let m: Vec<String> = g
            .marks(cursor)
            .iter()
            .map(|d| g.symbol(d).to_string())
            .collect();
        format!(
            "{}: marks {}",
            cursor.display(shape),
            if m.is_empty() {
                "-".into()
            } else {
                m.join(" ")
            }
        )
    };
    let mut info = vec![
        Line::styled(format!("{} {n}×{n}", g.rules().name()), theme.title()),
        Line::from(match (g.level(), g.score()) {
            (Some(l), Some(sc)) if g.is_solved() => format!("Level {l}, difficulty {sc}"),
            (Some(l), _) => format!("Level {l}"),
            _ => "Level: not rated".to_string(),
        }),
        Line::from(format!("Time  {}", ui::clock(g.elapsed()))),
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
    ];
    if g.is_solved() {
        info.push(Line::styled("Solved!", theme.good()));
    }
    // The panel: right of the board when there is room, else one line under it.
    let mut text_top = area.y + bh + 1;
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
    // The message or hint, under the board; a terminal too small says so.
    let message = if whole {
        s.message.clone()
    } else {
        let (w, h) = smallest_terminal(shape);
        Some(crate::ui::Message::error(format!(
            "The terminal is too small for this {n}×{n} grid: it needs {w}×{h}."
        )))
    };
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

    #[test]
    fn a_click_finds_its_cell() {
        let mut buf = Buffer::empty(Rect::new(0, 0, 60, 20));
        let map = draw_board(
            &mut buf,
            2,
            1,
            Shape::CLASSIC,
            (5, 1),
            Theme::default(),
            &|_| (vec!["x".into()], Style::new()),
        );
        assert_eq!(map.hit(map.cols[3], map.rows[7]), Some((7, 3)));
        assert_eq!(map.hit(0, 0), None);
        assert_eq!(buf[(2, 1)].symbol(), "┌");
    }
}
