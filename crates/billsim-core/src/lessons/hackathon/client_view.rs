//! Lesson 001's own picture: what the tutorial's client sees. Its two runs replayed through
//! the engine (`demo.py rate`: 200, 200, then 429 with `Retry-After: 58`; `demo.py cap`:
//! three 200s whose day's spend passes the $0.0008 cap, then 429), each answer as the
//! client gets it, and the check-only cap's overshoot against the cap line. Every word and
//! amount a reader sees is here; the chart draws it.

use crate::engine::{Nanos, RunError};
use crate::lessons::hackathon::replay::{cap_settings, rate_settings, replay, Answer, Sent, CAP_RUN, RATE_RUN};
use crate::lessons::hackathon::{six_decimals, Settings};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ClientView {
    /// "What the tutorial's client sees, its two runs replayed".
    pub title: String,
    pub runs: Vec<ClientRun>,
}

/// One run of `demo.py`: its answers in order, and the day's spend after each.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ClientRun {
    /// "python demo.py rate: a limit of 2 requests per 60 s".
    pub heading: String,
    pub responses: Vec<Response>,
    /// The day's cap, in nano-dollars, and in words ("cap $0.0008").
    #[serde(rename = "capNanos")]
    pub cap: Nanos,
    pub cap_label: String,
    /// The spend past the cap by the run's end, in words, where there is any: "$0.000424
    /// past the cap: the call checked under it was charged after".
    pub overshoot: String,
    /// The run in words, for the status line and the text alternative.
    pub sentence: String,
}

/// One answer as the client gets it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Response {
    pub user: String,
    pub status: u16,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub retry_after: Option<u64>,
    /// Its status and Retry-After in words: "200", "429 Retry-After: 58".
    pub words: String,
    /// The Retry-After header as sent, "Retry-After: 58"; empty where none is.
    pub retry: String,
    /// The day's spend after it, in nano-dollars (the last one's after a refusal).
    #[serde(rename = "spentNanos")]
    pub spent: Nanos,
    /// That spend in words: "$0.000206".
    pub spent_words: String,
}

/// The tutorial's two runs as its client sees them.
///
/// ```
/// use billsim_core::lessons::hackathon::client_view::client_view;
/// let view = client_view().unwrap();
/// let rate: Vec<&str> = view.runs[0].responses.iter().map(|r| r.words.as_str()).collect();
/// assert_eq!(rate, ["200", "200", "429 Retry-After: 58", "200"]);
/// assert!(view.runs[1].overshoot.starts_with("$0.000424 past the cap"));
/// ```
pub fn client_view() -> Result<ClientView, RunError> {
    let rate = run(
        "python demo.py rate: a limit of 2 requests per 60 s, so ana's third is refused and ben is served",
        &RATE_RUN,
        &rate_settings(),
    )?;
    let cap = run(
        "python demo.py cap: a daily cap of $0.0008, checked before each call and charged after",
        &CAP_RUN,
        &cap_settings(),
    )?;
    Ok(ClientView { title: "What the tutorial's client sees: its two runs, replayed".into(), runs: vec![rate, cap] })
}

fn run(heading: &str, sent: &[Sent], settings: &Settings) -> Result<ClientRun, RunError> {
    let answers: Vec<Answer> = replay(sent, settings)?.answers;
    let mut spent = Nanos::ZERO;
    let responses: Vec<Response> = answers
        .iter()
        .map(|a| {
            spent = a.spent.unwrap_or(spent);
            let words = match a.retry_after {
                Some(s) => format!("{} Retry-After: {s}", a.status),
                None => a.status.to_string(),
            };
            Response {
                user: a.user.to_string(),
                status: a.status,
                retry_after: a.retry_after,
                retry: a.retry_after.map_or(String::new(), |s| format!("Retry-After: {s}")),
                words,
                spent,
                spent_words: format!("${}", six_decimals(spent)),
            }
        })
        .collect();
    let cap = Nanos(settings.cap.0.saturating_mul(Nanos::PER_MICRO));
    let over = Nanos(spent.0.saturating_sub(cap.0));
    let cap_words = settings.cap.exact_dollars();
    let overshoot = match over.0 {
        0 => String::new(),
        _ => format!("${} past the cap: the call checked under it was charged after", six_decimals(over)),
    };
    let said: Vec<String> = responses.iter().map(|r| format!("{} {}", r.user, r.words)).collect();
    let past = match overshoot.is_empty() {
        true => String::new(),
        false => format!(", ${} past its {cap_words} cap", six_decimals(over)),
    };
    Ok(ClientRun {
        heading: heading.into(),
        sentence: format!(
            "{heading}. The client gets: {}; the day's spend ends at ${}{past}.",
            said.join(", "),
            six_decimals(spent)
        ),
        responses,
        cap,
        cap_label: format!("cap {cap_words}"),
        overshoot,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rate_run_answers_200_200_then_429_with_retry_after_58_and_ben_200() {
        let view = client_view().unwrap();
        let rate = &view.runs[0];
        let got: Vec<(&str, u16, Option<u64>)> =
            rate.responses.iter().map(|r| (r.user.as_str(), r.status, r.retry_after)).collect();
        assert_eq!(got, [("ana", 200, None), ("ana", 200, None), ("ana", 429, Some(58)), ("ben", 200, None)]);
        assert_eq!(rate.responses[3].spent_words, "$0.000317", "the tutorial's usage page");
        assert!(rate.overshoot.is_empty(), "a $1.00 cap is never reached");
    }

    #[test]
    fn the_cap_run_passes_the_cap_by_the_tutorials_000424_before_its_429() {
        let cap = &client_view().unwrap().runs[1];
        let spends: Vec<&str> = cap.responses.iter().map(|r| r.spent_words.as_str()).collect();
        assert_eq!(spends, ["$0.000358", "$0.000791", "$0.001224", "$0.001224"], "the tutorial's spends");
        assert_eq!(cap.responses[3].status, 429);
        assert_eq!(cap.cap, Nanos(800_000));
        assert_eq!(cap.cap_label, "cap $0.0008");
        assert_eq!(cap.overshoot, "$0.000424 past the cap: the call checked under it was charged after");
        assert!(
            cap.sentence.ends_with("the day's spend ends at $0.001224, $0.000424 past its $0.0008 cap."),
            "{}",
            cap.sentence
        );
    }
}
