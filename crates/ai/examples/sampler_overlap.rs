//! How much the sampler knows of the opponent's hand at elder's first lead,
//! with and without reading the number of cards the dealer exchanged
//! ([`Knowledge::read_count`]): over seeded deals of H (elder) against
//! `heuristic-v1` (dealer), the mean number of the dealer's twelve real
//! cards that a sampled world gives him, and of the cards he kept from
//! before his exchange.
//!
//! `cargo run --release -p piquet-ai --example sampler_overlap -- [preset] [weight] [deals]`
//! (defaults: rubicon, 0.3, 400).

use piquet_ai::heuristic::Version;
use piquet_ai::sample::Knowledge;
use piquet_ai::{BotId, decide};
use piquet_engine::{CardSet, Deal, GameObservation, NoEvents, Phase, Rules, Seat, SplitMix64};

fn main() {
    let mut args = std::env::args().skip(1);
    let preset = args.next().unwrap_or_else(|| "rubicon".into());
    let weight: f64 = args.next().and_then(|w| w.parse().ok()).unwrap_or(0.3);
    let deals: u64 = args.next().and_then(|n| n.parse().ok()).unwrap_or(400);
    let Some(&(_, rules)) = Rules::ALL.iter().find(|(name, _)| *name == preset) else {
        eprintln!("unknown preset {preset:?}");
        std::process::exit(2);
    };
    let bots = [BotId::Heuristic, BotId::HeuristicV1];
    // [without, with] × [his hand, his kept cards]
    let mut sums = [[0f64; 2]; 2];
    let mut n = 0;
    for seed in 0..deals {
        let mut d = Deal::from_seed(rules, Seat::B, 5000 + seed).expect("a seeded deal");
        let mut game = GameObservation::fresh(Seat::B, None);
        let mut before = CardSet::EMPTY;
        let mut looked = false;
        let mut step = 0;
        while let Some(seat) = d.to_act() {
            if d.phase() == Phase::DealerExchange {
                before = d.hand(Seat::B);
            }
            if !looked && seat == Seat::A && d.phase() == Phase::Play {
                looked = true;
                let obs = d.observation(Seat::A);
                let (his, kept) = (d.hand(Seat::B), before & d.hand(Seat::B));
                for (i, w) in [1.0, weight].into_iter().enumerate() {
                    let know = Knowledge::new(&obs, true)
                        .expect("a real deal can be sampled")
                        .read_count(&obs, Version::Current, w);
                    let worlds = know.sample(&mut SplitMix64::new(seed), 200, 3);
                    let mean = |f: &dyn Fn(CardSet) -> usize| {
                        worlds.iter().map(|x| f(x.opp_hand) as f64).sum::<f64>()
                            / worlds.len().max(1) as f64
                    };
                    sums[i][0] += mean(&|h| (h & his).len());
                    sums[i][1] += mean(&|h| (h & kept).len());
                }
                n += 1;
            }
            game.deal = Some(d.observation(seat));
            let a = decide(bots[seat.index()], &game, step).expect("a decision");
            d.apply_with(seat, a, &mut NoEvents)
                .expect("a legal decision");
            step += 1;
        }
    }
    let n = f64::from(n);
    println!(
        "{{\"preset\":\"{preset}\",\"deals\":{n},\"weight\":{weight},\"his_hand\":[{:.3},{:.3}],\"his_kept\":[{:.3},{:.3}]}}",
        sums[0][0] / n,
        sums[1][0] / n,
        sums[0][1] / n,
        sums[1][1] / n
    );
}
