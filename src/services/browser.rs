//! Small wrappers over the page's browser APIs.

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

use piquet_table::i18n::Lang;

thread_local! {
    /// An embedded table: focus waits for the reader ([`guard_focus`]).
    static GUARDED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// The reader touched, typed or tabbed into the frame, and has not left it since.
    static READER_IN: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// In an embedded table: the focus is never taken from the host page. The table takes the
/// keyboard only once the reader is in its frame (a pointer down, a key or the focus inside
/// the document), until the frame loses the focus; and it never scrolls an ancestor page to
/// do so (`preventScroll`).
pub fn guard_focus() {
    GUARDED.with(|g| g.set(true));
    let Some(window) = web_sys::window() else {
        return;
    };
    if let Some(document) = window.document() {
        let capture = gloo_events::EventListenerOptions::run_in_capture_phase();
        for kind in ["pointerdown", "keydown", "focusin"] {
            gloo_events::EventListener::new_with_options(&document, kind, capture, |_| {
                READER_IN.with(|r| r.set(true));
            })
            .forget();
        }
    }
    gloo_events::EventListener::new(&window, "blur", |_| READER_IN.with(|r| r.set(false))).forget();
}

/// The reader is in the frame already: the embedded replay handed the frame over while he was
/// (`piquet_table::handover`), so the table that plays may take the keyboard as the viewer could.
pub fn reader_came_in() {
    READER_IN.with(|r| r.set(true));
}

/// Whether the reader is in the frame (see [`guard_focus`]).
pub fn reader_is_in() -> bool {
    READER_IN.with(std::cell::Cell::get)
}

/// Whether the page may move the keyboard focus: always in the app; in an embedded table,
/// only while the reader is in its frame and the frame has the focus.
pub fn may_take_focus() -> bool {
    if !GUARDED.with(std::cell::Cell::get) {
        return true;
    }
    READER_IN.with(std::cell::Cell::get)
        && web_sys::window()
            .and_then(|w| w.document())
            .is_some_and(|d| d.has_focus().unwrap_or(false))
}

/// Focuses `el` as the app does; in an embedded table only when [`may_take_focus`], and
/// without scrolling anything (`{preventScroll: true}`), so that the host page never moves.
pub fn focus(el: &web_sys::HtmlElement) {
    if !GUARDED.with(std::cell::Cell::get) {
        let _ = el.focus();
        return;
    }
    if !may_take_focus() {
        return;
    }
    let options = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&options, &"preventScroll".into(), &JsValue::TRUE);
    if let Ok(f) = js_sys::Reflect::get(el, &"focus".into()) {
        if let Some(f) = f.dyn_ref::<js_sys::Function>() {
            let _ = f.call1(el, &options);
        }
    }
}

/// The browser's preferred language among ours, if it names one.
pub fn preferred_lang() -> Option<Lang> {
    let navigator = web_sys::window()?.navigator();
    navigator.language().as_deref().and_then(Lang::from_tag)
}

/// Whether the system asks for reduced motion.
pub fn prefers_reduced_motion() -> bool {
    web_sys::window()
        .and_then(|w| {
            w.match_media("(prefers-reduced-motion: reduce)")
                .ok()
                .flatten()
        })
        .is_some_and(|m| m.matches())
}

/// Sets `<html lang>` so that screen readers speak the right language.
pub fn set_document_lang(lang: Lang) {
    if let Some(html) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
    {
        let _ = html.set_attribute("lang", lang.tag());
    }
}

/// Calls a global function defined by `static/pwa.js`, if it is there.
fn call_global(name: &str) -> Option<JsValue> {
    let window = web_sys::window()?;
    let f = js_sys::Reflect::get(&window, &JsValue::from_str(name)).ok()?;
    f.dyn_ref::<js_sys::Function>()?.call0(&window).ok()
}

/// Whether a new version of the app is installed and waiting (see `static/pwa.js`).
pub fn update_waiting() -> bool {
    call_global("piquetUpdateWaiting")
        .and_then(|v| v.as_bool())
        .unwrap_or(false)
}

