//! Deserialization with written limits: lists and texts read from a document are refused
//! as soon as they pass their cap, so a hostile document never makes one grow past it
//! (the limits are listed in the crate's docs and in the workspace's LIMITS.md).

use core::fmt;

use serde::de::{Deserializer, Error, Visitor};

/// A list of at most `max` entries (`grilles_game::capped::vec`).
pub(crate) use grilles_game::capped::vec;

/// A text of at most `max` bytes, refused before it is copied.
pub(crate) fn string<'de, D>(d: D, max: usize, what: &'static str) -> Result<String, D::Error>
where
    D: Deserializer<'de>,
{
    struct Capped {
        max: usize,
        what: &'static str,
    }

    impl Visitor<'_> for Capped {
        type Value = String;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "{} of at most {} bytes", self.what, self.max)
        }

        fn visit_str<E: Error>(self, v: &str) -> Result<String, E> {
            if v.len() > self.max {
                return Err(E::custom(format_args!(
                    "{} of {} bytes: at most {} bytes are read",
                    self.what,
                    v.len(),
                    self.max
                )));
            }
            Ok(v.to_string())
        }
    }

    d.deserialize_str(Capped { max, what })
}
