//! The review's data: how much work it does ([`Budget`], [`ReviewConfig`])
//! and what it reports (each decision with its options, loss and mark; each
//! seat's losses by stage; the errors).

use piquet_engine::{Action, RecordError, Seat};
use piquet_words::{ByLang, Lang};
use serde::{Deserialize, Serialize};

/// How much work a review does, in sampled worlds (never a clock).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Budget {
    /// Worlds for the expected value of each card play.
    pub play_worlds: u16,
    /// Worlds for the first ranking of the candidate discards (greedy play-out).
    pub exchange_worlds: u16,
    /// Candidate discards kept for the exact evaluation, besides the chosen one.
    pub exchange_finalists: u8,
    /// Fresh worlds for the exact evaluation of the finalists.
    pub exchange_solved_worlds: u16,
    /// Worlds for declarations, answers, carte blanche, the abandon and the leftover.
    pub declare_worlds: u16,
}

impl Budget {
    /// The review's budget, chosen so that a whole deal reviewed for one seat
    /// takes about a second as wasm32 (README, "Review of a deal").
    pub const STANDARD: Budget = Budget {
        play_worlds: 48,
        exchange_worlds: 48,
        exchange_finalists: 4,
        exchange_solved_worlds: 40,
        declare_worlds: 24,
    };

    /// A small budget for tests and quick looks (noisier values).
    pub const QUICK: Budget = Budget {
        play_worlds: 6,
        exchange_worlds: 8,
        exchange_finalists: 2,
        exchange_solved_worlds: 6,
        declare_worlds: 4,
    };
}

impl Default for Budget {
    fn default() -> Self {
        Budget::STANDARD
    }
}

/// What to review.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReviewConfig {
    /// One deal (0-based index in the record), or every deal.
    pub deal: Option<usize>,
    /// One seat's decisions, or both seats'.
    pub seat: Option<Seat>,
    /// The seed of the sampled worlds (the review is deterministic for it).
    pub seed: u64,
    /// The worlds sampled.
    pub budget: Budget,
}

impl Default for ReviewConfig {
    fn default() -> Self {
        ReviewConfig {
            deal: None,
            seat: None,
            seed: 0,
            budget: Budget::STANDARD,
        }
    }
}

/// The kind of a decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DecisionKind {
    /// A discard: the exchange, or a discard after a carte blanche.
    Exchange,
    /// Announcing carte blanche (Art. 5).
    CarteBlanche,
    /// Proposing or accepting to abandon the deal (RULES.md 11.8).
    Abandon,
    /// The leftover: elder's look, or the Rubicon dealer's choice (RULES.md 3.4).
    Leftover,
    /// A declaration (elder's, or the dealer's after elder declared nothing).
    Declare,
    /// An answer to elder's declaration (« bon », « égal », « mieux »).
    Answer,
    /// A card played.
    Play,
}

impl DecisionKind {
    /// The stable id: `exchange`, `carte_blanche`, `abandon`, `leftover`,
    /// `declare`, `answer`, `play`.
    pub fn id(self) -> &'static str {
        match self {
            DecisionKind::Exchange => "exchange",
            DecisionKind::CarteBlanche => "carte_blanche",
            DecisionKind::Abandon => "abandon",
            DecisionKind::Leftover => "leftover",
            DecisionKind::Declare => "declare",
            DecisionKind::Answer => "answer",
            DecisionKind::Play => "play",
        }
    }

    /// The part of the deal it belongs to, for the summary.
    pub fn stage(self) -> Stage {
        match self {
            DecisionKind::Exchange | DecisionKind::CarteBlanche => Stage::Exchange,
            DecisionKind::Declare | DecisionKind::Answer => Stage::Declarations,
            DecisionKind::Play => Stage::Play,
            DecisionKind::Abandon | DecisionKind::Leftover => Stage::Other,
        }
    }

    /// The kind of `action`.
    pub fn of(action: &Action) -> DecisionKind {
        match action {
            Action::Discard(_) => DecisionKind::Exchange,
            Action::AnnounceCarteBlanche(_) | Action::DeclareCarteBlanche => {
                DecisionKind::CarteBlanche
            }
            Action::ProposeAbandon(_) | Action::AcceptAbandon(_) => DecisionKind::Abandon,
            Action::LookAtLeftover(_) | Action::ExposeLeftover(_) => DecisionKind::Leftover,
            Action::Declare(_) => DecisionKind::Declare,
            Action::Answer(_) => DecisionKind::Answer,
            Action::Play(_) => DecisionKind::Play,
        }
    }
}

/// The parts of a deal the summary counts the points lost in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// The exchange and carte blanche.
    Exchange,
    /// Declarations and answers.
    Declarations,
    /// The play of the cards.
    Play,
    /// The leftover and the abandon.
    Other,
}

/// The grade of a costly decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mark {
    /// « Imprécision »: it cost at least [`Mark::INACCURACY`] points.
    Inaccuracy,
    /// « Erreur »: at least [`Mark::MISTAKE`] points.
    Mistake,
    /// « Gaffe »: at least [`Mark::BLUNDER`] points.
    Blunder,
}

impl Mark {
    /// The least loss marked, in points of the deal's margin.
    pub const INACCURACY: f64 = 3.0;
    /// The least loss marked as a mistake.
    pub const MISTAKE: f64 = 6.0;
    /// The least loss marked as a blunder.
    pub const BLUNDER: f64 = 12.0;

