//! Drawing a grid of cells: any frame of rows and columns with holes (a Samurai's), lines
//! where boxes, regions, cages or grids meet, each cell's text and style, and where each
//! cell went (for clicks).
//!
//! A line sits between two columns (or rows) of the frame when the [`Frame`] says so; along
//! it each piece is solid where two boxes or regions (or a cell and a hole) meet, dotted
//! where two killer cages meet inside a box, blank inside one cage or region.

use ratatui::buffer::Buffer;
use ratatui::style::Style;
use sudoku_core::Cell;

use crate::theme::Theme;

/// What one cell shows: its lines of text and its style.
pub type Look = (Vec<String>, Style);

/// A piece of line between two frame positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edge {
    /// No line.
    None,
    /// A dotted line (two cages meet).
    Dotted,
    /// A solid line (two boxes, regions or grids meet).
    Solid,
}

/// The edges of a board whose lines all run between boxes: solid wherever a cell is.
pub fn solid(a: Option<Cell>, b: Option<Cell>) -> Edge {
    if a.is_none() && b.is_none() {
        Edge::None
    } else {
        Edge::Solid
    }
}

/// The frame a board is drawn in.
pub struct Frame<'a> {
    /// Rows of the frame.
    pub rows: usize,
    /// Columns of the frame.
    pub cols: usize,
    /// The cell at a row and column (`None`: a hole).
    pub cell_at: &'a dyn Fn(usize, usize) -> Option<Cell>,
    /// Whether a line runs before column `c` (`0..=cols`).
    pub vline: &'a dyn Fn(usize) -> bool,
    /// Whether a line runs before row `r` (`0..=rows`).
    pub hline: &'a dyn Fn(usize) -> bool,
    /// The piece of line between two positions, each a cell or a hole.
    pub edge: &'a dyn Fn(Option<Cell>, Option<Cell>) -> Edge,
}

impl std::fmt::Debug for Frame<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Frame({}×{})", self.rows, self.cols)
    }
}

/// Where a board was drawn, for clicks.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BoardMap {
    /// The left column of each frame column.
    pub cols: Vec<u16>,
    /// The top row of each frame row.
    pub rows: Vec<u16>,
    /// A cell's width.
    pub cell_width: u16,
    /// A cell's height.
    pub cell_height: u16,
}

impl BoardMap {
    /// The (row, column) of the frame under a terminal position.
    pub fn hit(&self, x: u16, y: u16) -> Option<(usize, usize)> {
        let col = self
            .cols
            .iter()
            .position(|&c| x >= c && x < c + self.cell_width)?;
        let row = self
            .rows
            .iter()
            .position(|&r| y >= r && y < r + self.cell_height)?;
        Some((row, col))
    }
}

/// The width and height a board of `frame` takes with cells of `cw` × `ch`.
pub fn size(frame: &Frame<'_>, cw: u16, ch: u16) -> (u16, u16) {
    let v = (0..=frame.cols).filter(|&c| (frame.vline)(c)).count() as u16;
    let h = (0..=frame.rows).filter(|&r| (frame.hline)(r)).count() as u16;
    (frame.cols as u16 * cw + v, frame.rows as u16 * ch + h)
}

/// The character where lines meet, from which of its four arms are solid or dotted.
fn joint(theme: Theme, arms: [Edge; 4]) -> &'static str {
    let [up, down, left, right] = arms.map(|e| e == Edge::Solid);
    let solid = up || down || left || right;
    if !solid {
        return if arms.contains(&Edge::Dotted) {
            if theme.ascii { "." } else { "·" }
        } else {
            " "
        };
    }
    if theme.ascii {
        return match (up || down, left || right) {
            (true, true) => "+",
            (true, false) => "|",
            _ => "-",
        };
    }
    match (up, down, left, right) {
        (true, true, true, true) => "┼",
        (true, true, false, true) => "├",
        (true, true, true, false) => "┤",
        (false, true, true, true) => "┬",
        (true, false, true, true) => "┴",
        (false, true, false, true) => "┌",
        (false, true, true, false) => "┐",
        (true, false, false, true) => "└",
        (true, false, true, false) => "┘",
        (true, true, false, false) | (true, false, false, false) | (false, true, false, false) => {
            "│"
        }
        _ => "─",
    }
}

fn vertical(theme: Theme, e: Edge) -> &'static str {
    match e {
        Edge::Solid => theme.vline(),
        Edge::Dotted => {
            if theme.ascii {
                ":"
            } else {
                "┆"
            }
        }
        Edge::None => " ",
    }
}

fn horizontal(theme: Theme, e: Edge) -> &'static str {
    match e {
        Edge::Solid => theme.hline(),
        Edge::Dotted => {
            if theme.ascii {
                "."
            } else {
                "┄"
            }
        }
        Edge::None => " ",
    }
}

