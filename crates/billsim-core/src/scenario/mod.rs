//! Scenarios: a lesson's world as the engine runs it. Each lesson declares its own
//! (`lessons/<lesson>/scenario.rs`): a name, its settings, a seeded traffic generator, the
//! policies it compares and what its widget shows beside the chart; the registry gathers
//! them ([`registry`]). Any scenario runs through [`run`], with its own policies or ones
//! given as data. Nothing here but the registry imports a lesson.

pub mod attribute_slips;
pub mod clash;
pub mod last_run;
pub mod marks;
pub mod registry;
pub mod scenario_run;
pub mod setting;
pub mod settle;
pub mod values;
pub mod widgets;

use crate::engine::{self, PriceTable, Record, RunError, Traffic};
use crate::scenario::clash::Clash;
use crate::scenario::setting::{unknown_setting, Choice, SettingSpec};
use crate::settings::FieldError;
use crate::views::panels::Panel;
use serde::{Serialize, Serializer};

pub use marks::{ManyAccounts, Marks, Others, OutageWords, Reference, StartWords, TripWords};
pub use scenario_run::{tenants_by_cohort, About, Callers, ScenarioRun, UserSummary};
pub use values::Values;

/// A scenario's traffic, the policies it compares, and the prices of its models.
pub struct Built {
    pub traffic: Traffic,
    pub policies: Vec<engine::Policy>,
    /// Each policy's name as a reader sees it, with its settings ("5 requests per minute").
    pub labels: Vec<String>,
    pub prices: PriceTable,
}

/// What a scenario's widget shows beside the chart on run `seed` with `values`, framing
/// `policy` (one of its policies), in panels ([`crate::views::panels`]).
pub type Panels = fn(scenario: &Scenario, seed: u32, values: &Values, policy: &str) -> Result<Vec<Panel>, RunError>;

/// How a scenario builds a run, prices its models and makes its panels: the code its
/// lesson holds.
#[derive(Clone, Copy)]
pub struct Code {
    pub(crate) build: fn(u32, &Values) -> Result<Built, RunError>,
    /// Its models' prices with `values`, as its run has them, without building its traffic
    /// (a month of lesson 002's calls is megabytes a replay's price table does not need).
    pub(crate) prices: fn(&Values) -> Result<PriceTable, RunError>,
    pub(crate) panels: Panels,
}

/// `code` where this build holds the scenario's lesson (`held`: its cargo feature, such as
/// `cfg!(feature = "free-tier")`), `None` where it leaves the lesson out. Evaluated at
/// compile time, so a lesson left out leaves its code out of the binary: a lesson's widget
/// module then holds only its own lesson (scripts/bench measures each).
pub const fn held(code: Code, held: bool) -> Option<Code> {
    if held {
        Some(code)
    } else {
        None
    }
}

/// The panels of a scenario that has none.
pub fn no_panels(_scenario: &Scenario, _seed: u32, _values: &Values, _policy: &str) -> Result<Vec<Panel>, RunError> {
    Ok(Vec::new())
}

fn keys<S: Serializer>(settings: &&'static [SettingSpec], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(settings.iter().map(|spec| spec.key))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Scenario {
    pub name: &'static str,
    pub label: &'static str,
    /// The lesson that tells it, as the replay page offers its traffic: "Lesson 003's free
    /// tier". Starting with the lesson's number, so that sorting by it puts them in the
    /// lessons' order.
    #[serde(skip)]
    pub lesson: &'static str,
    /// What it shows, in a sentence.
    pub description: &'static str,
    /// Its settings (the seed, which every scenario has, aside), in the order of its form;
    /// in JSON, their keys.
    #[serde(serialize_with = "keys")]
    pub settings: &'static [SettingSpec],
    /// The policies it compares, with the labels of their buttons.
    pub policies: &'static [Choice],
    /// The names of its cohorts its limits are for (the heavy user, the script): drawn in
    /// the abuser's colour ([`crate::views::colours`]); every other cohort is honest.
    #[serde(skip)]
    pub abusers: &'static [&'static str],
    /// What the over-time chart says a run is over, before its number ([`About::over`]).
    #[serde(skip)]
    pub over: Option<&'static str>,
    #[serde(skip)]
    pub(crate) settings_allowed: &'static str,
    /// Its settings that must hold together (a run refuses them, a page sets one aside).
    #[serde(skip)]
    pub clashes: &'static [Clash],
    /// How it runs and what its widget shows beside the chart ([`Scenario::build`],
    /// [`Scenario::panels`]); `None` in a build that leaves its lesson out ([`held`]).
    #[serde(skip)]
    pub(crate) code: Option<Code>,
    /// What its over-time chart calls the moments and lines it marks.
    #[serde(skip)]
    pub marks: Marks,
    /// The kind of user whose many accounts its lesson draws one by one (lesson 003's
    /// sockpuppets), if it has one ([`crate::views::accounts`]).
    #[serde(skip)]
    pub accounts: Option<ManyAccounts>,
}

impl Scenario {
    /// Its traffic, policies and prices on run `seed` with `values`: what a replay takes a
    /// cohort from (`billsim replay --add toyDay-heavy`) and `run --export-log` writes.
    pub fn build(&self, seed: u32, values: &Values) -> Result<Built, RunError> {
        (self.code()?.build)(seed, values)
    }

    /// Its models' prices with `values`: its run's ([`Built::prices`]), without building it.
    pub fn prices(&self, values: &Values) -> Result<PriceTable, RunError> {
        (self.code()?.prices)(values)
    }

