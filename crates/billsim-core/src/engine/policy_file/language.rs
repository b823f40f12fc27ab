//! A guard in the policy language (`engine/language.rs`): `count`, `limit` (or `tiers`),
//! `per`, `model`, `window`, `reset` (and `burst`), `admit` (and `estimate`), `whenFull`,
//! `reason`, `retryAfter`, `counts`. A field that does not go with the others is refused naming its path, what
//! it goes with, and what was given: nothing is dropped.

use super::json::{
    dollars, join, name, object, refused, text, view, whole, wrong, Fields, Json, AMOUNT_MAX, MODEL_ALLOWED,
};
use super::tiers_box::tiers_of_text;
use crate::engine::language::{
    default_reason, Admit, CountOf, Counts, Estimate, LimitOf, Per, Point, Reset, WhenFull, Window,
};
use crate::engine::refusal::{Reason, RetryAfter};
use crate::money::Micros;
use crate::settings::shown;
use crate::settings::FieldError;
use crate::time::Span;
use serde_json::value::RawValue;

/// Every field a guard of the language may have.
pub const FIELDS: [&str; 14] = [
    "count",
    "limit",
    "tiers",
    "per",
    "model",
    "window",
    "reset",
    "burst",
    "admit",
    "estimate",
    "whenFull",
    "reason",
    "retryAfter",
    "counts",
];
const GUARD_FIELDS: &str =
    "a guard: only the fields \"count\", \"limit\" or \"tiers\", \"per\", \"model\", \"window\", \"reset\", \
     \"burst\", \"admit\", \"estimate\", \"whenFull\", \"reason\", \"retryAfter\" and \"counts\" (or \"guard\" and a \
     kind's fields)";
const COUNT_ALLOWED: &str =
    "\"requests\", \"tokens\" (input plus output), \"inputTokens\", \"outputTokens\" or \"dollars\"";
const PER_ALLOWED: &str = "\"user\", \"key\", \"tenant\" or \"everyone\"";
const RESET_ALLOWED: &str = "\"rolling\", \"fixed\", \"steady\" or \"inFlight\" (requests: a call counts until it \
     finishes)";
/// The reset of a limit of calls at once.
const IN_FLIGHT: &str = "inFlight";
const WINDOW_WITH: &str = "given only with \"reset\": \"rolling\", \"fixed\" or \"steady\" (a call in flight counts \
     until it finishes)";
const IN_FLIGHT_COUNT: &str = "\"rolling\", \"fixed\" or \"steady\" with tokens or dollars (\"inFlight\" counts \
     requests: calls at once)";
const COUNTS_IN_FLIGHT: &str =
    "\"served\" with \"reset\": \"inFlight\" (a request a later guard refuses is never in flight)";
const ADMIT_ALLOWED: &str = "\"counted\", \"estimate\" or \"reserve\"";
pub const WINDOW_ALLOWED: &str = "a duration: a whole number from 1 and a unit, \"ms\", \"s\", \"m\", \"h\", \"d\", \
     \"w\" (calendar weeks, from Monday) or \"mo\" (calendar months), such as \"60s\", \"1m\", \"1h\", \"1d\", \"1w\" \
     or \"1mo\", at most 18,446,744,073,709,551,615 milliseconds, 4,294,967,295 weeks or 4,294,967,295 months";
const REQUESTS_ALLOWED: &str = "a whole number of requests from 1 to 4,294,967,295";
const STEADY_REQUESTS_ALLOWED: &str = "a whole number of requests from 0 to 4,294,967,295";
const TOKENS_ALLOWED: &str = "a whole number of tokens from 1 to 1,000,000,000,000";
const DOLLARS_ALLOWED: &str =
    "an amount in dollars from 0.000001 to 1,000,000,000, with at most 6 decimals (a number or a string)";
const ESTIMATE_FIELDS: &str = "an estimate: only the fields \"inputPercent\" and \"maxTokens\"";
const ESTIMATE_ALLOWED: &str = "an object with \"inputPercent\" and, if you like, \"maxTokens\"";
const PERCENT_ALLOWED: &str = "a whole number of percent from 0 to 1,000";
const MAX_TOKENS_ALLOWED: &str = "a whole number of tokens from 0 to 1,000,000,000";
const WHEN_FULL_ALLOWED: &str = "\"refuse\" or {\"degradeTo\": MODEL}";
const WHEN_FULL_FIELDS: &str = "{\"degradeTo\": MODEL} with no other field";
const RETRY_ALLOWED: &str = "\"exact\" or \"tutorial\"";
const COUNTS_ALLOWED: &str = "\"served\" or \"passed\"";
const COUNTS_WITH: &str = "given only with \"count\": \"requests\" (tokens and dollars are counted as a call \
     finishes, which a refused call never does)";
