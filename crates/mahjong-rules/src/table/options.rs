//! The table's options, and data kept per wind.

use core::ops::{Index, IndexMut};

use mahjong_tiles::{TileSet, Wind};

use crate::points::{DiscardRule, RuleOptions};

/// One value per wind, in seat order East, South, West, North; indexed by [`Wind`].
///
/// With the `serde` feature it reads and writes as an object keyed by the wind letters:
/// `{"E": …, "S": …, "W": …, "N": …}`.
///
/// ```
/// use mahjong_rules::table::PerWind;
/// use mahjong_tiles::Wind;
/// let mut seats = PerWind::from_fn(|w| w as usize);
/// seats[Wind::North] = 7;
/// assert_eq!(seats.0, [0, 1, 2, 7]);
/// assert_eq!(seats.iter().last(), Some((Wind::North, &7)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct PerWind<T>(pub [T; 4]);

impl<T> PerWind<T> {
    /// The values `f(East)`, `f(South)`, `f(West)`, `f(North)`.
    ///
    /// ```
    /// use mahjong_rules::table::PerWind;
    /// use mahjong_tiles::Wind;
    /// let letters = PerWind::from_fn(|w| w.letter());
    /// assert_eq!(letters.0, ['E', 'S', 'W', 'N']);
    /// assert_eq!(letters[Wind::West], 'W');
    /// ```
    pub fn from_fn(mut f: impl FnMut(Wind) -> T) -> PerWind<T> {
        PerWind(Wind::ALL.map(&mut f))
    }

    /// Each wind with its value, in seat order.
    ///
    /// ```
    /// use mahjong_rules::table::PerWind;
    /// use mahjong_tiles::Wind;
    /// let scores = PerWind([10, 20, 30, 40]);
    /// assert_eq!(scores.iter().find(|&(_, &s)| s == 30), Some((Wind::West, &30)));
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = (Wind, &T)> {
        Wind::ALL.into_iter().zip(&self.0)
    }

    /// The values transformed, wind by wind.
    ///
    /// ```
    /// use mahjong_rules::table::PerWind;
    /// let doubled = PerWind([1, 2, 3, 4]).map(|_, &v| v * 2);
    /// assert_eq!(doubled.0, [2, 4, 6, 8]);
    /// ```
    pub fn map<U>(&self, mut f: impl FnMut(Wind, &T) -> U) -> PerWind<U> {
        PerWind::from_fn(|w| f(w, &self.0[w as usize]))
    }
}

impl<T> Index<Wind> for PerWind<T> {
    type Output = T;
    fn index(&self, wind: Wind) -> &T {
        &self.0[wind as usize]
    }
}

impl<T> IndexMut<Wind> for PerWind<T> {
    fn index_mut(&mut self, wind: Wind) -> &mut T {
        &mut self.0[wind as usize]
    }
}

#[cfg(feature = "serde")]
mod serde_impls {
    use super::PerWind;
    use serde::de::{Error, MapAccess, Visitor};
    use serde::ser::SerializeMap;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    impl<T: Serialize> Serialize for PerWind<T> {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut map = s.serialize_map(Some(4))?;
            for (w, v) in self.iter() {
                map.serialize_entry(&w.letter().to_string(), v)?;
            }
            map.end()
        }
    }

    struct PerWindVisitor<T>(core::marker::PhantomData<T>);

    impl<'de, T: Deserialize<'de>> Visitor<'de> for PerWindVisitor<T> {
        type Value = PerWind<T>;

        fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            f.write_str("an object with the keys E, S, W and N")
        }

        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<PerWind<T>, A::Error> {
            let mut values: [Option<T>; 4] = [None, None, None, None];
            while let Some(super::letters::Letter(wind)) = map.next_key()? {
                if values[wind as usize].is_some() {
                    return Err(A::Error::custom(format!(
                        "wind {} given twice",
                        wind.letter()
                    )));
                }
                values[wind as usize] = Some(map.next_value()?);
            }
            let [e, s, w, n] = values;
            match (e, s, w, n) {
                (Some(e), Some(s), Some(w), Some(n)) => Ok(PerWind([e, s, w, n])),
                _ => Err(A::Error::custom("the keys E, S, W and N are all needed")),
            }
        }
    }

    impl<'de, T: Deserialize<'de>> Deserialize<'de> for PerWind<T> {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<PerWind<T>, D::Error> {
            d.deserialize_map(PerWindVisitor(core::marker::PhantomData))
        }
    }
}

