//! The game server of the page's own origin, for games between two devices: whether it is
//! there (`GET /api/health`), rooms created and joined (`POST`, JSON), where the player's games
//! stand, and a room's WebSocket, which reconnects by itself after a lost connection (doubling
//! pauses, « Reconnexion… ») until the server refuses the seat. The messages are
//! `piquet_table::online`'s; one that cannot be read is named, never a panic. The seats'
//! tokens are kept per room in local storage (`storage::load_rooms`), so that a reload,
//! another tab or a lost connection rejoin the same seat. A watcher connects without a token
//! (`?room=…&watch=1`), where the players allowed watchers.

use std::cell::RefCell;
use std::rc::Rc;

use serde::Serialize;
use serde::de::DeserializeOwned;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;
use yew::Callback;

use piquet_table::online::{
    ClientMessage, CreateRoom, ErrorCode, ErrorMessage, JoinRoom, Joined, RoomCreated, RoomInfo,
    StatusReply, StatusRequest,
};
use piquet_table::online_patch::Views;
use piquet_table::online_table::{Link, OnlineAction, backoff_ms};

use super::files;

/// Whether a game with a friend can be offered here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Availability {
    /// Not known yet (the health check is under way).
    Checking,
    /// The page's origin runs the game server.
    Available,
    /// The page is served without the game server (a static host).
    NoServer,
    /// The device is offline.
    Offline,
}

/// Why a request to the server failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// The server could not be reached (offline, or no server), with the browser's reason.
    Unreachable(String),
    /// The server refused, in its words.
    Refused(ErrorMessage),
    /// The server's answer could not be read, and why.
    Unreadable(String),
}

fn describe(e: &JsValue) -> String {
    e.dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| e.as_string())
        .unwrap_or_else(|| "unknown error".into())
}

/// The address of `path` (`api/…`) on the page's own server, beside the app.
fn api_url(path: &str) -> String {
    let base = files::app_url();
    web_sys::Url::new_with_base(path, &base)
        .map(|u| u.href())
        .unwrap_or_else(|_| format!("/{path}"))
}

/// Whether the browser says it is online.
pub fn online() -> bool {
    web_sys::window().is_none_or(|w| w.navigator().on_line())
}

/// Whether the page's origin runs the game server: `GET api/health` answering `{"ok": true}`.
/// A static host answers the app's own `api/health` file, `{"ok": false}` (no 404, which the
/// console would report on every page); the service worker, with no network,
/// `{"ok": false, "offline": true}`.
pub async fn health() -> Availability {
    if !online() {
        return Availability::Offline;
    }
    match request::<(), serde_json::Value>("GET", "api/health", None).await {
        Ok(h) if h.get("ok") == Some(&serde_json::Value::Bool(true)) => Availability::Available,
        // The service worker's answer when the network is down.
        Ok(h) if h.get("offline") == Some(&serde_json::Value::Bool(true)) => Availability::Offline,
        Ok(_) | Err(Problem::Refused(_)) | Err(Problem::Unreadable(_)) => Availability::NoServer,
        Err(Problem::Unreachable(_)) if !online() => Availability::Offline,
        Err(Problem::Unreachable(_)) => Availability::NoServer,
    }
}

/// Creates a room: the creator takes seat A; its token is kept.
pub async fn create_room(create: &CreateRoom) -> Result<RoomCreated, Problem> {
    let created: RoomCreated = request("POST", "api/rooms", Some(create)).await?;
    remember(&created.room, &created.token);
    Ok(created)
}

/// Joins `room`'s free seat under `name`; the token is kept.
pub async fn join_room(room: &str, name: &str) -> Result<Joined, Problem> {
    let body = JoinRoom {
        name: name.to_string(),
    };
    let joined: Joined = request("POST", &format!("api/rooms/{room}/join"), Some(&body)).await?;
    remember(room, &joined.token);
    Ok(joined)
}

/// Who plays in `room` and under which settings (before joining it or watching it).
pub async fn room_info(room: &str) -> Result<RoomInfo, Problem> {
    request::<(), RoomInfo>("GET", &format!("api/rooms/{room}"), None).await
}

/// Where the player's games stand (the rooms this device holds a seat in).
pub async fn status() -> Result<StatusReply, Problem> {
    let rooms = super::storage::load_rooms().rooms;
    if rooms.is_empty() {
        return Ok(StatusReply { rooms: Vec::new() });
    }
    request("POST", "api/status", Some(&StatusRequest { rooms })).await
}

