//! How a JSON document that is not whole JSON is refused: the line and column (serde_json's
//! count: the bytes read on the line, up to and with the one that is wrong) that the page
//! and `billsim replay` say; and the lines a document's bad records are said at.

use billsim_core::replay::{read, Format, Options};

fn said(text: &str) -> String {
    match read(text.as_bytes(), &Options::default()) {
        Ok(log) => format!("read: {} calls", log.calls.len()),
        Err(e) => e.to_string(),
    }
}

const CALL: &str = r#"{"time": 1, "model": "m", "input_tokens": 1, "output_tokens": 1}"#;

#[test]
fn a_json_document_is_read_to_its_records_or_refused_at_the_line_and_column_where_it_stops_being_json() {
    let cases = [
        // The document ends too early: where it ends.
        ("[C, ", "CUT line 1, column 67"),
        ("[\n  C,\n  {\"time\": 2, \"model\"", "CUT line 3, column 21"),
        ("{\"data\": [C]", "CUT line 1, column 75"),
        // A byte where JSON cannot have it: at that byte.
        ("[\n  C C\n]", "NOT line 2, column 68"),
        ("{\"data\": [C], \"meta\": {bad}}", "NOT line 1, column 87"),
        ("{\n \"meta\": 1, 2: [C]}", "NOT line 2, column 13"),
        ("{\n \"data\" [C]}", "NOT line 2, column 9"),
        ("[C] ]", "NOT line 1, column 68"),
        ("[\n  {\"time\": 1,\n   \"model\": tru}\n]", "NOT line 3, column 16"),
        ("[{\"model\": \"a\\q\"}]", "NOT line 1, column 15"),
        ("{\"data\": [C],\n \"meta\": {\"pages\": [1, 2}}", "NOT line 2, column 25"),
        // A quote too many: where the record goes wrong, not where quotes run out.
        ("[\n  {\"\"model\": \"m\"},\n  C\n]", "NOT line 2, column 6"),
        // A line end inside a string: at the end of the line it cuts (serde_json reading
        // the stream itself said the start of the next: line 3, column 0).
        ("[\n  {\"model\": \"m\n\"},\n  C\n]", "NOT line 2, column 14"),
        ("{\n \"data\": 12\n}", "NOT line 3, column 0"),
        // Records that are not a list: said at the value's end.
        ("{\n \"data\": \"none\"}", "NOT line 2, column 15"),
        ("{\n \"data\": 12}", "NOT line 2, column 12"),
        // Whole documents, read on.
        ("[C, C]", "read: 2 calls"),
        ("{\"meta\": {\"a\": [1, {\"b\": \"]}\"}]}, \"data\": [\n  C,\n  C\n]}", "read: 2 calls"),
        ("{\n \"data\": {\"data\": [C]}}", "read: 1 calls"),
        // A comma before the list's end, as Helicone's export tool writes one.
        ("[C,]", "read: 1 calls"),
        ("[\n  C,\n  C,\n]", "read: 2 calls"),
        ("[C,,]", "NOT line 1, column 67"),
        // Bad records, said at the line they start on, where a reader looks for them (or by
        // their index on a line); the end's line, a lone `}`, was said.
        ("[\n  {\"time\": 1},\n  C,\n  {\n    \"model\": \"m\"\n  }\n]", "2 bad rows (--skip-bad-rows replays the others):\n  line 2: no input tokens\n  line 4: no start time"),
        ("{\"data\": [{\"time\": 1}, C, 7]}", "2 bad rows (--skip-bad-rows replays the others):\n  line 1: record 1: no input tokens\n  line 1: record 3: must be a JSON object; got a number"),
        ("[]", "the log has no calls to replay"),
    ];
    for (text, expected) in cases {
        let text = text.replace('C', CALL);
        let expected = match (expected.strip_prefix("NOT "), expected.strip_prefix("CUT ")) {
            (Some(at), _) => format!("the log must be JSON; it is not at {at}, and cannot be read on"),
            (_, Some(at)) => format!(
                "the log ends at {at}, inside a list or record of its JSON: the file was cut short (a download or \
                 an export that stopped before its end?)"
            ),
            _ => expected.to_string(),
        };
        assert_eq!(said(&text), expected, "the document {text:?}");
    }
}

