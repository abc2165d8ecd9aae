//! Tile kinds (`Tile`, `TileKind`) and the classes used by scoring (`TileClass`).

use core::fmt;

use crate::{Dragon, Flower, Season, Suit, Wind};

/// A tile kind: one of the 34 playing kinds or the 8 bonus tiles (42 in all).
///
/// `Tile` is a one-byte value; its order is the notation's canonical order (characters,
/// circles, bamboos, winds, dragons, flowers, seasons; by number inside each group), and
/// [`Tile::index`] numbers the kinds 0–41 in that order so tables can be plain arrays.
/// Use [`Tile::kind`] to match on what a tile is.
///
/// ```
/// use mahjong_tiles::{Dragon, Suit, Tile, TileKind};
///
/// let t: Tile = "6z".parse()?;
/// assert_eq!(t, Tile::dragon(Dragon::Green));
/// assert!(t.is_honour() && t.is_green());
/// assert_eq!(Tile::suited(Suit::Circles, 9).unwrap().to_string(), "9p");
/// match Tile::EAST.kind() {
///     TileKind::Wind(w) => assert_eq!(w.letter(), 'E'),
///     _ => unreachable!(),
/// }
/// # Ok::<(), mahjong_tiles::ParseTileError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Tile(u8);

/// What a [`Tile`] is, for pattern matching.
///
/// With the `serde` feature a `Suited` kind whose rank is not 1 to 9 is refused when read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "serde_kind::KindData")
)]
///
/// ```
/// use mahjong_tiles::{Suit, Tile, TileKind};
/// assert_eq!("4s".parse::<Tile>()?.kind(), TileKind::Suited { suit: Suit::Bamboos, rank: 4 });
/// # Ok::<(), mahjong_tiles::ParseTileError>(())
/// ```
pub enum TileKind {
    /// A numbered tile of a suit; `rank` is 1 to 9.
    Suited {
        /// The suit.
        suit: Suit,
        /// The number, 1 to 9.
        rank: u8,
    },
    /// A wind.
    Wind(Wind),
    /// A dragon.
    Dragon(Dragon),
    /// A flower (bonus tile).
    Flower(Flower),
    /// A season (bonus tile).
    Season(Season),
}

/// The scoring class of a tile (the points table of the French Wikipedia article on Mah-jong
/// distinguishes them).
///
/// ```
/// use mahjong_tiles::{Tile, TileClass};
/// assert_eq!("9m".parse::<Tile>()?.class(), TileClass::Terminal);
/// assert_eq!("1f".parse::<Tile>()?.class(), TileClass::Bonus);
/// # Ok::<(), mahjong_tiles::ParseTileError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum TileClass {
    /// A suited tile numbered 2 to 8 (minor, "simple").
    Minor,
    /// A suited 1 or 9 (terminal, "major").
    Terminal,
    /// A wind.
    Wind,
    /// A dragon.
    Dragon,
    /// A flower or a season.
    Bonus,
}

const WIND_BASE: u8 = 27;
const DRAGON_BASE: u8 = 31;
const FLOWER_BASE: u8 = 34;
const SEASON_BASE: u8 = 38;

impl Tile {
    /// Number of tile kinds: 34 playing kinds plus 8 bonus tiles.
    ///
    /// ```
    /// use mahjong_tiles::Tile;
    /// assert_eq!(Tile::ALL.len(), Tile::COUNT);
    /// assert_eq!(Tile::ALL.iter().filter(|t| !t.is_bonus()).count(), Tile::PLAYING_COUNT);
    /// ```
    pub const COUNT: usize = 42;
    /// Number of playing (non-bonus) kinds.
    ///
    /// ```
    /// use mahjong_tiles::Tile;
    /// assert_eq!(Tile::ALL[Tile::PLAYING_COUNT].to_string(), "1f"); // the first bonus tile
    /// ```
    pub const PLAYING_COUNT: usize = 34;

