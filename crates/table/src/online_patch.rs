//! A seat's next view as what changed since the last one it was sent: the game server's
//! `update` message (docs/server.md), which a client that asked for updates (`hello` with
//! `"updates": true`) receives instead of the whole `state` after each change.
//!
//! A patch is JSON, made by [`view_patch`] from the two views and applied by [`apply`]:
//!
//! - an object patches an object key by key: a key absent from the patch is unchanged, a key
//!   whose value is `null` is removed (an absent optional field reads as `None`), any other
//!   value patches the key's value;
//! - `{"+": [x, y]}` appends `x` and `y` to an array (the events said, the cards played, the
//!   deals finished grow this way);
//! - anything else replaces the value whole.
//!
//! The patch is made from the typed views, field by field (the fields that did not change cost
//! a comparison, not a serialisation), so that the server keeps the last view it sent each kind
//! of connection as it is, and writes only what changed.
//!
//! The view a client holds and the patches it receives are kept in order by one connection,
//! so the base of each update is the last view that connection got; [`Views`] keeps it and
//! turns each `update` back into the `state` it makes, so that what reads the messages sees
//! states only.

use piquet_engine::{GameObservation, Observation};
use serde::Serialize;
use serde_json::{Map, Value};

use crate::online::{PublicDeal, SeatView, ServerMessage};

/// The key of an append: `{"+": [...]}` extends the array it patches.
pub const APPEND: &str = "+";

/// The patch of one field: its new value whole, where it changed.
fn field<T: PartialEq + Serialize>(patch: &mut Map<String, Value>, name: &str, old: &T, new: &T) {
    if old != new {
        patch.insert(
            name.into(),
            serde_json::to_value(new).unwrap_or(Value::Null),
        );
    }
}

/// The patch of a list: what was added at its end, or the new list whole.
fn list<T: PartialEq + Serialize>(
    patch: &mut Map<String, Value>,
    name: &str,
    old: &[T],
    new: &[T],
) {
    if old == new {
        return;
    }
    let value = if !old.is_empty() && new.len() > old.len() && new[..old.len()] == *old {
        let mut append = Map::new();
        append.insert(
            APPEND.into(),
            serde_json::to_value(&new[old.len()..]).unwrap_or(Value::Null),
        );
        Value::Object(append)
    } else {
        serde_json::to_value(new).unwrap_or(Value::Null)
    };
    patch.insert(name.into(), value);
}

/// The patch of an object field: the object's own patch where both are there, else whole.
fn nested<T: PartialEq + Serialize>(
    patch: &mut Map<String, Value>,
    name: &str,
    old: &Option<T>,
    new: &Option<T>,
    inner: impl Fn(&T, &T) -> Map<String, Value>,
) {
    match (old, new) {
        (Some(o), Some(n)) if o != n => {
            patch.insert(name.into(), Value::Object(inner(o, n)));
        }
        _ => field(patch, name, old, new),
    }
}

/// The patch that turns the view `old` into `new` ([module docs](self)): an object, empty
/// when nothing changed.
pub fn view_patch(old: &SeatView, new: &SeatView) -> Value {
    // Every field named: a field added to the view and not patched does not compile.
    let SeatView {
        seat,
        rules,
        settings,
        names,
        game_number,
        stage,
        cut,
        deal_number,
        game,
        public,
        events,
        to_act,
        outcome,
        rematch,
        deadline_ms,
        timed_out,
        last_deal,
        highlights,
    } = new;
    let mut p = Map::new();
    field(&mut p, "seat", &old.seat, seat);
    field(&mut p, "rules", &old.rules, rules);
    field(&mut p, "settings", &old.settings, settings);
    field(&mut p, "names", &old.names, names);
    field(&mut p, "game_number", &old.game_number, game_number);
    field(&mut p, "stage", &old.stage, stage);
    field(&mut p, "cut", &old.cut, cut);
    field(&mut p, "deal_number", &old.deal_number, deal_number);
    nested(&mut p, "game", &old.game, game, game_patch);
    nested(&mut p, "public", &old.public, public, public_patch);
    list(&mut p, "events", &old.events, events);
    field(&mut p, "to_act", &old.to_act, to_act);
    field(&mut p, "outcome", &old.outcome, outcome);
    field(&mut p, "rematch", &old.rematch, rematch);
    field(&mut p, "deadline_ms", &old.deadline_ms, deadline_ms);
    field(&mut p, "timed_out", &old.timed_out, timed_out);
    field(&mut p, "last_deal", &old.last_deal, last_deal);
    list(&mut p, "highlights", &old.highlights, highlights);
    Value::Object(p)
}

