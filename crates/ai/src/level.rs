//! The levels as data: what distinguishes one level from another
//! ([`LevelSpec`], the table [`LevelSpec::LEVELS`] and the frozen
//! [`LevelSpec::MASTER_V1`]), how each plays the cards and chooses its
//! exchange, and why a bot could not decide ([`AiError`]).

use crate::heuristic::Version;
use piquet_words::ByLang;

/// Why a bot could not decide.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AiError {
    /// It is not this seat's decision (or the deal is over).
    NotMyTurn,
    /// The observation has no deal in progress.
    NoDeal,
    /// The observation cannot arise in a deal.
    Inconsistent(String),
    /// A bot name that is not known.
    UnknownBot(String),
}

impl core::fmt::Display for AiError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            AiError::NotMyTurn => write!(f, "it is not this seat’s turn to act"),
            AiError::NoDeal => write!(f, "there is no deal in progress"),
            AiError::Inconsistent(why) => write!(f, "inconsistent observation: {why}"),
            AiError::UnknownBot(name) => write!(
                f,
                "unknown bot {name:?} (known: random, heuristic, 1 to 5, a level name, or the yardsticks heuristic-v1 and 5-v1)"
            ),
        }
    }
}

impl std::error::Error for AiError {}

/// How a level plays the cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayMethod {
    /// The heuristic's card.
    Heuristic,
    /// Perfect Information Monte Carlo over this many sampled worlds.
    Pimc {
        /// Worlds sampled and solved per decision.
        worlds: u16,
    },
}

/// How a level chooses its exchange.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ExchangeMethod {
    /// The heuristic's discard.
    Heuristic,
    /// Candidate discards on common sampled worlds ([`SampledExchange`]).
    Sampled(SampledExchange),
}

/// The exchange by sampled worlds: the candidate discards all ranked by a
/// greedy play-out on `worlds` worlds, the best `finalists` solved exactly
/// on `solved_worlds` fresh worlds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SampledExchange {
    /// Worlds for the first ranking.
    pub worlds: u16,
    /// Candidates kept for the exact evaluation.
    pub finalists: u8,
    /// Fresh worlds for the exact evaluation (0: keep the first ranking).
    pub solved_worlds: u16,
    /// How many of H's best discards join the candidates (v1's greedy
    /// order and its variants are candidates too).
    pub ranked: u8,
    /// When the best two finalists are closer than two standard errors of
    /// their difference, this many more fresh worlds decide between them.
    pub extra_worlds: u16,
    /// H's best discard is kept unless a finalist beats it by this many
    /// standard errors of their paired difference (0: the best mean wins,
    /// however small its lead), against the optimizer's curse.
    pub stick: f32,
    /// Worlds on which the declarations are valued apart from the play
    /// (they cost no search, and their luck of the draw is most of the
    /// noise); 0: both on the same worlds.
    pub decl_worlds: u16,
}

/// A level as data: everything that distinguishes one level from another.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LevelSpec {
    /// Its name, « Le Novice », "The Novice".
    pub name: ByLang<&'static str>,
    /// What to expect of it, in a player's words (one sentence).
    pub about: ByLang<&'static str>,
    /// Which H it falls back on: its exchange at levels 1–4, its card at
    /// levels 1–2, and the model of the opponent's exchange at level 5.
    pub heuristic: Version,
    /// Probability of a human slip at each decision: a random card, a wrong
    /// number of cards exchanged, a forgotten declaration.
    pub slips: f64,
    /// The play of the cards.
    pub play: PlayMethod,
    /// The exchange.
    pub exchange: ExchangeMethod,
    /// Weigh the sampled worlds by how likely the opponent's choices were
    /// in them (soft evidence), resampling from three times as many.
    pub inference: bool,
    /// Sink declarations when scoring them would cost (the last deal of a
    /// Rubicon partie, lost and rubiconed anyway).
    pub score_aware: bool,
    /// In the play, the weight of a sampled world in which the opponent's
    /// last card was not one of his best there with every card known: his
    /// cards are read as those of a player who plays well (1: not read).
    pub play_evidence: f32,
    /// How many of the opponent's last cards are read so
    /// ([`LevelSpec::play_evidence`]); 0: none.
    pub evidence_cards: u8,
    /// The weight of a sampled world in which the opponent, holding the
    /// hand he had there before the exchange, would have taken another
    /// number of cards than he did (as [`LevelSpec::heuristic`] would
    /// choose it); 1: the number is not read. 1 at every level: measured, it
    /// does not pay (the declarations have said it already; README, "Strength").
    pub count_evidence: f32,
}

