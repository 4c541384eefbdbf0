//! What a card-play problem is about ([`Theme`]): to the cards (the tricks and their
//! majority), the last trick, against (or for) a capot, to a pic. Read from the verdict
//! ([`theme_of`]): the best card and the next one are each played out with every card seen, both
//! seats playing the open-card solver's best card (the lowest of equal ones), and the theme is
//! the first outcome of the deal that differs between the two lines, in the order capot, pic, the
//! majority of the cards, the last trick; when none differs, the tricks' points alone make the
//! difference, and the theme is the cards.

use super::{Problem, ProblemKind, Verdict, parse_notation};
use crate::i18n::Text;
use piquet_ai::Solver;
use piquet_ai::review::open_values;
use piquet_engine::{Action, Deal, Event, Phase, ScoreReason, Seat};
use serde::{Deserialize, Serialize};
use std::fmt;

/// What a lead or a follow is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Theme {
    /// To the cards: the tricks, their points and the majority (« le dix des cartes »).
    Cards,
    /// The last trick.
    LastTrick,
    /// Against a capot, or to make one.
    Capot,
    /// To a pic (or against one).
    Pic,
}

impl Theme {
    /// Every theme, in the order the list shows them.
    pub const ALL: [Theme; 4] = [Theme::Cards, Theme::LastTrick, Theme::Capot, Theme::Pic];

    /// The stable id: `cards`, `last_trick`, `capot`, `pic`.
    pub fn id(self) -> &'static str {
        match self {
            Theme::Cards => "cards",
            Theme::LastTrick => "last_trick",
            Theme::Capot => "capot",
            Theme::Pic => "pic",
        }
    }

    /// The theme of id `id`.
    pub fn from_id(id: &str) -> Option<Theme> {
        Theme::ALL.into_iter().find(|t| t.id() == id)
    }

    /// The theme's name in the catalogue, as the problems' list labels it.
    pub fn name(self) -> Text {
        match self {
            Theme::Cards => Text::ThemeCards,
            Theme::LastTrick => Text::ThemeLastTrick,
            Theme::Capot => Text::ThemeCapot,
            Theme::Pic => Text::ThemePic,
        }
    }
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// How a line of play ends, for the seat: who makes the capot, who the pic, who the majority
/// (`None` at six tricks each), who the last trick.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Outcome {
    capot: Option<Seat>,
    pic: Option<Seat>,
    cards: Option<Seat>,
    last_trick: Option<Seat>,
}

/// The deal after `first` played by the seat to act, played out with every card seen: each
/// seat plays the open-card solver's best card, the lowest of equal ones.
fn played_out(deal: &Deal, first: Action, solver: &mut Solver) -> Option<Outcome> {
    let mut d = *deal;
    let mut events: Vec<Event> = Vec::new();
    let mut action = first;
    for _ in 0..40 {
        let seat = d.to_act()?;
        d.apply_with(seat, action, &mut events).ok()?;
        if d.is_over() || d.phase() != Phase::Play {
            break;
        }
        let values = open_values(&d, solver);
        let top = values.iter().map(|&(_, v)| v).max()?;
        let card = values.iter().find(|&&(_, v)| v == top)?.0;
        action = Action::Play(card);
    }
    if !d.is_over() {
        return None;
    }
    let mut out = Outcome {
        capot: None,
        pic: None,
        cards: None,
        last_trick: None,
    };
    for e in events {
        if let Event::Scored { seat, reason, .. } = e {
            match reason {
                ScoreReason::Capot => out.capot = Some(seat),
                ScoreReason::Pic => out.pic = Some(seat),
                ScoreReason::Cards => out.cards = Some(seat),
                ScoreReason::LastTrick => out.last_trick = Some(seat),
                _ => {}
            }
        }
    }
    // A capot takes the cards too.
    if out.capot.is_some() {
        out.cards = out.capot;
    }
    Some(out)
}

/// The theme of a card-play decision in `deal`, from its verdict (`best` and the next option):
/// `None` outside the play, or with a single option.
pub fn theme_in(deal: &Deal, verdict: &Verdict) -> Option<Theme> {
    let [best, next, ..] = &verdict.options[..] else {
        return None;
    };
    let mut solver = Solver::new();
    let a = played_out(deal, parse_notation(&best.action).ok()?, &mut solver)?;
    let b = played_out(deal, parse_notation(&next.action).ok()?, &mut solver)?;
    Some(if a.capot != b.capot {
        Theme::Capot
    } else if a.pic != b.pic {
        Theme::Pic
    } else if a.cards != b.cards {
        Theme::Cards
    } else if a.last_trick != b.last_trick {
        Theme::LastTrick
    } else {
        Theme::Cards
    })
}

/// The theme of a problem: for a lead or a follow, read from `verdict` (see [`theme_in`]);
/// none for the other kinds.
pub fn theme_of(problem: &Problem, verdict: &Verdict) -> Result<Option<Theme>, String> {
    let deal = problem.position()?;
    match ProblemKind::of(&deal, problem.seat) {
        Some(ProblemKind::Lead | ProblemKind::Follow) => theme_in(&deal, verdict)
            .map(Some)
            .ok_or_else(|| "the play’s theme could not be read from the verdict".into()),
        _ => Ok(None),
    }
}
