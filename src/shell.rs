//! The first screen, light: the wasm that `index.html` loads first (`src/main.rs`) holds only
//! the top bar and the home screen, so that a phone on a slow link sees the game's first screen
//! after a small download. The whole app (`src/bin/app.rs`: the table, the dialogs, the replay
//! viewer) is fetched as soon as the first screen is up; it then takes the page over, drawing
//! the same home screen in the same place. A way in chosen before it has arrived (« Nouvelle
//! partie », the rules, a language) is remembered and carried out by the app as it starts.
//!
//! When the app would not open on the home screen — a game saved (the table reopens it), a
//! record in the link (the replay viewer) — the shell draws nothing and fetches the app at once.
//!
//! Reading storage here uses the browser's own JSON (no serde): the shell reads the language,
//! the deck and the last game's settings, and writes the language when it is switched.

use std::cell::RefCell;

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use yew::prelude::*;

use crate::components::header::Header;
use crate::components::home::Home;
use crate::services::browser;
use piquet_table::i18n::{Lang, Text};
use piquet_table::session::{FormatChoice, GameConfig, Opponent};
use piquet_table::settings::DeckStyle;

/// What the player asked for before the app arrived: the app carries it out as it starts.
pub const INTENT: &str = "piquetIntent";
/// The id of the element that had the keyboard focus, for the app to give it back.
pub const FOCUS: &str = "piquetFocus";

/// The app's files, next to index.html: wasm-bindgen's glue (Trunk's `data-bin="app"` link) and
/// `static/app_loader.js`, which instantiates `app_bg.wasm` and sets `window.piquetApp`.
const APP_JS: &str = "./app.js";
const APP_LOADER: &str = "./app_loader.js";

fn window() -> Option<web_sys::Window> {
    web_sys::window()
}

fn stored(key: &str) -> Option<String> {
    window()?.local_storage().ok()??.get_item(key).ok()?
}

/// A field of a JSON object, by path.
fn field(value: &JsValue, path: &[&str]) -> Option<JsValue> {
    let mut v = value.clone();
    for key in path {
        v = js_sys::Reflect::get(&v, &JsValue::from_str(key)).ok()?;
        if v.is_undefined() || v.is_null() {
            return None;
        }
    }
    Some(v)
}

fn json(key: &str) -> Option<JsValue> {
    js_sys::JSON::parse(&stored(key)?).ok()
}

/// The language and the deck of the saved settings (those of the browser when none).
fn settings() -> (Lang, DeckStyle) {
    let saved = json("piquet.settings");
    let text = |path: &[&str]| {
        saved
            .as_ref()
            .and_then(|s| field(s, path))
            .and_then(|v| v.as_string())
    };
    let lang = text(&["settings", "lang"])
        .as_deref()
        .and_then(Lang::from_tag)
        .or_else(browser::preferred_lang)
        .unwrap_or_default();
    let deck = match text(&["settings", "deck"]).as_deref() {
        Some("fourcolour") => DeckStyle::FourColour,
        _ => DeckStyle::Classic,
    };
    (lang, deck)
}

/// Writes the language into the saved settings, keeping every other field as it is.
fn save_lang(lang: Lang) {
    let Some(store) = window().and_then(|w| w.local_storage().ok().flatten()) else {
        return;
    };
    let saved = json("piquet.settings").filter(|v| v.is_object());
    let envelope = saved.unwrap_or_else(|| {
        let e = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&e, &"v".into(), &JsValue::from(1));
        e.into()
    });
    let settings = field(&envelope, &["settings"])
        .filter(JsValue::is_object)
        .unwrap_or_else(|| js_sys::Object::new().into());
    let _ = js_sys::Reflect::set(&settings, &"lang".into(), &lang.tag().into());
    let _ = js_sys::Reflect::set(&envelope, &"settings".into(), &settings);
    if let Some(text) = js_sys::JSON::stringify(&envelope)
        .ok()
        .and_then(|s| s.as_string())
    {
        let _ = store.set_item("piquet.settings", &text);
    }
}

/// The last game's settings (`storage::save_last_config`'s JSON), read field by field.
fn last_config() -> Option<GameConfig> {
    let v = json("piquet.last-game")?;
    let text = |path: &[&str]| field(&v, path).and_then(|x| x.as_string());
    let preset = text(&["preset"])?;
    let opponent = match text(&["opponent", "kind"]).as_deref()? {
        "human" => Opponent::Human,
        _ => Opponent::Computer {
            bot: text(&["opponent", "bot"])?,
        },
    };
    let format = match text(&["format", "kind"]).as_deref()? {
        "rubicon" => FormatChoice::Rubicon,
        _ => FormatChoice::Cent {
            target: field(&v, &["format", "target"])?.as_f64()? as u16,
            match_play: field(&v, &["format", "match_play"])?.as_bool()?,
        },
    };
    let config = GameConfig {
        preset,
        format,
        opponent,
        seed: 0,
        custom_rules: None,
    };
    config.rules().ok()?;
    Some(config)
}

/// Whether the app opens elsewhere than on the home screen: a saved game (the table), a page
/// reloaded on a lesson, or a record in the link (the replay viewer).
fn opens_elsewhere() -> bool {
    stored("piquet.game").is_some()
        || crate::services::history::current().as_deref() == Some("lesson")
        || window()
            .and_then(|w| w.location().hash().ok())
            .is_some_and(|h| h.len() > 1)
}

thread_local! {
    /// The shell's own rendering, destroyed when the app takes the page over.
    static HANDLE: RefCell<Option<AppHandle<Shell>>> = const { RefCell::new(None) };
    /// Set once the app's script is fetched (so that it is fetched once).
    static LOADING: RefCell<bool> = const { RefCell::new(false) };
    /// Set once the app's wasm is ready.
    static READY: RefCell<bool> = const { RefCell::new(false) };
}

