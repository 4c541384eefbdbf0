//! Nothing lost, nothing garbled: the parsers and loaders that read what others wrote — the
//! embed's query string and link fragment, the host page's messages, a saved game, saved
//! settings, saved statistics, the choice pending at the table, a record in either form — never
//! panic on any input, and always give a value or a short error naming the problem, in both
//! languages.
//!
//! Property tests (proptest). The default run keeps `./x test` quick; a release run checks many
//! more cases, e.g. 100,000 per property:
//!
//! ```sh
//! PROPTEST_CASES=100000 cargo test --release -p piquet-web --test robustness
//! ```
#![cfg(not(target_arch = "wasm32"))]

use piquet_engine::random::random_action;
use piquet_engine::{Card, CardSet, Excerpt, Record, Rules, Seat, SplitMix64};
use piquet_table::embed::{self, GotoTarget, HostMessage, MAX_EXACT};
use piquet_table::error_words;
use piquet_table::i18n::Lang;
use piquet_table::link;
use piquet_table::records::{self, LoadProblem};
use piquet_table::session::{FormatChoice, GameConfig, Opponent, Session};
use piquet_table::settings::Settings;
use piquet_table::state::{Pending, TableState, actions_taken};
use piquet_table::stats::{Stats, Tally};
use piquet_table::stored::{Kind, Reading, StoredProblem};
use proptest::prelude::*;
use serde_json::{Value, json};
use std::rc::Rc;

/// The longest message any problem may give, in characters: one sentence quoting at most
/// 160 characters of the input (and 60 of a file name).
const SHORT: usize = 450;

fn assert_short(message: &str) {
    let n = message.chars().count();
    assert!(n <= SHORT, "{n} characters: {message}");
    assert!(!message.is_empty());
}

/// Both languages of a problem are short.
fn both_short(say: impl Fn(Lang) -> String) {
    for lang in Lang::ALL {
        assert_short(&say(lang));
    }
}

/// Junk, with a good share of very long words (what a careless paste is).
fn junk() -> impl Strategy<Value = String> {
    prop_oneof![
        "\\PC{0,300}",
        "[\\[\\]{}\"\\\\:= \n%A-Za-z0-9.,_-]{0,400}",
        ("[a-zA-Z0-9+/=%{\\[]{0,3}", "[a-z]", 0usize..5000)
            .prop_map(|(head, c, n)| format!("{head}{}", c.repeat(n))),
    ]
}

/// A value of a JSON field: numbers of every kind JavaScript can send, strings, and the rest.
fn field_value() -> impl Strategy<Value = Value> {
    prop_oneof![
        any::<u64>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<f64>()
            .prop_map(|f| serde_json::Number::from_f64(f).map_or(Value::Null, Value::Number)),
        (0u64..40).prop_map(Value::from),
        Just(json!(MAX_EXACT)),
        Just(json!(MAX_EXACT + 1)),
        Just(json!(4_294_967_301u64)),
        Just(json!(1e12)),
        Just(json!(1.5)),
        Just(json!(-1)),
        Just(json!({"$nonFinite": "NaN"})),
        Just(json!({"$nonFinite": "-Infinity"})),
        Just(Value::Null),
        "\\PC{0,20}".prop_map(Value::from),
        junk().prop_map(Value::from),
        any::<bool>().prop_map(Value::from),
    ]
}

