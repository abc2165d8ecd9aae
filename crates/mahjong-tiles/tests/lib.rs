//! Integration tests of mahjong-tiles: notation vectors from a data file and properties.

use mahjong_tiles::{PhysicalTile, Tile, TileClass, TileSet, Tiles};
use proptest::prelude::*;

#[test]
fn notation_vectors() {
    let data = include_str!("data/notation.txt");
    let mut checked = 0;
    for (line_no, line) in data.lines().enumerate() {
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        let (input, expected) = line
            .split_once('\t')
            .unwrap_or_else(|| panic!("line {}: no tab", line_no + 1));
        let got = match input.parse::<Tiles>() {
            Ok(t) => t.to_string(),
            Err(e) => format!("error: {e}"),
        };
        assert_eq!(got, expected, "line {}: {input:?}", line_no + 1);
        checked += 1;
    }
    assert!(checked >= 14, "only {checked} vectors read");
}

#[test]
fn the_144_set_has_the_counts_of_each_group() {
    let set = TileSet::Full.to_vec();
    let count = |f: &dyn Fn(Tile) -> bool| set.iter().filter(|t| f(**t)).count();
    assert_eq!(set.len(), 144);
    assert_eq!(count(&|t| t.group_letter() == 'm'), 36);
    assert_eq!(count(&|t| t.group_letter() == 'p'), 36);
    assert_eq!(count(&|t| t.group_letter() == 's'), 36);
    assert_eq!(count(&|t| t.is_wind()), 16);
    assert_eq!(count(&|t| t.is_dragon()), 12);
    assert_eq!(count(&|t| t.is_flower()), 4);
    assert_eq!(count(&|t| t.is_season()), 4);
    assert_eq!(count(&|t| t.class() == TileClass::Terminal), 24);
    assert_eq!(count(&|t| t.class() == TileClass::Minor), 84);
    assert_eq!(count(&|t| t.is_green()), 24);
    assert_eq!(TileSet::WithoutBonus.to_vec().len(), 136);
}

fn any_tile() -> impl Strategy<Value = Tile> {
    (0..Tile::COUNT).prop_map(|i| Tile::from_index(i).unwrap())
}

proptest! {
    #[test]
    fn print_then_parse_is_identity(tiles in proptest::collection::vec(any_tile(), 0..40)) {
        let list = Tiles(tiles).sorted();
        let printed = list.to_string();
        let parsed: Tiles = printed.parse().unwrap();
        prop_assert_eq!(&parsed, &list);
        prop_assert_eq!(parsed.to_string(), printed);
    }

    #[test]
    fn written_order_is_kept(tiles in proptest::collection::vec(any_tile(), 0..40)) {
        // One tile per group written in list order keeps the list order.
        let text: Vec<String> = tiles.iter().map(Tile::to_string).collect();
        let parsed: Tiles = text.join(" ").parse().unwrap();
        prop_assert_eq!(parsed.0, tiles);
    }

    #[test]
    fn glyphs_parse_back(tiles in proptest::collection::vec(any_tile(), 0..40)) {
        let list = Tiles(tiles);
        prop_assert_eq!(list.glyphs().parse::<Tiles>().unwrap(), list);
    }

    #[test]
    fn parser_never_panics(s in "\\PC{0,30}") {
        if let Ok(t) = s.parse::<Tiles>() {
            prop_assert_eq!(t.to_string().parse::<Tiles>().unwrap(), t.sorted());
        }
    }

    #[test]
    fn parser_errors_point_at_the_input(s in "[0-9mpszfy x]{0,20}") {
        use mahjong_tiles::ParseTileError as E;
        if let Err(e) = s.parse::<Tiles>() {
            let chars: Vec<char> = s.chars().collect();
            match e {
                E::UnexpectedChar { ch, position } => prop_assert_eq!(chars[position], ch),
                E::MissingNumber { letter, position } => prop_assert_eq!(chars[position], letter),
                E::InvalidNumber { number, position, .. }
                | E::MissingLetter { number, position } => prop_assert_eq!(chars[position], number),
                other => prop_assert!(false, "unexpected error {other:?}"),
            }
        }
    }

    #[test]
    fn physical_tiles_map_to_kinds(i in 0..PhysicalTile::COUNT) {
        let p = PhysicalTile::from_index(i).unwrap();
        prop_assert_eq!(PhysicalTile::new(p.tile(), p.copy()), Some(p));
        prop_assert!(p.copy() < p.tile().copies());
    }
}

#[cfg(feature = "serde")]
#[test]
fn serde_uses_the_notation() {
    let t: Tile = "7z".parse().unwrap();
    assert_eq!(serde_json::to_string(&t).unwrap(), "\"7z\"");
    assert_eq!(serde_json::from_str::<Tile>("\"7z\"").unwrap(), t);
    assert!(serde_json::from_str::<Tile>("\"8z\"").is_err());
    let list: Tiles = "9s 1m".parse().unwrap();
    assert_eq!(serde_json::to_string(&list).unwrap(), "\"1m 9s\"");
    let p = PhysicalTile::new(t, 2).unwrap();
    let json = serde_json::to_string(&p).unwrap();
    assert_eq!(serde_json::from_str::<PhysicalTile>(&json).unwrap(), p);
    assert!(serde_json::from_str::<PhysicalTile>("144").is_err());
    assert_eq!(
        serde_json::to_string(&mahjong_tiles::Wind::South).unwrap(),
        "\"South\""
    );
}

#[cfg(feature = "serde")]
#[test]
fn every_data_type_round_trips_through_serde() {
    use mahjong_tiles::{Dragon, Flower, Language, Season, Suit, TileKind, Wind};
    fn round_trip<T>(value: T)
    where
        T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
    {
        let json = serde_json::to_string(&value).unwrap();
        assert_eq!(serde_json::from_str::<T>(&json).unwrap(), value, "{json}");
    }
    for t in Tile::ALL {
        round_trip(t);
        round_trip(t.kind());
        round_trip(t.class());
    }
    round_trip(Tiles(TileSet::Full.to_vec()));
    for p in TileSet::Full.tiles() {
        round_trip(p);
    }
    round_trip(TileSet::WithoutBonus);
    round_trip(Language::French);
    round_trip(Suit::Bamboos);
    round_trip(Wind::North);
    round_trip(Dragon::Red);
    round_trip(Flower::Orchid);
    round_trip(Season::Winter);
    round_trip(TileKind::Suited {
        suit: Suit::Circles,
        rank: 9,
    });
}
