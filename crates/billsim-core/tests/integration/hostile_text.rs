//! The text parsers every entry point uses (`settings::parse_seed`, `parse_per_minute`,
//! `parse_budget`, `parse_refill` and `Micros::parse_dollars`), given hostile text: a fixed
//! list of the values people and programs really send, then a bounded fuzz with proptest.
//!
//! What must hold: no parser panics; a value it accepts is within the allowed range and is
//! exactly what the text says (checked against an oracle written here, not against the
//! parser's own code); a refusal says what is allowed and shows the text cut short; and a
//! budget written by `Micros::dollars(6)` reads back as itself.
//!
//! Surrounding whitespace is accepted on purpose: a form field, an address or a shell can
//! add it, and it is not part of the value. A sign, an exponent, a hex prefix, a digit
//! separator or a non-ASCII digit is refused.
//!
//! The fuzz runs proptest's default of 256 cases per property; set the standard
//! `PROPTEST_CASES` variable for more, e.g.
//! `PROPTEST_CASES=100000 cargo test --release -p billsim-core --test integration hostile_text::`.

use billsim_core::settings::{
    parse_budget, parse_per_minute, parse_refill, parse_seed, Invalid, BUDGET_ALLOWED, BUDGET_MAX, BUDGET_MIN,
    PER_MINUTE_ALLOWED, REFILL_ALLOWED, SEED_ALLOWED,
};
use billsim_core::{Micros, Refill};
use proptest::prelude::*;

/// A whole number written as plain ASCII digits, with surrounding whitespace allowed: its
/// value, if it fits in a u128. The oracle for the whole-number parsers.
fn plain_whole(text: &str) -> Option<u128> {
    let t = text.trim();
    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let digits = t.trim_start_matches('0');
    if digits.len() > 30 {
        return None; // more than any range here; u128 holds 38 digits
    }
    Some(if digits.is_empty() { 0 } else { digits.parse().ok()? })
}

/// Dollars written as `[$]digits[.digits]` (at least one digit, at most 6 decimals), with
/// surrounding whitespace allowed: the amount in micro-dollars, if it fits in a u128. The
/// oracle for the amount parsers.
fn plain_dollars(text: &str) -> Option<u128> {
    let t = text.trim();
    let body = t.strip_prefix('$').unwrap_or(t);
    let (whole, frac) = match body.split_once('.') {
        Some((w, f)) => (w, f),
        None => (body, ""),
    };
    let ascii_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if (whole.is_empty() && frac.is_empty()) || !ascii_digits(whole) || !ascii_digits(frac) || frac.len() > 6 {
        return None;
    }
    let whole = whole.trim_start_matches('0');
    if whole.len() > 30 {
        return None;
    }
    let whole: u128 = if whole.is_empty() { 0 } else { whole.parse().ok()? };
    let frac: u128 = format!("{frac:0<6}").parse().ok()?;
    Some(whole * 1_000_000 + frac)
}

/// A refusal says what is allowed, and shows what came cut short (40 characters at most,
/// each escaped to at most 10), whatever its length.
fn check_refusal(err: &Invalid, allowed: &str, text: &str) {
    assert_eq!(err.allowed, allowed, "{text:?}");
    let message = err.to_string();
    assert!(message.starts_with(&format!("must be {allowed}; got ")), "{message}");
    assert!(message.len() <= 500, "the message stays readable: {} bytes for {} characters", message.len(), text.len());
}

