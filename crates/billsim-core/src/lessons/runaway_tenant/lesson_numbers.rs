//! Every figure lesson 002 quotes, computed here beside the lesson's own (`billsim numbers
//! --scenario runawayTenant`). The lesson quotes few: its price table, and claims in words
//! ("by 2pm ... more than the whole product was supposed to spend in a month"), each given
//! here as the word the shown month bears out. `billsim numbers` prints the month's
//! measures under them, as `billsim run` does.

use super::claims::Claims;
use super::scenario::SCENARIO;
use super::{Params, PRICES};
use crate::engine::{Record, RunError};
use crate::lessons::toy_day::lesson_numbers::Number;
use crate::scenario::{run, ScenarioRun, Values};

/// The month the widget shows first, and the one measured here.
pub const SHOWN_MONTH: u32 = 0;

const PRICES_SENTENCE: &str = "PRICES = {\"claude-opus-4-8\": {\"input\": 5.00, \"output\": 25.00}, \
    \"claude-sonnet-4-6\": {\"input\": 3.00, \"output\": 15.00}, \"claude-haiku-4-5\": {\"input\": 0.80, \"output\": 4.00}}";

/// Each price the lesson's table gives: its key, the model (an index of [`PRICES`]), whether
/// it is the input price, and the lesson's text.
const PRICE_FIGURES: [(&str, usize, bool, &str); 6] = [
    ("opus_input_per_million", 0, true, "5.00"),
    ("opus_output_per_million", 0, false, "25.00"),
    ("sonnet_input_per_million", 1, true, "3.00"),
    ("sonnet_output_per_million", 1, false, "15.00"),
    ("haiku_input_per_million", 2, true, "0.80"),
    ("haiku_output_per_million", 2, false, "4.00"),
];

/// The shown month at the lesson's settings, with every event recorded (the claims read
/// them), and its settings.
pub fn shown_month() -> Result<(ScenarioRun, Params), RunError> {
    let values = Values::defaults(&SCENARIO);
    let params = Params::from_values(&values)?;
    let events = Record { events: true, ..Record::default() };
    Ok((run(&SCENARIO, SHOWN_MONTH, &values, None, events)?, params))
}

/// The lesson's figures, ours measured on `run` (a month of [`shown_month`]'s kind), whose
/// claims are `c`.
pub fn lesson_numbers(run: &ScenarioRun, c: &Claims) -> Vec<Number> {
    let mut list: Vec<Number> = PRICE_FIGURES
        .iter()
        .map(|&(key, model, input, lesson)| {
            let (_, i, o) = PRICES[model];
            let ours = if input { i } else { o }.dollars(2).trim_start_matches('$').to_string();
            Number { key, sentence: PRICES_SENTENCE, ours, lesson }
        })
        .collect();
    list.push(Number {
        key: "by_2pm_against_monthly_budget",
        sentence: "By 2pm their workspace alone had spent more on model calls than the whole product was supposed \
                   to spend in a month.",
        ours: if c.spent_by_2pm > c.product_monthly { "more" } else { "less" }.into(),
        lesson: "more",
    });
    list.push(Number {
        key: "cost_per_call_orders_of_magnitude",
        sentence: "The cost per request swings by two orders of magnitude depending on context size and completion \
                   length.",
        ours: orders_of_magnitude(run).to_string(),
        lesson: "2",
    });
    list.push(Number {
        key: "reserved_cap",
        sentence: "It costs you one extra ledger write per call and buys you a cap that holds under concurrency \
                   instead of one that is right on average and wrong exactly when a tenant floods you.",
        ours: match c.overruns.len() {
            0 => "holds".into(),
            n => format!("{n} windows charged past their budget"),
        },
        lesson: "holds",
    });
    list
}

/// How many times ten the dearest call served with no cap costs over the cheapest that
/// cost anything (a failed call is billed nothing): 2 for a 100- to 999-fold swing.
fn orders_of_magnitude(run: &ScenarioRun) -> u32 {
    let Some(no_cap) = run.policies.iter().find(|o| o.policy == "noCap") else { return 0 };
    let charged = no_cap.events.iter().flatten().filter(|e| e.served && e.charged.0 > 0).map(|e| e.charged.0);
    let (least, most) = charged.fold((u64::MAX, 0), |(lo, hi), n| (lo.min(n), hi.max(n)));
    let mut orders = 0;
    let mut step = u128::from(least) * 10;
    while step <= u128::from(most) {
        orders += 1;
        step *= 10;
    }
    orders
}
