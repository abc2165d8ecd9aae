//! What every example shares: one error type, the exit statuses, argument helpers over
//! [`lexopt`], and a progress line on stderr.
//!
//! Exit statuses, the same for every example: 0 success (and `--help`), 1 a failure while
//! running (unreadable file, I/O error), 2 a bad command line (one line on stderr says what),
//! 3 a task over its time limit (`--timeout`) or otherwise left without an answer.
//!
//! Command lines, the same for every example: an argument that is not UTF-8 ([`args`]) and
//! an option given twice ([`Parser`]) are usage errors; options that exclude each other
//! or need another say so ([`Parser::exclusive`], [`Parser::requires`]). Text that comes
//! from outside data (a file, a record, standard input) reaches a terminal only through
//! [`escape`], so that it cannot forge lines or send control sequences; [`finish`] escapes
//! every error message.

use std::borrow::Cow;
use std::fmt;
use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError, Weak};
use std::thread;
use std::time::{Duration, Instant};

pub use lexopt::Arg;

/// Why an example stops early.
#[derive(Debug)]
pub enum CliError {
    /// `--help` was asked: the text to print on stdout (exit status 0).
    Help(String),
    /// A bad command line (exit status 2).
    Usage(String),
    /// A failure while running (exit status 1).
    Failed(String),
    /// A task went over its time limit, or was left without an answer (exit status 3).
    Unanswered(String),
}

impl CliError {
    /// The process exit status for this error.
    pub fn exit_code(&self) -> ExitCode {
        match self {
            CliError::Help(_) => ExitCode::SUCCESS,
            CliError::Usage(_) => ExitCode::from(2),
            CliError::Failed(_) => ExitCode::FAILURE,
            CliError::Unanswered(_) => ExitCode::from(3),
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Help(s)
            | CliError::Usage(s)
            | CliError::Failed(s)
            | CliError::Unanswered(s) => f.write_str(s),
        }
    }
}

impl std::error::Error for CliError {}

impl From<io::Error> for CliError {
    fn from(e: io::Error) -> Self {
        if e.kind() == io::ErrorKind::BrokenPipe {
            CliError::Failed(closed_pipe())
        } else {
            CliError::Failed(e.to_string())
        }
    }
}

/// The message an I/O error on a closed pipe turns into (see [`finish`]).
fn closed_pipe() -> String {
    io::Error::from(io::ErrorKind::BrokenPipe).to_string()
}

/// A usage error.
pub fn usage(message: impl Into<String>) -> CliError {
    CliError::Usage(message.into())
}

/// The arguments of the process, without the program name.
///
/// An argument that is not UTF-8 ends the process as a usage error: one line on stderr,
/// `NAME: argument N is not valid UTF-8: "…"` (N from 1, the argument shown with `�` in
/// place of its bad bytes), and exit status 2.
pub fn args() -> Vec<String> {
    let mut all = std::env::args_os();
    let name = all
        .next()
        .as_deref()
        .and_then(|p| std::path::Path::new(p).file_stem().map(|s| s.to_owned()))
        .map_or_else(
            || "example".to_owned(),
            |s| s.to_string_lossy().into_owned(),
        );
    match utf8_args(all) {
        Ok(args) => args,
        Err(e) => {
            let _ = finish(&name, Err(e));
            std::process::exit(2)
        }
    }
}

/// `args` (without the program name) as text: the first that is not UTF-8 is a usage error
/// naming it by its place (from 1), as [`args`] prints it.
pub fn utf8_args(
    args: impl IntoIterator<Item = std::ffi::OsString>,
) -> Result<Vec<String>, CliError> {
    args.into_iter()
        .enumerate()
        .map(|(i, a)| {
            a.into_string().map_err(|bad| {
                usage(format!(
                    "argument {} is not valid UTF-8: {:?}",
                    i + 1,
                    excerpt(&bad.to_string_lossy())
                ))
            })
        })
        .collect()
}

/// A command-line parser (over [`lexopt`]) that refuses an option given twice: `--seed 1
/// --seed 2` is the usage error `--seed is given twice`, where it used to keep the last. It
/// dereferences to the [`lexopt::Parser`], so [`value`], [`text`] and [`timeout`] take it.
#[derive(Debug)]
pub struct Parser {
    inner: lexopt::Parser,
    /// The options met so far, as written (`--seed`, `-v`).
    seen: Vec<String>,
}

