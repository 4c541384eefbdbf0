//! Problems picked from Le Maître's own games ([`generate`]): level 5 against level 5, each
//! deal and each decision seeded from the generator's seed, so the same seed gives the same
//! problems on every machine.
//!
//! A decision becomes a problem when its best option beats the next by at least [`MARGIN`]
//! points of the deal's margin, per the review's values: for the play, by the exact open-card
//! values, the best card being also the best on the seat's own view (the review's expected
//! values); for the rest, by Le Maître's sampled values. The problem's verdict is then
//! recomputed as `piquet problems verify` does, with the review's reason for the best option.

use super::verdict::evaluate;
use super::{Problem, ProblemKind, Solution, Source, notation, parse_notation};
use piquet_ai::review::{Budget, ReviewConfig, review_record};
use piquet_ai::{BotId, decide};
use piquet_engine::combos::is_carte_blanche;
use piquet_engine::record::{DealRecord, RecordedAction};
use piquet_engine::{
    Action, Cut, Deal, DealSetup, Game, NoEvents, Phase, Record, Rules, Seat, SplitMix64,
};
use std::collections::BTreeMap;

/// The least lead of the best option over the next, in points of the deal's margin.
pub const MARGIN: f64 = 4.0;

/// Problems taken from one deal at most.
const PER_DEAL: usize = 2;

/// Le Maître.
const MASTER: BotId = BotId::Level(5);

/// The seed of game `game` of the generator's `seed` (below 2^53, so that JSON keeps it
/// exactly everywhere).
pub fn game_seed(seed: u64, game: u64) -> u64 {
    SplitMix64::new(seed ^ 0xA076_1D64_78BD_642F_u64.wrapping_mul(game + 1)).next_u64() >> 11
}

/// The cut and the deal of `seed`, and the random numbers left for the decisions.
pub(crate) fn dealt(rules: Rules, seed: u64) -> Result<(Game, Cut, DealSetup, SplitMix64), String> {
    let mut rng = SplitMix64::new(seed);
    let cut = Cut::from_seed(&rules, rng.next_u64());
    let game = Game::new(rules, &cut).map_err(|e| e.to_string())?;
    let layout = DealSetup::from_seed(&rules, game.dealer(), rng.next_u64());
    Ok((game, cut, layout, rng))
}

/// One deal of Le Maître against himself, from `seed`: the record (one deal, played out) and
/// the deal before each action.
pub fn master_deal(rules: Rules, seed: u64) -> Result<(Record, Vec<Deal>), String> {
    master_deal_leaving(rules, seed, false)
}

/// [`master_deal`]; with `leave`, the dealer exchanges as Le Maître would among the discards
/// that leave at least one card in the talon, where he may leave one (Le Maître's dealer
/// takes every card he may, so that his own games never come to the leftover).
fn master_deal_leaving(
    rules: Rules,
    seed: u64,
    leave: bool,
) -> Result<(Record, Vec<Deal>), String> {
    let (mut game, cut, layout, mut rng) = dealt(rules, seed)?;
    game.start_deal(layout.clone()).map_err(|e| e.to_string())?;
    let mut record = Record::new(rules, cut);
    let mut actions = Vec::new();
    let mut states = Vec::new();
    while let Some(deal) = game.deal().filter(|d| !d.is_over()) {
        let seat = deal
            .to_act()
            .ok_or("a deal in progress with nobody to act")?;
        states.push(*deal);
        let mut view = game.observation(seat);
        if let (true, Phase::DealerExchange, Some(o)) = (leave, deal.phase(), view.deal.as_mut()) {
            let left = deal.talon_remaining().count() as u8;
            if let Some((lo, hi)) = o.discard_limits.filter(|&(lo, hi)| hi >= left && lo < left) {
                o.discard_limits = Some((lo, hi.min(left - 1)));
            }
        }
        let action = decide(MASTER, &view, rng.next_u64()).map_err(|e| e.to_string())?;
        game.apply_with(seat, action, &mut NoEvents)
            .map_err(|e| format!("Le Maître chose {action:?}, refused: {e}"))?;
        actions.push(RecordedAction::new(seat, action));
        if actions.len() > 1000 {
            return Err("a deal did not end".into());
        }
    }
    record.deals.push(DealRecord {
        layout,
        seed: None,
        actions,
    });
    Ok((record, states))
}

