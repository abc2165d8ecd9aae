//! `mahjong_game`: plays games of French mahjong between computer players and sums them up,
//! or records one game. The logic and its documentation are in the examples library,
//! [`examples::mahjong_game`].

use std::process::ExitCode;

use examples::{cli, mahjong_game};

fn main() -> ExitCode {
    let result = mahjong_game::run(&cli::args()).map(|text| println!("{text}"));
    cli::finish("mahjong_game", result)
}
