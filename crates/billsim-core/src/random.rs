//! Integer random draws on a named, portable generator. No floats and no `usize`, so the
//! wasm build and the native build draw exactly the same numbers.

use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The stream of random numbers for one user on one day: the day's number is the key and
/// the user's index picks the stream, so changing one user's traffic leaves the others'.
pub fn user_stream(day: u32, user: u32) -> ChaCha8Rng {
    let mut key = [0u8; 32];
    key[..4].copy_from_slice(&day.to_le_bytes());
    key[4..12].copy_from_slice(b"toy-day1"); // a version tag: change it and every day changes
    let mut rng = ChaCha8Rng::from_seed(key);
    rng.set_stream(u64::from(user));
    rng
}

/// Stream `stream` of run `seed` of the generator tagged `tag` (each scenario has its own
/// tag, so its runs draw apart from the toy day's).
pub fn tagged_stream(tag: &[u8; 8], seed: u32, stream: u64) -> ChaCha8Rng {
    let mut key = [0u8; 32];
    key[..4].copy_from_slice(&seed.to_le_bytes());
    key[4..12].copy_from_slice(tag);
    let mut rng = ChaCha8Rng::from_seed(key);
    rng.set_stream(stream);
    rng
}

/// A uniform draw from `lo..=hi`, unbiased (Lemire's multiply-and-reject).
pub fn uniform(rng: &mut impl RngCore, lo: u32, hi: u32) -> u32 {
    assert!(lo <= hi && hi - lo < u32::MAX, "a range of the model is empty or too wide");
    let n = hi - lo + 1;
    let mut product = u64::from(rng.next_u32()) * u64::from(n);
    let threshold = n.wrapping_neg() % n; // 2^32 mod n: draws below it would favour some values
    while (product as u32) < threshold {
        product = u64::from(rng.next_u32()) * u64::from(n);
    }
    lo + (product >> 32) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_generator_draws_the_same_numbers_for_the_same_day_and_user_on_every_platform() {
        // Fixed seed in, fixed draws out: if these change, every day the lesson quotes changes.
        let mut rng = user_stream(0, 0);
        let draws: Vec<u32> = (0..6).map(|_| uniform(&mut rng, 240, 360)).collect();
        assert_eq!(draws, EXPECTED_DRAWS);
    }

    const EXPECTED_DRAWS: [u32; 6] = [261, 332, 246, 358, 357, 306];

    #[test]
    fn every_value_of_a_small_range_is_drawn_and_none_outside_it() {
        let mut rng = user_stream(7, 3);
        let mut seen = [0u32; 5];
        for _ in 0..5_000 {
            let v = uniform(&mut rng, 10, 14);
            seen[(v - 10) as usize] += 1;
        }
        assert!(seen.iter().all(|&c| (900..1_100).contains(&c)), "{seen:?}");
    }

    #[test]
    fn two_users_on_one_day_draw_different_streams() {
        let a: Vec<u32> = (0..4)
            .map({
                let mut r = user_stream(5, 1);
                move |_| r.next_u32()
            })
            .collect();
        let b: Vec<u32> = (0..4)
            .map({
                let mut r = user_stream(5, 2);
                move |_| r.next_u32()
            })
            .collect();
        assert_ne!(a, b);
    }
}
