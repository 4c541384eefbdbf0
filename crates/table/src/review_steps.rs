//! The review on the table: a reviewed deal's decisions stepped through one by one, each shown
//! where it was taken — the hand and the position as the deciding seat saw them, never a card
//! it had not seen — with its options and their values, the best and the choice marked, the
//! mark and its reason ([`ReviewSteps`], its reducer; what one step shows, [`step_view`]).
//! « Erreurs seulement » steps from one marked decision to the next.

use std::rc::Rc;

use piquet_ai::review::{DealReview, DecisionKind, DecisionReview, Mark};
use piquet_engine::cursor::Position;
use piquet_engine::{Action, Card, CardSet, Record, Seat};
use piquet_words::{self as words, Names};

use crate::Reduce;
use crate::i18n::Lang;
use crate::lesson::Target;
use crate::problem::MASTER;
use crate::problem::solve::value_words;
use crate::records;
use crate::session::{Session, SessionError};

/// The seed the review of deal `deal` is asked with: the same review every time for the same
/// deal (and `piquet problems verify` finds the same values for a problem made from it).
pub fn review_seed(deal: usize) -> u64 {
    0x5EED ^ deal as u64
}

/// Where the stepping through a reviewed deal stands.
#[derive(Clone, Debug, PartialEq)]
pub struct ReviewSteps {
    pub review: Rc<DealReview>,
    /// The decision shown, an index into the review's decisions.
    pub at: usize,
    /// « Erreurs seulement »: only the marked decisions are stepped through.
    pub only_marked: bool,
}

/// What can happen to the stepping.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepAction {
    Next,
    Previous,
    First,
    Last,
    /// This decision (an index into the review's decisions).
    Go(usize),
    /// « Erreurs seulement » on or off; turned on away from a marked decision, the next marked
    /// one is shown (or the first).
    OnlyMarked(bool),
}

impl ReviewSteps {
    /// The review opened at decision `at` (the first when out of range).
    pub fn new(review: Rc<DealReview>, at: usize) -> ReviewSteps {
        let at = if at < review.decisions.len() { at } else { 0 };
        ReviewSteps {
            review,
            at,
            only_marked: false,
        }
    }

    /// The decisions stepped through: all, or only the marked ones (all of them when none is
    /// marked).
    pub fn steps(&self) -> Vec<usize> {
        let only = self.only_marked && self.marked() > 0;
        self.review
            .decisions
            .iter()
            .enumerate()
            .filter(|(_, d)| !only || d.mark.is_some())
            .map(|(k, _)| k)
            .collect()
    }

    /// The decision shown.
    pub fn current(&self) -> Option<&DecisionReview> {
        self.review.decisions.get(self.at)
    }

    /// The decision shown as the steps count it: (its place from 1, how many), when it is one
    /// of them.
    pub fn place(&self) -> Option<(usize, usize)> {
        let steps = self.steps();
        let k = steps.iter().position(|&s| s == self.at)?;
        Some((k + 1, steps.len()))
    }

    /// The step before the decision shown, if any.
    pub fn previous(&self) -> Option<usize> {
        self.steps().into_iter().rev().find(|&s| s < self.at)
    }

    /// The step after the decision shown, if any.
    pub fn next(&self) -> Option<usize> {
        self.steps().into_iter().find(|&s| s > self.at)
    }

    /// How many decisions are marked.
    pub fn marked(&self) -> usize {
        self.review
            .decisions
            .iter()
            .filter(|d| d.mark.is_some())
            .count()
    }
}

impl Reduce for ReviewSteps {
    type Action = StepAction;

    fn reduce(self: Rc<Self>, action: StepAction) -> Rc<Self> {
        let mut next = (*self).clone();
        let steps = self.steps();
        match action {
            StepAction::Next => next.at = self.next().unwrap_or(self.at),
            StepAction::Previous => next.at = self.previous().unwrap_or(self.at),
            StepAction::First => next.at = steps.first().copied().unwrap_or(self.at),
            StepAction::Last => next.at = steps.last().copied().unwrap_or(self.at),
            StepAction::Go(k) if k < self.review.decisions.len() => {
                next.at = k;
                // A decision asked for by name is shown even if it is not marked.
                if self.only_marked && self.review.decisions[k].mark.is_none() {
                    next.only_marked = false;
                }
            }
            StepAction::Go(_) => {}
            StepAction::OnlyMarked(on) => {
                next.only_marked = on;
                if on {
                    let marked = next.steps();
                    if let Some(&k) = marked.iter().find(|&&k| k >= self.at).or(marked.first()) {
                        next.at = k;
                    }
                }
            }
        }
        if next == *self { self } else { Rc::new(next) }
    }
}

