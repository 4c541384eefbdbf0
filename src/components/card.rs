//! Playing cards drawn as SVG by our own code: frame, corner indices, pips and court panels.
//!
//! A card is the engine's [`Card`]; its corner letters and its name come from
//! [`piquet_words`] (French indices R D V, English K Q J: the face of a card follows the
//! interface language, as printed decks do).

use piquet_engine::{Card, Rank};
use yew::prelude::*;

use piquet_table::card_art::{ink, pip_path, pips};
use piquet_table::i18n::Lang;
use piquet_table::settings::DeckStyle;

#[derive(Properties, PartialEq)]
pub struct CardProps {
    pub card: Card,
    pub lang: Lang,
    #[prop_or_default]
    pub deck: DeckStyle,
    /// Extra CSS classes for placement and state (selected, playable…).
    #[prop_or_default]
    pub class: Classes,
}

/// A face-up card. It is an image to assistive technology, named "Roi de cœur".
#[function_component(CardFace)]
pub fn card_face(props: &CardProps) -> Html {
    let card = props.card;
    let label = piquet_words::corner(card.rank(), props.lang);
    let ink = ink(card.suit(), props.deck);
    let path = pip_path(card.suit());
    let pip = |x: f32, y: f32, scale: f32| {
        let flip = if y > 71.0 { " rotate(180)" } else { "" };
        html! { <path d={path} transform={format!("translate({x} {y}) scale({scale}){flip}")} /> }
    };
    let centre = if card.rank().is_court() {
        html! {
            <g class="court">
                <rect x="22" y="24" width="56" height="92" rx="4" class="court-panel" />
                <path d="M34 44 L40 32 L50 40 L60 32 L66 44 Z" class="court-crown" />
                <text x="50" y="88" text-anchor="middle" class="court-letter">{ label }</text>
                { pip(50.0, 104.0, 0.75) }
            </g>
        }
    } else {
        let scale = if card.rank() == Rank::Ace { 2.2 } else { 0.95 };
        pips(card.rank())
            .iter()
            .map(|&(x, y)| pip(x, y, scale))
            .collect::<Html>()
    };
    html! {
        <svg class={classes!("card", ink, props.class.clone())} viewBox="0 0 100 140"
             role="img" aria-label={piquet_words::card(card, props.lang)} focusable="false">
            <rect x="1" y="1" width="98" height="138" rx="8" class="card-frame" />
            <g class="card-ink">
                <text x="9" y="20" class="card-index" text-anchor="middle">{ label }</text>
                { pip(9.0, 31.0, 0.5) }
                <g transform="rotate(180 50 70)">
                    <text x="9" y="20" class="card-index" text-anchor="middle">{ label }</text>
                    { pip(9.0, 31.0, 0.5) }
                </g>
                { centre }
            </g>
        </svg>
    }
}

/// A face-down card: its back carries no information at all.
#[function_component(CardBack)]
pub fn card_back(props: &CardBackProps) -> Html {
    html! {
        <svg class={classes!("card", "card-back", props.class.clone())} viewBox="0 0 100 140"
             aria-hidden="true" focusable="false">
            <rect x="1" y="1" width="98" height="138" rx="8" class="card-frame" />
            <rect x="8" y="8" width="84" height="124" rx="5" class="card-back-pattern" />
        </svg>
    }
}

#[derive(Properties, PartialEq)]
pub struct CardBackProps {
    #[prop_or_default]
    pub class: Classes,
}

/// The dealer's mark: a small pack of cards, named « Donneur » (a letter « D » read as
/// « Dame »).
pub fn dealer_badge(lang: Lang) -> Html {
    let name = piquet_table::i18n::Text::Dealer.get(lang);
    html! {
        <span class="chip dealer" role="img" title={name} aria-label={name}>
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" class="dealer-icon">
                <rect x="3" y="5" width="11" height="15" rx="2" transform="rotate(-14 8.5 12.5)" />
                <rect x="9" y="4" width="11" height="15" rx="2" transform="rotate(10 14.5 11.5)" />
            </svg>
        </span>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn number_cards_show_as_many_pips_as_their_value() {
        for (rank, n) in [
            (Rank::Six, 6usize),
            (Rank::Seven, 7),
            (Rank::Eight, 8),
            (Rank::Nine, 9),
            (Rank::Ten, 10),
            (Rank::Ace, 1),
        ] {
            assert_eq!(pips(rank).len(), n, "{rank:?}");
        }
        for court in [Rank::Jack, Rank::Queen, Rank::King] {
            assert!(pips(court).is_empty());
        }
    }
}
