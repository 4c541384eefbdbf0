//! The embedded table (`embed.html`, docs/embedding.md): a compact replay viewer or a game
//! against the computer, set up by the page's parameters, talking to its host page with
//! versioned `postMessage` messages. A host's bad message is answered with an `error` message
//! only; the reader sees a problem only when it changes what the table shows (a record that
//! cannot be opened: once, in one dismissible line). Parameters that only change the looks
//! (`lang` and the looks) fall back to their default, with an `error` to the host. Storage
//! is left alone unless `storage=1`.
//!
//! Its state and reducer are in [`piquet_table::embed_state`]; this module keeps the effects
//! and draws the screens:
//!
//! - `start`: the parameters, and the start-up (storage, record, game, `ready`);
//! - `paint`: the looks (`theme`, `bg`, `accent`, `font`, `back`, `size`, `setTheme`);
//! - `talk`: the host's messages in, the errors, the height and the state out;
//! - `store`: the state wrapped for `use_reducer`;
//! - `light`: what the embedded replay's light first stage (`src/bin/embed_view`) hands over;
//! - `replay_only`: the embedded replay's own component ([`ReplayEmbed`], `src/bin/embed_replay.rs`),
//!   which hands the frame over to this table for a game ([`piquet_table::handover`]).

mod light;
mod paint;
mod replay_only;
mod start;
mod store;
mod talk;

pub use replay_only::{ReplayEmbed, leave};

use std::rc::Rc;

use yew::prelude::*;

use super::daily::DailyScreen;
use super::problems::ProblemScreen;
use super::replay::{DrawReview, PlayFrom, ReplayReport, ReplayViewer, ReviewShown};
use super::table::GameScreen;
use piquet_table::embed::{EmbedConfig, EmbedMode};
use piquet_table::embed_state::{EmbedAction, EmbedScreen, EmbedState};
use piquet_table::handover::Handover;
use piquet_table::i18n::{Lang, Text};
use piquet_table::session::Session;
use piquet_table::settings::{AnimationSpeed, Settings};
use start::Parsed;
use store::{Dispatch, EmbedStore};

/// The embedded table's properties.
#[derive(Properties, PartialEq, Default)]
pub struct EmbedProps {
    /// What the embedded replay handed over, when it gave this table the frame for a game.
    #[prop_or_default]
    pub handover: Option<Rc<Handover>>,
}

#[function_component(EmbedApp)]
pub fn embed_app(props: &EmbedProps) -> Html {
    let parsed = use_memo((), |_| start::config());
    let state = use_reducer(|| {
        let ok = parsed.as_ref().as_ref().ok();
        EmbedStore::new(match &props.handover {
            Some(h) => EmbedState::handed_over(h),
            None => EmbedState::new(ok.map(|p| p.config.mode), start::first_lang(&parsed))
                .with_looks(ok.map(|p| p.config.looks.clone()).unwrap_or_default()),
        })
    });
    {
        let parsed = parsed.clone();
        let lang = state.lang;
        let dispatch = state.dispatcher();
        let focused = props.handover.as_ref().map(|h| h.focused);
        use_effect_with((), move |_| match focused {
            Some(focused) => start::resume(&parsed, lang, focused),
            None => start::start_up(&parsed, lang, dispatch),
        });
    }
    let auto_height = parsed.as_ref().as_ref().is_ok_and(|p| p.config.auto_height);
    talk::use_auto_height(shown_mode(&state), auto_height, None);
    talk::use_host_messages(parsed.is_ok(), state.dispatcher());
    talk::use_host_errors(&state);
    use_host_requests(&parsed, &state);
    use_effect_with(state.looks.clone(), paint::apply);
    use_effect_with(state.lang, |l| {
        crate::services::browser::set_document_lang(*l)
    });

    let lang = state.lang;
    let playing = matches!(state.screen, EmbedScreen::Play { .. });
    let notice = state
        .notice
        .as_ref()
        .map(|text| notice_line(text, lang, state.dispatcher()));
    html! {
        <div class={classes!("app", "embed", playing.then_some("playing"))}>
            { for notice }
            { body(&parsed, &state, state.dispatcher()) }
        </div>
    }
}

