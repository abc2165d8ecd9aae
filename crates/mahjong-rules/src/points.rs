//! The points table of the simple system, as data, and the rule options (see
//! [`PointsTable`]).

use core::fmt;

/// One line of the points table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Item {
    // --- Points for combinations (exposed / concealed) ---
    /// Pair of the player's own wind: 2 / 2.
    PairSeatWind,
    /// Pair of the dominant wind: 2 / 2.
    PairDominantWind,
    /// Pair of the round wind (round-wind option): 0 / 2.
    PairRoundWind,
    /// Pair of dragons: 0 / 2.
    PairDragon,
    /// Sequence: 0 / 0.
    Sequence,
    /// Triplet of minor tiles 2–8: 2 / 4.
    TripletMinor,
    /// Triplet of terminals 1 or 9: 4 / 8.
    TripletTerminal,
    /// Triplet of winds or dragons: 4 / 8.
    TripletHonour,
    /// Kong of minor tiles: 8 / 16.
    KongMinor,
    /// Kong of terminals: 16 / 32.
    KongTerminal,
    /// Kong of winds or dragons: 16 / 32.
    KongHonour,
    /// Each flower: 4.
    Flower,
    /// Each season: 4.
    Season,
    // --- Doubles for combinations ---
    /// Triplet or kong of the player's wind: 1 double.
    TripletSeatWind,
    /// Triplet or kong of the dominant wind: 1 double.
    TripletDominantWind,
    /// Triplet or kong of the round wind (round-wind option): 1 double.
    TripletRoundWind,
    /// Triplet or kong of dragons: 1 double.
    TripletDragon,
    /// The player's own flower or own season: 1 double.
    OwnFlowerOrSeason,
    /// The player's own flower and own season: 2 doubles.
    OwnFlowerAndSeason,
    /// All four flowers and/or all four seasons: 4 doubles.
    AllFlowersOrSeasons,
    // --- Points for the Mah-jong hand ---
    /// Going Mah-jong: 20.
    MahJong,
    /// The hand is four sequences and a pair: 10.
    FourSequences,
    /// Winning tile drawn from the wall: 2.
    SelfDrawn,
    // --- Doubles for the Mah-jong hand ---
    /// No sequence: 1 double.
    NoSequence,
    /// "Fishing the moon from the bottom of the sea": the last tile of the live wall. 1.
    LastWallTile,
    /// Robbing an exposed kong: 1 double.
    RobbingKong,
    /// Half flush: one suit with winds and dragons: 1 double.
    HalfFlush,
    /// Pure flush: one suit only: 3 doubles.
    PureFlush,
    /// Winning on the last discard: 1 double.
    LastDiscard,
    /// Winning with a declared calling hand: 1 double.
    CallingHand,
    /// The hand is fully concealed: 1 double (not classical).
    FullyConcealed,
    /// Only winds and dragons: 1 double (not classical).
    OnlyHonours,
}

impl Item {
    /// Number of items.
    pub const COUNT: usize = 32;

    /// Every item in table order.
    pub const ALL: [Item; Item::COUNT] = [
        Item::PairSeatWind,
        Item::PairDominantWind,
        Item::PairRoundWind,
        Item::PairDragon,
        Item::Sequence,
        Item::TripletMinor,
        Item::TripletTerminal,
        Item::TripletHonour,
        Item::KongMinor,
        Item::KongTerminal,
        Item::KongHonour,
        Item::Flower,
        Item::Season,
        Item::TripletSeatWind,
        Item::TripletDominantWind,
        Item::TripletRoundWind,
        Item::TripletDragon,
        Item::OwnFlowerOrSeason,
        Item::OwnFlowerAndSeason,
        Item::AllFlowersOrSeasons,
        Item::MahJong,
        Item::FourSequences,
        Item::SelfDrawn,
        Item::NoSequence,
        Item::LastWallTile,
        Item::RobbingKong,
        Item::HalfFlush,
        Item::PureFlush,
        Item::LastDiscard,
        Item::CallingHand,
        Item::FullyConcealed,
        Item::OnlyHonours,
    ];

