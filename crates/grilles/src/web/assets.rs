//! The page's files, compiled into the program: one HTML page, one style sheet, and a
//! small script per game over a common one (no framework).

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use super::error::ApiError;

const INDEX: &str = include_str!("page/index.html");

/// The files under `/assets/`: name, media type, text.
const FILES: &[(&str, &str, &str)] = &[
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("page/style.css"),
    ),
    (
        "app.js",
        "text/javascript; charset=utf-8",
        include_str!("page/app.js"),
    ),
    (
        "board.js",
        "text/javascript; charset=utf-8",
        include_str!("page/board.js"),
    ),
    (
        "sudoku.js",
        "text/javascript; charset=utf-8",
        include_str!("page/sudoku.js"),
    ),
    (
        "defi.js",
        "text/javascript; charset=utf-8",
        include_str!("page/defi.js"),
    ),
    (
        "solitaire.js",
        "text/javascript; charset=utf-8",
        include_str!("page/solitaire.js"),
    ),
    (
        "mahjong.js",
        "text/javascript; charset=utf-8",
        include_str!("page/mahjong.js"),
    ),
];

/// The page, its links carrying `token`.
pub fn page(token: &str) -> Response {
    let html = INDEX.replace("__TOKEN__", token);
    (
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("text/html; charset=utf-8"),
        )],
        html,
    )
        .into_response()
}

/// A file of the page.
pub fn file(name: &str, _token: &str) -> Response {
    match FILES.iter().find(|(n, _, _)| *n == name) {
        Some((_, media, text)) => (
            StatusCode::OK,
            [
                (header::CONTENT_TYPE, HeaderValue::from_static(media)),
                (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
            ],
            *text,
        )
            .into_response(),
        None => ApiError::NotFound("no such file".into()).into_response(),
    }
}

/// The bytes of the page and its files, uncompressed (the page weight).
pub fn total_bytes() -> usize {
    INDEX.len() + FILES.iter().map(|(_, _, t)| t.len()).sum::<usize>()
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_script_the_page_loads_is_served() {
        for (name, _, _) in super::FILES {
            assert!(
                super::INDEX.contains(&format!("assets/{name}?t=__TOKEN__")),
                "{name} is not linked from the page"
            );
        }
        assert!(super::total_bytes() > 1000);
    }
}
