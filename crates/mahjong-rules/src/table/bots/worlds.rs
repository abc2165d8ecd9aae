//! The searching bot's model of the other seats' hidden hands, so that its worlds deal them
//! hands like the ones players hold rather than uniformly random ones.
//!
//! Players who play to win hold hands much nearer to Mah-jong than random tiles are (two or
//! three tiles nearer at mid-round), and seldom hold the kinds they threw away or their
//! neighbours. Each world deals the other seats' hidden tiles at random, then moves each
//! hand with tiles of the walls: first nearer, the way a player gets nearer (a useful tile
//! in, the tile that leaves the hand nearest out), to a distance drawn from how often
//! players hold it at this point of the round ([`AWAY`]), then by Metropolis swaps that
//! keep that distance and shun the kinds the seat discarded and their neighbours.

use mahjong_tiles::{Tile, Wind};
use rand::{Rng, RngExt};

use crate::meld::{Exposure, Meld, MeldKind};
use crate::table::View;

use super::reading::Reading;

/// How often each distance to Mah-jong (1 to 7 and more tiles away) is held by a seat whose
/// turn it is not, by how many tiles the live wall has left (rows: 0–7, 8–15, …, 72 and
/// more) and how many melds the seat has laid apart (columns: 0, 1, 2, 3 or 4), in
/// thousandths. Measured on rounds played by four scorers (the players the searching bot
/// meets at the ladder, and its own playout policy); a uniformly random hand is two or
/// three tiles further at mid-round.
const AWAY: [[[u16; 7]; 4]; 10] = [
    [
        [963, 37, 0, 0, 0, 0, 0],
        [864, 136, 0, 0, 0, 0, 0],
        [738, 262, 0, 0, 0, 0, 0],
        [772, 228, 0, 0, 0, 0, 0],
    ],
    [
        [640, 340, 20, 0, 0, 0, 0],
        [757, 239, 4, 0, 0, 0, 0],
        [845, 155, 0, 0, 0, 0, 0],
        [859, 141, 0, 0, 0, 0, 0],
    ],
    [
        [533, 389, 75, 4, 0, 0, 0],
        [699, 289, 12, 0, 0, 0, 0],
        [819, 181, 0, 0, 0, 0, 0],
        [968, 32, 0, 0, 0, 0, 0],
    ],
    [
        [416, 430, 130, 24, 0, 0, 0],
        [593, 373, 34, 0, 0, 0, 0],
        [805, 193, 2, 0, 0, 0, 0],
        [962, 38, 0, 0, 0, 0, 0],
    ],
    [
        [313, 450, 197, 41, 0, 0, 0],
        [479, 467, 52, 2, 0, 0, 0],
        [743, 253, 4, 0, 0, 0, 0],
        [953, 47, 0, 0, 0, 0, 0],
    ],
    [
        [203, 427, 286, 80, 4, 0, 0],
        [381, 511, 102, 7, 0, 0, 0],
        [655, 334, 11, 1, 0, 0, 0],
        [922, 78, 0, 0, 0, 0, 0],
    ],
    [
        [97, 347, 378, 160, 17, 1, 0],
        [267, 519, 189, 25, 1, 0, 0],
        [548, 422, 28, 2, 0, 0, 0],
        [904, 96, 0, 0, 0, 0, 0],
    ],
    [
        [34, 215, 395, 285, 67, 4, 0],
        [148, 466, 295, 85, 5, 0, 0],
        [414, 511, 69, 6, 0, 0, 0],
        [832, 168, 0, 0, 0, 0, 0],
    ],
    [
        [7, 82, 301, 391, 186, 31, 3],
        [48, 325, 382, 213, 29, 3, 0],
        [242, 552, 178, 27, 1, 0, 0],
        [716, 284, 0, 0, 0, 0, 0],
    ],
    [
        [1, 18, 142, 366, 332, 121, 20],
        [9, 129, 377, 363, 106, 15, 1],
        [39, 512, 355, 70, 23, 0, 0],
        [39, 512, 355, 70, 23, 0, 0],
    ],
];

