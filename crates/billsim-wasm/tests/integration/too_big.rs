//! A log bigger than the page replays is refused with why, how big a log may be, and that
//! `billsim replay` reads it, before the module could run out of memory and trap: by its
//! size before it is read (a fake reader reports a file of 2.2 GB), by the bytes read when
//! no size was given, and by the module's memory while it reads (a log of small rows
//! holds more calls than its size says): the last two with limits made small here.

use billsim_wasm::{Most, Replay};
use js_sys::{Function, Reflect};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

use crate::common::{js, reader, thrown_error};

/// A generic log of `calls` calls.
fn log(calls: usize) -> String {
    let mut text = String::from("time,end,user,model,input_tokens,output_tokens\n");
    for i in 0..calls {
        text.push_str(&format!("2025-05-01T09:00:00Z,2025-05-01T09:00:01Z,user{i},claude-haiku-4-5,100,20\n"));
    }
    text
}

/// The message and field of what reading threw.
fn refused(result: Result<Replay, billsim_wasm::Thrown>) -> (String, Option<String>) {
    match result {
        Ok(_) => panic!("the log should have been refused"),
        Err(e) => thrown_error(e),
    }
}

fn says_how_big_and_that_the_command_line_reads_it(message: &str, case: &str) {
    assert!(message.contains("this page replays logs of up to"), "{case}: how big a log may be: {message}");
    assert!(message.contains("`billsim replay FILE`, reads a log of any size"), "{case}: the command line: {message}");
}

#[wasm_bindgen_test]
fn a_log_of_2_2_gb_is_refused_before_a_byte_is_read() {
    // A reader that counts its calls: none is made.
    let calls = js(r#"{ "n": 0 }"#);
    let count =
        Function::new_with_args("counter", "return (offset, length) => { counter.n += 1; return new Uint8Array(); };")
            .call1(&JsValue::NULL, &calls)
            .unwrap();
    let (message, field) = refused(Replay::read(count.into(), js(r#"{ "bytes": 2200000000 }"#)));
    assert_eq!(field.as_deref(), Some("file"));
    assert!(message.starts_with("the log is 2.2 GB, and this page replays logs of up to 1 GB"), "{message}");
    says_how_big_and_that_the_command_line_reads_it(&message, "2.2 GB");
    assert_eq!(Reflect::get(&calls, &"n".into()).unwrap().as_f64(), Some(0.0), "nothing is read");
}

#[wasm_bindgen_test]
fn a_log_read_past_the_most_bytes_with_no_size_given_is_stopped_saying_so() {
    let text = log(200);
    let most = Most { bytes: 4_096, memory: u64::MAX };
    let (message, field) = refused(Replay::read_within(reader(&text), JsValue::UNDEFINED, most));
    assert_eq!(field.as_deref(), Some("file"));
    assert!(message.starts_with("the log is more than 4 kB, and this page replays logs of up to 4 kB"), "{message}");
    says_how_big_and_that_the_command_line_reads_it(&message, "no size");
    // Within the limit, the same log reads and replays.
    let mut replay = Replay::read_within(reader(&text), JsValue::UNDEFINED, Most::PAGE).unwrap();
    assert!(replay.run(JsValue::NULL, "".into(), JsValue::NULL).is_ok());
}

#[wasm_bindgen_test]
fn a_log_whose_calls_fill_the_pages_memory_is_stopped_saying_how_much_was_read() {
    let text = log(200);
    let size = text.len();
    // The module's memory is already more than this: the reading stops at once.
    let most = Most { bytes: u64::MAX, memory: 1 };
    let options = js(&format!(r#"{{ "bytes": {size} }}"#));
    let (message, _) = refused(Replay::read_within(reader(&text), options, most));
    assert!(message.starts_with("the log has more calls than this page can keep in the browser's memory"), "{message}");
    assert!(message.contains("(it was full after 0 bytes of ") && message.contains(" kB)"), "{size} bytes: {message}");
    says_how_big_and_that_the_command_line_reads_it(&message, "memory");
}
