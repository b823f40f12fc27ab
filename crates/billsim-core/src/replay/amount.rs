//! Numbers as logs write them, read exactly: token counts, and costs in dollars or cents
//! to whole nano-dollars. A cost may be written as a float prints (`1.2e-05`,
//! `0.00030000000000000003`): its decimal text is read exactly and rounded half up to the
//! nano-dollar, never through an `f64`.

use crate::engine::Nanos;
use crate::money::Tokens;
use crate::settings::shown;
use crate::time::Span;

/// The most tokens a call's input or output may count (a policy's `maxTokens` too): a row
/// past it is refused at its line, rather than read to fail later as money too large to count.
pub const TOKENS_MOST: Tokens = 1_000_000_000;
pub const TOKENS_ALLOWED: &str = "a whole number of tokens from 0 to 1,000,000,000";
/// The longest a call may be written to last, in milliseconds: a year, far past any model
/// call, and short enough that no moment of a run overflows (a latency of 2^64 ms was
/// refused only by the engine, in words about the policies).
pub const LATENCY_MOST: u64 = 365 * 86_400_000;
pub const LATENCY_ALLOWED: &str = "a whole number of milliseconds from 0 to 31,536,000,000 (a year)";
/// The most a call's logged cost may be: $1,000,000, in nano-dollars.
pub const COST_MOST: Nanos = Nanos(1_000_000 * 1_000_000_000);
pub const COST_ALLOWED: &str = "an amount in dollars from 0 to 1,000,000, such as 0.0042 or 4.2e-3";
pub const CENTS_ALLOWED: &str = "an amount in cents from 0 to 100,000,000, such as 0.42";

/// A decimal number's value as `digits x 10^exponent`: `"1.2e-05"` is `(12, -6)`.
fn decimal(text: &str) -> Option<(u128, i32)> {
    let (mantissa, exponent) = match text.find(['e', 'E']) {
        Some(i) => (&text[..i], text[i + 1..].strip_prefix('+').unwrap_or(&text[i + 1..]).parse::<i32>().ok()?),
        None => (text, 0),
    };
    let (whole, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits = |s: &str| s.bytes().all(|c| c.is_ascii_digit());
    if (whole.is_empty() && frac.is_empty()) || !digits(whole) || !digits(frac) || exponent.abs() > 60 {
        return None;
    }
    let all = format!("{whole}{frac}");
    let all = all.trim_start_matches('0');
    if all.len() > 38 {
        return None;
    }
    let n: u128 = if all.is_empty() { 0 } else { all.parse().ok()? };
    Some((n, exponent - frac.len() as i32))
}

/// `digits x 10^exponent` in whole units, rounded half up; `None` past u64.
fn rounded(n: u128, exponent: i32) -> Option<u64> {
    if exponent >= 0 {
        u64::try_from(n.checked_mul(10u128.checked_pow(exponent as u32)?)?).ok()
    } else if -exponent > 38 {
        Some(0)
    } else {
        let div = 10u128.pow((-exponent) as u32);
        u64::try_from(n / div + u128::from(n % div >= div.div_ceil(2))).ok()
    }
}

/// A cost in dollars, to whole nano-dollars (half up).
///
/// ```
/// use billsim_core::replay::amount::dollars;
/// use billsim_core::engine::Nanos;
/// assert_eq!(dollars("0.0042"), Ok(Nanos(4_200_000)));
/// assert_eq!(dollars("1.2e-05"), Ok(Nanos(12_000)));
/// assert_eq!(dollars("0.00030000000000000003"), Ok(Nanos(300_000)));
/// assert!(dollars("-1").is_err());
/// assert!(dollars("1000000.000000001").is_err());
/// ```
pub fn dollars(text: &str) -> Result<Nanos, String> {
    scaled(text, 9, COST_ALLOWED)
}

/// A cost in cents, to whole nano-dollars (half up).
///
/// ```
/// use billsim_core::replay::amount::cents;
/// use billsim_core::engine::Nanos;
/// assert_eq!(cents("0.42"), Ok(Nanos(4_200_000)));
/// ```
pub fn cents(text: &str) -> Result<Nanos, String> {
    scaled(text, 7, CENTS_ALLOWED)
}

/// A cost to nano-dollars, from 0 to [`COST_MOST`].
fn scaled(text: &str, shift: i32, allowed: &str) -> Result<Nanos, String> {
    let t = text.trim();
    let t = t.strip_prefix('$').unwrap_or(t);
    if t.starts_with('-') {
        return Err(format!("must be {allowed}; got {} (a cost is never negative)", shown(text)));
    }
    let bad = || format!("must be {allowed}; got {}", shown(text));
    let (n, exponent) = decimal(t).ok_or_else(bad)?;
    rounded(n, exponent + shift).map(Nanos).filter(|&c| c <= COST_MOST).ok_or_else(bad)
}

/// A count of tokens: a whole number from 0 (`12.0`, as some writers print a whole float, is 12).
///
/// ```
/// use billsim_core::replay::amount::tokens;
/// assert_eq!(tokens("1200"), Ok(1_200));
/// assert_eq!(tokens("12.0"), Ok(12));
/// assert!(tokens("-5").is_err());
/// assert!(tokens("12.5").is_err());
/// assert!(tokens("many").is_err());
/// assert!(tokens("1e18").is_err());
/// ```
pub fn tokens(text: &str) -> Result<Tokens, String> {
    whole(text).filter(|&n| n <= TOKENS_MOST).ok_or_else(|| format!("must be {TOKENS_ALLOWED}; got {}", shown(text)))
}

/// A call's latency in milliseconds: a whole number from 0 to [`LATENCY_MOST`].
///
/// ```
/// use billsim_core::replay::amount::latency;
/// use billsim_core::time::Span;
/// assert_eq!(latency("1200"), Ok(Span(1_200)));
/// assert!(latency("31536000001").is_err());
/// ```
pub fn latency(text: &str) -> Result<Span, String> {
    whole(text)
        .filter(|&n| n <= LATENCY_MOST)
        .map(Span)
        .ok_or_else(|| format!("must be {LATENCY_ALLOWED}; got {}", shown(text)))
}

/// A whole number from 0 (`12.0`, as some writers print a whole float, is 12; `1.2e3` is
/// 1,200); `None` for anything else or past u64.
pub fn whole(text: &str) -> Option<u64> {
    let t = text.trim();
    if let Ok(n) = t.parse::<u64>() {
        if t.bytes().all(|c| c.is_ascii_digit()) {
            return Some(n);
        }
    }
    if t.starts_with('-') {
        return None;
    }
    let (n, exponent) = decimal(t)?;
    // Whole only: the digits below 10^0 must all be zero.
    if exponent < 0 && (-exponent > 38 || n % 10u128.pow((-exponent) as u32) != 0) {
        return None;
    }
    rounded(n, exponent)
}
