//! Files in and out of the page: downloading a record, copying a link, reading a chosen file,
//! fetching a record by URL, and the page's own location (fragment, address of the app).
//! Every failure is a message naming the problem, never a panic.

use piquet_engine::Excerpt;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

use piquet_table::records::LoadProblem;

fn describe(e: &JsValue) -> String {
    e.dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| e.as_string())
        .unwrap_or_else(|| "unknown error".into())
}

/// Offers `text` as a file download named `name`.
pub fn download(name: &str, text: &str, mime: &str) -> Result<(), String> {
    let window = web_sys::window().ok_or("no window")?;
    let document = window.document().ok_or("no document")?;
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)
        .map_err(|e| describe(&e))?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(|e| describe(&e))?;
    let a: web_sys::HtmlAnchorElement = document
        .create_element("a")
        .map_err(|e| describe(&e))?
        .dyn_into()
        .map_err(|_| "not an anchor")?;
    a.set_href(&url);
    a.set_download(name);
    a.set_attribute("hidden", "").ok();
    let body = document.body().ok_or("no body")?;
    body.append_child(&a).map_err(|e| describe(&e))?;
    a.click();
    a.remove();
    // Revoked later: some browsers read the blob after the click returns.
    gloo_timers::callback::Timeout::new(10_000, move || {
        let _ = web_sys::Url::revoke_object_url(&url);
    })
    .forget();
    Ok(())
}

/// Copies `text` to the clipboard; the result says whether it worked.
pub async fn copy(text: &str) -> Result<(), String> {
    let clipboard = web_sys::window()
        .ok_or("no window")?
        .navigator()
        .clipboard();
    JsFuture::from(clipboard.write_text(text))
        .await
        .map(|_| ())
        .map_err(|e| describe(&e))
}

/// The largest record file read (a record of a long game is some hundred kilobytes).
pub const MAX_RECORD_BYTES: f64 = 4_000_000.0;

/// The text of the first file chosen in a file input, with the file's name; the error is typed
/// (the page puts it in words, `piquet_table::error_words`).
pub async fn read_chosen_file(
    input: &web_sys::HtmlInputElement,
) -> Result<(String, String), LoadProblem> {
    let file = input
        .files()
        .and_then(|f| f.get(0))
        .ok_or(LoadProblem::NothingChosen)?;
    let name = file.name();
    if file.size() > MAX_RECORD_BYTES {
        return Err(LoadProblem::TooLarge {
            name: Excerpt::of(&name),
            bytes: file.size() as u64,
        });
    }
    let text = JsFuture::from(file.text())
        .await
        .map_err(|_| LoadProblem::Unreadable {
            name: Excerpt::of(&name),
        })?;
    Ok((name, text.as_string().unwrap_or_default()))
}

/// Fetches a text file (a record) by URL, relative to the page.
pub async fn fetch_text(url: &str) -> Result<String, LoadProblem> {
    let failed = |status| LoadProblem::Fetch {
        url: Excerpt::of(url),
        status,
    };
    let window = web_sys::window().ok_or(failed(None))?;
    let response = JsFuture::from(started_fetch(&window, url))
        .await
        .map_err(|_| failed(None))?;
    let response: web_sys::Response = response.dyn_into().map_err(|_| failed(None))?;
    if !response.ok() {
        return Err(failed(Some(response.status())));
    }
    let text = JsFuture::from(response.text().map_err(|_| failed(None))?)
        .await
        .map_err(|_| failed(None))?;
    Ok(text.as_string().unwrap_or_default())
}

/// The fetch of `url` that the page's start script began, taken once, or a new one: embed.html
/// asks for the record its `record=` names before the viewer's wasm is in (scripts/embed.mjs,
/// `window.piquetRecord`), so that the record downloads beside the wasm instead of after it.
fn started_fetch(window: &web_sys::Window, url: &str) -> js_sys::Promise {
    let key = JsValue::from_str("piquetRecord");
    let field = |of: &JsValue, name: &str| js_sys::Reflect::get(of, &JsValue::from_str(name)).ok();
    let early = js_sys::Reflect::get(window, &key)
        .ok()
        .filter(|early| field(early, "url").and_then(|u| u.as_string()).as_deref() == Some(url))
        .and_then(|early| field(&early, "response"))
        .and_then(|response| response.dyn_into::<js_sys::Promise>().ok());
    match early {
        Some(response) => {
            let _ = js_sys::Reflect::delete_property(window, &key);
            response
        }
        None => window.fetch_with_str(url),
    }
}

/// The page's fragment, `#…` (empty when there is none).
pub fn location_hash() -> String {
    web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default()
}

/// Removes the fragment from the address bar without reloading or adding to the history.
pub fn clear_hash() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let location = window.location();
    let (Ok(path), Ok(search)) = (location.pathname(), location.search()) else {
        return;
    };
    if let Ok(history) = window.history() {
        // The entry keeps its state (the app's screen, see `services::history`).
        let state = history.state().unwrap_or(JsValue::NULL);
        let _ = history.replace_state_with_url(&state, "", Some(&format!("{path}{search}")));
    }
}

/// The address of the app's main page (`index.html` beside this page), for links that open a
/// record in the viewer.
pub fn app_url() -> String {
    let Some(window) = web_sys::window() else {
        return String::new();
    };
    let href = window.location().href().unwrap_or_default();
    web_sys::Url::new_with_base("./", &href)
        .map(|u| u.href())
        .unwrap_or(href)
}

/// The page's query string, `?…`.
pub fn location_search() -> String {
    web_sys::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default()
}
