//! The replay viewer's state and its reducer (its [`crate::Reduce`] impl): the record opened (a
//! cursor through it), how its cards are shown, autoplay, the review open, and the problems to
//! report (a record that could not be opened, a host's `goto` that found no position). What the
//! viewer shows of it is [`crate::replay_model`]'s.

use std::rc::Rc;

use piquet_engine::cursor::{Position, ReplayCursor};
use piquet_engine::{Record, Seat};

use crate::embed::{self, GotoProblem, GotoTarget, Step};
use crate::records::LoadProblem;

/// A record handed to the viewer (or why it could not be read), with a title.
pub type Incoming = Rc<(Result<Record, LoadProblem>, Option<String>)>;

/// How the cards are shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ViewMode {
    /// Every card face up.
    Open,
    /// What this seat saw.
    Seat(Seat),
}

impl ViewMode {
    /// The seat whose view this is, if any.
    pub fn seat(self) -> Option<Seat> {
        match self {
            ViewMode::Seat(s) => Some(s),
            ViewMode::Open => None,
        }
    }
}

/// A move of the cursor, from the controls, the keyboard or the host page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goto {
    Forward,
    Back,
    Start,
    End,
    /// A flat position, `0..len`.
    Index(usize),
    /// The start of a deal (0-based).
    Deal(usize),
    /// A deal (0-based) and the number of its actions made.
    Action(usize, usize),
    /// A deal (0-based) and a trick (1..=12), about to be led.
    Trick(usize, u8),
    /// Where the host page asks to go, its numbers unconverted (they are compared with the
    /// record's own: a refusal goes back to the host, and the reader sees nothing of it).
    Host(GotoTarget),
}

/// What the viewer reports after every move (the embedded table posts it to its host).
impl Goto {
    /// The move a host's step message asks for.
    pub fn of_step(step: Step) -> Goto {
        match step {
            Step::Next => Goto::Forward,
            Step::Previous => Goto::Back,
            Step::First => Goto::Start,
            Step::Last => Goto::End,
        }
    }