/// Switches to the waiting version; the page reloads when it takes control.
pub fn apply_update() {
    call_global("piquetApplyUpdate");
}

/// A parameter of the page's URL query, e.g. `seed` in `?seed=42`.
pub fn url_param(name: &str) -> Option<String> {
    let search = web_sys::window()?.location().search().ok()?;
    web_sys::UrlSearchParams::new_with_str(&search)
        .ok()?
        .get(name)
}

/// A fresh random seed for a new game (the page's `?seed=` parameter when given).
pub fn game_seed() -> u64 {
    url_param("seed")
        .and_then(|s| piquet_table::embed::whole_number(&s, 0, u64::MAX))
        .unwrap_or_else(|| {
            let hi = (js_sys::Math::random() * 4_294_967_296.0) as u64;
            let lo = (js_sys::Math::random() * 4_294_967_296.0) as u64;
            hi << 32 | lo
        })
}

/// Today in the browser's time zone, ISO 8601 (`2026-11-25`): the date an export writes.
pub fn today() -> String {
    let d = js_sys::Date::new_0();
    format!(
        "{:04}-{:02}-{:02}",
        d.get_full_year(),
        d.get_month() + 1,
        d.get_date()
    )
}

/// Milliseconds since the page's time origin.
pub fn now_ms() -> f64 {
    js_sys::Date::now()
}

/// Gives the keyboard focus back to the table when it was lost (the focused card was played,
/// or a panel was replaced): to the hand when cards are to be played or discarded, else to the
/// panel's first enabled button. Focus the player placed elsewhere is left alone.
pub fn restore_table_focus() {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let lost = match document.active_element() {
        None => true,
        Some(el) => el.tag_name().eq_ignore_ascii_case("body"),
    };
    if !lost {
        return;
    }
    let target = if document
        .query_selector(".panel.play, .panel.exchange")
        .ok()
        .flatten()
        .is_some()
    {
        ".seat-bottom .hand-card[tabindex='0']"
    } else {
        // A lesson's « Continuer » when there is no panel.
        ".side .panel button:not([disabled]), #lesson-next"
    };
    if let Some(el) = document
        .query_selector(target)
        .ok()
        .flatten()
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    {
        focus(&el);
    }
}

/// The element an event reached, or its nearest ancestor, that matches `selector`: what a click
/// listened to on a whole region (one listener for many buttons or links) is about.
pub fn target_closest(event: &web_sys::Event, selector: &str) -> Option<web_sys::Element> {
    event
        .target()?
        .dyn_into::<web_sys::Element>()
        .ok()?
        .closest(selector)
        .ok()
        .flatten()
}

/// The replay's trick when a card is on it: what [`reveal_within`] keeps in view of a board.
pub const TRICK_ON_THE_TABLE: &str = ".replay-centre .trick:has(.card)";

/// Scrolls `scroller` by itself (never the page, never a host's page around the frame) so that
/// its descendant matching `selector` is wholly in its view, by the least scroll; its top when
/// it is taller than the view.
pub fn reveal_within(scroller: &web_sys::Element, selector: &str) {
    let Some(el) = scroller.query_selector(selector).ok().flatten() else {
        return;
    };
    let (s, e) = (
        scroller.get_bounding_client_rect(),
        el.get_bounding_client_rect(),
    );
    let delta = if e.top() < s.top() || e.height() > s.height() {
        e.top() - s.top()
    } else if e.bottom() > s.bottom() {
        e.bottom() - s.bottom()
    } else {
        return;
    };
    scroller.set_scroll_top(scroller.scroll_top() + delta.ceil() as i32);
}

