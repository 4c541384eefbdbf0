//! The embedded table's conversation with its host page, as effects: the host's messages
//! dispatched to the reducer, the errors it queued for the host posted, the frame's height and
//! the table's state reported.

use std::cell::RefCell;

use piquet_engine::Seat;
use piquet_engine::record_text::action_token;
use serde_json::json;
use yew::prelude::*;

use super::store::{Dispatch, EmbedStore};
use crate::components::replay::ReplayReport;
use crate::services::host;
use piquet_table::embed::{self, MessageError};
use piquet_table::embed_state::EmbedAction;
use piquet_table::i18n::Lang;
use piquet_table::problem::Problem;
use piquet_table::problem::daily::Duplicate;
use piquet_table::problem::solve::Judgement;
use piquet_table::session::Session;

/// Tells the host of a problem: `{"type": "error", "message": …}`, in the table's language.
pub fn tell_host(message: &str) {
    host::post("error", json!({ "message": message }));
}

thread_local! {
    /// The last `state` posted, for `getState`.
    static LAST_STATE: RefCell<Option<serde_json::Value>> = const { RefCell::new(None) };
    /// The light first stage's last `state`, until the viewer's first.
    static HEARD: RefCell<Option<serde_json::Value>> = const { RefCell::new(None) };
    /// What the host was told of the game on the table: its key, the actions of each deal,
    /// whether its last deal was over, whether the game was.
    static SEEN: RefCell<Option<Seen>> = const { RefCell::new(None) };
}

struct Seen {
    key: u32,
    actions: Vec<usize>,
    deal_over: bool,
    game_over: bool,
}

/// Posts a `state`, and keeps it for `getState`; not the one the light first stage posted last
/// when the viewer, handed the frame, opens where it stood ([`heard_already`]).
fn post_state(state: serde_json::Value) {
    LAST_STATE.with(|l| *l.borrow_mut() = Some(state.clone()));
    if HEARD.with(|h| h.borrow_mut().take()).as_ref() == Some(&state) {
        return;
    }
    host::post("state", state);
}

/// The last `state` the light first stage posted, which the host need not hear again from
/// the viewer it handed the frame to (its first report, at the same position).
pub fn heard_already(state: Option<serde_json::Value>) {
    LAST_STATE.with(|l| *l.borrow_mut() = state.clone());
    HEARD.with(|h| *h.borrow_mut() = state);
}

/// Answers `getState`: the last `state` again (or what the table is while it starts).
pub fn repost_state(mode: &str) {
    let last = LAST_STATE.with(|l| l.borrow().clone());
    host::post("state", last.unwrap_or_else(|| json!({ "mode": mode })));
}

/// The table switched between the viewer and a game: `mode`.
pub fn report_mode(mode: &str) {
    LAST_STATE.with(|l| *l.borrow_mut() = None);
    host::post("mode", json!({ "mode": mode }));
}

/// The viewer's position, for the host: `state` (with the phase, whose turn it is and the
/// commentary at the position, whichever record the viewer shows: the one the table opened or
/// one the host loaded), then `gameover` at the end of a game.
pub fn report_replay(r: &ReplayReport) {
    post_state(json!({
        "mode": "replay",
        "index": r.index,
        "length": r.len,
        "deal": r.deal + 1,
        "action": r.actions,
        "phase": r.phase,
        "turn": r.turn,
        "tricks": r.tricks,
        "seat": null,
        "players": r.players,
        "commentary": r.commentary,
        "scores": { "deal": r.deal_points, "game": r.totals, "totals": r.totals, "tricks": r.tricks },
    }));
    if let Some(winner) = r.game_over {
        host::post(
            "gameover",
            json!({ "mode": "replay", "winner": winner.map(|s| format!("{s:?}")), "totals": r.totals }),
        );
    }
}

