//! The replay viewer: a record loaded from a file, pasted text, a link or the host page, stepped
//! through action by action (buttons, ←/→, Home/End), by deal or by trick. The cards are shown
//! all face up, or as one seat saw them: the seat view is built from the engine's observation of
//! that seat only, so the other seat's unseen cards never reach the page. Beside the table: the
//! facts of the game, the running counts, the commentary of the step and the log in words.
//!
//! Its state and reducer are in [`piquet_table::replay`], what it shows is derived by
//! [`piquet_table::replay_model`]; this module keeps the effects (a record or a move from
//! outside, the reports and errors to the host, the log's scroll, autoplay, the keyboard) and
//! lays out small pieces, each a pure function of what it is given (a plain function returning
//! `Html`, so that the wasm carries no component for it):
//!
//! - [`loader::loader`]: the historical records, a file, pasted text;
//! - [`facts::facts_section`]: the facts of the game;
//! - [`board::replay_board`]: the seats and the centre (talon, trick) at the cursor;
//! - [`controls::step_controls`]: the step buttons and the position, docked with
//!   [`commentary::commentary_section`], the step's commentary;
//! - [`options::options`]: the jumps to a deal or a trick, and how the cards are shown;
//! - [`counts::counts`]: the running counts;
//! - [`log::log`]: the deal's log in words;
//! - [`extras::extras`]: the review of the deal, the export, and [`play_from::play_from`],
//!   playing on from the position.

pub mod board;
pub mod commentary;
pub mod controls;
pub mod counts;
pub mod extras;
pub mod facts;
pub mod loader;
pub mod log;
pub mod options;
pub mod play_from;

use std::rc::Rc;

use piquet_engine::cursor::ReplayCursor;
use yew::prelude::*;

use crate::components::store::Store;
use crate::services::browser;

use piquet_table::embed::{Part, Shown};
use piquet_table::error_words;
use piquet_table::i18n::Text;
use piquet_table::replay::{ReplayAction, ReplayState};
use piquet_table::replay_model::{self, Steps};
use piquet_table::settings::Settings;

pub use extras::{AskedReview, DrawReview, ReviewOf, ReviewShown};
pub use piquet_table::replay::{Goto, Incoming, Reopen, ReplayReport};
pub use play_from::PlayFrom;

#[derive(Properties, PartialEq)]
pub struct ReplayProps {
    pub settings: Settings,
    /// A record to open at once, with its title, or the reason it could not be read (a bad
    /// link, a failed fetch, a host's malformed `load`). A new value opens it.
    #[prop_or_default]
    pub incoming: Option<Incoming>,
    /// A move asked from outside (the host page), with a serial so that the same move repeats.
    #[prop_or_default]
    pub command: Option<(u64, Goto)>,
    /// No loading, no export, no playing on (an embedded table with `readonly=1`).
    #[prop_or_default]
    pub readonly: bool,
    /// Compact layout (the embedded table): the table, the step buttons and the commentary;
    /// the rest in one menu, but for the parts `shown` beside the table.
    #[prop_or_default]
    pub embedded: bool,
    /// The embedded replay's parts shown beside the table (`show=`).
    #[prop_or_default]
    pub shown: Shown,
    /// Steps forward by itself every so many milliseconds, from the start.
    #[prop_or_default]
    pub autoplay: Option<u32>,
    /// After every move, the position for a host page (the embedded viewer's); without it no
    /// report is made.
    #[prop_or_default]
    pub on_report: Option<Callback<ReplayReport>>,
    /// An error the host page should hear of (in the reader's language): a record that could
    /// not be opened, a `goto` that found no position.
    #[prop_or_default]
    pub on_error: Callback<String>,
    /// "Play this deal": the game asked for from the position; false when there is none to
    /// play on from there (the owner builds it: `piquet_table::records::play_from`).
    #[prop_or_default]
    pub on_play: Option<Callback<PlayFrom, bool>>,
    /// How a deal's review is shown (its dialog, or asked of the page).
    pub review: ReviewShown,
    /// Where the viewer stands once it has opened `incoming` (a review handed over by the
    /// embedded replay).
    #[prop_or_default]
    pub reopen: Option<Reopen>,
    /// Back to the first screen (the app, not the embedded table).
    #[prop_or_default]
    pub on_close: Option<Callback<()>>,
    /// The historical records built in (the app); without, the loader fetches them.
    #[prop_or_default]
    pub built_in: Option<loader::BuiltIn>,
}

