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
//! partial declaration, discards of high cards, and, when asked
//! ([`Knowledge::read_count`]), the number of cards he exchanged.

use crate::heuristic::Version;
use crate::view::{before_exchange_end, leftover_seen, trick_state, unplaced};
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
    /// Weigh each world by whether a sound player would have exchanged as
    /// many cards as he did with the hand he held before it.
    count_evidence: Option<CountEvidence>,
}

/// The number of cards the opponent exchanged, read as evidence of the hand
/// he held before the exchange ([`Knowledge::read_count`]).
#[derive(Clone, Copy, Debug)]
struct CountEvidence {
    /// Who is taken to have chosen the number.
    model: Version,
    /// How many he took, and the limits he had (Art. 4).
    took: u8,
    lo: u8,
    hi: u8,
    /// Whether he is the dealer.
    dealer: bool,
    /// Talon cards this seat saw: those in his hand he drew.
    seen: CardSet,
    /// The weight of a world whose hand the model would have exchanged
    /// otherwise.
    weight_if_other: f64,
}

impl CountEvidence {
    /// 1 if the model, holding in this world the hand he had before the
    /// exchange (his cards now, `held`, less those he drew, plus his
    /// discards), would have taken as many cards as he did; else the
    /// weight of a world that says otherwise. Which cards he drew is drawn
    /// at random (one unbiased sample of the likelihood per world).
    fn likelihood(
        &self,
        rules: &Rules,
        held: CardSet,
        discards: CardSet,
        rng: &mut SplitMix64,
    ) -> f64 {
        let k = usize::from(self.took);
        let mut drawn = held & self.seen;
        let mut rest: Vec<Card> = (held - drawn).into_iter().collect();
        while drawn.len() < k && !rest.is_empty() {
            let i = rng.below(rest.len() as u32) as usize;
            drawn.insert(rest.swap_remove(i));
        }
        let before = (held - drawn) | discards;
        let would = self
            .model
            .exchange_count(rules, before, self.lo, self.hi, self.dealer);
        if would == self.took {
            1.0
        } else {
            self.weight_if_other
        }
    }
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

/// How many hidden cards lie in each place: the opponent's hand, his
/// discards, the talon (from the observation's counts).
fn hidden_sizes(obs: &Observation) -> [usize; 3] {
    [
        usize::from(obs.opponent_hand_len),
        usize::from(obs.opponent_discards_len),
        usize::from(obs.talon_left),
    ]
}

/// Where each hidden card may lie (bit set of HAND, DISCARDS, TALON), most
/// constrained first: read from the opponent's voids, the cards he showed,
/// the talon cards this seat saw and the leftover look; an error when the
/// places cannot hold the counts `sizes`.
fn places(obs: &Observation, sizes: [usize; 3]) -> Result<Vec<(Card, u8)>, Impossible> {
    let me_dealer = obs.seat == obs.dealer;
    let hidden = unplaced(obs);
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
    Ok(cards)
}

/// What the declarations say of the opponent's hand, category by category:
/// his claims when he is elder ([`claim_constraints`]), his answers to this
/// seat's claims when he is the dealer ([`answer_constraints`]).
fn declaration_constraints(obs: &Observation, inference: bool) -> Vec<Constraint> {
    let me_dealer = obs.seat == obs.dealer;
    let mut constraints = Vec::new();
    for (i, category) in [Category::Point, Category::Sequence, Category::Sets]
        .into_iter()
        .enumerate()
    {
        let d = &obs.declarations[i];
        let Some(claim) = d.elder else { continue };
        if me_dealer {
            claim_constraints(&obs.rules, category, claim, inference, &mut constraints);
        } else {
            answer_constraints(
                &obs.rules,
                category,
                claim,
                &d.answers,
                inference,
                &mut constraints,
            );
        }
    }
    constraints
}

/// Whether `category` is declared in two steps under `rules` (length, then
/// value or top card).
fn two_step(rules: &Rules, category: Category) -> bool {
    match category {
        Category::Point => rules.protocol != piquet_engine::rules::Protocol::OneStep,
        Category::Sequence => {
            rules.protocol == piquet_engine::rules::Protocol::TwoStepPointAndSequence
        }
        Category::Sets => false,
    }
}

/// The opponent is elder: his claim in `category` names a real holding;
/// with `inference`, a claim of nothing or of a full holding says he has
/// nothing better, most likely (declaring less than his best is rare,
/// Art. 21).
fn claim_constraints(
    rules: &Rules,
    category: Category,
    claim: Claim,
    inference: bool,
    constraints: &mut Vec<Constraint>,
) {
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
        if let Some((cat, key)) = claim_key(rules, claim, false) {
            // Declaring less than his best is rare (Art. 21).
            let full = claim_is_full(claim, two_step(rules, cat));
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
}

/// The opponent is the dealer: his answers to this seat's `claim` in
/// `category`, step by step (better, equal: hard; good: soft, with
/// `inference` only).
fn answer_constraints(
    rules: &Rules,
    category: Category,
    claim: Claim,
    answers: &[Option<AnswerKind>],
    inference: bool,
    constraints: &mut Vec<Constraint>,
) {
    for (step, answer) in answers.iter().enumerate() {
        let Some(answer) = answer else { continue };
        let first_step = two_step(rules, category) && step == 0;
        let key = claim_key(rules, claim, first_step).map_or(0, |(_, k)| k);
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

impl Knowledge {
    /// Gathers the constraints of an observation. `inference` adds the soft
    /// evidence (weights); without it only the hard constraints are used.
    pub fn new(obs: &Observation, inference: bool) -> Result<Knowledge, Impossible> {
        let sizes = hidden_sizes(obs);
        let cards = places(obs, sizes)?;
        let t = trick_state(obs);
        let opp_played = t.played_by[obs.seat.other().index()];
        Ok(Knowledge {
            rules: obs.rules,
            cards,
            sizes,
            opp_played,
            constraints: declaration_constraints(obs, inference),
            discard_weights: inference && obs.opponent_discards_len > 0,
            count_evidence: None,
        })
    }

    /// Reads the number of cards the opponent exchanged as evidence of his
    /// hand: a world where `model`, holding the hand he had before the
    /// exchange there, would have taken another number weighs
    /// `weight_if_other` (docs/spec/AI-NOTES.md: "weight the sampled hands by how likely
    /// the opponent's observed actions (exchange size …) were"). Which of
    /// his cards he drew is drawn at random in each world (every order of
    /// the talon is as likely), the talon cards this seat saw among them.
    /// Nothing is read before he has exchanged, after a carte blanche (his
    /// number was said before he saw his draw, Art. 5) or with a weight of 1.
    pub fn read_count(mut self, obs: &Observation, model: Version, weight_if_other: f64) -> Self {
        let exchanged = !before_exchange_end(obs.phase);
        let me_dealer = obs.seat == obs.dealer;
        let took = obs.opponent_discards_len;
        if weight_if_other >= 1.0
            || obs.carte_blanche.iter().any(|&b| b)
            || !(exchanged || me_dealer && took > 0)
        {
            return self;
        }
        let mine = obs.discards.len() as u8;
        let talon = mine + took + obs.talon_left;
        let (lo, hi) = if me_dealer {
            // He is elder: he took first, from the whole talon.
            (1, self.rules.elder_max.min(talon))
        } else {
            // He is the dealer: he took from what I left.
            let left = talon - mine;
            (self.rules.dealer_min_for(mine).min(left), left)
        };
        self.count_evidence = Some(CountEvidence {
            model,
            took,
            lo,
            hi,
            dealer: !me_dealer,
            seen: obs.talon_seen,
            weight_if_other,
        });
        self
    }

    /// Whether a layout of the hidden cards meets every hard constraint:
    /// the true layout always does (tested), sampled worlds always do.
    pub fn admits(&self, opp_hand: CardSet, opp_discards: CardSet, talon: CardSet) -> bool {
        let places = [opp_hand, opp_discards, talon];
        let sizes_ok = places.iter().zip(self.sizes).all(|(p, n)| p.len() == n);
        let hidden: CardSet = self.cards.iter().map(|&(c, _)| c).collect();
        let placed_ok = (opp_hand | opp_discards | talon) == hidden
            && self.cards.iter().all(|&(c, allowed)| {
                (0..3).any(|p| allowed & (1 << p) != 0 && places[p].contains(c))
            });
        let declared_with = opp_hand | self.opp_played;
        sizes_ok
            && placed_ok
            && self
                .constraints
                .iter()
                .all(|c| c.weight_if_false > 0.0 || c.test.holds(&self.rules, declared_with))
    }

    /// Cards to put in his hand so that each claim he made is held: for
    /// each, one way of holding it chosen at random among those the hidden
    /// cards allow; `None` when the choices collide.
    fn claimed_cards(&self, rng: &mut SplitMix64) -> Option<CardSet> {
        let hand_ok: CardSet = self
            .cards
            .iter()
            .filter(|&&(_, a)| a & HAND != 0)
            .map(|&(c, _)| c)
            .collect();
        // Cards surely his: played by him, or shown and only placeable in his hand.
        let sure: CardSet = self
            .cards
            .iter()
            .filter(|&&(_, a)| a == HAND)
            .map(|&(c, _)| c)
            .collect::<CardSet>()
            | self.opp_played;
        let mut forced = CardSet::EMPTY;
        let pick = |n: usize, rng: &mut SplitMix64| rng.below(n as u32) as usize;
        for c in &self.constraints {
            if c.weight_if_false > 0.0 {
                continue;
            }
            let his = sure | forced;
            let avail = hand_ok | his;
            let ways: Vec<CardSet> = match c.test {
                Test::HasSet { rank, count } => {
                    let cards = avail & CardSet::rank_mask(rank);
                    if cards.len() < usize::from(count) {
                        return None;
                    }
                    // His cards of that rank first, then random others.
                    let mut chosen = his & cards;
                    let mut rest: Vec<Card> = (cards - chosen).into_iter().collect();
                    while chosen.len() < usize::from(count) && !rest.is_empty() {
                        let i = pick(rest.len(), rng);
                        chosen.insert(rest.swap_remove(i));
                    }
                    vec![chosen]
                }
                Test::HasSequence { length, top } => {
                    let mut ways = Vec::new();
                    for suit in Suit::ALL {
                        for t in length.saturating_sub(1)..9 {
                            if top.is_some_and(|tp| tp.index() != t) {
                                continue;
                            }
                            let run: CardSet = (t + 1 - length..=t)
                                .map(|r| Card::new(suit, Rank::from_index(r)))
                                .collect();
                            if avail.is_superset(run) && self.rules.deck_cards().is_superset(run) {
                                ways.push(run);
                            }
                        }
                    }
                    ways
                }
                Test::HasPoint { length, value } => {
                    let mut ways = Vec::new();
                    for suit in Suit::ALL {
                        let cards: Vec<Card> = avail.in_suit(suit).into_iter().collect();
                        let n = cards.len();
                        if n < usize::from(length) {
                            continue;
                        }
                        for m in 0u32..1 << n {
                            if m.count_ones() != u32::from(length) {
                                continue;
                            }
                            let set: CardSet = (0..n)
                                .filter(|i| m & (1 << i) != 0)
                                .map(|i| cards[i])
                                .collect();
                            if value.is_none_or(|v| set.value() == v) {
                                ways.push(set);
                            }
                        }
                    }
                    ways
                }
                Test::BestAtLeast {
                    category,
                    first_step,
                    key,
                    strict,
                } => holdings_beating(&self.rules, avail, category, first_step, key, strict),
                _ => continue,
            };
            if ways.is_empty() {
                return None;
            }
            // Ways that need fewer cards still in his hand are likelier (the
            // rest was played): weight 1/4 per card still to place.
            let weight = |w: &CardSet| 0.25f64.powi((*w - his).len() as i32);
            let total: f64 = ways.iter().map(weight).sum();
            let mut u = total * f64::from(rng.below(1 << 20)) / f64::from(1u32 << 20);
            let mut chosen = ways[ways.len() - 1];
            for w in &ways {
                u -= weight(w);
                if u < 0.0 {
                    chosen = *w;
                    break;
                }
            }
            forced |= chosen - self.opp_played;
        }
        Some(forced & hand_ok)
    }

    /// One world, or `None` after too many rejections. With `relax`, the
    /// claim constraints are ignored (a human's odd but legal declarations).
    fn try_sample(&self, rng: &mut SplitMix64, relax: bool) -> Option<World> {
        'attempt: for attempt in 0..200 {
            let mut left = self.sizes;
            let mut places = [CardSet::EMPTY; 3];
            // Plain rejection first (exact conditional sampling); when the
            // claims are too tight for it, the cards they name go to his
            // hand first (a random way of holding each claim).
            let forced = if relax || attempt < 40 {
                CardSet::EMPTY
            } else {
                match self.claimed_cards(rng) {
                    Some(f) => f,
                    None => continue 'attempt,
                }
            };
            // Place by place: the talon, then his discards, from the cards
            // allowed there (those with no later place first), and his hand
            // takes the rest; a dead end starts the attempt again.
            let mut unplaced: Vec<(Card, u8)> = self
                .cards
                .iter()
                .map(|&(c, a)| (c, if forced.contains(c) { HAND } else { a }))
                .collect();
            for (p, bit, later) in [(2usize, TALON, DISCARDS | HAND), (1, DISCARDS, HAND)] {
                // Cards with no place left but this one.
                let must: Vec<Card> = unplaced
                    .iter()
                    .filter(|&&(_, a)| a & later == 0)
                    .map(|&(c, _)| c)
                    .collect();
                if must.len() > left[p] {
                    continue 'attempt;
                }
                for c in must {
                    places[p].insert(c);
                }
                left[p] -= places[p].len();
                unplaced.retain(|&(c, _)| !places[p].contains(c));
                let mut can: Vec<usize> = (0..unplaced.len())
                    .filter(|&i| unplaced[i].1 & bit != 0)
                    .collect();
                if can.len() < left[p] {
                    continue 'attempt;
                }
                for _ in 0..left[p] {
                    let k = rng.below(can.len() as u32) as usize;
                    let i = can.swap_remove(k);
                    places[p].insert(unplaced[i].0);
                }
                left[p] = 0;
                unplaced.retain(|&(c, _)| !places[p].contains(c));
            }
            if unplaced.len() != left[0] || unplaced.iter().any(|&(_, a)| a & HAND == 0) {
                continue 'attempt;
            }
            places[0] = unplaced.iter().map(|&(c, _)| c).collect();
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
            if let Some(e) = &self.count_evidence {
                weight *= e.likelihood(&self.rules, declared_with, places[1], rng);
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

/// Every holding of `avail` whose key at this protocol step is at least
/// (`strict`: above) `key`: subsets of one suit for the point, runs for
/// sequences, three or four of a rank for sets.
fn holdings_beating(
    rules: &Rules,
    avail: CardSet,
    category: Category,
    first_step: bool,
    key: u32,
    strict: bool,
) -> Vec<CardSet> {
    let ok = |k: u32| if strict { k > key } else { k >= key };
    let mut out = Vec::new();
    match category {
        Category::Point => {
            for suit in Suit::ALL {
                let cards: Vec<Card> = avail.in_suit(suit).into_iter().collect();
                let n = cards.len();
                for m in 1u32..1 << n {
                    let set: CardSet = (0..n)
                        .filter(|i| m & (1 << i) != 0)
                        .map(|i| cards[i])
                        .collect();
                    if let Some(p) = Point::of(set) {
                        let k = if first_step {
                            u32::from(p.length)
                        } else {
                            p.key(rules)
                        };
                        if ok(k) {
                            out.push(set);
                        }
                    }
                }
            }
        }
        Category::Sequence => {
            for suit in Suit::ALL {
                for length in 3u8..=9 {
                    for t in length - 1..9 {
                        let k = if first_step {
                            u32::from(length)
                        } else {
                            u32::from(length) << 8 | u32::from(t)
                        };
                        if !ok(k) {
                            continue;
                        }
                        let run: CardSet = (t + 1 - length..=t)
                            .map(|r| Card::new(suit, Rank::from_index(r)))
                            .collect();
                        if avail.is_superset(run) {
                            out.push(run);
                        }
                    }
                }
            }
        }
        Category::Sets => {
            for rank in [Rank::Ten, Rank::Jack, Rank::Queen, Rank::King, Rank::Ace] {
                let cards = avail & CardSet::rank_mask(rank);
                for count in 3u8..=4 {
                    if cards.len() < usize::from(count) || !ok(u32::from(count) << 8 | rank as u32)
                    {
                        continue;
                    }
                    if count == 4 {
                        out.push(cards);
                    } else {
                        for c in cards {
                            let three = if cards.len() == 4 {
                                cards - c.set()
                            } else {
                                cards
                            };
                            if !out.contains(&three) {
                                out.push(three);
                            }
                        }
                    }
                }
            }
        }
    }
    out
}
