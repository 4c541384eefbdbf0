//! What every table's interface knows beside its game, the same for a game on this device
//! ([`crate::state::TableState`]) and a game between two devices
//! ([`crate::online_table::OnlineTable`]): the choice being made (the discards selected, the
//! option chosen), what lies over the table, the scores as they come and a pic to celebrate,
//! the last trick looked at again, the card last refused and why ([`TableUi`]); and what can be
//! touched at a table ([`TableAction`]). Each table owns one [`TableUi`], tells it when the game
//! it shows has changed ([`TableUi::changed`]) and hands it what only the interface knows
//! ([`TableUi::interface`]); what is the game's own (a decision, the computer's answer, a
//! message of the server) stays with each table.

use piquet_engine::{Action, Card, CardSet, Event, IllegalAction, ScoreReason, Seat};

use crate::model::{ScoreLine, score_lines};
use crate::seen::Seen;
use crate::stored::Unread;
use crate::wire;

/// Scores shown beside the seats stay for this many changes of the game (and at least as
/// long as their animation, `table.css`'s `toast`): long enough to read, never piling up.
pub const TOAST_CHANGES: u64 = 3;

/// One change of a seat's count, shown beside it for a few seconds: the scores of one
/// decision, by reason, holdings named.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Toast {
    /// The version of the table at which it was scored (its key: it never restarts).
    pub at: u64,
    /// Its position among the toasts of that version.
    pub n: usize,
    pub line: ScoreLine,
}

/// A card the player touched that cannot be played now, and the rule that says why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub at: u64,
    pub card: Card,
    pub why: IllegalAction,
}

/// What can lie over the table: a seat's count explained, the score sheet, the log, the export,
/// the table's menu (rules, settings, export, leave), the review of a deal (from 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overlay {
    Explain(Seat),
    Sheet,
    Log,
    Export,
    Menu,
    Review(usize),
}

/// What can happen at a table. A table on this device reduces them all; a table between two
/// devices sends the game's own (a decision, the cut's choice, the next deal) to the server and
/// reduces what only the interface knows.
#[derive(Clone, Debug, PartialEq)]
pub enum TableAction {
    Act(Seat, Action),
    /// The only card the seat on screen may play, played by itself after a short pause (the
    /// settings' option), if the table is still at this version.
    PlayForced {
        at: u64,
    },
    /// « Annuler mon coup »: the player's last decision taken back, with whatever the computer
    /// did since (`TableState::undo_point`).
    Undo,
    Computer {
        at: u64,
        answer: wire::Answer,
    },
    Hint {
        at: u64,
        answer: wire::Answer,
    },
    HintAsked,
    Thinking,
    Toggle(Card),
    Choose(usize),
    /// Undo within the pending choice: the selection and the choice go back to their defaults.
    ResetChoice,
    /// A card that cannot be played now was touched: say why.
    Refuse(Card),
    DealNext,
    /// A lesson's cut: the player draws his card (the lesson's draws are then shown).
    Cut,
    ChooseDealer(bool),
    TakeOver,
    ToggleLastTrick,
    Explain(Option<Seat>),
    Sheet(bool),
    Log(bool),
    Export(bool),
    Menu(bool),
    /// Opens the review of a finished deal (from 0), or closes it.
    Review(Option<usize>),
    Retry,
    /// A lesson: the opponent's move, due at this version of the table.
    Scripted {
        at: u64,
    },
    /// A lesson: the player has read what the last move did (« Continuer »).
    Read,
    /// A lesson: the coach's words go in a sheet over the table (`true`: they do not fit
    /// beside the panel, or the player asks to read them again), or the player has read them
    /// there (`false`): `crate::state::CoachMode`.
    CoachSheet(bool),
    /// Saved data was not read whole (set aside): say so.
    Unread(Unread),
    /// The player closed the notice of [`TableAction::Unread`].
    DismissUnread,
}

