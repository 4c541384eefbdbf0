//! The server over real sockets on 127.0.0.1: whole games in every preset between two bot
//! clients, every message a seat receives checked to name no card it may not know; bad
//! messages and requests named and changing nothing; reconnection by the token; the database
//! copied mid-game and reopened; idle rooms expiring.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use piquet_engine::{Action, CardSet, Rules, Seat};
use piquet_server::client::{BotOptions, BotReport, play_seat, post_json};
use piquet_server::config::Config;
use piquet_server::room::Room;
use piquet_server::server::{Server, db_path, now_ms, serve};
use piquet_server::storage::{Sqlite, Storage, StoredRoom};
use piquet_table::online::testing::{cards_named, knowable};
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio::sync::oneshot;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// A server in this process, on a free port, with its own data folder.
struct Running {
    addr: String,
    server: Arc<Server>,
    data: PathBuf,
    stop: Option<oneshot::Sender<()>>,
    task: tokio::task::JoinHandle<std::io::Result<()>>,
}

impl Running {
    async fn start(name: &str, tweak: impl FnOnce(&mut Config)) -> Running {
        let data = std::env::temp_dir().join(format!(
            "piquet-wire-{name}-{}-{}",
            std::process::id(),
            now_ms()
        ));
        let _ = std::fs::remove_dir_all(&data);
        Running::on(data, tweak).await
    }

    async fn on(data: PathBuf, tweak: impl FnOnce(&mut Config)) -> Running {
        let mut config = Config {
            bind: [127, 0, 0, 1].into(),
            port: 0,
            data: data.clone(),
            dist: data.join("no-app"),
            rooms_per_hour: 1000,
            messages_per_sec: 1000,
            ..Config::default()
        };
        tweak(&mut config);
        let (server, _) = Server::open(config).unwrap();
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap().to_string();
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(serve(server.clone(), listener, async {
            let _ = stopped.await;
        }));
        Running {
            addr,
            server,
            data,
            stop: Some(stop),
            task,
        }
    }

    async fn stop(mut self) {
        if let Some(s) = self.stop.take() {
            let _ = s.send(());
        }
        self.task.abort();
        let _ = self.task.await;
    }

    /// Stops the server and removes its data folder: a test leaves nothing behind.
    async fn finish(self) {
        let data = self.data.clone();
        self.stop().await;
        let _ = std::fs::remove_dir_all(&data);
    }

    /// A room of `preset` created by Alice and joined by Bob: (room, token A, token B).
    async fn room(&self, preset: &str, watchers: bool) -> (String, String, String) {
        let (status, created) = post_json(
            &self.addr,
            "/api/rooms",
            &json!({"name": "Alice", "preset": preset, "watchers": watchers}),
        )
        .await
        .unwrap();
        assert_eq!(status, 201, "{created}");
        let room = created["room"].as_str().unwrap().to_string();
        let (status, joined) = post_json(
            &self.addr,
            &format!("/api/rooms/{room}/join"),
            &json!({"name": "Bob"}),
        )
        .await
        .unwrap();
        assert_eq!(status, 200, "{joined}");
        assert_eq!(joined["seat"], "B");
        (
            room,
            created["token"].as_str().unwrap().to_string(),
            joined["token"].as_str().unwrap().to_string(),
        )
    }

    fn ws_url(&self, room: &str) -> String {
        format!("ws://{}/api/rooms/{room}/ws", self.addr)
    }
}

fn read_room(data: &Path, id: &str) -> StoredRoom {
    let mut db = Sqlite::open(&db_path(data)).unwrap();
    db.load_room(id).unwrap().unwrap()
}

fn bot(seed: u64, keep: bool) -> BotOptions {
    BotOptions {
        seed,
        keep_messages: keep,
        ..BotOptions::default()
    }
}

async fn play_room(
    run: &Running,
    room: &str,
    ta: &str,
    tb: &str,
    keep: bool,
    seed: u64,
) -> (BotReport, BotReport) {
    let give_up = Instant::now() + Duration::from_secs(240);
    let (ua, ub) = (run.ws_url(room), run.ws_url(room));
    let (ta, tb) = (ta.to_string(), tb.to_string());
    let a = tokio::spawn(async move { play_seat(&ua, &ta, bot(seed, keep), give_up).await });
    let b = tokio::spawn(async move { play_seat(&ub, &tb, bot(seed + 1, keep), give_up).await });
    (a.await.unwrap(), b.await.unwrap())
}

