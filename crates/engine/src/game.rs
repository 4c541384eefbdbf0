//! Games and matches (RULES.md 9, Art. 19–20): the cut for the first dealer,
//! cent games with the stop during declarations, the match and its belle,
//! the Rubicon partie with its payoff, and Les Fâcheux's re-deal.

use crate::action::Action;
use crate::card::Card;
use crate::deal::Deal;
use crate::error::IllegalAction;
use crate::event::EventSink;
use crate::phase::DealEnd;
use crate::rules::{CutRule, Format, Rules};
use crate::seat::Seat;
use crate::setup::{DealSetup, SetupError};
use serde::{Deserialize, Serialize};

/// The cut for the first dealer (Art. 3; RULES.md 2, 11.6).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cut {
    /// The cards drawn by A and B, in order; equal ranks cut again, so only
    /// the last pair may differ in rank.
    pub draws: Vec<(Card, Card)>,
    /// Rubicon: whether the higher card chose to deal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub higher_deals: Option<bool>,
}

/// A cut that decides nothing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "problem")]
pub enum CutError {
    /// No draw, or the last draw is a tie.
    Undecided,
    /// A draw before the last is not a tie (it would have decided).
    DecidedEarly {
        /// Its index.
        index: usize,
    },
    /// The two cards of a draw are the same card.
    SameCard {
        /// Its index.
        index: usize,
    },
    /// Rubicon needs the higher card's choice; the classic cut has none.
    Choice,
}

impl core::fmt::Display for CutError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            CutError::Undecided => write!(f, "the cut is undecided (ties cut again)"),
            CutError::DecidedEarly { index } => {
                write!(f, "cut {index} decided already but more follow")
            }
            CutError::SameCard { index } => write!(f, "cut {index} draws the same card twice"),
            CutError::Choice => write!(
                f,
                "the higher card's choice is required under Rubicon, and only there"
            ),
        }
    }
}

impl Cut {
    /// The first dealer this cut gives under `rules`.
    pub fn dealer(&self, rules: &Rules) -> Result<Seat, CutError> {
        let n = self.draws.len();
        for (i, (a, b)) in self.draws.iter().enumerate() {
            if a == b {
                return Err(CutError::SameCard { index: i });
            }
            if i + 1 < n && a.rank() != b.rank() {
                return Err(CutError::DecidedEarly { index: i });
            }
        }
        let (a, b) = *self.draws.last().ok_or(CutError::Undecided)?;
        if a.rank() == b.rank() {
            return Err(CutError::Undecided);
        }
        let higher = if a.rank() > b.rank() {
            Seat::A
        } else {
            Seat::B
        };
        match (rules.cut, self.higher_deals) {
            (CutRule::LowerDeals, None) => Ok(higher.other()),
            (CutRule::HigherChooses, Some(true)) => Ok(higher),
            (CutRule::HigherChooses, Some(false)) => Ok(higher.other()),
            _ => Err(CutError::Choice),
        }
    }

    /// A cut drawn from a seed (the higher card, under Rubicon, chooses to deal).
    pub fn from_seed(rules: &Rules, seed: u64) -> Cut {
        let mut rng = crate::rng::SplitMix64::new(seed);
        let deck = rules.deck_cards();
        let mut draws = Vec::new();
        loop {
            let a = deck.nth(rng.below(deck.len() as u32) as usize);
            let rest = deck - a.map_or(crate::CardSet::EMPTY, |c| c.set());
            let b = rest.nth(rng.below(rest.len() as u32) as usize);
            let (Some(a), Some(b)) = (a, b) else { continue };
            draws.push((a, b));
            if a.rank() != b.rank() {
                break;
            }
        }
        let higher_deals = (rules.cut == CutRule::HigherChooses).then_some(rng.below(2) == 0);
        Cut {
            draws,
            higher_deals,
        }
    }
}

/// The result of one deal in a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct DealResult {
    /// Who dealt.
    pub dealer: Seat,
    /// Game (0-based) it belonged to.
    pub game: u8,
    /// Points, per seat index.
    pub points: [u16; 2],
    /// How it ended.
    pub end: DealEnd,
}

/// The end of the whole game or match. The games each seat won are not repeated here: they
/// are [`Game::games_won`], the one count kept (a Rubicon partie is one game, won by the
/// winner).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// The winner.
    pub winner: Seat,
    /// Rubicon: the winner's gain (100 + difference, or 100 + sum if rubiconed).
    pub payoff: Option<u16>,
    /// Rubicon: the loser did not reach 100.
    pub rubiconed: bool,
}

