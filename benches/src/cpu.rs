//! A criterion measurement of the CPU time of the measuring thread, instead of wall-clock
//! time: on a machine shared with other jobs, the time a benchmark spends waiting for a core
//! does not count, so one benchmark run during a burst of load is not slowed alone.
//!
//! ```no_run
//! use benches::cpu::ThreadCpuTime;
//! use criterion::Criterion;
//!
//! let mut c = Criterion::default().with_measurement(ThreadCpuTime);
//! c.bench_function("sum", |b| b.iter(|| (0..1000u64).sum::<u64>()));
//! ```

use std::time::Duration;

use cpu_time::ThreadTime;
use criterion::Throughput;
use criterion::measurement::{Measurement, ValueFormatter};

/// CPU time of the thread running the benchmark (criterion calls `start` and `end` on it).
#[derive(Clone, Copy, Debug, Default)]
pub struct ThreadCpuTime;

impl Measurement for ThreadCpuTime {
    type Intermediate = ThreadTime;
    type Value = Duration;

    fn start(&self) -> ThreadTime {
        ThreadTime::now()
    }

    fn end(&self, start: ThreadTime) -> Duration {
        start.elapsed()
    }

    fn add(&self, a: &Duration, b: &Duration) -> Duration {
        *a + *b
    }

    fn zero(&self) -> Duration {
        Duration::ZERO
    }

    fn to_f64(&self, value: &Duration) -> f64 {
        value.as_nanos() as f64
    }

    fn formatter(&self) -> &dyn ValueFormatter {
        &CpuFormatter
    }
}

/// Prints CPU nanoseconds as times and throughputs, with the units of criterion's own
/// wall-clock formatter.
struct CpuFormatter;

/// The unit and divisor of a rate.
fn rate_unit(per_second: f64, names: [&'static str; 4], step: f64) -> (f64, &'static str) {
    let mut divisor = 1.0;
    for name in &names[..3] {
        if per_second < divisor * step {
            return (divisor, name);
        }
        divisor *= step;
    }
    (divisor, names[3])
}

impl ValueFormatter for CpuFormatter {
    fn scale_values(&self, ns: f64, values: &mut [f64]) -> &'static str {
        let (factor, unit) = if ns < 1.0 {
            (1e3, "ps")
        } else if ns < 1e3 {
            (1.0, "ns")
        } else if ns < 1e6 {
            (1e-3, "µs")
        } else if ns < 1e9 {
            (1e-6, "ms")
        } else {
            (1e-9, "s")
        };
        for v in values {
            *v *= factor;
        }
        unit
    }

    fn scale_throughputs(
        &self,
        typical: f64,
        throughput: &Throughput,
        values: &mut [f64],
    ) -> &'static str {
        let (amount, names, step) = match *throughput {
            Throughput::Elements(n) | Throughput::ElementsAndBytes { elements: n, .. } => (
                n as f64,
                [" elem/s", "Kelem/s", "Melem/s", "Gelem/s"],
                1000.0,
            ),
            Throughput::Bytes(n) => (n as f64, ["  B/s", "KiB/s", "MiB/s", "GiB/s"], 1024.0),
            Throughput::BytesDecimal(n) => (n as f64, ["  B/s", "KB/s", "MB/s", "GB/s"], 1000.0),
            Throughput::Bits(n) => (n as f64, ["  b/s", "Kb/s", "Mb/s", "Gb/s"], 1000.0),
        };
        let (divisor, unit) = rate_unit(amount * 1e9 / typical, names, step);
        for v in values {
            *v = amount * 1e9 / *v / divisor;
        }
        unit
    }

    fn scale_for_machines(&self, _values: &mut [f64]) -> &'static str {
        "ns"
    }
}
