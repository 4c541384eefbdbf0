//! What one can do with the record besides reading it: review the deal at the cursor (for the
//! seat whose view is shown, or for both), export the record, play on from the position.
//!
//! The review is drawn by whoever puts the viewer on the page ([`ReviewShown`]): the app and the
//! table that plays draw its dialog (`components::review`); the embedded replay's own wasm,
//! which carries no computer, asks its page for the table that plays instead.

use std::rc::Rc;

use piquet_engine::cursor::Position;
use piquet_engine::{Record, Seat};
use piquet_table::i18n::{Lang, Text};
use piquet_table::replay::{ReplayAction, ViewMode};
use piquet_table::settings::Settings;
use piquet_words::Names;
use yew::prelude::*;

use super::play_from::{PlayFrom, PlayFromProps, play_from};
use crate::components::export::Export;

/// A deal's review as the viewer opens it.
#[derive(Clone, PartialEq)]
pub struct ReviewOf {
    pub record: Rc<Record>,
    /// The deal, from 0.
    pub deal: usize,
    /// The seat reviewed (both when `None`).
    pub seat: Option<Seat>,
    pub names: Names,
    pub lang: Lang,
    pub on_close: Callback<()>,
    /// The reader's settings.
    pub settings: Settings,
    /// Puts a screen in the viewer's place (`Some`) until it is given back (`None`), the viewer
    /// keeping where it stood: the app's review steps through the deal on the table there
    /// (`components::review_table::dialog`).
    pub cover: Callback<Option<Html>>,
}

/// Draws a deal's review (the review dialog, `components::review::dialog`).
#[derive(Clone, Copy)]
pub struct DrawReview(pub fn(&ReviewOf) -> Html);

impl PartialEq for DrawReview {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::fn_addr_eq(self.0, other.0)
    }
}

/// Where the review asked for at a position goes.
#[derive(Clone, PartialEq)]
pub enum ReviewShown {
    /// Drawn over the viewer.
    Dialog(DrawReview),
    /// Asked of the page: the record, the position (flat index), the view, the deal (from 0).
    Ask(Callback<AskedReview>),
}

/// A review asked of the page ([`ReviewShown::Ask`]).
#[derive(Clone, Debug, PartialEq)]
pub struct AskedReview {
    pub record: Rc<Record>,
    pub index: usize,
    pub view: ViewMode,
    pub deal: usize,
}

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
    /// How the review is shown.
    pub shown: ReviewShown,
    /// The flat position of the cursor (for a review asked of the page).
    pub index: usize,
    /// Whose cards are shown (the review's seat, or both).
    pub view: ViewMode,
    pub on_play: Option<Callback<PlayFrom, bool>>,
    pub dispatch: Callback<ReplayAction>,
    /// The reader's settings (for what a review draws in the viewer's place).
    pub settings: Settings,
    /// Puts a screen in the viewer's place, or gives the place back (see [`ReviewOf::cover`]).
    pub cover: Callback<Option<Html>>,
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
    let open_review = match &props.shown {
        ReviewShown::Dialog(_) => props
            .dispatch
            .reform(move |_: MouseEvent| ReplayAction::Review(Some(deal))),
        ReviewShown::Ask(ask) => {
            let asked = AskedReview {
                record: props.record.clone(),
                index: props.index,
                view: props.view,
                deal,
            };
            ask.reform(move |_: MouseEvent| asked.clone())
        }
    };
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
    let dialog = match (&props.shown, props.review) {
        (ReviewShown::Dialog(draw), Some(deal)) => Some(draw.0(&ReviewOf {
            record: props.record.clone(),
            deal,
            seat: props.view.seat(),
            names: props.names.clone(),
            lang,
            on_close: props.dispatch.reform(|_| ReplayAction::Review(None)),
            settings: props.settings.clone(),
            cover: props.cover.clone(),
        })),
        _ => None,
    };
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