/// The viewer's state as Yew keeps it.
pub type ReplayStore = Store<ReplayState>;

/// The viewer's effects: a record or a move from outside, the reports and errors to the host,
/// the log's scroll, autoplay. The reducer stays pure.
#[hook]
fn use_replay_effects(state: &UseReducerHandle<ReplayStore>, props: &ReplayProps) {
    let lang = props.settings.lang;
    // A record from outside: the link, the host page, the embed's URL.
    {
        let state = state.clone();
        let autoplay = props.autoplay.is_some();
        // Where to stand, for the first record only (a host's later `load` opens at its start).
        let reopen = use_mut_ref(|| props.reopen);
        use_effect_with(props.incoming.clone(), move |incoming| {
            if let Some(incoming) = incoming {
                let (record, title) = (**incoming).clone();
                state.dispatch(ReplayAction::Open(record.map(Box::new), title));
                if let Some(at) = reopen.borrow_mut().take() {
                    state.dispatch(ReplayAction::Reopen(at));
                } else if autoplay {
                    state.dispatch(ReplayAction::Autoplay(true));
                }
            }
        });
    }
    // A move from outside.
    {
        let state = state.clone();
        use_effect_with(props.command, move |command| {
            if let Some((_, goto)) = command {
                state.dispatch(ReplayAction::Move(*goto));
            }
        });
    }
    // Errors go to the host too: a record that could not be opened (also shown, once), a
    // `goto` that found no position (to the host only: the reader's view did not change).
    {
        let on_error = props.on_error.clone();
        use_effect_with(state.error.clone(), move |error| {
            if let Some((_, e)) = error {
                on_error.emit(format!(
                    "{} — {}",
                    Text::RecordProblem.get(lang),
                    error_words::load_problem(e, lang)
                ));
            }
        });
    }
    {
        let on_error = props.on_error.clone();
        use_effect_with(state.refused, move |refused| {
            if let Some((_, p)) = refused {
                on_error.emit(error_words::goto_problem(p, lang));
            }
        });
    }
    // Report every move, to whoever listens.
    {
        let on_report = props.on_report.clone();
        let cursor = state.cursor.clone();
        use_effect_with((state.moves, lang), move |_| {
            if let (Some(on_report), Some(c)) = (on_report, cursor) {
                on_report.emit(replay_model::report(&c, lang));
            }
        });
    }
    // The log follows the cursor: its last line in view (inside the log box only). In a short
    // frame the table scrolls inside itself: a trick on the table, where each card played is
    // seen, kept in view (before the play the reader's scroll is left alone).
    use_effect_with((state.moves, state.view), |_| {
        let document = web_sys::window().and_then(|w| w.document());
        let Some(document) = document else {
            return;
        };
        if let Some(log) = document.get_element_by_id("replay-log") {
            log.set_scroll_top(log.scroll_height());
        }
        if let Some(board) = document.query_selector(".replay-board").ok().flatten() {
            browser::reveal_within(&board, browser::TRICK_ON_THE_TABLE);
        }
    });
    // Autoplay: one step per interval, until the end.
    {
        let state = state.clone();
        let ms = props.autoplay.unwrap_or(1200);
        use_effect_with((state.moves, state.autoplay), move |(_, on)| {
            let timer = on.then(|| {
                gloo_timers::callback::Timeout::new(ms, move || {
                    state.dispatch(ReplayAction::Move(Goto::Forward))
                })
            });
            move || drop(timer)
        });
    }
}

/// The keyboard: ←/→ step, Home/End jump (not while typing or choosing in a list), while the
/// viewer is `on` screen.
#[hook]
fn use_keyboard(state: &UseReducerHandle<ReplayStore>, on: bool) {
    let state = state.clone();
    use_effect_with(on, move |on| {
        let listener = on
            .then(|| {
                crate::services::browser::step_keys("[role=dialog]", move |key| {
                    let Some(goto) = Goto::of_key(key) else {
                        return false;
                    };
                    state.dispatch(ReplayAction::Move(goto));
                    true
                })
            })
            .flatten();
        move || drop(listener)
    });
}

