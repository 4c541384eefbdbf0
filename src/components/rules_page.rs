//! The rules page: the rules of *petit Piquet* article by article, then the five presets side
//! by side. Its body is a static file written from [`piquet_table::rules_text`] (`rules/fr.html`,
//! `rules/en.html`), fetched when the page opens, so that the prose is not part of the app's
//! wasm that the first screen waits for; the service worker precaches it for offline play.

use yew::prelude::*;

use super::modal::Modal;
use crate::services::{browser, files};
use piquet_table::i18n::{Lang, Text};
use piquet_table::rules_text::{fragment_url, pick};

#[derive(Properties, PartialEq)]
pub struct RulesPageProps {
    pub lang: Lang,
    pub on_close: Callback<()>,
    /// Opened from a game: the anchor of its variant's own rules
    /// ([`piquet_table::rules_text::variant_anchor`]), where the page opens, marked.
    #[prop_or_default]
    pub variant: Option<AttrValue>,
}

/// The rules file of one language, as far as it has come.
#[derive(Clone, PartialEq)]
enum Body {
    Loading,
    Loaded(Lang, AttrValue),
    Failed(Lang),
}

/// A contents link (`data-jump`) scrolls to its section without touching the URL's fragment,
/// which belongs to records (see `docs/embedding.md`).
fn on_jump(e: MouseEvent) {
    let Some(link) = browser::target_closest(&e, "a[data-jump]") else {
        return;
    };
    e.prevent_default();
    let target = link
        .get_attribute("data-jump")
        .and_then(|id| web_sys::window()?.document()?.get_element_by_id(&id));
    if let Some(el) = target {
        el.scroll_into_view();
    }
}

#[function_component(RulesPage)]
pub fn rules_page(props: &RulesPageProps) -> Html {
    let lang = props.lang;
    let body = use_state(|| Body::Loading);
    {
        let body = body.clone();
        use_effect_with(lang, move |&lang| {
            wasm_bindgen_futures::spawn_local(async move {
                body.set(match files::fetch_text(fragment_url(lang)).await {
                    Ok(text) => Body::Loaded(lang, text.into()),
                    Err(_) => Body::Failed(lang),
                });
            });
        });
    }
    {
        // Once the text is there, the variant being played is shown first, marked as current.
        let loaded = matches!(&*body, Body::Loaded(of, _) if *of == lang);
        use_effect_with((loaded, props.variant.clone()), |(loaded, variant)| {
            let el = variant
                .as_ref()
                .filter(|_| *loaded)
                .and_then(|id| web_sys::window()?.document()?.get_element_by_id(id));
            if let Some(el) = el {
                let _ = el.set_attribute("aria-current", "true");
                el.scroll_into_view();
            }
        });
    }
    let content = match &*body {
        Body::Loaded(of, html) if *of == lang => html! {
            <div class="rules-text" onclick={on_jump}>{ Html::from_html_unchecked(html.clone()) }</div>
        },
        Body::Failed(of) if *of == lang => html! {
            <p class="rules-intro" role="alert">{ pick(
                lang,
                "Les règles n’ont pas pu être chargées. Vérifiez la connexion et rouvrez cette page.",
                "The rules could not be loaded. Check the connection and open this page again.",
            ) }</p>
        },
        _ => html! { <p class="rules-intro" role="status">{ Text::Loading.get(lang) }</p> },
    };
    html! {
        <Modal id="rules" title={Text::Rules.get(lang)} close_label={Text::Close.get(lang)}
               class="wide" on_close={props.on_close.clone()}>
            { content }
        </Modal>
    }
}