/// The scores shown as they come after a change at `version` that caused `events`: a toast
/// per score beside its seat (the old ones expire after [`TOAST_CHANGES`]), and a pic, repic or
/// capot to celebrate.
fn follow_scores(
    toasts: &mut Vec<Toast>,
    celebrate: &mut Option<(u64, Seat, ScoreReason)>,
    version: u64,
    events: &[Event],
) {
    for e in events {
        if let Event::Scored {
            seat,
            reason: reason @ (ScoreReason::Pic | ScoreReason::Repic | ScoreReason::Capot),
            ..
        } = e
        {
            *celebrate = Some((version, *seat, *reason));
        }
    }
    toasts.retain(|t| t.at + TOAST_CHANGES > version && t.at != version);
    toasts.extend(
        score_lines(events, true)
            .into_iter()
            .enumerate()
            .map(|(n, line)| Toast {
                at: version,
                n,
                line,
            }),
    );
}

/// Opens or closes what lies over the table as `action` says (each kind at most once, the last
/// opened on top). Returns whether `action` was one of those.
fn put_overlay(overlays: &mut Vec<Overlay>, action: &TableAction) -> bool {
    let (opened, of_kind): (Option<Overlay>, fn(&Overlay) -> bool) = match *action {
        TableAction::Explain(seat) => (seat.map(Overlay::Explain), |o| {
            matches!(o, Overlay::Explain(_))
        }),
        TableAction::Sheet(open) => (open.then_some(Overlay::Sheet), |o| *o == Overlay::Sheet),
        TableAction::Log(open) => (open.then_some(Overlay::Log), |o| *o == Overlay::Log),
        TableAction::Export(open) => (open.then_some(Overlay::Export), |o| *o == Overlay::Export),
        TableAction::Menu(open) => (open.then_some(Overlay::Menu), |o| *o == Overlay::Menu),
        TableAction::Review(deal) => (deal.map(Overlay::Review), |o| {
            matches!(o, Overlay::Review(_))
        }),
        _ => return false,
    };
    overlays.retain(|o| !of_kind(o));
    overlays.extend(opened);
    true
}

/// What a table's interface knows beside its game.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TableUi {
    /// Bumped at every change of the game shown: saves, sounds, the focus, announcements and
    /// the computer's turn follow it; the toasts and a refusal are keyed on it.
    pub version: u64,
    /// Cards selected for the discard.
    pub selection: CardSet,
    /// The declaration option chosen (index in the decision's options).
    pub choice: Option<usize>,
    /// The events the last change brought, announced and animated.
    pub last_events: Vec<Event>,
    /// Cards the seat on screen just drew from the talon (each table knows how).
    pub drawn: CardSet,
    /// The last trick is looked at again in the middle of the table.
    pub show_last_trick: bool,
    /// What lies over the table, in the order it was opened (each kind at most once).
    pub overlays: Vec<Overlay>,
    /// A pic, repic or capot to celebrate, with the version it happened at.
    pub celebrate: Option<(u64, Seat, ScoreReason)>,
    /// Scores of the last few changes, shown beside the seats.
    pub toasts: Vec<Toast>,
    /// The last card refused, and why.
    pub refusal: Option<Refusal>,
}

impl TableUi {
    /// The game shown has changed, with these events: a new version; the choice being made,
    /// the last trick looked at and a refusal belong to the position before and go; the
    /// scores come as toasts.
    pub fn changed(&mut self, events: Vec<Event>) {
        self.version += 1;
        self.selection = CardSet::EMPTY;
        self.choice = None;
        self.show_last_trick = false;
        self.refusal = None;
        follow_scores(&mut self.toasts, &mut self.celebrate, self.version, &events);
        self.last_events = events;
    }

    /// The game shown was taken back (« Annuler mon coup »): a new version, and nothing of
    /// what came after is shown any more (its scores, its celebration, its events).
    pub fn taken_back(&mut self) {
        self.toasts.clear();
        self.celebrate = None;
        self.changed(Vec::new());
    }

