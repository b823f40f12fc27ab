use super::*;
use crate::engine::{self, Call, Cohort, Guard, Price, PriceTable, Record, Traffic, User};
use crate::lessons::toy_day::scenario::{CALLS_AT_ONCE, TOY_DAY};
use crate::scenario::{run, About, UserSummary, Values};
use crate::time::Span;

fn toy(seed: u32, set: &[(&str, &str)]) -> ScenarioRun {
    let mut values = Values::defaults(&TOY_DAY);
    for (k, v) in set {
        values.set(&TOY_DAY, k, v).unwrap();
    }
    run(&TOY_DAY, seed, &values, None, Record::default()).unwrap()
}

fn view(run: &ScenarioRun) -> OverTime {
    over_time(run).unwrap()
}

/// A run of `calls` (at, input tokens) of one user under `policies`, priced `per_token`
/// nano-dollars a token in and out.
fn custom(calls: &[(u64, u64)], per_token: u64, policies: Vec<engine::Policy>) -> ScenarioRun {
    let calls = calls
        .iter()
        .enumerate()
        .map(|(i, &(at, input))| Call {
            at: Instant(at),
            user: 0,
            model: 0,
            request: i as u32,
            input,
            output: 0,
            latency: Span::ZERO,
        })
        .collect();
    let cohorts = vec![Cohort { name: "all".into(), label: "Everyone".into() }];
    let traffic =
        Traffic::new(cohorts.clone(), vec![User { name: "a".into(), cohort: 0 }], vec!["m".into()], calls).unwrap();
    let per_million = Micros(per_token * Nanos::PER_MICRO);
    let price = Price::per_million(per_million, per_million);
    let prices = PriceTable(vec![("m".into(), price)]);
    let outcomes = policies.iter().map(|p| engine::run(&traffic, p, &prices, Record::default()).unwrap()).collect();
    let users = vec![UserSummary {
        name: "a".into(),
        cohort: "all".into(),
        calls: traffic.calls().len() as u32,
        requests: 1,
        team: None,
    }];
    let run = ScenarioRun {
        scenario: "custom",
        seed: 0,
        settings: Values::defaults(&TOY_DAY),
        cohorts,
        users,
        models: vec!["m".into()],
        labels: policies.iter().map(|p| p.name.clone()).collect(),
        ran: policies,
        policies: outcomes,
        keys: Vec::new(),
        about: About::default(),
    };
    run
}

fn budget(micros: u64) -> Guard {
    Guard::MoneyBudget {
        budget_micros: Micros(micros),
        refill: crate::engine::budget::Refill::Daily,
        set_aside: engine::SetAside::worst_case(0),
    }
}

#[test]
fn a_line_ten_times_the_others_goes_off_the_scale_and_says_its_bill() {
    let toy = &TOY_DAY;
    let r = crate::scenario::run(toy, 0, &Values::defaults(toy), None, crate::engine::Record::default()).unwrap();
    let v = view(&r);
    let top = v.money_ticks.last().unwrap().at;
    let capped = v.lines.iter().find(|l| l.policy == "dailyBudget").unwrap();
    let capped_bill = capped.points.last().unwrap()[1];
    assert!(capped_bill * 5 > top, "$0.91 is above the bottom fifth of an axis to {top} nano-dollars");
    let off: Vec<&str> = v.lines.iter().filter_map(|l| Some(l.off_scale.as_ref()?.label.as_str())).collect();
    assert_eq!(off, ["\u{2191} $9.97 by the end", "\u{2191} $9.97 by the end"]);
}

#[test]
fn each_line_starts_at_nothing_never_falls_and_ends_at_the_bill() {
    let mut runs: Vec<ScenarioRun> = (0..20).map(|seed| toy(seed, &[])).collect();
    runs.push(toy(3, &[("refill", "steady"), ("budgetDollars", "0.07"), ("perMinute", "1")]));
    runs.push(run(&CALLS_AT_ONCE, 0, &Values::defaults(&CALLS_AT_ONCE), None, Record::default()).unwrap());
    for r in &runs {
        let v = view(r);
        for (line, o) in v.lines.iter().zip(&r.policies) {
            let at = |p: &[u64; 2]| p[0];
            assert_eq!(line.points[0], [v.from_ms, 0], "{} on {}", line.label, r.seed);
            assert_eq!(
                line.points.last().unwrap(),
                &[v.to_ms, o.bill.0],
                "{} on {}: ends at the bill",
                line.label,
                r.seed
            );
            assert!(
                line.points.windows(2).all(|w| w[0][1] <= w[1][1] && at(&w[0]) < at(&w[1])),
                "{} falls",
                line.label
            );
            assert!(
                (o.bill.0 <= v.money_ticks.last().unwrap().at) != line.off_scale.is_some(),
                "the money axis holds the bill of {}, or its line is marked off the scale",
                line.label
            );
        }
    }
}

