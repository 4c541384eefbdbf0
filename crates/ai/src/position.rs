//! A position of the play of the cards, its legal moves and how a card
//! scores when it is played (RULES.md sections 7 and 8, Art. 13–18).

use crate::cards::{Bit, DECK_36, Mask, bit, suit_mask, suit_of};
use crate::player::{Player, Points};
use crate::rules::{PIC_BONUS, PIC_THRESHOLD, PlayRules};
use piquet_engine::{Card, CardSet, Suit};

/// Why a [`PlayPosition`] cannot arise in a deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// A card is not in the 36-card range. Only the solver's bit-level form of
    /// a position can hold one: engine cards are always in range.
    CardOutOfRange,
    /// A card is in both hands, or in a hand and on the table.
    CardTwice,
    /// The hands do not fit the trick: equal before a lead, the leader one
    /// card short after it.
    HandSizes,
    /// More than 12 tricks, or tricks won plus tricks left is not 12.
    TrickCount,
    /// The first-lead suit is set after the first trick started, is not a
    /// suit, or names a suit the leader does not hold (RULES.md 11.10).
    FirstLeadSuit,
}

impl core::fmt::Display for PositionError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            PositionError::CardOutOfRange => "a card is outside the 36-card deck",
            PositionError::CardTwice => "a card is held twice",
            PositionError::HandSizes => "the hand sizes do not fit the trick in progress",
            PositionError::TrickCount => "tricks won and tricks left do not make 12",
            PositionError::FirstLeadSuit => "the first-lead suit constraint does not fit",
        })
    }
}

impl std::error::Error for PositionError {}

/// A position of the play, with every card known (open cards).
///
/// All points are points of the current deal (RULES.md section 6: the
/// running count said aloud). Values computed from a position count only
/// what is still to be scored from here to the end of the deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PlayPosition {
    /// Each player's hand, indexed by [`Player::index`].
    pub hands: [CardSet; 2],
    /// Who leads the current trick (elder at trick 1, then the winner of the
    /// previous trick, Art. 14).
    pub leader: Player,
    /// The card the leader has led to the current trick, if he has.
    pub led: Option<Card>,
    /// Tricks each player has won so far (for the cards and capot, Art. 16–17).
    pub tricks_won: [u8; 2],
    /// Each player's points so far in the deal: declarations, carte blanche,
    /// repic and trick points (RULES.md section 6), the lead of the current
    /// trick included. Only used for pic: any value at or above 30 acts as 30.
    pub scores: [u16; 2],
    /// Whether pic (Art. 18) can still be made in this deal: true at the start
    /// of the play when the rules allow pic; [`PlayPosition::play`] clears it
    /// once pic is made or has become impossible (both players have scored).
    /// Who can make it follows from [`PlayPosition::scores`]: a player below
    /// 30 while the other has scored nothing. So under [`AllCards`] only elder
    /// can (his first lead scores), under [`ScoringCards`] the dealer can too
    /// if elder has nothing and leads a non-scoring card (RULES.md section 7);
    /// a dealer's declaration prevents elder's pic simply by being in
    /// `scores`, even though it is counted after elder's first lead.
    ///
    /// [`AllCards`]: crate::TrickPoints::AllCards
    /// [`ScoringCards`]: crate::TrickPoints::ScoringCards
    pub pic_open: bool,
    /// The classic leftover look (RULES.md 11.10): elder named this suit and
    /// must lead it to the first trick. Only meaningful before the first lead.
    pub first_lead_suit: Option<Suit>,
}

impl PlayPosition {
    /// The position at the start of the play: elder to lead trick 1, no trick
    /// won, `scores` the declarations of the deal (the dealer's included,
    /// Art. 18), pic open when `rules` allow it and it is still possible.
    pub fn start(hands: [CardSet; 2], scores: [u16; 2], rules: &PlayRules) -> Self {
        Self::from_bits(&BitPosition::start(hands.map(CardSet::bits), scores, rules))
    }

    /// Who plays the next card: the leader, or his opponent once a card is led.
    pub const fn to_play(&self) -> Player {
        match self.led {
            None => self.leader,
            Some(_) => self.leader.other(),
        }
    }

    /// The number of the current trick, 1 to 12 (13 once every card is
    /// played).
    pub const fn trick_number(&self) -> u8 {
        self.tricks_won[0] + self.tricks_won[1] + 1
    }

    /// Tricks still to be played, the current one included.
    pub fn tricks_left(&self) -> u32 {
        self.to_bits().tricks_left()
    }

    /// Whether every card has been played.
    pub fn is_over(&self) -> bool {
        self.to_bits().is_over()
    }

    /// The cards the player to move may play (Art. 13): any card to lead
    /// (only the named suit to the first trick after a leftover look, RULES.md
    /// 11.10); to follow, a card of the suit led if he holds one, otherwise
    /// any card.
    pub fn legal_moves(&self) -> CardSet {
        CardSet::from_bits(self.to_bits().legal_moves())
    }

