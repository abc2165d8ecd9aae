//! How far a hand is from Mah-jong: the fewest tiles it still lacks ("shanten" in other
//! rule sets), and the tiles that would bring it closer.
//!
//! A Mah-jong of the French Wikipedia article on Mah-jong is four melds and a pair: a
//! sequence of one suit, a triplet, or a kong (counting three tiles), the honours only in
//! triplets and kongs. Flowers and seasons are laid aside and play no part here.
//!
//! # The convention: tiles away
//!
//! [`tiles_away`] is the number of tiles a hand still lacks from its nearest Mah-jong: the
//! fewest tiles it must draw (throwing one away for each, but for the last one of a hand of
//! 13) to hold four melds and a pair.
//!
//! | hand | `tiles_away` | in riichi terms |
//! |---|---|---|
//! | 14 tiles, a Mah-jong | 0 | shanten −1 |
//! | 13 tiles, calling (one tile completes it) | 1 | tenpai, shanten 0 |
//! | 14 tiles, one discard from calling | 1 | shanten 0 |
//! | 13 or 14 tiles, `n` tiles to go | `n` | shanten `n − 1` |
//!
//! So a hand of 13 is never at 0, and is at 1 exactly when it is calling. The worst hand of
//! 13 is at 9 (five isolated tiles, each to grow into a meld or the pair).
//!
//! # Melds laid apart
//!
//! Exposed melds and declared concealed kongs are fixed: each counts as one of the four
//! melds, and the concealed tiles must make the rest (a hand with two exposed melds and 8
//! concealed tiles needs two melds and a pair from them).
//!
//! # Four copies and no fifth
//!
//! A tile all four of whose copies the hand already holds (concealed, or in its own melds
//! laid apart) cannot come: no Mah-jong that would need a fifth copy is counted. So
//! `1111m [222p] [333p] [444p]` is 2 tiles away, not 1 (only a fifth 1m would pair its lone
//! 1m), and a hand of 13 is at 1 exactly when [`crate::waits`] finds a wait that completes
//! four melds and a pair. Copies in other players' melds or in the discards are not known
//! here: a program that knows them weighs [`useful_tiles`] by the copies it has not seen.
//!
//! # The Grands Jeux
//!
//! Four of the eight Grands Jeux are made of four melds and a pair and are counted by
//! [`tiles_away`] like any hand: the great snake, the hand full of nine tiles, the great
//! green hand and the fourfold happiness. The four others are not (the little snake's four
//! winds, the thirteen lanterns, the mandarin's and the imperial Mah-jong's four-tile
//! kongs), and a player may play for any of them in an ordinary game, so
//! [`limit_hand_tiles_away`] gives the distance to each Grand Jeu on its own, with the same
//! convention.
//!
//! ```
//! use mahjong_rules::{Hand, LimitHand, distance};
//! use mahjong_tiles::{Tiles, Wind};
//!
//! let complete: Hand = "123m 456p 789s 111z 55z".parse()?;
//! assert_eq!(distance::tiles_away(&complete), 0);
//! let calling: Hand = "123m 456p 789s 111z 5z".parse()?;
//! assert_eq!(distance::tiles_away(&calling), 1);
//!
//! // Two partial melds (13m, 79p) and a spare 5z: two tiles to go, 2m and 8p.
//! let hand: Hand = "13m 456p 79p 789s 11z 5z".parse()?;
//! assert_eq!(distance::tiles_away(&hand), 2);
//! let useful: Tiles = distance::useful_tiles(&hand)?.into();
//! assert_eq!(useful.to_string(), "2m 8p");
//!
//! // Thirteen lone tiles are 9 tiles from four melds and a pair, but 1 from the thirteen
//! // lanterns.
//! let lanterns: Hand = "19m 19p 19s 1234567z".parse()?;
//! assert_eq!(distance::tiles_away(&lanterns), 9);
//! let away = distance::limit_hand_tiles_away(&lanterns, LimitHand::ThirteenLanterns, Wind::East);
//! assert_eq!(away, Some(1));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # How, and what it costs
//!
//! No meld crosses from one suit to another or to the honours, so each of the four blocks
//! (three suits, the honours) is costed on its own for every number of melds (0 to 4) with
//! or without the pair, and the four are combined. A suit's costs come from a table built
//! at the first call in a process (by any thread; the others wait for it), for every count
//! vector a suit of a hand can hold: 405,350 entries of ten costs packed in a `u64`, so
//! 3.2 MB kept for the life of the process: its building is a fixed amount of work, done
//! once, and far heavier unoptimised (a program can set `opt-level` for this crate in its
//! dev profile). A suit beside which the hand has laid a meld (fewer than four copies of
//! some kind can come) is costed exactly by a dynamic programme over its ranks instead, the
//! honours by counting. So a hand costs a few table reads and no call needs a budget;
//! [`useful_tiles`] reads the table once more for each kind.

