//! Drawing the solitaire board from above, as large as the terminal allows: every half tile
//! one to six columns by one or two lines, each character cell showing the one tile on top
//! there; a tile's face, layer and free mark (`*`) written inside its own visible cells, its
//! notation under them when there is room; odd layers underlined; the cursor, the selected
//! tile and the hint in colour.

use mahjong_solitaire::{Board, Outcome};
use mahjong_tiles::Tile;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Text};
use ratatui::widgets::{Clear, Widget};

use super::{SolitaireScreen, TopView, top_view};
use crate::theme::Theme;
use crate::ui;

/// How many terminal columns and rows each half tile takes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Scale {
    /// Columns per half tile.
    pub cols: u16,
    /// Rows per half tile.
    pub rows: u16,
}

/// The scales tried, largest first.
const SCALES: [(u16, u16); 10] = [
    (6, 2),
    (5, 2),
    (4, 2),
    (3, 2),
    (4, 1),
    (3, 1),
    (2, 2),
    (2, 1),
    (1, 2),
    (1, 1),
];

/// Rows under the board: the counts, the solver's verdict, the message.
pub const TEXT_ROWS: u16 = 3;

/// The largest scale at which a view of `width` × `height` half tiles fits in `area` with
/// the text under it (the smallest when none does).
pub fn scale_for(width: usize, height: usize, area: Rect) -> Scale {
    let (w, h) = (width as u16, height as u16);
    let fits = |&(c, r): &(u16, u16)| {
        w.saturating_mul(c) <= area.width && h.saturating_mul(r) + TEXT_ROWS <= area.height
    };
    let (cols, rows) = SCALES
        .iter()
        .copied()
        .find(fits)
        .unwrap_or(SCALES[SCALES.len() - 1]);
    Scale { cols, rows }
}

/// The smallest terminal a board is drawn whole in (one column and one row a half tile,
/// the text under it, the title and help lines).
pub fn smallest_terminal(board: &Board) -> (u16, u16) {
    let layout = board.layout();
    (layout.width().max(40), layout.height() + TEXT_ROWS + 3)
}

/// Where the board was drawn, for clicks, and which tile each character cell shows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TileMap {
    /// The top-left corner.
    pub x: u16,
    /// The top-left corner.
    pub y: u16,
    /// Columns per half tile.
    pub cols: u16,
    /// Rows per half tile.
    pub rows: u16,
    /// The view drawn.
    pub view: TopView,
}

impl TileMap {
    /// The tile under a terminal position.
    pub fn hit(&self, x: u16, y: u16) -> Option<usize> {
        if x < self.x || y < self.y || self.cols == 0 || self.rows == 0 {
            return None;
        }
        let hx = usize::from((x - self.x) / self.cols);
        let hy = usize::from((y - self.y) / self.rows);
        if hx >= self.view.width || hy >= self.view.height {
            return None;
        }
        self.view.cells[hy * self.view.width + hx]
    }

    /// The board's width and height in terminal cells.
    pub fn size(&self) -> (u16, u16) {
        (
            self.view.width as u16 * self.cols,
            self.view.height as u16 * self.rows,
        )
    }
}

/// The columns a character takes in a terminal (as ratatui measures it): 2 for the red
/// dragon 🀄, 1 for the other tile glyphs.
pub fn columns(c: char) -> usize {
    unicode_width::UnicodeWidthChar::width(c).unwrap_or(1)
}

/// A tile's face in two columns: its glyph (padded when it takes one column), or its
/// notation.
pub fn face(tile: Tile, theme: Theme) -> String {
    if theme.ascii {
        tile.to_string()
    } else {
        let g = tile.glyph();
        if columns(g) >= 2 {
            g.to_string()
        } else {
            format!("{g} ")
        }
    }
}