#[test]
fn the_toy_days_budget_line_is_its_users_times_the_daily_budget_and_bounds_the_budgets_spend() {
    for (budget, value) in [("0.25", 2_500_000_000u64), ("0.10", 1_000_000_000), ("0.015", 150_000_000)] {
        let r = toy(0, &[("budgetDollars", budget)]);
        let v = view(&r);
        assert_eq!(v.limits.len(), 1, "only the daily budget has a line");
        let l = &v.limits[0];
        assert_eq!(l.label, format!("10 users × ${budget} per day"));
        assert_eq!((l.flat(), l.policies.as_slice()), (Some(value), &[2][..]), "at {budget}");
        let spend = &v.lines[2].points;
        assert!(
            spend.iter().zip(&l.points).all(|(s, l)| s[1] <= l[1]),
            "a budget that sets aside the worst case holds"
        );
    }
    let steady = view(&toy(0, &[("refill", "steady")]));
    assert_eq!(steady.limits[0].label, "10 users × $0.25, refilled steadily over 24 h");
    assert_eq!(steady.limits[0].flat(), None, "a steady refill lets more back as the day goes on");
    assert!(steady.lines[2]
        .sentence
        .contains(", within the budget line (10 users × $0.25, refilled steadily over 24 h); "));
}

#[test]
fn a_budget_line_far_above_the_spend_is_named_not_drawn() {
    let v = view(&toy(0, &[("budgetDollars", "100")]));
    assert!(v.limits[0].above, "$1,000 over a $9.97 bill");
    assert_eq!(v.money_ticks.last().unwrap().label, "$10.00", "the axis stays at the spend");
    assert!(!view(&toy(0, &[])).limits[0].above);
}

#[test]
fn the_sentences_say_when_spend_climbs_and_how_it_stands_to_the_budget() {
    let v = view(&toy(0, &[]));
    assert_eq!(v.lines[0].sentence, "No limit: spend climbs to $9.97 between 06:04 and 22:54.");
    assert_eq!(
        v.lines[1].sentence,
        "5 requests per minute: spend climbs to $9.97 between 06:04 and 22:54, the same line as No limit, drawn over it.",
        "the request limit's line is the no-limit line, so the chart shows one line for two names"
    );
    assert_eq!(
        v.lines[2].sentence,
        "Daily cost budget $0.25: spend climbs to $0.91 between 06:04 and 22:54, within the $2.50 budget line (10 users × $0.25 per day); 185 calls refused as their callers had used up their own budgets.",
        "the line sums ten users' budgets, so the heavy user's refusals say it held him"
    );
    let calls = run(&CALLS_AT_ONCE, 0, &Values::defaults(&CALLS_AT_ONCE), None, Record::default()).unwrap();
    let v = view(&calls);
    assert_eq!(
        v.lines[0].sentence,
        "Check only: spend jumps to $0.96 at 1 s, past the $0.25 budget line (1 user × $0.25 per day)."
    );
    assert_eq!(
        v.lines[1].sentence,
        "Set aside first: spend jumps to $0.24 at 1 s, within the $0.25 budget line (1 user × $0.25 per day); 15 calls refused as their callers had used up their own budgets."
    );
    assert_eq!(v.limits.len(), 1, "four policies, one budget: one line");
}

