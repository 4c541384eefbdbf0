//! Why a record does not read or replay ([`RecordError`]), with the problems of its JSON and
//! text forms ([`JsonProblem`], [`TextProblem`]), typed so that a program can say them in any
//! language; [`core::fmt::Display`] says them in English.

use crate::card::ParseCardError;
use crate::error::{IllegalAction, SetupProblem};
use crate::excerpt::{Excerpt, clip_message};
use crate::game::{CutError, StartProblem};
use crate::localized::UNTAGGED;
use crate::rules::{Rules, RulesProblem};
use core::fmt;
use serde::{Deserialize, Serialize};

/// What kind of problem the JSON parser met ([`RecordError::Malformed`]), so that it can be
/// named in any language.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "problem")]
pub enum JsonProblem {
    /// Not JSON at all: a character where it cannot be.
    Syntax,
    /// The text ends before the JSON does.
    Eof,
    /// A field every record has is missing.
    MissingField {
        /// Its name.
        field: String,
    },
    /// JSON, but not a record's shape (a wrong type or value somewhere).
    Shape,
    /// A value that is not one of those its field allows (an action, a seat, an answer…).
    NotOneOf {
        /// The values allowed.
        expected: Vec<String>,
    },
}

/// Where in a JSON record a problem is: the field's path (`deals[0].actions[19].action`) and
/// the value written there (compact JSON, cut).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct JsonPlace {
    /// The path from the top of the record: fields after dots, indices in brackets (counted
    /// from 0); empty for the record itself.
    pub path: String,
    /// The value at that path: a string's text, any other value as compact JSON.
    pub found: Excerpt,
}

/// The most characters of a value a JSON error quotes.
const FOUND_CHARS: usize = 60;

