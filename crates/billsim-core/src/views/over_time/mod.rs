//! The "over time" view of a scenario run: each policy's cumulative spend over the
//! scenario's time (from the engine's timeline), a dashed line where a budget or a spend
//! ceiling is, a mark where a ceiling was reached, the axes' round moments and amounts, one
//! sentence per policy and a small table. Every word and amount a reader sees is here; the
//! chart only draws it.
//!
//! The timeline counts spend in equal steps, so a moment written here is rounded to the
//! scale's unit in the direction that keeps its sentence true: "between 06:04 and 23:09"
//! rounds the first moment down and the last up.

mod axis;
mod limit;
mod view;
mod window;
pub mod zoom;

use axis::TIME_TICKS;
pub use axis::{day_of, money_ticks, tens_ticks, Round, Scale, Tick, TENS_NOTE};
pub use limit::{ledger_limit, limit_of, reference, Limit, LimitKind};
pub use view::{Line, Mark, Moment, OverTime, Passing};

use crate::engine::tally;
use crate::engine::{Guard, Nanos, Outcome};
use crate::money::{Micros, Overflow};
use crate::scenario::ScenarioRun;
use crate::settings::{FieldError, Invalid};
use crate::time::Instant;
use crate::views::table::Table;
use crate::words::counted;

/// Most steps of the money axis.
const MONEY_TICKS: u64 = 5;
/// Most rows of the table besides the last.
const TABLE_ROWS: u64 = 6;
/// A limit line higher than this many times the highest spend is named, not drawn: drawn,
/// it would flatten every spend line to the bottom of the chart.
const LIMIT_ROOM: u64 = 3;
/// A line this many times higher than the lowest would press it into the bottom fifth of
/// the chart: it goes off the top instead.
const FLATTENED: u64 = 5;

/// The over-time view of `run`. `policies` are the policies it ran, in its order, when
/// they were not the scenario's own (`None`): their guards give the limit lines, and a
/// policy of the scenario's own gets its reader's label, any other its name.
///
/// ```
/// use billsim_core::engine::Record;
/// use billsim_core::views::over_time::over_time;
/// use billsim_core::scenario::registry::find;
/// use billsim_core::scenario::{run, Values};
/// let toy = find("toyDay").unwrap();
/// let day = run(toy, 0, &Values::defaults(toy), None, Record::default()).unwrap();
/// let view = over_time(&day).unwrap();
/// assert_eq!(view.lines[2].label, "Daily cost budget $0.25");
/// assert_eq!(view.limits[0].label, "10 users × $0.25 per day");
/// assert!(view.lines[2].sentence.starts_with("Daily cost budget $0.25: spend climbs to $0.91 between 06:04 and "));
/// ```
pub fn over_time(run: &ScenarioRun) -> Result<OverTime, FieldError> {
    let timeline = run.policies.first().map(|o| o.timeline.clone()).unwrap_or_default();
    let step = timeline.step_ms.max(1);
    let steps = timeline.spent.len() as u64;
    let moments: Vec<u64> = (0..=steps).map(|k| timeline.start.0.saturating_add(k.saturating_mul(step))).collect();
    let from_ms = moments[0];
    let scale = Scale::for_span(Instant(from_ms), Instant(moments[moments.len() - 1]));

    let users = run.users.iter().filter(|u| u.calls > 0).count() as u64;
    let tenants = run
        .about
        .tenant_cohorts
        .clone()
        .unwrap_or_else(|| tally(run.users.iter().filter(|u| u.calls > 0).map(|u| u.cohort.as_str())));
    let tenants: Vec<(&str, u64)> = tenants.iter().map(|(c, n)| (c.as_str(), *n)).collect();
    // A replayed log's tenants are its teams, as its guards per tenant say them.
    let tenant_words = if run.about.callers.tenants.is_some() { ("team", "teams") } else { ("tenant", "tenants") };
    let mut limits: Vec<Limit> = Vec::new();
    for (i, policy) in run.ran.iter().enumerate() {
        for guard in &policy.guards {
            let line = match guard {
                Guard::TenantLedger { tiers, .. } => ledger_limit(tiers, &tenants, tenant_words, &moments),
                _ => limit_of(guard, users, run.about.callers, &tenants, &moments),
            };
            let Some(mut new) = line.map_err(overflow)? else { continue };
            match limits.iter_mut().find(|l| (l.kind, &l.label, &l.points) == (new.kind, &new.label, &new.points)) {
                Some(same) => same.policies.push(i),
                None => {
                    new.policies.push(i);
                    limits.push(new);
                }
            }
        }
    }
    if let Some((label, amount)) = run.about.reference {
        limits.push(limit::reference(label, amount, &moments, run.policies.len()).map_err(overflow)?);
    }

    let calls: u64 = run.users.iter().map(|u| u64::from(u.calls)).sum();
    let words = run.about.trip_words();
    let lines = run
        .policies
        .iter()
        .enumerate()
        .map(|(i, o)| {
            let points = line_points(o, &moments);
            let trip = o.tripped.map(|t| {
                let k = (t.at.0.saturating_sub(from_ms) / step + 1).min(steps) as usize;
                Mark {
                    at_ms: t.at.0,
                    spent_nanos: on_line(&points, k, t.at.0),
                    label: format!("{} {}", words.mark, scale.moment(t.at.0, Round::Down)),
                    lines: Vec::new(),
                }
            });
            let served: u64 = o.per_user.iter().map(|u| u64::from(u.served)).sum();
            let refused: u64 = o.per_user.iter().map(|u| u64::from(u.refused)).sum();
            Drawn {
                policy: o.policy.clone(),
                label: run.labels.get(i).cloned().unwrap_or_else(|| o.policy.clone()),
                bill: o.bill,
                calls: (calls, served, refused),
                points,
                trip,
                trip_sentence: words.sentence.to_string(),
            }
        })
        .collect();
    let when = |at: Instant| scale.moment(at.0, Round::Down);
    let start = run.about.start.map(|(words, at)| Moment {
        at_ms: at.0,
        until_ms: None,
        label: format!("{} {}", words.mark, when(at)),
        sentence: format!("{} {}.", words.sentence, when(at)),
    });
    let outage = run.about.outage.map(|(words, from, to)| Moment {
        at_ms: from.0,
        until_ms: Some(to.0),
        label: words.mark.to_string(),
        sentence: format!("{} from {} to {}.", words.sentence, when(from), when(to)),
    });
    let marked = start.into_iter().chain(outage).collect();
    Ok(window::cut_to_the_moves(placed(title(run), scale, &moments, lines, limits, marked, false)))
}

