//! The player's statistics against the computer: games and deals played, won and lost, the
//! points per deal, pics, repics and capots — per level and per preset. Kept with the settings
//! in local storage (versioned; unreadable data is set aside, never silently reset) and
//! counted from the game itself: each finished deal and game once, whatever reloads happen in
//! between (the games counted are remembered by their seed — drawn at random for every new
//! game — and the deals already counted).

use std::collections::BTreeMap;

use piquet_engine::{DealEnd, DealResult, Outcome, ScoreReason, Seat};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::session::{Opponent, Session};
use crate::stored::{Reading, StoredProblem, envelope};

/// The version of the stored statistics this build writes.
pub const STATS_VERSION: u32 = 1;

/// How many games are remembered as counted (the most recent).
const REMEMBERED: usize = 32;

/// The counts of one opponent level under one preset.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    pub games: u32,
    pub games_won: u32,
    pub games_lost: u32,
    pub deals: u32,
    pub deals_won: u32,
    pub deals_lost: u32,
    /// Points scored by the player in all deals, and by the computer.
    pub points_for: u64,
    pub points_against: u64,
    /// Remarkable scores by the player (index 0) and by the computer (index 1).
    pub pics: [u32; 2],
    pub repics: [u32; 2],
    pub capots: [u32; 2],
}

impl Tally {
    /// The player's mean margin per deal (points for minus against), if any deal was played.
    pub fn margin_per_deal(&self) -> Option<f64> {
        (self.deals > 0)
            .then(|| (self.points_for as f64 - self.points_against as f64) / f64::from(self.deals))
    }

    /// Adds `other` (saturating: stored counts are read from storage, whatever they hold).
    fn add(&mut self, other: &Tally) {
        self.games = self.games.saturating_add(other.games);
        self.games_won = self.games_won.saturating_add(other.games_won);
        self.games_lost = self.games_lost.saturating_add(other.games_lost);
        self.deals = self.deals.saturating_add(other.deals);
        self.deals_won = self.deals_won.saturating_add(other.deals_won);
        self.deals_lost = self.deals_lost.saturating_add(other.deals_lost);
        self.points_for = self.points_for.saturating_add(other.points_for);
        self.points_against = self.points_against.saturating_add(other.points_against);
        for i in 0..2 {
            self.pics[i] = self.pics[i].saturating_add(other.pics[i]);
            self.repics[i] = self.repics[i].saturating_add(other.repics[i]);
            self.capots[i] = self.capots[i].saturating_add(other.capots[i]);
        }
    }
}

/// A game already counted: its seed, how many of its deals, and whether its end.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Counted {
    seed: u64,
    deals: usize,
    over: bool,
}

/// All the statistics.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Stats {
    /// Keyed by `"<level>/<preset>"` (e.g. `"3/rubicon"`).
    #[serde(default)]
    tallies: BTreeMap<String, Tally>,
    #[serde(default)]
    counted: Vec<Counted>,
}

#[derive(Serialize)]
struct EnvelopeOut<'a> {
    v: u32,
    stats: &'a Stats,
}

impl Stats {
    /// The stored form: a versioned envelope.
    pub fn to_stored(&self) -> String {
        serde_json::to_string(&EnvelopeOut {
            v: STATS_VERSION,
            stats: self,
        })
        .unwrap_or_default()
    }

