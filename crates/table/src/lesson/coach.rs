//! The coach of a lesson at the table: what the player is asked to touch now ([`Target`]),
//! what to do in a few words, what is said to another move, and the coach's panel ([`coach`]).

use piquet_engine::{
    Action, Answer, AnswerKind, Card, CardSet, Category, Observation, Phase, Suit,
};

use crate::decision::{Decision, decision};
use crate::i18n::{Lang, Text};
use crate::session::Session;
use crate::words;

use super::{Lesson, Move, PLAYER};

/// What the player is asked to touch now, so that the table can highlight it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// The pack at the cut, or « Tirer une carte ».
    Cut,
    /// « Distribuer » or « Donne suivante ».
    Deal,
    /// These cards, then the discard's confirmation.
    Discard(CardSet),
    /// This declaration (none: « rien »), then « Annoncer ».
    Declare(Option<CardSet>),
    /// This answer's button.
    Answer(AnswerKind),
    /// « Ne pas regarder », or the suit named to see the leftover.
    Look(Option<Suit>),
    /// Turn the leftover up, or leave it hidden.
    Expose(bool),
    /// This card.
    Play(Card),
    /// Anything else (carte blanche, the abandonment): the prompt says it.
    Other,
}

impl Target {
    /// The target of the lesson's move `m`.
    pub fn of(lesson: &Lesson, m: Move) -> Target {
        if m == Move::Cut {
            return Target::Cut;
        }
        match lesson.action(m).map(|(_, a)| a) {
            None => Target::Deal,
            Some(a) => Target::of_action(a),
        }
    }

    /// What to touch for `action`: the cards, the declaration, the answer, the leftover's
    /// choice (a lesson's move, or the hint's suggestion).
    pub fn of_action(action: Action) -> Target {
        match action {
            Action::Discard(c) => Target::Discard(c),
            Action::Declare(h) => Target::Declare(h),
            Action::Answer(a) => Target::Answer(match a {
                Answer::Good => AnswerKind::Good,
                Answer::Equal(_) => AnswerKind::Equal,
                Answer::Better(_) => AnswerKind::Better,
            }),
            Action::LookAtLeftover(s) => Target::Look(s),
            Action::ExposeLeftover(b) => Target::Expose(b),
            Action::Play(c) => Target::Play(c),
            _ => Target::Other,
        }
    }

    /// The cards of the hand to highlight.
    pub fn cards(&self) -> CardSet {
        match *self {
            Target::Discard(c) => c,
            Target::Play(c) => c.set(),
            _ => CardSet::EMPTY,
        }
    }
}

/// Whether the table's decision panel offers `action` as it stands (its buttons give the best
/// holding backing « égal » or « mieux », its options every declaration): a lesson may only ask
/// what a touch can do.
pub fn offered(view: &Observation, action: Action) -> bool {
    match (decision(view), action) {
        (Some(Decision::Discard { min, max, .. }), Action::Discard(c)) => {
            (min..=max).contains(&(c.len() as u8)) && (c - view.hand).is_empty()
        }
        (Some(Decision::Declare { options, .. }), Action::Declare(h)) => options.contains(&h),
        (Some(Decision::Answer { .. }), Action::Answer(Answer::Good)) => true,
        (Some(Decision::Answer { equal, .. }), Action::Answer(Answer::Equal(h))) => {
            equal == Some(h)
        }
        (Some(Decision::Answer { better, .. }), Action::Answer(Answer::Better(h))) => {
            better == Some(h)
        }
        (Some(Decision::Play { cards }), Action::Play(c)) => cards.contains(c),
        (Some(_), a) => view.legal_actions.contains(&a),
        (None, _) => false,
    }
}

