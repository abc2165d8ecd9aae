//! `grilles web`: the four games in a web page, served by a local server.
//!
//! [`Server::bind`] listens on 127.0.0.1 (a port the system chooses unless told) and
//! [`Server::url`] is the address to open: it carries the server's [`Token`], checked on
//! every request, so that other local users and other sites' pages cannot drive it. The
//! games live on the server, one [`registry::Slot`] each, played by the terminal games'
//! own models (sudoku's [`SudokuGame`](crate::sudoku::SudokuGame), Défi's
//! [`DefiGame`](crate::defi::DefiGame), the solitaire's
//! [`SolitaireGame`](crate::solitaire::SolitaireGame), the table's
//! [`MahjongGame`](crate::mahjong::MahjongGame)) and saved in the same folder in their
//! saved forms. The page (HTML, CSS and a small script written for it, compiled into the
//! program) draws what the server sends and sends back clicks and keys; a refused move is
//! a JSON error whose message the page shows, the game unchanged.
//!
//! - `routes`: the requests and their limits; `token`: the token; `registry`: the games;
//! - `sudoku`, `defi`, `solitaire`, `mahjong`: one module per game (its options, actions
//!   and view); `assets`: the page's files.
//!
//! ```no_run
//! # async fn start() -> Result<(), grilles::web::WebError> {
//! use grilles::web::{Server, WebSettings};
//! let server = Server::bind(WebSettings::default()).await?;
//! println!("{}", server.url());
//! server.serve(std::future::pending()).await
//! # }
//! ```

mod assets;
pub mod defi;
pub mod error;
pub mod mahjong;
pub mod play;
pub mod registry;
mod routes;
pub mod solitaire;
pub mod sudoku;
pub mod sudoku_view;
pub mod token;

use std::future::Future;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

pub use assets::total_bytes as page_bytes;
pub use error::ApiError;
pub use play::{Kind, Play};
pub use registry::Registry;
pub use routes::{MAX_BODY, MAX_LAYOUT_BODY};
pub use token::Token;

use crate::store::Store;

/// How `grilles web` starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WebSettings {
    /// The address to listen on (127.0.0.1 unless `--listen`).
    pub listen: IpAddr,
    /// The port (0: one the system chooses).
    pub port: u16,
    /// Open the page in the browser.
    pub open: bool,
    /// Where games are saved (`None`: nowhere).
    pub save_dir: Option<PathBuf>,
    /// The first seed of the server's puzzles and deals (`None`: from the clock).
    pub seed: Option<u64>,
}

impl Default for WebSettings {
    /// Loopback, a port of the system's choosing, nothing saved, seed from the clock.
    fn default() -> WebSettings {
        WebSettings {
            listen: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port: 0,
            open: false,
            save_dir: None,
            seed: None,
        }
    }
}

/// The games and the token of one server: what the requests share.
#[derive(Debug)]
pub struct Web {
    registry: Arc<Registry>,
    token: Token,
    open_code: token::OneTime,
    heavy: tokio::sync::Semaphore,
}

/// New games (puzzle generation, deals) made at once; more wait their turn.
pub const HEAVY_AT_ONCE: usize = 4;

impl Web {
    /// The state of a server: its games, saved as `settings` say, and `token`.
    pub fn new(settings: &WebSettings, token: Token, open_code: Token) -> Arc<Web> {
        let seed = settings.seed.unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_nanos() as u64)
        });
        Arc::new(Web {
            registry: Arc::new(Registry::new(Store::new(settings.save_dir.clone()), seed)),
            token,
            open_code: token::OneTime::new(open_code),
            heavy: tokio::sync::Semaphore::new(HEAVY_AT_ONCE),
        })
    }

    /// The games.
    pub fn registry(&self) -> &Arc<Registry> {
        &self.registry
    }

    /// The token.
    pub fn token(&self) -> &Token {
        &self.token
    }

    /// The requests the server answers.
    pub fn router(self: &Arc<Web>) -> axum::Router {
        routes::router(Arc::clone(self))
    }
}

/// Why the server cannot start.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum WebError {
    /// No token could be drawn.
    #[error("no random token: {0}")]
    Token(getrandom::Error),
    /// The address cannot be listened on, or the server stopped.
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

/// A server listening, not yet serving.
#[derive(Debug)]
pub struct Server {
    listener: tokio::net::TcpListener,
    web: Arc<Web>,
    addr: SocketAddr,
    open_code: Token,
}

impl Server {
    /// Listens as `settings` say, with a fresh token.
    ///
    /// # Errors
    /// When no token can be drawn or the address cannot be listened on.
    pub async fn bind(settings: WebSettings) -> Result<Server, WebError> {
        let token = Token::random().map_err(WebError::Token)?;
        let code = Token::random().map_err(WebError::Token)?;
        let listener =
            tokio::net::TcpListener::bind(SocketAddr::new(settings.listen, settings.port)).await?;
        let addr = listener.local_addr()?;
        Ok(Server {
            listener,
            web: Web::new(&settings, token, code.clone()),
            addr,
            open_code: code,
        })
    }

