//! The sampling players: Perfect Information Monte Carlo for the play (each
//! sampled world solved exactly from the current trick by the [`Solver`]),
//! and the exchange chosen by evaluating candidate discards on common
//! sampled worlds (a cheap greedy play-out ranks them all, the exact solver
//! decides between the finalists on fresh worlds, against the optimizer's
//! curse).

use crate::advice;
use crate::eval::{declarations, greedy_playout_bits};
use crate::heuristic::{self, Version};
use crate::level::{AiError, ExchangeMethod, LevelSpec, SampledExchange};
use crate::player::Player;
use crate::position::BitPosition;
use crate::rules::Objective;
use crate::sample::{Knowledge, World};
use crate::solver::Solver;
use crate::view::{bit_position, play_rules, player_of};
use piquet_engine::combos;
use piquet_engine::rules::ScoredCombos;
use piquet_engine::{Card, CardSet, Category, Observation, Rules, SplitMix64};
use piquet_words::ByLang;
use std::cell::RefCell;

thread_local! {
    /// One solver per thread, its table kept from one decision to the next
    /// (entries are exact, so a warm table changes only the speed).
    static SOLVER: RefCell<Solver> = RefCell::new(Solver::new());
    /// Solvers for the two target objectives (my points, the opponent's),
    /// each keeping its own table; smaller, as they serve decisive deals only.
    static GOAL_SOLVERS: RefCell<[Solver; 2]> =
        RefCell::new([Solver::with_table_log2(14), Solver::with_table_log2(14)]);
}

/// What the score of the game makes of this deal's points (RULES.md 9): a
/// count that the player to decide (index 0) or his opponent (index 1)
/// would be glad to make sure of in this deal, and what making sure of it is
/// worth beside the deal's margin. In a cent game: reaching the target at
/// the end of the deal wins the game. In the last deal of a Rubicon partie:
/// the player behind escapes being rubiconed by reaching 100, which changes
/// the winner's gain by twice the loser's total.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stakes {
    /// Points still needed in this deal, counted from the deal's current
    /// score; `None` where nothing is at stake for that player.
    pub need: [Option<u16>; 2],
    /// The worth of making sure of it, in points.
    pub worth: [f64; 2],
    /// The count at stake (the target, or 100 for the rubicon), for the reason.
    pub threshold: u16,
}

/// No stakes beyond the margin when a need is larger than this: nobody makes
/// sure of more in the play (a capot and pic aside, which the margin already
/// wants).
const REACHABLE: u16 = 60;

impl Stakes {
    /// Stakes from the game's totals (`mine`, `theirs`: game or partie totals
    /// plus the points of this deal so far).
    pub fn new(
        format: piquet_engine::rules::Format,
        target: Option<u16>,
        last_rubicon_deal: bool,
        mine: u16,
        theirs: u16,
    ) -> Option<Stakes> {
        use piquet_engine::rules::Format;
        let need = |have: u16, threshold: u16| {
            (have < threshold && threshold - have <= REACHABLE).then(|| threshold - have)
        };
        let stakes = match (format, target) {
            (Format::Cent { .. }, Some(t)) => Stakes {
                need: [need(mine, t), need(theirs, t)],
                // Winning the game outweighs any margin of one deal.
                worth: [200.0, 200.0],
                threshold: t,
            },
            (Format::Rubicon { .. }, _) if last_rubicon_deal => Stakes {
                need: [
                    if mine < theirs { need(mine, 100) } else { None },
                    if theirs < mine {
                        need(theirs, 100)
                    } else {
                        None
                    },
                ],
                worth: [200.0, 200.0],
                threshold: 100,
            },
            _ => return None,
        };
        (stakes.need != [None, None]).then_some(stakes)
    }
}

/// What `spec` knows of the hidden cards: the hard facts, and with its
/// inference the soft evidence, the number the opponent exchanged included.
fn knowledge(obs: &Observation, spec: &LevelSpec) -> Result<Knowledge, AiError> {
    let know = Knowledge::new(obs, spec.inference).map_err(|e| AiError::Inconsistent(e.0))?;
    Ok(if spec.inference {
        know.read_count(obs, spec.heuristic, f64::from(spec.count_evidence))
    } else {
        know
    })
}

