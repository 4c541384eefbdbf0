//! The text form of a record, in the spirit of bridge's PBN: tag pairs
//! (`[Event "..."]`, `[Rules "classique"]`), then one section per deal (its
//! cards as tags, then the actions in a compact notation, comments in `{ }`).
//! It converts both ways with the JSON form without loss; the full grammar is
//! in docs/record-format.md ("The text form").
//!
//! ```text
//! [Format "piquet-record"]
//! [Version "2"]
//! [Rules "classique"]
//! [Cut "KS KH, 9S QD"]
//!
//! [Deal "1"]
//! [Dealer "A"]
//! [Elder "AH KH QH JH TH AS AD AC 7S 8D 7D 8C"]
//! [DealerHand "9H 8H 7H KS QS 9S KD QD 9D KC QC 9C"]
//! [Talon "JS TS 8S JD TD JC TC 7C"]
//! B:x 8C {Bruno keeps his quinte}
//! A:x 7H
//! B:look -
//! B:decl AH KH QH JH TH A:good
//! 1. B:AH
//! ```

use crate::card::{Card, CardSet, Suit};
use crate::deal::{Action, Answer, DealSetup, Seat};
use crate::game::Cut;
use crate::record::{
    DealRecord, Metadata, RECORD_VERSION, Record, RecordError, RecordedAction, RulesSpec,
    check_version,
};
use crate::rules::Rules;
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
/// needing the fewest (the first in [`Rules::ALL`] on a tie).
fn rules_options(rules: &Rules) -> (&'static str, String) {
    let mine = rules_map(rules);
    let mut best: Option<(&'static str, Vec<(String, String)>)> = None;
    for (id, preset) in Rules::ALL {
        let base = rules_map(&preset);
        let diff: Vec<(String, String)> = mine
            .iter()
            .filter(|(k, v)| base.get(*k) != Some(*v))
            .map(|(k, v)| (k.clone(), v.to_string()))
            .collect();
        if best.as_ref().is_none_or(|(_, d)| diff.len() < d.len()) {
            best = Some((id, diff));
        }
    }
    let (id, diff) = best.unwrap_or(("classique", Vec::new()));
    let text = diff
        .iter()
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
            if let Some(c) = self.deal_comments.get(&i) {
                out.push_str(&brace(c));
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
        if let Some(c) = &a.comment {
            out.push(' ');
            out.push_str(&brace(c));
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

fn err<T>(line: usize, problem: impl Into<String>) -> Result<T, RecordError> {
    Err(RecordError::Text {
        line,
        problem: problem.into(),
    })
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

/// A deal being read: its tags (with their lines), comment and actions.
#[derive(Default)]
struct DealIn {
    line: usize,
    tags: BTreeMap<String, (usize, String)>,
    comment: Option<String>,
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
                    return err(line, format!("unexpected {w:?}"));
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
            return err(line, "a tag is [Name \"value\"]: the name is missing");
        }
        self.skip_blanks();
        if self.bump() != Some('"') {
            return err(line, format!("tag {name}: the value must be in quotes"));
        }
        let mut value = String::new();
        loop {
            match self.bump() {
                None | Some('\n') => {
                    return err(line, format!("tag {name}: the value has no closing quote"));
                }
                Some('"') => break,
                Some('\\') => value.push(match self.bump() {
                    Some('\\') => '\\',
                    Some('"') => '"',
                    Some('n') => '\n',
                    Some('r') => '\r',
                    Some('t') => '\t',
                    other => {
                        return err(
                            line,
                            format!(
                                "tag {name}: bad escape \\{} (use \\\\ \\\" \\n \\r \\t)",
                                other.map(String::from).unwrap_or_default()
                            ),
                        );
                    }
                }),
                Some(c) => value.push(c),
            }
        }
        self.skip_blanks();
        if self.bump() != Some(']') {
            return err(line, format!("tag {name}: expected ] after the value"));
        }
        Ok(Item::Tag { name, value })
    }

    fn comment(&mut self, line: usize) -> Result<Item, RecordError> {
        let mut text = String::new();
        loop {
            match self.bump() {
                None => return err(line, "comment not closed with }"),
                Some('}') => return Ok(Item::Comment(text)),
                Some('\\') => match self.bump() {
                    Some('\\') => text.push('\\'),
                    Some('}') => text.push('}'),
                    _ => {
                        return err(
                            self.line,
                            "bad escape in a comment (write \\\\ for \\ and \\} for })",
                        );
                    }
                },
                Some(c) => text.push(c),
            }
        }
    }

    fn parse(mut self) -> Result<Record, RecordError> {
        let mut header: BTreeMap<String, (usize, String)> = BTreeMap::new();
        let mut deals: Vec<DealIn> = Vec::new();
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
                    d.actions.push(RecordedAction {
                        seat,
                        action,
                        comment: None,
                    });
                }
            }
            match item {
                Item::Tag { name, value } => {
                    if name == "Deal" {
                        let n: usize = value.trim().parse().unwrap_or(0);
                        if n != deals.len() + 1 {
                            return err(
                                line,
                                format!(
                                    "[Deal {value:?}]: expected deal number {}",
                                    deals.len() + 1
                                ),
                            );
                        }
                        deals.push(DealIn {
                            line,
                            ..DealIn::default()
                        });
                    } else if let Some(d) = deals.last_mut() {
                        if !DEAL_TAGS.contains(&name.as_str()) {
                            let why = if HEADER_TAGS.contains(&name.as_str()) {
                                "belongs to the header, before the first [Deal]"
                            } else {
                                "is not a deal tag (Dealer, Seed, Elder, DealerHand, Talon)"
                            };
                            return err(line, format!("tag {name} {why}"));
                        }
                        if d.comment.is_some() || !d.actions.is_empty() {
                            return err(
                                line,
                                format!(
                                    "tag {name} after the deal's comment or actions (its tags come first)"
                                ),
                            );
                        }
                        if d.tags.insert(name.clone(), (line, value)).is_some() {
                            return err(line, format!("tag {name} given twice in this deal"));
                        }
                    } else {
                        if !HEADER_TAGS.contains(&name.as_str()) {
                            let why = if DEAL_TAGS.contains(&name.as_str()) {
                                "belongs to a deal: put [Deal \"1\"] first".to_string()
                            } else {
                                format!("is unknown (header tags: {})", HEADER_TAGS.join(", "))
                            };
                            return err(line, format!("tag {name} {why}"));
                        }
                        if header.insert(name.clone(), (line, value)).is_some() {
                            return err(line, format!("tag {name} given twice"));
                        }
                    }
                }
                Item::Comment(text) => {
                    let Some(d) = deals.last_mut() else {
                        return err(line, "a comment must follow a [Deal] tag or an action");
                    };
                    let slot = match d.actions.last_mut() {
                        Some(a) => &mut a.comment,
                        None => &mut d.comment,
                    };
                    if slot.is_some() {
                        return err(line, "a second comment at the same place (join them)");
                    }
                    *slot = Some(text);
                }
                Item::Word(w) => {
                    if is_trick_number(&w) {
                        if deals.is_empty() {
                            return err(line, format!("{w:?} before any [Deal]"));
                        }
                        continue;
                    }
                    let Some((seat, rest)) = split_action(&w) else {
                        return err(
                            line,
                            format!(
                                "expected an action like B:x or A:AH (seat A or B, a colon, then the move), found {w:?}"
                            ),
                        );
                    };
                    if deals.is_empty() {
                        return err(line, "an action before any [Deal] tag");
                    }
                    pending = Some((line, seat, rest.to_string(), Vec::new()));
                }
            }
        }
        if let Some((l, seat, verb, args)) = pending.take() {
            let action = parse_action(l, &verb, &args)?;
            if let Some(d) = deals.last_mut() {
                d.actions.push(RecordedAction {
                    seat,
                    action,
                    comment: None,
                });
            }
        }
        let end = self.line;
        build(header, deals, end)
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

fn cards_of(line: usize, what: &str, args: &[String]) -> Result<CardSet, RecordError> {
    args.join(" ")
        .parse()
        .or_else(|e| err(line, format!("{what}: {e}")))
}

fn bool_of(line: usize, verb: &str, args: &[String]) -> Result<bool, RecordError> {
    match args {
        [a] if a == "yes" => Ok(true),
        [a] if a == "no" => Ok(false),
        _ => err(line, format!("{verb} takes yes or no")),
    }
}

fn parse_action(line: usize, verb: &str, args: &[String]) -> Result<Action, RecordError> {
    let none = |a: Action| {
        if args.is_empty() {
            Ok(a)
        } else {
            err(
                line,
                format!("{verb} takes no argument, found {:?}", args.join(" ")),
            )
        }
    };
    Ok(match verb {
        "x" => Action::Discard(cards_of(line, "x (discard)", args)?),
        "blanche" => match args {
            [] => Action::DeclareCarteBlanche,
            [n] => Action::AnnounceCarteBlanche(
                n.parse()
                    .or_else(|_| err(line, format!("blanche: {n:?} is not a number of cards")))?,
            ),
            _ => return err(line, "blanche takes at most one number"),
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
                    _ => return err(line, format!("look: {a:?} is not a suit (S H D C or -)")),
                }
            }
            _ => return err(line, "look takes a suit (S H D C) or -"),
        },
        "decl" => match args {
            [a] if a == "-" => Action::Declare(None),
            _ => Action::Declare(Some(cards_of(line, "decl", args)?)),
        },
        "good" => none(Action::Answer(Answer::Good))?,
        "equal" => Action::Answer(Answer::Equal(cards_of(line, "equal", args)?)),
        "better" => Action::Answer(Answer::Better(cards_of(line, "better", args)?)),
        _ => match verb.parse::<Card>() {
            Ok(c) => none(Action::Play(c))?,
            Err(_) => {
                return err(
                    line,
                    format!(
                        "unknown move {verb:?} (x, blanche, abandon, accept, look, expose, decl, good, equal, better, or a card)"
                    ),
                );
            }
        },
    })
}

