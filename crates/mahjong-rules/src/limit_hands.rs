//! The eight Grands Jeux (limit hands) of seed 000, with their values.
//!
//! A Grand Jeu is a complete hand of 14 tiles whose tiles need not form melds; it scores its
//! fixed value, above the 1000-point limit of ordinary hands. They are checked before the
//! ordinary decomposition (the thirteen lanterns, for one, has no melds at all).
//!
//! How the hand is read: every playing tile of the hand, a kong counting as three tiles (its
//! fourth tile is the one that was replaced from the dead wall), so the 14 "slots" of the
//! hand are matched against the pattern. Melds laid apart are allowed where the pattern
//! allows them. The two hands that *require* kongs (the mandarin's and the imperial
//! Mah-jong) follow the seed: "a kong required by a Grand Jeu counts as four tiles and must
//! stay concealed" — the three kongs are four identical tiles each among the concealed tiles
//! (undeclared, so no replacement tile was drawn), and the hand has no meld laid apart.
//!
//! ```
//! use mahjong_rules::{Hand, LimitHand, limit_hands};
//! use mahjong_tiles::Wind;
//!
//! let lanterns: Hand = "19m 19p 199s 1234567z".parse()?;
//! assert_eq!(limit_hands::find(&lanterns, Wind::South), vec![LimitHand::ThirteenLanterns]);
//! assert_eq!(LimitHand::ThirteenLanterns.points(), 1600);
//! # Ok::<(), mahjong_rules::ParseHandError>(())
//! ```

use core::fmt;

use mahjong_tiles::{Suit, Tile, Wind};

use crate::hand::{Counts, Hand};

/// One of the eight Grands Jeux of seed 000.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum LimitHand {
    /// Petit serpent (1000): one suit 1–9, the four winds, plus any honour.
    LittleSnake,
    /// Grand serpent (1400): one suit 1–9, a triplet (or kong) of honours, a pair of honours.
    GreatSnake,
    /// Les 13 lanternes merveilleuses (1600): 1 and 9 of each suit, the three dragons, the
    /// four winds, and one tile pairing one of the six terminals.
    ThirteenLanterns,
    /// Main pleine de 9 pièces (700): one suit, triplets of 1 and 9, the sequence 2–8, and a
    /// tile pairing one of 2–8.
    NineTiles,
    /// Grande main verte majeure (3500): three triplets (or kongs) of even bamboos, a triplet
    /// (or kong) of green dragons, a pair of even bamboos.
    GreatGreenHand,
    /// Quadruple bonheur domestique (2000): triplets (or kongs) of the four winds and any pair.
    FourfoldHappiness,
    /// Mah-jong du mandarin (5000): three concealed kongs of winds, kept concealed, and a pair
    /// of the fourth wind.
    MandarinMahJong,
    /// Mah-jong impérial (6000): three concealed kongs of dragons, kept concealed, and a pair
    /// of the player's wind.
    ImperialMahJong,
}

impl LimitHand {
    /// The eight, in the seed's order.
    pub const ALL: [LimitHand; 8] = [
        LimitHand::LittleSnake,
        LimitHand::GreatSnake,
        LimitHand::ThirteenLanterns,
        LimitHand::NineTiles,
        LimitHand::GreatGreenHand,
        LimitHand::FourfoldHappiness,
        LimitHand::MandarinMahJong,
        LimitHand::ImperialMahJong,
    ];

    /// The hand's value in points (seed 000).
    pub const fn points(self) -> u32 {
        match self {
            LimitHand::LittleSnake => 1000,
            LimitHand::GreatSnake => 1400,
            LimitHand::ThirteenLanterns => 1600,
            LimitHand::NineTiles => 700,
            LimitHand::GreatGreenHand => 3500,
            LimitHand::FourfoldHappiness => 2000,
            LimitHand::MandarinMahJong => 5000,
            LimitHand::ImperialMahJong => 6000,
        }
    }

