//! Sampling the hidden cards (determinization) consistently with everything
//! one seat observed, each world weighted by how likely the opponent's
//! observed choices were in it.
//!
//! Hard constraints (a world breaking one is never produced): the counts of
//! the opponent's hand, his discards and the talon; cards he showed (carte
//! blanche, declarations, "égal", Art. 5, 9, 11) are his; talon cards this
//! seat saw stay out of his discards (and out of his hand once they are
//! surely the leftover, RULES.md 3.4); suits he showed void in (Art. 13);
//! his claims (a declaration names a real holding, "égal" and "mieux" are
//! backed, RULES.md 5). Soft evidence multiplies the weight: a "bon" while
//! holding better (sinking, Art. 21), "nothing" while holding something, a
//! partial declaration, and discards of high cards.

use crate::view::{leftover_seen, trick_state, unplaced};
use piquet_engine::combos::{self, Point};
use piquet_engine::{
    AnswerKind, Card, CardSet, Category, Claim, Observation, Rank, Rules, SplitMix64, Suit,
};

/// Where a hidden card can lie.
const HAND: u8 = 1;
const DISCARDS: u8 = 2;
const TALON: u8 = 4;

/// One sampled layout of the hidden cards.
#[derive(Clone, Debug, PartialEq)]
pub struct World {
    /// The opponent's hand now.
    pub opp_hand: CardSet,
    /// The opponent's discards.
    pub opp_discards: CardSet,
    /// The talon still to be drawn, top first (its order is sampled too).
    pub talon: Vec<Card>,
    /// The likelihood weight of the opponent's observed choices in this world.
    pub weight: f64,
}

/// A test on the opponent's hand as it was when he declared or answered
/// (his hand now plus the cards he has played since).
#[derive(Clone, Copy, Debug)]
enum Test {
    /// He holds a point of this length (and value, once said).
    HasPoint { length: u8, value: Option<u16> },
    /// He holds a run of this length (to this top card, once said).
    HasSequence { length: u8, top: Option<Rank> },
    /// He holds at least `count` cards of `rank`.
    HasSet { rank: Rank, count: u8 },
    /// His best holding of the category, compared at this protocol step, is
    /// at least (`strict`: above) `key`.
    BestAtLeast {
        category: Category,
        first_step: bool,
        key: u32,
        strict: bool,
    },
    /// The opposite of `BestAtLeast { strict: true }`: nothing better than `key`.
    BestAtMost {
        category: Category,
        first_step: bool,
        key: u32,
    },
    /// He holds nothing of the category (for the sets and the point: nothing
    /// at all; a point always exists, so it is never asked).
    Nothing { category: Category },
}

#[derive(Clone, Copy, Debug)]
struct Constraint {
    test: Test,
    /// Weight of a world failing the test; 0 for a hard constraint.
    weight_if_false: f64,
}

/// What one seat knows of the hidden cards, ready to sample worlds.
#[derive(Clone, Debug)]
pub struct Knowledge {
    rules: Rules,
    /// The hidden cards: where each may lie (bit set of HAND, DISCARDS, TALON).
    cards: Vec<(Card, u8)>,
    /// Sizes of the opponent's hand, his discards, the talon.
    sizes: [usize; 3],
    /// Cards the opponent played (his hand at declaration time is his hand
    /// now plus these).
    opp_played: CardSet,
    constraints: Vec<Constraint>,
    /// Weigh the opponent's discards by how likely he was to throw them.
    discard_weights: bool,
}

/// Why the observation cannot be sampled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Impossible(pub String);

/// The comparison key of a claim at a protocol step (RULES.md 5.1–5.3).
fn claim_key(rules: &Rules, claim: Claim, first_step: bool) -> Option<(Category, u32)> {
    match claim {
        Claim::Nothing => None,
        Claim::Point { length, value } => {
            let key = if first_step {
                u32::from(length)
            } else {
                let p = Point {
                    suit: Suit::Spades,
                    length,
                    value: value.unwrap_or(0),
                };
                p.key(rules)
            };
            Some((Category::Point, key))
        }
        Claim::Sequence { length, top } => {
            let key = if first_step {
                u32::from(length)
            } else {
                u32::from(length) << 8 | u32::from(top.map_or(0, |t| t.index()))
            };
            Some((Category::Sequence, key))
        }
        Claim::Set { rank, count } => Some((Category::Sets, u32::from(count) << 8 | rank as u32)),
    }
}

