//! Local storage, used only through these functions. Storage may be missing (private modes,
//! sandboxed iframes) or full: every call degrades to "nothing saved" and never panics.
//!
//! Saved data is read with [`load`] and a reader (`play::stored`): whatever is not read whole
//! is kept aside, whole, and listed by [`set_aside_items`] (the settings offer it for
//! download). The game in progress and the settings use it; so can any later kind of data.

use std::cell::Cell;

use web_sys::Storage;

use crate::play::session::{GameConfig, Session};
use crate::play::stored::{Kind, Reading, StoredProblem};
use crate::settings::Settings;

/// The key of the player's settings.
pub const SETTINGS_KEY: &str = "piquet.settings";
/// Unreadable saved data is moved to a key with this prefix, so nothing is ever lost.
pub const SET_ASIDE_PREFIX: &str = "piquet.set-aside.";

thread_local! {
    static ENABLED: Cell<bool> = const { Cell::new(true) };
    static EMBEDDED: Cell<bool> = const { Cell::new(false) };
}

/// Turns storage off (an embedded table without `storage=1`: nothing is read or written), or
/// on again.
pub fn set_enabled(on: bool) {
    ENABLED.with(|e| e.set(on));
}

/// An embedded table keeps its game under its own key ([`EMBED_GAME_KEY`]), apart from the
/// app's.
pub fn set_embedded(on: bool) {
    EMBEDDED.with(|e| e.set(on));
}

/// The key of an embedded table's game (with `storage=1`).
pub const EMBED_GAME_KEY: &str = "piquet.embed.game";

fn game_key() -> &'static str {
    if EMBEDDED.with(Cell::get) {
        EMBED_GAME_KEY
    } else {
        GAME_KEY
    }
}

fn storage() -> Option<Storage> {
    if !ENABLED.with(Cell::get) {
        return None;
    }
    web_sys::window()?.local_storage().ok().flatten()
}

/// What loading saved data found: the value (whole, or the part that read), and why it was
/// not read whole, if it was not (the original was then kept aside: [`set_aside_items`]).
pub struct Loaded<T> {
    pub value: Option<T>,
    pub problem: Option<StoredProblem>,
}

impl<T> Loaded<T> {
    fn nothing() -> Loaded<T> {
        Loaded {
            value: None,
            problem: None,
        }
    }
}

/// Loads the data saved under `key` with `read` (e.g. [`Settings::read_stored`],
/// [`Session::read_stored`], or any later kind of saved data). Whatever is not read whole is
/// first copied aside, whole, under [`SET_ASIDE_PREFIX`] (never deleted: the settings offer it
/// for download); data that could not be used at all is then removed from `key`, so that the
/// next visit starts cleanly. Without storage, nothing.
pub fn load<T>(key: &str, read: impl FnOnce(&str) -> Reading<T>) -> Loaded<T> {
    let Some(store) = storage() else {
        return Loaded::nothing();
    };
    let Ok(Some(raw)) = store.get_item(key) else {
        return Loaded::nothing();
    };
    let reading = read(&raw);
    let problem = reading.problem().cloned();
    if problem.is_some() {
        let kept = set_aside(&store, key, &raw);
        if kept && matches!(reading, Reading::Unusable(_)) {
            let _ = store.remove_item(key);
        }
    }
    Loaded {
        value: reading.value(),
        problem,
    }
}

/// Copies `raw` aside under `piquet.set-aside.<key>.<milliseconds>`; false when storage
/// refused (full).
fn set_aside(store: &Storage, key: &str, raw: &str) -> bool {
    let kept_as = format!("{SET_ASIDE_PREFIX}{key}.{}", js_sys::Date::now() as u64);
    store.set_item(&kept_as, raw).is_ok()
}

/// Data kept aside because it could not be read whole.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetAside {
    /// Its own storage key.
    pub key: String,
    /// The key it was read from (`piquet.game`, `piquet.settings`…).
    pub from: String,
    /// When it was set aside, in milliseconds since 1970.
    pub when: u64,
}

impl SetAside {
    /// Reads a set-aside key: `piquet.set-aside.<from>.<milliseconds>`.
    pub fn from_key(key: &str) -> Option<SetAside> {
        let rest = key.strip_prefix(SET_ASIDE_PREFIX)?;
        let (from, when) = rest.rsplit_once('.')?;
        Some(SetAside {
            key: key.to_string(),
            from: from.to_string(),
            when: when.parse().ok()?,
        })
    }

    /// What kind of data it is.
    pub fn kind(&self) -> Kind {
        Kind::of_key(&self.from)
    }
}

/// Everything kept aside, the newest first.
pub fn set_aside_items() -> Vec<SetAside> {
    let Some(store) = storage() else {
        return Vec::new();
    };
    let n = store.length().unwrap_or(0);
    let mut items: Vec<SetAside> = (0..n)
        .filter_map(|i| store.key(i).ok().flatten())
        .filter_map(|k| SetAside::from_key(&k))
        .collect();
    items.sort_by(|a, b| b.when.cmp(&a.when).then_with(|| a.key.cmp(&b.key)));
    items
}

