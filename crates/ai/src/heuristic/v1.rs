//! H as it was when the levels were first measured, frozen as the
//! yardstick `heuristic-v1` (and the exchange model of `5-v1`): its
//! exchange and its play of the cards. Nothing here may change: every
//! strength claimed in the README is measured against it. The declarations,
//! answers and leftover are shared with today's H ([`super`]), unchanged.

use crate::view::{opponent_possible, trick_state};
use piquet_engine::combos;
use piquet_engine::{Card, CardSet, Observation, Rank, Rules};

/// How much a card is worth keeping in a hand before the exchange.
fn rank_worth(r: Rank) -> f32 {
    match r {
        Rank::Ace => 10.0,
        Rank::King => 7.0,
        Rank::Queen => 5.0,
        Rank::Jack => 4.0,
        Rank::Ten => 3.0,
        Rank::Nine => 1.5,
        Rank::Eight => 1.0,
        Rank::Seven => 0.5,
        Rank::Six => 0.2,
    }
}

/// The keep value of `card` in `hand` (Cavendish: the point suit, the
/// sequences and the sets first; for the dealer, the guards too).
pub fn keep_value(rules: &Rules, hand: CardSet, card: Card, dealer: bool) -> f32 {
    let suit = hand.in_suit(card.suit());
    let len = suit.len() as f32;
    let mut v = rank_worth(card.rank()) + if dealer { 0.6 } else { 0.9 } * len;
    if let Some(p) = combos::best_point(hand, rules) {
        if p.suit == card.suit() {
            v += 1.5;
        }
    }
    for q in combos::sequences(hand) {
        if q.cards().contains(card) {
            v += 2.0 + f32::from(q.length);
        }
    }
    // Two touching cards may become a sequence.
    let r = card.rank().index();
    let touching = |d: i8| {
        let i = r as i8 + d;
        (0..9).contains(&i) && suit.contains(Card::new(card.suit(), Rank::from_index(i as u8)))
    };
    if touching(-1) || touching(1) {
        v += 0.8;
    }
    if card.rank().is_scoring() {
        let same = (hand & CardSet::rank_mask(card.rank())).len();
        v += match same {
            4 => 8.0,
            3 => 4.0,
            2 if card.rank() >= Rank::Queen => 1.0,
            _ => 0.0,
        };
    }
    if dealer {
        // Guards (Cavendish): a king needs one card below it, a queen two.
        let below = suit.into_iter().filter(|c| c.rank() < card.rank()).count();
        match card.rank() {
            Rank::King if below >= 1 => v += 2.5,
            Rank::Queen if below >= 2 => v += 1.5,
            _ => {}
        }
        let has = |rk: Rank| suit.contains(Card::new(card.suit(), rk));
        let guard_of_king = has(Rank::King) && !has(Rank::Ace) && suit.len() == 2;
        let guard_of_queen = has(Rank::Queen) && !has(Rank::King) && suit.len() <= 3;
        if card.rank() < Rank::Queen && (guard_of_king || guard_of_queen) {
            v += 2.0;
        }
    }
    v
}

/// The `k` cards to throw, one at a time, each time the least worth keeping
/// in what remains.
pub fn discard_greedy(rules: &Rules, hand: CardSet, k: u8, dealer: bool) -> CardSet {
    let mut rest = hand;
    let mut out = CardSet::EMPTY;
    for _ in 0..k {
        let Some(c) = least_kept(rules, rest, dealer) else {
            break;
        };
        rest.remove(c);
        out.insert(c);
    }
    out
}

fn least_kept(rules: &Rules, hand: CardSet, dealer: bool) -> Option<Card> {
    let mut best: Option<(f32, Card)> = None;
    for c in hand {
        let v = keep_value(rules, hand, c, dealer);
        if best.is_none_or(|(b, _)| v < b) {
            best = Some((v, c));
        }
    }
    best.map(|(_, c)| c)
}

