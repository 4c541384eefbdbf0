//! A seat's head (its name, who deals, whose turn, its tricks and its labelled count, which
//! opens the breakdown, and for a few seconds the last change of that count) and the other seat: its hand as backs that carry no card identity, its
//! discards, and the cards it showed in its declarations.

use piquet_engine::Card;
use yew::prelude::*;

use crate::components::card::{CardBack, CardFace, dealer_badge};
use piquet_table::i18n::{Lang, Text};
use piquet_table::model::{SeatModel, ToastModel};
use piquet_table::settings::DeckStyle;
use piquet_table::table_ui::TableAction;
use piquet_words as words;

/// Backs of cards, for a count of unseen cards.
pub fn backs(n: u8, class: &'static str) -> Html {
    html! {
        <div class={classes!("backs", class)} aria-hidden="true">
            { for (0..n).map(|_| html! { <CardBack /> }) }
        </div>
    }
}

/// A row of small faces (cards shown, seen, discarded), in display order.
pub fn card_row(cards: &[Card], lang: Lang, deck: DeckStyle, class: &'static str) -> Html {
    html! {
        <ul class={classes!("card-row", class)}>
            { for cards.iter().map(|&card| html! {
                <li><CardFace {card} {lang} {deck} /></li>
            }) }
        </ul>
    }
}

#[derive(Properties, PartialEq)]
pub struct SeatHeadProps {
    pub seat: SeatModel,
    pub lang: Lang,
    pub on: Callback<TableAction>,
    /// The last change of the count (« +3 · trois dix »), shown for a few seconds over the
    /// seat's name, beside its count.
    #[prop_or_default]
    pub toast: Option<ToastModel>,
}

#[function_component(SeatHead)]
pub fn seat_head(props: &SeatHeadProps) -> Html {
    let lang = props.lang;
    let t = |x: Text| x.get(lang);
    let s = &props.seat;
    let seat = s.seat;
    // Named by what it shows (« 42 pts donne 12 »), then whose points they are and what it
    // opens. The game's total is the big number; the deal's points are told apart under it.
    let more = format!(
        " — {} {}, {} {}. {}. {}",
        s.total,
        t(Text::PointsInGame),
        s.count,
        t(Text::PointsInDeal),
        s.name,
        t(Text::Explain)
    );
    let tricks = match s.tricks {
        1 => t(Text::OneTrick).to_string(),
        n => format!("{n} {}", t(Text::TricksWord)),
    };
    html! {
        <div class={classes!("seat-head", s.to_act.then_some("to-act"))}>
            <span class="seat-name">{ &s.name }</span>
            if s.dealer {
                { dealer_badge(lang) }
            }
            if s.to_act {
                <span class="turn-dot" title={t(Text::ToPlay)}></span>
                <span class="sr-only">{ t(Text::ToPlay) }</span>
            }
            <span class="tricks">{ tricks }</span>
            // Keyed: a new change is a new toast, whose animation runs again.
            <span class="toast-slot" aria-hidden="true">
                { for props.toast.iter().map(|toast| html! {
                    <span key={toast.key.clone()} class="toast-score" title={toast.text.clone()}>{ &toast.text }</span>
                }) }
            </span>
            <button type="button" class="score" id={if s.own { "count-me" } else { "count-opponent" }}
                    title={t(Text::Explain)}
                    onclick={props.on.reform(move |_: MouseEvent| TableAction::Explain(Some(seat)))}>
                <span class="score-nums">
                    <span class="score-total">
                        <span class="score-value">{ s.total }</span>
                        <span class="score-unit">{ t(Text::PointsShort) }</span>
                    </span>
                    if s.in_deal {
                        <span class="score-deal">{ format!("{} {}", t(Text::DealLower), s.count) }</span>
                    }
                </span>
                <span class="sr-only">{ more }</span>
                <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" class="icon chevron">
                    <path d="M9.4 5.6 15.8 12l-6.4 6.4-1.4-1.4 5-5-5-5z" />
                </svg>
            </button>
        </div>
    }
}

#[derive(Properties, PartialEq)]
pub struct OpponentSeatProps {
    pub seat: SeatModel,
    pub lang: Lang,
    pub on: Callback<TableAction>,
    #[prop_or_default]
    pub deck: DeckStyle,
    /// The last change of its count.
    #[prop_or_default]
    pub toast: Option<ToastModel>,
}

#[function_component(OpponentSeat)]
pub fn opponent_seat(props: &OpponentSeatProps) -> Html {
    let lang = props.lang;
    let t = |x: Text| x.get(lang);
    let s = &props.seat;
    html! {
        <section class="seat seat-top" aria-label={s.name.clone()}>
            <SeatHead seat={s.clone()} {lang} on={props.on.clone()} toast={props.toast.clone()} />
            <div class="seat-cards">
                <div class="opp-hand" role="img"
                     aria-label={words::labelled(t(Text::HandOf), &words::plural_cards(s.hand_len, lang), lang)}>
                    { backs(s.hand_len, "opp-backs") }
                </div>
                if !s.shown.is_empty() {
                    <div class="shown">
                        <span class="small-label">
                            { if s.shown_played { t(Text::ShownStillHeld) } else { t(Text::ShownCards) } }
                        </span>
                        { card_row(&s.shown, lang, props.deck, "small") }
                    </div>
                }
            </div>
        </section>
    }
}
