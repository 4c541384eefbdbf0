use super::*;

#[test]
fn notation_reads_back() {
    for text in [
        "x 9S 8S",
        "blanche 3",
        "blanche",
        "abandon yes",
        "accept no",
        "look H",
        "look -",
        "expose yes",
        "decl -",
        "decl AD JD TD",
        "good",
        "equal AD JD TD",
        "better KS QS",
        "AH",
    ] {
        let action = parse_notation(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(notation(Seat::A, action), text);
    }
    assert!(parse_notation("").is_err());
    assert!(parse_notation("frob").is_err());
    assert!(parse_notation("x ZZ").is_err());
}

use super::daily::{Date, daily};
use super::generate::generate;
use super::verdict::{check, evaluate};
use std::path::PathBuf;

fn shipped_dir() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../problems"))
}

/// Every shipped problem with its entry in the list.
fn shipped() -> Vec<(IndexEntry, String, Problem)> {
    let dir = shipped_dir();
    let index =
        ProblemIndex::parse(&std::fs::read_to_string(dir.join("index.json")).unwrap()).unwrap();
    index
        .problems
        .into_iter()
        .map(|entry| {
            let path = dir.join(&entry.file);
            let text = std::fs::read_to_string(&path).unwrap();
            let problem = Problem::parse(&entry.file, &text).unwrap_or_else(|e| panic!("{e}"));
            (entry, text, problem)
        })
        .collect()
}

#[test]
fn every_shipped_problem_parses_round_trips_and_matches_its_entry() {
    let all = shipped();
    assert!(all.len() >= 30, "{} problems shipped", all.len());
    let mut ids = std::collections::BTreeSet::new();
    for (entry, text, problem) in &all {
        assert!(ids.insert(problem.id.clone()), "{}: twice", problem.id);
        assert_eq!(problem.to_json(), *text, "{}: not as written", entry.file);
        assert_eq!(
            Problem::parse(&entry.file, &problem.to_json()).as_ref(),
            Ok(problem)
        );
        assert_eq!(IndexEntry::of(problem, &entry.file).as_ref(), Ok(entry));
        assert_eq!(entry.file, format!("{}.json", problem.id));
        let explanation = problem.answer.explanation.as_ref();
        let authored: Vec<Text> = explanation
            .map(|e| Text::new(e.fr.clone(), e.en.clone()))
            .into_iter()
            .chain(explanation.and_then(|e| e.disputed.clone()))
            .collect();
        for t in [&problem.question]
            .into_iter()
            .chain(
                problem
                    .answer
                    .verdict
                    .iter()
                    .filter_map(|v| v.reason.as_ref()),
            )
            .chain(&authored)
        {
            assert!(!t.fr.is_empty() && !t.en.is_empty(), "{}", problem.id);
            for text in [&t.fr, &t.en] {
                assert!(
                    crate::lesson::straight_apostrophes(text).is_empty(),
                    "{}: {text}",
                    problem.id
                );
            }
            assert!(
                crate::lesson::typography(&t.fr).is_empty(),
                "{}: {}",
                problem.id,
                t.fr
            );
        }
    }
}

/// The cheap part of `piquet problems verify`: the card-play problems exactly (the open-card
/// values recomputed); for the others, the accepted answer against the stored verdict.
#[test]
fn every_shipped_problem_verifies() {
    for (entry, _, problem) in shipped() {
        let stored = problem.answer.verdict.as_ref();
        let verdict = match entry.kind {
            ProblemKind::Lead | ProblemKind::Follow => {
                let v = evaluate(&problem, 0, false).unwrap();
                let s = stored.expect("a card-play verdict");
                assert_eq!(v.method, Method::Open);
                assert_eq!(
                    (&v.options, &v.best),
                    (&s.options, &s.best),
                    "{}",
                    problem.id
                );
                Some(v)
            }
            _ => stored.cloned(),
        };
        assert!(check(&problem, verdict.as_ref()).ok, "{}", problem.id);
    }
}

#[test]
fn a_disputed_answer_says_so() {
    let all = shipped();
    let (_, _, book) = all
        .iter()
        .find(|(e, _, _)| e.source == "historical")
        .expect("a historical problem");
    let c = check(book, book.answer.verdict.as_ref());
    assert!(c.ok);
    if !c.agrees {
        let mut silent = book.clone();
        if let Some(e) = silent.answer.explanation.as_mut() {
            e.disputed = None;
        }
        assert!(!check(&silent, silent.answer.verdict.as_ref()).ok);
    }
}

