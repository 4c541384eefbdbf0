//! Side effects: browser storage, the service worker, media queries, the computer's worker and
//! sounds, files (downloads, links, fetches) and the host page of an embedded table. Components call these from effects and callbacks; nothing here is called while rendering.

pub mod ai;
pub mod browser;
pub mod files;
pub mod history;
pub mod host;
pub mod sound;
pub mod storage;
