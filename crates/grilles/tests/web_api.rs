//! The web front's requests over a real socket: the token on every request, the caps on
//! bodies, refused moves that leave the game as it was, saved games that come back after
//! a restart, and random requests that never break the server.

use proptest::prelude::*;
use serde_json::{Value, json};

use crate::web_common::{SMALL_LAYOUT, TestServer, http, saved};

fn new_game(s: &TestServer, kind: &str, options: Value) -> (String, Value) {
    let r = s.json("POST", &format!("/api/new/{kind}"), &options.to_string());
    (
        r["id"].as_str().expect("an id").to_string(),
        r["view"].clone(),
    )
}

#[test]
fn every_request_needs_the_token() {
    let s = TestServer::start(None, 1);
    let (id, _) = new_game(&s, "sudoku", json!({"size": 4}));
    let requests = [
        ("GET", "/".to_string(), ""),
        ("GET", "/assets/app.js".to_string(), ""),
        ("GET", "/api/games".to_string(), ""),
        ("POST", "/api/new/sudoku".to_string(), "{\"size\":4}"),
        ("GET", format!("/api/games/{id}"), ""),
        ("POST", format!("/api/games/{id}"), "{\"op\":\"hint\"}"),
        ("POST", format!("/api/games/{id}/save"), ""),
        ("GET", format!("/api/games/{id}/export/latex"), ""),
        ("GET", "/api/solitaire/layouts".to_string(), ""),
        ("GET", "/api/mahjong/help".to_string(), ""),
        ("GET", "/no/such/page".to_string(), ""),
        ("DELETE", format!("/api/games/{id}"), ""),
    ];
    let wrong = "0".repeat(s.token.len());
    for (method, path, body) in &requests {
        for token in [None, Some(wrong.as_str()), Some(&s.token[1..])] {
            let (status, text) = http(s.addr(), method, path, token, body.as_bytes());
            assert_eq!(status, 403, "{method} {path} with {token:?}: {text}");
            assert!(text.contains("needs the token"), "{text}");
        }
        // In the query too, as the page's own address and downloads carry it.
        let sep = if path.contains('?') { '&' } else { '?' };
        let bad = format!("{path}{sep}t={wrong}");
        assert_eq!(http(s.addr(), method, &bad, None, body.as_bytes()).0, 403);
    }
    for (method, path, body) in &requests {
        let (status, text) = s.call(method, path, body);
        let expected = if path.starts_with("/no/") { 404 } else { 200 };
        assert!(
            status == expected || (status == 204 && *method == "DELETE"),
            "{method} {path}: {status} {text}"
        );
    }
    let page = http(s.addr(), "GET", &format!("/?t={}", s.token), None, b"");
    assert_eq!(page.0, 200);
    assert!(page.1.contains(&format!("assets/app.js?t={}", s.token)));
    // The opening address works with its one-time code only.
    assert_eq!(http(s.addr(), "GET", "/start?c=00", None, b"").0, 403);
}

#[test]
fn bodies_are_capped_and_bad_bodies_said() {
    let s = TestServer::start(None, 2);
    let big = format!("{{\"typed\":\"{}\"}}", "1".repeat(70 * 1024));
    let (status, text) = s.call("POST", "/api/new/sudoku", &big);
    assert_eq!(status, 413, "{text}");
    assert!(text.contains("at most 65536 bytes"), "{text}");
    let huge = format!(
        "{{\"file\":\"{}\",\"file_name\":\"x.layout\"}}",
        ".".repeat(mahjong_solitaire::Layout::MAX_KMAHJONGG_TEXT_LEN + 80 * 1024)
    );
    let (status, text) = s.call("POST", "/api/new/solitaire", &huge);
    assert_eq!(status, 413, "{text}");
    // A file within the cap but no layout: the library's own message.
    let junk =
        json!({"file": "kmahjongg-layout-v1.1\nw4\nh2\nd1\n12\n", "file_name": "junk.layout"});
    let (status, text) = s.call("POST", "/api/new/solitaire", &junk.to_string());
    assert_eq!(status, 422, "{text}");
    assert!(text.contains("junk"), "{text}");
    for (body, says) in [
        ("{", "not JSON"),
        ("\"sudoku\"", "not understood"),
        ("{\"size\": 7}", "not 7×7"),
        ("{\"variant\": \"roxdoku\"}", "unknown variant"),
        ("{\"number\": -1}", "not understood"),
    ] {
        let (status, text) = s.call("POST", "/api/new/sudoku", body);
        assert_eq!(status, 400, "{body}: {text}");
        let error = serde_json::from_str::<Value>(&text).expect("JSON")["error"]
            .as_str()
            .expect("an error")
            .to_string();
        assert!(error.contains(says), "{body}: {error}");
    }
    assert_eq!(s.call("POST", "/api/new/chess", "{}").0, 404);
    assert_eq!(s.call("GET", "/api/games/0123456789ab", "").0, 404);
    assert_eq!(s.call("GET", "/api/games/..%2f..%2fetc", "").0, 404);
}

