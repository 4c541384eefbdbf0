//! Component tests in a real browser (headless Chromium via wasm-bindgen-test-runner):
//! `cargo test -p piquet-web --target wasm32-unknown-unknown` (./x test runs it).
#![cfg(target_arch = "wasm32")]

use std::time::Duration;

use piquet_table::i18n::Lang;
use piquet_table::session::{FormatChoice, GameConfig, Opponent};
use piquet_table::settings::{DeckStyle, Settings};
use piquet_web::App;
use piquet_web::components::card::{CardFace, CardProps};
use piquet_web::services::storage::{SET_ASIDE_PREFIX, SETTINGS_KEY};
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
/// Waits until the page has settled: at least 30 ms, then until the document stays the same over
/// two ticks of 20 ms (at most 3 s), so that a loaded machine does not fail a test by timing.
async fn settle() {
    yew::platform::time::sleep(Duration::from_millis(30)).await;
    let snapshot = || {
        let d = document();
        let body = d.body().map(|b| b.inner_html()).unwrap_or_default();
        let focus = d
            .active_element()
            .map(|e| e.outer_html())
            .unwrap_or_default();
        (body, focus)
    };
    let mut last = snapshot();
    let mut stable = 0;
    for _ in 0..150 {
        yew::platform::time::sleep(Duration::from_millis(20)).await;
        let now = snapshot();
        if now == last {
            stable += 1;
            if stable >= 2 {
                return;
            }
        } else {
            stable = 0;
            last = now;
        }
    }
}

fn click(root: &web_sys::Element, selector: &str) {
    root.query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("no element matches {selector}"))
        .dyn_into::<web_sys::HtmlElement>()
        .unwrap()
        .click();
}

/// The old first screen, as the app's components draw it (the play wasm draws the same
/// screen with them, and takes the page over from the first screen in place).
#[derive(yew::Properties, PartialEq)]
struct DrawnByYew {
    lang: Lang,
    deck: DeckStyle,
    last: Option<GameConfig>,
    busy: bool,
}

#[yew::function_component]
fn FirstScreenByYew(props: &DrawnByYew) -> yew::Html {
    use piquet_table::i18n::Text;
    use piquet_web::components::header::Header;
    use piquet_web::components::home::Home;
    let noop = Callback::from(|_: ()| ());
    let deck = format!("deck-{:?}", props.deck).to_ascii_lowercase();
    yew::html! {
        <div class={yew::classes!("app", deck)} aria-busy={props.busy.to_string()}>
            <Header lang={props.lang} on_lang={Callback::from(|_: Lang| ())}
                    on_settings={noop.clone()} on_rules={noop.clone()} />
            <Home lang={props.lang} deck={props.deck} last={props.last.clone()}
                  on_play_again={props.last.as_ref().map(|_| noop.clone())}
                  on_new_game={noop.clone()} on_replay={noop.clone()} on_stats={noop.clone()}
                  on_learn={noop.clone()} on_problems={noop.clone()}
                  on_daily_problem={noop.clone()} on_daily_deal={noop.clone()}
                  on_settings={noop.clone()} />
            <footer class="footer">{ Text::Footer.get(props.lang) }</footer>
            if props.busy {
                <p class="sr-only" role="status">{ Text::Loading.get(props.lang) }</p>
            }
        </div>
    }
}