/// The best key of a hand in a category at a protocol step (0: nothing).
pub fn best_key(rules: &Rules, hand: CardSet, category: Category, first_step: bool) -> u32 {
    match category {
        Category::Point => hand
            .suits()
            .filter_map(|s| Point::of(hand.in_suit(s)))
            .map(|p| {
                if first_step {
                    u32::from(p.length)
                } else {
                    p.key(rules)
                }
            })
            .max()
            .unwrap_or(0),
        Category::Sequence => combos::sequences(hand)
            .map(|q| {
                if first_step {
                    u32::from(q.length)
                } else {
                    u32::from(q.key())
                }
            })
            .max()
            .unwrap_or(0),
        Category::Sets => combos::sets(hand)
            .map(|s| u32::from(s.key()))
            .max()
            .unwrap_or(0),
    }
}

/// Whether some `length` cards of one suit of `hand` are worth `value`.
fn has_point(hand: CardSet, length: u8, value: Option<u16>) -> bool {
    hand.suits().any(|s| {
        let suit = hand.in_suit(s);
        if suit.len() < usize::from(length) {
            return false;
        }
        let Some(v) = value else { return true };
        // Subsets of `length` cards of one suit (at most C(9, 4) = 126).
        let cards: Vec<Card> = suit.into_iter().collect();
        let n = cards.len();
        (0u32..1 << n).any(|m| {
            m.count_ones() == u32::from(length)
                && (0..n)
                    .filter(|i| m & (1 << i) != 0)
                    .map(|i| u16::from(cards[i].rank().value()))
                    .sum::<u16>()
                    == v
        })
    })
}

impl Test {
    fn holds(&self, rules: &Rules, hand: CardSet) -> bool {
        match *self {
            Test::HasPoint { length, value } => has_point(hand, length, value),
            Test::HasSequence { length, top } => combos::sequences(hand).any(|q| {
                q.length >= length
                    && top.is_none_or(|t| {
                        t <= q.top && t.index() + 1 >= length && {
                            let low = t.index() + 1 - length;
                            low + q.length > q.top.index()
                        }
                    })
            }),
            Test::HasSet { rank, count } => {
                (hand & CardSet::rank_mask(rank)).len() >= usize::from(count)
            }
            Test::BestAtLeast {
                category,
                first_step,
                key,
                strict,
            } => {
                let best = best_key(rules, hand, category, first_step);
                if strict { best > key } else { best >= key }
            }
            Test::BestAtMost {
                category,
                first_step,
                key,
            } => best_key(rules, hand, category, first_step) <= key,
            Test::Nothing { category } => best_key(rules, hand, category, false) == 0,
        }
    }
}

