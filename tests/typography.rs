//! French typography in every string the player can read: a no-break space (U+00A0) before
//! « : » and inside « guillemets », a narrow no-break space (U+202F) before « ; », « ? » and
//! « ! », so that a line never begins with « » » or « ; » on a narrow screen. The spaces are
//! written as the characters themselves in the sources; this test reads every string literal
//! of the app and of the computer's hints (comments are not shown to players) and names each
//! ordinary space where a no-break one belongs.
#![cfg(not(target_arch = "wasm32"))]

use std::fs;
use std::path::{Path, PathBuf};

/// The source trees whose strings reach the page: the app, and the AI's hint reasons.
const TREES: [&str; 2] = ["src", "crates/ai/src"];

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

/// What is wrong with one literal's spacing, if anything.
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
    let src = "// « a » in a comment\nlet c = '\"'; let s = \"x : y\";\nlet r = r#\"« z\"#; let q = ['\\'', '\\u{a0}'];";
    let found = string_literals(src);
    assert_eq!(
        found,
        vec![(2, "x : y".to_string()), (3, "« z".to_string())]
    );
}
