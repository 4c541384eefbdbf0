//! Problems: a position to solve, as data (docs/record-format.md, "Problems").
//!
//! A problem is a record that stops at a decision of one seat, with the question in French and
//! English, where it comes from (a historical text, or one of Le Maître's own games), a
//! difficulty, and its answer: the author's accepted actions with an explanation, and the
//! engine's verdict (every option's value). They are kept like the lessons: `problems/index.json`
//! ([`ProblemIndex`]) and one file per problem ([`Problem`]).
//!
//! - [`Problem::parse`] reads a problem file, with errors naming the file and the field
//!   ([`ProblemError`]), never a panic; [`Problem::to_json`] writes it back;
//! - [`verdict`]: the engine's verdict on a problem, recomputed (open-card values for the
//!   play, Le Maître's sampled values for the rest), and the check of the accepted answer;
//! - [`generate`]: problems picked from Le Maître's own games, reproducible from a seed;
//! - [`daily`]: the deal of the day, seeded by the date.

pub mod daily;
pub mod generate;
pub mod mine;
pub mod solve;
pub mod theme;
pub mod verdict;
pub mod words;

use piquet_engine::record_text::action_token;
use piquet_engine::{Action, Answer, CardSet, Deal, Phase, Record, Seat, Suit};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::fmt;
pub use theme::Theme;

/// The `format` of a problem file.
pub const FORMAT: &str = "piquet-problem";

/// The `format` of `problems/index.json`.
pub const INDEX_FORMAT: &str = "piquet-problems";

/// The version of the problem files and of the list this build reads.
pub const VERSION: u32 = 1;

/// The bot that plays the other seat of a problem and of the deal of the day: Le Maître.
pub const MASTER: &str = "5";

/// A text in French and in English.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Text {
    pub fr: String,
    pub en: String,
}

impl Text {
    /// A text from its French and English.
    pub fn new(fr: impl Into<String>, en: impl Into<String>) -> Text {
        Text {
            fr: fr.into(),
            en: en.into(),
        }
    }
}

/// The kind of a problem, from the decision at its stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ProblemKind {
    /// What to discard.
    Exchange,
    /// The leftover: elder's look, or the Rubicon dealer's choice.
    Leftover,
    /// Whether to announce carte blanche.
    CarteBlanche,
    /// What to declare.
    Declare,
    /// How to answer a declaration.
    Answer,
    /// Which card to lead.
    Lead,
    /// Which card to play to a card led.
    Follow,
}

impl ProblemKind {
    /// Every kind, in the order of a deal.
    pub const ALL: [ProblemKind; 7] = [
        ProblemKind::Exchange,
        ProblemKind::CarteBlanche,
        ProblemKind::Leftover,
        ProblemKind::Declare,
        ProblemKind::Answer,
        ProblemKind::Lead,
        ProblemKind::Follow,
    ];