impl Knowledge {
    /// Gathers the constraints of an observation. `inference` adds the soft
    /// evidence (weights); without it only the hard constraints are used.
    pub fn new(obs: &Observation, inference: bool) -> Result<Knowledge, Impossible> {
        let rules = obs.rules;
        let me_dealer = obs.seat == obs.dealer;
        let hidden = unplaced(obs);
        let sizes = [
            usize::from(obs.opponent_hand_len),
            usize::from(obs.opponent_discards_len),
            usize::from(obs.talon_left),
        ];
        if hidden.len() != sizes.iter().sum::<usize>() {
            return Err(Impossible(format!(
                "{} unseen cards for {} places (hand {}, discards {}, talon {})",
                hidden.len(),
                sizes.iter().sum::<usize>(),
                sizes[0],
                sizes[1],
                sizes[2]
            )));
        }
        // Every talon card seen: the talon holds only seen cards (and for
        // the dealer, who never saw elder's peek, every seen card is there).
        let leftover = leftover_seen(obs);
        let opp_blanche = obs.carte_blanche[obs.seat.other().index()];
        let mut cards = Vec::with_capacity(hidden.len());
        for c in hidden {
            let mut allowed = HAND | DISCARDS | TALON;
            if obs.opponent_voids & (1 << c.suit().index()) != 0 {
                allowed &= !HAND;
            }
            if obs.opponent_shown.contains(c) {
                // Shown cards are his: in his hand, or discarded after a
                // carte blanche shown before the exchange (Art. 5).
                allowed &= if opp_blanche { HAND | DISCARDS } else { HAND };
            }
            if obs.talon_seen.contains(c) {
                // Seen in the talon: never in his discards (he discarded
                // before drawing), in his hand only if he drew it.
                allowed &= if leftover && me_dealer {
                    TALON
                } else {
                    HAND | TALON
                };
            } else if leftover {
                allowed &= !TALON;
            }
            if allowed == 0 {
                return Err(Impossible(format!("card {c} has nowhere to be")));
            }
            cards.push((c, allowed));
        }
        for (i, &size) in sizes.iter().enumerate() {
            let forced = cards.iter().filter(|&&(_, a)| a == 1 << i).count();
            let possible = cards.iter().filter(|&&(_, a)| a & (1 << i) != 0).count();
            if forced > size || possible < size {
                return Err(Impossible(format!(
                    "no layout fits the counts (place {i}: {forced} forced, {possible} possible, {size} needed)"
                )));
            }
        }
        // Most constrained first, for the sampler.
        cards.sort_by_key(|&(c, a)| (a.count_ones(), c.index()));
        let t = trick_state(obs);
        let opp_played = t.played_by[obs.seat.other().index()];
        let mut constraints = Vec::new();
        let two_step = |c: Category| match c {
            Category::Point => rules.protocol != piquet_engine::rules::Protocol::OneStep,
            Category::Sequence => {
                rules.protocol == piquet_engine::rules::Protocol::TwoStepPointAndSequence
            }
            Category::Sets => false,
        };
        for (i, category) in [Category::Point, Category::Sequence, Category::Sets]
            .into_iter()
            .enumerate()
        {
            let d = &obs.declarations[i];
            let Some(claim) = d.elder else { continue };
            if me_dealer {
                // The opponent is elder: his claim names a real holding.
                match claim {
                    Claim::Point { length, value } => {
                        constraints.push(Constraint {
                            test: Test::HasPoint { length, value },
                            weight_if_false: 0.0,
                        });
                    }
                    Claim::Sequence { length, top } => constraints.push(Constraint {
                        test: Test::HasSequence { length, top },
                        weight_if_false: 0.0,
                    }),
                    Claim::Set { rank, count } => constraints.push(Constraint {
                        test: Test::HasSet { rank, count },
                        weight_if_false: 0.0,
                    }),
                    Claim::Nothing => {
                        if inference && category != Category::Point {
                            constraints.push(Constraint {
                                test: Test::Nothing { category },
                                weight_if_false: 0.25,
                            });
                        }
                    }
                }
                if inference {
                    if let Some((cat, key)) = claim_key(&rules, claim, false) {
                        // Declaring less than his best is rare (Art. 21).
                        let full = claim_is_full(claim, two_step(cat));
                        if full {
                            constraints.push(Constraint {
                                test: Test::BestAtMost {
                                    category: cat,
                                    first_step: false,
                                    key,
                                },
                                weight_if_false: 0.35,
                            });
                        }
                    }
                }
            } else {
                // The opponent is the dealer: his answers to my claim.
                for (step, answer) in d.answers.iter().enumerate() {
                    let Some(answer) = answer else { continue };
                    let first_step = two_step(category) && step == 0;
                    let key = claim_key(&rules, claim, first_step).map_or(0, |(_, k)| k);
                    let c = match answer {
                        AnswerKind::Better => Constraint {
                            test: Test::BestAtLeast {
                                category,
                                first_step,
                                key,
                                strict: true,
                            },
                            weight_if_false: 0.0,
                        },
                        AnswerKind::Equal => {
                            if key == 0 {
                                // "Égal" to "pas de séquence": none either.
                                Constraint {
                                    test: Test::Nothing { category },
                                    weight_if_false: 0.0,
                                }
                            } else {
                                Constraint {
                                    test: Test::BestAtLeast {
                                        category,
                                        first_step,
                                        key,
                                        strict: false,
                                    },
                                    weight_if_false: 0.0,
                                }
                            }
                        }
                        AnswerKind::Good => {
                            if !inference {
                                continue;
                            }
                            Constraint {
                                test: Test::BestAtMost {
                                    category,
                                    first_step,
                                    key,
                                },
                                weight_if_false: 0.1,
                            }
                        }
                    };
                    constraints.push(c);
                }
            }
        }
        Ok(Knowledge {
            rules,
            cards,
            sizes,
            opp_played,
            constraints,
            discard_weights: inference && obs.opponent_discards_len > 0,
        })
    }

