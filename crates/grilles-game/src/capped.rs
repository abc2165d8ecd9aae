//! Lists read with serde under a cap, the one way the crates of the workspace read a list
//! from outside data: the list stops at its cap while it is read, so a hostile document
//! never makes it grow past it (their limits are in each crate's docs).

use core::fmt;
use core::marker::PhantomData;
use std::collections::VecDeque;

use serde::de::{Deserialize, Deserializer, Error, SeqAccess, Visitor};

/// What a [`Capped`] visitor does with an item past its cap.
#[derive(Clone, Copy)]
enum Past {
    /// Refuse the list.
    Refuse,
    /// Drop the oldest item.
    DropOldest,
}

struct Capped<T> {
    max: usize,
    what: &'static str,
    past: Past,
    item: PhantomData<T>,
}

impl<'de, T: Deserialize<'de>> Visitor<'de> for Capped<T> {
    type Value = Vec<T>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.past {
            Past::Refuse => write!(f, "a list of at most {} {}", self.max, self.what),
            Past::DropOldest => write!(f, "a list of {}", self.what),
        }
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
        let mut items = VecDeque::with_capacity(seq.size_hint().unwrap_or(0).min(self.max));
        while let Some(item) = seq.next_element()? {
            if items.len() == self.max {
                match self.past {
                    Past::Refuse => {
                        return Err(A::Error::custom(format_args!(
                            "more than {} {}",
                            self.max, self.what
                        )));
                    }
                    Past::DropOldest => {
                        items.pop_front();
                    }
                }
            }
            if self.max > 0 {
                items.push_back(item);
            }
        }
        Ok(items.into())
    }
}

/// Reads a list of at most `max` items: the item past the cap ends the reading with the
/// error `more than {max} {what}`, before the rest of the list is read. For
/// `#[serde(deserialize_with = "…")]` through a function of the caller's that names the
/// cap.
///
/// ```
/// use serde::Deserialize;
///
/// #[derive(Debug, Deserialize)]
/// struct Team {
///     #[serde(deserialize_with = "players")]
///     players: Vec<String>,
/// }
///
/// fn players<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
///     grilles_game::capped::vec(d, 2, "players")
/// }
///
/// let team: Team = serde_json::from_str(r#"{"players": ["Ann", "Bo"]}"#)?;
/// assert_eq!(team.players, ["Ann", "Bo"]);
/// let e = serde_json::from_str::<Team>(r#"{"players": ["Ann", "Bo", "Cy"]}"#).unwrap_err();
/// assert!(e.to_string().starts_with("more than 2 players"));
/// # Ok::<(), serde_json::Error>(())
/// ```
///
/// # Errors
/// The deserializer's errors, and `more than {max} {what}`.
pub fn vec<'de, D, T>(deserializer: D, max: usize, what: &'static str) -> Result<Vec<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    read(deserializer, max, what, Past::Refuse)
}

/// Reads a list keeping only its last `max` items (a history whose oldest steps may go):
/// older items are dropped as the list is read, so at most `max` are held at once.
///
/// ```
/// use serde::Deserialize;
///
/// #[derive(Debug, Deserialize)]
/// struct History {
///     #[serde(deserialize_with = "steps")]
///     steps: Vec<u32>,
/// }
///
/// fn steps<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<u32>, D::Error> {
///     grilles_game::capped::last(d, 3, "steps")
/// }
///
/// let h: History = serde_json::from_str(r#"{"steps": [1, 2, 3, 4, 5]}"#)?;
/// assert_eq!(h.steps, [3, 4, 5]);
/// # Ok::<(), serde_json::Error>(())
/// ```
///
/// # Errors
/// The deserializer's errors.
pub fn last<'de, D, T>(deserializer: D, max: usize, what: &'static str) -> Result<Vec<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    read(deserializer, max, what, Past::DropOldest)
}

fn read<'de, D, T>(d: D, max: usize, what: &'static str, past: Past) -> Result<Vec<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    d.deserialize_seq(Capped {
        max,
        what,
        past,
        item: PhantomData,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn three<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
        vec(d, 3, "numbers")
    }

    fn last_two<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
        last(d, 2, "numbers")
    }

    fn none<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
        last(d, 0, "numbers")
    }

    #[derive(Debug, serde::Deserialize)]
    struct Lists {
        #[serde(deserialize_with = "three", default)]
        capped: Vec<u8>,
        #[serde(deserialize_with = "last_two", default)]
        kept: Vec<u8>,
        #[serde(deserialize_with = "none", default)]
        nothing: Vec<u8>,
    }

    #[test]
    fn caps_hold_as_lists_are_read() {
        let l: Lists =
            serde_json::from_str(r#"{"capped":[1,2,3],"kept":[1,2,3,4],"nothing":[1]}"#).unwrap();
        assert_eq!(
            (l.capped, l.kept, l.nothing),
            (vec![1, 2, 3], vec![3, 4], vec![])
        );
        // The fourth item is refused, the rest never read: a million items and a syntax
        // error after them give the cap's error.
        let long = format!(r#"{{"capped":[{}]x"#, "1,".repeat(1_000_000));
        let e = serde_json::from_str::<Lists>(&long).unwrap_err();
        assert!(e.to_string().starts_with("more than 3 numbers"), "{e}");
        assert!(e.column() < 20, "{e}");
    }
}
