//! Problems picked from Le Maître's own games ([`generate`]): level 5 against level 5, each
//! deal and each decision seeded from the generator's seed, so the same seed gives the same
//! problems on every machine.
//!
//! A decision becomes a problem when its best option beats the next by at least [`MARGIN`]
//! points of the deal's margin, per the review's values: for the play, by the exact open-card
//! values, the best card being also the best on the seat's own view (the review's expected
//! values); for the rest, by Le Maître's sampled values. The problem's verdict is then
//! recomputed as `piquet problems verify` does, with the review's reason for the best option.

use super::theme::theme_of;
use super::verdict::{evaluate, evaluate_as};
use super::{Measure, Problem, ProblemKind, Solution, Source, Theme, notation, parse_notation};
use piquet_ai::review::{
    Budget, DealReview, DecisionReview, ReviewConfig, Stakes, review_deal_at_stakes, review_record,
};
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
    let mut record = Record::new(rules, cut);
    let mut states = Vec::new();
    record_master_deal(&mut game, &mut record, layout, &mut rng, leave, &mut states)?;
    Ok((record, states))
}

/// Starts the deal `layout` in `game`, has Le Maître play it out ([`play_deal`]) and adds it to
/// `record`; `states` gets the deal before each action.
fn record_master_deal(
    game: &mut Game,
    record: &mut Record,
    layout: DealSetup,
    rng: &mut SplitMix64,
    leave: bool,
    states: &mut Vec<Deal>,
) -> Result<(), String> {
    game.start_deal(layout.clone()).map_err(|e| e.to_string())?;
    let actions = play_deal(game, rng, leave, states)?;
    record.deals.push(DealRecord {
        layout,
        seed: None,
        actions,
    });
    Ok(())
}

/// The deal in progress in `game` played out by Le Maître for both seats (each decision seeded
/// from `rng`): its actions, and the deal before each in `states`. With `leave`, the dealer
/// exchanges as Le Maître would among the discards that leave at least one card in the talon,
/// where he may leave one.
fn play_deal(
    game: &mut Game,
    rng: &mut SplitMix64,
    leave: bool,
    states: &mut Vec<Deal>,
) -> Result<Vec<RecordedAction>, String> {
    let mut actions = Vec::new();
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
    Ok(actions)
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
/// played), of the play's one `theme` only when it is given (then of the play only).
/// `progress` is told of each problem found.
pub fn generate(
    preset: &str,
    count: usize,
    seed: u64,
    kind: Option<ProblemKind>,
    theme: Option<Theme>,
    progress: &mut dyn FnMut(&Problem),
) -> Result<Vec<Problem>, String> {
    let rules = Rules::by_id(preset).map_err(|e| e.to_string())?;
    let mut out: Vec<Problem> = Vec::new();
    let mut by_kind: BTreeMap<ProblemKind, usize> = BTreeMap::new();
    let blanche = kind == Some(ProblemKind::CarteBlanche);
    let games = (count as u64)
        .saturating_mul(match (blanche, theme) {
            (true, _) => 200_000,
            (false, Some(_)) => 500,
            (false, None) => 20,
        })
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
                .filter(|k| {
                    theme.is_none() || matches!(k, ProblemKind::Lead | ProblemKind::Follow)
                })
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
                theme: None,
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
            problem.theme = theme_of(&problem, &verdict)?;
            if theme.is_some_and(|t| problem.theme != Some(t)) {
                continue;
            }
            problem.answer.verdict = Some(verdict);
            taken.push(c.kind);
            *by_kind.entry(c.kind).or_default() += 1;
            progress(&problem);
            out.push(problem);
        }
    }
    Ok(out)
}

/// Le Maître against himself over a whole game from `seed` (the cut, then each deal's layout
/// and decisions from the same stream), up to the end of deal `deals` at most (or the game's
/// end): the record, and the deal before each action of its last deal.
pub fn master_game(rules: Rules, seed: u64, deals: usize) -> Result<(Record, Vec<Deal>), String> {
    let mut rng = SplitMix64::new(seed);
    let cut = Cut::from_seed(&rules, rng.next_u64());
    let mut game = Game::new(rules, &cut).map_err(|e| e.to_string())?;
    let mut record = Record::new(rules, cut);
    let mut states = Vec::new();
    while record.deals.len() < deals && game.needs_deal() {
        let layout = DealSetup::from_seed(&rules, game.dealer(), rng.next_u64());
        states.clear();
        record_master_deal(&mut game, &mut record, layout, &mut rng, false, &mut states)?;
    }
    Ok((record, states))
}

