//! A zoom of the over-time view into part of a run: some users' spend between two moments,
//! on a scale of its own, from the run's events (so the run must hold them). Lesson 002's
//! runaway day is its zoom: 09:00 to 14:00 of the day one tenant runs away, where a month's
//! scale shows only a vertical jump.

use super::{overflow, placed, Drawn, Limit, Mark, OverTime, Round, Scale};
use crate::engine::{timeline_step, Nanos};
use crate::money::Overflow;
use crate::scenario::ScenarioRun;
use crate::settings::FieldError;
use crate::time::Instant;

/// What a zoom shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Zoom {
    pub title: String,
    pub from: Instant,
    pub to: Instant,
    /// Spend is counted from here (the start of the window a budget counts), at or before `from`.
    pub since: Instant,
    /// Whose spend: user numbers.
    pub users: Vec<u32>,
    /// Lines to compare the spend with, over the zoom's moments ([`super::reference`]).
    pub limits: Vec<Limit>,
    /// Money on a scale of tens ([`OverTime::log_money`]).
    pub log_money: bool,
    /// The first call of these users refused in the zoom, as its mark and its line's
    /// sentence say it before its moment ("umbrella first refused at").
    pub refused_mark: String,
    pub refused_sentence: String,
}

/// The moments of `zoom`: round steps from its start to its end.
pub fn moments(zoom: &Zoom) -> Vec<u64> {
    let step = timeline_step(zoom.from, zoom.to).max(1);
    let steps = zoom.to.0.saturating_sub(zoom.from.0).div_ceil(step);
    (0..=steps).map(|k| zoom.from.0.saturating_add(k * step).min(zoom.to.0)).collect()
}

/// The over-time view of `run` zoomed to `zoom` (its limits over [`moments`]). Each line is
/// the spend on the calls `zoom.users` started from `zoom.since` up to each moment.
pub fn zoomed(run: &ScenarioRun, zoom: &Zoom, scale: Scale) -> Result<OverTime, FieldError> {
    let moments = moments(zoom);
    let step = moments.get(1).map_or(1, |m| m - moments[0]).max(1);
    let last = moments.len() - 1;
    let ours = |user: u32| zoom.users.contains(&user);
    let lines = run
        .policies
        .iter()
        .enumerate()
        .map(|(i, o)| {
            // What was spent in each step, and before the first.
            let (mut before, mut spent) = (0u64, vec![0u64; last]);
            let (mut calls, mut served, mut refused) = (0u64, 0u64, 0u64);
            let mut first_refused: Option<Instant> = None;
            for e in o.events.iter().flatten().filter(|e| ours(e.user) && zoom.since <= e.at && e.at < zoom.to) {
                if e.at < zoom.from {
                    before = before.checked_add(e.charged.0).ok_or(Overflow).map_err(overflow)?;
                    continue;
                }
                calls += 1;
                served += u64::from(e.served);
                refused += u64::from(!e.served);
                if !e.served {
                    first_refused.get_or_insert(e.at);
                }
                let k = (((e.at.0 - zoom.from.0) / step) as usize).min(last - 1);
                spent[k] = spent[k].checked_add(e.charged.0).ok_or(Overflow).map_err(overflow)?;
            }
            let mut total = before;
            let mut points = vec![[moments[0], total]];
            for (k, s) in spent.iter().enumerate() {
                total = total.checked_add(*s).ok_or(Overflow).map_err(overflow)?;
                points.push([moments[k + 1], total]);
            }
            let trip = first_refused.map(|at| {
                let k = (((at.0 - zoom.from.0) / step) as usize + 1).min(last);
                Mark {
                    at_ms: at.0,
                    spent_nanos: super::on_line(&points, k, at.0),
                    label: format!("{} {}", zoom.refused_mark, scale.moment(at.0, Round::Down)),
                    lines: Vec::new(),
                }
            });
            Ok(Drawn {
                policy: o.policy.clone(),
                label: run.labels.get(i).cloned().unwrap_or_else(|| o.policy.clone()),
                bill: Nanos(total),
                calls: (calls, served, refused),
                points,
                trip,
                trip_sentence: zoom.refused_sentence.clone(),
            })
        })
        .collect::<Result<Vec<_>, FieldError>>()?;
    Ok(placed(zoom.title.clone(), scale, &moments, lines, zoom.limits.clone(), Vec::new(), zoom.log_money))
}