#[function_component(ReplayViewer)]
pub fn replay_viewer(props: &ReplayProps) -> Html {
    let state = use_reducer(|| ReplayStore::new(ReplayState::default()));
    // What a review puts in the viewer's place (the app's review stepped through on the
    // table, « Voir sur la table »), until it gives the place back; the viewer keeps where it
    // was, and its keys are the cover's meanwhile.
    let covered = use_state(|| None::<Html>);
    use_replay_effects(&state, props);
    use_keyboard(&state, covered.is_none());
    if let Some(cover) = (*covered).clone() {
        return cover;
    }
    let cover = {
        let covered = covered.clone();
        Callback::from(move |cover| covered.set(cover))
    };
    let lang = props.settings.lang;
    let t = |x: Text| x.get(lang);
    let dispatch = {
        let state = state.clone();
        Callback::from(move |action| state.dispatch(action))
    };

    // The compact replay keeps the loader in its menu once a record is open.
    let loader_in_menu = props.embedded && state.cursor.is_some() && !props.shown.has(Part::Loader);
    let loader = (!props.readonly).then(|| {
        loader::loader(&loader::LoaderProps {
            lang,
            open: state.cursor.is_none(),
            opened: state.title.clone(),
            dispatch: dispatch.clone(),
            built_in: props.built_in,
        })
    });
    let error = state.error.as_ref().map(|(_, e)| {
        let dismiss = dispatch.reform(|_: MouseEvent| ReplayAction::DismissError);
        html! {
            <div class="notice replay-error" role="alert" id="replay-error">
                <span>{ format!("{} — {}", t(Text::RecordProblem), error_words::load_problem(e, lang)) }</span>
                <button type="button" class="icon-button" id="replay-error-dismiss"
                        aria-label={t(Text::Dismiss)} title={t(Text::Dismiss)} onclick={dismiss}>
                    { "×" }
                </button>
            </div>
        }
    });
    let body = match &state.cursor {
        None => html! {
            if props.readonly {
                <p class="replay-empty" id="replay-empty">{ t(Text::ReplayWaiting) }</p>
            }
        },
        Some(cursor) if props.embedded => compact(
            &state,
            cursor,
            props,
            &dispatch,
            loader.clone().filter(|_| loader_in_menu),
            &cover,
        ),
        Some(cursor) => viewer(&state, cursor, props, &dispatch, &cover),
    };
    let loader = loader.filter(|_| !loader_in_menu);
    let close = props.on_close.as_ref().map(|cb| {
        let onclick = cb.reform(|_: MouseEvent| ());
        html! { <button type="button" class="text-button" id="replay-close" {onclick}>{ t(Text::BackToHome) }</button> }
    });
    html! {
        <main class={classes!("replay", props.embedded.then_some("embedded"))} id="main"
              data-index={state.cursor.as_ref().map(|c| c.index().to_string())}
              data-len={state.cursor.as_ref().map(|c| c.len().to_string())}>
            <div class="replay-head">
                <h1 class={classes!(props.embedded.then_some("sr-only"))}>{ t(Text::ReplayTitle) }</h1>
                { for close }
            </div>
            { for error }
            { for loader }
            { body }
        </main>
    }
}

