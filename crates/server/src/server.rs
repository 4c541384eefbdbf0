//! The HTTP and WebSocket server: the API of `piquet_table::online`, the rooms in memory, each
//! change stored before it is acknowledged, the built app served at `/`.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex as StdMutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use axum::body::Bytes;
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, DefaultBodyLimit, Path as UrlPath, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::serve::ListenerExt;
use axum::{Json, Router};
use futures_util::{SinkExt, StreamExt};
use piquet_engine::Seat;
use piquet_table::online::{
    ClientMessage, CreateRoom, ErrorCode, ErrorMessage, Health, JoinRoom, Joined, Limits,
    MAX_MESSAGE_BYTES, MAX_STATUS_ROOMS, PROTOCOL_VERSION, RoomCreated, RoomInfo, SeatView,
    ServerMessage, StatusReply, StatusRequest, check_name,
};
use piquet_table::online_patch;
use tokio::sync::{Mutex, mpsc};
use tower_http::services::{ServeDir, ServeFile};

use crate::config::Config;
use crate::limits::{Bucket, PerAddress, is_id, random_id, random_seed, token_hash};
use crate::room::{Created, ReplayError, Room, Step};
use crate::storage::{Sqlite, Storage, StorageError, Write, Writer};

/// The database file's name in the data folder.
pub const DB_FILE: &str = "piquet.sqlite3";

/// A connection's outgoing queue: past this many messages waiting, the connection is too slow
/// and is closed (its client reconnects and gets the room's state afresh).
const QUEUE: usize = 256;

/// How long a new connection has to say `hello`.
const HELLO_WITHIN: Duration = Duration::from_secs(15);

/// Messages refused for the rate in a row before the connection is closed.
const MAX_REFUSED_IN_A_ROW: u32 = 50;

/// Now, in Unix milliseconds.
pub fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// One connection of a room.
struct Conn {
    id: u64,
    seat: Option<Seat>,
    /// It asked for each next view as what changed (`update`) after the first `state`.
    updates: bool,
    tx: mpsc::Sender<Message>,
}

/// The view last sent to one kind of connection (seat A's, seat B's, the watchers') that takes
/// updates: its version and the view, the base of the next update. Every connection of a kind
/// has been sent the same view: the room's at that version.
type Sent = Option<(u64, SeatView)>;

/// A room in memory with its connections.
struct Live {
    room: Room,
    conns: Vec<Conn>,
    /// Expired: removed from the server; connections still holding it are refused.
    closed: bool,
    /// Per kind of connection ([`kind`]), the view last sent.
    sent: [Sent; 3],
}

impl Live {
    fn new(room: Room) -> Live {
        Live {
            room,
            conns: Vec::new(),
            closed: false,
            sent: [None, None, None],
        }
    }
}

/// The kind of a connection: seat A's (0), seat B's (1), a watcher's (2).
fn kind(seat: Option<Seat>) -> usize {
    seat.map_or(2, Seat::index)
}

type Cell = Arc<Mutex<Live>>;

/// The server's state, shared by every request.
pub struct Server {
    config: Config,
    writer: Writer,
    rooms: StdMutex<HashMap<String, Cell>>,
    created_by: StdMutex<PerAddress>,
    next_conn: AtomicU64,
}

/// Why the server did not start.
#[derive(Debug)]
pub enum StartError {
    Data(String),
    Storage(StorageError),
    Listen(std::io::Error),
}

impl std::fmt::Display for StartError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StartError::Data(why) => write!(f, "the data folder: {why}"),
            StartError::Storage(e) => write!(f, "{e}"),
            StartError::Listen(e) => write!(f, "cannot listen: {e}"),
        }
    }
}

impl std::error::Error for StartError {}

/// What loading the stored rooms found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Loaded {
    pub rooms: usize,
    /// Rooms whose stored steps stop replaying (kept in the database, not loaded).
    pub unreadable: Vec<(String, u64)>,
}

