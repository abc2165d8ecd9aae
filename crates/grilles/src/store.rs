//! Saved games: one JSON file per game in a folder.
//!
//! A saved game is outside data (anyone may write the file): it is read with a bounded read
//! (at most [`Store::MAX_FILE_LEN`] + 1 bytes), each game checks what it reads back, and
//! what the player is told about it goes through [`escape`].

use std::fmt::Display;
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::ui::{Message, escape};

/// Reads a saved game of type `T` from `reader` (the file at `path`, named in errors): at
/// most [`Store::MAX_FILE_LEN`] + 1 bytes are read, and a longer input is refused as too long
/// before it is parsed. This is how every game's screen reads its save; the games then check
/// what was read (`restore`).
///
/// # Errors
/// [`StoreError::Io`], [`StoreError::TooLong`], [`StoreError::Json`].
pub fn read_save<T: DeserializeOwned>(reader: impl Read, path: &Path) -> Result<T, StoreError> {
    let mut bytes = Vec::new();
    reader
        .take(Store::MAX_FILE_LEN + 1)
        .read_to_end(&mut bytes)
        .map_err(|source| StoreError::Io {
            path: path.to_path_buf(),
            source,
        })?;
    if bytes.len() as u64 > Store::MAX_FILE_LEN {
        return Err(StoreError::TooLong {
            path: path.to_path_buf(),
            max: Store::MAX_FILE_LEN,
        });
    }
    serde_json::from_slice(&bytes).map_err(|source| StoreError::Json {
        path: path.to_path_buf(),
        source,
    })
}

/// Why a game could not be saved or read back.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum StoreError {
    /// The file could not be read or written.
    #[error("{}: {source}", .path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The file is longer than [`Store::MAX_FILE_LEN`]: refused as soon as the byte past the
    /// limit is read, never held whole.
    #[error("{}: a saved game has at most {max} bytes; this one has more", .path.display())]
    TooLong {
        /// The file.
        path: PathBuf,
        /// The limit ([`Store::MAX_FILE_LEN`]).
        max: u64,
    },
    /// A file name that is not a plain name in the folder (a path separator, `..`).
    #[error("{name:?} is not a plain file name")]
    Name {
        /// The name (its first 40 characters).
        name: String,
    },
    /// The file is not a saved game of this kind.
    #[error("{}: not a saved game: {source}", .path.display())]
    Json {
        /// The file.
        path: PathBuf,
        /// Why.
        source: serde_json::Error,
    },
}

/// Puts `entry` in `list`, kept best first and at most `kept` long, before the first
/// entry it is `better` than: its rank (1 for the best), `None` when it does not make the
/// list. (Best scores and best times.)
pub fn rank<T>(
    list: &mut Vec<T>,
    entry: T,
    kept: usize,
    better: impl Fn(&T, &T) -> bool,
) -> Option<usize> {
    let at = list
        .iter()
        .position(|e| better(&entry, e))
        .unwrap_or(list.len());
    if at >= kept {
        return None;
    }
    list.insert(at, entry);
    list.truncate(kept);
    Some(at + 1)
}

/// What a game's save file holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SaveState {
    /// No file.
    None,
    /// A saved game that reads.
    Saved,
    /// A file that is not a saved game of its kind.
    Unreadable,
}

/// The folder of saved games (or none: nothing is saved).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Store {
    dir: Option<PathBuf>,
}

impl Store {
    /// The longest saved game read back, in bytes (64 MiB). The largest a game writes is a
    /// 25×25 sudoku with its whole undo history ([`MAX_UNDO`](crate::sudoku::MAX_UNDO)
    /// steps, about 38 MB pretty-printed); the other games write a few hundred KB at most.
    pub const MAX_FILE_LEN: u64 = 64 << 20;

    /// Saves in `dir` (created when first needed), or nowhere.
    pub fn new(dir: Option<PathBuf>) -> Store {
        Store { dir }
    }

    /// The default folder: `$GRILLES_HOME`, else `$XDG_DATA_HOME/grilles`, else
    /// `$HOME/.local/share/grilles` (`%APPDATA%\grilles` on Windows).
    pub fn default_dir() -> Option<PathBuf> {
        let var = |k: &str| {
            std::env::var_os(k)
                .filter(|v| !v.is_empty())
                .map(PathBuf::from)
        };
        if let Some(d) = var("GRILLES_HOME") {
            return Some(d);
        }
        if let Some(d) = var("XDG_DATA_HOME") {
            return Some(d.join("grilles"));
        }
        if let Some(d) = var("APPDATA") {
            return Some(d.join("grilles"));
        }
        var("HOME").map(|h| h.join(".local").join("share").join("grilles"))
    }