    /// The stable id: `exchange`, `leftover`, `carte_blanche`, `declare`, `answer`, `lead`,
    /// `follow`.
    pub fn id(self) -> &'static str {
        match self {
            ProblemKind::Exchange => "exchange",
            ProblemKind::Leftover => "leftover",
            ProblemKind::CarteBlanche => "carte_blanche",
            ProblemKind::Declare => "declare",
            ProblemKind::Answer => "answer",
            ProblemKind::Lead => "lead",
            ProblemKind::Follow => "follow",
        }
    }

    /// The kind of the decision `seat` faces in `deal`, if it is one a problem can ask (not
    /// the abandon of les Fâcheux, not someone else's turn).
    pub fn of(deal: &Deal, seat: Seat) -> Option<ProblemKind> {
        if deal.to_act() != Some(seat) {
            return None;
        }
        let mut legal = Vec::new();
        deal.legal_actions(&mut legal);
        let blanche = legal.iter().any(|a| {
            matches!(
                a,
                Action::AnnounceCarteBlanche(_) | Action::DeclareCarteBlanche
            )
        });
        match deal.phase() {
            Phase::ElderExchange | Phase::DealerExchange if blanche => {
                Some(ProblemKind::CarteBlanche)
            }
            Phase::ElderExchange
            | Phase::DealerExchange
            | Phase::DealerBlindDiscard { .. }
            | Phase::ElderBlancheDiscard { .. } => Some(ProblemKind::Exchange),
            Phase::Leftover => Some(ProblemKind::Leftover),
            Phase::Declare { .. } => Some(ProblemKind::Declare),
            Phase::Answer { .. } if legal.iter().any(|a| matches!(a, Action::Declare(_))) => {
                Some(ProblemKind::Declare)
            }
            Phase::Answer { .. } => Some(ProblemKind::Answer),
            Phase::Play if deal.current_trick().1.is_some() => Some(ProblemKind::Follow),
            Phase::Play => Some(ProblemKind::Lead),
            _ => None,
        }
    }

    /// The question a problem of this kind asks, when its author gives none other.
    pub fn question(self) -> Text {
        match self {
            ProblemKind::Exchange => Text::new(
                "Quelles cartes écartez-vous ?",
                "Which cards do you discard?",
            ),
            ProblemKind::Leftover => Text::new(
                "Que faites-vous du talon restant ?",
                "What do you do with the leftover?",
            ),
            ProblemKind::CarteBlanche => Text::new(
                "Annoncez-vous cartes blanches ?",
                "Do you announce carte blanche?",
            ),
            ProblemKind::Declare => Text::new("Qu’annoncez-vous ?", "What do you declare?"),
            ProblemKind::Answer => Text::new("Que répondez-vous ?", "How do you answer?"),
            ProblemKind::Lead => {
                Text::new("Quelle carte entamez-vous ?", "Which card do you lead?")
            }
            ProblemKind::Follow => Text::new(
                "Quelle carte jouez-vous sur la carte entamée ?",
                "Which card do you play to the card led?",
            ),
        }
    }
}

impl fmt::Display for ProblemKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// Where a problem comes from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Source {
    /// A position from a historical text.
    Historical {
        /// The text, the page, the example.
        citation: String,
    },
    /// A decision of Le Maître's own games (`piquet problems generate`).
    Generated {
        /// The seed given to the generator.
        seed: u64,
        /// The rules' preset id.
        preset: String,
    },
    /// A decision of a game played, kept from its review by the player (« Enregistrer comme
    /// problème »).
    Game {
        /// The game, the deal, the decision.
        citation: String,
    },
}

impl Source {
    /// `historical`, `generated` or `game`.
    pub fn id(&self) -> &'static str {
        match self {
            Source::Historical { .. } => "historical",
            Source::Generated { .. } => "generated",
            Source::Game { .. } => "game",
        }
    }

    /// Where the position comes from, in words: the text, or the game (none for a generated
    /// problem).
    pub fn citation(&self) -> Option<&str> {
        match self {
            Source::Historical { citation } | Source::Game { citation } => Some(citation),
            Source::Generated { .. } => None,
        }
    }
}

/// The author's explanation of the answer.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Explanation {
    pub fr: String,
    pub en: String,
    /// When the engine disputes the author's answer: why the author keeps it (an author's
    /// answer that is not the engine's best must say so here).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub disputed: Option<Text>,
}

/// How the verdict's values were found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Method {
    /// The play: exact values with every card seen (the open-card solver).
    Open,
    /// The exchange, declarations and answers: Le Maître's values over sampled worlds.
    Sampled,
}

/// What the verdict's values measure.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Measure {
    /// The deal's final points margin for the seat (the review's values).
    #[default]
    Deal,
    /// The partie's gain for the seat, at Rubicon's last deal (RULES.md 9: 100 plus the
    /// difference of the totals, or plus their sum when the loser has not reached 100; negative
    /// when lost): where the game's score, not the deal's margin, decides a declaration — sinking
    /// when rubiconed.
    Partie,
    /// The seat's chance of winning a cent game, in percent, at the cent stop (RULES.md 9,
    /// Art. 19–20: a player near the target may reach it in this deal): the deal's points
    /// valued by the game they may win or lose (`piquet_ai::chances`), not by the margin.
    Game,
}

