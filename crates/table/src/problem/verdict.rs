//! The engine's verdict on a problem, recomputed ([`evaluate`]), and the check of the author's
//! answer against it ([`check`]).
//!
//! The values are those of the review (`piquet_ai::review`): final points margins of the deal
//! for the deciding seat. For the play (`lead`, `follow`) they are exact, with every card seen
//! (the open-card solver); for the exchange, carte blanche, declarations and answers they are Le
//! Maître's expected values over worlds sampled from the seat's own view, with the review's
//! standard budget and the verdict's seed, so the same on every machine. The leftover too: its
//! look binds elder's first lead, chosen as Le Maître chooses it on what he knows (what the look
//! shows is not valued; see `piquet_ai::review`).

use super::{
    Measure, Method, OptionEntry, Problem, ProblemKind, Text, Verdict, notation, parse_notation,
};
use crate::i18n::Lang;
use piquet_ai::Solver;
use piquet_ai::review::{
    Budget, DecisionReview, ReviewConfig, Stakes, open_values, review_deal, review_deal_at_stakes,
};
use piquet_engine::record::RecordedAction;
use piquet_engine::{Action, Card, Deal, Seat};
use piquet_words::{card_named, uncapitalised};

/// The review's budget for the sampled values.
pub const BUDGET: Budget = Budget::STANDARD;

/// Two values closer than this are equal.
const EPSILON: f64 = 0.005;

/// The engine's verdict on `problem` (its worlds from `seed`). The reason is filled in when `with_reason` (it costs
/// a review of the seat's earlier decisions in the deal, for the play).
pub fn evaluate(problem: &Problem, seed: u64, with_reason: bool) -> Result<Verdict, String> {
    evaluate_as(problem, seed, with_reason, problem.measure())
}

/// [`evaluate`], the values measured by `measure`: for [`Measure::Partie`], a declaration or an
/// answer at Rubicon's last deal valued by the partie's gain
/// (`piquet_ai::review::review_deal_at_stakes`), with a reason that says why the game's score
/// decides.
pub fn evaluate_as(
    problem: &Problem,
    seed: u64,
    with_reason: bool,
    measure: Measure,
) -> Result<Verdict, String> {
    if measure.at_stakes() {
        return at_stakes(problem, seed, with_reason, measure);
    }
    let deal = problem.position()?;
    let kind = ProblemKind::of(&deal, problem.seat).ok_or("not a decision a problem asks")?;
    let seat = problem.seat;
    match kind {
        ProblemKind::Lead | ProblemKind::Follow => {
            let mut options: Vec<OptionEntry> = open_values(&deal, &mut Solver::new())
                .into_iter()
                .map(|(c, v)| OptionEntry {
                    action: notation(seat, Action::Play(c)),
                    value: f64::from(v),
                })
                .collect();
            if options.is_empty() {
                return Err("no card to value".into());
            }
            options.sort_by(|a, b| b.value.total_cmp(&a.value));
            let best = options[0].action.clone();
            let reason = if with_reason {
                let d = review_at(problem, parse_notation(&best)?, seed)?;
                Some(play_reason(&d, &options))
            } else {
                None
            };
            Ok(Verdict {
                method: Method::Open,
                seed: 0,
                worlds: 0,
                measure: Measure::Deal,
                options,
                best,
                reason,
            })
        }
        _ => {
            let d = review_at(problem, first_answer(problem, &deal)?, seed)?;
            // The reason speaks of the best option: reviewed as chosen when it is not the
            // accepted one (the values stay those of the first review, the accepted listed).
            let reason = match with_reason {
                false => None,
                true if d.best == d.chosen => Some(d.reason.clone()),
                true => Some(review_at(problem, d.best, seed)?.reason),
            };
            let options = expected_options(&d, seat, 1)?;
            let best = options[0].action.clone();
            Ok(Verdict {
                method: Method::Sampled,
                seed,
                worlds: d.worlds,
                measure: Measure::Deal,
                options,
                best,
                reason: reason.map(|r| Text::new(r.fr, r.en)),
            })
        }
    }
}

