//! The game as the app plays it, free of any browser API: the [`session`] (engine game, record,
//! events, save), the [`decision`] a seat faces, and the game's own [`words`] in French and English.

pub mod decision;
pub mod session;
pub mod words;