/// The runs of a tile's character cells on each row: (row, first column, length), in
/// reading order.
fn runs(owner: &[Option<usize>], width: usize, tile: usize) -> Vec<(usize, usize, usize)> {
    let mut out = Vec::new();
    for (y, row) in owner.chunks(width).enumerate() {
        let mut x = 0;
        while x < width {
            if row[x] == Some(tile) {
                let start = x;
                while x < width && row[x] == Some(tile) {
                    x += 1;
                }
                out.push((y, start, x - start));
            } else {
                x += 1;
            }
        }
    }
    out
}

/// The labels of a tile placed inside its own visible cells: the longest of `lines[0]`'s
/// forms that fits on the first row with room, then the next lines on the rows below.
fn place_labels(
    runs: &[(usize, usize, usize)],
    first: &[String],
    more: &[String],
) -> Vec<(usize, usize, String)> {
    let width = |s: &str| s.chars().map(columns).sum::<usize>();
    let mut out = Vec::new();
    let mut row = None;
    'forms: for form in first {
        for &(y, x, len) in runs {
            if width(form) <= len {
                out.push((y, x, form.clone()));
                row = Some(y);
                break 'forms;
            }
        }
    }
    let Some(mut last) = row else {
        return out;
    };
    // A face placed without its layer: the layer goes on a row below, before the rest.
    let mut more = more.to_vec();
    if let Some(layer) = first.get(1)
        && out
            .first()
            .is_some_and(|(_, _, t)| !t.starts_with(layer.as_str()))
        && let Some(tail) = layer.get(first[2].len()..)
    {
        more.insert(0, format!("{tail}{}", &first[0][layer.len()..]));
    }
    for line in &more {
        if let Some(&(y, x, _)) = runs
            .iter()
            .find(|&&(y, _, len)| y > last && width(line) <= len)
        {
            out.push((y, x, line.clone()));
            last = y;
        }
    }
    out
}

