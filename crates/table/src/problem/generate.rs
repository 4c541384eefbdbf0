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
use super::{Problem, ProblemKind, Solution, Source, notation};
use piquet_ai::review::{Budget, ReviewConfig, review_record};
use piquet_ai::{BotId, decide};
use piquet_engine::record::{DealRecord, RecordedAction};
use piquet_engine::{Cut, Deal, DealSetup, Game, NoEvents, Record, Rules, Seat, SplitMix64};
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

/// One deal of Le Maître against himself, from `seed`: the record (one deal, played out) and
/// the deal before each action.
pub fn master_deal(rules: Rules, seed: u64) -> Result<(Record, Vec<Deal>), String> {
    let mut rng = SplitMix64::new(seed);
    let cut = Cut::from_seed(&rules, rng.next_u64());
    let mut game = Game::new(rules, &cut).map_err(|e| e.to_string())?;
    let layout = DealSetup::from_seed(&rules, game.dealer(), rng.next_u64());
    game.start_deal(layout.clone()).map_err(|e| e.to_string())?;
    let mut record = Record::new(rules, cut);
    let mut actions = Vec::new();
    let mut states = Vec::new();
    while let Some(deal) = game.deal().filter(|d| !d.is_over()) {
        let seat = deal
            .to_act()
            .ok_or("a deal in progress with nobody to act")?;
        states.push(*deal);
        let action =
            decide(MASTER, &game.observation(seat), rng.next_u64()).map_err(|e| e.to_string())?;
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

/// `count` problems under the rules `preset`, from Le Maître's games seeded by `seed`.
/// `progress` is told of each problem found.
pub fn generate(
    preset: &str,
    count: usize,
    seed: u64,
    progress: &mut dyn FnMut(&Problem),
) -> Result<Vec<Problem>, String> {
    let rules = Rules::by_id(preset).map_err(|e| e.to_string())?;
    let mut out: Vec<Problem> = Vec::new();
    let mut by_kind: BTreeMap<ProblemKind, usize> = BTreeMap::new();
    let games = (count as u64).saturating_mul(20).max(20);
    for g in 0..games {
        if out.len() >= count {
            break;
        }
        let s = game_seed(seed, g);
        let (record, states) = master_deal(rules, s)?;
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
            else {
                continue;
            };
            let lead = |value: &dyn Fn(&piquet_ai::review::OptionValue) -> Option<f64>| {
                let mut v: Vec<(f64, usize)> = d
                    .options
                    .iter()
                    .enumerate()
                    .filter_map(|(k, o)| Some((value(o)?, k)))
                    .collect();
                v.sort_by(|a, b| b.0.total_cmp(&a.0));
                match v[..] {
                    [(a, k), (b, _), ..] => Some((a - b, k)),
                    _ => None,
                }
            };
            let margin = match kind {
                ProblemKind::Leftover => None,
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
                id: format!("{preset}-{seed}-{g}-{}", c.index),
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
            let Some(verdict) = evaluate(&problem, s, true)? else {
                continue;
            };
            if verdict.margin() < MARGIN || problem.answer.accepted.first() != Some(&verdict.best) {
                continue;
            }
            problem.difficulty = difficulty(verdict.margin());
            problem.answer.verdict = Some(verdict);
            taken.push(c.kind);
            *by_kind.entry(c.kind).or_default() += 1;
            progress(&problem);
            out.push(problem);
        }
    }
    Ok(out)
}
