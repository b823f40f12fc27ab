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
