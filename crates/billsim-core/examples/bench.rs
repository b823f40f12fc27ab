//! The native half of `scripts/bench`: times the core's own work with `std::time::Instant`
//! and prints the median of repeated runs (no harness, no dependencies).
//!
//! ```text
//! cargo run --release -p billsim-core --example bench            # a table
//! cargo run --release -p billsim-core --example bench -- --json  # one JSON object (bench/run.mjs reads it)
//! ```
//!
//! It is built with the workspace's release profile (opt-level 3, LTO), the same profile
//! the wasm module is built with, so the wasm / native ratios compare like with like.
//! Every row runs the default settings (5 requests a minute, a $0.25 daily budget).
//! `bench/wasm-node.mjs` runs the very same rows on the wasm build; keep the two in step.

use billsim_core::engine::{self, synthetic, Record};
use billsim_core::lessons::toy_day::many_days::{days_spread, many_days};
use billsim_core::{simulate_day, Settings};
use std::hint::black_box;
use std::time::Instant;

/// Days per sample of the one-day row: one day takes microseconds, so each sample times
/// a batch (seeds 0 to 99) and reports the time per day.
const DAYS_PER_SAMPLE: u32 = 100;

/// The synthetic traffic of the engine rows.
const SYNTHETIC_CALLS: u32 = 1_000_000;
const SYNTHETIC_USERS: u32 = 10_000;

struct Row {
    id: &'static str,
    what: &'static str,
    samples: Vec<f64>, // milliseconds per unit, one per sample
}

impl Row {
    fn median(&self) -> f64 {
        quantile(&self.samples, 0.5)
    }

    /// The fastest run: the least disturbed by other work on the machine.
    fn min(&self) -> f64 {
        self.samples.iter().copied().fold(f64::INFINITY, f64::min)
    }
}

/// The q-quantile by the nearest-rank method (the median of an even count is the mean of the middle two).
fn quantile(values: &[f64], q: f64) -> f64 {
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    if q == 0.5 && v.len() % 2 == 0 {
        return (v[v.len() / 2 - 1] + v[v.len() / 2]) / 2.0;
    }
    let rank = ((q * v.len() as f64).ceil() as usize).clamp(1, v.len());
    v[rank - 1]
}

/// Runs `f` `warmup` times, then `samples` times; each sample's time is divided by `units`.
fn measure(
    id: &'static str,
    what: &'static str,
    (warmup, samples): (usize, usize),
    units: u32,
    mut f: impl FnMut(),
) -> Row {
    for _ in 0..warmup {
        f();
    }
    let samples = (0..samples)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed().as_secs_f64() * 1e3 / f64::from(units)
        })
        .collect();
    Row { id, what, samples }
}

fn main() {
    let json = std::env::args().any(|a| a == "--json");
    let settings = Settings::default();
    // The 10,000-day row has no warm-up run of its own: the rows before it warm the same code.
    let traffic = synthetic::traffic(0, SYNTHETIC_CALLS, SYNTHETIC_USERS).expect("valid traffic");
    let policy = synthetic::three_guards();
    let prices = synthetic::prices();
    let rows = [
        measure("day", "simulate_day: one day under the three policies", (1, 41), DAYS_PER_SAMPLE, || {
            for seed in 0..DAYS_PER_SAMPLE {
                black_box(simulate_day(black_box(seed), black_box(&settings)).expect("no overflow"));
            }
        }),
        measure("spread200", "days_spread(0, 200): the widget's 200-day line", (1, 31), 1, || {
            black_box(days_spread(black_box(0), black_box(200), black_box(&settings)).expect("no overflow"));
        }),
        measure("days200", "many_days(0, 200)", (1, 31), 1, || {
            black_box(many_days(black_box(0), black_box(200), black_box(&settings)).expect("no overflow"));
        }),
        measure("days10000", "many_days(0, 10000)", (0, 3), 1, || {
            black_box(many_days(black_box(0), black_box(10_000), black_box(&settings)).expect("no overflow"));
        }),
        measure("engine1m", "1,000,000 calls of 10,000 users, three guards: run", (1, 5), 1, || {
            black_box(engine::run(black_box(&traffic), &policy, &prices, Record::default()).expect("priced"));
        }),
        measure("engine1mAll", "the same, traffic generated and run", (0, 3), 1, || {
            black_box(
                synthetic::bill_under_three_guards(black_box(0), SYNTHETIC_CALLS, SYNTHETIC_USERS).expect("runs"),
            );
        }),
    ];
    if json {
        let fields: Vec<String> = rows
            .iter()
            .map(|r| {
                format!(
                    "\"{}\":{{\"medianMs\":{},\"minMs\":{},\"samples\":{}}}",
                    r.id,
                    r.median(),
                    r.min(),
                    r.samples.len()
                )
            })
            .collect();
        println!("{{{}}}", fields.join(","));
    } else {
        println!("{:<50} {:>12} {:>12} {:>6}", "native, ms per run", "median", "fastest", "runs");
        for r in &rows {
            println!("{:<50} {:>12.4} {:>12.4} {:>6}", r.what, r.median(), r.min(), r.samples.len());
        }
    }
}
