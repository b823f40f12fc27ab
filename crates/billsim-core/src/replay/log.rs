//! What every reader makes: calls with their users and models numbered once (so memory
//! grows with calls and users, not with the file's bytes), the bad rows (the first ten
//! said, the rest counted), and notes on what the reading had to assume.

use crate::engine::{BadTraffic, Call, Cohort, Keys, Nanos, PriceTable, Tenants, Traffic, User};
use crate::money::Tokens;
use crate::replay::amount;
use crate::replay::call_columns::{fit, keep_room, room_for, rows_guessed, sort_by_time};
use crate::replay::counted_by::{self, Teams};
use crate::replay::error::BadRow;
use crate::replay::names::{Names, Requests};
use crate::replay::per;
use crate::replay::status::{self, Status};
use crate::replay::when::{self, Unit};
use crate::time::{Instant, Span};
use crate::visible_text::quoted;
use crate::words::counted;

pub use crate::replay::row::{Field, Row, Value};

/// What a record that is not a call is, in the singular and the plural.
pub type NotACall = (&'static str, &'static str);

/// The bad rows said one by one; past these, they are counted.
pub const BAD_ROWS_SAID: usize = 10;

/// The cohort of a log's users when the log does not name one.
pub const LOGGED: &str = "logged";
/// The user of calls that name none (nor an API key).
pub const NO_USER: &str = "(no user)";
/// The API key of calls that name none, in a log whose other calls name one beside their user.
pub const NO_KEY: &str = "(no key)";

const LOGGED_LABEL: &str = "Users in the log";

mod notes;
mod repeats;

/// A log read: its calls, users and models, and what the reading noted.
#[derive(Clone, Debug)]
pub struct Log {
    /// The format's name (`litellm`, `generic`...).
    pub format: &'static str,
    pub cohorts: Vec<Cohort>,
    pub users: Vec<User>,
    pub models: Vec<String>,
    /// In time order (sorted if the file was not).
    pub calls: Vec<Call>,
    /// One per call, or empty when no call has a logged cost.
    pub costs: Vec<Option<Nanos>>,
    /// Prices of models added from a scenario (`--add`), used where no other price is given.
    pub added_prices: PriceTable,
    /// What the reading assumed or left out, in sentences.
    pub notes: Vec<String>,
    /// Bad rows left out (with `skip_bad_rows`).
    pub skipped: u64,
    /// One per call, whether it failed, or empty when none did (see [`crate::replay::status`]).
    pub failed: Vec<bool>,
    /// How many calls a cache answered (replayed with no tokens and no cost).
    pub cache_hits: u64,
    /// How many calls are embeddings (replayed with no output).
    pub embeddings: u64,
    /// One per call, its input tokens read from a prompt cache (of its input tokens), or
    /// empty when no call has any.
    pub cached: Vec<Tokens>,
    /// The cached-input price per million tokens of models, from a price table's optional
    /// column (`--prices`): a call's cached tokens are charged it in place of the input price.
    pub cached_prices: crate::engine::CachedPrices,
    /// The log's fields that say who made a call, by its own names: what `--per` (the
    /// page's "Count as one user") may name.
    pub per_fields: Vec<String>,
    /// Each call's API key, when the log names keys beside its users (a LiteLLM spend log's
    /// `api_key` and `user`): what a guard `"per": "key"` counts by. `None` when it names
    /// none, or only in place of users: a key is then its user.
    pub keys: Option<Keys>,
    /// Each user's team, when the log names teams: what a guard `"per": "tenant"` counts by.
    pub tenants: Option<Tenants>,
}

impl Log {
    /// The log as the engine's traffic.
    pub fn traffic(&self) -> Result<Traffic, BadTraffic> {
        let traffic = Traffic::with_costs(
            self.cohorts.clone(),
            self.users.clone(),
            self.models.clone(),
            self.calls.clone(),
            self.costs.clone(),
        )?
        .with_failed(&self.failed);
        let traffic = self.keys.iter().try_fold(traffic, |t, keys| t.with_keys(keys.clone()))?;
        self.tenants.iter().try_fold(traffic, |t, tenants| t.with_tenants(tenants.clone()))
    }

    /// How many calls failed.
    pub fn failed_calls(&self) -> u64 {
        self.failed.iter().filter(|&&f| f).count() as u64
    }
}