mod suit;

use mahjong_tiles::{Suit, Tile, Wind};

use crate::hand::{Counts, HONOURS, Hand, KINDS, WINDS, suit_range};
use crate::limit_hands::LimitHand;
use crate::meld::{Meld, MeldKind};

use suit::{Costs, LAYERS, NONE};

/// Where each suit starts in [`Counts`].
const SUIT_STARTS: [usize; 3] = [
    suit_range(Suit::Characters).start,
    suit_range(Suit::Circles).start,
    suit_range(Suit::Bamboos).start,
];

/// Why tiles given as counts do not make a hand, or are not asked the right question.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DistanceError {
    /// The concealed tiles and the melds laid apart (three tiles each) are not 13 or 14.
    #[error("a hand holds 13 or 14 tiles (a kong counting three), found {count}")]
    WrongTileCount {
        /// The size found: concealed playing tiles plus three per meld.
        count: usize,
    },
    /// More than four copies of a kind between the concealed tiles and the melds.
    #[error("{count} copies of {tile}: a set holds only 4")]
    TooManyCopies {
        /// The tile kind.
        tile: Tile,
        /// How many the hand holds.
        count: usize,
    },
    /// Useful tiles are listed for a hand of 13 (after a discard); this one has 14.
    #[error(
        "useful tiles are listed for a hand of 13 tiles (a kong counting three), this one has 14"
    )]
    FourteenTiles,
}

/// A hand read for the distance: concealed counts, copies held in melds laid apart, and
/// how many melds the concealed tiles must still make.
#[derive(Clone, Copy)]
struct Reading {
    held: Counts,
    apart: Counts,
    /// Melds to make from the concealed tiles: four less the melds laid apart.
    melds: usize,
    /// Whether some suit has copies in melds laid apart (the exact, slower path).
    any_apart: bool,
    /// 13 or 14.
    size: usize,
}

impl Reading {
    fn of_hand(hand: &Hand) -> Reading {
        let apart = apart_counts(hand.melds());
        Reading {
            held: hand.concealed_counts(),
            apart,
            melds: 4 - hand.melds().len(),
            any_apart: !hand.melds().is_empty(),
            size: hand.size(),
        }
    }

    fn of_counts(concealed: &[u8; Tile::COUNT], melds: &[Meld]) -> Result<Reading, DistanceError> {
        let held: Counts = core::array::from_fn(|i| concealed[i]);
        let count = held.iter().map(|&n| usize::from(n)).sum::<usize>() + 3 * melds.len();
        if !(13..=14).contains(&count) {
            return Err(DistanceError::WrongTileCount { count });
        }
        let apart = apart_counts(melds);
        let too_many = |(&h, &a): (&u8, &u8)| h.saturating_add(a) > 4;
        if held.iter().zip(&apart).any(too_many) {
            let i = held.iter().zip(&apart).position(too_many).unwrap_or(0);
            return Err(DistanceError::TooManyCopies {
                tile: Tile::ALL[i],
                count: usize::from(held[i]) + usize::from(apart[i]),
            });
        }
        Ok(Reading {
            held,
            apart,
            melds: 4 - melds.len(),
            any_apart: !melds.is_empty(),
            size: count,
        })
    }

