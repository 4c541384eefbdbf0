//! Piquet rules engine: cards, the rule set and its presets, the deal state
//! machine, games and matches, observations and records.
//!
//! The specification is `RULES.md` (mirrored in `docs/rules.md`); "Art. N"
//! in the code is article N of the French source text (seed 000).
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

pub mod card;
pub mod combos;
pub mod deal;
pub mod error;
pub mod event;
pub mod game;
pub mod observation;
pub mod random;
pub mod record;
pub mod rng;
pub mod rules;

pub use card::{Card, CardSet, ParseCardError, Rank, Suit};
pub use deal::{
    Action, Answer, AnswerKind, Category, Deal, DealEnd, DealSetup, Phase, Seat, SetupError,
};
pub use error::{IllegalAction, SetupProblem};
pub use event::{Claim, Event, EventSink, NoEvents, ScoreReason};
pub use game::{Cut, CutError, DealResult, Game, Outcome};
pub use observation::{Observation, PublicDeclaration};
pub use record::{Record, RecordError, Replay};
pub use rng::SplitMix64;
pub use rules::Rules;
