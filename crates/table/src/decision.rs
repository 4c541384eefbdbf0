//! The decision a seat faces, read from its observation only (the engine's legal actions and
//! discard limits): what the table's action panel offers. Nothing here re-implements a rule.

use piquet_engine::combos::{Point, Sequence, Set};
use piquet_engine::{
    Action, Answer, AnswerKind, CardSet, Category, Observation, Phase, Rules, Suit,
};

/// What the player to act must decide.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Discard between `min` and `max` cards. `draws`: the same number is drawn (not in the
    /// dealer's blind discard after elder's carte blanche).
    Discard {
        min: u8,
        max: u8,
        draws: bool,
        /// Elder with carte blanche may announce it with the number he will exchange.
        announce_blanche: Vec<u8>,
        /// The dealer may declare carte blanche first.
        declare_blanche: bool,
    },
    /// Les Fâcheux: elder proposes (`reply` false) or the dealer answers (`reply` true).
    Abandon { reply: bool },
    /// Classic leftover: elder may name a suit he holds to see the rest of the talon.
    LookAtLeftover { suits: Vec<Suit> },
    /// Rubicon leftover: the dealer exposes or hides it.
    ExposeLeftover,
    /// Declare in a category: the options, the best first (`None` is "nothing").
    Declare {
        category: Category,
        options: Vec<Option<CardSet>>,
    },
    /// Answer elder's declaration; the holdings that back "égal" and "mieux", if any.
    Answer {
        category: Category,
        equal: Option<CardSet>,
        better: Option<CardSet>,
    },
    /// Play one of these cards.
    Play { cards: CardSet },
}

impl Decision {
    /// For an answer, the one that is true, as the declaration options put the best holding
    /// first: « mieux » when the engine lets the seat answer better, else « égal » when it lets
    /// it answer equal (never for sets, which cannot tie), else « c’est bon ». `None` for any
    /// other decision.
    pub fn true_answer(&self) -> Option<AnswerKind> {
        match self {
            Decision::Answer {
                better: Some(_), ..
            } => Some(AnswerKind::Better),
            Decision::Answer {
                category,
                equal: Some(_),
                ..
            } if *category != Category::Sets => Some(AnswerKind::Equal),
            Decision::Answer { .. } => Some(AnswerKind::Good),
            _ => None,
        }
    }
}

/// A holding's strength in its category, for putting the best first.
fn strength(category: Category, cards: CardSet, rules: &Rules) -> u32 {
    match category {
        Category::Point => Point::of(cards).map_or(0, |p| p.key(rules) + 1),
        Category::Sequence => Sequence::of(cards).map_or(0, |s| u32::from(s.key()) + 1),
        Category::Sets => Set::of(cards).map_or(0, |s| u32::from(s.key()) + 1),
    }
}

/// The best of several holdings, by the category's comparison.
fn best(category: Category, holdings: &[CardSet], rules: &Rules) -> Option<CardSet> {
    holdings
        .iter()
        .copied()
        .max_by_key(|&h| (strength(category, h, rules), h.len()))
}

