//! The first screen: the game's name, what it is, and the ways in.

use yew::prelude::*;

use super::card::CardFace;
use crate::i18n::{Lang, Text};
use crate::settings::DeckStyle;

#[derive(Properties, PartialEq)]
pub struct HomeProps {
    pub lang: Lang,
    pub deck: DeckStyle,
    pub on_new_game: Callback<()>,
    /// The replay viewer.
    pub on_replay: Callback<()>,
    pub on_settings: Callback<()>,
    pub on_rules: Callback<()>,
}

/// The cards of the fan on the first screen: a quinte major in hearts, the dream of every elder.
const FAN: [u8; 5] = [9 + 4, 9 + 5, 9 + 6, 9 + 7, 9 + 8];

#[function_component(Home)]
pub fn home(props: &HomeProps) -> Html {
    let lang = props.lang;
    let t = |text: Text| text.get(lang);
    let fan = FAN
        .iter()
        .enumerate()
        .map(|(i, &index)| {
            html! { <CardFace {index} {lang} deck={props.deck} class={classes!("fan-card", format!("fan-{i}"))} /> }
        })
        .collect::<Html>();
    let entry = |id: &'static str, primary: bool, title: Text, hint: Text, cb: &Callback<()>| {
        let onclick = cb.reform(|_: MouseEvent| ());
        html! {
            <button type="button" {id} class={classes!("entry", primary.then_some("primary"))} {onclick}>
                <span class="entry-title">{ t(title) }</span>
                <span class="entry-hint">{ t(hint) }</span>
            </button>
        }
    };
    html! {
        <main class="home" id="main">
            <section class="hero" aria-labelledby="home-title">
                <div class="fan" aria-hidden="true">{ fan }</div>
                <h1 id="home-title">{ t(Text::AppTitle) }</h1>
                <p class="tagline">{ t(Text::Tagline) }</p>
                <p class="intro">{ t(Text::Intro) }</p>
            </section>
            <nav class="entries" aria-label={t(Text::AppTitle)}>
                { entry("new-game-button", true, Text::NewGame, Text::NewGameHint, &props.on_new_game) }
                { entry("replay-button", false, Text::Replays, Text::ReplaysHint, &props.on_replay) }
                { entry("rules-button", false, Text::Rules, Text::RulesHint, &props.on_rules) }
                { entry("settings-button", false, Text::Settings, Text::SettingsHint, &props.on_settings) }
            </nav>
            <p class="offline-note">{ t(Text::OfflineReady) }</p>
        </main>
    }
}
