//! The top bar: the game's name, the language switch, the rules and the settings.

use yew::prelude::*;

use piquet_table::i18n::{Lang, Text};

/// The settings button's cog (its SVG path); the first screen (`src/shell.rs`) draws it too.
pub const SETTINGS_ICON: &str = "M12 8.5a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7Zm8.4 4.6.1-1.1-.1-1.1 \
     2-1.6-2-3.4-2.4 1a8 8 0 0 0-1.9-1.1L15.7 3h-4l-.4 2.7a8 8 0 0 \
     0-1.9 1.1l-2.4-1-2 3.4 2 1.6-.1 1.1.1 1.1-2 1.6 2 3.4 2.4-1a8 8 \
     0 0 0 1.9 1.1l.4 2.7h4l.4-2.7a8 8 0 0 0 1.9-1.1l2.4 1 2-3.4Z";

#[derive(Properties, PartialEq)]
pub struct HeaderProps {
    pub lang: Lang,
    pub on_lang: Callback<Lang>,
    pub on_settings: Callback<()>,
    /// Opens the rules page (reachable from every screen, a game included).
    pub on_rules: Callback<()>,
}

#[function_component(Header)]
pub fn header(props: &HeaderProps) -> Html {
    let lang = props.lang;
    let switch = Lang::ALL
        .iter()
        .map(|&l| {
            let on_lang = props.on_lang.clone();
            html! {
                <button type="button" class="lang-option" lang={l.tag()}
                        aria-pressed={(l == lang).to_string()} title={l.endonym()}
                        onclick={Callback::from(move |_| on_lang.emit(l))}>
                    { l.tag().to_ascii_uppercase() }
                </button>
            }
        })
        .collect::<Html>();
    let settings = props.on_settings.reform(|_: MouseEvent| ());
    let rules = props.on_rules.reform(|_: MouseEvent| ());
    html! {
        <header class="topbar">
            <span class="brand" aria-hidden="true">{ "♠ Piquet" }</span>
            <nav class="topbar-actions" aria-label={Text::Settings.get(lang)}>
                <div class="lang-switch" role="group" aria-label={Text::LanguageSwitch.get(lang)}>
                    { switch }
                </div>
                <button type="button" class="text-button" id="open-rules" onclick={rules}>
                    { Text::Rules.get(lang) }
                </button>
                <button type="button" class="icon-button" id="open-settings"
                        aria-label={Text::Settings.get(lang)} title={Text::Settings.get(lang)}
                        onclick={settings}>
                    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" class="icon">
                        <path d={SETTINGS_ICON} />
                    </svg>
                </button>
            </nav>
        </header>
    }
}
