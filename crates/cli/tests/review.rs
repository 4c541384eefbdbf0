//! `piquet review` end to end, on the shipped records.

use piquet_engine::record_text::action_token;
use piquet_engine::{Card, Deal, Game, NoEvents, Record};
use serde_json::Value;
use std::path::PathBuf;
use std::process::Command;

fn piquet(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_piquet"))
        .args(args)
        .output()
        .expect("run piquet");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn records() -> Vec<PathBuf> {
    let dir = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../records"));
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("records/")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "json" || e == "txt"))
        .collect();
    out.sort();
    assert!(out.len() >= 4, "{out:?}");
    out
}

/// The deal before each action, per deal.
fn states(record: &Record) -> Vec<Vec<Deal>> {
    let rules = record.resolved_rules().expect("rules");
    let mut game = Game::new(rules, &record.cut).expect("a cut");
    let mut out = Vec::new();
    for d in &record.deals {
        game.start_deal(d.layout.clone()).expect("a layout");
        let mut per = Vec::new();
        for a in &d.actions {
            per.push(*game.deal().expect("a deal in progress"));
            game.apply_with(a.seat, a.action, &mut NoEvents)
                .expect("legal");
        }
        out.push(per);
    }
    out
}

#[test]
fn every_card_play_lists_every_legal_card_with_an_open_value() {
    for path in records() {
        let name = path.display().to_string();
        let (code, out, err) = piquet(&["review", &name, "--json"]);
        assert_eq!(code, 0, "{name}: {err}");
        let record = Record::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let states = states(&record);
        let lines: Vec<Value> = out
            .lines()
            .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
            .collect();
        let actions: usize = record.deals.iter().map(|d| d.actions.len()).sum();
        assert_eq!(lines.len(), actions, "{name}: one line per decision");
        let mut plays = 0;
        for v in &lines {
            let deal = v["deal"].as_u64().expect("deal") as usize - 1;
            let index = v["index"].as_u64().expect("index") as usize;
            let recorded = &record.deals[deal].actions[index];
            let token = action_token(recorded.seat, recorded.action);
            let (seat, chosen) = token.split_once(':').unwrap();
            assert_eq!(v["seat"], seat, "{name}");
            assert_eq!(v["chosen"], chosen, "{name}");
            let loss = v["loss"].as_f64().expect("a loss");
            assert!(loss >= 0.0, "{name}: {v}");
            let options = v["options"].as_array().expect("options");
            assert!(
                options.iter().any(|o| o["action"] == v["best"]),
                "{name}: {v}"
            );
            if v["kind"] == "play" {
                plays += 1;
                let listed: Vec<Card> = options
                    .iter()
                    .map(|o| o["action"].as_str().unwrap().parse().unwrap())
                    .collect();
                let legal: Vec<Card> = states[deal][index].legal_plays().into_iter().collect();
                assert_eq!(listed, legal, "{name}: {v}");
                assert!(options.iter().all(|o| o["open"].is_number()), "{name}: {v}");
            } else {
                assert!(options.iter().all(|o| o["open"].is_null()), "{name}: {v}");
            }
        }
        assert!(plays >= 24, "{name}: {plays} card plays");
    }
}

#[test]
fn review_picks_a_deal_and_a_seat_and_reads_as_a_report() {
    let path = records()
        .into_iter()
        .find(|p| p.ends_with("hoffmann-1909.txt"))
        .unwrap();
    let name = path.display().to_string();
    let (code, out, err) = piquet(&[
        "review", &name, "--deal", "1", "--seat", "B", "--quick", "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.lines().count() > 10);
    for line in out.lines() {
        let v: Value = serde_json::from_str(line).unwrap();
        assert_eq!(
            (v["deal"].as_u64(), v["seat"].as_str()),
            (Some(1), Some("B"))
        );
    }
    let (code, out, err) = piquet(&["review", &name, "--quick"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("Deal 1 (B deals): A 43, B 23"), "{out}");
    assert!(
        out.contains("\nA lost ") && out.contains("\nB lost "),
        "{out}"
    );
}

#[test]
fn bad_review_input_exits_2_with_one_line() {
    let path = records().remove(0);
    let name = path.display().to_string();
    let dir = std::env::temp_dir().join(format!("piquet-review-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let broken = dir.join("broken.json");
    std::fs::write(&broken, "{\"format\": \"piquet-record\", \"version\": 2").unwrap();
    let broken = broken.display().to_string();
    for args in [
        &["review"][..],
        &["review", "/nonexistent.json"],
        &["review", &broken],
        &["review", &name, "--deal", "0"],
        &["review", &name, "--deal", "9"],
        &["review", &name, "--deal", "x"],
        &["review", &name, "--seat", "C"],
        &["review", &name, "--seed", "-1"],
        &["review", &name, "--frobnicate"],
        &["review", &name, &name],
    ] {
        let (code, out, err) = piquet(args);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty(), "{args:?}");
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
    }
    let _ = std::fs::remove_dir_all(dir);
}
