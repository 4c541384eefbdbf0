//! The embedded replay's light first stage (`embed.html?mode=replay`, docs/embedding.md,
//! "Weight"): a wasm without Yew and without a JSON library, so that a replay in a host's
//! article is on screen after a small download. It reads a text record (with the engine's
//! [`Record::from_text_plain`]), draws the replay's table, step controls and commentary with
//! the same markup as the Yew viewer (`draw`), and answers the host's messages for a replay
//! (`ready`, `state`, `error`; `goto`, `next`, `previous`, `first`, `last`, `play`, `pause`,
//! `getState`, `setLanguage`, `setTheme`), their meaning the game layer's
//! ([`piquet_table::embed::parse_message`], [`piquet_table::replay`]'s reducer,
//! [`piquet_table::replay_model`]).
//!
//! Everything else is the Yew viewer's (`src/bin/embed_replay.rs`): a record in JSON, in the
//! link's fragment, with options only JSON can say or with an error; parameters that refuse
//! the table, `show=`, `storage=1`; the host's `load`, `newGame`, `setLevel`; the reader's
//! « More » menu (loader, counts, log, review, export, play on, details). For those this stage
//! hands the frame over ([`hand_over`]) through the start script that `scripts/embed.mjs`
//! writes (`window.piquetViewer`): it leaves `window.piquetLight` (where it stood, the
//! language, the host's `setTheme` messages, the reader's presence, the menu to open, the
//! message to hear again) and the record's text as the start script's early fetch, then takes
//! itself down; the Yew viewer opens at the same position.

mod draw;

use std::cell::RefCell;
use std::rc::Rc;

use piquet_engine::Record;
use piquet_engine::cursor::ReplayCursor;
use piquet_table::embed::{self, EmbedConfig, EmbedMode, HostMessage, Looks, MessageError, Shown};
use piquet_table::error_words;
use piquet_table::i18n::{Lang, Text};
use piquet_table::replay::{Goto, ReplayState};
use piquet_table::replay_model::{self, Steps};
use piquet_web::services::host::{self, JsData};
use piquet_web::services::{browser, files};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

// The same allocator as the app's (src/main.rs).
#[cfg(target_arch = "wasm32")]
#[global_allocator]
// SAFETY: the table's wasm runs single-threaded, as TalckWasm::new_global requires.
static ALLOCATOR: talc::TalckWasm = unsafe { talc::TalckWasm::new_global() };

/// Why the frame goes to the Yew viewer.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Why {
    /// What this stage does not draw or read: the viewer starts as if it were first.
    Start,
    /// The reader opened « More ».
    Menu,
    /// A host's message this stage leaves to the viewer, heard again there.
    Message,
    /// The record, which this stage cannot read: the viewer reads it (and names its problem).
    Record,
}

/// What the reader or the host does to the viewer here.
#[derive(Clone, Copy)]
enum Act {
    Move(Goto),
    Autoplay(bool),
}

struct Light {
    config: EmbedConfig,
    lang: Lang,
    looks: Looks,
    /// The host's `setTheme` messages taken, in order, handed over as they came.
    themes: Vec<JsValue>,
    viewer: Rc<ReplayState>,
    /// The host's messages heard before the record was open, heard once it is.
    pending: Vec<HostMessage>,
    /// The last `state` posted, for `getState`.
    last: Option<js_sys::Object>,
    timer: Option<gloo_timers::callback::Timeout>,
    height: Option<gloo_timers::callback::Timeout>,
    asked_height: Option<u32>,
    listeners: Vec<gloo_events::EventListener>,
}

thread_local! {
    static LIGHT: RefCell<Option<Light>> = const { RefCell::new(None) };
}

fn document() -> Option<web_sys::Document> {
    web_sys::window().and_then(|w| w.document())
}

fn by_id(id: &str) -> Option<web_sys::Element> {
    document().and_then(|d| d.get_element_by_id(id))
}

fn set(object: &js_sys::Object, key: &str, value: &JsValue) {
    let _ = js_sys::Reflect::set(object, &key.into(), value);
}

