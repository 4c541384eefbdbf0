//! The player's progress in the lessons (`piquet_table::lesson::Progress`, kept in storage under
//! [`storage::LESSONS_KEY`]): where each lesson stands, and the lesson on the table, to put it
//! back after a reload. Every reading and writing of that progress goes through here; what a
//! lesson played to some move does to it is [`Progress::mark_played`].

use piquet_table::lesson::{Lesson, Progress};
use piquet_table::stored::{Kind, Unread};

use super::storage;

/// Where every lesson stands, and what the page must say if it was not read whole.
pub fn progress() -> (Progress, Option<Unread>) {
    let loaded = storage::load_lessons();
    let unread = loaded.unread(Kind::Lessons);
    (loaded.value.unwrap_or_default(), unread)
}

/// Marks `lesson` played to `at` moves (finished before if `done_before`), and as the lesson on
/// the table.
pub fn mark_played(lesson: &Lesson, at: usize, done_before: bool) {
    let mut progress = storage::load_lessons().value.unwrap_or_default();
    progress.mark_played(lesson, at, done_before);
    storage::save_lessons(&progress);
}

/// The lesson on the table when the page was left, and what the page must say if the progress
/// was not read whole.
pub fn on_table() -> (Option<String>, Option<Unread>) {
    let (progress, unread) = progress();
    (progress.current, unread)
}

/// Forgets the lesson on the table (the player left it for the list); where it stands is kept.
pub fn forget_on_table() {
    if let Some(mut progress) = storage::load_lessons().value {
        progress.current = None;
        storage::save_lessons(&progress);
    }
}