#[test]
fn a_line_with_nothing_spent_says_why_in_every_case() {
    let broke = view(&toy(0, &[("budgetDollars", "0.01")]));
    let calls: u32 = toy(0, &[]).users.iter().map(|u| u.calls).sum();
    assert_eq!(
        broke.lines[2].sentence,
        format!("Daily cost budget $0.01: all {calls} calls are refused, so nothing is spent.")
    );
    let none = |p: &str| engine::Policy::new(p, vec![]);
    let r = custom(&[], 1, vec![none("open")]);
    assert_eq!(over_time(&r).unwrap().lines[0].sentence, "open: no call is made, so nothing is spent.");
    let r = custom(&[(0, 10)], 1_000, vec![engine::Policy::new("tiny", vec![budget(1)])]);
    assert_eq!(over_time(&r).unwrap().lines[0].sentence, "tiny: the one call is refused, so nothing is spent.");
    let r = custom(&[(0, 10), (5, 10)], 0, vec![none("free")]);
    assert_eq!(over_time(&r).unwrap().lines[0].sentence, "free: nothing is spent: the 2 calls served cost nothing.");
    let r = custom(&[(0, 10)], 0, vec![none("free")]);
    assert_eq!(over_time(&r).unwrap().lines[0].sentence, "free: nothing is spent: the one call served costs nothing.");
    let r = custom(&[(0, 1)], 100, vec![none("dust")]);
    let v = over_time(&r).unwrap();
    assert_eq!(v.lines[0].bill, "under $0.000001", "200 nano-dollars are not nothing");
    assert_eq!(v.lines[0].sentence, "dust: spend jumps to under $0.000001 at 0 s.");
    let last = v.table.rows.last().map(|row| row[1].as_str());
    assert_eq!(last, Some("under $0.000001"), "the table says it as the sentence does, not $0.00");
}

#[test]
fn a_tripped_ceiling_is_marked_and_said_with_its_time() {
    let ceiling = Guard::SpendCeiling { ceiling_micros: Micros(2_000_000), period_ms: Span(86_400_000) };
    let policies = vec![engine::Policy::new("ceiling", vec![ceiling])];
    let mut values = Values::defaults(&TOY_DAY);
    values.set(&TOY_DAY, "perMinute", "5").unwrap();
    let r = run(&TOY_DAY, 0, &values, Some(policies.clone()), Record::default()).unwrap();
    let trip = r.policies[0].tripped.expect("a $2 ceiling trips on a $9.97 day");
    let v = over_time(&r).unwrap();
    let line = &v.lines[0];
    assert_eq!(line.label, "ceiling", "a policy not the scenario's own reads by its name");
    let when = Scale::Clock.moment(trip.at.0, Round::Down);
    let mark = line.trip.as_ref().unwrap();
    assert_eq!((mark.at_ms, mark.label.clone()), (trip.at.0, format!("ceiling reached at {when}")));
    assert!(mark.spent_nanos >= 2_000_000_000, "the mark sits on the line at or past the ceiling");
    assert_eq!(v.limits[0].label, "spend ceiling $2.00 per day");
    assert!(
        line.sentence.starts_with("ceiling: spend climbs to $2.0")
            && line.sentence.contains(", past the $2.00 ceiling line (spend ceiling $2.00 per day) by ")
            && line.sentence.ends_with(&format!("; the spend ceiling is reached at {when}.")),
        "{}",
        line.sentence
    );
}

#[test]
fn the_table_has_a_column_per_policy_a_handful_of_rows_and_ends_at_the_bills() {
    let v = view(&toy(0, &[]));
    assert_eq!(v.table.columns, ["Time", "No limit", "5 requests per minute", "Daily cost budget $0.25"]);
    assert!((3..=7).contains(&v.table.rows.len()), "{:?}", v.table.rows);
    assert_eq!(v.table.rows.last().unwrap()[1..], ["$9.97", "$9.97", "$0.91"]);
    assert_eq!(v.table.caption, "Spend so far under each policy, at moments to the nearest minute.");
    let times: Vec<&str> = v.table.rows.iter().map(|r| r[0].as_str()).collect();
    assert_eq!(
        times,
        ["09:00", "12:00", "15:00", "18:00", "21:00", "22:54"],
        "round times: the steps are whole minutes"
    );
}