    /// The folder, if saving is on.
    pub fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    /// The path of file `name` in the folder.
    pub fn path(&self, name: &str) -> Option<PathBuf> {
        self.dir.as_ref().map(|d| d.join(name))
    }

    /// `name` if it is a plain file name (no separator, not `.` or `..`): a name built from
    /// outside data (a layout's source) never writes outside the folder.
    fn plain(name: &str) -> Result<&str, StoreError> {
        let mut parts = Path::new(name).components();
        match (parts.next(), parts.next()) {
            (Some(std::path::Component::Normal(n)), None) if n == name => Ok(name),
            _ => Err(StoreError::Name {
                name: name.chars().take(40).collect(),
            }),
        }
    }

    /// Writes `text` to file `name` (atomically: a temporary file renamed).
    ///
    /// # Errors
    /// [`StoreError::Io`], and [`StoreError::Name`] for a name that is not a plain file name.
    pub fn write(&self, name: &str, text: &str) -> Result<Option<PathBuf>, StoreError> {
        let Some(dir) = &self.dir else {
            return Ok(None);
        };
        let name = Store::plain(name)?;
        let io = |path: &Path| {
            let path = path.to_path_buf();
            move |source| StoreError::Io { path, source }
        };
        fs::create_dir_all(dir).map_err(io(dir))?;
        let path = dir.join(name);
        let tmp = dir.join(format!(".{name}.tmp"));
        fs::write(&tmp, text).map_err(io(&tmp))?;
        fs::rename(&tmp, &path).map_err(io(&path))?;
        Ok(Some(path))
    }

    /// Saves `value` as JSON in file `name`.
    ///
    /// # Errors
    /// [`StoreError`] if it cannot be written.
    pub fn save<T: Serialize>(&self, name: &str, value: &T) -> Result<Option<PathBuf>, StoreError> {
        let path = self.path(name).unwrap_or_else(|| PathBuf::from(name));
        let text = serde_json::to_string_pretty(value)
            .map_err(|source| StoreError::Json { path, source })?;
        self.write(name, &text)
    }

    /// Reads file `name` back, or `None` when there is none. At most
    /// [`MAX_FILE_LEN`](Store::MAX_FILE_LEN) + 1 bytes of it are read.
    ///
    /// # Errors
    /// [`StoreError`] if it exists but cannot be read, is too long or is not a `T`.
    pub fn load<T: DeserializeOwned>(&self, name: &str) -> Result<Option<T>, StoreError> {
        let Some(path) = self.path(name) else {
            return Ok(None);
        };
        let file = match fs::File::open(&path) {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(source) => return Err(StoreError::Io { path, source }),
        };
        read_save(file, &path).map(Some)
    }

    /// Whether file `name` holds a saved game of type `S` (read, not checked further).
    pub fn probe<S: DeserializeOwned>(&self, name: &str) -> SaveState {
        match self.load::<S>(name) {
            Ok(Some(_)) => SaveState::Saved,
            Ok(None) => SaveState::None,
            Err(_) => SaveState::Unreadable,
        }
    }

    /// Reads the saved game of file `name` back and lets `restore` check it: the game to go on
    /// with, if any, and what to tell the player (resumed, refused, or unreadable; the
    /// reasons quote the file, so they are escaped). A file that is not a saved game, or is
    /// refused, is kept under another name ([`Store::set_aside`]), so that the next save
    /// does not overwrite it.
    pub fn resume<S, G, E>(
        &self,
        name: &str,
        restore: impl FnOnce(S) -> Result<G, E>,
    ) -> (Option<G>, Option<Message>)
    where
        S: DeserializeOwned,
        E: Display,
    {
        let why = match self.load::<S>(name) {
            Ok(Some(save)) => match restore(save) {
                Ok(g) => return (Some(g), Some(Message::info("Saved game resumed."))),
                Err(e) => format!("it was refused: {}", escape(&e.to_string())),
            },
            Ok(None) => return (None, None),
            Err(e @ StoreError::TooLong { .. }) => escape(&e.to_string()).into_owned(),
            Err(StoreError::Json { source, .. }) => {
                format!("it is not a saved game ({})", escape(&source.to_string()))
            }
            Err(e) => return (None, Some(Message::error(escape(&e.to_string())))),
        };
        let kept = match self.set_aside(name) {
            Some(other) => format!(" It is kept as {other}."),
            None => String::new(),
        };
        (
            None,
            Some(Message::error(format!(
                "The saved game could not be resumed: {why}.{kept} Start a new one."
            ))),
        )
    }

