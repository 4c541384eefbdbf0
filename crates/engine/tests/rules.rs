//! Per-rule checks on explicit deals, for the presets where the rules differ.

use piquet_engine::*;

fn cs(s: &str) -> CardSet {
    s.parse().unwrap()
}

fn card(s: &str) -> Card {
    s.parse().unwrap()
}

fn deal(rules: Rules, elder: &str, dealer: &str, talon: &str) -> Deal {
    let setup = DealSetup {
        dealer: Seat::B,
        elder: cs(elder),
        dealer_hand: cs(dealer),
        talon: talon.split_whitespace().map(card).collect(),
    };
    Deal::new(rules, setup).unwrap()
}

fn act(d: &mut Deal, a: Action) -> Vec<Event> {
    let s = d.to_act().expect("deal not over");
    let mut ev = Vec::new();
    d.apply_with(s, a, &mut ev)
        .unwrap_or_else(|e| panic!("{a:?} in {:?}: {e}", d.phase()));
    ev
}

const E: Seat = Seat::A;
const D: Seat = Seat::B;

#[test]
fn trick_points_classic_section_12() {
    let mut d = deal(
        Rules::classique(),
        "AS 9H 9C 8S 8H 7D 8D 9D TD JD QD KD",
        "7S KH 8C QS JS TS 9S 7H 7C TC JC QC",
        "AH QH JH TH KS AD KC AC",
    );
    act(&mut d, Action::Discard(cs("QD")));
    act(&mut d, Action::Discard(cs("QC")));
    act(&mut d, Action::LookAtLeftover(None));
    act(&mut d, Action::Declare(None));
    act(&mut d, Action::Declare(None));
    act(&mut d, Action::Declare(None));
    act(&mut d, Action::Answer(Answer::Good));
    act(&mut d, Action::Declare(None));
    act(&mut d, Action::Declare(None));
    assert_eq!(d.phase(), Phase::Play);
    act(&mut d, Action::Play(card("AS")));
    assert_eq!((d.score(E), d.score(D)), (1, 0), "ace led: 1");
    act(&mut d, Action::Play(card("7S")));
    assert_eq!(
        (d.score(E), d.score(D)),
        (1, 0),
        "elder wins his own lead: nothing more"
    );
    act(&mut d, Action::Play(card("9H")));
    assert_eq!(d.score(E), 1, "a nine led: non-scoring");
    act(&mut d, Action::Play(card("KH")));
    assert_eq!(d.score(D), 1, "won second with a king");
    act(&mut d, Action::Play(card("8C")));
    act(&mut d, Action::Play(card("9C")));
    assert_eq!(
        (d.score(E), d.score(D)),
        (1, 1),
        "won with a nine: non-scoring"
    );
    assert_eq!(d.tricks_won(E), 2);
    let o = d.observation(E);
    assert_eq!(o.plays.len(), 6);
    assert_eq!(o.plays[2], (E, card("9H")));
    assert_eq!(o.plays[4], (D, card("8C")));
}

#[test]
fn elder_carte_blanche_procedure() {
    let mut d = deal(
        Rules::classique(),
        "AS TS 9S 8S 7S AH TH 9H 8H 7H AD TD",
        "KS QS JS KH QH JH KD QD JD KC QC JC",
        "9D 8D 7D AC TC 9C 8C 7C",
    );
    let mut legal = Vec::new();
    d.legal_actions(&mut legal);
    assert!(legal.contains(&Action::AnnounceCarteBlanche(3)));
    act(&mut d, Action::AnnounceCarteBlanche(3));
    assert_eq!(d.phase(), Phase::DealerBlindDiscard { exchange: 3 });
    assert_eq!(d.discard_limits(), Some((1, 5)));
    assert_eq!(
        d.check(D, Action::DeclareCarteBlanche),
        Err(IllegalAction::NoCarteBlanche)
    );
    assert_eq!(
        d.check(D, Action::Discard(cs("KS QS JS KH QH JH"))),
        Err(IllegalAction::TooManyDiscards { max: 5 })
    );
    act(&mut d, Action::Discard(cs("KC QC")));
    assert_eq!(d.hand(D).len(), 10, "the dealer discards without drawing");
    assert_eq!(d.shown(E), d.dealt(E), "elder shows his twelve");
    assert_eq!(
        d.check(E, Action::Discard(cs("7S 8S"))),
        Err(IllegalAction::WrongExchangeCount { expected: 3 })
    );
    let ev = act(&mut d, Action::Discard(cs("7S 8S 7H")));
    assert!(d.hand(E).is_superset(cs("9D 8D 7D")));
    assert!(ev.contains(&Event::Peeked {
        seat: E,
        cards: cs("AC TC")
    }));
    assert!(d.hand(D).is_superset(cs("AC TC")), "then the dealer draws");
    assert_eq!(d.hand(D).len(), 12);
    assert_eq!(d.phase(), Phase::Leftover);
    assert_eq!(d.seen_talon(D), cs("9C 8C 7C"));
    act(&mut d, Action::LookAtLeftover(None));
    act(&mut d, Action::Declare(None));
    act(&mut d, Action::Declare(None));
    act(&mut d, Action::Declare(None));
    act(&mut d, Action::Answer(Answer::Good));
    act(&mut d, Action::Declare(None));
    let ev = act(&mut d, Action::Declare(None));
    assert!(ev.contains(&Event::Scored {
        seat: E,
        points: 10,
        reason: ScoreReason::CarteBlanche
    }));
}