#[test]
fn a_lessons_ceiling_reached_is_marked_and_said_in_the_lessons_own_words() {
    use crate::scenario::registry::find;
    for (name, mark, said) in [
        ("freeTier", "breaker trips at ", "; the breaker trips at "),
        ("hackathon", "daily cost cap reached at ", "; the daily cost cap is reached at "),
    ] {
        let scenario = find(name).unwrap();
        let mut values = Values::defaults(scenario);
        if name == "hackathon" {
            // The tutorial's $0.001 cap, which the day's traffic reaches.
            values.set(scenario, "capDollars", "0.001").unwrap();
        }
        let v = view(&run(scenario, 0, &values, None, Record::default()).unwrap());
        let tripped: Vec<&Line> = v.lines.iter().filter(|l| l.trip.is_some()).collect();
        assert!(!tripped.is_empty(), "{name}: a ceiling is reached");
        for line in tripped {
            let label = &line.trip.as_ref().unwrap().label;
            assert!(label.starts_with(mark), "{name}: {label:?} starts with {mark:?}");
            assert!(line.sentence.contains(said), "{name}: {said:?} in {}", line.sentence);
        }
        assert!(v.events.iter().all(|e| e.label.starts_with(mark)), "{name}: {:?}", v.events);
        // Each trip is in the one event of its moment, which names the lines it marks.
        for (i, line) in v.lines.iter().enumerate().filter(|(_, l)| l.trip.is_some()) {
            let of: Vec<&Mark> = v.events.iter().filter(|e| e.lines.contains(&i)).collect();
            assert_eq!(of.len(), 1, "{name}: line {i} in one event: {:?}", v.events);
            assert!(of[0].label.starts_with(&line.trip.as_ref().unwrap().label), "{name}: {:?}", of[0]);
            let policies = format!("({} policies)", of[0].lines.len());
            assert_eq!(of[0].lines.len() > 1, of[0].label.ends_with(&policies), "{name}: {:?}", of[0]);
        }
    }
}

#[test]
fn every_line_on_a_scenarios_money_scale_is_above_its_bottom_fifth_the_higher_go_off_its_top() {
    for s in crate::scenario::registry::SCENARIOS {
        let r = run(s, 0, &Values::defaults(s), None, Record::default()).unwrap();
        let v = view(&r);
        if v.log_money {
            continue;
        }
        let top = v.money_ticks.last().unwrap().at;
        for line in &v.lines {
            let bill = line.points.last().map_or(0, |p| p[1]);
            let on_scale = line.off_scale.is_none() && bill > 0;
            assert!(
                !on_scale || bill.saturating_mul(FLATTENED) > top,
                "{}: {} ends at {} on a scale to {}, in its bottom fifth",
                s.name,
                line.label,
                line.bill,
                Nanos(top).micros().cents()
            );
        }
    }
    // Lesson 003: no limit's $23.05 goes off the top; its capped lines, $2.00 to $4.09, fill the chart.
    let free = crate::scenario::registry::find("freeTier").unwrap();
    let v = view(&run(free, 0, &Values::defaults(free), None, Record::default()).unwrap());
    let off: Vec<&str> = v.lines.iter().filter(|l| l.off_scale.is_some()).map(|l| l.label.as_str()).collect();
    assert_eq!(off, ["No limit"], "lesson 003's lines off the scale");
}

#[test]
fn a_run_made_without_its_timeline_gives_each_line_its_bill_rather_than_a_panic() {
    let run = run(&TOY_DAY, 0, &Values::defaults(&TOY_DAY), None, Record::COUNTS).unwrap();
    let lines = view(&run).lines;
    let daily = lines.iter().find(|l| l.label == "Daily cost budget $0.25").expect("the daily budget's line");
    assert_eq!(daily.sentence, "Daily cost budget $0.25: spend comes to $0.91.", "its sentence");
}

#[test]
fn no_two_rows_of_the_table_say_the_same_time_and_the_last_is_the_bill() {
    // A log of an hour and a quarter, its last call a second past 10:15 (as the replay's
    // generic.csv): the round moment 10:15 and the end were both written "10:15".
    let hour = 3_600_000;
    let nine = 9 * hour;
    let calls = [(nine, 1_000), (nine + 1_000, 2_000), (nine + 60_000, 1_000), (nine + hour + 900_000 + 1_000, 500)];
    let v = view(&custom(&calls, 1_000, vec![engine::Policy::new("none", vec![])]));
    let times: Vec<&str> = v.table.rows.iter().map(|r| r[0].as_str()).collect();
    let mut apart = times.clone();
    apart.dedup();
    assert_eq!(times, apart, "each time once: {times:?}");
    assert_eq!(v.table.rows.last().unwrap()[1], "$0.0045", "the last row is the bill: {:?}", v.table.rows);
}