/// The reason of a card-play verdict, `d` the review of its best card (by the open values,
/// `options`, best first). When the seat's own view (the review's expected values) agrees, the
/// review's reason; when it prefers another card, a reason that says both, each value with its
/// card: the verdict's best is the best with every card seen, and on what the seat could know Le
/// Maître would have played the other (the review's reason alone said « mieux valait » of a card
/// the verdict ranks below).
fn play_reason(d: &DecisionReview, options: &[OptionEntry]) -> Text {
    let expected = |a: &Action| d.option(a).and_then(|o| o.expected);
    let best_expected = d
        .options
        .iter()
        .filter_map(|o| Some((o.expected?, o.action)))
        .max_by(|a, b| a.0.total_cmp(&b.0));
    let (Some((eb, seen_best)), Some(ec)) = (best_expected, expected(&d.chosen)) else {
        return Text::new(d.reason.fr.clone(), d.reason.en.clone());
    };
    let (Action::Play(card), Action::Play(other)) = (d.chosen, seen_best) else {
        return Text::new(d.reason.fr.clone(), d.reason.en.clone());
    };
    if eb <= ec + EPSILON {
        return Text::new(d.reason.fr.clone(), d.reason.en.clone());
    }
    let open = |c: Card| {
        options
            .iter()
            .find(|o| o.action == notation(d.seat, Action::Play(c)))
            .map_or(0.0, |o| o.value)
    };
    let (fr, en) = (
        |c: Card| card_named(c, Lang::Fr),
        |c: Card| card_named(c, Lang::En),
    );
    let v = |x: f64, lang: Lang| super::words::value_words(x, lang);
    Text::new(
        format!(
            "Jouer {} : le meilleur à cartes ouvertes, {} contre {} en jouant {}. \
             Sur ce que l’on pouvait savoir, Le Maître aurait joué {} ({} points attendus, \
             contre {} en jouant {})",
            fr(card),
            v(open(card), Lang::Fr),
            v(open(other), Lang::Fr),
            fr(other),
            fr(other),
            v(eb, Lang::Fr),
            v(ec, Lang::Fr),
            fr(card)
        ),
        format!(
            "Play {}: the best with all cards seen, {} against {} by playing {}. \
             On what could be known, Le Maître would have played {} ({} points expected, \
             against {} by playing {})",
            en(card),
            v(open(card), Lang::En),
            v(open(other), Lang::En),
            en(other),
            en(other),
            v(eb, Lang::En),
            v(ec, Lang::En),
            en(card)
        ),
    )
}

/// The verdict at the game's stakes (see [`evaluate_as`]): [`Measure::Partie`], a declaration
/// or an answer at Rubicon's last deal valued by the partie's gain; [`Measure::Game`], a
/// declaration, an answer or the exchange at a cent game's stop valued by the chance of winning
/// the game, in percent.
fn at_stakes(
    problem: &Problem,
    seed: u64,
    with_reason: bool,
    measure: Measure,
) -> Result<Verdict, String> {
    let deal = problem.position()?;
    let kind = ProblemKind::of(&deal, problem.seat).ok_or("not a decision a problem asks")?;
    let valued = match measure {
        Measure::Game => matches!(
            kind,
            ProblemKind::Declare | ProblemKind::Answer | ProblemKind::Exchange
        ),
        _ => matches!(kind, ProblemKind::Declare | ProblemKind::Answer),
    };
    if !valued {
        return Err(format!("the game’s stakes do not value a {kind} here"));
    }
    let (d, stakes) = review_stop(problem, first_answer(problem, &deal)?, seed, true)?;
    let seat = problem.seat;
    let mut options = expected_options(&d, seat, 2)?;
    let reason = match (measure, stakes) {
        (Measure::Partie, Some(Stakes::RubiconLast { totals })) => with_reason
            .then(|| partie_reason(&options, seat, totals))
            .transpose()?,
        (Measure::Game, Some(Stakes::CentGame { totals, target, .. })) => {
            // Thousandths to percent, two decimals as the review keeps them.
            for o in &mut options {
                o.value = (o.value * 10.0).round() / 100.0;
            }
            with_reason
                .then(|| game_reason(&options, seat, totals, target))
                .transpose()?
        }
        (Measure::Partie, _) => {
            return Err("the partie’s stakes: not the last deal of a Rubicon partie".into());
        }
        _ => return Err("the game’s stakes: not a deal at a cent game’s stop".into()),
    };
    Ok(Verdict {
        method: Method::Sampled,
        seed,
        worlds: d.worlds,
        measure,
        best: options[0].action.clone(),
        options,
        reason,
    })
}