/// How many cards to exchange: elder takes all he may unless his hand is
/// too good to break (Hoyle: "elder should exchange five"); the dealer takes
/// the cards he does not need.
pub fn exchange_count(rules: &Rules, hand: CardSet, lo: u8, hi: u8, dealer: bool) -> u8 {
    let mut rest = hand;
    let threshold = if dealer { 5.5 } else { 8.0 };
    let mut k = 0;
    while k < hi {
        let Some(c) = least_kept(rules, rest, dealer) else {
            break;
        };
        if keep_value(rules, rest, c, dealer) >= threshold {
            break;
        }
        rest.remove(c);
        k += 1;
    }
    if !dealer {
        // Elder rarely leaves more than two.
        k = k.max(hi.saturating_sub(2));
    }
    k.clamp(lo, hi)
}

/// The discard for the seat to act: `(lo, hi)` are the limits.
pub fn discard(obs: &Observation, lo: u8, hi: u8) -> CardSet {
    let dealer = obs.seat == obs.dealer;
    let k = exchange_count(&obs.rules, obs.hand, lo, hi, dealer);
    discard_greedy(&obs.rules, obs.hand, k, dealer)
}

/// The heuristic's choice of card (Hoyle's principles, counting the cards).
pub fn play_card(obs: &Observation, legal: CardSet) -> Option<Card> {
    if legal.len() <= 1 {
        return legal.lowest();
    }
    let unseen = opponent_possible(obs);
    let hand = obs.hand;
    let classic = obs.rules.trick_points == piquet_engine::rules::TrickPoints::ScoringCards;
    let master = |c: Card| {
        unseen
            .in_suit(c.suit())
            .into_iter()
            .all(|o| o.rank() < c.rank())
    };
    let t = trick_state(obs);
    match t.led {
        None => {
            // Cash masters from the longest suit holding them, highest first;
            // otherwise lead low from the longest suit, not from a guarded
            // honour (keep the guard).
            let mut best: Option<(i32, Card)> = None;
            for c in legal {
                let suit = hand.in_suit(c.suit());
                let len = suit.len() as i32;
                let rank = i32::from(c.rank().index());
                let score = if master(c) {
                    let masters = suit.into_iter().filter(|&x| master(x)).count() as i32;
                    1000 + 20 * masters
                        + 5 * len
                        + rank
                        + if classic && c.rank().is_scoring() {
                            3
                        } else {
                            0
                        }
                } else {
                    let guarded_honour = suit
                        .into_iter()
                        .any(|x| matches!(x.rank(), Rank::King | Rank::Queen) && !master(x));
                    let is_honour = matches!(c.rank(), Rank::King | Rank::Queen);
                    10 * len
                        - rank
                        - if guarded_honour && suit.len() <= 3 {
                            15
                        } else {
                            0
                        }
                        - if is_honour { 30 } else { 0 }
                };
                if best.is_none_or(|(s, _)| score > s) {
                    best = Some((score, c));
                }
            }
            best.map(|(_, c)| c)
        }
        Some(led) => {
            let winners: CardSet = legal
                .into_iter()
                .filter(|c| c.suit() == led.suit() && c.rank() > led.rank())
                .collect();
            if let Some(w) = cheapest_winner(winners, classic, led) {
                return Some(w);
            }
            if legal.into_iter().all(|c| c.suit() == led.suit()) {
                return legal.lowest();
            }
            // Void in the suit led: throw the card least needed — never a
            // master, not a guard, from the longest weak suit.
            let mut best: Option<(i32, Card)> = None;
            for c in legal {
                let suit = hand.in_suit(c.suit());
                let mut cost = i32::from(c.rank().index()) * 4 - suit.len() as i32;
                if master(c) {
                    cost += 100;
                }
                if matches!(c.rank(), Rank::King | Rank::Queen) && suit.len() <= 3 {
                    cost += 20;
                }
                if suit.len() == 2 && suit.into_iter().any(|x| x.rank() == Rank::King) {
                    cost += 15;
                }
                if best.is_none_or(|(b, _)| cost < b) {
                    best = Some((cost, c));
                }
            }
            best.map(|(_, c)| c)
        }
    }
}

/// The cheapest card that wins the trick (under classic trick points, a
/// scoring card when one costs little more: it scores, Art. 15.1).
fn cheapest_winner(winners: CardSet, classic: bool, led: Card) -> Option<Card> {
    let low = winners.lowest()?;
    if classic && !low.rank().is_scoring() {
        if let Some(s) = winners.into_iter().find(|c| c.rank().is_scoring()) {
            if s.rank() <= Rank::Jack || led.rank().is_scoring() {
                return Some(s);
            }
        }
    }
    Some(low)
}
