//! The parameters of `embed.html` (docs/embedding.md), parsed and checked. Pure: the page hands
//! over its query as name–value pairs and gets an [`EmbedConfig`] or the list of every problem,
//! each naming the parameter and what it accepts.

use piquet_engine::Rules;

use crate::i18n::Lang;

/// What the embedded table does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EmbedMode {
    /// A game against the computer.
    Play,
    /// A record, stepped through.
    Replay,
}

/// The colours of the embedded table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Theme {
    /// The green cloth of the app.
    #[default]
    Baize,
    Light,
    Dark,
}

impl Theme {
    pub fn id(self) -> &'static str {
        match self {
            Theme::Baize => "baize",
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }
}

/// The size of the cards in the embedded table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Size {
    Small,
    #[default]
    Medium,
    Large,
}

impl Size {
    pub fn id(self) -> &'static str {
        match self {
            Size::Small => "small",
            Size::Medium => "medium",
            Size::Large => "large",
        }
    }
}

/// Everything `embed.html` was asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EmbedConfig {
    pub mode: EmbedMode,
    /// The preset of a new game (`mode=play`); [`Rules::IDS`].
    pub rules: String,
    /// The language; `None`: the browser's.
    pub lang: Option<Lang>,
    /// A record to fetch (relative to the page).
    pub record_url: Option<String>,
    /// Replay only: no loading, no export, no "play this deal".
    pub readonly: bool,
    /// Replay only: one step every so many milliseconds.
    pub autoplay: Option<u32>,
    pub theme: Theme,
    pub size: Size,
    /// The computer's level, 1 … 5.
    pub level: u8,
    /// Whether the table may write to local storage and register the service worker.
    pub storage: bool,
    /// `mode=play` only: the game's seed, so the same cut and deals come every time (a site's
    /// "deal of the day"); `None`: a fresh random game.
    pub seed: Option<u64>,
}

impl Default for EmbedConfig {
    fn default() -> Self {
        EmbedConfig {
            mode: EmbedMode::Replay,
            rules: "classique".into(),
            lang: None,
            record_url: None,
            readonly: false,
            autoplay: None,
            theme: Theme::Baize,
            size: Size::Medium,
            level: 3,
            storage: false,
            seed: None,
        }
    }
}

/// The autoplay interval's bounds, in milliseconds.
pub const AUTOPLAY_MS: (u32, u32) = (200, 60_000);

/// One problem with the parameters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParamError {
    /// A parameter this page does not know.
    Unknown(String),
    /// A parameter given twice.
    Repeated(String),
    /// A value out of its range or list.
    BadValue {
        name: &'static str,
        value: String,
        expected: &'static str,
    },
    /// A parameter that does not apply to the mode.
    NotInMode {
        name: &'static str,
        mode: &'static str,
    },
}

impl std::fmt::Display for ParamError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ParamError::Unknown(name) => write!(
                f,
                "unknown parameter \"{name}\" (known: {})",
                KNOWN.join(", ")
            ),
            ParamError::Repeated(name) => write!(f, "parameter \"{name}\" is given twice"),
            ParamError::BadValue {
                name,
                value,
                expected,
            } => write!(f, "{name}={value:?} is not valid: expected {expected}"),
            ParamError::NotInMode { name, mode } => {
                write!(f, "parameter \"{name}\" does not apply to mode={mode}")
            }
        }
    }
}

impl std::error::Error for ParamError {}

/// Every parameter `embed.html` reads.
pub const KNOWN: [&str; 11] = [
    "mode", "rules", "lang", "record", "readonly", "autoplay", "theme", "size", "level", "storage",
    "seed",
];

/// The value among `choices` named `value`.
fn pick<T: Copy>(value: &str, choices: &[(&str, T)]) -> Option<T> {
    choices.iter().find(|(n, _)| *n == value).map(|(_, t)| *t)
}

fn flag(name: &'static str, value: &str) -> Result<bool, ParamError> {
    match value {
        "1" | "true" | "" => Ok(true),
        "0" | "false" => Ok(false),
        _ => Err(ParamError::BadValue {
            name,
            value: value.into(),
            expected: "1 or 0",
        }),
    }
}

