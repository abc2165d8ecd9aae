//! KMahjongg's own 72 layout files: the real-world test of the importer.
//!
//! The files are GPL-licensed and not part of this crate: the test looks for the project's
//! shared data folder (`shared/data/kmahjongg-layouts/` next to the repository, or the folder
//! named by the `KMAHJONGG_LAYOUTS` environment variable) and says so when it is absent.

use std::path::{Path, PathBuf};

use mahjong_solitaire::{BuiltinLayout, Layout, Position, solvable_deal};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

fn find(folder: &str, env: &str) -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os(env) {
        return Some(PathBuf::from(dir));
    }
    let mut dir = Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf();
    loop {
        let candidate = dir.join("shared/data").join(folder);
        if candidate.is_dir() {
            return Some(candidate);
        }
        if !dir.pop() {
            return None;
        }
    }
}

fn layouts(dir: &Path) -> Vec<(String, String)> {
    let mut files: Vec<(String, String)> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "layout"))
        .map(|p| {
            let name = p.file_stem().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&p).unwrap())
        })
        .collect();
    files.sort();
    files
}

#[test]
fn all_kmahjongg_layouts_load() {
    let Some(dir) = find("kmahjongg-layouts", "KMAHJONGG_LAYOUTS") else {
        eprintln!("skipped: KMahjongg layout folder not found (set KMAHJONGG_LAYOUTS to run)");
        return;
    };
    let files = layouts(&dir);
    assert_eq!(files.len(), 72, "{}", dir.display());
    let (mut smallest, mut largest) = (usize::MAX, 0);
    for (name, text) in &files {
        let layout = Layout::from_kmahjongg(text)
            .unwrap_or_else(|e| panic!("{name}: {e}"))
            .with_name(name.as_str());
        let n = layout.len();
        assert!(n.is_multiple_of(2) && n >= 2, "{name}: {n}");
        smallest = smallest.min(n);
        largest = largest.max(n);
        if text.starts_with("kmahjongg-layout-v1.0") {
            assert!(layout.width() <= 32 && layout.height() <= 16 && layout.depth() <= 5);
        }
        assert_eq!(layout.tiles().len(), n);
        // Export and import give the same layout.
        let again = Layout::from_kmahjongg(&layout.to_kmahjongg())
            .unwrap()
            .with_name(name.as_str());
        assert_eq!(again, layout, "{name}");
        assert_eq!(
            layout.to_string().parse::<Layout>().unwrap(),
            layout,
            "{name}"
        );
    }
    assert_eq!((smallest, largest), (74, 228));
}

/// Reverse placement succeeds on every KMahjongg layout (the structure of each allows a
/// solution), and the deal replays.
#[test]
fn all_kmahjongg_layouts_get_solvable_deals() {
    let Some(dir) = find("kmahjongg-layouts", "KMAHJONGG_LAYOUTS") else {
        eprintln!("skipped: KMahjongg layout folder not found (set KMAHJONGG_LAYOUTS to run)");
        return;
    };
    for (name, text) in layouts(&dir) {
        let layout = Layout::from_kmahjongg(&text).unwrap();
        let d = solvable_deal(&layout, &mut Pcg64Mcg::seed_from_u64(7))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let mut board = d.board.clone();
        for m in d.solution() {
            board.play(m).unwrap_or_else(|e| panic!("{name}: {e}"));
        }
        assert!(board.is_cleared(), "{name}");
    }
}

/// KMahjongg's default layout is the Turtle, one half tile to the right of ours.
#[test]
fn default_layout_is_the_turtle() {
    let Some(dir) = find("kmahjongg-layouts", "KMAHJONGG_LAYOUTS") else {
        eprintln!("skipped: KMahjongg layout folder not found (set KMAHJONGG_LAYOUTS to run)");
        return;
    };
    let text = std::fs::read_to_string(dir.join("default.layout")).unwrap();
    let kde = Layout::from_kmahjongg(&text).unwrap();
    let ours = BuiltinLayout::Turtle.layout();
    let shifted = Layout::new(
        "Turtle",
        ours.positions()
            .iter()
            .map(|p| Position::new(p.x + 1, p.y, p.z)),
    )
    .unwrap();
    assert_eq!(kde.with_name("Turtle"), shifted);
}

/// The built-in layouts are the MIT-licensed boards they come from.
#[test]
fn builtins_match_their_sources() {
    let Some(dir) = find("solitaire-layouts-mit", "SOLITAIRE_LAYOUTS_MIT") else {
        eprintln!("skipped: MIT layout folder not found (set SOLITAIRE_LAYOUTS_MIT to run)");
        return;
    };
    for b in BuiltinLayout::ALL {
        let text = std::fs::read_to_string(dir.join(format!("{}.layout", b.key()))).unwrap();
        let source = Layout::from_kmahjongg(&text).unwrap();
        assert_eq!(source.with_name(b.layout().name()), b.layout(), "{b}");
    }
}
