//! A log replayed under policies: the lessons' main policies at their default numbers
//! beside `noLimit` (the bill as it happened), or the policies given; optionally with a
//! cohort of a scenario added to the same traffic (a scripted abuser beside real users).

use crate::engine::{self, Cohort, Event, Nanos, Outcome, Policy, Price, PriceTable, Record, RunError, Traffic, User};
use crate::lessons::toy_day::simulate::Policy as DayPolicy;
use crate::replay::lesson_log::LessonOwn;
use crate::replay::log::{Log, LOGGED};
use crate::replay::models_named::{aliases, models_for, switched_to_unpriced};
use crate::replay::prices;
use crate::replay::when::iso_text;
use crate::scenario::registry::{self, SCENARIOS};
use crate::scenario::{tenants_by_cohort, Callers, UserSummary, Values};
use crate::settings::{shown, FieldError, Invalid};
use crate::time::Instant;
use crate::visible_text::quoted;
use crate::words::counted;
use crate::Settings;
use serde::Serialize;
use std::collections::{HashMap, HashSet};

/// The policies a replay runs when none is given: the toy day's (no limit, the request
/// limit, the daily budget) at their defaults, with their labels.
pub fn main_policies() -> (Vec<Policy>, Vec<String>) {
    let settings = Settings::default();
    DayPolicy::ALL.iter().map(|p| (p.engine_policy(&settings), p.label(&settings))).unzip()
}

/// `policies` labelled as a reader reads them: a policy that is one of the main ones as it
/// was (its name and every number) keeps that one's label ("Daily cost budget $0.25"), any
/// other is labelled by what it limits ("20 requests per minute per user":
/// [`Policy::words`]; by its name, the results read "requestsPerMinute" once edited). An
/// edit to one policy of the page's editor leaves the others' labels as they were.
/// Policies labelled alike (a budget set aside first and the same one estimated, a rolling
/// window and a fixed one, which a few words do not tell apart) each have their name after
/// their label: "$0.01 per day per user (est)", as the results' bars and tables show them.
pub fn labelled(policies: Vec<Policy>) -> (Vec<Policy>, Vec<String>) {
    let labels = told_apart(&policies, plain_labels(&policies));
    (policies, labels)
}

/// `policies`' labels before two said alike are told apart ([`labelled`]).
fn plain_labels(policies: &[Policy]) -> Vec<String> {
    let (main, main_labels) = main_policies();
    Policy::labelled_as(policies.to_vec(), &main, &main_labels, Policy::words).1
}

/// `labels` of `policies`, each said alike with another's followed by its policy's name
/// (but for a policy whose name is its label).
fn told_apart(policies: &[Policy], labels: Vec<String>) -> Vec<String> {
    let alike = |label: &String| labels.iter().filter(|l| *l == label).count() > 1;
    (policies.iter().zip(&labels))
        .map(|(p, label)| match alike(label) && p.name != *label {
            true => format!("{label} ({})", p.name),
            false => label.clone(),
        })
        .collect()
}

/// A log replayed.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ReplayRun {
    pub format: &'static str,
    pub calls: usize,
    /// The log's calls that failed, and those a cache answered (see [`crate::replay::status`]).
    pub failed: u64,
    pub cache_hits: u64,
    /// The log's embeddings (priced with no output).
    pub embeddings: u64,
    /// Bad rows left out (with `skip_bad_rows`).
    pub skipped: u64,
    /// How many of `models` the log's calls name (the rest only a policy switches to).
    #[serde(skip)]
    pub models_called: usize,
    /// The first call's start and the last call's end.
    pub from: Instant,
    pub until: Instant,
    /// What the reading and the pricing assumed or left out.
    pub notes: Vec<String>,
    pub cohorts: Vec<Cohort>,
    pub users: Vec<UserSummary>,
    pub models: Vec<String>,
    /// The API keys, where the log names them: an event's `key` is an index into them.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub keys: Vec<String>,
    pub labels: Vec<String>,
    #[serde(skip)]
    pub ran: Vec<Policy>,
    pub policies: Vec<Outcome>,
    /// The API keys and teams that called, when the log names them.
    #[serde(skip)]
    pub callers: Callers,
    /// Each kind of user's tenants, as tiers count them ([`tenants_by_cohort`]).
    #[serde(skip)]
    pub tenant_cohorts: Vec<(String, u64)>,
    /// Each kind of user's first call (in the order of `cohorts`; `None` for one with no
    /// call): where the over-time chart marks a lesson's script starting.
    #[serde(skip)]
    pub cohort_starts: Vec<Option<Instant>>,
    /// The scenario whose traffic the log is, when its caller knows (the page's "Try it on
    /// a lesson's traffic"): the view draws and counts that lesson's abusers as it does.
    #[serde(skip)]
    pub lesson: Option<&'static str>,
}

