//! Versioned game records (docs/record-format.md): rules, the cut, and per deal
//! the explicit layout and the actions, with optional metadata and commentary.
//! Replaying is the only way to rebuild a position; errors ([`RecordError`], in
//! [`crate::record_error`]) say which deal and which action. The JSON form is here;
//! the text form, and [`Record::parse`] which reads either, are in
//! [`crate::record_text`]; the step-by-step replay is in [`crate::cursor`].
//!
//! Version 2 adds the annotator to the metadata and a comment before the first
//! action of a deal; version 3 gives commentary per language and technical notes
//! apart from it ([`Localized`]). Older records are read and upgraded (every
//! version 1 or 2 record is a version 3 record: its comments are in no stated
//! language). A record may also be a lesson: each action (and each deal) may carry
//! the `prompt` shown before it and the `wrong` word shown when another action is
//! tried; other readers ignore them.

use crate::action::Action;
use crate::event::Event;
use crate::excerpt::Excerpt;
use crate::game::{Cut, Game, GameStart, StartError};
use crate::rules::{Rules, UnknownRules};
use crate::seat::Seat;
use crate::setup::{DealSetup, SetupError};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::BTreeMap;

pub use crate::localized::{Localized, UNTAGGED, is_language_tag};
pub use crate::record_error::{JsonPlace, JsonProblem, RecordError};

/// The current record version: the newest read. A record is written with the lowest version
/// that says all it holds ([`Record::written_version`]): 4 with a [`GameStart`], else 3.
pub const RECORD_VERSION: u32 = 4;

/// The first version with a start ([`Record::start`]): older readers would ignore it.
pub const START_VERSION: u32 = 4;

/// The oldest version still read ([`Record::from_json`] upgrades it).
pub const OLDEST_RECORD_VERSION: u32 = 1;

/// The `format` field of every record.
pub const RECORD_FORMAT: &str = "piquet-record";

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
    /// Who wrote the commentary (version 2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub annotator: Option<String>,
}

impl Metadata {
    /// No field is set.
    pub fn is_empty(&self) -> bool {
        *self == Metadata::default()
    }
}

/// One recorded decision.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordedAction {
    /// Who decided.
    pub seat: Seat,
    /// What.
    #[serde(flatten)]
    pub action: Action,
    /// Commentary for readers, shown once this action has been made, per language.
    #[serde(default, skip_serializing_if = "Localized::is_empty")]
    pub comment: Localized,
    /// A technical note for the curious (the project's rule references, how the record was
    /// made), kept apart from the commentary, per language.
    #[serde(default, skip_serializing_if = "Localized::is_empty")]
    pub note: Localized,
    /// In a lesson: what the player is asked to do, shown before this action, per language.
    #[serde(default, skip_serializing_if = "Localized::is_empty")]
    pub prompt: Localized,
    /// In a lesson: what is said when the player does something else than this action (the
    /// action is then not made, and he tries again), per language.
    #[serde(default, skip_serializing_if = "Localized::is_empty")]
    pub wrong: Localized,
}

impl RecordedAction {
    /// A decision without commentary.
    pub fn new(seat: Seat, action: Action) -> RecordedAction {
        RecordedAction {
            seat,
            action,
            comment: Localized::new(),
            note: Localized::new(),
            prompt: Localized::new(),
            wrong: Localized::new(),
        }
    }
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

/// In a lesson: the texts of the cut, its first step when the lesson starts at the first deal
/// (the player draws his card; docs/record-format.md, "Lessons"). In JSON they are fields of the
/// `cut` object; in the text form, labelled braces before the first `[Deal]`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CutTexts {
    /// What the player is asked to do before he draws.
    pub prompt: Localized,
    /// What is said when he does something else first.
    pub wrong: Localized,
    /// What is said once the cards are drawn: who deals, who is elder, and why.
    pub comment: Localized,
}

impl CutTexts {
    /// No text at all.
    pub fn is_empty(&self) -> bool {
        self.prompt.is_empty() && self.wrong.is_empty() && self.comment.is_empty()
    }
}