    /// Reads the stored form (`services::storage::load` keeps the original aside when it is not
    /// read whole): the statistics, or the problem named. Each tally, and each game remembered
    /// as counted, is read on its own: one that does not read is left out and counted in the
    /// problem ([`StoredProblem::Entries`]), and every other is kept. Only statistics of which
    /// nothing reads are [`Reading::Unusable`].
    pub fn read_stored(raw: &str) -> Reading<Stats> {
        let mut fields = match envelope(raw, STATS_VERSION) {
            Ok(fields) => fields,
            Err(problem) => return Reading::Unusable(problem),
        };
        let Some(Value::Object(mut stored)) = fields.remove("stats") else {
            return Reading::Unusable(StoredProblem::Malformed);
        };
        let mut stats = Stats::default();
        let (mut of, mut unread) = (0, 0);
        let mut entries = |value: Option<Value>, each: &mut dyn FnMut(Value) -> bool| {
            let items: Vec<Value> = match value {
                None => return,
                Some(Value::Object(map)) => map
                    .into_iter()
                    .map(|(k, v)| Value::Array(vec![Value::String(k), v]))
                    .collect(),
                Some(Value::Array(items)) => items,
                // Neither a map nor a list: one entry, unread.
                Some(_) => {
                    of += 1;
                    unread += 1;
                    return;
                }
            };
            for item in items {
                of += 1;
                unread += usize::from(!each(item));
            }
        };
        entries(stored.remove("tallies"), &mut |item| {
            let Value::Array(mut pair) = item else {
                return false;
            };
            let (Some(value), Some(Value::String(key))) = (pair.pop(), pair.pop()) else {
                return false;
            };
            serde_json::from_value::<Tally>(value)
                .map(|t| stats.tallies.insert(key, t))
                .is_ok()
        });
        entries(stored.remove("counted"), &mut |item| {
            serde_json::from_value::<Counted>(item)
                .map(|c| stats.counted.push(c))
                .is_ok()
        });
        match unread {
            0 => Reading::Whole(stats),
            n if n == of => Reading::Unusable(StoredProblem::Malformed),
            n => Reading::Part(stats, StoredProblem::Entries { unread: n, of }),
        }
    }

    /// Nothing counted yet.
    pub fn is_empty(&self) -> bool {
        self.tallies.is_empty()
    }

    /// The tallies against the computer, played straight, by level then preset: `(level,
    /// preset, tally)`.
    pub fn computer_rows(&self) -> Vec<(String, String, Tally)> {
        self.rows()
            .into_iter()
            .filter(|(level, _, _)| level != FRIEND && !level.ends_with(WITH_UNDO))
            .collect()
    }

    /// The tallies of the games against the computer in which a decision was taken back, by
    /// level then preset: `(level, preset, tally)`, the level without its mark.
    pub fn undo_rows(&self) -> Vec<(String, String, Tally)> {
        self.rows()
            .into_iter()
            .filter_map(|(level, preset, t)| {
                let level = level.strip_suffix(WITH_UNDO)?.to_string();
                Some((level, preset, t))
            })
            .collect()
    }

    /// The tallies, by level then preset: `(level, preset, tally)`.
    pub fn rows(&self) -> Vec<(String, String, Tally)> {
        self.tallies
            .iter()
            .map(|(k, t)| {
                let (level, preset) = k.split_once('/').unwrap_or((k.as_str(), ""));
                (level.to_string(), preset.to_string(), *t)
            })
            .collect()
    }

    /// Every tally against the computer played straight added up.
    pub fn total(&self) -> Tally {
        self.total_where(|level| level != FRIEND && !level.ends_with(WITH_UNDO))
    }

    /// Every tally of the games in which a decision was taken back added up.
    pub fn undo_total(&self) -> Tally {
        self.total_where(|level| level.ends_with(WITH_UNDO))
    }

    /// Every tally of the games with a friend added up.
    pub fn friend_total(&self) -> Tally {
        self.total_where(|level| level == FRIEND)
    }

    fn total_where(&self, keep: impl Fn(&str) -> bool) -> Tally {
        let mut t = Tally::default();
        for (k, v) in &self.tallies {
            if keep(k.split_once('/').map_or(k.as_str(), |(level, _)| level)) {
                t.add(v);
            }
        }
        t
    }

    /// Counts what `session` adds since it was last seen: its deals finished and its end, each
    /// once. Only games against the computer are counted, from seat A's side (the player's);
    /// from the first decision taken back on, apart (under the level marked [`WITH_UNDO`]).
    /// Returns whether anything changed.
    pub fn count(&mut self, session: &Session) -> bool {
        let Opponent::Computer { bot } = &session.config.opponent else {
            return false;
        };
        let Some(game) = session.game.as_ref() else {
            return false;
        };
        let undo = if session.undos > 0 { WITH_UNDO } else { "" };
        self.count_game(
            format!("{bot}{undo}/{}", session.config.preset),
            session.config.seed,
            Seat::A,
            game.results(),
            game.outcome(),
            &session.highlights,
        )
    }

