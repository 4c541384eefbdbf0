//! The messages between the page and the computer's Web Worker (`src/bin/worker.rs`), as JSON
//! text. A request carries only the computer's own view of the game (its `GameObservation`,
//! never the whole game), the bot and a seed; a reply carries the decision or a one-line error.
//!
//! A review ([`ReviewRequest`]) carries a record instead, once the deals it asks about are over
//! (their cards are then seen by both, and the open-card values use them; the expected values
//! use only what the reviewed seat saw at each decision). The worker answers it with
//! [`Answer::Progress`] replies, then one [`Answer::Review`] (or an error), all with its id.
//!
//! The enums are tagged as serde does by default (a reply is `{"id": 1, "answer": {"action":
//! {"action": "KS"}}}`), never flattened nor internally tagged: those make serde buffer every
//! field through its `Content` type first, which weighs in the page's wasm for nothing.

use piquet_ai::review::DealReview;
use piquet_engine::{Action, GameObservation, Record, Seat};
use piquet_words::ByLang;
use serde::{Deserialize, Serialize};

/// What the worker is asked to do.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
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
    /// Why, one line in each language.
    pub reason: ByLang<String>,
}

/// What to review: deals of a record, for one seat or both (`piquet_ai::review`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReviewJob {
    /// The record (the deals reviewed should be over).
    pub record: Record,
    /// The deal, 0-based; every deal when absent.
    #[serde(default)]
    pub deal: Option<usize>,
    /// The seat whose decisions are reviewed; both when absent.
    #[serde(default)]
    pub seat: Option<Seat>,
    /// The seed of the sampled worlds (the same seed gives the same review).
    #[serde(default)]
    pub seed: u64,
}

/// A review request from the page: `{"id": 1, "review": {"record": {…}, "deal": 0, "seat": "A"}}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReviewRequest {
    /// Echoed in every reply.
    pub id: u32,
    pub review: ReviewJob,
}

/// The deal of the day played by Le Maître from both seats (`crate::problem::daily::daily`),
/// computed in the worker while the player plays it: `{"id": 1, "daily": {"date":
/// "2026-11-25", "rules": "classique"}}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DailyRequest {
    /// Echoed in the reply.
    pub id: u32,
    pub daily: DailyJob,
}

/// The day and the rules of a [`DailyRequest`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DailyJob {
    /// `YYYY-MM-DD`, the day of UTC.
    pub date: String,
    /// A preset id.
    pub rules: String,
}

/// What the worker answers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Answer {
    Action {
        action: Action,
    },
    Hint {
        hint: HintReply,
    },
    Deal {
        deal: bool,
    },
    Error {
        message: String,
    },
    /// A review under way: `done` of `total` decisions reviewed, and `part` (from 0 to 1) of
    /// the next one while a long one is weighed (more replies follow).
    Progress {
        done: u32,
        total: u32,
        #[serde(default, skip_serializing_if = "is_zero")]
        part: f32,
    },
    /// The review, one entry per deal reviewed (the last reply to a review request).
    Review {
        deals: Vec<DealReview>,
    },
    /// The deal of the day as Le Maître plays it from both seats (the reply to a
    /// [`DailyRequest`]): the record in its JSON form, read by the page as any record file is
    /// (`Record::from_json`), so that the page's wasm carries one record reader only.
    Daily {
        record: String,
    },
}

impl Answer {
    /// Whether more replies to the same request follow this one.
    pub fn is_progress(&self) -> bool {
        matches!(self, Answer::Progress { .. })
    }
}

/// A whole decision (no part of the next one told).
fn is_zero(part: &f32) -> bool {
    *part == 0.0
}

/// A reply to the request with the same id.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Reply {
    pub id: u32,
    pub answer: Answer,
}

/// The worker's first message: it is listening.
pub const READY: &str = "ready";