    /// Checks that the position can arise in a deal of 12 tricks.
    pub fn validate(&self) -> Result<(), PositionError> {
        self.to_bits().validate()
    }

    /// Plays `card` for the player to move, which must be one of
    /// [`PlayPosition::legal_moves`] (checked in debug builds only), and
    /// returns what each player scores by it: the lead point (Art. 15, 15.1),
    /// or at the end of a trick the winning point, then after the 12th trick
    /// the last trick (Art. 15), pic (Art. 18) and the cards or capot
    /// (Art. 16–17).
    pub fn play(&mut self, card: Card, rules: &PlayRules) -> Points {
        let mut bits = self.to_bits();
        let points = bits.play(card.index(), rules);
        *self = Self::from_bits(&bits);
        points
    }

    /// The same position in the solver's bit-level form.
    pub(crate) fn to_bits(self) -> BitPosition {
        BitPosition {
            hands: self.hands.map(CardSet::bits),
            leader: self.leader,
            led: self.led.map(Card::index),
            tricks_won: self.tricks_won,
            scores: self.scores,
            pic_open: self.pic_open,
            first_lead_suit: self.first_lead_suit.map(Suit::index),
        }
    }

    /// The position of a bit-level one, whose cards are all in the deck (as
    /// every position the crate builds from engine cards).
    pub(crate) fn from_bits(bits: &BitPosition) -> Self {
        PlayPosition {
            hands: bits.hands.map(CardSet::from_bits),
            leader: bits.leader,
            led: bits.led.and_then(Card::from_index),
            tricks_won: bits.tricks_won,
            scores: bits.scores,
            pic_open: bits.pic_open,
            first_lead_suit: bits.first_lead_suit.map(Suit::from_index),
        }
    }
}

/// [`PlayPosition`] in the solver's bit-level form: cards as bit indices
/// ([`crate::cards`]), hands as masks, the suit as its index. The search
/// works on it; the public API converts at its entry points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct BitPosition {
    /// [`PlayPosition::hands`].
    pub hands: [Mask; 2],
    /// [`PlayPosition::leader`].
    pub leader: Player,
    /// [`PlayPosition::led`].
    pub led: Option<Bit>,
    /// [`PlayPosition::tricks_won`].
    pub tricks_won: [u8; 2],
    /// [`PlayPosition::scores`].
    pub scores: [u16; 2],
    /// [`PlayPosition::pic_open`].
    pub pic_open: bool,
    /// [`PlayPosition::first_lead_suit`], a suit index.
    pub first_lead_suit: Option<u8>,
}

impl BitPosition {
    /// The position at the start of the play: elder to lead trick 1, no trick
    /// won, `scores` the declarations of the deal (the dealer's included,
    /// Art. 18), pic open when `rules` allow it and it is still possible.
    pub fn start(hands: [Mask; 2], scores: [u16; 2], rules: &PlayRules) -> Self {
        let mut position = BitPosition {
            hands,
            leader: Player::Elder,
            led: None,
            tricks_won: [0, 0],
            scores,
            pic_open: rules.pic,
            first_lead_suit: None,
        };
        position.settle_pic();
        position
    }

    /// Who plays the next card: the leader, or his opponent once a card is led.
    #[inline]
    pub const fn to_play(self) -> Player {
        match self.led {
            None => self.leader,
            Some(_) => self.leader.other(),
        }
    }

    /// Tricks still to be played, the current one included.
    #[inline]
    pub const fn tricks_left(&self) -> u32 {
        let leader_cards = self.hands[self.leader.index()].count_ones();
        match self.led {
            None => leader_cards,
            Some(_) => leader_cards + 1,
        }
    }

    /// Whether every card has been played.
    #[inline]
    pub const fn is_over(&self) -> bool {
        self.led.is_none() && self.hands[0] | self.hands[1] == 0
    }

    /// The cards the player to move may play (Art. 13): any card to lead
    /// (only the named suit to the first trick after a leftover look, RULES.md
    /// 11.10); to follow, a card of the suit led if he holds one, otherwise
    /// any card.
    #[inline]
    pub fn legal_moves(&self) -> Mask {
        let hand = self.hands[self.to_play().index()];
        let suit = match (self.led, self.first_lead_suit) {
            (Some(led), _) => suit_mask(suit_of(led)),
            (None, Some(named)) if named < 4 => suit_mask(named),
            (None, _) => return hand,
        };
        match hand & suit {
            0 => hand,
            follow => follow,
        }
    }

