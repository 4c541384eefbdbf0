//! The table's state and its reducer: the session and what only the interface knows (the
//! seat on screen, the discards selected, the option chosen, the scores to show as they come,
//! why a card was refused). Pure: no browser API, tested natively. The components of
//! `crate::components::table` draw it; `crate::model` derives what they show.

use std::rc::Rc;

use piquet_engine::{Action, Card, CardSet, CutError, Event, IllegalAction, Seat};
use serde::{Deserialize, Serialize};

use crate::lesson::Lesson;
use crate::seen::Seen;
use crate::session::{Opponent, Session, SessionError};
use crate::stored::{Reading, StoredProblem, Unread};
use crate::table_ui::{TableAction, TableUi};
use crate::wire::{self, HintReply};

/// Something that went wrong at the table (it never changes the game).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableError {
    /// The engine refused an action.
    Illegal(IllegalAction),
    /// The cut's choice was refused.
    Cut(CutError),
    /// The computer's worker answered with an error.
    Computer(String),
    /// A lesson's next deal could not be dealt (its record does not fit the game).
    Layout(String),
    /// The game could not be taken back (its record no longer replays).
    TakeBack(String),
}

impl TableError {
    /// In the reader's language.
    pub fn words(&self, lang: crate::i18n::Lang) -> String {
        use crate::error_words;
        match self {
            TableError::Illegal(e) => error_words::illegal_action(e, lang),
            TableError::Cut(e) => error_words::cut_error(e, lang),
            TableError::Computer(message)
            | TableError::Layout(message)
            | TableError::TakeBack(message) => error_words::quote(message, lang),
        }
    }
}

/// The choice being made, kept across a reload of the page: the discards selected, the
/// declaration option chosen — valid only at the position (`actions` taken in the game) where
/// it was made.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pending {
    /// Actions taken in the whole game when the choice was made.
    pub actions: usize,
    /// The seat choosing.
    pub seat: Option<Seat>,
    /// The cards selected (stored as `"AS KH"`; an array of the engine's card indices, the form
    /// stored before, is read too).
    #[serde(default, deserialize_with = "selection_stored")]
    pub selection: CardSet,
    #[serde(default)]
    pub choice: Option<usize>,
}

/// Reads a stored selection: `"AS KH"`, or the engine's card indices (`[35, 25]`) as stored
/// before; an index that names no card makes the whole choice unreadable.
fn selection_stored<'de, D: serde::Deserializer<'de>>(d: D) -> Result<CardSet, D::Error> {
    use serde::de::{Error, SeqAccess, Visitor};
    struct Selection;
    impl<'de> Visitor<'de> for Selection {
        type Value = CardSet;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("cards (\"AS KH\") or card indices")
        }
        fn visit_str<E: Error>(self, v: &str) -> Result<CardSet, E> {
            v.parse().map_err(E::custom)
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<CardSet, A::Error> {
            let mut set = CardSet::EMPTY;
            while let Some(i) = seq.next_element::<u8>()? {
                let card = Card::from_index(i)
                    .ok_or_else(|| A::Error::custom(format!("no card has index {i}")))?;
                set.insert(card);
            }
            Ok(set)
        }
    }
    d.deserialize_any(Selection)
}