    /// The mark of a decision that cost `loss` points: none below
    /// [`Mark::INACCURACY`].
    pub fn of(loss: f64) -> Option<Mark> {
        if loss.is_nan() || loss < Mark::INACCURACY {
            None
        } else if loss >= Mark::BLUNDER {
            Some(Mark::Blunder)
        } else if loss >= Mark::MISTAKE {
            Some(Mark::Mistake)
        } else {
            Some(Mark::Inaccuracy)
        }
    }

    /// « imprécision », « erreur », « gaffe »; "inaccuracy", "mistake", "blunder".
    pub fn name(self, lang: Lang) -> &'static str {
        match (self, lang) {
            (Mark::Inaccuracy, Lang::Fr) => "imprécision",
            (Mark::Mistake, Lang::Fr) => "erreur",
            (Mark::Blunder, Lang::Fr) => "gaffe",
            (Mark::Inaccuracy, Lang::En) => "inaccuracy",
            (Mark::Mistake, Lang::En) => "mistake",
            (Mark::Blunder, Lang::En) => "blunder",
        }
    }
}

/// One option of a decision and what it was worth (final margins of the
/// deal for the deciding seat; see the module docs).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OptionValue {
    /// The option.
    pub action: Action,
    /// Its exact value with every card known (card play only).
    pub open: Option<f64>,
    /// Its expected value from the seat's own view (`None` when not valued:
    /// a single option, the leftover look).
    pub expected: Option<f64>,
}

/// The review of one decision.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DecisionReview {
    /// The deal (0-based index in the record).
    pub deal: usize,
    /// The action's index in the deal's actions (0-based).
    pub index: usize,
    /// Who decided.
    pub seat: Seat,
    /// What kind of decision.
    pub kind: DecisionKind,
    /// What was done.
    pub chosen: Action,
    /// The options valued: every legal card for the play; the candidates for
    /// the exchange (the expert's finalists and the chosen discard); every
    /// legal declaration or answer. Cards in increasing order, other options
    /// best first.
    pub options: Vec<OptionValue>,
    /// The best option by `expected` (the chosen one on ties and when
    /// nothing is valued).
    pub best: Action,
    /// `expected` of `best` minus `expected` of `chosen` (≥ 0; 0 when not valued).
    pub loss: f64,
    /// The standard error of `loss` over the sampled worlds.
    pub noise: f64,
    /// Worlds the expected values are averaged over (0: not valued).
    pub worlds: u16,
    /// The grade, when the loss is large enough ([`Mark::of`]).
    pub mark: Option<Mark>,
    /// Why, one line in each language (serialised as `reason_fr` and `reason_en`).
    #[serde(flatten, with = "piquet_words::reason_fields")]
    pub reason: ByLang<String>,
}

impl DecisionReview {
    /// The valued option of `action`, if listed.
    pub fn option(&self, action: &Action) -> Option<&OptionValue> {
        self.options.iter().find(|o| o.action == *action)
    }
}

/// Points lost per part of the deal.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct StageLoss {
    /// The exchange and carte blanche.
    pub exchange: f64,
    /// Declarations and answers.
    pub declarations: f64,
    /// The play of the cards.
    pub play: f64,
    /// The leftover and the abandon.
    pub other: f64,
}

impl StageLoss {
    /// The points lost in one part.
    pub fn get(&self, stage: Stage) -> f64 {
        match stage {
            Stage::Exchange => self.exchange,
            Stage::Declarations => self.declarations,
            Stage::Play => self.play,
            Stage::Other => self.other,
        }
    }

    pub(super) fn add(&mut self, stage: Stage, loss: f64) {
        let slot = match stage {
            Stage::Exchange => &mut self.exchange,
            Stage::Declarations => &mut self.declarations,
            Stage::Play => &mut self.play,
            Stage::Other => &mut self.other,
        };
        *slot = round2(*slot + loss);
    }

    /// Every part together.
    pub fn total(&self) -> f64 {
        round2(self.exchange + self.declarations + self.play + self.other)
    }
}

/// One seat's summary of a deal.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatSummary {
    /// The seat.
    pub seat: Seat,
    /// Its decisions reviewed.
    pub decisions: u16,
    /// The points it lost, per part of the deal (the sum of its losses).
    pub lost: StageLoss,
    /// Its marks: inaccuracies, mistakes, blunders.
    pub marks: [u16; 3],
}

/// The review of one deal.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DealReview {
    /// The deal (0-based index in the record).
    pub deal: usize,
    /// Who dealt.
    pub dealer: Seat,
    /// Whether the record plays the deal to its end.
    pub finished: bool,
    /// The final points of the deal as recorded, per seat index (so far, if
    /// unfinished).
    pub points: [u16; 2],
    /// Every decision reviewed, in the order of the deal.
    pub decisions: Vec<DecisionReview>,
    /// Per seat reviewed (A first).
    pub summary: Vec<SeatSummary>,
}

/// Why a record cannot be reviewed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum ReviewError {
    /// The record does not replay.
    Record {
        /// Why.
        error: RecordError,
    },
    /// No such deal in the record.
    NoSuchDeal {
        /// The deal asked for (0-based).
        deal: usize,
        /// How many deals the record has.
        deals: usize,
    },
}

impl core::fmt::Display for ReviewError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            ReviewError::Record { error } => write!(f, "{error}"),
            ReviewError::NoSuchDeal { deal, deals } => write!(
                f,
                "no deal {} in the record (it has {deals})",
                deal.saturating_add(1)
            ),
        }
    }
}

impl std::error::Error for ReviewError {}

impl From<RecordError> for ReviewError {
    fn from(error: RecordError) -> Self {
        ReviewError::Record { error }
    }
}

/// Rounded to hundredths (values are shown to a tenth; losses stay exact
/// differences of the rounded values).
pub(super) fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}
