//! A log's calls as they are read, and the columns beside them (one value a call: logged
//! costs, failures, cached tokens): the room they take, and their time order.

use crate::engine::{Call, Nanos};
use crate::money::Tokens;

/// How many calls a log of `total` bytes holds, when its first `rows` took `read` bytes:
/// 5% more than their size says, so that a log a little denser than its start is not doubled.
pub fn rows_guessed(total: u64, rows: u64, read: u64) -> usize {
    let guess = total / (read / rows.max(1)).max(1);
    usize::try_from(guess.saturating_add(guess / 20)).unwrap_or(usize::MAX)
}

/// Room in `column` for `room` values in all, if memory has it.
pub fn room_for<T>(column: &mut Vec<T>, room: usize) {
    let _ = column.try_reserve_exact(room.saturating_sub(column.len()));
}

/// A column beside the calls (kept once a call has a value in it), about to take a value:
/// room for `room` values, the calls' own room, so that it is not doubled past them.
pub fn keep_room<T>(column: &mut Vec<T>, room: usize) {
    if column.capacity() < room {
        room_for(column, room);
    }
}

/// The calls and the columns beside them, read: the room they took past their values and
/// a tenth more is given back (a guess from a log whose first rows were shorter than the
/// rest, or a doubling), for the run to use.
pub fn fit(calls: &mut Vec<Call>, costs: &mut Vec<Option<Nanos>>, failed: &mut Vec<bool>, cached: &mut Vec<Tokens>) {
    fn give_back<T>(column: &mut Vec<T>) {
        if column.capacity() - column.len() > column.len() / 10 {
            column.shrink_to_fit();
        }
    }
    give_back(calls);
    give_back(costs);
    give_back(failed);
    give_back(cached);
}

/// Puts calls in time order, each logged cost and failure moving with its call; calls at
/// one moment keep their order (a stable sort).
pub fn sort_by_time(
    calls: &mut Vec<Call>,
    costs: &mut Vec<Option<Nanos>>,
    failed: &mut Vec<bool>,
    cached: &mut Vec<Tokens>,
) {
    if calls.windows(2).all(|w| w[0].at <= w[1].at) {
        return;
    }
    let mut order: Vec<u32> = (0..calls.len() as u32).collect();
    order.sort_by_key(|&i| calls[i as usize].at);
    *calls = order.iter().map(|&i| calls[i as usize]).collect();
    if !costs.is_empty() {
        *costs = order.iter().map(|&i| costs[i as usize]).collect();
    }
    if !failed.is_empty() {
        *failed = order.iter().map(|&i| failed[i as usize]).collect();
    }
    if !cached.is_empty() {
        *cached = order.iter().map(|&i| cached[i as usize]).collect();
    }
}
