//! The table engine: properties over random games (tiles conserved, rounds end, payments
//! sum to zero, records replay, bots play only legal actions, illegal actions change
//! nothing) and scripted rounds for the situations of the article.

use mahjong_rules::claims::ClaimError;
use mahjong_rules::table::bots::{Bot, RandomBot, play_game};
use mahjong_rules::table::{Action, Game, Phase, PlayError, Round, TableOptions};
use mahjong_rules::wall::{Deal, DealtHand, Setup, Wall, locate_breach};
use mahjong_rules::{DiscardRule, LimitHand, ScoringSystem, Win};
use mahjong_tiles::{Tile, TileSet, Wind, parse_tiles};
use proptest::prelude::*;
use rand::seq::IndexedRandom;
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;

use Wind::*;

fn random_bots() -> [Box<dyn Bot>; 4] {
    core::array::from_fn(|_| Box::new(RandomBot) as Box<dyn Bot>)
}

fn names() -> [String; 4] {
    ["a", "b", "c", "d"].map(String::from)
}

fn t(s: &str) -> Tile {
    s.parse().unwrap()
}

fn act(s: &str) -> Action {
    s.parse().unwrap_or_else(|e| panic!("{s:?}: {e}"))
}

fn assert_census(round: &Round) {
    let census = round.census();
    let set = round.options().tile_set;
    for t in Tile::ALL {
        assert_eq!(census[t.index()], usize::from(set.copies(t)), "{t}");
    }
}

/// Any action at all, legal or not.
fn arbitrary_action(rng: &mut Pcg64Mcg) -> Action {
    let seat = Wind::ALL[rng.random_range(0..4)];
    let tile = Tile::ALL[rng.random_range(0..Tile::COUNT)];
    crate::common::any_action(seat, tile, rng.random_range(0..8))
}

