//! The "share of the bill by kind of user" view of a scenario run: one bar per policy,
//! split into each cohort's share of that policy's bill, one sentence per policy, and the
//! "Show numbers" table of each kind of user's requests by reason under each policy. Every
//! word and amount a reader sees is here; the chart only draws it.

use crate::engine::{Nanos, Reason};
use crate::money::Micros;
use crate::scenario::{Others, ScenarioRun};
use crate::views::by_cohort::{by_cohort, PolicyCohorts};
use crate::views::colours::Role;
use crate::views::table::Table;
use crate::words::shares;
use crate::words::{counted, grouped};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CohortView {
    /// The figure's title: "Share of the bill by kind of user under each policy: A free tier, run 0".
    pub title: String,
    /// The run's cohorts, in order: `{ name, label }`.
    pub cohorts: Vec<crate::engine::Cohort>,
    /// Each cohort's role in its lesson, in the order of `cohorts`: it gives its colour.
    #[serde(default)]
    pub roles: Vec<Role>,
    /// One bar per policy, in the run's order.
    pub bars: Vec<Bar>,
    /// The key's entry for the strip under each bar, where a bar has one (honest users'
    /// requests refused, of all they made); empty where none has (a replay).
    #[serde(default)]
    pub strip_key: String,
    /// A line across the bars that no policy enforces, to hold each bill against (lesson
    /// 002's product's monthly budget); `None` where the run has none.
    #[serde(default)]
    pub reference: Option<Reference>,
    pub table: Table,
}

/// A line drawn across the bars at an amount: what it is, as the key names it ("product's
/// monthly budget $1,000.00"), and where.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Reference {
    pub words: String,
    #[serde(rename = "atNanos")]
    pub at: Nanos,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Bar {
    pub policy: String,
    pub label: String,
    /// The policy's short name, as its button names it ("All three layers"): a narrow chart
    /// heads its row with it, the full label staying in the sentence and the table.
    #[serde(default)]
    pub name: String,
    /// The bill to the cent and the requests refused: "$3.01 · 1,017 refused", or, where
    /// the lesson names an abuser, split between them and the honest users (`refused_words`).
    pub note: String,
    /// The bill to the cent, written at the bar's end: "$3.01".
    #[serde(default)]
    pub bill: String,
    /// The honest users' requests refused and made: the second measure beside the bill.
    /// Both 0 where no kind of user is the abuser (a replay).
    #[serde(default)]
    pub honest_refused: u64,
    #[serde(default)]
    pub honest_requests: u64,
    /// Those in words, "honest 497 of 802", as the note ends; empty where both are 0.
    #[serde(default)]
    pub honest: String,
    /// Each cohort's part of the bill, in the order of `cohorts`.
    pub segments: Vec<Segment>,
    /// The bar in words, for the text alternative and the status line.
    pub sentence: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Segment {
    pub cohort: String,
    pub label: String,
    #[serde(rename = "chargedNanos")]
    pub charged: Nanos,
    /// Its share of the bar's bill ("45%", "under 1%"); empty for a bill of nothing.
    pub share: String,
}

/// The view of `run`, added up by cohort.
///
/// ```
/// use billsim_core::engine::Record;
/// use billsim_core::views::share::cohort_view;
/// use billsim_core::scenario::registry::find;
/// use billsim_core::scenario::{run, Values};
/// let free = find("freeTier").unwrap();
/// let view = cohort_view(&run(free, 0, &Values::defaults(free), None, Record::default()).unwrap());
/// assert_eq!(view.bars.len(), 6);
/// assert!(view.bars[0].sentence.starts_with("No limit: $23.05 billed, "), "{}", view.bars[0].sentence);
/// ```
pub fn cohort_view(run: &ScenarioRun) -> CohortView {
    let policies = by_cohort(run);
    // A lesson's kinds of user are our words, lowered inside a sentence ("normal users
    // 61%"); any other run's (a replay's users) are names, said as they are written.
    let as_written = run.about.label.is_none();
    let roles: Vec<Role> = run.cohorts.iter().map(|c| Role::of(run.about.abusers.contains(&c.name))).collect();
    // The abuser's side of each note, by the lesson's names: "script and sockpuppets", and
    // of a label that says its tier first, the rest ("the runaway tenant", not "paying: the
    // runaway tenant" after the note's own "refused:").
    let abusers: Vec<String> = run
        .cohorts
        .iter()
        .zip(&roles)
        .filter(|(_, &r)| r == Role::Abuser)
        // (A char's search: a text's, or a slice at a byte index, brought 4.6 KB gzipped of
        // the standard library's searcher and its panic's formatting into the modules.)
        .map(|(c, _)| {
            let rest = c.label.rsplit_once(':').map_or(c.label.as_str(), |(_, rest)| rest.trim_start_matches(' '));
            match as_written {
                true => rest.to_string(),
                false => crate::words::in_sentence(rest),
            }
        })
        .collect();
    let abuser = abusers.join(" and ");
    let others = run.about.others;
    let bars: Vec<Bar> = policies
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let guards = run.ran.get(i).map_or(&[][..], |ran| &ran.guards);
            let caps: Vec<Micros> = guards.iter().filter_map(|g| g.everyones_cap()).collect();
            let bill = p.bill.micros().cents_beside(&caps);
            bar(p, bill, run.label_of(&p.policy).unwrap_or(&p.label), &roles, as_written, &abuser, others)
        })
        .collect();
    let strip_key = match bars.iter().any(|b| b.honest_requests > 0) {
        true => crate::words::capitalised(&format!("{} refused", others.sent())),
        false => String::new(),
    };
    // An amount too large for nano-dollars has no line (the setting's range keeps it far
    // below that).
    let reference = run.about.reference.and_then(|(words, amount)| {
        Some(Reference { words: format!("{words} {}", amount.shown()), at: Nanos::from_micros(amount).ok()? })
    });
    CohortView {
        title: title(run, others, reference.as_ref()),
        cohorts: run.cohorts.clone(),
        roles,
        bars,
        strip_key,
        reference,
        table: table(&policies, others),
    }
}

