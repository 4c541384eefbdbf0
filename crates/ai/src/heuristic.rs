//! The hand-written heuristic player "H", after Cavendish and Hoyle: elder
//! attacks (exchanges his five, keeps his point, sequences and sets, leads
//! his long suit from the top), the dealer guards (keeps his kings and
//! queens guarded, takes fewer cards when his hand is sound); both count
//! the cards (a card is a master when no unseen card of its suit beats it)
//! and declare their best.

use crate::view::{opponent_possible, trick_state};
use piquet_engine::combos::{self, Point, Sequence, Set};
use piquet_engine::{
    Action, Answer, Card, CardSet, Category, Observation, Phase, Rank, Rules, Suit,
};

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

/// The best holding among the legal declarations of a category.
pub fn best_declaration(rules: &Rules, legal: &[Action], category: Category) -> Action {
    let mut best = Action::Declare(None);
    let mut best_key = 0u32;
    for a in legal {
        if let Action::Declare(Some(h)) = a {
            let key = holding_key(rules, *h, category);
            if key > best_key {
                best_key = key;
                best = *a;
            }
        }
    }
    best
}

/// The comparison key of a holding (larger is better), with the length of
/// the point first when the point is compared by value (more cards score the
/// same tens but reveal more: the whole suit is declared).
pub fn holding_key(rules: &Rules, h: CardSet, category: Category) -> u32 {
    match category {
        Category::Point => Point::of(h).map_or(0, |p| p.key(rules) << 4 | u32::from(p.length)),
        Category::Sequence => Sequence::of(h).map_or(0, |q| u32::from(q.key())),
        Category::Sets => Set::of(h).map_or(0, |s| u32::from(s.key())),
    }
}

/// The best answer: "mieux" with the best holding, else "égal", else "bon"
/// (the engine only offers answers the hand backs).
pub fn best_answer(rules: &Rules, legal: &[Action], category: Category) -> Action {
    let mut best: Option<(u32, Action)> = None;
    let mut equal: Option<Action> = None;
    for a in legal {
        match a {
            Action::Answer(Answer::Better(h)) => {
                let k = holding_key(rules, *h, category);
                if best.is_none_or(|(b, _)| k > b) {
                    best = Some((k, *a));
                }
            }
            Action::Answer(Answer::Equal(_)) => equal = Some(*a),
            _ => {}
        }
    }
    best.map(|(_, a)| a)
        .or(equal)
        .unwrap_or(Action::Answer(Answer::Good))
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

/// The heuristic's decision in any phase (the observation must be this
/// seat's turn; `legal` is its legal actions list).
pub fn decide(obs: &Observation) -> Option<Action> {
    let rules = &obs.rules;
    let legal = &obs.legal_actions;
    Some(match obs.phase {
        Phase::ElderExchange => {
            let (lo, hi) = obs.discard_limits?;
            if legal
                .iter()
                .any(|a| matches!(a, Action::AnnounceCarteBlanche(_)))
            {
                // Art. 5: carte blanche scores 10; announce it, taking what
                // an ordinary exchange would.
                let k = exchange_count(rules, obs.hand, lo, hi, false);
                Action::AnnounceCarteBlanche(k)
            } else {
                Action::Discard(discard(obs, lo, hi))
            }
        }
        Phase::DealerBlindDiscard { .. } | Phase::DealerExchange => {
            if legal.contains(&Action::DeclareCarteBlanche) {
                return Some(Action::DeclareCarteBlanche);
            }
            let (lo, hi) = obs.discard_limits?;
            Action::Discard(discard(obs, lo, hi))
        }
        Phase::ElderBlancheDiscard { exchange } => {
            Action::Discard(discard_greedy(rules, obs.hand, exchange, false))
        }
        Phase::AbandonOffer => Action::ProposeAbandon(false),
        Phase::AbandonReply => Action::AcceptAbandon(false),
        Phase::Leftover => {
            if legal.iter().any(|a| matches!(a, Action::ExposeLeftover(_))) {
                Action::ExposeLeftover(false)
            } else {
                Action::LookAtLeftover(leftover_suit(obs))
            }
        }
        Phase::Declare { category } => best_declaration(rules, legal, category),
        Phase::Answer { category, .. } => {
            if legal.iter().any(|a| matches!(a, Action::Declare(_))) {
                best_declaration(rules, legal, category)
            } else {
                best_answer(rules, legal, category)
            }
        }
        Phase::Play => {
            let plays: CardSet = legal
                .iter()
                .filter_map(|a| match a {
                    Action::Play(c) => Some(*c),
                    _ => None,
                })
                .collect();
            Action::Play(play_card(obs, plays)?)
        }
        Phase::Finished { .. } => return None,
    })
}

/// Elder names the suit he would lead anyway (one headed by the ace, long
/// enough to cash), to see the leftover (RULES.md 3.4).
pub fn leftover_suit(obs: &Observation) -> Option<Suit> {
    let mut best: Option<(usize, Suit)> = None;
    for s in obs.hand.suits() {
        let suit = obs.hand.in_suit(s);
        let has_ace = suit.contains(Card::new(s, Rank::Ace));
        let has_king = suit.contains(Card::new(s, Rank::King));
        if has_ace && (has_king || suit.len() >= 4) && best.is_none_or(|(l, _)| suit.len() > l) {
            best = Some((suit.len(), s));
        }
    }
    best.map(|(_, s)| s)
}
