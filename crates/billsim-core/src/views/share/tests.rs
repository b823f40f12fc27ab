use super::*;
use crate::engine::Record;
use crate::scenario::registry::find;
use crate::scenario::{run, Values};

fn free(seed: u32, set: &[(&str, &str)]) -> ScenarioRun {
    let s = find("freeTier").unwrap();
    let mut values = Values::defaults(s);
    for (k, v) in set {
        values.set(s, k, v).unwrap();
    }
    run(s, seed, &values, None, Record::default()).unwrap()
}

#[test]
fn each_bar_splits_its_policys_bill_by_cohort_and_its_sentence_says_the_shares() {
    let r = free(0, &[]);
    let view = cohort_view(&r);
    assert_eq!(view.bars.len(), r.policies.len());
    for (bar, o) in view.bars.iter().zip(&r.policies) {
        let sum: u64 = bar.segments.iter().map(|s| s.charged.0).sum();
        assert_eq!(sum, o.bill.0, "{}: the segments add up to the bill", bar.policy);
        assert_eq!(bar.segments.len(), 3, "one segment per kind of user");
    }
    let all = &view.bars[3];
    assert_eq!(all.policy, "allThree");
    assert!(all.sentence.contains("$3.01 billed, of which normal users "), "{}", all.sentence);
    assert!(all.note.starts_with("$3.01 · "), "{}", all.note);
}

#[test]
fn the_table_has_one_row_per_policy_and_kind_of_user_and_the_lessons_reasons() {
    let view = cohort_view(&free(0, &[]));
    assert_eq!(view.table.rows.len(), 6 * 3);
    for reason in ["rate limit", "daily token budget", "global spend breaker"] {
        assert!(view.table.columns.contains(&format!("Refused: {reason}")), "{:?}", view.table.columns);
    }
    assert!(view.table.columns.contains(&"Served by the cheaper model".to_string()), "degrade serves some");
    assert!(view.table.rows.iter().all(|r| r.len() == view.table.columns.len()));
    let script_all_three = view.table.rows.iter().find(|r| r[0].starts_with("All three layers") && r[1] == "Script");
    let served = view.table.columns.iter().position(|c| c == "Served").unwrap();
    assert_eq!(script_all_three.map(|r| r[served].as_str()), Some("20"), "the lesson's 20 requests of the script");
}

#[test]
fn each_bar_counts_the_honest_requests_refused_and_says_it_in_its_note() {
    let r = free(0, &[]);
    let view = cohort_view(&r);
    let normal = view.cohorts.iter().position(|c| c.name == "normal").expect("lesson 003's normal users");
    for (bar, p) in view.bars.iter().zip(by_cohort(&r)) {
        let c = &p.cohorts[normal];
        let refused: u64 = c.refused_by.0.iter().map(|&n| u64::from(n)).sum();
        assert_eq!((bar.honest_refused, bar.honest_requests), (refused, u64::from(c.calls)), "{}", bar.policy);
        // The abusers' refusals and the honest users' add up to the policy's, said once each.
        let all: u64 = p.cohorts.iter().flat_map(|c| c.refused_by.0).map(u64::from).sum();
        let abusers = crate::words::grouped(all - refused);
        let want = format!("{} · refused: script and sockpuppets {abusers}, {}", bar.bill, bar.honest);
        assert_eq!(bar.note, want, "{} refused in all", all);
        // The sentence (the text alternative, the spoken status) says the honest part too.
        let honest = format!(
            "refused (honest {} of {})",
            crate::words::grouped(refused),
            crate::words::grouped(u64::from(c.calls))
        );
        assert_eq!(bar.sentence.contains(&honest), all > 0, "{honest} in: {}", bar.sentence);
    }
    let words = |name: &str| {
        let s = find(name).unwrap();
        let v = cohort_view(&run(s, 0, &Values::defaults(s), None, Record::default()).unwrap());
        v.bars.iter().map(|b| format!("{}: {}", b.policy, b.honest)).collect::<Vec<_>>()
    };
    let all_three = view.bars.iter().find(|b| b.policy == "allThree").unwrap();
    assert_eq!(all_three.honest, "honest\u{a0}497\u{a0}of\u{a0}802", "lesson 003's breaker: {:?}", words("freeTier"));
    let cap = words("hackathon");
    // Lesson 001's check-only cap locks honest visitors out (152 of 232 in the lesson's run).
    assert!(cap.iter().any(|w| w.starts_with("dailyCap: honest\u{a0}1")), "{cap:?}");
    assert!(cap[0].ends_with(": honest\u{a0}0\u{a0}of\u{a0}253"), "no limit refuses nobody: {cap:?}");
}

