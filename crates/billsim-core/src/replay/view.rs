//! What the page's "Your own traffic" view shows of a replay: the share of the bill by
//! user (the biggest users and the rest) under each policy, the refusals by reason under
//! each policy, the over-time view, the users who would have been refused most, and the
//! results as CSV. Every word and amount a reader sees is here; the page only draws it.
//!
//! The share and over-time views are the scenarios' own ([`cohort_view`], [`over_time`]),
//! run on the replay seen as a scenario run whose cohorts are the biggest users and the
//! rest, with its time counted from the log's first day (UTC), so the axis reads
//! `Day 1 09:00` rather than days since 1970.

use crate::engine::DAY_MS;
use crate::engine::{Cohort, Nanos, Outcome, Reason};
use crate::money::Micros;
use crate::replay::run::ReplayRun;
use crate::replay::when::{counts_from_zero, iso_text, span_text};
use crate::replay::Format;
use crate::scenario::registry;
use crate::scenario::{About, Others, ScenarioRun, UserSummary, Values};
use crate::settings::FieldError;
use crate::time::Instant;
use crate::views::over_time::{over_time, OverTime};
use crate::views::share::{cohort_view, CohortView};
use crate::views::table::Table;
use crate::words::{capitalised, counted, grouped};
use serde::Serialize;

/// The users shown by name in the share of the bill; the others are one segment.
pub const BIGGEST_USERS: usize = 6;
/// The rows of the table of users refused most.
pub const REFUSED_USERS: usize = 10;
/// A user's team in a log that names teams, when it is in none.
pub const NO_TEAM: &str = "no team";

/// The page's view of a replay.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ReplayView {
    /// "A generic log: 1,000 calls of 12 users to 2 models, on 2025-05-01, from ... UTC".
    pub summary: String,
    /// What the reading and pricing assumed or left out, as sentences.
    pub notes: Vec<String>,
    /// The share of the bill by user, the biggest ones and the rest.
    pub share: CohortView,
    /// Each policy's bill, calls served, refused by each reason and not made.
    pub refusals: Table,
    /// The over-time view (named apart from the widget's view of that name).
    #[serde(rename = "spend")]
    pub over_time: OverTime,
    /// The users refused most, with their refusals under each policy.
    pub refused_users: Table,
}

/// What the log was: its format, calls, users, models and time span, in one sentence, which
/// the page shows as a paragraph of its own ("A generic log: 5 calls of ...").
pub fn summary(run: &ReplayRun) -> String {
    let format = Format::ALL.iter().find(|f| f.name() == run.format).map_or(run.format, |f| f.label());
    format!("{}: {}", capitalised(format), what_was_read(run))
}

/// The calls (and of them the failed ones and cache hits), users, models called and time
/// span of a replayed log, and the bad rows left out: "5 calls (1 failed, 1 cache hit) of 3
/// users to 2 models, on 2025-05-01, from 09:30:00 to 11:02:15 UTC; 2 bad rows left out"
/// ([`span_text`]). The page's summary and `billsim replay`'s first line.
pub fn what_was_read(run: &ReplayRun) -> String {
    let statuses = crate::replay::status::counts(run.failed, run.cache_hits, run.embeddings)
        .map_or(String::new(), |s| format!(" ({s})"));
    let skipped = match run.skipped {
        0 => String::new(),
        n => format!("; {} left out", counted(n, "bad row", "bad rows")),
    };
    format!(
        "{}{statuses} of {} to {}, {}{skipped}",
        counted(run.calls as u64, "call", "calls"),
        counted(run.users.len() as u64, "user", "users"),
        counted(run.models_called as u64, "model", "models"),
        span_text(run.from, run.until)
    )
}

/// The users in order of their bill under the first policy (the biggest first; ties by
/// their order in the log): the page's biggest users and the command line's.
pub fn by_bill(run: &ReplayRun) -> Vec<usize> {
    let mut order: Vec<usize> = (0..run.users.len()).collect();
    if let Some(first) = run.policies.first() {
        order.sort_by_key(|&u| std::cmp::Reverse(first.per_user[u].charged));
    }
    order
}

