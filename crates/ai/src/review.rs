//! The review of a deal: every decision of a seat given a value and compared
//! with the best choice, as bridge players have double-dummy analysis and
//! chess players a game review.
//!
//! ## What each decision is worth
//!
//! Every value is a *final points margin of the deal* for the deciding seat:
//! his points in the deal minus his opponent's, counted from the start of the
//! deal (what was scored before the decision included), at the end of the
//! deal. Two measures:
//!
//! - **`open`** (card play only): the exact value with every card known
//!   (open cards, as bridge's double dummy), both playing perfectly from
//!   there, from the [`Solver`] ([`open_values`]). It uses the whole deal, so
//!   it is for after the deal, when every card has been seen.
//! - **`expected`**: the mean over worlds sampled consistently with what the
//!   seat knew at the decision (its [`Observation`] only, with the expert's
//!   inference, [`crate::sample`]), the same worlds for every option
//!   (common random numbers). For the play, each world is solved exactly from
//!   the current trick, as the expert plays (PIMC). For the exchange,
//!   declarations and answers, each option is applied to the world's deal,
//!   which then goes on as the heuristic plays it (the opponent's exchange,
//!   every later declaration, both declaring their best) and the play is
//!   solved exactly from the first lead. The exchange is ranked as the
//!   expert ranks it: its candidate discards (those of level 5) plus the
//!   chosen one on common worlds with a greedy play-out, then the best
//!   [`Budget::exchange_finalists`] and the chosen discard on fresh common
//!   worlds with the exact solver; only those are listed.
//!
//! The margin of the deal is the measure, not the game's stakes: sinking a
//! declaration to stay under a Rubicon threshold shows as points lost, and
//! the open-card model gives information no value. The leftover (RULES.md
//! 3.4) is valued on the same worlds: elder's look binds his first lead to
//! the suit he names, and his first lead is chosen as Le Maître chooses it,
//! on what he knows (the card of the best mean value over the worlds, the
//! same in each), so that not looking is not credited with leading as if
//! every card were seen; what the look shows is not valued. The Rubicon
//! dealer's choice, which changes only what both see, values the same either
//! way.
//!
//! ## Loss and marks
//!
//! `loss` is the best option's `expected` value minus the chosen one's, for
//! every kind of decision, the play included: a player is judged on what he
//! could know, not on the hidden cards. The open values of the play are
//! shown beside it. It is never negative. The marks ([`Mark`]) grade the
//! loss: « imprécision » / inaccuracy from [`Mark::INACCURACY`] (3) points,
//! « erreur » / mistake from [`Mark::MISTAKE`] (6), « gaffe » / blunder from
//! [`Mark::BLUNDER`] (12) — the cards' majority is worth 10 and its swing
//! 20. Every decision that cost 3 points or more is marked; `noise` gives
//! the standard error of the loss over the common worlds, and the reason
//! says when the loss lies within twice it.
//!
//! ## Budgets
//!
//! Budgets are numbers of worlds ([`Budget`]), never a clock, so a review is
//! the same natively and in WebAssembly, and deterministic for a seed.
//! [`Budget::STANDARD`] reviews a whole deal for one seat in about a second
//! as wasm32 (`./x bench`, the example `wasm_review`).
//!
//! ```
//! use piquet_ai::review::{review_deal, Budget, ReviewConfig};
//! use piquet_engine::{Record, Seat};
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let text = std::fs::read_to_string(concat!(
//!     env!("CARGO_MANIFEST_DIR"),
//!     "/../../records/hoffmann-1909.txt"
//! ))?;
//! let record = Record::parse(&text)?;
//! let config = ReviewConfig {
//!     seat: Some(Seat::A),
//!     budget: Budget::QUICK,
//!     ..ReviewConfig::default()
//! };
//! let mut steps = Vec::new();
//! let review = review_deal(&record, 0, &config, &mut |done, total| steps.push((done, total)))?;
//! assert!(review.decisions.iter().all(|d| d.seat == Seat::A && d.loss >= 0.0));
//! assert_eq!(steps.last(), Some(&(review.decisions.len(), review.decisions.len())));
//! # Ok(())
//! # }
//! ```

mod report;
pub(crate) mod words;
mod world;

pub use report::{
    Budget, DealReview, DecisionKind, DecisionReview, Mark, OptionValue, ReviewConfig, ReviewError,
    SeatSummary, Stage, StageLoss,
};

use crate::expert;
use crate::sample::Knowledge;
use crate::solver::Solver;
use crate::view::{bit_position, play_rules, player_of};
use piquet_engine::record::DealRecord;
use piquet_engine::{
    Action, Card, Deal, NoEvents, Observation, Record, RecordError, Seat, SplitMix64,
};
use piquet_words::{ByLang, Lang};
use report::round2;
pub use world::{CENT_STOP_REACH, Stakes, open_values};
use world::{DealCtx, Finish, dealer_points_for, margin};

/// Reviews the deals of `record` that `config` asks for (every deal, or
/// one), for one seat or both. `progress(done, total)` is called with 0
/// first, then after each decision (decisions of every deal reviewed).
pub fn review_record(
    record: &Record,
    config: &ReviewConfig,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Vec<DealReview>, ReviewError> {
    review_record_in_parts(record, config, &mut |done, total, part| {
        if part == 0.0 {
            progress(done, total);
        }
    })
}

/// [`review_record`], its progress told within each decision too: `progress(done, total,
/// part)` is called as [`review_record`] calls it (`part` 0), and, while a long decision (the
/// exchange, a card with many worlds to solve) is being reviewed, with the share of it done
/// (`part` between 0 and 1, `done` the decisions before it), so that a progress bar moves
/// while the exchange is weighed.
pub fn review_record_in_parts(
    record: &Record,
    config: &ReviewConfig,
    progress: &mut dyn FnMut(usize, usize, f32),
) -> Result<Vec<DealReview>, ReviewError> {
    Ok(reviewed(record, config, false, progress)?
        .into_iter()
        .map(|(r, _)| r)
        .collect())
}

/// [`review_record_in_parts`]; with `at_stakes`, the declarations and answers of a deal with
/// game stakes ([`Stakes::of_deal`]) valued by them: each deal's review with its stakes.
fn reviewed(
    record: &Record,
    config: &ReviewConfig,
    at_stakes: bool,
    progress: &mut dyn FnMut(usize, usize, f32),
) -> Result<Vec<(DealReview, Option<Stakes>)>, ReviewError> {
    record.replay()?;
    let n = record.deals.len();
    let wanted: Vec<usize> = match config.deal {
        Some(d) if d < n => vec![d],
        Some(d) => return Err(ReviewError::NoSuchDeal { deal: d, deals: n }),
        None => (0..n).collect(),
    };
    let total: usize = wanted
        .iter()
        .map(|&d| {
            record.deals[d]
                .actions
                .iter()
                .filter(|a| config.seat.is_none_or(|s| s == a.seat))
                .count()
        })
        .sum();
    progress(0, total, 0.0);
    let rules = record.resolved_rules()?;
    let mut game = record.starting_game(rules)?;
    let mut reviewer = Reviewer::new(config, Progress::new(total, progress));
    reviewer.brought = record
        .start
        .map_or(0, |s| usize::from(s.deal.saturating_sub(1)));
    let mut out = Vec::with_capacity(wanted.len());
    let last = wanted.last().copied().unwrap_or(0);
    for (i, deal) in record.deals.iter().enumerate().take(last + 1) {
        // The cent stop of this deal (RULES.md 9), for the sampled deals.
        let stop = game.target().map(|t| (t, game.totals()));
        let stakes = at_stakes
            .then(|| {
                Stakes::of_deal(
                    &rules,
                    usize::from(game.deal_number()),
                    game.totals(),
                    game.target(),
                    game.dealer(),
                )
            })
            .flatten();
        game.start_deal(deal.layout.clone())
            .map_err(|e| RecordError::Layout {
                deal: i,
                problem: e.problem,
            })?;
        if wanted.contains(&i) {
            let start = *game.deal().ok_or(RecordError::Extra {
                deal: i,
                action: None,
            })?;
            reviewer.stakes = stakes;
            out.push((reviewer.deal(i, start, stop, deal)?, stakes));
        }
        for (j, a) in deal.actions.iter().enumerate() {
            game.apply_with(a.seat, a.action, &mut NoEvents)
                .map_err(|error| RecordError::Action {
                    deal: i,
                    action: j,
                    error,
                })?;
        }
    }
    Ok(out)
}

/// Reviews deal `deal` (0-based) of `record` for `config.seat` (or both
/// seats); `config.deal` is ignored. See [`review_record`].
pub fn review_deal(
    record: &Record,
    deal: usize,
    config: &ReviewConfig,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<DealReview, ReviewError> {
    let config = ReviewConfig {
        deal: Some(deal),
        ..*config
    };
    review_record(record, &config, progress)?
        .pop()
        .ok_or(ReviewError::NoSuchDeal {
            deal,
            deals: record.deals.len(),
        })
}

/// [`review_deal`], the declarations and answers valued by the game's stakes where the deal
/// has any ([`Stakes::of_deal`]: Rubicon's last deal, the partie's gain) instead of the deal's
/// margin: each option applied to the same sampled worlds, played on to the first lead as the
/// heuristic plays, then played out with every card seen (each seat playing the open-card
/// solver's best card for its margin), and the deal's points valued by the stakes. The other
/// decisions are valued as [`review_deal`] values them. The review, and the stakes used (none:
/// the deal's margin throughout).
pub fn review_deal_at_stakes(
    record: &Record,
    deal: usize,
    config: &ReviewConfig,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<(DealReview, Option<Stakes>), ReviewError> {
    let config = ReviewConfig {
        deal: Some(deal),
        ..*config
    };
    reviewed(record, &config, true, &mut |done, total, part| {
        if part == 0.0 {
            progress(done, total);
        }
    })?
    .pop()
    .ok_or(ReviewError::NoSuchDeal {
        deal,
        deals: record.deals.len(),
    })
}

/// Writes the review into the record as commentary, in French and in English: each reviewed
/// action's comment gets the mark, the loss and the reason, after any comment it had in that
/// language (or in no stated language).
pub fn annotate(record: &mut Record, review: &DealReview) {
    let Some(deal) = record.deals.get_mut(review.deal) else {
        return;
    };
    for d in &review.decisions {
        let Some(action) = deal.actions.get_mut(d.index) else {
            continue;
        };
        if action.action != d.chosen || action.seat != d.seat {
            continue;
        }
        let mut comment = action.comment.clone();
        for lang in Lang::ALL {
            let note = words::annotation(d, lang);
            let before = action
                .comment
                .get(lang.tag())
                .or_else(|| action.comment.get(piquet_engine::record::UNTAGGED))
                .filter(|c| !c.is_empty());
            let text = match before {
                Some(c) => format!("{c}\n{note}"),
                None => note,
            };
            comment = comment.with(lang.tag(), text);
        }
        action.comment = comment;
    }
}

/// Per-world values of each option (the same worlds for every option).
#[derive(Default)]
struct Table {
    /// (weight, the value of each option) per world.
    rows: Vec<(f64, Vec<i32>)>,
}

impl Table {
    fn means(&self, options: usize) -> Option<Vec<f64>> {
        let total: f64 = self.rows.iter().map(|(w, _)| w).sum();
        if self.rows.is_empty() || total <= 0.0 {
            return None;
        }
        Some(
            (0..options)
                .map(|k| {
                    self.rows
                        .iter()
                        .map(|(w, r)| w * f64::from(r[k]))
                        .sum::<f64>()
                        / total
                })
                .collect(),
        )
    }

    /// The standard error of the mean difference between options `a` and `b`.
    fn noise(&self, a: usize, b: usize) -> f64 {
        let total: f64 = self.rows.iter().map(|(w, _)| w).sum();
        let squares: f64 = self.rows.iter().map(|(w, _)| w * w).sum();
        if total <= 0.0 || squares <= 0.0 {
            return 0.0;
        }
        let diff = |r: &Vec<i32>| f64::from(r[a] - r[b]);
        let mean = self.rows.iter().map(|(w, r)| w * diff(r)).sum::<f64>() / total;
        let var = self
            .rows
            .iter()
            .map(|(w, r)| w * (diff(r) - mean).powi(2))
            .sum::<f64>()
            / total;
        let effective = total * total / squares;
        if effective <= 1.0 {
            return 0.0;
        }
        (var / (effective - 1.0)).sqrt()
    }
}

/// What a decision's evaluation produced, before the verdict.
struct Valued {
    options: Vec<Action>,
    open: Option<Vec<i32>>,
    table: Table,
    /// Whether the options were ranked by value (the listing order).
    sort: bool,
}

struct Reviewer<'p> {
    seed: u64,
    seat: Option<Seat>,
    budget: Budget,
    solver: Solver,
    progress: Progress<'p>,
    /// The game's stakes of the deal under review, when its declarations and answers are
    /// valued by them.
    stakes: Option<Stakes>,
    /// The deals before the record's first, when it starts where the game stood
    /// ([`Record::start`]): a deal's sampled worlds are drawn from its place in the game, so
    /// that a position stated "to the score" is valued as the same position reached by play.
    brought: usize,
}

/// Where a review stands, told to its caller: decisions done, and the share done of the one
/// being reviewed.
struct Progress<'p> {
    done: usize,
    total: usize,
    /// The share of the current decision that the work under way covers (from, to).
    span: (f32, f32),
    tell: &'p mut dyn FnMut(usize, usize, f32),
}

impl<'p> Progress<'p> {
    fn new(total: usize, tell: &'p mut dyn FnMut(usize, usize, f32)) -> Progress<'p> {
        Progress {
            done: 0,
            total,
            span: (0.0, 1.0),
            tell,
        }
    }

    /// `k` of `n` steps of the work under way are done.
    fn part(&mut self, k: usize, n: usize) {
        if n == 0 || k >= n {
            return;
        }
        let (from, to) = self.span;
        let part = from + (to - from) * k as f32 / n as f32;
        if part > 0.0 {
            (self.tell)(self.done, self.total, part.min(0.99));
        }
    }

    /// The current decision is reviewed.
    fn decided(&mut self) {
        self.done += 1;
        self.span = (0.0, 1.0);
        (self.tell)(self.done, self.total, 0.0);
    }
}

impl<'p> Reviewer<'p> {
    fn new(config: &ReviewConfig, progress: Progress<'p>) -> Reviewer<'p> {
        Reviewer {
            seed: config.seed,
            seat: config.seat,
            budget: config.budget,
            solver: Solver::new(),
            progress,
            stakes: None,
            brought: 0,
        }
    }

    fn deal(
        &mut self,
        index: usize,
        start: Deal,
        stop: Option<(u16, [u16; 2])>,
        record: &DealRecord,
    ) -> Result<DealReview, ReviewError> {
        let mut states = Vec::with_capacity(record.actions.len());
        let mut cur = start;
        for (j, a) in record.actions.iter().enumerate() {
            states.push(cur);
            cur.apply_with(a.seat, a.action, &mut NoEvents)
                .map_err(|error| RecordError::Action {
                    deal: index,
                    action: j,
                    error,
                })?;
        }
        let ctx = DealCtx {
            rules: *start.rules(),
            stop,
            layout: &record.layout,
            actions: &record.actions,
            states: &states,
        };
        let mut decisions = Vec::new();
        for (j, a) in record.actions.iter().enumerate() {
            if self.seat.is_some_and(|s| s != a.seat) {
                continue;
            }
            decisions.push(self.decision(&ctx, index, j));
            self.progress.decided();
        }
        let summary = [Seat::A, Seat::B]
            .into_iter()
            .filter(|s| self.seat.is_none_or(|x| x == *s))
            .map(|seat| summarize(seat, &decisions))
            .collect();
        Ok(DealReview {
            deal: index,
            dealer: start.dealer(),
            finished: cur.is_over(),
            points: [cur.score(Seat::A), cur.score(Seat::B)],
            decisions,
            summary,
        })
    }

    fn decision(&mut self, ctx: &DealCtx, deal: usize, j: usize) -> DecisionReview {
        let real = &ctx.states[j];
        let seat = ctx.actions[j].seat;
        let chosen = ctx.actions[j].action;
        let kind = DecisionKind::of(&chosen);
        let mut rng = SplitMix64::new(
            self.seed
                ^ 0x005E_ED0F_4E71_E700
                ^ (((deal + self.brought) as u64) << 32)
                ^ (j as u64).wrapping_mul(0x9E37),
        );
        let obs = real.observation(seat);
        let valued = match kind {
            DecisionKind::Play => self.play(real, &obs, &mut rng),
            DecisionKind::Leftover => self.leftover(ctx, j, &obs, chosen, &mut rng),
            DecisionKind::Exchange | DecisionKind::CarteBlanche => {
                self.exchange(ctx, j, &obs, chosen, &mut rng)
            }
            DecisionKind::Abandon | DecisionKind::Declare | DecisionKind::Answer => {
                let options = with_chosen(obs.legal_actions.clone(), chosen);
                let worlds = self.budget.declare_worlds;
                // At the game's stakes, the declarations and answers are valued by them.
                let finish = match self.stakes {
                    Some(stakes) if kind != DecisionKind::Abandon => Finish::AtStakes(stakes),
                    _ => Finish::Exact,
                };
                self.common(ctx, j, &obs, options, worlds, finish, &mut rng)
            }
        };
        verdict(deal, j, real, &obs, kind, chosen, valued)
    }

    /// The play: every legal card's open value, and its expected value over
    /// worlds each solved exactly from the current trick (PIMC).
    fn play(&mut self, real: &Deal, obs: &Observation, rng: &mut SplitMix64) -> Valued {
        let open_vals = open_values(real, &mut self.solver);
        let options: Vec<Action> = open_vals.iter().map(|&(c, _)| Action::Play(c)).collect();
        let open = Some(open_vals.iter().map(|&(_, v)| v).collect());
        let mut table = Table::default();
        if options.len() > 1 {
            if let Ok(know) = Knowledge::new(obs, true) {
                let worlds = know.sample(rng, usize::from(self.budget.play_worlds), 3);
                let me = player_of(obs.seat, obs.dealer);
                let rules = play_rules(&obs.rules);
                let base = margin(obs.scores, obs.seat);
                for (k, w) in worlds.iter().enumerate() {
                    self.progress.part(k, worlds.len());
                    let pending = expert::dealer_pending(obs, w);
                    let pos = bit_position(obs, w.opp_hand, pending);
                    if pos.validate().is_err() {
                        continue;
                    }
                    let mut by_card = [None; 36];
                    for (c, v) in self.solver.solve_all_moves_bits(&pos, &rules, me) {
                        by_card[usize::from(c) % 36] = Some(v);
                    }
                    let row: Option<Vec<i32>> = open_vals
                        .iter()
                        .map(|&(c, _)| {
                            by_card[usize::from(c.index()) % 36]
                                .map(|v| base + dealer_points_for(pending, me) + v)
                        })
                        .collect();
                    if let Some(row) = row {
                        table.rows.push((w.weight, row));
                    }
                }
            }
        }
        Valued {
            options,
            open,
            table,
            sort: false,
        }
    }

    /// The exchange (and carte blanche): the expert's candidates, any
    /// carte blanche and the chosen action ranked on common worlds with a
    /// greedy play-out; the best few and the chosen one on fresh common
    /// worlds with the exact solver.
    fn exchange(
        &mut self,
        ctx: &DealCtx,
        j: usize,
        obs: &Observation,
        chosen: Action,
        rng: &mut SplitMix64,
    ) -> Valued {
        let mut options: Vec<Action> = Vec::new();
        if let Some((lo, hi)) = obs.discard_limits {
            let dealer = obs.seat == obs.dealer;
            options.extend(
                expert::candidates(&obs.rules, obs.hand, lo, hi, dealer)
                    .into_iter()
                    .map(Action::Discard),
            );
        }
        options.extend(obs.legal_actions.iter().copied());
        let options = with_chosen(options, chosen);
        let b = self.budget;
        if options.len() <= 1 {
            return self.common(ctx, j, obs, options, 0, Finish::Exact, rng);
        }
        self.progress.span = (0.0, 0.5);
        let first = self.common(
            ctx,
            j,
            obs,
            options.clone(),
            b.exchange_worlds,
            Finish::Greedy,
            rng,
        );
        self.progress.span = (0.5, 1.0);
        let mut ranked: Vec<(f64, Action)> = match first.table.means(options.len()) {
            Some(m) => m.into_iter().zip(options.iter().copied()).collect(),
            None => options.iter().map(|&a| (0.0, a)).collect(),
        };
        ranked.sort_by(|x, y| y.0.total_cmp(&x.0));
        let mut finalists: Vec<Action> = ranked
            .iter()
            .take(usize::from(b.exchange_finalists).max(1))
            .map(|&(_, a)| a)
            .collect();
        if !finalists.contains(&chosen) {
            finalists.push(chosen);
        }
        // At the game's stakes, the finalists are valued by them.
        let finish = self.stakes.map_or(Finish::Exact, Finish::AtStakes);
        self.common(
            ctx,
            j,
            obs,
            finalists,
            b.exchange_solved_worlds,
            finish,
            rng,
        )
    }

    /// `worlds` worlds sampled from `obs` (the seat's observation before action `j`), each made
    /// a deal and valued by `value`: the values with each world's weight, for the worlds that
    /// fit the recorded actions and that `value` valued. The progress is told world by world.
    fn over_worlds<R>(
        &mut self,
        ctx: &DealCtx,
        j: usize,
        obs: &Observation,
        worlds: u16,
        rng: &mut SplitMix64,
        mut value: impl FnMut(&mut Solver, &Deal) -> Option<R>,
    ) -> Vec<(f64, R)> {
        let Ok(know) = Knowledge::new(obs, true) else {
            return Vec::new();
        };
        let sampled = know.sample(rng, usize::from(worlds), 3);
        let n = sampled.len();
        let mut rows = Vec::new();
        for (k, w) in sampled.into_iter().enumerate() {
            self.progress.part(k, n);
            let Some(deal) = world::world_deal(ctx, j, obs.seat, obs, &w) else {
                continue;
            };
            if let Some(row) = value(&mut self.solver, &deal) {
                rows.push((w.weight, row));
            }
        }
        rows
    }

    /// The leftover (RULES.md 3.4): each option applied to the same sampled worlds' deals,
    /// played on to the first lead as the heuristic plays. Elder, who leads the first trick,
    /// chooses that lead as Le Maître does, on what he knows: the one card of the best mean
    /// value over the worlds (the same card in every world, and in the suit he named if he
    /// looked), the play then solved exactly. Looking binds the lead; what the look shows is
    /// not valued. The Rubicon dealer's choice, which changes only what both see, is valued
    /// as the exchange is (the play solved exactly from the first lead).
    fn leftover(
        &mut self,
        ctx: &DealCtx,
        j: usize,
        obs: &Observation,
        chosen: Action,
        rng: &mut SplitMix64,
    ) -> Valued {
        let options = with_chosen(obs.legal_actions.clone(), chosen);
        let worlds = self.budget.declare_worlds;
        if obs.seat == obs.dealer || options.len() <= 1 {
            return self.common(ctx, j, obs, options, worlds, Finish::Exact, rng);
        }
        // Per world: its weight, and for each option the value of each card that may lead.
        let rows = self.over_worlds(ctx, j, obs, worlds, rng, |solver, deal| {
            options
                .iter()
                .map(|&a| first_lead_values(deal, obs.seat, a, solver))
                .collect::<Option<Vec<LeadValues>>>()
        });
        let mut table = Table::default();
        let total: f64 = rows.iter().map(|(w, _)| w).sum();
        if !rows.is_empty() && total > 0.0 {
            // The lead each option leaves him: the card of the best mean value among those he
            // may lead in every world (his hand is his own: the same in all of them).
            let leads: Option<Vec<Card>> = (0..options.len())
                .map(|k| {
                    let mut sums: Vec<(Card, f64, usize)> = Vec::new();
                    for (weight, row) in &rows {
                        for &(c, v) in &row[k] {
                            match sums.iter_mut().find(|(x, _, _)| *x == c) {
                                Some(e) => {
                                    e.1 += weight * f64::from(v);
                                    e.2 += 1;
                                }
                                None => sums.push((c, weight * f64::from(v), 1)),
                            }
                        }
                    }
                    sums.into_iter()
                        .filter(|&(_, _, seen)| seen == rows.len())
                        .max_by(|a, b| a.1.total_cmp(&b.1))
                        .map(|(c, _, _)| c)
                })
                .collect();
            if let Some(leads) = leads {
                for (weight, row) in &rows {
                    let values: Option<Vec<i32>> = row
                        .iter()
                        .zip(&leads)
                        .map(|(cards, lead)| cards.iter().find(|(c, _)| c == lead).map(|&(_, v)| v))
                        .collect();
                    if let Some(values) = values {
                        table.rows.push((*weight, values));
                    }
                }
            }
        }
        Valued {
            options,
            open: None,
            table,
            sort: true,
        }
    }

    /// Each option applied to the same sampled worlds' deals, which go on as
    /// the heuristic plays them to the first lead, then valued by `finish`.
    #[allow(clippy::too_many_arguments)]
    fn common(
        &mut self,
        ctx: &DealCtx,
        j: usize,
        obs: &Observation,
        options: Vec<Action>,
        worlds: u16,
        finish: Finish,
        rng: &mut SplitMix64,
    ) -> Valued {
        let mut table = Table::default();
        if options.len() > 1 && worlds > 0 {
            let seat = obs.seat;
            table.rows = self.over_worlds(ctx, j, obs, worlds, rng, |solver, deal| {
                options
                    .iter()
                    .map(|&a| world::value_after(deal, seat, a, finish, solver))
                    .collect::<Option<Vec<i32>>>()
            });
        }
        Valued {
            options,
            open: None,
            table,
            sort: true,
        }
    }
}

/// The exact value of each card a seat may lead to the first trick (see [`first_lead_values`]).
type LeadValues = Vec<(Card, i32)>;

/// After `action` in `deal`, played on to the first lead as the heuristic plays: the exact
/// value for `seat` of each card it may lead to the first trick (increasing card order, as
/// [`open_values`] gives them), the play solved with every card seen after that lead. `None`
/// when `seat` does not lead the first trick, or when the deal ends before the play.
fn first_lead_values(
    deal: &Deal,
    seat: Seat,
    action: Action,
    solver: &mut Solver,
) -> Option<LeadValues> {
    let d = world::played_on(deal, seat, action)?;
    if d.is_over() || d.to_act() != Some(seat) || !d.observation(seat).plays.is_empty() {
        return None;
    }
    let values = open_values(&d, solver);
    (!values.is_empty()).then_some(values)
}

/// `options` with `chosen` added if missing.
fn with_chosen(mut options: Vec<Action>, chosen: Action) -> Vec<Action> {
    if !options.contains(&chosen) {
        options.push(chosen);
    }
    options
}

/// The verdict on a valued decision: the best option, the loss, the mark
/// and the reason.
fn verdict(
    deal: usize,
    index: usize,
    real: &Deal,
    obs: &Observation,
    kind: DecisionKind,
    chosen: Action,
    valued: Valued,
) -> DecisionReview {
    let Valued {
        options: actions,
        open,
        table,
        sort,
    } = valued;
    let n = actions.len();
    let expected: Option<Vec<f64>> = table.means(n).map(|m| m.into_iter().map(round2).collect());
    let chosen_at = actions.iter().position(|a| *a == chosen);
    let mut best_at = chosen_at;
    if let (Some(e), Some(c)) = (&expected, chosen_at) {
        for (k, v) in e.iter().enumerate() {
            if *v > e[best_at.unwrap_or(c)] {
                best_at = Some(k);
            }
        }
    }
    let (loss, noise) = match (&expected, chosen_at, best_at) {
        (Some(e), Some(c), Some(b)) => (round2((e[b] - e[c]).max(0.0)), round2(table.noise(b, c))),
        _ => (0.0, 0.0),
    };
    let mark = Mark::of(loss);
    let mut options: Vec<OptionValue> = actions
        .iter()
        .enumerate()
        .map(|(k, &action)| OptionValue {
            action,
            open: open.as_ref().and_then(|o| o.get(k)).map(|&v| f64::from(v)),
            expected: expected.as_ref().map(|e| e[k]),
        })
        .collect();
    if sort {
        options.sort_by(|a, b| {
            let v = |o: &OptionValue| o.expected.unwrap_or(f64::NEG_INFINITY);
            v(b).total_cmp(&v(a))
        });
    }
    let best = best_at.map_or(chosen, |b| actions[b]);
    let worlds = if expected.is_some() {
        table.rows.len().min(usize::from(u16::MAX)) as u16
    } else {
        0
    };
    let mut review = DecisionReview {
        deal,
        index,
        seat: obs.seat,
        kind,
        chosen,
        options,
        best,
        loss,
        noise,
        worlds,
        mark,
        reason: ByLang::default(),
    };
    review.reason = words::reason(&review, real, obs);
    review
}

fn summarize(seat: Seat, decisions: &[DecisionReview]) -> SeatSummary {
    let mut s = SeatSummary {
        seat,
        decisions: 0,
        lost: StageLoss::default(),
        marks: [0; 3],
    };
    for d in decisions.iter().filter(|d| d.seat == seat) {
        s.decisions += 1;
        s.lost.add(d.kind.stage(), d.loss);
        if let Some(m) = d.mark {
            s.marks[m as usize] += 1;
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_follow_the_thresholds() {
        assert_eq!(Mark::of(0.0), None);
        assert_eq!(Mark::of(2.99), None);
        assert_eq!(Mark::of(3.0), Some(Mark::Inaccuracy));
        assert_eq!(Mark::of(5.99), Some(Mark::Inaccuracy));
        assert_eq!(Mark::of(6.0), Some(Mark::Mistake));
        assert_eq!(Mark::of(11.99), Some(Mark::Mistake));
        assert_eq!(Mark::of(12.0), Some(Mark::Blunder));
        assert_eq!(Mark::of(40.0), Some(Mark::Blunder));
        assert_eq!(Mark::of(f64::NAN), None);
        assert_eq!(Mark::Mistake.name(Lang::Fr), "erreur");
        assert_eq!(Mark::Blunder.name(Lang::En), "blunder");
        assert!(Mark::Inaccuracy < Mark::Mistake && Mark::Mistake < Mark::Blunder);
    }

    #[test]
    fn the_noise_of_a_difference() {
        let mut t = Table::default();
        for v in [(4, 0), (6, 2), (5, 1)] {
            t.rows.push((1.0, vec![v.0, v.1]));
        }
        assert_eq!(t.means(2), Some(vec![5.0, 1.0]));
        // The same difference in every world: no noise.
        assert_eq!(t.noise(0, 1), 0.0);
        t.rows.push((1.0, vec![9, 1]));
        // Differences 4, 4, 4, 8: mean 5, variance 3, standard error 1.
        assert!((t.noise(0, 1) - 1.0).abs() < 1e-9);
        assert_eq!(Table::default().means(2), None);
    }

    #[test]
    fn losses_add_up_per_stage() {
        let mut s = StageLoss::default();
        s.add(Stage::Play, 1.25);
        s.add(Stage::Play, 2.5);
        s.add(Stage::Exchange, 0.1);
        assert_eq!(s.get(Stage::Play), 3.75);
        assert_eq!(s.total(), 3.85);
        assert_eq!(DecisionKind::Answer.stage(), Stage::Declarations);
        assert_eq!(
            DecisionKind::of(&Action::DeclareCarteBlanche),
            DecisionKind::CarteBlanche
        );
    }
}
