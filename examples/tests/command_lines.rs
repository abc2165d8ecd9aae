//! What every program's command line shares: an argument that is not UTF-8, an option given
//! twice, options that exclude each other or need another, and seeds that would wrap are
//! usage errors (status 2, one line on stderr). The library checks run on argument lists;
//! the process checks run the eleven programs themselves (built by this test if needed).

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

use examples::cli::CliError;
use examples::{
    canon, generate, grade, mahjong_game, mahjong_pay, mahjong_score, solitaire, solve,
};

fn args(s: &str) -> Vec<String> {
    s.split_whitespace().map(str::to_owned).collect()
}

/// The message of a usage error, asserted to be one.
fn usage<T: std::fmt::Debug>(result: Result<T, CliError>, line: &str) -> String {
    match result {
        Err(CliError::Usage(m)) => {
            assert!(!m.contains('\n'), "{line}: {m}");
            m
        }
        other => panic!("{line}: not a usage error: {other:?}"),
    }
}

#[test]
fn solve_counts_with_a_limit_only() {
    for (line, message) in [
        ("--count --limit 0", "--limit 0: a count stops at 1 or more"),
        ("--limit 3", "--limit goes with --count"),
        ("--variant samurai --limit 3", "--limit goes with --count"),
        ("--variant jigsaw --limit 3", "--limit goes with --count"),
        ("--count --count", "--count is given twice"),
        ("--box 2x2 --box 3x3 --count", "--box is given twice"),
        ("--variant x --variant classic", "--variant is given twice"),
    ] {
        let m = usage(solve::parse_args(&args(line)), line);
        assert!(m.starts_with(message), "{line}: {m}");
    }
    for (line, message) in [
        ("--variant killer --limit 3", "--limit goes with --count"),
        (
            "--variant killer --count --limit 0",
            "--limit 0: a count stops",
        ),
        ("--variant killer --count --count", "--count is given twice"),
    ] {
        let m = usage(solve::killer::parse_args(&args(line)), line);
        assert!(m.starts_with(message), "{line}: {m}");
    }
    let o = solve::parse_args(&args("--count --limit 1")).unwrap();
    assert_eq!((o.count, o.limit), (true, Some(1)));
}

#[test]
fn generate_refuses_conflicts_repeats_and_wrapping_seeds() {
    let max = u64::MAX;
    for (line, message) in [
        (
            "--alphabet ABCD".to_owned(),
            "--alphabet: 4 symbols for grids of 9 values",
        ),
        (
            "--size 4 --alphabet ABCDEFGHI".to_owned(),
            "--alphabet: 9 symbols for grids of 4",
        ),
        (
            "--variant samurai --alphabet ABCD".to_owned(),
            "--alphabet: 4 symbols",
        ),
        (
            "--size 16 --box 5x5".to_owned(),
            "--size and --box exclude each other",
        ),
        (
            "--box 5x5 --size 16".to_owned(),
            "--size and --box exclude each other",
        ),
        ("--seed 1 --seed 2".to_owned(), "--seed is given twice"),
        ("--count 1 --count 2".to_owned(), "--count is given twice"),
        (
            format!("--count 3 --seed {max}"),
            "--seed 18446744073709551615: 3 puzzles",
        ),
        (
            format!("--variant jigsaw --count 2 --seed {max}"),
            "--seed 18446744073709551615",
        ),
    ] {
        let m = usage(generate::parse_args(&args(&line)), &line);
        assert!(m.starts_with(message), "{line}: {m}");
    }
    let line = format!("--variant killer --count 2 --seed {max}");
    let m = usage(generate::killer::parse_args(&args(&line)), &line);
    assert!(
        m.starts_with("--seed 18446744073709551615: 2 puzzles"),
        "{m}"
    );
    // The last seed itself, and alphabets of the right size, are fine.
    assert!(generate::parse_args(&args(&format!("--count 1 --seed {max}"))).is_ok());
    assert!(generate::parse_args(&args(&format!("--count 3 --seed {}", max - 2))).is_ok());
    assert!(generate::parse_args(&args("--size 4 --alphabet ABCD")).is_ok());
    assert!(generate::parse_args(&args("--variant tiny-samurai --alphabet ABCD")).is_ok());
}