    /// The French name used by seed 000.
    pub const fn french_name(self) -> &'static str {
        match self {
            LimitHand::LittleSnake => "Petit serpent",
            LimitHand::GreatSnake => "Grand serpent",
            LimitHand::ThirteenLanterns => "13 lanternes merveilleuses",
            LimitHand::NineTiles => "Main pleine de 9 pièces",
            LimitHand::GreatGreenHand => "Grande main verte majeure",
            LimitHand::FourfoldHappiness => "Quadruple bonheur domestique",
            LimitHand::MandarinMahJong => "Mah-jong du mandarin",
            LimitHand::ImperialMahJong => "Mah-jong impérial",
        }
    }

    /// An English name.
    pub const fn english_name(self) -> &'static str {
        match self {
            LimitHand::LittleSnake => "Little snake",
            LimitHand::GreatSnake => "Great snake",
            LimitHand::ThirteenLanterns => "Thirteen wonderful lanterns",
            LimitHand::NineTiles => "Hand full of nine tiles",
            LimitHand::GreatGreenHand => "Great green hand",
            LimitHand::FourfoldHappiness => "Fourfold domestic happiness",
            LimitHand::MandarinMahJong => "Mandarin's Mah-jong",
            LimitHand::ImperialMahJong => "Imperial Mah-jong",
        }
    }

    /// Whether the complete `hand` held by the player of wind `seat` is this Grand Jeu.
    pub fn matches(self, hand: &Hand, seat: Wind) -> bool {
        hand.size() == 14 && self.matches_slots(&hand.slot_counts(), hand.melds().is_empty(), seat)
    }

    /// The pattern test on the 14 slots of a hand (kongs counting three); `no_melds` says
    /// whether the hand has no meld laid apart.
    pub(crate) fn matches_slots(self, c: &Counts, no_melds: bool, seat: Wind) -> bool {
        match self {
            LimitHand::LittleSnake => little_snake(c),
            LimitHand::GreatSnake => great_snake(c),
            LimitHand::ThirteenLanterns => lanterns(c),
            LimitHand::NineTiles => nine_tiles(c),
            LimitHand::GreatGreenHand => green(c),
            LimitHand::FourfoldHappiness => fourfold(c),
            LimitHand::MandarinMahJong => no_melds && mandarin(c),
            LimitHand::ImperialMahJong => no_melds && imperial(c, seat),
        }
    }
}

impl fmt::Display for LimitHand {
    /// The French name.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.french_name())
    }
}

/// Every Grand Jeu the complete `hand` of the player of wind `seat` makes, in the seed's
/// order (empty for an ordinary hand or a hand of 13).
pub fn find(hand: &Hand, seat: Wind) -> Vec<LimitHand> {
    LimitHand::ALL
        .into_iter()
        .filter(|l| l.matches(hand, seat))
        .collect()
}

fn idx(t: Tile) -> usize {
    t.index()
}

fn suit_range(s: Suit) -> core::ops::Range<usize> {
    let first = Tile::suited(s, 1).map_or(0, idx);
    first..first + 9
}

const WINDS: core::ops::Range<usize> = 27..31;
const DRAGONS: core::ops::Range<usize> = 31..34;
const HONOURS: core::ops::Range<usize> = 27..34;

fn total(c: &Counts, r: core::ops::Range<usize>) -> u32 {
    c[r].iter().map(|&n| u32::from(n)).sum()
}

/// The one suit holding every suited tile, if the hand has suited tiles of one suit only.
fn only_suit(c: &Counts) -> Option<Suit> {
    let mut found = None;
    for s in Suit::ALL {
        if total(c, suit_range(s)) > 0 {
            if found.is_some() {
                return None;
            }
            found = Some(s);
        }
    }
    found
}

/// One suit exactly 1–9 once each, no other suited tile.
fn straight_suit(c: &Counts) -> bool {
    only_suit(c).is_some_and(|s| c[suit_range(s)].iter().all(|&n| n == 1))
}