    /// Counts what a game with a friend on another device adds since it was last seen, from
    /// this seat's side, apart from the games against the computer (under [`FRIEND`]): game
    /// `game_number` of room `room`, played under `preset`, as `seen` knows it.
    pub fn count_online(
        &mut self,
        room: &str,
        game_number: u32,
        preset: &str,
        seen: &crate::seen::Seen,
    ) -> bool {
        if seen.game.is_none() {
            return false;
        }
        self.count_game(
            format!("{FRIEND}/{preset}"),
            online_game_id(room, game_number),
            seen.seat,
            seen.results(),
            seen.outcome(),
            &seen.highlights,
        )
    }

    /// The tallies of the games with a friend, by preset: `(preset, tally)`.
    pub fn friend_rows(&self) -> Vec<(String, Tally)> {
        self.rows()
            .into_iter()
            .filter(|(level, _, _)| level == FRIEND)
            .map(|(_, preset, t)| (preset, t))
            .collect()
    }

    fn count_game(
        &mut self,
        key: String,
        seed: u64,
        me: Seat,
        results: &[DealResult],
        outcome: Option<Outcome>,
        highlights: &[Vec<(Seat, ScoreReason)>],
    ) -> bool {
        let over = outcome.is_some();
        let done = self
            .counted
            .iter()
            .find(|c| c.seed == seed)
            .map_or((0, false), |c| (c.deals, c.over));
        // An older state of a game already counted (a reload of an old save) adds nothing.
        if results.len() <= done.0 && (!over || done.1) {
            return false;
        }
        // What this game adds, added to its tally at the end (saturating: the stored counts
        // may be anything storage held).
        let mut tally = Tally::default();
        for (i, r) in results.iter().enumerate().skip(done.0) {
            if r.end == DealEnd::Abandoned {
                continue;
            }
            tally.deals += 1;
            let (mine, theirs) = (r.points[me.index()], r.points[me.other().index()]);
            tally.points_for += u64::from(mine);
            tally.points_against += u64::from(theirs);
            if mine > theirs {
                tally.deals_won += 1;
            } else if theirs > mine {
                tally.deals_lost += 1;
            }
            for &(seat, reason) in highlights.get(i).into_iter().flatten() {
                let s = usize::from(seat != me);
                match reason {
                    ScoreReason::Pic => tally.pics[s] += 1,
                    ScoreReason::Repic => tally.repics[s] += 1,
                    ScoreReason::Capot => tally.capots[s] += 1,
                    _ => {}
                }
            }
        }
        if let Some(o) = outcome.filter(|_| !done.1) {
            tally.games += 1;
            if o.winner == me {
                tally.games_won += 1;
            } else {
                tally.games_lost += 1;
            }
        }
        self.tallies.entry(key).or_default().add(&tally);
        self.counted.retain(|c| c.seed != seed);
        self.counted.push(Counted {
            seed,
            deals: results.len().max(done.0),
            over: over || done.1,
        });
        if self.counted.len() > REMEMBERED {
            let extra = self.counted.len() - REMEMBERED;
            self.counted.drain(..extra);
        }
        true
    }
}

/// The level under which games with a friend are counted (`"friend/<preset>"`), apart from the
/// computer's levels.
pub const FRIEND: &str = "friend";

/// The mark of a level under which the games against the computer in which a decision was
/// taken back are counted (`"3+undo/rubicon"`), apart from those played straight.
pub const WITH_UNDO: &str = "+undo";

