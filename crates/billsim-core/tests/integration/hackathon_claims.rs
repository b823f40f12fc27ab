//! Lesson 001's claims, checked on days 0 to 999 of the scenario `hackathon`: its request
//! limit's Retry-After, its check-only cap's overshoot (one call at a time, K at once), the
//! set-aside cap, and each weakness of its security review (spoofed users, a shared
//! address, a restart, two processes).

use billsim_core::engine::{self, Call, Event, Guard, Nanos, Outcome, Reason, Record, Traffic};
use billsim_core::lessons::hackathon::day::most_one_call_costs;
use billsim_core::lessons::hackathon::day::{self, most_in_flight, OFFICE, SCRIPT, VISITOR};
use billsim_core::lessons::hackathon::{prices, Policy, Settings, TUTORIAL_CAP};
use billsim_core::money::Micros;
use billsim_core::time::{Instant, Span};
use std::collections::HashMap;

const DAYS: std::ops::Range<u32> = 0..1_000;
/// The script is user 0 of every day.
const SCRIPT_USER: usize = 0;

fn run(traffic: &Traffic, policy: Policy, settings: &Settings, record: Record) -> Outcome {
    engine::run(traffic, &policy.engine_policy(settings), &prices(), record).unwrap()
}

fn cap(settings: &Settings) -> Nanos {
    Nanos(settings.cap.0 * Nanos::PER_MICRO)
}

fn events(out: &Outcome) -> &[Event] {
    out.events.as_deref().unwrap()
}

/// The same traffic with every reply at once: requests one at a time.
fn one_at_a_time(traffic: &Traffic) -> Traffic {
    let calls = traffic.calls().iter().map(|c| Call { latency: Span::ZERO, ..*c }).collect();
    let t = Traffic::new(traffic.cohorts.clone(), traffic.users.clone(), traffic.models.clone(), calls).unwrap();
    t.with_keys(traffic.keys().unwrap().clone()).unwrap()
}

#[test]
fn a_refused_requests_retry_after_is_the_tutorials_formula_and_sent_that_much_later_it_is_let_through() {
    let settings = Settings::default();
    let window = settings.window;
    let mut checked = 0;
    for seed in DAYS {
        let traffic = day::traffic(seed, &settings).unwrap();
        let out = run(&traffic, Policy::RateLimit, &settings, Record::EVERYTHING);
        let events = events(&out);
        // Each key's requests let through so far, in time order (the events are).
        let mut admitted: HashMap<Option<u32>, Vec<Instant>> = HashMap::new();
        for e in events {
            let mine = admitted.entry(e.key).or_default();
            if e.served {
                mine.push(e.at);
                continue;
            }
            // The oldest request in the key's window.
            let in_window = &mine[mine.partition_point(|&a| a.after(window) <= e.at)..];
            assert_eq!(in_window.len(), settings.limit.get() as usize, "day {seed}: refused at {:?}", e.at);
            let left = in_window[0].after(window).0 - e.at.0;
            // max(1, int(window - (now - oldest)) + 1), int() truncating the seconds.
            let formula = (left / 1_000 + 1).max(1);
            assert_eq!(e.retry_after, Some(formula), "day {seed} at {:?}: {left} ms left", e.at);
        }
        // The first refusal of the day, sent again Retry-After seconds later with nothing
        // else let through in between: the limit lets it through.
        let Some(first) = events.iter().find(|e| e.reason == Some(Reason::RateLimit)) else { continue };
        let wait = first.retry_after.unwrap();
        let mine: Vec<&Event> = events.iter().filter(|a| a.key == first.key && a.at <= first.at).collect();
        let calls: Vec<Call> = mine
            .iter()
            .map(|a| a.at)
            .chain([first.at.after(Span::seconds(wait))])
            .enumerate()
            .map(|(i, at)| Call { at, user: 0, model: 0, request: i as u32, input: 1, output: 1, latency: Span::ZERO })
            .collect();
        let again =
            Traffic::new(traffic.cohorts.clone(), traffic.users[..1].to_vec(), traffic.models.clone(), calls).unwrap();
        let limit = engine::Policy::new("limit", vec![Guard::RateLimiter { limit: settings.limit, window_ms: window }]);
        let replayed = engine::run(&again, &limit, &prices(), Record::EVERYTHING).unwrap();
        let last = replayed.events.as_ref().unwrap().last().copied().unwrap();
        assert!(last.served, "day {seed}: sent {wait} s after {:?}, the request is let through", first.at);
        checked += 1;
    }
    assert_eq!(checked, DAYS.len(), "every day has a refusal by the limit (the script's)");
}