#[test]
fn the_other_programs_refuse_repeated_options() {
    for line in [
        "--seed 1 --seed 2",
        "--timeout 1 --timeout 2",
        "--random-equivalent --random-equivalent",
    ] {
        usage(canon::parse_args(&args(line)), line);
    }
    for line in [
        "--seed 1 --seed 2 --calibrate",
        "--explain --explain",
        "--budget 5 --budget 6",
    ] {
        usage(grade::parse_args(&args(line)), line);
    }
    for line in ["--seed 1 --seed 2", "--games 2 --games 3", "--json --json"] {
        usage(mahjong_game::parse_args(&args(line)), line);
    }
    for line in ["--winner E --winner S E=10", "--winner E --winner E E=10"] {
        usage(mahjong_pay::parse_args(&args(line)), line);
    }
    for line in ["--seat E --seat S 1m1m1m", "--calling --calling 1m1m1m"] {
        usage(mahjong_score::parse_args(&args(line)), line);
    }
    let mut out = Vec::new();
    for line in [
        "--players 2 --games 1 --seed 1 --seed 2",
        "--players 2 --players 3 --games 1 --seed 1",
    ] {
        usage(examples::defi::run(&args(line), &mut out, false), line);
    }
    usage(
        solitaire::run(&args("--layout turtle --seed 1 --solve --solve"), &mut out),
        "solve",
    );
}

#[test]
fn mahjong_game_refuses_record_with_json_and_wrapping_seeds() {
    let m = usage(
        mahjong_game::parse_args(&args("--record --json")),
        "--record --json",
    );
    assert_eq!(
        m,
        "--record prints the game as JSON already: --json does not apply"
    );
    let line = format!("--games 3 --seed {}", u64::MAX);
    let m = usage(mahjong_game::parse_args(&args(&line)), &line);
    assert!(m.starts_with("--seed 18446744073709551615: 3 games"), "{m}");
    assert!(mahjong_game::parse_args(&args(&format!("--seed {}", u64::MAX))).is_ok());
}

/// The eleven programs.
const PROGRAMS: [&str; 11] = [
    "solve",
    "generate",
    "canon",
    "grade",
    "defi",
    "solitaire",
    "mahjong_game",
    "mahjong_score",
    "mahjong_pay",
    "mahjong_ladder",
    "tour",
];

/// The directory of the example programs of this test's build, brought up to date once
/// (`cargo build --examples` with the same target directory and profile: a no-op after
/// `cargo test`, which builds them).
fn programs() -> PathBuf {
    static BUILT: std::sync::Once = std::sync::Once::new();
    let exe = std::env::current_exe().unwrap();
    // target/PROFILE/deps/TEST
    let profile_dir = exe.parent().unwrap().parent().unwrap().to_path_buf();
    let target = profile_dir.parent().unwrap().to_path_buf();
    let release = profile_dir.file_name().is_some_and(|n| n == "release");
    BUILT.call_once(|| {
        let mut build = Command::new(env!("CARGO"));
        build
            .args(["build", "--quiet", "-p", "examples", "--examples"])
            .arg("--target-dir")
            .arg(&target)
            .current_dir(env!("CARGO_MANIFEST_DIR"));
        if release {
            build.arg("--release");
        }
        assert!(
            build.status().unwrap().success(),
            "cargo build --examples failed"
        );
    });
    let dir = profile_dir.join("examples");
    assert!(PROGRAMS.iter().all(|p| dir.join(p).is_file()), "{dir:?}");
    dir
}

fn run_program(
    dir: &std::path::Path,
    name: &str,
    args: &[std::ffi::OsString],
    stdin: &[u8],
) -> Output {
    use std::io::Write as _;
    let mut child = Command::new(dir.join(name))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A program that does not read its input closes the pipe early: that is fine.
    let _ = child.stdin.take().unwrap().write_all(stdin);
    child.wait_with_output().unwrap()
}

