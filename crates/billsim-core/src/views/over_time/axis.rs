//! The time axis of the over-time view: how a moment reads on the scenario's scale
//! (seconds from the start, a clock from midnight, or days), the round moments to mark on
//! it, and the money axis's round amounts.

use crate::engine::Nanos;
use crate::time::Instant;
use serde::{Deserialize, Serialize};

const SECOND: u64 = 1_000;
const MINUTE: u64 = 60 * SECOND;
const HOUR: u64 = 60 * MINUTE;
pub(crate) const DAY: u64 = 24 * HOUR;
/// Most round moments the time axis offers (the chart thins them to fit its width).
pub(crate) const TIME_TICKS: u64 = 12;

/// How the moments of a scenario read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Scale {
    /// Seconds from the start, to `unit_ms` (a power of ten): `0 s`, `0.25 s`, `12 s`.
    Seconds { unit_ms: u64 },
    /// A clock from midnight, to the minute: `06:00`, and `Day 2 06:00` after the first day.
    Clock,
    /// A clock to the second, for a span of two minutes or less that ends past them (a
    /// replayed log of a few seconds at 09:00): `09:00:05`, `Day 2 09:00:05`.
    ClockSeconds,
    /// Days from the start: `Day 3` on the axis, `Day 3 14:05` in a sentence.
    Days,
    /// A clock within day `day` (from 0) of a longer run, to the minute: `09:00` (a zoom
    /// into that day says which day once, in its title).
    ClockOn { day: u64 },
}

/// Which way a moment is rounded to the scale's unit: a sentence rounds so that what it
/// says stays true ("by" rounds up, "from" rounds down).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Round {
    Down,
    Up,
    Nearest,
}

/// A mark on an axis: where (milliseconds, or nano-dollars) and what it reads.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tick {
    pub at: u64,
    pub label: String,
}

/// The day moment `at` (milliseconds from the start) falls on, as every view, sentence and
/// `billsim` names it: counted from Day 1.
///
/// ```
/// use billsim_core::views::over_time::day_of;
/// assert_eq!(day_of(0), "Day 1");
/// assert_eq!(day_of(5 * 86_400_000 + 9 * 3_600_000), "Day 6");
/// ```
pub fn day_of(at: u64) -> String {
    format!("Day {}", at / DAY + 1)
}

impl Scale {
    /// The scale for an axis that ends at `end`: seconds up to two minutes, a clock up to
    /// two days, days beyond.
    pub fn for_end(end: Instant) -> Scale {
        match end.0 {
            e if e <= 2 * MINUTE => {
                // The largest power of ten no more than a hundredth of the span.
                let mut unit_ms = 1;
                while unit_ms * 10 * 100 <= e && unit_ms < SECOND {
                    unit_ms *= 10;
                }
                Scale::Seconds { unit_ms }
            }
            e if e <= 2 * DAY => Scale::Clock,
            _ => Scale::Days,
        }
    }

    /// The scale for an axis from `from` to `end`: as [`Scale::for_end`], but a clock to the
    /// second for a span of two minutes or less, whose minutes would mark nothing.
    ///
    /// ```
    /// use billsim_core::time::Instant;
    /// use billsim_core::views::over_time::{Round, Scale};
    /// let nine = 9 * 3_600_000;
    /// let scale = Scale::for_span(Instant(nine + 1_000), Instant(nine + 9_000));
    /// assert_eq!(scale, Scale::ClockSeconds);
    /// assert_eq!(scale.moment(nine + 5_400, Round::Down), "09:00:05");
    /// assert_eq!(Scale::for_span(Instant(0), Instant(9_000)), Scale::Seconds { unit_ms: 10 });
    /// assert_eq!(Scale::for_span(Instant(nine), Instant(nine + 3 * 60_000)), Scale::Clock);
    /// ```
    pub fn for_span(from: Instant, end: Instant) -> Scale {
        match Scale::for_end(end) {
            Scale::Clock | Scale::Days if end.0.saturating_sub(from.0) <= 2 * MINUTE => Scale::ClockSeconds,
            scale => scale,
        }
    }

