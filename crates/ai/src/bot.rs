//! The bots behind one entry point: [`decide`] takes a seat's
//! [`GameObservation`] and a seed and returns an action the engine accepts.
//! Levels 1 to 5 are data ([`LevelSpec`], [`LevelSpec::of`]), not code paths.

use crate::advice;
use crate::expert;
use crate::heuristic::{self, Version};
use piquet_engine::deal::valid_holding;
use piquet_engine::rules::Format;
use piquet_engine::{
    Action, Answer, CardSet, DealEnd, GameObservation, Observation, Phase, Seat, SplitMix64,
};
use serde::{Deserialize, Serialize};

/// Which bot plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BotId {
    /// Uniformly random legal decisions.
    Random,
    /// The hand-written heuristic player "H" (Cavendish and Hoyle).
    Heuristic,
    /// A level, 1 (beginner) to 5 (the expert); other values are clamped.
    Level(u8),
    /// H as first measured, frozen: a yardstick (`heuristic-v1`).
    HeuristicV1,
    /// Le Maître as first measured, frozen: a yardstick (`5-v1`).
    MasterV1,
}

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
    /// French name.
    pub name_fr: &'static str,
    /// English name.
    pub name_en: &'static str,
    /// What to expect of it, in a player's words, in French (one sentence).
    pub about_fr: &'static str,
    /// What to expect of it, in a player's words, in English.
    pub about_en: &'static str,
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
            name_fr: "Le Novice",
            name_en: "The Novice",
            about_fr: "Connaît les règles et les bons principes, mais se trompe souvent : une décision sur cinq est prise au hasard.",
            about_en: "Knows the rules and the sound principles but often slips: one decision in five is made at random.",
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
            name_fr: "L’Habitué",
            name_en: "The Regular",
            about_fr: "Joue selon les principes des anciens traités : prend toutes ses cartes en premier, garde ses gardes, compte les cartes. Rares étourderies.",
            about_en: "Plays by the old treatises’ principles: takes all his cards as elder, keeps his guards, counts the cards. Rare slips.",
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
            name_fr: "Le Fin Joueur",
            name_en: "The Sharp",
            about_fr: "Écarte comme L’Habitué, mais joue chaque carte en imaginant une donne possible et en la calculant jusqu’au bout.",
            about_en: "Exchanges like The Regular, but plays each card by imagining one possible deal and working it out to the end.",
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
            name_fr: "Le Stratège",
            name_en: "The Strategist",
            about_fr: "Lit votre jeu dans vos écarts, vos annonces et vos réponses, et calcule chaque carte sur deux donnes qui s’y accordent ; joue à la marque en fin de partie.",
            about_en: "Reads your hand from your exchange, declarations and answers, and works each card out on two deals that fit them; plays to the score at the end of a game.",
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
            name_fr: "Le Maître",
            name_en: "The Master",
            about_fr: "Choisit aussi son écart en essayant chaque possibilité sur des dizaines de donnes imaginées. Le plus fort : il faut jouer juste pour le battre.",
            about_en: "Also chooses his exchange by trying each option on dozens of imagined deals. The strongest: you must play well to beat him.",
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
        name_fr: "Le Maître (v1)",
        name_en: "The Master (v1)",
        about_fr: "Le Maître tel qu’il fut d’abord mesuré : un étalon figé.",
        about_en: "The Master as first measured: a frozen yardstick.",
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

    /// The expert's spec (level 5), used by [`hint`].
    pub fn expert() -> &'static LevelSpec {
        Self::of(5)
    }

    /// Candidates sampled per kept world.
    pub(crate) fn oversample(&self) -> usize {
        if self.inference { 3 } else { 1 }
    }
}

impl BotId {
    /// Levels 1 to 5.
    pub const LEVELS: [BotId; 5] = [
        BotId::Level(1),
        BotId::Level(2),
        BotId::Level(3),
        BotId::Level(4),
        BotId::Level(5),
    ];

    /// The frozen yardsticks every change is measured against.
    pub const YARDSTICKS: [BotId; 2] = [BotId::HeuristicV1, BotId::MasterV1];

    /// Every bot, weakest first (random, heuristic, then the levels).
    pub const ALL: [BotId; 7] = [
        BotId::Random,
        BotId::Heuristic,
        BotId::Level(1),
        BotId::Level(2),
        BotId::Level(3),
        BotId::Level(4),
        BotId::Level(5),
    ];

