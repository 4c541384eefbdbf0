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
//!
//! Reading is in `read.rs` ([`Record::from_text`](crate::Record::from_text), and [`Record::parse`](crate::Record::parse), which reads either
//! form), writing in `write.rs` ([`Record::to_text`](crate::Record::to_text)); this module holds what both share: the
//! banner, the seat letters, the labels of texts in braces and the notation of one action
//! ([`action_token`]). The problems the reader reports are in [`crate::record_error`].

mod read;
mod write;

#[cfg(test)]
mod tests;

use crate::action::{Action, Answer};
use crate::card::{CardSet, Suit};
use crate::localized::UNTAGGED;
use crate::seat::Seat;
use std::fmt::Write as _;

pub use crate::record_error::{CardsPlace, TextKind, TextProblem};

/// The first line written by [`Record::to_text`](crate::Record::to_text) (a `%` remark, ignored when read).
pub const TEXT_BANNER: &str = "% Piquet game record, text form (docs/record-format.md)";

fn seat_letter(s: Seat) -> char {
    match s {
        Seat::A => 'A',
        Seat::B => 'B',
    }
}

/// The word of a kind's label, if it has one (a comment's label is its language alone).
fn label_word(kind: TextKind) -> Option<&'static str> {
    match kind {
        TextKind::Comment => None,
        TextKind::Note => Some("note"),
        TextKind::Prompt => Some("prompt"),
        TextKind::Wrong => Some("wrong"),
    }
}

/// The languages a label may name in the text form: French and English, and `und` (no stated
/// language), which the writer puts before a text in no language that begins with brackets.
pub const LABEL_LANGUAGES: [&str; 3] = ["fr", "en", UNTAGGED];

/// A label read at the start of a text in braces: its kind, its language, and the text after
/// it (and the one space that follows it).
type Label<'a> = (TextKind, &'a str, &'a str);

/// Reads the label at the start of a text in braces. `Ok(None)`: no label (the text does not
/// begin with `[…]`), the whole text is a comment in no stated language. `Err(label)`: the text
/// begins with brackets that are no label (`[FR]`, `[français]`, `[de]`, `[1]`), refused by
/// name rather than shown as text.
fn comment_label(text: &str) -> Result<Option<Label<'_>>, &str> {
    let Some((label, body)) = text.strip_prefix('[').and_then(|rest| rest.split_once(']')) else {
        return Ok(None);
    };
    let body = body.strip_prefix(' ').unwrap_or(body);
    let language = |lang: &str| LABEL_LANGUAGES.contains(&lang);
    if language(label) {
        return Ok(Some((TextKind::Comment, label, body)));
    }
    for kind in [TextKind::Note, TextKind::Prompt, TextKind::Wrong] {
        match label.strip_prefix(label_word(kind).unwrap_or_default()) {
            Some("") => return Ok(Some((kind, UNTAGGED, body))),
            Some(lang) => match lang.strip_prefix(' ') {
                Some(lang) if language(lang) => return Ok(Some((kind, lang, body))),
                _ => {}
            },
            None => {}
        }
    }
    Err(label)
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
