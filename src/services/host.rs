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
