//! A replay cursor over a [`Record`]: step forward and back over every action
//! of every deal, jump to a deal or a trick, and at each step read the state
//! (the game, each seat's observation, or the open-hand view), the events of
//! that step with their rule references, the running counts and the comment
//! attached. Pure and deterministic; this is what a replay viewer calls.
//!
//! Positions: deal *d* has `actions + 1` positions, from "dealt, nothing done"
//! (`Position { deal: d, actions: 0 }`) to "every recorded action of the deal
//! made". A record without deals has the single position `{ deal: 0, actions: 0 }`.
//!
//! Cost: the game at the start of every deal is kept; a step forward applies
//! one action, and any other move replays from the start of the deal (at most
//! some sixty actions, a few microseconds: numbers in docs/record-format.md).
//!
//! ```
//! use piquet_engine::{Record, cursor::ReplayCursor};
//! let json = include_str!("../../cli/tests/data/first-deal.json");
//! let rec = Record::from_json(json).unwrap();
//! let mut c = ReplayCursor::new(&rec).unwrap();
//! assert_eq!(c.comment(), None);
//! assert!(c.forward());
//! // A version 1 record: its comments are in no stated language.
//! let comment = c.comment().unwrap();
//! assert_eq!(comment.pick("en", &[]), Some(("und", "Bruno keeps his quinte and his aces")));
//! c.to_end();
//! assert_eq!(c.counts().deal_points, [0, 95]);
//! assert!(c.back());
//! assert_eq!(c.counts().deal_points, [0, 94]);
//! ```

use crate::card::{Card, CardSet};
use crate::deal::Deal;
use crate::event::{Event, NoEvents};
use crate::game::{Game, GameObservation};
use crate::observation::Observation;
use crate::phase::Phase;
use crate::record::{Localized, Record, RecordError, RecordedAction};
use crate::seat::Seat;
use serde::{Deserialize, Serialize};

/// Where the cursor stands: a deal and how many of its actions are made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Position {
    /// Deal index, 0-based.
    pub deal: usize,
    /// Actions of that deal already made (0 = just dealt).
    pub actions: usize,
}

/// The running counts at a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Counts {
    /// Points of the current deal so far, per seat index (the count said aloud, Art. 19).
    pub deal_points: [u16; 2],
    /// Totals of the current game (Rubicon: the partie), per seat index; a deal
    /// is added once it is over.
    pub totals: [u16; 2],
    /// Games won, per seat index (cent match).
    pub games_won: [u8; 2],
    /// Tricks won in the current deal, per seat index.
    pub tricks_won: [u8; 2],
    /// Tricks completed in the current deal (0..=12).
    pub tricks_played: u8,
}

/// Everything on the table, face up: for the open-hand view of a replay.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpenView {
    /// Who deals.
    pub dealer: Seat,
    /// The phase.
    pub phase: Phase,
    /// Whose decision it is.
    pub to_act: Option<Seat>,
    /// Hands now, per seat index.
    pub hands: [CardSet; 2],
    /// The twelve cards dealt, per seat index.
    pub dealt: [CardSet; 2],
    /// Discards, per seat index.
    pub discards: [CardSet; 2],
    /// Talon cards not drawn, top first.
    pub talon: Vec<Card>,
    /// Cards shown to the opponent, per seat index.
    pub shown: [CardSet; 2],
    /// Cards played, in order, with who played them.
    pub plays: Vec<(Seat, Card)>,
    /// The trick in progress: its leader and led card.
    pub current_trick: (Seat, Option<Card>),
}

impl OpenView {
    /// The open view of a deal.
    pub fn of(deal: &Deal) -> OpenView {
        let both = |f: &dyn Fn(Seat) -> CardSet| [f(Seat::A), f(Seat::B)];
        OpenView {
            dealer: deal.dealer(),
            phase: deal.phase(),
            to_act: deal.to_act(),
            hands: both(&|s| deal.hand(s)),
            dealt: both(&|s| deal.dealt(s)),
            discards: both(&|s| deal.discards(s)),
            talon: deal.talon_remaining().collect(),
            shown: both(&|s| deal.shown(s)),
            plays: deal.plays_with_seats(),
            current_trick: deal.current_trick(),
        }
    }
}

/// A record opened for stepping. Built by [`ReplayCursor::new`], which replays
/// the whole record once (so a bad record is refused up front, with the same
/// [`RecordError`] as [`Record::replay`]).
#[derive(Debug, Clone)]
pub struct ReplayCursor {
    record: Record,
    /// The game before any deal.
    start: Game,
    /// The game at the start of each deal (dealt, no action).
    deal_starts: Vec<Game>,
    /// Flat index of each deal's first position.
    offsets: Vec<usize>,
    /// Action indices of the `Play` actions, per deal.
    plays: Vec<Vec<usize>>,
    /// Every event, in order.
    events: Vec<Event>,
    /// Per flat position, the start of its step's events in `events` (a deal's
    /// start has an empty step), then one past the end.
    event_starts: Vec<usize>,
    /// Current flat index.
    index: usize,
    /// The game at `index`.
    game: Game,
    /// The deal at `index`, kept after its end (the game drops a finished deal).
    deal: Option<Deal>,
}

