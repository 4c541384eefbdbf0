//! The text form of a record, in the spirit of bridge's PBN: tag pairs
//! (`[Event "..."]`, `[Rules "classique"]`), then one section per deal (its
//! cards as tags, then the actions in a compact notation, comments in `{ }`).
//! It converts both ways with the JSON form without loss; the full grammar is
//! in docs/record-format.md ("The text form").
//!
//! ```text
//! [Format "piquet-record"]
//! [Version "3"]
//! [Rules "classique"]
//! [Cut "KS KH, 9S QD"]
//!
//! [Deal "1"]
//! [Dealer "A"]
//! [Elder "AH KH QH JH TH AS AD AC 7S 8D 7D 8C"]
//! [DealerHand "9H 8H 7H KS QS 9S KD QD 9D KC QC 9C"]
//! [Talon "JS TS 8S JD TD JC TC 7C"]
//! B:x 8C {[en] Bruno keeps his quinte} {[fr] Bruno garde sa quinte}
//! A:x 7H
//! B:look -
//! B:decl AH KH QH JH TH A:good
//! 1. B:AH
//! ```

use crate::action::{Action, Answer};
use crate::card::ParseCardError;
use crate::card::{Card, CardSet, Suit};
use crate::excerpt::{Excerpt, clip_message};
use crate::game::Cut;
use crate::record::{
    CutTexts, DealRecord, Localized, Metadata, RECORD_VERSION, Record, RecordError, RecordedAction,
    RulesSpec, UNTAGGED, check_version, is_language_tag,
};
use crate::rules::Rules;
use crate::seat::Seat;
use crate::setup::DealSetup;
use core::fmt;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// The first line written by [`Record::to_text`] (a `%` remark, ignored when read).
pub const TEXT_BANNER: &str = "% Piquet game record, text form (docs/record-format.md)";

fn seat_letter(s: Seat) -> char {
    match s {
        Seat::A => 'A',
        Seat::B => 'B',
    }
}

