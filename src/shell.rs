//! The first screen, light: the wasm that `index.html` loads first (`src/main.rs`) holds only
//! the top bar and the home screen, drawn without Yew — the markup the app's `Header` and `Home`
//! components draw, written as text ([`first_screen_markup`]) and listened to by one click
//! listener — so that a phone on a slow link sees the game's first screen after a small
//! download (37 KB of wasm with brotli, where Yew's made it 79 KB), and the play wasm, which
//! shares that link, comes sooner. The play wasm (`src/bin/play.rs`: the same app with the way to a game
//! against the computer — the new-game dialog, the settings, the rules, the table) is started as
//! soon as the first screen is up (its files were asked for at navigation by `static/preload.js`,
//! and come down beside the first screen's); it then takes the page over, drawing the same home screen in
//! the same place. A way in chosen before it has arrived (« Nouvelle partie », the rules, a
//! language) is remembered and carried out as it starts; one that only the whole app has (the
//! statistics, the lessons, the viewer…) fetches the whole app (`src/bin/app.rs`) instead.
//!
//! When the page would not open on the home screen — a game saved (the play wasm reopens the
//! table), a record in the link (the replay viewer), a lesson or a problem left on the table,
//! a friend's room (the whole app) — the shell draws nothing and fetches that wasm at once.
//!
//! One wasm hands the page to another the same way, the shell to the play wasm or the whole
//! app, the play wasm to the whole app ([`hand_over`], `src/play.rs`): what the player chose,
//! the focused element and the screen on show are left on `window` ([`INTENT`], [`FOCUS`],
//! [`ROUTE`]), the other wasm's scripts are added once for the page, and once it is here this
//! wasm's rendering goes ([`on_leave`]) and the other mounts in its place.
//!
//! Reading storage here uses the browser's own JSON (no serde): the shell reads the language,
//! the deck and the last game's settings, and writes the language when it is switched.

use std::cell::RefCell;
use std::fmt::Write;

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

use crate::components::header::SETTINGS_ICON;
use crate::components::home::{ENTRIES, FAN};
use crate::services::browser;
use piquet_table::card_art::face_markup;
use piquet_table::i18n::{Lang, Text};
use piquet_table::model::config_summary;
use piquet_table::rules_text::escape as esc;
use piquet_table::session::{FormatChoice, GameConfig, Opponent};
use piquet_table::settings::DeckStyle;

/// What the player asked for before the app arrived: the app carries it out as it starts.
pub const INTENT: &str = "piquetIntent";
/// The id of the element that had the keyboard focus, for the app to give it back.
pub const FOCUS: &str = "piquetFocus";
/// The screen the wasm that hands the page over was on, for the next one to start there.
pub const ROUTE: &str = "piquetRoute";

/// The whole app's files, next to index.html: wasm-bindgen's glue (Trunk's `data-bin="app"`
/// link) and `static/app_loader.js`, which instantiates `app_bg.wasm` and sets
/// `window.piquetApp`.
const APP_JS: &str = "./app.js";
const APP_LOADER: &str = "./app_loader.js";
/// The play wasm's loader (`static/play_loader.js`), a module that imports its glue `play.js`.
const PLAY_LOADER: &str = "./play_loader.js";

/// A wasm that takes the page over, next to index.html.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Wasm {
    /// The way to a game against the computer (`src/bin/play.rs`): the first screen, the
    /// new-game dialog, the settings, the rules, the table. An ES module (Trunk's
    /// `data-bindgen-target="web"`), started by `static/play_loader.js`, which sets
    /// `window.piquetPlay`.
    Play,
    /// The whole app (`src/bin/app.rs`): wasm-bindgen's glue `app.js`, then
    /// `static/app_loader.js`, which instantiates `app_bg.wasm` and sets `window.piquetApp`.
    Whole,
}