/// What the table shows, as the host hears it: a problem, a game or a replay (none while loading).
fn shown_mode(state: &EmbedStore) -> Option<&'static str> {
    if state.problem.is_some() {
        Some("problem")
    } else if state.mode == Some(EmbedMode::Daily) {
        Some("daily")
    } else {
        mode_of(&state.screen)
    }
}

fn mode_of(screen: &EmbedScreen) -> Option<&'static str> {
    match screen {
        EmbedScreen::Replay => Some("replay"),
        EmbedScreen::Play { .. } => Some("play"),
        EmbedScreen::Loading => None,
    }
}

/// The host's requests that the page carries out: `mode` when the table switches, `play` and
/// `pause` (the viewer's own button, pressed for the host), `getState`, `newGame`.
#[hook]
fn use_host_requests(parsed: &Rc<Parsed>, state: &UseReducerHandle<EmbedStore>) {
    let config = parsed.as_ref().as_ref().ok().map(|p| p.config.clone());
    let mode = shown_mode(state);
    let shown = use_mut_ref(|| {
        config.as_ref().map(|c| match c.mode {
            EmbedMode::Play => "play",
            EmbedMode::Replay => "replay",
            EmbedMode::Problem => "problem",
            EmbedMode::Daily => "daily",
        })
    });
    use_effect_with(mode, move |mode| {
        if mode.is_some() && *mode != *shown.borrow() {
            *shown.borrow_mut() = *mode;
            talk::report_mode(mode.unwrap_or_default());
        }
    });
    use_viewer_requests(state, mode);
    let lang = state.lang;
    let dispatch = state.dispatcher();
    use_effect_with(state.wanted.clone(), move |wanted| {
        if let (Some((_, spec)), Some(config)) = (wanted, config) {
            let fresh = EmbedConfig {
                storage: false,
                ..spec.over(&config)
            };
            let quiet = |_| {};
            dispatch.dispatch(match start::new_game(&fresh, lang, &quiet) {
                Ok(s) => EmbedAction::NewGame(Rc::new(s)),
                Err(e) => EmbedAction::Notice(e),
            });
        }
    });
}

/// The host's requests of the viewer that the page carries out: `play` and `pause` (the
/// viewer's own button, pressed for the host), and `getState` (answered with the last `state`,
/// or the `mode` shown while the table starts).
#[hook]
fn use_viewer_requests(state: &EmbedStore, mode: Option<&'static str>) {
    use_effect_with(state.autoplay, |wanted| {
        if let Some((_, on)) = wanted {
            press_autoplay(*on);
        }
    });
    use_effect_with(state.asked, move |asked| {
        if *asked > 0 {
            talk::repost_state(mode.unwrap_or("loading"));
        }
    });
}

