//! The new-game dialog: the rules preset first, one line each (RULES.md section 10).

use yew::prelude::*;

use super::modal::Modal;
use crate::i18n::{Lang, Text};

/// The five presets, by their stable ids (the engine's and the URLs').
pub const PRESETS: [(&str, Text, Text); 5] = [
    (
        "classique",
        Text::PresetClassique,
        Text::PresetClassiqueDesc,
    ),
    ("ancien", Text::PresetAncien, Text::PresetAncienDesc),
    ("moderne", Text::PresetModerne, Text::PresetModerneDesc),
    ("rubicon", Text::PresetRubicon, Text::PresetRubiconDesc),
    ("150", Text::Preset150, Text::Preset150Desc),
];

#[derive(Properties, PartialEq)]
pub struct NewGameProps {
    pub lang: Lang,
    pub preset: AttrValue,
    pub on_preset: Callback<AttrValue>,
    pub on_close: Callback<()>,
}

#[function_component(NewGame)]
pub fn new_game(props: &NewGameProps) -> Html {
    let lang = props.lang;
    let options = PRESETS
        .iter()
        .map(|&(id, name, desc)| {
            let on_preset = props.on_preset.clone();
            let onchange = Callback::from(move |_| on_preset.emit(AttrValue::from(id)));
            let desc_id = format!("preset-{id}-desc");
            html! {
                <label class="preset">
                    <input type="radio" name="preset" value={id} checked={props.preset == id}
                           aria-describedby={desc_id.clone()} {onchange} />
                    <span class="preset-name">{ name.get(lang) }</span>
                    <span class="preset-desc" id={desc_id}>{ desc.get(lang) }</span>
                </label>
            }
        })
        .collect::<Html>();
    html! {
        <Modal id="new-game" title={Text::NewGame.get(lang)} close_label={Text::Close.get(lang)}
               on_close={props.on_close.clone()}>
            <fieldset class="presets">
                <legend>{ Text::ChoosePreset.get(lang) }</legend>
                { options }
            </fieldset>
        </Modal>
    }
}
