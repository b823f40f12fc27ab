//! The blocked-call log, as the tutorial's `app.py` writes it: one JSON line per refusal,
//! `json.dumps({"time": ..., "user": ..., "reason": ...})`, with Python's separators
//! (`", "` and `": "`), its escapes (`ensure_ascii`), and the time as
//! `datetime.now(timezone.utc).isoformat(timespec="seconds")`.

use crate::engine::Outcome;
use crate::scenario::ScenarioRun;

/// `seconds` since 1970 (UTC) as the app's `isoformat(timespec="seconds")`:
/// `2026-11-11T09:15:02+00:00`.
///
/// ```
/// use billsim_core::lessons::hackathon::blocked_log::iso_time;
/// assert_eq!(iso_time(0), "1970-01-01T00:00:00+00:00");
/// assert_eq!(iso_time(1_794_355_200 + 9 * 3_600 + 15 * 60 + 2), "2026-11-11T09:15:02+00:00");
/// ```
pub fn iso_time(seconds: u64) -> String {
    let rest = seconds % 86_400;
    format!("{}T{:02}:{:02}:{:02}+00:00", date(seconds), rest / 3_600, rest % 3_600 / 60, rest % 60)
}

/// The UTC date of `seconds` since 1970: `2026-11-11`.
pub fn date(seconds: u64) -> String {
    let (y, m, d) = crate::time::civil_from_days(seconds / 86_400);
    format!("{y:04}-{m:02}-{d:02}")
}

/// A string as Python's `json.dumps` writes it: quoted, `"` and `\` escaped, the usual
/// short escapes, every other control character and everything beyond ASCII as `\uXXXX`
/// (a pair of them past U+FFFF).
///
/// ```
/// use billsim_core::lessons::hackathon::blocked_log::python_json_string;
/// assert_eq!(python_json_string("ana"), "\"ana\"");
/// assert_eq!(python_json_string("a\"b\\\n\u{1}é😀"), "\"a\\\"b\\\\\\n\\u0001\\u00e9\\ud83d\\ude00\"");
/// ```
pub fn python_json_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            ' '..='~' => out.push(c),
            _ => {
                let mut units = [0u16; 2];
                for unit in c.encode_utf16(&mut units) {
                    out.push_str(&format!("\\u{unit:04x}"));
                }
            }
        }
    }
    out.push('"');
    out
}

/// One line of the log: `{"time": "...", "user": "...", "reason": "..."}`.
pub fn line(seconds: u64, user: &str, reason: &str) -> String {
    format!(
        "{{\"time\": {}, \"user\": {}, \"reason\": {}}}",
        python_json_string(&iso_time(seconds)),
        python_json_string(user),
        python_json_string(reason)
    )
}

/// The log of one policy's day, from its event list (a run with [`crate::engine::Record::EVERYTHING`]),
/// each line ending in a newline; the day starts at `day_start` seconds since 1970. The
/// user is who the app took the caller to be: the key, when the traffic has keys. `None`
/// when the run kept no event list.
pub fn blocked_log(run: &ScenarioRun, outcome: &Outcome, day_start: u64) -> Option<String> {
    let mut out = String::new();
    for l in blocked(run, outcome, day_start)? {
        out.push_str(&l.line());
        out.push('\n');
    }
    Some(out)
}

/// How many lines [`blocked_log`] has, and its last `n` lines (without their newlines),
/// writing only those: a day of thousands of refusals is counted, not written out, when a
/// widget shows its last few at each click. `None` when the run kept no event list.
pub fn last_lines(run: &ScenarioRun, outcome: &Outcome, day_start: u64, n: usize) -> Option<(usize, Vec<String>)> {
    let count = blocked(run, outcome, day_start)?.count();
    let mut last: Vec<String> = blocked(run, outcome, day_start)?.rev().take(n).map(|l| l.line()).collect();
    last.reverse();
    Some((count, last))
}

/// One refusal of the log, not yet written.
struct Blocked<'a> {
    seconds: u64,
    user: &'a str,
    reason: &'static str,
}

impl Blocked<'_> {
    fn line(&self) -> String {
        line(self.seconds, self.user, self.reason)
    }
}

/// The refusals of `outcome`'s event list, in order (see [`blocked_log`]).
fn blocked<'a>(
    run: &'a ScenarioRun,
    outcome: &'a Outcome,
    day_start: u64,
) -> Option<impl DoubleEndedIterator<Item = Blocked<'a>>> {
    let events = outcome.events.as_ref()?;
    Some(events.iter().filter_map(move |e| {
        let reason = e.reason?;
        let user = match e.key {
            Some(k) => run.keys.get(k as usize),
            None => run.users.get(e.user as usize).map(|u| &u.name),
        };
        Some(Blocked {
            seconds: day_start + e.at.whole_seconds(),
            user: user.map_or("?", String::as_str),
            reason: reason.name(),
        })
    }))
}
