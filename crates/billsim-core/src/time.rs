//! Time in whole seconds. The toy day counts from 00:00 UTC; the server step counts from 1970.

/// Whole seconds.
pub type Seconds = u64;

/// Seconds in a day: a daily budget resets every `DAY`, a steady one refills over `DAY`.
pub const DAY: Seconds = 86_400;
/// Seconds in an hour.
pub const HOUR: Seconds = 3_600;
/// Seconds in a minute: a request limit counts calls in any window this long.
pub const MINUTE: Seconds = 60;

/// A wait as people say it: `1 h 0 min`, `12 min`, `45 s`, `3 h 20 min`.
///
/// ```
/// use billsim_core::time::say_wait;
/// assert_eq!(say_wait(3_600), "1 h 0 min");
/// assert_eq!(say_wait(61), "2 min");
/// assert_eq!(say_wait(45), "45 s");
/// ```
pub fn say_wait(seconds: Seconds) -> String {
    if seconds < MINUTE {
        return format!("{seconds} s");
    }
    let minutes = seconds.div_ceil(MINUTE); // never promise the budget back sooner than it is
    if minutes < 60 {
        format!("{minutes} min")
    } else {
        format!("{} h {} min", minutes / 60, minutes % 60)
    }
}

/// `HH:MM` for a second of the toy day.
pub fn clock(at: Seconds) -> String {
    let at = at % DAY;
    format!("{:02}:{:02}", at / HOUR, at % HOUR / MINUTE)
}

/// A moment, in whole milliseconds: from the start of a generated scenario, or from 1970
/// (UTC) for a replayed log. Arithmetic saturates: no moment wraps to the past.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
pub struct Instant(pub u64);

/// A length of time, in whole milliseconds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
pub struct Span(pub u64);

impl Span {
    pub const ZERO: Span = Span(0);
    pub const SECOND: Span = Span(1_000);

    /// `seconds` whole seconds.
    pub const fn seconds(seconds: u64) -> Span {
        Span(seconds.saturating_mul(1_000))
    }
}

impl Instant {
    /// The moment `seconds` whole seconds after the start.
    ///
    /// ```
    /// use billsim_core::time::{Instant, Span};
    /// assert_eq!(Instant::at_second(90).after(Span::seconds(30)), Instant::at_second(120));
    /// assert_eq!(Instant::at_second(125).whole_seconds(), 125);
    /// assert_eq!(Instant(u64::MAX).after(Span::SECOND), Instant(u64::MAX));
    /// ```
    pub const fn at_second(seconds: Seconds) -> Instant {
        Instant(seconds.saturating_mul(1_000))
    }

    /// This moment plus `span`, saturating.
    pub const fn after(self, span: Span) -> Instant {
        Instant(self.0.saturating_add(span.0))
    }

    /// The time from `earlier` to this moment (zero if `earlier` is later).
    pub const fn since(self, earlier: Instant) -> Span {
        Span(self.0.saturating_sub(earlier.0))
    }

    /// Whole seconds since the start, rounded down: what the per-second counts use.
    pub const fn whole_seconds(self) -> Seconds {
        self.0 / 1_000
    }
}

/// Year, month and day of a day number from 1970-01-01 (Howard Hinnant's
/// `civil_from_days`, for days on or after 1970): lesson 001's log dates and the calendar
/// months of a `"1mo"` window.
pub fn civil_from_days(days: u64) -> (u64, u64, u64) {
    let z = days + 719_468;
    let era = z / 146_097;
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + u64::from(m <= 2), m, d)
}
