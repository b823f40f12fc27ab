//! The widgets' views, which scenario each runs and which chart draws it, and what a widget
//! is; the widgets themselves, one per lesson, are in the registry (a lesson declares its
//! switches). The page builds its view menu and its widgets from these.

use crate::scenario::setting::{Choice, Toggles};
use serde::Serialize;

/// A view of the widget: the scenario it shows, as which chart, and the widget it belongs
/// to (the `scenario` setting's value that shows it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct View {
    pub value: &'static str,
    pub label: &'static str,
    pub scenario: &'static str,
    pub widget: &'static str,
    /// "shareOfBill", "overrun", "spendOverTime", "shareByCohort" or "tradeOff" (each policy's
    /// bill against the honest requests it refused, where a lesson's policies refuse some) or
    /// "accounts" (one kind of user's accounts as small multiples) or "client" (what lesson
    /// 001's client gets on the tutorial's runs) or "runawayDay" (lesson 002's runaway day
    /// zoomed: the over-time chart from 09:00 to 14:00 of that day) or "ladder" (lesson
    /// 002's ladder against the hard block: the calls each daily cap stopped, served on a
    /// cheaper model or refused).
    pub chart: &'static str,
}

pub const VIEWS: &[View] = &[
    View { value: "day", label: "One day", scenario: "toyDay", widget: "toyDay", chart: "shareOfBill" },
    View { value: "inflight", label: "Calls at once", scenario: "callsAtOnce", widget: "toyDay", chart: "overrun" },
    View { value: "overTime", label: "Over time", scenario: "toyDay", widget: "toyDay", chart: "spendOverTime" },
    View {
        value: "byKind",
        label: "By kind of user",
        scenario: "freeTier",
        widget: "freeTier",
        chart: "shareByCohort",
    },
    View {
        value: "freeTradeOff",
        label: "Bill against refusals",
        scenario: "freeTier",
        widget: "freeTier",
        chart: "tradeOff",
    },
    View { value: "freeAccounts", label: "Sockpuppets", scenario: "freeTier", widget: "freeTier", chart: "accounts" },
    View {
        value: "freeOverTime",
        label: "Over time",
        scenario: "freeTier",
        widget: "freeTier",
        chart: "spendOverTime",
    },
    View {
        value: "demoByKind",
        label: "By kind of user",
        scenario: "hackathon",
        widget: "hackathon",
        chart: "shareByCohort",
    },
    View {
        value: "demoTradeOff",
        label: "Bill against refusals",
        scenario: "hackathon",
        widget: "hackathon",
        chart: "tradeOff",
    },
    View { value: "demoClient", label: "Client's view", scenario: "hackathon", widget: "hackathon", chart: "client" },
    View {
        value: "demoOverTime",
        label: "Over time",
        scenario: "hackathon",
        widget: "hackathon",
        chart: "spendOverTime",
    },
    // Lesson 002's runaway tenant.
    View {
        value: "byTenant",
        label: "By tenant",
        scenario: "runawayTenant",
        widget: "runawayTenant",
        chart: "shareByCohort",
    },
    // The lesson's own picture: its own view (a zoom from the core), not a zoom control on
    // "Over the month": the day and its hours are the lesson's, and the reader gets them in one tap.
    View {
        value: "tenantRunawayDay",
        label: "By 2 pm",
        scenario: "runawayTenant",
        widget: "runawayTenant",
        chart: "runawayDay",
    },
    View {
        value: "tenantLadder",
        label: "Ladder vs block",
        scenario: "runawayTenant",
        widget: "runawayTenant",
        chart: "ladder",
    },
    View {
        value: "tenantTradeOff",
        label: "Bill against refusals",
        scenario: "runawayTenant",
        widget: "runawayTenant",
        chart: "tradeOff",
    },
    View {
        value: "tenantOverTime",
        label: "Over the month",
        scenario: "runawayTenant",
        widget: "runawayTenant",
        chart: "spendOverTime",
    },
];

/// The views as the view setting's choices: each view's value and label, made from
/// [`VIEWS`] when the crate is compiled, so the two cannot drift apart.
pub(crate) const VIEW_CHOICES: &[Choice] = &{
    let mut choices = [Choice { value: "", label: "" }; VIEWS.len()];
    let mut i = 0;
    while i < VIEWS.len() {
        choices[i] = Choice { value: VIEWS[i].value, label: VIEWS[i].label };
        i += 1;
    }
    choices
};

/// A widget: the views of one lesson, named by its scenario (the `scenario` attribute),
/// what a screen reader calls it, the setting its policy buttons set, the words of its
/// "another run" button and of the run's number, and the switches beside its chart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Widget {
    pub scenario: &'static str,
    /// The widget's accessible name.
    pub name: &'static str,
    pub policy: &'static str,
    pub another: &'static str,
    pub numbered: &'static str,
    pub toggles: Option<Toggles>,
}

/// The widgets as the scenario setting's choices.
pub(crate) const WIDGET_CHOICES: &[Choice] = &[
    Choice { value: "toyDay", label: "One day" },
    Choice { value: "freeTier", label: "A free tier" },
    Choice { value: "hackathon", label: "A public demo link" },
    Choice { value: "runawayTenant", label: "A runaway tenant" },
];
