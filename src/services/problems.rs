//! The problems: the list and each problem fetched from `problems/` (the service worker keeps
//! them for offline use), and the player's progress in them
//! (`piquet_table::problem::solve::ProblemProgress`, kept in storage under
//! [`storage::PROBLEMS_KEY`]). Every reading and writing of that progress goes through here.

use piquet_table::error_words;
use piquet_table::i18n::Lang;
use piquet_table::problem::solve::ProblemProgress;
use piquet_table::problem::{IndexEntry, Problem, ProblemIndex};
use piquet_table::stored::{Kind, Unread};

use super::{files, storage};

/// Where the problems are, relative to the page.
pub const PROBLEMS_DIR: &str = "problems/";

/// Where every problem stands, and what the page must say if it was not read whole.
pub fn progress() -> (ProblemProgress, Option<Unread>) {
    let loaded = storage::load_problems();
    let unread = loaded.unread(Kind::Problems);
    (loaded.value.unwrap_or_default(), unread)
}

/// Counts an answer to problem `id`, right or not; the progress as it now stands.
pub fn answered(id: &str, right: bool) -> ProblemProgress {
    let mut progress = storage::load_problems().value.unwrap_or_default();
    progress.answered(id, right);
    storage::save_problems(&progress);
    progress
}

/// Forgets every answer (the player asked to).
pub fn reset() {
    storage::save_problems(&ProblemProgress::default());
}

/// Fetches and reads the list of problems.
pub async fn fetch_index(lang: Lang) -> Result<ProblemIndex, String> {
    let text = files::fetch_text(&format!("{PROBLEMS_DIR}index.json"))
        .await
        .map_err(|p| error_words::load_problem(&p, lang))?;
    ProblemIndex::parse(&text).map_err(|why| error_words::quote(&why, lang))
}

/// Fetches and reads problem `entry`.
pub async fn fetch_problem(entry: &IndexEntry, lang: Lang) -> Result<Problem, String> {
    let path = format!("{PROBLEMS_DIR}{}", entry.file);
    let text = files::fetch_text(&path)
        .await
        .map_err(|p| error_words::load_problem(&p, lang))?;
    Problem::parse(&entry.file, &text).map_err(|e| error_words::quote(&e.to_string(), lang))
}
