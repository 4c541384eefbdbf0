//! The embedded replay's own table (`src/bin/embed_replay.rs`, loaded by `embed.html` for
//! `mode=replay`): the viewer alone — no game, no computer, no problem — so that a replay in a
//! host's article is a light download (docs/embedding.md, "Weight"). It talks to its host as
//! the whole table does (the same parameters, messages, looks and errors).
//!
//! When the reader plays on from a position (« Jouer cette donne ») or asks for a deal's review
//! (the computer's work: the review runs in its worker), or the host asks for a `newGame`, it
//! asks the page for the table that plays (`window.piquetPlay`, defined by the
//! start script that `scripts/embed.mjs` writes into `embed.html`); the viewer stays, saying
//! that the table is on its way, until that table's wasm is compiled. The page then calls
//! [`leave`]: this table is taken down and hands over the game to start, with the language,
//! the looks and the reader's presence as they are at that moment
//! ([`piquet_table::handover`]); the table that plays tells the host `mode`. If that table
//! cannot be loaded, the page says so (the event `piquet:switch-failed`) and the viewer stays,
//! with the reason for the reader and the host.

use std::cell::RefCell;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use yew::prelude::*;

use super::store::EmbedStore;
use super::{light, notice_line, paint, refused, start, talk, use_viewer_requests, viewer};
use crate::components::replay::{AskedReview, PlayFrom, ReviewShown};
use crate::services::browser;
use piquet_table::embed::Looks;
use piquet_table::embed_state::{EmbedAction, EmbedState};
use piquet_table::handover::{Handover, Start};
use piquet_table::i18n::{Lang, Text};
use piquet_table::records;
use piquet_table::replay::Reopen;

thread_local! {
    /// The game the table that plays is to start, once asked for.
    static LEAVING: RefCell<Option<Start>> = const { RefCell::new(None) };
    /// The language and the looks as they are now (the host may change them while the table
    /// that plays is on its way).
    static NOW: RefCell<Option<(Lang, Looks)>> = const { RefCell::new(None) };
}

/// Asks the page for the table that plays, to start `start`: the viewer says it is on its way;
/// a page that cannot load it (no start script: not written by `scripts/embed.mjs`) is said
/// at once.
fn switch(start: Start, switching: &UseStateHandle<bool>) {
    LEAVING.with(|l| *l.borrow_mut() = Some(start));
    let load = web_sys::window()
        .and_then(|w| js_sys::Reflect::get(&w, &"piquetPlay".into()).ok())
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    if load.is_some_and(|f| f.call0(&JsValue::NULL).is_ok()) {
        switching.set(true);
    } else {
        failed("no start script");
    }
}

/// Says that the table that plays could not be loaded (`piquet:switch-failed`, handled by
/// [`use_switch_failed`]).
fn failed(why: &str) {
    let Some(w) = web_sys::window() else { return };
    let Ok(event) = web_sys::Event::new("piquet:switch-failed") else {
        return;
    };
    let _ = js_sys::Reflect::set(&event, &"detail".into(), &why.into());
    let _ = w.dispatch_event(&event);
}

/// The hand-over as JSON, when a game was asked for (taken: it is handed over once). The page
/// calls it (through `src/bin/embed_replay.rs`) once the table that plays is ready to start.
pub fn leave() -> Option<String> {
    let start = LEAVING.with(|l| l.borrow_mut().take())?;
    let (lang, looks) = NOW.with(|n| n.borrow().clone()).unwrap_or_default();
    let handover = Handover {
        lang,
        looks,
        focused: browser::reader_is_in(),
        start,
    };
    Some(handover.to_json())
}

/// The game « Jouer cette donne » asks for, as the table that plays rebuilds it (which says so
/// when there is none to play on from the position).
fn game_of(asked: &PlayFrom) -> Start {
    Start::Game {
        record: Box::new(records::seated_from(
            &asked.record,
            asked.position,
            asked.seat,
        )),
        bot: asked.level.clone(),
        seed: asked.seed,
    }
}

/// The review asked for at a position, as the table that plays opens it again.
fn review_of(asked: &AskedReview) -> Start {
    Start::Review {
        record: Box::new((*asked.record).clone()),
        at: Reopen {
            index: asked.index,
            view: asked.view,
            review: Some(asked.deal),
        },
    }
}

