//! `billsim figures`: the lesson's charts as SVG files, drawn by the same chart code as
//! the widget, each with a `<title>` and a `<desc>` that say in words what it shows.

use billsim_chart::{draw_over_time, draw_overrun, draw_share_by_cohort, draw_share_of_bill, Theme};
use billsim_core::engine::Record;
use billsim_core::lessons::toy_day::in_flight::{self, Params};
use billsim_core::lessons::toy_day::scenario::POLICY_SETTING;
use billsim_core::scenario::{self, Values};
use billsim_core::settings::shown;
use billsim_core::views::over_time::over_time as view_over_time;
use billsim_core::views::share::cohort_view;
use billsim_core::visible_text::io_reason;
use billsim_core::{simulate_day, Policy, Settings};
use plotters::coord::Shift;
use plotters::prelude::*;
use std::error::Error;
use std::path::{Path, PathBuf};

/// The size of each figure, in pixels.
const SIZE: (u32, u32) = (800, 420);
/// The width of each figure's narrow version: the widget's chart on a 390 px phone. Its
/// height is the figure's own (the widget's chart's there, web/bill-widget-styles.js), so
/// that its words are as large as the widget's.
const NARROW_WIDTH: u32 = 366;
/// The narrow version's file: the figure's name with this before `.svg`.
const NARROW: &str = "-narrow";

/// Each figure `billsim figures` writes: its file, what it shows (the command's help lists
/// these), its narrow version's height, and how it is drawn at a size.
type Drawn = fn((u32, u32)) -> Result<Figure, Box<dyn Error>>;
pub const FIGURES: [(&str, &str, u32, Drawn); 6] = [
    ("share-of-bill.svg", "lesson 000's day under each policy", 368, share_of_bill),
    ("overrun.svg", "lesson 000's calls at once under each version of the budget", 368, overrun),
    ("over-time.svg", "lesson 000's spend over the day", 512, over_time),
    ("free-tier.svg", "lesson 003's free tier by kind of user", 528, free_tier),
    ("hackathon.svg", "lesson 001's demo link by kind of user", 528, hackathon),
    ("runaway-tenant.svg", "lesson 002's month by kind of tenant", 528, runaway_tenant),
];

/// The figures in words, for the command's help: "share-of-bill.svg (lesson 000's day under
/// each policy), ...", and their narrow versions.
pub fn listed() -> String {
    let each: Vec<String> = FIGURES.iter().map(|(file, what, ..)| format!("{file} ({what})")).collect();
    format!(
        "{}; each also {NARROW_WIDTH} pixels wide, for a phone, as <name>{NARROW}.svg (share-of-bill{NARROW}.svg)",
        each.join(", ")
    )
}

/// One figure: its text alternative and its SVG.
pub struct Figure {
    title: String,
    desc: String,
    svg: String,
}