/// Builds a [`Log`] row by row.
#[derive(Default)]
pub struct Builder {
    /// The log's format: its notes and messages say where its maker keeps a field.
    pub format: super::Format,
    users: Names,
    user_cohort: Vec<u16>,
    models: Names,
    cohorts: Names,
    requests: Requests,
    calls: Vec<Call>,
    costs: Vec<Option<Nanos>>,
    /// One per call once one has failed (before, none had).
    failed: Vec<bool>,
    cache_hits: u64,
    embeddings: u64,
    /// Calls served with tokens whose logged cost is $0 (a price table does not change it).
    logged_free: u64,
    /// Calls logged at $0 because the logger could not price them: priced by the table.
    unpriced: u64,
    /// One per call once one has cached input tokens.
    cached: Vec<Tokens>,
    keys: Names,
    /// One per call once one names an API key beside its user.
    key_of_call: Vec<u32>,
    teams: Teams,
    /// Calls that wrote to the prompt cache, and how many tokens.
    cache_writes: (u64, Tokens),
    pub bad: Vec<BadRow>,
    pub bad_count: u64,
    by_key: u64,
    /// Calls with no user nor key, replayed as [`NO_USER`], and their logged cost.
    no_user: u64,
    no_user_cost: Nanos,
    no_end: u64,
    /// Calls whose start names no time zone (read as UTC).
    no_zone: u64,
    /// Rows that name another cohort for a user than its first row did.
    other_cohort: u64,
    out_of_order: u64,
    last_at: Instant,
    /// Records that are not calls, by what they are (one, many: "span without token
    /// counts", "spans without token counts"), and how many.
    not_calls: Vec<(NotACall, u64)>,
    /// What the reading assumed of some records (one, many: "span gives", "spans give"
    /// and what), and of how many.
    assumed: Vec<(NotACall, u64)>,
    /// Records that give a field under two of its aliases: the field, the name read, the
    /// other, how many.
    aliases: Vec<(Field, String, String, u64)>,
    pub notes: Vec<String>,
    /// The index (from 1) of the record being read among those on its line, when a JSON
    /// document holds several on one line: its bad row names it, as the line does not.
    pub record: Option<u64>,
    /// The JSON of the object that holds the records, when its fields apply to them
    /// (Langfuse's trace download: the trace).
    pub enclosing: Option<String>,
    /// The spans (their ids) that hold a span with token counts, from the records read so
    /// far: an agent span that sums its model calls is left out though the Collector wrote
    /// it on a later line than they (it ends after them).
    pub parents: std::collections::HashSet<String>,
    /// The file's field that names the user (`--per`), whether any call had it, and the
    /// first call's fields (said when none had it).
    pub per: Option<String>,
    per_found: bool,
    /// The field names of the first [`per::SAMPLE`] calls, in the order first seen, each
    /// with whether a call filled it in: the fields to count as one user are among those.
    seen: Vec<(String, bool)>,
    sampled: usize,
    /// The log's size in bytes, when known: the calls' room is guessed from it
    /// ([`Builder::reserve_by_size`]), once (`reserved`).
    pub bytes: Option<u64>,
    reserved: bool,
    /// Records whose call id was read before: left out.
    repeats: repeats::Repeats,
}

fn text_of<'a>(row: &'a dyn Row, field: Field) -> Result<Option<Value<'a>>, String> {
    Ok(row.get(field)?.filter(|v| !v.text.trim().is_empty()))
}

/// A call's field the row (of a log of `format`) does not give, named as the file writes
/// it when the row has it empty or null: a null `completion_tokens` is named, not just "no
/// output tokens"; with how to export it where the format's own tool leaves it out.
fn missing(row: &dyn Row, field: Field, format: super::Format) -> String {
    match row.empty_name(field) {
        Some(name) => format!(
            "{name}: empty or null, where a call's {} must be given{}",
            field.said(),
            format.where_empty(field, &name)
        ),
        None => format!("no {}", field.said()),
    }
}

/// A problem with a field, said with the field's name as the file writes it.
fn with_name(v: &Value<'_>, problem: String) -> String {
    format!("{}: {problem}", v.name)
}

impl Builder {
    /// Room for the calls of a log of [`Builder::bytes`] whose first `rows` took `read` bytes
    /// ([`rows_guessed`]), given once, if memory has it: else the calls double their memory
    /// as they come, and a wasm page never gives memory back. The columns beside the calls
    /// take the same room as they take their next value ([`keep_room`]).
    pub fn reserve_by_size(&mut self, rows: u64, read: u64) {
        let (Some(total), false) = (self.bytes, rows == 0 || self.reserved) else { return };
        self.reserved = true;
        room_for(&mut self.calls, rows_guessed(total, rows, read));
    }

