//! Saved games: one JSON file per game in a folder.

use std::fmt::Display;
use std::fs;
use std::path::{Path, PathBuf};

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::ui::Message;

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

    /// Writes `text` to file `name` (atomically: a temporary file renamed).
    ///
    /// # Errors
    /// [`StoreError::Io`].
    pub fn write(&self, name: &str, text: &str) -> Result<Option<PathBuf>, StoreError> {
        let Some(dir) = &self.dir else {
            return Ok(None);
        };
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

    /// Reads file `name` back, or `None` when there is none.
    ///
    /// # Errors
    /// [`StoreError`] if it exists but cannot be read or is not a `T`.
    pub fn load<T: DeserializeOwned>(&self, name: &str) -> Result<Option<T>, StoreError> {
        let Some(path) = self.path(name) else {
            return Ok(None);
        };
        let text = match fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(source) => return Err(StoreError::Io { path, source }),
        };
        serde_json::from_str(&text)
            .map(Some)
            .map_err(|source| StoreError::Json { path, source })
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
    /// with, if any, and what to tell the player (resumed, refused, or unreadable). A file
    /// that is not a saved game, or is refused, is kept under another name
    /// ([`Store::set_aside`]), so that the next save does not overwrite it.
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
                Err(e) => format!("it was refused: {e}"),
            },
            Ok(None) => return (None, None),
            Err(StoreError::Json { source, .. }) => format!("it is not a saved game ({source})"),
            Err(e) => return (None, Some(Message::error(e.to_string()))),
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
            Err(e) => Some(Message::error(format!("{what} not saved: {e}"))),
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
        assert_eq!(Store::new(None).save("x.json", &1).unwrap(), None);
        let _ = std::fs::remove_dir_all(dir);
    }
}