/// What to do for move `m`, in a few words, as the table offers it: « jouez le roi de cœur »,
/// « répondez « Égal » », "discard the seven of spades and the eight of clubs".
pub fn what_to_do(lesson: &Lesson, m: Move, session: &Session, lang: Lang) -> String {
    let fr = lang == Lang::Fr;
    let t = |x: Text| x.get(lang);
    let touch = |label: &str| {
        let label = words::quoted(label, lang);
        if fr {
            format!("touchez {label}")
        } else {
            format!("touch {label}")
        }
    };
    if m == Move::Cut {
        return touch(t(Text::DrawCard));
    }
    let Some((_, action)) = lesson.action(m) else {
        // The button as the panel names it: « Distribuer » when the player deals, « Recevoir
        // les cartes » when the computer does; « Donne suivante » after a deal just played.
        let label = if session.record.deals.is_empty() || session.finished.is_none() {
            if session.game.as_ref().is_some_and(|g| g.dealer() != PLAYER) {
                t(Text::ReceiveCards)
            } else {
                t(Text::DealCards)
            }
        } else {
            t(Text::NextDeal)
        };
        return touch(label);
    };
    let view = session.view(PLAYER);
    match action {
        Action::Play(c) if fr => format!("jouez {}", words::card_named(c, lang)),
        Action::Play(c) => format!("play {}", words::card_named(c, lang)),
        Action::Discard(c) if fr => format!("écartez {}", words::cards_named(c, lang)),
        Action::Discard(c) => format!("discard {}", words::cards_named(c, lang)),
        Action::Declare(h) => {
            let category = match view.as_ref().map(|v| v.phase) {
                Some(Phase::Declare { category } | Phase::Answer { category, .. }) => category,
                _ => Category::Point,
            };
            let said = words::claim(
                category,
                &match (h, session.deal()) {
                    (Some(h), Some(deal)) => deal.claim_of(category, h, 1),
                    _ => piquet_engine::Claim::Nothing,
                },
                &lesson.rules,
                lang,
            );
            let said = words::quoted(&said, lang);
            if fr {
                format!("annoncez {said}")
            } else {
                format!("declare {said}")
            }
        }
        Action::Answer(a) => {
            let kind = match a {
                Answer::Good => AnswerKind::Good,
                Answer::Equal(_) => AnswerKind::Equal,
                Answer::Better(_) => AnswerKind::Better,
            };
            let heard = view.as_ref().and_then(|v| match v.phase {
                Phase::Answer { category, .. } => v.declarations[category as usize].elder,
                _ => None,
            });
            let said = words::quoted(words::answer_to(kind, heard.as_ref(), lang), lang);
            if fr {
                format!("répondez {said}")
            } else {
                format!("answer {said}")
            }
        }
        Action::LookAtLeftover(None) => touch(t(Text::DontLook)),
        Action::LookAtLeftover(Some(s)) => touch(words::suit(s, lang)),
        Action::ExposeLeftover(true) => touch(t(Text::ExposeLeftover)),
        Action::ExposeLeftover(false) => touch(t(Text::HideLeftover)),
        other => words::action(&other, lang),
    }
}

/// What the lesson says to a wrong move: its own words, or « Pas tout à fait : pour cette
/// leçon, jouez le roi de cœur. »
pub fn wrong_words(lesson: &Lesson, m: Move, session: &Session, lang: Lang) -> String {
    lesson.wrong(m, lang).unwrap_or_else(|| {
        let what = what_to_do(lesson, m, session, lang);
        match lang {
            Lang::Fr => format!("Pas tout à fait\u{a0}: pour cette leçon, {what}."),
            Lang::En => format!("Not quite: for this lesson, {what}."),
        }
    })
}

/// What the coach panel shows next.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CoachNext {
    /// The player acts: the prompt says what to do.
    Act,
    /// The player reads what happened, then touches « Continuer » (the opponent moves next).
    Continue,
    /// The opponent is about to move.
    Wait,
    /// The lesson is over.
    Done,
}

/// The coach panel: the step, what just happened, what to do now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Coach {
    /// The step, from 1, and how many.
    pub step: usize,
    pub steps: usize,
    /// What the last move did.
    pub said: Option<String>,
    /// What the player is asked to do now.
    pub prompt: Option<String>,
    /// The word for a wrong move just tried.
    pub wrong: Option<String>,
    pub next: CoachNext,
    /// What to highlight.
    pub target: Option<Target>,
}

/// The coach at position `at`; `read`: the player has read what the last move did (touched
/// « Continuer »); `wrong_tried`: he just tried another move.
pub fn coach(
    lesson: &Lesson,
    session: &Session,
    at: usize,
    read: bool,
    wrong_tried: bool,
    lang: Lang,
) -> Coach {
    let said = at
        .checked_sub(1)
        .and_then(|p| lesson.next(p))
        .and_then(|m| lesson.comment(m, lang));
    let mut c = Coach {
        step: lesson.step_at(at),
        steps: lesson.steps(),
        said,
        prompt: None,
        wrong: None,
        next: CoachNext::Done,
        target: None,
    };
    match lesson.next(at) {
        None => {}
        Some(m) if lesson.is_player(m) => {
            c.next = CoachNext::Act;
            c.prompt = lesson.prompt(m, lang);
            c.target = Some(Target::of(lesson, m));
            if wrong_tried {
                c.wrong = Some(wrong_words(lesson, m, session, lang));
            }
        }
        Some(_) if c.said.is_some() && !read => c.next = CoachNext::Continue,
        Some(_) => c.next = CoachNext::Wait,
    }
    c
}