fn overflow(_: Overflow) -> FieldError {
    Invalid { allowed: "amounts small enough to count", got: "more".into() }.on("policies")
}

/// A policy's line before it is placed on the view's scale.
pub(crate) struct Drawn {
    pub policy: String,
    pub label: String,
    /// The line's last value, as its legend says it.
    pub bill: Nanos,
    /// Calls the traffic makes, served and refused under the policy (for a line that spends nothing).
    pub calls: (u64, u64, u64),
    pub points: Vec<[u64; 2]>,
    pub trip: Option<Mark>,
    /// What the sentence says before the trip's moment: "the spend ceiling is reached at".
    pub trip_sentence: String,
}

/// The view of `lines` over `moments` with `limits` and the moments `marked` on the time
/// axis: the money axis (the highest lines off its top where they would flatten the
/// others), the sentences, the events and the table.
pub(crate) fn placed(
    title: String,
    scale: Scale,
    moments: &[u64],
    lines: Vec<Drawn>,
    mut limits: Vec<Limit>,
    marked: Vec<Moment>,
    log_money: bool,
) -> OverTime {
    let (from_ms, to_ms) = (moments[0], moments[moments.len() - 1]);
    // Where the highest lines would press the lowest into the bottom fifth, the scale is
    // the highest that leaves every line on it above that fifth, and the higher ones go off
    // its top, their bills written there (lesson 003's no limit, $23.05, would leave its
    // capped lines, $2.00 to $4.09, at the bottom of the chart).
    let mut bills: Vec<u64> = lines.iter().map(|l| l.bill.0).collect();
    bills.sort_unstable(); // highest first, below: a plain sort is the one the module already holds
    bills.reverse();
    bills.dedup();
    let highest = bills.first().copied().unwrap_or(0);
    let lowest = bills.iter().rev().find(|&&b| b > 0).copied().unwrap_or(0);
    let shown = bills.iter().find(|&&b| b <= lowest.saturating_mul(FLATTENED)).copied().unwrap_or(highest);
    for l in &mut limits {
        l.above = shown > 0 && l.max() > shown.saturating_mul(LIMIT_ROOM);
    }
    let top = limits.iter().filter(|l| !l.above).map(Limit::max).fold(shown, u64::max);
    let ticks = match log_money {
        false => money_ticks(Nanos(top), MONEY_TICKS),
        // Every line and limit on the scale, none off its top.
        true => {
            let all = limits.iter().map(Limit::max).fold(highest, u64::max);
            limits.iter_mut().for_each(|l| l.above = false);
            tens_ticks(Nanos(all))
        }
    };
    let axis_top = ticks.last().map_or(top, |t| t.at);

    // A line the same as an earlier one is drawn over it, so the chart shows one line for
    // two names (lesson 000's request limit never touches the heavy user): its sentence
    // says so.
    let under: Vec<Option<String>> = (0..lines.len())
        .map(|i| {
            // (A run made without its timeline has flat points for every line, and no line drawn.)
            let drawn = lines[i].points.iter().any(|p| p[1] > 0);
            let same = |j: &usize| drawn && lines[*j].points == lines[i].points;
            (0..i).find(same).map(|j| lines[j].label.clone())
        })
        .collect();
    let lines = lines
        .into_iter()
        .enumerate()
        .map(|(i, d)| {
            let mine: Vec<&Limit> = limits.iter().filter(|l| l.policies.contains(&i)).collect();
            // The bill as the legend, the mark off the scale and the sentence all write it.
            let spent = spent_text(d.bill, &mine);
            let mut sentence = sentence(&d, &spent, &mine, scale);
            if let Some(earlier) = &under[i] {
                sentence.pop();
                sentence.push_str(&format!(", the same line as {earlier}, drawn over it."));
            }
            let off_scale = d.points.iter().find(|p| p[1] > axis_top).map(|p| Mark {
                at_ms: p[0],
                spent_nanos: axis_top,
                // Short: the chart writes it by the line's marker, and a row of them along the
                // top edge (lesson 001's demo day has four) leaves the lines under it clear.
                label: format!("\u{2191} {spent} by the end"),
                lines: Vec::new(),
            });
            let Drawn { policy, label, points, trip, .. } = d;
            let trip = trip.filter(|t| t.spent_nanos <= axis_top);
            Line { policy, label, bill: spent, points, trip, off_scale, sentence }
        })
        .collect::<Vec<_>>();

    let table = table(&lines, moments, scale);
    let mut events = events(&lines);
    let passing = passing(&lines, &limits, scale).map(|(mark, limit)| {
        events.push(mark);
        Passing { event: events.len() - 1, limit }
    });
    OverTime {
        title,
        scale,
        from_ms,
        to_ms,
        time_ticks: scale.ticks(from_ms, to_ms, TIME_TICKS),
        money_ticks: ticks,
        log_money,
        lines,
        limits,
        events,
        passing,
        moments: marked,
        window: None,
        sentences: Vec::new(),
        table,
    }
    .in_words()
}