/// Whether `best` sinks, among the `legal` actions: declares nothing where something could be
/// declared, declares part of a holding it could declare whole (a point of fewer cards of the
/// suit, a quart out of a quint, a trois out of a quatorze), answers « bon » where it could
/// answer « égal » or « mieux », or « égal » where it could say « mieux ».
pub fn sinks(best: Action, legal: &[Action]) -> bool {
    use piquet_engine::Answer;
    legal.iter().any(|&a| match (best, a) {
        (Action::Declare(None), Action::Declare(Some(_))) => true,
        (Action::Declare(Some(h)), Action::Declare(Some(whole))) => {
            (h - whole).is_empty() && whole.len() > h.len()
        }
        (Action::Answer(Answer::Good), Action::Answer(Answer::Equal(_) | Answer::Better(_))) => {
            true
        }
        (Action::Answer(Answer::Equal(_)), Action::Answer(Answer::Better(_))) => true,
        _ => false,
    })
}

/// `count` sinking problems at Rubicon's last deal, from Le Maître's games seeded by `seed`
/// (each game's seed [`game_seed`] of `seed` and the game's number): the games where, after the
/// deals before the last, one seat is behind and under 100 (rubiconed if the partie ended
/// there); that seat's declarations and answers of the last deal are valued by the partie's gain
/// (`piquet_ai::review::review_deal_at_stakes`), and a decision becomes a problem when its best
/// option sinks ([`sinks`]) and beats the next by at least [`MARGIN`] points of the partie. The
/// verdict is recomputed as `piquet problems verify` does ([`Measure::Partie`]), with a reason
/// that says why. Problems are named `rubicon-s<seed>-<game>-<action>`. The games are taken
/// from number `first_game` on (0 for a new run; a later one resumes a run where it stopped:
/// each game's problems depend on the seed and its number only).
pub fn generate_sinking(
    count: usize,
    seed: u64,
    first_game: u64,
    progress: &mut dyn FnMut(&Problem),
) -> Result<Vec<Problem>, String> {
    let rules = Rules::by_id("rubicon").map_err(|e| e.to_string())?;
    let piquet_engine::rules::Format::Rubicon { deals } = rules.format else {
        return Err("Rubicon’s rules without a number of deals".into());
    };
    let deals = usize::from(deals);
    let mut out: Vec<Problem> = Vec::new();
    let games = (count as u64).saturating_mul(200).max(200);
    for g in first_game..first_game.saturating_add(games) {
        if out.len() >= count {
            break;
        }
        let s = game_seed(seed, g);
        let (record, states) = master_game(rules, s, deals)?;
        let last = record.deals.len() - 1;
        if record.deals.len() != deals {
            continue;
        }
        let mut before = record.clone();
        before.deals.truncate(last);
        let totals = before.replay().map_err(|e| e.to_string())?.game.totals();
        let behind = if totals[0] < totals[1] {
            Seat::A
        } else {
            Seat::B
        };
        if totals[0] == totals[1] || totals[behind.index()] >= 100 {
            continue;
        }
        let (review, stakes) = reviewed_to_first_card(&record, last, Some(behind), s)?;
        if stakes.is_none() {
            continue;
        }
        for d in &review.decisions {
            if out.len() >= count {
                break;
            }
            let Some(deal) = states.get(d.index) else {
                continue;
            };
            if !matches!(
                ProblemKind::of(deal, d.seat),
                Some(ProblemKind::Declare | ProblemKind::Answer)
            ) {
                continue;
            }
            let mut legal = Vec::new();
            deal.legal_actions(&mut legal);
            let Some((best, lead)) = best_and_lead(d, 1.0) else {
                continue;
            };
            if lead < MARGIN || !sinks(best, &legal) {
                continue;
            }
            let kind = ProblemKind::of(deal, d.seat).unwrap_or(ProblemKind::Declare);
            let id = format!("rubicon-s{seed}-{g}-{}", d.index);
            let mut problem =
                stakes_problem(&record, last, d, kind, id, seed, "rubicon", best, lead);
            let verdict = evaluate_as(&problem, s, true, Measure::Partie)?;
            let lead = verdict.margin();
            if verdict.best != problem.answer.accepted[0] || lead < MARGIN {
                continue;
            }
            problem.difficulty = difficulty(lead);
            problem.answer.verdict = Some(verdict);
            progress(&problem);
            out.push(problem);
        }
    }
    Ok(out)
}

