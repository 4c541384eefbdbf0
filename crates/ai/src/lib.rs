//! # piquet-ai
//!
//! The computer opponent of Piquet: bots that see only one seat's
//! observation (the engine's [`piquet_engine::GameObservation`]) and return
//! a decision the engine accepts, for every decision of the game — carte
//! blanche, how many and which cards to exchange, the leftover, every
//! declaration and answer, and each card. Underneath, an exact open-card
//! (perfect information) solver for the play of the cards.
//!
//! ## The bots
//!
//! - [`decide`]`(bot, view, seed)`: the action of [`BotId::Random`],
//!   [`BotId::Heuristic`] ("H", after Cavendish and Hoyle: elder takes all
//!   he may, every discard weighed on common draws of the talon, the dealer
//!   keeps his guards, both count the cards; [`heuristic`]) or [`BotId::Level`]
//!   1 to 5. Deterministic for a given observation and seed; an error
//!   ([`AiError`]), never a panic, when there is no deal, when it is not the
//!   seat's turn or when the observation cannot arise.
//! - Yardsticks, frozen: [`BotId::HeuristicV1`] (`heuristic-v1`, H as first
//!   measured, [`heuristic::v1`]) and [`BotId::MasterV1`] (`5-v1`,
//!   [`LevelSpec::MASTER_V1`]); every claim of strength is measured against
//!   them, and a test pins every decision they make.
//! - Levels are data ([`LevelSpec::LEVELS`]), each with a sentence saying
//!   what to expect of it ([`BotId::about`]): « Le Novice » / The Novice
//!   (H with human slips), « L'Habitué » / The Regular, « Le Fin Joueur » /
//!   The Sharp (each card worked out on one sampled world), « Le Stratège » /
//!   The Strategist (on two, weighed by inference from the opponent's
//!   choices), « Le Maître » / The Master (the expert: 80 worlds, the sampled
//!   exchange besides). The measures between them are in the README, "The
//!   computer opponent".
//! - The expert samples the unseen cards consistently with everything
//!   observed ([`sample::Knowledge`]: counts, shown cards, talon cards seen,
//!   voids, claims and answers) and weighs each world by how likely the
//!   opponent's choices were in it; solves every world exactly from the
//!   current trick (PIMC); ranks candidate discards on common worlds (a
//!   greedy play-out for all, the exact solver for the finalists on fresh
//!   worlds; the declarations on worlds of their own; H's discard kept
//!   unless another beats it by a standard error); reads the opponent's last
//!   card in the play; declares its best, sinking only where scoring would cost
//!   (the last deal of a lost, rubiconed partie). Budgets are numbers of
//!   worlds, never a clock.
//! - [`hint`]: the expert's choice with a one-line reason in French and
//!   English, in a player's words (the cards named, the action in the
//!   imperative); [`choose_to_deal`]: the higher cut's choice under Rubicon.
//! - [`review`]: the review of a deal of a record, decision by decision: the
//!   open-card value of every legal card, the expected value of each option
//!   from the seat's own view, the loss, a mark and a reason.
//!
//! The adapter from observations to solver positions is [`view`].
//!
//! ## The solver
//!
//! Its API speaks in the engine's cards ([`piquet_engine::Card`],
//! [`piquet_engine::CardSet`], [`piquet_engine::Suit`]); inside, the search
//! works on `u64` bit masks in the same encoding, converted once at each
//! entry point. [`PlayRules`] / [`PlayPosition`] carry exactly what the play needs
//! (RULES.md sections 7, 8 and 10). The library uses no clock, thread or OS
//! randomness, so it runs the same natively and in WebAssembly.
//!
//! ## Using it
//!
//! - [`PlayRules`]: the trick-point scheme ([`TrickPoints`]), last trick,
//!   cards, capot, the "no last trick with capot" option and pic; presets
//!   [`PlayRules::classique`], [`PlayRules::moderne`], [`PlayRules::rubicon`],
//!   [`PlayRules::ancien`], [`PlayRules::cent_cinquante`].
//! - [`PlayPosition`]: both hands, the leader, the card led (if any), the
//!   tricks won, the counts of the deal so far (for pic), whether pic is
//!   still open, the first-lead suit after a leftover look.
//!   [`PlayPosition::start`] builds the position of elder's first lead;
//!   [`PlayPosition::play`] plays a card and returns what it scores.
//! - [`Solver`]: make one per thread of work and keep it (its table is
//!   reused across solves and sampled worlds). [`Solver::solve`] gives the
//!   exact value (points minus the opponent's, from here to the end of the
//!   deal) for a chosen player; [`Solver::solve_all_moves`] the value of
//!   every legal card, which is what PIMC averages over worlds;
//!   [`Solver::reaches_all_moves`] only whether each card's value reaches a
//!   threshold (one null-window search per card: the score-aware play asks
//!   it of the own-points objective); [`Solver::best_moves`] the optimal cards.
//!
//! ## Speed
//!
//! `cargo run --release -p piquet-ai --example solve_bench -- 500 1` solves
//! full 12-trick positions of 500 random 32-card deals from an empty table.
//! On the development machine (shared, 2 cores) one value took, median /
//! 95th percentile: *classique* 2.3 / 6.7 ms (27,000 / 72,000 nodes),
//! *moderne* 0.8 / 1.9 ms, *150* 1.2 / 2.9 ms; the value of every legal card
//! (`solve_all_moves`) about twice as long.
//!
//! ```
//! use piquet_ai::{PlayPosition, PlayRules, Player, Solver};
//! use piquet_engine::{CardSet, Suit};
//! let rules = PlayRules::classique();
//! let sevens_and_eights: CardSet = "7S 8S 7H 8H".parse().unwrap();
//! // Elder: ♠ and ♥ from the nine up; the dealer: their sevens and eights
//! // and every diamond.
//! let spades_and_hearts = CardSet::suit_mask(Suit::Spades) | CardSet::suit_mask(Suit::Hearts);
//! let elder = spades_and_hearts & CardSet::DECK_32 - sevens_and_eights;
//! let dealer = sevens_and_eights | CardSet::suit_mask(Suit::Diamonds) & CardSet::DECK_32;
//! let position = PlayPosition::start([elder, dealer], [0, 0], &rules);
//! assert_eq!(position.validate(), Ok(()));
//! let mut solver = Solver::new();
//! let value = solver.solve(&position, &rules, Player::Elder);
//! // Elder leads his ten scoring cards and his two nines and wins every
//! // trick: 10 + 1 for the last trick + 40 for capot.
//! assert_eq!(value, 51);
//! let per_card = solver.solve_all_moves(&position, &rules, Player::Elder);
//! assert_eq!(per_card.iter().map(|&(_, v)| v).max(), Some(value));
//! ```

mod advice;
mod bot;
mod cards;
pub mod chances;
pub mod eval;
mod expert;
pub mod heuristic;
mod level;
mod player;
mod position;
pub mod review;
mod rules;
pub mod sample;
mod solver;
mod tt;
pub mod view;

pub use bot::{BotId, Hint, choose_to_deal, decide, decide_as, hint, seat_to_act};
pub use level::{AiError, ExchangeMethod, LevelSpec, PlayMethod, SampledExchange};

pub use piquet_engine::rules::TrickPoints;
pub use player::{Player, Points, margin};
pub use position::{PlayPosition, PositionError};
pub use rules::{Objective, PIC_BONUS, PIC_THRESHOLD, PlayRules};
pub use solver::{DEFAULT_TABLE_LOG2, Solver};
