#![cfg(not(target_arch = "wasm32"))]
//! The text form of records (docs/record-format.md, "The text form"):
//! JSON → text → JSON is the identity on random recorded games of every
//! preset (with random metadata, comments in no language or in several, notes,
//! and custom rules), version 1 records are still read, and parsing never
//! panics on any input.

mod common;

use piquet_engine::random_play::random_action;
use piquet_engine::record::{DealRecord, RecordedAction, RulesSpec};
use piquet_engine::{
    Cut, DealSetup, Game, Localized, Metadata, Record, RecordError, Rules, SplitMix64, TextProblem,
};
use proptest::prelude::*;

/// `text` in no stated language, in English and French, or in English only (by `pick`).
fn in_languages(text: String, pick: u32) -> Localized {
    match pick {
        0 => Localized::untagged(text),
        1 => Localized::new()
            .with("en", text.clone())
            .with("fr", format!("fr: {text}")),
        _ => Localized::new().with("en", text),
    }
}

/// A random whole game of `rules`, recorded, with comments where `notes` says.
fn random_record(rules: Rules, seed: u64, notes: &[String]) -> Record {
    let cut = Cut::from_seed(&rules, seed);
    let mut rec = Record::new(rules, cut.clone());
    let mut g = Game::new(rules, &cut).unwrap();
    let mut rng = SplitMix64::new(seed ^ 0x5eed);
    let mut buf = Vec::new();
    let mut n = 0usize;
    let mut note = |rng: &mut SplitMix64| {
        n += 1;
        let text = (!notes.is_empty() && rng.below(3) == 0).then(|| notes[n % notes.len()].clone());
        text.map(|t| in_languages(t, rng.below(3)))
            .unwrap_or_default()
    };
    rec.cut_texts.prompt = note(&mut rng);
    rec.cut_texts.wrong = note(&mut rng);
    rec.cut_texts.comment = note(&mut rng);
    while g.outcome().is_none() {
        if g.needs_deal() {
            let s = rng.next_u64();
            let layout = DealSetup::from_seed(&rules, g.dealer(), s);
            g.start_deal(layout.clone()).unwrap();
            let c = note(&mut rng);
            if !c.is_empty() {
                rec.deal_comments.insert(rec.deals.len(), c);
            }
            let n = note(&mut rng);
            if !n.is_empty() {
                rec.deal_notes.insert(rec.deals.len(), n);
            }
            let p = note(&mut rng);
            if !p.is_empty() {
                rec.deal_prompts.insert(rec.deals.len(), p);
            }
            rec.deals.push(DealRecord {
                layout,
                seed: (rng.below(2) == 0).then_some(s),
                actions: Vec::new(),
            });
        }
        let (seat, action) = random_action(g.deal().unwrap(), &mut rng, &mut buf).unwrap();
        g.apply_with(seat, action, &mut piquet_engine::NoEvents)
            .unwrap();
        let comment = note(&mut rng);
        let note_text = note(&mut rng);
        let prompt = note(&mut rng);
        let wrong = note(&mut rng);
        if let Some(d) = rec.deals.last_mut() {
            d.actions.push(RecordedAction {
                seat,
                action,
                comment,
                note: note_text,
                prompt,
                wrong,
            });
        }
    }
    rec
}

fn all_rules() -> Vec<Rules> {
    let mut v: Vec<Rules> = Rules::ALL.iter().map(|(_, r)| *r).collect();
    let mut fache = Rules::ancien();
    fache.abandon = true;
    v.push(fache);
    let mut odd = Rules::moderne();
    odd.capot_no_last_trick = true;
    odd.elder_max = 4;
    v.push(odd);
    v
}

