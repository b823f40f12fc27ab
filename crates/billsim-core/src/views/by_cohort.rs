//! A scenario run added up by cohort under each policy: requests served (and served by a
//! cheaper model), refused by each reason, not made, and charged. The command line's
//! tables, lesson 003's report and the widget's "requests by reason" table read these.

use crate::engine::{Nanos, Reason, RefusedBy, UserOutcome};
use crate::scenario::ScenarioRun;
use serde::Serialize;

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CohortCounts {
    pub cohort: String,
    pub label: String,
    pub users: u32,
    pub calls: u32,
    pub served: u32,
    pub degraded: u32,
    pub refused_by: RefusedBy,
    pub dropped: u32,
    /// Users with at least one call served.
    pub users_served: u32,
    /// Users with at least one call refused.
    pub users_refused: u32,
    #[serde(rename = "chargedNanos")]
    pub charged: Nanos,
}

impl CohortCounts {
    fn add(&mut self, calls: u32, u: &UserOutcome) {
        self.users += 1;
        self.calls += calls;
        self.served += u.served;
        self.degraded += u.degraded;
        for r in Reason::ALL {
            self.refused_by.0[r.index()] += u.refused_by.get(r);
        }
        self.dropped += u.dropped;
        self.users_served += u32::from(u.served > 0);
        self.users_refused += u32::from(u.refused > 0);
        // The whole bill fits (the engine checked it), so each part does.
        self.charged = self.charged.checked_add(u.charged).unwrap_or(Nanos(u64::MAX));
    }
}

/// One policy's outcome by cohort, in the order of the run's cohorts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PolicyCohorts {
    pub policy: String,
    pub label: String,
    #[serde(rename = "billNanos")]
    pub bill: Nanos,
    pub cohorts: Vec<CohortCounts>,
}

/// Every policy of `run`, added up by cohort.
pub fn by_cohort(run: &ScenarioRun) -> Vec<PolicyCohorts> {
    run.policies
        .iter()
        .enumerate()
        .map(|(i, o)| {
            let mut cohorts: Vec<CohortCounts> = run
                .cohorts
                .iter()
                .map(|c| CohortCounts { cohort: c.name.clone(), label: c.label.clone(), ..CohortCounts::default() })
                .collect();
            for (user, u) in run.users.iter().zip(&o.per_user) {
                if let Some(row) = cohorts.iter_mut().find(|c| c.cohort == user.cohort) {
                    row.add(user.calls, u);
                }
            }
            PolicyCohorts {
                policy: o.policy.clone(),
                label: run.labels.get(i).cloned().unwrap_or_else(|| o.policy.clone()),
                bill: o.bill,
                cohorts,
            }
        })
        .collect()
}
