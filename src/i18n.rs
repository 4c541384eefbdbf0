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
    // The table (issue 5).
    AbandonOffer,
    AbandonReply,
    Abandoned,
    Belle,
    BlindDiscard,
    CarteBlanche,
    CarteBlancheHeld,
    ChoosesWhoDeals,
    Computer,
    ComputerThinking,
    CountOf,
    CutHigherChooses,
    CutLowerDeals,
    DealCards,
    DealNumber,
    DealOver,
    Dealer,
    DealerShort,
    Deals,
    Declare,
    DeclareCarteBlanche,
    Dialogue,
    DiscardAndDraw,
    DiscardExactly,
    DiscardFrom,
    DiscardOnly,
    DiscardThese,
    Discards,
    DontLook,
    Exchange,
    Explain,
    ExposeLeftover,
    GameActions,
    GameInProgress,
    GameLength,
    GameLog,
    GameNumber,
    GameOver,
    GameRecovered,
    GameTo,
    GamesWon,
    GoodAlways,
    HandOf,
    HandOverHint,
    HandOverTo,
    HideLeftover,
    Hint,
    HintThinking,
    IAm,
    IDeal,
    IsRubiconed,
    LastTrick,
    Leave,
    Leftover,
    LeftoverClassicHint,
    LeftoverRubiconHint,
    LookLeadingSuit,
    MatchWithBelle,
    MustLead,
    NextDeal,
    No,
    NoDealYet,
    NoDrawNow,
    NoEqual,
    NoneEither,
    Note,
    NothingBetter,
    NothingScored,
    Opponent,
    OpponentMayTake,
    OtherDeals,
    Partie,
    PassAndPlay,
    Payoff,
    PlayHint,
    PlayThis,
    PlayerOne,
    PlayerTwo,
    PresetDetails,
    Resume,
    Retry,
    ReviewLastTrick,
    RubiconPartie,
    ScoreSheet,
    SeenInTalon,
    SelectInHand,
    ShownCards,
    SinkingAllowed,
    SomethingWrong,
    Start,
    StoppedAtTarget,
    TableLabel,
    TableTitle,
    Talon,
    TalonHolds,
    TargetIs,
    TheCut,
    TheGame,
    To,
    ToPlay,
    Total,
    Trick,
    Tricks,
    Undo,
    UndoHint,
    WaitingFor,
    WhatToDeclare,
    Wins,
    Yes,
    You,
    YouDrew,
    YouHold,
    YouWillTake,
    YourAnswer,
    YourDiscards,
    YourHand,
    YourLead,
    YourTurnToFollow,
    Points,
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
            Text::AbandonOffer => (
                "Proposer d'abandonner la donne ?",
                "Propose to abandon the deal?",
            ),
            Text::AbandonReply => (
                "Le premier propose d'abandonner la donne : accepter ?",
                "Elder proposes to abandon the deal: accept?",
            ),
            Text::Abandoned => ("abandonnée", "abandoned"),
            Text::Belle => ("La belle", "The belle"),
            Text::BlindDiscard => ("Écart sans prendre", "Discard without drawing"),
            Text::CarteBlanche => ("Cartes blanches", "Carte blanche"),
            Text::CarteBlancheHeld => (
                "Vous avez cartes blanches (aucune figure) : annoncez-les en disant combien vous prendrez, ou écartez sans les annoncer.",
                "You hold carte blanche (no court card): announce it with how many cards you will take, or discard without announcing it.",
            ),
            Text::ChoosesWhoDeals => (
                "a la plus haute carte et choisit qui donne.",
                "drew the higher card and chooses who deals.",
            ),
            Text::Computer => ("L'ordinateur", "The computer"),
            Text::ComputerThinking => ("L'ordinateur réfléchit…", "The computer is thinking…"),
            Text::CountOf => ("Compte de", "Count of"),
            Text::CutHigherChooses => (
                "La plus haute carte choisit qui donne.",
                "The higher card chooses who deals.",
            ),
            Text::CutLowerDeals => (
                "La plus basse carte donne (Art. 3).",
                "The lower card deals (Art. 3).",
            ),
            Text::DealCards => ("Distribuer", "Deal"),
            Text::DealNumber => ("Donne", "Deal"),
            Text::DealOver => ("Fin de la donne", "End of the deal"),
            Text::Dealer => ("Donneur", "Dealer"),
            Text::DealerShort => ("D", "D"),
            Text::Deals => ("donne.", "deals."),
            Text::Declare => ("Annoncer", "Declare"),
            Text::DeclareCarteBlanche => ("Annoncer cartes blanches", "Declare carte blanche"),
            Text::Dialogue => ("Les annonces", "The declarations"),
            Text::DiscardAndDraw => ("Écarter et prendre", "Discard and draw"),
            Text::DiscardExactly => ("Écartez exactement", "Discard exactly"),
            Text::DiscardFrom => ("Écartez de", "Discard from"),
            Text::DiscardOnly => ("Écarter", "Discard"),
            Text::DiscardThese => ("écarter", "discard"),
            Text::Discards => ("Écart", "Discards"),
            Text::DontLook => ("Ne pas regarder", "Do not look"),
            Text::Exchange => ("L'écart", "The exchange"),
            Text::Explain => ("Détail des points", "What scored"),
            Text::ExposeLeftover => ("Retourner le reste du talon", "Turn the leftover face up"),
            Text::GameActions => ("Actions de la partie", "Game actions"),
            Text::GameInProgress => ("Une partie est en cours.", "A game is in progress."),
            Text::GameLength => ("Durée de la partie", "Length of the game"),
            Text::GameLog => ("Journal de la donne", "Deal log"),
            Text::GameNumber => ("Manche", "Game"),
            Text::GameOver => ("Partie terminée", "Game over"),
            Text::GameRecovered => (
                "La partie enregistrée était illisible ; elle a été mise de côté, une nouvelle partie peut commencer.",
                "The saved game could not be read; it was set aside and a new game can start.",
            ),
            Text::GameTo => ("Partie en", "Game to"),
            Text::GamesWon => ("Manches gagnées", "Games won"),
            Text::GoodAlways => (
                "Toujours possible (on peut « couler »)",
                "Always allowed (you may sink)",
            ),
            Text::HandOf => ("Main de l'adversaire", "Opponent's hand"),
            Text::HandOverHint => (
                "La main précédente est cachée. Quand le joueur suivant tient l'appareil, il montre sa main.",
                "The previous hand is hidden. When the next player holds the device, they show their hand.",
            ),
            Text::HandOverTo => ("Passez l'appareil à", "Hand the device over to"),
            Text::HideLeftover => ("Le laisser caché", "Leave it face down"),
            Text::Hint => ("Conseil", "Hint"),
            Text::HintThinking => ("Conseil…", "Hint…"),
            Text::IAm => ("Je suis", "I am"),
            Text::IDeal => ("Je donne", "I deal"),
            Text::IsRubiconed => (
                "est « rubiconé » (moins de 100 points)",
                "is rubiconed (under 100 points)",
            ),
            Text::LastTrick => ("Dernière levée", "Last trick"),
            Text::Leave => ("Quitter la table", "Leave the table"),
            Text::Leftover => ("Le reste du talon", "The leftover talon"),
            Text::LeftoverClassicHint => (
                "restent au talon. Vous pouvez les voir en annonçant la couleur dans laquelle vous entamerez.",
                "are left in the talon. You may see them by naming the suit you will lead.",
            ),
            Text::LeftoverRubiconHint => (
                "restent au talon : les retourner pour les deux joueurs, ou les laisser cachées.",
                "are left in the talon: turn them up for both players, or leave them unseen.",
            ),
            Text::LookLeadingSuit => ("Voir, en entamant à", "See them, leading"),
            Text::MatchWithBelle => (
                "En deux manches et la belle",
                "A match: two games and the belle",
            ),
            Text::MustLead => ("Vous devez entamer à", "You must lead"),
            Text::NextDeal => ("Donne suivante", "Next deal"),
            Text::No => ("Non", "No"),
            Text::NoDealYet => ("Aucune donne jouée.", "No deal played yet."),
            Text::NoDrawNow => (
                "Vous écartez sans prendre :",
                "You discard without drawing:",
            ),
            Text::NoEqual => ("Vous n'avez rien d'égal", "You hold nothing equal"),
            Text::NoneEither => ("Vous n'en avez pas non plus", "You have none either"),
            Text::Note => ("Remarque", "Note"),
            Text::NothingBetter => ("Vous n'avez rien de meilleur", "You hold nothing better"),
            Text::NothingScored => ("Rien de compté pour l'instant.", "Nothing scored yet."),
            Text::Opponent => ("Adversaire", "Opponent"),
            Text::OpponentMayTake => (
                "L'adversaire pourra en prendre jusqu'à",
                "The opponent may take up to",
            ),
            Text::OtherDeals => ("L'autre donne", "The other deals"),
            Text::Partie => ("La partie", "The partie"),
            Text::PassAndPlay => (
                "Deux joueurs sur cet appareil",
                "Two players on this device",
            ),
            Text::Payoff => ("Gain de la partie :", "Payoff of the partie:"),
            Text::PlayHint => (
                "Choisissez une carte de votre main (flèches puis Entrée).",
                "Choose a card from your hand (arrows, then Enter).",
            ),
            Text::PlayThis => ("jouer", "play"),
            Text::PlayerOne => ("Joueur 1", "Player 1"),
            Text::PlayerTwo => ("Joueur 2", "Player 2"),
            Text::PresetDetails => ("Le détail de la règle", "The rules in detail"),
            Text::Resume => ("Reprendre", "Resume"),
            Text::Retry => ("Réessayer", "Try again"),
            Text::ReviewLastTrick => ("Revoir la dernière levée", "Review the last trick"),
            Text::RubiconPartie => (
                "Partie en six donnes ; le perdant sous 100 est « rubiconé ».",
                "A partie of six deals; a loser under 100 is rubiconed.",
            ),
            Text::ScoreSheet => ("Feuille de marque", "Score sheet"),
            Text::SeenInTalon => ("Vu au talon", "Seen in the talon"),
            Text::SelectInHand => (
                "choisissez-les dans votre main.",
                "select them in your hand.",
            ),
            Text::ShownCards => ("Cartes montrées", "Cards shown"),
            Text::SinkingAllowed => (
                "La meilleure annonce est choisie d'avance ; vous pouvez en annoncer moins (« couler »).",
                "Your best holding is chosen already; you may declare less (sinking).",
            ),
            Text::SomethingWrong => ("Un problème est survenu", "Something went wrong"),
            Text::Start => ("Commencer la partie", "Start the game"),
            Text::StoppedAtTarget => ("arrêtée au but", "stopped at the target"),
            Text::TableLabel => ("Le tapis", "The table"),
            Text::TableTitle => ("Partie de piquet", "A game of Piquet"),
            Text::Talon => ("Talon", "Talon"),
            Text::TalonHolds => ("Le talon en contient", "The talon holds"),
            Text::TargetIs => ("But de la manche :", "Target of this game:"),
            Text::TheCut => ("La coupe", "The cut"),
            Text::TheGame => ("La partie", "The game"),
            Text::To => ("à", "to"),
            Text::ToPlay => ("à jouer", "to play"),
            Text::Total => ("Total", "Total"),
            Text::Trick => ("Levée en cours", "Current trick"),
            Text::Tricks => ("Levées :", "Tricks:"),
            Text::Undo => ("Annuler ma sélection", "Undo my selection"),
            Text::UndoHint => (
                "On ne revient que sur le choix en cours, jamais sur une carte vue",
                "Only the choice in progress is undone, never after a card was seen",
            ),
            Text::WaitingFor => ("À jouer :", "To play:"),
            Text::WhatToDeclare => ("Que dire ?", "What to say?"),
            Text::Wins => ("gagne la partie", "wins"),
            Text::Yes => ("Oui", "Yes"),
            Text::You => ("Vous", "You"),
            Text::YouDrew => ("Vous avez pris", "You drew"),
            Text::YouHold => ("Vous avez", "You hold"),
            Text::YouWillTake => ("Vous prendrez", "You will take"),
            Text::YourAnswer => ("Votre réponse :", "Your answer:"),
            Text::YourDiscards => ("Votre écart", "Your discards"),
            Text::YourHand => ("Votre main", "Your hand"),
            Text::YourLead => ("À vous d'entamer", "Your lead"),
            Text::Points => ("points", "points"),
            Text::YourTurnToFollow => ("À vous de répondre à la levée", "Your turn to follow"),
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
