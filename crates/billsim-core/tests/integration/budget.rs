//! The per-user money budget, tested through the public API: the lesson's `test_budget.py`
//! ported to Rust, plus the steady refill and the race under real threads.

use billsim_core::engine::budget::{Entry, Ledger};
use billsim_core::time::{say_wait, Seconds, DAY, HOUR};
use billsim_core::{cost, set_aside, Budget, Micros, OverBudget, Refill, SharedBudget, REPLY_CAP};
use std::collections::HashMap;
use std::sync::{Arc, Barrier, Mutex};
use std::thread;
use std::time::Duration;

/// The lesson's daily budget: $0.25.
const LIMIT: Micros = Micros(250_000);
/// 00:00 UTC on a day in 2025, in seconds since 1970: a daily budget resets at multiples of `DAY`.
const MIDNIGHT: Seconds = 20_380 * DAY;
/// Noon of that day.
const NOON: Seconds = MIDNIGHT + 12 * HOUR;

#[test]
fn a_call_that_fits_exactly_is_allowed_and_one_micro_dollar_more_is_not() {
    for refill in [Refill::Daily, Refill::Steady] {
        let mut budget = Budget::new(LIMIT, refill);

        budget.reserve("fits", Micros(100_000), NOON).unwrap();
        assert!(
            budget.reserve("fits", Micros(150_000), NOON).is_ok(),
            "{refill:?}: 100,000 + 150,000 is exactly the limit"
        );
        assert_eq!(budget.used(&"fits", NOON), LIMIT);

        budget.reserve("over", Micros(100_000), NOON).unwrap();
        let refused = budget.reserve("over", Micros(150_001), NOON).unwrap_err();
        assert_eq!(refused.needs, Micros(150_001), "{refill:?}");
        assert_eq!(budget.used(&"over", NOON), Micros(100_000), "{refill:?}: a refused call sets nothing aside");

        // The same edge for one call the size of the whole budget.
        assert!(budget.reserve("whole", LIMIT, NOON).is_ok(), "{refill:?}");
        assert!(budget.reserve("whole and one", Micros(250_001), NOON).is_err(), "{refill:?}");
    }
}

#[test]
fn settle_charges_the_real_cost_and_gives_back_the_surplus() {
    // The hand example: $0.25 budget, $0.10 used; 20,000 tokens in, a reply cap of 1,000, a reply of 800.
    let reserve = set_aside(20_000, REPLY_CAP).unwrap();
    let actual = cost(20_000, 800).unwrap();
    assert_eq!(
        (reserve, actual),
        (Micros(50_000), Micros(48_000)),
        "20,000 x 2 + 1,000 x 10 and 20,000 x 2 + 800 x 10"
    );

    for refill in [Refill::Daily, Refill::Steady] {
        let mut budget = Budget::new(LIMIT, refill);
        let earlier = budget.reserve("ana", Micros(100_000), NOON).unwrap();
        budget.settle(&earlier, Micros(100_000), NOON);
        assert_eq!(budget.used(&"ana", NOON), Micros(100_000), "{refill:?}: before");

        let hold = budget.reserve("ana", reserve, NOON).unwrap();
        assert_eq!(hold.amount, Micros(50_000));
        assert_eq!(budget.used(&"ana", NOON), Micros(150_000), "{refill:?}: reserve");

        budget.settle(&hold, actual, NOON);
        assert_eq!(budget.used(&"ana", NOON), Micros(148_000), "{refill:?}: settle gives back 2,000");
    }
}

