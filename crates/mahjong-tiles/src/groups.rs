//! The groups tiles belong to: suits, winds, dragons, flowers and seasons.

use core::fmt;

/// One of the three suits of numbered tiles.
///
/// The notation letter follows the common convention: `m` for characters (*man*), `p` for
/// circles (*pin*), `s` for bamboos (*sou*).
///
/// ```
/// use mahjong_tiles::{Suit, Tile};
/// assert_eq!("7p".parse::<Tile>()?.suit(), Some(Suit::Circles));
/// # Ok::<(), mahjong_tiles::ParseTileError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Suit {
    /// Characters (Caractères, Wan): notation `m`.
    Characters,
    /// Circles or dots (Cercles): notation `p`.
    Circles,
    /// Bamboos (Bambous): notation `s`.
    Bamboos,
}

impl Suit {
    /// The three suits in notation order (`m`, `p`, `s`).
    ///
    /// ```
    /// use mahjong_tiles::Suit;
    /// assert_eq!(Suit::ALL.map(Suit::letter), ['m', 'p', 's']);
    /// ```
    pub const ALL: [Suit; 3] = [Suit::Characters, Suit::Circles, Suit::Bamboos];

    /// The suit's notation letter: `m`, `p` or `s`.
    ///
    /// ```
    /// use mahjong_tiles::Suit;
    /// assert_eq!(Suit::Bamboos.letter(), 's');
    /// ```
    pub const fn letter(self) -> char {
        match self {
            Suit::Characters => 'm',
            Suit::Circles => 'p',
            Suit::Bamboos => 's',
        }
    }

    /// The suit whose notation letter is `c`, if any.
    ///
    /// ```
    /// use mahjong_tiles::Suit;
    /// assert_eq!(Suit::from_letter('m'), Some(Suit::Characters));
    /// assert_eq!(Suit::from_letter('z'), None);
    /// ```
    pub const fn from_letter(c: char) -> Option<Suit> {
        match c {
            'm' => Some(Suit::Characters),
            'p' => Some(Suit::Circles),
            's' => Some(Suit::Bamboos),
            _ => None,
        }
    }

    pub(crate) const fn offset(self) -> u8 {
        match self {
            Suit::Characters => 0,
            Suit::Circles => 9,
            Suit::Bamboos => 18,
        }
    }
}

/// One of the four winds, in turn order (counter-clockwise at the table: East, South, West,
/// North). Flower and season *n* belong to wind *n* (1 East, 2 South, 3 West, 4 North).
///
/// ```
/// use mahjong_tiles::{Flower, Wind};
/// assert_eq!(Wind::West.flower(), Flower::Bamboo);
/// assert_eq!(Wind::West.to_string(), "W");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Wind {
    /// East (Est), `1z`; owns flower 1 (plum) and season 1 (spring).
    East,
    /// South (Sud), `2z`; owns flower 2 (orchid) and season 2 (summer).
    South,
    /// West (Ouest), `3z`; owns flower 3 (bamboo) and season 3 (autumn).
    West,
    /// North (Nord), `4z`; owns flower 4 (chrysanthemum) and season 4 (winter).
    North,
}

impl Wind {
    /// The four winds in turn order.
    ///
    /// ```
    /// use mahjong_tiles::Wind;
    /// assert_eq!(Wind::ALL.map(Wind::letter), ['E', 'S', 'W', 'N']);
    /// ```
    pub const ALL: [Wind; 4] = [Wind::East, Wind::South, Wind::West, Wind::North];

    /// The wind's number, 1 (East) to 4 (North): the number of its flower and season.
    ///
    /// ```
    /// use mahjong_tiles::Wind;
    /// assert_eq!(Wind::North.number(), 4);
    /// ```
    pub const fn number(self) -> u8 {
        self as u8 + 1
    }

    /// The wind numbered `n` (1 East … 4 North).
    ///
    /// ```
    /// use mahjong_tiles::Wind;
    /// assert_eq!(Wind::from_number(2), Some(Wind::South));
    /// assert_eq!(Wind::from_number(5), None);
    /// ```
    pub const fn from_number(n: u8) -> Option<Wind> {
        match n {
            1 => Some(Wind::East),
            2 => Some(Wind::South),
            3 => Some(Wind::West),
            4 => Some(Wind::North),
            _ => None,
        }
    }

    /// The next wind in turn order (East → South → West → North → East).
    ///
    /// ```
    /// use mahjong_tiles::Wind;
    /// assert_eq!(Wind::North.next(), Wind::East);
    /// ```
    pub const fn next(self) -> Wind {
        Wind::ALL[(self as usize + 1) % 4]
    }

    /// The previous wind in turn order (East → North).
    ///
    /// ```
    /// use mahjong_tiles::Wind;
    /// assert_eq!(Wind::East.previous(), Wind::North);
    /// ```
    pub const fn previous(self) -> Wind {
        Wind::ALL[(self as usize + 3) % 4]
    }

    /// The wind's one-letter abbreviation: `E`, `S`, `W` or `N`.
    ///
    /// ```
    /// use mahjong_tiles::Wind;
    /// assert_eq!(Wind::South.letter(), 'S');
    /// ```
    pub const fn letter(self) -> char {
        match self {
            Wind::East => 'E',
            Wind::South => 'S',
            Wind::West => 'W',
            Wind::North => 'N',
        }
    }