    /// One world, or `None` after too many rejections. With `relax`, the
    /// claim constraints are ignored (a human's odd but legal declarations).
    fn try_sample(&self, rng: &mut SplitMix64, relax: bool) -> Option<World> {
        'attempt: for _ in 0..64 {
            let mut left = self.sizes;
            let mut places = [CardSet::EMPTY; 3];
            // Cards in order of constraint; ties broken at random by a
            // shuffled copy within each group.
            let mut order: Vec<(Card, u8)> = self.cards.clone();
            let mut start = 0;
            while start < order.len() {
                let k = order[start].1.count_ones();
                let mut end = start;
                while end < order.len() && order[end].1.count_ones() == k {
                    end += 1;
                }
                for i in (start + 1..end).rev() {
                    let j = start + rng.below((i - start + 1) as u32) as usize;
                    order.swap(i, j);
                }
                start = end;
            }
            for &(c, allowed) in &order {
                let mut total = 0;
                for (p, &l) in left.iter().enumerate() {
                    if allowed & (1 << p) != 0 {
                        total += l;
                    }
                }
                if total == 0 {
                    continue 'attempt;
                }
                let mut pick = rng.below(total as u32) as usize;
                for p in 0..3 {
                    if allowed & (1 << p) == 0 {
                        continue;
                    }
                    if pick < left[p] {
                        left[p] -= 1;
                        places[p].insert(c);
                        break;
                    }
                    pick -= left[p];
                }
            }
            let declared_with = places[0] | self.opp_played;
            let mut weight = 1.0;
            for c in &self.constraints {
                if !c.test.holds(&self.rules, declared_with) {
                    if c.weight_if_false == 0.0 {
                        if relax {
                            continue;
                        }
                        continue 'attempt;
                    }
                    weight *= c.weight_if_false;
                }
            }
            if self.discard_weights {
                for c in places[1] {
                    weight *= match c.rank() {
                        Rank::Ace => 0.3,
                        Rank::King => 0.5,
                        Rank::Queen => 0.7,
                        Rank::Jack => 0.85,
                        _ => 1.0,
                    };
                }
            }
            let mut talon: Vec<Card> = places[2].into_iter().collect();
            for i in (1..talon.len()).rev() {
                let j = rng.below(i as u32 + 1) as usize;
                talon.swap(i, j);
            }
            return Some(World {
                opp_hand: places[0],
                opp_discards: places[1],
                talon,
                weight,
            });
        }
        None
    }

    /// `n` worlds, resampled by weight from `n * oversample` candidates
    /// (with `oversample` 1 the weights are kept on the worlds instead).
    pub fn sample(&self, rng: &mut SplitMix64, n: usize, oversample: usize) -> Vec<World> {
        let candidates = n * oversample.max(1);
        let mut out = Vec::with_capacity(candidates);
        let mut relax = false;
        while out.len() < candidates {
            match self.try_sample(rng, relax) {
                Some(w) => out.push(w),
                None if !relax => relax = true,
                None => break,
            }
        }
        if oversample <= 1 || out.len() <= n {
            return out;
        }
        // Systematic resampling: n worlds of equal weight.
        let total: f64 = out.iter().map(|w| w.weight).sum();
        if total <= 0.0 {
            out.truncate(n);
            return out;
        }
        let step = total / n as f64;
        let mut u = step * (rng.below(1 << 20) as f64 / f64::from(1u32 << 20));
        let mut acc = 0.0;
        let mut picked = Vec::with_capacity(n);
        for w in &out {
            acc += w.weight;
            while u < acc && picked.len() < n {
                let mut chosen = w.clone();
                chosen.weight = 1.0;
                picked.push(chosen);
                u += step;
            }
        }
        picked
    }
}

/// Whether a claim was said in full (the value or top card is known).
fn claim_is_full(claim: Claim, two_step: bool) -> bool {
    match claim {
        Claim::Point { value, .. } => value.is_some() || !two_step,
        Claim::Sequence { top, .. } => top.is_some() || !two_step,
        _ => true,
    }
}
