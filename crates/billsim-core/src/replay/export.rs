//! A traffic written as a generic log ([`crate::replay::generic`]): what `billsim run
//! --export-log` writes, so that a replay of it can be checked against the scenario (a
//! test does, on hundreds of seeds), and what the generator of big logs writes.

use crate::engine::{synthetic, Keys, Nanos, PriceTable, Traffic};
use crate::money::Micros;
use crate::replay::status::Status;
use crate::replay::when::iso_text;
use crate::visible_text::quoted;
use crate::words::grouped;
use std::io::{self, Write};

/// The order of the rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// User by user, in the traffic's order of users, each user's calls as the traffic
    /// gives them. A replay numbers users in the order it meets them, and the engine
    /// breaks ties at one moment by user number: in this order the replay numbers them
    /// as the traffic does, so its outcome is the traffic's own, to the call.
    ByUser,
    /// In time order, as a real log is.
    ByTime,
}

/// Writes `traffic` as a generic CSV log: `time,end,user,cohort,model,input_tokens,
/// output_tokens`, then `request` when some request has several calls (without it each
/// call is a request of its own), `cost` in dollars when the traffic has logged costs, and
/// `status` (`ok` or `failed`) when some call fails (lesson 002's).
pub fn write(traffic: &Traffic, order: Order, out: impl Write) -> io::Result<()> {
    let mut w = csv::WriterBuilder::new().from_writer(out);
    let costs = !traffic.costs().is_empty();
    let mut seen = vec![false; traffic.requests()];
    let requests = traffic.calls().iter().any(|c| std::mem::replace(&mut seen[c.request as usize], true));
    let mut header = vec!["time", "end", "user", "cohort", "model", "input_tokens", "output_tokens"];
    if requests {
        header.push("request");
    }
    if costs {
        header.push("cost");
    }
    let failures = (0..traffic.calls().len()).any(|i| traffic.failed(i));
    if failures {
        header.push("status");
    }
    w.write_record(&header).map_err(io_error)?;
    let calls = traffic.calls();
    let order: Vec<usize> = match order {
        Order::ByUser => {
            let mut by_user: Vec<Vec<usize>> = vec![Vec::new(); traffic.users.len()];
            for (i, c) in calls.iter().enumerate() {
                by_user[c.user as usize].push(i);
            }
            by_user.into_iter().flatten().collect()
        }
        Order::ByTime => traffic.in_order().iter().map(|&i| i as usize).collect(),
    };
    // Keys that are not one per user (spoofed X-User headers, a shared address) are who the
    // server counts, so a log of its calls names them: they are its users.
    let keys = traffic.keys().filter(|k| !one_key_per_user(traffic, k));
    let mut row: Vec<String> = Vec::with_capacity(header.len());
    for i in order {
        let c = &calls[i];
        let user = &traffic.users[c.user as usize];
        row.clear();
        row.push(iso_text(c.at));
        row.push(iso_text(c.at.after(c.latency)));
        row.push(match keys {
            Some(k) => k.names[k.of_call[i] as usize].clone(),
            None => user.name.clone(),
        });
        row.push(traffic.cohorts[usize::from(user.cohort)].name.clone());
        row.push(traffic.models[usize::from(c.model)].clone());
        row.push(c.input.to_string());
        row.push(c.output.to_string());
        if requests {
            row.push(c.request.to_string());
        }
        if costs {
            row.push(
                traffic.costs()[i].map(|n| n.exact_dollars().trim_start_matches('$').to_string()).unwrap_or_default(),
            );
        }
        if failures {
            let status = if traffic.failed(i) { Status::Failed } else { Status::Ok };
            row.push(status.name().to_string());
        }
        w.write_record(&row).map_err(io_error)?;
    }
    w.flush()
}

/// A CSV writer's error as the io error under it, so that a reader who stops reading (a
/// closed pipe: `billsim run --export-log - | head`) is told apart from a failed write.
fn io_error(e: csv::Error) -> io::Error {
    match e.into_kind() {
        csv::ErrorKind::Io(e) => e,
        kind => io::Error::other(format!("{kind:?}")),
    }
}

/// What of `traffic` priced by `prices` a generic log cannot carry, a sentence each: a
/// replay of its log is then not this traffic's run (lesson 001's restarts have no column
/// yet; a price away from the lessons' is not written). Failed calls have their `status`.
pub fn not_carried(traffic: &Traffic, prices: &PriceTable) -> Vec<String> {
    let mut lost = Vec::new();
    let lessons = crate::replay::prices::built_in();
    for model in &traffic.models {
        let (Some(mine), Some(theirs)) = (prices.get(model), lessons.get(model)) else { continue };
        if mine != theirs {
            let per_million = |m: Micros| Nanos(m.0.saturating_mul(Nanos::PER_MICRO)).exact_dollars();
            lost.push(format!(
                "the price of {} here ({} per million tokens in, {} out) is not the lessons' ({} in, {} out): a \
                 replay charges the lessons' unless --prices gives this one",
                quoted(model),
                per_million(mine.input_per_million()),
                per_million(mine.output_per_million()),
                per_million(theirs.input_per_million()),
                per_million(theirs.output_per_million())
            ));
        }
    }
    match traffic.restarts().len() {
        0 => {}
        n => lost.push(format!(
            "the {} that wipe{} the counters {} not written: a replay keeps its counters all along",
            if n == 1 { "restart".to_string() } else { format!("{} restarts", grouped(n as u64)) },
            if n == 1 { "s" } else { "" },
            if n == 1 { "is" } else { "are" }
        )),
    }
    lost
}

/// Whether the keys stand one for one for the users (each user's calls under one key, no
/// key shared): then counting by user, as a replay does, is counting by key.
fn one_key_per_user(traffic: &Traffic, keys: &Keys) -> bool {
    let mut key_of = vec![None; traffic.users.len()];
    let mut user_of = vec![None; keys.names.len()];
    traffic.calls().iter().zip(&keys.of_call).all(|(c, &k)| {
        let (u, k) = (c.user as usize, k as usize);
        *key_of[u].get_or_insert(k) == k && *user_of[k].get_or_insert(u) == u
    })
}

/// A big generic log for benchmarks and tests of size: [`synthetic::traffic`]'s calls
/// (two models, "small" and "large", priced by [`synthetic::prices`]), in time order.
pub fn synthetic_log(seed: u32, calls: u32, users: u32, out: impl Write) -> io::Result<()> {
    let traffic = synthetic::traffic(seed, calls, users).map_err(|e| io::Error::other(e.to_string()))?;
    write(&traffic, Order::ByTime, out)
}
