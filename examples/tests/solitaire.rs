//! The `solitaire` example's command-line contract (see [`examples::solitaire`]): its code is
//! run on argument lists.

use examples::cli::CliError;
use examples::solitaire;
use mahjong_solitaire::{Board, BuiltinLayout, Layout, Move};
use mahjong_tiles::Tile;
use serde_json::Value;

fn run(args: &str) -> Result<String, CliError> {
    let args: Vec<String> = args.split_whitespace().map(String::from).collect();
    let mut out = Vec::new();
    solitaire::run(&args, &mut out)?;
    Ok(String::from_utf8(out).expect("utf-8 output"))
}

fn json(args: &str) -> Value {
    serde_json::from_str(&run(args).expect("runs")).expect("one JSON object")
}

/// Rebuilds the board from the JSON tiles and replays the solution.
fn replays(v: &Value, layout: &Layout) -> bool {
    let tiles: Vec<Tile> = v["tiles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["tile"].as_str().unwrap().parse().unwrap())
        .collect();
    let mut board = Board::new(layout, tiles).unwrap();
    for pair in v["solution"].as_array().unwrap() {
        let (i, j) = (pair[0].as_u64().unwrap(), pair[1].as_u64().unwrap());
        if board.play(Move::new(i as usize, j as usize)).is_err() {
            return false;
        }
    }
    board.is_cleared()
}

#[test]
fn json_shape_of_a_solvable_deal() {
    let v = json("--layout turtle --seed 1 --json");
    let obj = v.as_object().unwrap();
    let mut keys: Vec<&str> = obj.keys().map(String::as_str).collect();
    keys.sort_unstable();
    assert_eq!(keys, ["layout", "solution", "tiles", "winnable"]);
    assert_eq!(v["layout"], "Turtle");
    let tiles = v["tiles"].as_array().unwrap();
    assert_eq!(tiles.len(), 144);
    let layout = BuiltinLayout::Turtle.layout();
    for (t, p) in tiles.iter().zip(layout.positions()) {
        assert_eq!(t["x"], p.x);
        assert_eq!(t["y"], p.y);
        assert_eq!(t["z"], p.z);
        assert!(t["tile"].as_str().unwrap().parse::<Tile>().is_ok());
    }
    assert_eq!(v["winnable"], true);
    assert_eq!(v["solution"].as_array().unwrap().len(), 72);
    assert!(replays(&v, &layout));
    // The same seed gives the same deal.
    assert_eq!(v, json("--layout turtle --seed 1 --json --deal solvable"));
}

#[test]
fn random_deals_and_the_solver() {
    let v = json("--layout bridge --seed 3 --deal random --json");
    assert_eq!(v["winnable"], "unknown");
    assert!(v["solution"].is_null());
    let v = json("--layout bridge --seed 3 --deal random --json --solve");
    match &v["winnable"] {
        Value::Bool(true) => assert!(replays(&v, &BuiltinLayout::Bridge.layout())),
        Value::Bool(false) => assert!(v["solution"].is_null()),
        other => assert_eq!(other, "unknown"),
    }
}

#[test]
fn text_output_and_svg() {
    let out = run("--layout pyramid --seed 5").unwrap();
    assert!(out.starts_with("solvable deal, seed 5\nPyramid — 144 of 144 tiles left\n"));
    assert!(out.contains("winnable (reverse placement), 72 moves: "));
    let svg = std::env::temp_dir().join(format!("solitaire-test-{}.svg", std::process::id()));
    run(&format!("--layout spider --seed 2 --svg {}", svg.display())).unwrap();
    let text = std::fs::read_to_string(&svg).unwrap();
    std::fs::remove_file(&svg).ok();
    assert!(text.starts_with("<svg") && text.matches("<g class=\"tile").count() == 144);
}

#[test]
fn layout_files() {
    let dir = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../crates/mahjong-solitaire/tests/data"
    );
    let v = json(&format!(
        "--layout {dir}/cross.layout --seed 4 --json --solve"
    ));
    assert_eq!(v["layout"], "cross");
    assert_eq!(v["tiles"].as_array().unwrap().len(), 12);
    let text = std::fs::read_to_string(format!("{dir}/cross.layout")).unwrap();
    assert!(replays(&v, &Layout::from_kmahjongg(&text).unwrap()));
    let v = json(&format!("--layout {dir}/steps.txt --seed 4 --json"));
    assert_eq!(v["layout"], "Steps");
    assert!(matches!(
        run(&format!("--layout {dir}/broken/odd.layout --seed 1")),
        Err(CliError::Failed(_))
    ));
}

