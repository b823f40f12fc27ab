//! What a replay's guards count by beside the user, and the notes that say so: each call's
//! API key (`"per": "key"`), and each user's team (`"per": "tenant"`: LiteLLM's `team_id`,
//! a generic log's `team`), as a gateway budgets keys and teams apart from users. A user
//! stays in the first team its rows name, as in its cohort; a user whose rows name none is
//! in no team, and no team's budget counts its calls (as a gateway's key outside teams).
//! Where a user's keys are in different teams, each call counts to its key's team (the
//! first its rows name), as LiteLLM counts a key's spend to the key's team; a key none of
//! whose rows names a team is outside every team, though its user's other keys are in one.

use crate::engine::{KeyTenant, Keys, Tenants};
use crate::replay::names::Names;
use crate::replay::row::Value;
use crate::visible_text::quoted;
use crate::words::counted;
use std::borrow::Cow;

/// What a log that names no API key, no team, or neither, says of the guards counting by them.
const NO_KEY_NOTE: &str = "the log names no API key: a guard \"per\": \"key\" counts by its user";
const NO_TEAM_NOTE: &str = "the log names no team: a guard \"per\": \"tenant\" counts by its user";
const NEITHER: &str = "the log names no API key nor team: a guard \"per\": \"key\" or \"tenant\" counts by its user";
/// A user (or key) none of whose rows so far named a team.
const NONE_YET: u32 = u32::MAX;
/// A key whose rows so far named no team: outside every team, unless a later row names one.
const OUTSIDE: u32 = u32::MAX - 1;

/// An API key standing for its user (a row with no user), named by its alias where the row
/// gives one, the key after it (`batch (0d3f2ab1c4e5…)`, as a table shortens it): a reader
/// knows the alias, not the hash, and two keys of one alias stay two users.
pub fn key_as_user<'a>(key: Cow<'a, str>, alias: Option<Value<'_>>) -> Cow<'a, str> {
    match alias.as_ref().map(|a| a.text.trim()).filter(|a| !a.is_empty()) {
        Some(alias) => Cow::Owned(format!("{alias} ({})", key.trim())),
        None => key,
    }
}

/// The teams, gathered row by row.
#[derive(Default)]
pub struct Teams {
    names: Names,
    /// The field the first team was read from, as the log names it (`team_id`).
    field: Option<String>,
    /// Each user's team, by the user's number ([`NONE_YET`] until a row names one).
    of_user: Vec<u32>,
    /// Each API key's team, by the key's number ([`NONE_YET`] until a row of it is seen,
    /// [`OUTSIDE`] while its rows name none).
    of_key: Vec<u32>,
    /// Rows that name another team than their user's first.
    other: u64,
    /// Each key whose first row named no team, with that row's user.
    first_outside: Vec<(u32, u32)>,
}

impl Teams {
    /// A row of user number `user` (numbered in order, so a new user is the next number),
    /// under the API key numbered `key` if it names one, naming `team`, or none.
    pub fn see(&mut self, user: u32, key: Option<u32>, team: Option<Value<'_>>) {
        if user as usize == self.of_user.len() {
            self.of_user.push(NONE_YET);
        }
        let Some(team) = team.as_ref().filter(|t| !t.text.trim().is_empty()) else {
            if let Some(key) = key {
                let slot = self.key_slot(key);
                if *slot == NONE_YET {
                    *slot = OUTSIDE;
                    self.first_outside.push((key, user));
                }
            }
            return;
        };
        self.field.get_or_insert_with(|| team.name.to_string());
        let team = team.text.trim();
        let first = self.of_user[user as usize];
        // A team only a user's other rows name is one only where keys tell the calls apart.
        let number = (first == NONE_YET || key.is_some()).then(|| self.names.number(team).0);
        match (first, number) {
            (NONE_YET, Some(number)) => self.of_user[user as usize] = number,
            _ => self.other += u64::from(self.names.names[first as usize] != team),
        }
        if let (Some(key), Some(number)) = (key, number) {
            let slot = self.key_slot(key);
            if *slot >= OUTSIDE {
                *slot = number;
            }
        }
    }

