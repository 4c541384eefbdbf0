//! Side effects: browser storage, the service worker, media queries. Components call these from
//! effects and callbacks; nothing here is called while rendering.

pub mod browser;
pub mod storage;