/// Parses the query's pairs, in order. Every problem is reported, not only the first.
pub fn parse(pairs: &[(String, String)]) -> Result<EmbedConfig, Vec<ParamError>> {
    let mut config = EmbedConfig::default();
    let mut errors = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    let mut given: Vec<&'static str> = Vec::new();
    for (name, value) in pairs {
        let Some(&known) = KNOWN.iter().find(|k| **k == name) else {
            errors.push(ParamError::Unknown(name.clone()));
            continue;
        };
        if seen.contains(&name.as_str()) {
            errors.push(ParamError::Repeated(name.clone()));
            continue;
        }
        seen.push(name);
        let bad = |expected: &'static str| ParamError::BadValue {
            name: known,
            value: value.clone(),
            expected,
        };
        let result: Result<(), ParamError> = match known {
            "mode" => pick(
                value,
                &[("play", EmbedMode::Play), ("replay", EmbedMode::Replay)],
            )
            .map(|m| config.mode = m)
            .ok_or_else(|| bad("play or replay")),
            "rules" => {
                if Rules::by_id(value).is_ok() {
                    config.rules = value.clone();
                    Ok(())
                } else {
                    Err(bad("a preset: classique, ancien, moderne, rubicon or 150"))
                }
            }
            "lang" => pick(value, &[("fr", Lang::Fr), ("en", Lang::En)])
                .map(|l| config.lang = Some(l))
                .ok_or_else(|| bad("fr or en")),
            "record" => {
                if value.trim().is_empty() {
                    Err(bad("the URL of a record file"))
                } else {
                    config.record_url = Some(value.clone());
                    Ok(())
                }
            }
            "readonly" => flag(known, value).map(|b| config.readonly = b),
            "storage" => flag(known, value).map(|b| config.storage = b),
            "autoplay" => match value.parse::<u32>() {
                Ok(ms) if (AUTOPLAY_MS.0..=AUTOPLAY_MS.1).contains(&ms) => {
                    config.autoplay = Some(ms);
                    Ok(())
                }
                _ => Err(bad("milliseconds between steps, 200 to 60000")),
            },
            "theme" => pick(
                value,
                &[
                    ("light", Theme::Light),
                    ("dark", Theme::Dark),
                    ("baize", Theme::Baize),
                ],
            )
            .map(|t| config.theme = t)
            .ok_or_else(|| bad("light, dark or baize")),
            "size" => pick(
                value,
                &[
                    ("small", Size::Small),
                    ("medium", Size::Medium),
                    ("large", Size::Large),
                ],
            )
            .map(|z| config.size = z)
            .ok_or_else(|| bad("small, medium or large")),
            "level" => match value.parse::<u8>() {
                Ok(n @ 1..=5) => {
                    config.level = n;
                    Ok(())
                }
                _ => Err(bad("a level from 1 to 5")),
            },
            "seed" => match value.parse::<u64>() {
                Ok(n) => {
                    config.seed = Some(n);
                    Ok(())
                }
                Err(_) => Err(bad("a whole number from 0 to 18446744073709551615")),
            },
            _ => Ok(()),
        };
        match result {
            Ok(()) => given.push(known),
            Err(e) => errors.push(e),
        }
    }
    // Parameters that only make sense in one mode.
    let (mode, only_other): (&'static str, &[&'static str]) = match config.mode {
        EmbedMode::Play => ("play", &["readonly", "autoplay"]),
        EmbedMode::Replay => ("replay", &["rules", "level", "seed"]),
    };
    for name in only_other {
        if given.contains(name) {
            errors.push(ParamError::NotInMode { name, mode });
        }
    }
    if errors.is_empty() {
        Ok(config)
    } else {
        Err(errors)
    }
}

/// Splits a query string (`?a=1&b=2`, leading `?` optional) into decoded pairs.
pub fn query_pairs(query: &str) -> Vec<(String, String)> {
    let query = query.strip_prefix('?').unwrap_or(query);
    query
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (k, v) = p.split_once('=').unwrap_or((p, ""));
            (decode_component(k), decode_component(v))
        })
        .collect()
}

/// `application/x-www-form-urlencoded` decoding; bytes that are not UTF-8 are replaced.
fn decode_component(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' => {
                if let Some(b) = s
                    .get(i + 1..i + 3)
                    .and_then(|h| u8::from_str_radix(h, 16).ok())
                {
                    out.push(b);
                    i += 2;
                } else {
                    out.push(b'%');
                }
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Where a host's `goto` asks to go (deal and trick numbers as people say them, from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GotoTarget {
    /// A flat position, 0-based, as `state` reports it in `index`.
    Index(usize),
    /// The start of a deal (0-based here; `deal: 1` in the message).
    Deal(usize),
    /// A deal (0-based) after this many of its actions.
    Action(usize, usize),
    /// A deal (0-based) when trick `1..=12` is about to be led.
    Trick(usize, u8),
}

/// A message from the host page (docs/embedding.md).
#[derive(Clone, Debug, PartialEq)]
pub enum HostMessage {
    /// A record, either form (a JSON object is taken as the JSON form).
    Load(String),
    Goto(GotoTarget),
    SetLanguage(Lang),
}

