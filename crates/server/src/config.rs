//! The server's settings, from the environment.

use std::net::IpAddr;
use std::path::PathBuf;

/// How the server runs and what it allows.
#[derive(Clone, Debug)]
pub struct Config {
    /// The address listened on (`PIQUET_BIND`, default 127.0.0.1: behind a reverse proxy, or
    /// this machine only; 0.0.0.0 for every interface).
    pub bind: IpAddr,
    /// `PORT`, default 8080 (0: any free port).
    pub port: u16,
    /// `PIQUET_DATA`, default `./data`: the SQLite file `piquet.sqlite3` lives there.
    pub data: PathBuf,
    /// `PIQUET_DIST`, default `./dist`: the built app, served at `/`.
    pub dist: PathBuf,
    /// `PIQUET_ORIGINS`: other origins allowed to open the WebSocket, comma-separated
    /// (`https://piquet.example,https://www.piquet.example`); the page's own host always is.
    pub origins: Vec<String>,
    /// `PIQUET_TRUST_PROXY=1`: behind a reverse proxy, take the client's address from the last
    /// `X-Forwarded-For` entry (and the host from `X-Forwarded-Host`) for the limits.
    pub trust_proxy: bool,
    /// `PIQUET_ROOMS_PER_HOUR`, default 20: rooms one address may create in an hour.
    pub rooms_per_hour: u32,
    /// `PIQUET_MESSAGES_PER_SEC`, default 10: messages a connection may send per second
    /// (bursts of twice as many tolerated).
    pub messages_per_sec: u32,
    /// `PIQUET_IDLE_DAYS`, default 30: a room whose game has not moved for this long expires
    /// (its games stay in the database as records); a room nobody joined, after 7 days.
    pub idle_secs: u64,
    /// How long a room nobody joined waits for its second player: 7 days.
    pub unjoined_secs: u64,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            bind: IpAddr::from([127, 0, 0, 1]),
            port: 8080,
            data: PathBuf::from("./data"),
            dist: PathBuf::from("./dist"),
            origins: Vec::new(),
            trust_proxy: false,
            rooms_per_hour: 20,
            messages_per_sec: 10,
            idle_secs: 30 * 24 * 3600,
            unjoined_secs: 7 * 24 * 3600,
        }
    }
}

impl Config {
    /// The settings from the environment, defaults for what is not set; a value that does not
    /// read is named.
    pub fn from_env() -> Result<Config, String> {
        let mut c = Config::default();
        let var = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
        fn parse<T: std::str::FromStr>(name: &str, v: String) -> Result<T, String> {
            v.trim()
                .parse()
                .map_err(|_| format!("{name}={v:?} does not read as a number or an address"))
        }
        if let Some(v) = var("PIQUET_BIND") {
            c.bind = parse("PIQUET_BIND", v)?;
        }
        if let Some(v) = var("PORT") {
            c.port = parse("PORT", v)?;
        }
        if let Some(v) = var("PIQUET_DATA") {
            c.data = PathBuf::from(v);
        }
        if let Some(v) = var("PIQUET_DIST") {
            c.dist = PathBuf::from(v);
        }
        if let Some(v) = var("PIQUET_ORIGINS") {
            c.origins = v
                .split(',')
                .map(|o| o.trim().trim_end_matches('/').to_string())
                .filter(|o| !o.is_empty())
                .collect();
        }
        if let Some(v) = var("PIQUET_TRUST_PROXY") {
            c.trust_proxy = matches!(v.trim(), "1" | "true" | "yes");
        }
        if let Some(v) = var("PIQUET_ROOMS_PER_HOUR") {
            c.rooms_per_hour = parse("PIQUET_ROOMS_PER_HOUR", v)?;
        }
        if let Some(v) = var("PIQUET_MESSAGES_PER_SEC") {
            c.messages_per_sec = parse("PIQUET_MESSAGES_PER_SEC", v)?;
        }
        if let Some(v) = var("PIQUET_IDLE_DAYS") {
            let days: u64 = parse("PIQUET_IDLE_DAYS", v)?;
            c.idle_secs = days * 24 * 3600;
        }
        Ok(c)
    }
}