#[test]
fn pages_saved_one_after_another_are_all_read_when_the_first_is_longer_than_the_head() {
    // Over 64 KiB a page: the format and shape are found from the first 64 KiB alone.
    let page = |n: usize| format!("{{\"data\": [{}]}}", vec![CALL; n].join(", "));
    let first = page(1_200);
    assert!(first.len() > 64 * 1024, "the first page is {} bytes", first.len());
    let text = format!("{first}\n{}\n{first}", page(3));
    assert_eq!(said(&text), "read: 2403 calls", "three pages of 1,200, 3 and 1,200 calls");
    // Pages with no line between them, and a page followed by what is no page.
    assert_eq!(said(&format!("{first}{}", page(2))), "read: 1202 calls");
    assert!(
        said(&format!("{first}\n7")).starts_with("the log must be JSON; it is not at line 2, column 1"),
        "{}",
        said(&format!("{first}\n7"))
    );
}

/// Counts the bytes read from it.
struct Counting<'c, R> {
    inner: R,
    read: &'c std::cell::Cell<usize>,
}

impl<R: std::io::Read> std::io::Read for Counting<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.read.set(self.read.get() + n);
        Ok(n)
    }
}

#[test]
fn a_quote_too_many_is_refused_where_it_goes_wrong_without_reading_the_document_to_its_end() {
    // The quote flips every string after it, so brackets and quotes alone never see the
    // record end: the 8 MiB after it must not be read to find where it goes wrong.
    let records = vec![CALL; 8 << 20 >> 6].join(",\n  ");
    let text = format!("[\n  {{\"\"model\": \"m\"}},\n  {records}\n]");
    let read = std::cell::Cell::new(0);
    let input = std::io::BufReader::new(Counting { inner: text.as_bytes(), read: &read });
    let said = billsim_core::replay::read(input, &Options::default()).unwrap_err().to_string();
    assert_eq!(said, "the log must be JSON; it is not at line 2, column 6, and cannot be read on");
    assert!(read.get() < 4 << 20, "{} bytes read of {}", read.get(), text.len());
}

#[test]
fn records_nested_without_end_in_data_are_refused_where_the_128th_object_opens_not_by_overflowing() {
    let deep = |n: usize| format!("{{\n{}\"data\": []{}}}", "\"data\": {".repeat(n), "}".repeat(n));
    let refused = "the log must be JSON; it is not at line 2, column 1143, and cannot be read on";
    assert_eq!(said(&deep(200)), refused, "200 objects deep (serde_json's words)");
    assert_eq!(said(&deep(1_000_000)), refused, "a million objects deep");
    assert_eq!(said(&deep(100)), "the log has no calls to replay", "100 objects deep is read");
}

#[test]
fn an_otlp_export_that_goes_wrong_inside_is_said_at_its_line_without_serdes_place_in_it() {
    // Said before as "line 1: ... expected a sequence at line 2 column 18": two lines for one place.
    let export = "{\"resourceSpans\": [\n  {\"scopeSpans\": 7}\n]}\n";
    assert_eq!(
        said(export),
        "1 bad row (--skip-bad-rows replays the others):\n  line 2: not an OTLP export of spans: invalid type: integer `7`, expected a sequence"
    );
    let list = format!("[\n{CALL}\n]\n");
    let options = Options { format: Some(Format::Otlp), ..Options::default() };
    let e = read(list.as_bytes(), &options).err().map(|e| e.to_string()).unwrap_or_default();
    assert!(e.ends_with("line 1: not an OTLP export of spans: an export is an object; got a list"), "{e}");
}