/// A decision of a deal that may make a problem.
struct Candidate {
    index: usize,
    seat: Seat,
    kind: ProblemKind,
    margin: f64,
}

/// The difficulty of a problem whose best option leads by `margin` points.
pub fn difficulty(margin: f64) -> u8 {
    if margin >= 12.0 {
        1
    } else if margin >= 7.0 {
        2
    } else {
        3
    }
}

/// Two values closer than this are equal.
const EPSILON: f64 = 0.005;

/// The lead of the best option over the next, for a problem of `kind` whose options are
/// `values`, best first. For carte blanche the question is whether to announce it: the lead is
/// over the best option of the other answer (announcing or not), or, when none is listed, over
/// the last option listed (the others ranked below it). For the leftover, where not looking
/// and looking with the suit one leads anyway are worth the same, the lead is over the best
/// option worth less than the best (the equal ones are all right answers).
fn lead_of(kind: ProblemKind, values: &[(Action, f64)]) -> Option<f64> {
    let (best, top) = *values.first()?;
    if kind == ProblemKind::Leftover {
        return values
            .iter()
            .find(|(_, v)| *v < top - EPSILON)
            .map(|&(_, v)| top - v);
    }
    if kind != ProblemKind::CarteBlanche {
        return values.get(1).map(|&(_, v)| top - v);
    }
    let announce = |a: Action| {
        matches!(
            a,
            Action::AnnounceCarteBlanche(_) | Action::DeclareCarteBlanche
        )
    };
    let other = values
        .iter()
        .find(|(a, _)| announce(*a) != announce(best))
        .or(values.last().filter(|_| values.len() > 1))?;
    Some(top - other.1)
}