/// Everything a table is set to: the scoring rules and the choices the article leaves to the
/// players.
///
/// ```
/// use mahjong_rules::table::TableOptions;
/// use mahjong_rules::{DiscardRule, ScoringSystem};
/// let o = TableOptions::default()
///     .with_rounds(4)
///     .with_calling(true)
///     .with_discards(DiscardRule::Japanese);
/// assert_eq!(o.rounds, 4);
/// assert_eq!(o.rules.system, ScoringSystem::Simple);
/// assert!(!o.invocation_allowed()); // the Celestial Empire is a Chinese-rule invocation
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct TableOptions {
    /// The scoring rules: points table, scoring system, limit, the Grand Jeu claim priority,
    /// the winds after a draw, Chinese or Japanese discards.
    pub rules: RuleOptions,
    /// The tiles in play: 144, or 136 without the flowers and seasons.
    pub tile_set: TileSet,
    /// Whether a seat may declare a calling hand ("La main appelante"; off by default).
    pub calling: bool,
    /// Whether the Celestial Empire may be invoked once the wall is exhausted (Chinese rule
    /// only; on by default).
    pub celestial_empire: bool,
    /// Whether the round wind counts ("Le Vent du Tour"; off by default).
    pub round_wind: bool,
    /// The number of rounds of a game (16 by default; the article prefers a multiple of 4),
    /// at most [`TableOptions::MAX_ROUNDS`].
    #[cfg_attr(feature = "serde", serde(deserialize_with = "letters::rounds"))]
    pub rounds: usize,
}

impl Default for TableOptions {
    fn default() -> TableOptions {
        TableOptions {
            rules: RuleOptions::default(),
            tile_set: TileSet::Full,
            calling: false,
            celestial_empire: true,
            round_wind: false,
            rounds: 16,
        }
    }
}

impl TableOptions {
    /// The most rounds a game may have: 256 (sixteen games of the article's 16 rounds).
    /// [`Game::new`](super::Game::new) refuses more, and so do a [`GameRecord`](super::GameRecord)'s
    /// replay and, with the `serde` feature, the reading of options, so that a game and a
    /// record's replay are bounded (see [`Game`](super::Game)).
    pub const MAX_ROUNDS: usize = 256;

    /// The same options with other scoring rules.
    ///
    /// ```
    /// use mahjong_rules::table::TableOptions;
    /// use mahjong_rules::{RuleOptions, ScoringSystem};
    /// let o = TableOptions::default().with_rules(RuleOptions::new().with_system(ScoringSystem::Advanced));
    /// assert_eq!(o.rules.system, ScoringSystem::Advanced);
    /// ```
    pub fn with_rules(mut self, rules: RuleOptions) -> TableOptions {
        self.rules = rules;
        self
    }

    /// The same options with Chinese or Japanese discards.
    ///
    /// ```
    /// use mahjong_rules::table::TableOptions;
    /// use mahjong_rules::DiscardRule;
    /// assert_eq!(TableOptions::default().with_discards(DiscardRule::Japanese).rules.discards, DiscardRule::Japanese);
    /// ```
    pub fn with_discards(mut self, discards: DiscardRule) -> TableOptions {
        self.rules.discards = discards;
        self
    }

    /// The same options with another tile set.
    ///
    /// ```
    /// use mahjong_rules::table::TableOptions;
    /// use mahjong_tiles::TileSet;
    /// assert_eq!(TableOptions::default().with_tile_set(TileSet::WithoutBonus).tile_set.len(), 136);
    /// ```
    pub fn with_tile_set(mut self, tile_set: TileSet) -> TableOptions {
        self.tile_set = tile_set;
        self
    }

    /// The same options with the calling-hand declaration on or off.
    ///
    /// ```
    /// use mahjong_rules::table::TableOptions;
    /// assert!(TableOptions::default().with_calling(true).calling);
    /// ```
    pub fn with_calling(mut self, on: bool) -> TableOptions {
        self.calling = on;
        self
    }

    /// The same options with the invocation of the Celestial Empire on or off.
    ///
    /// ```
    /// use mahjong_rules::table::TableOptions;
    /// let o = TableOptions::default().with_celestial_empire(false);
    /// assert!(!o.celestial_empire && !o.invocation_allowed());
    /// ```
    pub fn with_celestial_empire(mut self, on: bool) -> TableOptions {
        self.celestial_empire = on;
        self
    }

    /// The same options with the round wind on or off.
    ///
    /// ```
    /// use mahjong_rules::table::TableOptions;
    /// assert!(TableOptions::default().with_round_wind(true).round_wind);
    /// ```
    pub fn with_round_wind(mut self, on: bool) -> TableOptions {
        self.round_wind = on;
        self
    }

    /// The same options with another number of rounds per game.
    ///
    /// ```
    /// use mahjong_rules::table::TableOptions;
    /// assert_eq!(TableOptions::default().rounds, 16);
    /// assert_eq!(TableOptions::default().with_rounds(4).rounds, 4);
    /// ```
    pub fn with_rounds(mut self, rounds: usize) -> TableOptions {
        self.rounds = rounds;
        self
    }