/// The game on the table (drawn with `key`; the reader plays `seat`, in the record's
/// lettering, always seat A of the session), for the host: `state`, the reader's new
/// `decision`s, `dealOver` when a deal ends, `gameOver` (and the older `gameover`) once the
/// game is won.
pub fn report_game(s: &Session, key: u32, seat: Seat) {
    // The session's seat A is the reader: in the record's lettering, `seat`.
    let outer = |x: Seat| if seat == Seat::B { x.other() } else { x };
    let pair = |[a, b]: [u16; 2]| if seat == Seat::B { [b, a] } else { [a, b] };
    let game = s.game.as_ref();
    let view = s.view(Seat::A);
    let deal_points = pair(view.as_ref().map(|v| v.scores).unwrap_or([0, 0]));
    let totals = pair(game.map(|g| g.totals()).unwrap_or([0, 0]));
    let now = s.finished.as_ref().or_else(|| game.and_then(|g| g.deal()));
    let tricks = now.map_or([0, 0], |d| {
        let t = [d.tricks_won(Seat::A), d.tricks_won(Seat::B)];
        if seat == Seat::B { [t[1], t[0]] } else { t }
    });
    let deals = s.record.deals.len();
    let scores = json!({ "deal": deal_points, "game": totals, "totals": totals });
    post_state(json!({
        "mode": "play",
        "deal": deals,
        "phase": now.map(|d| embed::phase_id(d.phase())),
        "turn": now.and_then(|d| d.to_act()).map(|x| embed::seat_id(outer(x))),
        "tricks": tricks,
        "seat": embed::seat_id(seat),
        "players": s.record.meta.players.clone().map(|[a, b]| if seat == Seat::B { [b, a] } else { [a, b] }),
        "scores": scores,
    }));
    let actions: Vec<usize> = s.record.deals.iter().map(|d| d.actions.len()).collect();
    let deal_over = s.finished.is_some();
    let outcome = game.and_then(|g| g.outcome());
    let before = SEEN.with(|seen| {
        seen.borrow_mut().replace(Seen {
            key,
            actions: actions.clone(),
            deal_over,
            game_over: outcome.is_some(),
        })
    });
    // A game just put on the table: what it starts with was not decided now.
    let Some(before) = before.filter(|b| b.key == key) else {
        return;
    };
    for (d, deal) in s.record.deals.iter().enumerate() {
        let from = before.actions.get(d).copied().unwrap_or(0);
        for a in deal.actions.iter().skip(from).filter(|a| a.seat == Seat::A) {
            let token = action_token(a.seat, a.action);
            let notation = token.split_once(':').map_or(token.as_str(), |(_, t)| t);
            host::post(
                "decision",
                json!({ "decision": notation, "seat": embed::seat_id(seat), "deal": d + 1 }),
            );
        }
    }
    if deal_over && !before.deal_over {
        host::post("dealOver", json!({ "deal": deals, "scores": scores }));
    }
    if let Some(o) = outcome {
        let winner = embed::seat_id(outer(o.winner));
        host::post(
            "gameover",
            json!({ "mode": "play", "winner": winner, "totals": totals }),
        );
        if !before.game_over {
            host::post("gameOver", json!({ "winner": winner, "scores": scores }));
        }
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

/// `height=auto`: the height the table asks its host for (`resize`), by what it shows
/// (`kind`: `"replay"`, `"play"` or `"problem"`) and the frame's width ([`embed::auto_height_of`]): asked when
/// the table first shows something, again only when it switches between a game and a replay or
/// the frame's width changes, a quarter of a second after the last change, and never the same
/// height twice in a row (`asked`: the height asked before this table had the frame, by the
/// light stage that handed it over). The table fills whatever height the frame has.
#[hook]
pub fn use_auto_height(kind: Option<&'static str>, enabled: bool, asked: Option<u32>) {
    let last = use_mut_ref(|| asked);
    let timer = use_mut_ref(|| None::<gloo_timers::callback::Timeout>);
    let ask = {
        let last = last.clone();
        let timer = timer.clone();
        move |kind: &'static str| {
            let last = last.clone();
            *timer.borrow_mut() = Some(gloo_timers::callback::Timeout::new(250, move || {
                let width = web_sys::window()
                    .and_then(|w| w.inner_width().ok())
                    .and_then(|w| w.as_f64())
                    .unwrap_or(0.0);
                let height = embed::auto_height_of(kind, width);
                if *last.borrow() != Some(height) {
                    *last.borrow_mut() = Some(height);
                    host::post("resize", json!({ "height": height }));
                }
            }));
        }
    };
    use_effect_with(kind, move |kind| {
        let listener = web_sys::window()
            .filter(|_| enabled)
            .zip(*kind)
            .map(|(w, kind)| {
                ask(kind);
                gloo_events::EventListener::new(&w, "resize", move |_| ask(kind))
            });
        move || drop(listener)
    });
}

/// The reader's answer to a problem (`mode=problem`), for the host: a `decision` with the
/// action, whether it is accepted and its value (and the best's).
pub fn report_problem_decision(problem: &Problem, j: &Judgement) {
    let best = problem.answer.verdict.as_ref().map(|v| v.best.clone());
    host::post(
        "decision",
        json!({
            "decision": j.action,
            "seat": embed::seat_id(problem.seat),
            "problem": problem.id,
            "accepted": j.accepted,
            "value": j.value,
            "best": best,
            "bestValue": j.best,
        }),
    );
}

/// The deal of the day's comparison (`mode=daily`), for the host: a `daily` message with the
/// date, both scores (the reader's, Le Maître's in his seat), the difference of the margins and
/// the line to share (in the reader's language).
pub fn report_daily(d: &Duplicate, lang: Lang) {
    host::post(
        "daily",
        json!({
            "date": d.date.to_string(),
            "player": d.player,
            "master": d.master,
            "difference": d.difference(),
            "share": d.share_line(lang),
        }),
    );
}
