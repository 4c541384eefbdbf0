//! One room: its two seats, its game (a [`Session`]), its version, and every change as a
//! [`Step`]. Pure and synchronous: the server checks a message into a step ([`Room::check_act`]
//! and its kind), stores the step, then applies it ([`Room::apply`]); a room is loaded back by
//! applying its stored steps in order to the room as created ([`Room::replay`]).

use piquet_ai::BotId;
use piquet_engine::{Action, Record, Seat};
use piquet_table::online::{
    ErrorCode, ErrorMessage, RoomFacts, RoomSettings, RoomStatus, SeatView, Stage,
};
use piquet_table::session::Session;
use serde::{Deserialize, Serialize};

use crate::limits::{same_hash, token_hash};

/// A room as created: what the `rooms` table holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Created {
    pub id: String,
    pub settings: RoomSettings,
    /// The SHA-256 of seat A's token (the creator's), in hex: the token itself is kept by
    /// its player only ([`crate::limits::token_hash`]).
    pub token_a_sha256: String,
    pub name_a: String,
    /// The first game's seed: the cut and every deal.
    pub seed: u64,
    pub created_ms: u64,
}

/// One accepted change of a room, as stored. The room's version is the number of its steps.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "step")]
pub enum Step {
    /// The friend took seat B; his token is kept as its SHA-256, in hex.
    Join { name: String, token_sha256: String },
    /// Rubicon's cut: the higher card chose (`timed_out`: the server chose, the time being up).
    ChooseDealer {
        seat: Seat,
        deal: bool,
        #[serde(default, skip_serializing_if = "is_false")]
        timed_out: bool,
    },
    /// The next deal dealt, asked by a seat (none: the time being up).
    NextDeal { seat: Option<Seat> },
    /// A decision of the deal (`timed_out`: the server played it for the seat, its time up).
    Act {
        seat: Seat,
        action: Action,
        #[serde(default, skip_serializing_if = "is_false")]
        timed_out: bool,
    },
    /// A seat asked for a rematch; with `seed` when it was the second to ask and game
    /// `game_number + 1` starts, dealt from that seed.
    Rematch {
        seat: Seat,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seed: Option<u64>,
    },
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// A room in play.
#[derive(Clone, Debug)]
pub struct Room {
    pub created: Created,
    /// The SHA-256 of seat B's token, once taken.
    pub token_b_sha256: Option<String>,
    pub names: [Option<String>; 2],
    /// The room's version: its steps so far.
    pub seq: u64,
    pub game_number: u32,
    pub session: Session,
    pub rematch: [bool; 2],
    /// When the room last changed (Unix ms).
    pub updated_ms: u64,
    /// The decisions the server took for each seat, its time being up, since that seat last
    /// decided itself (in this game), per seat index.
    pub timed_out: [u16; 2],
}

/// Why a stored room does not load: its settings or one of its steps.
#[derive(Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// The version at which it stopped.
    pub seq: u64,
    pub code: ErrorCode,
}

fn err(code: ErrorCode) -> ErrorMessage {
    ErrorMessage::new(code)
}

impl Room {
    /// A new room, its creator in seat A, its first game's cut drawn.
    pub fn new(created: Created) -> Result<Room, ErrorCode> {
        created.settings.check()?;
        let session = new_session(&created.settings, created.seed)?;
        Ok(Room {
            names: [Some(created.name_a.clone()), None],
            token_b_sha256: None,
            seq: 0,
            game_number: 1,
            session,
            rematch: [false; 2],
            updated_ms: created.created_ms,
            timed_out: [0; 2],
            created,
        })
    }

    /// A stored room: created, then every step applied in order (`at_ms`: when each was).
    pub fn replay(
        created: Created,
        steps: impl IntoIterator<Item = (Step, u64)>,
    ) -> Result<Room, ReplayError> {
        let mut room = Room::new(created).map_err(|code| ReplayError { seq: 0, code })?;
        for (step, at_ms) in steps {
            let seq = room.seq;
            room.apply(&step, at_ms)
                .map_err(|e| ReplayError { seq, code: e.code })?;
        }
        Ok(room)
    }

