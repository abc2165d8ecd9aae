//! Layouts and deals: the built-in layouts, KMahjongg `.layout` files found in the usual
//! folders (or typed in), a small picture of a layout for the chooser, and a new deal by
//! game number.

use std::path::{Path, PathBuf};

use mahjong_solitaire::{BuiltinLayout, Layout, ReversePlacement, random_deal};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

use super::game::{DEALER_BUDGET, DealKind, SolitaireGame};

/// The most layout files the chooser lists.
pub const MAX_FILES: usize = 200;

/// The largest game number (game numbers are 1 to this).
pub const MAX_NUMBER: u64 = 999_999;

/// A layout or a deal that cannot be had.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum NewGameError {
    /// "Another file" chosen, and no path typed.
    #[error("type the path of a KMahjongg .layout file")]
    NoPath,
    /// The file cannot be opened.
    #[error("{path}: {source}")]
    Read {
        /// The path.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// The file is not a layout: too long (more than
    /// [`Layout::MAX_FILE_LEN`] bytes, refused after reading that many and one), not UTF-8,
    /// or neither a KMahjongg file nor one in mahjong-solitaire's text format.
    #[error("{path}: {source}")]
    Layout {
        /// The path.
        path: String,
        /// Why.
        source: mahjong_solitaire::ReadLayoutError,
    },
    /// The game number typed is not one.
    #[error("a game number is a whole number from 1 to {MAX_NUMBER}, not {0:?}")]
    Number(String),
    /// No winnable deal came within the dealer's budget.
    #[error("no winnable deal on this layout: {0}")]
    Deal(#[from] mahjong_solitaire::DealError),
}

/// A layout the chooser offers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LayoutChoice {
    /// One of mahjong-solitaire's.
    Builtin(BuiltinLayout),
    /// A file found in one of the layout folders.
    File(PathBuf),
    /// A file whose path is typed.
    Other,
}

impl LayoutChoice {
    /// Its name in the chooser.
    pub fn label(&self) -> String {
        match self {
            LayoutChoice::Builtin(b) => b.layout().name().to_string(),
            LayoutChoice::File(p) => stem(p),
            LayoutChoice::Other => "another file…".into(),
        }
    }
}

fn stem(p: &Path) -> String {
    p.file_stem().map_or_else(
        || p.display().to_string(),
        |s| s.to_string_lossy().into_owned(),
    )
}

/// The folders searched for KMahjongg layouts: `layouts` in the saves' folder, then
/// `kmahjongg/layouts` and `kmahjongglib/layouts` in `$XDG_DATA_HOME` and each folder of
/// `$XDG_DATA_DIRS` (by default `/usr/local/share` and `/usr/share`).
pub fn layout_dirs(save_dir: Option<&Path>) -> Vec<PathBuf> {
    let mut roots: Vec<PathBuf> = Vec::new();
    if let Some(d) = std::env::var_os("XDG_DATA_HOME").filter(|v| !v.is_empty()) {
        roots.push(PathBuf::from(d));
    } else if let Some(h) = std::env::var_os("HOME").filter(|v| !v.is_empty()) {
        roots.push(PathBuf::from(h).join(".local").join("share"));
    }
    let dirs = std::env::var_os("XDG_DATA_DIRS")
        .filter(|v| !v.is_empty())
        .unwrap_or_else(|| "/usr/local/share:/usr/share".into());
    roots.extend(std::env::split_paths(&dirs));
    let mut out: Vec<PathBuf> = save_dir.map(|d| d.join("layouts")).into_iter().collect();
    for r in roots {
        out.push(r.join("kmahjongg").join("layouts"));
        out.push(r.join("kmahjongglib").join("layouts"));
    }
    out
}

/// The layouts to choose from: the built-in ones, the `.layout` files of `dirs` (by name,
/// at most [`MAX_FILES`], a name found twice listed once), and another file.
pub fn choices(dirs: &[PathBuf]) -> Vec<LayoutChoice> {
    let mut out: Vec<LayoutChoice> = BuiltinLayout::ALL
        .into_iter()
        .map(LayoutChoice::Builtin)
        .collect();
    let mut files: Vec<PathBuf> = Vec::new();
    for d in dirs {
        let Ok(entries) = std::fs::read_dir(d) else {
            continue;
        };
        let mut here: Vec<PathBuf> = entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "layout") && p.is_file())
            .collect();
        here.sort();
        for p in here {
            if files.len() < MAX_FILES && !files.iter().any(|f| stem(f) == stem(&p)) {
                files.push(p);
            }
        }
    }
    files.sort_by_key(|p| stem(p).to_lowercase());
    out.extend(files.into_iter().map(LayoutChoice::File));
    out.push(LayoutChoice::Other);
    out
}

