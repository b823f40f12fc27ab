//! Every figure the lesson's text quotes, computed by this crate, beside the lesson's own
//! value: `billsim numbers` prints the list and the widget can show the same one. Where
//! the toy day is ours, not the lesson's, the figures differ a little, and the list says so.

use crate::engine::budget::{Budget, Refill, SharedBudget};
use crate::lessons::toy_day::handle_chat::{
    handle_chat, input_tokens_upper_bound, Answer, Body, ChatRequest, Message, Usage,
};
use crate::lessons::toy_day::in_flight::{self, Params, Version};
use crate::lessons::toy_day::many_days::many_days;
use crate::lessons::toy_day::simulate::{simulate_day, Policy};
use crate::lessons::toy_day::{worst_ordinary_day, UserKind};
use crate::money::{cost, set_aside, Micros, Overflow, Tokens, REPLY_CAP};
use crate::settings::{Settings, BUDGET_DEFAULT};
use crate::time::{Seconds, HOUR};
use crate::words::grouped;
use crate::words::percent;
use serde::Serialize;
use std::num::NonZeroU32;

/// One figure: `ours` is computed, written the way the lesson writes it, so the two can
/// be compared as text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Number {
    /// A stable name for the figure.
    pub key: &'static str,
    /// The lesson's sentence the figure belongs to, as the lesson has it.
    pub sentence: &'static str,
    pub ours: String,
    pub lesson: &'static str,
}

impl Number {
    /// Whether our value is not the lesson's.
    pub fn differs(&self) -> bool {
        self.ours != self.lesson
    }
}

/// The day the lesson shows.
pub const SHOWN_DAY: u32 = 0;
/// The days its claims are checked on: `SHOWN_DAY .. SHOWN_DAY + DAYS_CHECKED`.
pub const DAYS_CHECKED: u32 = 200;
/// 2026-10-19 00:00 UTC, the day the lesson's sources were read: the refusal example's date.
pub const LESSON_DATE: Seconds = 1_792_368_000;

#[derive(Default)]
struct List(Vec<Number>);

impl List {
    fn add(&mut self, key: &'static str, sentence: &'static str, ours: impl Into<String>, lesson: &'static str) {
        self.0.push(Number { key, sentence, ours: ours.into(), lesson });
    }
}

/// `a / b` with one decimal, rounded half up, in integers: `285.7`. `-` for `b == 0`.
fn ratio_tenths(a: Micros, b: Micros) -> String {
    if b.0 == 0 {
        return "-".into();
    }
    let (a, b) = (u128::from(a.0), u128::from(b.0));
    let tenths = (a * 20 + b) / (b * 2);
    format!("{}.{}", tenths / 10, tenths % 10)
}

/// `a / b` rounded half up to a whole number.
fn ratio_whole(a: Micros, b: Micros) -> String {
    if b.0 == 0 {
        return "-".into();
    }
    let (a, b) = (u128::from(a.0), u128::from(b.0));
    ((a * 2 + b) / (b * 2)).to_string()
}

/// `a / b` as the lesson says a ratio just short of a whole number: "almost 4" for 3.5 up
/// to 4 (not reaching it), else with one decimal ([`ratio_tenths`]).
fn ratio_almost(a: Micros, b: Micros) -> String {
    let (whole, tenths) = (u128::from(a.0) / u128::from(b.0.max(1)), ratio_tenths(a, b));
    let short_of_next = u128::from(a.0) * 2 >= (whole * 2 + 1) * u128::from(b.0) && b.0 > 0;
    if short_of_next {
        format!("almost {}", whole + 1)
    } else {
        tenths
    }
}

fn share(p: Option<u64>) -> String {
    p.map_or("-".into(), |p| format!("{p}%"))
}