    /// The name players see, in French or English.
    pub fn name(&self, french: bool) -> &'static str {
        match (self, french) {
            (BotId::Random, true) => "Le Hasard",
            (BotId::Random, false) => "Pure Chance",
            (BotId::Heuristic, true) => "L’Heuristique",
            (BotId::Heuristic, false) => "The Heuristic",
            (BotId::Level(n), true) => LevelSpec::of(*n).name_fr,
            (BotId::Level(n), false) => LevelSpec::of(*n).name_en,
            (BotId::HeuristicV1, true) => "L’Heuristique (v1)",
            (BotId::HeuristicV1, false) => "The Heuristic (v1)",
            (BotId::MasterV1, true) => LevelSpec::MASTER_V1.name_fr,
            (BotId::MasterV1, false) => LevelSpec::MASTER_V1.name_en,
        }
    }

    /// What to expect of a level, in a player's words (levels only).
    pub fn about(&self, french: bool) -> Option<&'static str> {
        match self {
            BotId::Level(n) => {
                let spec = LevelSpec::of(*n);
                Some(if french { spec.about_fr } else { spec.about_en })
            }
            _ => None,
        }
    }

    /// A stable short id: `random`, `heuristic`, `1` … `5`, and the
    /// yardsticks `heuristic-v1`, `5-v1`.
    pub fn id(&self) -> String {
        match self {
            BotId::Random => "random".into(),
            BotId::Heuristic => "heuristic".into(),
            BotId::Level(n) => n.clamp(&1, &5).to_string(),
            BotId::HeuristicV1 => "heuristic-v1".into(),
            BotId::MasterV1 => "5-v1".into(),
        }
    }
}

/// Lower case, accents and articles dropped, spaces and quotes as `-`.
fn slug(s: &str) -> String {
    let folded: String = s
        .trim()
        .to_lowercase()
        .chars()
        .map(|c| match c {
            'é' | 'è' | 'ê' | 'ë' => 'e',
            'à' | 'â' => 'a',
            'î' | 'ï' => 'i',
            'ô' => 'o',
            'û' | 'ù' => 'u',
            'ç' => 'c',
            ' ' | '\'' | '’' | '_' => '-',
            c => c,
        })
        .collect();
    let mut out = folded.as_str();
    for article in ["the-", "le-", "la-", "l-"] {
        if let Some(rest) = out.strip_prefix(article) {
            out = rest;
            break;
        }
    }
    out.to_string()
}

impl std::str::FromStr for BotId {
    type Err = AiError;

    /// `random`, `heuristic` (or `h`), `1` … `5`, or a level's name in
    /// either language (`maitre`, "Le Maître", `the-master`, …).
    fn from_str(s: &str) -> Result<BotId, AiError> {
        let key = slug(s);
        match key.as_str() {
            "random" | "hasard" | "pure-chance" => return Ok(BotId::Random),
            "heuristic" | "h" | "heuristique" => return Ok(BotId::Heuristic),
            "heuristic-v1" | "h-v1" | "heuristique-v1" => return Ok(BotId::HeuristicV1),
            "5-v1" | "maitre-v1" | "master-v1" => return Ok(BotId::MasterV1),
            _ => {}
        }
        if let Ok(n) = key.parse::<u8>() {
            if (1..=5).contains(&n) {
                return Ok(BotId::Level(n));
            }
        }
        BotId::LEVELS
            .into_iter()
            .find(|b| slug(b.name(true)) == key || slug(b.name(false)) == key)
            .ok_or_else(|| AiError::UnknownBot(s.to_string()))
    }
}

impl core::fmt::Display for BotId {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name(false))
    }
}

/// A one-line reason in both languages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Why {
    pub fr: String,
    pub en: String,
}

impl Why {
    fn new(fr: impl Into<String>, en: impl Into<String>) -> Why {
        Why {
            fr: fr.into(),
            en: en.into(),
        }
    }
}

/// The expert's advice for the current decision.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hint {
    /// What the expert would do.
    pub action: Action,
    /// Why, in French (one line).
    pub reason_fr: String,
    /// Why, in English (one line).
    pub reason_en: String,
}