#[test]
fn one_call_at_a_time_the_daily_cap_ends_at_or_above_the_cap_and_below_it_plus_one_call() {
    let settings = Settings::default();
    let most = most_one_call_costs();
    for seed in DAYS {
        let traffic = one_at_a_time(&day::traffic(seed, &settings).unwrap());
        let bill = run(&traffic, Policy::DailyCap, &settings, Record::COUNTS).bill;
        assert!(bill >= cap(&settings), "day {seed}: {bill:?} reaches the cap");
        assert!(bill.0 < cap(&settings).0 + most.0, "day {seed}: {bill:?} is under the cap plus one call ({most:?})");
    }
}

#[test]
fn with_k_calls_started_together_the_daily_cap_ends_below_the_cap_plus_the_calls_in_flight() {
    let most = most_one_call_costs();
    let (mut over_one_call, mut beyond_k) = (0, 0);
    for seed in DAYS {
        let k = if seed % 100 == 0 { 20 } else { 2 + seed % 4 };
        let settings = Settings { at_once: k, ..Settings::default() };
        let traffic = day::traffic(seed, &settings).unwrap();
        let in_flight = u64::from(most_in_flight(&traffic));
        assert!(in_flight >= u64::from(k), "day {seed}: the script's {k} calls are in flight together");
        let bill = run(&traffic, Policy::DailyCap, &settings, Record::COUNTS).bill;
        let over = bill.0 - cap(&settings).0;
        assert!(
            over < in_flight * most.0,
            "day {seed}: {over} over with at most {in_flight} calls in flight ({k} at once)"
        );
        over_one_call += u32::from(over >= most.0);
        beyond_k += u32::from(over >= u64::from(k) * most.0);
        // Spoofed, so that the limit does not hold the script back and the cap is met.
        let spoofed = Settings { spoofed: true, ..settings };
        let set_aside =
            run(&day::traffic(seed, &spoofed).unwrap(), Policy::RateLimitAndSetAsideCap, &spoofed, Record::COUNTS);
        let near = cap(&settings).0 - most.0 * u64::from(k);
        assert!(set_aside.bill.0 > near, "day {seed}: the set-aside cap is met: {:?}", set_aside.bill);
        assert!(
            set_aside.bill <= cap(&settings),
            "day {seed}: the set-aside cap never ends above it: {:?}",
            set_aside.bill
        );
    }
    assert!(over_one_call > 100, "calls started together go over by more than one call: {over_one_call} days of 1,000");
    // The issue says "below the cap plus K calls": that holds unless a visitor's call is in
    // flight with the script's K when the cap is crossed (1 day of these 1,000).
    assert!(beyond_k <= 5, "{beyond_k} days over by K calls or more: a visitor's call in flight too");
}

#[test]
fn a_spoofing_script_is_never_refused_by_the_request_limit_and_one_that_keeps_its_header_always_is() {
    for seed in DAYS {
        for spoofed in [false, true] {
            let settings = Settings { spoofed, ..Settings::default() };
            let traffic = day::traffic(seed, &settings).unwrap();
            let out = run(&traffic, Policy::RateLimit, &settings, Record::COUNTS);
            let by_limit = out.per_user[SCRIPT_USER].refused_by.get(Reason::RateLimit);
            assert_eq!(by_limit == 0, spoofed, "day {seed}, spoofed {spoofed}: the script refused {by_limit} times");
            assert_eq!(traffic.users[SCRIPT_USER].cohort, SCRIPT);
        }
    }
}

#[test]
fn behind_a_shared_address_honest_users_are_refused_rate_limit_because_of_someone_else() {
    let settings = Settings { shared_address: true, ..Settings::default() };
    for seed in DAYS {
        let traffic = day::traffic(seed, &settings).unwrap();
        let out = run(&traffic, Policy::RateLimit, &settings, Record::EVERYTHING);
        let events = events(&out);
        let office = |user: u32| traffic.users[user as usize].cohort == OFFICE;
        // Refused by the limit with fewer than the limit of their own requests in the window.
        let mut own: HashMap<u32, Vec<Instant>> = HashMap::new();
        let mut for_others = 0;
        for e in events {
            let mine = own.entry(e.user).or_default();
            if e.served {
                mine.push(e.at);
            } else if e.reason == Some(Reason::RateLimit) && office(e.user) {
                let in_window = mine.len() - mine.partition_point(|&a| a.after(settings.window) <= e.at);
                for_others += u32::from(in_window < settings.limit.get() as usize);
            }
        }
        assert!(for_others > 0, "day {seed}: someone in the office is refused for the others' requests");
        let visitors = out.per_user.iter().zip(&traffic.users).filter(|(_, u)| u.cohort == VISITOR);
        assert!(
            visitors.map(|(o, _)| o.refused).sum::<u32>() == 0,
            "day {seed}: visitors with a header of their own are not"
        );
    }
}

