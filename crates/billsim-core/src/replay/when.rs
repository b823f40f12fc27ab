//! Moments as logs write them, read exactly into the engine's [`Instant`] (whole
//! milliseconds since 1970, UTC): ISO 8601 / RFC 3339 text, or a Unix number in seconds,
//! milliseconds, microseconds or nanoseconds. No floats: digits past the millisecond are
//! cut (a moment is never moved later).

use crate::engine::DAY_MS;
use crate::time::Instant;

/// The unit of a Unix number, when the column's name says it (`time_ms`, `startTimeUnixNano`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    Seconds,
    Millis,
    Micros,
    Nanos,
}

/// The endings of a time's name that say its unit, each with the unit, compared without case.
const ENDINGS: [(&str, Unit); 10] = [
    ("nanos", Unit::Nanos),
    ("nano", Unit::Nanos),
    ("ns", Unit::Nanos),
    ("micros", Unit::Micros),
    ("us", Unit::Micros),
    ("millis", Unit::Millis),
    ("ms", Unit::Millis),
    ("seconds", Unit::Seconds),
    ("secs", Unit::Seconds),
    ("sec", Unit::Seconds),
];

/// The same endings, for a name's reader to match (see [`crate::replay::columns::Spec::rank`]).
pub const UNIT_ENDINGS: [&str; 10] = {
    let mut names = [""; 10];
    let mut i = 0;
    while i < ENDINGS.len() {
        names[i] = ENDINGS[i].0;
        i += 1;
    }
    names
};

impl Unit {
    /// The unit a field's name ends with (`time_ms`, `time_us`, `timestamp_seconds`,
    /// `startTimeUnixNano`), if it says one.
    pub fn of_name(name: &str) -> Option<Unit> {
        let ends = |tail: &str| {
            name.len() >= tail.len() && name.as_bytes()[name.len() - tail.len()..].eq_ignore_ascii_case(tail.as_bytes())
        };
        ENDINGS.iter().find(|(tail, _)| ends(tail)).map(|&(_, unit)| unit)
    }

    /// By size, for a number whose column does not say: seconds up to 10^11 (the year
    /// 5138), milliseconds up to 10^14, microseconds up to 10^17, nanoseconds above.
    fn of_size(whole: u128) -> Unit {
        match whole {
            0..100_000_000_000 => Unit::Seconds,
            100_000_000_000..100_000_000_000_000 => Unit::Millis,
            100_000_000_000_000..100_000_000_000_000_000 => Unit::Micros,
            _ => Unit::Nanos,
        }
    }

    /// Digits of this unit in a millisecond, as a power of ten (negative: a second is 10^3 ms).
    fn ms_exponent(self) -> i32 {
        match self {
            Unit::Seconds => 3,
            Unit::Millis => 0,
            Unit::Micros => -3,
            Unit::Nanos => -6,
        }
    }
}

pub const TIME_ALLOWED: &str = "a moment in ISO 8601 (2025-05-01T09:30:00.250Z) or a Unix time in seconds, \
     milliseconds, microseconds or nanoseconds, from 1970 to 9999";

/// The last moment a log's call may have: the end of 9999, as ISO 8601 writes a year in four
/// digits (the results write each moment so). A time past it is a mistake, not a call.
pub const LAST: Instant = Instant(253_402_300_799_999);

/// Reads a moment: ISO 8601 text, or a Unix number in `unit` (by its size when `None`).
///
/// ```
/// use billsim_core::replay::when::{parse, Unit};
/// use billsim_core::time::Instant;
/// assert_eq!(parse("2025-05-01T09:30:00.250Z", None), Ok(Instant(1_746_091_800_250)));
/// assert_eq!(parse("2025-05-01 11:30:00.250+02:00", None), Ok(Instant(1_746_091_800_250)));
/// assert_eq!(parse("1746091800.25", None), Ok(Instant(1_746_091_800_250)));
/// assert_eq!(parse("1746091800250", None), Ok(Instant(1_746_091_800_250)));
/// assert_eq!(parse("1746091800250999999", None), Ok(Instant(1_746_091_800_250)));
/// assert_eq!(parse("5", Some(Unit::Millis)), Ok(Instant(5)));
/// assert!(parse("2025-02-30T00:00:00Z", None).is_err());
/// assert_eq!(parse("9999-12-31T23:59:59.999Z", None), Ok(billsim_core::replay::when::LAST));
/// assert!(parse("9999-12-31T23:59:59-01:00", None).is_err(), "past the end of 9999 in UTC");
/// assert!(parse("99999999999999999999999", None).unwrap_err().ends_with("to 9999; got \"99999999999999999999999\""));
/// assert!(parse("18446744073709551615", Some(Unit::Millis)).is_err());
/// ```
pub fn parse(text: &str, unit: Option<Unit>) -> Result<Instant, String> {
    let t = text.trim();
    let bad = || format!("must be {TIME_ALLOWED}; got {}", crate::settings::shown(t));
    let at = if looks_iso(t) { iso(t.as_bytes()).ok_or_else(bad)? } else { unix(t, unit)? };
    if at > LAST {
        return Err(bad());
    }
    Ok(at)
}