    /// What only the interface knows: the choice being made, what lies over the table, the
    /// last trick looked at, a card refused (why, from what `seen`'s seat knows). Returns
    /// whether `action` was one of those (the game's own actions are each table's).
    pub fn interface(&mut self, action: &TableAction, seen: Option<&Seen>) -> bool {
        if put_overlay(&mut self.overlays, action) {
            return true;
        }
        match *action {
            TableAction::Toggle(card) => {
                if self.selection.contains(card) {
                    self.selection.remove(card);
                } else {
                    self.selection.insert(card);
                }
            }
            TableAction::Choose(i) => self.choice = Some(i),
            TableAction::ResetChoice => {
                self.selection = CardSet::EMPTY;
                self.choice = None;
            }
            TableAction::Refuse(card) => {
                self.refusal = seen.and_then(|s| s.refusal(card)).map(|why| Refusal {
                    at: self.version,
                    card,
                    why,
                });
            }
            TableAction::ToggleLastTrick => self.show_last_trick = !self.show_last_trick,
            _ => return false,
        }
        true
    }

    /// Whether an overlay without data (the sheet, the log, the export, the menu) is open.
    pub fn is_open(&self, overlay: Overlay) -> bool {
        self.overlays.contains(&overlay)
    }

    /// The seat whose count is explained, if that is open.
    pub fn explaining(&self) -> Option<Seat> {
        self.overlays.iter().find_map(|o| match *o {
            Overlay::Explain(seat) => Some(seat),
            _ => None,
        })
    }

    /// The deal under review (from 0), if that is open.
    pub fn reviewing(&self) -> Option<usize> {
        self.overlays.iter().find_map(|o| match *o {
            Overlay::Review(deal) => Some(deal),
            _ => None,
        })
    }

    /// The card refused at this very position, if any (a refusal goes with the next change).
    pub fn refusal_now(&self) -> Option<&Refusal> {
        self.refusal.as_ref().filter(|r| r.at == self.version)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overlays_open_on_top_each_kind_once_and_close_alone() {
        let mut ui = TableUi::default();
        for a in [
            TableAction::Sheet(true),
            TableAction::Review(Some(0)),
            TableAction::Explain(Some(Seat::A)),
            TableAction::Explain(Some(Seat::B)),
        ] {
            assert!(ui.interface(&a, None));
        }
        assert_eq!(
            ui.overlays,
            [
                Overlay::Sheet,
                Overlay::Review(0),
                Overlay::Explain(Seat::B)
            ]
        );
        assert_eq!(ui.explaining(), Some(Seat::B));
        ui.interface(&TableAction::Review(None), None);
        assert_eq!(ui.reviewing(), None);
        assert!(ui.is_open(Overlay::Sheet));
        ui.interface(&TableAction::Sheet(false), None);
        ui.interface(&TableAction::Explain(None), None);
        assert!(ui.overlays.is_empty());
        // The game's own actions are not the interface's.
        assert!(!ui.interface(&TableAction::DealNext, None));
        assert!(!ui.interface(&TableAction::Undo, None));
    }

    #[test]
    fn toasts_follow_the_changes_and_expire() {
        let mut ui = TableUi::default();
        let lead = Event::Scored {
            seat: Seat::A,
            points: 1,
            reason: ScoreReason::LeadScoringCard,
        };
        ui.changed(vec![lead, lead]);
        assert_eq!(ui.toasts.len(), 1, "two leads of one change are one toast");
        assert_eq!(ui.toasts[0].line.points, 2);
        for _ in 0..TOAST_CHANGES {
            ui.changed(Vec::new());
        }
        assert!(ui.toasts.is_empty(), "{:?}", ui.toasts);
    }

    #[test]
    fn a_change_ends_the_choice_and_the_refusal() {
        let mut ui = TableUi::default();
        let card: Card = "KH".parse().unwrap();
        ui.interface(&TableAction::Toggle(card), None);
        ui.interface(&TableAction::Choose(2), None);
        ui.interface(&TableAction::ToggleLastTrick, None);
        ui.refusal = Some(Refusal {
            at: ui.version,
            card,
            why: IllegalAction::MustFollowSuit,
        });
        assert_eq!(ui.selection, card.set());
        assert!(ui.refusal_now().is_some());
        ui.changed(Vec::new());
        assert_eq!(ui.version, 1);
        assert!(ui.selection.is_empty() && ui.choice.is_none() && !ui.show_last_trick);
        assert!(ui.refusal_now().is_none());
    }
}
