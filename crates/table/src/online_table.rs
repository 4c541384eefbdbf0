//! The table of a game between two devices, as one seat holds it: the last state the game
//! server sent ([`SeatView`]), what the seat has seen of it ([`Seen`], drawn by the same table
//! as any game), the connection, the other's presence and fixed messages, and what only the
//! interface knows — the discards selected, the option chosen, the scores as they come, what
//! lies over the table — in the [`TableUi`] every table holds. Its reducer ([`Reduce`]) is pure: the page's WebSocket feeds it the
//! server's messages ([`OnlineAction::Message`]) and sends what [`OnlineTable::request`] asks.
//!
//! The server is the referee: a decision is never applied here, only sent; the table moves
//! when the server's next `state` arrives. A decision sent is not sent again until then (a
//! double tap, a key held), and one sent against an older state is refused by the server
//! (`stale`) without harm.

use std::rc::Rc;

use piquet_engine::{CardSet, Event, Record, Seat};

use crate::Reduce;
use crate::i18n::{Lang, Text};
use crate::online::{
    ClientMessage, ErrorCode, ErrorMessage, MAX_STATUS_ROOMS, RoomInfo, RoomKey, RoomSettings,
    RoomStatus, Saying, SeatView, ServerMessage, Stage,
};
use crate::seen::Seen;
use crate::stored::{Reading, StoredProblem, envelope};
use crate::table_ui::{TableAction, TableUi};
use crate::words::Names;
use serde::{Deserialize, Serialize};

/// The connection to the game server, as the table shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Link {
    /// The first connection is being made.
    Connecting,
    /// Connected, and the server knows the seat.
    Open,
    /// The connection was lost: the next try is on its way (« Reconnexion… »).
    Reconnecting { attempt: u32 },
    /// The server will not have this seat here (the room expired, the token is not one of
    /// its seats): trying again would not help.
    Refused(ErrorCode),
}

impl Link {
    /// Whether the page should connect (again): not once the server refused the seat.
    pub fn retries(self) -> bool {
        !matches!(self, Link::Refused(_))
    }
}

/// The pause before reconnection attempt `attempt` (from 1), in milliseconds: doubling from
/// half a second up to fifteen seconds, spread by `jitter` (0 to 1) so that two players cut
/// off together do not knock at the same instant.
pub fn backoff_ms(attempt: u32, jitter: f64) -> u32 {
    let base = 500u32.saturating_mul(1 << attempt.saturating_sub(1).min(5));
    let base = base.min(15_000);
    base + (f64::from(base) * 0.25 * jitter.clamp(0.0, 1.0)) as u32
}

/// Something the table has to say about the game between devices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OnlineError {
    /// The server refused a message (its words in both languages).
    Server(ErrorMessage),
    /// A message from the server could not be read (its problem, named).
    Unreadable(String),
}

impl OnlineError {
    /// In the reader's language.
    pub fn words(&self, lang: Lang) -> String {
        match self {
            OnlineError::Server(e) => match lang {
                Lang::Fr => e.fr.clone(),
                Lang::En => e.en.clone(),
            },
            OnlineError::Unreadable(why) => crate::words::labelled(
                Text::ServerUnreadable.get(lang),
                &crate::error_words::quote(why, lang),
                lang,
            ),
        }
    }
}

/// A fixed message said at the table, kept while it is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Said {
    /// Counts the messages said: a key that never repeats (the same words said twice show
    /// twice).
    pub n: u64,
    pub seat: Seat,
    pub message: Saying,
}

/// One seat's table of a game between two devices: the room and the connection, then what
/// the interface knows as on any table ([`TableUi`]).
#[derive(Clone, Debug, PartialEq)]
pub struct OnlineTable {
    pub room: String,
    /// The seat held here, once the server welcomed it.
    pub seat: Option<Seat>,
    /// This page watches the game (the server welcomed it without a seat): it draws what was
    /// shown to both, from seat A's side, and asks for nothing.
    pub watching: bool,
    /// How many watchers the room has (where watchers are allowed).
    pub watchers: u32,
    /// The room as last sent by the server, at version `seq`.
    pub view: Option<Rc<SeatView>>,
    pub seq: u64,
    /// What the seat has seen: what the table draws (none before the first state).
    pub seen: Option<Rc<Seen>>,
    pub link: Link,
    /// Whether each seat's player is connected, as the server last said.
    pub presence: [bool; 2],
    /// The fixed messages said, the last few.
    pub said: Vec<Said>,
    pub error: Option<OnlineError>,
    /// The version a decision was sent against, until the server answers with a newer state
    /// or an error.
    pub sent: Option<u64>,
    /// The finished game's whole record, once asked for and sent.
    pub record: Option<Rc<Record>>,
    /// What the interface knows beside the game, as on any table; its version is bumped at
    /// every change of the game shown (sounds, the focus and announcements follow it).
    pub ui: TableUi,
}

/// What can happen to the table of a game between devices.
#[derive(Clone, Debug, PartialEq)]
pub enum OnlineAction {
    /// The connection changed.
    Link(Link),
    /// A message of the server.
    Message(ServerMessage),
    /// A message of the server that could not be read, and why.
    Unreadable(String),
    /// Something touched at the table that only the interface knows (a decision goes to the
    /// server instead: [`OnlineTable::request`]).
    Table(TableAction),
    /// A change was sent to the server against version `seq`.
    Sent(u64),
    /// The notice of an error was closed.
    DismissError,
}

/// How many fixed messages stay on the table.
pub const SAID_SHOWN: usize = 1;

impl OnlineTable {
    pub fn new(room: String) -> OnlineTable {
        OnlineTable {
            room,
            seat: None,
            watching: false,
            watchers: 0,
            view: None,
            seq: 0,
            seen: None,
            link: Link::Connecting,
            presence: [false; 2],
            said: Vec::new(),
            error: None,
            sent: None,
            record: None,
            ui: TableUi::default(),
        }
    }

    /// Where the room stands, once a state came.
    pub fn stage(&self) -> Option<Stage> {
        self.view.as_ref().map(|v| v.stage)
    }

    /// The message the server must get for what was touched at the table, if it is a change
    /// of the game this seat may ask for now (its decision, the cut's choice, the next deal):
    /// `None` for what only the interface knows, for a decision not this seat's, or while a
    /// change sent waits for its answer.
    pub fn request(&self, action: &TableAction) -> Option<ClientMessage> {
        let view = self.view.as_ref()?;
        if self.watching || self.sent == Some(self.seq) || self.link != Link::Open {
            return None;
        }
        let seq = self.seq;
        match (action, view.stage) {
            (&TableAction::Act(seat, action), Stage::Playing { to_act })
                if Some(seat) == self.seat && seat == to_act =>
            {
                Some(ClientMessage::Act { seq, action })
            }
            // The only card this seat may play, played by itself if nothing changed meanwhile.
            (&TableAction::PlayForced { at }, Stage::Playing { to_act })
                if Some(to_act) == self.seat && at == self.ui.version =>
            {
                let card = self.seen.as_ref()?.forced_card()?;
                Some(ClientMessage::Act {
                    seq,
                    action: piquet_engine::Action::Play(card),
                })
            }
            (&TableAction::ChooseDealer(deal), Stage::ChoosingDealer { chooser })
                if Some(chooser) == self.seat =>
            {
                Some(ClientMessage::ChooseDealer { seq, deal })
            }
            (TableAction::DealNext, Stage::DealDue) => Some(ClientMessage::NextDeal { seq }),
            _ => None,
        }
    }

