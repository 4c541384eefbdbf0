//! Tests of the text form that go through both the reader and the writer.

use super::action_token;
use super::read::{apply_options, parse_action, plain_options, split_action};
use super::write::rules_options;
use crate::action::{Action, Answer};
use crate::card::{CardSet, Suit};
use crate::record::Record;
use crate::record_error::RecordError;
use crate::rules::Rules;
use crate::seat::Seat;

#[test]
fn every_action_round_trips_as_a_token() {
    let cards: CardSet = "AH KH QH".parse().unwrap();
    let all = [
        Action::Discard(cards),
        Action::Discard(CardSet::EMPTY),
        Action::AnnounceCarteBlanche(3),
        Action::DeclareCarteBlanche,
        Action::ProposeAbandon(true),
        Action::ProposeAbandon(false),
        Action::AcceptAbandon(true),
        Action::AcceptAbandon(false),
        Action::LookAtLeftover(None),
        Action::LookAtLeftover(Some(Suit::Diamonds)),
        Action::ExposeLeftover(true),
        Action::ExposeLeftover(false),
        Action::Declare(None),
        Action::Declare(Some(CardSet::EMPTY)),
        Action::Declare(Some(cards)),
        Action::Answer(Answer::Good),
        Action::Answer(Answer::Equal(CardSet::EMPTY)),
        Action::Answer(Answer::Equal(cards)),
        Action::Answer(Answer::Better(cards)),
        Action::Play("7C".parse().unwrap()),
    ];
    for a in all {
        let tok = action_token(Seat::B, a);
        let mut words = tok.split_whitespace();
        let (seat, verb) = split_action(words.next().unwrap()).unwrap();
        let args: Vec<String> = words.map(String::from).collect();
        assert_eq!(seat, Seat::B);
        assert_eq!(parse_action(1, verb, &args).unwrap(), a, "{tok}");
    }
}

#[test]
fn custom_rules_are_a_preset_plus_options() {
    let mut r = Rules::ancien();
    r.abandon = true;
    assert_eq!(rules_options(&r), ("ancien", "abandon=true".to_string()));
    assert_eq!(
        apply_options(1, Rules::ancien(), "abandon=true").unwrap(),
        r
    );
    let e = apply_options(7, Rules::ancien(), "abandn=true").unwrap_err();
    assert!(matches!(e, RecordError::Text { line: 7, .. }), "{e}");
    assert!(apply_options(1, Rules::ancien(), "elder_max=\"x\"").is_err());
    assert!(apply_options(1, Rules::ancien(), "elder_max=5x").is_err());
}

#[test]
fn plain_options_read_as_the_full_reader_does() {
    for text in [
        "abandon=true",
        "abandon=false repic_pic=false",
        "own_discards_visible=true both_carte_blanche=true capot_no_last_trick=true",
        "elder_max=8 carte_blanche=20 last_trick_bonus=2 cards_bonus=0 capot_bonus=30",
    ] {
        for base in [Rules::classique(), Rules::ancien(), Rules::rubicon()] {
            assert_eq!(
                plain_options(3, base, text).unwrap(),
                apply_options(3, base, text).unwrap(),
                "{text}"
            );
        }
    }
    // What only JSON can say, or what is wrong, is left to the full reader.
    for text in [
        "abandon=1",
        "elder_max=true",
        "elder_max=300",
        "abandn=true",
        "cut=\"lower_deals\"",
        "sequence_values=[0,0,4,5,6,7,8]",
        "abandon",
    ] {
        assert!(
            plain_options(1, Rules::classique(), text).is_err(),
            "{text}"
        );
    }
    // A record with plain options reads the same by both readers.
    let facheux = include_str!("../../../../records/les-facheux.txt");
    assert_eq!(
        Record::from_text_plain(facheux).unwrap(),
        Record::from_text_checked(facheux).unwrap()
    );
}

#[test]
fn a_byte_order_mark_is_ignored() {
    let json = include_str!("../../../cli/tests/data/first-deal.json");
    let rec = Record::from_json(json).unwrap();
    let text = format!("\u{feff}{}", rec.to_text());
    assert_eq!(Record::from_text(&text).unwrap(), rec);
    assert_eq!(Record::parse(&text).unwrap(), rec);
    assert_eq!(Record::parse(&format!("\u{feff}{json}")).unwrap(), rec);
}

#[test]
fn errors_name_the_line() {
    let text = "[Format \"piquet-record\"]\n[Version \"3\"]\n[Rules \"classique\"]\n[Cut \"AS 7H\"]\n\n[Deal \"1\"]\n[Dealer \"A\"]\n[Elder \"\"]\n[DealerHand \"\"]\n[Talon \"\"]\nB:x 8C\nB:zz\n";
    match Record::from_text(text) {
        Err(RecordError::Text {
            line: 12, problem, ..
        }) => {
            assert!(problem.to_string().contains("zz"))
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn french_cards_and_suit_symbols_in_moves() {
    let args = |a: &[&str]| a.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert_eq!(
        parse_action(1, "look", &args(&["♦"])).unwrap(),
        Action::LookAtLeftover(Some(Suit::Diamonds))
    );
    assert_eq!(
        parse_action(1, "R♥", &[]).unwrap(),
        Action::Play("KH".parse().unwrap())
    );
    assert_eq!(
        parse_action(1, "decl", &args(&["A♥", "R♥", "D♥", "V♥", "10♥"])).unwrap(),
        parse_action(1, "decl", &args(&["AH", "KH", "QH", "JH", "TH"])).unwrap()
    );
}
