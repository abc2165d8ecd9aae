//! English and French names of tiles and their groups.

use crate::{Dragon, Flower, Season, Suit, Tile, TileKind, Wind};

/// The language of a name.
///
/// ```
/// use mahjong_tiles::{Language, Tile};
/// assert_eq!(Tile::WEST.name(Language::French), "Vent d'Ouest");
/// assert_eq!(Language::default(), Language::English);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Language {
    /// English.
    #[default]
    English,
    /// French (the language of the rules this project follows).
    French,
}

const EN_NUMBERS: [&str; 9] = [
    "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine",
];
const FR_NUMBERS: [&str; 9] = [
    "Un", "Deux", "Trois", "Quatre", "Cinq", "Six", "Sept", "Huit", "Neuf",
];

impl Suit {
    /// The suit's name: "Characters"/"Caractères", "Circles"/"Cercles",
    /// "Bamboos"/"Bambous".
    ///
    /// ```
    /// use mahjong_tiles::{Language, Suit};
    /// assert_eq!(Suit::Circles.name(Language::French), "Cercles");
    /// ```
    pub const fn name(self, lang: Language) -> &'static str {
        match (lang, self) {
            (Language::English, Suit::Characters) => "Characters",
            (Language::English, Suit::Circles) => "Circles",
            (Language::English, Suit::Bamboos) => "Bamboos",
            (Language::French, Suit::Characters) => "Caractères",
            (Language::French, Suit::Circles) => "Cercles",
            (Language::French, Suit::Bamboos) => "Bambous",
        }
    }
}

impl Wind {
    /// The wind's name: "East Wind"/"Vent d'Est", and so on.
    ///
    /// ```
    /// use mahjong_tiles::{Language, Wind};
    /// assert_eq!(Wind::South.name(Language::English), "South Wind");
    /// assert_eq!(Wind::South.name(Language::French), "Vent du Sud");
    /// ```
    pub const fn name(self, lang: Language) -> &'static str {
        match (lang, self) {
            (Language::English, Wind::East) => "East Wind",
            (Language::English, Wind::South) => "South Wind",
            (Language::English, Wind::West) => "West Wind",
            (Language::English, Wind::North) => "North Wind",
            (Language::French, Wind::East) => "Vent d'Est",
            (Language::French, Wind::South) => "Vent du Sud",
            (Language::French, Wind::West) => "Vent d'Ouest",
            (Language::French, Wind::North) => "Vent du Nord",
        }
    }
}

impl Dragon {
    /// The dragon's name: "Red Dragon"/"Dragon rouge", and so on.
    ///
    /// ```
    /// use mahjong_tiles::{Dragon, Language};
    /// assert_eq!(Dragon::Green.name(Language::French), "Dragon vert");
    /// ```
    pub const fn name(self, lang: Language) -> &'static str {
        match (lang, self) {
            (Language::English, Dragon::White) => "White Dragon",
            (Language::English, Dragon::Green) => "Green Dragon",
            (Language::English, Dragon::Red) => "Red Dragon",
            (Language::French, Dragon::White) => "Dragon blanc",
            (Language::French, Dragon::Green) => "Dragon vert",
            (Language::French, Dragon::Red) => "Dragon rouge",
        }
    }
}

impl Flower {
    /// The flower's name: "Plum Flower"/"Fleur de prunier", and so on.
    ///
    /// ```
    /// use mahjong_tiles::{Flower, Language};
    /// assert_eq!(Flower::Orchid.name(Language::French), "Orchidée");
    /// ```
    pub const fn name(self, lang: Language) -> &'static str {
        match (lang, self) {
            (Language::English, Flower::Plum) => "Plum Flower",
            (Language::English, Flower::Orchid) => "Orchid Flower",
            (Language::English, Flower::Bamboo) => "Bamboo Flower",
            (Language::English, Flower::Chrysanthemum) => "Chrysanthemum Flower",
            (Language::French, Flower::Plum) => "Fleur de prunier",
            (Language::French, Flower::Orchid) => "Orchidée",
            (Language::French, Flower::Bamboo) => "Fleur de bambou",
            (Language::French, Flower::Chrysanthemum) => "Chrysanthème",
        }
    }
}

impl Season {
    /// The season's name: "Spring"/"Printemps", and so on.
    ///
    /// ```
    /// use mahjong_tiles::{Language, Season};
    /// assert_eq!(Season::Summer.name(Language::French), "Été");
    /// ```
    pub const fn name(self, lang: Language) -> &'static str {
        match (lang, self) {
            (Language::English, Season::Spring) => "Spring",
            (Language::English, Season::Summer) => "Summer",
            (Language::English, Season::Autumn) => "Autumn",
            (Language::English, Season::Winter) => "Winter",
            (Language::French, Season::Spring) => "Printemps",
            (Language::French, Season::Summer) => "Été",
            (Language::French, Season::Autumn) => "Automne",
            (Language::French, Season::Winter) => "Hiver",
        }
    }
}

impl Tile {
    /// The tile's full name.
    ///
    /// ```
    /// use mahjong_tiles::{Language, Tile};
    /// let t: Tile = "3s".parse()?;
    /// assert_eq!(t.name(Language::English), "Three of Bamboos");
    /// assert_eq!(t.name(Language::French), "Trois de Bambous");
    /// assert_eq!(Tile::RED.name(Language::French), "Dragon rouge");
    /// # Ok::<(), mahjong_tiles::ParseTileError>(())
    /// ```
    pub fn name(self, lang: Language) -> String {
        match self.kind() {
            TileKind::Suited { suit, rank } => {
                let (numbers, of) = match lang {
                    Language::English => (&EN_NUMBERS, "of"),
                    Language::French => (&FR_NUMBERS, "de"),
                };
                format!("{} {of} {}", numbers[rank as usize - 1], suit.name(lang))
            }
            TileKind::Wind(w) => w.name(lang).to_string(),
            TileKind::Dragon(d) => d.name(lang).to_string(),
            TileKind::Flower(f) => f.name(lang).to_string(),
            TileKind::Season(s) => s.name(lang).to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn names_are_distinct_in_each_language() {
        for lang in [Language::English, Language::French] {
            let names: HashSet<String> = Tile::ALL.iter().map(|t| t.name(lang)).collect();
            assert_eq!(names.len(), Tile::COUNT, "{lang:?}");
        }
    }

    #[test]
    fn sample_names() {
        assert_eq!(Tile::EAST.name(Language::English), "East Wind");
        assert_eq!(Tile::WEST.name(Language::French), "Vent d'Ouest");
        assert_eq!(
            Tile::from(Flower::Chrysanthemum).name(Language::French),
            "Chrysanthème"
        );
        assert_eq!(Tile::from(Season::Summer).name(Language::French), "Été");
        assert_eq!(
            "9p".parse::<Tile>().unwrap().name(Language::English),
            "Nine of Circles"
        );
    }
}
