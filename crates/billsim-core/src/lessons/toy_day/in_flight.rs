//! The lesson's "20 calls at once" experiment, as a pure model: every call is checked
//! before any is charged (that is the overlap of calls in flight), under four versions of
//! the budget. No threads, so the wasm build runs it too; `tests/integration/in_flight_threads.rs`
//! sends the same calls through `handle_chat` on real threads and gets the same table.

use crate::engine::budget::Refill;
use crate::engine::{self, BadTraffic, Call, Cohort, Guard, Record, SetAside, Traffic, User};
use crate::lessons::toy_day;
use crate::money::{Micros, Overflow, Tokens, REPLY_CAP};
use crate::settings::{self, FieldError, Invalid};
use crate::time::{Instant, Span};
use serde::Serialize;

/// Input tokens of each call.
pub const INPUT: Tokens = 20_000;
/// Output tokens of each call's reply (under the reply cap of 1,000).
pub const OUTPUT: Tokens = 800;

pub const CALLS_DEFAULT: u32 = 20;
pub const CALLS_MIN: u32 = 1;
pub const CALLS_MAX: u32 = 200;
pub const CALLS_ALLOWED: &str = "a whole number from 1 to 200";
/// The low estimate guesses the input at this percentage of its real size.
pub const ESTIMATE_DEFAULT: u32 = 50;
pub const ESTIMATE_MIN: u32 = 10;
pub const ESTIMATE_MAX: u32 = 200;
pub const ESTIMATE_ALLOWED: &str = "a whole number of percent from 10 to 200";

/// Calls at once, as text: `"1"` to `"200"`.
pub fn parse_calls(text: &str) -> Result<u32, Invalid> {
    settings::whole_number(text, CALLS_ALLOWED, CALLS_MIN.into(), CALLS_MAX.into()).map(|n| n as u32)
}

/// The estimate as a percentage of the real input, as text: `"10"` to `"200"`.
pub fn parse_estimate(text: &str) -> Result<u32, Invalid> {
    settings::whole_number(text, ESTIMATE_ALLOWED, ESTIMATE_MIN.into(), ESTIMATE_MAX.into()).map(|n| n as u32)
}

/// The experiment's settings, checked when built, so a run is never asked for a billion calls.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Params {
    calls: u32,
    estimate_percent: u32,
    budget: Micros,
}

impl Default for Params {
    /// The lesson's: 20 calls, the input guessed at half, a budget of $0.25.
    fn default() -> Self {
        Params { calls: CALLS_DEFAULT, estimate_percent: ESTIMATE_DEFAULT, budget: settings::BUDGET_DEFAULT }
    }
}

impl Params {
    /// Checks each value against its range; the error names the field.
    ///
    /// ```
    /// use billsim_core::lessons::toy_day::in_flight::Params;
    /// use billsim_core::Micros;
    /// assert!(Params::new(20, 50, Micros(250_000)).is_ok());
    /// let err = Params::new(201, 50, Micros(250_000)).unwrap_err();
    /// assert_eq!(err.to_string(), "calls: must be a whole number from 1 to 200; got 201");
    /// ```
    pub fn new(calls: u32, estimate_percent: u32, budget: Micros) -> Result<Params, FieldError> {
        let bad = |allowed, got: String| Invalid { allowed, got };
        if !(CALLS_MIN..=CALLS_MAX).contains(&calls) {
            return Err(bad(CALLS_ALLOWED, calls.to_string()).on("calls"));
        }
        if !(ESTIMATE_MIN..=ESTIMATE_MAX).contains(&estimate_percent) {
            return Err(bad(ESTIMATE_ALLOWED, estimate_percent.to_string()).on("estimatePercent"));
        }
        if !(settings::BUDGET_MIN..=settings::BUDGET_MAX).contains(&budget) {
            return Err(bad(settings::BUDGET_ALLOWED, budget.exact_dollars()).on("budget"));
        }
        Ok(Params { calls, estimate_percent, budget })
    }

    pub fn calls(&self) -> u32 {
        self.calls
    }

    pub fn estimate_percent(&self) -> u32 {
        self.estimate_percent
    }

    pub fn budget(&self) -> Micros {
        self.budget
    }
}

/// Four ways to count the calls, each a small change to the budget of the lesson.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Version {
    /// Looks at what is already charged and sets nothing aside: the first version most
    /// people write.
    CheckOnly,
    /// Sets aside the real input plus the whole reply cap: the lesson's budget.
    SetAside,
    /// Sets aside too little: the input guessed at [`Params::estimate_percent`] of its size.
    HalfEstimate,
    /// Sets aside in full, but the calls alternate between two server processes, each
    /// with its own count of the whole budget.
    TwoProcesses,
}

