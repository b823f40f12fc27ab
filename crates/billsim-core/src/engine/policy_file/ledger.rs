//! What belongs to where counts are kept rather than to one guard: a policy's `"ledger"`
//! (`{ "meter": "perRequest", "outage": { "fromMs": 0, "toMs": 3600000 }, "fail": {
//! "internal": "open", "paying": "closed" } }`). It goes with lesson 002's ledger: the
//! policy's `per: tenant` dollar guards that reserve, over `"1d"` and `"30d"` windows (a
//! tier's daily and monthly budgets), which run as one ledger ([`Guard::TenantLedger`]):
//! a call fits when it fits every window, and an outage makes each cohort fail open or
//! closed.

use super::json::{join, object, refused, text, whole, wrong, Fields};
use crate::engine::guard::Guard;
use crate::engine::language::{Admit, CountOf, Counts, Estimate, LimitOf, Per, Point, Reset, WhenFull, Window};
use crate::engine::ledger::{FailMode, Meter, Outage, Tier, DAY_MS, MONTH_MS};
use crate::engine::refusal::Reason;
use crate::money::{Micros, Tokens};
use crate::settings::shown;
use crate::settings::FieldError;
use crate::time::{Instant, Span};
use serde_json::value::RawValue;

const LEDGER_ALLOWED: &str = "an object with \"meter\", and, if you like, \"outage\" and \"fail\"";
const LEDGER_FIELDS: &str = "a ledger: only the fields \"meter\", \"outage\" and \"fail\"";
const LEDGER_WITH: &str = "given only with \"per\": \"tenant\" dollar guards with \"tiers\" (not one \"limit\") that \
     reserve over \"1d\" or \"30d\", of every model's calls (no \"model\": the ledger counts all of a tenant's \
     calls; at most one of each window, with one maxTokens)";
const METER_ALLOWED: &str = "\"perCall\" (every model call) or \"perRequest\" (a request's top-level call only)";
const OUTAGE_ALLOWED: &str = "an object with \"fromMs\" and \"toMs\"";
const OUTAGE_FIELDS: &str = "an outage: only the fields \"fromMs\" and \"toMs\"";
const MOMENT_ALLOWED: &str = "a whole number of milliseconds from 0 to 18,446,744,073,709,551,615";
const OUTAGE_END_ALLOWED: &str = "a moment at or after the outage's fromMs (an outage cannot end before it starts)";
const FAIL_ALLOWED: &str = "an object of \"open\" (served, unmetered) or \"closed\" (refused) by cohort";
const FAIL_MODE_ALLOWED: &str = "\"open\" (served, unmetered) or \"closed\" (refused)";
const FAIL_EVERY: &str = "an object naming every cohort of the ledger's tiers";

/// The ledger's own settings, as read.
pub struct Rules {
    pub meter: Meter,
    pub outage: Option<Outage>,
    pub fail: Vec<(String, FailMode)>,
}

pub fn rules(raw: &RawValue, path: &str) -> Result<Rules, FieldError> {
    let f = Fields::new(object(raw, path, LEDGER_ALLOWED)?, path, LEDGER_FIELDS, &["meter", "outage", "fail"])?;
    let (raw, at) = f.need("meter", METER_ALLOWED)?;
    let meter = Meter::parse(&text(raw, &at, METER_ALLOWED)?).ok_or_else(|| wrong(raw, &at, METER_ALLOWED))?;
    let outage = f.get("outage").map(|(raw, at)| outage(raw, &at)).transpose()?;
    let mut fail = Vec::new();
    if let Some((raw, at)) = f.get("fail") {
        for (cohort, raw) in object(raw, &at, FAIL_ALLOWED)? {
            let here = join(&at, &cohort);
            let mode = FailMode::parse(&text(raw, &here, FAIL_MODE_ALLOWED)?)
                .ok_or_else(|| wrong(raw, &here, FAIL_MODE_ALLOWED))?;
            fail.push((cohort, mode));
        }
    }
    Ok(Rules { meter, outage, fail })
}

pub fn outage(raw: &RawValue, path: &str) -> Result<Outage, FieldError> {
    let f = Fields::new(object(raw, path, OUTAGE_ALLOWED)?, path, OUTAGE_FIELDS, &["fromMs", "toMs"])?;
    let (raw, at) = f.need("fromMs", MOMENT_ALLOWED)?;
    let from = whole(raw, &at, MOMENT_ALLOWED, 0, u64::MAX)?;
    let (raw, at) = f.need("toMs", MOMENT_ALLOWED)?;
    let to = whole(raw, &at, MOMENT_ALLOWED, 0, u64::MAX)?;
    if to < from {
        return Err(refused(&at, OUTAGE_END_ALLOWED, format!("{to}, before fromMs {from}")));
    }
    Ok(Outage { from_ms: Instant(from), to_ms: Instant(to) })
}

/// `(cohort, micro-dollars)` of each tier.
type Tiers = Vec<(String, u64)>;
/// A ledger window: its days (1 or 30), its tiers, its maxTokens.
type LedgerWindow = (u64, Tiers, Tokens);

