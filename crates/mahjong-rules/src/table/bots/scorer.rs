//! The `scorer` bot: plays for points as well as for speed, and watches its discards.

use mahjong_tiles::{Suit, Tile, Wind};
use rand::Rng;

use crate::distance;
use crate::hand::Hand;
use crate::limit_hands::LimitHand;
use crate::meld::{Meld, MeldKind};
use crate::table::{Action, View};

use super::Bot;
use super::efficient::{best_claim, decide, kong_distance};
use super::lookahead::{self, Lookahead};
use super::reading::{FAR, Reading};

/// Plays like [`EfficientBot`](super::EfficientBot), and also weighs the points table and
/// the danger of its discards:
///
/// - between discards that leave it about as near to Mah-jong (the nearest, or one tile
///   further while it is still three tiles or more away), it keeps what scores: pairs and
///   triplets of dragons, of its own wind, of the dominant and the round wind; a hand of
///   one suit (half or pure flush); a hand of pairs and triplets (no sequence); triplets of
///   terminals;
/// - when a Grand Jeu is at most two tiles away and no further than the ordinary Mah-jong,
///   it plays for it;
/// - it avoids discarding a tile an opponent that shows a threat (a calling hand, or two
///   exposed melds and more) may take for Mah-jong: a tile of the suit of an opponent whose
///   exposed melds are of one suit, an honour it has not seen go, a tile that opponent did
///   not discard itself;
/// - it claims a pung of a scoring honour even when it brings the hand no nearer, a chow
///   only when it is near Mah-jong, and declares a calling hand only with three unseen
///   winning tiles or more.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ScorerBot;

impl Bot for ScorerBot {
    fn name(&self) -> &str {
        "scorer"
    }

    fn choose(&mut self, view: &View<'_>, _rng: &mut dyn Rng) -> Action {
        policy(view, &Weights::SCORER)
    }
}

/// The scorer's way of deciding, with weights `w`.
pub(super) fn policy(view: &View<'_>, w: &Weights) -> Action {
    decide(
        view,
        |v, l, r| turn(v, l, r, w),
        |v, l, r, t| claim(v, l, r, t, w),
    )
}

/// How a scorer-like policy weighs its choices: the scorer's own ([`Weights::SCORER`]), or
/// the searching bot's ([`Weights::EXPERT`], [`Weights::PLAYOUT`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Weights {
    /// What one tile further from Mah-jong costs, in unseen useful tiles.
    away: i64,
    /// What one unit of [`danger`] costs.
    danger: i64,
    /// The flush bonuses of [`value`], in percent of the scorer's.
    flush: i64,
    /// A chow that brings the hand nearer is claimed only this near to Mah-jong.
    chow_max: u8,
    /// Whether every kong is made (claimed, declared, added to a pung), or only those that
    /// leave the hand no further from Mah-jong.
    every_kong: bool,
    /// How far the turn looks ahead.
    lookahead: Lookahead,
}

impl Weights {
    /// The scorer's.
    pub(super) const SCORER: Weights = Weights {
        away: 60,
        danger: 12,
        flush: 100,
        chow_max: 3,
        every_kong: false,
        lookahead: Lookahead::None,
    };

    /// The searching bot's own policy, tuned by duplicate rounds against three scorers
    /// (advanced system): no discard held back for danger (every loser pays the winner
    /// alike, so a tile kept back only delays a win the wall will bring), flushes weighed
    /// three times the scorer's, chows up to four tiles from Mah-jong, every kong made, and
    /// the far lookahead.
    pub(super) const EXPERT: Weights = Weights {
        away: 90,
        danger: 0,
        flush: 300,
        chow_max: 4,
        every_kong: true,
        lookahead: Lookahead::Far,
    };

    /// The searching bot's own seat in its playouts: [`Weights::EXPERT`] with the near
    /// lookahead only (with the far one, a searched decision's 90th percentile took 46 ms
    /// rather than 24, and the bot played no better).
    pub(super) const PLAYOUT: Weights = Weights {
        lookahead: Lookahead::Near,
        ..Weights::EXPERT
    };
}