/// `count` problems at a cent game's stop, from Le Maître's games of `preset` seeded by `seed`
/// (each game's seed [`game_seed`] of `seed` and the game's number, from `first_game` on):
/// each deal of a game in which a player is near enough to the target to reach it
/// (`piquet_ai::review::Stakes::of_deal`) has its exchanges, declarations and answers valued
/// by the chance of winning the game (`review_deal_at_stakes`), and a decision becomes a problem
/// when its best option there beats the next by at least [`MARGIN`] points of percentage and the
/// score decides it: the deal's margin would rank another option first, or the best wins the
/// game for certain (in every world drawn) where the next does not. One problem per deal. The
/// verdict is recomputed as `piquet problems verify` does ([`Measure::Game`]). Problems are
/// named `<preset>-c<seed>-<game>-<deal>-<action>`. `played(g)` is told each game's number once
/// it is searched, so that a long run can be resumed past it (`first_game`).
pub fn generate_cent_stop(
    preset: &str,
    count: usize,
    seed: u64,
    first_game: u64,
    progress: &mut dyn FnMut(&Problem),
    played: &mut dyn FnMut(u64),
) -> Result<Vec<Problem>, String> {
    let rules = Rules::by_id(preset).map_err(|e| e.to_string())?;
    if !matches!(rules.format, piquet_engine::rules::Format::Cent { .. }) {
        return Err(format!(
            "{preset}: not a cent game (the cent stop is a cent game’s)"
        ));
    }
    let mut out: Vec<Problem> = Vec::new();
    let games = (count as u64).saturating_mul(100).max(100);
    for g in first_game..first_game.saturating_add(games) {
        if out.len() >= count {
            break;
        }
        let s = game_seed(seed, g);
        let mut rng = SplitMix64::new(s);
        let cut = Cut::from_seed(&rules, rng.next_u64());
        let mut game = Game::new(rules, &cut).map_err(|e| e.to_string())?;
        let mut record = Record::new(rules, cut);
        // The first game of a match only: the chances are this game's.
        while game.needs_deal() && game.games_won() == [0, 0] && out.len() < count {
            let i = record.deals.len();
            let stakes = piquet_ai::review::Stakes::of_deal(
                &rules,
                i + 1,
                game.totals(),
                game.target(),
                game.dealer(),
            );
            let layout = DealSetup::from_seed(&rules, game.dealer(), rng.next_u64());
            let mut states = Vec::new();
            record_master_deal(&mut game, &mut record, layout, &mut rng, false, &mut states)?;
            if stakes.is_none() {
                continue;
            }
            let (review, _) = reviewed_to_first_card(&record, i, None, s)?;
            for d in &review.decisions {
                if out.len() >= count {
                    break;
                }
                let Some(deal) = states.get(d.index) else {
                    continue;
                };
                let Some(kind) = ProblemKind::of(deal, d.seat) else {
                    continue;
                };
                if !matches!(
                    kind,
                    ProblemKind::Exchange | ProblemKind::Declare | ProblemKind::Answer
                ) {
                    continue;
                }
                // The review's thousandths in percent.
                let Some((best, lead)) = best_and_lead(d, 0.1) else {
                    continue;
                };
                if lead < MARGIN {
                    continue;
                }
                let id = format!("{preset}-c{seed}-{g}-{i}-{}", d.index);
                let mut problem = stakes_problem(&record, i, d, kind, id, seed, preset, best, lead);
                // A choice the score decides: the deal's margin ranks another option first, or
                // the best wins the game in every world drawn (at the stop or at the deal's end)
                // where the next does not.
                let wins_outright = d
                    .option(&best)
                    .and_then(|o| o.expected)
                    .is_some_and(|v| v >= 999.5);
                if !wins_outright
                    && evaluate_as(&problem, s, false, Measure::Deal)?.best
                        == problem.answer.accepted[0]
                {
                    continue;
                }
                let verdict = evaluate_as(&problem, s, true, Measure::Game)?;
                let lead = verdict.margin();
                if verdict.best != problem.answer.accepted[0]
                    || lead < MARGIN
                    || !offers_every_option(&problem, &verdict)
                {
                    continue;
                }
                problem.difficulty = difficulty(lead);
                problem.answer.verdict = Some(verdict);
                progress(&problem);
                out.push(problem);
                break;
            }
        }
        played(g);
    }
    Ok(out)
}

