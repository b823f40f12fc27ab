//! Measures in whole pixels: a bar split into segments that always add up to the bar, and
//! the width of a label and its lines wrapped to fit, never less than the text takes.

/// The pixel edges of segments with the given values across `width` pixels starting at
/// `left`, on a scale where `full` (or the values' total, if more) fills the width: money
/// is length, so a bar of half the longest bill is half as long. `values.len() + 1` edges,
/// the first `left`. With a total of zero every segment is empty.
///
/// A segment of a value that is not zero is at least `least` pixels wide, so that 6 beside
/// 4,609 still shows (its count is in the words): the pixels it lacks are taken from the
/// bar's longest segments (its neighbour, in the lessons' bars of two or three parts), each
/// keeping `least` itself, so the bar stays as long as its value; only a bar shorter than
/// `least` for each of its segments grows.
pub fn edges_on(left: i32, width: i32, values: &[u64], full: u128, least: i32) -> Vec<i32> {
    let total = full.max(values.iter().map(|&v| u128::from(v)).sum());
    let (mut running, mut edge) = (0u128, 0);
    let mut lengths: Vec<i32> = values
        .iter()
        .map(|&v| {
            running += u128::from(v);
            let before = edge;
            edge = scaled(running, total, width);
            edge - before
        })
        .collect();
    for i in 0..values.len() {
        while values[i] > 0 && lengths[i] < least {
            lengths[i] += 1;
            // A pixel at a time from the longest, each keeping `least`.
            let donor = (0..lengths.len()).filter(|&j| j != i).max_by_key(|&j| lengths[j]);
            if let Some(j) = donor.filter(|&j| lengths[j] > least) {
                lengths[j] -= 1;
            }
        }
    }
    let mut out = vec![left];
    for l in lengths {
        out.push(out[out.len() - 1] + l);
    }
    out
}

/// The painted span of segment `i` of a bar with pixel `edges`: up to `gap` short of the
/// next segment, but to the bar's very end when it is the last segment with any width, so
/// the bar is painted as long as its value and no sliver of a segment is lost to the gap.
pub fn painted(edges: &[i32], i: usize, gap: i32) -> (i32, i32) {
    let (x0, x1) = (edges[i], edges[i + 1]);
    let end = edges.last().copied().unwrap_or(x1);
    (x0, if x1 == end { x1 } else { x1 - gap })
}

/// `value` out of `total` as whole pixels of `width`, rounded down: 0 for a total of 0,
/// and never more than `width` while `value <= total`.
pub fn scaled(value: u128, total: u128, width: i32) -> i32 {
    (value * width.max(0) as u128).checked_div(total).unwrap_or(0) as i32
}

/// `log2(value)` in 65536ths, in integers (the same on every platform): for a scale of tens,
/// where equal ratios are equal lengths. 0 for 0 and 1.
pub fn log2_fixed(value: u64) -> u64 {
    if value < 2 {
        return 0;
    }
    let whole = u64::from(value.ilog2());
    // The mantissa in [1, 2) as a fixed point of 62 fractional bits; each squaring gives
    // one more bit of the logarithm.
    let mut x: u128 = u128::from(value) << (62 - whole.min(62)) >> whole.saturating_sub(62);
    let mut frac = 0u64;
    for bit in (0..16).rev() {
        x = (x * x) >> 62;
        if x >= 2 << 62 {
            x >>= 1;
            frac |= 1 << bit;
        }
    }
    (whole << 16) | frac
}

/// Advance widths of DejaVu Sans Bold, rounded up, in hundredths of an em, for `' '` to
/// `'~'`. It is the widest of the usual `sans-serif` fonts (Chromium's on Linux; Arial,
/// Helvetica and Roboto are narrower), so text placed by these widths fits in any of them.
const ASCII_WIDTHS: [u8; 95] = [
    35, 46, 53, 84, 70, 101, 88, 31, 46, 46, 53, 84, 38, 42, 38, 37, 70, 70, 70, 70, 70, 70, 70, 70, 70, 70, 40, 40,
    84, 84, 84, 59, 100, 78, 77, 74, 84, 69, 69, 83, 84, 38, 38, 78, 64, 100, 84, 86, 74, 86, 78, 73, 69, 82, 78, 111,
    78, 73, 73, 46, 37, 46, 84, 50, 50, 68, 72, 60, 72, 68, 44, 72, 72, 35, 35, 67, 35, 105, 72, 69, 72, 72, 50, 60,
    48, 72, 66, 93, 65, 66, 59, 72, 37, 72, 84,
];

/// The width of `text` drawn at `font_px` in a sans-serif font, bold or not, never less
/// than it really takes: a label placed by it is never cut at the canvas's edge. Other
/// characters than ASCII count as a whole em, but for the few the charts draw.
pub fn text_width(text: &str, font_px: u32) -> i32 {
    let hundredths: u64 = text
        .chars()
        .map(|c| match c {
            ' '..='~' => u64::from(ASCII_WIDTHS[c as usize - ' ' as usize]),
            '\u{A0}' => u64::from(ASCII_WIDTHS[0]), // a space no line breaks at
            '\u{B7}' => 38,                         // ·
            '\u{2013}' => 50,                       // –
            '\u{25B6}' => 77,                       // ▶
            _ => 100,
        })
        .sum();
    (hundredths * u64::from(font_px)).div_ceil(100).try_into().unwrap_or(i32::MAX)
}

