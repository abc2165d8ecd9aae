//! The token of a server: drawn from the operating system's generator when the server
//! starts, written in the URL it prints, and checked on every request (in the
//! `x-grilles-token` header the page sends, or the `t` query parameter of the page's own
//! address), so that other local users and other sites' pages cannot drive it.

use std::sync::Mutex;

/// A secret of 128 bits, as 32 hexadecimal digits.
#[derive(Clone, PartialEq, Eq)]
pub struct Token(String);

impl std::fmt::Debug for Token {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Token(…)")
    }
}

impl Token {
    /// A new token from the operating system's generator.
    ///
    /// # Errors
    /// When the system has no generator to give.
    pub fn random() -> Result<Token, getrandom::Error> {
        let mut bytes = [0u8; 16];
        getrandom::fill(&mut bytes)?;
        Ok(Token(bytes.iter().map(|b| format!("{b:02x}")).collect()))
    }

    /// A given token (for tests that need to know it in advance).
    pub fn fixed(text: &str) -> Token {
        Token(text.to_string())
    }

    /// The token's text.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Whether `given` is the token, compared in a time that does not depend on where the
    /// first difference lies.
    pub fn matches(&self, given: &str) -> bool {
        let (a, b) = (self.0.as_bytes(), given.as_bytes());
        if a.len() != b.len() {
            return false;
        }
        a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
    }
}

/// A code that opens the page once (the `--open` address): used, it is gone, so that the
/// address on the browser's command line is worth nothing afterwards.
#[derive(Debug, Default)]
pub struct OneTime(Mutex<Option<Token>>);

impl OneTime {
    /// A new code.
    pub fn new(code: Token) -> OneTime {
        OneTime(Mutex::new(Some(code)))
    }

    /// Whether `given` is the code, which is then used up.
    pub fn take(&self, given: &str) -> bool {
        let mut slot = self.0.lock().unwrap_or_else(|p| p.into_inner());
        if slot.as_ref().is_some_and(|c| c.matches(given)) {
            *slot = None;
            true
        } else {
            false
        }
    }
}

/// The value of parameter `name` in a query string (no decoding: tokens are hexadecimal).
pub fn query_param<'q>(query: Option<&'q str>, name: &str) -> Option<&'q str> {
    query?
        .split('&')
        .filter_map(|kv| kv.split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_match_exactly_and_codes_work_once() {
        let t = Token::random().unwrap();
        assert_eq!(t.as_str().len(), 32);
        assert!(t.matches(t.as_str()));
        assert!(!t.matches(&t.as_str()[1..]));
        assert!(!t.matches(""));
        assert_ne!(t, Token::random().unwrap());
        let code = OneTime::new(Token::fixed("abc"));
        assert!(!code.take("abd"));
        assert!(code.take("abc"));
        assert!(!code.take("abc"));
        assert_eq!(query_param(Some("x=1&t=ff"), "t"), Some("ff"));
        assert_eq!(query_param(Some("tt=1"), "t"), None);
        assert_eq!(query_param(None, "t"), None);
    }
}
