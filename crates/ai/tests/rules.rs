//! Hand-made positions from RULES.md sections 7, 8 and 12: trick points,
//! the last trick, the cards, capot, pic, the first-lead suit and positions in
//! the middle of a trick.

mod common;

use common::{c, hand, oracle_value};
use piquet_ai::{PlayPosition, PlayRules, Player, Solver, TrickPoints};
use piquet_engine::{CardSet, Suit};

/// A position at the given trick with elder or the dealer to lead.
fn position(
    elder: &str,
    dealer: &str,
    tricks_won: [u8; 2],
    leader: Player,
    scores: [u16; 2],
) -> PlayPosition {
    PlayPosition {
        hands: [hand(elder), hand(dealer)],
        leader,
        led: None,
        tricks_won,
        scores,
        pic_open: true,
        first_lead_suit: None,
    }
}

#[test]
fn classic_trick_points_follow_the_worked_example() {
    // RULES.md 12, "Trick points (classic)".
    let rules = PlayRules::classique();
    let mut pos = position("AS 9H 9C 8D", "7S KH 8C 7D", [0, 8], Player::Elder, [5, 5]);
    assert_eq!(pos.validate(), Ok(()));
    assert_eq!(pos.play(c("AS"), &rules), [1, 0], "leading A♠ scores 1");
    assert_eq!(
        pos.play(c("7S"), &rules),
        [0, 0],
        "elder wins his own lead: nothing more"
    );
    assert_eq!(pos.leader, Player::Elder);
    assert_eq!(
        pos.play(c("9H"), &rules),
        [0, 0],
        "leading a 9 scores nothing"
    );
    assert_eq!(
        pos.play(c("KH"), &rules),
        [0, 1],
        "the dealer wins with K♥: 1"
    );
    assert_eq!(pos.leader, Player::Dealer);
    assert_eq!(
        pos.play(c("8C"), &rules),
        [0, 0],
        "leading an 8 scores nothing"
    );
    assert_eq!(
        pos.play(c("9C"), &rules),
        [0, 0],
        "winning with a 9 scores nothing"
    );
    assert_eq!(pos.play(c("8D"), &rules), [0, 0]);
    // The 12th trick, won with an 8: 1 for the last trick all the same. Elder
    // ends with 3 tricks to 9: the dealer has the cards (10).
    assert_eq!(pos.play(c("7D"), &rules), [1, 10]);
    assert!(pos.is_over());
    assert_eq!(pos.tricks_won, [3, 9]);
}

#[test]
fn every_card_scores_under_modern_rules() {
    let rules = PlayRules::moderne();
    let mut pos = position("7S 8H", "8S 7H", [5, 5], Player::Elder, [3, 3]);
    assert_eq!(pos.play(c("7S"), &rules), [1, 0], "any lead scores 1");
    assert_eq!(
        pos.play(c("8S"), &rules),
        [0, 1],
        "winning the opponent's lead scores 1"
    );
    assert_eq!(pos.play(c("7H"), &rules), [0, 1]);
    // Elder wins the 12th trick: 1 + 1 for the last; 6–6, no cards.
    assert_eq!(pos.play(c("8H"), &rules), [2, 0]);
}

#[test]
fn the_150_preset_scores_tricks_won_and_ten_for_the_last() {
    let rules = PlayRules::cent_cinquante();
    let mut pos = position("AS 7H", "KS 8H", [6, 4], Player::Elder, [0, 0]);
    assert_eq!(pos.play(c("AS"), &rules), [0, 0], "no point for leading");
    assert_eq!(pos.play(c("KS"), &rules), [1, 0], "1 for the trick");
    assert_eq!(pos.play(c("7H"), &rules), [0, 0]);
    // The dealer takes the last trick: 10; elder, with 7 tricks, the cards.
    assert_eq!(pos.play(c("8H"), &rules), [10, 10]);
}

/// Elder holds the top of spades and hearts, the dealer cannot take a trick.
const CAPOT_ELDER: &str = "AS KS QS JS 10S 9S 8S AH KH QH JH 10H";
const CAPOT_DEALER: &str = "7S 9H 8H 7H AD KD QD JD AC KC QC JC";

