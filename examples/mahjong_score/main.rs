//! `mahjong_score`: scores a mahjong hand under the French rules, itemised. The logic and its
//! documentation are in the examples library, [`examples::mahjong_score`].

use std::process::ExitCode;

use examples::{cli, mahjong_score};

fn main() -> ExitCode {
    let result = mahjong_score::run(&cli::args()).map(|text| println!("{text}"));
    cli::finish("mahjong_score", result)
}