#[test]
fn a_generated_problem_is_reproducible_from_its_seed() {
    let made = generate("classique", 1, 1, None, None, &mut |_| {}).unwrap();
    let [problem] = &made[..] else {
        panic!("{} problems", made.len());
    };
    assert!(matches!(
        problem.source,
        Source::Generated { seed: 1, ref preset } if preset == "classique"
    ));
    // The same as the file shipped from the same seed by `piquet problems generate`.
    let path = shipped_dir().join(format!("{}.json", problem.id));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(problem.to_json(), text);
}

#[test]
fn the_deal_of_the_day_is_the_same_for_a_date() {
    let date = Date::parse("2026-11-25").unwrap();
    let rules = piquet_engine::Rules::classique();
    let first = daily(date, rules).unwrap();
    assert_eq!(daily(date, rules).unwrap(), first);
    assert!(first.replay().unwrap().game.results().len() == 1);
    let next = daily(Date::parse("2026-11-26").unwrap(), rules).unwrap();
    assert_ne!(next.deals[0].layout, first.deals[0].layout);
    assert_eq!(first.meta.date.as_deref(), Some("2026-11-25"));
}

#[test]
fn dates_read_and_count() {
    for (text, days) in [
        ("1970-01-01", 0),
        ("2000-03-01", 11_017),
        ("2024-02-29", 19_782),
    ] {
        let d = Date::parse(text).unwrap();
        assert_eq!(d.days(), days, "{text}");
        assert_eq!(Date::from_days(days), d);
        assert_eq!(d.to_string(), text);
    }
    for bad in [
        "2023-02-29",
        "2024-13-01",
        "2024-1-01",
        "yesterday",
        "2024-00-10",
    ] {
        assert!(Date::parse(bad).is_err(), "{bad}");
    }
}

#[test]
fn a_malformed_problem_names_its_file_and_field() {
    let (entry, text, _) = shipped().into_iter().next().unwrap();
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    let broken = |edit: &dyn Fn(&mut serde_json::Value)| {
        let mut v = value.clone();
        edit(&mut v);
        Problem::parse("p.json", &v.to_string()).unwrap_err()
    };
    let e = broken(&|v| {
        v.as_object_mut().unwrap().remove("seat");
    });
    assert_eq!((e.file.as_str(), e.field.as_str()), ("p.json", "seat"));
    assert!(
        e.to_string().starts_with("p.json: field seat: missing"),
        "{e}"
    );
    let e = broken(&|v| v["difficulty"] = 7.into());
    assert_eq!(e.field, "difficulty");
    let e = broken(&|v| v["source"] = serde_json::json!({"kind": "dreamt"}));
    assert_eq!(e.field, "source");
    let e = broken(&|v| v["answer"]["accepted"] = serde_json::json!(["frob"]));
    assert_eq!(e.field, "answer.accepted[0]");
    let e = broken(&|v| v["seat"] = if v["seat"] == "A" { "B" } else { "A" }.into());
    assert_eq!(e.field, "record", "{e}");
    let e = broken(&|v| v["record"]["deals"] = serde_json::json!("none"));
    assert_eq!(e.field, "record");
    let e = Problem::parse("q.json", "{ not json").unwrap_err();
    assert_eq!((e.file.as_str(), e.field.as_str()), ("q.json", ""));
    let _ = entry;
}

/// A card the open values rank best while the seat's own view prefers another: the reason
/// names the verdict's best first, then what Le Maître would have played, each value with its
/// card (the review's reason alone said « mieux valait » of the card the verdict ranks below).
#[test]
fn a_play_reason_agrees_with_the_verdict_when_the_seats_view_prefers_another_card() {
    let (_, _, problem) = shipped()
        .into_iter()
        .find(|(e, _, _)| e.id == "les-facheux-last-choice")
        .expect("Les Fâcheux’s last choice");
    let v = evaluate(&problem, 0, true).unwrap();
    assert_eq!(v.best, "AC");
    let reason = v.reason.unwrap();
    assert!(
        reason.fr.starts_with("Jouer l’as de trèfle\u{a0}: le meilleur à cartes ouvertes, −36,0 contre −69,0 en jouant l’as de cœur."),
        "{}",
        reason.fr
    );
    assert!(
        reason
            .en
            .contains("Le Maître would have played the ace of hearts")
    );
    assert!(!reason.fr.contains("Mieux valait"));
    assert_eq!(
        Some(&reason),
        problem.answer.verdict.as_ref().unwrap().reason.as_ref()
    );
}

#[test]
fn every_shipped_lead_and_follow_has_its_theme_and_no_other_kind_has_one() {
    for (entry, _, problem) in shipped() {
        let play = matches!(entry.kind, ProblemKind::Lead | ProblemKind::Follow);
        assert_eq!(problem.theme.is_some(), play, "{}", problem.id);
        let verdict = problem.answer.verdict.as_ref().unwrap();
        assert_eq!(
            theme::theme_of(&problem, verdict).unwrap(),
            problem.theme,
            "{}",
            problem.id
        );
    }
}