impl Server {
    /// Opens the database in `config.data` and loads every room that has not expired.
    pub fn open(config: Config) -> Result<(Arc<Server>, Loaded), StartError> {
        std::fs::create_dir_all(&config.data)
            .map_err(|e| StartError::Data(format!("{}: {e}", config.data.display())))?;
        let mut db = Sqlite::open(&config.data.join(DB_FILE)).map_err(StartError::Storage)?;
        let stored = db.load_live().map_err(StartError::Storage)?;
        let mut rooms = HashMap::new();
        let mut loaded = Loaded::default();
        for s in stored {
            let id = s.created.id.clone();
            match Room::replay(s.created, s.steps) {
                Ok(room) => {
                    rooms.insert(id, Arc::new(Mutex::new(Live::new(room))));
                    loaded.rooms += 1;
                }
                Err(ReplayError { seq, .. }) => loaded.unreadable.push((id, seq)),
            }
        }
        let server = Arc::new(Server {
            writer: Writer::spawn(Box::new(db) as Box<dyn Storage>),
            rooms: StdMutex::new(rooms),
            created_by: StdMutex::new(PerAddress::new(
                config.rooms_per_hour,
                Duration::from_secs(3600),
            )),
            next_conn: AtomicU64::new(1),
            config,
        });
        Ok((server, loaded))
    }

    /// What the storage's writer measured (batches, commit times).
    pub fn commit_stats(&self) -> crate::storage::CommitStats {
        self.writer.stats()
    }

    /// The number of rooms in memory.
    pub fn room_count(&self) -> usize {
        self.rooms.lock().map_or(0, |r| r.len())
    }

    fn cell(&self, id: &str) -> Option<Cell> {
        self.rooms.lock().ok()?.get(id).cloned()
    }

    fn limits(&self) -> Limits {
        Limits {
            max_message_bytes: MAX_MESSAGE_BYTES,
            messages_per_sec: self.config.messages_per_sec,
            idle_room_secs: self.config.idle_secs,
        }
    }

    /// The routes: the API, and the built app for everything else.
    pub fn router(self: &Arc<Server>) -> Router {
        let dist = &self.config.dist;
        // The build's precompressed copies (`<file>.br`, `<file>.gz`, written by
        // scripts/compress.mjs) go to a browser that accepts them: brotli makes the play wasm
        // a fifth smaller than gzip on the wire.
        let app = ServeDir::new(dist)
            .precompressed_br()
            .precompressed_gzip()
            .fallback(
                ServeFile::new(dist.join("index.html"))
                    .precompressed_br()
                    .precompressed_gzip(),
            );
        Router::new()
            .route("/api/health", get(health))
            .route("/api/rooms", post(create))
            .route("/api/rooms/{room}", get(info))
            .route("/api/rooms/{room}/join", post(join))
            .route("/api/rooms/{room}/ws", get(ws))
            .route("/api/status", post(status))
            .fallback_service(app)
            // Bodies over the message limit get a named error (checked in each handler);
            // this bounds what is read at all.
            .layer(DefaultBodyLimit::max(64 * 1024))
            .with_state(self.clone())
    }

