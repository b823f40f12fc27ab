//! One chat call through the server, with the budget: the lesson's `handle_chat`.
//!
//! Sign-in first, then set aside the most the call can cost, then call the AI service,
//! then charge what the reply really cost. A refusal says what is left, what the call
//! needs and when the budget is back, and never invites a retry: the budget is back in
//! hours, not seconds. The AI service is a trait, so tests and the wasm build use a fake.

use crate::engine::budget::{Ledger, OverBudget, SharedBudget};
use crate::money::{cost, Micros, Tokens};
use crate::time::{say_wait, Seconds};
use serde::{Deserialize, Serialize};

/// Tokens a chat format adds to each message on top of its text. An assumption: check
/// your provider's counter.
pub const MESSAGE_OVERHEAD: Tokens = 10;

/// One message of a conversation, as the browser sends it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Message {
    pub role: String,
    pub content: String,
}

impl Message {
    /// A message from the user.
    pub fn user(content: impl Into<String>) -> Message {
        Message { role: "user".into(), content: content.into() }
    }
}

/// What the browser asks for. It carries no user: the account comes from the sign-in check.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatRequest {
    pub messages: Vec<Message>,
}

/// The usage numbers an answer carries: what the service will bill.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Usage {
    pub input_tokens: Tokens,
    pub output_tokens: Tokens,
}

/// The AI service's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    pub text: String,
    pub usage: Usage,
}

/// Why the AI service gave no answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UpstreamError {
    /// No answer in time. The service may still have run the call and may bill it.
    Timeout,
    /// The service answered with an error, or never got the call: nothing to bill.
    Failed,
}

/// The AI service: runs a call with a reply cap of `max_reply` tokens.
///
/// Any `Fn(&ChatRequest, Tokens) -> Result<Answer, UpstreamError>` is one, which is how
/// tests pass a fake.
pub trait Upstream {
    fn call(&self, request: &ChatRequest, max_reply: Tokens) -> Result<Answer, UpstreamError>;
}

impl<F: Fn(&ChatRequest, Tokens) -> Result<Answer, UpstreamError>> Upstream for F {
    fn call(&self, request: &ChatRequest, max_reply: Tokens) -> Result<Answer, UpstreamError> {
        self(request, max_reply)
    }
}

/// The short code an app can test, one for each way a call does not get an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// 401: not signed in.
    SignIn,
    /// 429: the call does not fit in what is left today; `resets_at` says when it will.
    BudgetUsedUp,
    /// 429: the call is bigger than the whole budget, so waiting never helps.
    RequestTooBig,
    /// 502: the service did not answer in time; the set-aside is kept.
    UpstreamTimeout,
    /// 502: the service failed; the set-aside is given back.
    UpstreamFailed,
}

impl ErrorCode {
    /// The HTTP status that goes with the code.
    pub fn status(self) -> u16 {
        match self {
            ErrorCode::SignIn => 401,
            ErrorCode::BudgetUsedUp | ErrorCode::RequestTooBig => 429,
            ErrorCode::UpstreamTimeout | ErrorCode::UpstreamFailed => 502,
        }
    }
}

/// The body of the server's reply, with the lesson's keys.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Body {
    /// `{"error": ..., "message": ..., "resets_at": ...}`; `resets_at` (seconds since
    /// 1970) only when waiting helps.
    Error {
        error: ErrorCode,
        message: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        resets_at: Option<Seconds>,
    },
    /// `{"text": ..., "charged": ...}`, `charged` in micro-dollars.
    Answer { text: String, charged: Micros },
}

/// An HTTP status and its body.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Reply {
    pub status: u16,
    pub body: Body,
}

impl Reply {
    fn error(error: ErrorCode, message: impl Into<String>, resets_at: Option<Seconds>) -> Reply {
        Reply { status: error.status(), body: Body::Error { error, message: message.into(), resets_at } }
    }
}

pub const SIGN_IN_MESSAGE: &str = "Sign in to use the assistant.";
pub const TIMEOUT_MESSAGE: &str =
    "The AI service did not answer in time. The call may still count against your budget.";
pub const FAILED_MESSAGE: &str = "The AI service failed. Try again in a moment.";
pub const TOO_LARGE_TO_COUNT_MESSAGE: &str = "This call is too large to count. Send less text.";

