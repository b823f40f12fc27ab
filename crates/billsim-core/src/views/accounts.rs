//! Small multiples of one kind of user: a tiny bar per account, its requests through and
//! refused, under the policy the lesson says lets them through and under the policy the
//! reader picked. Lesson 003's 40 sockpuppets, 5 of 8 requests through each under
//! per-user limits, say at a glance what one aggregate bar cannot: every account stayed
//! inside its own limits. Every word and count a reader sees is here; the chart draws it.

use crate::engine::Reason;
use crate::scenario::{ManyAccounts, ScenarioRun};
use crate::views::table::Table;
use crate::words::{counted, grouped};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Accounts {
    /// "Each sockpuppet account's requests, through and refused: A free tier, run 0".
    pub title: String,
    /// The words of the key: "through", "refused".
    pub through: String,
    pub refused: String,
    /// The most requests of any account: a bar of that many is full height.
    pub most: u32,
    pub rows: Vec<Row>,
    pub table: Table,
}

/// The accounts under one policy.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Row {
    pub policy: String,
    /// "Bucket and budget: per-user limits alone, each account inside its own".
    pub heading: String,
    /// Under the bars: "each of 40: 5 of 8 through, 3 refused".
    pub note: String,
    /// The row in words, for the status line and the text alternative.
    pub sentence: String,
    pub accounts: Vec<Account>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Account {
    pub name: String,
    pub requests: u32,
    pub through: u32,
    pub refused: u32,
}

/// The accounts of `run`'s lesson's kind of user under the policy its lesson says lets them
/// through and, when another, under `selected`. `None` for a scenario with no such view.
///
/// ```
/// use billsim_core::engine::Record;
/// use billsim_core::views::accounts::accounts;
/// use billsim_core::scenario::{registry::find, run, Values};
/// let free = find("freeTier").unwrap();
/// let view = accounts(&run(free, 0, &Values::defaults(free), None, Record::default()).unwrap(), "allThree").unwrap();
/// assert_eq!(view.rows[0].note, "each of 40: 5 of 8 through, 3 refused");
/// assert_eq!(view.rows.len(), 2, "and under all three layers");
/// ```
pub fn accounts(run: &ScenarioRun, selected: &str) -> Option<Accounts> {
    let ManyAccounts { cohort, policy: lesson_policy, why } = run.about.accounts?;
    let name_of = |policy: &str| run.label_of(policy).unwrap_or(policy).to_string();
    let kind = run.cohorts.iter().find(|c| c.name == cohort)?;
    let mut policies = vec![(lesson_policy, format!("{}: {why}", name_of(lesson_policy)))];
    if selected != lesson_policy {
        policies.push((selected, name_of(selected)));
    }
    let kind_words = crate::words::in_sentence(&kind.label);
    let rows: Vec<Row> = policies
        .into_iter()
        .filter_map(|(policy, heading)| {
            let at = run.policies.iter().position(|o| o.policy == policy)?;
            Some(row(run, at, cohort, heading, &kind_words))
        })
        .collect();
    let most = rows.iter().flat_map(|r| r.accounts.iter().map(|a| a.requests)).max().unwrap_or(0);
    let singular = kind_words.trim_end_matches('s');
    Some(Accounts {
        title: format!(
            "Each {singular} account's requests, through and refused: {}, run {}",
            run.about.label.unwrap_or(run.scenario),
            run.seed
        ),
        through: "through".into(),
        refused: "refused".into(),
        most,
        table: table(&rows),
        rows,
    })
}

fn row(run: &ScenarioRun, at: usize, cohort: &str, heading: String, kind: &str) -> Row {
    let outcome = &run.policies[at];
    let mut refused_by = [0u64; Reason::ALL.len()];
    let accounts: Vec<Account> = run
        .users
        .iter()
        .zip(&outcome.per_user)
        .filter(|(u, _)| u.cohort == cohort)
        .map(|(u, o)| {
            for r in Reason::ALL {
                refused_by[r.index()] += u64::from(o.refused_by.get(r));
            }
            let refused = Reason::ALL.iter().map(|&r| o.refused_by.get(r)).sum();
            Account { name: u.name.clone(), requests: u.requests, through: o.served, refused }
        })
        .collect();
    let n = accounts.len() as u64;
    let through: u64 = accounts.iter().map(|a| u64::from(a.through)).sum();
    let refused: u64 = accounts.iter().map(|a| u64::from(a.refused)).sum();
    let same = accounts.windows(2).all(|w| (w[0].requests, w[0].through) == (w[1].requests, w[1].through));
    let note = match (accounts.first(), same) {
        (Some(a), true) if n == 1 => format!("{} of {} through, {} refused", a.through, a.requests, a.refused),
        (Some(a), true) => format!("each of {n}: {} of {} through, {} refused", a.through, a.requests, a.refused),
        _ => format!("{} through, {} refused in all", grouped(through), grouped(refused)),
    };
    let reasons: Vec<String> = Reason::ALL
        .iter()
        .filter(|r| refused_by[r.index()] > 0)
        .map(|r| format!("{} by the {}", grouped(refused_by[r.index()]), r.words()))
        .collect();
    let why = match reasons.is_empty() {
        true => String::new(),
        false => format!(": {}", reasons.join(", ")),
    };
    let label = run.labels.get(at).cloned().unwrap_or_else(|| outcome.policy.clone());
    let got = match (accounts.first(), same) {
        (Some(a), true) if n == 1 => {
            let one = kind.trim_end_matches('s');
            format!(
                "the one {one} got {} of its {} through",
                a.through,
                counted(u64::from(a.requests), "request", "requests")
            )
        }
        (Some(a), true) => format!("each of the {n} {kind} got {} of its {} requests through", a.through, a.requests),
        _ => {
            let some = accounts.iter().filter(|a| a.through > 0).count() as u64;
            format!("{some} of the {n} {kind} got requests through, {} in all", grouped(through))
        }
    };
    Row {
        policy: outcome.policy.clone(),
        heading,
        note,
        sentence: format!("{label}: {got}; {} refused{why}.", counted(refused, "request", "requests")),
        accounts,
    }
}