impl Version {
    pub const ALL: [Version; 4] = [Version::CheckOnly, Version::SetAside, Version::HalfEstimate, Version::TwoProcesses];

    /// The name in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Version::CheckOnly => "checkOnly",
            Version::SetAside => "setAside",
            Version::HalfEstimate => "halfEstimate",
            Version::TwoProcesses => "twoProcesses",
        }
    }

    /// The name a reader sees.
    ///
    /// ```
    /// use billsim_core::lessons::toy_day::in_flight::{Params, Version};
    /// assert_eq!(Version::HalfEstimate.label(&Params::default()), "Input guessed at half its size");
    /// ```
    pub fn label(self, params: &Params) -> String {
        match self {
            Version::CheckOnly => "Check only".into(),
            Version::SetAside => "Set aside first".into(),
            Version::HalfEstimate if params.estimate_percent == 50 => "Input guessed at half its size".into(),
            Version::HalfEstimate => format!("Input guessed at {}% of its size", params.estimate_percent),
            Version::TwoProcesses => "Two processes, each with its own count".into(),
        }
    }

    /// How many separate counts the calls are spread over, in turn.
    pub fn counts(self) -> usize {
        match self {
            Version::TwoProcesses => 2,
            _ => 1,
        }
    }

    /// What this version counts before a call: the input tokens it estimates and the
    /// reply tokens it allows for. The check-only version counts neither, so it sets
    /// nothing aside. The set-aside is the cost of these.
    pub fn counted(self, params: &Params) -> (Tokens, Tokens) {
        match self {
            Version::CheckOnly => (0, 0),
            Version::SetAside | Version::TwoProcesses => (INPUT, REPLY_CAP),
            // A percentage of at most 200 of 20,000 tokens: far inside u64.
            Version::HalfEstimate => (INPUT * Tokens::from(params.estimate_percent) / 100, REPLY_CAP),
        }
    }
}

/// How one version came out: calls let in, and what the service charged for them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Row {
    pub version: Version,
    pub admitted: u32,
    #[serde(rename = "chargedMicros")]
    pub charged: Micros,
}

impl Row {
    /// Whether this version charged more than `budget` (reaching it exactly is within).
    pub fn over_budget(&self, budget: Micros) -> bool {
        self.charged > budget
    }

    /// What was charged, to the cent; written exactly when to the cent it would read the
    /// same as the budget but is not (`$0.144` over a `$0.14` budget), or would read `$0.00`,
    /// or is one call's (`$0.048`, as the lesson gives it: to the cent it read as the `$0.05`
    /// set aside for it).
    pub fn charged_text(&self, budget: Micros) -> String {
        let cents = self.charged.cents();
        if self.admitted == 1 || cents == budget.exact_dollars() && self.charged != budget {
            self.charged.exact_dollars()
        } else {
            cents
        }
    }

    /// The row as a sentence, for the chart's text alternative and the widget's summary:
    /// `Check only: 20 of 20 calls get in and $0.96 is charged, over the $0.25 budget.`
    /// One call, one call in, and nothing charged each read as such.
    ///
    /// ```
    /// use billsim_core::lessons::toy_day::in_flight::{run, Params, Version};
    /// let p = Params::default();
    /// assert_eq!(run(Version::SetAside, &p).unwrap().sentence(&p),
    ///     "Set aside first: 5 of 20 calls get in and $0.24 is charged, within the $0.25 budget.");
    /// ```
    pub fn sentence(&self, params: &Params) -> String {
        let budget = params.budget();
        let verdict = if self.over_budget(budget) { "over" } else { "within" };
        let admitted = match (params.calls(), self.admitted) {
            (1, 0) => "the one call is refused".to_string(),
            (1, _) => "the one call gets in".to_string(),
            (n, 1) => format!("1 of {n} calls gets in"),
            (n, a) => format!("{a} of {n} calls get in"),
        };
        let charged = match self.charged {
            Micros::ZERO => "nothing is charged".to_string(),
            _ => format!("{} is charged", self.charged_text(budget)),
        };
        format!(
            "{}: {admitted} and {charged}, {verdict} the {} budget.",
            self.version.label(params),
            budget.exact_dollars()
        )
    }
}

impl Version {
    /// This version as the engine's policy: one money budget that sets aside what
    /// [`Version::counted`] counts, in [`Version::counts`] processes.
    pub fn engine_policy(self, params: &Params) -> engine::Policy {
        let set_aside = match self {
            Version::CheckOnly => SetAside::Nothing,
            Version::SetAside | Version::TwoProcesses => SetAside::worst_case(REPLY_CAP),
            Version::HalfEstimate => {
                SetAside::WorstCase { input_percent: params.estimate_percent, max_tokens: REPLY_CAP }
            }
        };
        let budget = Guard::MoneyBudget { budget_micros: params.budget, refill: Refill::Daily, set_aside };
        engine::Policy { processes: self.counts() as u32, ..engine::Policy::new(self.name(), vec![budget]) }
    }
}