fn prices(list: &mut List) -> Result<(), Overflow> {
    let short = cost(60, 30)?;
    let long = cost(50_000, 2_000)?;
    const INTRO: &str = "A short question to an AI service (60 tokens in, 30 out) costs $0.00042. A long document (50,000 in, 2,000 out) costs $0.12, about 286 times as much.";
    list.add("short_call_dollars", INTRO, short.dollars(5), "$0.00042");
    list.add("long_call_dollars", INTRO, long.dollars(2), "$0.12");
    list.add("long_over_short_whole", INTRO, ratio_whole(long, short), "286");
    list.add("short_call_micros", "The short question is 60 × 2 + 30 × 10 = 420.", grouped(short.0), "420");
    const LONG: &str = "The long document is 50,000 × 2 + 2,000 × 10 = 120,000, and 120,000 / 420 is 285.7.";
    list.add("long_call_micros", LONG, grouped(long.0), "120,000");
    list.add("long_over_short", LONG, ratio_tenths(long, short), "285.7");
    list.add("budget_micros", "The daily budget of $0.25 is 250,000.", grouped(BUDGET_DEFAULT.0), "250,000");
    Ok(())
}

fn shown_day(list: &mut List) -> Result<(), Overflow> {
    let settings = Settings::default();
    let day = simulate_day(SHOWN_DAY, &settings)?;
    let (calls, heavy) = day.calls();
    let ordinary = calls - heavy;
    let no_limit = day.outcome(Policy::NoLimit);
    let budget = day.outcome(Policy::DailyBudget);
    let five = day.outcome(Policy::RequestsPerMinute);

    const INTRO: &str = "In a toy day with ten users, one sends a long document every few minutes and never meets that limit: that user is 94% of a $9.93 bill.";
    list.add("no_limit_heavy_share", INTRO, share(no_limit.heavy_percent(&day.users)), "94%");
    list.add("no_limit_bill", INTRO, no_limit.bill.dollars(2), "$9.93");
    const CUT: &str = "A budget of $0.25 a day for each user cuts the bill to $0.85 and the heavy user's share to 28%, and refuses none of the nine other users' 204 calls.";
    list.add("budget_bill", CUT, budget.bill.dollars(2), "$0.85");
    list.add("budget_heavy_share", CUT, share(budget.heavy_percent(&day.users)), "28%");
    let ordinary_refused = budget.refused(&day.users, UserKind::Ordinary);
    list.add("budget_ordinary_refused", CUT, format!("{ordinary_refused} of {ordinary}"), "0 of 204");
    list.add(
        "five_a_minute_heavy_refused",
        "That is far under 5 a minute, so the limit never fires.",
        five.refused(&day.users, UserKind::Heavy).to_string(),
        "0",
    );
    let one = NonZeroU32::MIN;
    let one_day = simulate_day(SHOWN_DAY, &Settings { per_minute: one, ..settings })?;
    let one_a_minute = one_day.outcome(Policy::RequestsPerMinute);
    const ONE: &str = "Lowering the limit does not help: at 1 call a minute the heavy user is still never refused, and the nine ordinary users lose 69 calls.";
    list.add("one_a_minute_heavy_refused", ONE, one_a_minute.refused(&one_day.users, UserKind::Heavy).to_string(), "0");
    list.add(
        "one_a_minute_ordinary_refused",
        ONE,
        one_a_minute.refused(&one_day.users, UserKind::Ordinary).to_string(),
        "69",
    );

    const CALLS: &str = "The heavy user makes 190 of the day's 394 calls, 48%, and 94% of the bill.";
    list.add("day_calls", CALLS, calls.to_string(), "394");
    list.add("day_heavy_calls", CALLS, heavy.to_string(), "190");
    list.add("day_heavy_share_of_calls", CALLS, share(percent(heavy, calls)), "48%");
    list.add(
        "budget_heavy_refused",
        "The heavy user is refused 185 of 190 calls.",
        format!("{} of {heavy}", budget.refused(&day.users, UserKind::Heavy)),
        "185 of 190",
    );

    let nickel_day = simulate_day(SHOWN_DAY, &Settings { budget: Micros(50_000), ..settings })?;
    list.add(
        "five_cents_ordinary_refused",
        "At $0.05, the day shown turns away 77 of their calls.",
        nickel_day.outcome(Policy::DailyBudget).refused(&nickel_day.users, UserKind::Ordinary).to_string(),
        "77",
    );
    Ok(())
}