    /// The address listened on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The state the requests share (its games, its token).
    pub fn web(&self) -> &Arc<Web> {
        &self.web
    }

    /// The page's address, with the token.
    pub fn url(&self) -> String {
        format!("http://{}/?t={}", self.addr, self.web.token.as_str())
    }

    /// An address that opens the page once (for the browser's command line).
    pub fn open_url(&self) -> String {
        format!("http://{}/start?c={}", self.addr, self.open_code.as_str())
    }

    /// Serves until `shutdown` ends, saving changed games every few seconds and all of
    /// them at the end.
    ///
    /// # Errors
    /// When the listener fails.
    pub async fn serve(
        self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> Result<(), WebError> {
        let registry = Arc::clone(&self.web.registry);
        let saver = {
            let registry = Arc::clone(&registry);
            tokio::spawn(async move {
                let mut every = tokio::time::interval(Duration::from_secs(3));
                loop {
                    every.tick().await;
                    let r = Arc::clone(&registry);
                    // A failed save is tried again at the next tick.
                    let _ = tokio::task::spawn_blocking(move || r.flush()).await;
                }
            })
        };
        let served = axum::serve(self.listener, self.web.router())
            .with_graceful_shutdown(shutdown)
            .await;
        saver.abort();
        let _ = tokio::task::spawn_blocking(move || registry.flush()).await;
        served.map_err(WebError::Io)
    }
}

/// The line printed once the server listens: what Ctrl-C does, and whether the games stay.
fn stop_line(saving: bool) -> &'static str {
    if saving {
        "Ctrl-C stops the server (the games are saved)."
    } else {
        "Ctrl-C stops the server (--no-save: the games are not kept)."
    }
}

/// Runs `grilles web`: prints the address, opens the browser if asked, serves until
/// Ctrl-C.
///
/// # Errors
/// [`WebError`] when the server cannot start.
pub fn run(settings: WebSettings) -> Result<(), WebError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let open = settings.open;
        let saving = settings.save_dir.is_some();
        let server = Server::bind(settings).await?;
        println!("Grilles & Tuiles: open {}", server.url());
        if !server.addr().ip().is_loopback() {
            println!(
                "Listening on {}: anyone who can reach it and learns the URL can play and change saved games.",
                server.addr()
            );
        }
        println!("{}", stop_line(saving));
        if open && let Err(e) = open_browser(&server.open_url()) {
            println!("The browser could not be opened ({e}): open the URL above.");
        }
        server
            .serve(async {
                // Without a Ctrl-C handler the server runs until it is killed.
                if tokio::signal::ctrl_c().await.is_err() {
                    std::future::pending::<()>().await;
                }
            })
            .await
    })
}

fn open_browser(url: &str) -> std::io::Result<()> {
    let mut command = if cfg!(target_os = "macos") {
        std::process::Command::new("open")
    } else if cfg!(windows) {
        let mut c = std::process::Command::new("cmd");
        c.args(["/C", "start", ""]);
        c
    } else {
        std::process::Command::new("xdg-open")
    };
    command
        .arg(url)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .map(|_| ())
}

/// Makes a new game of `kind` from the JSON options of a request.
///
/// # Errors
/// [`ApiError::BadRequest`] for options that are not the game's, [`ApiError::Refused`] for
/// a puzzle or a layout that cannot be played.
pub fn create(kind: Kind, body: &[u8], seed: u64) -> Result<Box<dyn Play>, ApiError> {
    Ok(match kind {
        Kind::Sudoku => Box::new(sudoku::WebSudoku::create(body, seed)?),
        Kind::Defi => Box::new(defi::WebDefi::create(body, seed)?),
        Kind::Solitaire => Box::new(solitaire::WebSolitaire::create(body, seed)?),
        Kind::Mahjong => Box::new(mahjong::WebMahjong::create(body, seed)?),
    })
}

/// Reads a saved game of `kind` back.
///
/// # Errors
/// [`ApiError::Internal`] when it is not a saved game of that kind, or does not add up.
pub fn restore(kind: Kind, value: serde_json::Value) -> Result<Box<dyn Play>, ApiError> {
    let refused = |e: String| ApiError::Internal(format!("the saved game cannot go on: {e}"));
    Ok(match kind {
        Kind::Sudoku => Box::new(sudoku::WebSudoku::restore(value).map_err(refused)?),
        Kind::Defi => Box::new(defi::WebDefi::restore(value).map_err(refused)?),
        Kind::Solitaire => Box::new(solitaire::WebSolitaire::restore(value).map_err(refused)?),
        Kind::Mahjong => Box::new(mahjong::WebMahjong::restore(value).map_err(refused)?),
    })
}

#[cfg(test)]
mod tests {
    use super::stop_line;

    #[test]
    fn the_stop_line_says_whether_the_games_are_kept() {
        assert!(stop_line(true).contains("are saved"));
        assert!(stop_line(false).contains("not kept"));
    }
}
