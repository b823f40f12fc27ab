//! The runaway day, zoomed: the runaway tenant's spend on its day from 09:00 to 14:00
//! under each policy, against its daily budget and the product's monthly budget. On the
//! month's chart that day is a vertical jump; here the reader sees where each policy stops
//! the tenant (the hard block, the ladder after its steps down, nothing) and, with no cap,
//! the month's budget gone before 2 pm.

use super::claims::BY_HOUR;
use super::traffic::{runaway_day, RUNAWAY, RUNAWAY_FROM_HOUR};
use super::Params;
use crate::engine::{RunError, DAY_MS};
use crate::scenario::{ScenarioRun, Values};
use crate::settings::FieldError;
use crate::time::Instant;
use crate::views::over_time::zoom::{self, zoomed, Zoom};
use crate::views::over_time::{day_of, reference, OverTime, Scale};

const HOUR_MS: u64 = 3_600_000;

/// The zoom of `run` (a month run with every event) whose settings are `params`.
pub fn zoom_of(run: &ScenarioRun, params: &Params) -> Result<Zoom, FieldError> {
    let day = runaway_day(run.seed);
    let name = super::panels::runaway_name(run);
    let since = Instant(day * DAY_MS);
    let (from, to) = (Instant(since.0 + RUNAWAY_FROM_HOUR * HOUR_MS), Instant(since.0 + BY_HOUR * HOUR_MS));
    let mut zoom = Zoom {
        title: format!(
            "The runaway day: {name}'s spend on {} from {RUNAWAY_FROM_HOUR:02}:00 to {BY_HOUR}:00 under each \
             policy, on a scale of tens (each step up the money axis is ten times the one below)",
            day_of(since.0)
        ),
        from,
        to,
        since,
        users: vec![RUNAWAY],
        // The first refusal, not "blocked": the ladder refuses a call once even its cheapest
        // model does not fit, and goes on serving the calls that do.
        limits: Vec::new(),
        // No cap reaches a hundred times what the capped policies allow: on a scale of tens
        // both the month's budget passed and the caps holding show.
        log_money: true,
        refused_mark: format!("{name} first refused at"),
        refused_sentence: "its first call refused at".into(),
    };
    let moments = zoom::moments(&zoom);
    let overflow = |_| crate::settings::Invalid { allowed: "amounts small enough to count", got: "more".into() };
    let metered: Vec<usize> =
        run.ran.iter().enumerate().filter(|(_, p)| !p.guards.is_empty()).map(|(i, _)| i).collect();
    if let Some((daily, _)) = params.budgets("runaway") {
        let mut line = reference(&format!("{name}'s daily budget"), daily, &moments, 0)
            .map_err(|e| overflow(e).on("payingDailyDollars"))?;
        line.policies = metered;
        zoom.limits.push(line);
    }
    let product = reference("product's monthly budget", params.product_monthly, &moments, run.policies.len())
        .map_err(|e| overflow(e).on("productMonthlyDollars"))?;
    zoom.limits.push(product);
    Ok(zoom)
}

/// The runaway day's view of `run`, a month run with every event with `values`.
pub fn runaway_day_view(run: &ScenarioRun, values: &Values) -> Result<OverTime, RunError> {
    let params = Params::from_values(values)?;
    let zoom = zoom_of(run, &params).map_err(RunError::Setting)?;
    zoomed(run, &zoom, Scale::ClockOn { day: runaway_day(run.seed) }).map_err(RunError::Setting)
}