/// The observation of the deal, checked: this seat's turn and consistent.
fn checked(view: &GameObservation) -> Result<&Observation, AiError> {
    let obs = view.deal.as_ref().ok_or(AiError::NoDeal)?;
    if obs.to_act != Some(obs.seat) || matches!(obs.phase, Phase::Finished { .. }) {
        return Err(AiError::NotMyTurn);
    }
    let deck = obs.rules.deck_cards();
    let played: CardSet = obs.plays.iter().map(|&(_, c)| c).collect();
    let bad = |why: &str| Err(AiError::Inconsistent(why.to_string()));
    if obs.rules.validate().is_err() {
        return bad("the rules do not fit together");
    }
    if !deck.is_superset(obs.hand | obs.discards | obs.talon_seen | obs.opponent_shown | played) {
        return bad("a card is not in the deck");
    }
    if played.len() != obs.plays.len() {
        return bad("a card was played twice");
    }
    let mine = obs.hand | obs.discards;
    if !(obs.hand & obs.discards).is_empty()
        || !(mine & played).is_empty()
        || !(mine & obs.opponent_shown).is_empty()
        || !(mine & obs.talon_seen).is_empty()
    {
        return bad("a card is in two places");
    }
    let counted = obs.hand.len()
        + obs.discards.len()
        + played.len()
        + usize::from(obs.opponent_hand_len)
        + usize::from(obs.opponent_discards_len)
        + usize::from(obs.talon_left);
    if counted != deck.len() {
        return bad("the card counts do not add up to the deck");
    }
    let legal_ok = obs.legal_actions.iter().all(|a| match a {
        Action::Play(c) => obs.hand.contains(*c),
        Action::Discard(d) => obs.hand.is_superset(*d),
        _ => true,
    });
    if !legal_ok {
        return bad("a legal action uses a card not in hand");
    }
    if obs
        .discard_limits
        .is_some_and(|(lo, hi)| lo > hi || usize::from(hi) > obs.hand.len())
    {
        return bad("discard limits that no discard meets");
    }
    let has_decision = !obs.legal_actions.is_empty()
        || obs
            .discard_limits
            .is_some_and(|(lo, hi)| lo <= hi && usize::from(hi) <= obs.hand.len());
    if !has_decision {
        return bad("no legal decision");
    }
    Ok(obs)
}

/// Whether the engine accepts `action` from this seat now: one of the legal
/// actions, a discard within the limits, or a declaration of a real holding.
fn acceptable(obs: &Observation, action: &Action) -> bool {
    if obs.legal_actions.contains(action) {
        return true;
    }
    match (*action, obs.phase) {
        (Action::Discard(d), _) => obs.discard_limits.is_some_and(|(lo, hi)| {
            obs.hand.is_superset(d) && (usize::from(lo)..=usize::from(hi)).contains(&d.len())
        }),
        (
            Action::Declare(Some(h)),
            Phase::Declare { category } | Phase::Answer { category, .. },
        ) => {
            obs.legal_actions
                .iter()
                .any(|a| matches!(a, Action::Declare(_)))
                && valid_holding(obs.hand, category, h)
        }
        _ => false,
    }
}

/// A uniformly random decision: a random legal action, or a random discard
/// of a random legal size.
fn random_action(obs: &Observation, rng: &mut SplitMix64) -> Option<Action> {
    if let Some((lo, hi)) = obs.discard_limits {
        if obs.legal_actions.is_empty() || rng.below(2) == 0 {
            let k = lo + rng.below(u32::from(hi - lo) + 1) as u8;
            let mut from = obs.hand;
            let mut out = CardSet::EMPTY;
            for _ in 0..k {
                let c = from.nth(rng.below(from.len() as u32) as usize)?;
                from.remove(c);
                out.insert(c);
            }
            return Some(Action::Discard(out));
        }
    }
    let n = obs.legal_actions.len() as u32;
    (n > 0).then(|| obs.legal_actions[rng.below(n) as usize])
}

/// Whether scoring in this deal can only cost this seat: the last deal of a
/// Rubicon partie (RULES.md 9), so far behind that the partie is lost, and
/// below 100 with no hope of reaching it — every point it scores then adds
/// to the winner's gain (100 + both totals).
fn better_to_sink(view: &GameObservation, obs: &Observation) -> bool {
    let (mine, theirs) = counts(view, obs);
    last_rubicon_deal(view, obs) && mine + 60 < 100 && theirs > mine + 100
}

/// The deciding seat's count and its opponent's: the game's (or partie's)
/// totals plus this deal's points so far.
fn counts(view: &GameObservation, obs: &Observation) -> (u16, u16) {
    let me = obs.seat.index();
    (
        view.totals[me] + obs.scores[me],
        view.totals[1 - me] + obs.scores[1 - me],
    )
}

