//! The embedded replay hands its frame over to the whole embedded table (docs/embedding.md,
//! "Weight"). A replay (`mode=replay`) starts on a wasm of its own that carries only the
//! viewer; when the reader plays on from a position (« Jouer cette donne ») or the host asks
//! for a `newGame`, the page loads the table that plays, and the viewer hands over what the
//! reader and the host chose meanwhile: the language, the looks, whether the reader is in the
//! frame, and the game to start. Pure: the viewer writes a [`Handover`] as JSON
//! ([`Handover::to_json`]), the table reads it back ([`Handover::parse`]) and starts from it
//! ([`crate::embed_state::EmbedState::handed_over`]).
//!
//! The looks and the new game are written as the host's own `setTheme` and `newGame` messages
//! would carry them, and read back by the same reader ([`crate::embed::parse_message`]), so
//! that nothing reaches the table's styles that a host's message could not.

use piquet_engine::{Record, Seat};
use serde_json::{Map, Value, json};

use crate::embed::{self, Background, Font, HostMessage, Looks, NewGameSpec};
use crate::i18n::Lang;
use crate::replay::{Reopen, ViewMode};

/// What the table that plays starts with.
#[derive(Clone, Debug, PartialEq)]
pub enum Start {
    /// The host's `newGame` (what it asked, over the page's parameters).
    NewGame(NewGameSpec),
    /// The reader's « Jouer cette donne »: the record up to the position, from the reader's
    /// side (seat A), the computer's level and the seed of the deals to come.
    Game {
        record: Box<Record>,
        bot: String,
        seed: u64,
    },
    /// The reader's review of a deal: the record in the viewer where it stood (the position,
    /// whose cards are shown), the review of the deal (from 0) running.
    Review { record: Box<Record>, at: Reopen },
}

/// What the viewer hands over.
#[derive(Clone, Debug, PartialEq)]
pub struct Handover {
    pub lang: Lang,
    pub looks: Looks,
    /// The reader was in the frame (the table may take the keyboard, as the viewer could).
    pub focused: bool,
    pub start: Start,
}

/// `looks` as the fields of a `setTheme` message: every part, canonical.
pub fn looks_fields(looks: &Looks) -> Map<String, Value> {
    let mut fields = Map::new();
    let mut put = |name: &str, value: String| {
        fields.insert(name.into(), Value::String(value));
    };
    put("theme", looks.theme.id().into());
    put("size", looks.size.id().into());
    put(
        "font",
        match &looks.font {
            Font::Serif => "serif".into(),
            Font::System => "system".into(),
            Font::Sans => "sans".into(),
            Font::Families(list) => list.clone(),
        },
    );
    if let Some(bg) = looks.bg {
        put(
            "bg",
            match bg {
                Background::Transparent => "transparent".into(),
                Background::Colour(c) => c.css(),
            },
        );
    }
    if let Some(accent) = looks.accent {
        put("accent", accent.css());
    }
    if let Some(back) = looks.back {
        put("back", back.css());
    }
    fields
}

/// A `newGame` message's fields for `spec` (the seed in digits: it may pass 2⁵³).
fn spec_fields(spec: &NewGameSpec) -> Map<String, Value> {
    let mut fields = Map::new();
    if let Some(rules) = &spec.rules {
        fields.insert("rules".into(), json!(rules));
    }
    if let Some(level) = spec.level {
        fields.insert("level".into(), json!(level));
    }
    if let Some(seed) = spec.seed {
        fields.insert("seed".into(), json!(seed.to_string()));
    }
    if let Some(seat) = spec.seat {
        fields.insert("seat".into(), json!(embed::seat_id(seat)));
    }
    fields
}

/// `fields` read as the host's message of type `kind` would be.
fn as_message(kind: &str, fields: &Value) -> Result<HostMessage, String> {
    let mut message = fields
        .as_object()
        .cloned()
        .ok_or_else(|| format!("{kind}: not an object"))?;
    message.insert("piquet".into(), json!(1));
    message.insert("type".into(), json!(kind));
    embed::parse_message(&Value::Object(message)).map_err(|e| format!("{kind}: {e:?}"))
}

impl Handover {
    /// The hand-over as JSON text.
    pub fn to_json(&self) -> String {
        let start = match &self.start {
            Start::NewGame(spec) => json!({ "newGame": spec_fields(spec) }),
            Start::Game { record, bot, seed } => json!({
                "game": { "record": record.to_json(), "bot": bot, "seed": seed.to_string() }
            }),
            Start::Review { record, at } => json!({
                "review": {
                    "record": record.to_json(),
                    "index": at.index,
                    "seat": at.view.seat().map(embed::seat_id),
                    "deal": at.review,
                }
            }),
        };
        json!({
            "lang": self.lang.tag(),
            "looks": looks_fields(&self.looks),
            "focused": self.focused,
            "start": start,
        })
        .to_string()
    }

