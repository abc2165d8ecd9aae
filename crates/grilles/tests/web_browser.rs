//! The web page in a real browser: headless Chromium driven through WebDriver
//! (chromedriver), against a server on an ephemeral loopback port. Each game is played as
//! a person plays it — clicks and keys — to its end: a sudoku solved with a hint, a Défi
//! game to its result and its replay, a solitaire deal cleared, a French mahjong round to
//! its score screen. Screenshots at 1280×800 and 390×844 are saved (in the target
//! directory; with `GRILLES_UPDATE_SCREENSHOTS=1` also in the crate's `doc/` for the
//! README), and the page weight and the time from a click to the redraw are printed.
//!
//! The tests need Debian's `chromium` and `chromium-driver` (`chromedriver` on the PATH,
//! or `CHROMEDRIVER` naming it); without them they fail and say how to install them.

use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator, key::Key};
use serde_json::{Value, json};
use sudoku_core::{Geometry, Grid, Shape, Solver};

use crate::web_common::{SMALL_LAYOUT, TestServer};

/// One browser at a time: two Chromiums on a 2-core machine slow each other down.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

const FLAGS: &[&str] = &[
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
];

fn chromedriver() -> PathBuf {
    if let Some(p) = std::env::var_os("CHROMEDRIVER") {
        return PathBuf::from(p);
    }
    let found = std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|d| d.join("chromedriver"))
            .find(|p| p.is_file())
    });
    found.unwrap_or_else(|| {
        panic!(
            "chromedriver is missing: the browser tests drive headless Chromium through it. \
             Install both with `apt-get install -y chromium chromium-driver` (Debian, Ubuntu), \
             or set CHROMEDRIVER to the path of a chromedriver matching your Chromium."
        )
    })
}

/// A headless Chromium with its driver.
struct Browser {
    client: Option<Client>,
    driver: Child,
    profile: PathBuf,
}