const REASON_ALLOWED: &str = "one of the refusals' names: \"rate_limited\", \"budget_used_up\", \"global_budget\", \
     \"user_daily_budget\", \"token_limit\", \"rate limit\", \"daily cost cap reached\", \"budget_exhausted\"";
const TIERS_ALLOWED: &str =
    "an object of amounts by cohort, such as {\"paying\": \"20\", \"free\": \"1\"}, or as text, \"paying: 20, free: 1\"";
const BURST_WITH: &str = "given only with \"reset\": \"steady\"";
const BURST_TIERS: &str = "given only with \"limit\" (with \"tiers\", each tenant's burst is its own tier's limit)";
const REASON_WITH: &str = "given only with \"whenFull\": \"refuse\" (a guard that degrades refuses no call)";
const TIERS_WITH: &str = "given only with \"per\": \"tenant\" (a limit per tenant's cohort)";
const LIMIT_OR_TIERS: &str = "given once, as \"limit\" or (per tenant) \"tiers\"";
const ESTIMATE_WITH: &str =
    "given only with \"admit\": \"estimate\" or \"reserve\" (a check-only guard estimates nothing)";
const ESTIMATE_COUNT: &str =
    "given only with \"count\": tokens (any of them) or \"dollars\" (a request is one request)";
const ADMIT_REQUESTS: &str =
    "\"counted\" for requests (a request counts once, as it is let in: there is nothing to estimate or hold)";
const RETRY_WITH: &str = "given only with \"reset\": \"rolling\" or \"steady\" (a fixed window says when it ends; \
     a server cannot know when calls in flight will finish)";
const MONTHS_WITH: &str = "a window in \"ms\", \"s\", \"m\", \"h\" or \"d\" with \"reset\": \"rolling\" or \"steady\" \
     (months are not all as long)";
const DEGRADE_WITH: &str = "\"refuse\" here: {\"degradeTo\": MODEL} goes with \"count\": \"dollars\", \"per\": \
     \"everyone\", \"reset\": \"fixed\" and \"admit\": \"counted\" (a spend ceiling that serves a cheaper model)";

/// A duration as gateways write them: `"60s"`, `"1m"`, `"1h"`, `"1d"`, `"1mo"`.
///
/// ```
/// # use billsim_core::engine::policy_duration as duration;
/// use billsim_core::engine::Window;
/// use billsim_core::time::Span;
/// assert_eq!(duration("1m"), Some(Window::Span(Span(60_000))));
/// assert_eq!(duration("1mo"), Some(Window::Months(1)));
/// assert_eq!(duration("1w"), Some(Window::Weeks(1)));
/// assert_eq!(duration("0s"), None);
/// assert_eq!(duration("1x"), None);
/// ```
pub fn duration(text: &str) -> Option<Window> {
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    let (n, unit) = text.split_at(digits);
    if n.is_empty() || n.len() > 20 {
        return None;
    }
    let n: u64 = n.parse().ok().filter(|&n| n >= 1)?;
    let ms = match unit {
        "mo" => return u32::try_from(n).ok().map(Window::Months),
        "w" => return u32::try_from(n).ok().map(Window::Weeks),
        "ms" => 1,
        "s" => 1_000,
        "m" => 60_000,
        "h" => 3_600_000,
        "d" => 86_400_000,
        _ => return None,
    };
    n.checked_mul(ms).map(|ms| Window::Span(Span(ms)))
}

/// A window written back: the largest unit that says it exactly.
pub fn written(window: Window) -> String {
    match window {
        Window::Months(n) => format!("{n}mo"),
        Window::Weeks(n) => format!("{n}w"),
        Window::Span(Span(ms)) => {
            let units = [(86_400_000, "d"), (3_600_000, "h"), (60_000, "m"), (1_000, "s")];
            units
                .iter()
                .find(|&&(u, _)| ms % u == 0 && ms > 0)
                .map_or_else(|| format!("{ms}ms"), |&(u, name)| format!("{}{name}", ms / u))
        }
    }
}

fn choice<T>(
    f: &Fields<'_>,
    key: &str,
    allowed: &'static str,
    parse: fn(&str) -> Option<T>,
) -> Result<Option<T>, FieldError> {
    f.get(key).map(|(raw, at)| parse(&text(raw, &at, allowed)?).ok_or_else(|| wrong(raw, &at, allowed))).transpose()
}