fn pair<T: Into<JsValue> + Copy>(values: [T; 2]) -> JsValue {
    js_sys::Array::of2(&values[0].into(), &values[1].into()).into()
}

fn some<T: Into<JsValue>>(value: Option<T>) -> JsValue {
    value.map_or(JsValue::NULL, Into::into)
}

/// Tells the host of a problem: `error`, in the table's language.
fn tell_host(message: &str) {
    let fields = js_sys::Object::new();
    set(&fields, "message", &message.into());
    host::post_js("error", &fields);
}

/// The app root, where the Yew viewer mounts too.
fn root() -> Option<web_sys::Element> {
    by_id("app").or_else(|| document().and_then(|d| d.body()).map(Into::into))
}

fn main() {
    let pairs = embed::query_pairs(&files::location_search());
    let parsed = match embed::parse(&pairs) {
        Ok(p) => p,
        Err(_) => return hand_over(Why::Start, None, None),
    };
    let config = parsed.config.clone();
    let fragment = files::location_hash().len() > 1;
    if config.mode != EmbedMode::Replay
        || config.storage
        || config.show != Shown::default()
        || fragment
        || config.record_url.is_none()
    {
        return hand_over(Why::Start, None, None);
    }
    let lang = config
        .lang
        .or_else(browser::preferred_lang)
        .unwrap_or_default();
    browser::set_document_lang(lang);
    browser::guard_focus();
    paint(&config.looks);
    for problem in &parsed.ignored {
        tell_host(&error_words::param_ignored(problem, lang));
    }
    if let Some(root) = root() {
        root.set_inner_html(&draw::loading(lang));
    }
    let mut listeners = Vec::new();
    if let Some(w) = web_sys::window() {
        listeners.push(gloo_events::EventListener::new(&w, "message", |e| {
            if let Some(e) = e.dyn_ref::<web_sys::MessageEvent>() {
                heard(e);
            }
        }));
    }
    LIGHT.with(|l| {
        *l.borrow_mut() = Some(Light {
            looks: config.looks.clone(),
            config: config.clone(),
            lang,
            themes: Vec::new(),
            viewer: Rc::new(ReplayState::default()),
            pending: Vec::new(),
            last: None,
            timer: None,
            height: None,
            asked_height: None,
            listeners,
        })
    });
    let ready = js_sys::Object::new();
    set(&ready, "mode", &"replay".into());
    set(&ready, "version", &env!("CARGO_PKG_VERSION").into());
    host::post_js("ready", &ready);
    if config.auto_height {
        ask_height();
    }
    let url = config.record_url.unwrap_or_default();
    wasm_bindgen_futures::spawn_local(async move {
        let text = record_text(&url).await;
        opened(text, url);
    });
}

/// The record's text: the start script's early fetch (`window.piquetRecord`), else a fetch;
/// `None` when it cannot be had (the viewer fetches it again and names the problem).
async fn record_text(url: &str) -> Option<String> {
    let window = web_sys::window()?;
    let key = JsValue::from_str("piquetRecord");
    let early = js_sys::Reflect::get(&window, &key)
        .ok()
        .filter(|e| {
            js_sys::Reflect::get(e, &"url".into())
                .ok()
                .and_then(|u| u.as_string())
                .as_deref()
                == Some(url)
        })
        .and_then(|e| js_sys::Reflect::get(&e, &"response".into()).ok())
        .and_then(|r| r.dyn_into::<js_sys::Promise>().ok());
    let _ = js_sys::Reflect::delete_property(&window, &key);
    let promise = early.unwrap_or_else(|| window.fetch_with_str(url));
    let response: web_sys::Response = wasm_bindgen_futures::JsFuture::from(promise)
        .await
        .ok()?
        .dyn_into()
        .ok()?;
    if !response.ok() {
        return None;
    }
    wasm_bindgen_futures::JsFuture::from(response.text().ok()?)
        .await
        .ok()?
        .as_string()
}