/// Remembers what the player asked for and where the focus was; starts the app if it is ready.
fn want(intent: &str) {
    if let Some(w) = window() {
        let _ = js_sys::Reflect::set(&w, &INTENT.into(), &intent.into());
        let focus = w
            .document()
            .and_then(|d| d.active_element())
            .map(|e| e.id())
            .unwrap_or_default();
        let _ = js_sys::Reflect::set(&w, &FOCUS.into(), &focus.into());
    }
    if READY.with(|r| *r.borrow()) {
        take_over();
    } else {
        fetch_app();
    }
}

/// Hands the page to the app: the shell's rendering goes, the app renders in its place within
/// the same task (no blank frame), then says it is ready (`static/pwa.js` waits for that).
fn take_over() {
    if let Some(handle) = HANDLE.with(|h| h.borrow_mut().take()) {
        handle.destroy();
    }
    let Some(w) = window() else { return };
    let mount = js_sys::Reflect::get(&w, &"piquetApp".into())
        .ok()
        .and_then(|b| js_sys::Reflect::get(&b, &"piquet_mount".into()).ok())
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    if let Some(mount) = mount {
        let _ = mount.call0(&JsValue::NULL);
    }
}

/// Adds a script to the page's head, calling `onload` once it has run.
fn add_script(document: &web_sys::Document, src: &str, onload: Option<Closure<dyn FnMut()>>) {
    let Ok(script) = document.create_element("script") else {
        return;
    };
    let _ = script.set_attribute("src", src);
    if let Some(onload) = onload {
        let _ = script.add_event_listener_with_callback("load", onload.as_ref().unchecked_ref());
        onload.forget();
    }
    if let Some(head) = document.head() {
        let _ = head.append_child(&script);
    }
}

/// Fetches the app's glue, then its loader, which instantiates the app's wasm; once it is
/// ready the app takes the page over (the home screen looks the same; a way in chosen
/// meanwhile is carried out).
fn fetch_app() {
    if LOADING.with(|l| std::mem::replace(&mut *l.borrow_mut(), true)) {
        return;
    }
    let Some(w) = window() else { return };
    let Some(document) = w.document() else { return };
    let loaded = Closure::once(|| {
        READY.with(|r| *r.borrow_mut() = true);
        take_over();
    });
    let _ =
        w.add_event_listener_with_callback("piquet:app-loaded", loaded.as_ref().unchecked_ref());
    loaded.forget();
    let then = {
        let document = document.clone();
        Closure::once(move || add_script(&document, APP_LOADER, None))
    };
    add_script(&document, APP_JS, Some(then));
}

#[function_component(Shell)]
fn shell() -> Html {
    let initial = use_memo((), |_| settings());
    let lang = use_state(|| initial.0);
    let busy = use_state(|| false);
    let last = use_memo((), |_| last_config());
    // The app is fetched once the first screen is drawn.
    use_effect_with((), |_| fetch_app());
    {
        let lang = *lang;
        use_effect_with(lang, move |lang| browser::set_document_lang(*lang));
    }
    let ask = |intent: &'static str| {
        let busy = busy.clone();
        Callback::from(move |_: ()| {
            busy.set(true);
            want(intent);
        })
    };
    let on_lang = {
        let lang = lang.clone();
        Callback::from(move |l: Lang| {
            save_lang(l);
            lang.set(l);
        })
    };
    let on_play_again = last.as_ref().as_ref().map(|_| ask("again"));
    html! {
        <div class={classes!("app", format!("deck-{:?}", initial.1).to_ascii_lowercase())} aria-busy={busy.to_string()}>
            <Header lang={*lang} {on_lang} on_settings={ask("settings")} on_rules={ask("rules")} />
            <Home lang={*lang} deck={initial.1} last={(*last).clone()} {on_play_again}
                  on_new_game={ask("new-game")} on_replay={ask("replay")} on_stats={ask("stats")}
                  on_learn={ask("learn")}
                  on_problems={ask("problems")} on_daily_problem={ask("daily-problem")}
                  on_daily_deal={ask("daily-deal")}
                  on_settings={ask("settings")} />
            <footer class="footer">{ Text::Footer.get(*lang) }</footer>
            if *busy {
                <p class="sr-only" role="status">{ Text::Loading.get(*lang) }</p>
            }
        </div>
    }
}

/// Starts the first screen on `#app` of `index.html` (`src/main.rs`), or the app at once when
/// it opens elsewhere than on the home screen.
pub fn start() {
    let root = window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("app"));
    if opens_elsewhere() {
        fetch_app();
        return;
    }
    if let Some(root) = root {
        root.set_inner_html("");
        let handle = yew::Renderer::<Shell>::with_root(root).render();
        HANDLE.with(|h| *h.borrow_mut() = Some(handle));
    }
}

/// What the shell remembered for the app: the player's choice and the focused element's id
/// (both taken, so that a later start does not repeat them).
pub fn take_intent() -> (Option<String>, Option<String>) {
    let Some(w) = window() else {
        return (None, None);
    };
    let take = |key: &str| {
        let v = js_sys::Reflect::get(&w, &key.into())
            .ok()
            .and_then(|v| v.as_string())
            .filter(|s| !s.is_empty());
        let _ = js_sys::Reflect::delete_property(&w, &key.into());
        v
    };
    (take(INTENT), take(FOCUS))
}

/// Shared with the app's start (`src/bin/app.rs`): the shell's focus given back.
pub fn restore_focus(id: Option<String>) {
    let Some(id) = id else { return };
    if let Some(el) = window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(&id))
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    {
        let _ = el.focus();
    }
}
