//! The bots behind one entry point: [`decide`] takes a seat's
//! [`GameObservation`] and a seed and returns an action the engine accepts.
//! Levels 1 to 5 are data ([`LevelSpec`], [`LevelSpec::of`]), not code paths.

use crate::advice;
use crate::expert;
use crate::heuristic::{self, Version};
use crate::level::{AiError, LevelSpec, PlayMethod};
use piquet_engine::deal::valid_holding;
use piquet_engine::rules::Format;
use piquet_engine::{
    Action, Answer, CardSet, GameObservation, Observation, Phase, Seat, SplitMix64,
};
use piquet_words::{ByLang, Lang};
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

    /// The name players see, in both languages.
    pub fn names(&self) -> ByLang<&'static str> {
        match self {
            BotId::Random => ByLang::new("Le Hasard", "Pure Chance"),
            BotId::Heuristic => ByLang::new("L’Heuristique", "The Heuristic"),
            BotId::Level(n) => LevelSpec::of(*n).name,
            BotId::HeuristicV1 => ByLang::new("L’Heuristique (v1)", "The Heuristic (v1)"),
            BotId::MasterV1 => LevelSpec::MASTER_V1.name,
        }
    }

    /// The name players see, in `lang`.
    pub fn name(&self, lang: Lang) -> &'static str {
        self.names().into_lang(lang)
    }

    /// What to expect of a level, in a player's words (levels only).
    pub fn about(&self, lang: Lang) -> Option<&'static str> {
        match self {
            BotId::Level(n) => Some(LevelSpec::of(*n).about.into_lang(lang)),
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
            .find(|b| slug(b.name(Lang::Fr)) == key || slug(b.name(Lang::En)) == key)
            .ok_or_else(|| AiError::UnknownBot(s.to_string()))
    }
}

impl core::fmt::Display for BotId {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name(Lang::En))
    }
}

/// The expert's advice for the current decision.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hint {
    /// What the expert would do.
    pub action: Action,
    /// Why, one line in each language (serialised as `reason_fr` and `reason_en`).
    #[serde(flatten, with = "piquet_words::reason_fields")]
    pub reason: ByLang<String>,
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
    // The deals brought forward by a start count (a treatise's hand "to the score").
    let done = view.deals_done_in_game();
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
) -> Result<(Action, ByLang<String>), AiError> {
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
                    ByLang::new("Un coup au hasard", "A random card").owned(),
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
                    ByLang::new("Oubli d’annonce", "A forgotten declaration").owned(),
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

fn decide_why(
    bot: BotId,
    view: &GameObservation,
    seed: u64,
) -> Result<(Action, ByLang<String>), AiError> {
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
) -> Result<(Action, ByLang<String>), AiError> {
    let obs = checked(view)?;
    let mut rng = SplitMix64::new(seed ^ 0x005E_ED0F_B075);
    let chosen = match who {
        Decider::Random => {
            random_action(obs, &mut rng).map(|a| (a, ByLang::new("Au hasard", "At random").owned()))
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
        reason: why,
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
