//! `piquet review <record> [--deal N] [--seat A|B] [--seed S] [--quick] [--json]`:
//! every decision of every deal of a record (JSON or text form) given a
//! value and compared with the best choice (`piquet_ai::review`). With
//! `--json`, one JSON object per line and per decision; otherwise a report to
//! read, the points lost per part of each deal at the end of it.

use crate::args::parse_args;
use piquet_ai::review::{
    Budget, DealReview, DecisionReview, ReviewConfig, SeatSummary, review_record,
};
use piquet_engine::record_text::action_token;
use piquet_engine::{Action, Record, Seat};
use piquet_words::Lang;
use serde::Serialize;

/// The usage line of the command.
pub const USAGE: &str =
    "review <record (JSON or text)> [--deal N] [--seat A|B] [--seed S] [--quick] [--json]";

/// Runs the command; the returned text is printed.
pub fn run(args: &[String]) -> Result<String, String> {
    let a = parse_args(args, &["deal", "seat", "seed"])?;
    a.only(&["deal", "seat", "seed", "quick", "json"])?;
    let [path] = a.positional[..] else {
        return Err(format!(
            "review needs one record file; usage: piquet {USAGE}"
        ));
    };
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let record = Record::parse(&text).map_err(|e| format!("{path}: {e}"))?;
    let deal = match a.value("deal") {
        None => None,
        Some(v) => match v.parse::<usize>() {
            Ok(n) if n >= 1 => Some(n - 1),
            _ => return Err(format!("--deal: expected a deal number from 1, got {v:?}")),
        },
    };
    let seat = match a.value("seat") {
        None => None,
        Some("A" | "a") => Some(Seat::A),
        Some("B" | "b") => Some(Seat::B),
        Some(v) => return Err(format!("--seat: expected A or B, got {v:?}")),
    };
    let config = ReviewConfig {
        deal,
        seat,
        seed: a.number("seed", 0)?,
        budget: if a.has("quick") {
            Budget::QUICK
        } else {
            Budget::STANDARD
        },
    };
    let reviews =
        review_record(&record, &config, &mut |_, _| {}).map_err(|e| format!("{path}: {e}"))?;
    Ok(if a.has("json") {
        reviews
            .iter()
            .flat_map(|r| &r.decisions)
            .map(decision_json)
            .collect::<Vec<_>>()
            .join("\n")
    } else {
        reviews.iter().map(report).collect::<Vec<_>>().join("\n\n")
    })
}

/// An action as the record's text form writes it, without the seat: `AH`,
/// `x 9S 8S`, `decl AD JD TD`, `good`.
fn action_text(seat: Seat, action: Action) -> String {
    let token = action_token(seat, action);
    match token.split_once(':') {
        Some((_, rest)) => rest.to_string(),
        None => token,
    }
}

fn seat_letter(s: Seat) -> &'static str {
    match s {
        Seat::A => "A",
        Seat::B => "B",
    }
}

/// One option in a `--json` line.
#[derive(Serialize)]
struct OptionOut {
    action: String,
    open: Option<f64>,
    expected: Option<f64>,
}

/// One decision as a `--json` line (deals numbered from 1, as in the text form).
#[derive(Serialize)]
struct DecisionOut<'a> {
    deal: usize,
    index: usize,
    seat: &'static str,
    kind: &'static str,
    chosen: String,
    options: Vec<OptionOut>,
    best: String,
    loss: f64,
    noise: f64,
    worlds: u16,
    mark: Option<&'static str>,
    reason_en: &'a str,
    reason_fr: &'a str,
}

fn decision_json(d: &DecisionReview) -> String {
    let out = DecisionOut {
        deal: d.deal + 1,
        index: d.index,
        seat: seat_letter(d.seat),
        kind: d.kind.id(),
        chosen: action_text(d.seat, d.chosen),
        options: d
            .options
            .iter()
            .map(|o| OptionOut {
                action: action_text(d.seat, o.action),
                open: o.open,
                expected: o.expected,
            })
            .collect(),
        best: action_text(d.seat, d.best),
        loss: d.loss,
        noise: d.noise,
        worlds: d.worlds,
        mark: d.mark.map(|m| m.name(Lang::En)),
        reason_en: &d.reason.en,
        reason_fr: &d.reason.fr,
    };
    serde_json::to_string(&out).unwrap_or_default()
}

/// A deal's review as text to read.
fn report(r: &DealReview) -> String {
    let mut out = format!(
        "Deal {} ({} deals){}: A {}, B {}\n",
        r.deal + 1,
        seat_letter(r.dealer),
        if r.finished { "" } else { ", unfinished" },
        r.points[0],
        r.points[1]
    );
    for d in &r.decisions {
        let mark = d
            .mark
            .map_or(String::new(), |m| format!("  [{}]", m.name(Lang::En)));
        out.push_str(&format!(
            "{:>3}. {} {:<13} {:<24} loss {:>5.1}{mark}\n       {}\n",
            d.index,
            seat_letter(d.seat),
            d.kind.id(),
            action_text(d.seat, d.chosen),
            d.loss,
            d.reason.en
        ));
    }
    for s in &r.summary {
        out.push_str(&summary_line(s));
    }
    out.trim_end().to_string()
}

fn summary_line(s: &SeatSummary) -> String {
    let l = &s.lost;
    let [i, m, b] = s.marks;
    format!(
        "{} lost {:.1} points in {} decisions (exchange {:.1}, declarations {:.1}, play {:.1}, other {:.1}); \
         {i} inaccuracies, {m} mistakes, {b} blunders\n",
        seat_letter(s.seat),
        l.total(),
        s.decisions,
        l.exchange,
        l.declarations,
        l.play,
        l.other
    )
}