/// Whether an honour scores for this seat (dragon, own wind, dominant or round wind).
fn scoring_honour(view: &View<'_>, t: Tile) -> bool {
    t.is_dragon()
        || [Some(view.seat()), Some(view.dominant()), view.round_wind()]
            .into_iter()
            .flatten()
            .any(|w| t == Tile::wind(w))
}

/// What the 13 or 14 tiles of `r` promise in points, beyond their distance.
fn value(view: &View<'_>, r: &Reading, w: &Weights) -> i64 {
    let mut v = 0i64;
    let mut suits = [0i64; 3];
    let mut honours = 0i64;
    let mut sets = 0i64;
    let mut sequences = 0i64;
    for t in Tile::ALL.into_iter().take(Tile::PLAYING_COUNT) {
        let c = i64::from(r.counts[t.index()]);
        if c == 0 {
            continue;
        }
        match t.suit() {
            Some(s) => suits[s as usize] += c,
            None => honours += c,
        }
        if c >= 2 {
            sets += 1;
        }
        if t.is_honour() {
            let scoring = scoring_honour(view, t);
            v += match (c, scoring) {
                (2, true) => 8,
                (c, true) if c >= 3 => 20,
                (c, false) if c >= 3 => 6,
                _ => 0,
            };
        } else if t.is_terminal() && c >= 3 {
            v += 4;
        }
    }
    for m in &r.melds {
        let t = m.tile();
        let n = m.len() as i64;
        match t.suit() {
            Some(s) if m.kind() == MeldKind::Sequence => {
                suits[s as usize] += 3;
                sequences += 1;
            }
            Some(s) => {
                suits[s as usize] += n;
                sets += 1;
            }
            None => {
                honours += n;
                sets += 1;
                if scoring_honour(view, t) {
                    v += 14;
                }
            }
        }
    }
    let main = suits.iter().copied().max().unwrap_or(0);
    let off: i64 = suits.iter().sum::<i64>() - main;
    if main >= 7 {
        v += w.flush
            * match off {
                0 if honours == 0 => 40,
                0 => 26,
                1 => 16,
                2 => 10,
                3 => 4,
                _ => 0,
            }
            / 100;
    }
    if sequences == 0 && sets >= 4 {
        v += 14;
    }
    v
}

/// How dangerous discarding `t` is: opponents showing a threat who may take it.
fn danger(view: &View<'_>, r: &Reading, t: Tile) -> i64 {
    if r.unseen[t.index()] == 0 {
        return 0;
    }
    let mut d = 0i64;
    for o in Wind::ALL.into_iter().filter(|&o| o != view.seat()) {
        let exposed: Vec<Meld> = view.melds(o).collect();
        let threat = if view.is_calling(o) {
            3
        } else {
            match exposed.len() {
                0 | 1 => 0,
                2 => 1,
                _ => 2,
            }
        };
        if threat == 0 || view.discards().iter().any(|&(w, x)| w == o && x == t) {
            continue;
        }
        let suits: Vec<Suit> = exposed.iter().filter_map(|m| m.tile().suit()).collect();
        let one_suit = suits.first().filter(|s| suits.iter().all(|x| x == *s));
        let fits = match (one_suit, t.suit()) {
            (Some(s), Some(ts)) => *s == ts,
            (Some(_), None) => true,
            (None, None) => r.unseen[t.index()] >= 2,
            (None, Some(_)) => t.is_minor(),
        };
        if fits {
            d += threat;
        }
    }
    d
}

/// A Grand Jeu near enough to play for: its distance on the 14 tiles and which one.
fn grand_jeu_target(view: &View<'_>, ordinary: u8) -> Option<(LimitHand, u8)> {
    let hand = view.hand().ok()?;
    let max = ordinary.min(2);
    LimitHand::ALL
        .into_iter()
        .filter_map(|l| {
            distance::limit_hand_tiles_away_within(&hand, l, view.seat(), max).map(|d| (l, d))
        })
        .max_by_key(|&(l, d)| (core::cmp::Reverse(d), l.points()))
}

