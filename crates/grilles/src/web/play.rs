//! What every game of the web front does: the [`Play`] trait the server drives, the four
//! [`Kind`]s, and what a game may ask of the server ([`Shared`]).

use std::sync::Mutex;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::error::ApiError;
use crate::solitaire::{BestScore, BestScores};
use crate::store::Store;
use crate::sudoku::BestTimes;

/// The four games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// Sudoku, every size and variant.
    Sudoku,
    /// Défi Sudoku against computer players.
    Defi,
    /// Mahjong solitaire.
    Solitaire,
    /// French mahjong against three computer players.
    Mahjong,
}

impl Kind {
    /// Every kind, in menu order.
    pub const ALL: [Kind; 4] = [Kind::Sudoku, Kind::Defi, Kind::Solitaire, Kind::Mahjong];

    /// Its name in addresses and file names.
    pub fn key(self) -> &'static str {
        match self {
            Kind::Sudoku => "sudoku",
            Kind::Defi => "defi",
            Kind::Solitaire => "solitaire",
            Kind::Mahjong => "mahjong",
        }
    }

    /// The kind of a name, as [`Kind::key`] writes it.
    pub fn of(key: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.key() == key)
    }

    /// Its name for people.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Sudoku => "Sudoku",
            Kind::Defi => "Défi Sudoku",
            Kind::Solitaire => "Mahjong solitaire",
            Kind::Mahjong => "French mahjong",
        }
    }
}

/// A file to download: what it is, its name, its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Export {
    /// Its media type.
    pub content_type: &'static str,
    /// Its file name.
    pub file_name: String,
    /// Its text.
    pub text: String,
}

/// What the server shares with every game: the saved games, and the best times and
/// scores (the terminal games' own files, kept in memory too when saving is off).
#[derive(Debug)]
pub struct Shared {
    /// Where games are saved.
    pub store: Store,
    /// The best sudoku times.
    pub times: Mutex<BestTimes>,
    /// The best solitaire scores.
    pub scores: Mutex<BestScores>,
}

impl Shared {
    /// What `store` holds.
    pub fn new(store: Store) -> Shared {
        Shared {
            times: Mutex::new(BestTimes::load(&store)),
            scores: Mutex::new(BestScores::load(&store)),
            store,
        }
    }

    /// Adds a sudoku solve of `kind` in `time` to the best times (read again from the
    /// folder, where the terminal may have added some); its rank if kept.
    pub fn sudoku_time(&self, kind: &str, time: Duration) -> Option<usize> {
        let mut times = self.times.lock().unwrap_or_else(|p| p.into_inner());
        if self.store.dir().is_some() {
            *times = BestTimes::load(&self.store);
        }
        let rank = times.add(kind, time);
        // The best times are a comfort: a folder that cannot be written loses only them.
        let _ = times.save(&self.store);
        rank
    }

    /// Adds a cleared solitaire of `layout` to the best scores, as
    /// [`Shared::sudoku_time`] does; its rank if kept.
    pub fn solitaire_score(&self, layout: &str, entry: BestScore) -> Option<usize> {
        let mut scores = self.scores.lock().unwrap_or_else(|p| p.into_inner());
        if self.store.dir().is_some() {
            *scores = BestScores::load(&self.store);
        }
        let rank = scores.add(layout, entry);
        let _ = scores.save(&self.store);
        rank
    }

    /// The best solitaire scores.
    pub fn solitaire_scores(&self) -> BestScores {
        let scores = self.scores.lock().unwrap_or_else(|p| p.into_inner());
        if self.store.dir().is_some() {
            BestScores::load(&self.store)
        } else {
            scores.clone()
        }
    }
}

/// A game played through the web front. The server calls [`Play::tick`] before every
/// view and action, so that computer players, countdowns and background checks move on
/// with the time `now` (since the server started); a game in nobody's view stands still.
pub trait Play: Send + std::fmt::Debug {
    /// Which game it is.
    fn kind(&self) -> Kind;

    /// A short title for the list of games.
    fn title(&self) -> String;

    /// Whether the game is over.
    fn is_finished(&self) -> bool;

    /// Moves time-driven play on to `now`; returns whether anything changed.
    fn tick(&mut self, now: Duration, shared: &Shared) -> bool;

    /// Everything the page draws, as JSON.
    ///
    /// # Errors
    /// [`ApiError::Internal`] if the view cannot be written.
    fn view(&self, now: Duration) -> Result<serde_json::Value, ApiError>;

    /// Plays the action of a JSON request body; returns a message for the player. On an
    /// error the game is unchanged.
    ///
    /// # Errors
    /// [`ApiError::BadRequest`] for a body that is no action of this game,
    /// [`ApiError::Refused`] for an action its rules refuse.
    fn act(
        &mut self,
        body: &[u8],
        now: Duration,
        shared: &Shared,
    ) -> Result<Option<String>, ApiError>;

    /// The game as saved (the terminal game's saved form where there is one).
    ///
    /// # Errors
    /// [`ApiError::Internal`] if it cannot be written.
    fn save(&self) -> Result<serde_json::Value, ApiError>;

    /// A file of the game (`latex`, `svg`, `record`…).
    ///
    /// # Errors
    /// [`ApiError::NotFound`] for a format the game has not.
    fn export(&self, format: &str) -> Result<Export, ApiError>;
}

/// A JSON value of a serializable view.
///
/// # Errors
/// [`ApiError::Internal`] if it cannot be written (it always can: views hold no maps with
/// keys other than strings).
pub fn to_json<T: Serialize>(value: &T) -> Result<serde_json::Value, ApiError> {
    serde_json::to_value(value).map_err(|e| ApiError::Internal(format!("cannot write: {e}")))
}