impl Measure {
    /// The deal's margin (the default, not written in a file).
    pub fn is_deal(&self) -> bool {
        *self == Measure::Deal
    }

    /// Whether the values measure the game's stakes rather than the deal's margin.
    pub fn at_stakes(&self) -> bool {
        *self != Measure::Deal
    }

    /// Its name in files and in the page (`deal`, `partie`, `game`).
    pub fn id(&self) -> &'static str {
        match self {
            Measure::Deal => "deal",
            Measure::Partie => "partie",
            Measure::Game => "game",
        }
    }
}

/// One option of the verdict and its value: the deal's final points margin for the seat (or,
/// by the verdict's [`Measure`], the partie's gain).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OptionEntry {
    /// The action in record notation, without the seat (`x 9S 8S`, `decl AD JD TD`, `good`,
    /// `AH`).
    pub action: String,
    pub value: f64,
}

/// The engine's verdict: every option valued, and the best.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Verdict {
    pub method: Method,
    /// The seed of the sampled worlds (0 for the open-card values).
    #[serde(default)]
    pub seed: u64,
    /// The number of sampled worlds the values are averaged over (0 for the open-card values).
    #[serde(default)]
    pub worlds: u16,
    /// What the values measure (the deal's margin when not written).
    #[serde(default, skip_serializing_if = "Measure::is_deal")]
    pub measure: Measure,
    /// The options, best first.
    pub options: Vec<OptionEntry>,
    /// The best option (the first of the options).
    pub best: String,
    /// The review's reason for the best option, in both languages.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<Text>,
}

impl Verdict {
    /// The best value less the next one's (0 with one option).
    pub fn margin(&self) -> f64 {
        match &self.options[..] {
            [a, b, ..] => a.value - b.value,
            _ => 0.0,
        }
    }

    /// The value of the option written `action`.
    pub fn value_of(&self, action: &str) -> Option<f64> {
        self.options
            .iter()
            .find(|o| o.action == action)
            .map(|o| o.value)
    }
}

/// The answer: the author's accepted actions and the engine's verdict (either may be missing,
/// not both).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Solution {
    /// The accepted actions, in record notation without the seat.
    #[serde(default)]
    pub accepted: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub explanation: Option<Explanation>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub verdict: Option<Verdict>,
}

/// A problem.
#[derive(Clone, Debug, PartialEq)]
pub struct Problem {
    /// Stable id, and the file's name without `.json`.
    pub id: String,
    pub question: Text,
    /// The seat whose decision it is.
    pub seat: Seat,
    pub source: Source,
    /// 1 (easy) to 3 (hard).
    pub difficulty: u8,
    /// What a lead or a follow is about (none for the other kinds), read from the verdict
    /// ([`theme::theme_of`]).
    pub theme: Option<Theme>,
    /// The game up to the decision: its last deal stops where `seat` must decide.
    pub record: Record,
    pub answer: Solution,
}

/// A problem file that cannot be read: the file, the field and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProblemError {
    /// The file, as given to the reader.
    pub file: String,
    /// The field (`seat`, `answer.accepted[1]`), or empty for the file as a whole.
    pub field: String,
    pub message: String,
}

impl fmt::Display for ProblemError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.field.is_empty() {
            write!(f, "{}: {}", self.file, self.message)
        } else {
            write!(f, "{}: field {}: {}", self.file, self.field, self.message)
        }
    }
}

impl std::error::Error for ProblemError {}

/// The action `seat` took, in record notation without the seat: `AH`, `x 9S 8S`,
/// `decl AD JD TD`, `good`.
pub fn notation(seat: Seat, action: Action) -> String {
    let token = action_token(seat, action);
    match token.split_once(':') {
        Some((_, rest)) => rest.to_string(),
        None => token,
    }
}

