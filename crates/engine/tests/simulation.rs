//! Random simulation over every preset (OpenSpiel's RandomSimTest): legal
//! actions are accepted, illegal ones refused with the state unchanged, cards
//! are conserved, scores equal the sum of the score events.

use piquet_engine::random::random_action;
use piquet_engine::*;

fn conserve(d: &Deal) {
    let mut all = CardSet::EMPTY;
    let mut n = 0;
    for s in [Seat::A, Seat::B] {
        all |= d.hand(s) | d.discards(s);
        n += d.hand(s).len() + d.discards(s).len();
    }
    let talon: CardSet = d.talon_remaining().collect();
    n += talon.len() + d.played().len();
    all |= talon | d.played();
    assert_eq!(all, d.rules().deck_cards(), "cards conserved");
    assert_eq!(n, d.rules().deck_cards().len(), "no card twice");
}

fn run(rules: Rules, deals: u64) {
    let mut rng = SplitMix64::new(99);
    let mut buf = Vec::new();
    let mut legal = Vec::new();
    for seed in 0..deals {
        let dealer = if seed % 2 == 0 { Seat::A } else { Seat::B };
        let mut d = Deal::from_seed(rules, dealer, seed).unwrap();
        let mut totals = [0u16; 2];
        let mut steps = 0;
        while let Some((s, a)) = random_action(&d, &mut rng, &mut buf) {
            conserve(&d);
            // The other seat is always refused.
            let before = d;
            assert!(matches!(
                d.check(s.other(), a),
                Err(IllegalAction::NotYourTurn { .. })
            ));
            // Every listed action is accepted.
            d.legal_actions(&mut legal);
            for &l in &legal {
                assert_eq!(
                    d.check(s, l),
                    Ok(()),
                    "{l:?} listed but refused in {:?}",
                    d.phase()
                );
            }
            // A card not in hand is refused.
            if let Some(c) = (d.rules().deck_cards() - d.hand(s)).lowest() {
                assert!(d.check(s, Action::Play(c)).is_err());
            }
            let mut ev = Vec::new();
            d.apply_with(s, a, &mut ev)
                .unwrap_or_else(|e| panic!("{a:?} refused: {e}"));
            assert_ne!(before, d);
            for e in ev {
                if let Event::Scored { seat, points, .. } = e {
                    totals[seat.index()] += points;
                }
            }
            assert_eq!([d.score(Seat::A), d.score(Seat::B)], totals);
            steps += 1;
            assert!(steps < 200);
        }
        assert!(d.is_over());
        conserve(&d);
        if let Phase::Finished {
            end: DealEnd::Played,
        } = d.phase()
        {
            assert_eq!(d.tricks_won(Seat::A) + d.tricks_won(Seat::B), 12);
            assert_eq!(d.played().len(), 24);
        }
    }
}

#[test]
fn simulate_every_preset() {
    for (_, r) in Rules::ALL {
        run(r, 300);
    }
}

#[test]
fn simulate_with_abandon() {
    let mut r = Rules::ancien();
    r.abandon = true;
    run(r, 200);
}