    /// Renames file `name` to `NAME.unreadable` (replacing an older one), and says the new
    /// name; `None` when it cannot be renamed.
    pub fn set_aside(&self, name: &str) -> Option<String> {
        let from = self.path(name)?;
        let other = format!("{name}.unreadable");
        let to = self.path(&other)?;
        fs::rename(from, to).ok().map(|()| other)
    }

    /// Saves `value` in file `name` and says so, naming the game `what`: nothing to say when
    /// saving is off.
    pub fn save_and_tell<T: Serialize>(
        &self,
        name: &str,
        value: &T,
        what: &str,
    ) -> Option<Message> {
        match self.save(name, value) {
            Ok(Some(_)) => Some(Message::info(format!("{what} saved."))),
            Ok(None) => None,
            Err(e) => Some(Message::error(format!(
                "{what} not saved: {}",
                escape(&e.to_string())
            ))),
        }
    }

    /// Whether file `name` exists.
    pub fn exists(&self, name: &str) -> bool {
        self.path(name).is_some_and(|p| p.exists())
    }

    /// Removes file `name` (a finished game).
    pub fn remove(&self, name: &str) {
        if let Some(p) = self.path(name) {
            // Nothing to do when it is already gone.
            let _ = fs::remove_file(p);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn saves_read_back_and_bad_files_are_errors() {
        let dir = std::env::temp_dir().join(format!("grilles-store-{}", std::process::id()));
        let store = Store::new(Some(dir.clone()));
        assert_eq!(store.load::<Vec<u8>>("x.json").unwrap(), None);
        store.save("x.json", &vec![1u8, 2]).unwrap();
        assert!(store.exists("x.json"));
        assert_eq!(store.load::<Vec<u8>>("x.json").unwrap(), Some(vec![1, 2]));
        store.write("x.json", "not json").unwrap();
        let e = store.load::<Vec<u8>>("x.json").unwrap_err();
        assert!(e.to_string().contains("not a saved game"), "{e}");
        assert_eq!(store.probe::<Vec<u8>>("x.json"), SaveState::Unreadable);
        let (g, m) = store.resume("x.json", |v: Vec<u8>| Ok::<_, String>(v));
        assert!(g.is_none());
        assert!(m.unwrap().text.contains("kept as x.json.unreadable"));
        assert!(!store.exists("x.json") && store.exists("x.json.unreadable"));
        store.save("x.json", &vec![1u8, 2]).unwrap();
        assert_eq!(store.probe::<Vec<u8>>("x.json"), SaveState::Saved);
        store.remove("x.json");
        assert!(!store.exists("x.json"));
        for bad in ["../x.json", "a/x.json", "..", "/tmp/x.json", ""] {
            let e = store.write(bad, "1").unwrap_err();
            assert!(matches!(e, StoreError::Name { .. }), "{bad}: {e}");
        }
        assert_eq!(Store::new(None).save("x.json", &1).unwrap(), None);
        let _ = std::fs::remove_dir_all(dir);
    }

    /// A save over the limit (a sparse file: nothing is written to disk) is refused by its
    /// size, naming the file and the limit, after reading the limit and one byte.
    #[test]
    fn a_save_over_the_limit_is_refused_without_being_parsed() {
        let dir = std::env::temp_dir().join(format!("grilles-store-long-{}", std::process::id()));
        let store = Store::new(Some(dir.clone()));
        store.save("big.json", &vec![0u8; 3]).unwrap();
        let path = store.path("big.json").unwrap();
        let file = fs::OpenOptions::new().write(true).open(&path).unwrap();
        file.set_len(1500 << 20).unwrap();
        let e = store.load::<Vec<u8>>("big.json").unwrap_err();
        assert!(
            matches!(&e, StoreError::TooLong { max, .. } if *max == Store::MAX_FILE_LEN),
            "{e}"
        );
        let text = e.to_string();
        assert!(
            text.contains("big.json") && text.contains("67108864"),
            "{text}"
        );
        // At the limit exactly: read, then judged by its content.
        file.set_len(Store::MAX_FILE_LEN).unwrap();
        let e = store.load::<Vec<u8>>("big.json").unwrap_err();
        assert!(matches!(e, StoreError::Json { .. }), "{e}");
        let _ = fs::remove_dir_all(dir);
    }
}