fn seat_of(line: usize, v: &str) -> Result<Seat, RecordError> {
    match v {
        "A" => Ok(Seat::A),
        "B" => Ok(Seat::B),
        _ => err(line, format!("{v:?} is not a seat (A or B)")),
    }
}

/// Parses `key=json key=json …` onto the preset `base`.
fn apply_options(line: usize, base: Rules, text: &str) -> Result<Rules, RecordError> {
    let mut map = rules_map(&base);
    let mut rest = text.trim_start();
    while !rest.is_empty() {
        let Some(eq) = rest.find('=') else {
            return err(line, format!("Options: expected key=value, found {rest:?}"));
        };
        let key = rest[..eq].trim();
        if !map.contains_key(key) {
            let known: Vec<&str> = map.keys().map(String::as_str).collect();
            return err(
                line,
                format!(
                    "Options: unknown rule option {key:?} (known: {})",
                    known.join(", ")
                ),
            );
        }
        let after = &rest[eq + 1..];
        let mut stream = serde_json::Deserializer::from_str(after).into_iter::<Value>();
        let value = match stream.next() {
            Some(Ok(v)) => v,
            Some(Err(e)) => return err(line, format!("Options: value of {key}: {e}")),
            None => return err(line, format!("Options: {key} has no value")),
        };
        let used = stream.byte_offset();
        let tail = after.get(used..).unwrap_or("");
        if !(tail.is_empty() || tail.starts_with(char::is_whitespace)) {
            return err(
                line,
                format!("Options: a space must follow the value of {key}"),
            );
        }
        map.insert(key.to_string(), value);
        rest = tail.trim_start();
    }
    serde_json::from_value(Value::Object(map)).or_else(|e| err(line, format!("Options: {e}")))
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
                format!(
                    "Cut: each draw is two cards, A's then B's, draws separated by commas; found {pair:?}"
                ),
            );
        };
        let card = |s: &str| {
            s.parse::<Card>()
                .or_else(|e| err(line, format!("Cut: {e}")))
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
            || err(first_deal, format!("missing header tag [{name} \"…\"]")),
            Ok,
        )
    };
    let (fl, format) = required("Format")?;
    let (vl, version) = required("Version")?;
    let (rl, rules) = required("Rules")?;
    let (cl, cut) = required("Cut")?;
    let version: u32 = version
        .trim()
        .parse()
        .or_else(|_| err(vl, format!("Version: {version:?} is not a number")))?;
    if let Err(e) = check_version(&format, version) {
        return err(fl.max(vl), e.to_string());
    }
    let mut take = |name: &str| header.remove(name);
    let players = match (take("PlayerA"), take("PlayerB")) {
        (Some((_, a)), Some((_, b))) => Some([a, b]),
        (None, None) => None,
        (Some((l, _)), None) | (None, Some((l, _))) => {
            return err(l, "PlayerA and PlayerB go together");
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
            let base = Rules::by_id(&rules).or_else(|e| err(rl, format!("Rules: {e}")))?;
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
                format!("HigherCard: {v:?} is neither deals nor lets-deal"),
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
        deals: Vec::with_capacity(deals.len()),
        deal_comments: BTreeMap::new(),
    };
    for (i, mut d) in deals.into_iter().enumerate() {
        let n = i + 1;
        let line = d.line;
        let mut get = |name: &str| {
            d.tags.remove(name).map_or_else(
                || err(line, format!("deal {n}: missing tag [{name} \"…\"]")),
                Ok,
            )
        };
        let (dl, dealer) = get("Dealer")?;
        let (el, elder) = get("Elder")?;
        let (hl, hand) = get("DealerHand")?;
        let (tl, talon) = get("Talon")?;
        let seed = match d.tags.remove("Seed") {
            None => None,
            Some((sl, s)) => Some(
                s.trim()
                    .parse::<u64>()
                    .or_else(|_| err(sl, format!("Seed: {s:?} is not a number")))?,
            ),
        };
        let set = |l: usize, name: &str, v: &str| {
            v.parse::<CardSet>()
                .or_else(|e| err(l, format!("{name}: {e}")))
        };
        let talon = talon
            .split_whitespace()
            .map(|c| {
                c.parse::<Card>()
                    .or_else(|e| err(tl, format!("Talon: {e}")))
            })
            .collect::<Result<Vec<Card>, _>>()?;
        let layout = DealSetup {
            dealer: seat_of(dl, &dealer)?,
            elder: set(el, "Elder", &elder)?,
            dealer_hand: set(hl, "DealerHand", &hand)?,
            talon,
        };
        if let Some(c) = d.comment {
            record.deal_comments.insert(i, c);
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
        let text = "[Format \"piquet-record\"]\n[Version \"2\"]\n[Rules \"classique\"]\n[Cut \"AS 7H\"]\n\n[Deal \"1\"]\n[Dealer \"A\"]\n[Elder \"\"]\n[DealerHand \"\"]\n[Talon \"\"]\nB:x 8C\nB:zz\n";
        match Record::from_text(text) {
            Err(RecordError::Text { line: 12, problem }) => assert!(problem.contains("zz")),
            other => panic!("{other:?}"),
        }
    }
}