/// The seat's token this device holds in `room`.
pub fn token(room: &str) -> Option<String> {
    super::storage::load_rooms().token(room).map(str::to_string)
}

fn remember(room: &str, token: &str) {
    let mut rooms = super::storage::load_rooms();
    rooms.remember(room, token);
    super::storage::save_rooms(&rooms);
}

/// Forgets `room` (the server no longer has it).
pub fn forget(room: &str) {
    let mut rooms = super::storage::load_rooms();
    rooms.forget(room);
    super::storage::save_rooms(&rooms);
}

/// A request with a JSON body (or none) whose answer is JSON: the answer read, or the
/// server's error (its JSON body), or why nothing came.
async fn request<B: Serialize, R: DeserializeOwned>(
    method: &str,
    path: &str,
    body: Option<&B>,
) -> Result<R, Problem> {
    let unreachable = |e: &JsValue| Problem::Unreachable(describe(e));
    let window = web_sys::window().ok_or(Problem::Unreachable("no window".into()))?;
    let init = web_sys::RequestInit::new();
    init.set_method(method);
    if let Some(body) = body {
        let text = serde_json::to_string(body).map_err(|e| Problem::Unreadable(e.to_string()))?;
        init.set_body(&JsValue::from_str(&text));
        let headers = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&headers, &"content-type".into(), &"application/json".into());
        init.set_headers(&headers);
    }
    let response = JsFuture::from(window.fetch_with_str_and_init(&api_url(path), &init))
        .await
        .map_err(|e| unreachable(&e))?;
    let response: web_sys::Response = response
        .dyn_into()
        .map_err(|_| Problem::Unreachable("not a response".into()))?;
    let text = JsFuture::from(response.text().map_err(|e| unreachable(&e))?)
        .await
        .map_err(|e| unreachable(&e))?
        .as_string()
        .unwrap_or_default();
    if !response.ok() {
        return Err(match ErrorMessage::from_http_body(&text) {
            Ok(e) => Problem::Refused(e),
            Err(_) => Problem::Unreadable(format!(
                "HTTP {} ({})",
                response.status(),
                piquet_engine::Excerpt::of(&text)
            )),
        });
    }
    serde_json::from_str(&text)
        .map_err(|e| Problem::Unreadable(format!("{} ({e})", piquet_engine::Excerpt::of(&text))))
}

/// The WebSocket address of `room` on the page's own server (`wss:` under `https:`).
fn socket_url(room: &str) -> String {
    let http = api_url(&format!("api/rooms/{room}/ws"));
    if let Some(rest) = http.strip_prefix("https:") {
        format!("wss:{rest}")
    } else if let Some(rest) = http.strip_prefix("http:") {
        format!("ws:{rest}")
    } else {
        http
    }
}

/// How often an idle connection says it is alive (proxies close silent ones).
const PING_MS: u32 = 25_000;

/// A room's connection: opened at once, opened again after every loss (with a growing pause),
/// until the server refuses the seat or [`RoomSocket::close`] (its drop) ends it. Every
/// message and change of the connection goes to `on` as an [`OnlineAction`].
pub struct RoomSocket {
    inner: Rc<RefCell<Inner>>,
}

struct Inner {
    room: String,
    /// The seat's token; none: a watcher.
    token: Option<String>,
    on: Callback<OnlineAction>,
    ws: Option<web_sys::WebSocket>,
    /// Failed attempts since the last open connection.
    attempt: u32,
    /// Closed for good: by the page, or after the server refused the seat.
    ended: bool,
    retry: Option<gloo_timers::callback::Timeout>,
    ping: Option<gloo_timers::callback::Interval>,
    handlers: Vec<Closure<dyn FnMut(JsValue)>>,
    /// The view last received on this connection, to which the server's updates apply.
    views: Views,
}

impl RoomSocket {
    /// Connects to `room` with the seat's `token`, or without one to watch.
    pub fn open(room: &str, token: Option<&str>, on: Callback<OnlineAction>) -> RoomSocket {
        let inner = Rc::new(RefCell::new(Inner {
            room: room.to_string(),
            token: token.map(str::to_string),
            on,
            ws: None,
            attempt: 0,
            ended: false,
            retry: None,
            ping: None,
            handlers: Vec::new(),
            views: Views::default(),
        }));
        connect(&inner);
        RoomSocket { inner }
    }