#[test]
fn two_step_point_moderne() {
    let mut d = deal(
        Rules::moderne(),
        "AH KH QH 8H 7H AD 8D 7D AC 8C 7C 9S",
        "AS KS QS JS TS KD QD JD KC QC JC TH",
        "8S 9D 7S JH 9H TD TC 9C",
    );
    act(&mut d, Action::Discard(cs("9S")));
    act(&mut d, Action::Discard(cs("TH")));
    act(&mut d, Action::LookAtLeftover(None));
    let ev = act(&mut d, Action::Declare(Some(cs("AH KH QH 8H 7H"))));
    assert!(ev.contains(&Event::Declared {
        seat: E,
        category: Category::Point,
        claim: Claim::Point {
            length: 5,
            value: None
        }
    }));
    assert_eq!(
        d.check(D, Action::Answer(Answer::Better(cs("AS KS QS JS TS")))),
        Err(IllegalAction::AnswerNotBacked)
    );
    let ev = act(&mut d, Action::Answer(Answer::Equal(cs("AS KS QS JS TS"))));
    assert_eq!(
        d.phase(),
        Phase::Answer {
            category: Category::Point,
            step: 2
        }
    );
    assert!(ev.contains(&Event::Declared {
        seat: E,
        category: Category::Point,
        claim: Claim::Point {
            length: 5,
            value: Some(46)
        }
    }));
    assert_eq!(
        d.check(D, Action::Answer(Answer::Better(cs("KD QD JD 9D")))),
        Err(IllegalAction::AnswerNotBacked)
    );
    act(&mut d, Action::Answer(Answer::Better(cs("AS KS QS JS TS"))));
    assert_eq!(d.declaration(Category::Point).winner, Some(D));
    act(&mut d, Action::Declare(None));
    act(&mut d, Action::Answer(Answer::Better(cs("AS KS QS JS TS"))));
    act(&mut d, Action::Declare(None));
    act(&mut d, Action::Declare(Some(cs("KS KD KC"))));
    act(&mut d, Action::Play(card("AC")));
    assert_eq!(d.score(E), 1, "moderne: every lead scores");
    // Point 5 (length); quinte 15 with the tierces KD QD JD and KC QC JC, not
    // better: 3 + 3; trois rois with trois dames and valets: 9. 35 before elder
    // scored anything in declarations: repic (elder's lead does not block it).
    assert_eq!(d.score(D), 5 + 21 + 9 + 60);
}

