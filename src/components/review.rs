//! The review of a deal: each decision of a seat given a value and compared with the best
//! choice — the exact value of every card with all cards known, and the expected value from
//! what the seat could know (`piquet_ai::review`) — the costly ones marked « imprécision »,
//! « erreur » or « gaffe », and a summary of the points lost in each part of the deal. It runs
//! in the computer's worker with a progress bar: the page never waits on it. The result can be
//! exported with the record, as its commentary.

use std::rc::Rc;

use piquet_ai::review::{DealReview, DecisionKind, DecisionReview, Mark, Stage};
use piquet_engine::{Record, Seat};
use yew::prelude::*;

use super::export::Export;
use super::modal::Modal;
use crate::services::ai;
use piquet_table::i18n::{Lang, Text};
use piquet_table::review_steps;
use piquet_table::wire::{Answer, ReviewJob, ReviewRequest};
use piquet_words::{self as words, Names};

/// The review dialog of a deal opened in the replay viewer (`ReviewShown::Dialog`).
pub fn dialog(r: &crate::components::replay::ReviewOf) -> Html {
    html! {
        <ReviewDialog record={r.record.clone()} deal={r.deal} seat={r.seat} names={r.names.clone()}
                      lang={r.lang} on_close={r.on_close.clone()} />
    }
}

#[derive(Properties, PartialEq, Clone)]
pub struct ReviewProps {
    /// The record, whose deal `deal` is over.
    pub record: Rc<Record>,
    /// The deal, from 0.
    pub deal: usize,
    /// The seat reviewed (both when `None`).
    pub seat: Option<Seat>,
    pub names: Names,
    pub lang: Lang,
    pub on_close: Callback<()>,
    /// Reviewed at the table: the players' names, which the export writes with its date
    /// (see [`super::export::ExportProps::players`]).
    #[prop_or_default]
    pub players: Option<[String; 2]>,
    /// « Voir sur la table »: the review, stepped through on the table from this decision (an
    /// index into its decisions).
    #[prop_or_default]
    pub on_steps: Option<Callback<(Rc<DealReview>, usize)>>,
}

thread_local! {
    /// The last reviews made, by what was asked: a review closed and opened again (after
    /// stepping through it on the table, say) is there at once.
    static DONE: std::cell::RefCell<Vec<(String, Rc<DealReview>)>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// How many reviews are kept.
const KEPT: usize = 4;

/// The review asked by `key`, if it was made.
fn done(key: &str) -> Option<Rc<DealReview>> {
    DONE.with(|d| {
        d.borrow()
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, r)| r.clone())
    })
}

/// Keeps the review asked by `key`.
fn keep(key: String, review: Rc<DealReview>) {
    DONE.with(|d| {
        let mut d = d.borrow_mut();
        d.retain(|(k, _)| *k != key);
        d.push((key, review));
        let extra = d.len().saturating_sub(KEPT);
        d.drain(..extra);
    });
}

/// Where the review stands.
#[derive(Clone, Debug, PartialEq)]
enum Progress {
    /// `done` decisions of `total` reviewed, and `part` of the next one.
    Running {
        done: u32,
        total: u32,
        part: f32,
    },
    Done(Rc<DealReview>),
    Failed(String),
}

/// A number of points with one decimal, in the language's way: « 4,5 », "4.5".
pub fn points(v: f64, lang: Lang) -> String {
    let s = format!("{:.1}", v.abs());
    let s = match lang {
        Lang::Fr => s.replace('.', ","),
        Lang::En => s,
    };
    if v < -0.05 { format!("\u{2212}{s}") } else { s }
}

/// A decision's options and their values: `rows`, one per option, under the columns « Choix »,
/// « Attendu » and, for the play (`has_open`), « Cartes sur table ».
pub fn options_table(rows: Html, has_open: bool, class: Classes, lang: Lang) -> Html {
    let t = |x: Text| x.get(lang);
    html! {
        <table class={classes!("sheet", "options-table", class)}>
            <thead>
                <tr>
                    <th scope="col">{ t(Text::ReviewOption) }</th>
                    <th scope="col" class="num">{ t(Text::ReviewExpected) }</th>
                    if has_open { <th scope="col" class="num">{ t(Text::ReviewOpen) }</th> }
                </tr>
            </thead>
            <tbody>{ rows }</tbody>
        </table>
    }
}

/// A mark as a badge: « Erreur », coloured by its grade (`mark-mistake`).
pub fn mark_badge(mark: Mark, lang: Lang) -> Html {
    html! {
        <span class={classes!("mark", format!("mark-{}", mark_name(mark, Lang::En)))}>
            { words::capitalised(mark_name(mark, lang)) }
        </span>
    }
}

/// A mark's name, as the review says it.
pub fn mark_name(mark: Mark, lang: Lang) -> &'static str {
    mark.name(lang)
}