/// Draws with `draw` on an SVG of `size` and returns the SVG text.
fn svg<F>(size: (u32, u32), draw: F) -> Result<String, Box<dyn Error>>
where
    F: FnOnce(&DrawingArea<SVGBackend<'_>, Shift>) -> Result<(), DrawingAreaErrorKind<std::io::Error>>,
{
    let mut text = String::new();
    {
        let root = SVGBackend::with_string(&mut text, size).into_drawing_area();
        draw(&root).map_err(|e| format!("drawing failed: {e}"))?;
        root.present().map_err(|e| format!("drawing failed: {e}"))?;
    }
    Ok(text)
}

/// The default day (seed 0, default settings), with the widget's default policy framed, as
/// the widget shows it once loaded.
fn share_of_bill(size: (u32, u32)) -> Result<Figure, Box<dyn Error>> {
    let day = simulate_day(0, &Settings::default())?;
    let framed = Policy::parse(POLICY_SETTING.default).ok_or("the widget's default policy is none of the day's")?;
    let svg = svg(size, |area| draw_share_of_bill(area, &day, framed, &Theme::light(100)))?;
    let sentences: Vec<String> = Policy::ALL.into_iter().map(|p| day.summary(p)).collect();
    Ok(Figure {
        title: format!("Each user's share of the calls and of the bill under each policy, on toy day {}", day.seed),
        desc: sentences.join(" "),
        svg,
    })
}

/// The lesson's calls at once, under each version of the budget.
fn overrun(size: (u32, u32)) -> Result<Figure, Box<dyn Error>> {
    let params = Params::default();
    let rows = in_flight::overrun(&params)?;
    let svg = svg(size, |area| draw_overrun(area, &rows, &params, &Theme::light(100)))?;
    let sentences: Vec<String> = rows.iter().map(|r| r.sentence(&params)).collect();
    Ok(Figure {
        title: format!(
            "What {} calls at once are charged under each version of the budget, against a budget of {}",
            params.calls(),
            params.budget().exact_dollars()
        ),
        desc: sentences.join(" "),
        svg,
    })
}

/// The default toy day's spend over time under each policy.
fn over_time(size: (u32, u32)) -> Result<Figure, Box<dyn Error>> {
    let toy = &billsim_core::lessons::toy_day::scenario::TOY_DAY;
    let run = scenario::run(toy, 0, &Values::defaults(toy), None, Record::default())?;
    let view = view_over_time(&run)?;
    let svg = svg(size, |area| draw_over_time(area, &view, &Theme::light(100)))?;
    Ok(Figure { title: view.title.clone(), desc: view.sentences.join(" "), svg })
}

/// A lesson widget's first view on run 0 with the default settings: each kind of user's
/// share of the bill under each policy, `framed` framed (the widget's fallback).
fn by_kind(scenario: &scenario::Scenario, framed: &str, size: (u32, u32)) -> Result<Figure, Box<dyn Error>> {
    let run = scenario::run(scenario, 0, &Values::defaults(scenario), None, Record::default())?;
    let view = cohort_view(&run);
    let svg = svg(size, |area| draw_share_by_cohort(area, &view, framed, &Theme::light(100)))?;
    let sentences: Vec<&str> = view.bars.iter().map(|b| b.sentence.as_str()).collect();
    Ok(Figure { title: view.title.clone(), desc: sentences.join(" "), svg })
}

/// Lesson 003's free tier, with all three layers framed.
fn free_tier(size: (u32, u32)) -> Result<Figure, Box<dyn Error>> {
    by_kind(&billsim_core::lessons::free_tier::scenario::SCENARIO, "allThree", size)
}

/// Lesson 001's public demo link, with the tutorial's app framed.
fn hackathon(size: (u32, u32)) -> Result<Figure, Box<dyn Error>> {
    by_kind(&billsim_core::lessons::hackathon::scenario::SCENARIO, "rateLimitAndCap", size)
}

/// Lesson 002's runaway tenant on month 0: each tier's share of the bill under each policy
/// (the runaway tenant apart), with the degrade ladder framed (its widget's first view, and
/// its fallback).
fn runaway_tenant(size: (u32, u32)) -> Result<Figure, Box<dyn Error>> {
    by_kind(&billsim_core::lessons::runaway_tenant::scenario::SCENARIO, "degradeLadder", size)
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// `svg` with `<title>` and `<desc>` as the first children of its `<svg>` element, where
/// screen readers look for its name and description.
fn with_text(svg: &str, title: &str, desc: &str) -> Result<String, Box<dyn Error>> {
    let start = svg.find("<svg").ok_or("drawing failed: no <svg> element")?;
    let end = start + svg[start..].find('>').ok_or("drawing failed: the <svg> tag is not closed")? + 1;
    let (head, rest) = svg.split_at(end);
    Ok(format!("{head}\n<title>{}</title>\n<desc>{}</desc>{rest}", escape(title), escape(desc)))
}

/// Writes every figure into `dir`, creating it if missing; returns the paths written.
/// Errors name `--out`, the option that chose the folder.
pub fn write(dir: &Path) -> Result<Vec<PathBuf>, Box<dyn Error>> {
    if dir.exists() && !dir.is_dir() {
        return Err(
            format!("--out: must be a folder; got {}, which is a file", shown(&dir.display().to_string())).into()
        );
    }
    std::fs::create_dir_all(dir)
        .map_err(|e| format!("--out: could not create the folder {}: {}", dir.display(), io_reason(&e)))?;
    let mut written = Vec::new();
    for (file, _, narrow_height, draw) in FIGURES {
        let narrow = file.replace(".svg", &format!("{NARROW}.svg"));
        for (file, size) in [(file.to_string(), SIZE), (narrow, (NARROW_WIDTH, narrow_height))] {
            let figure = draw(size)?;
            let path = dir.join(file);
            let text = with_text(&figure.svg, &figure.title, &figure.desc)?;
            std::fs::write(&path, text)
                .map_err(|e| format!("--out: could not write {}: {}", path.display(), io_reason(&e)))?;
            written.push(path);
        }
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_title_and_description_come_right_after_the_opening_svg_tag_escaped() {
        let svg = "<svg width=\"1\" xmlns=\"x\">\n<rect/>\n</svg>\n";
        let out = with_text(svg, "A < B", "C & D").unwrap();
        assert_eq!(
            out,
            "<svg width=\"1\" xmlns=\"x\">\n<title>A &lt; B</title>\n<desc>C &amp; D</desc>\n<rect/>\n</svg>\n"
        );
        assert!(with_text("<rect/>", "t", "d").is_err(), "no svg element is an error, not a file without a title");
    }

    #[test]
    fn the_day_figure_frames_the_policy_the_widget_starts_on() {
        let figure = share_of_bill(SIZE).unwrap();
        assert_eq!(POLICY_SETTING.default, "requestsPerMinute", "the widget's default, as the figure was drawn");
        assert!(figure.svg.contains("▶ 5 requests per minute"), "the request limit framed, not the budget");
        assert!(!figure.svg.contains("▶ Daily"), "only the widget's default framed");
    }

    #[test]
    fn the_overrun_figure_is_described_by_one_sentence_per_version() {
        let figure = overrun(SIZE).unwrap();
        assert_eq!(figure.desc.matches(" calls get in and ").count(), in_flight::Version::ALL.len());
        assert!(figure.desc.starts_with("Check only: 20 of 20 calls get in and $0.96 is charged"), "{}", figure.desc);
    }

    #[test]
    fn the_free_tier_figure_is_described_by_the_cores_sentence_for_each_policy() {
        let figure = free_tier(SIZE).unwrap();
        assert!(figure.title.starts_with("Share of the bill by kind of user under each policy: A free tier"));
        assert_eq!(figure.desc.matches(" billed, of which ").count(), 6, "{}", figure.desc);
        assert!(figure.svg.contains("▶ All three layers"), "all three layers framed");
    }

    #[test]
    fn the_hackathon_figure_is_described_by_the_cores_sentence_for_each_policy_with_the_app_framed() {
        let figure = hackathon(SIZE).unwrap();
        assert!(figure.title.starts_with("Share of the bill by kind of user under each policy: A public demo link"));
        assert_eq!(figure.desc.matches(" billed, of which ").count(), 5, "{}", figure.desc);
        // Its rows headed by the policies' button names: the full labels wrap at 800 px.
        assert!(figure.svg.contains("▶ The tutorial&apos;s app: limit and cap"), "the tutorial's app framed");
    }

    #[test]
    fn the_runaway_tenant_figure_is_described_by_the_cores_sentence_for_each_policy_with_the_ladder_framed() {
        let figure = runaway_tenant(SIZE).unwrap();
        let title = "Share of the bill by kind of tenant under each policy, against the product's monthly budget \
                     $1,000.00: A runaway tenant, run 0";
        assert!(figure.title.starts_with(title), "{}", figure.title);
        assert!(
            figure.svg.contains("product&apos;s monthly budget $1,000.00"),
            "the key names the line drawn across the bars"
        );
        assert_eq!(figure.desc.matches(" billed, of which ").count(), 5, "{}", figure.desc);
        assert!(figure.desc.starts_with("No cap: nothing counts dollars: $6,332.24 billed"), "{}", figure.desc);
        assert!(figure.svg.contains("▶ Daily cap, degrade ladder"), "the ladder framed");
    }

    #[test]
    fn the_over_time_figure_is_titled_and_described_by_the_cores_sentence_for_each_policy() {
        let figure = over_time(SIZE).unwrap();
        assert_eq!(figure.title, "Spend so far under each policy over toy day 0");
        assert_eq!(figure.desc.matches(": spend climbs to ").count(), 3, "{}", figure.desc);
        assert!(figure.desc.starts_with("No limit: spend climbs to $9.97 between 06:04 and 22:54."), "{}", figure.desc);
    }
}