impl std::ops::Deref for Parser {
    type Target = lexopt::Parser;
    fn deref(&self) -> &lexopt::Parser {
        &self.inner
    }
}

impl std::ops::DerefMut for Parser {
    fn deref_mut(&mut self) -> &mut lexopt::Parser {
        &mut self.inner
    }
}

impl Parser {
    /// The next argument, `None` at the end. A value given to an option that takes none
    /// (`--flag=x`) and an option met before are usage errors.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> Result<Option<Arg<'_>>, CliError> {
        let arg = self.inner.next().map_err(|e| match e {
            lexopt::Error::UnexpectedValue { option, value } => usage(format!(
                "{option} takes no value, given {:?}",
                excerpt(&value.to_string_lossy())
            )),
            other => usage(other.to_string()),
        })?;
        let name = match &arg {
            Some(Arg::Long(name)) => format!("--{name}"),
            Some(Arg::Short(c)) => format!("-{c}"),
            Some(Arg::Value(_)) | None => return Ok(arg),
        };
        if self.seen.contains(&name) {
            return Err(usage(format!(
                "{} is given twice (give each option once)",
                excerpt(&name)
            )));
        }
        self.seen.push(name);
        Ok(arg)
    }

    /// Was option `name` (`--seed`) met so far?
    pub fn given(&self, name: &str) -> bool {
        self.seen.iter().any(|s| s == name)
    }

    /// A usage error when two of `names` were given: `--size and --box exclude each other`.
    pub fn exclusive(&self, names: &[&str]) -> Result<(), CliError> {
        let mut given = names.iter().filter(|n| self.given(n));
        match (given.next(), given.next()) {
            (Some(a), Some(b)) => Err(usage(format!("{a} and {b} exclude each other"))),
            _ => Ok(()),
        }
    }

    /// A usage error when `name` was given without `needs`: `--limit goes with --count`.
    pub fn requires(&self, name: &str, needs: &str) -> Result<(), CliError> {
        if self.given(name) && !self.given(needs) {
            return Err(usage(format!("{name} goes with {needs}")));
        }
        Ok(())
    }
}

/// A parser over `args` (without the program name).
pub fn parser(args: &[String]) -> Parser {
    Parser {
        inner: lexopt::Parser::from_args(args.iter().cloned()),
        seen: Vec::new(),
    }
}

/// The next argument, `None` at the end (see [`Parser::next`]).
pub fn next(parser: &mut Parser) -> Result<Option<Arg<'_>>, CliError> {
    parser.next()
}

/// The seeds `first`, `first + 1`, … of `count` items as a usage error when the last one
/// passes `u64::MAX` (they would wrap to 0 silently): `{option} S: N items from seed S pass
/// the largest seed, 18446744073709551615`.
pub fn seed_range(first: u64, count: u64, option: &str) -> Result<(), CliError> {
    match count.checked_sub(1).map(|last| first.checked_add(last)) {
        Some(None) => Err(usage(format!(
            "--seed {first}: {count} {option} from it pass the largest seed, {}",
            u64::MAX
        ))),
        _ => Ok(()),
    }
}

/// Skips a byte-order mark (`EF BB BF`) opening `input`, so that it is not read as part of
/// the first line (a cell, a label). Returns whether there was one.
pub fn skip_bom(input: &mut (impl io::BufRead + ?Sized)) -> io::Result<bool> {
    let bom = input.fill_buf()?.starts_with(b"\xef\xbb\xbf");
    if bom {
        input.consume(3);
    }
    Ok(bom)
}

/// Text from outside data (a file, a record, standard input) as it may reach a terminal or
/// a log: every control character (C0, DEL, C1: ESC, CR, LF, BEL, …) and every bidirectional
/// override or isolate (U+202A–U+202E, U+2066–U+2069) is written as a Rust escape (`\u{1b}`,
/// `\r`, `\n`, `\t`), so the text cannot end a line, move the cursor, retitle the window
/// or reorder what follows it. Other text, backslashes included, is unchanged, so escaping
/// twice changes nothing more.
pub fn escape(text: &str) -> Cow<'_, str> {
    fn unsafe_char(c: char) -> bool {
        c.is_control() || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
    }
    if !text.chars().any(unsafe_char) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if unsafe_char(c) => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// The value of option `name` (already matched), parsed: `"{name} needs a value"` when it is