    /// East wind, `1z`.
    ///
    /// ```
    /// use mahjong_tiles::Tile;
    /// assert_eq!(Tile::EAST.to_string(), "1z");
    /// ```
    pub const EAST: Tile = Tile(WIND_BASE);
    /// South wind, `2z`.
    ///
    /// ```
    /// use mahjong_tiles::Tile;
    /// assert_eq!(Tile::SOUTH.to_string(), "2z");
    /// ```
    pub const SOUTH: Tile = Tile(WIND_BASE + 1);
    /// West wind, `3z`.
    ///
    /// ```
    /// use mahjong_tiles::Tile;
    /// assert_eq!(Tile::WEST.to_string(), "3z");
    /// ```
    pub const WEST: Tile = Tile(WIND_BASE + 2);
    /// North wind, `4z`.
    ///
    /// ```
    /// use mahjong_tiles::Tile;
    /// assert_eq!(Tile::NORTH.to_string(), "4z");
    /// ```
    pub const NORTH: Tile = Tile(WIND_BASE + 3);
    /// White dragon, `5z`.
    ///
    /// ```
    /// use mahjong_tiles::Tile;
    /// assert_eq!(Tile::WHITE.to_string(), "5z");
    /// ```
    pub const WHITE: Tile = Tile(DRAGON_BASE);
    /// Green dragon, `6z`.
    ///
    /// ```
    /// use mahjong_tiles::Tile;
    /// assert_eq!(Tile::GREEN.to_string(), "6z");
    /// ```
    pub const GREEN: Tile = Tile(DRAGON_BASE + 1);
    /// Red dragon, `7z`.
    ///
    /// ```
    /// use mahjong_tiles::Tile;
    /// assert_eq!(Tile::RED.to_string(), "7z");
    /// ```
    pub const RED: Tile = Tile(DRAGON_BASE + 2);

    /// All 42 kinds in canonical order.
    ///
    /// ```
    /// use mahjong_tiles::Tile;
    /// assert_eq!((Tile::ALL[0].to_string(), Tile::ALL[41].to_string()), ("1m".into(), "4y".into()));
    /// ```
    pub const ALL: [Tile; Tile::COUNT] = {
        let mut all = [Tile(0); Tile::COUNT];
        let mut i = 0;
        while i < Tile::COUNT {
            all[i] = Tile(i as u8);
            i += 1;
        }
        all
    };

    /// The suited tile of `suit` numbered `rank`, or `None` unless `rank` is 1 to 9.
    ///
    /// ```
    /// use mahjong_tiles::{Suit, Tile};
    /// assert_eq!(Tile::suited(Suit::Characters, 5).unwrap().to_string(), "5m");
    /// assert_eq!(Tile::suited(Suit::Characters, 0), None);
    /// ```
    pub const fn suited(suit: Suit, rank: u8) -> Option<Tile> {
        if rank >= 1 && rank <= 9 {
            Some(Tile(suit.offset() + rank - 1))
        } else {
            None
        }
    }

    /// The tile of a wind.
    ///
    /// ```
    /// use mahjong_tiles::{Tile, Wind};
    /// assert_eq!(Tile::wind(Wind::South), Tile::SOUTH);
    /// ```
    pub const fn wind(wind: Wind) -> Tile {
        Tile(WIND_BASE + wind as u8)
    }

    /// The tile of a dragon.
    ///
    /// ```
    /// use mahjong_tiles::{Dragon, Tile};
    /// assert_eq!(Tile::dragon(Dragon::Red), Tile::RED);
    /// ```
    pub const fn dragon(dragon: Dragon) -> Tile {
        Tile(DRAGON_BASE + dragon as u8)
    }

    /// The tile of a flower.
    ///
    /// ```
    /// use mahjong_tiles::{Flower, Tile};
    /// assert_eq!(Tile::flower(Flower::Plum).to_string(), "1f");
    /// ```
    pub const fn flower(flower: Flower) -> Tile {
        Tile(FLOWER_BASE + flower as u8)
    }

    /// The tile of a season.
    ///
    /// ```
    /// use mahjong_tiles::{Season, Tile};
    /// assert_eq!(Tile::season(Season::Winter).to_string(), "4y");
    /// ```
    pub const fn season(season: Season) -> Tile {
        Tile(SEASON_BASE + season as u8)
    }