impl Wasm {
    /// The window's property that holds its exports once it is instantiated.
    fn global(self) -> &'static str {
        match self {
            Wasm::Play => "piquetPlay",
            Wasm::Whole => "piquetApp",
        }
    }

    /// The event the page's loader sends once it is instantiated.
    fn event(self) -> &'static str {
        match self {
            Wasm::Play => "piquet:play-loaded",
            Wasm::Whole => "piquet:app-loaded",
        }
    }

    /// The wasm a way in chosen on the first screen needs.
    pub fn for_intent(intent: &str) -> Wasm {
        match intent {
            "new-game" | "again" | "settings" | "rules" => Wasm::Play,
            _ => Wasm::Whole,
        }
    }
}

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
        || has_hash()
}

fn has_hash() -> bool {
    window()
        .and_then(|w| w.location().hash().ok())
        .is_some_and(|h| h.len() > 1)
}

/// The wasm the page starts with: the play wasm, unless the page was left on a screen that
/// only the whole app draws (a lesson, a problem, the viewer, the deal of the day, a game with
/// a friend) or its address says one of those (a record in the link, a friend's room).
fn first_wasm() -> Wasm {
    let route = crate::services::history::current();
    let whole_screen = matches!(
        route.as_deref(),
        Some("lesson" | "problem" | "replay" | "daily" | "online")
    );
    if whole_screen || has_hash() || browser::url_param("room").is_some() {
        Wasm::Whole
    } else {
        Wasm::Play
    }
}

thread_local! {
    /// Takes this wasm's own rendering down when another wasm takes the page over.
    static LEAVE: RefCell<Option<Box<dyn FnOnce()>>> = const { RefCell::new(None) };
    /// The wasm the shell waits for (the one its player's way in needs).
    static AWAITED: RefCell<Wasm> = const { RefCell::new(Wasm::Play) };
}

/// What takes this wasm's rendering down when another takes the page over.
pub fn on_leave(leave: impl FnOnce() + 'static) {
    LEAVE.with(|l| *l.borrow_mut() = Some(Box::new(leave)));
}

/// Remembers the player's way in, the focused element and the screen shown, for the wasm that
/// takes the page over next.
fn remember(intent: Option<&str>, route: Option<&str>) {
    let Some(w) = window() else { return };
    if let Some(intent) = intent {
        let _ = js_sys::Reflect::set(&w, &INTENT.into(), &intent.into());
    }
    if let Some(route) = route {
        let _ = js_sys::Reflect::set(&w, &ROUTE.into(), &route.into());
    }
    let focus = w
        .document()
        .and_then(|d| d.active_element())
        .map(|e| e.id())
        .unwrap_or_default();
    let _ = js_sys::Reflect::set(&w, &FOCUS.into(), &focus.into());
}

/// The shell's way in: remembered, then the wasm it needs takes the page over once it is here.
fn want(intent: &str) {
    let wasm = Wasm::for_intent(intent);
    AWAITED.with(|a| *a.borrow_mut() = wasm);
    remember(Some(intent), None);
    load_then_take_over(wasm);
}

/// Hands the page over to the whole app, from a wasm that lacks what the player chose:
/// `intent`, the way in it carries out, `route`, the screen shown meanwhile. What is on show
/// stays until the whole app is here (the game is in storage at every move).
pub fn hand_over(intent: Option<&str>, route: &str) {
    remember(intent, Some(route));
    load_then_take_over(Wasm::Whole);
}

/// Fetches `wasm` (once for the page, whichever wasm asks), then hands it the page.
fn load_then_take_over(wasm: Wasm) {
    fetch(wasm);
    when_loaded(wasm, move || {
        if AWAITED.with(|a| *a.borrow()) == wasm || wasm == Wasm::Whole {
            take_over(wasm);
        }
    });
}

/// The exports of `wasm`, once it is instantiated.
fn exports(wasm: Wasm) -> Option<JsValue> {
    let w = window()?;
    js_sys::Reflect::get(&w, &wasm.global().into())
        .ok()
        .filter(|v| !v.is_undefined())
}

