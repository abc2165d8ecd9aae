//! The eight Grands Jeux (see [`LimitHand`]).

use core::fmt;

use mahjong_tiles::{Suit, Tile, Wind};

use crate::hand::{Counts, DRAGONS, HONOURS, Hand, WINDS, suit_range};

/// One of the eight Grands Jeux (limit hands) of the French Wikipedia article on Mah-jong.
///
/// A Grand Jeu is a complete hand of 14 tiles whose tiles need not form melds; it scores its
/// fixed value, above the 1000-point limit of ordinary hands. They are checked before the
/// ordinary decomposition (the thirteen lanterns, for one, has no melds at all).
///
/// How the hand is read: every playing tile of the hand, a kong counting as three tiles (its
/// fourth tile is the one that was replaced from the dead wall), so the 14 "slots" of the
/// hand are matched against the pattern. Melds laid apart are allowed where the pattern
/// allows them.
///
/// The compositions follow the article's own words ("Les Grands Jeux"):
/// - where it writes "Brelan (ou Carré)" (the great snake's honours, the great green
///   hand's four triplets) a kong may stand for the triplet; where it writes only "Brelan"
///   (the four winds of the fourfold happiness, the 1s and 9s of the hand full of nine
///   tiles) it may not: a hand holding a kong is not that Grand Jeu;
/// - "une Tuile faisant la paire avec l'une des 6 autres Tuiles ordinaires" (the lanterns)
///   and "… avec l'une des 7 Tuiles ordinaires" (nine tiles): the pairing tile is a terminal,
///   resp. one of 2–8, never an honour or a fourth 1 or 9;
/// - the two hands that *require* kongs (the mandarin's and the imperial Mah-jong) follow
///   "Lorsqu'un Carré est exigé pour un Grand Jeu, il compte pour 4 tuiles, et doit être
///   conservé caché": the three kongs are four identical tiles each among the concealed
///   tiles (undeclared, so no replacement tile was drawn) and the hand has no meld laid
///   apart. They are "Carrés naturels" (four tiles from the deal and the wall), so a
///   winning tile taken from another player may complete the pair but not one of the kongs
///   ([`LimitHand::won_with`], [`LimitHand::is_won_with`]).
///
/// The article names a ninth hand in passing, the "Serpentin des 4 Vents" ("tous les Grands
/// Jeux sauf le Petit Serpent et le Serpentin des 4 Vents, comporte une Paire"), but never
/// says what it is made of nor what it is worth: this crate does not know it, and a hand is
/// never scored as one.
///
/// ```
/// use mahjong_rules::{Hand, LimitHand};
/// use mahjong_tiles::Wind;
/// let lanterns: Hand = "19m 19p 19s 1234567z 1m".parse()?;
/// assert_eq!(LimitHand::matching(&lanterns, Wind::East), [LimitHand::ThirteenLanterns]);
/// assert_eq!(LimitHand::ThirteenLanterns.points(), 1600);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
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
    /// Main pleine de 9 pièces (700): one suit, triplets (not kongs) of 1 and 9, the
    /// sequence 2–8, and a tile pairing one of 2–8.
    NineTiles,
    /// Grande main verte majeure (3500): three triplets (or kongs) of even bamboos, a triplet
    /// (or kong) of green dragons, a pair of even bamboos.
    GreatGreenHand,
    /// Quadruple bonheur domestique (2000): triplets (not kongs: the article says "Brelans"
    /// only) of the four winds and any pair.
    FourfoldHappiness,
    /// Mah-jong du mandarin (5000): three concealed kongs of winds, kept concealed, and a pair
    /// of the fourth wind.
    MandarinMahJong,
    /// Mah-jong impérial (6000): three concealed kongs of dragons, kept concealed, and a pair
    /// of the player's wind.
    ImperialMahJong,
}

impl LimitHand {
    /// The eight, in the article's order.
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

    /// The hand's value in points.
    ///
    /// ```
    /// use mahjong_rules::LimitHand;
    /// assert_eq!(LimitHand::ImperialMahJong.points(), 6000);
    /// assert!(LimitHand::ALL.iter().all(|l| l.points() >= 700));
    /// ```
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

    /// The French name, as the article writes it.
    ///
    /// ```
    /// use mahjong_rules::LimitHand;
    /// assert_eq!(LimitHand::NineTiles.french_name(), "Main pleine de 9 pièces");
    /// ```
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
    ///
    /// ```
    /// use mahjong_rules::LimitHand;
    /// assert_eq!(LimitHand::NineTiles.english_name(), "Hand full of nine tiles");
    /// ```
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

