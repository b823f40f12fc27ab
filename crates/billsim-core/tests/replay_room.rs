//! The room a read log's calls take: guessed from the log's size, so that the calls and the
//! columns beside them (logged costs, failures) are not doubled past the log as they come.
//! In the page's worker, memory a doubling left behind is never given back.

use billsim_core::replay::{read, Log, Options};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// Counts each thread's bytes held and their peak (each test runs on a thread of its own).
struct Counted;

thread_local! {
    static HELD: Cell<usize> = const { Cell::new(0) };
    static PEAK: Cell<usize> = const { Cell::new(0) };
}

fn count(grown: usize, shrunk: usize) {
    let held = HELD.get().saturating_add(grown).saturating_sub(shrunk);
    HELD.set(held);
    PEAK.set(PEAK.get().max(held));
}

unsafe impl GlobalAlloc for Counted {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count(layout.size(), 0);
        System.alloc(layout)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        count(0, layout.size());
        System.dealloc(ptr, layout)
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, size: usize) -> *mut u8 {
        // The block moves: for a moment, both are held.
        count(size, 0);
        count(0, layout.size());
        System.realloc(ptr, layout, size)
    }
}

#[global_allocator]
static COUNTED: Counted = Counted;

const CALLS: usize = 10_000;

/// Call `i` as a generic JSON record: a logged cost on every call, a failure on the last
/// quarter's first call only (so that column starts late).
fn record(i: usize) -> String {
    let status = if i == CALLS * 3 / 4 { "failed" } else { "ok" };
    format!(
        r#"{{"time_ms": {}, "latency_ms": 900, "user": "user-{}", "model": "m", "input_tokens": {}, "output_tokens": 40, "cost": 0.000{:03}, "status": "{status}"}}"#,
        1_746_090_000_000u64 + i as u64 * 1000,
        i % 37,
        200 + i % 1000,
        i % 1000,
    )
}

fn read_sized(text: &str) -> Log {
    read(text.as_bytes(), &Options { bytes: Some(text.len() as u64), ..Options::default() }).expect("the log reads")
}

/// Each column's room against the calls: at least one a call, and at most 10% more.
fn assert_room(what: &str, log: &Log) {
    assert_eq!(log.calls.len(), CALLS, "{what}: the calls read");
    for (column, len, room) in [
        ("calls", log.calls.len(), log.calls.capacity()),
        ("logged costs", log.costs.len(), log.costs.capacity()),
        ("failures", log.failed.len(), log.failed.capacity()),
    ] {
        assert_eq!(len, CALLS, "{what}: {column} has one value a call");
        assert!(
            (CALLS..=CALLS + CALLS / 10).contains(&room),
            "{what}: {column} took room for {room} values for {CALLS} calls (at most {} allowed)",
            CALLS + CALLS / 10
        );
    }
}

#[test]
fn a_json_document_s_calls_and_their_columns_take_the_room_its_size_says_not_the_next_power_of_two() {
    let records: Vec<String> = (0..CALLS).map(record).collect();
    let pretty = format!("{{\n  \"data\": [\n    {}\n  ]\n}}\n", records.join(",\n    "));
    assert_room("a document", &read_sized(&pretty));
    let one_line = format!("[{}]", records.join(","));
    assert_room("a document on one line", &read_sized(&one_line));
}

#[test]
fn json_lines_and_csv_calls_and_their_columns_take_the_room_the_head_s_lines_say() {
    let lines: String = (0..CALLS).map(|i| record(i) + "\n").collect();
    assert_room("JSON lines", &read_sized(&lines));
    let mut csv = String::from("time_ms,latency_ms,user,model,input_tokens,output_tokens,cost,status\n");
    for i in 0..CALLS {
        let status = if i == CALLS * 3 / 4 { "failed" } else { "ok" };
        let at = 1_746_090_000_000u64 + i as u64 * 1000;
        csv += &format!("{at},900,user-{},m,{},40,0.000{:03},{status}\n", i % 37, 200 + i % 1000, i % 1000);
    }
    assert_room("CSV", &read_sized(&csv));
}

#[test]
fn a_log_whose_first_records_are_shorter_than_the_rest_gives_back_the_room_it_guessed_past_its_calls() {
    // The first 64 records guess ten times the calls the document has.
    let padding = "x".repeat(1_800);
    let records: Vec<String> = (0..CALLS)
        .map(|i| {
            if i < 64 {
                record(i)
            } else {
                record(i).replace("\"time_ms\"", &format!("\"note\": \"{padding}\", \"time_ms\""))
            }
        })
        .collect();
    assert_room("a document longer past its start", &read_sized(&format!("[\n{}\n]", records.join(",\n"))));
}

#[test]
fn reading_a_document_in_or_out_of_time_order_never_holds_much_more_than_the_log_it_makes() {
    let mut records: Vec<String> = (0..CALLS).map(record).collect();
    for order in ["in time order", "newest first"] {
        let text = format!("[\n{}\n]", records.join(",\n"));
        let start = HELD.get();
        PEAK.set(start);
        let log = read_sized(&text);
        let (held, peak) = (HELD.get() - start, PEAK.get() - start);
        // Beside the log, a fixed part: the head read to find the format, and its text
        // (64 KiB each, and their growing). With the columns beside the calls doubling past
        // the calls' room, the peak was 1.15 MB in time order; sorted into new columns,
        // 1.41 MB newest first; now 0.90 and 0.97 MB, for a log of 0.69 MB.
        let allowed = held + held / 5 + 256 * 1024;
        assert!(
            peak <= allowed,
            "{order}: reading held {peak} bytes at its peak, for a log of {held} bytes (at most {allowed} allowed)"
        );
        drop(log);
        records.reverse();
    }
}