    pub fn id(&self) -> &str {
        &self.created.id
    }

    /// The seat this token holds: its hash compared with each seat's in constant time.
    pub fn seat_of(&self, token: &str) -> Option<Seat> {
        let hash = token_hash(token);
        if same_hash(&hash, &self.created.token_a_sha256) {
            Some(Seat::A)
        } else if self
            .token_b_sha256
            .as_deref()
            .is_some_and(|b| same_hash(&hash, b))
        {
            Some(Seat::B)
        } else {
            None
        }
    }

    /// The friend's join with his new `token`, as a step that keeps the token's hash
    /// (refused when seat B is taken).
    pub fn join(&self, name: String, token: &str) -> Result<Step, ErrorCode> {
        if self.token_b_sha256.is_some() {
            return Err(ErrorCode::RoomFull);
        }
        Ok(Step::Join {
            name,
            token_sha256: token_hash(token),
        })
    }

    /// Whether the game is over.
    pub fn game_over(&self) -> bool {
        self.session
            .game
            .as_ref()
            .is_some_and(|g| g.outcome().is_some())
    }

    /// Where the game stands.
    pub fn stage(&self) -> Stage {
        self.view(Some(Seat::A)).stage
    }

    /// The seat whose decision the game waits for (a move, or the cut's choice), if one.
    pub fn waiting_on(&self) -> Option<Seat> {
        self.token_b_sha256.as_ref()?;
        self.session.cut_chooser().or(self.session.to_act())
    }

    /// When the current decision's time runs out (Unix ms): under a time limit per move,
    /// counted from the room's last change, while a decision or a deal is due.
    pub fn deadline_ms(&self) -> Option<u64> {
        let limit = self.created.settings.move_limit_secs?;
        let due = self.token_b_sha256.is_some()
            && !self.game_over()
            && (self.waiting_on().is_some() || self.session.needs_deal());
        due.then(|| self.updated_ms + u64::from(limit) * 1000)
    }

    pub fn facts(&self) -> RoomFacts {
        RoomFacts {
            settings: self.created.settings.clone(),
            names: self.names.clone(),
            game_number: self.game_number,
            rematch: self.rematch,
            deadline_ms: self.deadline_ms(),
            timed_out: self.timed_out,
        }
    }

    /// What `seat` (`None`: a watcher) may see.
    pub fn view(&self, seat: Option<Seat>) -> SeatView {
        SeatView::of(&self.session, seat, &self.facts())
    }

    /// Where the game stands for `seat`, for the player's list of games.
    pub fn status(&self, seat: Seat) -> RoomStatus {
        let view = self.view(Some(seat));
        RoomStatus {
            room: self.created.id.clone(),
            seat,
            names: self.names.clone(),
            settings: self.created.settings.clone(),
            game_number: self.game_number,
            stage: view.stage,
            my_turn: view.my_turn(),
            totals: view.game.as_ref().map_or([0, 0], |g| g.totals),
            outcome: view.outcome,
            deadline_ms: view.deadline_ms,
            updated_ms: self.updated_ms,
        }
    }

    /// The record of the game, once it is over.
    pub fn record(&self) -> Option<&Record> {
        self.game_over().then_some(&self.session.record)
    }

    /// The step a message from `seat` (`None`: a watcher) asks for, asked against version
    /// `seq`; or why it is refused. Changes nothing. `rematch_seed` is the seed a rematch
    /// starts with, if this request completes one.
    pub fn check_act(
        &self,
        seat: Option<Seat>,
        seq: u64,
        action: Action,
    ) -> Result<Step, ErrorMessage> {
        let seat = self.seat_may_change(seat, seq)?;
        if self.game_over() {
            return Err(err(ErrorCode::GameOver));
        }
        let deal = self
            .session
            .game
            .as_ref()
            .and_then(|g| g.deal())
            .ok_or_else(|| err(ErrorCode::OutOfTurn))?;
        match deal.to_act() {
            Some(s) if s == seat => {}
            _ => return Err(err(ErrorCode::OutOfTurn)),
        }
        deal.apply(seat, action).map_err(ErrorMessage::illegal)?;
        Ok(Step::Act {
            seat,
            action,
            timed_out: false,
        })
    }