/// The replay as a scenario run whose cohorts are each kind of user a replay took from a
/// lesson as its abuser (`SCENARIO-COHORT`: "Script (freeTier)", all its users together,
/// or of a lesson's own traffic, [`ReplayRun::lesson`], the lesson's abusers),
/// then the biggest of the other users and "the other N users", its moments counted from
/// the UTC midnight before its first call. The abusers' kinds keep their colour and are
/// told apart from the others in each bar's note: an added script, ranked as a user, was
/// drawn in an honest user's green, and its refusals were not told from the others'.
fn as_scenario_run(run: &ReplayRun) -> ScenarioRun {
    let order = by_bill(run);
    let abuser = |kind: &str| registry::is_abuser(run.lesson.unwrap_or("replay"), kind);
    let mut cohort_of = vec![String::new(); run.users.len()];
    let mut cohorts: Vec<Cohort> = Vec::new();
    for &u in &order {
        let kind = &run.users[u].cohort;
        if !abuser(kind) {
            continue;
        }
        cohort_of[u] = kind.clone();
        if !cohorts.iter().any(|c| c.name == *kind) {
            let label = run.cohorts.iter().find(|c| c.name == *kind).map_or(kind.as_str(), |c| c.label.as_str());
            cohorts.push(Cohort { name: kind.clone(), label: label.to_string() });
        }
    }
    let others: Vec<usize> = order.into_iter().filter(|&u| cohort_of[u].is_empty()).collect();
    let named = others.len().min(BIGGEST_USERS);
    for &u in &others[..named] {
        let name = run.users[u].name.clone();
        cohort_of[u] = name.clone();
        cohorts.push(Cohort { label: shortened(&name), name });
    }
    let rest = others.len() - named;
    if rest > 0 {
        // A user's name is never empty, so no user's cohort is the rest's.
        let label =
            if rest == 1 { "the other user".to_string() } else { format!("the other {} users", grouped(rest as u64)) };
        cohorts.push(Cohort { name: String::new(), label });
    }
    let users = run.users.iter().zip(cohort_of).map(|(u, cohort)| UserSummary { cohort, ..u.clone() }).collect();
    let offset = run.from.0 - run.from.0 % DAY_MS;
    let policies = run
        .policies
        .iter()
        .map(|o| {
            let mut o = Outcome { events: None, ..o.clone() };
            o.timeline.start = Instant(o.timeline.start.0.saturating_sub(offset));
            if let Some(t) = &mut o.tripped {
                t.at = Instant(t.at.0.saturating_sub(offset));
            }
            o
        })
        .collect();
    // A kind of user a replay took from a lesson keeps its role there.
    let abusers = cohorts.iter().filter(|c| abuser(&c.name)).map(|c| c.name.clone()).collect();
    // And its script's first call is marked, as its lesson marks it ("script starts at 00:39").
    let start = (run.cohorts.iter().zip(&run.cohort_starts))
        .filter_map(|(c, at)| {
            // An added kind (`SCENARIO-COHORT`), else one of the lesson's own traffic.
            let added = c.name.split_once('-').and_then(|(s, cohort)| Some((registry::find(s).ok()?, cohort)));
            let (scenario, cohort) = match added {
                Some(found) => found,
                None => (registry::find(run.lesson?).ok()?, c.name.as_str()),
            };
            let words = scenario.marks.start.filter(|w| w.cohort == cohort)?;
            Some((words, Instant((*at)?.0.saturating_sub(offset))))
        })
        .min_by_key(|(_, at)| *at);
    ScenarioRun {
        scenario: "replay",
        seed: 0,
        settings: Values::default(),
        cohorts,
        users,
        models: run.models.clone(),
        labels: run.labels.clone(),
        ran: run.ran.clone(),
        policies,
        keys: Vec::new(),
        about: About {
            abusers,
            start,
            callers: run.callers,
            tenant_cohorts: Some(run.tenant_cohorts.clone()),
            // Beside a lesson's abuser added to a reader's log, the log's users are the
            // log's, not "honest": one of them may be the abuser the reader looks for.
            others: if run.lesson.is_some() { Others::HONEST } else { LOGS_USERS },
            ..About::default()
        },
    }
}

/// A reader's log's users, beside a lesson's kind of user added to it: "the log's 140 of 560".
const LOGS_USERS: Others = Others { who: "the log's", ..Others::HONEST };