/// What a category scores for a hand that wins it with its best holding
/// (RULES.md 5.1–5.3: the declared one plus, under Art. 7–8, the others not
/// better).
pub fn category_points(rules: &Rules, hand: CardSet, category: Category) -> u16 {
    let all = rules.scored_combos == ScoredCombos::DeclaredAndNotBetter;
    match category {
        Category::Point => combos::best_point(hand, rules).map_or(0, |p| p.score(rules)),
        Category::Sequence => combos::sequences(hand)
            .enumerate()
            .filter(|(i, _)| *i == 0 || all)
            .map(|(_, q)| q.score(rules))
            .sum(),
        Category::Sets => combos::sets(hand)
            .enumerate()
            .filter(|(i, _)| *i == 0 || all)
            .map(|(_, s)| s.score())
            .sum(),
    }
}

/// What the dealer will count after elder's first lead in this world
/// (Art. 14): categories he is known to have won, those elder left to him,
/// and his carte blanche. Only asked at elder's first lead.
pub(crate) fn dealer_pending(obs: &Observation, world: &World) -> u16 {
    if !obs.plays.is_empty() || obs.seat == obs.dealer {
        return 0;
    }
    let dealer = obs.dealer;
    let mut pending = 0;
    if obs.carte_blanche[dealer.index()] {
        pending += u16::from(obs.rules.carte_blanche);
    }
    for (i, category) in [Category::Point, Category::Sequence, Category::Sets]
        .into_iter()
        .enumerate()
    {
        let d = &obs.declarations[i];
        let elder_nothing = d.elder == Some(piquet_engine::Claim::Nothing);
        if d.winner == Some(dealer) || (elder_nothing && category != Category::Sequence) {
            pending += category_points(&obs.rules, world.opp_hand, category);
        }
    }
    pending
}

/// How many of the opponent's last `cards` cards were not among his best in
/// `world` with every card known (the exact values of his legal cards
/// then): the play replayed from its first trick with both hands as they
/// were. 0 when the position cannot be rebuilt.
fn cards_not_best(
    obs: &Observation,
    world: &World,
    rules: &crate::rules::PlayRules,
    cards: usize,
    solver: &mut Solver,
) -> i32 {
    let opp_plays = obs.plays.iter().filter(|&&(s, _)| s != obs.seat).count();
    let read_from = opp_plays.saturating_sub(cards);
    if opp_plays == 0 || cards == 0 {
        return 0;
    }
    let me = player_of(obs.seat, obs.dealer);
    let mut hands = [0; 2];
    hands[me.index()] = obs.hand.bits();
    hands[me.other().index()] = world.opp_hand.bits();
    for &(seat, card) in &obs.plays {
        hands[player_of(seat, obs.dealer).index()] |= CardSet::from(card).bits();
    }
    // The scores when the play began (they only decide pic): today's, less
    // what the cards have scored since.
    let elder = obs.dealer.other();
    let now = [obs.scores[elder.index()], obs.scores[obs.dealer.index()]];
    let mut replay = BitPosition::start(hands, [0, 0], rules);
    let mut scored = [0u16; 2];
    for &(_, card) in &obs.plays {
        if replay.legal_moves() & (1u64 << card.index()) == 0 {
            return 0;
        }
        let p = replay.play(card.index(), rules);
        scored = [scored[0] + p[0], scored[1] + p[1]];
    }
    let start = [
        now[0].saturating_sub(scored[0]),
        now[1].saturating_sub(scored[1]),
    ];
    let mut pos = BitPosition::start(hands, start, rules);
    pos.first_lead_suit = obs.announced_lead_suit.map(|s| s.index());
    if pos.validate().is_err() {
        return 0;
    }
    let mut seen = 0;
    let mut not_best = 0;
    for &(seat, card) in &obs.plays {
        let c = card.index();
        if seat != obs.seat {
            if seen >= read_from && pos.legal_moves().count_ones() > 1 {
                let values = solver.solve_all_moves_bits(&pos, rules, me.other());
                let best = values.iter().map(|&(_, v)| v).max();
                let v = values.iter().find(|&&(x, _)| x == c).map(|&(_, v)| v);
                not_best += i32::from(v.is_some() && v != best);
            }
            seen += 1;
        }
        pos.play(c, rules);
    }
    not_best
}