/// The record is in: read and shown, or handed to the viewer with its text.
fn opened(text: Option<String>, url: String) {
    let Some(text) = text else {
        // The viewer fetches it again, and names the problem.
        return hand_over(Why::Record, None, None);
    };
    let read = (!text.trim_start().starts_with('{'))
        .then(|| Record::from_text_plain(&text).ok())
        .flatten()
        .and_then(|r| ReplayCursor::new(&r).ok());
    let Some(cursor) = read else {
        return hand_over(Why::Record, Some((url, text)), None);
    };
    // Opened as the viewer's reducer opens a record (at its start, every card face up), without
    // its way of naming a record's problems: there is none here.
    let pending = LIGHT.with(|l| {
        let mut l = l.borrow_mut();
        let light = l.as_mut()?;
        light.viewer = Rc::new(ReplayState {
            cursor: Some(Rc::new(cursor)),
            title: Some(url.clone()),
            ..ReplayState::default()
        });
        Some(std::mem::take(&mut light.pending))
    });
    let Some(pending) = pending else { return };
    RECORD.with(|r| *r.borrow_mut() = Some((url, text)));
    let (lang, autoplay) = LIGHT.with(|l| {
        let l = l.borrow();
        l.as_ref()
            .map_or((Lang::default(), None), |l| (l.lang, l.config.autoplay))
    });
    if let Some(root) = root() {
        root.set_inner_html(&draw::frame(lang));
    }
    listen();
    redraw(true);
    if autoplay.is_some() {
        act(Act::Autoplay(true));
    }
    for message in pending {
        obey(message);
    }
}

thread_local! {
    /// The record's URL and text, handed over with the frame.
    static RECORD: RefCell<Option<(String, String)>> = const { RefCell::new(None) };
}

/// The reader's clicks (the step buttons, « More ») and keys (←/→, Home/End).
fn listen() {
    let mut added = Vec::new();
    if let Some(root) = root() {
        let active = gloo_events::EventListenerOptions::enable_prevent_default();
        added.push(gloo_events::EventListener::new_with_options(
            &root,
            "click",
            active,
            |e| {
                if browser::target_closest(e, "#replay-more > summary").is_some() {
                    e.prevent_default();
                    return hand_over(Why::Menu, None, None);
                }
                let Some(button) = browser::target_closest(e, "button") else {
                    return;
                };
                let action = match button.id().as_str() {
                    "replay-start" => Act::Move(Goto::Start),
                    "replay-back" => Act::Move(Goto::Back),
                    "replay-forward" => Act::Move(Goto::Forward),
                    "replay-end" => Act::Move(Goto::End),
                    "replay-play" => {
                        let on = button.get_attribute("aria-pressed").as_deref() == Some("true");
                        Act::Autoplay(!on)
                    }
                    _ => return,
                };
                act(action);
            },
        ));
    }
    added.extend(browser::step_keys("[role=dialog]", |key| {
        let Some(goto) = Goto::of_key(key) else {
            return false;
        };
        act(Act::Move(goto));
        true
    }));
    if let Some(w) = web_sys::window() {
        added.push(gloo_events::EventListener::new(&w, "resize", |_| {
            ask_height()
        }));
    }
    LIGHT.with(|l| {
        if let Some(l) = l.borrow_mut().as_mut() {
            l.listeners.extend(added);
        }
    });
}

/// The viewer's move or autoplay (as its reducer makes them), then the page and the host told.
fn act(action: Act) {
    let before = LIGHT.with(|l| {
        let mut l = l.borrow_mut();
        let light = l.as_mut()?;
        let before = light.viewer.clone();
        let mut next = (*before).clone();
        match action {
            Act::Move(goto) => next.go(goto),
            Act::Autoplay(on) => next.autoplay = on,
        }
        light.viewer = Rc::new(next);
        Some(before)
    });
    let Some(before) = before else { return };
    let Some((after, lang)) =
        LIGHT.with(|l| l.borrow().as_ref().map(|l| (l.viewer.clone(), l.lang)))
    else {
        return;
    };
    if let Some((_, problem)) = after.refused.filter(|r| Some(r) != before.refused.as_ref()) {
        tell_host(&error_words::goto_problem(&problem, lang));
    }
    // As the Yew viewer: a `state` after a move only; a refused move changes nothing.
    let moved = after.moves != before.moves;
    if moved || after.autoplay != before.autoplay {
        redraw(moved);
    }
}

