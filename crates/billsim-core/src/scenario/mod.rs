//! Scenarios: a lesson's world as the engine runs it. Each has a name, its settings (from
//! [`crate::scenario::schema`]), a seeded traffic generator, and the policies it compares; any
//! scenario runs through [`run`], with its own policies or ones given as data.

pub mod last_run;
pub mod schema;
pub mod setting;
pub mod settle;
pub mod widgets;

use crate::engine::{self, Outcome, PriceTable, Record, RunError, Traffic};
use crate::lessons::toy_day;
use crate::lessons::toy_day::in_flight::{self, Params, Version};
use crate::lessons::toy_day::simulate::Policy as DayPolicy;
use crate::money::Micros;
use crate::scenario::setting::{Choice, SettingSpec, Value};
use crate::settings::{FieldError, Invalid, Settings};
use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;
use std::num::NonZeroU32;

/// A scenario's traffic, the policies it compares, and the prices of its models.
pub struct Built {
    pub traffic: Traffic,
    pub policies: Vec<engine::Policy>,
    /// Each policy's name as a reader sees it, with its settings ("5 requests per minute").
    pub labels: Vec<String>,
    pub prices: PriceTable,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Scenario {
    pub name: &'static str,
    pub label: &'static str,
    /// What it shows, in a sentence.
    pub description: &'static str,
    /// Its settings' keys in [`schema::SETTINGS`] (the seed, which every scenario has, aside).
    pub settings: &'static [&'static str],
    /// The policies it compares, with the labels of their buttons.
    pub policies: &'static [Choice],
    /// The names of its cohorts its limits are for (the heavy user, the script): drawn in
    /// the abuser's colour ([`crate::views::colours`]); every other cohort is honest.
    #[serde(skip)]
    pub abusers: &'static [&'static str],
    #[serde(skip)]
    pub(crate) settings_allowed: &'static str,
    /// Its settings that must hold together (a run refuses them, a page sets one aside).
    #[serde(skip)]
    pub clashes: &'static [crate::scenario::settle::Clash],
    #[serde(skip)]
    pub(crate) build: fn(u32, &Values) -> Result<Built, RunError>,
    /// What its widget shows beside the chart ([`crate::views::panels`]).
    #[serde(skip)]
    pub(crate) panels: crate::views::panels::Panels,
}

pub const TOY_DAY: Scenario = Scenario {
    name: "toyDay",
    label: "One day",
    description: "One day of ten users, one of them heavy, under no limit, a request limit and a daily cost budget.",
    settings: &["perMinute", "budgetDollars", "refill"],
    policies: schema::DAY_POLICIES,
    abusers: &["heavy"],
    settings_allowed: "one of \"perMinute\", \"budgetDollars\", \"refill\"",
    clashes: &[],
    build: build_toy_day,
    panels: crate::lessons::toy_day::day_beside::panels,
};

pub const CALLS_AT_ONCE: Scenario = Scenario {
    name: "callsAtOnce",
    label: "Calls at once",
    description:
        "Many calls of one user at one moment, all checked before any is charged, under four versions of the budget.",
    settings: &["calls", "estimatePercent", "budgetDollars"],
    policies: &[
        Choice { value: "checkOnly", label: "Check only" },
        Choice { value: "setAside", label: "Set aside first" },
        Choice { value: "halfEstimate", label: "Input guessed low" },
        Choice { value: "twoProcesses", label: "Two processes" },
    ],
    abusers: &[],
    settings_allowed: "one of \"calls\", \"estimatePercent\", \"budgetDollars\"",
    clashes: &[],
    build: build_calls_at_once,
    panels: crate::views::panels::none,
};

