//! What a playing card looks like, drawn as SVG on a 100 × 140 card: the pips' outlines and
//! centres, and the ink of each suit. The app's cards (`src/components/card.rs`), the first
//! screen (`src/shell.rs`) and the embedded replay's light first stage (`src/bin/embed_view`)
//! draw with these, so that a card looks the same in all; the last two, which have no Yew, take
//! the whole card's markup from [`face_markup`].

use std::fmt::Write;

use piquet_engine::{Card, Rank, Suit};

use crate::i18n::Lang;
use crate::settings::DeckStyle;

/// A face-up card as markup for `innerHTML`, the very markup the app's `CardFace` draws, its
/// attributes in the order Yew sets them (`class` last: the classes `card`, the suit's ink,
/// then `class`), named for screen readers.
pub fn face_markup(out: &mut String, card: Card, lang: Lang, deck: DeckStyle, class: &str) {
    let label = piquet_words::corner(card.rank(), lang);
    let path = pip_path(card.suit());
    let pip = |out: &mut String, x: f32, y: f32, scale: f32| {
        let flip = if y > 71.0 { " rotate(180)" } else { "" };
        let _ = write!(
            out,
            r#"<path d="{path}" transform="translate({x} {y}) scale({scale}){flip}"></path>"#
        );
    };
    let space = if class.is_empty() { "" } else { " " };
    let _ = write!(
        out,
        r#"<svg viewBox="0 0 100 140" role="img" aria-label="{}" focusable="false" class="card {}{space}{class}"><rect x="1" y="1" width="98" height="138" rx="8" class="card-frame"></rect><g class="card-ink"><text x="9" y="20" text-anchor="middle" class="card-index">{label}</text>"#,
        crate::rules_text::escape(&piquet_words::card(card, lang)),
        ink(card.suit(), deck),
    );
    pip(out, 9.0, 31.0, 0.5);
    let _ = write!(
        out,
        r#"<g transform="rotate(180 50 70)"><text x="9" y="20" text-anchor="middle" class="card-index">{label}</text>"#
    );
    pip(out, 9.0, 31.0, 0.5);
    out.push_str("</g>");
    if card.rank().is_court() {
        let _ = write!(
            out,
            r#"<g class="court"><rect x="22" y="24" width="56" height="92" rx="4" class="court-panel"></rect><path d="M34 44 L40 32 L50 40 L60 32 L66 44 Z" class="court-crown"></path><text x="50" y="88" text-anchor="middle" class="court-letter">{label}</text>"#
        );
        pip(out, 50.0, 104.0, 0.75);
        out.push_str("</g>");
    } else {
        let scale = if card.rank() == Rank::Ace { 2.2 } else { 0.95 };
        for &(x, y) in pips(card.rank()) {
            pip(out, x, y, scale);
        }
    }
    out.push_str("</g></svg>");
}

/// The pip outline of a suit in a 20-unit box centred on the origin.
pub fn pip_path(suit: Suit) -> &'static str {
    match suit {
        Suit::Spades => {
            "M0 -10C4 -5 10 -2 10 3C10 6.5 7.5 8 5 8C3 8 1.6 7 .8 5.8C1 8 1.8 9.4 3.2 10H-3.2\
             C-1.8 9.4 -1 8 -.8 5.8C-1.6 7 -3 8 -5 8C-7.5 8 -10 6.5 -10 3C-10 -2 -4 -5 0 -10Z"
        }
        Suit::Hearts => {
            "M0 9C-6 4 -10 .5 -10 -4C-10 -7.8 -7.2 -10 -4.6 -10C-2.6 -10 -1 -9 0 -7C1 -9 2.6 \
             -10 4.6 -10C7.2 -10 10 -7.8 10 -4C10 .5 6 4 0 9Z"
        }
        Suit::Diamonds => "M0 -10L7.6 0L0 10L-7.6 0Z",
        Suit::Clubs => {
            "M0 -9.6A4.3 4.3 0 0 1 3.4 -2.6A4.3 4.3 0 1 1 1.2 4.4L3 10H-3L-1.2 4.4A4.3 4.3 0 1 \
             1 -3.4 -2.6A4.3 4.3 0 0 1 0 -9.6Z"
        }
    }
}

/// The ink of a suit in the chosen deck: two colours, or four.
pub fn ink(suit: Suit, deck: DeckStyle) -> &'static str {
    match (suit, deck) {
        (Suit::Spades, _) | (Suit::Clubs, DeckStyle::Classic) => "ink-black",
        (Suit::Hearts, _) | (Suit::Diamonds, DeckStyle::Classic) => "ink-red",
        (Suit::Diamonds, DeckStyle::FourColour) => "ink-blue",
        (Suit::Clubs, DeckStyle::FourColour) => "ink-green",
    }
}

/// Pip centres for the number cards and the ace, on a 100 × 140 card.
pub fn pips(rank: Rank) -> &'static [(f32, f32)] {
    const L: f32 = 32.0;
    const R: f32 = 68.0;
    match rank.index() {
        0 => &[
            (L, 34.0),
            (R, 34.0),
            (L, 70.0),
            (R, 70.0),
            (L, 106.0),
            (R, 106.0),
        ],
        1 => &[
            (L, 34.0),
            (R, 34.0),
            (50.0, 52.0),
            (L, 70.0),
            (R, 70.0),
            (L, 106.0),
            (R, 106.0),
        ],
        2 => &[
            (L, 34.0),
            (R, 34.0),
            (50.0, 52.0),
            (L, 70.0),
            (R, 70.0),
            (50.0, 88.0),
            (L, 106.0),
            (R, 106.0),
        ],
        3 => &[
            (L, 30.0),
            (R, 30.0),
            (L, 54.0),
            (R, 54.0),
            (50.0, 70.0),
            (L, 86.0),
            (R, 86.0),
            (L, 110.0),
            (R, 110.0),
        ],
        4 => &[
            (L, 30.0),
            (R, 30.0),
            (50.0, 44.0),
            (L, 54.0),
            (R, 54.0),
            (L, 86.0),
            (R, 86.0),
            (50.0, 96.0),
            (L, 110.0),
            (R, 110.0),
        ],
        8 => &[(50.0, 70.0)],
        _ => &[],
    }
}
