//! Component tests in a real browser (headless Chromium via wasm-bindgen-test-runner):
//! `cargo test -p piquet-web --target wasm32-unknown-unknown` (./x test runs it).
#![cfg(target_arch = "wasm32")]

use std::time::Duration;

use piquet_web::App;
use piquet_web::components::card::{CardFace, CardProps};
use piquet_web::i18n::Lang;
use piquet_web::services::storage::{SET_ASIDE_PREFIX, SETTINGS_KEY};
use piquet_web::settings::{DeckStyle, Settings};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use yew::Callback;

wasm_bindgen_test_configure!(run_in_browser);

fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

fn local_storage() -> web_sys::Storage {
    web_sys::window().unwrap().local_storage().unwrap().unwrap()
}

/// A fresh element to mount a component in.
fn mount_point() -> web_sys::Element {
    let div = document().create_element("div").unwrap();
    document().body().unwrap().append_child(&div).unwrap();
    div
}

/// Lets Yew render what was scheduled.
async fn settle() {
    yew::platform::time::sleep(Duration::from_millis(30)).await;
}

fn click(root: &web_sys::Element, selector: &str) {
    root.query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("no element matches {selector}"))
        .dyn_into::<web_sys::HtmlElement>()
        .unwrap()
        .click();
}

#[wasm_bindgen_test]
async fn card_faces_are_named_for_screen_readers() {
    let root = mount_point();
    let props = CardProps {
        index: 9 + 7,
        lang: Lang::Fr,
        deck: DeckStyle::Classic,
        class: Default::default(),
    };
    yew::Renderer::<CardFace>::with_root_and_props(root.clone(), props).render();
    settle().await;
    let svg = root
        .query_selector("svg.card")
        .unwrap()
        .expect("a card is drawn");
    assert_eq!(
        svg.get_attribute("aria-label").as_deref(),
        Some("Roi de cœur")
    );
    assert_eq!(svg.get_attribute("role").as_deref(), Some("img"));
    // `get_attribute`, not `class_name`: an SVG element's className is no string.
    let class = svg.get_attribute("class").unwrap_or_default();
    assert!(class.contains("ink-red"), "hearts are red: {class}");
    assert_eq!(
        root.query_selector(".card-index")
            .unwrap()
            .unwrap()
            .text_content()
            .as_deref(),
        Some("R")
    );
}

#[wasm_bindgen_test]
async fn the_language_switch_changes_the_text_and_is_saved() {
    local_storage().clear().unwrap();
    let root = mount_point();
    yew::Renderer::<App>::with_root(root.clone()).render();
    settle().await;
    click(&root, ".lang-option[lang=fr]");
    settle().await;
    assert!(root.text_content().unwrap().contains("Nouvelle partie"));
    click(&root, ".lang-option[lang=en]");
    settle().await;
    let text = root.text_content().unwrap();
    assert!(text.contains("New game"), "{text}");
    assert!(!text.contains("Nouvelle partie"));
    assert_eq!(
        document()
            .document_element()
            .unwrap()
            .get_attribute("lang")
            .as_deref(),
        Some("en")
    );
    let saved = local_storage()
        .get_item(SETTINGS_KEY)
        .unwrap()
        .expect("settings saved");
    assert_eq!(Settings::from_stored(&saved).unwrap().lang, Lang::En);
    root.set_inner_html("");
}

#[wasm_bindgen_test]
async fn corrupted_settings_are_set_aside_and_reported() {
    local_storage().clear().unwrap();
    local_storage()
        .set_item(SETTINGS_KEY, "{\"v\":1,\"settings\":{\"lang\":42")
        .unwrap();
    let root = mount_point();
    yew::Renderer::<App>::with_root(root.clone()).render();
    settle().await;
    let notice = root
        .query_selector("[role=alert]")
        .unwrap()
        .expect("a notice is shown");
    assert!(notice.text_content().unwrap().contains("malformed"));
    let store = local_storage();
    let kept = (0..store.length().unwrap())
        .filter_map(|i| store.key(i).unwrap())
        .find(|k| k.starts_with(SET_ASIDE_PREFIX))
        .expect("the unreadable settings were kept");
    assert_eq!(
        store.get_item(&kept).unwrap().as_deref(),
        Some("{\"v\":1,\"settings\":{\"lang\":42")
    );
    // The app went on with valid settings, and saved them over the bad ones.
    let saved = store
        .get_item(SETTINGS_KEY)
        .unwrap()
        .expect("fresh settings saved");
    assert!(Settings::from_stored(&saved).is_ok());
    root.set_inner_html("");
}

