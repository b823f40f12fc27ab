//! `billsim figures --out DIR`, run as a reader would: the files it writes are whole SVG
//! documents with a title, one bar per version and a dashed budget line.

use billsim_core::views::colours::LIGHT;
use std::path::PathBuf;
use std::process::{Command, Output};

/// A folder of its own under the system's temporary folder, not yet created.
fn fresh_dir(name: &str) -> PathBuf {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    std::env::temp_dir().join(format!("billsim-figures-{name}-{}-{nanos}", std::process::id()))
}

fn billsim(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_billsim")).args(args).output().expect("the billsim binary runs")
}

fn write_figures(name: &str) -> (String, String, String) {
    let [share, overrun, over_time, ..] = write_all(name);
    (share, overrun, over_time)
}

fn write_all(name: &str) -> [String; 5] {
    let dir = fresh_dir(name).join("nested");
    let out = billsim(&["figures", "--out", dir.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let read = |file: &str| std::fs::read_to_string(dir.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
    let files = ["share-of-bill.svg", "overrun.svg", "over-time.svg", "free-tier.svg", "hackathon.svg"].map(read);
    std::fs::remove_dir_all(dir.parent().unwrap()).unwrap();
    files
}

/// A whole SVG document: it opens with `<svg` and closes with `</svg>`, and its first
/// child is the `<title>`.
fn assert_whole_svg(svg: &str, title_starts: &str) {
    assert!(svg.starts_with("<svg "), "{}", &svg[..svg.len().min(80)]);
    assert!(svg.trim_end().ends_with("</svg>"));
    let second = svg.lines().nth(1).unwrap_or_default();
    assert!(second.starts_with(&format!("<title>{title_starts}")), "{second}");
    assert!(svg.lines().nth(2).unwrap_or_default().starts_with("<desc>"));
}

fn rects_of(svg: &str, colour: &str) -> usize {
    svg.lines().filter(|l| l.starts_with("<rect") && l.contains(&format!("fill=\"{colour}\""))).count()
}

#[test]
fn figures_writes_the_free_tiers_share_of_the_bill_by_kind_of_user_for_the_pages_fallback() {
    let [.., free, _] = write_all("free-tier");
    assert_whole_svg(&free, "Share of the bill by kind of user under each policy: A free tier, run 0");
    assert!(free.contains("All three layers (bucket of 5 refilled 10 a minute; 60,000 tokens a day; breaker $3.00 a day): $3.01 billed, of which "), "the desc holds the core's sentence of each policy");
    // The normal users in the honest colour, the script and the sockpuppets in the abuser's.
    for colour in [LIGHT.honest[0].hex(), LIGHT.abuser.hex()] {
        assert!(rects_of(&free, &colour) >= 6, "{colour}: a segment of each kind of user in each bar, and its key");
    }
}

#[test]
fn figures_writes_the_demo_links_share_of_the_bill_by_kind_of_user_for_the_hackathon_pages_fallback() {
    let [.., demo] = write_all("hackathon");
    assert_whole_svg(&demo, "Share of the bill by kind of user under each policy: A public demo link, run 0");
    assert!(
        demo.contains(
            "The tutorial's app: 5 requests per 60 s per user, then its own $0.001 daily cap: $0.001168 billed, of \
             which honest visitors 100%; 4,856 requests refused"
        ),
        "the desc holds the core's sentence of each policy: the app with its own $0.001 cap (it had $1.00 and billed \
         $0.45 before)"
    );
}

#[test]
fn figures_writes_every_chart_into_a_folder_it_creates() {
    let (share, overrun, _) = write_figures("all");
    assert_whole_svg(&share, "Each user's share of the calls and of the bill");
    assert!(share.contains("Daily cost budget $0.25: the bill is"), "the desc holds the core's summary of each policy");
    assert_eq!(
        (rects_of(&share, "#E69F00"), rects_of(&share, "#009E73")),
        (4 + 1, 36 + 1),
        "4 bars of 10 users, and the key's swatch of each kind"
    );
    assert!(share.contains("\nOrdinary users&apos; calls refused\n"), "the key names the strip under each bar");

    assert_whole_svg(&overrun, "What 20 calls at once are charged");
    assert!(overrun.contains("<desc>Check only: 20 of 20 calls get in and $0.96 is charged, over the $0.25 budget."));
    let (over, within) = (rects_of(&overrun, &LIGHT.refused.hex()), rects_of(&overrun, &LIGHT.within.hex()));
    assert_eq!(over + within, 4, "one bar per version");
    assert_eq!((over, within), (3, 1), "only setting aside first stays within the budget");
    let dashes = overrun.lines().filter(|l| l.starts_with("<polyline") && l.contains("stroke=\"#1A1A1A\"")).count();
    assert!(dashes >= 20, "the budget line is drawn in dashes: {dashes}");
    assert!(overrun.contains("budget $0.25"));
}

#[test]
fn figures_writes_the_spend_over_time_with_a_line_per_policy_and_the_dashed_budget() {
    let (_, _, over_time) = write_figures("over-time");
    assert_whole_svg(&over_time, "Spend so far under each policy over toy day 0");
    assert!(
        over_time.contains("<desc>No limit: spend climbs to $9.97 between 06:04 and 22:54. 5 requests per minute: "),
        "the desc holds the core's sentence for each policy"
    );
    assert!(over_time.contains("within the $2.50 budget line (10 users × $0.25 per day); 185 calls refused as their callers had used up their own budgets.</desc>"));
    // One line per policy, in its colour: the daily budget's through the timeline's 242
    // points, the two lines ten times higher up to where they leave the scale.
    for (i, least) in [(0, 20), (1, 20), (2, 200)] {
        let colour = LIGHT.policy(i).hex();
        let long = over_time
            .lines()
            .filter(|l| l.starts_with("<polyline") && l.contains(&format!("stroke=\"{colour}\"")))
            .filter(|l| l.matches(',').count() > least)
            .count();
        assert_eq!(long, 1, "one line in {colour}");
    }
    assert!(over_time.contains("\u{2191} $9.97 by the end"), "the line off the scale says its bill");
    let dashes = over_time.lines().filter(|l| l.starts_with("<polyline") && l.contains("stroke=\"#1A1A1A\"")).count();
    assert!(dashes >= 20, "the budget line is drawn in dashes: {dashes}");
    assert!(over_time.contains("budget 10 users × $0.25 per day"));
    assert!(over_time.contains("No limit \u{B7} $9.97"), "the legend names each line with its bill");
}

#[test]
fn figures_refuses_a_folder_it_cannot_write_and_names_out() {
    let blocker = fresh_dir("blocked");
    std::fs::write(&blocker, "a file, not a folder").unwrap();
    let out = billsim(&["figures", "--out", blocker.join("figs").to_str().unwrap()]);
    std::fs::remove_file(&blocker).unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("billsim: --out: could not create the folder"), "{err}");
}

#[test]
fn figures_out_naming_a_file_says_it_must_be_a_folder() {
    let file = fresh_dir("file");
    std::fs::write(&file, "a file, not a folder").unwrap();
    let out = billsim(&["figures", "--out", file.to_str().unwrap()]);
    std::fs::remove_file(&file).unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("billsim: --out: must be a folder; got \"") && err.contains(", which is a file"), "{err}");
}

#[test]
fn figures_without_out_is_a_usage_error() {
    let out = billsim(&["figures"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("figures: needs --out DIR"));
}

#[test]
fn figures_writes_each_figures_narrow_version_for_a_phone_with_the_same_words() {
    let dir = fresh_dir("narrow");
    let out = billsim(&["figures", "--out", dir.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let read = |file: &str| std::fs::read_to_string(dir.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
    // Each as tall as the widget's chart on a 390 px phone (web/bill-widget-styles.js).
    for (name, height) in [("share-of-bill", 368), ("overrun", 368), ("over-time", 512), ("free-tier", 528)] {
        let (wide, narrow) = (read(&format!("{name}.svg")), read(&format!("{name}-narrow.svg")));
        assert!(narrow.starts_with(&format!("<svg width=\"366\" height=\"{height}\"")), "{name}: {}", &narrow[..60]);
        let words = |svg: &str| svg.lines().skip(1).take(2).map(str::to_string).collect::<Vec<_>>();
        assert_eq!(
            words(&narrow),
            words(&wide),
            "{name}: the narrow version's title and description are the wide one's"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
