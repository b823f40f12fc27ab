//! Records that repeat one read before, by the id the format gives each call (LiteLLM's
//! `request_id`, Helicone's `request_id`, Langfuse's `id`, a span's trace and span ids):
//! an API's pages appended one after another overlap where new calls arrived between two
//! requests, and a file joined to itself holds every call twice. Each is left out, so no
//! call is billed twice. A record repeats one only with its start time too: LiteLLM's id is
//! the provider's answer's, which some providers reuse (`chatcmpl-213`) or leave out
//! (`"None"` on every row).

use std::collections::HashSet;

/// The ids seen, each kept as a 64-bit hash, not its text (a set of a million takes 19 MB,
/// where the million calls themselves take 48 MB); two ids of a million share one with a chance
/// near one in 10^7.
#[derive(Default)]
pub struct Repeats {
    seen: HashSet<u64>,
    /// How many records repeated an id, and the first one's line and id.
    pub count: u64,
    pub first: Option<(u64, String)>,
}

impl Repeats {
    /// Whether `id` was seen before with the start time `start`; else it is now. At the
    /// first id, the set takes room for `room` ids (the calls' room) at once: a wasm page
    /// never gives memory back, so each doubling's old table would stay taken.
    pub fn repeated(&mut self, line: u64, id: &str, start: &str, room: usize) -> bool {
        if self.seen.is_empty() {
            self.seen.reserve(room);
        }
        // The two apart by a byte neither holds.
        let hash = fnv1a(id.trim().bytes().chain([0]).chain(start.trim().bytes()));
        if self.seen.insert(hash) {
            return false;
        }
        self.count += 1;
        self.first.get_or_insert_with(|| (line, id.trim().to_string()));
        true
    }
}

/// FNV-1a, 64 bits: the same hash on every platform, with no key to draw.
fn fnv1a(bytes: impl Iterator<Item = u8>) -> u64 {
    bytes.fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}