#[test]
fn a_reply_that_costs_more_than_the_set_aside_is_charged_in_full_and_the_user_may_end_above_the_limit() {
    for refill in [Refill::Daily, Refill::Steady] {
        let mut budget = Budget::new(LIMIT, refill);
        let first = budget.reserve("ana", Micros(200_000), NOON).unwrap();
        budget.settle(&first, Micros(200_000), NOON);
        let hold = budget.reserve("ana", Micros(50_000), NOON).unwrap();
        // The input was counted too low: the real cost is 60,000, not at most 50,000.
        budget.settle(&hold, Micros(60_000), NOON);
        assert_eq!(budget.used(&"ana", NOON), Micros(260_000), "{refill:?}: charged in full, not capped at the limit");

        let refused = budget.reserve("ana", Micros(1), NOON).unwrap_err();
        assert_eq!(refused.left, Micros::ZERO, "{refill:?}: what is left is never negative");
    }
}

#[test]
fn the_daily_budget_restarts_at_midnight_and_a_hold_from_yesterday_is_ignored_on_settle_and_on_release() {
    let mut budget = Budget::new(LIMIT, Refill::Daily);
    let last_second = MIDNIGHT + DAY - 1; // 23:59:59
    let settled_late = budget.reserve("ana", Micros(200_000), last_second).unwrap();
    let released_late = budget.reserve("ana", Micros(50_000), last_second).unwrap();
    assert_eq!(budget.used(&"ana", last_second), LIMIT);
    assert!(budget.reserve("ana", Micros(1), last_second).is_err());

    let next_midnight = MIDNIGHT + DAY;
    assert_eq!(budget.used(&"ana", next_midnight), Micros::ZERO, "a new day starts at 00:00 UTC");
    let today = budget.reserve("ana", Micros(100_000), next_midnight).unwrap();
    budget.settle(&today, Micros(100_000), next_midnight);

    // Applied to today's count, this would make it 100,000 + 250,000 - 200,000 = 150,000.
    budget.settle(&settled_late, Micros(250_000), next_midnight + 10);
    assert_eq!(
        budget.used(&"ana", next_midnight + 10),
        Micros(100_000),
        "yesterday's hold settled today changes nothing"
    );
    // Applied to today's count, this would take 50,000 off it.
    budget.release(&released_late, next_midnight + 20);
    assert_eq!(
        budget.used(&"ana", next_midnight + 20),
        Micros(100_000),
        "yesterday's hold released today changes nothing"
    );
}

#[test]
fn release_gives_the_whole_set_aside_back() {
    for refill in [Refill::Daily, Refill::Steady] {
        let mut budget = Budget::new(LIMIT, refill);
        let earlier = budget.reserve("ana", Micros(100_000), NOON).unwrap();
        budget.settle(&earlier, Micros(100_000), NOON);

        let hold = budget.reserve("ana", Micros(50_000), NOON).unwrap();
        budget.release(&hold, NOON);
        assert_eq!(budget.used(&"ana", NOON), Micros(100_000), "{refill:?}");
        assert!(budget.reserve("ana", Micros(150_000), NOON).is_ok(), "{refill:?}: all of it is free again");
    }
}

#[test]
fn a_refusal_says_what_is_left_what_the_call_needs_and_when_the_daily_budget_refills() {
    let mut budget = Budget::new(LIMIT, Refill::Daily);
    let at_23 = MIDNIGHT + 23 * HOUR;
    budget.reserve("ana", Micros(220_000), at_23).unwrap();
    let refused = budget.reserve("ana", Micros(110_000), at_23).unwrap_err();
    assert_eq!(refused, OverBudget { needs: Micros(110_000), left: Micros(30_000), fits_in: Some(HOUR) });
    // The lesson's message: "has $0.03 left and this call needs up to $0.11. It refills in 1 h 0 min."
    assert_eq!(
        (refused.left.dollars(2), refused.needs.dollars(2), say_wait(refused.fits_in.unwrap())),
        ("$0.03".to_string(), "$0.11".to_string(), "1 h 0 min".to_string())
    );

    // The wait is to the next 00:00 UTC, wherever in the day the call comes.
    budget.reserve("bo", LIMIT, MIDNIGHT).unwrap();
    for (now, wait) in [(MIDNIGHT, DAY), (MIDNIGHT + 1, DAY - 1), (NOON, 12 * HOUR), (MIDNIGHT + DAY - 1, 1)] {
        assert_eq!(budget.reserve("bo", Micros(1), now).unwrap_err().fits_in, Some(wait), "at {now}");
    }

    // A call bigger than the whole budget: waiting never helps. One the size of the budget will fit tomorrow.
    assert_eq!(budget.reserve("cy", Micros(250_001), NOON).unwrap_err().fits_in, None, "even with nothing used");
    budget.reserve("cy", Micros(1), NOON).unwrap();
    assert_eq!(budget.reserve("cy", LIMIT, NOON).unwrap_err().fits_in, Some(12 * HOUR));
}