/// PIMC for the play: the card with the best weighted mean exact value over
/// `worlds` sampled worlds. Ties go to the heuristic's card.
pub fn pimc_card(
    obs: &Observation,
    legal: CardSet,
    spec: &LevelSpec,
    worlds: usize,
    stakes: Option<Stakes>,
    rng: &mut SplitMix64,
) -> Result<(Card, ByLang<String>), AiError> {
    let know = knowledge(obs, spec)?;
    let sampled = know.sample(rng, worlds, spec.oversample());
    if sampled.is_empty() {
        // The sampler found no world in its budget: play as the heuristic.
        let c = spec
            .heuristic
            .play_card(obs, legal)
            .ok_or(AiError::NotMyTurn)?;
        return Ok((c, advice::play(obs, legal, c, None)));
    }
    let rules = play_rules(&obs.rules);
    let me = player_of(obs.seat, obs.dealer);
    let opp = me.other();
    let mut sums = [0f64; 36];
    let mut sure = [[0f64; 36]; 2];
    let mut total = 0f64;
    SOLVER.with(|s| {
        let mut solver = s.borrow_mut();
        for w in &sampled {
            let pending = dealer_pending(obs, w);
            let pos = bit_position(obs, w.opp_hand, pending);
            if pos.validate().is_err() {
                continue;
            }
            let mut weight = w.weight;
            if spec.evidence_cards > 0 && spec.play_evidence < 1.0 {
                let cards = usize::from(spec.evidence_cards);
                let n = cards_not_best(obs, w, &rules, cards, &mut solver);
                weight *= f64::from(spec.play_evidence).powi(n);
            }
            for (c, v) in solver.solve_all_moves_bits(&pos, &rules, me) {
                sums[usize::from(c)] += weight * f64::from(v);
            }
            if let Some(st) = stakes {
                // The dealer's declarations not yet counted are his already.
                let pend = |p: Player| if p == Player::Dealer { pending } else { 0 };
                GOAL_SOLVERS.with(|g| {
                    let mut goal = g.borrow_mut();
                    for (i, who) in [me, opp].into_iter().enumerate() {
                        let Some(need) = st.need[i] else { continue };
                        let need = i32::from(need) - i32::from(pend(who));
                        let r = rules.with_objective(Objective::Points(who));
                        // Oriented to `who`'s side, the value is his points whatever the other
                        // does: only whether it reaches `need` matters.
                        for (c, sure_of_it) in goal[i].reaches_all_moves_bits(&pos, &r, who, need) {
                            if sure_of_it {
                                sure[i][usize::from(c)] += weight;
                            }
                        }
                    }
                });
            }
            total += weight;
        }
    });
    if let Some(st) = stakes {
        for c in 0..36 {
            sums[c] += st.worth[0] * sure[0][c] - st.worth[1] * sure[1][c];
        }
    }
    if total <= 0.0 {
        return Err(AiError::Inconsistent(
            "the sampled worlds do not fit the trick in progress".into(),
        ));
    }
    let preferred = spec.heuristic.play_card(obs, legal);
    let mut ranked: Vec<(f64, Card)> = legal
        .into_iter()
        .map(|c| (sums[usize::from(c.index())] / total, c))
        .collect();
    ranked.sort_by(|a, b| {
        b.0.total_cmp(&a.0)
            .then_with(|| (Some(b.1) == preferred).cmp(&(Some(a.1) == preferred)))
            .then_with(|| a.1.index().cmp(&b.1.index()))
    });
    let (best_v, best) = ranked[0];
    // Equal values within a hair: prefer the heuristic's card among them.
    let chosen = ranked
        .iter()
        .take_while(|(v, _)| best_v - v < 1e-9)
        .find(|(_, c)| Some(*c) == preferred)
        .map_or(best, |&(_, c)| c);
    let next = ranked
        .iter()
        .find(|&&(_, c)| c != chosen)
        .map(|&(v, c)| (c, best_v - v));
    if let Some(st) = stakes {
        // Only a side that still needs the count has chances to tell.
        let pct = |i: usize| {
            st.need[i].map(|_| (100.0 * sure[i][usize::from(chosen.index())] / total).round())
        };
        // Whether this card decides anything: another legal card would change a side's
        // chances of being sure of the count.
        let at = |i: usize, c: Card| sure[i][usize::from(c.index())];
        let decides = legal.into_iter().any(|c| {
            (0..2).any(|i| st.need[i].is_some() && (at(i, c) - at(i, chosen)).abs() > 1e-9 * total)
        });
        let why = advice::stakes(
            obs,
            legal,
            (chosen, next),
            st.threshold,
            (pct(0), pct(1)),
            decides,
        );
        return Ok((chosen, why));
    }
    let why = advice::play(obs, legal, chosen, next);
    Ok((chosen, why))
}

