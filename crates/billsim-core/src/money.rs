//! Money as whole micro-dollars (millionths of a dollar), and the price table.
//!
//! Every amount that decides or charges is a [`Micros`]: an integer, added and multiplied
//! with checked arithmetic, so a sum can never drift (0.1 + 0.2 is not 0.3 in floating
//! point) and can never wrap silently.

use crate::visible_text::quoted;
use serde::Serialize;
use std::fmt;

/// An amount of money in whole micro-dollars. `Micros(250_000)` is $0.25.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, serde::Deserialize)]
#[serde(transparent)]
pub struct Micros(pub u64);

/// An amount too large to count: the sum or product left `u64`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Overflow;

impl fmt::Display for Overflow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an amount of money is too large to count")
    }
}

impl std::error::Error for Overflow {}

impl Micros {
    pub const ZERO: Micros = Micros(0);
    pub const PER_DOLLAR: u64 = 1_000_000;

    /// `self + other`, or [`Overflow`].
    pub fn checked_add(self, other: Micros) -> Result<Micros, Overflow> {
        self.0.checked_add(other.0).map(Micros).ok_or(Overflow)
    }

    /// `self - other`, never below zero (a surplus given back cannot make a count negative).
    pub fn saturating_sub(self, other: Micros) -> Micros {
        Micros(self.0.saturating_sub(other.0))
    }

    /// `self * n`, or [`Overflow`].
    pub fn checked_mul(self, n: u64) -> Result<Micros, Overflow> {
        self.0.checked_mul(n).map(Micros).ok_or(Overflow)
    }

    /// The sum of many amounts, or [`Overflow`].
    pub fn checked_sum<I: IntoIterator<Item = Micros>>(amounts: I) -> Result<Micros, Overflow> {
        amounts.into_iter().try_fold(Micros::ZERO, Micros::checked_add)
    }

    /// Dollars with exactly `places` decimals (0 to 6), rounded half up: `$0.25`, `$9.93`.
    ///
    /// ```
    /// use billsim_core::Micros;
    /// assert_eq!(Micros(9_930_000).dollars(2), "$9.93");
    /// assert_eq!(Micros(384_000).dollars(3), "$0.384");
    /// assert_eq!(Micros(420).dollars(5), "$0.00042");
    /// assert_eq!(Micros(4_995).dollars(2), "$0.00");
    /// assert_eq!(Micros(5_000).dollars(2), "$0.01");
    /// ```
    pub fn dollars(self, places: u32) -> String {
        let places = places.min(6);
        let step = 10u64.pow(6 - places);
        // Round half up in integers; u64::MAX micro-dollars cannot be reached by any setting.
        let rounded = (self.0 / step) + u64::from(self.0 % step >= step.div_ceil(2) && step > 1);
        let scale = 10u64.pow(places);
        let (whole, frac) = (rounded / scale, rounded % scale);
        if places == 0 {
            format!("${whole}")
        } else {
            format!("${whole}.{frac:0width$}", width = places as usize)
        }
    }

    /// An amount a reader set (a budget), exactly as set: at least 2 decimals, more only
    /// when the amount has them, up to 6. Every place that shows a setting's amount uses
    /// this, so the page, the chart and the command line all say the same.
    ///
    /// ```
    /// use billsim_core::Micros;
    /// assert_eq!(Micros(15_000).exact_dollars(), "$0.015");
    /// assert_eq!(Micros(250_000).exact_dollars(), "$0.25");
    /// ```
    pub fn exact_dollars(self) -> String {
        let places = (2..6).find(|&p| self.0 % 10u64.pow(6 - p) == 0).unwrap_or(6);
        self.dollars(places)
    }

    /// A computed charge (a bill) to the cent; one under a cent but not zero is written
    /// exactly, so a charge never reads as nothing, nor as a cent it is not (lesson 001's
    /// day of $0.005967 read "$0.01" beside its parts, $0.001168 and $0.004799).
    ///
    /// ```
    /// use billsim_core::Micros;
    /// assert_eq!(Micros(850_000).cents(), "$0.85");
    /// assert_eq!(Micros(420).cents(), "$0.00042");
    /// assert_eq!(Micros(5_967).cents(), "$0.005967");
    /// assert_eq!(Micros(10_000).cents(), "$0.01");
    /// ```
    pub fn cents(self) -> String {
        if self.0 > 0 && self.0 < 10_000 {
            self.exact_dollars()
        } else {
            grouped_dollars(self.dollars(2))
        }
    }

