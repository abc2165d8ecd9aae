//! The small layouts of `tests/data/`, read in their formats and checked against the counts
//! listed in `tests/data/layouts.tsv`.

use std::path::Path;

use mahjong_solitaire::{Layout, solvable_deal};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

fn data(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn listed_layouts_read_as_expected() {
    let table = data("layouts.tsv");
    let mut checked = 0;
    for line in table
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let cols: Vec<&str> = line.split('\t').collect();
        let [file, format, positions, width, height, depth] = cols[..] else {
            panic!("bad line {line:?}");
        };
        let text = data(file);
        let parsed = match format {
            "kmahjongg" => Layout::from_kmahjongg(&text).map_err(|e| e.to_string()),
            "text" => text.parse::<Layout>().map_err(|e| e.to_string()),
            other => panic!("unknown format {other}"),
        };
        if let Some(message) = positions.strip_prefix("error: ") {
            let err = parsed.expect_err(file);
            assert!(err.contains(message), "{file}: {err}");
        } else {
            let layout = parsed.unwrap_or_else(|e| panic!("{file}: {e}"));
            let n: usize = positions.parse().unwrap();
            assert_eq!(layout.len(), n, "{file}");
            assert_eq!(layout.width().to_string(), width, "{file}");
            assert_eq!(layout.height().to_string(), height, "{file}");
            assert_eq!(layout.depth().to_string(), depth, "{file}");
            // Both formats round-trip.
            assert_eq!(layout.to_string().parse::<Layout>().unwrap(), layout);
            let again = Layout::from_kmahjongg(&layout.to_kmahjongg()).unwrap();
            assert_eq!(again.with_name(layout.name()), layout);
            // And they can be dealt solvably.
            let d = solvable_deal(&layout, &mut Pcg64Mcg::seed_from_u64(1)).unwrap();
            assert_eq!(d.placement.len(), n / 2);
        }
        checked += 1;
    }
    assert_eq!(checked, 5);
}