    /// Whether the item gives doubles (otherwise points).
    ///
    /// ```
    /// use mahjong_rules::Item;
    /// assert!(Item::TripletDragon.is_doubles());
    /// assert!(!Item::TripletMinor.is_doubles());
    /// ```
    pub const fn is_doubles(self) -> bool {
        matches!(
            self,
            Item::TripletSeatWind
                | Item::TripletDominantWind
                | Item::TripletRoundWind
                | Item::TripletDragon
                | Item::OwnFlowerOrSeason
                | Item::OwnFlowerAndSeason
                | Item::AllFlowersOrSeasons
                | Item::NoSequence
                | Item::LastWallTile
                | Item::RobbingKong
                | Item::HalfFlush
                | Item::PureFlush
                | Item::LastDiscard
                | Item::CallingHand
                | Item::FullyConcealed
                | Item::OnlyHonours
        )
    }

    /// Whether the item scores only for the hand that goes Mah-jong.
    ///
    /// ```
    /// use mahjong_rules::Item;
    /// assert!(Item::SelfDrawn.is_mah_jong_only());
    /// assert!(!Item::Flower.is_mah_jong_only());
    /// ```
    pub const fn is_mah_jong_only(self) -> bool {
        (self as usize) >= (Item::MahJong as usize)
    }

    /// Whether the item belongs to the classical count (on by default): every item but
    /// [`Item::FullyConcealed`] and [`Item::OnlyHonours`]. See [`PointsTable`] for the reading
    /// of the article's lost colours.
    ///
    /// ```
    /// use mahjong_rules::Item;
    /// assert!(Item::MahJong.is_classical());
    /// assert!(!Item::FullyConcealed.is_classical());
    /// ```
    pub const fn is_classical(self) -> bool {
        !matches!(self, Item::FullyConcealed | Item::OnlyHonours)
    }

    /// A short English description, as printed in itemised scores.
    ///
    /// ```
    /// use mahjong_rules::Item;
    /// assert_eq!(Item::TripletTerminal.description(), "triplet of terminals");
    /// assert_eq!(Item::TripletTerminal.to_string(), "triplet of terminals");
    /// ```
    pub const fn description(self) -> &'static str {
        match self {
            Item::PairSeatWind => "pair of the player's wind",
            Item::PairDominantWind => "pair of the dominant wind",
            Item::PairRoundWind => "pair of the round wind",
            Item::PairDragon => "pair of dragons",
            Item::Sequence => "sequence",
            Item::TripletMinor => "triplet of minor tiles",
            Item::TripletTerminal => "triplet of terminals",
            Item::TripletHonour => "triplet of winds or dragons",
            Item::KongMinor => "kong of minor tiles",
            Item::KongTerminal => "kong of terminals",
            Item::KongHonour => "kong of winds or dragons",
            Item::Flower => "flower",
            Item::Season => "season",
            Item::TripletSeatWind => "triplet or kong of the player's wind",
            Item::TripletDominantWind => "triplet or kong of the dominant wind",
            Item::TripletRoundWind => "triplet or kong of the round wind",
            Item::TripletDragon => "triplet or kong of dragons",
            Item::OwnFlowerOrSeason => "own flower or own season",
            Item::OwnFlowerAndSeason => "own flower and own season",
            Item::AllFlowersOrSeasons => "all four flowers and/or all four seasons",
            Item::MahJong => "Mah-jong",
            Item::FourSequences => "four sequences and a pair",
            Item::SelfDrawn => "winning tile drawn from the wall",
            Item::NoSequence => "no sequence",
            Item::LastWallTile => "fishing the moon from the bottom of the sea (last wall tile)",
            Item::RobbingKong => "robbing a kong",
            Item::HalfFlush => "half flush (one suit with honours)",
            Item::PureFlush => "pure flush (one suit only)",
            Item::LastDiscard => "winning on the last discard",
            Item::CallingHand => "calling hand",
            Item::FullyConcealed => "fully concealed hand",
            Item::OnlyHonours => "only winds and dragons",
        }
    }

    /// The line's value in the article's table: `(exposed, concealed)` points, or the doubles
    /// in both places.
    ///
    /// ```
    /// use mahjong_rules::Item;
    /// assert_eq!(Item::KongHonour.standard_value(), (16, 32));
    /// assert_eq!(Item::PureFlush.standard_value(), (3, 3)); // doubles
    /// ```
    pub const fn standard_value(self) -> (u32, u32) {
        match self {
            Item::PairSeatWind | Item::PairDominantWind => (2, 2),
            Item::PairRoundWind | Item::PairDragon => (0, 2),
            Item::Sequence => (0, 0),
            Item::TripletMinor => (2, 4),
            Item::TripletTerminal | Item::TripletHonour => (4, 8),
            Item::KongMinor => (8, 16),
            Item::KongTerminal | Item::KongHonour => (16, 32),
            Item::Flower | Item::Season => (4, 4),
            Item::OwnFlowerAndSeason => (2, 2),
            Item::AllFlowersOrSeasons => (4, 4),
            Item::MahJong => (20, 20),
            Item::FourSequences => (10, 10),
            Item::SelfDrawn => (2, 2),
            Item::PureFlush => (3, 3),
            _ => (1, 1),
        }
    }
}