/// An amount in `count`'s unit: requests and tokens whole, dollars as micro-dollars.
fn amount(raw: &RawValue, at: &str, count: CountOf, steady: bool) -> Result<u64, FieldError> {
    match count {
        CountOf::Requests if steady => whole(raw, at, STEADY_REQUESTS_ALLOWED, 0, u64::from(u32::MAX)),
        CountOf::Requests => whole(raw, at, REQUESTS_ALLOWED, 1, u64::from(u32::MAX)),
        CountOf::Tokens | CountOf::InputTokens | CountOf::OutputTokens => {
            whole(raw, at, TOKENS_ALLOWED, 1, 1_000_000_000_000)
        }
        CountOf::Dollars => dollars(raw, at, DOLLARS_ALLOWED, Micros(1), AMOUNT_MAX).map(|m| m.0),
    }
}

/// What the other field said, for a refusal: `with "reset": "rolling"`.
fn with(key: &str, value: &str) -> String {
    format!("with \"{key}\": \"{value}\"")
}

pub fn guard(raw: &RawValue, path: &str) -> Result<Point, FieldError> {
    let f = Fields::new(object(raw, path, GUARD_FIELDS)?, path, GUARD_FIELDS, &FIELDS)?;
    let (raw_count, at) = f.need("count", COUNT_ALLOWED)?;
    let count = match text(raw_count, &at, COUNT_ALLOWED)?.as_str() {
        "requests" => CountOf::Requests,
        "tokens" => CountOf::Tokens,
        "inputTokens" => CountOf::InputTokens,
        "outputTokens" => CountOf::OutputTokens,
        "dollars" => CountOf::Dollars,
        _ => return Err(wrong(raw_count, &at, COUNT_ALLOWED)),
    };
    let per = choice(&f, "per", PER_ALLOWED, |t| match t {
        "user" => Some(Per::User),
        "key" => Some(Per::Key),
        "tenant" => Some(Per::Tenant),
        "everyone" => Some(Per::Everyone),
        _ => None,
    })?
    .unwrap_or(Per::User);
    let model = f.get("model").map(|(raw, at)| name(raw, &at, MODEL_ALLOWED)).transpose()?;
    let reset_name = f.get("reset").map(|(raw, at)| text(raw, &at, RESET_ALLOWED)).transpose()?;
    let reset_name = reset_name.as_deref().unwrap_or("fixed");
    if !["rolling", "fixed", "steady", IN_FLIGHT].contains(&reset_name) {
        let (raw, at) = f.need("reset", RESET_ALLOWED)?;
        return Err(wrong(raw, &at, RESET_ALLOWED));
    }
    let window = if reset_name == IN_FLIGHT {
        in_flight_alone(&f, count)?;
        // Unused: a call in flight counts until it finishes.
        Window::Span(Span(1))
    } else {
        let (raw, at) = f.need("window", WINDOW_ALLOWED)?;
        duration(&text(raw, &at, WINDOW_ALLOWED)?).ok_or_else(|| wrong(raw, &at, WINDOW_ALLOWED))?
    };
    let steady = reset_name == "steady";
    // A week that slides or refills is seven days: only a fixed one starts on a Monday.
    let window = match (window, reset_name) {
        (Window::Weeks(n), "rolling" | "steady") => {
            let (raw, at) = f.need("window", WINDOW_ALLOWED)?;
            let days = u64::from(n).checked_mul(7 * 86_400_000).ok_or_else(|| wrong(raw, &at, WINDOW_ALLOWED))?;
            Window::Span(Span(days))
        }
        (window, _) => window,
    };
    if let (Window::Months(_), true) = (window, reset_name != "fixed") {
        let (_, at) = f.need("window", WINDOW_ALLOWED)?;
        return Err(refused(&at, MONTHS_WITH, format!("{} {}", shown(&written(window)), with("reset", reset_name))));
    }
    let limit = match (f.get("limit"), f.get("tiers")) {
        (Some(_), Some(_)) => return Err(refused(&join(path, "tiers"), LIMIT_OR_TIERS, "both".into())),
        (None, Some((raw, at))) if per != Per::Tenant => {
            return Err(refused(&at, TIERS_WITH, format!("{} {}", super::json::got(raw), with("per", per.name()))))
        }
        (None, Some((raw, at))) => LimitOf::Tiers(tiers(raw, &at, count, steady)?),
        (Some((raw, at)), None) => LimitOf::Amount(amount(raw, &at, count, steady)?),
        (None, None) if per == Per::Tenant => {
            return Err(refused(&join(path, "limit"), LIMIT_OR_TIERS, "neither".into()));
        }
        (None, None) => {
            let allowed = match count {
                CountOf::Requests => REQUESTS_ALLOWED,
                CountOf::Tokens | CountOf::InputTokens | CountOf::OutputTokens => TOKENS_ALLOWED,
                CountOf::Dollars => DOLLARS_ALLOWED,
            };
            return Err(refused(&join(path, "limit"), allowed, "nothing".into()));
        }
    };
    let reset = match (reset_name, f.get("burst")) {
        ("steady", None) => Reset::Steady { burst: first_amount(&limit) },
        ("steady", Some((raw, at))) if matches!(limit, LimitOf::Tiers(_)) => {
            return Err(refused(&at, BURST_TIERS, format!("{} with \"tiers\"", super::json::got(raw))))
        }
        ("steady", Some((raw, at))) => Reset::Steady { burst: amount(raw, &at, count, false)? },
        (other, Some((raw, at))) => {
            return Err(refused(&at, BURST_WITH, format!("{} {}", super::json::got(raw), with("reset", other))))
        }
        ("rolling", None) => Reset::Rolling,
        (IN_FLIGHT, None) => Reset::InFlight,
        _ => Reset::Fixed,
    };
    let admit_name = f.get("admit").map(|(raw, at)| text(raw, &at, ADMIT_ALLOWED)).transpose()?;
    let admit_name = admit_name.as_deref().unwrap_or("counted");
    let estimate = match f.get("estimate") {
        None => Estimate { input_percent: 100, max_tokens: None },
        Some((raw, at)) if admit_name == "counted" => {
            return Err(refused(&at, ESTIMATE_WITH, format!("{} {}", super::json::got(raw), with("admit", "counted"))))
        }
        Some((raw, at)) if count == CountOf::Requests => {
            return Err(refused(
                &at,
                ESTIMATE_COUNT,
                format!("{} {}", super::json::got(raw), with("count", "requests")),
            ))
        }
        Some((raw, at)) => estimate(raw, &at)?,
    };
    let admit = match admit_name {
        "counted" => Admit::Counted,
        "estimate" => Admit::Estimate(estimate),
        "reserve" => Admit::Reserve(estimate),
        _ => {
            let (raw, at) = f.need("admit", ADMIT_ALLOWED)?;
            return Err(wrong(raw, &at, ADMIT_ALLOWED));
        }
    };
    // Requests admitted any other way were counted the same: the choice would change nothing.
    if count == CountOf::Requests && admit != Admit::Counted {
        let (raw, at) = f.need("admit", ADMIT_ALLOWED)?;
        return Err(refused(&at, ADMIT_REQUESTS, format!("{} {}", super::json::got(raw), with("count", "requests"))));
    }
    let when_full = match f.get("whenFull") {
        None => WhenFull::Refuse,
        Some((raw, at)) => when_full(raw, &at)?,
    };
    if let WhenFull::DegradeTo(_) = when_full {
        let ceiling = count == CountOf::Dollars && per == Per::Everyone && reset == Reset::Fixed;
        if !(ceiling && admit == Admit::Counted && matches!(window, Window::Span(_))) {
            let (raw, at) = f.need("whenFull", WHEN_FULL_ALLOWED)?;
            let got = format!("{} for a guard of {} per {}", super::json::got(raw), count.name(), per.name());
            return Err(refused(&at, DEGRADE_WITH, got));
        }
    }
    let reason = match (f.get("reason"), &when_full) {
        (None, _) => default_reason(count, per, window, admit),
        (Some((raw, at)), WhenFull::DegradeTo(model)) => {
            let got = format!("{} with \"whenFull\": {{\"degradeTo\": {}}}", super::json::got(raw), shown(model));
            return Err(refused(&at, REASON_WITH, got));
        }
        (Some((raw, at)), WhenFull::Refuse) => {
            let said = text(raw, &at, REASON_ALLOWED)?;
            Reason::ALL
                .into_iter()
                .find(|&r| r.name() == said && r != Reason::LedgerUnavailable)
                .ok_or_else(|| wrong(raw, &at, REASON_ALLOWED))?
        }
    };
    let retry_after = match f.get("retryAfter") {
        None => None,
        Some((raw, at)) if matches!(reset, Reset::Fixed | Reset::InFlight) => {
            return Err(refused(&at, RETRY_WITH, format!("{} {}", super::json::got(raw), with("reset", reset_name))))
        }
        Some((raw, at)) => Some(match text(raw, &at, RETRY_ALLOWED)?.as_str() {
            "exact" => RetryAfter::Exact,
            "tutorial" => RetryAfter::Tutorial,
            _ => return Err(wrong(raw, &at, RETRY_ALLOWED)),
        }),
    };
    let counts = match f.get("counts") {
        None => Counts::Served,
        Some((raw, at)) if count != CountOf::Requests => {
            let got = format!("{} {}", super::json::got(raw), with("count", count.name()));
            return Err(refused(&at, COUNTS_WITH, got));
        }
        Some((raw, at)) => match text(raw, &at, COUNTS_ALLOWED)?.as_str() {
            "served" => Counts::Served,
            // A request a later guard refuses is never in flight.
            "passed" if reset == Reset::InFlight => {
                let got = format!("{} {}", super::json::got(raw), with("reset", IN_FLIGHT));
                return Err(refused(&at, COUNTS_IN_FLIGHT, got));
            }
            "passed" => Counts::Passed,
            _ => return Err(wrong(raw, &at, COUNTS_ALLOWED)),
        },
    };
    Ok(Point { count, limit, per, window, reset, admit, when_full, reason, retry_after, counts, model })
}