    /// A bill to the cent, as [`Micros::cents`] writes it, but to the micro-dollar where
    /// cents would write it as one of `caps` it is not: lesson 001's check-only cap let
    /// $1.002323 through, which "$1.00" hid.
    ///
    /// ```
    /// use billsim_core::Micros;
    /// assert_eq!(Micros(1_002_323).cents_beside(&[Micros(1_000_000)]), "$1.002323");
    /// assert_eq!(Micros(999_999).cents_beside(&[Micros(1_000_000)]), "$0.999999");
    /// assert_eq!(Micros(1_012_323).cents_beside(&[Micros(1_000_000)]), "$1.01");
    /// assert_eq!(Micros(1_000_000).cents_beside(&[Micros(1_000_000)]), "$1.00");
    /// ```
    pub fn cents_beside(self, caps: &[Micros]) -> String {
        let cents = self.cents();
        match caps.iter().any(|&cap| self != cap && cents == cap.cents()) {
            true => self.shown(),
            false => cents,
        }
    }

    /// A table's column of amounts, all to one number of decimals: cents, or more where
    /// cents would write two different amounts alike (a spend that grew by $0.0075 written
    /// "$0.15" twice) or an amount under a cent with less than two digits (a replay's
    /// "$0.01" beside "$0.00328"), up to the micro-dollar.
    ///
    /// ```
    /// use billsim_core::Micros;
    /// assert_eq!(Micros::column(&[Micros(850_000), Micros(9_930_000)]), ["$0.85", "$9.93"]);
    /// assert_eq!(Micros::column(&[Micros(7_500), Micros(3_280)]), ["$0.0075", "$0.0033"]);
    /// assert_eq!(Micros::column(&[Micros(12), Micros(73_500)]), ["$0.000012", "$0.073500"]);
    /// assert_eq!(Micros::column(&[Micros(150_000), Micros(154_000)]), ["$0.150", "$0.154"]);
    /// assert_eq!(Micros::column(&[Micros::ZERO, Micros(1_500_000_000)]), ["$0.00", "$1,500.00"]);
    /// ```
    pub fn column(amounts: &[Micros]) -> Vec<String> {
        // Every pair compared, not sorted: a table has tens of rows, and a sort of its own
        // made each lesson's module 5 KB larger.
        let reads_apart = |places: u32| {
            // Two digits of an amount under a cent: ten of the last place's steps, or more.
            let least = (10 * 10u64.pow(6 - places)).min(10_000);
            let written: Vec<String> = amounts.iter().map(|m| m.dollars(places)).collect();
            let alike = |i: usize, j: usize| amounts[i] != amounts[j] && written[i] == written[j];
            amounts.iter().all(|m| m.0 == 0 || m.0 >= least) && (0..amounts.len()).all(|i| (0..i).all(|j| !alike(i, j)))
        };
        let places = (2..6).find(|&p| reads_apart(p)).unwrap_or(6);
        amounts.iter().map(|m| grouped_dollars(m.dollars(places))).collect()
    }

    /// An amount a reader set, as [`Micros::exact_dollars`] writes it, with thousands
    /// separators, for what a reader sees ("$1,500.00"); `exact_dollars` stays plain for
    /// what a program reads back (JSON, CSV, a policy file, the settings' table).
    ///
    /// ```
    /// use billsim_core::Micros;
    /// assert_eq!(Micros(1_500_000_000).shown(), "$1,500.00");
    /// assert_eq!(Micros(15_000).shown(), "$0.015");
    /// assert_eq!(Micros(6_332_240_000).cents(), "$6,332.24");
    /// ```
    pub fn shown(self) -> String {
        grouped_dollars(self.exact_dollars())
    }

    /// Parses an amount written in dollars, exactly: `"0.25"` is 250,000 micro-dollars.
    /// At most six decimals (a micro-dollar is the smallest amount); no sign, no exponent.
    ///
    /// ```
    /// use billsim_core::Micros;
    /// assert_eq!(Micros::parse_dollars("0.25"), Ok(Micros(250_000)));
    /// assert_eq!(Micros::parse_dollars("$100"), Ok(Micros(100_000_000)));
    /// assert!(Micros::parse_dollars("0.0000001").is_err());
    /// assert!(Micros::parse_dollars("-1").is_err());
    /// ```
    pub fn parse_dollars(text: &str) -> Result<Micros, String> {
        let text = text.trim();
        let body = text.strip_prefix('$').unwrap_or(text);
        let (whole, frac) = body.split_once('.').unwrap_or((body, ""));
        let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        if body.is_empty() || (whole.is_empty() && frac.is_empty()) || !digits(whole) || !digits(frac) {
            return Err(format!("{} is not an amount in dollars such as 0.25", quoted(text)));
        }
        if frac.len() > 6 {
            return Err(format!("{} has more than 6 decimals; the smallest amount is $0.000001", quoted(text)));
        }
        let too_large = || format!("{} is too large", quoted(text));
        let whole: u64 = if whole.is_empty() { 0 } else { whole.parse().map_err(|_| too_large())? };
        let frac: u64 = if frac.is_empty() { 0 } else { format!("{frac:0<6}").parse().map_err(|_| too_large())? };
        whole.checked_mul(Micros::PER_DOLLAR).and_then(|w| w.checked_add(frac)).map(Micros).ok_or_else(too_large)
    }
}