    pub fn bad_row(&mut self, line: u64, problem: String) {
        self.bad_count += 1;
        if self.bad.len() < BAD_ROWS_SAID {
            let problem = match self.record {
                Some(n) => format!("record {n}: {problem}"),
                None => problem,
            };
            self.bad.push(BadRow { line, problem });
        }
    }

    /// A record that is not a call (a span of something else): counted, said once.
    pub fn not_a_call(&mut self, what: NotACall) {
        match self.not_calls.iter_mut().find(|(w, _)| *w == what) {
            Some((_, n)) => *n += 1,
            None => self.not_calls.push((what, 1)),
        }
    }

    /// A record read on an assumption (said in the singular and the plural): counted, said once.
    pub fn assumed(&mut self, what: NotACall) {
        match self.assumed.iter_mut().find(|(w, _)| *w == what) {
            Some((_, n)) => *n += 1,
            None => self.assumed.push((what, 1)),
        }
    }

    /// A record that gives `field` under two of its aliases, `read` and `other`: counted, said once.
    pub fn alias(&mut self, field: Field, read: &str, other: &str) {
        match self.aliases.iter_mut().find(|(f, r, o, _)| *f == field && r == read && o == other) {
            Some((.., n)) => *n += 1,
            None => self.aliases.push((field, read.to_string(), other.to_string(), 1)),
        }
    }

    /// Whether the record `row` repeats the id and start time of one read before: then it is
    /// left out, and counted as such alone. Each reader asks before it counts the record as
    /// anything (a call, a record that is no call, one read on an assumption).
    pub fn repeated(&mut self, line: u64, row: &dyn Row) -> bool {
        let Ok(Some(id)) = text_of(row, Field::CallId) else { return false };
        let start = text_of(row, Field::Start).ok().flatten();
        self.repeats.repeated(line, &id.text, start.as_ref().map_or("", |s| &s.text), self.calls.capacity())
    }

    /// Reads one row as a call; a bad one is noted with its line.
    pub fn row(&mut self, line: u64, row: &dyn Row) {
        if let Err(problem) = self.try_row(row) {
            self.bad_row(line, problem);
        }
    }

