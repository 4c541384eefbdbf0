//! A player's hand: the cards fanned in a row, operable by pointer and keyboard.
//!
//! Keyboard (roving focus, one tab stop for the whole hand): ←/→ move between cards, Home/End
//! jump to the ends, Enter or Space activates the focused card — plays it, or toggles it in a
//! selection such as the discard. Each card is a button named "Roi de cœur"; in a selection it
//! carries `aria-pressed`, and cards that may not be played now are `aria-disabled`.

use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::card::{CardFace, Face, Suit};
use crate::i18n::Lang;
use crate::settings::DeckStyle;

/// The order suits are laid out in, alternating colours: ♠ ♥ ♣ ♦.
const SUIT_ORDER: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Clubs, Suit::Diamonds];

/// Sorts card indices for display: by suit (alternating colours), high cards first.
pub fn display_order(cards: &mut [u8]) {
    let key = |&index: &u8| {
        let face = Face::from_index(index);
        let suit = face.map_or(4, |f| {
            SUIT_ORDER.iter().position(|&s| s == f.suit).unwrap_or(4)
        });
        (suit, std::cmp::Reverse(face.map_or(0, |f| f.rank)))
    };
    cards.sort_by_key(key);
}

/// How the hand responds to activation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandMode {
    /// Nothing to do with these cards now.
    Idle,
    /// Activating a card plays it (only cards in `enabled`).
    Play,
    /// Activating a card toggles it in the selection (only cards in `enabled`).
    Select,
}

#[derive(Properties, PartialEq)]
pub struct HandProps {
    /// The cards, as engine indices, in any order: the hand sorts them for display.
    pub cards: Vec<u8>,
    /// The cards that may be activated now.
    #[prop_or_default]
    pub enabled: Vec<u8>,
    /// The selected cards (in `Select` mode).
    #[prop_or_default]
    pub selected: Vec<u8>,
    pub mode: HandMode,
    pub lang: Lang,
    #[prop_or_default]
    pub deck: DeckStyle,
    /// The hand's accessible name, e.g. "Votre main".
    pub label: AttrValue,
    /// Called with the card activated.
    pub on_activate: Callback<u8>,
}

#[function_component(Hand)]
pub fn hand(props: &HandProps) -> Html {
    let mut cards = props.cards.clone();
    display_order(&mut cards);
    let focused = use_state(|| 0usize);
    let focus_pos = (*focused).min(cards.len().saturating_sub(1));
    let list = use_node_ref();

    let focus_card = {
        let list = list.clone();
        let focused = focused.clone();
        move |pos: usize| {
            focused.set(pos);
            if let Some(button) = list
                .cast::<web_sys::Element>()
                .and_then(|l| {
                    l.query_selector(&format!("[data-pos=\"{pos}\"]"))
                        .ok()
                        .flatten()
                })
                .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
            {
                let _ = button.focus();
            }
        }
    };

    let count = cards.len();
    let buttons = cards
        .iter()
        .enumerate()
        .map(|(pos, &index)| {
            let enabled = props.mode != HandMode::Idle && props.enabled.contains(&index);
            let selected = props.selected.contains(&index);
            let activate = {
                let on_activate = props.on_activate.clone();
                move || {
                    if enabled {
                        on_activate.emit(index);
                    }
                }
            };
            let onclick = {
                let activate = activate.clone();
                let focused = focused.clone();
                Callback::from(move |_: MouseEvent| {
                    focused.set(pos);
                    activate();
                })
            };
            let onkeydown = {
                let focus_card = focus_card.clone();
                Callback::from(move |e: KeyboardEvent| {
                    let target = match e.key().as_str() {
                        "ArrowRight" | "ArrowDown" => Some((pos + 1) % count),
                        "ArrowLeft" | "ArrowUp" => Some((pos + count - 1) % count),
                        "Home" => Some(0),
                        "End" => Some(count - 1),
                        _ => None,
                    };
                    if let Some(target) = target {
                        e.prevent_default();
                        focus_card(target);
                    }
                })
            };
            let pressed = (props.mode == HandMode::Select).then(|| selected.to_string());
            html! {
                <li class="hand-slot" style={format!("--i:{pos}")}>
                    <button type="button"
                            class={classes!("hand-card", selected.then_some("selected"),
                                            enabled.then_some("enabled"))}
                            data-pos={pos.to_string()} data-card={index.to_string()}
                            tabindex={if pos == focus_pos { "0" } else { "-1" }}
                            aria-pressed={pressed}
                            aria-disabled={(!enabled).then_some("true")}
                            {onclick} {onkeydown}>
                        <CardFace {index} lang={props.lang} deck={props.deck} />
                    </button>
                </li>
            }
        })
        .collect::<Html>();
    html! {
        <ul class={classes!("hand", format!("hand-{count}"))} aria-label={props.label.clone()} ref={list}>
            { buttons }
        </ul>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hands_are_laid_out_by_alternating_suits_high_cards_first() {
        // Engine indices are suit * 9 + rank (♠ ♥ ♦ ♣; rank 0 = six … 8 = ace).
        let (seven_s, ace_s, ten_h, king_h, ace_d, nine_c) = (1, 8, 13, 16, 26, 30);
        let mut cards = vec![seven_s, ace_d, king_h, ace_s, nine_c, ten_h];
        display_order(&mut cards);
        assert_eq!(cards, vec![ace_s, seven_s, king_h, ten_h, nine_c, ace_d]);
    }
}