    /// The smallest step a written moment shows.
    pub fn unit_ms(self) -> u64 {
        match self {
            Scale::Seconds { unit_ms } => unit_ms,
            Scale::ClockSeconds => SECOND,
            Scale::Clock | Scale::Days | Scale::ClockOn { .. } => MINUTE,
        }
    }

    /// The unit in words, for a table's caption: "minute", "0.01 s".
    pub fn unit_words(self) -> String {
        match self {
            Scale::Seconds { unit_ms } => seconds(unit_ms),
            Scale::ClockSeconds => "second".into(),
            Scale::Clock | Scale::Days | Scale::ClockOn { .. } => "minute".into(),
        }
    }

    /// `at` rounded to the unit, in milliseconds.
    pub fn round(self, at: u64, round: Round) -> u64 {
        let unit = self.unit_ms();
        let units = match round {
            Round::Down => at / unit,
            Round::Up => at.div_ceil(unit),
            Round::Nearest => (at + unit / 2) / unit,
        };
        units.saturating_mul(unit)
    }

    /// The moment `at` as a sentence says it, rounded as asked.
    ///
    /// ```
    /// use billsim_core::views::over_time::{Round, Scale};
    /// assert_eq!(Scale::Clock.moment(22 * 3_600_000 + 30_000, Round::Up), "22:01");
    /// assert_eq!(Scale::Clock.moment(24 * 3_600_000, Round::Up), "24:00");
    /// assert_eq!(Scale::Clock.moment(30 * 3_600_000, Round::Down), "Day 2 06:00");
    /// assert_eq!(Scale::Seconds { unit_ms: 10 }.moment(1_004, Round::Down), "1 s");
    /// assert_eq!(Scale::Days.moment(50 * 3_600_000, Round::Down), "Day 3 02:00");
    /// ```
    pub fn moment(self, at: u64, round: Round) -> String {
        let at = self.round(at, round);
        match self {
            Scale::Seconds { .. } => seconds(at),
            Scale::Clock if at == DAY => "24:00".into(),
            Scale::Clock if at < DAY => clock(at),
            Scale::Clock | Scale::Days => format!("{} {}", day_of(at), clock(at % DAY)),
            Scale::ClockSeconds if at == DAY => "24:00:00".into(),
            Scale::ClockSeconds if at < DAY => clock_seconds(at),
            Scale::ClockSeconds => format!("{} {}", day_of(at), clock_seconds(at % DAY)),
            Scale::ClockOn { day } if at == (day + 1) * DAY => "24:00".into(),
            Scale::ClockOn { day } if at / DAY == day => clock(at % DAY),
            Scale::ClockOn { .. } => format!("{} {}", day_of(at), clock(at % DAY)),
        }
    }

    /// A round moment as the axis marks it: `Day 3` for a day's start on the scale of days.
    fn tick_label(self, at: u64) -> String {
        match self {
            Scale::Days => day_of(at),
            Scale::Clock if at % DAY == 0 && at > 0 => day_of(at),
            _ => self.moment(at, Round::Down),
        }
    }

    /// Round moments from `from` to `to`, as many as fit in `most` (at least two when the
    /// span allows), each labelled.
    pub fn ticks(self, from: u64, to: u64, most: u64) -> Vec<Tick> {
        let steps: &[u64] = match self {
            Scale::Seconds { .. } => &[1, 2, 5, 10, 20, 50, 100, 200, 500, SECOND, 2 * SECOND, 5 * SECOND, 10 * SECOND],
            Scale::ClockSeconds => &[SECOND, 2 * SECOND, 5 * SECOND, 10 * SECOND, 15 * SECOND, 30 * SECOND, MINUTE],
            Scale::Clock | Scale::ClockOn { .. } => {
                &[MINUTE, 5 * MINUTE, 15 * MINUTE, 30 * MINUTE, HOUR, 2 * HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR]
            }
            Scale::Days => &[DAY, 2 * DAY, 7 * DAY, 14 * DAY, 28 * DAY, 91 * DAY, 364 * DAY],
        };
        let count = |step: u64| (to / step + 1).saturating_sub(from.div_ceil(step));
        let last = steps[steps.len() - 1];
        let step = steps.iter().copied().find(|&s| count(s) <= most.max(2)).unwrap_or_else(|| {
            // A span longer than the largest round step allows: whole multiples of it.
            last.saturating_mul(count(last).div_ceil(most.max(2)))
        });
        (from.div_ceil(step)..=to / step).map(|i| i * step).map(|at| Tick { at, label: self.tick_label(at) }).collect()
    }
}