/// The first index of `value` in the array `list`.
fn first(list: &Value, value: &Value) -> usize {
    list.as_array()
        .and_then(|a| a.iter().position(|v| v == value))
        .unwrap_or_else(|| panic!("no {value} in {list}"))
}

/// Plays `body` on game `id`, which must refuse it with `status` and a message holding
/// `says`, and leave the game as it was.
fn refused(s: &TestServer, id: &str, body: Value, status: u16, says: &str) {
    // A view first, so that time-driven play (computer players) is done.
    s.json("GET", &format!("/api/games/{id}"), "");
    let before = saved(s, id);
    let (got, text) = s.call("POST", &format!("/api/games/{id}"), &body.to_string());
    assert_eq!(got, status, "{body}: {text}");
    let error: Value = serde_json::from_str(&text).expect("a JSON error");
    let message = error["error"].as_str().expect("an error message");
    assert!(message.contains(says), "{body}: {message}");
    assert_eq!(saved(s, id), before, "{body} changed the game");
}

#[test]
fn refused_moves_leave_every_game_as_it_was() {
    let s = TestServer::start(None, 3);
    let (sd, view) = new_game(&s, "sudoku", json!({"size": 9, "number": 4}));
    let given = first(&view["givens"], &json!(true));
    refused(
        &s,
        &sd,
        json!({"op": "place", "cell": given, "value": 1}),
        422,
        "is a given",
    );
    refused(
        &s,
        &sd,
        json!({"op": "place", "cell": 81, "value": 1}),
        400,
        "off the grid",
    );
    let empty = first(&view["values"], &json!(0));
    refused(
        &s,
        &sd,
        json!({"op": "place", "cell": empty, "value": 10}),
        422,
        "not a symbol",
    );
    refused(&s, &sd, json!({"op": "undo"}), 422, "Nothing to undo");
    refused(&s, &sd, json!({"op": "play-hint"}), 422, "No hint is shown");
    refused(&s, &sd, json!({"op": "castle"}), 400, "unknown variant");
    refused(
        &s,
        &sd,
        json!({"op": "place", "cell": 0}),
        400,
        "missing field",
    );

    let (sl, view) = new_game(&s, "solitaire", json!({"layout": "turtle", "number": 9}));
    let blocked = view["tiles"]
        .as_array()
        .expect("tiles")
        .iter()
        .find(|t| t["free"] == false)
        .expect("a blocked tile")["i"]
        .clone();
    refused(
        &s,
        &sl,
        json!({"op": "pick", "tile": blocked}),
        422,
        "is not free",
    );
    refused(
        &s,
        &sl,
        json!({"op": "pick", "tile": 144}),
        400,
        "No tile 144",
    );
    refused(&s, &sl, json!({"op": "redo"}), 422, "Nothing to put back");

    let (df, view) = new_game(&s, "defi", json!({"pace_ms": 0, "bots": 1}));
    let given = first(&view["board"]["givens"], &json!(true));
    refused(
        &s,
        &df,
        json!({"op": "enter", "cell": given, "value": 5}),
        422,
        "",
    );
    refused(
        &s,
        &df,
        json!({"op": "enter", "cell": 0, "value": 0}),
        422,
        "",
    );
    refused(&s, &df, json!({"op": "sit"}), 422, "Nobody needs to sit");

    let (mj, view) = new_game(
        &s,
        "mahjong",
        json!({"pace_ms": 0, "claim_seconds": null, "rounds": 1}),
    );
    let hand: Vec<String> = view["hand"]
        .as_array()
        .expect("a hand")
        .iter()
        .map(|t| t["t"].as_str().expect("a tile").to_string())
        .collect();
    let absent = ["1m", "2m", "3m", "5z", "1f", "9p"]
        .into_iter()
        .find(|t| !hand.iter().any(|h| h == t))
        .expect("a tile not in the hand");
    if view["own_turn"] == true {
        refused(&s, &mj, json!({"op": "discard", "tile": absent}), 422, "");
    }
    refused(&s, &mj, json!({"op": "discard", "tile": "10m"}), 400, "");
    refused(&s, &mj, json!({"op": "deal"}), 422, "still in play");
    refused(&s, &mj, json!({"op": "choose", "index": 99}), 422, "");
}