fn capot_value(rules: &PlayRules, elder_count: u16, dealer_count: u16) -> i32 {
    let pos = PlayPosition::start(
        [hand(CAPOT_ELDER), hand(CAPOT_DEALER)],
        [elder_count, dealer_count],
        rules,
    );
    assert_eq!(pos.validate(), Ok(()));
    Solver::new().solve(&pos, rules, Player::Elder)
}

#[test]
fn capot_scores_forty_instead_of_the_cards() {
    // Classic: 10 scoring leads, the last trick 1, capot 40.
    assert_eq!(capot_value(&PlayRules::classique(), 0, 5), 51);
    // Modern: 12 leads, the last trick, capot.
    assert_eq!(capot_value(&PlayRules::moderne(), 0, 5), 53);
    let no_last = PlayRules {
        no_last_trick_bonus_with_capot: true,
        ..PlayRules::moderne()
    };
    assert_eq!(
        capot_value(&no_last, 0, 5),
        52,
        "no +1 for the last trick with a capot"
    );
    // 150: 12 tricks and 40, the last trick an ordinary 1.
    assert_eq!(capot_value(&PlayRules::cent_cinquante(), 0, 0), 52);
    let with_last = PlayRules {
        no_last_trick_bonus_with_capot: false,
        ..PlayRules::cent_cinquante()
    };
    assert_eq!(
        capot_value(&with_last, 0, 0),
        61,
        "the last trick 10 when the option is off"
    );
}

#[test]
fn pic_counts_the_last_trick_but_never_the_capot() {
    let classic = PlayRules::classique();
    // 19 + 11 in play = 30 with the point of the last trick: pic.
    assert_eq!(capot_value(&classic, 19, 0), 51 + 30);
    // 18 + 11 = 29: the 40 of capot does not make it 30.
    assert_eq!(capot_value(&classic, 18, 0), 51);
    // The dealer has scored (a declaration counted after elder's lead): no pic.
    assert_eq!(capot_value(&classic, 25, 1), 51);
    // Already at 30 from the declarations (repic territory): no pic in play.
    assert_eq!(capot_value(&classic, 30, 0), 51);
    let modern = PlayRules::moderne();
    assert_eq!(capot_value(&modern, 17, 0), 53 + 30);
    assert_eq!(capot_value(&modern, 16, 0), 53);
    let no_last = PlayRules {
        no_last_trick_bonus_with_capot: true,
        ..modern
    };
    assert_eq!(
        capot_value(&no_last, 17, 0),
        52,
        "29 without the last-trick point"
    );
    assert_eq!(capot_value(&no_last, 18, 0), 52 + 30, "30 on the 12th lead");
    let no_pic = PlayRules {
        pic: false,
        ..classic
    };
    assert_eq!(capot_value(&no_pic, 19, 0), 51);
}

#[test]
fn the_dealer_makes_pic_when_elder_has_scored_nothing() {
    // RULES.md 12: elder scored nothing and leads a 9; the dealer, at 29,
    // wins with an ace: 30 → 60.
    let rules = PlayRules::classique();
    let mut pos = position("9H 7S", "AH 8S", [5, 5], Player::Elder, [0, 29]);
    let mut stepped = pos;
    assert_eq!(stepped.play(c("9H"), &rules), [0, 0]);
    assert_eq!(stepped.play(c("AH"), &rules), [0, 1 + 30]);
    assert!(!stepped.pic_open);
    // The solver: elder's best is to lead the 7♠ (the dealer wins it with the
    // 8♠, non-scoring, and leads A♥ for 1: 30 → pic; elder's 9♥ loses the last
    // trick: 1) — every line gives the dealer pic; the dealer then has 7 tricks.
    let value = Solver::new().solve(&pos, &rules, Player::Dealer);
    assert_eq!(value, -oracle_value(&pos, &rules));
    assert_eq!(value, 1 + 30 + 1 + 10);
    // A scoring lead by elder blocks the dealer's pic.
    pos.hands = [hand("10H 7S"), hand("AH 8S")];
    let mut stepped = pos;
    assert_eq!(stepped.play(c("10H"), &rules), [1, 0]);
    assert_eq!(stepped.play(c("AH"), &rules), [0, 1]);
    assert!(!stepped.pic_open);
}

