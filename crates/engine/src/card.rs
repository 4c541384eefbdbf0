//! Cards, suits, ranks and the [`CardSet`] bitset (RULES.md section 1, Art. 2 and 6).
//!
//! Shared encoding: a card is the bit `suit * 9 + rank`, suits S=0 H=1 D=2 C=3,
//! ranks 0=Six … 8=Ace, so within a suit a higher bit is a higher card.

use crate::excerpt::Excerpt;
use core::fmt;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Sub, SubAssign};
use core::str::FromStr;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// One of the four suits; suits do not rank (Art. 2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Suit {
    /// Piques ♠.
    #[serde(rename = "S")]
    Spades = 0,
    /// Cœurs ♥.
    #[serde(rename = "H")]
    Hearts = 1,
    /// Carreaux ♦.
    #[serde(rename = "D")]
    Diamonds = 2,
    /// Trèfles ♣.
    #[serde(rename = "C")]
    Clubs = 3,
}

impl Suit {
    /// All suits in encoding order.
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    /// Suit from its index 0..4.
    pub const fn from_index(i: u8) -> Suit {
        Suit::ALL[(i & 3) as usize]
    }

    /// Index 0..4.
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// Notation letter: S H D C.
    pub const fn letter(self) -> char {
        ['S', 'H', 'D', 'C'][self as usize]
    }

    /// Parses a suit letter (case-insensitive) or symbol (`♠ ♥ ♦ ♣`, or their outlines
    /// `♤ ♡ ♢ ♧`). French suit letters are not read: C would be clubs or cœur.
    pub fn from_letter(c: char) -> Option<Suit> {
        match c.to_ascii_uppercase() {
            'S' | '♠' | '♤' => Some(Suit::Spades),
            'H' | '♥' | '♡' => Some(Suit::Hearts),
            'D' | '♦' | '♢' => Some(Suit::Diamonds),
            'C' | '♣' | '♧' => Some(Suit::Clubs),
            _ => None,
        }
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A rank, from Six (only in the 36-card deck) to Ace.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rank {
    /// Six (36-card deck only).
    Six = 0,
    /// Seven.
    Seven = 1,
    /// Eight.
    Eight = 2,
    /// Nine.
    Nine = 3,
    /// Ten.
    Ten = 4,
    /// Jack (valet).
    Jack = 5,
    /// Queen (dame).
    Queen = 6,
    /// King (roi).
    King = 7,
    /// Ace (as).
    Ace = 8,
}

impl Rank {
    /// All ranks, low to high.
    pub const ALL: [Rank; 9] = [
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
    ];

    /// Rank from its index 0..9 (values above 8 saturate to Ace).
    pub const fn from_index(i: u8) -> Rank {
        Rank::ALL[if i > 8 { 8 } else { i as usize }]
    }

    /// Index 0..9.
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// Point value (Art. 6): A 11; K Q J 10 10; 9 9; 8 8; 7 7; 6 6.
    pub const fn value(self) -> u8 {
        [6, 7, 8, 9, 10, 10, 10, 10, 11][self as usize]
    }

    /// A scoring card in play, ten or higher (Art. 15.1).
    pub const fn is_scoring(self) -> bool {
        self as u8 >= Rank::Ten as u8
    }

    /// A court card (K, Q, J): their absence makes carte blanche (Art. 5).
    pub const fn is_court(self) -> bool {
        matches!(self, Rank::Jack | Rank::Queen | Rank::King)
    }

    /// Notation letter: A K Q J T 9 8 7 6.
    pub const fn letter(self) -> char {
        ['6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A'][self as usize]
    }

    /// Parses a rank (`T` or `10` for ten; case-insensitive). The French letters of the court
    /// cards are read too: `R` (roi) king, `D` (dame) queen, `V` (valet) jack; no English rank
    /// letter is one of them, so no token changes meaning.
    pub fn parse(s: &str) -> Option<Rank> {
        if s == "10" {
            return Some(Rank::Ten);
        }
        let mut it = s.chars();
        let c = it.next()?;
        if it.next().is_some() {
            return None;
        }
        Some(match c.to_ascii_uppercase() {
            '6' => Rank::Six,
            '7' => Rank::Seven,
            '8' => Rank::Eight,
            '9' => Rank::Nine,
            'T' => Rank::Ten,
            'J' | 'V' => Rank::Jack,
            'Q' | 'D' => Rank::Queen,
            'K' | 'R' => Rank::King,
            'A' => Rank::Ace,
            _ => return None,
        })
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl Serialize for Rank {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.letter().to_string())
    }
}

impl<'de> Deserialize<'de> for Rank {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        Rank::parse(&s).ok_or_else(|| serde::de::Error::custom(format!("bad rank {s:?}")))
    }
}

/// One card: bit index `suit * 9 + rank` (0..36).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(u8);

impl Card {
    /// The card of this suit and rank.
    pub const fn new(suit: Suit, rank: Rank) -> Card {
        Card(suit as u8 * 9 + rank as u8)
    }