    /// The costs of block `b` (0–2 the suits, 3 the honours).
    #[inline]
    fn block(&self, b: usize) -> Costs {
        if b == 3 {
            return honour_costs(&self.held, &self.apart);
        }
        let start = SUIT_STARTS[b];
        let h: [u8; 9] = core::array::from_fn(|r| self.held[start + r]);
        if self.any_apart {
            let cap: [u8; 9] = core::array::from_fn(|r| 4 - self.apart[start + r]);
            if cap != [4; 9] && !suit::limits_cannot_bind(&h, &cap) {
                return suit::capped_costs(&h, &cap, self.melds);
            }
        }
        suit::costs(&h)
    }

    #[inline]
    fn blocks(&self) -> [Costs; 4] {
        [self.block(0), self.block(1), self.block(2), self.block(3)]
    }

    #[inline]
    fn tiles_away(&self) -> u8 {
        let b = self.blocks();
        finish(&convolve(&b[0], &b[1]), &convolve(&b[2], &b[3]), self.melds)
    }

    fn useful_tiles(&self) -> Result<Vec<Tile>, DistanceError> {
        if self.size == 14 {
            return Err(DistanceError::FourteenTiles);
        }
        let k = self.melds;
        let b = self.blocks();
        let left = convolve(&b[0], &b[1]);
        let right = convolve(&b[2], &b[3]);
        let now = finish(&left, &right, k);
        // For each block, the other three combined.
        let others = [
            convolve(&b[1], &right),
            convolve(&b[0], &right),
            convolve(&left, &b[3]),
            convolve(&left, &b[2]),
        ];
        // A tile is useful when, with one more tile in its block, some layer of that block
        // plus the complementary layer of the three others is below `now`.
        let complement = others.map(|o| {
            suit::pack(&core::array::from_fn(|layer| {
                let (m, pair) = (layer / 2, layer % 2);
                if m <= k {
                    o[2 * (k - m) + 1 - pair]
                } else {
                    NONE
                }
            }))
        });
        let mut useful = Vec::new();
        let mut more = [0u64; 9];
        for (b, &start) in SUIT_STARTS.iter().enumerate() {
            let h: [u8; 9] = core::array::from_fn(|r| self.held[start + r]);
            let cap: [u8; 9] = core::array::from_fn(|r| 4 - self.apart[start + r]);
            suit::one_more(&h, &mut more);
            if cap != [4; 9] {
                for r in (0..9).filter(|&r| h[r] < cap[r]) {
                    let mut one_more = h;
                    one_more[r] += 1;
                    if !suit::limits_cannot_bind(&one_more, &cap) {
                        more[r] = suit::pack(&suit::capped_costs(&one_more, &cap, k));
                    }
                }
            }
            for r in (0..9).filter(|&r| h[r] < cap[r]) {
                if suit::any_sum_below(more[r], complement[b], now) {
                    useful.push(Tile::ALL[start + r]);
                }
            }
        }
        // An honour kind with no copy laid apart moves up one class with one more tile.
        let classes = honour_classes(&self.held, &self.apart);
        for i in HONOURS.filter(|&i| self.apart[i] == 0 && self.held[i] < 4) {
            let mut n = classes;
            let class = honour_class(self.held[i]);
            n[class] -= 1;
            n[honour_class(self.held[i] + 1)] += 1;
            let costs = suit::pack(&HONOUR_TABLE[honour_index(n)]);
            if suit::any_sum_below(costs, complement[3], now) {
                useful.push(Tile::ALL[i]);
            }
        }
        Ok(useful)
    }
}

/// Copies of each kind held in melds laid apart (a kong's four).
fn apart_counts(melds: &[Meld]) -> Counts {
    let mut apart = [0u8; KINDS];
    for m in melds {
        let i = m.tile().index();
        match m.kind() {
            MeldKind::Sequence => {
                for n in &mut apart[i..i + 3] {
                    *n = n.saturating_add(1);
                }
            }
            MeldKind::Triplet => apart[i] = apart[i].saturating_add(3),
            MeldKind::Kong => apart[i] = apart[i].saturating_add(4),
        }
    }
    apart
}

