//! A deal's layout before it is checked ([`DealSetup`]: the hands and the talon), the
//! seeded shuffle that makes one (RULES.md 2), and the error that hands a refused one back.

use crate::card::{Card, CardSet};
use crate::error::SetupProblem;
use crate::rng::SplitMix64;
use crate::rules::Rules;
use crate::seat::Seat;
use serde::{Deserialize, Serialize};

/// A plain, unvalidated deal layout (shakmaty's `Setup`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DealSetup {
    /// Who deals.
    pub dealer: Seat,
    /// Elder's twelve cards.
    pub elder: CardSet,
    /// Dealer's twelve cards.
    pub dealer_hand: CardSet,
    /// The talon, top (next drawn) first.
    pub talon: Vec<Card>,
}

/// An impossible layout, handing the input back.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SetupError {
    /// What is wrong.
    pub problem: SetupProblem,
    /// The refused layout.
    pub setup: DealSetup,
}

impl core::fmt::Display for SetupError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "impossible deal: {}", self.problem)
    }
}

impl std::error::Error for SetupError {}

impl DealSetup {
    /// A shuffled deal from a seed: Fisher–Yates with SplitMix64, then twelve
    /// cards each in packets of 3, elder first (RULES.md 2); the rest is the talon.
    pub fn from_seed(rules: &Rules, dealer: Seat, seed: u64) -> DealSetup {
        let (elder, dealer_hand, talon, n) = shuffled(rules, seed);
        DealSetup {
            dealer,
            elder,
            dealer_hand,
            talon: talon[..n]
                .iter()
                .filter_map(|&i| Card::from_index(i))
                .collect(),
        }
    }
}

/// Shuffles the deck and deals: (elder's 12, dealer's 12, talon indices, talon length).
pub(crate) fn shuffled(rules: &Rules, seed: u64) -> (CardSet, CardSet, [u8; 12], usize) {
    let mut deck = [0u8; 36];
    let mut n = 0;
    for c in rules.deck_cards() {
        deck[n] = c.index();
        n += 1;
    }
    let mut rng = SplitMix64::new(seed);
    for i in (1..n).rev() {
        let j = rng.below(i as u32 + 1) as usize;
        deck.swap(i, j);
    }
    let mut hands = [0u64; 2];
    for (k, &c) in deck[..24].iter().enumerate() {
        hands[(k / 3) % 2] |= 1 << c;
    }
    let mut talon = [0u8; 12];
    talon[..n - 24].copy_from_slice(&deck[24..n]);
    (
        CardSet::from_bits(hands[0]),
        CardSet::from_bits(hands[1]),
        talon,
        n - 24,
    )
}