/// The reason of a verdict at a cent game's stop: the best option and the chance of winning the
/// game it leaves, against the next one's; then why, from the totals before the deal — what each
/// player needs, and that reaching the target in the declarations ends the game there.
fn game_reason(
    options: &[OptionEntry],
    seat: Seat,
    totals: [u16; 2],
    target: u16,
) -> Result<Text, String> {
    let [best, next, ..] = options else {
        return Err("no options valued".into());
    };
    let action = |o: &OptionEntry| parse_notation(&o.action);
    let (b, n) = (action(best)?, action(next)?);
    let v = |x: f64, lang: Lang| super::words::measured_words(x, Measure::Game, lang);
    let said = |a: &Action, lang: Lang| super::words::action_words(a, lang);
    let (me, them) = (totals[seat.index()], totals[seat.other().index()]);
    let (need, their_need) = (target - me, target - them);
    let points = if need == 1 { "point" } else { "points" };
    // Options within a tenth of a point of percentage are said to be worth the same.
    let (fr, en) = if best.value - next.value < 0.05 {
        (
            format!(
                "{}\u{a0}: {} de chances de gagner la partie, autant que pour {}",
                said(&b, Lang::Fr),
                v(best.value, Lang::Fr),
                uncapitalised(&said(&n, Lang::Fr)),
            ),
            format!(
                "{}: a {} chance of winning the game, as for {}",
                said(&b, Lang::En),
                v(best.value, Lang::En),
                uncapitalised(&said(&n, Lang::En)),
            ),
        )
    } else {
        (
            format!(
                "{}\u{a0}: le meilleur choix pour gagner la partie, {} de chances, contre {} pour {}",
                said(&b, Lang::Fr),
                v(best.value, Lang::Fr),
                v(next.value, Lang::Fr),
                uncapitalised(&said(&n, Lang::Fr)),
            ),
            format!(
                "{}: the best choice to win the game, a {} chance, against {} for {}",
                said(&b, Lang::En),
                v(best.value, Lang::En),
                v(next.value, Lang::En),
                uncapitalised(&said(&n, Lang::En)),
            ),
        )
    };
    Ok(Text::new(
        format!(
            "{fr}. À {me} contre {them} dans une partie en {target}, il vous manque \
             {need}\u{a0}{points} et {their_need} à l’adversaire\u{a0}: qui atteint {target} \
             pendant les annonces gagne sur-le-champ, et la donne se joue pour la partie, non \
             pour sa marge"
        ),
        format!(
            "{en}. At {me} against {them} in a game to {target}, you need {need} {points} and \
             the opponent {their_need}: whoever reaches {target} during the declarations wins \
             there and then, and the deal is played for the game, not for its margin"
        ),
    ))
}

/// The reason of a verdict at the partie's stakes: the best option and its value in points of
/// the partie, against the next one's; then why, read from the totals before the deal — behind
/// and under 100, every point one scores adds to the opponent's gain (100 plus the sum of the
/// totals) unless it carries one past 100 or ahead.
fn partie_reason(options: &[OptionEntry], seat: Seat, totals: [u16; 2]) -> Result<Text, String> {
    let [best, next, ..] = options else {
        return Err("no options valued".into());
    };
    let action = |o: &OptionEntry| parse_notation(&o.action);
    let (b, n) = (action(best)?, action(next)?);
    let v = |x: f64, lang: Lang| super::words::value_words(x, lang);
    let said = |a: &Action, lang: Lang| super::words::action_words(a, lang);
    let (me, them) = (totals[seat.index()], totals[seat.other().index()]);
    let mut fr = format!(
        "{} : le meilleur choix pour la partie, {} points de partie attendus, contre {} pour {}",
        said(&b, Lang::Fr),
        v(best.value, Lang::Fr),
        v(next.value, Lang::Fr),
        uncapitalised(&said(&n, Lang::Fr))
    );
    let mut en = format!(
        "{}: the best choice for the partie, {} partie points expected, against {} for {}",
        said(&b, Lang::En),
        v(best.value, Lang::En),
        v(next.value, Lang::En),
        uncapitalised(&said(&n, Lang::En))
    );
    if me < them && me < 100 {
        fr.push_str(&format!(
            ". Au dernier coup, à {me} contre {them}, vous êtes sous les 100 : si vous \
             perdez sans les passer, l’adversaire gagne 100 plus la somme des deux totaux, et \
             chaque point marqué, par vous comme par lui, s’ajoute à son gain. Qui ne peut ni \
             gagner ni passer les 100 a intérêt à couler ses annonces et à annuler celles de \
             l’adversaire"
        ));
        en.push_str(&format!(
            ". At the last deal, at {me} against {them}, you are under 100: if you lose without \
             passing it, the opponent gains 100 plus the sum of both totals, and every point \
             scored, yours or his, adds to his gain. Who can neither win nor pass 100 had better \
             sink his declarations and cancel his opponent’s"
        ));
    } else {
        fr.push_str(&format!(
            ". Au dernier coup, à {me} contre {them} : ce que vaut la partie décide, non la \
             marge de la donne"
        ));
        en.push_str(&format!(
            ". At the last deal, at {me} against {them}: what the partie is worth decides, not the \
             deal’s margin"
        ));
    }
    Ok(Text::new(fr, en))
}

