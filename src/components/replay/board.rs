//! The table at the cursor: the two seats (the viewer's at the bottom) and, between them, the
//! talon and the trick. Unseen cards are drawn as backs that carry no card identity.

use piquet_engine::{CardSet, Seat};
use piquet_table::i18n::{Lang, Text};
use piquet_table::replay_model::{Board, SeatModel, Talon};
use piquet_table::settings::DeckStyle;
use piquet_words as words;
use yew::prelude::*;

use crate::components::card::{CardBack, CardFace};

/// Cards face up, in hand order.
fn card_list(
    set: CardSet,
    lang: Lang,
    deck: DeckStyle,
    class: &'static str,
    label: String,
) -> Html {
    html! {
        <ul class={classes!("card-row", class)} aria-label={label}>
            { for words::in_hand_order(set).into_iter().map(|card| html! {
                <li><CardFace {card} {lang} {deck} /></li>
            }) }
        </ul>
    }
}

/// `n` card backs, named by their number.
fn backs(n: u8, class: &'static str, label: String) -> Html {
    html! {
        <div class={classes!("backs", class)} role="img" aria-label={label}>
            { for (0..n).map(|_| html! { <CardBack /> }) }
        </div>
    }
}

/// The seats and the centre.
pub fn replay_board(board: &Board, lang: Lang, deck: DeckStyle) -> Html {
    let Board {
        top, bottom, trick, ..
    } = &board;
    let (lang, deck) = (lang, deck);
    let t = |x: Text| x.get(lang);
    let slot = |seat: Seat| {
        let place = if seat == bottom.seat {
            "slot-me"
        } else {
            "slot-opp"
        };
        match trick.iter().find(|(s, _)| *s == seat) {
            Some((_, c)) => html! {
                <div class={classes!("slot", place)}>
                    <CardFace card={*c} {lang} {deck} />
                </div>
            },
            None => html! { <div class={classes!("slot", "empty", place)}></div> },
        }
    };
    html! {
        <div class="replay-table">
            { seat_area(top, "seat-top", lang, deck) }
            <section class="centre replay-centre" aria-label={t(Text::TableLabel)}>
                { talon(&board.talon, lang, deck) }
                <div class="trick" role="group" aria-label={t(Text::Trick)}>
                    { slot(top.seat) }
                    { slot(bottom.seat) }
                </div>
            </section>
            { seat_area(bottom, "seat-bottom", lang, deck) }
        </div>
    }
}

/// One seat: its name, dealer and turn, its count, its hand, its discards, the cards it showed.
fn seat_area(seat: &SeatModel, class: &'static str, lang: Lang, deck: DeckStyle) -> Html {
    let t = |x: Text| x.get(lang);
    let name = &seat.name;
    let hand = match seat.hand {
        Some(h) => card_list(
            h,
            lang,
            deck,
            "replay-hand",
            words::labelled(t(Text::HandOf), name, lang),
        ),
        None => backs(
            seat.hand_len,
            "opp-backs",
            words::labelled(
                t(Text::HandOf),
                &words::plural_cards(seat.hand_len, lang),
                lang,
            ),
        ),
    };
    let discards = match seat.discards {
        Some(d) if !d.is_empty() => html! {
            <div class="replay-discards">
                <span class="small-label">{ t(Text::Discards) }</span>
                { card_list(d, lang, deck, "small", words::labelled(t(Text::Discards), name, lang)) }
            </div>
        },
        None if seat.discards_len > 0 => html! {
            <div class="replay-discards">
                <span class="small-label">{ t(Text::Discards) }</span>
                { backs(seat.discards_len.min(3), "discard-backs",
                        words::labelled(t(Text::Discards), &words::plural_cards(seat.discards_len, lang), lang)) }
            </div>
        },
        _ => html! {},
    };
    html! {
        <section class={classes!("seat", "replay-seat", class)} aria-label={name.clone()}
                 data-seat={format!("{:?}", seat.seat)}>
            <div class={classes!("seat-head", seat.to_act.then_some("to-act"))}>
                <span class="seat-name">{ name.clone() }</span>
                if seat.dealer {
                    { crate::components::card::dealer_badge(lang) }
                }
                if seat.to_act {
                    <span class="chip turn">{ t(Text::ToPlay) }</span>
                }
                <span class="replay-count" aria-label={format!("{} {name}", t(Text::CountOf))}>
                    { seat.count }
                </span>
            </div>
            { hand }
            { discards }
            if !seat.shown.is_empty() {
                <div class="shown">
                    <span class="small-label">{ t(Text::ShownCards) }</span>
                    { card_list(seat.shown, lang, deck, "small", words::labelled(t(Text::ShownCards), name, lang)) }
                </div>
            }
        </section>
    }
}

/// The talon: face up in the open view; as a seat saw it, the cards left and those seen there.
fn talon(talon: &Talon, lang: Lang, deck: DeckStyle) -> Html {
    let t = |x: Text| x.get(lang);
    match talon {
        Talon::None => html! {},
        Talon::Open(cards) => html! {
            <div class="replay-talon">
                <span class="small-label">{ t(Text::Talon) }</span>
                <ul class="card-row small" aria-label={t(Text::Talon)}>
                    { for cards.iter().map(|c| html! { <li><CardFace card={*c} {lang} {deck} /></li> }) }
                </ul>
            </div>
        },
        Talon::Seen { left, seen } => html! {
            <>
                if *left > 0 {
                    <div class="replay-talon">
                        <span class="small-label">{ t(Text::Talon) }</span>
                        { backs((*left).min(4), "talon-backs",
                                words::labelled(t(Text::Talon), &words::plural_cards(*left, lang), lang)) }
                    </div>
                }
                if !seen.is_empty() {
                    <div class="seen">
                        <span class="small-label">{ t(Text::SeenInTalon) }</span>
                        { card_list(*seen, lang, deck, "small", t(Text::SeenInTalon).to_string()) }
                    </div>
                }
            </>
        },
    }
}
