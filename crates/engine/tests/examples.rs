//! RULES.md section 12 worked examples and per-rule checks on explicit deals.

use piquet_engine::*;

fn cs(s: &str) -> CardSet {
    s.parse().unwrap()
}

/// A union of cards, repeats allowed (for "shown" assertions).
fn any(s: &str) -> CardSet {
    s.split_whitespace().map(card).collect()
}

fn card(s: &str) -> Card {
    s.parse().unwrap()
}

fn setup(elder: &str, dealer: &str, talon: &str) -> DealSetup {
    DealSetup {
        dealer: Seat::B,
        elder: cs(elder),
        dealer_hand: cs(dealer),
        talon: talon.split_whitespace().map(card).collect(),
    }
}

fn act(d: &mut Deal, a: Action, ev: &mut Vec<Event>) {
    let s = d.to_act().expect("deal not over");
    d.apply_with(s, a, ev)
        .unwrap_or_else(|e| panic!("{a:?} in {:?}: {e}", d.phase()));
}

const E: Seat = Seat::A;
const D: Seat = Seat::B;

/// Elder: AKQJT♥, four aces. Point 5, quinte 15, quatorze 14 = 34 → repic 94.
fn repic_deal() -> Deal {
    Deal::new(
        Rules::classique(),
        setup(
            "AH KH QH JH TH AS AD AC 7S 8D 7D 8C",
            "9H 8H 7H KS QS 9S KD QD 9D KC QC 9C",
            "JS TS 8S JD TD JC TC 7C",
        ),
    )
    .unwrap()
}

#[test]
fn repic_example() {
    let mut d = repic_deal();
    let mut ev = Vec::new();
    act(&mut d, Action::Discard(cs("8C")), &mut ev);
    // Art. 4: elder peeks at the four he could have taken.
    assert!(ev.contains(&Event::Peeked {
        seat: E,
        cards: cs("TS 8S JD TD")
    }));
    assert_eq!(d.seen_talon(E), cs("TS 8S JD TD"));
    act(&mut d, Action::Discard(cs("7H")), &mut ev);
    assert_eq!(d.phase(), Phase::Leftover);
    assert_eq!(d.seen_talon(D), cs("8S JD TD JC TC 7C"));
    act(&mut d, Action::LookAtLeftover(None), &mut ev);
    act(&mut d, Action::Declare(Some(cs("AH KH QH JH TH"))), &mut ev);
    assert!(ev.contains(&Event::Declared {
        seat: E,
        category: Category::Point,
        claim: Claim::Point {
            length: 5,
            value: Some(51)
        }
    }));
    act(&mut d, Action::Answer(Answer::Good), &mut ev);
    act(&mut d, Action::Declare(Some(cs("AH KH QH JH TH"))), &mut ev);
    act(&mut d, Action::Answer(Answer::Good), &mut ev);
    act(&mut d, Action::Declare(Some(cs("AS AH AD AC"))), &mut ev);
    ev.clear();
    act(&mut d, Action::Answer(Answer::Good), &mut ev);
    assert_eq!(d.phase(), Phase::Play);
    let scored: Vec<_> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Scored {
                seat,
                points,
                reason,
            } => Some((*seat, *points, *reason)),
            _ => None,
        })
        .collect();
    assert_eq!(
        scored,
        vec![
            (E, 5, ScoreReason::Point),
            (E, 15, ScoreReason::Sequence),
            (E, 14, ScoreReason::Set),
            (E, 60, ScoreReason::Repic)
        ]
    );
    assert_eq!(d.score(E), 94);
    assert_eq!(ScoreReason::Repic.article(), "Art. 12");
}