/// Where a game stood before a record's first deal, when the record does not start at the
/// beginning (a treatise's hand "to the score"): the totals brought forward, the number of the
/// next deal in its game and, for a cent match, the game and the games won. The dealer is the
/// cut's (alternating from the game's first deal), or stated (then the cut is empty).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameStart {
    /// The totals of the game (Rubicon: the partie) before the deal, per seat index.
    pub totals: [u16; 2],
    /// The number of the next deal in its game, from 1 (Rubicon: 1 to 6, or 7 and 8 after
    /// equal totals); abandoned deals are not counted.
    pub deal: u16,
    /// Cent: the game of the match, from 1 (the belle is game 3).
    #[serde(default = "first_game", skip_serializing_if = "is_first_game")]
    pub game: u8,
    /// Cent match: the games each seat has won before this one, per seat index.
    #[serde(default, skip_serializing_if = "is_no_game_won")]
    pub games_won: [u8; 2],
    /// Who deals the next deal, when it is stated rather than given by the cut.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dealer: Option<Seat>,
}

fn first_game() -> u8 {
    1
}

fn is_first_game(game: &u8) -> bool {
    *game == 1
}

fn is_no_game_won(won: &[u8; 2]) -> bool {
    *won == [0, 0]
}

/// The largest total a start may bring forward.
pub const MAX_START_TOTAL: u16 = 9_999;

/// Why a [`GameStart`] cannot be where a game stood.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "problem")]
pub enum StartProblem {
    /// The deal number is 0 (deals are counted from 1).
    DealZero,
    /// Before a game's first deal nothing is scored.
    TotalsBeforeFirstDeal {
        /// The totals stated.
        totals: [u16; 2],
    },
    /// A total above [`MAX_START_TOTAL`].
    TotalTooLarge {
        /// The total.
        total: u16,
    },
    /// A cent game already won: a total at or above the target (equal totals there are the
    /// extra deal, RULES.md 11.5).
    GameWon {
        /// The totals.
        totals: [u16; 2],
        /// The game's target.
        target: u16,
    },
    /// A Rubicon deal past the partie's deals that equal totals did not bring.
    PartieOver {
        /// The deal number.
        deal: u16,
        /// The partie's deals.
        deals: u8,
        /// The totals.
        totals: [u16; 2],
    },
    /// A game number, or games won, that the format does not have.
    BadGame {
        /// The game number stated.
        game: u8,
        /// The games won stated.
        games_won: [u8; 2],
    },
    /// The cut cannot say who deals in a later game of a match: the dealer must be stated.
    DealerNeeded,
    /// Both a cut and a dealer: the stated dealer needs an empty cut.
    CutAndDealer,
    /// A start in a record of a version before it (older readers would ignore it).
    OlderVersion {
        /// The record's version.
        version: u32,
    },
}

impl core::fmt::Display for StartProblem {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            StartProblem::DealZero => write!(f, "deals are counted from 1, not 0"),
            StartProblem::TotalsBeforeFirstDeal { totals: [a, b] } => write!(
                f,
                "totals {a} and {b} before the game's first deal: nothing is scored yet"
            ),
            StartProblem::TotalTooLarge { total } => {
                write!(f, "a total of {total} is above {MAX_START_TOTAL}")
            }
            StartProblem::GameWon {
                totals: [a, b],
                target,
            } => write!(f, "at {a} to {b} the game to {target} is already won"),
            StartProblem::PartieOver {
                deal,
                deals,
                totals: [a, b],
            } => write!(
                f,
                "no deal {deal} in a partie of {deals} deals at {a} to {b}: only equal totals bring two more deals"
            ),
            StartProblem::BadGame {
                game,
                games_won: [a, b],
            } => write!(
                f,
                "game {game} with games won {a} and {b} is not a game of these rules"
            ),
            StartProblem::DealerNeeded => write!(
                f,
                "in a later game of a match the cut does not say who deals: state the dealer"
            ),
            StartProblem::CutAndDealer => {
                write!(f, "the dealer is stated: the cut must then be empty")
            }
            StartProblem::OlderVersion { version } => write!(
                f,
                "a record with a start is version 4 or later, not {version}"
            ),
        }
    }
}

