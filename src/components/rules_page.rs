//! The rules page: the rules of *petit Piquet* article by article, then the five presets side
//! by side, both written from [`crate::rules_text`] (the table from the engine's presets).

use piquet_engine::Rules;
use yew::prelude::*;

use super::modal::Modal;
use crate::i18n::{Lang, Text};
use crate::rules_text::{SECTIONS, pick, preset_name, preset_table};

#[derive(Properties, PartialEq)]
pub struct RulesPageProps {
    pub lang: Lang,
    pub on_close: Callback<()>,
}

/// A link to a section of the page that scrolls to it without touching the URL's fragment
/// (which belongs to records, see `docs/embedding.md`).
fn jump(id: &'static str, title: &'static str) -> Html {
    let target = format!("rules-{id}");
    let onclick = {
        let target = target.clone();
        Callback::from(move |e: MouseEvent| {
            e.prevent_default();
            let el = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.get_element_by_id(&target));
            if let Some(el) = el {
                el.scroll_into_view();
            }
        })
    };
    html! { <a href={format!("#{target}")} {onclick}>{ title }</a> }
}

#[function_component(RulesPage)]
pub fn rules_page(props: &RulesPageProps) -> Html {
    let lang = props.lang;
    let t = |fr, en| pick(lang, fr, en);
    let contents = SECTIONS
        .iter()
        .map(|s| {
            html! { <li>{ jump(s.id, s.title(lang)) }</li> }
        })
        .collect::<Html>();
    let sections = SECTIONS
        .iter()
        .map(|s| {
            let rules = s
                .rules
                .iter()
                .map(|rule| {
                    html! {
                        <li class="rule">
                            if !rule.art.is_empty() {
                                <span class="art">{ rule.art }</span>{ " " }
                            }
                            { rule.text(lang) }
                        </li>
                    }
                })
                .collect::<Html>();
            let heading = format!("rules-{}", s.id);
            html! {
                <section class="rules-section" aria-labelledby={heading.clone()}>
                    <h3 id={heading}>{ s.title(lang) }</h3>
                    <ul class="rules-list">{ rules }</ul>
                </section>
            }
        })
        .collect::<Html>();
    let header = Rules::ALL
        .iter()
        .map(|(id, _)| html! { <th scope="col">{ preset_name(id, lang) }</th> })
        .collect::<Html>();
    let rows = preset_table(lang)
        .into_iter()
        .map(|row| {
            let first = row.cells[0].clone();
            let cells = row
                .cells
                .into_iter()
                .enumerate()
                .map(|(i, cell)| {
                    let differs = i > 0 && cell != first;
                    html! { <td class={classes!(differs.then_some("differs"))}>{ cell }</td> }
                })
                .collect::<Html>();
            html! { <tr><th scope="row">{ row.label }</th>{ cells }</tr> }
        })
        .collect::<Html>();
    let table_caption = t(
        "Les cinq façons de jouer (en couleur : ce qui diffère du classique)",
        "The five ways to play (highlighted: what differs from classique)",
    );
    html! {
        <Modal id="rules" title={Text::Rules.get(lang)} close_label={Text::Close.get(lang)}
               class="wide" on_close={props.on_close.clone()}>
            <p class="rules-intro">{ t(
                "Le petit piquet des années 1690, tel que le joue l'application. « Art. » renvoie aux articles du texte de référence ; chaque point compté pendant la partie cite le sien.",
                "Petit Piquet of the 1690s, as the app plays it. \"Art.\" refers to the articles of the reference text; every point counted in a game cites its own.",
            ) }</p>
            <nav aria-label={t("Sommaire", "Contents")}>
                <ol class="rules-contents">
                    { contents }
                    <li>{ jump("presets", t("Les cinq façons de jouer", "The five ways to play")) }</li>
                </ol>
            </nav>
            { sections }
            <section class="rules-section" aria-labelledby="rules-presets">
                <h3 id="rules-presets">{ t("Les cinq façons de jouer", "The five ways to play") }</h3>
                <div class="table-scroll" role="region" tabindex="0" aria-label={table_caption}>
                    <table class="presets-table">
                        <caption>{ table_caption }</caption>
                        <thead><tr><th scope="col">{ t("Règle", "Rule") }</th>{ header }</tr></thead>
                        <tbody>{ rows }</tbody>
                    </table>
                </div>
            </section>
        </Modal>
    }
}