#[test]
fn carte_blanche_blocks_repic() {
    let mut d = Deal::new(
        Rules::classique(),
        setup(
            "AH KH QH JH TH AS AD AC KS QS KD QD",
            "9H 8H 7H TS 9S 8S 7S TD 9D 8D 7D TC",
            "9C 8C 7C JS JD KC QC JC",
        ),
    )
    .unwrap();
    let mut ev = Vec::new();
    act(&mut d, Action::Discard(cs("QD")), &mut ev);
    // The dealer may declare carte blanche before his exchange; he shows his twelve.
    act(&mut d, Action::DeclareCarteBlanche, &mut ev);
    assert_eq!(d.shown(D), d.dealt(D));
    assert_eq!(
        d.check(D, Action::DeclareCarteBlanche),
        Err(IllegalAction::NoCarteBlanche)
    );
    act(&mut d, Action::Discard(cs("7S")), &mut ev);
    act(&mut d, Action::LookAtLeftover(None), &mut ev);
    for a in [
        Action::Declare(Some(cs("AH KH QH JH TH"))),
        Action::Answer(Answer::Good),
        Action::Declare(Some(cs("AH KH QH JH TH"))),
        Action::Answer(Answer::Good),
        Action::Declare(Some(cs("AS AH AD AC"))),
        Action::Answer(Answer::Good),
    ] {
        act(&mut d, a, &mut ev);
    }
    // Point 5, quinte 15 + tierce AS KS QS 3, quatorze d'as 14 + trois rois 3.
    assert_eq!(
        d.score(E),
        40,
        "no repic: the dealer's carte blanche counts first"
    );
    act(&mut d, Action::Play(card("AH")), &mut ev);
    assert_eq!(d.score(E), 41, "Art. 15.1: an ace led scores 1");
    assert_eq!(d.score(D), 10, "carte blanche");
}

/// The dealer's pic under classic trick points (RULES.md 12).
fn pic_deal() -> Deal {
    let mut d = Deal::new(
        Rules::classique(),
        setup(
            "9H 8H 8S 7S KD QD JD TD 9D 8D AC KC",
            "AS KS QS JS TS 9S AH KH QH JH AD 7C",
            "TH 7H 7D QC JC TC 9C 8C",
        ),
    )
    .unwrap();
    let mut ev = Vec::new();
    act(&mut d, Action::Discard(cs("8S")), &mut ev);
    act(&mut d, Action::Discard(cs("7C")), &mut ev);
    act(&mut d, Action::LookAtLeftover(None), &mut ev);
    act(&mut d, Action::Declare(None), &mut ev);
    act(
        &mut d,
        Action::Declare(Some(cs("AS KS QS JS TS 9S"))),
        &mut ev,
    );
    act(&mut d, Action::Declare(None), &mut ev);
    act(
        &mut d,
        Action::Answer(Answer::Better(cs("AS KS QS JS TS 9S"))),
        &mut ev,
    );
    act(&mut d, Action::Declare(None), &mut ev);
    act(&mut d, Action::Declare(Some(cs("AS AH AD"))), &mut ev);
    d
}

#[test]
fn pic_by_the_dealer() {
    let mut d = pic_deal();
    let mut ev = Vec::new();
    assert_eq!(d.score(E), 0);
    assert_eq!(d.score(D), 0, "the dealer counts after elder's first lead");
    act(&mut d, Action::Play(card("9H")), &mut ev);
    assert_eq!(d.score(E), 0, "a nine led is a non-scoring card");
    assert_eq!(
        d.score(D),
        29,
        "point 6, sixième 16 + quart 4, trois d'as 3"
    );
    assert!(ev.contains(&Event::Declared {
        seat: D,
        category: Category::Point,
        claim: Claim::Point {
            length: 6,
            value: Some(60)
        }
    }));
    // The trois reveals its three cards; the scored sequences are shown.
    assert!(
        d.shown(D)
            .is_superset(any("AS AH AD AS KS QS JS TS 9S AH KH QH JH"))
    );
    // Must follow suit: hearts are held.
    assert_eq!(
        d.check(D, Action::Play(card("AS"))),
        Err(IllegalAction::MustFollowSuit)
    );
    ev.clear();
    act(&mut d, Action::Play(card("AH")), &mut ev);
    assert!(ev.contains(&Event::Scored {
        seat: D,
        points: 1,
        reason: ScoreReason::WonWithScoringCard
    }));
    assert!(ev.contains(&Event::Scored {
        seat: D,
        points: 30,
        reason: ScoreReason::Pic
    }));
    assert_eq!(d.score(D), 60);
}

