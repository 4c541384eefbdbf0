//! `piquet`: analyze a hand, replay a record, simulate random deals, benchmark; the problems
//! (verify, generate) and the deal of the day.
//!
//! Errors go to stderr as one line, with exit status 2.

use piquet_engine::combos::{self, best_point};
use piquet_engine::cursor::ReplayCursor;
use piquet_engine::random::random_action;
use piquet_engine::{
    Action, CardSet, Deal, DealEnd, Event, EventSink, Phase, Record, Rules, ScoreReason, Seat,
    SplitMix64,
};
use serde_json::{Value, json};
use std::process::ExitCode;
use std::time::Instant;

mod arena;
mod args;
mod convert;
mod daily;
mod play;
mod problems;
mod review;
mod said;

use args::{parse_args, rules_of};
use said::{explain, seat_name};

const USAGE: &str = "usage: piquet analyze --rules <id> <12 cards> | replay <record (JSON or text)> [--explain] | \
review <record (JSON or text)> [--deal N] [--seat A|B] [--seed S] [--quick] [--json] | \
convert <record|-> [--to json|text] [-o <file>] | \
simulate --rules <id> --deals N --seed S | bench [--json] [--seconds S] | \
arena --rules <id> --a <bot> --b <bot> --pairs N --seed S [--threads T] [--json] | \
ladder --rules <id> --pairs N --seed S [--bots b1,b2,..] [--threads T] [--json] | \
play --rules <id> --level N [--seed S] | \
problems verify [DIR | FILE] [--json] [--fill] | problems generate --preset P --count N --seed S [--kind K] [--out DIR] | \
daily --date YYYY-MM-DD (UTC) [--rules <id>] [--json]";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(out) => {
            println!("{out}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("piquet: {}", e.replace('\n', " "));
            ExitCode::from(2)
        }
    }
}

fn run(args: &[String]) -> Result<String, String> {
    let (cmd, rest) = args.split_first().ok_or(USAGE)?;
    if rest.iter().any(|a| a == "-h" || a == "--help") {
        // Every usage of the command (`problems` has two).
        let lines: Vec<String> = USAGE
            .trim_start_matches("usage: piquet ")
            .split(" | ")
            .filter(|u| u.split(' ').next() == Some(cmd.as_str()))
            .map(|u| format!("usage: piquet {u}"))
            .collect();
        return if lines.is_empty() {
            Err(format!("unknown command {cmd:?}; {USAGE}"))
        } else {
            Ok(lines.join("\n"))
        };
    }
    match cmd.as_str() {
        "analyze" => {
            let a = parse_args(rest, &["rules"])?;
            a.only(&["rules"])?;
            analyze(rules_of(&a)?, &a.positional.join(" "))
        }
        "replay" => {
            let a = parse_args(rest, &[])?;
            a.only(&["explain"])?;
            let [path] = a.positional[..] else {
                return Err("replay needs one record file".into());
            };
            let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
            replay(&text, a.has("explain"))
        }
        "simulate" => {
            let a = parse_args(rest, &["rules", "deals", "seed"])?;
            a.only(&["rules", "deals", "seed"])?;
            simulate(
                rules_of(&a)?,
                a.number("deals", 10_000)?,
                a.number("seed", 0)?,
            )
        }
        "bench" => {
            let a = parse_args(rest, &["seconds", "rules"])?;
            a.only(&["json", "seconds", "rules"])?;
            bench(rules_of(&a)?, a.number("seconds", 2)?, a.has("json"))
        }
        "convert" => convert::run(rest),
        "review" => review::run(rest),
        "problems" => problems::run(rest),
        "daily" => daily::run(rest),
        "arena" | "ladder" | "play" => bots_command(cmd, rest),
        "-h" | "--help" | "help" => Ok(USAGE.to_string()),
        other => Err(format!("unknown command {other:?}; {USAGE}")),
    }
}