pub fn kind_name(kind: DecisionKind) -> Text {
    match kind {
        DecisionKind::Exchange => Text::Exchange,
        DecisionKind::CarteBlanche => Text::CarteBlanche,
        DecisionKind::Abandon => Text::ReviewAbandon,
        DecisionKind::Leftover => Text::Leftover,
        DecisionKind::Declare => Text::ReviewDeclaration,
        DecisionKind::Answer => Text::ReviewAnswer,
        DecisionKind::Play => Text::ReviewCard,
    }
}

fn stage_name(stage: Stage) -> Text {
    match stage {
        Stage::Exchange => Text::Exchange,
        Stage::Declarations => Text::ReviewDeclarations,
        Stage::Play => Text::ReviewPlay,
        Stage::Other => Text::ReviewOther,
    }
}

/// One decision of the list; `on_table`, when given, shows it on the table.
fn decision_item(
    d: &DecisionReview,
    names: &Names,
    lang: Lang,
    on_table: Option<Callback<MouseEvent>>,
) -> Html {
    let t = |x: Text| x.get(lang);
    let reason = d.reason.get(lang);
    let mark = d.mark.map(|m| mark_badge(m, lang));
    let has_open = d.options.iter().any(|o| o.open.is_some());
    let rows = d.options.iter().map(|o| {
        let chosen = o.action == d.chosen;
        let best = o.action == d.best;
        html! {
            <tr class={classes!(chosen.then_some("chosen"), best.then_some("best"))}>
                <th scope="row">
                    { words::action(&o.action, lang) }
                    if chosen { <span class="tag">{ t(Text::ReviewChosen) }</span> }
                    if best && !chosen { <span class="tag">{ t(Text::ReviewBest) }</span> }
                </th>
                <td class="num">{ o.expected.map(|v| points(v, lang)).unwrap_or_else(|| "—".into()) }</td>
                if has_open {
                    <td class="num">{ o.open.map(|v| points(v, lang)).unwrap_or_else(|| "—".into()) }</td>
                }
            </tr>
        }
    });
    html! {
        <li class={classes!("decision", d.mark.is_some().then_some("marked"))}>
            <p class="decision-head">
                <span class="decision-kind">{ words::labelled(t(kind_name(d.kind)), &words::action(&d.chosen, lang), lang) }</span>
                { for mark }
                if d.loss >= 0.05 {
                    <span class="loss">{ format!("\u{2212}{} {}", points(d.loss, lang), t(Text::PointsShort)) }</span>
                }
            </p>
            <p class="decision-who small-note">
                <span class="decision-at">{ format!("{} · {} {}", names.of(d.seat), t(Text::ActionWord), d.index + 1) }</span>
                if let Some(onclick) = on_table {
                    { " " }
                    <button type="button" class="text-button decision-on-table" data-index={d.index.to_string()} {onclick}>
                        { t(Text::ReviewOnTableOne) }
                    </button>
                }
            </p>
            <p class="decision-reason">{ reason }</p>
            if d.options.len() > 1 {
                <details class="decision-options">
                    <summary>{ t(Text::ReviewOptions) }</summary>
                    { options_table(rows.collect(), has_open, classes!(), lang) }
                </details>
            }
        </li>
    }
}