#[test]
fn a_steady_budget_drains_by_the_limit_over_86400_each_second_and_many_small_steps_equal_one_big_one() {
    let t = NOON;
    let mut stepped = Budget::new(LIMIT, Refill::Steady);
    let mut jumped = Budget::new(LIMIT, Refill::Steady);
    stepped.reserve("ana", LIMIT, t).unwrap();
    jumped.reserve("ana", LIMIT, t).unwrap();

    // 250,000 / 86,400 = 2.89... a second, which no whole number of micro-dollars a second gives.
    // `used` rounds up: 250,000 - 2.89... = 249,997.1 is shown as 249,998.
    assert_eq!(jumped.used(&"ana", t + 1), Micros(249_998));
    assert_eq!(jumped.used(&"ana", t + HOUR), Micros(239_584), "250,000 x 23/24 = 239,583.3, rounded up");
    assert_eq!(jumped.used(&"ana", t + DAY / 2), Micros(125_000));
    assert_eq!(jumped.used(&"ana", t + DAY), Micros::ZERO, "a whole budget is all back a day later");

    // One budget is touched every second (a reserve of nothing writes the drained count back);
    // the other is never touched. Any rounding per step would show as drift.
    for s in 1..=DAY {
        stepped.reserve("ana", Micros::ZERO, t + s).unwrap();
        assert_eq!(stepped.used(&"ana", t + s), jumped.used(&"ana", t + s), "after {s} one-second steps");
        if s == DAY / 2 {
            assert_eq!(stepped.used(&"ana", t + s), Micros(125_000));
        }
    }
    assert_eq!(stepped.used(&"ana", t + DAY), Micros::ZERO);
}

#[test]
fn a_steady_refusal_waits_exactly_until_the_excess_has_drained() {
    // The wait is ceil(excess x 86,400 / limit), and a call made that many seconds later fits.
    for (need, wait) in [(Micros(50_000), 17_280), (Micros(7), 3), (Micros(1), 1), (LIMIT, DAY)] {
        assert_eq!((need.0 * 86_400).div_ceil(250_000), wait, "the table itself");
        let full = || {
            let mut budget = Budget::new(LIMIT, Refill::Steady);
            budget.reserve("ana", LIMIT, NOON).unwrap();
            budget
        };
        let refused = full().reserve("ana", need, NOON).unwrap_err();
        assert_eq!(refused, OverBudget { needs: need, left: Micros::ZERO, fits_in: Some(wait) });
        assert!(full().reserve("ana", need, NOON + wait - 1).is_err(), "{need:?}: one second too early");
        assert!(full().reserve("ana", need, NOON + wait).is_ok(), "{need:?}: the promised time");
    }

    // From a count that has drained part way (not a whole number of micro-dollars), the same holds.
    for start in [1, 7, 1_000, 30_001] {
        let full = || {
            let mut budget = Budget::new(LIMIT, Refill::Steady);
            budget.reserve("ana", LIMIT, NOON).unwrap();
            budget
        };
        let now = NOON + start;
        let wait = full().reserve("ana", Micros(100_000), now).unwrap_err().fits_in.unwrap();
        assert!(
            full().reserve("ana", Micros(100_000), now + wait - 1).is_err(),
            "drained {start} s: one second too early"
        );
        assert!(full().reserve("ana", Micros(100_000), now + wait).is_ok(), "drained {start} s: the promised time");
    }
}

