//! Fuzzes the jigsaw region-map parser: it never panics; an accepted map prints to a text
//! that parses to the same map, and it always makes a valid jigsaw geometry.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_core::{Geometry, RegionMap, Shape, Variant};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(map) = text.parse::<RegionMap>() {
        let printed = map.to_string();
        let again: RegionMap = printed.parse().expect("printed form must parse");
        assert_eq!(again, map);
        let shape = Shape::for_size(map.size()).expect("a side in 1..=25");
        let geo = Geometry::new(shape, &Variant::jigsaw(map)).expect("a valid jigsaw");
        assert!(geo.houses().all(|h| geo.house(h).len() == shape.size()));
    }
});