impl Pending {
    /// The stored form (JSON).
    pub fn to_stored(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Reads a stored pending choice: unreadable, it is reported (and kept aside by
    /// `storage::load`), never silently dropped.
    pub fn read_stored(raw: &str) -> Reading<Pending> {
        match serde_json::from_str(raw) {
            Ok(pending) => Reading::Whole(pending),
            Err(_) if serde_json::from_str::<serde_json::Value>(raw).is_ok() => {
                Reading::Unusable(StoredProblem::Malformed)
            }
            Err(_) => Reading::Unusable(StoredProblem::NotAnEnvelope),
        }
    }

    /// Whether nothing is being chosen.
    pub fn is_empty(&self) -> bool {
        self.selection.is_empty() && self.choice.is_none()
    }
}

/// How a lesson's coach shows its words. Beside the decision panel, whole, wherever they fit;
/// where they do not (a small phone: the page measures it), in a sheet over the table, whole,
/// which the player dismisses once read; then as its head (the lesson, the step) and what to do
/// now, with a way to read them again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CoachMode {
    Column,
    Sheet,
    Compact,
}

/// What the coach says at a moment of a lesson: its position, whether what the last move did was
/// read (« Continuer »), whether another move was just tried. The sheet is opened and read per
/// key: new words are measured again.
pub type CoachKey = (usize, bool, bool);

/// A lesson at the table: the moves come from it — the opponent's played from the record after
/// a pause, the player's checked before they are made (another one is not made: the lesson
/// says what to do instead).
#[derive(Clone, Debug, PartialEq)]
pub struct LessonRun {
    pub lesson: Rc<Lesson>,
    /// The player has drawn his card at the cut (a lesson that begins with the cut).
    pub cut_drawn: bool,
    /// The position whose comment the player has read (« Continuer »).
    pub read: Option<usize>,
    /// The version of the table at which another move than the lesson's was tried.
    pub wrong: Option<u64>,
    /// The lesson was played to its end before.
    pub done_before: bool,
    /// The coach's words put in a sheet (they did not fit beside the panel), and whether the
    /// player has read them there, for these words.
    pub sheet: Option<(CoachKey, bool)>,
}

/// The number of actions taken in the whole game: a position's identity for [`Pending`].
pub fn actions_taken(session: &Session) -> usize {
    session
        .record
        .deals
        .iter()
        .map(|d| d.actions.len())
        .sum::<usize>()
        + session.record.deals.len()
}

/// The table's own state: the session and what only the interface knows.
#[derive(Clone, Debug, PartialEq)]
pub struct TableState {
    pub session: Rc<Session>,
    /// What the seat on screen knows of the session: what the table draws.
    pub seen: Rc<Seen>,
    /// What the interface knows beside the game, as on any table: the choice being made,
    /// what lies over the table, the scores as they come, a card refused; its version is
    /// bumped at every change of the session (saves and the computer's turn follow it).
    pub ui: TableUi,
    /// The seat whose cards the screen shows.
    pub viewer: Seat,
    /// Pass-and-play: the screen hides every hand until the next player takes the device.
    pub handover: bool,
    pub thinking: bool,
    pub hint: Option<(u64, HintReply)>,
    pub hint_pending: bool,
    pub error: Option<TableError>,
    pub retry: u32,
    /// A lesson, when the table runs one.
    pub lesson: Option<LessonRun>,
    /// Saved data found unreadable on the way (the statistics, read at the end of a deal), to
    /// be said once, until the player dismisses it.
    pub unread: Option<Unread>,
}

impl TableState {
    pub fn new(session: Rc<Session>) -> TableState {
        let viewer = Seat::A;
        let seen = Rc::new(Seen::of(&session, viewer));
        let mut state = TableState {
            session,
            seen,
            ui: TableUi::default(),
            viewer,
            handover: false,
            thinking: false,
            hint: None,
            hint_pending: false,
            error: None,
            retry: 0,
            lesson: None,
            unread: None,
        };
        // Pass-and-play resumes with the screen hidden: whoever holds the device must say who he is.
        if state.pass_and_play() {
            if let Some(s) = state.session.to_act() {
                state.viewer = s;
                state.handover = true;
            }
        }
        state.see();
        state
    }

    /// The seat on screen's knowledge, after a change of the session or of the seat.
    fn see(&mut self) {
        self.seen = Rc::new(Seen::of(&self.session, self.viewer));
    }

    /// The table as it was left, with the choice that was being made when the page closed
    /// (kept only if it was made at this very position, by the seat on screen, and still fits).
    pub fn resumed(session: Rc<Session>, pending: Option<Pending>) -> TableState {
        let mut state = TableState::new(session);
        if let Some(p) = pending {
            let here = p.actions == actions_taken(&state.session)
                && p.seat == Some(state.viewer)
                && state.session.to_act() == Some(state.viewer);
            let hand = state
                .session
                .view(state.viewer)
                .map_or(CardSet::EMPTY, |v| v.hand);
            if here && hand.is_superset(p.selection) {
                state.ui.selection = p.selection;
                state.ui.choice = p.choice;
            }
        }
        state
    }

    /// A table running `lesson` from `at` moves made.
    pub fn for_lesson(
        lesson: Rc<Lesson>,
        at: usize,
        done_before: bool,
    ) -> Result<TableState, SessionError> {
        let session = lesson.session_at(at)?;
        let mut state = TableState::new(Rc::new(session));
        state.lesson = Some(LessonRun {
            cut_drawn: at > 0,
            lesson,
            read: None,
            wrong: None,
            done_before,
            sheet: None,
        });
        Ok(state)
    }

    /// Where the lesson stands: the moves made.
    pub fn lesson_at(&self) -> Option<usize> {
        self.lesson
            .as_ref()
            .map(|run| run.lesson.position(&self.session, run.cut_drawn))
    }

    /// A lesson that begins with the cut, before the player has drawn: the pack is on the
    /// table, face down, and the draws are not shown yet.
    pub fn cut_to_draw(&self) -> bool {
        let at = self.lesson_at();
        self.lesson
            .as_ref()
            .zip(at)
            .is_some_and(|(run, at)| run.lesson.expects_cut(at))
    }

    /// The opponent's move of the lesson, when it is due now (what the last move did has been
    /// read, if it said anything).
    pub fn scripted_due(&self) -> Option<(Seat, Action)> {
        let run = self.lesson.as_ref()?;
        let at = run.lesson.position(&self.session, run.cut_drawn);
        let said = at
            .checked_sub(1)
            .and_then(|p| run.lesson.next(p))
            .is_some_and(|m| run.lesson.says_after(m));
        if said && run.read != Some(at) {
            return None;
        }
        run.lesson.scripted(at)
    }