/// `HH:MM` of a moment within a day.
fn clock(at: u64) -> String {
    format!("{:02}:{:02}", at / HOUR, at % HOUR / MINUTE)
}

/// `HH:MM:SS` of a moment within a day.
fn clock_seconds(at: u64) -> String {
    format!("{}:{:02}", clock(at), at % MINUTE / SECOND)
}

/// Milliseconds as seconds with no more decimals than they have: `1 s`, `0.25 s`.
fn seconds(ms: u64) -> String {
    let (whole, frac) = (ms / SECOND, ms % SECOND);
    if frac == 0 {
        return format!("{whole} s");
    }
    let digits = format!("{frac:03}");
    format!("{whole}.{} s", digits.trim_end_matches('0'))
}

/// Round amounts from zero to at least `top` (1-2-5 steps of at least a micro-dollar), no
/// more than `most` steps, each labelled in dollars (whole dollars, with no cents, on an
/// axis that steps by hundreds or more: "$8,000", not "$8,000.00"); the last is the axis's top.
///
/// ```
/// use billsim_core::engine::Nanos;
/// use billsim_core::views::over_time::money_ticks;
/// let labels: Vec<String> = money_ticks(Nanos(9_972_642_000), 5).into_iter().map(|t| t.label).collect();
/// assert_eq!(labels, ["$0.00", "$2.00", "$4.00", "$6.00", "$8.00", "$10.00"]);
/// ```
pub fn money_ticks(top: Nanos, most: u64) -> Vec<Tick> {
    let (top, most) = (top.0.max(1), most.max(1));
    let steps = (0..20u32).flat_map(|e| [1u64, 2, 5].map(|m| 10u64.checked_pow(e)?.checked_mul(m * Nanos::PER_MICRO)));
    let step = steps.flatten().find(|&s| top.div_ceil(s) <= most).unwrap_or(top);
    let whole = step % (100 * Nanos::PER_DOLLAR) == 0;
    (0..=top.div_ceil(step))
        .map(|i| {
            let at = i.saturating_mul(step);
            let micros = Nanos(at).micros();
            let label = if whole { crate::money::grouped_dollars(micros.dollars(0)) } else { micros.shown() };
            Tick { at, label }
        })
        .collect()
}

/// What the chart writes by a scale of tens, where the money axis starts: its ticks alone,
/// $0.10 to $10,000.00 evenly apart, did not say so to a reader who had not read the title.
pub const TENS_NOTE: &str = "a scale of tens: each step up is ten times the one below";

/// The lowest tick of a scale of tens: ten cents (a line below it is drawn at it).
pub const TENS_FLOOR: Nanos = Nanos(100_000_000);