    /// Whether `action` is a change of the game (sent to the server, never reduced here).
    pub fn is_game_action(action: &TableAction) -> bool {
        matches!(
            action,
            TableAction::Act(..)
                | TableAction::PlayForced { .. }
                | TableAction::ChooseDealer(_)
                | TableAction::DealNext
        )
    }

    /// The seats' names as this seat says them: itself « Vous », the other by the name he
    /// gave (or « Votre ami » until he joins).
    pub fn names(&self, lang: Lang) -> Names {
        let seat = self.seat.unwrap_or(Seat::A);
        let given = |s: Seat| {
            self.view
                .as_ref()
                .and_then(|v| v.names[s.index()].clone())
                .unwrap_or_else(|| Text::FriendDefaultName.get(lang).to_string())
        };
        // A watcher: both players by their names.
        if self.watching {
            return Names {
                a: given(Seat::A),
                b: given(Seat::B),
                you: None,
            };
        }
        let you = Text::You.get(lang).to_string();
        let (a, b) = match seat {
            Seat::A => (you, given(Seat::B)),
            Seat::B => (given(Seat::A), you),
        };
        Names {
            a,
            b,
            you: Some(seat),
        }
    }

    /// Whether the other seat's player is connected now.
    pub fn other_here(&self) -> bool {
        self.seat.is_some_and(|s| self.presence[s.other().index()])
    }

    /// Whether a decision is this seat's now (a move or the cut's choice).
    pub fn my_turn(&self) -> bool {
        self.view.as_ref().is_some_and(|v| v.my_turn())
    }

    /// Whether the game is over and a rematch was asked by this seat (waiting for the
    /// other), and by the other.
    pub fn rematch(&self) -> (bool, bool) {
        match (self.view.as_ref(), self.seat) {
            (Some(v), Some(s)) => (v.rematch[s.index()], v.rematch[s.other().index()]),
            _ => (false, false),
        }
    }

    fn on_state(&mut self, seq: u64, view: Box<SeatView>) {
        let view: Rc<SeatView> = Rc::from(view);
        let seen = Seen::of_view(&view);
        let before = self.seen.clone();
        let changed = match (&before, &seen) {
            (Some(b), Some(s)) => **b != *s,
            (None, None) => false,
            _ => true,
        };
        let fresh = match (&before, &seen) {
            (Some(b), Some(s)) => fresh_events(b, s),
            (None, Some(_)) => Vec::new(),
            _ => Vec::new(),
        };
        self.seq = seq;
        self.sent = None;
        // A rematch: the record asked for was the game before's.
        if self
            .view
            .as_ref()
            .is_some_and(|v| v.game_number != view.game_number)
        {
            self.record = None;
        }
        self.view = Some(view);
        if let Some(seen) = &seen {
            if self.seat.is_none() && !self.watching {
                self.seat = Some(seen.seat);
            }
        }
        if !changed {
            self.seen = seen.map(Rc::new);
            return;
        }
        // Cards this seat just drew: what its hand gained when it drew from the talon.
        let me = self.seat;
        let drew = fresh
            .iter()
            .any(|e| matches!(e, Event::Drew { seat, .. } if Some(*seat) == me));
        let hand = |s: Option<&Seen>| {
            s.and_then(|s| s.deal.as_ref())
                .map_or(CardSet::EMPTY, |d| d.hand)
        };
        let same_deal = before
            .as_ref()
            .zip(seen.as_ref())
            .is_some_and(|(b, s)| b.deals == s.deals);
        if drew && same_deal {
            self.ui.drawn = hand(seen.as_ref()) - hand(before.as_deref());
        } else if !same_deal {
            self.ui.drawn = CardSet::EMPTY;
        }
        self.seen = seen.map(Rc::new);
        self.error = None;
        self.ui.changed(fresh);
    }

    fn on_error(&mut self, e: ErrorMessage) {
        self.sent = None;
        // Asked against a state the game has left (both players dealt at once, a message sent
        // again after a reconnection): the newer state is on its way and says it all.
        if e.code == ErrorCode::Stale {
            return;
        }
        if matches!(
            e.code,
            ErrorCode::UnknownRoom
                | ErrorCode::UnknownToken
                | ErrorCode::RoomFull
                | ErrorCode::BadOrigin
                | ErrorCode::WatchersNotAllowed
        ) {
            self.link = Link::Refused(e.code);
        }
        self.error = Some(OnlineError::Server(e));
    }

    fn on_said(&mut self, seat: Seat, message: Saying) {
        let n = self.said.last().map_or(0, |s| s.n + 1);
        self.said.push(Said { n, seat, message });
        let extra = self.said.len().saturating_sub(SAID_SHOWN);
        self.said.drain(..extra);
    }

    /// What only the interface knows, as on any table ([`TableUi::interface`]), and
    /// « Réessayer » after an error.
    fn on_table(&mut self, action: TableAction) -> bool {
        if self.ui.interface(&action, self.seen.as_deref()) {
            return true;
        }
        match action {
            TableAction::Retry => self.error = None,
            _ => return false,
        }
        true
    }
}

/// The events a new state brought: those of the same deal after the ones already seen, or all
/// of a new deal's.
fn fresh_events(before: &Seen, after: &Seen) -> Vec<Event> {
    if before.deals == after.deals && after.events.starts_with(&before.events) {
        after.events[before.events.len()..].to_vec()
    } else if before.deals == after.deals {
        Vec::new()
    } else {
        after.events.clone()
    }
}

impl Seen {
    /// What a seat has seen, as the game server sends it; a watcher's view is drawn from seat
    /// A's side ([`Seen::watched`]).
    pub fn of_view(view: &SeatView) -> Option<Seen> {
        let Some(seat) = view.seat else {
            return Some(Seen::watched(view, Seat::A));
        };
        Some(Seen {
            seat,
            rules: view.rules,
            cut: view.cut.draws.clone(),
            cut_chooser: view.cut.chooser,
            game: view.game.clone(),
            deal: view
                .observation()
                .cloned()
                .or_else(|| view.last_deal.clone()),
            deals: view.deal_number,
            events: view.events.clone(),
            highlights: view.highlights.clone(),
            both_here: false,
        })
    }

