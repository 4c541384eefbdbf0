//! The adapter from the engine's [`Observation`] to what the bots and the
//! solver need: the play rules, the trick in progress, the cards still
//! unseen, and the [`PlayPosition`] of a sampled world.

use crate::cards::Mask;
use crate::player::Player;
use crate::position::{BitPosition, PlayPosition};
use crate::rules::PlayRules;
use piquet_engine::{Card, CardSet, Observation, Phase, Rules, Seat, Suit};

/// The solver's play rules for an engine rule set (RULES.md 7–8, 10).
pub fn play_rules(rules: &Rules) -> PlayRules {
    PlayRules {
        trick_points: rules.trick_points,
        last_trick_bonus: rules.last_trick_bonus,
        cards_bonus: rules.cards_bonus,
        capot_bonus: rules.capot_bonus,
        no_last_trick_bonus_with_capot: rules.capot_no_last_trick,
        pic: rules.repic_pic,
        objective: crate::Objective::Margin,
    }
}

/// The solver's player for a seat, given who deals.
pub fn player_of(seat: Seat, dealer: Seat) -> Player {
    if seat == dealer {
        Player::Dealer
    } else {
        Player::Elder
    }
}

/// The trick in progress and who played what, read from the plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrickState {
    /// Who leads (or led) the current trick (Art. 13: the last trick's winner).
    pub leader: Seat,
    /// The card led to the current trick, if any.
    pub led: Option<Card>,
    /// Cards each seat has played, per seat index.
    pub played_by: [CardSet; 2],
}

/// Reads the trick in progress from the observation's plays.
pub fn trick_state(obs: &Observation) -> TrickState {
    let mut leader = obs.dealer.other();
    let mut led: Option<Card> = None;
    let mut played_by = [CardSet::EMPTY; 2];
    for &(seat, card) in &obs.plays {
        played_by[seat.index()].insert(card);
        match led {
            None => {
                leader = seat;
                led = Some(card);
            }
            Some(l) => {
                if card.suit() == l.suit() && card.rank() > l.rank() {
                    leader = seat;
                }
                led = None;
            }
        }
    }
    TrickState {
        leader,
        led,
        played_by,
    }
}

/// Every card of the deck that this seat has not seen for sure outside the
/// opponent's reach: the deck minus own hand, own discards and cards played.
pub fn unplaced(obs: &Observation) -> CardSet {
    let played: CardSet = obs.plays.iter().map(|&(_, c)| c).collect();
    obs.rules.deck_cards() - obs.hand - obs.discards - played
}

/// Cards the opponent may still hold in his hand now: not mine, not played,
/// not in a suit he showed void in, not in the talon for sure.
pub fn opponent_possible(obs: &Observation) -> CardSet {
    let mut out = unplaced(obs);
    for s in Suit::ALL {
        if obs.opponent_voids & (1 << s.index()) != 0 {
            out -= CardSet::suit_mask(s);
        }
    }
    if leftover_seen(obs) && obs.seat == obs.dealer {
        out -= obs.talon_seen;
    }
    out
}

/// Whether the exchange is still under way in `phase` (the dealer has not
/// yet exchanged): the phases up to and including his exchange.
pub fn before_exchange_end(phase: Phase) -> bool {
    matches!(
        phase,
        Phase::ElderExchange
            | Phase::DealerBlindDiscard { .. }
            | Phase::ElderBlancheDiscard { .. }
            | Phase::AbandonOffer
            | Phase::AbandonReply
            | Phase::DealerExchange
    )
}

/// Whether this seat has seen every card left in the talon (the leftover,
/// RULES.md 3.4): the classic dealer always sees it, elder when he named his
/// lead suit, both when the Rubicon dealer turned it up. Elder's peek after
/// his exchange (Art. 4) alone shows only the cards he could have taken, so
/// the leftover was seen when elder saw more talon cards than that.
pub fn leftover_seen(obs: &Observation) -> bool {
    let exchanging = before_exchange_end(obs.phase);
    if exchanging || obs.talon_left == 0 || obs.talon_seen.is_empty() {
        return false;
    }
    if obs.seat == obs.dealer {
        return true;
    }
    let took = obs.discards.len();
    let peek = usize::from(obs.rules.elder_max.min(obs.rules.talon_len())).saturating_sub(took);
    obs.talon_seen.len() > peek
}

/// The position of the play of a world where the opponent holds `opp_hand`;
/// `dealer_pending` is what the dealer will count after elder's first lead
/// (his declarations, Art. 14), which already counts against elder's pic
/// (Art. 18).
pub fn play_position(obs: &Observation, opp_hand: CardSet, dealer_pending: u16) -> PlayPosition {
    PlayPosition::from_bits(&bit_position(obs, opp_hand, dealer_pending))
}

/// [`play_position`] in the solver's bit-level form.
pub(crate) fn bit_position(
    obs: &Observation,
    opp_hand: CardSet,
    dealer_pending: u16,
) -> BitPosition {
    let me = player_of(obs.seat, obs.dealer);
    let t = trick_state(obs);
    let mut hands: [Mask; 2] = [0; 2];
    hands[me.index()] = obs.hand.bits();
    hands[me.other().index()] = opp_hand.bits();
    let elder = obs.dealer.other();
    let mut scores = [obs.scores[elder.index()], obs.scores[obs.dealer.index()]];
    if obs.plays.is_empty() {
        scores[1] = scores[1].saturating_add(dealer_pending);
    }
    let rules = play_rules(&obs.rules);
    let mut position = BitPosition::start(hands, scores, &rules);
    position.leader = player_of(t.leader, obs.dealer);
    position.led = t.led.map(|c| c.index());
    position.tricks_won = [
        obs.tricks_won[elder.index()],
        obs.tricks_won[obs.dealer.index()],
    ];
    position.first_lead_suit = if obs.plays.is_empty() {
        obs.announced_lead_suit.map(|s| s.index())
    } else {
        None
    };
    position.settle_pic();
    position
}