/// The chart's name, its line included: the title is what a screen reader says of it.
fn title(run: &ScenarioRun, others: Others, reference: Option<&Reference>) -> String {
    let name = run.about.label.unwrap_or(run.scenario);
    let against = reference.map_or(String::new(), |r| format!(", against the {}", r.words));
    format!("Share of the bill by {} under each policy{against}: {name}, run {}", others.kind, run.seed)
}

fn refused(p: &PolicyCohorts) -> u64 {
    p.cohorts.iter().flat_map(|c| c.refused_by.0).map(u64::from).sum()
}

/// A policy's refusals where the lesson names an abuser, in words: the abuser's, then the
/// honest users' of all they made, "refused: script and sockpuppets 1,422, honest 497 of
/// 802". Two counts that do not overlap, where a total beside the honest part read as two
/// answers to one question ("0 refused · honest requests refused: 0 of 227").
pub fn refused_words(abuser: &str, abuser_refused: u64, honest: &str) -> String {
    format!("refused: {abuser} {}, {honest}", grouped(abuser_refused))
}

/// The honest users' requests refused, of all they made, `who` being what the lesson calls
/// them: "honest 497 of 802". The trade-off of a limit: what it cost the users it is not
/// for. Its spaces are no-break ones, so a note wrapped on a phone keeps "497 of 802" on
/// one line.
pub fn honest_words(who: &str, refused: u64, requests: u64) -> String {
    format!("{who}\u{a0}{}\u{a0}of\u{a0}{}", grouped(refused), grouped(requests))
}

