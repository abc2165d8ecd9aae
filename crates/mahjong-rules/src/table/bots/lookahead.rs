//! How far a scorer-like turn looks beyond the distance to Mah-jong and the next draw's
//! useful tiles: the searching bot's own policy weighs its waits by what they would score
//! and looks one draw further.

use mahjong_tiles::Tile;

use crate::hand::Hand;
use crate::score::{Situation, Win, score};
use crate::table::View;
use crate::waits::waits;

use super::reading::Reading;

/// How far a turn looks ahead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Lookahead {
    /// Not at all (the scorer).
    None,
    /// One tile from Mah-jong, the waits, each winning tile weighed by what the hand would
    /// score with it ([`wait_worth`]); two tiles from it, the waits the next draws allow
    /// (a draw that makes a triplet of a pair counting [`PAIR_DRAW_WEIGHT`] times).
    Near,
    /// Also three and four tiles from it: the useful tiles the next draws leave (weighed
    /// the same way).
    Far,
}

/// The far lookahead stops here (further from Mah-jong it changed nothing measurable, at
/// twice the cost).
const FAR_MAX_AWAY: u8 = 5;

/// How much more a tile that completes a pair into a triplet counts among the next draws
/// than another useful tile: every seat's discard may bring it (a pung may be claimed from
/// anyone), and a triplet scores where a sequence does not. Measured by 20,000 duplicate
/// rounds against scorers, against 1: 2 paid +0.8 a round, 3 +1.6, 5 +2.2 (kept), 9 +2.0.
const PAIR_DRAW_WEIGHT: u64 = 5;

/// The weight of `u` among the next draws of the hand `r`: [`PAIR_DRAW_WEIGHT`] if `r` holds
/// a pair of it, 1 otherwise.
fn draw_weight(r: &Reading, u: Tile) -> u64 {
    if r.counts[u.index()] >= 2 {
        PAIR_DRAW_WEIGHT
    } else {
        1
    }
}

/// What going Mah-jong is worth beyond the hand's score, in points of score (a winner
/// pays nothing; the hand's own score is what the others pay it).
const WIN_BONUS: u64 = 20;

/// The discard the lookahead prefers among those of `scored` (each with the distance it
/// leaves) that leave the hand `best` tiles from Mah-jong, or `None` where it has no
/// preference (no lookahead that far, or a single such discard): then the scorer's
/// weighing decides.
pub(super) fn choose(
    view: &View<'_>,
    reading: &Reading,
    lookahead: Lookahead,
    scored: &[(Tile, u8)],
    best: u8,
) -> Option<Tile> {
    let tiles: Vec<Tile> = scored
        .iter()
        .filter(|&&(_, d)| d == best)
        .map(|&(t, _)| t)
        .collect();
    if tiles.len() < 2 {
        return None;
    }
    match (lookahead, best) {
        (Lookahead::None, _) | (_, 0) => None,
        (_, 1) => {
            let hand = view.hand().ok()?;
            best_by(&tiles, |t| {
                wait_worth(view, reading, &hand.without_tile(t)?)
            })
        }
        (_, 2) => {
            let hand = view.hand().ok()?;
            best_by(&tiles, |t| Some(two_step(view, reading, &hand, t)))
        }
        (Lookahead::Near, _) => None,
        (Lookahead::Far, FAR_MAX_AWAY..) => None,
        (Lookahead::Far, _) => best_by(&tiles, |t| Some(second_acceptance(reading, t))),
    }
}

/// The tile of `tiles` with the largest worth (the first on ties; a tile without a worth
/// counts 0).
fn best_by(tiles: &[Tile], mut worth: impl FnMut(Tile) -> Option<u64>) -> Option<Tile> {
    let mut best: Option<(Tile, u64)> = None;
    for &t in tiles {
        let w = worth(t).unwrap_or(0);
        if best.is_none_or(|(_, b)| w > b) {
            best = Some((t, w));
        }
    }
    best.map(|(t, _)| t)
}