fn claims_over_days(list: &mut List) -> Result<(), Overflow> {
    let days = many_days(SHOWN_DAY, DAYS_CHECKED, &Settings::default())?;
    let f = days.failures;
    let fails = |n: u32| format!("fails on {n} of {} days", days.count);
    const CLAIM: &str = "The last test checks the claim that matters most over 200 seeds, not one lucky day: under no limit the heavy user is at least 90% of the bill, under the budget at most 35%, and neither the budget nor 5 calls a minute turns away an ordinary call; nor does any budget from $0.15 to $0.50.";
    const NONE: &str = "fails on 0 of 200 days";
    list.add("days_no_limit_heavy_under_90_percent", CLAIM, fails(f.heavy_under_90_percent_with_no_limit), NONE);
    list.add("days_budget_heavy_over_35_percent", CLAIM, fails(f.heavy_over_35_percent_with_budget), NONE);
    list.add("days_budget_refused_ordinary", CLAIM, fails(f.ordinary_refused_by_budget), NONE);
    list.add("days_five_a_minute_refused_ordinary", CLAIM, fails(f.ordinary_refused_by_request_limit), NONE);
    list.add(
        "days_15_to_50_cents_refused_ordinary",
        "In the toy, $0.15 to $0.50 a day turned away none of them on any of 200 days.",
        fails(f.ordinary_refused_by_a_budget_from_15_to_50_cents),
        NONE,
    );
    const WORST: &str = "Another test adds up the worst day an ordinary user can have in the toy: 40 calls of the dearest size plus the largest set-aside is 195,800 micro-dollars, under the 250,000 budget, so none of them can reach it.";
    let worst = worst_ordinary_day()?;
    list.add("worst_ordinary_day", WORST, grouped(worst.0), "195,800");
    let side = if worst <= BUDGET_DEFAULT { "under" } else { "over" };
    list.add(
        "worst_ordinary_day_fits",
        WORST,
        format!("{side} the {} budget", grouped(BUDGET_DEFAULT.0)),
        "under the 250,000 budget",
    );
    Ok(())
}

/// The hand example, run on a [`Budget`]: $0.25, $0.10 used, 20,000 tokens in, reply cap
/// 1,000, reply 800.
fn hand_example(list: &mut List) -> Result<(), Overflow> {
    const USER: u8 = 0;
    let mut budget = Budget::new(BUDGET_DEFAULT, Refill::Daily);
    let earlier = Micros(100_000);
    if let Ok(hold) = budget.reserve(USER, earlier, 0) {
        budget.settle(&hold, earlier, 0);
    }
    let before = budget.used(&USER, 0);
    let amount = set_aside(20_000, REPLY_CAP)?;
    let actual = cost(20_000, 800)?;
    let hold = budget.reserve(USER, amount, 0).ok();
    let reserved = budget.used(&USER, 0);
    if let Some(hold) = &hold {
        budget.settle(hold, actual, 0);
    }
    let settled = budget.used(&USER, 0);
    list.add("hand_set_aside", "The reserve is 20,000 × 2 + 1,000 × 10 = 50,000.", grouped(amount.0), "50,000");
    list.add("hand_cost", "The settle is 20,000 × 2 + 800 × 10 = 48,000.", grouped(actual.0), "48,000");
    list.add(
        "hand_used",
        "The used amount moves like this: (a table) Before 100,000 | Reserve 150,000 | Settle 148,000",
        format!("{} -> {} -> {}", grouped(before.0), grouped(reserved.0), grouped(settled.0)),
        "100,000 -> 150,000 -> 148,000",
    );
    list.add(
        "hand_given_back",
        "The reply costs $0.048: that is charged and $0.002 is given back.",
        reserved.saturating_sub(settled).dollars(3),
        "$0.002",
    );
    Ok(())
}

