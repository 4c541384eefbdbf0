//! Piquet in the browser: the Yew app over the `piquet-table` game layer (the session, the
//! table's state and reducer, the view model, lessons, records, stored data), the `piquet-engine`
//! rules and the `piquet-words` vocabulary.
//!
//! This crate keeps what needs a browser: [`app`], the root component, its reducer store and
//! the screen on show ([`app::Screen`]); [`components`], the views; [`services`], the side
//! effects (storage, history, the computer's worker, sounds, files, the host page); [`shell`],
//! the first screen's small wasm; [`play`], what the play wasm hands over to the whole app.
//! `src/bin/` holds the entry points of the five wasm binaries (the first screen is
//! `src/main.rs`).

pub mod app;
pub mod components;
pub mod play;
pub mod services;
pub mod shell;

pub use app::App;
use yew::AttrValue;

/// Mounts the whole app on `#app` of `index.html` in place of the wasm that was there (the
/// first screen's [`shell`], or the play wasm), carrying out what the player chose while it was
/// on its way, and gives the keyboard focus back where it was; then tells the page
/// (`static/pwa.js`) that the app is up.
pub fn start_app() {
    mount(app::WHOLE);
}

/// Mounts the play wasm (`src/bin/play.rs`) in place of the first screen's shell: the same
/// [`App`], which hands the page over to the whole app for the screens it lacks ([`play`]).
pub fn start_play() {
    let handle = mount(play::PLAY);
    shell::on_leave(move || {
        if let Some(handle) = handle {
            handle.destroy();
        }
    });
}

/// Mounts the app with the screens of `rest`; its handle, to take it down when another wasm
/// takes the page over.
fn mount(rest: app::RestOf) -> Option<yew::AppHandle<App>> {
    let (intent, focus, route) = shell::take_intent();
    let props = app::AppProps {
        rest,
        intent: intent.map(AttrValue::from),
        route: route.map(AttrValue::from),
    };
    let handle = app_root().map(|root| {
        root.set_inner_html("");
        yew::Renderer::<App>::with_root_and_props(root, props).render()
    });
    shell::restore_focus(focus);
    if let Some(w) = web_sys::window() {
        let _ = js_sys::Reflect::set(&w, &"piquetAppReady".into(), &true.into());
        if let Ok(event) = web_sys::Event::new("piquet:app-ready") {
            let _ = w.dispatch_event(&event);
        }
    }
    handle
}

/// Mounts the embedded table on `#app` of `embed.html` (written by `scripts/embed.mjs`). It is a
/// wasm of its own (`src/bin/embed.rs`): the app's wasm, which the first screen waits for, does
/// not carry the embedded table, nor the table the app's screens. When the embedded replay's
/// own wasm handed it the frame, the page left the hand-over in `window.piquetHandover`
/// ([`piquet_table::handover`]).
pub fn start_embed() {
    // An embedded table leaves its host's Back button alone.
    services::history::set_enabled(false);
    let handover = web_sys::window()
        .and_then(|w| js_sys::Reflect::get(&w, &HANDOVER.into()).ok())
        .and_then(|v| v.as_string())
        .and_then(|text| piquet_table::handover::Handover::parse(&text).ok())
        .map(std::rc::Rc::new);
    let props = components::embed::EmbedProps { handover };
    match app_root() {
        Some(root) => {
            root.set_inner_html("");
            yew::Renderer::<components::embed::EmbedApp>::with_root_and_props(root, props).render();
        }
        None => {
            yew::Renderer::<components::embed::EmbedApp>::with_props(props).render();
        }
    }
}

/// Where the page leaves the embedded replay's hand-over for the table that plays.
const HANDOVER: &str = "piquetHandover";

thread_local! {
    /// The embedded replay, while it is on the page.
    static REPLAY: std::cell::RefCell<Option<yew::AppHandle<components::embed::ReplayEmbed>>> =
        const { std::cell::RefCell::new(None) };
}

/// Mounts the embedded replay's own table on `#app` of `embed.html` (`src/bin/embed_replay.rs`,
/// `mode=replay`): the viewer alone ([`components::embed::ReplayEmbed`]).
pub fn start_embed_replay() {
    services::history::set_enabled(false);
    let handle = match app_root() {
        Some(root) => {
            root.set_inner_html("");
            yew::Renderer::<components::embed::ReplayEmbed>::with_root(root).render()
        }
        None => yew::Renderer::<components::embed::ReplayEmbed>::new().render(),
    };
    REPLAY.with(|r| *r.borrow_mut() = Some(handle));
}

/// The embedded replay gives the frame to the table that plays: its hand-over as JSON, and the
/// viewer taken down (its listeners with it); `None`, and nothing changed, when no game was
/// asked for.
pub fn leave_embed_replay() -> Option<String> {
    let handover = components::embed::leave()?;
    if let Some(handle) = REPLAY.with(|r| r.borrow_mut().take()) {
        handle.destroy();
    }
    Some(handover)
}

fn app_root() -> Option<web_sys::Element> {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("app"))
}
