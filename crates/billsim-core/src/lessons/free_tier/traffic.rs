//! The lesson's two hours of traffic, seeded: normal users every 60 to 300 seconds, a
//! script on one account two requests a second for ten minutes from a seeded moment, and
//! sockpuppet accounts, each one burst of 8 requests half a second apart, the bursts
//! spread across the window. Every reply comes at once, so each request is settled
//! before the next arrives, as in the lesson's simulation.

use crate::engine::{BadTraffic, Call, Cohort, Traffic, User};
use crate::money::Tokens;
use crate::random::{tagged_stream, uniform};
use crate::time::{Instant, Span};

/// Tokens of a normal user's request, and of the script's and the sockpuppets'.
pub const NORMAL_TOKENS: Tokens = 1_500;
pub const ABUSE_TOKENS: Tokens = 3_000;
/// The model every request asks for, and the cheaper one "degrade" serves after the trip.
pub const MODEL: &str = "free";
pub const CHEAP_MODEL: &str = "small";

/// The window: two hours, in milliseconds.
pub const WINDOW: u64 = 7_200_000;
const TAG: &[u8; 8] = b"freetie1";
const SCRIPT_REQUESTS: u64 = 1_200;
const SCRIPT_GAP: u64 = 500;
const BURST: u64 = 8;
const BURST_GAP: u64 = 500;

/// How many users of each kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub normal: u32,
    pub script: u32,
    pub sockpuppets: u32,
}

/// The cohorts, in this order: normal users, the script, the sockpuppets.
pub fn cohorts() -> Vec<Cohort> {
    [("normal", "Normal users"), ("script", "Script"), ("sockpuppet", "Sockpuppets")]
        .into_iter()
        .map(|(name, label)| Cohort { name: name.into(), label: label.into() })
        .collect()
}

/// The traffic of run `seed`. Each user draws from their own stream, so changing how many
/// sockpuppets there are leaves the normal users' requests as they were.
pub fn traffic(seed: u32, counts: &Counts) -> Result<Traffic, BadTraffic> {
    if counts.normal == 0 && counts.script == 0 && counts.sockpuppets == 0 {
        return Err(BadTraffic(
            "normalUsers, scriptUsers, sockpuppets: at least one user of some kind; all three are 0".into(),
        ));
    }
    let mut users = Vec::new();
    let mut calls = Vec::new();
    let mut add = |name: String, cohort: u16, times: &mut dyn Iterator<Item = u64>, tokens: Tokens| {
        let user = users.len() as u32;
        users.push(User { name, cohort });
        for at in times {
            let request = calls.len() as u32;
            // A third in, two thirds out: the blended price makes the split cost nothing.
            calls.push(Call {
                at: Instant(at),
                user,
                model: 0,
                request,
                input: tokens / 3,
                output: tokens - tokens / 3,
                latency: Span::ZERO,
            });
        }
    };
    for i in 0..counts.normal {
        let mut rng = tagged_stream(TAG, seed, u64::from(i));
        let mut at = u64::from(uniform(&mut rng, 0, 300_000));
        let mut times = Vec::new();
        while at < WINDOW {
            times.push(at);
            at += u64::from(uniform(&mut rng, 60_000, 300_000));
        }
        add(format!("user{i}"), 0, &mut times.into_iter(), NORMAL_TOKENS);
    }
    for j in 0..counts.script {
        let mut rng = tagged_stream(TAG, seed, 1_000_000 + u64::from(j));
        let start = u64::from(uniform(&mut rng, 0, (WINDOW - SCRIPT_REQUESTS * SCRIPT_GAP) as u32));
        let name = if counts.script == 1 { "script".to_string() } else { format!("script{j}") };
        add(name, 1, &mut (0..SCRIPT_REQUESTS).map(|k| start + k * SCRIPT_GAP), ABUSE_TOKENS);
    }
    let slot = WINDOW / u64::from(counts.sockpuppets.max(1));
    for k in 0..counts.sockpuppets {
        let mut rng = tagged_stream(TAG, seed, 2_000_000 + u64::from(k));
        // Somewhere in its own slot of the window, the whole burst inside it.
        let room = slot.saturating_sub((BURST - 1) * BURST_GAP + 1);
        let start = u64::from(k) * slot + u64::from(uniform(&mut rng, 0, room as u32));
        add(format!("sock{k}"), 2, &mut (0..BURST).map(|n| start + n * BURST_GAP), ABUSE_TOKENS);
    }
    Traffic::new(cohorts(), users, vec![MODEL.into(), CHEAP_MODEL.into()], calls)
}