    fn key_slot(&mut self, key: u32) -> &mut u32 {
        let key = key as usize;
        if key >= self.of_key.len() {
            self.of_key.resize(key + 1, NONE_YET);
        }
        &mut self.of_key[key]
    }

    /// The tenants (`None` when no row names a team), and what a reader is told of the
    /// log's keys (`keys`, counted by; `named_keys`: some row names one) and teams, the
    /// users counted by the field `per` ("Count as one user") when one is.
    pub fn finish(
        self,
        keys: Option<&Keys>,
        named_keys: bool,
        per: Option<&str>,
        notes: &mut Vec<String>,
    ) -> Option<Tenants> {
        if let Some(keys) = keys {
            notes.push(format!(
                "a guard \"per\": \"key\" counts by the log's API key ({}), \"user\" by its user",
                counted(keys.names.len() as u64, "key", "keys")
            ));
        }
        // A gateway's per-key or per-team limit replayed on a log that names neither
        // (Helicone's, OTLP's) would otherwise count by user with nothing said.
        let no_key = keys.is_none() && !named_keys;
        if self.names.is_empty() {
            notes.push(if no_key { NEITHER } else { NO_TEAM_NOTE }.to_string());
            return None;
        }
        if no_key {
            notes.push(NO_KEY_NOTE.to_string());
        }
        notes.push(format!(
            "a guard \"per\": \"tenant\" counts by the log's team ({}: {})",
            quoted(self.field.as_deref().unwrap_or_default()),
            counted(self.names.len() as u64, "team", "teams")
        ));
        // Users counted as their team: a guard per user then counts what one per tenant does.
        if let Some(field) = per.filter(|&p| self.field.as_deref() == Some(p)) {
            notes.push(format!(
                "each user is a {}: a guard \"per\": \"user\" counts by team as \"tenant\" does",
                quoted(field)
            ));
        }
        let of_user: Vec<Option<u32>> = self.of_user.iter().map(|&t| (t != NONE_YET).then_some(t)).collect();
        let teamless = of_user.iter().filter(|t| t.is_none()).count() as u64;
        if teamless > 0 {
            notes.push(format!(
                "{} in no team: no guard \"per\": \"tenant\" counts their calls",
                counted(teamless, "user is", "users are")
            ));
        }
        // Keys outside every team whose user is in one: the others are their user's.
        let outside = self
            .first_outside
            .iter()
            .filter(|&&(key, user)| self.of_key[key as usize] == OUTSIDE && self.of_user[user as usize] != NONE_YET)
            .count() as u64;
        if outside > 0 && keys.is_some() {
            notes.push(format!(
                "{} in no team: no guard \"per\": \"tenant\" counts their calls",
                counted(outside, "API key is", "API keys are")
            ));
        }
        // A user's keys in two teams, or in one and none: each call counts to its key's team
        // (where the log has keys); else the user stays in its first.
        let by_key = keys.is_some() && (self.other > 0 || outside > 0);
        if self.other > 0 {
            notes.push(format!(
                "{} another team for its user than the user's first: {}",
                counted(self.other, "row names", "rows name"),
                if by_key {
                    "each call counts to its API key's team, a call with no key to its user's first"
                } else {
                    "a user stays in its first team"
                }
            ));
        }
        let of_key = match by_key {
            true => self
                .of_key
                .iter()
                .map(|&t| match t {
                    NONE_YET => KeyTenant::Users,
                    OUTSIDE => KeyTenant::Outside,
                    team => KeyTenant::Tenant(team),
                })
                .collect(),
            false => Vec::new(),
        };
        Some(Tenants { names: self.names.names, of_user, of_key })
    }
}