#[test]
fn honesty_is_enforced() {
    let mut d = pic_deal();
    let mut ev = Vec::new();
    act(&mut d, Action::Play(card("9H")), &mut ev);
    // Not your turn.
    assert_eq!(
        d.check(E, Action::Play(card("8H"))),
        Err(IllegalAction::NotYourTurn { to_act: D })
    );
    let mut d = repic_deal();
    assert_eq!(
        d.check(E, Action::Discard(CardSet::EMPTY)),
        Err(IllegalAction::MustDiscardAtLeastOne { min: 1 })
    );
    assert_eq!(
        d.check(E, Action::Discard(cs("AH KH QH JH TH AS"))),
        Err(IllegalAction::TooManyDiscards { max: 5 })
    );
    assert_eq!(
        d.check(E, Action::Discard(cs("9H"))),
        Err(IllegalAction::CardNotInHand { card: card("9H") })
    );
    assert_eq!(
        d.check(E, Action::AnnounceCarteBlanche(2)),
        Err(IllegalAction::NoCarteBlanche)
    );
    act(&mut d, Action::Discard(cs("8C")), &mut ev);
    act(&mut d, Action::Discard(cs("7H")), &mut ev);
    assert_eq!(
        d.check(E, Action::LookAtLeftover(Some(Suit::Clubs))),
        Ok(())
    );
    act(
        &mut d,
        Action::LookAtLeftover(Some(Suit::Diamonds)),
        &mut ev,
    );
    assert_eq!(d.seen_talon(E), any("TS 8S JD TD 8S JD TD JC TC 7C"));
    // A point not held, or of two suits.
    assert_eq!(
        d.check(E, Action::Declare(Some(cs("9H 8H")))),
        Err(IllegalAction::DeclarationNotHeld)
    );
    assert_eq!(
        d.check(E, Action::Declare(Some(cs("AH AS")))),
        Err(IllegalAction::DeclarationNotHeld)
    );
    // Sinking: part of the hearts.
    act(&mut d, Action::Declare(Some(cs("KH QH"))), &mut ev);
    // The dealer's hearts 9H 8H (17) do not beat 20; his spades KS QS 9S 8S JS? He holds KS QS 9S.
    assert_eq!(
        d.check(D, Action::Answer(Answer::Better(cs("9H 8H")))),
        Err(IllegalAction::AnswerNotBacked)
    );
    assert_eq!(
        d.check(D, Action::Answer(Answer::Better(cs("KS QS 9S")))),
        Ok(())
    );
    assert_eq!(
        d.check(D, Action::Answer(Answer::Equal(cs("KS QS")))),
        Ok(())
    );
    act(&mut d, Action::Answer(Answer::Equal(cs("KD QD"))), &mut ev);
    assert!(d.shown(E).is_superset(cs("KH QH")) && d.shown(D).is_superset(cs("KD QD")));
    act(&mut d, Action::Declare(None), &mut ev);
    act(&mut d, Action::Answer(Answer::Good), &mut ev);
    act(&mut d, Action::Declare(Some(cs("AS AH AD"))), &mut ev);
    assert_eq!(
        d.check(D, Action::Answer(Answer::Better(cs("KS KD KC")))),
        Err(IllegalAction::AnswerNotBacked)
    );
    act(&mut d, Action::Answer(Answer::Good), &mut ev);
    // Elder named diamonds for the leftover: he must lead them.
    assert_eq!(
        d.check(E, Action::Play(card("AH"))),
        Err(IllegalAction::MustLeadAnnouncedSuit)
    );
    assert_eq!(d.check(E, Action::Play(card("8D"))), Ok(()));
    assert_eq!(
        d.score(E),
        3,
        "a trois d'as out of the quatorze: 3, no repic"
    );
}