    /// What a watcher sees (a view without a seat), drawn from `side`'s side of the table:
    /// what was shown to both ([`crate::online::PublicDeal::observation`]), no hand, no
    /// decision. The other side's seat is drawn from this one; `side`'s own seat, as the
    /// other side sees it ([`watched_seats`]).
    pub fn watched(view: &SeatView, side: Seat) -> Seen {
        let deal = view
            .public
            .as_ref()
            .map(|p| p.observation(side, view.rules));
        let mut game = view.game.clone();
        if let Some(g) = game.as_mut() {
            // The deal in progress (a finished one stays drawn until the next is dealt).
            g.deal = deal
                .clone()
                .filter(|d| !matches!(d.phase, piquet_engine::Phase::Finished { .. }));
        }
        Seen {
            seat: side,
            rules: view.rules,
            cut: view.cut.draws.clone(),
            cut_chooser: view.cut.chooser,
            game,
            deal,
            deals: view.deal_number,
            events: view.events.clone(),
            highlights: view.highlights.clone(),
            both_here: false,
        }
    }
}

/// A watcher's two seats, B at the top and A at the bottom, each as the other side sees it:
/// its name, its counts, its cards as backs and those it showed.
pub fn watched_seats(view: &SeatView, names: &Names) -> [crate::model::SeatModel; 2] {
    let from_a = Seen::watched(view, Seat::A);
    let from_b = Seen::watched(view, Seat::B);
    [
        crate::model::seat_model(&from_a, Seat::B, names),
        crate::model::seat_model(&from_b, Seat::A, names),
    ]
}

impl Reduce for OnlineTable {
    type Action = OnlineAction;

    fn reduce(self: Rc<Self>, action: OnlineAction) -> Rc<Self> {
        let mut next = (*self).clone();
        let changed = match action {
            OnlineAction::Link(link) => {
                // A refusal stands: the connection closing after it changes nothing.
                if matches!(next.link, Link::Refused(_)) || next.link == link {
                    false
                } else {
                    next.link = link;
                    if link != Link::Open {
                        next.sent = None;
                    }
                    true
                }
            }
            OnlineAction::Message(m) => {
                match m {
                    ServerMessage::Welcome { seat, .. } => {
                        next.seat = seat;
                        next.watching = seat.is_none();
                        next.link = Link::Open;
                        if let Some(s) = seat {
                            next.presence[s.index()] = true;
                        }
                    }
                    ServerMessage::State { seq, view } => next.on_state(seq, view),
                    ServerMessage::Error(e) => next.on_error(e),
                    ServerMessage::Presence { seat, connected } => {
                        next.presence[seat.index()] = connected
                    }
                    ServerMessage::Said { seat, message } => next.on_said(seat, message),
                    ServerMessage::Record { record, .. } => next.record = Some(Rc::from(record)),
                    ServerMessage::Watchers { count } => next.watchers = count,
                    // An update is read as the state it makes (`online_patch::Views`) before it
                    // comes here.
                    ServerMessage::Ack { .. }
                    | ServerMessage::TimedOut { .. }
                    | ServerMessage::Update { .. }
                    | ServerMessage::Pong => return self,
                }
                true
            }
            OnlineAction::Unreadable(why) => {
                next.error = Some(OnlineError::Unreadable(why));
                true
            }
            OnlineAction::Table(a) => next.on_table(a),
            OnlineAction::Sent(seq) => {
                next.sent = Some(seq);
                true
            }
            OnlineAction::DismissError => {
                next.error = None;
                true
            }
        };
        if changed { Rc::new(next) } else { self }
    }
}

/// The player's games between devices, as stored: each room with the seat's token (the
/// secret that holds the seat: a reload, another tab or a lost connection rejoin it), the
/// most recent first.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MyRooms {
    pub rooms: Vec<RoomKey>,
}

/// The version of the stored rooms this build writes.
pub const ROOMS_VERSION: u32 = 1;

impl MyRooms {
    /// The seat's token in `room`, if this device holds one.
    pub fn token(&self, room: &str) -> Option<&str> {
        self.rooms
            .iter()
            .find(|r| r.room == room)
            .map(|r| r.token.as_str())
    }

    /// Keeps `room`'s token, first of the list (at most [`MAX_STATUS_ROOMS`] kept: the
    /// oldest go).
    pub fn remember(&mut self, room: &str, token: &str) {
        self.rooms.retain(|r| r.room != room);
        self.rooms.insert(
            0,
            RoomKey {
                room: room.to_string(),
                token: token.to_string(),
            },
        );
        self.rooms.truncate(MAX_STATUS_ROOMS);
    }

    /// Forgets `room` (it expired on the server).
    pub fn forget(&mut self, room: &str) {
        self.rooms.retain(|r| r.room != room);
    }

    /// The stored form: a versioned envelope.
    pub fn to_stored(&self) -> String {
        serde_json::json!({ "v": ROOMS_VERSION, "rooms": self.rooms }).to_string()
    }

    /// Reads the stored form: each room on its own (one that does not read is left out and
    /// counted in the problem, the others kept).
    pub fn read_stored(raw: &str) -> Reading<MyRooms> {
        let mut fields = match envelope(raw, ROOMS_VERSION) {
            Ok(f) => f,
            Err(p) => return Reading::Unusable(p),
        };
        let Some(serde_json::Value::Array(items)) = fields.remove("rooms") else {
            return Reading::Unusable(StoredProblem::Malformed);
        };
        let of = items.len();
        let rooms: Vec<RoomKey> = items
            .into_iter()
            .filter_map(|v| serde_json::from_value(v).ok())
            .collect();
        match of - rooms.len() {
            0 => Reading::Whole(MyRooms { rooms }),
            unread if unread == of => Reading::Unusable(StoredProblem::Malformed),
            unread => Reading::Part(MyRooms { rooms }, StoredProblem::Entries { unread, of }),
        }
    }
}

/// How long is left before `deadline_ms` at `now_ms`, as a player reads it: « 0:42 » within
/// the hour (minutes and seconds), « 5 h 07 » within the day, « 2 j 5 h » beyond (English
/// « 2 d 5 h »); `None` once it has passed.
pub fn time_left(deadline_ms: u64, now_ms: u64, lang: Lang) -> Option<String> {
    let left = deadline_ms.checked_sub(now_ms).filter(|&l| l > 0)?;
    // Within the hour, counted down to the second: « 0:01 » until it is up; beyond, the
    // whole minutes or hours left (a day just begun reads « 23 h 59 », not « 1 j 0 h »).
    let secs = left / 1000;
    Some(if left <= 3_600_000 {
        let secs = left.div_ceil(1000);
        format!("{}:{:02}", secs / 60, secs % 60)
    } else if secs < 24 * 3600 {
        let minutes = secs / 60;
        format!("{} h {:02}", minutes / 60, minutes % 60)
    } else {
        let hours = secs / 3600;
        let day = match lang {
            Lang::Fr => "j",
            Lang::En => "d",
        };
        format!("{} {day} {} h", hours / 24, hours % 24)
    })
}

