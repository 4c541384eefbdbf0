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

/// Mounts the app on `#app` of `index.html`, replacing the loading splash (`src/main.rs`).
pub fn start() {
    mount::<App>();
}

/// Mounts the embedded table on `#app` of `embed.html` (written by `scripts/embed.mjs`). It is a
/// wasm of its own (`src/bin/embed.rs`): the app's wasm, which the first screen waits for, does
/// not carry the embedded table, nor the table the app's screens.
pub fn start_embed() {
    // An embedded table leaves its host's Back button alone.
    services::history::set_enabled(false);
    mount::<components::embed::EmbedApp>();
}

fn mount<C>()
where
    C: yew::BaseComponent,
    C::Properties: Default,
{
    let root = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("app"));
    match root {
        Some(root) => {
            root.set_inner_html("");
            yew::Renderer::<C>::with_root(root).render();
        }
        None => {
            yew::Renderer::<C>::new().render();
        }
    }
}