/// Runs `then` once `wasm` is instantiated (at once if it is).
fn when_loaded(wasm: Wasm, then: impl FnOnce() + 'static) {
    if exports(wasm).is_some() {
        return then();
    }
    let Some(w) = window() else { return };
    let loaded = Closure::once(then);
    let options = web_sys::AddEventListenerOptions::new();
    options.set_once(true);
    let _ = w.add_event_listener_with_callback_and_add_event_listener_options(
        wasm.event(),
        loaded.as_ref().unchecked_ref(),
        &options,
    );
    loaded.forget();
}

/// Hands the page to `wasm`: this wasm's rendering goes, the other renders in its place within
/// the same task (no blank frame), then says it is ready (`static/pwa.js` waits for that).
/// Nothing happens if this wasm has already handed the page over.
fn take_over(wasm: Wasm) {
    let Some(leave) = LEAVE.with(|l| l.borrow_mut().take()) else {
        return;
    };
    leave();
    let mount = exports(wasm)
        .and_then(|b| js_sys::Reflect::get(&b, &"piquet_mount".into()).ok())
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    if let Some(mount) = mount {
        let _ = mount.call0(&JsValue::NULL);
    }
}

/// Adds a script to the page's head (a module if `module`), marked with `mark`, calling
/// `onload` once it has run.
fn add_script(
    document: &web_sys::Document,
    src: &str,
    module: bool,
    onload: Option<Closure<dyn FnMut()>>,
) {
    let Ok(script) = document.create_element("script") else {
        return;
    };
    let _ = script.set_attribute("src", src);
    if module {
        let _ = script.set_attribute("type", "module");
    }
    if let Some(onload) = onload {
        let _ = script.add_event_listener_with_callback("load", onload.as_ref().unchecked_ref());
        onload.forget();
    }
    if let Some(head) = document.head() {
        let _ = head.append_child(&script);
    }
}

/// Fetches `wasm`'s scripts, which instantiate it (its loader sends [`Wasm::event`]): once for
/// the page — the scripts already there are not added again, whichever wasm added them (the
/// whole app's glue declares a global binding that may be declared once only).
fn fetch(wasm: Wasm) {
    let Some(document) = window().and_then(|w| w.document()) else {
        return;
    };
    let first = match wasm {
        Wasm::Play => PLAY_LOADER,
        Wasm::Whole => APP_JS,
    };
    let selector = format!("script[src=\"{first}\"]");
    if document.query_selector(&selector).ok().flatten().is_some() {
        return;
    }
    match wasm {
        Wasm::Play => add_script(&document, PLAY_LOADER, true, None),
        Wasm::Whole => {
            let then = {
                let document = document.clone();
                Closure::once(move || add_script(&document, APP_LOADER, false, None))
            };
            add_script(&document, APP_JS, false, Some(then));
        }
    }
}

