//! The ladder against the hard block: what became of the calls each daily cap stopped on
//! the model they asked for. The hard block refuses them; the ladder serves what fits on a
//! cheaper model and refuses the rest. Drawn for the runaway tenant and for the other
//! tenants apart: the runaway tenant's calls are too large even for the cheapest model, so
//! for it the two look alike; the honest tenants' calls mostly fit, so the ladder serves
//! what the hard block refuses. Counted over the month from the run's events.

use super::traffic::RUNAWAY;
use super::{LADDER, POLICIES};
use crate::engine::Reason;
use crate::scenario::ScenarioRun;
use crate::views::table::Table;
use crate::words::{capitalised, counted_grouped, grouped};
use serde::Serialize;

/// The two policies compared, in the lesson's order.
const COMPARED: [&str; 2] = ["dailyCap", "degradeLadder"];

/// What the ladder view shows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LadderView {
    pub title: String,
    /// What each part of a bar is: served on each cheaper model, then refused.
    pub parts: Vec<String>,
    pub rows: Vec<LadderRow>,
    pub sentences: Vec<String>,
    pub table: Table,
}

/// One policy's stopped calls of one group of tenants.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LadderRow {
    pub policy: String,
    /// "Daily cap, hard block: umbrella".
    pub heading: String,
    /// The runaway tenant's row (drawn in its scale), or the other tenants'.
    pub runaway: bool,
    /// Calls per part, in the order of [`LadderView::parts`].
    pub calls: Vec<u64>,
    /// "7 served on a cheaper model, 675 refused".
    pub note: String,
}

/// The ladder view of `run` (a month run with every event).
pub fn ladder_view(run: &ScenarioRun) -> LadderView {
    let name = super::panels::runaway_name(run).to_string();
    let cheaper = &LADDER[1..];
    let models: Vec<Option<usize>> = cheaper.iter().map(|m| run.models.iter().position(|x| x == m)).collect();
    let mut parts: Vec<String> = cheaper.iter().map(|m| format!("served on {m}")).collect();
    parts.push("refused".into());
    let mut rows = Vec::new();
    for policy in COMPARED {
        let Some(o) = run.policies.iter().find(|o| o.policy == policy) else { continue };
        let label = POLICIES.iter().find(|c| c.value == policy).map_or(policy, |c| c.label);
        for runaway in [true, false] {
            let mut calls = vec![0u64; parts.len()];
            for e in o.events.iter().flatten().filter(|e| (e.user == RUNAWAY) == runaway) {
                match (e.served, models.iter().position(|m| *m == Some(usize::from(e.model)))) {
                    (true, Some(k)) => calls[k] += 1,
                    (false, _) if e.reason == Some(Reason::BudgetExhausted) => calls[cheaper.len()] += 1,
                    _ => {}
                }
            }
            let who = if runaway { name.clone() } else { "the other tenants".to_string() };
            let served: u64 = calls[..cheaper.len()].iter().sum();
            let note =
                format!("{} served on a cheaper model, {} refused", grouped(served), grouped(calls[cheaper.len()]));
            rows.push(LadderRow { policy: policy.into(), heading: format!("{label}: {who}"), runaway, calls, note });
        }
    }
    let sentences = rows
        .chunks(2)
        .next()
        .zip(rows.chunks(2).nth(1))
        .map(|(block, ladder)| {
            let others = |r: &[LadderRow]| {
                r.iter()
                    .find(|r| !r.runaway)
                    .map_or((0, 0), |r| (r.calls.iter().take(cheaper.len()).sum::<u64>(), r.calls[cheaper.len()]))
            };
            let ((_, refused), (served, still)) = (others(block), others(ladder));
            vec![format!(
                "Of the other tenants' calls that reached their daily cap this month, the hard block refused {}; \
                 the ladder served {} on a cheaper model and refused {}. As for {name}: its calls are too large for \
                 even the cheapest model once its budget is spent, so the two are nearly the same.",
                counted_grouped(refused, "call", "calls"),
                grouped(served),
                grouped(still)
            )]
        })
        .unwrap_or_default();
    let mut columns = vec!["Policy and tenants".to_string()];
    columns.extend(parts.iter().map(|p| capitalised(p)));
    let table = Table {
        caption: format!("Calls stopped on {} by the daily cap, month {}", LADDER[0], run.seed),
        columns,
        rows: rows
            .iter()
            .map(|r| std::iter::once(r.heading.clone()).chain(r.calls.iter().map(|&c| grouped(c))).collect())
            .collect(),
    };
    LadderView {
        title: format!(
            "The ladder against the hard block: what became of the calls each daily cap stopped, month {}",
            run.seed
        ),
        parts,
        rows,
        sentences,
        table,
    }
}