    /// Whether the complete `hand` held by the player of wind `seat` has this Grand Jeu's
    /// composition (whatever the winning tile; see [`LimitHand::is_won_with`]).
    ///
    /// ```
    /// use mahjong_rules::{Hand, LimitHand};
    /// use mahjong_tiles::Wind;
    /// let green: Hand = "222s 444s 666s 666z 88s".parse()?;
    /// assert!(LimitHand::GreatGreenHand.matches(&green, Wind::East));
    /// assert!(!LimitHand::NineTiles.matches(&green, Wind::East));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn matches(self, hand: &Hand, seat: Wind) -> bool {
        hand.size() == 14 && self.matches_slots(&hand.slot_counts(), MeldsApart::of(hand), seat)
    }

    /// Whether the hand requires kongs kept concealed ("Carrés naturels … conservés
    /// cachés"): the mandarin's and the imperial Mah-jong.
    ///
    /// ```
    /// use mahjong_rules::LimitHand;
    /// assert!(LimitHand::ImperialMahJong.requires_concealed_kongs());
    /// assert!(!LimitHand::GreatSnake.requires_concealed_kongs());
    /// ```
    pub const fn requires_concealed_kongs(self) -> bool {
        matches!(
            self,
            LimitHand::MandarinMahJong | LimitHand::ImperialMahJong
        )
    }

    /// Whether the complete `hand` of the player of wind `seat`, won with `tile` (drawn from
    /// the wall when `self_drawn`, otherwise taken from another player), is this Grand Jeu:
    /// [`LimitHand::matches`], and a tile from another player does not complete one of the
    /// concealed kongs a Grand Jeu requires (those are four tiles from the deal and the wall).
    ///
    /// ```
    /// use mahjong_rules::{Hand, LimitHand};
    /// use mahjong_tiles::Wind;
    /// let hand: Hand = "111122223333z 44z".parse()?;
    /// let mandarin = LimitHand::MandarinMahJong;
    /// assert!(mandarin.is_won_with(&hand, Wind::South, "4z".parse()?, false));
    /// assert!(mandarin.is_won_with(&hand, Wind::South, "3z".parse()?, true));
    /// // A discarded 3z would make the third kong a Kong, not a "Carré naturel".
    /// assert!(!mandarin.is_won_with(&hand, Wind::South, "3z".parse()?, false));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_won_with(self, hand: &Hand, seat: Wind, tile: Tile, self_drawn: bool) -> bool {
        self.matches(hand, seat) && self.kongs_stay_natural(hand, tile, self_drawn)
    }

    /// Whether winning with `tile` leaves the kongs this hand requires "naturels": the tile
    /// was drawn, or the hand requires no kong, or the tile is not the fourth of one.
    fn kongs_stay_natural(self, hand: &Hand, tile: Tile, self_drawn: bool) -> bool {
        self_drawn || !self.requires_concealed_kongs() || hand.concealed_count(tile) < 4
    }

    /// The pattern test on the 14 slots of a hand (kongs counting three), knowing what the
    /// hand holds apart.
    pub(crate) fn matches_slots(self, c: &Counts, apart: MeldsApart, seat: Wind) -> bool {
        match self {
            LimitHand::LittleSnake => little_snake(c),
            LimitHand::GreatSnake => great_snake(c),
            LimitHand::ThirteenLanterns => lanterns(c),
            LimitHand::NineTiles => !apart.kong && nine_tiles(c),
            LimitHand::GreatGreenHand => green(c),
            LimitHand::FourfoldHappiness => !apart.kong && fourfold(c),
            LimitHand::MandarinMahJong => !apart.any && mandarin(c),
            LimitHand::ImperialMahJong => !apart.any && imperial(c, seat),
        }
    }
}

impl fmt::Display for LimitHand {
    /// The French name.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.french_name())
    }
}

impl LimitHand {
    /// A quick necessary condition for the 13 slots `c` to become this Grand Jeu with one
    /// more tile: no slot outside the kinds the pattern uses (one tile more cannot take a
    /// tile away). Lets [`crate::waits`] skip most patterns at once.
    pub(crate) fn may_complete(self, c: &Counts, seat: Wind) -> bool {
        let suits = Suit::ALL
            .iter()
            .filter(|&&s| total(c, suit_range(s)) > 0)
            .count();
        match self {
            LimitHand::LittleSnake | LimitHand::GreatSnake => suits <= 1,
            LimitHand::NineTiles => suits <= 1 && total(c, HONOURS) == 0,
            LimitHand::ThirteenLanterns => Suit::ALL.iter().all(|&s| {
                let r = suit_range(s);
                total(c, r.start + 1..r.end - 1) == 0
            }),
            LimitHand::GreatGreenHand => c
                .iter()
                .enumerate()
                .all(|(i, &n)| n == 0 || EVEN_BAMBOOS.contains(&i) || i == Tile::GREEN.index()),
            // Twelve of the fourteen slots are winds.
            LimitHand::FourfoldHappiness => total(c, WINDS) >= 11,
            LimitHand::MandarinMahJong => total(c, WINDS) == 13,
            LimitHand::ImperialMahJong => {
                total(c, DRAGONS) + u32::from(c[Tile::wind(seat).index()]) == 13
            }
        }
    }
}

