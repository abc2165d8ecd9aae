//! Long calls from Python: run off the GIL on a worker thread while the calling thread
//! watches for Ctrl-C (`KeyboardInterrupt`) and the call's timeout, both of which raise the
//! library's cancel flag; and per-item timeouts for batches (a watchdog raising each
//! worker's flag when its item runs late).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// How often the calling thread looks for Ctrl-C.
const SIGNAL_PERIOD: Duration = Duration::from_millis(20);
/// How often the watchdog of a batch looks at the items' deadlines.
const WATCHDOG_PERIOD: Duration = Duration::from_millis(1);

/// A timeout in seconds as Python gives it (`None`: no limit), checked.
pub fn duration(timeout: Option<f64>) -> PyResult<Option<Duration>> {
    match timeout {
        None => Ok(None),
        Some(t) if t.is_finite() && t >= 0.0 => Ok(Some(Duration::from_secs_f64(t))),
        Some(t) => Err(PyValueError::new_err(format!(
            "timeout must be a finite number of seconds >= 0, not {t}"
        ))),
    }
}

/// The seeds `seed` … `seed + count - 1`, refused when they would pass `u64::MAX` (seeds
/// never wrap).
pub fn seeds(seed: u64, count: u64) -> PyResult<std::ops::Range<u64>> {
    seed.checked_add(count)
        .map(|end| seed..end)
        .ok_or_else(|| crate::errors::value_err("the seeds would pass 2**64 - 1"))
}

/// A count limit as Python gives it: at least 1.
pub fn limit(limit: u64) -> PyResult<u64> {
    if limit == 0 {
        return Err(crate::errors::value_err("limit must be at least 1"));
    }
    Ok(limit)
}

/// Runs `work` without the GIL on a new thread, handing it a cancel flag. The flag is
/// raised when `timeout` passes or when Ctrl-C is pressed; in the second case the call
/// raises `KeyboardInterrupt` once `work` has stopped. `work` maps the library's stop to
/// the package's exceptions itself (see [`crate::errors::stopped`]).
pub fn run<T, F>(py: Python<'_>, timeout: Option<f64>, work: F) -> PyResult<T>
where
    F: FnOnce(&Arc<AtomicBool>) -> PyResult<T> + Send,
    T: Send,
{
    let limit = duration(timeout)?;
    let flag = Arc::new(AtomicBool::new(false));
    let deadline = limit.map(|l| Instant::now() + l);
    let mut signal: Option<PyErr> = None;
    let out = py.detach(|| {
        std::thread::scope(|s| {
            let (tx, rx) = mpsc::channel();
            let worker_flag = &flag;
            s.spawn(move || {
                let _ = tx.send(work(worker_flag));
            });
            loop {
                let wait = match deadline {
                    Some(d) if !flag.load(Ordering::Relaxed) => d
                        .saturating_duration_since(Instant::now())
                        .min(SIGNAL_PERIOD),
                    _ => SIGNAL_PERIOD,
                };
                match rx.recv_timeout(wait) {
                    Ok(v) => return Some(v),
                    Err(mpsc::RecvTimeoutError::Disconnected) => return None,
                    Err(mpsc::RecvTimeoutError::Timeout) => {
                        if deadline.is_some_and(|d| Instant::now() >= d) {
                            flag.store(true, Ordering::Relaxed);
                        }
                        if signal.is_none()
                            && let Err(e) = Python::attach(|py| py.check_signals())
                        {
                            flag.store(true, Ordering::Relaxed);
                            signal = Some(e);
                        }
                    }
                }
            }
        })
    });
    if let Some(e) = signal {
        return Err(e);
    }
    match out {
        Some(v) => v,
        None => Err(crate::errors::value_err(
            "the call failed (a worker stopped)",
        )),
    }
}

/// The per-item timeouts of a batch: one slot per worker thread, holding the flag handed to
/// that worker's engines and the deadline of the item it works on. [`Watchdog::tick`],
/// called every millisecond by a timer thread, raises the flags of late items, and every
/// flag once the whole call is cancelled.
pub struct Watchdog {
    slots: Vec<Mutex<Slot>>,
    limit: Option<Duration>,
    cancel: Arc<AtomicBool>,
}

struct Slot {
    deadline: Option<Instant>,
    flag: Arc<AtomicBool>,
}

impl Watchdog {
    /// A watchdog of `workers` slots, items limited to `limit`, the whole call to `cancel`.
    pub fn new(workers: usize, limit: Option<Duration>, cancel: Arc<AtomicBool>) -> Watchdog {
        Watchdog {
            slots: (0..workers.max(1))
                .map(|_| {
                    Mutex::new(Slot {
                        deadline: None,
                        flag: Arc::new(AtomicBool::new(false)),
                    })
                })
                .collect(),
            limit,
            cancel,
        }
    }

    /// The flag of worker `worker` (its engines keep it for the whole batch): without a
    /// limit per item, the call's own cancel flag.
    pub fn flag(&self, worker: usize) -> Arc<AtomicBool> {
        if self.limit.is_none() {
            return Arc::clone(&self.cancel);
        }
        Arc::clone(&self.slot(worker).flag)
    }

    fn slot(&self, worker: usize) -> std::sync::MutexGuard<'_, Slot> {
        let i = worker % self.slots.len();
        self.slots[i].lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Starts an item on `worker`: its flag lowered (unless the call is cancelled), its
    /// deadline set.
    pub fn start(&self, worker: usize) {
        if self.limit.is_none() {
            return;
        }
        let mut slot = self.slot(worker);
        slot.flag
            .store(self.cancel.load(Ordering::Relaxed), Ordering::Relaxed);
        slot.deadline = self.limit.map(|l| Instant::now() + l);
    }

    /// Ends the item of `worker`: whether it was stopped by its own deadline (and not by the
    /// cancellation of the call).
    pub fn finish(&self, worker: usize) -> bool {
        if self.limit.is_none() {
            return false;
        }
        let mut slot = self.slot(worker);
        slot.deadline = None;
        slot.flag.load(Ordering::Relaxed) && !self.cancel.load(Ordering::Relaxed)
    }

    /// Raises the flags of late items (all of them once the call is cancelled).
    pub fn tick(&self) {
        let now = Instant::now();
        let all = self.cancel.load(Ordering::Relaxed);
        for s in &self.slots {
            let slot = s.lock().unwrap_or_else(|p| p.into_inner());
            if all || slot.deadline.is_some_and(|d| now >= d) {
                slot.flag.store(true, Ordering::Relaxed);
            }
        }
    }

    /// Runs `work` while a timer thread ticks the watchdog (only when items have a limit:
    /// otherwise the engines look at the call's cancel flag themselves).
    pub fn watch<T: Send>(&self, work: impl FnOnce() -> T + Send) -> T {
        if self.limit.is_none() {
            return work();
        }
        let done = AtomicBool::new(false);
        std::thread::scope(|s| {
            s.spawn(|| {
                while !done.load(Ordering::Relaxed) {
                    self.tick();
                    std::thread::sleep(WATCHDOG_PERIOD);
                }
            });
            let out = work();
            done.store(true, Ordering::Relaxed);
            out
        })
    }
}

/// The thread pool of a batch: `threads` workers (`None`: one per core).
pub fn pool(threads: Option<usize>) -> PyResult<rayon::ThreadPool> {
    let mut b = rayon::ThreadPoolBuilder::new();
    if let Some(t) = threads {
        if t == 0 {
            return Err(PyValueError::new_err("threads must be at least 1"));
        }
        b = b.num_threads(t);
    }
    b.build()
        .map_err(|e| crate::errors::value_err(format!("no thread pool: {e}")))
}
