//! The notes a log's reading counts its way to: the bad rows left out, the records not
//! calls, the calls with no user, failed, cached or logged at $0, and what was assumed.

use super::{alias_read, Builder, NO_USER};
use crate::engine::Nanos;
use crate::replay::{status, Format};
use crate::visible_text::quoted;
use crate::words::counted;

impl Builder {
    /// Adds to `notes` what the reading counted, in the order a reader meets it, for a log
    /// of `format`.
    pub(super) fn counted_notes(&self, format: Format, notes: &mut Vec<String>) {
        if self.bad_count > 0 {
            notes.push(format!(
                "{} left out (the first: {})",
                counted(self.bad_count, "bad row", "bad rows"),
                self.bad[0]
            ));
        }
        if let Some((line, id)) = &self.repeats.first {
            notes.push(format!(
                "{} the id and start time of a record read before: left out, so that no call counts twice (the first: line {line}, \
                 {})",
                counted(self.repeats.count, "record repeats", "records repeat"),
                quoted(id)
            ));
        }
        for (field, read, other, n) in &self.aliases {
            notes.push(format!(
                "{} the {} as both {} and {}: {}",
                counted(*n, "record gives", "records give"),
                field.said(),
                quoted(read),
                quoted(other),
                alias_read(read, other)
            ));
        }
        for &((one, many), n) in &self.assumed {
            notes.push(counted(n, one, many));
        }
        for &((one, many), n) in &self.not_calls {
            let not = if n == 1 { "it is not a model call" } else { "they are not model calls" };
            notes.push(format!("{} left out: {not}", counted(n, one, many)));
        }
        if self.by_key > 0 {
            notes.push(format!(
                "{} no user: their API key stands for the user",
                counted(self.by_key, "call names", "calls name")
            ));
        }
        if self.no_user > 0 {
            let cost = if self.no_user_cost == Nanos::ZERO {
                String::new()
            } else {
                format!(" (their logged cost: {})", self.no_user_cost.exact_dollars())
            };
            notes.push(format!(
                "{} no user: they are replayed as one stand-in user, {}{cost} ({})",
                counted(self.no_user, "call names", "calls name"),
                quoted(NO_USER),
                format.where_users_are()
            ));
        }
        notes.extend(status::notes(
            self.failed.iter().filter(|&&f| f).count() as u64,
            self.cache_hits,
            self.embeddings,
            self.logged_free,
            self.unpriced,
        ));
        if self.cache_writes.0 > 0 {
            notes.push(format!(
                "{} {} input tokens to the prompt cache: they are charged the input price when no cost is \
                 logged, as the price table has no cache-write price (a provider may charge more: Anthropic, 1.25 \
                 times the input price for a five-minute cache)",
                counted(self.cache_writes.0, "call wrote", "calls wrote"),
                crate::words::grouped(self.cache_writes.1)
            ));
        }
        if self.no_end > 0 {
            let (finish, start, them) = if self.no_end == 1 {
                ("it finishes", "it starts", "it")
            } else {
                ("they finish", "they start", "them")
            };
            notes.push(format!(
                "{} no end time or latency: {finish} the moment {start}, and no limit of calls in flight counts {them}",
                counted(self.no_end, "call has", "calls have"),
            ));
        }
        if self.no_zone > 0 {
            notes.push(format!(
                "{} no time zone: read as UTC (a log of local times is then off by their offset)",
                counted(self.no_zone, "call's start names", "calls' starts name")
            ));
        }
        if self.other_cohort > 0 {
            notes.push(format!(
                "{} another cohort for its user than the user's first row: a user stays in the cohort of its first row",
                counted(self.other_cohort, "row names", "rows name")
            ));
        }
    }
}
