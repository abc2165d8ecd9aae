//! Settles a round in the advanced payment system of the French rules (mahjong-rules).
//!
//! ```text
//! cargo run --release --example mahjong_pay -- --winner E|S|W|N E=100 S=250 W=40 N=10
//! ```
//!
//! `--winner` names who went Mah-jong (`--winner none`: nobody; then only the differences
//! are settled). Then one `SEAT=SCORE` per player: four, or three (East and two others) for
//! the three-player variant; East must play.
//!
//! Output (stdout): one line per transfer in the seed's order (payments to the winner, then
//! the differences between losers, then the exceptions), `S pays E 200`; then one line per
//! player in seat order, `net E 0`, `net S 850` (negative for a loss).
//!
//! Exit status: 0 on success; 2 with a message on stderr for a bad command line.

use mahjong_rules::payment::settle;
use mahjong_tiles::Wind;

/// The work of the example: the arguments after `--` in, the text to print out.
fn run(args: &[String]) -> Result<String, String> {
    let mut winner: Option<Option<Wind>> = None;
    let mut scores: Vec<(Wind, u64)> = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "--winner" {
            let v = it.next().ok_or("--winner needs a value")?;
            winner = Some(if v.eq_ignore_ascii_case("none") {
                None
            } else {
                Some(v.parse::<Wind>().map_err(|e| e.to_string())?)
            });
        } else if let Some((seat, score)) = a.split_once('=') {
            let seat: Wind = seat.parse().map_err(|e| format!("{a}: {e}"))?;
            let score: u64 = score
                .parse()
                .map_err(|_| format!("{a}: the score must be a whole number"))?;
            scores.push((seat, score));
        } else {
            return Err(format!(
                "unexpected argument {a:?}: expected --winner or SEAT=SCORE"
            ));
        }
    }
    let winner = winner.ok_or("--winner is required")?;
    let s = settle(&scores, winner).map_err(|e| e.to_string())?;
    Ok(s.to_string())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(text) => println!("{text}"),
        Err(e) => {
            eprintln!("mahjong_pay: {e}");
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
    fn seed_example_1() {
        let text = out(&["--winner", "E", "E=100", "S=250", "W=40", "N=10"]).unwrap();
        assert_eq!(
            text,
            "S pays E 200\nW pays E 200\nN pays E 200\nW pays S 210\nN pays S 240\nN pays W 30\n\
             E pays S 600\nnet E 0\nnet S 850\nnet W -380\nnet N -470"
        );
    }

    #[test]
    fn seed_example_2() {
        let text = out(&["--winner", "S", "E=30", "S=100", "W=50", "N=10"]).unwrap();
        assert_eq!(
            text,
            "W pays S 100\nN pays S 100\nE pays S 200\nN pays W 40\nN pays E 40\nE pays W 40\n\
             net E -200\nnet S 400\nnet W -20\nnet N -180"
        );
    }

    #[test]
    fn errors() {
        assert!(
            out(&["E=1", "S=2", "W=3"])
                .unwrap_err()
                .contains("--winner is required")
        );
        assert!(
            out(&["--winner", "E", "E=x", "S=2", "W=3"])
                .unwrap_err()
                .contains("whole number")
        );
        assert!(
            out(&["--winner", "E", "E=1", "E=2", "W=3"])
                .unwrap_err()
                .contains("twice")
        );
        assert!(
            out(&["--winner", "Q"])
                .unwrap_err()
                .contains("unknown wind")
        );
        assert!(
            out(&["--winner", "E", "hello"])
                .unwrap_err()
                .contains("unexpected argument")
        );
        assert!(out(&["--winner", "none", "E=10", "S=20", "W=0"]).is_ok());
    }
}
