//! The app's strings, in a typed catalogue: every message is a constant of [`Text`] giving both
//! the French and the English text (a missing translation is a compile error, not a blank
//! label), written once here and named at its call sites (`Text::NewGame.get(lang)`).
//!
//! Each message is a constant, not the arm of one `match`: a wasm links only the words its
//! screens name, as it links only the functions it calls. The embedded replay's wasm carries the
//! viewer's words, not the lessons', the review's or the online table's (docs/embedding.md,
//! "Weight"; `tests/e2e/weight.test.mjs` checks it in the built wasm).

pub use piquet_words::Lang;

/// A message of the interface, in French and in English.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Text {
    fr: &'static str,
    en: &'static str,
}

#[allow(non_upper_case_globals)]
impl Text {
    pub const AppTitle: Text = Text::new("Piquet", "Piquet");
    pub const Tagline: Text = Text::new(
        "Le jeu de cartes à deux joueurs, tel qu’on le joue depuis le Grand Siècle",
        "The classic two-player French card game, as played since the age of Louis XIV",
    );
    pub const Intro: Text = Text::new(
        "Trente-deux cartes, un talon, des écarts, des annonces répondues « bon, égal ou \
         mieux », le repic, le pic et le capot : le piquet complet, hors ligne, contre un \
         adversaire de débutant à maître.",
        "Thirty-two cards, a talon, discards, declarations answered “good, equal or not \
         good”, repique, pique and capot: the whole game of Piquet, offline, against an \
         opponent from beginner to master.",
    );
    pub const NewGame: Text = Text::new("Nouvelle partie", "New game");
    pub const NewGameHint: Text = Text::new(
        "Choisir la règle, la durée de la partie et l’adversaire",
        "Choose the rules, the length of the game and the opponent",
    );
    pub const Rules: Text = Text::new("Règles", "Rules");
    pub const Settings: Text = Text::new("Paramètres", "Settings");
    pub const SettingsHint: Text = Text::new(
        "Langue, son, animations, jeu de cartes",
        "Language, sound, animation, card deck",
    );
    pub const Language: Text = Text::new("Langue", "Language");
    pub const LanguageSwitch: Text = Text::new("Choisir la langue", "Choose the language");
    pub const Close: Text = Text::new("Fermer", "Close");
    pub const Save: Text = Text::new("Enregistrer", "Save");
    pub const Sound: Text = Text::new("Son", "Sound");
    pub const SoundHint: Text = Text::new(
        "Petits sons pour les cartes jouées et les annonces",
        "Small sounds for cards played and declarations",
    );
    pub const Animation: Text = Text::new("Animations", "Animation");
    pub const AnimationNormal: Text = Text::new("Normales", "Normal");
    pub const AnimationFast: Text = Text::new("Rapides", "Fast");
    pub const AnimationOff: Text = Text::new("Aucune", "None");
    pub const AnimationHint: Text = Text::new(
        "« Aucune » est aussi choisie quand le système demande moins de mouvement",
        "“None” is also used when the system asks for reduced motion",
    );
    pub const DeckStyle: Text = Text::new("Jeu de cartes", "Card deck");
    pub const DeckTwoColour: Text = Text::new("Deux couleurs", "Two colours");
    pub const DeckFourColour: Text = Text::new("Quatre couleurs", "Four colours");
    pub const ShowOwnDiscards: Text = Text::new(
        "Me laisser revoir mon écart pendant le jeu",
        "Let me look at my discards during play",
    );
    pub const ShowOwnDiscardsHint: Text = Text::new(
        "Une aide : la règle classique l’interdit (Art. 24), la règle Rubicon le permet",
        "An aid: the classic rule forbids it (Art. 24), Rubicon allows it",
    );
    pub const PlayForced: Text = Text::new(
        "Jouer d’elle-même une carte forcée",
        "Play a forced card by itself",
    );
    pub const PlayForcedHint: Text = Text::new(
        "Quand une seule carte peut être jouée, elle part d’elle-même après un court instant",
        "When only one card may be played, it goes by itself after a moment",
    );
    pub const ForcedCardNote: Text = Text::new(
        "Votre seule carte jouable part d’elle-même.",
        "Your only playable card goes by itself.",
    );
    pub const UndoSetting: Text = Text::new(
        "Proposer « Annuler mon coup » contre l’ordinateur",
        "Offer “Take back my move” against the computer",
    );
    pub const UndoSettingHint: Text = Text::new(
        "Reprendre sa dernière annonce, réponse ou carte, avec ce que l’ordinateur a joué depuis ; ces parties sont comptées à part dans les statistiques",
        "Take back your last declaration, answer or card, with what the computer played since; these games are counted apart in the statistics",
    );
    pub const UndoMove: Text = Text::new("Annuler mon coup", "Take back my move");
    pub const LargeCards: Text = Text::new("Grandes cartes", "Larger cards");
    pub const LargeCardsHint: Text = Text::new(
        "La main sur deux rangées sur tous les téléphones, en long comme en large",
        "The hand in two rows on every phone, upright or sideways",
    );
    pub const HandOrder: Text = Text::new("Ordre de la main", "Order of the hand");
    pub const HandOrderSuits: Text = Text::new(
        "Par couleur, rouges et noires alternées",
        "By suit, red and black alternating",
    );
    pub const HandOrderRank: Text = Text::new("Par hauteur, les as d’abord", "By rank, aces first");
    pub const Comforts: Text = Text::new("Confort de jeu", "Comforts");
    pub const StatsUndo: Text = Text::new(
        "Contre l’ordinateur, avec « Annuler mon coup »",
        "Against the computer, with “Take back my move”",
    );
    pub const UpdateReady: Text = Text::new(
        "Une nouvelle version de Piquet est prête.",
        "A new version of Piquet is ready.",
    );
    pub const UpdateReload: Text = Text::new("Recharger", "Reload");
    pub const OfflineReady: Text = Text::new(
        "Jouable hors ligne après la première visite",
        "Playable offline after the first visit",
    );
    pub const ChoosePreset: Text = Text::new("Choisir la règle", "Choose the rules");
    pub const PresetClassique: Text = Text::new("Classique", "Classic");
    pub const PresetClassiqueDesc: Text = Text::new(
        "Le petit piquet de la fin du XVIIᵉ siècle, à 32 cartes : la règle par défaut.",
        "The 32-card petit Piquet of the 1690s: the default rules.",
    );
    pub const PresetAncien: Text = Text::new("Ancien", "Ancien");
    pub const PresetAncienDesc: Text = Text::new(
        "Le piquet du temps de Molière, à 36 cartes avec les six.",
        "Piquet in Molière’s time, with 36 cards including the sixes.",
    );
    pub const PresetModerne: Text = Text::new("Moderne", "Modern");
    pub const PresetModerneDesc: Text = Text::new(
        "Le point à la longueur et toutes les cartes comptent, comme au XIXᵉ siècle.",
        "Point by length and every card scores, as in the 19th century.",
    );
    pub const PresetRubicon: Text = Text::new("Rubicon", "Rubicon");
    pub const PresetRubiconDesc: Text = Text::new(
        "La partie en six donnes des clubs anglais, avec le rubicon à 100.",
        "The six-deal partie of the English clubs, with the rubicon at 100.",
    );
    pub const Preset150: Text = Text::new("En 150", "To 150");
    pub const Preset150Desc: Text = Text::new(
        "La règle populaire en 150 points, belle en 221, talon partagé 5 et 3.",
        "The popular game to 150 points, decider to 221, talon split 5 and 3.",
    );
    pub const Footer: Text = Text::new(
        "Piquet — logiciel libre, jouable sans connexion.",
        "Piquet — free software, playable offline.",
    );
    // The table (issue 5).
    pub const AbandonOffer: Text = Text::new(
        "Proposer d’abandonner la donne ?",
        "Propose to abandon the deal?",
    );
    pub const AbandonReply: Text = Text::new(
        "Le premier propose d’abandonner la donne : accepter ?",
        "Elder proposes to abandon the deal: accept?",
    );
    pub const Abandoned: Text = Text::new("Abandonnée", "Abandoned");
    pub const Belle: Text = Text::new("La belle", "The belle");
    pub const BlindDiscard: Text = Text::new("Écart sans prendre", "Discard without drawing");
    pub const CarteBlanche: Text = Text::new("Cartes blanches", "Carte blanche");
    pub const CarteBlancheHeld: Text = Text::new(
        "Vous avez cartes blanches (aucune figure) : annoncez-les en disant combien vous prendrez, ou écartez sans les annoncer.",
        "You hold carte blanche (no court card): announce it with how many cards you will take, or discard without announcing it.",
    );
    pub const ChoosesWhoDeals: Text = Text::new(
        "a la plus haute carte et choisit qui donne.",
        "drew the higher card and chooses who deals.",
    );
    pub const Computer: Text = Text::new("L’ordinateur", "The computer");
    pub const ComputerThinking: Text =
        Text::new("L’ordinateur réfléchit…", "The computer is thinking…");
    pub const CountOf: Text = Text::new("Compte de", "Count of");
    pub const CutAgain: Text = Text::new("Cartes égales : on recoupe.", "Equal ranks: cut again.");
    pub const CutHigherChooses: Text = Text::new(
        "La plus haute carte choisit qui donne.",
        "The higher card chooses who deals.",
    );
    pub const CutLowerDeals: Text = Text::new(
        "La plus basse carte donne (Art. 3).",
        "The lower card deals (Art. 3).",
    );
    pub const DealCards: Text = Text::new("Distribuer", "Deal");
    pub const DealNumber: Text = Text::new("Donne", "Deal");
    pub const DealOver: Text = Text::new("Fin de la donne", "End of the deal");
    pub const Dealer: Text = Text::new("Donneur", "Dealer");
    pub const Deals: Text = Text::new("donne.", "deals.");
    pub const Declare: Text = Text::new("Annoncer", "Declare");
    pub const DeclareCarteBlanche: Text =
        Text::new("Annoncer cartes blanches", "Declare carte blanche");
    pub const DiscardAndDraw: Text = Text::new("Écarter et prendre", "Discard and draw");
    /// The exchange's button with no card chosen: taking none, as a player says it.
    pub const KeepAll: Text = Text::new("Ne rien écarter", "Keep all twelve");
    pub const DiscardExactly: Text = Text::new("Écartez exactement", "Discard exactly");
    pub const DiscardFrom: Text = Text::new("Écartez de", "Discard from");
    pub const DiscardOnly: Text = Text::new("Écarter", "Discard");
    pub const Discards: Text = Text::new("Écart", "Discards");
    pub const DontLook: Text = Text::new("Ne pas regarder", "Do not look");
    pub const Exchange: Text = Text::new("L’écart", "The exchange");
    pub const Explain: Text = Text::new("Détail des points", "What scored");
    pub const ExposeLeftover: Text =
        Text::new("Retourner le reste du talon", "Turn the leftover face up");
    pub const GameActions: Text = Text::new("Actions de la partie", "Game actions");
    pub const GameInProgress: Text =
        Text::new("Une partie est en cours.", "A game is in progress.");
    pub const GameLength: Text = Text::new("Durée de la partie", "Length of the game");
    pub const GameLog: Text = Text::new("Journal de la donne", "Deal log");
    pub const GameNumber: Text = Text::new("Manche", "Game");
    pub const GameOver: Text = Text::new("Partie terminée", "Game over");
    pub const GameTo: Text = Text::new("Partie en", "Game to");
    pub const GamesWon: Text = Text::new("Manches gagnées", "Games won");
    /// The score sheet's first row when the game is taken up where it stood (a treatise's hand
    /// "to the score"): the totals brought forward.
    pub const BroughtForward: Text = Text::new("Report", "Brought forward");
    pub const GoodAlways: Text = Text::new(
        "Toujours possible (on peut « couler »)",
        "Always allowed (you may sink)",
    );
    pub const HandOf: Text = Text::new("Main de l’adversaire", "Opponent’s hand");
    pub const HandOverHint: Text = Text::new(
        "La main précédente est cachée. Quand le joueur suivant tient l’appareil, il montre sa main.",
        "The previous hand is hidden. When the next player holds the device, they show their hand.",
    );
    pub const HandOverTo: Text = Text::new("Passez l’appareil à", "Hand the device over to");
    pub const HideLeftover: Text = Text::new("Le laisser caché", "Leave it face down");
    pub const Hint: Text = Text::new("Conseil", "Hint");
    pub const HintThinking: Text = Text::new("Conseil…", "Hint…");
    pub const IAm: Text = Text::new("Je suis", "I am");
    pub const IDeal: Text = Text::new("Je donne", "I deal");
    pub const IsRubiconed: Text = Text::new(
        "est « rubiconé » (moins de 100 points)",
        "is rubiconed (under 100 points)",
    );
    pub const LastTrick: Text = Text::new("Dernière levée", "Last trick");
    pub const Leave: Text = Text::new("Quitter la table", "Leave the table");
    pub const Leftover: Text = Text::new("Le reste du talon", "The leftover talon");
    pub const LeftoverClassicHint: Text = Text::new(
        "restent au talon. Vous pouvez les voir en annonçant la couleur dans laquelle vous entamerez.",
        "are left in the talon. You may see them by naming the suit you will lead.",
    );
    pub const LeftoverRubiconHint: Text = Text::new(
        "restent au talon : les retourner pour les deux joueurs, ou les laisser cachées.",
        "are left in the talon: turn them up for both players, or leave them unseen.",
    );
    pub const LookLeadingSuit: Text = Text::new("Voir, en entamant à", "See them, leading");
    pub const MatchWithBelle: Text = Text::new(
        "En deux manches et la belle",
        "A match: two games and the belle",
    );
    pub const MustLead: Text = Text::new("Vous devez entamer à", "You must lead");
    pub const NextDeal: Text = Text::new("Donne suivante", "Next deal");
    pub const No: Text = Text::new("Non", "No");
    pub const NoDealYet: Text = Text::new("Aucune donne jouée.", "No deal played yet.");
    pub const NoDrawNow: Text = Text::new(
        "Vous écartez sans prendre :",
        "You discard without drawing:",
    );
    pub const NoEqual: Text = Text::new("Vous n’avez rien d’égal", "You hold nothing equal");
    pub const NoneEither: Text = Text::new("Vous n’en avez pas non plus", "You have none either");
    pub const Note: Text = Text::new("Remarque", "Note");
    pub const NothingBetter: Text =
        Text::new("Vous n’avez rien de meilleur", "You hold nothing better");
    pub const NothingScored: Text =
        Text::new("Rien de compté pour l’instant.", "Nothing scored yet.");
    pub const Opponent: Text = Text::new("Adversaire", "Opponent");
    pub const OpponentMayTake: Text = Text::new(
        "L’adversaire pourra en prendre jusqu’à",
        "The opponent may take up to",
    );
    pub const OpponentWillTake: Text =
        Text::new("L’adversaire en prendra", "The opponent will take");
    pub const OtherDeals: Text = Text::new("L’autre donne", "The other deals");
    pub const Partie: Text = Text::new("La partie", "The partie");
    pub const PassAndPlay: Text = Text::new(
        "Deux joueurs sur cet appareil",
        "Two players on this device",
    );
    pub const PassAndPlayAbout: Text = Text::new(
        "Chacun joue à son tour ; l’écran cache la main de l’un quand l’autre joue.",
        "Each plays in turn; the screen hides one hand while the other plays.",
    );
    pub const Payoff: Text = Text::new("Gain de la partie :", "Payoff of the partie:");
    pub const PlayHint: Text = Text::new(
        "Choisissez une carte de votre main.",
        "Choose a card from your hand.",
    );
    pub const PlayerOne: Text = Text::new("Joueur 1", "Player 1");
    pub const PlayerTwo: Text = Text::new("Joueur 2", "Player 2");
    pub const PresetDetails: Text = Text::new("Le détail de la règle", "The rules in detail");
    pub const RecordFacts: Text = Text::new(
        "Joueurs, date, règle et source",
        "Players, date, rules and source",
    );
    pub const Resume: Text = Text::new("Reprendre", "Resume");
    pub const Retry: Text = Text::new("Réessayer", "Try again");
    pub const ReviewLastTrick: Text =
        Text::new("Revoir la dernière levée", "Review the last trick");
    pub const RubiconPartie: Text = Text::new(
        "Partie en six donnes ; le perdant sous 100 est « rubiconé ».",
        "A partie of six deals; a loser under 100 is rubiconed.",
    );
    pub const ScoreSheet: Text = Text::new("Feuille de marque", "Score sheet");
    pub const SeenInTalon: Text = Text::new("Vu au talon", "Seen in the talon");
    pub const SelectInHand: Text = Text::new(
        "choisissez-les dans votre main.",
        "select them in your hand.",
    );
    pub const ShownCards: Text = Text::new("Cartes montrées", "Cards shown");
    pub const SinkingAllowed: Text = Text::new(
        "La meilleure annonce est choisie d’avance ; vous pouvez en annoncer moins (« couler »).",
        "Your best holding is chosen already; you may declare less (sinking).",
    );
    pub const SomethingWrong: Text = Text::new("Un problème est survenu", "Something went wrong");
    pub const Start: Text = Text::new("Commencer la partie", "Start the game");
    pub const StoppedAtTarget: Text = Text::new("Arrêtée au but", "Stopped at the target");
    pub const TableLabel: Text = Text::new("Le tapis", "The table");
    pub const TableTitle: Text = Text::new("Partie de piquet", "A game of Piquet");
    pub const Talon: Text = Text::new("Talon", "Talon");
    pub const TalonHolds: Text = Text::new("Le talon en contient", "The talon holds");
    pub const TargetIs: Text = Text::new("But de la manche :", "Target of this game:");
    pub const TheCut: Text = Text::new("La coupe", "The cut");
    pub const TheGame: Text = Text::new("La partie", "The game");
    pub const To: Text = Text::new("à", "to");
    pub const ToPlay: Text = Text::new("À jouer", "To play");
    pub const Total: Text = Text::new("Total", "Total");
    pub const Trick: Text = Text::new("Levée en cours", "Current trick");
    pub const Tricks: Text = Text::new("Levées :", "Tricks:");
    pub const WaitingFor: Text = Text::new("À jouer :", "To play:");
    pub const WhatToDeclare: Text = Text::new("Que dire ?", "What to say?");
    pub const Wins: Text = Text::new("gagne la partie", "wins");
    pub const Yes: Text = Text::new("Oui", "Yes");
    pub const You: Text = Text::new("Vous", "You");
    pub const YouAreRubiconed: Text = Text::new(
        "Vous êtes « rubiconé » (moins de 100 points)",
        "You are rubiconed (under 100 points)",
    );
    pub const YouChooseWhoDeals: Text = Text::new(
        "Vous avez la plus haute carte et choisissez qui donne.",
        "You drew the higher card and choose who deals.",
    );
    pub const YouDeal: Text = Text::new("Vous donnez.", "You deal.");
    pub const YouDrew: Text = Text::new("Vous avez pris", "You drew");
    pub const YouHold: Text = Text::new("Vous avez", "You hold");
    pub const YouWillTake: Text = Text::new("Vous prendrez", "You will take");
    pub const YouWillTakeNone: Text =
        Text::new("Vous gardez vos douze cartes", "You keep all twelve cards");
    /// Nothing chosen yet when at least one card must be discarded.
    pub const NoneChosenYet: Text = Text::new("Aucune carte choisie", "No card chosen yet");
    pub const YouWin: Text = Text::new("Vous gagnez la partie", "You win");
    pub const YourAnswer: Text = Text::new("Votre réponse :", "Your answer:");
    pub const YourDiscards: Text = Text::new("Votre écart", "Your discards");
    pub const YourHand: Text = Text::new("Votre main", "Your hand");
    pub const YourLead: Text = Text::new("À vous d’entamer", "Your lead");
    pub const YourTurnToFollow: Text =
        Text::new("À vous de répondre à la levée", "Your turn to follow");
    pub const Points: Text = Text::new("points", "points");
    // Replays, export and embedding.
    pub const Downloaded: Text = Text::new("Téléchargé :", "Downloaded:");
    pub const ExportFailed: Text = Text::new("L’export a échoué", "The export failed");
    pub const LinkCopied: Text = Text::new(
        "Lien copié : il ouvre cette partie dans la relecture.",
        "Link copied: it opens this game in the replay viewer.",
    );
    pub const LinkCopyByHand: Text = Text::new(
        "Le presse-papiers est indisponible : copiez le lien ci-dessus.",
        "The clipboard is unavailable: copy the link above.",
    );
    pub const Export: Text = Text::new("Exporter", "Export");
    pub const DownloadJson: Text = Text::new("Télécharger (JSON)", "Download (JSON)");
    pub const DownloadText: Text = Text::new("Télécharger (texte)", "Download (text)");
    pub const CopyLink: Text = Text::new("Copier le lien", "Copy link");
    pub const LinkLabel: Text = Text::new("Lien vers cette partie", "Link to this game");
    pub const SeatA: Text = Text::new("Joueur A", "Player A");
    pub const SeatB: Text = Text::new("Joueur B", "Player B");
    pub const RecordProblem: Text = Text::new(
        "Cette partie ne peut pas être lue",
        "This record cannot be read",
    );
    pub const ReplayWaiting: Text = Text::new(
        "Aucune partie chargée : la page hôte peut en envoyer une.",
        "No record loaded yet: the host page can send one.",
    );
    pub const BackToHome: Text = Text::new("Retour à l’accueil", "Back to the first screen");
    pub const ReplayTitle: Text = Text::new("Relecture d’une partie", "Game replay");
    pub const Replays: Text = Text::new("Relire une partie", "Replay a game");
    pub const ReplaysHint: Text = Text::new(
        "Les parties historiques, un fichier ou un lien, coup par coup",
        "Historical games, a file or a link, move by move",
    );
    pub const HistoricalRecords: Text = Text::new("Parties historiques", "Historical games");
    pub const PasteEmpty: Text = Text::new("Rien n’a été collé", "Nothing was pasted");
    pub const OpenRecord: Text = Text::new("Ouvrir une partie", "Open a record");
    pub const OpenFile: Text = Text::new(
        "Fichier de partie (JSON ou texte)",
        "Record file (JSON or text)",
    );
    pub const PasteRecord: Text = Text::new(
        "Ou collez une partie (JSON ou texte)",
        "Or paste a record (JSON or text)",
    );
    pub const PastePlaceholder: Text = Text::new(
        "[Format \"piquet-record\"] … ou { \"format\": \"piquet-record\", … }",
        "[Format \"piquet-record\"] … or { \"format\": \"piquet-record\", … }",
    );
    pub const OpenPasted: Text = Text::new("Ouvrir le texte collé", "Open the pasted text");
    pub const UntitledRecord: Text = Text::new("Partie sans titre", "Untitled game");
    pub const Players: Text = Text::new("Joueurs", "Players");
    pub const Date: Text = Text::new("Date", "Date");
    pub const RulesLabel: Text = Text::new("Règle", "Rules");
    pub const Source: Text = Text::new("Source", "Source");
    pub const Licence: Text = Text::new("Licence", "Licence");
    pub const Annotator: Text = Text::new("Commentaires", "Commentary by");
    pub const ReplayControls: Text =
        Text::new("Se déplacer dans la partie", "Move through the game");
    pub const ToStart: Text = Text::new("Au début", "To the start");
    pub const StepBack: Text = Text::new("Coup précédent", "Previous move");
    pub const Pause: Text = Text::new("Pause", "Pause");
    pub const AutoPlay: Text = Text::new("Lecture", "Play");
    pub const StepForward: Text = Text::new("Coup suivant", "Next move");
    pub const ToEnd: Text = Text::new("À la fin", "To the end");
    pub const DealWord: Text = Text::new("Donne", "Deal");
    pub const ActionWord: Text = Text::new("coup", "move");
    pub const GoToDeal: Text = Text::new("Aller à la donne", "Go to deal");
    pub const GoToTrick: Text = Text::new("Aller à la levée", "Go to trick");
    pub const TrickWord: Text = Text::new("Levée", "Trick");
    pub const ShowCards: Text = Text::new("Cartes montrées", "Cards shown");
    pub const AllFaceUp: Text = Text::new("Toutes, face visible", "All face up");
    pub const AsSeenBy: Text = Text::new("Comme les voit", "As seen by");
    pub const Counts: Text = Text::new("Le compte", "The count");
    pub const ThisDeal: Text = Text::new("Cette donne", "This deal");
    pub const Commentary: Text = Text::new("Commentaire", "Commentary");
    pub const DealCommentary: Text = Text::new("Avant la donne", "Before the deal");
    pub const PlayThisDeal: Text = Text::new("Jouer cette donne", "Play this deal");
    pub const PlayThisDealHint: Text = Text::new(
        "Reprenez la partie à ce coup contre l’ordinateur ; elle s’enregistre comme toute partie et remplace la partie en cours.",
        "Take the game over from this move against the computer; it is saved like any game and replaces the game in progress.",
    );
    pub const GameAlreadyOver: Text = Text::new(
        "La partie est finie à ce coup : revenez en arrière pour la jouer.",
        "The game is over at this move: step back to play it.",
    );
    pub const PlayAs: Text = Text::new("Jouer", "Play as");
    pub const Level: Text = Text::new("Niveau de l’ordinateur", "Computer’s level");
    pub const PlayFromHere: Text = Text::new("Jouer à partir d’ici", "Play from here");
    pub const EmbedProblem: Text = Text::new(
        "Cette table ne peut pas s’afficher",
        "This table cannot be shown",
    );
    pub const EmbedHelp: Text = Text::new(
        "Le site qui la montre lui a donné des réglages qu’elle ne comprend pas.",
        "The site showing it gave it settings it does not understand.",
    );
    pub const Loading: Text = Text::new("Chargement…", "Loading…");
    pub const TableLoading: Text =
        Text::new("Chargement de la table de jeu…", "Loading the game table…");
    pub const TableNotLoaded: Text = Text::new(
        "La table de jeu n’a pas pu être chargée",
        "The game table could not be loaded",
    );
    pub const Dismiss: Text = Text::new("Fermer", "Dismiss");
    pub const CommentaryInOpenView: Text = Text::new(
        "Un commentaire accompagne ce coup : il se lit cartes sur table (il peut nommer des cartes que ce joueur n’a pas vues).",
        "This move has a comment: read it with all cards face up (it may name cards this player has not seen).",
    );
    // The table on every screen (issue 12).
    pub const MustFollow: Text = Text::new("Vous devez fournir à", "You must follow suit in");
    pub const YouAnnouncedLead: Text = Text::new(
        "Vous avez annoncé que vous entameriez à",
        "You said you would lead",
    );
    pub const NotYourTurn: Text =
        Text::new("Ce n’est pas à vous de jouer.", "It is not your turn.");
    pub const DealIsOver: Text = Text::new("La donne est finie.", "The deal is over.");
    pub const CannotPlayNow: Text = Text::new(
        "Cette carte ne peut pas être jouée maintenant.",
        "This card cannot be played now.",
    );
    pub const CardsPlayedAfterDeclarations: Text = Text::new(
        "On joue les cartes après l’écart et les annonces.",
        "Cards are played after the exchange and the declarations.",
    );
    pub const LeaveTable: Text = Text::new(
        "Quitter la table (la partie reste enregistrée)",
        "Leave the table (the game stays saved)",
    );
    pub const More: Text = Text::new("Plus", "More");
    pub const PointsShort: Text = Text::new("pts", "pts");
    pub const OneTrick: Text = Text::new("1 levée", "1 trick");
    pub const TricksWord: Text = Text::new("levées", "tricks");
    pub const ClearSelection: Text = Text::new("Tout reprendre", "Clear");
    pub const PlayAgain: Text = Text::new("Rejouer", "Play again");
    pub const OtherGame: Text = Text::new("Autre partie…", "Another game…");
    pub const CountExplained: Text = Text::new(
        "Les points de cette donne, à mesure qu’ils sont comptés.",
        "This deal’s points, as they were scored.",
    );
    pub const LogEmpty: Text = Text::new(
        "Rien n’a encore été dit ni joué dans cette donne.",
        "Nothing has been said or played in this deal yet.",
    );
    pub const PlayAgainHint: Text = Text::new(
        "Une nouvelle partie, mêmes réglages :",
        "A new game with the same settings:",
    );
    pub const ReplaceGameTitle: Text = Text::new(
        "Remplacer la partie en cours ?",
        "Replace the game in progress?",
    );
    pub const ReplaceGameBody: Text = Text::new(
        "Une partie est en cours. Si vous en commencez une autre, elle sera perdue.",
        "A game is in progress. If you start another one, it will be lost.",
    );
    pub const KeepGame: Text = Text::new("Garder la partie en cours", "Keep the game in progress");
    pub const ReplaceGame: Text = Text::new("Commencer la nouvelle partie", "Start the new game");
    pub const Cancel: Text = Text::new("Annuler", "Cancel");
    pub const PartieOfSix: Text = Text::new("partie en six donnes", "a partie of six deals");
    pub const InTarget: Text = Text::new("en", "to");
    pub const OpponentDiscards: Text = Text::new("Écart de l’adversaire", "The other’s discards");
    pub const CutCards: Text = Text::new("Les cartes de la coupe", "The cards of the cut");
    /// A lesson's cut: the button that draws the player's card.
    pub const DrawCard: Text = Text::new("Tirer une carte", "Draw a card");
    /// A lesson's cut: the pack, face down, as a button.
    pub const CutPack: Text =
        Text::new("Le paquet\u{a0}: tirer une carte", "The pack: draw a card");
    // The review of a deal (issue 13).
    pub const ReviewAbandon: Text = Text::new("Abandon", "Abandon");
    pub const ReviewDeclaration: Text = Text::new("Annonce", "Declaration");
    pub const ReviewAnswer: Text = Text::new("Réponse", "Answer");
    pub const ReviewCard: Text = Text::new("Carte jouée", "Card played");
    pub const ReviewDeclarations: Text = Text::new("Annonces", "Declarations");
    pub const ReviewPlay: Text = Text::new("Jeu des cartes", "Play of the cards");
    pub const ReviewOther: Text = Text::new("Reste du talon et abandon", "Leftover and abandon");
    pub const ReviewChosen: Text = Text::new("joué", "played");
    pub const ReviewBest: Text = Text::new("le meilleur", "best");
    pub const ReviewOptions: Text = Text::new(
        "Les choix possibles et ce qu’ils valaient",
        "The choices and what they were worth",
    );
    pub const ReviewOption: Text = Text::new("Choix", "Choice");
    pub const ReviewExpected: Text = Text::new("Attendu", "Expected");
    pub const ReviewOpen: Text = Text::new("Cartes sur table", "Open cards");
    pub const ReviewNothing: Text = Text::new(
        "Aucune décision à revoir dans cette donne.",
        "No decision to review in this deal.",
    );
    pub const ReviewOfDeal: Text = Text::new("Revue de la donne", "Review of deal");
    pub const ReviewRunning: Text = Text::new(
        "L’ordinateur revoit chaque décision de la donne…",
        "The computer goes over every decision of the deal…",
    );
    pub const ReviewFailed: Text = Text::new(
        "La revue n’a pas pu se faire",
        "The review could not be made",
    );
    pub const ReviewPointsLost: Text = Text::new("Points perdus", "Points lost");
    pub const ReviewScale: Text = Text::new(
        "Chaque choix est compté en points d’écart à la fin de la donne. « Attendu » : selon ce que le joueur pouvait savoir. « Cartes sur table » : toutes les cartes connues, chacun jouant au mieux. Imprécision dès 3 points perdus, erreur dès 6, gaffe dès 12.",
        "Each choice is worth a margin of points at the end of the deal. “Expected”: from what the player could know. “Open cards”: every card known, both playing their best. Inaccuracy from 3 points lost, mistake from 6, blunder from 12.",
    );
    pub const ReviewOnlyMarked: Text =
        Text::new("Seulement les coups marqués", "Only the marked decisions");
    pub const ReviewNoMarks: Text = Text::new(
        "Aucune décision n’a coûté 3 points ou plus.",
        "No decision cost 3 points or more.",
    );
    pub const ReviewExport: Text = Text::new(
        "Exporter la donne avec la revue en commentaire",
        "Export the deal with the review as commentary",
    );
    pub const ReviewDeal: Text = Text::new("Revoir la donne", "Review the deal");
    pub const ReviewShort: Text = Text::new("Revoir", "Review");
    // Statistics (issue 13).
    pub const Stats: Text = Text::new("Statistiques", "Statistics");
    pub const StatsHint: Text = Text::new(
        "Vos parties contre l’ordinateur, par niveau et par règle. Chaque paire de nombres : vous – l’ordinateur.",
        "Your games against the computer, by level and rules. Each pair of numbers: you – the computer.",
    );
    pub const StatsEmpty: Text = Text::new(
        "Aucune partie contre l’ordinateur n’a encore été jouée jusqu’au bout d’une donne.",
        "No deal against the computer has been played to its end yet.",
    );
    pub const StatsCaption: Text = Text::new("Gagnées – perdues", "Won – lost");
    pub const StatsOpponent: Text = Text::new("Niveau et règle", "Level and rules");
    pub const StatsGames: Text = Text::new("Parties", "Games");
    pub const StatsDeals: Text = Text::new("Donnes", "Deals");
    pub const StatsMargin: Text = Text::new("Écart moyen par donne", "Mean margin per deal");
    pub const StatsPics: Text = Text::new("Pics", "Piques");
    pub const StatsRepics: Text = Text::new("Repics", "Repiques");
    pub const StatsCapots: Text = Text::new("Capots", "Capots");
    pub const StatsExport: Text = Text::new("Télécharger (JSON)", "Download (JSON)");
    pub const StatsReset: Text = Text::new("Remettre à zéro", "Reset");
    pub const StatsResetAsk: Text = Text::new(
        "Effacer toutes les statistiques ?",
        "Erase all the statistics?",
    );
    pub const StatsButtonHint: Text = Text::new(
        "Parties et donnes jouées, gagnées et perdues, par niveau",
        "Games and deals played, won and lost, by level",
    );
    pub const TechnicalNote: Text = Text::new("Note technique", "Technical note");
    pub const CannotPlayFromHere: Text = Text::new(
        "La partie ne peut pas être reprise à ce coup.",
        "The game cannot be taken over from this move.",
    );
    pub const SetAsideTitle: Text = Text::new("Données mises de côté", "Data set aside");
    pub const SetAsideHint: Text = Text::new(
        "Ce qui n’a pas pu être relu en entier est gardé ici, tel quel : une partie se télécharge comme un relevé de partie.",
        "What could not be read back in full is kept here as it was: a game downloads as a game record.",
    );
    pub const SetAsideGame: Text = Text::new("Partie enregistrée", "Saved game");
    pub const SetAsideSettings: Text = Text::new("Paramètres enregistrés", "Saved settings");
    pub const SetAsideStatistics: Text = Text::new("Statistiques enregistrées", "Saved statistics");
    pub const SetAsideLessons: Text =
        Text::new("Progrès dans les leçons", "Progress in the lessons");
    pub const SetAsideChoice: Text = Text::new(
        "Choix en cours à la table",
        "Choice in progress at the table",
    );
    pub const SetAsideOther: Text = Text::new("Données enregistrées", "Saved data");
    pub const Download: Text = Text::new("Télécharger", "Download");
    pub const Forget: Text = Text::new("Supprimer", "Delete");
    pub const WrittenInFrench: Text = Text::new("(en français)", "(in French)");
    pub const WrittenInEnglish: Text = Text::new("(en anglais)", "(in English)");
    pub const WrittenInAnotherLanguage: Text =
        Text::new("(dans une autre langue)", "(in another language)");
    // Lessons (issue 13).
    pub const Learn: Text = Text::new("Apprendre", "Learn");
    pub const LearnHint: Text = Text::new(
        "Des leçons guidées, une donne à la fois",
        "Guided lessons, one deal at a time",
    );
    pub const Lessons: Text = Text::new("Leçons", "Lessons");
    pub const LessonsHint: Text = Text::new(
        "Chaque leçon est une donne aux cartes choisies pour elle, en courtes étapes : la leçon vous dit quoi faire et pourquoi, et l’ordinateur joue ce qu’elle a prévu.",
        "Each lesson is a deal with cards chosen for it, in short steps: the lesson tells you what to do and why, and the computer plays what it has planned.",
    );
    pub const LessonsLoading: Text = Text::new("Chargement des leçons…", "Loading the lessons…");
    pub const LessonsUnavailable: Text = Text::new(
        "La liste des leçons n’a pas pu être chargée",
        "The list of lessons could not be loaded",
    );
    pub const LessonUnreadable: Text = Text::new(
        "Cette leçon n’a pas pu être ouverte",
        "This lesson could not be opened",
    );
    pub const LessonStart: Text = Text::new("Commencer", "Start");
    pub const LessonRestart: Text = Text::new("Recommencer", "Start again");
    pub const LessonReplay: Text = Text::new("Refaire la leçon", "Play it again");
    pub const LessonNotStarted: Text = Text::new("Pas commencée", "Not started");
    pub const LessonInProgress: Text = Text::new("En cours", "In progress");
    pub const LessonDone: Text = Text::new("Terminée", "Done");
    pub const LessonWasDone: Text = Text::new("déjà terminée une fois", "done once before");
    pub const Step: Text = Text::new("Étape", "Step");
    pub const StepOf: Text = Text::new("sur", "of");
    pub const LeaveLesson: Text = Text::new("Quitter la leçon", "Leave the lesson");
    pub const Continue: Text = Text::new("Continuer", "Continue");
    pub const LessonOver: Text = Text::new("Leçon terminée", "Lesson complete");
    pub const OtherLessons: Text = Text::new("Autres leçons", "Other lessons");
    pub const LessonAgain: Text = Text::new("Recommencer la leçon", "Start the lesson again");
    pub const TheLesson: Text = Text::new("La leçon", "The lesson");
    pub const CoachUnderstood: Text = Text::new("Compris", "Got it");
    pub const CoachReadAgain: Text = Text::new("Relire", "Read again");
    pub const OpponentMoving: Text = Text::new("L’ordinateur joue…", "The computer plays…");
    pub const PlayOnAgainstComputer: Text = Text::new(
        "Continuer contre l’ordinateur",
        "Play on against the computer",
    );
    // Issue 25: problems in the app
    pub const Problems: Text = Text::new("Problèmes", "Problems");
    pub const ProblemsHint: Text = Text::new(
        "Une position, une décision : que jouez-vous ?",
        "One position, one decision: what do you play?",
    );
    pub const ProblemsListHint: Text = Text::new(
        "Chaque problème arrête une donne à une décision : répondez sur la table comme en partie, puis voyez ce que vaut chaque choix.",
        "Each problem stops a deal at a decision: answer on the table as in a game, then see what every choice is worth.",
    );
    pub const ProblemsLoading: Text =
        Text::new("Chargement des problèmes…", "Loading the problems…");
    pub const ProblemsUnavailable: Text = Text::new(
        "La liste des problèmes n’a pas pu être chargée",
        "The list of problems could not be loaded",
    );
    pub const ProblemUnreadable: Text = Text::new(
        "Ce problème n’a pas pu être ouvert",
        "This problem could not be opened",
    );
    pub const ProblemOfTheDay: Text = Text::new("Problème du jour", "Problem of the day");
    pub const ProblemOfTheDayHint: Text = Text::new(
        "Le même pour tous aujourd’hui (jour UTC)",
        "The same for everyone today (UTC day)",
    );
    pub const KindExchange: Text = Text::new("L’écart", "The exchange");
    pub const KindLeftover: Text = Text::new("Le reste du talon", "The leftover");
    pub const KindCarteBlanche: Text = Text::new("Cartes blanches", "Carte blanche");
    pub const KindDeclare: Text = Text::new("Les annonces", "Declarations");
    pub const KindAnswer: Text = Text::new("Les réponses", "Answers");
    pub const KindLead: Text = Text::new("L’entame", "Leads");
    pub const KindFollow: Text = Text::new("Jouer en second", "Following");
    pub const AllRules: Text = Text::new("Toutes les règles", "All rules");
    pub const Theme: Text = Text::new("Thème", "Theme");
    pub const AllThemes: Text = Text::new("Tous les thèmes", "All themes");
    pub const ThemeCards: Text = Text::new("Aux cartes", "To the cards");
    pub const ThemeLastTrick: Text = Text::new("La dernière levée", "The last trick");
    pub const ThemeCapot: Text = Text::new("Le capot", "The capot");
    pub const ThemePic: Text = Text::new("Le pic", "The pic");
    pub const StakesPartie: Text = Text::new("Enjeu : la partie", "Stakes: the partie");
    pub const ValuesPartie: Text = Text::new(
        "Valeurs du Maître, en moyenne sur des donnes tirées au hasard : le gain de la partie au Rubicon (100 plus l’écart, ou plus la somme quand le perdant n’a pas passé 100 ; négatif si vous la perdez), non la marge de la donne. Donnes :",
        "Le Maître’s values, averaged over deals drawn at random: the partie’s gain at Rubicon (100 plus the difference, or plus the sum when the loser has not passed 100; negative if you lose it), not the deal’s margin. Deals:",
    );
    pub const StakesGame: Text = Text::new("Enjeu : gagner la partie", "Stakes: winning the game");
    pub const ValuesGame: Text = Text::new(
        "Valeurs du Maître, en moyenne sur des donnes tirées au hasard : vos chances de gagner la partie après la donne (qui atteint le but pendant les annonces gagne sur-le-champ ; les donnes suivantes d’après un modèle du jeu), non la marge de la donne. Donnes :",
        "Le Maître’s values, averaged over deals drawn at random: your chance of winning the game after the deal (whoever reaches the target during the declarations wins there and then; the deals after it from a model of the game), not the deal’s margin. Deals:",
    );
    pub const Difficulty: Text = Text::new("Difficulté", "Difficulty");
    pub const DifficultyOf: Text = Text::new("sur", "of");
    pub const ProblemNotTried: Text = Text::new("À résoudre", "Not tried");
    pub const ProblemTried: Text = Text::new("Pas encore résolu", "Not solved yet");
    pub const ProblemSolved: Text = Text::new("Résolu", "Solved");
    pub const ProblemSolvedFirstTry: Text =
        Text::new("Résolu du premier coup", "Solved at first try");
    pub const ProblemsSolved: Text = Text::new("résolus", "solved");
    pub const ResetProgress: Text = Text::new("Effacer la progression", "Reset the progress");
    pub const ResetProgressConfirm: Text = Text::new(
        "Effacer vraiment la progression ?",
        "Really reset the progress?",
    );
    pub const Historical: Text = Text::new("Historique", "Historical");
    pub const Generated: Text = Text::new("Tiré d’une partie du Maître", "From Le Maître’s games");
    pub const Problem: Text = Text::new("Problème", "Problem");
    pub const RightAnswer: Text = Text::new("Bien joué !", "Well played!");
    pub const WrongAnswer: Text = Text::new(
        "Ce n’est pas le meilleur choix",
        "That is not the best choice",
    );
    pub const ProblemYourAnswer: Text = Text::new("Votre réponse", "Your answer");
    pub const BestMark: Text = Text::new("le meilleur", "best");
    pub const AcceptedMark: Text = Text::new("la réponse", "the answer");
    pub const YourMark: Text = Text::new("votre choix", "your choice");
    pub const NotValued: Text = Text::new(
        "Le Maître n’a pas évalué ce choix : il ne fait pas partie des meilleurs.",
        "Le Maître did not value this choice: it is not among the best.",
    );
    pub const ValuesOpen: Text = Text::new(
        "Valeurs exactes, toutes cartes vues : les points de la donne, vous moins l’adversaire.",
        "Exact values with every card seen: the deal’s points, yours less the opponent’s.",
    );
    pub const ValuesSampled: Text = Text::new(
        "Valeurs du Maître, en moyenne sur des donnes tirées au hasard : les points de la donne, vous moins l’adversaire. Donnes :",
        "Le Maître’s values, averaged over deals drawn at random: the deal’s points, yours less the opponent’s. Deals:",
    );
    pub const SeeTheRest: Text = Text::new("Voir la suite", "See the rest");
    pub const NextProblem: Text = Text::new("Problème suivant", "Next problem");
    pub const OtherProblems: Text = Text::new("Autres problèmes", "Other problems");
    pub const ProblemPlayingOn: Text = Text::new(
        "La donne continue contre le Maître.",
        "The deal goes on against Le Maître.",
    );
    pub const SetAsideProblems: Text =
        Text::new("Progrès dans les problèmes", "Progress in the problems");
    pub const CustomRules: Text = Text::new("Règles particulières", "Other rules");
    pub const EmbedNoProblem: Text = Text::new(
        "Aucun problème à ouvrir\u{a0}: donnez problem=… ou record=…",
        "No problem to open: give problem=… or record=…",
    );
    pub const ProblemNotInList: Text =
        Text::new("il n’est pas dans la liste", "it is not in the list");
    pub const DailyDeal: Text = Text::new("Donne du jour", "Deal of the day");
    pub const DailyDealHint: Text = Text::new(
        "La même pour tous aujourd’hui : jouez-la, puis voyez le Maître à votre place",
        "The same for everyone today: play it, then see Le Maître in your seat",
    );
    pub const DailyPrompt: Text = Text::new(
        "Vous êtes premier, contre le Maître. La donne finie, voyez comment il a joué vos cartes.",
        "You are elder, against Le Maître. When the deal is over, see how he played your cards.",
    );
    pub const DailyResult: Text = Text::new("La donne du jour", "The deal of the day");
    pub const DailyMasterInYourSeat: Text =
        Text::new("Le Maître à votre place", "Le Maître in your seat");
    pub const DailyDifference: Text = Text::new(
        "Écart (votre marge moins la sienne)",
        "Difference (your margin less his)",
    );
    pub const DailyComputing: Text = Text::new(
        "Le Maître joue la même donne…",
        "Le Maître is playing the same deal…",
    );
    pub const DailyUnavailable: Text = Text::new(
        "Le jeu du Maître n’a pas pu être calculé",
        "Le Maître’s play could not be computed",
    );
    pub const DailyDecisions: Text = Text::new("Décision par décision", "Decision by decision");
    pub const DailyShare: Text = Text::new("À partager", "To share");
    pub const DailyCopy: Text = Text::new("Copier", "Copy");
    pub const DailyCopied: Text = Text::new("Copié.", "Copied.");
    pub const DailySame: Text = Text::new("pareil", "the same");
    // Issue 24: the game's score on the table, its end, the game resumed
    pub const DealLower: Text = Text::new("donne", "deal");
    pub const PointsInGame: Text = Text::new("points dans la partie", "points in the game");
    pub const PointsInDeal: Text = Text::new("dans cette donne", "in this deal");
    pub const FinalScore: Text = Text::new("Score final", "Final score");
    pub const SeeScoreSheet: Text = Text::new("Voir la feuille de marque", "See the score sheet");
    // Issue 24: the keyboard
    pub const ArrowsThenEnter: Text = Text::new("(flèches puis Entrée)", "(arrows, then Enter)");
    pub const KeysTitle: Text = Text::new("Au clavier", "With the keyboard");
    pub const KeysTab: Text = Text::new(
        "Tab et Maj+Tab : d’une commande à l’autre (dans une fenêtre ouverte, sans en sortir)",
        "Tab and Shift+Tab: from one control to the next (inside an open window, without leaving it)",
    );
    pub const KeysArrows: Text = Text::new(
        "Flèches, Début, Fin : d’une carte à l’autre dans la main ; Entrée ou Espace : la jouer ou la choisir",
        "Arrows, Home, End: from card to card in the hand; Enter or Space: play or choose it",
    );
    pub const KeysHint: Text = Text::new("H : un conseil", "H: a hint");
    pub const KeysSheet: Text = Text::new("S : la feuille de marque", "S: the score sheet");
    pub const KeysLog: Text = Text::new("L : le journal de la donne", "L: the deal log");
    pub const KeysEscape: Text = Text::new(
        "Échap : fermer la fenêtre ouverte",
        "Escape: close the open window",
    );
    // Issue 24: small things
    pub const MatchSaid: Text = Text::new(
        "en deux manches gagnantes, et la belle s’il le faut",
        "best of three games (the belle if needed)",
    );
    pub const SingleGameSaid: Text = Text::new("en une seule manche", "a single game");
    pub const ReceiveCards: Text = Text::new("Recevoir les cartes", "Take your cards");
    pub const ShownStillHeld: Text = Text::new("Montrées, encore en main", "Shown, still held");
    // Issue 23: the embedded table as a good guest
    /// The compact embedded replay's menu: the record's details, the jumps, the counts, the
    /// log, the review, the export, « Jouer cette donne ».
    pub const ReplayMore: Text = Text::new(
        "La partie, les comptes, le journal…",
        "The record, counts, log…",
    );
    // Issue 26: games between two devices
    pub const PlayFriend: Text = Text::new("Jouer avec un ami", "Play a friend");
    pub const PlayFriendHint: Text = Text::new(
        "Chacun sur son appareil : envoyez-lui le lien de la partie.",
        "Each on your own device: send your friend the game’s link.",
    );
    pub const FriendNeedsServer: Text = Text::new(
        "Il faut le serveur du jeu : cette page est servie sans lui.",
        "This needs the game’s server: this page is served without it.",
    );
    pub const FriendNeedsConnection: Text = Text::new(
        "Une partie avec un ami demande la connexion.",
        "A game with a friend needs the connection.",
    );
    pub const FriendChecking: Text = Text::new("Recherche du serveur…", "Looking for the server…");
    pub const YourName: Text = Text::new("Votre nom", "Your name");
    pub const YourNameHint: Text = Text::new(
        "Votre ami le verra à la table.",
        "Your friend sees it at the table.",
    );
    pub const CreateRoom: Text = Text::new("Créer la partie", "Create the game");
    pub const ShareLinkTitle: Text = Text::new("Invitez votre ami", "Invite your friend");
    pub const ShareLinkHint: Text = Text::new(
        "Envoyez-lui ce lien, ou montrez-lui le code : la partie commence quand il la rejoint.",
        "Send this link, or show the code: the game starts when your friend joins.",
    );
    pub const InviteCopied: Text = Text::new("Lien copié.", "Link copied.");
    pub const ShareButton: Text = Text::new("Partager…", "Share…");
    pub const QrCodeLabel: Text =
        Text::new("Code QR du lien de la partie", "QR code of the game’s link");
    pub const WaitingForFriend: Text =
        Text::new("En attente de votre ami…", "Waiting for your friend…");
    pub const JoinTitle: Text = Text::new("Rejoindre la partie", "Join the game");
    pub const JoinInvite: Text = Text::new(
        "Vous êtes invité à une partie de piquet, chacun sur son appareil.",
        "You are invited to a game of piquet, each on your own device.",
    );
    pub const JoinButton: Text = Text::new("Rejoindre", "Join");
    pub const Connecting: Text = Text::new("Connexion…", "Connecting…");
    pub const Reconnecting: Text = Text::new("Reconnexion…", "Reconnecting…");
    pub const PresenceHere: Text = Text::new("connecté", "connected");
    pub const PresenceAway: Text = Text::new("absent", "away");
    pub const SayWellPlayed: Text = Text::new("Bien joué", "Well played");
    pub const SayThanks: Text = Text::new("Merci", "Thank you");
    pub const SayYourTurn: Text = Text::new("À vous", "Your turn");
    pub const MessagesLabel: Text = Text::new("Messages à votre ami", "Messages to your friend");
    pub const SayToFriend: Text = Text::new("Dire…", "Say…");
    pub const FriendDefaultName: Text = Text::new("Votre ami", "Your friend");
    pub const ServerRefused: Text = Text::new("Le serveur a refusé", "The server refused");
    pub const ServerUnreadable: Text = Text::new(
        "Un message du serveur n’a pas pu être lu",
        "A message from the server could not be read",
    );
    pub const RoomUnknown: Text = Text::new(
        "Cette partie n’existe pas (ou plus) sur ce serveur.",
        "This game does not exist (any more) on this server.",
    );
    pub const RoomFull: Text = Text::new(
        "Cette partie a déjà ses deux joueurs.",
        "This game already has its two players.",
    );
    pub const RoomGone: Text = Text::new(
        "Cette partie a expiré : personne n’y a joué depuis trop longtemps.",
        "This game has expired: nobody played it for too long.",
    );
    pub const RequestFailed: Text = Text::new(
        "Le serveur n’a pas pu être joint",
        "The server could not be reached",
    );
    pub const Rematch: Text = Text::new("Revanche", "Rematch");
    pub const RematchAsked: Text = Text::new("Revanche proposée…", "Rematch offered…");
    pub const RematchOffered: Text = Text::new("propose une revanche", "offers a rematch");
    pub const OnlineGames: Text = Text::new("Parties avec un ami", "Games with a friend");
    pub const TurnYours: Text = Text::new("c’est à vous", "your turn");
    pub const TurnTheirs: Text = Text::new("c’est son tour", "their turn");
    pub const OnlineGameOver: Text = Text::new("terminée", "finished");
    pub const StatsOnline: Text = Text::new("Contre un ami", "Against a friend");
    pub const LeaveOnline: Text = Text::new(
        "Quitter la table (la partie reste ouverte)",
        "Leave the table (the game stays open)",
    );
    pub const OnlineFinishedRecord: Text = Text::new(
        "La partie est finie : son enregistrement complet peut être exporté.",
        "The game is over: its whole record can be exported.",
    );
    // Issue 26: watchers, the time per move
    pub const TimeLimit: Text = Text::new("Temps par coup", "Time per move");
    pub const TimeLimitHint: Text = Text::new(
        "Passé ce temps, l’ordinateur joue à la place du retardataire.",
        "When it runs out, the computer moves for the late player.",
    );
    pub const TimeLimitOff: Text = Text::new("Sans limite", "No limit");
    pub const TimeLimitMinute: Text = Text::new("1 minute", "1 minute");
    pub const TimeLimitDay: Text = Text::new("1 jour", "1 day");
    pub const TimeLimitThreeDays: Text = Text::new("3 jours", "3 days");
    pub const AllowWatchers: Text = Text::new("Accepter des spectateurs", "Allow watchers");
    pub const AllowWatchersHint: Text = Text::new(
        "Qui a le lien pour regarder voit seulement ce qui est montré aux deux joueurs.",
        "Whoever has the watch link sees only what both players are shown.",
    );
    pub const YourMove: Text = Text::new("À vous", "Your move");
    pub const NextDealDue: Text = Text::new("Donne suivante", "Next deal");
    pub const TimeUp: Text = Text::new("temps écoulé", "time is up");
    pub const WatchersAllowed: Text = Text::new("spectateurs admis", "watchers allowed");
    pub const NoWatchers: Text = Text::new("sans spectateurs", "no watchers");
    pub const WatchTitle: Text = Text::new("Regarder la partie", "Watch the game");
    pub const Watching: Text = Text::new("Vous regardez la partie", "You are watching");
    pub const WatchButton: Text = Text::new("Regarder", "Watch");
    pub const WatchLinkLabel: Text = Text::new("Lien pour regarder", "Link to watch");
    pub const CopyWatchLink: Text =
        Text::new("Copier le lien pour regarder", "Copy the link to watch");
    pub const WatchLinkCopied: Text = Text::new(
        "Lien pour regarder copié : qui l’ouvre voit ce qui est montré aux deux joueurs.",
        "Link to watch copied: whoever opens it sees what both players are shown.",
    );
    pub const WaitingForSecondPlayer: Text = Text::new(
        "En attente du second joueur…",
        "Waiting for the second player…",
    );
    pub const WaitingForDeal: Text = Text::new("En attente de la donne", "Waiting for the deal");
    pub const WatchLinkShort: Text = Text::new("Lien spectateurs", "Watch link");
    pub const SetAsideMyProblems: Text = Text::new("Vos problèmes", "Your problems");
    pub const MyProblems: Text = Text::new("Mes problèmes", "My problems");
    pub const MyProblemsHint: Text = Text::new(
        "Les décisions de vos parties enregistrées depuis leur revue.",
        "Decisions of your games saved from their review.",
    );
    pub const FromYourGame: Text = Text::new("D’une de vos parties", "From one of your games");
    pub const ExportProblem: Text = Text::new("Exporter", "Export");
    pub const RemoveProblem: Text = Text::new("Retirer", "Remove");
    pub const RemoveProblemConfirm: Text = Text::new("Retirer vraiment", "Remove it");
    pub const ReviewOnTable: Text = Text::new("Voir sur la table", "See on the table");
    pub const ReviewOnTableOne: Text = Text::new("Sur la table", "On the table");
    pub const ReviewCloseTable: Text = Text::new("Fermer la revue", "Close the review");
    pub const ReviewPrevious: Text = Text::new("Décision précédente", "Previous decision");
    pub const ReviewNext: Text = Text::new("Décision suivante", "Next decision");
    pub const ReviewMistakesOnly: Text = Text::new("Erreurs seulement", "Mistakes only");
    pub const ReviewDecisionOf: Text = Text::new("Décision", "Decision");
    pub const ReviewNoMistake: Text = Text::new(
        "Aucune décision marquée dans cette donne\u{a0}: toutes sont montrées.",
        "No decision is marked in this deal: all of them are shown.",
    );
    pub const ReviewSaveProblem: Text =
        Text::new("Enregistrer comme problème", "Save as a problem");
    pub const ReviewSavedProblem: Text = Text::new(
        "Enregistré dans «\u{a0}Mes problèmes\u{a0}».",
        "Saved in “My problems”.",
    );
    pub const ReviewNotSaved: Text = Text::new(
        "Ce problème n’a pas pu être enregistré\u{a0}: le stockage est plein ou indisponible.",
        "This problem could not be saved: storage is full or unavailable.",
    );
    pub const ReviewNotAProblem: Text = Text::new(
        "Cette décision n’a pas de valeurs\u{a0}: elle ne fait pas un problème.",
        "This decision has no values: it makes no problem.",
    );
    pub const ReviewTheirChoice: Text = Text::new("le choix fait", "the choice made");
    pub const ReviewBestChoice: Text = Text::new("le meilleur", "the best");
    pub const ReviewTableTitle: Text =
        Text::new("La revue sur la table", "The review on the table");
    pub const LeftoverClassicHintOne: Text = Text::new(
        "reste au talon. Vous pouvez la voir en annonçant la couleur dans laquelle vous entamerez.",
        "is left in the talon. You may see it by naming the suit you will lead.",
    );
    pub const LeftoverRubiconHintOne: Text = Text::new(
        "reste au talon\u{a0}: la retourner pour les deux joueurs, ou la laisser cachée.",
        "is left in the talon: turn it up for both players, or leave it unseen.",
    );

    const fn new(fr: &'static str, en: &'static str) -> Text {
        Text { fr, en }
    }

    /// The message in `lang`.
    pub fn get(self, lang: Lang) -> &'static str {
        match lang {
            Lang::Fr => self.fr,
            Lang::En => self.en,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_two_languages_differ_where_words_differ() {
        assert_ne!(Text::NewGame.get(Lang::Fr), Text::NewGame.get(Lang::En));
        assert_eq!(Text::NewGame.get(Lang::En), "New game");
    }
}
