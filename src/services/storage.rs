//! Local storage, used only through these functions. Storage may be missing (private modes,
//! sandboxed iframes) or full: every call degrades to "nothing saved" and never panics.

use web_sys::Storage;

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