/// Whether a moment's text is ISO 8601 (`2025-...`), not a Unix number.
pub fn looks_iso(text: &str) -> bool {
    let b = text.trim().as_bytes();
    b.len() >= 10 && b[4] == b'-' && b[..4].iter().all(u8::is_ascii_digit)
}

/// Whether a moment's text says its time zone: ISO text with `Z` or an offset after its
/// date, or a Unix number (counted from 1970 UTC). ISO text without one is read as UTC.
///
/// ```
/// use billsim_core::replay::when::names_zone;
/// assert!(names_zone("2025-06-02T07:02:08Z") && names_zone("2025-06-02 09:02:08+02:00") && names_zone("1748851328"));
/// assert!(!names_zone("2025-06-02T07:02:08.123") && !names_zone("\"2025-06-02 07:02\""));
/// ```
pub fn names_zone(text: &str) -> bool {
    let t = text.trim().trim_matches('"');
    let after_date = t.get(10..).unwrap_or("");
    !looks_iso(t) || after_date.ends_with(['Z', 'z']) || after_date.contains(['+', '-'])
}

/// A moment as a log wrote it, for a message: ISO text as written, a Unix number with the
/// moment it was read as (its unit is guessed from its size where its field does not say).
pub fn as_read(text: &str, at: Instant) -> String {
    let t = text.trim();
    if looks_iso(t) {
        t.to_string()
    } else {
        format!("{t}, read as {}", iso_text(at))
    }
}

fn unix(t: &str, unit: Option<Unit>) -> Result<Instant, String> {
    let bad = || format!("must be {TIME_ALLOWED}; got {}", crate::settings::shown(t));
    if t.starts_with('-') {
        return Err(format!("must be a moment from 1970; got {}", crate::settings::shown(t)));
    }
    let (whole, frac) = t.split_once('.').unwrap_or((t, ""));
    let digits = |s: &str| s.bytes().all(|c| c.is_ascii_digit());
    if whole.is_empty() || !digits(whole) || !digits(frac) || whole.len() > 30 {
        return Err(bad());
    }
    let whole_n: u128 = whole.parse().map_err(|_| bad())?;
    let unit = unit.unwrap_or(Unit::of_size(whole_n));
    let exp = unit.ms_exponent();
    // Milliseconds = (whole.frac) x 10^exp, cut to a whole number.
    let ms: u128 = if exp >= 0 {
        let kept: String = frac.chars().take(exp as usize).collect();
        let kept = format!("{kept:0<width$}", width = exp as usize);
        let scaled = whole_n.checked_mul(10u128.pow(exp as u32)).ok_or_else(bad)?;
        scaled + if kept.is_empty() { 0 } else { kept.parse::<u128>().map_err(|_| bad())? }
    } else {
        whole_n / 10u128.pow((-exp) as u32)
    };
    u64::try_from(ms).map(Instant).map_err(|_| bad())
}

/// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (Howard Hinnant's
/// `days_from_civil`).
pub fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = i64::from((m + 9) % 12);
    let doy = (153 * mp + 2) / 5 + i64::from(d) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The date of a day counted from 1970-01-01 (`civil_from_days`).
pub fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { yoe + era * 400 + 1 } else { yoe + era * 400 }, m, d)
}

