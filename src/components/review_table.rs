//! The review on the table: a reviewed deal's decisions stepped through where they were taken.
//! Each step draws the table as the deciding seat saw it just before deciding — its hand at the
//! bottom, the other seat's cards as backs, the talon and what it had seen of it, the trick —
//! from `Session::view` of that seat only, so that no card it had not seen reaches the page.
//! The best choice and the choice made are marked on the cards (and each card that could be
//! played carries its value); beside them the panel gives the mark, its reason and every
//! option with its values. ←/→ (or the panel's buttons) step; « Erreurs seulement » steps from
//! one marked decision to the next; any step can be saved as a problem of one's own.
//!
//! Its state is [`piquet_table::review_steps::ReviewSteps`] (stepping, tested natively); what a
//! step shows is [`piquet_table::review_steps::step_view`].

use std::rc::Rc;

use piquet_ai::review::DealReview;
use piquet_engine::{Action, CardSet, Observation, Phase, Record, Seat};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::hand::{Hand, HandMode};
use super::modal::use_back_closes;
use super::replay::ReviewOf;
use super::review::{ReviewDialog, mark_badge, mark_name, options_table, points};
use super::store::Store;
use super::table::bar::Icon;
use super::table::centre::Centre;
use super::table::panel::holding_words;
use super::table::seats::{OpponentSeat, SeatHead};
use crate::services::{browser, problems};
use piquet_table::i18n::{Lang, Text};
use piquet_table::model;
use piquet_table::problem::mine;
use piquet_table::problem::solve::action_words;
use piquet_table::problem::solve::value_words;
use piquet_table::review_steps::{
    self, ReviewSteps, StepAction, StepView, citation, names_for, session_at, step_view,
};
use piquet_table::settings::Settings;
use piquet_table::state::TableState;
use piquet_table::table_ui::TableAction;
use piquet_table::view;
use piquet_words::{self as words, Names};

#[derive(Properties, PartialEq)]
pub struct ReviewTableProps {
    /// The record whose deal was reviewed.
    pub record: Rc<Record>,
    pub review: Rc<DealReview>,
    /// The decision to open at (an index into the review's decisions).
    pub start: usize,
    /// The record's seats' names.
    pub names: Names,
    pub settings: Settings,
    /// Back to where the review was opened.
    pub on_close: Callback<()>,
}

/// What a screen needs to put the review on the table in its own place: the review, from which
/// decision, over which record, with the record's names, and the way back. The replay viewer
/// draws it through a callback its host gives (the app's; the embedded table gives none, and
/// its wasm carries none of this component).
#[derive(Clone, PartialEq)]
pub struct OnTable {
    pub record: Rc<Record>,
    pub review: Rc<DealReview>,
    pub start: usize,
    pub names: Names,
    pub on_close: Callback<()>,
}

impl OnTable {
    /// The review on the table, drawn with `settings`.
    pub fn draw(self, settings: &Settings) -> Html {
        let OnTable {
            record,
            review,
            start,
            names,
            on_close,
        } = self;
        html! {
            <ReviewTable {record} {review} {start} {names} settings={settings.clone()} {on_close} />
        }
    }
}

/// The review dialog of a deal opened in the app's replay viewer (`ReviewShown::Dialog`), with
/// « Voir sur la table »: the review stepped through on the table in the viewer's place, the
/// viewer given back as it was when the table is left.
pub fn dialog(r: &ReviewOf) -> Html {
    let on_steps = {
        let (record, names, settings) = (r.record.clone(), r.names.clone(), r.settings.clone());
        let cover = r.cover.clone();
        Callback::from(move |(review, start): (Rc<DealReview>, usize)| {
            let on_table = OnTable {
                record: record.clone(),
                review,
                start,
                names: names.clone(),
                on_close: cover.reform(|_: ()| None),
            };
            cover.emit(Some(on_table.draw(&settings)));
        })
    };
    html! {
        <ReviewDialog record={r.record.clone()} deal={r.deal} seat={r.seat} names={r.names.clone()}
                      lang={r.lang} on_close={r.on_close.clone()} on_steps={Some(on_steps)} />
    }
}

/// Where saving the step shown as a problem stands.
#[derive(Clone, Debug, PartialEq)]
enum Saved {
    /// Saved (the decision's index).
    Done(usize),
    /// Not saved, and why (the decision's index).
    Failed(usize, Text),
}