impl ReplayRun {
    /// This run said to be of `lesson`'s traffic (the page's "Try it on a lesson's traffic"),
    /// what it takes from the lesson in `own` ([`crate::replay::lesson_log::own`]): each
    /// policy it ran that is one of the lesson's own named as it was ("All three layers",
    /// as the lesson's widget says it), and each kind of user the log's cohort column names
    /// as the lesson calls it ("Paying: the runaway tenant", not "runaway").
    /// Labels said alike (the lesson's "No limit" and a policy of no guard added beside it)
    /// are told apart again, as [`labelled`] tells them.
    pub fn of_lesson(self, lesson: &'static str, own: &LessonOwn) -> ReplayRun {
        let lessons =
            |ran: &Policy| own.policies.iter().position(|p| p == ran).and_then(|i| own.labels.get(i)).cloned();
        let plain =
            plain_labels(&self.ran).into_iter().zip(&self.ran).map(|(label, ran)| lessons(ran).unwrap_or(label));
        let labels = told_apart(&self.ran, plain.collect());
        let mut cohorts = self.cohorts;
        for c in &mut cohorts {
            if let Some(theirs) = own.cohorts.iter().find(|o| o.name == c.name) {
                c.label.clone_from(&theirs.label);
            }
        }
        ReplayRun { lesson: Some(lesson), labels, cohorts, ..self }
    }
}

/// Replays `log` under `policies` (the main ones when `None`), pricing calls without a
/// logged cost from `prices`, then the lessons' table.
pub fn run(
    log: &Log,
    policies: Option<Vec<Policy>>,
    given: Option<&PriceTable>,
    record: Record,
) -> Result<ReplayRun, RunError> {
    run_in_place(&mut log.clone(), policies, given, record)
}

/// As [`run`], with the log's calls moved into the engine's traffic and back rather than
/// copied, so a page that keeps its log to replay it again holds its calls once. A log
/// the engine refuses as traffic (a log [`crate::replay::read`] made never is) is left
/// without its calls.
pub fn run_in_place(
    log: &mut Log,
    policies: Option<Vec<Policy>>,
    given: Option<&PriceTable>,
    record: Record,
) -> Result<ReplayRun, RunError> {
    let prepared = prepare(log, policies, given)?;
    let replayed = prepared.run(record);
    prepared.give_back(log);
    replayed
}

/// A log ready to replay: its calls moved into the engine's traffic, each model's price,
/// the policies with their labels, and the notes of its reading and pricing. `billsim
/// replay --events` runs it for the counts, then each policy again to write its events as
/// they are made.
pub struct Prepared {
    format: &'static str,
    failed: u64,
    cache_hits: u64,
    embeddings: u64,
    skipped: u64,
    models_called: usize,
    notes: Vec<String>,
    traffic: Traffic,
    prices: Vec<Price>,
    ran: Vec<Policy>,
    labels: Vec<String>,
    /// The log's own costs, when the run's were priced from cached input tokens.
    kept_costs: Option<Vec<Option<Nanos>>>,
}

/// Where a policy's guards give limits by tier: each team whose calls come from users of
/// more than one cohort, with the cohort whose tier it gets (its first user's). A log that
/// put one team's users on two plans counted the team at one of them with nothing said.
fn mixed_tiers(traffic: &Traffic, policies: &[Policy]) -> Vec<String> {
    let tiered = |g: &engine::Guard| {
        matches!(g, engine::Guard::TenantLedger { .. })
            || g.point().is_some_and(|p| matches!(p.limit, engine::LimitOf::Tiers(_)))
    };
    let Some(tenants) = traffic.tenants().filter(|_| policies.iter().any(|p| p.guards.iter().any(tiered))) else {
        return Vec::new();
    };
    let mut cohorts: Vec<Vec<u16>> = vec![Vec::new(); tenants.names.len()];
    for (index, call) in traffic.calls().iter().enumerate() {
        let Some(team) = tenants.of_call(call.user, traffic.key_of(index)) else { continue };
        let cohort = traffic.users[call.user as usize].cohort;
        if !cohorts[team as usize].contains(&cohort) {
            cohorts[team as usize].push(cohort);
        }
    }
    let first = traffic.first_payers();
    let name = |c: u16| quoted(&traffic.cohorts[usize::from(c)].name);
    (cohorts.iter().enumerate())
        .filter(|(_, of)| of.len() > 1)
        .map(|(team, of)| {
            let tier = traffic.users[first[team]].cohort;
            format!(
                "team {}'s calls come from users of {} cohorts ({}): a guard's tiers count it at {}'s, its user's \
                 first in the file",
                quoted(&tenants.names[team]),
                of.len(),
                of.iter().map(|&c| name(c)).collect::<Vec<_>>().join(", "),
                name(tier)
            )
        })
        .collect()
}

