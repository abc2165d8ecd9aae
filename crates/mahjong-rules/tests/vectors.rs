//! Test vectors from `tests/data/hands.txt`: hand, situation, expected score.

use mahjong_rules::{HandOutcome, PointsTable, RuleOptions, ScoringSystem, Situation, Win, score};
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
        assert_eq!(
            parts.len(),
            3,
            "line {}: hand | situation | expected",
            n + 1
        );
        let h = hand(parts[0]);
        let mut sit = Situation::new(Wind::South, Wind::West);
        let mut win: Option<Win> = None;
        let mut options = RuleOptions::default();
        for tok in parts[1].split_whitespace() {
            let (k, v) = tok.split_once('=').unwrap_or((tok, ""));
            match k {
                "seat" => sit.seat = wind(v),
                "dominant" => sit.dominant = wind(v),
                "round" => sit.round_wind = Some(wind(v)),
                "calling" => sit.calling = true,
                "nobody-won" => sit.outcome = HandOutcome::NobodyWon,
                "win" => win = Some(Win::discard(tile(v))),
                "self-drawn" => win.as_mut().expect("win= first").self_drawn = true,
                "last-wall-tile" => win.as_mut().expect("win= first").last_wall_tile = true,
                "last-discard" => win.as_mut().expect("win= first").last_discard = true,
                "robbing-kong" => win.as_mut().expect("win= first").robbing_kong = true,
                "table" if v == "full" => options = options.with_table(PointsTable::full()),
                "system" if v == "advanced" => {
                    options = options.with_system(ScoringSystem::Advanced)
                }
                other => panic!("line {}: unknown option {other}", n + 1),
            }
        }
        if let Some(w) = win {
            sit = sit.with_win(w);
        }
        let s = score(&h, &sit, &options).unwrap_or_else(|e| panic!("line {}: {e}", n + 1));
        let mut got = format!(
            "points={} doubles={} score={}",
            s.points, s.doubles, s.total
        );
        if let Some(l) = s.limit_hand {
            got.push_str(&format!(" limit={l:?}"));
        }
        assert_eq!(got, parts[2], "line {}: {}\n{s}", n + 1, parts[0]);
        checked += 1;
    }
    assert!(checked >= 15, "only {checked} vectors");
}

#[cfg(feature = "serde")]
#[test]
fn serde_round_trips_through_the_notation() {
    let h = hand("123m 55z [777z] (1111p) 456s 1f");
    let json = serde_json::to_string(&h).unwrap();
    assert_eq!(json, "\"123m 456s 55z [777z] (1111p) 1f\"");
    let back: mahjong_rules::Hand = serde_json::from_str(&json).unwrap();
    assert_eq!(back, h);
    let sit = Situation::new(Wind::South, Wind::West).with_win(Win::discard(tile("5z")));
    let s = score(
        &hand("234m 678m 999p 55z [777z] 2f"),
        &sit,
        &RuleOptions::default(),
    )
    .unwrap();
    let json = serde_json::to_string(&s).unwrap();
    let back: mahjong_rules::Score = serde_json::from_str(&json).unwrap();
    assert_eq!(back, s);
    assert!(serde_json::from_str::<mahjong_rules::Hand>("\"123m [\"").is_err());
}

#[cfg(feature = "serde")]
#[test]
fn the_data_types_round_trip_through_serde() {
    use mahjong_rules::claims::{ClaimKind, check_claim};
    use mahjong_rules::rotation::RoundEnd;
    use mahjong_rules::{Meld, payment, wall};
    use rand::SeedableRng;
    fn round_trip<T>(value: &T)
    where
        T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
    {
        let json = serde_json::to_string(value).unwrap();
        assert_eq!(&serde_json::from_str::<T>(&json).unwrap(), value, "{json}");
    }
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(3);
    round_trip(&wall::setup(mahjong_tiles::TileSet::Full, 4, &mut rng).unwrap());
    round_trip(
        &payment::settle(
            &[(Wind::East, 30), (Wind::South, 90), (Wind::West, 8)],
            None,
        )
        .unwrap(),
    );
    round_trip(&payment::Sticks::for_amount(1234));
    round_trip(&RuleOptions::default().with_table(PointsTable::full()));
    round_trip(&RoundEnd::MahJong(Wind::West));
    for m in ["[123m]", "(1111z)", "999p"] {
        round_trip(&m.parse::<Meld>().unwrap());
    }
    let claim = check_claim(
        &hand("55p 123m 456m 789s 1z 9p"),
        Wind::South,
        Wind::East,
        tile("5p"),
        ClaimKind::Pung,
    );
    round_trip(&claim.unwrap());
    let sit = Situation::new(Wind::North, Wind::East).with_round_wind(Wind::South);
    round_trip(&sit.with_outcome(HandOutcome::NobodyWon));
}