impl LevelSpec {
    /// The five levels, weakest first.
    pub const LEVELS: [LevelSpec; 5] = [
        LevelSpec {
            name: ByLang::new("Le Novice", "The Novice"),
            about: ByLang::new(
                "Connaît les règles et les bons principes, mais se trompe souvent : une décision sur cinq est prise au hasard.",
                "Knows the rules and the sound principles but often slips: one decision in five is made at random.",
            ),
            heuristic: Version::Current,
            slips: 0.2,
            play: PlayMethod::Heuristic,
            exchange: ExchangeMethod::Heuristic,
            inference: false,
            score_aware: false,
            play_evidence: 1.0,
            evidence_cards: 0,
            count_evidence: 1.0,
        },
        LevelSpec {
            name: ByLang::new("L’Habitué", "The Regular"),
            about: ByLang::new(
                "Joue selon les principes des anciens traités : prend toutes ses cartes en premier, garde ses gardes, compte les cartes. Rares étourderies.",
                "Plays by the old treatises’ principles: takes all his cards as elder, keeps his guards, counts the cards. Rare slips.",
            ),
            heuristic: Version::Current,
            slips: 0.04,
            play: PlayMethod::Heuristic,
            exchange: ExchangeMethod::Heuristic,
            inference: false,
            score_aware: false,
            play_evidence: 1.0,
            evidence_cards: 0,
            count_evidence: 1.0,
        },
        LevelSpec {
            name: ByLang::new("Le Fin Joueur", "The Sharp"),
            about: ByLang::new(
                "Écarte comme L’Habitué, mais joue chaque carte en imaginant une donne possible et en la calculant jusqu’au bout.",
                "Exchanges like The Regular, but plays each card by imagining one possible deal and working it out to the end.",
            ),
            heuristic: Version::Current,
            slips: 0.03,
            play: PlayMethod::Pimc { worlds: 1 },
            exchange: ExchangeMethod::Heuristic,
            inference: false,
            score_aware: false,
            play_evidence: 1.0,
            evidence_cards: 0,
            count_evidence: 1.0,
        },
        LevelSpec {
            name: ByLang::new("Le Stratège", "The Strategist"),
            about: ByLang::new(
                "Lit votre jeu dans vos écarts, vos annonces et vos réponses, et calcule chaque carte sur deux donnes qui s’y accordent ; joue à la marque en fin de partie.",
                "Reads your hand from your exchange, declarations and answers, and works each card out on two deals that fit them; plays to the score at the end of a game.",
            ),
            heuristic: Version::Current,
            slips: 0.0,
            play: PlayMethod::Pimc { worlds: 2 },
            exchange: ExchangeMethod::Heuristic,
            inference: true,
            score_aware: true,
            play_evidence: 1.0,
            evidence_cards: 0,
            count_evidence: 1.0,
        },
        LevelSpec {
            name: ByLang::new("Le Maître", "The Master"),
            about: ByLang::new(
                "Choisit aussi son écart en essayant chaque possibilité sur des dizaines de donnes imaginées. Le plus fort : il faut jouer juste pour le battre.",
                "Also chooses his exchange by trying each option on dozens of imagined deals. The strongest: you must play well to beat him.",
            ),
            heuristic: Version::Current,
            slips: 0.0,
            play: PlayMethod::Pimc { worlds: 80 },
            exchange: ExchangeMethod::Sampled(SampledExchange {
                worlds: 60,
                finalists: 6,
                solved_worlds: 32,
                ranked: 6,
                extra_worlds: 32,
                stick: 1.0,
                decl_worlds: 400,
            }),
            inference: true,
            score_aware: true,
            play_evidence: 0.1,
            evidence_cards: 1,
            count_evidence: 1.0,
        },
    ];

    /// Le Maître as first measured, frozen: the yardstick `5-v1`.
    pub const MASTER_V1: LevelSpec = LevelSpec {
        name: ByLang::new("Le Maître (v1)", "The Master (v1)"),
        about: ByLang::new(
            "Le Maître tel qu’il fut d’abord mesuré : un étalon figé.",
            "The Master as first measured: a frozen yardstick.",
        ),
        heuristic: Version::V1,
        slips: 0.0,
        play: PlayMethod::Pimc { worlds: 40 },
        exchange: ExchangeMethod::Sampled(SampledExchange {
            worlds: 40,
            finalists: 4,
            solved_worlds: 24,
            ranked: 0,
            extra_worlds: 0,
            stick: 0.0,
            decl_worlds: 0,
        }),
        inference: true,
        score_aware: true,
        play_evidence: 1.0,
        evidence_cards: 0,
        count_evidence: 1.0,
    };

    /// The spec of level `n` (clamped to 1..=5).
    pub fn of(n: u8) -> &'static LevelSpec {
        &Self::LEVELS[usize::from(n.clamp(1, 5)) - 1]
    }

    /// The expert's spec (level 5), the one that gives hints.
    pub fn expert() -> &'static LevelSpec {
        Self::of(5)
    }

    /// Candidates sampled per kept world.
    pub(crate) fn oversample(&self) -> usize {
        if self.inference { 3 } else { 1 }
    }
}
