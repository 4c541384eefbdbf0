//! Reading what the app saved (the game in progress, the settings, and any later kind of saved
//! data): a versioned JSON envelope `{"v": N, …}` read into a value, in whole, in part, or not
//! at all, with the problem named. Never a panic, never a silent reset: the caller
//! (`services::storage::load`) keeps the original text aside whenever it was not read whole,
//! and the page says so in one sentence ([`crate::error_words::unread`]).
//!
//! To add a kind of saved data: a reader `fn(&str) -> Reading<T>` (built on [`envelope`]), a
//! [`Kind`] for its key, and `storage::load(key, reader)`.

use serde_json::{Map, Value};

/// What reading saved data gave.
#[derive(Clone, Debug, PartialEq)]
pub enum Reading<T> {
    /// Everything was read.
    Whole(T),
    /// Part was read and is used; the rest could not be (the original is kept aside).
    Part(T, StoredProblem),
    /// Nothing could be used (the original is kept aside; the app starts afresh).
    Unusable(StoredProblem),
}

impl<T> Reading<T> {
    /// The value read, whole or in part.
    pub fn value(self) -> Option<T> {
        match self {
            Reading::Whole(v) | Reading::Part(v, _) => Some(v),
            Reading::Unusable(_) => None,
        }
    }

    /// Why it was not read whole.
    pub fn problem(&self) -> Option<&StoredProblem> {
        match self {
            Reading::Whole(_) => None,
            Reading::Part(_, p) | Reading::Unusable(p) => Some(p),
        }
    }
}

/// Why saved data was not read whole. Typed, with no raw parser message and no storage key:
/// the page puts it in words in the reader's language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoredProblem {
    /// Not JSON, or not an envelope `{"v": …}`.
    NotAnEnvelope,
    /// Written by another version of the app (`found`; this one reads `reads`).
    UnknownVersion { found: u64, reads: u32 },
    /// An envelope of this version whose contents are not what this version writes.
    Malformed,
    /// These fields could not be read: they have their default value.
    Fields(Vec<String>),
    /// Of a collection of `of` entries (the statistics' tallies), `unread` could not be read:
    /// the others are used.
    Entries { unread: usize, of: usize },
    /// A saved game that replays only up to here: deal `deal` (from 1) after `actions` of its
    /// actions. The game resumes there.
    GameStopsAt { deal: usize, actions: usize },
}

/// Saved data that was not read whole, as the page reports it: what it was, why, and whether
/// its original could be kept aside (storage may be full).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unread {
    pub kind: Kind,
    pub problem: StoredProblem,
    pub set_aside: bool,
}

/// What kind of saved data a storage key holds, to name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Game,
    Settings,
    Statistics,
    /// The progress in the lessons.
    Lessons,
    /// The choice being made at the table (discards selected, an option chosen).
    Choice,
    /// The progress in the problems.
    Problems,
    /// The player's own problems, kept from the review of his games.
    MyProblems,
    /// Anything else the app saved.
    Other,
}

impl Kind {
    /// The kind of data saved under `key`.
    pub fn of_key(key: &str) -> Kind {
        match key {
            "piquet.game" | "piquet.embed.game" => Kind::Game,
            "piquet.settings" => Kind::Settings,
            k if k.starts_with("piquet.stat") => Kind::Statistics,
            "piquet.lessons" => Kind::Lessons,
            "piquet.pending" => Kind::Choice,
            "piquet.problems" => Kind::Problems,
            "piquet.my-problems" => Kind::MyProblems,
            _ => Kind::Other,
        }
    }
}

/// Opens an envelope `{"v": version, …}` written by this version: its fields (without `v`).
pub fn envelope(raw: &str, version: u32) -> Result<Map<String, Value>, StoredProblem> {
    let Ok(Value::Object(mut fields)) = serde_json::from_str::<Value>(raw) else {
        return Err(StoredProblem::NotAnEnvelope);
    };
    let found = fields
        .remove("v")
        .and_then(|v| v.as_u64())
        .ok_or(StoredProblem::NotAnEnvelope)?;
    if found != u64::from(version) {
        return Err(StoredProblem::UnknownVersion {
            found,
            reads: version,
        });
    }
    Ok(fields)
}

/// Reads an object field by field onto `defaults`: every field that reads is kept, every one
/// that does not (a wrong value, a name this version does not know) is named, and the others
/// keep their default. For data such as settings, where one bad field must not cost the rest.
pub fn fields_onto<T>(object: &Value, defaults: &T) -> Reading<T>
where
    T: serde::Serialize + serde::de::DeserializeOwned,
{
    let (Ok(Value::Object(mut merged)), Some(given)) =
        (serde_json::to_value(defaults), object.as_object())
    else {
        return Reading::Unusable(StoredProblem::Malformed);
    };
    let mut bad = Vec::new();
    for (name, value) in given {
        let Some(default) = merged.get(name).cloned() else {
            bad.push(name.clone());
            continue;
        };
        merged.insert(name.clone(), value.clone());
        if serde_json::from_value::<T>(Value::Object(merged.clone())).is_err() {
            merged.insert(name.clone(), default);
            bad.push(name.clone());
        }
    }
    match serde_json::from_value::<T>(Value::Object(merged)) {
        Ok(v) if bad.is_empty() => Reading::Whole(v),
        Ok(v) => {
            bad.sort();
            Reading::Part(v, StoredProblem::Fields(bad))
        }
        Err(_) => Reading::Unusable(StoredProblem::Malformed),
    }
}

