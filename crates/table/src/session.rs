//! A game in progress: the engine's [`Game`], its [`Record`] (the save), the events of the
//! current deal, and who plays each seat. Pure: no browser API, tested natively.
//!
//! Seat A is always the player at the bottom of the screen (the human against the computer,
//! the first player in pass-and-play); seat B is the computer or the second player.

use piquet_engine::record::{DealRecord, RecordedAction};
use piquet_engine::rules::{CutRule, Format};
use piquet_engine::{
    Action, Cut, CutError, Deal, DealSetup, Event, Game, GameObservation, IllegalAction,
    Observation, Record, Rules, ScoreReason, Seat, SplitMix64, StartError,
};
use serde::{Deserialize, Serialize};

use super::stored::{self, Reading, StoredProblem};

/// The version of the saved game envelope this build writes.
pub const SAVE_VERSION: u32 = 1;

/// Who sits in seat B.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Opponent {
    /// The computer, playing the bot named by this id (`piquet_ai::BotId`'s `FromStr` form).
    Computer { bot: String },
    /// A second person on the same device (pass-and-play).
    Human,
}

/// The length of the game, as the new-game dialog offers it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum FormatChoice {
    /// A game to `target` (Art. 19), or a match of two games and the belle.
    Cent { target: u16, match_play: bool },
    /// The Rubicon partie of six deals.
    Rubicon,
}

impl FormatChoice {
    /// The format the preset plays by default.
    pub fn of(rules: &Rules) -> FormatChoice {
        match rules.format {
            Format::Cent {
                target, match_play, ..
            } => FormatChoice::Cent { target, match_play },
            Format::Rubicon { .. } => FormatChoice::Rubicon,
        }
    }

    /// The game's length in words: « Partie en 100, en deux manches et la belle », « La partie
    /// en six donnes ».
    pub fn words(self, lang: crate::i18n::Lang) -> String {
        use crate::i18n::Text;
        match self {
            FormatChoice::Cent { target, match_play } => format!(
                "{} {target}, {}",
                Text::GameTo.get(lang),
                if match_play {
                    Text::MatchSaid.get(lang)
                } else {
                    Text::SingleGameSaid.get(lang)
                }
            ),
            FormatChoice::Rubicon => Text::PartieOfSix.get(lang).to_string(),
        }
    }
}

/// Everything chosen in the new-game dialog.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameConfig {
    /// A preset id of [`Rules::IDS`].
    pub preset: String,
    pub format: FormatChoice,
    pub opponent: Opponent,
    /// The seed of the cut and of every deal's shuffle.
    pub seed: u64,
    /// A game continued from a record whose rules are not a preset (e.g. the Les Fâcheux
    /// record: `ancien` with the abandonment): these rules, instead of `preset` and `format`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub custom_rules: Option<Rules>,
}

/// Why a game could not be set up or a save could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SessionError {
    /// The rules chosen are not a preset, or the format does not fit them.
    Rules(String),
    /// The saved text is not a save envelope.
    Malformed(String),
    /// A save written by another version of the app.
    UnknownVersion(u32),
    /// The saved record does not replay.
    Replay(String),
}

impl std::fmt::Display for SessionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SessionError::Rules(why) => write!(f, "these rules cannot be played: {why}"),
            SessionError::Malformed(why) => write!(f, "the saved game is malformed: {why}"),
            SessionError::UnknownVersion(v) => write!(
                f,
                "the saved game has version {v}; this app reads version {SAVE_VERSION}"
            ),
            SessionError::Replay(why) => write!(f, "the saved game does not replay: {why}"),
        }
    }
}

impl std::error::Error for SessionError {}

