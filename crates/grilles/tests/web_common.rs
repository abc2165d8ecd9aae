//! Helpers of the web front's tests: a server on an ephemeral loopback port, run in a
//! thread of its own, and a plain HTTP/1.1 client over a socket.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

use grilles::web::{Server, Web, WebSettings};

/// A server serving until dropped.
pub struct TestServer {
    /// `http://127.0.0.1:PORT`.
    pub base: String,
    /// The page's address with its token.
    pub url: String,
    /// The token.
    pub token: String,
    /// The server's state (its games).
    pub web: Arc<Web>,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl TestServer {
    /// Starts a server saving in `save_dir` (or nowhere), with seed `seed`.
    pub fn start(save_dir: Option<std::path::PathBuf>, seed: u64) -> TestServer {
        let (tx, rx) = std::sync::mpsc::channel();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let thread = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .expect("a runtime");
            runtime.block_on(async move {
                let settings = WebSettings {
                    save_dir,
                    seed: Some(seed),
                    ..WebSettings::default()
                };
                let server = Server::bind(settings).await.expect("the server listens");
                tx.send((server.url(), server.addr(), Arc::clone(server.web())))
                    .expect("the test waits");
                server
                    .serve(async {
                        let _ = stopped.await;
                    })
                    .await
                    .expect("the server serves");
            });
        });
        let (url, addr, web) = rx.recv().expect("the server started");
        let token = url.split("t=").nth(1).expect("a token").to_string();
        TestServer {
            base: format!("http://{addr}"),
            url,
            token,
            web,
            stop: Some(stop),
            thread: Some(thread),
        }
    }

    /// `host:port`.
    pub fn addr(&self) -> &str {
        self.base.trim_start_matches("http://")
    }

    /// A request with the token; the status and the body.
    pub fn call(&self, method: &str, path: &str, body: &str) -> (u16, String) {
        http(
            self.addr(),
            method,
            path,
            Some(&self.token),
            body.as_bytes(),
        )
    }

    /// A request with the token, that must succeed: its JSON answer.
    pub fn json(&self, method: &str, path: &str, body: &str) -> serde_json::Value {
        let (status, text) = self.call(method, path, body);
        assert!(
            (200..300).contains(&status),
            "{method} {path} {body}: {status} {text}"
        );
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: not JSON ({e}): {text}"))
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// One HTTP/1.1 request on a new connection; the status and the body (`token` in the
/// `x-grilles-token` header when given).
pub fn http(
    addr: &str,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: &[u8],
) -> (u16, String) {
    let mut stream = TcpStream::connect(addr).expect("the server accepts");
    stream
        .set_read_timeout(Some(Duration::from_secs(120)))
        .expect("a timeout");
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    if !body.is_empty() {
        head.push_str("Content-Type: application/json\r\n");
    }
    if let Some(t) = token {
        head.push_str(&format!("x-grilles-token: {t}\r\n"));
    }
    head.push_str("\r\n");
    // The server may answer (413) before the whole body is sent and close: what it said
    // is read all the same.
    let _ = stream.write_all(head.as_bytes());
    let _ = stream.write_all(body);
    let mut raw = Vec::new();
    let _ = stream.read_to_end(&mut raw);
    let text = String::from_utf8_lossy(&raw).into_owned();
    let (headers, rest) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = headers
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let chunked = headers
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked");
    let body = if chunked {
        unchunk(rest)
    } else {
        rest.to_string()
    };
    (status, body)
}

fn unchunk(mut rest: &str) -> String {
    let mut out = String::new();
    while let Some((size, tail)) = rest.split_once("\r\n") {
        let Ok(n) = usize::from_str_radix(size.trim(), 16) else {
            break;
        };
        if n == 0 || tail.len() < n {
            break;
        }
        out.push_str(&tail[..n]);
        rest = tail[n..].trim_start_matches("\r\n");
    }
    out
}

/// A tiny KMahjongg layout of 16 tiles: two rows of six, four on top.
pub const SMALL_LAYOUT: &str = "kmahjongg-layout-v1.1\nw16\nh4\nd2\n\
121212121212....\n434343434343....\n121212121212....\n434343434343....\n\
..1212..........\n..4343..........\n..1212..........\n..4343..........\n";

/// A JSON value without its clocks (`elapsed_ms`, `turn_elapsed_ms`): what a request that
/// failed must leave as it was.
pub fn without_clocks(mut v: serde_json::Value) -> serde_json::Value {
    fn strip(v: &mut serde_json::Value) {
        match v {
            serde_json::Value::Object(m) => {
                m.remove("elapsed_ms");
                m.remove("turn_elapsed_ms");
                m.values_mut().for_each(strip);
            }
            serde_json::Value::Array(a) => a.iter_mut().for_each(strip),
            _ => {}
        }
    }
    strip(&mut v);
    v
}

/// The saved form of game `id`, without its clocks.
pub fn saved(server: &TestServer, id: &str) -> serde_json::Value {
    let slot = server.web.registry().get(id).expect("the game");
    let value = slot.with(|g| g.save()).expect("not broken").expect("saved");
    without_clocks(value)
}