fn days_in_month(y: i64, m: u32) -> u32 {
    match m {
        2 if (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// `YYYY-MM-DD[(T| )HH:MM[:SS[(.|,)fraction]]][Z|±HH[:MM]]`; no zone is UTC.
fn iso(b: &[u8]) -> Option<Instant> {
    let mut p = Cursor { b, i: 0 };
    let year = p.number(4)? as i64;
    p.expect(b'-')?;
    let month = p.number(2)?;
    p.expect(b'-')?;
    let day = p.number(2)?;
    if !(1..=12).contains(&month) || day == 0 || day > days_in_month(year, month) {
        return None;
    }
    let (mut hour, mut minute, mut second, mut ms) = (0, 0, 0, 0);
    let mut offset_minutes: i64 = 0;
    if matches!(p.peek(), Some(b'T' | b't' | b' ')) {
        p.i += 1;
        hour = p.number(2)?;
        p.expect(b':')?;
        minute = p.number(2)?;
        if p.peek() == Some(b':') {
            p.i += 1;
            second = p.number(2)?;
            if matches!(p.peek(), Some(b'.' | b',')) {
                p.i += 1;
                let start = p.i;
                while p.peek().is_some_and(|c| c.is_ascii_digit()) {
                    p.i += 1;
                }
                let frac = &b[start..p.i];
                if frac.is_empty() {
                    return None;
                }
                for (k, &c) in frac.iter().take(3).enumerate() {
                    ms += u32::from(c - b'0') * 10u32.pow(2 - k as u32);
                }
            }
        }
        match p.peek() {
            Some(b'Z' | b'z') => p.i += 1,
            Some(sign @ (b'+' | b'-')) => {
                p.i += 1;
                let h = i64::from(p.number(2)?);
                if p.peek() == Some(b':') {
                    p.i += 1;
                }
                let m = if p.peek().is_some() { i64::from(p.number(2)?) } else { 0 };
                if h > 23 || m > 59 {
                    return None;
                }
                offset_minutes = if sign == b'+' { h * 60 + m } else { -(h * 60 + m) };
            }
            _ => {}
        }
    }
    if p.i != b.len() || hour > 23 || minute > 59 || second > 59 {
        return None;
    }
    let days = days_from_civil(year, month, day);
    let seconds = days * 86_400 + i64::from(hour * 3_600 + minute * 60 + second) - offset_minutes * 60;
    let ms_total = seconds.checked_mul(1_000)?.checked_add(i64::from(ms))?;
    u64::try_from(ms_total).ok().map(Instant)
}

struct Cursor<'a> {
    b: &'a [u8],
    i: usize,
}

impl Cursor<'_> {
    fn peek(&self) -> Option<u8> {
        self.b.get(self.i).copied()
    }

    fn expect(&mut self, c: u8) -> Option<()> {
        (self.peek()? == c).then(|| self.i += 1)
    }

    fn number(&mut self, digits: usize) -> Option<u32> {
        let s = self.b.get(self.i..self.i + digits)?;
        if !s.iter().all(u8::is_ascii_digit) {
            return None;
        }
        self.i += digits;
        Some(s.iter().fold(0, |n, &c| n * 10 + u32::from(c - b'0')))
    }
}

/// A moment as ISO 8601 in UTC, to the millisecond: `2025-05-01T09:30:00.250Z`.
///
/// ```
/// use billsim_core::replay::when::{iso_text, parse};
/// use billsim_core::time::Instant;
/// assert_eq!(iso_text(Instant(0)), "1970-01-01T00:00:00.000Z");
/// let t = Instant(1_746_091_800_250);
/// assert_eq!(parse(&iso_text(t), None), Ok(t));
/// ```
pub fn iso_text(at: Instant) -> String {
    let (days, ms) = ((at.0 / 86_400_000) as i64, at.0 % 86_400_000);
    let (y, m, d) = civil_from_days(days);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}.{:03}Z",
        ms / 3_600_000,
        ms % 3_600_000 / 60_000,
        ms % 60_000 / 1_000,
        ms % 1_000
    )
}

/// Whether a log whose last call is at `until` counts its time from zero (all in 1970's first
/// year: a lesson's log), so that its days are said by number, not by date.
pub fn counts_from_zero(until: Instant) -> bool {
    until.0 < 365 * DAY_MS
}

