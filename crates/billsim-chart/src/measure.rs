//! A drawing area that draws nothing: a chart whose words wrap to its width is laid out on
//! it first, so that its canvas is sized to the height it takes and drawn once.

use plotters::coord::Shift;
use plotters::prelude::{DrawingArea, DrawingAreaErrorKind, IntoDrawingArea};
use plotters_backend::{BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingBackend, DrawingErrorKind};
use std::convert::Infallible;

/// `width` pixels wide and as tall as any chart gets; every stroke goes nowhere.
pub(crate) struct Measure {
    width: u32,
}

/// Taller than any chart that flows (lesson 001's client's view takes about 1,600 pixels
/// at 8 device pixels per CSS pixel on a phone).
const TALL: u32 = 1 << 20;

impl DrawingBackend for Measure {
    type ErrorType = Infallible;

    fn get_size(&self) -> (u32, u32) {
        (self.width, TALL)
    }

    fn ensure_prepared(&mut self) -> Result<(), DrawingErrorKind<Infallible>> {
        Ok(())
    }

    fn present(&mut self) -> Result<(), DrawingErrorKind<Infallible>> {
        Ok(())
    }

    fn draw_pixel(&mut self, _: BackendCoord, _: BackendColor) -> Result<(), DrawingErrorKind<Infallible>> {
        Ok(())
    }

    fn draw_line<S: BackendStyle>(
        &mut self,
        _: BackendCoord,
        _: BackendCoord,
        _: &S,
    ) -> Result<(), DrawingErrorKind<Infallible>> {
        Ok(())
    }

    fn draw_rect<S: BackendStyle>(
        &mut self,
        _: BackendCoord,
        _: BackendCoord,
        _: &S,
        _: bool,
    ) -> Result<(), DrawingErrorKind<Infallible>> {
        Ok(())
    }

    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        _: I,
        _: &S,
    ) -> Result<(), DrawingErrorKind<Infallible>> {
        Ok(())
    }

    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        _: I,
        _: &S,
    ) -> Result<(), DrawingErrorKind<Infallible>> {
        Ok(())
    }

    fn draw_text<T: BackendTextStyle>(
        &mut self,
        _: &str,
        _: &T,
        _: BackendCoord,
    ) -> Result<(), DrawingErrorKind<Infallible>> {
        Ok(())
    }
}

/// The height in pixels that `draw` takes at `width` pixels wide, as `draw` gives it back.
pub(crate) fn height_of<F>(width: u32, draw: F) -> u32
where
    F: FnOnce(&DrawingArea<Measure, Shift>) -> Result<u32, DrawingAreaErrorKind<Infallible>>,
{
    draw(&Measure { width }.into_drawing_area()).unwrap_or(0)
}
