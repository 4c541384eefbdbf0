//! Writing the text form: the header tags, then each deal's tags, texts and actions.

use super::{TEXT_BANNER, action_token, comment_label, label_word, seat_letter};
use crate::action::Action;
use crate::card::Card;
use crate::localized::{Localized, UNTAGGED};
use crate::record::{Record, RecordedAction, RulesSpec};
use crate::record_error::TextKind;
use crate::rules::Rules;
use crate::seat::Seat;
use std::fmt::Write as _;

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

/// A comment between braces: `\`, `{` and `}` escaped, everything else verbatim.
fn brace(v: &str) -> String {
    let mut out = String::with_capacity(v.len() + 2);
    out.push('{');
    for c in v.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '{' => out.push_str("\\{"),
            '}' => out.push_str("\\}"),
            c => out.push(c),
        }
    }
    out.push('}');
    out
}

/// The label of a text in braces: `[fr] `, `[en] `, `[note] `, `[note fr] `, `[prompt en] `,
/// `[wrong fr] `; a comment in no stated language has none (version 1 and 2 comments), unless
/// its text would read as one.
fn label(kind: TextKind, lang: &str, text: &str) -> String {
    match (label_word(kind), lang == UNTAGGED) {
        (None, true) if matches!(comment_label(text), Ok(None)) => String::new(),
        (None, _) => format!("[{lang}] "),
        (Some(word), true) => format!("[{word}] "),
        (Some(word), false) => format!("[{word} {lang}] "),
    }
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

/// The `key=value` changes that turn a preset into `rules`, against the preset
/// needing the fewest ([`Rules::nearest_preset`]).
pub(super) fn rules_options(rules: &Rules) -> (&'static str, String) {
    let (id, preset, _) = rules.nearest_preset();
    let mine = rules.option_map();
    let base = preset.option_map();
    let text = mine
        .iter()
        .filter(|(k, v)| base.get(*k) != Some(*v))
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join(" ");
    (id, text)
}

impl Record {
    /// The text form (docs/record-format.md): `Record::from_text` reads it
    /// back to an equal record.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        out.push_str(TEXT_BANNER);
        out.push('\n');
        tag(&mut out, "Format", &self.format);
        tag(&mut out, "Version", &self.written_version().to_string());
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
        if let Some(s) = &self.start {
            let [a, b] = s.totals;
            let mut text = format!("deal={} totals={a},{b}", s.deal);
            if s.game != 1 || s.games_won != [0, 0] {
                let [x, y] = s.games_won;
                text.push_str(&format!(" game={} won={x},{y}", s.game));
            }
            if let Some(d) = s.dealer {
                text.push_str(&format!(" dealer={}", if d == Seat::A { "A" } else { "B" }));
            }
            tag(&mut out, "Start", &text);
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
        // Deals are numbered from the start's deal, when the record starts where the game stood.
        let first = self.start.map_or(1, |s| usize::from(s.deal.max(1)));
        for (i, d) in self.deals.iter().enumerate() {
            out.push('\n');
            tag(&mut out, "Deal", &(i + first).to_string());
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