/// The table at decision `d` of `record`: the position just before it, the deciding seat at
/// the bottom (seat A of the session), as that seat saw it.
pub fn session_at(record: &Record, d: &DecisionReview) -> Result<Session, SessionError> {
    let at = Position {
        deal: d.deal,
        actions: d.index,
    };
    records::play_from(record, at, d.seat, MASTER, 0)
}

/// The record's names as the table at a decision of `seat` names its seats: `seat` at the
/// bottom (seat A of the session).
pub fn names_for(names: &Names, seat: Seat) -> Names {
    Names {
        a: names.of(seat).to_string(),
        b: names.of(seat.other()).to_string(),
        you: names
            .you
            .map(|you| if you == seat { Seat::A } else { Seat::B }),
    }
}

/// One option as a step shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct OptionRow {
    pub action: Action,
    /// The value expected from what the seat knew.
    pub expected: Option<f64>,
    /// The exact value with every card seen (the play).
    pub open: Option<f64>,
    /// The review's best.
    pub best: bool,
    /// What was chosen.
    pub chosen: bool,
}

/// What one step shows besides the table.
#[derive(Clone, Debug, PartialEq)]
pub struct StepView {
    pub kind: DecisionKind,
    pub chosen: Action,
    pub best: Action,
    pub mark: Option<Mark>,
    /// The points lost (0 when the choice was the best).
    pub loss: f64,
    pub reason: String,
    /// Every option, as the review lists it (best first but for the play, in card order).
    pub options: Vec<OptionRow>,
    /// The cards of the best choice (a discard, a card), marked in the hand.
    pub best_cards: CardSet,
    /// The cards of the choice made, marked in the hand.
    pub chosen_cards: CardSet,
    /// The value of each card that could be played (the play), as written on the card.
    pub card_values: Vec<(Card, String)>,
}

/// What decision `d` shows, in `lang`.
pub fn step_view(d: &DecisionReview, lang: Lang) -> StepView {
    let options: Vec<OptionRow> = d
        .options
        .iter()
        .map(|o| OptionRow {
            action: o.action,
            expected: o.expected,
            open: o.open,
            best: o.action == d.best,
            chosen: o.action == d.chosen,
        })
        .collect();
    let card_values = d
        .options
        .iter()
        .filter_map(|o| match (o.action, o.expected.or(o.open)) {
            (Action::Play(c), Some(v)) => Some((c, value_words(v, lang))),
            _ => None,
        })
        .collect();
    StepView {
        kind: d.kind,
        chosen: d.chosen,
        best: d.best,
        mark: d.mark,
        loss: d.loss,
        reason: d.reason.get(lang).clone(),
        options,
        best_cards: Target::of_action(d.best).cards(),
        chosen_cards: Target::of_action(d.chosen).cards(),
        card_values,
    }
}