    /// What the coach says now, as a key ([`CoachKey`]); `None` outside a lesson.
    pub fn coach_key(&self) -> Option<CoachKey> {
        let at = self.lesson_at()?;
        let read = self.lesson.as_ref()?.read == Some(at);
        Some((at, read, self.wrong_tried()))
    }

    /// How the coach shows its words now.
    pub fn coach_mode(&self) -> CoachMode {
        match self.lesson.as_ref().and_then(|run| run.sheet) {
            Some((key, read)) if Some(key) == self.coach_key() => {
                if read {
                    CoachMode::Compact
                } else {
                    CoachMode::Sheet
                }
            }
            _ => CoachMode::Column,
        }
    }

    /// A lesson: whether another move than the lesson's was just tried.
    pub fn wrong_tried(&self) -> bool {
        self.lesson
            .as_ref()
            .is_some_and(|run| run.wrong == Some(self.ui.version))
    }

    /// The choice being made now, for saving.
    pub fn pending(&self) -> Pending {
        Pending {
            actions: actions_taken(&self.session),
            seat: Some(self.viewer),
            selection: self.ui.selection,
            choice: self.ui.choice,
        }
    }

    pub fn pass_and_play(&self) -> bool {
        self.session.config.opponent == Opponent::Human
    }

    /// Where « Annuler mon coup » would take the game back to: the number of actions of the
    /// deal in progress to keep, so that the player's last decision there is undone with
    /// every move the computer made since — the decision the computer has not seen yet, or
    /// the last trick with its reply. Only against the computer, outside a lesson, during a
    /// deal, and for a declaration, an answer or a card: the exchange stands once made (the
    /// cards drawn have been seen).
    pub fn undo_point(&self) -> Option<usize> {
        if self.lesson.is_some()
            || !matches!(self.session.config.opponent, Opponent::Computer { .. })
        {
            return None;
        }
        self.session.game.as_ref()?.deal()?;
        let actions = &self.session.record.deals.last()?.actions;
        let last = actions.iter().rposition(|a| a.seat == self.viewer)?;
        matches!(
            actions[last].action,
            Action::Declare(_) | Action::Answer(_) | Action::Play(_)
        )
        .then_some(last)
    }

    /// The card the player must play now, when only one may be (the settings' « play forced
    /// cards by themselves » plays it after a pause); never in a lesson (the lesson says when)
    /// nor while the screen is hidden.
    pub fn forced_play(&self) -> Option<Card> {
        if self.lesson.is_some() || self.handover {
            return None;
        }
        self.seen.forced_card()
    }

    /// Whether the computer must decide now (its move, or its choice after the cut). Never in a
    /// lesson: the lesson plays its moves.
    pub fn computer_to_act(&self) -> bool {
        self.lesson.is_none()
            && !self.pass_and_play()
            && (self.session.to_act() == Some(Seat::B)
                || self.session.cut_chooser() == Some(Seat::B))
    }

    /// The table's version: bumped at every change of the session.
    pub fn version(&self) -> u64 {
        self.ui.version
    }

    fn after_change(&mut self, events: Vec<Event>) {
        self.hint = None;
        self.hint_pending = false;
        self.error = None;
        self.thinking = false;
        self.ui.changed(events);
        if self.pass_and_play() {
            if let Some(next) = self.session.to_act() {
                if next != self.viewer {
                    self.viewer = next;
                    self.handover = true;
                }
            }
        }
        self.see();
    }

    fn apply(&mut self, seat: Seat, action: Action) {
        let mut session = (*self.session).clone();
        let before = session.view(seat).map(|v| v.hand).unwrap_or(CardSet::EMPTY);
        match session.apply(seat, action) {
            Ok(events) => {
                let drew = events
                    .iter()
                    .any(|e| matches!(e, Event::Drew { seat: s, .. } if *s == seat));
                if seat == self.viewer {
                    self.ui.drawn = if drew {
                        session
                            .view(seat)
                            .map(|v| v.hand - before)
                            .unwrap_or(CardSet::EMPTY)
                    } else {
                        CardSet::EMPTY
                    };
                }
                self.session = Rc::new(session);
                self.after_change(events);
            }
            Err(e) => self.error = Some(TableError::Illegal(e)),
        }
    }
}

impl crate::Reduce for TableState {
    type Action = TableAction;