/// Reads a layout: a built-in one, or a KMahjongg file (`.layout`) or one in
/// mahjong-solitaire's own text format (at most [`Layout::MAX_KMAHJONGG_TEXT_LEN`] bytes).
///
/// # Errors
/// [`NewGameError`]: no path, or a file that cannot be read as a layout.
pub fn load(choice: &LayoutChoice, typed: &str) -> Result<(Layout, String), NewGameError> {
    let path = match choice {
        LayoutChoice::Builtin(b) => return Ok((b.layout(), b.to_string())),
        LayoutChoice::File(p) => p.display().to_string(),
        LayoutChoice::Other if typed.is_empty() => return Err(NewGameError::NoPath),
        LayoutChoice::Other => typed.to_string(),
    };
    load_file(&path)
}

/// Reads a layout file with [`Layout::read`] (at most [`Layout::MAX_FILE_LEN`] + 1 bytes
/// of it, so a huge file is refused at once).
///
/// # Errors
/// As [`load`].
pub fn load_file(path: &str) -> Result<(Layout, String), NewGameError> {
    let file = std::fs::File::open(path).map_err(|source| NewGameError::Read {
        path: path.to_string(),
        source,
    })?;
    read(file, path)
}

/// Reads the text of a layout file named `path`: KMahjongg's format, or
/// mahjong-solitaire's own.
///
/// # Errors
/// [`NewGameError::Layout`], naming the file.
pub fn parse(text: &str, path: &str) -> Result<(Layout, String), NewGameError> {
    read(text.as_bytes(), path)
}

/// A layout read from `reader` with [`Layout::read`], named after the file `path`
/// ([escaped](crate::ui::escape): a file name is outside text).
fn read(reader: impl std::io::Read, path: &str) -> Result<(Layout, String), NewGameError> {
    let layout = Layout::read(reader).map_err(|source| NewGameError::Layout {
        path: crate::ui::escape(path).into_owned(),
        source,
    })?;
    let name = crate::ui::escape(&stem(Path::new(path))).into_owned();
    Ok((layout.with_name(name.clone()), name))
}

/// Reads a typed game number (blank: none).
///
/// # Errors
/// [`NewGameError::Number`] for anything but a number of 1 to [`MAX_NUMBER`].
pub fn read_number(text: &str) -> Result<Option<u64>, NewGameError> {
    let t = text.trim().trim_start_matches('#');
    if t.is_empty() {
        return Ok(None);
    }
    match t.parse::<u64>() {
        Ok(n) if (1..=MAX_NUMBER).contains(&n) => Ok(Some(n)),
        _ => Err(NewGameError::Number(text.chars().take(20).collect())),
    }
}

/// A new game number drawn from a seed.
pub fn number_from(seed: u64) -> u64 {
    seed % MAX_NUMBER + 1
}

/// Deals game `number` on `layout`: the same number, layout and kind of deal always give
/// the same deal.
///
/// # Errors
/// When no winnable deal could be made on the layout.
pub fn deal(
    layout: &Layout,
    source: String,
    kind: DealKind,
    number: u64,
) -> Result<SolitaireGame, NewGameError> {
    let mut rng = Pcg64Mcg::seed_from_u64(number);
    let board = match kind {
        DealKind::Winnable => {
            ReversePlacement::new()
                .budget(DEALER_BUDGET)
                .deal(layout, &mut rng)?
                .board
        }
        DealKind::Random => random_deal(layout, &mut rng),
    };
    let mut g = SolitaireGame::new(board, source, number);
    g.deal = kind;
    Ok(g)
}

/// A small picture of a layout: one character a tile's width and height, the number of
/// tiles stacked there (the highest layer over that spot), blank where there is none.
pub fn preview(layout: &Layout) -> Vec<String> {
    let (w, h) = (usize::from(layout.width()), usize::from(layout.height()));
    let (cw, ch) = (w.div_ceil(2), h.div_ceil(2));
    let mut height = vec![0u8; cw * ch];
    for p in layout.positions() {
        for dy in 0..2 {
            for dx in 0..2 {
                let (x, y) = ((usize::from(p.x) + dx) / 2, (usize::from(p.y) + dy) / 2);
                if x < cw && y < ch {
                    let v = &mut height[y * cw + x];
                    *v = (*v).max(p.z + 1);
                }
            }
        }
    }
    height
        .chunks(cw)
        .map(|row| {
            row.iter()
                .map(|&z| match z {
                    0 => ' ',
                    z => char::from_digit(u32::from(z.min(35)), 36).unwrap_or('+'),
                })
                .collect::<String>()
                .trim_end()
                .to_string()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_previews_and_choices() {
        assert_eq!(read_number(" #42 ").unwrap(), Some(42));
        assert_eq!(read_number("").unwrap(), None);
        assert!(read_number("0").is_err() && read_number("x").is_err());
        assert!((1..=MAX_NUMBER).contains(&number_from(u64::MAX)));
        let turtle = preview(&BuiltinLayout::Turtle.layout());
        assert!(turtle.iter().any(|l| l.contains('5')), "{turtle:?}");
        assert!(turtle.len() <= 9);
        let c = choices(&[]);
        assert_eq!(c.len(), BuiltinLayout::ALL.len() + 1);
        assert_eq!(c.last(), Some(&LayoutChoice::Other));
    }
}