fn table(rows: &[Row]) -> Table {
    let columns = ["Policy", "Account", "Requests", "Through", "Refused"];
    let rows = rows
        .iter()
        .flat_map(|r| {
            r.accounts.iter().map(|a| {
                let count = |n: u32| grouped(u64::from(n));
                vec![r.heading.clone(), a.name.clone(), count(a.requests), count(a.through), count(a.refused)]
            })
        })
        .collect();
    Table {
        caption: "Each account's requests under each policy drawn".into(),
        columns: columns.map(String::from).to_vec(),
        rows,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Record;
    use crate::scenario::{registry::find, run, Values};
    use crate::views::by_cohort::by_cohort;

    fn free(set: &[(&str, &str)]) -> ScenarioRun {
        let s = find("freeTier").unwrap();
        let mut values = Values::defaults(s);
        for (k, v) in set {
            values.set(s, k, v).unwrap();
        }
        run(s, 0, &values, None, Record::default()).unwrap()
    }

    #[test]
    fn under_per_user_limits_each_of_the_40_sockpuppets_gets_5_of_its_8_through() {
        let view = accounts(&free(&[]), "bucketBudget").unwrap();
        assert_eq!(view.rows.len(), 1, "the lesson's policy is the one picked: one row");
        let row = &view.rows[0];
        assert_eq!(row.accounts.len(), 40);
        assert!(row.accounts.iter().all(|a| (a.requests, a.through, a.refused) == (8, 5, 3)), "{:?}", row.accounts);
        assert_eq!(
            row.sentence,
            "Bucket and budget (bucket of 5 refilled 10 a minute; 60,000 tokens a day): each of the 40 sockpuppets \
             got 5 of its 8 requests through; 120 requests refused: 120 by the rate limit."
        );
        assert_eq!(view.most, 8);
    }

    #[test]
    fn each_rows_counts_add_up_to_the_by_kind_views_for_the_kind() {
        let r = free(&[("bucketCapacity", "3")]);
        let view = accounts(&r, "allThree").unwrap();
        let kinds = by_cohort(&r);
        for row in &view.rows {
            let p = kinds.iter().find(|p| p.policy == row.policy).unwrap();
            let c = p.cohorts.iter().find(|c| c.cohort == "sockpuppet").unwrap();
            let through: u32 = row.accounts.iter().map(|a| a.through).sum();
            let refused: u32 = row.accounts.iter().map(|a| a.refused).sum();
            let by_kind: u32 = c.refused_by.0.iter().sum();
            assert_eq!((through, refused), (c.served, by_kind), "{}", row.policy);
        }
        assert_eq!(view.rows[0].note, "each of 40: 3 of 8 through, 5 refused", "a bucket of 3 lets 3 through");
        assert!(view.rows[1].sentence.contains("by the global spend breaker"), "{}", view.rows[1].sentence);
    }

    #[test]
    fn one_sockpuppet_is_said_as_one_not_as_each_of_1() {
        let view = accounts(&free(&[("sockpuppets", "1")]), "bucketBudget").unwrap();
        let row = &view.rows[0];
        assert_eq!(row.note, "5 of 8 through, 3 refused");
        assert!(row.sentence.contains(": the one sockpuppet got 5 of its 8 requests through;"), "{}", row.sentence);
    }

    #[test]
    fn a_scenario_without_such_accounts_has_no_view() {
        let s = find("hackathon").unwrap();
        assert!(accounts(&run(s, 0, &Values::defaults(s), None, Record::default()).unwrap(), "noLimit").is_none());
    }
}
