//! Piquet rules engine: cards, the rule set and its presets, the deal state
//! machine, games and matches, observations and records.
//!
//! The specification is `docs/spec/RULES.md` (its readings are in `docs/rules.md`);
//! "Art. N" in the code is article N of the French source text (seed 000).
//!
//! - [`Card`], [`CardSet`] (a `Copy` bitset, notation `AS KH TD 7C`).
//! - [`Rules`]: every option as a field; presets [`Rules::classique`],
//!   [`Rules::ancien`], [`Rules::moderne`], [`Rules::rubicon`],
//!   [`Rules::cent_cinquante`], [`Rules::ALL`], [`Rules::by_id`].
//! - [`Deal`]: one deal, validated from a [`DealSetup`] or a seed; ask
//!   [`Deal::to_act`], [`Deal::legal_actions`], [`Deal::discard_limits`],
//!   then [`Deal::apply`] (returns the new state and its [`Event`]s) or
//!   [`Deal::apply_with`] (in place, events to any [`EventSink`]); errors
//!   are [`IllegalAction`]s and leave the state unchanged.
//! - [`Deal::observation`]: what one seat may know.
//! - [`Game`]: the cut, the deals, cent and its match, Rubicon and its payoff.
//! - [`Record`]: versioned records with metadata and commentary (per language,
//!   [`Localized`]), as JSON
//!   ([`Record::to_json`]) or as text in the spirit of PBN
//!   ([`Record::to_text`], [`record_text`]); [`Record::parse`] reads either;
//!   [`Record::replay`] rebuilds the game.
//! - [`cursor::ReplayCursor`]: a record step by step (forward, back, to a deal
//!   or a trick), with the state, the events, the counts and the comments.
//!
//! ```
//! use piquet_engine::{Deal, Rules, Seat, Action};
//! let mut deal = Deal::from_seed(Rules::classique(), Seat::B, 42).unwrap();
//! let elder = deal.elder();
//! let hand = deal.hand(elder);
//! let one = hand.lowest().unwrap();
//! let (next, events) = deal.apply(elder, Action::Discard(one.set())).unwrap();
//! assert!(!events.is_empty());
//! deal = next;
//! assert_eq!(deal.to_act(), Some(Seat::B));
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod action;
pub mod card;
pub mod combos;
pub mod cursor;
pub mod deal;
pub mod error;
pub mod event;
pub mod excerpt;
pub mod game;
pub mod localized;
pub mod observation;
pub mod phase;
pub mod random_play;
pub mod record;
pub mod record_error;
pub mod record_text;
pub mod rng;
pub mod rules;
pub mod seat;
pub mod setup;

pub use action::{Action, Answer, AnswerKind};
pub use card::{Card, CardSet, ParseCardError, Rank, Suit};
pub use deal::Deal;
pub use error::{IllegalAction, SetupProblem};
pub use event::{Claim, Event, EventSink, NoEvents, ScoreReason};
pub use excerpt::Excerpt;
pub use game::{
    Cut, CutError, DealResult, Game, GameObservation, GameStart, Outcome, StartError, StartProblem,
};
pub use localized::Localized;
pub use observation::{Observation, PublicDeclaration};
pub use phase::{Category, DealEnd, Phase};
pub use record::{CutTexts, Metadata, Record, Replay};
pub use record_error::{JsonPlace, JsonProblem, RecordError, TextKind, TextProblem};
pub use rng::SplitMix64;
pub use rules::{Rules, RulesProblem};
pub use seat::Seat;
pub use setup::{DealSetup, SetupError};

/// The former name of [`random_play`] (random legal decisions), kept so that
/// `piquet_engine::random::random_action` still works; [`rng`] is the generator.
pub use random_play as random;