/// A file of what was kept aside, for the player to download: a saved game's record (the JSON
/// form, every action of it, openable wherever records are read), or the text as it was; with
/// the file's extension.
pub fn download_form(kind: Kind, raw: &str) -> (String, &'static str) {
    if kind == Kind::Game {
        if let Some(record) = serde_json::from_str::<Value>(raw)
            .ok()
            .and_then(|mut v| v.get_mut("record").map(Value::take))
            .filter(Value::is_object)
        {
            // Its own form when it reads as a record (the fields in the record's order).
            if let Ok(r) = piquet_engine::Record::from_json(&record.to_string()) {
                return (r.to_json(), "json");
            }
            if let Ok(pretty) = serde_json::to_string_pretty(&record) {
                return (pretty, "json");
            }
        }
    }
    let json = serde_json::from_str::<Value>(raw).is_ok();
    (raw.to_string(), if json { "json" } else { "txt" })
}

/// The file name of what was kept aside under `from` at `when` (milliseconds since 1970).
pub fn download_name(kind: Kind, when: u64, ext: &str) -> String {
    let what = match kind {
        Kind::Game => "game",
        Kind::Settings => "settings",
        Kind::Statistics => "statistics",
        Kind::Lessons => "lessons",
        Kind::Choice => "choice",
        Kind::Problems => "problems",
        Kind::MyProblems => "my-problems",
        Kind::Other => "data",
    };
    format!("piquet-{what}-set-aside-{when}.{ext}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
    #[serde(default, deny_unknown_fields)]
    struct Prefs {
        name: String,
        level: u8,
        on: bool,
    }

    #[test]
    fn envelopes_are_checked_by_version() {
        assert_eq!(
            envelope("{\"v\":1,\"a\":2}", 1).unwrap()["a"],
            serde_json::json!(2)
        );
        assert_eq!(envelope("nope", 1), Err(StoredProblem::NotAnEnvelope));
        assert_eq!(envelope("[1]", 1), Err(StoredProblem::NotAnEnvelope));
        assert_eq!(envelope("{\"a\":1}", 1), Err(StoredProblem::NotAnEnvelope));
        assert_eq!(
            envelope("{\"v\":7}", 1),
            Err(StoredProblem::UnknownVersion { found: 7, reads: 1 })
        );
    }

    #[test]
    fn one_bad_field_costs_only_itself() {
        let defaults = Prefs {
            name: "x".into(),
            level: 3,
            on: false,
        };
        let read = |v: Value| fields_onto(&v, &defaults);
        assert_eq!(
            read(serde_json::json!({"name": "Ann", "level": 5})),
            Reading::Whole(Prefs {
                name: "Ann".into(),
                level: 5,
                on: false
            })
        );
        assert_eq!(
            read(serde_json::json!({"name": "Ann", "level": 300, "colour": 1, "on": true})),
            Reading::Part(
                Prefs {
                    name: "Ann".into(),
                    level: 3,
                    on: true
                },
                StoredProblem::Fields(vec!["colour".into(), "level".into()])
            )
        );
        assert_eq!(
            read(serde_json::json!(5)),
            Reading::Unusable(StoredProblem::Malformed)
        );
    }

    #[test]
    fn a_set_aside_game_downloads_as_its_record() {
        let raw = r#"{"v":1,"config":{},"record":{"format":"piquet-record","deals":[]}}"#;
        let (text, ext) = download_form(Kind::Game, raw);
        assert_eq!(ext, "json");
        assert!(text.contains("\"format\": \"piquet-record\""), "{text}");
        let game = r#"{"v":1,"config":{},"record":{"format":"piquet-record","version":3,"rules":"classique","cut":{"draws":[["9S","QD"]]},"deals":[]}}"#;
        let (text, _) = download_form(Kind::Game, game);
        assert!(
            text.starts_with("{\n  \"format\": \"piquet-record\",\n  \"version\": 3"),
            "{text}"
        );
        assert_eq!(
            download_form(Kind::Game, "garbage"),
            ("garbage".to_string(), "txt")
        );
        assert_eq!(
            download_form(Kind::Settings, "{}"),
            ("{}".to_string(), "json")
        );
        assert_eq!(
            download_name(Kind::Game, 1700000000000, "json"),
            "piquet-game-set-aside-1700000000000.json"
        );
    }

    #[test]
    fn kinds_follow_the_keys() {
        assert_eq!(Kind::of_key("piquet.game"), Kind::Game);
        assert_eq!(Kind::of_key("piquet.embed.game"), Kind::Game);
        assert_eq!(Kind::of_key("piquet.settings"), Kind::Settings);
        assert_eq!(Kind::of_key("piquet.stats"), Kind::Statistics);
        assert_eq!(Kind::of_key("piquet.lessons"), Kind::Lessons);
        assert_eq!(Kind::of_key("piquet.problems"), Kind::Problems);
        assert_eq!(Kind::of_key("piquet.my-problems"), Kind::MyProblems);
        assert_eq!(Kind::of_key("piquet.pending"), Kind::Choice);
        assert_eq!(Kind::of_key("elsewhere"), Kind::Other);
    }
}