impl fmt::Display for Item {
    /// The description.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.description())
    }
}

/// The value of one line: points when exposed and when concealed (equal for lines that do
/// not distinguish, and for doubles), and whether the line is in use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ItemValue {
    /// Value when exposed (or the only value).
    pub exposed: u32,
    /// Value when concealed.
    pub concealed: u32,
    /// Whether the line counts.
    pub enabled: bool,
}

impl ItemValue {
    /// The value for a concealed (`true`) or exposed (`false`) combination; 0 if disabled.
    ///
    /// ```
    /// use mahjong_rules::{Item, PointsTable};
    /// let v = PointsTable::classical().get(Item::TripletMinor);
    /// assert_eq!((v.points(false), v.points(true)), (2, 4));
    /// let off = PointsTable::classical().get(Item::FullyConcealed);
    /// assert_eq!(off.points(true), 0); // disabled
    /// ```
    pub const fn points(self, concealed: bool) -> u32 {
        match (self.enabled, concealed) {
            (false, _) => 0,
            (true, true) => self.concealed,
            (true, false) => self.exposed,
        }
    }
}

/// The points table: a value for every [`Item`].
///
/// Every line of the table of the French Wikipedia article on Mah-jong ("Tableau de
/// comptage des points") is an [`Item`]; a [`PointsTable`] gives each item its value (points
/// exposed / concealed, or doubles) and whether it is in use. [`PointsTable::classical`] (the
/// default) is the classical count; [`PointsTable::full`] switches on every line of the
/// article's table. Any line can be switched on or off, or given another value, with
/// [`PointsTable::enable`] and [`PointsTable::set`].
///
/// # Which lines are classical
///
/// The article marks the lines outside the classical count by a colour its text has lost.
/// This crate reads them so:
///
/// - **Off by default**: the fully concealed hand and the hand of only winds and dragons.
///   The table already rewards concealment meld by meld ("une combinaison naturelle vaut
///   toujours 2 fois plus"), and honours through their melds and the Grands Jeux; a flat
///   double for either would count them twice.
/// - **Lines of an optional rule** stay on in both tables and count only when the rule is
///   declared in the [`Situation`](crate::Situation): the pair and triplet of the round wind
///   ("Le Vent du Tour"), the calling hand ("La main appelante").
/// - **Every other line** is classical.
///
/// The reading cannot be checked against the lost colours: that is why both sets are data and
/// every line is switchable.
///
/// ```
/// use mahjong_rules::{Item, PointsTable};
///
/// let classical = PointsTable::classical();
/// assert_eq!(classical.get(Item::TripletTerminal).points(true), 8);  // concealed
/// assert_eq!(classical.get(Item::TripletTerminal).points(false), 4); // exposed
/// assert!(!classical.get(Item::FullyConcealed).enabled);
/// assert!(PointsTable::full().get(Item::FullyConcealed).enabled);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PointsTable {
    #[cfg_attr(feature = "serde", serde(deserialize_with = "one_per_item"))]
    values: Vec<ItemValue>,
}

/// A table's values, at most one per [`Item`], read with serde.
#[cfg(feature = "serde")]
fn one_per_item<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<ItemValue>, D::Error> {
    crate::capped::vec(d, Item::ALL.len(), "values (one per line of the table)")
}

