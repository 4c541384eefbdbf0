//! A seat's next view as what changed since the last one it was sent: the game server's
//! `update` message (docs/server.md), which a client that asked for updates (`hello` with
//! `"updates": true`) receives instead of the whole `state` after each change.
//!
//! A patch is JSON, made by [`diff`] of the two views' JSON and applied by [`apply`]:
//!
//! - an object patches an object key by key: a key absent from the patch is unchanged, a key
//!   whose value is `null` is removed (an absent optional field reads as `None`), any other
//!   value patches the key's value;
//! - `{"+": [x, y]}` appends `x` and `y` to an array (the events said, the cards played, the
//!   deals finished grow this way);
//! - anything else replaces the value whole.
//!
//! The view a client holds and the patches it receives are kept in order by one connection,
//! so the base of each update is the last view that connection got; [`Views`] keeps it and
//! turns each `update` back into the `state` it makes, so that what reads the messages sees
//! states only.

use serde_json::{Map, Value};

use crate::online::{SeatView, ServerMessage};

/// The key of an append: `{"+": [...]}` extends the array it patches.
pub const APPEND: &str = "+";

/// The patch that turns `old` into `new` ([module docs](self)); `None` when they are the same.
pub fn diff(old: &Value, new: &Value) -> Option<Value> {
    match (old, new) {
        (Value::Object(o), Value::Object(n)) => {
            let mut patch = Map::new();
            for (k, nv) in n {
                match o.get(k) {
                    Some(ov) => {
                        if let Some(p) = diff(ov, nv) {
                            patch.insert(k.clone(), p);
                        }
                    }
                    // An absent value and `null` read the same.
                    None if nv.is_null() => {}
                    None => {
                        patch.insert(k.clone(), nv.clone());
                    }
                }
            }
            for (k, ov) in o {
                if !n.contains_key(k) && !ov.is_null() {
                    patch.insert(k.clone(), Value::Null);
                }
            }
            (!patch.is_empty()).then_some(Value::Object(patch))
        }
        (Value::Array(o), Value::Array(n))
            if !o.is_empty() && n.len() > o.len() && n[..o.len()] == o[..] =>
        {
            let mut append = Map::new();
            append.insert(APPEND.into(), Value::Array(n[o.len()..].to_vec()));
            Some(Value::Object(append))
        }
        _ => (old != new).then(|| new.clone()),
    }
}

/// Whether `patch` is an append (`{"+": [...]}`), and its items.
fn appended(patch: &Value) -> Option<&Vec<Value>> {
    match patch {
        Value::Object(m) if m.len() == 1 => m.get(APPEND)?.as_array(),
        _ => None,
    }
}

/// Applies `patch` ([`diff`]'s) to `base`; a patch that does not fit (an append to what is not
/// an array) is named, and `base` is then partly patched: the caller drops it.
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
    fn a_patch_names_what_changed_and_applies_back() {
        let old = json!({"a": 1, "b": [1, 2], "c": {"x": 1, "y": null}, "d": "keep", "e": [3]});
        let new =
            json!({"a": 2, "b": [1, 2, 3, 4], "c": {"x": 1, "z": true}, "d": "keep", "e": [4]});
        let patch = diff(&old, &new).unwrap();
        assert_eq!(
            patch,
            json!({"a": 2, "b": {"+": [3, 4]}, "c": {"z": true}, "e": [4]})
        );
        let mut back = old.clone();
        apply(&mut back, &patch).unwrap();
        assert_eq!(
            back,
            json!({"a": 2, "b": [1, 2, 3, 4], "c": {"x": 1, "y": null, "z": true}, "d": "keep", "e": [4]})
        );
        assert_eq!(diff(&new, &new), None);
        // A removed value, an object where there was none, a list shorter than before.
        let patch = diff(
            &json!({"o": {"k": 1}, "l": [1, 2]}),
            &json!({"n": {"k": 1}, "l": [1]}),
        )
        .unwrap();
        assert_eq!(patch, json!({"o": null, "n": {"k": 1}, "l": [1]}));
        // An append to what is not a list is named.
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
            let mut last: [Option<Value>; 3] = Default::default();
            for seq in 0.. {
                for (k, seat) in [Some(Seat::A), Some(Seat::B), None].into_iter().enumerate() {
                    let view = SeatView::of(&s, seat, &room);
                    let value = serde_json::to_value(&view).unwrap();
                    let text = match &last[k] {
                        None => json!({"type": "state", "seq": seq, "view": value}).to_string(),
                        Some(old) => {
                            let patch = diff(old, &value).unwrap_or_else(|| json!({}));
                            json!({"type": "update", "seq": seq, "base": seq - 1, "patch": patch})
                                .to_string()
                        }
                    };
                    whole += value.to_string().len();
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
                    last[k] = Some(value);
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