/// The energy of a hand in the swaps (a swap that raises it by `x` is kept with
/// probability `e^-x`): per tile of distance from the target, per tile held of a kind the
/// seat discarded (face up), of a kind next to one, of a kind two ranks from one. Chosen
/// so that the hands dealt match scorers' hands at each point of the round, in distance
/// and tile by tile (the mean squared error of the copies held of each kind, over a few
/// thousand positions, below a uniform deal's).
const PER_TILE_OFF: f64 = 8.0;
const PER_DISCARDED_KIND: f64 = 2.0;
const PER_NEIGHBOUR: f64 = 0.8;
const PER_SECOND_NEIGHBOUR: f64 = 0.2;

/// Swaps tried per hand once it is at its distance.
const SWAPS: usize = 100;

/// What the model knows of one other seat.
#[derive(Clone, Debug)]
struct Seen {
    /// How often each distance is held at this point of the round (a row of [`AWAY`]).
    weights: &'static [u16; 7],
    /// Its melds laid apart (a face-down kong stands as any suited kong).
    melds: Vec<Meld>,
    /// What holding one tile of each kind costs in the energy.
    penalty: [f64; Tile::COUNT],
    /// Whether it declared a calling hand (then its target is 1).
    calling: bool,
}

/// The other seats as the model sees them from one view.
#[derive(Clone, Debug)]
pub(super) struct HandModel {
    seats: [Option<Seen>; 4],
}

impl HandModel {
    /// What `view` tells of the other seats: the point of the round, their melds, their
    /// discards face up, their calling hands.
    pub(super) fn of(view: &View<'_>) -> HandModel {
        let stage = (view.live_wall_left() / 8).min(AWAY.len() - 1);
        let seats = Wind::ALL.map(|o| {
            if o == view.seat() {
                return None;
            }
            let mut melds: Vec<Meld> = view.melds(o).collect();
            let hidden =
                Meld::from_checked_parts(MeldKind::Kong, Tile::ALL[0], Exposure::Concealed);
            melds.extend(std::iter::repeat_n(hidden, view.face_down_kongs(o)));
            let mut penalty = [0f64; Tile::COUNT];
            let mut raise = |t: Option<Tile>, p: f64| {
                if let Some(t) = t {
                    penalty[t.index()] = penalty[t.index()].max(p);
                }
            };
            for &(_, t) in view.discards().iter().filter(|&&(w, _)| w == o) {
                let (before, after) = (t.previous_in_suit(), t.next_in_suit());
                raise(Some(t), PER_DISCARDED_KIND);
                raise(before, PER_NEIGHBOUR);
                raise(after, PER_NEIGHBOUR);
                raise(
                    before.and_then(Tile::previous_in_suit),
                    PER_SECOND_NEIGHBOUR,
                );
                raise(after.and_then(Tile::next_in_suit), PER_SECOND_NEIGHBOUR);
            }
            Some(Seen {
                weights: &AWAY[stage][melds.len().min(3)],
                melds,
                penalty,
                calling: view.is_calling(o),
            })
        });
        HandModel { seats }
    }

    /// Moves the hands a world deals (`hands`: the other seats' concealed tiles one after
    /// the other, in the order and sizes of `seats`) with tiles of `walls`, seat by seat
    /// ([`HandModel::refine`]).
    pub(super) fn deal<R: Rng + ?Sized>(
        &self,
        seats: &[(Wind, usize)],
        hands: &mut [Tile],
        walls: &mut [Tile],
        rng: &mut R,
    ) {
        let mut start = 0;
        for &(o, n) in seats {
            if let Some(hand) = hands.get_mut(start..start + n) {
                self.refine(o, hand, walls, rng);
            }
            start += n;
        }
    }

