//! A player's hand, operable by pointer and keyboard, laid out for touch: on a narrow screen two
//! rows of ⌈n/2⌉ cards with no sideways overlap, else one row whose overlap leaves every card a
//! strip wide enough to touch (`table.css`, under `.hand`). The columns are given to the CSS as
//! `--cols` and `--n`; the second row's cards carry `row-2`.
//!
//! Keyboard (roving focus, one tab stop for the whole hand): ←/→ move between the cards that
//! can be activated now (all of them when none can), Home/End jump to the ends, Enter or Space
//! activates the focused card — plays it, or toggles it in a selection such as the discard.
//! Each card is a button named "Roi de cœur"; in a selection it carries `aria-pressed`, and
//! cards that may not be played now are `aria-disabled`: touching one says why (`on_refused`).

use std::rc::Rc;

use wasm_bindgen::JsCast;
use yew::prelude::*;

use piquet_engine::{Card, CardSet};

use super::card::CardFace;
use piquet_table::i18n::Lang;
use piquet_table::model::hand_columns;
use piquet_table::settings::{DeckStyle, HandOrder};

/// Where the keyboard goes from `pos` by `step` (±1), among the cards that can be activated
/// (or all, when none can): the next such card, wrapping around.
pub fn next_focus(active: &[bool], pos: usize, step: isize) -> usize {
    let n = active.len();
    if n == 0 {
        return 0;
    }
    let any = active.iter().any(|&a| a);
    let mut p = pos.min(n - 1);
    for _ in 0..n {
        p = (p as isize + step).rem_euclid(n as isize) as usize;
        if !any || active[p] {
            return p;
        }
    }
    pos.min(n - 1)
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
    /// The cards: the hand lays them out in the player's order ([`HandOrder::arrange`]).
    pub cards: CardSet,
    /// The cards that may be activated now.
    #[prop_or_default]
    pub enabled: CardSet,
    /// The selected cards (in `Select` mode).
    #[prop_or_default]
    pub selected: CardSet,
    /// Cards just drawn from the talon, marked as new.
    #[prop_or_default]
    pub fresh: CardSet,
    /// Cards a lesson asks the player to touch, highlighted.
    #[prop_or_default]
    pub targets: CardSet,
    /// Cards the hint suggests, marked (in a review: the best choice).
    #[prop_or_default]
    pub hinted: CardSet,
    /// In a review: the cards of the choice made, marked.
    #[prop_or_default]
    pub chosen: CardSet,
    /// A word written on some cards (in a review: each playable card's value).
    #[prop_or_default]
    pub notes: Rc<Vec<(Card, String)>>,
    /// The only card that may be played, about to go by itself: lifted and marked.
    #[prop_or_default]
    pub forced: CardSet,
    /// The order of the cards, left to right (the player's setting).
    #[prop_or_default]
    pub order: HandOrder,
    pub mode: HandMode,
    pub lang: Lang,
    #[prop_or_default]
    pub deck: DeckStyle,
    /// The hand's accessible name, e.g. "Votre main".
    pub label: AttrValue,
    /// Called with the card activated.
    pub on_activate: Callback<Card>,
    /// Called with a card touched that cannot be activated now.
    #[prop_or_default]
    pub on_refused: Callback<Card>,
}

