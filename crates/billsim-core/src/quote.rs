//! Quoting what a user typed, for an error message.

/// `text` in double quotes, with `"`, `\` and control characters escaped, so any input
/// reads back unambiguously. (Rust's `{:?}` does the same but pulls Unicode tables of some
/// 19 KB into the wasm module.)
///
/// ```
/// use billsim_core::quote::quoted;
/// assert_eq!(quoted("0.25"), "\"0.25\"");
/// assert_eq!(quoted("a\"b\\c\n"), "\"a\\\"b\\\\c\\n\"");
/// assert_eq!(quoted("٣ €"), "\"٣ €\"");
/// ```
pub fn quoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