/// What changed in what both seats were shown (a watcher's view of the deal).
fn public_patch(old: &PublicDeal, new: &PublicDeal) -> Map<String, Value> {
    let PublicDeal {
        dealer,
        phase,
        to_act,
        shown,
        leftover_exposed,
        plays,
        declarations,
        carte_blanche,
        scores,
        tricks_won,
        hand_len,
        discards_len,
        talon_left,
        announced_lead_suit,
    } = new;
    let mut p = Map::new();
    field(&mut p, "dealer", &old.dealer, dealer);
    field(&mut p, "phase", &old.phase, phase);
    field(&mut p, "to_act", &old.to_act, to_act);
    field(&mut p, "shown", &old.shown, shown);
    field(
        &mut p,
        "leftover_exposed",
        &old.leftover_exposed,
        leftover_exposed,
    );
    list(&mut p, "plays", &old.plays, plays);
    field(&mut p, "declarations", &old.declarations, declarations);
    field(&mut p, "carte_blanche", &old.carte_blanche, carte_blanche);
    field(&mut p, "scores", &old.scores, scores);
    field(&mut p, "tricks_won", &old.tricks_won, tricks_won);
    field(&mut p, "hand_len", &old.hand_len, hand_len);
    field(&mut p, "discards_len", &old.discards_len, discards_len);
    field(&mut p, "talon_left", &old.talon_left, talon_left);
    field(
        &mut p,
        "announced_lead_suit",
        &old.announced_lead_suit,
        announced_lead_suit,
    );
    p
}

/// What changed in a seat's view of the game.
fn game_patch(old: &GameObservation, new: &GameObservation) -> Map<String, Value> {
    let GameObservation {
        totals,
        games_won,
        target,
        dealer,
        results,
        deal,
        outcome,
        start,
    } = new;
    let mut p = Map::new();
    field(&mut p, "totals", &old.totals, totals);
    field(&mut p, "games_won", &old.games_won, games_won);
    field(&mut p, "target", &old.target, target);
    field(&mut p, "dealer", &old.dealer, dealer);
    list(&mut p, "results", &old.results, results);
    nested(&mut p, "deal", &old.deal, deal, deal_patch);
    field(&mut p, "outcome", &old.outcome, outcome);
    field(&mut p, "start", &old.start, start);
    p
}

/// What changed in a seat's view of the deal.
fn deal_patch(old: &Observation, new: &Observation) -> Map<String, Value> {
    let Observation {
        seat,
        rules,
        dealer,
        phase,
        to_act,
        hand,
        discards,
        talon_seen,
        opponent_shown,
        opponent_voids,
        plays,
        declarations,
        carte_blanche,
        scores,
        tricks_won,
        opponent_hand_len,
        opponent_discards_len,
        talon_left,
        announced_lead_suit,
        discard_limits,
        legal_actions,
    } = new;
    let mut p = Map::new();
    field(&mut p, "seat", &old.seat, seat);
    field(&mut p, "rules", &old.rules, rules);
    field(&mut p, "dealer", &old.dealer, dealer);
    field(&mut p, "phase", &old.phase, phase);
    field(&mut p, "to_act", &old.to_act, to_act);
    field(&mut p, "hand", &old.hand, hand);
    field(&mut p, "discards", &old.discards, discards);
    field(&mut p, "talon_seen", &old.talon_seen, talon_seen);
    field(
        &mut p,
        "opponent_shown",
        &old.opponent_shown,
        opponent_shown,
    );
    field(
        &mut p,
        "opponent_voids",
        &old.opponent_voids,
        opponent_voids,
    );
    list(&mut p, "plays", &old.plays, plays);
    field(&mut p, "declarations", &old.declarations, declarations);
    field(&mut p, "carte_blanche", &old.carte_blanche, carte_blanche);
    field(&mut p, "scores", &old.scores, scores);
    field(&mut p, "tricks_won", &old.tricks_won, tricks_won);
    field(
        &mut p,
        "opponent_hand_len",
        &old.opponent_hand_len,
        opponent_hand_len,
    );
    field(
        &mut p,
        "opponent_discards_len",
        &old.opponent_discards_len,
        opponent_discards_len,
    );
    field(&mut p, "talon_left", &old.talon_left, talon_left);
    field(
        &mut p,
        "announced_lead_suit",
        &old.announced_lead_suit,
        announced_lead_suit,
    );
    field(
        &mut p,
        "discard_limits",
        &old.discard_limits,
        discard_limits,
    );
    field(&mut p, "legal_actions", &old.legal_actions, legal_actions);
    p
}

/// Whether `patch` is an append (`{"+": [...]}`), and its items.
fn appended(patch: &Value) -> Option<&Vec<Value>> {
    match patch {
        Value::Object(m) if m.len() == 1 => m.get(APPEND)?.as_array(),
        _ => None,
    }
}