#[test]
fn games_come_back_after_a_restart() {
    let dir = std::env::temp_dir().join(format!("grilles-web-saves-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut ids = Vec::new();
    let mut before = Vec::new();
    {
        let s = TestServer::start(Some(dir.clone()), 4);
        for (kind, options, action) in [
            (
                "sudoku",
                json!({"variant": "samurai"}),
                json!({"op": "hint"}),
            ),
            (
                "sudoku",
                json!({"variant": "killer", "size": 6}),
                json!({"op": "hint"}),
            ),
            (
                "sudoku",
                json!({"variant": "jigsaw", "size": 6}),
                json!({"op": "hint"}),
            ),
            (
                "solitaire",
                json!({"file": SMALL_LAYOUT, "file_name": "small.layout"}),
                json!({"op": "hint"}),
            ),
            (
                "defi",
                json!({"pace_ms": 0, "bots": 2}),
                json!({"op": "why", "cell": 0}),
            ),
            (
                "mahjong",
                json!({"pace_ms": 0, "rounds": 1}),
                json!({"op": "pass"}),
            ),
        ] {
            let (id, _) = new_game(&s, kind, options);
            // Refused or not, the game is saved as it stands.
            let _ = s.call("POST", &format!("/api/games/{id}"), &action.to_string());
            if kind == "sudoku" {
                s.json(
                    "POST",
                    &format!("/api/games/{id}"),
                    "{\"op\":\"play-hint\"}",
                );
            }
            s.json("POST", &format!("/api/games/{id}/save"), "");
            before.push(saved(&s, &id));
            ids.push(id);
        }
        assert_eq!(
            s.json("GET", "/api/games", "").as_array().map(Vec::len),
            Some(6)
        );
    }
    let s = TestServer::start(Some(dir.clone()), 5);
    let list = s.json("GET", "/api/games", "");
    assert_eq!(list.as_array().map(Vec::len), Some(6), "{list}");
    for (id, was) in ids.iter().zip(&before) {
        let r = s.json("GET", &format!("/api/games/{id}"), "");
        assert_eq!(&r["id"], id);
        assert_eq!(&saved(&s, id), was, "{id} came back changed");
    }
    // Closing removes the file.
    assert_eq!(
        s.call("DELETE", &format!("/api/games/{}", ids[0]), "").0,
        204
    );
    assert_eq!(s.call("GET", &format!("/api/games/{}", ids[0]), "").0, 404);
    drop(s);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn every_sudoku_variant_gives_a_hint_that_fills_a_cell() {
    let s = TestServer::start(None, 6);
    for options in [
        json!({"variant": "classic", "size": 16}),
        json!({"variant": "x", "size": 6, "level": "intermediate"}),
        json!({"variant": "jigsaw", "size": 9, "level": "easy"}),
        json!({"variant": "samurai"}),
        json!({"variant": "killer", "size": 9}),
    ] {
        let (id, view) = new_game(&s, "sudoku", options.clone());
        let empty = view["empty"].as_u64().expect("empty cells");
        let r = s.json("POST", &format!("/api/games/{id}"), "{\"op\":\"hint\"}");
        let hint = &r["view"]["hint"];
        assert!(
            hint["text"].as_str().is_some_and(|t| t.len() > 10),
            "{options}: {hint}"
        );
        // Steps that only remove candidates are played as pencil marks: play hints until a
        // digit comes.
        let mut left = empty;
        for _ in 0..20 {
            let r = s.json(
                "POST",
                &format!("/api/games/{id}"),
                "{\"op\":\"play-hint\"}",
            );
            left = r["view"]["empty"].as_u64().expect("empty cells");
            if left < empty {
                break;
            }
            s.json("POST", &format!("/api/games/{id}"), "{\"op\":\"hint\"}");
        }
        assert!(left < empty, "{options}: no digit came from the hints");
        let latex = s.call("GET", &format!("/api/games/{id}/export/latex"), "");
        assert_eq!(latex.0, 200);
        assert!(latex.1.starts_with("\\documentclass"), "{options}");
    }
}

/// A request of the page, or junk.
fn request() -> impl Strategy<Value = (String, String)> {
    let ops = prop::sample::select(vec![
        "place",
        "mark",
        "clear",
        "auto",
        "hint",
        "play-hint",
        "check",
        "reveal",
        "undo",
        "redo",
        "cursor",
        "pick",
        "shuffle",
        "enter",
        "sit",
        "why",
        "close",
        "replay",
        "end-replay",
        "discard",
        "calling",
        "choose",
        "pass",
        "deal",
        "bogus",
    ]);
    let number = prop_oneof![
        0i64..100,
        Just(-1i64),
        Just(u32::MAX as i64),
        Just(i64::MAX),
    ];
    let tile = prop::sample::select(vec!["5m", "1z", "9s", "0m", "", "🀄", "1m1m"]);
    let action = (ops, number.clone(), number, tile).prop_map(|(op, a, b, t)| {
        json!({"op": op, "cell": a, "value": b, "tile": t, "index": a, "step": b}).to_string()
    });
    let strict = (
        prop::sample::select(vec![
            "place", "pick", "enter", "choose", "discard", "replay",
        ]),
        0u64..700,
        0u64..30,
    )
        .prop_map(|(op, a, b)| match op {
            "place" | "enter" => json!({"op": op, "cell": a, "value": b}).to_string(),
            "pick" => json!({"op": op, "tile": a}).to_string(),
            "choose" => json!({"op": op, "index": b}).to_string(),
            "replay" => json!({"op": op, "step": a}).to_string(),
            _ => {
                let tile = ["1m", "5z", "3p"][(a % 3) as usize];
                json!({"op": op, "tile": tile}).to_string()
            }
        });
    let junk = prop::collection::vec(any::<u8>(), 0..64)
        .prop_map(|b| String::from_utf8_lossy(&b).into_owned());
    (
        prop::sample::select(vec![
            "sudoku",
            "solitaire",
            "defi",
            "mahjong",
            "new",
            "other",
        ])
        .prop_map(String::from),
        prop_oneof![3 => strict, 2 => action, 1 => junk],
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Random requests: the server never fails (no 500), every refusal is a JSON error,
    /// and a refused action leaves its game as it was.
    #[test]
    fn random_requests_never_break_the_server(requests in prop::collection::vec(request(), 1..12)) {
        thread_local! {
            static SERVER: (TestServer, Vec<(String, String)>) = {
                let s = TestServer::start(None, 7);
                let games = vec![
                    ("sudoku".to_string(), new_game(&s, "sudoku", json!({"size": 4})).0),
                    ("solitaire".to_string(), new_game(&s, "solitaire", json!({"file": SMALL_LAYOUT, "file_name": "s.layout"})).0),
                    ("defi".to_string(), new_game(&s, "defi", json!({"pace_ms": 0, "bots": 1})).0),
                    ("mahjong".to_string(), new_game(&s, "mahjong", json!({"pace_ms": 0, "rounds": 1, "claim_seconds": null})).0),
                ];
                (s, games)
            };
        }
        SERVER.with(|(s, games)| {
            for (target, body) in &requests {
                let (path, id) = match games.iter().find(|(k, _)| k == target) {
                    Some((_, id)) => (format!("/api/games/{id}"), Some(id)),
                    None if target == "new" => ("/api/new/sudoku".to_string(), None),
                    None => ("/api/new/defi".to_string(), None),
                };
                if id.is_some() {
                    s.json("GET", &path, "");
                }
                let before = id.map(|id| saved(s, id));
                let (status, text) = s.call("POST", &path, body);
                prop_assert!(status != 500 && status != 0, "{path} {body}: {status} {text}");
                if !(200..300).contains(&status) {
                    let error: Value = serde_json::from_str(&text).expect("a JSON error");
                    prop_assert!(error["error"].as_str().is_some_and(|m| !m.is_empty()), "{text}");
                    if let (Some(id), Some(before)) = (id, before) {
                        prop_assert_eq!(saved(s, id), before, "{} {}", path, body);
                    }
                }
            }
            Ok(())
        })?;
    }
}
