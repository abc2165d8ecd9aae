//! Many games at once against one server on the loopback: each client plays its own game
//! to its end and checks, reply after reply, that the game it sees is its own and follows
//! the rules; clients that hang up in the middle of a request leave the server working.
//!
//! `GRILLES_LOAD_GAMES=N` plays N games of each kind (default 3); the figures (requests,
//! throughput, latencies) are printed.

use std::io::Write;
use std::net::TcpStream;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::web_common::{SMALL_LAYOUT, TestServer};

/// The longest a client may take before the test fails (a hang, not a speed).
const DEADLINE: Duration = Duration::from_secs(600);

struct Client<'s> {
    server: &'s TestServer,
    id: String,
    latencies: Vec<Duration>,
    started: Instant,
}

impl<'s> Client<'s> {
    fn new(server: &'s TestServer, kind: &str, options: Value) -> (Client<'s>, Value) {
        let mut c = Client {
            server,
            id: String::new(),
            latencies: Vec::new(),
            started: Instant::now(),
        };
        let r = c.send("POST", &format!("/api/new/{kind}"), &options.to_string());
        c.id = r["id"].as_str().expect("an id").to_string();
        (c, r["view"].clone())
    }

    fn send(&mut self, method: &str, path: &str, body: &str) -> Value {
        assert!(self.started.elapsed() < DEADLINE, "game {} hangs", self.id);
        let t = Instant::now();
        let r = self.server.json(method, path, body);
        self.latencies.push(t.elapsed());
        if !self.id.is_empty() {
            assert_eq!(r["id"], self.id.as_str(), "a reply of another game");
        }
        r
    }

    fn act(&mut self, action: Value) -> Value {
        let path = format!("/api/games/{}", self.id);
        self.send("POST", &path, &action.to_string())["view"].clone()
    }

    fn view(&mut self) -> Value {
        let path = format!("/api/games/{}", self.id);
        self.send("GET", &path, "")["view"].clone()
    }
}

fn sudoku(server: &TestServer, k: u64) -> Vec<Duration> {
    let (mut c, first) = Client::new(server, "sudoku", json!({"size": 4, "number": k}));
    let givens: Vec<(usize, Value)> = first["givens"]
        .as_array()
        .expect("givens")
        .iter()
        .enumerate()
        .filter(|(_, g)| **g == true)
        .map(|(i, _)| (i, first["values"][i].clone()))
        .collect();
    let mut view = first;
    for _ in 0..64 {
        if view["solved"] == true {
            break;
        }
        c.act(json!({"op": "hint"}));
        view = c.act(json!({"op": "play-hint"}));
        for (i, v) in &givens {
            assert_eq!(&view["values"][*i], v, "a given changed");
        }
    }
    assert_eq!(view["solved"], true, "sudoku {k} not solved by its hints");
    assert_eq!(view["empty"], 0);
    c.latencies
}

fn solitaire(server: &TestServer, k: u64) -> Vec<Duration> {
    let options = json!({"file": SMALL_LAYOUT, "file_name": "small.layout", "number": k + 1});
    let (mut c, mut view) = Client::new(server, "solitaire", options);
    assert_eq!(view["total"], 16);
    for _ in 0..16 {
        if view["cleared"] == true {
            break;
        }
        let before = view["remaining"].as_u64().expect("tiles left");
        let hinted = c.act(json!({"op": "hint"}));
        let pair = hinted["hint"].as_array().expect("a hinted pair").clone();
        c.act(json!({"op": "pick", "tile": pair[0]}));
        view = c.act(json!({"op": "pick", "tile": pair[1]}));
        assert_eq!(view["remaining"].as_u64(), Some(before - 2), "a pair went");
    }
    assert_eq!(view["cleared"], true, "solitaire {k} not cleared");
    c.latencies
}

fn defi(server: &TestServer, k: u64) -> Vec<Duration> {
    let options = json!({"pace_ms": 0, "bots": 1, "challenge": "express", "number": k});
    let (mut c, mut view) = Client::new(server, "defi", options);
    for _ in 0..200 {
        for p in view["players"].as_array().expect("players") {
            let sum = ["face", "bonus", "handicap", "absent"]
                .iter()
                .map(|k| p[k].as_u64().expect("points"))
                .sum::<u64>();
            assert_eq!(p["total"].as_u64(), Some(sum), "a total is its parts");
        }
        if view["over"] == true {
            break;
        }
        if view["human_to_move"] == true {
            let cell = view["board"]["values"]
                .as_array()
                .expect("values")
                .iter()
                .position(|v| v == 0)
                .expect("an empty cell while not over");
            view =
                c.act(json!({"op": "enter", "cell": cell, "value": 1 + (k as usize + cell) % 9}));
        } else {
            view = c.view();
        }
    }
    assert_eq!(view["over"], true, "Défi {k} not over");
    assert!(view["result"].as_str().is_some_and(|r| r.contains("won")));
    c.latencies
}