fn little_snake(c: &Counts) -> bool {
    straight_suit(c) && c[WINDS].iter().all(|&n| n >= 1) && total(c, HONOURS) == 5
}

fn great_snake(c: &Counts) -> bool {
    let honours = &c[HONOURS];
    straight_suit(c)
        && honours.iter().filter(|&&n| n == 3).count() == 1
        && honours.iter().filter(|&&n| n == 2).count() == 1
        && honours.iter().all(|&n| matches!(n, 0 | 2 | 3))
}

fn lanterns(c: &Counts) -> bool {
    let mut pairs = 0;
    for s in Suit::ALL {
        let r = suit_range(s);
        if c[r.start + 1..r.end - 1].iter().any(|&n| n > 0) {
            return false;
        }
        for n in [c[r.start], c[r.end - 1]] {
            match n {
                1 => {}
                2 => pairs += 1,
                _ => return false,
            }
        }
    }
    pairs == 1 && c[HONOURS].iter().all(|&n| n == 1)
}

fn nine_tiles(c: &Counts) -> bool {
    let Some(s) = only_suit(c) else {
        return false;
    };
    let r = suit_range(s);
    let middle = &c[r.start + 1..r.end - 1];
    total(c, HONOURS) == 0
        && c[r.start] == 3
        && c[r.end - 1] == 3
        && middle.iter().all(|&n| n == 1 || n == 2)
        && middle.iter().filter(|&&n| n == 2).count() == 1
}

/// Indices of the even bamboos 2, 4, 6, 8.
const EVEN_BAMBOOS: [usize; 4] = [19, 21, 23, 25];

fn green(c: &Counts) -> bool {
    let green_dragon = idx(Tile::GREEN);
    for (i, &n) in c.iter().enumerate() {
        if n > 0 && !EVEN_BAMBOOS.contains(&i) && i != green_dragon {
            return false;
        }
    }
    let mut evens = EVEN_BAMBOOS.map(|i| c[i]);
    evens.sort_unstable();
    c[green_dragon] == 3 && evens == [2, 3, 3, 3]
}

fn fourfold(c: &Counts) -> bool {
    c[WINDS].iter().all(|&n| n == 3) && c.iter().filter(|&&n| n == 2).count() == 1
}

fn mandarin(c: &Counts) -> bool {
    let mut winds = [c[27], c[28], c[29], c[30]];
    winds.sort_unstable();
    winds == [2, 4, 4, 4] && total(c, 0..27) + total(c, DRAGONS) == 0
}

fn imperial(c: &Counts, seat: Wind) -> bool {
    c[DRAGONS].iter().all(|&n| n == 4) && c[idx(Tile::wind(seat))] == 2
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(s: &str) -> Hand {
        s.parse().unwrap()
    }

    #[test]
    fn values_are_the_seeds() {
        let v: Vec<u32> = LimitHand::ALL.iter().map(|l| l.points()).collect();
        assert_eq!(v, [1000, 1400, 1600, 700, 3500, 2000, 5000, 6000]);
    }

    #[test]
    fn even_bamboo_indices() {
        let evens: Vec<String> = EVEN_BAMBOOS
            .iter()
            .map(|&i| Tile::from_index(i).unwrap().to_string())
            .collect();
        assert_eq!(evens, ["2s", "4s", "6s", "8s"]);
    }

    #[test]
    fn thirteen_tiles_are_never_a_grand_jeu() {
        assert!(find(&h("19m 19p 19s 1234567z"), Wind::East).is_empty());
    }

    #[test]
    fn declared_kongs_do_not_make_the_mandarin() {
        // Three declared kongs of winds and the pair: legal ordinary hand shape (3 melds + 5
        // concealed), but the kongs were declared, not kept concealed.
        let hand = h("(1111z) (2222z) (3333z) 44z 555z");
        assert!(!LimitHand::MandarinMahJong.matches(&hand, Wind::East));
    }
}