#[function_component(ReviewDialog)]
pub fn review_dialog(props: &ReviewProps) -> Html {
    let lang = props.lang;
    let t = |x: Text| x.get(lang);
    // What is asked: the record, the deal, the seat (the seed follows from the deal).
    let key = use_memo(
        (props.record.clone(), props.deal, props.seat),
        |(record, deal, seat)| format!("{deal}:{seat:?}:{}", record.to_json()),
    );
    let progress = use_state(|| match done(&key) {
        Some(review) => Progress::Done(review),
        None => Progress::Running {
            done: 0,
            total: 0,
            part: 0.0,
        },
    });
    let only_marked = use_state(|| false);
    let export = use_state(|| false);
    {
        let progress = progress.clone();
        let record = (*props.record).clone();
        let (deal, seat) = (props.deal, props.seat);
        let key = key.clone();
        let made = matches!(*progress, Progress::Done(_));
        use_effect_with((), move |_| {
            if made {
                return;
            }
            let request = ReviewRequest {
                id: 0,
                review: ReviewJob {
                    record,
                    deal: Some(deal),
                    seat,
                    // The same review every time for the same deal.
                    seed: review_steps::review_seed(deal),
                },
            };
            let on_step = {
                let progress = progress.clone();
                move |done, total, part| progress.set(Progress::Running { done, total, part })
            };
            ai::ask_review(request, on_step, move |answer| {
                progress.set(match answer {
                    Answer::Review { deals } => match deals.into_iter().next() {
                        Some(d) => {
                            let d = Rc::new(d);
                            keep((*key).clone(), d.clone());
                            Progress::Done(d)
                        }
                        None => Progress::Failed(Text::ReviewNothing.get(lang).to_string()),
                    },
                    Answer::Error { message } => Progress::Failed(message),
                    _ => Progress::Failed(Text::ReviewNothing.get(lang).to_string()),
                });
            });
        });
    }
    let title = format!("{}\u{a0}{}", t(Text::ReviewOfDeal), props.deal + 1);
    let body = match &*progress {
        // The bar moves within a long decision too (the exchange is weighed over many deals);
        // the words count whole decisions.
        Progress::Running { done, total, part } => html! {
            <div class="review-running">
                <p id="review-status">{ t(Text::ReviewRunning) }</p>
                <progress id="review-progress" max={total.max(&1).to_string()}
                          value={format!("{:.2}", *done as f32 + part)}
                          aria-labelledby="review-status"></progress>
                <p class="hint-line" aria-live="polite">
                    { if *total > 0 { format!("{done} / {total}") } else { String::new() } }
                </p>
            </div>
        },
        Progress::Failed(why) => html! {
            <p class="notice" role="alert">{ words::labelled(t(Text::ReviewFailed), why, lang) }</p>
        },
        Progress::Done(review) => {
            let marks = |counts: &[u16; 3]| -> String {
                [Mark::Inaccuracy, Mark::Mistake, Mark::Blunder]
                    .iter()
                    .zip(counts)
                    .map(|(m, n)| {
                        words::labelled(
                            &words::capitalised(mark_name(*m, lang)),
                            &n.to_string(),
                            lang,
                        )
                    })
                    .collect::<Vec<_>>()
                    .join(" · ")
            };
            let summaries = review.summary.iter().map(|s| {
                let stages = [Stage::Exchange, Stage::Declarations, Stage::Play, Stage::Other]
                    .into_iter()
                    .filter(|&st| st != Stage::Other || s.lost.get(st) > 0.0)
                    .map(|st| html! {
                        <li>{ words::labelled(t(stage_name(st)), &format!("{} {}", points(s.lost.get(st), lang), t(Text::PointsShort)), lang) }</li>
                    });
                html! {
                    <section class="review-summary">
                        <h3>{ words::labelled(t(Text::ReviewPointsLost), props.names.of(s.seat), lang) }
                            { format!(" {} {}", points(s.lost.total(), lang), t(Text::PointsShort)) }</h3>
                        <ul class="stage-losses">{ for stages }</ul>
                        <p class="small-note">{ marks(&s.marks) }</p>
                    </section>
                }
            });
            let decisions: Vec<(usize, &DecisionReview)> = review
                .decisions
                .iter()
                .enumerate()
                .filter(|(_, d)| !*only_marked || d.mark.is_some())
                .collect();
            // « Voir sur la table »: from the first decision (the first marked one when only
            // those are listed), or from one of the list.
            let on_table = |k: usize| {
                props.on_steps.as_ref().map(|cb| {
                    let (cb, review) = (cb.clone(), review.clone());
                    Callback::from(move |_: MouseEvent| cb.emit((review.clone(), k)))
                })
            };
            let first = decisions.first().map_or(0, |(k, _)| *k);
            let toggle = {
                let only_marked = only_marked.clone();
                Callback::from(move |_: web_sys::Event| only_marked.set(!*only_marked))
            };
            let annotated = (*export).then(|| {
                let mut record = (*props.record).clone();
                piquet_ai::review::annotate(&mut record, review);
                Rc::new(record)
            });
            let on_export = {
                let export = export.clone();
                Callback::from(move |_: MouseEvent| export.set(!*export))
            };
            html! {
                <>
                    if let Some(onclick) = on_table(first) {
                        <button type="button" class="button primary" id="review-on-table" {onclick}>
                            { t(Text::ReviewOnTable) }
                        </button>
                    }
                    { for summaries }
                    <p class="hint-line">{ t(Text::ReviewScale) }</p>
                    <label class="choice">
                        <input type="checkbox" id="review-only-marked" checked={*only_marked} onchange={toggle} />
                        <span>{ t(Text::ReviewOnlyMarked) }</span>
                    </label>
                    if decisions.is_empty() {
                        <p>{ t(Text::ReviewNoMarks) }</p>
                    } else {
                        <ol class="review-list" id="review-list">
                            { for decisions.iter().map(|(k, d)| decision_item(d, &props.names, lang, on_table(*k))) }
                        </ol>
                    }
                    <button type="button" class="button" id="review-export" aria-expanded={export.to_string()} onclick={on_export}>
                        { t(Text::ReviewExport) }
                    </button>
                    if let Some(record) = annotated {
                        <Export {record} {lang} players={props.players.clone()} />
                    }
                </>
            }
        }
    };
    html! {
        <Modal id="review" {title} close_label={t(Text::Close)} on_close={props.on_close.clone()} class={classes!("wide")}>
            { body }
        </Modal>
    }
}
