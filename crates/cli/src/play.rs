//! `piquet play`: a human plays a whole game against a level in the
//! terminal, one line per decision (a number from the list, cards in the
//! usual notation, `hint` for the expert's advice, `auto` to let the
//! heuristic choose, `quit` to stop). The
//! running count and every declaration are said in words.

use crate::said::{answer_words, claim_words};
use piquet_ai::{BotId, choose_to_deal, decide, hint};
use piquet_engine::rules::CutRule;
use piquet_engine::{
    Action, Answer, Card, CardSet, Category, Cut, Event, Game, GameObservation, Phase, Rules, Seat,
    SplitMix64,
};
use piquet_words::Lang;
use std::io::{BufRead, Write};

/// The human plays seat A, the bot seat B.
const HUMAN: Seat = Seat::A;
const BOT: Seat = Seat::B;

fn who(s: Seat, bot: BotId) -> String {
    if s == HUMAN {
        "You".into()
    } else {
        bot.name(Lang::En).into()
    }
}

/// An event in words, for the human (private peeks of the bot are hidden).
fn event_words(e: &Event, bot: BotId) -> Option<String> {
    if e.audience().is_some_and(|s| s != HUMAN) {
        return None;
    }
    Some(match *e {
        Event::CarteBlanche { seat, exchange } => match exchange {
            Some(k) => format!("{}: carte blanche, exchanging {k}", who(seat, bot)),
            None => format!("{}: carte blanche", who(seat, bot)),
        },
        Event::Shown { seat, cards } => format!("{} show {cards}", who(seat, bot)),
        Event::Discarded { seat, count } => format!("{} discard {count}", who(seat, bot)),
        Event::Drew { seat, count } => format!("{} draw {count}", who(seat, bot)),
        Event::Peeked { cards, .. } => format!("You see talon cards {cards}"),
        Event::LeadSuitAnnounced { suit } => {
            format!("Elder will lead {suit} and sees the leftover")
        }
        Event::LeftoverExposed { cards } => format!("The leftover is turned up: {cards}"),
        Event::LeftoverHidden => "The leftover stays face down".into(),
        Event::AbandonProposed => "Elder proposes to abandon the deal".into(),
        Event::AbandonAnswered { accepted } => {
            format!(
                "The dealer {}",
                if accepted { "accepts" } else { "refuses" }
            )
        }
        Event::Declared {
            seat,
            category,
            claim,
        } => format!(
            "{} declare for {}: {}",
            who(seat, bot),
            piquet_words::category(category, Lang::En),
            claim_words(claim)
        ),
        Event::Answered { seat, answer, .. } => {
            format!("{} answer {}", who(seat, bot), answer_words(answer))
        }
        Event::Scored {
            seat,
            points,
            reason,
        } => format!(
            "{} score {points}: {} ({})",
            who(seat, bot),
            piquet_words::score_reason(reason, Lang::En),
            reason.article()
        ),
        Event::Played { seat, card } => format!("{} play {card}", who(seat, bot)),
        Event::TrickWon { seat, trick } => format!("{} win trick {trick}", who(seat, bot)),
        Event::DealEnded { end } => format!("End of the deal ({end:?})"),
    })
}