/// The action to review the stop with: the author's first accepted, else the first legal.
fn first_answer(problem: &Problem, deal: &Deal) -> Result<Action, String> {
    match problem.answer.accepted.first() {
        Some(a) => parse_notation(a),
        None => {
            let mut legal = Vec::new();
            deal.legal_actions(&mut legal);
            legal
                .first()
                .copied()
                .ok_or_else(|| "no legal action".into())
        }
    }
}

/// The options of a sampled review with their expected values, best first (at least `least`
/// of them valued, or an error).
fn expected_options(
    d: &DecisionReview,
    seat: Seat,
    least: usize,
) -> Result<Vec<OptionEntry>, String> {
    let mut options: Vec<OptionEntry> = d
        .options
        .iter()
        .filter_map(|o| {
            Some(OptionEntry {
                action: notation(seat, o.action),
                value: o.expected?,
            })
        })
        .collect();
    if options.len() < least.max(1) {
        return Err("no option valued".into());
    }
    options.sort_by(|a, b| b.value.total_cmp(&a.value));
    Ok(options)
}

/// The review of the decision at the problem's stop, `chosen` taken there.
fn review_at(problem: &Problem, chosen: Action, seed: u64) -> Result<DecisionReview, String> {
    review_stop(problem, chosen, seed, false).map(|(d, _)| d)
}

/// The review of the decision at the problem's stop, `chosen` taken there; `at_stakes`, at the
/// game's stakes of the deal, with the stakes found (none when the deal has none).
fn review_stop(
    problem: &Problem,
    chosen: Action,
    seed: u64,
    at_stakes: bool,
) -> Result<(DecisionReview, Option<Stakes>), String> {
    let mut record = problem.record.clone();
    let last = record.deals.len().checked_sub(1).ok_or("no deal")?;
    let index = record.deals[last].actions.len();
    record.deals[last]
        .actions
        .push(RecordedAction::new(problem.seat, chosen));
    let config = ReviewConfig {
        deal: Some(last),
        seat: Some(problem.seat),
        seed,
        budget: BUDGET,
    };
    let (review, stakes) = if at_stakes {
        review_deal_at_stakes(&record, last, &config, &mut |_, _| {})
    } else {
        review_deal(&record, last, &config, &mut |_, _| {}).map(|r| (r, None))
    }
    .map_err(|e| e.to_string())?;
    let d = review
        .decisions
        .into_iter()
        .find(|d| d.index == index)
        .ok_or("the decision was not reviewed")?;
    Ok((d, stakes))
}

/// The author's answer checked against the verdict.
#[derive(Clone, Debug, PartialEq)]
pub struct Check {
    /// The engine's best option (none when nothing is valued).
    pub best: Option<String>,
    /// Whether an accepted action is worth the best (or the author's dispute is stated, or
    /// nothing is valued).
    pub ok: bool,
    /// Whether the engine's best is among the accepted actions' values.
    pub agrees: bool,
}

/// Checks `problem`'s accepted actions against `verdict`: an accepted action must be worth the
/// engine's best, unless the explanation carries a `disputed` note.
pub fn check(problem: &Problem, verdict: Option<&Verdict>) -> Check {
    let Some(v) = verdict else {
        return Check {
            best: None,
            ok: true,
            agrees: true,
        };
    };
    let best = v.options.first().map_or(f64::NEG_INFINITY, |o| o.value);
    let agrees = problem.answer.accepted.is_empty()
        || problem
            .answer
            .accepted
            .iter()
            .filter_map(|a| parse_notation(a).ok())
            .filter_map(|a| v.value_of(&notation(problem.seat, a)))
            .any(|x| x >= best - EPSILON);
    let disputed = problem
        .answer
        .explanation
        .as_ref()
        .is_some_and(|e| e.disputed.is_some());
    Check {
        best: Some(v.best.clone()),
        ok: agrees || disputed,
        agrees,
    }
}
