//! Quoting what a user typed, for an error message; showing a name from a file as it is,
//! with what a reader cannot see written as its code point.

use std::borrow::Cow;

/// The most characters of a value a message shows: a model's name a reader must copy into
/// a price table is shown whole (`openai/gpt-4o-realtime-preview-2024-12-17` was cut at 40).
pub const MOST_SHOWN: usize = 100;

/// A value as a message shows it, written by `show`: whole, or where it is long its first
/// [`MOST_SHOWN`] characters and its length in characters (a file's line or cell may be
/// megabytes long).
///
/// ```
/// use billsim_core::visible_text::{quoted, shortened};
/// assert_eq!(shortened(&"é".repeat(101), quoted), format!("\"{}\"... (101 characters)", "é".repeat(100)));
/// assert_eq!(shortened("short", |t| t.to_string()), "short");
/// ```
pub fn shortened(text: &str, show: impl Fn(&str) -> String) -> String {
    const MOST: usize = MOST_SHOWN;
    // `get`, not `&text[..end]`: a slice's panic message brings Unicode's tables into a
    // lesson's module (3.6 KB gzipped), though `end` is always a character's start.
    let head = text.char_indices().nth(MOST).and_then(|(end, _)| text.get(..end));
    match head {
        None => show(text),
        Some(head) => format!("{}... ({} characters)", show(head), text.chars().count()),
    }
}

/// `text` in double quotes, with `"` and `\` escaped, and every character a reader cannot
/// see (a control character, an invisible format character, a space other than the plain
/// one) written as its Unicode code point, `<U+0000>`, so any input reads back
/// unambiguously and a reader sees what is there. (Rust's `{:?}` writes `\u{0}`, which
/// only a programmer reads, and pulls Unicode tables of some 19 KB into the wasm module.)
///
/// ```
/// use billsim_core::visible_text::quoted;
/// assert_eq!(quoted("0.25"), "\"0.25\"");
/// assert_eq!(quoted("a\"b\\c\n"), "\"a\\\"b\\\\c<U+000A>\"");
/// assert_eq!(quoted("\u{0}"), "\"<U+0000>\"");
/// assert_eq!(quoted("٣ €"), "\"٣ €\"");
/// ```
pub fn quoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c => push_visible(&mut out, c),
        }
    }
    out.push('"');
    out
}

/// `text` with every character a reader cannot see written as its code point, as
/// [`quoted`] writes it, and nothing else changed: a name from a file as a terminal may
/// show it (a right-to-left override, an escape sequence or a bell in a user's name would
/// reorder, recolour or hide what follows).
///
/// ```
/// use billsim_core::visible_text::visible;
/// assert_eq!(visible("bob\u{202e}evil"), "bob<U+202E>evil");
/// assert_eq!(visible("\u{1b}[31m\"a\""), "<U+001B>[31m\"a\"");
/// assert!(matches!(visible("Acme, Inc."), std::borrow::Cow::Borrowed(_)));
/// ```
pub fn visible(text: &str) -> Cow<'_, str> {
    if !text.chars().any(unseen) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    text.chars().for_each(|c| push_visible(&mut out, c));
    Cow::Owned(out)
}

/// Why a file could not be opened, read or written, as a reader is told it: the system's
/// reason without Rust's " (os error N)", a number the reason already says in words.
///
/// ```
/// use billsim_core::visible_text::io_reason;
/// let missing = std::fs::File::open("/no/such/file").unwrap_err();
/// assert_eq!(io_reason(&missing), "No such file or directory");
/// let ours = std::io::Error::other("the disk is full (os error is ours)");
/// assert_eq!(io_reason(&ours), "the disk is full (os error is ours)");
/// ```
pub fn io_reason(e: &std::io::Error) -> String {
    let text = e.to_string();
    match (e.raw_os_error(), text.rfind(" (os error ")) {
        (Some(_), Some(at)) => text[..at].to_string(),
        _ => text,
    }
}

/// `c`, or its code point when a reader cannot see it.
fn push_visible(out: &mut String, c: char) {
    if unseen(c) {
        out.push_str(&format!("<U+{:04X}>", c as u32));
    } else {
        out.push(c);
    }
}

/// Whether `c` shows nothing a reader can tell apart: control characters, the format
/// characters that draw nothing (zero widths, joiners, direction marks, the byte-order
/// mark, tags), and every space but U+0020.
fn unseen(c: char) -> bool {
    c.is_control()
        || (c.is_whitespace() && c != ' ')
        || matches!(c,
            '\u{AD}' | '\u{34F}' | '\u{61C}' | '\u{115F}' | '\u{1160}' | '\u{17B4}' | '\u{17B5}' | '\u{180B}'..='\u{180F}'
            | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{206F}' | '\u{3164}'
            | '\u{FE00}'..='\u{FE0F}' | '\u{FEFF}' | '\u{FFA0}' | '\u{FFF0}'..='\u{FFFB}' | '\u{1D173}'..='\u{1D17A}'
            | '\u{E0000}'..='\u{E0FFF}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_character_a_reader_cannot_see_is_shown_as_its_code_point_not_a_rust_escape() {
        let cases = [
            ("\u{0}", "\"<U+0000>\""),
            ("5\u{7}", "\"5<U+0007>\""),
            ("\u{1b}[31m", "\"<U+001B>[31m\""),
            ("a\tb\r\n", "\"a<U+0009>b<U+000D><U+000A>\""),
            ("5\u{7f}", "\"5<U+007F>\""),
            ("\u{85}", "\"<U+0085>\""),
            ("\u{200b}5", "\"<U+200B>5\""),
            ("\u{feff}0.25", "\"<U+FEFF>0.25\""),
            ("1\u{202e}52", "\"1<U+202E>52\""),
            ("1\u{a0}000", "\"1<U+00A0>000\""),
            ("\u{3000}5", "\"<U+3000>5\""),
            ("5\u{2028}", "\"5<U+2028>\""),
            ("0.\u{ad}25", "\"0.<U+00AD>25\""),
            ("\u{2060}\u{200d}", "\"<U+2060><U+200D>\""),
            ("\u{e0041}", "\"<U+E0041>\""),
        ];
        for (text, shown) in cases {
            assert_eq!(quoted(text), shown, "{:?}", text.chars().map(|c| c as u32).collect::<Vec<_>>());
            assert!(!quoted(text).contains("\\u{"), "no Rust escape: {}", quoted(text));
        }
    }

    #[test]
    fn visible_text_in_any_script_is_shown_as_it_is() {
        for text in ["0.25", "٣", "５", "€ 1", "naïve", "日本", "x y", "👍"] {
            assert_eq!(quoted(text), format!("\"{text}\""));
        }
    }
}