/// The candidate discards: for each count, the heuristic's greedy discard
/// and its near variants, and the throw of a whole weak suit.
pub fn candidates(rules: &Rules, hand: CardSet, lo: u8, hi: u8, dealer: bool) -> Vec<CardSet> {
    let mut order = Vec::new();
    let mut rest = hand;
    for _ in 0..(usize::from(hi) + 3).min(hand.len()) {
        let c = heuristic::v1::discard_greedy(rules, rest, 1, dealer);
        let Some(card) = c.lowest() else { break };
        rest.remove(card);
        order.push(card);
    }
    let set = |cards: &[Card]| -> CardSet { cards.iter().copied().collect() };
    let kmin = if dealer {
        lo
    } else {
        lo.max(hi.saturating_sub(2))
    };
    let mut out: Vec<CardSet> = Vec::new();
    let push = |d: CardSet, out: &mut Vec<CardSet>| {
        if d.len() >= usize::from(lo) && d.len() <= usize::from(hi) && !out.contains(&d) {
            out.push(d);
        }
    };
    for k in kmin..=hi {
        let k = usize::from(k);
        if k > order.len() {
            break;
        }
        let base = set(&order[..k]);
        push(base, &mut out);
        if k == 0 {
            continue;
        }
        for j in k..(k + 2).min(order.len()) {
            let mut v = base;
            v.remove(order[k - 1]);
            v.insert(order[j]);
            push(v, &mut out);
            if k >= 2 {
                let mut w = base;
                w.remove(order[k - 2]);
                w.insert(order[j]);
                push(w, &mut out);
            }
        }
        // Throw a whole short suit without its ace, filled up greedily.
        for s in hand.suits() {
            let suit = hand.in_suit(s);
            if suit.len() > k
                || suit
                    .into_iter()
                    .any(|c| c.rank() == piquet_engine::Rank::Ace)
            {
                continue;
            }
            let mut d = suit;
            for &c in &order {
                if d.len() >= k {
                    break;
                }
                d.insert(c);
            }
            push(d, &mut out);
        }
    }
    out
}

/// How a world is played out once both hands are known.
#[derive(Clone, Copy)]
enum PlayEval {
    Greedy,
    Exact,
}

/// The two hands at the end of the exchange in `world` when this seat
/// discards `discard` now, the opponent exchanging as `model` would (when
/// he is still to exchange): `[elder, dealer]`. `dealer_after` caches the
/// dealer's hand per number of cards elder took (it does not depend on
/// which cards he threw).
fn final_hands(
    obs: &Observation,
    model: Version,
    discard: CardSet,
    world: &World,
    dealer_after: &mut [Option<CardSet>; 10],
) -> Option<[CardSet; 2]> {
    let rules = &obs.rules;
    let k = discard.len();
    let mine = (obs.hand - discard) | world.talon.get(..k)?.iter().copied().collect::<CardSet>();
    let hands = if obs.seat == obs.dealer {
        [world.opp_hand, mine]
    } else {
        let dealer = match dealer_after.get(k).copied().flatten() {
            Some(d) => d,
            None => {
                let left = &world.talon[k..];
                let dmin = rules.dealer_min_for(k as u8).min(left.len() as u8);
                let thrown =
                    model.model_discard(rules, world.opp_hand, dmin, left.len() as u8, true);
                let drawn: CardSet = left[..thrown.len()].iter().copied().collect();
                let d = (world.opp_hand - thrown) | drawn;
                if let Some(slot) = dealer_after.get_mut(k) {
                    *slot = Some(d);
                }
                d
            }
        };
        [mine, dealer]
    };
    (hands[0].len() == 12 && hands[1].len() == 12).then_some(hands)
}

