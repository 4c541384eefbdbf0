//! Reading the text form: a small lexer ([`Parser`] over tags, comments and words), then the
//! record built from what it read, every problem named with its line.

use super::comment_label;
use crate::action::{Action, Answer};
use crate::card::{Card, CardSet, Suit};
use crate::excerpt::{Excerpt, clip_message};
use crate::game::{Cut, GameStart, StartProblem};
use crate::localized::{Localized, UNTAGGED};
use crate::record::{
    CutTexts, DealRecord, Metadata, RECORD_VERSION, Record, RecordedAction, RulesSpec,
    START_VERSION, check_version,
};
use crate::record_error::{CardsPlace, HEADER_TAGS, RecordError, TextKind, TextProblem};
use crate::rules::Rules;
use crate::seat::Seat;
use crate::setup::DealSetup;
use serde_json::Value;
use std::collections::BTreeMap;

impl Record {
    /// Parses either form, told apart by the first non-blank character: `{`
    /// for JSON, anything else for the text form, which is also replayed
    /// ([`Record::from_text_checked`]) so that every error of a text names its line.
    /// A leading byte-order mark is ignored.
    pub fn parse(s: &str) -> Result<Record, RecordError> {
        let s = s.strip_prefix('\u{feff}').unwrap_or(s);
        if s.trim_start().starts_with('{') {
            Record::from_json(s)
        } else {
            Record::from_text_checked(s)
        }
    }

    /// Reads the text form. Errors are [`RecordError::Text`]: they name the line (1-based),
    /// quote it, and say the problem; any input gives a record or an error, never a panic. A
    /// leading byte-order mark is ignored. The record is not replayed: see
    /// [`Record::from_text_checked`].
    pub fn from_text(s: &str) -> Result<Record, RecordError> {
        read_record(s).map(|(record, _)| record)
    }

    /// Reads the text form, as [`Record::from_text`], and replays it: what the text says but
    /// the rules do not allow (a move refused, a deal's cards impossible, a move after the end
    /// of the deal, rules or a cut that do not work) is a [`RecordError::Text`] too, at the
    /// line of the move (or of the deal, the rules, the cut), with the replay's error
    /// ([`TextProblem::Replay`]: its deal and move, and the move as written).
    pub fn from_text_checked(s: &str) -> Result<Record, RecordError> {
        checked(s, apply_options, quoted)
    }

    /// Reads and replays the text form as [`Record::from_text_checked`] does, but takes in
    /// `[Options …]` only `key=value` pairs whose value is `true`, `false` or a whole number
    /// (`abandon=true`, `elder_max=8`), without the JSON reader: for a light reader (the
    /// embedded replay's first stage) that hands anything else — structured options, any error
    /// — to [`Record::parse`], which reads every record and names every problem. Whatever it
    /// reads, it reads as [`Record::from_text_checked`] does; its errors do not quote the line
    /// and are not meant for a reader.
    pub fn from_text_plain(s: &str) -> Result<Record, RecordError> {
        checked(s, plain_options, |_, e| e)
    }
}

/// How the text of `[Options …]` is put over a preset: [`apply_options`] (any JSON value) or
/// [`plain_options`].
type OptionsReader = fn(usize, Rules, &str) -> Result<Rules, RecordError>;

/// Reads and replays the text form, its options read by `options`, each error given to
/// `quote` ([`quoted`], or left as it is by the plain reader, whose errors are not shown: that
/// leaves out of its wasm the words of every problem, and the JSON they list options with).
fn checked(
    s: &str,
    options: OptionsReader,
    quote: impl Fn(&str, RecordError) -> RecordError,
) -> Result<Record, RecordError> {
    let s = s.strip_prefix('\u{feff}').unwrap_or(s);
    let quote = |e| quote(s, e);
    let (record, places) = Parser::new(s, options).parse().map_err(quote)?;
    match record.replay() {
        Ok(_) => Ok(record),
        Err(e) => Err(quote(places.locate(e))),
    }
}

/// Reads the text form, and where each part of it was written.
fn read_record(s: &str) -> Result<(Record, Places), RecordError> {
    let s = s.strip_prefix('\u{feff}').unwrap_or(s);
    Parser::new(s, apply_options)
        .parse()
        .map_err(|e| quoted(s, e))
}