/// Plays one round to its end with uniformly random legal actions, checking after every
/// action that the tiles are all there, that every listed action checks, and that an
/// arbitrary illegal action is refused and changes nothing.
fn random_round(options: TableOptions, seed: u64) -> Round {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let setup = Deal::random(options.tile_set, &mut rng).setup(4).unwrap();
    let mut round = Round::new(&setup, None, options).unwrap();
    assert_census(&round);
    let mut steps = 0;
    while !round.is_over() {
        let moves = round.legal_moves();
        assert!(!moves.is_empty(), "{:?}", round.phase());
        let to_act = round.to_act();
        for &m in &moves {
            assert!(to_act.contains(&m.seat()));
            assert_eq!(round.check(m), Ok(()), "{m}");
        }
        for _ in 0..4 {
            let any = arbitrary_action(&mut rng);
            if !moves.contains(&any) {
                let before = round.clone();
                assert!(round.play(any).is_err(), "{any} played though not listed");
                assert_eq!(round, before);
            }
        }
        let &m = moves.choose(&mut rng).unwrap();
        round.play(m).unwrap();
        assert_census(&round);
        steps += 1;
        assert!(steps < 2000, "a round that does not end");
    }
    assert_eq!(round.phase(), Phase::Over);
    assert!(round.legal_moves().is_empty());
    assert_eq!(
        round.play(Action::Pass { seat: East }),
        Err(PlayError::RoundOver)
    );
    let scores = round.scores().unwrap();
    if let Some((w, win)) = round.win() {
        assert!(round.hand(w).unwrap().concealed().contains(&win.tile));
        assert!(scores[w].total > 0);
    }
    round
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn random_rounds_conserve_tiles_and_end(seed in any::<u64>(), which in 0usize..3) {
        random_round(crate::common::option_sets()[which].clone(), seed);
    }

    #[test]
    fn undo_goes_back_to_the_same_state(seed in any::<u64>(), cut in 0usize..60) {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let setup = Deal::random(TileSet::Full, &mut rng).setup(4).unwrap();
        let mut round = Round::new(&setup, None, TableOptions::default()).unwrap();
        let mut states = vec![round.clone()];
        for _ in 0..cut {
            let Some(&m) = round.legal_moves().choose(&mut rng) else { break };
            round.play(m).unwrap();
            states.push(round.clone());
        }
        while let Some(last) = round.undo() {
            states.pop();
            prop_assert_eq!(&round, states.last().unwrap(), "after undoing {}", last);
        }
        prop_assert_eq!(states.len(), 1);
    }

    #[test]
    fn games_pay_to_zero_and_replay(seed in any::<u64>(), advanced in any::<bool>()) {
        let system = if advanced { ScoringSystem::Advanced } else { ScoringSystem::Simple };
        let mut options = TableOptions::default().with_rounds(4);
        options.rules.system = system;
        let mut game = Game::new(names(), options).unwrap();
        play_game(&mut game, &mut random_bots(), &mut Pcg64Mcg::seed_from_u64(seed)).unwrap();
        prop_assert!(game.is_finished());
        prop_assert_eq!(game.rounds().len(), 4);
        let mut totals = [0i64; 4];
        for r in game.rounds() {
            let o = r.outcome.as_ref().unwrap();
            // Each net is what its seat received less what it paid.
            for (w, &net) in o.nets.iter() {
                let got: i64 = o.payments.iter().filter(|p| p.to == w).map(|p| p.amount as i64).sum();
                let gave: i64 = o.payments.iter().filter(|p| p.from == w).map(|p| p.amount as i64).sum();
                if advanced {
                    prop_assert_eq!(net, got - gave);
                } else {
                    prop_assert_eq!(net, o.scores[w].total as i64);
                }
                totals[r.seats[w]] += net;
            }
            if advanced {
                prop_assert_eq!(o.nets.0.iter().sum::<i64>(), 0);
            } else {
                prop_assert!(o.payments.is_empty());
            }
            // The 144 tiles are all in the outcome.
            let held: usize = o.hands.0.iter().map(|h| {
                h.concealed().len() + h.bonus().len() + h.melds().iter().map(|m| m.len()).sum::<usize>()
            }).sum();
            prop_assert_eq!(held + o.discards.len() + o.live_wall_left + o.dead_wall_left, 144);
        }
        prop_assert_eq!(totals, game.totals());
        let replayed = game.record().replay().unwrap();
        prop_assert_eq!(replayed, game);
    }
}

#[test]
fn winds_rotate_unless_east_wins() {
    let mut game = Game::new(names(), TableOptions::default().with_rounds(16)).unwrap();
    play_game(
        &mut game,
        &mut random_bots(),
        &mut Pcg64Mcg::seed_from_u64(3),
    )
    .unwrap();
    let rounds = game.rounds();
    for pair in rounds.windows(2) {
        let winner = pair[0].outcome.as_ref().unwrap().winner;
        let east_stays = pair[0].seats[East] == pair[1].seats[East];
        assert_eq!(east_stays, winner == Some(East), "{winner:?}");
    }
    // The round wind, when on: a quarter of the game each.
    let mut game = Game::new(
        names(),
        TableOptions::default().with_rounds(8).with_round_wind(true),
    )
    .unwrap();
    play_game(
        &mut game,
        &mut random_bots(),
        &mut Pcg64Mcg::seed_from_u64(3),
    )
    .unwrap();
    let winds: Vec<Option<Wind>> = game.rounds().iter().map(|r| r.round_wind).collect();
    assert_eq!(
        winds,
        [East, East, South, South, West, West, North, North].map(Some)
    );
}

#[test]
fn after_a_draw_the_winds_stay_under_the_other_rule() {
    let mut options = TableOptions::default().with_rounds(12);
    options.rules.draw_rotation = mahjong_rules::DrawRotation::Stay;
    let mut game = Game::new(names(), options).unwrap();
    play_game(
        &mut game,
        &mut random_bots(),
        &mut Pcg64Mcg::seed_from_u64(4),
    )
    .unwrap();
    let mut draws = 0;
    for pair in game.rounds().windows(2) {
        let winner = pair[0].outcome.as_ref().unwrap().winner;
        let stay = pair[0].seats == pair[1].seats;
        assert_eq!(stay, matches!(winner, None | Some(East)), "{winner:?}");
        draws += usize::from(winner.is_none());
    }
    assert!(draws > 0);
}