/// Why a game cannot start: its cut, or where it is said to stand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StartError {
    /// The cut decides nothing.
    Cut(CutError),
    /// The start is not a place the game could stand.
    Start(StartProblem),
}

/// A game or match in progress: the current deal and the score sheet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    start: Option<GameStart>,
    rules: Rules,
    dealer: Seat,
    totals: [u16; 2],
    games_won: [u8; 2],
    game: u8,
    deals_in_game: u16,
    extra_deal: bool,
    deal: Option<Deal>,
    results: Vec<DealResult>,
    outcome: Option<Outcome>,
}

impl Game {
    /// A new game after the cut.
    pub fn new(rules: Rules, cut: &Cut) -> Result<Game, CutError> {
        let dealer = cut.dealer(&rules)?;
        Ok(Game {
            start: None,
            rules,
            dealer,
            totals: [0; 2],
            games_won: [0; 2],
            game: 0,
            deals_in_game: 0,
            extra_deal: false,
            deal: None,
            results: Vec::new(),
            outcome: None,
        })
    }

    /// A game as it stood before a record's first deal ([`GameStart`]), or, with no start,
    /// [`Game::new`]. Every problem is named, never a panic.
    pub fn starting(
        rules: Rules,
        cut: &Cut,
        start: Option<&GameStart>,
    ) -> Result<Game, StartError> {
        let Some(start) = start else {
            return Game::new(rules, cut).map_err(StartError::Cut);
        };
        let bad = |p| Err(StartError::Start(p));
        if start.deal == 0 {
            return bad(StartProblem::DealZero);
        }
        if let Some(&total) = start.totals.iter().find(|&&t| t > MAX_START_TOTAL) {
            return bad(StartProblem::TotalTooLarge { total });
        }
        if start.deal == 1 && start.totals != [0, 0] {
            return bad(StartProblem::TotalsBeforeFirstDeal {
                totals: start.totals,
            });
        }
        let [a, b] = start.totals;
        let bad_game = StartProblem::BadGame {
            game: start.game,
            games_won: start.games_won,
        };
        let mut extra_deal = false;
        match rules.format {
            Format::Cent {
                target,
                match_play,
                belle_target,
            } => {
                let won = start.games_won;
                let games_ok = if match_play {
                    (1..=3).contains(&start.game)
                        && won[0] < 2
                        && won[1] < 2
                        && u16::from(won[0]) + u16::from(won[1]) + 1 == u16::from(start.game)
                } else {
                    start.game == 1 && won == [0, 0]
                };
                if !games_ok {
                    return bad(bad_game);
                }
                let target = if start.game == 3 {
                    belle_target
                } else {
                    target
                };
                if a >= target || b >= target {
                    if a != b {
                        return bad(StartProblem::GameWon {
                            totals: start.totals,
                            target,
                        });
                    }
                    extra_deal = true;
                }
            }
            Format::Rubicon { deals } => {
                if start.game != 1 || start.games_won != [0, 0] {
                    return bad(bad_game);
                }
                let done = start.deal - 1;
                if done >= u16::from(deals) && done % 2 == 0 && a != b {
                    return bad(StartProblem::PartieOver {
                        deal: start.deal,
                        deals,
                        totals: start.totals,
                    });
                }
            }
        }
        let dealer = match start.dealer {
            Some(d) if cut.draws.is_empty() && cut.higher_deals.is_none() => d,
            Some(_) => return bad(StartProblem::CutAndDealer),
            None if start.game > 1 => return bad(StartProblem::DealerNeeded),
            None => {
                let first = cut.dealer(&rules).map_err(StartError::Cut)?;
                if start.deal % 2 == 1 {
                    first
                } else {
                    first.other()
                }
            }
        };
        Ok(Game {
            start: Some(*start),
            rules,
            dealer,
            totals: start.totals,
            games_won: start.games_won,
            game: start.game - 1,
            deals_in_game: start.deal - 1,
            extra_deal,
            deal: None,
            results: Vec::new(),
            outcome: None,
        })
    }

    /// Where the game stood before its first recorded deal, when it did not start there.
    pub fn start(&self) -> Option<&GameStart> {
        self.start.as_ref()
    }