/// A tag value between quotes: `\` and `"` escaped, and line breaks and tabs
/// as `\n`, `\r`, `\t`, so that a tag always fits on one line.
fn quote(v: &str) -> String {
    let mut out = String::with_capacity(v.len() + 2);
    out.push('"');
    for c in v.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A comment between braces: `\` and `}` escaped, everything else verbatim.
fn brace(v: &str) -> String {
    let mut out = String::with_capacity(v.len() + 2);
    out.push('{');
    for c in v.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '}' => out.push_str("\\}"),
            c => out.push(c),
        }
    }
    out.push('}');
    out
}

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
    /// The word of its label, if it has one (a comment's label is its language alone).
    fn word(self) -> Option<&'static str> {
        match self {
            TextKind::Comment => None,
            TextKind::Note => Some("note"),
            TextKind::Prompt => Some("prompt"),
            TextKind::Wrong => Some("wrong"),
        }
    }

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

/// The label of a text in braces: `[fr] `, `[en] `, `[note] `, `[note fr] `, `[prompt en] `,
/// `[wrong fr] `; a comment in no stated language has none (version 1 and 2 comments), unless
/// its text would read as one.
fn label(kind: TextKind, lang: &str, text: &str) -> String {
    match (kind.word(), lang == UNTAGGED) {
        (None, true) if comment_label(text).is_none() => String::new(),
        (None, _) => format!("[{lang}] "),
        (Some(word), true) => format!("[{word}] "),
        (Some(word), false) => format!("[{word} {lang}] "),
    }
}

/// Reads the label at the start of a text in braces: its kind, its language, and the text
/// after the label (and the one space that follows it). `None`: no label, the whole text is a
/// comment in no stated language.
fn comment_label(text: &str) -> Option<(TextKind, &str, &str)> {
    let rest = text.strip_prefix('[')?;
    let (label, body) = rest.split_once(']')?;
    let body = body.strip_prefix(' ').unwrap_or(body);
    for kind in [TextKind::Note, TextKind::Prompt, TextKind::Wrong] {
        match label.strip_prefix(kind.word().unwrap_or_default()) {
            Some("") => return Some((kind, UNTAGGED, body)),
            Some(lang) => {
                if let Some(lang) = lang.strip_prefix(' ') {
                    return is_language_tag(lang).then_some((kind, lang, body));
                }
            }
            None => {}
        }
    }
    is_language_tag(label).then_some((TextKind::Comment, label, body))
}

/// Every text of one place, in braces, kind by kind (a lesson's prompt and wrong word, the
/// comment, the note), the text in no stated language first in each.
fn commentary(texts: &[(TextKind, &Localized)]) -> Vec<String> {
    let mut out = Vec::new();
    for &(kind, texts) in texts {
        let untagged = texts.get(UNTAGGED).map(|t| (UNTAGGED, t));
        let tagged = texts.iter().filter(|(l, _)| *l != UNTAGGED);
        for (lang, text) in untagged.into_iter().chain(tagged) {
            out.push(brace(&format!("{}{text}", label(kind, lang, text))));
        }
    }
    out
}

fn tag(out: &mut String, name: &str, value: &str) {
    let _ = writeln!(out, "[{name} {}]", quote(value));
}

fn yes_no(b: bool) -> &'static str {
    if b { "yes" } else { "no" }
}

/// Appends ` <cards>` for a non-empty set.
fn cards_arg(out: &mut String, cards: CardSet) {
    if !cards.is_empty() {
        let _ = write!(out, " {cards}");
    }
}

/// One action in the compact notation: `B:x 8C`, `A:good`, `B:AH`.
pub fn action_token(seat: Seat, action: Action) -> String {
    let mut out = format!("{}:", seat_letter(seat));
    match action {
        Action::Discard(c) => {
            out.push('x');
            cards_arg(&mut out, c);
        }
        Action::AnnounceCarteBlanche(n) => {
            let _ = write!(out, "blanche {n}");
        }
        Action::DeclareCarteBlanche => out.push_str("blanche"),
        Action::ProposeAbandon(b) => {
            let _ = write!(out, "abandon {}", yes_no(b));
        }
        Action::AcceptAbandon(b) => {
            let _ = write!(out, "accept {}", yes_no(b));
        }
        Action::LookAtLeftover(s) => {
            let _ = write!(out, "look {}", s.map_or('-', Suit::letter));
        }
        Action::ExposeLeftover(b) => {
            let _ = write!(out, "expose {}", yes_no(b));
        }
        Action::Declare(None) => out.push_str("decl -"),
        Action::Declare(Some(c)) => {
            out.push_str("decl");
            cards_arg(&mut out, c);
        }
        Action::Answer(Answer::Good) => out.push_str("good"),
        Action::Answer(Answer::Equal(c)) => {
            out.push_str("equal");
            cards_arg(&mut out, c);
        }
        Action::Answer(Answer::Better(c)) => {
            out.push_str("better");
            cards_arg(&mut out, c);
        }
        Action::Play(c) => {
            let _ = write!(out, "{c}");
        }
    }
    out
}

/// The `key=value` changes that turn a preset into `rules`, against the preset
/// needing the fewest ([`Rules::nearest_preset`]).
fn rules_options(rules: &Rules) -> (&'static str, String) {
    let (id, preset, _) = rules.nearest_preset();
    let mine = rules_map(rules);
    let base = rules_map(&preset);
    let text = mine
        .iter()
        .filter(|(k, v)| base.get(*k) != Some(*v))
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join(" ");
    (id, text)
}

fn rules_map(rules: &Rules) -> Map<String, Value> {
    match serde_json::to_value(rules) {
        Ok(Value::Object(m)) => m,
        _ => Map::new(),
    }
}

impl Record {
    /// The text form (docs/record-format.md): `Record::from_text` reads it
    /// back to an equal record.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        out.push_str(TEXT_BANNER);
        out.push('\n');
        tag(&mut out, "Format", &self.format);
        tag(&mut out, "Version", &self.version.to_string());
        let m = &self.meta;
        for (name, v) in [("Event", &m.event), ("Date", &m.date)] {
            if let Some(v) = v {
                tag(&mut out, name, v);
            }
        }
        if let Some([a, b]) = &m.players {
            tag(&mut out, "PlayerA", a);
            tag(&mut out, "PlayerB", b);
        }
        for (name, v) in [
            ("Source", &m.source),
            ("Licence", &m.licence),
            ("Annotator", &m.annotator),
        ] {
            if let Some(v) = v {
                tag(&mut out, name, v);
            }
        }
        match &self.rules {
            RulesSpec::Preset(id) => tag(&mut out, "Rules", id),
            RulesSpec::Custom(r) => {
                let (id, options) = rules_options(r);
                tag(&mut out, "Rules", id);
                tag(&mut out, "Options", &options);
            }
        }
        let cut = self
            .cut
            .draws
            .iter()
            .map(|(a, b)| format!("{a} {b}"))
            .collect::<Vec<_>>()
            .join(", ");
        tag(&mut out, "Cut", &cut);
        if let Some(h) = self.cut.higher_deals {
            tag(
                &mut out,
                "HigherCard",
                if h { "deals" } else { "lets-deal" },
            );
        }
        let cut_texts = [
            (TextKind::Prompt, &self.cut_texts.prompt),
            (TextKind::Wrong, &self.cut_texts.wrong),
            (TextKind::Comment, &self.cut_texts.comment),
        ];
        for c in commentary(&cut_texts) {
            out.push_str(&c);
            out.push('\n');
        }
        for (i, d) in self.deals.iter().enumerate() {
            out.push('\n');
            tag(&mut out, "Deal", &(i + 1).to_string());
            tag(
                &mut out,
                "Dealer",
                &seat_letter(d.layout.dealer).to_string(),
            );
            if let Some(seed) = d.seed {
                tag(&mut out, "Seed", &seed.to_string());
            }
            tag(&mut out, "Elder", &d.layout.elder.to_string());
            tag(&mut out, "DealerHand", &d.layout.dealer_hand.to_string());
            let talon = d
                .layout
                .talon
                .iter()
                .map(Card::to_string)
                .collect::<Vec<_>>()
                .join(" ");
            tag(&mut out, "Talon", &talon);
            let none = Localized::new();
            let texts = [
                (TextKind::Prompt, self.deal_prompts.get(&i).unwrap_or(&none)),
                (
                    TextKind::Comment,
                    self.deal_comments.get(&i).unwrap_or(&none),
                ),
                (TextKind::Note, self.deal_notes.get(&i).unwrap_or(&none)),
            ];
            for c in commentary(&texts) {
                out.push_str(&c);
                out.push('\n');
            }
            write_actions(&mut out, &d.actions);
        }
        out
    }

    /// Reads the text form. Errors name the line (1-based) and the problem;
    /// any input gives a record or an error, never a panic. A leading
    /// byte-order mark is ignored.
    pub fn from_text(s: &str) -> Result<Record, RecordError> {
        Parser::new(s.strip_prefix('\u{feff}').unwrap_or(s)).parse()
    }
}

/// Actions, one decision per line except that an answer stays with the
/// declaration it answers and the two cards of a trick share a line
/// numbered with the trick.
fn write_actions(out: &mut String, actions: &[RecordedAction]) {
    let mut plays = 0usize;
    let mut line_open = false;
    for a in actions {
        let is_play = matches!(a.action, Action::Play(_));
        let joins = match a.action {
            Action::Answer(_) => line_open,
            Action::Play(_) => line_open && plays % 2 == 1,
            _ => false,
        };
        if joins {
            out.push(' ');
        } else {
            if line_open {
                out.push('\n');
            }
            if is_play {
                let _ = write!(out, "{}. ", plays / 2 + 1);
            }
        }
        out.push_str(&action_token(a.seat, a.action));
        let texts = [
            (TextKind::Prompt, &a.prompt),
            (TextKind::Wrong, &a.wrong),
            (TextKind::Comment, &a.comment),
            (TextKind::Note, &a.note),
        ];
        for c in commentary(&texts) {
            out.push(' ');
            out.push_str(&c);
        }
        line_open = true;
        if is_play {
            plays += 1;
        }
    }
    if line_open {
        out.push('\n');
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

fn err<T>(line: usize, problem: TextProblem) -> Result<T, RecordError> {
    Err(RecordError::Text { line, problem })
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
    /// A comment without its closing `}`.
    CommentUnclosed,
    /// A backslash in a comment followed by something else than `\\` or `}`.
    CommentBadEscape,
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
    /// `look` with something else than a suit letter or `-`.
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
            P::CommentUnclosed => write!(f, "comment not closed with }}"),
            P::CommentBadEscape => write!(
                f,
                "bad escape in a comment (write \\\\ for \\ and \\}} for }})"
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
            P::LookSuit { found } => write!(f, "look: {found} is not a suit (S H D C or -)"),
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
                let known: Vec<String> = rules_map(&Rules::classique()).keys().cloned().collect();
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
        }
    }
}

/// The header tags, in the order they are written.
const HEADER_TAGS: [&str; 13] = [
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
];

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
}

impl<'a> Parser<'a> {
    fn new(s: &'a str) -> Parser<'a> {
        Parser {
            chars: s.chars().peekable(),
            line: 1,
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
                Some('\\') => match self.bump() {
                    Some('\\') => text.push('\\'),
                    Some('}') => text.push('}'),
                    _ => {
                        return err(self.line, TextProblem::CommentBadEscape);
                    }
                },
                Some(c) => text.push(c),
            }
        }
    }

    fn parse(mut self) -> Result<Record, RecordError> {
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
            if let Some((l, seat, verb, args)) = pending.take() {
                let action = parse_action(l, &verb, &args)?;
                if let Some(d) = deals.last_mut() {
                    d.actions.push(RecordedAction::new(seat, action));
                }
            }
            match item {
                Item::Tag { name, value } => {
                    if name == "Deal" {
                        let n: usize = value.trim().parse().unwrap_or(0);
                        if n != deals.len() + 1 {
                            return err(
                                line,
                                TextProblem::DealNumber {
                                    found: Excerpt::of(&value),
                                    expected: deals.len() + 1,
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
                }
                Item::Comment(text) => {
                    let (kind, lang, body) =
                        comment_label(&text).unwrap_or((TextKind::Comment, UNTAGGED, &text));
                    let Some(d) = deals.last_mut() else {
                        let slot = match kind {
                            TextKind::Prompt => &mut cut_texts.prompt,
                            TextKind::Wrong => &mut cut_texts.wrong,
                            TextKind::Comment => &mut cut_texts.comment,
                            TextKind::Note => return err(line, TextProblem::NoteOutsideDeal),
                        };
                        put_text(slot, lang, body, kind, line)?;
                        continue;
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
                    put_text(slot, lang, body, kind, line)?;
                }
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
        if let Some((l, seat, verb, args)) = pending.take() {
            let action = parse_action(l, &verb, &args)?;
            if let Some(d) = deals.last_mut() {
                d.actions.push(RecordedAction::new(seat, action));
            }
        }
        let end = self.line;
        let mut record = build(header, deals, end)?;
        record.cut_texts = cut_texts;
        Ok(record)
    }
}

fn is_trick_number(w: &str) -> bool {
    w.len() > 1 && w.ends_with('.') && w[..w.len() - 1].bytes().all(|b| b.is_ascii_digit())
}

fn split_action(w: &str) -> Option<(Seat, &str)> {
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

fn parse_action(line: usize, verb: &str, args: &[String]) -> Result<Action, RecordError> {
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
fn apply_options(line: usize, base: Rules, text: &str) -> Result<Rules, RecordError> {
    let mut map = rules_map(&base);
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
    let mut record = Record {
        format,
        version: RECORD_VERSION,
        rules,
        meta,
        cut,
        cut_texts: CutTexts::default(),
        deals: Vec::with_capacity(deals.len()),
        deal_comments: BTreeMap::new(),
        deal_notes: BTreeMap::new(),
        deal_prompts: BTreeMap::new(),
    };
    for (i, mut d) in deals.into_iter().enumerate() {
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
    }
    Ok(record)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_round_trips_as_a_token() {
        let cards: CardSet = "AH KH QH".parse().unwrap();
        let all = [
            Action::Discard(cards),
            Action::Discard(CardSet::EMPTY),
            Action::AnnounceCarteBlanche(3),
            Action::DeclareCarteBlanche,
            Action::ProposeAbandon(true),
            Action::ProposeAbandon(false),
            Action::AcceptAbandon(true),
            Action::AcceptAbandon(false),
            Action::LookAtLeftover(None),
            Action::LookAtLeftover(Some(Suit::Diamonds)),
            Action::ExposeLeftover(true),
            Action::ExposeLeftover(false),
            Action::Declare(None),
            Action::Declare(Some(CardSet::EMPTY)),
            Action::Declare(Some(cards)),
            Action::Answer(Answer::Good),
            Action::Answer(Answer::Equal(CardSet::EMPTY)),
            Action::Answer(Answer::Equal(cards)),
            Action::Answer(Answer::Better(cards)),
            Action::Play("7C".parse().unwrap()),
        ];
        for a in all {
            let tok = action_token(Seat::B, a);
            let mut words = tok.split_whitespace();
            let (seat, verb) = split_action(words.next().unwrap()).unwrap();
            let args: Vec<String> = words.map(String::from).collect();
            assert_eq!(seat, Seat::B);
            assert_eq!(parse_action(1, verb, &args).unwrap(), a, "{tok}");
        }
    }

    #[test]
    fn custom_rules_are_a_preset_plus_options() {
        let mut r = Rules::ancien();
        r.abandon = true;
        assert_eq!(rules_options(&r), ("ancien", "abandon=true".to_string()));
        assert_eq!(
            apply_options(1, Rules::ancien(), "abandon=true").unwrap(),
            r
        );
        let e = apply_options(7, Rules::ancien(), "abandn=true").unwrap_err();
        assert!(matches!(e, RecordError::Text { line: 7, .. }), "{e}");
        assert!(apply_options(1, Rules::ancien(), "elder_max=\"x\"").is_err());
        assert!(apply_options(1, Rules::ancien(), "elder_max=5x").is_err());
    }

    #[test]
    fn a_byte_order_mark_is_ignored() {
        let json = include_str!("../../cli/tests/data/first-deal.json");
        let rec = Record::from_json(json).unwrap();
        let text = format!("\u{feff}{}", rec.to_text());
        assert_eq!(Record::from_text(&text).unwrap(), rec);
        assert_eq!(Record::parse(&text).unwrap(), rec);
        assert_eq!(Record::parse(&format!("\u{feff}{json}")).unwrap(), rec);
    }

    #[test]
    fn errors_name_the_line() {
        let text = "[Format \"piquet-record\"]\n[Version \"3\"]\n[Rules \"classique\"]\n[Cut \"AS 7H\"]\n\n[Deal \"1\"]\n[Dealer \"A\"]\n[Elder \"\"]\n[DealerHand \"\"]\n[Talon \"\"]\nB:x 8C\nB:zz\n";
        match Record::from_text(text) {
            Err(RecordError::Text { line: 12, problem }) => {
                assert!(problem.to_string().contains("zz"))
            }
            other => panic!("{other:?}"),
        }
    }
}