/// Any JSON value, a few levels deep.
fn any_json() -> impl Strategy<Value = Value> {
    let leaf = field_value();
    leaf.prop_recursive(3, 24, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
            prop::collection::btree_map("[a-z$]{0,8}", inner, 0..5)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

/// A host's message, mostly well-formed enough to reach the field checks.
fn message() -> impl Strategy<Value = Value> {
    let kind = prop_oneof![
        Just(json!("goto")),
        Just(json!("load")),
        Just(json!("setLanguage")),
        field_value(),
    ];
    let version = prop_oneof![4 => Just(json!(1)), 1 => field_value()];
    let fields = prop::collection::btree_map(
        prop_oneof![
            Just("index".to_string()),
            Just("deal".to_string()),
            Just("trick".to_string()),
            Just("action".to_string()),
            Just("record".to_string()),
            Just("lang".to_string()),
            "[a-z]{1,6}",
        ],
        field_value(),
        0..4,
    );
    prop_oneof![
        4 => (version, kind, fields).prop_map(|(v, k, f)| {
            let mut m: serde_json::Map<String, Value> = f.into_iter().collect();
            m.insert("piquet".into(), v);
            m.insert("type".into(), k);
            Value::Object(m)
        }),
        1 => any_json(),
    ]
}

/// A query string: known and unknown names, values of every shape, escapes.
fn query() -> impl Strategy<Value = String> {
    let name = prop_oneof![
        prop::sample::select(embed::KNOWN.to_vec()).prop_map(String::from),
        "[a-z%0-9]{0,10}",
        junk(),
    ];
    let value = prop_oneof![
        "[0-9]{0,22}",
        "[-+ .e0-9]{0,8}",
        prop::sample::select(vec![
            "play",
            "replay",
            "fr",
            "en",
            "xx",
            "rubicon",
            "light",
            "neon",
            "small",
            "1",
            "0",
            "4294967301",
            "18446744073709551616",
            "1e12",
            "NaN",
            "-1",
            "1.5",
            "%2B3",
        ])
        .prop_map(String::from),
        junk(),
    ];
    prop::collection::vec((name, value), 0..8).prop_map(|pairs| {
        pairs
            .into_iter()
            .map(|(n, v)| format!("{n}={v}"))
            .collect::<Vec<_>>()
            .join("&")
    })
}

/// A saved game some way into its first deals.
fn saved_game(seed: u64, steps: usize) -> String {
    let preset = Rules::IDS[(seed % 5) as usize];
    let rules = Rules::by_id(preset).unwrap();
    let mut s = Session::new(GameConfig {
        preset: preset.into(),
        format: FormatChoice::of(&rules),
        opponent: Opponent::Computer { bot: "1".into() },
        seed,
        custom_rules: None,
    })
    .unwrap();
    if s.cut_chooser().is_some() {
        s.choose_dealer(true).unwrap();
    }
    let mut rng = SplitMix64::new(seed);
    let mut buf = Vec::new();
    for _ in 0..steps {
        s.deal_next();
        let Some(deal) = s.game.as_ref().and_then(|g| g.deal()).copied() else {
            break;
        };
        let (seat, action) = random_action(&deal, &mut rng, &mut buf).unwrap();
        s.apply(seat, action).unwrap();
    }
    s.to_stored()
}

/// A text with a few bytes changed, kept valid UTF-8.
fn mutate(text: &str, edits: &[(prop::sample::Index, String)]) -> String {
    let mut text = text.to_string();
    for (at, with) in edits {
        let mut i = at.index(text.len().max(1));
        while !text.is_char_boundary(i) {
            i -= 1;
        }
        let mut end = (i + with.len()).min(text.len());
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        text.replace_range(i..end, with);
    }
    text
}

/// The notice of saved data not read whole is short, whether its original could be set aside
/// or not, and begins as a sentence does.
fn check_stored(kind: Kind, problem: Option<&StoredProblem>) {
    if let Some(p) = problem {
        for set_aside in [true, false] {
            both_short(|lang| {
                let words = error_words::stored_problem(kind, p, set_aside, lang);
                assert!(words.starts_with(char::is_uppercase), "{words}");
                words
            });
        }
    }
}

/// A tally as the app writes it, now and then with one field changed to anything.
fn tally_json() -> impl Strategy<Value = Value> {
    let counts = (any::<[u32; 6]>(), any::<[u64; 2]>(), any::<[[u32; 2]; 3]>());
    let damage = prop::option::weighted(
        0.3,
        (
            prop::sample::select(vec![
                "games",
                "games_won",
                "deals",
                "points_for",
                "pics",
                "capots",
                "extra",
            ]),
            field_value(),
        ),
    );
    (counts, damage).prop_map(|((c, p, r), damage)| {
        let mut v = json!({
            "games": c[0], "games_won": c[1], "games_lost": c[2],
            "deals": c[3], "deals_won": c[4], "deals_lost": c[5],
            "points_for": p[0], "points_against": p[1],
            "pics": r[0], "repics": r[1], "capots": r[2],
        });
        if let Some((field, value)) = damage {
            v[field] = value;
        }
        v
    })
}

/// A game remembered as counted, now and then damaged.
fn counted_json() -> impl Strategy<Value = Value> {
    prop_oneof![
        4 => (any::<u64>(), 0usize..40, any::<bool>())
            .prop_map(|(seed, deals, over)| json!({"seed": seed, "deals": deals, "over": over})),
        1 => any_json(),
    ]
}

proptest! {
    #[test]
    fn embed_query_gives_a_table_or_named_problems(q in query()) {
        match embed::parse(&embed::query_pairs(&q)) {
            Ok(parsed) => {
                for e in &parsed.ignored {
                    prop_assert!(e.is_cosmetic());
                    both_short(|lang| error_words::param_ignored(e, lang));
                }
                let c = parsed.config;
                prop_assert!((1..=5).contains(&c.level));
                prop_assert!(c.autoplay.is_none_or(|ms| (200..=60_000).contains(&ms)));
            }
            Err(errors) => {
                prop_assert!(!errors.is_empty());
                for e in &errors {
                    prop_assert!(!e.is_cosmetic());
                    both_short(|lang| error_words::param_error(e, lang));
                }
            }
        }
    }

    #[test]
    fn link_fragment_gives_a_record_or_a_named_problem(hash in junk(), b64 in any::<bool>()) {
        let hash = if b64 {
            format!("#record={}", link::base64url_encode(hash.as_bytes()))
        } else {
            format!("#lang=fr&record={hash}")
        };
        if let Some(Err(e)) = link::from_hash(&hash) {
            both_short(|lang| error_words::fragment_error(&e, lang));
        }
    }

    #[test]
    fn host_messages_are_read_or_refused_by_name(m in message()) {
        match embed::parse_message(&m) {
            Ok(HostMessage::Goto(target)) => {
                // Never a wrapped, rounded or clamped number: exactly what the host sent.
                let sent = |field: &str| m[field].as_u64().or_else(|| m[field].as_f64().map(|f| f as u64));
                match target {
                    GotoTarget::Index(i) => prop_assert_eq!(Some(i), sent("index")),
                    GotoTarget::Deal(d) => prop_assert_eq!(Some(d), sent("deal")),
                    GotoTarget::Action(d, a) => {
                        prop_assert_eq!(Some(d), sent("deal"));
                        prop_assert_eq!(Some(a), sent("action"));
                    }
                    GotoTarget::Trick(d, t) => {
                        prop_assert_eq!(Some(d), sent("deal"));
                        prop_assert_eq!(Some(u64::from(t)), sent("trick"));
                        prop_assert!((1..=12).contains(&t));
                    }
                }
            }
            Ok(HostMessage::Load(text)) => {
                if let Err(p) = records::open(&text, None) {
                    both_short(|lang| error_words::load_problem(&p, lang));
                }
            }
            Ok(_) => {}
            Err(e) => both_short(|lang| error_words::message_error(&e, lang)),
        }
    }

    #[test]
    fn records_read_or_are_refused_by_name(text in junk()) {
        if let Err(p) = records::open(&text, Some(&text)) {
            both_short(|lang| error_words::load_problem(&p, lang));
        }
    }

    #[test]
    fn saved_games_resume_or_are_set_aside_by_name(raw in junk()) {
        let reading = Session::read_stored(&raw);
        check_stored(Kind::Game, reading.problem());
    }

    #[test]
    fn damaged_saved_games_resume_at_a_prefix_of_their_own_actions(
        seed in 0u64..40,
        steps in 0usize..90,
        edits in prop::collection::vec((any::<prop::sample::Index>(), "[\\[\\]{}\",:0-9ABSHDCKQJTx a-z]{0,4}"), 1..4),
    ) {
        let good = saved_game(seed, steps);
        let whole = Session::from_stored(&good).unwrap();
        let damaged = mutate(&good, &edits);
        let reading = Session::read_stored(&damaged);
        check_stored(Kind::Game, reading.problem());
        if let Reading::Part(s, StoredProblem::GameStopsAt { deal, actions }) = &reading {
            // The game resumes exactly where the problem says: before action `actions + 1` of
            // deal `deal`, or before that deal when it no longer deals.
            let kept = s.record.deals.len();
            prop_assert!(kept == *deal || (kept + 1 == *deal && *actions == 0), "{kept} {deal} {actions}");
            if kept == *deal {
                prop_assert_eq!(s.record.deals[kept - 1].actions.len(), *actions);
            }
            prop_assert!(kept <= whole.record.deals.len() + 1);
            // And it saves and resumes like any game.
            prop_assert_eq!(Session::read_stored(&s.to_stored()), Reading::Whole(s.clone()));
        }
    }

    #[test]
    fn settings_are_read_in_whole_in_part_or_set_aside(
        raw in junk(),
        fields in prop::collection::btree_map("[a-z_]{1,18}", field_value(), 0..6),
        known in prop::collection::btree_map(
            prop::sample::select(vec!["lang", "sound", "animation", "deck", "show_own_discards"]),
            prop_oneof![field_value(), prop::sample::select(vec!["fr", "en", "fast", "off", "four_colour", "classic"]).prop_map(Value::from)],
            0..5,
        ),
    ) {
        let defaults = Settings::default();
        check_stored(Kind::Settings, Settings::read_stored(&raw, &defaults).problem());
        let mut settings: serde_json::Map<String, Value> = fields.into_iter().collect();
        settings.extend(known.into_iter().map(|(k, v)| (k.to_string(), v)));
        let raw = json!({"v": 1, "settings": settings}).to_string();
        let reading = Settings::read_stored(&raw, &defaults);
        check_stored(Kind::Settings, reading.problem());
        // Settings that are an envelope of this version are never lost whole.
        prop_assert!(reading.value().is_some());
    }

    #[test]
    fn statistics_keep_every_tally_that_reads_or_are_set_aside_by_name(
        raw in junk(),
        tallies in prop::collection::btree_map(
            "[0-9a-z/]{0,12}",
            prop_oneof![4 => tally_json(), 1 => any_json()],
            0..6,
        ),
        counted in prop::collection::vec(counted_json(), 0..5),
        shape in 0u8..4,
    ) {
        check_stored(Kind::Statistics, Stats::read_stored(&raw).problem());
        let readable: Vec<Tally> = tallies
            .values()
            .filter_map(|v| serde_json::from_value(v.clone()).ok())
            .collect();
        let mut stats = json!({"tallies": tallies, "counted": counted});
        // Now and then a field missing, or not the shape it should be.
        match shape {
            1 => { stats["counted"].take(); }
            2 => stats["counted"] = json!("all of them"),
            _ => {}
        }
        let raw = json!({"v": 1, "stats": stats}).to_string();
        let reading = Stats::read_stored(&raw);
        check_stored(Kind::Statistics, reading.problem());
        match &reading {
            Reading::Whole(s) | Reading::Part(s, _) => {
                // Every tally that reads on its own is kept, and only those.
                prop_assert_eq!(s.rows().len(), readable.len());
                let games = readable.iter().fold(0u32, |n, t| n.saturating_add(t.games));
                prop_assert_eq!(s.total().games, games);
                // What was kept saves and reads back whole.
                prop_assert_eq!(Stats::read_stored(&s.to_stored()), Reading::Whole(s.clone()));
            }
            Reading::Unusable(_) => prop_assert!(readable.is_empty()),
        }
        if let Reading::Part(_, p) = &reading {
            let entries = matches!(p, StoredProblem::Entries { unread, of } if unread < of);
            prop_assert!(entries, "{:?}", p);
        }
    }

    #[test]
    fn a_pending_choice_is_restored_only_where_it_was_made(
        raw in junk(),
        seed in 0u64..40,
        steps in 0usize..40,
        here in prop::bool::weighted(0.8),
        actions in 0usize..400,
        seat in prop_oneof![3 => Just(Some(true)), 1 => prop::option::of(any::<bool>())],
        picks in prop::collection::vec(any::<prop::sample::Index>(), 0..6),
        others in prop::collection::vec(any::<u8>(), 0..3),
        choice in prop::option::of(any::<usize>()),
        json in any_json(),
    ) {
        // Anything stored is a pending choice or a problem to report, never a panic.
        for stored in [raw.clone(), json.to_string()] {
            let reading = Pending::read_stored(&stored);
            prop_assert!(reading.problem().is_some() || serde_json::from_str::<Pending>(&stored).is_ok());
        }
        let session = Rc::new(Session::from_stored(&saved_game(seed, steps)).unwrap());
        let hand: Vec<Card> = session.view(Seat::A).map_or(CardSet::EMPTY, |v| v.hand).into_iter().collect();
        let mut selection: CardSet = if hand.is_empty() {
            CardSet::EMPTY
        } else {
            picks.iter().map(|i| *i.get(&hand)).collect()
        };
        selection |= others.iter().filter_map(|&i| Card::from_index(i % 36)).collect();
        let pending = Pending {
            actions: if here { actions_taken(&session) } else { actions },
            seat: seat.map(|a| if a { Seat::A } else { Seat::B }),
            selection,
            choice,
        };
        let read = Pending::read_stored(&pending.to_stored()).value();
        prop_assert_eq!(read.as_ref(), Some(&pending));
        let state = TableState::resumed(session.clone(), read);
        // Restored only at the very position, for the seat on screen when it is to act, and
        // only cards its hand holds.
        if !state.ui.selection.is_empty() || state.ui.choice.is_some() {
            prop_assert_eq!(pending.actions, actions_taken(&session));
            prop_assert_eq!(pending.seat, Some(state.viewer));
            prop_assert_eq!(session.to_act(), Some(state.viewer));
            prop_assert_eq!(&state.ui.selection, &pending.selection);
            prop_assert_eq!(state.ui.choice, pending.choice);
        }
        for c in state.ui.selection {
            prop_assert!(hand.contains(&c), "{c}");
        }
    }
}

#[test]
fn a_junk_paste_is_named_in_one_short_line_saying_how_much_was_cut() {
    let junk = "x".repeat(500_133);
    let Err(p) = records::open(&junk, None) else {
        panic!("junk reads as a record");
    };
    let fr = error_words::load_problem(&p, Lang::Fr);
    let en = error_words::load_problem(&p, Lang::En);
    assert!(
        fr.contains("(500\u{202f}133\u{a0}caractères, coupés)"),
        "{fr}"
    );
    assert!(en.contains("(500,133 characters, cut)"), "{en}");
    assert!(fr.starts_with("ligne 1\u{a0}: un coup comme B:x"), "{fr}");
    for m in [fr, en] {
        assert_short(&m);
    }
    // The record's own file name is quoted shorter still.
    let long_name = format!("{}.txt", "n".repeat(1000));
    let Err(p) = records::open(&junk, Some(&long_name)) else {
        panic!()
    };
    assert_short(&error_words::load_problem(&p, Lang::En));
    match p {
        LoadProblem::Record {
            from: Some(from), ..
        } => {
            assert_eq!(from, Excerpt::of_at_most(&long_name, records::SOURCE_CHARS))
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn every_record_error_is_said_in_french_without_english() {
    // One bad record of each kind the engine refuses.
    let good = Record::parse(records::HISTORICAL[1].text()).unwrap();
    let mut illegal = good.clone();
    illegal.deals[0].actions[3].seat = illegal.deals[0].actions[3].seat.other();
    let mut layout = good.clone();
    layout.deals[0].layout.talon.pop();
    let texts = [
        "{",
        "{\"format\": \"piquet-record\"}",
        "[Format \"piquet-record\"]\n[Version \"9\"]\n[Rules \"classique\"]\n[Cut \"\"]\n",
        "[Format \"piquet-record\"]\n[Version \"3\"]\n[Rules \"whist\"]\n[Cut \"AS 7H\"]\n",
        "[Format \"piquet-record\"]\n[Version \"3\"]\n[Rules \"ancien\"]\n[Options \"abandn=true\"]\n[Cut \"AS 7H\"]\n",
        "B:x 8C",
    ];
    let mut errors: Vec<_> = texts
        .iter()
        .map(|t| records::open(t, None).unwrap_err())
        .collect();
    errors.push(records::open(&illegal.to_json(), None).unwrap_err());
    errors.push(records::open(&layout.to_text(), None).unwrap_err());
    for e in &errors {
        let fr = error_words::load_problem(e, Lang::Fr);
        assert_short(&fr);
        for english in [
            "expected", "line ", "deal ", "unknown", " is not", "missing", "must ",
        ] {
            assert!(!fr.contains(english), "« {english} » in French: {fr}");
        }
    }
    // Deals and moves are counted from 1, as people count them.
    assert_eq!(
        error_words::load_problem(&errors[6], Lang::En),
        "deal 1, move 4: not your turn: B to act"
    );
}