    /// Its panels on run `seed` with `values`, framing `policy` (one of its policies: the
    /// caller checks the name, as every export that frames a policy does).
    pub fn panels(&self, seed: u32, values: &Values, policy: &str) -> Result<Vec<Panel>, RunError> {
        (self.code()?.panels)(self, seed, values, policy)
    }

    /// Its code, or why this build cannot run it: its lesson is left out.
    fn code(&self) -> Result<Code, RunError> {
        self.code.ok_or_else(|| {
            let allowed = "a scenario of a lesson this build holds (billsim-core's cargo feature of its lesson)";
            RunError::Setting(
                crate::settings::Invalid { allowed, got: crate::settings::shown(self.name) }.on("scenario"),
            )
        })
    }

    /// The first of its rules across settings that `values` break, if any: the same rule a
    /// run refuses them by, found before the run (`billsim run` names the `--set` given).
    ///
    /// ```
    /// use billsim_core::scenario::registry::find;
    /// use billsim_core::scenario::Values;
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

    /// The first of its clashes that `values` break, as a run refuses it.
    pub fn check(&self, values: &Values) -> Result<(), FieldError> {
        clash::check(self.clashes, values)
    }

    /// What it says of a run of `traffic`, for the views.
    fn about(&self, traffic: &Traffic, values: &Values) -> About {
        let abusers = traffic
            .cohorts
            .iter()
            .filter(|c| self.abusers.contains(&c.name.as_str()))
            .map(|c| c.name.clone())
            .collect();
        let reference = self.marks.reference.map(|r| (r.label, values.dollars(r.key)));
        let start = self.marks.start.and_then(|words| {
            let first = traffic.calls().iter().filter(|c| traffic.cohort_of(c.user as usize).name == words.cohort);
            Some((words, first.map(|c| c.at).min()?))
        });
        let hour = |key: &str| crate::time::Instant(values.whole(key).saturating_mul(3_600_000));
        let outage = self.marks.outage.map(|w| (w, hour(w.from), hour(w.to))).filter(|(_, from, to)| to > from);
        About {
            label: Some(self.label),
            over: self.over,
            abusers,
            policies: self.policies,
            trip: self.marks.trip,
            others: self.marks.others,
            reference,
            start,
            outage,
            accounts: self.accounts,
            callers: Callers::default(),
            tenant_cohorts: None,
        }
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

// A scenario's settings are its own, so its values start from them and a name not among
// them is refused with its list (`values.rs` knows no scenario).
impl Values {
    pub fn defaults(scenario: &Scenario) -> Values {
        Values::of(scenario.settings.iter())
    }

    /// Sets `key` from its text; an unknown key or a bad value names the field.
    pub fn set(&mut self, scenario: &Scenario, key: &str, text: &str) -> Result<(), FieldError> {
        let slot = self
            .0
            .iter_mut()
            .find(|(s, _)| s.key == key.trim())
            .ok_or_else(|| unknown_setting(key, scenario.settings_allowed))?;
        slot.1 = slot.0.read(text)?;
        Ok(())
    }
}

/// `scenario`'s policies at `values`, as a policy file in the policy language: `run
/// --policy` that file gives the scenario's own result (`billsim policies`).
pub fn policies_file(scenario: &Scenario, values: &Values) -> Result<String, RunError> {
    // The policies come from the settings alone; the seed changes only the traffic.
    let built = scenario.build(0, values)?;
    Ok(engine::policy_file_text(&built.policies))
}

/// Runs `scenario` on day (or run) number `seed` under its policies, or under `policies`
/// when given ([`prepare`] takes other prices too).
///
/// ```
/// use billsim_core::engine::Record;
/// use billsim_core::scenario::registry::find;
/// use billsim_core::scenario::{run, Values};
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
    prepare(scenario, seed, values, policies, None)?.run(record)
}

/// A scenario's run ready to make: its traffic, each model's price, and the policies with
/// their labels. `billsim run --events` runs it for the counts, then each policy again to
/// write its events as they are made.
pub struct Prepared {
    scenario: &'static str,
    about: About,
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
    scenario.check(values).map_err(RunError::Setting)?;
    let built = scenario.build(seed, values)?;
    let prices = engine::resolve_prices(&built.traffic, prices.unwrap_or(&built.prices))?;
    let own = built.policies.clone();
    // A file's policy that is one of the scenario's own as it was keeps its label.
    let (ran, labels) = match policies {
        Some(given) => engine::Policy::labelled_as(given, &built.policies, &built.labels, |p| p.name.clone()),
        None => (built.policies, built.labels),
    };
    let about = scenario.about(&built.traffic, values);
    let (scenario, values) = (scenario.name, values.clone());
    Ok(Prepared { scenario, about, seed, values, traffic: built.traffic, prices, ran, labels, own })
}

impl Prepared {
    /// Every policy's outcome, with what `record` asks for.
    pub fn run(&self, record: Record) -> Result<ScenarioRun, RunError> {
        let traffic = &self.traffic;
        let outcomes = engine::run_each(traffic, &self.ran, &self.prices, record)?;
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
            about: self.about.clone(),
        })
    }

    /// Policy number `policy`'s decisions, each handed to `send` as it is made, none kept.
    pub fn events(&self, policy: usize, send: &mut dyn FnMut(&engine::Event)) -> Result<(), RunError> {
        engine::events_of(&self.traffic, &self.ran, &self.prices, policy, send)
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

    /// The traffic, for what reads the calls themselves after the run (lesson 002's claims)
    /// without building them again.
    pub fn into_traffic(self) -> Traffic {
        self.traffic
    }
}