impl GameConfig {
    /// The rule set: the preset with the chosen format.
    pub fn rules(&self) -> Result<Rules, SessionError> {
        if let Some(rules) = self.custom_rules {
            rules.validate().map_err(SessionError::Rules)?;
            return Ok(rules);
        }
        let mut rules =
            Rules::by_id(&self.preset).map_err(|e| SessionError::Rules(e.to_string()))?;
        match (rules.format, self.format) {
            (
                Format::Cent {
                    target: preset_target,
                    belle_target,
                    ..
                },
                FormatChoice::Cent { target, match_play },
            ) => {
                if ![100, 150, 200].contains(&target) {
                    return Err(SessionError::Rules(format!(
                        "a game is played to 100, 150 or 200, not {target}"
                    )));
                }
                // The belle keeps the preset's target when the game does (221 after 150).
                let belle_target = if target == preset_target {
                    belle_target
                } else {
                    target
                };
                rules.format = Format::Cent {
                    target,
                    match_play,
                    belle_target,
                };
            }
            (Format::Rubicon { .. }, FormatChoice::Rubicon) => {}
            _ => {
                return Err(SessionError::Rules(format!(
                    "the {} preset is not played in this format",
                    self.preset
                )));
            }
        }
        rules.validate().map_err(SessionError::Rules)?;
        Ok(rules)
    }
}

/// The game in progress.
#[derive(Clone, Debug, PartialEq)]
pub struct Session {
    pub config: GameConfig,
    pub rules: Rules,
    /// The record of everything played: the save.
    pub record: Record,
    /// `None` while the higher card of a Rubicon cut has not chosen who deals.
    pub game: Option<Game>,
    /// Events of the current deal, or of the deal just finished.
    pub events: Vec<Event>,
    /// The deal just finished, until the next one starts (its last trick, its scores).
    pub finished: Option<Deal>,
    /// For each deal, its remarkable scores in order: carte blanche, repic, pic, capot (the
    /// score sheet's remarks).
    pub highlights: Vec<Vec<(Seat, ScoreReason)>>,
    /// How many times the player took a decision back (« Annuler mon coup »): a game with any
    /// counts apart in the statistics. Saved with the game.
    pub undos: u32,
}

#[derive(Serialize)]
struct EnvelopeOut<'a> {
    v: u32,
    config: &'a GameConfig,
    record: &'a Record,
    #[serde(skip_serializing_if = "is_zero")]
    undos: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

#[derive(Deserialize)]
struct EnvelopeIn {
    v: u32,
    config: serde_json::Value,
    record: serde_json::Value,
    #[serde(default)]
    undos: u32,
}