/// The most characters of a user's name the chart's key and sentences show.
const NAME_SHOWN: usize = 24;

/// A user's name as the chart's key can hold it: a long one (an API key standing for the
/// user) keeps its start and its end.
///
/// ```
/// use billsim_core::replay::view::shortened;
/// assert_eq!(shortened("alice"), "alice");
/// assert_eq!(shortened("0d3f2ab1c4e5f60718293a4b5c6d7e8f"), "0d3f2ab1c4e5f6…4b5c6d7e8f");
/// ```
pub fn shortened(name: &str) -> String {
    let chars: Vec<char> = name.chars().collect();
    if chars.len() <= NAME_SHOWN {
        return name.to_string();
    }
    let (head, tail) = (14, 10);
    format!("{}…{}", chars[..head].iter().collect::<String>(), chars[chars.len() - tail..].iter().collect::<String>())
}

/// The page's view of `run`.
pub fn view(run: &ReplayRun) -> Result<ReplayView, FieldError> {
    let as_run = as_scenario_run(run);
    let mut share = cohort_view(&as_run);
    share.title = "Share of the bill by user under each policy: the biggest users and the rest".into();
    share.table.caption = "The biggest users' requests by reason under each policy".into();
    if let Some(kind) = share.table.columns.get_mut(1) {
        *kind = "User".into();
    }
    let mut over_time = over_time(&as_run)?;
    over_time.title = match counts_from_zero(run.until) {
        // A lesson's log counts from zero: its Day 1 is no date ("Day 1 is 1970-01-01").
        true => "Spend so far under each policy over the log's time".to_string(),
        false => format!("Spend so far under each policy over the log's time (Day 1 is {})", day_one(run)),
    };
    Ok(ReplayView {
        summary: summary(run),
        notes: run.notes.clone(),
        share,
        refusals: refusals(run),
        over_time,
        refused_users: refused_users(run),
    })
}

/// The log's first day, `2025-05-01`.
fn day_one(run: &ReplayRun) -> String {
    iso_text(Instant(run.from.0 - run.from.0 % DAY_MS)).chars().take(10).collect()
}

fn label(run: &ReplayRun, i: usize, o: &Outcome) -> String {
    run.labels.get(i).cloned().unwrap_or_else(|| o.policy.clone())
}

fn sum(o: &Outcome, of: impl Fn(&crate::engine::UserOutcome) -> u32) -> u64 {
    o.per_user.iter().map(|u| u64::from(of(u))).sum()
}

/// The reasons some policy refused a call for, in the engine's order.
fn reasons(run: &ReplayRun) -> Vec<Reason> {
    Reason::ALL
        .into_iter()
        .filter(|&r| run.policies.iter().any(|o| o.per_user.iter().any(|u| u.refused_by.get(r) > 0)))
        .collect()
}

/// Each policy's bill, served, refused by reason and, when some policy kept calls from
/// being made (a log's calls are each their own request, so only an added lesson's cohort
/// has any), not made.
fn refusals(run: &ReplayRun) -> Table {
    let reasons = reasons(run);
    let dropped = run.policies.iter().any(|o| sum(o, |u| u.dropped) > 0);
    let mut columns: Vec<String> = ["Policy", "Bill", "Served"].map(String::from).to_vec();
    columns.extend(reasons.iter().map(|r| r.column()));
    if dropped {
        columns.push(crate::views::share::NOT_MADE.into());
    }
    // One number of decimals for the column: to the cent, two bills of $0.0276 and $0.0281
    // both read "$0.03".
    let bills = Micros::column(&run.policies.iter().map(|o| o.bill.micros()).collect::<Vec<_>>());
    let rows = run
        .policies
        .iter()
        .zip(bills)
        .enumerate()
        .map(|(i, (o, bill))| {
            let mut cells = vec![label(run, i, o), bill, grouped(sum(o, |u| u.served))];
            cells.extend(reasons.iter().map(|&r| grouped(sum(o, |u| u.refused_by.get(r)))));
            if dropped {
                cells.push(grouped(sum(o, |u| u.dropped)));
            }
            cells
        })
        .collect();
    Table { caption: "Calls served and refused, by reason, under each policy".into(), columns, rows }
}