/// One candidate's values, world by world.
type PerWorld = Vec<Option<Value>>;

/// One candidate in one world, from the deciding seat's side: the margin of
/// the declarations, and that of the play of the cards (pic included).
#[derive(Clone, Copy)]
struct Value {
    declared: f64,
    played: f64,
}

/// The values of `cands` in each of `worlds` (`None` where a candidate
/// cannot be played out in a world); `how: None` values the declarations
/// only.
fn values_in(
    obs: &Observation,
    model: Version,
    cands: &[CardSet],
    worlds: &[World],
    how: Option<PlayEval>,
    solver: &mut Solver,
) -> Vec<PerWorld> {
    let sign = if obs.seat == obs.dealer { -1.0 } else { 1.0 };
    let rules = &obs.rules;
    let prules = play_rules(rules);
    let mut out = vec![Vec::with_capacity(worlds.len()); cands.len()];
    for w in worlds {
        let mut dealer_after = [None; 10];
        for (i, &d) in cands.iter().enumerate() {
            let v = final_hands(obs, model, d, w, &mut dealer_after).map(|[elder, dealer]| {
                let decl = declarations(rules, elder, dealer, [false; 2]);
                let pos = BitPosition::start([elder.bits(), dealer.bits()], decl, &prules);
                let play = match how {
                    None => 0,
                    Some(PlayEval::Greedy) => greedy_playout_bits(&pos, &prules),
                    Some(PlayEval::Exact) => solver.solve_bits(&pos, &prules, Player::Elder),
                };
                Value {
                    declared: sign * (f64::from(decl[0]) - f64::from(decl[1])),
                    played: sign * f64::from(play),
                }
            });
            out[i].push(v);
        }
    }
    out
}

/// The weighted mean of `f` over one candidate's values (`None` if it has
/// none).
fn mean_of(values: &[Option<Value>], worlds: &[World], f: fn(&Value) -> f64) -> Option<f64> {
    let (mut sum, mut n) = (0f64, 0f64);
    for (v, w) in values.iter().zip(worlds) {
        if let Some(v) = v {
            sum += w.weight * f(v);
            n += w.weight;
        }
    }
    (n > 0.0).then(|| sum / n)
}

/// The mean of `f(a) − f(b)` over the worlds where both have a value, and
/// the square of its standard error.
fn paired_difference(
    a: &[Option<Value>],
    b: &[Option<Value>],
    worlds: &[World],
    f: fn(&Value) -> f64,
) -> (f64, f64) {
    let pairs: Vec<(f64, f64)> = a
        .iter()
        .zip(b)
        .zip(worlds)
        .filter_map(|((x, y), w)| Some((w.weight, f(x.as_ref()?) - f(y.as_ref()?))))
        .collect();
    let n: f64 = pairs.iter().map(|p| p.0).sum();
    if pairs.len() < 2 || n <= 0.0 {
        return (0.0, f64::INFINITY);
    }
    let mean = pairs.iter().map(|(w, d)| w * d).sum::<f64>() / n;
    let var = pairs
        .iter()
        .map(|(w, d)| w * (d - mean).powi(2))
        .sum::<f64>()
        / n;
    (mean, var / (pairs.len() - 1) as f64)
}

fn total(v: &Value) -> f64 {
    v.declared + v.played
}

fn played(v: &Value) -> f64 {
    v.played
}

fn declared(v: &Value) -> f64 {
    v.declared
}

/// The candidates' values at one stage of the exchange: on the stage's
/// worlds, and, when the declarations are valued apart, on their own many
/// worlds (cheap to value: no play).
struct Stage<'a> {
    worlds: Vec<World>,
    values: Vec<PerWorld>,
    declared: Option<(&'a [World], &'a [PerWorld])>,
}