/// Scrolls the decision panel (`.side .panel`) so that its element matching `selector` is in
/// its view; the page itself never scrolls.
pub fn reveal_in_panel(selector: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let query = |s: &str| document.query_selector(s).ok().flatten();
    let (Some(panel), Some(el)) = (
        query(".side .panel"),
        query(&format!(".side .panel {selector}")),
    ) else {
        return;
    };
    let (p, e) = (
        panel.get_bounding_client_rect(),
        el.get_bounding_client_rect(),
    );
    // The panel's foot covers its last lines: keep clear of it.
    let foot =
        query(".side .panel .panel-foot").map_or(0.0, |f| f.get_bounding_client_rect().height());
    if e.top() < p.top() || e.bottom() > p.bottom() - foot {
        let delta = e.top() - p.top() - 8.0;
        panel.set_scroll_top(panel.scroll_top() + delta as i32);
    }
}

/// The elements inside `container` that Tab reaches, in document order (shown ones only).
fn tabbable(container: &web_sys::HtmlElement) -> Vec<web_sys::HtmlElement> {
    const SELECTOR: &str = "button:not([disabled]), [href], input:not([disabled]), \
                            select:not([disabled]), textarea:not([disabled]), summary, \
                            [tabindex]:not([tabindex='-1'])";
    let Ok(query) = js_sys::Reflect::get(container, &"querySelectorAll".into()) else {
        return Vec::new();
    };
    let Some(query) = query.dyn_ref::<js_sys::Function>() else {
        return Vec::new();
    };
    let Ok(list) = query.call1(container, &SELECTOR.into()) else {
        return Vec::new();
    };
    js_sys::Array::from(&list)
        .iter()
        .filter_map(|n| n.dyn_into::<web_sys::HtmlElement>().ok())
        .filter(|e| {
            let r = e.get_bounding_client_rect();
            (r.width() > 0.0 || r.height() > 0.0) && e.tab_index() >= 0
        })
        .collect()
}

/// Keeps Tab and Shift+Tab inside a modal dialog: from its last control Tab goes back to its
/// first, from its first (or the dialog itself) Shift+Tab to its last; the page behind is
/// never reached while the dialog is open.
pub fn trap_tab(container: &web_sys::HtmlElement, e: &web_sys::KeyboardEvent) {
    let all = tabbable(container);
    let (Some(first), Some(last)) = (all.first(), all.last()) else {
        e.prevent_default();
        return;
    };
    let active = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.active_element());
    let inside = active
        .as_ref()
        .is_some_and(|a| container.contains(Some(a)) && !a.is_same_node(Some(container)));
    let at = |el: &web_sys::HtmlElement| active.as_ref().is_some_and(|a| a.is_same_node(Some(el)));
    let to = if e.shift_key() && (!inside || at(first)) {
        Some(last)
    } else if !e.shift_key() && (!inside || at(last)) {
        Some(first)
    } else {
        None
    };
    if let Some(el) = to {
        e.prevent_default();
        let _ = el.focus();
    }
}

/// The table's keyboard shortcuts — H the hint, S the score sheet, L the log — each the click
/// of its tool in the top bar (nothing when that tool is disabled), except while typing or
/// while a dialog is open. Also marks the document while the keyboard is in use
/// (`data-input="keyboard"`, until the next touch or click), so that keyboard help (« flèches
/// puis Entrée ») is shown only then. Dropping the listeners removes them.
pub fn table_shortcuts() -> Vec<gloo_events::EventListener> {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return Vec::new();
    };
    let input = |document: &web_sys::Document, how: &str| {
        if let Some(root) = document.document_element() {
            if root.get_attribute("data-input").as_deref() != Some(how) {
                let _ = root.set_attribute("data-input", how);
            }
        }
    };
    let keys = {
        let document = document.clone();
        // Not passive: a shortcut taken is not also typed.
        let options = gloo_events::EventListenerOptions::enable_prevent_default();
        gloo_events::EventListener::new_with_options(
            &document.clone(),
            "keydown",
            options,
            move |event| {
                let Some(e) = event.dyn_ref::<web_sys::KeyboardEvent>() else {
                    return;
                };
                input(&document, "keyboard");
                if e.ctrl_key() || e.meta_key() || e.alt_key() || e.default_prevented() {
                    return;
                }
                let typing = e
                    .target()
                    .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                    .is_some_and(|t| {
                        matches!(
                            t.tag_name().to_ascii_lowercase().as_str(),
                            "input" | "textarea" | "select"
                        )
                    });
                let dialog = document
                    .query_selector("[aria-modal='true']")
                    .ok()
                    .flatten()
                    .is_some();
                if typing || dialog {
                    return;
                }
                let Some(id) = shortcut(&e.key()) else { return };
                if let Some(tool) = document
                    .get_element_by_id(id)
                    .and_then(|t| t.dyn_into::<web_sys::HtmlElement>().ok())
                {
                    e.prevent_default();
                    tool.click();
                }
            },
        )
    };
    let pointer = {
        let doc = document.clone();
        gloo_events::EventListener::new(&document, "pointerdown", move |_| input(&doc, "pointer"))
    };
    vec![keys, pointer]
}