    /// Starts the timers of every loaded room with a time limit per move, and the sweeper
    /// of idle rooms.
    pub fn start_background(self: &Arc<Server>) {
        let cells: Vec<Cell> = self
            .rooms
            .lock()
            .map(|r| r.values().cloned().collect())
            .unwrap_or_default();
        for cell in cells {
            let server = self.clone();
            tokio::spawn(async move {
                let live = cell.lock().await;
                server.schedule_timeout(&cell, &live.room);
            });
        }
        let server = self.clone();
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(Duration::from_secs(60));
            loop {
                tick.tick().await;
                server.sweep(now_ms()).await;
            }
        });
    }

    /// Expires the rooms idle for longer than allowed and nobody is connected to.
    pub async fn sweep(&self, now: u64) -> usize {
        let cells: Vec<(String, Cell)> = self
            .rooms
            .lock()
            .map(|r| r.iter().map(|(k, v)| (k.clone(), v.clone())).collect())
            .unwrap_or_default();
        let mut expired = 0;
        for (id, cell) in cells {
            let mut live = cell.lock().await;
            let limit = if live.room.token_b_sha256.is_none() {
                self.config.unjoined_secs
            } else {
                self.config.idle_secs
            };
            let idle = now.saturating_sub(live.room.updated_ms) / 1000;
            if idle < limit || !live.conns.is_empty() {
                continue;
            }
            let write = Write::Expire {
                room: id.clone(),
                at_ms: now,
            };
            if self.writer.write(write).await.is_ok() {
                live.closed = true;
                if let Ok(mut rooms) = self.rooms.lock() {
                    rooms.remove(&id);
                }
                expired += 1;
            }
        }
        expired
    }

    /// The client's address, for the limits.
    fn client_addr(&self, peer: SocketAddr, headers: &HeaderMap) -> IpAddr {
        if self.config.trust_proxy {
            if let Some(ip) = headers
                .get("x-forwarded-for")
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.rsplit(',').next())
                .and_then(|v| v.trim().parse().ok())
            {
                return ip;
            }
        }
        peer.ip()
    }

    /// Whether a WebSocket may be opened from this page: no `Origin` (not a browser), the
    /// page's own host, or an origin of the allow-list.
    fn origin_allowed(&self, headers: &HeaderMap) -> bool {
        let Some(origin) = headers.get(header::ORIGIN) else {
            return true;
        };
        let Ok(origin) = origin.to_str() else {
            return false;
        };
        let origin = origin.trim_end_matches('/');
        if self.config.origins.iter().any(|o| o == origin) {
            return true;
        }
        let host_header = if self.config.trust_proxy {
            headers
                .get("x-forwarded-host")
                .or_else(|| headers.get(header::HOST))
        } else {
            headers.get(header::HOST)
        };
        let Some(host) = host_header.and_then(|h| h.to_str().ok()) else {
            return false;
        };
        let origin_host = origin
            .strip_prefix("https://")
            .or_else(|| origin.strip_prefix("http://"));
        origin_host.is_some_and(|o| o.eq_ignore_ascii_case(host))
    }

    /// Stores a room's step, then applies it: acknowledged to `by` (a connection), then every
    /// connection gets its new state. On a storage failure nothing changed.
    async fn change(
        self: &Arc<Server>,
        cell: &Cell,
        live: &mut Live,
        step: Step,
        by: Option<u64>,
    ) -> Result<(), ErrorMessage> {
        let at_ms = now_ms().max(live.room.updated_ms);
        let write = Write::Step {
            room: live.room.id().to_string(),
            seq: live.room.seq,
            step: step.clone(),
            at_ms,
        };
        self.writer
            .write(write)
            .await
            .map_err(|_| ErrorMessage::new(ErrorCode::Storage))?;
        if let Err(e) = live.room.apply(&step, at_ms) {
            // Checked before it was stored: cannot happen; the stored step would not replay.
            eprintln!(
                "piquet-server: room {}: a stored step did not apply: {:?}",
                live.room.id(),
                e.code
            );
            return Err(e);
        }
        if let Some(conn) = by {
            send_to(live, conn, &ServerMessage::Ack { seq: live.room.seq });
        }
        if let Step::Act {
            seat,
            timed_out: true,
            ..
        }
        | Step::ChooseDealer {
            seat,
            timed_out: true,
            ..
        } = step
        {
            broadcast(live, &ServerMessage::TimedOut { seat });
        }
        broadcast_states(live);
        self.schedule_timeout(cell, &live.room);
        Ok(())
    }

    /// Under a time limit per move, wakes at the deadline and plays for the late seat if the
    /// room has not moved meanwhile.
    fn schedule_timeout(self: &Arc<Server>, cell: &Cell, room: &Room) {
        let Some(deadline) = room.deadline_ms() else {
            return;
        };
        let seq = room.seq;
        let server = self.clone();
        let cell = cell.clone();
        tokio::spawn(async move {
            let wait = deadline.saturating_sub(now_ms());
            tokio::time::sleep(Duration::from_millis(wait)).await;
            let mut live = cell.lock().await;
            if live.closed || live.room.seq != seq {
                return;
            }
            let seed = random_seed().unwrap_or(seq);
            if let Some(step) = live.room.timeout_step(seed) {
                let _ = server.change(&cell, &mut live, step, None).await;
            }
        });
    }
}