impl Browser {
    async fn start(width: u32, height: u32) -> Browser {
        let path = chromedriver();
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let driver = Command::new(&path)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| {
                panic!(
                    "{} does not start ({e}): apt-get install -y chromium chromium-driver",
                    path.display()
                )
            });
        let profile =
            std::env::temp_dir().join(format!("grilles-chromium-{}-{port}", std::process::id()));
        let mut args: Vec<String> = FLAGS.iter().map(|s| s.to_string()).collect();
        args.push(format!("--user-data-dir={}", profile.display()));
        args.push(format!("--window-size={width},{height}"));
        let mut options = json!({ "args": args });
        let binary = std::env::var("CHROME").unwrap_or_else(|_| "/usr/bin/chromium".into());
        if std::path::Path::new(&binary).exists() {
            options["binary"] = json!(binary);
        }
        if width < 500 {
            // Below its smallest window Chromium keeps a wider page: a phone is emulated.
            options["mobileEmulation"] =
                json!({"deviceMetrics": {"width": width, "height": height, "pixelRatio": 1.0}});
        }
        let mut caps = serde_json::Map::new();
        caps.insert("browserName".into(), json!("chrome"));
        caps.insert("goog:chromeOptions".into(), options);
        let deadline = Instant::now() + Duration::from_secs(30);
        let client = loop {
            let connector = hyper_util::client::legacy::connect::HttpConnector::new();
            match ClientBuilder::new(connector)
                .capabilities(caps.clone())
                .connect(&format!("http://127.0.0.1:{port}"))
                .await
            {
                Ok(c) => break c,
                Err(e) if Instant::now() < deadline => {
                    let _ = e;
                    tokio::time::sleep(Duration::from_millis(200)).await;
                }
                Err(e) => panic!("no browser session from {}: {e}", path.display()),
            }
        };
        if width >= 500 {
            // The window holds the page and the browser's frame: the page gets the size.
            let inner = client
                .execute("return [window.innerWidth, window.innerHeight];", vec![])
                .await
                .expect("the page's size");
            let (w, h) = (
                inner[0].as_u64().unwrap_or(0),
                inner[1].as_u64().unwrap_or(0),
            );
            let _ = client
                .set_window_size(2 * width - w as u32, 2 * height - h as u32)
                .await;
        }
        Browser {
            client: Some(client),
            driver,
            profile,
        }
    }

    fn c(&self) -> &Client {
        self.client.as_ref().expect("a session")
    }

    async fn close(mut self) {
        if let Some(c) = self.client.take() {
            let _ = c.close().await;
        }
    }

    async fn goto(&self, url: &str) {
        self.c().goto(url).await.expect("the page opens");
    }

    async fn find(&self, css: &str) -> fantoccini::elements::Element {
        self.c()
            .wait()
            .at_most(Duration::from_secs(30))
            .for_element(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("no {css} on the page: {e}"))
    }

    async fn click(&self, css: &str) {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            // The page redraws after every answer: an element found may be replaced.
            match self.find(css).await.click().await {
                Ok(()) => return,
                Err(e) if Instant::now() < deadline => {
                    let _ = e;
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
                Err(e) => panic!("{css} cannot be clicked: {e}"),
            }
        }
    }

    async fn js(&self, script: &str) -> Value {
        self.c()
            .execute(script, vec![])
            .await
            .unwrap_or_else(|e| panic!("{script}: {e}"))
    }

    /// Waits until `condition` (a JavaScript expression) is true.
    async fn until(&self, condition: &str) {
        let deadline = Instant::now() + Duration::from_secs(60);
        let script = format!("return !!({condition});");
        while self.js(&script).await != json!(true) {
            let notice = self
                .js("return document.getElementById('notice').textContent;")
                .await;
            assert!(
                Instant::now() < deadline,
                "never true: {condition} (the page says {notice})"
            );
            tokio::time::sleep(Duration::from_millis(40)).await;
        }
    }

    /// The view of the game on the page.
    async fn view(&self) -> Value {
        self.js("return G.current && G.current.reply.view;").await
    }

    /// Types keys as a person does, to the page (no button focused).
    async fn keys(&self, text: &str) {
        self.js("if (document.activeElement) document.activeElement.blur(); return 0;")
            .await;
        self.find("body")
            .await
            .send_keys(text)
            .await
            .expect("the keys are typed");
    }

    async fn select(&self, css: &str, value: &str) {
        self.find(css)
            .await
            .select_by_value(value)
            .await
            .unwrap_or_else(|e| panic!("{css} = {value}: {e}"));
    }

    async fn screenshot(&self, name: &str) {
        let png = self.c().screenshot().await.expect("a screenshot");
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("screenshots");
        std::fs::create_dir_all(&dir).expect("a folder");
        std::fs::write(dir.join(name), &png).expect("saved");
        if std::env::var_os("GRILLES_UPDATE_SCREENSHOTS").is_some() {
            let doc = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("doc");
            std::fs::create_dir_all(&doc).expect("a folder");
            std::fs::write(doc.join(name), &png).expect("saved");
        }
    }

    /// The median and 95th percentile of the page's click-to-redraw times, in ms.
    async fn timings(&self) -> (f64, f64, usize) {
        let t = self
            .js("return G.timings.slice().sort((a, b) => a - b);")
            .await;
        let t: Vec<f64> = t
            .as_array()
            .expect("timings")
            .iter()
            .filter_map(Value::as_f64)
            .collect();
        assert!(!t.is_empty(), "no click was timed");
        let at = |q: f64| t[((t.len() - 1) as f64 * q) as usize];
        (at(0.5), at(0.95), t.len())
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.driver.kill();
        let _ = self.driver.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

/// Runs a browser scenario alone, on a runtime of its own.
fn scenario<F: std::future::Future<Output = ()>>(f: impl FnOnce(TestServer) -> F) {
    let _alone = ONE_AT_A_TIME.lock().unwrap_or_else(|p| p.into_inner());
    let server = TestServer::start(None, 21);
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime")
        .block_on(f(server));
}

/// The solution of a 9×9 grid of values (0 empty).
fn solve(values: &Value) -> Vec<u8> {
    let cells: Vec<u8> = values
        .as_array()
        .expect("values")
        .iter()
        .map(|v| v.as_u64().expect("a digit") as u8)
        .collect();
    let grid = Grid::new(Shape::CLASSIC, cells).expect("a grid");
    Solver::new(Geometry::classic(Shape::CLASSIC))
        .solve(&grid)
        .expect("solvable")
        .expect("a solution")
        .cells()
        .to_vec()
}

#[test]
fn a_sudoku_is_solved_with_a_hint_with_clicks_and_keys() {
    scenario(|server| async move {
        let b = Browser::start(1280, 800).await;
        b.goto(&server.url).await;
        let weight = b
            .js("return performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource')).reduce((s, e) => s + e.transferSize, 0);")
            .await;
        b.click("#new-sudoku").await;
        b.select("#sd-level", "easy").await;
        b.click("#sd-start").await;
        b.find("#sudoku-grid").await;
        // A hint, played.
        b.click("#sd-hint-button").await;
        b.find("#sd-hint").await;
        let before = b.view().await["empty"].as_u64().expect("empty cells");
        b.click("#sd-play-hint").await;
        b.until(&format!(
            "G.current.reply.view.empty < {before} && G.current.reply.view.hints === 1"
        ))
        .await;
        let view = b.view().await;
        let solution = solve(&view["values"]);
        let empty: Vec<usize> = (0..81).filter(|&i| view["values"][i] == 0).collect();
        let mut cursor = view["cursor"].as_u64().expect("a cursor") as usize;
        for (k, &i) in empty.iter().enumerate() {
            let d = solution[i];
            if k % 2 == 0 {
                // The mouse: the cell, then the digit on the pad.
                b.click(&format!("[data-cell=\"{i}\"]")).await;
                b.until(&format!("G.current.reply.view.cursor === {i}"))
                    .await;
                b.click(&format!(".pad [data-digit=\"{d}\"]")).await;
            } else {
                // The keyboard: arrows from the cursor, then the digit.
                let dr = (i / 9) as i32 - (cursor / 9) as i32;
                let dc = (i % 9) as i32 - (cursor % 9) as i32;
                let mut keys = String::new();
                let (vert, horiz) = (
                    if dr >= 0 { Key::Down } else { Key::Up },
                    if dc >= 0 { Key::Right } else { Key::Left },
                );
                for _ in 0..dr.abs() {
                    keys.push(char::from(vert));
                }
                for _ in 0..dc.abs() {
                    keys.push(char::from(horiz));
                }
                keys.push(char::from(b'0' + d));
                b.keys(&keys).await;
            }
            b.until(&format!("G.current.reply.view.values[{i}] === {d}"))
                .await;
            cursor = i;
            if k == empty.len() / 2 {
                b.screenshot("sudoku-1280x800.png").await;
            }
        }
        b.find("#sd-solved").await;
        let view = b.view().await;
        assert_eq!(view["solved"], true);
        assert_eq!(view["hints"], 1);
        let (p50, p95, n) = b.timings().await;
        eprintln!(
            "browser: page weight {weight} bytes (uncompressed files {} bytes); click to redraw over {n} moves: median {p50:.1} ms, p95 {p95:.1} ms",
            grilles::web::page_bytes()
        );
        // A refused move is said on the page and changes nothing.
        let given = (0..81)
            .find(|&i| view["givens"][i] == true)
            .expect("a given");
        b.click(&format!("[data-cell=\"{given}\"]")).await;
        b.keys("5").await;
        b.until("document.getElementById('notice').textContent.includes('given')")
            .await;
        b.close().await;

        // The other variants draw, on a phone too.
        let phone = Browser::start(390, 844).await;
        phone.goto(&server.url).await;
        phone.click("#new-sudoku").await;
        phone.select("#sd-variant", "killer").await;
        phone.click("#sd-start").await;
        phone.find(".cage").await;
        phone.find(".sum").await;
        phone.screenshot("sudoku-killer-390x844.png").await;
        phone.close().await;
    });
}

#[test]
fn a_defi_game_is_played_to_its_result_and_replayed() {
    scenario(|server| async move {
        let b = Browser::start(1280, 800).await;
        b.goto(&format!("{}#/new/defi", server.url)).await;
        b.select("#df-bots", "1").await;
        b.select("#df-challenge", "express").await;
        b.select("#df-chrono", "120").await;
        b.select("#df-pace", "0").await;
        b.click("#df-start").await;
        b.find("#df-scores").await;
        b.find("#df-chrono").await;
        let first = b.view().await;
        let givens: Vec<u64> = (0..81)
            .map(|i| {
                if first["board"]["givens"][i] == true {
                    first["board"]["values"][i].as_u64().unwrap_or(0)
                } else {
                    0
                }
            })
            .collect();
        let solution = solve(&json!(givens));
        let mut moves = 0;
        for _ in 0..200 {
            let v = b.view().await;
            if v["over"] == true {
                break;
            }
            if v["human_to_move"] != true {
                tokio::time::sleep(Duration::from_millis(30)).await;
                continue;
            }
            let i = (0..81)
                .find(|&i| v["board"]["values"][i] == 0)
                .expect("an empty cell");
            let d = solution[i];
            let entries = v["log"].as_array().map_or(0, Vec::len);
            b.click(&format!("[data-cell=\"{i}\"]")).await;
            b.until(&format!("G.current.reply.view.cursor === {i}"))
                .await;
            if moves % 2 == 0 {
                b.keys(&d.to_string()).await;
            } else {
                b.click(&format!(".pad [data-digit=\"{d}\"]")).await;
            }
            b.until(&format!("G.current.reply.view.board.values[{i}] !== 0 || G.current.reply.view.log.length !== {entries}")).await;
            moves += 1;
            if moves == 6 {
                b.screenshot("defi-1280x800.png").await;
            }
        }
        let result = b.find("#df-result").await.text().await.expect("a result");
        assert!(result.contains("won with"), "{result}");
        // The explained replay: each entry with why it is right.
        b.click("#df-replay-button").await;
        b.find("#df-replay").await;
        b.click("#df-next").await;
        b.click("#df-next").await;
        b.until("G.current.reply.view.replay && G.current.reply.view.replay.step === 2")
            .await;
        let why = b.find("#df-replay .popup").await.text().await.expect("why");
        assert!(why.contains("entered"), "{why}");
        b.keys(&char::from(Key::Right).to_string()).await;
        b.until("G.current.reply.view.replay.step === 3").await;
        b.click("#df-end-replay").await;
        b.find("#df-result").await;
        b.close().await;
    });
}

#[test]
fn a_solitaire_deal_is_cleared_with_clicks() {
    scenario(|server| async move {
        let b = Browser::start(1280, 800).await;
        // A KMahjongg file sent from the page, previewed, then played to the end.
        let file =
            std::env::temp_dir().join(format!("grilles-small-{}.layout", std::process::id()));
        std::fs::write(&file, SMALL_LAYOUT).expect("a layout file");
        b.goto(&format!("{}#/new/solitaire", server.url)).await;
        b.find("[data-layout=\"turtle\"]").await;
        b.find("#sl-file")
            .await
            .send_keys(&file.display().to_string())
            .await
            .expect("the file is chosen");
        b.find("#sl-uploaded .preview").await;
        b.click("#sl-start").await;
        b.find("#sl-board svg").await;
        assert_eq!(b.view().await["total"], 16);
        let mut pairs = 0;
        while b.view().await["cleared"] != true {
            assert!(pairs < 8, "more pairs than tiles");
            b.click("#sl-hint-button").await;
            b.find("#sl-hint").await;
            let pair = b.view().await["hint"].clone();
            let (a, z) = (
                pair[0].as_u64().expect("a tile"),
                pair[1].as_u64().expect("a tile"),
            );
            let left = b.view().await["remaining"].as_u64().expect("tiles left");
            if pairs == 1 {
                // The keyboard: Tab from free tile to free tile, Enter picks.
                for t in [a, z] {
                    for _ in 0..20 {
                        if b.js(&format!(
                            "return !!document.querySelector('g.tile.kbd[data-index=\"{t}\"]');"
                        ))
                        .await
                            == json!(true)
                        {
                            break;
                        }
                        b.keys(&char::from(Key::Tab).to_string()).await;
                    }
                    b.keys(&char::from(Key::Enter).to_string()).await;
                    b.until(&format!("G.current.reply.view.selected === {t} || G.current.reply.view.remaining < {left}")).await;
                }
            } else {
                b.click(&format!("g.tile[data-index=\"{a}\"]")).await;
                b.until(&format!("G.current.reply.view.selected === {a}"))
                    .await;
                b.click(&format!("g.tile[data-index=\"{z}\"]")).await;
            }
            b.until(&format!("G.current.reply.view.remaining === {}", left - 2))
                .await;
            pairs += 1;
        }
        let status = b.find("#sl-status").await.text().await.expect("a status");
        assert!(status.contains("Cleared"), "{status}");
        assert!(
            b.find("#notice")
                .await
                .text()
                .await
                .expect("a notice")
                .contains("Cleared in")
        );
        b.find("#sl-best table").await;
        let _ = std::fs::remove_file(&file);

        // The Turtle, part played, for the pictures.
        b.goto(&format!("{}#/new/solitaire", server.url)).await;
        b.click("[data-layout=\"turtle\"]").await;
        b.click("#sl-start").await;
        b.find("#sl-board svg").await;
        for _ in 0..4 {
            b.keys("h").await;
            b.find("#sl-play-hint").await;
            let left = b.view().await["remaining"].as_u64().expect("tiles left");
            b.keys("h").await;
            b.until(&format!("G.current.reply.view.remaining === {}", left - 2))
                .await;
        }
        let pair = {
            b.click("#sl-hint-button").await;
            b.find("#sl-hint").await;
            b.view().await["hint"][0].as_u64().expect("a tile")
        };
        b.click(&format!("g.tile[data-index=\"{pair}\"]")).await;
        b.until(&format!("G.current.reply.view.selected === {pair}"))
            .await;
        b.screenshot("solitaire-1280x800.png").await;
        let id = b.js("return G.current.id;").await;
        b.close().await;
        let phone = Browser::start(390, 844).await;
        phone
            .goto(&format!(
                "{}#/game/{}",
                server.url,
                id.as_str().expect("an id")
            ))
            .await;
        phone.find("#sl-board svg").await;
        phone.screenshot("solitaire-390x844.png").await;
        phone.close().await;
    });
}

#[test]
fn a_mahjong_round_is_played_to_its_score_screen() {
    scenario(|server| async move {
        let b = Browser::start(1280, 800).await;
        b.goto(&format!("{}#/new/mahjong", server.url)).await;
        b.select("#mj-rounds", "1").await;
        b.select("#mj-claims", "0").await;
        b.select("#mj-pace", "0").await;
        b.select("#mj-bot1", "expert").await;
        b.click("#mj-start").await;
        b.find("#mj-hand").await;
        let mut turns = 0;
        for _ in 0..600 {
            let v = b.view().await;
            if !v["results"].is_null() {
                break;
            }
            let marker = b.js("return JSON.stringify([G.current.reply.view.hand, G.current.reply.view.log.length, G.current.reply.view.seats.map(s => s.discards.length)]);").await;
            if v["own_turn"] == true {
                if let Some(c) = v["choices"]
                    .as_array()
                    .and_then(|c| c.iter().find(|c| c["text"] == "Mah-jong!"))
                {
                    b.click(&format!("button.choice[data-choice=\"{}\"]", c["index"]))
                        .await;
                } else if turns % 2 == 0 {
                    // Click a tile to choose it (the one drawn is chosen first), again to
                    // discard it.
                    let first = "#mj-hand button.tile[data-index=\"0\"]";
                    b.click(first).await;
                    b.until(
                        "document.querySelector('#mj-hand button.tile.chosen[data-index=\"0\"]')",
                    )
                    .await;
                    b.click(first).await;
                } else {
                    b.keys(&char::from(Key::Enter).to_string()).await;
                }
                turns += 1;
                if turns == 4 {
                    b.screenshot("mahjong-1280x800.png").await;
                }
            } else if v["waiting"].is_null()
                && b.js("return !!document.getElementById('mj-pass');").await == json!(true)
            {
                match v["choices"]
                    .as_array()
                    .and_then(|c| c.iter().find(|c| c["text"] == "Mah-jong!"))
                {
                    Some(c) => {
                        b.keys(&(c["index"].as_u64().unwrap_or(0) + 1).to_string())
                            .await
                    }
                    None => b.keys("p").await,
                }
            } else {
                tokio::time::sleep(Duration::from_millis(40)).await;
                continue;
            }
            b.until(&format!("JSON.stringify([G.current.reply.view.hand, G.current.reply.view.log.length, G.current.reply.view.seats.map(s => s.discards.length)]) !== {marker} || G.current.reply.view.results")).await;
        }
        let results = b
            .find("#mj-results")
            .await
            .text()
            .await
            .expect("the results");
        assert!(results.contains("Round 1"), "{results}");
        assert!(results.contains("Totals"), "{results}");
        let view = b.view().await;
        let seats = view["results"]["seats"].as_array().expect("four seats");
        assert_eq!(seats.len(), 4);
        assert_eq!(
            seats
                .iter()
                .map(|s| s["net"].as_i64().unwrap_or(0))
                .sum::<i64>(),
            0
        );
        assert!(
            view["results"]["finished"] == true,
            "one round was asked for"
        );
        b.screenshot("mahjong-results-1280x800.png").await;
        b.click("a[href=\"#/help/mahjong\"]").await;
        b.find("#mj-points").await;
        b.close().await;
        let phone = Browser::start(390, 844).await;
        phone.goto(&format!("{}#/new/mahjong", server.url)).await;
        phone.select("#mj-pace", "0").await;
        phone.click("#mj-start").await;
        phone.find("#mj-hand").await;
        phone.screenshot("mahjong-390x844.png").await;
        phone.close().await;
    });
}