fn turn(view: &View<'_>, legal: &[Action], r: &mut Reading, w: &Weights) -> Action {
    let seat = view.seat();
    let discards: Vec<Tile> = legal
        .iter()
        .filter_map(|a| match *a {
            Action::Discard { tile, .. } => Some(tile),
            _ => None,
        })
        .collect();
    let scored: Vec<(Tile, u8)> = discards.iter().map(|&t| (t, r.away_without(t))).collect();
    let best = scored.iter().map(|&(_, d)| d).min().unwrap_or(FAR);
    for a in legal {
        if let Action::Kong { tile, .. } = *a
            && (w.every_kong || kong_distance(r, tile) <= best)
        {
            return *a;
        }
    }
    let choice = match grand_jeu_target(view, best.saturating_sub(1)) {
        Some((limit, _)) => grand_jeu_discard(view, limit, &scored),
        None => None,
    }
    .or_else(|| lookahead::choose(view, r, w.lookahead, &scored, best))
    .or_else(|| {
        let slack = u8::from(best >= 3);
        scored
            .iter()
            .filter(|&&(_, d)| d <= best + slack)
            .map(|&(t, d)| (t, weigh(view, r, t, d, w)))
            .max_by_key(|&(_, s)| s)
            .map(|(t, _)| t)
    });
    let Some(tile) = choice else {
        return legal.first().copied().unwrap_or(Action::Pass { seat });
    };
    let calling = Action::Calling { seat, tile };
    if legal.contains(&calling) && r.acceptance_without(tile) >= 3 {
        calling
    } else {
        Action::Discard { seat, tile }
    }
}

/// How the weights `w` weigh discarding `t`, which leaves the hand `d` tiles from Mah-jong:
/// distance, acceptance, what the tiles kept promise, danger.
fn weigh(view: &View<'_>, r: &mut Reading, t: Tile, d: u8, w: &Weights) -> i64 {
    let i = t.index();
    r.counts[i] -= 1;
    let keep = value(view, r, w);
    r.counts[i] += 1;
    -w.away * i64::from(d) + i64::from(r.acceptance_without(t)) + keep
        - w.danger * danger(view, r, t)
}

/// Every discard of a turn weighed as the scorer weighs them (distance, acceptance, what
/// the tiles kept promise, danger), best first, without its slack: the searching bot's
/// candidates.
pub(super) fn ranked_discards(
    view: &View<'_>,
    legal: &[Action],
    r: &mut Reading,
    w: &Weights,
) -> Vec<Tile> {
    let mut scored: Vec<(Tile, i64)> = Vec::new();
    for a in legal {
        let Action::Discard { tile: t, .. } = *a else {
            continue;
        };
        if scored.iter().any(|&(x, _)| x == t) {
            continue;
        }
        let d = r.away_without(t);
        scored.push((t, weigh(view, r, t, d, w)));
    }
    scored.sort_by_key(|&(t, s)| (core::cmp::Reverse(s), t));
    scored.into_iter().map(|(t, _)| t).collect()
}

/// The discard that keeps the hand nearest to the Grand Jeu `limit` (then to an ordinary
/// Mah-jong).
fn grand_jeu_discard(view: &View<'_>, limit: LimitHand, scored: &[(Tile, u8)]) -> Option<Tile> {
    let hand = view.hand().ok()?;
    scored
        .iter()
        .filter_map(|&(t, d)| {
            let after = without(&hand, t)?;
            let g = distance::limit_hand_tiles_away(&after, limit, view.seat())?;
            Some((t, (g, d)))
        })
        .min_by_key(|&(_, key)| key)
        .map(|(t, _)| t)
}

/// The hand without one concealed `t`.
fn without(hand: &Hand, t: Tile) -> Option<Hand> {
    hand.without_tile(t)
}

