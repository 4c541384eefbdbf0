//! Piquet in the browser: a Yew single-page app over the `piquet-engine` crate.
//!
//! Layout: [`app`] holds the root component and its reducer store; [`components`] the views;
//! [`services`] the side effects (storage, service worker, media queries); [`i18n`] the typed
//! string catalogue; [`settings`] the player's settings and their saved form.

pub mod ai_wire;
pub mod app;
pub mod components;
pub mod i18n;
pub mod play;
pub mod rules_text;
pub mod services;
pub mod settings;

pub use app::App;

/// Mounts the app on `#app`, replacing the loading splash of `index.html`; on `embed.html`
/// (`<html data-embed>`, written by `scripts/embed.mjs`), the embedded table instead.
pub fn start() {
    let document = web_sys::window().and_then(|w| w.document());
    let embedded = document
        .as_ref()
        .and_then(|d| d.document_element())
        .is_some_and(|e| e.has_attribute("data-embed"));
    // An embedded table leaves its host's Back button alone.
    services::history::set_enabled(!embedded);
    let root = document.and_then(|d| d.get_element_by_id("app"));
    if let Some(root) = &root {
        root.set_inner_html("");
    }
    match (root, embedded) {
        (Some(root), true) => {
            yew::Renderer::<components::embed::EmbedApp>::with_root(root).render();
        }
        (Some(root), false) => {
            yew::Renderer::<App>::with_root(root).render();
        }
        (None, true) => {
            yew::Renderer::<components::embed::EmbedApp>::new().render();
        }
        (None, false) => {
            yew::Renderer::<App>::new().render();
        }
    }
}