/// A guard `"reset": "inFlight"` counts requests and has no window.
fn in_flight_alone(f: &Fields<'_>, count: CountOf) -> Result<(), FieldError> {
    if let Some((raw, at)) = f.get("window") {
        return Err(refused(&at, WINDOW_WITH, format!("{} {}", super::json::got(raw), with("reset", IN_FLIGHT))));
    }
    if count != CountOf::Requests {
        let (_, at) = f.need("reset", RESET_ALLOWED)?;
        return Err(refused(&at, IN_FLIGHT_COUNT, format!("{} {}", shown(IN_FLIGHT), with("count", count.name()))));
    }
    Ok(())
}

fn first_amount(limit: &LimitOf) -> u64 {
    match limit {
        LimitOf::Amount(a) => *a,
        LimitOf::Tiers(t) => t.first().map_or(0, |(_, a)| *a),
    }
}

fn tiers(raw: &RawValue, path: &str, count: CountOf, steady: bool) -> Result<Vec<(String, u64)>, FieldError> {
    // The object, or the same as one line of text (the replay page's box).
    let typed = match view(raw) {
        Json::Text(text) => Some(tiers_of_text(&text).map_err(|e| e.on(path))?),
        _ => None,
    };
    let entries = match &typed {
        Some(typed) => typed.iter().map(|(cohort, limit)| (cohort.clone(), &**limit)).collect(),
        None => object(raw, path, TIERS_ALLOWED)?,
    };
    match entries.len() {
        0 => return Err(refused(path, TIERS_ALLOWED, "no cohort".into())),
        n if n > 100 => return Err(refused(path, "at most 100 cohorts", format!("{n}"))),
        _ => {}
    }
    let mut tiers: Vec<(String, u64)> = Vec::with_capacity(entries.len());
    for (cohort, raw) in entries {
        let at = join(path, &cohort);
        if cohort.is_empty() || cohort.chars().count() > 80 || cohort.chars().any(char::is_control) {
            return Err(refused(path, "cohorts' names of 1 to 80 characters, no control characters", shown(&cohort)));
        }
        if tiers.iter().any(|(c, _)| *c == cohort) {
            return Err(refused(&at, "given once", "a second time".into()));
        }
        let a = amount(raw, &at, count, steady)?;
        tiers.push((cohort, a));
    }
    Ok(tiers)
}