    /// The card with this bit index, if it is below 36.
    pub const fn from_index(i: u8) -> Option<Card> {
        if i < 36 { Some(Card(i)) } else { None }
    }

    /// Bit index 0..36.
    pub const fn index(self) -> u8 {
        self.0
    }

    /// Its suit.
    pub const fn suit(self) -> Suit {
        Suit::from_index(self.0 / 9)
    }

    /// Its rank.
    pub const fn rank(self) -> Rank {
        Rank::from_index(self.0 % 9)
    }

    /// The one-card set.
    pub const fn set(self) -> CardSet {
        CardSet(1u64 << self.0)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank().letter(), self.suit().letter())
    }
}

/// A malformed card or card list in the notation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum ParseCardError {
    /// The token is not `<rank><suit>` (e.g. `AS`, `10D`, `R♥`).
    BadCard {
        /// The offending token (cut if it is long).
        token: Excerpt,
    },
    /// The same card appears twice in a list.
    Duplicate {
        /// The repeated card.
        card: String,
    },
}

impl fmt::Display for ParseCardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseCardError::BadCard { token } => {
                write!(
                    f,
                    "bad card {token} (expected a rank A K Q J T 9 8 7 6, or R D V, then a suit S H D C or ♠ ♥ ♦ ♣, e.g. AS, 10D or R♥)"
                )
            }
            ParseCardError::Duplicate { card } => write!(f, "card {card} given twice"),
        }
    }
}

impl std::error::Error for ParseCardError {}

