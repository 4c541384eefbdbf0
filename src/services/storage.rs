//! Local storage, used only through these functions. Storage may be missing (private modes,
//! sandboxed iframes) or full: every call degrades to "nothing saved" and never panics.

use std::cell::Cell;

use web_sys::Storage;

use crate::play::session::{GameConfig, Session, SessionError};
use crate::settings::{Settings, SettingsError};

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

/// What loading the settings found.
pub struct LoadedSettings {
    pub settings: Option<Settings>,
    /// Set when saved data existed but could not be read; it was set aside under `kept_as`.
    pub problem: Option<(SettingsError, String)>,
}

/// Loads the saved settings. Unreadable data is moved aside (never deleted) and reported.
pub fn load_settings() -> LoadedSettings {
    let Some(store) = storage() else {
        return LoadedSettings {
            settings: None,
            problem: None,
        };
    };
    let Ok(Some(raw)) = store.get_item(SETTINGS_KEY) else {
        return LoadedSettings {
            settings: None,
            problem: None,
        };
    };
    match Settings::from_stored(&raw) {
        Ok(settings) => LoadedSettings {
            settings: Some(settings),
            problem: None,
        },
        Err(error) => {
            let kept_as = format!(
                "{SET_ASIDE_PREFIX}{SETTINGS_KEY}.{}",
                js_sys::Date::now() as u64
            );
            if store.set_item(&kept_as, &raw).is_ok() {
                let _ = store.remove_item(SETTINGS_KEY);
            }
            LoadedSettings {
                settings: None,
                problem: Some((error, kept_as)),
            }
        }
    }
}

/// Saves the settings; returns false when storage is unavailable or full.
pub fn save_settings(settings: &Settings) -> bool {
    storage().is_some_and(|s| s.set_item(SETTINGS_KEY, &settings.to_stored()).is_ok())
}

/// The key of the game in progress (a [`Session`] envelope around the engine's record).
pub const GAME_KEY: &str = "piquet.game";

/// What loading the saved game found.
pub struct LoadedGame {
    pub session: Option<Session>,
    /// Set when a saved game existed but could not be read; it was set aside under `kept_as`.
    pub problem: Option<(SessionError, String)>,
}

/// Loads the game in progress. Unreadable data is moved aside (never deleted) and reported.
pub fn load_game() -> LoadedGame {
    let nothing = LoadedGame {
        session: None,
        problem: None,
    };
    let Some(store) = storage() else {
        return nothing;
    };
    let key = game_key();
    let Ok(Some(raw)) = store.get_item(key) else {
        return nothing;
    };
    match Session::from_stored(&raw) {
        Ok(session) => LoadedGame {
            session: Some(session),
            problem: None,
        },
        Err(error) => {
            let kept_as = format!("{SET_ASIDE_PREFIX}{key}.{}", js_sys::Date::now() as u64);
            if store.set_item(&kept_as, &raw).is_ok() {
                let _ = store.remove_item(key);
            }
            LoadedGame {
                session: None,
                problem: Some((error, kept_as)),
            }
        }
    }
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

/// What loading the statistics found: the statistics (empty when none were saved or they could
/// not be read), and whether unreadable data was set aside.
pub fn load_stats() -> (crate::play::stats::Stats, bool) {
    use crate::play::stats::Stats;
    let Some(store) = storage() else {
        return (Stats::default(), false);
    };
    let Ok(Some(raw)) = store.get_item(STATS_KEY) else {
        return (Stats::default(), false);
    };
    match Stats::from_stored(&raw) {
        Ok(stats) => (stats, false),
        Err(_) => {
            let kept_as = format!(
                "{SET_ASIDE_PREFIX}{STATS_KEY}.{}",
                js_sys::Date::now() as u64
            );
            if store.set_item(&kept_as, &raw).is_ok() {
                let _ = store.remove_item(STATS_KEY);
            }
            (Stats::default(), true)
        }
    }
}

/// Saves the statistics; returns false when storage is unavailable or full.
pub fn save_stats(stats: &crate::play::stats::Stats) -> bool {
    !EMBEDDED.with(Cell::get)
        && storage().is_some_and(|s| s.set_item(STATS_KEY, &stats.to_stored()).is_ok())
}
