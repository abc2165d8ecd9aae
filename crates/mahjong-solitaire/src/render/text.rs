//! A text picture of the board, for terminals and logs (see `to_text`).

use core::fmt;

use crate::board::Board;

use super::top_view;

/// How [`to_text`] writes a tile's face.
///
/// ```
/// use mahjong_solitaire::{Board, Layout};
/// use mahjong_solitaire::render::{TextOptions, TileFace, to_text};
/// let layout: Layout = "0 0: 0\n0 4: 0\n".parse()?;
/// let board = Board::new(&layout, ["1m", "1m"].map(|t| t.parse().unwrap()).to_vec())?;
/// let glyphs = to_text(&board, &TextOptions::default());
/// assert!(glyphs.starts_with("\u{1F007} 1*"));
/// let notation = to_text(&board, &TextOptions { face: TileFace::Notation, ..TextOptions::default() });
/// assert!(notation.starts_with("1m1*"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum TileFace {
    /// The Unicode glyph (`🀇`), padded to two columns.
    #[default]
    Glyph,
    /// The notation (`1m`), always two characters.
    Notation,
}

/// Options of [`to_text`].
///
/// ```
/// use mahjong_solitaire::{Board, Layout};
/// use mahjong_solitaire::render::{TextOptions, TileFace, to_text};
/// let layout: Layout = "0 0: 0\n0 4: 0\n".parse()?;
/// let board = Board::new(&layout, ["1m", "1m"].map(|t| t.parse().unwrap()).to_vec())?;
/// let bare = TextOptions { face: TileFace::Notation, mark_free: false };
/// assert_eq!(to_text(&board, &bare), "1m1 \n    \n    \n    \n1m1 \n    \n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TextOptions {
    /// Glyphs or notation.
    pub face: TileFace,
    /// Mark free tiles with `*`.
    pub mark_free: bool,
}

impl Default for TextOptions {
    /// Glyphs, free tiles marked.
    fn default() -> TextOptions {
        TextOptions {
            face: TileFace::Glyph,
            mark_free: true,
        }
    }
}

/// The text picture of `board`, for terminals and logs: one line per half-tile row, each
/// ending with `\n`.
///
/// Every tile is four characters wide and two lines high (a half tile is two characters by
/// one line), seen from above: where tiles overlap, the higher one shows. The top-left half
/// of a visible tile shows its face (notation such as `5m`, or its Unicode glyph), the
/// top-right half its layer (`1` on the table) followed by `*` when the tile is free, the
/// lower half is blank. Where no tile is left, the table shows as blanks.
///
/// ```
/// use mahjong_solitaire::{Board, Layout};
/// use mahjong_solitaire::render::{TextOptions, TileFace, to_text};
/// use mahjong_tiles::Tile;
///
/// let layout: Layout = "0 0: 0-4\n1 0: 1\n".parse()?;
/// let tiles = ["1m", "2m", "2m", "1m"].map(|s| s.parse::<Tile>().unwrap()).to_vec();
/// let board = Board::new(&layout, tiles)?;
/// let text = to_text(&board, &TextOptions { face: TileFace::Notation, ..TextOptions::default() });
/// // The 1m on top hides the first 2m's face; that 2m's layer digit shows.
/// assert_eq!(text, "1m1m2*1 2m1*\n            \n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn to_text(board: &Board, options: &TextOptions) -> String {
    let (w, h, top) = top_view(board);
    let positions = board.layout().positions();
    let mut out = String::new();
    for y in 0..h {
        for x in 0..w {
            let Some(i) = top[y * w + x] else {
                out.push_str("  ");
                continue;
            };
            let p = positions[i];
            let (dx, dy) = (x - usize::from(p.x), y - usize::from(p.y));
            match (dx, dy) {
                (0, 0) => {
                    let tile = board.tile(i).unwrap_or(mahjong_tiles::Tile::EAST);
                    match options.face {
                        TileFace::Notation => out.push_str(&tile.to_string()),
                        TileFace::Glyph => {
                            let g = tile.glyph();
                            out.push(g);
                            // U+1F004 (red dragon) is the one tile glyph drawn double width.
                            if g != '\u{1F004}' {
                                out.push(' ');
                            }
                        }
                    }
                }
                (1, 0) => {
                    let layer = usize::from(p.z) + 1;
                    let digit = char::from_digit((layer % 36) as u32, 36).unwrap_or('?');
                    out.push(digit);
                    out.push(if options.mark_free && board.is_free(i) {
                        '*'
                    } else {
                        ' '
                    });
                }
                _ => out.push_str("  "),
            }
        }
        out.push('\n');
    }
    out
}

/// Displays the board as [`to_text`] with notation faces (always aligned), a title line with
/// the layout name and the number of tiles left.
///
/// ```
/// use mahjong_solitaire::{Board, Layout};
///
/// let layout: Layout = "name: Pair\n0 0: 0 2\n".parse()?;
/// let board = Board::new(&layout, ["1m", "1m"].map(|t| t.parse().unwrap()).to_vec())?;
/// assert_eq!(board.to_string(), "Pair — 2 of 2 tiles left\n1m1*1m1*\n        \n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} — {} of {} tiles left",
            if self.layout().name().is_empty() {
                "board"
            } else {
                self.layout().name()
            },
            self.remaining(),
            self.layout().len()
        )?;
        f.write_str(&to_text(
            self,
            &TextOptions {
                face: TileFace::Notation,
                mark_free: true,
            },
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Layout;
    use mahjong_tiles::Tile;

    #[test]
    fn top_tiles_show_and_removed_tiles_vanish() {
        // Four tiles in a square, a fifth on top of their middle, a sixth apart.
        let layout: Layout = "0 0: 0-2\n0 2: 0-2\n1 1: 1\n0 5: 0\n".parse().unwrap();
        let t = |s: &str| s.parse::<Tile>().unwrap();
        let tiles = ["1m", "2m", "3m", "4m", "5z", "7z"].map(t).to_vec();
        let mut board = Board::unchecked(&layout, tiles);
        let opts = TextOptions {
            face: TileFace::Notation,
            mark_free: true,
        };
        let expected = [
            "1m1 2m1 ", // the top tile hides the inner quarters of the square
            "  7z2*  ", "3m    1 ", // 4m's face and 3m's layer are under 7z
            "        ", "        ", "5z1*    ", "        ",
        ];
        assert_eq!(to_text(&board, &opts), expected.join("\n") + "\n");
        board.play(crate::Move::new(4, 5)).unwrap_err();
        let glyphs = to_text(&board, &TextOptions::default());
        assert!(
            glyphs.starts_with("\u{1F007} 1 \u{1F008} 1 \n  \u{1F004}2*  \n"),
            "{glyphs}"
        );
    }
}