    /// Moves `hand`, the concealed tiles a world deals to `seat`, with tiles of `walls` (the
    /// tiles only change places): to a target distance drawn from [`AWAY`] (1 for a calling
    /// hand), then by [`SWAPS`] Metropolis swaps.
    fn refine<R: Rng + ?Sized>(
        &self,
        seat: Wind,
        hand: &mut [Tile],
        walls: &mut [Tile],
        rng: &mut R,
    ) {
        let Some(seen) = &self.seats[seat as usize] else {
            return;
        };
        if hand.is_empty() || walls.is_empty() {
            return;
        }
        let target = if seen.calling {
            1
        } else {
            let total: u32 = seen.weights.iter().map(|&w| u32::from(w)).sum();
            let mut x = rng.random_range(0..total.max(1));
            let mut d = 7u8;
            for (i, &w) in seen.weights.iter().enumerate() {
                if x < u32::from(w) {
                    d = i as u8 + 1;
                    break;
                }
                x -= u32::from(w);
            }
            d
        };
        let mut reading = Reading::bare(Tile::count_kinds(hand.iter().copied()), &seen.melds);
        let energy = |r: &Reading| {
            let held: f64 = (0..Tile::COUNT)
                .filter(|&i| r.counts[i] > 0)
                .map(|i| f64::from(r.counts[i]) * seen.penalty[i])
                .sum();
            PER_TILE_OFF * f64::from(r.away().abs_diff(target)) + held
        };
        // Nearer first, as a player gets nearer: a useful tile from the walls in, the
        // tile that leaves the hand nearest out.
        let mut away = reading.away();
        while away > target {
            let useful = reading.useful();
            let ins: Vec<usize> = (0..walls.len())
                .filter(|&j| useful.contains(&walls[j]))
                .collect();
            let Some(&j) = ins.get(rng.random_range(0..ins.len().max(1))) else {
                break;
            };
            let into = walls[j];
            reading.counts[into.index()] += 1;
            let mut best: Vec<usize> = Vec::new();
            let mut best_d = u8::MAX;
            for (i, &t) in hand.iter().enumerate() {
                reading.counts[t.index()] -= 1;
                let d = reading.away();
                reading.counts[t.index()] += 1;
                if d < best_d {
                    best_d = d;
                    best.clear();
                }
                if d == best_d {
                    best.push(i);
                }
            }
            let i = best[rng.random_range(0..best.len())];
            let out = hand[i];
            reading.counts[out.index()] -= 1;
            hand[i] = into;
            walls[j] = out;
            if best_d >= away {
                break;
            }
            away = best_d;
        }
        let mut e = energy(&reading);
        for _ in 0..SWAPS {
            let i = rng.random_range(0..hand.len());
            let j = rng.random_range(0..walls.len());
            let (out, into) = (hand[i], walls[j]);
            if out == into || into.is_bonus() {
                continue;
            }
            reading.counts[out.index()] -= 1;
            reading.counts[into.index()] += 1;
            let next = energy(&reading);
            let keep = next <= e || rng.random::<f64>() < (e - next).exp();
            if keep {
                hand[i] = into;
                walls[j] = out;
                e = next;
            } else {
                reading.counts[out.index()] += 1;
                reading.counts[into.index()] -= 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use mahjong_tiles::TileSet;
    use rand::SeedableRng;
    use rand_pcg::Pcg64Mcg;

    use super::*;
    use crate::table::bots::{Bot, ScorerBot};
    use crate::table::{Round, TableOptions};
    use crate::wall::Deal;

    /// A round dealt from `seed` and played by scorers for `actions` actions.
    fn played(seed: u64, actions: usize, options: TableOptions) -> Round {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let setup = Deal::random(TileSet::Full, &mut rng).setup(4).unwrap();
        let mut round = Round::new(&setup, None, options).unwrap();
        for _ in 0..actions {
            let Some(&seat) = round.to_act().first() else {
                break;
            };
            let a = ScorerBot.choose(&round.view(seat), &mut rng);
            round.play(a).unwrap();
        }
        round
    }

    fn away(round: &Round, seat: Wind) -> u8 {
        let counts = Tile::count_kinds(round.concealed(seat).iter().copied());
        crate::distance::tiles_away_counts(&counts, round.melds(seat)).unwrap()
    }

    #[test]
    fn the_hands_only_change_places_with_the_walls() {
        let round = played(5, 24, TableOptions::default());
        let seat = round.to_act()[0];
        let view = round.view(seat);
        let model = HandModel::of(&view);
        let mut rng = Pcg64Mcg::seed_from_u64(1);
        let mut tiles: Vec<Tile> = Vec::new();
        let mut seats = Vec::new();
        for o in Wind::ALL.into_iter().filter(|&o| o != seat) {
            seats.push((o, round.concealed(o).len()));
            tiles.extend(round.concealed(o));
        }
        let dealt = tiles.len();
        tiles.extend(round.wall().live_tiles().iter().filter(|t| !t.is_bonus()));
        let before = Tile::count_kinds(tiles.iter().copied());
        let (hands, walls) = tiles.split_at_mut(dealt);
        model.deal(&seats, hands, walls, &mut rng);
        assert_eq!(Tile::count_kinds(tiles.iter().copied()), before);
        // The same generator deals the same hands.
        let again = {
            let world = view.sample_world(&mut Pcg64Mcg::seed_from_u64(2), |s, h, w, r| {
                model.deal(s, h, w, r)
            });
            Wind::ALL.map(|o| world.concealed(o).to_vec())
        };
        let world = view.sample_world(&mut Pcg64Mcg::seed_from_u64(2), |s, h, w, r| {
            model.deal(s, h, w, r)
        });
        assert_eq!(Wind::ALL.map(|o| world.concealed(o).to_vec()), again);
        assert_eq!(world.census(), round.census());
    }

    #[test]
    fn the_others_are_dealt_hands_as_near_as_players_hold_them() {
        // Mid-round positions of rounds between scorers: the true distances, those of
        // uniform deals and those of the model's, summed over the other seats.
        let (mut truth, mut uniform, mut model_sum, mut held_model, mut held_uniform) =
            (0u32, 0u32, 0u32, 0u32, 0u32);
        let mut rng = Pcg64Mcg::seed_from_u64(9);
        for seed in 0..48 {
            let round = played(seed, 36, TableOptions::default());
            let Some(&seat) = round.to_act().first() else {
                continue;
            };
            let view = round.view(seat);
            let model = HandModel::of(&view);
            let plain = view.sample_world(&mut rng, |_, _, _, _| {});
            let world = view.sample_world(&mut rng, |s, h, w, r| model.deal(s, h, w, r));
            for o in Wind::ALL.into_iter().filter(|&o| o != seat) {
                truth += u32::from(away(&round, o));
                uniform += u32::from(away(&plain, o));
                model_sum += u32::from(away(&world, o));
                let discarded: Vec<Tile> = view
                    .discards()
                    .iter()
                    .filter(|&&(w, _)| w == o)
                    .map(|&(_, t)| t)
                    .collect();
                let held = |r: &Round| {
                    r.concealed(o)
                        .iter()
                        .filter(|t| discarded.contains(t))
                        .count() as u32
                };
                held_model += held(&world);
                held_uniform += held(&plain);
            }
        }
        // Uniform hands are much further than the players'; the model's are about as near.
        assert!(uniform > truth + truth / 3, "{uniform} {truth}");
        assert!(
            model_sum.abs_diff(truth) * 3 < uniform - truth,
            "{model_sum} {truth} {uniform}"
        );
        assert!(held_model * 2 < held_uniform, "{held_model} {held_uniform}");
    }

    #[test]
    fn a_calling_hand_is_dealt_calling() {
        let options = TableOptions::default().with_calling(true);
        let mut checked = 0;
        for seed in 0..40 {
            let round = played(seed, 60, options.clone());
            let Some(&seat) = round.to_act().first() else {
                continue;
            };
            let view = round.view(seat);
            let calling: Vec<Wind> = Wind::ALL
                .into_iter()
                .filter(|&o| o != seat && view.is_calling(o))
                .collect();
            if calling.is_empty() {
                continue;
            }
            let model = HandModel::of(&view);
            let mut rng = Pcg64Mcg::seed_from_u64(seed);
            for _ in 0..4 {
                let world = view.sample_world(&mut rng, |s, h, w, r| model.deal(s, h, w, r));
                for &o in &calling {
                    assert_eq!(away(&world, o), 1, "seed {seed}");
                    checked += 1;
                }
            }
        }
        assert!(checked > 8, "{checked}");
    }
}
