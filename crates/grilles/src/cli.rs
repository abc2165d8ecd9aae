//! The command line: `grilles [--ascii] [--save-dir DIR | --no-save] [--seed N]`, and
//! `grilles web [--port P] [--open] [--listen ADDR]` with the same saving and seed options.

use std::ffi::OsString;
use std::net::{IpAddr, Ipv4Addr};
use std::path::PathBuf;

use crate::app::Settings;
use crate::store::Store;
use crate::web::WebSettings;

/// The usage, printed by `--help`.
pub const USAGE: &str = "\
usage: grilles [--ascii] [--save-dir DIR | --no-save] [--seed N]
       grilles web [--port P] [--open] [--listen ADDR] [--save-dir DIR | --no-save] [--seed N]
Play sudoku, Défi Sudoku, mahjong solitaire and French mahjong in the terminal,
or (grilles web) in a web page served on this computer.
  --ascii          plain-text symbols (tiles as 5m, 7z...; no box drawing)
  --save-dir DIR   where games are saved and resumed (default: $GRILLES_HOME,
                   else $XDG_DATA_HOME/grilles, else ~/.local/share/grilles)
  --no-save        save nothing
  --seed N         seed of the session's puzzles and deals (default: the clock)
  --help           this text
  --version        the version
Keys: 1-4 open a game from the menu, Esc comes back to it, q quits; every screen
shows its keys on its last line, and ? shows more.
grilles web:
  --port P         the port (default: one the system chooses)
  --open           open the page in the browser (its address works once)
  --listen ADDR    serve on ADDR instead of 127.0.0.1: anyone who can reach it and
                   learns the printed URL (its token) can play and change your saved
                   games, and plain HTTP shows the URL to anyone on the network
It prints the page's URL, with a random token that every request must carry;
Ctrl-C stops the server (the games are saved, unless --no-save).";

/// What the command line asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Play.
    Run(Settings),
    /// Serve the games in a web page.
    Web(WebSettings),
    /// Print the usage.
    Help,
    /// Print the version.
    Version,
}

/// A command line that cannot be understood. Its message quotes the argument
/// [escaped](crate::ui::escape): a control character in it is shown, never sent to the
/// terminal.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum CliError {
    /// An unknown option, or an option without its value.
    #[error("{} (try --help)", crate::ui::escape(&.0.to_string()))]
    Option(#[from] lexopt::Error),
    /// `--seed` with something else than a number.
    #[error("--seed wants a number, not \"{}\" (try --help)", crate::ui::escape(.0))]
    Seed(String),
    /// `--port` with something else than a port number.
    #[error("--port wants a number from 0 to 65535, not \"{}\" (try --help)", crate::ui::escape(.0))]
    Port(String),
    /// `--listen` with something else than an IP address.
    #[error("--listen wants an IP address such as 0.0.0.0 or ::1, not \"{}\" (try --help)", crate::ui::escape(.0))]
    Listen(String),
    /// An option of `grilles web` without `web`, or the other way round.
    #[error("{0} (try --help)")]
    Misplaced(String),
}