/// Draws the viewer at its cursor, keeps the reader's focus where it was, posts `state` when
/// `report` (a move, a language), and steps on by itself while autoplay is on.
fn redraw(report_it: bool) {
    let Some((viewer, lang, ms)) = LIGHT.with(|l| {
        let l = l.borrow();
        let l = l.as_ref()?;
        Some((l.viewer.clone(), l.lang, l.config.autoplay.unwrap_or(1200)))
    }) else {
        return;
    };
    let Some(cursor) = viewer.cursor.as_ref() else {
        return;
    };
    let names = replay_model::names_of(cursor.record(), lang);
    let steps = Steps::of(cursor);
    let focused = document()
        .and_then(|d| d.active_element())
        .map(|e| e.id())
        .filter(|id| id.starts_with("replay-"));
    if let Some(board) = by_id("light-board") {
        board.set_inner_html(&draw::board(
            &replay_model::board(cursor, viewer.view, &names),
            lang,
        ));
    }
    if let Some(dock) = by_id("light-dock") {
        let mut html = draw::controls(steps, viewer.autoplay, lang);
        if let Some(c) = replay_model::commentary(cursor, viewer.view, lang) {
            html.push_str(&draw::commentary(&c, lang));
        }
        dock.set_inner_html(&html);
    }
    // In a short frame the table scrolls inside itself (its height known once the dock is
    // drawn): a trick on the table, where each card played is seen, kept in view.
    if let Some(board) = by_id("light-board") {
        browser::reveal_within(&board, browser::TRICK_ON_THE_TABLE);
    }
    if let Some(main) = by_id("main") {
        let _ = main.set_attribute("data-index", &cursor.index().to_string());
        let _ = main.set_attribute("data-len", &cursor.len().to_string());
    }
    if let Some(el) = focused
        .and_then(|id| by_id(&id))
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    {
        browser::focus(&el);
    }
    if report_it {
        report(cursor, lang);
    }
    let timer = viewer
        .autoplay
        .then(|| gloo_timers::callback::Timeout::new(ms, || act(Act::Move(Goto::Forward))));
    LIGHT.with(|l| {
        if let Some(l) = l.borrow_mut().as_mut() {
            l.timer = timer;
        }
    });
}

/// The position for the host: `state` (as the Yew viewer's, `replay_model`'s content), then
/// `gameover` at the end of a game.
fn report(cursor: &ReplayCursor, lang: Lang) {
    let r = replay_model::report(cursor, lang);
    let state = js_sys::Object::new();
    set(&state, "mode", &"replay".into());
    set(&state, "index", &(r.index as f64).into());
    set(&state, "length", &(r.len as f64).into());
    set(&state, "deal", &((r.deal + 1) as f64).into());
    set(&state, "action", &(r.actions as f64).into());
    set(&state, "phase", &some(r.phase));
    set(&state, "turn", &some(r.turn));
    set(&state, "tricks", &pair(r.tricks));
    set(&state, "seat", &JsValue::NULL);
    let [a, b] = &r.players;
    set(
        &state,
        "players",
        &js_sys::Array::of2(&a.into(), &b.into()).into(),
    );
    set(&state, "commentary", &some(r.commentary.clone()));
    let scores = js_sys::Object::new();
    set(&scores, "deal", &pair(r.deal_points));
    set(&scores, "game", &pair(r.totals));
    set(&scores, "totals", &pair(r.totals));
    set(&scores, "tricks", &pair(r.tricks));
    set(&state, "scores", &scores);
    host::post_js("state", &state);
    LIGHT.with(|l| {
        if let Some(l) = l.borrow_mut().as_mut() {
            l.last = Some(state);
        }
    });
    if let Some(winner) = r.game_over {
        let over = js_sys::Object::new();
        set(&over, "mode", &"replay".into());
        set(
            &over,
            "winner",
            &some(winner.map(|s| {
                if s == piquet_engine::Seat::A {
                    "A"
                } else {
                    "B"
                }
            })),
        );
        set(&over, "totals", &pair(r.totals));
        host::post_js("gameover", &over);
    }
}