#[test]
fn a_game_deals_and_plays_in_order() {
    use mahjong_rules::table::DealError;
    let mut game = Game::new(names(), TableOptions::default().with_rounds(1)).unwrap();
    // Before the deal nobody acts: the game is at rest, not finished.
    assert!(game.needs_deal() && game.is_over() && !game.is_finished());
    assert!(game.to_act().is_empty() && game.legal_moves().is_empty());
    assert_eq!(game.play(act("E discard 5m")), Err(PlayError::NoRound));
    let mut rng = Pcg64Mcg::seed_from_u64(2);
    game.deal(Deal::random(TileSet::Full, &mut rng)).unwrap();
    assert_eq!(
        game.deal(Deal::random(TileSet::Full, &mut rng)),
        Err(DealError::RoundInProgress)
    );
    // A deal of the wrong set is refused.
    let mut other = Game::new(names(), TableOptions::default()).unwrap();
    assert!(matches!(
        other.deal(Deal::random(TileSet::WithoutBonus, &mut rng)),
        Err(DealError::Setup(_))
    ));
    play_game(&mut game, &mut random_bots(), &mut rng).unwrap();
    assert!(game.is_finished() && !game.needs_deal());
    assert_eq!(game.play(act("E discard 5m")), Err(PlayError::GameOver));
    assert_eq!(
        game.deal(Deal::random(TileSet::Full, &mut rng)),
        Err(DealError::GameOver)
    );
    assert!(game.last_scores().is_some());
    // A game of no rounds is finished at once.
    let none = Game::new(names(), TableOptions::default().with_rounds(0)).unwrap();
    assert!(none.is_finished() && none.is_over() && !none.needs_deal());
}

#[test]
fn a_tampered_record_is_refused() {
    use mahjong_rules::table::ReplayError;
    let mut game = Game::new(names(), TableOptions::default().with_rounds(2)).unwrap();
    play_game(
        &mut game,
        &mut random_bots(),
        &mut Pcg64Mcg::seed_from_u64(11),
    )
    .unwrap();
    let record = game.record();
    // An action replaced by another seat's.
    let mut r = record.clone();
    let first = r.rounds[0].actions[0];
    r.rounds[0].actions[0] = Action::Pass {
        seat: first.seat().next(),
    };
    assert!(matches!(
        r.replay(),
        Err(ReplayError::Action {
            round: 1,
            index: 1,
            ..
        })
    ));
    // An action dropped: the round does not end where the record says.
    let mut r = record.clone();
    r.rounds[0].actions.pop();
    assert!(matches!(
        r.replay(),
        Err(ReplayError::Unfinished {
            round: 1,
            ended: false
        })
    ));
    // A score changed.
    let mut r = record.clone();
    r.rounds[1].outcome.as_mut().unwrap().scores[East].total += 2;
    assert_eq!(
        r.replay(),
        Err(ReplayError::Outcome {
            round: 2,
            field: "scores"
        })
    );
    // The deal changed: two tiles swapped in the wall give other hands or other draws.
    let mut r = record.clone();
    let tiles = &mut r.rounds[0].deal.tiles;
    let other = tiles.iter().position(|&x| x != tiles[0]).unwrap();
    tiles.swap(0, other);
    assert!(r.replay().is_err());
    // Seats moved.
    let mut r = record.clone();
    r.rounds[1].seats.0.swap(0, 1);
    assert_eq!(
        r.replay(),
        Err(ReplayError::Round {
            round: 2,
            field: "seats"
        })
    );
    // A round too many.
    let mut r = record.clone();
    r.rounds.push(r.rounds[1].clone());
    assert!(matches!(
        r.replay(),
        Err(ReplayError::TooManyRounds { round: 3, .. })
    ));
    // Totals.
    let mut r = record;
    r.totals[2] -= 1;
    assert_eq!(r.replay(), Err(ReplayError::Totals));
}