    /// Sends a message; false when the connection is not open (the table says it is
    /// reconnecting, and the player's decision is made again once it is back).
    pub fn send(&self, message: &ClientMessage) -> bool {
        let inner = self.inner.borrow();
        let (Some(ws), Ok(text)) = (inner.ws.as_ref(), serde_json::to_string(message)) else {
            return false;
        };
        ws.ready_state() == web_sys::WebSocket::OPEN && ws.send_with_str(&text).is_ok()
    }

    /// Closes the connection for good.
    pub fn close(&self) {
        let mut inner = self.inner.borrow_mut();
        inner.ended = true;
        inner.retry = None;
        inner.ping = None;
        if let Some(ws) = inner.ws.take() {
            ws.set_onopen(None);
            ws.set_onmessage(None);
            ws.set_onclose(None);
            ws.set_onerror(None);
            let _ = ws.close();
        }
        // Dropped once the page is done with this turn: a handler may be the one running.
        let handlers = std::mem::take(&mut inner.handlers);
        gloo_timers::callback::Timeout::new(0, move || drop(handlers)).forget();
    }
}

impl Drop for RoomSocket {
    fn drop(&mut self) {
        self.close();
    }
}

/// Whether the server's error ends the seat here: trying again would not help.
fn refuses_seat(code: ErrorCode) -> bool {
    matches!(
        code,
        ErrorCode::UnknownRoom
            | ErrorCode::UnknownToken
            | ErrorCode::RoomFull
            | ErrorCode::BadOrigin
            | ErrorCode::WatchersNotAllowed
    )
}

fn connect(inner: &Rc<RefCell<Inner>>) {
    let url = socket_url(&inner.borrow().room);
    let ws = match web_sys::WebSocket::new(&url) {
        Ok(ws) => ws,
        Err(_) => {
            lost(inner);
            return;
        }
    };
    let on_open = {
        let weak = Rc::downgrade(inner);
        Closure::<dyn FnMut(JsValue)>::new(move |_| {
            let Some(inner) = weak.upgrade() else { return };
            let mut i = inner.borrow_mut();
            i.attempt = 0;
            // A new connection: its first state is whole, each next one what changed.
            i.views = Views::default();
            let hello = ClientMessage::Hello {
                token: i.token.clone(),
                updates: true,
            };
            if let (Some(ws), Ok(text)) = (i.ws.as_ref(), serde_json::to_string(&hello)) {
                let _ = ws.send_with_str(&text);
            }
            let weak = Rc::downgrade(&inner);
            i.ping = Some(gloo_timers::callback::Interval::new(PING_MS, move || {
                if let Some(inner) = weak.upgrade() {
                    let i = inner.borrow();
                    if let (Some(ws), Ok(text)) =
                        (i.ws.as_ref(), serde_json::to_string(&ClientMessage::Ping))
                    {
                        let _ = ws.send_with_str(&text);
                    }
                }
            }));
        })
    };
    let on_message = {
        let weak = Rc::downgrade(inner);
        Closure::<dyn FnMut(JsValue)>::new(move |e: JsValue| {
            let Some(inner) = weak.upgrade() else { return };
            let Some(text) = e
                .dyn_ref::<web_sys::MessageEvent>()
                .and_then(|m| m.data().as_string())
            else {
                let on = inner.borrow().on.clone();
                on.emit(OnlineAction::Unreadable("not a text message".into()));
                return;
            };
            let read = inner.borrow_mut().views.read(&text);
            let action = match read {
                // An update that does not apply to the view held (which one connection never
                // sends): connect again, for a whole state.
                Err(_) if text.starts_with(r#"{"type":"update""#) => {
                    if let Some(ws) = inner.borrow().ws.as_ref() {
                        let _ = ws.close();
                    }
                    return;
                }
                Ok(m) => {
                    if let piquet_table::online::ServerMessage::Error(e) = &m {
                        if refuses_seat(e.code) {
                            inner.borrow_mut().ended = true;
                        }
                    }
                    OnlineAction::Message(m)
                }
                Err(why) => OnlineAction::Unreadable(why),
            };
            let on = inner.borrow().on.clone();
            on.emit(action);
        })
    };
    let on_close = {
        let weak = Rc::downgrade(inner);
        Closure::<dyn FnMut(JsValue)>::new(move |_| {
            if let Some(inner) = weak.upgrade() {
                lost(&inner);
            }
        })
    };
    ws.set_onopen(Some(on_open.as_ref().unchecked_ref()));
    ws.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    ws.set_onclose(Some(on_close.as_ref().unchecked_ref()));
    let mut i = inner.borrow_mut();
    i.ws = Some(ws);
    i.handlers = vec![on_open, on_message, on_close];
}