#[test]
fn after_a_restart_a_day_can_spend_up_to_twice_the_cap() {
    let settings = Settings { cap: Micros(250_000), ..Settings::default() };
    let most = most_one_call_costs();
    for seed in DAYS {
        let traffic = day::traffic(seed, &settings).unwrap();
        let once = run(&traffic, Policy::DailyCap, &settings, Record::COUNTS);
        let reached = once.tripped.unwrap().at;
        // A restart the minute after the cap is reached.
        let restart = Instant((reached.0 / 60_000 + 1) * 60_000);
        let restarted = Settings { restart: Some(restart), ..settings };
        let traffic = day::traffic(seed, &restarted).unwrap();
        let in_flight = u64::from(most_in_flight(&traffic));
        let bill = run(&traffic, Policy::DailyCap, &restarted, Record::COUNTS).bill;
        assert!(once.bill.0 < cap(&settings).0 + in_flight * most.0, "day {seed}: one life stops near the cap");
        assert!(bill.0 >= 2 * cap(&settings).0, "day {seed}: {bill:?} is twice the cap after a restart at {restart:?}");
        assert!(bill.0 < 2 * (cap(&settings).0 + in_flight * most.0), "day {seed}: {bill:?}, two lives at most");
    }
}

#[test]
fn with_two_processes_the_real_request_limit_is_twice_the_setting() {
    for seed in DAYS {
        for processes in [1, 2] {
            let settings = Settings { processes, ..Settings::default() };
            let traffic = day::traffic(seed, &settings).unwrap();
            let out = run(&traffic, Policy::RateLimit, &settings, Record::EVERYTHING);
            let served: Vec<Instant> = events(&out).iter().filter(|e| e.served && e.user == 0).map(|e| e.at).collect();
            // The most of the script's requests let through in any window.
            let most = (0..served.len())
                .map(|i| served[i..].iter().take_while(|&&t| t < served[i].after(settings.window)).count())
                .max()
                .unwrap_or(0);
            let expected = processes as usize * settings.limit.get() as usize;
            assert_eq!(most, expected, "day {seed}, {processes} processes: at most {most} in a window");
        }
    }
}

/// The tutorial's app runs with its own `DAILY_CAP_USD`, $0.001 (with a $1.00 cap, as the
/// widget gave it before, it refused only the script, by the limit, and never reached the
/// cap): a day's first visitors spend it, so the link is closed to everyone before the
/// script starts, and the script costs nothing.
#[test]
fn with_every_weakness_off_the_tutorials_app_spends_its_own_0001_cap_before_the_script_starts_and_then_refuses_everyone(
) {
    let settings = Settings::default();
    let app = Policy::RateLimitAndCap.runs_with(&settings);
    assert_eq!(app.cap, TUTORIAL_CAP, "the app's cap is the tutorial's DAILY_CAP_USD, $0.001");
    for seed in DAYS {
        let traffic = day::traffic(seed, &settings).unwrap();
        let out = run(&traffic, Policy::RateLimitAndCap, &settings, Record::EVERYTHING);
        let in_flight = u64::from(most_in_flight(&traffic));
        assert!(out.bill >= cap(&app), "day {seed}: {:?} reaches the $0.001 cap", out.bill);
        assert!(out.bill.0 < cap(&app).0 + in_flight * most_one_call_costs().0, "day {seed}: {:?}", out.bill);
        let first_cap = events(&out).iter().find(|e| e.reason == Some(Reason::DailyCapReached)).unwrap().at;
        let script_starts =
            traffic.calls().iter().filter(|c| c.user == SCRIPT_USER as u32).map(|c| c.at).min().unwrap();
        assert!(
            first_cap < script_starts,
            "day {seed}: the cap closes at {first_cap:?}, the script starts at {script_starts:?}"
        );
        let script = &out.per_user[SCRIPT_USER];
        assert_eq!((script.served, script.charged), (0, Nanos::ZERO), "day {seed}: the script gets nothing");
    }
}
