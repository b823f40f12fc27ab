use super::*;
use crate::lessons::toy_day::scenario::TOY_DAY;

#[test]
fn where_the_lessons_figures_fall_over_200_days_is_what_200_days_give() {
    assert_eq!(over_days(DAYS).unwrap(), OVER_DAYS.map(String::from), "the panel's column over 200 days");
}

#[test]
fn the_lessons_day_is_set_beside_this_day_at_the_lessons_settings_only() {
    let values = Values::defaults(&TOY_DAY);
    let panels = panels(&TOY_DAY, 0, &values, "dailyBudget").unwrap();
    let table = panels[0].table.as_ref().unwrap();
    assert_eq!(table.columns, ["", "The lesson's day", "Day 0 here", "Over 200 days here"]);
    let day = simulate_day(0, &crate::Settings::default()).unwrap();
    let row = |what: &str| table.rows.iter().find(|r| r[0] == what).unwrap_or_else(|| panic!("{what}"))[1..3].to_vec();
    assert_eq!(row("No limit: the bill"), ["$9.93".to_string(), day.outcome(Policy::NoLimit).bill.cents()]);
    let (calls, heavy) = day.calls();
    assert_eq!(row("Calls in the day"), ["394".to_string(), crate::words::grouped(calls)]);
    let refused = day.outcome(Policy::DailyBudget).refused(&day.users, UserKind::Heavy);
    let heavy_refused = row("Daily cost budget $0.25: the heavy user's calls refused");
    assert_eq!(heavy_refused, ["185 of 190".to_string(), format!("{refused} of {heavy}")]);
    let mut other = values.clone();
    other.set(&TOY_DAY, "budgetDollars", "0.5").unwrap();
    assert!(super::panels(&TOY_DAY, 0, &other, "dailyBudget").unwrap().is_empty(), "other settings: not the lesson's");
}

#[test]
fn where_the_figures_the_lesson_quotes_at_other_settings_fall_over_200_days_is_what_200_days_give() {
    for n in &NAMED {
        assert_eq!(named_over_days(&TOY_DAY, n, DAYS).unwrap(), n.over_days, "{} = {}", n.key, n.value);
    }
}

#[test]
fn at_a_setting_the_lesson_quotes_a_figure_at_that_figure_is_set_beside_this_days() {
    // At 1 request a minute the panel was gone, and the lesson's 69 with it.
    let mut values = Values::defaults(&TOY_DAY);
    values.set(&TOY_DAY, "perMinute", "1").unwrap();
    let panels = panels(&TOY_DAY, 0, &values, "requestsPerMinute").unwrap();
    let table = panels[0].table.as_ref().unwrap();
    let day = simulate_day(0, &values.day_settings()).unwrap();
    let (refused, ordinary) = ordinary_refused(&day, Policy::RequestsPerMinute);
    assert_eq!(
        table.rows,
        [[
            "1 request per minute: ordinary calls refused",
            "69",
            &format!("{refused} of {ordinary}"),
            NAMED[0].over_days
        ]]
    );
    values.set(&TOY_DAY, "budgetDollars", "0.05").unwrap();
    assert!(super::panels(&TOY_DAY, 0, &values, "dailyBudget").unwrap().is_empty(), "two settings changed: none");
}