/// The users refused most (summed over the policies), with their team when the log names
/// teams, and their refusals under each policy that refuses any of them (a column of
/// noughts, "No limit"'s, would push the ones that matter off a phone's screen).
fn refused_users(run: &ReplayRun) -> Table {
    let refused = |u: usize| run.policies.iter().map(|o| u64::from(o.per_user[u].refused)).sum::<u64>();
    let mut order: Vec<usize> = (0..run.users.len()).filter(|&u| refused(u) > 0).collect();
    order.sort_by_key(|&u| std::cmp::Reverse(refused(u)));
    order.truncate(REFUSED_USERS);
    let teams = run.callers.tenants.is_some();
    let refusing: Vec<(usize, &Outcome)> =
        run.policies.iter().enumerate().filter(|(_, o)| order.iter().any(|&u| o.per_user[u].refused > 0)).collect();
    let mut columns = vec!["User".to_string()];
    columns.extend(teams.then(|| "Team".to_string()));
    columns.push("Calls".to_string());
    // Headed by the policy alone: the caption says they are its refusals, and at 390 px
    // "Refused under 5 requests per minute" stood five lines tall over its numbers.
    columns.extend(refusing.iter().map(|&(i, o)| label(run, i, o)));
    let rows = order
        .iter()
        .map(|&u| {
            let user = &run.users[u];
            // Shortened as the share's key and table write a user (a key of 64 characters).
            let mut cells = vec![shortened(&user.name)];
            cells.extend(teams.then(|| user.team.clone().unwrap_or_else(|| NO_TEAM.to_string())));
            cells.push(grouped(u64::from(user.calls)));
            cells.extend(refusing.iter().map(|(_, o)| grouped(u64::from(o.per_user[u].refused))));
            cells
        })
        .collect();
    let caption = if order.is_empty() {
        "No policy refuses any call of any user.".to_string()
    } else {
        match order.len() {
            1 => "The one user refused, and their calls refused under each policy".to_string(),
            n => format!("The {n} users refused most, and their calls refused under each policy"),
        }
    };
    Table { caption, columns, rows }
}

/// The file name a page offers for [`csv`].
pub const CSV_FILE_NAME: &str = "replay-results.csv";

/// Every user under every policy, as CSV: `policy,user,cohort,` (`team,` when the log
/// names teams: empty for a user in none) `calls,served,refused,` one column per reason,
/// `not_made,charged_dollars` (exact). A name from the log that a spreadsheet would take
/// for a formula is written after a `'` ([`not_a_formula`]).
pub fn csv(run: &ReplayRun) -> String {
    let mut w = csv::WriterBuilder::new().from_writer(Vec::new());
    let teams = run.callers.tenants.is_some();
    let mut header: Vec<String> = ["policy", "user", "cohort"].map(String::from).to_vec();
    header.extend(teams.then(|| "team".to_string()));
    header.extend(["calls", "served", "refused"].map(String::from));
    header.extend(Reason::ALL.iter().map(|r| format!("refused_{}", r.name().replace(' ', "_"))));
    header.extend(["not_made", "charged_dollars"].map(String::from));
    // Writing to a Vec cannot fail, nor can a record of as many fields as the header.
    let _ = w.write_record(&header);
    for o in &run.policies {
        for (user, u) in run.users.iter().zip(&o.per_user) {
            let mut row = vec![not_a_formula(&o.policy), not_a_formula(&user.name), not_a_formula(&user.cohort)];
            row.extend(teams.then(|| not_a_formula(user.team.as_deref().unwrap_or_default())));
            row.extend([user.calls.to_string(), u.served.to_string(), u.refused.to_string()]);
            row.extend(Reason::ALL.iter().map(|&r| u.refused_by.get(r).to_string()));
            row.push(u.dropped.to_string());
            row.push(charged(u.charged));
            let _ = w.write_record(&row);
        }
    }
    String::from_utf8(w.into_inner().unwrap_or_default()).unwrap_or_default()
}

/// A name as a CSV cell a spreadsheet opens as text: one that starts as a formula does
/// (`=`, `+`, `-`, `@`, a tab or a carriage return: a caller chose their own user name, and
/// `=HYPERLINK(...)` ran when the results were opened) is written after a `'`.
///
/// ```
/// use billsim_core::replay::view::not_a_formula;
/// assert_eq!(not_a_formula("=HYPERLINK(\"http://x\")"), "'=HYPERLINK(\"http://x\")");
/// assert_eq!(not_a_formula("alice"), "alice");
/// ```
pub fn not_a_formula(name: &str) -> String {
    match name.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        true => format!("'{name}"),
        false => name.to_string(),
    }
}