/// The error with what is written at its line, in `s`.
fn quoted(s: &str, e: RecordError) -> RecordError {
    match e {
        RecordError::Text {
            line, mut problem, ..
        } => {
            let mut written = written_at(s, line);
            // The move is not quoted twice when it is the whole line.
            if let TextProblem::Replay { action, .. } = &mut problem {
                if action.as_ref().is_some_and(|a| a.text == written.text) {
                    *action = None;
                }
            }
            // Nor is the line when the problem quotes it already (a word that is the whole
            // line, or begins it, as a pasted junk).
            let bare = written.text.trim_start_matches(['[', '{']);
            if !bare.is_empty() && problem.to_string().contains(bare) {
                written = Excerpt::of("");
            }
            RecordError::Text {
                line,
                written: Box::new(written),
                problem,
            }
        }
        other => other,
    }
}

/// The most characters of a line an error quotes.
const WRITTEN_CHARS: usize = 60;

/// What is written at line `line` (1-based), without its indentation: empty past the end.
fn written_at(s: &str, line: usize) -> Excerpt {
    let text = line
        .checked_sub(1)
        .and_then(|i| s.lines().nth(i))
        .unwrap_or_default();
    Excerpt::of_at_most(text.trim(), WRITTEN_CHARS)
}

/// Where the parts of a record were written, so that an error of its replay names the line:
/// the rules (their `Options`, else their `Rules` tag), the cut, and per deal its `[Deal]` tag
/// and each action (its line and its words).
#[derive(Default)]
struct Places {
    rules: usize,
    cut: usize,
    start: usize,
    deals: Vec<(usize, Vec<(usize, String)>)>,
}

impl Places {
    /// The error of the replay, at the line of what it is about.
    fn locate(&self, error: RecordError) -> RecordError {
        let deal = |d: usize| self.deals.get(d);
        let action = |d: usize, a: usize| deal(d).and_then(|(_, actions)| actions.get(a));
        let (line, action) = match &error {
            RecordError::UnknownRules { .. } | RecordError::BadRules { .. } => (self.rules, None),
            RecordError::Cut { .. } => (self.cut, None),
            RecordError::Start { .. } => (self.start, None),
            RecordError::Layout { deal: d, .. }
            | RecordError::Extra {
                deal: d,
                action: None,
            } => (deal(*d).map_or(0, |p| p.0), None),
            RecordError::Action {
                deal: d, action: a, ..
            }
            | RecordError::Extra {
                deal: d,
                action: Some(a),
            } => match action(*d, *a) {
                Some((line, words)) => (*line, Some(Excerpt::of(words))),
                None => (0, None),
            },
            RecordError::Malformed { .. }
            | RecordError::Text { .. }
            | RecordError::Version { .. } => return error,
        };
        RecordError::Text {
            line,
            written: Box::new(Excerpt::of("")),
            problem: TextProblem::Replay {
                action,
                error: Box::new(error),
            },
        }
    }
}

/// A lexical item of the text form.
enum Item {
    Tag { name: String, value: String },
    Comment(String),
    Word(String),
}

struct Parser<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    line: usize,
    options: OptionsReader,
}

/// Puts a text of `kind` in language `lang` in its slot; a second one in
/// the same language is refused by name.
fn put_text(
    slot: &mut Localized,
    lang: &str,
    body: &str,
    kind: TextKind,
    line: usize,
) -> Result<(), RecordError> {
    if slot.insert_new(lang, body.to_string()) {
        Ok(())
    } else {
        err(
            line,
            TextProblem::SecondComment {
                lang: lang.to_string(),
                kind,
            },
        )
    }
}

/// The error at `line`; what is written there is quoted by [`Record::from_text`].
fn err<T>(line: usize, problem: TextProblem) -> Result<T, RecordError> {
    Err(RecordError::Text {
        line,
        written: Box::new(Excerpt::of("")),
        problem,
    })
}

/// The tags of a deal section (after `[Deal "n"]`).
const DEAL_TAGS: [&str; 5] = ["Dealer", "Seed", "Elder", "DealerHand", "Talon"];

/// A deal being read: its tags (with their lines), comment, note, prompt and actions.
#[derive(Default)]
struct DealIn {
    line: usize,
    tags: BTreeMap<String, (usize, String)>,
    comment: Localized,
    note: Localized,
    prompt: Localized,
    actions: Vec<RecordedAction>,
    /// Each action's line and words, as written.
    places: Vec<(usize, String)>,
}