/// `count` problems under the rules `preset`, from Le Maître's games seeded by `seed`; of one
/// `kind` only when it is given (for carte blanche, only the deals that give a seat one are
/// played). `progress` is told of each problem found.
pub fn generate(
    preset: &str,
    count: usize,
    seed: u64,
    kind: Option<ProblemKind>,
    progress: &mut dyn FnMut(&Problem),
) -> Result<Vec<Problem>, String> {
    let rules = Rules::by_id(preset).map_err(|e| e.to_string())?;
    let mut out: Vec<Problem> = Vec::new();
    let mut by_kind: BTreeMap<ProblemKind, usize> = BTreeMap::new();
    let blanche = kind == Some(ProblemKind::CarteBlanche);
    let games = (count as u64)
        .saturating_mul(if blanche { 200_000 } else { 20 })
        .max(20);
    for g in 0..games {
        if out.len() >= count {
            break;
        }
        let s = game_seed(seed, g);
        if blanche {
            let (_, _, layout, _) = dealt(rules, s)?;
            if !is_carte_blanche(layout.elder) && !is_carte_blanche(layout.dealer_hand) {
                continue;
            }
        }
        let leave = kind == Some(ProblemKind::Leftover);
        let (record, states) = master_deal_leaving(rules, s, leave)?;
        if leave && !states.iter().any(|d| d.phase() == Phase::Leftover) {
            continue;
        }
        let config = ReviewConfig {
            deal: Some(0),
            seat: None,
            seed: s,
            budget: Budget::STANDARD,
        };
        let reviews = review_record(&record, &config, &mut |_, _| {}).map_err(|e| e.to_string())?;
        let mut candidates: Vec<Candidate> = Vec::new();
        for d in reviews.iter().flat_map(|r| &r.decisions) {
            let Some(kind) = states
                .get(d.index)
                .and_then(|deal| ProblemKind::of(deal, d.seat))
                .filter(|k| kind.is_none_or(|want| want == *k))
            else {
                continue;
            };
            let lead = |value: &dyn Fn(&piquet_ai::review::OptionValue) -> Option<f64>| {
                let mut v: Vec<(Action, f64)> = d
                    .options
                    .iter()
                    .filter_map(|o| Some((o.action, value(o)?)))
                    .collect();
                v.sort_by(|a, b| b.1.total_cmp(&a.1));
                Some((lead_of(kind, &v)?, v.first()?.0))
            };
            let margin = match kind {
                ProblemKind::Lead | ProblemKind::Follow => {
                    match (lead(&|o| o.open), lead(&|o| o.expected)) {
                        (Some((m, k)), Some((_, e))) if k == e => Some(m),
                        _ => None,
                    }
                }
                _ => lead(&|o| o.expected).map(|(m, _)| m),
            };
            if let Some(margin) = margin.filter(|m| *m >= MARGIN) {
                candidates.push(Candidate {
                    index: d.index,
                    seat: d.seat,
                    kind,
                    margin,
                });
            }
        }
        // The kinds least represented so far first, then the order of the deal.
        candidates.sort_by_key(|c| (by_kind.get(&c.kind).copied().unwrap_or(0), c.index));
        let mut taken: Vec<ProblemKind> = Vec::new();
        for c in candidates {
            if taken.len() >= PER_DEAL || out.len() >= count || taken.contains(&c.kind) {
                continue;
            }
            let mut stop = record.clone();
            stop.deals[0].actions.truncate(c.index);
            let mut problem = Problem {
                // A deal whose dealer left cards for the leftover is not Le Maître's game of
                // the same seed: its problems are named apart.
                id: if leave {
                    format!("{preset}-l{seed}-{g}-{}", c.index)
                } else {
                    format!("{preset}-{seed}-{g}-{}", c.index)
                },
                question: c.kind.question(),
                seat: c.seat,
                source: Source::Generated {
                    seed,
                    preset: preset.to_string(),
                },
                difficulty: difficulty(c.margin),
                record: stop,
                answer: Solution::default(),
            };
            // The answer to value first: the best of the game's review.
            let review = reviews
                .iter()
                .flat_map(|r| &r.decisions)
                .find(|d| d.index == c.index);
            if let Some(d) = review {
                let best = match c.kind {
                    ProblemKind::Lead | ProblemKind::Follow => d
                        .options
                        .iter()
                        .filter(|o| o.open.is_some())
                        .max_by(|a, b| a.open.unwrap_or(0.0).total_cmp(&b.open.unwrap_or(0.0)))
                        .map_or(d.best, |o| o.action),
                    _ => d.best,
                };
                problem.answer.accepted = vec![notation(c.seat, best)];
            }
            let verdict = evaluate(&problem, s, true)?;
            let values: Vec<(Action, f64)> = verdict
                .options
                .iter()
                .filter_map(|o| Some((parse_notation(&o.action).ok()?, o.value)))
                .collect();
            let margin = lead_of(c.kind, &values).unwrap_or(0.0);
            let top = verdict.options.first().map_or(0.0, |o| o.value);
            let accepted_value = problem
                .answer
                .accepted
                .first()
                .and_then(|a| verdict.value_of(a));
            if margin < MARGIN || accepted_value.is_none_or(|v| v < top - EPSILON) {
                continue;
            }
            if c.kind == ProblemKind::Leftover {
                // Not looking and looking with the suit one leads anyway are worth the same:
                // every option worth the best is a right answer.
                problem.answer.accepted = verdict
                    .options
                    .iter()
                    .filter(|o| o.value >= top - EPSILON)
                    .map(|o| o.action.clone())
                    .collect();
            } else if problem.answer.accepted.first() != Some(&verdict.best) {
                continue;
            }
            problem.difficulty = difficulty(margin);
            problem.answer.verdict = Some(verdict);
            taken.push(c.kind);
            *by_kind.entry(c.kind).or_default() += 1;
            progress(&problem);
            out.push(problem);
        }
    }
    Ok(out)
}