    /// The table after `action`: the same `Rc` when nothing changes (so a view keyed on it
    /// need not be drawn again).
    fn reduce(self: Rc<Self>, action: TableAction) -> Rc<Self> {
        let mut next = (*self).clone();
        let changed = match action {
            TableAction::Act(seat, a) => next.on_act(seat, a),
            TableAction::PlayForced { at } => match next.forced_play() {
                Some(card) if at == next.ui.version => next.on_act(next.viewer, Action::Play(card)),
                _ => false,
            },
            TableAction::Undo => next.on_undo(),
            TableAction::Scripted { at } => next.on_scripted(at),
            TableAction::Computer { at, answer } => next.on_computer(at, answer),
            TableAction::Hint { at, answer } => next.on_hint(at, answer),
            TableAction::DealNext => next.on_deal_next(),
            TableAction::Cut => next.on_cut(),
            TableAction::ChooseDealer(deal) => next.on_choose_dealer(deal),
            interface => next.on_interface(interface),
        };
        if changed { Rc::new(next) } else { self }
    }
}

impl TableState {
    /// A seat's decision: in a lesson only the lesson's move is made (another marks the lesson's
    /// « not this »); outside one, only from the seat to act.
    fn on_act(&mut self, seat: Seat, a: Action) -> bool {
        match self.lesson_at() {
            Some(at) => {
                let expected = self
                    .lesson
                    .as_ref()
                    .is_some_and(|run| run.lesson.is_expected(at, seat, a));
                if expected {
                    self.apply(seat, a);
                } else if let Some(run) = self.lesson.as_mut() {
                    run.wrong = Some(self.ui.version);
                }
                true
            }
            // Out of turn: a second press of a key or a tap that landed before the page
            // redrew (« double clicks never play twice »). Nothing to do, nothing to say.
            None if self.session.to_act() != Some(seat) => false,
            // A card already played (a tap on the forced card as it went by itself).
            None if matches!(a, Action::Play(card) if self.seen.deal.as_ref().is_some_and(|v| v.seat == seat && !v.hand.contains(card))) => {
                false
            }
            None => {
                self.apply(seat, a);
                true
            }
        }
    }

    /// « Annuler mon coup »: the game taken back to before the player's last decision (see
    /// [`TableState::undo_point`]); the computer's answer to it, if it is still thinking, is
    /// for a version that is gone.
    fn on_undo(&mut self) -> bool {
        let Some(keep) = self.undo_point() else {
            return false;
        };
        match self.session.taken_back(keep) {
            Ok(session) => {
                self.session = Rc::new(session);
                self.hint = None;
                self.hint_pending = false;
                self.error = None;
                self.thinking = false;
                self.ui.taken_back();
                self.see();
            }
            Err(e) => self.error = Some(TableError::TakeBack(e.to_string())),
        }
        true
    }

    /// A lesson's opponent moves, if its move is still due at this version.
    fn on_scripted(&mut self, at: u64) -> bool {
        if at != self.ui.version {
            return false;
        }
        if let Some((seat, a)) = self.scripted_due() {
            self.apply(seat, a);
        }
        true
    }

    /// The computer's answer, if it answers this version of the table.
    fn on_computer(&mut self, at: u64, answer: wire::Answer) -> bool {
        if at != self.ui.version {
            return false;
        }
        self.thinking = false;
        match answer {
            wire::Answer::Action { action } => self.apply(Seat::B, action),
            wire::Answer::Deal { deal } => {
                let mut session = (*self.session).clone();
                if session.choose_dealer(deal).is_ok() {
                    self.session = Rc::new(session);
                    self.after_change(Vec::new());
                }
            }
            wire::Answer::Error { message } => self.error = Some(TableError::Computer(message)),
            wire::Answer::Hint { .. }
            | wire::Answer::Progress { .. }
            | wire::Answer::Review { .. }
            | wire::Answer::Daily { .. } => {}
        }
        true
    }

    /// The hint asked at this version of the table.
    fn on_hint(&mut self, at: u64, answer: wire::Answer) -> bool {
        if at != self.ui.version {
            return false;
        }
        self.hint_pending = false;
        match answer {
            wire::Answer::Hint { hint } => self.hint = Some((at, hint)),
            wire::Answer::Error { message } => self.error = Some(TableError::Computer(message)),
            _ => {}
        }
        true
    }

    /// The next deal: the session's own, or in a lesson the lesson's layout (another time
    /// marks the lesson's « not this »).
    fn on_deal_next(&mut self) -> bool {
        let mut session = (*self.session).clone();
        if let Some(at) = self.lesson_at() {
            let run = self.lesson.as_ref().map(|r| r.lesson.clone());
            let layout = run
                .as_ref()
                .and_then(|l| l.next(at).and_then(|m| l.layout(m)).cloned());
            match layout {
                Some(layout) => {
                    if let Err(e) = session.deal_layout(layout) {
                        self.error = Some(TableError::Layout(e));
                        return true;
                    }
                }
                None => {
                    if let Some(run) = self.lesson.as_mut() {
                        run.wrong = Some(self.ui.version);
                    }
                    return true;
                }
            }
        } else {
            session.deal_next();
        }
        self.session = Rc::new(session);
        self.ui.drawn = CardSet::EMPTY;
        self.after_change(Vec::new());
        true
    }

    /// A lesson's cut: the player draws his card (outside a lesson the cut is drawn when the
    /// game starts).
    fn on_cut(&mut self) -> bool {
        if self.lesson.is_none() {
            return false;
        }
        let expected = self.cut_to_draw();
        let version = self.ui.version;
        if let Some(run) = self.lesson.as_mut() {
            if expected {
                run.cut_drawn = true;
            } else {
                run.wrong = Some(version);
            }
        }
        if expected {
            self.after_change(Vec::new());
        }
        true
    }