/// A scale of tens from ten cents to at least `top`: $0.10, $1.00, $10.00, ...
///
/// ```
/// use billsim_core::engine::Nanos;
/// use billsim_core::views::over_time::tens_ticks;
/// let labels: Vec<String> = tens_ticks(Nanos(1_865_500_000_000)).into_iter().map(|t| t.label).collect();
/// assert_eq!(labels, ["$0.10", "$1.00", "$10.00", "$100.00", "$1,000.00", "$10,000.00"]);
/// ```
pub fn tens_ticks(top: Nanos) -> Vec<Tick> {
    let mut ticks = vec![TENS_FLOOR.0];
    while let Some(next) = ticks.last().filter(|&&t| t < top.0).and_then(|t| t.checked_mul(10)) {
        ticks.push(next);
    }
    if ticks.len() < 2 {
        ticks.push(TENS_FLOOR.0 * 10);
    }
    ticks.into_iter().map(|at| Tick { at, label: Nanos(at).micros().shown() }).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scale_follows_the_span_seconds_then_a_clock_then_days() {
        assert_eq!(Scale::for_end(Instant(1_205)), Scale::Seconds { unit_ms: 10 });
        assert_eq!(Scale::for_end(Instant(90)), Scale::Seconds { unit_ms: 1 });
        assert_eq!(Scale::for_end(Instant(23 * HOUR)), Scale::Clock);
        assert_eq!(Scale::for_end(Instant(30 * DAY)), Scale::Days);
    }

    #[test]
    fn ticks_are_round_moments_inside_the_axis_and_no_more_than_asked() {
        let day = Scale::Clock.ticks(21_861_000, 21_861_000 + 241 * 252_288, 12);
        let labels: Vec<&str> = day.iter().map(|t| t.label.as_str()).collect();
        assert_eq!(labels, ["08:00", "10:00", "12:00", "14:00", "16:00", "18:00", "20:00", "22:00"]);
        let second = Scale::Seconds { unit_ms: 10 }.ticks(0, 1_205, 8);
        let labels: Vec<&str> = second.iter().map(|t| t.label.as_str()).collect();
        assert_eq!(labels, ["0 s", "0.2 s", "0.4 s", "0.6 s", "0.8 s", "1 s", "1.2 s"]);
        let month = Scale::Days.ticks(0, 30 * DAY, 8);
        assert_eq!(
            month.iter().map(|t| t.label.as_str()).collect::<Vec<_>>(),
            ["Day 1", "Day 8", "Day 15", "Day 22", "Day 29"]
        );
    }

    #[test]
    fn a_moment_rounds_the_way_its_sentence_needs() {
        let at = 6 * HOUR + 4 * MINUTE + 21 * SECOND;
        assert_eq!(Scale::Clock.moment(at, Round::Down), "06:04");
        assert_eq!(Scale::Clock.moment(at, Round::Up), "06:05");
        assert_eq!(Scale::Clock.moment(at, Round::Nearest), "06:04");
        assert_eq!(Scale::Clock.moment(6 * HOUR, Round::Up), "06:00", "a round moment stays");
        let day_6 = Scale::ClockOn { day: 5 };
        assert_eq!(day_6.moment(5 * DAY + at, Round::Down), "06:04", "within its day, the clock alone");
        assert_eq!(day_6.moment(6 * DAY, Round::Down), "24:00");
        assert_eq!(day_6.moment(4 * DAY + at, Round::Down), "Day 5 06:04", "another day says which");
        let ticks = day_6.ticks(5 * DAY + 9 * HOUR, 5 * DAY + 14 * HOUR, 6);
        let labels: Vec<&str> = ticks.iter().map(|t| t.label.as_str()).collect();
        assert_eq!(labels, ["09:00", "10:00", "11:00", "12:00", "13:00", "14:00"]);
    }

    #[test]
    fn money_ticks_step_by_one_two_five_and_reach_the_top() {
        let labels = |top: u64, most| money_ticks(Nanos(top), most).into_iter().map(|t| t.label).collect::<Vec<_>>();
        assert_eq!(labels(960_000_000, 5), ["$0.00", "$0.20", "$0.40", "$0.60", "$0.80", "$1.00"]);
        assert_eq!(labels(2_500_000_000, 5), ["$0.00", "$0.50", "$1.00", "$1.50", "$2.00", "$2.50"]);
        assert_eq!(labels(0, 5), ["$0.00", "$0.000001"], "nothing spent still has an axis");
        assert_eq!(labels(3_000, 4), ["$0.00", "$0.000001", "$0.000002", "$0.000003"]);
        assert_eq!(labels(9_500_000_000_000, 5), ["$0", "$2,000", "$4,000", "$6,000", "$8,000", "$10,000"], "no cents");
        assert_eq!(labels(95_000_000_000, 5), ["$0.00", "$20.00", "$40.00", "$60.00", "$80.00", "$100.00"]);
        assert_eq!(money_ticks(Nanos(u64::MAX), 5).last().unwrap().at, u64::MAX, "no overflow at the far end");
    }
}