/// An action in words.
fn action_words(a: &Action, phase: Phase) -> String {
    let holding = |c: Category, h: CardSet| -> String {
        let claim = match c {
            Category::Point => {
                piquet_engine::combos::Point::of(h).map(|p| piquet_engine::Claim::Point {
                    length: p.length,
                    value: Some(p.value),
                })
            }
            Category::Sequence => {
                piquet_engine::combos::Sequence::of(h).map(|q| piquet_engine::Claim::Sequence {
                    length: q.length,
                    top: Some(q.top),
                })
            }
            Category::Sets => {
                piquet_engine::combos::Set::of(h).map(|s| piquet_engine::Claim::Set {
                    rank: s.rank,
                    count: s.count,
                })
            }
        };
        format!("{} ({h})", claim.map_or("nothing".into(), claim_words))
    };
    let category = match phase {
        Phase::Declare { category } | Phase::Answer { category, .. } => Some(category),
        _ => None,
    };
    match (*a, category) {
        (Action::Declare(None), _) => "declare nothing".into(),
        (Action::Declare(Some(h)), Some(c)) => format!("declare {}", holding(c, h)),
        (Action::Answer(Answer::Good), _) => "answer \"good\"".into(),
        (Action::Answer(Answer::Equal(h)), Some(c)) if !h.is_empty() => {
            format!("answer \"equal\" with {}", holding(c, h))
        }
        (Action::Answer(Answer::Equal(_)), _) => "answer \"equal\" (none either)".into(),
        (Action::Answer(Answer::Better(h)), Some(c)) => {
            format!("answer \"not good\" with {}", holding(c, h))
        }
        (Action::Play(c), _) => format!("play {c}"),
        (Action::AnnounceCarteBlanche(k), _) => format!("announce carte blanche, exchanging {k}"),
        (Action::DeclareCarteBlanche, _) => "declare carte blanche".into(),
        (Action::LookAtLeftover(None), _) => "do not look at the leftover".into(),
        (Action::LookAtLeftover(Some(s)), _) => format!("lead {s} first and see the leftover"),
        (Action::ExposeLeftover(true), _) => "turn the leftover face up".into(),
        (Action::ExposeLeftover(false), _) => "leave the leftover face down".into(),
        (Action::ProposeAbandon(p), _) => {
            format!("propose to abandon: {}", if p { "yes" } else { "no" })
        }
        (Action::AcceptAbandon(p), _) => {
            format!("accept to abandon: {}", if p { "yes" } else { "no" })
        }
        (a, _) => format!("{a:?}"),
    }
}

/// Reads one line; `None` at the end of the input.
fn read_line(input: &mut impl BufRead) -> Result<Option<String>, String> {
    let mut line = String::new();
    let n = input.read_line(&mut line).map_err(|e| e.to_string())?;
    Ok((n > 0).then(|| line.trim().to_string()))
}

fn say(out: &mut impl Write, text: &str) -> Result<(), String> {
    writeln!(out, "{text}").map_err(|e| e.to_string())
}