/// Each parser on `text`: accepted exactly when the oracle says, with the oracle's value,
/// inside the allowed range; refused with what is allowed otherwise.
fn check_every_parser(text: &str) {
    let whole = plain_whole(text);

    match parse_seed(text) {
        Ok(n) => assert_eq!(Some(u128::from(n)), whole, "seed {text:?}"),
        Err(e) => {
            assert!(whole.map_or(true, |n| n > u128::from(u32::MAX)), "seed {text:?} refused: {e}");
            check_refusal(&e, SEED_ALLOWED, text);
        }
    }

    match parse_per_minute(text) {
        Ok(n) => {
            assert!((1..=60).contains(&n.get()), "per minute {text:?} gave {n}");
            assert_eq!(Some(u128::from(n.get())), whole, "per minute {text:?}");
        }
        Err(e) => {
            assert!(whole.map_or(true, |n| !(1..=60).contains(&n)), "per minute {text:?} refused: {e}");
            check_refusal(&e, PER_MINUTE_ALLOWED, text);
        }
    }

    let dollars = plain_dollars(text);
    match Micros::parse_dollars(text) {
        Ok(m) => assert_eq!(Some(u128::from(m.0)), dollars, "dollars {text:?}"),
        Err(e) => assert!(dollars.map_or(true, |d| d > u128::from(u64::MAX)), "dollars {text:?} refused: {e}"),
    }

    let allowed_budget = u128::from(BUDGET_MIN.0)..=u128::from(BUDGET_MAX.0);
    match parse_budget(text) {
        Ok(m) => {
            assert!((BUDGET_MIN..=BUDGET_MAX).contains(&m), "budget {text:?} gave {m:?}");
            assert_eq!(Some(u128::from(m.0)), dollars, "budget {text:?}");
        }
        Err(e) => {
            assert!(dollars.map_or(true, |d| !allowed_budget.contains(&d)), "budget {text:?} refused: {e}");
            check_refusal(&e, BUDGET_ALLOWED, text);
        }
    }

    match parse_refill(text) {
        Ok(r) => assert_eq!(r.name(), text.trim(), "refill {text:?}"),
        Err(e) => {
            assert!(!["daily", "steady"].contains(&text.trim()), "refill {text:?} refused");
            check_refusal(&e, REFILL_ALLOWED, text);
        }
    }
}

/// What people and programs really send: numbers as other languages write them, the ends
/// of every range and one step beyond, whitespace of every kind, signs, exponents, and
/// text far too long.
fn hostile_texts() -> Vec<String> {
    let mut texts: Vec<String> = [
        "",
        " ",
        "\t",
        "\n",
        "NaN",
        "nan",
        "inf",
        "-inf",
        "+inf",
        "Infinity",
        "-Infinity",
        "-1",
        "-0",
        "+0",
        "+5",
        "0",
        "1",
        "5",
        "60",
        "61",
        "1e308",
        "1e3",
        "1E3",
        "5e0",
        "9007199254740993",
        "18446744073709551616",
        "18446744073709551615",
        "4294967295",
        "4294967296",
        "99999999999999999999999999999999999999999",
        "0x10",
        "0b1",
        "0o7",
        " 5",
        "5 ",
        "\t5\n",
        "\u{a0}5",
        "\u{3000}5",
        "\u{200b}5",
        "5\0",
        "\u{0}5",
        "٥",
        "５",
        "1_000",
        "1,000",
        "1 000",
        "5.",
        ".5",
        "5.0",
        "0.5",
        "0.01",
        "0.009999",
        "0.0099999",
        "100",
        "100.000000",
        "100.0000001",
        "100.000001",
        "$0.25",
        "$ 0.25",
        "$$1",
        "1$",
        "-$1",
        "$-1",
        "0.25$",
        ".",
        "..",
        "$",
        "$.",
        "0.0000001",
        "0.000001",
        "00000000000000000000000000000000000000000.25",
        "daily",
        "steady",
        " daily ",
        "Daily",
        "DAILY",
        "weekly",
        "daily\0",
        "null",
        "undefined",
        "true",
        "[]",
        "{}",
        "\"5\"",
        "'5'",
    ]
    .into_iter()
    .map(String::from)
    .collect();
    texts.push("9".repeat(100_000));
    texts.push("x".repeat(100_000));
    texts.push(format!("0.{}", "0".repeat(10_000)));
    texts.push(format!("{}5", "0".repeat(10_000)));
    texts.push(format!("{}1", " ".repeat(100_000)));
    texts.push("é".repeat(50_000));
    texts
}

#[test]
fn every_parser_accepts_exactly_what_the_oracle_accepts_on_a_list_of_hostile_texts() {
    for text in hostile_texts() {
        check_every_parser(&text);
    }
}

