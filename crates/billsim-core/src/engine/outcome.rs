//! What a policy did to the traffic: per user served, refused by reason and charged; the
//! bill; the moment a spend ceiling was reached; the cumulative spend over time; and, on
//! request, every decision.

use crate::engine::price::Nanos;
use crate::engine::refusal::{Reason, Refusal, Wait};
use crate::time::Instant;
use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;

/// Refusals counted by reason; serializes as `{ "rate_limited": 3, ... }` with only the
/// reasons that refused something.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RefusedBy(pub [u32; Reason::ALL.len()]);

impl RefusedBy {
    pub fn get(&self, reason: Reason) -> u32 {
        self.0[reason.index()]
    }
}

impl Serialize for RefusedBy {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(None)?;
        for reason in Reason::ALL {
            if self.get(reason) > 0 {
                map.serialize_entry(reason.name(), &self.get(reason))?;
            }
        }
        map.end()
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct UserOutcome {
    pub served: u32,
    pub refused: u32,
    pub refused_by: RefusedBy,
    /// Calls not made because an earlier call of their request was refused.
    pub dropped: u32,
    #[serde(rename = "chargedNanos")]
    pub charged: Nanos,
    /// Calls served on a cheaper model than they asked for: a `degrade` guard's, or the
    /// next of the policy's ladder.
    #[serde(skip_serializing_if = "is_zero")]
    pub degraded: u32,
    /// Calls served that failed (they billed nothing).
    #[serde(skip_serializing_if = "is_zero")]
    pub failed: u32,
    /// Spend a ledger never counted while it was down (the tier failing open).
    #[serde(rename = "outageUnmeteredNanos", skip_serializing_if = "is_no_money")]
    pub outage_unmetered: Nanos,
    /// Spend a ledger never counted past a request's top-level call (metering per request).
    #[serde(rename = "requestUnmeteredNanos", skip_serializing_if = "is_no_money")]
    pub request_unmetered: Nanos,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

fn is_no_money(n: &Nanos) -> bool {
    *n == Nanos::ZERO
}

/// The spend ceiling reached: when, and by whose call.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Trip {
    pub at: Instant,
    pub user: u32,
}

/// Cumulative spend at the end of each of equal steps from `start`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Timeline {
    pub start: Instant,
    pub step_ms: u64,
    #[serde(rename = "spentNanos")]
    pub spent: Vec<Nanos>,
}

/// One decision: a call served (with its charge) or refused (with its reason and, where
/// waiting helps, when it would fit).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Event {
    pub at: Instant,
    pub user: u32,
    pub model: u16,
    pub served: bool,
    #[serde(skip_serializing_if = "Option::is_none", serialize_with = "reason_name")]
    pub reason: Option<Reason>,
    /// When the call would fit every guard, as they stood when it was refused; absent when
    /// served, or when waiting never helps.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fits_at: Option<Instant>,
    #[serde(rename = "chargedNanos")]
    pub charged: Nanos,
    /// The key the guards counted the call under, when the traffic has keys
    /// ([`crate::engine::Keys`]): an index into its names.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub key: Option<u32>,
    /// Lesson 001's Retry-After, in whole seconds, for a refusal by its request limit
    /// ([`crate::engine::Refusal::retry_after`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub retry_after: Option<u64>,
}

fn reason_name<S: Serializer>(reason: &Option<Reason>, s: S) -> Result<S::Ok, S::Error> {
    match reason {
        Some(r) => s.serialize_str(r.name()),
        None => s.serialize_none(),
    }
}

impl Event {
    pub(crate) fn served(call: &crate::engine::traffic::Call, charged: Nanos, key: Option<u32>) -> Event {
        Event {
            at: call.at,
            user: call.user,
            model: call.model,
            served: true,
            reason: None,
            fits_at: None,
            charged,
            key,
            retry_after: None,
        }
    }

    /// `fits`: when every guard would let the call through ([`Event::fits_at`]); the
    /// refusal's Retry-After is its own guard's.
    pub(crate) fn refused(
        call: &crate::engine::traffic::Call,
        refusal: Refusal,
        fits: Wait,
        key: Option<u32>,
    ) -> Event {
        let fits_at = match fits {
            Wait::Until(t) => Some(t),
            Wait::Never => None,
        };
        Event {
            at: call.at,
            user: call.user,
            model: call.model,
            served: false,
            reason: Some(refusal.reason),
            fits_at,
            charged: Nanos::ZERO,
            key,
            retry_after: refusal.retry_after(call.at),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Outcome {
    pub policy: String,
    #[serde(rename = "billNanos")]
    pub bill: Nanos,
    /// In the order of the traffic's users.
    pub per_user: Vec<UserOutcome>,
    /// Calls served on each of the traffic's models (by model number), after any degrade.
    pub served_by_model: Vec<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tripped: Option<Trip>,
    pub timeline: Timeline,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub events: Option<Vec<Event>>,
}
