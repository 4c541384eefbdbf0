//! Random play: a uniformly random legal decision, or a whole deal of them, for simulation,
//! benchmarks and tests (the generator itself is [`crate::rng`]).

use crate::action::Action;
use crate::card::CardSet;
use crate::deal::Deal;
use crate::rng::SplitMix64;
use crate::seat::Seat;

/// Picks a random legal decision for the player to act (`None` when the deal is
/// over). Discards are random subsets of a random legal size; `buf` is reused.
pub fn random_action(
    deal: &Deal,
    rng: &mut SplitMix64,
    buf: &mut Vec<Action>,
) -> Option<(Seat, Action)> {
    let seat = deal.to_act()?;
    let plays = deal.legal_plays();
    if !plays.is_empty() {
        let c = plays.nth(rng.below(plays.len() as u32) as usize)?;
        return Some((seat, Action::Play(c)));
    }
    deal.legal_actions(buf);
    if let Some((lo, hi)) = deal.discard_limits() {
        if buf.is_empty() || rng.below(2) == 0 {
            let k = lo + rng.below(u32::from(hi - lo) + 1) as u8;
            let mut from = deal.hand(seat);
            let mut out = CardSet::EMPTY;
            for _ in 0..k {
                let c = from.nth(rng.below(from.len() as u32) as usize)?;
                from.remove(c);
                out.insert(c);
            }
            return Some((seat, Action::Discard(out)));
        }
    }
    let n = buf.len() as u32;
    (n > 0).then(|| (seat, buf[rng.below(n) as usize]))
}

/// Plays a whole deal from a seed with random legal decisions; returns the final state.
pub fn random_deal(deal: Deal, rng: &mut SplitMix64, buf: &mut Vec<Action>) -> Deal {
    let mut d = deal;
    while let Some((s, a)) = random_action(&d, rng, buf) {
        if d.apply_with(s, a, &mut crate::event::NoEvents).is_err() {
            break;
        }
    }
    d
}

/// A whole game (or partie, or match) under `rules` from random legal decisions, recorded: the
/// cut and every deal's layout and actions drawn from `seed`, so the same record on every
/// machine. For tests, benchmarks and examples that need a finished record.
pub fn random_record(rules: crate::Rules, seed: u64) -> crate::Record {
    use crate::record::{DealRecord, RecordedAction};
    let cut = crate::Cut::from_seed(&rules, seed);
    let mut record = crate::Record::new(rules, cut.clone());
    let Ok(mut game) = crate::Game::new(rules, &cut) else {
        return record;
    };
    let mut rng = SplitMix64::new(seed);
    let mut buf = Vec::new();
    while game.outcome().is_none() {
        if game.needs_deal() {
            let layout = crate::DealSetup::from_seed(&rules, game.dealer(), rng.next_u64());
            if game.start_deal(layout.clone()).is_err() {
                break;
            }
            record.deals.push(DealRecord {
                layout,
                seed: None,
                actions: Vec::new(),
            });
        }
        let Some((seat, action)) = game
            .deal()
            .and_then(|d| random_action(d, &mut rng, &mut buf))
        else {
            break;
        };
        if game.apply_with(seat, action, &mut crate::NoEvents).is_err() {
            break;
        }
        if let Some(d) = record.deals.last_mut() {
            d.actions.push(RecordedAction::new(seat, action));
        }
    }
    record
}
