//! The problems: the list and each problem fetched from `problems/` (the service worker keeps
//! them for offline use), and the player's progress in them
//! (`piquet_table::problem::solve::ProblemProgress`, kept in storage under
//! [`storage::PROBLEMS_KEY`]). Every reading and writing of that progress goes through here.

use piquet_table::error_words;
use piquet_table::i18n::Lang;
use piquet_table::problem::mine::MyProblems;
use piquet_table::problem::solve::{OnTable, ProblemProgress};
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

/// The problem on the table when the page was left, if any, and what the page must say if the
/// progress was not read whole.
pub fn on_table() -> (Option<OnTable>, Option<Unread>) {
    let (progress, unread) = progress();
    (progress.current, unread)
}

/// Problem `id` is on the table (its verdict on show for `answer`): a reload comes back to it.
pub fn put_on_table(id: &str, answer: Option<String>) {
    let mut progress = storage::load_problems().value.unwrap_or_default();
    progress.put_on_table(id, answer);
    storage::save_problems(&progress);
}

/// The player left the problem on the table; his marks are kept.
pub fn forget_on_table() {
    if let Some(mut progress) = storage::load_problems().value {
        if progress.current.take().is_some() {
            storage::save_problems(&progress);
        }
    }
}

/// The player's own problems, and what the page must say if they were not read whole.
pub fn mine() -> (MyProblems, Option<Unread>) {
    let loaded = storage::load_my_problems();
    let unread = loaded.unread(Kind::MyProblems);
    (loaded.value.unwrap_or_default(), unread)
}

/// Keeps `problem` among the player's own (in place of the same one saved before); whether
/// storage took it.
pub fn keep_mine(problem: &Problem) -> bool {
    let mut mine = storage::load_my_problems().value.unwrap_or_default();
    mine.add(problem.clone());
    storage::save_my_problems(&mine)
}

/// Removes the player's own problem `id`; his own problems as they now stand.
pub fn remove_mine(id: &str) -> MyProblems {
    let mut mine = storage::load_my_problems().value.unwrap_or_default();
    if mine.remove(id) {
        storage::save_my_problems(&mine);
    }
    mine
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