/// Why a record does not replay.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum RecordError {
    /// Not JSON, or not this shape.
    Malformed {
        /// What kind of problem.
        problem: JsonProblem,
        /// Where (1-based; 0 when the parser does not say).
        line: usize,
        /// Where on the line (1-based; 0 when the parser does not say).
        column: usize,
        /// The parser's message (with line and column), cut if it quotes a long input.
        message: String,
        /// The field and the value, when the JSON reads but is not a record's shape (boxed, to
        /// keep the error small).
        #[serde(default)]
        place: Option<Box<JsonPlace>>,
    },
    /// The text form does not read, or does not replay (see
    /// [`Record::from_text`](crate::Record::from_text)).
    Text {
        /// Line, 1-based (past the last line when something is missing at the end).
        line: usize,
        /// What is written on that line, without its indentation (empty past the end, and
        /// when the problem quotes it already); boxed, to keep the error small.
        written: Box<Excerpt>,
        /// What is wrong there.
        problem: TextProblem,
    },
    /// Not a piquet record, or a version this engine does not know.
    Version {
        /// The `format` found.
        format: Excerpt,
        /// The `version` found.
        version: u32,
    },
    /// Unknown preset id.
    UnknownRules {
        /// The id.
        id: Excerpt,
    },
    /// Inconsistent rule set.
    BadRules {
        /// Why.
        reason: RulesProblem,
    },
    /// The cut decides nothing.
    Cut {
        /// Why.
        problem: CutError,
    },
    /// The game's start (where it stood before the first deal) is not a place it could stand.
    Start {
        /// Why.
        problem: StartProblem,
    },
    /// A deal's layout is impossible, or has the wrong dealer.
    Layout {
        /// Deal index (0-based).
        deal: usize,
        /// What is wrong.
        problem: SetupProblem,
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

impl RecordError {
    /// The error of serde's JSON parser on `input`, typed, with the field and the value when
    /// the JSON reads but is not a record's shape.
    pub(crate) fn malformed(e: &serde_json::Error, input: &str) -> RecordError {
        use serde_json::error::Category;
        let message = e.to_string();
        let mut problem = match e.classify() {
            Category::Syntax | Category::Io => JsonProblem::Syntax,
            Category::Eof => JsonProblem::Eof,
            Category::Data => match message
                .strip_prefix("missing field `")
                .and_then(|rest| rest.split_once('`'))
            {
                Some((field, _)) => JsonProblem::MissingField {
                    field: Excerpt::of(field).text,
                },
                None => match unknown_variant(&message) {
                    Some((_, expected)) => JsonProblem::NotOneOf { expected },
                    None => JsonProblem::Shape,
                },
            },
        };
        let place = match problem {
            JsonProblem::Syntax | JsonProblem::Eof => None,
            _ => json_place(input, e.line(), e.column(), &message),
        };
        if place.is_none() {
            if let JsonProblem::NotOneOf { .. } = problem {
                problem = JsonProblem::Shape;
            }
        }
        RecordError::Malformed {
            problem,
            line: e.line(),
            column: e.column(),
            message: clip_message(&message),
            place: place.map(Box::new),
        }
    }
}

/// `unknown variant `X`, expected one of `a`, `b`` (or `expected `a` or `b``): the value and
/// the values allowed.
fn unknown_variant(message: &str) -> Option<(&str, Vec<String>)> {
    let rest = message.strip_prefix("unknown variant `")?;
    let (found, rest) = rest.split_once('`')?;
    let rest = rest.split(" at line ").next().unwrap_or_default();
    let expected = rest
        .split('`')
        .skip(1)
        .step_by(2)
        .map(|v| Excerpt::of_at_most(v, FOUND_CHARS).text)
        .take(16)
        .collect();
    Some((found, expected))
}

/// One step of a path in JSON: a field or an index.
#[derive(Debug, Clone)]
enum Step {
    Field(String),
    Index(usize),
}

/// The field at line `line`, column `column` of the JSON `input` (where serde stopped), and the
/// value there: the path of the value being read, or of the object or array that ends there
/// (a missing field, a value read whole). When the message names an unknown variant and the
/// value is an object, the field of the object that holds it (a flattened action's `action`).
fn json_place(input: &str, line: usize, column: usize, message: &str) -> Option<JsonPlace> {
    let start = input
        .split_inclusive('\n')
        .take(line.checked_sub(1)?)
        .map(str::len)
        .sum::<usize>();
    let end = (start + column).min(input.len());
    let mut steps = steps_at(input.as_bytes(), end);
    let value: serde_json::Value = serde_json::from_str(input).ok()?;
    let mut at = &value;
    for step in &steps {
        at = match step {
            Step::Field(k) => at.get(k)?,
            Step::Index(i) => at.get(i)?,
        };
    }
    if let (Some((variant, _)), serde_json::Value::Object(fields)) = (unknown_variant(message), at)
    {
        if let Some((k, v)) = fields.iter().find(|(_, v)| v.as_str() == Some(variant)) {
            steps.push(Step::Field(k.clone()));
            at = v;
        }
    }
    let mut path = String::new();
    for step in &steps {
        match step {
            Step::Field(k) if path.is_empty() => path.push_str(k),
            Step::Field(k) => {
                path.push('.');
                path.push_str(k);
            }
            Step::Index(i) => path.push_str(&format!("[{i}]")),
        }
    }
    Some(JsonPlace {
        path: Excerpt::of(&path).text,
        found: Excerpt::of_at_most(
            &at.as_str().map_or_else(|| at.to_string(), String::from),
            FOUND_CHARS,
        ),
    })
}

/// The path of the value being read at byte `end` of a JSON text (the bytes before it read):
/// per open object its current field, per open array its current index; when the last byte read
/// closes an object or an array, the path of that object or array.
fn steps_at(bytes: &[u8], end: usize) -> Vec<Step> {
    // Per open container: its current step (None: an object before its first field).
    let mut open: Vec<(bool, Option<Step>)> = Vec::new();
    let mut in_string = false;
    let mut escaped = false;
    let mut string = Vec::new();
    let mut closed = None;
    for &b in &bytes[..end] {
        closed = None;
        if in_string {
            match b {
                _ if escaped => {
                    escaped = false;
                    string.push(b);
                }
                b'\\' => escaped = true,
                b'"' => {
                    in_string = false;
                    // A string where an object expects a field: the field.
                    if let Some((true, step @ None)) = open.last_mut() {
                        *step = Some(Step::Field(String::from_utf8_lossy(&string).into_owned()));
                    }
                }
                _ => string.push(b),
            }
            continue;
        }
        match b {
            b'"' => {
                in_string = true;
                string.clear();
            }
            b'{' => open.push((true, None)),
            b'[' => open.push((false, Some(Step::Index(0)))),
            b',' => match open.last_mut() {
                Some((true, step)) => *step = None,
                Some((false, Some(Step::Index(i)))) => *i += 1,
                _ => {}
            },
            b'}' | b']' => {
                open.pop();
                closed = Some(open.len());
            }
            _ => {}
        }
    }
    let depth = closed.unwrap_or(open.len());
    open.into_iter()
        .take(depth)
        .filter_map(|(_, step)| step)
        .collect()
}

impl core::fmt::Display for RecordError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            RecordError::Malformed {
                problem,
                line,
                column,
                message,
                place: Some(place),
            } => {
                let at = if place.path.is_empty() {
                    "the record"
                } else {
                    &place.path
                };
                match problem {
                    JsonProblem::NotOneOf { expected } => write!(
                        f,
                        "malformed record: {at}: {} is not one of {} (line {line}, column {column})",
                        place.found,
                        expected.join(", ")
                    ),
                    JsonProblem::MissingField { field } => write!(
                        f,
                        "malformed record: {at}: the field {field:?} is missing (line {line}, column {column})"
                    ),
                    _ => write!(
                        f,
                        "malformed record: {at}: {} does not fit: {message}",
                        place.found
                    ),
                }
            }
            RecordError::Malformed { message, .. } => write!(f, "malformed record: {message}"),
            RecordError::Text {
                line,
                written,
                problem,
            } => {
                if written.text.is_empty() {
                    write!(f, "record text, line {line}: {problem}")
                } else {
                    write!(f, "record text, line {line} ({written}): {problem}")
                }
            }
            RecordError::Version { format, version } => {
                write!(
                    f,
                    "unsupported record format/version: {} v{version}",
                    format.text
                )
            }
            RecordError::UnknownRules { id } => write!(f, "unknown rules id {id}"),
            RecordError::BadRules { reason } => write!(f, "inconsistent rules: {reason}"),
            RecordError::Cut { problem } => write!(f, "cut: {problem}"),
            RecordError::Start { problem } => write!(f, "start: {problem}"),
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

/// What a text in braces is, by its label: a comment for readers (`[fr]`, or no label), a
/// technical note (`[note fr]`), and in a lesson the prompt shown before the action
/// (`[prompt fr]`) or the word said when another action is tried (`[wrong fr]`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TextKind {
    /// Commentary for readers (the JSON form's `comment`).
    Comment,
    /// A technical note (`note`).
    Note,
    /// A lesson's prompt, shown before the action or the deal (`prompt`).
    Prompt,
    /// A lesson's word when another action is tried (`wrong`).
    Wrong,
}