impl PointsTable {
    /// The article's values with only the classical lines enabled (the default).
    ///
    /// ```
    /// use mahjong_rules::{Item, PointsTable};
    /// let t = PointsTable::classical();
    /// assert_eq!(t, PointsTable::default());
    /// assert!(Item::ALL.iter().all(|&i| t.get(i).enabled == i.is_classical()));
    /// ```
    pub fn classical() -> PointsTable {
        let mut t = PointsTable::full();
        for item in Item::ALL {
            if !item.is_classical() {
                t.values[item as usize].enabled = false;
            }
        }
        t
    }

    /// Every line of the article's table, all enabled.
    ///
    /// ```
    /// use mahjong_rules::{Item, PointsTable};
    /// assert!(Item::ALL.iter().all(|&i| PointsTable::full().get(i).enabled));
    /// ```
    pub fn full() -> PointsTable {
        PointsTable {
            values: Item::ALL
                .iter()
                .map(|i| {
                    let (exposed, concealed) = i.standard_value();
                    ItemValue {
                        exposed,
                        concealed,
                        enabled: true,
                    }
                })
                .collect(),
        }
    }

    /// The value of a line.
    ///
    /// ```
    /// use mahjong_rules::{Item, ItemValue, PointsTable};
    /// let mahjong = PointsTable::classical().get(Item::MahJong);
    /// assert_eq!(mahjong, ItemValue { exposed: 20, concealed: 20, enabled: true });
    /// ```
    pub fn get(&self, item: Item) -> ItemValue {
        self.values
            .get(item as usize)
            .copied()
            .unwrap_or(ItemValue {
                exposed: 0,
                concealed: 0,
                enabled: false,
            })
    }

    /// Replaces the value of a line.
    ///
    /// ```
    /// use mahjong_rules::{Item, ItemValue, PointsTable};
    /// let mut t = PointsTable::classical();
    /// t.set(Item::MahJong, ItemValue { exposed: 30, concealed: 30, enabled: true });
    /// assert_eq!(t.get(Item::MahJong).points(true), 30);
    /// ```
    pub fn set(&mut self, item: Item, value: ItemValue) -> &mut PointsTable {
        if let Some(v) = self.values.get_mut(item as usize) {
            *v = value;
        }
        self
    }

    /// Switches a line on or off, keeping its values.
    ///
    /// ```
    /// use mahjong_rules::{Item, PointsTable};
    /// let mut t = PointsTable::classical();
    /// t.enable(Item::FullyConcealed, true).enable(Item::Flower, false);
    /// assert!(t.get(Item::FullyConcealed).enabled && !t.get(Item::Flower).enabled);
    /// assert_eq!(t.get(Item::Flower).exposed, 4); // its value is kept
    /// ```
    pub fn enable(&mut self, item: Item, enabled: bool) -> &mut PointsTable {
        if let Some(v) = self.values.get_mut(item as usize) {
            v.enabled = enabled;
        }
        self
    }
}

impl Default for PointsTable {
    fn default() -> PointsTable {
        PointsTable::classical()
    }
}

impl fmt::Display for PointsTable {
    /// One line per item: description, values, and `(off)` for disabled lines.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for item in Item::ALL {
            let v = self.get(item);
            let unit = if item.is_doubles() {
                "doubles"
            } else {
                "points"
            };
            let off = if v.enabled { "" } else { " (off)" };
            if v.exposed == v.concealed {
                writeln!(f, "{}: {} {unit}{off}", item, v.exposed)?;
            } else {
                writeln!(
                    f,
                    "{}: {} exposed / {} concealed {unit}{off}",
                    item, v.exposed, v.concealed
                )?;
            }
        }
        Ok(())
    }
}

/// Which scoring system is in use (the article's "Système simple" and "Système avancé").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ScoringSystem {
    /// The simple system: East's score is always doubled (the default).
    #[default]
    Simple,
    /// The advanced system: East's score is not doubled; East doubles its gains and losses
    /// in the payments instead (see [`crate::payment`]).
    Advanced,
}

