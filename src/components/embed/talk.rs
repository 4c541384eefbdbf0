//! The embedded table's conversation with its host page, as effects: the host's messages
//! dispatched to the reducer, the errors it queued for the host posted, the frame's height and
//! the table's state reported.

use piquet_engine::Seat;
use serde_json::json;
use yew::prelude::*;

use super::store::{Dispatch, EmbedStore};
use crate::components::replay::ReplayReport;
use crate::services::host;
use piquet_table::embed::{self, MessageError};
use piquet_table::embed_state::EmbedAction;
use piquet_table::session::Session;

/// Tells the host of a problem: `{"type": "error", "message": …}`, in the table's language.
pub fn tell_host(message: &str) {
    host::post("error", json!({ "message": message }));
}

/// The viewer's position, for the host: `state`, then `gameover` at the end of a game.
pub fn report_replay(r: &ReplayReport) {
    host::post(
        "state",
        json!({
            "mode": "replay",
            "index": r.index,
            "length": r.len,
            "deal": r.deal + 1,
            "action": r.actions,
            "players": r.players,
            "scores": { "deal": r.deal_points, "totals": r.totals, "tricks": r.tricks },
        }),
    );
    if let Some(winner) = r.game_over {
        host::post(
            "gameover",
            json!({ "mode": "replay", "winner": winner.map(|s| format!("{s:?}")), "totals": r.totals }),
        );
    }
}

/// The game on the table, for the host: `state`, then `gameover` once it is won.
pub fn report_game(s: &Session) {
    let game = s.game.as_ref();
    let deal = s.view(Seat::A).map(|v| v.scores).unwrap_or([0, 0]);
    let totals = game.map(|g| g.totals()).unwrap_or([0, 0]);
    host::post(
        "state",
        json!({ "mode": "play", "deal": s.record.deals.len(), "scores": { "deal": deal, "totals": totals } }),
    );
    if let Some(o) = game.and_then(|g| g.outcome()) {
        host::post(
            "gameover",
            json!({ "mode": "play", "winner": format!("{:?}", o.winner), "totals": totals }),
        );
    }
}

/// Messages from the host (when the table is shown at all): each is read and dispatched; a
/// bad one is refused by the reducer, which queues an `error` for the host.
#[hook]
pub fn use_host_messages(listen: bool, dispatch: Dispatch) {
    use_effect_with((), move |_| {
        let listener = web_sys::window().filter(|_| listen).map(|w| {
            gloo_events::EventListener::new(&w, "message", move |e| {
                let Some(e) = wasm_bindgen::JsCast::dyn_ref::<web_sys::MessageEvent>(e) else {
                    return;
                };
                let message = match host::read(e) {
                    host::Incoming::Foreign => Err(MessageError::Foreign),
                    host::Incoming::Malformed => Err(MessageError::NotData),
                    host::Incoming::Message(v) => embed::parse_message(&v),
                };
                dispatch.dispatch(EmbedAction::Host(message));
            })
        });
        move || drop(listener)
    });
}

/// Posts the errors the reducer queued for the host, in order, and says they were told.
#[hook]
pub fn use_host_errors(state: &UseReducerHandle<EmbedStore>) {
    let to_host = state.to_host.clone();
    let dispatch = state.dispatcher();
    use_effect_with(state.errors, move |_| {
        for (_, message) in &to_host {
            tell_host(message);
        }
        if let Some((last, _)) = to_host.last() {
            dispatch.dispatch(EmbedAction::Told(*last));
        }
    });
}

/// The height of the table's root, for the host to size the frame (`resize`).
#[hook]
pub fn use_height_report(root: NodeRef) {
    use_effect_with((), move |_| {
        if let Some(el) = root.cast::<web_sys::Element>() {
            host::watch_height(el, |h| host::post("resize", json!({ "height": h })));
        }
    });
}
