//! The root component and its store. The reducer is pure (state in, state out); saving the
//! settings, setting `<html lang>` and reading storage happen in effects, never in `reduce`.

use std::rc::Rc;

use yew::prelude::*;

use crate::components::header::Header;
use crate::components::home::Home;
use crate::components::new_game::NewGame;
use crate::components::replay::ReplayViewer;
use crate::components::rules_page::RulesPage;
use crate::components::settings_panel::SettingsPanel;
use crate::components::table::GameScreen;
use crate::components::update_prompt::UpdatePrompt;
use crate::i18n::{Lang, Text};
use crate::play::fragment;
use crate::play::session::{GameConfig, Session};
use crate::services::{browser, files, storage};
use crate::settings::Settings;

/// The dialog open over the current screen, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialog {
    NewGame,
    Settings,
    Rules,
}

/// Everything the app shows, derived from nothing else.
#[derive(Clone, Debug, PartialEq)]
pub struct AppState {
    pub settings: Settings,
    pub dialog: Option<Dialog>,
    /// The preset chosen in the new-game dialog (a stable preset id).
    pub preset: AttrValue,
    /// A one-line notice, e.g. that unreadable saved data was set aside.
    pub notice: Option<String>,
    /// The game in progress (as started or resumed; the table keeps it up to date in storage).
    pub game: Option<Rc<Session>>,
    /// Bumped for every game started or resumed, so that the table starts afresh.
    pub game_key: u32,
    /// The table is on screen (otherwise the first screen).
    pub playing: bool,
    /// The replay viewer is on screen.
    pub replaying: bool,
    /// A record for the viewer to open (from a link), or why it could not be read.
    pub incoming: Option<Incoming>,
}

pub use crate::components::replay::Incoming;

/// The record in the page's fragment (`#record=…`), if any.
fn incoming_from_hash() -> Option<Incoming> {
    fragment::from_hash(&files::location_hash())
        .map(|r| Rc::new((r.map_err(|e| e.to_string()), None)))
}

/// What can happen to the app state.
#[derive(Clone, Debug, PartialEq)]
pub enum AppAction {
    SetLang(Lang),
    SetSettings(Settings),
    Open(Dialog),
    CloseDialog,
    ChoosePreset(AttrValue),
    DismissNotice,
    /// Starts a new game (closing the dialog); a setup error becomes the notice.
    StartGame(GameConfig),
    /// Back to the table with the saved game, read again from storage by the caller.
    Resume(Option<Rc<Session>>),
    /// Back to the first screen; the game stays saved.
    LeaveTable,
    /// The replay viewer, with a record to open or none.
    OpenReplay(Option<Incoming>),
    CloseReplay,
    /// A game that goes on from a replay's position.
    PlayFrom(Rc<Session>),
}

impl Reducible for AppState {
    type Action = AppAction;

    fn reduce(self: Rc<Self>, action: AppAction) -> Rc<Self> {
        let mut next = (*self).clone();
        match action {
            AppAction::SetLang(lang) => next.settings.lang = lang,
            AppAction::SetSettings(settings) => next.settings = settings,
            AppAction::Open(dialog) => next.dialog = Some(dialog),
            AppAction::CloseDialog => next.dialog = None,
            AppAction::ChoosePreset(id) => next.preset = id,
            AppAction::DismissNotice => next.notice = None,
            AppAction::StartGame(config) => match Session::new(config) {
                Ok(session) => {
                    next.game = Some(Rc::new(session));
                    next.game_key += 1;
                    next.playing = true;
                    next.dialog = None;
                }
                Err(e) => next.notice = Some(e.to_string()),
            },
            AppAction::Resume(session) => {
                if session.is_some() {
                    next.game = session;
                }
                next.game_key += 1;
                next.playing = next.game.is_some();
            }
            AppAction::LeaveTable => next.playing = false,
            AppAction::OpenReplay(incoming) => {
                next.replaying = true;
                next.playing = false;
                next.dialog = None;
                if incoming.is_some() {
                    next.incoming = incoming;
                }
            }
            AppAction::CloseReplay => {
                next.replaying = false;
                next.incoming = None;
            }
            AppAction::PlayFrom(session) => {
                next.game = Some(session);
                next.game_key += 1;
                next.playing = true;
                next.replaying = false;
                next.incoming = None;
            }
        }
        Rc::new(next)
    }
}

impl AppState {
    /// The state at start-up, from what storage held (see [`storage::load_settings`]).
    fn initial() -> AppState {
        let loaded = storage::load_settings();
        let settings = loaded.settings.unwrap_or_else(|| Settings {
            lang: browser::preferred_lang().unwrap_or_default(),
            ..Settings::default()
        });
        let mut notice = loaded.problem.map(|(error, kept_as)| {
            format!(
                "{} ({error}; {kept_as})",
                Text::SettingsRecovered.get(settings.lang)
            )
        });
        // Reloading the page at any moment resumes the exact game.
        let saved = storage::load_game();
        if let Some((error, kept_as)) = saved.problem {
            notice = Some(format!(
                "{} ({error}; {kept_as})",
                Text::GameRecovered.get(settings.lang)
            ));
        }
        // A link with a record opens the viewer (the saved game waits on the first screen).
        let incoming = incoming_from_hash();
        let replaying = incoming.is_some();
        let playing = saved.session.is_some() && !replaying;
        AppState {
            replaying,
            incoming,
            settings,
            dialog: None,
            preset: AttrValue::from("classique"),
            notice,
            game: saved.session.map(Rc::new),
            game_key: 0,
            playing,
        }
    }
}

