//! What would make the app's wasm heavier than it needs to be, checked in its sources (the
//! wasm themselves are checked after the release build by `tests/e2e/weight.test.mjs`, from
//! the names of the functions they link).
//!
//! `str::to_lowercase`, `str::to_uppercase` and their `char` forms link Unicode's case
//! conversion tables into the wasm: about 24 KB of tables and code, 15 KB gzipped, a twentieth of
//! what the first screen downloads. The app's words are ASCII or French, so it uses
//! `to_ascii_lowercase` / `to_ascii_uppercase`, and `play::words::capitalised` for the first
//! letter of a sentence.
#![cfg(not(target_arch = "wasm32"))]

use std::fs;
use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn the_app_links_no_unicode_case_tables() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.sort();
    let mut found = Vec::new();
    for file in files {
        // The computer's worker is a wasm of its own, loaded only for a game against it.
        if file.starts_with(src.join("bin")) {
            continue;
        }
        let text = fs::read_to_string(&file).expect("source file");
        // A file's unit tests (its `#[cfg(test)]` module, at the end) are not in the wasm.
        let lines = text.lines().take_while(|l| l.trim() != "#[cfg(test)]");
        for (n, line) in lines.enumerate() {
            let code = line.split("//").next().unwrap_or_default();
            if code.contains(".to_lowercase()") || code.contains(".to_uppercase()") {
                found.push(format!("{}:{}: {}", file.display(), n + 1, line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "use the ASCII forms or play::words::capitalised (see tests/wasm_size.rs):\n{}",
        found.join("\n")
    );
}

/// The lines of `files` whose code (not their comments, nor their unit tests) names one of
/// `forbidden`, each as `file:line: name: line`.
fn naming(files: &[PathBuf], forbidden: &[&str]) -> Vec<String> {
    let mut found = Vec::new();
    for file in files {
        let text = fs::read_to_string(file).expect("source file");
        let lines = text.lines().take_while(|l| l.trim() != "#[cfg(test)]");
        for (n, line) in lines.enumerate() {
            let code = line.split("//").next().unwrap_or_default();
            if let Some(name) = forbidden.iter().find(|f| code.contains(*f)) {
                found.push(format!(
                    "{}:{}: {name}: {}",
                    file.display(),
                    n + 1,
                    line.trim()
                ));
            }
        }
    }
    found
}

/// The files the embedded replay's own wasm is made of (`src/bin/embed_replay.rs`): its entry,
/// its table (`src/components/embed/replay_only.rs`) and the replay viewer.
fn replay_embed_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![
        root.join("src/bin/embed_replay.rs"),
        root.join("src/components/embed/replay_only.rs"),
    ];
    rust_files(&root.join("src/components/replay"), &mut files);
    files.sort();
    files
}

/// A replay embedded in a host's page downloads the viewer only (docs/embedding.md, "Weight"):
/// no computer (the AI, its worker's client, the review's dialog), no game session being built
/// and none of the tables that play. What needs them (« Jouer cette donne », a review, a host's
/// `newGame`) hands the frame over to the table that plays (`piquet_table::handover`).
#[test]
fn the_replay_embed_names_no_computer_and_no_game() {
    const FORBIDDEN: [&str; 11] = [
        // The historical records' texts: the embedded viewer fetches them (records::Historical).
        "Historical::text",
        "include_str!",
        "piquet_ai",
        "services::ai",
        "components::review",
        "ReviewDialog",
        "GameScreen",
        "ProblemScreen",
        "records::play_from",
        "Session::",
        "problems::",
    ];
    let files = replay_embed_files();
    assert!(files.len() > 5, "the viewer's files: {files:?}");
    let found = naming(&files, &FORBIDDEN);
    assert!(
        found.is_empty(),
        "the embedded replay's wasm would carry the computer or a game (hand over to the table \
         that plays instead, see src/components/embed/replay_only.rs):\n{}",
        found.join("\n")
    );
}

/// The embedded replay's light first stage (`src/bin/embed_view`) is light because it names
/// neither Yew nor a JSON library (docs/embedding.md, "Weight"): a record it cannot read with
/// `Record::from_text_plain`, and everything it does not draw, go to the Yew viewer.
/// (`tests/e2e/weight.test.mjs` checks the built wasm's function names too.)
#[test]
fn the_light_replay_stage_names_no_yew_and_no_json_library() {
    const FORBIDDEN: [&str; 10] = [
        "yew",
        "serde_json",
        "json!",
        "host::post(",
        "Record::parse",
        "from_text_checked",
        "from_json",
        "records::open",
        "piquet_web::components",
        "Reduce",
    ];
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src/bin/embed_view"), &mut files);
    assert!(files.len() >= 2, "the light stage's files: {files:?}");
    let found = naming(&files, &FORBIDDEN);
    assert!(
        found.is_empty(),
        "the light first stage would link Yew or serde_json (hand over to the Yew viewer \
         instead, see src/bin/embed_view/main.rs):\n{}",
        found.join("\n")
    );
}

/// The catalogue's messages are constants of `Text` (`crates/table/src/i18n.rs`), so that each
/// wasm links only the words it names: one `match` over them all would link every word into
/// every wasm that shows one (the first screen and the embedded replay carried all 26 KB).
#[test]
fn the_catalogue_is_constants_not_a_match() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/table/src/i18n.rs");
    let text = fs::read_to_string(&path).expect("the catalogue");
    let code = text.lines().take_while(|l| l.trim() != "#[cfg(test)]");
    let matches: Vec<&str> = code
        .filter(|l| {
            l.split("//")
                .next()
                .unwrap_or_default()
                .contains("match self")
        })
        .collect();
    assert!(
        matches.is_empty(),
        "{}: a message is a constant, `pub const Name: Text = Text::new(french, english);`, \
         never an arm of a match on the message: {matches:?}",
        path.display()
    );
    assert!(text.matches(": Text = Text::new(").count() > 300);
}

/// The play wasm (`src/bin/play.rs`), what a new game waits for, hands the page over to the
/// whole app for every screen off the way to a game against the computer (`src/play.rs`): its
/// files name none of them, nor the review, nor the record in a link (the names it links are
/// checked after the release build by `tests/e2e/weight.test.mjs`).
#[test]
fn the_play_wasm_names_none_of_the_screens_it_hands_over() {
    const FORBIDDEN: [&str; 16] = [
        // The whole app's screens, which the play wasm's App must not be given.
        "Whole",
        "WHOLE",
        "ReplayViewer",
        "components::replay",
        "LessonsDialog",
        "services::lessons",
        "ProblemScreen",
        "ProblemsDialog",
        "services::problems",
        "DailyScreen",
        "OnlineScreen",
        "OnlineGames",
        "StatsDialog",
        "ReviewDialog",
        "REVIEW_DIALOG",
        "incoming_from_hash",
    ];
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let found = naming(
        &[root.join("src/bin/play.rs"), root.join("src/play.rs")],
        &FORBIDDEN,
    );
    assert!(
        found.is_empty(),
        "the play wasm would carry a screen it hands over to the whole app (see src/play.rs):\n{}",
        found.join("\n")
    );
}
