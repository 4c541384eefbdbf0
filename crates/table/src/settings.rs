//! The player's settings and their saved form.
//!
//! Settings are saved in local storage as a versioned envelope `{"v":1,"settings":{…}}`.
//! Reading them never fails: unreadable or unknown data is reported as a [`SettingsError`] so
//! that the caller can set the raw text aside (nothing is lost) and start from the defaults.

use serde::{Deserialize, Serialize};

use crate::i18n::Lang;
use crate::stored::{self, Reading, StoredProblem};

/// The version of the saved settings envelope that this build writes.
pub const SETTINGS_VERSION: u32 = 1;

/// How fast cards move on the table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AnimationSpeed {
    #[default]
    Normal,
    Fast,
    Off,
}

impl AnimationSpeed {
    pub const ALL: [AnimationSpeed; 3] = [
        AnimationSpeed::Normal,
        AnimationSpeed::Fast,
        AnimationSpeed::Off,
    ];

    /// The speed actually used: none at all when the system asks for reduced motion.
    pub fn effective(self, prefers_reduced_motion: bool) -> AnimationSpeed {
        if prefers_reduced_motion {
            AnimationSpeed::Off
        } else {
            self
        }
    }
}

/// How the suits are coloured.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DeckStyle {
    /// Red hearts and diamonds, black spades and clubs.
    #[default]
    Classic,
    /// Black spades, red hearts, blue diamonds, green clubs.
    FourColour,
}

/// The order of the cards in the player's hand.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum HandOrder {
    /// By suit, alternating colours (♠ ♥ ♣ ♦), high cards first in each.
    #[default]
    Suits,
    /// By rank, aces first, each rank's suits in the same alternating order.
    Rank,
}

impl HandOrder {
    pub const ALL: [HandOrder; 2] = [HandOrder::Suits, HandOrder::Rank];

    /// `cards` in this order, left to right.
    pub fn arrange(self, cards: piquet_engine::CardSet) -> Vec<piquet_engine::Card> {
        let mut v = crate::words::in_hand_order(cards);
        if self == HandOrder::Rank {
            // A stable sort keeps the suits' alternating order within each rank.
            v.sort_by_key(|c| std::cmp::Reverse(c.rank()));
        }
        v
    }
}

/// Everything the player can set, kept across visits.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    pub lang: Lang,
    /// Off by default: a card game in a quiet room, or embedded in someone else's page.
    pub sound: bool,
    pub animation: AnimationSpeed,
    pub deck: DeckStyle,
    /// An aid the classic rule forbids (Art. 24): off by default.
    pub show_own_discards: bool,
    /// The only card the player may play is played by itself, after a short pause in which
    /// it is shown (not in a lesson or a problem).
    pub play_forced: bool,
    /// « Annuler mon coup » against the computer: off by default; a game in which a decision
    /// was taken back counts apart in the statistics.
    pub undo: bool,
    /// Larger cards in the hand: two rows on every phone, upright or sideways.
    pub large_cards: bool,
    pub hand_order: HandOrder,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            lang: Lang::Fr,
            sound: false,
            animation: AnimationSpeed::Normal,
            deck: DeckStyle::Classic,
            show_own_discards: false,
            play_forced: false,
            undo: false,
            large_cards: false,
            hand_order: HandOrder::Suits,
        }
    }
}

/// Why saved settings could not be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SettingsError {
    /// The text is not a settings envelope (bad JSON, wrong shape, unknown field or value).
    Malformed(String),
    /// A settings envelope written by another version of the app.
    UnknownVersion(u32),
}

impl std::fmt::Display for SettingsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SettingsError::Malformed(why) => write!(f, "saved settings are malformed: {why}"),
            SettingsError::UnknownVersion(v) => {
                write!(
                    f,
                    "saved settings have version {v}; this app reads version {SETTINGS_VERSION}"
                )
            }
        }
    }
}

impl std::error::Error for SettingsError {}

#[derive(Serialize)]
struct EnvelopeOut<'a> {
    v: u32,
    settings: &'a Settings,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EnvelopeIn {
    v: u32,
    settings: serde_json::Value,
}

impl Settings {
    /// The saved form: a versioned JSON envelope.
    pub fn to_stored(&self) -> String {
        serde_json::to_string(&EnvelopeOut {
            v: SETTINGS_VERSION,
            settings: self,
        })
        .expect("settings always serialize")
    }

    /// Reads the saved settings field by field: a field that does not read (a language this
    /// version does not have, a name it does not know) takes its value in `defaults`, and the
    /// others are kept ([`Reading::Part`]); settings that are not an envelope of this version
    /// are [`Reading::Unusable`]. The caller keeps the original aside in both cases.
    pub fn read_stored(raw: &str, defaults: &Settings) -> Reading<Settings> {
        let mut fields = match stored::envelope(raw, SETTINGS_VERSION) {
            Ok(f) => f,
            Err(p) => return Reading::Unusable(p),
        };
        let Some(settings) = fields.remove("settings") else {
            return Reading::Unusable(StoredProblem::Malformed);
        };
        match stored::fields_onto(&settings, defaults) {
            // Anything else in the envelope is not this version's either.
            Reading::Whole(s) if !fields.is_empty() => {
                Reading::Part(s, StoredProblem::Fields(fields.keys().cloned().collect()))
            }
            reading => reading,
        }
    }