/// `piquet arena`, `piquet ladder` and `piquet play` (the bots of `piquet-ai`).
fn bots_command(cmd: &str, rest: &[String]) -> Result<String, String> {
    let bot = |v: Option<&str>, flag: &str| -> Result<piquet_ai::BotId, String> {
        v.ok_or(format!("--{flag} is required"))?
            .parse()
            .map_err(|e: piquet_ai::AiError| e.to_string())
    };
    match cmd {
        "arena" => {
            let flags = ["rules", "a", "b", "pairs", "seed", "threads"];
            let a = parse_args(rest, &flags)?;
            a.only(&[&flags[..], &["json"]].concat())?;
            arena::arena(
                rules_of(&a)?,
                bot(a.value("a"), "a")?,
                bot(a.value("b"), "b")?,
                a.number("pairs", 100)?,
                a.number("seed", 0)?,
                a.number("threads", 1)? as usize,
                a.has("json"),
            )
        }
        "ladder" => {
            let flags = ["rules", "pairs", "seed", "threads", "bots"];
            let a = parse_args(rest, &flags)?;
            a.only(&[&flags[..], &["json"]].concat())?;
            let bots = match a.value("bots") {
                Some(list) => list
                    .split(',')
                    .map(|b| bot(Some(b), "bots"))
                    .collect::<Result<Vec<_>, _>>()?,
                None => piquet_ai::BotId::ALL.to_vec(),
            };
            arena::ladder(
                rules_of(&a)?,
                &bots,
                a.number("pairs", 50)?,
                a.number("seed", 0)?,
                a.number("threads", 1)? as usize,
                a.has("json"),
            )
        }
        _ => {
            let flags = ["rules", "level", "seed"];
            let a = parse_args(rest, &flags)?;
            a.only(&flags)?;
            let level = bot(Some(a.value("level").unwrap_or("3")), "level")?;
            let stdin = std::io::stdin();
            let mut input = stdin.lock();
            let mut out = std::io::stdout();
            play::play(
                rules_of(&a)?,
                level,
                a.number("seed", 0)?,
                &mut input,
                &mut out,
            )
        }
    }
}

/// `piquet analyze`: the combinations of a twelve-card hand under the rules.
fn analyze(rules: Rules, cards: &str) -> Result<String, String> {
    let hand: CardSet = cards.parse().map_err(|e| format!("{e}"))?;
    if hand.len() != 12 {
        return Err(format!("a hand has 12 cards, got {}", hand.len()));
    }
    if let Some(c) = (hand - rules.deck_cards()).lowest() {
        return Err(format!(
            "{c} is not in the {}-card deck",
            rules.deck_cards().len()
        ));
    }
    #[derive(serde::Serialize)]
    struct PointOut {
        suit: String,
        length: u8,
        value: u16,
        score: u16,
    }
    #[derive(serde::Serialize)]
    struct SeqOut {
        suit: String,
        length: u8,
        top: String,
        score: u16,
    }
    #[derive(serde::Serialize)]
    struct SetOut {
        rank: String,
        count: u8,
        score: u16,
    }
    #[derive(serde::Serialize)]
    struct Analysis {
        point: Option<PointOut>,
        sequences: Vec<SeqOut>,
        sets: Vec<SetOut>,
        carte_blanche: bool,
    }
    let out = Analysis {
        point: best_point(hand, &rules).map(|p| PointOut {
            suit: p.suit.to_string(),
            length: p.length,
            value: p.value,
            score: p.score(&rules),
        }),
        sequences: combos::sequences(hand)
            .map(|q| SeqOut {
                suit: q.suit.to_string(),
                length: q.length,
                top: q.top.to_string(),
                score: q.score(&rules),
            })
            .collect(),
        sets: combos::sets(hand)
            .map(|s| SetOut {
                rank: s.rank.to_string(),
                count: s.count,
                score: s.score(),
            })
            .collect(),
        carte_blanche: combos::is_carte_blanche(hand),
    };
    serde_json::to_string(&out).map_err(|e| e.to_string())
}

/// `piquet replay`: deal-by-deal scores and the result.
fn replay(text: &str, words: bool) -> Result<String, String> {
    let rec = Record::parse(text).map_err(|e| e.to_string())?;
    let rep = rec.replay().map_err(|e| e.to_string())?;
    let mut out = String::new();
    if words {
        out.push_str(&explain_record(&rec)?);
    }
    let deals: Vec<Value> = rep
        .game
        .results()
        .iter()
        .map(|d| json!({"dealer": seat_name(d.dealer), "game": d.game, "points": d.points, "end": d.end}))
        .collect();
    let result = json!({
        "deals": deals,
        "totals": rep.game.totals(),
        "games_won": rep.game.games_won(),
        "in_progress": rep.game.deal().map(|d| json!({"points": [d.score(Seat::A), d.score(Seat::B)], "phase": d.phase()})),
        "outcome": rep.game.outcome(),
    });
    out.push_str(&result.to_string());
    Ok(out)
}