/// ←/→ step, Home/End jump to the first or last step, Escape closes (not while typing, nor
/// in the hand, whose arrows are its own).
#[hook]
fn use_step_keys(steps: &UseReducerHandle<Store<ReviewSteps>>, close: &Callback<()>) {
    let (steps, close) = (steps.clone(), close.clone());
    use_effect_with((), move |_| {
        let listener = browser::step_keys(".hand", move |key| {
            let action = match key {
                "ArrowRight" => StepAction::Next,
                "ArrowLeft" => StepAction::Previous,
                "Home" => StepAction::First,
                "End" => StepAction::Last,
                "Escape" => {
                    close.emit(());
                    return true;
                }
                _ => return false,
            };
            steps.dispatch(action);
            true
        });
        move || drop(listener)
    });
}

#[function_component(ReviewTable)]
pub fn review_table(props: &ReviewTableProps) -> Html {
    let lang = props.settings.lang;
    let t = |x: Text| x.get(lang);
    let steps = use_reducer({
        let (review, start) = (props.review.clone(), props.start);
        move || Store::new(ReviewSteps::new(review, start))
    });
    let saved = use_state(|| None::<Saved>);
    // Back closes the review, as it closes a dialog.
    let close = use_back_closes("review-steps".into(), props.on_close.clone());
    use_step_keys(&steps, &close);
    let at = steps.at;
    // The keyboard stays in the review: on opening, and whenever the control that had it went
    // away or became disabled (« Suivante » at the last step), the step's title takes it.
    use_effect_with(at, |_| {
        let document = web_sys::window().and_then(|w| w.document());
        let lost = document
            .as_ref()
            .and_then(|d| d.active_element())
            .is_none_or(|e| {
                e.closest(".review-table").ok().flatten().is_none() || e.has_attribute("disabled")
            });
        if let Some(title) = document
            .filter(|_| lost)
            .and_then(|d| d.get_element_by_id("review-step-chosen"))
            .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
        {
            browser::focus(&title);
        }
    });
    // The table just before the decision, as its seat saw it.
    let table = use_memo(at, {
        let (record, review) = (props.record.clone(), props.review.clone());
        move |&at| {
            let d = review.decisions.get(at)?;
            let session = session_at(&record, d).ok()?;
            Some(Rc::new(TableState::new(Rc::new(session))))
        }
    });
    let Some(d) = steps.current().cloned() else {
        return html! {
            <main class="home" id="main">
                <p>{ t(Text::ReviewNothing) }</p>
                <button type="button" class="button primary" id="review-close"
                        onclick={close.reform(|_: MouseEvent| ())}>{ t(Text::ReviewCloseTable) }</button>
            </main>
        };
    };
    let shown = step_view(&d, lang);
    let names = names_for(&props.names, d.seat);
    // The options said as the table's panel says them (a declaration by its claim).
    let view = table.as_ref().as_ref().and_then(|t| t.seen.deal.clone());
    let say = move |a: &Action| option_words(a, view.as_ref(), lang);
    let dispatch = |a: StepAction| {
        let steps = steps.clone();
        Callback::from(move |_: MouseEvent| steps.dispatch(a))
    };
    let on_only = {
        let steps = steps.clone();
        Callback::from(move |e: Event| {
            let on = e
                .target_dyn_into::<web_sys::HtmlInputElement>()
                .is_some_and(|i| i.checked());
            steps.dispatch(StepAction::OnlyMarked(on));
        })
    };
    let on_save = {
        let (record, saved, d) = (props.record.clone(), saved.clone(), d.clone());
        let names = props.names.clone();
        Callback::from(move |_: MouseEvent| {
            let cited = citation(&record, &d, &names, lang);
            let seed = review_steps::review_seed(d.deal);
            saved.set(Some(match mine::from_review(&record, &d, seed, cited) {
                Ok(p) if problems::keep_mine(&p) => Saved::Done(at),
                Ok(_) => Saved::Failed(at, Text::ReviewNotSaved),
                Err(_) => Saved::Failed(at, Text::ReviewNotAProblem),
            }));
        })
    };
    let saved_here = (*saved).clone().filter(|s| match s {
        Saved::Done(k) | Saved::Failed(k, _) => *k == at,
    });
    let place = steps.place();
    let panel = step_panel(
        &shown,
        &say,
        StepPanel {
            only_marked: steps.only_marked,
            none_marked: steps.marked() == 0,
            has_previous: steps.previous().is_some(),
            has_next: steps.next().is_some(),
            saved: saved_here,
            lang,
        },
        StepCallbacks {
            previous: dispatch(StepAction::Previous),
            next: dispatch(StepAction::Next),
            only: on_only,
            save: on_save,
            close: close.reform(|_: MouseEvent| ()),
        },
    );
    let deck = props.settings.deck;
    let title = format!("{}\u{a0}{}", t(Text::ReviewOfDeal), d.deal + 1);
    let step_place = place
        .map(|(k, n)| format!("{} {k} {} {n}", t(Text::ReviewDecisionOf), t(Text::StepOf)))
        .unwrap_or_default();
    // Said to screen readers at each step: which, its mark, why.
    let mark_said = shown
        .mark
        .map(|m| format!(" · {}", words::capitalised(mark_name(m, lang))))
        .unwrap_or_default();
    let announce = format!("{step_place}{mark_said} · {}", shown.reason);
    let noop = Callback::from(|_: TableAction| ());
    let board = match &*table {
        Some(table) => {
            let opponent = model::seat_model(&table.seen, Seat::B, &names);
            let me = model::seat_model(&table.seen, Seat::A, &names);
            let centre = view::centre_model(table, &names, &props.settings);
            let hand = table.seen.deal.as_ref().map(|v| v.hand).unwrap_or_default();
            html! {
                <>
                    <OpponentSeat seat={opponent} {lang} {deck} on={noop.clone()} />
                    <Centre model={centre} {lang} {deck} viewer={Seat::A} on={noop.clone()} />
                    <div class="side review-side">{ panel }</div>
                    <div class="seat my-head"><SeatHead seat={me.clone()} {lang} on={noop.clone()} /></div>
                    <section class="seat seat-bottom" aria-label={me.name.clone()}>
                        <div class="hand-area">
                            <Hand cards={hand} mode={HandMode::Idle} {lang} {deck}
                                  hinted={shown.best_cards} chosen={shown.chosen_cards}
                                  notes={Rc::new(shown.card_values.clone())} order={props.settings.hand_order}
                                  label={words::labelled(t(Text::HandOf), &me.name, lang)}
                                  on_activate={Callback::noop()} />
                        </div>
                    </section>
                </>
            }
        }
        None => html! {
            <div class="side review-side">
                <p class="notice" role="alert">{ t(Text::ReviewNothing) }</p>
                { panel }
            </div>
        },
    };
    html! {
        <main class="table review-table" id="main" data-decision={d.index.to_string()}
              data-at={at.to_string()} data-mark={shown.mark.map(|m| mark_name(m, Lang::En))}>
            <h1 class="sr-only">{ t(Text::ReviewTableTitle) }</h1>
            <div class="sr-only" aria-live="polite" aria-atomic="true" id="review-announcer">{ announce }</div>
            <header class="table-bar">
                <button type="button" class="tool back" id="review-leave" aria-label={t(Text::ReviewCloseTable)}
                        title={t(Text::ReviewCloseTable)} onclick={close.reform(|_: MouseEvent| ())}>
                    { Icon::Back.svg() }<span class="tool-label" aria-hidden="true">{ t(Text::ReviewCloseTable) }</span>
                </button>
                <span class="deal-label">{ title }</span>
                <span class="review-place" id="review-step-title">{ step_place }</span>
            </header>
            { board }
        </main>
    }
}