    /// Reads the saved form written by [`Settings::to_stored`].
    pub fn from_stored(raw: &str) -> Result<Settings, SettingsError> {
        let envelope: EnvelopeIn =
            serde_json::from_str(raw).map_err(|e| SettingsError::Malformed(e.to_string()))?;
        if envelope.v != SETTINGS_VERSION {
            return Err(SettingsError::UnknownVersion(envelope.v));
        }
        serde_json::from_value(envelope.settings)
            .map_err(|e| SettingsError::Malformed(e.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_settings_round_trip() {
        let s = Settings {
            lang: Lang::En,
            sound: true,
            animation: AnimationSpeed::Fast,
            deck: DeckStyle::FourColour,
            show_own_discards: true,
            play_forced: true,
            undo: true,
            large_cards: true,
            hand_order: HandOrder::Rank,
        };
        assert_eq!(Settings::from_stored(&s.to_stored()), Ok(s.clone()));
        assert_eq!(
            Settings::read_stored(&s.to_stored(), &Settings::default()),
            Reading::Whole(s)
        );
    }

    #[test]
    fn settings_stored_before_the_comforts_still_read_whole() {
        // As the previous build wrote them: none of the comforts' fields.
        let old = r#"{"v":1,"settings":{"lang":"en","sound":true,"animation":"fast","deck":"fourcolour","show_own_discards":true}}"#;
        assert_eq!(
            Settings::read_stored(old, &Settings::default()),
            Reading::Whole(Settings {
                lang: Lang::En,
                sound: true,
                animation: AnimationSpeed::Fast,
                deck: DeckStyle::FourColour,
                show_own_discards: true,
                ..Settings::default()
            })
        );
        // A comfort stored wrong costs only itself, and is named.
        let bad = r#"{"v":1,"settings":{"lang":"en","undo":"yes","hand_order":"colour","play_forced":true}}"#;
        assert_eq!(
            Settings::read_stored(bad, &Settings::default()),
            Reading::Part(
                Settings {
                    lang: Lang::En,
                    play_forced: true,
                    ..Settings::default()
                },
                StoredProblem::Fields(vec!["hand_order".into(), "undo".into()])
            )
        );
    }

    #[test]
    fn the_hand_in_either_order() {
        let hand: piquet_engine::CardSet = "7S AH KS 9C AD TH 8D AS".parse().unwrap();
        let said = |order: HandOrder| {
            order
                .arrange(hand)
                .iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert_eq!(said(HandOrder::Suits), "AS KS 7S AH TH 9C AD 8D");
        assert_eq!(said(HandOrder::Rank), "AS AH AD KS TH 9C 8D 7S");
    }

    #[test]
    fn missing_fields_take_their_defaults() {
        let s = Settings::from_stored(r#"{"v":1,"settings":{"lang":"en"}}"#).unwrap();
        assert_eq!(
            s,
            Settings {
                lang: Lang::En,
                ..Settings::default()
            }
        );
    }

    #[test]
    fn corrupted_or_foreign_data_is_named() {
        assert!(matches!(
            Settings::from_stored("{not json"),
            Err(SettingsError::Malformed(_))
        ));
        assert!(matches!(
            Settings::from_stored(r#"{"v":1,"settings":{"lang":"de"}}"#),
            Err(SettingsError::Malformed(m)) if m.contains("de")
        ));
        assert!(matches!(
            Settings::from_stored(r#"{"v":1,"settings":{"volume":3}}"#),
            Err(SettingsError::Malformed(m)) if m.contains("volume")
        ));
        assert_eq!(
            Settings::from_stored(r#"{"v":7,"settings":{}}"#),
            Err(SettingsError::UnknownVersion(7))
        );
    }

    #[test]
    fn settings_are_read_field_by_field() {
        let defaults = Settings::default();
        let read = |raw: &str| Settings::read_stored(raw, &defaults);
        let good = Settings {
            lang: Lang::En,
            sound: true,
            ..Settings::default()
        };
        assert_eq!(read(&good.to_stored()), Reading::Whole(good.clone()));
        // One bad field costs only itself.
        assert_eq!(
            read(r#"{"v":1,"settings":{"lang":"de","sound":true,"volume":3}}"#),
            Reading::Part(
                Settings {
                    sound: true,
                    ..Settings::default()
                },
                StoredProblem::Fields(vec!["lang".into(), "volume".into()])
            )
        );
        assert_eq!(
            read(r#"{"v":1,"settings":{"lang":"en"},"extra":1}"#),
            Reading::Part(
                Settings {
                    lang: Lang::En,
                    ..Settings::default()
                },
                StoredProblem::Fields(vec!["extra".into()])
            )
        );
        assert_eq!(
            read("{not json"),
            Reading::Unusable(StoredProblem::NotAnEnvelope)
        );
        assert_eq!(
            read(r#"{"v":7,"settings":{}}"#),
            Reading::Unusable(StoredProblem::UnknownVersion { found: 7, reads: 1 })
        );
        assert_eq!(
            read(r#"{"v":1}"#),
            Reading::Unusable(StoredProblem::Malformed)
        );
        assert_eq!(
            read(r#"{"v":1,"settings":[]}"#),
            Reading::Unusable(StoredProblem::Malformed)
        );
    }

    #[test]
    fn reduced_motion_turns_animation_off() {
        assert_eq!(AnimationSpeed::Fast.effective(true), AnimationSpeed::Off);
        assert_eq!(AnimationSpeed::Fast.effective(false), AnimationSpeed::Fast);
    }
}