/// What tiers need of a log, as a refusal says it.
const TIERS_NEED: &str = "given for a log that names each call's cohort (a column \"cohort\" or \"group\": a plan, \
     such as pro or free), or, in a log that names none, for the one cohort \"logged\"; or a \"limit\" in their place";

/// A missing tier in a log that names no cohort: said as that, not as a tier missing for
/// the stand-in cohort "logged", which is not in the reader's file.
fn no_cohort_named(e: RunError) -> RunError {
    match e {
        RunError::NoTier { field, cohorts, .. } if cohorts == [LOGGED] => RunError::Setting(FieldError {
            field,
            problem: Invalid { allowed: TIERS_NEED, got: "a log that names no cohort".into() },
        }),
        e => e,
    }
}

/// The log's calls moved into a [`Prepared`] replay under `policies` (the main ones when
/// `None`), pricing calls without a logged cost from `given`, then the lessons' table. On
/// an error the log keeps its calls, but for a log the engine refuses as traffic.
pub fn prepare(log: &mut Log, policies: Option<Vec<Policy>>, given: Option<&PriceTable>) -> Result<Prepared, RunError> {
    let (ran, labels) = policies.map_or_else(main_policies, labelled);
    let (aliases, alias_notes) = aliases(&log.models, &ran);
    let models = models_for(&log.models, &ran, &aliases);
    let (table, price_notes) = prices::for_log(log, &models[log.models.len()..], given)
        .map_err(|e| switched_to_unpriced(e, &ran, &log.models))?;
    let (calls, costs) = (std::mem::take(&mut log.calls), std::mem::take(&mut log.costs));
    // Calls with cached input tokens are charged as logged at their cached-input price; the
    // log keeps its own costs, given back after the run (another price table may follow).
    let (costs, kept_costs) = match prices::with_cached(log, &calls, &costs, &table) {
        Ok(Some(priced)) => (priced, Some(costs)),
        Ok(None) => (costs, None),
        Err(e) => {
            (log.calls, log.costs) = (calls, costs);
            return Err(e);
        }
    };
    // The log's calls are in time order (it sorts them), so the traffic keeps their numbers
    // and each failure stays with its call.
    let mut traffic = Traffic::with_costs(log.cohorts.clone(), log.users.clone(), models, calls, costs)?
        .with_failed(&log.failed)
        .with_aliases(aliases);
    // A call a policy moves to a cheaper model is charged its cached input tokens at that
    // model's cached-input price (at its input price, it cost more than where it was).
    if kept_costs.is_some() && ran.iter().any(|p| p.models_named().next().is_some()) {
        let cached_prices = prices::cached_by_model(log, &traffic.models);
        traffic = traffic.with_cached(log.cached.clone(), cached_prices);
    }
    if let Some(keys) = log.keys.take() {
        traffic = traffic.with_keys(keys)?; // one per call, read with them
    }
    if let Some(tenants) = log.tenants.clone() {
        traffic = traffic.with_tenants(tenants)?; // one per user, read with them
    }
    let prices = match engine::resolve_prices(&traffic, &table) {
        Ok(prices) => prices,
        Err(e) => {
            log.keys = traffic.take_keys();
            (log.calls, log.costs) = traffic.into_calls();
            if let Some(kept) = kept_costs {
                log.costs = kept;
            }
            return Err(e);
        }
    };
    let mut notes = log.notes.clone();
    notes.extend(price_notes);
    notes.extend(alias_notes);
    notes.extend(mixed_tiers(&traffic, &ran));
    let (failed, cache_hits, embeddings, skipped) = (log.failed_calls(), log.cache_hits, log.embeddings, log.skipped);
    let models_called = log.models.len();
    Ok(Prepared {
        format: log.format,
        failed,
        cache_hits,
        embeddings,
        skipped,
        models_called,
        notes,
        traffic,
        prices,
        ran,
        labels,
        kept_costs,
    })
}

