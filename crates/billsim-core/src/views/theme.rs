//! The widget's colours: light, dark, or as the page it sits in (`theme` attribute, and
//! `theme=` in the iframe's address). Not a setting of any scenario (it changes no number
//! and is never written to the address), so it is not in [`crate::scenario::registry::SETTINGS`]; it
//! is read and described the same way.
//!
//! `auto` follows the host page, not the system: a light lesson page must not get a black
//! widget because the reader's system is dark. The page's `color-scheme` says it first
//! (`light`, `dark`, or both: then the page follows the system, and so does the widget);
//! a page that says nothing (`normal`) is as light or dark as its background, and a page
//! with no background of its own is the browser's white.

use crate::scenario::setting::{Choice, Kind, SettingSpec};
use crate::settings::FieldError;

const THEMES: &[Choice] = &[
    Choice { value: "auto", label: "As the page: its color-scheme, its background, then the system's" },
    Choice { value: "light", label: "Light" },
    Choice { value: "dark", label: "Dark" },
];

/// The `theme` attribute (and `theme=` in the iframe's address).
pub const THEME: SettingSpec = SettingSpec {
    key: "theme",
    old_names: &[],
    label: "Colours",
    unit: "",
    kind: Kind::Choice { choices: THEMES },
    allowed: "\"auto\", \"light\" or \"dark\"",
    default: "auto",
    views: &[],
};

/// What the host page says about its colours, as the browser computes them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Page<'a> {
    /// The computed `color-scheme` at the widget ("normal", "light dark", "only dark"),
    /// or the page's `<meta name="color-scheme">` when the style says "normal".
    pub color_scheme: &'a str,
    /// The computed background colour of the nearest element around the widget that has
    /// one ("rgb(255, 251, 230)"), empty when none has.
    pub background: &'a str,
    /// Whether the reader's system prefers dark (`prefers-color-scheme: dark`).
    pub system_dark: bool,
}

/// Whether the widget is dark under `theme` (read by [`THEME`]) in `page`.
pub fn is_dark(theme: &str, page: Page) -> Result<bool, FieldError> {
    match THEME.read(theme)? {
        crate::scenario::setting::Value::Choice("light") => Ok(false),
        crate::scenario::setting::Value::Choice("dark") => Ok(true),
        _ => Ok(page_is_dark(page)),
    }
}

fn page_is_dark(page: Page) -> bool {
    let words: Vec<&str> = page.color_scheme.split_whitespace().collect();
    match (words.contains(&"light"), words.contains(&"dark")) {
        (true, true) => page.system_dark,
        (false, true) => true,
        (true, false) => false,
        (false, false) => background_is_dark(page.background),
    }
}

/// Whether a computed CSS colour ("rgb(r, g, b)" or "rgba(r, g, b, a)") is dark: its
/// luma (Rec. 601, in whole numbers) below half. A transparent (alpha 0) or unreadable one
/// is not; a partly transparent one is taken as it is.
fn background_is_dark(colour: &str) -> bool {
    computed(colour).is_some_and(|(rgb, alpha)| alpha != Alpha::None && luma(rgb) < 128_000)
}

