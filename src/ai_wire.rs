//! The messages between the page and the computer's Web Worker (`src/bin/worker.rs`), as JSON
//! text. A request carries only the computer's own view of the game (its `GameObservation`,
//! never the whole game), the bot and a seed; a reply carries the decision or a one-line error.

use piquet_engine::{Action, GameObservation};
use serde::{Deserialize, Serialize};

/// What the worker is asked to do.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "task")]
pub enum Task {
    /// The bot's next decision.
    Decide,
    /// The expert's suggestion, with its reason, for the seat whose view this is.
    Hint,
    /// Rubicon cut: whether the bot, having drawn the higher card, chooses to deal.
    ChooseToDeal,
}

/// A request from the page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Request {
    /// Echoed in the reply.
    pub id: u32,
    #[serde(flatten)]
    pub task: Task,
    /// The bot, as `piquet_ai::BotId` parses it ("1" … "5").
    pub bot: String,
    pub seed: u64,
    pub view: GameObservation,
}

/// The expert's suggestion.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HintReply {
    pub action: Action,
    pub reason_fr: String,
    pub reason_en: String,
}

/// What the worker answers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "reply")]
pub enum Answer {
    Action { action: Action },
    Hint { hint: HintReply },
    Deal { deal: bool },
    Error { message: String },
}

/// A reply to the request with the same id.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reply {
    pub id: u32,
    #[serde(flatten)]
    pub answer: Answer,
}

/// The worker's first message: it is listening.
pub const READY: &str = "ready";