impl fmt::Display for ScoringSystem {
    /// `simple` or `advanced`, as [`str::parse`] reads them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ScoringSystem::Simple => "simple",
            ScoringSystem::Advanced => "advanced",
        })
    }
}

impl core::str::FromStr for ScoringSystem {
    type Err = ParseScoringSystemError;

    /// `simple` or `advanced`.
    ///
    /// ```
    /// use mahjong_rules::ScoringSystem;
    /// assert_eq!("advanced".parse::<ScoringSystem>(), Ok(ScoringSystem::Advanced));
    /// assert_eq!(ScoringSystem::Simple.to_string(), "simple");
    /// assert!("fancy".parse::<ScoringSystem>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<ScoringSystem, ParseScoringSystemError> {
        match s {
            "simple" => Ok(ScoringSystem::Simple),
            "advanced" => Ok(ScoringSystem::Advanced),
            _ => Err(ParseScoringSystemError),
        }
    }
}

/// A scoring system's name that is neither `simple` nor `advanced`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected simple or advanced")]
pub struct ParseScoringSystemError;

/// What happens to the winds when nobody goes Mah-jong (the article's "La rotation des Vents").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum DrawRotation {
    /// The winds rotate as after a win by South, West or North (the article's preference).
    #[default]
    Rotate,
    /// The winds stay; East remains East.
    Stay,
}

/// Which discards stay visible (the article's "Règle chinoise" and "Règle japonaise").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum DiscardRule {
    /// Chinese rule: every discard stays visible (the default). Allows the invocation of the
    /// Celestial Empire after the wall is exhausted.
    #[default]
    Chinese,
    /// Japanese rule: only the last discard is visible.
    Japanese,
}

/// The rule options: the points table and every choice the article leaves to the players.
///
/// The round wind and the calling-hand declaration are per hand: see
/// [`Situation`](crate::Situation).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct RuleOptions {
    /// The points table.
    pub table: PointsTable,
    /// Simple (East's score doubled) or advanced system.
    pub system: ScoringSystem,
    /// The cap on an ordinary hand's score (1000); Grands Jeux exceed it.
    pub limit: u64,
    /// Whether a Mah-jong claim for a Grand Jeu takes precedence over other Mah-jong claims
    /// (the article's optional rule; off by default).
    pub grand_jeu_priority: bool,
    /// The winds after a round nobody won.
    pub draw_rotation: DrawRotation,
    /// Chinese or Japanese discards.
    pub discards: DiscardRule,
    /// Whether the limit also caps East's doubled score in the simple system (off by
    /// default: the article does not say, and the crate reads the limit as applied before
    /// East's doubling, so East's capped hand scores 2000; on: 1000 for East too).
    #[cfg_attr(feature = "serde", serde(default))]
    pub limit_after_east_doubling: bool,
    /// What a round nobody won settles in the advanced system (the article does not say).
    #[cfg_attr(feature = "serde", serde(default))]
    pub draw_settlement: DrawSettlement,
}

/// What a round nobody won settles in the advanced system.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum DrawSettlement {
    /// The players settle their differences pair by pair, as losers do after a win (the
    /// crate's reading, the default: see [`payment::settle`](crate::payment::settle)).
    #[default]
    Pairwise,
    /// Nobody pays: every net is 0.
    Nothing,
}

impl Default for RuleOptions {
    fn default() -> RuleOptions {
        RuleOptions {
            table: PointsTable::classical(),
            system: ScoringSystem::Simple,
            limit: 1000,
            grand_jeu_priority: false,
            draw_rotation: DrawRotation::Rotate,
            discards: DiscardRule::Chinese,
            limit_after_east_doubling: false,
            draw_settlement: DrawSettlement::Pairwise,
        }
    }
}

impl RuleOptions {
    /// The defaults: classical table, simple system, limit 1000.
    ///
    /// ```
    /// use mahjong_rules::{RuleOptions, ScoringSystem};
    /// let o = RuleOptions::new();
    /// assert_eq!((o.system, o.limit), (ScoringSystem::Simple, 1000));
    /// assert_eq!(o, RuleOptions::default());
    /// ```
    pub fn new() -> RuleOptions {
        RuleOptions::default()
    }

