//! Scores a mahjong hand under the French rules (mahjong-rules), itemised.
//!
//! ```text
//! cargo run --release --example mahjong_score -- [--seat E|S|W|N] [--dominant E|S|W|N]
//!     [--round E|S|W|N] [--win TILE] [--self-drawn] [--last-wall-tile] [--last-discard]
//!     [--robbing-kong] [--calling] "HAND"
//! ```
//!
//! HAND: tiles in the mahjong-tiles notation (`123m 456p 789s 1234567z`), exposed melds in
//! brackets (`[555z]`), declared concealed kongs in parentheses (`(1111m)`), flowers and
//! seasons (`1f 2y`) anywhere. A winning HAND holds 14 tiles (kongs counting three) including
//! its winning tile, which `--win` names; without `--win` the HAND (13 tiles) is scored as a
//! losing hand in a round another player won. `--seat` and `--dominant` default to E;
//! `--round` turns on the round-wind option. `--self-drawn`: the winning tile came from the
//! wall (otherwise a discard); `--last-wall-tile` (needs `--self-drawn`), `--last-discard`,
//! `--robbing-kong`: how it was won; `--calling`: a declared calling hand. Classical table,
//! simple system (East's score doubled).
//!
//! Beyond the issue's contract: `--table seed` scores with every line of the seed's table,
//! the non-classical ones included (`--table classical`, the default, without them).
//!
//! Output (stdout): one line per item (`triplet of terminals 999m: 8 points`,
//! `triplet or kong of dragons [777z]: 1 double`; exposed melds in brackets), notes when the
//! limit or East's doubling applied, then a last line `points P doubles D score S`, preceded
//! on that line by the Grand Jeu's name when one applies (`Grand serpent points 1400 doubles
//! 0 score 1400`).
//!
//! Exit status: 0 on success; 2 with a message on stderr for a bad command line, a hand that
//! does not parse, or a hand that cannot be scored so (e.g. `--win` on a hand that is not a
//! Mah-jong).

use mahjong_rules::{Hand, PointsTable, RuleOptions, Situation, Win, score};
use mahjong_tiles::{Tile, Wind};