/// Counts in a map shared by every handle, whose `read` is slow on purpose: it looks up the
/// count, lets go of the map, then waits. A reserve that is not one step under one lock lets
/// other threads read the same stale count in that gap.
#[derive(Clone)]
struct SlowLedger {
    counts: Arc<Mutex<HashMap<u32, Entry>>>,
}

const SLOW_READ: Duration = Duration::from_millis(30);

impl SlowLedger {
    fn new() -> Self {
        SlowLedger { counts: Arc::new(Mutex::new(HashMap::new())) }
    }
}

impl Ledger<u32> for SlowLedger {
    fn read(&self, user: &u32) -> Option<Entry> {
        let seen = self.counts.lock().unwrap().get(user).copied();
        thread::sleep(SLOW_READ);
        seen
    }
    fn write(&mut self, user: u32, entry: Entry) {
        self.counts.lock().unwrap().insert(user, entry);
    }
}

const CALLS_AT_ONCE: usize = 20;
const USER: u32 = 7;

/// Starts 20 threads together, each reserving 50,000 (20,000 tokens in, a reply cap of 1,000)
/// through `reserve`; returns the holds of the calls let in.
fn twenty_at_once<H: Send>(reserve: impl Fn(usize) -> Option<H> + Sync) -> Vec<H> {
    let start = Barrier::new(CALLS_AT_ONCE);
    thread::scope(|scope| {
        let threads: Vec<_> = (0..CALLS_AT_ONCE)
            .map(|i| {
                let (start, reserve) = (&start, &reserve);
                scope.spawn(move || {
                    start.wait();
                    reserve(i)
                })
            })
            .collect();
        threads.into_iter().filter_map(|t| t.join().unwrap()).collect()
    })
}

#[test]
fn the_check_and_the_set_aside_are_one_step_under_threads() {
    let shared = SharedBudget::new(Budget::with_ledger(LIMIT, Refill::Daily, SlowLedger::new()));
    let need = set_aside(20_000, REPLY_CAP).unwrap();
    let refusals = Mutex::new(Vec::new());
    let holds = twenty_at_once(|_| match shared.reserve(USER, need, NOON) {
        Ok(hold) => Some(hold),
        Err(refused) => {
            refusals.lock().unwrap().push(refused);
            None
        }
    });
    assert_eq!(holds.len(), 5, "five set-asides of 50,000 fill 250,000");
    let refusals = refusals.into_inner().unwrap();
    assert_eq!(refusals.len(), 15);
    assert!(refusals.iter().all(|r| *r == OverBudget { needs: need, left: Micros::ZERO, fits_in: Some(12 * HOUR) }));

    for hold in &holds {
        shared.settle(hold, cost(20_000, 800).unwrap(), NOON);
    }
    assert_eq!(shared.used(&USER, NOON), Micros(240_000), "5 x 48,000: the lesson's $0.24");
}

#[test]
fn without_one_lock_around_the_check_and_the_set_aside_the_same_slow_read_lets_more_than_five_in() {
    // The control for the test above: the same slow ledger, but each thread has a budget of its
    // own over the shared counts, so reading and writing are separate steps (like two server
    // processes sharing a store without an atomic check-and-add). If this stopped letting more
    // than five in, the test above would no longer show that the lock is what keeps it at five.
    let ledger = SlowLedger::new();
    let need = set_aside(20_000, REPLY_CAP).unwrap();
    let admitted = twenty_at_once(|_| {
        let mut own = Budget::with_ledger(LIMIT, Refill::Daily, ledger.clone());
        own.reserve(USER, need, NOON).ok()
    });
    assert!(admitted.len() > 5, "only {} let in: the slow read did not open a gap", admitted.len());
}
