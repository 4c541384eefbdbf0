//! The game as the app plays it, free of any browser API: the [`session`] (engine game, record,
//! events, save), the [`decision`] a seat faces, the game's own [`words`] in French and English,
//! [`records`] (the historical ones, exports, playing on from a replay), the [`fragment`]
//! encoding of a record in a link, the parameters of the [`embed`] page, and the reading of
//! what the app [`stored`] (in whole, in part, or set aside), and the [`lesson`]s.

pub mod decision;
pub mod embed;
pub mod fragment;
pub mod lesson;
pub mod model;
pub mod records;
pub mod session;
pub mod stats;
pub mod stored;
pub mod table;
pub mod words;
