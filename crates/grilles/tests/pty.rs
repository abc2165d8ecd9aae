//! The real binary in a pseudo-terminal of 80×24: the menu, each game's first screen, a
//! game started, and a clean exit.

use std::io::{Read, Write};
use std::num::NonZeroU16;
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use portable_pty::{CommandBuilder, PtySize, native_pty_system};

struct Session {
    parser: vt100::Parser,
    rx: Receiver<Vec<u8>>,
    writer: Box<dyn Write + Send>,
    child: Box<dyn portable_pty::Child + Send + Sync>,
}

impl Session {
    fn screen(&self) -> String {
        self.parser.screen().contents()
    }

    /// Reads the program's output until the screen shows `text` (or 20 s pass).
    fn expect(&mut self, text: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            while let Ok(bytes) = self.rx.try_recv() {
                self.parser.process(&bytes);
            }
            let screen = self.screen();
            if screen.contains(text) {
                return screen;
            }
            assert!(
                Instant::now() < deadline,
                "the screen never showed {text:?}; it shows:\n{screen}"
            );
            if let Ok(bytes) = self.rx.recv_timeout(Duration::from_millis(50)) {
                self.parser.process(&bytes);
            }
        }
    }

    fn send(&mut self, bytes: &[u8]) {
        self.writer
            .write_all(bytes)
            .expect("written to the terminal");
        self.writer.flush().expect("flushed");
        // A lone Esc is told from the start of a sequence by the pause after it.
        std::thread::sleep(Duration::from_millis(150));
    }
}

fn start() -> Option<Session> {
    let pty = native_pty_system();
    let pair = match pty.openpty(PtySize {
        rows: 24,
        cols: 80,
        pixel_width: 0,
        pixel_height: 0,
    }) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("skipped: no pseudo-terminal on this machine ({e})");
            return None;
        }
    };
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("grilles-pty");
    let _ = std::fs::remove_dir_all(&dir);
    let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_grilles"));
    cmd.arg("--save-dir");
    cmd.arg(&dir);
    cmd.arg("--seed");
    cmd.arg("7");
    cmd.env("TERM", "xterm-256color");
    let child = pair.slave.spawn_command(cmd).expect("grilles starts");
    drop(pair.slave);
    let mut reader = pair.master.try_clone_reader().expect("a reader");
    let writer = pair.master.take_writer().expect("a writer");
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        let mut buf = [0u8; 8192];
        while let Ok(n) = reader.read(&mut buf) {
            if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                break;
            }
        }
    });
    // Keep the master open for the session's life.
    std::mem::forget(pair.master);
    let size = |n| NonZeroU16::new(n).expect("not zero");
    Some(Session {
        parser: vt100::Parser::new(size(24), size(80), 0),
        rx,
        writer,
        child,
    })
}

#[test]
fn the_binary_opens_each_game_and_quits_cleanly() {
    let Some(mut s) = start() else {
        return;
    };
    s.expect("1  Sudoku");
    s.expect("4  French mahjong");
    for (key, title) in [
        (b"1", "New sudoku"),
        (b"2", "New Défi Sudoku"),
        (b"3", "New mahjong solitaire"),
        (b"4", "New game of French mahjong"),
    ] {
        s.send(key);
        s.expect(title);
        s.send(b"\x1b");
        s.expect("Choose a game");
    }
    // Start a solitaire: the board and its help line, then back and quit.
    s.send(b"3");
    s.expect("New mahjong solitaire");
    s.send(b"\r");
    let screen = s.expect("Tiles 144");
    assert!(screen.contains("h:hint"), "{screen}");
    s.send(b"\x1b");
    s.expect("(in progress)");
    s.send(b"q");
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        if let Some(status) = s.child.try_wait().expect("the child's status") {
            assert!(status.success(), "exit status {status:?}");
            break;
        }
        assert!(Instant::now() < deadline, "grilles did not quit");
        std::thread::sleep(Duration::from_millis(50));
    }
    let saved = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("grilles-pty")
        .join("solitaire.json");
    assert!(saved.exists(), "the solitaire was not saved on quitting");
}