/// Whether this is the last deal of a Rubicon partie (the sixth, or the
/// second of a pair of extra deals after equal totals).
fn last_rubicon_deal(view: &GameObservation, obs: &Observation) -> bool {
    let Format::Rubicon { deals } = obs.rules.format else {
        return false;
    };
    let done = view
        .results
        .iter()
        .filter(|r| r.end != DealEnd::Abandoned)
        .count();
    done + 1 >= usize::from(deals) && (done + 1) % 2 == 0
}

/// What the game's score puts at stake in this deal beside its margin.
fn stakes(view: &GameObservation, obs: &Observation) -> Option<expert::Stakes> {
    let (mine, theirs) = counts(view, obs);
    expert::Stakes::new(
        obs.rules.format,
        view.target,
        last_rubicon_deal(view, obs),
        mine,
        theirs,
    )
}

/// The decision of a level (or the expert for a hint), with its reason.
fn level_decision(
    view: &GameObservation,
    obs: &Observation,
    spec: &LevelSpec,
    rng: &mut SplitMix64,
) -> Result<(Action, Why), AiError> {
    let slip =
        spec.slips > 0.0 && f64::from(rng.below(1 << 20)) / f64::from(1u32 << 20) < spec.slips;
    match obs.phase {
        Phase::Play => {
            let legal: CardSet = obs
                .legal_actions
                .iter()
                .filter_map(|a| match a {
                    Action::Play(c) => Some(*c),
                    _ => None,
                })
                .collect();
            if legal.len() == 1 {
                let c = legal.lowest().ok_or(AiError::NotMyTurn)?;
                return Ok((Action::Play(c), advice::play(obs, legal, c, None)));
            }
            if slip {
                let c = legal
                    .nth(rng.below(legal.len() as u32) as usize)
                    .ok_or(AiError::NotMyTurn)?;
                return Ok((
                    Action::Play(c),
                    Why::new("Un coup au hasard", "A random card"),
                ));
            }
            match spec.play {
                PlayMethod::Heuristic => {
                    let c = spec
                        .heuristic
                        .play_card(obs, legal)
                        .ok_or(AiError::NotMyTurn)?;
                    Ok((Action::Play(c), advice::play(obs, legal, c, None)))
                }
                PlayMethod::Pimc { worlds } => {
                    let stakes = if spec.score_aware {
                        stakes(view, obs)
                    } else {
                        None
                    };
                    let (c, why) =
                        expert::pimc_card(obs, legal, spec, usize::from(worlds), stakes, rng)?;
                    Ok((Action::Play(c), why))
                }
            }
        }
        Phase::ElderExchange | Phase::DealerExchange => {
            let (lo, hi) = obs.discard_limits.ok_or(AiError::NotMyTurn)?;
            let blanche = obs.legal_actions.iter().find(|a| {
                matches!(
                    a,
                    Action::AnnounceCarteBlanche(_) | Action::DeclareCarteBlanche
                )
            });
            if blanche.is_some() {
                // Art. 5: carte blanche scores; always announce it.
                let a = heuristic::decide_as(spec.heuristic, obs).ok_or(AiError::NotMyTurn)?;
                return Ok((a, advice::carte_blanche()));
            }
            if slip {
                let k = lo + rng.below(u32::from(hi - lo) + 1) as u8;
                let dealer = obs.seat == obs.dealer;
                let d = spec
                    .heuristic
                    .model_discard(&obs.rules, obs.hand, k, k, dealer);
                return Ok((Action::Discard(d), advice::exchange(obs, d, None)));
            }
            let (d, why) = expert::sampled_exchange(obs, lo, hi, spec, rng)?;
            Ok((Action::Discard(d), why))
        }
        Phase::Declare { .. } | Phase::Answer { .. } => {
            let sink = spec.score_aware && better_to_sink(view, obs);
            if sink {
                let a = if obs.legal_actions.contains(&Action::Declare(None)) {
                    Action::Declare(None)
                } else {
                    Action::Answer(Answer::Good)
                };
                return Ok((a, advice::sink()));
            }
            if slip && obs.legal_actions.contains(&Action::Declare(None)) {
                return Ok((
                    Action::Declare(None),
                    Why::new("Oubli d’annonce", "A forgotten declaration"),
                ));
            }
            let a = heuristic::decide_as(spec.heuristic, obs).ok_or(AiError::NotMyTurn)?;
            Ok((a, advice::explain(obs, a)))
        }
        _ => {
            let a = heuristic::decide_as(spec.heuristic, obs).ok_or(AiError::NotMyTurn)?;
            Ok((a, advice::explain(obs, a)))
        }
    }
}