/// The lines' trips, one mark per moment (as written), saying how many policies reached
/// their ceilings then when more than one did.
fn events(lines: &[Line]) -> Vec<Mark> {
    let trips: Vec<(usize, &Mark)> =
        lines.iter().enumerate().filter_map(|(i, l)| Some((i, l.trip.as_ref()?))).collect();
    let mut events: Vec<Mark> = Vec::new();
    for (k, (_, t)) in trips.iter().enumerate() {
        if trips[..k].iter().any(|(_, e)| e.label == t.label) {
            continue;
        }
        let same: Vec<usize> = trips.iter().filter(|(_, e)| e.label == t.label).map(|&(i, _)| i).collect();
        let label = match same.len() {
            1 => t.label.clone(),
            n => format!("{} ({n} policies)", t.label),
        };
        events.push(Mark { label, lines: same, ..(*t).clone() });
    }
    events
}

/// Where the highest reference line no policy enforces (lesson 002's product's monthly
/// budget, not the runaway day's tenant's budget under it) is first passed, a mark on it
/// that names the line, so the chart writes it in the line's place: "product's monthly
/// budget $1,000.00 passed by 11:36", saying how many policies passed it then when more
/// than one did, and the line's index in `limits`. The lines' sentences say the same moment.
fn passing(lines: &[Line], limits: &[Limit], scale: Scale) -> Option<(Mark, usize)> {
    let reference = limits.iter().enumerate().filter(|(_, l)| l.kind == LimitKind::Reference && !l.above);
    let (index, limit) = reference.max_by_key(|(_, l)| l.max())?;
    let passed = |line: &Line| {
        let value = |k: usize| limit.points.get(k).map_or(u64::MAX, |p| p[1]);
        (1..line.points.len()).find(|&k| line.points[k][1] > value(k)).map(|k| (k, line.points[k][0]))
    };
    let passes: Vec<(usize, u64)> = lines.iter().filter_map(passed).collect();
    let (first, at_ms) = passes.iter().copied().min()?;
    let moment = scale.moment(at_ms, Round::Up);
    let label = match passes.iter().filter(|p| p.0 == first).count() {
        1 => format!("{} passed by {moment}", limit.chart_label),
        n => format!("{} passed by {moment} ({n} policies)", limit.chart_label),
    };
    Some((Mark { at_ms, spent_nanos: limit.points[first][1], label, lines: Vec::new() }, index))
}