/// An option in words, as the table's panel says it: a declaration by its claim and its cards
/// (« « Quatrième au valet » — valet, dix, neuf et huit de trèfle »), the rest as the review
/// says it.
fn option_words(action: &Action, view: Option<&Observation>, lang: Lang) -> String {
    let (category, step) = match view.map(|v| v.phase) {
        Some(Phase::Declare { category }) => (category, 1),
        Some(Phase::Answer { category, .. }) => (category, 2),
        _ => return action_words(action, lang),
    };
    let rules = view.map(|v| v.rules).unwrap_or_default();
    let claim =
        |h: Option<CardSet>| words::quoted(&holding_words(&rules, category, h, step, lang), lang);
    match action {
        Action::Declare(Some(h)) => format!("{} — {}", claim(Some(*h)), words::holding(*h, lang)),
        Action::Declare(None) => claim(None),
        _ => action_words(action, lang),
    }
}

/// The step panel's state.
struct StepPanel {
    only_marked: bool,
    none_marked: bool,
    has_previous: bool,
    has_next: bool,
    saved: Option<Saved>,
    lang: Lang,
}

/// What the step panel's controls do.
struct StepCallbacks {
    previous: Callback<MouseEvent>,
    next: Callback<MouseEvent>,
    only: Callback<Event>,
    save: Callback<MouseEvent>,
    close: Callback<MouseEvent>,
}

