//! Local storage, used only through these functions. Storage may be missing (private modes,
//! sandboxed iframes) or full: every call degrades to "nothing saved" and never panics.
//!
//! Saved data is read with [`load`] and a reader (`play::stored`): whatever is not read whole
//! is kept aside, whole, and listed by [`set_aside_items`] (the settings offer it for
//! download). The game in progress and the settings use it; so can any later kind of data.

use std::cell::Cell;

use web_sys::Storage;

use piquet_table::online_table::MyRooms;
use piquet_table::session::{GameConfig, Session};
use piquet_table::settings::Settings;
use piquet_table::state::Pending;
use piquet_table::stats::Stats;
use piquet_table::stored::{Kind, Reading, StoredProblem, Unread};

/// The key of the player's settings.
pub const SETTINGS_KEY: &str = "piquet.settings";
/// Unreadable saved data is moved to a key with this prefix, so nothing is ever lost.
pub const SET_ASIDE_PREFIX: &str = "piquet.set-aside.";

thread_local! {
    static ENABLED: Cell<bool> = const { Cell::new(true) };
    static EMBEDDED: Cell<bool> = const { Cell::new(false) };
    static EMBED_KEY: Cell<Option<&'static str>> = const { Cell::new(None) };
}

/// Turns storage off (an embedded table without `storage=1`: nothing is read or written), or
/// on again.
pub fn set_enabled(on: bool) {
    ENABLED.with(|e| e.set(on));
}

/// An embedded table keeps its game under its own key (`piquet_table::embed::storage_key`),
/// apart from the app's and from every other table's.
pub fn set_embedded(key: String) {
    EMBEDDED.with(|e| e.set(true));
    EMBED_KEY.with(|e| e.set(Some(Box::leak(key.into_boxed_str()))));
}

fn game_key() -> &'static str {
    EMBED_KEY.with(Cell::get).unwrap_or(GAME_KEY)
}

fn storage() -> Option<Storage> {
    if !ENABLED.with(Cell::get) {
        return None;
    }
    web_sys::window()?.local_storage().ok().flatten()
}

/// What loading saved data found: the value (whole, or the part that read), why it was not
/// read whole, if it was not, and whether its original could then be kept aside
/// ([`set_aside_items`]).
pub struct Loaded<T> {
    pub value: Option<T>,
    pub problem: Option<StoredProblem>,
    /// The original was copied aside (false when storage refused the copy: it is full). When
    /// it was not, the original is left where it was, and the next save replaces it: the
    /// notice says so (`piquet_table::error_words::unread`).
    pub set_aside: bool,
}

impl<T> Loaded<T> {
    /// What the page says of it, if it was not read whole (`kind`: what it is).
    pub fn unread(&self, kind: Kind) -> Option<Unread> {
        self.problem.clone().map(|problem| Unread {
            kind,
            problem,
            set_aside: self.set_aside,
        })
    }

    fn nothing() -> Loaded<T> {
        Loaded {
            value: None,
            problem: None,
            set_aside: false,
        }
    }
}

/// What [`load`] needs of a storage: the browser's local storage in the page, a map with a
/// quota in the tests.
pub trait Store {
    fn get(&self, key: &str) -> Option<String>;
    /// Writes `value` under `key`; false when the storage refused (full).
    fn set(&self, key: &str, value: &str) -> bool;
    fn remove(&self, key: &str);
}

impl Store for Storage {
    fn get(&self, key: &str) -> Option<String> {
        self.get_item(key).ok().flatten()
    }

    fn set(&self, key: &str, value: &str) -> bool {
        self.set_item(key, value).is_ok()
    }

    fn remove(&self, key: &str) {
        let _ = self.remove_item(key);
    }
}

/// Loads the data saved under `key` with `read` (e.g. [`Settings::read_stored`],
/// [`Session::read_stored`], or any later kind of saved data). Whatever is not read whole is
/// first copied aside, whole, under [`SET_ASIDE_PREFIX`] (never deleted: the settings offer it
/// for download); data that could not be used at all is then removed from `key`, so that the
/// next visit starts cleanly. Without storage, nothing.
pub fn load<T>(key: &str, read: impl FnOnce(&str) -> Reading<T>) -> Loaded<T> {
    match storage() {
        Some(store) => load_from(&store, key, js_sys::Date::now() as u64, read),
        None => Loaded::nothing(),
    }
}