    /// The number, from 1, of the current deal in its game, or of the next one when none is
    /// in progress (abandoned deals are not counted).
    pub fn deal_number(&self) -> u16 {
        self.deals_in_game + 1
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }
    /// Who deals the current or next deal.
    pub fn dealer(&self) -> Seat {
        self.dealer
    }
    /// Totals of the current game (Rubicon: the partie), per seat index.
    pub fn totals(&self) -> [u16; 2] {
        self.totals
    }
    /// Games won, per seat index: the games of a cent match (Art. 19–20), or the partie of a
    /// Rubicon game once it is over. The only count of games won ([`Outcome`] has none).
    pub fn games_won(&self) -> [u8; 2] {
        self.games_won
    }
    /// The deal being played, if any.
    pub fn deal(&self) -> Option<&Deal> {
        self.deal.as_ref()
    }
    /// Every finished deal.
    pub fn results(&self) -> &[DealResult] {
        &self.results
    }
    /// The end, once reached.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }
    /// The current game's target (cent; the belle may differ).
    pub fn target(&self) -> Option<u16> {
        match self.rules.format {
            Format::Cent {
                target,
                belle_target,
                ..
            } => Some(if self.game == 2 { belle_target } else { target }),
            Format::Rubicon { .. } => None,
        }
    }
    /// A new deal is needed (none in progress, not over).
    pub fn needs_deal(&self) -> bool {
        self.deal.is_none() && self.outcome.is_none()
    }

    /// Starts the next deal from a layout; its dealer must be [`Game::dealer`].
    pub fn start_deal(&mut self, setup: DealSetup) -> Result<(), SetupError> {
        if !self.needs_deal() || setup.dealer != self.dealer {
            let expected = self.needs_deal().then_some(self.dealer);
            return Err(SetupError {
                problem: crate::SetupProblem::WrongDealer { expected },
                setup,
            });
        }
        let stop = match self.target() {
            Some(t) if !self.extra_deal => Some((t, self.totals)),
            _ => None,
        };
        self.deal = Some(Deal::with_stop(self.rules, setup, stop)?);
        Ok(())
    }

    /// Starts the next deal from a seed.
    pub fn start_deal_from_seed(&mut self, seed: u64) -> Result<(), SetupError> {
        self.start_deal(DealSetup::from_seed(&self.rules, self.dealer, seed))
    }

    /// Applies an action to the current deal; at its end, scores it and moves on.
    pub fn apply_with<E: EventSink>(
        &mut self,
        seat: Seat,
        action: Action,
        sink: &mut E,
    ) -> Result<(), IllegalAction> {
        let deal = self.deal.as_mut().ok_or(IllegalAction::DealOver)?;
        deal.apply_with(seat, action, sink)?;
        if let crate::Phase::Finished { end } = deal.phase() {
            let points = [deal.score(Seat::A), deal.score(Seat::B)];
            self.deal = None;
            self.end_deal(points, end);
        }
        Ok(())
    }

