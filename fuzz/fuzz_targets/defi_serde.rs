//! Fuzzes the serde inputs and text forms of Défi Sudoku's public types, as a server would
//! read them from a client: arbitrary JSON never panics, every value read serializes and
//! reads back equal (for a simulation: checked again by its setup), and every option text
//! read prints and reads back the same. The first byte picks the type, so each input costs
//! one parse (a record's replay is `defi_record`'s). Floats (win rates, means) round-trip
//! exactly with serde_json's `float_roundtrip` feature, on in this package: without it a
//! long decimal such as `1444…4.5` reads to a neighbour of the value its shortest form
//! reads to.
#![no_main]

use defi_sudoku::balanced::Row;
use defi_sudoku::simulate::{BotSpec, GameResult, HandicapTrial, Simulation, Stats};
use defi_sudoku::{
    Challenge, Chrono, Entry, EntryRecord, FinalOrder, Handicap, Options, Record, SolvedPuzzle,
    TurnRecord, bot::Strategy, ScoreSheet, ThinkingTime,
};
use libfuzzer_sys::fuzz_target;
use serde::{Serialize, de::DeserializeOwned};

/// Reads `data` as a `T`; when it reads, its JSON reads back to an equal value and prints the
/// same JSON again.
fn round_trip<T: Serialize + DeserializeOwned + PartialEq + core::fmt::Debug>(data: &[u8]) {
    let Ok(value) = serde_json::from_slice::<T>(data) else {
        return;
    };
    let text = serde_json::to_string(&value).expect("a value read serializes");
    let back: T = serde_json::from_str(&text).expect("what was written reads back");
    assert_eq!(back, value);
    assert_eq!(serde_json::to_string(&back).unwrap(), text);
}

/// Reads `text` as a `T` by `FromStr`; what reads prints and reads back the same.
fn text_form<T>(text: &str)
where
    T: core::str::FromStr + core::fmt::Display + PartialEq + core::fmt::Debug,
    T::Err: core::fmt::Debug,
{
    if let Ok(value) = text.parse::<T>() {
        let printed = value.to_string();
        assert_eq!(printed.parse::<T>().ok(), Some(value), "{printed}");
    }
}

fuzz_target!(|data: &[u8]| {
    let [kind, rest @ ..] = data else { return };
    match kind % 20 {
        0 => round_trip::<Options>(rest),
        1 => round_trip::<Handicap>(rest),
        2 => round_trip::<Challenge>(rest),
        3 => round_trip::<FinalOrder>(rest),
        4 => round_trip::<Chrono>(rest),
        5 => round_trip::<BotSpec>(rest),
        6 => round_trip::<Simulation>(rest),
        7 => round_trip::<Stats>(rest),
        8 => round_trip::<GameResult>(rest),
        9 => round_trip::<HandicapTrial>(rest),
        10 => round_trip::<EntryRecord>(rest),
        11 => round_trip::<TurnRecord>(rest),
        12 => round_trip::<SolvedPuzzle>(rest),
        13 => round_trip::<Row>(rest),
        14 => round_trip::<Entry>(rest),
        15 => round_trip::<ScoreSheet>(rest),
        16 => round_trip::<ThinkingTime>(rest),
        17 => round_trip::<Strategy>(rest),
        18 => {
            // A record read within its limits (replay is `defi_record`'s target).
            if let Ok(record) = serde_json::from_slice::<Record>(rest) {
                assert!(record.check_limits().is_ok(), "serde enforces the limits");
                let text = serde_json::to_string(&record).unwrap();
                assert_eq!(serde_json::from_str::<Record>(&text).unwrap(), record);
            }
        }
        _ => {
            let Ok(text) = core::str::from_utf8(rest) else {
                return;
            };
            text_form::<Handicap>(text);
            text_form::<BotSpec>(text);
            text_form::<Challenge>(text);
            text_form::<FinalOrder>(text);
            text_form::<Strategy>(text);
        }
    }
});