fn calls_at_once(list: &mut List) -> Result<(), Overflow> {
    let params = Params::default();
    let rows = in_flight::overrun(&params)?;
    let row = |v: Version| rows.iter().find(|r| r.version == v).copied();
    let refused = |admitted: u32| params.calls().saturating_sub(admitted);
    let budget = params.budget();
    const CHECK: &str = "Each check sees $0 used, so all 20 pass, and each costs $0.048. The bill is $0.96, almost four times the $0.25 budget.";
    if let Some(r) = row(Version::CheckOnly) {
        list.add("check_only", CHECK, format!("{} in, {}", r.admitted, r.charged.dollars(2)), "20 in, $0.96");
        list.add("check_only_over_budget", CHECK, ratio_almost(r.charged, budget), "almost 4");
    }
    list.add("in_flight_call_cost", CHECK, cost(in_flight::INPUT, in_flight::OUTPUT)?.dollars(3), "$0.048");
    if let Some(r) = row(Version::SetAside) {
        list.add(
            "set_aside_first",
            "With the set-aside, the first 5 calls each hold $0.05, so five fill the budget, and the other 15 are refused. Each of the 5 then costs $0.048, so the bill is $0.24.",
            format!("{} in, {} refused, {}", r.admitted, refused(r.admitted), r.charged.dollars(2)),
            "5 in, 15 refused, $0.24",
        );
    }
    if let Some(r) = row(Version::HalfEstimate) {
        list.add(
            "half_estimate",
            "Input guessed at half its size: 8 get in, 12 are refused, $0.38.",
            format!("{} in, {} refused, {}", r.admitted, refused(r.admitted), r.charged.dollars(2)),
            "8 in, 12 refused, $0.38",
        );
        const LOW: &str = "With the input guessed at half its size, 8 calls fit in place of 5, and the bill is $0.384, 1.5 times the budget.";
        list.add("half_estimate_bill", LOW, r.charged.dollars(3), "$0.384");
        list.add("half_estimate_over_budget", LOW, ratio_tenths(r.charged, budget), "1.5");
    }
    if let Some(r) = row(Version::TwoProcesses) {
        const TWO: &str = "The test sends the same 20 calls to two separate `Budget` objects: 10 get in and $0.48 is charged, 1.9 times the budget.";
        list.add("two_processes", TWO, format!("{} in, {}", r.admitted, r.charged.dollars(2)), "10 in, $0.48");
        list.add("two_processes_over_budget", TWO, ratio_tenths(r.charged, budget), "1.9");
    }
    Ok(())
}

/// The lesson's refusal, produced by [`handle_chat`]: on the lesson's date a user spends
/// $0.22 in the morning, then at 23:00 sends 50,000 tokens (bytes plus the per-message
/// extra) with the reply cap of 1,000, which needs up to $0.11 while $0.03 is left.
fn refusal_example(list: &mut List) {
    let budget = SharedBudget::new(Budget::new(BUDGET_DEFAULT, Refill::Daily));
    // The fake service bills exactly the counted input and a full reply.
    let service = |request: &ChatRequest, max_reply: Tokens| {
        let usage = Usage { input_tokens: input_tokens_upper_bound(&request.messages), output_tokens: max_reply };
        Ok(Answer { text: String::new(), usage })
    };
    let call = |tokens: usize, at: Seconds| {
        let request = ChatRequest { messages: vec![Message::user("x".repeat(tokens - 10))] };
        handle_chat(&budget, &service, Some("reader"), &request, at, REPLY_CAP, &input_tokens_upper_bound)
    };
    call(105_000, LESSON_DATE + 9 * HOUR); // 210,000 + 10,000 = $0.22
    let ours = match call(50_000, LESSON_DATE + 23 * HOUR).body {
        Body::Error { message, .. } => message,
        Body::Answer { .. } => "(the call was not refused)".into(),
    };
    list.add(
        "refusal_message",
        "A refused user gets a message such as \"Your AI budget has $0.03 left and this call needs up to $0.11. It refills in 1 h 0 min.\"",
        ours,
        "Your AI budget has $0.03 left and this call needs up to $0.11. It refills in 1 h 0 min.",
    );
}

