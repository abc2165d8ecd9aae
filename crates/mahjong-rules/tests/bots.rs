//! Computer players: bots of every kind at one table (a seeded game, its outcome pinned),
//! and only legal actions, whatever the mix.

use mahjong_rules::table::bots::{self, Bot, EfficientBot, RandomBot, ScorerBot, play_game};
use mahjong_rules::table::{Game, Round, TableOptions};
use mahjong_rules::wall::Deal;
use mahjong_tiles::{Tile, TileSet};
use proptest::prelude::*;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

fn names() -> [String; 4] {
    ["a", "b", "c", "d"].map(String::from)
}

fn assert_census(round: &Round) {
    let census = round.census();
    let set = round.options().tile_set;
    for t in Tile::ALL {
        assert_eq!(census[t.index()], usize::from(set.copies(t)), "{t}");
    }
}

/// A seeded game of eight rounds with a random, an efficient and two scorer bots at one
/// table: its winners and totals are pinned (a change in a bot's decisions, in the table's
/// rules or in the generator's values shows here), and its record replays.
#[test]
fn bots_of_every_kind_play_one_game() {
    let mut table: [Box<dyn Bot>; 4] = [
        Box::new(RandomBot),
        Box::new(EfficientBot),
        Box::new(ScorerBot),
        bots::by_name("scorer").unwrap(),
    ];
    let mut game = Game::new(names(), TableOptions::default().with_rounds(8))
        .unwrap()
        .with_seed(2027);
    play_game(&mut game, &mut table, &mut Pcg64Mcg::seed_from_u64(2027)).unwrap();
    assert!(game.is_finished());
    let winners: Vec<Option<usize>> = game
        .rounds()
        .iter()
        .map(|r| {
            let o = r.outcome.as_ref().unwrap();
            o.winner.map(|w| r.seats[w])
        })
        .collect();
    // Players 2 and 3 are the scorers, 1 the efficient bot, 0 the random one.
    let pinned = [3, 2, 3, 2, 3, 3, 3, 1].map(Some);
    assert_eq!(winners, pinned);
    assert_eq!(game.totals(), [168, 164, 328, 368]);
    assert_eq!(game.record().replay().unwrap(), game);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(8))]

    /// Games between bots of every kind, played step by step: each bot's action is one of
    /// its seat's legal actions, the tiles are all there after every step, every round ends.
    #[test]
    fn bots_play_only_legal_actions(seed in any::<u64>(), kinds in proptest::array::uniform4(0usize..3)) {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut bots: [Box<dyn Bot>; 4] = kinds.map(|k| bots::by_name(bots::NAMES[k]).unwrap());
        let options = TableOptions::default().with_rounds(2).with_calling(seed % 2 == 0);
        let mut game = Game::new(names(), options).unwrap();
        while !game.is_finished() {
            if game.needs_deal() {
                game.deal(Deal::random(TileSet::Full, &mut rng)).unwrap();
            }
            let mut steps = 0;
            while let Some(round) = game.round() {
                assert_census(round);
                let seat = game.to_act()[0];
                let view = game.view(seat).unwrap();
                let legal = view.legal_actions();
                let player = game.seats()[seat];
                let action = bots[player].choose(&view, &mut rng);
                prop_assert!(legal.contains(&action), "{} played {}", bots[player].name(), action);
                game.play(action).unwrap();
                steps += 1;
                prop_assert!(steps < 2000, "a round that does not end");
            }
        }
        prop_assert_eq!(game.rounds().len(), 2);
    }
}

/// The searching bot at a table of scorers, in every phase it meets (calling hands on,
/// Japanese discards on half the seeds): only legal actions, the same game for the same seed,
/// and the game replays.
#[test]
fn the_expert_plays_legal_actions_and_is_deterministic() {
    use mahjong_rules::table::bots::ExpertBot;
    use mahjong_rules::{DiscardRule, RuleOptions, ScoringSystem};
    for seed in 0..3u64 {
        let discards = if seed % 2 == 0 {
            DiscardRule::Chinese
        } else {
            DiscardRule::Japanese
        };
        let options = TableOptions::default()
            .with_rules(RuleOptions::default().with_system(ScoringSystem::Advanced))
            .with_discards(discards)
            .with_calling(true)
            .with_rounds(2);
        let play = || {
            let mut table: [Box<dyn Bot>; 4] = [
                Box::new(ExpertBot::new().budget(12)),
                Box::new(ScorerBot),
                Box::new(ScorerBot),
                Box::new(ScorerBot),
            ];
            let mut game = Game::new(names(), options.clone()).unwrap().with_seed(seed);
            play_game(&mut game, &mut table, &mut Pcg64Mcg::seed_from_u64(seed)).unwrap();
            game
        };
        let (one, two) = (play(), play());
        assert!(one.is_finished());
        assert_eq!(one, two, "seed {seed}");
        assert_eq!(one.record().replay().unwrap(), one);
    }
}

/// `DrawSettlement::Nothing`: a round nobody won settles nothing in the advanced system;
/// under the default pairwise settlement drawn rounds move points.
#[test]
fn a_draw_settles_pairwise_or_not_at_all() {
    use mahjong_rules::{DrawSettlement, RuleOptions, ScoringSystem};
    let mut moved = [0i64; 2];
    let mut draws = 0;
    for (i, rule) in [DrawSettlement::Pairwise, DrawSettlement::Nothing]
        .into_iter()
        .enumerate()
    {
        let rules = RuleOptions::default()
            .with_system(ScoringSystem::Advanced)
            .with_draw_settlement(rule);
        let mut game = Game::new(names(), TableOptions::default().with_rules(rules)).unwrap();
        let mut table: [Box<dyn Bot>; 4] =
            core::array::from_fn(|_| Box::new(RandomBot) as Box<dyn Bot>);
        play_game(&mut game, &mut table, &mut Pcg64Mcg::seed_from_u64(3)).unwrap();
        for r in game.rounds() {
            let o = r.outcome.as_ref().unwrap();
            if o.winner.is_none() {
                draws += 1;
                moved[i] += o.nets.0.iter().map(|n| n.abs()).sum::<i64>();
                if rule == DrawSettlement::Nothing {
                    assert!(o.payments.is_empty());
                }
            }
        }
    }
    assert!(draws > 2, "{draws}");
    assert!(moved[0] > 0);
    assert_eq!(moved[1], 0);
}