/// « encore 0:42 », « 0:42 left », or « temps écoulé » once it has passed.
fn left_words(deadline_ms: u64, now_ms: u64, lang: Lang) -> String {
    match time_left(deadline_ms, now_ms, lang) {
        Some(left) => match lang {
            Lang::Fr => format!("encore {left}"),
            Lang::En => format!("{left} left"),
        },
        None => Text::TimeUp.get(lang).to_string(),
    }
}

/// Under a time limit per move, who is to decide and how long is left, as the table shows it
/// to both seats (and to watchers): « À vous : encore 0:42 », « Bob : encore 23 h 59 »,
/// « Donne suivante : encore 2 j 5 h » (either may deal), « Bob : temps écoulé » in the moment
/// before the server moves for him. `None` without a deadline.
pub fn deadline_line(view: &SeatView, names: &Names, now_ms: u64, lang: Lang) -> Option<String> {
    let deadline = view.deadline_ms?;
    let mover = |s: Seat| {
        if names.you == Some(s) {
            Text::YourMove.get(lang).to_string()
        } else {
            names.of(s).to_string()
        }
    };
    let who = match view.stage {
        Stage::Playing { to_act } => mover(to_act),
        Stage::ChoosingDealer { chooser } => mover(chooser),
        Stage::DealDue => Text::NextDealDue.get(lang).to_string(),
        Stage::WaitingForOpponent | Stage::GameOver => return None,
    };
    Some(crate::words::labelled(
        &who,
        &left_words(deadline, now_ms, lang),
        lang,
    ))
}

/// What the server did for a seat whose time ran out, said to both (and to watchers) until
/// that seat decides again: « Temps écoulé pour Bob : l’ordinateur a joué 2 coups à sa
/// place. », « Temps écoulé : l’ordinateur a joué 1 coup à votre place. »
pub fn timed_out_lines(view: &SeatView, names: &Names, lang: Lang) -> Vec<String> {
    [Seat::A, Seat::B]
        .into_iter()
        .filter(|s| view.timed_out[s.index()] > 0)
        .map(|s| {
            let n = view.timed_out[s.index()];
            let you = names.you == Some(s);
            let who = names.of(s);
            match (lang, you) {
                (Lang::Fr, true) => format!(
                    "Temps écoulé : l’ordinateur a joué {n} coup{} à votre place.",
                    if n > 1 { "s" } else { "" }
                ),
                (Lang::Fr, false) => format!(
                    "Temps écoulé pour {who} : l’ordinateur a joué {n} coup{} à sa place.",
                    if n > 1 { "s" } else { "" }
                ),
                (Lang::En, true) => format!(
                    "Your time ran out: the computer made {n} move{} in your place.",
                    if n > 1 { "s" } else { "" }
                ),
                (Lang::En, false) => format!(
                    "Time ran out for {who}: the computer made {n} move{} in their place.",
                    if n > 1 { "s" } else { "" }
                ),
            }
        })
        .collect()
}

/// A time per move in words: « 1 minute », « 1 jour », « 3 jours », « 2 h », « 90 s ».
pub fn duration_words(secs: u32, lang: Lang) -> String {
    let plural = |n: u32, fr: &str, en: &str| {
        let s = if n > 1 { "s" } else { "" };
        match lang {
            Lang::Fr => format!("{n} {fr}{s}"),
            Lang::En => format!("{n} {en}{s}"),
        }
    };
    match secs {
        s if s % 86_400 == 0 => plural(s / 86_400, "jour", "day"),
        s if s % 3600 == 0 => format!("{} h", s / 3600),
        s if s % 60 == 0 => plural(s / 60, "minute", "minute"),
        s => format!("{s} s"),
    }
}

/// A room's settings in a few words, for the friend about to join: « Classique · Partie en
/// 100, en une seule manche · 1 jour par coup · spectateurs admis ».
pub fn settings_words(settings: &RoomSettings, lang: Lang) -> String {
    let t = |x: Text| x.get(lang);
    let mut parts = vec![crate::rules_text::preset_name(&settings.preset, lang).to_string()];
    let format = settings.format.or_else(|| {
        piquet_engine::Rules::by_id(&settings.preset)
            .ok()
            .map(|r| crate::session::FormatChoice::of(&r))
    });
    if let Some(format) = format {
        parts.push(format.words(lang));
    }
    if let Some(limit) = settings.move_limit_secs {
        let limit = duration_words(limit, lang);
        parts.push(match lang {
            Lang::Fr => format!("{limit} par coup"),
            Lang::En => format!("{limit} per move"),
        });
    }
    parts.push(
        if settings.watchers {
            t(Text::WatchersAllowed)
        } else {
            t(Text::NoWatchers)
        }
        .to_string(),
    );
    parts.join(" · ")
}

/// What the room's link says to a visitor without a seat, from [`RoomInfo`]: who invites him
/// (the seat is free), or who plays already and whether he may watch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Visit {
    /// « Alice vous invite à une partie de piquet, chacun sur son appareil. », or « Alice et
    /// Bob jouent déjà cette partie. »
    pub headline: String,
    /// The room's settings ([`settings_words`]).
    pub settings: String,
    /// The seat is free: the visitor may join.
    pub may_join: bool,
    /// Both seats are taken and the players allowed watchers.
    pub may_watch: bool,
    /// Both seats are taken: whether he may watch, said by the players' names.
    pub watching: Option<String>,
}

/// What the room's link says to a visitor without a seat.
pub fn visit(info: &RoomInfo, lang: Lang) -> Visit {
    let name = |s: Seat| {
        info.names[s.index()]
            .clone()
            .unwrap_or_else(|| Text::FriendDefaultName.get(lang).to_string())
    };
    let (a, b) = (name(Seat::A), name(Seat::B));
    let free = info.seat_free();
    let headline = match (free, lang) {
        (true, Lang::Fr) => {
            format!("{a} vous invite à une partie de piquet, chacun sur son appareil.")
        }
        (true, Lang::En) => {
            format!("{a} invites you to a game of piquet, each on your own device.")
        }
        (false, Lang::Fr) => format!("{a} et {b} jouent déjà cette partie."),
        (false, Lang::En) => format!("{a} and {b} are already playing this game."),
    };
    let watching = (!free).then(|| watchers_words(info, lang));
    Visit {
        headline,
        settings: settings_words(&info.settings, lang),
        may_join: free,
        may_watch: !free && info.settings.watchers,
        watching,
    }
}