#[test]
fn only_elder_can_make_pic_when_every_card_scores() {
    // Modern: elder's first lead scores, so the dealer at 29 from his
    // declarations can never make pic; under classic points he can when elder
    // leads a non-scoring card.
    let mut rng = common::Rng(11);
    for _ in 0..4 {
        let cards = rng.shuffled(CardSet::DECK_32);
        let mask = |cs: &[piquet_engine::Card]| cs.iter().copied().collect::<CardSet>();
        let hands = [mask(&cards[..12]), mask(&cards[12..24])];
        let modern = PlayRules::moderne();
        let pos = PlayPosition::start(hands, [0, 29], &modern);
        assert!(pos.pic_open);
        let mut stepped = pos;
        let lead = hands[0].lowest().expect("a card");
        assert_eq!(stepped.play(lead, &modern), [1, 0]);
        assert!(!stepped.pic_open, "both have scored: pic is closed");
        let no_pic = PlayRules {
            pic: false,
            ..modern
        };
        let mut solver = Solver::new();
        let with = solver.solve(&pos, &modern, Player::Dealer);
        assert_eq!(with, solver.solve(&pos, &no_pic, Player::Dealer));
    }
    // Classic: elder holds only non-scoring cards but one, the dealer every
    // master: a non-scoring lead lets the dealer reach 30 with his first
    // winning point.
    let classic = PlayRules::classique();
    let pos = PlayPosition::start(
        [
            hand("7S 8S 9S 7H 8H 9H 7D 8D 9D 7C 8C 10C"),
            hand("AS KS QS AH KH QH AD KD QD AC KC QC"),
        ],
        [0, 29],
        &classic,
    );
    let mut solver = Solver::new();
    let moves = solver.solve_all_moves(&pos, &classic, Player::Dealer);
    let value = |name: &str| {
        moves
            .iter()
            .find(|&&(card, _)| card == c(name))
            .expect("legal")
            .1
    };
    // After a 7♠ the dealer wins every trick: 1 + 11 leads + 1 last, capot 40,
    // pic 30. After the 10♣ elder has scored 1: no pic, 13 − 1 + 40.
    assert_eq!(value("7S"), 13 + 40 + 30);
    assert_eq!(value("10C"), 13 - 1 + 40);
}

#[test]
fn the_cards_need_a_majority() {
    // Two tricks left, 5–5 so far: 7–5 gives the cards, 6–6 nothing.
    let rules = PlayRules::cent_cinquante();
    // Elder holds both masters: 2 tricks (1 + 10 last) and the cards.
    let pos = position("AS AH", "KS KH", [5, 5], Player::Elder, [0, 0]);
    assert_eq!(
        Solver::new().solve(&pos, &rules, Player::Elder),
        1 + 10 + 10
    );
    // Elder can win only one: 6–6, no cards.
    let pos = position("AS 7H", "KS AH", [5, 5], Player::Elder, [0, 0]);
    let value = Solver::new().solve(&pos, &rules, Player::Elder);
    assert_eq!(value, oracle_value(&pos, &rules));
    // Leading the A♠ first hands the dealer the last trick (1 − 10); leading
    // the 7♥ first (−1) keeps the A♠ for the last trick (10): 9.
    assert_eq!(value, 9, "6–6 either way: no cards");
}