/// Reads a host's message: `{"piquet": 1, "type": …}`. The error names what is wrong.
pub fn parse_message(v: &serde_json::Value) -> Result<HostMessage, String> {
    let obj = v
        .as_object()
        .ok_or("a message must be an object {\"piquet\": 1, \"type\": …}")?;
    match obj.get("piquet") {
        Some(p) if p.as_u64() == Some(1) => {}
        Some(p) => {
            return Err(format!(
                "unknown protocol version \"piquet\": {p} (this table speaks 1)"
            ));
        }
        None => return Err("not a piquet message (no \"piquet\": 1)".into()),
    }
    let kind = obj
        .get("type")
        .and_then(|t| t.as_str())
        .ok_or("the message has no \"type\"")?;
    let number = |name: &str| -> Result<Option<u64>, String> {
        match obj.get(name) {
            None | Some(serde_json::Value::Null) => Ok(None),
            Some(n) => n
                .as_u64()
                .map(Some)
                .ok_or_else(|| format!("goto: \"{name}\" must be a whole number, not {n}")),
        }
    };
    match kind {
        "load" => match obj.get("record") {
            Some(serde_json::Value::String(s)) => Ok(HostMessage::Load(s.clone())),
            Some(o @ serde_json::Value::Object(_)) => Ok(HostMessage::Load(o.to_string())),
            _ => Err(
                "load: \"record\" must be a record, as text (either form) or a JSON object".into(),
            ),
        },
        "goto" => {
            if let Some(i) = number("index")? {
                return Ok(HostMessage::Goto(GotoTarget::Index(i as usize)));
            }
            let deal = number("deal")?
                .ok_or("goto: give \"index\", or \"deal\" (from 1) with \"trick\" or \"action\"")?;
            let d = usize::try_from(deal)
                .ok()
                .and_then(|d| d.checked_sub(1))
                .ok_or("goto: deals are numbered from 1")?;
            match (number("trick")?, number("action")?) {
                (Some(_), Some(_)) => Err("goto: give \"trick\" or \"action\", not both".into()),
                (Some(t @ 1..=12), None) => Ok(HostMessage::Goto(GotoTarget::Trick(d, t as u8))),
                (Some(t), None) => Err(format!("goto: trick {t} does not exist (1 to 12)")),
                (None, Some(a)) => Ok(HostMessage::Goto(GotoTarget::Action(d, a as usize))),
                (None, None) => Ok(HostMessage::Goto(GotoTarget::Deal(d))),
            }
        }
        "setLanguage" => match obj.get("lang").and_then(|l| l.as_str()) {
            Some("fr") => Ok(HostMessage::SetLanguage(Lang::Fr)),
            Some("en") => Ok(HostMessage::SetLanguage(Lang::En)),
            _ => Err("setLanguage: \"lang\" must be \"fr\" or \"en\"".into()),
        },
        other => Err(format!(
            "unknown message type \"{other}\" (known: load, goto, setLanguage)"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_query(q: &str) -> Result<EmbedConfig, Vec<ParamError>> {
        parse(&query_pairs(q))
    }

    /// The one problem of a query that has exactly one.
    fn only_problem(q: &str) -> ParamError {
        let errors = parse_query(q).unwrap_err();
        assert_eq!(errors.len(), 1, "{q}: {errors:?}");
        errors[0].clone()
    }

    #[test]
    fn defaults_and_every_parameter() {
        assert_eq!(parse_query("").unwrap(), EmbedConfig::default());
        let c = parse_query(
            "?mode=play&rules=rubicon&lang=en&theme=dark&size=large&level=5&storage=1&record=r%2Fa.txt",
        )
        .unwrap();
        assert_eq!(c.mode, EmbedMode::Play);
        assert_eq!(c.rules, "rubicon");
        assert_eq!(c.lang, Some(Lang::En));
        assert_eq!(c.theme, Theme::Dark);
        assert_eq!(c.size, Size::Large);
        assert_eq!(c.level, 5);
        assert!(c.storage);
        assert_eq!(c.record_url.as_deref(), Some("r/a.txt"));
        let r = parse_query("mode=replay&readonly=1&autoplay=800&theme=light").unwrap();
        assert!(r.readonly);
        assert_eq!(r.autoplay, Some(800));
        assert_eq!(r.theme, Theme::Light);
        assert!(parse_query("readonly").unwrap().readonly);
        assert_eq!(parse_query("mode=play").unwrap().seed, None);
        assert_eq!(
            parse_query("mode=play&seed=18446744073709551615")
                .unwrap()
                .seed,
            Some(u64::MAX)
        );
        assert_eq!(
            only_problem("mode=play&seed=-1"),
            ParamError::BadValue {
                name: "seed",
                value: "-1".into(),
                expected: "a whole number from 0 to 18446744073709551615"
            }
        );
        assert_eq!(
            only_problem("seed=7"),
            ParamError::NotInMode {
                name: "seed",
                mode: "replay"
            }
        );
    }

    #[test]
    fn every_problem_is_named() {
        let errors = parse_query("mode=watch&colour=red&lang=de&level=9&autoplay=5").unwrap_err();
        let text: Vec<String> = errors.iter().map(ToString::to_string).collect();
        assert_eq!(errors.len(), 5, "{text:?}");
        assert!(text[0].contains("mode=\"watch\"") && text[0].contains("play or replay"));
        assert!(text[1].contains("unknown parameter \"colour\""));
        assert!(text[2].contains("fr or en"));
        assert!(text[3].contains("1 to 5"));
        assert!(text[4].contains("200 to 60000"));
        assert_eq!(
            only_problem("rules=whist"),
            ParamError::BadValue {
                name: "rules",
                value: "whist".into(),
                expected: "a preset: classique, ancien, moderne, rubicon or 150"
            }
        );
        assert_eq!(
            only_problem("lang=fr&lang=en"),
            ParamError::Repeated("lang".into())
        );
        assert_eq!(
            only_problem("mode=play&autoplay=500"),
            ParamError::NotInMode {
                name: "autoplay",
                mode: "play"
            }
        );
        assert_eq!(
            only_problem("level=2"),
            ParamError::NotInMode {
                name: "level",
                mode: "replay"
            }
        );
        assert!(parse_query("storage=yes").is_err());
        assert!(parse_query("record=").is_err());
    }

    #[test]
    fn host_messages_are_read_or_named() {
        use serde_json::json;
        let m = |v: serde_json::Value| parse_message(&v);
        assert_eq!(
            m(json!({"piquet": 1, "type": "goto", "index": 7})),
            Ok(HostMessage::Goto(GotoTarget::Index(7)))
        );
        assert_eq!(
            m(json!({"piquet": 1, "type": "goto", "deal": 2, "trick": 3})),
            Ok(HostMessage::Goto(GotoTarget::Trick(1, 3)))
        );
        assert_eq!(
            m(json!({"piquet": 1, "type": "goto", "deal": 1, "action": 0})),
            Ok(HostMessage::Goto(GotoTarget::Action(0, 0)))
        );
        assert_eq!(
            m(json!({"piquet": 1, "type": "goto", "deal": 1})),
            Ok(HostMessage::Goto(GotoTarget::Deal(0)))
        );
        assert_eq!(
            m(json!({"piquet": 1, "type": "setLanguage", "lang": "en"})),
            Ok(HostMessage::SetLanguage(Lang::En))
        );
        assert_eq!(
            m(json!({"piquet": 1, "type": "load", "record": {"format": "piquet-record"}})),
            Ok(HostMessage::Load(r#"{"format":"piquet-record"}"#.into()))
        );
        for (bad, says) in [
            (json!("hello"), "must be an object"),
            (json!({"type": "goto"}), "not a piquet message"),
            (json!({"piquet": 2, "type": "goto"}), "version"),
            (json!({"piquet": 1}), "no \"type\""),
            (
                json!({"piquet": 1, "type": "fly"}),
                "unknown message type \"fly\"",
            ),
            (json!({"piquet": 1, "type": "goto"}), "give \"index\""),
            (json!({"piquet": 1, "type": "goto", "deal": 0}), "from 1"),
            (
                json!({"piquet": 1, "type": "goto", "deal": 1, "trick": 13}),
                "trick 13",
            ),
            (
                json!({"piquet": 1, "type": "goto", "index": -1}),
                "whole number",
            ),
            (json!({"piquet": 1, "type": "load", "record": 5}), "record"),
            (
                json!({"piquet": 1, "type": "setLanguage", "lang": "de"}),
                "fr",
            ),
        ] {
            let e = m(bad.clone()).unwrap_err();
            assert!(e.contains(says), "{bad}: {e}");
        }
    }

    #[test]
    fn queries_decode_like_a_browser() {
        assert_eq!(
            query_pairs("?a=%C3%A9t%C3%A9&b=x+y&c&d=%zz"),
            vec![
                ("a".into(), "été".into()),
                ("b".into(), "x y".into()),
                ("c".into(), "".into()),
                ("d".into(), "%zz".into()),
            ]
        );
    }
}