/// The expected worth of waiting with `hand` (13 tiles, one from Mah-jong): the sum over
/// its winning tiles of the copies the seat has not seen times the score the hand would
/// make with it (taken on a discard) plus [`WIN_BONUS`]: 0 if it waits on nothing;
/// `None` if its waits cannot be read (a hand of another size).
fn wait_worth(view: &View<'_>, reading: &Reading, hand: &Hand) -> Option<u64> {
    let seat = view.seat();
    let winning = waits(hand, seat).ok()?;
    let situation = Situation {
        round_wind: view.round_wind(),
        ..Situation::new(seat, view.dominant())
    };
    let mut worth = 0u64;
    for t in winning {
        let live = u64::from(reading.unseen[t.index()]);
        if live == 0 {
            continue;
        }
        let Ok(full) = hand.with_tile(t) else {
            continue;
        };
        let points = score(
            &full,
            &situation.with_win(Win::discard(t)),
            &view.options().rules,
        )
        .map_or(0, |s| s.total);
        worth += live * (points + WIN_BONUS);
    }
    Some(worth)
}

/// What discarding `t` from `hand` (the seat's 14 tiles, two from Mah-jong) promises: for
/// each tile the next draw may bring that leaves the hand one tile from Mah-jong, its
/// unseen copies times its [`draw_weight`] times the best wait ([`wait_worth`]) a discard
/// then leaves.
fn two_step(view: &View<'_>, reading: &Reading, hand: &Hand, t: Tile) -> u64 {
    let Some(after) = hand.without_tile(t) else {
        return 0;
    };
    let mut r = reading.clone();
    r.counts[t.index()] -= 1;
    over_next_draws(&mut r, |r, u| {
        let Ok(drawn) = after.with_tile(u) else {
            return 0;
        };
        let held: Vec<Tile> = r.held().collect();
        let mut top = 0u64;
        for x in held {
            if r.away_without(x) == 1
                && let Some(h) = drawn.without_tile(x)
            {
                top = top.max(wait_worth(view, r, &h).unwrap_or(0));
            }
        }
        top
    })
}

/// What discarding `t` promises further from Mah-jong: for each tile the next draw may
/// bring that leaves the hand nearer, its unseen copies times its [`draw_weight`] times the
/// most unseen useful tiles a discard then leaves.
fn second_acceptance(reading: &Reading, t: Tile) -> u64 {
    let mut r = reading.clone();
    r.counts[t.index()] -= 1;
    let now = r.away();
    over_next_draws(&mut r, |r, _| {
        let held: Vec<Tile> = r.held().collect();
        let mut top = 0u64;
        for x in held {
            if r.away_without(x) < now {
                top = top.max(u64::from(r.acceptance_without(x)));
            }
        }
        top
    })
}

/// The sum, over the tiles the next draw may bring that leave the hand `r` nearer to
/// Mah-jong, of their unseen copies times their [`draw_weight`] times what `after_draw`
/// makes of the hand with that tile drawn (`r` holds it during the call).
fn over_next_draws(r: &mut Reading, mut after_draw: impl FnMut(&mut Reading, Tile) -> u64) -> u64 {
    let mut worth = 0u64;
    for u in r.useful() {
        let live = u64::from(r.unseen[u.index()]);
        if live == 0 {
            continue;
        }
        let weight = draw_weight(r, u);
        r.counts[u.index()] += 1;
        let top = after_draw(r, u);
        r.counts[u.index()] -= 1;
        worth += live * weight * top;
    }
    worth
}

#[cfg(test)]
mod tests {
    use mahjong_tiles::{TileSet, Wind};

    use super::*;
    use crate::table::{TableOptions, test_round};

    fn t(s: &str) -> Tile {
        s.parse().expect("a tile")
    }

    fn round(east: &str) -> crate::table::Round {
        test_round(
            [
                east,
                "111p 222p 333p 444p 6p",
                "111m 222m 333m 444m 6m",
                "666s 777s 888s 2z 3z 4z 7z",
            ],
            "",
            TableOptions::default().with_tile_set(TileSet::WithoutBonus),
        )
    }

