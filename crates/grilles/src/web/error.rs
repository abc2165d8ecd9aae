//! The errors of the web front's requests: each becomes a status and a JSON body
//! `{"error": "…"}` whose message the page shows as it is.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

/// Why a request was refused. The game a refused request names is left as it was.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ApiError {
    /// The request has no token, or a wrong one.
    #[error("this address needs the token of the URL `grilles web` printed")]
    Forbidden,
    /// No game, page or file of that name.
    #[error("{0}")]
    NotFound(String),
    /// The body is not what the request takes (bad JSON, an unknown field, a value out of
    /// range): said in the player's words where it can be.
    #[error("{0}")]
    BadRequest(String),
    /// The move or command is refused by the game's rules (the game is unchanged).
    #[error("{0}")]
    Refused(String),
    /// The body is over the request's limit.
    #[error("the request is too large: at most {limit} bytes")]
    TooLarge {
        /// The limit, in bytes.
        limit: usize,
    },
    /// Too much work in progress: try again in a moment.
    #[error("{0}")]
    Busy(String),
    /// Something failed on the server (a saved game that cannot be written, a worker that
    /// stopped).
    #[error("{0}")]
    Internal(String),
}

impl ApiError {
    /// The HTTP status of the error.
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::Forbidden => StatusCode::FORBIDDEN,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::Refused(_) => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::TooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::Busy(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// A refusal of the rules, from any error that says why.
    pub fn refused(e: impl std::fmt::Display) -> ApiError {
        ApiError::Refused(sentence(&e.to_string()))
    }

    /// A bad request, from any error that says why.
    pub fn bad(e: impl std::fmt::Display) -> ApiError {
        ApiError::BadRequest(sentence(&e.to_string()))
    }
}

/// A message as a sentence: a capital first letter, a full stop at the end.
pub fn sentence(text: &str) -> String {
    let text = text.trim();
    let mut chars = text.chars();
    let Some(first) = chars.next() else {
        return String::new();
    };
    let mut out: String = first.to_uppercase().chain(chars).collect();
    if !out.ends_with(['.', '!', '?', ':']) {
        out.push('.');
    }
    out
}

/// The JSON body of an error.
#[derive(Debug, serde::Serialize)]
struct ErrorBody {
    error: String,
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = ErrorBody {
            error: sentence(&self.to_string()),
        };
        (self.status(), Json(body)).into_response()
    }
}

/// Reads a JSON body into `T`: a body that is not JSON, or not a `T`, is a
/// [`ApiError::BadRequest`] that says where.
///
/// # Errors
/// [`ApiError::BadRequest`].
pub fn from_json<T: serde::de::DeserializeOwned>(body: &[u8]) -> Result<T, ApiError> {
    serde_json::from_slice(body).map_err(|e| {
        let what = match e.classify() {
            serde_json::error::Category::Syntax | serde_json::error::Category::Eof => {
                "the request is not JSON"
            }
            _ => "the request is not understood",
        };
        // serde's message names the field or the value, never more than a short excerpt.
        let detail: String = e.to_string().chars().take(160).collect();
        ApiError::BadRequest(format!("{what}: {detail}"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_are_sentences_and_bodies_are_json() {
        assert_eq!(sentence("r1c2 is a given"), "R1c2 is a given.");
        assert_eq!(sentence("Done!"), "Done!");
        let e = from_json::<Vec<u8>>(b"nope").unwrap_err();
        assert!(e.to_string().starts_with("the request is not JSON"), "{e}");
        assert_eq!(e.status(), StatusCode::BAD_REQUEST);
        assert_eq!(ApiError::Forbidden.status(), StatusCode::FORBIDDEN);
    }
}