#[test]
fn stats() {
    let out = run("--layout bridge --seed 10 --stats 6").unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(lines[0].starts_with("layout: Bridge (144 positions), 6 random deals"));
    assert!(lines[1].starts_with("winnable: "));
    assert!(lines[2].starts_with("solve time: median "));
    let v = json("--layout bridge --seed 10 --stats 6 --json");
    let total = ["winnable", "unwinnable", "unknown"]
        .iter()
        .map(|k| v[k].as_u64().unwrap())
        .sum::<u64>();
    assert_eq!(total, 6);
    assert!(v["median_ms"].as_f64().unwrap() <= v["max_ms"].as_f64().unwrap());
}

#[test]
fn usage_errors() {
    for args in [
        "",
        "--seed 1",
        "--layout turtle",
        "--layout turtle --seed x",
        "--layout nowhere --seed 1",
        "--layout turtle --seed 1 --deal easy",
        "--layout turtle --seed 1 --stats",
        "--layout turtle --seed 1 --frobnicate",
    ] {
        assert!(matches!(run(args), Err(CliError::Usage(_))), "{args:?}");
    }
}

#[test]
fn help() {
    for args in ["--help", "--layout turtle --help", "-h"] {
        let Err(CliError::Help(text)) = run(args) else {
            panic!("{args}: no help");
        };
        assert!(text.contains("usage: solitaire --layout"), "{text}");
        assert_eq!(
            CliError::Help(text).exit_code(),
            std::process::ExitCode::SUCCESS
        );
    }
}