    /// The same options with another scoring system.
    ///
    /// ```
    /// use mahjong_rules::{RuleOptions, ScoringSystem};
    /// let o = RuleOptions::new().with_system(ScoringSystem::Advanced);
    /// assert_eq!(o.system, ScoringSystem::Advanced);
    /// ```
    pub fn with_system(mut self, system: ScoringSystem) -> RuleOptions {
        self.system = system;
        self
    }

    /// The same options with another points table.
    ///
    /// ```
    /// use mahjong_rules::{Item, PointsTable, RuleOptions};
    /// let o = RuleOptions::new().with_table(PointsTable::full());
    /// assert!(o.table.get(Item::FullyConcealed).enabled);
    /// ```
    pub fn with_table(mut self, table: PointsTable) -> RuleOptions {
        self.table = table;
        self
    }

    /// The same options with the Grand Jeu claim priority on or off.
    ///
    /// ```
    /// use mahjong_rules::RuleOptions;
    /// assert!(RuleOptions::new().with_grand_jeu_priority(true).grand_jeu_priority);
    /// ```
    pub fn with_grand_jeu_priority(mut self, on: bool) -> RuleOptions {
        self.grand_jeu_priority = on;
        self
    }

    /// The same options with the limit applied after East's doubling (see
    /// [`RuleOptions::limit_after_east_doubling`]).
    ///
    /// ```
    /// use mahjong_rules::{RuleOptions, Situation, score};
    /// use mahjong_tiles::Wind;
    /// let hand = "777z 666z 555z 111z 22z".parse()?;
    /// let won = Situation::new(Wind::East, Wind::East)
    ///     .with_win(mahjong_rules::Win::self_drawn("2z".parse()?));
    /// let before = score(&hand, &won, &RuleOptions::new())?;
    /// let after = score(&hand, &won, &RuleOptions::new().with_limit_after_east_doubling(true))?;
    /// assert_eq!((before.total, after.total), (2000, 1000));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_limit_after_east_doubling(mut self, on: bool) -> RuleOptions {
        self.limit_after_east_doubling = on;
        self
    }

    /// The same options with another settlement of rounds nobody wins.
    ///
    /// ```
    /// use mahjong_rules::{DrawSettlement, RuleOptions};
    /// let o = RuleOptions::new().with_draw_settlement(DrawSettlement::Nothing);
    /// assert_eq!(o.draw_settlement, DrawSettlement::Nothing);
    /// ```
    pub fn with_draw_settlement(mut self, rule: DrawSettlement) -> RuleOptions {
        self.draw_settlement = rule;
        self
    }

    /// The same options with another rule for rounds nobody wins.
    ///
    /// ```
    /// use mahjong_rules::{DrawRotation, RuleOptions};
    /// let o = RuleOptions::new().with_draw_rotation(DrawRotation::Stay);
    /// assert_eq!(o.draw_rotation, DrawRotation::Stay);
    /// ```
    pub fn with_draw_rotation(mut self, rule: DrawRotation) -> RuleOptions {
        self.draw_rotation = rule;
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_lists_every_item_in_order() {
        for (i, item) in Item::ALL.iter().enumerate() {
            assert_eq!(*item as usize, i);
        }
    }

    #[test]
    fn classical_differs_from_full_only_in_the_non_classical_lines() {
        let c = PointsTable::classical();
        let s = PointsTable::full();
        for item in Item::ALL {
            assert_eq!(c.get(item).exposed, s.get(item).exposed);
            assert_eq!(c.get(item).enabled, item.is_classical());
            assert!(s.get(item).enabled);
        }
    }

    #[test]
    fn mah_jong_items_follow_the_combination_items() {
        assert!(!Item::AllFlowersOrSeasons.is_mah_jong_only());
        assert!(Item::MahJong.is_mah_jong_only());
        assert!(Item::OnlyHonours.is_mah_jong_only());
    }

    #[test]
    fn table_prints_every_line() {
        let text = PointsTable::classical().to_string();
        assert_eq!(text.lines().count(), Item::COUNT);
        assert!(text.contains("triplet of terminals: 4 exposed / 8 concealed points"));
        assert!(text.contains("fully concealed hand: 1 doubles (off)"));
    }
}