fn round_trip(rec: &Record) {
    let text = rec.to_text();
    let back = Record::from_text(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(&back, rec, "{text}");
    let json = rec.to_json();
    assert_eq!(
        Record::from_text(&Record::from_json(&json).unwrap().to_text())
            .unwrap()
            .to_json(),
        json
    );
    assert_eq!(Record::parse(&text).unwrap(), back);
    assert_eq!(Record::parse(&json).unwrap(), back);
    back.replay().unwrap();
}

#[test]
fn every_preset_round_trips_through_text() {
    for (i, r) in all_rules().into_iter().enumerate() {
        for seed in 0..3 {
            let mut rec = random_record(r, seed * 31 + i as u64, &["a note".to_string()]);
            if seed == 1 {
                rec.meta = Metadata {
                    event: Some("Club \"Piquet\" night".into()),
                    date: Some("1661".into()),
                    players: Some(["Alcippe".into(), "Saint-Bouvain \\ B".into()]),
                    source: Some("line one\nline two\ttab".into()),
                    licence: Some("CC0-1.0".into()),
                    annotator: Some("{braces} [brackets]".into()),
                };
            }
            round_trip(&rec);
        }
    }
}

#[test]
fn custom_rules_keep_their_kind() {
    let mut rec = random_record(Rules::classique(), 4, &[]);
    rec.rules = RulesSpec::Custom(Rules::classique());
    round_trip(&rec);
    let text = rec.to_text();
    assert!(text.contains("[Options \"\"]"), "{text}");
    rec.rules = RulesSpec::Preset("nope".into());
    let back = Record::from_text(&rec.to_text()).unwrap();
    assert_eq!(
        back, rec,
        "an unknown preset id is kept, and refused on replay"
    );
    assert!(matches!(
        back.replay(),
        Err(RecordError::UnknownRules { .. })
    ));
}

#[test]
fn version_1_json_is_read_and_upgraded() {
    let json = include_str!("../../cli/tests/data/first-deal.json");
    assert!(json.contains("\"version\": 1"));
    let rec = Record::from_json(json).unwrap();
    assert_eq!(rec.version, piquet_engine::record::RECORD_VERSION);
    assert!(rec.to_json().contains("\"version\": 3"));
    round_trip(&rec);
}

#[test]
fn old_comments_read_as_comments_in_no_stated_language() {
    // A version 2 record in both forms: one untagged comment per place.
    let mut json: serde_json::Value =
        serde_json::from_str(include_str!("../../cli/tests/data/first-deal.json")).unwrap();
    json["version"] = 2.into();
    json["deals"][0]["comment"] = "Bruno is elder.".into();
    let rec = Record::from_json(&json.to_string()).unwrap();
    assert_eq!(
        rec.deal_comments[&0],
        Localized::untagged("Bruno is elder.")
    );
    let first = &rec.deals[0].actions[0];
    assert_eq!(
        first.comment.pick("fr", &[]),
        Some(("und", "Bruno keeps his quinte and his aces"))
    );
    assert!(first.note.is_empty());
    // Written back, an untagged comment alone stays a plain string and an unlabelled brace.
    assert!(rec.to_json().contains("\"comment\": \"Bruno is elder.\""));
    let text = rec.to_text();
    assert!(text.contains("{Bruno is elder.}"), "{text}");
    let old_text = text.replace("[Version \"3\"]", "[Version \"2\"]");
    assert_eq!(Record::from_text(&old_text).unwrap(), rec);
    round_trip(&rec);
}

#[test]
fn comments_per_language_and_notes_in_both_forms() {
    let mut rec = random_record(Rules::classique(), 2, &[]);
    rec.deal_comments.insert(
        0,
        Localized::new()
            .with("fr", "Avant la donne.")
            .with("en", "Before the deal."),
    );
    rec.deal_notes
        .insert(0, Localized::untagged("RULES.md 11.1"));
    let first = &mut rec.deals[0].actions[0];
    first.comment = Localized::new().with("en", "He keeps his hearts.");
    first.note = Localized::new().with("fr", "[crochets] {accolades}");
    // An untagged comment that starts like a label keeps its text.
    rec.deals[0].actions[1].comment = Localized::untagged("[fr] is not a label here");
    round_trip(&rec);
    let text = rec.to_text();
    assert!(
        text.contains("{[en] Before the deal.}\n{[fr] Avant la donne.}\n{[note] RULES.md 11.1}\n"),
        "{text}"
    );
    assert!(
        text.contains("{[en] He keeps his hearts.} {[note fr] [crochets] \\{accolades\\}}"),
        "{text}"
    );
    assert!(text.contains("{[und] [fr] is not a label here}"), "{text}");
    let json = rec.to_json();
    assert!(json.contains("\"comment\": {\n"), "{json}");
    assert!(json.contains("\"note\": \"RULES.md 11.1\""), "{json}");
    // Two comments in one language at one place are refused, by name and line.
    let twice = text.replacen(
        "{[fr] Avant la donne.}",
        "{[fr] Avant la donne.}{[fr] Encore.}",
        1,
    );
    match Record::from_text(&twice) {
        Err(RecordError::Text { problem, .. }) => {
            assert!(
                problem.to_string().contains("a second comment in fr"),
                "{problem}"
            )
        }
        other => panic!("{other:?}"),
    }
    // A language that is not a tag is refused in JSON.
    let bad = json.replacen(
        "\"en\": \"Before the deal.\"",
        "\"English!\": \"Before the deal.\"",
        1,
    );
    let e = Record::from_json(&bad).unwrap_err().to_string();
    assert!(e.contains("\"English!\" is not a language tag"), "{e}");
}

#[test]
fn a_lesson_prompts_and_wrong_words_in_both_forms() {
    let mut rec = random_record(Rules::classique(), 4, &[]);
    rec.deal_prompts.insert(
        0,
        Localized::new()
            .with("en", "Touch “Deal”.")
            .with("fr", "Touchez « Distribuer »."),
    );
    let first = &mut rec.deals[0].actions[0];
    first.prompt = Localized::new().with("en", "Discard your five low cards.");
    first.wrong = Localized::new().with("en", "Not those: the five low ones.");
    first.comment = Localized::new().with("en", "Well done.");
    // An untagged comment that starts like a prompt's label keeps its text.
    rec.deals[0].actions[1].comment = Localized::untagged("[prompt en] is not a label here");
    round_trip(&rec);
    let text = rec.to_text();
    assert!(
        text.contains("{[prompt en] Touch “Deal”.}\n{[prompt fr] Touchez « Distribuer ».}\n"),
        "{text}"
    );
    assert!(
        text.contains(
            "{[prompt en] Discard your five low cards.} {[wrong en] Not those: the five low ones.} {[en] Well done.}"
        ),
        "{text}"
    );
    assert!(
        text.contains("{[und] [prompt en] is not a label here}"),
        "{text}"
    );
    let json = rec.to_json();
    assert!(json.contains("\"prompt\": {\n"), "{json}");
    assert!(json.contains("\"wrong\": {\n"), "{json}");
    // A record without them is written as before: other readers see nothing new.
    let plain = random_record(Rules::classique(), 4, &[]);
    assert!(!plain.to_json().contains("prompt") && !plain.to_text().contains("prompt"));
    // A wrong word belongs to an action; a second prompt in one language is refused.
    for (bad, says) in [
        (
            text.replacen("{[prompt en] Touch", "{[wrong en] Touch", 1),
            "a [wrong] text must follow an action",
        ),
        (
            text.replacen(
                "{[prompt en] Discard",
                "{[prompt en] Twice.} {[prompt en] Discard",
                1,
            ),
            "a second prompt in en",
        ),
    ] {
        match Record::from_text(&bad) {
            Err(RecordError::Text { problem, .. }) => {
                assert!(problem.to_string().contains(says), "{problem}")
            }
            other => panic!("{other:?}"),
        }
    }
}

#[test]
fn a_lesson_cut_texts_in_both_forms() {
    let mut rec = random_record(Rules::classique(), 5, &[]);
    rec.cut_texts.prompt = Localized::new()
        .with("en", "Draw a card.")
        .with("fr", "Tirez une carte.");
    rec.cut_texts.wrong = Localized::new().with("en", "Draw first.");
    rec.cut_texts.comment = Localized::untagged("The lower card deals.");
    round_trip(&rec);
    let text = rec.to_text();
    // After the header's tags, before the first deal.
    let cut_at = text.find("[Cut ").unwrap();
    let texts_at = text
        .find("{[prompt en] Draw a card.}\n{[prompt fr] Tirez une carte.}\n{[wrong en] Draw first.}\n{The lower card deals.}\n")
        .unwrap_or_else(|| panic!("{text}"));
    assert!(cut_at < texts_at && texts_at < text.find("[Deal ").unwrap());
    let json = rec.to_json();
    let cut: serde_json::Value =
        serde_json::from_str::<serde_json::Value>(&json).unwrap()["cut"].clone();
    assert_eq!(cut["prompt"]["fr"], "Tirez une carte.");
    assert_eq!(cut["wrong"]["en"], "Draw first.");
    assert_eq!(cut["comment"], "The lower card deals.");
    assert!(cut["draws"].is_array());
    // Without them the cut is written as before.
    let plain = random_record(Rules::classique(), 5, &[]);
    let cut: serde_json::Value =
        serde_json::from_str::<serde_json::Value>(&plain.to_json()).unwrap()["cut"].clone();
    assert_eq!(
        cut.as_object().unwrap().keys().collect::<Vec<_>>(),
        ["draws"]
    );
    // A note before the first deal belongs nowhere; a second prompt in one language is refused.
    for (bad, says) in [
        (
            text.replacen("{[wrong en] Draw first.}", "{[note en] Draw first.}", 1),
            "a note must follow a [Deal] tag",
        ),
        (
            text.replacen("{[wrong en] Draw first.}", "{[prompt en] Again.}", 1),
            "a second prompt in en",
        ),
    ] {
        match Record::from_text(&bad) {
            Err(RecordError::Text { problem, .. }) => {
                assert!(problem.to_string().contains(says), "{problem}")
            }
            other => panic!("{other:?}"),
        }
    }
}

/// The problem and line of a text that does not read.
fn text_error(text: &str) -> (usize, String) {
    match Record::from_text(text) {
        Err(e @ RecordError::Text { line, .. }) => (line, e.to_string()),
        other => panic!("{other:?}\n{text}"),
    }
}

#[test]
fn an_unclosed_brace_is_refused_by_name() {
    let rec = random_record(Rules::classique(), 9, &[]);
    let text = rec.to_text();
    let deal = text.lines().position(|l| l == "[Deal \"1\"]").unwrap() + 1;
    let talon = deal + 4;
    let bad = text.replacen(
        "\n[Talon \"",
        "\n{[en] He keeps his hearts.\n{[fr] Il garde ses cœurs.}\n[Talon \"",
        1,
    );
    let (line, e) = text_error(&bad);
    assert_eq!(line, talon, "{e}");
    assert!(e.contains("a comment opened with { is never closed"), "{e}");
    // At the end of the text too, and a brace in a comment is written \{.
    let (line, e) = text_error(&format!("{text}\n{{[en] The end"));
    assert_eq!(line, text.lines().count() + 2, "{e}");
    assert!(e.contains("never closed"), "{e}");
    let mut rec = rec;
    rec.deals[0].actions[0].comment = Localized::new().with("en", "{ and } are braces");
    assert!(rec.to_text().contains("{[en] \\{ and \\} are braces}"));
    round_trip(&rec);
}

#[test]
fn only_fr_and_en_are_language_labels() {
    let rec = random_record(Rules::classique(), 9, &[]);
    let text = rec.to_text();
    let first = text
        .lines()
        .position(|l| l.starts_with("B:") || l.starts_with("A:"))
        .unwrap();
    for label in ["FR", "français", "de", "note FR", "prompt français", "1"] {
        let mut lines: Vec<String> = text.lines().map(String::from).collect();
        lines[first].push_str(&format!(" {{[{label}] Un texte.}}"));
        let (line, e) = text_error(&lines.join("\n"));
        assert_eq!(line, first + 1, "{e}");
        assert!(
            e.contains(&format!("[{label}] is not a label")) && e.contains("[fr] or [en]"),
            "{e}"
        );
    }
    for label in ["fr", "en", "note", "note en", "prompt fr", "und"] {
        let mut lines: Vec<String> = text.lines().map(String::from).collect();
        lines[first].push_str(&format!(" {{[{label}] Un texte.}}"));
        assert!(Record::from_text(&lines.join("\n")).is_ok(), "{label}");
    }
}

#[test]
fn a_move_the_rules_refuse_is_named_by_its_line() {
    let rec = random_record(Rules::classique(), 9, &[]);
    let text = rec.to_text();
    // The second action of the first deal, made by the other seat.
    let action = rec.deals[0].actions[1].clone();
    let token = piquet_engine::record_text::action_token(action.seat, action.action);
    let other = piquet_engine::record_text::action_token(action.seat.other(), action.action);
    let line = text.lines().position(|l| l.contains(&token)).unwrap() + 1;
    let bad = text.replacen(&token, &other, 1);
    assert!(
        Record::from_text(&bad).is_ok(),
        "reading alone does not replay"
    );
    for e in [
        Record::from_text_checked(&bad).unwrap_err(),
        Record::parse(&bad).unwrap_err(),
    ] {
        match &e {
            RecordError::Text {
                line: l,
                written,
                problem: TextProblem::Replay { error, .. },
            } => {
                assert_eq!(*l, line, "{e}");
                assert_eq!(written.text, bad.lines().nth(line - 1).unwrap().trim());
                assert!(matches!(
                    **error,
                    RecordError::Action {
                        deal: 0,
                        action: 1,
                        ..
                    }
                ));
            }
            other => panic!("{other:?}"),
        }
        let said = e.to_string();
        assert!(
            said.starts_with(&format!("record text, line {line} (\"")),
            "{said}"
        );
        assert!(said.contains("deal 1, move 2: not your turn"), "{said}");
    }
    // Rules that do not exist: the line of the Rules tag.
    let bad = text.replacen("[Rules \"classique\"]", "[Rules \"whist\"]", 1);
    let rules = bad.lines().position(|l| l.contains("whist")).unwrap() + 1;
    let e = Record::parse(&bad).unwrap_err();
    assert!(
        matches!(e, RecordError::Text { line, .. } if line == rules),
        "{e}"
    );
    assert!(e.to_string().contains("[Rules \"whist\"]"), "{e}");
    // A deal whose cards are impossible: the line of its [Deal] tag.
    let mut rec2 = rec.clone();
    rec2.deals[0].layout.talon.pop();
    let bad = rec2.to_text();
    let deal = bad.lines().position(|l| l == "[Deal \"1\"]").unwrap() + 1;
    let e = Record::parse(&bad).unwrap_err();
    assert!(
        matches!(e, RecordError::Text { line, .. } if line == deal),
        "{e}"
    );
    assert!(e.to_string().contains("deal 1: "), "{e}");
}

#[test]
fn every_text_error_quotes_its_line() {
    let rec = random_record(Rules::classique(), 9, &[]);
    let text = rec.to_text();
    let bad = text.replacen(":good", ":great", 1);
    let line = bad.lines().position(|l| l.contains(":great")).unwrap() + 1;
    let written = bad.lines().nth(line - 1).unwrap().trim();
    let (l, e) = text_error(&bad);
    assert_eq!(l, line);
    assert!(
        e.starts_with(&format!(
            "record text, line {line} (\"{written}\"): unknown move"
        )),
        "{e}"
    );
    // A long line is cut.
    let long = format!("{text}\nB:x {}", "ZZ ".repeat(100));
    let (_, e) = text_error(&long);
    assert!(e.contains("characters, cut)"), "{e}");
    assert!(e.len() < 700, "{e}");
}

#[test]
fn french_letters_and_suit_symbols_read_as_in_english() {
    let rec = random_record(Rules::classique(), 9, &[]);
    let text = rec.to_text();
    let french = |cards: &str| {
        cards
            .split(' ')
            .map(|c| {
                let (rank, suit) = c.split_at(1);
                let rank = match rank {
                    "K" => "R",
                    "Q" => "D",
                    "J" => "V",
                    "T" => "10",
                    r => r,
                };
                let suit = match suit {
                    "S" => "♠",
                    "H" => "♥",
                    "D" => "♦",
                    _ => "♣",
                };
                format!("{rank}{suit}")
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut out = Vec::new();
    for l in text.lines() {
        let tags = ["[Elder \"", "[DealerHand \"", "[Talon \""];
        match tags.iter().find(|t| l.starts_with(**t)) {
            Some(tag) => {
                let cards = &l[tag.len()..l.len() - 2];
                out.push(format!("{tag}{}\"]", french(cards)));
            }
            None => out.push(l.to_string()),
        }
    }
    let translated = out.join("\n");
    assert!(
        translated.contains('♥') && translated.contains("R"),
        "{translated}"
    );
    assert_eq!(Record::parse(&translated).unwrap(), rec);
}

#[test]
fn text_errors_say_the_line() {
    let rec = random_record(Rules::classique(), 9, &[]);
    let text = rec.to_text();
    let cases: [(&str, &str, &str); 6] = [
        (
            "[Rules \"classique\"]",
            "[Rules \"classique\"",
            "expected ]",
        ),
        ("[Dealer \"", "[Dealr \"", "not a deal tag"),
        ("[Version \"3\"]", "[Version \"7\"]", "unsupported"),
        (":good", ":great", "unknown move"),
        ("[Talon \"", "[Talon \"ZZ ", "bad card"),
        ("[Deal \"1\"]", "[Deal \"2\"]", "expected deal number 1"),
    ];
    for (from, to, says) in cases {
        let bad = text.replacen(from, to, 1);
        let line = bad
            .lines()
            .position(|l| l.contains(to.trim_end_matches(' ')))
            .unwrap()
            + 1;
        match Record::from_text(&bad) {
            Err(RecordError::Text {
                line: l, problem, ..
            }) => {
                assert!(problem.to_string().contains(says), "{problem}");
                assert_eq!(l, line, "{problem}");
            }
            other => panic!("{from} → {to}: {other:?}"),
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn json_text_json_is_identity(
        preset in 0usize..7,
        seed in any::<u64>(),
        notes in proptest::collection::vec("\\PC{0,12}|[{}\\\\\"\\[\\]\n%]{1,6}", 0..4),
        event in proptest::option::of(".{0,20}"),
        annotator in proptest::option::of("\\PC{0,20}"),
    ) {
        let r = all_rules()[preset];
        let mut rec = random_record(r, seed, &notes);
        rec.meta.event = event;
        rec.meta.annotator = annotator;
        let json = rec.to_json();
        let text = Record::from_json(&json).unwrap().to_text();
        let back = Record::from_text(&text);
        prop_assert!(back.is_ok(), "{:?}\n{}", back, text);
        let back = back.unwrap();
        prop_assert_eq!(&back, &rec);
        prop_assert_eq!(back.to_json(), json);
    }
}

// Default configuration, so that `PROPTEST_CASES` can run these longer.
proptest! {
    #[test]
    fn text_parser_never_panics(s in "\\PC{0,200}") {
        if let Ok(r) = Record::from_text(&s) {
            let _ = r.replay();
        }
        let _ = Record::parse(&s);
    }

    /// A paste of junk, long words included: the error quotes an excerpt of it, never all.
    #[test]
    fn errors_stay_short_whatever_the_input(
        head in "[\\[\\]{}\"A-Za-z:= \n0-9]{0,40}",
        c in "[a-zA-Z0-9:\"]",
        n in 0usize..20_000,
        json in any::<bool>(),
    ) {
        let body = format!("{head}{}", c.repeat(n));
        let text = if json { format!("{{\"format\": {body:?}}}") } else { body };
        if let Err(e) = Record::parse(&text) {
            let shown = e.to_string();
            prop_assert!(shown.chars().count() <= 700, "{} characters: {}", shown.len(), shown);
        }
    }

    #[test]
    fn mutated_text_never_panics(
        seed in 0u64..50,
        edits in proptest::collection::vec((any::<prop::sample::Index>(), "[\\[\\]{}\"\\\\: \nABx0-9.%]{0,3}"), 1..6),
    ) {
        let mut text = random_record(Rules::rubicon(), seed, &["n".to_string()]).to_text();
        for (at, with) in edits {
            let mut i = at.index(text.len().max(1));
            while !text.is_char_boundary(i) {
                i -= 1;
            }
            let end = (i + with.len()).min(text.len());
            let mut end = end;
            while !text.is_char_boundary(end) {
                end -= 1;
            }
            text.replace_range(i..end, &with);
        }
        if let Ok(r) = Record::from_text(&text) {
            let _ = r.replay();
        }
    }
}

#[test]
fn the_treatise_example_of_the_docs_reads_and_replays() {
    let block = common::docs_example("<!-- worked example: a treatise's hand");
    let rec = Record::parse(block).unwrap_or_else(|e| panic!("{e}\n{block}"));
    let replay = rec.replay().unwrap();
    assert!(replay.game.deal().is_some_and(|d| d.is_over()) || replay.game.needs_deal());
    // The same moves as the record shipped in records/, which the example abridges.
    let shipped = Record::parse(include_str!("../../../records/hoffmann-1909.txt")).unwrap();
    assert_eq!(rec.deals[0].layout, shipped.deals[0].layout);
    let moves = |r: &Record| {
        r.deals[0]
            .actions
            .iter()
            .map(|a| (a.seat, a.action))
            .collect::<Vec<_>>()
    };
    assert_eq!(moves(&rec), moves(&shipped));
    assert!(rec.deals[0].actions[0].comment.get("fr").is_some());
    assert!(rec.deals[0].actions[0].comment.get("en").is_some());
}
