//! A player's decisions ([`Action`]) and the answers to a declaration (RULES.md 5).

use crate::card::{Card, CardSet, Suit};
use serde::{Deserialize, Serialize};

/// An answer to a declaration (RULES.md 5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AnswerKind {
    /// "C'est bon": the declaration is good.
    Good,
    /// "Égal": exactly as good.
    Equal,
    /// "Mieux" / "pas bon": better.
    Better,
}

/// An answer with the holding that backs it (RULES.md 11.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "answer", content = "cards")]
pub enum Answer {
    /// "Bon" (also sinking).
    Good,
    /// "Égal", backed by an equal holding (empty: "no sequence either").
    Equal(CardSet),
    /// "Mieux", backed by a better holding.
    Better(CardSet),
}

/// A decision. Which ones are legal depends on the [`Phase`](crate::phase::Phase).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "action", content = "arg")]
pub enum Action {
    /// Discard these cards (and draw as many, except the dealer's blind
    /// discard after elder's carte blanche).
    Discard(CardSet),
    /// Elder: "cartes blanches", exchanging this many (Art. 5).
    AnnounceCarteBlanche(u8),
    /// Dealer: "cartes blanches" (Art. 5).
    DeclareCarteBlanche,
    /// Elder: propose (true) or not to abandon the deal (Les Fâcheux).
    ProposeAbandon(bool),
    /// Dealer: accept (true) or refuse elder's proposal.
    AcceptAbandon(bool),
    /// Classic leftover: elder names his lead suit to see the leftover, or passes.
    LookAtLeftover(Option<Suit>),
    /// Rubicon leftover: the dealer exposes (true) or hides the leftover.
    ExposeLeftover(bool),
    /// Declare a holding (whole or in part), or nothing.
    Declare(Option<CardSet>),
    /// Answer the elder's declaration.
    Answer(Answer),
    /// Play a card.
    Play(Card),
}
