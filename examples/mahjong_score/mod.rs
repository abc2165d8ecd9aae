//! `mahjong_score`: scores a mahjong hand under the French rules (mahjong-rules), itemised.
//!
//! ```text
//! cargo run --release --example mahjong_score -- [--seat E|S|W|N] [--dominant E|S|W|N]
//!     [--round E|S|W|N] [--win TILE] [--self-drawn] [--last-wall-tile] [--last-discard]
//!     [--robbing-kong] [--calling] [--draw] [--table classical|seed]
//!     [--system simple|advanced] "HAND"
//! ```
//!
//! HAND: tiles in the mahjong-tiles notation (`123m 456p 789s 1234567z`), exposed melds in
//! brackets (`[555z]`), declared concealed kongs in parentheses (`(1111m)`), flowers and
//! seasons (`1f 2y`) anywhere. A winning HAND holds 14 tiles (kongs counting three) including
//! its winning tile, which `--win` names; without `--win` the HAND (13 tiles) is scored as a
//! losing hand in a round another player won, or with `--draw` in a round nobody won (the
//! live wall ran out: `Situation::with_draw`, as the table scores the four hands of a drawn
//! round; `--draw` and `--win` exclude each other). `--seat` and `--dominant` default to E;
//! `--round` turns on the round-wind option. `--self-drawn`: the winning tile came from the
//! wall (otherwise a discard); `--last-wall-tile` (needs `--self-drawn`), `--last-discard`,
//! `--robbing-kong`: how it was won; `--calling`: a declared calling hand. Classical table,
//! simple system (East's score doubled). `--table seed` scores with every line of the
//! table of the rules, the non-classical ones included (`PointsTable::full`);
//! `--table classical`, the default, without them. `--system advanced` scores for the
//! advanced system, where East's own score is not doubled (East doubles its payments
//! instead: settle them with `mahjong_pay`); `--system simple`, the default, doubles it.
//!
//! Output (stdout): one line per item (`triplet of terminals 999m: 8 points`,
//! `triplet or kong of dragons [777z]: 1 double`; exposed melds in brackets), notes when the
//! limit or East's doubling applied, then a last line `points P doubles D score S`, preceded
//! on that line by the Grand Jeu's name when one applies (`Grand serpent points 1400 doubles
//! 0 score 1400`).
//!
//! Exit status: 0 on success and for `--help` (the usage on stdout); 2 with a message on
//! stderr for a bad command line, a hand that does not parse, or a hand that cannot be scored
//! so (e.g. `--win` on a hand that is not a Mah-jong). Messages quote at most the first 40
//! characters of a long argument.

use mahjong_rules::{Hand, PointsTable, RuleOptions, ScoringSystem, Situation, Win, score};
use mahjong_tiles::{Tile, Wind};

use crate::cli::{self, Arg, CliError, excerpt, usage};

/// The usage, printed by `--help`.
pub const USAGE: &str = "\
usage: mahjong_score [--seat E|S|W|N] [--dominant E|S|W|N] [--round E|S|W|N] [--win TILE]
                     [--self-drawn] [--last-wall-tile] [--last-discard] [--robbing-kong]
                     [--calling] [--draw] [--table classical|seed] [--system simple|advanced]
                     \"HAND\"
Scores a mahjong hand under the French rules, itemised, ending with `points P doubles D score S`.
HAND: tiles such as \"123m 456p 789s 11z\", exposed melds in brackets [555z], declared
concealed kongs in parentheses (1111m), flowers and seasons (1f 2y) anywhere; 14 tiles with
--win (the winning tile, a discard unless --self-drawn), else 13 (a losing hand; with
--draw, a hand of a round nobody won).";

/// What the command line asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// The hand, as written.
    pub hand: String,
    /// The situation: seat, dominant and round winds, calling hand, and the win if any.
    pub situation: Situation,
    /// The points table.
    pub table: PointsTable,
    /// The scoring system (simple: East's score doubled; advanced: not).
    pub system: ScoringSystem,
}

