//! Work off the screen's thread: puzzle generation and the solitaire solver run in a thread
//! of their own, so the screen never freezes; the screen polls for the answer.

use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::thread;

/// A computation running in its own thread.
#[derive(Debug)]
pub struct Job<T> {
    rx: Receiver<T>,
}

impl<T: Send + 'static> Job<T> {
    /// Starts `work` in a new thread.
    pub fn spawn(work: impl FnOnce() -> T + Send + 'static) -> Job<T> {
        let (tx, rx) = channel();
        thread::spawn(move || {
            // The receiver may be gone (the job was abandoned): nothing to tell then.
            let _ = tx.send(work());
        });
        Job { rx }
    }

    /// The answer, if it has come (`Some(None)`: the thread died without one).
    pub fn poll(&self) -> Option<Option<T>> {
        match self.rx.try_recv() {
            Ok(v) => Some(Some(v)),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => Some(None),
        }
    }

    /// Waits for the answer (`None`: the thread died without one).
    pub fn wait(&self) -> Option<T> {
        self.rx.recv().ok()
    }
}
