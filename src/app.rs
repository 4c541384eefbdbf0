//! The root component and its store. The reducer is pure (state in, state out); saving the
//! settings, setting `<html lang>` and reading storage happen in effects, never in `reduce`.

use std::rc::Rc;

use yew::prelude::*;

use crate::components::header::Header;
use crate::components::home::Home;
use crate::components::new_game::NewGame;
use crate::components::settings_panel::SettingsPanel;
use crate::components::update_prompt::UpdatePrompt;
use crate::i18n::{Lang, Text};
use crate::services::{browser, storage};
use crate::settings::Settings;

/// The dialog open over the current screen, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialog {
    NewGame,
    Settings,
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
        let notice = loaded.problem.map(|(error, kept_as)| {
            format!(
                "{} ({error}; {kept_as})",
                Text::SettingsRecovered.get(settings.lang)
            )
        });
        AppState {
            settings,
            dialog: None,
            preset: AttrValue::from("classique"),
            notice,
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
            <NewGame {lang} preset={state.preset.clone()} {on_preset}
                     on_close={dispatch(AppAction::CloseDialog)} />
        },
        None => html! {},
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
        <div class={classes!("app", format!("deck-{:?}", state.settings.deck).to_lowercase())}>
            <Header {lang} {on_lang} on_settings={dispatch(AppAction::Open(Dialog::Settings))} />
            { for notice }
            <Home {lang} deck={state.settings.deck}
                  on_new_game={dispatch(AppAction::Open(Dialog::NewGame))}
                  on_settings={dispatch(AppAction::Open(Dialog::Settings))} />
            <footer class="footer">{ Text::Footer.get(lang) }</footer>
            { dialog }
            <UpdatePrompt {lang} />
        </div>
    }
}