#[wasm_bindgen_test]
async fn the_first_screen_without_yew_is_the_markup_the_app_draws() {
    let last = GameConfig {
        preset: "rubicon".into(),
        format: FormatChoice::Rubicon,
        opponent: Opponent::Computer { bot: "3".into() },
        seed: 0,
        custom_rules: None,
    };
    let cases = [
        (Lang::Fr, DeckStyle::Classic, None, false),
        (Lang::En, DeckStyle::FourColour, Some(last.clone()), true),
        (Lang::Fr, DeckStyle::FourColour, Some(last), false),
    ];
    for (lang, deck, last, busy) in cases {
        let by_yew = mount_point();
        let props = DrawnByYew {
            lang,
            deck,
            last: last.clone(),
            busy,
        };
        yew::Renderer::<FirstScreenByYew>::with_root_and_props(by_yew.clone(), props).render();
        settle().await;
        let light = mount_point();
        light.set_inner_html(&piquet_web::shell::first_screen_markup(
            lang,
            deck,
            last.as_ref(),
            busy,
        ));
        assert!(
            by_yew.inner_html().contains("new-game-button"),
            "{}",
            by_yew.inner_html()
        );
        assert_eq!(
            light.inner_html(),
            by_yew.inner_html(),
            "{lang:?} {deck:?} {last:?} busy {busy}"
        );
        by_yew.remove();
        light.remove();
    }
}