fn estimate(raw: &RawValue, path: &str) -> Result<Estimate, FieldError> {
    let f = Fields::new(object(raw, path, ESTIMATE_ALLOWED)?, path, ESTIMATE_FIELDS, &["inputPercent", "maxTokens"])?;
    // At most 1000, so it fits.
    let input_percent =
        f.get("inputPercent").map(|(raw, at)| whole(raw, &at, PERCENT_ALLOWED, 0, 1000)).transpose()?.unwrap_or(100)
            as u32;
    let max_tokens =
        f.get("maxTokens").map(|(raw, at)| whole(raw, &at, MAX_TOKENS_ALLOWED, 0, 1_000_000_000)).transpose()?;
    Ok(Estimate { input_percent, max_tokens })
}

fn when_full(raw: &RawValue, path: &str) -> Result<WhenFull, FieldError> {
    match super::json::view(raw) {
        super::json::Json::Text(t) if t == "refuse" => Ok(WhenFull::Refuse),
        super::json::Json::Object(entries) => {
            let f = Fields::new(entries, path, WHEN_FULL_FIELDS, &["degradeTo"])?;
            let (raw, at) = f.need("degradeTo", MODEL_ALLOWED)?;
            Ok(WhenFull::DegradeTo(name(raw, &at, MODEL_ALLOWED)?))
        }
        _ => Err(wrong(raw, path, WHEN_FULL_ALLOWED)),
    }
}