    /// The cut's choice asked by `seat`.
    pub fn check_choose(
        &self,
        seat: Option<Seat>,
        seq: u64,
        deal: bool,
    ) -> Result<Step, ErrorMessage> {
        let seat = self.seat_may_change(seat, seq)?;
        match self.session.cut_chooser() {
            None => Err(err(ErrorCode::NoChoiceDue)),
            Some(chooser) if chooser != seat => Err(err(ErrorCode::WrongSeat)),
            Some(_) => Ok(Step::ChooseDealer {
                seat,
                deal,
                timed_out: false,
            }),
        }
    }

    /// The next deal asked by `seat`.
    pub fn check_next_deal(&self, seat: Option<Seat>, seq: u64) -> Result<Step, ErrorMessage> {
        let seat = self.seat_may_change(seat, seq)?;
        if self.game_over() {
            return Err(err(ErrorCode::GameOver));
        }
        if !self.session.needs_deal() {
            return Err(err(ErrorCode::NoDealDue));
        }
        Ok(Step::NextDeal { seat: Some(seat) })
    }

    /// A rematch asked by `seat`; `seed` deals the next game if the other seat asked already.
    pub fn check_rematch(&self, seat: Option<Seat>, seed: u64) -> Result<Step, ErrorMessage> {
        let seat = seat.ok_or_else(|| err(ErrorCode::WrongSeat))?;
        if self.token_b_sha256.is_none() {
            return Err(err(ErrorCode::WaitingForOpponent));
        }
        if !self.game_over() {
            return Err(err(ErrorCode::GameNotOver));
        }
        Ok(Step::Rematch {
            seat,
            seed: self.rematch[seat.other().index()].then_some(seed),
        })
    }

    /// The step the server takes when the current decision's time is up: the seat's move
    /// played by the heuristic player (from the seat's own view only), the cut's choice to
    /// deal, or the next deal dealt. `None` when nothing is due.
    pub fn timeout_step(&self, seed: u64) -> Option<Step> {
        self.deadline_ms()?;
        if let Some(chooser) = self.session.cut_chooser() {
            return Some(Step::ChooseDealer {
                seat: chooser,
                deal: true,
                timed_out: true,
            });
        }
        if self.session.needs_deal() {
            return Some(Step::NextDeal { seat: None });
        }
        let seat = self.session.to_act()?;
        let view = self.session.game_view(seat)?;
        let action = piquet_ai::decide(BotId::Heuristic, &view, seed)
            .or_else(|_| piquet_ai::decide(BotId::Random, &view, seed))
            .ok()?;
        Some(Step::Act {
            seat,
            action,
            timed_out: true,
        })
    }

    /// A seat that may change the room at version `seq`.
    fn seat_may_change(&self, seat: Option<Seat>, seq: u64) -> Result<Seat, ErrorMessage> {
        let seat = seat.ok_or_else(|| err(ErrorCode::WrongSeat))?;
        if self.token_b_sha256.is_none() {
            return Err(err(ErrorCode::WaitingForOpponent));
        }
        if seq != self.seq {
            return Err(err(ErrorCode::Stale));
        }
        Ok(seat)
    }