impl TextKind {
    /// Its name, as errors say it.
    pub fn name(self) -> &'static str {
        match self {
            TextKind::Comment => "comment",
            TextKind::Note => "note",
            TextKind::Prompt => "prompt",
            TextKind::Wrong => "wrong",
        }
    }
}

/// Where a list of cards that does not read was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CardsPlace {
    /// `x`: a discard.
    Discard,
    /// `decl`: a declaration.
    Declare,
    /// `equal`: an answer "égal".
    Equal,
    /// `better`: an answer "mieux".
    Better,
    /// The `Elder` tag.
    Elder,
    /// The `DealerHand` tag.
    DealerHand,
    /// The `Talon` tag.
    Talon,
    /// The `Cut` tag.
    Cut,
}

impl fmt::Display for CardsPlace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CardsPlace::Discard => "x (discard)",
            CardsPlace::Declare => "decl",
            CardsPlace::Equal => "equal",
            CardsPlace::Better => "better",
            CardsPlace::Elder => "Elder",
            CardsPlace::DealerHand => "DealerHand",
            CardsPlace::Talon => "Talon",
            CardsPlace::Cut => "Cut",
        })
    }
}

/// What is wrong at a line of the text form ([`RecordError::Text`]). Typed, so that a program
/// can put it in any language; [`fmt::Display`] says it in English. Whatever it quotes of the
/// input is an [`Excerpt`] (short, with the length of what was cut).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "problem")]
pub enum TextProblem {
    /// A word with `}`, `]` or `"` in it.
    Unexpected {
        /// The word.
        word: Excerpt,
    },
    /// `[` without a tag name.
    TagNameMissing,
    /// A tag whose value is not in quotes.
    TagUnquoted {
        /// The tag's name.
        tag: Excerpt,
    },
    /// A tag value whose quote is not closed on its line.
    TagUnclosedQuote {
        /// The tag's name.
        tag: Excerpt,
    },
    /// A backslash in a tag value followed by something else than `\ \" n r t`.
    TagBadEscape {
        /// The tag's name.
        tag: Excerpt,
        /// The character after the backslash (none at the end of the text).
        found: Option<char>,
    },
    /// A tag without its closing `]`.
    TagUnclosed {
        /// The tag's name.
        tag: Excerpt,
    },
    /// A comment opened with `{` and never closed: the text ends, or another `{` opens before
    /// its `}` (it would swallow the next comment). The line is the one it opens on.
    CommentUnclosed,
    /// A backslash in a comment followed by something else than `\\`, `{` or `}`.
    CommentBadEscape,
    /// A text in braces that begins with brackets that are no label (`{[FR] …}`,
    /// `{[français] …}`): the labels are the languages `fr`, `en` and `und`, alone or after
    /// `note`, `prompt` or `wrong`.
    BadLabel {
        /// What is between the brackets.
        label: Excerpt,
    },
    /// `[Deal "n"]` out of order.
    DealNumber {
        /// The value given.
        found: Excerpt,
        /// The number expected.
        expected: usize,
    },
    /// A header tag inside a deal section.
    HeaderTagInDeal {
        /// The tag's name.
        tag: Excerpt,
    },
    /// A tag that no deal section has.
    NotADealTag {
        /// The tag's name.
        tag: Excerpt,
    },
    /// A deal tag after the deal's comment or actions.
    DealTagLate {
        /// The tag's name.
        tag: Excerpt,
    },
    /// A deal tag given twice in one deal.
    DealTagTwice {
        /// The tag's name.
        tag: Excerpt,
    },
    /// A deal tag in the header, before any `[Deal]`.
    DealTagInHeader {
        /// The tag's name.
        tag: Excerpt,
    },
    /// A tag this format does not have.
    UnknownTag {
        /// The tag's name.
        tag: Excerpt,
    },
    /// A header tag given twice.
    TagTwice {
        /// The tag's name.
        tag: Excerpt,
    },
    /// A note before any `[Deal]` (the braces there are the cut's texts, in a lesson: its
    /// prompt, its wrong word, its comment).
    NoteOutsideDeal,
    /// Two comments (or notes, prompts, wrong words) in the same language at the same place.
    SecondComment {
        /// The language tag (`und`: no language stated).
        lang: String,
        /// What kind of text.
        kind: TextKind,
    },
    /// A lesson's wrong word (`[wrong]`) before the deal's first action: it belongs to an
    /// action.
    WrongOutsideAction,
    /// A trick number before any `[Deal]`.
    TrickNumberBeforeDeal {
        /// The word.
        word: Excerpt,
    },
    /// A word that is not an action.
    NotAnAction {
        /// The word.
        word: Excerpt,
    },
    /// An action before any `[Deal]`.
    ActionBeforeDeal,
    /// A list of cards that does not read.
    Cards {
        /// Where it was written.
        place: CardsPlace,
        /// What is wrong with it.
        error: ParseCardError,
    },
    /// `abandon`, `accept` or `expose` without `yes` or `no`.
    YesOrNo {
        /// The move.
        verb: String,
    },
    /// `good` or a card played, followed by something.
    NoArgument {
        /// The move.
        verb: Excerpt,
        /// What followed it.
        found: Excerpt,
    },
    /// `blanche` with something else than a number.
    BlancheNumber {
        /// What was written.
        found: Excerpt,
    },
    /// `blanche` with more than one argument.
    BlancheArguments,
    /// `look` with something else than a suit letter or symbol, or `-`.
    LookSuit {
        /// What was written.
        found: Excerpt,
    },
    /// `look` without exactly one argument.
    LookArguments,
    /// A move this format does not have.
    UnknownMove {
        /// The move.
        verb: Excerpt,
    },
    /// A seat that is not `A` or `B`.
    NotASeat {
        /// What was written.
        found: Excerpt,
    },
    /// `Options` that are not `key=value` pairs.
    OptionsSyntax {
        /// The rest of the tag, from where it stops reading.
        found: Excerpt,
    },
    /// An option that is not a field of the rules.
    UnknownOption {
        /// The option's name.
        key: Excerpt,
    },
    /// An option whose value is not JSON.
    OptionValue {
        /// The option's name.
        key: String,
        /// The JSON parser's message (cut).
        message: String,
    },
    /// `key=` and nothing after.
    OptionNoValue {
        /// The option's name.
        key: String,
    },
    /// An option's value followed by something else than a space.
    OptionSpace {
        /// The option's name.
        key: String,
    },
    /// Options whose values do not make a rule set.
    OptionsInvalid {
        /// The parser's message (cut).
        message: String,
    },
    /// A draw of the cut that is not two cards.
    CutDraw {
        /// The draw as written.
        found: Excerpt,
    },
    /// A required header tag missing.
    MissingTag {
        /// The tag's name.
        tag: String,
    },
    /// A `Version` that is not a number.
    VersionNumber {
        /// What was written.
        found: Excerpt,
    },
    /// Not a piquet record, or a version this engine does not read.
    Unsupported {
        /// The `Format` tag.
        format: Excerpt,
        /// The `Version` tag.
        version: u32,
    },
    /// A `Rules` tag that names no preset.
    UnknownRules {
        /// What was written.
        id: Excerpt,
    },
    /// A `Start` tag that is not `deal=N totals=A,B` with optionally `game=G won=A,B
    /// dealer=S`.
    StartSyntax {
        /// The part that does not read.
        found: Excerpt,
    },
    /// A `HigherCard` tag that is neither `deals` nor `lets-deal`.
    HigherCard {
        /// What was written.
        found: Excerpt,
    },
    /// A deal without one of its required tags.
    DealMissingTag {
        /// The deal, from 1.
        deal: usize,
        /// The tag's name.
        tag: String,
    },
    /// A `Seed` that is not a number.
    SeedNumber {
        /// What was written.
        found: Excerpt,
    },
    /// `PlayerA` without `PlayerB`, or the other way round.
    PlayersPair,
    /// The text reads, but what it says is not a game the rules allow: a move refused, a
    /// deal's cards impossible, a move or a deal after the end, rules or a cut that do not
    /// work. The line is the move's (or the deal's, the rules', the cut's).
    Replay {
        /// The move as written, when the error is about one.
        action: Option<Excerpt>,
        /// The replay's error, with its deal and action (counted from 0).
        error: Box<RecordError>,
    },
}