/// The viewer's autoplay on or off, as the reader would: its button, pressed when it is not
/// already as wanted.
fn press_autoplay(on: bool) {
    let Some(button) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("replay-play"))
        .and_then(|e| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(e).ok())
    else {
        return;
    };
    if (button.get_attribute("aria-pressed").as_deref() == Some("true")) != on {
        button.click();
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

/// The looks the tables are drawn with in a frame: the reader's language, no sound.
fn embedded_settings(lang: Lang) -> Settings {
    Settings {
        lang,
        sound: false,
        animation: AnimationSpeed::Normal,
        ..Settings::default()
    }
}

/// The page that refuses the table: every problem of its parameters.
fn refused(errors: &[piquet_table::embed::ParamError], lang: Lang) -> Html {
    let t = |x: Text| x.get(lang);
    html! {
        <main class="embed-failed" id="main">
            <h1>{ t(Text::EmbedProblem) }</h1>
            <ul class="notice" role="alert" id="embed-error">
                { for start::listed(errors, lang).into_iter().map(|e| html! { <li>{ e }</li> }) }
            </ul>
            <p>{ t(Text::EmbedHelp) }</p>
        </main>
    }
}

/// The wait for a game to start.
fn loading(lang: Lang) -> Html {
    html! {
        <main class="embed-loading" id="main"><p role="status">{ Text::Loading.get(lang) }</p></main>
    }
}

/// The viewer, its record and the host's moves, its reports and errors told to the host;
/// « Jouer cette donne » asks `on_play` for the game (unless the table is read-only), a deal's
/// review is shown as `review` says.
fn viewer(
    config: &EmbedConfig,
    state: &EmbedState,
    on_play: Callback<PlayFrom, bool>,
    review: ReviewShown,
) -> Html {
    let lang = state.lang;
    let on_play = (!config.readonly).then_some(on_play);
    let on_report = Some(Callback::from(|r: ReplayReport| talk::report_replay(&r)));
    html! {
        <ReplayViewer settings={embedded_settings(lang)} incoming={state.incoming.clone()}
                      command={state.command}
                      readonly={config.readonly} embedded=true shown={config.show} autoplay={config.autoplay}
                      {on_report}
                      on_error={Callback::from(|message: String| talk::tell_host(&message))}
                      {on_play} {review} reopen={state.reopen} />
    }
}

/// What the table shows: the page that refuses it, the wait for a record, the viewer or a game.
fn body(parsed: &Parsed, state: &EmbedState, dispatch: Dispatch) -> Html {
    let lang = state.lang;
    let settings = embedded_settings(lang);
    let config = match parsed {
        Err(errors) => return refused(errors, lang),
        Ok(parsed) => &parsed.config,
    };
    // `mode=problem`: the problem on the table, each answer told to the host.
    if let Some(problem) = &state.problem {
        let told = problem.clone();
        let on_decision = Callback::from(move |j: Rc<piquet_table::problem::solve::Judgement>| {
            talk::report_problem_decision(&told, &j)
        });
        return html! {
            <ProblemScreen problem={problem.clone()} {settings} embedded=true
                           on_leave={Callback::noop()} on_decision={Some(on_decision)}
                           on_new_game={Callback::noop()} />
        };
    }
    // `mode=daily`: the deal of the day, its game and then its comparison told to the host.
    if config.mode == EmbedMode::Daily {
        let on_session = Callback::from(|(s, elder): (Rc<Session>, piquet_engine::Seat)| {
            talk::report_game(&s, 0, elder)
        });
        let on_result = Callback::from(move |d: Rc<piquet_table::problem::daily::Duplicate>| {
            talk::report_daily(&d, lang)
        });
        return html! {
            <DailyScreen {settings} embedded=true on_leave={Callback::noop()}
                         on_new_game={Callback::noop()} on_session={Some(on_session)}
                         on_result={Some(on_result)} />
        };
    }
    match &state.screen {
        EmbedScreen::Loading => loading(lang),
        EmbedScreen::Replay => viewer(
            config,
            state,
            Callback::from(move |asked: PlayFrom| {
                let Ok(session) = asked.session() else {
                    return false;
                };
                dispatch.dispatch(EmbedAction::PlayOn(Rc::new(session)));
                true
            }),
            ReviewShown::Dialog(DrawReview(crate::components::review::dialog)),
        ),
        EmbedScreen::Play { session, key } => {
            let config = state.spec.over(config);
            let seat = config.seat;
            let key = *key;
            let progress = dispatch.clone();
            let on_session = Callback::from(move |s: Rc<Session>| {
                talk::report_game(&s, key, seat);
                progress.dispatch(EmbedAction::Progress(s));
            });
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
                <GameScreen {key} session={session.clone()} {settings} embedded=true record_words=true
                            on_leave={Callback::noop()} {on_new_game} {on_session}
                            review={crate::components::table::overlays::REVIEW_DIALOG} />
            }
        }
    }
}
