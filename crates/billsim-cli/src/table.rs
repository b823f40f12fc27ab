//! Readable tables for a person at a terminal.

use billsim_core::many_days::{Extreme, ManyDays};
use billsim_core::money::percent;
use billsim_core::toy_day::UserKind;
use billsim_core::{DayResult, Policy};
use std::fmt::Write;

pub fn day(day: &DayResult) -> String {
    let (calls, heavy) = day.calls();
    let mut out = format!(
        "Day {}: {} calls, the heavy user {} ({}%)\n",
        day.seed,
        calls,
        heavy,
        percent(heavy, calls).unwrap_or(0)
    );
    for o in &day.policies {
        let _ = writeln!(out, "\n{}  bill {}", o.policy.label(&day.settings), o.bill.dollars(2));
        let _ = writeln!(out, "  {:<10} {:>5} {:>6} {:>7} {:>9} {:>6}", "user", "calls", "served", "refused", "charged", "share");
        for (i, (u, r)) in day.users.iter().zip(&o.per_user).enumerate() {
            let who = match u.kind {
                UserKind::Heavy => "heavy".to_string(),
                UserKind::Ordinary => format!("ordinary {i}"),
            };
            let share = percent(r.charged.0, o.bill.0).map_or("-".into(), |p| format!("{p}%"));
            let _ = writeln!(out, "  {who:<10} {:>5} {:>6} {:>7} {:>9} {share:>6}", u.calls, r.served, r.refused, r.charged.dollars(4));
        }
    }
    let _ = writeln!(out);
    for p in Policy::ALL {
        let _ = writeln!(out, "{}", day.summary(p));
    }
    out + "\n"
}

pub fn many_days(d: &ManyDays) -> String {
    let f = &d.failures;
    let last = u64::from(d.from) + u64::from(d.count) - 1;
    let mut out = format!("Days {} to {last} ({} days): days on which a claim fails\n", d.from, d.count);
    let rows = [
        ("no limit: heavy user under 90% of the bill", f.heavy_under_90_percent_with_no_limit),
        ("daily budget: heavy user over 35% of the bill", f.heavy_over_35_percent_with_budget),
        ("request limit refused an ordinary call", f.ordinary_refused_by_request_limit),
        ("daily budget refused an ordinary call", f.ordinary_refused_by_budget),
        ("a budget from $0.15 to $0.50 refused an ordinary call", f.ordinary_refused_by_a_budget_from_15_to_50_cents),
    ];
    for (what, n) in rows {
        let _ = writeln!(out, "  {what:<55} {n:>7}");
    }
    let x = &d.extremes;
    let tenths = |e: Option<Extreme>| e.map_or("-".into(), |e| format!("{}.{}% (day {})", e.value / 10, e.value % 10, e.seed));
    let count = |e: Option<Extreme>| e.map_or("-".into(), |e| format!("{} (day {})", e.value, e.seed));
    let _ = writeln!(out, "Extremes");
    let _ = writeln!(out, "  lowest heavy share, no limit        {}", tenths(x.lowest_heavy_permille_no_limit));
    let _ = writeln!(out, "  highest heavy share, daily budget   {}", tenths(x.highest_heavy_permille_budget));
    let _ = writeln!(out, "  most ordinary calls refused, no limit       {}", count(x.most_ordinary_refused_no_limit));
    let _ = writeln!(out, "  most ordinary calls refused, request limit  {}", count(x.most_ordinary_refused_request_limit));
    let _ = writeln!(out, "  most ordinary calls refused, daily budget   {}", count(x.most_ordinary_refused_budget));
    out
}