#[cfg(feature = "serde")]
#[test]
fn a_record_reads_back_from_json() {
    let mut game = Game::new(names(), TableOptions::default().with_rounds(2))
        .unwrap()
        .with_seed(5);
    play_game(
        &mut game,
        &mut random_bots(),
        &mut Pcg64Mcg::seed_from_u64(5),
    )
    .unwrap();
    let record = game.record();
    let json = serde_json::to_string(&record).unwrap();
    let back: mahjong_rules::table::GameRecord = serde_json::from_str(&json).unwrap();
    assert_eq!(back, record);
    assert_eq!(back.seed, Some(5));
    assert_eq!(back.replay().unwrap(), game);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let round = &v["rounds"][0];
    for key in [
        "seats",
        "dominant",
        "round_wind",
        "actions",
        "outcome",
        "deal",
    ] {
        assert!(round.get(key).is_some(), "{key}");
    }
    assert!(round["seats"]["E"].is_u64());
    assert!(round["dominant"].is_string());
    assert!(
        round["actions"][0]
            .as_str()
            .unwrap()
            .starts_with(|c| "ESWN".contains(c))
    );
}

// --- Scripted rounds ---

/// A scripted round: the hands in seat order (the dominant wind's 14 tiles last drawn
/// last), the first tiles of the live wall, its last tiles, and the first tiles of the dead
/// wall; every other tile of the set fills the walls in canonical order.
struct Script {
    set: TileSet,
    dominant: Wind,
    hands: [&'static str; 4],
    live: &'static str,
    live_end: &'static str,
    dead: &'static str,
}

impl Script {
    fn new(hands: [&'static str; 4]) -> Script {
        Script {
            set: TileSet::WithoutBonus,
            dominant: East,
            hands,
            live: "",
            live_end: "",
            dead: "",
        }
    }

    fn round(&self, options: TableOptions) -> Round {
        let mut rest = self.set.to_vec();
        let mut take = |s: &str| -> Vec<Tile> {
            let tiles = parse_tiles(s).unwrap();
            for &x in &tiles {
                let i = rest
                    .iter()
                    .position(|&r| r == x)
                    .unwrap_or_else(|| panic!("no {x} left"));
                rest.remove(i);
            }
            tiles
        };
        let hands: Vec<DealtHand> = Wind::ALL
            .iter()
            .zip(self.hands)
            .map(|(&wind, h)| DealtHand {
                wind,
                concealed: take(h),
                bonus: vec![],
            })
            .collect();
        let live_start = take(self.live);
        let live_end = take(self.live_end);
        let mut dead = take(self.dead);
        while dead.len() < 14 {
            dead.push(rest.pop().unwrap());
        }
        let live: Vec<Tile> = live_start.into_iter().chain(rest).chain(live_end).collect();
        let total = match self.dominant {
            East => 5,
            South => 2,
            West => 3,
            North => 4,
        };
        let breach = locate_breach(total, 2, self.set.len() / 8).unwrap();
        let setup = Setup {
            east_roll: [total - 1, 1],
            dominant_roll: [1, 1],
            wall: Wall::from_parts(live, dead, breach),
            hands,
        };
        Round::new(&setup, None, options.with_tile_set(self.set)).unwrap()
    }
}

fn play(round: &mut Round, actions: &str) {
    for a in actions.split(',') {
        let a = act(a.trim());
        round
            .play(a)
            .unwrap_or_else(|e| panic!("{a}: {e} in {:?}", round.phase()));
    }
}

/// Every seat with a decision in a claim or robbing window passes.
fn pass_all(round: &mut Round) {
    while let Phase::Claims { .. } | Phase::Robbing { .. } = round.phase() {
        let seat = round.to_act()[0];
        round.play(Action::Pass { seat }).unwrap();
    }
}

/// The seat on its turn discards the tile it drew, the others pass.
fn discard_drawn(round: &mut Round) {
    let Phase::Turn { seat } = round.phase() else {
        panic!("not a turn: {:?}", round.phase());
    };
    let tile = round.view(seat).drawn().expect("a drawn tile");
    round.play(Action::Discard { seat, tile }).unwrap();
    pass_all(round);
}

/// East discards 5p; South can chow it, West pung it, North go Mah-jong on its pair.
const CONFLICT: [&str; 4] = [
    "123456789s 234z 6z 5p",
    "46p 111m 999m 19p 55z 7z",
    "55p 222m 888m 37p 11z 7z",
    "5p 123m 456m 789m 444z",
];

#[test]
fn mah_jong_beats_pung_beats_chow() {
    let script = Script::new(CONFLICT);
    let mut round = script.round(TableOptions::default());
    play(&mut round, "E discard 5p");
    assert_eq!(
        round.phase(),
        Phase::Claims {
            discarder: East,
            tile: t("5p")
        }
    );
    assert_eq!(round.to_act(), [South, West, North]);
    // Who may claim what.
    assert_eq!(
        round.check(act("W chow 456p")),
        Err(ClaimError::ChowNotNextPlayer {
            seat: West,
            discarder: East
        }
        .into())
    );
    assert!(matches!(
        round.check(act("S pung")),
        Err(PlayError::Claim(ClaimError::CannotMeld { .. }))
    ));
    assert!(matches!(
        round.check(act("N pung")),
        Err(PlayError::Claim(ClaimError::CannotMeld { .. }))
    ));
    assert_eq!(
        round.check(act("E pass")),
        Err(PlayError::NotToAct { seat: East })
    );
    assert_eq!(
        round.check(act("S discard 4p")),
        Err(PlayError::NotNow {
            action: act("S discard 4p")
        })
    );
    assert!(matches!(
        round.check(act("S mahjong")),
        Err(PlayError::Claim(ClaimError::NotMahJong { .. }))
    ));
    let all = |round: &Round| {
        let mut r = round.clone();
        play(&mut r, "S chow 456p, W pung, N mahjong");
        r
    };
    let r = all(&round);
    assert_eq!(r.win(), Some((North, Win::discard(t("5p")))));
    // North passes: the pung beats the chow.
    let mut r = round.clone();
    play(&mut r, "N pass, S chow 456p, W pung");
    assert_eq!(r.phase(), Phase::Turn { seat: West });
    assert_eq!(r.melds(West)[0].to_string(), "[555p]");
    assert_eq!(r.view(West).drawn(), None);
    assert_eq!(
        r.check(act("W mahjong")),
        Err(PlayError::NoTileDrawn { seat: West })
    );
    // Only the chow.
    let mut r = round;
    play(&mut r, "N pass, W pass, S chow 456p");
    assert_eq!(r.melds(South)[0].to_string(), "[456p]");
    assert_census(&r);
}

#[test]
fn between_mah_jong_claims_pung_then_chow_then_pair_then_turn_order() {
    // South goes Mah-jong by a chow, West by a pung, North by its pair.
    let script = Script::new([
        "123456789s 234z 6z 5p",
        "46p 111m 999m 222m 55z",
        "55p 333m 777m 888m 66z",
        "5p 444m 666m 111z 777z",
    ]);
    let round = script.round(TableOptions::default());
    let winner = |claims: &str| {
        let mut r = round.clone();
        play(&mut r, &format!("E discard 5p, {claims}"));
        r.win().map(|(w, _)| w)
    };
    assert_eq!(winner("S mahjong, W mahjong, N mahjong"), Some(West));
    assert_eq!(winner("S mahjong, W pass, N mahjong"), Some(South));
    assert_eq!(winner("S pass, W pass, N mahjong"), Some(North));
    // Two Mah-jong claims of the same rank: the nearer in turn order after the discarder.
    let pairs = Script::new([
        "123456789s 234z 6z 5p",
        "5p 111m 999m 222m 555z",
        "88p 333m 777m 888m 66z",
        "5p 444m 666m 111z 777z",
    ]);
    let mut r = pairs.round(TableOptions::default());
    play(&mut r, "E discard 5p, N mahjong, S mahjong");
    assert_eq!(r.win().map(|(w, _)| w), Some(South));
}

#[test]
fn the_grand_jeu_priority_is_an_option() {
    // East discards 7z: South goes Mah-jong by a pung of it, West makes the little snake.
    let script = Script::new([
        "123456789s 234z 6z 7z",
        "77z 123m 456m 789m 11p",
        "123456789p 1234z",
        "55m 66m 88m 22s 33s 55z 6z",
    ]);
    for (priority, winner) in [(false, South), (true, West)] {
        let mut options = TableOptions::default();
        options.rules.grand_jeu_priority = priority;
        let mut r = script.round(options);
        play(&mut r, "E discard 7z, S mahjong, W mahjong");
        assert_eq!(r.win().map(|(w, _)| w), Some(winner));
        let scores = r.scores().unwrap();
        if winner == West {
            assert_eq!(scores[West].limit_hand, Some(LimitHand::LittleSnake));
        }
    }
}

/// South pungs East's 5m, later draws the fourth and adds it; West waits on 5m.
const ROBBING: [&str; 4] = [
    "5m 123s 456s 789s 234z 6z",
    "55m 111p 999p 777z 1s 9s",
    "46m 234p 567p 888p 11z",
    "22m 33m 77m 22s 33s 55z 6z",
];

fn robbing_round() -> Round {
    let mut script = Script::new(ROBBING);
    script.live = "8s 8s 8s 5m";
    let mut r = script.round(TableOptions::default());
    play(&mut r, "E discard 5m, W pass, S pung");
    assert_eq!(
        r.check(act("S kong 5m")),
        Err(PlayError::NoKong {
            seat: South,
            tile: t("5m")
        })
    );
    play(&mut r, "S discard 1s");
    pass_all(&mut r);
    for _ in 0..3 {
        discard_drawn(&mut r);
    }
    assert_eq!(r.view(South).drawn(), Some(t("5m")));
    play(&mut r, "S kong 5m");
    assert_eq!(
        r.phase(),
        Phase::Robbing {
            seat: South,
            tile: t("5m")
        }
    );
    assert_eq!(r.to_act(), [West]);
    r
}

#[test]
fn robbing_a_small_kong() {
    let mut r = robbing_round();
    play(&mut r, "W mahjong");
    let (w, win) = r.win().unwrap();
    assert_eq!(w, West);
    assert_eq!(
        win,
        Win {
            robbing_kong: true,
            ..Win::discard(t("5m"))
        }
    );
    // The robbed pung stays a pung; the scores count the robbing double.
    assert_eq!(r.melds(South)[0].to_string(), "[555m]");
    let s = r.scores().unwrap();
    assert!(
        s[West].to_string().contains("robbing a kong: 1 double"),
        "{}",
        s[West]
    );
    assert_census(&r);
}

#[test]
fn a_small_kong_not_robbed_draws_a_replacement() {
    let mut r = robbing_round();
    let dead = r.wall().dead_len();
    let replacement = r.wall().dead_tiles()[0];
    play(&mut r, "W pass");
    assert_eq!(r.melds(South)[0].to_string(), "[5555m]");
    assert_eq!(r.phase(), Phase::Turn { seat: South });
    assert_eq!(r.view(South).drawn(), Some(replacement));
    assert_eq!(r.wall().dead_len(), dead - 1);
    assert_census(&r);
}

#[test]
fn a_flower_drawn_as_a_replacement_is_replaced() {
    let mut script = Script::new([
        "9999s 123m 456m 789m 1z",
        "11p 22p 33p 44p 55p 66p 7p",
        "11s 22s 33s 44s 55s 66s 7s",
        "22m 33m 55z 66z 77z 11z 2z",
    ]);
    script.set = TileSet::Full;
    script.dead = "1f 5p 3p";
    script.live = "2f";
    let mut r = script.round(TableOptions::default());
    play(&mut r, "E kong 9s");
    // The first replacement is a flower: laid out, and replaced in turn.
    assert_eq!(r.bonus(East), &[t("1f")]);
    assert_eq!(r.melds(East)[0].to_string(), "(9999s)");
    assert_eq!(r.view(East).drawn(), Some(t("5p")));
    assert_eq!(r.wall().dead_len(), 12);
    // The others see a kong face down, not its tile.
    assert_eq!(r.view(South).melds(East).count(), 0);
    assert_eq!(r.view(South).face_down_kongs(East), 1);
    assert_eq!(r.view(East).melds(East).count(), 1);
    // South draws a flower from the wall: laid out and replaced from the dead wall.
    play(&mut r, "E discard 5p");
    pass_all(&mut r);
    assert_eq!(r.bonus(South), &[t("2f")]);
    assert_eq!(r.view(South).drawn(), Some(t("3p")));
    assert_eq!(r.wall().dead_len(), 11);
    assert_census(&r);
}

/// East waits on 7p, South holds three 9s and draws the fourth as the last tile of the
/// live wall, West waits on 1z, the first tile of the dead wall.
fn last_tile_script() -> Script {
    let mut s = Script::new([
        "123m 456m 789m 11s 89p 5z",
        "999s 22p 33p 44p 66z 77z",
        "11z 234m 567s 555s 88s",
        "22m 33m 66m 77m 22z 33z 4z",
    ]);
    s.live_end = "9s";
    s.dead = "1z";
    s
}

/// Plays to South's draw of the last tile of the live wall.
fn to_the_last_tile(options: TableOptions, first: &str) -> Round {
    let mut r = last_tile_script().round(options);
    play(&mut r, first);
    pass_all(&mut r);
    while r.wall().live_len() > 0 {
        discard_drawn(&mut r);
    }
    assert_eq!(r.phase(), Phase::Turn { seat: South });
    assert_eq!(r.view(South).drawn(), Some(t("9s")));
    r
}

#[test]
fn a_kong_on_the_last_tile_then_the_last_discard() {
    let mut r = to_the_last_tile(TableOptions::default(), "E discard 5z");
    // The kong's replacement comes from the dead wall although the live wall is empty.
    play(&mut r, "S kong 9s");
    assert_eq!(r.view(South).drawn(), Some(t("1z")));
    play(&mut r, "S discard 1z");
    // The last discard: only Mah-jong may claim it.
    assert_eq!(r.to_act(), [West]);
    assert_eq!(r.check(act("W pung")), Err(PlayError::LastDiscard));
    play(&mut r, "W mahjong");
    let (w, win) = r.win().unwrap();
    assert_eq!(
        (w, win),
        (
            West,
            Win {
                last_discard: true,
                ..Win::discard(t("1z"))
            }
        )
    );
    assert!(
        r.scores().unwrap()[West]
            .to_string()
            .contains("winning on the last discard")
    );
    assert_census(&r);
}

#[test]
fn the_celestial_empire_after_the_wall() {
    let mut r = to_the_last_tile(TableOptions::default(), "E discard 5z");
    play(&mut r, "S kong 9s, S discard 1z, W pass");
    // The wall is exhausted: East may invoke the Celestial Empire first.
    assert_eq!(r.phase(), Phase::Invocation { seat: East });
    assert!(r.discards().iter().any(|&(_, x)| x == t("7p")));
    let legal = r.legal_actions(East);
    assert!(legal.contains(&act("E invoke 7p")) && legal.contains(&act("E pass")));
    // Only a discarded tile, and only to make a meld or Mah-jong with it.
    assert_eq!(
        r.check(act("E invoke 9s")),
        Err(PlayError::NotDiscarded { tile: t("9s") })
    );
    assert_eq!(
        r.check(act("E invoke 5z")),
        Err(PlayError::UselessTile {
            seat: East,
            tile: t("5z")
        })
    );
    assert_eq!(
        r.check(act("S invoke 7p")),
        Err(PlayError::NotToAct { seat: South })
    );
    let mut won = r.clone();
    play(&mut won, "E invoke 7p");
    assert_eq!(
        won.phase(),
        Phase::Invoked {
            seat: East,
            tile: t("7p")
        }
    );
    assert_eq!(
        won.check(act("E pass")),
        Err(PlayError::NotNow {
            action: act("E pass")
        })
    );
    play(&mut won, "E mahjong");
    assert_eq!(won.win(), Some((East, Win::discard(t("7p")))));
    assert_census(&won);
    // Invoking for a meld: East discards, and the turn of the table goes on; after it the
    // round ends with nobody winning.
    let mut meld = r.clone();
    play(&mut meld, "E invoke 7p, E chow 789p, E discard 1s");
    assert_eq!(meld.phase(), Phase::Invocation { seat: South });
    while let Phase::Invocation { seat } = meld.phase() {
        meld.play(Action::Pass { seat }).unwrap();
    }
    assert!(meld.is_over() && meld.win().is_none());
    // Without the Chinese rule there is no invocation.
    let japanese = TableOptions::default().with_discards(DiscardRule::Japanese);
    let mut r = to_the_last_tile(japanese, "E discard 5z");
    play(&mut r, "S kong 9s, S discard 1z, W pass");
    assert!(r.is_over() && r.win().is_none());
}

#[test]
fn a_calling_hand_is_fixed_and_scores_only_its_flowers_when_another_wins() {
    let options = TableOptions::default().with_calling(true);
    let off = last_tile_script().round(TableOptions::default());
    assert_eq!(
        off.check(act("E calling 5z")),
        Err(PlayError::CallingNotInUse)
    );
    let r = last_tile_script().round(options.clone());
    assert!(r.is_legal(act("E calling 5z")));
    assert_eq!(
        r.check(act("E calling 1m")),
        Err(PlayError::NotCalling {
            seat: East,
            tile: t("1m")
        })
    );
    let mut r = to_the_last_tile(options.clone(), "E calling 5z");
    assert!(r.is_calling(East));
    play(&mut r, "S kong 9s, S discard 1z, W mahjong");
    let scores = r.scores().unwrap();
    assert_eq!(scores[East].total, 0, "{}", scores[East]);
    // Declared, East discards only what it draws.
    let mut r = last_tile_script().round(options);
    play(&mut r, "E calling 5z");
    pass_all(&mut r);
    while r.phase() != (Phase::Turn { seat: East }) {
        discard_drawn(&mut r);
    }
    let drawn = r.view(East).drawn().unwrap();
    let other = *r.concealed(East).iter().find(|&&x| x != drawn).unwrap();
    assert_eq!(
        r.check(Action::Discard {
            seat: East,
            tile: other
        }),
        Err(PlayError::CallingHandFixed { seat: East })
    );
    assert_eq!(
        r.check(act("E calling 1m")),
        Err(PlayError::AlreadyCalling { seat: East })
    );
}

#[test]
fn japanese_discards_show_only_the_last() {
    let options = TableOptions::default().with_discards(DiscardRule::Japanese);
    let mut r = last_tile_script().round(options);
    play(&mut r, "E discard 5z");
    pass_all(&mut r);
    for _ in 0..5 {
        discard_drawn(&mut r);
    }
    let view = r.view(North);
    assert!(view.discards().len() <= 1);
    assert_eq!(
        view.discards().len() + view.face_down_discards(),
        r.discards().len()
    );
}
