//! # piquet-table
//!
//! The game as the app plays it, free of any browser API, so that the web app, the embedded
//! table, the problems and the game server share it and it is tested natively:
//!
//! - [`app_state`]: the app's screen, dialogs and notices, and its reducer;
//! - [`session`]: one game (the engine's game, its record, the events, the save);
//!   [`decision`]: the decision a seat faces, as the table offers it;
//! - [`seen`]: what one seat has seen of a game, which every table draws; [`table_ui`]: what
//!   every table's interface knows beside its game, and what can be touched at a table;
//!   [`state`]: the table's state and its reducer ([`Reduce`]); [`model`]: what the table shows, derived from
//!   the game, and [`view`], from the table's state (the view model); [`online_table`]: the
//!   table of a game between two devices and its reducer ([`Reduce`]); [`qr`]: the QR code
//!   of a game's link;
//! - [`lesson`]: the guided deals; [`problem`]: positions to solve, their verdicts, the deal
//!   of the day; [`records`]: the historical records, exports, playing on from
//!   a replay; [`link`]: a record carried in a link's fragment;
//! - [`replay`]: the replay viewer's state and its reducer ([`Reduce`]);
//!   [`replay_model`]: what the viewer shows at its cursor;
//! - [`embed`]: the embedded table's parameters and its host's messages; [`embed_state`]: its
//!   state and reducer ([`Reduce`]); [`handover`]: what the embedded replay's own wasm hands
//!   over to the table that plays;
//! - [`stored`]: the reading of what the app stored (in whole, in part, or set aside);
//!   [`settings`] and [`stats`]: the player's settings and statistics, as stored;
//! - [`wire`]: the messages between the page and the computer's worker; [`online`]: the
//!   protocol between the app and the game server, and what one seat of a room may see;
//!   [`online_patch`]: a view sent as what changed since the last one;
//! - [`i18n`]: the interface's typed string catalogue; [`error_words`]: every problem the app
//!   reports, in words; [`rules_text`]: the rules page's text. The game's own words (cards,
//!   claims, events) are [`piquet_words`]'s.

pub mod app_state;
pub mod card_art;
pub mod decision;
pub mod embed;
pub mod embed_looks;
pub mod embed_state;
pub mod error_words;
pub mod handover;
pub mod i18n;
pub mod lesson;
pub mod link;
pub mod model;
pub mod online;
pub mod online_patch;
pub mod online_table;
pub mod problem;
pub mod qr;
pub mod records;
pub mod replay;
pub mod replay_model;
pub mod review_steps;
pub mod rules_text;
pub mod seen;
pub mod session;
pub mod settings;
pub mod state;
pub mod stats;
pub mod stored;
pub mod table_ui;
pub mod view;
pub mod wire;

use std::rc::Rc;

use piquet_words as words;

/// A state with its reducer: the next state after an action, the same `Rc` when nothing changes
/// (so that a view keyed on it need not be drawn again). The table ([`state::TableState`]), the
/// replay viewer ([`replay::ReplayState`]) and the embedded table ([`embed_state::EmbedState`])
/// are reduced so; the app keeps each for Yew in one wrapper.
pub trait Reduce {
    /// What can happen to the state.
    type Action;
    /// The state after `action`.
    fn reduce(self: Rc<Self>, action: Self::Action) -> Rc<Self>;
}
