//! Texts in several languages ([`Localized`]), by language tag: a record's commentary and
//! notes, and the tag of a text in no stated language ([`UNTAGGED`]).

use crate::excerpt::Excerpt;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::BTreeMap;

/// The language tag of a text in no stated language (BCP 47's "undetermined"): the comments of
/// version 1 and 2 records.
pub const UNTAGGED: &str = "und";

/// Whether `tag` is a language tag as records use them: a primary subtag of two or three
/// lower-case letters (`fr`, `en`, `und`), then optional subtags of letters and digits
/// (`pt-BR`, `sr-Latn`).
pub fn is_language_tag(tag: &str) -> bool {
    let mut parts = tag.split('-');
    let primary = parts.next().unwrap_or_default();
    (2..=3).contains(&primary.len())
        && primary.bytes().all(|b| b.is_ascii_lowercase())
        && parts.all(|p| (1..=8).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_alphanumeric()))
}

/// A text in one or more languages, by language tag (`{"fr": "…", "en": "…"}`): a record's
/// commentary and its notes. In JSON, a text in no stated language ([`UNTAGGED`]) alone is a
/// plain string, as version 1 and 2 records wrote every comment.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Localized(BTreeMap<String, String>);

impl Localized {
    /// No text in any language.
    pub fn new() -> Localized {
        Localized::default()
    }

    /// A text in no stated language.
    pub fn untagged(text: impl Into<String>) -> Localized {
        Localized::new().with(UNTAGGED, text)
    }

    /// This text with `text` in language `lang` added (or replaced).
    pub fn with(mut self, lang: &str, text: impl Into<String>) -> Localized {
        self.0.insert(lang.to_string(), text.into());
        self
    }

    /// Sets the text in `lang`; returns false (and changes nothing) when there was one already.
    pub fn insert_new(&mut self, lang: &str, text: String) -> bool {
        if self.0.contains_key(lang) {
            return false;
        }
        self.0.insert(lang.to_string(), text);
        true
    }

    /// The text in exactly this language.
    pub fn get(&self, lang: &str) -> Option<&str> {
        self.0.get(lang).map(String::as_str)
    }

    /// No text at all.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Every language and its text, by language tag.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0.iter().map(|(l, t)| (l.as_str(), t.as_str()))
    }

    /// The text for a reader of `lang`: in `lang` itself, else in no stated language, else in
    /// another language (the first of `fallbacks` there is, then any). Returns the language of
    /// the text given, so that a reader can be told it is another one.
    pub fn pick<'a>(&'a self, lang: &str, fallbacks: &[&str]) -> Option<(&'a str, &'a str)> {
        let find = |l: &str| {
            self.0
                .get_key_value(l)
                .map(|(l, t)| (l.as_str(), t.as_str()))
        };
        find(lang)
            .or_else(|| find(UNTAGGED))
            .or_else(|| fallbacks.iter().find_map(|l| find(l)))
            .or_else(|| self.iter().next())
    }
}

impl Serialize for Localized {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0.iter().next() {
            Some((lang, text)) if self.0.len() == 1 && lang == UNTAGGED => s.serialize_str(text),
            _ => self.0.serialize(s),
        }
    }
}

impl<'de> Deserialize<'de> for Localized {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Form {
            Plain(String),
            Languages(BTreeMap<String, String>),
        }
        match Form::deserialize(d).map_err(|_| {
            serde::de::Error::custom(
                "a comment or note is a string, or an object of texts by language (\"fr\", \"en\")",
            )
        })? {
            Form::Plain(text) => Ok(Localized::untagged(text)),
            Form::Languages(map) => {
                if let Some(bad) = map.keys().find(|k| !is_language_tag(k)) {
                    return Err(serde::de::Error::custom(format!(
                        "{} is not a language tag (fr, en, …)",
                        Excerpt::of(bad)
                    )));
                }
                Ok(Localized(map))
            }
        }
    }
}
