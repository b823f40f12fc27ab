//! The widget's `sync-url` attribute: its settings read from and written to the page's
//! address, so that a reader's choices survive a reload and travel in a shared link. One
//! widget of a page can: two would each write their own settings over the other's, and a
//! reload would give both the last one's. The first widget with the attribute keeps the
//! address; a later one says so in its notice and keeps its settings to itself.

use serde::Serialize;

/// The attribute, its values and the sentence of a widget that cannot keep the address.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct SyncUrl {
    pub attribute: &'static str,
    /// The value that makes the whole address the widget's (a page of its own, as the
    /// iframe's): a name in it that is no setting is then said in the notice.
    pub whole: &'static str,
    /// The values it takes: none (`sync-url`, or HTML's `sync-url="sync-url"`) or
    /// [`SyncUrl::whole`]; another is said ([`SyncUrl::problem`], which the page asks:
    /// not sent with the table).
    #[serde(skip)]
    pub values: [&'static str; 3],
    #[serde(skip)]
    pub allowed: &'static str,
    /// Why a second widget with the attribute does not keep the address (the core's
    /// `ignoredNotice` says it as "Ignored the sync-url attribute: ...").
    pub taken: &'static str,
    /// Why the address's `scenario` is not read by a widget whose `scenario` attribute
    /// names its lesson: the page's author chose the lesson, and the address keeps the
    /// reader's settings of it (a link could show lesson 000's widget in lesson 001's page,
    /// and the address it wrote lost the swap).
    pub chosen: &'static str,
}

impl SyncUrl {
    /// Why the attribute's `value` is set aside, the address then left alone (`"false"`, as
    /// an author writes to turn it off); `None` for a value it takes.
    ///
    /// ```
    /// use billsim_core::views::sync_url::SYNC_URL;
    /// assert_eq!(SYNC_URL.problem(""), None);
    /// assert_eq!(SYNC_URL.problem("whole"), None);
    /// assert_eq!(SYNC_URL.problem("false").as_deref(),
    ///     Some("must be present with no value (sync-url), or \"whole\"; got \"false\""));
    /// ```
    pub fn problem(&self, value: &str) -> Option<String> {
        crate::settings::one_of(&self.values, self.allowed, value)
    }
}

pub const SYNC_URL: SyncUrl = SyncUrl {
    attribute: "sync-url",
    whole: "whole",
    values: ["", "sync-url", "whole"],
    allowed: "present with no value (sync-url), or \"whole\"",
    taken: "another widget of this page keeps its settings in the address (one widget a page can), so this one's \
            are kept in the widget only",
    chosen: "this widget's lesson is its scenario attribute's; the address keeps its settings",
};
