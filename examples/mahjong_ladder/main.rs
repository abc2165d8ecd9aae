//! `mahjong_ladder`: rates computer players of French mahjong by seeded games with rotated
//! seats on every core. The logic and its documentation are in the examples library,
//! [`examples::mahjong_ladder`].

use std::process::ExitCode;

use examples::{cli, mahjong_ladder};

fn main() -> ExitCode {
    let result = mahjong_ladder::run(&cli::args()).map(|text| println!("{text}"));
    cli::finish("mahjong_ladder", result)
}