fn title(run: &ScenarioRun) -> String {
    match (run.about.over, run.about.label) {
        (Some(over), _) => format!("Spend so far under each policy over {over} {}", run.seed),
        (None, Some(label)) => format!("Spend so far under each policy over time: {label}"),
        (None, None) => "Spend so far under each policy over time".into(),
    }
}

/// The spend settled before each moment: nothing at the first, then the timeline's steps.
fn line_points(o: &Outcome, moments: &[u64]) -> Vec<[u64; 2]> {
    let mut last = 0;
    moments
        .iter()
        .enumerate()
        .map(|(k, &at)| {
            if k > 0 {
                last = o.timeline.spent.get(k - 1).map_or(last, |s| s.0);
            }
            [at, last]
        })
        .collect()
}

/// The line of `points` at moment `at`, which is after its point `k - 1` and by its point
/// `k`: where a mark at `at` sits on the line as the chart draws it, straight between its
/// points. At point `k`'s value, a mark stood above the line it marks (lesson 001's cap
/// reached at 08:02 at the height the lines reach at 08:03).
pub(crate) fn on_line(points: &[[u64; 2]], k: usize, at: u64) -> u64 {
    let [x1, y1] = points[k];
    let Some(&[x0, y0]) = k.checked_sub(1).and_then(|j| points.get(j)) else { return y1 };
    if at >= x1 || x1 <= x0 {
        return y1;
    }
    let rise = u128::from(y1.saturating_sub(y0)) * u128::from(at.saturating_sub(x0)) / u128::from(x1 - x0);
    y0.saturating_add(u64::try_from(rise).unwrap_or(u64::MAX))
}

/// An amount spent, to the cent, or to the micro-dollar where cents would write it as one of
/// the flat limit lines of `limits` (two lines both at "$1.00", one past the $1.00 ceiling,
/// one within it); one too small for a micro-dollar still reads as something.
fn spent_text(n: Nanos, limits: &[&Limit]) -> String {
    let caps: Vec<Micros> = limits.iter().filter_map(|l| l.flat()).map(|v| Nanos(v).micros()).collect();
    match n.micros() {
        Micros::ZERO if n.0 > 0 => "under $0.000001".into(),
        m => m.cents_beside(&caps),
    }
}