/// Reads the arguments (without the program name).
pub fn parse_args(args: &[String]) -> Result<Options, CliError> {
    let mut seat = Wind::East;
    let mut dominant = Wind::East;
    let mut round: Option<Wind> = None;
    let mut win_tile: Option<Tile> = None;
    let (mut self_drawn, mut last_wall, mut last_discard, mut robbing, mut calling) =
        (false, false, false, false, false);
    let mut draw = false;
    let mut table = PointsTable::classical();
    let mut system = ScoringSystem::Simple;
    let mut hand: Option<String> = None;
    let mut p = cli::parser(args);
    while let Some(arg) = cli::next(&mut p)? {
        match arg {
            Arg::Long("seat") => seat = cli::value(&mut p, "--seat")?,
            Arg::Long("dominant") => dominant = cli::value(&mut p, "--dominant")?,
            Arg::Long("round") => round = Some(cli::value(&mut p, "--round")?),
            Arg::Long("win") => win_tile = Some(cli::value(&mut p, "--win")?),
            Arg::Long("self-drawn") => self_drawn = true,
            Arg::Long("last-wall-tile") => last_wall = true,
            Arg::Long("last-discard") => last_discard = true,
            Arg::Long("robbing-kong") => robbing = true,
            Arg::Long("calling") => calling = true,
            Arg::Long("draw") => draw = true,
            Arg::Long("table") => {
                let full = cli::choice(&mut p, "--table", &[("classical", false), ("seed", true)])?;
                table = if full {
                    PointsTable::full()
                } else {
                    PointsTable::classical()
                };
            }
            Arg::Long("system") => system = cli::value(&mut p, "--system")?,
            Arg::Short('h') | Arg::Long("help") => return Err(CliError::Help(USAGE.into())),
            Arg::Value(text) => {
                let text = text
                    .into_string()
                    .map_err(|_| usage("the hand is not valid UTF-8"))?;
                if hand.replace(text).is_some() {
                    return Err(usage("give the hand as one argument (quote it)"));
                }
            }
            Arg::Long(name) => return Err(usage(format!("unknown option --{}", excerpt(name)))),
            Arg::Short(c) => return Err(usage(format!("unknown option -{c}"))),
        }
    }
    let hand = hand.ok_or_else(|| usage("no HAND given"))?;
    let mut situation = Situation::new(seat, dominant).with_calling(calling);
    if let Some(r) = round {
        situation = situation.with_round_wind(r);
    }
    match win_tile {
        Some(_) if draw => {
            return Err(usage(
                "--draw scores a hand of a round nobody won: it excludes --win",
            ));
        }
        Some(tile) => {
            situation = situation.with_win(Win {
                tile,
                self_drawn,
                last_wall_tile: last_wall,
                last_discard,
                robbing_kong: robbing,
            })
        }
        None if self_drawn || last_wall || last_discard || robbing => {
            return Err(usage(
                "--self-drawn, --last-wall-tile, --last-discard and --robbing-kong need --win",
            ));
        }
        None if draw => situation = situation.with_draw(),
        None => {}
    }
    Ok(Options {
        hand,
        situation,
        table,
        system,
    })
}

/// Scores the hand the options describe: the itemised score, as printed.
pub fn score_hand(options: &Options) -> Result<String, CliError> {
    let text = &options.hand;
    let hand: Hand = text
        .parse()
        .map_err(|e| usage(format!("hand {:?}: {e}", excerpt(text))))?;
    let rules = RuleOptions::default()
        .with_table(options.table.clone())
        .with_system(options.system);
    let s = score(&hand, &options.situation, &rules).map_err(|e| usage(e.to_string()))?;
    Ok(s.to_string())
}

/// The whole example: the arguments in, the text to print out.
pub fn run(args: &[String]) -> Result<String, CliError> {
    score_hand(&parse_args(args)?)
}