/// In place of the decision panel: every option with its values, the best and the choice
/// marked; the steps, « Erreurs seulement », saving as a problem, closing.
fn step_panel(
    shown: &StepView,
    say: &dyn Fn(&Action) -> String,
    s: StepPanel,
    on: StepCallbacks,
) -> Html {
    let lang = s.lang;
    let t = |x: Text| x.get(lang);
    let has_open = shown.options.iter().any(|o| o.open.is_some());
    let rows = shown.options.iter().map(|o| {
        let mut marks = Vec::new();
        if o.best {
            marks.push(t(Text::ReviewBestChoice));
        }
        if o.chosen {
            marks.push(t(Text::ReviewTheirChoice));
        }
        let value = |v: Option<f64>| v.map(|v| value_words(v, lang)).unwrap_or_else(|| "—".into());
        html! {
            <tr class={classes!("review-option", o.best.then_some("best"), o.chosen.then_some("chosen"))}
                data-action={piquet_table::problem::notation(Seat::A, o.action)}>
                <th scope="row">
                    { say(&o.action) }
                    if !marks.is_empty() { <span class="tag">{ marks.join(" · ") }</span> }
                </th>
                <td class="num">{ value(o.expected) }</td>
                if has_open { <td class="num">{ value(o.open) }</td> }
            </tr>
        }
    });
    let saved = s.saved.map(|saved| match saved {
        Saved::Done(_) => html! { <p class="hint-line" role="status" id="review-saved">{ t(Text::ReviewSavedProblem) }</p> },
        Saved::Failed(_, why) => html! { <p class="notice" role="alert" id="review-saved">{ t(why) }</p> },
    });
    let mark = shown.mark.map(|m| mark_badge(m, lang));
    html! {
        <section class="panel review-step" id="review-step" aria-labelledby="review-step-chosen">
            <h2 id="review-step-chosen" class="review-chosen" tabindex="-1">
                <span>{ words::labelled(t(super::review::kind_name(shown.kind)), &say(&shown.chosen), lang) }</span>
                { for mark }
                if shown.loss >= 0.05 {
                    <span class="loss">{ format!("\u{2212}{} {}", points(shown.loss, lang), t(Text::PointsShort)) }</span>
                }
            </h2>
            <div class="panel-body">
                <p class="review-reason" id="review-step-reason">{ shown.reason.clone() }</p>
                { options_table(rows.collect(), has_open, classes!("review-options"), lang) }
                if s.only_marked && s.none_marked {
                    <p class="hint-line" role="status">{ t(Text::ReviewNoMistake) }</p>
                }
                <div class="choices review-more">
                    <button type="button" class="text-button" id="review-save" onclick={on.save}>{ t(Text::ReviewSaveProblem) }</button>
                    <button type="button" class="text-button" id="review-close" onclick={on.close}>{ t(Text::ReviewCloseTable) }</button>
                </div>
                { for saved }
            </div>
            <div class="panel-foot review-foot">
                <button type="button" class="button review-step-button" id="review-previous" disabled={!s.has_previous}
                        aria-label={t(Text::ReviewPrevious)} title={format!("{} (←)", t(Text::ReviewPrevious))}
                        aria-keyshortcuts="ArrowLeft" onclick={on.previous}>{ "‹" }</button>
                <button type="button" class="button primary review-step-button" id="review-next" disabled={!s.has_next}
                        aria-label={t(Text::ReviewNext)} title={format!("{} (→)", t(Text::ReviewNext))}
                        aria-keyshortcuts="ArrowRight" onclick={on.next}>{ "›" }</button>
                <label class="choice review-only">
                    <input type="checkbox" id="review-mistakes-only" checked={s.only_marked} onchange={on.only} />
                    <span>{ t(Text::ReviewMistakesOnly) }</span>
                </label>
            </div>
        </section>
    }
}
