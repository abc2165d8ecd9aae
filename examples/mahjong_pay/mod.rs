//! `mahjong_pay`: settles a round in the advanced payment system of the French rules
//! (mahjong-rules).
//!
//! ```text
//! cargo run --release --example mahjong_pay -- --winner E|S|W|N E=100 S=250 W=40 N=10
//! ```
//!
//! `--winner` names who went Mah-jong (`--winner none`: nobody; then only the differences
//! are settled). Then one `SEAT=SCORE` per player: four, or three (East and two others) for
//! the three-player variant; East must play.
//!
//! Output (stdout): one line per transfer in the order of the rules (payments to the winner,
//! then the differences between losers, then the exceptions), `S pays E 200`; then one line
//! per player in seat order, `net E 0`, `net S 850` (negative for a loss).
//!
//! Exit status: 0 on success and for `--help` (the usage on stdout); 2 with a message on
//! stderr for a bad command line.

use mahjong_rules::payment::settle;
use mahjong_tiles::Wind;

use crate::cli::{self, Arg, CliError, excerpt, usage};

/// The usage, printed by `--help`.
pub const USAGE: &str = "\
usage: mahjong_pay --winner E|S|W|N|none SEAT=SCORE...
Settles a round in the advanced payment system of the French rules: one SEAT=SCORE per
player (E=100 S=250 W=40 N=10; three players: East and two others). Prints the transfers
(`S pays E 200`), then each player's net (`net S 850`).";

/// What the command line asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// Who went Mah-jong (`None`: nobody).
    pub winner: Option<Wind>,
    /// Each player's score, in the order given.
    pub scores: Vec<(Wind, u64)>,
}

/// Reads the arguments (without the program name).
pub fn parse_args(args: &[String]) -> Result<Options, CliError> {
    let mut winner: Option<Option<Wind>> = None;
    let mut scores: Vec<(Wind, u64)> = Vec::new();
    let mut p = cli::parser(args);
    while let Some(arg) = cli::next(&mut p)? {
        match arg {
            Arg::Long("winner") => {
                let v = cli::text(&mut p, "--winner")?;
                winner = Some(if v.eq_ignore_ascii_case("none") {
                    None
                } else {
                    Some(
                        v.parse::<Wind>()
                            .map_err(|e| usage(format!("--winner {}: {e}", excerpt(&v))))?,
                    )
                });
            }
            Arg::Short('h') | Arg::Long("help") => return Err(CliError::Help(USAGE.into())),
            Arg::Value(v) => {
                let a = v.to_string_lossy();
                let Some((seat, score)) = a.split_once('=') else {
                    return Err(unexpected(&a));
                };
                let seat: Wind = seat
                    .parse()
                    .map_err(|e| usage(format!("{}: {e}", excerpt(&a))))?;
                let score: u64 = score.parse().map_err(|_| {
                    usage(format!("{}: the score must be a whole number", excerpt(&a)))
                })?;
                if scores.iter().any(|&(w, _)| w == seat) {
                    return Err(usage(format!(
                        "{}: seat {} given twice",
                        excerpt(&a),
                        seat.letter()
                    )));
                }
                scores.push((seat, score));
            }
            Arg::Long(name) => return Err(unexpected(&format!("--{name}"))),
            Arg::Short(c) => return Err(unexpected(&format!("-{c}"))),
        }
    }
    let winner = winner.ok_or_else(|| usage("--winner is required"))?;
    Ok(Options { winner, scores })
}

fn unexpected(arg: &str) -> CliError {
    usage(format!(
        "unexpected argument {:?}: expected --winner or SEAT=SCORE",
        excerpt(arg)
    ))
}

/// Settles the round the options describe: the transfers and nets, as printed.
pub fn settle_round(options: &Options) -> Result<String, CliError> {
    let s = settle(&options.scores, options.winner).map_err(|e| usage(e.to_string()))?;
    Ok(s.to_string())
}

/// The whole example: the arguments in, the text to print out.
pub fn run(args: &[String]) -> Result<String, CliError> {
    settle_round(&parse_args(args)?)
}