    /// The tile with canonical index `index` (0–41), if any.
    ///
    /// ```
    /// use mahjong_tiles::Tile;
    /// assert_eq!(Tile::from_index(27), Some(Tile::EAST));
    /// assert_eq!(Tile::from_index(42), None);
    /// ```
    pub const fn from_index(index: usize) -> Option<Tile> {
        if index < Tile::COUNT {
            Some(Tile(index as u8))
        } else {
            None
        }
    }

    /// The canonical index, 0–41: `1m`–`9m` are 0–8, `1p`–`9p` 9–17, `1s`–`9s` 18–26,
    /// winds 27–30, dragons 31–33 (white, green, red), flowers 34–37, seasons 38–41.
    ///
    /// ```
    /// use mahjong_tiles::Tile;
    /// assert_eq!("1p".parse::<Tile>()?.index(), 9);
    /// assert_eq!(Tile::RED.index(), 33);
    /// # Ok::<(), mahjong_tiles::ParseTileError>(())
    /// ```
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// What the tile is.
    ///
    /// ```
    /// use mahjong_tiles::{Dragon, Tile, TileKind};
    /// assert_eq!(Tile::GREEN.kind(), TileKind::Dragon(Dragon::Green));
    /// ```
    pub const fn kind(self) -> TileKind {
        let i = self.0;
        if i < WIND_BASE {
            TileKind::Suited {
                suit: Suit::ALL[(i / 9) as usize],
                rank: i % 9 + 1,
            }
        } else if i < DRAGON_BASE {
            TileKind::Wind(Wind::ALL[(i - WIND_BASE) as usize])
        } else if i < FLOWER_BASE {
            TileKind::Dragon(Dragon::ALL[(i - DRAGON_BASE) as usize])
        } else if i < SEASON_BASE {
            TileKind::Flower(Flower::ALL[(i - FLOWER_BASE) as usize])
        } else {
            TileKind::Season(Season::ALL[(i - SEASON_BASE) as usize])
        }
    }

    /// The scoring class.
    ///
    /// ```
    /// use mahjong_tiles::{Tile, TileClass};
    /// assert_eq!("5p".parse::<Tile>()?.class(), TileClass::Minor);
    /// assert_eq!(Tile::EAST.class(), TileClass::Wind);
    /// # Ok::<(), mahjong_tiles::ParseTileError>(())
    /// ```
    pub const fn class(self) -> TileClass {
        match self.kind() {
            TileKind::Suited { rank: 1 | 9, .. } => TileClass::Terminal,
            TileKind::Suited { .. } => TileClass::Minor,
            TileKind::Wind(_) => TileClass::Wind,
            TileKind::Dragon(_) => TileClass::Dragon,
            TileKind::Flower(_) | TileKind::Season(_) => TileClass::Bonus,
        }
    }

    /// The suit of a suited tile.
    ///
    /// ```
    /// use mahjong_tiles::{Suit, Tile};
    /// assert_eq!("3s".parse::<Tile>()?.suit(), Some(Suit::Bamboos));
    /// assert_eq!(Tile::RED.suit(), None);
    /// # Ok::<(), mahjong_tiles::ParseTileError>(())
    /// ```
    pub const fn suit(self) -> Option<Suit> {
        match self.kind() {
            TileKind::Suited { suit, .. } => Some(suit),
            _ => None,
        }
    }

    /// The number of a suited tile (1–9).
    ///
    /// ```
    /// use mahjong_tiles::Tile;
    /// assert_eq!("8m".parse::<Tile>()?.rank(), Some(8));
    /// assert_eq!(Tile::WEST.rank(), None);
    /// # Ok::<(), mahjong_tiles::ParseTileError>(())
    /// ```
    pub const fn rank(self) -> Option<u8> {
        match self.kind() {
            TileKind::Suited { rank, .. } => Some(rank),
            _ => None,
        }
    }

    /// The number written in the notation: the rank of a suited tile, 1–7 for honours
    /// (`1z` East … `7z` red), 1–4 for flowers and seasons.
    ///
    /// ```
    /// use mahjong_tiles::Tile;
    /// assert_eq!(Tile::RED.number(), 7);
    /// assert_eq!("2y".parse::<Tile>()?.number(), 2);
    /// # Ok::<(), mahjong_tiles::ParseTileError>(())
    /// ```
    pub const fn number(self) -> u8 {
        match self.kind() {
            TileKind::Suited { rank, .. } => rank,
            TileKind::Wind(w) => w as u8 + 1,
            TileKind::Dragon(d) => d as u8 + 5,
            TileKind::Flower(f) => f.number(),
            TileKind::Season(s) => s.number(),
        }
    }

