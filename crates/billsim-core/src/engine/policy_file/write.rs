//! Policies written as a policy file in the language: what `billsim policies` prints, and
//! what [`Policy`] serializes as. Reading it back gives the same policies.

use super::language::written;
use super::ledger::points;
use crate::engine::guard::Guard;
use crate::engine::language::{Admit, CountOf, LimitOf, Point, Reset, WhenFull};
use crate::engine::policy::Policy;
use crate::money::Micros;
use serde_json::{json, Map, Value};

/// An amount in `count`'s unit as the file says it: dollars as exact decimal text.
fn amount(count: CountOf, a: u64) -> Value {
    match count {
        CountOf::Dollars => Micros(a).exact_dollars().trim_start_matches('$').into(),
        _ => a.into(),
    }
}

/// One guard as the language says it.
pub fn point_json(p: &Point) -> Value {
    let mut g = Map::new();
    g.insert("count".into(), p.count.name().into());
    match &p.limit {
        LimitOf::Amount(a) => g.insert("limit".into(), amount(p.count, *a)),
        LimitOf::Tiers(t) => g.insert(
            "tiers".into(),
            t.iter().map(|(c, a)| (c.clone(), amount(p.count, *a))).collect::<Map<_, _>>().into(),
        ),
    };
    g.insert("per".into(), p.per.name().into());
    g.insert("window".into(), written(p.window).into());
    let reset = match p.reset {
        Reset::Rolling => "rolling",
        Reset::Fixed => "fixed",
        Reset::Steady { .. } => "steady",
    };
    g.insert("reset".into(), reset.into());
    // With tiers, each tenant's burst is its own tier's limit.
    if let (Reset::Steady { burst }, LimitOf::Amount(_)) = (p.reset, &p.limit) {
        g.insert("burst".into(), amount(p.count, burst));
    }
    let (admit, estimate) = match p.admit {
        Admit::Counted => ("counted", None),
        Admit::Estimate(e) => ("estimate", Some(e)),
        Admit::Reserve(e) => ("reserve", Some(e)),
    };
    g.insert("admit".into(), admit.into());
    if let Some(e) = estimate.filter(|_| p.count != CountOf::Requests) {
        let mut est = Map::new();
        est.insert("inputPercent".into(), e.input_percent.into());
        if let Some(m) = e.max_tokens {
            est.insert("maxTokens".into(), m.into());
        }
        g.insert("estimate".into(), est.into());
    }
    if let WhenFull::DegradeTo(model) = &p.when_full {
        g.insert("whenFull".into(), json!({ "degradeTo": model }));
    }
    // A guard that degrades refuses no call: it has no reason.
    if p.when_full == WhenFull::Refuse {
        g.insert("reason".into(), p.reason.name().into());
    }
    if let Some(r) = p.retry_after {
        g.insert("retryAfter".into(), r.name().into());
    }
    g.into()
}

/// One policy as the language says it.
pub fn policy_json(policy: &Policy) -> Value {
    let mut p = Map::new();
    p.insert("name".into(), policy.name.clone().into());
    let mut guards = Vec::new();
    let mut ledger = None;
    for g in &policy.guards {
        match g {
            Guard::TenantLedger { tiers, max_tokens, meter, outage } => {
                guards.extend(points(tiers, *max_tokens).iter().map(point_json));
                let fail: Map<String, Value> = tiers.iter().map(|t| (t.cohort.clone(), t.fail.name().into())).collect();
                let mut rules = Map::new();
                rules.insert("meter".into(), meter.name().into());
                if let Some(o) = outage {
                    rules.insert("outage".into(), json!({ "fromMs": o.from_ms.0, "toMs": o.to_ms.0 }));
                }
                rules.insert("fail".into(), fail.into());
                ledger = Some(rules);
            }
            // Every other guard is a point (only the ledger is not).
            g => guards.extend(g.point().as_ref().map(point_json)),
        }
    }
    p.insert("guards".into(), guards.into());
    if policy.processes != 1 {
        p.insert("processes".into(), policy.processes.into());
    }
    if !policy.ladder.is_empty() {
        p.insert("ladder".into(), policy.ladder.clone().into());
    }
    if let Some(rules) = ledger {
        p.insert("ledger".into(), rules.into());
    }
    p.into()
}

/// `policies` as a policy file's text: `{ "policies": [...] }`, indented, ending in a newline.
pub fn file_text(policies: &[Policy]) -> String {
    let file = json!({ "policies": policies.iter().map(policy_json).collect::<Vec<_>>() });
    // A Value of strings, numbers, lists and objects always writes.
    serde_json::to_string_pretty(&file).unwrap_or_default() + "\n"
}