/// missing, `"{name} {value}: {error}"` when it does not parse.
pub fn value<T>(parser: &mut Parser, name: &str) -> Result<T, CliError>
where
    T: FromStr,
    T::Err: fmt::Display,
{
    let raw = text(parser, name)?;
    raw.parse()
        .map_err(|e: T::Err| usage(format!("{name} {}: {e}", excerpt(&raw))))
}

/// An argument as an error message may quote it: whole when it has at most 40 characters,
/// else its first 40, `…` and its length (`…… (131072 characters)`), so a huge argument is
/// never echoed whole.
pub fn excerpt(text: &str) -> Cow<'_, str> {
    const SHOWN: usize = 40;
    match text.char_indices().nth(SHOWN) {
        None => Cow::Borrowed(text),
        Some((end, _)) => Cow::Owned(format!(
            "{}… ({} characters)",
            &text[..end],
            text.chars().count()
        )),
    }
}

/// The value of option `name` (already matched) as text.
pub fn text(parser: &mut Parser, name: &str) -> Result<String, CliError> {
    let raw = parser
        .value()
        .map_err(|_| usage(format!("{name} needs a value")))?;
    raw.into_string()
        .map_err(|_| usage(format!("{name}: the value is not valid UTF-8")))
}

/// The value of option `name` (already matched) as one of the words of `choices`, or the
/// usage error `--x word: expected a, b or c`.
pub fn choice<T: Copy>(
    parser: &mut Parser,
    name: &str,
    choices: &[(&str, T)],
) -> Result<T, CliError> {
    let word = text(parser, name)?;
    if let Some(&(_, value)) = choices.iter().find(|(w, _)| *w == word) {
        return Ok(value);
    }
    let words: Vec<&str> = choices.iter().map(|(w, _)| *w).collect();
    let expected = match words.split_last() {
        Some((last, [])) => (*last).to_string(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    };
    Err(usage(format!(
        "{name} {}: expected {expected}",
        excerpt(&word)
    )))
}

/// The error for an argument no `match` arm took: `unknown argument "--x"`.
pub fn unexpected(arg: Arg<'_>) -> CliError {
    let shown = match arg {
        Arg::Short(c) => format!("-{c}"),
        Arg::Long(name) => format!("--{name}"),
        Arg::Value(v) => v.to_string_lossy().into_owned(),
    };
    usage(format!("unknown argument {:?}", excerpt(&shown)))
}

/// Runs an example's body and turns its result into the exit status: `--help` text on stdout,
/// other errors as one line `NAME: message` on stderr (the message through [`escape`]: a
/// line end or a control character quoted from the input cannot break the line).
pub fn finish(name: &str, result: Result<(), CliError>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(CliError::Help(text)) => {
            // A closed pipe (`example --help | head -1`) is not an error worth a panic.
            let _ = writeln!(io::stdout(), "{text}");
            ExitCode::SUCCESS
        }
        // The reader of stdout went away (`example | head`): stop quietly, as Unix tools do.
        Err(CliError::Failed(message)) if message == closed_pipe() => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{name}: {}", escape(&e.to_string()));
            e.exit_code()
        }
    }
}

/// A count of items done, shown as `\r{done}/{total} {what}` on stderr when it is a terminal
/// (and silent otherwise); safe to tick from every rayon thread.
#[derive(Debug)]
pub struct Progress {
    done: AtomicUsize,
    total: usize,
    what: &'static str,
    shown: bool,
}

impl Progress {
    /// A progress line for `total` items (0 when unknown), shown only when stderr is a terminal.
    pub fn new(total: usize, what: &'static str) -> Progress {
        Progress::with_display(total, what, io::stderr().is_terminal())
    }

    /// A progress line shown or not as asked (tests pass `false`).
    pub fn with_display(total: usize, what: &'static str, shown: bool) -> Progress {
        Progress {
            done: AtomicUsize::new(0),
            total,
            what,
            shown,
        }
    }

    /// Counts `n` more items done and redraws the line now and then.
    pub fn add(&self, n: usize) {
        let before = self.done.fetch_add(n, Ordering::Relaxed);
        let now = before + n;
        if self.shown && (now / 64 != before / 64 || now == self.total) {
            let mut err = io::stderr().lock();
            let _ = if self.total > 0 {
                write!(err, "\r{now}/{} {}", self.total, self.what)
            } else {
                write!(err, "\r{now} {}", self.what)
            };
            let _ = err.flush();
        }
    }