/// A count of input tokens that never falls short for the text in `messages`: a token
/// covers at least one byte of UTF-8, so bytes >= tokens, plus [`MESSAGE_OVERHEAD`] for
/// each message. The caller adds the system prompt and tool definitions.
///
/// Counting characters instead would fall short: "é" is one character, two bytes, and a
/// tokenizer may spend a token on each byte. A total too large for `u64` is
/// `Tokens::MAX`, still an upper bound; its cost cannot be counted, so the call is refused.
///
/// ```
/// use billsim_core::lessons::toy_day::handle_chat::{input_tokens_upper_bound, Message};
/// assert_eq!(input_tokens_upper_bound(&[Message::user("héllo")]), 6 + 10);
/// ```
pub fn input_tokens_upper_bound(messages: &[Message]) -> Tokens {
    messages
        .iter()
        .try_fold(0 as Tokens, |sum, m| {
            let bytes = Tokens::try_from(m.content.len()).ok()?;
            sum.checked_add(bytes)?.checked_add(MESSAGE_OVERHEAD)
        })
        .unwrap_or(Tokens::MAX)
}

/// Two different amounts in dollars with the fewest decimals (2 to 6) that still tell
/// them apart, so a refusal never reads "has $0.03 left and needs up to $0.03".
fn told_apart(a: Micros, b: Micros) -> (String, String) {
    (2..6)
        .map(|places| (a.dollars(places), b.dollars(places)))
        .find(|(x, y)| x != y)
        .unwrap_or_else(|| (a.dollars(6), b.dollars(6)))
}

/// The 429 for a call the budget refused: `budget_used_up` with what is left, what the
/// call needs and when it will fit, or `request_too_big` when it never will. No key or
/// word invites a retry: a used-up budget is back in hours.
///
/// ```
/// use billsim_core::lessons::toy_day::handle_chat::{refusal, Body};
/// use billsim_core::{Micros, OverBudget};
/// let refused = OverBudget { needs: Micros(110_000), left: Micros(30_000), fits_in: Some(3_600) };
/// let reply = refusal(&refused, Micros(250_000), 1_000);
/// assert_eq!(reply.status, 429);
/// let Body::Error { message, resets_at, .. } = reply.body else { panic!() };
/// assert_eq!(message, "Your AI budget has $0.03 left and this call needs up to $0.11. It refills in 1 h 0 min.");
/// assert_eq!(resets_at, Some(4_600));
/// ```
pub fn refusal(refused: &OverBudget, limit: Micros, now: Seconds) -> Reply {
    match refused.fits_in {
        Some(wait) => {
            let (left, needs) = told_apart(refused.left, refused.needs);
            let message = format!(
                "Your AI budget has {left} left and this call needs up to {needs}. It refills in {}.",
                say_wait(wait)
            );
            Reply::error(ErrorCode::BudgetUsedUp, message, Some(now.saturating_add(wait)))
        }
        None => {
            let (needs, whole) = told_apart(refused.needs, limit);
            let message =
                format!("This call needs up to {needs}, more than your whole AI budget of {whole}. Send less text.");
            Reply::error(ErrorCode::RequestTooBig, message, None)
        }
    }
}

