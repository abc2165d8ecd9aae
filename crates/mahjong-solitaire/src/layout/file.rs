//! Layout files in either format (KMahjongg's or the crate's text), read from any reader with
//! a bounded read: [`Layout::read`].

use std::io::Read;

use super::Layout;
use super::kmahjongg::KmahjonggError;
use super::text::ParseLayoutError;

/// Why a layout file could not be read.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ReadLayoutError {
    /// The reader failed.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// The file is longer than [`Layout::MAX_FILE_LEN`]: refused as soon as the byte past
    /// the limit is read, never held whole.
    #[error("a layout file has at most {max} bytes; this one has more")]
    TooLong {
        /// The limit ([`Layout::MAX_FILE_LEN`]).
        max: usize,
    },
    /// The file is not UTF-8 text.
    #[error("not UTF-8 text (byte {byte} is not part of a character)")]
    NotUtf8 {
        /// The 1-based place of the first byte that is not part of a character.
        byte: usize,
    },
    /// A KMahjongg file (its first line starts with `kmahjongg-layout`) that does not read.
    #[error(transparent)]
    Kmahjongg(#[from] KmahjonggError),
    /// Another file, read in the crate's text format, that does not read.
    #[error(transparent)]
    Text(#[from] ParseLayoutError),
}

impl Layout {
    /// The most bytes [`Layout::read`] reads from a file: the longer of the two formats'
    /// limits, [`Layout::MAX_KMAHJONGG_TEXT_LEN`] (4 MiB). A file in the crate's text format
    /// must also fit [`Layout::MAX_TEXT_LEN`] (1 MiB).
    ///
    /// ```
    /// use mahjong_solitaire::Layout;
    /// assert_eq!(Layout::MAX_FILE_LEN, Layout::MAX_KMAHJONGG_TEXT_LEN);
    /// ```
    pub const MAX_FILE_LEN: usize = Layout::MAX_KMAHJONGG_TEXT_LEN;

    /// Reads a layout file from `reader`: at most [`Layout::MAX_FILE_LEN`] + 1 bytes are read,
    /// so a huge (or endless) input is refused after 4 MiB, never held whole. A byte-order
    /// mark opening the text is skipped; a text whose first line starts with
    /// `kmahjongg-layout` is read by [`Layout::from_kmahjongg`], any other by the crate's
    /// text format ([`Layout`]'s `FromStr`).
    ///
    /// ```
    /// use mahjong_solitaire::{Layout, ReadLayoutError};
    ///
    /// let kmahjongg = "kmahjongg-layout-v1.1\nw4\nh2\nd1\n# level 0\n1212\n4343\n";
    /// assert_eq!(Layout::read(kmahjongg.as_bytes())?.len(), 2);
    /// assert_eq!(Layout::read("0 0: 0-2\n".as_bytes())?.len(), 2);
    ///
    /// let endless = std::io::repeat(b'#');
    /// assert!(matches!(Layout::read(endless), Err(ReadLayoutError::TooLong { .. })));
    /// # Ok::<(), ReadLayoutError>(())
    /// ```
    ///
    /// # Errors
    /// [`ReadLayoutError`]: the reader's error, a file too long or not UTF-8, or the format's
    /// own error (with its line and column).
    pub fn read(reader: impl Read) -> Result<Layout, ReadLayoutError> {
        let max = Layout::MAX_FILE_LEN;
        let mut bytes = Vec::new();
        reader.take(max as u64 + 1).read_to_end(&mut bytes)?;
        if bytes.len() > max {
            return Err(ReadLayoutError::TooLong { max });
        }
        let text = String::from_utf8(bytes).map_err(|e| ReadLayoutError::NotUtf8 {
            byte: e.utf8_error().valid_up_to() + 1,
        })?;
        let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
        if text.trim_start().starts_with("kmahjongg-layout") {
            Ok(Layout::from_kmahjongg(text.trim_start())?)
        } else {
            Ok(text.parse()?)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn either_format_reads_and_limits_hold() {
        let turtle = crate::BuiltinLayout::Turtle.layout();
        let k = turtle.to_kmahjongg();
        assert_eq!(
            Layout::read(k.as_bytes()).unwrap().positions(),
            turtle.positions()
        );
        let with_bom = format!("\u{feff}{k}");
        assert_eq!(
            Layout::read(with_bom.as_bytes()).unwrap().positions(),
            turtle.positions()
        );
        let t = turtle.to_string();
        assert_eq!(Layout::read(t.as_bytes()).unwrap(), turtle);
        // Exactly at the limit: read, then refused by the format; one byte more: too long.
        let at = "#".repeat(Layout::MAX_FILE_LEN);
        assert!(matches!(
            Layout::read(at.as_bytes()),
            Err(ReadLayoutError::Text(ParseLayoutError::TooLong { .. }))
        ));
        let over = "#".repeat(Layout::MAX_FILE_LEN + 1);
        let e = Layout::read(over.as_bytes()).unwrap_err();
        assert!(matches!(e, ReadLayoutError::TooLong { max } if max == 4 << 20));
        assert_eq!(
            e.to_string(),
            "a layout file has at most 4194304 bytes; this one has more"
        );
        let e = Layout::read(&b"0 0: 0-2\n\xff"[..]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "not UTF-8 text (byte 10 is not part of a character)"
        );
        assert!(matches!(
            Layout::read(&b"kmahjongg-layout-v9\n"[..]),
            Err(ReadLayoutError::Kmahjongg(KmahjonggError::BadHeader { .. }))
        ));
    }
}