impl Stage<'_> {
    /// Candidate `i`'s estimated value: the mean of the declarations over
    /// their own worlds plus that of the play, or the mean of both together.
    fn estimate(&self, i: usize) -> f64 {
        let v = match self.declared {
            Some((worlds, values)) => mean_of(&values[i], worlds, declared)
                .zip(mean_of(&self.values[i], &self.worlds, played))
                .map(|(d, p)| d + p),
            None => mean_of(&self.values[i], &self.worlds, total),
        };
        v.unwrap_or(f64::MIN)
    }

    /// The estimated lead of candidate `i` over `j`, and its standard error.
    fn lead(&self, i: usize, j: usize) -> (f64, f64) {
        let (a, b) = (&self.values[i], &self.values[j]);
        let (mean, var) = match self.declared {
            Some((worlds, values)) => {
                let (d, dv) = paired_difference(&values[i], &values[j], worlds, declared);
                let (p, pv) = paired_difference(a, b, &self.worlds, played);
                (d + p, dv + pv)
            }
            None => paired_difference(a, b, &self.worlds, total),
        };
        (mean, var.sqrt())
    }

    /// Candidate indices, best estimate first (ties in candidate order).
    fn order(&self) -> Vec<(f64, usize)> {
        let mut o: Vec<(f64, usize)> = (0..self.values.len())
            .map(|i| (self.estimate(i), i))
            .collect();
        o.sort_by(|a, b| b.0.total_cmp(&a.0));
        o
    }
}

/// The exchange by sampled worlds (see the module docs). `lo..=hi` are the
/// discard limits.
pub fn sampled_exchange(
    obs: &Observation,
    lo: u8,
    hi: u8,
    spec: &LevelSpec,
    rng: &mut SplitMix64,
) -> Result<(CardSet, ByLang<String>), AiError> {
    let ExchangeMethod::Sampled(SampledExchange {
        worlds,
        finalists,
        solved_worlds,
        ranked,
        extra_worlds,
        stick,
        decl_worlds,
    }) = spec.exchange
    else {
        let d = spec.heuristic.discard(obs, lo, hi);
        return Ok((d, advice::exchange(obs, d, None)));
    };
    let me_dealer = obs.seat == obs.dealer;
    let mut cands = candidates(&obs.rules, obs.hand, lo, hi, me_dealer);
    // H's best discards, weighed among every discard of their size, compete
    // too, the best of them first.
    let h_ranked = heuristic::ranked_discards(obs, lo, hi, usize::from(ranked));
    for &h in h_ranked.iter().rev() {
        if let Some(i) = cands.iter().position(|&c| c == h) {
            cands.remove(i);
        }
        cands.insert(0, h);
    }
    let h_best = h_ranked.first().copied().filter(|_| stick > 0.0);
    if cands.len() <= 1 {
        let d = cands
            .first()
            .copied()
            .unwrap_or_else(|| spec.heuristic.discard(obs, lo, hi));
        return Ok((d, advice::exchange(obs, d, None)));
    }
    let know = knowledge(obs, spec)?;
    let model = spec.heuristic;
    let oversample = spec.oversample();
    SOLVER.with(|s| {
        let mut solver = s.borrow_mut();
        let first = know.sample(rng, usize::from(worlds), oversample);
        if first.is_empty() {
            // No world in the sampler's budget: the heuristic's exchange.
            let d = spec.heuristic.discard(obs, lo, hi);
            return Ok((d, advice::exchange(obs, d, None)));
        }
        // The declarations of every candidate on their own worlds.
        let decl_set = if decl_worlds > 0 {
            know.sample(rng, usize::from(decl_worlds), oversample)
        } else {
            Vec::new()
        };
        let decl_values = values_in(obs, model, &cands, &decl_set, None, &mut solver);
        let declared_apart = |keep: &[usize]| {
            (decl_worlds > 0 && !decl_set.is_empty()).then(|| {
                let v: Vec<PerWorld> = keep.iter().map(|&i| decl_values[i].clone()).collect();
                v
            })
        };
        let all: Vec<usize> = (0..cands.len()).collect();
        let first_decl = declared_apart(&all);
        let greedy = Stage {
            values: values_in(
                obs,
                model,
                &cands,
                &first,
                Some(PlayEval::Greedy),
                &mut solver,
            ),
            worlds: first,
            declared: first_decl.as_deref().map(|v| (&decl_set[..], v)),
        };
        let ranked = greedy.order();
        let mut keep: Vec<usize> = ranked
            .iter()
            .take(usize::from(finalists).max(1))
            .map(|&(_, i)| i)
            .collect();
        if let Some(h) = h_best.and_then(|h| cands.iter().position(|&c| c == h)) {
            if !keep.contains(&h) {
                keep.push(h);
            }
        }
        if keep.len() <= 1 || solved_worlds == 0 {
            let (v, i) = ranked[0];
            let why = advice::exchange(obs, cands[i], ranked.get(1).map(|f| (cands[f.1], v - f.0)));
            return Ok((cands[i], why));
        }
        let kept: Vec<CardSet> = keep.iter().map(|&i| cands[i]).collect();
        let exact_decl = declared_apart(&keep);
        let fresh = know.sample(rng, usize::from(solved_worlds), oversample);
        let mut exact = Stage {
            values: values_in(
                obs,
                model,
                &kept,
                &fresh,
                Some(PlayEval::Exact),
                &mut solver,
            ),
            worlds: fresh,
            declared: exact_decl.as_deref().map(|v| (&decl_set[..], v)),
        };
        let mut finals = exact.order();
        if extra_worlds > 0 && finals.len() > 1 {
            let (a, b) = (finals[0].1, finals[1].1);
            let (lead, se) = exact.lead(a, b);
            if lead < 2.0 * se {
                // Too close to call: more worlds, for the two of them only.
                let more = know.sample(rng, usize::from(extra_worlds), oversample);
                let pair = [kept[a], kept[b]];
                let mut more_values =
                    values_in(obs, model, &pair, &more, Some(PlayEval::Exact), &mut solver);
                for (i, v) in exact.values.iter_mut().enumerate() {
                    if i == a || i == b {
                        v.append(&mut more_values[usize::from(i == b)]);
                    } else {
                        v.extend(std::iter::repeat_n(None, more.len()));
                    }
                }
                exact.worlds.extend(more);
                finals = exact.order();
            }
        }
        let (mut v, mut best) = finals[0];
        if let Some(h) = h_best.and_then(|h| kept.iter().position(|&k| k == h)) {
            if best != h {
                let (lead, se) = exact.lead(best, h);
                if lead < f64::from(stick) * se {
                    best = h;
                    v = exact.estimate(h);
                }
            }
        }
        let next = finals
            .iter()
            .find(|&&(_, i)| i != best)
            .map(|&(w, i)| (kept[i], v - w));
        Ok((kept[best], advice::exchange(obs, kept[best], next)))
    })
}