#[test]
fn a_theme_is_read_strictly_and_only_for_the_play() {
    let all = shipped();
    let (_, text, _) = all
        .iter()
        .find(|(e, _, _)| e.kind == ProblemKind::Declare)
        .unwrap();
    let mut v: serde_json::Value = serde_json::from_str(text).unwrap();
    v["theme"] = "capot".into();
    let e = Problem::parse("d.json", &v.to_string()).unwrap_err();
    assert_eq!(e.field, "theme", "{e}");
    assert!(e.message.contains("not for declare"), "{e}");
    let (_, text, _) = all
        .iter()
        .find(|(e, _, _)| e.kind == ProblemKind::Lead)
        .unwrap();
    let mut v: serde_json::Value = serde_json::from_str(text).unwrap();
    v["theme"] = "trumps".into();
    let e = Problem::parse("l.json", &v.to_string()).unwrap_err();
    assert_eq!(e.field, "theme", "{e}");
    assert_eq!(Theme::from_id("last_trick"), Some(Theme::LastTrick));
    assert_eq!(Theme::from_id("trumps"), None);
}

/// `piquet problems generate --kind follow --theme capot --seed 1` finds the shipped problem
/// of the same seed again: the filter only skips the others.
#[test]
fn a_problem_generated_for_a_theme_is_reproducible_from_its_seed() {
    let made = generate(
        "classique",
        1,
        1,
        Some(ProblemKind::Follow),
        Some(Theme::Capot),
        &mut |_| {},
    )
    .unwrap();
    let [problem] = &made[..] else {
        panic!("{} problems", made.len());
    };
    assert_eq!(problem.theme, Some(Theme::Capot));
    let path = shipped_dir().join(format!("{}.json", problem.id));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(problem.to_json(), text);
}

#[test]
fn sinking_is_declaring_less_than_one_could() {
    use super::generate::sinks;
    let a = |t: &str| parse_notation(t).unwrap();
    let declare = [
        a("decl -"),
        a("decl AH KH"),
        a("decl AH KH QH"),
        a("decl TS 9S"),
    ];
    assert!(sinks(a("decl -"), &declare));
    assert!(sinks(a("decl AH KH"), &declare), "part of a holding");
    assert!(!sinks(a("decl AH KH QH"), &declare), "the whole holding");
    assert!(
        !sinks(a("decl TS 9S"), &declare),
        "the whole of another suit"
    );
    let answer = [a("good"), a("equal AC KC"), a("better AC KC QC")];
    assert!(sinks(a("good"), &answer));
    assert!(sinks(a("equal AC KC"), &answer));
    assert!(!sinks(a("better AC KC QC"), &answer));
    assert!(!sinks(a("good"), &[a("good")]), "nothing else to say");
}

/// A sinking problem at Rubicon's last deal: its record is Le Maître's game of its seed up to
/// the stop (`piquet problems generate --preset rubicon --sinking --seed 1 --from-game 17`),
/// its verdict is the partie's gain recomputed as `verify` recomputes it, and the best sinks.
#[test]
fn a_sinking_problem_is_reproducible_from_its_seed_and_valued_by_the_partie() {
    use super::generate::{game_seed, master_game, sinks};
    use super::verdict::evaluate_as;
    let (entry, _, problem) = shipped()
        .into_iter()
        .find(|(e, _, _)| e.id == "rubicon-s1-17-4")
        .expect("the sinking problem of seed 1, game 17");
    assert_eq!(entry.measure, Measure::Partie);
    let s = game_seed(1, 17);
    let rules = piquet_engine::Rules::rubicon();
    let (mut game, states) = master_game(rules, s, 6).unwrap();
    assert_eq!(game.deals.len(), 6, "the sixth deal, the partie’s last");
    game.deals[5].actions.truncate(4);
    assert_eq!(game, problem.record);
    let stored = problem.answer.verdict.as_ref().unwrap();
    assert_eq!(stored.seed, s);
    let again = evaluate_as(&problem, s, true, Measure::Partie).unwrap();
    assert_eq!(&again, stored);
    // The best sinks: « égal » where « mieux » could be said, so that neither scores the point.
    let mut legal = Vec::new();
    states[4].legal_actions(&mut legal);
    assert!(sinks(parse_notation(&stored.best).unwrap(), &legal));
    assert!(stored.margin() >= super::generate::MARGIN - 0.005);
    // The deal's margin alone would not value it so: the same problem at the deal's measure
    // ranks another answer first.
    let plain = evaluate_as(&problem, s, false, Measure::Deal).unwrap();
    assert_eq!(plain.measure, Measure::Deal);
    assert_ne!(plain.best, stored.best, "{:?}", plain.options);
}

