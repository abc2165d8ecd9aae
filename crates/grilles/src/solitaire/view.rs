//! Drawing the solitaire board from above: every tile four columns by two lines (two by two
//! when the terminal is narrow), its face, its layer, a mark when it is free; the cursor,
//! the selected tile and the hint in colour.

use mahjong_solitaire::{Board, Outcome};
use mahjong_tiles::Tile;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Text};

use super::SolitaireScreen;
use crate::theme::Theme;
use crate::ui;

/// The board seen from above: the topmost tile over each half cell.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TopView {
    /// Width, in half tiles.
    pub width: usize,
    /// Height, in half tiles.
    pub height: usize,
    /// The tile on top of each half cell, row by row.
    pub cells: Vec<Option<usize>>,
}

/// The board seen from above. (mahjong-solitaire draws the same view for its own pictures
/// but keeps it to itself, so a front end computes it again to know what a click hits.)
pub fn top_view(board: &Board) -> TopView {
    let layout = board.layout();
    let (w, h) = (usize::from(layout.width()), usize::from(layout.height()));
    let mut cells = vec![None; w * h];
    // Positions are sorted by layer, lowest first: a later one is on top.
    for (i, p) in layout.positions().iter().enumerate() {
        if !board.is_present(i) {
            continue;
        }
        for dy in 0..2 {
            for dx in 0..2 {
                let (x, y) = (usize::from(p.x) + dx, usize::from(p.y) + dy);
                if x < w && y < h {
                    cells[y * w + x] = Some(i);
                }
            }
        }
    }
    TopView {
        width: w,
        height: h,
        cells,
    }
}

/// Where the board was drawn, for clicks.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TileMap {
    /// The top-left corner.
    pub x: u16,
    /// The top-left corner.
    pub y: u16,
    /// Columns per half tile.
    pub cols: u16,
    /// The view drawn.
    pub view: TopView,
}

impl TileMap {
    /// The tile under a terminal position.
    pub fn hit(&self, x: u16, y: u16) -> Option<usize> {
        if x < self.x || y < self.y || self.cols == 0 {
            return None;
        }
        let hx = usize::from((x - self.x) / self.cols);
        let hy = usize::from(y - self.y);
        if hx >= self.view.width || hy >= self.view.height {
            return None;
        }
        self.view.cells[hy * self.view.width + hx]
    }
}

/// A tile's face in two columns: its glyph (padded: every tile glyph but the red dragon is
/// drawn one column wide), or its notation.
pub fn face(tile: Tile, theme: Theme) -> String {
    if theme.ascii {
        tile.to_string()
    } else {
        let g = tile.glyph();
        if g == '\u{1F004}' {
            g.to_string()
        } else {
            format!("{g} ")
        }
    }
}

/// Draws the screen; returns its help line.
pub fn render(s: &mut SolitaireScreen, frame: &mut Frame<'_>, area: Rect, theme: Theme) -> String {
    let buf = frame.buffer_mut();
    if let Some(g) = &s.game {
        let view = top_view(&g.board);
        let wide = (view.width as u16) * 2 <= area.width;
        let cols: u16 = if wide { 2 } else { 1 };
        let bw = view.width as u16 * cols;
        let x0 = area.x + area.width.saturating_sub(bw) / 2;
        let y0 = area.y;
        let board_h = (view.height as u16).min(area.height.saturating_sub(3));
        let selected = g.board.selected();
        let hint = s.hint.map(|m| m.indices());
        let positions = g.board.layout().positions();
        for hy in 0..usize::from(board_h) {
            for hx in 0..view.width {
                let Some(i) = view.cells[hy * view.width + hx] else {
                    continue;
                };
                let p = positions[i];
                let (dx, dy) = (hx - usize::from(p.x), hy - usize::from(p.y));
                let free = g.board.is_free(i);
                let mut style = if free {
                    Style::new().add_modifier(Modifier::BOLD)
                } else {
                    Style::new().add_modifier(Modifier::DIM)
                };
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
                let text: String = match (wide, dx, dy) {
                    (true, 0, 0) => face(tile, theme),
                    (true, 1, 0) => format!("{layer}{mark}"),
                    (true, 0, 1) => {
                        if theme.ascii {
                            "  ".into()
                        } else {
                            tile.to_string()
                        }
                    }
                    (true, _, _) => "  ".into(),
                    (false, 0, 0) => face(tile, theme),
                    (false, 1, 0) => continue,
                    (false, 0, 1) => layer.to_string(),
                    (false, _, _) => mark.to_string(),
                };
                let x = x0 + hx as u16 * cols;
                let y = y0 + hy as u16;
                if x < area.right() && y < area.bottom() {
                    buf.set_stringn(x, y, &text, usize::from(area.right() - x), style);
                }
            }
        }
        s.map = TileMap {
            x: x0,
            y: y0,
            cols,
            view: view.clone(),
        };
        let y = y0 + board_h + 1;
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
                format!("Winnable ({} pairs to go)", seq.len()),
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
        if let Some(m) = &s.message {
            lines.push(Line::styled(m.text.clone(), m.style(theme)));
        }
        if y < area.bottom() {
            ui::paragraph(
                buf,
                Rect::new(area.x, y, area.width, area.bottom() - y),
                Text::from(lines),
            );
        }
    }
    if let Some(form) = &s.form {
        ui::form(buf, area, form, theme);
        return form.help().into();
    }
    if s.show_help {
        ui::popup(
            buf,
            area,
            "Mahjong solitaire keys",
            Text::from(HELP.join("\n")),
            theme,
        );
        return "any key: close".into();
    }
    "arrows/Tab move  Space/click pick  h:hint  u:undo  s:shuffle  x:SVG  n:new  ?".into()
}

const HELP: &[&str] = &[
    "Arrows             move to the nearest tile that way",
    "Tab / Shift-Tab    next / previous free tile",
    "Space, Enter, click  pick a tile; a second matching free tile removes both",
    "h                  hint (h again removes the pair)",
    "u                  undo the last pair",
    "s                  shuffle the tiles left (always into a winnable board)",
    "x                  write an SVG picture of the position beside the saved games",
    "n                  new game: a built-in layout or a KMahjongg .layout file",
    "Esc                back to the menu (the game is saved)",
    "",
    "A tile is free (*) when nothing lies on it and its left or right side is clear.",
    "The digit beside a tile's face is its layer. Flowers pair with flowers, seasons",
    "with seasons.",
];