/// `text` in lines no wider than `room` at `font_px`, broken between words (and inside a
/// word only when it is wider than `room` by itself). Always at least one line.
pub fn wrap(text: &str, font_px: u32, room: i32) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let joined = if line.is_empty() { word.to_string() } else { format!("{line} {word}") };
        if text_width(&joined, font_px) <= room {
            line = joined;
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        for c in word.chars() {
            line.push(c);
            if text_width(&line, font_px) > room && line.chars().count() > 1 {
                line.pop();
                lines.push(std::mem::replace(&mut line, c.to_string()));
            }
        }
    }
    lines.push(line);
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn segments_fill_the_bar_exactly_whatever_the_rounding() {
        let e = edges_on(10, 100, &[1, 1, 1], 3, 4);
        assert_eq!(e, vec![10, 43, 76, 110]);
        assert_eq!(edges_on(0, 50, &[0, 0], 0, 4), vec![0, 0, 0]);
        assert_eq!(edges_on(0, 100, &[1, 1], 4, 4), vec![0, 25, 50], "half the full value, half the width");
    }

    #[test]
    fn a_segment_that_stands_for_something_is_at_least_the_least_width_taken_from_the_longest() {
        // Lesson 001's honest visitors at 390 px: 6 answered 200, none limited, 247 capped,
        // on the script's scale of 4,609. The 6 would round to no pixel at all.
        assert_eq!(edges_on(0, 390, &[6, 0, 247], 4609, 3), vec![0, 3, 3, 21], "the 200s take 3 px of the 429s'");
        assert_eq!(edges_on(0, 100, &[90, 1], 91, 3), vec![0, 97, 100], "the bar stays as long as its value");
        // From the longest first, a pixel at a time: of 6 and 5 px, 2 each to two of 1 px.
        assert_eq!(edges_on(0, 13, &[8, 5, 0, 1, 1], 15, 3), vec![0, 4, 7, 7, 10, 13]);
        // A bar with no segment to spare grows, rather than lose a segment that is not zero.
        assert_eq!(edges_on(0, 100, &[1, 1], 1000, 3), vec![0, 3, 6]);
        assert_eq!(edges_on(0, 100, &[0, 1], 1000, 3), vec![0, 0, 3], "a zero stays empty");
    }

    #[test]
    fn a_line_breaks_at_a_space_and_never_at_a_no_break_space_which_is_as_wide() {
        let note = "$3.01 · refused: script and sockpuppets 1,422, honest\u{a0}497\u{a0}of\u{a0}802";
        assert_eq!(text_width("a\u{a0}b", 12), text_width("a b", 12));
        // From the narrowest room the words fit in (a word wider than its room is cut anyway).
        for room in [text_width("honest 497 of 802", 12), 180, 240, 300] {
            let lines = wrap(note, 12, room);
            assert!(lines.iter().any(|l| l.ends_with("honest\u{a0}497\u{a0}of\u{a0}802")), "at {room} px: {lines:?}");
        }
    }

    #[test]
    fn a_logarithm_in_integers_makes_equal_ratios_equal_lengths() {
        assert_eq!(log2_fixed(1_024), 10 << 16);
        assert_eq!(log2_fixed(u64::MAX) >> 16, 63);
        // log2(10) = 3.321928 = 217705.9 / 65536
        assert_eq!(log2_fixed(10), 217_705);
        let tens: Vec<u64> = (1..19).map(|k| log2_fixed(10u64.pow(k))).collect();
        for w in tens.windows(2) {
            assert!(w[1] - w[0] >= 217_704 && w[1] - w[0] <= 217_707, "ten times is one step: {tens:?}");
        }
    }

    #[test]
    fn a_value_scales_to_its_share_of_the_width_and_a_total_of_zero_to_nothing() {
        assert_eq!(scaled(250_000, 960_000, 788), 205);
        assert_eq!(scaled(960_000, 960_000, 788), 788);
        assert_eq!(scaled(5, 0, 788), 0);
        assert_eq!(scaled(1, 2, -10), 0, "a negative width draws nothing");
    }

    #[test]
    fn text_wraps_between_words_to_the_room_given_and_loses_no_word() {
        let text = "Two processes, each with its own count";
        let lines = wrap(text, 10, 150);
        assert!(lines.len() > 1, "{lines:?}");
        assert!(lines.iter().all(|l| text_width(l, 10) <= 150), "{lines:?}");
        assert_eq!(lines.join(" "), text);
        assert_eq!(wrap("short", 10, 150), vec!["short"]);
        assert_eq!(wrap("", 10, 150), vec![""]);
        let long = wrap("$0.000001$0.000001$0.000001", 10, 60);
        assert!(long.iter().all(|l| text_width(l, 10) <= 60), "a word wider than the room is broken: {long:?}");
        assert_eq!(long.concat(), "$0.000001$0.000001$0.000001");
    }

    #[test]
    fn a_width_is_never_less_than_the_bold_font_takes() {
        // DejaVu Sans Bold at 10 px: "m" is 10.4 px, "i" 3.4 px.
        assert_eq!((text_width("m", 10), text_width("i", 10)), (11, 4));
        assert_eq!(text_width("\u{25B6} ", 100), 112);
    }
}