/// Where a problem made from decision `d` comes from, in `lang`: the players, the date or the
/// event when the record has them, the deal and the decision (« Vous contre L’ordinateur, le
/// 2025-11-28 : donne 2, décision 5 »).
pub fn citation(record: &Record, d: &DecisionReview, names: &Names, lang: Lang) -> String {
    let (a, b) = (names.of(Seat::A), names.of(Seat::B));
    let mut game = match lang {
        Lang::Fr => format!("{a} contre {b}"),
        Lang::En => format!("{a} v. {b}"),
    };
    if let Some(event) = record.meta.event.as_deref().filter(|e| !e.is_empty()) {
        game = format!("{event}, {game}");
    }
    if let Some(date) = record.meta.date.as_deref().filter(|e| !e.is_empty()) {
        game.push_str(&match lang {
            Lang::Fr => format!(", le {date}"),
            Lang::En => format!(", {date}"),
        });
    }
    let (deal, at) = (d.deal + 1, d.index + 1);
    words::labelled(
        &game,
        &match lang {
            Lang::Fr => format!("donne {deal}, décision {at}"),
            Lang::En => format!("deal {deal}, decision {at}"),
        },
        lang,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use piquet_ai::review::{Budget, ReviewConfig, review_deal};

    fn reviewed(seat: Option<Seat>) -> (Record, Rc<DealReview>) {
        let record = Record::parse(records::historical("hoffmann-1909").unwrap().text()).unwrap();
        let config = ReviewConfig {
            deal: Some(0),
            seat,
            seed: review_seed(0),
            budget: Budget::QUICK,
        };
        let review = review_deal(&record, 0, &config, &mut |_, _| {}).unwrap();
        (record, Rc::new(review))
    }

    #[test]
    fn the_steps_go_through_every_decision_or_from_mistake_to_mistake() {
        let (_, review) = reviewed(Some(Seat::A));
        // Three decisions marked, whatever the review found: the steps read the marks only.
        let mut review = (*review).clone();
        for d in review.decisions.iter_mut() {
            d.mark = None;
        }
        for k in [2, 5, 6] {
            review.decisions[k].mark = Some(Mark::Mistake);
        }
        let review = Rc::new(review);
        let n = review.decisions.len();
        let marked: Vec<usize> = (0..n)
            .filter(|&k| review.decisions[k].mark.is_some())
            .collect();
        assert_eq!(marked, vec![2, 5, 6]);
        let mut s = Rc::new(ReviewSteps::new(review.clone(), 0));
        assert_eq!(s.place(), Some((1, n)));
        assert_eq!(s.previous(), None);
        s = s.reduce(StepAction::Previous);
        assert_eq!(s.at, 0, "nothing before the first");
        for k in 1..n {
            s = s.reduce(StepAction::Next);
            assert_eq!((s.at, s.place()), (k, Some((k + 1, n))));
        }
        let last = s.clone().reduce(StepAction::Next);
        assert!(Rc::ptr_eq(&last, &s), "nothing after the last");
        // Mistakes only: from the first decision, the first marked one; then from one to the
        // next; the count is theirs.
        let m = Rc::new(ReviewSteps::new(review.clone(), 0)).reduce(StepAction::OnlyMarked(true));
        assert_eq!(m.at, marked[0]);
        assert_eq!(m.place(), Some((1, marked.len())));
        let mut at = m;
        for &k in &marked[1..] {
            at = at.reduce(StepAction::Next);
            assert_eq!(at.at, k);
        }
        assert_eq!(at.clone().reduce(StepAction::First).at, marked[0]);
        assert_eq!(
            at.clone().reduce(StepAction::Last).at,
            *marked.last().unwrap()
        );
        // Off again: every decision, from where it stands.
        let all = at.reduce(StepAction::OnlyMarked(false));
        assert_eq!(all.place().map(|p| p.1), Some(n));
        // A decision asked for by name is shown, mistakes only or not.
        let unmarked = (0..n).find(|k| !marked.contains(k)).unwrap();
        let m = Rc::new(ReviewSteps::new(review, marked[0])).reduce(StepAction::OnlyMarked(true));
        let go = m.reduce(StepAction::Go(unmarked));
        assert_eq!((go.at, go.only_marked), (unmarked, false));
    }

    #[test]
    fn each_step_is_the_table_as_its_seat_saw_it_with_the_options_marked() {
        let (record, review) = reviewed(None);
        let names = Names {
            a: "Cavendish".into(),
            b: "Hoffmann".into(),
            you: None,
        };
        for d in &review.decisions {
            let session = session_at(&record, d).unwrap();
            // The deciding seat is at the bottom, about to take this decision.
            assert_eq!(session.to_act(), Some(Seat::A), "decision {}", d.index);
            let view = session.view(Seat::A).unwrap();
            let mut after = session.clone();
            assert!(
                after.apply(Seat::A, d.chosen).is_ok(),
                "decision {}",
                d.index
            );
            // What the table may show of the other seat is what the deciding seat saw.
            let at = Position {
                deal: d.deal,
                actions: d.index,
            };
            let real = records::truncated(&record, at).replay().unwrap();
            let seen_there = real.game.deal().unwrap().observation(d.seat);
            assert_eq!(view.hand, seen_there.hand);
            assert_eq!(view.talon_seen, seen_there.talon_seen);
            let shown = step_view(d, Lang::Fr);
            assert_eq!(shown.options.iter().filter(|o| o.best).count(), 1);
            assert_eq!(shown.options.iter().filter(|o| o.chosen).count(), 1);
            assert!(view.hand.is_superset(shown.chosen_cards));
            assert!(view.hand.is_superset(shown.best_cards));
            if d.kind == DecisionKind::Play && d.options.len() > 1 {
                assert_eq!(shown.card_values.len(), d.options.len());
                assert!(
                    shown
                        .card_values
                        .iter()
                        .all(|(_, v)| v.starts_with(['+', '\u{2212}']))
                );
            }
            let seat_names = names_for(&names, d.seat);
            assert_eq!(seat_names.a, names.of(d.seat));
        }
        let d = &review.decisions[0];
        let said = citation(&record, d, &names, Lang::Fr);
        assert!(said.contains("Cavendish contre Hoffmann"), "{said}");
        assert!(
            said.ends_with(&format!("\u{a0}: donne 1, décision {}", d.index + 1)),
            "{said}"
        );
        let mut bare = record.clone();
        bare.meta = Default::default();
        assert_eq!(
            citation(&bare, d, &names, Lang::En),
            format!("Cavendish v. Hoffmann: deal 1, decision {}", d.index + 1)
        );
    }
}