fn claim(
    view: &View<'_>,
    legal: &[Action],
    r: &mut Reading,
    tile: Tile,
    w: &Weights,
) -> Option<Action> {
    let now = r.away();
    if w.every_kong
        && let Some(&k) = legal.iter().find(|a| matches!(a, Action::Kong { .. }))
    {
        return Some(k);
    }
    let (a, d) = best_claim(legal, r, tile)?;
    let ok = match a {
        Action::Kong { .. } => d <= now,
        Action::Pung { .. } => {
            d < now || (d == now && tile.is_honour() && scoring_honour(view, tile))
        }
        Action::Chow { .. } => d < now && now <= w.chow_max,
        _ => false,
    };
    if ok {
        return Some(a);
    }
    // The best claim may be a chow the scorer does not want while a pung would do.
    let pung = Action::Pung { seat: view.seat() };
    if legal.contains(&pung) && !matches!(a, Action::Pung { .. }) {
        let (p, pd) = best_claim(&[pung], r, tile)?;
        if pd < now {
            return Some(p);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use mahjong_tiles::TileSet;
    use rand::SeedableRng;

    use super::*;
    use crate::meld::Exposure;
    use crate::table::{TableOptions, test_round};

    fn options() -> TableOptions {
        TableOptions::default().with_tile_set(TileSet::WithoutBonus)
    }

    fn t(s: &str) -> Tile {
        s.parse().expect("a tile")
    }

    #[test]
    fn dragons_and_one_suit_are_worth_keeping() {
        let round = test_round(
            [
                "123m 456m 789m 55z 6z 1p 9s",
                "111p 222p 333p 444p 5p",
                "111s 222s 333s 444s 5s",
                "222m 666p 777p 11z 22z",
            ],
            "",
            options(),
        );
        let view = round.view(Wind::East);
        let mut r = Reading::of(&view);
        let flush = value(&view, &r, &Weights::SCORER);
        // Breaking the pair of dragons loses value; throwing the odd 1p keeps it.
        r.counts[t("5z").index()] -= 1;
        let broken = value(&view, &r, &Weights::SCORER);
        r.counts[t("5z").index()] += 1;
        r.counts[t("1p").index()] -= 1;
        let kept = value(&view, &r, &Weights::SCORER);
        assert!(kept > flush && flush > broken, "{kept} {flush} {broken}");
        // The scorer keeps its pair of dragons and throws a lone tile.
        let action = ScorerBot.choose(&view, &mut rand_pcg::Pcg64Mcg::seed_from_u64(1));
        let lone = ["6z", "1p", "9s"].map(|x| Action::Discard {
            seat: Wind::East,
            tile: t(x),
        });
        assert!(lone.contains(&action), "{action}");
    }

    #[test]
    fn the_experts_policy_makes_a_kong_the_scorer_lets_go() {
        let mut round = test_round(
            [
                "123m 456m 789m 11z 2p 9s 5p",
                "555p 123s 456s 789s 1z",
                "111m 222m 333m 444m 6m",
                "666s 777s 888s 2z 3z 4z 7z",
            ],
            "",
            options(),
        );
        round
            .play(Action::Discard {
                seat: Wind::East,
                tile: t("5p"),
            })
            .expect("legal");
        let view = round.view(Wind::South);
        let kong = Action::Kong {
            seat: Wind::South,
            tile: t("5p"),
        };
        assert!(view.legal_actions().contains(&kong));
        // The kong brings South no nearer to Mah-jong: the scorer passes; the expert's
        // policy takes it (four times a pung's points, and a replacement tile).
        assert_eq!(
            policy(&view, &Weights::SCORER),
            Action::Pass { seat: Wind::South }
        );
        assert_eq!(policy(&view, &Weights::EXPERT), kong);
    }

    #[test]
    fn tiles_an_opponent_of_one_suit_may_want_are_dangerous() {
        let mut round = test_round(
            [
                "123m 456m 789p 5z 6z 4s 4p 1z",
                "11p 22p 33p 789s 123s 4z",
                "111s 222s 333s 444s 5s",
                "222m 666p 777p 11z 22z",
            ],
            "",
            options(),
        );
        // South shows two melds of bamboos.
        let south = &mut round.state.seats[Wind::South as usize];
        for first in ["7s", "1s"] {
            for x in Meld::sequence(t(first), Exposure::Exposed)
                .expect("a chow")
                .tiles()
            {
                let i = south.concealed.iter().position(|&c| c == x).expect("held");
                south.concealed.remove(i);
            }
            south
                .melds
                .push(Meld::sequence(t(first), Exposure::Exposed).expect("a chow"));
        }
        let view = round.view(Wind::East);
        let r = Reading::of(&view);
        assert!(danger(&view, &r, t("4s")) > 0);
        assert!(danger(&view, &r, t("5z")) > 0);
        assert_eq!(danger(&view, &r, t("4p")), 0);
    }
}