/// The embedded replay at the cursor, compact: the table, the step buttons and the
/// commentary; the parts `show=` names beside them; the others (and the `loader`, when given)
/// in one menu, « More ».
fn compact(
    state: &ReplayState,
    cursor: &ReplayCursor,
    props: &ReplayProps,
    dispatch: &Callback<ReplayAction>,
    loader: Option<Html>,
    cover: &Callback<Option<Html>>,
) -> Html {
    let lang = props.settings.lang;
    let t = |x: Text| x.get(lang);
    let record = cursor.record();
    let names = replay_model::names_of(record, lang);
    let view = state.view;
    let steps = Steps::of(cursor);
    let board = replay_model::board(cursor, view, &names);
    let commentary = replay_model::commentary(cursor, view, lang)
        .map(|commentary| commentary::commentary_section(&commentary, lang));
    let extras = (!props.readonly).then(|| {
        extras::parts(&extras::ExtrasProps {
            record: Rc::new(record.clone()),
            position: cursor.position(),
            over: cursor.game().outcome().is_some(),
            names: names.clone(),
            lang,
            review: state.review,
            shown: props.review.clone(),
            index: cursor.index(),
            view,
            on_play: props.on_play.clone(),
            dispatch: dispatch.clone(),
            settings: props.settings.clone(),
            cover: cover.clone(),
        })
    });
    let facts = replay_model::facts(record, state.title.as_deref(), &names, lang);
    let (mut beside, mut menu): (Vec<Html>, Vec<Html>) = (Vec::new(), loader.into_iter().collect());
    let mut place = |part: Part, html: Html| {
        if props.shown.has(part) {
            beside.push(html);
        } else {
            menu.push(html);
        }
    };
    place(Part::Details, facts::facts_section(&facts, lang, false));
    place(
        Part::Options,
        options::options(steps, view, &names, lang, dispatch),
    );
    place(
        Part::Counts,
        counts::counts(&replay_model::count_rows(cursor), &names, lang),
    );
    place(
        Part::Log,
        log::log(&replay_model::log_lines(cursor, view, &names, lang), lang),
    );
    let mut dialog = None;
    if let Some(extras) = extras {
        place(Part::Review, extras.review);
        place(Part::Export, extras.export);
        if let Some(play) = extras.play {
            place(Part::Play, play);
        }
        dialog = extras.dialog;
    }
    let more = (!menu.is_empty()).then(|| {
        html! {
            <details class="replay-more" id="replay-more">
                <summary>{ t(Text::ReplayMore) }</summary>
                <div class="replay-more-body">{ for menu }</div>
            </details>
        }
    });
    html! {
        <div class="replay-body compact">
            // The table scrolls inside itself in a short frame: reachable by the keyboard.
            <div class="replay-board" role="region" tabindex="0" aria-label={t(Text::ReplayTitle)}>
                { board::replay_board(&board, lang, props.settings.deck) }
            </div>
            <div class="replay-side">
                <div class="replay-dock">
                    { controls::step_controls(steps, state.autoplay, lang, dispatch) }
                    { for commentary }
                </div>
                { for beside }
                { for more }
            </div>
            { for dialog }
        </div>
    }
}

/// The record at the cursor: its facts, the table, and beside it the controls docked with the
/// commentary, the options, the counts, the log and the extras.
fn viewer(
    state: &ReplayState,
    cursor: &ReplayCursor,
    props: &ReplayProps,
    dispatch: &Callback<ReplayAction>,
    cover: &Callback<Option<Html>>,
) -> Html {
    let lang = props.settings.lang;
    let record = cursor.record();
    let names = replay_model::names_of(record, lang);
    let view = state.view;
    let steps = Steps::of(cursor);
    let facts = replay_model::facts(record, state.title.as_deref(), &names, lang);
    let board = replay_model::board(cursor, view, &names);
    let commentary = replay_model::commentary(cursor, view, lang)
        .map(|commentary| commentary::commentary_section(&commentary, lang));
    let extras = (!props.readonly).then(|| {
        extras::extras(&extras::ExtrasProps {
            record: Rc::new(record.clone()),
            position: cursor.position(),
            over: cursor.game().outcome().is_some(),
            names: names.clone(),
            lang,
            review: state.review,
            shown: props.review.clone(),
            index: cursor.index(),
            view,
            on_play: props.on_play.clone(),
            dispatch: dispatch.clone(),
            settings: props.settings.clone(),
            cover: cover.clone(),
        })
    });
    html! {
        <div class="replay-body">
            { facts::facts_section(&facts, lang, true) }
            { board::replay_board(&board, lang, props.settings.deck) }
            <div class="replay-side">
                <div class="replay-dock">
                    { controls::step_controls(steps, state.autoplay, lang, dispatch) }
                    { for commentary }
                </div>
                { options::options(steps, view, &names, lang, dispatch) }
                { counts::counts(&replay_model::count_rows(cursor), &names, lang) }
                { log::log(&replay_model::log_lines(cursor, view, &names, lang), lang) }
                { for extras }
            </div>
        </div>
    }
}
