//! # piquet-words
//!
//! The one place where Piquet is put into words, in French and in English: suits, ranks and
//! cards (« Roi de cœur », the corner letters R, D, V), holdings (« Rois de pique, de cœur et de
//! carreau »), declarations and answers as they are said at the table (« Quinte au roi »,
//! « C’est bon », « Mieux »), every action, score reason and event of the engine, numbers in
//! words and each language's typography. The app, the computer's hints and reviews, and the
//! command-line tool all say the game with these functions, so a word is mended once.
//!
//! A value given in both languages is a [`ByLang`]; the language is a [`Lang`]. The modules
//! group the words by what they say; every function is also at the crate's root.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod cards;
pub mod claims;
pub mod events;
mod lang;
pub mod text;

pub use cards::{
    SUIT_ORDER, card, card_named, cards, cards_by_suit, cards_named, corner, holding,
    in_hand_order, rank, rank_named, rank_plural, suit, suit_singular, to_the,
};
pub use claims::{
    answer, answer_to, category, claim, making, point_count, sequence_name, sequence_named,
    set_named,
};
pub use events::{Names, action, event, score, score_reason, scoring};
pub use lang::{ByLang, Lang, reason_fields};
pub use text::{
    and_list, capitalised, labelled, number, plural_cards, quote, quoted, said, uncapitalised,
};
