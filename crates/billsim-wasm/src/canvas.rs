//! The page's canvas as a plotters backend: the charts of billsim-chart drawn on an HTML
//! canvas, as plotters-canvas draws them, but with every number it writes into CSS text (a
//! colour's alpha, a font's size) printed as an integer. plotters-canvas prints those
//! `f64`s with `{}`, which put Rust's float printing (about 17 KB of code, 9 KB gzipped)
//! into every wasm module for text such as "13px" and "rgba(10,20,30,1)".

use plotters_backend::text_anchor::{HPos, VPos};
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingBackend, DrawingErrorKind, FontTransform,
};
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

/// A canvas and its 2D context, or a canvas's size alone: a chart laid out on that draws
/// nothing, to learn the height its words take (the same backend type, so that the chart's
/// code is compiled once).
pub(crate) struct Canvas {
    on: Option<(HtmlCanvasElement, CanvasRenderingContext2d)>,
    size: (u32, u32),
}

/// What the canvas refused, in words.
#[derive(Debug)]
pub(crate) struct CanvasError(&'static str);

impl std::fmt::Display for CanvasError {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str(self.0)
    }
}

impl std::error::Error for CanvasError {}

type Drawn = Result<(), DrawingErrorKind<CanvasError>>;

fn refused(what: &'static str) -> DrawingErrorKind<CanvasError> {
    DrawingErrorKind::DrawingError(CanvasError(what))
}

impl Canvas {
    /// The canvas with its 2D context; `None` when it has none (it has another kind).
    pub(crate) fn new(element: HtmlCanvasElement) -> Option<Canvas> {
        let context = element.get_context("2d").ok()??.dyn_into().ok()?;
        Some(Canvas { on: Some((element, context)), size: (0, 0) })
    }

    /// A canvas `size` pixels that draws nothing (lesson 001's client's chart is measured on it).
    #[cfg(all(feature = "hackathon", feature = "element"))]
    pub(crate) fn measuring(size: (u32, u32)) -> Canvas {
        Canvas { on: None, size }
    }

    /// The context to draw with, where a stroke of `colour` shows: none while measuring or
    /// for a see-through colour.
    fn visible(&self, colour: BackendColor) -> Option<&CanvasRenderingContext2d> {
        self.on.as_ref().map(|(_, context)| context).filter(|_| colour.alpha > 0.0)
    }
}

fn stroke_with(context: &CanvasRenderingContext2d, style: &impl BackendStyle) {
    context.set_stroke_style_str(&css_colour(style.color()));
    context.set_line_width(f64::from(style.stroke_width()));
}

fn fill_with(context: &CanvasRenderingContext2d, colour: BackendColor) {
    context.set_fill_style_str(&css_colour(colour));
}

/// A path through `points`, from the first.
fn trace(context: &CanvasRenderingContext2d, points: impl IntoIterator<Item = BackendCoord>) {
    context.begin_path();
    let mut points = points.into_iter();
    if let Some((x, y)) = points.next() {
        context.move_to(f64::from(x), f64::from(y));
        for (x, y) in points {
            context.line_to(f64::from(x), f64::from(y));
        }
    }
}

/// A colour as CSS: its alpha in thousandths, as a decimal written from integers.
fn css_colour(colour: BackendColor) -> String {
    let (r, g, b) = colour.rgb;
    let thousandths = (colour.alpha.clamp(0.0, 1.0) * 1000.0).round() as u32;
    format!("rgba({r},{g},{b},{}.{:03})", thousandths / 1000, thousandths % 1000)
}

/// A font as CSS, its size rounded to whole pixels (every chart's sizes are whole).
fn css_font(style: &impl BackendTextStyle) -> String {
    let px = style.size().max(0.0).round() as u32;
    format!("{} {px}px {}", style.style().as_str(), style.family().as_str())
}

impl billsim_chart::MeasuresWords for Canvas {
    const MEASURES_WORDS: bool = true;
}

impl DrawingBackend for Canvas {
    type ErrorType = CanvasError;

    fn get_size(&self) -> (u32, u32) {
        match &self.on {
            Some((element, _)) => (element.width(), element.height()),
            None => self.size,
        }
    }

    fn ensure_prepared(&mut self) -> Drawn {
        Ok(())
    }

    fn present(&mut self) -> Drawn {
        Ok(())
    }

    fn draw_pixel(&mut self, (x, y): BackendCoord, colour: BackendColor) -> Drawn {
        if let Some(context) = self.visible(colour) {
            fill_with(context, colour);
            context.fill_rect(f64::from(x), f64::from(y), 1.0, 1.0);
        }
        Ok(())
    }

    /// A horizontal or vertical line is moved half a pixel, onto the middle of a row or
    /// column of pixels, so that a one-pixel line is sharp rather than two pixels of grey.
    fn draw_line<S: BackendStyle>(&mut self, from: BackendCoord, to: BackendCoord, style: &S) -> Drawn {
        let Some(context) = self.visible(style.color()) else { return Ok(()) };
        let (mut from, mut to) = ((f64::from(from.0), f64::from(from.1)), (f64::from(to.0), f64::from(to.1)));
        if from.0 == to.0 {
            from.0 -= 0.5;
            to.0 -= 0.5;
        }
        if from.1 == to.1 {
            from.1 -= 0.5;
            to.1 -= 0.5;
        }
        stroke_with(context, style);
        context.begin_path();
        context.move_to(from.0, from.1);
        context.line_to(to.0, to.1);
        context.stroke();
        Ok(())
    }