/// The text kept aside under `key`.
pub fn set_aside_text(key: &str) -> Option<String> {
    storage()?.get_item(key).ok().flatten()
}

/// Forgets what was kept aside under `key` (the player asked to).
pub fn forget_set_aside(key: &str) -> bool {
    key.starts_with(SET_ASIDE_PREFIX) && storage().is_some_and(|s| s.remove_item(key).is_ok())
}

/// Loads the saved settings (see [`load`]): the value read, whole or in part, over `defaults`.
pub fn load_settings(defaults: &Settings) -> Loaded<Settings> {
    load(SETTINGS_KEY, |raw| Settings::read_stored(raw, defaults))
}

/// Saves the settings; returns false when storage is unavailable or full.
pub fn save_settings(settings: &Settings) -> bool {
    storage().is_some_and(|s| s.set_item(SETTINGS_KEY, &settings.to_stored()).is_ok())
}

/// The key of the game in progress (a [`Session`] envelope around the engine's record).
pub const GAME_KEY: &str = "piquet.game";

/// Loads the game in progress (see [`load`]): a game that does not replay to its end resumes
/// at the last position that does.
pub fn load_game() -> Loaded<Session> {
    load(game_key(), Session::read_stored)
}

/// Saves the game in progress; returns false when storage is unavailable or full.
pub fn save_game(session: &Session) -> bool {
    storage().is_some_and(|s| s.set_item(game_key(), &session.to_stored()).is_ok())
}

/// The key of the choice being made at the table (discards selected, a declaration option
/// chosen: `crate::play::table::Pending`), so that a reload keeps it.
pub const PENDING_KEY: &str = "piquet.pending";

/// Saves the pending choice (an empty text removes it). Not kept in an embedded table.
pub fn save_pending(raw: &str) {
    if EMBEDDED.with(Cell::get) {
        return;
    }
    if let Some(s) = storage() {
        let _ = if raw.is_empty() {
            s.remove_item(PENDING_KEY)
        } else {
            s.set_item(PENDING_KEY, raw)
        };
    }
}

/// The pending choice saved, if any.
pub fn load_pending() -> Option<String> {
    if EMBEDDED.with(Cell::get) {
        return None;
    }
    storage()?.get_item(PENDING_KEY).ok().flatten()
}

/// The key of the last game's settings (its [`GameConfig`] without meaning for the seed), for
/// « Rejouer » and the new-game dialog's defaults.
pub const LAST_GAME_KEY: &str = "piquet.last-game";

/// Remembers the settings of the game just started.
pub fn save_last_config(config: &GameConfig) {
    if EMBEDDED.with(Cell::get) {
        return;
    }
    if let (Some(s), Ok(raw)) = (storage(), serde_json::to_string(config)) {
        let _ = s.set_item(LAST_GAME_KEY, &raw);
    }
}

/// The settings of the last game started, if they can still be played (an unreadable or
/// outdated entry is no last game: it holds nothing but a few choices).
pub fn load_last_config() -> Option<GameConfig> {
    if EMBEDDED.with(Cell::get) {
        return None;
    }
    let raw = storage()?.get_item(LAST_GAME_KEY).ok().flatten()?;
    let config: GameConfig = serde_json::from_str(&raw).ok()?;
    config.rules().ok()?;
    Some(config)
}

/// The key of the player's statistics (`crate::play::stats::Stats`, a versioned envelope).
pub const STATS_KEY: &str = "piquet.stats";

/// Loads the statistics (see [`load`]).
pub fn load_stats() -> Loaded<crate::play::stats::Stats> {
    load(STATS_KEY, crate::play::stats::Stats::read_stored)
}

/// Saves the statistics; returns false when storage is unavailable or full.
pub fn save_stats(stats: &crate::play::stats::Stats) -> bool {
    !EMBEDDED.with(Cell::get)
        && storage().is_some_and(|s| s.set_item(STATS_KEY, &stats.to_stored()).is_ok())
}

/// The key of the progress in the lessons (`crate::play::lesson::Progress`, a versioned
/// envelope).
pub const LESSONS_KEY: &str = "piquet.lessons";

/// Loads the progress in the lessons (see [`load`]).
pub fn load_lessons() -> Loaded<crate::play::lesson::Progress> {
    load(LESSONS_KEY, crate::play::lesson::Progress::read_stored)
}

/// Saves the progress in the lessons; returns false when storage is unavailable or full.
pub fn save_lessons(progress: &crate::play::lesson::Progress) -> bool {
    !EMBEDDED.with(Cell::get)
        && storage().is_some_and(|s| s.set_item(LESSONS_KEY, &progress.to_stored()).is_ok())
}