/// The tool a key opens at the table: H the hint, S the score sheet, L the log.
pub fn shortcut(key: &str) -> Option<&'static str> {
    match key {
        "h" | "H" => Some("hint-button"),
        "s" | "S" => Some("sheet-button"),
        "l" | "L" => Some("toggle-log"),
        _ => None,
    }
}

/// The key of a tool's shortcut, as its title shows it: `Some("H")` for the hint's button.
pub fn shortcut_key(id: &str) -> Option<&'static str> {
    ["H", "S", "L"]
        .into_iter()
        .find(|k| shortcut(k) == Some(id))
}

/// The keys of a screen that steps (the replay viewer, the review on the table): `on_key` hears
/// each key pressed without Alt, Ctrl or Meta, but for keys typed in a field or pressed inside
/// an element matching `within` (a dialog, the hand, whose arrows are its own), and says
/// whether it took it (then nothing else does). The listener lives as long as it is kept.
pub fn step_keys(
    within: &'static str,
    on_key: impl Fn(&str) -> bool + 'static,
) -> Option<gloo_events::EventListener> {
    let window = web_sys::window()?;
    let options = gloo_events::EventListenerOptions::enable_prevent_default();
    Some(gloo_events::EventListener::new_with_options(
        &window,
        "keydown",
        options,
        move |e| {
            let Some(e) = e.dyn_ref::<web_sys::KeyboardEvent>() else {
                return;
            };
            if e.alt_key() || e.ctrl_key() || e.meta_key() {
                return;
            }
            let elsewhere = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .is_some_and(|el| {
                    matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT")
                        || el.closest(within).ok().flatten().is_some()
                });
            if !elsewhere && on_key(&e.key()) {
                e.prevent_default();
            }
        },
    ))
}

/// The reader's `prefers-color-scheme: dark`, as a query that says when it changes.
pub fn dark_query() -> Option<web_sys::MediaQueryList> {
    web_sys::window().and_then(|w| w.match_media("(prefers-color-scheme: dark)").ok().flatten())
}

/// The embedded table's looks put on the page's root element: `data-theme`, `data-size`,
/// `data-bg`, and a `style` of the custom properties and the font, all from
/// [`piquet_table::embed::Looks::paint`] (every value there is checked and canonical); the
/// Yew tables' and the light replay stage's.
pub fn paint_looks(looks: &piquet_table::embed::Looks, prefers_dark: bool) {
    let Some(root) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
    else {
        return;
    };
    let p = looks.paint(prefers_dark);
    let _ = root.set_attribute("data-theme", p.theme);
    let _ = root.set_attribute("data-size", p.size);
    let _ = match p.bg {
        Some(bg) => root.set_attribute("data-bg", bg),
        None => root.remove_attribute("data-bg"),
    };
    let mut style: String = p
        .vars
        .iter()
        .map(|(name, value)| format!("{name}:{value};"))
        .collect();
    style.push_str("font-family:");
    style.push_str(&p.font);
    style.push(';');
    let _ = root.set_attribute("style", &style);
}
