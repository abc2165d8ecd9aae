//! Fuzzes the KMahjongg importer on files past their header (the input follows a
//! `kmahjongg-layout-v1.1` line, so every input reaches the dimensions and the cells), and on
//! the raw input: it never panics, refuses past its written limits, quotes only excerpts in
//! its errors, and whatever it accepts exports to a file that imports to the same layout and
//! prints to the crate's text format, which reads back the same.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mahjong_solitaire::Layout;

fn check(text: &str) {
    match Layout::from_kmahjongg(text) {
        Ok(layout) => {
            assert!(layout.len() <= Layout::MAX_POSITIONS);
            assert!(layout.name().is_empty(), "an imported layout has no name");
            let file = layout.to_kmahjongg();
            let again = Layout::from_kmahjongg(&file).expect("an export must import");
            assert_eq!(again, layout);
            assert_eq!(again.to_kmahjongg(), file);
            let printed = layout.to_string();
            assert_eq!(printed.parse::<Layout>().expect("text must parse"), layout);
        }
        Err(e) => {
            // Errors quote the input in part only.
            assert!(e.to_string().len() < 400, "{e}");
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(body) = std::str::from_utf8(data) else {
        return;
    };
    check(&format!("kmahjongg-layout-v1.1\n{body}"));
    check(body);
});
