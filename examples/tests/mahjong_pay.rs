//! The command-line contract of `mahjong_pay`, checked on the examples library's code.

use examples::cli::CliError;
use examples::mahjong_pay::{USAGE, run};

fn out(args: &[&str]) -> Result<String, String> {
    run(&strings(args)).map_err(|e| e.to_string())
}

fn strings(args: &[&str]) -> Vec<String> {
    args.iter().map(|s| s.to_string()).collect()
}

#[test]
fn seed_example_1() {
    let text = out(&["--winner", "E", "E=100", "S=250", "W=40", "N=10"]).unwrap();
    assert_eq!(
        text,
        "S pays E 200\nW pays E 200\nN pays E 200\nW pays S 210\nN pays S 240\nN pays W 30\n\
         E pays S 600\nnet E 0\nnet S 850\nnet W -380\nnet N -470"
    );
}

#[test]
fn seed_example_2() {
    let text = out(&["--winner", "S", "E=30", "S=100", "W=50", "N=10"]).unwrap();
    assert_eq!(
        text,
        "W pays S 100\nN pays S 100\nE pays S 200\nN pays W 40\nN pays E 40\nE pays W 40\n\
         net E -200\nnet S 400\nnet W -20\nnet N -180"
    );
}

#[test]
fn errors() {
    assert!(
        out(&["E=1", "S=2", "W=3"])
            .unwrap_err()
            .contains("--winner is required")
    );
    assert!(
        out(&["--winner", "E", "E=x", "S=2", "W=3"])
            .unwrap_err()
            .contains("whole number")
    );
    assert!(
        out(&["--winner", "E", "E=1", "E=2", "W=3"])
            .unwrap_err()
            .contains("E=2: seat E given twice")
    );
    assert!(
        out(&["--winner", "Q"])
            .unwrap_err()
            .contains("unknown wind")
    );
    assert!(
        out(&["--winner", "E", "hello"])
            .unwrap_err()
            .contains("unexpected argument")
    );
    assert!(out(&["--winner", "none", "E=10", "S=20", "W=0"]).is_ok());
}

#[test]
fn help_prints_the_usage() {
    let e = run(&strings(&["--help"])).unwrap_err();
    assert!(matches!(&e, CliError::Help(text) if text == USAGE), "{e:?}");
    assert_eq!(e.exit_code(), std::process::ExitCode::SUCCESS);
    assert!(USAGE.starts_with("usage: mahjong_pay "));
}

#[test]
fn errors_are_usage_errors_with_exit_status_2() {
    let e = run(&strings(&["--winner", "E", "E=1", "S=2"])).unwrap_err();
    assert_eq!(
        e.to_string(),
        "the advanced system settles 3 or 4 players, found 2"
    );
    assert_eq!(e.exit_code(), std::process::ExitCode::from(2));
    let long = format!("E={}", "9".repeat(100_000));
    let e = out(&["--winner", "E", &long]).unwrap_err();
    assert!(
        e.len() < 200 && e.ends_with("the score must be a whole number"),
        "{e}"
    );
}
