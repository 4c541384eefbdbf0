//! Combinations a hand holds: the point, sequences, sets, carte blanche
//! (RULES.md 4–5, Art. 5–8), their comparison and their value under the rules.

use crate::card::{CardSet, Rank, Suit};
use crate::event::Claim;
use crate::phase::Category;
use crate::rules::{PointScoring, Protocol, Rules};
use serde::{Deserialize, Serialize};

/// A hand without king, queen or jack (Art. 5).
pub fn is_carte_blanche(hand: CardSet) -> bool {
    (hand
        & (CardSet::rank_mask(Rank::King)
            | CardSet::rank_mask(Rank::Queen)
            | CardSet::rank_mask(Rank::Jack)))
    .is_empty()
}

/// A point holding: some cards of one suit (RULES.md 5.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Point {
    /// Its suit.
    pub suit: Suit,
    /// Number of cards.
    pub length: u8,
    /// Sum of point values.
    pub value: u16,
}

impl Point {
    /// The point of these cards, if they are non-empty and of one suit.
    pub fn of(cards: CardSet) -> Option<Point> {
        let suit = cards.lowest()?.suit();
        if cards.in_suit(suit) != cards {
            return None;
        }
        Some(Point {
            suit,
            length: cards.len() as u8,
            value: cards.value(),
        })
    }

    /// Comparison key under the rules: larger is better.
    pub fn key(&self, rules: &Rules) -> u32 {
        match rules.point {
            PointScoring::ValueTens | PointScoring::ValueComparedLengthScored => {
                u32::from(self.value)
            }
            PointScoring::LengthThenValue => u32::from(self.length) << 16 | u32::from(self.value),
        }
    }

    /// What it scores for its winner (Art. 6; RULES.md 11.1: tens rounded half up).
    pub fn score(&self, rules: &Rules) -> u16 {
        match rules.point {
            PointScoring::ValueTens => (self.value + 5) / 10,
            PointScoring::LengthThenValue | PointScoring::ValueComparedLengthScored => {
                u16::from(self.length)
            }
        }
    }
}

/// The best point of a hand under the rules (whole suit), if the hand is not empty.
pub fn best_point(hand: CardSet, rules: &Rules) -> Option<Point> {
    hand.suits()
        .filter_map(|s| Point::of(hand.in_suit(s)))
        .max_by_key(|p| (p.key(rules), 3 - p.suit.index()))
}

/// A sequence: a run of consecutive ranks in one suit (RULES.md 5.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sequence {
    /// Its suit.
    pub suit: Suit,
    /// Number of cards (3..=9).
    pub length: u8,
    /// Its top card's rank.
    pub top: Rank,
}

impl Sequence {
    /// The sequence formed by exactly these cards: 3+ consecutive ranks of one suit.
    pub fn of(cards: CardSet) -> Option<Sequence> {
        let suit = cards.lowest()?.suit();
        if cards.in_suit(suit) != cards || cards.len() < 3 {
            return None;
        }
        let ranks = cards.suit_ranks(suit) as u32;
        let low = ranks.trailing_zeros();
        if ranks >> low != (1 << cards.len()) - 1 {
            return None;
        }
        Some(Sequence {
            suit,
            length: cards.len() as u8,
            top: Rank::from_index((low + cards.len() as u32 - 1) as u8),
        })
    }

    /// The cards of the run.
    pub fn cards(&self) -> CardSet {
        let low = self.top.index() + 1 - self.length;
        let ranks = ((1u64 << self.length) - 1) << low;
        CardSet::from_bits(ranks << (self.suit.index() * 9))
    }

    /// Comparison key (Art. 7): length, then top card.
    pub fn key(&self) -> u16 {
        u16::from(self.length) << 8 | u16::from(self.top.index())
    }

    /// Its value under the rules.
    pub fn score(&self, rules: &Rules) -> u16 {
        rules.sequence_value(self.length)
    }
}

/// Every maximal run of 3 or more cards in the hand, best first.
pub fn sequences(hand: CardSet) -> impl Iterator<Item = Sequence> {
    let mut out = [None; 8];
    let mut n = 0;
    for s in Suit::ALL {
        let mut ranks = hand.suit_ranks(s) as u32;
        while ranks != 0 {
            let low = ranks.trailing_zeros();
            let run = (ranks >> low).trailing_ones();
            if run >= 3 {
                out[n] = Some(Sequence {
                    suit: s,
                    length: run as u8,
                    top: Rank::from_index((low + run - 1) as u8),
                });
                n += 1;
            }
            ranks &= !(((1u32 << run) - 1) << low);
        }
    }
    out[..n].sort_by_key(|q| core::cmp::Reverse(q.map(|q| q.key())));
    out.into_iter().take(n).flatten()
}

/// The maximal run of `hand` containing `seq`, if `seq` lies within one.
pub fn run_containing(hand: CardSet, seq: &Sequence) -> Option<Sequence> {
    sequences(hand).find(|r| r.cards().is_superset(seq.cards()))
}

/// A set: three or four cards of one rank, ten or higher (Art. 8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Set {
    /// Its rank (ten or higher).
    pub rank: Rank,
    /// 3 (trois) or 4 (quatorze).
    pub count: u8,
}

impl Set {
    /// The set formed by exactly these cards.
    pub fn of(cards: CardSet) -> Option<Set> {
        let rank = cards.lowest()?.rank();
        let n = cards.len() as u8;
        if !rank.is_scoring()
            || (cards & CardSet::rank_mask(rank)) != cards
            || !(3..=4).contains(&n)
        {
            return None;
        }
        Some(Set { rank, count: n })
    }

