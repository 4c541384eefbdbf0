//! Events: what an action caused, for the log, the animation and the running count.
//! Every score is an [`Event::Scored`] with a [`ScoreReason`] citing its article.

use crate::action::AnswerKind;
use crate::card::{Card, CardSet, Suit};
use crate::phase::{Category, DealEnd};
use crate::seat::Seat;
use serde::{Deserialize, Serialize};

/// Why points were scored; each gives its article (its words are `piquet_words::score_reason`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ScoreReason {
    /// Carte blanche (Art. 5).
    CarteBlanche,
    /// The point (Art. 6).
    Point,
    /// A sequence (Art. 7).
    Sequence,
    /// A trois or quatorze (Art. 8).
    Set,
    /// Repic: 30 in declarations before the opponent scores (Art. 12).
    Repic,
    /// Leading a scoring card, ten or higher (Art. 15, 15.1).
    LeadScoringCard,
    /// Leading any card (every card scores: moderne, Rubicon).
    Lead,
    /// Winning, as second player, with a scoring card (Art. 15, 15.1).
    WonWithScoringCard,
    /// Winning a trick the opponent led (every card scores).
    WonTrick,
    /// One point per trick won (*150*).
    TrickWon,
    /// The last trick (Art. 15).
    LastTrick,
    /// Pic: 30 in play before the opponent scores (Art. 18).
    Pic,
    /// The majority of tricks, "le dix des cartes" (Art. 16).
    Cards,
    /// All twelve tricks (Art. 17).
    Capot,
}

impl ScoreReason {
    /// The article of seed 000 (or RULES.md section) this score comes from.
    pub const fn article(self) -> &'static str {
        match self {
            ScoreReason::CarteBlanche => "Art. 5",
            ScoreReason::Point => "Art. 6",
            ScoreReason::Sequence => "Art. 7",
            ScoreReason::Set => "Art. 8",
            ScoreReason::Repic => "Art. 12",
            ScoreReason::LeadScoringCard | ScoreReason::WonWithScoringCard => "Art. 15.1",
            ScoreReason::Lead | ScoreReason::WonTrick => "RULES.md 7 (moderne)",
            ScoreReason::TrickWon => "RULES.md 7 (150)",
            ScoreReason::LastTrick => "Art. 15",
            ScoreReason::Pic => "Art. 18",
            ScoreReason::Cards => "Art. 16",
            ScoreReason::Capot => "Art. 17",
        }
    }
}

/// A public claim, as the opponent hears it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Claim {
    /// "Nothing" / "pas de séquence".
    Nothing,
    /// A point: its length, and its value once said (two-step: after "equal").
    Point {
        /// Cards in the suit.
        length: u8,
        /// Value, if said.
        value: Option<u16>,
    },
    /// A sequence: its length, and its top card once said.
    Sequence {
        /// Length.
        length: u8,
        /// Top card's rank, if said.
        top: Option<crate::card::Rank>,
    },
    /// A trois or quatorze.
    Set {
        /// Rank.
        rank: crate::card::Rank,
        /// 3 or 4.
        count: u8,
    },
}

/// Something that happened. `Copy` and small; see [`Event::audience`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "event")]
pub enum Event {
    /// A player announced carte blanche; elder also says how many he will exchange.
    CarteBlanche {
        /// Who.
        seat: Seat,
        /// Elder's announced exchange.
        exchange: Option<u8>,
    },
    /// Cards shown to the opponent (carte blanche, declarations, égal, trois).
    Shown {
        /// Whose cards.
        seat: Seat,
        /// The cards.
        cards: CardSet,
    },
    /// Cards discarded face down.
    Discarded {
        /// Who.
        seat: Seat,
        /// How many.
        count: u8,
    },
    /// Cards drawn from the talon.
    Drew {
        /// Who.
        seat: Seat,
        /// How many.
        count: u8,
    },
    /// Talon cards seen privately (elder's peek, the leftover).
    Peeked {
        /// Who saw them.
        seat: Seat,
        /// The cards.
        cards: CardSet,
    },
    /// Elder named the suit he will lead, to see the leftover (RULES.md 3.4).
    LeadSuitAnnounced {
        /// The suit.
        suit: Suit,
    },
    /// Rubicon: the dealer turned the leftover face up.
    LeftoverExposed {
        /// The cards.
        cards: CardSet,
    },
    /// Rubicon: the dealer left the leftover face down, unseen.
    LeftoverHidden,
    /// Les Fâcheux: elder proposed to abandon the deal.
    AbandonProposed,
    /// The dealer answered elder's proposal.
    AbandonAnswered {
        /// Accepted.
        accepted: bool,
    },
    /// A declaration.
    Declared {
        /// Who.
        seat: Seat,
        /// Category.
        category: Category,
        /// What was said.
        claim: Claim,
    },
    /// An answer to a declaration.
    Answered {
        /// Who.
        seat: Seat,
        /// Category.
        category: Category,
        /// Bon, égal or mieux.
        answer: AnswerKind,
    },
    /// Points scored.
    Scored {
        /// Who.
        seat: Seat,
        /// How many.
        points: u16,
        /// Why.
        reason: ScoreReason,
    },
    /// A card played.
    Played {
        /// Who.
        seat: Seat,
        /// The card.
        card: Card,
    },
    /// A trick won.
    TrickWon {
        /// Who.
        seat: Seat,
        /// Trick number 1..=12.
        trick: u8,
    },
    /// The deal is over.
    DealEnded {
        /// How.
        end: DealEnd,
    },
}

impl Event {
    /// `Some(seat)` if only that seat may see this event, `None` if public.
    pub const fn audience(&self) -> Option<Seat> {
        match self {
            Event::Peeked { seat, .. } => Some(*seat),
            _ => None,
        }
    }
}

/// Where [`crate::Deal::apply_with`] writes events: a `Vec` or [`NoEvents`].
pub trait EventSink {
    /// Records one event.
    fn push(&mut self, e: Event);
}

impl EventSink for Vec<Event> {
    fn push(&mut self, e: Event) {
        Vec::push(self, e);
    }
}

/// A sink that drops events (hot paths: search, simulation).
#[derive(Debug, Clone, Copy, Default)]
pub struct NoEvents;

impl EventSink for NoEvents {
    fn push(&mut self, _: Event) {}
}