/// A number of tokens, as the AI service counts them.
pub type Tokens = u64;

/// Micro-dollars per input token: $2 per million tokens, lesson 7's example price.
pub const PRICE_IN: u64 = 2;
/// Micro-dollars per output token: $10 per million tokens.
pub const PRICE_OUT: u64 = 10;
/// The reply cap (`max_tokens`): the longest reply a call may have, so the most it can cost is known.
pub const REPLY_CAP: Tokens = 1_000;

/// What a call costs: input tokens at [`PRICE_IN`] plus output tokens at [`PRICE_OUT`].
///
/// ```
/// use billsim_core::{cost, Micros};
/// assert_eq!(cost(60, 30), Ok(Micros(420)));          // a short question
/// assert_eq!(cost(50_000, 2_000), Ok(Micros(120_000))); // a long document
/// ```
pub fn cost(input: Tokens, output: Tokens) -> Result<Micros, Overflow> {
    Micros(input).checked_mul(PRICE_IN)?.checked_add(Micros(output).checked_mul(PRICE_OUT)?)
}

/// The most a call can cost before it runs: its input plus the whole reply cap.
pub fn set_aside(input: Tokens, reply_cap: Tokens) -> Result<Micros, Overflow> {
    cost(input, reply_cap)
}

/// "$1234567.89" as "$1,234,567.89": commas between each three digits of the whole dollars.
pub(crate) fn grouped_dollars(text: String) -> String {
    let body = text.trim_start_matches('$');
    let (whole, frac) = body.split_once('.').map_or((body, None), |(w, f)| (w, Some(f)));
    let Ok(n) = whole.parse::<u64>() else { return text };
    let whole = crate::words::grouped(n);
    match frac {
        Some(f) => format!("${whole}.{f}"),
        None => format!("${whole}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_call_can_cost_hundreds_of_times_another() {
        let short = cost(60, 30).unwrap();
        let long = cost(50_000, 2_000).unwrap();
        assert_eq!((short, long), (Micros(420), Micros(120_000)));
        // 120,000 / 420 = 285.71...: in tenths, 2857.
        assert_eq!(long.0 * 10 / short.0, 2857);
    }

    #[test]
    fn a_cost_too_large_to_count_is_an_error_not_a_wrapped_number() {
        assert_eq!(cost(u64::MAX, 0), Err(Overflow));
        assert_eq!(Micros(u64::MAX).checked_add(Micros(1)), Err(Overflow));
    }

    #[test]
    fn dollars_parse_exactly_and_reject_what_is_not_an_amount() {
        assert_eq!(Micros::parse_dollars("0.07"), Ok(Micros(70_000)));
        assert_eq!(Micros::parse_dollars(".5"), Ok(Micros(500_000)));
        assert_eq!(Micros::parse_dollars("1."), Ok(Micros(1_000_000)));
        for bad in ["", ".", "abc", "1e3", "0x10", "1.2.3", " ", "NaN", "inf", "99999999999999999999"] {
            assert!(Micros::parse_dollars(bad).is_err(), "{bad:?} should be refused");
        }
    }

    #[test]
    fn a_set_amount_is_written_exactly_with_at_least_two_decimals_and_no_more_than_it_has() {
        let shown = |m: u64| Micros(m).exact_dollars();
        assert_eq!(shown(15_000), "$0.015", "not rounded to $0.02");
        assert_eq!(shown(99_999_000), "$99.999", "not rounded to $100.00");
        assert_eq!(shown(250_000), "$0.25");
        assert_eq!(shown(2_000_000), "$2.00");
        assert_eq!(shown(10_001), "$0.010001");
        assert_eq!(shown(1), "$0.000001");
        assert_eq!(shown(0), "$0.00");
        assert_eq!(shown(123_450), "$0.12345");
    }

    #[test]
    fn a_charge_is_written_to_the_cent_but_never_as_nothing_nor_a_cent_when_it_is_under_one() {
        assert_eq!(Micros(850_000).cents(), "$0.85");
        assert_eq!(Micros(384_000).cents(), "$0.38");
        assert_eq!(Micros(0).cents(), "$0.00");
        assert_eq!(Micros(420).cents(), "$0.00042", "under half a cent is not $0.00");
        assert_eq!(Micros(4_999).cents(), "$0.004999");
        assert_eq!(Micros(5_967).cents(), "$0.005967", "lesson 001's combined day is not a cent");
        assert_eq!(Micros(10_000).cents(), "$0.01");
        assert_eq!(Micros(10_400).cents(), "$0.01");
    }
}
