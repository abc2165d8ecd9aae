//! The tour's mahjong-tiles section: the 144 tiles by group, with names and glyphs.

use std::io::{self, Write};

use mahjong_tiles::{Language, Tile, TileKind, TileSet, Tiles};

/// A labelled group of kinds and the test that picks them.
type Group = (&'static str, fn(Tile) -> bool);

/// Writes the full set by group: glyphs, notation, copies, English and French names.
pub fn run(out: &mut dyn Write) -> io::Result<()> {
    writeln!(
        out,
        "== mahjong-tiles: the {} tiles ==",
        TileSet::Full.len()
    )?;
    let groups: [Group; 7] = [
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
        writeln!(out, "{label}: {} tiles", group.len())?;
        writeln!(out, "  {}", group.glyphs())?;
        for kind in TileSet::Full.kinds().filter(|t| in_group(*t)) {
            let owner = match kind.kind() {
                TileKind::Flower(f) => format!(" (wind {})", f.wind()),
                TileKind::Season(s) => format!(" (wind {})", s.wind()),
                _ => String::new(),
            };
            writeln!(
                out,
                "  {} {:<3} x{} {:<22} {}{owner}",
                kind.glyph(),
                kind.to_string(),
                kind.copies(),
                kind.name(Language::English),
                kind.name(Language::French),
            )?;
        }
    }
    let text = "1m 9m 1p 9p 1s 9s 1234567z 9s";
    let hand: Tiles = text.parse().map_err(io::Error::other)?;
    writeln!(out, "Notation: {text:?} prints as {hand}")?;
    writeln!(out)
}