/// The background a widget paints where it is as light or dark as the page around it: the
/// page's own (`background`, its computed colour), so that the widget reads as part of the
/// page (a docs site's dark grey, a cream page) rather than a box of another shade, where
/// that colour is opaque and near the theme's own (a luma of at least 200 of 255 for a
/// light widget, at most 60 for a dark one: the palette's contrast was chosen for white and
/// near-black). `None` keeps the theme's.
///
/// ```
/// use billsim_core::views::theme::shared_background;
/// assert_eq!(shared_background(true, "rgb(27, 27, 31)"), Some([27, 27, 31]));
/// assert_eq!(shared_background(false, "rgb(255, 251, 230)"), Some([255, 251, 230]));
/// assert_eq!(shared_background(false, "rgb(120, 120, 120)"), None);
/// assert_eq!(shared_background(true, "rgba(0, 0, 0, 0.5)"), None);
/// assert_eq!(shared_background(true, ""), None);
/// ```
pub fn shared_background(dark: bool, background: &str) -> Option<[u8; 3]> {
    let (rgb, alpha) = computed(background)?;
    let near = if dark { luma(rgb) <= 60_000 } else { luma(rgb) >= 200_000 };
    (alpha == Alpha::Full && near).then(|| rgb.map(|c| c as u8))
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Alpha {
    None,
    Part,
    Full,
}

/// A computed CSS colour's channels (each at most 255) and how opaque it is; `None` for
/// one that is not "rgb(r, g, b)" or "rgba(r, g, b, a)".
fn computed(colour: &str) -> Option<([u32; 3], Alpha)> {
    let inner = colour.trim().strip_prefix("rgba(").or_else(|| colour.trim().strip_prefix("rgb("))?;
    let parts: Vec<&str> = inner.trim_end_matches(')').split(',').map(str::trim).collect();
    let channel = |i: usize| parts.get(i).and_then(|p| p.parse::<u32>().ok()).filter(|v| *v <= 255);
    let rgb = [channel(0)?, channel(1)?, channel(2)?];
    let alpha = match parts.get(3) {
        None => Alpha::Full,
        Some(a) if a.trim_start_matches('0').trim_start_matches('.').trim_start_matches('0').is_empty() => Alpha::None,
        Some(a) if a.trim_end_matches('0').trim_end_matches('.') == "1" => Alpha::Full,
        Some(_) => Alpha::Part,
    };
    Some((rgb, alpha))
}

/// Rec. 601 luma of `rgb`, in thousandths of a channel's step (white is 255,000).
fn luma([r, g, b]: [u32; 3]) -> u32 {
    299 * r + 587 * g + 114 * b
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(color_scheme: &'static str, background: &'static str, system_dark: bool) -> Page<'static> {
        Page { color_scheme, background, system_dark }
    }

    #[test]
    fn auto_follows_the_pages_color_scheme_before_the_system() {
        assert!(!is_dark("auto", page("light", "", true)).unwrap(), "a light page in a dark system is light");
        assert!(is_dark("auto", page("only dark", "", false)).unwrap(), "a dark page in a light system is dark");
        assert!(is_dark("auto", page("light dark", "", true)).unwrap(), "a page of both follows the system");
        assert!(!is_dark("auto", page("light dark", "", false)).unwrap());
    }

    #[test]
    fn a_page_that_says_nothing_is_as_dark_as_its_background_and_white_without_one() {
        assert!(!is_dark("auto", page("normal", "", true)).unwrap(), "no background: the browser's white");
        assert!(!is_dark("auto", page("normal", "rgb(255, 251, 230)", true)).unwrap());
        assert!(is_dark("auto", page("normal", "rgb(18, 20, 24)", false)).unwrap());
        assert!(!is_dark("auto", page("normal", "rgba(0, 0, 0, 0)", true)).unwrap(), "transparent is no background");
        assert!(!is_dark("auto", page("normal", "color(srgb 0 0 0)", true)).unwrap(), "unread: light");
    }

    #[test]
    fn light_and_dark_are_what_they_say_whatever_the_page() {
        assert!(!is_dark("light", page("dark", "rgb(0, 0, 0)", true)).unwrap());
        assert!(is_dark("dark", page("light", "rgb(255, 255, 255)", false)).unwrap());
    }

    #[test]
    fn a_bad_theme_is_refused_naming_the_attribute_and_what_it_allows() {
        let e = is_dark("purple", page("light", "", false)).unwrap_err();
        assert_eq!(e.to_string(), "theme: must be \"auto\", \"light\" or \"dark\"; got \"purple\"");
        assert_eq!(THEME.default_value(), crate::scenario::setting::Value::Choice("auto"));
    }
}