/// What a hand holds apart from its concealed tiles, as the patterns need it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct MeldsApart {
    /// Any meld laid apart.
    pub(crate) any: bool,
    /// A kong laid apart (exposed or declared).
    pub(crate) kong: bool,
}

impl MeldsApart {
    pub(crate) fn of(hand: &Hand) -> MeldsApart {
        MeldsApart {
            any: !hand.melds().is_empty(),
            kong: hand.melds().iter().any(|m| m.is_kong()),
        }
    }
}

impl LimitHand {
    /// Every Grand Jeu whose composition the complete `hand` of the player of wind `seat`
    /// has, in the article's order (empty for an ordinary hand or a hand of 13); see
    /// [`LimitHand::matches`].
    ///
    /// ```
    /// use mahjong_rules::{Hand, LimitHand};
    /// use mahjong_tiles::Wind;
    /// let happiness: Hand = "111222333444z 55m".parse()?;
    /// assert_eq!(LimitHand::matching(&happiness, Wind::North), [LimitHand::FourfoldHappiness]);
    /// assert!(LimitHand::matching(&"123m 456p 789s 111z 55z".parse()?, Wind::North).is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn matching(hand: &Hand, seat: Wind) -> Vec<LimitHand> {
        matching(hand, seat).collect()
    }

    /// Every Grand Jeu the complete `hand` of the player of wind `seat` makes when won with
    /// `tile` (self-drawn or not): [`LimitHand::matching`] less the hands whose required
    /// concealed kongs the tile of another player would complete. See
    /// [`LimitHand::is_won_with`].
    ///
    /// ```
    /// use mahjong_rules::{Hand, LimitHand};
    /// use mahjong_tiles::Wind;
    /// let hand: Hand = "111122223333z 44z".parse()?;
    /// let three = "3z".parse()?;
    /// assert_eq!(LimitHand::won_with(&hand, Wind::South, three, true), [LimitHand::MandarinMahJong]);
    /// // A discarded 3z would complete a kong the mandarin's Mah-jong keeps natural.
    /// assert!(LimitHand::won_with(&hand, Wind::South, three, false).is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn won_with(hand: &Hand, seat: Wind, tile: Tile, self_drawn: bool) -> Vec<LimitHand> {
        matching(hand, seat)
            .filter(|l| l.kongs_stay_natural(hand, tile, self_drawn))
            .collect()
    }
}

/// The Grands Jeux whose composition the complete `hand` has, the hand read once for all.
fn matching(hand: &Hand, seat: Wind) -> impl Iterator<Item = LimitHand> {
    let read = (hand.size() == 14).then(|| (hand.slot_counts(), MeldsApart::of(hand)));
    LimitHand::ALL.into_iter().filter(move |l| {
        read.as_ref()
            .is_some_and(|(slots, apart)| l.matches_slots(slots, *apart, seat))
    })
}

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
const EVEN_BAMBOOS: [usize; 4] = {
    let two = suit_range(Suit::Bamboos).start + 1;
    [two, two + 2, two + 4, two + 6]
};

fn green(c: &Counts) -> bool {
    let green_dragon = Tile::GREEN.index();
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
    let mut winds = [0; 4];
    winds.copy_from_slice(&c[WINDS]);
    winds.sort_unstable();
    winds == [2, 4, 4, 4] && total(c, 0..HONOURS.start) + total(c, DRAGONS) == 0
}

fn imperial(c: &Counts, seat: Wind) -> bool {
    c[DRAGONS].iter().all(|&n| n == 4) && c[Tile::wind(seat).index()] == 2
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::h;

    #[test]
    fn values_are_the_articles() {
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
        assert!(LimitHand::matching(&h("19m 19p 19s 1234567z"), Wind::East).is_empty());
    }

    #[test]
    fn declared_kongs_do_not_make_the_mandarin() {
        // Three declared kongs of winds and the pair: legal ordinary hand shape (3 melds + 5
        // concealed), but the kongs were declared, not kept concealed.
        let hand = h("(1111z) (2222z) (3333z) 44z 555z");
        assert!(!LimitHand::MandarinMahJong.matches(&hand, Wind::East));
    }
}
