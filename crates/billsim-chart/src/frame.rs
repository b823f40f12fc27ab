//! What every chart starts from: its background filled, its size in device pixels, the
//! padding inside its edges, and the text size its width calls for.

use crate::theme::Theme;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// A chart's canvas, filled with the background.
pub(crate) struct Frame {
    /// The size in device pixels.
    pub w: i32,
    pub h: i32,
    /// The padding inside each edge.
    pub pad: i32,
    /// The text size for the width ([`font_for`]) and the height of a line of it.
    pub font: u32,
    pub line_h: i32,
}

impl Frame {
    /// Fills `area` with `theme`'s background and measures it.
    pub fn of<DB: DrawingBackend>(
        area: &DrawingArea<DB, Shift>,
        theme: &Theme,
    ) -> Result<Frame, DrawingAreaErrorKind<DB::ErrorType>> {
        area.fill(&theme.background)?;
        let (w, h) = area.dim_in_pixel();
        let w = w as i32;
        let font = font_for(w, theme);
        Ok(Frame { w, h: h as i32, pad: pad(theme), font, line_h: font as i32 + theme.px(6) as i32 })
    }
}

/// The padding inside each edge of a chart (a layout made before its frame uses it too).
pub(crate) fn pad(theme: &Theme) -> i32 {
    theme.px(6) as i32
}

/// The text size for a canvas `w` device pixels wide: 13 CSS pixels on a wide one down to
/// 10 on a phone's narrowest.
pub(crate) fn font_for(w: i32, theme: &Theme) -> u32 {
    let css = w * 100 / theme.scale_percent as i32;
    theme.px(match css {
        c if c >= 600 => 13,
        c if c >= 360 => 12,
        c if c >= 260 => 11,
        _ => 10,
    })
}

/// The charts' font, `px` pixels high: plotters' own sans-serif family, not its name as
/// text (plotters lowercases a family's name, which would put Unicode's case tables into
/// every wasm module: 10 KB gzipped for one word).
pub(crate) fn sans(px: u32) -> FontDesc<'static> {
    FontDesc::new(FontFamily::SansSerif, f64::from(px), FontStyle::Normal)
}

/// Text of `font` pixels in the theme's text colour, anchored at `h` and `v`.
pub(crate) fn text_at(font: u32, theme: &Theme, h: HPos, v: VPos) -> TextStyle<'static> {
    sans(font).color(&theme.text).pos(Pos::new(h, v))
}
