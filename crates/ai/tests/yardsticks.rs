//! The frozen yardsticks (`heuristic-v1`, `5-v1`) decide exactly as H and
//! Le Maître did when they were first measured: every claim of strength in
//! the README is measured against them, so a change to either is a defect.
//! The pinned hashes were computed with H and level 5 as they stood at
//! commit ebab58c (`BotId::Heuristic`, `BotId::Level(5)` there).

use piquet_ai::{BotId, decide};
use piquet_engine::{Cut, DealSetup, Game, Rules, Seat};

/// FNV-1a over every action of `deals` whole deals, `bots[seat]` deciding.
fn decisions_hash(rules: Rules, bots: [BotId; 2], deals: u64) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for seed in 0..deals {
        let cut = Cut {
            draws: vec![("AS".parse().unwrap(), "7H".parse().unwrap())],
            higher_deals: (rules.cut == piquet_engine::rules::CutRule::HigherChooses)
                .then_some(false),
        };
        let mut g = Game::new(rules, &cut).unwrap();
        g.start_deal(DealSetup::from_seed(&rules, Seat::B, 9000 + seed))
            .unwrap();
        let mut step = 0u64;
        while let Some(deal) = g.deal() {
            let seat = deal.to_act().unwrap();
            let view = g.observation(seat);
            let action = decide(bots[seat.index()], &view, seed * 1000 + step).unwrap();
            for b in format!("{action:?}").bytes() {
                h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
            }
            g.apply_with(seat, action, &mut piquet_engine::NoEvents)
                .unwrap();
            step += 1;
        }
    }
    h
}

#[test]
fn heuristic_v1_is_frozen() {
    let h = BotId::HeuristicV1;
    assert_eq!(
        decisions_hash(Rules::classique(), [h, h], 300),
        0x3254_01d3_ccb0_c8f3
    );
    assert_eq!(
        decisions_hash(Rules::rubicon(), [h, h], 300),
        0xe04d_28ec_a5df_0d6c
    );
}

#[test]
fn master_v1_is_frozen() {
    let (m, h) = (BotId::MasterV1, BotId::HeuristicV1);
    assert_eq!(
        decisions_hash(Rules::classique(), [m, h], 6),
        0x00df_d697_b7e7_332a
    );
    assert_eq!(
        decisions_hash(Rules::rubicon(), [h, m], 6),
        0x0145_d1d7_cc63_4713
    );
}