/// Runs one chat call for a signed-in user and returns the reply to send.
///
/// `user` is the account id from your sign-in check, never a value the browser sends.
/// `count` gives the input tokens of the messages, never short of the real count
/// ([`input_tokens_upper_bound`], or the provider's counter); the set-aside is that input
/// plus the whole `max_reply`. A timeout keeps the set-aside (the service may still bill
/// the call); a failure gives it back; an answer is charged its real cost.
///
/// ```
/// use billsim_core::lessons::toy_day::handle_chat::*;
/// use billsim_core::{Budget, Micros, Refill, SharedBudget};
/// let budget = SharedBudget::new(Budget::new(Micros(250_000), Refill::Daily));
/// let service = |_: &ChatRequest, _: u64| {
///     Ok(Answer { text: "Hi".into(), usage: Usage { input_tokens: 60, output_tokens: 30 } })
/// };
/// let request = ChatRequest { messages: vec![Message::user("Hello?")] };
/// let reply = handle_chat(&budget, &service, Some("ada"), &request, 0, 1_000, &input_tokens_upper_bound);
/// assert_eq!(reply.body, Body::Answer { text: "Hi".into(), charged: Micros(420) });
/// assert_eq!(budget.used(&"ada", 0), Micros(420));
/// ```
pub fn handle_chat<K: Clone, L: Ledger<K>, U: Upstream + ?Sized>(
    budget: &SharedBudget<K, L>,
    upstream: &U,
    user: Option<K>,
    request: &ChatRequest,
    now: Seconds,
    max_reply: Tokens,
    count: &dyn Fn(&[Message]) -> Tokens,
) -> Reply {
    let Some(user) = user else {
        return Reply::error(ErrorCode::SignIn, SIGN_IN_MESSAGE, None);
    };
    // The most this call can cost. Too large to count is larger than any budget.
    let Ok(amount) = cost(count(&request.messages), max_reply) else {
        return Reply::error(ErrorCode::RequestTooBig, TOO_LARGE_TO_COUNT_MESSAGE, None);
    };
    let hold = match budget.reserve(user, amount, now) {
        Ok(hold) => hold,
        Err(refused) => return refusal(&refused, budget.limit(), now),
    };
    let answer = match upstream.call(request, max_reply) {
        Ok(answer) => answer,
        // The service may still bill a call that timed out, so the set-aside stays
        // counted: the safe side. It goes with the daily reset, or drains with a steady refill.
        Err(UpstreamError::Timeout) => return Reply::error(ErrorCode::UpstreamTimeout, TIMEOUT_MESSAGE, None),
        Err(UpstreamError::Failed) => {
            budget.release(&hold, now);
            return Reply::error(ErrorCode::UpstreamFailed, FAILED_MESSAGE, None);
        }
    };
    // Usage too large to price is charged as the most that can be counted, not wrapped.
    let actual = cost(answer.usage.input_tokens, answer.usage.output_tokens).unwrap_or(Micros(u64::MAX));
    budget.settle(&hold, actual, now);
    Reply { status: 200, body: Body::Answer { text: answer.text, charged: actual } }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::budget::{Budget, Refill};

    #[test]
    fn a_refusal_shows_enough_decimals_that_what_is_left_never_reads_as_enough() {
        // 29,999 left and 30,000 needed both round to $0.03.
        let refused = OverBudget { needs: Micros(30_000), left: Micros(29_999), fits_in: Some(60) };
        let Body::Error { message, .. } = refusal(&refused, Micros(250_000), 0).body else {
            panic!("a refusal is an error body")
        };
        assert!(
            message.starts_with("Your AI budget has $0.029999 left and this call needs up to $0.030000."),
            "{message}"
        );
    }

    #[test]
    fn a_count_too_large_to_price_is_refused_as_too_big_and_the_service_is_never_called() {
        let budget = SharedBudget::new(Budget::new(Micros(250_000), Refill::Daily));
        let never = |_: &ChatRequest, _: Tokens| -> Result<Answer, UpstreamError> { panic!("the service was called") };
        let reply = handle_chat(&budget, &never, Some(1u8), &ChatRequest::default(), 0, 1_000, &|_| Tokens::MAX);
        assert_eq!(reply, Reply::error(ErrorCode::RequestTooBig, TOO_LARGE_TO_COUNT_MESSAGE, None));
        assert_eq!(budget.used(&1, 0), Micros::ZERO);
    }

    #[test]
    fn usage_too_large_to_price_is_charged_as_the_most_that_can_be_counted_not_wrapped() {
        let budget = SharedBudget::new(Budget::new(Micros(250_000), Refill::Daily));
        let broken = |_: &ChatRequest, _: Tokens| {
            Ok(Answer { text: String::new(), usage: Usage { input_tokens: u64::MAX, output_tokens: 1 } })
        };
        let reply = handle_chat(&budget, &broken, Some(1u8), &ChatRequest::default(), 0, 1_000, &|_| 0);
        assert_eq!(reply.body, Body::Answer { text: String::new(), charged: Micros(u64::MAX) });
        assert_eq!(budget.used(&1, 0), Micros(u64::MAX));
    }
}