    /// Rubicon's higher cut chooses who deals.
    fn on_choose_dealer(&mut self, deal: bool) -> bool {
        let mut session = (*self.session).clone();
        if let Err(e) = session.choose_dealer(deal) {
            self.error = Some(TableError::Cut(e));
        } else {
            self.session = Rc::new(session);
            self.after_change(Vec::new());
        }
        true
    }

    /// What only the interface knows: as on any table ([`TableUi::interface`]), and this
    /// table's own (a lesson's « Continuer », the hint asked, the computer thinking, the
    /// hand-over, the notices). The game's own actions are the reducer's other arms.
    fn on_interface(&mut self, action: TableAction) -> bool {
        if self.ui.interface(&action, Some(&self.seen)) {
            return true;
        }
        match action {
            TableAction::Read => {
                let at = self.lesson_at();
                if let Some(run) = self.lesson.as_mut() {
                    run.read = at;
                }
            }
            TableAction::HintAsked => self.hint_pending = true,
            TableAction::Thinking => self.thinking = true,
            TableAction::TakeOver => self.handover = false,
            TableAction::CoachSheet(open) => {
                let key = self.coach_key();
                match (self.lesson.as_mut(), key) {
                    (Some(run), Some(key)) => run.sheet = Some((key, !open)),
                    _ => return false,
                }
            }
            TableAction::Unread(u) => self.unread = Some(u),
            TableAction::DismissUnread => self.unread = None,
            TableAction::Retry => {
                self.error = None;
                self.retry += 1;
            }
            TableAction::Act(..)
            | TableAction::PlayForced { .. }
            | TableAction::Undo
            | TableAction::Scripted { .. }
            | TableAction::Computer { .. }
            | TableAction::Hint { .. }
            | TableAction::DealNext
            | TableAction::Cut
            | TableAction::ChooseDealer(_)
            // The interface's own, handled above.
            | TableAction::Toggle(_)
            | TableAction::Choose(_)
            | TableAction::ResetChoice
            | TableAction::Refuse(_)
            | TableAction::ToggleLastTrick
            | TableAction::Explain(_)
            | TableAction::Sheet(_)
            | TableAction::Log(_)
            | TableAction::Export(_)
            | TableAction::Menu(_)
            | TableAction::Review(_) => return false,
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Reduce;

    fn session(seed: u64) -> Rc<Session> {
        crate::session::testing::dealt(seed)
    }

    fn reduce(state: TableState, action: TableAction) -> TableState {
        (*Rc::new(state).reduce(action)).clone()
    }

    /// A seed whose first deal makes seat A elder (B deals), so A decides first.
    fn elder_a() -> Rc<Session> {
        (0..100)
            .map(session)
            .find(|s| s.to_act() == Some(Seat::A))
            .expect("one of 100 seeds deals to B")
    }

    #[test]
    fn a_selection_stored_as_card_indices_is_read_too() {
        let old = r#"{"actions":3,"seat":"A","selection":[35,25],"choice":null}"#;
        let read = Pending::read_stored(old).value().unwrap();
        assert_eq!(read.selection, "AC KD".parse().unwrap());
        let now = Pending::read_stored(&read.to_stored()).value().unwrap();
        assert_eq!(now, read);
        assert!(
            Pending::read_stored(r#"{"actions":3,"seat":"A","selection":[36]}"#)
                .problem()
                .is_some()
        );
    }

    #[test]
    fn a_pending_discard_survives_a_reload_at_the_same_position_only() {
        let s = elder_a();
        let hand: CardSet = s.view(Seat::A).unwrap().hand.into_iter().take(3).collect();
        let mut state = TableState::new(s.clone());
        for c in hand {
            state = reduce(state, TableAction::Toggle(c));
        }
        let saved = Pending::read_stored(&state.pending().to_stored())
            .value()
            .unwrap();
        let back = TableState::resumed(s.clone(), Some(saved.clone()));
        assert_eq!(back.ui.selection, hand);
        // After a decision the old choice belongs to another position: it is dropped.
        let mut later = (*s).clone();
        later.apply(Seat::A, Action::Discard(hand)).unwrap();
        let moved = TableState::resumed(Rc::new(later), Some(saved));
        assert!(moved.ui.selection.is_empty());
        // Cards the hand does not hold are never restored.
        let not_held = CardSet::DECK_32 - s.view(Seat::A).unwrap().hand;
        let forged = Pending {
            selection: not_held.lowest().unwrap().set(),
            ..state.pending()
        };
        assert!(TableState::resumed(s, Some(forged)).ui.selection.is_empty());
        // An unreadable one is reported, not taken for no choice at all.
        assert_eq!(
            Pending::read_stored("{oops").problem(),
            Some(&StoredProblem::NotAnEnvelope)
        );
        assert_eq!(
            Pending::read_stored(r#"{"actions":"many"}"#).problem(),
            Some(&StoredProblem::Malformed)
        );
    }

    /// A position where seat A is to declare and has more than one thing it may say.
    fn a_declaration_with_options() -> (Rc<Session>, Vec<Option<CardSet>>) {
        use crate::decision::{Decision, decision};
        for seed in 0..200 {
            let mut s = (*session(seed)).clone();
            let mut rng = piquet_engine::SplitMix64::new(seed);
            let mut buf = Vec::new();
            for _ in 0..12 {
                if let Some(Decision::Declare { options, .. }) = s
                    .view(Seat::A)
                    .filter(|v| v.to_act == Some(Seat::A))
                    .and_then(|v| decision(&v))
                {
                    if options.len() > 2 {
                        return (Rc::new(s), options);
                    }
                }
                let Some(deal) = s.deal().copied() else {
                    break;
                };
                let Some((seat, action)) =
                    piquet_engine::random::random_action(&deal, &mut rng, &mut buf)
                else {
                    break;
                };
                if !matches!(
                    action,
                    Action::Discard(_) | Action::Declare(_) | Action::Answer(_)
                ) {
                    break;
                }
                s.apply(seat, action).unwrap();
            }
        }
        panic!("no declaration with three options in 200 seeds")
    }

    #[test]
    fn a_declaration_option_chosen_survives_a_reload_at_the_same_position_only() {
        let (s, options) = a_declaration_with_options();
        let state = reduce(TableState::new(s.clone()), TableAction::Choose(2));
        assert_eq!(state.ui.choice, Some(2));
        let pending = state.pending();
        assert!(!pending.is_empty(), "a choice alone is worth keeping");
        let saved = Pending::read_stored(&pending.to_stored()).value().unwrap();
        let back = TableState::resumed(s.clone(), Some(saved.clone()));
        assert_eq!(
            back.ui.choice,
            Some(2),
            "the option chosen, not the best one"
        );
        assert!(back.ui.selection.is_empty());
        // Declared: the choice belongs to the position before, and is dropped.
        let mut later = (*s).clone();
        later.apply(Seat::A, Action::Declare(options[2])).unwrap();
        let moved = TableState::resumed(Rc::new(later), Some(saved.clone()));
        assert_eq!(moved.ui.choice, None);
        // Another seat's choice is not the one on screen.
        let theirs = Pending {
            seat: Some(Seat::B),
            ..saved
        };
        assert_eq!(TableState::resumed(s, Some(theirs)).ui.choice, None);
    }

    #[test]
    fn unreadable_saved_data_is_said_until_the_player_closes_it() {
        use crate::stored::{Kind, StoredProblem};
        let unread = Unread {
            kind: Kind::Statistics,
            problem: StoredProblem::Malformed,
            set_aside: true,
        };
        let state = reduce(
            TableState::new(elder_a()),
            TableAction::Unread(unread.clone()),
        );
        let hand = state.session.view(Seat::A).unwrap().hand;
        let one: CardSet = hand.into_iter().take(1).collect();
        // The game goes on; the notice stays.
        let moved = reduce(state, TableAction::Act(Seat::A, Action::Discard(one)));
        assert_eq!(moved.unread, Some(unread));
        assert_eq!(reduce(moved, TableAction::DismissUnread).unread, None);
    }

    #[test]
    fn a_refused_card_is_named_with_the_rule() {
        let s = elder_a();
        let card = s.view(Seat::A).unwrap().hand.into_iter().next().unwrap();
        // During the exchange a card cannot be played: the engine says it is not the time.
        let state = reduce(TableState::new(s), TableAction::Refuse(card));
        let refusal = state.ui.refusal.expect("a reason");
        assert_eq!(refusal.card, card);
        assert_eq!(refusal.why, IllegalAction::WrongPhase);
    }

    fn small_lesson() -> TableState {
        let lesson = Lesson::new(
            "small",
            piquet_engine::Localized::new(),
            crate::lesson::SMALL_LESSON,
        )
        .unwrap();
        TableState::for_lesson(Rc::new(lesson), 0, false).unwrap()
    }

    #[test]
    fn a_lesson_may_make_the_player_draw_at_the_cut() {
        let lesson = Lesson::new(
            "cut",
            piquet_engine::Localized::new(),
            &crate::lesson::small_lesson_with_cut(),
        )
        .unwrap();
        let state = TableState::for_lesson(Rc::new(lesson.clone()), 0, false).unwrap();
        assert!(state.cut_to_draw());
        // Dealing before drawing is refused and changes nothing.
        let tried = reduce(state.clone(), TableAction::DealNext);
        assert!(tried.wrong_tried());
        assert_eq!(tried.session, state.session);
        assert_eq!(tried.lesson_at(), Some(0));
        // Drawing is the step: the lesson moves on, the pack gives way to the draws.
        let drawn = reduce(tried, TableAction::Cut);
        assert!(!drawn.wrong_tried() && !drawn.cut_to_draw());
        assert_eq!(drawn.lesson_at(), Some(1));
        assert!(drawn.ui.version > state.ui.version);
        // Drawing again is another move than the lesson's (dealing, now).
        assert!(reduce(drawn.clone(), TableAction::Cut).wrong_tried());
        let dealt = reduce(drawn, TableAction::DealNext);
        assert_eq!(dealt.lesson_at(), Some(2));
        // Resumed after the cut, the player has drawn.
        let resumed = TableState::for_lesson(Rc::new(lesson), 1, false).unwrap();
        assert!(!resumed.cut_to_draw());
        assert_eq!(resumed.lesson_at(), Some(1));
        // Outside a lesson there is nothing to draw.
        let game = TableState::new(elder_a());
        assert_eq!(reduce(game.clone(), TableAction::Cut), game);
    }

    #[test]
    fn a_lessons_words_go_in_a_sheet_per_step_and_come_back_whole_with_new_words() {
        let state = small_lesson();
        assert_eq!(state.coach_mode(), CoachMode::Column);
        // The page found the words too long for the column: a sheet, then read.
        let sheet = reduce(state.clone(), TableAction::CoachSheet(true));
        assert_eq!(sheet.coach_mode(), CoachMode::Sheet);
        let read = reduce(sheet, TableAction::CoachSheet(false));
        assert_eq!(read.coach_mode(), CoachMode::Compact);
        // « Relire »: the sheet again.
        let again = reduce(read.clone(), TableAction::CoachSheet(true));
        assert_eq!(again.coach_mode(), CoachMode::Sheet);
        // Another move tried: new words, measured again (the column first).
        let wrong = reduce(
            read.clone(),
            TableAction::Act(Seat::A, Action::Declare(None)),
        );
        assert!(wrong.wrong_tried());
        assert_eq!(wrong.coach_mode(), CoachMode::Column);
        // The next step likewise.
        let dealt = reduce(read, TableAction::DealNext);
        assert_eq!(dealt.lesson_at(), Some(1));
        assert_eq!(dealt.coach_mode(), CoachMode::Column);
        // Outside a lesson there is no coach.
        let game = TableState::new(elder_a());
        assert_eq!(reduce(game.clone(), TableAction::CoachSheet(true)), game);
        assert_eq!(game.coach_mode(), CoachMode::Column);
    }

    #[test]
    fn a_lesson_refuses_another_move_and_changes_nothing() {
        // At the cut: dealing is the lesson's move; any action is another.
        let state = small_lesson();
        assert!(!state.computer_to_act());
        let tried = reduce(
            state.clone(),
            TableAction::Act(Seat::A, Action::Declare(None)),
        );
        assert!(tried.wrong_tried());
        assert_eq!(tried.session, state.session);
        // Dealing deals the lesson's cards, not the seed's.
        let dealt = reduce(state, TableAction::DealNext);
        assert!(!dealt.wrong_tried());
        let lesson = dealt.lesson.as_ref().unwrap().lesson.clone();
        assert_eq!(
            dealt.session.record.deals[0].layout,
            lesson.record.deals[0].layout
        );
        assert_eq!(dealt.lesson_at(), Some(1));
        // A discard the lesson does not ask for is not made; the table says so.
        let wrong: CardSet = "KH QH JH TH KS".parse().unwrap();
        let tried = reduce(
            dealt.clone(),
            TableAction::Act(Seat::A, Action::Discard(wrong)),
        );
        assert!(tried.wrong_tried());
        assert_eq!(tried.session, dealt.session);
        assert_eq!(tried.ui.version, dealt.ui.version);
        // The right one is made, and the word goes.
        let right: CardSet = "9S 8S 9C 8C 7C".parse().unwrap();
        let done = reduce(tried, TableAction::Act(Seat::A, Action::Discard(right)));
        assert!(!done.wrong_tried());
        assert_eq!(done.lesson_at(), Some(2));
        // The opponent's move waits until the player has read what the discard did.
        assert_eq!(done.scripted_due(), None);
        let early = reduce(
            done.clone(),
            TableAction::Scripted {
                at: done.ui.version,
            },
        );
        assert_eq!(early.session, done.session);
        let read = reduce(done, TableAction::Read);
        assert!(read.scripted_due().is_some());
        // A scripted move due at another version is stale: nothing happens.
        let stale = reduce(
            read.clone(),
            TableAction::Scripted {
                at: read.ui.version + 1,
            },
        );
        assert_eq!(stale.session, read.session);
        let moved = reduce(
            read.clone(),
            TableAction::Scripted {
                at: read.ui.version,
            },
        );
        assert_eq!(moved.lesson_at(), Some(3));
        assert_eq!(moved.session.to_act(), Some(Seat::A));
    }

    /// A random legal decision of whoever is to act (the next deal dealt when one is due).
    fn random_step(state: TableState, rng: &mut piquet_engine::SplitMix64) -> TableState {
        if state.session.needs_deal() {
            return reduce(state, TableAction::DealNext);
        }
        let deal = *state.session.deal().unwrap();
        let (seat, action) =
            piquet_engine::random::random_action(&deal, rng, &mut Vec::new()).unwrap();
        reduce(state, TableAction::Act(seat, action))
    }

    #[test]
    fn undo_takes_back_the_players_last_decision_with_the_computers_replies() {
        let mut rng = piquet_engine::SplitMix64::new(11);
        let mut state = TableState::new(session(11));
        let (mut unseen, mut replied, mut refused_exchange) = (0, 0, 0);
        for _ in 0..400 {
            if state.session.game.as_ref().unwrap().outcome().is_some() {
                break;
            }
            let before = state.clone();
            state = random_step(state, &mut rng);
            let actions = &state.session.record.deals.last().unwrap().actions;
            let Some(last) = actions
                .last()
                .filter(|_| before.session.to_act() == Some(Seat::A))
            else {
                continue;
            };
            let undone = Rc::new(state.clone()).reduce(TableAction::Undo);
            match last.action {
                // The exchange stands: its cards have been seen.
                Action::Discard(_) | Action::LookAtLeftover(_) => {
                    refused_exchange += 1;
                    assert_eq!(state.undo_point(), None);
                    assert!(Rc::ptr_eq(
                        &undone,
                        &undone.clone().reduce(TableAction::Undo)
                    ));
                    continue;
                }
                _ if state.session.deal().is_some() && state.session.needs_deal() => {
                    // The last card of a deal: the deal is over and scored, nothing to take back.
                    assert_eq!(undone.session, state.session);
                    continue;
                }
                _ => {}
            }
            // Before the computer has seen it: the decision alone goes.
            assert_eq!(undone.session.record, before.session.record);
            assert_eq!(undone.session.undos, 1);
            assert!(undone.ui.version > state.ui.version, "a new version");
            assert!(undone.ui.toasts.is_empty() && undone.ui.last_events.is_empty());
            assert_eq!(undone.session.to_act(), Some(Seat::A));
            unseen += 1;
            // After the computer's replies (up to the player's turn again): they go with it.
            let mut later = state.clone();
            while later.session.to_act() == Some(Seat::B) {
                later = random_step(later, &mut rng);
            }
            if later.session.to_act() == Some(Seat::A)
                && later.session.record.deals.len() == before.session.record.deals.len()
                && later.session.record != state.session.record
            {
                let undone = reduce(later, TableAction::Undo);
                assert_eq!(undone.session.record, before.session.record);
                replied += 1;
            }
        }
        assert!(
            unseen > 5 && replied > 3 && refused_exchange > 0,
            "{unseen} {replied} {refused_exchange}"
        );
        // Never in pass-and-play, nor in a lesson.
        let mut human = (*session(3)).clone();
        human.config.opponent = Opponent::Human;
        assert_eq!(TableState::new(Rc::new(human)).undo_point(), None);
        assert_eq!(small_lesson().undo_point(), None);
    }

    #[test]
    fn a_forced_card_plays_by_itself_only_at_its_version() {
        let mut rng = piquet_engine::SplitMix64::new(5);
        let mut state = TableState::new(session(5));
        let mut played = 0;
        for _ in 0..300 {
            if let Some(card) = state.forced_play() {
                let at = state.ui.version;
                // Too late (the table moved on): nothing.
                let stale = Rc::new(state.clone()).reduce(TableAction::PlayForced { at: at + 1 });
                assert_eq!(stale.session, state.session);
                state = reduce(state, TableAction::PlayForced { at });
                let actions = &state.session.record.deals.last().unwrap().actions;
                let last = actions.last().unwrap();
                assert_eq!((last.seat, last.action), (Seat::A, Action::Play(card)));
                // The same card touched as it went: nothing more, and no error.
                let tapped = reduce(state.clone(), TableAction::Act(Seat::A, Action::Play(card)));
                assert_eq!(tapped.session, state.session);
                assert!(tapped.error.is_none());
                played += 1;
                continue;
            }
            if state.session.game.as_ref().unwrap().outcome().is_some() {
                break;
            }
            // Nothing forced: nothing plays by itself.
            let same = Rc::new(state.clone());
            assert!(Rc::ptr_eq(
                &same,
                &same.clone().reduce(TableAction::PlayForced {
                    at: state.ui.version
                })
            ));
            state = random_step(state, &mut rng);
        }
        assert!(played > 2, "{played}");
    }

    #[test]
    fn an_action_out_of_turn_changes_nothing_and_says_nothing() {
        let state = TableState::new(elder_a());
        let hand = state.session.view(Seat::A).unwrap().hand;
        let one: CardSet = hand.into_iter().take(1).collect();
        let moved = reduce(state, TableAction::Act(Seat::A, Action::Discard(one)));
        assert_eq!(moved.session.to_act(), Some(Seat::B));
        // The same key pressed again before the page redrew: B is to act.
        let again = reduce(
            moved.clone(),
            TableAction::Act(Seat::A, Action::Discard(one)),
        );
        assert_eq!(again.session, moved.session);
        assert_eq!(again.ui.version, moved.ui.version);
        assert!(again.error.is_none());
    }
}