    /// Items done so far.
    pub fn done(&self) -> usize {
        self.done.load(Ordering::Relaxed)
    }

    /// Ends the line (when shown).
    pub fn finish(&self) {
        if self.shown {
            eprintln!();
        }
    }
}

/// Reads a `--timeout SECONDS` value: a positive number of seconds (fractions allowed, at
/// most [`MAX_TIMEOUT_SECONDS`]) is a limit, `0` means no limit.
pub fn timeout(parser: &mut Parser) -> Result<Option<Duration>, CliError> {
    let raw = text(parser, "--timeout")?;
    match raw.parse::<f64>() {
        Ok(0.0) => Ok(None),
        Ok(s) if s.is_finite() && s > 0.0 && s <= MAX_TIMEOUT_SECONDS => {
            Ok(Some(Duration::from_secs_f64(s)))
        }
        Ok(s) if s > MAX_TIMEOUT_SECONDS => Err(usage(format!(
            "--timeout {}: at most {MAX_TIMEOUT_SECONDS} seconds (0: no limit)",
            excerpt(&raw)
        ))),
        _ => Err(usage(format!(
            "--timeout {}: a number of seconds (0: no limit)",
            excerpt(&raw)
        ))),
    }
}

/// The largest `--timeout` (about 31 years): a larger value is refused, and says so.
pub const MAX_TIMEOUT_SECONDS: f64 = 1e9;

/// Time limits per task, turned into the cancel flags the libraries' long calls take.
///
/// One background thread looks at every [`Timer`] made from the watchdog every few
/// milliseconds and raises the flag of each whose task has run past its limit. A worker makes
/// one timer, hands its [`Timer::flag`] to its solver (or generator, rater, deal) once, and
/// brackets each task with [`Timer::start`] and [`Timer::stop`]: the flag is lowered at each
/// start, and a flag raised late never reaches the next task.
#[derive(Debug)]
pub struct Watchdog {
    timers: Arc<Mutex<Vec<Weak<TimerState>>>>,
    stop: Arc<AtomicBool>,
}

#[derive(Debug)]
struct TimerState {
    flag: Arc<AtomicBool>,
    deadline: Mutex<Option<Instant>>,
}

/// One worker's time limit (see [`Watchdog`]).
#[derive(Debug)]
pub struct Timer {
    state: Arc<TimerState>,
}

impl Watchdog {
    /// A watchdog and its thread (which ends when the watchdog is dropped).
    pub fn new() -> Watchdog {
        let timers: Arc<Mutex<Vec<Weak<TimerState>>>> = Arc::default();
        let stop = Arc::new(AtomicBool::new(false));
        let (list, quit) = (Arc::clone(&timers), Arc::clone(&stop));
        thread::spawn(move || {
            while !quit.load(Ordering::Relaxed) {
                thread::sleep(Duration::from_millis(5));
                let now = Instant::now();
                let mut list = list.lock().unwrap_or_else(PoisonError::into_inner);
                list.retain(|weak| match weak.upgrade() {
                    Some(timer) => {
                        let deadline = timer
                            .deadline
                            .lock()
                            .unwrap_or_else(PoisonError::into_inner);
                        if deadline.is_some_and(|d| now >= d) {
                            timer.flag.store(true, Ordering::Relaxed);
                        }
                        true
                    }
                    None => false,
                });
            }
        });
        Watchdog { timers, stop }
    }

    /// A timer for one worker.
    pub fn timer(&self) -> Timer {
        let state = Arc::new(TimerState {
            flag: Arc::new(AtomicBool::new(false)),
            deadline: Mutex::new(None),
        });
        self.timers
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(Arc::downgrade(&state));
        Timer { state }
    }
}