    /// The notation letter of the tile's group: `m`, `p`, `s`, `z` (honours), `f`
    /// (flowers) or `y` (seasons).
    ///
    /// ```
    /// use mahjong_tiles::Tile;
    /// assert_eq!(Tile::WHITE.group_letter(), 'z');
    /// assert_eq!("3f".parse::<Tile>()?.group_letter(), 'f');
    /// # Ok::<(), mahjong_tiles::ParseTileError>(())
    /// ```
    pub const fn group_letter(self) -> char {
        match self.kind() {
            TileKind::Suited { suit, .. } => suit.letter(),
            TileKind::Wind(_) | TileKind::Dragon(_) => 'z',
            TileKind::Flower(_) => 'f',
            TileKind::Season(_) => 'y',
        }
    }

    /// The tile written as `number` followed by the group letter (`m`, `p`, `s`, `z`, `f`,
    /// `y`), or `None` if that number does not exist in the group.
    ///
    /// ```
    /// use mahjong_tiles::Tile;
    /// assert_eq!(Tile::from_number_and_letter(7, 'z'), Some(Tile::RED));
    /// assert_eq!(Tile::from_number_and_letter(8, 'z'), None);
    /// ```
    pub const fn from_number_and_letter(number: u8, letter: char) -> Option<Tile> {
        match letter {
            'm' | 'p' | 's' => match Suit::from_letter(letter) {
                Some(suit) => Tile::suited(suit, number),
                None => None,
            },
            'z' if number >= 1 && number <= 7 => Some(Tile(WIND_BASE + number - 1)),
            'f' if number >= 1 && number <= 4 => Some(Tile(FLOWER_BASE + number - 1)),
            'y' if number >= 1 && number <= 4 => Some(Tile(SEASON_BASE + number - 1)),
            _ => None,
        }
    }

    /// Whether the tile is a numbered tile of a suit.
    ///
    /// ```
    /// use mahjong_tiles::Tile;
    /// let t = |s: &str| s.parse::<Tile>().unwrap();
    /// assert!(t("9s").is_suited() && !t("1z").is_suited());
    /// ```
    pub const fn is_suited(self) -> bool {
        self.0 < WIND_BASE
    }

    /// Whether the tile is an honour (a wind or a dragon).
    ///
    /// ```
    /// use mahjong_tiles::Tile;
    /// let t = |s: &str| s.parse::<Tile>().unwrap();
    /// assert!(t("1z").is_honour() && t("7z").is_honour() && !t("1f").is_honour());
    /// ```
    pub const fn is_honour(self) -> bool {
        self.0 >= WIND_BASE && self.0 < FLOWER_BASE
    }

    /// Whether the tile is a wind.
    ///
    /// ```
    /// use mahjong_tiles::Tile;
    /// let t = |s: &str| s.parse::<Tile>().unwrap();
    /// assert!(t("4z").is_wind() && !t("5z").is_wind());
    /// ```
    pub const fn is_wind(self) -> bool {
        self.0 >= WIND_BASE && self.0 < DRAGON_BASE
    }

    /// Whether the tile is a dragon.
    ///
    /// ```
    /// use mahjong_tiles::Tile;
    /// let t = |s: &str| s.parse::<Tile>().unwrap();
    /// assert!(t("5z").is_dragon() && !t("4z").is_dragon());
    /// ```
    pub const fn is_dragon(self) -> bool {
        self.0 >= DRAGON_BASE && self.0 < FLOWER_BASE
    }

    /// Whether the tile is a bonus tile (a flower or a season).
    ///
    /// ```
    /// use mahjong_tiles::Tile;
    /// let t = |s: &str| s.parse::<Tile>().unwrap();
    /// assert!(t("1f").is_bonus() && t("4y").is_bonus() && !t("7z").is_bonus());
    /// ```
    pub const fn is_bonus(self) -> bool {
        self.0 >= FLOWER_BASE
    }