#[test]
fn a_log_of_nine_seconds_at_nine_oclock_is_marked_in_seconds_on_a_clock() {
    // Its minutes would mark nothing: 09:00:01 to 09:00:09 holds no whole minute.
    let nine = 9 * 3_600_000;
    let calls = [(nine + 1_000, 1_000), (nine + 4_000, 2_000), (nine + 9_000, 1_000)];
    let v = view(&custom(&calls, 1_000, vec![engine::Policy::new("none", vec![])]));
    let ticks: Vec<&str> = v.time_ticks.iter().map(|t| t.label.as_str()).collect();
    assert!(ticks.len() >= 2, "at least two marks on the time axis: {ticks:?}");
    assert!(ticks.iter().all(|t| t.starts_with("09:00:")), "each a clock to the second: {ticks:?}");
    assert_eq!(v.table.rows.last().unwrap()[0], "09:00:09", "the table's last row: {:?}", v.table.rows);
    assert!(v.table.caption.ends_with("to the nearest second."), "{}", v.table.caption);
}

#[test]
fn a_ceiling_reached_above_the_scale_is_said_but_not_ringed_on_the_top_edge() {
    for s in crate::scenario::registry::SCENARIOS {
        let v = view(&run(s, 0, &Values::defaults(s), None, Record::default()).unwrap());
        let top = v.money_ticks.last().unwrap().at;
        for t in v.lines.iter().filter_map(|l| l.trip.as_ref()).chain(&v.events) {
            assert!(
                t.spent_nanos <= top,
                "{}: {:?} at {} nano-dollars on a scale to {top}",
                s.name,
                t.label,
                t.spent_nanos
            );
        }
    }
    // Lesson 001: the $1.00 cap is reached at 12:54, on an axis to $0.0015 drawn for the
    // tutorial's $0.001 cap.
    let demo = crate::scenario::registry::find("hackathon").unwrap();
    let v = view(&run(demo, 0, &Values::defaults(demo), None, Record::default()).unwrap());
    let cap = v.lines.iter().find(|l| l.policy == "dailyCap").expect("the $1.00 daily cap's line");
    assert!(cap.off_scale.is_some() && cap.trip.is_none(), "{}: {:?}", cap.label, cap.trip);
    assert!(cap.sentence.contains("the daily cost cap is reached at 12:54"), "{}", cap.sentence);
    assert!(v.events.iter().all(|e| !e.label.contains("12:54")), "{:?}", v.events);
}

/// Lesson 001's demo day at its defaults: its one line on the scale stops by 08:21.
fn demo_day(seed: u32) -> OverTime {
    let demo = crate::scenario::registry::find("hackathon").unwrap();
    view(&run(demo, seed, &Values::defaults(demo), None, Record::default()).unwrap())
}

#[test]
fn a_day_whose_scale_stops_moving_early_is_drawn_to_soon_after_and_says_so() {
    let v = demo_day(0);
    let clock = |at: u64| Scale::Clock.moment(at, Round::Nearest);
    assert_eq!((clock(v.from_ms), clock(v.to_ms)), ("08:05".into(), "08:45".into()), "the axis ends at 08:45");
    let ticks: Vec<&str> = v.time_ticks.iter().map(|t| t.label.as_str()).collect();
    assert_eq!(ticks.last(), Some(&"08:45"), "ticks {ticks:?} stop at the axis's end");
    for l in v.lines.iter().map(|l| &l.points).chain(v.limits.iter().map(|l| &l.points)) {
        assert_eq!(l.last().map(|p| p[0]), Some(v.to_ms), "every line and limit drawn reaches the axis's end");
    }
    assert_eq!(
        v.window.as_deref(),
        Some("The chart shows 08:05 to 08:45: nothing on its scale moves after 08:23. The sentences and the table go on to the end, 21:32.")
    );
    let tutorial = v.lines.iter().find(|l| l.policy == "rateLimitAndCap").unwrap();
    assert!(tutorial.sentence.contains("between 08:05 and 08:21"), "{}", tutorial.sentence);
    let no_limit = &v.lines[0];
    assert!(
        no_limit.sentence.contains("$2.23 between 08:05 and 21:32"),
        "the sentences keep the whole day: {}",
        no_limit.sentence
    );
    assert_eq!(v.table.rows.last().unwrap()[0], "21:32", "the table ends at the day's end, with the bills");
    let read = &v.sentences;
    assert_eq!((read.len(), &read[0]), (v.lines.len() + 2, v.window.as_ref().unwrap()), "the window is read first");
    assert_eq!(read[1], v.moments[0].sentence, "then when the script starts");
    assert_eq!(read[2..], v.lines.iter().map(|l| l.sentence.clone()).collect::<Vec<_>>()[..], "then each line's");
}

