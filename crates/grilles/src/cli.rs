//! The command line: `grilles [--ascii] [--save-dir DIR | --no-save] [--seed N]`.

use std::ffi::OsString;
use std::path::PathBuf;

use crate::app::Settings;
use crate::store::Store;

/// The usage, printed by `--help`.
pub const USAGE: &str = "\
usage: grilles [--ascii] [--save-dir DIR | --no-save] [--seed N]
Play sudoku, Défi Sudoku, mahjong solitaire and French mahjong in the terminal.
  --ascii          plain-text symbols (tiles as 5m, 7z...; no box drawing)
  --save-dir DIR   where games are saved and resumed (default: $GRILLES_HOME,
                   else $XDG_DATA_HOME/grilles, else ~/.local/share/grilles)
  --no-save        save nothing
  --seed N         seed of the session's puzzles and deals (default: the clock)
  --help           this text
  --version        the version
Keys: 1-4 open a game from the menu, Esc comes back to it, q quits; every screen
shows its keys on its last line, and ? shows more.";

/// What the command line asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Play.
    Run(Settings),
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
    while let Some(arg) = parser.next()? {
        match arg {
            Long("ascii") => settings.ascii = true,
            Long("save-dir") => {
                settings.save_dir = Some(PathBuf::from(parser.value()?));
            }
            Long("no-save") => settings.save_dir = None,
            Long("seed") => {
                let v = parser.value()?;
                let text = v.to_string_lossy().into_owned();
                settings.seed = Some(
                    text.parse()
                        .map_err(|_| CliError::Seed(text.chars().take(40).collect()))?,
                );
            }
            Long("help") | Short('h') => return Ok(Command::Help),
            Long("version") | Short('V') => return Ok(Command::Version),
            other => return Err(other.unexpected().into()),
        }
    }
    Ok(Command::Run(settings))
}

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