/// Reads an action in record notation without the seat (the inverse of [`notation`]).
pub fn parse_notation(text: &str) -> Result<Action, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let cards = |rest: &[&str]| -> Result<CardSet, String> {
        if rest.is_empty() {
            return Ok(CardSet::EMPTY);
        }
        rest.join(" ")
            .parse::<CardSet>()
            .map_err(|e| format!("{text:?}: {e:?}"))
    };
    let yes_no = |w: Option<&&str>| match w {
        Some(&"yes") => Ok(true),
        Some(&"no") => Ok(false),
        _ => Err(format!("{text:?}: expected yes or no")),
    };
    let Some((&head, rest)) = words.split_first() else {
        return Err("an empty action".into());
    };
    Ok(match head {
        "x" => Action::Discard(cards(rest)?),
        "blanche" if rest.is_empty() => Action::DeclareCarteBlanche,
        "blanche" => Action::AnnounceCarteBlanche(
            rest[0]
                .parse()
                .map_err(|_| format!("{text:?}: expected a number of cards"))?,
        ),
        "abandon" => Action::ProposeAbandon(yes_no(rest.first())?),
        "accept" => Action::AcceptAbandon(yes_no(rest.first())?),
        "look" => Action::LookAtLeftover(match rest.first() {
            Some(&"-") => None,
            Some(s) => Some(
                Suit::ALL
                    .into_iter()
                    .find(|x| x.letter().to_string() == *s)
                    .ok_or(format!("{text:?}: expected a suit letter or -"))?,
            ),
            None => return Err(format!("{text:?}: expected a suit letter or -")),
        }),
        "expose" => Action::ExposeLeftover(yes_no(rest.first())?),
        "decl" if rest == ["-"] => Action::Declare(None),
        "decl" => Action::Declare(Some(cards(rest)?)),
        "good" => Action::Answer(Answer::Good),
        "equal" => Action::Answer(Answer::Equal(cards(rest)?)),
        "better" => Action::Answer(Answer::Better(cards(rest)?)),
        card if rest.is_empty() => Action::Play(
            card.parse()
                .map_err(|_| format!("{text:?}: not an action"))?,
        ),
        _ => return Err(format!("{text:?}: not an action")),
    })
}

impl Problem {
    /// The deal at the stop, where `seat` must decide (an error in words when the record does
    /// not stop at a decision of `seat`).
    pub fn position(&self) -> Result<Deal, String> {
        let replay = self.record.replay().map_err(|e| e.to_string())?;
        let deal = replay
            .game
            .deal()
            .filter(|d| !d.is_over())
            .ok_or("the record does not stop within a deal")?;
        if deal.to_act() != Some(self.seat) {
            return Err(format!(
                "the record stops at a decision of {:?}, not of {:?}",
                deal.to_act(),
                self.seat
            ));
        }
        Ok(*deal)
    }

    /// What the problem's verdict measures. Without a verdict: the partie's gain for a
    /// declaration or an answer at Rubicon's last deal (reached by play or stated by the
    /// record's start), else the deal's margin.
    pub fn measure(&self) -> Measure {
        match &self.answer.verdict {
            Some(v) => v.measure,
            None if self.at_rubicon_last_deal() => Measure::Partie,
            None => Measure::Deal,
        }
    }

    /// Whether the stop is a declaration or an answer of Rubicon's last deal, where the
    /// partie's gain is at stake.
    fn at_rubicon_last_deal(&self) -> bool {
        let Ok(replay) = self.record.replay() else {
            return false;
        };
        let game = &replay.game;
        let stakes = piquet_ai::review::Stakes::of_deal(
            game.rules(),
            usize::from(game.deal_number()),
            game.totals(),
            None,
            game.dealer(),
        );
        matches!(stakes, Some(piquet_ai::review::Stakes::RubiconLast { .. }))
            && matches!(self.kind(), Ok(ProblemKind::Declare | ProblemKind::Answer))
    }

    /// The kind of the decision at the stop.
    pub fn kind(&self) -> Result<ProblemKind, String> {
        let deal = self.position()?;
        ProblemKind::of(&deal, self.seat).ok_or_else(|| "not a decision a problem asks".into())
    }