/// A ledger window of lesson 002's: its length in days (1 or 30), tiers and maxTokens.
fn ledger_window(p: &Point) -> Option<(u64, &Tiers, Tokens)> {
    let Admit::Reserve(Estimate { input_percent: 100, max_tokens: Some(max) }) = p.admit else { return None };
    let LimitOf::Tiers(tiers) = &p.limit else { return None };
    let days = match p.window {
        Window::Span(Span(DAY_MS)) => 1,
        Window::Span(Span(MONTH_MS)) => 30,
        _ => return None,
    };
    // A ledger counts every call of its tenants: a guard of one model's calls stays on its own.
    let plain = p.when_full == WhenFull::Refuse
        && p.retry_after.is_none()
        && p.reason == Reason::BudgetExhausted
        && p.model.is_none();
    (p.count == CountOf::Dollars && p.per == Per::Tenant && p.reset == Reset::Fixed && plain)
        .then_some((days, tiers, max))
}

/// A guard as read: a language point, or an old kind (a `tenantLedger` is already whole).
pub enum Read {
    Point(Point),
    Kind(Guard),
}

/// The policy's guards: the ledger's windows joined into one ledger at the first one's
/// place (with the policy's `ledger` rules), every other point on its own.
pub fn guards(read: Vec<Read>, rules: Option<(Rules, String)>, path: &str) -> Result<Vec<Guard>, FieldError> {
    let windows: Vec<LedgerWindow> = read
        .iter()
        .filter_map(|r| match r {
            Read::Point(p) => ledger_window(p).map(|(d, t, m)| (d, t.clone(), m)),
            Read::Kind(_) => None,
        })
        .collect();
    let one_each =
        windows.iter().filter(|w| w.0 == 1).count() <= 1 && windows.iter().filter(|w| w.0 == 30).count() <= 1;
    let one_max = windows.windows(2).all(|w| w[0].2 == w[1].2);
    let joined = !windows.is_empty() && one_each && one_max;
    if let Some((_, at)) = rules.as_ref().filter(|_| !joined) {
        return Err(refused(at, LEDGER_WITH, "a policy without them".into()));
    }
    let mut out = Vec::with_capacity(read.len());
    let mut placed = false;
    for r in read {
        match r {
            Read::Kind(g) => out.push(g),
            Read::Point(p) if joined && ledger_window(&p).is_some() => {
                if !placed {
                    out.push(ledger(&windows, rules.as_ref(), path)?);
                    placed = true;
                }
            }
            Read::Point(p) => out.push(Guard::from_point(p)),
        }
    }
    Ok(out)
}

fn ledger(windows: &[LedgerWindow], rules: Option<&(Rules, String)>, path: &str) -> Result<Guard, FieldError> {
    let mut tiers: Vec<Tier> = Vec::new();
    for (days, list, _) in windows {
        for (cohort, amount) in list {
            let i = match tiers.iter().position(|t| &t.cohort == cohort) {
                Some(i) => i,
                None => {
                    let fail = match rules {
                        None => FailMode::Closed,
                        Some((r, at)) => {
                            r.fail.iter().find(|(c, _)| c == cohort).map(|(_, m)| *m).ok_or_else(|| {
                                refused(&join(at, "fail"), FAIL_EVERY, format!("none for {}", shown(cohort)))
                            })?
                        }
                    };
                    tiers.push(Tier { cohort: cohort.clone(), daily_micros: None, monthly_micros: None, fail });
                    tiers.len() - 1
                }
            };
            let slot = if *days == 1 { &mut tiers[i].daily_micros } else { &mut tiers[i].monthly_micros };
            *slot = Some(Micros(*amount));
        }
    }
    let _ = path;
    // By cohort's name: a file's object of tiers keeps no order.
    tiers.sort_by(|a, b| a.cohort.cmp(&b.cohort));
    let (meter, outage) = rules.map_or((Meter::PerCall, None), |(r, _)| (r.meter, r.outage));
    Ok(Guard::TenantLedger { tiers, max_tokens: windows[0].2, meter, outage })
}

/// A tenant ledger as the language writes it: a guard per window its tiers have, and the
/// policy's `ledger` rules.
pub fn points(tiers: &[Tier], max_tokens: Tokens) -> Vec<Point> {
    let window = |days: u64, of: fn(&Tier) -> Option<Micros>| {
        let list: Vec<(String, u64)> = tiers.iter().filter_map(|t| of(t).map(|m| (t.cohort.clone(), m.0))).collect();
        (!list.is_empty()).then(|| Point {
            count: CountOf::Dollars,
            limit: LimitOf::Tiers(list),
            per: Per::Tenant,
            window: Window::Span(Span(days * DAY_MS)),
            reset: Reset::Fixed,
            admit: Admit::Reserve(Estimate { input_percent: 100, max_tokens: Some(max_tokens) }),
            when_full: WhenFull::Refuse,
            reason: Reason::BudgetExhausted,
            retry_after: None,
            counts: Counts::Served,
            model: None,
        })
    };
    [window(1, |t| t.daily_micros), window(30, |t| t.monthly_micros)].into_iter().flatten().collect()
}
