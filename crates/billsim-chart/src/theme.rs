//! Colours and sizes. Okabe-Ito's orange and bluish green keep the lesson's "orange and
//! green" while staying apart for readers who cannot tell red from green; the heavy user
//! is also striped and named, so colour is never the only cue.

use plotters::style::RGBColor;

/// Okabe-Ito orange: the heavy user.
pub const HEAVY: RGBColor = RGBColor(0xE6, 0x9F, 0x00);
/// Okabe-Ito bluish green: the ordinary users.
pub const ORDINARY: RGBColor = RGBColor(0x00, 0x9E, 0x73);
/// Okabe-Ito vermillion: a bar of the overrun chart that charged more than the budget.
pub const OVER: RGBColor = RGBColor(0xD5, 0x5E, 0x00);
/// Okabe-Ito blue: a bar that stayed within the budget. The label says which, in words.
pub const WITHIN: RGBColor = RGBColor(0x00, 0x72, 0xB2);
/// The kinds of user of a scenario, in the order of its cohorts: Okabe-Ito bluish green,
/// orange, sky blue and reddish purple (black text reads on each above 7:1; lesson 002's
/// four tiers need the fourth: before it, its free tier took the internal tier's colour).
pub const COHORTS: [RGBColor; 4] = [ORDINARY, HEAVY, RGBColor(0x56, 0xB4, 0xE9), RGBColor(0xCC, 0x79, 0xA7)];
/// Text drawn on top of either bar colour (contrast above 6:1 on both).
pub const ON_BAR: RGBColor = RGBColor(0, 0, 0);

/// What the chart is drawn with: light or dark page, and the device's pixel scale.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Theme {
    pub background: RGBColor,
    pub text: RGBColor,
    /// Lines between users, and the frame of the selected row.
    pub line: RGBColor,
    /// Device pixels per CSS pixel, in hundredths (200 on a 2x screen): sizes scale by it.
    pub scale_percent: u32,
}

impl Theme {
    pub fn light(scale_percent: u32) -> Theme {
        Theme {
            background: RGBColor(0xFF, 0xFF, 0xFF),
            text: RGBColor(0x1A, 0x1A, 0x1A),
            line: RGBColor(0xFF, 0xFF, 0xFF),
            scale_percent: scale_percent.clamp(50, 800),
        }
    }

    pub fn dark(scale_percent: u32) -> Theme {
        Theme {
            background: RGBColor(0x12, 0x14, 0x18),
            text: RGBColor(0xEE, 0xEE, 0xEE),
            line: RGBColor(0x12, 0x14, 0x18),
            scale_percent: scale_percent.clamp(50, 800),
        }
    }

    /// A size given in CSS pixels, in device pixels.
    pub fn px(&self, css: u32) -> u32 {
        (css * self.scale_percent).div_ceil(100)
    }
}