#[test]
fn exchange_limits_by_preset() {
    let mut r = Deal::from_seed(Rules::rubicon(), Seat::B, 1).unwrap();
    let five: CardSet = r.hand(E).into_iter().take(5).collect();
    act(&mut r, Action::Discard(five));
    assert_eq!(
        r.discard_limits(),
        Some((0, 3)),
        "Rubicon: the dealer may take none"
    );
    act(&mut r, Action::Discard(CardSet::EMPTY));
    assert_eq!(r.phase(), Phase::Leftover);
    assert_eq!(r.to_act(), Some(D), "the dealer exposes or hides");
    let left: CardSet = r.talon_remaining().collect();
    act(&mut r, Action::ExposeLeftover(true));
    assert_eq!((r.seen_talon(E) & left, r.seen_talon(D)), (left, left));

    let mut c = Deal::from_seed(Rules::classique(), Seat::B, 1).unwrap();
    let two: CardSet = c.hand(E).into_iter().take(2).collect();
    act(&mut c, Action::Discard(two));
    assert_eq!(c.discard_limits(), Some((1, 6)));
    assert_eq!(
        c.check(D, Action::Discard(CardSet::EMPTY)),
        Err(IllegalAction::MustDiscardAtLeastOne { min: 1 })
    );

    let mut f = Deal::from_seed(Rules::cent_cinquante(), Seat::B, 1).unwrap();
    let two: CardSet = f.hand(E).into_iter().take(2).collect();
    act(&mut f, Action::Discard(two));
    assert_eq!(
        f.discard_limits(),
        Some((4, 6)),
        "150: elder's leftover of his five, plus one"
    );

    let mut a = Deal::from_seed(Rules::ancien(), Seat::B, 1).unwrap();
    assert_eq!(a.discard_limits(), Some((1, 8)));
    let eight: CardSet = a.hand(E).into_iter().take(8).collect();
    act(&mut a, Action::Discard(eight));
    assert_eq!(a.discard_limits(), Some((1, 4)));
}

#[test]
fn les_facheux_abandon() {
    let mut r = Rules::ancien();
    r.abandon = true;
    let mut d = Deal::from_seed(r, Seat::B, 3).unwrap();
    let one: CardSet = d.hand(E).into_iter().take(1).collect();
    act(&mut d, Action::Discard(one));
    assert_eq!(d.phase(), Phase::AbandonOffer);
    act(&mut d, Action::ProposeAbandon(true));
    assert_eq!(d.to_act(), Some(D));
    act(&mut d, Action::AcceptAbandon(true));
    assert_eq!(
        d.phase(),
        Phase::Finished {
            end: DealEnd::Abandoned
        }
    );
    let mut c = Deal::from_seed(Rules::ancien(), Seat::B, 3).unwrap();
    assert_eq!(
        c.check(E, Action::ProposeAbandon(true)),
        Err(IllegalAction::AbandonNotAllowed)
    );
    act(&mut c, Action::Discard(one));
    assert_eq!(c.phase(), Phase::DealerExchange);
}

#[test]
fn both_cartes_blanches_in_36_cards() {
    let mut d = deal(
        Rules::ancien(),
        "AS TS 9S 8S 7S 6S AH TH 9H 8H 7H 6H",
        "AD TD 9D 8D 7D 6D AC TC 9C 8C 7C 6C",
        "KS QS JS KH QH JH KD QD JD KC QC JC",
    );
    act(&mut d, Action::AnnounceCarteBlanche(2));
    let mut legal = Vec::new();
    d.legal_actions(&mut legal);
    assert_eq!(legal, vec![Action::DeclareCarteBlanche]);
    act(&mut d, Action::DeclareCarteBlanche);
    assert_eq!(d.discard_limits(), Some((1, 10)));
    act(&mut d, Action::Discard(cs("6D 6C 7D")));
    assert_eq!(d.shown(E), d.dealt(E));
    assert!(
        d.shown(D).is_empty(),
        "the dealer shows after elder has drawn"
    );
    let ev = act(&mut d, Action::Discard(cs("6S 6H")));
    assert!(
        ev.contains(&Event::Shown {
            seat: D,
            cards: d.dealt(D)
        }),
        "his dealt twelve, discards included"
    );
    assert!(ev.contains(&Event::Peeked {
        seat: E,
        cards: cs("JS KH QH JH KD QD")
    }));
    assert!(d.hand(D).is_superset(cs("JS KH QH")));
    assert_eq!(d.talon_left(), 7);
    act(&mut d, Action::LookAtLeftover(None));
    for a in [
        Action::Declare(None),
        Action::Declare(None),
        Action::Declare(None),
        Action::Answer(Answer::Good),
        Action::Declare(None),
    ] {
        act(&mut d, a);
    }
    let ev = act(&mut d, Action::Declare(None));
    assert!(ev.contains(&Event::Scored {
        seat: E,
        points: 10,
        reason: ScoreReason::CarteBlanche
    }));
    act(&mut d, Action::Play(card("AS")));
    assert_eq!(
        (d.score(E), d.score(D)),
        (11, 10),
        "both score 10; then no pic is possible"
    );
}

