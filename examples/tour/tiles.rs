//! The tour's mahjong-tiles section: the 144 tiles by group, with names and glyphs.

use mahjong_tiles::{Language, Tile, TileKind, TileSet, Tiles};

/// Prints the full set by group: glyphs, notation, English and French names.
pub fn run() {
    println!("== mahjong-tiles: the {} tiles ==", TileSet::Full.len());
    let groups: [(&str, fn(Tile) -> bool); 7] = [
        ("Characters (m)", |t| t.group_letter() == 'm'),
        ("Circles (p)", |t| t.group_letter() == 'p'),
        ("Bamboos (s)", |t| t.group_letter() == 's'),
        ("Winds (1z-4z)", Tile::is_wind),
        ("Dragons (5z-7z)", Tile::is_dragon),
        ("Flowers (f)", Tile::is_flower),
        ("Seasons (y)", Tile::is_season),
    ];
    let all = TileSet::Full.to_vec();
    for (label, in_group) in groups {
        let group: Tiles = all.iter().copied().filter(|t| in_group(*t)).collect();
        println!("{label}: {} tiles", group.len());
        println!("  {}", group.glyphs());
        for kind in TileSet::Full.kinds().filter(|t| in_group(*t)) {
            let note = match kind.kind() {
                TileKind::Flower(f) => format!(" (wind {})", f.wind()),
                TileKind::Season(s) => format!(" (wind {})", s.wind()),
                _ => String::new(),
            };
            println!(
                "  {} {:<3} x{} {:<22} {}{note}",
                kind.glyph(),
                kind.to_string(),
                kind.copies(),
                kind.name(Language::English),
                kind.name(Language::French),
            );
        }
    }
    let hand: Tiles = "1m 9m 1p 9p 1s 9s 1234567z 9s"
        .parse()
        .expect("valid notation");
    println!(
        "Notation: {:?} prints as {hand}",
        "1m 9m 1p 9p 1s 9s 1234567z 9s"
    );
    println!();
}
