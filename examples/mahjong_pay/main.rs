//! `mahjong_pay`: settles a round in the advanced payment system of the French rules. The
//! logic and its documentation are in the examples library, [`examples::mahjong_pay`].

use std::process::ExitCode;

use examples::{cli, mahjong_pay};

fn main() -> ExitCode {
    let result = mahjong_pay::run(&cli::args()).map(|text| println!("{text}"));
    cli::finish("mahjong_pay", result)
}