    fn try_row(&mut self, row: &dyn Row) -> Result<(), String> {
        let format = self.format;
        let need = |field: Field| -> Result<Value<'_>, String> {
            text_of(row, field)?.ok_or_else(|| missing(row, field, format))
        };
        let time = |v: &Value<'_>| {
            let unit = row.time_unit().or_else(|| Unit::of_name(&v.name));
            // Langfuse's CSV export writes its dates as JSON text, quotes and all.
            let text = v.text.trim();
            let text = text.strip_prefix('"').and_then(|t| t.strip_suffix('"')).unwrap_or(text);
            when::parse(text, unit).map_err(|e| with_name(v, e))
        };
        let start = need(Field::Start)?;
        let at = time(&start)?;
        let (end, latency_ms) = (text_of(row, Field::End)?, text_of(row, Field::Latency)?);
        let no_end = end.is_none() && latency_ms.is_none();
        let latency = match (end, latency_ms) {
            (Some(end), _) => {
                let end_at = time(&end)?;
                if end_at < at {
                    return Err(format!(
                        "the call ends ({}) before it starts ({})",
                        when::as_read(&end.text, end_at),
                        when::as_read(&start.text, at)
                    ));
                }
                end_at.since(at)
            }
            (None, Some(ms)) => amount::latency(&ms.text).map_err(|e| with_name(&ms, e))?,
            (None, None) => Span::ZERO,
        };
        // Each format's word for what became of the call, in its own vocabulary.
        let status = if let Some(v) = text_of(row, Field::Status)? {
            Status::parse(&v.text).map_err(|e| with_name(&v, e))?
        } else if let Some(v) = text_of(row, Field::Level)? {
            status::of_level(&v.text).map_err(|e| with_name(&v, e))?
        } else if let Some(v) = text_of(row, Field::SpanStatus)? {
            status::of_span_code(&v.text).map_err(|e| with_name(&v, e))?
        } else {
            Status::Ok
        };
        let embedding = text_of(row, Field::CallType)?.is_some_and(|v| status::is_embedding(&v.text));
        // A failed call may log no token counts (a refused request has none): it used none.
        // An embedding has no output, and OpenTelemetry's conventions give it no output count.
        let count = |field: Field| -> Result<Tokens, String> {
            match text_of(row, field)? {
                Some(v) => amount::tokens(&v.text).map_err(|e| with_name(&v, e)),
                None if status == Status::Failed || embedding && field == Field::Output => Ok(0),
                None => Err(missing(row, field, format)),
            }
        };
        let (input, output) = (count(Field::Input)?, count(Field::Output)?);
        // Cached input tokens are input tokens (a tokens guard counts them as such), read
        // from the provider's cache: only their price differs.
        let cached_within = match text_of(row, Field::CachedInput)? {
            Some(v) => {
                let n = amount::tokens(&v.text).map_err(|e| with_name(&v, e))?;
                if n > input {
                    return Err(with_name(
                        &v,
                        format!("{n} cached input tokens are more than the {input} input tokens"),
                    ));
                }
                n
            }
            None => 0,
        };
        // Tokens read from and written to the prompt cache that a format counts apart from
        // its input (Helicone's) are input tokens all the same: a tokens guard counts them.
        let apart = |field: Field| -> Result<Tokens, String> {
            match text_of(row, field)? {
                Some(v) => amount::tokens(&v.text).map_err(|e| with_name(&v, e)),
                None => Ok(0),
            }
        };
        let (read_apart, written) = (apart(Field::CacheReadApart)?, apart(Field::CacheWriteApart)?);
        let input = input
            .checked_add(read_apart)
            .and_then(|n| n.checked_add(written))
            .ok_or_else(|| format!("{input} input tokens and {read_apart} + {written} of the prompt cache overflow"))?;
        let cached = cached_within + read_apart; // at most the input, which holds both
        let reasoning = apart(Field::ReasoningApart)?;
        let output = output
            .checked_add(reasoning)
            .ok_or_else(|| format!("{output} output tokens and {reasoning} of reasoning overflow"))?;
        let cost = match (text_of(row, Field::CostDollars)?, text_of(row, Field::CostCents)?) {
            (Some(v), _) => {
                let cents = match text_of(row, Field::CostUnit)? {
                    None => false,
                    Some(u) => match u.text.trim().to_ascii_lowercase().as_str() {
                        "dollars" | "dollar" | "usd" | "$" => false,
                        "cents" | "cent" => true,
                        _ => {
                            return Err(with_name(
                                &u,
                                format!("must be \"dollars\" or \"cents\"; got {}", crate::settings::shown(&u.text)),
                            ))
                        }
                    },
                };
                Some(
                    if cents { amount::cents(&v.text) } else { amount::dollars(&v.text) }
                        .map_err(|e| with_name(&v, e))?,
                )
            }
            (None, Some(v)) => Some(amount::cents(&v.text).map_err(|e| with_name(&v, e))?),
            (None, None) => None,
        };
        // A $0 the logger wrote because it could not price the call is no cost (its reason,
        // an object, is there, not read).
        let unpriced = cost == Some(Nanos::ZERO) && !matches!(text_of(row, Field::CostFailed), Ok(None));
        let cost = if unpriced { None } else { cost };
        let cache_hit = match text_of(row, Field::CacheHit)? {
            Some(v) => status::cache_hit(&v.text).map_err(|e| with_name(&v, e))?,
            None => false,
        };
        let status = if cache_hit && status == Status::Ok { Status::CacheHit } else { status };
        let output = if embedding { 0 } else { output };
        // A cache hit never reached the model: no tokens, no cost.
        let (input, output, cost, cached, written) = if status == Status::CacheHit {
            (0, 0, Some(Nanos::ZERO), 0, 0)
        } else {
            (input, output, cost, cached, written)
        };
        let model = need(Field::Model)?;
        // No user is common, not an error (an empty Helicone user, a LiteLLM key-less
        // proxy, Langfuse's observations, OpenTelemetry spans): such calls are one
        // stand-in user, said in a note, rather than dropped from the bill.
        // A field is offered once a call fills it in: a LiteLLM log's `organization_id`,
        // null on every call, was offered, then refused as no call's.
        if self.sampled < per::SAMPLE {
            self.sampled += 1;
            for name in row.names() {
                let filled = matches!(row.named(&name), Ok(Some(v)) if !v.text.trim().is_empty());
                match self.seen.iter_mut().find(|(seen, _)| *seen == name) {
                    Some((_, was)) => *was |= filled,
                    None => self.seen.push((name, filled)),
                }
            }
        }
        let per = match &self.per {
            Some(name) => Some(row.named(name)?.filter(|v| !v.text.trim().is_empty())),
            None => None,
        };
        self.per_found |= per.as_ref().is_some_and(Option::is_some);
        let (who, by_key) = match per {
            Some(Some(v)) => (v.text, false),
            Some(None) => (std::borrow::Cow::Borrowed(NO_USER), false),
            None => match text_of(row, Field::User)? {
                Some(user) => (user.text, false),
                None => match text_of(row, Field::Key)? {
                    Some(key) => (counted_by::key_as_user(key.text, text_of(row, Field::KeyAlias)?), true),
                    None => (std::borrow::Cow::Borrowed(NO_USER), false),
                },
            },
        };
        let no_user = who == NO_USER;
        let key = text_of(row, Field::Key)?.map(|v| v.text).filter(|k| !k.trim().is_empty());
        let cohort = text_of(row, Field::Cohort)?.map(|v| v.text);
        let team = text_of(row, Field::Team)?;
        let request = text_of(row, Field::Request)?.map(|v| v.text);
        let (who, model) = (who.trim(), model.text.trim());
        let cohort_name = cohort.as_deref().map_or(LOGGED, str::trim);
        // The limits, before anything is numbered: a row past one is numbered nowhere.
        let known = self.users.get(who);
        if known.is_none() && self.cohorts.get(cohort_name).is_none() && self.cohorts.len() > usize::from(u16::MAX) {
            return Err(format!("cohort {}: a log may name at most {} cohorts", quoted(cohort_name), 1 << 16));
        }
        if self.models.get(model).is_none() && self.models.len() > usize::from(u16::MAX) {
            return Err(format!("model {}: a log may name at most {} models", quoted(model), 1 << 16));
        }
        if self.calls.len() >= u32::MAX as usize {
            return Err(format!("a log may have at most {} calls", u32::MAX));
        }
        // Every check is done: only now is anything numbered or counted.
        let user = match known {
            Some(user) => {
                let first = &self.cohorts.names[usize::from(self.user_cohort[user as usize])];
                self.other_cohort += u64::from(cohort.is_some() && first != cohort_name);
                user
            }
            None => {
                let (c, _) = self.cohorts.number(cohort_name);
                self.user_cohort.push(c as u16); // below 2^16: checked above
                self.users.number(who).0
            }
        };
        let model = self.models.number(model).0 as u16; // below 2^16: checked above
        let request = self.requests.number(user, request.as_deref().map(str::trim));
        self.by_key += u64::from(by_key);
        if no_user {
            self.no_user += 1;
            let logged = cost.unwrap_or(Nanos::ZERO).0;
            self.no_user_cost = Nanos(self.no_user_cost.0.checked_add(logged).ok_or("the logged costs overflow")?);
        }
        self.no_end += u64::from(no_end);
        self.no_zone += u64::from(!when::names_zone(&start.text));
        if at < self.last_at {
            self.out_of_order += 1;
        }
        self.last_at = at;
        if cost.is_some() || !self.costs.is_empty() {
            keep_room(&mut self.costs, self.calls.capacity());
            self.costs.resize(self.calls.len(), None); // the calls before the first with a cost
            self.costs.push(cost);
        }
        if status == Status::Failed || !self.failed.is_empty() {
            keep_room(&mut self.failed, self.calls.capacity());
            self.failed.resize(self.calls.len(), false); // the calls before the first failed one
            self.failed.push(status == Status::Failed);
        }
        self.cache_hits += u64::from(status == Status::CacheHit);
        self.embeddings += u64::from(embedding);
        self.logged_free += u64::from(status == Status::Ok && cost == Some(Nanos::ZERO) && input + output > 0);
        self.unpriced += u64::from(unpriced);
        if written > 0 {
            self.cache_writes.0 += 1;
            self.cache_writes.1 = self.cache_writes.1.saturating_add(written); // said in a note only
        }
        if cached > 0 || !self.cached.is_empty() {
            keep_room(&mut self.cached, self.calls.capacity());
            self.cached.resize(self.calls.len(), 0); // the calls before the first with cached tokens
            self.cached.push(cached);
        }
        let mut named_key = None; // the row's key's number, when it names one
        if key.is_some() || !self.key_of_call.is_empty() {
            let mut no_key = || self.keys.number(NO_KEY).0;
            if self.key_of_call.is_empty() && !self.calls.is_empty() {
                keep_room(&mut self.key_of_call, self.calls.capacity());
                self.key_of_call.resize(self.calls.len(), no_key()); // the calls before the first with a key
            }
            let named = key.is_some();
            let number = match key {
                Some(key) => self.keys.number(key.trim()).0,
                None => no_key(),
            };
            self.key_of_call.push(number);
            named_key = named.then_some(number);
        }
        self.teams.see(user, named_key, team);
        self.calls.push(Call { at, user, model, request, input, output, latency });
        Ok(())
    }

    /// The log, sorted into time order if it was not; `skip` leaves bad rows out (else
    /// they are the error).
    pub fn finish(mut self, skip: bool) -> Result<Log, super::ReplayError> {
        use super::ReplayError;
        let format = self.format;
        if self.bad_count > 0 && !skip {
            return Err(ReplayError::BadRows { first: self.bad, count: self.bad_count });
        }
        let filled: Vec<String> =
            self.seen.iter().filter(|(_, filled)| *filled).map(|(name, _)| name.clone()).collect();
        let per_fields = per::choices(&filled);
        if let Some(field) = self.per.as_ref().filter(|_| !self.calls.is_empty()) {
            if !self.per_found || !per::says_who(field) {
                return Err(ReplayError::NoSuchField { field: field.clone(), fields: per_fields });
            }
        }
        if self.calls.is_empty() {
            return Err(ReplayError::NoCalls {
                not_calls: self.not_calls.iter().map(|&(w, n)| counted(n, w.0, w.1)).collect(),
                bad: self.bad_count,
                first_bad: self.bad.into_iter().next(),
            });
        }
        let mut notes = std::mem::take(&mut self.notes);
        self.counted_notes(format, &mut notes);
        if !self.costs.is_empty() && self.costs.len() < self.calls.len() {
            self.costs.resize(self.calls.len(), None);
        }
        if self.out_of_order > 0 {
            // Every call before the one above it: written newest first, as Helicone's export
            // tool and Langfuse's API write them, which is no disorder to warn of.
            let newest_first = self.calls.len() > 2 && self.out_of_order + 1 == self.calls.len() as u64;
            notes.push(if newest_first {
                "the log is written newest first: its calls are put in time order".to_string()
            } else {
                format!(
                    "{}: the calls are put in time order",
                    counted(
                        self.out_of_order,
                        "call starts before the call above it",
                        "calls start before the call above them"
                    )
                )
            });
            sort_by_time(&mut self.calls, &mut self.costs, &mut self.failed, &mut self.cached, &mut self.key_of_call);
        }
        fit(&mut self.calls, &mut self.costs, &mut self.failed, &mut self.cached, &mut self.key_of_call);
        // Keys that stand in for users (every call's user is its key) are the users.
        let named_keys = !self.key_of_call.is_empty();
        let keys = (named_keys && self.by_key < self.calls.len() as u64)
            .then_some(Keys { names: self.keys.names, of_call: self.key_of_call });
        let tenants = self.teams.finish(keys.as_ref(), named_keys, self.per.as_deref(), &mut notes);
        let cohorts = if self.cohorts.is_empty() { vec![LOGGED.to_string()] } else { self.cohorts.names };
        let cohorts = cohorts
            .into_iter()
            .map(|name| Cohort { label: if name == LOGGED { LOGGED_LABEL.into() } else { name.clone() }, name })
            .collect();
        let users =
            self.users.names.into_iter().zip(self.user_cohort).map(|(name, cohort)| User { name, cohort }).collect();
        Ok(Log {
            format: format.name(),
            cohorts,
            users,
            models: self.models.names,
            calls: self.calls,
            costs: self.costs,
            added_prices: PriceTable::default(),
            notes,
            skipped: self.bad_count,
            failed: self.failed,
            cache_hits: self.cache_hits,
            embeddings: self.embeddings,
            cached: self.cached,
            cached_prices: Vec::new(),
            per_fields,
            keys,
            tenants,
        })
    }
}

/// Which of two aliases is read: said after the note that names them.
pub fn alias_read(read: &str, other: &str) -> String {
    format!("{0} is read, or {1} where {0} is empty", quoted(read), quoted(other))
}