/// A game between devices, remembered as counted as the games against the computer are by
/// their seed: game `game_number` of `room` (FNV-1a of both).
fn online_game_id(room: &str, game_number: u32) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in room.bytes().chain(game_number.to_le_bytes()) {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::testing::played;

    #[test]
    fn every_deal_and_game_counts_once_whatever_is_seen_again() {
        let steps = played("rubicon", 5, Opponent::Computer { bot: "3".into() });
        let last = steps.last().unwrap();
        let mut stats = Stats::default();
        // Every step seen, some twice (a reload), and the end seen again.
        for s in steps.iter().chain(steps.iter().step_by(7)) {
            stats.count(s);
        }
        assert!(!stats.count(last), "nothing new at the end");
        let rows = stats.rows();
        assert_eq!(rows.len(), 1);
        let (level, preset, t) = &rows[0];
        assert_eq!((level.as_str(), preset.as_str()), ("3", "rubicon"));
        let results = last.game.as_ref().unwrap().results();
        assert_eq!(t.deals as usize, results.len());
        assert_eq!(t.games, 1);
        assert_eq!(t.games_won + t.games_lost, 1);
        let me: u64 = results.iter().map(|r| u64::from(r.points[0])).sum();
        assert_eq!(t.points_for, me);
        assert!(t.deals_won + t.deals_lost <= t.deals);
        let pics = last
            .highlights
            .iter()
            .flatten()
            .filter(|(_, r)| *r == ScoreReason::Pic)
            .count() as u32;
        assert_eq!(t.pics[0] + t.pics[1], pics);
        // The stored form reads back the same.
        assert_eq!(
            Stats::read_stored(&stats.to_stored()),
            Reading::Whole(stats.clone())
        );
        // Only the computer's games count.
        let human = played("classique", 6, Opponent::Human);
        assert!(!stats.count(human.last().unwrap()));
    }

    #[test]
    fn games_with_a_friend_count_apart_from_the_seat_that_played_them() {
        let steps = played("classique", 9, Opponent::Human);
        let last = steps.last().unwrap();
        let mut stats = Stats::default();
        stats.count(
            &played("classique", 3, Opponent::Computer { bot: "2".into() })
                .pop()
                .unwrap(),
        );
        let computer = stats.total();
        for s in steps.iter().chain(steps.iter().step_by(5)) {
            stats.count_online("room1", 1, "classique", &crate::seen::Seen::of(s, Seat::B));
        }
        let seen = crate::seen::Seen::of(last, Seat::B);
        assert!(
            !stats.count_online("room1", 1, "classique", &seen),
            "counted once"
        );
        assert_eq!(
            stats.total(),
            computer,
            "the tallies against the computer are untouched"
        );
        let friend = stats.friend_total();
        assert_eq!(stats.friend_rows().len(), 1);
        assert_eq!(friend.games, 1);
        let results = last.game.as_ref().unwrap().results();
        let mine: u64 = results.iter().map(|r| u64::from(r.points[1])).sum();
        assert_eq!(friend.points_for, mine, "from the side of seat B");
        let won = last.game.as_ref().unwrap().outcome().unwrap().winner == Seat::B;
        assert_eq!(friend.games_won, u32::from(won));
        // The rematch is another game.
        assert!(stats.count_online("room1", 2, "classique", &seen));
        assert_eq!(stats.friend_total().games, 2);
    }

    #[test]
    fn games_with_a_decision_taken_back_count_apart_from_then_on() {
        let straight = played("classique", 3, Opponent::Computer { bot: "2".into() });
        let mut stats = Stats::default();
        stats.count(straight.last().unwrap());
        let before = stats.total();
        let steps = played("classique", 8, Opponent::Computer { bot: "2".into() });
        // A deal finished, then a decision taken back: the deals after it and the game's end
        // count apart.
        let first_deal_over = steps
            .iter()
            .position(|s| s.game.as_ref().unwrap().results().len() == 1)
            .unwrap();
        stats.count(&steps[first_deal_over]);
        assert_eq!(stats.total().deals, before.deals + 1);
        let mut last = steps.last().unwrap().clone();
        last.undos = 2;
        stats.count(&last);
        let apart = stats.undo_total();
        assert_eq!(apart.games, 1);
        let deals = last.game.as_ref().unwrap().results().len() as u32;
        assert_eq!(apart.deals, deals - 1);
        assert_eq!(
            stats.total().games,
            before.games,
            "not among the straight games"
        );
        assert_eq!(stats.total().deals, before.deals + 1);
        let rows = stats.undo_rows();
        assert_eq!(rows.len(), 1);
        assert_eq!((rows[0].0.as_str(), rows[0].1.as_str()), ("2", "classique"));
        assert!(stats.computer_rows().iter().all(|(l, _, _)| l == "2"));
        assert_eq!(
            Stats::read_stored(&stats.to_stored()),
            Reading::Whole(stats)
        );
    }

    #[test]
    fn unreadable_statistics_are_named() {
        assert_eq!(
            Stats::read_stored("{nope"),
            Reading::Unusable(StoredProblem::NotAnEnvelope)
        );
        assert_eq!(
            Stats::read_stored(r#"{"v":7,"stats":{}}"#),
            Reading::Unusable(StoredProblem::UnknownVersion { found: 7, reads: 1 })
        );
        assert_eq!(
            Stats::read_stored(r#"{"v":1,"stats":{"tallies":3}}"#),
            Reading::Unusable(StoredProblem::Malformed)
        );
        // Nothing that reads: unusable, not an empty tally.
        assert_eq!(
            Stats::read_stored(r#"{"v":1,"stats":{"tallies":{"1/classique":[]}}}"#),
            Reading::Unusable(StoredProblem::Malformed)
        );
        assert_eq!(
            Stats::read_stored(r#"{"v":1,"stats":[]}"#),
            Reading::Unusable(StoredProblem::Malformed)
        );
        assert_eq!(
            Stats::read_stored(r#"{"v":1,"stats":{}}"#),
            Reading::Whole(Stats::default())
        );
    }

    #[test]
    fn each_tally_reads_on_its_own() {
        let good = r#"{"games":1,"games_won":1,"games_lost":0,"deals":6,"deals_won":4,"deals_lost":2,"points_for":300,"points_against":200,"pics":[1,0],"repics":[0,0],"capots":[0,0]}"#;
        let raw = format!(
            r#"{{"v":1,"stats":{{"tallies":{{"1/classique":{good},"2/rubicon":{{"games":-1}},"5/ancien":{good},"3/moderne":null}},"counted":[{{"seed":7,"deals":6,"over":true}},{{"seed":"x"}}]}}}}"#
        );
        let Reading::Part(stats, problem) = Stats::read_stored(&raw) else {
            panic!("read in part")
        };
        // Two tallies and one game counted do not read; the rest is all there.
        assert_eq!(problem, StoredProblem::Entries { unread: 3, of: 6 });
        let keys: Vec<_> = stats
            .rows()
            .into_iter()
            .map(|(l, p, _)| format!("{l}/{p}"))
            .collect();
        assert_eq!(keys, ["1/classique", "5/ancien"]);
        assert_eq!(stats.total().deals, 12);
        assert_eq!(
            stats.counted,
            vec![Counted {
                seed: 7,
                deals: 6,
                over: true
            }]
        );
        // Anything but a map of tallies or a list of games is one entry that does not read.
        let raw = format!(
            r#"{{"v":1,"stats":{{"tallies":{{"1/classique":{good}}},"counted":{{"a":1}}}}}}"#
        );
        let Reading::Part(stats, problem) = Stats::read_stored(&raw) else {
            panic!("read in part")
        };
        assert_eq!(problem, StoredProblem::Entries { unread: 1, of: 2 });
        assert_eq!(stats.rows().len(), 1);
        assert!(stats.counted.is_empty());
    }

    #[test]
    fn counts_stored_at_their_limit_saturate() {
        let max = u32::MAX;
        let full = format!(
            r#"{{"games":{max},"games_won":{max},"games_lost":0,"deals":{max},"deals_won":0,"deals_lost":0,"points_for":{},"points_against":0,"pics":[{max},0],"repics":[0,0],"capots":[0,0]}}"#,
            u64::MAX
        );
        let raw = format!(
            r#"{{"v":1,"stats":{{"tallies":{{"3/rubicon":{full},"1/classique":{full}}}}}}}"#
        );
        let Reading::Whole(mut stats) = Stats::read_stored(&raw) else {
            panic!("reads")
        };
        let total = stats.total();
        assert_eq!(
            (total.games, total.pics[0], total.points_for),
            (max, max, u64::MAX)
        );
        assert!(total.margin_per_deal().is_some());
        // Counting one more game on a full tally does not overflow.
        let steps = played("rubicon", 5, Opponent::Computer { bot: "3".into() });
        assert!(stats.count(steps.last().unwrap()));
        assert_eq!(stats.total().games, max);
    }
}