fn charged(n: Nanos) -> String {
    n.exact_dollars().trim_start_matches('$').to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Record;
    use crate::replay::{self, run, Options};
    use crate::views::colours::Role;

    fn replayed(text: &str) -> ReplayRun {
        let log = replay::read(text.as_bytes(), &Options::default()).unwrap();
        run::run(&log, None, None, Record::default()).unwrap()
    }

    fn many_users(users: u32) -> String {
        let mut text = String::from("time,end,user,model,input_tokens,output_tokens\n");
        for i in 0..users {
            for k in 0..=i {
                text.push_str(&format!(
                    "2025-05-01T09:{:02}:{:02}Z,2025-05-01T09:{:02}:{:02}Z,user{i},claude-haiku-4-5,1000,{}\n",
                    k / 60,
                    k % 60,
                    k / 60,
                    k % 60,
                    100 + 10 * i
                ));
            }
        }
        text
    }

    #[test]
    fn a_long_user_name_is_shortened_alike_in_the_share_and_among_the_users_refused_most() {
        // Forty calls in a minute of a user named by a key of 64 characters: refused by the request limit.
        let key = "c3".repeat(32);
        let mut text = String::from("time,user,model,input_tokens,output_tokens\n");
        for k in 0..40 {
            text.push_str(&format!("2025-05-01T09:00:{k:02}Z,{key},claude-haiku-4-5,1000,100\n"));
        }
        let v = view(&replayed(&text)).unwrap();
        let short = shortened(&key);
        assert_eq!(v.share.cohorts[0].label, short);
        assert_eq!(v.refused_users.rows[0][0], short, "{:?}", v.refused_users.rows[0]);
    }

    #[test]
    fn the_share_names_the_biggest_users_and_adds_up_the_rest_to_each_bill() {
        let r = replayed(&many_users(20));
        let v = view(&r).unwrap();
        assert_eq!(v.share.cohorts.len(), BIGGEST_USERS + 1, "{:?}", v.share.cohorts);
        assert_eq!(v.share.cohorts[0].label, "user19", "the biggest user first");
        assert_eq!(v.share.cohorts[BIGGEST_USERS].label, "the other 14 users");
        for (bar, o) in v.share.bars.iter().zip(&r.policies) {
            let total: u64 = bar.segments.iter().map(|s| s.charged.0).sum();
            assert_eq!(total, o.bill.0, "{}: the segments add up to the bill {}", bar.policy, o.bill.0);
        }
    }

    #[test]
    fn in_a_readers_own_log_each_bar_says_how_many_users_its_refusals_fell_on() {
        // User i makes i + 1 calls in one minute: 5 a minute refuses users 5 to 9, 15 calls.
        let log = replay::read(many_users(10).as_bytes(), &Options::default()).unwrap();
        let v = view(&run::run(&log, None, None, Record::default()).unwrap()).unwrap();
        let limited = &v.share.bars[1];
        assert!(limited.note.ends_with(" · 15 refused, to 5 users"), "{}", limited.note);
        assert!(limited.sentence.ends_with("; 15 requests refused, to 5 users."), "{}", limited.sentence);
        assert!(
            v.share.bars[0].note.ends_with(" · 0 refused"),
            "none refused, no users said: {}",
            v.share.bars[0].note
        );
    }

    #[test]
    fn an_added_lessons_abuser_is_one_kind_of_user_in_the_abusers_colour_and_each_note_tells_its_refusals_apart() {
        let mut log = replay::read(many_users(10).as_bytes(), &Options::default()).unwrap();
        run::add(&mut log, "freeTier-sockpuppet", 0).unwrap();
        let v = view(&run::run(&log, None, None, Record::default()).unwrap()).unwrap();
        let share = &v.share;
        assert_eq!(
            share.cohorts[0].name, "freeTier-sockpuppet",
            "the sockpuppets together, first: {:?}",
            share.cohorts
        );
        assert_eq!(share.roles[0], Role::Abuser, "in the abuser's colour");
        assert!(share.roles[1..].iter().all(|&r| r == Role::Honest), "the log's own users honest: {:?}", share.roles);
        let labels: Vec<&str> = share.cohorts.iter().map(|c| c.label.as_str()).collect();
        assert_eq!(labels[1..], ["user9", "user8", "user7", "user6", "user5", "user4", "the other 4 users"]);
        let limited = &share.bars[1];
        let honest = limited.honest_requests;
        assert_eq!(honest, (1..=10).sum::<u64>(), "the log's 55 calls are the honest ones: {}", limited.note);
        // Said as written (a replay's names are names), the log's users' part as a lesson's
        // notes say the honest users': one of them may be the log's own abuser.
        let honest_part = crate::views::share::honest_words("the log's", limited.honest_refused, honest);
        assert!(limited.note.contains("refused: Sockpuppets (freeTier) "), "{}", limited.note);
        assert!(limited.note.ends_with(&honest_part), "{} ends with {honest_part}", limited.note);
        // An added script's first call is marked as its lesson marks it, on the log's clock.
        let mut log = replay::read(many_users(10).as_bytes(), &Options::default()).unwrap();
        run::add(&mut log, "freeTier-script", 0).unwrap();
        let v = view(&run::run(&log, None, None, Record::default()).unwrap()).unwrap();
        let marks: Vec<&str> = v.over_time.moments.iter().map(|m| m.label.as_str()).collect();
        assert_eq!(marks, ["script starts at 00:39"], "lesson 003's script, run 0, laid on the log's first day");
    }

    #[test]
    fn a_lessons_own_traffic_said_to_be_its_lessons_draws_its_abusers_as_the_lesson_does() {
        let text = crate::replay::lesson_log::lesson_log("freeTier").unwrap().text;
        let mut replayed = replayed(&text);
        let kinds = |v: &ReplayView| -> Vec<(String, Role)> {
            v.share.cohorts.iter().zip(&v.share.roles).map(|(c, &r)| (c.name.clone(), r)).collect()
        };
        // Not said, it is a log like any other: nobody is known to be an abuser.
        let unsaid = view(&replayed).unwrap();
        assert!(unsaid.share.roles.iter().all(|&r| r == Role::Honest), "{:?}", kinds(&unsaid));
        replayed.lesson = Some("freeTier");
        let said = view(&replayed).unwrap();
        let first: Vec<_> = kinds(&said).into_iter().take(2).collect();
        assert_eq!(first, [("script".into(), Role::Abuser), ("sockpuppet".into(), Role::Abuser)], "{:?}", kinds(&said));
        assert!(said.share.bars[1].note.contains("refused: script and sockpuppet "), "{}", said.share.bars[1].note);
        // Its script's start is marked as the lesson's chart marks it, at the same moment.
        let lessons = crate::scenario::registry::find("freeTier").unwrap();
        let own = crate::views::over_time::over_time(
            &crate::scenario::run(lessons, 0, &crate::scenario::Values::defaults(lessons), None, Record::default())
                .unwrap(),
        )
        .unwrap();
        let labels =
            |v: &crate::views::over_time::OverTime| v.moments.iter().map(|m| m.label.clone()).collect::<Vec<_>>();
        assert_eq!(labels(&said.over_time), labels(&own), "the lesson's marks");
        assert!(labels(&said.over_time)[0].starts_with("script starts at "), "{:?}", labels(&own));
        assert!(unsaid.over_time.moments.is_empty(), "no lesson, no script: {:?}", labels(&unsaid.over_time));
    }

    #[test]
    fn a_log_of_few_users_names_them_all_and_has_no_rest() {
        let v = view(&replayed(&many_users(3))).unwrap();
        assert_eq!(v.share.cohorts.iter().map(|c| c.label.as_str()).collect::<Vec<_>>(), ["user2", "user1", "user0"]);
    }

    #[test]
    fn the_table_counts_users_only_where_a_row_has_more_than_one() {
        let few = view(&replayed(&many_users(3))).unwrap().share.table.columns;
        assert_eq!(few[..3], ["Policy", "User", "Requests"], "each row one user: {few:?}");
        let many = view(&replayed(&many_users(20))).unwrap().share.table.columns;
        assert_eq!(many[..3], ["Policy", "User", "Users"], "the rest are 14 users: {many:?}");
    }

    #[test]
    fn a_users_name_keeps_its_case_in_the_sentences_and_the_rest_is_lowered() {
        let text = many_users(BIGGEST_USERS as u32 + 3).replace("user8,", "Acme-Key-AbC,");
        let v = view(&replayed(&text)).unwrap();
        let sentence = &v.share.bars[0].sentence;
        assert!(sentence.contains("Acme-Key-AbC ") && sentence.contains("the other 3 users "), "{sentence}");
    }

    #[test]
    fn the_over_time_axis_counts_from_the_logs_first_day_not_from_1970() {
        let v = view(&replayed(&many_users(3))).unwrap();
        assert!(v.over_time.to_ms < 2 * DAY_MS, "to {} ms", v.over_time.to_ms);
        assert!(v.over_time.title.ends_with("(Day 1 is 2025-05-01)"), "{}", v.over_time.title);
    }

    #[test]
    fn a_lessons_log_that_counts_from_zero_gives_its_day_1_no_date() {
        let v = view(&replayed(&many_users(3).replace("2025-05-01", "1970-01-01"))).unwrap();
        assert_eq!(v.over_time.title, "Spend so far under each policy over the log's time", "not Day 1 is 1970-01-01");
    }

    #[test]
    fn the_refusals_table_has_a_row_per_policy_and_the_users_table_the_most_refused_first() {
        let r = replayed(&many_users(20));
        let v = view(&r).unwrap();
        assert_eq!(v.refusals.rows.len(), r.policies.len());
        assert!(v.refusals.rows.iter().all(|row| row.len() == v.refusals.columns.len()));
        assert_eq!(v.refusals.rows[0][0], r.labels[0]);
        let refused: Vec<u64> =
            v.refused_users.rows.iter().map(|row| row[2..].iter().map(|c| c.parse::<u64>().unwrap()).sum()).collect();
        assert!(refused.windows(2).all(|w| w[0] >= w[1]), "most refused first: {refused:?}");
        assert!(refused.len() <= REFUSED_USERS);
    }

    #[test]
    fn bills_apart_by_less_than_a_cent_read_apart_in_the_refusals_table() {
        let log = "time,user,model,input_tokens,output_tokens,cost\n\
                   2025-05-01T09:00:00Z,a,claude-haiku-4-5,1000,100,0.0271\n\
                   2025-05-01T09:00:01Z,a,claude-haiku-4-5,1000,100,0.0005\n";
        let policies = crate::engine::read_policy_file(
            r#"[{ "name": "open", "guards": [] },
                { "name": "one", "guards": [{ "guard": "slidingWindow", "limit": 1, "windowMs": 60000 }] }]"#,
        )
        .unwrap()
        .policies;
        let log = replay::read(log.as_bytes(), &Options::default()).unwrap();
        let v = view(&run::run(&log, Some(policies), None, Record::default()).unwrap()).unwrap();
        let bills: Vec<&str> = v.refusals.rows.iter().map(|row| row[1].as_str()).collect();
        assert_eq!(bills, ["$0.028", "$0.027"], "$0.0276 and $0.0271: to the cent both would read $0.03");
    }

    /// `"0.001234567"` as nano-dollars.
    fn nanos(text: &str) -> u64 {
        let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
        whole.parse::<u64>().unwrap() * 1_000_000_000 + format!("{frac:0<9}").parse::<u64>().unwrap()
    }

    #[test]
    fn the_csv_has_a_row_per_user_and_policy_whose_charges_add_up_to_each_bill() {
        let r = replayed(&many_users(5));
        let text = csv(&r);
        let mut lines = text.lines();
        let header: Vec<&str> = lines.next().unwrap().split(',').collect();
        assert_eq!(header[..4], ["policy", "user", "cohort", "calls"]);
        let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
        assert_eq!(rows.len(), 5 * r.policies.len());
        for o in &r.policies {
            let total: u64 = rows.iter().filter(|row| row[0] == o.policy).map(|row| nanos(row[row.len() - 1])).sum();
            assert_eq!(total, o.bill.0, "{}: bill {} nano-dollars", o.policy, o.bill.0);
        }
    }
}