#[test]
fn the_named_suit_must_be_led_to_the_first_trick() {
    // RULES.md 11.10: after the leftover look elder must lead the suit he named.
    let rules = PlayRules::classique();
    let mut pos = PlayPosition::start(
        [
            hand("AS KS QS JS 10S 9S 8S AH KH QH JH 7D"),
            hand("7S 10H 9H 8H AD KD QD JD AC KC QC JC"),
        ],
        [0, 0],
        &rules,
    );
    let mut solver = Solver::new();
    let free = solver.solve_all_moves(&pos, &rules, Player::Elder);
    pos.first_lead_suit = Some(Suit::Diamonds);
    assert_eq!(pos.validate(), Ok(()));
    assert_eq!(pos.legal_moves(), hand("7D"));
    let forced = solver.solve_all_moves(&pos, &rules, Player::Elder);
    let seven = free
        .iter()
        .find(|&&(card, _)| card == c("7D"))
        .expect("7♦ is legal");
    assert_eq!(forced, vec![*seven]);
    assert_eq!(solver.solve(&pos, &rules, Player::Elder), seven.1);
    let best_free = free.iter().map(|&(_, v)| v).max().expect("moves");
    assert!(
        seven.1 < best_free,
        "leading the 7♦ gives the dealer the lead"
    );
    // The same deal with the suits permuted, the named suit with them, and a
    // table shared with the unconstrained solves: the table orders suits by
    // their cards, so the named suit must be keyed by its place in that order.
    let named_values: Vec<i32> = (0..3u8)
        .map(|suit| {
            let mut named = pos;
            named.first_lead_suit = Some(Suit::from_index(suit));
            Solver::new().solve(&named, &rules, Player::Elder)
        })
        .collect();
    assert_eq!(named_values[2], seven.1);
    assert!(
        named_values[0] != named_values[2],
        "spades or the 7♦: {named_values:?}"
    );
    for perm in common::suit_permutations() {
        let mut moved = common::permute_position(&pos, perm);
        moved.first_lead_suit = None;
        assert_eq!(solver.solve(&moved, &rules, Player::Elder), best_free);
        for (suit, &value) in (0..3u8).zip(&named_values) {
            moved.first_lead_suit = Some(common::permute_suit(Suit::from_index(suit), perm));
            assert_eq!(
                solver.solve(&moved, &rules, Player::Elder),
                value,
                "{perm:?}"
            );
        }
    }
    pos.first_lead_suit = Some(Suit::Clubs);
    assert!(pos.validate().is_err(), "elder holds no club");
}

#[test]
fn mid_trick_positions_are_solved_for_the_second_player() {
    let rules = PlayRules::classique();
    let mut pos = position("KS 7H 8D", "AS QS 9H", [4, 5], Player::Elder, [10, 10]);
    // Elder has led the J♠ (its lead point is already in his count).
    pos.hands[0] = hand("7H 8D");
    pos.led = Some(c("JS"));
    assert_eq!(pos.validate(), Ok(()));
    assert_eq!(pos.to_play(), Player::Dealer);
    assert_eq!(pos.legal_moves(), hand("AS QS"));
    let mut solver = Solver::new();
    let moves = solver.solve_all_moves(&pos, &rules, Player::Dealer);
    assert_eq!(moves.len(), 2);
    for &(card, value) in &moves {
        let mut after = pos;
        let points = after.play(card, &rules);
        let expected = piquet_ai::margin(points, Player::Dealer) - oracle_value(&after, &rules);
        assert_eq!(value, expected, "{card}");
    }
    let (best, value) = solver.best_moves(&pos, &rules);
    assert_eq!(value, moves.iter().map(|&(_, v)| v).max().expect("moves"));
    let expected = moves
        .iter()
        .filter(|&&(_, v)| v == value)
        .map(|&(card, _)| card)
        .collect::<CardSet>();
    assert_eq!(best, expected);
}

#[test]
fn equivalent_cards_get_the_same_value() {
    // Elder's K♠ and Q♠ are equivalent once the dealer holds no card between
    // them; under classic points the 10♠ and 9♠ are not (one scores).
    let rules = PlayRules::classique();
    let pos = position("KS QS 10S 9S", "AS 8S 7H 8H", [4, 4], Player::Elder, [3, 3]);
    let moves = Solver::new().solve_all_moves(&pos, &rules, Player::Elder);
    let value = |name: &str| {
        moves
            .iter()
            .find(|&&(card, _)| card == c(name))
            .expect("legal")
            .1
    };
    assert_eq!(value("KS"), value("QS"));
    assert_eq!(value("10S") - value("9S"), 1, "the ten's lead point");
    for &(card, v) in &moves {
        let mut after = pos;
        let points = after.play(card, &rules);
        assert_eq!(
            v,
            piquet_ai::margin(points, Player::Elder) + oracle_value(&after, &rules)
        );
    }
    let all = PlayRules {
        trick_points: TrickPoints::AllCards,
        ..rules
    };
    let moves = Solver::new().solve_all_moves(&pos, &all, Player::Elder);
    assert!(
        moves.windows(2).all(|w| w[0].1 == w[1].1),
        "four equal spades: {moves:?}"
    );
}

