//! A policy: an ordered list of guards, how many server processes keep their own copy of
//! every count, and what a refusal does (refuse, or try the next cheaper model of a
//! ladder). Plain data: it serializes, so a file can say it.

use crate::engine::guard::Guard;
use crate::engine::language::WhenFull;
use crate::engine::ledger::Tier;

/// Serializes in the policy language (`engine/policy_file/write.rs`), as a file says it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Policy {
    /// The stable name, in JSON, the address and the command line.
    pub name: String,
    /// The guards, in the order they check a call: the first that refuses gives the reason.
    pub guards: Vec<Guard>,
    /// Server processes, each with its own counts; calls go to them in turn. 1 unless set.
    pub processes: u32,
    /// A degrade ladder: model names, the most expensive first. A call on one of them that
    /// a money guard refuses (a reason that [`crate::engine::Reason::degrades`]) is checked
    /// again, by every guard, on each cheaper model in turn, and served on the first that
    /// fits, counted as degraded; refused only when the cheapest does not fit. Empty: a
    /// refusal is final.
    pub ladder: Vec<String>,
}

impl Policy {
    /// The tier of `cohort` in the policy's per-tenant ledger (its daily and monthly
    /// budgets), if it keeps one.
    pub fn ledger_tier(&self, cohort: &str) -> Option<&Tier> {
        self.guards.iter().find_map(|g| match g {
            Guard::TenantLedger { tiers, .. } => tiers.iter().find(|t| t.cohort == cohort),
            _ => None,
        })
    }

    /// A policy of `guards` in one process.
    pub fn new(name: &str, guards: Vec<Guard>) -> Policy {
        Policy { name: name.to_string(), guards, processes: 1, ladder: Vec::new() }
    }

    /// This policy with a degrade `ladder` (model names, the most expensive first).
    pub fn with_ladder(mut self, ladder: &[&str]) -> Policy {
        self.ladder = ladder.iter().map(|m| m.to_string()).collect();
        self
    }

    /// `policies` given as data (a file, the page's editor) labelled as a reader reads them:
    /// one that is one of `known` as it was (its name and every number) keeps that one's
    /// label from `labels` ("Daily cost budget $0.25"), any other is labelled by `other`
    /// (a lesson's run by its name, a replay by what it limits).
    pub fn labelled_as(
        policies: Vec<Policy>,
        known: &[Policy],
        labels: &[String],
        other: impl Fn(&Policy) -> String,
    ) -> (Vec<Policy>, Vec<String>) {
        let label = |p: &Policy| known.iter().position(|k| k == p).and_then(|i| labels.get(i).cloned());
        let labels = policies.iter().map(|p| label(p).unwrap_or_else(|| other(p))).collect();
        (policies, labels)
    }

    /// What it limits, in a few words, for a label where it has none of its own: its
    /// guards' ([`crate::engine::language::Point::words`]) one after another, a per-tenant
    /// ledger as each tenant's budgets by its tier, its degrade ladder last; "No limit"
    /// for a policy of no guard.
    pub fn words(&self) -> String {
        let guards: Vec<String> = (self.guards.iter())
            .map(|g| g.point().map_or_else(|| "each tenant's budgets by its tier".to_string(), |p| p.words()))
            .collect();
        if guards.is_empty() {
            return "No limit".to_string();
        }
        let ladder = match self.ladder.split_first() {
            Some((_, cheaper)) if !cheaper.is_empty() => {
                format!("; refused calls go down to {}", cheaper.join(", then "))
            }
            _ => String::new(),
        };
        crate::words::capitalised(&format!("{}{ladder}", guards.join("; ")))
    }

    /// Where it names `model`, as one to switch a call to or as the one a guard counts, as a
    /// run's refusal says it: `name.ladder[1]`, `name.guards[0].whenFull.degradeTo`,
    /// `name.guards[2].model`.
    pub fn field_naming(&self, model: &str) -> Option<String> {
        if let Some(k) = self.ladder.iter().position(|m| m == model) {
            return Some(format!("{}.ladder[{k}]", self.name));
        }
        let degrades = |g: &Guard| g.point().is_some_and(|p| p.when_full == WhenFull::DegradeTo(model.to_string()));
        if let Some(j) = self.guards.iter().position(degrades) {
            return Some(format!("{}.guards[{j}].whenFull.degradeTo", self.name));
        }
        let counts = |g: &Guard| g.point().is_some_and(|p| p.model.as_deref() == Some(model));
        let j = self.guards.iter().position(counts)?;
        Some(format!("{}.guards[{j}].model", self.name))
    }

    /// The models it may switch a call to, by name: its ladder's and its degrade guards'.
    pub fn models_named(&self) -> impl Iterator<Item = String> + '_ {
        // Every guard as the language says it: a spend ceiling's and a limit's `whenFull`.
        let degrade = self.guards.iter().filter_map(|g| match g.point()?.when_full {
            WhenFull::DegradeTo(model) => Some(model),
            WhenFull::Refuse => None,
        });
        self.ladder.iter().cloned().chain(degrade)
    }
}