/// A whole game record. In JSON, the comment before the first action of deal
/// *d* is that deal's `comment` field (see docs/record-format.md).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// Always [`RECORD_FORMAT`].
    pub format: String,
    /// [`RECORD_VERSION`] (older versions are upgraded when read).
    pub version: u32,
    /// The rules.
    pub rules: RulesSpec,
    /// Optional metadata.
    pub meta: Metadata,
    /// The cut for the first dealer.
    pub cut: Cut,
    /// Where the game stood before the first deal, when the record does not start at the
    /// beginning of the game (version 4).
    pub start: Option<GameStart>,
    /// In a lesson: the texts of the cut.
    pub cut_texts: CutTexts,
    /// The deals, in order (the last may be unfinished).
    pub deals: Vec<DealRecord>,
    /// Comments before the first action of a deal, by deal index (0-based).
    /// Entries for deals the record does not have are not written.
    pub deal_comments: BTreeMap<usize, Localized>,
    /// Technical notes on a deal, shown with its opening comment, by deal index.
    pub deal_notes: BTreeMap<usize, Localized>,
    /// In a lesson: what the player is told before a deal is dealt (at the cut, or after the
    /// deal before), by deal index.
    pub deal_prompts: BTreeMap<usize, Localized>,
}

/// The JSON shape of a record, borrowed for writing.
#[derive(Serialize)]
struct RecordOut<'a> {
    format: &'a str,
    version: u32,
    rules: &'a RulesSpec,
    meta: &'a Metadata,
    cut: CutOut<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    start: Option<&'a GameStart>,
    deals: Vec<DealOut<'a>>,
}

#[derive(Serialize)]
struct CutOut<'a> {
    #[serde(flatten)]
    cut: &'a Cut,
    #[serde(skip_serializing_if = "Localized::is_empty")]
    prompt: &'a Localized,
    #[serde(skip_serializing_if = "Localized::is_empty")]
    wrong: &'a Localized,
    #[serde(skip_serializing_if = "Localized::is_empty")]
    comment: &'a Localized,
}

#[derive(Serialize)]
struct DealOut<'a> {
    layout: &'a DealSetup,
    #[serde(skip_serializing_if = "Option::is_none")]
    seed: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    comment: Option<&'a Localized>,
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<&'a Localized>,
    #[serde(skip_serializing_if = "Option::is_none")]
    prompt: Option<&'a Localized>,
    actions: &'a [RecordedAction],
}

/// The JSON shape of a record, owned for reading.
#[derive(Deserialize)]
struct RecordIn {
    format: String,
    version: u32,
    rules: RulesSpec,
    #[serde(default)]
    meta: Metadata,
    cut: CutIn,
    #[serde(default)]
    start: Option<GameStart>,
    deals: Vec<DealIn>,
}

#[derive(Deserialize)]
struct CutIn {
    #[serde(flatten)]
    cut: Cut,
    #[serde(default)]
    prompt: Localized,
    #[serde(default)]
    wrong: Localized,
    #[serde(default)]
    comment: Localized,
}

#[derive(Deserialize)]
struct DealIn {
    layout: DealSetup,
    #[serde(default)]
    seed: Option<u64>,
    #[serde(default)]
    comment: Option<Localized>,
    #[serde(default)]
    note: Option<Localized>,
    #[serde(default)]
    prompt: Option<Localized>,
    actions: Vec<RecordedAction>,
}