/// Min-plus product of two blocks' costs: the cheapest way to make `m` melds (and the pair
/// or not) between them, for every `m`. A cost of [`NONE`] or more means no way: real costs
/// stay below it (14 a block at most), and sums stay below 255 (a block's costs are at
/// most [`NONE`], a product's at most three times that).
#[inline]
fn convolve(a: &Costs, b: &Costs) -> Costs {
    let mut c = [u8::MAX; LAYERS];
    for m in 0..5 {
        for m1 in 0..=m {
            let m2 = m - m1;
            c[2 * m] = c[2 * m].min(a[2 * m1] + b[2 * m2]);
            c[2 * m + 1] = c[2 * m + 1]
                .min(a[2 * m1 + 1] + b[2 * m2])
                .min(a[2 * m1] + b[2 * m2 + 1]);
        }
    }
    c
}

/// The cheapest `melds` melds and the pair between two halves.
#[inline]
fn finish(a: &Costs, b: &Costs, melds: usize) -> u8 {
    let mut best = u8::MAX;
    for m1 in 0..=melds {
        let m2 = melds - m1;
        best = best
            .min(a[2 * m1 + 1] + b[2 * m2])
            .min(a[2 * m1] + b[2 * m2 + 1]);
    }
    best
}

/// The honours' costs from how many usable honour kinds are held 3 or 4 times, twice, once
/// and not at all (three bits each in the index): a triplet of a kind lacks 0, 1, 2 or 3
/// tiles, a pair 0, 0, 1 or 2; a kind holds at most one of them (a triplet and a pair
/// would be five copies).
static HONOUR_TABLE: [Costs; 4096] = {
    const TRIPLET: [u8; 4] = [0, 1, 2, 3];
    const PAIR: [u8; 4] = [0, 0, 1, 2];
    /// The cheapest `m` triplets from kinds counted by class, or [`NONE`].
    const fn cheapest(n: [u8; 4], m: u8) -> u8 {
        let mut left = m;
        let mut cost = 0;
        let mut c = 0;
        while c < 4 && left > 0 {
            let take = if n[c] < left { n[c] } else { left };
            cost += take * TRIPLET[c];
            left -= take;
            c += 1;
        }
        if left > 0 { NONE } else { cost }
    }
    let mut table = [[NONE; LAYERS]; 4096];
    let mut i = 0;
    while i < 4096 {
        let n = [
            (i >> 9) as u8,
            ((i >> 6) & 7) as u8,
            ((i >> 3) & 7) as u8,
            (i & 7) as u8,
        ];
        let mut m = 0;
        while m <= 4 {
            table[i][2 * m] = cheapest(n, m as u8);
            let mut c = 0;
            while c < 4 {
                if n[c] > 0 {
                    let mut rest = n;
                    rest[c] -= 1;
                    let t = cheapest(rest, m as u8);
                    if t < NONE && t + PAIR[c] < table[i][2 * m + 1] {
                        table[i][2 * m + 1] = t + PAIR[c];
                    }
                }
                c += 1;
            }
            m += 1;
        }
        i += 1;
    }
    table
};

/// The class of an honour kind held `n` times: 0 for 3 or 4, 1 for 2, 2 for 1, 3 for none.
#[inline]
fn honour_class(n: u8) -> usize {
    3 - usize::from(n.min(3))
}

/// How many honour kinds of each class the hand holds, counting only kinds with no copy
/// in a meld laid apart (such a meld leaves at most one copy: no triplet, no pair).
#[inline]
fn honour_classes(held: &Counts, apart: &Counts) -> [usize; 4] {
    let mut n = [0usize; 4];
    for i in HONOURS {
        if apart[i] == 0 {
            n[honour_class(held[i])] += 1;
        }
    }
    n
}

#[inline]
fn honour_index(n: [usize; 4]) -> usize {
    (n[0] << 9) | (n[1] << 6) | (n[2] << 3) | n[3]
}

/// The honours' costs.
#[inline]
fn honour_costs(held: &Counts, apart: &Counts) -> Costs {
    HONOUR_TABLE[honour_index(honour_classes(held, apart))]
}