    fn draw_rect<S: BackendStyle>(
        &mut self,
        (x0, y0): BackendCoord,
        (x1, y1): BackendCoord,
        style: &S,
        fill: bool,
    ) -> Drawn {
        let Some(context) = self.visible(style.color()) else { return Ok(()) };
        let (x, y, w, h) = (f64::from(x0), f64::from(y0), f64::from(x1 - x0), f64::from(y1 - y0));
        if fill {
            fill_with(context, style.color());
            context.fill_rect(x, y, w, h);
        } else {
            stroke_with(context, style);
            context.stroke_rect(x, y, w, h);
        }
        Ok(())
    }

    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(&mut self, path: I, style: &S) -> Drawn {
        let Some(context) = self.visible(style.color()) else { return Ok(()) };
        stroke_with(context, style);
        trace(context, path);
        context.stroke();
        Ok(())
    }

    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(&mut self, corners: I, style: &S) -> Drawn {
        let Some(context) = self.visible(style.color()) else { return Ok(()) };
        fill_with(context, style.color());
        trace(context, corners);
        context.close_path();
        context.fill();
        Ok(())
    }

    fn draw_circle<S: BackendStyle>(&mut self, (x, y): BackendCoord, radius: u32, style: &S, fill: bool) -> Drawn {
        let Some(context) = self.visible(style.color()) else { return Ok(()) };
        if fill {
            fill_with(context, style.color());
        } else {
            stroke_with(context, style);
        }
        context.begin_path();
        context
            .arc(f64::from(x), f64::from(y), f64::from(radius), 0.0, std::f64::consts::TAU)
            .map_err(|_| refused("the canvas refused to draw a circle"))?;
        if fill {
            context.fill();
        } else {
            context.stroke();
        }
        Ok(())
    }

    /// The words' width as the canvas's font writes them (a label's box of the background
    /// is made that wide); its height, the font's size. Measuring, with no canvas, it cannot
    /// say.
    fn estimate_text_size<S: BackendTextStyle>(
        &self,
        text: &str,
        style: &S,
    ) -> Result<(u32, u32), DrawingErrorKind<CanvasError>> {
        let Some((_, context)) = &self.on else { return Err(refused("a canvas that draws nothing measures no words")) };
        context.set_font(&css_font(style));
        let metrics = context.measure_text(text).map_err(|_| refused("the canvas refused to measure a text"))?;
        Ok((metrics.width().max(0.0).ceil() as u32, style.size().max(0.0).round() as u32))
    }

    fn draw_text<S: BackendTextStyle>(&mut self, text: &str, style: &S, (x, y): BackendCoord) -> Drawn {
        let Some(context) = self.visible(style.color()) else { return Ok(()) };
        let quarter_turns = match style.transform() {
            FontTransform::None => 0,
            FontTransform::Rotate90 => 1,
            FontTransform::Rotate180 => 2,
            FontTransform::Rotate270 => 3,
        };
        // A turned text is drawn at the origin of a context moved to its place and turned.
        let at = if quarter_turns == 0 {
            (f64::from(x), f64::from(y))
        } else {
            context.save();
            context.translate(f64::from(x), f64::from(y)).map_err(|_| refused("the canvas refused to move"))?;
            context
                .rotate(f64::from(quarter_turns) * std::f64::consts::FRAC_PI_2)
                .map_err(|_| refused("the canvas refused to turn"))?;
            (0.0, 0.0)
        };
        let anchor = style.anchor();
        context.set_text_baseline(match anchor.v_pos {
            VPos::Top => "top",
            VPos::Center => "middle",
            VPos::Bottom => "bottom",
        });
        context.set_text_align(match anchor.h_pos {
            HPos::Left => "start",
            HPos::Right => "end",
            HPos::Center => "center",
        });
        fill_with(context, style.color());
        context.set_font(&css_font(style));
        let drawn = context.fill_text(text, at.0, at.1).map_err(|_| refused("the canvas refused to draw a text"));
        if quarter_turns != 0 {
            context.restore();
        }
        drawn
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_colour_is_written_with_its_alpha_in_thousandths() {
        let colour = |alpha| css_colour(BackendColor { alpha, rgb: (10, 20, 230) });
        assert_eq!(colour(1.0), "rgba(10,20,230,1.000)");
        assert_eq!(colour(0.5), "rgba(10,20,230,0.500)");
        assert_eq!(colour(0.0125), "rgba(10,20,230,0.013)", "rounded to the nearest thousandth");
        assert_eq!(colour(7.0), "rgba(10,20,230,1.000)", "an alpha past 1 is 1");
    }

    #[test]
    fn a_font_is_written_in_whole_pixels() {
        use plotters::style::{FontDesc, FontFamily, FontStyle, BLACK};
        let font = |px, style| css_font(&FontDesc::new(FontFamily::SansSerif, px, style).color(&BLACK));
        assert_eq!(font(13.0, FontStyle::Bold), "bold 13px sans-serif");
        assert_eq!(font(10.4, FontStyle::Normal), "normal 10px sans-serif");
    }
}