impl fmt::Display for TextProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use TextProblem as P;
        match self {
            P::Unexpected { word } => write!(f, "unexpected {word}"),
            P::TagNameMissing => write!(f, "a tag is [Name \"value\"]: the name is missing"),
            P::TagUnquoted { tag } => write!(f, "tag {tag}: the value must be in quotes"),
            P::TagUnclosedQuote { tag } => {
                write!(f, "tag {tag}: the value has no closing quote")
            }
            P::TagBadEscape { tag, found } => write!(
                f,
                "tag {tag}: bad escape \\{} (use \\\\ \\\" \\n \\r \\t)",
                found.map(String::from).unwrap_or_default()
            ),
            P::TagUnclosed { tag } => write!(f, "tag {tag}: expected ] after the value"),
            P::CommentUnclosed => write!(f, "a comment opened with {{ is never closed"),
            P::CommentBadEscape => write!(
                f,
                "bad escape in a comment (write \\\\ for \\, \\{{ for {{ and \\}} for }})"
            ),
            P::BadLabel { label } => write!(
                f,
                "[{}] is not a label: a text in braces may begin with [fr] or [en] (its language), \
                 [note], [prompt] or [wrong] alone or with a language ([note fr]), or [und] (no \
                 language); to begin a text with brackets, label it first ({{[fr] [{}] …}})",
                label.text, label.text
            ),
            P::DealNumber { found, expected } => {
                write!(f, "[Deal {found}]: expected deal number {expected}")
            }
            P::HeaderTagInDeal { tag } => {
                write!(
                    f,
                    "tag {tag} belongs to the header, before the first [Deal]"
                )
            }
            P::NotADealTag { tag } => write!(
                f,
                "tag {tag} is not a deal tag (Dealer, Seed, Elder, DealerHand, Talon)"
            ),
            P::DealTagLate { tag } => write!(
                f,
                "tag {tag} after the deal's comment or actions (its tags come first)"
            ),
            P::DealTagTwice { tag } => write!(f, "tag {tag} given twice in this deal"),
            P::DealTagInHeader { tag } => {
                write!(f, "tag {tag} belongs to a deal: put [Deal \"1\"] first")
            }
            P::UnknownTag { tag } => write!(
                f,
                "tag {tag} is unknown (header tags: {})",
                HEADER_TAGS.join(", ")
            ),
            P::TagTwice { tag } => write!(f, "tag {tag} given twice"),
            P::NoteOutsideDeal => {
                write!(f, "a note must follow a [Deal] tag or an action")
            }
            P::SecondComment { lang, kind } => {
                let what = kind.name();
                if lang == UNTAGGED {
                    write!(f, "a second {what} at the same place (join them)")
                } else {
                    write!(f, "a second {what} in {lang} at the same place (join them)")
                }
            }
            P::WrongOutsideAction => write!(
                f,
                "a [wrong] text must follow an action (what a lesson says when another one is tried)"
            ),
            P::TrickNumberBeforeDeal { word } => write!(f, "{word} before any [Deal]"),
            P::NotAnAction { word } => write!(
                f,
                "expected an action like B:x or A:AH (seat A or B, a colon, then the move), found {word}"
            ),
            P::ActionBeforeDeal => write!(f, "an action before any [Deal] tag"),
            P::Cards { place, error } => write!(f, "{place}: {error}"),
            P::YesOrNo { verb } => write!(f, "{verb} takes yes or no"),
            P::NoArgument { verb, found } => {
                write!(f, "{} takes no argument, found {found}", verb.text)
            }
            P::BlancheNumber { found } => {
                write!(f, "blanche: {found} is not a number of cards")
            }
            P::BlancheArguments => write!(f, "blanche takes at most one number"),
            P::LookSuit { found } => {
                write!(f, "look: {found} is not a suit (S H D C, ♠ ♥ ♦ ♣, or -)")
            }
            P::LookArguments => write!(f, "look takes a suit (S H D C) or -"),
            P::UnknownMove { verb } => write!(
                f,
                "unknown move {verb} (x, blanche, abandon, accept, look, expose, decl, good, equal, better, or a card)"
            ),
            P::NotASeat { found } => write!(f, "{found} is not a seat (A or B)"),
            P::OptionsSyntax { found } => {
                write!(f, "Options: expected key=value, found {found}")
            }
            P::UnknownOption { key } => {
                let known: Vec<String> = Rules::classique().option_map().keys().cloned().collect();
                write!(
                    f,
                    "Options: unknown rule option {key} (known: {})",
                    known.join(", ")
                )
            }
            P::OptionValue { key, message } => write!(f, "Options: value of {key}: {message}"),
            P::OptionNoValue { key } => write!(f, "Options: {key} has no value"),
            P::OptionSpace { key } => {
                write!(f, "Options: a space must follow the value of {key}")
            }
            P::OptionsInvalid { message } => write!(f, "Options: {message}"),
            P::CutDraw { found } => write!(
                f,
                "Cut: each draw is two cards, A's then B's, draws separated by commas; found {found}"
            ),
            P::MissingTag { tag } => write!(f, "missing header tag [{tag} \"…\"]"),
            P::StartSyntax { found } => write!(
                f,
                "Start: expected deal=N totals=A,B (then game=G won=A,B dealer=A or B if need be), found {found}"
            ),
            P::VersionNumber { found } => write!(f, "Version: {found} is not a number"),
            P::Unsupported { format, version } => write!(
                f,
                "unsupported record format/version: {} v{version}",
                format.text
            ),
            P::UnknownRules { id } => write!(
                f,
                "Rules: unknown rules id {id} (known: classique, ancien, moderne, rubicon, 150)"
            ),
            P::HigherCard { found } => {
                write!(f, "HigherCard: {found} is neither deals nor lets-deal")
            }
            P::DealMissingTag { deal, tag } => {
                write!(f, "deal {deal}: missing tag [{tag} \"…\"]")
            }
            P::SeedNumber { found } => write!(f, "Seed: {found} is not a number"),
            P::PlayersPair => write!(f, "PlayerA and PlayerB go together"),
            P::Replay { action, error } => {
                if let Some(action) = action {
                    write!(f, "{action}: ")?;
                }
                // Deals and moves counted from 1, as the author counts them.
                match error.as_ref() {
                    RecordError::Action {
                        deal,
                        action,
                        error,
                    } => write!(f, "deal {}, move {}: {error}", deal + 1, action + 1),
                    RecordError::Extra {
                        deal,
                        action: Some(a),
                    } => write!(
                        f,
                        "deal {}, move {}: the deal is already over",
                        deal + 1,
                        a + 1
                    ),
                    RecordError::Extra { deal, action: None } => write!(
                        f,
                        "deal {}: no deal is expected here (the game is over, or the deal before is not)",
                        deal + 1
                    ),
                    RecordError::Layout { deal, problem } => {
                        write!(f, "deal {}: {problem}", deal + 1)
                    }
                    other => write!(f, "{other}"),
                }
            }
        }
    }
}

/// The header tags, in the order they are written.
pub(crate) const HEADER_TAGS: [&str; 14] = [
    "Format",
    "Version",
    "Event",
    "Date",
    "PlayerA",
    "PlayerB",
    "Source",
    "Licence",
    "Annotator",
    "Rules",
    "Options",
    "Cut",
    "HigherCard",
    "Start",
];