/// The connection was lost (or could not be made): try again after a pause, unless it ended.
fn lost(inner: &Rc<RefCell<Inner>>) {
    let (on, attempt) = {
        let mut i = inner.borrow_mut();
        i.ping = None;
        if let Some(ws) = i.ws.take() {
            ws.set_onopen(None);
            ws.set_onmessage(None);
            ws.set_onclose(None);
        }
        if i.ended {
            return;
        }
        i.attempt += 1;
        (i.on.clone(), i.attempt)
    };
    on.emit(OnlineAction::Link(Link::Reconnecting { attempt }));
    let wait = backoff_ms(attempt, js_sys::Math::random());
    let weak = Rc::downgrade(inner);
    let timer = gloo_timers::callback::Timeout::new(wait, move || {
        if let Some(inner) = weak.upgrade() {
            if !inner.borrow().ended {
                connect(&inner);
            }
        }
    });
    inner.borrow_mut().retry = Some(timer);
}

/// Shares `url` with the system's share sheet where there is one (a phone); false where there
/// is none (the page offers the copy instead).
pub fn can_share() -> bool {
    web_sys::window().is_some_and(|w| {
        js_sys::Reflect::has(&w.navigator(), &JsValue::from_str("share")).unwrap_or(false)
    })
}

/// Opens the system's share sheet for `url` with `title`.
pub async fn share(title: &str, url: &str) -> Result<(), String> {
    let navigator = web_sys::window().ok_or("no window")?.navigator();
    let data = web_sys::ShareData::new();
    data.set_title(title);
    data.set_url(url);
    JsFuture::from(navigator.share_with_data(&data))
        .await
        .map(|_| ())
        .map_err(|e| describe(&e))
}

/// The link that opens `room` in the app (`?room=<id>`), to send to the friend.
pub fn room_link(room: &str) -> String {
    let base = files::app_url();
    format!(
        "{}?room={room}",
        base.split(['?', '#']).next().unwrap_or(&base)
    )
}

/// The link that lets a third person watch `room` (`?room=<id>&watch=1`), where the players
/// allowed watchers.
pub fn watch_link(room: &str) -> String {
    format!("{}&watch=1", room_link(room))
}

/// Writes `room` in the page's address (`?room=…`), or takes it out (and the watcher's mark
/// with it), without a new history entry and keeping the entry's state and the address's
/// other parameters.
pub fn show_room_in_address(room: Option<&str>) {
    edit_address(|params| {
        if params.get("room").as_deref() == room {
            return false;
        }
        match room {
            Some(r) => params.set("room", r),
            None => params.delete("room"),
        }
        params.delete("watch");
        true
    });
}

/// Marks the page's address as a watcher's (`&watch=1`), so that a reload watches again.
pub fn show_watching_in_address() {
    edit_address(|params| {
        if params.get("watch").is_some() {
            return false;
        }
        params.set("watch", "1");
        true
    });
}

/// Whether the page's address asks to watch its room (`watch=1`).
pub fn watching_in_address() -> bool {
    super::browser::url_param("watch").is_some_and(|w| w == "1")
}

/// Changes the page's query with `edit` (which says whether it changed anything), without a
/// new history entry, keeping the entry's state and the address's fragment.
fn edit_address(edit: impl FnOnce(&web_sys::UrlSearchParams) -> bool) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let location = window.location();
    let (Ok(path), Ok(search), Ok(hash)) =
        (location.pathname(), location.search(), location.hash())
    else {
        return;
    };
    let Ok(params) = web_sys::UrlSearchParams::new_with_str(&search) else {
        return;
    };
    if !edit(&params) {
        return;
    }
    let query = String::from(params.to_string());
    let query = if query.is_empty() {
        String::new()
    } else {
        format!("?{query}")
    };
    if let Ok(history) = window.history() {
        let state = history.state().unwrap_or(JsValue::NULL);
        let _ = history.replace_state_with_url(&state, "", Some(&format!("{path}{query}{hash}")));
    }
}
