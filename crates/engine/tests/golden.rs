//! A golden playthrough of a whole deal, counted by hand, through a record.

use piquet_engine::game::Cut;
use piquet_engine::record::{DealRecord, RecordedAction};
use piquet_engine::*;

fn cs(s: &str) -> CardSet {
    s.parse().unwrap()
}

fn card(s: &str) -> Card {
    s.parse().unwrap()
}

/// Elder (B) holds the four suits' top cards: point 4 (41), quart + quart + tierce
/// 11, quatorze d'as + trois rois + trois dames 20 = 35 → repic 95; then he
/// leads twelve scoring cards and wins every trick: 12 + last 1 + capot 40 = 148.
#[test]
fn capot_with_repic() {
    let cut = Cut {
        draws: vec![(card("8S"), card("QD"))],
        higher_deals: None,
    };
    let mut rec = Record::new(Rules::classique(), cut);
    let layout = DealSetup {
        dealer: Seat::A,
        elder: cs("AS KS QS JS AH KH QH JH AD KD QD JD"),
        dealer_hand: cs("TS 9S 8S 7S TH 9H 8H 7H TD 9D 8D 7D"),
        talon: ["AC", "KC", "QC", "JC", "TC", "9C", "8C", "7C"]
            .map(card)
            .to_vec(),
    };
    let (a, b) = (Seat::A, Seat::B);
    let mut actions = vec![
        (b, Action::Discard(cs("JD"))),
        (a, Action::Discard(cs("7D"))),
        (b, Action::LookAtLeftover(None)),
        (b, Action::Declare(Some(cs("AS KS QS JS")))),
        (a, Action::Answer(Answer::Good)),
        (b, Action::Declare(Some(cs("AS KS QS JS")))),
        (a, Action::Answer(Answer::Good)),
        (b, Action::Declare(Some(cs("AS AH AD AC")))),
        (a, Action::Answer(Answer::Good)),
    ];
    let tricks = [
        ("AS", "7S"),
        ("KS", "8S"),
        ("QS", "9S"),
        ("JS", "TS"),
        ("AH", "7H"),
        ("KH", "8H"),
        ("QH", "9H"),
        ("JH", "TH"),
        ("AD", "8D"),
        ("KD", "9D"),
        ("QD", "TD"),
        ("AC", "KC"),
    ];
    for (l, f) in tricks {
        actions.push((b, Action::Play(card(l))));
        actions.push((a, Action::Play(card(f))));
    }
    rec.deals.push(DealRecord {
        layout,
        seed: None,
        actions: actions
            .into_iter()
            .map(|(seat, action)| RecordedAction::new(seat, action))
            .collect(),
    });
    let rec = Record::from_json(&rec.to_json()).unwrap();
    let rep = rec.replay().unwrap();
    let scored: Vec<(ScoreReason, u16)> = rep.events[0]
        .iter()
        .filter_map(|e| match *e {
            Event::Scored {
                seat: Seat::B,
                points,
                reason,
            } => Some((reason, points)),
            Event::Scored { seat: Seat::A, .. } => panic!("the dealer scores nothing"),
            _ => None,
        })
        .collect();
    let mut expected = vec![
        (ScoreReason::Point, 4),
        (ScoreReason::Sequence, 4),
        (ScoreReason::Sequence, 4),
        (ScoreReason::Sequence, 3),
        (ScoreReason::Set, 14),
        (ScoreReason::Set, 3),
        (ScoreReason::Set, 3),
        (ScoreReason::Repic, 60),
    ];
    expected.extend([(ScoreReason::LeadScoringCard, 1); 12]);
    expected.extend([(ScoreReason::LastTrick, 1), (ScoreReason::Capot, 40)]);
    assert_eq!(scored, expected);
    let r = rep.game.results()[0];
    assert_eq!((r.points, r.end), ([0, 148], DealEnd::Played));
    // The first game of the match is won; the second begins, A dealt so B deals.
    assert_eq!(rep.game.games_won(), [0, 1]);
    assert_eq!(rep.game.totals(), [0, 0]);
    assert_eq!(rep.game.dealer(), Seat::B);
}