/// Whether the players of a room allow watchers, said by their names: « Alice et Bob
/// acceptent des spectateurs. », « Alice et Bob n’acceptent pas de spectateurs. »
pub fn watchers_words(info: &RoomInfo, lang: Lang) -> String {
    let name = |s: Seat| {
        info.names[s.index()]
            .clone()
            .unwrap_or_else(|| Text::FriendDefaultName.get(lang).to_string())
    };
    let (a, b) = (name(Seat::A), name(Seat::B));
    let players = if info.seat_free() {
        a
    } else {
        match lang {
            Lang::Fr => format!("{a} et {b}"),
            Lang::En => format!("{a} and {b}"),
        }
    };
    let one = info.seat_free();
    match (info.settings.watchers, lang) {
        (true, Lang::Fr) if one => format!("{players} accepte des spectateurs."),
        (true, Lang::Fr) => format!("{players} acceptent des spectateurs."),
        (false, Lang::Fr) if one => format!("{players} n’accepte pas de spectateurs."),
        (false, Lang::Fr) => format!("{players} n’acceptent pas de spectateurs."),
        (true, Lang::En) if one => format!("{players} allows watchers."),
        (true, Lang::En) => format!("{players} allow watchers."),
        (false, Lang::En) if one => format!("{players} does not allow watchers."),
        (false, Lang::En) => format!("{players} do not allow watchers."),
    }
}

/// Where the game stands, as a watcher's panel says it: « À Alice de jouer », « Bob a la plus
/// haute carte et choisit qui donne. », « Donne 3 terminée  : Alice 24, Bob 11 », the final
/// verdict, or that the second player has not come.
pub fn watch_status(view: &SeatView, seen: &Seen, names: &Names, lang: Lang) -> String {
    let t = |x: Text| x.get(lang);
    match view.stage {
        Stage::WaitingForOpponent => t(Text::WaitingForSecondPlayer).to_string(),
        Stage::ChoosingDealer { chooser } => {
            format!("{} {}", names.of(chooser), t(Text::ChoosesWhoDeals))
        }
        Stage::Playing { to_act } => match lang {
            Lang::Fr => format!("À {} de jouer", names.of(to_act)),
            Lang::En => format!("{} to play", names.of(to_act)),
        },
        Stage::DealDue => match seen.results().last() {
            Some(last) => crate::words::labelled(
                &match lang {
                    Lang::Fr => format!("Donne {} terminée", seen.results().len()),
                    Lang::En => format!("Deal {} over", seen.results().len()),
                },
                &format!(
                    "{} {}, {} {}",
                    names.a, last.points[0], names.b, last.points[1]
                ),
                lang,
            ),
            None => t(Text::WaitingForDeal).to_string(),
        },
        Stage::GameOver => crate::model::final_score(seen, names, lang)
            .map(|f| f.verdict)
            .unwrap_or_default(),
    }
}

/// « 1 spectateur », « 2 watchers »: how many watch, for the players.
pub fn watchers_count(n: u32, lang: Lang) -> String {
    let s = if n > 1 { "s" } else { "" };
    match lang {
        Lang::Fr => format!("{n} spectateur{s}"),
        Lang::En => format!("{n} watcher{s}"),
    }
}

/// The home screen's line for one of the player's games between devices: the other's name,
/// whose turn it is (or that it is over, or waiting for the friend), the score, and under a
/// time limit per move how long is left at `now_ms`.
pub fn status_line(status: &RoomStatus, now_ms: u64, lang: Lang) -> String {
    let t = |x: Text| x.get(lang);
    let other = status.names[status.seat.other().index()]
        .clone()
        .unwrap_or_else(|| t(Text::FriendDefaultName).to_string());
    let (me, them) = (
        status.totals[status.seat.index()],
        status.totals[status.seat.other().index()],
    );
    let turn = match status.stage {
        Stage::WaitingForOpponent => t(Text::WaitingForFriend).to_string(),
        Stage::GameOver => t(Text::OnlineGameOver).to_string(),
        _ if status.my_turn => t(Text::TurnYours).to_string(),
        Stage::DealDue => t(Text::TurnYours).to_string(),
        _ => t(Text::TurnTheirs).to_string(),
    };
    let line = format!("{other} · {turn} · {me}–{them}");
    match status.deadline_ms {
        Some(deadline) if status.outcome.is_none() => {
            format!("{line} · {}", left_words(deadline, now_ms, lang))
        }
        _ => line,
    }
}

