use super::*;
use crate::engine::Record;
use crate::lessons::runaway_tenant::claims::claims;
use crate::lessons::runaway_tenant::scenario::SCENARIO as RUNAWAY_TENANT;
use crate::scenario::{run, Values};

fn month(seed: u32, set: &[(&str, &str)]) -> (ScenarioRun, Params) {
    let mut values = Values::defaults(&RUNAWAY_TENANT);
    for (k, v) in set {
        values.set(&RUNAWAY_TENANT, k, v).unwrap();
    }
    let params = Params::from_values(&values).unwrap();
    (run(&RUNAWAY_TENANT, seed, &values, None, Record::EVERYTHING).unwrap(), params)
}

#[test]
fn the_calls_by_model_table_is_the_framed_policys_calls_served_on_each_model_and_the_runaways_share() {
    let (r, _) = month(0, &[]);
    for (i, o) in r.policies.iter().enumerate() {
        let (sentences, table) = calls_by_model(&r, &o.policy);
        assert_eq!(table.rows.len(), 3, "opus, sonnet, haiku");
        for (m, row) in table.rows.iter().enumerate() {
            assert_eq!(row[2], grouped(u64::from(o.served_by_model[m])), "{}: {}", o.policy, row[0]);
        }
        assert!(table.caption.contains(&label(&o.policy)), "{}", table.caption);
        assert_eq!(sentences.len(), 1, "{}", r.labels[i]);
    }
    let (sentences, table) = calls_by_model(&r, "degradeLadder");
    assert_eq!(table.rows[1][..3], ["claude-sonnet-4-6", "$3.00 / $15.00", "46"], "the ladder moves calls");
    assert_eq!(table.rows[2][2], "65");
    assert_eq!(table.rows[1][3], "2", "umbrella's calls on sonnet");
    assert_eq!(
        sentences[0],
        "\"Daily cap, degrade ladder\": 111 calls moved down the ladder to a cheaper model rather than being refused."
    );
    let (sentences, table) = calls_by_model(&r, "dailyCap");
    assert_eq!(table.rows[1][2], "0", "a hard block moves nothing");
    assert!(sentences[0].contains("no ladder moves a call"), "{}", sentences[0]);
}

#[test]
fn the_pitfalls_say_the_claims_numbers_of_this_month() {
    let (r, p) = month(0, &[]);
    let c = claims(&r, &p);
    let s = pitfalls(&r, &c, &p, "degradeLadder");
    assert_eq!(s.len(), 5, "{s:#?}");
    assert_eq!(
        s[0],
        "No cap: from Day 6 09:00 to 14:00 umbrella (the runaway tenant: a paying tenant who points the agent at \
         its whole document store and leaves it running) spent $1,865.50, more than the product's monthly budget of \
         $1,000.00.",
        "the widget's first sentence that names the runaway tenant says who it is"
    );
    assert!(s[1].contains(&format!("charged {} times its daily budget", decimal(c.overspend_hundredths))), "{}", s[1]);
    assert!(s[1].contains("55.07 times") && s[1].contains("33.11 model calls each"), "{}", s[1]);
    assert!(s[1].ends_with("$1,469.86 of the month's calls were never metered."), "{}", s[1]);
    assert!(
        s[2].contains("the free tier failed closed (4 calls refused)") && s[2].ends_with("$5.79 unmetered."),
        "{}",
        s[2]
    );
    assert!(s[3].contains("3 tenants were charged past their monthly budget (hobbyist-a $21.50"), "{}", s[3]);
    assert!(s[3].ends_with("with a monthly window too, every tenant stays within its month."), "{}", s[3]);
    assert!(
        s[4].contains("max_tokens 4096")
            && s[4].contains("no tenant was charged past a budget its policy keeps on any day: its daily budget under"),
        "{}",
        s[4]
    );
}

#[test]
fn the_widgets_panels_are_the_pitfalls_then_the_calls_by_model_of_the_framed_policy() {
    let values = Values::defaults(&RUNAWAY_TENANT);
    let got = panels(&RUNAWAY_TENANT, 0, &values, "dailyCap").unwrap();
    let (r, p) = month(0, &[]);
    assert_eq!(got.iter().map(|p| p.name).collect::<Vec<_>>(), ["pitfalls", "callsByModel"]);
    assert_eq!(got[0].sentences, pitfalls(&r, &claims(&r, &p), &p, "dailyCap"));
    assert_eq!(got[1].table, Some(calls_by_model(&r, "dailyCap").1));
    // Kept runs and their claims: another month, then back, each says its own month.
    for seed in [1, 0, 1] {
        let (r, p) = month(seed, &[]);
        let got = panels(&RUNAWAY_TENANT, seed, &values, "noCap").unwrap();
        assert_eq!(got[0].sentences, pitfalls(&r, &claims(&r, &p), &p, "noCap"), "month {seed}");
    }
    let mut bad = values.clone();
    bad.set(&RUNAWAY_TENANT, "outageStartHour", "12").unwrap();
    bad.set(&RUNAWAY_TENANT, "outageEndHour", "11").unwrap();
    let err = panels(&RUNAWAY_TENANT, 0, &bad, "dailyCap").unwrap_err().to_string();
    assert!(err.starts_with("outageEndHour: must be an hour at or after the outage's start"), "{err}");
}

#[test]
fn the_outage_settings_change_the_outage_pitfall() {
    let (r, p) = month(0, &[("freeFail", "open"), ("internalFail", "closed")]);
    let s = pitfalls(&r, &claims(&r, &p), &p, "dailyCap");
    assert!(s[2].contains("the internal tier failed closed (") && s[2].contains("the free tier failed open ("));
    assert!(s[2].contains("under \"Daily cap, hard block\""), "{}", s[2]);
    let framed_no_cap = pitfalls(&r, &claims(&r, &p), &p, "noCap");
    assert!(framed_no_cap[2].contains("under \"Daily cap, degrade ladder\""), "no ledger: the ladder's numbers");
    let (r, p) = month(0, &[("outageStartHour", "10"), ("outageEndHour", "10")]);
    let s = pitfalls(&r, &claims(&r, &p), &p, "degradeLadder");
    assert!(s[2].contains("the ledger never goes down this month"), "{}", s[2]);
    let (r, p) = month(0, &[("outageStartHour", "300"), ("outageEndHour", "302")]);
    let s = pitfalls(&r, &claims(&r, &p), &p, "degradeLadder");
    assert!(
        s[2].contains("from hour 300 of the month (Day 13 12:00) to hour 302 (Day 13 14:00)"),
        "the outage in the hours it was set in: {}",
        s[2]
    );
    let (r, p) = month(0, &[("freeMonthlyDollars", "30")]);
    let s = pitfalls(&r, &claims(&r, &p), &p, "degradeLadder");
    assert!(s[3].contains("no tenant passes its monthly budget"), "a month of daily budgets: {}", s[3]);
}
