//! Full random deals for timing in a wasm32 host (Node or a browser):
//! `cargo build --release -p piquet-engine --example wasm_bench --target wasm32-unknown-unknown`,
//! then call the exported `random_deals(n, seed)` and time it from JavaScript
//! (the engine itself has no clock).

use piquet_engine::random_play::random_deal;
use piquet_engine::{Deal, Rules, Seat, SplitMix64};

/// Plays `n` random deals under the classic rules; returns a checksum of the scores.
#[unsafe(no_mangle)]
pub extern "C" fn random_deals(n: u32, seed: u32) -> u32 {
    let mut rng = SplitMix64::new(u64::from(seed));
    let mut buf = Vec::new();
    let mut sum = 0u32;
    for i in 0..n {
        let dealer = if i % 2 == 0 { Seat::A } else { Seat::B };
        if let Ok(d) = Deal::from_seed(Rules::classique(), dealer, rng.next_u64()) {
            let d = random_deal(d, &mut rng, &mut buf);
            sum = sum.wrapping_add(u32::from(d.score(Seat::A)));
        }
    }
    sum
}
