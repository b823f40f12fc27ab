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
use crate::words::{capitalised, counted, grouped};
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
    /// The runaway tenant's bars, then the other tenants'.
    pub groups: Vec<LadderGroup>,
    pub sentences: Vec<String>,
    pub table: Table,
}

/// One group of tenants' bars, one per policy compared, drawn to one scale of their own:
/// the runaway tenant's hundreds of stopped calls would leave the other tenants' tens a
/// sliver.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LadderGroup {
    /// Whose calls, and the scale: "Calls of umbrella, stopped by its daily cap (the full
    /// width: 682 calls)".
    pub heading: String,
    /// The calls the full width stands for: the most of any of its rows.
    pub full: u64,
    pub rows: Vec<LadderRow>,
}

/// One policy's stopped calls of one group of tenants.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LadderRow {
    pub policy: String,
    /// The policy's label: "Daily cap, hard block".
    pub heading: String,
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
    // A row's calls served on a cheaper model, and refused.
    let split = |calls: &[u64]| (calls[..cheaper.len()].iter().sum::<u64>(), calls[cheaper.len()]);
    let mut groups = Vec::new();
    for runaway in [true, false] {
        let mut rows = Vec::new();
        for policy in COMPARED {
            let Some(o) = run.policies.iter().find(|o| o.policy == policy) else { continue };
            let label = POLICIES.iter().find(|c| c.value == policy).map_or(policy, |c| c.label);
            let mut calls = vec![0u64; parts.len()];
            for e in o.events.iter().flatten().filter(|e| (e.user == RUNAWAY) == runaway) {
                match (e.served, models.iter().position(|m| *m == Some(usize::from(e.model)))) {
                    (true, Some(k)) => calls[k] += 1,
                    (false, _) if e.reason == Some(Reason::BudgetExhausted) => calls[cheaper.len()] += 1,
                    _ => {}
                }
            }
            let (served, refused) = split(&calls);
            let note = format!("{} served on a cheaper model, {} refused", grouped(served), grouped(refused));
            rows.push(LadderRow { policy: policy.into(), heading: label.into(), calls, note });
        }
        let full = rows.iter().map(|r| r.calls.iter().sum::<u64>()).max().unwrap_or(0);
        let whose = match runaway {
            true => format!("Calls of {name}, stopped by its daily cap"),
            false => "Calls of the other tenants, stopped by their daily caps".to_string(),
        };
        let heading = format!("{whose} (the full width: {})", counted(full, "call", "calls"));
        groups.push(LadderGroup { heading, full, rows });
    }
    let sentences = match groups.get(1).map(|g| g.rows.as_slice()) {
        Some([block, ladder]) => {
            let ((_, refused), (served, still)) = (split(&block.calls), split(&ladder.calls));
            vec![format!(
                "Of the other tenants' calls that reached their daily cap this month, the hard block refused {}; \
             the ladder served {} on a cheaper model and refused {}. As for {name}: its calls are too large for \
             even the cheapest model once its budget is spent, so the two are nearly the same.",
                counted(refused, "call", "calls"),
                grouped(served),
                grouped(still)
            )]
        }
        _ => Vec::new(),
    };
    let mut columns = vec!["Policy and tenants".to_string()];
    columns.extend(parts.iter().map(|p| capitalised(p)));
    let table = Table {
        caption: format!("Calls stopped on {} by the daily cap, month {}", LADDER[0], run.seed),
        columns,
        rows: groups
            .iter()
            .zip([name.as_str(), "the other tenants"])
            .flat_map(|(g, who)| {
                g.rows.iter().map(move |r| {
                    std::iter::once(format!("{}: {who}", r.heading))
                        .chain(r.calls.iter().map(|&c| grouped(c)))
                        .collect()
                })
            })
            .collect(),
    };
    LadderView {
        title: format!(
            "The ladder against the hard block: what became of the calls each daily cap stopped, month {}",
            run.seed
        ),
        parts,
        groups,
        sentences,
        table,
    }
}