#[test]
fn rubicon_hidden_leftover_is_seen_by_nobody() {
    let mut r = Deal::from_seed(Rules::rubicon(), Seat::B, 4).unwrap();
    let five: CardSet = r.hand(E).into_iter().take(5).collect();
    act(&mut r, Action::Discard(five));
    let peeked = r.seen_talon(E);
    act(&mut r, Action::Discard(CardSet::EMPTY));
    let ev = act(&mut r, Action::ExposeLeftover(false));
    assert_eq!(ev, vec![Event::LeftoverHidden]);
    assert_eq!((r.seen_talon(E), r.seen_talon(D)), (peeked, CardSet::EMPTY));
    assert!(peeked.is_empty(), "elder took his five: nothing to peek at");
}

/// *150*: the point compared by value but scored by length, the declared
/// sequence and set only, no pic, one point per trick won.
#[test]
fn cent_cinquante_scoring() {
    let mut d = deal(
        Rules::cent_cinquante(),
        "9H 8H 8S 7S KD QD JD TD 9D 8D AC KC",
        "AS KS QS JS TS 9S AH KH QH JH AD 7C",
        "TH 7H 7D QC JC TC 9C 8C",
    );
    act(&mut d, Action::Discard(cs("8S 7S 8H 8D 9D")));
    assert_eq!(d.discard_limits(), Some((1, 3)));
    act(&mut d, Action::Discard(cs("7C")));
    act(&mut d, Action::LookAtLeftover(None));
    act(&mut d, Action::Declare(None));
    act(&mut d, Action::Declare(Some(cs("AS KS QS JS TS 9S"))));
    act(&mut d, Action::Declare(None));
    act(
        &mut d,
        Action::Answer(Answer::Better(cs("AS KS QS JS TS 9S"))),
    );
    act(&mut d, Action::Declare(None));
    act(&mut d, Action::Declare(Some(cs("AS AH AD"))));
    let ev = act(&mut d, Action::Play(card("9H")));
    assert_eq!(d.score(E), 0, "150: leading scores nothing");
    assert!(
        ev.contains(&Event::Scored {
            seat: D,
            points: 6,
            reason: ScoreReason::Point
        }),
        "six cards"
    );
    assert!(ev.contains(&Event::Scored {
        seat: D,
        points: 16,
        reason: ScoreReason::Sequence
    }));
    assert_eq!(
        d.score(D),
        6 + 16 + 3,
        "the quart of hearts is not counted with the sixième"
    );
    let ev = act(&mut d, Action::Play(card("AH")));
    assert_eq!(
        ev.last(),
        Some(&Event::Scored {
            seat: D,
            points: 1,
            reason: ScoreReason::TrickWon
        })
    );
    assert_eq!(d.score(D), 26, "no pic in 150");
}

/// Rubicon: sequences in two steps too (length, then top card).
#[test]
fn two_step_sequence_rubicon() {
    let mut d = deal(
        Rules::rubicon(),
        "AH KH QH 8H 7H AD 8D 7D AC 8C 7C 9S",
        "AS KS QS JS TS KD QD JD KC QC JC TH",
        "8S 9D 7S JH 9H TD TC 9C",
    );
    act(&mut d, Action::Discard(cs("9S")));
    act(&mut d, Action::Discard(CardSet::EMPTY));
    act(&mut d, Action::ExposeLeftover(true));
    act(&mut d, Action::Declare(Some(cs("AH KH QH 8H 7H"))));
    act(&mut d, Action::Answer(Answer::Good));
    let ev = act(&mut d, Action::Declare(Some(cs("AH KH QH"))));
    assert!(ev.contains(&Event::Declared {
        seat: E,
        category: Category::Sequence,
        claim: Claim::Sequence {
            length: 3,
            top: None
        }
    }));
    let ev = act(&mut d, Action::Answer(Answer::Equal(cs("KD QD JD"))));
    assert!(ev.contains(&Event::Declared {
        seat: E,
        category: Category::Sequence,
        claim: Claim::Sequence {
            length: 3,
            top: Some(Rank::Ace)
        }
    }));
    assert_eq!(
        d.check(D, Action::Answer(Answer::Better(cs("KD QD JD")))),
        Err(IllegalAction::AnswerNotBacked)
    );
    assert_eq!(
        d.check(D, Action::Answer(Answer::Better(cs("AS KS QS JS TS")))),
        Err(IllegalAction::AnswerNotBacked)
    );
    act(&mut d, Action::Answer(Answer::Good));
    assert_eq!(d.declaration(Category::Sequence).winner, Some(E));
}