/// The first screen's markup: the top bar, the home screen and the footer, the very markup the
/// app's `Header` and `Home` draw, attributes in the order Yew sets them (`class` last;
/// `tests/web.rs` compares them), so that the play wasm takes the page over without a visible
/// change. Text for `innerHTML`: every word escaped. `busy`:
/// a way in was chosen and its wasm is on its way.
pub fn first_screen_markup(
    lang: Lang,
    deck: DeckStyle,
    last: Option<&GameConfig>,
    busy: bool,
) -> String {
    let t = |text: Text| esc(text.get(lang));
    let mut out = String::with_capacity(8 * 1024);
    let deck_class = format!("deck-{deck:?}").to_ascii_lowercase();
    let _ = write!(
        out,
        r#"<div aria-busy="{busy}" class="app {deck_class}"><header class="topbar"><span aria-hidden="true" class="brand">♠ Piquet</span><nav aria-label="{settings}" class="topbar-actions"><div role="group" aria-label="{switch}" class="lang-switch">"#,
        settings = t(Text::Settings),
        switch = t(Text::LanguageSwitch),
    );
    for l in Lang::ALL {
        let _ = write!(
            out,
            r#"<button type="button" lang="{tag}" aria-pressed="{pressed}" title="{name}" class="lang-option">{upper}</button>"#,
            tag = l.tag(),
            pressed = l == lang,
            name = esc(l.endonym()),
            upper = l.tag().to_ascii_uppercase(),
        );
    }
    let _ = write!(
        out,
        r#"</div><button type="button" id="open-rules" class="text-button">{rules}</button><button type="button" id="open-settings" aria-label="{settings}" title="{settings}" class="icon-button"><svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" class="icon"><path d="{SETTINGS_ICON}"></path></svg></button></nav></header>"#,
        rules = t(Text::Rules),
        settings = t(Text::Settings),
    );
    out.push_str(r#"<main id="main" class="home"><section aria-labelledby="home-title" class="hero"><div aria-hidden="true" class="fan">"#);
    for (i, &card) in FAN.iter().enumerate() {
        face_markup(&mut out, card, lang, deck, &format!("fan-card fan-{i}"));
    }
    let _ = write!(
        out,
        r#"</div><h1 id="home-title">{title}</h1><p class="tagline">{tagline}</p></section><nav aria-label="{title}" class="entries">"#,
        title = t(Text::AppTitle),
        tagline = t(Text::Tagline),
    );
    let entry = |out: &mut String, id: &str, primary: bool, title: Text, hint: &str| {
        let _ = write!(
            out,
            r#"<button type="button" id="{id}" class="entry{primary}"><span class="entry-title">{title}</span><span class="entry-hint">{hint}</span></button>"#,
            primary = if primary { " primary" } else { "" },
            title = t(title),
            hint = esc(hint),
        );
    };
    if let Some(last) = last {
        let hint = format!(
            "{} {}",
            Text::PlayAgainHint.get(lang),
            config_summary(last, lang)
        );
        entry(&mut out, "play-again-home", true, Text::PlayAgain, &hint);
    }
    for (i, &(id, _, title, hint)) in ENTRIES.iter().enumerate() {
        entry(
            &mut out,
            id,
            i == 0 && last.is_none(),
            title,
            hint.get(lang),
        );
    }
    let _ = write!(
        out,
        r#"</nav><p class="intro">{intro}</p><p class="offline-note">{offline}</p></main><footer class="footer">{footer}</footer>"#,
        intro = t(Text::Intro),
        offline = t(Text::OfflineReady),
        footer = t(Text::Footer),
    );
    if busy {
        out.push_str(&busy_status(lang));
    }
    out.push_str("</div>");
    out
}

/// What a screen reader hears while the chosen way in comes.
fn busy_status(lang: Lang) -> String {
    format!(
        r#"<p role="status" class="sr-only">{}</p>"#,
        esc(Text::Loading.get(lang))
    )
}

/// The way in a button of the first screen asks for, by its id: the home's list, « Rejouer »
/// and the top bar's two buttons.
fn intent_of(id: &str) -> Option<&'static str> {
    match id {
        "play-again-home" => Some("again"),
        "open-settings" => Some("settings"),
        "open-rules" => Some("rules"),
        _ => ENTRIES
            .iter()
            .find(|&&(entry, ..)| entry == id)
            .map(|&(_, intent, ..)| intent),
    }
}

/// The first screen as drawn: what it shows, and its one click listener on `#app`.
struct Drawn {
    root: web_sys::Element,
    lang: Lang,
    deck: DeckStyle,
    last: Option<GameConfig>,
    busy: bool,
    listener: Closure<dyn FnMut(web_sys::Event)>,
}

thread_local! {
    static DRAWN: RefCell<Option<Drawn>> = const { RefCell::new(None) };
}