    /// Applies a step (checked, or read back from storage) at `at_ms`; refused, changing
    /// nothing, when it does not apply.
    pub fn apply(&mut self, step: &Step, at_ms: u64) -> Result<(), ErrorMessage> {
        match step {
            Step::Join { name, token_sha256 } => {
                if self.token_b_sha256.is_some() {
                    return Err(err(ErrorCode::RoomFull));
                }
                self.token_b_sha256 = Some(token_sha256.clone());
                self.names[Seat::B.index()] = Some(name.clone());
            }
            Step::ChooseDealer {
                seat,
                deal,
                timed_out,
            } => {
                if self.session.cut_chooser() != Some(*seat) {
                    return Err(err(ErrorCode::NoChoiceDue));
                }
                self.session
                    .choose_dealer(*deal)
                    .map_err(|_| err(ErrorCode::NoChoiceDue))?;
                self.count_timeout(*seat, *timed_out);
            }
            Step::NextDeal { .. } => {
                if !self.session.needs_deal() || self.game_over() {
                    return Err(err(ErrorCode::NoDealDue));
                }
                self.session.deal_next();
            }
            Step::Act {
                seat,
                action,
                timed_out,
            } => {
                if self.token_b_sha256.is_none() {
                    return Err(err(ErrorCode::WaitingForOpponent));
                }
                self.session
                    .apply(*seat, *action)
                    .map_err(ErrorMessage::illegal)?;
                self.count_timeout(*seat, *timed_out);
            }
            Step::Rematch { seat, seed } => {
                if !self.game_over() {
                    return Err(err(ErrorCode::GameNotOver));
                }
                match seed {
                    Some(seed) => {
                        self.session = new_session(&self.created.settings, *seed)
                            .map_err(ErrorMessage::new)?;
                        self.game_number += 1;
                        self.rematch = [false; 2];
                        self.timed_out = [0; 2];
                    }
                    None => self.rematch[seat.index()] = true,
                }
            }
        }
        self.seq += 1;
        self.updated_ms = self.updated_ms.max(at_ms);
        Ok(())
    }
}

impl Room {
    /// A decision of `seat`'s: taken by the server (its time up) adds one to what it took
    /// for that seat; taken by the seat itself, the count starts again.
    fn count_timeout(&mut self, seat: Seat, timed_out: bool) {
        let n = &mut self.timed_out[seat.index()];
        *n = if timed_out { n.saturating_add(1) } else { 0 };
    }
}

fn new_session(settings: &RoomSettings, seed: u64) -> Result<Session, ErrorCode> {
    let config = settings
        .game_config(seed)
        .map_err(|_| ErrorCode::BadRules)?;
    Session::new(config).map_err(|_| ErrorCode::BadRules)
}

#[cfg(test)]
mod tests {
    use super::*;
    use piquet_engine::{Rules, SplitMix64};
    use piquet_table::online::{ErrorCode as E, RoomSettings};

    fn created(preset: &str, seed: u64) -> Created {
        Created {
            id: "00".repeat(16),
            settings: RoomSettings {
                preset: preset.into(),
                format: None,
                custom_rules: None,
                watchers: false,
                move_limit_secs: None,
            },
            token_a_sha256: token_hash(&"a".repeat(32)),
            name_a: "Alice".into(),
            seed,
            created_ms: 1_000,
        }
    }

    fn code<T: std::fmt::Debug>(r: Result<T, ErrorMessage>) -> ErrorCode {
        r.unwrap_err().code
    }

    /// Plays a room's whole game with random legal decisions, each checked then applied;
    /// returns every step.
    fn play_out(room: &mut Room, seed: u64) -> Vec<Step> {
        let mut rng = SplitMix64::new(seed);
        let mut steps = Vec::new();
        let mut t = 2_000;
        loop {
            let stage = room.stage();
            let step = match stage {
                Stage::ChoosingDealer { chooser } => room
                    .check_choose(Some(chooser), room.seq, rng.below(2) == 0)
                    .unwrap(),
                Stage::DealDue => {
                    let seat = if rng.below(2) == 0 { Seat::A } else { Seat::B };
                    room.check_next_deal(Some(seat), room.seq).unwrap()
                }
                Stage::Playing { to_act } => {
                    let view = room.session.game_view(to_act).unwrap();
                    let action = piquet_ai::decide(BotId::Random, &view, rng.next_u64()).unwrap();
                    room.check_act(Some(to_act), room.seq, action).unwrap()
                }
                Stage::GameOver => break,
                Stage::WaitingForOpponent => panic!("both seats are taken"),
            };
            t += 10;
            room.apply(&step, t).unwrap();
            steps.push(step);
        }
        steps
    }