impl FromStr for Card {
    type Err = ParseCardError;
    fn from_str(s: &str) -> Result<Card, ParseCardError> {
        let bad = || ParseCardError::BadCard {
            token: Excerpt::of(s),
        };
        let t = s.trim();
        let last = t.chars().last().ok_or_else(bad)?;
        let suit = Suit::from_letter(last).ok_or_else(bad)?;
        let rank = Rank::parse(&t[..t.len() - last.len_utf8()]).ok_or_else(bad)?;
        Ok(Card::new(suit, rank))
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// A set of cards as a 36-bit bitset (`Copy`, no heap).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CardSet(u64);

/// Mask of the 36 valid card bits.
const ALL_BITS: u64 = (1u64 << 36) - 1;
/// Mask of one suit (nine ranks) at suit 0.
const SUIT_BITS: u64 = 0x1ff;

impl CardSet {
    /// The empty set.
    pub const EMPTY: CardSet = CardSet(0);
    /// All 36 cards (the *ancien* deck).
    pub const DECK_36: CardSet = CardSet(ALL_BITS);
    /// The 32-card deck: no sixes.
    pub const DECK_32: CardSet = CardSet(ALL_BITS & !(1 | 1 << 9 | 1 << 18 | 1 << 27));

    /// From raw bits; bits above 35 are dropped.
    pub const fn from_bits(bits: u64) -> CardSet {
        CardSet(bits & ALL_BITS)
    }

    /// The raw bits.
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// Number of cards.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// True when empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Membership.
    pub const fn contains(self, c: Card) -> bool {
        self.0 >> c.0 & 1 == 1
    }

    /// Every card of `other` is in `self`.
    pub const fn is_superset(self, other: CardSet) -> bool {
        other.0 & !self.0 == 0
    }

    /// Adds a card.
    pub fn insert(&mut self, c: Card) {
        self.0 |= 1 << c.0;
    }

    /// Removes a card.
    pub fn remove(&mut self, c: Card) {
        self.0 &= !(1 << c.0);
    }

    /// The mask of one suit (all nine ranks).
    pub const fn suit_mask(s: Suit) -> CardSet {
        CardSet(SUIT_BITS << (s as u8 * 9))
    }

    /// The cards of this set in suit `s`.
    pub const fn in_suit(self, s: Suit) -> CardSet {
        CardSet(self.0 & (SUIT_BITS << (s as u8 * 9)))
    }

    /// The nine-bit rank mask of suit `s` (bit r = rank r held).
    pub const fn suit_ranks(self, s: Suit) -> u16 {
        ((self.0 >> (s as u8 * 9)) & SUIT_BITS) as u16
    }

    /// The cards of one rank in every suit.
    pub const fn rank_mask(r: Rank) -> CardSet {
        let b = 1u64 << r as u8;
        CardSet(b | b << 9 | b << 18 | b << 27)
    }

    /// The lowest card (lowest bit).
    pub const fn lowest(self) -> Option<Card> {
        if self.0 == 0 {
            None
        } else {
            Some(Card(self.0.trailing_zeros() as u8))
        }
    }

    /// The highest card (highest bit).
    pub const fn highest(self) -> Option<Card> {
        if self.0 == 0 {
            None
        } else {
            Some(Card(63 - self.0.leading_zeros() as u8))
        }
    }

    /// The `n`-th card in bit order (0-based), if any.
    pub fn nth(self, n: usize) -> Option<Card> {
        let mut b = self.0;
        for _ in 0..n {
            if b == 0 {
                return None;
            }
            b &= b - 1;
        }
        if b == 0 {
            None
        } else {
            Some(Card(b.trailing_zeros() as u8))
        }
    }

    /// Sum of the point values (Art. 6).
    pub fn value(self) -> u16 {
        self.into_iter().map(|c| u16::from(c.rank().value())).sum()
    }

    /// The suits present.
    pub fn suits(self) -> impl Iterator<Item = Suit> {
        Suit::ALL
            .into_iter()
            .filter(move |&s| !self.in_suit(s).is_empty())
    }
}

impl BitOr for CardSet {
    type Output = CardSet;
    fn bitor(self, o: CardSet) -> CardSet {
        CardSet(self.0 | o.0)
    }
}
impl BitOrAssign for CardSet {
    fn bitor_assign(&mut self, o: CardSet) {
        self.0 |= o.0;
    }
}
impl BitAnd for CardSet {
    type Output = CardSet;
    fn bitand(self, o: CardSet) -> CardSet {
        CardSet(self.0 & o.0)
    }
}
impl BitAndAssign for CardSet {
    fn bitand_assign(&mut self, o: CardSet) {
        self.0 &= o.0;
    }
}
impl BitXor for CardSet {
    type Output = CardSet;
    fn bitxor(self, o: CardSet) -> CardSet {
        CardSet(self.0 ^ o.0)
    }
}
impl Sub for CardSet {
    type Output = CardSet;
    fn sub(self, o: CardSet) -> CardSet {
        CardSet(self.0 & !o.0)
    }
}
impl SubAssign for CardSet {
    fn sub_assign(&mut self, o: CardSet) {
        self.0 &= !o.0;
    }
}
impl Not for CardSet {
    type Output = CardSet;
    /// Complement within the 36 cards.
    fn not(self) -> CardSet {
        CardSet(!self.0 & ALL_BITS)
    }
}

impl From<Card> for CardSet {
    fn from(c: Card) -> CardSet {
        c.set()
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(it: I) -> CardSet {
        let mut s = CardSet::EMPTY;
        for c in it {
            s.insert(c);
        }
        s
    }
}

/// Iterator over a [`CardSet`], low bit first.
#[derive(Debug, Clone)]
pub struct CardSetIter(u64);

impl Iterator for CardSetIter {
    type Item = Card;
    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Card(i))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CardSetIter {}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = CardSetIter;
    fn into_iter(self) -> CardSetIter {
        CardSetIter(self.0)
    }
}

impl fmt::Display for CardSet {
    /// Space-separated, by suit S H D C, high card first: `AS QS 9S 7H`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for s in Suit::ALL {
            for r in Rank::ALL.iter().rev() {
                let c = Card::new(s, *r);
                if self.contains(c) {
                    if !first {
                        f.write_str(" ")?;
                    }
                    first = false;
                    write!(f, "{c}")?;
                }
            }
        }
        Ok(())
    }
}

