//! What lesson 002's widget draws: the month's spend against the product's monthly budget,
//! the runaway day zoomed, and the ladder's served calls against the hard block's refusals.

use billsim_core::engine::Record;
use billsim_core::scenario::registry::find;
use billsim_core::scenario::{self, ScenarioRun, Values};
use billsim_core::views::over_time::{over_time, LimitKind};

fn month(set: &[(&str, &str)]) -> ScenarioRun {
    let tenant = find("runawayTenant").unwrap();
    let mut values = Values::defaults(tenant);
    for (k, v) in set {
        values.set(tenant, k, v).unwrap();
    }
    scenario::run(tenant, 0, &values, None, Record::EVERYTHING).unwrap()
}

#[test]
fn the_months_chart_draws_the_products_monthly_budget_and_says_when_no_cap_passes_it() {
    for (dollars, shown) in [("1000", "$1,000.00"), ("2500", "$2,500.00")] {
        let view = over_time(&month(&[("productMonthlyDollars", dollars)])).unwrap();
        let line = view.limits.iter().find(|l| l.kind == LimitKind::Reference).expect("the product's line");
        assert_eq!(line.chart_label, format!("product's monthly budget {shown}"));
        assert!(!line.above, "{shown} is drawn on the month's scale, to {:?}", view.money_ticks.last());
        let nanos = dollars.parse::<u64>().unwrap() * 1_000_000_000;
        assert!(line.points.iter().all(|p| p[1] == nanos), "a flat line at {shown}");
        let no_cap = &view.lines[0];
        let past = format!(", past the {shown} line (product's monthly budget) by Day 6 ");
        assert!(no_cap.sentence.contains(&past), "{past} in {}", no_cap.sentence);
        let capped = &view.lines[2];
        let within = format!(", within the {shown} line (product's monthly budget)");
        assert!(capped.sentence.contains(&within), "{within} in {}", capped.sentence);
        // The moment is marked where the line is passed, and names the line.
        let mark = format!("product's monthly budget {shown} passed by Day 6 ");
        let passed = view.events.iter().find(|e| e.label.starts_with(&mark)).expect(&mark);
        assert_eq!(passed.spent_nanos, nanos, "{shown}: the mark is on the line: {passed:?}");
        let said = no_cap.sentence.split(past.trim_end_matches("Day 6 ")).nth(1).unwrap();
        let moment = said.split([',', '.', ';']).next().unwrap(); // "Day 6 11:30"
        assert!(passed.label.contains(&format!("passed by {moment}")), "{:?}: {moment:?}", passed.label);
        // The view says which mark that is and which line it passes, for the chart to ring it.
        let p = view.passing.expect("the passing marked");
        assert_eq!(&view.events[p.event], passed, "the passing's mark");
        assert!(view.limits[p.limit].chart_label.contains("product's monthly budget"), "{:?}", view.limits[p.limit]);
    }
}

#[test]
fn the_runaway_day_zooms_into_09_00_to_14_00_where_no_cap_passes_the_month_and_the_caps_hold() {
    use billsim_core::lessons::runaway_tenant::claims::claims;
    use billsim_core::lessons::runaway_tenant::runaway_day::runaway_day_view;
    use billsim_core::lessons::runaway_tenant::traffic::runaway_day;
    use billsim_core::lessons::runaway_tenant::Params;
    let tenant = find("runawayTenant").unwrap();
    let values = Values::defaults(tenant);
    for seed in 0..3 {
        let run = scenario::run(tenant, seed, &values, None, Record::EVERYTHING).unwrap();
        let view = runaway_day_view(&run, &values).unwrap();
        let day = runaway_day(seed);
        let hour = 3_600_000;
        assert_eq!(
            (view.from_ms, view.to_ms),
            (day * 24 * hour + 9 * hour, day * 24 * hour + 14 * hour),
            "month {seed}"
        );
        let ticks: Vec<&str> = view.time_ticks.iter().map(|t| t.label.as_str()).collect();
        assert_eq!((ticks[0], ticks[ticks.len() - 1]), ("09:00", "14:00"), "month {seed}: {ticks:?}");
        assert!(
            view.title.contains(&format!("umbrella's spend on Day {} from 09:00 to 14:00", day + 1)),
            "{}",
            view.title
        );
        assert!(view.log_money && view.title.contains("scale of tens"), "month {seed}: {}", view.title);
        assert!(view.lines.iter().all(|l| l.off_scale.is_none()), "month {seed}: every line on the scale");

        // No cap: what its line climbs from 09:00 to 14:00 is the lesson's claim, counted apart.
        let c = claims(&run, &Params::from_values(&values).unwrap());
        let no_cap = &view.lines[0].points;
        let climbed = no_cap[no_cap.len() - 1][1] - no_cap[0][1];
        assert_eq!(climbed, c.spent_by_2pm.0, "month {seed}: no cap's climb against the claim's spend by 2 pm");
        let passed = "past the $1,000.00 line (product's monthly budget) by ";
        assert!(view.lines[0].sentence.contains(passed), "month {seed}: {}", view.lines[0].sentence);

        // Every call reserved: held at the tenant's $20 daily budget, and the moment it is first refused marked.
        for line in &view.lines[2..] {
            let last = line.points[line.points.len() - 1][1];
            assert!(last <= 20_000_000_000, "month {seed}: {} ends at {last} nano-dollars", line.policy);
            let trip = line.trip.as_ref().expect("the tenant is refused once its day's budget is spent");
            assert!(trip.label.starts_with("umbrella first refused at "), "month {seed}: {}", trip.label);
            assert!(line.sentence.contains("within the $20.00 line (umbrella's daily budget)"), "{}", line.sentence);
        }
        assert!(!view.events.is_empty(), "month {seed}: the refusals are marked on the time axis");
    }
}