#[wasm_bindgen_test]
async fn settings_dialog_opens_closes_with_escape_and_applies_changes() {
    local_storage().clear().unwrap();
    let root = mount_point();
    yew::Renderer::<App>::with_root(root.clone()).render();
    settle().await;
    click(&root, "#open-settings");
    settle().await;
    let dialog = root
        .query_selector("#settings[role=dialog]")
        .unwrap()
        .expect("settings dialog");
    assert_eq!(
        document().active_element().unwrap(),
        dialog,
        "focus moves into the dialog"
    );
    click(&root, "#setting-sound");
    settle().await;
    let saved =
        Settings::from_stored(&local_storage().get_item(SETTINGS_KEY).unwrap().unwrap()).unwrap();
    assert!(saved.sound);
    let init = web_sys::KeyboardEventInit::new();
    init.set_key("Escape");
    init.set_bubbles(true);
    let esc = web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
    dialog.dispatch_event(&esc).unwrap();
    settle().await;
    assert!(
        root.query_selector("#settings").unwrap().is_none(),
        "Escape closes the dialog"
    );
    root.set_inner_html("");
}

fn key(target: &web_sys::Element, key: &str) {
    let init = web_sys::KeyboardEventInit::new();
    init.set_key(key);
    init.set_bubbles(true);
    let event =
        web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
    target.dispatch_event(&event).unwrap();
}

#[wasm_bindgen_test]
async fn the_hand_is_one_tab_stop_moved_by_arrow_keys_and_only_playable_cards_act() {
    use piquet_web::components::hand::{Hand, HandMode, HandProps};
    use std::cell::RefCell;
    use std::rc::Rc;

    let activated = Rc::new(RefCell::new(Vec::new()));
    let log = activated.clone();
    // A♠ 7♠ K♥ (indices 8, 1, 16); only the spades may be played.
    let props = HandProps {
        cards: vec![16, 1, 8],
        enabled: vec![8, 1],
        selected: vec![],
        mode: HandMode::Play,
        lang: Lang::En,
        deck: DeckStyle::Classic,
        label: "Your hand".into(),
        on_activate: Callback::from(move |c| log.borrow_mut().push(c)),
    };
    let root = mount_point();
    yew::Renderer::<Hand>::with_root_and_props(root.clone(), props).render();
    settle().await;
    let buttons = root.query_selector_all("button.hand-card").unwrap();
    assert_eq!(buttons.length(), 3);
    let names: Vec<_> = (0..3)
        .map(|i| {
            buttons
                .item(i)
                .unwrap()
                .dyn_into::<web_sys::Element>()
                .unwrap()
                .get_attribute("aria-label")
                .unwrap()
        })
        .collect();
    assert_eq!(
        names,
        ["Ace of spades", "Seven of spades", "King of hearts"]
    );
    let tab_stops = root
        .query_selector_all("button.hand-card[tabindex='0']")
        .unwrap();
    assert_eq!(tab_stops.length(), 1, "one tab stop for the whole hand");

    let first = root.query_selector("[data-pos='0']").unwrap().unwrap();
    key(&first, "ArrowLeft"); // wraps to the last card
    settle().await;
    let active = document().active_element().unwrap();
    assert_eq!(
        active.get_attribute("aria-label").as_deref(),
        Some("King of hearts")
    );
    assert_eq!(
        active.get_attribute("aria-disabled").as_deref(),
        Some("true")
    );
    active.dyn_ref::<web_sys::HtmlElement>().unwrap().click(); // not playable: nothing happens
    key(&active, "Home");
    settle().await;
    let active = document().active_element().unwrap();
    assert_eq!(active.get_attribute("tabindex").as_deref(), Some("0"));
    active.dyn_ref::<web_sys::HtmlElement>().unwrap().click();
    assert_eq!(
        *activated.borrow(),
        vec![8],
        "only the ace of spades was played"
    );
    root.set_inner_html("");
}