    /// The flower that belongs to this wind.
    ///
    /// ```
    /// use mahjong_tiles::{Flower, Wind};
    /// assert_eq!(Wind::East.flower(), Flower::Plum);
    /// ```
    pub const fn flower(self) -> Flower {
        Flower::ALL[self as usize]
    }

    /// The season that belongs to this wind.
    ///
    /// ```
    /// use mahjong_tiles::{Season, Wind};
    /// assert_eq!(Wind::North.season(), Season::Winter);
    /// ```
    pub const fn season(self) -> Season {
        Season::ALL[self as usize]
    }
}

impl fmt::Display for Wind {
    /// Writes the one-letter abbreviation (`E`, `S`, `W`, `N`), which [`str::parse`] reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// One of the three dragons, in notation order (`5z` white, `6z` green, `7z` red).
///
/// ```
/// use mahjong_tiles::{Dragon, Tile};
/// assert_eq!(Tile::dragon(Dragon::White).to_string(), "5z");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Dragon {
    /// White dragon (Dragon blanc, *paï*/*bai*), `5z`.
    White,
    /// Green dragon (Dragon vert, *fa*), `6z`.
    Green,
    /// Red dragon (Dragon rouge, *chong*/*zhong*), `7z`.
    Red,
}

impl Dragon {
    /// The three dragons in notation order.
    ///
    /// ```
    /// use mahjong_tiles::{Dragon, Tile};
    /// assert_eq!(Dragon::ALL.map(|d| Tile::dragon(d).number()), [5, 6, 7]);
    /// ```
    pub const ALL: [Dragon; 3] = [Dragon::White, Dragon::Green, Dragon::Red];
}

/// One of the four flowers (Fleurs), numbered as in the French Wikipedia article on Mah-jong:
/// plum 1, orchid 2, bamboo 3, chrysanthemum 4. Notation `1f`–`4f`.
///
/// ```
/// use mahjong_tiles::{Flower, Tile};
/// assert_eq!(Tile::flower(Flower::Orchid).to_string(), "2f");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Flower {
    /// Plum blossom (fleur de prunier), flower 1, East's.
    Plum,
    /// Orchid (orchidée), flower 2, South's.
    Orchid,
    /// Bamboo (bambou), flower 3, West's.
    Bamboo,
    /// Chrysanthemum (chrysanthème), flower 4, North's.
    Chrysanthemum,
}

impl Flower {
    /// The four flowers in number order.
    ///
    /// ```
    /// use mahjong_tiles::Flower;
    /// assert_eq!(Flower::ALL.map(Flower::number), [1, 2, 3, 4]);
    /// ```
    pub const ALL: [Flower; 4] = [
        Flower::Plum,
        Flower::Orchid,
        Flower::Bamboo,
        Flower::Chrysanthemum,
    ];

    /// The flower's number, 1 to 4.
    ///
    /// ```
    /// use mahjong_tiles::Flower;
    /// assert_eq!(Flower::Chrysanthemum.number(), 4);
    /// ```
    pub const fn number(self) -> u8 {
        self as u8 + 1
    }

    /// The wind this flower belongs to (flower *n* ↔ wind *n*).
    ///
    /// ```
    /// use mahjong_tiles::{Flower, Wind};
    /// assert_eq!(Flower::Orchid.wind(), Wind::South);
    /// ```
    pub const fn wind(self) -> Wind {
        Wind::ALL[self as usize]
    }
}

/// One of the four seasons (Saisons): spring 1, summer 2, autumn 3, winter 4. Notation
/// `1y`–`4y`.
///
/// ```
/// use mahjong_tiles::{Season, Tile};
/// assert_eq!(Tile::season(Season::Autumn).to_string(), "3y");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Season {
    /// Spring (printemps), season 1, East's.
    Spring,
    /// Summer (été), season 2, South's.
    Summer,
    /// Autumn (automne), season 3, West's.
    Autumn,
    /// Winter (hiver), season 4, North's.
    Winter,
}

impl Season {
    /// The four seasons in number order.
    ///
    /// ```
    /// use mahjong_tiles::Season;
    /// assert_eq!(Season::ALL.map(Season::number), [1, 2, 3, 4]);
    /// ```
    pub const ALL: [Season; 4] = [
        Season::Spring,
        Season::Summer,
        Season::Autumn,
        Season::Winter,
    ];

    /// The season's number, 1 to 4.
    ///
    /// ```
    /// use mahjong_tiles::Season;
    /// assert_eq!(Season::Summer.number(), 2);
    /// ```
    pub const fn number(self) -> u8 {
        self as u8 + 1
    }

    ///
    /// ```
    /// use mahjong_tiles::{Season, Wind};
    /// assert_eq!(Season::Winter.wind(), Wind::North);
    /// ```
    /// The wind this season belongs to (season *n* ↔ wind *n*).
    ///
    /// ```
    /// use mahjong_tiles::{Season, Wind};
    /// assert_eq!(Season::Winter.wind(), Wind::North);
    /// ```
    pub const fn wind(self) -> Wind {
        Wind::ALL[self as usize]
    }
}
