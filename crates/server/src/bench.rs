//! The load test: N rooms of two bot clients over real WebSockets on 127.0.0.1, every room at
//! once, each bot answering after a short delay; and its fault mode, where the server runs as
//! a child process, is killed (`SIGKILL`) under that load, restarted on the same data, and
//! every game must resume and finish.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use piquet_engine::{Rules, Seat};
use serde::Serialize;
use tokio::sync::Semaphore;

use crate::client::{BotOptions, BotReport, http, play_seat, post_json};
use crate::config::Config;
use crate::server::{Server, serve};

/// What the load test is asked.
#[derive(Clone, Debug)]
pub struct BenchOptions {
    pub rooms: usize,
    /// Each bot's shortest wait before a decision, and the random extra on top.
    pub delay: Duration,
    pub jitter: Duration,
    /// A server already running (`http://127.0.0.1:8080`); otherwise one is started.
    pub url: Option<String>,
    /// Fault mode: kill the server this long after the games start, then restart it.
    pub kill_at: Option<Duration>,
    /// Give up on games not over after this long.
    pub limit: Duration,
    /// Where the started server keeps its data (a fresh temporary folder by default).
    pub data: Option<PathBuf>,
    /// The bots ask for each next view as what changed (`update`), as the app does; `false`
    /// (`--whole-states`): every view whole, as before updates existed.
    pub updates: bool,
}

/// Latencies in milliseconds.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Latency {
    pub p50: f64,
    pub p99: f64,
    pub max: f64,
}

/// The in-process server's commits.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct StorageReport {
    pub batches: u64,
    pub writes_per_batch: f64,
    pub commit_ms: Latency,
}

/// The fault test's result.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Fault {
    pub killed_after_ms: u64,
    /// From the kill to the restarted server answering `/api/health`.
    pub restarted_in_ms: u64,
    /// Rooms the restarted server loaded back.
    pub rooms_loaded: usize,
    /// Connections the bots made again.
    pub reconnects: u32,
    /// Games over in the end, among those under way at the kill.
    pub games_resumed: usize,
}

/// The load test's result, printed as JSON.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct BenchReport {
    pub rooms: usize,
    pub games_finished: usize,
    pub actions: u64,
    pub actions_per_sec: f64,
    pub latency_ms: Latency,
    pub errors: usize,
    pub bytes_per_room: u64,
    pub seconds: f64,
    pub delay_ms: [u64; 2],
    /// Whether the bots asked for updates (what changed) rather than whole views.
    pub updates: bool,
    /// The CPU time of this process (the server when it runs in it, and every bot) while the
    /// games were played, per action, in ms (Linux: `/proc/self/stat`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cpu_ms_per_action: Option<f64>,
    /// This process's largest resident memory, in MB (Linux: `/proc/self/status`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_rss_mb: Option<f64>,
    /// The server's commits to disk (in-process server only): batches, changes per batch, and
    /// the time of each commit (its `fsync` included), in ms.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub storage: Option<StorageReport>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fault: Option<Fault>,
    /// The first few failures, if any (a bot stopped early, an error's code).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub failures: Vec<String>,
}

/// The server being tested: in this process, or a child process (fault mode).
enum Target {
    InProcess(Arc<Server>),
    Child {
        exe: PathBuf,
        port: u16,
        data: PathBuf,
        child: Box<tokio::process::Child>,
    },
    External,
}

fn free_port() -> std::io::Result<u16> {
    let l = std::net::TcpListener::bind("127.0.0.1:0")?;
    Ok(l.local_addr()?.port())
}

fn temp_data() -> PathBuf {
    std::env::temp_dir().join(format!(
        "piquet-bench-{}-{}",
        std::process::id(),
        crate::server::now_ms()
    ))
}

fn spawn_child(exe: &PathBuf, port: u16, data: &PathBuf) -> std::io::Result<tokio::process::Child> {
    tokio::process::Command::new(exe)
        .arg("serve")
        .env("PORT", port.to_string())
        .env("PIQUET_BIND", "127.0.0.1")
        .env("PIQUET_DATA", data)
        .env("PIQUET_DIST", data.join("no-app"))
        .env("PIQUET_ROOMS_PER_HOUR", "1000000")
        .env("PIQUET_MESSAGES_PER_SEC", "50")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::inherit())
        .kill_on_drop(true)
        .spawn()
}