/// The largest layout allowed (1,024 tiles in one layer), written to a temporary file.
fn largest_layout_file(tag: &str) -> String {
    let text: String = (0..16).map(|y| format!("0 {}: 0-126\n", 2 * y)).collect();
    let path =
        std::env::temp_dir().join(format!("solitaire-limit-{tag}-{}.txt", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

#[test]
fn a_deal_over_its_time_limit_exits_with_status_3_and_one_line() {
    let file = largest_layout_file("tiny");
    let started = std::time::Instant::now();
    let err = run(&format!("--layout {file} --seed 1 --timeout 0.000001")).unwrap_err();
    assert!(started.elapsed() < std::time::Duration::from_secs(5));
    assert!(matches!(err, CliError::Unanswered(_)), "{err:?}");
    assert_eq!(err.exit_code(), std::process::ExitCode::from(3));
    let line = err.to_string();
    assert!(
        line.starts_with("seed 1: timeout after 0.000001 s while dealing"),
        "{line}"
    );
    assert!(!line.contains('\n'), "{line}");
    // Lifted, or with room enough, the same deal is made.
    let lifted = run(&format!("--layout {file} --seed 1 --timeout 0 --json")).unwrap();
    let default = run(&format!("--layout {file} --seed 1 --json")).unwrap();
    assert_eq!(lifted, default);
    let v: Value = serde_json::from_str(&default).unwrap();
    assert_eq!(v["tiles"].as_array().unwrap().len(), 1024);
    std::fs::remove_file(file).unwrap();
}

#[test]
fn time_limits_default_to_a_few_seconds_above_144_tiles() {
    let turtle = BuiltinLayout::Turtle.layout();
    assert_eq!(solitaire::time_limit(&turtle, None), None);
    let big: Layout = (0..16)
        .map(|y| format!("0 {}: 0-126\n", 2 * y))
        .collect::<String>()
        .parse()
        .unwrap();
    assert_eq!(
        solitaire::time_limit(&big, None),
        Some(solitaire::DEFAULT_TIMEOUT)
    );
    assert!(solitaire::DEFAULT_TIMEOUT <= std::time::Duration::from_secs(10));
    assert_eq!(solitaire::time_limit(&big, Some(None)), None);
    let bad = run("--layout turtle --seed 1 --timeout -1").unwrap_err();
    assert!(matches!(bad, CliError::Usage(_)), "{bad:?}");
}

#[test]
fn a_huge_layout_file_is_refused_without_being_read() {
    // A sparse file of 64 GiB: read whole, it could not even be allocated.
    let path = std::env::temp_dir().join(format!("solitaire-huge-{}.layout", std::process::id()));
    std::fs::File::create(&path)
        .and_then(|f| f.set_len(64 << 30))
        .unwrap();
    let file = path.to_string_lossy().into_owned();
    let err = run(&format!("--layout {file} --seed 1")).unwrap_err();
    assert!(matches!(err, CliError::Failed(_)), "{err:?}");
    assert_eq!(
        err.to_string(),
        format!("{file}: a layout file has at most 4194304 bytes; this one has more")
    );
    // The program reads what the library reads: a KMahjongg file up to the limit.
    assert_eq!(Layout::MAX_FILE_LEN, Layout::MAX_KMAHJONGG_TEXT_LEN);
    let kmahjongg = mahjong_solitaire::BuiltinLayout::Turtle
        .layout()
        .to_kmahjongg();
    let padded = format!(
        "{kmahjongg}{}",
        "#".repeat(Layout::MAX_FILE_LEN - kmahjongg.len())
    );
    std::fs::write(&path, &padded).unwrap();
    assert_eq!(solitaire::load_layout(&file).unwrap().len(), 144);
    std::fs::write(&path, padded + "#").unwrap();
    let err = solitaire::load_layout(&file).unwrap_err();
    assert!(err.to_string().contains("at most 4194304 bytes"), "{err}");
    std::fs::write(&path, b"name: \xff\n0 0: 0 2\n").unwrap();
    let err = solitaire::load_layout(&file).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!("{file}: not UTF-8 text (byte 7 is not part of a character)")
    );
    std::fs::remove_file(path).unwrap();
}

#[test]
fn a_layout_name_cannot_forge_terminal_lines() {
    let path = std::env::temp_dir().join(format!("solitaire-name-{}.txt", std::process::id()));
    let forged = "name: T\u{1b}]0;owned\u{7}\u{1b}[2J\r\u{9b}31m\n0 0: 0 2\n";
    std::fs::write(&path, forged).unwrap();
    let file = path.to_string_lossy().into_owned();
    for args in [
        format!("--layout {file} --seed 1"),
        format!("--layout {file} --seed 1 --stats 2"),
    ] {
        let out = run(&args).unwrap();
        assert!(
            !out.chars().any(|c| c.is_control() && c != '\n'),
            "{args}: {out:?}"
        );
        assert!(out.contains("T\\u{1b}]0;owned\\u{7}\\u{1b}[2J"), "{out}");
        assert!(out.contains("\\u{9b}31m"), "{out}");
    }
    // JSON keeps the name as the reader gave it (escaped by JSON itself).
    let v = json(&format!("--layout {file} --seed 1 --json"));
    let read: Layout = forged.parse().unwrap();
    assert_eq!(v["layout"], read.name());
    assert!(read.name().contains('\u{1b}'));
    std::fs::remove_file(path).unwrap();
}

#[test]
fn stats_seeds_never_wrap_and_options_come_once() {
    for args in [
        "--layout turtle --seed 18446744073709551615 --stats 2",
        "--layout turtle --seed 1 --seed 2",
        "--layout turtle --layout bridge --seed 1",
        "--layout turtle --seed 1 --stats 2 --stats 3",
    ] {
        let err = run(args).unwrap_err();
        assert!(matches!(err, CliError::Usage(_)), "{args}: {err:?}");
        assert!(!err.to_string().contains('\n'));
    }
    let out = run("--layout bridge --seed 18446744073709551615 --stats 1").unwrap();
    assert!(
        out.contains("1 random deals, seeds 18446744073709551615.."),
        "{out}"
    );
}
