//! Versioned game records (docs/record-format.md): rules, the cut, and per deal
//! the explicit layout and the actions. Replaying is the only way to rebuild a
//! position; errors say which deal and which action.

use crate::deal::{Action, DealSetup, Seat, SetupError};
use crate::error::IllegalAction;
use crate::event::Event;
use crate::game::{Cut, CutError, Game};
use crate::rules::{Rules, UnknownRules};
use serde::{Deserialize, Serialize};

/// The current record version.
pub const RECORD_VERSION: u32 = 1;

/// Rules in a record: a preset id, or the full rule set.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum RulesSpec {
    /// A preset's stable id (`"classique"`).
    Preset(String),
    /// Any combination.
    Custom(Rules),
}

impl RulesSpec {
    /// The rules meant.
    pub fn resolve(&self) -> Result<Rules, UnknownRules> {
        match self {
            RulesSpec::Preset(id) => Rules::by_id(id),
            RulesSpec::Custom(r) => Ok(*r),
        }
    }
}

/// Optional facts about the game.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Metadata {
    /// Event or occasion.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub event: Option<String>,
    /// Date (ISO 8601).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    /// Player names, seat A then B.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub players: Option<[String; 2]>,
    /// Where it comes from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    /// Licence of the record.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub licence: Option<String>,
}

/// One recorded decision.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordedAction {
    /// Who decided.
    pub seat: Seat,
    /// What.
    #[serde(flatten)]
    pub action: Action,
    /// Commentary.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub comment: Option<String>,
}

/// One deal: its layout and its actions.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DealRecord {
    /// The explicit layout.
    pub layout: DealSetup,
    /// The seed it came from, for information only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// The decisions, in order.
    pub actions: Vec<RecordedAction>,
}

/// A whole game record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// Always `"piquet-record"`.
    pub format: String,
    /// [`RECORD_VERSION`].
    pub version: u32,
    /// The rules.
    pub rules: RulesSpec,
    /// Optional metadata.
    #[serde(default)]
    pub meta: Metadata,
    /// The cut for the first dealer.
    pub cut: Cut,
    /// The deals, in order (the last may be unfinished).
    pub deals: Vec<DealRecord>,
}

/// Why a record does not replay.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum RecordError {
    /// Not JSON, or not this shape.
    Malformed {
        /// The parser's message (with line and column).
        message: String,
    },
    /// Not a piquet record, or a version this engine does not know.
    Version {
        /// What was found.
        found: String,
    },
    /// Unknown preset id.
    UnknownRules {
        /// The id.
        id: String,
    },
    /// Inconsistent rule set.
    BadRules {
        /// Why.
        reason: String,
    },
    /// The cut decides nothing.
    Cut {
        /// Why.
        problem: CutError,
    },
    /// A deal's layout is impossible, or has the wrong dealer.
    Layout {
        /// Deal index (0-based).
        deal: usize,
        /// What is wrong.
        problem: String,
    },
    /// An action is illegal.
    Action {
        /// Deal index (0-based).
        deal: usize,
        /// Action index in that deal (0-based).
        action: usize,
        /// The broken rule.
        error: IllegalAction,
    },
    /// A deal has actions after its end, or a deal follows an unfinished one
    /// or the end of the game.
    Extra {
        /// Deal index.
        deal: usize,
        /// Action index, if an action is extra.
        action: Option<usize>,
    },
}

impl core::fmt::Display for RecordError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            RecordError::Malformed { message } => write!(f, "malformed record: {message}"),
            RecordError::Version { found } => {
                write!(f, "unsupported record format/version: {found}")
            }
            RecordError::UnknownRules { id } => write!(f, "unknown rules id {id:?}"),
            RecordError::BadRules { reason } => write!(f, "inconsistent rules: {reason}"),
            RecordError::Cut { problem } => write!(f, "cut: {problem}"),
            RecordError::Layout { deal, problem } => write!(f, "deal {deal}: {problem}"),
            RecordError::Action {
                deal,
                action,
                error,
            } => write!(f, "deal {deal}, action {action}: {error}"),
            RecordError::Extra {
                deal,
                action: Some(a),
            } => {
                write!(f, "deal {deal}, action {a}: the deal is already over")
            }
            RecordError::Extra { deal, action: None } => {
                write!(f, "deal {deal}: no deal expected here")
            }
        }
    }
}

impl std::error::Error for RecordError {}

/// A replayed record: the game and every event, per deal.
#[derive(Debug, Clone)]
pub struct Replay {
    /// The game after the last action.
    pub game: Game,
    /// Events, per deal.
    pub events: Vec<Vec<Event>>,
}

impl Record {
    /// A new record with no deals.
    pub fn new(rules: Rules, cut: Cut) -> Record {
        let spec = match rules.preset_id() {
            Some(id) => RulesSpec::Preset(id.to_string()),
            None => RulesSpec::Custom(rules),
        };
        Record {
            format: "piquet-record".into(),
            version: RECORD_VERSION,
            rules: spec,
            meta: Metadata::default(),
            cut,
            deals: Vec::new(),
        }
    }

