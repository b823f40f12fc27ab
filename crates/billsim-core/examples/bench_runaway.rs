//! How long one month of lesson 002's `runawayTenant` takes natively: the month's traffic
//! generated and run under its five policies, as the widget's click will need it (the
//! timeline kept), and with every event kept (what `billsim run` does for its report).
//!
//! ```text
//! cargo run --release -p billsim-core --example bench_runaway
//! ```
//!
//! Each sample is one month (seeds 0 to 59, one per sample, after 5 warm-up months); the
//! table gives the median, the 95th percentile and the slowest.

use billsim_core::engine::Record;
use billsim_core::scenario::registry::find;
use billsim_core::scenario::{self, Values};
use std::hint::black_box;
use std::time::Instant;

const MONTHS: u32 = 60;

fn sample(record: Record) -> (Vec<f64>, usize) {
    let scenario = find("runawayTenant").expect("registered");
    let values = Values::defaults(scenario);
    let mut calls = 0;
    for seed in 0..5 {
        black_box(scenario::run(scenario, seed, &values, None, record).expect("runs"));
    }
    let mut ms: Vec<f64> = (0..MONTHS)
        .map(|seed| {
            let start = Instant::now();
            let run = black_box(scenario::run(scenario, seed, &values, None, record).expect("runs"));
            let took = start.elapsed().as_secs_f64() * 1e3;
            calls = calls.max(run.users.iter().map(|u| u.calls as usize).sum());
            took
        })
        .collect();
    ms.sort_by(f64::total_cmp);
    (ms, calls)
}

fn main() {
    println!("{:<62} {:>8} {:>8} {:>8}", "native, ms per month (five policies)", "median", "p95", "slowest");
    for (what, record) in [
        ("counts and timeline (the widget's click)", Record::default()),
        ("counts only", Record::COUNTS),
        ("every event (billsim run's report)", Record::EVERYTHING),
    ] {
        let (ms, calls) = sample(record);
        let p95 = ms[(ms.len() * 95).div_ceil(100) - 1];
        println!(
            "{:<62} {:>8.2} {:>8.2} {:>8.2}",
            format!("{what}, up to {calls} calls"),
            ms[ms.len() / 2],
            p95,
            ms[ms.len() - 1]
        );
    }
}