#[test]
fn the_ladder_serves_on_cheaper_models_the_other_tenants_calls_the_hard_block_refuses() {
    use billsim_core::lessons::runaway_tenant::ladder::ladder_view;
    let run = month(&[]);
    let view = ladder_view(&run);
    assert_eq!(view.parts, ["served on claude-sonnet-4-6", "served on claude-haiku-4-5", "refused"]);
    // The runaway tenant's pair of bars, then the other tenants' pair, each headed by whose
    // calls they are and the calls its full width stands for.
    let headings: Vec<(&str, Vec<&str>)> =
        view.groups.iter().map(|g| (g.heading.as_str(), g.rows.iter().map(|r| r.heading.as_str()).collect())).collect();
    let widest = |g: usize| view.groups[g].rows.iter().map(|r| r.calls.iter().sum::<u64>()).max().unwrap();
    assert_eq!(
        [view.groups[0].full, view.groups[1].full],
        [widest(0), widest(1)],
        "each group's scale, its longest bar"
    );
    let policies = vec!["Daily cap, hard block", "Daily cap, degrade ladder"];
    assert_eq!(
        headings,
        [
            (
                format!("Calls of umbrella, stopped by its daily cap (the full width: {} calls)", widest(0)).as_str(),
                policies.clone()
            ),
            (
                format!(
                    "Calls of the other tenants, stopped by their daily caps (the full width: {} calls)",
                    widest(1)
                )
                .as_str(),
                policies
            )
        ]
    );
    // Counted apart from the view: the month's outcome of each policy, by tenant.
    let outcome = |p: &str| run.policies.iter().find(|o| o.policy == p).unwrap();
    for (g, group) in view.groups.iter().enumerate() {
        for (row, policy) in group.rows.iter().zip(["dailyCap", "degradeLadder"]) {
            let o = outcome(policy);
            let users = (0..run.users.len()).filter(|&u| (u == 4) == (g == 0));
            let degraded: u64 = users.clone().map(|u| u64::from(o.per_user[u].degraded)).sum();
            let refused: u64 = users
                .map(|u| u64::from(o.per_user[u].refused_by.get(billsim_core::engine::Reason::BudgetExhausted)))
                .sum();
            assert_eq!(row.calls[0] + row.calls[1], degraded, "{}, group {g}: served on a cheaper model", row.heading);
            assert_eq!(row.calls[2], refused, "{}, group {g}: refused for the budget", row.heading);
        }
    }
    let (block, ladder) = (&view.groups[1].rows[0].calls, &view.groups[1].rows[1].calls);
    assert_eq!(block[0] + block[1], 0, "the hard block serves nothing on a cheaper model: {block:?}");
    assert!(ladder[0] + ladder[1] > ladder[2], "the ladder serves most of the others' stopped calls: {ladder:?}");
    assert!(ladder[2] < block[2], "and refuses fewer of them than the hard block: {ladder:?} against {block:?}");
}
