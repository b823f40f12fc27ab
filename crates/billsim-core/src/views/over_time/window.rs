//! The time axis cut short where everything on the chart's scale stops moving early in a
//! long run. Lesson 001's demo day runs from 08:00 to 21:32; the one line on its scale (the
//! tutorial's app, on an axis to $0.0015) climbs from 08:05 to 08:21 and then stays, and
//! the other lines leave its top by 08:23. Drawn over the whole day, all of that was a
//! sliver at the left edge. The sentences and the table still cover the whole run.

use super::axis::{Round, TIME_TICKS};
use super::view::OverTime;

/// The moving part must be at most this fraction (1 in 4) of the axis for the axis to be cut.
const SLIVER: u64 = 4;

/// When the last thing drawn on the scale moves: a line on it rising, a line leaving its
/// top, a ceiling reached, a limit line drawn changing.
fn last_move(view: &OverTime) -> Option<u64> {
    // Point k holds what was settled before moment k, so a change shows at its point.
    let changes = |points: &[[u64; 2]]| points.windows(2).rev().find(|w| w[1][1] != w[0][1]).map(|w| w[1][0]);
    let lines = view.lines.iter().filter_map(|l| match &l.off_scale {
        Some(leaves) => Some(leaves.at_ms),
        None => changes(&l.points),
    });
    let limits = view.limits.iter().filter(|l| !l.above).filter_map(|l| changes(&l.points));
    lines.chain(limits).chain(view.events.iter().map(|e| e.at_ms)).max()
}

/// `view` with its time axis ending soon after the last thing on its scale moves, when that
/// is in the first quarter of the run: the axis runs on for as long again, to a round
/// moment, so that the flat stretch shows. Its `window` says so. A view on a scale of tens
/// is a zoom already, and is left whole.
pub(crate) fn cut_to_the_moves(mut view: OverTime) -> OverTime {
    let (from, to, scale) = (view.from_ms, view.to_ms, view.scale);
    let Some(moved) = last_move(&view).filter(|&m| m > from && !view.log_money) else { return view };
    if (moved - from).saturating_mul(SLIVER) > to - from {
        return view;
    }
    let want = moved.saturating_add(moved - from);
    let step = match scale.ticks(from, want, TIME_TICKS).as_slice() {
        [a, b, ..] => b.at - a.at,
        _ => scale.unit_ms(),
    };
    let round = want.div_ceil(step).saturating_mul(step).min(to);
    // The first moment of the lines at or after it, so that each line reaches the end.
    let Some(end) = view.lines.first().and_then(|l| l.points.iter().map(|p| p[0]).find(|&at| at >= round)) else {
        return view;
    };
    let kept = |points: &mut Vec<[u64; 2]>| points.retain(|p| p[0] <= end);
    view.lines.iter_mut().for_each(|l| kept(&mut l.points));
    view.limits.iter_mut().for_each(|l| kept(&mut l.points));
    view.to_ms = end;
    view.time_ticks = scale.ticks(from, end, TIME_TICKS);
    view.window = Some(format!(
        "The chart shows {} to {}: nothing on its scale moves after {}. The sentences and the table go on to the end, {}.",
        scale.moment(from, Round::Down),
        scale.moment(end, Round::Up),
        scale.moment(moved, Round::Up),
        scale.moment(to, Round::Up),
    ));
    view.in_words()
}
