//! An SVG picture of the layered board (see `to_svg`).

use core::fmt::Write as _;

use mahjong_tiles::Tile;

use crate::board::Board;

/// Options of [`to_svg`].
///
/// ```
/// use mahjong_solitaire::{Board, Layout};
/// use mahjong_solitaire::render::{SvgOptions, to_svg};
/// let layout: Layout = "0 0: 0 2\n".parse()?;
/// let board = Board::new(&layout, ["1m", "1m"].map(|t| t.parse().unwrap()).to_vec())?;
/// let plain = SvgOptions { highlight_free: false, ..SvgOptions::default() };
/// // Free tiles keep their class; only the outline tells them apart.
/// assert!(!to_svg(&board, &plain).contains("#e0a800"));
/// assert!(to_svg(&board, &SvgOptions::default()).contains("#e0a800"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SvgOptions {
    /// Width of a half tile, in pixels (a tile is twice as wide).
    pub half_width: u32,
    /// Height of a half tile, in pixels.
    pub half_height: u32,
    /// How far each layer is shifted up and left, in pixels.
    pub layer_shift: u32,
    /// Outline the free tiles.
    pub highlight_free: bool,
}

impl Default for SvgOptions {
    /// 22 × 28 pixel half tiles, 6 pixels per layer, free tiles outlined.
    fn default() -> SvgOptions {
        SvgOptions {
            half_width: 22,
            half_height: 28,
            layer_shift: 6,
            highlight_free: true,
        }
    }
}

fn colour(tile: Tile) -> &'static str {
    match tile.group_letter() {
        'm' => "#b3261e",
        'p' => "#1d4e89",
        's' => "#1b6e3a",
        'f' | 'y' => "#7a3e9d",
        _ => "#222222",
    }
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The SVG picture of `board`: a complete `<svg>` document.
///
/// Tiles are drawn from the table up, each layer shifted up and to the left so that the
/// stacks look raised, with a darker edge for the tile's thickness. Each face shows the
/// tile's Unicode glyph and its notation in the suit's colour (so that the picture reads
/// even without a font for the Mahjong Tiles block). Free tiles may be outlined.
///
/// ```
/// use mahjong_solitaire::{BuiltinLayout, random_deal};
/// use mahjong_solitaire::render::{SvgOptions, to_svg};
/// use rand::SeedableRng;
/// use rand_pcg::Pcg64Mcg;
///
/// let board = random_deal(&BuiltinLayout::Turtle.layout(), &mut Pcg64Mcg::seed_from_u64(1));
/// let svg = to_svg(&board, &SvgOptions::default());
/// assert!(svg.starts_with("<svg"));
/// assert_eq!(svg.matches("<g class=\"tile").count(), 144);
/// ```
pub fn to_svg(board: &Board, options: &SvgOptions) -> String {
    let layout = board.layout();
    let (hw, hh, shift) = (
        options.half_width.max(4),
        options.half_height.max(4),
        options.layer_shift,
    );
    let thick = (hw / 5).max(2);
    let margin = shift * u32::from(layout.depth()) + 8;
    let width = u32::from(layout.width()) * hw + 2 * margin + thick;
    let height = u32::from(layout.height()) * hh + 2 * margin + thick;
    let (tw, th) = (2 * hw - 2, 2 * hh - 2);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\">"
    );
    let _ = writeln!(
        out,
        "<title>{} ({} of {} tiles left)</title>",
        escape(if layout.name().is_empty() {
            "board"
        } else {
            layout.name()
        }),
        board.remaining(),
        board.layout().len()
    );
    let _ = writeln!(
        out,
        "<rect width=\"{width}\" height=\"{height}\" fill=\"#2f5d3a\"/>"
    );
    for (i, p) in layout.positions().iter().enumerate() {
        let Some(tile) = board.tile(i) else {
            continue;
        };
        let x = margin + u32::from(p.x) * hw - shift * u32::from(p.z) + 1;
        let y = margin + u32::from(p.y) * hh - shift * u32::from(p.z) + 1;
        let free = board.is_free(i);
        let (stroke, stroke_width) = if options.highlight_free && free {
            ("#e0a800", 3)
        } else {
            ("#6b5b3e", 1)
        };
        let _ = writeln!(
            out,
            "<g class=\"tile{}\" data-index=\"{i}\" data-layer=\"{}\">",
            if free { " free" } else { "" },
            p.z
        );
        let _ = writeln!(
            out,
            "<rect x=\"{}\" y=\"{}\" width=\"{tw}\" height=\"{th}\" rx=\"4\" fill=\"#b8a47a\" stroke=\"#6b5b3e\"/>",
            x + thick,
            y + thick
        );
        let _ = writeln!(
            out,
            "<rect x=\"{x}\" y=\"{y}\" width=\"{tw}\" height=\"{th}\" rx=\"4\" fill=\"#fbf6e6\" stroke=\"{stroke}\" stroke-width=\"{stroke_width}\"/>"
        );
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"middle\" fill=\"#222\">{}</text>",
            x + tw / 2,
            y + th * 7 / 10,
            th * 6 / 10,
            tile.glyph()
        );
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" font-size=\"{}\" font-family=\"sans-serif\" font-weight=\"bold\" fill=\"{}\">{tile}</text>",
            x + 3,
            y + th / 4 + 1,
            (th / 4).max(6),
            colour(tile)
        );
        out.push_str("</g>\n");
    }
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Layout;

    #[test]
    fn draws_present_tiles_bottom_up() {
        let layout: Layout = "0 0: 0-2\n1 0: 1\n0 5: 0\n".parse().unwrap();
        let tiles = ["1m", "2p", "3s", "1f"]
            .map(|s| s.parse::<Tile>().unwrap())
            .to_vec();
        let mut board = Board::unchecked(&layout, tiles);
        let svg = to_svg(&board, &SvgOptions::default());
        assert_eq!(svg.matches("<g class=\"tile").count(), 4);
        assert_eq!(svg.matches("<g class=\"tile free").count(), 2);
        // The upper tile comes last.
        let last = svg.rfind("<g class").unwrap();
        assert!(svg[last..].contains("data-layer=\"1\""));
        assert!(svg.contains(">1f</text>") && svg.contains("#7a3e9d"));
        // 3s and 1f do not match: nothing changes.
        assert!(board.play(crate::Move::new(3, 2)).is_err());
        let svg = to_svg(&board, &SvgOptions::default());
        assert!(svg.contains("<title>board (4 of 4 tiles left)</title>"));
    }
}