/// The seed of deal `index` of a game seeded with `seed`.
fn deal_seed(seed: u64, index: usize) -> u64 {
    let mut rng = SplitMix64::new(seed ^ (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    rng.next_u64()
}

impl Session {
    /// A new game: the cut is made; under Rubicon the higher card still chooses who deals.
    pub fn new(config: GameConfig) -> Result<Session, SessionError> {
        let rules = config.rules()?;
        let mut cut = Cut::from_seed(&rules, config.seed);
        if rules.cut == CutRule::HigherChooses {
            cut.higher_deals = None;
        }
        let record = Record::new(rules, cut.clone());
        let game = Game::new(rules, &cut).ok();
        Ok(Session {
            config,
            rules,
            record,
            game,
            events: Vec::new(),
            finished: None,
            highlights: Vec::new(),
            undos: 0,
        })
    }

    /// The cut's draws (seat A's card, seat B's card), last draw deciding.
    pub fn cut(&self) -> &Cut {
        &self.record.cut
    }

    /// The seat that drew the higher card and must still choose who deals, if any.
    pub fn cut_chooser(&self) -> Option<Seat> {
        if self.game.is_some() {
            return None;
        }
        let (a, b) = *self.record.cut.draws.last()?;
        Some(if a.rank() > b.rank() {
            Seat::A
        } else {
            Seat::B
        })
    }

    /// The higher card's choice (Rubicon): deal itself (`true`) or make the other deal.
    pub fn choose_dealer(&mut self, higher_deals: bool) -> Result<(), CutError> {
        let mut cut = self.record.cut.clone();
        cut.higher_deals = Some(higher_deals);
        let game = Game::new(self.rules, &cut)?;
        self.record.cut = cut;
        self.game = Some(game);
        Ok(())
    }

    /// Whether the game waits for its next deal to be dealt.
    pub fn needs_deal(&self) -> bool {
        self.game.as_ref().is_some_and(Game::needs_deal)
    }

    /// Deals the next deal from the game's seed. Does nothing when no deal is due.
    pub fn deal_next(&mut self) {
        let Some(game) = &self.game else { return };
        if !game.needs_deal() {
            return;
        }
        let seed = deal_seed(self.config.seed, self.record.deals.len());
        let layout = DealSetup::from_seed(&self.rules, game.dealer(), seed);
        // A layout dealt for the game's own dealer is always accepted.
        let _ = self.start_deal(layout, Some(seed));
    }

    /// Deals these cards as the next deal (a lesson's chosen cards). Refused, changing nothing,
    /// when no deal is due or the layout does not deal for the game's dealer.
    pub fn deal_layout(&mut self, layout: DealSetup) -> Result<(), String> {
        if !self.needs_deal() {
            return Err("no deal is due".into());
        }
        self.start_deal(layout, None)
    }

    fn start_deal(&mut self, layout: DealSetup, seed: Option<u64>) -> Result<(), String> {
        let game = self.game.as_mut().ok_or("the cut is not decided")?;
        game.start_deal(layout.clone())
            .map_err(|e| e.problem.to_string())?;
        self.record.deals.push(DealRecord {
            layout,
            seed,
            actions: Vec::new(),
        });
        self.events.clear();
        self.finished = None;
        self.highlights.push(Vec::new());
        Ok(())
    }

    /// The deal in progress, or the one just finished.
    pub fn deal(&self) -> Option<&Deal> {
        self.game
            .as_ref()
            .and_then(Game::deal)
            .or(self.finished.as_ref())
    }

    /// Whose decision it is in the deal in progress.
    pub fn to_act(&self) -> Option<Seat> {
        self.game
            .as_ref()
            .and_then(Game::deal)
            .and_then(Deal::to_act)
    }

    /// What `seat` may know of the deal in progress or just finished.
    pub fn view(&self, seat: Seat) -> Option<Observation> {
        self.deal().map(|d| d.observation(seat))
    }

    /// What `seat` may know of the game: what the computer's worker receives.
    pub fn game_view(&self, seat: Seat) -> Option<GameObservation> {
        self.game.as_ref().map(|g| g.observation(seat))
    }

    /// The events of this deal that `seat` may see.
    pub fn events_for(&self, seat: Seat) -> impl Iterator<Item = &Event> {
        self.events
            .iter()
            .filter(move |e| e.audience().is_none_or(|s| s == seat))
    }

    /// Applies a decision; on error nothing changed. Returns the events it caused.
    pub fn apply(&mut self, seat: Seat, action: Action) -> Result<Vec<Event>, IllegalAction> {
        let game = self.game.as_mut().ok_or(IllegalAction::DealOver)?;
        let deal = game.deal().ok_or(IllegalAction::DealOver)?;
        let (after, _) = deal.apply(seat, action)?;
        let mut events = Vec::new();
        game.apply_with(seat, action, &mut events)?;
        if let Some(d) = self.record.deals.last_mut() {
            d.actions.push(RecordedAction::new(seat, action));
        }
        if game.deal().is_none() {
            self.finished = Some(after);
        }
        if let Some(deal) = self.highlights.last_mut() {
            deal.extend(events.iter().filter_map(|e| match *e {
                Event::Scored {
                    seat,
                    reason:
                        reason @ (ScoreReason::CarteBlanche
                        | ScoreReason::Repic
                        | ScoreReason::Pic
                        | ScoreReason::Capot),
                    ..
                } => Some((seat, reason)),
                _ => None,
            }));
        }
        self.events.extend(events.iter().copied());
        Ok(events)
    }

    /// The game taken back to where the deal in progress had its first `keep` actions: the
    /// record replayed without the later ones, the taking back counted ([`Session::undos`]).
    /// Refused, changing nothing, between deals or when the deal has no more actions than that.
    pub fn taken_back(&self, keep: usize) -> Result<Session, SessionError> {
        let made = self.record.deals.last().map_or(0, |d| d.actions.len());
        if self.game.as_ref().and_then(Game::deal).is_none() || keep >= made {
            return Err(SessionError::Replay("nothing to take back".into()));
        }
        let mut record = self.record.clone();
        if let Some(deal) = record.deals.last_mut() {
            deal.actions.truncate(keep);
        }
        let mut session = Session::from_record(self.config.clone(), record)?;
        session.undos = self.undos.saturating_add(1);
        Ok(session)
    }

    /// The saved form: a versioned envelope around the engine's record.
    pub fn to_stored(&self) -> String {
        serde_json::to_string(&EnvelopeOut {
            v: SAVE_VERSION,
            config: &self.config,
            record: &self.record,
            undos: self.undos,
        })
        .unwrap_or_default()
    }

    /// Reads a save as far as it replays: a save whose actions stop replaying (a corrupted
    /// action, a deal that no longer deals) resumes at the last position that does, the valid
    /// prefix of its actions ([`Reading::Part`], naming where); one that cannot be read at all
    /// is [`Reading::Unusable`]. The caller keeps the original aside in both cases.
    pub fn read_stored(raw: &str) -> Reading<Session> {
        let mut fields = match stored::envelope(raw, SAVE_VERSION) {
            Ok(f) => f,
            Err(p) => return Reading::Unusable(p),
        };
        let unusable = Reading::Unusable(StoredProblem::Malformed);
        let (Some(config), Some(record)) = (fields.remove("config"), fields.remove("record"))
        else {
            return unusable;
        };
        let Ok(config) = serde_json::from_value::<GameConfig>(config) else {
            return unusable;
        };
        let Some((record, unread)) = readable_prefix(record) else {
            return unusable;
        };
        let Ok((mut session, stop)) = Session::replay_prefix(config, record) else {
            return unusable;
        };
        // Decisions taken back: a count that does not read is taken for one at least (the
        // game counts apart rather than with the games played straight).
        let undos = fields.remove("undos").map(|v| {
            v.as_u64()
                .and_then(|n| u32::try_from(n).ok())
                .ok_or(StoredProblem::Fields(vec!["undos".into()]))
        });
        session.undos = match &undos {
            Some(Ok(n)) => *n,
            Some(Err(_)) => 1,
            None => 0,
        };
        // Where the save stops being usable: the first action that does not replay, or the
        // first that did not even read.
        match (stop.or(unread), undos) {
            (Some((deal, actions)), _) => Reading::Part(
                session,
                StoredProblem::GameStopsAt {
                    deal: deal + 1,
                    actions,
                },
            ),
            (None, Some(Err(problem))) => Reading::Part(session, problem),
            (None, _) => Reading::Whole(session),
        }
    }

    /// Reads a save written by [`Session::to_stored`], replaying every action.
    pub fn from_stored(raw: &str) -> Result<Session, SessionError> {
        let envelope: EnvelopeIn =
            serde_json::from_str(raw).map_err(|e| SessionError::Malformed(e.to_string()))?;
        if envelope.v != SAVE_VERSION {
            return Err(SessionError::UnknownVersion(envelope.v));
        }
        let config: GameConfig = serde_json::from_value(envelope.config)
            .map_err(|e| SessionError::Malformed(e.to_string()))?;
        let record_text = envelope.record.to_string();
        let record =
            Record::from_json(&record_text).map_err(|e| SessionError::Malformed(e.to_string()))?;
        let mut session = Session::from_record(config, record)?;
        session.undos = envelope.undos;
        Ok(session)
    }

    /// A game that goes on from a record (every action replayed through the engine): a saved
    /// game, or a replay's position to play from. The record's metadata is kept.
    pub fn from_record(config: GameConfig, record: Record) -> Result<Session, SessionError> {
        match Session::replay_prefix(config, record)? {
            (session, None) => Ok(session),
            (_, Some((deal, actions))) => Err(SessionError::Replay(format!(
                "deal {}, action {}: does not replay",
                deal + 1,
                actions + 1
            ))),
        }
    }

    /// [`Session::from_record`] as far as the record replays: the session at the last position
    /// that does, and where it stopped (deal index, actions of that deal made), if it did. An
    /// error only when no position at all can be rebuilt (rules, cut).
    fn replay_prefix(
        config: GameConfig,
        record: Record,
    ) -> Result<(Session, Option<(usize, usize)>), SessionError> {
        let rules = config.rules()?;
        let recorded = record
            .rules
            .resolve()
            .map_err(|e| SessionError::Replay(e.to_string()))?;
        if recorded != rules {
            return Err(SessionError::Replay(
                "the record’s rules differ from the game’s".into(),
            ));
        }
        let mut session = Session {
            config,
            rules,
            record: Record {
                meta: record.meta.clone(),
                deal_comments: record.deal_comments.clone(),
                deal_notes: record.deal_notes.clone(),
                start: record.start,
                ..Record::new(rules, record.cut.clone())
            },
            game: match record.start {
                Some(start) => Some(Game::starting(rules, &record.cut, Some(&start)).map_err(
                    |e| {
                        SessionError::Replay(match e {
                            StartError::Cut(e) => e.to_string(),
                            StartError::Start(e) => e.to_string(),
                        })
                    },
                )?),
                None => Game::new(rules, &record.cut).ok(),
            },
            events: Vec::new(),
            finished: None,
            highlights: Vec::new(),
            undos: 0,
        };
        if session.game.is_none() {
            if record.cut.higher_deals.is_some() || !record.deals.is_empty() {
                return Err(SessionError::Replay(
                    "the cut does not decide a dealer".into(),
                ));
            }
            if let Err(e) = record.cut.dealer(&rules) {
                if e != CutError::Choice {
                    return Err(SessionError::Replay(e.to_string()));
                }
            }
        }
        for (i, deal) in record.deals.into_iter().enumerate() {
            if session.start_deal(deal.layout, deal.seed).is_err() {
                return Ok((session, Some((i, 0))));
            }
            for (j, a) in deal.actions.into_iter().enumerate() {
                if session.apply(a.seat, a.action).is_err() {
                    return Ok((session, Some((i, j))));
                }
                if let Some(last) = session
                    .record
                    .deals
                    .last_mut()
                    .and_then(|d| d.actions.last_mut())
                {
                    last.comment = a.comment;
                    last.note = a.note;
                }
            }
        }
        Ok((session, None))
    }
}

/// The record of a save, as much of it as reads: all of it, or the deals and actions before the
/// first that does not (with where that is: deal index, actions of that deal kept). `None` when
/// not even the record's header reads.
fn readable_prefix(mut value: serde_json::Value) -> Option<(Record, Option<(usize, usize)>)> {
    let read = |v: &serde_json::Value| Record::from_json(&v.to_string()).ok();
    if let Some(r) = read(&value) {
        return Some((r, None));
    }
    let deals = value.get_mut("deals")?.as_array_mut()?;
    // The first action that does not read: keep what comes before it.
    let first_bad = deals.iter().enumerate().find_map(|(d, deal)| {
        let actions = deal.get("actions")?.as_array()?;
        actions
            .iter()
            .position(|a| serde_json::from_value::<RecordedAction>(a.clone()).is_err())
            .map(|a| (d, a))
    });
    if let Some((d, a)) = first_bad {
        deals.truncate(d + 1);
        if let Some(actions) = deals[d].get_mut("actions").and_then(|a| a.as_array_mut()) {
            actions.truncate(a);
        }
        if let Some(r) = read(&value) {
            return Some((r, Some((d, a))));
        }
    }
    // A deal that does not read (its layout): keep the whole deals before it.
    let count = value.get("deals")?.as_array()?.len();
    for d in (0..count).rev() {
        value.get_mut("deals")?.as_array_mut()?.truncate(d);
        if let Some(r) = read(&value) {
            return Some((r, Some((d, 0))));
        }
    }
    None
}

/// Whole games of random legal play, for the tests of what is built on sessions (here and in
/// the app's components).
pub mod testing {
    use super::*;
    use piquet_engine::random::random_action;

    /// A game of `preset` in its own format.
    pub fn config(preset: &str, opponent: Opponent, seed: u64) -> GameConfig {
        let rules = Rules::by_id(preset).unwrap();
        GameConfig {
            preset: preset.into(),
            format: FormatChoice::of(&rules),
            opponent,
            seed,
            custom_rules: None,
        }
    }

    /// A classique game against level 1, its first deal dealt.
    pub fn dealt(seed: u64) -> std::rc::Rc<Session> {
        let mut s = Session::new(config(
            "classique",
            Opponent::Computer { bot: "1".into() },
            seed,
        ))
        .unwrap();
        s.deal_next();
        std::rc::Rc::new(s)
    }

    /// Every state of a whole game played at random (the higher cut deals), first to last.
    pub fn played(preset: &str, seed: u64, opponent: Opponent) -> Vec<Session> {
        let mut s = Session::new(config(preset, opponent, seed)).unwrap();
        if s.cut_chooser().is_some() {
            s.choose_dealer(true).unwrap();
        }
        let mut rng = SplitMix64::new(seed);
        let mut buf = Vec::new();
        let mut steps = vec![s.clone()];
        while s.game.as_ref().unwrap().outcome().is_none() {
            s.deal_next();
            let deal = *s.game.as_ref().unwrap().deal().unwrap();
            let (seat, action) = random_action(&deal, &mut rng, &mut buf).unwrap();
            s.apply(seat, action).unwrap();
            steps.push(s.clone());
        }
        steps
    }
}

#[cfg(test)]
mod tests {
    use super::testing::config;
    use super::*;
    use crate::stored::{Reading, StoredProblem};
    use piquet_engine::random::random_action;

    fn computer() -> Opponent {
        Opponent::Computer { bot: "1".into() }
    }

    /// Plays random legal actions until the game is over, saving and reloading at every step.
    fn play_out(mut s: Session, seed: u64, reload_every: usize) -> Session {
        let mut rng = SplitMix64::new(seed);
        let mut buf = Vec::new();
        if s.cut_chooser().is_some() {
            s.choose_dealer(rng.below(2) == 0).unwrap();
        }
        let mut steps = 0;
        while s.game.as_ref().unwrap().outcome().is_none() {
            s.deal_next();
            let deal = *s.game.as_ref().unwrap().deal().unwrap();
            let (seat, action) = random_action(&deal, &mut rng, &mut buf).unwrap();
            s.apply(seat, action).unwrap();
            steps += 1;
            if steps % reload_every == 0 {
                let back = Session::from_stored(&s.to_stored()).unwrap();
                assert_eq!(back.game, s.game);
                assert_eq!(back.finished, s.finished);
                assert_eq!(back.events, s.events);
                s = back;
            }
        }
        s
    }

    #[test]
    fn whole_games_save_and_reload_at_any_moment() {
        for (i, preset) in Rules::IDS.iter().enumerate() {
            let s = Session::new(config(preset, computer(), i as u64)).unwrap();
            let s = play_out(s, i as u64, 7);
            assert!(
                s.finished.is_some(),
                "{preset}: the last deal stays on the table"
            );
            assert!(s.game.unwrap().outcome().is_some());
        }
    }

    #[test]
    fn remarkable_scores_are_kept_per_deal_and_survive_a_reload() {
        let mut seen = 0;
        for (i, preset) in Rules::IDS.iter().enumerate() {
            for seed in 0..12u64 {
                let mut s = Session::new(config(preset, computer(), seed * 31 + i as u64)).unwrap();
                let mut rng = SplitMix64::new(seed);
                let mut buf = Vec::new();
                let mut expected: Vec<Vec<(Seat, ScoreReason)>> = Vec::new();
                if s.cut_chooser().is_some() {
                    s.choose_dealer(true).unwrap();
                }
                while s.game.as_ref().unwrap().outcome().is_none() {
                    if s.needs_deal() {
                        s.deal_next();
                        expected.push(Vec::new());
                    }
                    let deal = *s.game.as_ref().unwrap().deal().unwrap();
                    let (seat, action) = random_action(&deal, &mut rng, &mut buf).unwrap();
                    for e in s.apply(seat, action).unwrap() {
                        if let Event::Scored { seat, reason, .. } = e {
                            if matches!(
                                reason,
                                ScoreReason::CarteBlanche
                                    | ScoreReason::Repic
                                    | ScoreReason::Pic
                                    | ScoreReason::Capot
                            ) {
                                expected.last_mut().unwrap().push((seat, reason));
                            }
                        }
                    }
                }
                assert_eq!(s.highlights, expected, "{preset} seed {seed}");
                seen += expected.iter().map(Vec::len).sum::<usize>();
                let back = Session::from_stored(&s.to_stored()).unwrap();
                assert_eq!(back.highlights, s.highlights);
            }
        }
        assert!(seen > 0, "random games score some pic, repic or capot");
    }

    #[test]
    fn a_game_taken_back_keeps_its_count_across_a_save() {
        let mut s = Session::new(config("classique", computer(), 4)).unwrap();
        s.deal_next();
        let mut rng = SplitMix64::new(4);
        for _ in 0..6 {
            let deal = *s.game.as_ref().unwrap().deal().unwrap();
            let (seat, action) = random_action(&deal, &mut rng, &mut Vec::new()).unwrap();
            s.apply(seat, action).unwrap();
        }
        let before = s.record.deals[0].actions.clone();
        let back = s.taken_back(4).unwrap();
        assert_eq!(back.record.deals[0].actions, before[..4]);
        assert_eq!(back.undos, 1);
        assert_eq!(back.taken_back(2).unwrap().undos, 2);
        // Nothing to take back beyond what was made.
        assert!(back.taken_back(4).is_err());
        // The count is saved with the game, and not written for a game played straight.
        let stored = back.to_stored();
        assert_eq!(Session::read_stored(&stored).value().unwrap().undos, 1);
        assert_eq!(Session::from_stored(&stored).unwrap().undos, 1);
        assert!(!s.to_stored().contains("undos"));
        assert_eq!(
            Session::read_stored(&s.to_stored()).value().unwrap().undos,
            0
        );
        // A count that does not read is named, and taken for one.
        let mut value: serde_json::Value = serde_json::from_str(&stored).unwrap();
        value["undos"] = serde_json::json!("many");
        match Session::read_stored(&value.to_string()) {
            Reading::Part(game, StoredProblem::Fields(fields)) => {
                assert_eq!(fields, ["undos"]);
                assert_eq!(game.undos, 1);
                assert_eq!(game.record, back.record);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn rubicon_waits_for_the_higher_card_to_choose() {
        let s = Session::new(config("rubicon", Opponent::Human, 3)).unwrap();
        assert!(s.game.is_none());
        let chooser = s.cut_chooser().unwrap();
        let back = Session::from_stored(&s.to_stored()).unwrap();
        assert_eq!(back.cut_chooser(), Some(chooser));
        let mut s = back;
        s.choose_dealer(true).unwrap();
        assert_eq!(s.game.as_ref().unwrap().dealer(), chooser);
        let classic = Session::new(config("classique", computer(), 3)).unwrap();
        assert!(classic.game.is_some() && classic.cut_chooser().is_none());
    }

    #[test]
    fn formats_follow_the_preset_family() {
        let mut c = config("classique", computer(), 1);
        c.format = FormatChoice::Cent {
            target: 150,
            match_play: false,
        };
        let rules = c.rules().unwrap();
        assert_eq!(
            rules.format,
            Format::Cent {
                target: 150,
                match_play: false,
                belle_target: 150
            }
        );
        c.format = FormatChoice::Rubicon;
        assert!(matches!(c.rules(), Err(SessionError::Rules(_))));
        c.format = FormatChoice::Cent {
            target: 120,
            match_play: true,
        };
        assert!(c.rules().is_err());
        let r = config("rubicon", computer(), 1).rules().unwrap();
        assert_eq!(r, Rules::rubicon());
    }

    #[test]
    fn corrupted_or_foreign_saves_are_named() {
        assert!(matches!(
            Session::from_stored("{oops"),
            Err(SessionError::Malformed(_))
        ));
        assert!(matches!(
            Session::from_stored(r#"{"v":9,"config":{},"record":{}}"#),
            Err(SessionError::UnknownVersion(9))
        ));
        let mut s = Session::new(config("classique", computer(), 5)).unwrap();
        s.deal_next();
        let good = s.to_stored();
        assert!(Session::from_stored(&good).is_ok());
        let mut value: serde_json::Value = serde_json::from_str(&good).unwrap();
        value["record"]["deals"][0]["actions"] =
            serde_json::json!([{"seat": "B", "action": {"play": "AS"}}]);
        assert!(matches!(
            Session::from_stored(&value.to_string()),
            Err(SessionError::Replay(_) | SessionError::Malformed(_))
        ));
    }

    /// A save of a game played some way into its second deal.
    fn save_in_second_deal(seed: u64) -> (Session, serde_json::Value) {
        let mut s = Session::new(config("classique", computer(), seed)).unwrap();
        let mut rng = SplitMix64::new(seed);
        let mut buf = Vec::new();
        while s.record.deals.len() < 2 || s.record.deals[1].actions.len() < 20 {
            s.deal_next();
            let deal = *s.game.as_ref().unwrap().deal().unwrap();
            let (seat, action) = random_action(&deal, &mut rng, &mut buf).unwrap();
            s.apply(seat, action).unwrap();
        }
        let value = serde_json::from_str(&s.to_stored()).unwrap();
        (s, value)
    }

    #[test]
    fn a_save_with_one_bad_action_resumes_just_before_it() {
        let (whole, good) = save_in_second_deal(21);
        assert_eq!(
            Session::read_stored(&good.to_string()),
            Reading::Whole(whole.clone())
        );
        // Action 15 of deal 2 made illegal (the other seat acts), and one that no longer reads.
        let mut illegal = good.clone();
        let seat = illegal["record"]["deals"][1]["actions"][14]["seat"].clone();
        illegal["record"]["deals"][1]["actions"][14]["seat"] =
            if seat == "A" { "B" } else { "A" }.into();
        let mut unreadable = good.clone();
        unreadable["record"]["deals"][1]["actions"][14] =
            serde_json::json!({"seat": "A", "action": "play", "arg": "ZZ"});
        for broken in [illegal, unreadable] {
            match Session::read_stored(&broken.to_string()) {
                Reading::Part(s, problem) => {
                    assert_eq!(
                        problem,
                        StoredProblem::GameStopsAt {
                            deal: 2,
                            actions: 14
                        }
                    );
                    assert_eq!(s.record.deals.len(), 2);
                    assert_eq!(s.record.deals[0], whole.record.deals[0]);
                    assert_eq!(
                        s.record.deals[1].actions[..],
                        whole.record.deals[1].actions[..14]
                    );
                    // The game goes on from there, and saves and reloads like any other.
                    assert!(s.to_act().is_some());
                    assert_eq!(
                        Session::read_stored(&s.to_stored()),
                        Reading::Whole(s.clone())
                    );
                }
                other => panic!("{other:?}"),
            }
        }
        // A second deal whose layout no longer deals: the game resumes after the first deal.
        let mut layout = good.clone();
        layout["record"]["deals"][1]["layout"]["elder"] = "AS AS".into();
        match Session::read_stored(&layout.to_string()) {
            Reading::Part(
                s,
                StoredProblem::GameStopsAt {
                    deal: 2,
                    actions: 0,
                },
            ) => {
                assert_eq!(s.record.deals.len(), 1);
                assert!(s.needs_deal());
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_save_that_does_not_read_at_all_is_named() {
        for (raw, problem) in [
            ("garbage", StoredProblem::NotAnEnvelope),
            (
                r#"{"v":9,"config":{},"record":{}}"#,
                StoredProblem::UnknownVersion { found: 9, reads: 1 },
            ),
            (
                r#"{"v":1,"config":{},"record":{}}"#,
                StoredProblem::Malformed,
            ),
            (
                r#"{"v":1,"config":{"preset":"classique"},"record":"garbage"#,
                StoredProblem::NotAnEnvelope,
            ),
        ] {
            assert_eq!(
                Session::read_stored(raw),
                Reading::Unusable(problem),
                "{raw}"
            );
        }
    }

    #[test]
    fn illegal_actions_change_nothing() {
        let mut s = Session::new(config("classique", computer(), 8)).unwrap();
        s.deal_next();
        let before = s.clone();
        let wrong = s.to_act().unwrap().other();
        assert!(s.apply(wrong, Action::Declare(None)).is_err());
        assert_eq!(s, before);
    }
}
