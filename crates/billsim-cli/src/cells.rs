//! A text table's cells: a name from a file or a log (a user, a policy) as a column can
//! hold it, and each column's width from its cells. Rust's `{:width$}` panics on a width
//! past 65,535, and a 70,000-character user name is one line of a hostile log: so a long
//! name is shortened as the page's chart shortens it (its start and its end kept), and no
//! width is ever wider than [`MOST_WIDTH`]. Amounts line up on their decimal points.

use billsim_core::replay::view::shortened;
use billsim_core::visible_text::visible;
use unicode_width::UnicodeWidthStr;

/// The widest column a table pads to; a longer cell (none, once names are shortened) is
/// written whole and pushes its row's later columns along.
const MOST_WIDTH: usize = 100;

/// A name as a table's cell shows it: shortened, then with what a reader cannot see (a
/// line's end too) as its code point, so that its width is the width shown.
pub fn name(text: &str) -> String {
    visible(&shortened(text)).into_owned()
}

/// The width of a column of `cells`: the widest, at least `least`, at most [`MOST_WIDTH`],
/// in a terminal's columns (a CJK character or an emoji takes two).
pub fn width<'a>(cells: impl IntoIterator<Item = &'a str>, least: usize) -> usize {
    cells.into_iter().map(UnicodeWidthStr::width).fold(least, usize::max).min(MOST_WIDTH)
}

/// `cell` padded on its right to `width` of a terminal's columns, as `{cell:<width$}` pads
/// to a number of characters.
pub fn padded(cell: &str, width: usize) -> String {
    format!("{cell}{}", " ".repeat(width.saturating_sub(cell.width())))
}

/// `cell` padded on its left to `width` of a terminal's columns, as `{cell:>width$}` pads
/// to a number of characters.
pub fn right(cell: &str, width: usize) -> String {
    format!("{}{cell}", " ".repeat(width.saturating_sub(cell.width())))
}

/// Exact amounts (`$0.0735`, `$0.000012`) as a right-aligned column shows them with their
/// points in one line: each padded on its right to the most decimals any has.
pub fn on_points(amounts: &[String]) -> Vec<String> {
    let decimals = |a: &str| a.split_once('.').map_or(0, |(_, d)| d.chars().count() + 1);
    let most = amounts.iter().map(|a| decimals(a)).max().unwrap_or(0);
    amounts.iter().map(|a| format!("{a}{}", " ".repeat(most - decimals(a)))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_line_up_on_their_points() {
        let cells = on_points(&["$0.0735".into(), "$0.000012".into(), "$12".into()]);
        assert_eq!(cells, ["$0.0735  ", "$0.000012", "$12       "], "padded to 6 decimals and the point");
        let points: Vec<Option<usize>> = cells.iter().map(|c| format!("{c:>12}").find('.')).collect();
        assert_eq!(points, [Some(5), Some(5), None], "one column of points, right-aligned");
    }

    #[test]
    fn a_column_is_as_wide_as_its_widest_cell_from_its_least_to_its_most() {
        assert_eq!(width(["ab", "abcd"], 3), 4);
        assert_eq!(width(["ab"], 3), 3);
        assert_eq!(width([&*"x".repeat(70_000)], 0), MOST_WIDTH, "no width past 65,535 reaches a format");
        assert_eq!(width(["é"], 0), 1, "characters, not bytes");
        assert_eq!(width(["山田", "🙂x"], 0), 4, "a terminal's columns: two for a CJK character or an emoji");
    }

    #[test]
    fn a_cell_is_padded_to_a_terminals_columns_not_its_characters() {
        let cells: Vec<String> = ["bob", "山田", "🙂"].iter().map(|c| format!("{}|", padded(c, 5))).collect();
        assert_eq!(cells, ["bob  |", "山田 |", "🙂   |"], "each 5 columns wide before the bar");
        assert_eq!(padded("longer", 3), "longer", "a wider cell is written whole");
        assert_eq!(right("山田", 5), " 山田", "and on its left, to 5 columns");
    }

    #[test]
    fn a_long_name_keeps_its_start_and_end() {
        let long = format!("start{}end", "x".repeat(70_000));
        assert_eq!(name(&long), format!("start{}…{}end", "x".repeat(9), "x".repeat(7)));
        assert_eq!(name("alice"), "alice");
    }
}