#[function_component(App)]
pub fn app() -> Html {
    let state = use_reducer(AppState::initial);
    let lang = state.settings.lang;

    {
        let settings = state.settings.clone();
        use_effect_with(settings, |settings| {
            browser::set_document_lang(settings.lang);
            storage::save_settings(settings);
        });
    }

    // A link followed while the app is open changes only the fragment.
    {
        let state = state.clone();
        use_effect_with((), move |_| {
            let listener = web_sys::window().map(|w| {
                gloo_events::EventListener::new(&w, "hashchange", move |_| {
                    if let Some(incoming) = incoming_from_hash() {
                        state.dispatch(AppAction::OpenReplay(Some(incoming)));
                    }
                })
            });
            move || drop(listener)
        });
    }

    let dispatch = |action: AppAction| {
        let state = state.clone();
        Callback::from(move |_: ()| state.dispatch(action.clone()))
    };
    let on_lang = {
        let state = state.clone();
        Callback::from(move |l| state.dispatch(AppAction::SetLang(l)))
    };
    let on_settings_change = {
        let state = state.clone();
        Callback::from(move |s| state.dispatch(AppAction::SetSettings(s)))
    };
    let on_preset = {
        let state = state.clone();
        Callback::from(move |id| state.dispatch(AppAction::ChoosePreset(id)))
    };

    let dialog = match state.dialog {
        Some(Dialog::Settings) => html! {
            <SettingsPanel settings={state.settings.clone()} on_change={on_settings_change}
                           on_close={dispatch(AppAction::CloseDialog)} />
        },
        Some(Dialog::NewGame) => html! {
            <NewGame {lang} preset={state.preset.clone()} {on_preset} on_lang={on_lang.clone()}
                     on_start={{
                         let state = state.clone();
                         Callback::from(move |config| state.dispatch(AppAction::StartGame(config)))
                     }}
                     on_close={dispatch(AppAction::CloseDialog)} />
        },
        Some(Dialog::Rules) => html! {
            <RulesPage {lang} on_close={dispatch(AppAction::CloseDialog)} />
        },
        None => html! {},
    };
    let screen = match state.game.as_ref().filter(|_| state.playing) {
        _ if state.replaying => {
            let on_play = {
                let state = state.clone();
                Callback::from(move |session: Session| {
                    files::clear_hash();
                    state.dispatch(AppAction::PlayFrom(Rc::new(session)))
                })
            };
            let on_close = {
                let state = state.clone();
                Callback::from(move |_| {
                    files::clear_hash();
                    state.dispatch(AppAction::CloseReplay)
                })
            };
            html! {
                <ReplayViewer settings={state.settings.clone()} incoming={state.incoming.clone()}
                              on_play={Some(on_play)} on_close={Some(on_close)} />
            }
        }
        Some(session) => html! {
            <GameScreen key={state.game_key} session={session.clone()} settings={state.settings.clone()}
                        on_leave={dispatch(AppAction::LeaveTable)}
                        on_new_game={dispatch(AppAction::Open(Dialog::NewGame))} />
        },
        None => {
            let resume = state.game.is_some().then(|| {
                let state = state.clone();
                let onclick = Callback::from(move |_: MouseEvent| {
                    let saved = storage::load_game();
                    state.dispatch(AppAction::Resume(saved.session.map(Rc::new)));
                });
                html! {
                    <div class="resume-bar">
                        <span>{ Text::GameInProgress.get(lang) }</span>
                        <button type="button" class="button primary" id="resume-game" {onclick}>
                            { Text::Resume.get(lang) }
                        </button>
                    </div>
                }
            });
            html! {
                <>
                    { for resume }
                    <Home {lang} deck={state.settings.deck}
                          on_new_game={dispatch(AppAction::Open(Dialog::NewGame))}
                          on_replay={dispatch(AppAction::OpenReplay(None))}
                          on_settings={dispatch(AppAction::Open(Dialog::Settings))}
                          on_rules={dispatch(AppAction::Open(Dialog::Rules))} />
                </>
            }
        }
    };
    let notice = state.notice.as_ref().map(|text| {
        html! {
            <div class="notice" role="alert">
                <span>{ text }</span>
                <button type="button" class="icon-button" aria-label={Text::Close.get(lang)}
                        onclick={dispatch(AppAction::DismissNotice).reform(|_: MouseEvent| ())}>
                    { "×" }
                </button>
            </div>
        }
    });

    html! {
        <div class={classes!("app", format!("deck-{:?}", state.settings.deck).to_ascii_lowercase())}>
            <Header {lang} {on_lang} on_settings={dispatch(AppAction::Open(Dialog::Settings))}
                    on_rules={dispatch(AppAction::Open(Dialog::Rules))} />
            { for notice }
            { screen }
            if !state.playing && !state.replaying {
                <footer class="footer">{ Text::Footer.get(lang) }</footer>
            }
            { dialog }
            <UpdatePrompt {lang} />
        </div>
    }
}