#[test]
fn hostile_texts_are_read_as_decided() {
    // Whitespace around a value is not part of it, and is accepted.
    assert_eq!(parse_seed(" 5").map_err(|e| e.to_string()), Ok(5));
    assert_eq!(parse_seed("5 ").map_err(|e| e.to_string()), Ok(5));
    assert_eq!(parse_seed("\u{a0}5").map_err(|e| e.to_string()), Ok(5));
    assert_eq!(parse_refill(" daily ").map_err(|e| e.to_string()), Ok(Refill::Daily));
    assert_eq!(parse_budget(" $0.25\n").map_err(|e| e.to_string()), Ok(Micros(250_000)));
    // Leading zeros are the same number.
    assert_eq!(parse_seed(&format!("{}5", "0".repeat(10_000))).map_err(|e| e.to_string()), Ok(5));
    // Everything else that is not plain digits is refused, and says so.
    for text in ["+5", "-0", "0x10", "1e3", "5.0", "1_000", "٥", "５", "\u{200b}5", "NaN", "inf", "9007199254740993"]
    {
        let err = parse_seed(text).unwrap_err().on("seed").to_string();
        assert!(err.starts_with("seed: must be a whole number from 0 to 4,294,967,295; got "), "{text:?}: {err}");
    }
    for text in ["1e308", "-1", "0", "0.0000001", "$ 0.25", "NaN", "Infinity", "18446744073709551616"] {
        let err = parse_budget(text).unwrap_err().on("budget").to_string();
        assert!(err.starts_with("budget: must be an amount in dollars from 0.01 to 100"), "{text:?}: {err}");
    }
    for text in ["Daily", "DAILY", "", "daily\0"] {
        assert!(parse_refill(text).is_err(), "{text:?}");
    }
    // A hundred thousand characters are shown as forty and a count.
    let err = parse_per_minute(&"7".repeat(100_000)).unwrap_err().to_string();
    assert!(err.ends_with("... (100000 characters)"), "{err}");
}

/// Text that is close to a number: digits, signs, points, dollar signs, exponents and
/// whitespace, mixed.
fn near_numbers() -> impl Strategy<Value = String> {
    prop_oneof![
        "[0-9]{0,25}",
        "[ \t\n$+\\-.,_0-9eExX]{0,20}",
        "\\s{0,3}\\$?[0-9]{0,12}(\\.[0-9]{0,8})?\\s{0,3}",
        (any::<u64>(), 0u32..=8).prop_map(|(n, places)| {
            let s = n.to_string();
            let p = (places as usize).min(s.len());
            format!("{}.{}", &s[..s.len() - p], &s[s.len() - p..])
        }),
        any::<u64>().prop_map(|n| n.to_string()),
        any::<f64>().prop_map(|f| f.to_string()),
        "[0-9]{1000,3000}",
    ]
}

proptest! {
    // proptest's default: 256 cases per property, or as many as PROPTEST_CASES says.
    #![proptest_config(ProptestConfig::default())]

    #[test]
    fn no_parser_panics_and_each_accepts_exactly_what_the_oracle_accepts_on_any_text(text in any::<String>()) {
        check_every_parser(&text);
    }

    #[test]
    fn no_parser_panics_and_each_accepts_exactly_what_the_oracle_accepts_on_text_near_a_number(text in near_numbers()) {
        check_every_parser(&text);
    }

    #[test]
    fn any_allowed_budget_written_with_six_decimals_reads_back_as_itself(micros in BUDGET_MIN.0..=BUDGET_MAX.0) {
        let written = Micros(micros).dollars(6);
        let number = written.strip_prefix('$').expect("dollars() starts with $");
        prop_assert_eq!(parse_budget(number), Ok(Micros(micros)));
        prop_assert_eq!(Micros::parse_dollars(&written), Ok(Micros(micros)));
    }

    #[test]
    fn any_amount_written_with_six_decimals_reads_back_as_itself(micros in any::<u64>()) {
        prop_assert_eq!(Micros::parse_dollars(&Micros(micros).dollars(6)), Ok(Micros(micros)));
    }
}