#[test]
fn full_deals_agree_across_table_sizes_and_with_their_best_move() {
    // No brute force at 12 tricks: check that a tiny table (constant
    // replacement) and the default one agree, and that the value is the best
    // card's value.
    let mut rng = common::Rng(7);
    for rules in [
        PlayRules::classique(),
        PlayRules::moderne(),
        PlayRules::cent_cinquante(),
    ] {
        let mut big = Solver::new();
        let mut tiny = Solver::with_table_log2(4);
        for _ in 0..3 {
            let cards = rng.shuffled(CardSet::DECK_32);
            let mask = |cs: &[piquet_engine::Card]| cs.iter().copied().collect::<CardSet>();
            let pos =
                PlayPosition::start([mask(&cards[..12]), mask(&cards[12..24])], [0, 0], &rules);
            let value = big.solve(&pos, &rules, Player::Elder);
            assert_eq!(tiny.solve(&pos, &rules, Player::Elder), value);
            let moves = big.solve_all_moves(&pos, &rules, Player::Elder);
            assert_eq!(moves.len(), 12);
            assert_eq!(moves.iter().map(|&(_, v)| v).max(), Some(value));
        }
    }
}

#[test]
fn a_whole_suit_of_the_36_card_deck_is_solved_exactly() {
    // All nine spades live (the 6 included, *ancien*): the widest suit code
    // the table's key must hold.
    for rules in [
        PlayRules::ancien(),
        PlayRules::moderne(),
        PlayRules::cent_cinquante(),
    ] {
        for leader in Player::BOTH {
            let pos = position("6S 8S 10S QS AS", "7S 9S JS KS 7H", [3, 4], leader, [0, 0]);
            assert_eq!(pos.validate(), Ok(()));
            let mut solver = Solver::with_table_log2(4);
            assert_eq!(
                solver.solve(&pos, &rules, Player::Elder),
                oracle_value(&pos, &rules),
                "{rules:?} {leader:?}"
            );
        }
    }
}

#[test]
fn legal_moves_follow_suit_and_validation_rejects_impossible_positions() {
    use piquet_ai::PositionError;
    let mut pos = position("AS 7S KH", "QS 8H 9D", [5, 4], Player::Dealer, [0, 0]);
    assert_eq!(pos.validate(), Ok(()));
    assert_eq!(pos.trick_number(), 10);
    assert_eq!(pos.tricks_left(), 3);
    assert_eq!(pos.legal_moves(), hand("QS 8H 9D"), "any card to lead");
    pos.hands[1] = hand("8H 9D");
    pos.led = Some(c("QS"));
    assert_eq!(pos.to_play(), Player::Elder);
    assert_eq!(pos.legal_moves(), hand("AS 7S"), "spades must be followed");
    pos.led = Some(c("9C"));
    pos.hands[1] = hand("QS 8H");
    assert_eq!(
        pos.legal_moves(),
        hand("AS 7S KH"),
        "void in clubs: any card"
    );

    let valid = position("AS 7S", "QS 8H", [5, 5], Player::Elder, [0, 0]);
    assert_eq!(valid.validate(), Ok(()));
    let mut bad = valid;
    bad.hands[1] |= hand("AS");
    assert_eq!(bad.validate(), Err(PositionError::CardTwice));
    let mut bad = valid;
    bad.hands[0] = hand("AS");
    assert_eq!(bad.validate(), Err(PositionError::HandSizes));
    let mut bad = valid;
    bad.tricks_won = [5, 4];
    assert_eq!(bad.validate(), Err(PositionError::TrickCount));
    let mut bad = valid;
    bad.first_lead_suit = Some(Suit::Spades);
    assert_eq!(
        bad.validate(),
        Err(PositionError::FirstLeadSuit),
        "only to trick 1"
    );
}

#[test]
fn a_finished_deal_is_worth_nothing_more() {
    let rules = PlayRules::classique();
    let pos = PlayPosition {
        hands: [CardSet::EMPTY; 2],
        leader: Player::Dealer,
        led: None,
        tricks_won: [5, 7],
        scores: [12, 20],
        pic_open: false,
        first_lead_suit: None,
    };
    assert_eq!(pos.validate(), Ok(()));
    assert!(pos.is_over());
    let mut solver = Solver::new();
    assert_eq!(solver.solve(&pos, &rules, Player::Elder), 0);
    assert!(
        solver
            .solve_all_moves(&pos, &rules, Player::Elder)
            .is_empty()
    );
    assert_eq!(solver.best_moves(&pos, &rules), (CardSet::EMPTY, 0));
}