async fn wait_healthy(addr: &str, within: Duration) -> Result<(), String> {
    let until = Instant::now() + within;
    while Instant::now() < until {
        if let Ok((200, body)) = http(addr, "GET", "/api/health", None, &[]).await {
            if body.contains("\"ok\":true") {
                return Ok(());
            }
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    Err(format!("the server at {addr} did not answer /api/health"))
}

/// This process's CPU time so far (user and system), in ms: `/proc/self/stat`'s fields 14 and
/// 15, in the kernel's clock ticks of 10 ms (`USER_HZ`, 100 on Linux). `None` elsewhere.
fn cpu_ms() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The command's name, in parentheses, may hold spaces: count the fields after it.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks = |i: usize| fields.get(i)?.parse::<f64>().ok();
    Some((ticks(11)? + ticks(12)?) * 10.0)
}

/// This process's largest resident memory, in MB (`VmHWM` of `/proc/self/status`).
fn max_rss_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let kb: f64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))?
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    Some((kb / 1024.0).round())
}

fn percentile(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)] as f64 / 1000.0
}

/// Runs the load test.
pub async fn run(opts: BenchOptions) -> Result<BenchReport, String> {
    // A data folder of its own, removed at the end, unless one was named.
    let data = opts.data.clone().unwrap_or_else(temp_data);
    let result = run_on(&opts, data.clone()).await;
    if opts.data.is_none() {
        let _ = std::fs::remove_dir_all(&data);
    }
    result
}