#[test]
fn a_run_that_moves_until_late_keeps_its_whole_axis() {
    use crate::scenario::registry::find;
    for name in ["toyDay", "freeTier", "runawayTenant"] {
        let sc = find(name).unwrap();
        for seed in [0, 1, 7] {
            let r = run(sc, seed, &Values::defaults(sc), None, Record::default()).unwrap();
            let v = view(&r);
            let end = r.policies[0].timeline.start.0
                + r.policies[0].timeline.step_ms * r.policies[0].timeline.spent.len() as u64;
            assert_eq!((v.window.as_deref(), v.to_ms), (None, end), "{name} on run {seed} is drawn whole");
        }
    }
}

#[test]
fn a_scale_that_moves_to_the_end_of_a_long_day_is_not_cut() {
    // One call early and one at the end: the last move is the end.
    let day =
        custom(&[(8 * 3_600_000, 1_000), (21 * 3_600_000, 1_000)], 1_000, vec![engine::Policy::new("none", vec![])]);
    assert_eq!(view(&day).window, None);
    // Both early: cut.
    let early = custom(
        &[(8 * 3_600_000, 1_000), (8 * 3_600_000 + 600_000, 1_000), (21 * 3_600_000, 0)],
        1_000,
        vec![engine::Policy::new("none", vec![])],
    );
    let v = view(&early);
    assert!(v.window.is_some() && v.to_ms < 9 * 3_600_000, "cut to {} ms: {:?}", v.to_ms, v.window);
}

/// Lesson 001's day 1 with spoofed users, over time.
fn spoofed_day_1() -> OverTime {
    let scenario = crate::scenario::registry::find("hackathon").unwrap();
    let mut values = Values::defaults(scenario);
    values.set(scenario, "spoofedUsers", "on").unwrap();
    view(&run(scenario, 1, &values, None, Record::default()).unwrap())
}

#[test]
fn spend_that_rounds_to_its_lines_amount_is_written_to_the_micro_dollar_so_past_and_within_differ() {
    // Lesson 001's day 1 with spoofed users: the cap's line and the set-aside cap's end
    // near $1.00, one just past the $1.00 line and one just within it.
    let v = spoofed_day_1();
    let near: Vec<&str> =
        v.lines.iter().map(|l| l.sentence.as_str()).filter(|s| s.contains(" the $1.00 ceiling line")).collect();
    assert!(near.iter().any(|s| s.contains(", past the $1.00")), "{near:#?}");
    assert!(near.iter().any(|s| s.contains(", within the $1.00")), "{near:#?}");
    for s in &near {
        assert!(!s.contains("climbs to $1.00 "), "a figure that rounds to the line's own: {s}");
    }
}

#[test]
fn a_ceiling_reached_is_marked_on_its_line_at_its_moment_not_at_the_next_points_height() {
    let v = spoofed_day_1();
    let mut below_the_next = 0;
    for line in &v.lines {
        let Some(t) = &line.trip else { continue };
        let k = line.points.iter().position(|p| p[0] >= t.at_ms).expect("the trip is on the axis");
        let (before, next) = (line.points[k - 1], line.points[k]);
        // Straight between the two points, as the chart draws the line.
        let (run_ms, rise) = (u128::from(next[0] - before[0]), u128::from(next[1] - before[1]));
        let on = u128::from(before[1]) + rise * u128::from(t.at_ms - before[0]) / run_ms;
        assert_eq!(u128::from(t.spent_nanos), on, "{}: {} at {} ms", line.label, t.label, t.at_ms);
        below_the_next += usize::from(t.spent_nanos < next[1]);
    }
    assert!(
        below_the_next > 0,
        "some mark sits below the next point's height: {:?}",
        v.lines.iter().map(|l| &l.trip).collect::<Vec<_>>()
    );
}