#[wasm_bindgen_test]
async fn card_faces_are_named_for_screen_readers() {
    let root = mount_point();
    let props = CardProps {
        card: "KH".parse().unwrap(),
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
    // One sentence, in the interface's language, with no parser message and no storage key.
    let text = notice.text_content().unwrap();
    assert!(
        text.contains("could not be read") || text.contains("illisibles"),
        "{text}"
    );
    assert!(
        !text.contains(SET_ASIDE_PREFIX) && !text.contains("EOF"),
        "{text}"
    );
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
    let refused = Rc::new(RefCell::new(Vec::new()));
    let log = activated.clone();
    let no = refused.clone();
    // A♠ 7♠ K♥; only the spades may be played.
    let card = |s: &str| s.parse::<piquet_engine::Card>().unwrap();
    let props = HandProps {
        cards: "KH 7S AS".parse().unwrap(),
        enabled: "AS 7S".parse().unwrap(),
        selected: Default::default(),
        fresh: Default::default(),
        targets: Default::default(),
        hinted: "AS".parse().unwrap(),
        // As the review on the table marks them: the card played, each card's value.
        chosen: "7S".parse().unwrap(),
        notes: Rc::new(vec![
            (card("AS"), "+4.5".into()),
            (card("7S"), "\u{2212}2.0".into()),
        ]),
        forced: Default::default(),
        order: Default::default(),
        mode: HandMode::Play,
        lang: Lang::En,
        deck: DeckStyle::Classic,
        label: "Your hand".into(),
        on_activate: Callback::from(move |c| log.borrow_mut().push(c)),
        on_refused: Callback::from(move |c| no.borrow_mut().push(c)),
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
                .query_selector("svg")
                .unwrap()
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
    // The hint's card is marked, and only it.
    let hinted = root.query_selector_all("button.hand-card.hinted").unwrap();
    assert_eq!(hinted.length(), 1);
    assert!(
        root.query_selector("[data-pos='0'].hinted")
            .unwrap()
            .is_some()
    );
    // The choice made is marked, and the values are written on their cards only.
    assert!(
        root.query_selector("[data-pos='1'].chosen")
            .unwrap()
            .is_some()
    );
    let notes: Vec<String> = (0..3)
        .map(|i| {
            root.query_selector(&format!("[data-pos='{i}'] .card-note"))
                .unwrap()
                .and_then(|n| n.text_content())
                .unwrap_or_default()
        })
        .collect();
    assert_eq!(notes, ["+4.5", "\u{2212}2.0", ""]);

    let first = root.query_selector("[data-pos='0']").unwrap().unwrap();
    key(&first, "ArrowLeft"); // wraps around, past the king that cannot be played
    settle().await;
    let active = document().active_element().unwrap();
    // The button is named by its card's image: "Seven of spades".
    let image = active.query_selector("svg[role=img]").unwrap().unwrap();
    assert_eq!(
        image.get_attribute("aria-label").as_deref(),
        Some("Seven of spades")
    );
    // The king is dimmed and refused with a reason, never played.
    let king = root.query_selector("[data-pos='2']").unwrap().unwrap();
    assert_eq!(king.get_attribute("aria-disabled").as_deref(), Some("true"));
    king.dyn_ref::<web_sys::HtmlElement>().unwrap().click();
    assert_eq!(*refused.borrow(), vec![card("KH")]);
    key(&active, "Home");
    settle().await;
    let active = document().active_element().unwrap();
    assert_eq!(active.get_attribute("tabindex").as_deref(), Some("0"));
    active.dyn_ref::<web_sys::HtmlElement>().unwrap().click();
    assert_eq!(
        *activated.borrow(),
        vec![card("AS")],
        "only the ace of spades was played"
    );
    root.set_inner_html("");
}

/// Renders the table for a game of pass-and-play (so no worker is started) dealt and played
/// for a few random decisions, and checks the DOM against the engine's knowledge of the seat
/// shown: no card it never saw is named on the page; the opponent's hand is only backs.
#[wasm_bindgen_test]
async fn the_table_never_names_a_card_its_player_has_not_seen() {
    use piquet_engine::random::random_action;
    use piquet_engine::{CardSet, Seat, SplitMix64};
    use piquet_table::session::{FormatChoice, GameConfig, Opponent, Session};
    use piquet_web::components::table::{GameScreen, GameScreenProps};
    use std::rc::Rc;

    for decisions in [0usize, 3, 9, 20] {
        let mut session = Session::new(GameConfig {
            preset: "classique".into(),
            format: FormatChoice::Cent {
                target: 100,
                match_play: false,
            },
            opponent: Opponent::Human,
            seed: 17,
            custom_rules: None,
        })
        .unwrap();
        session.deal_next();
        let mut rng = SplitMix64::new(5);
        let mut buf = Vec::new();
        for _ in 0..decisions {
            let deal = *session.game.as_ref().unwrap().deal().unwrap();
            let (seat, action) = random_action(&deal, &mut rng, &mut buf).unwrap();
            session.apply(seat, action).unwrap();
        }
        let deal = *session.deal().unwrap();
        // Pass-and-play shows the hand of the seat to act, once it takes the device.
        let me = session.to_act().unwrap_or(Seat::A);
        // What the other seat holds or discarded, and the talon, that this seat was never
        // shown: it must not be named anywhere on the page.
        let hidden = (deal.hand(me.other())
            | deal.discards(me.other())
            | deal.talon_remaining().collect::<CardSet>())
            - deal.known_cards(me);
        let root = mount_point();
        let props = GameScreenProps {
            session: Rc::new(session),
            settings: Settings::default(),
            on_leave: Callback::noop(),
            on_new_game: Callback::noop(),
            on_play_again: None,
            on_rules: None,
            on_settings: None,
            on_session: Callback::noop(),
            embedded: false,
            lesson: None,
            problem: None,
            review_table: None,
            record_words: false,
            review: piquet_web::components::table::overlays::REVIEW_DIALOG,
            open_review: None,
        };
        yew::Renderer::<GameScreen>::with_root_and_props(root.clone(), props).render();
        settle().await;
        // Pass-and-play opens on the hand-over screen: seat A takes the device if it is his turn.
        if let Some(button) = root.query_selector("#take-over").unwrap() {
            button.dyn_into::<web_sys::HtmlElement>().unwrap().click();
            settle().await;
        }
        let html = root.inner_html();
        for card in hidden {
            let name = piquet_words::card(card, Lang::Fr);
            assert!(
                !html.contains(&name),
                "after {decisions} decisions the page names {name}"
            );
        }
        let opponent = root.query_selector(".seat-top .opp-hand").unwrap().unwrap();
        assert!(
            opponent
                .query_selector("[data-card], svg[aria-label]")
                .unwrap()
                .is_none()
        );
        root.set_inner_html("");
        let _ = local_storage().remove_item("piquet.game");
    }
}