/// A log's time span as a reader reads it, to the second, in UTC: `on 2025-05-01, from
/// 09:30:00 to 11:02:15 UTC`, or `from 2025-05-01 09:30:00 to 2025-05-03 18:00:00 UTC`
/// across days. A log whose times count from zero (all in 1970: a lesson's log, which
/// `--export-log` writes from the lesson's first midnight) is said by its days, as the
/// lessons say them: `from 00:00:05 to 01:59:56 of its first day`, `from 00:00:00 of day 1
/// to 22:00:00 of day 30`.
///
/// ```
/// use billsim_core::replay::when::span_text;
/// use billsim_core::time::Instant;
/// let may = Instant(1_746_091_800_250); // 2025-05-01T09:30:00.250Z
/// assert_eq!(span_text(may, Instant(may.0 + 5_535_000)), "on 2025-05-01, from 09:30:00 to 11:02:15 UTC");
/// assert_eq!(span_text(Instant(5_373), Instant(7_196_469)), "from 00:00:05 to 01:59:56 of its first day");
/// ```
pub fn span_text(from: Instant, until: Instant) -> String {
    // The parts of the ISO text either side of its "T": "2025-05-01" and "09:30:00" (a call
    // that ends past 9999, a year after its start at most, has a longer year).
    let date = |at: Instant| iso_text(at).split_once('T').map(|(d, _)| d.to_string()).unwrap_or_default();
    let clock = |at: Instant| iso_text(at).split_once('T').map(|(_, c)| c[..8].to_string()).unwrap_or_default();
    let (first, last) = (from.0 / DAY_MS, until.0 / DAY_MS);
    match (counts_from_zero(until), first == last) {
        (true, true) if first == 0 => format!("from {} to {} of its first day", clock(from), clock(until)),
        (true, _) => format!("from {} of day {} to {} of day {}", clock(from), first + 1, clock(until), last + 1),
        (false, true) => format!("on {}, from {} to {} UTC", date(from), clock(from), clock(until)),
        (false, false) => format!("from {} {} to {} {} UTC", date(from), clock(from), date(until), clock(until)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_span_says_its_date_once_on_one_day_and_a_log_counted_from_zero_by_its_days() {
        let may = 1_746_057_600_000; // 2025-05-01T00:00:00Z
        let span = |from: u64, until: u64| span_text(Instant(from), Instant(until));
        assert_eq!(span(may, may + 2 * DAY_MS + 64_800_999), "from 2025-05-01 00:00:00 to 2025-05-03 18:00:00 UTC");
        assert_eq!(span(may + 1, may + 1), "on 2025-05-01, from 00:00:00 to 00:00:00 UTC");
        assert_eq!(span(0, 29 * DAY_MS + 79_200_000), "from 00:00:00 of day 1 to 22:00:00 of day 30");
        assert_eq!(span(DAY_MS + 1_000, DAY_MS + 2_000), "from 00:00:01 of day 2 to 00:00:02 of day 2");
        assert_eq!(span(0, 364 * DAY_MS), "from 00:00:00 of day 1 to 00:00:00 of day 365");
        assert_eq!(span(0, 365 * DAY_MS), "from 1970-01-01 00:00:00 to 1971-01-01 00:00:00 UTC", "a year on: dates");
    }

    #[test]
    fn every_day_from_1970_to_2100_reads_back_from_its_own_iso_text() {
        for day in 0..(131 * 365) {
            let at = Instant(day * 86_400_000 + 45_296_789);
            assert_eq!(parse(&iso_text(at), None), Ok(at), "day {day}: {}", iso_text(at));
        }
    }

    #[test]
    fn iso_forms_zones_and_fractions_read_to_the_millisecond_cut_not_rounded() {
        let t = |s| parse(s, None);
        assert_eq!(t("1970-01-01"), Ok(Instant(0)));
        assert_eq!(t("1970-01-01T00:00Z"), Ok(Instant(0)));
        assert_eq!(t("1970-01-01T01:00:00+01:00"), Ok(Instant(0)));
        assert_eq!(t("1970-01-01T01:00:00+0100"), Ok(Instant(0)));
        assert_eq!(t("1970-01-01T00:00:01.9999999"), Ok(Instant(1_999)), "cut at the millisecond");
        assert_eq!(t("1970-01-01T00:00:01,5"), Ok(Instant(1_500)));
        assert_eq!(t("2024-02-29T00:00:00Z"), Ok(Instant(1_709_164_800_000)));
        for bad in ["2023-02-29T00:00:00Z", "2025-13-01", "2025-01-01T24:00:00Z", "1969-12-31T23:59:59Z", "2025-01-01T"]
        {
            assert!(t(bad).is_err(), "{bad} was read as {:?}", t(bad));
        }
    }

    #[test]
    fn a_unix_number_is_read_in_the_unit_its_size_or_name_says() {
        assert_eq!(parse("1746091800", None), Ok(Instant(1_746_091_800_000)));
        assert_eq!(parse("1746091800123456", None), Ok(Instant(1_746_091_800_123)), "microseconds");
        assert_eq!(parse("1746091800.1239", None), Ok(Instant(1_746_091_800_123)));
        assert_eq!(parse("1500", Some(Unit::Millis)), Ok(Instant(1_500)));
        assert_eq!(parse("1500000000", Some(Unit::Nanos)), Ok(Instant(1_500)));
        assert_eq!(Unit::of_name("startTimeUnixNano"), Some(Unit::Nanos));
        assert_eq!(Unit::of_name("time_ms"), Some(Unit::Millis));
        assert_eq!(Unit::of_name("time"), None);
        for bad in ["-5", "12abc", "", "1e9", "99999999999999999999999999999999"] {
            assert!(parse(bad, None).is_err(), "{bad:?}");
        }
    }
}
