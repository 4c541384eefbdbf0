//! Random simulation over every preset (OpenSpiel's RandomSimTest): legal
//! actions are accepted, illegal ones refused with the state unchanged, cards
//! are conserved, scores equal the sum of the score events.

use piquet_engine::random_play::random_action;
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
    // A void revealed by not following suit is a real void.
    for s in [Seat::A, Seat::B] {
        for suit in Suit::ALL {
            if d.voids(s) >> suit.index() & 1 == 1 {
                assert!(d.hand(s).in_suit(suit).is_empty());
            }
        }
    }
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
        let mut log = Vec::new();
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
                log.push(e);
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
            end_of_deal(&d, &log);
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

/// RULES.md 8: last trick, cards or capot, as the rules say.
fn end_of_deal(d: &Deal, log: &[Event]) {
    let r = d.rules();
    let scored = |reason: ScoreReason| -> Vec<(Seat, u16)> {
        log.iter()
            .filter_map(|e| match *e {
                Event::Scored {
                    seat,
                    points,
                    reason: x,
                } if x == reason => Some((seat, points)),
                _ => None,
            })
            .collect()
    };
    let (a, b) = (d.tricks_won(Seat::A), d.tricks_won(Seat::B));
    let capot = a == 12 || b == 12;
    let last = scored(ScoreReason::LastTrick);
    if capot && r.capot_no_last_trick {
        assert!(last.is_empty());
    } else {
        assert_eq!(last.len(), 1);
        assert_eq!(last[0].1, u16::from(r.last_trick_bonus));
    }
    let w = if a > b { Seat::A } else { Seat::B };
    match (capot, a == b) {
        (true, _) => {
            assert_eq!(
                scored(ScoreReason::Capot),
                vec![(w, u16::from(r.capot_bonus))]
            );
            assert!(scored(ScoreReason::Cards).is_empty());
        }
        (false, true) => {
            assert!(scored(ScoreReason::Cards).is_empty() && scored(ScoreReason::Capot).is_empty())
        }
        (false, false) => assert_eq!(
            scored(ScoreReason::Cards),
            vec![(w, u16::from(r.cards_bonus))]
        ),
    }
    let pics = scored(ScoreReason::Pic).len() + scored(ScoreReason::Repic).len();
    if !r.repic_pic {
        assert_eq!(pics, 0);
    }
    // RULES.md 7: 1 per trick won in 150.
    if r.trick_points == piquet_engine::rules::TrickPoints::PerTrickWon {
        let won: usize = scored(ScoreReason::TrickWon).len();
        assert_eq!(won, 12);
    }
}

/// Arbitrary actions, mostly illegal, from either seat at every step: never a
/// panic; a refused action leaves the state untouched; an accepted one keeps
/// the cards conserved.
#[test]
fn arbitrary_actions_never_panic() {
    let mut rng = SplitMix64::new(17);
    let mut buf = Vec::new();
    for (_, mut rules) in Rules::ALL {
        rules.abandon = rng.below(2) == 0;
        for seed in 0..60 {
            let mut d = Deal::from_seed(rules, Seat::A, seed).unwrap();
            while !d.is_over() {
                for _ in 0..8 {
                    let bits = rng.next_u64() & rng.next_u64();
                    let cards = CardSet::from_bits(bits);
                    let c = Card::from_index(rng.below(36) as u8).unwrap();
                    let suit = Suit::from_index(rng.below(4) as u8);
                    let a = match rng.below(12) {
                        0 => Action::Discard(cards),
                        1 => Action::AnnounceCarteBlanche(rng.below(10) as u8),
                        2 => Action::DeclareCarteBlanche,
                        3 => Action::ProposeAbandon(rng.below(2) == 0),
                        4 => Action::AcceptAbandon(rng.below(2) == 0),
                        5 => Action::LookAtLeftover(Some(suit)),
                        6 => Action::ExposeLeftover(rng.below(2) == 0),
                        7 => Action::Declare(Some(cards)),
                        8 => Action::Answer(Answer::Equal(cards)),
                        9 => Action::Answer(Answer::Better(cards)),
                        10 => Action::Declare(Some(c.set())),
                        _ => Action::Play(c),
                    };
                    let seat = if rng.below(2) == 0 { Seat::A } else { Seat::B };
                    let before = d;
                    let mut ev = Vec::new();
                    match d.apply_with(seat, a, &mut ev) {
                        Ok(()) => conserve(&d),
                        Err(_) => {
                            assert_eq!(d, before);
                            assert!(ev.is_empty());
                        }
                    }
                    if d.is_over() {
                        break;
                    }
                }
                if let Some((s, a)) = random_action(&d, &mut rng, &mut buf) {
                    d.apply_with(s, a, &mut NoEvents).unwrap();
                }
            }
        }
    }
}