impl Serialize for Record {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        RecordOut {
            format: &self.format,
            version: self.written_version(),
            rules: &self.rules,
            meta: &self.meta,
            cut: CutOut {
                cut: &self.cut,
                prompt: &self.cut_texts.prompt,
                wrong: &self.cut_texts.wrong,
                comment: &self.cut_texts.comment,
            },
            start: self.start.as_ref(),
            deals: self
                .deals
                .iter()
                .enumerate()
                .map(|(i, d)| DealOut {
                    layout: &d.layout,
                    seed: d.seed,
                    comment: self.deal_comments.get(&i).filter(|c| !c.is_empty()),
                    note: self.deal_notes.get(&i).filter(|c| !c.is_empty()),
                    prompt: self.deal_prompts.get(&i).filter(|c| !c.is_empty()),
                    actions: &d.actions,
                })
                .collect(),
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Record {
    /// A record as this version holds it: its `version` is [`RECORD_VERSION`] whatever was
    /// written (the writer writes the lowest that says it all), so that a record crosses the
    /// wire and comes back equal. [`Record::from_json`] checks the version written first.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let mut record = Record::from_in(RecordIn::deserialize(d)?);
        record.version = RECORD_VERSION;
        Ok(record)
    }
}

impl Record {
    /// The record of its JSON shape, its version as written.
    fn from_in(r: RecordIn) -> Record {
        let mut deal_comments = BTreeMap::new();
        let mut deal_notes = BTreeMap::new();
        let mut deal_prompts = BTreeMap::new();
        let deals = r
            .deals
            .into_iter()
            .enumerate()
            .map(|(i, d)| {
                if let Some(c) = d.comment.filter(|c| !c.is_empty()) {
                    deal_comments.insert(i, c);
                }
                if let Some(n) = d.note.filter(|n| !n.is_empty()) {
                    deal_notes.insert(i, n);
                }
                if let Some(p) = d.prompt.filter(|p| !p.is_empty()) {
                    deal_prompts.insert(i, p);
                }
                DealRecord {
                    layout: d.layout,
                    seed: d.seed,
                    actions: d.actions,
                }
            })
            .collect();
        Record {
            format: r.format,
            version: r.version,
            rules: r.rules,
            meta: r.meta,
            cut: r.cut.cut,
            start: r.start,
            cut_texts: CutTexts {
                prompt: r.cut.prompt,
                wrong: r.cut.wrong,
                comment: r.cut.comment,
            },
            deals,
            deal_comments,
            deal_notes,
            deal_prompts,
        }
    }
}

/// Checks the `format` and `version` fields of a record.
pub(crate) fn check_version(format: &str, version: u32) -> Result<(), RecordError> {
    if format != RECORD_FORMAT || !(OLDEST_RECORD_VERSION..=RECORD_VERSION).contains(&version) {
        return Err(RecordError::Version {
            format: Excerpt::of(format),
            version,
        });
    }
    Ok(())
}

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
            format: RECORD_FORMAT.into(),
            version: RECORD_VERSION,
            rules: spec,
            meta: Metadata::default(),
            cut,
            start: None,
            cut_texts: CutTexts::default(),
            deals: Vec::new(),
            deal_comments: BTreeMap::new(),
            deal_notes: BTreeMap::new(),
            deal_prompts: BTreeMap::new(),
        }
    }

    /// Parses JSON (any input: errors, never panics). Version 1 records are
    /// upgraded to [`RECORD_VERSION`].
    pub fn from_json(s: &str) -> Result<Record, RecordError> {
        let r: RecordIn = serde_json::from_str(s).map_err(|e| RecordError::malformed(&e, s))?;
        let mut r = Record::from_in(r);
        check_version(&r.format, r.version)?;
        if r.start.is_some() && r.version < START_VERSION {
            return Err(RecordError::Start {
                problem: crate::game::StartProblem::OlderVersion { version: r.version },
            });
        }
        r.version = RECORD_VERSION;
        Ok(r)
    }

    /// The version this record is written with: the lowest that says all it holds
    /// ([`START_VERSION`] with a start, else 3), so that older readers still read it when they
    /// can and refuse it when they would misread it.
    pub fn written_version(&self) -> u32 {
        if self.start.is_some() {
            START_VERSION
        } else {
            START_VERSION - 1
        }
    }

    /// The game as it stood before the record's first deal: after the cut, or where
    /// [`Record::start`] says. The rules must be resolved ([`Record::resolved_rules`]).
    pub fn starting_game(&self, rules: Rules) -> Result<Game, RecordError> {
        Game::starting(rules, &self.cut, self.start.as_ref()).map_err(|e| match e {
            StartError::Cut(problem) => RecordError::Cut { problem },
            StartError::Start(problem) => RecordError::Start { problem },
        })
    }

    /// The comment before the first action of deal `deal`.
    pub fn deal_comment(&self, deal: usize) -> Option<&Localized> {
        self.deal_comments.get(&deal).filter(|c| !c.is_empty())
    }

    /// The technical note on deal `deal`.
    pub fn deal_note(&self, deal: usize) -> Option<&Localized> {
        self.deal_notes.get(&deal).filter(|c| !c.is_empty())
    }

    /// In a lesson, what the player is told before deal `deal` is dealt.
    pub fn deal_prompt(&self, deal: usize) -> Option<&Localized> {
        self.deal_prompts.get(&deal).filter(|c| !c.is_empty())
    }

    /// The comment attached to action `action` of deal `deal`.
    pub fn action_comment(&self, deal: usize, action: usize) -> Option<&Localized> {
        Some(&self.deals.get(deal)?.actions.get(action)?.comment).filter(|c| !c.is_empty())
    }

    /// The technical note attached to action `action` of deal `deal`.
    pub fn action_note(&self, deal: usize, action: usize) -> Option<&Localized> {
        Some(&self.deals.get(deal)?.actions.get(action)?.note).filter(|c| !c.is_empty())
    }

    /// The rules, resolved and checked.
    pub fn resolved_rules(&self) -> Result<Rules, RecordError> {
        let rules = self
            .rules
            .resolve()
            .map_err(|e| RecordError::UnknownRules {
                id: Excerpt::of(&e.0),
            })?;
        rules
            .check()
            .map_err(|reason| RecordError::BadRules { reason })?;
        Ok(rules)
    }

    /// Pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// Replays every deal and action through the engine.
    pub fn replay(&self) -> Result<Replay, RecordError> {
        let rules = self.resolved_rules()?;
        let mut game = self.starting_game(rules)?;
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
                    problem: e.problem,
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
    use crate::error::IllegalAction;
    use crate::random_play::random_action;
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
                d.actions.push(RecordedAction::new(seat, action));
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
        let json = rec.to_json().replace("\"version\": 3", "\"version\": 9");
        assert!(matches!(
            Record::from_json(&json),
            Err(RecordError::Version { version: 9, .. })
        ));
        rec.version = 1;
        rec.rules = RulesSpec::Preset("nope".into());
        assert!(matches!(
            rec.replay(),
            Err(RecordError::UnknownRules { .. })
        ));
    }

    /// The error of `json` with `from` replaced by `to` (once), said.
    fn json_error(json: &str, from: &str, to: &str) -> (RecordError, String) {
        assert!(json.contains(from), "{from}");
        let e = Record::from_json(&json.replacen(from, to, 1)).unwrap_err();
        let said = e.to_string();
        (e, said)
    }

    #[test]
    fn json_errors_name_the_field_and_the_value() {
        let json = random_record(Rules::classique(), 1).to_json();
        let (e, said) = json_error(&json, "\"action\": \"discard\"", "\"action\": \"XX\"");
        assert!(
            said.starts_with("malformed record: deals[0].actions[0].action: \"XX\" is not one of discard, announce_carte_blanche,"),
            "{said}"
        );
        match e {
            RecordError::Malformed {
                problem: JsonProblem::NotOneOf { expected },
                place: Some(place),
                ..
            } => {
                assert_eq!(place.path, "deals[0].actions[0].action");
                assert!(expected.contains(&"play".to_string()));
            }
            other => panic!("{other:?}"),
        }
        let (_, said) = json_error(&json, "\"seat\": \"B\"", "\"seat\": \"C\"");
        assert!(
            said.contains(".seat: \"C\" is not one of A, B (line "),
            "{said}"
        );
        let (_, said) = json_error(&json, "\"elder\": \"", "\"elder\": \"ZZ ");
        assert!(
            said.starts_with("malformed record: deals[0].layout.elder: \"ZZ ")
                && said.contains("bad card \"ZZ\""),
            "{said}"
        );
        let (_, said) = json_error(&json, "\"version\": 3", "\"version\": \"three\"");
        assert!(
            said.starts_with("malformed record: version: \"three\" does not fit"),
            "{said}"
        );
        let (_, said) = json_error(&json, "\"seat\": \"A\",", "");
        assert!(
            said.contains("]: the field \"seat\" is missing (line "),
            "{said}"
        );
        // Syntax errors say where, as before.
        let (e, _) = json_error(&json, "\"deals\"", "deals");
        assert!(matches!(
            e,
            RecordError::Malformed {
                problem: JsonProblem::Syntax,
                place: None,
                ..
            }
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
