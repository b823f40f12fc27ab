//! What lesson 001's widget shows under its chart, for the policy it frames: what each
//! weakness switched on did in this run, the last lines of the blocked-call log, and the
//! tutorial's `/usage` page at the end of the day (with a sentence on its example prices).
//! Every word and number is here; the page only shows the panels.

use super::blocked_log::last_lines;
use super::day::{self, most_one_call_costs};
use super::{day_start_unix, Policy, Settings, Usage, POLICIES_ALLOWED};
use crate::engine::{process_of, Event, Nanos, Outcome, Reason, RunError};
use crate::scenario::{Scenario, ScenarioRun, Values};
use crate::settings::{shown, Invalid};
use crate::time::{clock, Instant};
use crate::views::panels::Panel;
use crate::views::table::Table;
use crate::words::{counted, grouped};

/// The blocked-call log's lines the panel shows: the day's last.
pub const LOG_LINES: usize = 8;

/// The policy named `policy` (one of [`super::POLICIES`]).
fn framed(policy: &str) -> Result<Policy, RunError> {
    Policy::ALL
        .into_iter()
        .find(|p| p.name() == policy.trim())
        .ok_or_else(|| RunError::Setting(Invalid { allowed: POLICIES_ALLOWED, got: shown(policy) }.on("policy")))
}

/// The panels of day `seed` with `values`, for `policy` (one of [`super::POLICIES`]).
pub fn panels(scenario: &Scenario, seed: u32, values: &Values, policy: &str) -> Result<Vec<Panel>, RunError> {
    let framed = framed(policy)?;
    let settings = framed.runs_with(&Settings::from_values(values));
    // The day the widget's chart shows, kept with every event: not run again here.
    let run = crate::scenario::last_run::run(scenario, seed, values)?;
    let day = Day::of(&run, framed, &settings);
    Ok(vec![day.weaknesses(), day.blocked_log(), day.usage()])
}

/// What `GET /usage` answers at the end of day `seed` under `policy`: a page per server
/// process, each counting since its last start (the usage panel's rows, which the command
/// line prints as the app's JSON).
pub fn usage_pages(scenario: &Scenario, seed: u32, values: &Values, policy: &str) -> Result<Vec<Usage>, RunError> {
    let framed = framed(policy)?;
    let settings = framed.runs_with(&Settings::from_values(values));
    let run = crate::scenario::last_run::run(scenario, seed, values)?;
    Ok(Day::of(&run, framed, &settings).usage_pages())
}

/// The framed policy's day, as the panels read it. Money added up here is part of the
/// bill, which the engine added up checked: no sum of it can overflow.
struct Day<'a> {
    run: &'a ScenarioRun,
    policy: Policy,
    /// The framed policy's outcome in `run`.
    outcome: &'a Outcome,
    settings: &'a Settings,
    /// The policy's button label, quoted, as the sentences name it.
    named: String,
    events: &'a [Event],
}

