//! `piquet-server`: serves the app and the rooms (`piquet-server` or `piquet-server serve`,
//! settings from the environment: docs/server.md), or runs the load test
//! (`piquet-server bench --rooms N --json`).

use std::process::ExitCode;
use std::time::Duration;

use piquet_server::bench::{self, BenchOptions};
use piquet_server::config::Config;
use piquet_server::server::{Server, serve};

const USAGE: &str = "\
usage: piquet-server [serve]
       piquet-server bench [--rooms N] [--delay-ms MS] [--jitter-ms MS] [--url http://HOST:PORT]
                           [--kill-at SECONDS] [--limit SECONDS] [--data DIR] [--whole-states]
                           [--json]

serve (the default): the app (PIQUET_DIST, ./dist) and the rooms on PORT (8080), data in
  PIQUET_DATA (./data); see docs/server.md for every setting.
bench: N rooms (100) of two bots over WebSockets on 127.0.0.1, each decision after a delay of
  --delay-ms (200) plus up to --jitter-ms (200); against a running server with --url; with
  --kill-at, the server runs as a child process, killed (SIGKILL) after that many seconds and
  restarted, and every game must resume and finish; with --whole-states, the bots ask for every
  view whole instead of what changed (as clients did before updates). Exit status 1 when a game
  did not finish or an error was received.";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        None | Some("serve") => run_server(),
        Some("bench") => run_bench(&args[1..]),
        Some("-h" | "--help" | "help") => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        Some(other) => {
            eprintln!("piquet-server: unknown command {other:?}\n\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn runtime() -> std::io::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
}

fn run_server() -> ExitCode {
    let config = match Config::from_env() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("piquet-server: {e}");
            return ExitCode::from(2);
        }
    };
    let rt = match runtime() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("piquet-server: {e}");
            return ExitCode::FAILURE;
        }
    };
    rt.block_on(async move {
        let addr = (config.bind, config.port);
        let dist = config.dist.clone();
        let data = config.data.clone();
        let (server, loaded) = match Server::open(config) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("piquet-server: {e}");
                return ExitCode::FAILURE;
            }
        };
        for (room, seq) in &loaded.unreadable {
            eprintln!("piquet-server: room {room} does not replay past step {seq}: left in the database, not loaded");
        }
        let listener = match tokio::net::TcpListener::bind(addr).await {
            Ok(l) => l,
            Err(e) => {
                eprintln!("piquet-server: cannot listen on {}:{}: {e}", addr.0, addr.1);
                return ExitCode::FAILURE;
            }
        };
        let local = listener
            .local_addr()
            .map(|a| a.to_string())
            .unwrap_or_default();
        eprintln!(
            "piquet-server: http://{local} — the app from {}, {} rooms loaded from {}",
            dist.display(),
            loaded.rooms,
            data.display()
        );
        let shutdown = async {
            let _ = tokio::signal::ctrl_c().await;
        };
        match serve(server, listener, shutdown).await {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("piquet-server: {e}");
                ExitCode::FAILURE
            }
        }
    })
}

fn run_bench(args: &[String]) -> ExitCode {
    let mut opts = BenchOptions {
        rooms: 100,
        delay: Duration::from_millis(200),
        jitter: Duration::from_millis(200),
        url: None,
        kill_at: None,
        limit: Duration::from_secs(1800),
        data: None,
        updates: true,
    };
    let mut json = false;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = || {
            it.next()
                .cloned()
                .ok_or_else(|| format!("{a} needs a value"))
        };
        let number = |v: Result<String, String>| -> Result<u64, String> {
            let v = v?;
            v.parse().map_err(|_| format!("{a} {v:?} is not a number"))
        };
        let r: Result<(), String> = match a.as_str() {
            "--rooms" => number(value()).map(|n| opts.rooms = n as usize),
            "--delay-ms" => number(value()).map(|n| opts.delay = Duration::from_millis(n)),
            "--jitter-ms" => number(value()).map(|n| opts.jitter = Duration::from_millis(n)),
            "--kill-at" => number(value()).map(|n| opts.kill_at = Some(Duration::from_secs(n))),
            "--limit" => number(value()).map(|n| opts.limit = Duration::from_secs(n)),
            "--url" => value().map(|u| opts.url = Some(u)),
            "--data" => value().map(|d| opts.data = Some(d.into())),
            "--json" => {
                json = true;
                Ok(())
            }
            "--whole-states" => {
                opts.updates = false;
                Ok(())
            }
            other => Err(format!("unknown option {other:?}")),
        };
        if let Err(e) = r {
            eprintln!("piquet-server bench: {e}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    }
    let rt = match runtime() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("piquet-server bench: {e}");
            return ExitCode::FAILURE;
        }
    };
    let rooms = opts.rooms;
    match rt.block_on(bench::run(opts)) {
        Ok(report) => {
            let ok = report.errors == 0 && report.games_finished == rooms;
            if json {
                println!("{}", serde_json::to_string(&report).unwrap_or_default());
            } else {
                println!(
                    "{}",
                    serde_json::to_string_pretty(&report).unwrap_or_default()
                );
            }
            if ok {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            }
        }
        Err(e) => {
            eprintln!("piquet-server bench: {e}");
            ExitCode::FAILURE
        }
    }
}
