//! A scenario run as the command line, the page and the views read it: each policy's
//! outcome, the users and cohorts, and what its lesson says of it for the views ([`About`]).
//! This file knows no scenario and no lesson, so that a view can read a run and import
//! neither.

use crate::engine::{self, Outcome, Traffic};
use crate::scenario::setting::Choice;
use crate::scenario::values::Values;
use serde::Serialize;

/// A scenario run under each of its policies.
#[derive(Serialize)]
pub struct ScenarioRun {
    pub scenario: &'static str,
    pub seed: u32,
    pub settings: Values,
    pub cohorts: Vec<engine::Cohort>,
    pub users: Vec<UserSummary>,
    /// The traffic's models: an event's `model` is an index into these.
    pub models: Vec<String>,
    /// Each policy's name as a reader sees it, in the order of `policies` (a policy given
    /// as data is called by its name).
    pub labels: Vec<String>,
    /// The policies run, as data, in the order of `policies`.
    #[serde(skip)]
    pub ran: Vec<engine::Policy>,
    pub policies: Vec<Outcome>,
    /// Who the server took callers to be, when the traffic says (an event's `key` is an
    /// index into these): lesson 001's `X-User` headers and addresses.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub keys: Vec<String>,
    /// What its lesson says of it, for the views (empty for a run of no lesson).
    #[serde(skip)]
    pub about: About,
}

impl ScenarioRun {
    /// The short name of `policy`, as its button says it: "All three layers" for
    /// `allThree`; `None` for a policy that is not the scenario's own.
    pub fn label_of(&self, policy: &str) -> Option<&'static str> {
        self.about.policies.iter().find(|c| c.value == policy).map(|c| c.label)
    }
}

impl About {
    /// What the lesson calls a spend ceiling reached, or "the spend ceiling is reached at"
    /// when it says nothing: the chart's mark and sentence and the command line's line.
    pub fn trip_words(&self) -> super::marks::TripWords {
        self.trip.unwrap_or(super::marks::TripWords::CEILING_REACHED)
    }
}

/// What a run's lesson says of it that the views show (a view imports no lesson): given by
/// the scenario when it runs, and left empty for a run of no lesson (a replay).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct About {
    /// The scenario's label ("A free tier"); `None` for a run of no lesson, whose kinds of
    /// user are names, said as they are written.
    pub label: Option<&'static str>,
    /// What the over-time chart says the run is over, before its number ("toy day": "over
    /// toy day 3"); `None` for "over time".
    pub over: Option<&'static str>,
    /// The run's cohorts drawn in the abuser's colour (the heavy user, the script).
    pub abusers: Vec<String>,
    /// The scenario's policies by their short names ("All three layers"), as its buttons
    /// say them; empty for a run of no lesson.
    pub policies: &'static [Choice],
    /// What the lesson calls a spend ceiling reached ([`crate::scenario::Marks`]).
    pub trip: Option<super::marks::TripWords>,
    /// What the lesson calls the users its limits are not for, and what they send.
    pub others: super::marks::Others,
    /// A line the over-time chart draws to compare the spend with: its words and amount.
    pub reference: Option<(&'static str, crate::money::Micros)>,
    /// The abuser's first call, to mark on the over-time chart: its words and moment.
    pub start: Option<(super::marks::StartWords, crate::time::Instant)>,
    /// A period to mark on the over-time chart (lesson 002's ledger outage): its words,
    /// start and end.
    pub outage: Option<(super::marks::OutageWords, crate::time::Instant, crate::time::Instant)>,
    /// The kind of user whose accounts its lesson draws one by one ([`super::marks::ManyAccounts`]).
    pub accounts: Option<super::marks::ManyAccounts>,
    /// The API keys and teams that called, in a replayed log that names them.
    pub callers: Callers,
    /// In a replay, each kind of user's tenants ([`tenants_by_cohort`] of the log's traffic,
    /// every one of whose users called), as the view's users are put in the biggest users'
    /// cohorts; `None` for a lesson's run, whose users who call are its tenants.
    pub tenant_cohorts: Option<Vec<(String, u64)>>,
}

/// How many API keys and teams called, in a replayed log that names them: a per-key or
/// per-tenant budget line is so many times the budget. `None` where the log names none
/// (its guards then count by user).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Callers {
    pub keys: Option<u64>,
    pub tenants: Option<u64>,
}

impl Callers {
    /// The callers of `traffic` beside its users.
    pub fn of(traffic: &Traffic) -> Callers {
        Callers {
            keys: traffic.keys().map(|k| k.names.len() as u64),
            tenants: traffic.tenants().map(|t| t.names.len() as u64),
        }
    }
}

/// Each kind of user's tenants in `traffic`, as a ledger's and a guard's tiers count them:
/// its teams, each of its first user's kind ([`Traffic::first_payers`]), where it names
/// them, else its users. In the order each kind is first seen.
pub fn tenants_by_cohort(traffic: &Traffic) -> Vec<(String, u64)> {
    engine::tally(traffic.first_payers().into_iter().map(|u| traffic.cohort_of(u).name.as_str()))
}

/// A user as a run's JSON shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct UserSummary {
    pub name: String,
    pub cohort: String,
    pub calls: u32,
    /// Requests (tasks), each of one or more calls.
    pub requests: u32,
    /// The team a replayed log puts the user in (`None`: in none, or a log of no teams);
    /// each of them, in the order first called for ("red, blue"), where the user's API
    /// keys are in more than one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub team: Option<String>,
}

impl UserSummary {
    /// Each user of `traffic`: their name, cohort, calls, requests and team.
    pub fn of(traffic: &Traffic) -> Vec<UserSummary> {
        let mut calls = vec![0u32; traffic.users.len()];
        let mut requests = vec![0u32; traffic.users.len()];
        let mut seen = vec![false; traffic.requests()];
        // Each user's teams, where a user's keys are in more than one (of_key).
        let by_key = traffic.tenants().filter(|t| !t.of_key.is_empty());
        let mut teams: Vec<Vec<u32>> = vec![Vec::new(); if by_key.is_some() { traffic.users.len() } else { 0 }];
        for (index, c) in traffic.calls().iter().enumerate() {
            calls[c.user as usize] += 1;
            let first = !std::mem::replace(&mut seen[c.request as usize], true);
            requests[c.user as usize] += u32::from(first);
            if let Some(team) = by_key.and_then(|t| t.of_call(c.user, traffic.key_of(index))) {
                let of_user = &mut teams[c.user as usize];
                if !of_user.contains(&team) {
                    of_user.push(team);
                }
            }
        }
        let cohort = |u: &engine::User| traffic.cohorts[usize::from(u.cohort)].name.clone();
        let team = |user: usize| {
            let tenants = traffic.tenants()?;
            let named: Vec<&str> = match teams.get(user) {
                Some(each) => each.iter().map(|&t| tenants.names[t as usize].as_str()).collect(),
                None => vec![tenants.names[tenants.of_user[user]? as usize].as_str()],
            };
            (!named.is_empty()).then(|| named.join(", "))
        };
        let users = traffic.users.iter().zip(calls.into_iter().zip(requests)).enumerate();
        users
            .map(|(i, (u, (calls, requests)))| UserSummary {
                name: u.name.clone(),
                cohort: cohort(u),
                calls,
                requests,
                team: team(i),
            })
            .collect()
    }
}
