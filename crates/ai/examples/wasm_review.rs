//! Review times of whole deals in a wasm32 host (Node or a browser). Build:
//! `cargo build --release -p piquet-ai --example wasm_review --target wasm32-unknown-unknown`,
//! then run `node crates/ai/examples/wasm_review.mjs <path to wasm_review.wasm>`:
//! the script times each call of the exported `review` (the library has no clock).
//!
//! `prepare(seed, preset)` plays one whole deal of the preset (index into
//! `Rules::ALL`) between the Regular (level 2, seat A) and the Sharp (level 3,
//! seat B) and keeps it as a record; `review(seats)` reviews that deal with
//! [`Budget::STANDARD`] for seat A (`seats` 0), seat B (1) or both (2), as
//! the web worker does, and returns the number of decisions reviewed. Both
//! return -2 on an error.

use piquet_ai::review::{Budget, ReviewConfig, review_deal};
use piquet_ai::{BotId, decide};
use piquet_engine::record::{DealRecord, RecordedAction};
use piquet_engine::{Cut, DealSetup, Game, NoEvents, Record, Rules, Seat, SplitMix64};
use std::cell::RefCell;

thread_local! {
    static RECORD: RefCell<Option<Record>> = const { RefCell::new(None) };
}

/// Plays one deal (see the module docs); returns its number of actions.
#[unsafe(no_mangle)]
pub extern "C" fn prepare(seed: u32, preset: u32) -> i32 {
    let Some(&(_, rules)) = Rules::ALL.get(preset as usize) else {
        return -2;
    };
    let cut = Cut::from_seed(&rules, u64::from(seed));
    let Ok(mut game) = Game::new(rules, &cut) else {
        return -2;
    };
    let mut rng = SplitMix64::new(u64::from(seed) ^ 0x0DEA1);
    let deal_seed = rng.next_u64();
    let layout = DealSetup::from_seed(&rules, game.dealer(), deal_seed);
    if game.start_deal(layout.clone()).is_err() {
        return -2;
    }
    let mut actions = Vec::new();
    while let Some(seat) = game.deal().and_then(|d| d.to_act()) {
        let bot = if seat == Seat::A {
            BotId::Level(2)
        } else {
            BotId::Level(3)
        };
        let Ok(action) = decide(bot, &game.observation(seat), rng.next_u64()) else {
            return -2;
        };
        if game.apply_with(seat, action, &mut NoEvents).is_err() {
            return -2;
        }
        actions.push(RecordedAction::new(seat, action));
    }
    let n = actions.len() as i32;
    let mut record = Record::new(rules, cut);
    record.deals.push(DealRecord {
        layout,
        seed: Some(deal_seed),
        actions,
    });
    RECORD.with(|r| *r.borrow_mut() = Some(record));
    n
}

/// Reviews the prepared deal (see the module docs).
#[unsafe(no_mangle)]
pub extern "C" fn review(seats: u32) -> i32 {
    let seat = match seats {
        0 => Some(Seat::A),
        1 => Some(Seat::B),
        _ => None,
    };
    RECORD.with(|r| {
        let guard = r.borrow();
        let Some(record) = guard.as_ref() else {
            return -2;
        };
        let config = ReviewConfig {
            seat,
            budget: Budget::STANDARD,
            ..ReviewConfig::default()
        };
        match review_deal(record, 0, &config, &mut |_, _| {}) {
            Ok(r) => r.decisions.len() as i32,
            Err(_) => -2,
        }
    })
}