/// Draws the screen; returns its help line.
pub fn render(s: &mut SolitaireScreen, frame: &mut Frame<'_>, area: Rect, theme: Theme) -> String {
    let buf = frame.buffer_mut();
    if let Some(g) = &s.game {
        let view = top_view(&g.board);
        let scale = scale_for(view.width, view.height, area);
        let (cols, rows) = (usize::from(scale.cols), usize::from(scale.rows));
        let (bw, bh) = (view.width * cols, view.height * rows);
        let x0 = area.x + area.width.saturating_sub(bw as u16) / 2;
        let y0 = area.y;
        let fits = bw as u16 <= area.width && bh as u16 + TEXT_ROWS <= area.height;
        // The tile each character cell shows.
        let owner: Vec<Option<usize>> = (0..bh)
            .flat_map(|cy| (0..bw).map(move |cx| (cy, cx)))
            .map(|(cy, cx)| view.cells[(cy / rows) * view.width + cx / cols])
            .collect();
        let selected = g.board.selected();
        let hint = s.hint.map(|m| m.indices());
        let positions = g.board.layout().positions();
        let mut put = |cx: usize, cy: usize, text: &str, style: Style| {
            let (x, y) = (x0 + cx as u16, y0 + cy as u16);
            if x < area.right() && y < area.bottom() {
                buf.set_stringn(x, y, text, usize::from(area.right() - x), style);
            }
        };
        let mut shown: Vec<usize> = view.cells.iter().flatten().copied().collect();
        shown.sort_unstable();
        shown.dedup();
        for i in shown {
            let p = positions[i];
            let free = g.board.is_free(i);
            let mut style = if free {
                Style::new().add_modifier(Modifier::BOLD)
            } else {
                Style::new().add_modifier(Modifier::DIM)
            };
            if p.z % 2 == 1 {
                style = style.add_modifier(Modifier::UNDERLINED);
            }
            if hint.is_some_and(|h| h.contains(&i)) {
                style = theme.hint();
            }
            if selected == Some(i) {
                style = theme.selected();
            }
            if g.cursor == i {
                style = theme.cursor();
            }
            let tile = g.board.tile(i).unwrap_or(Tile::EAST);
            let layer = char::from_digit(u32::from(p.z + 1) % 36, 36).unwrap_or('?');
            let mark = if free { '*' } else { ' ' };
            let f = face(tile, theme);
            let first = [
                format!("{f}{layer}{mark}"),
                format!("{f}{layer}"),
                f.clone(),
                layer.to_string(),
            ];
            let more: Vec<String> = if theme.ascii {
                Vec::new()
            } else {
                vec![tile.to_string()]
            };
            let r = runs(&owner, bw, i);
            for &(y, x, len) in &r {
                put(x, y, &" ".repeat(len), style);
            }
            for (y, x, text) in place_labels(&r, &first, &more) {
                put(x, y, &text, style);
            }
        }
        s.map = TileMap {
            x: x0,
            y: y0,
            cols: scale.cols,
            rows: scale.rows,
            view: view.clone(),
        };
        let y = (y0 + bh as u16).min(area.bottom().saturating_sub(TEXT_ROWS));
        let moves = g.board.legal_moves().len();
        let stats = format!(
            "Tiles {}  pairs free {}  score {}  time {}  hints {}  shuffles {}",
            g.board.remaining(),
            moves,
            g.score(),
            ui::clock(g.elapsed()),
            g.hints,
            g.shuffles
        );
        let (verdict, vstyle) = match s.current_analysis() {
            _ if g.board.is_cleared() => ("Board cleared!".to_string(), theme.good()),
            Some(Ok(Outcome::Winnable(seq))) => (
                match seq.len() {
                    1 => "Winnable: one pair to go".to_string(),
                    n => format!("Winnable: {n} pairs to go"),
                },
                Style::new(),
            ),
            Some(Ok(Outcome::Unwinnable)) => (
                format!(
                    "{} This position can no longer be won: undo (u) or shuffle (s).",
                    theme.warning()
                ),
                theme.error(),
            ),
            Some(Err(_)) => (
                "The solver could not tell within its budget.".into(),
                theme.dim(),
            ),
            None => ("Checking whether it can still be won…".into(), theme.dim()),
        };
        let mut lines = vec![Line::from(stats), Line::styled(verdict, vstyle)];
        if !fits {
            let (w, h) = (view.width as u16, view.height as u16 + TEXT_ROWS + 3);
            lines.push(Line::styled(
                format!("The terminal is too small for this layout: it needs {w}×{h}."),
                theme.error(),
            ));
        } else if let Some(m) = &s.message {
            lines.push(Line::styled(m.text.clone(), m.style(theme)));
        }
        if y < area.bottom() {
            let rect = Rect::new(area.x, y, area.width, area.bottom() - y);
            Clear.render(rect, buf);
            ui::paragraph(buf, rect, Text::from(lines));
        }
    }
    if let Some(form) = &s.form {
        // The chooser at the top, the picture of the layout chosen under it.
        let h = ui::form_height(form).min(area.height);
        ui::form(buf, Rect::new(area.x, area.y, area.width, h), form, theme);
        let top = area.y + h;
        if top < area.bottom() {
            let rect = Rect::new(area.x, top, area.width, area.bottom() - top);
            Clear.render(rect, buf);
            let mut lines: Vec<Line<'_>> = s
                .preview
                .about
                .iter()
                .map(|l| Line::styled(format!("  {l}"), theme.dim()))
                .collect();
            let width = s
                .preview
                .picture
                .iter()
                .map(|l| l.chars().count())
                .max()
                .unwrap_or(0);
            let pad = usize::from(area.width).saturating_sub(width) / 2;
            lines.extend(
                s.preview
                    .picture
                    .iter()
                    .map(|l| Line::from(format!("{}{l}", " ".repeat(pad)))),
            );
            ui::paragraph(buf, rect, Text::from(lines));
        }
    }
    let help = s.help();
    s.overlay.render(buf, area, theme, help)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_largest_scale_that_fits_is_taken() {
        assert_eq!(
            scale_for(40, 18, Rect::new(0, 1, 160, 45)),
            Scale { cols: 4, rows: 2 }
        );
        assert_eq!(
            scale_for(30, 16, Rect::new(0, 1, 80, 21)),
            Scale { cols: 2, rows: 1 }
        );
    }
}