fn bar(
    p: &PolicyCohorts,
    bill: String,
    name: &str,
    roles: &[Role],
    as_written: bool,
    abuser: &str,
    others: Others,
) -> Bar {
    let charged: Vec<u64> = p.cohorts.iter().map(|c| c.charged.0).collect();
    let segments: Vec<Segment> = p
        .cohorts
        .iter()
        .zip(shares(&charged, p.bill.0))
        .map(|(c, share)| Segment {
            cohort: c.cohort.clone(),
            label: c.label.clone(),
            charged: c.charged,
            share: share.unwrap_or_default(),
        })
        .collect();
    let refused = refused(p);
    let parts: Vec<String> = segments
        .iter()
        .filter(|s| s.charged.0 > 0)
        .map(|s| match as_written {
            true => format!("{} {}", s.label, s.share),
            false => format!("{} {}", crate::words::in_sentence(&s.label), s.share),
        })
        .collect();
    let of_bill = match parts.len() {
        0 => "nothing is billed".to_string(),
        _ => format!("{bill} billed, of which {}", parts.join(", ")),
    };
    let Others { one, many, .. } = others;
    // Whether the lesson names an abuser: only then are the others honest (a replay's users
    // are not known to be either).
    let abuser_known = roles.contains(&Role::Abuser);
    // Where none is known (a reader's own log), how many users the refusals fell on: a
    // total alone did not say whether one user or every user was stopped.
    let users_refused: u64 = p.cohorts.iter().map(|c| u64::from(c.users_refused)).sum();
    let to_users = match abuser_known || refused == 0 {
        true => String::new(),
        false => format!(", to {}", counted(users_refused, "user", "users")),
    };
    let refusals = match refused {
        0 => format!("no {one} is refused"),
        1 => format!("1 {one} refused{to_users}"),
        n => format!("{} {many} refused{to_users}", grouped(n)),
    };
    let honest_cohorts = || {
        p.cohorts
            .iter()
            .enumerate()
            .filter(|(c, _)| abuser_known && roles.get(*c) == Some(&Role::Honest))
            .map(|(_, c)| c)
    };
    let honest_refused: u64 = honest_cohorts().flat_map(|c| c.refused_by.0).map(u64::from).sum();
    let honest_requests: u64 = honest_cohorts().map(|c| u64::from(c.calls)).sum();
    let honest = match honest_requests {
        0 => String::new(),
        n => honest_words(others.who, honest_refused, n),
    };
    // The honest part is said as the chart's note says it: the text alternative and the
    // spoken status said only the total, where the chart showed "honest 497 of 802".
    let refusals = match honest.is_empty() || refused == 0 {
        true => refusals,
        false => format!("{refusals} ({})", honest.replace('\u{a0}', " ")),
    };
    let degraded: u64 = p.cohorts.iter().map(|c| u64::from(c.degraded)).sum();
    let cheaper = match degraded {
        0 => String::new(),
        1 => format!("; 1 {one} served by the cheaper model"),
        n => format!("; {} {many} served by the cheaper model", grouped(n)),
    };
    Bar {
        policy: p.policy.clone(),
        label: p.label.clone(),
        name: name.to_string(),
        note: match honest.is_empty() {
            true => format!("{bill} · {} refused{to_users}", grouped(refused)),
            false => format!("{bill} · {}", refused_words(abuser, refused.saturating_sub(honest_refused), &honest)),
        },
        bill,
        honest_refused,
        honest_requests,
        honest,
        sentence: format!("{}: {of_bill}; {refusals}{cheaper}.", p.label),
        segments,
    }
}

/// The column of calls a policy kept from being made: the later calls of a request (an
/// agent's task) whose earlier call was refused. "Not made" alone left a reader guessing;
/// "Not made: an earlier call of the request was refused" stood eight lines high over its
/// column of counts.
pub const NOT_MADE: &str = "Not made: its request was refused";

/// Each kind of user's requests by reason under each policy: the columns of the reasons
/// some row has, of requests served by a cheaper model and of requests not made only when
/// some row has them.
fn table(policies: &[PolicyCohorts], others: Others) -> Table {
    let rows = || policies.iter().flat_map(|p| p.cohorts.iter().map(move |c| (p, c)));
    let reasons: Vec<Reason> =
        Reason::ALL.into_iter().filter(|&r| rows().any(|(_, c)| c.refused_by.get(r) > 0)).collect();
    let degraded = rows().any(|(_, c)| c.degraded > 0);
    let dropped = rows().any(|(_, c)| c.dropped > 0);
    // A count of users that is 1 in every row (a replay's rows, each a user) says nothing.
    let members = rows().any(|(_, c)| c.users != 1);
    let mut columns = vec!["Policy".to_string(), crate::words::capitalised(others.kind)];
    if members {
        columns.push(crate::words::capitalised(others.members));
    }
    columns.extend([crate::words::capitalised(others.many), "Served".to_string()]);
    if degraded {
        columns.push("Served by the cheaper model".into());
    }
    columns.extend(reasons.iter().map(|r| r.column()));
    if dropped {
        columns.push(NOT_MADE.into());
    }
    columns.push("Charged".into());
    let charged = Micros::column(&rows().map(|(_, c)| c.charged.micros()).collect::<Vec<_>>());
    let rows = rows()
        .zip(charged)
        .map(|((p, c), charged)| {
            let count = |n: u32| grouped(u64::from(n));
            let mut cells = vec![p.label.clone(), c.label.clone()];
            if members {
                cells.push(count(c.users));
            }
            cells.extend([count(c.calls), count(c.served)]);
            if degraded {
                cells.push(count(c.degraded));
            }
            cells.extend(reasons.iter().map(|&r| count(c.refused_by.get(r))));
            if dropped {
                cells.push(count(c.dropped));
            }
            cells.push(charged);
            cells
        })
        .collect();
    let caption = format!("Each {}'s {} by reason under each policy", others.kind, others.many);
    Table { caption, columns, rows }
}

#[cfg(test)]
mod tests;
