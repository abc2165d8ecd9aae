//! Integration tests of mahjong-tiles: notation vectors from a data file and properties.

use std::time::{Duration, Instant};

use mahjong_tiles::{
    Language, ParseTileError, PhysicalTile, Suit, Tile, TileClass, TileKind, TileSet, Tiles, Wind,
    parse_tiles,
};
use proptest::prelude::*;

/// The process's peak resident memory in bytes (Linux only), to check that refusing a huge
/// input costs no memory in proportion to it.
fn peak_memory() -> Option<usize> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// 100 MB texts (digits, tiles, glyphs, a wind) are refused at once with the limit named,
/// and the process's peak memory grows by less than 16 MB while they are (the parser once
/// built 20 times its input before refusing it). One test, so that no other 100 MB input
/// is alive at the same time.
#[test]
fn hundred_megabyte_texts_are_refused_up_front() {
    const SIZE: usize = 100_000_000;
    let too_long = ParseTileError::TooLong {
        length: SIZE,
        max: Tiles::MAX_TEXT_LEN,
    };
    let started = Instant::now();
    for unit in ["1", "1m", "🀇", " ", "9"] {
        let mut text = unit.repeat(SIZE / unit.len());
        text.push_str(&"x".repeat(SIZE - text.len()));
        let before = peak_memory();
        assert_eq!(parse_tiles(&text), Err(too_long.clone()));
        assert_eq!(text.parse::<Tiles>(), Err(too_long.clone()));
        assert_eq!(text.parse::<Tile>(), Err(too_long.clone()));
        let e = text.parse::<Wind>().unwrap_err();
        assert_eq!(
            (e.text.chars().count(), e.length),
            (40, text.chars().count())
        );
        assert!(e.to_string().len() < 250, "{e}");
        if let (Some(before), Some(after)) = (before, peak_memory()) {
            assert!(
                after < before + 16_000_000,
                "{unit:?}: peak memory {before} → {after}"
            );
        }
    }
    assert!(started.elapsed() < Duration::from_secs(30));
    assert_eq!(
        too_long.to_string(),
        "a text of 100000000 bytes is too long: at most 4096 bytes are read"
    );
    // At the limit, the text is read.
    let limit = "1".repeat(Tiles::MAX_TEXT_LEN - 1) + "m";
    assert_eq!(
        parse_tiles(&limit).map(|t| t.len()),
        Ok(Tiles::MAX_TEXT_LEN - 1)
    );
    let fits = "1m".repeat(Tiles::MAX_TEXT_LEN / 2);
    assert_eq!(
        parse_tiles(&fits).map(|t| t.len()),
        Ok(Tiles::MAX_TEXT_LEN / 2)
    );
    let over = fits + " ";
    assert!(
        matches!(parse_tiles(&over), Err(ParseTileError::TooLong { length, .. }) if length == Tiles::MAX_TEXT_LEN + 1)
    );
}

#[cfg(feature = "serde")]
#[test]
fn serde_refuses_long_notation_and_impossible_kinds() {
    let json = format!("\"{}\"", "1m".repeat(Tiles::MAX_TEXT_LEN));
    let e = serde_json::from_str::<Tiles>(&json)
        .unwrap_err()
        .to_string();
    assert!(e.contains("at most 4096 bytes"), "{e}");
    assert!(serde_json::from_str::<Tile>(&json).is_err());
    let bad = r#"{"Suited":{"suit":"Circles","rank":12}}"#;
    let e = serde_json::from_str::<TileKind>(bad)
        .unwrap_err()
        .to_string();
    assert!(e.contains("rank 12"), "{e}");
    let good = r#"{"Suited":{"suit":"Circles","rank":9}}"#;
    assert_eq!(
        serde_json::from_str::<TileKind>(good).unwrap(),
        TileKind::Suited {
            suit: Suit::Circles,
            rank: 9
        }
    );
}

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

    /// No public function panics, whatever its (well-typed) arguments.
    #[test]
    fn no_public_function_panics(
        index in any::<usize>(),
        small in any::<u8>(),
        letter in any::<char>(),
        text in "\\PC{0,12}",
        raw_tiles in proptest::collection::vec(any::<u8>(), 0..300),
        suit in 0usize..3,
    ) {
        let tile = Tile::from_index(index % 64);
        prop_assert_eq!(tile.is_some(), index % 64 < Tile::COUNT);
        let _ = Tile::from_number_and_letter(small, letter);
        let _ = Tile::from_glyph(letter);
        let suit = Suit::ALL[suit];
        let _ = Tile::suited(suit, small);
        let kind = TileKind::Suited { suit, rank: small };
        prop_assert_eq!(Tile::try_from(kind).is_ok(), (1..=9).contains(&small));
        let _ = PhysicalTile::from_index(index);
        let _ = PhysicalTile::try_from(small);
        let tiles: Vec<Tile> = raw_tiles.iter().map(|&b| Tile::ALL[usize::from(b) % Tile::COUNT]).collect();
        for &t in &tiles {
            let _ = (t.kind(), t.class(), t.suit(), t.rank(), t.number(), t.group_letter());
            let _ = (t.next_in_suit(), t.previous_in_suit(), t.bonus_wind(), t.copies(), t.glyph());
            let _ = (t.name(Language::English), t.name(Language::French));
            prop_assert_eq!(Tile::try_from(t.kind()), Ok(t));
            let _ = PhysicalTile::new(t, small);
            for set in [TileSet::Full, TileSet::WithoutBonus] {
                let _ = (set.contains(t), set.copies(t));
            }
        }
        // Counts saturate rather than overflow.
        let counts = Tile::count_kinds(tiles.iter().copied());
        prop_assert!(counts.iter().map(|&c| usize::from(c)).sum::<usize>() <= tiles.len());
        let list = Tiles(tiles);
        let printed = list.to_string();
        prop_assert_eq!(printed.parse::<Tiles>(), Ok(list.sorted()));
        let _ = (list.glyphs(), list.counts());
        let _ = text.parse::<Tiles>();
        let _ = text.parse::<Tile>();
        let _ = text.parse::<Wind>();
        let _ = parse_tiles(&text).map_err(|e| e.shifted(index));
    }

    #[test]
    fn physical_tiles_map_to_kinds(i in 0..PhysicalTile::COUNT) {
        let p = PhysicalTile::from_index(i).unwrap();
        prop_assert_eq!(PhysicalTile::new(p.tile(), p.copy()), Some(p));
        prop_assert!(p.copy() < p.tile().copies());
    }
}

#[test]
fn winds_read_every_name_in_any_case() {
    let names = [
        (Wind::East, ["E", "east", "EST", " Est "]),
        (Wind::South, ["s", "South", "sud", "SUD"]),
        (Wind::West, ["w", "WEST", "o", "Ouest"]),
        (Wind::North, ["N", "north", "nord", "\tNORD\n"]),
    ];
    for (wind, texts) in names {
        for t in texts {
            assert_eq!(t.parse::<Wind>(), Ok(wind), "{t:?}");
        }
    }
    for bad in ["", "x", "ea", "easts", "eeast", "é", "nord nord"] {
        let e = bad.parse::<Wind>().unwrap_err();
        assert_eq!((e.text.as_str(), e.length), (bad, bad.chars().count()));
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