/// Asks the human for the current decision; `None` if he quits.
fn ask(
    view: &GameObservation,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> Result<Option<Action>, String> {
    let obs = view.deal.as_ref().ok_or("no deal in progress")?;
    say(out, &format!("Your hand: {}", obs.hand))?;
    if let Some((lo, hi)) = obs.discard_limits {
        say(
            out,
            &format!("Discard {lo} to {hi} cards: type them (e.g. 7C 8D), or '-' for none"),
        )?;
    }
    for (i, a) in obs.legal_actions.iter().enumerate() {
        say(out, &format!("  {}) {}", i + 1, action_words(a, obs.phase)))?;
    }
    loop {
        write!(out, "> ").map_err(|e| e.to_string())?;
        out.flush().map_err(|e| e.to_string())?;
        let Some(line) = read_line(input)? else {
            return Err("the input ended before the game did".into());
        };
        if line.is_empty() {
            continue;
        }
        match line.as_str() {
            "quit" | "q" => return Ok(None),
            "auto" => {
                // Let the heuristic choose for the human (handy with piped input).
                let a = decide(BotId::Heuristic, view, 0).map_err(|e| e.to_string())?;
                say(out, &format!("(auto) {}", action_words(&a, obs.phase)))?;
                return Ok(Some(a));
            }
            "hint" | "?" => {
                match hint(view, 7) {
                    Ok(h) => say(
                        out,
                        &format!(
                            "Hint: {} — {}",
                            action_words(&h.action, obs.phase),
                            h.reason.en
                        ),
                    )?,
                    Err(e) => say(out, &format!("No hint: {e}"))?,
                }
                continue;
            }
            _ => {}
        }
        if let Ok(n) = line.parse::<usize>() {
            if let Some(a) = obs.legal_actions.get(n.wrapping_sub(1)) {
                return Ok(Some(*a));
            }
            say(out, "No such choice.")?;
            continue;
        }
        if obs.discard_limits.is_some() {
            let cards = if line == "-" {
                Ok(CardSet::EMPTY)
            } else {
                line.parse::<CardSet>()
            };
            match cards {
                Ok(d) => return Ok(Some(Action::Discard(d))),
                Err(e) => {
                    say(out, &format!("Not cards: {e}"))?;
                    continue;
                }
            }
        }
        if let Ok(c) = line.parse::<Card>() {
            return Ok(Some(Action::Play(c)));
        }
        say(
            out,
            "Type a number from the list, cards, 'hint', 'auto' (the heuristic chooses) or 'quit'.",
        )?;
    }
}

/// `piquet play`: the whole game; returns the closing line.
pub fn play(
    rules: Rules,
    bot: BotId,
    seed: u64,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> Result<String, String> {
    let mut rng = SplitMix64::new(seed);
    let drawn = Cut::from_seed(&rules, rng.next_u64());
    let &(a, b) = drawn.draws.last().ok_or("the cut drew nothing")?;
    say(
        out,
        &format!(
            "Piquet ({}) against {} — {}",
            rules.preset_id().unwrap_or("custom"),
            bot.name(Lang::En),
            bot.name(Lang::Fr)
        ),
    )?;
    say(
        out,
        &format!("The cut: you draw {a}, {} draws {b}", bot.name(Lang::En)),
    )?;
    let higher = if a.rank() > b.rank() { HUMAN } else { BOT };
    let higher_deals = if rules.cut == CutRule::HigherChooses {
        let choice = if higher == BOT {
            let empty = GameObservation::fresh(BOT, None);
            let c = choose_to_deal(bot, &empty, rng.next_u64());
            say(
                out,
                &format!(
                    "{} cut higher and chooses to {}",
                    bot.name(Lang::En),
                    if c { "deal" } else { "be elder" }
                ),
            )?;
            c
        } else {
            say(out, "You cut higher: do you want to deal? (y/n)")?;
            loop {
                match read_line(input)?.as_deref() {
                    Some("y" | "yes") => break true,
                    Some("n" | "no") => break false,
                    Some("quit" | "q") => return Ok("You left the game.".into()),
                    Some(_) => say(out, "Answer y or n.")?,
                    None => return Err("the input ended before the game did".into()),
                }
            }
        };
        Some(choice)
    } else {
        None
    };
    let cut = Cut {
        draws: drawn.draws.clone(),
        higher_deals,
    };
    let mut game = Game::new(rules, &cut).map_err(|e| e.to_string())?;
    let mut deal_no = 0;
    let mut step = 0u64;
    while game.outcome().is_none() {
        if game.needs_deal() {
            deal_no += 1;
            game.start_deal_from_seed(rng.next_u64())
                .map_err(|e| e.to_string())?;
            let t = game.totals();
            say(
                out,
                &format!(
                    "\n— Deal {deal_no}: {} deal{}. Game score: you {}, {} {} —",
                    who(game.dealer(), bot),
                    if game.dealer() == HUMAN { "" } else { "s" },
                    t[0],
                    bot.name(Lang::En),
                    t[1]
                ),
            )?;
        }
        let deal = game.deal().ok_or("no deal in progress")?;
        let seat = deal.to_act().ok_or("nobody to act")?;
        let view = game.observation(seat);
        let action = if seat == BOT {
            step += 1;
            decide(bot, &view, rng.next_u64() ^ step).map_err(|e| e.to_string())?
        } else {
            match ask(&view, input, out)? {
                Some(a) => a,
                None => return Ok("You left the game.".into()),
            }
        };
        let mut events: Vec<Event> = Vec::new();
        if let Err(e) = game.apply_with(seat, action, &mut events) {
            // Only the human can be refused (the bots' actions are legal).
            say(out, &format!("Not allowed: {e}"))?;
            continue;
        }
        let mut scored = false;
        for e in &events {
            if let Some(text) = event_words(e, bot) {
                say(out, &text)?;
            }
            scored |= matches!(e, Event::Scored { .. });
        }
        if scored {
            if let Some(d) = game.deal() {
                say(
                    out,
                    &format!(
                        "Count: you {}, {} {}",
                        d.score(HUMAN),
                        bot.name(Lang::En),
                        d.score(BOT)
                    ),
                )?;
            }
        }
        if game.deal().is_none() {
            if let Some(r) = game.results().last() {
                say(
                    out,
                    &format!(
                        "Deal {deal_no}: you {}, {} {}",
                        r.points[0],
                        bot.name(Lang::En),
                        r.points[1]
                    ),
                )?;
            }
        }
    }
    let o = game.outcome().ok_or("no outcome")?;
    let t = game.totals();
    Ok(format!(
        "{} the game ({} to {}{}).",
        if o.winner == HUMAN {
            "You win"
        } else {
            "You lose"
        },
        t[o.winner.index()],
        t[o.winner.other().index()],
        o.payoff.map_or(String::new(), |p| format!(", payoff {p}"))
    ))
}