fn text(m: &ServerMessage) -> Message {
    Message::Text(Utf8Bytes::from(
        serde_json::to_string(m).unwrap_or_else(|_| String::from(r#"{"type":"pong"}"#)),
    ))
}

/// Queues a message for one connection; a connection too slow to keep up is dropped (its
/// writer ends, the client reconnects).
fn push(conn: &Conn, m: Message) -> bool {
    conn.tx.try_send(m).is_ok()
}

fn send_to(live: &mut Live, conn: u64, m: &ServerMessage) {
    let m = text(m);
    live.conns.retain(|c| c.id != conn || push(c, m.clone()));
}

fn broadcast(live: &mut Live, m: &ServerMessage) {
    let m = text(m);
    live.conns.retain(|c| push(c, m.clone()));
}

/// A `state` message, its view borrowed (the same text as [`ServerMessage::State`]'s).
fn state_text(seq: u64, view: &SeatView) -> Message {
    #[derive(serde::Serialize)]
    struct State<'a> {
        #[serde(rename = "type")]
        kind: &'static str,
        seq: u64,
        view: &'a SeatView,
    }
    let state = State {
        kind: "state",
        seq,
        view,
    };
    Message::Text(Utf8Bytes::from(
        serde_json::to_string(&state).unwrap_or_else(|_| String::from(r#"{"type":"pong"}"#)),
    ))
}

/// The room's whole state for a connection of `seat`'s kind; for one that asked for `updates`,
/// remembered as the base of that kind's next ones.
fn whole_state(live: &mut Live, seat: Option<Seat>, updates: bool) -> Message {
    let view = live.room.view(seat);
    let seq = live.room.seq;
    let m = state_text(seq, &view);
    if updates {
        live.sent[kind(seat)] = Some((seq, view));
    }
    m
}

/// Every connection's own view after a change, made once per kind (seat A's, seat B's, the
/// watchers'): as what changed since the view the kind was last sent, to the connections that
/// asked for updates, whole to the others (and to all when that view is not the one just
/// before).
fn broadcast_states(live: &mut Live) {
    let seq = live.room.seq;
    let mut whole: [Option<Message>; 3] = [None, None, None];
    let mut update: [Option<Option<Message>>; 3] = [None, None, None];
    for k in 0..3 {
        let seat = [Some(Seat::A), Some(Seat::B), None][k];
        let connected = live.conns.iter().filter(|c| kind(c.seat) == k);
        let (mut any, mut want_updates) = (false, false);
        for c in connected {
            any = true;
            want_updates |= c.updates;
        }
        if !any || !want_updates {
            live.sent[k] = None;
        }
        if !any {
            continue;
        }
        let view = live.room.view(seat);
        let base = live.sent[k].take();
        if want_updates {
            update[k] = Some(match base {
                Some((b, old)) if b + 1 == seq => Some(text(&ServerMessage::Update {
                    seq,
                    base: b,
                    patch: online_patch::view_patch(&old, &view),
                })),
                _ => None,
            });
        }
        if live
            .conns
            .iter()
            .any(|c| kind(c.seat) == k && !(c.updates && matches!(update[k], Some(Some(_)))))
        {
            whole[k] = Some(state_text(seq, &view));
        }
        // The base of the next update, where a connection takes them.
        if want_updates {
            live.sent[k] = Some((seq, view));
        }
    }
    live.conns.retain(|c| {
        let k = kind(c.seat);
        let m = match (&update[k], &whole[k]) {
            (Some(Some(u)), _) if c.updates => u,
            (_, Some(w)) => w,
            _ => return true,
        };
        push(c, m.clone())
    });
}

fn seat_connected(live: &Live, seat: Seat) -> bool {
    live.conns.iter().any(|c| c.seat == Some(seat))
}

/// The watchers connected to the room now.
fn watchers(live: &Live) -> ServerMessage {
    ServerMessage::Watchers {
        count: live.conns.iter().filter(|c| c.seat.is_none()).count() as u32,
    }
}

/// An error as an HTTP response.
fn refuse(status: StatusCode, code: ErrorCode) -> Response {
    (status, Json(ErrorMessage::new(code))).into_response()
}

/// Reads a JSON body of at most [`MAX_MESSAGE_BYTES`], or the named error.
fn read_body<T: serde::de::DeserializeOwned>(body: &Bytes) -> Result<T, Box<Response>> {
    if body.len() > MAX_MESSAGE_BYTES {
        return Err(Box::new(refuse(
            StatusCode::PAYLOAD_TOO_LARGE,
            ErrorCode::TooLarge,
        )));
    }
    serde_json::from_slice(body)
        .map_err(|_| Box::new(refuse(StatusCode::BAD_REQUEST, ErrorCode::Malformed)))
}

async fn health(State(server): State<Arc<Server>>) -> Json<Health> {
    Json(Health {
        ok: true,
        protocol: PROTOCOL_VERSION,
        version: env!("CARGO_PKG_VERSION").to_string(),
        rooms: server.room_count(),
    })
}

async fn create(
    State(server): State<Arc<Server>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let req: CreateRoom = match read_body(&body) {
        Ok(r) => r,
        Err(e) => return *e,
    };
    let name = match check_name(&req.name) {
        Ok(n) => n,
        Err(code) => return refuse(StatusCode::BAD_REQUEST, code),
    };
    if let Err(code) = req.settings.check() {
        return refuse(StatusCode::BAD_REQUEST, code);
    }
    let addr = server.client_addr(peer, &headers);
    let allowed = server
        .created_by
        .lock()
        .map(|mut p| p.allow(addr, Instant::now()))
        .unwrap_or(false);
    if !allowed {
        return refuse(StatusCode::TOO_MANY_REQUESTS, ErrorCode::RateLimited);
    }
    let (Ok(id), Ok(token), Ok(seed)) = (random_id(), random_id(), random_seed()) else {
        return refuse(StatusCode::SERVICE_UNAVAILABLE, ErrorCode::Storage);
    };
    let created = Created {
        id: id.clone(),
        settings: req.settings,
        token_a_sha256: token_hash(&token),
        name_a: name,
        seed,
        created_ms: now_ms(),
    };
    let room = match Room::new(created.clone()) {
        Ok(r) => r,
        Err(code) => return refuse(StatusCode::BAD_REQUEST, code),
    };
    if server.writer.write(Write::Create(created)).await.is_err() {
        return refuse(StatusCode::SERVICE_UNAVAILABLE, ErrorCode::Storage);
    }
    if let Ok(mut rooms) = server.rooms.lock() {
        rooms.insert(id.clone(), Arc::new(Mutex::new(Live::new(room))));
    }
    (
        StatusCode::CREATED,
        Json(RoomCreated {
            room: id,
            token,
            seat: Seat::A,
        }),
    )
        .into_response()
}

/// What the room's link may know before a seat is taken: the names and the settings.
async fn info(State(server): State<Arc<Server>>, UrlPath(id): UrlPath<String>) -> Response {
    let Some(cell) = server.cell(&id).filter(|_| is_id(&id)) else {
        return refuse(StatusCode::NOT_FOUND, ErrorCode::UnknownRoom);
    };
    let live = cell.lock().await;
    if live.closed {
        return refuse(StatusCode::NOT_FOUND, ErrorCode::UnknownRoom);
    }
    Json(RoomInfo {
        room: id,
        names: live.room.names.clone(),
        settings: live.room.created.settings.clone(),
        game_number: live.room.game_number,
    })
    .into_response()
}

async fn join(
    State(server): State<Arc<Server>>,
    UrlPath(id): UrlPath<String>,
    body: Bytes,
) -> Response {
    let req: JoinRoom = match read_body(&body) {
        Ok(r) => r,
        Err(e) => return *e,
    };
    let name = match check_name(&req.name) {
        Ok(n) => n,
        Err(code) => return refuse(StatusCode::BAD_REQUEST, code),
    };
    let Some(cell) = server.cell(&id) else {
        return refuse(StatusCode::NOT_FOUND, ErrorCode::UnknownRoom);
    };
    let Ok(token) = random_id() else {
        return refuse(StatusCode::SERVICE_UNAVAILABLE, ErrorCode::Storage);
    };
    let mut live = cell.lock().await;
    if live.closed {
        return refuse(StatusCode::NOT_FOUND, ErrorCode::UnknownRoom);
    }
    let step = match live.room.join(name, &token) {
        Ok(s) => s,
        Err(code) => return refuse(StatusCode::CONFLICT, code),
    };
    match server.change(&cell, &mut live, step, None).await {
        Ok(()) => Json(Joined {
            token,
            seat: Seat::B,
        })
        .into_response(),
        Err(e) => (StatusCode::SERVICE_UNAVAILABLE, Json(e)).into_response(),
    }
}

async fn status(State(server): State<Arc<Server>>, body: Bytes) -> Response {
    let req: StatusRequest = match read_body(&body) {
        Ok(r) => r,
        Err(e) => return *e,
    };
    if req.rooms.len() > MAX_STATUS_ROOMS {
        return refuse(StatusCode::PAYLOAD_TOO_LARGE, ErrorCode::TooLarge);
    }
    let mut rooms = Vec::new();
    for key in req.rooms {
        let Some(cell) = server.cell(&key.room) else {
            continue;
        };
        let live = cell.lock().await;
        if let Some(seat) = live.room.seat_of(&key.token) {
            rooms.push(live.room.status(seat));
        }
    }
    Json(StatusReply { rooms }).into_response()
}

async fn ws(
    State(server): State<Arc<Server>>,
    UrlPath(id): UrlPath<String>,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Response {
    if !server.origin_allowed(&headers) {
        return refuse(StatusCode::FORBIDDEN, ErrorCode::BadOrigin);
    }
    if !is_id(&id) {
        return refuse(StatusCode::NOT_FOUND, ErrorCode::UnknownRoom);
    }
    let Some(cell) = server.cell(&id) else {
        return refuse(StatusCode::NOT_FOUND, ErrorCode::UnknownRoom);
    };
    upgrade
        // Past the protocol's limit a message gets a named error; far past it, the connection
        // is closed by the WebSocket layer itself.
        .max_message_size(64 * 1024)
        .max_frame_size(64 * 1024)
        // Messages in are small: an 8 KiB read buffer instead of the default 128 KiB keeps a
        // connection's memory to a few KiB (a room holds two or more).
        .read_buffer_size(8 * 1024)
        .write_buffer_size(8 * 1024)
        .on_upgrade(move |socket| connection(server, cell, socket))
}

/// The error message for one connection.
fn error_text(e: ErrorMessage) -> Message {
    text(&ServerMessage::Error(e))
}

/// One WebSocket connection: `hello`, then the messages of its seat, until it closes.
async fn connection(server: Arc<Server>, cell: Cell, socket: WebSocket) {
    let (mut sink, mut stream) = socket.split();
    let (tx, mut rx) = mpsc::channel::<Message>(QUEUE);
    let writer = tokio::spawn(async move {
        while let Some(m) = rx.recv().await {
            let close = matches!(m, Message::Close(_));
            if sink.send(m).await.is_err() || close {
                break;
            }
        }
        let _ = sink.close().await;
    });
    let conn_id = server.next_conn.fetch_add(1, Ordering::Relaxed);
    let mut seat: Option<Seat> = None;
    let mut joined = false;
    let mut bucket = Bucket::new(
        server.config.messages_per_sec,
        server.config.messages_per_sec * 2,
    );
    let mut refused_in_a_row = 0u32;
    let started = Instant::now();
    loop {
        let next = if joined {
            stream.next().await
        } else {
            match tokio::time::timeout(
                HELLO_WITHIN.saturating_sub(started.elapsed()),
                stream.next(),
            )
            .await
            {
                Ok(m) => m,
                Err(_) => break,
            }
        };
        let Some(Ok(msg)) = next else { break };
        let body = match msg {
            Message::Text(t) => t,
            Message::Binary(_) => {
                let _ = tx.try_send(error_text(ErrorMessage::new(ErrorCode::Malformed)));
                continue;
            }
            Message::Close(_) => break,
            Message::Ping(_) | Message::Pong(_) => continue,
        };
        if !bucket.take(Instant::now()) {
            refused_in_a_row += 1;
            let _ = tx.try_send(error_text(ErrorMessage::new(ErrorCode::RateLimited)));
            if refused_in_a_row >= MAX_REFUSED_IN_A_ROW {
                break;
            }
            continue;
        }
        refused_in_a_row = 0;
        if body.len() > MAX_MESSAGE_BYTES {
            let _ = tx.try_send(error_text(ErrorMessage::new(ErrorCode::TooLarge)));
            continue;
        }
        let message: ClientMessage = match serde_json::from_str(body.as_str()) {
            Ok(m) => m,
            Err(_) => {
                let _ = tx.try_send(error_text(ErrorMessage::new(ErrorCode::Malformed)));
                continue;
            }
        };
        match (joined, message) {
            (false, ClientMessage::Hello { token, updates }) => {
                let mut live = cell.lock().await;
                if live.closed {
                    let _ = tx.try_send(error_text(ErrorMessage::new(ErrorCode::UnknownRoom)));
                    break;
                }
                let held = match &token {
                    Some(t) => match live.room.seat_of(t) {
                        Some(s) => Some(s),
                        None => {
                            let _ =
                                tx.try_send(error_text(ErrorMessage::new(ErrorCode::UnknownToken)));
                            break;
                        }
                    },
                    None if live.room.created.settings.watchers => None,
                    None => {
                        let _ = tx
                            .try_send(error_text(ErrorMessage::new(ErrorCode::WatchersNotAllowed)));
                        break;
                    }
                };
                seat = held;
                joined = true;
                let first_of_seat = held.is_some_and(|s| !seat_connected(&live, s));
                let conn = Conn {
                    id: conn_id,
                    seat,
                    updates,
                    tx: tx.clone(),
                };
                push(
                    &conn,
                    text(&ServerMessage::Welcome {
                        room: live.room.id().to_string(),
                        seat,
                        protocol: PROTOCOL_VERSION,
                        limits: server.limits(),
                    }),
                );
                if first_of_seat {
                    if let Some(s) = held {
                        broadcast(
                            &mut live,
                            &ServerMessage::Presence {
                                seat: s,
                                connected: true,
                            },
                        );
                    }
                }
                for s in [Seat::A, Seat::B] {
                    let connected = seat_connected(&live, s) || held == Some(s);
                    push(&conn, text(&ServerMessage::Presence { seat: s, connected }));
                }
                let state = whole_state(&mut live, seat, updates);
                push(&conn, state);
                live.conns.push(conn);
                // Where watchers are allowed, everyone knows how many there are.
                if live.room.created.settings.watchers {
                    let count = watchers(&live);
                    if held.is_none() {
                        broadcast(&mut live, &count);
                    } else {
                        send_to(&mut live, conn_id, &count);
                    }
                }
            }
            (false, _) | (true, ClientMessage::Hello { .. }) => {
                let _ = tx.try_send(error_text(ErrorMessage::new(ErrorCode::HelloFirst)));
            }
            (true, ClientMessage::Ping) => {
                let _ = tx.try_send(text(&ServerMessage::Pong));
            }
            (true, ClientMessage::Say { message }) => {
                let mut live = cell.lock().await;
                match seat {
                    Some(s) => broadcast(&mut live, &ServerMessage::Said { seat: s, message }),
                    None => {
                        let _ = tx.try_send(error_text(ErrorMessage::new(ErrorCode::WrongSeat)));
                    }
                }
            }
            (true, ClientMessage::Record) => {
                let live = cell.lock().await;
                let reply = match live.room.record() {
                    Some(r) => text(&ServerMessage::Record {
                        game_number: live.room.game_number,
                        record: Box::new(r.clone()),
                    }),
                    None => error_text(ErrorMessage::new(ErrorCode::GameNotOver)),
                };
                let _ = tx.try_send(reply);
            }
            (true, change) => {
                let mut live = cell.lock().await;
                if live.closed {
                    let _ = tx.try_send(error_text(ErrorMessage::new(ErrorCode::UnknownRoom)));
                    break;
                }
                let step = match change {
                    ClientMessage::Act { seq, action } => live.room.check_act(seat, seq, action),
                    ClientMessage::ChooseDealer { seq, deal } => {
                        live.room.check_choose(seat, seq, deal)
                    }
                    ClientMessage::NextDeal { seq } => live.room.check_next_deal(seat, seq),
                    ClientMessage::Rematch => live
                        .room
                        .check_rematch(seat, random_seed().unwrap_or(live.room.seq)),
                    ClientMessage::Hello { .. }
                    | ClientMessage::Ping
                    | ClientMessage::Say { .. }
                    | ClientMessage::Record => continue,
                };
                let result = match step {
                    Ok(step) => server.change(&cell, &mut live, step, Some(conn_id)).await,
                    Err(e) => Err(e),
                };
                if let Err(e) = result {
                    let stale = e.code == ErrorCode::Stale;
                    let _ = tx.try_send(error_text(e));
                    if stale {
                        // Where the room is, for the client that fell behind.
                        let updates = live.conns.iter().any(|c| c.id == conn_id && c.updates);
                        let state = whole_state(&mut live, seat, updates);
                        let _ = tx.try_send(state);
                    }
                }
            }
        }
    }
    // Gone: its seat's presence, if it was the seat's last connection.
    let mut live = cell.lock().await;
    live.conns.retain(|c| c.id != conn_id);
    // The last connection of its kind gone: its view is not kept.
    if !live.conns.iter().any(|c| kind(c.seat) == kind(seat)) {
        live.sent[kind(seat)] = None;
    }
    match seat {
        Some(s) if joined && !seat_connected(&live, s) => broadcast(
            &mut live,
            &ServerMessage::Presence {
                seat: s,
                connected: false,
            },
        ),
        None if joined => {
            let count = watchers(&live);
            broadcast(&mut live, &count);
        }
        _ => {}
    }
    drop(live);
    let _ = tx.try_send(Message::Close(Some(CloseFrame {
        code: 1000,
        reason: Utf8Bytes::from_static("bye"),
    })));
    drop(tx);
    let _ = writer.await;
}

/// Serves until `shutdown` resolves, on `listener`.
pub async fn serve(
    server: Arc<Server>,
    listener: tokio::net::TcpListener,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    server.start_background();
    // Small messages (an ack, then a state) must leave at once: no Nagle delay.
    let listener = listener.tap_io(|tcp| {
        let _ = tcp.set_nodelay(true);
    });
    axum::serve(
        listener,
        server
            .router()
            .into_make_service_with_connect_info::<SocketAddr>(),
    )
    .with_graceful_shutdown(shutdown)
    .await
}

/// The path of the database in a data folder.
pub fn db_path(data: &Path) -> std::path::PathBuf {
    data.join(DB_FILE)
}

#[cfg(test)]
mod tests {
    use super::*;
    use piquet_table::online::RoomSettings;

    #[test]
    fn a_state_with_its_view_borrowed_is_the_state_message() {
        let room = Room::new(Created {
            id: "0".repeat(32),
            settings: RoomSettings {
                preset: "rubicon".into(),
                format: None,
                custom_rules: None,
                watchers: true,
                move_limit_secs: Some(60),
            },
            token_a_sha256: token_hash("a"),
            name_a: "Alice".into(),
            seed: 9,
            created_ms: 1,
        })
        .unwrap();
        for seat in [Some(Seat::A), Some(Seat::B), None] {
            let view = room.view(seat);
            let whole = text(&ServerMessage::State {
                seq: 3,
                view: Box::new(view.clone()),
            });
            assert_eq!(state_text(3, &view), whole);
        }
    }
}
