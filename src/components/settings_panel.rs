//! The settings dialog. Every change applies at once and is saved by the app's effect.

use yew::prelude::*;

use super::modal::Modal;
use crate::i18n::{Lang, Text};
use crate::settings::{AnimationSpeed, DeckStyle, Settings};

#[derive(Properties, PartialEq)]
pub struct SettingsPanelProps {
    pub settings: Settings,
    pub on_change: Callback<Settings>,
    pub on_close: Callback<()>,
}

#[function_component(SettingsPanel)]
pub fn settings_panel(props: &SettingsPanelProps) -> Html {
    let s = props.settings.clone();
    let lang = s.lang;
    let t = |text: Text| text.get(lang);
    let change = |f: fn(&mut Settings)| {
        let s = s.clone();
        let on_change = props.on_change.clone();
        Callback::from(move |_| {
            let mut next = s.clone();
            f(&mut next);
            on_change.emit(next);
        })
    };
    let radio =
        |name: &'static str, checked: bool, label: &'static str, onchange: Callback<Event>| {
            html! {
                <label class="choice">
                    <input type="radio" {name} {checked} {onchange} />
                    <span>{ label }</span>
                </label>
            }
        };
    let languages = Lang::ALL
        .iter()
        .map(|&l| {
            let s = s.clone();
            let on_change = props.on_change.clone();
            let onchange = Callback::from(move |_| {
                on_change.emit(Settings {
                    lang: l,
                    ..s.clone()
                })
            });
            radio("lang", l == lang, l.endonym(), onchange)
        })
        .collect::<Html>();
    let speeds = AnimationSpeed::ALL
        .iter()
        .map(|&a| {
            let current = s.animation;
            let s = s.clone();
            let on_change = props.on_change.clone();
            let label = match a {
                AnimationSpeed::Normal => t(Text::AnimationNormal),
                AnimationSpeed::Fast => t(Text::AnimationFast),
                AnimationSpeed::Off => t(Text::AnimationOff),
            };
            let onchange = Callback::from(move |_| {
                on_change.emit(Settings {
                    animation: a,
                    ..s.clone()
                })
            });
            radio("animation", a == current, label, onchange)
        })
        .collect::<Html>();
    html! {
        <Modal id="settings" title={t(Text::Settings)} close_label={t(Text::Close)}
               on_close={props.on_close.clone()}>
            <fieldset>
                <legend>{ t(Text::Language) }</legend>
                { languages }
            </fieldset>
            <fieldset>
                <legend>{ t(Text::Sound) }</legend>
                <label class="choice">
                    <input type="checkbox" id="setting-sound" checked={s.sound}
                           onchange={change(|s| s.sound = !s.sound)} />
                    <span>{ t(Text::SoundHint) }</span>
                </label>
            </fieldset>
            <fieldset>
                <legend>{ t(Text::Animation) }</legend>
                { speeds }
                <p class="hint">{ t(Text::AnimationHint) }</p>
            </fieldset>
            <fieldset>
                <legend>{ t(Text::DeckStyle) }</legend>
                { radio("deck", s.deck == DeckStyle::Classic, t(Text::DeckTwoColour),
                        change(|s| s.deck = DeckStyle::Classic)) }
                { radio("deck", s.deck == DeckStyle::FourColour, t(Text::DeckFourColour),
                        change(|s| s.deck = DeckStyle::FourColour)) }
            </fieldset>
            <fieldset>
                <legend>{ t(Text::ShowOwnDiscards) }</legend>
                <label class="choice">
                    <input type="checkbox" checked={s.show_own_discards}
                           onchange={change(|s| s.show_own_discards = !s.show_own_discards)} />
                    <span>{ t(Text::ShowOwnDiscardsHint) }</span>
                </label>
            </fieldset>
        </Modal>
    }
}