#[test]
fn every_program_refuses_non_utf8_arguments_with_status_2_and_one_line() {
    use std::os::unix::ffi::OsStringExt as _;
    let dir = programs();
    for name in PROGRAMS {
        for args in [
            vec![std::ffi::OsString::from_vec(b"\xff".to_vec())],
            vec![
                "--seed".into(),
                std::ffi::OsString::from_vec(b"1\xfe2".to_vec()),
            ],
        ] {
            let out = run_program(&dir, name, &args, b"");
            let err = String::from_utf8(out.stderr).unwrap();
            assert_eq!(out.status.code(), Some(2), "{name} {args:?}: {err}");
            assert!(out.stdout.is_empty(), "{name}");
            assert_eq!(err.lines().count(), 1, "{name}: {err}");
            assert!(
                err.starts_with(&format!("{name}: argument "))
                    && err.contains("is not valid UTF-8"),
                "{name}: {err}"
            );
        }
    }
}

#[test]
fn every_program_escapes_the_arguments_its_errors_quote() {
    let dir = programs();
    let forged = "--\u{1b}]0;x\u{7}\u{1b}[2J\r\nforged\u{202e}";
    for name in PROGRAMS {
        // An unknown option is quoted in every program; a bad --seed value where it is one.
        for (quoted, args) in [
            (true, vec![forged.to_owned()]),
            (false, vec!["--seed".to_owned(), forged[2..].to_owned()]),
        ] {
            let args: Vec<std::ffi::OsString> = args.into_iter().map(Into::into).collect();
            let out = run_program(&dir, name, &args, b"");
            let err = String::from_utf8(out.stderr).unwrap();
            assert_eq!(out.status.code(), Some(2), "{name} {args:?}: {err}");
            let first = err.lines().next().unwrap_or_default();
            assert!(first.starts_with(&format!("{name}: ")), "{name}: {err:?}");
            assert!(!quoted || first.contains("\\u{1b}"), "{name}: {err:?}");
            let unsafe_char = |c: char| {
                c.is_control() || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
            };
            assert!(
                !err.replace('\n', "").chars().any(unsafe_char),
                "{name}: {err:?}"
            );
        }
    }
}

#[test]
fn every_program_refuses_an_option_given_twice() {
    let dir = programs();
    for (name, line) in [
        ("solve", "--count --count"),
        ("generate", "--seed 1 --seed 2"),
        ("canon", "--seed 1 --seed 2"),
        ("defi", "--players 2 --games 1 --seed 1 --seed 2"),
        ("solitaire", "--layout turtle --seed 1 --seed 2"),
        ("mahjong_game", "--seed 1 --seed 2"),
        ("mahjong_score", "--seat E --seat S 1m1m1m"),
        ("mahjong_pay", "--winner E --winner S E=10"),
        ("mahjong_ladder", "--games 1 --games 2"),
    ] {
        let args: Vec<std::ffi::OsString> = line.split(' ').map(Into::into).collect();
        let out = run_program(&dir, name, &args, b"");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{name} {line}: {err}");
        assert_eq!(err.lines().count(), 1, "{name}: {err}");
        assert!(err.contains("is given twice"), "{name}: {err}");
    }
    // grade follows its one line with its usage lines.
    let args: Vec<std::ffi::OsString> = ["--seed", "1", "--seed", "2"].map(Into::into).to_vec();
    let out = run_program(&dir, "grade", &args, b"");
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.starts_with("grade: --seed is given twice"), "{err}");
    assert!(
        err.lines()
            .nth(1)
            .is_some_and(|l| l.starts_with("usage: grade")),
        "{err}"
    );
}

#[test]
fn layout_input_that_is_not_utf8_or_too_long_exits_with_status_1() {
    let dir = programs();
    for variant in [
        "samurai",
        "tiny-samurai",
        "twin",
        "butterfly",
        "flower",
        "roxdoku",
        "roxdoku4",
    ] {
        let args: Vec<std::ffi::OsString> = ["--variant", variant].map(Into::into).to_vec();
        let out = run_program(&dir, "solve", &args, b"abc\n\xff\n");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(1), "{variant}: {err}");
        assert_eq!(err, "solve: standard input is not UTF-8 text (line 2)\n");
        assert!(out.stdout.is_empty());
    }
    let args: Vec<std::ffi::OsString> = ["--variant", "samurai"].map(Into::into).to_vec();
    let big = vec![b'.'; (64 << 20) + 1];
    let out = run_program(&dir, "solve", &args, &big);
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.starts_with("solve: standard input is longer than 67108864 bytes"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1);
}
