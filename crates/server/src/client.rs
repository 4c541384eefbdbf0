//! A client of the server for the tests and the load test: a minimal HTTP/1.1 client for the
//! JSON API, and a bot that plays one seat over a real WebSocket — random legal decisions, a
//! short delay before each, the latency of each acknowledgement measured, reconnecting by
//! itself (with backoff) when the connection drops.

use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use piquet_ai::BotId;
use piquet_engine::{Seat, SplitMix64};
use piquet_table::online::{ClientMessage, ErrorMessage, ServerMessage, Stage};
use piquet_table::online_patch::Views;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;

/// Why a client request failed.
#[derive(Debug)]
pub struct ClientError(pub String);

impl std::fmt::Display for ClientError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ClientError {}

fn io(e: impl std::fmt::Display) -> ClientError {
    ClientError(e.to_string())
}

/// `POST` (with a body) or `GET` (without) to `host:port`, `Connection: close`: the status and
/// the body.
pub async fn http(
    addr: &str,
    method: &str,
    path: &str,
    body: Option<&str>,
    headers: &[(&str, &str)],
) -> Result<(u16, String), ClientError> {
    let mut stream = TcpStream::connect(addr).await.map_err(io)?;
    let mut req = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    for (k, v) in headers {
        req.push_str(&format!("{k}: {v}\r\n"));
    }
    if let Some(b) = body {
        req.push_str(&format!(
            "Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{b}",
            b.len()
        ));
    } else {
        req.push_str("\r\n");
    }
    stream.write_all(req.as_bytes()).await.map_err(io)?;
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).await.map_err(io)?;
    let raw = String::from_utf8_lossy(&raw);
    let (head, body) = raw
        .split_once("\r\n\r\n")
        .ok_or_else(|| ClientError("no HTTP header".into()))?;
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| ClientError(format!("bad status line: {head}")))?;
    let chunked = head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked");
    let body = if chunked {
        dechunk(body)
    } else {
        body.to_string()
    };
    Ok((status, body))
}

fn dechunk(mut body: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = body.split_once("\r\n") {
        let Ok(n) = usize::from_str_radix(size.trim(), 16) else {
            break;
        };
        if n == 0 || rest.len() < n {
            break;
        }
        out.push_str(&rest[..n]);
        body = rest[n..].trim_start_matches("\r\n");
    }
    out
}

/// `POST` a JSON value, read a JSON value back.
pub async fn post_json(
    addr: &str,
    path: &str,
    body: &serde_json::Value,
) -> Result<(u16, serde_json::Value), ClientError> {
    let (status, text) = http(addr, "POST", path, Some(&body.to_string()), &[]).await?;
    let value = serde_json::from_str(&text).map_err(|e| ClientError(format!("{e}: {text}")))?;
    Ok((status, value))
}

/// How a bot plays.
#[derive(Clone, Debug)]
pub struct BotOptions {
    /// The shortest wait before each decision.
    pub delay: Duration,
    /// A random extra wait, up to this much.
    pub jitter: Duration,
    pub seed: u64,
    /// The seat that asks for each next deal (the other waits).
    pub dealer_asker: Seat,
    /// Reconnect when the connection drops (backoff 100 ms doubling to 2 s), until `give_up`.
    pub reconnect: bool,
    /// Keep every message received (the hidden-information test).
    pub keep_messages: bool,
    /// Stop after the first game (otherwise play `games` games, asking rematches).
    pub games: u32,
    /// Ask for each next view as what changed (`update`) instead of whole.
    pub updates: bool,
}

impl Default for BotOptions {
    fn default() -> BotOptions {
        BotOptions {
            delay: Duration::ZERO,
            jitter: Duration::ZERO,
            seed: 1,
            dealer_asker: Seat::A,
            reconnect: false,
            keep_messages: false,
            games: 1,
            updates: true,
        }
    }
}

/// What a bot saw.
#[derive(Clone, Debug, Default)]
pub struct BotReport {
    pub seat: Option<Seat>,
    /// Games seen to their end.
    pub games_finished: u32,
    /// Changes acknowledged (decisions, deals, the cut's choice, rematches).
    pub actions: u64,
    /// From sending a change to its acknowledgement, in microseconds.
    pub latencies_us: Vec<u64>,
    /// Errors received.
    pub errors: Vec<ErrorMessage>,
    pub bytes_received: u64,
    pub messages_received: u64,
    /// Every message received, when kept.
    pub messages: Vec<String>,
    /// Connections made after the first.
    pub reconnects: u32,
    /// Why it stopped before its games were over, if it did.
    pub failure: Option<String>,
}

