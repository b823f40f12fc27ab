//! Policies written as a policy file in the language: what `billsim policies` prints, and
//! what [`Policy`] serializes as. Reading it back gives the same policies.
//!
//! Written through structs, not `serde_json::Value` (whose maps sort their keys), so a
//! file reads in the language's order: a policy's `name, guards, processes, ladder,
//! ledger`; a guard's `count, limit|tiers, per, model, window, reset, burst, admit, estimate,
//! whenFull, reason, retryAfter`; tiers and cohorts in the order they were given.

use super::language::written;
use super::ledger::points;
use crate::engine::guard::Guard;
use crate::engine::language::{default_reason, Admit, CountOf, Counts, LimitOf, Point, Reset, WhenFull};
use crate::engine::policy::Policy;
use crate::money::Micros;
use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;
use serde_json::Value;

/// An amount in `count`'s unit as the file says it: dollars as exact decimal text.
fn amount(count: CountOf, a: u64) -> Value {
    match count {
        CountOf::Dollars => Micros(a).exact_dollars().trim_start_matches('$').into(),
        _ => a.into(),
    }
}

/// A JSON object whose keys keep the order given.
#[derive(Debug)]
pub struct InOrder(Vec<(String, Value)>);

impl Serialize for InOrder {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct EstimateText {
    input_percent: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    max_tokens: Option<u64>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct DegradeText<'a> {
    degrade_to: &'a str,
}

/// One guard as the language says it.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PointText<'a> {
    count: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    limit: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    tiers: Option<InOrder>,
    per: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    model: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    window: Option<String>,
    reset: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    burst: Option<Value>,
    admit: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    estimate: Option<EstimateText>,
    #[serde(skip_serializing_if = "Option::is_none")]
    when_full: Option<DegradeText<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    retry_after: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    counts: Option<&'static str>,
}

pub fn point_text(p: &Point) -> PointText<'_> {
    let (limit, tiers) = match &p.limit {
        LimitOf::Amount(a) => (Some(amount(p.count, *a)), None),
        LimitOf::Tiers(t) => (None, Some(InOrder(t.iter().map(|(c, a)| (c.clone(), amount(p.count, *a))).collect()))),
    };
    let (reset, burst) = match p.reset {
        Reset::Rolling => ("rolling", None),
        Reset::Fixed => ("fixed", None),
        // With tiers, each tenant's burst is its own tier's limit.
        Reset::Steady { burst } => ("steady", limit.as_ref().map(|_| amount(p.count, burst))),
        Reset::InFlight => ("inFlight", None),
    };
    let (admit, estimate) = match p.admit {
        Admit::Counted => ("counted", None),
        Admit::Estimate(e) => ("estimate", Some(e)),
        Admit::Reserve(e) => ("reserve", Some(e)),
    };
    let estimate = estimate
        .filter(|_| p.count != CountOf::Requests)
        .map(|e| EstimateText { input_percent: e.input_percent, max_tokens: e.max_tokens });
    let when_full = match &p.when_full {
        WhenFull::Refuse => None,
        WhenFull::DegradeTo(model) => Some(DegradeText { degrade_to: model }),
    };
    PointText {
        count: p.count.name(),
        limit,
        tiers,
        per: p.per.name(),
        model: p.model.as_deref(),
        // A call in flight counts until it finishes: no window.
        window: (p.reset != Reset::InFlight).then(|| written(p.window)),
        reset,
        burst,
        admit,
        estimate,
        // A guard that degrades refuses no call: it has no reason. One that refuses with the
        // reason its fields give by default is written without it, so that an editor that
        // changes those fields (per user to per tenant) changes the reason with them.
        reason: (when_full.is_none() && p.reason != default_reason(p.count, p.per, p.window, p.admit))
            .then(|| p.reason.name()),
        when_full,
        retry_after: p.retry_after.map(|r| r.name()),
        // Written where it is not the default.
        counts: (p.counts != Counts::Served).then(|| p.counts.name()),
    }
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct OutageText {
    from_ms: u64,
    to_ms: u64,
}

/// What a policy says of where counts are kept (lesson 002's ledger).
#[derive(Debug, Serialize)]
struct LedgerText {
    meter: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    outage: Option<OutageText>,
    fail: InOrder,
}

/// One policy as the language says it.
#[derive(Debug, Serialize)]
pub struct PolicyText<'a> {
    name: &'a str,
    guards: Vec<PointText<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    processes: Option<u32>,
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    ladder: &'a [String],
    #[serde(skip_serializing_if = "Option::is_none")]
    ledger: Option<LedgerText>,
}

/// `policy` as the language says it. The points are made here (a ledger is several), so
/// they are returned beside the text that borrows them.
fn points_of(policy: &Policy) -> (Vec<Point>, Option<LedgerText>) {
    let mut all = Vec::new();
    let mut ledger = None;
    for g in &policy.guards {
        match g {
            Guard::TenantLedger { tiers, max_tokens, meter, outage } => {
                all.extend(points(tiers, *max_tokens));
                ledger = Some(LedgerText {
                    meter: meter.name(),
                    outage: outage.map(|o| OutageText { from_ms: o.from_ms.0, to_ms: o.to_ms.0 }),
                    fail: InOrder(tiers.iter().map(|t| (t.cohort.clone(), t.fail.name().into())).collect()),
                });
            }
            // Every other guard is a point (only the ledger is not).
            g => all.extend(g.point()),
        }
    }
    (all, ledger)
}

fn policy_text<'a>(policy: &'a Policy, points: &'a [Point], ledger: Option<LedgerText>) -> PolicyText<'a> {
    PolicyText {
        name: &policy.name,
        guards: points.iter().map(point_text).collect(),
        processes: (policy.processes != 1).then_some(policy.processes),
        ladder: &policy.ladder,
        ledger,
    }
}

/// Serializes `policy` as the language says it (what [`Policy`]'s `Serialize` does).
fn serialize_policy<S: Serializer>(policy: &Policy, s: S) -> Result<S::Ok, S::Error> {
    let (points, ledger) = points_of(policy);
    policy_text(policy, &points, ledger).serialize(s)
}

/// A list of policies, each serialized in the language.
struct Policies<'a>(&'a [Policy]);

impl Serialize for Policies<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0)
    }
}

#[derive(Serialize)]
struct FileText<'a> {
    policies: Policies<'a>,
}

/// `policies` as a policy file's text: `{ "policies": [...] }`, indented, ending in a newline.
pub fn file_text(policies: &[Policy]) -> String {
    // Strings, numbers, lists and objects with string keys always write.
    serde_json::to_string_pretty(&FileText { policies: Policies(policies) }).unwrap_or_default() + "\n"
}

impl Serialize for Policy {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        serialize_policy(self, s)
    }
}