async fn run_on(opts: &BenchOptions, data: PathBuf) -> Result<BenchReport, String> {
    let (addr, mut target) = match (&opts.url, opts.kill_at) {
        (Some(url), None) => {
            let addr = url
                .trim_start_matches("http://")
                .trim_end_matches('/')
                .to_string();
            (addr, Target::External)
        }
        (Some(_), Some(_)) => return Err("--kill-at starts its own server: drop --url".into()),
        (None, Some(_)) => {
            let exe = std::env::current_exe().map_err(|e| e.to_string())?;
            let port = free_port().map_err(|e| e.to_string())?;
            let child = spawn_child(&exe, port, &data).map_err(|e| e.to_string())?;
            (
                format!("127.0.0.1:{port}"),
                Target::Child {
                    exe,
                    port,
                    data,
                    child: Box::new(child),
                },
            )
        }
        (None, None) => {
            let config = Config {
                bind: [127, 0, 0, 1].into(),
                port: 0,
                data,
                dist: std::env::temp_dir().join("piquet-bench-no-app"),
                rooms_per_hour: u32::MAX,
                messages_per_sec: 50,
                ..Config::default()
            };
            let (server, _) = Server::open(config).map_err(|e| e.to_string())?;
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
                .await
                .map_err(|e| e.to_string())?;
            let addr = listener
                .local_addr()
                .map_err(|e| e.to_string())?
                .to_string();
            tokio::spawn(serve(server.clone(), listener, std::future::pending()));
            (addr, Target::InProcess(server))
        }
    };
    wait_healthy(&addr, Duration::from_secs(30)).await?;

    // The rooms, created and joined over HTTP, a few at a time.
    let gate = Arc::new(Semaphore::new(32));
    let mut creating = Vec::new();
    for i in 0..opts.rooms {
        let addr = addr.clone();
        let gate = gate.clone();
        creating.push(tokio::spawn(async move {
            let _permit = gate.acquire().await.map_err(|e| e.to_string())?;
            let preset = Rules::IDS[i % Rules::IDS.len()];
            let (status, created) = post_json(
                &addr,
                "/api/rooms",
                &serde_json::json!({"name": format!("A{i}"), "preset": preset, "watchers": false}),
            )
            .await
            .map_err(|e| e.to_string())?;
            if status != 201 {
                return Err(format!("create: {status} {created}"));
            }
            let room = created["room"].as_str().unwrap_or_default().to_string();
            let (status, joined) = post_json(
                &addr,
                &format!("/api/rooms/{room}/join"),
                &serde_json::json!({"name": format!("B{i}")}),
            )
            .await
            .map_err(|e| e.to_string())?;
            if status != 200 {
                return Err(format!("join: {status} {joined}"));
            }
            Ok::<_, String>((
                room,
                created["token"].as_str().unwrap_or_default().to_string(),
                joined["token"].as_str().unwrap_or_default().to_string(),
            ))
        }));
    }
    let mut rooms = Vec::new();
    for c in creating {
        rooms.push(c.await.map_err(|e| e.to_string())??);
    }

    let started = Instant::now();
    let cpu_before = cpu_ms();
    let give_up = started + opts.limit;
    let reconnect = opts.kill_at.is_some();
    let mut bots = Vec::new();
    for (i, (room, ta, tb)) in rooms.iter().enumerate() {
        for (k, token) in [ta, tb].into_iter().enumerate() {
            let url = format!("ws://{addr}/api/rooms/{room}/ws");
            let token = token.clone();
            let bot = BotOptions {
                delay: opts.delay,
                jitter: opts.jitter,
                seed: (i * 2 + k) as u64 + 1,
                dealer_asker: Seat::A,
                reconnect,
                keep_messages: false,
                games: 1,
                updates: opts.updates,
            };
            bots.push(tokio::spawn(async move {
                play_seat(&url, &token, bot, give_up).await
            }));
        }
    }

    let mut fault = None;
    if let (Some(kill_at), Target::Child { .. }) = (opts.kill_at, &target) {
        tokio::time::sleep(kill_at).await;
        if let Target::Child {
            exe,
            port,
            data,
            child,
        } = &mut target
        {
            child.start_kill().map_err(|e| e.to_string())?;
            let _ = child.wait().await;
            let killed = Instant::now();
            **child = spawn_child(exe, *port, data).map_err(|e| e.to_string())?;
            wait_healthy(&addr, Duration::from_secs(60)).await?;
            let restarted_in_ms = killed.elapsed().as_millis() as u64;
            let (_, health) = http(&addr, "GET", "/api/health", None, &[])
                .await
                .map_err(|e| e.to_string())?;
            let rooms_loaded = serde_json::from_str::<serde_json::Value>(&health)
                .ok()
                .and_then(|h| h["rooms"].as_u64())
                .unwrap_or(0) as usize;
            fault = Some(Fault {
                killed_after_ms: kill_at.as_millis() as u64,
                restarted_in_ms,
                rooms_loaded,
                reconnects: 0,
                games_resumed: 0,
            });
        }
    }

    let mut reports: Vec<BotReport> = Vec::new();
    for b in bots {
        reports.push(b.await.map_err(|e| e.to_string())?);
    }
    let seconds = started.elapsed().as_secs_f64();
    let cpu = cpu_before.zip(cpu_ms()).map(|(a, b)| b - a);
    let mut latencies: Vec<u64> = reports
        .iter()
        .flat_map(|r| r.latencies_us.iter().copied())
        .collect();
    latencies.sort_unstable();
    let games_finished = reports
        .chunks(2)
        .filter(|pair| pair.iter().all(|r| r.games_finished >= 1))
        .count();
    let actions: u64 = reports.iter().map(|r| r.actions).sum();
    let errors: usize = reports.iter().map(|r| r.errors.len()).sum();
    let bytes: u64 = reports.iter().map(|r| r.bytes_received).sum();
    let mut failures: Vec<String> = reports
        .iter()
        .filter_map(|r| r.failure.clone())
        .chain(
            reports
                .iter()
                .flat_map(|r| r.errors.iter().map(|e| format!("{:?}: {}", e.code, e.en))),
        )
        .collect();
    failures.sort();
    failures.dedup();
    failures.truncate(8);
    if let Some(f) = &mut fault {
        f.reconnects = reports.iter().map(|r| r.reconnects).sum();
        f.games_resumed = games_finished;
    }
    if let Target::Child { child, .. } = &mut target {
        let _ = child.start_kill();
        let _ = child.wait().await;
    }
    let storage = match &target {
        Target::InProcess(server) => {
            let s = server.commit_stats();
            let mut us: Vec<u64> = s.commit_us.iter().map(|&u| u64::from(u)).collect();
            us.sort_unstable();
            Some(StorageReport {
                batches: s.batches,
                writes_per_batch: if s.batches > 0 {
                    (s.writes as f64 / s.batches as f64 * 10.0).round() / 10.0
                } else {
                    0.0
                },
                commit_ms: Latency {
                    p50: percentile(&us, 0.5),
                    p99: percentile(&us, 0.99),
                    max: percentile(&us, 1.0),
                },
            })
        }
        _ => None,
    };
    Ok(BenchReport {
        rooms: opts.rooms,
        games_finished,
        actions,
        actions_per_sec: (actions as f64 / seconds * 10.0).round() / 10.0,
        latency_ms: Latency {
            p50: percentile(&latencies, 0.50),
            p99: percentile(&latencies, 0.99),
            max: percentile(&latencies, 1.0),
        },
        errors,
        bytes_per_room: if opts.rooms > 0 {
            bytes / opts.rooms as u64
        } else {
            0
        },
        seconds: (seconds * 10.0).round() / 10.0,
        delay_ms: [
            opts.delay.as_millis() as u64,
            (opts.delay + opts.jitter).as_millis() as u64,
        ],
        updates: opts.updates,
        cpu_ms_per_action: cpu
            .filter(|_| actions > 0)
            .map(|ms| (ms / actions as f64 * 1000.0).round() / 1000.0),
        max_rss_mb: max_rss_mb(),
        storage,
        fault,
        failures,
    })
}
