//! The widget's `loading` attribute: when its lesson's WebAssembly module is fetched. By
//! default, when the widget comes near the viewport. With `loading="interaction"`, only when
//! the reader presses the widget's start button: until then the widget shows the page's own
//! children (its fallback figure, drawn by `billsim figures`) and the button, so that a
//! lesson page's first view sends no WebAssembly (issue 22: a widget a phone can afford).
//!
//! Here too are the other words a widget says with no module to ask: its name, and why its
//! module could not load. The page has them from `web/loading-words.js`, which
//! `scripts/widget-types.mjs` writes from the table when the modules are built.

use serde::Serialize;

/// The attribute, the value that waits for the reader, and the words said without a module.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Loading {
    pub attribute: &'static str,
    /// The value that waits for the reader's press.
    pub interaction: &'static str,
    /// The values it takes, the default first ([`Loading::problem`] says another).
    pub values: [&'static str; 2],
    #[serde(skip)]
    pub allowed: &'static str,
    /// The start button's words.
    pub start: &'static str,
    /// What the start button says while the module loads.
    pub starting: &'static str,
    /// The widget's name for a screen reader while it has no module to draw its chart.
    pub label: &'static str,
    /// What the widget says when its module cannot load, `{reason}` being the browser's.
    pub failed: &'static str,
}

impl Loading {
    /// Why the attribute's `value` is set aside (the module then loads near the viewport);
    /// `None` for a value it takes.
    ///
    /// ```
    /// use billsim_core::views::loading::LOADING;
    /// assert_eq!(LOADING.problem("interaction"), None);
    /// assert_eq!(LOADING.problem("lazy").as_deref(),
    ///     Some("must be \"near\" (the default) or \"interaction\"; got \"lazy\""));
    /// ```
    pub fn problem(&self, value: &str) -> Option<String> {
        crate::settings::one_of(&self.values, self.allowed, value)
    }
}

pub const LOADING: Loading = Loading {
    attribute: "loading",
    interaction: "interaction",
    values: ["near", "interaction"],
    allowed: "\"near\" (the default) or \"interaction\"",
    start: "Open the interactive chart",
    starting: "Loading the interactive chart…",
    label: "An interactive chart of an AI bill",
    failed: "This interactive chart could not load its WebAssembly ({reason}). Reloading the page may help.",
};
