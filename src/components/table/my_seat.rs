//! The screen's own seat: its head and its hand — the cards that can be played or discarded
//! now are enabled, the others dimmed, and touching one of those says why (« Vous devez
//! fournir à cœur. », over the seat's name beside its count). Cards just drawn from the talon are marked as new until play starts.

use std::rc::Rc;

use piquet_engine::{Action, Card, CardSet, Phase, Seat};
use yew::prelude::*;

use super::seats::{SeatHead, backs};
use crate::components::hand::{Hand, HandMode};
use piquet_table::decision::{Decision, decision};
use piquet_table::i18n::{Lang, Text};
use piquet_table::model::{SeatModel, ToastModel};
use piquet_table::seen::Seen;
use piquet_table::settings::{DeckStyle, HandOrder};
use piquet_table::table_ui::TableAction;

#[derive(Properties)]
pub struct MySeatProps {
    pub seat: SeatModel,
    pub seen: Rc<Seen>,
    pub viewer: Seat,
    /// Pass-and-play between two players: the hand is hidden.
    pub hidden: bool,
    pub selection: CardSet,
    pub drawn: CardSet,
    /// The card last refused and why, in words.
    pub refusal: Option<(Card, String)>,
    /// Cards a lesson asks the player to touch.
    #[prop_or_default]
    pub targets: CardSet,
    /// Cards the hint suggests.
    #[prop_or_default]
    pub hinted: CardSet,
    /// The only card that may be played, about to go by itself.
    #[prop_or_default]
    pub forced: CardSet,
    #[prop_or_default]
    pub order: HandOrder,
    /// The last change of the seat's count.
    #[prop_or_default]
    pub toast: Option<ToastModel>,
    pub lang: Lang,
    #[prop_or_default]
    pub deck: DeckStyle,
    pub on: Callback<TableAction>,
}

impl PartialEq for MySeatProps {
    fn eq(&self, o: &Self) -> bool {
        Rc::ptr_eq(&self.seen, &o.seen)
            && self.seat == o.seat
            && self.viewer == o.viewer
            && self.hidden == o.hidden
            && self.selection == o.selection
            && self.drawn == o.drawn
            && self.refusal == o.refusal
            && self.targets == o.targets
            && self.hinted == o.hinted
            && self.forced == o.forced
            && self.order == o.order
            && self.toast == o.toast
            && self.lang == o.lang
            && self.deck == o.deck
            && self.on == o.on
    }
}

#[function_component(MySeat)]
pub fn my_seat(props: &MySeatProps) -> Html {
    let lang = props.lang;
    let t = |x: Text| x.get(lang);
    let seen = &props.seen;
    let viewer = props.viewer;
    let view = seen.deal.as_ref();
    let d = view.and_then(decision).filter(|_| !props.hidden);
    let (mode, enabled, selected) = match &d {
        Some(Decision::Play { cards }) => (HandMode::Play, *cards, CardSet::EMPTY),
        Some(Decision::Discard { .. }) => (
            HandMode::Select,
            view.map_or(CardSet::EMPTY, |v| v.hand),
            props.selection,
        ),
        _ => (HandMode::Idle, CardSet::EMPTY, CardSet::EMPTY),
    };
    let on_activate = {
        let on = props.on.clone();
        Callback::from(move |card: Card| match mode {
            HandMode::Play => on.emit(TableAction::Act(viewer, Action::Play(card))),
            HandMode::Select => on.emit(TableAction::Toggle(card)),
            HandMode::Idle => {}
        })
    };
    let on_refused = {
        let on = props.on.clone();
        Callback::from(move |card: Card| on.emit(TableAction::Refuse(card)))
    };
    let hand = view.map(|v| v.hand).unwrap_or(CardSet::EMPTY);
    // The deal: the cards fly in one by one until the first decision is taken.
    let just_dealt = seen.events.is_empty() && seen.in_deal();
    let before_play = matches!(view.map(|v| v.phase), Some(p) if !matches!(p, Phase::Play | Phase::Finished { .. }));
    let fresh = if before_play {
        props.drawn & hand
    } else {
        CardSet::EMPTY
    };
    // The head is a piece of its own (`.my-head`), so that a phone held sideways can give the
    // hand the whole width and the head a place beside the panel.
    html! {
        <>
            <div class="seat my-head">
                <SeatHead seat={props.seat.clone()} {lang} on={props.on.clone()} toast={props.toast.clone()} />
                // Why a card was refused: over the seat's name, beside its count, just above the
                // hand (never over a card or a score).
                <p class={classes!("refusal", props.refusal.is_some().then_some("shown"))} role="status">
                    { props.refusal.as_ref().map(|(_, why)| why.clone()).unwrap_or_default() }
                </p>
            </div>
            <section class={classes!("seat", "seat-bottom", just_dealt.then_some("just-dealt"))}
                     aria-label={props.seat.name.clone()}>
                if props.hidden {
                    <div class="hand-hidden">{ backs(hand.len() as u8, "my-backs") }</div>
                } else {
                    <div class="hand-area">
                        <Hand cards={hand} {enabled} {selected} {fresh} {mode} {lang} deck={props.deck}
                              targets={props.targets} hinted={props.hinted} forced={props.forced}
                              order={props.order}
                              label={t(Text::YourHand)} {on_activate} {on_refused} />
                    </div>
                }
            </section>
        </>
    }
}
