//! Decision times of the bots in a wasm32 host (Node or a browser). Build:
//! `cargo build --release -p piquet-ai --example wasm_decide --target wasm32-unknown-unknown`,
//! then run `node crates/ai/examples/wasm_decide.mjs <path to wasm_decide.wasm>`:
//! the script times each call of the exported `step` (the library has no clock).
//!
//! `start(seed, preset, level)` begins a whole game of the preset (index into
//! `Rules::ALL`) between `level` in seat A and the heuristic in seat B;
//! each `step()` makes one decision and returns, when it was the level's, the kind
//! of decision ([`KIND_EXCHANGE`], [`KIND_DECLARE`], [`KIND_PLAY`], [`KIND_OTHER`]),
//! 0 when it was the heuristic's, -1 once the game is over, -2 on an error.

use piquet_ai::{BotId, decide};
use piquet_engine::{Action, Cut, Game, NoEvents, Rules, Seat, SplitMix64};
use std::cell::RefCell;

/// A discard (the exchange, or a blind discard).
pub const KIND_EXCHANGE: i32 = 1;
/// A declaration or an answer, carte blanche included.
pub const KIND_DECLARE: i32 = 2;
/// A card played.
pub const KIND_PLAY: i32 = 3;
/// The leftover and the abandonment choices.
pub const KIND_OTHER: i32 = 4;

fn kind(action: &Action) -> i32 {
    match action {
        Action::Discard(_) => KIND_EXCHANGE,
        Action::Declare(_)
        | Action::Answer(_)
        | Action::AnnounceCarteBlanche(_)
        | Action::DeclareCarteBlanche => KIND_DECLARE,
        Action::Play(_) => KIND_PLAY,
        Action::ProposeAbandon(_)
        | Action::AcceptAbandon(_)
        | Action::LookAtLeftover(_)
        | Action::ExposeLeftover(_) => KIND_OTHER,
    }
}

struct State {
    game: Game,
    rng: SplitMix64,
    level: BotId,
}

thread_local! {
    static STATE: RefCell<Option<State>> = const { RefCell::new(None) };
}

/// Starts a game; returns 0, or -2 if the preset index is out of range.
#[unsafe(no_mangle)]
pub extern "C" fn start(seed: u32, preset: u32, level: u32) -> i32 {
    let Some(&(_, rules)) = Rules::ALL.get(preset as usize) else {
        return -2;
    };
    let Ok(game) = Game::new(rules, &Cut::from_seed(&rules, u64::from(seed))) else {
        return -2;
    };
    STATE.with(|s| {
        *s.borrow_mut() = Some(State {
            game,
            rng: SplitMix64::new(u64::from(seed) ^ 0xABCD),
            level: BotId::Level(level.clamp(1, 5) as u8),
        })
    });
    0
}

/// One decision (see the module docs).
#[unsafe(no_mangle)]
pub extern "C" fn step() -> i32 {
    STATE.with(|s| {
        let mut guard = s.borrow_mut();
        let Some(st) = guard.as_mut() else { return -2 };
        if st.game.outcome().is_some() {
            return -1;
        }
        if st.game.needs_deal() {
            let seed = st.rng.next_u64();
            if st.game.start_deal_from_seed(seed).is_err() {
                return -2;
            }
        }
        let Some(seat) = st.game.deal().and_then(|d| d.to_act()) else {
            return -2;
        };
        let bot = if seat == Seat::A {
            st.level
        } else {
            BotId::Heuristic
        };
        let view = st.game.observation(seat);
        let Ok(action) = decide(bot, &view, st.rng.next_u64()) else {
            return -2;
        };
        let kind = kind(&action);
        if st.game.apply_with(seat, action, &mut NoEvents).is_err() {
            return -2;
        }
        if seat == Seat::A { kind } else { 0 }
    })
}
