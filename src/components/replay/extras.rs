//! What one can do with the record besides reading it: review the deal at the cursor (for the
//! seat whose view is shown, or for both), export the record, play on from the position.

use std::rc::Rc;

use piquet_ai::review::DealReview;
use piquet_engine::cursor::Position;
use piquet_engine::{Record, Seat};
use piquet_table::i18n::{Lang, Text};
use piquet_table::replay::ReplayAction;
use piquet_table::session::Session;
use piquet_words::Names;
use yew::prelude::*;

use super::play_from::{PlayFromProps, play_from};
use crate::components::export::Export;
use crate::components::review::ReviewDialog;

/// What the extras are drawn from.
pub struct ExtrasProps {
    pub record: Rc<Record>,
    pub position: Position,
    /// The game of the record is over at the cursor.
    pub over: bool,
    pub names: Names,
    pub lang: Lang,
    /// The deal (from 0) whose review is open.
    pub review: Option<usize>,
    /// The seat whose view is shown (the review's), or both.
    pub seat: Option<Seat>,
    pub on_play: Option<Callback<Session>>,
    pub dispatch: Callback<ReplayAction>,
    /// The review stepped through on the table, from a decision.
    pub on_steps: Option<Callback<(Rc<DealReview>, usize)>>,
}

/// The extras, each apart: the compact embedded replay puts them in its menu or beside the
/// table one by one (`show=`).
pub struct Extras {
    /// The review button.
    pub review: Html,
    /// The export, folded.
    pub export: Html,
    /// "Play this deal", when the table allows it.
    pub play: Option<Html>,
    /// The review's dialog, when open (drawn outside any menu).
    pub dialog: Option<Html>,
}

/// The review button (and its dialog), the export, "Play this deal", each apart.
pub fn parts(props: &ExtrasProps) -> Extras {
    let lang = props.lang;
    let t = |x: Text| x.get(lang);
    let deal = props.position.deal;
    let open_review = props
        .dispatch
        .reform(move |_: MouseEvent| ReplayAction::Review(Some(deal)));
    let play = props.on_play.clone().map(|on_play| {
        play_from(&PlayFromProps {
            record: props.record.clone(),
            position: props.position,
            over: props.over,
            names: props.names.clone(),
            lang,
            on_play,
        })
    });
    let dialog = props.review.map(|deal| {
        let on_close = props.dispatch.reform(|_| ReplayAction::Review(None));
        html! {
            <ReviewDialog record={props.record.clone()} {deal} seat={props.seat} names={props.names.clone()} {lang}
                          {on_close} on_steps={props.on_steps.clone()} />
        }
    });
    Extras {
        review: html! {
            <button type="button" class="button" id="replay-review" onclick={open_review}>
                { format!("{}\u{a0}{}", t(Text::ReviewOfDeal), deal + 1) }
            </button>
        },
        export: html! {
            <details class="replay-export">
                <summary>{ t(Text::Export) }</summary>
                <Export record={props.record.clone()} {lang} />
            </details>
        },
        play,
        dialog,
    }
}

/// The review button (and its dialog), the export, "Play this deal".
pub fn extras(props: &ExtrasProps) -> Html {
    let Extras {
        review,
        export,
        play,
        dialog,
    } = parts(props);
    html! {
        <div class="replay-extras">
            { review }
            { export }
            { for play }
            { for dialog }
        </div>
    }
}