/// How many tiles the `hand` lacks from four melds and a pair (see the [module](self) docs): 0 for
/// a Mah-jong, 1 for a calling hand of 13 or a hand of 14 one discard from calling.
///
/// ```
/// use mahjong_rules::{Hand, distance::tiles_away};
/// assert_eq!(tiles_away(&"123m 456p 789s 111z 55z".parse::<Hand>()?), 0);
/// assert_eq!(tiles_away(&"123m 456p 789s 111z 5z".parse::<Hand>()?), 1);
/// // An exposed pung counts as one of the four melds.
/// assert_eq!(tiles_away(&"13m 456p 789s 55z [777z]".parse::<Hand>()?), 1);
/// // Flowers and seasons play no part.
/// assert_eq!(tiles_away(&"13m 456p 789s 55z [777z] 1f 3y".parse::<Hand>()?), 1);
/// # Ok::<(), mahjong_rules::ParseHandError>(())
/// ```
pub fn tiles_away(hand: &Hand) -> u8 {
    Reading::of_hand(hand).tiles_away()
}

/// [`tiles_away`] for a hand given as counts by kind (as [`Tile::count_kinds`] makes them;
/// flowers and seasons are ignored) and its melds laid apart, so that a program can try
/// discards and claims without building a [`Hand`].
///
/// ```
/// use mahjong_rules::{Exposure, Meld, distance::tiles_away_counts};
/// use mahjong_tiles::{Tile, parse_tiles};
///
/// let mut counts = Tile::count_kinds(parse_tiles("13m 456p 789s 55z 2m")?);
/// let pung = Meld::triplet(Tile::RED, Exposure::Exposed)?;
/// assert_eq!(tiles_away_counts(&counts, &[pung])?, 0);
/// counts[Tile::ALL[1].index()] -= 1; // throw the 2m away
/// assert_eq!(tiles_away_counts(&counts, &[pung])?, 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`DistanceError::WrongTileCount`] unless the concealed playing tiles and three per meld
/// make 13 or 14; [`DistanceError::TooManyCopies`] if a kind has more than four copies
/// between the concealed tiles and the melds.
pub fn tiles_away_counts(
    concealed: &[u8; Tile::COUNT],
    melds: &[Meld],
) -> Result<u8, DistanceError> {
    Ok(Reading::of_counts(concealed, melds)?.tiles_away())
}

/// The tile kinds that, drawn or claimed, bring the 13-tile `hand` one tile closer to four
/// melds and a pair, in canonical order. For a calling hand these are its waits that make
/// four melds and a pair. A kind all four of whose copies the hand holds is never listed.
///
/// ```
/// use mahjong_rules::{Hand, distance::useful_tiles};
/// use mahjong_tiles::Tiles;
/// let hand: Hand = "23m 456p 789s 111z 55z".parse()?;
/// assert_eq!(Tiles(useful_tiles(&hand)?).to_string(), "14m");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`DistanceError::FourteenTiles`] for a hand of 14: it must discard first.
pub fn useful_tiles(hand: &Hand) -> Result<Vec<Tile>, DistanceError> {
    Reading::of_hand(hand).useful_tiles()
}

/// [`useful_tiles`] for a hand given as counts by kind and its melds laid apart (see
/// [`tiles_away_counts`]).
///
/// # Errors
/// Those of [`tiles_away_counts`], and [`DistanceError::FourteenTiles`] for a hand of 14.
///
/// ```
/// use mahjong_rules::distance::{useful_tiles_counts, DistanceError};
/// use mahjong_tiles::{Tile, Tiles, parse_tiles};
/// let counts = Tile::count_kinds(parse_tiles("23m 456p 789s 111z 55z")?);
/// assert_eq!(Tiles(useful_tiles_counts(&counts, &[])?).to_string(), "14m");
/// let fourteen = Tile::count_kinds(parse_tiles("123m 456p 789s 111z 55z")?);
/// assert!(matches!(useful_tiles_counts(&fourteen, &[]), Err(DistanceError::FourteenTiles)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn useful_tiles_counts(
    concealed: &[u8; Tile::COUNT],
    melds: &[Meld],
) -> Result<Vec<Tile>, DistanceError> {
    Reading::of_counts(concealed, melds)?.useful_tiles()
}

