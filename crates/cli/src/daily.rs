//! `piquet daily --date YYYY-MM-DD [--rules <id>] [--json]`: the deal of the day, seeded by the
//! date alone (a calendar day of UTC: the day changes at midnight UTC), printed as a record with
//! Le Maître's play of it from both seats (`piquet_table::problem::daily`). No clock is read:
//! the date is given.

use crate::args::{parse_args, rules_of};
use piquet_engine::Seat;
use piquet_table::problem::daily::{Date, daily, daily_seed};
use serde_json::{Value, json};

/// The usage line of the command.
pub const USAGE: &str = "daily --date YYYY-MM-DD (UTC) [--rules <id>] [--json]";

/// Runs the command; the returned text is printed.
pub fn run(args: &[String]) -> Result<String, String> {
    let a = parse_args(args, &["date", "rules"])?;
    a.only(&["date", "rules", "json"])?;
    if !a.positional.is_empty() {
        return Err(format!("usage: piquet {USAGE}"));
    }
    let date = Date::parse(
        a.value("date")
            .ok_or("--date YYYY-MM-DD (UTC) is required")?,
    )?;
    let rules = rules_of(&a)?;
    let record = daily(date, rules)?;
    let replay = record.replay().map_err(|e| e.to_string())?;
    let points = replay
        .game
        .results()
        .first()
        .map(|r| r.points)
        .unwrap_or_default();
    Ok(if a.has("json") {
        let rec: Value = serde_json::from_str(&record.to_json()).map_err(|e| e.to_string())?;
        json!({
            "date": date.to_string(),
            "rules": rules.preset_id(),
            "seed": daily_seed(date),
            "points": points,
            "record": rec,
        })
        .to_string()
    } else {
        let dealer = replay.game.results().first().map(|r| r.dealer);
        format!(
            "{}\n% Le Maître from both seats: A {} points, B {} points (dealer {})",
            record.to_text().trim_end(),
            points[0],
            points[1],
            match dealer {
                Some(Seat::A) => "A",
                Some(Seat::B) => "B",
                None => "?",
            }
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn the_deal_of_a_date_is_printed_the_same_each_time() {
        let first = run(&args(&["--date", "2026-11-25", "--json"])).unwrap();
        assert_eq!(
            run(&args(&["--date", "2026-11-25", "--json"])).unwrap(),
            first
        );
        let v: Value = serde_json::from_str(&first).unwrap();
        assert_eq!(v["date"], "2026-11-25");
        assert_eq!(v["rules"], "classique");
        assert!(v["record"]["deals"][0]["actions"].as_array().unwrap().len() > 24);
        // The text form is a record too (the last line a remark).
        let text = run(&args(&["--date", "2026-11-25"])).unwrap();
        let record = piquet_engine::Record::parse(&text).unwrap();
        let json: Value = serde_json::from_str(&record.to_json()).unwrap();
        assert_eq!(json, v["record"]);
        assert!(run(&args(&["--date", "2026-02-30"])).is_err());
        assert!(run(&args(&[])).is_err());
    }
}
