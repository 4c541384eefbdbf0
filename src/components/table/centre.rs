//! The middle of the table: the cut's cards before the first deal (in a lesson that begins with
//! the cut, first the pack to draw from); then the talon with the
//! cards seen of it, the trick (or the last one, looked at again), the last words said, the
//! screen's own discards, and pic, repic or capot (the scores as they come are on the seats'
//! heads, [`super::seats::SeatHead`]).

use piquet_engine::Seat;
use yew::prelude::*;

use super::seats::{backs, card_row};
use crate::components::card::CardFace;
use piquet_table::i18n::{Lang, Text};
use piquet_table::model::CentreModel;
use piquet_table::settings::DeckStyle;
use piquet_table::table_ui::TableAction;
use piquet_words as words;

#[derive(Properties, PartialEq)]
pub struct CentreProps {
    pub model: CentreModel,
    pub lang: Lang,
    pub deck: DeckStyle,
    /// The seat on screen (its cards come from the bottom).
    pub viewer: Seat,
    pub on: Callback<TableAction>,
    /// The names of seats A and B, for the cut's cards.
    #[prop_or_default]
    pub cut_names: Option<(AttrValue, AttrValue)>,
}

#[function_component(Centre)]
pub fn centre(props: &CentreProps) -> Html {
    let lang = props.lang;
    let t = |x: Text| x.get(lang);
    let m = &props.model;
    let deck = props.deck;
    let viewer = props.viewer;
    let celebration = m.celebration.as_ref().map(|c| {
        html! {
            <div class="celebrate" key={c.key.clone()} aria-hidden="true">
                <span class="celebrate-word">{ c.word }</span>
                <span class="celebrate-who">{ &c.who }</span>
            </div>
        }
    });
    if m.cut_pack {
        // A lesson's cut: the player draws from the pack, face down (the coach says why).
        return html! {
            <section class="centre cut" aria-label={t(Text::CutCards)}>
                <button type="button" class="cut-pack lesson-target" id="cut-pack" aria-label={t(Text::CutPack)}
                        onclick={props.on.reform(|_: MouseEvent| TableAction::Cut)}>
                    { backs(4, "pack-backs") }
                </button>
            </section>
        };
    }
    if !m.cut.is_empty() {
        let (a, b) = props
            .cut_names
            .clone()
            .unwrap_or_else(|| (AttrValue::from("A"), AttrValue::from("B")));
        let n = m.cut.len();
        let draws = m.cut.iter().enumerate().map(|(i, &(ca, cb))| {
            let last = i + 1 == n;
            html! {
                <div class={classes!("cut-draw", last.then_some("decisive"))}>
                    <figure class="cut-card">
                        <CardFace card={ca} {lang} {deck} class={classes!("flip")} />
                        <figcaption>{ a.clone() }</figcaption>
                    </figure>
                    <figure class="cut-card">
                        <CardFace card={cb} {lang} {deck} class={classes!("flip", "flip-late")} />
                        <figcaption>{ b.clone() }</figcaption>
                    </figure>
                    if !last {
                        <p class="cut-again">{ t(Text::CutAgain) }</p>
                    }
                </div>
            }
        });
        return html! {
            <section class="centre cut" aria-label={t(Text::CutCards)}>
                <div class="cut-draws">{ for draws }</div>
            </section>
        };
    }
    let slot = |seat: Seat| -> Html {
        let mine = seat == viewer;
        let side = if mine { "slot-me" } else { "slot-opp" };
        match m.trick.iter().find(|(s, _)| *s == seat) {
            Some(&(_, card)) => html! {
                <div class={classes!("slot", side)}>
                    <CardFace {card} {lang} {deck}
                              class={classes!("played", if mine { "from-me" } else { "from-opp" })} />
                </div>
            },
            None => html! { <div class={classes!("slot", "empty", side)}></div> },
        }
    };
    let speaking = !m.speech.is_empty() && m.trick.is_empty();
    html! {
        <section class="centre" aria-label={t(Text::TableLabel)}>
            <div class="talon-side">
                <div class="talon" role="img" aria-label={words::labelled(t(Text::Talon), &words::plural_cards(m.talon_left, lang), lang)}>
                    if m.talon_left > 0 {
                        { backs(m.talon_left.min(3), "talon-backs") }
                        <span class="pile-count" aria-hidden="true">{ m.talon_left }</span>
                    } else {
                        <span class="talon-empty" aria-hidden="true"></span>
                    }
                </div>
                if !m.seen.is_empty() {
                    <div class="seen">
                        <span class="small-label">{ t(Text::SeenInTalon) }</span>
                        { card_row(&m.seen, lang, deck, "small") }
                    </div>
                }
            </div>
            <div class="stage">
                if speaking {
                    <ol class="speech">
                        { for m.speech.iter().map(|(mine, line)| html! {
                            <li class={classes!("say", if *mine { "say-me" } else { "say-opp" })}>{ line }</li>
                        }) }
                    </ol>
                } else {
                    <div class={classes!("trick", m.trick_done.then_some("done"))} aria-label={t(Text::Trick)} role="group">
                        { slot(viewer.other()) }
                        { slot(viewer) }
                        if m.looking_back {
                            <span class="trick-note">{ t(Text::LastTrick) }</span>
                        }
                    </div>
                }
                { for celebration }
            </div>
            <div class="centre-side">
                if m.other_discards > 0 {
                    <div class="pile" role="img" aria-label={words::labelled(t(Text::OpponentDiscards), &words::plural_cards(m.other_discards, lang), lang)}>
                        { backs(m.other_discards.min(2), "discard-backs") }
                        <span class="pile-count" aria-hidden="true">{ m.other_discards }</span>
                    </div>
                }
                if m.last_available {
                    // On a phone, its short name (« Dernière levée »), so that it holds in the
                    // short column beside the trick; said whole to screen readers.
                    <button type="button" class="text-button" id="last-trick"
                            aria-label={t(Text::ReviewLastTrick)}
                            aria-pressed={m.looking_back.to_string()}
                            onclick={props.on.reform(|_: MouseEvent| TableAction::ToggleLastTrick)}>
                        <span class="label-long" aria-hidden="true">{ t(Text::ReviewLastTrick) }</span>
                        <span class="label-short" aria-hidden="true">{ t(Text::LastTrick) }</span>
                    </button>
                }
                if !m.discards.is_empty() {
                    <div class="my-discards">
                        <span class="small-label">{ t(Text::YourDiscards) }</span>
                        { card_row(&m.discards, lang, deck, "small") }
                    </div>
                }
            </div>
        </section>
    }
}
