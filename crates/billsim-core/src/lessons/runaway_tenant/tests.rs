use super::*;
use crate::engine::Nanos;
use crate::lessons::runaway_tenant::scenario::SCENARIO as RUNAWAY_TENANT;
use crate::lessons::runaway_tenant::traffic::{runaway_day, traffic, RUNAWAY, RUNAWAY_FROM_HOUR};
use crate::scenario::registry::find;

#[test]
fn the_price_table_is_the_lessons_per_million_tokens_exactly() {
    let table = prices();
    let per_token = |m: &str| table.get(m).map(|p| (p.cost(1, 0).unwrap(), p.cost(0, 1).unwrap()));
    assert_eq!(per_token("claude-opus-4-8"), Some((Nanos(5_000), Nanos(25_000))), "$5 / $25");
    assert_eq!(per_token("claude-sonnet-4-6"), Some((Nanos(3_000), Nanos(15_000))), "$3 / $15");
    assert_eq!(per_token("claude-haiku-4-5"), Some((Nanos(800), Nanos(4_000))), "$0.80 / $4");
    let haiku = table.get("claude-haiku-4-5").unwrap();
    assert_eq!(haiku.cost(1_000_000, 1_000_000), Ok(Nanos(4_800_000_000)), "$4.80 for a million in and out");
    assert_eq!(LADDER.map(|m| table.get(m).is_some()), [true; 3], "every model of the ladder has a price");
}

fn values() -> Values {
    Values::defaults(&RUNAWAY_TENANT)
}

#[test]
fn a_monthly_budget_below_the_daily_one_is_refused_with_the_field_and_both_amounts() {
    let mut v = values();
    v.set(&RUNAWAY_TENANT, "freeMonthlyDollars", "0.50").unwrap();
    let err = Params::from_values(&v).unwrap_err();
    assert_eq!(
        err.to_string(),
        "freeMonthlyDollars: must be an amount in dollars at least the free tier's daily budget (a month holds a \
         day); got $0.50 with a daily budget of $1.00"
    );
    assert!(crate::scenario::run(&RUNAWAY_TENANT, 0, &v, None, crate::engine::Record::COUNTS).is_err());
}

#[test]
fn an_outage_that_ends_before_it_starts_is_refused_and_one_of_no_length_is_no_outage() {
    let mut v = values();
    v.set(&RUNAWAY_TENANT, "outageStartHour", "10").unwrap();
    v.set(&RUNAWAY_TENANT, "outageEndHour", "9").unwrap();
    assert_eq!(
        Params::from_values(&v).unwrap_err().to_string(),
        "outageEndHour: must be an hour at or after the outage's start (an outage cannot end before it starts); \
         got 9, before the start at hour 10"
    );
    v.set(&RUNAWAY_TENANT, "outageEndHour", "10").unwrap();
    assert_eq!(Params::from_values(&v).unwrap().outage(), None);
}

#[test]
fn a_bad_setting_names_its_field_and_range() {
    let mut v = values();
    let err = |v: &mut Values, key: &str, text: &str| v.set(&RUNAWAY_TENANT, key, text).unwrap_err().to_string();
    assert_eq!(
        err(&mut v, "maxTokens", "0"),
        "maxTokens: must be a whole number of tokens from 1 to 32,000; got \"0\""
    );
    assert_eq!(
        err(&mut v, "payingDailyDollars", "-5"),
        "payingDailyDollars: must be an amount in dollars from 0.01 to 1,000,000, with at most 6 decimals; got \"-5\""
    );
    assert_eq!(err(&mut v, "freeFail", "maybe"), "freeFail: must be \"open\" or \"closed\"; got \"maybe\"");
    assert_eq!(
        err(&mut v, "outageEndHour", "721"),
        "outageEndHour: must be a whole number of hours from 0 to 720; got \"721\""
    );
    assert!(find("runawayTenant").is_ok());
}

#[test]
fn the_month_is_tens_of_thousands_of_calls_the_same_for_the_same_seed_and_the_runaway_starts_at_nine() {
    let p = Params::from_values(&values()).unwrap();
    let month = traffic(3, &p).unwrap();
    assert!((20_000..60_000).contains(&month.calls().len()), "{} calls", month.calls().len());
    assert_eq!(month, traffic(3, &p).unwrap());
    let day = runaway_day(3);
    let nine = Instant(day * crate::engine::DAY_MS + RUNAWAY_FROM_HOUR * 3_600_000);
    assert!(month.calls().iter().any(|c| c.user == RUNAWAY && c.at == nine), "a task at 09:00 of day {day}");
    let mut per_day = [0u32; 30];
    for c in month.calls().iter().filter(|c| c.user == RUNAWAY) {
        per_day[(c.at.0 / crate::engine::DAY_MS).min(29) as usize] += 1;
    }
    let others = per_day.iter().enumerate().filter(|&(d, _)| d as u64 != day && d as u64 != day + 1);
    let most_other = others.map(|(_, &n)| n).max().unwrap_or(0);
    assert!(per_day[day as usize] > 20 * most_other, "{per_day:?}");
    assert!(month.calls().iter().all(|c| c.output <= p.max_tokens), "replies stay within max_tokens");
}

#[test]
fn over_the_month_the_reserving_policies_stay_within_their_tenants_budget_line() {
    for seed in 0..10 {
        let r = crate::scenario::run(&RUNAWAY_TENANT, seed, &values(), None, crate::engine::Record::default()).unwrap();
        let view = crate::views::over_time::over_time(&r).unwrap();
        let within = |i: usize| {
            let limit = view.limits.iter().find(|l| l.policies.contains(&i)).expect("a ledger draws its line");
            view.lines[i].points.iter().zip(&limit.points).all(|(s, l)| s[1] <= l[1])
        };
        // The line sums every tenant's budget, so others' unspent budgets can hide one tenant's overspend.
        assert!(seed != 0 || !within(1), "month 0: metering the request passes the line");
        assert!(within(2) && within(3) && within(4), "month {seed}: every call reserved stays within");
        assert!(view.limits[1].label.ends_with("$183.00 a day, at most $2,330.00 a month"), "{}", view.limits[1].label);
    }
}

#[test]
fn each_sentence_under_the_ladder_chart_starts_with_a_capital_even_where_the_tenant_is_named() {
    // The runaway tenant's name is written as it is ("umbrella"), so no sentence may start with it.
    for seed in 0..3 {
        let r =
            crate::scenario::run(&RUNAWAY_TENANT, seed, &values(), None, crate::engine::Record::EVERYTHING).unwrap();
        let view = ladder::ladder_view(&r);
        assert!(!view.sentences.is_empty(), "month {seed}: the ladder has its sentence");
        for text in &view.sentences {
            for sentence in text.split(". ") {
                let first = sentence.chars().next();
                assert!(first.is_some_and(|c| c.is_ascii_uppercase()), "month {seed}: {sentence:?} in {text:?}");
            }
        }
    }
}

#[test]
fn an_overrun_names_its_day_from_day_1_as_the_widget_counts_days_and_its_month_as_the_month() {
    let over = |window: &str| claims::Overrun {
        policy: "dailyCap".into(),
        tenant: "umbrella".into(),
        window: window.into(),
        charged: Nanos(2),
        budget: Nanos(1),
    };
    assert_eq!(over("Day 6").when(), "on Day 6");
    assert_eq!(over("month").when(), "in the month");
}
