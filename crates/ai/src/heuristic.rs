//! The hand-written heuristic player "H", after Cavendish and Hoyle: elder
//! attacks (takes all the cards he may, throws what does not serve his
//! point, sequences and sets, leads from his long suit), the dealer guards
//! (keeps his kings and queens guarded, takes the cards that improve his
//! hand); both count the cards (a card is a master when no unseen card of
//! its suit beats it), cash their masters and play for the last trick and
//! the cards, and declare their best.
//!
//! [`Version`] names which H decides: today's ([`Version::Current`]) or the
//! frozen yardstick `heuristic-v1` ([`v1`]), against which every change is
//! measured.

pub mod v1;

use crate::view::{opponent_possible, trick_state};
use piquet_engine::combos::{self, Point, Sequence, Set};
use piquet_engine::{
    Action, Answer, Card, CardSet, Category, Observation, Phase, Rank, Rules, SplitMix64, Suit,
};

/// Which H: today's, or the frozen yardstick.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Version {
    /// H as first measured (`heuristic-v1`, [`v1`]), frozen.
    V1,
    /// Today's H.
    Current,
}

impl Version {
    /// The discard of the seat to act, `lo..=hi` cards.
    pub fn discard(self, obs: &Observation, lo: u8, hi: u8) -> CardSet {
        match self {
            Version::V1 => v1::discard(obs, lo, hi),
            Version::Current => discard(obs, lo, hi),
        }
    }

    /// A quick discard for a hand seen from outside (the expert's model of
    /// an opponent in a sampled world): how many, then the least worth
    /// keeping one at a time.
    pub fn model_discard(
        self,
        rules: &Rules,
        hand: CardSet,
        lo: u8,
        hi: u8,
        dealer: bool,
    ) -> CardSet {
        let k = match self {
            Version::V1 => v1::exchange_count(rules, hand, lo, hi, dealer),
            Version::Current => exchange_count(rules, hand, lo, hi, dealer),
        };
        v1::discard_greedy(rules, hand, k, dealer)
    }

    /// The card to play (`legal`: the legal cards).
    pub fn play_card(self, obs: &Observation, legal: CardSet) -> Option<Card> {
        match self {
            Version::V1 => v1::play_card(obs, legal),
            Version::Current => play_card(obs, legal),
        }
    }

    /// How many cards to exchange, for the rare callers that must say it
    /// before choosing them (carte blanche announced, Art. 5).
    pub fn exchange_count(self, rules: &Rules, hand: CardSet, lo: u8, hi: u8, dealer: bool) -> u8 {
        match self {
            Version::V1 => v1::exchange_count(rules, hand, lo, hi, dealer),
            Version::Current => exchange_count(rules, hand, lo, hi, dealer),
        }
    }
}

/// How many cards to exchange, before seeing what is drawn. Elder takes all
/// he may (Hoyle: "elder should always exchange five"; what he leaves goes
/// to the dealer). The dealer takes every card he does not need: he keeps a
/// card worth keeping (v1's measure) rather than draw blind for it, but
/// takes at least one when he may.
pub fn exchange_count(rules: &Rules, hand: CardSet, lo: u8, hi: u8, dealer: bool) -> u8 {
    if !dealer {
        return hi;
    }
    let k = v1::exchange_count(rules, hand, lo, hi, true);
    k.max(hi.min(1)).clamp(lo, hi)
}

/// Samples of the talon drawn in the exchange decision, common to every
/// candidate (so that candidates are compared on the same draws).
const DRAWS: usize = 16;

/// The discard for the seat to act (`lo..=hi` cards). Elder takes `hi`;
/// the dealer, the number whose best discard promises most. Every discard
/// of that size is weighed by the mean [`hand_worth`] of the hand it leaves
/// once the talon's cards are drawn, over draws common to all of them, so
/// that throwing a whole weak suit, keeping a guard or breaking a trio are
/// all judged by what they lead to.
pub fn discard(obs: &Observation, lo: u8, hi: u8) -> CardSet {
    ranked_discards(obs, lo, hi, 1)
        .first()
        .copied()
        .unwrap_or_else(|| {
            let dealer = obs.seat == obs.dealer;
            let k = exchange_count(&obs.rules, obs.hand, lo, hi, dealer);
            v1::discard_greedy(&obs.rules, obs.hand, k, dealer)
        })
}