/// Whether the table's panel at `problem`'s decision offers every option `verdict` values (an
/// answer's buttons back « égal » and « mieux » with the best holding only): a problem asks
/// only what a touch can answer.
fn offers_every_option(problem: &Problem, verdict: &super::Verdict) -> bool {
    let Some(view) = super::session(problem, 0)
        .ok()
        .and_then(|s| s.view(Seat::A))
    else {
        return false;
    };
    verdict
        .options
        .iter()
        .all(|o| parse_notation(&o.action).is_ok_and(|a| crate::lesson::offered(&view, a)))
}

/// The review at the game's stakes (`review_deal_at_stakes`) of deal `deal` of `record` up to
/// its first card — the exchanges, declarations and answers — for `seat` (or both), with
/// `seed`'s worlds; and the stakes found.
fn reviewed_to_first_card(
    record: &Record,
    deal: usize,
    seat: Option<Seat>,
    seed: u64,
) -> Result<(DealReview, Option<Stakes>), String> {
    let mut upto = record.clone();
    upto.deals.truncate(deal + 1);
    let actions = &mut upto.deals[deal].actions;
    let first_card = actions
        .iter()
        .position(|a| matches!(a.action, Action::Play(_)))
        .unwrap_or(actions.len());
    actions.truncate(first_card);
    let config = ReviewConfig {
        deal: Some(deal),
        seat,
        seed,
        budget: Budget::STANDARD,
    };
    review_deal_at_stakes(&upto, deal, &config, &mut |_, _| {}).map_err(|e| e.to_string())
}

/// A reviewed decision's best option and its lead over the next, the review's expected values
/// multiplied by `scale`; `None` with fewer than two options valued.
fn best_and_lead(d: &DecisionReview, scale: f64) -> Option<(Action, f64)> {
    let mut values: Vec<(Action, f64)> = d
        .options
        .iter()
        .filter_map(|o| Some((o.action, o.expected? * scale)))
        .collect();
    values.sort_by(|a, b| b.1.total_cmp(&a.1));
    let (&(best, top), &(_, next)) = (values.first()?, values.get(1)?);
    Some((best, top - next))
}

/// The problem of decision `d` of deal `deal` of `record`, generated from `seed` in `preset`:
/// the record stopped there, `best` the accepted answer, its difficulty from `lead` (the verdict
/// is the caller's to add).
#[allow(clippy::too_many_arguments)]
fn stakes_problem(
    record: &Record,
    deal: usize,
    d: &DecisionReview,
    kind: ProblemKind,
    id: String,
    seed: u64,
    preset: &str,
    best: Action,
    lead: f64,
) -> Problem {
    let mut stop = record.clone();
    stop.deals.truncate(deal + 1);
    stop.deals[deal].actions.truncate(d.index);
    Problem {
        id,
        question: kind.question(),
        seat: d.seat,
        source: Source::Generated {
            seed,
            preset: preset.into(),
        },
        difficulty: difficulty(lead),
        theme: None,
        record: stop,
        answer: Solution {
            accepted: vec![notation(d.seat, best)],
            ..Solution::default()
        },
    }
}