#[cfg(test)]
mod tests {
    use super::Stakes;
    use piquet_engine::Rules;

    #[test]
    fn stakes_follow_the_score() {
        let cent = Rules::classique().format;
        let rubicon = Rules::rubicon().format;
        // Cent: each player's need, when within reach.
        let s = Stakes::new(cent, Some(100), false, 86, 30).unwrap();
        assert_eq!(s.need, [Some(14), None]);
        assert_eq!(s.threshold, 100);
        let s = Stakes::new(cent, Some(100), false, 50, 95).unwrap();
        assert_eq!(s.need, [Some(50), Some(5)]);
        assert_eq!(Stakes::new(cent, Some(100), false, 20, 30), None);
        assert_eq!(Stakes::new(cent, Some(150), false, 80, 85), None);
        assert_eq!(
            Stakes::new(cent, Some(150), false, 100, 120).unwrap().need,
            [Some(50), Some(30)]
        );
        // Already there: nothing more to make sure of.
        assert_eq!(Stakes::new(cent, Some(100), false, 100, 20), None);
        // Rubicon: only in the last deal, only for the player behind, below 100.
        assert_eq!(Stakes::new(rubicon, None, false, 60, 130), None);
        let s = Stakes::new(rubicon, None, true, 60, 130).unwrap();
        assert_eq!(s.need, [Some(40), None]);
        let s = Stakes::new(rubicon, None, true, 130, 60).unwrap();
        assert_eq!(s.need, [None, Some(40)]);
        assert_eq!(Stakes::new(rubicon, None, true, 130, 102), None);
    }
}
