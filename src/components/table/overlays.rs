//! The dialogs over the table: the breakdown of a seat's count (« +3 · trois dames »,
//! « +6 · six cartes marquantes menées »), the score sheet, the log of the deal, the export.

use std::rc::Rc;

use piquet_engine::{Event, Seat};
use yew::prelude::*;

use crate::components::export::Export;
use crate::components::modal::Modal;
use crate::components::review::{ReviewDialog, ReviewProps};
use crate::components::score_sheet::ScoreSheet;
use piquet_ai::review::DealReview;
use piquet_engine::Record;
use piquet_table::i18n::{Lang, Text};
use piquet_table::model;
use piquet_table::seen::Seen;
use piquet_table::table_ui::TableAction;
use piquet_words::{self as words, Names};

/// Draws a deal's review asked at the table (the score sheet's or the deal's end « Revoir »),
/// from what its dialog is given: the dialog ([`REVIEW_DIALOG`]), or, in the play wasm, which
/// carries no review, the page handed over to the whole app (`crate::play`).
#[derive(Clone, Copy)]
pub struct DrawTableReview(pub fn(&ReviewProps) -> Html);

impl PartialEq for DrawTableReview {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::fn_addr_eq(self.0, other.0)
    }
}

/// The review's dialog over the table ([`ReviewDialog`]).
pub const REVIEW_DIALOG: DrawTableReview = DrawTableReview(review_dialog);

fn review_dialog(r: &ReviewProps) -> Html {
    html! { <ReviewDialog ..r.clone() /> }
}

#[derive(Properties)]
pub struct OverlaysProps {
    pub seen: Rc<Seen>,
    /// The whole record (the review and the export), where this device has it.
    pub record: Option<Rc<Record>>,
    pub viewer: Seat,
    pub names: Names,
    pub explain: Option<Seat>,
    pub sheet: bool,
    pub log: bool,
    pub export: bool,
    /// The deal under review, from 0.
    pub review: Option<usize>,
    pub lang: Lang,
    pub on: Callback<TableAction>,
    /// The review stepped through on the table, from a decision.
    #[prop_or_default]
    pub on_steps: Option<Callback<(Rc<DealReview>, usize)>>,
    /// How the review is drawn.
    pub draw_review: DrawTableReview,
}

impl PartialEq for OverlaysProps {
    fn eq(&self, o: &Self) -> bool {
        Rc::ptr_eq(&self.seen, &o.seen)
            && self.record == o.record
            && self.viewer == o.viewer
            && self.names == o.names
            && self.explain == o.explain
            && self.sheet == o.sheet
            && self.log == o.log
            && self.export == o.export
            && self.review == o.review
            && self.lang == o.lang
            && self.on == o.on
            && self.on_steps == o.on_steps
            && self.draw_review == o.draw_review
    }
}

#[function_component(Overlays)]
pub fn overlays(props: &OverlaysProps) -> Html {
    let lang = props.lang;
    let t = |x: Text| x.get(lang);
    let seen = &props.seen;
    let on = &props.on;
    let events: &[Event] = &seen.events;
    let explain = props.explain.map(|seat| {
        let lines: Vec<model::ScoreLine> = model::score_lines(events, true)
            .into_iter()
            .filter(|l| l.seat == seat)
            .collect();
        let total = seen.deal.as_ref().map_or(0, |v| v.scores[seat.index()]);
        html! {
            <Modal id="explain" title={words::labelled(props.names.of(seat), &format!("{total} {}", t(Text::Points)), lang)}
                   close_label={t(Text::Close)} on_close={on.reform(|_| TableAction::Explain(None))}>
                <p class="hint-line">{ t(Text::CountExplained) }</p>
                if lines.is_empty() {
                    <p>{ t(Text::NothingScored) }</p>
                } else {
                    <ul class="explain-list">
                        { for lines.iter().map(|l| html! {
                            <li>
                                <span>{ l.words(&seen.rules, lang) }</span>
                                if let Some(a) = l.article() { { " " }<span class="art">{ a }</span> }
                            </li>
                        }) }
                    </ul>
                }
            </Modal>
        }
    });
    let sheet = props.sheet.then(|| {
        html! {
            <Modal id="score-sheet" title={t(Text::ScoreSheet)} close_label={t(Text::Close)}
                   on_close={on.reform(|_| TableAction::Sheet(false))}>
                <ScoreSheet seen={seen.clone()} names={props.names.clone()} {lang}
                            on_review={Some(on.reform(|deal| TableAction::Review(Some(deal))))} />
            </Modal>
        }
    });
    let review = props
        .review
        .zip(props.record.clone())
        .map(|(deal, record)| {
            // Against the computer the player's own decisions; in pass-and-play both players'.
            (props.draw_review.0)(&ReviewProps {
                record,
                deal,
                seat: props.names.you,
                names: props.names.clone(),
                lang,
                on_close: on.reform(|_| TableAction::Review(None)),
                players: Some([props.names.a.clone(), props.names.b.clone()]),
                on_steps: props.on_steps.clone(),
            })
        });
    let log = props.log.then(|| {
        let lines = model::lines(events, &props.names, &seen.rules, lang);
        html! {
            <Modal id="game-log" title={t(Text::GameLog)} close_label={t(Text::Close)}
                   on_close={on.reform(|_| TableAction::Log(false))}>
                if lines.is_empty() {
                    <p>{ t(Text::LogEmpty) }</p>
                } else {
                    <ol class="log" role="log" aria-label={t(Text::GameLog)} tabindex="0">
                        { for lines.iter().map(|l| html! { <li>{ &l.text }</li> }) }
                    </ol>
                }
            </Modal>
        }
    });
    let export = props.record.clone().filter(|_| props.export).map(|record| {
        html! {
            <Modal id="export" title={t(Text::Export)} close_label={t(Text::Close)}
                   on_close={on.reform(|_| TableAction::Export(false))}>
                <Export {record} {lang}
                        players={Some([props.names.a.clone(), props.names.b.clone()])} />
            </Modal>
        }
    });
    html! {
        <>
            { for explain }
            { for sheet }
            { for log }
            { for export }
            { for review }
        </>
    }
}