impl<'a> Day<'a> {
    fn of(run: &'a ScenarioRun, policy: Policy, settings: &'a Settings) -> Day<'a> {
        // The scenario runs its policies in the order of `Policy::ALL`.
        let outcome = &run.policies[policy as usize];
        let events = outcome.events.as_deref().unwrap_or(&[]);
        let named = format!("\"{}\"", super::POLICIES[policy as usize].label);
        Day { run, policy, outcome, settings, named, events }
    }

    /// The process each event went to: events are in the engine's order, one per call,
    /// as no call of this scenario is dropped (each request is one call).
    fn process(&self, event: usize) -> usize {
        process_of(event, self.settings.processes as usize)
    }

    fn has_limit(&self) -> bool {
        matches!(self.policy, Policy::RateLimit | Policy::RateLimitAndCap | Policy::RateLimitAndSetAsideCap)
    }

    fn has_cap(&self) -> bool {
        !matches!(self.policy, Policy::NoLimit | Policy::RateLimit)
    }

    fn bill(&self) -> Nanos {
        self.outcome.bill
    }

    fn cap(&self) -> String {
        self.settings.cap.shown()
    }

    /// Users of `cohort`: (calls, refused by the request limit, charged, refused by the
    /// cap), each.
    fn cohort(&self, cohort: u16) -> impl Iterator<Item = (u32, u32, Nanos, u32)> + '_ {
        let name = self.run.cohorts.get(usize::from(cohort)).map(|c| c.name.as_str());
        self.run.users.iter().zip(&self.outcome.per_user).filter(move |(u, _)| Some(u.cohort.as_str()) == name).map(
            |(u, o)| {
                (u.calls, o.refused_by.get(Reason::RateLimit), o.charged, o.refused_by.get(Reason::DailyCapReached))
            },
        )
    }

    /// One sentence per weakness switched on, or one that says the switches are there.
    fn weaknesses(&self) -> Panel {
        let s = self.settings;
        let mut sentences: Vec<String> = [
            s.spoofed.then(|| self.spoofed()),
            s.shared_address.then(|| self.shared_address()),
            s.restart.map(|at| self.restart(at)),
            (s.processes > 1).then(|| self.processes()),
            (s.at_once > 1).then(|| self.at_once()),
        ]
        .into_iter()
        .flatten()
        .collect();
        if sentences.is_empty() {
            sentences.push(
                "Each weakness of the tutorial's security review is a switch above the chart (and a field of \"More \
                 settings\"): spoofed users, a shared address, a restart, several server processes and calls started \
                 at once. All are off in this run: every caller sends an X-User of their own to one server that never \
                 restarts."
                    .into(),
            );
        } else {
            sentences.insert(0, format!("Under {}:", self.named));
        }
        Panel { name: "weaknesses", title: "What the weaknesses did".into(), sentences, lines: vec![], table: None }
    }

    fn spoofed(&self) -> String {
        let (calls, limited, charged, capped) =
            self.cohort(day::SCRIPT).fold((0, 0, 0, 0), |(c, l, m, k), (uc, ul, um, uk)| {
                (c + u64::from(uc), l + u64::from(ul), m + um.0, k + u64::from(uk))
            });
        let sent = format!(
            "Spoofed users: the script sent {} under {} names, a new X-User each time",
            counted(calls, "request", "requests"),
            grouped(calls)
        );
        if !self.has_limit() {
            return format!("{sent}; there is no request limit here for the names to get round.");
        }
        let refused = match limited {
            0 => "none of them".to_string(),
            n => grouped(n),
        };
        // Under a cap the script can be stopped all the same: say by which guard.
        let cap = match capped {
            0 => String::new(),
            n => format!(", the cap refused {}", grouped(n)),
        };
        format!("{sent}: the request limit refused {refused}{cap}, and they cost {}.", Nanos(charged).micros().cents())
    }

    fn shared_address(&self) -> String {
        let limit = u64::from(self.settings.limit.get());
        let office: Vec<(u32, u32, Nanos, u32)> = self.cohort(day::OFFICE).collect();
        let calls: u64 = office.iter().map(|o| u64::from(o.0)).sum();
        let start = format!(
            "Shared address: an office of {} with no header share one address, {}",
            counted(office.len() as u64, "person", "people"),
            day::OFFICE_ADDRESS
        );
        if !self.has_limit() {
            return format!(
                "{start}; with no request limit, their {} are not counted together.",
                counted(calls, "request", "requests")
            );
        }
        let refused: u64 = office.iter().map(|o| u64::from(o.1)).sum();
        // Someone who sent fewer requests than the limit in the whole day could only be
        // refused because others used the address's limit up.
        let others: u64 = office.iter().filter(|o| u64::from(o.0) < limit).map(|o| u64::from(o.1)).sum();
        let whose = match others {
            0 => String::new(),
            n => format!(
                ", {} of them to people who sent fewer than {} all day: someone else had used their limit up",
                grouped(n),
                counted(limit, "request", "requests")
            ),
        };
        let refused = match refused {
            0 => "none".to_string(),
            n => grouped(n),
        };
        let cap = match office.iter().map(|o| u64::from(o.3)).sum::<u64>() {
            0 => String::new(),
            n => format!("; the cap refused {}", grouped(n)),
        };
        format!(
            "{start}: the request limit refused {refused} of their {}{whose}{cap}.",
            counted(calls, "request", "requests")
        )
    }

    fn restart(&self, at: Instant) -> String {
        let spent = |before: bool| {
            Nanos(self.events.iter().filter(|e| e.served && (e.at < at) == before).map(|e| e.charged.0).sum())
        };
        let (before, after) = (spent(true), spent(false));
        let cap = if self.has_cap() {
            format!(", against a {} daily cap that started again from $0.00", self.cap())
        } else {
            String::new()
        };
        format!(
            "Restart: the server restarted at {} UTC and every counter started again: {} was spent before it and {} \
             after, {} in the day{cap}.",
            clock(at.whole_seconds()),
            before.micros().cents(),
            after.micros().cents(),
            self.bill().micros().cents()
        )
    }

    fn processes(&self) -> String {
        let n = self.settings.processes;
        let start = format!("Processes: {n} server processes each kept their own counters, taking requests in turn");
        if !self.has_limit() && !self.has_cap() {
            return format!("{start}; with no limit there is nothing for them to count.");
        }
        let mut parts = Vec::new();
        if self.has_limit() {
            let (most, limit) = (self.most_in_a_window(), self.settings.limit.get());
            let window = self.settings.window.0 / 1_000;
            parts.push(if most > limit {
                format!(
                    "one caller got {} past the request limit in {window} s, where the limit is {limit}",
                    counted(u64::from(most), "request", "requests")
                )
            } else {
                format!(
                    "no caller sent enough to show it this time, but together they let up to {} requests per caller \
                     through in {window} s, where the limit is {limit}",
                    u64::from(limit) * u64::from(n)
                )
            });
        }
        if self.has_cap() {
            parts.push(format!("the day spent {} against a {} cap", self.bill().micros().cents(), self.cap()));
        }
        format!("{start}: {}.", parts.join(", and "))
    }

    /// The most calls of one key the request limit let through in any of its windows: served,
    /// or refused by what comes after it (the cap, which under the tutorial's app is spent
    /// before the script starts, so that none of the script's calls is served).
    fn most_in_a_window(&self) -> u32 {
        let window = self.settings.window.0;
        let mut by_key: Vec<Vec<u64>> = vec![Vec::new(); self.run.keys.len().max(self.run.users.len())];
        for e in self.events.iter().filter(|e| e.reason != Some(Reason::RateLimit)) {
            if let Some(times) = by_key.get_mut(e.key.unwrap_or(e.user) as usize) {
                times.push(e.at.0);
            }
        }
        let mut most = 0;
        for times in &by_key {
            // Times are in order; the window holds the calls less than `window` before the last.
            let mut first = 0;
            for (last, &t) in times.iter().enumerate() {
                while t - times[first] >= window {
                    first += 1;
                }
                most = most.max(last + 1 - first);
            }
        }
        most as u32
    }

    fn at_once(&self) -> String {
        let k = self.settings.at_once;
        let bill = self.bill();
        let cap = Nanos(self.settings.cap.0 * Nanos::PER_MICRO);
        let start = format!("Calls at once: the script started {k} calls at the same moment");
        match self.policy {
            Policy::NoLimit | Policy::RateLimit => {
                format!(
                    "{start}; there is no cap here for them to pass together, and the day spent {}.",
                    bill.micros().cents()
                )
            }
            Policy::RateLimitAndSetAsideCap => format!(
                "{start}; the set-aside cap held back a whole reply for each before letting it in, so the day ended \
                 at {}, not above the {} cap.",
                bill.micros().cents(),
                self.cap()
            ),
            Policy::DailyCap | Policy::RateLimitAndCap if bill > cap => {
                let (over, one) = (Nanos(bill.0 - cap.0), most_one_call_costs());
                let ended = format!(
                    "the day ended at {}, {} over the {} cap",
                    bill.micros().shown(),
                    over.micros().shown(),
                    self.cap()
                );
                let one = one.micros().cents();
                // Several processes or a restart give the day more than one cap: only
                // in one process that never restarted is every cent past it the batches'.
                let alone = self.settings.processes == 1 && self.settings.restart.is_none();
                if alone && over > most_one_call_costs() {
                    format!(
                        "{start}, and each batch passed the cap's check together: {ended}, more than the {one} one call \
                         at a time can carry it past."
                    )
                } else if alone {
                    format!("{start}; {ended}, within the {one} one call can carry it past: no batch added to it this time.")
                } else {
                    let mut more = Vec::new();
                    if self.settings.processes > 1 {
                        more.push(format!("each of the {} processes keeps a cap of its own", self.settings.processes));
                    }
                    if self.settings.restart.is_some() {
                        more.push("the restart starts the cap again".to_string());
                    }
                    format!("{start}; {ended}, but {}.", more.join(" and "))
                }
            }
            Policy::DailyCap | Policy::RateLimitAndCap => format!(
                "{start}; the day ended at {}, under the {} cap, so no batch got past the check.",
                bill.micros().cents(),
                self.cap()
            ),
        }
    }

    fn blocked_log(&self) -> Panel {
        // Only the lines shown are written: the day's log has thousands under a cap.
        let (n, last) =
            last_lines(self.run, self.outcome, day_start_unix(self.run.seed), LOG_LINES).unwrap_or_default();
        let out = self.outcome;
        let by = |r: Reason| out.per_user.iter().map(|u| u64::from(u.refused_by.get(r))).sum::<u64>();
        let sentence = match n {
            0 => format!("Under {}, the day wrote no line to blocked.log: no call was blocked.", self.named),
            n => {
                let reasons: Vec<String> = [Reason::RateLimit, Reason::DailyCapReached]
                    .into_iter()
                    .filter(|&r| by(r) > 0)
                    .map(|r| format!("{} \"{}\"", grouped(by(r)), r.name()))
                    .collect();
                let shown = n.min(LOG_LINES);
                format!(
                    "Under {}, the day wrote {} to blocked.log, one per blocked call ({}); {}:",
                    self.named,
                    counted(n as u64, "line", "lines"),
                    reasons.join(", "),
                    if shown == n { "here they are".to_string() } else { format!("the last {shown}") }
                )
            }
        };
        Panel {
            name: "blockedLog",
            title: "The blocked-call log".into(),
            sentences: vec![sentence],
            lines: last,
            table: None,
        }
    }

    /// The `/usage` page of each process at the end of the day: the calls served since it
    /// last started, and what they cost.
    /// Each process's page: its calls served since it last started, what they cost, and the
    /// policy's cap and limit ("none" where it has none).
    fn usage_pages(&self) -> Vec<Usage> {
        let processes = self.settings.processes as usize;
        let since = self.settings.restart.unwrap_or(Instant(0));
        let mut calls = vec![0u32; processes];
        let mut spent = vec![Nanos::ZERO; processes];
        for (i, e) in self.events.iter().enumerate().filter(|(_, e)| e.served && e.at >= since) {
            let p = self.process(i);
            calls[p] += 1;
            spent[p] = Nanos(spent[p].0 + e.charged.0);
        }
        (0..processes)
            .map(|p| {
                let mut page = Usage::new(self.settings, day_start_unix(self.run.seed), calls[p], spent[p]);
                if !self.has_cap() {
                    page.cap_usd = "none".into();
                }
                if !self.has_limit() {
                    page.rate_limit = "none".into();
                }
                page
            })
            .collect()
    }

    fn usage(&self) -> Panel {
        let processes = self.settings.processes as usize;
        let rows = (self.usage_pages().into_iter().enumerate())
            .map(|(p, page)| {
                let mut row =
                    vec![page.day, grouped(u64::from(page.calls)), page.spent_usd, page.cap_usd, page.rate_limit];
                if processes > 1 {
                    row.insert(0, (p + 1).to_string());
                }
                row
            })
            .collect();
        let mut columns: Vec<String> =
            ["Day", "Calls", "Spent (USD)", "Cap (USD)", "Rate limit"].into_iter().map(String::from).collect();
        if processes > 1 {
            columns.insert(0, "Process".into());
        }
        let mut which = format!("What GET /usage answers at the end of the day under {}", self.named);
        if processes > 1 {
            which.push_str(", one page per process, each with its own counts");
        }
        if let Some(at) = self.settings.restart {
            which.push_str(&format!(", counting only since the restart at {} UTC", clock(at.whole_seconds())));
        }
        let sentences = vec![
            format!("{which}."),
            "The prices are the tutorial's example numbers, $1 and $5 per million input and output tokens, not \
             published prices."
                .into(),
        ];
        let caption = match processes {
            1 => "GET /usage".to_string(),
            _ => "GET /usage, one row per server process".to_string(),
        };
        Panel {
            name: "usage",
            title: "The usage page".into(),
            sentences,
            lines: vec![],
            table: Some(Table { caption, columns, rows }),
        }
    }
}

#[cfg(test)]
mod tests;
