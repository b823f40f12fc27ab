//! Names numbered once (users, models, cohorts, requests), so that memory grows with the
//! distinct names, not with the rows: the readers' own hash (FNV-1a, then a finalizer).

use std::collections::HashMap;
use std::fmt::Write as _;
use std::hash::{BuildHasherDefault, Hasher};

/// FNV-1a, then SplitMix64's finalizer (so the table's high bits are as mixed as its low
/// ones: without it, a million request numbers such as "123456" crowd into a few of the
/// table's groups): names are hashed once per row, and the file is the reader's own.
#[derive(Default)]
pub struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn write(&mut self, bytes: &[u8]) {
        let mut h = if self.0 == 0 { 0xcbf2_9ce4_8422_2325 } else { self.0 };
        for &b in bytes {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
        self.0 = h;
    }
}

/// Texts numbered in the order first seen (a request's name needs no more).
#[derive(Default)]
pub struct Numbers(HashMap<Box<str>, u32, BuildHasherDefault<Fnv>>);

impl Numbers {
    pub fn get(&self, text: &str) -> Option<u32> {
        self.0.get(text).copied()
    }

    pub fn number(&mut self, text: &str) -> (u32, bool) {
        if let Some(&n) = self.0.get(text) {
            return (n, false);
        }
        let n = self.0.len() as u32;
        self.0.insert(text.into(), n);
        (n, true)
    }
}

/// Request numbers, one pool for every row: a named request is its user's (the same name
/// from two users is two requests), and a row without a name is a request of its own, so
/// no two requests ever share a number (a refused call ends its request, and only it).
#[derive(Default)]
pub struct Requests {
    named: HashMap<Box<str>, u32, BuildHasherDefault<Fnv>>,
    next: u32,
    /// The key of a lookup, kept to be reused: the user's number, then the name.
    key: String,
}

impl Requests {
    /// The request of `user` named `name`, or a new one; there are never more requests
    /// than calls, whose count the builder keeps below `u32::MAX`.
    pub fn number(&mut self, user: u32, name: Option<&str>) -> u32 {
        let fresh = |next: &mut u32| {
            *next += 1;
            *next - 1
        };
        let Some(name) = name else { return fresh(&mut self.next) };
        self.key.clear();
        let _ = write!(self.key, "{user}:{name}");
        if let Some(&n) = self.named.get(self.key.as_str()) {
            return n;
        }
        let n = fresh(&mut self.next);
        self.named.insert(self.key.as_str().into(), n);
        n
    }
}

/// Names numbered in the order first seen, kept in that order.
#[derive(Default)]
pub struct Names {
    numbers: Numbers,
    pub names: Vec<String>,
}

impl Names {
    pub fn get(&self, name: &str) -> Option<u32> {
        self.numbers.get(name)
    }

    pub fn number(&mut self, name: &str) -> (u32, bool) {
        let (n, new) = self.numbers.number(name);
        if new {
            self.names.push(name.to_string());
        }
        (n, new)
    }

    pub fn len(&self) -> usize {
        self.names.len()
    }

    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }
}

/// A name without case, `_`, `-`, `.` or spaces.
///
/// ```
/// use billsim_core::replay::columns::normalize;
/// assert_eq!(normalize("startTime"), "starttime");
/// assert_eq!(normalize(" Start_Time "), "starttime");
/// ```
pub fn normalize(name: &str) -> String {
    name.chars().filter(|c| !matches!(c, '_' | '-' | '.' | ' ' | '\t')).flat_map(char::to_lowercase).collect()
}