impl Default for Watchdog {
    fn default() -> Self {
        Watchdog::new()
    }
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

impl Timer {
    /// The flag raised when a task runs past its limit: give it to the library call once.
    pub fn flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.state.flag)
    }

    /// A task starts, with this limit (`None`: no limit).
    pub fn start(&self, limit: Option<Duration>) {
        let mut deadline = self
            .state
            .deadline
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        self.state.flag.store(false, Ordering::Relaxed);
        *deadline = limit.map(|l| Instant::now() + l);
    }

    /// The task is over: returns whether it ran past its limit (its flag was raised).
    pub fn stop(&self) -> bool {
        let mut deadline = self
            .state
            .deadline
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        *deadline = None;
        self.state.flag.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_owned).collect()
    }

    #[test]
    fn values_and_errors_say_which_option() {
        let args = strings("--seed 12 --count x --limit");
        let mut p = parser(&args);
        assert_eq!(p.next().unwrap(), Some(Arg::Long("seed")));
        assert_eq!(value::<u64>(&mut p, "--seed").unwrap(), 12);
        assert_eq!(p.next().unwrap(), Some(Arg::Long("count")));
        let e = value::<u64>(&mut p, "--count").unwrap_err();
        assert!(
            matches!(&e, CliError::Usage(m) if m.starts_with("--count x: ")),
            "{e}"
        );
        assert_eq!(p.next().unwrap(), Some(Arg::Long("limit")));
        let e = value::<u64>(&mut p, "--limit").unwrap_err();
        assert_eq!(e.to_string(), "--limit needs a value");
    }

    #[test]
    fn an_option_given_twice_is_refused() {
        let args = strings("--seed 1 --count 2 --seed 3");
        let mut p = parser(&args);
        assert_eq!(next(&mut p).unwrap(), Some(Arg::Long("seed")));
        assert_eq!(value::<u64>(&mut p, "--seed").unwrap(), 1);
        assert_eq!(next(&mut p).unwrap(), Some(Arg::Long("count")));
        assert_eq!(value::<u64>(&mut p, "--count").unwrap(), 2);
        let e = next(&mut p).unwrap_err();
        assert!(matches!(&e, CliError::Usage(_)));
        assert_eq!(
            e.to_string(),
            "--seed is given twice (give each option once)"
        );
        // Values (files, hands) may come many times; flags only once.
        let args = strings("a b -q -q");
        let mut p = parser(&args);
        assert!(matches!(next(&mut p).unwrap(), Some(Arg::Value(_))));
        assert!(matches!(next(&mut p).unwrap(), Some(Arg::Value(_))));
        assert_eq!(next(&mut p).unwrap(), Some(Arg::Short('q')));
        assert!(next(&mut p).is_err());
    }

    #[test]
    fn exclusive_and_required_options() {
        let args = strings("--size 16 --box 5x5 --limit 3");
        let mut p = parser(&args);
        while let Some(arg) = next(&mut p).unwrap() {
            if let Arg::Long("size" | "box" | "limit") = arg {
                text(&mut p, "x").unwrap();
            }
        }
        assert!(p.given("--size") && p.given("--limit") && !p.given("--count"));
        let e = p.exclusive(&["--regions", "--size", "--box"]).unwrap_err();
        assert_eq!(e.to_string(), "--size and --box exclude each other");
        assert!(p.exclusive(&["--size", "--count"]).is_ok());
        let e = p.requires("--limit", "--count").unwrap_err();
        assert_eq!(e.to_string(), "--limit goes with --count");
        assert!(p.requires("--count", "--limit").is_ok());
    }

    #[test]
    fn non_utf8_arguments_are_usage_errors() {
        use std::os::unix::ffi::OsStringExt as _;
        let good = utf8_args(["--seed".into(), "1".into()]).unwrap();
        assert_eq!(good, ["--seed", "1"]);
        let bad = std::ffi::OsString::from_vec(b"ab\xffc".to_vec());
        let e = utf8_args(["--seed".into(), bad]).unwrap_err();
        assert!(matches!(&e, CliError::Usage(_)));
        assert_eq!(
            e.to_string(),
            "argument 2 is not valid UTF-8: \"ab\u{fffd}c\""
        );
    }

    #[test]
    fn seed_ranges_never_wrap() {
        assert!(seed_range(u64::MAX, 1, "puzzles").is_ok());
        assert!(seed_range(u64::MAX - 2, 3, "puzzles").is_ok());
        assert!(seed_range(7, 0, "puzzles").is_ok());
        let e = seed_range(u64::MAX, 3, "puzzles").unwrap_err();
        assert!(matches!(&e, CliError::Usage(_)));
        assert_eq!(
            e.to_string(),
            "--seed 18446744073709551615: 3 puzzles from it pass the largest seed, 18446744073709551615"
        );
    }

    #[test]
    fn outside_text_is_escaped_for_terminals() {
        assert!(matches!(escape("Turtle — 144"), Cow::Borrowed(_)));
        let forged = "\u{1b}]0;x\u{7}\u{1b}[2J\r\nturn 99 forged\t\u{9b}\u{202e}ab\u{7f}";
        let shown = escape(forged);
        assert_eq!(
            shown,
            "\\u{1b}]0;x\\u{7}\\u{1b}[2J\\r\\nturn 99 forged\\t\\u{9b}\\u{202e}ab\\u{7f}"
        );
        assert!(!shown.chars().any(char::is_control));
        // Escaping twice changes nothing more; backslashes are kept.
        assert_eq!(escape(&shown), shown);
        assert_eq!(escape("a\\nb"), "a\\nb");
    }

    #[test]
    fn a_value_on_a_flag_is_refused() {
        let args = strings("--quiet=yes");
        let mut p = parser(&args);
        assert_eq!(next(&mut p).unwrap(), Some(Arg::Long("quiet")));
        let e = next(&mut p).unwrap_err();
        assert_eq!(e.to_string(), "--quiet takes no value, given \"yes\"");
        assert_eq!(next(&mut p).unwrap(), None);
    }

    #[test]
    fn unknown_arguments_are_named() {
        let args = strings("--verbose");
        let mut p = parser(&args);
        let arg = p.next().unwrap().unwrap();
        assert_eq!(
            unexpected(arg).to_string(),
            "unknown argument \"--verbose\""
        );
    }

    #[test]
    fn long_arguments_are_quoted_in_part() {
        assert_eq!(excerpt("5m"), "5m");
        let forty = "x".repeat(40);
        assert_eq!(excerpt(&forty), forty);
        let long = "é".repeat(50_000);
        let shown = excerpt(&long);
        assert_eq!(shown, format!("{}… (50000 characters)", "é".repeat(40)));
        let args = vec!["--count".to_string(), "9".repeat(100_000)];
        let mut p = parser(&args);
        p.next().unwrap();
        let e = value::<u8>(&mut p, "--count").unwrap_err().to_string();
        assert!(e.len() < 200 && e.contains("(100000 characters)"), "{e}");
    }

    #[test]
    fn a_closed_pipe_ends_quietly() {
        let e = CliError::from(io::Error::new(
            io::ErrorKind::BrokenPipe,
            "pipe closed early",
        ));
        assert_eq!(finish("x", Err(e)), ExitCode::SUCCESS);
        let e = CliError::from(io::Error::other("disk full"));
        assert_eq!(finish("x", Err(e)), ExitCode::FAILURE);
    }

    #[test]
    fn timeouts_read_seconds_and_zero() {
        let read = |value: &str| {
            let args = vec!["--timeout".to_string(), value.to_string()];
            let mut p = parser(&args);
            p.next().unwrap();
            timeout(&mut p)
        };
        assert_eq!(read("1.5").unwrap(), Some(Duration::from_millis(1500)));
        assert_eq!(read("0").unwrap(), None);
        assert!(matches!(read("-2"), Err(CliError::Usage(_))));
        assert!(matches!(read("x"), Err(CliError::Usage(_))));
    }

    #[test]
    fn a_watchdog_raises_late_tasks_only() {
        let dog = Watchdog::new();
        let timer = dog.timer();
        let flag = timer.flag();
        timer.start(Some(Duration::from_millis(20)));
        let begun = Instant::now();
        while !flag.load(Ordering::Relaxed) {
            assert!(begun.elapsed() < Duration::from_secs(10), "never raised");
            thread::sleep(Duration::from_millis(1));
        }
        assert!(timer.stop());
        // The next task starts with the flag lowered, and a quick one ends unraised.
        timer.start(Some(Duration::from_secs(60)));
        assert!(!flag.load(Ordering::Relaxed));
        assert!(!timer.stop());
        // No limit: never raised.
        timer.start(None);
        thread::sleep(Duration::from_millis(30));
        assert!(!timer.stop());
        assert_eq!(
            CliError::Unanswered("x".into()).exit_code(),
            ExitCode::from(3)
        );
    }

    #[test]
    fn progress_counts_from_threads() {
        let p = Progress::with_display(100, "items", false);
        std::thread::scope(|s| {
            for _ in 0..4 {
                s.spawn(|| (0..25).for_each(|_| p.add(1)));
            }
        });
        assert_eq!(p.done(), 100);
    }
}
