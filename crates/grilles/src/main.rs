//! `grilles`: the games of the Grilles & Tuiles crates in the terminal. See the library
//! docs and `grilles --help`.

use std::process::ExitCode;

use grilles::cli::{self, Command};

fn main() -> ExitCode {
    match cli::parse(std::env::args_os().skip(1)) {
        Ok(Command::Help) => {
            println!("{}", cli::USAGE);
            ExitCode::SUCCESS
        }
        Ok(Command::Version) => {
            println!("grilles {}", env!("CARGO_PKG_VERSION"));
            ExitCode::SUCCESS
        }
        Ok(Command::Web(settings)) => match grilles::web::run(settings) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("grilles web: {e}");
                ExitCode::FAILURE
            }
        },
        Ok(Command::Run(settings)) => match grilles::term::run(settings) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("grilles: {e}");
                ExitCode::FAILURE
            }
        },
        Err(e) => {
            eprintln!("grilles: {e}");
            ExitCode::from(2)
        }
    }
}
