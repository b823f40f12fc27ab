//! One chat call through the server: sign-in, set-aside, refusal, the AI service's
//! failures, and the charge, all through `handle_chat` with a fake service.

use billsim_core::lessons::toy_day::handle_chat::{
    handle_chat, input_tokens_upper_bound, Answer, ChatRequest, Message, Upstream, UpstreamError, Usage,
    FAILED_MESSAGE, TIMEOUT_MESSAGE,
};
use billsim_core::time::{DAY, HOUR};
use billsim_core::{Budget, Micros, Refill, Reply, SharedBudget};
use serde_json::{json, Value};
use std::sync::Mutex;

/// 2026-10-19 00:00 UTC.
const MIDNIGHT: u64 = 1_792_368_000;
const CAP: u64 = 1_000;

/// A fake AI service that answers as told and remembers the reply cap of each call.
struct Service {
    answer: Result<Usage, UpstreamError>,
    caps: Mutex<Vec<u64>>,
}

impl Service {
    fn answering(input_tokens: u64, output_tokens: u64) -> Service {
        Service { answer: Ok(Usage { input_tokens, output_tokens }), caps: Mutex::new(Vec::new()) }
    }
    fn failing(error: UpstreamError) -> Service {
        Service { answer: Err(error), caps: Mutex::new(Vec::new()) }
    }
    fn calls(&self) -> usize {
        self.caps.lock().unwrap().len()
    }
}

impl Upstream for Service {
    fn call(&self, _: &ChatRequest, max_reply: u64) -> Result<Answer, UpstreamError> {
        self.caps.lock().unwrap().push(max_reply);
        self.answer.map(|usage| Answer { text: "An answer.".into(), usage })
    }
}

fn budget() -> SharedBudget<&'static str> {
    SharedBudget::new(Budget::new(Micros(250_000), Refill::Daily))
}

fn request() -> ChatRequest {
    ChatRequest { messages: vec![Message::user("Summarise this document.")] }
}

/// A count that says the request has `tokens` input tokens, as a provider's counter would.
fn counted(tokens: u64) -> impl Fn(&[Message]) -> u64 {
    move |_| tokens
}

fn body(reply: &Reply) -> Value {
    serde_json::to_value(&reply.body).unwrap()
}

/// Every key and every string value in a JSON document.
fn words(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::String(s) => out.push(s.clone()),
        Value::Array(items) => items.iter().for_each(|v| words(v, out)),
        Value::Object(map) => map.iter().for_each(|(k, v)| {
            out.push(k.clone());
            words(v, out);
        }),
        _ => {}
    }
}

fn assert_no_retry_hint(body: &Value) {
    let mut all = Vec::new();
    words(body, &mut all);
    for word in all {
        assert!(!word.to_lowercase().contains("retry"), "{word:?} invites a retry");
    }
}

/// Charges `user` a call of `input` tokens in and a full reply, so `used` is what follows.
fn spend(budget: &SharedBudget<&'static str>, user: &'static str, input: u64, at: u64) {
    let service = Service::answering(input, CAP);
    let reply = handle_chat(budget, &service, Some(user), &request(), at, CAP, &counted(input));
    assert_eq!(reply.status, 200);
}

#[test]
fn a_visitor_who_is_not_signed_in_gets_401_and_the_service_is_never_called() {
    let (budget, service) = (budget(), Service::answering(60, 30));
    let reply = handle_chat(&budget, &service, None, &request(), MIDNIGHT, CAP, &input_tokens_upper_bound);
    assert_eq!(reply.status, 401);
    assert_eq!(body(&reply), json!({"error": "sign_in", "message": "Sign in to use the assistant."}));
    assert_eq!(service.calls(), 0);
}

#[test]
fn a_refused_call_gets_a_clear_message_and_the_refill_time_not_a_bare_429() {
    let budget = budget();
    spend(&budget, "ada", 105_000, MIDNIGHT + 9 * HOUR); // 210,000 + 10,000: $0.03 left
    let service = Service::answering(50_000, 800);
    let late = MIDNIGHT + 23 * HOUR;
    let reply = handle_chat(&budget, &service, Some("ada"), &request(), late, CAP, &counted(50_000));
    assert_eq!(reply.status, 429);
    let body = body(&reply);
    assert_eq!(
        body,
        json!({
            "error": "budget_used_up",
            "message": "Your AI budget has $0.03 left and this call needs up to $0.11. It refills in 1 h 0 min.",
            "resets_at": MIDNIGHT + DAY,
        })
    );
    assert_no_retry_hint(&body);
    assert_eq!(service.calls(), 0, "a refused call never reaches the service");
    assert_eq!(budget.used(&"ada", late), Micros(220_000), "a refusal holds nothing");
}

