//! A per-user request limit: at most N calls in any 60-second window. It counts calls and
//! knows nothing of what they cost, which is the lesson's point.

use crate::time::{Seconds, MINUTE};
use std::collections::{HashMap, VecDeque};
use std::hash::Hash;
use std::num::NonZeroU32;

/// A refused call, and when a call would next be let through.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooManyCalls {
    pub allowed_at: Seconds,
}

/// One user's window: at most `per_minute` admitted calls in any window of 60 whole
/// seconds (a call at `t` shares a window with the calls after `t - 60`). A refused call
/// does not count.
#[derive(Debug)]
pub struct Window {
    per_minute: NonZeroU32,
    admitted: VecDeque<Seconds>,
}

impl Window {
    pub fn new(per_minute: NonZeroU32) -> Self {
        Window { per_minute, admitted: VecDeque::new() }
    }

    /// Lets the call through and counts it, or refuses it. Calls must come in time order.
    pub fn check(&mut self, now: Seconds) -> Result<(), TooManyCalls> {
        let times = &mut self.admitted;
        while times.front().is_some_and(|&t| t + MINUTE <= now) {
            times.pop_front();
        }
        if times.len() >= self.per_minute.get() as usize {
            let oldest = times.front().copied().unwrap_or(now);
            return Err(TooManyCalls { allowed_at: oldest + MINUTE });
        }
        times.push_back(now);
        Ok(())
    }
}

/// A [`Window`] for every user.
#[derive(Debug)]
pub struct RequestLimit<K> {
    per_minute: NonZeroU32,
    windows: HashMap<K, Window>,
}

impl<K: Hash + Eq> RequestLimit<K> {
    pub fn new(per_minute: NonZeroU32) -> Self {
        RequestLimit { per_minute, windows: HashMap::new() }
    }

    pub fn per_minute(&self) -> NonZeroU32 {
        self.per_minute
    }

    /// Lets `user`'s call through and counts it, or refuses it. Calls must come in time order.
    pub fn check(&mut self, user: K, now: Seconds) -> Result<(), TooManyCalls> {
        let per_minute = self.per_minute;
        self.windows.entry(user).or_insert_with(|| Window::new(per_minute)).check(now)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limit(n: u32) -> RequestLimit<u8> {
        RequestLimit::new(NonZeroU32::new(n).unwrap())
    }

    #[test]
    fn the_limit_admits_n_calls_in_a_minute_and_refuses_the_next_until_the_first_leaves_the_window() {
        let mut l = limit(2);
        assert!(l.check(0, 100).is_ok());
        assert!(l.check(0, 130).is_ok());
        assert_eq!(l.check(0, 159), Err(TooManyCalls { allowed_at: 160 }));
        assert!(l.check(0, 160).is_ok(), "the call at 100 has left the window at 160");
    }

    #[test]
    fn a_refused_call_does_not_count_against_the_next_window() {
        let mut l = limit(1);
        assert!(l.check(0, 0).is_ok());
        for t in 1..60 {
            assert!(l.check(0, t).is_err());
        }
        assert!(l.check(0, 60).is_ok(), "refused calls at 1..59 must not keep the window full");
    }

    #[test]
    fn each_user_has_a_window_of_its_own() {
        let mut l = limit(1);
        assert!(l.check(0, 10).is_ok());
        assert!(l.check(1, 10).is_ok());
        assert!(l.check(0, 11).is_err());
    }
}
