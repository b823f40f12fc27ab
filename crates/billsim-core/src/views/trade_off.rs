//! The trade-off view of a scenario run: each policy as a point, the honest users' requests
//! it refused across, its bill up, so the reader sees what a limit costs the users it is
//! not for against what it saves. The points are the "by kind of user" view's bars (one
//! source: the same bills and refusals, never worked out twice); every word and amount a
//! reader sees is here, the chart only places them.

use crate::engine::Nanos;
use crate::scenario::{Others, ScenarioRun};
use crate::views::over_time::{money_ticks, Tick};
use crate::views::share::{cohort_view, Bar};
use crate::views::table::Table;
use crate::words::{capitalised, grouped, share};
use serde::{Deserialize, Serialize};

/// Most steps of each axis.
const TICKS: u64 = 5;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TradeOff {
    /// "Bill against honest requests refused under each policy: A free tier, run 0".
    pub title: String,
    /// The axis across, in words: "Honest requests refused (of 802)".
    pub across: String,
    /// The axis up: "Bill".
    pub up: String,
    /// Round counts from zero to the axis's end, each labelled ("0", "200", "1,000").
    pub refused_ticks: Vec<Tick>,
    /// Round amounts from zero to the axis's top, in nano-dollars.
    pub money_ticks: Vec<Tick>,
    /// One point per policy, in the run's order.
    pub points: Vec<Point>,
    pub table: Table,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Point {
    pub policy: String,
    /// The policy's name with its settings: "All three layers (bucket of 5 ...)".
    pub label: String,
    /// Its short name, as its button says it ("All three layers"): the point's label.
    pub name: String,
    #[serde(rename = "billNanos")]
    pub bill_nanos: Nanos,
    /// The bill to the cent: "$3.01".
    pub bill: String,
    pub honest_refused: u64,
    pub honest_requests: u64,
    /// The point's second line on the chart: "$3.01 · 497 honest refused (62%)" (the
    /// honest requests, as the axis across counts: the bars' notes count every refusal).
    pub note: String,
    /// The point in words, for the status line and the text alternative.
    pub sentence: String,
}

/// The trade-off view of `run`, made from its "by kind of user" view.
///
/// ```
/// use billsim_core::engine::Record;
/// use billsim_core::views::trade_off::trade_off;
/// use billsim_core::scenario::{registry::find, run, Values};
/// let free = find("freeTier").unwrap();
/// let view = trade_off(&run(free, 0, &Values::defaults(free), None, Record::default()).unwrap());
/// let all = view.points.iter().find(|p| p.policy == "allThree").unwrap();
/// assert_eq!(all.note, "$3.01 · 497 honest refused (62%)");
/// ```
pub fn trade_off(run: &ScenarioRun) -> TradeOff {
    let cohorts = cohort_view(run);
    let name = |policy: &str| run.label_of(policy);
    let others = run.about.others;
    let points: Vec<Point> = cohorts.bars.iter().map(|b| point(b, name(&b.policy), others)).collect();
    let requests = points.iter().map(|p| p.honest_requests).max().unwrap_or(0);
    let most_refused = points.iter().map(|p| p.honest_refused).max().unwrap_or(0);
    let top = points.iter().map(|p| p.bill_nanos).max().unwrap_or(Nanos(0));
    let name = run.about.label.unwrap_or(run.scenario);
    TradeOff {
        title: format!("Bill against {} refused under each policy: {name}, run {}", others.sent(), run.seed),
        across: capitalised(&format!("{} refused (of {})", others.sent(), grouped(requests))),
        up: "Bill".into(),
        refused_ticks: count_ticks(most_refused, TICKS),
        money_ticks: money_ticks(top, TICKS),
        table: table(&points, others),
        points,
    }
}

fn point(bar: &Bar, name: Option<&str>, others: Others) -> Point {
    let (who, sent) = (others.who, others.sent());
    // The segments add up to the bill (the engine checked the whole fits).
    let bill_nanos =
        bar.segments.iter().try_fold(Nanos(0), |sum, s| sum.checked_add(s.charged)).unwrap_or(Nanos(u64::MAX));
    let (refused, requests) = (bar.honest_refused, bar.honest_requests);
    let part = share(refused, requests).map(|s| format!(" ({s})")).unwrap_or_default();
    let of = format!("{} of {} {sent} refused{part}", grouped(refused), grouped(requests));
    Point {
        policy: bar.policy.clone(),
        label: bar.label.clone(),
        name: name.map_or_else(|| bar.label.clone(), String::from),
        bill_nanos,
        bill: bar.bill.clone(),
        honest_refused: refused,
        honest_requests: requests,
        note: format!("{} \u{B7} {} {who} refused{part}", bar.bill, grouped(refused)),
        sentence: format!("{}: {} billed; {of}.", bar.label, bar.bill),
    }
}

/// Round counts from zero to at least `top` (1-2-5 steps of at least one), no more than
/// `most` steps, each labelled with thousands separators; the last is the axis's end.
///
/// ```
/// use billsim_core::views::trade_off::count_ticks;
/// let labels: Vec<String> = count_ticks(497, 5).into_iter().map(|t| t.label).collect();
/// assert_eq!(labels, ["0", "100", "200", "300", "400", "500"]);
/// ```
pub fn count_ticks(top: u64, most: u64) -> Vec<Tick> {
    let (top, most) = (top.max(1), most.max(1));
    let steps = (0..20u32).flat_map(|e| [1u64, 2, 5].map(|m| 10u64.checked_pow(e)?.checked_mul(m)));
    let step = steps.flatten().find(|&s| top.div_ceil(s) <= most).unwrap_or(top);
    (0..=top.div_ceil(step)).map(|i| i.saturating_mul(step)).map(|at| Tick { at, label: grouped(at) }).collect()
}

fn table(points: &[Point], others: Others) -> Table {
    let sent = others.sent();
    let columns = [
        "Policy".to_string(),
        "Bill".to_string(),
        capitalised(&format!("{sent} refused")),
        capitalised(&format!("{sent} made")),
        "Share refused".to_string(),
    ];
    let rows = points
        .iter()
        .map(|p| {
            let part = share(p.honest_refused, p.honest_requests).unwrap_or_default();
            vec![p.label.clone(), p.bill.clone(), grouped(p.honest_refused), grouped(p.honest_requests), part]
        })
        .collect();
    Table { caption: format!("Each policy's bill and the {sent} it refused"), columns: columns.to_vec(), rows }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Record;
    use crate::scenario::{registry::find, run, Values};

    fn view(name: &str, set: &[(&str, &str)]) -> (TradeOff, crate::views::share::CohortView) {
        let s = find(name).unwrap();
        let mut values = Values::defaults(s);
        for (k, v) in set {
            values.set(s, k, v).unwrap();
        }
        let r = run(s, 0, &values, None, Record::default()).unwrap();
        (trade_off(&r), cohort_view(&r))
    }

    #[test]
    fn each_point_is_the_by_kind_views_bill_and_honest_refusals_of_its_policy() {
        for name in ["freeTier", "hackathon", "runawayTenant"] {
            let (t, c) = view(name, &[]);
            assert_eq!(t.points.len(), c.bars.len(), "{name}: a point per policy");
            for (p, b) in t.points.iter().zip(&c.bars) {
                let bill: u64 = b.segments.iter().map(|s| s.charged.0).sum();
                assert_eq!(
                    (p.policy.as_str(), p.bill_nanos.0, p.honest_refused, p.honest_requests),
                    (b.policy.as_str(), bill, b.honest_refused, b.honest_requests),
                    "{name}: {} is the by-kind bar's bill and refusals",
                    b.policy
                );
                assert!(p.sentence.starts_with(&format!("{}: {} billed; ", b.label, b.bill)), "{}", p.sentence);
            }
            assert!(t.points.iter().any(|p| p.honest_refused > 0), "{name}: some policy refuses honest users");
        }
    }

    #[test]
    fn the_lessons_trade_offs_are_said_in_numbers_with_their_share() {
        let (free, _) = view("freeTier", &[]);
        let all = free.points.iter().find(|p| p.policy == "allThree").unwrap();
        assert_eq!(all.name, "All three layers");
        assert!(
            all.sentence.ends_with(": $3.01 billed; 497 of 802 honest requests refused (62%)."),
            "{}",
            all.sentence
        );
        let none = &free.points[0];
        assert_eq!(none.note, "$23.05 \u{B7} 0 honest refused (0%)");
        assert_eq!(free.across, "Honest requests refused (of 802)");
        let (demo, _) = view("hackathon", &[]);
        let cap = demo.points.iter().find(|p| p.policy == "dailyCap").unwrap();
        assert!(cap.honest_refused > 100, "lesson 001's cap locks honest visitors out: {}", cap.sentence);
    }

    #[test]
    fn a_setting_moves_the_point_a_higher_breaker_refuses_fewer_and_bills_more() {
        let (low, _) = view("freeTier", &[]);
        let (high, _) = view("freeTier", &[("breakerDollars", "6")]);
        let at = |t: &TradeOff| {
            let p = t.points.iter().find(|p| p.policy == "allThree").unwrap();
            (p.honest_refused, p.bill_nanos.0)
        };
        let ((r0, b0), (r1, b1)) = (at(&low), at(&high));
        assert!(r1 < r0 && b1 > b0, "a $6 breaker: {r1} refused and {b1} billed, against {r0} and {b0} at $3");
    }

    #[test]
    fn the_axes_reach_the_largest_bill_and_the_most_refused() {
        for name in ["freeTier", "hackathon", "runawayTenant"] {
            let (t, _) = view(name, &[]);
            let most = t.points.iter().map(|p| p.honest_refused).max().unwrap();
            let top = t.points.iter().map(|p| p.bill_nanos.0).max().unwrap();
            assert!(t.refused_ticks.last().unwrap().at >= most, "{name}: {:?} reaches {most}", t.refused_ticks);
            assert!(t.money_ticks.last().unwrap().at >= top, "{name}: the money axis reaches {top}");
            assert!(t.refused_ticks.len() <= TICKS as usize + 1 && t.refused_ticks[0].at == 0);
        }
        assert_eq!(count_ticks(0, 5).iter().map(|t| t.at).collect::<Vec<_>>(), [0, 1], "nothing refused: 0 to 1");
        assert_eq!(count_ticks(1_200, 5).last().unwrap().label, "1,500");
    }
}
