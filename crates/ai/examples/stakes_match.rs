//! Does playing to the score win games? Whole games of a cent preset (one
//! game to the target, no match), mirrored: each pair plays the same cut and
//! the same deals twice with the seats swapped, between a level that knows
//! the score ([`LevelSpec::score_aware`]) and the same level without it.
//! The arena (`piquet arena`) cannot see this: it scores single deals from
//! 0–0, where nothing but the margin is at stake.
//!
//! `cargo run --release -p piquet-ai --example stakes_match -- [pairs] [seed] [level] [preset]`
//! prints one JSON object: games won by the score-aware side out of
//! `2 × pairs`, and the standard error of its winning rate.

use piquet_ai::{LevelSpec, decide_as};
use piquet_engine::rules::Format;
use piquet_engine::{Cut, Game, NoEvents, Rules, Seat, SplitMix64};

/// Plays one game; `aware_seat` plays with the score, the other without.
fn play(rules: Rules, seed: u64, spec: &LevelSpec, aware_seat: Seat) -> Option<Seat> {
    let blind = LevelSpec {
        score_aware: false,
        ..*spec
    };
    let mut game = Game::new(rules, &Cut::from_seed(&rules, seed)).ok()?;
    let mut deals = SplitMix64::new(seed ^ 0xDEA1);
    let mut step = 0u64;
    while game.outcome().is_none() {
        if game.needs_deal() {
            game.start_deal_from_seed(deals.next_u64()).ok()?;
        }
        let seat = game.deal()?.to_act()?;
        let who = if seat == aware_seat { spec } else { &blind };
        step += 1;
        let action = decide_as(who, &game.observation(seat), seed ^ step).ok()?;
        game.apply_with(seat, action, &mut NoEvents).ok()?;
    }
    game.outcome().map(|o| o.winner)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, default: u64| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(default);
    let (pairs, seed, level) = (arg(0, 100), arg(1, 1), arg(2, 4) as u8);
    let preset = args.get(3).map_or("classique", String::as_str);
    let Ok(mut rules) = Rules::by_id(preset) else {
        eprintln!("unknown preset {preset}");
        std::process::exit(2);
    };
    if let Format::Cent { match_play, .. } = &mut rules.format {
        *match_play = false;
    } else {
        eprintln!("{preset} is not a cent preset");
        std::process::exit(2);
    }
    let spec = &LevelSpec {
        score_aware: true,
        ..*LevelSpec::of(level)
    };
    let (mut won, mut games) = (0u32, 0u32);
    for p in 0..pairs {
        let s = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ p;
        for aware in [Seat::A, Seat::B] {
            if let Some(winner) = play(rules, s, spec, aware) {
                games += 1;
                won += u32::from(winner == aware);
            }
        }
    }
    let rate = f64::from(won) / f64::from(games.max(1));
    let se = (rate * (1.0 - rate) / f64::from(games.max(1))).sqrt();
    println!(
        "{{\"preset\":\"{preset}\",\"level\":{level},\"games\":{games},\"aware_won\":{won},\"rate\":{rate:.4},\"stderr\":{se:.4}}}"
    );
}
