//! A seat's chance of winning a cent game from the totals (RULES.md 9, Art. 19–20): what a deal
//! that does not end the game is worth to each player, so that a decision near the target can be
//! valued by the game it may win or lose rather than by the deal's margin.
//!
//! The model: the deals still to come are drawn from a fixed sample of deals of the same rules,
//! dealt from seeds and played out by the heuristic player for both seats ([`crate::heuristic`]),
//! each kept as four counts — what elder and the dealer had scored once elder had led to the
//! first trick (the declarations, the dealer's counted after that lead as Art. 14 has it, and
//! the point for leading) and at the deal's end. From totals `(a, b)` both below the target, with
//! `d` to deal, the chance is the mean over the sample of the deal's outcome:
//! - one player alone at or above the target after the declarations wins (the cent stop);
//! - otherwise, after the deal, one at or above the target wins, both: the higher total, equal
//!   totals one more deal, counted as an even chance;
//! - otherwise the chance from the new totals, the deal passing to the other player.
//!
//! Every deal scores at least the 12 tricks' points, so the recursion ends; it is solved once per
//! rule set and target, from the highest sums of totals down. The model ignores how the score
//! changes the way the deals to come are played, both reaching the target in the declarations of
//! one deal (the higher total is taken), and the games after this one in a match: it is the
//! chance of winning this game.

use crate::heuristic;
use piquet_engine::{Deal, DealSetup, NoEvents, Phase, Rules, Seat, SplitMix64};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

/// The number of deals sampled for the model.
pub const SAMPLE_DEALS: u64 = 1500;

/// The seed of the sample (fixed: the same chances on every machine).
const SAMPLE_SEED: u64 = 0xC3E7_5709_0D1A_2B4F;

/// One sampled deal's counts, elder's and the dealer's: after the first lead, at the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct DealCounts {
    declared: [u16; 2],
    end: [u16; 2],
}

/// The chances of winning a cent game of one rule set and target (see the module's docs).
#[derive(Debug)]
pub struct Chances {
    target: u16,
    /// Seat A's chance, indexed by the dealer (0: A deals, 1: B), then A's total, then B's.
    a_wins: [Vec<f64>; 2],
}

impl Chances {
    /// The chances for `rules` and a game to `target` (the sample played and the recursion
    /// solved; a few hundred milliseconds natively). Use [`Chances::of`] to share them.
    pub fn new(rules: Rules, target: u16) -> Chances {
        let sample = sample(rules);
        let t = usize::from(target);
        let mut a_wins = [vec![0.5; t * t], vec![0.5; t * t]];
        let total: f64 = sample.iter().map(|&(_, n)| n as f64).sum();
        // From the highest sum of totals down: every deal adds at least 12 points.
        for sum in (0..(2 * t).saturating_sub(1)).rev() {
            for a in sum.saturating_sub(t - 1)..=sum.min(t - 1) {
                let b = sum - a;
                for dealer in [Seat::A, Seat::B] {
                    let mut acc = 0.0;
                    for &(counts, n) in &sample {
                        acc += n as f64 * outcome(&a_wins, t, a, b, dealer, counts);
                    }
                    a_wins[dealer.index()][a * t + b] = acc / total;
                }
            }
        }
        Chances { target, a_wins }
    }

    /// The chances of `rules` to `target`, solved once per thread and kept.
    pub fn of(rules: Rules, target: u16) -> Rc<Chances> {
        thread_local! {
            static KEPT: RefCell<Vec<(Rules, Rc<Chances>)>> = const { RefCell::new(Vec::new()) };
        }
        KEPT.with(|kept| {
            if let Some((_, c)) = kept
                .borrow()
                .iter()
                .find(|(r, c)| *r == rules && c.target == target)
            {
                return Rc::clone(c);
            }
            let c = Rc::new(Chances::new(rules, target));
            kept.borrow_mut().push((rules, Rc::clone(&c)));
            c
        })
    }

    /// The target.
    pub fn target(&self) -> u16 {
        self.target
    }

    /// `seat`'s chance of winning, from 0 to 1, with the totals `totals` (seat A's, seat B's)
    /// after a deal and `dealer` to deal the next: 1 or 0 when the game is decided (one at or
    /// above the target; both: the higher total), an even chance on equal totals at or above it.
    pub fn win(&self, seat: Seat, totals: [u16; 2], dealer: Seat) -> f64 {
        let t = self.target;
        let [a, b] = totals;
        let a_wins = if a >= t || b >= t {
            decided(a, b)
        } else {
            self.a_wins[dealer.index()][usize::from(a) * usize::from(t) + usize::from(b)]
        };
        match seat {
            Seat::A => a_wins,
            Seat::B => 1.0 - a_wins,
        }
    }
}