impl Drawn {
    fn draw(&self) {
        self.root.set_inner_html(&first_screen_markup(
            self.lang,
            self.deck,
            self.last.as_ref(),
            self.busy,
        ));
        browser::set_document_lang(self.lang);
    }
}

/// A click on the first screen: a language (drawn again in it, the focus kept on its button),
/// or a way in (remembered, and its wasm asked for).
fn clicked(event: web_sys::Event) {
    let Some(button) = browser::target_closest(&event, "button") else {
        return;
    };
    if button.matches(".lang-option").unwrap_or(false) {
        let Some(lang) = button
            .get_attribute("lang")
            .as_deref()
            .and_then(Lang::from_tag)
        else {
            return;
        };
        save_lang(lang);
        DRAWN.with(|d| {
            if let Some(drawn) = d.borrow_mut().as_mut() {
                drawn.lang = lang;
                drawn.draw();
                let selector = format!("button.lang-option[lang=\"{}\"]", lang.tag());
                if let Some(again) = drawn
                    .root
                    .query_selector(&selector)
                    .ok()
                    .flatten()
                    .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
                {
                    let _ = again.focus();
                }
            }
        });
        return;
    }
    let Some(intent) = intent_of(&button.id()) else {
        return;
    };
    DRAWN.with(|d| {
        if let Some(drawn) = d.borrow_mut().as_mut().filter(|d| !d.busy) {
            drawn.busy = true;
            if let Some(app) = drawn.root.first_element_child() {
                let _ = app.set_attribute("aria-busy", "true");
                let _ = app.insert_adjacent_html("beforeend", &busy_status(drawn.lang));
            }
        }
    });
    want(intent);
}

/// Draws the first screen on `root` and listens to it; another wasm taking the page over takes
/// it down ([`on_leave`]).
fn draw_first_screen(root: web_sys::Element) {
    let (lang, deck) = settings();
    let drawn = Drawn {
        root: root.clone(),
        lang,
        deck,
        last: last_config(),
        busy: false,
        listener: Closure::new(clicked),
    };
    drawn.draw();
    let _ = root.add_event_listener_with_callback("click", drawn.listener.as_ref().unchecked_ref());
    DRAWN.with(|d| *d.borrow_mut() = Some(drawn));
    on_leave(|| {
        if let Some(drawn) = DRAWN.with(|d| d.borrow_mut().take()) {
            let _ = drawn.root.remove_event_listener_with_callback(
                "click",
                drawn.listener.as_ref().unchecked_ref(),
            );
            drawn.root.set_inner_html("");
        }
    });
}

/// Starts the first screen on `#app` of `index.html` (`src/main.rs`), or the app at once when
/// it opens elsewhere than on the home screen.
pub fn start() {
    let root = window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("app"));
    let wasm = first_wasm();
    AWAITED.with(|a| *a.borrow_mut() = wasm);
    if opens_elsewhere() {
        on_leave(|| {});
        load_then_take_over(wasm);
        return;
    }
    if let Some(root) = root {
        draw_first_screen(root);
    }
    // The play wasm is fetched once the first screen is drawn; it takes the page over when it
    // is here, unless the player chose a way in that needs the whole app.
    load_then_take_over(AWAITED.with(|a| *a.borrow()));
}

/// What the wasm that handed the page over remembered: the player's choice, the focused
/// element's id and the screen it was on (taken, so that a later start does not repeat them).
pub fn take_intent() -> (Option<String>, Option<String>, Option<String>) {
    let Some(w) = window() else {
        return (None, None, None);
    };
    let take = |key: &str| {
        let v = js_sys::Reflect::get(&w, &key.into())
            .ok()
            .and_then(|v| v.as_string())
            .filter(|s| !s.is_empty());
        let _ = js_sys::Reflect::delete_property(&w, &key.into());
        v
    };
    (take(INTENT), take(FOCUS), take(ROUTE))
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
