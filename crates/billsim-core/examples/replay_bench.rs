//! Times a replay: a generic CSV log of 1,000,000 calls (written in memory by the
//! generator, never committed) read and replayed under the three main policies.
//!
//! ```text
//! cargo run --release -p billsim-core --example replay_bench             # 1,000,000 calls, 10,000 users
//! cargo run --release -p billsim-core --example replay_bench -- 100000   # another size
//! cargo run --release -p billsim-core --example replay_bench -- 1000000 --write > big.csv  # the log alone
//! cargo run --release -p billsim-core --example replay_bench -- --prices > prices.csv  # its models' prices
//! cargo run --release -p billsim-core --example replay_bench -- 1000000 --json  # the times as JSON
//! cargo run --release -p billsim-core --example replay_bench -- --file log.json --json  # another log
//! ```
//!
//! With `--file`, the log is that file (in any format the replay reads, its models among the
//! generator's), read into memory first as the generated one is.

use billsim_core::engine::{synthetic, Record};
use billsim_core::replay::{self, export, run, Options};
use std::io::Write;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let calls: u32 = args.first().and_then(|a| a.parse().ok()).unwrap_or(1_000_000);
    let users = (calls / 100).max(1);
    if args.iter().any(|a| a == "--prices") {
        // The generator's two models, as a price table the page (or --prices) reads.
        let mut out = String::from("model,input_per_million,output_per_million\n");
        for (model, p) in synthetic::prices().0 {
            let per_million = |m: billsim_core::Micros| format!("{}.{:06}", m.0 / 1_000_000, m.0 % 1_000_000);
            out.push_str(&format!(
                "{model},{},{}\n",
                per_million(p.input_per_million()),
                per_million(p.output_per_million())
            ));
        }
        print!("{out}");
        return;
    }
    let file = args.iter().position(|a| a == "--file").map(|at| args.get(at + 1).expect("--file takes a path"));
    let mut log = Vec::new();
    match file {
        Some(path) => log = std::fs::read(path).unwrap_or_else(|e| panic!("{path}: {e}")),
        None => export::synthetic_log(1, calls, users, &mut log).expect("the generator writes to memory"),
    }
    if args.iter().any(|a| a == "--write") {
        let _ = std::io::stdout().lock().write_all(&log);
        return;
    }
    let prices = synthetic::prices();
    let mut samples = Vec::new();
    let mut read_counts = (0, 0);
    for _ in 0..5 {
        let (start, cpu) = (Instant::now(), cpu_ms());
        // Its size given, as `billsim replay FILE` gives a file's.
        let options = Options { bytes: Some(log.len() as u64), ..Options::default() };
        let read = replay::read(&log[..], &options).expect("the log reads");
        let read_ms = start.elapsed().as_secs_f64() * 1e3;
        read_counts = (read.calls.len() as u32, read.users.len() as u32);
        let out = run::run(&read, None, Some(&prices), Record::default()).expect("the replay runs");
        let total_ms = start.elapsed().as_secs_f64() * 1e3;
        std::hint::black_box(&out);
        samples.push((read_ms, total_ms, cpu_ms().map(|c| c - cpu.unwrap_or(0.0))));
    }
    samples.sort_by(|a, b| a.1.total_cmp(&b.1));
    let (read_ms, total_ms, cpu) = samples[samples.len() / 2];
    // The counts of the log read (a file's are not known before).
    let (calls, users) = read_counts;
    if args.iter().any(|a| a == "--json") {
        let min = samples.iter().map(|s| s.1).fold(f64::INFINITY, f64::min);
        println!(
            "{{\"calls\": {calls}, \"users\": {users}, \"bytes\": {}, \"readMs\": {read_ms:.1}, \"medianMs\": {total_ms:.1},              \"minMs\": {min:.1}, \"cpuMs\": {}}}",
            log.len(),
            cpu.map_or("null".to_string(), |c| format!("{c:.1}"))
        );
        return;
    }
    let cpu = cpu.map_or(String::new(), |c| format!(", {c:.0} ms of CPU time"));
    println!(
        "{calls} calls, {users} users, {:.1} MB of log: read {read_ms:.0} ms; read and replayed under 3 policies \
         {total_ms:.0} ms{cpu} (median of {})",
        log.len() as f64 / 1e6,
        samples.len()
    );
}

/// This process's CPU time so far, in ms (Linux: /proc/self/schedstat), to read beside the
/// wall time on a machine shared with other work.
fn cpu_ms() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/self/schedstat").ok()?;
    Some(text.split_whitespace().next()?.parse::<f64>().ok()? / 1e6)
}