/// The event log of a record in words, deal by deal, with its metadata and
/// its commentary where it is attached (a deal's comment before its first
/// action, an action's comment after what that action caused).
fn explain_record(rec: &Record) -> Result<String, String> {
    let mut out = String::new();
    let m = &rec.meta;
    let players = m.players.as_ref().map(|[a, b]| format!("A = {a}, B = {b}"));
    for (tag, value) in [
        ("Event", m.event.as_deref()),
        ("Date", m.date.as_deref()),
        ("Players", players.as_deref()),
        ("Source", m.source.as_deref()),
        ("Licence", m.licence.as_deref()),
        ("Annotator", m.annotator.as_deref()),
    ] {
        if let Some(v) = value {
            out.push_str(&format!("{tag}: {v}\n"));
        }
    }
    let mut cursor = ReplayCursor::new(rec).map_err(|e| e.to_string())?;
    // A record that starts where the game stood: the score brought forward, and the deals
    // numbered from there.
    let first = match rec.start {
        Some(s) => {
            let [a, b] = s.totals;
            out.push_str(&format!(
                "Brought forward: A {a}, B {b}, before deal {}\n",
                s.deal
            ));
            usize::from(s.deal)
        }
        None => 1,
    };
    if rec.deals.is_empty() {
        return Ok(out);
    }
    loop {
        let at = cursor.position();
        if at.actions == 0 {
            out.push_str(&format!("— deal {} —\n", at.deal + first));
        }
        for e in cursor.events() {
            out.push_str(&explain(e));
            out.push('\n');
        }
        // In English when the record says it in English; another language is named.
        if let Some((lang, c)) = cursor.comment().and_then(|c| c.pick("en", &["fr"])) {
            let tag = match lang {
                "en" | piquet_engine::record::UNTAGGED => String::new(),
                other => format!("[{other}] "),
            };
            out.push_str(&format!("  ※ {tag}{}\n", c.replace('\n', "\n    ")));
        }
        if !cursor.forward() {
            return Ok(out);
        }
    }
}

/// Counts scores by reason while checking they add up.
#[derive(Default)]
struct Tally {
    points: [u32; 2],
    by_reason: [u64; 14],
}

impl EventSink for Tally {
    fn push(&mut self, e: Event) {
        if let Event::Scored {
            seat,
            points,
            reason,
        } = e
        {
            self.points[seat.index()] += u32::from(points);
            self.by_reason[reason as usize] += 1;
        }
    }
}

const REASONS: [ScoreReason; 14] = [
    ScoreReason::CarteBlanche,
    ScoreReason::Point,
    ScoreReason::Sequence,
    ScoreReason::Set,
    ScoreReason::Repic,
    ScoreReason::LeadScoringCard,
    ScoreReason::Lead,
    ScoreReason::WonWithScoringCard,
    ScoreReason::WonTrick,
    ScoreReason::TrickWon,
    ScoreReason::LastTrick,
    ScoreReason::Pic,
    ScoreReason::Cards,
    ScoreReason::Capot,
];

/// `piquet simulate`: random legal play with invariant checks.
fn simulate(rules: Rules, deals: u64, seed: u64) -> Result<String, String> {
    let start = Instant::now();
    let mut rng = SplitMix64::new(seed);
    let mut buf: Vec<Action> = Vec::new();
    let deck = rules.deck_cards();
    let (mut played, mut stopped, mut abandoned, mut actions) = (0u64, 0u64, 0u64, 0u64);
    let mut total = [0u64; 2];
    let mut by_reason = [0u64; 14];
    for i in 0..deals {
        let dealer = if i % 2 == 0 { Seat::A } else { Seat::B };
        let mut d = Deal::from_seed(rules, dealer, rng.next_u64()).map_err(|e| e.to_string())?;
        let mut tally = Tally::default();
        while let Some((s, a)) = random_action(&d, &mut rng, &mut buf) {
            d.apply_with(s, a, &mut tally)
                .map_err(|e| format!("deal {i}: legal {a:?} refused: {e}"))?;
            actions += 1;
            let talon: CardSet = d.talon_remaining().collect();
            let parts = [
                d.hand(Seat::A),
                d.hand(Seat::B),
                d.discards(Seat::A),
                d.discards(Seat::B),
                talon,
                d.played(),
            ];
            let n: usize = parts.iter().map(|p| p.len()).sum();
            let all = parts.iter().fold(CardSet::EMPTY, |x, p| x | *p);
            if n != deck.len() || all != deck {
                return Err(format!("deal {i}: cards not conserved"));
            }
        }
        if tally.points != [u32::from(d.score(Seat::A)), u32::from(d.score(Seat::B))] {
            return Err(format!("deal {i}: scores differ from the score events"));
        }
        match d.phase() {
            Phase::Finished {
                end: DealEnd::Played,
            } => {
                played += 1;
                if d.tricks_won(Seat::A) + d.tricks_won(Seat::B) != 12 {
                    return Err(format!("deal {i}: not 12 tricks"));
                }
            }
            Phase::Finished {
                end: DealEnd::Stopped { .. },
            } => stopped += 1,
            Phase::Finished {
                end: DealEnd::Abandoned,
            } => abandoned += 1,
            p => return Err(format!("deal {i}: stuck in {p:?}")),
        }
        total[0] += u64::from(d.score(Seat::A));
        total[1] += u64::from(d.score(Seat::B));
        for (k, n) in tally.by_reason.iter().enumerate() {
            by_reason[k] += n;
        }
    }
    let scores_by_reason: serde_json::Map<String, Value> = REASONS
        .iter()
        .zip(by_reason)
        .map(|(r, n)| {
            (
                serde_json::to_value(r)
                    .ok()
                    .and_then(|v| v.as_str().map(String::from))
                    .unwrap_or_default(),
                json!(n),
            )
        })
        .collect();
    let secs = start.elapsed().as_secs_f64();
    Ok(json!({
        "rules": rules.preset_id(),
        "deals": deals,
        "seed": seed,
        "played_out": played,
        "stopped": stopped,
        "abandoned": abandoned,
        "actions": actions,
        "mean_points": [total[0] as f64 / deals.max(1) as f64, total[1] as f64 / deals.max(1) as f64],
        "seconds": secs,
        "deals_per_sec": deals as f64 / secs.max(1e-9),
        "scoring_events": scores_by_reason,
        "invariants": "ok",
    })
    .to_string())
}

