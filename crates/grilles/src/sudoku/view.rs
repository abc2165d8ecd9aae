//! Drawing the sudoku screen: the board (compact, or large with pencil marks in place), the
//! side panel, the hint or message, the form and the key list.

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Text};
use sudoku_core::{Candidates, Cell, Shape};

use super::{BoardMap, Hint, SudokuGame, SudokuScreen};
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

/// The symbol of a digit (1–9, then letters).
pub fn symbol(d: u8) -> char {
    match d {
        0 => ' ',
        1..=9 => (b'0' + d) as char,
        _ => (b'A' + d - 10) as char,
    }
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

fn marks_compact(m: Candidates, width: usize) -> String {
    let s: String = m.iter().map(symbol).collect();
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
                        symbol(d)
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
    if s.show_help {
        ui::popup(buf, area, "Sudoku keys", Text::from(HELP.join("\n")), theme);
        return "any key: close".into();
    }
    "arrows 1-9 0 p:pencil a:auto h:hint c:check r:reveal u/y:undo/redo n:new ?".into()
}

const HELP: &[&str] = &[
    "Arrows or a click     move the cursor",
    "1-9                   write a digit (in pencil mode: toggle a pencil mark)",
    "0 . Backspace Del     clear the cell (its digit, else its pencil marks)",
    "p                     pencil mode on or off",
    "a                     pencil marks: every digit each empty cell can still take",
    "h                     hint: the next step from your position, and why;",
    "                      h again plays it",
    "c                     check: your wrong digits in red",
    "r                     reveal the cell under the cursor",
    "u / y (Ctrl-Z/Ctrl-Y) undo / redo",
    "n                     new puzzle: by level and size, or typed/pasted",
    "Esc                   back to the menu (the game is saved)",
];

fn draw_game(
    s: &SudokuScreen,
    g: &SudokuGame,
    buf: &mut Buffer,
    area: Rect,
    theme: Theme,
) -> BoardMap {
    let shape = g.shape();
    let n = shape.size();
    let large_h = board_size(shape, 7, 3).1;
    let large = area.height >= large_h + 3 && area.width >= board_size(shape, 7, 3).0 + 26;
    let (cw, ch) = if large { (7u16, 3u16) } else { (5u16, 1u16) };
    let clashes = g.clashes();
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
                house.extend(g.house_cells(k));
            }
        }
        Some(Hint::Mistakes(cells)) | Some(Hint::LostDigits(cells)) => {
            target.extend(cells.iter().copied())
        }
        _ => {}
    }
    let look = |cell: Cell| -> Look {
        let i = cell.index();
        let v = g.values[i];
        let mut style = if g.is_given(cell) {
            Style::new().add_modifier(Modifier::BOLD)
        } else if v != 0 {
            theme.entry()
        } else {
            Style::new()
        };
        if g.revealed.contains(&cell) {
            style = style.add_modifier(Modifier::UNDERLINED);
        }
        if clashes[i] {
            style = theme.error();
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
        if cell == g.cursor {
            style = theme.cursor();
        }
        let marks = g.marks(cell);
        let lines = if v != 0 {
            let mut l = vec![String::new(); usize::from(ch)];
            l[usize::from(ch) / 2] = symbol(v).to_string();
            l
        } else if !marks.is_empty() {
            if large {
                marks_large(marks, n)
            } else {
                vec![marks_compact(marks, usize::from(cw) - 1)]
            }
        } else {
            let mut dot = theme.empty_cell().to_string();
            if g.rules == super::Rules::X
                && let Some(d) = on_diagonal(shape, cell)
            {
                dot = d.to_string();
                style = style.add_modifier(Modifier::DIM);
            }
            let mut l = vec![String::new(); usize::from(ch)];
            l[usize::from(ch) / 2] = dot;
            l
        };
        (lines, style)
    };
    let (bw, bh) = board_size(shape, cw, ch);
    let map = draw_board(buf, area.x, area.y, shape, (cw, ch), theme, &look);
    // The panel: right of the board when there is room, else below it.
    let panel = if area.width >= bw + 24 {
        Rect::new(
            area.x + bw + 2,
            area.y,
            area.width - bw - 2,
            bh.min(area.height),
        )
    } else {
        Rect::new(area.x, area.y + bh, area.width, 0)
    };
    let cur = g.cursor;
    let cell_text = if g.value(cur) != 0 {
        format!("{}: {}", cur.display(shape), symbol(g.value(cur)))
    } else {
        let m: Vec<String> = g.marks(cur).iter().map(|d| symbol(d).to_string()).collect();
        format!(
            "{}: marks {}",
            cur.display(shape),
            if m.is_empty() {
                "-".into()
            } else {
                m.join(" ")
            }
        )
    };
    let mut info = vec![
        Line::styled(format!("{} {n}×{n}", g.rules.name()), theme.title()),
        Line::from(match (g.level, g.score) {
            (Some(l), Some(sc)) if g.is_solved() => format!("Level {l}, score {sc}"),
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
        Line::from(format!("Hints {}  revealed {}", g.hints, g.revealed.len())),
    ];
    if g.is_solved() {
        info.push(Line::styled("Solved!", theme.good()));
    } else if clashes.iter().any(|&c| c) {
        info.push(Line::styled(
            format!("{} clash", theme.warning()),
            theme.error(),
        ));
    }
    if panel.height > 0 {
        ui::paragraph(buf, panel, Text::from(info));
    }
    // The message or hint, under the board.
    let text_top = area.y + bh + 1;
    if text_top < area.bottom()
        && let Some(m) = &s.message
    {
        let rect = Rect::new(area.x, text_top, area.width, area.bottom() - text_top);
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
            marks_compact(Candidates::from_values([1, 2, 3, 4, 5]), 4),
            "123+"
        );
        assert_eq!(
            marks_large(Candidates::from_values([1, 5, 9]), 9),
            ["1    ", "  5  ", "    9"]
        );
        assert_eq!(symbol(10), 'A');
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
