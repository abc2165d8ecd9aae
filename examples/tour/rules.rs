//! The tour's mahjong-rules section: deal a seeded round, score a hand, settle a round.

use std::io::{self, Write};

use mahjong_rules::payment::{Sticks, settle};
use mahjong_rules::wall::setup;
use mahjong_rules::{Hand, RuleOptions, ScoringSystem, Situation, Win, score, waits};
use mahjong_tiles::{TileSet, Tiles, Wind};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

/// Deals a seeded round, scores a winning hand, shows waits and settles a round.
pub fn run(out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "== mahjong-rules: French rules ==")?;
    let mut rng = Pcg64Mcg::seed_from_u64(9);
    let round = setup(TileSet::Full, 4, &mut rng).expect("a full set deals");
    let breach = round.wall.breach();
    writeln!(
        out,
        "Dice: East {:?}, dominant {} {:?}; breach on {}'s wall, stack {} from the right",
        round.east_roll, breach.dominant, round.dominant_roll, breach.wall, breach.stack
    )?;
    for h in &round.hands {
        writeln!(
            out,
            "  {} {:<40} bonus {}",
            h.wind,
            Tiles(h.concealed.clone()).to_string(),
            Tiles(h.bonus.clone())
        )?;
    }
    writeln!(
        out,
        "  live wall {} tiles, dead wall {}",
        round.wall.live_len(),
        round.wall.dead_len()
    )?;

    let text = "234m 678m 999p 55z [777z] 2f";
    let hand: Hand = text.parse().expect("valid hand");
    let situation =
        Situation::new(Wind::South, Wind::West).with_win(Win::discard("5z".parse().expect("tile")));
    let s = score(&hand, &situation, &RuleOptions::default()).expect("a Mah-jong");
    writeln!(out, "South goes Mah-jong on a discarded 5z with {text}:")?;
    for line in s.to_string().lines() {
        writeln!(out, "  {line}")?;
    }
    let calling: Hand = "23m 456p 789s 111z 55z".parse().expect("valid hand");
    let w: Tiles = waits::waits(&calling, Wind::East).expect("13 tiles").into();
    writeln!(out, "{calling} waits on {w}")?;

    let options = RuleOptions::default().with_system(ScoringSystem::Advanced);
    let others = [
        (Wind::East, "123m 456p 11z 999s 47z"),
        (Wind::West, "[111s] 345s 66p 79m 5m 24z"),
        (Wind::North, "[555p] [222z] 19m 19s 357z 1y"),
    ];
    let mut scores = vec![(
        Wind::South,
        score(&hand, &situation, &options)
            .expect("a Mah-jong")
            .total,
    )];
    for (seat, text) in others {
        let h: Hand = text.parse().expect("valid hand");
        let s = score(&h, &Situation::new(seat, Wind::West), &options).expect("13 tiles");
        scores.push((seat, s.total));
    }
    scores.sort();
    writeln!(out, "Advanced system, South wins; scores {scores:?}")?;
    let settlement = settle(&scores, Some(Wind::South)).expect("four players");
    for line in settlement.to_string().lines() {
        writeln!(out, "  {line}")?;
    }
    let biggest = settlement
        .transfers
        .iter()
        .map(|t| t.amount)
        .max()
        .unwrap_or(0);
    writeln!(
        out,
        "  largest payment {biggest} in sticks: {}",
        Sticks::for_amount(biggest)
    )?;
    writeln!(out)
}