#[test]
fn a_call_bigger_than_the_whole_budget_is_told_to_send_less_text_and_given_no_refill_time() {
    let (budget, service) = (budget(), Service::answering(200_000, 800));
    // 200,000 tokens need up to 410,000: more than 250,000 even with nothing used.
    let reply = handle_chat(&budget, &service, Some("ada"), &request(), MIDNIGHT, CAP, &counted(200_000));
    assert_eq!(reply.status, 429);
    let body = body(&reply);
    assert_eq!(body["error"], "request_too_big");
    let message = body["message"].as_str().unwrap();
    assert!(message.contains("Send less text"), "{message}");
    assert!(
        message.contains("$0.41") && message.contains("$0.25"),
        "says what it needs and the whole budget: {message}"
    );
    assert_eq!(body.get("resets_at"), None, "waiting never helps, so no time is given");
    assert_no_retry_hint(&body);
    assert_eq!(service.calls(), 0);
}

#[test]
fn a_timeout_keeps_the_set_aside_and_a_failure_gives_it_back() {
    let budget = budget();
    let timeout = Service::failing(UpstreamError::Timeout);
    let reply = handle_chat(&budget, &timeout, Some("ada"), &request(), MIDNIGHT, CAP, &counted(20_000));
    assert_eq!(reply.status, 502);
    assert_eq!(body(&reply), json!({"error": "upstream_timeout", "message": TIMEOUT_MESSAGE}));
    assert_eq!(budget.used(&"ada", MIDNIGHT), Micros(50_000), "the service may still bill it: the hold stays");

    let failed = Service::failing(UpstreamError::Failed);
    let reply = handle_chat(&budget, &failed, Some("bob"), &request(), MIDNIGHT, CAP, &counted(20_000));
    assert_eq!(reply.status, 502);
    assert_eq!(body(&reply), json!({"error": "upstream_failed", "message": FAILED_MESSAGE}));
    assert_eq!(budget.used(&"bob", MIDNIGHT), Micros::ZERO, "nothing to bill: the hold is given back");
}

#[test]
fn a_served_call_is_charged_its_real_cost_and_the_rest_is_given_back() {
    // The lesson's hand example: $0.10 used, 20,000 tokens in, cap 1,000, reply 800.
    let budget = budget();
    spend(&budget, "ada", 45_000, MIDNIGHT); // 90,000 + 10,000
    assert_eq!(budget.used(&"ada", MIDNIGHT), Micros(100_000));
    let service = Service::answering(20_000, 800);
    let reply = handle_chat(&budget, &service, Some("ada"), &request(), MIDNIGHT, CAP, &counted(20_000));
    assert_eq!(reply.status, 200);
    assert_eq!(body(&reply), json!({"text": "An answer.", "charged": 48_000}));
    assert_eq!(budget.used(&"ada", MIDNIGHT), Micros(148_000));
    assert_eq!(*service.caps.lock().unwrap(), [CAP], "the service is given the reply cap the set-aside counted");
}

#[test]
fn the_upper_bound_never_falls_short_counting_bytes_not_characters() {
    let texts = ["", "Hello?", "héllo", "日本語のテキスト", "emoji 🙂🙂", &"long ".repeat(10_000)];
    for text in texts {
        let bound = input_tokens_upper_bound(&[Message::user(text)]);
        // A byte-level tokenizer at its worst spends one token on each byte of UTF-8.
        assert_eq!(bound, text.len() as u64 + 10, "{text:?}: bytes plus the per-message extra");
        assert!(bound >= text.chars().count() as u64 + 10, "{text:?}: never below a count of characters");
    }
    // Three characters, nine bytes: a count of characters would fall short.
    assert_eq!(input_tokens_upper_bound(&[Message::user("日本語")]), 9 + 10);
    let two = [Message::user("ab"), Message { role: "assistant".into(), content: "cd".into() }];
    assert_eq!(input_tokens_upper_bound(&two), 2 * (2 + 10), "the extra is added for each message");
    assert_eq!(input_tokens_upper_bound(&[]), 0);
}
