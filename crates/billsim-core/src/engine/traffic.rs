//! What users send: model calls in time order, each from one user, in one request. Traffic
//! comes from a scenario's seeded generator or from a replayed log; the engine cannot tell
//! which.

use crate::money::Tokens;
use crate::time::{Instant, Span};
use serde::Serialize;

/// A group of users the charts colour and label together ("heavy", "ordinary", "script"...).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Cohort {
    /// The stable name, in JSON and the address.
    pub name: String,
    /// What a reader sees.
    pub label: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct User {
    pub name: String,
    /// Index into [`Traffic::cohorts`].
    pub cohort: u16,
}

/// One model call. A request is one or more calls (an agent run makes many); a refused
/// call ends its request, so its later calls are not made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Call {
    pub at: Instant,
    /// Index into [`Traffic::users`].
    pub user: u32,
    /// Index into [`Traffic::models`].
    pub model: u16,
    pub request: u32,
    pub input: Tokens,
    pub output: Tokens,
    pub latency: Span,
}

/// A bad piece of traffic: what is wrong and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadTraffic(pub String);

impl std::fmt::Display for BadTraffic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BadTraffic {}

/// Users, their cohorts, the models they call, and their calls sorted by time (then user,
/// then the order given), which is the order the engine admits them in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Traffic {
    pub cohorts: Vec<Cohort>,
    pub users: Vec<User>,
    pub models: Vec<String>,
    calls: Vec<Call>,
}

impl Traffic {
    /// Checks every index and sorts the calls (stably: calls at the same moment from the
    /// same user keep the order given).
    pub fn new(
        cohorts: Vec<Cohort>,
        users: Vec<User>,
        models: Vec<String>,
        mut calls: Vec<Call>,
    ) -> Result<Traffic, BadTraffic> {
        if let Some(u) = users.iter().find(|u| usize::from(u.cohort) >= cohorts.len()) {
            return Err(BadTraffic(format!(
                "user {:?} names cohort {}, but there are {}",
                u.name,
                u.cohort,
                cohorts.len()
            )));
        }
        for (i, c) in calls.iter().enumerate() {
            if c.user as usize >= users.len() {
                return Err(BadTraffic(format!("call {i} names user {}, but there are {}", c.user, users.len())));
            }
            if c.request as usize >= calls.len() {
                return Err(BadTraffic(format!(
                    "call {i} is in request {}, but request numbers stop below the {} calls",
                    c.request,
                    calls.len()
                )));
            }
            if usize::from(c.model) >= models.len() {
                return Err(BadTraffic(format!("call {i} names model {}, but there are {}", c.model, models.len())));
            }
        }
        if !calls.windows(2).all(|w| (w[0].at, w[0].user) <= (w[1].at, w[1].user)) {
            calls.sort_by_key(|c| (c.at, c.user));
        }
        Ok(Traffic { cohorts, users, models, calls })
    }

    /// Request numbers are below this.
    pub fn requests(&self) -> usize {
        self.calls.len()
    }

    /// The calls in the engine's order.
    pub fn calls(&self) -> &[Call] {
        &self.calls
    }

    /// The index of each user's cohort, by cohort name.
    pub fn cohort_of(&self, user: usize) -> &Cohort {
        &self.cohorts[usize::from(self.users[user].cohort)]
    }

    /// The first call's arrival and the last call's finish: the span the timeline covers.
    pub fn span(&self) -> (Instant, Instant) {
        let start = self.calls.first().map_or(Instant(0), |c| c.at);
        let end = self.calls.iter().map(|c| c.at.after(c.latency)).max().unwrap_or(start);
        (start, end)
    }
}