fn mahjong(server: &TestServer, k: u64) -> Vec<Duration> {
    let options =
        json!({"pace_ms": 0, "rounds": 1, "claim_seconds": null, "name": format!("P{k}")});
    let (mut c, mut view) = Client::new(server, "mahjong", options);
    let mut wall = u64::MAX;
    for _ in 0..400 {
        if !view["results"].is_null() {
            break;
        }
        let left = view["wall"].as_u64().expect("the wall");
        assert!(left <= wall, "the wall grew");
        wall = left;
        let you = &view["seats"][0];
        assert_eq!(you["you"], true);
        let melds = you["melds"].as_array().expect("melds").len()
            + you["face_down_kongs"].as_u64().unwrap_or(0) as usize;
        let hand = view["hand"].as_array().expect("a hand").len();
        if view["own_turn"] == true {
            assert_eq!(hand + 3 * melds, 14, "a hand of 14 on its turn");
            let last = view["hand"][hand - 1]["t"]
                .as_str()
                .expect("a tile")
                .to_string();
            view = c.act(json!({"op": "discard", "tile": last}));
        } else if view["waiting"].is_null() {
            assert_eq!(hand + 3 * melds, 13, "a hand of 13 between turns");
            view = c.act(json!({"op": "pass"}));
        } else {
            view = c.view();
        }
    }
    assert!(
        !view["results"].is_null(),
        "mahjong {k}: the round did not end"
    );
    let nets: i64 = view["results"]["seats"]
        .as_array()
        .expect("seats")
        .iter()
        .map(|s| s["net"].as_i64().expect("a net"))
        .sum();
    assert_eq!(nets, 0, "payments balance");
    c.latencies
}

#[test]
fn many_games_at_once_each_stay_right() {
    let per_kind: u64 = std::env::var("GRILLES_LOAD_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3)
        .clamp(1, 64);
    let server = TestServer::start(None, 11);
    let started = Instant::now();
    let mut latencies: Vec<Duration> = std::thread::scope(|scope| {
        let mut handles = Vec::new();
        for k in 0..per_kind {
            let s = &server;
            handles.push(scope.spawn(move || sudoku(s, k)));
            handles.push(scope.spawn(move || solitaire(s, k)));
            handles.push(scope.spawn(move || defi(s, k)));
            handles.push(scope.spawn(move || mahjong(s, k)));
        }
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a client failed"))
            .collect()
    });
    let took = started.elapsed();
    latencies.sort();
    let at = |q: f64| latencies[((latencies.len() - 1) as f64 * q) as usize];
    eprintln!(
        "load: {} games ({per_kind} of each kind) played to their end, {} requests in {:.1} s ({:.0} requests/s); latency p50 {:?}, p95 {:?}, max {:?}",
        4 * per_kind,
        latencies.len(),
        took.as_secs_f64(),
        latencies.len() as f64 / took.as_secs_f64(),
        at(0.5),
        at(0.95),
        at(1.0)
    );
    assert_eq!(server.web.registry().open_count(), 4 * per_kind as usize);
}

#[test]
fn clients_that_hang_up_leave_the_server_working() {
    let server = TestServer::start(None, 12);
    let (id, _) = {
        let r = server.json("POST", "/api/new/sudoku", "{\"size\":4}");
        (r["id"].as_str().expect("an id").to_string(), r)
    };
    for partial in [
        // Half a head.
        "POST /api/games/".to_string(),
        // A head promising a body that never comes.
        format!(
            "POST /api/games/{id} HTTP/1.1\r\nHost: x\r\nx-grilles-token: {}\r\nContent-Length: 100\r\n\r\n{{\"op\":",
            server.token
        ),
        // A whole request for a new game, not waited for.
        format!(
            "POST /api/new/sudoku HTTP/1.1\r\nHost: x\r\nx-grilles-token: {}\r\nContent-Length: 11\r\n\r\n{{\"size\":9}}",
            server.token
        ),
    ] {
        let mut s = TcpStream::connect(server.addr()).expect("connects");
        s.write_all(partial.as_bytes()).expect("writes");
        drop(s);
    }
    // The game goes on, and new games are made.
    for _ in 0..3 {
        let r = server.json("POST", &format!("/api/games/{id}"), "{\"op\":\"hint\"}");
        assert!(r["view"]["hint"]["text"].is_string());
        server.json("POST", "/api/new/sudoku", "{\"size\":4}");
    }
}