impl Prepared {
    /// Every policy's outcome, with what `record` asks for.
    pub fn run(&self, record: Record) -> Result<ReplayRun, RunError> {
        let traffic = &self.traffic;
        let outcomes = engine::run_each(traffic, &self.ran, &self.prices, record).map_err(no_cohort_named)?;
        let (from, until) = traffic.span();
        Ok(ReplayRun {
            format: self.format,
            calls: traffic.calls().len(),
            failed: self.failed,
            cache_hits: self.cache_hits,
            embeddings: self.embeddings,
            skipped: self.skipped,
            models_called: self.models_called,
            from,
            until,
            notes: self.notes.clone(),
            cohorts: traffic.cohorts.clone(),
            users: UserSummary::of(traffic),
            models: traffic.models.clone(),
            keys: traffic.keys().map_or_else(Vec::new, |k| k.names.clone()),
            labels: self.labels.clone(),
            ran: self.ran.clone(),
            policies: outcomes,
            callers: Callers::of(traffic),
            tenant_cohorts: tenants_by_cohort(traffic),
            cohort_starts: first_calls(traffic),
            lesson: None,
        })
    }

    /// Who an event's call came from beside its user, where the log names them: its API
    /// key's name, and the team it counts to (its key's, else its user's first; `None` in
    /// no team), as a guard per key or per tenant counted it.
    pub fn caller_of(&self, e: &Event) -> (Option<&str>, Option<Option<&str>>) {
        let keys = self.traffic.keys();
        let key = keys.zip(e.key).and_then(|(k, i)| k.names.get(i as usize)).map(String::as_str);
        let team = self.traffic.tenants().map(|t| {
            let tenant = t.of_call(e.user, e.key.unwrap_or(u32::MAX));
            tenant.and_then(|i| t.names.get(i as usize)).map(String::as_str)
        });
        (key, team)
    }

    /// Policy number `policy`'s decisions, each handed to `send` as it is made, none kept.
    pub fn events(&self, policy: usize, send: &mut dyn FnMut(&Event)) -> Result<(), RunError> {
        engine::events_of(&self.traffic, &self.ran, &self.prices, policy, send)
    }

    /// The calls, back into the log they were taken from.
    pub fn give_back(mut self, log: &mut Log) {
        log.keys = self.traffic.take_keys();
        (log.calls, log.costs) = self.traffic.into_calls();
        if let Some(kept) = self.kept_costs {
            log.costs = kept;
        }
    }
}

/// Each kind of user's first call in `traffic` (its calls are in time order): the scan
/// stops once every kind has one, where a log's kinds all call early (a million calls read
/// to the end took about a millisecond on each run).
fn first_calls(traffic: &Traffic) -> Vec<Option<Instant>> {
    let mut first = vec![None; traffic.cohorts.len()];
    let mut left = first.len();
    for call in traffic.calls() {
        if left == 0 {
            break;
        }
        let cohort = usize::from(traffic.users[call.user as usize].cohort);
        if let Some(slot @ None) = first.get_mut(cohort) {
            *slot = Some(call.at);
            left -= 1;
        }
    }
    first
}

/// Every cohort a replay can add: `SCENARIO-COHORT` for each cohort of each scenario.
pub fn addable() -> Vec<String> {
    addable_named().into_iter().map(|[which, _]| which).collect()
}

/// Every cohort a replay can add with what a reader calls it: `["toyDay-heavy", "Heavy user
/// (Lesson 000's day, its abuser)"]` (the page's list showed `toyDay-heavy` alone), the
/// lesson's abusers said to be so (the list, under "Add a scripted cohort", held its honest
/// users unmarked).
pub fn addable_named() -> Vec<[String; 2]> {
    SCENARIOS
        .iter()
        .filter_map(|s| s.build(0, &Values::defaults(s)).ok().map(|b| (s, b.traffic)))
        .flat_map(|(s, t)| {
            t.cohorts
                .iter()
                .map(|c| {
                    let role = if registry::is_abuser(s.name, &c.name) { ", its abuser" } else { "" };
                    [format!("{}-{}", s.name, c.name), format!("{} ({}{role})", c.label, s.lesson)]
                })
                .collect::<Vec<_>>()
        })
        .collect()
}

