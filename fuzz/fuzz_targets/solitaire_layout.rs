//! Fuzzes the layout parsers (the crate's text format and KMahjongg files): they never
//! panic, whatever they accept prints to a form that parses back to the same layout, in
//! both formats, and their errors quote the input in part only. Small accepted layouts are
//! also dealt by reverse placement, which must either prove the structure impossible or
//! give a deal whose placement replays.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mahjong_solitaire::{Layout, ReversePlacement};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

fn check(layout: &Layout) {
    let text = layout.to_string();
    let again: Layout = text.parse().expect("canonical text must parse");
    assert_eq!(&again, layout);
    assert_eq!(again.to_string(), text);
    let kde = Layout::from_kmahjongg(&layout.to_kmahjongg()).expect("export must import");
    assert_eq!(&kde.with_name(layout.name()), layout);
    if layout.len() <= 24 {
        let dealer = ReversePlacement::new().budget(20_000);
        if let Ok(d) = dealer.deal(layout, &mut Pcg64Mcg::seed_from_u64(0)) {
            let mut board = d.board.clone();
            for m in d.solution() {
                board.play(m).expect("the placement replays");
            }
            assert!(board.is_cleared());
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match text.parse::<Layout>() {
        Ok(layout) => check(&layout),
        // Errors quote the input in part only.
        Err(e) => assert!(e.to_string().len() < 400, "{e}"),
    }
    match Layout::from_kmahjongg(text) {
        Ok(layout) => check(&layout),
        Err(e) => assert!(e.to_string().len() < 400, "{e}"),
    }
});