    /// The rules' preset id, or `custom`.
    pub fn rules_id(&self) -> String {
        self.record
            .resolved_rules()
            .ok()
            .and_then(|r| r.preset_id())
            .unwrap_or("custom")
            .to_string()
    }

    /// Reads a problem file (JSON); `file` names it in the errors. The record must stop at a
    /// decision of the seat, and every accepted action must be legal there.
    pub fn parse(file: &str, text: &str) -> Result<Problem, ProblemError> {
        let err = |field: &str, message: String| ProblemError {
            file: file.to_string(),
            field: field.to_string(),
            message,
        };
        let value: Value =
            serde_json::from_str(text).map_err(|e| err("", format!("not JSON: {e}")))?;
        let Value::Object(obj) = value else {
            return Err(err("", "not a JSON object".into()));
        };
        fn field<T: serde::de::DeserializeOwned>(
            obj: &Map<String, Value>,
            name: &str,
        ) -> Result<T, String> {
            let v = obj.get(name).ok_or("missing")?;
            serde_json::from_value(v.clone()).map_err(|e| e.to_string())
        }
        let get = |name: &str| -> Result<Value, ProblemError> {
            obj.get(name)
                .cloned()
                .ok_or_else(|| err(name, "missing".into()))
        };
        let format: String = field(&obj, "format").map_err(|e| err("format", e))?;
        let version: u32 = field(&obj, "version").map_err(|e| err("version", e))?;
        if format != FORMAT || version != VERSION {
            return Err(err(
                "format",
                format!("not a problem of version {VERSION} ({format} {version})"),
            ));
        }
        let id: String = field(&obj, "id").map_err(|e| err("id", e))?;
        if id.is_empty()
            || !id
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        {
            return Err(err("id", format!("{id:?}: letters, digits, - and _ only")));
        }
        let question: Text = field(&obj, "question").map_err(|e| err("question", e))?;
        if question.fr.is_empty() || question.en.is_empty() {
            return Err(err("question", "a question in French and English".into()));
        }
        let seat: Seat = field(&obj, "seat").map_err(|e| err("seat", e))?;
        let source: Source = field(&obj, "source").map_err(|e| err("source", e))?;
        let difficulty: u8 = field(&obj, "difficulty").map_err(|e| err("difficulty", e))?;
        if !(1..=3).contains(&difficulty) {
            return Err(err("difficulty", format!("{difficulty}: from 1 to 3")));
        }
        let theme: Option<Theme> = match obj.get("theme") {
            None => None,
            Some(v) => Some(
                serde_json::from_value(v.clone())
                    .map_err(|_| err("theme", format!("{v}: not a theme of the play")))?,
            ),
        };
        let record = Record::from_json(&get("record")?.to_string())
            .map_err(|e| err("record", e.to_string()))?;
        let answer: Solution = field(&obj, "answer").map_err(|e| err("answer", e))?;
        if answer.accepted.is_empty() && answer.verdict.is_none() {
            return Err(err(
                "answer",
                "neither accepted actions nor a verdict".into(),
            ));
        }
        let problem = Problem {
            id,
            question,
            seat,
            source,
            difficulty,
            theme,
            record,
            answer,
        };
        let deal = problem.position().map_err(|e| err("record", e))?;
        let Some(kind) = ProblemKind::of(&deal, seat) else {
            return Err(err("record", "not a decision a problem asks".into()));
        };
        if theme.is_some() && !matches!(kind, ProblemKind::Lead | ProblemKind::Follow) {
            return Err(err(
                "theme",
                format!("a theme is for a lead or a follow, not for {kind}"),
            ));
        }
        for (k, a) in problem.answer.accepted.iter().enumerate() {
            let place = format!("answer.accepted[{k}]");
            let action = parse_notation(a).map_err(|e| err(&place, e))?;
            deal.check(seat, action)
                .map_err(|e| err(&place, format!("{a:?} is not legal here: {e}")))?;
        }
        Ok(problem)
    }