    fn joined(preset: &str, seed: u64) -> (Room, Vec<Step>) {
        let mut room = Room::new(created(preset, seed)).unwrap();
        let join = room.join("Bob".into(), &"b".repeat(32)).unwrap();
        room.apply(&join, 1_500).unwrap();
        (room, vec![join])
    }

    #[test]
    fn whole_games_in_every_preset_replay_from_their_steps() {
        for (i, preset) in Rules::IDS.iter().enumerate() {
            let (mut room, mut steps) = joined(preset, 7 + i as u64);
            steps.extend(play_out(&mut room, i as u64));
            assert!(room.game_over(), "{preset}");
            assert_eq!(room.seq, steps.len() as u64);
            let back = Room::replay(
                created(preset, 7 + i as u64),
                steps.iter().cloned().map(|s| (s, 5)),
            )
            .unwrap();
            assert_eq!(back.session, room.session, "{preset}");
            assert_eq!(back.seq, room.seq);
            assert!(back.record().is_some());
            // Steps read back from their stored JSON.
            for s in &steps {
                let text = serde_json::to_string(s).unwrap();
                assert_eq!(&serde_json::from_str::<Step>(&text).unwrap(), s);
            }
        }
    }

    #[test]
    fn a_rematch_starts_when_both_seats_asked() {
        let (mut room, _) = joined("classique", 3);
        assert_eq!(code(room.check_rematch(Some(Seat::A), 9)), E::GameNotOver);
        play_out(&mut room, 3);
        let first = room.check_rematch(Some(Seat::A), 9).unwrap();
        assert_eq!(
            first,
            Step::Rematch {
                seat: Seat::A,
                seed: None
            }
        );
        room.apply(&first, 9_000).unwrap();
        assert_eq!(room.rematch, [true, false]);
        assert_eq!(room.game_number, 1);
        let second = room.check_rematch(Some(Seat::B), 99).unwrap();
        room.apply(&second, 9_001).unwrap();
        assert_eq!(room.game_number, 2);
        assert_eq!(room.rematch, [false, false]);
        assert_eq!(room.stage(), Stage::DealDue);
        assert_eq!(room.session.config.seed, 99);
        assert!(room.record().is_none());
    }