/// Why some of our figures differ from the lesson's (`billsim numbers` writes it under the
/// table): the toy day is our model of what the lesson states (`toy-day.md`), as its
/// simulation code is not given.
pub fn note() -> Result<String, Overflow> {
    Ok(format!(
        "The lesson does not give its simulation code: the toy day here is our model of what it states. The users, \
         prices, reply cap and the heavy user's calls are the lesson's; the ordinary users' sessions and call sizes \
         and each day's draws are ours. So the shown day's figures land near the lesson's, not on them, and the worst \
         ordinary day is our model's: 40 of its dearest ordinary calls and the largest set-aside come to {} \
         micro-dollars, under the {} budget as the lesson's are. The claims over 200 days are checked on our days \
         (the last rows).",
        grouped(worst_ordinary_day()?.0),
        grouped(BUDGET_DEFAULT.0)
    ))
}

/// Every figure the lesson quotes: the prices, the shown day, the hand example, the calls
/// at once, the refusal, then the claims over 200 days.
pub fn lesson_numbers() -> Result<Vec<Number>, Overflow> {
    let mut list = List::default();
    prices(&mut list)?;
    shown_day(&mut list)?;
    hand_example(&mut list)?;
    calls_at_once(&mut list)?;
    refusal_example(&mut list);
    claims_over_days(&mut list)?;
    Ok(list.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_that_do_not_depend_on_our_toy_model_match_the_lesson_exactly() {
        let numbers = lesson_numbers().unwrap();
        let differing: Vec<&str> = numbers.iter().filter(|n| n.differs()).map(|n| n.key).collect();
        // Figures of the shown day, and the worst ordinary day, come from our toy model, whose
        // bounds and draws are not the lesson's, so they may differ.
        let from_our_model = [
            "no_limit_heavy_share",
            "no_limit_bill",
            "budget_bill",
            "budget_heavy_share",
            "budget_ordinary_refused",
            "day_calls",
            "day_heavy_calls",
            "day_heavy_share_of_calls",
            "budget_heavy_refused",
            "one_a_minute_ordinary_refused",
            "five_cents_ordinary_refused",
            "worst_ordinary_day",
        ];
        for n in &numbers {
            if !from_our_model.contains(&n.key) {
                assert!(!n.differs(), "{}: ours {:?}, lesson {:?}", n.key, n.ours, n.lesson);
            }
        }
        assert!(differing.len() < numbers.len() / 2, "most figures are the lesson's: {differing:?}");
    }

    #[test]
    fn every_key_is_listed_once() {
        let numbers = lesson_numbers().unwrap();
        let mut keys: Vec<&str> = numbers.iter().map(|n| n.key).collect();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), numbers.len());
    }

    #[test]
    fn a_ratio_short_of_a_whole_number_by_less_than_a_half_is_almost_it() {
        let said = |a, b| ratio_almost(Micros(a), Micros(b));
        assert_eq!(
            [said(960, 250), said(875, 250), said(1_000, 250), said(870, 250), said(1_010, 250), said(1, 0)],
            ["almost 4", "almost 4", "4.0", "3.5", "4.0", "-"].map(String::from),
            "$0.96, $0.875, $1, $0.87 and $1.01 against $0.25, and a zero budget"
        );
    }

    #[test]
    fn amounts_are_written_with_thousands_separators_and_ratios_in_tenths() {
        assert_eq!(
            (grouped(0), grouped(420), grouped(120_000), grouped(1_234_567)),
            ("0".into(), "420".into(), "120,000".into(), "1,234,567".into())
        );
        assert_eq!(ratio_tenths(Micros(120_000), Micros(420)), "285.7");
        assert_eq!(ratio_tenths(Micros(1), Micros(0)), "-");
    }
}
