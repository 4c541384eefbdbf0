//! The settings dialog. Every change applies at once and is saved by the app's effect. It also
//! lists what was kept aside because it could not be read back in full (a saved game, saved
//! settings), each to download as a file — a game as its record — or to delete.

use yew::prelude::*;

use super::modal::Modal;
use crate::services::{files, storage};
use piquet_table::i18n::{Lang, Text};
use piquet_table::settings::{AnimationSpeed, DeckStyle, HandOrder, Settings};
use piquet_table::stored::{self, Kind};
use piquet_words as words;

/// When something was set aside, as the reader's language writes a date and time.
fn when(ms: u64, lang: Lang) -> String {
    let date = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms as f64));
    String::from(date.to_locale_string(lang.tag(), &wasm_bindgen::JsValue::UNDEFINED))
}

/// The list of what was set aside, with its buttons; nothing when there is nothing.
fn set_aside_list(items: &UseStateHandle<Vec<storage::SetAside>>, lang: Lang) -> Html {
    if items.is_empty() {
        return html! {};
    }
    let t = |text: Text| text.get(lang);
    let rows = items.iter().map(|item| {
        let kind = item.kind();
        let name = match kind {
            Kind::Game => t(Text::SetAsideGame),
            Kind::Settings => t(Text::SetAsideSettings),
            Kind::Statistics => t(Text::SetAsideStatistics),
            Kind::Lessons => t(Text::SetAsideLessons),
            Kind::Choice => t(Text::SetAsideChoice),
            Kind::Problems => t(Text::SetAsideProblems),
            Kind::MyProblems => t(Text::SetAsideMyProblems),
            Kind::Other => t(Text::SetAsideOther),
        };
        let label = format!("{name} — {}", when(item.when, lang));
        let download = {
            let item = item.clone();
            Callback::from(move |_: MouseEvent| {
                if let Some(raw) = storage::set_aside_text(&item.key) {
                    let (text, ext) = stored::download_form(kind, &raw);
                    let mime = if ext == "json" {
                        "application/json"
                    } else {
                        "text/plain"
                    };
                    let _ =
                        files::download(&stored::download_name(kind, item.when, ext), &text, mime);
                }
            })
        };
        let forget = {
            let items = items.clone();
            let key = item.key.clone();
            Callback::from(move |_: MouseEvent| {
                storage::forget_set_aside(&key);
                items.set(storage::set_aside_items());
            })
        };
        html! {
            <li class="set-aside-item" key={item.key.clone()}>
                <span>{ label.clone() }</span>
                <button type="button" class="button" onclick={download}
                        aria-label={words::labelled(t(Text::Download), &label, lang)}>
                    { t(Text::Download) }
                </button>
                <button type="button" class="text-button" onclick={forget}
                        aria-label={words::labelled(t(Text::Forget), &label, lang)}>
                    { t(Text::Forget) }
                </button>
            </li>
        }
    });
    html! {
        <fieldset id="set-aside">
            <legend>{ t(Text::SetAsideTitle) }</legend>
            <p class="hint">{ t(Text::SetAsideHint) }</p>
            <ul class="set-aside-list">{ for rows }</ul>
        </fieldset>
    }
}

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
    let set_aside = use_state(storage::set_aside_items);
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
            <fieldset id="comforts">
                <legend>{ t(Text::Comforts) }</legend>
                <label class="choice">
                    <input type="checkbox" id="setting-play-forced" checked={s.play_forced}
                           onchange={change(|s| s.play_forced = !s.play_forced)} />
                    <span>{ t(Text::PlayForced) }<span class="hint">{ t(Text::PlayForcedHint) }</span></span>
                </label>
                <label class="choice">
                    <input type="checkbox" id="setting-undo" checked={s.undo}
                           onchange={change(|s| s.undo = !s.undo)} />
                    <span>{ t(Text::UndoSetting) }<span class="hint">{ t(Text::UndoSettingHint) }</span></span>
                </label>
                <label class="choice">
                    <input type="checkbox" id="setting-large-cards" checked={s.large_cards}
                           onchange={change(|s| s.large_cards = !s.large_cards)} />
                    <span>{ t(Text::LargeCards) }<span class="hint">{ t(Text::LargeCardsHint) }</span></span>
                </label>
            </fieldset>
            <fieldset id="hand-order">
                <legend>{ t(Text::HandOrder) }</legend>
                { radio("hand-order", s.hand_order == HandOrder::Suits, t(Text::HandOrderSuits),
                        change(|s| s.hand_order = HandOrder::Suits)) }
                { radio("hand-order", s.hand_order == HandOrder::Rank, t(Text::HandOrderRank),
                        change(|s| s.hand_order = HandOrder::Rank)) }
            </fieldset>
            <fieldset>
                <legend>{ t(Text::ShowOwnDiscards) }</legend>
                <label class="choice">
                    <input type="checkbox" checked={s.show_own_discards}
                           onchange={change(|s| s.show_own_discards = !s.show_own_discards)} />
                    <span>{ t(Text::ShowOwnDiscardsHint) }</span>
                </label>
            </fieldset>
            { set_aside_list(&set_aside, lang) }
        </Modal>
    }
}