    /// Whether the Celestial Empire may be invoked at this table: the option is on and the
    /// discards follow the Chinese rule.
    ///
    /// ```
    /// use mahjong_rules::table::TableOptions;
    /// use mahjong_rules::DiscardRule;
    /// assert!(TableOptions::default().invocation_allowed());
    /// assert!(!TableOptions::default().with_discards(DiscardRule::Japanese).invocation_allowed());
    /// ```
    pub fn invocation_allowed(&self) -> bool {
        self.celestial_empire && self.rules.discards == DiscardRule::Chinese
    }
}

/// Serde helpers writing winds as their letters (`"E"`), for the records.
#[cfg(feature = "serde")]
pub(super) mod letters {
    use mahjong_tiles::Wind;
    use serde::de::Error;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use crate::payment::Transfer;

    /// The wind of a letter.
    pub(crate) fn parse<E: Error>(s: &str) -> Result<Wind, E> {
        match s {
            "E" => Ok(Wind::East),
            "S" => Ok(Wind::South),
            "W" => Ok(Wind::West),
            "N" => Ok(Wind::North),
            _ => Err(E::custom(format_args!(
                "unknown wind {:?}: expected E, S, W or N",
                s.chars().take(40).collect::<String>()
            ))),
        }
    }

    /// A wind read from its letter without copying the text.
    pub(crate) struct Letter(pub(crate) Wind);

    impl<'de> Deserialize<'de> for Letter {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Letter, D::Error> {
            struct V;
            impl serde::de::Visitor<'_> for V {
                type Value = Letter;
                fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                    f.write_str("a wind letter: E, S, W or N")
                }
                fn visit_str<E: Error>(self, v: &str) -> Result<Letter, E> {
                    parse(v).map(Letter)
                }
            }
            d.deserialize_str(V)
        }
    }

    /// One wind as its letter.
    pub(crate) mod one {
        use super::*;

        pub(crate) fn serialize<S: Serializer>(w: &Wind, s: S) -> Result<S::Ok, S::Error> {
            s.collect_str(&w.letter())
        }

        pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Wind, D::Error> {
            Letter::deserialize(d).map(|l| l.0)
        }
    }

    /// An optional wind as its letter or null.
    pub(crate) mod option {
        use super::*;

        pub(crate) fn serialize<S: Serializer>(w: &Option<Wind>, s: S) -> Result<S::Ok, S::Error> {
            w.map(|w| w.letter().to_string()).serialize(s)
        }

        pub(crate) fn deserialize<'de, D: Deserializer<'de>>(
            d: D,
        ) -> Result<Option<Wind>, D::Error> {
            Ok(Option::<Letter>::deserialize(d)?.map(|l| l.0))
        }
    }

    /// A list of winds as letters (at most four: each seat once).
    pub(crate) mod list {
        use super::*;

        pub(crate) fn serialize<S: Serializer>(ws: &[Wind], s: S) -> Result<S::Ok, S::Error> {
            s.collect_seq(ws.iter().map(|w| w.letter().to_string()))
        }

        pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Wind>, D::Error> {
            let letters: Vec<Letter> = crate::capped::vec(d, 4, "winds")?;
            Ok(letters.into_iter().map(|l| l.0).collect())
        }
    }

    /// A game's rounds, at most [`TableOptions::MAX_ROUNDS`](super::TableOptions::MAX_ROUNDS).
    pub(crate) fn rounds<'de, D: Deserializer<'de>>(d: D) -> Result<usize, D::Error> {
        let rounds = usize::deserialize(d)?;
        let max = super::TableOptions::MAX_ROUNDS;
        if rounds > max {
            return Err(D::Error::custom(format_args!(
                "{rounds} rounds: a game has at most {max}"
            )));
        }
        Ok(rounds)
    }

    /// Payments as `{from, to, amount}` with wind letters.
    pub(crate) mod transfers {
        use super::*;

        #[derive(Serialize, Deserialize)]
        struct Letters {
            #[serde(with = "super::one")]
            from: Wind,
            #[serde(with = "super::one")]
            to: Wind,
            amount: u64,
        }

        pub(crate) fn serialize<S: Serializer>(ts: &[Transfer], s: S) -> Result<S::Ok, S::Error> {
            s.collect_seq(ts.iter().map(|t| Letters {
                from: t.from,
                to: t.to,
                amount: t.amount,
            }))
        }

        /// Room for every settlement between four players, which makes at most 12
        /// transfers (3 to the winner, one per pair of losers, 3 exceptions).
        const MAX: usize = 16;

        pub(crate) fn deserialize<'de, D: Deserializer<'de>>(
            d: D,
        ) -> Result<Vec<Transfer>, D::Error> {
            let list: Vec<Letters> = crate::capped::vec(d, MAX, "payments")?;
            Ok(list
                .into_iter()
                .map(|l| Transfer {
                    from: l.from,
                    to: l.to,
                    amount: l.amount,
                })
                .collect())
        }
    }
}