    /// Whether the tile is a flower.
    ///
    /// ```
    /// use mahjong_tiles::Tile;
    /// let t = |s: &str| s.parse::<Tile>().unwrap();
    /// assert!(t("2f").is_flower() && !t("2y").is_flower());
    /// ```
    pub const fn is_flower(self) -> bool {
        self.0 >= FLOWER_BASE && self.0 < SEASON_BASE
    }

    /// Whether the tile is a season.
    ///
    /// ```
    /// use mahjong_tiles::Tile;
    /// let t = |s: &str| s.parse::<Tile>().unwrap();
    /// assert!(t("2y").is_season() && !t("2f").is_season());
    /// ```
    pub const fn is_season(self) -> bool {
        self.0 >= SEASON_BASE
    }

    /// Whether the tile is a suited 1 or 9 (a terminal, "major").
    ///
    /// ```
    /// use mahjong_tiles::Tile;
    /// let t = |s: &str| s.parse::<Tile>().unwrap();
    /// assert!(t("1m").is_terminal() && t("9p").is_terminal() && !t("1z").is_terminal());
    /// ```
    pub const fn is_terminal(self) -> bool {
        matches!(self.class(), TileClass::Terminal)
    }

    /// Whether the tile is a suited 2 to 8 ("minor", "simple").
    ///
    /// ```
    /// use mahjong_tiles::Tile;
    /// let t = |s: &str| s.parse::<Tile>().unwrap();
    /// assert!(t("5s").is_minor() && !t("9s").is_minor());
    /// ```
    pub const fn is_minor(self) -> bool {
        matches!(self.class(), TileClass::Minor)
    }

    /// Whether the tile is a terminal or an honour.
    ///
    /// ```
    /// use mahjong_tiles::Tile;
    /// let t = |s: &str| s.parse::<Tile>().unwrap();
    /// assert!(t("9m").is_terminal_or_honour() && t("6z").is_terminal_or_honour());
    /// assert!(!t("2m").is_terminal_or_honour());
    /// ```
    pub const fn is_terminal_or_honour(self) -> bool {
        self.is_terminal() || self.is_honour()
    }

    /// Whether the tile is green: bamboos 2, 3, 4, 6, 8 and the green dragon (the tiles of
    /// the "grande main verte").
    ///
    /// ```
    /// use mahjong_tiles::Tile;
    /// let t = |s: &str| s.parse::<Tile>().unwrap();
    /// assert!(t("6s").is_green() && t("6z").is_green() && !t("5s").is_green());
    /// ```
    pub const fn is_green(self) -> bool {
        match self.kind() {
            TileKind::Suited {
                suit: Suit::Bamboos,
                rank,
            } => matches!(rank, 2 | 3 | 4 | 6 | 8),
            TileKind::Dragon(Dragon::Green) => true,
            _ => false,
        }
    }

    /// The wind a flower or season belongs to (flower or season *n* ↔ wind *n*).
    ///
    /// ```
    /// use mahjong_tiles::{Tile, Wind};
    /// assert_eq!("2f".parse::<Tile>()?.bonus_wind(), Some(Wind::South));
    /// assert_eq!(Tile::EAST.bonus_wind(), None);
    /// # Ok::<(), mahjong_tiles::ParseTileError>(())
    /// ```
    pub const fn bonus_wind(self) -> Option<Wind> {
        match self.kind() {
            TileKind::Flower(f) => Some(f.wind()),
            TileKind::Season(s) => Some(s.wind()),
            _ => None,
        }
    }

    /// How many physical copies of this kind a full set holds: 4, or 1 for a bonus tile.
    ///
    /// ```
    /// use mahjong_tiles::Tile;
    /// let t = |s: &str| s.parse::<Tile>().unwrap();
    /// assert_eq!((t("5m").copies(), t("3f").copies()), (4, 1));
    /// ```
    pub const fn copies(self) -> u8 {
        if self.is_bonus() { 1 } else { 4 }
    }