/// How long each call is in flight: longer than it takes all of them to arrive, which is
/// no time at all (they arrive at one moment).
pub const LATENCY: Span = Span::SECOND;

/// The calls: one user, all at one moment, each its own request.
pub fn traffic(params: &Params) -> Result<Traffic, BadTraffic> {
    let call =
        |i: u32| Call { at: Instant(0), user: 0, model: 0, request: i, input: INPUT, output: OUTPUT, latency: LATENCY };
    let users = vec![User { name: "User".into(), cohort: 0 }];
    let cohorts = vec![Cohort { name: "user".into(), label: "One user".into() }];
    Traffic::new(cohorts, users, vec![toy_day::MODEL.into()], (0..params.calls).map(call).collect())
}

/// Runs the calls under one version: every call is checked (and, if it fits, its
/// set-aside held) on arrival, all at one moment, before any reply arrives; each
/// admitted call is then charged its real cost. `charged` is the bill.
///
/// ```
/// use billsim_core::lessons::toy_day::in_flight::{run, Params, Version};
/// let row = run(Version::SetAside, &Params::default()).unwrap();
/// assert_eq!((row.admitted, row.charged.0), (5, 240_000));
/// ```
pub fn run(version: Version, params: &Params) -> Result<Row, Overflow> {
    run_on(&lesson_traffic(params)?, version, params)
}

/// The calls as lesson 000's functions take them, whose only error is an overflow: one
/// user, one model and request numbers below the number of calls are always valid.
fn lesson_traffic(params: &Params) -> Result<Traffic, Overflow> {
    traffic(params).map_err(|_| Overflow)
}

fn run_on(traffic: &Traffic, version: Version, params: &Params) -> Result<Row, Overflow> {
    let out = engine::run_priced(traffic, &version.engine_policy(params), &[toy_day::price()], Record::COUNTS)
        .map_err(|_| Overflow)?;
    Ok(Row { version, admitted: out.per_user[0].served, charged: out.bill.micros() })
}