/// How many tiles the `hand` of the player of wind `seat` lacks from the Grand Jeu `limit`,
/// with the convention of [`tiles_away`] (0: the hand is that Grand Jeu; 1: a hand of 13
/// one tile from it). `None` when the melds it has laid apart rule it out (the thirteen
/// lanterns admit none, the mandarin's and the imperial Mah-jong keep their kongs
/// concealed, the nine tiles and the fourfold happiness admit no kong).
///
/// A kong counts as three tiles, as in [`LimitHand`]'s patterns, except the four-tile kongs
/// the mandarin's and the imperial Mah-jong require. Which player gives the last tile is
/// not looked at (a kong of those two may not be completed by a discard).
///
/// ```
/// use mahjong_rules::{Hand, LimitHand, distance::limit_hand_tiles_away};
/// use mahjong_tiles::Wind;
/// let hand: Hand = "123456789p 1234z".parse()?;
/// assert_eq!(limit_hand_tiles_away(&hand, LimitHand::LittleSnake, Wind::East), Some(1));
/// let hand: Hand = "123m 456p 789s 11z [222z]".parse()?;
/// assert_eq!(limit_hand_tiles_away(&hand, LimitHand::ThirteenLanterns, Wind::East), None);
/// # Ok::<(), mahjong_rules::ParseHandError>(())
/// ```
pub fn limit_hand_tiles_away(hand: &Hand, limit: LimitHand, seat: Wind) -> Option<u8> {
    let melds = hand.melds();
    let any_kong = melds.iter().any(Meld::is_kong);
    let ruled_out = match limit {
        LimitHand::ThirteenLanterns | LimitHand::MandarinMahJong | LimitHand::ImperialMahJong => {
            !melds.is_empty()
        }
        LimitHand::NineTiles | LimitHand::FourfoldHappiness => any_kong,
        _ => false,
    };
    if ruled_out {
        return None;
    }
    let slots = hand.slot_counts();
    let concealed = hand.concealed_counts();
    // A kong's fourth tile is held but not a slot.
    let mut fourth = [0u8; KINDS];
    for m in melds.iter().filter(|m| m.is_kong()) {
        fourth[m.tile().index()] = 1;
    }
    let mut best = None;
    for_each_target(limit, seat, |t| {
        let fits = (0..KINDS).all(|i| {
            t[i] >= slots[i] - concealed[i] && usize::from(t[i]) + usize::from(fourth[i]) <= 4
        });
        if fits {
            let lacking: u8 = (0..KINDS).map(|i| t[i].saturating_sub(slots[i])).sum();
            best = Some(best.map_or(lacking, |b: u8| b.min(lacking)));
        }
    });
    best
}

/// [`limit_hand_tiles_away`] when it is at most `max`, `None` otherwise: the same answers,
/// found faster by bounding the distance from below first (a bot asks it at every turn).
pub(crate) fn limit_hand_tiles_away_within(
    hand: &Hand,
    limit: LimitHand,
    seat: Wind,
    max: u8,
) -> Option<u8> {
    let slots = hand.slot_counts();
    let bound = limit_groups(limit, seat)
        .iter()
        .map(|g| {
            let covered: u8 = (0..KINDS).map(|i| g.cap[i].min(slots[i])).sum();
            g.total.saturating_sub(covered)
        })
        .min()
        .unwrap_or(0);
    if bound > max {
        return None;
    }
    limit_hand_tiles_away(hand, limit, seat).filter(|&d| d <= max)
}

/// The targets of a Grand Jeu that use the same suits, summed up: for every kind the most
/// copies any of them holds, and the fewest slots any of them has. A target lacks at least
/// its slots less the slots of the hand it may cover, so a hand lacks at least that much
/// from every target of the group.
#[derive(Debug)]
struct TargetGroup {
    suits: u8,
    cap: Counts,
    total: u8,
}

