//! Solve time of full 12-trick positions from random 32-card deals.
//!
//! Each deal gives 12 random cards to each player out of the 32 (as after an
//! exchange) and solves the play from elder's first lead. Prints one JSON
//! object per rule set: the time of one value (`solve`) and of the value of
//! every legal card (`solve_all_moves`), each from an empty table, and the
//! nodes (cards played in the search) of `solve`. Rule sets: the presets with
//! no declaration points, then *classique* and *moderne* with elder at 20
//! from his declarations and the dealer at 0, where pic is within elder's
//! reach. A last line times a PIMC-like decision: elder's first lead, his
//! hand fixed, the dealer's 12 cards sampled again and again out of the 20
//! others, every world solved card by card with one table, never cleared
//! within the decision.
//!
//! `cargo run --release -p piquet-ai --example solve_bench -- [deals] [seed] [table_log2]`

use piquet_ai::{PlayPosition, PlayRules, Player, Solver};
use piquet_engine::{Card, CardSet};
use std::time::Instant;

/// SplitMix64: a small, seedable generator (the library itself draws no
/// random numbers).
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn deal(rng: &mut SplitMix) -> [CardSet; 2] {
    let mut deck: Vec<Card> = CardSet::DECK_32.into_iter().collect();
    for i in (1..deck.len()).rev() {
        deck.swap(i, rng.below(i + 1));
    }
    let hand = |cs: &[Card]| cs.iter().copied().collect::<CardSet>();
    [hand(&deck[..12]), hand(&deck[12..24])]
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i]
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("numeric argument"))
        .collect();
    let deals = args.first().copied().unwrap_or(200) as usize;
    let seed = args.get(1).copied().unwrap_or(1);
    let log2 = args
        .get(2)
        .copied()
        .unwrap_or(u64::from(piquet_ai::DEFAULT_TABLE_LOG2)) as u32;
    for (name, rules, scores) in [
        ("classique", PlayRules::classique(), [0, 0]),
        ("moderne", PlayRules::moderne(), [0, 0]),
        ("150", PlayRules::cent_cinquante(), [0, 0]),
        ("classique, elder at 20", PlayRules::classique(), [20, 0]),
        ("moderne, elder at 20", PlayRules::moderne(), [20, 0]),
    ] {
        let mut rng = SplitMix(seed);
        let mut solver = Solver::with_table_log2(log2);
        let mut times = Vec::with_capacity(deals);
        let mut nodes = Vec::with_capacity(deals);
        let mut all_times = Vec::with_capacity(deals);
        let mut checksum = 0i64;
        for _ in 0..deals {
            let position = PlayPosition::start(deal(&mut rng), scores, &rules);
            // Each deal is a new world: start from an empty table, as the
            // first world of a PIMC decision would.
            solver.clear();
            let before = solver.nodes();
            let start = Instant::now();
            let value = solver.solve(&position, &rules, Player::Elder);
            times.push(start.elapsed().as_secs_f64() * 1e3);
            nodes.push((solver.nodes() - before) as f64);
            checksum += i64::from(value);
            // What PIMC asks for: the exact value of every legal card, on a
            // fresh table again.
            solver.clear();
            let start = Instant::now();
            let per_card = solver.solve_all_moves(&position, &rules, Player::Elder);
            all_times.push(start.elapsed().as_secs_f64() * 1e3);
            assert_eq!(per_card.iter().map(|&(_, v)| v).max(), Some(value));
        }
        all_times.sort_by(f64::total_cmp);
        times.sort_by(f64::total_cmp);
        nodes.sort_by(f64::total_cmp);
        println!(
            "{{\"rules\":\"{name}\",\"deals\":{deals},\"seed\":{seed},\"table_bytes\":{},\"median_ms\":{:.3},\"p95_ms\":{:.3},\"max_ms\":{:.3},\"mean_ms\":{:.3},\"median_nodes\":{},\"p95_nodes\":{},\"mean_nodes\":{:.0},\"all_moves_median_ms\":{:.3},\"all_moves_p95_ms\":{:.3},\"value_sum\":{checksum}}}",
            solver.table_bytes(),
            percentile(&times, 0.5),
            percentile(&times, 0.95),
            times[times.len() - 1],
            times.iter().sum::<f64>() / times.len() as f64,
            percentile(&nodes, 0.5),
            percentile(&nodes, 0.95),
            nodes.iter().sum::<f64>() / nodes.len() as f64,
            percentile(&all_times, 0.5),
            percentile(&all_times, 0.95),
        );
    }

    pimc_like(deals.min(100), seed);
}

/// Solve time per world of a PIMC-like decision (see the module docs).
fn pimc_like(decisions: usize, seed: u64) {
    const WORLDS: usize = 20;
    let rules = PlayRules::classique();
    let mut rng = SplitMix(seed ^ 0x5EED);
    let mut solver = Solver::new();
    let mut per_world = Vec::with_capacity(decisions * WORLDS);
    for _ in 0..decisions {
        let [elder, _] = deal(&mut rng);
        solver.clear();
        let others: Vec<Card> = (CardSet::DECK_32 - elder).into_iter().collect();
        for _ in 0..WORLDS {
            let mut pool = others.clone();
            for i in (1..pool.len()).rev() {
                pool.swap(i, rng.below(i + 1));
            }
            let dealer = pool[..12].iter().copied().collect::<CardSet>();
            let position = PlayPosition::start([elder, dealer], [0, 0], &rules);
            let start = Instant::now();
            let per_card = solver.solve_all_moves(&position, &rules, Player::Elder);
            per_world.push(start.elapsed().as_secs_f64() * 1e3);
            assert_eq!(per_card.len(), 12);
        }
    }
    per_world.sort_by(f64::total_cmp);
    println!(
        "{{\"rules\":\"classique, PIMC-like decision\",\"decisions\":{decisions},\"worlds\":{WORLDS},\"all_moves_median_ms\":{:.3},\"all_moves_p95_ms\":{:.3},\"all_moves_mean_ms\":{:.3}}}",
        percentile(&per_world, 0.5),
        percentile(&per_world, 0.95),
        per_world.iter().sum::<f64>() / per_world.len() as f64,
    );
}
