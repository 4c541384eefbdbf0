//! The two languages of the game, and a value given in both ([`ByLang`]).

use serde::{Deserialize, Serialize};

/// The interface language.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Lang {
    /// Français — the game's own language, and the default.
    #[default]
    #[serde(rename = "fr")]
    Fr,
    /// English.
    #[serde(rename = "en")]
    En,
}

impl Lang {
    /// Both languages, in the order the switch shows them.
    pub const ALL: [Lang; 2] = [Lang::Fr, Lang::En];

    /// The BCP 47 tag, for `<html lang>` and URL parameters.
    pub fn tag(self) -> &'static str {
        match self {
            Lang::Fr => "fr",
            Lang::En => "en",
        }
    }

    /// Parses a BCP 47 tag such as `fr`, `fr-CA` or `en-GB`; `None` for any other language.
    pub fn from_tag(tag: &str) -> Option<Lang> {
        let primary = tag.split(['-', '_']).next().unwrap_or_default();
        match primary.to_ascii_lowercase().as_str() {
            "fr" => Some(Lang::Fr),
            "en" => Some(Lang::En),
            _ => None,
        }
    }

    /// The language's name in itself, as the switch shows it.
    pub fn endonym(self) -> &'static str {
        match self {
            Lang::Fr => "Français",
            Lang::En => "English",
        }
    }
}

/// One value in both languages: a reason, a name, a sentence said to the player. Serialised as
/// `{"fr": …, "en": …}`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ByLang<T> {
    /// In French.
    pub fr: T,
    /// In English.
    pub en: T,
}

impl<T> ByLang<T> {
    /// Both languages' values.
    pub const fn new(fr: T, en: T) -> ByLang<T> {
        ByLang { fr, en }
    }

    /// Both values made by one function of the language.
    pub fn from_fn(mut f: impl FnMut(Lang) -> T) -> ByLang<T> {
        ByLang {
            fr: f(Lang::Fr),
            en: f(Lang::En),
        }
    }

    /// The value in `lang`.
    pub fn get(&self, lang: Lang) -> &T {
        match lang {
            Lang::Fr => &self.fr,
            Lang::En => &self.en,
        }
    }

    /// The value in `lang`, taken out.
    pub fn into_lang(self, lang: Lang) -> T {
        match lang {
            Lang::Fr => self.fr,
            Lang::En => self.en,
        }
    }

    /// Both values by reference.
    pub fn as_ref(&self) -> ByLang<&T> {
        ByLang {
            fr: &self.fr,
            en: &self.en,
        }
    }

    /// Both values mapped by `f`, told which language each is.
    pub fn map<U>(self, mut f: impl FnMut(T, Lang) -> U) -> ByLang<U> {
        ByLang {
            fr: f(self.fr, Lang::Fr),
            en: f(self.en, Lang::En),
        }
    }
}

impl ByLang<&str> {
    /// Both as owned strings.
    pub fn owned(self) -> ByLang<String> {
        ByLang {
            fr: self.fr.to_string(),
            en: self.en.to_string(),
        }
    }
}

/// A reason in both languages kept, in a serialised form, as the two fields `reason_fr` and
/// `reason_en` beside the others: `#[serde(flatten, with = "piquet_words::reason_fields")]` on
/// a [`ByLang<String>`] field.
pub mod reason_fields {
    use super::ByLang;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    #[derive(Serialize, Deserialize)]
    struct Fields<T> {
        reason_fr: T,
        reason_en: T,
    }

    /// Writes `reason_fr` and `reason_en`.
    pub fn serialize<S: Serializer>(v: &ByLang<String>, s: S) -> Result<S::Ok, S::Error> {
        Fields {
            reason_fr: &v.fr,
            reason_en: &v.en,
        }
        .serialize(s)
    }

    /// Reads `reason_fr` and `reason_en`.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<ByLang<String>, D::Error> {
        let f = Fields::<String>::deserialize(d)?;
        Ok(ByLang::new(f.reason_fr, f.reason_en))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tag_names_its_language_whatever_its_region() {
        assert_eq!(Lang::from_tag("fr-CA"), Some(Lang::Fr));
        assert_eq!(Lang::from_tag("EN_gb"), Some(Lang::En));
        assert_eq!(Lang::from_tag("de"), None);
        assert_eq!(Lang::from_tag(""), None);
        for lang in Lang::ALL {
            assert_eq!(Lang::from_tag(lang.tag()), Some(lang));
        }
    }

    #[test]
    fn by_lang_gives_each_language_its_own_value() {
        let v = ByLang::from_fn(|l| l.tag().len() + usize::from(l == Lang::En));
        assert_eq!((*v.get(Lang::Fr), *v.get(Lang::En)), (2, 3));
        let json = serde_json::to_string(&ByLang::new("un", "one")).unwrap();
        assert_eq!(json, r#"{"fr":"un","en":"one"}"#);
        assert_eq!(ByLang::new(1, 2).map(|n, l| (n, l)).en, (2, Lang::En));
    }

    #[test]
    fn a_reason_keeps_its_two_fields_when_serialised() {
        #[derive(Debug, PartialEq, Serialize, Deserialize)]
        struct Hint {
            n: u8,
            #[serde(flatten, with = "reason_fields")]
            reason: ByLang<String>,
        }
        let h = Hint {
            n: 1,
            reason: ByLang::new("un", "one").owned(),
        };
        let json = serde_json::to_string(&h).unwrap();
        assert_eq!(json, r#"{"n":1,"reason_fr":"un","reason_en":"one"}"#);
        assert_eq!(serde_json::from_str::<Hint>(&json).unwrap(), h);
    }
}
