//! The marker shapes that tell the policies apart beside their colours: a policy's shape is
//! the same on its over-time line and its trade-off point, so colour is never the only cue.

use crate::theme::Theme;
use plotters::coord::Shift;
use plotters::prelude::*;

/// The second cue of line `i`: a marker shape, on the line and in the legend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shape {
    Circle,
    Square,
    Triangle,
    Diamond,
    Cross,
    Ring,
}

pub(crate) const SHAPES: [Shape; 6] =
    [Shape::Circle, Shape::Square, Shape::Triangle, Shape::Diamond, Shape::Cross, Shape::Ring];

pub(crate) fn draw_marker<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    shape: Shape,
    (x, y): (i32, i32),
    r: i32,
    colour: RGBColor,
    theme: &Theme,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let fill = colour.filled();
    let stroke = ShapeStyle::from(&colour).stroke_width(theme.px(2));
    match shape {
        Shape::Circle => area.draw(&Circle::new((x, y), r, fill)),
        Shape::Square => area.draw(&Rectangle::new([(x - r, y - r), (x + r, y + r)], fill)),
        Shape::Triangle => area.draw(&Polygon::new(vec![(x, y - r - 1), (x + r + 1, y + r), (x - r - 1, y + r)], fill)),
        Shape::Diamond => {
            area.draw(&Polygon::new(vec![(x, y - r - 1), (x + r + 1, y), (x, y + r + 1), (x - r - 1, y)], fill))
        }
        Shape::Cross => {
            area.draw(&PathElement::new(vec![(x - r, y - r), (x + r, y + r)], stroke))?;
            area.draw(&PathElement::new(vec![(x - r, y + r), (x + r, y - r)], stroke))
        }
        Shape::Ring => area.draw(&Circle::new((x, y), r, stroke)),
    }
}
