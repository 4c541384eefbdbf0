//! The app's strings, in a typed catalogue: every message is a variant of [`Text`], and
//! [`Text::get`] has one arm per variant giving both the French and the English text, so a
//! missing translation is a compile error, not a blank label.

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

/// Every message of the interface.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Text {
    AppTitle,
    Tagline,
    Intro,
    NewGame,
    NewGameHint,
    Rules,
    RulesHint,
    Settings,
    SettingsHint,
    Language,
    LanguageSwitch,
    Close,
    Save,
    Sound,
    SoundHint,
    Animation,
    AnimationNormal,
    AnimationFast,
    AnimationOff,
    AnimationHint,
    DeckStyle,
    DeckTwoColour,
    DeckFourColour,
    ShowOwnDiscards,
    ShowOwnDiscardsHint,
    UpdateReady,
    UpdateReload,
    SettingsRecovered,
    OfflineReady,
    ChoosePreset,
    PresetClassique,
    PresetClassiqueDesc,
    PresetAncien,
    PresetAncienDesc,
    PresetModerne,
    PresetModerneDesc,
    PresetRubicon,
    PresetRubiconDesc,
    Preset150,
    Preset150Desc,
    Footer,
}

impl Text {
    /// The message in `lang`.
    pub fn get(self, lang: Lang) -> &'static str {
        let (fr, en) = match self {
            Text::AppTitle => ("Piquet", "Piquet"),
            Text::Tagline => (
                "Le jeu de cartes à deux joueurs, tel qu'on le joue depuis le Grand Siècle",
                "The classic two-player French card game, as played since the age of Louis XIV",
            ),
            Text::Intro => (
                "Trente-deux cartes, un talon, des écarts, des annonces répondues « bon, égal ou \
                 mieux », le repic, le pic et le capot : le piquet complet, hors ligne, contre un \
                 adversaire de débutant à maître.",
                "Thirty-two cards, a talon, discards, declarations answered “good, equal or not \
                 good”, repique, pique and capot: the whole game of Piquet, offline, against an \
                 opponent from beginner to master.",
            ),
            Text::NewGame => ("Nouvelle partie", "New game"),
            Text::NewGameHint => (
                "Choisir la règle, la durée de la partie et l'adversaire",
                "Choose the rules, the length of the game and the opponent",
            ),
            Text::Rules => ("Règles", "Rules"),
            Text::RulesHint => (
                "Le piquet expliqué, article par article",
                "Piquet explained, article by article",
            ),
            Text::Settings => ("Paramètres", "Settings"),
            Text::SettingsHint => (
                "Langue, son, animations, jeu de cartes",
                "Language, sound, animation, card deck",
            ),
            Text::Language => ("Langue", "Language"),
            Text::LanguageSwitch => ("Choisir la langue", "Choose the language"),
            Text::Close => ("Fermer", "Close"),
            Text::Save => ("Enregistrer", "Save"),
            Text::Sound => ("Son", "Sound"),
            Text::SoundHint => (
                "Petits sons pour les cartes jouées et les annonces",
                "Small sounds for cards played and declarations",
            ),
            Text::Animation => ("Animations", "Animation"),
            Text::AnimationNormal => ("Normales", "Normal"),
            Text::AnimationFast => ("Rapides", "Fast"),
            Text::AnimationOff => ("Aucune", "None"),
            Text::AnimationHint => (
                "« Aucune » est aussi choisie quand le système demande moins de mouvement",
                "“None” is also used when the system asks for reduced motion",
            ),
            Text::DeckStyle => ("Jeu de cartes", "Card deck"),
            Text::DeckTwoColour => ("Deux couleurs", "Two colours"),
            Text::DeckFourColour => ("Quatre couleurs", "Four colours"),
            Text::ShowOwnDiscards => (
                "Me laisser revoir mon écart pendant le jeu",
                "Let me look at my discards during play",
            ),
            Text::ShowOwnDiscardsHint => (
                "Une aide : la règle classique l'interdit (Art. 24), la règle Rubicon le permet",
                "An aid: the classic rule forbids it (Art. 24), Rubicon allows it",
            ),
            Text::UpdateReady => (
                "Une nouvelle version de Piquet est prête.",
                "A new version of Piquet is ready.",
            ),
            Text::UpdateReload => ("Recharger", "Reload"),
            Text::SettingsRecovered => (
                "Les paramètres enregistrés étaient illisibles ; ils ont été mis de côté et \
                 remplacés par les réglages par défaut.",
                "The saved settings could not be read; they were set aside and replaced by the \
                 defaults.",
            ),
            Text::OfflineReady => (
                "Installable, et jouable hors ligne après la première visite",
                "Installable, and playable offline after the first visit",
            ),
            Text::ChoosePreset => ("Choisir la règle", "Choose the rules"),
            Text::PresetClassique => ("Classique", "Classic"),
            Text::PresetClassiqueDesc => (
                "Le petit piquet de la fin du XVIIᵉ siècle, à 32 cartes : la règle par défaut.",
                "The 32-card petit Piquet of the 1690s: the default rules.",
            ),
            Text::PresetAncien => ("Ancien", "Ancien"),
            Text::PresetAncienDesc => (
                "Le piquet du temps de Molière, à 36 cartes avec les six.",
                "Piquet in Molière's time, with 36 cards including the sixes.",
            ),
            Text::PresetModerne => ("Moderne", "Modern"),
            Text::PresetModerneDesc => (
                "Le point à la longueur et toutes les cartes comptent, comme au XIXᵉ siècle.",
                "Point by length and every card scores, as in the 19th century.",
            ),
            Text::PresetRubicon => ("Rubicon", "Rubicon"),
            Text::PresetRubiconDesc => (
                "La partie en six donnes des clubs anglais, avec le rubicon à 100.",
                "The six-deal partie of the English clubs, with the rubicon at 100.",
            ),
            Text::Preset150 => ("En 150", "To 150"),
            Text::Preset150Desc => (
                "La règle populaire en 150 points, belle en 221, talon partagé 5 et 3.",
                "The popular game to 150 points, decider to 221, talon split 5 and 3.",
            ),
            Text::Footer => (
                "Piquet — logiciel libre, jouable sans connexion.",
                "Piquet — free software, playable offline.",
            ),
        };
        match lang {
            Lang::Fr => fr,
            Lang::En => en,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_round_trip_and_regional_tags_parse() {
        for lang in Lang::ALL {
            assert_eq!(Lang::from_tag(lang.tag()), Some(lang));
        }
        assert_eq!(Lang::from_tag("fr-CA"), Some(Lang::Fr));
        assert_eq!(Lang::from_tag("EN_gb"), Some(Lang::En));
        assert_eq!(Lang::from_tag("de"), None);
        assert_eq!(Lang::from_tag(""), None);
    }

    #[test]
    fn the_two_languages_differ_where_words_differ() {
        assert_ne!(Text::NewGame.get(Lang::Fr), Text::NewGame.get(Lang::En));
        assert_eq!(Text::NewGame.get(Lang::En), "New game");
    }
}
