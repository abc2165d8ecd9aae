//! The games the server holds: each in a [`Slot`] of its own (its own lock, so that many
//! games are played at once without sharing anything), saved in the folder of saved games
//! as the terminal games are, listed in an index, and read back when asked for again.

use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant, SystemTime};

use serde::{Deserialize, Serialize};

use super::error::ApiError;
use super::play::{Kind, Play, Shared};
use crate::store::Store;

/// The most games held in memory: past it, the game used longest ago is saved and let go
/// (it comes back from its file when asked for).
pub const MAX_OPEN: usize = 256;

/// The most games listed in the index of saved games (the oldest are forgotten first).
pub const MAX_LISTED: usize = 500;

const INDEX_FILE: &str = "web-games.json";

/// One game held by the server.
#[derive(Debug)]
pub struct Slot {
    /// Its identifier (12 hexadecimal digits).
    pub id: String,
    /// Which game.
    pub kind: Kind,
    game: Mutex<Box<dyn Play>>,
    saving: Mutex<()>,
    dirty: AtomicBool,
    used_ms: AtomicU64,
}

impl Slot {
    /// Runs `f` on the game, alone.
    ///
    /// # Errors
    /// [`ApiError::Internal`] when an earlier call broke off inside the game.
    pub fn with<R>(&self, f: impl FnOnce(&mut dyn Play) -> R) -> Result<R, ApiError> {
        let mut guard: MutexGuard<'_, Box<dyn Play>> = self.game.lock().map_err(|_| {
            ApiError::Internal("this game stopped after an internal error: start another".into())
        })?;
        Ok(f(guard.as_mut()))
    }

    /// Notes that the game changed (it is saved soon).
    pub fn touch_changed(&self) {
        self.dirty.store(true, Ordering::Relaxed);
    }
}

/// A game in the list of games.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Listed {
    /// Its identifier.
    pub id: String,
    /// Which game.
    pub kind: Kind,
    /// Its title.
    pub title: String,
    /// When it was last saved (seconds since 1970).
    pub updated: u64,
    /// Whether it is over.
    pub finished: bool,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
struct Index {
    games: BTreeMap<String, Listed>,
}

/// Every game of the server, and what they share.
#[derive(Debug)]
pub struct Registry {
    open: Mutex<HashMap<String, Arc<Slot>>>,
    index: Mutex<Index>,
    /// What the games share.
    pub shared: Shared,
    seed: u64,
    draws: AtomicU64,
    epoch: Instant,
}