/// Plays `token`'s seat of the room at `ws_url` (`ws://host:port/api/rooms/{id}/ws`) until its
/// games are over, or until `give_up`.
pub async fn play_seat(ws_url: &str, token: &str, opts: BotOptions, give_up: Instant) -> BotReport {
    let mut report = BotReport::default();
    let mut rng = SplitMix64::new(opts.seed);
    let mut backoff = Duration::from_millis(100);
    let mut first = true;
    loop {
        if Instant::now() >= give_up {
            report.failure = Some("gave up: out of time".into());
            return report;
        }
        if !first {
            report.reconnects += 1;
        }
        first = false;
        let outcome = one_connection(ws_url, token, &opts, &mut rng, &mut report, give_up).await;
        match outcome {
            Ok(true) => return report,
            Ok(false) | Err(_) if opts.reconnect => {
                tokio::time::sleep(backoff).await;
                backoff = (backoff * 2).min(Duration::from_secs(2));
            }
            Ok(false) => {
                report.failure = Some("the connection closed".into());
                return report;
            }
            Err(e) => {
                report.failure = Some(e.0);
                return report;
            }
        }
    }
}

/// One connection: `Ok(true)` when the games are over, `Ok(false)` when it closed before.
async fn one_connection(
    ws_url: &str,
    token: &str,
    opts: &BotOptions,
    rng: &mut SplitMix64,
    report: &mut BotReport,
    give_up: Instant,
) -> Result<bool, ClientError> {
    // The version this connection asked a change against: a change asked before a reconnection
    // that did not land is asked again (the state's version did not move).
    let mut acted_on: Option<u64> = None;
    let config = tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default()
        .read_buffer_size(16 * 1024)
        .write_buffer_size(4 * 1024);
    let (mut ws, _) = tokio_tungstenite::connect_async_with_config(ws_url, Some(config), true)
        .await
        .map_err(io)?;
    let hello = ClientMessage::Hello {
        token: Some(token.to_string()),
        updates: opts.updates,
    };
    // The view last received, to which the updates apply.
    let mut views = Views::default();
    ws.send(Message::text(serde_json::to_string(&hello).map_err(io)?))
        .await
        .map_err(io)?;
    let mut sent_at: Option<Instant> = None;
    let mut last_game_over: Option<u32> = None;
    loop {
        let left = give_up.saturating_duration_since(Instant::now());
        let msg = match tokio::time::timeout(left, ws.next()).await {
            Err(_) => return Err(ClientError("gave up: out of time".into())),
            Ok(None) | Ok(Some(Err(_))) => return Ok(false),
            Ok(Some(Ok(m))) => m,
        };
        let text = match msg {
            Message::Text(t) => t,
            Message::Close(_) => return Ok(false),
            _ => continue,
        };
        report.bytes_received += text.len() as u64;
        report.messages_received += 1;
        if opts.keep_messages {
            report.messages.push(text.to_string());
        }
        let message: ServerMessage = views
            .read(text.as_str())
            .map_err(|e| ClientError(format!("unreadable message from the server: {e}")))?;
        let (seq, view) = match message {
            ServerMessage::Welcome { seat, .. } => {
                report.seat = seat;
                continue;
            }
            ServerMessage::Ack { .. } => {
                if let Some(t) = sent_at.take() {
                    report.latencies_us.push(t.elapsed().as_micros() as u64);
                }
                report.actions += 1;
                continue;
            }
            ServerMessage::Error(e) => {
                sent_at = None;
                report.errors.push(e);
                continue;
            }
            ServerMessage::State { seq, view } => (seq, view),
            _ => continue,
        };
        let Some(me) = view.seat else {
            return Err(ClientError("the bot holds no seat".into()));
        };
        if acted_on == Some(seq) {
            continue;
        }
        let request = match view.stage {
            Stage::GameOver => {
                if last_game_over != Some(view.game_number) {
                    last_game_over = Some(view.game_number);
                    report.games_finished = report.games_finished.max(view.game_number);
                }
                if view.game_number >= opts.games {
                    let _ = ws.close(None).await;
                    return Ok(true);
                }
                if view.rematch[me.index()] {
                    continue;
                }
                ClientMessage::Rematch
            }
            Stage::WaitingForOpponent => continue,
            Stage::ChoosingDealer { chooser } if chooser == me => ClientMessage::ChooseDealer {
                seq,
                deal: rng.below(2) == 0,
            },
            Stage::DealDue if me == opts.dealer_asker => ClientMessage::NextDeal { seq },
            Stage::Playing { to_act } if to_act == me => {
                let Some(game) = view.game.as_ref() else {
                    continue;
                };
                let action = piquet_ai::decide(BotId::Random, game, rng.next_u64())
                    .map_err(|e| ClientError(format!("the bot found no decision: {e:?}")))?;
                ClientMessage::Act { seq, action }
            }
            _ => continue,
        };
        acted_on = Some(seq);
        let jitter = opts.jitter.as_millis() as u32;
        let wait = opts.delay
            + Duration::from_millis(if jitter > 0 {
                u64::from(rng.below(jitter))
            } else {
                0
            });
        if !wait.is_zero() {
            tokio::time::sleep(wait).await;
        }
        sent_at = Some(Instant::now());
        ws.send(Message::text(serde_json::to_string(&request).map_err(io)?))
            .await
            .map_err(io)?;
    }
}