/// The `n` best discards by [`discard`]'s measure, best first (empty when
/// the talon cannot be drawn from what is unseen).
pub fn ranked_discards(obs: &Observation, lo: u8, hi: u8, n: usize) -> Vec<CardSet> {
    let rules = &obs.rules;
    let dealer = obs.seat == obs.dealer;
    let hand = obs.hand;
    let pool: Vec<Card> = (rules.deck_cards() - hand - obs.talon_seen - obs.opponent_shown)
        .into_iter()
        .collect();
    if pool.len() < usize::from(hi) || n == 0 {
        return Vec::new();
    }
    // The dealer weighs every count, the most cards first (ties go to more
    // cards taken); elder takes all he may.
    let counts: Vec<u8> = if dealer {
        (lo..=hi).rev().collect()
    } else {
        vec![hi]
    };
    let mut rng = SplitMix64::new(hand.bits() ^ 0x4845_5552_4953_5443);
    let draws: Vec<Vec<Card>> = (0..DRAWS)
        .map(|_| {
            let mut p = pool.clone();
            for i in 0..usize::from(hi) {
                let j = i + rng.below((p.len() - i) as u32) as usize;
                p.swap(i, j);
            }
            p.truncate(usize::from(hi));
            p
        })
        .collect();
    let cards: Vec<Card> = hand.into_iter().collect();
    let mut best: Vec<(f32, CardSet)> = Vec::with_capacity(n + 1);
    for &k in &counts {
        let drawn: Vec<CardSet> = draws
            .iter()
            .map(|d| d[..usize::from(k)].iter().copied().collect())
            .collect();
        for d in subsets(&cards, usize::from(k)) {
            let kept = hand - d;
            let v = drawn
                .iter()
                .map(|&t| hand_worth(rules, kept | t, dealer))
                .sum::<f32>()
                / DRAWS as f32;
            if best.len() < n || v > best[best.len() - 1].0 + 1e-4 {
                let at = best
                    .iter()
                    .position(|&(b, _)| v > b + 1e-4)
                    .unwrap_or(best.len());
                best.insert(at, (v, d));
                best.truncate(n);
            }
        }
    }
    best.into_iter().map(|(_, d)| d).collect()
}

/// Every subset of `k` of `cards`.
fn subsets(cards: &[Card], k: usize) -> impl Iterator<Item = CardSet> + '_ {
    let n = cards.len();
    let mut mask: u32 = if k == 0 { 0 } else { (1u32 << k) - 1 };
    let mut done = k > n;
    std::iter::from_fn(move || {
        if done {
            return None;
        }
        let out: CardSet = (0..n)
            .filter(|i| mask & (1 << i) != 0)
            .map(|i| cards[i])
            .collect();
        if mask == 0 {
            done = true;
        } else {
            // Gosper's hack: the next mask with as many bits.
            let c = mask & mask.wrapping_neg();
            let r = mask + c;
            mask = (((r ^ mask) >> 2) / c) | r;
            if mask >= 1 << n {
                done = true;
            }
        }
        Some(out)
    })
}

/// What a twelve-card hand is worth, in points, before anything is
/// declared: each declaration it holds times the chance that it is good
/// (Art. 6–8; a long point, a quint, a quatorze nearly always are; a tierce
/// or a trio seldom), and its tricks (masters from the ace down, guarded
/// kings, long cards; Art. 15–17: a lead, the last trick, the cards).
pub fn hand_worth(rules: &Rules, hand: CardSet, dealer: bool) -> f32 {
    let mut v = 0.0;
    if let Some(p) = combos::best_point(hand, rules) {
        let chance = match p.length {
            0..=3 => 0.1,
            4 => 0.3,
            5 => 0.6,
            6 => 0.85,
            _ => 1.0,
        };
        v += chance * f32::from(p.score(rules));
    }
    if let Some(q) = combos::sequences(hand).next() {
        let chance = match q.length {
            3 => 0.3,
            4 => 0.55,
            5 => 0.85,
            _ => 1.0,
        };
        v += chance * f32::from(q.score(rules));
    }
    if let Some(s) = combos::sets(hand).next() {
        let chance = match (s.count, s.rank) {
            (4, _) => 0.9,
            (_, Rank::Ace) => 0.55,
            (_, Rank::King) => 0.45,
            (_, Rank::Queen) => 0.35,
            (_, Rank::Jack) => 0.25,
            _ => 0.2,
        };
        v += chance * f32::from(s.score());
    }
    v + 3.0 * tricks(hand, dealer)
}

