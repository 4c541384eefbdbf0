//! # piquet-server
//!
//! The game server for two people on two devices (docs/server.md): rooms by link, the engine
//! as referee, each seat sent only what it may know (`piquet_table::online`), every change
//! stored in SQLite before it is acknowledged, the built app served at `/`.
//!
//! - [`room`]: one room's state machine (pure): a message checked into a [`room::Step`], the
//!   step applied; a stored room replayed from its steps;
//! - [`storage`]: the [`storage::Storage`] trait, SQLite behind it, and the group-commit writer;
//! - [`server`]: the HTTP API and the WebSockets (axum);
//! - [`limits`]: rate limits and random ids; [`config`]: the settings from the environment;
//! - [`client`]: a bot client over real WebSockets and a minimal HTTP client, for the tests
//!   and [`mod@bench`], the load test and its fault mode.

pub mod bench;
pub mod client;
pub mod config;
pub mod limits;
pub mod room;
pub mod server;
pub mod storage;