/// Applies `patch` ([`view_patch`]'s) to `base`; a patch that does not fit (an append to what
/// is not an array) is named, and `base` is then partly patched: the caller drops it.
pub fn apply(base: &mut Value, patch: &Value) -> Result<(), String> {
    if let Some(items) = appended(patch) {
        return match base {
            Value::Array(a) => {
                a.extend(items.iter().cloned());
                Ok(())
            }
            _ => Err("an append to what is not a list".into()),
        };
    }
    match (base, patch) {
        (Value::Object(b), Value::Object(p)) => {
            for (k, pv) in p {
                if pv.is_null() {
                    b.remove(k);
                    continue;
                }
                let append = appended(pv).is_some();
                match b.get_mut(k) {
                    Some(bv) if append || (bv.is_object() && pv.is_object()) => {
                        apply(bv, pv).map_err(|e| format!("{k}: {e}"))?;
                    }
                    Some(bv) => *bv = pv.clone(),
                    None if append => return Err(format!("{k}: an append to nothing")),
                    None => {
                        b.insert(k.clone(), pv.clone());
                    }
                }
            }
            Ok(())
        }
        (b, p) => {
            *b = p.clone();
            Ok(())
        }
    }
}

/// The last view a connection received (as JSON, with its version), to which the server's
/// updates apply.
#[derive(Clone, Debug, Default)]
pub struct Views {
    last: Option<(u64, Value)>,
}

impl Views {
    /// Reads a message of the server: an `update` becomes the `state` it makes of the last
    /// view; a `state` is kept as the next base. What cannot be read is named (its first
    /// characters and the reason), never a panic; an update whose base is not the view held
    /// (which one connection never sends) is named too, and the view held is dropped: the
    /// client reconnects for a whole state.
    pub fn read(&mut self, text: &str) -> Result<ServerMessage, String> {
        let named =
            |e: &dyn std::fmt::Display| format!("{} ({e})", piquet_engine::Excerpt::of(text));
        let mut value: Value = serde_json::from_str(text).map_err(|e| named(&e))?;
        match value.get("type").and_then(Value::as_str) {
            Some("state") => {
                let seq = value.get("seq").and_then(Value::as_u64);
                let view = value.get_mut("view").map(Value::take);
                let (Some(seq), Some(view)) = (seq, view) else {
                    return Err(named(&"a state without its version or view"));
                };
                let typed = SeatView::deserialize_from(&view).map_err(|e| named(&e))?;
                self.last = Some((seq, view));
                Ok(ServerMessage::State {
                    seq,
                    view: Box::new(typed),
                })
            }
            Some("update") => {
                let seq = value.get("seq").and_then(Value::as_u64);
                let base = value.get("base").and_then(Value::as_u64);
                let (Some(seq), Some(base), Some(patch)) = (seq, base, value.get("patch")) else {
                    return Err(named(&"an update without its versions or patch"));
                };
                let Some((held, mut view)) = self.last.take() else {
                    return Err(named(&"an update before any state"));
                };
                if held != base {
                    return Err(named(&format!(
                        "an update of version {base}, the view held is version {held}"
                    )));
                }
                apply(&mut view, patch).map_err(|e| named(&e))?;
                let typed = SeatView::deserialize_from(&view).map_err(|e| named(&e))?;
                self.last = Some((seq, view));
                Ok(ServerMessage::State {
                    seq,
                    view: Box::new(typed),
                })
            }
            _ => serde_json::from_value(value).map_err(|e| named(&e)),
        }
    }
}

