//! Side effects: browser storage, the service worker, media queries, the computer's worker and
//! sounds. Components call these from effects and callbacks; nothing here is called while rendering.

pub mod ai;
pub mod browser;
pub mod sound;
pub mod storage;
