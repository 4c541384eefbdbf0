//! The browser's history (the History API), so that Back and Forward move between the app's
//! screens and close its dialogs instead of leaving the app. Each entry the app writes carries
//! `{"piquet": …}` in its state: a screen (`"home"`, `"table"`, `"replay"`) or an overlay
//! (`"overlay:<id>"`, a dialog open over a screen). An embedded table never writes history (it
//! would take over its host page's Back button): [`set_enabled`] turns it off.

use std::cell::Cell;

use wasm_bindgen::JsValue;

thread_local! {
    static ENABLED: Cell<bool> = const { Cell::new(true) };
}

/// Turns history entries on or off (off in an embedded table).
pub fn set_enabled(on: bool) {
    ENABLED.with(|e| e.set(on));
}

fn history() -> Option<web_sys::History> {
    if !ENABLED.with(Cell::get) {
        return None;
    }
    web_sys::window()?.history().ok()
}

fn entry(value: &str) -> JsValue {
    let state = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&state, &"piquet".into(), &value.into());
    state.into()
}

/// The app's state of the current history entry (`None` for an entry the app did not write).
pub fn current() -> Option<String> {
    let state = history()?.state().ok()?;
    js_sys::Reflect::get(&state, &"piquet".into())
        .ok()?
        .as_string()
}

/// A new entry after the current one (Forward entries are dropped, as for any navigation).
pub fn push(value: &str) {
    if let Some(h) = history() {
        let _ = h.push_state_with_url(&entry(value), "", None);
    }
}

/// Writes the current entry's state.
pub fn replace(value: &str) {
    if let Some(h) = history() {
        let _ = h.replace_state_with_url(&entry(value), "", None);
    }
}

/// Goes back one entry; a `popstate` event follows.
pub fn back() {
    if let Some(h) = history() {
        let _ = h.back();
    }
}

/// The state written for an overlay with this id.
pub fn overlay(id: &str) -> String {
    format!("overlay:{id}")
}

/// Whether a state is an overlay's.
pub fn is_overlay(state: &str) -> bool {
    state.starts_with("overlay:")
}

/// Listens to Back and Forward (`popstate`) while the returned listener lives; nothing is
/// listened to when history is off.
pub fn on_pop(mut f: impl FnMut(Option<String>) + 'static) -> Option<gloo_events::EventListener> {
    history()?;
    let window = web_sys::window()?;
    Some(gloo_events::EventListener::new(
        &window,
        "popstate",
        move |_| f(current()),
    ))
}