#[test]
fn no_column_heading_shows_a_reason_code_and_every_count_has_thousands_separators() {
    for name in ["freeTier", "hackathon", "runawayTenant"] {
        let s = find(name).unwrap();
        let view = cohort_view(&run(s, 0, &Values::defaults(s), None, Record::default()).unwrap());
        for column in &view.table.columns {
            assert!(!column.contains('_'), "{name}: {column} is a code, not words");
        }
        for row in &view.table.rows {
            for cell in row.iter().skip(2) {
                let digits = cell.trim_start_matches('$').split('.').next().unwrap_or("");
                assert!(digits.len() < 4 || digits.contains(','), "{name}: {cell} in {row:?}");
            }
        }
    }
}

#[test]
fn a_run_that_bills_nothing_says_so_and_has_no_shares() {
    let view = cohort_view(&free(0, &[("tokenBudget", "1000")]));
    let bar = &view.bars[2];
    assert!(bar.sentence.contains(": nothing is billed; "), "{}", bar.sentence);
    assert!(bar.segments.iter().all(|s| s.share.is_empty()));
}

#[test]
fn lesson_002_counts_the_other_tenants_calls_not_honest_requests_as_its_lesson_says_them() {
    // A request of lesson 002's (an agent's task) is many model calls, and its runaway
    // tenant is a paying customer: its views count calls, and the rest are the others.
    let s = find("runawayTenant").unwrap();
    let r = run(s, 0, &Values::defaults(s), None, Record::default()).unwrap();
    let view = cohort_view(&r);
    assert_eq!(view.strip_key, "Others' calls refused");
    assert!(view.table.columns.contains(&"Calls".to_string()), "{:?}", view.table.columns);
    // Its rows are tiers of tenants (internal, paying, the runaway, free), not of users.
    assert_eq!(view.table.columns[1..3], ["Kind of tenant", "Tenants"], "{:?}", view.table.columns);
    assert_eq!(view.table.caption, "Each kind of tenant's calls by reason under each policy");
    assert!(view.title.starts_with("Share of the bill by kind of tenant under each policy"), "{}", view.title);
    for bar in &view.bars {
        // Past the policy's label, which is the lesson's ("Meter the request only").
        let said = format!("{} {} {}", bar.note, &bar.sentence[bar.label.len()..], bar.honest);
        assert!(!said.contains("request") && !said.contains("honest"), "{said}");
    }
    let cap = view.bars.iter().find(|b| b.policy == "dailyCap").unwrap();
    assert!(cap.note.contains(" · refused: the runaway tenant 675, others'\u{a0}"), "{}", cap.note);
    assert!(cap.sentence.contains(" calls refused"), "{}", cap.sentence);
    let t = crate::views::trade_off::trade_off(&r);
    assert!(t.title.starts_with("Bill against others' calls refused under each policy"), "{}", t.title);
    assert!(t.across.starts_with("Others' calls refused (of "), "{}", t.across);
    let sentences = t.points.iter().map(|p| p.sentence[p.label.len()..].to_string());
    let words = [t.table.caption.clone()].into_iter().chain(t.table.columns.clone()).chain(sentences);
    for w in words {
        assert!(!w.contains("honest") && !w.contains("Honest") && !w.contains("request"), "{w}");
    }
    // A lesson whose users are honest or not keeps its words.
    let free = cohort_view(&free(0, &[]));
    assert_eq!(free.strip_key, "Honest requests refused");
    assert_eq!(free.table.columns[1..3], ["Kind of user", "Users"], "{:?}", free.table.columns);
}

#[cfg(feature = "hackathon")]
#[test]
fn a_bill_just_past_its_cap_is_not_written_as_the_cap() {
    let s = find("hackathon").unwrap();
    let mut values = Values::defaults(s);
    values.set(s, "scriptAtOnce", "10").unwrap();
    let r = run(s, 0, &values, None, Record::default()).unwrap();
    let view = cohort_view(&r);
    let cap = view.bars.iter().find(|b| b.policy == "dailyCap").expect("the daily cap's bar");
    assert_eq!(cap.bill, "$1.002323", "10 calls at once carry the $1.00 cap's bill past it: {}", cap.note);
    assert!(cap.sentence.contains("$1.002323 billed"), "{}", cap.sentence);
    let no_limit = view.bars.iter().find(|b| b.policy == "noLimit").expect("no limit's bar");
    assert_eq!(no_limit.bill, "$20.22", "a bill with no cap stays to the cent");
}