    /// The next tile of the same suit (`3m` → `4m`), or `None` for a 9 or a non-suited tile.
    ///
    /// ```
    /// use mahjong_tiles::Tile;
    /// let t = |s: &str| s.parse::<Tile>().unwrap();
    /// assert_eq!(t("3m").next_in_suit(), Some(t("4m")));
    /// assert_eq!(t("9m").next_in_suit(), None);
    /// ```
    pub const fn next_in_suit(self) -> Option<Tile> {
        match self.kind() {
            TileKind::Suited { rank, .. } if rank < 9 => Some(Tile(self.0 + 1)),
            _ => None,
        }
    }

    /// How many tiles of each of the 42 kinds `tiles` holds, indexed by [`Tile::index`]
    /// (saturating at 255).
    ///
    /// ```
    /// use mahjong_tiles::{Tile, parse_tiles};
    /// let counts = Tile::count_kinds(parse_tiles("1122m 5z 1m")?);
    /// assert_eq!(counts[Tile::WHITE.index()], 1);
    /// assert_eq!(counts["1m".parse::<Tile>()?.index()], 3);
    /// # Ok::<(), mahjong_tiles::ParseTileError>(())
    /// ```
    #[inline]
    pub fn count_kinds<I: IntoIterator<Item = Tile>>(tiles: I) -> [u8; Tile::COUNT] {
        let mut counts = [0u8; Tile::COUNT];
        // `for_each` lets chained iterators run each part in its own tight loop.
        tiles.into_iter().for_each(|t| {
            let c = &mut counts[t.index()];
            *c = c.saturating_add(1);
        });
        counts
    }

    /// The previous tile of the same suit (`3m` → `2m`), or `None` for a 1 or a non-suited
    /// tile.
    ///
    /// ```
    /// use mahjong_tiles::Tile;
    /// let t = |s: &str| s.parse::<Tile>().unwrap();
    /// assert_eq!(t("3m").previous_in_suit(), Some(t("2m")));
    /// assert_eq!(t("1m").previous_in_suit(), None);
    /// ```
    pub const fn previous_in_suit(self) -> Option<Tile> {
        match self.kind() {
            TileKind::Suited { rank, .. } if rank > 1 => Some(Tile(self.0 - 1)),
            _ => None,
        }
    }
}

impl From<Wind> for Tile {
    fn from(w: Wind) -> Tile {
        Tile::wind(w)
    }
}

impl From<Dragon> for Tile {
    fn from(d: Dragon) -> Tile {
        Tile::dragon(d)
    }
}

impl From<Flower> for Tile {
    fn from(f: Flower) -> Tile {
        Tile::flower(f)
    }
}

impl From<Season> for Tile {
    fn from(s: Season) -> Tile {
        Tile::season(s)
    }
}

impl From<Tile> for TileKind {
    fn from(t: Tile) -> TileKind {
        t.kind()
    }
}

/// A [`TileKind::Suited`] whose rank is not 1 to 9: no tile has that kind.
///
/// ```
/// use mahjong_tiles::{Suit, Tile, TileKind, TileKindError};
/// let ten = TileKind::Suited { suit: Suit::Circles, rank: 10 };
/// assert_eq!(Tile::try_from(ten), Err(TileKindError { suit: Suit::Circles, rank: 10 }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no {suit:?} tile has the rank {rank}: ranks are 1 to 9")]
pub struct TileKindError {
    /// The suit.
    pub suit: Suit,
    /// The rank given.
    pub rank: u8,
}

impl TryFrom<TileKind> for Tile {
    type Error = TileKindError;

    /// The tile of a kind; a `Suited` kind must have a rank of 1 to 9.
    ///
    /// ```
    /// use mahjong_tiles::{Suit, Tile, TileKind};
    /// let five = TileKind::Suited { suit: Suit::Circles, rank: 5 };
    /// assert_eq!(Tile::try_from(five)?.to_string(), "5p");
    /// assert!(Tile::try_from(TileKind::Suited { suit: Suit::Circles, rank: 0 }).is_err());
    /// # Ok::<(), mahjong_tiles::TileKindError>(())
    /// ```
    fn try_from(k: TileKind) -> Result<Tile, TileKindError> {
        match k {
            TileKind::Suited { suit, rank } => {
                Tile::suited(suit, rank).ok_or(TileKindError { suit, rank })
            }
            TileKind::Wind(w) => Ok(Tile::wind(w)),
            TileKind::Dragon(d) => Ok(Tile::dragon(d)),
            TileKind::Flower(f) => Ok(Tile::flower(f)),
            TileKind::Season(s) => Ok(Tile::season(s)),
        }
    }
}

