//! What the bots know: the sampler's hard constraints always admit the true
//! layout of the hidden cards, and every sampled world meets them; the
//! declarations evaluator agrees with the engine's count.

use piquet_ai::eval::declarations;
use piquet_ai::sample::Knowledge;
use piquet_ai::{BotId, decide};
use piquet_engine::{CardSet, Deal, NoEvents, Phase, Rules, Seat, SplitMix64};

/// Every decision point of `deals` deals per preset, played by `bots`.
fn for_each_decision(deals: u64, bots: [BotId; 2], mut f: impl FnMut(&Deal, Seat)) {
    for (_, rules) in Rules::ALL {
        for seed in 0..deals {
            let mut d = Deal::from_seed(rules, Seat::B, 900 + seed).unwrap();
            let mut game = piquet_engine::GameObservation::fresh(Seat::B, None);
            let mut step = 0;
            while let Some(seat) = d.to_act() {
                f(&d, seat);
                game.deal = Some(d.observation(seat));
                let a = decide(bots[seat.index()], &game, step).unwrap();
                d.apply_with(seat, a, &mut NoEvents).unwrap();
                step += 1;
            }
        }
    }
}

#[test]
fn the_truth_is_always_admitted_and_samples_obey() {
    let mut checked = 0;
    for_each_decision(40, [BotId::Random, BotId::Heuristic], |d, seat| {
        for me in [seat, seat.other()] {
            let obs = d.observation(me);
            let opp = me.other();
            let know = Knowledge::new(&obs, true).unwrap();
            let talon: CardSet = d.talon_remaining().collect();
            assert!(
                know.admits(d.hand(opp), d.discards(opp), talon),
                "{:?} as {me:?}: the true layout is refused",
                d.phase()
            );
            let mut rng = SplitMix64::new(checked);
            let worlds = know.sample(&mut rng, 3, 2);
            assert_eq!(worlds.len(), 3, "{:?} as {me:?}: no world found", d.phase());
            for w in worlds {
                let t: CardSet = w.talon.iter().copied().collect();
                assert!(
                    know.admits(w.opp_hand, w.opp_discards, t),
                    "{:?} as {me:?}: sampled {w:?} truth {} / {} / {talon} obs {:?}",
                    d.phase(),
                    d.hand(opp),
                    d.discards(opp),
                    obs.declarations
                );
                assert_eq!(w.opp_hand & obs.hand, CardSet::EMPTY);
                assert_eq!(w.opp_hand.len(), usize::from(obs.opponent_hand_len));
            }
            checked += 1;
        }
    });
    assert!(checked > 1000, "{checked}");
}

#[test]
fn declarations_evaluator_matches_the_engine() {
    // Honest best declarations and answers (the heuristic's) through the
    // engine give the points the evaluator computes from the two hands.
    let mut compared = 0;
    for_each_decision(30, [BotId::Heuristic, BotId::Heuristic], |d, _| {
        if d.phase() != Phase::Play || d.tricks_played() != 0 || d.current_trick().1.is_some() {
            return;
        }
        let (e, dl) = (d.elder(), d.dealer());
        if d.carte_blanche(e) || d.carte_blanche(dl) {
            return;
        }
        let want = declarations(d.rules(), d.hand(e), d.hand(dl), [false; 2]);
        // Elder has counted; the dealer counts after elder's first lead.
        assert_eq!(d.score(e), want[0], "elder's declarations");
        let lead = d.legal_plays().lowest().unwrap();
        let mut after = *d;
        after
            .apply_with(e, piquet_engine::Action::Play(lead), &mut NoEvents)
            .unwrap();
        assert_eq!(after.score(dl), want[1], "the dealer's declarations");
        compared += 1;
    });
    assert!(compared > 100, "{compared}");
}

#[test]
fn the_number_exchanged_is_read_once_he_has_exchanged() {
    // Read with a weight of 0.5 and no other evidence, a world weighs 1 or
    // 0.5: 1 before the opponent has exchanged, both once he has (his
    // number says something of his hand), and 1 for an elder who took all
    // he could, as the model always does.
    let (mut before, mut read) = (0, [0usize; 2]);
    for_each_decision(12, [BotId::Heuristic, BotId::Heuristic], |d, seat| {
        let obs = d.observation(seat);
        let know = Knowledge::new(&obs, false).unwrap().read_count(
            &obs,
            piquet_ai::heuristic::Version::Current,
            0.5,
        );
        let mut rng = SplitMix64::new(7);
        let weights: Vec<f64> = know
            .sample(&mut rng, 20, 1)
            .iter()
            .map(|w| w.weight)
            .collect();
        let talon = obs.discards.len() as u8 + obs.opponent_discards_len + obs.talon_left;
        let elder_took_all =
            seat == d.dealer() && obs.opponent_discards_len == obs.rules.elder_max.min(talon);
        let exchanged = if seat == d.dealer() {
            obs.opponent_discards_len > 0
        } else {
            !matches!(
                d.phase(),
                Phase::ElderExchange | Phase::DealerExchange | Phase::DealerBlindDiscard { .. }
            )
        };
        if !exchanged || elder_took_all {
            assert!(
                weights.iter().all(|&w| w == 1.0),
                "{:?}: {weights:?}",
                d.phase()
            );
            before += 1;
        } else {
            assert!(weights.iter().all(|&w| w == 1.0 || w == 0.5), "{weights:?}");
            for w in weights {
                read[usize::from(w == 1.0)] += 1;
            }
        }
    });
    assert!(before > 50, "{before}");
    assert!(read[0] > 50 && read[1] > 50, "{read:?}");
}
