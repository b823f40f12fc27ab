//! A log's calls as they are read, and the columns beside them (one value a call: logged
//! costs, failures, cached tokens, API keys): the room they take, and their time order.

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
pub fn fit(
    calls: &mut Vec<Call>,
    costs: &mut Vec<Option<Nanos>>,
    failed: &mut Vec<bool>,
    cached: &mut Vec<Tokens>,
    keys: &mut Vec<u32>,
) {
    fn give_back<T>(column: &mut Vec<T>) {
        if column.capacity() - column.len() > column.len() / 10 {
            column.shrink_to_fit();
        }
    }
    give_back(calls);
    give_back(costs);
    give_back(failed);
    give_back(cached);
    give_back(keys);
}

/// Puts calls in time order, each logged cost, failure, cached count and key moving with
/// its call; calls at one moment keep their order (a stable sort). The values move in
/// place, along the order's cycles, so no column is held twice (a log listed newest first
/// is reversed whole).
pub fn sort_by_time(
    calls: &mut [Call],
    costs: &mut [Option<Nanos>],
    failed: &mut [bool],
    cached: &mut [Tokens],
    keys: &mut [u32],
) {
    if calls.windows(2).all(|w| w[0].at <= w[1].at) {
        return;
    }
    let mut order: Vec<u32> = (0..calls.len() as u32).collect();
    order.sort_by_key(|&i| calls[i as usize].at);
    put_in_order(calls, &order);
    put_in_order(costs, &order);
    put_in_order(failed, &order);
    put_in_order(cached, &order);
    put_in_order(keys, &order);
}

/// `column`'s values in `order` (place `k` takes the value of place `order[k]`; an empty
/// column stays so), moved in place along the order's cycles, each once.
fn put_in_order<T: Copy>(column: &mut [T], order: &[u32]) {
    let mut done = vec![false; column.len()];
    for start in 0..column.len() {
        if done[start] {
            continue;
        }
        let first = column[start];
        let mut to = start;
        loop {
            done[to] = true;
            let from = order[to] as usize;
            if from == start {
                column[to] = first;
                break;
            }
            column[to] = column[from];
            to = from;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time::{Instant, Span};

    #[test]
    fn sorting_by_time_moves_each_call_s_columns_with_it_and_keeps_a_moment_s_calls_in_order() {
        // Times from a small generator, many calls a moment; each column tells its call.
        let n = 1_000u32;
        let at = |i: u32| Instant(u64::from(i.wrapping_mul(2_654_435_761) % 97));
        let call = |i: u32| Call { at: at(i), user: i, model: 0, request: 0, input: 1, output: 1, latency: Span(0) };
        let mut calls: Vec<Call> = (0..n).map(call).collect();
        let mut costs: Vec<Option<Nanos>> = (0..n).map(|i| (i % 3 > 0).then_some(Nanos(u64::from(i)))).collect();
        let mut failed: Vec<bool> = (0..n).map(|i| i % 7 == 0).collect();
        let mut cached: Vec<Tokens> = Vec::new();
        let mut keys: Vec<u32> = (0..n).map(|i| i / 2).collect();
        sort_by_time(&mut calls, &mut costs, &mut failed, &mut cached, &mut keys);
        let mut expected: Vec<u32> = (0..n).collect();
        expected.sort_by_key(|&i| at(i)); // stable
        let got: Vec<u32> = calls.iter().map(|c| c.user).collect();
        assert_eq!(got, expected, "the calls in time order, a moment's in their first order");
        for (place, &i) in expected.iter().enumerate() {
            assert_eq!(costs[place], (i % 3 > 0).then_some(Nanos(u64::from(i))), "call {i}'s cost, at {place}");
            assert_eq!(failed[place], i % 7 == 0, "call {i}'s failure, at {place}");
            assert_eq!(keys[place], i / 2, "call {i}'s key, at {place}");
        }
        assert!(cached.is_empty(), "a column no call had stays empty: {}", cached.len());
    }
}
