//! French typography in every string the player can read: a no-break space (U+00A0) before
//! « : » and inside « guillemets », a narrow no-break space (U+202F) before « ; », « ? » and
//! « ! », so that a line never begins with « » » or « ; » on a narrow screen; and the
//! typographic apostrophe « ’ » (l’as, d’annonce, and in English the computer’s), never the
//! straight one. The spaces are written as the characters themselves in the sources; this test
//! reads every string literal of the app and of the computer's hints (comments are not shown to
//! players) and names each ordinary space or straight apostrophe where another belongs.
//!
//! Sentence case in the catalogue (`crates/table/src/i18n.rs`): every message, in French and in English,
//! begins with a capital, and so does every sentence within it, except the fragments that
//! follow a name, a number or a separator on the page (listed, with where they go).
#![cfg(not(target_arch = "wasm32"))]

use piquet_table::lesson::straight_apostrophes;
use std::fs;
use std::path::{Path, PathBuf};

/// The source trees whose strings reach the page: the app, and the AI's hint reasons.
const TREES: [&str; 4] = [
    "src",
    "crates/table/src",
    "crates/words/src",
    "crates/ai/src",
];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}

/// The contents of the string literals of a Rust source, each with its line number; comments
/// and character literals are skipped.
fn string_literals(src: &str) -> Vec<(usize, String)> {
    let chars: Vec<char> = src.chars().collect();
    let (mut out, mut i, mut line) = (Vec::new(), 0, 1);
    let at = |i: usize, s: &str| {
        s.chars()
            .enumerate()
            .all(|(k, c)| chars.get(i + k) == Some(&c))
    };
    while i < chars.len() {
        let c = chars[i];
        let word_before = i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_');
        if at(i, "//") {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if at(i, "/*") {
            while i < chars.len() && !at(i, "*/") {
                line += usize::from(chars[i] == '\n');
                i += 1;
            }
            i += 2;
        } else if c == 'r' && !word_before && (at(i + 1, "\"") || at(i + 1, "#")) {
            let hashes = chars[i + 1..].iter().take_while(|&&h| h == '#').count();
            if chars.get(i + 1 + hashes) != Some(&'"') {
                i += 1;
                continue;
            }
            let end: String = std::iter::once('"')
                .chain(std::iter::repeat_n('#', hashes))
                .collect();
            let (start, first_line) = (i + 2 + hashes, line);
            i = start;
            while i < chars.len() && !at(i, &end) {
                line += usize::from(chars[i] == '\n');
                i += 1;
            }
            out.push((first_line, chars[start..i].iter().collect()));
            i += end.len();
        } else if c == '\'' {
            // A character literal ('"', '\'', '\u{a0}', 'x') or a lifetime ('a).
            if chars.get(i + 1) == Some(&'\\') {
                i += 3;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if chars.get(i + 2) == Some(&'\'') {
                i += 3;
            } else {
                i += 1;
            }
        } else if c == '"' {
            let (start, first_line) = (i + 1, line);
            i = start;
            while i < chars.len() && chars[i] != '"' {
                line += usize::from(chars[i] == '\n');
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            out.push((first_line, chars[start..i].iter().collect()));
            i += 1;
        } else {
            line += usize::from(c == '\n');
            i += 1;
        }
    }
    out
}

/// What is wrong with one literal's spacing or apostrophes, if anything.
fn faults(text: &str) -> Vec<&'static str> {
    let mut found = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    for (k, w) in chars.windows(2).enumerate() {
        let after = chars.get(k + 2).copied();
        let ends_word = after.is_none_or(|a| a.is_whitespace() || a == '{' || a == '"');
        match (w[0], w[1]) {
            ('«', ' ') => found.push("an ordinary space after «"),
            (' ', '»') => found.push("an ordinary space before »"),
            (' ', ':') if ends_word => found.push("an ordinary space before :"),
            (' ', ';' | '?' | '!') if ends_word => found.push("an ordinary space before ; ? or !"),
            _ => {}
        }
    }
    found.extend(
        straight_apostrophes(text)
            .iter()
            .map(|_| "a straight apostrophe where the typographic ’ belongs"),
    );
    found
}

#[test]
fn french_punctuation_has_no_break_spaces() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for tree in TREES {
        rust_files(&root.join(tree), &mut files);
    }
    assert!(files.len() > 10, "the sources were found: {files:?}");
    let mut problems = Vec::new();
    let mut french = 0;
    for path in &files {
        let src = fs::read_to_string(path).unwrap();
        for (line, text) in string_literals(&src) {
            french += usize::from(text.contains('\u{a0}') || text.contains('\u{202f}'));
            for fault in faults(&text) {
                let shown: String = text.chars().take(60).collect();
                problems.push(format!(
                    "{}:{line}: {fault} in \"{shown}\"",
                    path.strip_prefix(root).unwrap().display()
                ));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "{} strings to mend:\n{}",
        problems.len(),
        problems.join("\n")
    );
    assert!(
        french > 50,
        "the French strings were read ({french} with no-break spaces)"
    );
}

#[test]
fn the_checker_finds_each_fault_and_reads_literals_only() {
    assert_eq!(faults("Que dire ?").len(), 1);
    assert_eq!(faults("« couler »").len(), 2);
    assert_eq!(faults("Levées : {n}").len(), 1);
    assert_eq!(faults("a ; b").len(), 1);
    assert!(faults("Que dire\u{202f}? «\u{a0}couler\u{a0}» Levées\u{a0}: {n}").is_empty());
    assert!(faults("Tricks: 3 — what? yes!").is_empty());
    assert_eq!(faults("l'as").len(), 1);
    assert_eq!(faults("d'").len(), 1);
    assert_eq!(faults("n'{} pas").len(), 1);
    assert!(faults("l’as d’{x}, the treatises’ rules, [data-x='y']").is_empty());
    let src = "// « a » in a comment\nlet c = '\"'; let s = \"x : y\";\nlet r = r#\"« z\"#; let q = ['\\'', '\\u{a0}'];";
    let found = string_literals(src);
    assert_eq!(
        found,
        vec![(2, "x : y".to_string()), (3, "« z".to_string())]
    );
}

/// The catalogue's messages that are not shown alone: each follows a name, a number or another
/// message on the page, so it begins in lower case.
const FRAGMENTS: [(&str, &str); 47] = [
    (
        "ChoosesWhoDeals",
        "after a name: « L'ordinateur a la plus haute carte… »",
    ),
    ("Deals", "after a name: « L'ordinateur donne. »"),
    (
        "IsRubiconed",
        "after a name: « L'ordinateur est « rubiconé » »",
    ),
    ("Wins", "after a name: « L'ordinateur gagne la partie »"),
    (
        "LeftoverClassicHint",
        "after a number of cards: « Trois cartes restent au talon. »",
    ),
    ("LeftoverRubiconHint", "after a number of cards"),
    ("SelectInHand", "after « Écartez de 1 à 5 — »"),
    ("To", "between two numbers: « de 1 à 5 »"),
    ("InTarget", "between numbers: « Donne 3 · en 100 »"),
    ("StepOf", "between numbers: « Étape 2 sur 9 »"),
    ("Points", "after a number: « 12 points »"),
    ("PointsShort", "after a number: « 12 pts »"),
    ("TricksWord", "after a number: « 3 levées »"),
    ("ActionWord", "after a name and « · »: « Vous · coup 4 »"),
    (
        "PartieOfSix",
        "after « · » on the first screen: « Rubicon · 2 — … · partie en six donnes »",
    ),
    ("ReviewChosen", "a tag beside an option of the review"),
    ("ReviewBest", "a tag beside an option of the review"),
    (
        "ReviewTheirChoice",
        "a tag beside an option of the review on the table",
    ),
    (
        "ReviewBestChoice",
        "a tag beside an option of the review on the table",
    ),
    (
        "LeftoverClassicHintOne",
        "after the count: « Une carte reste au talon… »",
    ),
    (
        "LeftoverRubiconHintOne",
        "after the count: « Une carte reste au talon : … »",
    ),
    ("DifficultyOf", "between numbers: « Difficulté 2 sur 3 »"),
    ("ProblemsSolved", "after numbers: « 12/72 résolus »"),
    ("BestMark", "a tag beside an option of a problem's verdict"),
    (
        "AcceptedMark",
        "a tag beside an option of a problem's verdict",
    ),
    ("YourMark", "a tag beside an option of a problem's verdict"),
    (
        "DailySame",
        "in a column of the deal of the day's decisions",
    ),
    (
        "ProblemNotInList",
        "after « Ce problème n’a pas pu être ouvert : »",
    ),
    (
        "LessonWasDone",
        "in brackets after a lesson's state: « Terminée (déjà terminée une fois) »",
    ),
    (
        "WrittenInFrench",
        "in brackets before a commentary: « (en français) … »",
    ),
    ("WrittenInEnglish", "in brackets before a commentary"),
    (
        "WrittenInAnotherLanguage",
        "in brackets before a commentary",
    ),
    ("DealLower", "after the seat's points: « 12 pts / donne 3 »"),
    (
        "PointsInGame",
        "after a number: « 27 points dans la partie »",
    ),
    ("PointsInDeal", "after a number: « 3 dans cette donne »"),
    (
        "ArrowsThenEnter",
        "after a label, in brackets: « Choisissez (flèches puis Entrée) »",
    ),
    (
        "MatchSaid",
        "after the length: « Partie en 100, en deux manches gagnantes… »",
    ),
    (
        "SingleGameSaid",
        "after the length: « Partie en 100, en une seule manche »",
    ),
    // Issue 26: games between two devices
    (
        "PresenceHere",
        "after the friend's name: « Bob : connecté »",
    ),
    ("PresenceAway", "after the friend's name: « Bob : absent »"),
    (
        "TurnYours",
        "after « · » on the first screen: « Bob · c’est à vous · 12–31 »",
    ),
    (
        "TurnTheirs",
        "after « · » on the first screen: « Bob · c’est son tour »",
    ),
    (
        "OnlineGameOver",
        "after « · » on the first screen: « Bob · terminée »",
    ),
    (
        "RematchOffered",
        "after a name: « Bob propose une revanche »",
    ),
    (
        "TimeUp",
        "after a name and a colon: « Bob : temps écoulé », or « · » on the first screen",
    ),
    (
        "WatchersAllowed",
        "after « · » in a room's settings: « … · 1 jour par coup · spectateurs admis »",
    ),
    (
        "NoWatchers",
        "after « · » in a room's settings: « … · 1 jour par coup · sans spectateurs »",
    ),
];

/// The messages of the catalogue: `(name, french, english)`, read from its constants
/// (`pub const Name: Text = Text::new("…", "…");`); and the names it declares.
fn catalogue(src: &str) -> (Vec<(String, String, String)>, Vec<String>) {
    const DECL: &str = "pub const ";
    let start = src.find("impl Text {").expect("the catalogue's impl Text");
    let end = start + src[start..].find("const fn new(").expect("Text::new");
    let mut names = Vec::new();
    let mut arms = Vec::new();
    let mut rest = &src[start..end];
    while let Some(at) = rest.find(DECL) {
        let after = &rest[at + DECL.len()..];
        let name: String = after.chars().take_while(|c| c.is_alphanumeric()).collect();
        let declared: String = after[name.len()..]
            .chars()
            .take_while(|c| *c != '(')
            .filter(|c| !c.is_whitespace())
            .collect();
        assert!(
            declared == ":Text=Text::new",
            "{name}: a message is written `pub const {name}: Text = Text::new(french, english);`"
        );
        let next = after.find(DECL).unwrap_or(after.len());
        let literals: Vec<String> = string_literals(&after[..next])
            .into_iter()
            .map(|(_, t)| unescape(&t))
            .collect();
        if let [fr, en] = literals.as_slice() {
            arms.push((name.clone(), fr.clone(), en.clone()));
        }
        names.push(name);
        rest = &after[next..];
    }
    (arms, names)
}

/// A Rust string literal's text as shown: line continuations (`\` at the end of a line, and
/// the next line's indent) removed, `\"` read as `"`.
fn unescape(literal: &str) -> String {
    let mut out = String::new();
    let mut chars = literal.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some('\n') => {
                    while chars.peek().is_some_and(|c| c.is_whitespace()) {
                        chars.next();
                    }
                }
                Some(other) => out.push(other),
                None => {}
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// Where a text breaks sentence case: its first letter (past opening quotes and brackets) in
/// lower case, unless it begins with a number; or a letter in lower case after « . », « ? » or
/// « ! » and a space (« … » leaves something out within a sentence: « Trente-deux cartes… »).
fn case_faults(text: &str, fragment: bool) -> Vec<String> {
    let mut found = Vec::new();
    let first = text.chars().find(|c| c.is_alphanumeric());
    if !fragment && first.is_some_and(|c| c.is_lowercase()) {
        found.push("begins in lower case".to_string());
    }
    let chars: Vec<char> = text.chars().collect();
    for (i, w) in chars.windows(3).enumerate() {
        if matches!(w[0], '.' | '?' | '!') && w[1].is_whitespace() && w[2].is_lowercase() {
            let before: String = chars[i.saturating_sub(12)..=i].iter().collect();
            found.push(format!(
                "a sentence begins in lower case after « {before} »"
            ));
        }
    }
    found
}

#[test]
fn every_sentence_of_the_catalogue_begins_with_a_capital() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let src = fs::read_to_string(root.join("crates/table/src/i18n.rs")).unwrap();
    let (arms, names) = catalogue(&src);
    // Every message was read, each with its two languages.
    let named: Vec<&String> = arms.iter().map(|(n, _, _)| n).collect();
    assert!(names.len() > 300, "{} messages", names.len());
    for v in &names {
        assert!(named.contains(&v), "Text::{v}: its two texts were not read");
    }
    let mut problems = Vec::new();
    for (name, fr, en) in &arms {
        let fragment = FRAGMENTS.iter().any(|(f, _)| f == name);
        for (lang, text) in [("fr", fr), ("en", en)] {
            for fault in case_faults(text, fragment) {
                problems.push(format!("Text::{name} ({lang}): {fault}: \"{text}\""));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "{} messages to mend:\n{}",
        problems.len(),
        problems.join("\n")
    );
    // Every fragment listed is one: it exists and begins in lower case in some language.
    for (f, why) in FRAGMENTS {
        let (_, fr, en) = arms.iter().find(|(n, _, _)| n == f).unwrap_or_else(|| {
            panic!("{f} is listed as a fragment ({why}) but is not in the catalogue")
        });
        assert!(
            !case_faults(fr, false).is_empty() || !case_faults(en, false).is_empty(),
            "{f} is listed as a fragment but begins with a capital: take it off the list"
        );
    }
}

#[test]
fn the_case_checker_finds_lower_case_sentences() {
    assert_eq!(case_faults("« couler » est permis", false).len(), 1);
    assert_eq!(case_faults("Bon. vous jouez", false).len(), 1);
    assert!(case_faults("Art. 24 : la règle", false).is_empty());
    assert!(case_faults("1 levée", false).is_empty());
    assert!(case_faults("(Vu) Ok… oui ? Non !", false).is_empty());
    assert!(case_faults("donne.", true).is_empty());
    assert_eq!(unescape("a \\\n      b \\\"c\\\""), "a b \"c\"");
}