/// The shape [`TileKind`] reads with serde, checked by `TryFrom`.
#[cfg(feature = "serde")]
mod serde_kind {
    use super::{Dragon, Flower, Season, Suit, Tile, TileKind, TileKindError, Wind};

    #[derive(serde::Deserialize)]
    #[serde(rename = "TileKind")]
    pub(super) enum KindData {
        Suited { suit: Suit, rank: u8 },
        Wind(Wind),
        Dragon(Dragon),
        Flower(Flower),
        Season(Season),
    }

    impl TryFrom<KindData> for TileKind {
        type Error = TileKindError;
        fn try_from(k: KindData) -> Result<TileKind, TileKindError> {
            let kind = match k {
                KindData::Suited { suit, rank } => TileKind::Suited { suit, rank },
                KindData::Wind(w) => TileKind::Wind(w),
                KindData::Dragon(d) => TileKind::Dragon(d),
                KindData::Flower(f) => TileKind::Flower(f),
                KindData::Season(s) => TileKind::Season(s),
            };
            Tile::try_from(kind).map(Tile::kind)
        }
    }
}

impl fmt::Debug for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Tile({self})")
    }
}

impl fmt::Display for Tile {
    /// Writes the notation of one tile: `5m`, `9p`, `1s`, `1z` (East) … `7z` (red), `1f`, `4y`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.number(), self.group_letter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kind_and_index_round_trip() {
        for (i, t) in Tile::ALL.iter().enumerate() {
            assert_eq!(t.index(), i);
            assert_eq!(Tile::try_from(t.kind()), Ok(*t));
            assert_eq!(
                Tile::from_number_and_letter(t.number(), t.group_letter()),
                Some(*t)
            );
        }
        assert_eq!(Tile::from_index(42), None);
    }

    #[test]
    fn classes_partition_the_kinds() {
        let count = |c: TileClass| Tile::ALL.iter().filter(|t| t.class() == c).count();
        assert_eq!(count(TileClass::Minor), 21);
        assert_eq!(count(TileClass::Terminal), 6);
        assert_eq!(count(TileClass::Wind), 4);
        assert_eq!(count(TileClass::Dragon), 3);
        assert_eq!(count(TileClass::Bonus), 8);
        let green: Vec<String> = Tile::ALL
            .iter()
            .filter(|t| t.is_green())
            .map(|t| t.to_string())
            .collect();
        assert_eq!(green, ["2s", "3s", "4s", "6s", "8s", "6z"]);
        assert!(Tile::RED.is_terminal_or_honour() && !Tile::RED.is_terminal());
    }

    #[test]
    fn bonus_tiles_map_to_winds() {
        for w in Wind::ALL {
            assert_eq!(w.flower().wind(), w);
            assert_eq!(w.season().wind(), w);
            assert_eq!(Tile::from(w.flower()).bonus_wind(), Some(w));
            assert_eq!(Tile::from(w.season()).number(), w.number());
        }
        assert_eq!(Flower::Orchid.wind(), Wind::South);
        assert_eq!(Season::Winter.wind(), Wind::North);
    }

    #[test]
    fn suit_neighbours() {
        let t = Tile::suited(Suit::Bamboos, 9).unwrap();
        assert_eq!(t.next_in_suit(), None);
        assert_eq!(t.previous_in_suit().unwrap().to_string(), "8s");
        assert_eq!(Tile::EAST.next_in_suit(), None);
        assert_eq!(Tile::suited(Suit::Circles, 0), None);
        assert_eq!(Tile::suited(Suit::Circles, 10), None);
    }

    #[test]
    fn wind_order() {
        assert_eq!(Wind::East.next(), Wind::South);
        assert_eq!(Wind::East.previous(), Wind::North);
        assert_eq!(Wind::from_number(3), Some(Wind::West));
        assert_eq!(Wind::from_number(0), None);
    }
}
