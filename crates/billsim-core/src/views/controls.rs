//! The words of the widget's own buttons, the same in every lesson's widget: the page draws
//! them from here, as it does every other word a reader sees.

use serde::Serialize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Controls {
    /// The button that opens the settings' form.
    pub more_settings: &'static str,
    /// The button that shows the view's table, and the same button once it is shown.
    pub show_numbers: &'static str,
    pub hide_numbers: &'static str,
    /// Said to a screen reader after the lines under the chart that changed, when more
    /// changed than it is told at once.
    pub more_under_chart: &'static str,
    /// After the first notices of what the widget ignored (an address of sixty names it does
    /// not know was sixty sentences over the chart), how many more: `{count}` is replaced.
    pub more_ignored: &'static str,
}

pub const CONTROLS: Controls = Controls {
    more_settings: "More settings",
    show_numbers: "Show numbers",
    hide_numbers: "Hide numbers",
    more_under_chart: "More under the chart.",
    more_ignored: "And {count} more ignored.",
};