/// Whether `id` has the form of a game's identifier (so that it can name a file).
pub fn is_id(id: &str) -> bool {
    id.len() == 12
        && id
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

fn unix_now() -> u64 {
    SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

fn file_name(kind: Kind, id: &str) -> String {
    format!("web-{}-{id}.json", kind.key())
}

impl Registry {
    /// A registry saving in `store`, drawing its seeds from `seed`.
    pub fn new(store: Store, seed: u64) -> Registry {
        let index = read_capped::<Index>(&store, INDEX_FILE).unwrap_or_default();
        Registry {
            open: Mutex::new(HashMap::new()),
            index: Mutex::new(index),
            shared: Shared::new(store),
            seed,
            draws: AtomicU64::new(0),
            epoch: Instant::now(),
        }
    }

    /// The time since the server started.
    pub fn now(&self) -> Duration {
        self.epoch.elapsed()
    }

    /// A fresh seed for a new game.
    pub fn next_seed(&self) -> u64 {
        let n = self.draws.fetch_add(1, Ordering::Relaxed) + 1;
        crate::mix(self.seed, &[n])
    }

    fn open_map(&self) -> MutexGuard<'_, HashMap<String, Arc<Slot>>> {
        self.open.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn index(&self) -> MutexGuard<'_, Index> {
        self.index.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn new_id(&self) -> String {
        loop {
            let n = self.draws.fetch_add(1, Ordering::Relaxed) + 1;
            let id = format!("{:012x}", crate::mix(self.seed ^ 0x1d, &[n]) >> 16);
            if !self.open_map().contains_key(&id) && !self.index().games.contains_key(&id) {
                return id;
            }
        }
    }

    /// Holds a new game; returns its slot.
    pub fn insert(&self, game: Box<dyn Play>) -> Arc<Slot> {
        let id = self.new_id();
        let slot = Arc::new(Slot {
            id: id.clone(),
            kind: game.kind(),
            game: Mutex::new(game),
            saving: Mutex::new(()),
            dirty: AtomicBool::new(true),
            used_ms: AtomicU64::new(self.now().as_millis() as u64),
        });
        let evicted = {
            let mut open = self.open_map();
            open.insert(id, Arc::clone(&slot));
            if open.len() > MAX_OPEN {
                let oldest = open
                    .values()
                    .filter(|s| s.id != slot.id)
                    .min_by_key(|s| s.used_ms.load(Ordering::Relaxed))
                    .map(|s| s.id.clone());
                oldest.and_then(|o| open.remove(&o))
            } else {
                None
            }
        };
        if let Some(old) = evicted {
            // Saving is off: the game is dropped, as a closed terminal game without a save.
            let _ = self.save(&old);
        }
        slot
    }

    /// The game `id`: held, or read back from its file.
    ///
    /// # Errors
    /// [`ApiError::NotFound`] when there is no such game, [`ApiError::Internal`] when its
    /// file cannot be read back.
    pub fn get(&self, id: &str) -> Result<Arc<Slot>, ApiError> {
        if !is_id(id) {
            return Err(ApiError::NotFound("no game of that name".into()));
        }
        let held = self.open_map().get(id).cloned();
        if let Some(slot) = held {
            slot.used_ms
                .store(self.now().as_millis() as u64, Ordering::Relaxed);
            return Ok(slot);
        }
        let kind = self
            .index()
            .games
            .get(id)
            .map(|l| l.kind)
            .ok_or_else(|| ApiError::NotFound("no game of that name: it was closed".into()))?;
        let value: serde_json::Value = read_capped(&self.shared.store, &file_name(kind, id))
            .ok_or_else(|| ApiError::NotFound("this game's saved file is gone".into()))?;
        let game = super::restore(kind, value)?;
        let slot = Arc::new(Slot {
            id: id.to_string(),
            kind,
            game: Mutex::new(game),
            saving: Mutex::new(()),
            dirty: AtomicBool::new(false),
            used_ms: AtomicU64::new(self.now().as_millis() as u64),
        });
        // Two requests may read the same file at once: the first one held wins.
        let mut open = self.open_map();
        Ok(Arc::clone(
            open.entry(id.to_string()).or_insert_with(|| slot),
        ))
    }

    /// Saves one game and its line in the index (nothing when saving is off).
    ///
    /// # Errors
    /// [`ApiError::Internal`] when the file cannot be written.
    pub fn save(&self, slot: &Slot) -> Result<(), ApiError> {
        let _one_at_a_time = slot.saving.lock().unwrap_or_else(|p| p.into_inner());
        slot.dirty.store(false, Ordering::Relaxed);
        let (value, title, finished) = slot.with(|g| (g.save(), g.title(), g.is_finished()))?;
        let listed = Listed {
            id: slot.id.clone(),
            kind: slot.kind,
            title,
            updated: unix_now(),
            finished,
        };
        {
            let mut index = self.index();
            index.games.insert(slot.id.clone(), listed);
            while index.games.len() > MAX_LISTED {
                let oldest = index
                    .games
                    .values()
                    .min_by_key(|l| l.updated)
                    .map(|l| (l.id.clone(), l.kind));
                let Some((id, kind)) = oldest else { break };
                index.games.remove(&id);
                self.shared.store.remove(&file_name(kind, &id));
            }
        }
        if self.shared.store.dir().is_none() {
            return Ok(());
        }
        let text = serde_json::to_string(&value?)
            .map_err(|e| ApiError::Internal(format!("the game cannot be saved: {e}")))?;
        self.shared
            .store
            .write(&file_name(slot.kind, &slot.id), &text)
            .map_err(|e| ApiError::Internal(format!("the game cannot be saved: {e}")))?;
        self.write_index()
    }

    fn write_index(&self) -> Result<(), ApiError> {
        let index = self.index();
        let text = serde_json::to_string(&*index)
            .map_err(|e| ApiError::Internal(format!("the list of games cannot be saved: {e}")))?;
        self.shared
            .store
            .write(INDEX_FILE, &text)
            .map(|_| ())
            .map_err(|e| ApiError::Internal(format!("the list of games cannot be saved: {e}")))
    }

    /// Saves every game changed since it was last saved; returns how many.
    pub fn flush(&self) -> usize {
        let dirty: Vec<Arc<Slot>> = self
            .open_map()
            .values()
            .filter(|s| s.dirty.load(Ordering::Relaxed))
            .cloned()
            .collect();
        let mut saved = 0;
        for slot in dirty {
            if self.save(&slot).is_ok() {
                saved += 1;
            }
        }
        saved
    }

    /// Closes game `id`: it is let go and its file removed.
    ///
    /// # Errors
    /// [`ApiError::NotFound`] when there is no such game.
    pub fn close(&self, id: &str) -> Result<(), ApiError> {
        if !is_id(id) {
            return Err(ApiError::NotFound("no game of that name".into()));
        }
        let held = self.open_map().remove(id);
        let listed = self.index().games.remove(id);
        let kind = match (&held, &listed) {
            (Some(s), _) => s.kind,
            (None, Some(l)) => l.kind,
            (None, None) => return Err(ApiError::NotFound("no game of that name".into())),
        };
        self.shared.store.remove(&file_name(kind, id));
        if self.shared.store.dir().is_some() {
            self.write_index()?;
        }
        Ok(())
    }

    /// The games, most recent first: those held and those saved.
    pub fn list(&self) -> Vec<Listed> {
        let mut all: BTreeMap<String, Listed> = self.index().games.clone();
        let held: Vec<Arc<Slot>> = self.open_map().values().cloned().collect();
        for slot in held {
            // A game busy in another request keeps its listed line.
            if let Ok(guard) = slot.game.try_lock() {
                all.insert(
                    slot.id.clone(),
                    Listed {
                        id: slot.id.clone(),
                        kind: slot.kind,
                        title: guard.title(),
                        updated: all.get(&slot.id).map_or_else(unix_now, |l| l.updated),
                        finished: guard.is_finished(),
                    },
                );
            }
        }
        let mut list: Vec<Listed> = all.into_values().collect();
        list.sort_by(|a, b| b.updated.cmp(&a.updated).then(a.id.cmp(&b.id)));
        list
    }

    /// How many games are held in memory.
    pub fn open_count(&self) -> usize {
        self.open_map().len()
    }
}

/// Reads a file of the store written by the server, if it is there, not too large, and
/// of the type (anything else is as if it were not there).
fn read_capped<T: serde::de::DeserializeOwned>(store: &Store, name: &str) -> Option<T> {
    store.load::<T>(name).ok().flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_twelve_hex_digits() {
        assert!(is_id("0123456789ab"));
        assert!(!is_id("../etc/passw"));
        assert!(!is_id("0123456789AB"));
        assert!(!is_id("0123"));
        let r = Registry::new(Store::new(None), 7);
        let a = r.new_id();
        assert!(is_id(&a), "{a}");
        assert_ne!(a, r.new_id());
    }
}