    #[test]
    fn refused_messages_are_named_and_change_nothing() {
        let mut room = Room::new(created("classique", 11)).unwrap();
        assert_eq!(
            code(room.check_next_deal(Some(Seat::A), 0)),
            E::WaitingForOpponent
        );
        assert_eq!(room.join("Bob".into(), &"b".repeat(32)).map(|_| ()), Ok(()));
        let join = room.join("Bob".into(), &"b".repeat(32)).unwrap();
        room.apply(&join, 1_100).unwrap();
        assert_eq!(room.join("Eve".into(), &"e".repeat(32)), Err(E::RoomFull));
        assert_eq!(room.seat_of(&"b".repeat(32)), Some(Seat::B));
        assert_eq!(room.seat_of(&"a".repeat(32)), Some(Seat::A));
        assert_eq!(room.seat_of(&"c".repeat(32)), None);
        assert_eq!(room.seat_of(""), None);
        let play: Action = Action::Play("AS".parse().unwrap());
        assert_eq!(code(room.check_act(Some(Seat::A), 1, play)), E::OutOfTurn);
        assert_eq!(
            code(room.check_choose(Some(Seat::A), 1, true)),
            E::NoChoiceDue
        );
        assert_eq!(code(room.check_next_deal(None, 1)), E::WrongSeat);
        assert_eq!(code(room.check_next_deal(Some(Seat::A), 0)), E::Stale);
        let deal = room.check_next_deal(Some(Seat::B), 1).unwrap();
        room.apply(&deal, 1_200).unwrap();
        assert_eq!(code(room.check_next_deal(Some(Seat::A), 2)), E::NoDealDue);
        let before = room.session.clone();
        let to_act = room.session.to_act().unwrap();
        assert_eq!(
            code(room.check_act(Some(to_act.other()), 2, play)),
            E::OutOfTurn
        );
        assert_eq!(code(room.check_act(None, 2, play)), E::WrongSeat);
        let not_held = room
            .session
            .deal()
            .unwrap()
            .hand(to_act.other())
            .into_iter()
            .next()
            .unwrap();
        let e = room
            .check_act(Some(to_act), 2, Action::Play(not_held))
            .unwrap_err();
        assert_eq!(e.code, E::Illegal);
        assert!(e.illegal.is_some());
        assert_eq!(code(room.check_act(Some(to_act), 1, play)), E::Stale);
        assert_eq!(room.session, before);
        assert_eq!(room.seq, 2);
        // A step that does not apply is refused whole.
        assert!(
            room.apply(
                &Step::Act {
                    seat: to_act.other(),
                    action: play,
                    timed_out: false
                },
                1_300
            )
            .is_err()
        );
        assert_eq!(room.session, before);
        assert_eq!(room.seq, 2);
    }

    #[test]
    fn the_time_limit_plays_for_the_late_seat() {
        let mut c = created("rubicon", 5);
        c.settings.move_limit_secs = Some(60);
        let mut room = Room::new(c).unwrap();
        assert_eq!(room.deadline_ms(), None, "nobody to wait for yet");
        let join = room.join("Bob".into(), &"b".repeat(32)).unwrap();
        room.apply(&join, 2_000).unwrap();
        assert_eq!(room.deadline_ms(), Some(62_000));
        let mut t = 62_000;
        let mut timed_out = 0;
        while !room.game_over() {
            let step = room.timeout_step(t).unwrap();
            room.apply(&step, t).unwrap();
            t += 60_000;
            timed_out += 1;
            assert!(timed_out < 5_000);
            // The deadline moves on with each change.
            if let Some(d) = room.deadline_ms() {
                assert_eq!(d, room.updated_ms + 60_000);
            }
        }
        // Every decision was the server's: counted for both seats, and said in their views.
        let [a, b] = room.timed_out;
        assert!(a > 10 && b > 10, "{a} {b}");
        assert_eq!(room.view(Some(Seat::B)).timed_out, [a, b]);
        assert_eq!(room.view(None).timed_out, [a, b]);
        assert!(room.timeout_step(t).is_none());
        assert_eq!(room.deadline_ms(), None);
        assert!(timed_out > 20);
        // The count starts again when the seat decides itself, and at a rematch.
        let mut c = created("classique", 8);
        c.settings.move_limit_secs = Some(60);
        let mut room = Room::new(c).unwrap();
        let join = room.join("Bob".into(), &"b".repeat(32)).unwrap();
        room.apply(&join, 2_000).unwrap();
        let deal = room.timeout_step(1).unwrap();
        assert_eq!(deal, Step::NextDeal { seat: None });
        room.apply(&deal, 62_000).unwrap();
        assert_eq!(room.timed_out, [0, 0], "dealing is nobody's decision");
        let late = room.session.to_act().unwrap();
        let step = room.timeout_step(2).unwrap();
        room.apply(&step, 122_000).unwrap();
        assert_eq!(room.timed_out[late.index()], 1);
        let seat = room.session.to_act().unwrap();
        let view = room.session.game_view(seat).unwrap();
        let action = piquet_ai::decide(BotId::Random, &view, 3).unwrap();
        let own = room.check_act(Some(seat), room.seq, action).unwrap();
        room.apply(&own, 123_000).unwrap();
        assert_eq!(room.timed_out[seat.index()], 0);
    }
}
