//! "A new version is ready — Reload", shown when the service worker has an update waiting.

use yew::prelude::*;

use crate::services::browser;
use piquet_table::i18n::{Lang, Text};

#[derive(Properties, PartialEq)]
pub struct UpdatePromptProps {
    pub lang: Lang,
}

#[function_component(UpdatePrompt)]
pub fn update_prompt(props: &UpdatePromptProps) -> Html {
    let waiting = use_state(browser::update_waiting);
    {
        let waiting = waiting.clone();
        use_effect_with((), move |_| {
            let listener = web_sys::window().map(|w| {
                gloo_events::EventListener::new(&w, "piquet:update-ready", move |_| {
                    waiting.set(true)
                })
            });
            move || drop(listener)
        });
    }
    if !*waiting {
        return html! {};
    }
    html! {
        <div class="toast" role="status">
            <span>{ Text::UpdateReady.get(props.lang) }</span>
            <button type="button" class="button primary"
                    onclick={Callback::from(|_| browser::apply_update())}>
                { Text::UpdateReload.get(props.lang) }
            </button>
        </div>
    }
}