impl ReplayCursor {
    /// Replays `record` and stands at its first position.
    pub fn new(record: &Record) -> Result<ReplayCursor, RecordError> {
        let rules = record.resolved_rules()?;
        let mut game = record.starting_game(rules)?;
        let start = game.clone();
        let mut deal_starts = Vec::with_capacity(record.deals.len());
        let mut offsets = Vec::with_capacity(record.deals.len());
        let mut plays = Vec::with_capacity(record.deals.len());
        let mut events = Vec::new();
        let mut event_starts = Vec::new();
        for (i, d) in record.deals.iter().enumerate() {
            if !game.needs_deal() {
                return Err(RecordError::Extra {
                    deal: i,
                    action: None,
                });
            }
            game.start_deal(d.layout.clone())
                .map_err(|e| RecordError::Layout {
                    deal: i,
                    problem: e.problem,
                })?;
            offsets.push(event_starts.len());
            deal_starts.push(game.clone());
            event_starts.push(events.len());
            let mut p = Vec::new();
            for (j, a) in d.actions.iter().enumerate() {
                if game.deal().is_none() {
                    return Err(RecordError::Extra {
                        deal: i,
                        action: Some(j),
                    });
                }
                event_starts.push(events.len());
                game.apply_with(a.seat, a.action, &mut events)
                    .map_err(|error| RecordError::Action {
                        deal: i,
                        action: j,
                        error,
                    })?;
                if matches!(a.action, crate::Action::Play(_)) {
                    p.push(j);
                }
            }
            plays.push(p);
        }
        if record.deals.is_empty() {
            event_starts.push(0);
        }
        event_starts.push(events.len());
        let game = deal_starts
            .first()
            .cloned()
            .unwrap_or_else(|| start.clone());
        let deal = game.deal().copied();
        Ok(ReplayCursor {
            record: record.clone(),
            start,
            deal_starts,
            offsets,
            plays,
            events,
            event_starts,
            index: 0,
            game,
            deal,
        })
    }

    /// The record being replayed.
    pub fn record(&self) -> &Record {
        &self.record
    }

    /// Number of positions (at least 1).
    pub fn len(&self) -> usize {
        self.event_starts.len() - 1
    }

    /// Never true: there is always a first position.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The flat index of the current position, `0..len()`.
    pub fn index(&self) -> usize {
        self.index
    }

    /// The current position.
    pub fn position(&self) -> Position {
        self.position_of(self.index)
    }

    fn position_of(&self, index: usize) -> Position {
        let deal = self
            .offsets
            .partition_point(|&o| o <= index)
            .saturating_sub(1);
        let base = self.offsets.get(deal).copied().unwrap_or(0);
        Position {
            deal,
            actions: index - base,
        }
    }

    /// The flat index of a position, if the record has it.
    pub fn index_of(&self, p: Position) -> Option<usize> {
        if self.record.deals.is_empty() {
            return (p == Position::default()).then_some(0);
        }
        let d = self.record.deals.get(p.deal)?;
        (p.actions <= d.actions.len()).then(|| self.offsets[p.deal] + p.actions)
    }

    /// The game at this position (after the last action of a deal, the deal is
    /// scored and [`Game::deal`] is `None`; see [`ReplayCursor::deal`]).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The deal at this position, finished or not (`None` only without deals).
    pub fn deal(&self) -> Option<&Deal> {
        self.deal.as_ref()
    }

    /// What `seat` may know of the game (the score sheet and the deal in progress).
    pub fn observation(&self, seat: Seat) -> GameObservation {
        self.game.observation(seat)
    }

    /// What `seat` may know of the deal at this position, finished or not.
    pub fn deal_observation(&self, seat: Seat) -> Option<Observation> {
        self.deal.as_ref().map(|d| d.observation(seat))
    }

    /// Every card face up.
    pub fn open_view(&self) -> Option<OpenView> {
        self.deal.as_ref().map(OpenView::of)
    }

    /// The action that led to this position (`None` at a deal's start).
    pub fn last_action(&self) -> Option<&RecordedAction> {
        let p = self.position();
        let k = p.actions.checked_sub(1)?;
        self.record.deals.get(p.deal)?.actions.get(k)
    }

    /// The events of the step that led here (none at a deal's start); each
    /// [`Event::Scored`] carries its [`crate::ScoreReason`] and so its article.
    pub fn events(&self) -> &[Event] {
        &self.events[self.event_starts[self.index]..self.event_starts[self.index + 1]]
    }

