//! The advanced payment system: the article's two worked examples, the exceptions, and the
//! three-player table.

use mahjong_rules::payment::{PaymentError, Sticks, Transfer, settle};
use mahjong_tiles::Wind::{self, *};

fn sorted(mut v: Vec<Transfer>) -> Vec<Transfer> {
    v.sort();
    v
}

fn t(from: Wind, to: Wind, amount: u64) -> Transfer {
    Transfer { from, to, amount }
}

#[test]
fn article_example_1_east_goes_mah_jong() {
    // Est : Mah-Jong à 100, Sud 250, Ouest 40, Nord 10.
    let s = settle(
        &[(East, 100), (South, 250), (West, 40), (North, 10)],
        Some(East),
    )
    .unwrap();
    assert_eq!(
        sorted(s.transfers.clone()),
        sorted(vec![
            t(South, East, 200),
            t(West, East, 200),
            t(North, East, 200),
            t(West, South, 210),
            t(North, South, 240),
            t(North, West, 30),
            t(East, South, 600),
        ])
    );
    assert_eq!(
        s.nets,
        vec![(East, 0), (South, 850), (West, -380), (North, -470)]
    );
}

#[test]
fn article_example_2_south_goes_mah_jong() {
    // Sud : Mah-Jong 100, Est 30, Ouest 50, Nord 10.
    let s = settle(
        &[(East, 30), (South, 100), (West, 50), (North, 10)],
        Some(South),
    )
    .unwrap();
    assert_eq!(
        sorted(s.transfers.clone()),
        sorted(vec![
            t(East, South, 200),
            t(West, South, 100),
            t(North, South, 100),
            t(North, West, 40),
            t(North, East, 40),
            t(East, West, 40),
        ])
    );
    assert_eq!(
        s.nets,
        vec![(East, -200), (South, 400), (West, -20), (North, -180)]
    );
}

#[test]
fn article_case_1_difference_example() {
    // "Sud a 50, Ouest 20, Nord 10. Ouest donne 30 à Sud. Nord donne 40 à Sud et 10 à Ouest."
    let s = settle(
        &[(East, 100), (South, 50), (West, 20), (North, 10)],
        Some(East),
    )
    .unwrap();
    for want in [t(West, South, 30), t(North, South, 40), t(North, West, 10)] {
        assert!(s.transfers.contains(&want), "{want}");
    }
    // Each pays East 200 and East receives 600.
    assert_eq!(
        s.transfers
            .iter()
            .filter(|x| x.to == East)
            .map(|x| x.amount)
            .sum::<u64>(),
        600
    );
}

#[test]
fn case_2_exceptions_two_and_four_times() {
    // West wins 100; South scores 160 (receives 2 × 60 from West), East 130 (4 × 30).
    let s = settle(
        &[(East, 130), (South, 160), (West, 100), (North, 0)],
        Some(West),
    )
    .unwrap();
    assert!(s.transfers.contains(&t(West, South, 120)));
    assert!(s.transfers.contains(&t(West, East, 120)));
    // They still pay the Mah-jong: East twice.
    assert!(s.transfers.contains(&t(East, West, 200)));
    assert!(s.transfers.contains(&t(South, West, 100)));
    // Pairwise: East–South counts double, North pays everyone.
    assert!(s.transfers.contains(&t(East, South, 60)));
    assert!(s.transfers.contains(&t(North, East, 260)));
    assert!(s.transfers.contains(&t(North, South, 160)));
    assert_eq!(s.nets.iter().map(|(_, n)| n).sum::<i64>(), 0);
}

#[test]
fn nobody_wins_settles_differences_only() {
    let s = settle(&[(East, 20), (South, 40), (West, 0), (North, 40)], None).unwrap();
    assert_eq!(
        sorted(s.transfers.clone()),
        sorted(vec![
            t(East, South, 40),
            t(East, North, 40),
            t(West, East, 40),
            t(West, South, 40),
            t(West, North, 40),
        ])
    );
}

#[test]
fn three_players() {
    let s = settle(&[(East, 10), (South, 100), (West, 30)], Some(South)).unwrap();
    assert_eq!(s.nets.len(), 3);
    assert_eq!(s.net(South), Some(300));
    assert_eq!(s.nets.iter().map(|(_, n)| n).sum::<i64>(), 0);
    assert_eq!(
        settle(
            &[(East, 10), (South, 100), (West, 30), (North, 1), (North, 2)],
            None
        ),
        Err(PaymentError::PlayerCount { count: 5 })
    );
}

#[test]
fn settlements_in_sticks() {
    let s = settle(
        &[(East, 100), (South, 250), (West, 40), (North, 10)],
        Some(East),
    )
    .unwrap();
    for tr in &s.transfers {
        let sticks = Sticks::for_amount(tr.amount);
        assert_eq!(sticks.value(), tr.amount);
        assert_eq!(sticks.remainder, 0, "scores are even, so are payments");
    }
    assert_eq!(Sticks::for_amount(600).to_string(), "1×500 1×100");
    assert_eq!(Sticks::for_amount(0).to_string(), "0");
}
