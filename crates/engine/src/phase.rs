//! Where a deal stands: its [`Phase`], the declaration [`Category`] being counted, and how
//! the deal ended ([`DealEnd`]).

use crate::seat::Seat;
use serde::{Deserialize, Serialize};

/// A declaration category, in counting order (RULES.md 6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Category {
    /// The point (Art. 6).
    Point = 0,
    /// Sequences (Art. 7).
    Sequence = 1,
    /// Trois and quatorze (Art. 8).
    Sets = 2,
}

/// How a deal ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "how")]
pub enum DealEnd {
    /// The twelve tricks were played.
    Played,
    /// Cent: a player reached the target during the declarations (RULES.md 9).
    Stopped {
        /// Who reached it.
        winner: Seat,
    },
    /// Les Fâcheux: abandoned by agreement; the same dealer deals again.
    Abandoned,
}

/// The phase of the deal; each variant carries what is valid then.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "phase")]
pub enum Phase {
    /// Elder exchanges, or announces carte blanche.
    ElderExchange,
    /// Elder announced carte blanche: the dealer discards without drawing.
    DealerBlindDiscard {
        /// Elder's announced exchange.
        exchange: u8,
    },
    /// Elder has shown carte blanche and discards exactly his announced number.
    ElderBlancheDiscard {
        /// Elder's announced exchange.
        exchange: u8,
    },
    /// Les Fâcheux: elder may propose to abandon.
    AbandonOffer,
    /// Les Fâcheux: the dealer accepts or refuses.
    AbandonReply,
    /// The dealer exchanges (and may first declare carte blanche).
    DealerExchange,
    /// The leftover talon: elder's look (classic) or the dealer's choice (Rubicon).
    Leftover,
    /// Elder declares in a category.
    Declare {
        /// The category.
        category: Category,
    },
    /// The dealer answers (or, when elder declared nothing for point or sets, declares).
    Answer {
        /// The category.
        category: Category,
        /// 1, or 2 for the second step of a two-step protocol.
        step: u8,
    },
    /// The play of the cards.
    Play,
    /// Over.
    Finished {
        /// How.
        end: DealEnd,
    },
}
