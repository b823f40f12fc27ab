//! The lesson's "20 calls at once", on real threads through `handle_chat`: every call that
//! gets past the budget waits inside the fake AI service until each other call is either
//! inside or refused, so no call is charged before the last one is checked. That holds the
//! overlap steady, so the result does not depend on timing, and it must be exactly the
//! table of the pure model in `in_flight.rs`, which is what the wasm build shows.

use billsim_core::lessons::toy_day::handle_chat::{
    handle_chat, Answer, Body, ChatRequest, Message, Upstream, UpstreamError, Usage,
};
use billsim_core::lessons::toy_day::in_flight::{self, Params, Row, Version};
use billsim_core::{Budget, Micros, Refill, SharedBudget};
use std::sync::{Condvar, Mutex};
use std::time::Duration;

/// Counts the calls that are inside the service or refused, and holds the ones inside
/// until all are.
struct Gate {
    accounted: Mutex<u32>,
    changed: Condvar,
    calls: u32,
}

impl Gate {
    fn new(calls: u32) -> Gate {
        Gate { accounted: Mutex::new(0), changed: Condvar::new(), calls }
    }

    fn account(&self) -> std::sync::MutexGuard<'_, u32> {
        let mut n = self.accounted.lock().unwrap();
        *n += 1;
        self.changed.notify_all();
        n
    }

    /// A call was refused: it will never reach the service.
    fn refused(&self) {
        drop(self.account());
    }

    /// A call is inside the service: wait for every other call. The timeout only turns a
    /// bug (a call that is never accounted for) into a failure instead of a hang.
    fn inside_and_wait(&self) {
        let n = self.account();
        let (_all_in, waited) =
            self.changed.wait_timeout_while(n, Duration::from_secs(30), |n| *n < self.calls).unwrap();
        assert!(!waited.timed_out(), "a call was never accounted for");
    }
}

/// The fake AI service: each call bills 20,000 tokens in and 800 out, once all are in flight.
impl Upstream for Gate {
    fn call(&self, _: &ChatRequest, _: u64) -> Result<Answer, UpstreamError> {
        self.inside_and_wait();
        let usage = Usage { input_tokens: in_flight::INPUT, output_tokens: in_flight::OUTPUT };
        Ok(Answer { text: "done".into(), usage })
    }
}

/// Fires `params.calls()` threads at once under `version`, each through `handle_chat`.
fn fire(version: Version, params: &Params) -> Row {
    let counts: Vec<SharedBudget<&str>> =
        (0..version.counts()).map(|_| SharedBudget::new(Budget::new(params.budget(), Refill::Daily))).collect();
    let gate = Gate::new(params.calls());
    let (input, max_reply) = version.counted(params);
    let count = move |_: &[Message]| input;
    let request = ChatRequest { messages: vec![Message::user("A long document.")] };
    let replies: Vec<_> = std::thread::scope(|s| {
        let threads: Vec<_> = (0..params.calls() as usize)
            .map(|call| {
                let (budget, gate, request, count) = (&counts[call % counts.len()], &gate, &request, &count);
                s.spawn(move || {
                    let reply = handle_chat(budget, gate, Some("script"), request, 0, max_reply, count);
                    if reply.status == 429 {
                        gate.refused();
                    }
                    reply
                })
            })
            .collect();
        threads.into_iter().map(|t| t.join().unwrap()).collect()
    });
    let mut admitted = 0;
    let mut billed = Micros::ZERO;
    for reply in &replies {
        match (&reply.status, &reply.body) {
            (200, Body::Answer { charged, .. }) => {
                admitted += 1;
                billed = billed.checked_add(*charged).unwrap();
            }
            (429, _) => {}
            other => panic!("unexpected reply {other:?}"),
        }
    }
    let charged = Micros::checked_sum(counts.iter().map(|b| b.used(&"script", 0))).unwrap();
    assert_eq!(charged, billed, "{version:?}: the counts hold exactly what the answers were charged");
    Row { version, admitted, charged }
}

#[test]
fn twenty_calls_on_twenty_threads_give_exactly_the_pure_models_table() {
    let params = Params::default();
    let threads: Vec<Row> = Version::ALL.into_iter().map(|v| fire(v, &params)).collect();
    assert_eq!(threads, in_flight::overrun(&params).unwrap());
    let table: Vec<(u32, u64)> = threads.iter().map(|r| (r.admitted, r.charged.0)).collect();
    assert_eq!(table, [(20, 960_000), (5, 240_000), (8, 384_000), (10, 480_000)]);
}

#[test]
fn other_sizes_and_estimates_agree_with_the_pure_model_too() {
    for (calls, percent) in [(1, 50), (7, 10), (33, 200), (50, 75)] {
        let params = Params::new(calls, percent, Micros(250_000)).unwrap();
        for version in Version::ALL {
            assert_eq!(
                fire(version, &params),
                in_flight::run(version, &params).unwrap(),
                "{calls} calls at {percent}%"
            );
        }
    }
}
