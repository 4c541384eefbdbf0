//! The list of lessons, `lessons/index.json` ([`LessonIndex`]).

use piquet_engine::Localized;
use serde::Deserialize;

/// The `format` of `lessons/index.json`.
pub const INDEX_FORMAT: &str = "piquet-lessons";

/// The version of `lessons/index.json` this build reads.
pub const INDEX_VERSION: u32 = 1;

/// One lesson of the list.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct LessonEntry {
    /// Stable id, and the lesson's file name without extension.
    pub id: String,
    /// The file, relative to `lessons/`.
    pub file: String,
    pub title: Localized,
    pub summary: Localized,
    /// The rules' preset id, as the list shows it.
    pub rules: String,
    /// The number of steps (the player's moves).
    pub steps: usize,
}

/// The list of lessons, `lessons/index.json`.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct LessonIndex {
    pub format: String,
    pub version: u32,
    pub lessons: Vec<LessonEntry>,
}

impl LessonIndex {
    /// Reads the list (an unknown format or version is refused by name).
    pub fn parse(text: &str) -> Result<LessonIndex, String> {
        let index: LessonIndex = serde_json::from_str(text).map_err(|e| e.to_string())?;
        if index.format != INDEX_FORMAT || index.version != INDEX_VERSION {
            return Err(format!(
                "not a list of lessons of version {INDEX_VERSION} ({} {})",
                index.format, index.version
            ));
        }
        Ok(index)
    }

    /// The lesson with this id.
    pub fn entry(&self, id: &str) -> Option<&LessonEntry> {
        self.lessons.iter().find(|l| l.id == id)
    }
}