#[test]
fn impossible_deals_are_refused_with_the_input() {
    let good = setup(
        "AH KH QH JH TH AS AD AC 7S 8D 7D 8C",
        "9H 8H 7H KS QS 9S KD QD 9D KC QC 9C",
        "JS TS 8S JD TD JC TC 7C",
    );
    let mut dup = good.clone();
    dup.talon[0] = card("AH");
    let err = Deal::new(Rules::classique(), dup.clone()).unwrap_err();
    assert_eq!(err.problem, SetupProblem::Duplicate { card: card("AH") });
    assert_eq!(err.setup, dup);
    let mut six = good.clone();
    six.talon[0] = card("6S");
    assert_eq!(
        Deal::new(Rules::classique(), six).unwrap_err().problem,
        SetupProblem::NotInDeck { card: card("6S") }
    );
    let mut short = good.clone();
    short.talon.pop();
    assert!(matches!(
        Deal::new(Rules::classique(), short).unwrap_err().problem,
        SetupProblem::WrongCount {
            expected: 8,
            found: 7,
            ..
        }
    ));
    assert!(matches!(
        Deal::new(Rules::ancien(), good.clone())
            .unwrap_err()
            .problem,
        SetupProblem::WrongCount { .. }
    ));
    assert!(Deal::new(Rules::classique(), good).is_ok());
}

#[test]
fn seeded_deals_are_deterministic_and_complete() {
    for (_, r) in Rules::ALL {
        let a = DealSetup::from_seed(&r, Seat::A, 7);
        assert_eq!(a, DealSetup::from_seed(&r, Seat::A, 7));
        assert_ne!(a, DealSetup::from_seed(&r, Seat::A, 8));
        // The allocation-free path gives the same deal as the validated layout.
        assert_eq!(
            Deal::new(r, a).unwrap(),
            Deal::from_seed(r, Seat::A, 7).unwrap()
        );
    }
}

#[test]
fn cent_stop_during_declarations() {
    let layout = setup(
        "AH KH QH JH TH AS AD AC 7S 8D 7D 8C",
        "9H 8H 7H KS QS 9S KD QD 9D KC QC 9C",
        "JS TS 8S JD TD JC TC 7C",
    );
    let actions = [
        Action::Discard(cs("8C")),
        Action::Discard(cs("7H")),
        Action::LookAtLeftover(None),
        Action::Declare(Some(cs("AH KH QH JH TH"))),
        Action::Answer(Answer::Good),
        Action::Declare(Some(cs("AH KH QH JH TH"))),
        Action::Answer(Answer::Good),
        Action::Declare(Some(cs("AS AH AD AC"))),
        Action::Answer(Answer::Good),
    ];
    let run = |totals: [u16; 2]| {
        let mut d =
            Deal::with_stop(Rules::classique(), layout.clone(), Some((100, totals))).unwrap();
        let mut ev = Vec::new();
        for a in actions {
            act(&mut d, a, &mut ev);
        }
        d
    };
    // 95 + 5 for the point reaches 100: the deal stops, later categories are not counted.
    let d = run([95, 50]);
    assert_eq!(
        d.phase(),
        Phase::Finished {
            end: DealEnd::Stopped { winner: E }
        }
    );
    assert_eq!(d.score(E), 5);
    // Reached with the sequences: 80 + 5 + 15.
    let d = run([80, 0]);
    assert_eq!(
        d.phase(),
        Phase::Finished {
            end: DealEnd::Stopped { winner: E }
        }
    );
    assert_eq!(d.score(E), 20);
    // Reached with the sets and the repic: 5 + 15 + 14 + 60 from 10.
    let d = run([10, 0]);
    assert_eq!(
        (d.phase(), d.score(E)),
        (
            Phase::Finished {
                end: DealEnd::Stopped { winner: E }
            },
            94
        )
    );
    // Both at or above the target before the deal (extra deal): played out.
    let d = run([100, 100]);
    assert_eq!((d.phase(), d.score(E)), (Phase::Play, 94));
    // Nobody reaches it: played out.
    let d = run([0, 99]);
    assert_eq!(d.phase(), Phase::Play, "0 + 94 and 99 + 0 stay below 100");
}
