//! The embedded table (`embed.html`, docs/embedding.md): a compact replay viewer or a game
//! against the computer, set up by the page's parameters, talking to its host page with
//! versioned `postMessage` messages. A host's bad message is answered with an `error` message
//! only; the reader sees a problem only when it changes what the table shows (a record that
//! cannot be opened: once, in one dismissible line). Parameters that only change the looks
//! (`lang`, `theme`, `size`) fall back to their default, with an `error` to the host. Storage
//! is left alone unless `storage=1`.
//!
//! Its state and reducer are in [`piquet_table::embed_state`]; this module keeps the effects
//! and draws the screens:
//!
//! - `start`: the parameters, and the start-up (looks, storage, record, game, `ready`);
//! - `talk`: the host's messages in, the errors, the height and the state out;
//! - `store`: the state wrapped for `use_reducer`.

mod start;
mod store;
mod talk;

use std::rc::Rc;

use yew::prelude::*;

use super::replay::{Goto, ReplayViewer};
use super::table::GameScreen;
use piquet_table::embed::EmbedConfig;
use piquet_table::embed_state::{EmbedAction, EmbedScreen, EmbedState};
use piquet_table::i18n::{Lang, Text};
use piquet_table::session::Session;
use piquet_table::settings::{AnimationSpeed, Settings};
use start::Parsed;
use store::{Dispatch, EmbedStore};

#[function_component(EmbedApp)]
pub fn embed_app() -> Html {
    let parsed = use_memo((), |_| start::config());
    let state = use_reducer(|| {
        EmbedStore::new(EmbedState::new(
            parsed.as_ref().as_ref().ok().map(|p| p.config.mode),
            start::first_lang(&parsed),
        ))
    });
    let root = use_node_ref();
    {
        let parsed = parsed.clone();
        let lang = state.lang;
        let dispatch = state.dispatcher();
        use_effect_with((), move |_| start::start_up(&parsed, lang, dispatch));
    }
    talk::use_height_report(root.clone());
    talk::use_host_messages(parsed.is_ok(), state.dispatcher());
    talk::use_host_errors(&state);
    use_effect_with(state.lang, |l| {
        crate::services::browser::set_document_lang(*l)
    });

    let lang = state.lang;
    let notice = state
        .notice
        .as_ref()
        .map(|text| notice_line(text, lang, state.dispatcher()));
    html! {
        <div class="app embed" ref={root}>
            { for notice }
            { body(&parsed, &state, state.dispatcher()) }
        </div>
    }
}

/// A problem that changed what the reader sees: one dismissible line.
fn notice_line(text: &str, lang: Lang, dispatch: Dispatch) -> Html {
    let t = |x: Text| x.get(lang);
    let dismiss = Callback::from(move |_: MouseEvent| dispatch.dispatch(EmbedAction::Dismiss));
    html! {
        <div class="notice embed-notice" role="alert" id="embed-notice">
            <span>{ text }</span>
            <button type="button" class="icon-button" aria-label={t(Text::Dismiss)}
                    title={t(Text::Dismiss)} onclick={dismiss}>{ "×" }</button>
        </div>
    }
}

/// What the table shows: the page that refuses it, the wait for a record, the viewer or a game.
fn body(parsed: &Parsed, state: &EmbedState, dispatch: Dispatch) -> Html {
    let lang = state.lang;
    let t = |x: Text| x.get(lang);
    let settings = Settings {
        lang,
        sound: false,
        animation: AnimationSpeed::Normal,
        ..Settings::default()
    };
    let config = match parsed {
        Err(errors) => {
            return html! {
                <main class="embed-failed" id="main">
                    <h1>{ t(Text::EmbedProblem) }</h1>
                    <ul class="notice" role="alert" id="embed-error">
                        { for start::listed(errors, lang).into_iter().map(|e| html! { <li>{ e }</li> }) }
                    </ul>
                    <p>{ t(Text::EmbedHelp) }</p>
                </main>
            };
        }
        Ok(parsed) => &parsed.config,
    };
    match &state.screen {
        EmbedScreen::Loading => html! {
            <main class="embed-loading" id="main"><p role="status">{ t(Text::Loading) }</p></main>
        },
        EmbedScreen::Replay => {
            let on_play = (!config.readonly).then(|| {
                Callback::from(move |s: Session| dispatch.dispatch(EmbedAction::PlayOn(Rc::new(s))))
            });
            html! {
                <ReplayViewer {settings} incoming={state.incoming.clone()}
                              command={state.command.map(|(n, target)| (n, Goto::Host(target)))}
                              readonly={config.readonly} embedded=true autoplay={config.autoplay}
                              on_report={Callback::from(|r| talk::report_replay(&r))}
                              on_error={Callback::from(|message: String| talk::tell_host(&message))}
                              {on_play} />
            }
        }
        EmbedScreen::Play { session, key } => {
            let config = config.clone();
            // A new game with the same rules; never the saved one.
            let on_new_game = Callback::from(move |_| {
                let quiet = |_| {};
                let fresh = EmbedConfig {
                    storage: false,
                    ..config.clone()
                };
                dispatch.dispatch(match start::new_game(&fresh, lang, &quiet) {
                    Ok(s) => EmbedAction::NewGame(Rc::new(s)),
                    Err(e) => EmbedAction::Notice(e),
                });
            });
            html! {
                <GameScreen key={*key} session={session.clone()} {settings} embedded=true
                            on_leave={Callback::noop()} {on_new_game}
                            on_session={Callback::from(|s: Rc<Session>| talk::report_game(&s))} />
            }
        }
    }
}