#[test]
fn the_table_writes_a_spend_that_grew_by_less_than_a_cent_apart_from_the_row_before() {
    const HOUR: u64 = 3_600_000;
    // $0.15 at once, then $0.004 two hours later: both rows were "$0.15" at cents.
    let r =
        custom(&[(0, 150_000), (2 * HOUR, 4_000), (4 * HOUR, 1_000)], 1_000, vec![engine::Policy::new("open", vec![])]);
    let table = view(&r).table;
    let spent: Vec<&str> = table.rows.iter().map(|row| row[1].as_str()).collect();
    assert!(spent.contains(&"$0.150") && spent.contains(&"$0.154"), "one column to the tenth of a cent: {spent:?}");
}

#[test]
fn the_scripts_first_request_is_marked_on_lessons_001_and_003_and_said_before_the_lines() {
    for name in ["hackathon", "freeTier"] {
        let scenario = crate::scenario::registry::find(name).unwrap();
        let values = Values::defaults(scenario);
        let r = run(scenario, 0, &values, None, Record::default()).unwrap();
        // The script's first request, from the scenario's own traffic.
        let traffic = scenario.build(0, &values).unwrap().traffic;
        let calls = traffic.calls().iter();
        let first =
            calls.filter(|c| traffic.cohort_of(c.user as usize).name == "script").map(|c| c.at.0).min().unwrap();
        let v = view(&r);
        let start = v.moments.first().cloned().unwrap_or_else(|| panic!("{name}: no start marked"));
        let moment = v.scale.moment(first, Round::Down);
        assert_eq!(
            (start.at_ms, start.label.as_str()),
            (first, format!("script starts at {moment}").as_str()),
            "{name}"
        );
        let said = v.sentences.iter().position(|s| *s == format!("The script starts at {moment}."));
        assert_eq!(said, Some(usize::from(v.window.is_some())), "{name}: {:?}", v.sentences);
    }
    assert!(view(&toy(0, &[])).moments.is_empty(), "lesson 000's heavy user calls all day, as the others do");
}

#[test]
fn lesson_002s_ledger_outage_is_marked_on_its_month_as_the_hours_its_settings_give_and_none_when_empty() {
    let scenario = crate::scenario::registry::find("runawayTenant").unwrap();
    let mut values = Values::defaults(scenario);
    values.set(scenario, "outageStartHour", "300").unwrap();
    values.set(scenario, "outageEndHour", "306").unwrap();
    let v = view(&run(scenario, 0, &values, None, Record::default()).unwrap());
    let outage: Vec<(u64, Option<u64>, &str)> =
        v.moments.iter().map(|m| (m.at_ms, m.until_ms, m.label.as_str())).collect();
    assert_eq!(outage, [(300 * 3_600_000, Some(306 * 3_600_000), "ledger down")]);
    let said = "The ledger is down from Day 13 12:00 to Day 13 18:00.";
    assert!(v.sentences.iter().any(|s| s == said), "{:?}", v.sentences);
    values.set(scenario, "outageEndHour", "300").unwrap();
    assert!(view(&run(scenario, 0, &values, None, Record::default()).unwrap()).moments.is_empty(), "no hour down");
}

#[cfg(feature = "hackathon")]
#[test]
fn a_line_just_past_its_cap_line_says_its_bill_to_the_micro_dollar() {
    let s = crate::scenario::registry::find("hackathon").unwrap();
    let mut values = Values::defaults(s);
    values.set(s, "scriptAtOnce", "10").unwrap();
    let v = view(&run(s, 0, &values, None, Record::default()).unwrap());
    let cap = v.lines.iter().find(|l| l.policy == "dailyCap").expect("the daily cap's line");
    assert_eq!(cap.bill, "$1.002323", "10 calls at once carry the bill past the $1.00 cap: {}", cap.sentence);
    assert!(cap.sentence.contains("$1.002323"), "{}", cap.sentence);
    let no_limit = v.lines.iter().find(|l| l.policy == "noLimit").expect("no limit's line");
    assert_eq!(no_limit.bill, "$20.22", "a line with no cap line stays to the cent");
}
