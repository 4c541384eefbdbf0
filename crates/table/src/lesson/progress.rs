//! Where the player stands in each lesson ([`Progress`], [`Mark`]), as saved.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::stored::{Reading, StoredProblem, envelope};

use super::Lesson;

/// The version of the saved progress this build writes.
pub const PROGRESS_VERSION: u32 = 1;

/// Where the player stands in one lesson.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mark {
    /// Moves made, of how many.
    pub at: usize,
    pub moves: usize,
    /// The step shown there, and how many (for the list, which has not read the lesson).
    pub step: usize,
    pub steps: usize,
    /// The lesson was played to its end, at least once.
    pub done: bool,
    /// [`Lesson::fingerprint`] of the lesson played.
    pub fingerprint: u64,
}

/// How a lesson stands, as the list says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    NotStarted,
    /// In progress at this step of so many; `done`: finished before.
    InProgress {
        step: usize,
        of: usize,
        done: bool,
    },
    Done,
}

impl Mark {
    /// Where a run of `lesson` stands after `at` moves.
    pub fn of(lesson: &Lesson, at: usize, done_before: bool) -> Mark {
        Mark {
            at,
            moves: lesson.len(),
            step: lesson.step_at(at),
            steps: lesson.steps(),
            done: done_before || at >= lesson.len(),
            fingerprint: lesson.fingerprint(),
        }
    }

    /// How it stands.
    pub fn standing(&self) -> Standing {
        match self.at {
            _ if self.at >= self.moves && self.moves > 0 => Standing::Done,
            0 if self.done => Standing::Done,
            0 => Standing::NotStarted,
            _ => Standing::InProgress {
                step: self.step,
                of: self.steps,
                done: self.done,
            },
        }
    }

    /// Where to resume `lesson`: this mark's position if it was saved for this very lesson and
    /// the lesson is not over there, else its start.
    pub fn resume_at(&self, lesson: &Lesson) -> usize {
        if self.fingerprint == lesson.fingerprint() && self.at < lesson.len() {
            self.at
        } else {
            0
        }
    }
}

/// The progress in every lesson, and the lesson on the table (to resume it after a reload).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Progress {
    #[serde(default)]
    pub lessons: BTreeMap<String, Mark>,
    #[serde(default)]
    pub current: Option<String>,
}

#[derive(Serialize)]
struct ProgressOut<'a> {
    v: u32,
    lessons: &'a BTreeMap<String, Mark>,
    #[serde(skip_serializing_if = "Option::is_none")]
    current: &'a Option<String>,
}

impl Progress {
    /// The stored form: a versioned envelope.
    pub fn to_stored(&self) -> String {
        serde_json::to_string(&ProgressOut {
            v: PROGRESS_VERSION,
            lessons: &self.lessons,
            current: &self.current,
        })
        .unwrap_or_default()
    }

    /// Reads the stored form lesson by lesson: a lesson whose mark does not read is named and
    /// starts afresh, the others keep theirs.
    pub fn read_stored(raw: &str) -> Reading<Progress> {
        let mut fields = match envelope(raw, PROGRESS_VERSION) {
            Ok(f) => f,
            Err(p) => return Reading::Unusable(p),
        };
        let Some(serde_json::Value::Object(lessons)) = fields.remove("lessons") else {
            return Reading::Unusable(StoredProblem::Malformed);
        };
        let mut progress = Progress::default();
        let mut bad = Vec::new();
        for (id, mark) in lessons {
            match serde_json::from_value::<Mark>(mark) {
                Ok(m) => {
                    progress.lessons.insert(id, m);
                }
                Err(_) => bad.push(id),
            }
        }
        match fields.remove("current").map(serde_json::from_value) {
            None | Some(Ok(None)) => {}
            Some(Ok(Some(id))) => progress.current = Some(id),
            Some(Err(_)) => bad.push("current".into()),
        }
        if bad.is_empty() {
            Reading::Whole(progress)
        } else {
            bad.sort();
            Reading::Part(progress, StoredProblem::Fields(bad))
        }
    }

    /// How lesson `id` stands.
    pub fn standing(&self, id: &str) -> Standing {
        self.lessons
            .get(id)
            .map_or(Standing::NotStarted, Mark::standing)
    }

    /// Whether this very `lesson` (the same [`Lesson::fingerprint`]) was played to its end.
    pub fn done(&self, lesson: &Lesson) -> bool {
        self.lessons
            .get(&lesson.id)
            .is_some_and(|m| m.done && m.fingerprint == lesson.fingerprint())
    }

    /// Where to resume `lesson` (see [`Mark::resume_at`]): its start if it has no mark.
    pub fn resume_at(&self, lesson: &Lesson) -> usize {
        self.lessons
            .get(&lesson.id)
            .copied()
            .unwrap_or_default()
            .resume_at(lesson)
    }

    /// `lesson` played to `at` moves (finished before if `done_before`, or if its mark says so),
    /// and the one on the table.
    pub fn mark_played(&mut self, lesson: &Lesson, at: usize, done_before: bool) {
        let done_before = done_before || self.done(lesson);
        self.lessons
            .insert(lesson.id.clone(), Mark::of(lesson, at, done_before));
        self.current = Some(lesson.id.clone());
    }
}