/// Every version, in [`Version::ALL`]'s order: the table of the lesson.
pub fn overrun(params: &Params) -> Result<Vec<Row>, Overflow> {
    let traffic = lesson_traffic(params)?;
    Version::ALL.into_iter().map(|v| run_on(&traffic, v, params)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::money::cost;

    fn table(params: &Params) -> Vec<(u32, u64)> {
        overrun(params).unwrap().iter().map(|r| (r.admitted, r.charged.0)).collect()
    }

    #[test]
    fn twenty_calls_at_once_all_pass_a_check_made_before_any_is_charged() {
        let rows = table(&Params::default());
        assert_eq!(rows[0], (20, 960_000), "check only: each check sees $0 used");
        assert_eq!(rows[1], (5, 240_000), "set aside first: five holds of $0.05 fill $0.25");
    }

    #[test]
    fn two_server_processes_with_their_own_counts_each_allow_the_whole_budget() {
        assert_eq!(table(&Params::default())[3], (10, 480_000));
        let one_call = Params::new(1, 50, Micros(250_000)).unwrap();
        assert_eq!(table(&one_call)[3], (1, 48_000), "one call uses one count, not both");
    }

    #[test]
    fn a_low_estimate_lets_more_calls_in_and_the_budget_is_overshot() {
        assert_eq!(table(&Params::default())[2], (8, 384_000));
        let full = Params::new(20, 100, Micros(250_000)).unwrap();
        assert_eq!(table(&full)[2], table(&full)[1], "an estimate of 100% is the set-aside itself");
    }

    #[test]
    fn the_overshoot_is_never_more_than_the_shortfalls_of_the_calls_in_flight() {
        let actual = cost(INPUT, OUTPUT).unwrap().0;
        for calls in [1, 7, 20, 200] {
            for percent in ESTIMATE_MIN..=ESTIMATE_MAX {
                let params = Params::new(calls, percent, Micros(250_000)).unwrap();
                let row = run(Version::HalfEstimate, &params).unwrap();
                let set_aside = cost(INPUT * u64::from(percent) / 100, REPLY_CAP).unwrap().0;
                let shortfall = actual.saturating_sub(set_aside);
                let bound = 250_000 + u64::from(row.admitted) * shortfall;
                assert!(row.charged.0 <= bound, "{calls} calls at {percent}%: {} over {bound}", row.charged.0);
                if percent >= 100 {
                    assert!(row.charged.0 <= 250_000, "an estimate that never falls short never overshoots");
                }
            }
        }
    }

    #[test]
    fn the_table_serializes_with_the_keys_and_names_the_widget_reads() {
        let json = serde_json::to_string(&overrun(&Params::default()).unwrap()).unwrap();
        assert_eq!(
            json,
            r#"[{"version":"checkOnly","admitted":20,"chargedMicros":960000},{"version":"setAside","admitted":5,"chargedMicros":240000},{"version":"halfEstimate","admitted":8,"chargedMicros":384000},{"version":"twoProcesses","admitted":10,"chargedMicros":480000}]"#
        );
        for v in Version::ALL {
            assert_eq!(serde_json::to_value(v).unwrap(), v.name());
        }
    }

    #[test]
    fn each_parameter_accepts_its_ends_and_refuses_one_step_beyond() {
        assert_eq!((parse_calls("1"), parse_calls("200")), (Ok(1), Ok(200)));
        assert!(parse_calls("0").is_err() && parse_calls("201").is_err() && parse_calls("2.5").is_err());
        assert_eq!((parse_estimate("10"), parse_estimate("200")), (Ok(10), Ok(200)));
        let err = parse_estimate("9").unwrap_err().on("--estimate");
        assert_eq!(err.to_string(), "--estimate: must be a whole number of percent from 10 to 200; got \"9\"");
        assert!(Params::new(20, 50, Micros(9_999)).is_err(), "the budget keeps the settings' range");
    }

    #[test]
    fn a_row_reads_as_one_sentence_with_the_cores_numbers() {
        let params = Params::default();
        let rows = overrun(&params).unwrap();
        let text: Vec<String> = rows.iter().map(|r| r.sentence(&params)).collect();
        assert_eq!(text[0], "Check only: 20 of 20 calls get in and $0.96 is charged, over the $0.25 budget.");
        assert_eq!(text[1], "Set aside first: 5 of 20 calls get in and $0.24 is charged, within the $0.25 budget.");
        assert_eq!(rows[2].version, Version::HalfEstimate);
        assert_eq!(
            text[2],
            "Input guessed at half its size: 8 of 20 calls get in and $0.38 is charged, over the $0.25 budget."
        );
    }

    #[test]
    fn the_sentences_name_the_exact_budget_the_reader_set() {
        let params = Params::new(20, 50, Micros(15_000)).unwrap();
        let row = run(Version::CheckOnly, &params).unwrap();
        assert!(row.sentence(&params).ends_with("over the $0.015 budget."), "{}", row.sentence(&params));
        let err = Params::new(20, 50, Micros(100_000_001)).unwrap_err().to_string();
        assert!(err.ends_with("got $100.000001"), "{err}");
    }

    #[test]
    fn a_row_reads_true_and_grammatical_when_no_call_one_call_or_every_call_gets_in() {
        let sentence = |version: Version, calls: u32, budget: u64| {
            let params = Params::new(calls, 50, Micros(budget)).unwrap();
            run(version, &params).unwrap().sentence(&params)
        };
        assert_eq!(
            sentence(Version::SetAside, 20, 10_000),
            "Set aside first: 0 of 20 calls get in and nothing is charged, within the $0.01 budget.",
            "a $0.01 budget holds no set-aside of $0.05"
        );
        assert_eq!(
            sentence(Version::SetAside, 1, 10_000),
            "Set aside first: the one call is refused and nothing is charged, within the $0.01 budget."
        );
        assert_eq!(
            sentence(Version::CheckOnly, 1, 250_000),
            "Check only: the one call gets in and $0.048 is charged, within the $0.25 budget.",
            "one call's cost as the lesson gives it: $0.05 read as the set-aside"
        );
        assert_eq!(
            sentence(Version::SetAside, 20, 50_000),
            "Set aside first: 1 of 20 calls gets in and $0.048 is charged, within the $0.05 budget.",
            "$0.05 within a $0.05 budget would hide that it is less"
        );
    }

    #[test]
    fn a_charge_that_rounds_to_the_budget_is_written_exactly_so_over_never_reads_as_equal() {
        let params = Params::new(3, 50, Micros(140_000)).unwrap();
        let row = run(Version::CheckOnly, &params).unwrap();
        assert_eq!(row.charged, Micros(144_000));
        assert_eq!(row.charged_text(params.budget()), "$0.144", "$0.14 over a $0.14 budget would contradict itself");
        assert_eq!(
            row.sentence(&params),
            "Check only: 3 of 3 calls get in and $0.144 is charged, over the $0.14 budget."
        );
        assert_eq!(run(Version::CheckOnly, &Params::default()).unwrap().charged_text(Micros(250_000)), "$0.96");
    }
}