    /// The problem as a file (JSON, pretty): [`Problem::parse`] reads it back equal.
    pub fn to_json(&self) -> String {
        #[derive(Serialize)]
        struct File<'a> {
            format: &'a str,
            version: u32,
            id: &'a str,
            question: &'a Text,
            seat: Seat,
            source: &'a Source,
            difficulty: u8,
            #[serde(skip_serializing_if = "Option::is_none")]
            theme: Option<Theme>,
            answer: &'a Solution,
            record: Value,
        }
        let file = File {
            format: FORMAT,
            version: VERSION,
            id: &self.id,
            question: &self.question,
            seat: self.seat,
            source: &self.source,
            difficulty: self.difficulty,
            theme: self.theme,
            answer: &self.answer,
            record: serde_json::from_str(&self.record.to_json()).unwrap_or(Value::Null),
        };
        serde_json::to_string_pretty(&file).unwrap_or_default() + "\n"
    }
}

/// One problem of the list.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct IndexEntry {
    pub id: String,
    /// The file, relative to `problems/`.
    pub file: String,
    /// The rules' preset id.
    pub rules: String,
    pub kind: ProblemKind,
    /// `historical`, `generated` or `game`.
    pub source: String,
    pub difficulty: u8,
    /// What a lead or a follow is about.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub theme: Option<Theme>,
    /// What the verdict's values measure: `partie` for a problem the game's score decides
    /// (sinking at Rubicon's last deal); not written for the deal's margin.
    #[serde(default, skip_serializing_if = "Measure::is_deal")]
    pub measure: Measure,
}

impl IndexEntry {
    /// The entry of a problem kept in `file`.
    pub fn of(problem: &Problem, file: &str) -> Result<IndexEntry, String> {
        Ok(IndexEntry {
            id: problem.id.clone(),
            file: file.to_string(),
            rules: problem.rules_id(),
            kind: problem.kind()?,
            source: problem.source.id().to_string(),
            difficulty: problem.difficulty,
            theme: problem.theme,
            measure: problem.measure(),
        })
    }
}

/// The list of problems, `problems/index.json`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ProblemIndex {
    pub format: String,
    pub version: u32,
    pub problems: Vec<IndexEntry>,
}

impl ProblemIndex {
    /// An empty list.
    pub fn new() -> ProblemIndex {
        ProblemIndex {
            format: INDEX_FORMAT.into(),
            version: VERSION,
            problems: Vec::new(),
        }
    }

    /// Reads the list (an unknown format or version is refused by name).
    pub fn parse(text: &str) -> Result<ProblemIndex, String> {
        let index: ProblemIndex = serde_json::from_str(text).map_err(|e| e.to_string())?;
        if index.format != INDEX_FORMAT || index.version != VERSION {
            return Err(format!(
                "not a list of problems of version {VERSION} ({} {})",
                index.format, index.version
            ));
        }
        Ok(index)
    }

    /// The list as a file.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default() + "\n"
    }

    /// The problem with this id.
    pub fn entry(&self, id: &str) -> Option<&IndexEntry> {
        self.problems.iter().find(|p| p.id == id)
    }
}

/// The table at the problem's decision: the player holds the problem's seat (always seat A of
/// the session: taking seat B of the record swaps the seats), Le Maître the other; the deals
/// after the record's are dealt from `seed`.
pub fn session(
    problem: &Problem,
    seed: u64,
) -> Result<crate::session::Session, crate::session::SessionError> {
    let deal = problem.record.deals.len().checked_sub(1).ok_or_else(|| {
        crate::session::SessionError::Replay("the problem’s record has no deal".into())
    })?;
    let at = piquet_engine::cursor::Position {
        deal,
        actions: problem.record.deals[deal].actions.len(),
    };
    let session = crate::records::play_from(&problem.record, at, problem.seat, MASTER, seed)?;
    if session.to_act() != Some(Seat::A) {
        return Err(crate::session::SessionError::Replay(
            "the problem’s record does not stop at its seat’s decision".into(),
        ));
    }
    Ok(session)
}

#[cfg(test)]
mod tests;
