//! The embedded table's conversation with its host page (docs/embedding.md): messages out with
//! `window.parent.postMessage`, messages in checked for their source and shape. The message
//! bodies are plain JSON built with `serde_json`; this module only crosses to JavaScript.

use wasm_bindgen::prelude::*;

/// The version of the message protocol: every message carries `"piquet": 1`.
pub const PROTOCOL: u32 = 1;

/// Whether the page runs inside a frame (it has a host to talk to).
pub fn framed() -> bool {
    web_sys::window()
        .and_then(|w| {
            let parent = w.parent().ok().flatten()?;
            Some(!js_sys::Object::is(&parent, &w))
        })
        .unwrap_or(false)
}

/// Posts `{"piquet": 1, "type": kind, …fields}` to the parent window (when there is one).
pub fn post(kind: &str, fields: serde_json::Value) {
    let mut message = serde_json::json!({ "piquet": PROTOCOL, "type": kind });
    if let (Some(out), serde_json::Value::Object(more)) = (message.as_object_mut(), fields) {
        out.extend(more);
    }
    if !framed() {
        return;
    }
    let Some(parent) = web_sys::window().and_then(|w| w.parent().ok().flatten()) else {
        return;
    };
    if let Ok(value) = js_sys::JSON::parse(&message.to_string()) {
        // The data is the host's own record and the public state of the table: any origin may
        // embed the table, so any origin may read it.
        let _ = parent.post_message(&value, "*");
    }
}

/// A message from the host, or why it was refused.
pub enum Incoming {
    /// From the parent window, as JSON.
    Message(serde_json::Value),
    /// Not from the parent window: ignored.
    Foreign,
    /// From the parent, but not JSON-like data (a function, a cyclic object…).
    Malformed,
}

/// Reads a `message` event: its source must be the parent window. The data goes through
/// `JSON.stringify`, with numbers JSON cannot carry (`NaN`, `Infinity`) kept as
/// `{"$nonFinite": "NaN"}` rather than turned into `null`, so that a bad number is named as
/// the host sent it (`piquet_table::embed::NON_FINITE`).
pub fn read(event: &web_sys::MessageEvent) -> Incoming {
    let parent = web_sys::window().and_then(|w| w.parent().ok().flatten());
    let from_parent = match (event.source(), parent) {
        (Some(source), Some(parent)) => framed() && js_sys::Object::is(&source, &parent),
        _ => false,
    };
    if !from_parent {
        return Incoming::Foreign;
    }
    let replacer =
        Closure::<dyn FnMut(JsValue, JsValue) -> JsValue>::new(|_key: JsValue, value: JsValue| {
            match value.as_f64() {
                Some(n) if !n.is_finite() => {
                    let marked = js_sys::Object::new();
                    // Named without formatting a float (which would link float printing).
                    let name = JsValue::from_str(if n.is_nan() {
                        "NaN"
                    } else if n > 0.0 {
                        "Infinity"
                    } else {
                        "-Infinity"
                    });
                    let _ = js_sys::Reflect::set(
                        &marked,
                        &JsValue::from_str(piquet_table::embed::NON_FINITE),
                        &name,
                    );
                    marked.into()
                }
                _ => value,
            }
        });
    let text = js_sys::JSON::stringify_with_replacer(&event.data(), replacer.as_ref())
        .ok()
        .and_then(|s| s.as_string());
    match text.map(|t| serde_json::from_str::<serde_json::Value>(&t)) {
        Some(Ok(value)) => Incoming::Message(value),
        _ => Incoming::Malformed,
    }
}

/// Posts `{"piquet": 1, "type": kind, …fields}` to the parent window, the fields set on a
/// JavaScript object (the embedded replay's light first stage, which links no JSON library;
/// [`post`] is the same message from a JSON value).
pub fn post_js(kind: &str, fields: &js_sys::Object) {
    if !framed() {
        return;
    }
    let Some(parent) = web_sys::window().and_then(|w| w.parent().ok().flatten()) else {
        return;
    };
    let message = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&message, &"piquet".into(), &PROTOCOL.into());
    let _ = js_sys::Reflect::set(&message, &"type".into(), &kind.into());
    let message = js_sys::Object::assign(&message, fields);
    let _ = parent.post_message(&message, "*");
}

/// Whether a `message` event comes from the parent window (the host page).
pub fn from_parent(event: &web_sys::MessageEvent) -> bool {
    let parent = web_sys::window().and_then(|w| w.parent().ok().flatten());
    match (event.source(), parent) {
        (Some(source), Some(parent)) => framed() && js_sys::Object::is(&source, &parent),
        _ => false,
    }
}

/// A host's message as the page holds it, read by [`piquet_table::embed::parse_message`]
/// without a JSON library: the light first stage's reader, and the Yew viewer's for the
/// `setTheme` messages that stage hands over.
#[derive(Clone, Debug)]
pub struct JsData {
    value: JsValue,
    text: Option<String>,
}

impl JsData {
    pub fn new(value: JsValue) -> JsData {
        let text = value.as_string();
        JsData { value, text }
    }

    /// Whether the data can be read at all as JSON-like data (not a function, not cyclic).
    pub fn is_data(&self) -> bool {
        !self.value.is_function()
            && js_sys::JSON::stringify(&self.value).is_ok_and(|s| !s.is_undefined())
    }
}

impl piquet_table::embed::MessageData for JsData {
    fn get(&self, name: &str) -> Option<Self> {
        if !self.is_object() {
            return None;
        }
        let key = JsValue::from_str(name);
        let own = js_sys::Object::has_own(&js_sys::Object::from(self.value.clone()), &key);
        own.then(|| js_sys::Reflect::get(&self.value, &key).ok())
            .flatten()
            .filter(|v| !v.is_undefined())
            .map(JsData::new)
    }
    fn is_object(&self) -> bool {
        self.value.is_object() && !js_sys::Array::is_array(&self.value)
    }
    fn is_null(&self) -> bool {
        self.value.is_null()
    }
    fn as_str(&self) -> Option<&str> {
        self.text.as_deref()
    }
    fn as_u64(&self) -> Option<u64> {
        self.value
            .as_f64()
            .filter(|f| {
                f.fract() == 0.0 && *f >= 0.0 && *f <= piquet_table::embed::MAX_EXACT as f64
            })
            .map(|f| f as u64)
    }
    fn as_f64(&self) -> Option<f64> {
        self.value.as_f64().filter(|f| f.is_finite())
    }
    fn json(&self) -> String {
        js_sys::JSON::stringify(&self.value)
            .ok()
            .and_then(|s| s.as_string())
            .unwrap_or_default()
    }
    fn shown(&self) -> piquet_engine::Excerpt {
        let name = match self.value.as_f64() {
            Some(n) if n.is_nan() => Some("NaN"),
            Some(n) if n.is_infinite() && n > 0.0 => Some("Infinity"),
            Some(n) if n.is_infinite() => Some("-Infinity"),
            _ => None,
        };
        piquet_engine::Excerpt::of(&name.map_or_else(|| self.json(), str::to_string))
    }
}