pub const HACKATHON: Scenario = Scenario {
    name: "hackathon",
    label: "A public demo link",
    description: "A day of a public demo link: honest visitors asking a few short questions, one visitor with a \
         script, under lesson 001's request limit and check-only daily cap; each weakness of its security review \
         can be switched on.",
    settings: &[
        "rateLimit",
        "rateWindowSeconds",
        "capDollars",
        "spoofedUsers",
        "sharedAddress",
        "restartMinute",
        "serverProcesses",
        "scriptAtOnce",
    ],
    policies: crate::lessons::hackathon::POLICIES,
    abusers: &["script"],
    settings_allowed: "one of \"rateLimit\", \"rateWindowSeconds\", \"capDollars\", \"spoofedUsers\", \
         \"sharedAddress\", \"restartMinute\", \"serverProcesses\", \"scriptAtOnce\"",
    clashes: &[],
    build: build_hackathon,
    panels: crate::lessons::hackathon::panels::panels,
};
impl Scenario {
    /// Its traffic, policies and prices on run `seed` with `values`: what a replay takes a
    /// cohort from (`billsim replay --add toyDay-heavy`) and `run --export-log` writes.
    pub fn build(&self, seed: u32, values: &Values) -> Result<Built, RunError> {
        (self.build)(seed, values)
    }

    /// The first of its rules across settings that `values` break, if any: the same rule a
    /// run refuses them by, found before the run (`billsim run` names the `--set` given).
    ///
    /// ```
    /// use billsim_core::scenario::{find, Values};
    /// let tenant = find("runawayTenant").unwrap();
    /// let mut values = Values::defaults(tenant);
    /// assert_eq!(tenant.clash(&values), None);
    /// values.set(tenant, "internalDailyDollars", "2000").unwrap();
    /// let clash = tenant.clash(&values).unwrap();
    /// assert_eq!(clash.settings, ["internalDailyDollars", "internalMonthlyDollars"]);
    /// assert!(clash.problem.starts_with("internalMonthlyDollars: must be an amount in dollars at least"));
    /// ```
    pub fn clash(&self, values: &Values) -> Option<Clashing> {
        let clash = self.clashes.iter().find(|c| !c.holds(values))?;
        let settings = clash.keys().into_iter().map(String::from).collect();
        Some(Clashing { settings, problem: clash.refusal(values, clash.named()).to_string() })
    }
}

/// Settings, each in its range, that do not hold together (a monthly budget below the
/// daily one, an outage that ends before it starts, a free tier with no user at all): a
/// rule of [`Scenario::clashes`] broken, as `billsim run` says it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clashing {
    /// The settings the rule ties together, by key.
    pub settings: Vec<String>,
    /// The rule broken, in the words a run refuses them with (less a run's "traffic: ").
    pub problem: String,
}

pub const RUNAWAY_TENANT: Scenario = Scenario {
    name: "runawayTenant",
    label: "A runaway tenant",
    description: "A month of tenants on tiers using an agent; one points it at their whole document store at 09:00 \
                  and leaves it running. No cap, metering the request only, a daily hard block, a degrade ladder, and \
                  daily and monthly caps; the ledger can go down.",
    settings: &[
        "productMonthlyDollars",
        "internalDailyDollars",
        "internalMonthlyDollars",
        "payingDailyDollars",
        "payingMonthlyDollars",
        "freeDailyDollars",
        "freeMonthlyDollars",
        "maxTokens",
        "outageStartHour",
        "outageEndHour",
        "internalFail",
        "payingFail",
        "freeFail",
        "failPercent",
    ],
    policies: crate::lessons::runaway_tenant::POLICIES,
    abusers: &["runaway"],
    settings_allowed: "one of \"productMonthlyDollars\", \"internalDailyDollars\", \"internalMonthlyDollars\", \
                       \"payingDailyDollars\", \"payingMonthlyDollars\", \"freeDailyDollars\", \"freeMonthlyDollars\", \
                       \"maxTokens\", \"outageStartHour\", \"outageEndHour\", \"internalFail\", \"payingFail\", \
                       \"freeFail\", \"failPercent\"",
    clashes: crate::lessons::runaway_tenant::CLASHES,
    build: crate::lessons::runaway_tenant::build,
    panels: crate::lessons::runaway_tenant::panels::panels,
};

/// Every scenario.
pub const SCENARIOS: &[Scenario] =
    &[TOY_DAY, CALLS_AT_ONCE, crate::lessons::free_tier::SCENARIO, HACKATHON, RUNAWAY_TENANT];
const SCENARIOS_ALLOWED: &str = "\"toyDay\" or \"callsAtOnce\" or \"freeTier\" or \"hackathon\" or \"runawayTenant\"";

