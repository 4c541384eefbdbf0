//! What would make the app's wasm heavier than it needs to be, checked in its sources.
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
