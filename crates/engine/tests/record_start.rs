#![cfg(not(target_arch = "wasm32"))]
//! Records that start where the game stood (docs/record-format.md, "A record that starts at
//! a given score"): a partie's last deal stated from the header replays, ends and scores as
//! the same deal reached by playing the deals before it; both forms read, write and round-trip
//! the start; a start older readers would ignore is written as version 4; every bad start is
//! named (the JSON field, the text's line), never a panic.

mod common;

use piquet_engine::cursor::ReplayCursor;
use piquet_engine::{Cut, GameStart, Record, RecordError, Rules, StartProblem, TextProblem};

/// A whole random partie of Rubicon, recorded.
fn partie(seed: u64) -> Record {
    piquet_engine::random_play::random_record(Rules::rubicon(), seed)
}

/// The same partie from its sixth deal, the five before brought forward by the header.
fn from_sixth(rec: &Record) -> Record {
    let mut before = rec.clone();
    before.deals.truncate(5);
    let totals = before.replay().unwrap().game.totals();
    let mut r = rec.clone();
    r.deals.drain(..5);
    r.start = Some(GameStart {
        totals,
        deal: 6,
        game: 1,
        ..GameStart::default()
    });
    r
}

#[test]
fn the_last_deal_stated_from_the_header_ends_the_partie_as_played() {
    let mut checked = 0;
    for seed in 0..12 {
        let whole = partie(seed);
        if whole.deals.len() != 6 {
            continue;
        }
        checked += 1;
        let stated = from_sixth(&whole);
        let (a, b) = (whole.replay().unwrap(), stated.replay().unwrap());
        assert_eq!(a.game.totals(), b.game.totals(), "seed {seed}");
        assert_eq!(a.game.outcome(), b.game.outcome(), "seed {seed}");
        assert_eq!(a.game.results()[5], b.game.results()[0]);
        assert_eq!(b.game.start(), stated.start.as_ref());
        // The cursor stands at the stated score, and moves on from it.
        let mut c = ReplayCursor::new(&stated).unwrap();
        assert_eq!(c.game().totals(), stated.start.unwrap().totals);
        while c.forward() {}
        assert_eq!(c.game().totals(), a.game.totals());
    }
    assert!(checked >= 3, "{checked} parties of six deals");
}

#[test]
fn both_forms_write_and_read_the_start() {
    let stated = from_sixth(&partie(3));
    let json = stated.to_json();
    assert!(json.contains("\"version\": 4"), "{json}");
    assert!(json.contains("\"start\""), "{json}");
    assert_eq!(Record::from_json(&json).unwrap(), stated);
    let text = stated.to_text();
    let [a, b] = stated.start.unwrap().totals;
    assert!(text.contains("[Version \"4\"]"), "{text}");
    assert!(
        text.contains(&format!("[Start \"deal=6 totals={a},{b}\"]")),
        "{text}"
    );
    assert_eq!(Record::parse(&text).unwrap(), stated);
    // A match's later game, its dealer stated: every key round-trips.
    let mut m = Record::new(
        Rules::classique(),
        Cut {
            draws: vec![],
            higher_deals: None,
        },
    );
    m.start = Some(GameStart {
        totals: [40, 87],
        deal: 5,
        game: 2,
        games_won: [0, 1],
        dealer: Some(piquet_engine::Seat::B),
    });
    let text = m.to_text();
    assert!(
        text.contains("[Start \"deal=5 totals=40,87 game=2 won=0,1 dealer=B\"]"),
        "{text}"
    );
    assert_eq!(Record::parse(&text).unwrap(), m);
    assert_eq!(Record::from_json(&m.to_json()).unwrap(), m);
    // Without a start a record is still written as version 3, which older readers read.
    let whole = partie(3);
    assert!(whole.to_json().contains("\"version\": 3"));
    assert!(whole.to_text().contains("[Version \"3\"]"));
}

fn text_error(text: &str) -> (usize, TextProblem) {
    match Record::parse(text) {
        Err(RecordError::Text { line, problem, .. }) => (line, problem),
        other => panic!("not a text error: {other:?}"),
    }
}