/// One policy's line in words: what it spent (`bill`, as [`spent_text`] writes it) and
/// when, against its limits, and when its ceiling was reached.
fn sentence(d: &Drawn, bill: &str, limits: &[&Limit], scale: Scale) -> String {
    let (label, points) = (d.label.as_str(), &d.points);
    let (calls, served, refused) = d.calls;
    if d.bill == Nanos::ZERO {
        let why = match (calls, served) {
            (0, _) => "no call is made, so nothing is spent".to_string(),
            (1, 0) => "the one call is refused, so nothing is spent".to_string(),
            (n, 0) if refused == n => format!("all {n} calls are refused, so nothing is spent"),
            (_, 0) => "no call is served, so nothing is spent".to_string(),
            (_, 1) => "nothing is spent: the one call served costs nothing".to_string(),
            (_, n) => format!("nothing is spent: the {n} calls served cost nothing"),
        };
        return format!("{label}: {why}.");
    }
    // Point k holds the spend settled before it, so a rise at k happened in the step before.
    let rises: Vec<usize> = (1..points.len()).filter(|&k| points[k][1] > points[k - 1][1]).collect();
    // A run made without its timeline (`Record::COUNTS`) has its bill and no points.
    let (Some(&first), Some(&last)) = (rises.first(), rises.last()) else {
        return format!("{label}: spend comes to {bill}.");
    };
    let (a, b) = (points[first - 1][0], points[last][0]);
    let mut text = if first == last && scale.round(a, Round::Down) == scale.round(b - 1, Round::Down) {
        format!("{label}: spend jumps to {bill} at {}", scale.moment(a, Round::Down))
    } else {
        let verb = if first == last { "jumps" } else { "climbs" };
        format!(
            "{label}: spend {verb} to {bill} between {} and {}",
            scale.moment(a, Round::Down),
            scale.moment(b, Round::Up)
        )
    };
    // A budget line sums every caller's budget, so spend within it says nothing of one
    // caller stopped at theirs; the calls refused say that.
    let mut within_budget = false;
    for limit in limits {
        match (1..points.len()).find(|&k| points[k][1] > limit.points.get(k).map_or(u64::MAX, |p| p[1])) {
            None => {
                within_budget |= limit.kind == LimitKind::Budget;
                text.push_str(&format!(", within {}", limit.words()))
            }
            Some(_) if first == last => text.push_str(&format!(", past {}", limit.words())),
            Some(k) => text.push_str(&format!(", past {} by {}", limit.words(), scale.moment(points[k][0], Round::Up))),
        }
    }
    if within_budget && refused > 0 {
        // Said as why, or the line read as never reached (a trial read "within the $15.25
        // budget line" as no call refused).
        let why = if refused == 1 {
            "its caller had used up their own budget"
        } else {
            "their callers had used up their own budgets"
        };
        text.push_str(&format!("; {} refused as {why}", counted(refused, "call", "calls")));
    }
    if let Some(t) = &d.trip {
        text.push_str(&format!("; {} {}", d.trip_sentence, scale.moment(t.at_ms, Round::Down)));
    }
    text.push('.');
    text
}

/// The spend under each policy at a handful of moments near the axis's round moments, and
/// at its end.
fn table(lines: &[Line], moments: &[u64], scale: Scale) -> Table {
    let (from, to) = (moments[0], moments[moments.len() - 1]);
    let step = moments.get(1).map_or(1, |m| m - from).max(1);
    let last = moments.len() - 1;
    let mut rows: Vec<usize> = scale
        .ticks(from, to, TABLE_ROWS)
        .iter()
        .map(|t| (((t.at - from) + step / 2) / step) as usize)
        .filter(|&k| k > 0 && k < last)
        .collect();
    rows.push(last);
    rows.dedup();
    let mut columns = vec!["Time".to_string()];
    columns.extend(lines.iter().map(|l| l.label.clone()));
    // Each policy's column to one number of decimals, which tells its rows apart; a spend
    // under a micro-dollar that is not nothing is said as the sentences say it.
    let spent = |l: &Line, k: usize| Nanos(l.points.get(k).map_or(0, |p| p[1]));
    let amounts: Vec<Vec<String>> =
        lines.iter().map(|l| Micros::column(&rows.iter().map(|&k| spent(l, k).micros()).collect::<Vec<_>>())).collect();
    let mut written: Vec<Vec<String>> = Vec::with_capacity(rows.len());
    for (r, &k) in rows.iter().enumerate() {
        let mut row = vec![scale.moment(moments[k], Round::Nearest)];
        row.extend(lines.iter().zip(&amounts).map(|(l, column)| match spent(l, k) {
            n if n.0 > 0 && n.micros() == Micros::ZERO => spent_text(n, &[]),
            _ => column[r].clone(),
        }));
        // A round moment less than half a unit before the end is written as the end is:
        // the end's row, with the bills, stands for both.
        if written.last().is_some_and(|before| before[0] == row[0]) {
            written.pop();
        }
        written.push(row);
    }
    Table {
        caption: format!("Spend so far under each policy, at moments to the nearest {}.", scale.unit_words()),
        columns,
        rows: written,
    }
}

#[cfg(test)]
mod tests;
