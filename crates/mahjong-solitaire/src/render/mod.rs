//! Pictures of a board: text with Unicode tiles ([`to_text`]) and SVG ([`to_svg`]).
//!
//! Both show what a player sees from above: the top tile at every place, with its layer, and
//! (optionally) which tiles are free. A board's `Display` is its text picture with notation
//! faces.
//!
//! The module is a namespace of output formats: `render::to_text`, `render::to_svg` and
//! their options.

mod svg;
mod text;

pub use svg::{SvgOptions, to_svg};
pub use text::{TextOptions, TileFace, to_text};

use crate::board::Board;

/// The index of the topmost present tile covering each half cell, row by row
/// (`width × height` entries, `None` where the table shows).
pub(crate) fn top_view(board: &Board) -> (usize, usize, Vec<Option<usize>>) {
    let layout = board.layout();
    let (w, h) = (usize::from(layout.width()), usize::from(layout.height()));
    let mut top: Vec<Option<usize>> = vec![None; w * h];
    // Positions are sorted by layer: later ones are higher.
    for (i, p) in layout.positions().iter().enumerate() {
        if !board.is_present(i) {
            continue;
        }
        for dy in 0..2 {
            for dx in 0..2 {
                top[(usize::from(p.y) + dy) * w + usize::from(p.x) + dx] = Some(i);
            }
        }
    }
    (w, h, top)
}