#[test]
fn a_bad_start_is_named() {
    let stated = from_sixth(&partie(3));
    let text = stated.to_text();
    let line = text.lines().position(|l| l.starts_with("[Start")).unwrap() + 1;
    let with = |start: &str| {
        text.lines()
            .map(|l| if l.starts_with("[Start") { start } else { l })
            .collect::<Vec<_>>()
            .join("\n")
    };
    // Not the tag's syntax.
    let (l, p) = text_error(&with("[Start \"deal=six totals=1,2\"]"));
    assert_eq!(l, line, "{p}");
    assert!(
        matches!(&p, TextProblem::StartSyntax { found } if found.text == "deal=six"),
        "{p:?}"
    );
    let (_, p) = text_error(&with("[Start \"deal=6 totals=1,2 deal=7\"]"));
    assert!(matches!(&p, TextProblem::StartSyntax { found } if found.text == "deal=7"));
    let (_, p) = text_error(&with("[Start \"deal=6\"]"));
    assert!(matches!(&p, TextProblem::StartSyntax { .. }));
    // Not a place the game could stand: named at the Start line.
    let (l, p) = text_error(&with("[Start \"deal=6 totals=1,2 game=2 won=1,0\"]"));
    assert_eq!(l, line, "{p}");
    let TextProblem::Replay { error, .. } = &p else {
        panic!("{p:?}")
    };
    assert!(matches!(
        **error,
        RecordError::Start {
            problem: StartProblem::BadGame { game: 2, .. }
        }
    ));
    assert!(p.to_string().contains("not a game of these rules"), "{p}");
    // Deals are numbered from the start's.
    let (l, p) = text_error(&text.replace("[Deal \"6\"]", "[Deal \"1\"]"));
    assert_eq!(l, line + 2, "{p}");
    assert!(p.to_string().contains("expected deal number 6"), "{p}");
    // A start in a version 3 record: an older reader would ignore it.
    let (l, p) = text_error(&text.replace("[Version \"4\"]", "[Version \"3\"]"));
    assert_eq!(l, line);
    assert!(p.to_string().contains("version 4"), "{p}");
    let json = stated.to_json().replace("\"version\": 4", "\"version\": 3");
    assert_eq!(
        Record::from_json(&json),
        Err(RecordError::Start {
            problem: StartProblem::OlderVersion { version: 3 }
        })
    );
    // The JSON reader names the field and the value.
    let bad = stated.to_json().replace("\"deal\": 6", "\"deal\": \"six\"");
    let said = Record::from_json(&bad).unwrap_err().to_string();
    assert!(said.contains("start.deal: \"six\""), "{said}");
    // A start that replays to nothing possible is refused by the replay, not read wrong.
    let mut zero = stated.clone();
    zero.start.as_mut().unwrap().deal = 0;
    assert_eq!(
        zero.replay().unwrap_err(),
        RecordError::Start {
            problem: StartProblem::DealZero
        }
    );
}

/// The worked example of docs/record-format.md ("A hand to the score") reads, replays to B's
/// answer at 78 to 104 in the sixth deal, and is the record of the shipped problem.
#[test]
fn the_documented_hand_to_the_score_replays() {
    let block = common::docs_example("<!-- worked example: a hand to the score");
    let rec = Record::parse(block).unwrap_or_else(|e| panic!("{e}\n{block}"));
    let replay = rec.replay().unwrap();
    assert_eq!(replay.game.totals(), [78, 104]);
    assert_eq!(replay.game.deal_number(), 6);
    assert_eq!(
        replay.game.deal().and_then(|d| d.to_act()),
        Some(piquet_engine::Seat::B)
    );
    assert!(rec.to_text().contains("[Deal \"6\"]"));
    // The problem shipped from it holds the same record (with its metadata).
    let problem = include_str!("../../../problems/cavendish-1882-sinking-v.json");
    let value: serde_json::Value = serde_json::from_str(problem).unwrap();
    let shipped = Record::from_json(&value["record"].to_string()).unwrap();
    assert_eq!(shipped.start, rec.start);
    assert_eq!(shipped.deals, rec.deals);
    assert_eq!(shipped.cut, rec.cut);
}