#[function_component(Hand)]
pub fn hand(props: &HandProps) -> Html {
    let cards = props.order.arrange(props.cards);
    let active: Vec<bool> = cards
        .iter()
        .map(|&c| props.mode != HandMode::Idle && props.enabled.contains(c))
        .collect();
    let focused = use_state(|| None::<usize>);
    // The tab stop: the card last focused if it can still be activated, else the first that can.
    let focus_pos = match *focused {
        Some(p) if active.get(p).copied().unwrap_or(false) => p,
        _ => active.iter().position(|&a| a).unwrap_or(0),
    };
    let list = use_node_ref();

    let focus_card = {
        let list = list.clone();
        let focused = focused.clone();
        move |pos: usize| {
            focused.set(Some(pos));
            if let Some(button) = list
                .cast::<web_sys::Element>()
                .and_then(|l| {
                    l.query_selector(&format!("[data-pos=\"{pos}\"]"))
                        .ok()
                        .flatten()
                })
                .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
            {
                crate::services::browser::focus(&button);
            }
        }
    };

    let count = cards.len();
    let cols = hand_columns(count);
    let buttons = cards
        .iter()
        .enumerate()
        .map(|(pos, &card)| {
            let enabled = active[pos];
            let selected = props.selected.contains(card);
            let activate = {
                let on_activate = props.on_activate.clone();
                let on_refused = props.on_refused.clone();
                move || {
                    if enabled {
                        on_activate.emit(card);
                    } else {
                        on_refused.emit(card);
                    }
                }
            };
            let onclick = {
                let activate = activate.clone();
                let focused = focused.clone();
                Callback::from(move |_: MouseEvent| {
                    focused.set(Some(pos));
                    activate();
                })
            };
            let onkeydown = {
                let focus_card = focus_card.clone();
                let active = active.clone();
                Callback::from(move |e: KeyboardEvent| {
                    let target = match e.key().as_str() {
                        "ArrowRight" | "ArrowDown" => Some(next_focus(&active, pos, 1)),
                        "ArrowLeft" | "ArrowUp" => Some(next_focus(&active, pos, -1)),
                        "Home" => Some(next_focus(&active, count - 1, 1)),
                        "End" => Some(next_focus(&active, 0, -1)),
                        _ => None,
                    };
                    if let Some(target) = target {
                        e.prevent_default();
                        focus_card(target);
                    }
                })
            };
            let pressed = (props.mode == HandMode::Select).then(|| selected.to_string());
            let fresh = props.fresh.contains(card);
            let target = props.targets.contains(card);
            let hinted = props.hinted.contains(card);
            let chosen = props.chosen.contains(card);
            let note = props
                .notes
                .iter()
                .find(|(c, _)| *c == card)
                .map(|(_, n)| n.clone());
            let forced = props.forced.contains(card);
            html! {
                <li class={classes!("hand-slot", (pos >= cols).then_some("row-2"))} style={format!("--i:{pos}")}>
                    <button type="button"
                            class={classes!("hand-card", selected.then_some("selected"),
                                            enabled.then_some("enabled"), fresh.then_some("fresh"),
                                            target.then_some("lesson-target"), hinted.then_some("hinted"),
                                            chosen.then_some("chosen"), forced.then_some("forced"))}
                            data-pos={pos.to_string()} data-card={card.to_string()}
                            tabindex={if pos == focus_pos { "0" } else { "-1" }}
                            aria-pressed={pressed}
                            aria-disabled={(!enabled).then_some("true")}
                            {onclick} {onkeydown}>
                        <CardFace {card} lang={props.lang} deck={props.deck} />
                        if let Some(note) = note {
                            <span class="card-note">{ note }</span>
                        }
                    </button>
                </li>
            }
        })
        .collect::<Html>();
    html! {
        <ul class={classes!("hand", format!("hand-{count}"), (count > 6).then_some("two-rows"))}
            style={format!("--n:{};--cols:{cols}", count.max(1))}
            aria-label={props.label.clone()} ref={list}>
            { buttons }
        </ul>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_keyboard_skips_cards_that_cannot_be_played() {
        let active = [false, true, false, false, true];
        assert_eq!(next_focus(&active, 1, 1), 4);
        assert_eq!(next_focus(&active, 4, 1), 1);
        assert_eq!(next_focus(&active, 1, -1), 4);
        // Home and End: the first and the last playable card.
        assert_eq!(next_focus(&active, active.len() - 1, 1), 1);
        assert_eq!(next_focus(&active, 0, -1), 4);
        // With nothing to play, every card is reachable.
        assert_eq!(next_focus(&[false; 3], 0, 1), 1);
        assert_eq!(next_focus(&[], 0, 1), 0);
    }
}
