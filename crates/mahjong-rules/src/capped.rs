//! Deserialization with written limits: lists and texts read from a document are refused
//! as soon as they pass their cap, so a hostile document never makes one grow past it
//! (the limits are listed in the crate's docs and in the workspace's LIMITS.md).

use core::fmt;
use core::marker::PhantomData;

use serde::de::{Deserialize, Deserializer, Error, SeqAccess, Visitor};

/// A list of at most `max` entries.
pub(crate) fn vec<'de, D, T>(d: D, max: usize, what: &'static str) -> Result<Vec<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    struct Capped<T> {
        max: usize,
        what: &'static str,
        entries: PhantomData<T>,
    }

    impl<'de, T: Deserialize<'de>> Visitor<'de> for Capped<T> {
        type Value = Vec<T>;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "a list of at most {} {}", self.max, self.what)
        }

        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
            let hint = seq.size_hint().unwrap_or(0).min(self.max);
            let mut out = Vec::with_capacity(hint);
            while let Some(x) = seq.next_element()? {
                if out.len() == self.max {
                    return Err(A::Error::custom(format_args!(
                        "more than {} {}: the limit",
                        self.max, self.what
                    )));
                }
                out.push(x);
            }
            Ok(out)
        }
    }

    d.deserialize_seq(Capped {
        max,
        what,
        entries: PhantomData,
    })
}

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