impl<'a> Parser<'a> {
    fn new(s: &'a str, options: OptionsReader) -> Parser<'a> {
        Parser {
            chars: s.chars().peekable(),
            line: 1,
            options,
        }
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.chars.next()?;
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    /// The next item and the line it starts on.
    fn next_item(&mut self) -> Result<Option<(usize, Item)>, RecordError> {
        loop {
            match self.chars.peek() {
                None => return Ok(None),
                Some(c) if c.is_whitespace() => {
                    self.bump();
                }
                Some('%') => {
                    while self.chars.peek().is_some_and(|&c| c != '\n') {
                        self.bump();
                    }
                }
                Some(_) => break,
            }
        }
        let line = self.line;
        let item = match self.chars.peek() {
            Some('[') => {
                self.bump();
                self.tag(line)?
            }
            Some('{') => {
                self.bump();
                self.comment(line)?
            }
            _ => {
                let mut w = String::new();
                while let Some(&c) = self.chars.peek() {
                    if c.is_whitespace() || c == '[' || c == '{' || c == '%' {
                        break;
                    }
                    w.push(c);
                    self.bump();
                }
                if w.contains(['}', ']', '"']) {
                    return err(
                        line,
                        TextProblem::Unexpected {
                            word: Excerpt::of(&w),
                        },
                    );
                }
                Item::Word(w)
            }
        };
        Ok(Some((line, item)))
    }

    fn skip_blanks(&mut self) {
        while self.chars.peek().is_some_and(|&c| c == ' ' || c == '\t') {
            self.bump();
        }
    }

    fn tag(&mut self, line: usize) -> Result<Item, RecordError> {
        let mut name = String::new();
        while let Some(&c) = self.chars.peek() {
            if !c.is_ascii_alphanumeric() {
                break;
            }
            name.push(c);
            self.bump();
        }
        if name.is_empty() {
            return err(line, TextProblem::TagNameMissing);
        }
        self.skip_blanks();
        if self.bump() != Some('"') {
            return err(
                line,
                TextProblem::TagUnquoted {
                    tag: Excerpt::of(&name),
                },
            );
        }
        let mut value = String::new();
        loop {
            match self.bump() {
                None | Some('\n') => {
                    return err(
                        line,
                        TextProblem::TagUnclosedQuote {
                            tag: Excerpt::of(&name),
                        },
                    );
                }
                Some('"') => break,
                Some('\\') => value.push(match self.bump() {
                    Some('\\') => '\\',
                    Some('"') => '"',
                    Some('n') => '\n',
                    Some('r') => '\r',
                    Some('t') => '\t',
                    found => {
                        return err(
                            line,
                            TextProblem::TagBadEscape {
                                tag: Excerpt::of(&name),
                                found,
                            },
                        );
                    }
                }),
                Some(c) => value.push(c),
            }
        }
        self.skip_blanks();
        if self.bump() != Some(']') {
            return err(
                line,
                TextProblem::TagUnclosed {
                    tag: Excerpt::of(&name),
                },
            );
        }
        Ok(Item::Tag { name, value })
    }

    fn comment(&mut self, line: usize) -> Result<Item, RecordError> {
        let mut text = String::new();
        loop {
            match self.bump() {
                None => return err(line, TextProblem::CommentUnclosed),
                Some('}') => return Ok(Item::Comment(text)),
                // A brace opened inside a comment: the one before was never closed (it
                // would swallow the next comment).
                Some('{') => return err(line, TextProblem::CommentUnclosed),
                Some('\\') => match self.bump() {
                    Some('\\') => text.push('\\'),
                    Some('{') => text.push('{'),
                    Some('}') => text.push('}'),
                    _ => {
                        return err(self.line, TextProblem::CommentBadEscape);
                    }
                },
                Some(c) => text.push(c),
            }
        }
    }

    fn parse(mut self) -> Result<(Record, Places), RecordError> {
        let mut header: BTreeMap<String, (usize, String)> = BTreeMap::new();
        let mut deals: Vec<DealIn> = Vec::new();
        // In a lesson, the cut's texts: the braces before the first deal.
        let mut cut_texts = CutTexts::default();
        // An action whose arguments are still being read.
        let mut pending: Option<(usize, Seat, String, Vec<String>)> = None;
        while let Some((line, item)) = self.next_item()? {
            if let Item::Word(w) = &item {
                if let Some(p) = pending.as_mut() {
                    if !is_action_start(w) && !is_trick_number(w) {
                        p.3.push(w.clone());
                        continue;
                    }
                }
            }
            if let Some(p) = pending.take() {
                push_action(&mut deals, p)?;
            }
            match item {
                Item::Tag { name, value } => read_tag(&mut header, &mut deals, line, name, value)?,
                Item::Comment(text) => read_text(&mut deals, &mut cut_texts, line, &text)?,
                Item::Word(w) => {
                    if is_trick_number(&w) {
                        if deals.is_empty() {
                            return err(
                                line,
                                TextProblem::TrickNumberBeforeDeal {
                                    word: Excerpt::of(&w),
                                },
                            );
                        }
                        continue;
                    }
                    let Some((seat, rest)) = split_action(&w) else {
                        return err(
                            line,
                            TextProblem::NotAnAction {
                                word: Excerpt::of(&w),
                            },
                        );
                    };
                    if deals.is_empty() {
                        return err(line, TextProblem::ActionBeforeDeal);
                    }
                    pending = Some((line, seat, rest.to_string(), Vec::new()));
                }
            }
        }
        if let Some(p) = pending.take() {
            push_action(&mut deals, p)?;
        }
        let line_of = |name: &str| header.get(name).map(|t| t.0);
        let mut places = Places {
            rules: line_of("Options").or(line_of("Rules")).unwrap_or(0),
            cut: line_of("Cut").unwrap_or(0),
            start: line_of("Start").unwrap_or(0),
            deals: Vec::with_capacity(deals.len()),
        };
        for d in &mut deals {
            places.deals.push((d.line, std::mem::take(&mut d.places)));
        }
        let end = self.line;
        let mut record = build(header, deals, end, self.options)?;
        record.cut_texts = cut_texts;
        Ok((record, places))
    }
}

/// The action read at line `l` (its seat, its move, its arguments), put in the last deal with
/// where it was written.
fn push_action(
    deals: &mut [DealIn],
    (l, seat, verb, args): (usize, Seat, String, Vec<String>),
) -> Result<(), RecordError> {
    let action = parse_action(l, &verb, &args)?;
    if let Some(d) = deals.last_mut() {
        d.actions.push(RecordedAction::new(seat, action));
        let mut words = format!("{}:{verb}", super::seat_letter(seat));
        for a in &args {
            words.push(' ');
            words.push_str(a);
        }
        d.places.push((l, words));
    }
    Ok(())
}

/// A tag: `[Deal "n"]` opens a deal; before the first one, header tags; after it, the deal's
/// own tags, which come before its texts and actions.
fn read_tag(
    header: &mut BTreeMap<String, (usize, String)>,
    deals: &mut Vec<DealIn>,
    line: usize,
    name: String,
    value: String,
) -> Result<(), RecordError> {
    if name == "Deal" {
        // Deals are numbered from 1, or from the start's deal when the record starts where the
        // game stood (a start that does not read is named by its own line later).
        let first = match header.get("Start") {
            None => Some(1),
            Some((l, text)) => parse_start(*l, text)
                .ok()
                .map(|s| usize::from(s.deal.max(1))),
        };
        let n: usize = value.trim().parse().unwrap_or(0);
        if let Some(first) = first.filter(|f| n != deals.len() + f) {
            return err(
                line,
                TextProblem::DealNumber {
                    found: Excerpt::of(&value),
                    expected: deals.len() + first,
                },
            );
        }
        deals.push(DealIn {
            line,
            ..DealIn::default()
        });
    } else if let Some(d) = deals.last_mut() {
        if !DEAL_TAGS.contains(&name.as_str()) {
            let tag = Excerpt::of(&name);
            return err(
                line,
                if HEADER_TAGS.contains(&name.as_str()) {
                    TextProblem::HeaderTagInDeal { tag }
                } else {
                    TextProblem::NotADealTag { tag }
                },
            );
        }
        if !d.comment.is_empty()
            || !d.note.is_empty()
            || !d.prompt.is_empty()
            || !d.actions.is_empty()
        {
            return err(
                line,
                TextProblem::DealTagLate {
                    tag: Excerpt::of(&name),
                },
            );
        }
        if d.tags.insert(name.clone(), (line, value)).is_some() {
            return err(
                line,
                TextProblem::DealTagTwice {
                    tag: Excerpt::of(&name),
                },
            );
        }
    } else {
        if !HEADER_TAGS.contains(&name.as_str()) {
            let tag = Excerpt::of(&name);
            return err(
                line,
                if DEAL_TAGS.contains(&name.as_str()) {
                    TextProblem::DealTagInHeader { tag }
                } else {
                    TextProblem::UnknownTag { tag }
                },
            );
        }
        if header.insert(name.clone(), (line, value)).is_some() {
            return err(
                line,
                TextProblem::TagTwice {
                    tag: Excerpt::of(&name),
                },
            );
        }
    }
    Ok(())
}

/// A text in braces, put where it belongs by its label: before the first deal, the cut's
/// (in a lesson); then the deal's, or the last action's once the deal has actions.
fn read_text(
    deals: &mut [DealIn],
    cut_texts: &mut CutTexts,
    line: usize,
    text: &str,
) -> Result<(), RecordError> {
    let (kind, lang, body) = match comment_label(text) {
        Ok(label) => label.unwrap_or((TextKind::Comment, UNTAGGED, text)),
        Err(label) => {
            return err(
                line,
                TextProblem::BadLabel {
                    label: Excerpt::of(label),
                },
            );
        }
    };
    let Some(d) = deals.last_mut() else {
        let slot = match kind {
            TextKind::Prompt => &mut cut_texts.prompt,
            TextKind::Wrong => &mut cut_texts.wrong,
            TextKind::Comment => &mut cut_texts.comment,
            TextKind::Note => return err(line, TextProblem::NoteOutsideDeal),
        };
        return put_text(slot, lang, body, kind, line);
    };
    let slot = match (d.actions.last_mut(), kind) {
        (Some(a), TextKind::Comment) => &mut a.comment,
        (Some(a), TextKind::Note) => &mut a.note,
        (Some(a), TextKind::Prompt) => &mut a.prompt,
        (Some(a), TextKind::Wrong) => &mut a.wrong,
        (None, TextKind::Comment) => &mut d.comment,
        (None, TextKind::Note) => &mut d.note,
        (None, TextKind::Prompt) => &mut d.prompt,
        (None, TextKind::Wrong) => {
            return err(line, TextProblem::WrongOutsideAction);
        }
    };
    put_text(slot, lang, body, kind, line)
}

fn is_trick_number(w: &str) -> bool {
    w.len() > 1 && w.ends_with('.') && w[..w.len() - 1].bytes().all(|b| b.is_ascii_digit())
}

pub(super) fn split_action(w: &str) -> Option<(Seat, &str)> {
    let seat = match w.get(..2)? {
        "A:" => Seat::A,
        "B:" => Seat::B,
        _ => return None,
    };
    Some((seat, &w[2..]))
}

fn is_action_start(w: &str) -> bool {
    split_action(w).is_some()
}

fn cards_of(line: usize, place: CardsPlace, args: &[String]) -> Result<CardSet, RecordError> {
    args.join(" ")
        .parse()
        .or_else(|error| err(line, TextProblem::Cards { place, error }))
}

fn bool_of(line: usize, verb: &str, args: &[String]) -> Result<bool, RecordError> {
    match args {
        [a] if a == "yes" => Ok(true),
        [a] if a == "no" => Ok(false),
        _ => err(line, TextProblem::YesOrNo { verb: verb.into() }),
    }
}

pub(super) fn parse_action(
    line: usize,
    verb: &str,
    args: &[String],
) -> Result<Action, RecordError> {
    let none = |a: Action| {
        if args.is_empty() {
            Ok(a)
        } else {
            err(
                line,
                TextProblem::NoArgument {
                    verb: Excerpt::of(verb),
                    found: Excerpt::of(&args.join(" ")),
                },
            )
        }
    };
    Ok(match verb {
        "x" => Action::Discard(cards_of(line, CardsPlace::Discard, args)?),
        "blanche" => match args {
            [] => Action::DeclareCarteBlanche,
            [n] => Action::AnnounceCarteBlanche(n.parse().or_else(|_| {
                err(
                    line,
                    TextProblem::BlancheNumber {
                        found: Excerpt::of(n),
                    },
                )
            })?),
            _ => return err(line, TextProblem::BlancheArguments),
        },
        "abandon" => Action::ProposeAbandon(bool_of(line, verb, args)?),
        "accept" => Action::AcceptAbandon(bool_of(line, verb, args)?),
        "expose" => Action::ExposeLeftover(bool_of(line, verb, args)?),
        "look" => match args {
            [a] if a == "-" => Action::LookAtLeftover(None),
            [a] => {
                let mut cs = a.chars();
                match (cs.next().and_then(Suit::from_letter), cs.next()) {
                    (Some(s), None) => Action::LookAtLeftover(Some(s)),
                    _ => {
                        return err(
                            line,
                            TextProblem::LookSuit {
                                found: Excerpt::of(a),
                            },
                        );
                    }
                }
            }
            _ => return err(line, TextProblem::LookArguments),
        },
        "decl" => match args {
            [a] if a == "-" => Action::Declare(None),
            _ => Action::Declare(Some(cards_of(line, CardsPlace::Declare, args)?)),
        },
        "good" => none(Action::Answer(Answer::Good))?,
        "equal" => Action::Answer(Answer::Equal(cards_of(line, CardsPlace::Equal, args)?)),
        "better" => Action::Answer(Answer::Better(cards_of(line, CardsPlace::Better, args)?)),
        _ => match verb.parse::<Card>() {
            Ok(c) => none(Action::Play(c))?,
            Err(_) => {
                return err(
                    line,
                    TextProblem::UnknownMove {
                        verb: Excerpt::of(verb),
                    },
                );
            }
        },
    })
}

fn seat_of(line: usize, v: &str) -> Result<Seat, RecordError> {
    match v {
        "A" => Ok(Seat::A),
        "B" => Ok(Seat::B),
        _ => err(
            line,
            TextProblem::NotASeat {
                found: Excerpt::of(v),
            },
        ),
    }
}

/// Parses `key=json key=json …` onto the preset `base`.
pub(super) fn apply_options(line: usize, base: Rules, text: &str) -> Result<Rules, RecordError> {
    let mut map = base.option_map();
    let mut rest = text.trim_start();
    while !rest.is_empty() {
        let Some(eq) = rest.find('=') else {
            return err(
                line,
                TextProblem::OptionsSyntax {
                    found: Excerpt::of(rest),
                },
            );
        };
        let key = rest[..eq].trim();
        if !map.contains_key(key) {
            return err(
                line,
                TextProblem::UnknownOption {
                    key: Excerpt::of(key),
                },
            );
        }
        let after = &rest[eq + 1..];
        let mut stream = serde_json::Deserializer::from_str(after).into_iter::<Value>();
        let value = match stream.next() {
            Some(Ok(v)) => v,
            Some(Err(e)) => {
                return err(
                    line,
                    TextProblem::OptionValue {
                        key: key.into(),
                        message: clip_message(&e.to_string()),
                    },
                );
            }
            None => return err(line, TextProblem::OptionNoValue { key: key.into() }),
        };
        let used = stream.byte_offset();
        let tail = after.get(used..).unwrap_or("");
        if !(tail.is_empty() || tail.starts_with(char::is_whitespace)) {
            return err(line, TextProblem::OptionSpace { key: key.into() });
        }
        map.insert(key.to_string(), value);
        rest = tail.trim_start();
    }
    serde_json::from_value(Value::Object(map)).or_else(|e| {
        err(
            line,
            TextProblem::OptionsInvalid {
                message: clip_message(&e.to_string()),
            },
        )
    })
}

/// Parses a `Start` tag: `deal=6 totals=74,138`, then `game=2 won=1,0` and `dealer=B` when
/// they are needed; each key at most once.
fn parse_start(line: usize, text: &str) -> Result<GameStart, RecordError> {
    fn two<T: core::str::FromStr>(v: &str) -> Option<[T; 2]> {
        let (a, b) = v.split_once(',')?;
        Some([a.parse().ok()?, b.parse().ok()?])
    }
    let mut start = GameStart {
        game: 1,
        ..GameStart::default()
    };
    let mut seen: Vec<&str> = Vec::new();
    for item in text.split_whitespace() {
        let read = item.split_once('=').and_then(|(key, value)| {
            if seen.contains(&key) {
                return None;
            }
            seen.push(key);
            match key {
                "deal" => start.deal = value.parse().ok()?,
                "totals" => start.totals = two(value)?,
                "game" => start.game = value.parse().ok()?,
                "won" => start.games_won = two(value)?,
                "dealer" => start.dealer = Some(seat_of(line, value).ok()?),
                _ => return None,
            }
            Some(())
        });
        if read.is_none() {
            return err(
                line,
                TextProblem::StartSyntax {
                    found: Excerpt::of(item),
                },
            );
        }
    }
    if !(seen.contains(&"deal") && seen.contains(&"totals")) {
        return err(
            line,
            TextProblem::StartSyntax {
                found: Excerpt::of(text.trim()),
            },
        );
    }
    Ok(start)
}

/// Parses `key=value key=value …` onto the preset `base`, each value `true`, `false` or a
/// whole number, for an option of that type; anything else is an error (which the full reader,
/// [`apply_options`], may not make).
pub(super) fn plain_options(line: usize, base: Rules, text: &str) -> Result<Rules, RecordError> {
    let mut rules = base;
    for pair in text.split_whitespace() {
        let refused = || {
            err(
                line,
                TextProblem::OptionsSyntax {
                    found: Excerpt::of(pair),
                },
            )
        };
        let Some((key, value)) = pair.split_once('=') else {
            return refused();
        };
        let flag = match value {
            "true" => Some(true),
            "false" => Some(false),
            _ => None,
        };
        let number = || value.parse::<u8>().ok();
        let set = match key {
            "own_discards_visible" => flag.map(|f| rules.own_discards_visible = f),
            "both_carte_blanche" => flag.map(|f| rules.both_carte_blanche = f),
            "repic_pic" => flag.map(|f| rules.repic_pic = f),
            "capot_no_last_trick" => flag.map(|f| rules.capot_no_last_trick = f),
            "abandon" => flag.map(|f| rules.abandon = f),
            "elder_max" => number().map(|n| rules.elder_max = n),
            "carte_blanche" => number().map(|n| rules.carte_blanche = n),
            "last_trick_bonus" => number().map(|n| rules.last_trick_bonus = n),
            "cards_bonus" => number().map(|n| rules.cards_bonus = n),
            "capot_bonus" => number().map(|n| rules.capot_bonus = n),
            _ => None,
        };
        if set.is_none() {
            return refused();
        }
    }
    Ok(rules)
}

fn parse_cut(line: usize, text: &str) -> Result<Vec<(Card, Card)>, RecordError> {
    let mut draws = Vec::new();
    for pair in text.split(',') {
        let cards: Vec<&str> = pair.split_whitespace().collect();
        if cards.is_empty() && text.trim().is_empty() {
            break;
        }
        let [a, b] = cards[..] else {
            return err(
                line,
                TextProblem::CutDraw {
                    found: Excerpt::of(pair),
                },
            );
        };
        let card = |s: &str| {
            s.parse::<Card>().or_else(|error| {
                err(
                    line,
                    TextProblem::Cards {
                        place: CardsPlace::Cut,
                        error,
                    },
                )
            })
        };
        draws.push((card(a)?, card(b)?));
    }
    Ok(draws)
}

fn build(
    mut header: BTreeMap<String, (usize, String)>,
    deals: Vec<DealIn>,
    end: usize,
    apply_options: OptionsReader,
) -> Result<Record, RecordError> {
    let first_deal = deals.first().map_or(end, |d| d.line);
    let mut required = |name: &str| {
        header.remove(name).map_or_else(
            || err(first_deal, TextProblem::MissingTag { tag: name.into() }),
            Ok,
        )
    };
    let (fl, format) = required("Format")?;
    let (vl, version) = required("Version")?;
    let (rl, rules) = required("Rules")?;
    let (cl, cut) = required("Cut")?;
    let version: u32 = version.trim().parse().or_else(|_| {
        err(
            vl,
            TextProblem::VersionNumber {
                found: Excerpt::of(&version),
            },
        )
    })?;
    if check_version(&format, version).is_err() {
        return err(
            fl.max(vl),
            TextProblem::Unsupported {
                format: Excerpt::of(&format),
                version,
            },
        );
    }
    let mut take = |name: &str| header.remove(name);
    let players = match (take("PlayerA"), take("PlayerB")) {
        (Some((_, a)), Some((_, b))) => Some([a, b]),
        (None, None) => None,
        (Some((l, _)), None) | (None, Some((l, _))) => {
            return err(l, TextProblem::PlayersPair);
        }
    };
    let meta = Metadata {
        event: take("Event").map(|t| t.1),
        date: take("Date").map(|t| t.1),
        players,
        source: take("Source").map(|t| t.1),
        licence: take("Licence").map(|t| t.1),
        annotator: take("Annotator").map(|t| t.1),
    };
    let rules = match take("Options") {
        None => RulesSpec::Preset(rules),
        Some((ol, options)) => {
            let base = Rules::by_id(&rules).or_else(|_| {
                err(
                    rl,
                    TextProblem::UnknownRules {
                        id: Excerpt::of(&rules),
                    },
                )
            })?;
            RulesSpec::Custom(apply_options(ol, base, &options)?)
        }
    };
    let higher_deals = match take("HigherCard") {
        None => None,
        Some((_, v)) if v == "deals" => Some(true),
        Some((_, v)) if v == "lets-deal" => Some(false),
        Some((l, v)) => {
            return err(
                l,
                TextProblem::HigherCard {
                    found: Excerpt::of(&v),
                },
            );
        }
    };
    let cut = Cut {
        draws: parse_cut(cl, &cut)?,
        higher_deals,
    };
    let start = match take("Start") {
        None => None,
        Some((sl, text)) => {
            let start = parse_start(sl, &text)?;
            if version < START_VERSION {
                return err(
                    sl,
                    TextProblem::Replay {
                        action: None,
                        error: Box::new(RecordError::Start {
                            problem: StartProblem::OlderVersion { version },
                        }),
                    },
                );
            }
            Some(start)
        }
    };
    let mut record = Record {
        format,
        version: RECORD_VERSION,
        rules,
        meta,
        cut,
        start,
        cut_texts: CutTexts::default(),
        deals: Vec::with_capacity(deals.len()),
        deal_comments: BTreeMap::new(),
        deal_notes: BTreeMap::new(),
        deal_prompts: BTreeMap::new(),
    };
    for (i, d) in deals.into_iter().enumerate() {
        build_deal(&mut record, i, d)?;
    }
    Ok(record)
}

/// Deal `i` (0-based) of the record, from its tags, texts and actions.
fn build_deal(record: &mut Record, i: usize, mut d: DealIn) -> Result<(), RecordError> {
    let n = i + 1;
    let line = d.line;
    let mut get = |name: &str| {
        d.tags.remove(name).map_or_else(
            || {
                err(
                    line,
                    TextProblem::DealMissingTag {
                        deal: n,
                        tag: name.into(),
                    },
                )
            },
            Ok,
        )
    };
    let (dl, dealer) = get("Dealer")?;
    let (el, elder) = get("Elder")?;
    let (hl, hand) = get("DealerHand")?;
    let (tl, talon) = get("Talon")?;
    let seed = match d.tags.remove("Seed") {
        None => None,
        Some((sl, s)) => Some(s.trim().parse::<u64>().or_else(|_| {
            err(
                sl,
                TextProblem::SeedNumber {
                    found: Excerpt::of(&s),
                },
            )
        })?),
    };
    let set = |l: usize, place: CardsPlace, v: &str| {
        v.parse::<CardSet>()
            .or_else(|error| err(l, TextProblem::Cards { place, error }))
    };
    let talon = talon
        .split_whitespace()
        .map(|c| {
            c.parse::<Card>().or_else(|error| {
                err(
                    tl,
                    TextProblem::Cards {
                        place: CardsPlace::Talon,
                        error,
                    },
                )
            })
        })
        .collect::<Result<Vec<Card>, _>>()?;
    let layout = DealSetup {
        dealer: seat_of(dl, &dealer)?,
        elder: set(el, CardsPlace::Elder, &elder)?,
        dealer_hand: set(hl, CardsPlace::DealerHand, &hand)?,
        talon,
    };
    if !d.comment.is_empty() {
        record.deal_comments.insert(i, d.comment);
    }
    if !d.note.is_empty() {
        record.deal_notes.insert(i, d.note);
    }
    if !d.prompt.is_empty() {
        record.deal_prompts.insert(i, d.prompt);
    }
    record.deals.push(DealRecord {
        layout,
        seed,
        actions: d.actions,
    });

    Ok(())
}