/// The scenario named `name`; the error lists the known ones.
///
/// ```
/// use billsim_core::scenario::find;
/// assert_eq!(find("toyDay").unwrap().label, "One day");
/// let err = find("week").err().unwrap();
/// assert_eq!(err.to_string(), "scenario: must be \"toyDay\" or \"callsAtOnce\" or \"freeTier\" or \"hackathon\" or \"runawayTenant\"; got \"week\"");
/// ```
pub fn find(name: &str) -> Result<&'static Scenario, FieldError> {
    SCENARIOS
        .iter()
        .find(|s| s.name == name.trim())
        .ok_or_else(|| Invalid { allowed: SCENARIOS_ALLOWED, got: crate::settings::shown(name) }.on("scenario"))
}

/// A scenario's settings, each with its value (the default until set).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Values(Vec<(&'static SettingSpec, Value)>);

impl Values {
    pub fn defaults(scenario: &Scenario) -> Values {
        Values::of(scenario.settings.iter().filter_map(|k| schema::setting(k)))
    }

    /// `settings` at their defaults (a widget's: [`schema::widget_settings`]).
    pub fn of(settings: impl Iterator<Item = &'static SettingSpec>) -> Values {
        Values(settings.map(|s| (s, s.default_value())).collect())
    }

    /// Sets `key` (one of these settings) to a value already read.
    pub fn put(&mut self, key: &str, value: Value) {
        if let Some(slot) = self.0.iter_mut().find(|(s, _)| s.key == key) {
            slot.1 = value;
        }
    }

    /// Sets `key` from its text; an unknown key or a bad value names the field.
    pub fn set(&mut self, scenario: &Scenario, key: &str, text: &str) -> Result<(), FieldError> {
        let slot = self
            .0
            .iter_mut()
            .find(|(s, _)| s.key == key.trim())
            .ok_or_else(|| schema::unknown_setting(key, scenario.settings_allowed))?;
        slot.1 = slot.0.read(text)?;
        Ok(())
    }

    pub fn get(&self, key: &str) -> Option<Value> {
        self.0.iter().find(|(s, _)| s.key == key).map(|&(_, v)| v)
    }

    pub(crate) fn whole(&self, key: &str) -> u64 {
        match self.get(key) {
            Some(Value::Whole(n)) => n,
            _ => 0,
        }
    }

    pub(crate) fn dollars(&self, key: &str) -> Micros {
        match self.get(key) {
            Some(Value::Dollars(m)) => m,
            _ => Micros::ZERO,
        }
    }

    pub(crate) fn choice(&self, key: &str) -> &'static str {
        match self.get(key) {
            Some(Value::Choice(c)) => c,
            _ => "",
        }
    }

    /// The toy day's settings.
    pub fn day_settings(&self) -> Settings {
        let d = Settings::default();
        Settings {
            per_minute: u32::try_from(self.whole("perMinute")).ok().and_then(NonZeroU32::new).unwrap_or(d.per_minute),
            budget: self.dollars("budgetDollars"),
            refill: crate::engine::budget::Refill::parse(self.choice("refill")).unwrap_or(d.refill),
        }
    }
}

impl Serialize for Values {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (spec, value) in &self.0 {
            map.serialize_entry(spec.key, value)?;
        }
        map.end()
    }
}

fn toy_prices() -> PriceTable {
    PriceTable(vec![(toy_day::MODEL.into(), toy_day::price())])
}

fn build_toy_day(seed: u32, values: &Values) -> Result<Built, RunError> {
    let settings = values.day_settings();
    let traffic = toy_day::traffic(&toy_day::toy_day(seed))?;
    let policies = DayPolicy::ALL.iter().map(|p| p.engine_policy(&settings)).collect();
    let labels = DayPolicy::ALL.iter().map(|p| p.label(&settings)).collect();
    Ok(Built { traffic, policies, labels, prices: toy_prices() })
}