    /// The events of the step that `seat` may see (a peek is private).
    pub fn events_for(&self, seat: Seat) -> impl Iterator<Item = &Event> {
        self.events()
            .iter()
            .filter(move |e| e.audience().is_none_or(|s| s == seat))
    }

    /// Every event of the current deal up to this position (the event log).
    pub fn deal_log(&self) -> &[Event] {
        let p = self.position();
        let first = self.offsets.get(p.deal).copied().unwrap_or(0);
        &self.events[self.event_starts[first]..self.event_starts[self.index + 1]]
    }

    /// The comment shown at this position, in every language it was written in: the deal's
    /// opening comment at its start, else the comment of the action that led here.
    pub fn comment(&self) -> Option<&Localized> {
        let p = self.position();
        match p.actions {
            0 => self.record.deal_comment(p.deal),
            k => self.record.action_comment(p.deal, k - 1),
        }
    }

    /// The technical note at this position (kept apart from the commentary), like
    /// [`ReplayCursor::comment`].
    pub fn note(&self) -> Option<&Localized> {
        let p = self.position();
        match p.actions {
            0 => self.record.deal_note(p.deal),
            k => self.record.action_note(p.deal, k - 1),
        }
    }

    /// The running counts.
    pub fn counts(&self) -> Counts {
        let mut c = Counts {
            totals: self.game.totals(),
            games_won: self.game.games_won(),
            ..Counts::default()
        };
        if let Some(d) = &self.deal {
            c.deal_points = [d.score(Seat::A), d.score(Seat::B)];
            c.tricks_won = [d.tricks_won(Seat::A), d.tricks_won(Seat::B)];
            c.tricks_played = d.tricks_played();
        }
        c
    }

    /// Steps forward one action (or to the next deal); false at the end.
    pub fn forward(&mut self) -> bool {
        if self.index + 1 >= self.len() {
            return false;
        }
        let p = self.position_of(self.index + 1);
        if p.actions == 0 {
            self.set_deal_start(p.deal);
        } else {
            let a = &self.record.deals[p.deal].actions[p.actions - 1];
            step(&mut self.game, &mut self.deal, a);
        }
        self.index += 1;
        true
    }

    /// Steps back one action; false at the start.
    pub fn back(&mut self) -> bool {
        if self.index == 0 {
            return false;
        }
        self.seek(self.index - 1)
    }

    /// Goes to a flat index; false (and no move) if out of range.
    pub fn seek(&mut self, index: usize) -> bool {
        if index >= self.len() {
            return false;
        }
        if index == self.index + 1 {
            return self.forward();
        }
        let p = self.position_of(index);
        self.set_deal_start(p.deal);
        if let Some(d) = self.record.deals.get(p.deal) {
            for a in &d.actions[..p.actions] {
                step(&mut self.game, &mut self.deal, a);
            }
        }
        self.index = index;
        true
    }

    /// Goes to a position; false if the record has no such position.
    pub fn goto(&mut self, p: Position) -> bool {
        self.index_of(p).is_some_and(|i| self.seek(i))
    }

    /// Goes to the start of deal `deal` (0-based).
    pub fn goto_deal(&mut self, deal: usize) -> bool {
        self.goto(Position { deal, actions: 0 })
    }

    /// Goes to the moment trick `trick` (1..=12) of deal `deal` is about to be
    /// led; false if the record does not reach it.
    pub fn goto_trick(&mut self, deal: usize, trick: u8) -> bool {
        let Some(k) = trick.checked_sub(1).map(|t| 2 * usize::from(t)) else {
            return false;
        };
        match self.plays.get(deal).and_then(|p| p.get(k)) {
            Some(&actions) => self.goto(Position { deal, actions }),
            None => false,
        }
    }

    /// Tricks the record begins in deal `deal` (0 before the play).
    pub fn tricks_in_deal(&self, deal: usize) -> u8 {
        self.plays
            .get(deal)
            .map_or(0, |p| p.len().div_ceil(2).min(12) as u8)
    }

    /// Goes to the first position.
    pub fn to_start(&mut self) {
        self.seek(0);
    }

    /// Goes to the last position.
    pub fn to_end(&mut self) {
        self.seek(self.len() - 1);
    }

    fn set_deal_start(&mut self, deal: usize) {
        self.game = self
            .deal_starts
            .get(deal)
            .cloned()
            .unwrap_or_else(|| self.start.clone());
        self.deal = self.game.deal().copied();
    }
}

/// Applies a recorded action, already checked by [`ReplayCursor::new`], to the
/// game and to the copy of its deal.
fn step(game: &mut Game, deal: &mut Option<Deal>, a: &RecordedAction) {
    if let Some(d) = deal.as_mut() {
        let _ = d.apply_with(a.seat, a.action, &mut NoEvents);
    }
    let _ = game.apply_with(a.seat, a.action, &mut NoEvents);
}