    /// A hand-over read back, or what is wrong with it.
    pub fn parse(text: &str) -> Result<Handover, String> {
        let v: Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
        let lang = v
            .get("lang")
            .and_then(Value::as_str)
            .and_then(Lang::from_tag)
            .ok_or("lang")?;
        let looks = match as_message("setTheme", v.get("looks").unwrap_or(&Value::Null))? {
            HostMessage::SetTheme(change) => change.over(&Looks::default()),
            _ => return Err("looks".into()),
        };
        let focused = v.get("focused").and_then(Value::as_bool).unwrap_or(false);
        let start = v.get("start").ok_or("start")?;
        let start = if let Some(spec) = start.get("newGame") {
            match as_message("newGame", spec)? {
                HostMessage::NewGame(spec) => Start::NewGame(spec),
                _ => return Err("newGame".into()),
            }
        } else if let Some(game) = start.get("game") {
            let text = |name: &str| {
                game.get(name)
                    .and_then(Value::as_str)
                    .ok_or_else(|| format!("game: {name}"))
            };
            Start::Game {
                record: Box::new(Record::from_json(text("record")?).map_err(|e| e.to_string())?),
                bot: text("bot")?.to_string(),
                seed: text("seed")?
                    .parse()
                    .map_err(|_| "game: seed".to_string())?,
            }
        } else if let Some(review) = start.get("review") {
            let record = review
                .get("record")
                .and_then(Value::as_str)
                .ok_or("review: record")?;
            let number = |name: &str| {
                review
                    .get(name)
                    .and_then(Value::as_u64)
                    .and_then(|n| usize::try_from(n).ok())
            };
            let view = match review.get("seat").and_then(Value::as_str) {
                Some("A") => ViewMode::Seat(Seat::A),
                Some("B") => ViewMode::Seat(Seat::B),
                _ => ViewMode::Open,
            };
            Start::Review {
                record: Box::new(Record::from_json(record).map_err(|e| e.to_string())?),
                at: Reopen {
                    index: number("index").ok_or("review: index")?,
                    view,
                    review: number("deal"),
                },
            }
        } else {
            return Err("start".into());
        };
        Ok(Handover {
            lang,
            looks,
            focused,
            start,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::embed::{Colour, Size, Theme};
    use crate::records;
    use piquet_engine::Seat;

    fn round_trip(h: &Handover) -> Handover {
        Handover::parse(&h.to_json()).expect("a hand-over reads back")
    }

    #[test]
    fn the_looks_and_a_new_game_come_back_as_they_were_written() {
        let looks = Looks {
            theme: Theme::Dark,
            bg: Some(Background::Colour(
                Colour::parse("rgba(18, 18, 18, 0.5)").unwrap(),
            )),
            accent: Some(Colour::parse("#f5c542").unwrap()),
            font: Font::parse("\"Gill Sans\", serif").unwrap(),
            back: Some(Colour::parse("navy").unwrap()),
            size: Size::Large,
        };
        let h = Handover {
            lang: Lang::En,
            looks,
            focused: true,
            start: Start::NewGame(NewGameSpec {
                rules: Some("rubicon".into()),
                level: Some(2),
                seed: Some(u64::MAX),
                seat: Some(Seat::B),
            }),
        };
        assert_eq!(round_trip(&h), h);
        let plain = Handover {
            lang: Lang::Fr,
            looks: Looks {
                bg: Some(Background::Transparent),
                ..Looks::default()
            },
            focused: false,
            start: Start::NewGame(NewGameSpec::default()),
        };
        assert_eq!(round_trip(&plain), plain);
    }

    #[test]
    fn a_game_played_on_from_a_record_comes_back_whole() {
        let record = Record::parse(records::HISTORICAL[1].text()).unwrap();
        let h = Handover {
            lang: Lang::Fr,
            looks: Looks::default(),
            focused: false,
            start: Start::Game {
                record: Box::new(record.clone()),
                bot: "4".into(),
                seed: 18_446_744_073_709_551_000,
            },
        };
        let back = round_trip(&h);
        assert_eq!(back, h);
    }

    #[test]
    fn a_review_comes_back_where_the_viewer_stood() {
        let record = Record::parse(records::HISTORICAL[0].text()).unwrap();
        for view in [ViewMode::Open, ViewMode::Seat(Seat::B)] {
            let h = Handover {
                lang: Lang::En,
                looks: Looks::default(),
                focused: true,
                start: Start::Review {
                    record: Box::new(record.clone()),
                    at: Reopen {
                        index: 17,
                        view,
                        review: Some(0),
                    },
                },
            };
            assert_eq!(round_trip(&h), h);
        }
    }

    #[test]
    fn a_damaged_hand_over_is_refused_by_name() {
        assert!(Handover::parse("not json").is_err());
        assert_eq!(
            Handover::parse(r#"{"lang": "xx"}"#).unwrap_err(),
            "lang".to_string()
        );
        let bad_theme = r#"{"lang": "fr", "looks": {"theme": "neon"}, "start": {"newGame": {}}}"#;
        assert!(
            Handover::parse(bad_theme)
                .unwrap_err()
                .starts_with("setTheme")
        );
        let no_start = r#"{"lang": "fr", "looks": {}}"#;
        assert_eq!(Handover::parse(no_start).unwrap_err(), "start");
        let bad_seed = r#"{"lang": "fr", "looks": {}, "start": {"game": {"record": "{}", "bot": "3", "seed": "x"}}}"#;
        assert!(Handover::parse(bad_seed).is_err());
    }
}