fn build_calls_at_once(_seed: u32, values: &Values) -> Result<Built, RunError> {
    let calls = u32::try_from(values.whole("calls")).unwrap_or(in_flight::CALLS_DEFAULT);
    let estimate = u32::try_from(values.whole("estimatePercent")).unwrap_or(in_flight::ESTIMATE_DEFAULT);
    // Every value was checked against the same ranges as it was set.
    let params = Params::new(calls, estimate, values.dollars("budgetDollars")).unwrap_or_default();
    let policies = Version::ALL.iter().map(|v| v.engine_policy(&params)).collect();
    let labels = Version::ALL.iter().map(|v| v.label(&params)).collect();
    Ok(Built { traffic: in_flight::traffic(&params)?, policies, labels, prices: toy_prices() })
}

fn build_hackathon(seed: u32, values: &Values) -> Result<Built, RunError> {
    use crate::lessons::hackathon::{day, prices, Policy, Settings};
    let settings = Settings::from_values(values);
    let policies = Policy::ALL.iter().map(|p| p.engine_policy(&settings)).collect();
    let labels = Policy::ALL.iter().map(|p| p.label(&settings)).collect();
    Ok(Built { traffic: day::traffic(seed, &settings)?, policies, labels, prices: prices() })
}

/// A user as a run's JSON shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct UserSummary {
    pub name: String,
    pub cohort: String,
    pub calls: u32,
    /// Requests (tasks), each of one or more calls.
    pub requests: u32,
}

impl UserSummary {
    /// Each user of `traffic`: their name, cohort, calls and requests.
    pub fn of(traffic: &Traffic) -> Vec<UserSummary> {
        let mut calls = vec![0u32; traffic.users.len()];
        let mut requests = vec![0u32; traffic.users.len()];
        let mut seen = vec![false; traffic.requests()];
        for c in traffic.calls() {
            calls[c.user as usize] += 1;
            let first = !std::mem::replace(&mut seen[c.request as usize], true);
            requests[c.user as usize] += u32::from(first);
        }
        let cohort = |u: &engine::User| traffic.cohorts[usize::from(u.cohort)].name.clone();
        traffic
            .users
            .iter()
            .zip(calls.into_iter().zip(requests))
            .map(|(u, (calls, requests))| UserSummary { name: u.name.clone(), cohort: cohort(u), calls, requests })
            .collect()
    }
}

/// `scenario`'s policies at `values`, as a policy file in the policy language: `run
/// --policy` that file gives the scenario's own result (`billsim policies`).
pub fn policies_file(scenario: &Scenario, values: &Values) -> Result<String, RunError> {
    // The policies come from the settings alone; the seed changes only the traffic.
    let built = (scenario.build)(0, values)?;
    Ok(engine::policy_file_text(&built.policies))
}

/// A scenario run under each of its policies.
#[derive(Serialize)]
pub struct ScenarioRun {
    pub scenario: &'static str,
    pub seed: u32,
    pub settings: Values,
    pub cohorts: Vec<engine::Cohort>,
    pub users: Vec<UserSummary>,
    /// The traffic's models: an event's `model` is an index into these.
    pub models: Vec<String>,
    /// Each policy's name as a reader sees it, in the order of `policies` (a policy given
    /// as data is called by its name).
    pub labels: Vec<String>,
    /// The policies run, as data, in the order of `policies`.
    #[serde(skip)]
    pub ran: Vec<engine::Policy>,
    pub policies: Vec<Outcome>,
    /// Who the server took callers to be, when the traffic says (an event's `key` is an
    /// index into these): lesson 001's `X-User` headers and addresses.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub keys: Vec<String>,
}

/// Runs `scenario` on day (or run) number `seed` under its policies, or under `policies`
/// when given.
///
/// ```
/// use billsim_core::engine::Record;
/// use billsim_core::scenario::{find, run, Values};
/// let toy = find("toyDay").unwrap();
/// let day = run(toy, 0, &Values::defaults(toy), None, Record::default()).unwrap();
/// assert_eq!(day.policies.len(), 3);
/// assert_eq!(day.users[0].cohort, "heavy");
/// ```
pub fn run(
    scenario: &Scenario,
    seed: u32,
    values: &Values,
    policies: Option<Vec<engine::Policy>>,
    record: Record,
) -> Result<ScenarioRun, RunError> {
    run_with_prices(scenario, seed, values, policies, None, record)
}