/// Reads the arguments (without the program's name).
///
/// # Errors
/// [`CliError`] for an unknown option or a bad value.
pub fn parse(args: impl IntoIterator<Item = OsString>) -> Result<Command, CliError> {
    use lexopt::prelude::*;
    let mut parser = lexopt::Parser::from_args(args);
    let mut settings = Settings {
        ascii: false,
        save_dir: Store::default_dir(),
        seed: None,
    };
    let mut web: Option<WebSettings> = None;
    let text = |v: OsString| -> String { v.to_string_lossy().chars().take(40).collect() };
    while let Some(arg) = parser.next()? {
        match arg {
            Value(v) if v == "web" && web.is_none() => web = Some(WebSettings::default()),
            Long("ascii") => settings.ascii = true,
            Long("save-dir") => {
                settings.save_dir = Some(PathBuf::from(parser.value()?));
            }
            Long("no-save") => settings.save_dir = None,
            Long("seed") => {
                let v = text(parser.value()?);
                settings.seed = Some(v.parse().map_err(|_| CliError::Seed(v))?);
            }
            Long(name @ ("port" | "open" | "listen")) => {
                let name = name.to_string();
                let Some(w) = web.as_mut() else {
                    return Err(CliError::Misplaced(format!(
                        "--{name} is an option of `grilles web`"
                    )));
                };
                match name.as_str() {
                    "port" => {
                        let v = text(parser.value()?);
                        w.port = v.parse().map_err(|_| CliError::Port(v))?;
                    }
                    "listen" => {
                        let v = text(parser.value()?);
                        w.listen = v.parse().map_err(|_| CliError::Listen(v))?;
                    }
                    _ => w.open = true,
                }
            }
            Long("help") | Short('h') => return Ok(Command::Help),
            Long("version") | Short('V') => return Ok(Command::Version),
            other => return Err(other.unexpected().into()),
        }
    }
    Ok(match web {
        Some(mut w) => {
            if settings.ascii {
                return Err(CliError::Misplaced(
                    "--ascii is an option of the terminal games".into(),
                ));
            }
            w.save_dir = settings.save_dir;
            w.seed = settings.seed;
            Command::Web(w)
        }
        None => Command::Run(settings),
    })
}

/// The address `grilles web` listens on by default.
pub const LOOPBACK: IpAddr = IpAddr::V4(Ipv4Addr::LOCALHOST);

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<OsString> {
        s.split_whitespace().map(OsString::from).collect()
    }

    #[test]
    fn options_are_read() {
        let Ok(Command::Run(s)) = parse(args("--ascii --save-dir /tmp/x --seed 7")) else {
            panic!("not run");
        };
        assert!(s.ascii);
        assert_eq!(s.save_dir, Some(PathBuf::from("/tmp/x")));
        assert_eq!(s.seed, Some(7));
        let Ok(Command::Run(s)) = parse(args("--no-save")) else {
            panic!("not run");
        };
        assert_eq!(s.save_dir, None);
        assert!(matches!(parse(args("--help")), Ok(Command::Help)));
        assert!(
            parse(args("--seed x"))
                .unwrap_err()
                .to_string()
                .contains("--seed")
        );
        assert!(parse(args("--bogus")).is_err());
    }

    #[test]
    fn web_options_are_read() {
        let Ok(Command::Web(w)) = parse(args("web --port 8080 --open --no-save --seed 3")) else {
            panic!("not web");
        };
        assert_eq!((w.port, w.open, w.listen), (8080, true, LOOPBACK));
        assert_eq!((w.save_dir, w.seed), (None, Some(3)));
        let Ok(Command::Web(w)) = parse(args("web --listen 0.0.0.0")) else {
            panic!("not web");
        };
        assert!(!w.listen.is_loopback());
        for (line, says) in [
            ("--port 8080", "option of `grilles web`"),
            ("web --port x", "--port wants"),
            ("web --listen nowhere", "--listen wants"),
            ("web --ascii", "terminal games"),
            ("web web", "unexpected"),
        ] {
            let e = parse(args(line)).unwrap_err().to_string();
            assert!(e.contains(says), "{line}: {e}");
        }
    }

    #[test]
    fn arguments_quoted_in_errors_are_escaped() {
        for bad in ["--\u{1b}[2J\rforged\u{202e}", "\u{1b}]0;x\u{7}"] {
            let e = parse([OsString::from(bad)]).unwrap_err().to_string();
            assert!(!e.chars().any(crate::ui::is_unsafe_char), "{e:?}");
            assert!(e.contains("\\u{1b}"), "{e}");
        }
        let e = parse(["--seed".into(), "1\u{1b}[2J".into()])
            .unwrap_err()
            .to_string();
        assert!(!e.chars().any(crate::ui::is_unsafe_char), "{e:?}");
    }
}
