//! A range of days asked for on the command line, and whether the day numbers (which end
//! at 4294967295) cut it short: billsim says so rather than print fewer days in silence.

use billsim_core::lessons::toy_day::many_days::days_from;
use billsim_core::words::counted;
use std::fmt;

/// How a range was cut short, said on stderr (the JSON of `days` says it as `askedFor`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cut {
    /// How many days were asked for (the output's `count` is how many ran).
    pub count_asked: u32,
    pub count: u32,
    pub reason: String,
}

impl fmt::Display for Cut {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "ran {}, not the {} asked for: {}",
            counted(self.count.into(), "day", "days"),
            self.count_asked,
            self.reason
        )
    }
}

/// `None` when all `asked` days from `from` exist.
pub fn cut(from: u32, asked: u32) -> Option<Cut> {
    let count = days_from(from, asked);
    (count < asked).then(|| Cut { count_asked: asked, count, reason: format!("day numbers end at {}", u32::MAX) })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_range_is_cut_only_past_the_last_day_number() {
        assert_eq!(cut(u32::MAX - 2, 3), None);
        assert_eq!(cut(0, 1_000_000), None);
        let c = cut(u32::MAX, 3).expect("cut");
        assert_eq!(c.to_string(), "ran 1 day, not the 3 asked for: day numbers end at 4294967295");
        assert_eq!(cut(u32::MAX - 1, 5).map(|c| c.count), Some(2));
    }
}