impl SeatView {
    /// A view read from its JSON value.
    fn deserialize_from(value: &Value) -> Result<SeatView, serde_json::Error> {
        serde::Deserialize::deserialize(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::online::{RoomFacts, RoomSettings};
    use crate::session::testing::config;
    use crate::session::{Opponent, Session};
    use piquet_engine::random::random_action;
    use piquet_engine::{Rules, Seat, SplitMix64};
    use serde_json::json;

    #[test]
    fn a_patch_applies_key_by_key_appends_and_replaces() {
        let mut v = json!({"a": 1, "b": [1, 2], "c": {"x": 1, "y": 2}, "d": "keep", "e": [3]});
        let patch = json!({"a": 2, "b": {"+": [3, 4]}, "c": {"y": null, "z": true}, "e": [4]});
        apply(&mut v, &patch).unwrap();
        assert_eq!(
            v,
            json!({"a": 2, "b": [1, 2, 3, 4], "c": {"x": 1, "z": true}, "d": "keep", "e": [4]})
        );
        // An object where there was none is set whole; an empty patch changes nothing.
        apply(&mut v, &json!({"n": {"k": null}})).unwrap();
        assert_eq!(v["n"], json!({"k": null}));
        let before = v.clone();
        apply(&mut v, &json!({})).unwrap();
        assert_eq!(v, before);
        // An append to what is not a list, or to nothing, is named.
        let mut v = json!({"l": 3});
        assert!(apply(&mut v, &json!({"l": {"+": [1]}})).is_err());
        assert!(apply(&mut v, &json!({"m": {"+": [1]}})).is_err());
    }

    /// Over whole games of every preset, each seat's (and a watcher's) every view patched from
    /// the one before is the view itself, and the patches are a small part of the views.
    #[test]
    fn every_view_of_whole_games_is_its_predecessor_patched() {
        let (mut whole, mut patched) = (0usize, 0usize);
        for (i, preset) in Rules::IDS.iter().enumerate() {
            let room = RoomFacts {
                settings: RoomSettings {
                    preset: (*preset).into(),
                    format: None,
                    custom_rules: None,
                    watchers: true,
                    move_limit_secs: Some(60),
                },
                names: [Some("Alice".into()), Some("Bob".into())],
                game_number: 1,
                rematch: [false; 2],
                deadline_ms: Some(1_000),
                timed_out: [0, 1],
            };
            let mut s = Session::new(config(preset, Opponent::Human, 90 + i as u64)).unwrap();
            let mut rng = SplitMix64::new(i as u64);
            let mut buf = Vec::new();
            let mut views: [Views; 3] = Default::default();
            let mut last: [Option<SeatView>; 3] = Default::default();
            for seq in 0.. {
                for (k, seat) in [Some(Seat::A), Some(Seat::B), None].into_iter().enumerate() {
                    let view = SeatView::of(&s, seat, &room);
                    let text = match &last[k] {
                        None => json!({"type": "state", "seq": seq, "view": view}).to_string(),
                        Some(old) => {
                            let patch = view_patch(old, &view);
                            json!({"type": "update", "seq": seq, "base": seq - 1, "patch": patch})
                                .to_string()
                        }
                    };
                    whole += serde_json::to_string(&view).unwrap().len();
                    patched += text.len();
                    match views[k].read(&text).unwrap() {
                        ServerMessage::State {
                            seq: got,
                            view: back,
                        } => {
                            assert_eq!(got, seq);
                            assert_eq!(*back, view, "{preset} {seat:?} version {seq}");
                        }
                        other => panic!("{other:?}"),
                    }
                    last[k] = Some(view);
                }
                if s.cut_chooser().is_some() {
                    s.choose_dealer(true).unwrap();
                    continue;
                }
                if s.game.as_ref().unwrap().outcome().is_some() {
                    break;
                }
                if s.needs_deal() {
                    s.deal_next();
                    continue;
                }
                let deal = *s.game.as_ref().unwrap().deal().unwrap();
                let (seat, action) = random_action(&deal, &mut rng, &mut buf).unwrap();
                s.apply(seat, action).unwrap();
            }
        }
        // The patches, their messages included, are a fraction of the whole views.
        assert!(
            patched * 3 < whole,
            "{patched} bytes of updates for {whole} of views"
        );
        println!("updates: {patched} bytes where whole views were {whole}");
    }

    #[test]
    fn an_update_without_its_base_is_named_and_other_messages_read_as_they_are() {
        let mut views = Views::default();
        let err = views
            .read(r#"{"type":"update","seq":3,"base":2,"patch":{}}"#)
            .unwrap_err();
        assert!(err.contains("before any state"), "{err}");
        assert_eq!(
            views.read(r#"{"type":"ack","seq":4}"#).unwrap(),
            ServerMessage::Ack { seq: 4 }
        );
        assert!(views.read("{oops").is_err());
        // An update whose base is not the view held is named, and the view dropped.
        let s = Session::new(config("classique", Opponent::Human, 1)).unwrap();
        let room = RoomFacts {
            settings: RoomSettings {
                preset: "classique".into(),
                format: None,
                custom_rules: None,
                watchers: false,
                move_limit_secs: None,
            },
            names: [Some("Alice".into()), None],
            game_number: 1,
            rematch: [false; 2],
            deadline_ms: None,
            timed_out: [0; 2],
        };
        let view = SeatView::of(&s, Some(Seat::A), &room);
        let state = json!({"type": "state", "seq": 5, "view": view}).to_string();
        assert!(matches!(
            views.read(&state),
            Ok(ServerMessage::State { seq: 5, .. })
        ));
        let err = views
            .read(r#"{"type":"update","seq":4,"base":3,"patch":{}}"#)
            .unwrap_err();
        assert!(
            err.contains("version 3, the view held is version 5"),
            "{err}"
        );
        assert!(
            views
                .read(r#"{"type":"update","seq":6,"base":5,"patch":{}}"#)
                .is_err()
        );
        assert!(views.read(r#"{"type":"shout"}"#).is_err());
    }
}