    #[test]
    fn a_draw_that_makes_a_triplet_of_a_pair_counts_more() {
        let round = round("123m 456m 55z 66z 13s 79p");
        let reading = Reading::of(&round.view(Wind::East));
        assert_eq!(draw_weight(&reading, t("5z")), PAIR_DRAW_WEIGHT);
        assert_eq!(draw_weight(&reading, t("2s")), 1);
        assert_eq!(draw_weight(&reading, t("1s")), 1);
    }

    #[test]
    fn a_wait_on_a_dragon_triplet_is_worth_more_than_one_on_terminals() {
        let round = round("123m 456m 789p 55z 66z 9s");
        let view = round.view(Wind::East);
        let reading = Reading::of(&view);
        let hand = |s: &str| s.parse::<Hand>().expect("a hand");
        let dragons = wait_worth(&view, &reading, &hand("123m 456m 789p 55z 66z"));
        let terminals = wait_worth(&view, &reading, &hand("123m 456m 789p 11s 99s"));
        // Both wait on four unseen tiles; the dragons' triplet doubles the score.
        assert!(dragons > terminals, "{dragons:?} {terminals:?}");
        // A hand that waits on nothing is worth nothing.
        assert_eq!(
            wait_worth(&view, &reading, &hand("123m 456m 789p 5z 6z 1s 9s")),
            Some(0)
        );
    }

    #[test]
    fn the_wait_kept_is_the_one_worth_most_and_dead_waits_are_worth_nothing() {
        // East holds four melds and two odd tiles: either one is a single wait.
        let round = round("123m 456m 789p 555z 1s 9s");
        let view = round.view(Wind::East);
        let mut reading = Reading::of(&view);
        let scored = [(t("1s"), 1), (t("9s"), 1)];
        let choose_near = |r: &Reading| choose(&view, r, Lookahead::Near, &scored, 1);
        // Every copy of 9s seen elsewhere: the wait on 9s is dead, so 9s goes.
        reading.unseen[t("9s").index()] = 0;
        assert_eq!(choose_near(&reading), Some(t("9s")));
        // The other way round.
        reading.unseen[t("9s").index()] = 3;
        reading.unseen[t("1s").index()] = 0;
        assert_eq!(choose_near(&reading), Some(t("1s")));
        // No lookahead, no preference; the near one does not look past two tiles.
        assert_eq!(choose(&view, &reading, Lookahead::None, &scored, 1), None);
        let far = [(t("1s"), 3), (t("9s"), 3)];
        assert_eq!(choose(&view, &reading, Lookahead::Near, &far, 3), None);
        assert!(choose(&view, &reading, Lookahead::Far, &far, 3).is_some());
    }

    #[test]
    fn two_tiles_away_it_keeps_the_pairs_of_dragons() {
        // Two melds, two pairs of dragons and two gaps: throwing a tile of a gap keeps the
        // hand two tiles from Mah-jong, as throwing a dragon does; but the dragons' pairs
        // promise waits on a triplet of dragons, so a gap goes.
        let round = round("123m 456m 55z 66z 13s 79p");
        let view = round.view(Wind::East);
        let mut reading = Reading::of(&view);
        let scored: Vec<(Tile, u8)> = ["5z", "6z", "1s", "3s", "7p", "9p"]
            .map(t)
            .into_iter()
            .map(|x| (x, reading.away_without(x)))
            .collect();
        assert!(scored.iter().all(|&(_, d)| d == 2), "{scored:?}");
        let choice = choose(&view, &reading, Lookahead::Near, &scored, 2).expect("a choice");
        let hand = view.hand().expect("a hand");
        let two_step = |x| two_step(&view, &reading, &hand, x);
        assert!(!choice.is_dragon(), "{choice}");
        for &(x, _) in &scored {
            assert!(two_step(choice) >= two_step(x));
        }
        assert!(two_step(choice) > two_step(t("5z")));
    }
}