/// A message from the host: refused briefly, heard, kept until the record is open, or left to
/// the viewer.
fn heard(e: &web_sys::MessageEvent) {
    if !host::from_parent(e) {
        return refuse(MessageError::Foreign);
    }
    let data = JsData::new(e.data());
    if !data.is_data() {
        return refuse(MessageError::NotData);
    }
    let message = match embed::parse_message(&data) {
        Ok(m) => m,
        Err(why) => return refuse(why),
    };
    match message {
        HostMessage::Load(_) | HostMessage::NewGame(_) | HostMessage::SetLevel(_) => {
            hand_over(Why::Message, None, Some(e.data()))
        }
        HostMessage::SetTheme(_) => {
            LIGHT.with(|l| {
                if let Some(l) = l.borrow_mut().as_mut() {
                    l.themes.push(e.data());
                }
            });
            obey(message);
        }
        message => {
            let open = LIGHT.with(|l| {
                let mut l = l.borrow_mut();
                let Some(light) = l.as_mut() else {
                    return true;
                };
                let open = light.viewer.cursor.is_some();
                let waits = matches!(
                    message,
                    HostMessage::Goto(_) | HostMessage::Step(_) | HostMessage::Autoplay(_)
                );
                if !open && waits {
                    light.pending.push(message.clone());
                }
                open || !waits
            });
            if open {
                obey(message);
            }
        }
    }
}

/// A bad message (or one from another window than the host page): an `error` to the host, in
/// the table's language, as the Yew tables say it.
fn refuse(why: MessageError) {
    let lang = LIGHT.with(|l| l.borrow().as_ref().map(|l| l.lang).unwrap_or_default());
    tell_host(&error_words::message_error(&why, lang));
}

/// A host's message this stage carries out.
fn obey(message: HostMessage) {
    match message {
        HostMessage::Goto(target) => act(Act::Move(Goto::Host(target))),
        HostMessage::Step(step) => act(Act::Move(Goto::of_step(step))),
        HostMessage::Autoplay(on) => act(Act::Autoplay(on)),
        HostMessage::GetState => {
            let last = LIGHT.with(|l| l.borrow().as_ref().and_then(|l| l.last.clone()));
            let state = last.unwrap_or_else(|| {
                let s = js_sys::Object::new();
                set(&s, "mode", &"replay".into());
                s
            });
            host::post_js("state", &state);
        }
        HostMessage::SetLanguage(lang) => {
            let taken = LIGHT.with(|l| {
                let mut l = l.borrow_mut();
                let l = l.as_mut()?;
                l.lang = lang;
                Some(())
            });
            browser::set_document_lang(lang);
            if let (Some(()), Some(root)) = (taken, root()) {
                let open = by_id("light-board").is_some();
                root.set_inner_html(&if open {
                    draw::frame(lang)
                } else {
                    draw::loading(lang)
                });
            }
            redraw(true);
        }
        HostMessage::SetTheme(change) => {
            let looks = LIGHT.with(|l| {
                let mut l = l.borrow_mut();
                let l = l.as_mut()?;
                l.looks = change.over(&l.looks);
                Some(l.looks.clone())
            });
            if let Some(looks) = looks {
                paint(&looks);
            }
        }
        HostMessage::Load(_) | HostMessage::NewGame(_) | HostMessage::SetLevel(_) => {}
    }
}

/// The looks on the root element, as the Yew tables put them ([`browser::paint_looks`]);
/// `theme=auto` follows the reader's preference.
fn paint(looks: &Looks) {
    let query = browser::dark_query();
    browser::paint_looks(
        looks,
        query.as_ref().is_some_and(web_sys::MediaQueryList::matches),
    );
    let follow = query
        .filter(|_| looks.theme == embed::Theme::Auto)
        .map(|q| {
            gloo_events::EventListener::new(&q, "change", |_| {
                let looks = LIGHT.with(|l| l.borrow().as_ref().map(|l| l.looks.clone()));
                if let Some(looks) = looks {
                    paint(&looks);
                }
            })
        });
    FOLLOW.with(|f| *f.borrow_mut() = follow);
}