fn decide_why(bot: BotId, view: &GameObservation, seed: u64) -> Result<(Action, Why), AiError> {
    let who = match bot {
        BotId::Random => Decider::Random,
        BotId::Heuristic => Decider::Heuristic(Version::Current),
        BotId::HeuristicV1 => Decider::Heuristic(Version::V1),
        BotId::Level(n) => Decider::Level(LevelSpec::of(n)),
        BotId::MasterV1 => Decider::Level(&LevelSpec::MASTER_V1),
    };
    decide_by(who, view, seed)
}

/// Who decides: a [`BotId`] resolved, or a level given as data.
#[derive(Clone, Copy)]
enum Decider<'a> {
    Random,
    Heuristic(Version),
    Level(&'a LevelSpec),
}

fn decide_by(
    who: Decider<'_>,
    view: &GameObservation,
    seed: u64,
) -> Result<(Action, Why), AiError> {
    let obs = checked(view)?;
    let mut rng = SplitMix64::new(seed ^ 0x005E_ED0F_B075);
    let chosen = match who {
        Decider::Random => {
            random_action(obs, &mut rng).map(|a| (a, Why::new("Au hasard", "At random")))
        }
        Decider::Heuristic(version) => {
            heuristic::decide_as(version, obs).map(|a| (a, advice::explain(obs, a)))
        }
        Decider::Level(spec) => Some(level_decision(view, obs, spec, &mut rng)?),
    };
    if let Some((a, why)) = chosen {
        if acceptable(obs, &a) {
            return Ok((a, why));
        }
    }
    // Never an illegal action: the heuristic's, or the first legal one.
    let fallback = heuristic::decide(obs)
        .filter(|a| acceptable(obs, a))
        .or_else(|| obs.legal_actions.first().copied())
        .or_else(|| {
            let (lo, _) = obs.discard_limits?;
            let dealer = obs.seat == obs.dealer;
            let d = Version::Current.model_discard(&obs.rules, obs.hand, lo, lo, dealer);
            Some(Action::Discard(d))
        })
        .filter(|a| acceptable(obs, a))
        .ok_or_else(|| AiError::Inconsistent("no acceptable action".into()))?;
    Ok((fallback, advice::explain(obs, fallback)))
}

/// The decision of `bot` for the seat of `view` (the seat is
/// `view.deal.seat`). Deterministic for a given observation and seed; the
/// bot sees nothing but the observation. Errors when there is no deal, when
/// it is not this seat's turn, or when the observation cannot arise.
pub fn decide(bot: BotId, view: &GameObservation, seed: u64) -> Result<Action, AiError> {
    decide_why(bot, view, seed).map(|(a, _)| a)
}

/// The decision of a level given as data: a [`LevelSpec`] of one's own (an
/// embedder's level, or an experiment such as a level without
/// [`LevelSpec::score_aware`]), with the guarantees of [`decide`]: an action
/// the engine accepts, or an error.
pub fn decide_as(spec: &LevelSpec, view: &GameObservation, seed: u64) -> Result<Action, AiError> {
    decide_by(Decider::Level(spec), view, seed).map(|(a, _)| a)
}

/// The expert's choice for the current decision, with a one-line reason.
pub fn hint(view: &GameObservation, seed: u64) -> Result<Hint, AiError> {
    let (action, why) = decide_why(BotId::Level(5), view, seed)?;
    Ok(Hint {
        action,
        reason_fr: why.fr,
        reason_en: why.en,
    })
}

/// The choice of the higher cut when the rules let him choose (Rubicon,
/// RULES.md 2): to deal first, so as to be elder in the last deal of the
/// partie, when the score is known. The random bot tosses a coin.
pub fn choose_to_deal(bot: BotId, _view: &GameObservation, seed: u64) -> bool {
    match bot {
        BotId::Random => SplitMix64::new(seed).below(2) == 0,
        _ => true,
    }
}

/// The seat whose decision an observation asks for, if any.
pub fn seat_to_act(view: &GameObservation) -> Option<Seat> {
    view.deal.as_ref().and_then(|o| o.to_act)
}
