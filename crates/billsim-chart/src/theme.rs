//! Sizes, and the page's colours: every colour comes from the core's one table
//! ([`billsim_core::views::colours`]), so the abuser is one colour in every chart of every lesson
//! and a policy is never drawn in a kind of user's colour. The abuser is also striped and
//! named, so colour is never the only cue.

use billsim_core::views::colours::{self, Palette, Rgb, Role};
use plotters::style::RGBColor;

/// Text drawn on top of a kind of user's colour (contrast above 6:1 on each).
pub const ON_BAR: RGBColor = RGBColor(0, 0, 0);

/// A colour of the core's table, as plotters takes it.
pub fn rgb(Rgb(r, g, b): Rgb) -> RGBColor {
    RGBColor(r, g, b)
}

/// What the chart is drawn with: light or dark page, and the device's pixel scale.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Theme {
    pub background: RGBColor,
    pub text: RGBColor,
    /// Lines between users, and the frame of the selected row.
    pub line: RGBColor,
    /// The colours of meanings on this page.
    pub palette: Palette,
    /// Device pixels per CSS pixel, in hundredths (200 on a 2x screen): sizes scale by it.
    pub scale_percent: u32,
}

impl Theme {
    pub fn light(scale_percent: u32) -> Theme {
        Theme {
            background: RGBColor(0xFF, 0xFF, 0xFF),
            text: RGBColor(0x1A, 0x1A, 0x1A),
            line: RGBColor(0xFF, 0xFF, 0xFF),
            palette: colours::LIGHT,
            scale_percent: scale_percent.clamp(50, 800),
        }
    }

    pub fn dark(scale_percent: u32) -> Theme {
        Theme {
            background: RGBColor(0x12, 0x14, 0x18),
            text: RGBColor(0xEE, 0xEE, 0xEE),
            line: RGBColor(0x12, 0x14, 0x18),
            palette: colours::DARK,
            scale_percent: scale_percent.clamp(50, 800),
        }
    }

    /// The colour of kind of user `c` of kinds with `roles`.
    pub fn cohort(&self, roles: &[Role], c: usize) -> RGBColor {
        rgb(self.palette.cohort(roles, c))
    }

    /// The colour of policy `i`'s line.
    pub fn policy(&self, i: usize) -> RGBColor {
        rgb(self.palette.policy(i))
    }

    /// The least width of a bar's segment that stands for a count or an amount that is not
    /// zero: 3 CSS pixels (2 painted where a 1 px gap parts it from the next).
    pub fn least_segment(&self) -> i32 {
        self.px(3) as i32
    }

    /// A size given in CSS pixels, in device pixels.
    pub fn px(&self, css: u32) -> u32 {
        (css * self.scale_percent).div_ceil(100)
    }
}