/// [`run`], with `prices` in place of the scenario's own when given (a policy file's): a
/// model of the traffic they do not price is [`RunError::NoPrice`], which names it.
pub fn run_with_prices(
    scenario: &Scenario,
    seed: u32,
    values: &Values,
    policies: Option<Vec<engine::Policy>>,
    prices: Option<&PriceTable>,
    record: Record,
) -> Result<ScenarioRun, RunError> {
    run_keeping_traffic(scenario, seed, values, policies, prices, record).map(|(run, _)| run)
}

/// [`run_with_prices`], with the traffic it ran (for what reads the calls themselves, as
/// lesson 002's claims do, without building the traffic again).
pub fn run_keeping_traffic(
    scenario: &Scenario,
    seed: u32,
    values: &Values,
    policies: Option<Vec<engine::Policy>>,
    prices: Option<&PriceTable>,
    record: Record,
) -> Result<(ScenarioRun, Traffic), RunError> {
    let prepared = prepare(scenario, seed, values, policies, prices)?;
    let run = prepared.run(record)?;
    Ok((run, prepared.traffic))
}

/// A scenario's run ready to make: its traffic, each model's price, and the policies with
/// their labels. `billsim run --events` runs it for the counts, then each policy again to
/// write its events as they are made.
pub struct Prepared {
    scenario: &'static str,
    seed: u32,
    values: Values,
    traffic: Traffic,
    prices: Vec<engine::Price>,
    ran: Vec<engine::Policy>,
    labels: Vec<String>,
    /// The scenario's own policies with these settings, whichever were given.
    own: Vec<engine::Policy>,
}

/// `scenario`'s traffic on `seed` with `values`, to run under its policies (or `policies`
/// when given) at its prices (or `prices` when given).
pub fn prepare(
    scenario: &Scenario,
    seed: u32,
    values: &Values,
    policies: Option<Vec<engine::Policy>>,
    prices: Option<&PriceTable>,
) -> Result<Prepared, RunError> {
    crate::scenario::settle::check(scenario, values).map_err(RunError::Setting)?;
    let built = (scenario.build)(seed, values)?;
    let prices = engine::resolve_prices(&built.traffic, prices.unwrap_or(&built.prices))?;
    let own = built.policies.clone();
    let (ran, labels) = policies.map_or((built.policies, built.labels), engine::Policy::labelled_by_name);
    let (scenario, values) = (scenario.name, values.clone());
    Ok(Prepared { scenario, seed, values, traffic: built.traffic, prices, ran, labels, own })
}

impl Prepared {
    /// Every policy's outcome, with what `record` asks for.
    pub fn run(&self, record: Record) -> Result<ScenarioRun, RunError> {
        let traffic = &self.traffic;
        let outcomes = self
            .ran
            .iter()
            .map(|p| engine::run_priced(traffic, p, &self.prices, record))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(ScenarioRun {
            scenario: self.scenario,
            seed: self.seed,
            settings: self.values.clone(),
            cohorts: traffic.cohorts.clone(),
            users: UserSummary::of(traffic),
            models: traffic.models.clone(),
            labels: self.labels.clone(),
            ran: self.ran.clone(),
            policies: outcomes,
            keys: traffic.keys().map_or_else(Vec::new, |k| k.names.clone()),
        })
    }

    /// Policy number `policy`'s decisions, each handed to `send` as it is made, none kept.
    pub fn events(&self, policy: usize, send: &mut dyn FnMut(&engine::Event)) -> Result<(), RunError> {
        let Some(p) = self.ran.get(policy) else { return Ok(()) };
        engine::run_sending(&self.traffic, p, &self.prices, false, Some(send)).map(drop)
    }

    /// Whether the policies run are the scenario's own with these settings, compared as
    /// policies, not by name (a file may give the lesson's names to other policies): what a
    /// lesson says of its policies (its claims, its labels) is said of these alone.
    pub fn runs_own_policies(&self) -> bool {
        self.ran == self.own
    }

    /// The number of the policy run that is the scenario's own policy `name` with these
    /// settings (under whatever name it was given), if one is.
    pub fn own_policy(&self, name: &str) -> Option<usize> {
        let own = self.own.iter().find(|p| p.name == name)?;
        self.ran.iter().position(|p| engine::Policy { name: own.name.clone(), ..p.clone() } == *own)
    }
}

#[cfg(test)]
mod tests;