    /// The move a key asks for: ←/→ step, Home/End jump.
    pub fn of_key(key: &str) -> Option<Goto> {
        match key {
            "ArrowRight" => Some(Goto::Forward),
            "ArrowLeft" => Some(Goto::Back),
            "Home" => Some(Goto::Start),
            "End" => Some(Goto::End),
            _ => None,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct ReplayReport {
    pub index: usize,
    pub len: usize,
    pub deal: usize,
    pub actions: usize,
    pub deal_points: [u16; 2],
    pub totals: [u16; 2],
    pub tricks: [u8; 2],
    pub players: [String; 2],
    /// At the last position of a record whose game is over: the winner's seat.
    pub game_over: Option<Option<Seat>>,
    /// The deal's phase (`embed::phase_id`), none before the first deal.
    pub phase: Option<&'static str>,
    /// Whose turn it is (`embed::seat_id`).
    pub turn: Option<&'static str>,
    /// The commentary at the position (the comment, else the technical note), in the
    /// report's language.
    pub commentary: Option<String>,
}

/// The viewer's state: the record opened (if any) and how it is shown.
#[derive(Clone)]
pub struct ReplayState {
    pub cursor: Option<Rc<ReplayCursor>>,
    pub title: Option<String>,
    /// Why the last record could not be opened, numbered so that each failure is reported:
    /// shown once, in one dismissible line.
    pub error: Option<(u64, LoadProblem)>,
    /// The host's last `goto` that found no position, numbered so that each one is reported.
    pub refused: Option<(u64, GotoProblem)>,
    pub view: ViewMode,
    pub autoplay: bool,
    /// Bumped at every move, so that effects follow it.
    pub moves: u64,
    /// The review of this deal (from 0) is open.
    pub review: Option<usize>,
}

/// Where a viewer that opens a record again stands: the position, whose cards are shown, and
/// the deal whose review is open (the embedded replay's hand-over of a review,
/// [`crate::handover`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reopen {
    /// A flat position, `0..len`.
    pub index: usize,
    pub view: ViewMode,
    pub review: Option<usize>,
}

pub enum ReplayAction {
    /// A record to open, with where it came from; its errors are named.
    Open(Result<Box<Record>, LoadProblem>, Option<String>),
    /// The record open, at a position, its view and its review as they were.
    Reopen(Reopen),
    Error(LoadProblem),
    DismissError,
    Move(Goto),
    View(ViewMode),
    Autoplay(bool),
    /// Opens the review of a deal (from 0), or closes it.
    Review(Option<usize>),
}

impl Default for ReplayState {
    /// No record open, every card face up.
    fn default() -> Self {
        ReplayState {
            cursor: None,
            title: None,
            error: None,
            refused: None,
            view: ViewMode::Open,
            autoplay: false,
            moves: 0,
            review: None,
        }
    }
}

impl ReplayState {
    /// The viewer's move (the reducer's [`ReplayAction::Move`], which the embedded replay's
    /// light first stage makes without the rest of the reducer): the cursor moved, or autoplay
    /// stopped at the end, or the host's position refused (`refused`, numbered).
    pub fn go(&mut self, goto: Goto) {
        let Some(cursor) = &self.cursor else {
            return;
        };
        let mut c = (**cursor).clone();
        match step(&mut c, goto) {
            Ok(true) => {
                self.cursor = Some(Rc::new(c));
                self.moves += 1;
            }
            Ok(false) => self.autoplay = false,
            Err(problem) => {
                let n = self.refused.as_ref().map_or(0, |r| r.0) + 1;
                self.refused = Some((n, problem));
            }
        }
    }

    fn fail(&mut self, problem: LoadProblem) {
        let n = self.error.as_ref().map_or(0, |e| e.0) + 1;
        self.error = Some((n, problem));
    }
}

impl crate::Reduce for ReplayState {
    type Action = ReplayAction;

    /// The viewer after `action`: the same `Rc` when a move finds no record open. Yew's
    fn reduce(self: Rc<Self>, action: ReplayAction) -> Rc<Self> {
        let mut next = (*self).clone();
        match action {
            ReplayAction::Open(Ok(record), title) => match ReplayCursor::new(&record) {
                Ok(c) => {
                    next.cursor = Some(Rc::new(c));
                    next.title = title;
                    next.error = None;
                    next.moves += 1;
                    next.autoplay = false;
                }
                Err(e) => next.fail(LoadProblem::record(title.as_deref(), e)),
            },
            ReplayAction::Open(Err(e), _) | ReplayAction::Error(e) => next.fail(e),
            ReplayAction::DismissError => next.error = None,
            ReplayAction::Move(goto) => {
                if next.cursor.is_none() {
                    return self;
                }
                next.go(goto);
            }
            ReplayAction::Reopen(at) => {
                let Some(cursor) = &next.cursor else {
                    return self;
                };
                let mut c = (**cursor).clone();
                if c.seek(at.index) {
                    next.cursor = Some(Rc::new(c));
                    next.moves += 1;
                }
                next.view = at.view;
                next.review = at.review;
                next.autoplay = false;
            }
            ReplayAction::View(v) => next.view = v,
            ReplayAction::Autoplay(on) => next.autoplay = on,
            ReplayAction::Review(deal) => {
                next.review = deal;
                next.autoplay = false;
            }
        }
        Rc::new(next)
    }
}

/// Moves `cursor` as `goto` asks: whether it moved, or why the host's position was refused.
fn step(c: &mut ReplayCursor, goto: Goto) -> Result<bool, GotoProblem> {
    Ok(match goto {
        Goto::Forward => c.forward(),
        Goto::Back => c.back(),
        Goto::Start => {
            c.to_start();
            true
        }
        Goto::End => {
            c.to_end();
            true
        }
        Goto::Index(i) => c.seek(i),
        Goto::Deal(d) => c.goto_deal(d),
        Goto::Action(deal, actions) => c.goto(Position { deal, actions }),
        Goto::Trick(d, t) => c.goto_trick(d, t),
        Goto::Host(target) => {
            embed::goto(c, target)?;
            true
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Reduce;
    use crate::records::HISTORICAL;

    fn opened() -> Rc<ReplayState> {
        let record = Record::parse(HISTORICAL[0].text()).unwrap();
        Rc::new(ReplayState::default())
            .reduce(ReplayAction::Open(Ok(Box::new(record)), Some("t".into())))
    }

    #[test]
    fn a_record_reopened_stands_where_it_was_left() {
        let at = Reopen {
            index: 9,
            view: ViewMode::Seat(Seat::B),
            review: Some(0),
        };
        let s = opened().reduce(ReplayAction::Reopen(at));
        let c = s.cursor.as_ref().unwrap();
        assert_eq!(c.index(), 9);
        assert_eq!((s.view, s.review), (at.view, Some(0)));
        // A position the record does not have leaves the cursor, not the view.
        let far = Reopen {
            index: 100_000,
            ..at
        };
        let s = opened().reduce(ReplayAction::Reopen(far));
        assert_eq!(s.cursor.as_ref().unwrap().index(), 0);
        assert_eq!(s.view, at.view);
        // Without a record, nothing.
        let empty = Rc::new(ReplayState::default());
        assert!(Rc::ptr_eq(
            &empty.clone().reduce(ReplayAction::Reopen(at)),
            &empty
        ));
    }

    #[test]
    fn a_move_without_a_record_changes_nothing() {
        let s = Rc::new(ReplayState::default());
        let next = s.clone().reduce(ReplayAction::Move(Goto::Forward));
        assert!(Rc::ptr_eq(&s, &next));
    }

    #[test]
    fn opening_and_stepping_count_moves_and_stop_autoplay_at_the_ends() {
        let s = opened();
        assert_eq!((s.moves, s.title.as_deref()), (1, Some("t")));
        let s = s.reduce(ReplayAction::Autoplay(true));
        let s = s.reduce(ReplayAction::Move(Goto::Back));
        assert_eq!(
            (s.moves, s.autoplay),
            (1, false),
            "nothing before the start"
        );
        let s = s.reduce(ReplayAction::Move(Goto::Forward));
        assert_eq!((s.moves, s.cursor.as_ref().unwrap().index()), (2, 1));
        let s = s.reduce(ReplayAction::Move(Goto::End));
        let c = s.cursor.as_ref().unwrap();
        assert_eq!(c.index() + 1, c.len());
    }

    #[test]
    fn each_failure_and_refusal_is_numbered() {
        let s = Rc::new(ReplayState::default())
            .reduce(ReplayAction::Error(LoadProblem::NothingPasted))
            .reduce(ReplayAction::Open(Err(LoadProblem::NothingPasted), None));
        assert_eq!(s.error, Some((2, LoadProblem::NothingPasted)));
        let s = s.reduce(ReplayAction::DismissError);
        assert_eq!(s.error, None);
        let s = opened().reduce(ReplayAction::Move(Goto::Host(GotoTarget::Index(u64::MAX))));
        assert_eq!(s.refused.map(|r| r.0), Some(1));
        assert_eq!(s.moves, 1);
    }
}
