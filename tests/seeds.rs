//! Seeds the end-to-end tests rely on, checked against the session's own dealing: if the way
//! a game seed becomes a cut and deals ever changes, this fails before the browser tests do.
#![cfg(not(target_arch = "wasm32"))]

use piquet_engine::combos::is_carte_blanche;
use piquet_engine::{Rules, Seat};
use piquet_web::play::session::{FormatChoice, GameConfig, Opponent, Session};

fn first_deal(seed: u64) -> Session {
    let rules = Rules::by_id("classique").unwrap();
    let mut s = Session::new(GameConfig {
        preset: "classique".into(),
        format: FormatChoice::of(&rules),
        opponent: Opponent::Computer { bot: "1".into() },
        seed,
        custom_rules: None,
    })
    .unwrap();
    s.deal_next();
    s
}

/// `tests/e2e/carte-blanche.test.mjs`: the player (seat A) is elder in the first deal of
/// `?seed=CARTE_BLANCHE_ELDER` and holds carte blanche (Art. 3).
const CARTE_BLANCHE_ELDER: u64 = 7221;

#[test]
fn the_carte_blanche_seed_deals_carte_blanche_to_the_player() {
    let s = first_deal(CARTE_BLANCHE_ELDER);
    let deal = s.deal().unwrap();
    assert_eq!(deal.elder(), Seat::A);
    assert!(
        is_carte_blanche(deal.hand(Seat::A)),
        "{}",
        deal.hand(Seat::A)
    );
    assert!(!is_carte_blanche(deal.hand(Seat::B)));
}

#[test]
#[ignore = "search for a new seed: cargo test --test seeds -- --ignored --nocapture"]
fn search() {
    let seed = (0..10_000_000u64)
        .find(|&seed| {
            let s = first_deal(seed);
            s.deal()
                .is_some_and(|d| d.elder() == Seat::A && is_carte_blanche(d.hand(Seat::A)))
        })
        .unwrap();
    println!("CARTE_BLANCHE_ELDER = {seed}");
}