/// Checks every message a seat (or a watcher, `None`) received against what it may know at
/// the room's version the message names: the room replayed step by step from its storage.
/// Returns the number of messages checked.
fn check_hidden(stored: &StoredRoom, seat: Option<Seat>, messages: &[String]) -> usize {
    // known[v]: what the seat may know once the room is at version v.
    let mut room = Room::new(stored.created.clone()).unwrap();
    let mut acc = CardSet::EMPTY;
    let mut deal = 0;
    let know = |room: &Room, acc: &mut CardSet| match seat {
        Some(s) => knowable(&room.session, s, acc),
        None => {
            let (mut a, mut b) = (CardSet::EMPTY, CardSet::EMPTY);
            knowable(&room.session, Seat::A, &mut a);
            knowable(&room.session, Seat::B, &mut b);
            *acc |= a & b;
        }
    };
    know(&room, &mut acc);
    let mut known = vec![acc];
    for (step, at) in &stored.steps {
        room.apply(step, *at).unwrap();
        if room.session.record.deals.len() != deal {
            deal = room.session.record.deals.len();
            acc = CardSet::EMPTY;
        }
        know(&room, &mut acc);
        known.push(acc);
    }
    let mut checked = 0;
    for text in messages {
        let value: Value = serde_json::from_str(text).unwrap();
        let mut named = CardSet::EMPTY;
        cards_named(&value, &mut named);
        let allowed = match value["type"].as_str() {
            // A view, whole or as what changed in it.
            Some("state" | "update") => known[value["seq"].as_u64().unwrap() as usize],
            // Nothing else names a card.
            _ => CardSet::EMPTY,
        };
        let leaked = named - allowed;
        assert!(
            leaked.is_empty(),
            "{seat:?} was sent {leaked} it may not know, in {text}"
        );
        checked += 1;
    }
    checked
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_clients_play_whole_games_in_every_preset_and_see_only_their_cards() {
    let run = Running::start("presets", |_| {}).await;
    let mut checked = 0;
    let mut state_messages = 0;
    for (i, preset) in Rules::IDS.iter().enumerate() {
        let (room, ta, tb) = run.room(preset, true).await;
        // A watcher too, from the start.
        let watch_url = run.ws_url(&room);
        let (mut watcher, _) = tokio_tungstenite::connect_async(&watch_url).await.unwrap();
        send(&mut watcher, json!({"type": "hello"})).await;
        let (a, b) = play_room(&run, &room, &ta, &tb, true, 10 * i as u64 + 1).await;
        for r in [&a, &b] {
            assert_eq!(r.failure, None, "{preset}");
            assert!(r.errors.is_empty(), "{preset}: {:?}", r.errors);
            assert_eq!(r.games_finished, 1, "{preset}");
        }
        assert!(a.actions + b.actions > 50, "{preset}: a whole game");
        // The watcher's messages, up to the end of the game.
        let mut seen = Vec::new();
        loop {
            let text = next_text(&mut watcher).await;
            let over = text.contains("\"stage\":\"game_over\"");
            seen.push(text);
            if over {
                break;
            }
        }
        let stored = read_room(&run.data, &room);
        assert_eq!(
            stored.steps.len() as u64,
            1 + a.actions + b.actions,
            "{preset}: the join and every change stored"
        );
        for (seat, messages) in [
            (Some(Seat::A), &a.messages),
            (Some(Seat::B), &b.messages),
            (None, &seen),
        ] {
            checked += check_hidden(&stored, seat, messages);
            state_messages += messages
                .iter()
                .filter(|m| m.contains("\"type\":\"state\"") || m.contains("\"type\":\"update\""))
                .count();
        }
        // The record, once the game is over: the replayable whole.
        let (mut ws, _) = tokio_tungstenite::connect_async(&run.ws_url(&room))
            .await
            .unwrap();
        send(&mut ws, json!({"type": "hello", "token": ta})).await;
        send(&mut ws, json!({"type": "record"})).await;
        let record = loop {
            let v: Value = serde_json::from_str(&next_text(&mut ws).await).unwrap();
            if v["type"] == "record" {
                break v;
            }
        };
        assert_eq!(record["game_number"], 1);
        let replayed = piquet_engine::Record::from_json(&record["record"].to_string()).unwrap();
        assert!(!replayed.deals.is_empty());
    }
    println!(
        "hidden information: {checked} messages checked over whole games of the 5 presets ({state_messages} of them views, whole or updates)"
    );
    assert!(checked > 2000, "{checked} messages checked");
    run.finish().await;
}

/// The status of a WebSocket handshake, with this `Origin`.
async fn ws_status(url: &str, origin: Option<&str>) -> u16 {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let mut req = url.into_client_request().unwrap();
    if let Some(o) = origin {
        req.headers_mut().insert("Origin", o.parse().unwrap());
    }
    match tokio_tungstenite::connect_async(req).await {
        Ok((_, response)) => response.status().as_u16(),
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => response.status().as_u16(),
        Err(e) => panic!("{e}"),
    }
}

async fn send(ws: &mut Ws, v: Value) {
    ws.send(Message::text(v.to_string())).await.unwrap();
}

async fn next_text(ws: &mut Ws) -> String {
    loop {
        let m = tokio::time::timeout(Duration::from_secs(30), ws.next())
            .await
            .expect("a message within 30 s")
            .expect("the connection open")
            .unwrap();
        if let Message::Text(t) = m {
            return t.to_string();
        }
    }
}

/// The next message of this type, skipping the others.
async fn next_of(ws: &mut Ws, kind: &str) -> Value {
    loop {
        let v: Value = serde_json::from_str(&next_text(ws).await).unwrap();
        if v["type"] == kind {
            return v;
        }
    }
}

async fn hello(run: &Running, room: &str, token: Option<&str>) -> (Ws, Value) {
    let (mut ws, _) = tokio_tungstenite::connect_async(&run.ws_url(room))
        .await
        .unwrap();
    match token {
        Some(t) => send(&mut ws, json!({"type": "hello", "token": t})).await,
        None => send(&mut ws, json!({"type": "hello"})).await,
    }
    let state = next_of(&mut ws, "state").await;
    (ws, state)
}

async fn expect_error(ws: &mut Ws, code: &str) -> Value {
    let v = next_of(ws, "error").await;
    assert_eq!(v["code"], code, "{v}");
    assert!(!v["fr"].as_str().unwrap().is_empty() && !v["en"].as_str().unwrap().is_empty());
    v
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_messages_get_a_named_error_and_change_nothing() {
    let run = Running::start("bad", |c| c.messages_per_sec = 1000).await;
    let (room, ta, tb) = run.room("classique", true).await;
    let (mut a, state) = hello(&run, &room, Some(&ta)).await;
    let (mut b, _) = hello(&run, &room, Some(&tb)).await;
    let seq = state["seq"].as_u64().unwrap();
    assert_eq!(state["view"]["stage"]["stage"], "deal_due");
    send(&mut a, json!({"type": "next_deal", "seq": seq})).await;
    assert_eq!(next_of(&mut a, "ack").await["seq"], seq + 1);
    let state = next_of(&mut b, "state").await;
    let seq = seq + 1;
    assert_eq!(state["seq"], seq);
    let to_act = state["view"]["to_act"].as_str().unwrap().to_string();
    let (mover, other) = if to_act == "A" {
        (&mut a, &mut b)
    } else {
        (&mut b, &mut a)
    };
    let other_hand: CardSet = {
        // A card of the other hand: the mover cannot hold it.
        let mut s = read_room(&run.data, &room);
        let r = Room::replay(s.created.clone(), std::mem::take(&mut s.steps)).unwrap();
        r.session
            .deal()
            .unwrap()
            .hand(if to_act == "A" { Seat::B } else { Seat::A })
    };
    let not_mine = other_hand.into_iter().next().unwrap().to_string();

    // Not JSON; not a message; a free-form message; an unknown field; a binary frame.
    for bad in [
        "{oops".to_string(),
        json!({"type": "shout"}).to_string(),
        json!({"type": "say", "message": "hello there"}).to_string(),
        json!({"type": "act", "seq": seq, "action": {"action": "play", "arg": "AS"}, "seat": to_act}).to_string(),
    ] {
        mover.send(Message::text(bad)).await.unwrap();
        expect_error(mover, "malformed").await;
    }
    mover.send(Message::binary(vec![1u8, 2, 3])).await.unwrap();
    expect_error(mover, "malformed").await;
    // Too large.
    let big = json!({"type": "say", "message": "x".repeat(5000)}).to_string();
    mover.send(Message::text(big)).await.unwrap();
    expect_error(mover, "too_large").await;
    // A second hello.
    send(mover, json!({"type": "hello", "token": ta})).await;
    expect_error(mover, "hello_first").await;
    // Out of turn: the other seat acts.
    send(
        other,
        json!({"type": "act", "seq": seq, "action": {"action": "declare", "arg": null}}),
    )
    .await;
    expect_error(other, "out_of_turn").await;
    // Illegal: a card the mover does not hold (whatever the phase, the engine names why).
    send(
        mover,
        json!({"type": "act", "seq": seq, "action": {"action": "play", "arg": not_mine}}),
    )
    .await;
    let e = expect_error(mover, "illegal").await;
    assert!(e["illegal"]["error"].is_string(), "{e}");
    // Stale: asked against an older version (and the current state is sent again).
    send(
        mover,
        json!({"type": "act", "seq": seq - 1, "action": {"action": "declare", "arg": null}}),
    )
    .await;
    expect_error(mover, "stale").await;
    assert_eq!(next_of(mover, "state").await["seq"], seq);
    // No deal is due; no choice is due.
    send(mover, json!({"type": "next_deal", "seq": seq})).await;
    expect_error(mover, "no_deal_due").await;
    send(
        mover,
        json!({"type": "choose_dealer", "seq": seq, "deal": true}),
    )
    .await;
    expect_error(mover, "no_choice_due").await;
    send(mover, json!({"type": "rematch"})).await;
    expect_error(mover, "game_not_over").await;
    send(mover, json!({"type": "record"})).await;
    expect_error(mover, "game_not_over").await;
    // A watcher may neither act nor speak.
    let (mut w, wstate) = hello(&run, &room, None).await;
    assert!(wstate["view"]["seat"].is_null());
    assert!(wstate["view"]["game"]["deal"].is_null());
    assert_eq!(wstate["view"]["public"]["hand_len"], json!([12, 12]));
    send(
        &mut w,
        json!({"type": "act", "seq": seq, "action": {"action": "declare", "arg": null}}),
    )
    .await;
    expect_error(&mut w, "wrong_seat").await;
    send(&mut w, json!({"type": "say", "message": "thanks"})).await;
    expect_error(&mut w, "wrong_seat").await;

    // Nothing changed: the room is still at `seq`, and the mover's legal decision is accepted.
    let stored = read_room(&run.data, &room);
    assert_eq!(stored.steps.len() as u64, seq);
    let r = Room::replay(stored.created, stored.steps).unwrap();
    let seat = r.session.to_act().unwrap();
    let view = r.session.game_view(seat).unwrap();
    let action: Action = piquet_ai::decide(piquet_ai::BotId::Random, &view, 1).unwrap();
    send(mover, json!({"type": "act", "seq": seq, "action": action})).await;
    assert_eq!(next_of(mover, "ack").await["seq"], seq + 1);
    // Fixed messages reach the other seat.
    send(mover, json!({"type": "say", "message": "well_played"})).await;
    let said = next_of(other, "said").await;
    assert_eq!(said["message"], "well_played");
    assert_eq!(said["seat"], to_act);
    send(mover, json!({"type": "ping"})).await;
    next_of(mover, "pong").await;

    // Before hello; an unknown token; watchers refused where not allowed.
    let (mut ws, _) = tokio_tungstenite::connect_async(&run.ws_url(&room))
        .await
        .unwrap();
    send(&mut ws, json!({"type": "ping"})).await;
    expect_error(&mut ws, "hello_first").await;
    send(&mut ws, json!({"type": "hello", "token": "0".repeat(32)})).await;
    expect_error(&mut ws, "unknown_token").await;
    let (private, pa, _) = run.room("ancien", false).await;
    let (mut ws, _) = tokio_tungstenite::connect_async(&run.ws_url(&private))
        .await
        .unwrap();
    send(&mut ws, json!({"type": "hello"})).await;
    expect_error(&mut ws, "watchers_not_allowed").await;
    assert!(!pa.is_empty());

    // HTTP: bad rules, bad names, too large, unknown room, full room, malformed.
    let addr = &run.addr;
    for (body, status, code) in [
        (json!({"name": "A", "preset": "nonesuch"}), 400, "bad_rules"),
        (
            json!({"name": "A", "preset": "classique", "move_limit_secs": 1}),
            400,
            "bad_rules",
        ),
        (json!({"name": "", "preset": "classique"}), 400, "bad_name"),
        (
            json!({"name": "A\u{0007}", "preset": "classique"}),
            400,
            "bad_name",
        ),
        (
            json!({"name": "A", "preset": "classique", "extra": 1}),
            400,
            "malformed",
        ),
        (
            json!({"name": "A".repeat(5000), "preset": "classique"}),
            413,
            "too_large",
        ),
    ] {
        let (s, v) = post_json(addr, "/api/rooms", &body).await.unwrap();
        assert_eq!((s, v["code"].as_str().unwrap()), (status, code), "{body}");
    }
    let (s, v) = post_json(
        addr,
        &format!("/api/rooms/{}/join", "f".repeat(32)),
        &json!({"name": "Eve"}),
    )
    .await
    .unwrap();
    assert_eq!((s, v["code"].as_str().unwrap()), (404, "unknown_room"));
    let (s, v) = post_json(
        addr,
        &format!("/api/rooms/{room}/join"),
        &json!({"name": "Eve"}),
    )
    .await
    .unwrap();
    assert_eq!((s, v["code"].as_str().unwrap()), (409, "room_full"));
    // The WebSocket of a room that does not exist; the Origin: the page's own host, or refused.
    assert_eq!(ws_status(&run.ws_url(&"f".repeat(32)), None).await, 404);
    assert_eq!(
        ws_status(&run.ws_url(&room), Some("https://evil.example")).await,
        403
    );
    assert_eq!(
        ws_status(&run.ws_url(&room), Some(&format!("http://{addr}"))).await,
        101
    );
    run.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn limits_on_rooms_per_address_and_messages_per_second() {
    let run = Running::start("limits", |c| {
        c.rooms_per_hour = 3;
        c.messages_per_sec = 5;
    })
    .await;
    // The first room, for the pings below; then two more; then refused.
    let (s, first) = post_json(
        &run.addr,
        "/api/rooms",
        &json!({"name": "A", "preset": "classique"}),
    )
    .await
    .unwrap();
    assert_eq!(s, 201);
    let mut statuses = Vec::new();
    for _ in 0..4 {
        let (s, v) = post_json(
            &run.addr,
            "/api/rooms",
            &json!({"name": "A", "preset": "classique"}),
        )
        .await
        .unwrap();
        statuses.push((s, v["code"].as_str().unwrap_or("").to_string()));
    }
    assert_eq!(statuses.iter().filter(|(s, _)| *s == 201).count(), 2);
    assert_eq!(statuses[3], (429, "rate_limited".to_string()));
    let created = (
        first["room"].as_str().unwrap().to_string(),
        first["token"].as_str().unwrap().to_string(),
    );
    let (mut ws, _) = hello(&run, &created.0, Some(&created.1)).await;
    for _ in 0..30 {
        send(&mut ws, json!({"type": "ping"})).await;
    }
    let mut pongs = 0;
    let mut limited = 0;
    while pongs + limited < 30 {
        let v: Value = serde_json::from_str(&next_text(&mut ws).await).unwrap();
        match v["type"].as_str().unwrap() {
            "pong" => pongs += 1,
            "error" => {
                assert_eq!(v["code"], "rate_limited");
                limited += 1;
            }
            _ => {}
        }
    }
    assert!(
        pongs >= 9 && limited >= 15,
        "{pongs} answered, {limited} refused"
    );
    run.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_reconnects_with_its_token_and_the_other_sees_it_go_and_come() {
    let run = Running::start("reconnect", |_| {}).await;
    let (room, ta, tb) = run.room("moderne", false).await;
    let (mut a, _) = hello(&run, &room, Some(&ta)).await;
    let (mut b, state) = hello(&run, &room, Some(&tb)).await;
    assert_eq!(state["view"]["seat"], "B");
    let p = next_of(&mut a, "presence").await;
    assert_eq!(
        (p["seat"].as_str(), p["connected"].as_bool()),
        (Some("B"), Some(true))
    );
    let seq = state["seq"].as_u64().unwrap();
    send(&mut b, json!({"type": "next_deal", "seq": seq})).await;
    next_of(&mut b, "ack").await;
    let before = next_of(&mut b, "state").await;
    let hand = before["view"]["game"]["deal"]["hand"].clone();
    // B drops; A is told; B comes back with the same token: the same seat, the same hand.
    b.close(None).await.unwrap();
    drop(b);
    let p = next_of(&mut a, "presence").await;
    assert_eq!(
        (p["seat"].as_str(), p["connected"].as_bool()),
        (Some("B"), Some(false))
    );
    let (mut b, again) = hello(&run, &room, Some(&tb)).await;
    assert_eq!(again["seq"], before["seq"]);
    assert_eq!(again["view"]["seat"], "B");
    assert_eq!(again["view"]["game"]["deal"]["hand"], hand);
    let p = next_of(&mut a, "presence").await;
    assert_eq!(
        (p["seat"].as_str(), p["connected"].as_bool()),
        (Some("B"), Some(true))
    );
    // A second tab of the same seat gets the same states.
    let (mut b2, _) = hello(&run, &room, Some(&tb)).await;
    let to_act = again["view"]["to_act"].as_str().unwrap();
    let mover = if to_act == "A" { &mut a } else { &mut b };
    let stored = read_room(&run.data, &room);
    let r = Room::replay(stored.created, stored.steps).unwrap();
    let seat = r.session.to_act().unwrap();
    let action = piquet_ai::decide(
        piquet_ai::BotId::Random,
        &r.session.game_view(seat).unwrap(),
        3,
    )
    .unwrap();
    let seq = again["seq"].as_u64().unwrap();
    send(mover, json!({"type": "act", "seq": seq, "action": action})).await;
    assert_eq!(next_of(&mut b2, "state").await["seq"], seq + 1);
    // The player's list of games: whose turn it is.
    let (s, v) = post_json(
        &run.addr,
        "/api/status",
        &json!({"rooms": [{"room": room, "token": ta}, {"room": room, "token": "0".repeat(32)}, {"room": "nope", "token": ta}]}),
    )
    .await
    .unwrap();
    assert_eq!(s, 200);
    let rooms = v["rooms"].as_array().unwrap();
    assert_eq!(rooms.len(), 1);
    assert_eq!(rooms[0]["seat"], "A");
    assert_eq!(rooms[0]["names"], json!(["Alice", "Bob"]));
    assert_eq!(
        rooms[0]["my_turn"].as_bool(),
        Some(r.session.to_act() != Some(Seat::A) || seat != Seat::A)
    );
    run.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_database_copied_mid_game_reopens_and_the_game_goes_on() {
    let run = Running::start("crash", |_| {}).await;
    let (room, ta, tb) = run.room("rubicon", false).await;
    // The two bots play at full speed; the files are copied while they do.
    let give_up = Instant::now() + Duration::from_secs(240);
    let (ua, ub) = (run.ws_url(&room), run.ws_url(&room));
    let (ta2, tb2) = (ta.clone(), tb.clone());
    let a = tokio::spawn(async move { play_seat(&ua, &ta2, bot(5, false), give_up).await });
    let b = tokio::spawn(async move { play_seat(&ub, &tb2, bot(6, false), give_up).await });
    // Until the game is well under way.
    let mut steps_before = 0;
    for _ in 0..200 {
        tokio::time::sleep(Duration::from_millis(20)).await;
        steps_before = read_room(&run.data, &room).steps.len();
        if steps_before >= 40 {
            break;
        }
    }
    assert!(steps_before >= 40, "the game is under way");
    let copy = run.data.with_extension("copy");
    std::fs::create_dir_all(&copy).unwrap();
    let db = db_path(&run.data);
    for suffix in ["", "-wal"] {
        let from = PathBuf::from(format!("{}{suffix}", db.display()));
        if from.exists() {
            std::fs::copy(
                &from,
                PathBuf::from(format!("{}{suffix}", db_path(&copy).display())),
            )
            .unwrap();
        }
    }
    let (a, b) = (a.await.unwrap(), b.await.unwrap());
    assert_eq!((a.games_finished, b.games_finished), (1, 1));
    run.finish().await;

    // The copy: a server opened on it loads the room where the copy caught it, at least as
    // far as what was stored before it, and the game goes on to its end.
    let again = Running::on(copy.clone(), |_| {}).await;
    let stored = read_room(&copy, &room);
    assert!(
        stored.steps.len() >= steps_before,
        "nothing stored before the copy is lost"
    );
    let (_, state) = hello(&again, &room, Some(&ta)).await;
    assert_eq!(state["seq"].as_u64().unwrap() as usize, stored.steps.len());
    assert_ne!(state["view"]["stage"]["stage"], "game_over");
    let (a, b) = play_room(&again, &room, &ta, &tb, false, 9).await;
    assert_eq!((a.games_finished, b.games_finished), (1, 1));
    assert!(a.errors.is_empty() && b.errors.is_empty());
    again.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_rooms_expire_and_their_games_stay_as_records() {
    let run = Running::start("expiry", |_| {}).await;
    let (waiting, _) = {
        let (s, v) = post_json(
            &run.addr,
            "/api/rooms",
            &json!({"name": "Alice", "preset": "150"}),
        )
        .await
        .unwrap();
        assert_eq!(s, 201);
        (v["room"].as_str().unwrap().to_string(), ())
    };
    let (playing, _, _) = run.room("classique", false).await;
    let now = now_ms();
    assert_eq!(
        run.server.sweep(now + 6 * 24 * 3600 * 1000).await,
        0,
        "a week to be joined"
    );
    assert_eq!(run.server.sweep(now + 8 * 24 * 3600 * 1000).await, 1);
    let (s, v) = post_json(
        &run.addr,
        &format!("/api/rooms/{waiting}/join"),
        &json!({"name": "Bob"}),
    )
    .await
    .unwrap();
    assert_eq!((s, v["code"].as_str().unwrap()), (404, "unknown_room"));
    assert_eq!(run.server.sweep(now + 31 * 24 * 3600 * 1000).await, 1);
    assert_eq!(run.server.room_count(), 0);
    let kept = read_room(&run.data, &playing);
    assert!(
        kept.expired && kept.steps.len() == 1,
        "the room stays in the database"
    );
    let data = run.data.clone();
    run.stop().await;
    // A restart does not load expired rooms.
    let again = Running::on(data, |_| {}).await;
    assert_eq!(again.server.room_count(), 0);
    again.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_short_load_test_with_the_server_killed_and_restarted_finishes_every_game() {
    // The fault mode needs the binary (a child process to kill): only when cargo built it.
    let Some(exe) = option_env!("CARGO_BIN_EXE_piquet-server") else {
        return;
    };
    let out = tokio::process::Command::new(exe)
        .args([
            "bench",
            "--rooms",
            "6",
            "--delay-ms",
            "5",
            "--jitter-ms",
            "10",
            "--kill-at",
            "2",
            "--limit",
            "240",
            "--json",
        ])
        .output()
        .await
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let report: Value = serde_json::from_str(text.trim())
        .unwrap_or_else(|e| panic!("{e}: {text} {}", String::from_utf8_lossy(&out.stderr)));
    assert_eq!(report["games_finished"], 6, "{report}");
    assert_eq!(report["fault"]["games_resumed"], 6, "{report}");
    assert_eq!(report["fault"]["rooms_loaded"], 6, "{report}");
    assert!(
        report["fault"]["reconnects"].as_u64().unwrap() >= 12,
        "{report}"
    );
    assert_eq!(report["errors"], 0, "{report}");
    assert!(out.status.success());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_link_tells_who_plays_and_the_players_are_told_who_watches() {
    use piquet_server::client::http;
    let run = Running::start("watch", |_| {}).await;
    // Before Bob joins: Alice's name and the settings, the seat free.
    let (s, created) = post_json(
        &run.addr,
        "/api/rooms",
        &json!({"name": "Alice", "preset": "rubicon", "watchers": true, "move_limit_secs": 86400}),
    )
    .await
    .unwrap();
    assert_eq!(s, 201);
    let room = created["room"].as_str().unwrap().to_string();
    let info = |room: String| {
        let addr = run.addr.clone();
        async move {
            let (s, body) = http(&addr, "GET", &format!("/api/rooms/{room}"), None, &[])
                .await
                .unwrap();
            (s, serde_json::from_str::<Value>(&body).unwrap())
        }
    };
    let (s, v) = info(room.clone()).await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["names"], json!(["Alice", null]));
    assert_eq!(v["settings"]["watchers"], true);
    assert_eq!(v["settings"]["move_limit_secs"], 86400);
    assert_eq!(v["game_number"], 1);
    let (s, joined) = post_json(
        &run.addr,
        &format!("/api/rooms/{room}/join"),
        &json!({"name": "Bob"}),
    )
    .await
    .unwrap();
    assert_eq!(s, 200);
    let (_, v) = info(room.clone()).await;
    assert_eq!(v["names"], json!(["Alice", "Bob"]));
    // Nothing of the game, nor any token.
    let text = v.to_string();
    assert!(!text.contains(created["token"].as_str().unwrap()));
    assert!(!text.contains(joined["token"].as_str().unwrap()));
    assert!(v.get("view").is_none() && v.get("stage").is_none());
    for bad in ["f".repeat(32), "nope".to_string()] {
        let (s, v) = info(bad).await;
        assert_eq!((s, v["code"].as_str().unwrap()), (404, "unknown_room"));
    }

    // The players hear of each watcher who comes and goes.
    let ta = created["token"].as_str().unwrap().to_string();
    let (mut a, state) = hello(&run, &room, Some(&ta)).await;
    assert_eq!(next_of(&mut a, "watchers").await["count"], 0);
    assert!(state["view"]["deadline_ms"].as_u64().unwrap() > now_ms());
    assert_eq!(state["view"]["timed_out"], json!([0, 0]));
    let (w1, wstate) = hello(&run, &room, None).await;
    assert!(wstate["view"]["seat"].is_null());
    assert_eq!(wstate["view"]["names"], json!(["Alice", "Bob"]));
    assert_eq!(next_of(&mut a, "watchers").await["count"], 1);
    let (mut w2, _) = hello(&run, &room, None).await;
    assert_eq!(next_of(&mut a, "watchers").await["count"], 2);
    assert_eq!(next_of(&mut w2, "watchers").await["count"], 2);
    drop(w1);
    assert_eq!(next_of(&mut a, "watchers").await["count"], 1);
    run.finish().await;
}

/// A GET of `path` with this `Accept-Encoding`: (status, the response's head in lower case,
/// its body's bytes).
async fn get_raw(addr: &str, path: &str, accept: Option<&str>) -> (u16, String, Vec<u8>) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let mut req = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    if let Some(a) = accept {
        req.push_str(&format!("Accept-Encoding: {a}\r\n"));
    }
    req.push_str("\r\n");
    stream.write_all(req.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).await.unwrap();
    let split = raw.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
    let head = String::from_utf8_lossy(&raw[..split]).to_ascii_lowercase();
    let status = head.split_whitespace().nth(1).unwrap().parse().unwrap();
    (status, head, raw[split + 4..].to_vec())
}

#[tokio::test]
async fn the_app_is_sent_precompressed_to_a_browser_that_accepts_it() {
    let dist =
        std::env::temp_dir().join(format!("piquet-dist-{}-{}", std::process::id(), now_ms()));
    std::fs::create_dir_all(&dist).unwrap();
    // The copies' contents differ from the file's, so the test sees which one was sent.
    for (name, body) in [
        ("index.html", "<!doctype html>page"),
        ("index.html.br", "page, brotli"),
        ("index.html.gz", "page, gzip"),
        ("play_bg.wasm", "\0asm the play wasm"),
        ("play_bg.wasm.br", "the play wasm, brotli"),
        ("play_bg.wasm.gz", "the play wasm, gzip"),
        ("icon.png", "a picture"),
    ] {
        std::fs::write(dist.join(name), body).unwrap();
    }
    let run = Running::start("precompressed", |c| c.dist = dist.clone()).await;
    let cases: [(&str, Option<&str>, &str, Option<&str>); 7] = [
        (
            "/play_bg.wasm",
            Some("gzip, deflate, br, zstd"),
            "the play wasm, brotli",
            Some("br"),
        ),
        (
            "/play_bg.wasm",
            Some("gzip"),
            "the play wasm, gzip",
            Some("gzip"),
        ),
        ("/play_bg.wasm", None, "\0asm the play wasm", None),
        ("/index.html", Some("br"), "page, brotli", Some("br")),
        // An address the app routes itself gets index.html, compressed the same way.
        ("/some/screen", Some("gzip, br"), "page, brotli", Some("br")),
        ("/icon.png", Some("gzip, br"), "a picture", None),
        (
            "/play_bg.wasm",
            Some("identity"),
            "\0asm the play wasm",
            None,
        ),
    ];
    for (path, accept, body, encoding) in cases {
        let (status, head, got) = get_raw(&run.addr, path, accept).await;
        assert_eq!(status, 200, "{path} {accept:?}: {head}");
        assert_eq!(String::from_utf8_lossy(&got), body, "{path} {accept:?}");
        match encoding {
            Some(e) => assert!(
                head.contains(&format!("content-encoding: {e}")),
                "{path} {accept:?}: {head}"
            ),
            None => assert!(
                !head.contains("content-encoding"),
                "{path} {accept:?}: {head}"
            ),
        }
        if path.ends_with(".wasm") {
            // The type is the file's, not its copy's: the browser compiles the wasm as it comes.
            assert!(head.contains("content-type: application/wasm"), "{head}");
            assert!(head.contains("vary: accept-encoding"), "{head}");
        }
    }
    run.finish().await;
    let _ = std::fs::remove_dir_all(&dist);
}