/// `piquet bench`: full random deals per second on one core, no checks, no events.
fn bench(rules: Rules, seconds: u64, as_json: bool) -> Result<String, String> {
    let mut rng = SplitMix64::new(1);
    let mut buf: Vec<Action> = Vec::new();
    let mut deals = 0u64;
    let mut checksum = 0u64;
    let start = Instant::now();
    let budget = seconds.max(1) as f64;
    loop {
        for _ in 0..10_000 {
            let dealer = if deals % 2 == 0 { Seat::A } else { Seat::B };
            let d = Deal::from_seed(rules, dealer, rng.next_u64()).map_err(|e| e.to_string())?;
            let d = piquet_engine::random::random_deal(d, &mut rng, &mut buf);
            checksum = checksum.wrapping_add(u64::from(d.score(Seat::A)));
            deals += 1;
        }
        if start.elapsed().as_secs_f64() >= budget {
            break;
        }
    }
    let secs = start.elapsed().as_secs_f64();
    let rate = deals as f64 / secs;
    Ok(if as_json {
        json!({"rules": rules.preset_id(), "random_deals_per_sec": rate.round(), "deals": deals, "seconds": secs, "checksum": checksum})
            .to_string()
    } else {
        format!("{rate:.0} random deals per second ({deals} deals in {secs:.2} s)")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn analyze_matches_the_issue_example() {
        let out = analyze(Rules::classique(), "AS KS QS JS TS 9S AH AD 7H 8D 7C 8C").unwrap();
        let v: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(
            v["point"],
            json!({"suit":"S","length":6,"value":60,"score":6})
        );
        assert_eq!(
            v["sequences"],
            json!([{"suit":"S","length":6,"top":"A","score":16}])
        );
        assert_eq!(v["sets"], json!([{"rank":"A","count":3,"score":3}]));
        assert_eq!(v["carte_blanche"], json!(false));
        assert!(analyze(Rules::classique(), "AS KS").is_err());
        assert!(analyze(Rules::classique(), "6S KS QS JS TS 9S AH AD 7H 8D 7C 8C").is_err());
        assert!(analyze(Rules::ancien(), "6S KS QS JS TS 9S AH AD 7H 8D 7C 8C").is_ok());
    }

    #[test]
    fn unknown_rules_and_commands_fail() {
        let args = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert!(run(&args(&["analyze", "--rules", "x", "AS"])).is_err());
        assert!(run(&args(&["frobnicate"])).is_err());
        let help = run(&args(&["problems", "--help"])).unwrap();
        assert!(help.contains("problems verify") && help.contains("problems generate"));
        let out = run(&args(&[
            "simulate", "--rules", "rubicon", "--deals", "200", "--seed", "3",
        ]))
        .unwrap();
        assert!(out.contains("\"invariants\":\"ok\""));
    }

    /// A whole game under `rules`, recorded from random legal actions.
    fn finished_record(rules: Rules, seed: u64) -> Record {
        piquet_engine::random_play::random_record(rules, seed)
    }

    #[test]
    fn replay_prints_one_count_of_games_won() {
        for (rules, seed) in [(Rules::rubicon(), 5), (Rules::classique(), 6)] {
            let record = finished_record(rules, seed);
            let out = replay(&record.to_json(), false).unwrap();
            assert_eq!(out.matches("games_won").count(), 1, "{out}");
            let v: Value = serde_json::from_str(&out).unwrap();
            let winner = match v["outcome"]["winner"].as_str() {
                Some("A") => 0,
                Some("B") => 1,
                other => panic!("winner {other:?}: {out}"),
            };
            let won = v["games_won"].as_array().unwrap();
            let expected = if rules == Rules::rubicon() { 1 } else { 2 };
            assert_eq!(won[winner], json!(expected), "{out}");
        }
    }
}