/// `which` is one of [`addable`], or the refusal that names them all (the command line
/// checks `--add` with it before it reads the log, as a usage error).
pub fn check_addable(which: &str) -> Result<(), String> {
    let known = addable();
    if known.iter().any(|a| a == which) {
        return Ok(());
    }
    let known = known.iter().map(|a| quoted(a)).collect::<Vec<_>>().join(", ");
    Err(format!("add: must be a scenario's cohort, one of {known}; got {}", shown(which)))
}

/// Adds cohort `which` (`SCENARIO-COHORT`) of the scenario's run `seed` (at its default
/// settings) to the log: its users (named with the scenario), calls and prices, its day
/// laid on the log's first day (UTC).
pub fn add(log: &mut Log, which: &str, seed: u32) -> Result<(), String> {
    let refused = || check_addable(which).err().unwrap_or_default();
    let (name, cohort) = which.split_once('-').ok_or_else(refused)?;
    let scenario = registry::find(name).map_err(|_| refused())?;
    let built = scenario.build(seed, &Values::defaults(scenario)).map_err(|_| refused())?;
    let t = built.traffic;
    let c = t.cohorts.iter().position(|x| x.name == cohort).ok_or_else(refused)?;
    let offset = log.calls.first().map_or(0, |first| first.at.0 - first.at.0 % 86_400_000);
    let most =
        |what: &str| format!("add: {which}: a replay holds at most {} {what}, and the log has them all", 1 << 16);
    if log.cohorts.iter().any(|c| c.name == which) {
        return Err(format!("add: {which}: given twice; a cohort is added once"));
    }
    let new_cohort = u16::try_from(log.cohorts.len()).map_err(|_| most("cohorts"))?;
    if log.models.len() + t.models.iter().filter(|m| !log.models.contains(m)).count() > 1 << 16 {
        return Err(most("models"));
    }
    log.cohorts.push(Cohort { name: which.to_string(), label: format!("{} ({})", t.cohorts[c].label, scenario.name) });
    let mut user_of = HashMap::new();
    // In a log with API keys, each added user calls with a key of its own, named as it is.
    let mut key_of_user = HashMap::new();
    let added: Vec<(usize, String)> = (t.users.iter().enumerate())
        .filter(|(_, u)| usize::from(u.cohort) == c)
        .map(|(u, user)| (u, format!("{} ({})", user.name, scenario.name)))
        .collect();
    // Each added user's name is its own: where a log's user has it, a number follows it.
    // Only the log's names that begin as an added one's can clash (a million users' names
    // were copied for a few).
    let mut taken: HashSet<String> = (log.users.iter())
        .filter(|u| added.iter().any(|(_, named)| u.name.starts_with(named.as_str())))
        .map(|u| u.name.clone())
        .collect();
    for (u, named) in added {
        user_of.insert(u as u32, log.users.len() as u32);
        let (mut name, mut n) = (named.clone(), 1);
        while taken.contains(&name) {
            n += 1;
            name = format!("{named} {n}");
        }
        taken.insert(name.clone());
        if let Some(keys) = &mut log.keys {
            key_of_user.insert(u as u32, keys.names.len() as u32);
            keys.names.push(name.clone());
        }
        // And, in a log with teams, is in none: no team's budget counts its calls.
        if let Some(tenants) = &mut log.tenants {
            tenants.of_user.push(None);
        }
        log.users.push(User { name, cohort: new_cohort });
    }
    let mut model_of = HashMap::new();
    for (m, model) in t.models.iter().enumerate() {
        let index = log.models.iter().position(|x| x == model).unwrap_or_else(|| {
            log.models.push(model.clone());
            log.models.len() - 1
        });
        model_of.insert(m, index as u16); // below 2^16: checked above
        if let Some(price) = built.prices.get(model) {
            if log.added_prices.get(model).is_none() {
                log.added_prices.0.push((model.clone(), price));
            }
        }
    }
    let mut next_request = log.calls.iter().map(|c| c.request + 1).max().unwrap_or(0);
    let mut request_of = HashMap::new();
    let mut added = 0u64;
    for (i, call) in t.calls().iter().enumerate() {
        let Some(&user) = user_of.get(&call.user) else { continue };
        let request = *request_of.entry(call.request).or_insert_with(|| {
            next_request += 1;
            next_request - 1
        });
        let model = model_of.get(&usize::from(call.model)).copied().unwrap_or(0);
        log.calls.push(engine::Call { at: call.at.after(crate::time::Span(offset)), user, model, request, ..*call });
        if !log.costs.is_empty() {
            log.costs.push(None);
        }
        if !log.cached.is_empty() {
            log.cached.push(0);
        }
        if let (Some(keys), Some(&key)) = (&mut log.keys, key_of_user.get(&call.user)) {
            keys.of_call.push(key);
        }
        if !log.failed.is_empty() {
            log.failed.push(t.failed(i));
        } else if t.failed(i) {
            log.failed.resize(log.calls.len() - 1, false);
            log.failed.push(true);
        }
        added += 1;
    }
    let keys = log.keys.as_mut().map_or(&mut [][..], |k| &mut k.of_call[..]);
    crate::replay::call_columns::sort_by_time(&mut log.calls, &mut log.costs, &mut log.failed, &mut log.cached, keys);
    log.notes.push(format!(
        "added {} of {} ({}), run {seed} of {}, from {}",
        counted(added, "call", "calls"),
        t.cohorts[c].label,
        counted(user_of.len() as u64, "user", "users"),
        scenario.name,
        iso_text(Instant(offset))
    ));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::replay::{export, read, Options};

    #[test]
    fn a_replay_in_place_gives_the_same_run_and_leaves_the_log_as_it_was() {
        let mut text = Vec::new();
        export::synthetic_log(5, 3_000, 60, &mut text).unwrap();
        let log = read(&text[..], &Options::default()).unwrap();
        let mut kept = log.clone();
        let prices = crate::engine::synthetic::prices();
        for policies in [None, Some(main_policies().0[1..].to_vec())] {
            let copied = run(&log, policies.clone(), Some(&prices), Record::default()).unwrap();
            let moved = run_in_place(&mut kept, policies, Some(&prices), Record::default()).unwrap();
            assert_eq!(serde_json::to_string(&moved).unwrap(), serde_json::to_string(&copied).unwrap());
            assert_eq!((kept.calls.len(), &kept.calls, &kept.costs), (log.calls.len(), &log.calls, &log.costs));
        }
    }

    #[test]
    fn a_model_a_policy_switches_to_without_a_price_is_refused_where_the_policy_names_it() {
        let text = "time,user,model,input_tokens,output_tokens\n2025-05-01T09:00:00Z,alice,claude-haiku-4-5,1000,100\n";
        let log = read(text.as_bytes(), &Options::default()).unwrap();
        let refusal = |whenfull: &str, ladder: &str| {
            let policy = format!(
                r#"{{"policies": [{{"name": "open", "guards": []}}, {{"name": "cheap", "guards": [{{"count": "dollars",
                "limit": "1", "per": "everyone", "window": "1d", "reset": "fixed", "admit": "counted",
                "whenFull": {whenfull}}}]{ladder}}}]}}"#
            );
            let policies = crate::engine::read_policy_file(&policy).unwrap().policies;
            run(&log, Some(policies), None, Record::default()).err().unwrap().to_string()
        };
        assert_eq!(
            refusal(r#"{"degradeTo": "gpt-5-nano"}"#, ""),
            "cheap.guards[0].whenFull.degradeTo: must be one of the models \"claude-haiku-4-5\", one of the \
             lessons' models, or one a price table gives; got \"gpt-5-nano\""
        );
        // A ladder's is said at its place; a model of the built-in prices runs.
        let err = refusal(r#"{"degradeTo": "claude-haiku-4-5"}"#, r#", "ladder": ["claude-haiku-4-5", "tiny-model"]"#);
        assert!(err.starts_with("cheap.ladder[1]: must be one of the models \"claude-haiku-4-5\", one"), "{err}");
    }

    #[test]
    fn each_policys_events_sent_as_made_are_the_events_a_run_keeps() {
        let mut text = Vec::new();
        export::synthetic_log(7, 20_000, 4, &mut text).unwrap();
        let mut log = read(&text[..], &Options::default()).unwrap();
        let prepared = prepare(&mut log, None, Some(&crate::engine::synthetic::prices())).unwrap();
        let kept = prepared.run(Record::EVERYTHING).unwrap();
        for (i, o) in kept.policies.iter().enumerate() {
            let mut sent = Vec::new();
            prepared.events(i, &mut |e| sent.push(*e)).unwrap();
            let kept = o.events.as_ref().unwrap();
            assert_eq!((sent.len(), &sent), (kept.len(), kept), "policy {i}: the events sent, in the order kept");
        }
        let refused = kept.policies.iter().flat_map(|o| o.events.iter().flatten()).filter(|e| !e.served).count();
        assert!(refused > 0, "some call refused: {refused}");
        prepared.give_back(&mut log);
        assert_eq!(log.calls.len(), kept.calls, "the log has its calls back");
    }
}