impl FromStr for CardSet {
    type Err = ParseCardError;
    /// Parses whitespace- or comma-separated cards; duplicates are an error.
    fn from_str(s: &str) -> Result<CardSet, ParseCardError> {
        let mut set = CardSet::EMPTY;
        for tok in s
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|t| !t.is_empty())
        {
            let c: Card = tok.parse()?;
            if set.contains(c) {
                return Err(ParseCardError::Duplicate {
                    card: c.to_string(),
                });
            }
            set.insert(c);
        }
        Ok(set)
    }
}

impl Serialize for CardSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for CardSet {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encoding_is_shared() {
        let c: Card = "AS".parse().unwrap();
        assert_eq!(c.index(), 8);
        let c: Card = "6h".parse().unwrap();
        assert_eq!(c.index(), 9);
        let c: Card = "10D".parse().unwrap();
        assert_eq!((c.suit(), c.rank()), (Suit::Diamonds, Rank::Ten));
        assert_eq!(Card::from_index(35).unwrap().to_string(), "AC");
        assert!(Card::from_index(36).is_none());
    }

    #[test]
    fn french_letters_and_suit_symbols_read_as_the_english_tokens() {
        let card = |s: &str| s.parse::<Card>().unwrap();
        for (fr, en) in [
            ("R♥", "KH"),
            ("D♠", "QS"),
            ("V♣", "JC"),
            ("10♦", "TD"),
            ("A♣", "AC"),
            ("7♡", "7H"),
            ("RC", "KC"),
            ("DD", "QD"),
            ("vs", "JS"),
            ("K♥", "KH"),
        ] {
            assert_eq!(card(fr), card(en), "{fr}");
        }
        // Every old token keeps its meaning: D is the queen only before a suit.
        for (token, rank, suit) in [
            ("KD", Rank::King, Suit::Diamonds),
            ("QD", Rank::Queen, Suit::Diamonds),
            ("TD", Rank::Ten, Suit::Diamonds),
            ("10D", Rank::Ten, Suit::Diamonds),
            ("KH", Rank::King, Suit::Hearts),
            ("TH", Rank::Ten, Suit::Hearts),
            ("10H", Rank::Ten, Suit::Hearts),
        ] {
            assert_eq!((card(token).rank(), card(token).suit()), (rank, suit));
        }
        // French suit letters are not read: P (pique), T (trèfle) are no suits.
        for bad in ["RP", "DT", "V", "♥", "R♥♥"] {
            assert!(bad.parse::<Card>().is_err(), "{bad}");
        }
        let set: CardSet = "R♥ D♥ V♥ 10♥ 9♥".parse().unwrap();
        assert_eq!(set, "KH QH JH TH 9H".parse().unwrap());
    }

    #[test]
    fn decks() {
        assert_eq!(CardSet::DECK_32.len(), 32);
        assert_eq!(CardSet::DECK_36.len(), 36);
        assert!(CardSet::DECK_32.into_iter().all(|c| c.rank() != Rank::Six));
    }

    #[test]
    fn set_notation_round_trip() {
        let s: CardSet = "7h as 10d KH qs".parse().unwrap();
        assert_eq!(s.to_string(), "AS QS KH 7H TD");
        assert_eq!(s.to_string().parse::<CardSet>().unwrap(), s);
        assert!(matches!(
            "AS AS".parse::<CardSet>(),
            Err(ParseCardError::Duplicate { .. })
        ));
        assert!(matches!(
            "AX".parse::<CardSet>(),
            Err(ParseCardError::BadCard { .. })
        ));
        assert!(matches!(
            "1S".parse::<CardSet>(),
            Err(ParseCardError::BadCard { .. })
        ));
    }

    #[test]
    fn values() {
        let s: CardSet = "AS QS 9S 7S".parse().unwrap();
        assert_eq!(s.value(), 37);
        assert_eq!(s.nth(0).unwrap().to_string(), "7S");
        assert_eq!(s.highest().unwrap().to_string(), "AS");
    }
}
