//! Side effects: browser storage, the service worker, media queries, the computer's worker and
//! sounds, files (downloads, links, fetches), the host page of an embedded table, and the game
//! server of games between two devices. Components
//! call these from effects and callbacks, and read storage once in a state's initialiser (the
//! first render of the app and of the table); no state's reducer calls them.

pub mod ai;
pub mod browser;
pub mod files;
pub mod history;
pub mod host;
pub mod lessons;
pub mod online;
pub mod problems;
pub mod sound;
pub mod storage;