    /// Parses JSON (any input: errors, never panics).
    pub fn from_json(s: &str) -> Result<Record, RecordError> {
        let r: Record = serde_json::from_str(s).map_err(|e| RecordError::Malformed {
            message: e.to_string(),
        })?;
        if r.format != "piquet-record" || r.version != RECORD_VERSION {
            return Err(RecordError::Version {
                found: format!("{} v{}", r.format, r.version),
            });
        }
        Ok(r)
    }

    /// Pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// Replays every deal and action through the engine.
    pub fn replay(&self) -> Result<Replay, RecordError> {
        let rules = self
            .rules
            .resolve()
            .map_err(|e| RecordError::UnknownRules { id: e.0 })?;
        rules
            .validate()
            .map_err(|reason| RecordError::BadRules { reason })?;
        let mut game =
            Game::new(rules, &self.cut).map_err(|problem| RecordError::Cut { problem })?;
        let mut events = Vec::with_capacity(self.deals.len());
        for (i, deal) in self.deals.iter().enumerate() {
            if !game.needs_deal() {
                return Err(RecordError::Extra {
                    deal: i,
                    action: None,
                });
            }
            game.start_deal(deal.layout.clone())
                .map_err(|e: SetupError| RecordError::Layout {
                    deal: i,
                    problem: e.problem.to_string(),
                })?;
            let mut ev = Vec::new();
            for (j, a) in deal.actions.iter().enumerate() {
                if game.deal().is_none() {
                    return Err(RecordError::Extra {
                        deal: i,
                        action: Some(j),
                    });
                }
                game.apply_with(a.seat, a.action, &mut ev)
                    .map_err(|error| RecordError::Action {
                        deal: i,
                        action: j,
                        error,
                    })?;
            }
            events.push(ev);
        }
        Ok(Replay { game, events })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::random_action;
    use crate::rng::SplitMix64;

    /// A random whole game, recorded.
    pub(crate) fn random_record(rules: Rules, seed: u64) -> Record {
        let cut = Cut::from_seed(&rules, seed);
        let mut rec = Record::new(rules, cut.clone());
        let mut g = Game::new(rules, &cut).unwrap();
        let mut rng = SplitMix64::new(seed ^ 0xABCD);
        let mut buf = Vec::new();
        while g.outcome().is_none() {
            if g.needs_deal() {
                let s = rng.next_u64();
                let layout = DealSetup::from_seed(&rules, g.dealer(), s);
                g.start_deal(layout.clone()).unwrap();
                rec.deals.push(DealRecord {
                    layout,
                    seed: Some(s),
                    actions: Vec::new(),
                });
            }
            let (seat, action) = random_action(g.deal().unwrap(), &mut rng, &mut buf).unwrap();
            g.apply_with(seat, action, &mut crate::NoEvents).unwrap();
            if let Some(d) = rec.deals.last_mut() {
                d.actions.push(RecordedAction {
                    seat,
                    action,
                    comment: None,
                });
            }
        }
        rec
    }

    #[test]
    fn records_round_trip_and_replay() {
        for (_, r) in Rules::ALL {
            for seed in 0..4 {
                let rec = random_record(r, seed);
                let json = rec.to_json();
                let back = Record::from_json(&json).unwrap();
                assert_eq!(back, rec);
                let rep = back.replay().unwrap();
                assert!(rep.game.outcome().is_some());
                assert_eq!(rep.events.len(), rec.deals.len());
            }
        }
    }

    #[test]
    fn errors_say_where() {
        let mut rec = random_record(Rules::classique(), 1);
        rec.deals[0].actions[1].seat = rec.deals[0].actions[1].seat.other();
        match rec.replay() {
            Err(RecordError::Action {
                deal: 0,
                action: 1,
                error: IllegalAction::NotYourTurn { .. },
            }) => {}
            other => panic!("{other:?}"),
        }
        let mut rec = random_record(Rules::classique(), 1);
        rec.deals[0].layout.talon.pop();
        assert!(matches!(
            rec.replay(),
            Err(RecordError::Layout { deal: 0, .. })
        ));
        assert!(matches!(
            Record::from_json("{"),
            Err(RecordError::Malformed { .. })
        ));
        let mut rec = random_record(Rules::classique(), 1);
        rec.version = 9;
        assert!(matches!(
            Record::from_json(&rec.to_json()),
            Err(RecordError::Version { .. })
        ));
        rec.version = 1;
        rec.rules = RulesSpec::Preset("nope".into());
        assert!(matches!(
            rec.replay(),
            Err(RecordError::UnknownRules { .. })
        ));
    }

    #[test]
    fn mutated_records_never_panic() {
        let json = random_record(Rules::rubicon(), 3).to_json();
        let bytes = json.as_bytes();
        let mut rng = SplitMix64::new(1);
        for _ in 0..300 {
            let mut b = bytes.to_vec();
            for _ in 0..3 {
                let i = rng.below(b.len() as u32) as usize;
                b[i] = b" \"{}[],:0123456789ASHDCKQJT-xyz"[rng.below(31) as usize];
            }
            if let Ok(s) = core::str::from_utf8(&b) {
                if let Ok(r) = Record::from_json(s) {
                    let _ = r.replay();
                }
            }
        }
    }
}