/// The groups of `limit` for the player of wind `seat`, worked out once per process.
fn limit_groups(limit: LimitHand, seat: Wind) -> &'static [TargetGroup] {
    static GROUPS: std::sync::OnceLock<Vec<Vec<TargetGroup>>> = std::sync::OnceLock::new();
    let all = GROUPS.get_or_init(|| {
        let mut all = Vec::new();
        for l in LimitHand::ALL {
            for w in Wind::ALL {
                let mut groups: Vec<TargetGroup> = Vec::new();
                for_each_target(l, w, |t| {
                    let suits = SUIT_STARTS
                        .iter()
                        .enumerate()
                        .filter(|&(_, &start)| t[start..start + 9].iter().any(|&c| c > 0))
                        .fold(0u8, |m, (k, _)| m | 1 << k);
                    let total: u8 = t.iter().sum();
                    match groups.iter_mut().find(|g| g.suits == suits) {
                        Some(g) => {
                            for (c, &x) in g.cap.iter_mut().zip(t) {
                                *c = (*c).max(x);
                            }
                            g.total = g.total.min(total);
                        }
                        None => groups.push(TargetGroup {
                            suits,
                            cap: *t,
                            total,
                        }),
                    }
                });
                all.push(groups);
            }
        }
        all
    });
    let l = LimitHand::ALL.iter().position(|&x| x == limit).unwrap_or(0);
    &all[l * 4 + seat as usize]
}

/// Calls `visit` with every complete hand (as slot counts) that is the Grand Jeu `limit`
/// for the player of wind `seat`.
fn for_each_target(limit: LimitHand, seat: Wind, mut visit: impl FnMut(&Counts)) {
    let honours = || HONOURS;
    let straight = |s: Suit| {
        let mut t = [0u8; KINDS];
        t[suit_range(s)].fill(1);
        t
    };
    match limit {
        LimitHand::LittleSnake => {
            for s in Suit::ALL {
                for extra in honours() {
                    let mut t = straight(s);
                    t[WINDS].fill(1);
                    t[extra] += 1;
                    visit(&t);
                }
            }
        }
        LimitHand::GreatSnake => {
            for s in Suit::ALL {
                for triplet in honours() {
                    for pair in honours().filter(|&p| p != triplet) {
                        let mut t = straight(s);
                        t[triplet] = 3;
                        t[pair] = 2;
                        visit(&t);
                    }
                }
            }
        }
        LimitHand::ThirteenLanterns => {
            let mut base = [0u8; KINDS];
            base[HONOURS].fill(1);
            let terminals = Suit::ALL.map(suit_range).map(|r| [r.start, r.end - 1]);
            for &i in terminals.as_flattened() {
                base[i] = 1;
            }
            for &pair in terminals.as_flattened() {
                let mut t = base;
                t[pair] = 2;
                visit(&t);
            }
        }
        LimitHand::NineTiles => {
            for s in Suit::ALL {
                let r = suit_range(s);
                for pair in r.start + 1..r.end - 1 {
                    let mut t = straight(s);
                    t[r.start] = 3;
                    t[r.end - 1] = 3;
                    t[pair] = 2;
                    visit(&t);
                }
            }
        }
        LimitHand::GreatGreenHand => {
            let two = suit_range(Suit::Bamboos).start + 1;
            let evens = [two, two + 2, two + 4, two + 6];
            for pair in evens {
                let mut t = [0u8; KINDS];
                for e in evens {
                    t[e] = 3;
                }
                t[pair] = 2;
                t[Tile::GREEN.index()] = 3;
                visit(&t);
            }
        }
        LimitHand::FourfoldHappiness => {
            for pair in (0..KINDS).filter(|i| !WINDS.contains(i)) {
                let mut t = [0u8; KINDS];
                t[WINDS].fill(3);
                t[pair] = 2;
                visit(&t);
            }
        }
        LimitHand::MandarinMahJong => {
            for pair in WINDS {
                let mut t = [0u8; KINDS];
                t[WINDS].fill(4);
                t[pair] = 2;
                visit(&t);
            }
        }
        LimitHand::ImperialMahJong => {
            let mut t = [0u8; KINDS];
            t[Tile::WHITE.index()..KINDS].fill(4);
            t[Tile::wind(seat).index()] = 2;
            visit(&t);
        }
    }
}

#[cfg(test)]
mod tests;