/// The decision `view`'s seat must make now, if it is its turn.
pub fn decision(view: &Observation) -> Option<Decision> {
    if view.to_act != Some(view.seat) {
        return None;
    }
    let rules = &view.rules;
    let legal = &view.legal_actions;
    if let Some((min, max)) = view.discard_limits {
        return Some(Decision::Discard {
            min,
            max,
            draws: !matches!(view.phase, Phase::DealerBlindDiscard { .. }),
            announce_blanche: legal
                .iter()
                .filter_map(|a| match a {
                    Action::AnnounceCarteBlanche(k) => Some(*k),
                    _ => None,
                })
                .collect(),
            declare_blanche: legal.contains(&Action::DeclareCarteBlanche),
        });
    }
    match view.phase {
        Phase::AbandonOffer => return Some(Decision::Abandon { reply: false }),
        Phase::AbandonReply => return Some(Decision::Abandon { reply: true }),
        Phase::Play => {
            let cards = legal
                .iter()
                .filter_map(|a| match a {
                    Action::Play(c) => Some(c.set()),
                    _ => None,
                })
                .fold(CardSet::EMPTY, |acc, c| acc | c);
            return Some(Decision::Play { cards });
        }
        _ => {}
    }
    if legal.iter().any(|a| matches!(a, Action::ExposeLeftover(_))) {
        return Some(Decision::ExposeLeftover);
    }
    if legal.iter().any(|a| matches!(a, Action::LookAtLeftover(_))) {
        return Some(Decision::LookAtLeftover {
            suits: legal
                .iter()
                .filter_map(|a| match a {
                    Action::LookAtLeftover(s) => *s,
                    _ => None,
                })
                .collect(),
        });
    }
    let category = match view.phase {
        Phase::Declare { category } | Phase::Answer { category, .. } => category,
        _ => return None,
    };
    let declarations: Vec<CardSet> = legal
        .iter()
        .filter_map(|a| match a {
            Action::Declare(Some(h)) => Some(*h),
            _ => None,
        })
        .collect();
    if legal.iter().any(|a| matches!(a, Action::Declare(_))) {
        let mut options: Vec<Option<CardSet>> = declarations.iter().copied().map(Some).collect();
        options.sort_by_key(|o| {
            std::cmp::Reverse(o.map_or((0, 0), |h| (strength(category, h, rules), h.len())))
        });
        options.push(None);
        return Some(Decision::Declare { category, options });
    }
    let backing = |equal: bool| -> Vec<CardSet> {
        legal
            .iter()
            .filter_map(|a| match (a, equal) {
                (Action::Answer(Answer::Equal(h)), true) => Some(*h),
                (Action::Answer(Answer::Better(h)), false) => Some(*h),
                _ => None,
            })
            .collect()
    };
    let equal = backing(true);
    let better = backing(false);
    Some(Decision::Answer {
        category,
        // "Égal" to "pas de séquence" rests on no cards at all.
        equal: if equal.contains(&CardSet::EMPTY) {
            Some(CardSet::EMPTY)
        } else {
            best(category, &equal, rules)
        },
        better: best(category, &better, rules),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use piquet_engine::combos::Point;
    use piquet_engine::{Action, Category, Rules};
    use piquet_engine::{Deal, Seat, SplitMix64};
    use piquet_words::Lang;

    #[test]
    fn every_decision_of_random_deals_is_offered_and_legal() {
        let mut rng = SplitMix64::new(11);
        for (_, rules) in Rules::ALL {
            for seed in 0..30 {
                let mut deal = Deal::from_seed(rules, Seat::A, seed).unwrap();
                while let Some(seat) = deal.to_act() {
                    let view = deal.observation(seat);
                    let d = decision(&view).expect("a decision for the seat to act");
                    assert!(decision(&deal.observation(seat.other())).is_none());
                    let action = match d {
                        Decision::Discard { min, .. } => {
                            let hand = view.hand;
                            Action::Discard(
                                hand.into_iter().take(usize::from(min.max(1))).collect(),
                            )
                        }
                        Decision::Abandon { reply: false } => Action::ProposeAbandon(false),
                        Decision::Abandon { reply: true } => Action::AcceptAbandon(false),
                        Decision::LookAtLeftover { suits } => {
                            Action::LookAtLeftover(suits.first().copied())
                        }
                        Decision::ExposeLeftover => Action::ExposeLeftover(rng.below(2) == 0),
                        Decision::Declare { options, .. } => {
                            Action::Declare(options[rng.below(options.len() as u32) as usize])
                        }
                        Decision::Answer { equal, better, .. } => {
                            match (better, equal, rng.below(3)) {
                                (Some(h), _, 0) => Action::Answer(Answer::Better(h)),
                                (_, Some(h), 1) => Action::Answer(Answer::Equal(h)),
                                _ => Action::Answer(Answer::Good),
                            }
                        }
                        Decision::Play { cards } => {
                            Action::Play(cards.nth(rng.below(cards.len() as u32) as usize).unwrap())
                        }
                    };
                    let (next, _) = deal
                        .apply(seat, action)
                        .unwrap_or_else(|e| panic!("{action:?} refused: {e}"));
                    deal = next;
                }
            }
        }
    }

    /// The answer put first is the true one: « mieux » exactly when the engine accepts a better
    /// holding, « égal » when it accepts an equal one and none better, else « c’est bon »; each
    /// kind seen in random deals.
    #[test]
    fn the_true_answer_is_the_engines_best_legal_answer() {
        let mut seen = [0; 3];
        for (_, rules) in Rules::ALL {
            for seed in 0..60 {
                let mut deal = Deal::from_seed(rules, Seat::A, seed).unwrap();
                while let Some(seat) = deal.to_act() {
                    let view = deal.observation(seat);
                    let d = decision(&view).unwrap();
                    let legal = |kind: AnswerKind| {
                        view.legal_actions.iter().any(|a| {
                            matches!(
                                (a, kind),
                                (Action::Answer(Answer::Better(_)), AnswerKind::Better)
                                    | (Action::Answer(Answer::Equal(_)), AnswerKind::Equal)
                                    | (Action::Answer(Answer::Good), AnswerKind::Good)
                            )
                        })
                    };
                    let action = match &d {
                        Decision::Answer { category, .. } => {
                            let truth = d.true_answer().unwrap();
                            let want = if legal(AnswerKind::Better) {
                                AnswerKind::Better
                            } else if legal(AnswerKind::Equal) && *category != Category::Sets {
                                AnswerKind::Equal
                            } else {
                                AnswerKind::Good
                            };
                            assert_eq!(truth, want, "{category:?} seed {seed}");
                            seen[truth as usize] += 1;
                            Action::Answer(Answer::Good)
                        }
                        d => {
                            assert_eq!(d.true_answer(), None);
                            match d {
                                Decision::Discard { max, .. } => Action::Discard(
                                    view.hand.into_iter().take(usize::from(*max)).collect(),
                                ),
                                Decision::Abandon { reply } => {
                                    if *reply {
                                        Action::AcceptAbandon(false)
                                    } else {
                                        Action::ProposeAbandon(false)
                                    }
                                }
                                Decision::LookAtLeftover { .. } => Action::LookAtLeftover(None),
                                Decision::ExposeLeftover => Action::ExposeLeftover(false),
                                Decision::Declare { options, .. } => Action::Declare(options[0]),
                                _ => break,
                            }
                        }
                    };
                    deal = deal.apply(seat, action).unwrap().0;
                }
            }
        }
        assert!(seen.iter().all(|&n| n > 0), "answers seen {seen:?}");
    }

    /// Elder's point options in deals played to the declarations (each exchanging the most he
    /// may): under Moderne (the point in two steps) each option says what it counts, under
    /// Classique (the count is the claim itself) nothing more.
    #[test]
    fn a_point_option_claimed_by_its_length_says_what_it_counts() {
        for (rules, two_steps) in [(Rules::moderne(), true), (Rules::classique(), false)] {
            let mut options_seen = 0;
            for seed in 0..40 {
                let mut deal = Deal::from_seed(rules, Seat::A, seed).unwrap();
                while let Some(seat) = deal.to_act() {
                    let view = deal.observation(seat);
                    let action = match decision(&view) {
                        Some(Decision::Discard { max, .. }) => {
                            Action::Discard(view.hand.into_iter().take(usize::from(max)).collect())
                        }
                        Some(Decision::Abandon { reply: false }) => Action::ProposeAbandon(false),
                        Some(Decision::LookAtLeftover { .. }) => Action::LookAtLeftover(None),
                        Some(Decision::ExposeLeftover) => Action::ExposeLeftover(false),
                        Some(Decision::Declare {
                            category: Category::Point,
                            options,
                        }) => {
                            for &h in options.iter().flatten() {
                                let count = piquet_words::point_count(
                                    deal.rules(),
                                    Category::Point,
                                    h,
                                    1,
                                    Lang::En,
                                );
                                let value = Point::of(h).unwrap().value;
                                let said = two_steps.then(|| format!("making {value}"));
                                assert_eq!(count, said, "{h}");
                                options_seen += 1;
                            }
                            break;
                        }
                        _ => break,
                    };
                    deal = deal.apply(seat, action).unwrap().0;
                }
            }
            assert!(options_seen >= 20, "{options_seen} point options seen");
        }
    }
}