/// The work of the example: the arguments after `--` in, the text to print out.
fn run(args: &[String]) -> Result<String, String> {
    let mut seat = Wind::East;
    let mut dominant = Wind::East;
    let mut round: Option<Wind> = None;
    let mut win_tile: Option<Tile> = None;
    let (mut self_drawn, mut last_wall, mut last_discard, mut robbing, mut calling) =
        (false, false, false, false, false);
    let mut table = PointsTable::classical();
    let mut hand_text: Option<&str> = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = |name: &str| {
            it.next()
                .map(String::as_str)
                .ok_or_else(|| format!("{name} needs a value"))
        };
        let wind = |v: &str| v.parse::<Wind>().map_err(|e| e.to_string());
        match a.as_str() {
            "--seat" => seat = wind(value("--seat")?)?,
            "--dominant" => dominant = wind(value("--dominant")?)?,
            "--round" => round = Some(wind(value("--round")?)?),
            "--win" => {
                let v = value("--win")?;
                win_tile = Some(v.parse().map_err(|e| format!("--win {v}: {e}"))?);
            }
            "--self-drawn" => self_drawn = true,
            "--last-wall-tile" => last_wall = true,
            "--last-discard" => last_discard = true,
            "--robbing-kong" => robbing = true,
            "--calling" => calling = true,
            "--table" => {
                table = match value("--table")? {
                    "classical" => PointsTable::classical(),
                    "seed" => PointsTable::full(),
                    other => return Err(format!("--table {other}: expected classical or seed")),
                }
            }
            flag if flag.starts_with("--") => return Err(format!("unknown option {flag}")),
            text => {
                if hand_text.replace(text).is_some() {
                    return Err("give the hand as one argument (quote it)".into());
                }
            }
        }
    }
    let text = hand_text.ok_or("no HAND given")?;
    let hand: Hand = text.parse().map_err(|e| format!("hand {text:?}: {e}"))?;
    let mut situation = Situation::new(seat, dominant).with_calling(calling);
    if let Some(r) = round {
        situation = situation.with_round_wind(r);
    }
    match win_tile {
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
            return Err(
                "--self-drawn, --last-wall-tile, --last-discard and --robbing-kong need --win"
                    .into(),
            );
        }
        None => {}
    }
    let options = RuleOptions::default().with_table(table);
    let s = score(&hand, &situation, &options).map_err(|e| e.to_string())?;
    Ok(s.to_string())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(text) => println!("{text}"),
        Err(e) => {
            eprintln!("mahjong_score: {e}");
            std::process::exit(2);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::run;

    fn out(args: &[&str]) -> Result<String, String> {
        run(&args.iter().map(|s| s.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn winning_hand_itemised_with_totals_last() {
        let text = out(&[
            "--seat",
            "S",
            "--dominant",
            "W",
            "--win",
            "5z",
            "234m 678m 999p 55z [777z] 2f",
        ])
        .unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert!(
            lines.contains(&"triplet of terminals 999p: 8 points"),
            "{text}"
        );
        assert!(
            lines.contains(&"triplet or kong of dragons [777z]: 1 double"),
            "{text}"
        );
        assert!(lines.contains(&"pair of dragons [55z]: 0 points"), "{text}");
        assert_eq!(*lines.last().unwrap(), "points 36 doubles 2 score 144");
    }

    #[test]
    fn flags_change_the_score() {
        let base = ["--seat", "S", "--dominant", "W", "--win", "5m"];
        let hand = "123m 456p 789s 111z 55m";
        let last = |extra: &[&str]| {
            let mut a: Vec<&str> = base.to_vec();
            a.extend_from_slice(extra);
            a.push(hand);
            out(&a).unwrap().lines().last().unwrap().to_string()
        };
        assert_eq!(last(&[]), "points 28 doubles 0 score 28");
        assert_eq!(last(&["--self-drawn"]), "points 30 doubles 0 score 30");
        assert_eq!(
            last(&["--self-drawn", "--last-wall-tile"]),
            "points 30 doubles 1 score 60"
        );
        assert_eq!(last(&["--last-discard"]), "points 28 doubles 1 score 56");
        assert_eq!(last(&["--calling"]), "points 28 doubles 1 score 56");
        assert_eq!(last(&["--round", "E"]), "points 28 doubles 1 score 56");
    }

    #[test]
    fn table_switches_the_non_classical_lines() {
        let args = [
            "--seat",
            "S",
            "--dominant",
            "W",
            "--win",
            "5m",
            "--self-drawn",
        ];
        let hand = "123m 456p 789s 111z 55m";
        let with = |table: Option<&str>| {
            let mut a: Vec<&str> = args.to_vec();
            if let Some(t) = table {
                a.extend(["--table", t]);
            }
            a.push(hand);
            out(&a).unwrap()
        };
        let classical = with(None);
        assert_eq!(classical, with(Some("classical")));
        assert!(!classical.contains("fully concealed hand"), "{classical}");
        assert_eq!(
            classical.lines().last(),
            Some("points 30 doubles 0 score 30")
        );
        let seed = with(Some("seed"));
        assert!(
            seed.lines().any(|l| l == "fully concealed hand: 1 double"),
            "{seed}"
        );
        assert_eq!(seed.lines().last(), Some("points 30 doubles 1 score 60"));
        assert!(
            out(&["--table", "pink", hand])
                .unwrap_err()
                .contains("expected classical or seed")
        );
    }

    #[test]
    fn robbing_kong_and_east_doubling() {
        let text = out(&["--win", "2m", "--robbing-kong", "123m 456p 789s 111z 55m"]).unwrap();
        // East seat and dominant by default: 111z gives two doubles, plus robbing a kong.
        assert!(text.contains("East: score doubled (simple system)"));
        assert_eq!(
            text.lines().last().unwrap(),
            "points 28 doubles 3 score 448"
        );
    }

    #[test]
    fn limit_hand_name_before_the_totals() {
        let text = out(&["--seat", "S", "--win", "9s", "123456789s 777z 11z"]).unwrap();
        assert_eq!(
            text.lines().last().unwrap(),
            "Grand serpent points 1400 doubles 0 score 1400"
        );
    }

    #[test]
    fn losing_hand_without_win() {
        let text = out(&["--seat", "W", "--dominant", "S", "1112m 456p 799s 135z 3f"]).unwrap();
        assert_eq!(text.lines().last().unwrap(), "points 12 doubles 1 score 24");
    }

    #[test]
    fn errors() {
        assert!(out(&[]).unwrap_err().contains("no HAND"));
        assert!(
            out(&["--seat"])
                .unwrap_err()
                .contains("--seat needs a value")
        );
        assert!(
            out(&["--seat", "X", "123m"])
                .unwrap_err()
                .contains("unknown wind")
        );
        assert!(
            out(&["--bogus", "123m"])
                .unwrap_err()
                .contains("unknown option")
        );
        assert!(
            out(&["--self-drawn", "123m 456p 789s 111z 5m"])
                .unwrap_err()
                .contains("need --win")
        );
        let e = out(&["--win", "1m", "124m 456p 789s 111z 55m"]).unwrap_err();
        assert!(e.contains("not a Mah-jong"), "{e}");
        let e = out(&["123m [456p"]).unwrap_err();
        assert!(e.contains("never closed"), "{e}");
        assert!(out(&["123m", "456p"]).unwrap_err().contains("one argument"));
    }
}
