//! What the embedded replay's light first stage (`src/bin/embed_view`) hands the Yew viewer
//! when it gives it the frame (`window.piquetLight`): where it stood, the language, the host's
//! `setTheme` messages in order, whether the reader was in the frame, whether the reader opened
//! « More », and the host's messages the viewer is to hear (the one that asked for it first).
//! The record's text comes as the start script's early fetch (`window.piquetRecord`).

use std::cell::RefCell;

use wasm_bindgen::JsValue;

use crate::services::browser;
use crate::services::host::JsData;
use piquet_table::embed::{self, HostMessage, Looks, MessageError};
use piquet_table::embed_state::EmbedAction;
use piquet_table::i18n::Lang;
use piquet_table::replay::{Reopen, ViewMode};

use super::store::Dispatch;

/// The light stage's hand-over, read once.
#[derive(Clone, Debug, PartialEq)]
pub struct Light {
    pub lang: Option<Lang>,
    pub index: Option<usize>,
    pub focused: bool,
    pub menu: bool,
    /// The height the light stage asked the host for (`height=auto`), if any.
    pub height: Option<u32>,
    themes: Vec<JsValue>,
    /// The last `state` the light stage posted.
    pub state: Option<serde_json::Value>,
}

thread_local! {
    /// The hand-over's object, whose queue the viewer drains once its record is open.
    static HANDED: RefCell<Option<JsValue>> = const { RefCell::new(None) };
}

fn field(of: &JsValue, name: &str) -> JsValue {
    js_sys::Reflect::get(of, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED)
}

/// The light stage's hand-over, if it gave the frame to this viewer (taken from the page).
pub fn take() -> Option<Light> {
    let window = web_sys::window()?;
    let key = JsValue::from_str("piquetLight");
    let handed = js_sys::Reflect::get(&window, &key)
        .ok()
        .filter(JsValue::is_object)?;
    let _ = js_sys::Reflect::delete_property(&window, &key);
    let lang = match field(&handed, "lang").as_string().as_deref() {
        Some("fr") => Some(Lang::Fr),
        Some("en") => Some(Lang::En),
        _ => None,
    };
    let themes = js_sys::Array::from(&field(&handed, "themes")).to_vec();
    let light = Light {
        lang,
        index: field(&handed, "index").as_f64().map(|i| i as usize),
        focused: field(&handed, "focused").is_truthy(),
        menu: field(&handed, "menu").is_truthy(),
        height: field(&handed, "height").as_f64().map(|h| h as u32),
        themes,
        state: js_sys::JSON::stringify(&field(&handed, "state"))
            .ok()
            .and_then(|s| s.as_string())
            .and_then(|s| serde_json::from_str(&s).ok()),
    };
    HANDED.with(|h| *h.borrow_mut() = Some(handed));
    Some(light)
}

impl Light {
    /// The looks the host had set: the page's, with each `setTheme` the light stage took.
    pub fn looks(&self, page: Looks) -> Looks {
        self.themes.iter().fold(page, |looks, t| {
            match embed::parse_message(&JsData::new(t.clone())) {
                Ok(HostMessage::SetTheme(change)) => change.over(&looks),
                _ => looks,
            }
        })
    }

    /// Where the viewer opens: where the light stage stood, every card face up.
    pub fn reopen(&self) -> Option<Reopen> {
        self.index.map(|index| Reopen {
            index,
            view: ViewMode::Open,
            review: None,
        })
    }
}

/// The viewer listens now: the light stage's listener stops queuing.
pub fn listening() {
    HANDED.with(|h| {
        if let Some(handed) = h.borrow().as_ref() {
            let _ = js_sys::Reflect::set(handed, &JsValue::from_str("taken"), &JsValue::TRUE);
        }
    });
}

/// Once the viewer shows the record handed over (or gave up on it: `tries` of 30 ms): the host's
/// messages the light stage queued, heard in order, and « More » opened as the reader asked on
/// the light stage, its summary focused if the reader was in the frame (without scrolling the
/// host). Heard before, a host's `load` would replace the record before the viewer opened it.
pub fn when_open(light: Light, dispatch: Dispatch, tries: u32) {
    let document = web_sys::window().and_then(|w| w.document());
    let find = |selector: &str| {
        document
            .as_ref()
            .and_then(|d| d.query_selector(selector).ok().flatten())
    };
    if find("main.replay[data-index]").is_none() && tries > 0 {
        gloo_timers::callback::Timeout::new(30, move || when_open(light, dispatch, tries - 1))
            .forget();
        return;
    }
    hear_queued(&dispatch);
    if light.menu {
        if let Some(summary) = find("#replay-more > summary") {
            if let Some(details) = summary.parent_element() {
                let _ = details.set_attribute("open", "");
            }
            if light.focused {
                if let Ok(el) = wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(summary) {
                    browser::focus(&el);
                }
            }
        }
    }
}

/// The host's messages the light stage queued, heard in order.
fn hear_queued(dispatch: &Dispatch) {
    let Some(handed) = HANDED.with(|h| h.borrow_mut().take()) else {
        return;
    };
    for data in js_sys::Array::from(&field(&handed, "queue")).iter() {
        let data = JsData::new(data);
        let message = if data.is_data() {
            embed::parse_message(&data)
        } else {
            Err(MessageError::NotData)
        };
        dispatch.dispatch(EmbedAction::Host(message));
    }
}