/// A problem at a cent game's stop: reproducible from its seed (`piquet problems generate
/// --preset classique --sinking --seed 1 --from-game 4`), valued by the chance of winning the
/// game, recomputed as `verify` recomputes it; its best wins the game for certain.
#[test]
fn a_cent_stop_problem_is_reproducible_from_its_seed_and_valued_by_the_game() {
    use super::generate::{MARGIN, game_seed, generate_cent_stop};
    use super::verdict::evaluate_as;
    let (entry, _, problem) = shipped()
        .into_iter()
        .find(|(e, _, _)| e.id == "classique-c1-4-2-2")
        .expect("the cent stop’s problem of seed 1, game 4");
    assert_eq!(entry.measure, Measure::Game);
    let again = generate_cent_stop("classique", 1, 1, 4, &mut |_| {}, &mut |_| {}).unwrap();
    assert_eq!(again.len(), 1);
    assert_eq!(
        again[0], problem,
        "the same problem from the same seed and game"
    );
    let stored = problem.answer.verdict.as_ref().unwrap();
    let s = game_seed(1, 4);
    assert_eq!(stored.seed, s);
    assert_eq!(
        &evaluate_as(&problem, s, true, Measure::Game).unwrap(),
        stored
    );
    // Chances in percent; the best wins in every world drawn, the next leaves the game open.
    assert!(
        stored
            .options
            .iter()
            .all(|o| (0.0..=100.0).contains(&o.value))
    );
    assert_eq!(stored.options[0].value, 100.0);
    assert!(stored.margin() >= MARGIN);
    let reason = stored.reason.as_ref().unwrap();
    assert!(reason.en.contains("in a game to 100"), "{}", reason.en);
}

/// The sinking problem's sixth deal, stated from the header (its five deals before brought
/// forward by the record's start), is the same position valued the same at the partie's stakes
/// as when it is reached by playing them, and the problem then measures the partie by itself.
#[test]
fn a_last_deal_stated_from_the_header_is_valued_as_one_reached_by_play() {
    use super::verdict::evaluate_as;
    let (_, _, problem) = shipped()
        .into_iter()
        .find(|(e, _, _)| e.id == "rubicon-s1-17-4")
        .expect("the sinking problem of seed 1, game 17");
    let stored = problem.answer.verdict.clone().unwrap();
    let mut before = problem.record.clone();
    before.deals.truncate(5);
    let totals = before.replay().unwrap().game.totals();
    assert_eq!(totals, [74, 138]);
    let mut stated = problem.clone();
    stated.record.deals.drain(..5);
    stated.record.deal_comments.clear();
    stated.record.start = Some(piquet_engine::GameStart {
        totals,
        deal: 6,
        game: 1,
        ..Default::default()
    });
    assert_eq!(stated.position().unwrap(), problem.position().unwrap());
    let again = evaluate_as(&stated, stored.seed, true, Measure::Partie).unwrap();
    assert_eq!(again, stored);
    // Without a verdict, the stated last deal is measured by the partie, as played.
    stated.answer.verdict = None;
    assert_eq!(stated.measure(), Measure::Partie);
    let mut earlier = stated.clone();
    earlier.record.start.as_mut().unwrap().deal = 5;
    earlier.record.cut.higher_deals = earlier.record.cut.higher_deals.map(|h| !h);
    assert_eq!(
        earlier.measure(),
        Measure::Deal,
        "the fifth deal: the deal’s margin"
    );
}

/// Cavendish's fifth example of sinking: the last deal of a partie, stated from the header,
/// shows the score brought forward and is valued by the partie.
#[test]
fn a_treatise_hand_to_the_score_is_a_problem() {
    let (entry, _, problem) = shipped()
        .into_iter()
        .find(|(e, _, _)| e.id == "cavendish-1882-sinking-v")
        .expect("Cavendish’s example V");
    assert_eq!(entry.measure, Measure::Partie);
    let start = problem.record.start.expect("a start");
    assert_eq!((start.totals, start.deal), ([78, 104], 6));
    let replay = problem.record.replay().unwrap();
    assert_eq!(replay.game.totals(), [78, 104]);
    assert_eq!(problem.kind().unwrap(), ProblemKind::Answer);
    // On the app's table the player is seat A: the score is swapped with the seats.
    let session = solve::session(&problem, 7).unwrap();
    assert_eq!(session.game.as_ref().unwrap().totals(), [104, 78]);
    // The top bar counts the deals brought forward: the partie's sixth and last.
    assert_eq!(
        crate::view::deal_label(&session, crate::i18n::Lang::Fr),
        "Donne 6/6"
    );
}
