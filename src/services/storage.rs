//! Local storage, used only through these functions. Storage may be missing (private modes,
//! sandboxed iframes) or full: every call degrades to "nothing saved" and never panics.

use web_sys::Storage;

use crate::play::session::{Session, SessionError};
use crate::settings::{Settings, SettingsError};

/// The key of the player's settings.
pub const SETTINGS_KEY: &str = "piquet.settings";
/// Unreadable saved data is moved to a key with this prefix, so nothing is ever lost.
pub const SET_ASIDE_PREFIX: &str = "piquet.set-aside.";

fn storage() -> Option<Storage> {
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
    let Ok(Some(raw)) = store.get_item(GAME_KEY) else {
        return nothing;
    };
    match Session::from_stored(&raw) {
        Ok(session) => LoadedGame {
            session: Some(session),
            problem: None,
        },
        Err(error) => {
            let kept_as = format!(
                "{SET_ASIDE_PREFIX}{GAME_KEY}.{}",
                js_sys::Date::now() as u64
            );
            if store.set_item(&kept_as, &raw).is_ok() {
                let _ = store.remove_item(GAME_KEY);
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
    storage().is_some_and(|s| s.set_item(GAME_KEY, &session.to_stored()).is_ok())
}
