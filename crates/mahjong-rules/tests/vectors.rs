//! Test vectors from `tests/data/hands.txt`: hand, situation, expected score.

use mahjong_rules::{
    LimitHand, Outcome, PointsTable, RuleOptions, ScoringSystem, Situation, Win, score,
};
use mahjong_tiles::Wind;

use crate::common::{hand, tile};

fn wind(s: &str) -> Wind {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

#[test]
fn hands_file() {
    let text = include_str!("data/hands.txt");
    let mut checked = 0;
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let parts: Vec<&str> = line.split('|').map(str::trim).collect();
        assert_eq!(parts.len(), 3, "line {}: hand | situation | expected", n + 1);
        let h = hand(parts[0]);
        let mut sit = Situation::new(Wind::South, Wind::West);
        let mut win: Option<Win> = None;
        let mut options = RuleOptions::default();
        for tok in parts[1].split_whitespace() {
            let (k, v) = tok.split_once('=').unwrap_or((tok, ""));
            match k {
                "seat" => sit.seat = wind(v),
                "dominant" => sit.dominant = wind(v),
                "round" => sit.round = Some(wind(v)),
                "calling" => sit.calling = true,
                "nobody-won" => sit.outcome = Outcome::NobodyWon,
                "win" => win = Some(Win::discard(tile(v))),
                "self-drawn" => win.as_mut().expect("win= first").self_drawn = true,
                "last-wall-tile" => win.as_mut().expect("win= first").last_wall_tile = true,
                "last-discard" => win.as_mut().expect("win= first").last_discard = true,
                "robbing-kong" => win.as_mut().expect("win= first").robbing_kong = true,
                "table=seed" => {}
                "table" => options = options.with_table(PointsTable::seed()),
                "system" => options = options.with_system(ScoringSystem::Advanced),
                other => panic!("line {}: unknown option {other}", n + 1),
            }
        }
        if let Some(w) = win {
            sit = sit.with_win(w);
        }
        let s = score(&h, &sit, &options).unwrap_or_else(|e| panic!("line {}: {e}", n + 1));
        let mut got = format!("points={} doubles={} score={}", s.points, s.doubles, s.total);
        if let Some(l) = s.limit_hand {
            got.push_str(&format!(" limit={l:?}"));
        }
        assert_eq!(got, parts[2], "line {}: {}\n{s}", n + 1, parts[0]);
        let _ = LimitHand::ALL;
        checked += 1;
    }
    assert!(checked >= 15, "only {checked} vectors");
}