    /// Checks that the position can arise in a deal of 12 tricks.
    pub fn validate(&self) -> Result<(), PositionError> {
        let [h0, h1] = self.hands;
        let table = self.led.map_or(0, bit);
        if (h0 | h1) & !DECK_36 != 0 || self.led.is_some_and(|c| c >= 36) {
            return Err(PositionError::CardOutOfRange);
        }
        if h0 & h1 != 0 || (h0 | h1) & table != 0 {
            return Err(PositionError::CardTwice);
        }
        let leader = self.hands[self.leader.index()].count_ones();
        let second = self.hands[self.leader.other().index()].count_ones();
        let sizes_fit = match self.led {
            None => leader == second,
            Some(_) => leader + 1 == second,
        };
        if !sizes_fit {
            return Err(PositionError::HandSizes);
        }
        let won = u32::from(self.tricks_won[0]) + u32::from(self.tricks_won[1]);
        if won + self.tricks_left() != 12 {
            return Err(PositionError::TrickCount);
        }
        if let Some(suit) = self.first_lead_suit {
            let leader_hand = self.hands[self.leader.index()];
            if suit >= 4 || won != 0 || self.led.is_some() || leader_hand & suit_mask(suit) == 0 {
                return Err(PositionError::FirstLeadSuit);
            }
        }
        Ok(())
    }

    /// [`PlayPosition::play`]: plays `card`, one of
    /// [`BitPosition::legal_moves`] (checked in debug builds only).
    #[inline]
    pub fn play(&mut self, card: Bit, rules: &PlayRules) -> Points {
        debug_assert!(self.legal_moves() & bit(card) != 0, "illegal card");
        let mut points = [0u16; 2];
        let mover = self.to_play();
        self.hands[mover.index()] &= !bit(card);
        match self.led {
            None => {
                self.led = Some(card);
                self.first_lead_suit = None;
                self.score(mover, rules.lead_points(card), rules.pic, &mut points);
            }
            Some(led) => {
                let second_won = suit_of(card) == suit_of(led) && card > led;
                let (winner, winning_card) = if second_won {
                    (mover, card)
                } else {
                    (self.leader, led)
                };
                self.led = None;
                self.leader = winner;
                self.tricks_won[winner.index()] += 1;
                let mut won = rules.win_points(winning_card, second_won);
                let last = self.hands[0] | self.hands[1] == 0;
                let capot = last && self.tricks_won[winner.other().index()] == 0;
                if last && !(capot && rules.no_last_trick_bonus_with_capot) {
                    won += u16::from(rules.last_trick_bonus);
                }
                self.score(winner, won, rules.pic, &mut points);
                if last {
                    // The cards to the majority, capot to a player with
                    // every trick (Art. 16–17), whoever took the last one.
                    let [elder, dealer] = self.tricks_won;
                    let (taker, bonus) = if dealer == 0 {
                        (Player::Elder, rules.capot_bonus)
                    } else if elder == 0 {
                        (Player::Dealer, rules.capot_bonus)
                    } else if elder > dealer {
                        (Player::Elder, rules.cards_bonus)
                    } else if dealer > elder {
                        (Player::Dealer, rules.cards_bonus)
                    } else {
                        (winner, 0)
                    };
                    let t = taker.index();
                    points[t] += u16::from(bonus);
                    self.scores[t] = self.scores[t].saturating_add(u16::from(bonus));
                }
            }
        }
        points
    }

    /// Adds `points` of play to `player`'s count, with pic (Art. 18) when the
    /// rules have it (`pic`).
    #[inline]
    fn score(&mut self, player: Player, points: u16, pic: bool, scored: &mut Points) {
        if points == 0 {
            return;
        }
        let p = player.index();
        let before = self.scores[p];
        self.scores[p] = before.saturating_add(points);
        scored[p] += points;
        if self.pic_open && pic {
            if before < PIC_THRESHOLD && self.scores[p] >= PIC_THRESHOLD && self.scores[1 - p] == 0
            {
                scored[p] += PIC_BONUS as u16;
                self.scores[p] = self.scores[p].saturating_add(PIC_BONUS as u16);
                self.pic_open = false;
            } else {
                self.settle_pic();
            }
        }
    }

    /// Closes pic once nobody can make it any more: both players have scored,
    /// or the only player who has scored is already at 30 or more (he cannot
    /// reach 30 during the play, the other cannot make pic against him).
    #[inline]
    pub(crate) fn settle_pic(&mut self) {
        let [a, b] = self.scores;
        let elder_can = a < PIC_THRESHOLD && b == 0;
        let dealer_can = b < PIC_THRESHOLD && a == 0;
        self.pic_open &= elder_can || dealer_can;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::card;

    #[test]
    fn a_card_outside_the_deck_is_rejected() {
        // Engine cards are always in the deck; only the bit-level form can
        // hold a card outside it. A♠ 7♠ against Q♠ 8♥, five tricks each.
        let rules = PlayRules::classique();
        let mut valid = BitPosition::start(
            [
                bit(card(0, 8)) | bit(card(0, 1)),
                bit(card(0, 6)) | bit(card(1, 2)),
            ],
            [0, 0],
            &rules,
        );
        valid.tricks_won = [5, 5];
        assert_eq!(valid.validate(), Ok(()));
        let mut bad = valid;
        bad.hands[0] |= 1 << 40;
        assert_eq!(bad.validate(), Err(PositionError::CardOutOfRange));
        let mut bad = valid;
        bad.hands[0] = bit(card(0, 1));
        bad.led = Some(36);
        assert_eq!(bad.validate(), Err(PositionError::CardOutOfRange));
    }
}