    fn end_deal(&mut self, points: [u16; 2], end: DealEnd) {
        self.results.push(DealResult {
            dealer: self.dealer,
            game: self.game,
            points,
            end,
        });
        if end == DealEnd::Abandoned {
            // RULES.md 11.8: the same dealer deals again.
            return;
        }
        self.totals[0] += points[0];
        self.totals[1] += points[1];
        self.deals_in_game += 1;
        self.dealer = self.dealer.other();
        match self.rules.format {
            Format::Cent { match_play, .. } => {
                let target = self.target().unwrap_or(100);
                let [a, b] = self.totals;
                let winner = match end {
                    DealEnd::Stopped { winner } => Some(winner),
                    _ if a >= target || b >= target => match a.cmp(&b) {
                        core::cmp::Ordering::Greater => Some(Seat::A),
                        core::cmp::Ordering::Less => Some(Seat::B),
                        core::cmp::Ordering::Equal => {
                            // RULES.md 11.5: one more deal, played out.
                            self.extra_deal = true;
                            None
                        }
                    },
                    _ => None,
                };
                if let Some(w) = winner {
                    self.games_won[w.index()] += 1;
                    let done = !match_play || self.games_won[w.index()] == 2;
                    if done {
                        self.outcome = Some(Outcome {
                            winner: w,
                            payoff: None,
                            rubiconed: false,
                        });
                    } else {
                        // Next game; the deal keeps alternating.
                        self.game += 1;
                        self.totals = [0; 2];
                        self.deals_in_game = 0;
                        self.extra_deal = false;
                    }
                }
            }
            Format::Rubicon { deals } => {
                let [a, b] = self.totals;
                if self.deals_in_game >= u16::from(deals) && self.deals_in_game % 2 == 0 && a != b {
                    let (w, hi, lo) = if a > b {
                        (Seat::A, a, b)
                    } else {
                        (Seat::B, b, a)
                    };
                    let rubiconed = lo < 100;
                    let payoff = if rubiconed {
                        100 + hi + lo
                    } else {
                        100 + hi - lo
                    };
                    // The partie is the one game: its winner has won it.
                    self.games_won[w.index()] += 1;
                    self.outcome = Some(Outcome {
                        winner: w,
                        payoff: Some(payoff),
                        rubiconed,
                    });
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random_play::random_action;
    use crate::rng::SplitMix64;

    fn c(s: &str) -> Card {
        s.parse().unwrap()
    }

    #[test]
    fn cuts() {
        let classic = Rules::classique();
        let cut = Cut {
            draws: vec![(c("KS"), c("KH")), (c("9S"), c("QD"))],
            higher_deals: None,
        };
        assert_eq!(cut.dealer(&classic), Ok(Seat::A), "the lower card deals");
        let tie = Cut {
            draws: vec![(c("KS"), c("KH"))],
            higher_deals: None,
        };
        assert_eq!(tie.dealer(&classic), Err(CutError::Undecided));
        let rub = Rules::rubicon();
        assert_eq!(cut.dealer(&rub), Err(CutError::Choice));
        let choose = Cut {
            higher_deals: Some(true),
            ..cut.clone()
        };
        assert_eq!(
            choose.dealer(&rub),
            Ok(Seat::B),
            "the higher card chose to deal"
        );
        for seed in 0..50 {
            for r in [classic, rub] {
                assert!(Cut::from_seed(&r, seed).dealer(&r).is_ok());
            }
        }
    }

    fn play_out(rules: Rules, seed: u64) -> Game {
        let mut g = Game::new(rules, &Cut::from_seed(&rules, seed)).unwrap();
        let mut rng = SplitMix64::new(seed);
        let mut buf = Vec::new();
        let mut n = 0;
        while g.outcome().is_none() {
            if g.needs_deal() {
                let s = rng.next_u64();
                g.start_deal_from_seed(s).unwrap();
                n += 1;
                assert!(n < 500);
            }
            let d = g.deal().unwrap();
            let (s, a) = random_action(d, &mut rng, &mut buf).unwrap();
            g.apply_with(s, a, &mut crate::NoEvents).unwrap();
        }
        g
    }

    #[test]
    fn whole_games_every_preset() {
        for (_, r) in Rules::ALL {
            for seed in 0..10 {
                let g = play_out(r, seed);
                let o = g.outcome().unwrap();
                match r.format {
                    Format::Cent { match_play, .. } => {
                        assert_eq!(
                            g.games_won()[o.winner.index()],
                            if match_play { 2 } else { 1 }
                        );
                        let last_game = g.results().last().unwrap().game;
                        let t: [u16; 2] = g
                            .results()
                            .iter()
                            .filter(|d| d.game == last_game)
                            .fold([0, 0], |t, d| [t[0] + d.points[0], t[1] + d.points[1]]);
                        assert_eq!(t, g.totals());
                        assert!(
                            t[o.winner.index()] > t[o.winner.other().index()]
                                || g.results().last().unwrap().end != DealEnd::Played
                        );
                    }
                    Format::Rubicon { .. } => {
                        let played = g.results().len();
                        assert!(played >= 6 && played % 2 == 0);
                        let [a, b] = g.totals();
                        let (hi, lo) = (a.max(b), a.min(b));
                        let p = o.payoff.unwrap();
                        // The partie is one game, counted once: by the game, for its winner.
                        let mut won = [0; 2];
                        won[o.winner.index()] = 1;
                        assert_eq!(g.games_won(), won);
                        assert_eq!(
                            p,
                            if lo < 100 {
                                100 + hi + lo
                            } else {
                                100 + hi - lo
                            }
                        );
                    }
                }
                // The deal alternates (abandoned deals are re-dealt by the same dealer).
                for w in g.results().windows(2) {
                    if w[0].end != DealEnd::Abandoned {
                        assert_ne!(w[0].dealer, w[1].dealer);
                    }
                }
            }
        }
    }

    #[test]
    fn match_and_belle() {
        let cut = Cut {
            draws: vec![(c("AS"), c("7H"))],
            higher_deals: None,
        };
        let mut g = Game::new(Rules::cent_cinquante(), &cut).unwrap();
        assert_eq!((g.dealer(), g.target()), (Seat::B, Some(150)));
        g.end_deal([150, 20], DealEnd::Played);
        assert_eq!(
            (g.games_won(), g.totals(), g.dealer()),
            ([1, 0], [0, 0], Seat::A)
        );
        g.end_deal([10, 160], DealEnd::Played);
        assert_eq!(g.games_won(), [1, 1]);
        assert_eq!(g.target(), Some(221), "the belle");
        g.end_deal([200, 0], DealEnd::Played);
        assert!(g.outcome().is_none(), "200 < 221");
        g.end_deal([30, 0], DealEnd::Played);
        assert_eq!(g.outcome().unwrap().winner, Seat::A);
        assert_eq!(g.games_won(), [2, 1]);
    }

    #[test]
    fn abandoned_deal_is_dealt_again_by_the_same_dealer() {
        let mut r = Rules::ancien();
        r.abandon = true;
        let cut = Cut {
            draws: vec![(c("AS"), c("7H"))],
            higher_deals: None,
        };
        let mut g = Game::new(r, &cut).unwrap();
        g.end_deal([0, 0], DealEnd::Abandoned);
        assert_eq!(g.dealer(), Seat::B);
        g.end_deal([10, 0], DealEnd::Played);
        assert_eq!(g.dealer(), Seat::A);
        for seed in 0..10 {
            let g = play_out(r, seed);
            for w in g.results().windows(2) {
                assert_eq!(w[0].end == DealEnd::Abandoned, w[0].dealer == w[1].dealer);
            }
        }
    }

    #[test]
    fn rubicon_payoff_examples() {
        let mut g = Game::new(
            Rules::rubicon(),
            &Cut {
                draws: vec![(c("AS"), c("7H"))],
                higher_deals: Some(false),
            },
        )
        .unwrap();
        assert_eq!(g.dealer(), Seat::B);
        for p in [[30, 10], [20, 5], [10, 10], [15, 0], [5, 5], [9, 9]] {
            g.end_deal(p, DealEnd::Played);
        }
        let o = g.outcome().unwrap();
        assert_eq!(
            (o.winner, o.payoff, o.rubiconed),
            (Seat::A, Some(100 + 89 + 39), true)
        );
    }

    fn start(totals: [u16; 2], deal: u16) -> GameStart {
        GameStart {
            totals,
            deal,
            game: 1,
            ..GameStart::default()
        }
    }

    fn refused(rules: Rules, cut: &Cut, s: GameStart) -> StartProblem {
        match Game::starting(rules, cut, Some(&s)) {
            Err(StartError::Start(p)) => p,
            other => panic!("{s:?} is not refused: {other:?}"),
        }
    }

    #[test]
    fn a_game_starts_where_it_stood() {
        let classic_cut = Cut {
            draws: vec![(c("AS"), c("7H"))],
            higher_deals: None,
        };
        let rub_cut = Cut {
            higher_deals: Some(false),
            ..classic_cut.clone()
        };
        let (classic, rub) = (Rules::classique(), Rules::rubicon());
        // The cut's dealer deals the game's first deal; the deal alternates from it.
        let g = Game::starting(rub, &rub_cut, Some(&start([74, 138], 6))).unwrap();
        assert_eq!(Game::new(rub, &rub_cut).unwrap().dealer(), Seat::B);
        assert_eq!(
            g.dealer(),
            Seat::A,
            "the sixth deal, the first dealer's opponent"
        );
        assert_eq!((g.totals(), g.deal_number()), ([74, 138], 6));
        assert_eq!(g.start(), Some(&start([74, 138], 6)));
        assert_eq!(g.observation(Seat::A).deals_done_in_game(), 5);
        // A stated dealer, with no cut.
        let empty = Cut {
            draws: vec![],
            higher_deals: None,
        };
        let stated = GameStart {
            dealer: Some(Seat::B),
            ..start([74, 138], 6)
        };
        assert_eq!(
            Game::starting(rub, &empty, Some(&stated)).unwrap().dealer(),
            Seat::B
        );
        assert_eq!(refused(rub, &rub_cut, stated), StartProblem::CutAndDealer);
        // No start: the game after the cut.
        assert_eq!(
            Game::starting(classic, &classic_cut, None).unwrap(),
            Game::new(classic, &classic_cut).unwrap()
        );
        assert_eq!(
            Game::starting(classic, &empty, None),
            Err(StartError::Cut(CutError::Undecided))
        );
        // Refusals, each named.
        assert_eq!(
            refused(rub, &rub_cut, start([0, 0], 0)),
            StartProblem::DealZero
        );
        assert_eq!(
            refused(rub, &rub_cut, start([3, 0], 1)),
            StartProblem::TotalsBeforeFirstDeal { totals: [3, 0] }
        );
        assert_eq!(
            refused(rub, &rub_cut, start([10_000, 0], 3)),
            StartProblem::TotalTooLarge { total: 10_000 }
        );
        assert_eq!(
            refused(classic, &classic_cut, start([101, 40], 4)),
            StartProblem::GameWon {
                totals: [101, 40],
                target: 100
            }
        );
        // Rubicon: a seventh deal only after equal totals, an eighth after a seventh.
        assert_eq!(
            refused(rub, &rub_cut, start([150, 120], 7)),
            StartProblem::PartieOver {
                deal: 7,
                deals: 6,
                totals: [150, 120]
            }
        );
        assert!(Game::starting(rub, &rub_cut, Some(&start([130, 130], 7))).is_ok());
        assert!(Game::starting(rub, &rub_cut, Some(&start([150, 120], 8))).is_ok());
        assert!(matches!(
            refused(rub, &rub_cut, start([150, 120], 9)),
            StartProblem::PartieOver { .. }
        ));
        let second = GameStart {
            game: 2,
            games_won: [1, 0],
            ..start([20, 30], 3)
        };
        assert!(matches!(
            refused(rub, &rub_cut, second),
            StartProblem::BadGame { .. }
        ));
        assert!(matches!(
            refused(Rules::ancien(), &classic_cut, second),
            StartProblem::BadGame { .. }
        ));
        // A match: the game and the games won agree; a later game states its dealer.
        let m = Rules::cent_cinquante();
        assert_eq!(refused(m, &classic_cut, second), StartProblem::DealerNeeded);
        let belle = GameStart {
            game: 3,
            games_won: [1, 1],
            dealer: Some(Seat::A),
            ..start([200, 30], 4)
        };
        let g = Game::starting(m, &empty, Some(&belle)).unwrap();
        assert_eq!((g.target(), g.games_won()), (Some(221), [1, 1]));
        assert!(matches!(
            refused(
                m,
                &empty,
                GameStart {
                    games_won: [2, 0],
                    ..belle
                }
            ),
            StartProblem::BadGame { .. }
        ));
        // Every problem says itself.
        assert!(StartProblem::DealerNeeded.to_string().contains("dealer"));
    }

    #[test]
    fn a_started_game_ends_as_one_played_there() {
        let cut = Cut {
            draws: vec![(c("AS"), c("7H"))],
            higher_deals: Some(false),
        };
        // The sixth deal of a partie, stated, ends it as the sixth deal reached by play does.
        let mut g = Game::starting(Rules::rubicon(), &cut, Some(&start([74, 138], 6))).unwrap();
        g.end_deal([40, 10], DealEnd::Played);
        let o = g.outcome().unwrap();
        assert_eq!(
            (o.winner, o.payoff, o.rubiconed),
            (Seat::B, Some(100 + 148 - 114), false)
        );
        // A cent game: the target reached by the deal's points ends it.
        let cut = Cut {
            higher_deals: None,
            ..cut
        };
        let mut g = Game::starting(Rules::ancien(), &cut, Some(&start([95, 90], 7))).unwrap();
        g.end_deal([10, 0], DealEnd::Played);
        assert_eq!(g.outcome().unwrap().winner, Seat::A);
        // A match: the game won, the next begins, from 0 and deal 1.
        let mut g = Game::starting(Rules::classique(), &cut, Some(&start([95, 90], 7))).unwrap();
        g.end_deal([0, 12], DealEnd::Played);
        assert_eq!(
            (g.games_won(), g.totals(), g.deal_number()),
            ([0, 1], [0, 0], 1)
        );
    }

    /// The cent stop (Art. 19–20) follows the start: at 99 each, the first point scored in the
    /// declarations stops the deal; at 100 each (equal totals at the target, RULES.md 11.5) the
    /// extra deal is played out.
    #[test]
    fn the_cent_stop_follows_the_start() {
        let mut r = Rules::classique();
        r.format = Format::Cent {
            target: 100,
            match_play: false,
            belle_target: 100,
        };
        let cut = Cut {
            draws: vec![(c("AS"), c("7H"))],
            higher_deals: None,
        };
        let mut stopped = 0;
        for seed in 0..20 {
            for (totals, stop) in [([99, 99], true), ([100, 100], false)] {
                let mut g = Game::starting(r, &cut, Some(&start(totals, 9))).unwrap();
                let mut rng = SplitMix64::new(seed);
                let mut buf = Vec::new();
                g.start_deal_from_seed(seed).unwrap();
                while g.deal().is_some() {
                    let (s, a) = random_action(g.deal().unwrap(), &mut rng, &mut buf).unwrap();
                    g.apply_with(s, a, &mut crate::NoEvents).unwrap();
                }
                let end = g.results()[0].end;
                if stop {
                    stopped += usize::from(matches!(end, DealEnd::Stopped { .. }));
                } else {
                    assert!(!matches!(end, DealEnd::Stopped { .. }), "{seed}");
                }
                assert!(g.outcome().is_some() || totals == [100, 100]);
            }
        }
        assert!(stopped >= 15, "{stopped} of 20 deals stopped at 99 each");
    }

    #[test]
    fn cent_equal_totals_extra_deal() {
        let mut r = Rules::classique();
        r.format = Format::Cent {
            target: 100,
            match_play: false,
            belle_target: 100,
        };
        let mut g = Game::new(
            r,
            &Cut {
                draws: vec![(c("AS"), c("7H"))],
                higher_deals: None,
            },
        )
        .unwrap();
        g.end_deal([100, 100], DealEnd::Played);
        assert!(g.outcome().is_none());
        assert!(g.extra_deal);
        g.end_deal([0, 5], DealEnd::Played);
        assert_eq!(g.outcome().unwrap().winner, Seat::B);
    }
}

/// One seat's view of the game: the score sheet and its view of the current deal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameObservation {
    /// Totals of the current game, per seat index.
    pub totals: [u16; 2],
    /// Games won, per seat index.
    pub games_won: [u8; 2],
    /// The current target (cent), if any.
    pub target: Option<u16>,
    /// Who deals the current or next deal.
    pub dealer: Seat,
    /// Finished deals.
    pub results: Vec<DealResult>,
    /// The deal in progress, as this seat sees it.
    pub deal: Option<crate::Observation>,
    /// The end, once reached.
    pub outcome: Option<Outcome>,
    /// Where the game stood before its first recorded deal, when it did not start there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<GameStart>,
}

impl GameObservation {
    /// A game with nothing scored yet, `dealer` to deal: before its first deal (`deal`
    /// `None`), or a deal seen on its own (analysis, tests, a bot asked about one deal).
    pub fn fresh(dealer: Seat, deal: Option<crate::Observation>) -> GameObservation {
        GameObservation {
            totals: [0, 0],
            games_won: [0, 0],
            target: None,
            dealer,
            results: Vec::new(),
            deal,
            outcome: None,
            start: None,
        }
    }

    /// The deals of the current game before the current one (or before the next, between
    /// deals), abandoned ones not counted: those brought forward by the start and those
    /// finished since.
    pub fn deals_done_in_game(&self) -> usize {
        let game = self.results.last().map(|r| r.game);
        let since = self
            .results
            .iter()
            .filter(|r| Some(r.game) == game && r.end != DealEnd::Abandoned)
            .count();
        let brought = self
            .start
            .filter(|s| game.is_none_or(|g| g + 1 == s.game))
            .map_or(0, |s| usize::from(s.deal - 1));
        since + brought
    }
}

impl Game {
    /// Everything `seat` may know of the game.
    pub fn observation(&self, seat: Seat) -> GameObservation {
        GameObservation {
            totals: self.totals,
            games_won: self.games_won,
            target: self.target(),
            dealer: self.dealer,
            results: self.results.clone(),
            deal: self.deal.as_ref().map(|d| d.observation(seat)),
            outcome: self.outcome,
            start: self.start,
        }
    }
}