thread_local! {
    /// The listener that repaints an `auto` table when the reader's preference changes.
    static FOLLOW: RefCell<Option<gloo_events::EventListener>> = const { RefCell::new(None) };
}

/// `height=auto`: the replay's height ([`embed::auto_height_of`]) asked of the host a quarter
/// of a second after the last change of the frame's width, never the same twice in a row.
fn ask_height() {
    let timer = gloo_timers::callback::Timeout::new(250, || {
        let width = web_sys::window()
            .and_then(|w| w.inner_width().ok())
            .and_then(|w| w.as_f64())
            .unwrap_or(0.0);
        let height = embed::auto_height_of("replay", width);
        let new = LIGHT.with(|l| {
            let mut l = l.borrow_mut();
            let l = l.as_mut()?;
            (l.config.auto_height && l.asked_height != Some(height)).then(|| {
                l.asked_height = Some(height);
            })
        });
        if new.is_some() {
            let fields = js_sys::Object::new();
            set(&fields, "height", &height.into());
            host::post_js("resize", &fields);
        }
    });
    LIGHT.with(|l| {
        if let Some(l) = l.borrow_mut().as_mut() {
            l.height = Some(timer);
        }
    });
}

/// Gives the frame to the Yew viewer (see the module's documentation): this stage's listeners
/// and timers go, its hand-over is left in `window.piquetLight`, the record's text (`record`,
/// when read) as the start script's early fetch, and the start script loads the viewer.
fn hand_over(why: Why, record: Option<(String, String)>, message: Option<JsValue>) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let light = LIGHT.with(|l| l.borrow_mut().take());
    FOLLOW.with(|f| f.borrow_mut().take());
    let record = record.or_else(|| RECORD.with(|r| r.borrow_mut().take()));
    if let Some((url, text)) = record {
        if let Ok(response) = web_sys::Response::new_with_opt_str(Some(&text)) {
            let early = js_sys::Object::new();
            set(&early, "url", &url.into());
            set(
                &early,
                "response",
                &js_sys::Promise::resolve(&response).into(),
            );
            set(&window, "piquetRecord", &early);
        }
    }
    if let Some(light) = light.filter(|_| why != Why::Start) {
        let handed = js_sys::Object::new();
        set(&handed, "lang", &light.lang.tag().into());
        let themes = js_sys::Array::new();
        for t in &light.themes {
            themes.push(t);
        }
        set(&handed, "themes", &themes);
        set(&handed, "focused", &browser::reader_is_in().into());
        set(&handed, "menu", &(why == Why::Menu).into());
        // The height the host was asked for (`height=auto`): the viewer does not ask it again.
        if let Some(height) = light.asked_height {
            set(&handed, "height", &height.into());
        }
        if let Some(c) = light.viewer.cursor.as_ref() {
            set(&handed, "index", &(c.index() as f64).into());
        }
        // The last `state` the host heard: the viewer does not say it again.
        if let Some(state) = &light.last {
            set(&handed, "state", state);
        }
        // The host's messages from now until the viewer listens, the one that asked for it
        // first: the viewer hears them in order.
        let queue = js_sys::Array::new();
        if let Some(m) = message {
            queue.push(&m);
        }
        set(&handed, "queue", &queue);
        set(&window, "piquetLight", &handed);
        let queued = handed.clone();
        gloo_events::EventListener::new(&window, "message", move |e| {
            let taken = js_sys::Reflect::get(&queued, &"taken".into())
                .ok()
                .is_some_and(|t| t.is_truthy());
            if let Some(e) = e.dyn_ref::<web_sys::MessageEvent>().filter(|_| !taken) {
                if host::from_parent(e) {
                    queue.push(&e.data());
                }
            }
        })
        .forget();
    }
    let start = js_sys::Reflect::get(&window, &"piquetViewer".into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    match start {
        Some(f) => {
            let _ = f.call0(&JsValue::NULL);
        }
        None => tell_host(Text::TableNotLoaded.get(Lang::default())),
    }
}