/// [`load`] from `store`, at `now` (milliseconds since 1970, which names the copy kept aside).
/// When the copy cannot be written (storage full), the original stays under `key`, untouched:
/// nothing is removed that is not kept elsewhere.
pub fn load_from<T>(
    store: &impl Store,
    key: &str,
    now: u64,
    read: impl FnOnce(&str) -> Reading<T>,
) -> Loaded<T> {
    let Some(raw) = store.get(key) else {
        return Loaded::nothing();
    };
    let reading = read(&raw);
    let problem = reading.problem().cloned();
    let mut set_aside = false;
    if problem.is_some() {
        set_aside = store.set(&format!("{SET_ASIDE_PREFIX}{key}.{now}"), &raw);
        if set_aside && matches!(reading, Reading::Unusable(_)) {
            store.remove(key);
        }
    }
    Loaded {
        value: reading.value(),
        problem,
        set_aside,
    }
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
/// chosen: `piquet_table::state::Pending`), so that a reload keeps it.
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

/// The pending choice saved, if any (see [`load`]: an unreadable one is kept aside and
/// reported).
pub fn load_pending() -> Loaded<Pending> {
    if EMBEDDED.with(Cell::get) {
        return Loaded::nothing();
    }
    load(PENDING_KEY, Pending::read_stored)
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

/// The key of the player's games between devices and their seats' tokens
/// (`piquet_table::online_table::MyRooms`, a versioned envelope).
pub const ROOMS_KEY: &str = "piquet.rooms";

/// The player's games between devices (see [`load`]; none in an embedded table): the rooms
/// that read (one that does not is left out, the original kept aside).
pub fn load_rooms() -> MyRooms {
    if EMBEDDED.with(Cell::get) {
        return MyRooms::default();
    }
    load(ROOMS_KEY, MyRooms::read_stored)
        .value
        .unwrap_or_default()
}

/// Whether storage holds the player's games between devices, without reading them (the play
/// wasm, which has no reader for them, hands over to the whole app when it does).
pub fn holds_rooms() -> bool {
    storage().is_some_and(|s| s.get_item(ROOMS_KEY).ok().flatten().is_some())
}

/// Saves the player's games between devices; false when storage is unavailable or full.
pub fn save_rooms(rooms: &MyRooms) -> bool {
    storage()
        .filter(|_| !EMBEDDED.with(Cell::get))
        .is_some_and(|s| s.set_item(ROOMS_KEY, &rooms.to_stored()).is_ok())
}

/// The key of the player's statistics (`piquet_table::stats::Stats`, a versioned envelope).
pub const STATS_KEY: &str = "piquet.stats";

/// Loads the statistics (see [`load`]; nothing in an embedded table, which keeps none): every
/// tally that reads, and what the page must say when not all did. Once the original is kept
/// aside, what was read is written back at once, so that the problem is said once. When it
/// could not be kept aside (storage full), it stays where it is until the next save replaces
/// it, as the notice says.
pub fn load_stats() -> (Stats, Option<Unread>) {
    match storage().filter(|_| !EMBEDDED.with(Cell::get)) {
        Some(store) => load_stats_from(&store, js_sys::Date::now() as u64),
        None => Default::default(),
    }
}

/// [`load_stats`] from `store`, at `now`.
pub fn load_stats_from(store: &impl Store, now: u64) -> (Stats, Option<Unread>) {
    let loaded = load_from(store, STATS_KEY, now, Stats::read_stored);
    let unread = loaded.unread(Kind::Statistics);
    let stats = loaded.value.unwrap_or_default();
    if unread.as_ref().is_some_and(|u| u.set_aside) {
        store.set(STATS_KEY, &stats.to_stored());
    }
    (stats, unread)
}

/// Saves the statistics; returns false when storage is unavailable or full.
pub fn save_stats(stats: &Stats) -> bool {
    !EMBEDDED.with(Cell::get)
        && storage().is_some_and(|s| s.set_item(STATS_KEY, &stats.to_stored()).is_ok())
}

/// The key of the progress in the lessons (`piquet_table::lesson::Progress`, a versioned
/// envelope).
pub const LESSONS_KEY: &str = "piquet.lessons";

/// Loads the progress in the lessons (see [`load`]); read through `services::lessons`.
pub(super) fn load_lessons() -> Loaded<piquet_table::lesson::Progress> {
    load(LESSONS_KEY, piquet_table::lesson::Progress::read_stored)
}

/// Saves the progress in the lessons; returns false when storage is unavailable or full.
/// Written through `services::lessons`.
pub(super) fn save_lessons(progress: &piquet_table::lesson::Progress) -> bool {
    !EMBEDDED.with(Cell::get)
        && storage().is_some_and(|s| s.set_item(LESSONS_KEY, &progress.to_stored()).is_ok())
}

/// The key of the progress in the problems (`piquet_table::problem::solve::ProblemProgress`, a
/// versioned envelope).
pub const PROBLEMS_KEY: &str = "piquet.problems";

/// Loads the progress in the problems (see [`load`]); read through `services::problems`.
pub(super) fn load_problems() -> Loaded<piquet_table::problem::solve::ProblemProgress> {
    load(
        PROBLEMS_KEY,
        piquet_table::problem::solve::ProblemProgress::read_stored,
    )
}

/// Saves the progress in the problems; returns false when storage is unavailable or full.
/// Written through `services::problems`.
pub(super) fn save_problems(progress: &piquet_table::problem::solve::ProblemProgress) -> bool {
    !EMBEDDED.with(Cell::get)
        && storage().is_some_and(|s| s.set_item(PROBLEMS_KEY, &progress.to_stored()).is_ok())
}

/// The key of the player's own problems (`piquet_table::problem::mine::MyProblems`, a
/// versioned envelope).
pub const MY_PROBLEMS_KEY: &str = "piquet.my-problems";

/// Loads the player's own problems (see [`load`]); read through `services::problems`.
pub(super) fn load_my_problems() -> Loaded<piquet_table::problem::mine::MyProblems> {
    load(
        MY_PROBLEMS_KEY,
        piquet_table::problem::mine::MyProblems::read_stored,
    )
}

/// Saves the player's own problems; returns false when storage is unavailable or full.
/// Written through `services::problems`.
pub(super) fn save_my_problems(mine: &piquet_table::problem::mine::MyProblems) -> bool {
    !EMBEDDED.with(Cell::get)
        && storage().is_some_and(|s| s.set_item(MY_PROBLEMS_KEY, &mine.to_stored()).is_ok())
}

#[cfg(test)]
mod tests {
    use std::cell::RefCell;
    use std::collections::BTreeMap;

    use super::*;
    use piquet_table::error_words;
    use piquet_table::i18n::Lang;

    /// Storage in memory with a quota on the characters it holds, keys and values (what a
    /// browser's local storage counts): writing past it is refused, as a full storage is.
    struct Memory {
        items: RefCell<BTreeMap<String, String>>,
        quota: usize,
    }

    impl Memory {
        fn with(quota: usize, items: &[(&str, &str)]) -> Memory {
            Memory {
                items: RefCell::new(
                    items
                        .iter()
                        .map(|(k, v)| (k.to_string(), v.to_string()))
                        .collect(),
                ),
                quota,
            }
        }

        fn used(&self) -> usize {
            self.items
                .borrow()
                .iter()
                .map(|(k, v)| k.chars().count() + v.chars().count())
                .sum()
        }

        fn keys(&self) -> Vec<String> {
            self.items.borrow().keys().cloned().collect()
        }
    }

    impl Store for Memory {
        fn get(&self, key: &str) -> Option<String> {
            self.items.borrow().get(key).cloned()
        }

        fn set(&self, key: &str, value: &str) -> bool {
            let before = self
                .get(key)
                .map_or(0, |v| key.chars().count() + v.chars().count());
            let after = key.chars().count() + value.chars().count();
            if self.used() - before + after > self.quota {
                return false;
            }
            self.items.borrow_mut().insert(key.into(), value.into());
            true
        }

        fn remove(&self, key: &str) {
            self.items.borrow_mut().remove(key);
        }
    }

    /// Statistics with one tally that reads and one that does not.
    const HALF_READABLE: &str = r#"{"v":1,"stats":{"tallies":{"1/classique":{"games":2,"games_won":1,"games_lost":1,"deals":12,"deals_won":7,"deals_lost":5,"points_for":400,"points_against":350,"pics":[1,0],"repics":[0,0],"capots":[0,1]},"3/rubicon":{"games":"many"}},"counted":[]}}"#;

    #[test]
    fn what_is_not_read_is_kept_aside_and_removed_only_then() {
        let store = Memory::with(10_000, &[(SETTINGS_KEY, "%%% not json")]);
        let loaded = load_from(&store, SETTINGS_KEY, 1700, |raw| {
            Settings::read_stored(raw, &Settings::default())
        });
        assert!(loaded.value.is_none());
        assert!(loaded.set_aside);
        assert_eq!(store.get(SETTINGS_KEY), None, "a clean start next time");
        assert_eq!(
            store
                .get(&format!("{SET_ASIDE_PREFIX}{SETTINGS_KEY}.1700"))
                .as_deref(),
            Some("%%% not json")
        );
        let words = error_words::unread(&loaded.unread(Kind::Settings).unwrap(), Lang::En);
        assert!(
            words.ends_with("and the original is kept in the settings."),
            "{words}"
        );
    }

    #[test]
    fn a_full_storage_keeps_the_original_in_place_and_the_notice_says_so() {
        // Room for the original, not for a copy.
        let store = Memory::with(40, &[(SETTINGS_KEY, "%%% not json")]);
        let loaded = load_from(&store, SETTINGS_KEY, 1700, |raw| {
            Settings::read_stored(raw, &Settings::default())
        });
        assert!(!loaded.set_aside);
        assert_eq!(
            store.keys(),
            vec![SETTINGS_KEY.to_string()],
            "no copy, nothing removed"
        );
        assert_eq!(store.get(SETTINGS_KEY).as_deref(), Some("%%% not json"));
        let unread = loaded.unread(Kind::Settings).unwrap();
        let (fr, en) = (
            error_words::unread(&unread, Lang::Fr),
            error_words::unread(&unread, Lang::En),
        );
        assert!(!fr.contains("gardé dans les paramètres"), "{fr}");
        assert!(
            fr.ends_with("mais l’original n’a pas pu être mis de côté (stockage plein) et sera remplacé au prochain enregistrement."),
            "{fr}"
        );
        assert!(!en.contains("kept in the settings"), "{en}");
        assert!(
            en.contains("could not be set aside (storage is full)"),
            "{en}"
        );
    }

    #[test]
    fn statistics_keep_every_readable_tally_and_say_it_once() {
        let store = Memory::with(10_000, &[(STATS_KEY, HALF_READABLE)]);
        let (stats, unread) = load_stats_from(&store, 1700);
        let unread = unread.expect("the unreadable tally is reported");
        assert_eq!(unread.problem, StoredProblem::Entries { unread: 1, of: 2 });
        assert!(unread.set_aside);
        let rows = stats.rows();
        assert_eq!(rows.len(), 1);
        assert_eq!((rows[0].0.as_str(), rows[0].1.as_str()), ("1", "classique"));
        assert_eq!((rows[0].2.games, rows[0].2.deals), (2, 12));
        // The whole original aside; under the key, what was read.
        let aside = format!("{SET_ASIDE_PREFIX}{STATS_KEY}.1700");
        assert_eq!(store.get(&aside).as_deref(), Some(HALF_READABLE));
        assert_eq!(
            Stats::read_stored(&store.get(STATS_KEY).unwrap()),
            Reading::Whole(stats.clone())
        );
        // Said once: the next load finds statistics that read whole, the same ones.
        let (again, said) = load_stats_from(&store, 1800);
        assert_eq!(said, None);
        assert_eq!(again, stats);
        assert_eq!(set_aside_keys(&store), vec![aside]);
    }

    #[test]
    fn unreadable_statistics_are_set_aside_not_reset_in_silence() {
        let store = Memory::with(10_000, &[(STATS_KEY, "{\"v\":1,\"stats\":")]);
        let (stats, unread) = load_stats_from(&store, 1700);
        assert!(stats.is_empty());
        let unread = unread.expect("said");
        assert_eq!(unread.kind, Kind::Statistics);
        assert_eq!(
            error_words::unread(&unread, Lang::Fr),
            "Les statistiques enregistrées étaient illisibles\u{a0}: le décompte repart de zéro, et l’original est gardé dans les paramètres."
        );
        assert_eq!(set_aside_keys(&store).len(), 1);
    }

    #[test]
    fn statistics_that_cannot_be_set_aside_stay_until_the_next_save_and_are_said_each_time() {
        let quota = STATS_KEY.len() + HALF_READABLE.len() + 10;
        let store = Memory::with(quota, &[(STATS_KEY, HALF_READABLE)]);
        for now in [1700, 1800] {
            let (stats, unread) = load_stats_from(&store, now);
            assert_eq!(stats.rows().len(), 1, "what reads is used");
            let unread = unread.expect("said again: the original is still there");
            assert!(!unread.set_aside);
            assert!(
                error_words::unread(&unread, Lang::En)
                    .ends_with("will be replaced at the next save.")
            );
            assert_eq!(store.get(STATS_KEY).as_deref(), Some(HALF_READABLE));
            assert!(set_aside_keys(&store).is_empty());
        }
    }

    fn set_aside_keys(store: &Memory) -> Vec<String> {
        store
            .keys()
            .into_iter()
            .filter(|k| k.starts_with(SET_ASIDE_PREFIX))
            .collect()
    }
}
