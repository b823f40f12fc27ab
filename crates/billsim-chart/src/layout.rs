//! Splitting a bar into segments in whole pixels, so the parts always add up to the bar.

/// The pixel edges of segments with the given values across `width` pixels starting at
/// `left`: `values.len() + 1` edges, the first `left` and the last `left + width`.
/// With a total of zero every segment is empty.
pub fn edges(left: i32, width: i32, values: &[u64]) -> Vec<i32> {
    let total: u128 = values.iter().map(|&v| u128::from(v)).sum();
    let mut running: u128 = 0;
    let mut out = vec![left];
    for &v in values {
        running += u128::from(v);
        out.push(left + scaled(running, total, width));
    }
    out
}

/// `value` out of `total` as whole pixels of `width`, rounded down: 0 for a total of 0,
/// and never more than `width` while `value <= total`.
pub fn scaled(value: u128, total: u128, width: i32) -> i32 {
    (value * width.max(0) as u128).checked_div(total).unwrap_or(0) as i32
}

/// A rough width of `text` at `font_px`: enough to decide whether a label fits inside a
/// segment without asking the browser to measure it.
pub fn text_width(text: &str, font_px: u32) -> i32 {
    (text.chars().count() as u32 * font_px * 6 / 10) as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn segments_fill_the_bar_exactly_whatever_the_rounding() {
        let e = edges(10, 100, &[1, 1, 1]);
        assert_eq!(e, vec![10, 43, 76, 110]);
        assert_eq!(edges(0, 50, &[0, 0]), vec![0, 0, 0]);
    }

    #[test]
    fn a_value_scales_to_its_share_of_the_width_and_a_total_of_zero_to_nothing() {
        assert_eq!(scaled(250_000, 960_000, 788), 205);
        assert_eq!(scaled(960_000, 960_000, 788), 788);
        assert_eq!(scaled(5, 0, 788), 0);
        assert_eq!(scaled(1, 2, -10), 0, "a negative width draws nothing");
    }
}
