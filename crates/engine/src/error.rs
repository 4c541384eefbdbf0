//! Typed errors: illegal actions (naming the broken rule) and impossible deals.

use crate::card::Card;
use crate::seat::Seat;
use core::fmt;
use serde::{Deserialize, Serialize};

pub use crate::excerpt::{EXCERPT_CHARS, Excerpt, clip_message, grouped};

/// Why an action was refused. The state is unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "error")]
pub enum IllegalAction {
    /// The deal is over.
    DealOver,
    /// It is the other player's decision.
    NotYourTurn {
        /// Whose decision it is.
        to_act: Seat,
    },
    /// This kind of action is not possible now.
    WrongPhase,
    /// A card is not in the player's hand.
    CardNotInHand {
        /// The card.
        card: Card,
    },
    /// Art. 4: at least one card (the minimum) must be exchanged.
    MustDiscardAtLeastOne {
        /// The minimum.
        min: u8,
    },
    /// Art. 4: more cards than allowed.
    TooManyDiscards {
        /// The maximum.
        max: u8,
    },
    /// Art. 5: carte blanche must exchange exactly the announced number.
    WrongExchangeCount {
        /// The announced number.
        expected: u8,
    },
    /// Art. 5: no carte blanche held, or it cannot be declared now.
    NoCarteBlanche,
    /// RULES.md 3.4: the suit named for the leftover is not held.
    SuitNotHeld,
    /// RULES.md 3.4: nothing is left in the talon.
    NoLeftover,
    /// RULES.md 5: the declaration is not a holding of this kind in the hand.
    DeclarationNotHeld,
    /// RULES.md 11.3: "égal" or "mieux" not backed by such a holding.
    AnswerNotBacked,
    /// Art. 13: the second player must follow suit.
    MustFollowSuit,
    /// RULES.md 3.4: elder looked at the leftover and must lead the suit he named.
    MustLeadAnnouncedSuit,
    /// Les Fâcheux is not played under these rules.
    AbandonNotAllowed,
}

impl fmt::Display for IllegalAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalAction::DealOver => write!(f, "the deal is over"),
            IllegalAction::NotYourTurn { to_act } => write!(f, "not your turn: {to_act:?} to act"),
            IllegalAction::WrongPhase => write!(f, "this action is not possible now"),
            IllegalAction::CardNotInHand { card } => write!(f, "{card} is not in the hand"),
            IllegalAction::MustDiscardAtLeastOne { min } => {
                write!(f, "must discard at least {min} (Art. 4)")
            }
            IllegalAction::TooManyDiscards { max } => {
                write!(f, "may discard at most {max} (Art. 4)")
            }
            IllegalAction::WrongExchangeCount { expected } => {
                write!(f, "must exchange exactly the announced {expected} (Art. 5)")
            }
            IllegalAction::NoCarteBlanche => write!(f, "no carte blanche to declare now (Art. 5)"),
            IllegalAction::SuitNotHeld => write!(f, "the named suit is not held"),
            IllegalAction::NoLeftover => write!(f, "no cards are left in the talon"),
            IllegalAction::DeclarationNotHeld => {
                write!(f, "the declaration is not a holding in the hand")
            }
            IllegalAction::AnswerNotBacked => write!(f, "the answer is not backed by a holding"),
            IllegalAction::MustFollowSuit => write!(f, "must follow suit (Art. 13)"),
            IllegalAction::MustLeadAnnouncedSuit => {
                write!(f, "must lead the suit named for the leftover")
            }
            IllegalAction::AbandonNotAllowed => write!(f, "abandoning the deal is not played here"),
        }
    }
}

impl std::error::Error for IllegalAction {}

/// What is wrong with a deal layout.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "problem")]
pub enum SetupProblem {
    /// A hand or the talon has the wrong number of cards.
    WrongCount {
        /// "elder", "dealer" or "talon".
        part: String,
        /// Expected count.
        expected: u8,
        /// Found.
        found: u8,
    },
    /// A card appears twice.
    Duplicate {
        /// The card.
        card: Card,
    },
    /// A card is not in this deck (a six with 32 cards).
    NotInDeck {
        /// The card.
        card: Card,
    },
    /// A card of the deck is missing.
    Missing {
        /// The card.
        card: Card,
    },
    /// In a game: not this seat's turn to deal, or no deal expected now.
    WrongDealer {
        /// Who must deal (`None`: the game is over or a deal is in progress).
        expected: Option<Seat>,
    },
    /// The rule set is inconsistent.
    BadRules {
        /// Why.
        reason: String,
    },
}

impl fmt::Display for SetupProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupProblem::WrongCount {
                part,
                expected,
                found,
            } => {
                write!(f, "{part} has {found} cards, expected {expected}")
            }
            SetupProblem::Duplicate { card } => write!(f, "{card} appears twice"),
            SetupProblem::NotInDeck { card } => write!(f, "{card} is not in this deck"),
            SetupProblem::Missing { card } => write!(f, "{card} is missing"),
            SetupProblem::WrongDealer { expected: Some(s) } => {
                write!(f, "{s:?} must deal this deal")
            }
            SetupProblem::WrongDealer { expected: None } => write!(f, "no deal is expected now"),
            SetupProblem::BadRules { reason } => write!(f, "inconsistent rules: {reason}"),
        }
    }
}