    /// Comparison key: any quatorze beats any trois, then rank.
    pub fn key(&self) -> u16 {
        u16::from(self.count) << 8 | u16::from(self.rank.index())
    }

    /// 3 for a trois, 14 for a quatorze.
    pub fn score(&self) -> u16 {
        if self.count == 4 { 14 } else { 3 }
    }
}

/// Every set held (full holding), best first.
pub fn sets(hand: CardSet) -> impl Iterator<Item = Set> {
    let mut out: [Option<Set>; 5] = [None; 5];
    let mut n = 0;
    for r in [Rank::Ace, Rank::King, Rank::Queen, Rank::Jack, Rank::Ten] {
        let c = (hand & CardSet::rank_mask(r)).len() as u8;
        if c >= 3 {
            out[n] = Some(Set { rank: r, count: c });
            n += 1;
        }
    }
    out[..n].sort_by_key(|q| core::cmp::Reverse(q.map(|q| q.key())));
    out.into_iter().take(n).flatten()
}

/// The cards of the hand of this rank.
pub fn set_cards(hand: CardSet, rank: Rank) -> CardSet {
    hand & CardSet::rank_mask(rank)
}

/// What a claim says, under the rules (here beside the holdings it names).
impl Rules {
    /// Whether a claim of category `c` is made in two steps (its length first, then its value
    /// or top).
    pub fn two_step(&self, c: Category) -> bool {
        match c {
            Category::Point => self.protocol != Protocol::OneStep,
            Category::Sequence => self.protocol == Protocol::TwoStepPointAndSequence,
            Category::Sets => false,
        }
    }

    /// What the opponent hears of a holding claimed at a protocol step (1 or 2): the same for
    /// anyone who knows the rules, so a seat's own claims are said from its view alone.
    pub fn claim_of(&self, c: Category, cards: CardSet, step: u8) -> Claim {
        let full = !self.two_step(c) || step == 2;
        match c {
            Category::Point => match Point::of(cards) {
                Some(p) => Claim::Point {
                    length: p.length,
                    value: full.then_some(p.value),
                },
                None => Claim::Nothing,
            },
            Category::Sequence => match Sequence::of(cards) {
                Some(q) => Claim::Sequence {
                    length: q.length,
                    top: full.then_some(q.top),
                },
                None => Claim::Nothing,
            },
            Category::Sets => match Set::of(cards) {
                Some(s) => Claim::Set {
                    rank: s.rank,
                    count: s.count,
                },
                None => Claim::Nothing,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cs(s: &str) -> CardSet {
        s.parse().unwrap()
    }

    #[test]
    fn point_examples_section_12() {
        let r = Rules::classique();
        let p = Point::of(cs("AS QS 9S 7S")).unwrap();
        assert_eq!((p.value, p.score(&r)), (37, 4));
        let p = Point::of(cs("AH KH QH JH TH 9H")).unwrap();
        assert_eq!((p.value, p.score(&r)), (60, 6));
        for (v, s) in [(30, 3), (34, 3), (35, 4), (44, 4), (45, 5)] {
            assert_eq!((v + 5) / 10, s);
        }
        assert!(Point::of(cs("AS AH")).is_none());
    }

    #[test]
    fn point_comparisons() {
        let m = Rules::moderne();
        let five = Point::of(cs("9S 8S 7S TS JS")).unwrap();
        let four = Point::of(cs("AH KH QH JH")).unwrap();
        assert!(five.key(&m) > four.key(&m));
        assert!(five.key(&Rules::classique()) > four.key(&Rules::classique()));
        let f = Rules::cent_cinquante();
        assert_eq!(five.score(&f), 5);
        assert_eq!(five.score(&m), 5);
    }

    #[test]
    fn sequence_examples() {
        let hand = cs("AH KH QH JH TH 9S 8S 7S");
        let all: Vec<_> = sequences(hand).collect();
        assert_eq!(all.len(), 2);
        let r = Rules::classique();
        assert_eq!(all.iter().map(|q| q.score(&r)).sum::<u16>(), 18);
        let low = Sequence::of(cs("8D 9D TD")).unwrap();
        let high = Sequence::of(cs("9C TC JC")).unwrap();
        assert!(high.key() > low.key());
        assert_eq!(high.top, Rank::Jack);
        assert!(Sequence::of(cs("8D 9D JD")).is_none());
        let huit = Sequence::of(cs("AS KS QS JS TS 9S 8S 7S")).unwrap();
        assert_eq!(huit.score(&r), 18);
        assert_eq!(sequences(huit.cards()).count(), 1);
        assert_eq!(
            Sequence::of(cs("QS JS TS")).unwrap().cards(),
            cs("QS JS TS")
        );
    }

    #[test]
    fn set_examples() {
        let q_jacks = Set::of(cs("JS JH JD JC")).unwrap();
        let t_kings = Set::of(cs("KS KH KD")).unwrap();
        assert!(q_jacks.key() > t_kings.key());
        assert_eq!(
            q_jacks.score() + Set::of(cs("TS TH TD TC")).unwrap().score(),
            28
        );
        assert_eq!(q_jacks.score() + t_kings.score(), 17);
        assert!(Set::of(cs("9S 9H 9D")).is_none());
        assert!(Set::of(cs("AS AH")).is_none());
    }

    #[test]
    fn carte_blanche() {
        assert!(is_carte_blanche(cs("AS TS 9S 8S 7S AH TH 9H 8H 7H AD TD")));
        assert!(!is_carte_blanche(cs("AS TS 9S 8S 7S AH TH 9H 8H 7H AD JD")));
    }
}