/// The tricks a hand may expect to win: its masters from the ace down, a
/// king guarded once, a queen guarded twice, and long cards (those beyond
/// four of a suit, which win once the suit is drawn; elder, who leads,
/// makes more of them).
pub fn tricks(hand: CardSet, dealer: bool) -> f32 {
    let mut t = 0.0;
    for s in Suit::ALL {
        let ranks = hand.suit_ranks(s);
        let len = ranks.count_ones();
        if len == 0 {
            continue;
        }
        // The top run from the ace down.
        let top = (ranks << 7).leading_ones().min(len);
        t += top as f32;
        let has = |r: Rank| ranks & (1 << r.index()) != 0;
        if top == 0 {
            if has(Rank::King) && len >= 2 {
                t += 0.5;
            } else if has(Rank::Queen) && len >= 3 {
                t += 0.25;
            }
        }
        let long = len.saturating_sub(4) as f32;
        t += long * if dealer { 0.4 } else { 0.6 };
    }
    t
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

/// Today's H's card: v1's principles (count the cards, cash the masters
/// from the longest suit, win as cheaply as possible, throw the least
/// needed card), with the lead of the teaching when no master is left: the
/// top of touching honours that only one unseen card beats (a king from
/// king-queen forces out the ace and makes the queen a master), rather
/// than a low card that gives the trick away.
pub fn play_card(obs: &Observation, legal: CardSet) -> Option<Card> {
    if legal.len() <= 1 {
        return legal.lowest();
    }
    let t = trick_state(obs);
    if t.led.is_none() {
        if let Some(c) = forcing_lead(obs, legal) {
            return Some(c);
        }
    }
    v1::play_card(obs, legal)
}

/// When no legal card is a master: the top of two or more touching cards
/// headed by the suit's second best card still out, from the longest such
/// suit.
fn forcing_lead(obs: &Observation, legal: CardSet) -> Option<Card> {
    let unseen = opponent_possible(obs);
    let beaten_by = |c: Card| {
        unseen
            .in_suit(c.suit())
            .into_iter()
            .filter(|o| o.rank() > c.rank())
            .count()
    };
    if legal.into_iter().any(|c| beaten_by(c) == 0) {
        return None;
    }
    let mut best: Option<(usize, Card)> = None;
    for s in legal.suits() {
        let suit = legal.in_suit(s);
        let Some(top) = suit.highest() else { continue };
        let below = Rank::from_index(top.rank().index().wrapping_sub(1));
        let touching = top.rank().index() > 0 && suit.contains(Card::new(s, below));
        if beaten_by(top) == 1 && touching && best.is_none_or(|(l, _)| suit.len() > l) {
            best = Some((suit.len(), top));
        }
    }
    best.map(|(_, c)| c)
}

/// The heuristic's decision in any phase (the observation must be this
/// seat's turn; `legal` is its legal actions list), by today's H.
pub fn decide(obs: &Observation) -> Option<Action> {
    decide_as(Version::Current, obs)
}

/// The decision of one [`Version`] of H in any phase.
pub fn decide_as(version: Version, obs: &Observation) -> Option<Action> {
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
                let k = version.exchange_count(rules, obs.hand, lo, hi, false);
                Action::AnnounceCarteBlanche(k)
            } else {
                Action::Discard(version.discard(obs, lo, hi))
            }
        }
        Phase::DealerBlindDiscard { .. } | Phase::DealerExchange => {
            if legal.contains(&Action::DeclareCarteBlanche) {
                return Some(Action::DeclareCarteBlanche);
            }
            let (lo, hi) = obs.discard_limits?;
            Action::Discard(version.discard(obs, lo, hi))
        }
        Phase::ElderBlancheDiscard { exchange } => {
            Action::Discard(version.model_discard(rules, obs.hand, exchange, exchange, false))
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
            Action::Play(version.play_card(obs, plays)?)
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
