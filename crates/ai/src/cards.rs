//! The shared card encoding: one bit per card in a `u64` mask.
//!
//! Bit index `suit * 9 + rank`, suits ♠ = 0, ♥ = 1, ♦ = 2, ♣ = 3, ranks
//! 6 = 0, 7 = 1, 8 = 2, 9 = 3, 10 = 4, J = 5, Q = 6, K = 7, A = 8, so that a
//! higher bit is a higher card within its suit (RULES.md section 1). The
//! 32-card deck never holds rank 0; the 36-card *ancien* deck does. The
//! engine's cards use exactly this encoding (`Card::index`, `CardSet::bits`),
//! so the solver converts at its entry points without a table. Crate-private:
//! the public API speaks in the engine's `Card` and `CardSet`.

/// The bit index of a card, `suit * 9 + rank`, in `0..36`.
pub type Bit = u8;

/// A set of cards: bit `c` set when card `c` is in the set.
pub type Mask = u64;

/// Number of ranks per suit in the encoding (6 to ace).
pub const RANKS: u8 = 9;

/// Rank index of the ten, the lowest scoring card (Art. 15.1).
pub const TEN: u8 = 4;

/// Every card of one suit, ranks 6 to ace.
pub const SUIT_MASK: Mask = 0x1FF;

/// The 36-card deck of the *ancien* preset.
pub const DECK_36: Mask = (1 << 36) - 1;

/// The scoring cards, 10 J Q K A of every suit (Art. 15.1, RULES.md section 1).
pub const SCORING: Mask = {
    let one_suit: Mask = SUIT_MASK & !((1 << TEN) - 1);
    one_suit | one_suit << 9 | one_suit << 18 | one_suit << 27
};

/// The card of `suit` (`0..4`) and `rank` (`0..9`).
#[cfg(test)]
pub const fn card(suit: u8, rank: u8) -> Bit {
    suit * RANKS + rank
}

/// The suit of a card, `0..4`.
#[inline]
pub const fn suit_of(card: Bit) -> u8 {
    card / RANKS
}

/// The rank of a card within its suit, `0..9` (0 = six, 8 = ace).
#[inline]
pub const fn rank_of(card: Bit) -> u8 {
    card % RANKS
}

/// The mask of every card of `suit`.
#[inline]
pub const fn suit_mask(suit: u8) -> Mask {
    SUIT_MASK << (RANKS * suit)
}

/// The mask holding only `card`.
#[inline]
pub const fn bit(card: Bit) -> Mask {
    1 << card
}

/// Whether `card` is a scoring card (ten or higher, Art. 15.1).
#[inline]
pub const fn is_scoring(card: Bit) -> bool {
    SCORING & bit(card) != 0
}

/// The cards of a mask, lowest bit first.
#[inline]
pub fn cards(mask: Mask) -> impl Iterator<Item = Bit> {
    let mut rest = mask;
    core::iter::from_fn(move || {
        if rest == 0 {
            None
        } else {
            let c = rest.trailing_zeros() as Bit;
            rest &= rest - 1;
            Some(c)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encoding_matches_the_shared_convention() {
        assert_eq!(card(0, 8), 8, "A♠");
        assert_eq!(card(3, 1), 28, "7♣");
        assert_eq!(suit_of(card(2, 5)), 2);
        assert_eq!(rank_of(card(2, 5)), 5);
        assert_eq!(DECK_36.count_ones(), 36);
        assert_eq!(SCORING.count_ones(), 20);
        assert!(is_scoring(card(1, TEN)));
        assert!(!is_scoring(card(1, TEN - 1)));
        assert_eq!(cards(0b1010).collect::<Vec<_>>(), vec![1, 3]);
    }
}
