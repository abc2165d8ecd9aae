//! The simulator: figures add up, seeds reproduce, the handicap runs play the same boards.

use defi_sudoku::bot::Strategy;
use defi_sudoku::simulate::{BotSpec, HandicapVerdict, Simulation, Stats, game_seed};
use defi_sudoku::{Handicap, Options, SetupError};

use crate::common::generated;

fn sim(handicap: Handicap, games: u64) -> Simulation {
    let options = Options {
        handicap,
        ..Options::default()
    };
    Simulation::new(options, vec![BotSpec::new(Strategy::Greedy); 3], games, 42).unwrap()
}

#[test]
fn figures_add_up_and_reproduce() {
    let stats = sim(Handicap::With, 6).run();
    assert_eq!(stats.games(), 6);
    assert_eq!(stats.seats(), 3);
    let wins: f64 = (0..3).map(|s| stats.wins(s)).sum();
    assert!((wins - 6.0).abs() < 1e-9, "one win per game, ties shared");
    for seat in 0..3 {
        assert!(stats.mean_score(seat) > 0.0);
    }
    assert_eq!(sim(Handicap::With, 6).run(), stats);
    // The figures are the sum of the games.
    let s = sim(Handicap::With, 6);
    let mut again = Stats::new(3);
    for i in 0..6 {
        again.add(&s.result(i));
    }
    assert_eq!(again, stats);
    let split = {
        let mut a = Stats::new(3);
        let mut b = Stats::new(3);
        for i in 0..6 {
            if i < 2 { &mut a } else { &mut b }.add(&s.result(i));
        }
        a.merge(b)
    };
    assert_eq!(split.games(), 6);
    assert!((0..3).all(|seat| (split.win_rate(seat) - stats.win_rate(seat)).abs() < 1e-12));
}

#[test]
fn both_handicap_settings_play_the_same_puzzles() {
    let with = sim(Handicap::With, 2).play(1);
    let without = sim(Handicap::Without, 2).play(1);
    assert_eq!(with.puzzle(), without.puzzle());
    assert_eq!(with.puzzle(), &generated(game_seed(42, 1)));
    assert_eq!(with.sheets()[2].handicap, 6);
    assert_eq!(without.sheets()[2].handicap, 0);
}

#[test]
fn a_simulation_checks_its_setup() {
    assert_eq!(
        Simulation::new(
            Options::default(),
            vec![BotSpec::new(Strategy::Search)],
            1,
            0
        ),
        Err(SetupError::PlayerCount { count: 1 })
    );
    let teams = Options {
        teams: true,
        ..Options::default()
    };
    assert_eq!(
        Simulation::new(teams, vec![BotSpec::new(Strategy::Search); 3], 1, 0),
        Err(SetupError::TeamsNeedFourPlayers { count: 3 })
    );
}

#[test]
fn team_games_give_both_team_mates_the_win() {
    let teams = Options {
        teams: true,
        ..Options::default()
    };
    let s = Simulation::new(teams, vec![BotSpec::new(Strategy::Blocking); 4], 3, 5).unwrap();
    for i in 0..3 {
        let r = s.result(i);
        assert_eq!(r.win_share[0], r.win_share[2]);
        assert_eq!(r.win_share[1], r.win_share[3]);
        assert!((r.win_share[0] + r.win_share[1] - 1.0).abs() < 1e-9);
    }
}

#[cfg(feature = "rayon")]
#[test]
fn the_parallel_run_gives_the_same_figures() {
    let s = sim(Handicap::Without, 8);
    let (seq, par) = (s.run(), s.run_par());
    assert_eq!(seq.games(), par.games());
    for seat in 0..3 {
        assert!((seq.win_rate(seat) - par.win_rate(seat)).abs() < 1e-12);
        assert_eq!(seq.mean_score(seat), par.mean_score(seat));
    }
}

#[test]
fn the_handicap_trial_plays_both_settings_on_the_same_games() {
    let s = sim(Handicap::Without, 6);
    let trial = s.handicap_trial();
    assert_eq!(trial.with, sim(Handicap::With, 6).run());
    assert_eq!(trial.without, sim(Handicap::Without, 6).run());
    assert_eq!(s.with_handicap(Handicap::With), sim(Handicap::With, 6));
    assert!(!trial.teams);
    let verdict = trial.verdict();
    assert_eq!(trial.even_with(), trial.with.seats_look_even());
    assert_eq!(trial.even_without(), trial.without.seats_look_even());
    match verdict {
        HandicapVerdict::Evens => assert!(trial.even_with() && !trial.even_without()),
        HandicapVerdict::AlreadyEven => assert!(trial.even_with() && trial.even_without()),
        HandicapVerdict::Uneven { favoured } => {
            assert!(!trial.even_with());
            assert!((0..3).all(|seat| trial.with.wins(seat) <= trial.with.wins(favoured)));
        }
        _ => unreachable!("no other verdict"),
    }
}