/// A room's id as a link carries it (`?room=…`): hexadecimal digits, 16 to 64 of them (the
/// server makes 32: 128 random bits). Anything else is no room.
pub fn room_id(text: &str) -> Option<String> {
    let ok = (16..=64).contains(&text.len()) && text.bytes().all(|b| b.is_ascii_hexdigit());
    ok.then(|| text.to_ascii_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::online::{RoomFacts, RoomSettings};
    use crate::session::testing::config;
    use crate::session::{Opponent, Session};
    use piquet_engine::random::random_action;
    use piquet_engine::{Action, SplitMix64};

    fn facts(preset: &str) -> RoomFacts {
        RoomFacts {
            settings: RoomSettings {
                preset: preset.into(),
                format: None,
                custom_rules: None,
                watchers: false,
                move_limit_secs: None,
            },
            names: [Some("Alice".into()), Some("Bob".into())],
            game_number: 1,
            rematch: [false; 2],
            deadline_ms: None,
            timed_out: [0; 2],
        }
    }

    fn state(session: &Session, seat: Seat, seq: u64, room: &RoomFacts) -> OnlineAction {
        OnlineAction::Message(ServerMessage::State {
            seq,
            view: Box::new(SeatView::of(session, Some(seat), room)),
        })
    }

    fn welcomed(seat: Seat) -> Rc<OnlineTable> {
        welcomed_as(Some(seat))
    }

    /// A table the server welcomed to a seat, or as a watcher (`None`).
    fn welcomed_as(seat: Option<Seat>) -> Rc<OnlineTable> {
        Rc::new(OnlineTable::new("r".into())).reduce(OnlineAction::Message(
            ServerMessage::Welcome {
                room: "r".into(),
                seat,
                protocol: crate::online::PROTOCOL_VERSION,
                limits: crate::online::Limits {
                    max_message_bytes: 4096,
                    messages_per_sec: 20,
                    idle_room_secs: 3600,
                },
            },
        ))
    }

    /// Two tables, one per seat, fed every state a server would send over whole games of
    /// every preset: each table's drawing is exactly what its seat has seen of the session,
    /// and each asks the server only for its own decisions.
    #[test]
    fn each_seat_draws_the_session_as_it_sees_it_over_whole_games() {
        let (mut states, mut forced_cards) = (0, 0);
        for (i, preset) in piquet_engine::Rules::IDS.iter().enumerate() {
            let room = facts(preset);
            let mut s = Session::new(config(preset, Opponent::Human, 60 + i as u64)).unwrap();
            let mut tables = [welcomed(Seat::A), welcomed(Seat::B)];
            let mut rng = SplitMix64::new(i as u64);
            let mut buf = Vec::new();
            let mut seq = 0;
            loop {
                seq += 1;
                for seat in [Seat::A, Seat::B] {
                    let t = tables[seat.index()]
                        .clone()
                        .reduce(state(&s, seat, seq, &room));
                    let mut expected = Seen::of(&s, seat);
                    expected.both_here = false;
                    assert_eq!(t.seen.as_deref(), Some(&expected), "{preset} {seat:?}");
                    assert_eq!(t.seq, seq);
                    tables[seat.index()] = t;
                    states += 1;
                }
                if let Some(chooser) = s.cut_chooser() {
                    let t = &tables[chooser.index()];
                    assert_eq!(
                        t.request(&TableAction::ChooseDealer(true)),
                        Some(ClientMessage::ChooseDealer { seq, deal: true })
                    );
                    assert_eq!(
                        tables[chooser.other().index()].request(&TableAction::ChooseDealer(true)),
                        None
                    );
                    s.choose_dealer(true).unwrap();
                    continue;
                }
                if s.game.as_ref().unwrap().outcome().is_some() {
                    break;
                }
                if s.needs_deal() {
                    for t in &tables {
                        assert_eq!(
                            t.request(&TableAction::DealNext),
                            Some(ClientMessage::NextDeal { seq })
                        );
                    }
                    s.deal_next();
                    continue;
                }
                let deal = *s.game.as_ref().unwrap().deal().unwrap();
                let (seat, action) = random_action(&deal, &mut rng, &mut buf).unwrap();
                let mine = &tables[seat.index()];
                let theirs = &tables[seat.other().index()];
                // A forced card is asked for by the seat to play, at its version only.
                let forced = TableAction::PlayForced {
                    at: mine.ui.version,
                };
                match mine.seen.as_ref().and_then(|s| s.forced_card()) {
                    Some(card) => {
                        forced_cards += 1;
                        assert_eq!(
                            mine.request(&forced),
                            Some(ClientMessage::Act {
                                seq,
                                action: Action::Play(card)
                            })
                        );
                        let late = TableAction::PlayForced {
                            at: mine.ui.version + 1,
                        };
                        assert_eq!(mine.request(&late), None);
                    }
                    None => assert_eq!(mine.request(&forced), None),
                }
                assert_eq!(
                    theirs.request(&TableAction::PlayForced {
                        at: theirs.ui.version
                    }),
                    None
                );
                assert_eq!(
                    mine.request(&TableAction::Act(seat, action)),
                    Some(ClientMessage::Act { seq, action })
                );
                assert_eq!(theirs.request(&TableAction::Act(seat, action)), None);
                // Sent: not sent again until the server answers.
                let waiting = mine.clone().reduce(OnlineAction::Sent(seq));
                assert_eq!(waiting.request(&TableAction::Act(seat, action)), None);
                s.apply(seat, action).unwrap();
            }
        }
        assert!(states > 500, "{states}");
        assert!(forced_cards > 20, "{forced_cards}");
    }

    #[test]
    fn a_new_state_brings_its_fresh_events_toasts_and_the_cards_drawn() {
        let room = facts("classique");
        let mut s = Session::new(config("classique", Opponent::Human, 5)).unwrap();
        s.deal_next();
        let elder = s.to_act().unwrap();
        let mut t = welcomed(elder).reduce(state(&s, elder, 1, &room));
        let version = t.ui.version;
        let hand = s.view(elder).unwrap().hand;
        let discard: CardSet = hand.into_iter().take(3).collect();
        s.apply(elder, Action::Discard(discard)).unwrap();
        t = t.reduce(state(&s, elder, 2, &room));
        assert!(t.ui.version > version);
        assert!(
            t.ui.last_events
                .iter()
                .any(|e| matches!(e, Event::Drew { seat, .. } if *seat == elder))
        );
        let now = s.view(elder).unwrap().hand;
        assert_eq!(t.ui.drawn, now - hand);
        assert_eq!(t.ui.drawn.len(), 3);
        // The same state again (a reconnection) changes nothing shown.
        let again = t.clone().reduce(state(&s, elder, 2, &room));
        assert_eq!(again.ui.version, t.ui.version);
        assert_eq!(again.ui.last_events, t.ui.last_events);
    }

    #[test]
    fn errors_presence_and_fixed_messages() {
        let t = welcomed(Seat::A);
        assert!(t.presence[0] && !t.other_here());
        let t = t.reduce(OnlineAction::Message(ServerMessage::Presence {
            seat: Seat::B,
            connected: true,
        }));
        assert!(t.other_here());
        // An illegal move is said in words; the seat keeps its connection.
        let t = t.reduce(OnlineAction::Message(ServerMessage::Error(
            ErrorMessage::new(ErrorCode::OutOfTurn),
        )));
        assert_eq!(
            t.error.as_ref().unwrap().words(Lang::Fr),
            "Ce n’est pas à vous de jouer."
        );
        assert_eq!(t.link, Link::Open);
        // A change that came too late says nothing: the newer state follows.
        let late = t
            .clone()
            .reduce(OnlineAction::Sent(0))
            .reduce(OnlineAction::Message(ServerMessage::Error(
                ErrorMessage::new(ErrorCode::Stale),
            )));
        assert_eq!(late.error, t.error);
        assert_eq!(late.sent, None);
        // A room that expired: no more tries.
        let gone = t.clone().reduce(OnlineAction::Message(ServerMessage::Error(
            ErrorMessage::new(ErrorCode::UnknownRoom),
        )));
        assert_eq!(gone.link, Link::Refused(ErrorCode::UnknownRoom));
        assert!(!gone.link.retries());
        let closed = gone
            .clone()
            .reduce(OnlineAction::Link(Link::Reconnecting { attempt: 1 }));
        assert_eq!(closed.link, gone.link);
        // Messages (the server sends each to both seats): the last one, each with its own key.
        let mut t = t;
        for m in [Saying::WellPlayed, Saying::Thanks, Saying::WellPlayed] {
            t = t.reduce(OnlineAction::Message(ServerMessage::Said {
                seat: Seat::B,
                message: m,
            }));
        }
        let keys: Vec<(u64, Saying)> = t.said.iter().map(|s| (s.n, s.message)).collect();
        assert_eq!(keys, [(2, Saying::WellPlayed)]);
        // Unreadable messages are named.
        let err = crate::online_patch::Views::default()
            .read("{\"type\":\"shout\"}")
            .unwrap_err();
        assert!(err.contains("shout"), "{err}");
        let t = t.reduce(OnlineAction::Unreadable(err));
        assert!(
            t.error
                .as_ref()
                .unwrap()
                .words(Lang::En)
                .starts_with("A message from the server could not be read")
        );
    }

    fn watcher() -> Rc<OnlineTable> {
        welcomed_as(None)
    }

    /// A watcher's table fed every state of whole games of every preset: it never holds a card
    /// both seats were not shown, draws both seats' counts and shown cards as they are, and
    /// asks the server for nothing.
    #[test]
    fn a_watcher_draws_only_what_both_were_shown_and_asks_for_nothing() {
        use crate::online::testing::{cards_named, knowable};
        let mut states = 0;
        for (i, preset) in piquet_engine::Rules::IDS.iter().enumerate() {
            let room = facts(preset);
            let mut s = Session::new(config(preset, Opponent::Human, 80 + i as u64)).unwrap();
            let mut t = watcher();
            assert!(t.watching && t.seat.is_none());
            let mut rng = SplitMix64::new(i as u64);
            let mut buf = Vec::new();
            let (mut seq, mut deals) = (0, 0);
            let mut both = CardSet::EMPTY;
            loop {
                seq += 1;
                if s.record.deals.len() != deals {
                    deals = s.record.deals.len();
                    both = CardSet::EMPTY;
                }
                let (mut a, mut b) = (CardSet::EMPTY, CardSet::EMPTY);
                knowable(&s, Seat::A, &mut a);
                knowable(&s, Seat::B, &mut b);
                both |= a & b;
                let view = SeatView::of(&s, None, &room);
                t = t.reduce(OnlineAction::Message(ServerMessage::State {
                    seq,
                    view: Box::new(view.clone()),
                }));
                states += 1;
                let seen = t.seen.as_deref().expect("a watcher draws the game");
                let mut named = CardSet::EMPTY;
                cards_named(&serde_json::to_value(seen).unwrap(), &mut named);
                assert!(
                    (named - both).is_empty(),
                    "{preset}: the watcher holds {}",
                    named - both
                );
                assert!(t.seat.is_none(), "a watcher holds no seat");
                let names = t.names(Lang::Fr);
                assert_eq!((names.a.as_str(), names.b.as_str()), ("Alice", "Bob"));
                assert_eq!(names.you, None);
                if let Some(deal) = s.deal() {
                    let [top, bottom] = watched_seats(&view, &names);
                    assert_eq!((top.seat, bottom.seat), (Seat::B, Seat::A));
                    let played: CardSet = deal
                        .plays_with_seats()
                        .into_iter()
                        .map(|(_, c)| c)
                        .collect();
                    for m in [&top, &bottom] {
                        assert_eq!(usize::from(m.hand_len), deal.hand(m.seat).len());
                        let shown: CardSet = m.shown.iter().copied().collect();
                        assert_eq!(shown, deal.shown(m.seat) - played, "{preset}");
                        assert_eq!(m.count, deal.observation(m.seat).scores[m.seat.index()]);
                    }
                    assert!(seen.deal.as_ref().unwrap().hand.is_empty());
                }
                // Where the game stands, as the watcher's panel says it.
                let status = watch_status(&view, seen, &names, Lang::Fr);
                match view.stage {
                    Stage::Playing { to_act } => {
                        assert_eq!(status, format!("À {} de jouer", names.of(to_act)))
                    }
                    Stage::DealDue if deals > 0 => {
                        assert!(
                            status.starts_with(&format!("Donne {deals} terminée")),
                            "{status}"
                        )
                    }
                    Stage::GameOver => assert!(status.ends_with("gagne la partie"), "{status}"),
                    _ => assert!(!status.is_empty()),
                }
                for action in [
                    TableAction::DealNext,
                    TableAction::ChooseDealer(true),
                    TableAction::Act(Seat::A, Action::Declare(None)),
                    TableAction::Act(Seat::B, Action::Declare(None)),
                ] {
                    assert_eq!(t.request(&action), None);
                }
                if s.cut_chooser().is_some() {
                    s.choose_dealer(false).unwrap();
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
            assert_eq!(
                t.seen.as_ref().unwrap().outcome(),
                s.game.unwrap().outcome()
            );
        }
        assert!(states > 300, "{states}");
        // The watchers' count, as the server says it.
        let t = watcher().reduce(OnlineAction::Message(ServerMessage::Watchers { count: 3 }));
        assert_eq!(t.watchers, 3);
    }

    #[test]
    fn the_time_left_and_what_the_server_did_when_it_ran_out() {
        assert_eq!(time_left(1_000, 1_000, Lang::Fr), None);
        assert_eq!(time_left(1_000, 5_000, Lang::Fr), None);
        assert_eq!(time_left(60_000, 0, Lang::Fr).as_deref(), Some("1:00"));
        assert_eq!(time_left(42_001, 0, Lang::Fr).as_deref(), Some("0:43"));
        assert_eq!(time_left(1, 0, Lang::En).as_deref(), Some("0:01"));
        assert_eq!(
            time_left(5 * 3_600_000 + 7 * 60_000 + 30_000, 0, Lang::Fr).as_deref(),
            Some("5 h 07")
        );
        assert_eq!(
            time_left(3 * 86_400_000 + 1, 0, Lang::En).as_deref(),
            Some("3 d 0 h")
        );
        // A day's limit just begun: the hours left, not « 1 j 0 h ».
        assert_eq!(
            time_left(86_400_000 - 20, 0, Lang::Fr).as_deref(),
            Some("23 h 59")
        );
        assert_eq!(time_left(3_600_000, 0, Lang::Fr).as_deref(), Some("60:00"));
        let room = RoomFacts {
            deadline_ms: Some(90_000),
            timed_out: [0, 2],
            ..facts("classique")
        };
        let mut s = Session::new(config("classique", Opponent::Human, 5)).unwrap();
        let view = SeatView::of(&s, Some(Seat::A), &room);
        let t = welcomed(Seat::A).reduce(state(&s, Seat::A, 1, &room));
        let names = t.names(Lang::Fr);
        assert_eq!(
            deadline_line(&view, &names, 30_000, Lang::Fr).as_deref(),
            Some("Donne suivante : encore 1:00")
        );
        s.deal_next();
        let to_act = s.to_act().unwrap();
        for (seat, fr, en) in [
            (to_act, "À vous : encore 0:30", "Your move: 0:30 left"),
            (to_act.other(), "", ""),
        ] {
            let view = SeatView::of(&s, Some(seat), &room);
            let t = welcomed(seat).reduce(state(&s, seat, 2, &room));
            let line = |lang| deadline_line(&view, &t.names(lang), 60_000, lang).unwrap();
            if seat == to_act {
                assert_eq!((line(Lang::Fr).as_str(), line(Lang::En).as_str()), (fr, en));
            } else {
                let name = if to_act == Seat::A { "Alice" } else { "Bob" };
                assert_eq!(line(Lang::Fr), format!("{name} : encore 0:30"));
            }
            // Passed: the moment before the server moves.
            assert!(
                deadline_line(&view, &t.names(Lang::Fr), 95_000, Lang::Fr)
                    .unwrap()
                    .ends_with("temps écoulé")
            );
        }
        // Said to both: seat B's time ran out twice.
        let view = SeatView::of(&s, Some(Seat::B), &room);
        let b = welcomed(Seat::B).reduce(state(&s, Seat::B, 2, &room));
        assert_eq!(
            timed_out_lines(&view, &b.names(Lang::Fr), Lang::Fr),
            ["Temps écoulé : l’ordinateur a joué 2 coups à votre place."]
        );
        let a = welcomed(Seat::A).reduce(state(&s, Seat::A, 2, &room));
        assert_eq!(
            timed_out_lines(&view, &a.names(Lang::En), Lang::En),
            ["Time ran out for Bob: the computer made 2 moves in their place."]
        );
        // Without a limit, nothing is said.
        let free = SeatView::of(&s, Some(Seat::A), &facts("classique"));
        assert_eq!(deadline_line(&free, &a.names(Lang::Fr), 0, Lang::Fr), None);
        assert!(timed_out_lines(&free, &a.names(Lang::Fr), Lang::Fr).is_empty());
    }

    #[test]
    fn the_link_says_who_invites_or_who_plays_and_whether_one_may_watch() {
        let mut info = RoomInfo {
            room: "r".into(),
            names: [Some("Alice".into()), None],
            settings: RoomSettings {
                move_limit_secs: Some(86_400),
                watchers: true,
                ..facts("classique").settings
            },
            game_number: 1,
        };
        let v = visit(&info, Lang::Fr);
        assert_eq!(
            v.headline,
            "Alice vous invite à une partie de piquet, chacun sur son appareil."
        );
        assert_eq!(
            v.settings,
            "Classique · Partie en 100, en deux manches gagnantes, et la belle s’il le faut · 1 jour par coup · spectateurs admis"
        );
        assert!(v.may_join && !v.may_watch && v.watching.is_none());
        info.names[1] = Some("Bob".into());
        let v = visit(&info, Lang::En);
        assert_eq!(v.headline, "Alice and Bob are already playing this game.");
        assert!(!v.may_join && v.may_watch);
        assert_eq!(v.watching.as_deref(), Some("Alice and Bob allow watchers."));
        info.settings.watchers = false;
        info.settings.move_limit_secs = Some(60);
        let v = visit(&info, Lang::Fr);
        assert!(!v.may_join && !v.may_watch);
        assert_eq!(
            v.watching.as_deref(),
            Some("Alice et Bob n’acceptent pas de spectateurs.")
        );
        assert!(
            v.settings.ends_with("1 minute par coup · sans spectateurs"),
            "{}",
            v.settings
        );
        assert_eq!(duration_words(3 * 86_400, Lang::En), "3 days");
        assert_eq!(duration_words(7200, Lang::Fr), "2 h");
        assert_eq!(duration_words(90, Lang::Fr), "90 s");
        assert_eq!(watchers_count(1, Lang::Fr), "1 spectateur");
        assert_eq!(watchers_count(2, Lang::En), "2 watchers");
    }

    #[test]
    fn a_room_id_is_hexadecimal() {
        assert_eq!(
            room_id("0123456789ABCDEF0123456789abcdef").as_deref(),
            Some("0123456789abcdef0123456789abcdef")
        );
        for bad in [
            "",
            "abc",
            "0123456789abcdef0123456789abcdeg",
            "../../etc/passwd0000",
        ] {
            assert_eq!(room_id(bad), None, "{bad}");
        }
    }

    #[test]
    fn the_backoff_doubles_to_fifteen_seconds() {
        assert_eq!(backoff_ms(1, 0.0), 500);
        assert_eq!(backoff_ms(2, 0.0), 1000);
        assert_eq!(backoff_ms(3, 0.0), 2000);
        assert_eq!(backoff_ms(30, 0.0), 15_000);
        assert_eq!(backoff_ms(1, 1.0), 625);
    }

    #[test]
    fn names_say_you_and_the_friend() {
        let room = facts("classique");
        let s = Session::new(config("classique", Opponent::Human, 5)).unwrap();
        let t = welcomed(Seat::B).reduce(state(&s, Seat::B, 1, &room));
        let names = t.names(Lang::Fr);
        assert_eq!((names.a.as_str(), names.b.as_str()), ("Alice", "Vous"));
        assert_eq!(names.you, Some(Seat::B));
    }
    #[test]
    fn rooms_are_kept_most_recent_first_and_read_one_by_one() {
        let mut rooms = MyRooms::default();
        rooms.remember("r1", "t1");
        rooms.remember("r2", "t2");
        rooms.remember("r1", "t1b");
        assert_eq!(rooms.token("r1"), Some("t1b"));
        assert_eq!(rooms.rooms[0].room, "r1");
        assert_eq!(rooms.rooms.len(), 2);
        assert_eq!(
            MyRooms::read_stored(&rooms.to_stored()),
            Reading::Whole(rooms.clone())
        );
        let mut value: serde_json::Value = serde_json::from_str(&rooms.to_stored()).unwrap();
        value["rooms"][1] = serde_json::json!({"room": 3});
        match MyRooms::read_stored(&value.to_string()) {
            Reading::Part(kept, StoredProblem::Entries { unread: 1, of: 2 }) => {
                assert_eq!(kept.token("r1"), Some("t1b"));
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(
            MyRooms::read_stored("nonsense"),
            Reading::Unusable(StoredProblem::NotAnEnvelope)
        );
        for i in 0..80 {
            rooms.remember(&format!("x{i}"), "t");
        }
        assert_eq!(rooms.rooms.len(), MAX_STATUS_ROOMS);
        rooms.forget("x79");
        assert_eq!(rooms.token("x79"), None);
    }

    #[test]
    fn a_status_line_says_whose_turn_it_is() {
        let status = RoomStatus {
            room: "r".into(),
            seat: Seat::B,
            names: [Some("Alice".into()), Some("Bob".into())],
            settings: facts("classique").settings,
            game_number: 1,
            stage: Stage::Playing { to_act: Seat::A },
            my_turn: false,
            totals: [31, 12],
            outcome: None,
            deadline_ms: None,
            updated_ms: 0,
        };
        assert_eq!(
            status_line(&status, 0, Lang::Fr),
            "Alice · c’est son tour · 12–31"
        );
        let mine = RoomStatus {
            my_turn: true,
            stage: Stage::Playing { to_act: Seat::B },
            ..status.clone()
        };
        assert_eq!(status_line(&mine, 0, Lang::En), "Alice · your turn · 12–31");
        // Under a time limit per move: how long is left.
        let timed = RoomStatus {
            deadline_ms: Some(2 * 86_400_000 + 5 * 3_600_000 + 1),
            ..mine.clone()
        };
        assert_eq!(
            status_line(&timed, 1, Lang::Fr),
            "Alice · c’est à vous · 12–31 · encore 2 j 5 h"
        );
        assert_eq!(
            status_line(&timed, 1, Lang::En),
            "Alice · your turn · 12–31 · 2 d 5 h left"
        );
    }
}