/// The page could not load the table that plays (`piquet:switch-failed`, its reason in
/// `detail`): the viewer stays, and the reader and the host are told why.
#[hook]
fn use_switch_failed(switching: UseStateHandle<bool>, state: &UseReducerHandle<EmbedStore>) {
    let dispatch = state.dispatcher();
    let lang = state.lang;
    use_effect_with(lang, move |lang| {
        let lang = *lang;
        let listener = web_sys::window().map(|w| {
            gloo_events::EventListener::new(&w, "piquet:switch-failed", move |e| {
                let why = js_sys::Reflect::get(e, &"detail".into())
                    .ok()
                    .and_then(|d| d.as_string())
                    .unwrap_or_default();
                let text = piquet_words::labelled(Text::TableNotLoaded.get(lang), &why, lang);
                talk::tell_host(&text);
                switching.set(false);
                dispatch.dispatch(EmbedAction::Notice(text));
            })
        });
        move || drop(listener)
    });
}

#[function_component(ReplayEmbed)]
pub fn replay_embed() -> Html {
    let parsed = use_memo((), |_| start::config());
    // What the light first stage handed over, when it gave this viewer the frame.
    let light = use_memo((), |_| light::take());
    let state = use_reducer(|| {
        let ok = parsed.as_ref().as_ref().ok();
        let light = light.as_ref().as_ref();
        let page = ok.map(|p| p.config.looks.clone()).unwrap_or_default();
        let lang = light
            .and_then(|l| l.lang)
            .unwrap_or_else(|| start::first_lang(&parsed));
        let mut state = EmbedState::new(ok.map(|p| p.config.mode), lang)
            .with_looks(light.map_or_else(|| page.clone(), |l| l.looks(page.clone())));
        state.reopen = light.and_then(light::Light::reopen);
        EmbedStore::new(state)
    });
    {
        let parsed = parsed.clone();
        let lang = state.lang;
        let dispatch = state.dispatcher();
        let light = (*light).clone();
        use_effect_with((), move |_| {
            start::start_up_replay(&parsed, lang, dispatch, light)
        });
    }
    let config = parsed.as_ref().as_ref().ok().map(|p| &p.config);
    talk::use_auto_height(
        config.is_some().then_some("replay"),
        config.is_some_and(|c| c.auto_height),
        light.as_ref().as_ref().and_then(|l| l.height),
    );
    talk::use_host_messages(config.is_some(), state.dispatcher());
    talk::use_host_errors(&state);
    use_viewer_requests(&state, Some("replay"));
    use_effect_with(state.looks.clone(), paint::apply);
    use_effect_with((state.lang, state.looks.clone()), |(lang, looks)| {
        browser::set_document_lang(*lang);
        NOW.with(|n| *n.borrow_mut() = Some((*lang, looks.clone())));
    });
    // The table that plays is on its way.
    let switching = use_state(|| false);
    use_switch_failed(switching.clone(), &state);
    {
        let switching = switching.clone();
        use_effect_with(state.wanted.clone(), move |wanted| {
            if let Some((_, spec)) = wanted {
                switch(Start::NewGame(spec.clone()), &switching);
            }
        });
    }

    let lang = state.lang;
    let notice = state
        .notice
        .as_ref()
        .map(|text| notice_line(text, lang, state.dispatcher()));
    let body = match parsed.as_ref() {
        Err(errors) => refused(errors, lang),
        Ok(parsed) => {
            let on_play = {
                let switching = switching.clone();
                Callback::from(move |asked: PlayFrom| {
                    switch(game_of(&asked), &switching);
                    true
                })
            };
            let switching = switching.clone();
            let review = ReviewShown::Ask(Callback::from(move |asked: AskedReview| {
                switch(review_of(&asked), &switching)
            }));
            viewer(&parsed.config, &state, on_play, review)
        }
    };
    html! {
        <div class="app embed">
            { for notice }
            if *switching {
                <p class="notice embed-notice" role="status" id="embed-switching">
                    { Text::TableLoading.get(lang) }
                </p>
            }
            { body }
        </div>
    }
}