/// Seat A's chance once one total is at or above the target.
fn decided(a: u16, b: u16) -> f64 {
    match a.cmp(&b) {
        std::cmp::Ordering::Greater => 1.0,
        std::cmp::Ordering::Less => 0.0,
        std::cmp::Ordering::Equal => 0.5,
    }
}

/// Seat A's chance after one sampled deal from totals `(a, b)` below the target `t`, `dealer`
/// dealing it.
fn outcome(
    a_wins: &[Vec<f64>; 2],
    t: usize,
    a: usize,
    b: usize,
    dealer: Seat,
    counts: DealCounts,
) -> f64 {
    // Seat A's and seat B's share of a count kept as (elder's, the dealer's).
    let split = |c: [u16; 2]| match dealer {
        Seat::A => (usize::from(c[1]), usize::from(c[0])),
        Seat::B => (usize::from(c[0]), usize::from(c[1])),
    };
    let (da, db) = split(counts.declared);
    let (sa, sb) = (a + da >= t, b + db >= t);
    if sa != sb {
        // The cent stop: one alone reached the target in the declarations.
        return if sa { 1.0 } else { 0.0 };
    }
    let (ea, eb) = split(counts.end);
    let (a2, b2) = (a + ea, b + eb);
    if a2 >= t || b2 >= t {
        return decided(a2 as u16, b2 as u16);
    }
    a_wins[dealer.other().index()][a2 * t + b2]
}

/// The sampled deals of `rules`, each distinct count with how often it came.
fn sample(rules: Rules) -> Vec<(DealCounts, u64)> {
    let mut rng = SplitMix64::new(SAMPLE_SEED);
    let mut seen: BTreeMap<DealCounts, u64> = BTreeMap::new();
    for k in 0..SAMPLE_DEALS {
        let dealer = if k % 2 == 0 { Seat::A } else { Seat::B };
        let setup = DealSetup::from_seed(&rules, dealer, rng.next_u64());
        if let Some(counts) = played(rules, setup) {
            *seen.entry(counts).or_default() += 1;
        }
    }
    seen.into_iter().collect()
}

/// One deal played out by the heuristic for both seats: its counts, or `None` if the heuristic
/// had no move (it always has one).
fn played(rules: Rules, setup: DealSetup) -> Option<DealCounts> {
    let dealer = setup.dealer;
    let elder = dealer.other();
    let mut deal = Deal::new(rules, setup).ok()?;
    let count = |d: &Deal| [d.score(elder), d.score(dealer)];
    let mut declared = None;
    for _ in 0..128 {
        if deal.is_over() {
            let end = count(&deal);
            return Some(DealCounts {
                declared: declared.unwrap_or(end),
                end,
            });
        }
        let seat = deal.to_act()?;
        let action = heuristic::decide(&deal.observation(seat))?;
        let leading = deal.phase() == Phase::Play && declared.is_none();
        deal.apply_with(seat, action, &mut NoEvents).ok()?;
        if leading {
            declared = Some(count(&deal));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chances_rise_with_ones_total_and_settle_at_the_target() {
        let c = Chances::of(Rules::classique(), 100);
        let win = |a, b| c.win(Seat::A, [a, b], Seat::B);
        // Level totals: about even; elder's deal (B deals, A is elder next) a little better.
        assert!((0.4..0.65).contains(&win(0, 0)), "{}", win(0, 0));
        assert!(win(0, 0) > c.win(Seat::A, [0, 0], Seat::A));
        // More points, better chances; fewer, worse.
        assert!(win(80, 40) > win(60, 40));
        assert!(win(60, 40) > win(40, 40));
        assert!(win(40, 80) < win(40, 60));
        assert!(win(95, 20) > 0.85, "{}", win(95, 20));
        assert!(win(20, 95) < 0.15, "{}", win(20, 95));
        // Decided totals.
        assert_eq!(win(104, 90), 1.0);
        assert_eq!(win(101, 120), 0.0);
        assert_eq!(win(110, 110), 0.5);
        // The two seats' chances make one.
        let (a, b) = (
            c.win(Seat::A, [70, 85], Seat::A),
            c.win(Seat::B, [70, 85], Seat::A),
        );
        assert!((a + b - 1.0).abs() < 1e-12);
    }

    #[test]
    fn the_sample_is_the_same_on_every_run() {
        let rules = Rules::classique();
        assert_eq!(sample(rules), sample(rules));
        let n: u64 = sample(rules).iter().map(|&(_, n)| n).sum();
        assert_eq!(n, SAMPLE_DEALS, "every sampled deal was played out");
    }
}