/// Where `count` columns (or rows) of `size` go from `start`, with a line before those
/// `line` says: each one's first position, and each line's (`None`: no line there).
fn place(
    start: u16,
    count: usize,
    size: u16,
    line: &dyn Fn(usize) -> bool,
) -> (Vec<u16>, Vec<Option<u16>>) {
    let mut firsts = Vec::with_capacity(count);
    let mut lines = Vec::with_capacity(count + 1);
    let mut at = start;
    for i in 0..=count {
        if line(i) {
            lines.push(Some(at));
            at += 1;
        } else {
            lines.push(None);
        }
        if i < count {
            firsts.push(at);
            at += size;
        }
    }
    (firsts, lines)
}

/// Draws a board at (`x`, `y`) with the cells' looks, and says where each frame position
/// went.
pub fn draw(
    buf: &mut Buffer,
    (x, y): (u16, u16),
    frame: &Frame<'_>,
    (cw, ch): (u16, u16),
    theme: Theme,
    look: &dyn Fn(Cell) -> Look,
) -> BoardMap {
    let area = buf.area;
    let put = |buf: &mut Buffer, px: u16, py: u16, s: &str, style: Style| {
        if px < area.right() && py < area.bottom() && px >= area.x && py >= area.y {
            buf.set_stringn(px, py, s, usize::from(area.right() - px), style);
        }
    };
    // Where each column and line goes.
    let (cols, vx) = place(x, frame.cols, cw, frame.vline);
    let (rows, hy) = place(y, frame.rows, ch, frame.hline);
    let at = |r: isize, c: isize| -> Option<Cell> {
        if r < 0 || c < 0 || r as usize >= frame.rows || c as usize >= frame.cols {
            None
        } else {
            (frame.cell_at)(r as usize, c as usize)
        }
    };
    // The edge between two horizontally (or vertically) adjacent positions.
    let across = |r: isize, c: isize| (frame.edge)(at(r, c - 1), at(r, c));
    let down = |r: isize, c: isize| (frame.edge)(at(r - 1, c), at(r, c));
    let line_style = Style::new();
    // Vertical pieces.
    for (c, vx) in vx.iter().enumerate() {
        let Some(vx) = *vx else { continue };
        for (r, &ry) in rows.iter().enumerate() {
            let e = across(r as isize, c as isize);
            for dy in 0..ch {
                put(buf, vx, ry + dy, vertical(theme, e), line_style);
            }
        }
    }
    // Horizontal pieces and joints.
    for (r, hy) in hy.iter().enumerate() {
        let Some(hy) = *hy else { continue };
        for (c, &colx) in cols.iter().enumerate() {
            let e = down(r as isize, c as isize);
            put(
                buf,
                colx,
                hy,
                &horizontal(theme, e).repeat(usize::from(cw)),
                line_style,
            );
        }
        for (c, vx) in vx.iter().enumerate() {
            let Some(vx) = *vx else { continue };
            let (ri, ci) = (r as isize, c as isize);
            let arms = [
                across(ri - 1, ci),
                across(ri, ci),
                down(ri, ci - 1),
                down(ri, ci),
            ];
            put(buf, vx, hy, joint(theme, arms), line_style);
        }
    }
    // The cells.
    for (r, &row_y) in rows.iter().enumerate() {
        for (c, &col_x) in cols.iter().enumerate() {
            let Some(cell) = (frame.cell_at)(r, c) else {
                continue;
            };
            let (lines, style) = look(cell);
            for dy in 0..ch {
                let text = lines.get(usize::from(dy)).map_or("", String::as_str);
                put(
                    buf,
                    col_x,
                    row_y + dy,
                    &center(text, usize::from(cw)),
                    style,
                );
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

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::layout::Rect;
    use sudoku_core::Shape;

    #[test]
    fn joints_follow_the_lines() {
        let t = Theme::default();
        let s = Edge::Solid;
        let n = Edge::None;
        assert_eq!(joint(t, [n, s, n, s]), "┌");
        assert_eq!(joint(t, [s, s, s, s]), "┼");
        assert_eq!(joint(t, [n, n, n, n]), " ");
        assert_eq!(joint(t, [Edge::Dotted, n, n, n]), "·");
    }

    #[test]
    fn a_click_finds_its_cell() {
        let shape = Shape::CLASSIC;
        let mut buf = Buffer::empty(Rect::new(0, 0, 60, 20));
        let cell_at = |r: usize, c: usize| Some(shape.cell(r, c));
        let every3 = |i: usize| i.is_multiple_of(3);
        let frame = Frame {
            rows: 9,
            cols: 9,
            cell_at: &cell_at,
            vline: &every3,
            hline: &every3,
            edge: &solid,
        };
        assert_eq!(size(&frame, 5, 1), (49, 13));
        let map = draw(&mut buf, (2, 1), &frame, (5, 1), Theme::default(), &|_| {
            (vec!["x".into()], Style::new())
        });
        assert_eq!(map.hit(map.cols[3], map.rows[7]), Some((7, 3)));
        assert_eq!(map.hit(0, 0), None);
        assert_eq!(buf[(2, 1)].symbol(), "┌");
        assert_eq!(buf[(2 + 6, 1)].symbol(), "─");
        assert_eq!(buf[(2 + 16, 1)].symbol(), "┬");
    }
}
