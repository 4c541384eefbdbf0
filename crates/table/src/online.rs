//! Games between two people on two devices: the protocol between the app and the game server
//! (`crates/server`), and what one seat may see of a room's game ([`SeatView`]).
//!
//! The server is the referee: it deals from its own seed, checks every decision with the engine
//! through a [`Session`], and sends each seat only [`SeatView::of`] that seat — its own
//! [`Observation`] and [`GameObservation`], the events of the deal it may know
//! ([`Session::events_for`]), the cut (public), the scores. Never the other hand, the talon
//! unseen, the other's discards, the seed or the record's layouts. A watcher (when the players
//! allowed watchers) gets only what was shown to both ([`PublicDeal`]).
//!
//! The whole protocol is written down in `docs/server.md`. In short, every message is one JSON
//! text tagged by `"type"`:
//!
//! - client → server ([`ClientMessage`]): `hello {token}` first (no token: a watcher), then
//!   `act {seq, action}`, `choose_dealer {seq, deal}` (Rubicon's cut), `next_deal {seq}`,
//!   `say {message}` (one of the fixed [`Saying`]s), `rematch`, `record` (once the game is
//!   over), `ping`;
//! - server → client ([`ServerMessage`]): `welcome {room, seat, protocol, limits}`,
//!   `state {seq, view}`, `update {seq, base, patch}` (what changed, for a client that asked for
//!   updates), `ack {seq}`, `error {code, fr, en, illegal?}`,
//!   `presence {seat, connected}`, `said {seat, message}`, `timed_out {seat}`,
//!   `watchers {count}`, `record {game_number, record}`, `pong`.
//!
//! `seq` is the room's version: it counts the changes accepted in the room (every decision, the
//! cut's choice, each deal, a rematch). A client sends the `seq` of the last `state` it received
//! with every change it asks for; a change asked against an older state is refused (`stale`) and
//! changes nothing, so a message sent twice (a reconnection) is never applied twice. The server
//! acknowledges an accepted change with `ack {seq}` (the new version) once it is stored, then
//! sends every connection of the room its new `state`.
//!
//! HTTP (JSON bodies): `GET /api/health` → [`Health`]; `POST /api/rooms` [`CreateRoom`] →
//! [`RoomCreated`]; `POST /api/rooms/{room}/join` [`JoinRoom`] → [`Joined`];
//! `POST /api/status` [`StatusRequest`] → [`StatusReply`] (where the player's games stand); errors as
//! [`HttpError`]. The WebSocket is at `/api/rooms/{room}/ws`; the seat's token travels in the
//! first `hello`, never in a URL.

use piquet_engine::rules::Format;
use piquet_engine::{
    Action, Card, CardSet, Event, GameObservation, IllegalAction, Observation, Outcome, Phase,
    PublicDeclaration, Record, Rules, ScoreReason, Seat, Suit,
};
use piquet_words::ByLang;
use serde::{Deserialize, Serialize};

use crate::error_words;
use crate::i18n::Lang;
use crate::session::{FormatChoice, GameConfig, Opponent, Session, SessionError};

/// The version of this protocol, sent in `welcome` and `/api/health`.
pub const PROTOCOL_VERSION: u32 = 1;

/// The largest message a client may send, in bytes (WebSocket text, or an HTTP body). The
/// largest legitimate one, a `create` with custom rules, is well under 2 KiB.
pub const MAX_MESSAGE_BYTES: usize = 4096;

/// The longest player name, in characters.
pub const MAX_NAME_CHARS: usize = 24;

/// The longest time limit per move that may be chosen: a week, for correspondence play.
pub const MAX_MOVE_LIMIT_SECS: u32 = 7 * 24 * 3600;

/// The shortest time limit per move.
pub const MIN_MOVE_LIMIT_SECS: u32 = 10;

/// One of the fixed messages a player may send the other (nothing free-form).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Saying {
    /// « Bien joué »
    WellPlayed,
    /// « Merci »
    Thanks,
    /// « À vous »
    YourTurn,
}

impl Saying {
    /// Every fixed message, in the order offered.
    pub const ALL: [Saying; 3] = [Saying::WellPlayed, Saying::Thanks, Saying::YourTurn];

    /// The message in both languages.
    pub fn words(self) -> ByLang<&'static str> {
        match self {
            Saying::WellPlayed => ByLang::new("Bien joué", "Well played"),
            Saying::Thanks => ByLang::new("Merci", "Thanks"),
            Saying::YourTurn => ByLang::new("À vous", "Your turn"),
        }
    }
}

/// A message from a client over the WebSocket.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "type", deny_unknown_fields)]
pub enum ClientMessage {
    /// The first message: the seat's token, or none to watch; `updates`: after the first
    /// `state`, send each next view as what changed (`update`) instead of whole.
    Hello {
        #[serde(default)]
        token: Option<String>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        updates: bool,
    },
    /// A decision of the deal, asked against the state of version `seq`.
    Act { seq: u64, action: Action },
    /// Rubicon's cut: the higher card deals itself (`deal: true`) or makes the other deal.
    ChooseDealer { seq: u64, deal: bool },
    /// Deal the next deal (the first one, or the next once a deal is over). Either seat may.
    NextDeal { seq: u64 },
    /// One of the fixed messages, to the other seat (and the watchers).
    Say { message: Saying },
    /// Asks for another game in the same room, once the game is over; it starts when both
    /// seats asked.
    Rematch,
    /// Keeps the connection alive; answered by `pong`.
    Ping,
    /// Asks for the whole record of the room's game once it is over (every hand shown):
    /// answered by `record`, or `game_not_over`.
    Record,
}

/// What the server tells the client about its limits, in `welcome`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Limits {
    /// The largest message accepted, in bytes.
    pub max_message_bytes: usize,
    /// Messages a connection may send per second (a short burst above is tolerated).
    pub messages_per_sec: u32,
    /// A room whose game has not moved for this many seconds expires (a finished game stays
    /// as a record).
    pub idle_room_secs: u64,
}

/// A message from the server over the WebSocket.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "type")]
pub enum ServerMessage {
    /// The answer to `hello`: the seat held (none: a watcher). The room's `state` follows.
    Welcome {
        room: String,
        seat: Option<Seat>,
        protocol: u32,
        limits: Limits,
    },
    /// The room as this connection may see it, at version `seq`.
    State { seq: u64, view: Box<SeatView> },
    /// The room at version `seq`, as what changed in this connection's view since the one it
    /// was sent at version `base` (to a connection that asked for updates): a JSON patch
    /// ([`crate::online_patch`]).
    Update {
        seq: u64,
        base: u64,
        patch: serde_json::Value,
    },
    /// The change asked was accepted and stored; the room is now at version `seq`.
    Ack { seq: u64 },
    /// A message refused: nothing changed.
    Error(ErrorMessage),
    /// A seat's player connected or went away.
    Presence { seat: Seat, connected: bool },
    /// A seat said one of the fixed messages.
    Said { seat: Seat, message: Saying },
    /// A seat's time for its move ran out: the server played the move for it (the state
    /// follows).
    TimedOut { seat: Seat },
    /// How many watchers the room has now (sent on `hello` and when one comes or goes).
    Watchers { count: u32 },
    /// The answer to `ping`.
    Pong,
    /// The answer to `record`: the finished game's whole record (the engine's record, as the
    /// app exports and replays it), game `game_number` of the room.
    Record {
        game_number: u32,
        record: Box<Record>,
    },
}

/// Why a message or a request was refused. Each has its words ([`ErrorCode::words`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// Not JSON, or not one of the messages.
    Malformed,
    /// Over [`MAX_MESSAGE_BYTES`].
    TooLarge,
    /// Too many messages a second, or too many rooms created from one address.
    RateLimited,
    /// No such room (or it expired).
    UnknownRoom,
    /// The token holds no seat of this room.
    UnknownToken,
    /// A message other than `hello` before `hello`, or a second `hello`.
    HelloFirst,
    /// The players did not allow watchers.
    WatchersNotAllowed,
    /// Both seats are taken.
    RoomFull,
    /// The other seat is not taken yet.
    WaitingForOpponent,
    /// It is the other seat's decision.
    OutOfTurn,
    /// This connection holds no seat that may do this (a watcher acting; the lower card
    /// choosing the dealer).
    WrongSeat,
    /// The engine refused the decision (the `illegal` field names the rule).
    Illegal,
    /// Asked against an older state than the room's (the message came late or twice).
    Stale,
    /// No deal is due: a deal is being played, or the cut is not decided.
    NoDealDue,
    /// The cut's choice is not awaited.
    NoChoiceDue,
    /// The game is over (a rematch may start another).
    GameOver,
    /// A rematch asked before the game is over.
    GameNotOver,
    /// A name that is empty, too long or has control characters.
    BadName,
    /// Rules, format or time limit that cannot be played.
    BadRules,
    /// The WebSocket was opened from a page of another origin.
    BadOrigin,
    /// The server could not store the change; nothing changed (try again).
    Storage,
}

impl ErrorCode {
    /// The error in both languages.
    pub fn words(self) -> ByLang<&'static str> {
        use ErrorCode as E;
        match self {
            E::Malformed => ByLang::new(
                "Message illisible : ce n’est pas un message du jeu.",
                "Unreadable message: not one of the game’s messages.",
            ),
            E::TooLarge => ByLang::new("Message trop long.", "Message too long."),
            E::RateLimited => ByLang::new(
                "Trop de demandes : attendez un instant.",
                "Too many requests: wait a moment.",
            ),
            E::UnknownRoom => ByLang::new(
                "Cette partie n’existe pas ou a expiré.",
                "This game does not exist or has expired.",
            ),
            E::UnknownToken => ByLang::new(
                "Cette place n’est pas la vôtre dans cette partie.",
                "This seat is not yours in this game.",
            ),
            E::HelloFirst => ByLang::new(
                "La connexion doit d’abord se présenter (hello), une seule fois.",
                "The connection must say hello first, and only once.",
            ),
            E::WatchersNotAllowed => ByLang::new(
                "Les joueurs n’acceptent pas de spectateurs.",
                "The players do not allow watchers.",
            ),
            E::RoomFull => ByLang::new(
                "Les deux places sont déjà prises.",
                "Both seats are already taken.",
            ),
            E::WaitingForOpponent => ByLang::new(
                "L’autre joueur n’est pas encore arrivé.",
                "The other player has not joined yet.",
            ),
            E::OutOfTurn => ByLang::new("Ce n’est pas à vous de jouer.", "It is not your turn."),
            E::WrongSeat => ByLang::new(
                "Cette décision n’est pas la vôtre.",
                "This decision is not yours.",
            ),
            E::Illegal => ByLang::new("Coup refusé par les règles.", "Move refused by the rules."),
            E::Stale => ByLang::new(
                "La partie a avancé entre-temps : voici où elle en est.",
                "The game moved on meanwhile: here is where it stands.",
            ),
            E::NoDealDue => ByLang::new("Aucune donne n’est à faire.", "No deal is due."),
            E::NoChoiceDue => ByLang::new(
                "Le choix de la donne n’est pas attendu.",
                "The choice of the dealer is not awaited.",
            ),
            E::GameOver => ByLang::new("La partie est finie.", "The game is over."),
            E::GameNotOver => ByLang::new(
                "La revanche se demande une fois la partie finie.",
                "A rematch is asked for once the game is over.",
            ),
            E::BadName => ByLang::new(
                "Ce nom ne convient pas (de 1 à 24 caractères).",
                "This name will not do (1 to 24 characters).",
            ),
            E::BadRules => ByLang::new(
                "Ces règles ne se jouent pas.",
                "These rules cannot be played.",
            ),
            E::BadOrigin => ByLang::new(
                "Connexion refusée : page d’une autre origine.",
                "Connection refused: a page of another origin.",
            ),
            E::Storage => ByLang::new(
                "Le serveur n’a pas pu enregistrer le coup ; rien n’a changé, réessayez.",
                "The server could not store the move; nothing changed, try again.",
            ),
        }
    }
}

/// An error as sent: its code, its words, and for [`ErrorCode::Illegal`] the engine's reason.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ErrorMessage {
    pub code: ErrorCode,
    pub fr: String,
    pub en: String,
    /// The rule the decision broke (only for `illegal`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub illegal: Option<IllegalAction>,
}

impl ErrorMessage {
    /// The error with its own words.
    pub fn new(code: ErrorCode) -> ErrorMessage {
        let w = code.words();
        ErrorMessage {
            code,
            fr: w.fr.to_string(),
            en: w.en.to_string(),
            illegal: None,
        }
    }

    /// A decision the engine refused, with its reason in both languages.
    pub fn illegal(reason: IllegalAction) -> ErrorMessage {
        let w = ErrorCode::Illegal.words();
        ErrorMessage {
            code: ErrorCode::Illegal,
            fr: format!(
                "{} {}",
                w.fr,
                sentence(&error_words::illegal_action(&reason, Lang::Fr))
            ),
            en: format!(
                "{} {}",
                w.en,
                sentence(&error_words::illegal_action(&reason, Lang::En))
            ),
            illegal: Some(reason),
        }
    }

    /// The error in the JSON body of a refused HTTP request (`POST /api/rooms`, a join, a
    /// room's or the rooms' status). Only a decision sent over the WebSocket is refused with an
    /// `illegal` reason, so it is not read here (skipped if present; the words say it all the
    /// same): the page that creates a room (the play wasm's new-game dialog) then carries no
    /// reader of the engine's reasons, whose tagged form serde reads through a buffer of every
    /// field.
    pub fn from_http_body(text: &str) -> Result<ErrorMessage, serde_json::Error> {
        #[derive(Deserialize)]
        struct Refusal {
            code: ErrorCode,
            fr: String,
            en: String,
        }
        let Refusal { code, fr, en } = serde_json::from_str(text)?;
        Ok(ErrorMessage {
            code,
            fr,
            en,
            illegal: None,
        })
    }
}

/// A reason as a sentence of its own: its first letter in upper case, a full stop at its end.
fn sentence(s: &str) -> String {
    let mut out = piquet_words::capitalised(s);
    if !out.is_empty() && !out.ends_with('.') {
        out.push('.');
    }
    out
}

/// The answer to `GET /api/health`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Health {
    pub ok: bool,
    pub protocol: u32,
    /// The server's version.
    pub version: String,
    /// Rooms in memory (being played or waiting).
    pub rooms: usize,
}

/// The rules and settings of a room, chosen by its creator.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoomSettings {
    /// A preset id of [`Rules::IDS`].
    pub preset: String,
    /// The format; the preset's own when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<FormatChoice>,
    /// Rules that are not a preset (instead of `preset` and `format`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub custom_rules: Option<Rules>,
    /// Whether a third person with the link may watch (seeing only what was shown to both).
    #[serde(default)]
    pub watchers: bool,
    /// The time limit per move, in seconds; none: no limit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub move_limit_secs: Option<u32>,
}

impl RoomSettings {
    /// The session's configuration for a game of this room dealt from `seed`.
    pub fn game_config(&self, seed: u64) -> Result<GameConfig, SessionError> {
        let format = match self.format {
            Some(f) => f,
            None => {
                let rules =
                    Rules::by_id(&self.preset).map_err(|e| SessionError::Rules(e.to_string()))?;
                FormatChoice::of(&rules)
            }
        };
        let config = GameConfig {
            preset: self.preset.clone(),
            format,
            opponent: Opponent::Human,
            seed,
            custom_rules: self.custom_rules,
        };
        config.rules()?;
        Ok(config)
    }

    /// Whether these settings can be played: rules, format and time limit.
    pub fn check(&self) -> Result<Rules, ErrorCode> {
        if let Some(limit) = self.move_limit_secs {
            if !(MIN_MOVE_LIMIT_SECS..=MAX_MOVE_LIMIT_SECS).contains(&limit) {
                return Err(ErrorCode::BadRules);
            }
        }
        self.game_config(0)
            .and_then(|c| c.rules())
            .map_err(|_| ErrorCode::BadRules)
    }
}

/// `POST /api/rooms`: a new room, its creator in seat A.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateRoom {
    /// The creator's name.
    pub name: String,
    #[serde(flatten)]
    pub settings: RoomSettings,
}

/// The answer to `POST /api/rooms`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoomCreated {
    /// The room's id (32 hex digits: 128 random bits), for the link.
    pub room: String,
    /// The creator's seat token (32 hex digits), to keep in the player's storage.
    pub token: String,
    pub seat: Seat,
}

/// `POST /api/rooms/{room}/join`: the friend takes the free seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JoinRoom {
    pub name: String,
}

/// The answer to a join.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Joined {
    pub token: String,
    pub seat: Seat,
}

/// The answer to `GET /api/rooms/{room}`: what anyone holding the room's link may know before
/// taking the free seat or watching — who plays, and under which settings (the rules, whether
/// watchers are allowed, the time per move). Nothing of the game itself.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoomInfo {
    pub room: String,
    /// Each seat's player's name (`null` while the seat is free).
    pub names: [Option<String>; 2],
    pub settings: RoomSettings,
    /// The game's number in the room, from 1.
    pub game_number: u32,
}

impl RoomInfo {
    /// Whether seat B is still free.
    pub fn seat_free(&self) -> bool {
        self.names[Seat::B.index()].is_none()
    }
}

/// A room and the seat token held in it, as the player's storage keeps them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoomKey {
    pub room: String,
    pub token: String,
}

/// The most rooms asked about in one [`StatusRequest`].
pub const MAX_STATUS_ROOMS: usize = 50;

/// `POST /api/status`: where the player's games stand (the home screen's games in progress),
/// without opening a WebSocket for each.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StatusRequest {
    /// At most [`MAX_STATUS_ROOMS`].
    pub rooms: Vec<RoomKey>,
}

/// Where one of the player's games stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoomStatus {
    pub room: String,
    pub seat: Seat,
    pub names: [Option<String>; 2],
    pub settings: RoomSettings,
    pub game_number: u32,
    pub stage: Stage,
    /// Whether this seat has a decision to make (a move, or the cut's choice).
    pub my_turn: bool,
    /// The game's totals, per seat index.
    pub totals: [u16; 2],
    pub outcome: Option<Outcome>,
    pub deadline_ms: Option<u64>,
    /// When the room last changed (Unix ms).
    pub updated_ms: u64,
}

/// The answer to `POST /api/status`: the rooms that exist and whose token holds a seat, in the
/// order asked (the others are left out: expired, or never were).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StatusReply {
    pub rooms: Vec<RoomStatus>,
}

/// An HTTP error's body (with a 4xx or 5xx status).
pub type HttpError = ErrorMessage;

/// Whether a player's name can be used: 1 to [`MAX_NAME_CHARS`] characters once trimmed, no
/// control characters. Returns the trimmed name.
pub fn check_name(name: &str) -> Result<String, ErrorCode> {
    let name = name.trim();
    let chars = name.chars().count();
    if chars == 0 || chars > MAX_NAME_CHARS || name.chars().any(char::is_control) {
        return Err(ErrorCode::BadName);
    }
    Ok(name.to_string())
}

/// Where a room's game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "stage")]
pub enum Stage {
    /// Seat B is not taken yet: nothing can be played.
    WaitingForOpponent,
    /// Rubicon's cut: the higher card (`chooser`) chooses who deals (`choose_dealer`).
    ChoosingDealer { chooser: Seat },
    /// A deal is due (the first, or the next after one ended): either seat sends `next_deal`.
    DealDue,
    /// A deal is being played: `to_act` decides.
    Playing { to_act: Seat },
    /// The game is over; a rematch starts once both seats asked.
    GameOver,
}

/// The cut, all of it public: the draws (equal ranks draw again), who drew higher, and the
/// first dealer once decided.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CutView {
    /// The cards drawn by A and by B, in order.
    pub draws: Vec<(Card, Card)>,
    /// Who must still choose who deals (Rubicon), if anyone.
    pub chooser: Option<Seat>,
    /// The first dealer, once decided.
    pub dealer: Option<Seat>,
}

/// The room's facts a [`Session`] does not hold: its settings, names, game count, rematch
/// requests and the current move's deadline.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoomFacts {
    pub settings: RoomSettings,
    /// Each seat's player's name, once taken.
    pub names: [Option<String>; 2],
    /// The game's number in the room, from 1 (each rematch adds one).
    pub game_number: u32,
    /// Which seats asked for a rematch.
    pub rematch: [bool; 2],
    /// When the current decision's time runs out (Unix time in milliseconds), under a time
    /// limit per move.
    pub deadline_ms: Option<u64>,
    /// Under a time limit per move: the decisions the server took for each seat, its time
    /// being up, since that seat last decided itself (in this game), per seat index.
    pub timed_out: [u16; 2],
}

/// What was shown to both seats of the deal in progress (or just finished): a watcher's view.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PublicDeal {
    pub dealer: Seat,
    pub phase: Phase,
    pub to_act: Option<Seat>,
    /// Cards each seat showed (carte blanche, declarations, égal, trois), per seat index.
    pub shown: [CardSet; 2],
    /// The leftover the dealer turned face up (Rubicon), if he did.
    pub leftover_exposed: CardSet,
    /// Cards played, in order, with who played them.
    pub plays: Vec<(Seat, Card)>,
    /// Point, sequences, sets, as both heard them.
    pub declarations: [PublicDeclaration; 3],
    pub carte_blanche: [bool; 2],
    pub scores: [u16; 2],
    pub tricks_won: [u8; 2],
    /// Cards in each hand, per seat index.
    pub hand_len: [u8; 2],
    /// Cards each seat discarded, per seat index.
    pub discards_len: [u8; 2],
    pub talon_left: u8,
    pub announced_lead_suit: Option<Suit>,
}

impl PublicDeal {
    /// The public part of a deal, from both seats' observations and the public events.
    fn of(session: &Session) -> Option<PublicDeal> {
        let a = session.view(Seat::A)?;
        let b = session.view(Seat::B)?;
        // The elder's view of the declarations is the public one: the dealer alone knows his
        // own point or sets before he counts them (RULES.md 11.2).
        let elder = if a.dealer == Seat::A { &b } else { &a };
        let leftover_exposed = session
            .events
            .iter()
            .filter_map(|e| match e {
                Event::LeftoverExposed { cards } => Some(*cards),
                _ => None,
            })
            .fold(CardSet::EMPTY, |acc, c| acc | c);
        Some(PublicDeal {
            dealer: a.dealer,
            phase: a.phase,
            to_act: a.to_act,
            shown: [b.opponent_shown, a.opponent_shown],
            leftover_exposed,
            plays: a.plays.clone(),
            declarations: elder.declarations,
            carte_blanche: a.carte_blanche,
            scores: a.scores,
            tricks_won: a.tricks_won,
            hand_len: [b.opponent_hand_len, a.opponent_hand_len],
            discards_len: [b.opponent_discards_len, a.opponent_discards_len],
            talon_left: a.talon_left,
            announced_lead_suit: a.announced_lead_suit,
        })
    }
}

impl PublicDeal {
    /// The deal as a watcher's table draws it from `seat`'s side: what was shown to both and
    /// nothing else — no hand (`seat`'s cards are counted from the other side, never named),
    /// no discards, of the talon only a leftover turned face up, no decision.
    pub fn observation(&self, seat: Seat, rules: Rules) -> Observation {
        let other = seat.other().index();
        Observation {
            seat,
            rules,
            dealer: self.dealer,
            phase: self.phase,
            to_act: self.to_act,
            hand: CardSet::EMPTY,
            discards: CardSet::EMPTY,
            talon_seen: self.leftover_exposed,
            opponent_shown: self.shown[other],
            opponent_voids: 0,
            plays: self.plays.clone(),
            declarations: self.declarations,
            carte_blanche: self.carte_blanche,
            scores: self.scores,
            tricks_won: self.tricks_won,
            opponent_hand_len: self.hand_len[other],
            opponent_discards_len: self.discards_len[other],
            talon_left: self.talon_left,
            announced_lead_suit: self.announced_lead_suit,
            discard_limits: None,
            legal_actions: Vec::new(),
        }
    }
}

/// Everything one seat (or a watcher) may know to draw its table, and nothing else.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    /// The seat this view is for; `None`: a watcher.
    pub seat: Option<Seat>,
    /// The rules played (the preset with its format, or the custom rules).
    pub rules: Rules,
    pub settings: RoomSettings,
    pub names: [Option<String>; 2],
    /// The game's number in the room, from 1.
    pub game_number: u32,
    pub stage: Stage,
    pub cut: CutView,
    /// The deal's number in the game, from 1 (0 before the first deal).
    pub deal_number: usize,
    /// The seat's view of the game (scores, finished deals, the outcome) and of the deal in
    /// progress or just finished (`game.deal`: its hand, what it saw, its legal decisions and
    /// discard limits when it is to act). For a watcher, the game without the deal (see
    /// `public`). `None` before the cut decides the first dealer.
    pub game: Option<GameObservation>,
    /// A watcher's view of the deal: what was shown to both. `None` for a seat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub public: Option<PublicDeal>,
    /// The events of the deal in progress or just finished that this seat may know, in order
    /// (a watcher: the public ones).
    pub events: Vec<Event>,
    /// Whose decision it is in the deal.
    pub to_act: Option<Seat>,
    /// The end of the game, once reached.
    pub outcome: Option<Outcome>,
    /// Which seats asked for a rematch.
    pub rematch: [bool; 2],
    /// When the current decision's time runs out (Unix ms), under a time limit per move.
    pub deadline_ms: Option<u64>,
    /// The decisions the server took for each seat, its time being up, since that seat last
    /// decided itself (per seat index): what both are told happened while one was away.
    #[serde(default)]
    pub timed_out: [u16; 2],
    /// The seat's view of the deal just finished while the next is not dealt (`game.deal` is
    /// then `None`): its last trick and its counts stay on its table. `None` for a watcher.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_deal: Option<Observation>,
    /// Each deal's remarkable scores (carte blanche, repic, pic, capot), as both heard them:
    /// the score sheet's remarks.
    #[serde(default)]
    pub highlights: Vec<Vec<(Seat, ScoreReason)>>,
}

impl SeatView {
    /// What `seat` (`None`: a watcher) may see of the room's game.
    pub fn of(session: &Session, seat: Option<Seat>, room: &RoomFacts) -> SeatView {
        let game = session.game.as_ref();
        let outcome = game.and_then(|g| g.outcome());
        let to_act = session.to_act();
        let stage = if room.names[Seat::B.index()].is_none() {
            Stage::WaitingForOpponent
        } else if let Some(chooser) = session.cut_chooser() {
            Stage::ChoosingDealer { chooser }
        } else if outcome.is_some() {
            Stage::GameOver
        } else if let Some(to_act) = to_act {
            Stage::Playing { to_act }
        } else {
            Stage::DealDue
        };
        let game_view = match seat {
            Some(s) => session.game_view(s),
            None => game.map(|g| {
                let mut v = g.observation(Seat::A);
                v.deal = None;
                v
            }),
        };
        let events = match seat {
            Some(s) => session.events_for(s).copied().collect(),
            None => session
                .events
                .iter()
                .filter(|e| e.audience().is_none())
                .copied()
                .collect(),
        };
        SeatView {
            seat,
            rules: session.rules,
            settings: room.settings.clone(),
            names: room.names.clone(),
            game_number: room.game_number,
            stage,
            cut: CutView {
                draws: session.cut().draws.clone(),
                chooser: session.cut_chooser(),
                dealer: game.map(|g| {
                    session
                        .record
                        .cut
                        .dealer(&session.rules)
                        .unwrap_or(g.dealer())
                }),
            },
            deal_number: session.record.deals.len(),
            game: game_view,
            public: if seat.is_none() {
                PublicDeal::of(session)
            } else {
                None
            },
            events,
            to_act,
            outcome,
            rematch: room.rematch,
            deadline_ms: room.deadline_ms,
            timed_out: room.timed_out,
            last_deal: seat
                .filter(|_| game.and_then(|g| g.deal()).is_none())
                .and_then(|s| session.view(s)),
            highlights: session.highlights.clone(),
        }
    }

    /// This seat's view of the deal in progress or just finished.
    pub fn observation(&self) -> Option<&Observation> {
        self.game.as_ref().and_then(|g| g.deal.as_ref())
    }

    /// This seat's legal decisions (empty unless it is to act; discards are chosen within
    /// [`Observation::discard_limits`]).
    pub fn legal_actions(&self) -> &[Action] {
        self.observation()
            .map(|o| o.legal_actions.as_slice())
            .unwrap_or(&[])
    }

    /// Whether this seat is to decide something now: a decision of the deal, or the cut's
    /// choice.
    pub fn my_turn(&self) -> bool {
        match (self.seat, self.stage) {
            (Some(s), Stage::Playing { to_act }) => s == to_act,
            (Some(s), Stage::ChoosingDealer { chooser }) => s == chooser,
            _ => false,
        }
    }
}

/// Whether a format is played to a number of points (for the room list's words).
pub fn target_of(rules: &Rules) -> Option<u16> {
    match rules.format {
        Format::Cent { target, .. } => Some(target),
        Format::Rubicon { .. } => None,
    }
}

/// What the tests of the server check every message against: the cards a text names, and the
/// cards a seat may know.
pub mod testing {
    use super::*;

    /// Every card named anywhere in a JSON text: each string value read as space-separated
    /// cards where it reads so.
    pub fn cards_named(json: &serde_json::Value, out: &mut CardSet) {
        match json {
            serde_json::Value::String(s) => {
                for tok in s.split([' ', ',']) {
                    if let Ok(c) = tok.parse::<Card>() {
                        out.insert(c);
                    }
                }
            }
            serde_json::Value::Array(a) => a.iter().for_each(|v| cards_named(v, out)),
            serde_json::Value::Object(o) => o.values().for_each(|v| cards_named(v, out)),
            _ => {}
        }
    }

    /// What each seat may know of the deal in progress: the cards it held, discarded, saw in
    /// the talon, was shown, saw played or exposed; and the cut.
    pub fn knowable(s: &Session, seat: Seat, known: &mut CardSet) {
        for (a, b) in &s.record.cut.draws {
            known.insert(*a);
            known.insert(*b);
        }
        if let Some(d) = s.deal() {
            *known = *known
                | d.hand(seat)
                | d.discards(seat)
                | d.seen_talon(seat)
                | d.shown(seat.other());
            for (_, c) in d.plays_with_seats() {
                known.insert(c);
            }
        }
        for e in &s.events {
            if let Event::LeftoverExposed { cards } = e {
                *known |= *cards;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::testing::{cards_named, knowable};
    use super::*;
    use crate::session::testing::config;
    use piquet_engine::SplitMix64;
    use piquet_engine::random::random_action;

    #[test]
    fn an_http_refusal_reads_its_code_and_words_and_skips_an_illegal_reason() {
        let refused = ErrorMessage::new(ErrorCode::RateLimited);
        let text = serde_json::to_string(&refused).unwrap();
        assert_eq!(ErrorMessage::from_http_body(&text).unwrap(), refused);
        let illegal = ErrorMessage::illegal(IllegalAction::MustFollowSuit);
        let read = ErrorMessage::from_http_body(&serde_json::to_string(&illegal).unwrap()).unwrap();
        assert_eq!(read.code, ErrorCode::Illegal);
        assert_eq!((&read.fr, &read.en), (&illegal.fr, &illegal.en));
        assert_eq!(read.illegal, None);
        for bad in [
            "",
            "{",
            r#"{"code":"no_such_code","fr":"x","en":"y"}"#,
            r#"{"code":"stale"}"#,
        ] {
            assert!(
                ErrorMessage::from_http_body(bad).is_err(),
                "{bad:?} is refused"
            );
        }
    }

    fn facts(settings: RoomSettings) -> RoomFacts {
        RoomFacts {
            settings,
            names: [Some("Alice".into()), Some("Bob".into())],
            game_number: 1,
            rematch: [false; 2],
            deadline_ms: None,
            timed_out: [0; 2],
        }
    }

    fn settings(preset: &str) -> RoomSettings {
        RoomSettings {
            preset: preset.into(),
            format: None,
            custom_rules: None,
            watchers: true,
            move_limit_secs: None,
        }
    }

    #[test]
    fn a_seat_never_sees_a_card_it_may_not_know() {
        let mut checked = 0;
        for (i, preset) in Rules::IDS.iter().enumerate() {
            let seed = 40 + i as u64;
            let mut s = Session::new(config(preset, Opponent::Human, seed)).unwrap();
            let room = facts(settings(preset));
            if s.cut_chooser().is_some() {
                s.choose_dealer(false).unwrap();
            }
            let mut rng = SplitMix64::new(seed);
            let mut buf = Vec::new();
            let mut known = [CardSet::EMPTY; 3];
            let mut deals = 0;
            loop {
                if s.needs_deal() {
                    s.deal_next();
                    known = [CardSet::EMPTY; 3];
                    deals += 1;
                }
                for (k, seat) in [Some(Seat::A), Some(Seat::B), None].into_iter().enumerate() {
                    match seat {
                        Some(seat) => knowable(&s, seat, &mut known[k]),
                        None => {
                            let mut a = CardSet::EMPTY;
                            knowable(&s, Seat::A, &mut a);
                            let mut b = CardSet::EMPTY;
                            knowable(&s, Seat::B, &mut b);
                            // A watcher: what both may know.
                            known[k] |= a & b;
                        }
                    }
                    let view = SeatView::of(&s, seat, &room);
                    let json = serde_json::to_value(&view).unwrap();
                    let mut named = CardSet::EMPTY;
                    cards_named(&json, &mut named);
                    let leaked = named - known[k];
                    assert!(
                        leaked.is_empty(),
                        "{preset} deal {deals}: {seat:?} was sent {leaked}"
                    );
                    // A round trip through JSON gives the same view.
                    let back: SeatView = serde_json::from_value(json).unwrap();
                    assert_eq!(back, view);
                    checked += 1;
                }
                if s.game.as_ref().unwrap().outcome().is_some() {
                    break;
                }
                let deal = *s.game.as_ref().unwrap().deal().unwrap();
                let (seat, action) = random_action(&deal, &mut rng, &mut buf).unwrap();
                s.apply(seat, action).unwrap();
            }
            assert!(deals >= 2, "{preset}: a whole game has several deals");
        }
        assert!(checked > 1000, "{checked} views checked");
    }

    #[test]
    fn the_stage_follows_the_game() {
        let mut s = Session::new(config("rubicon", Opponent::Human, 3)).unwrap();
        let mut room = facts(settings("rubicon"));
        room.names[1] = None;
        assert_eq!(
            SeatView::of(&s, Some(Seat::A), &room).stage,
            Stage::WaitingForOpponent
        );
        room.names[1] = Some("Bob".into());
        let chooser = s.cut_chooser().unwrap();
        let v = SeatView::of(&s, Some(chooser), &room);
        assert_eq!(v.stage, Stage::ChoosingDealer { chooser });
        assert!(v.my_turn() && v.game.is_none() && v.cut.dealer.is_none());
        assert!(!SeatView::of(&s, Some(chooser.other()), &room).my_turn());
        s.choose_dealer(true).unwrap();
        let v = SeatView::of(&s, Some(Seat::A), &room);
        assert_eq!(v.stage, Stage::DealDue);
        assert_eq!(v.cut.dealer, Some(chooser));
        assert_eq!(v.deal_number, 0);
        s.deal_next();
        let to_act = s.to_act().unwrap();
        let v = SeatView::of(&s, Some(to_act), &room);
        assert_eq!(v.stage, Stage::Playing { to_act });
        assert!(v.my_turn());
        assert_eq!(v.deal_number, 1);
        assert_eq!(v.observation().unwrap().hand.len(), 12);
        let other = SeatView::of(&s, Some(to_act.other()), &room);
        assert!(!other.my_turn() && other.legal_actions().is_empty());
        let watcher = SeatView::of(&s, None, &room);
        assert!(watcher.observation().is_none());
        let public = watcher.public.unwrap();
        assert_eq!(public.hand_len, [12, 12]);
        assert_eq!(public.talon_left, 8);
    }

    #[test]
    fn messages_read_as_documented() {
        let m: ClientMessage =
            serde_json::from_str(r#"{"type":"act","seq":7,"action":{"action":"play","arg":"AS"}}"#)
                .unwrap();
        assert_eq!(
            m,
            ClientMessage::Act {
                seq: 7,
                action: Action::Play("AS".parse().unwrap())
            }
        );
        for (text, message) in [
            (
                r#"{"type":"hello","token":"00ff"}"#,
                ClientMessage::Hello {
                    token: Some("00ff".into()),
                    updates: false,
                },
            ),
            (
                r#"{"type":"hello","token":"00ff","updates":true}"#,
                ClientMessage::Hello {
                    token: Some("00ff".into()),
                    updates: true,
                },
            ),
            (
                r#"{"type":"hello"}"#,
                ClientMessage::Hello {
                    token: None,
                    updates: false,
                },
            ),
            (
                r#"{"type":"choose_dealer","seq":0,"deal":true}"#,
                ClientMessage::ChooseDealer { seq: 0, deal: true },
            ),
            (
                r#"{"type":"next_deal","seq":3}"#,
                ClientMessage::NextDeal { seq: 3 },
            ),
            (
                r#"{"type":"say","message":"well_played"}"#,
                ClientMessage::Say {
                    message: Saying::WellPlayed,
                },
            ),
            (r#"{"type":"rematch"}"#, ClientMessage::Rematch),
            (r#"{"type":"ping"}"#, ClientMessage::Ping),
            (r#"{"type":"record"}"#, ClientMessage::Record),
        ] {
            assert_eq!(
                serde_json::from_str::<ClientMessage>(text).unwrap(),
                message
            );
            let again = serde_json::to_string(&message).unwrap();
            assert_eq!(
                serde_json::from_str::<ClientMessage>(&again).unwrap(),
                message
            );
        }
        // Free-form messages, unknown types and extra fields do not read.
        for bad in [
            r#"{"type":"say","message":"hello there"}"#,
            r#"{"type":"shout"}"#,
            r#"{"type":"act","seq":1,"action":{"action":"play","arg":"AS"},"seat":"B"}"#,
            r#"{"type":"act","seq":-1,"action":{"action":"play","arg":"AS"}}"#,
            "[]",
        ] {
            assert!(serde_json::from_str::<ClientMessage>(bad).is_err(), "{bad}");
        }
        let e = serde_json::to_value(ServerMessage::Error(ErrorMessage::new(
            ErrorCode::OutOfTurn,
        )))
        .unwrap();
        assert_eq!(e["type"], "error");
        assert_eq!(e["code"], "out_of_turn");
        assert_eq!(e["fr"], "Ce n’est pas à vous de jouer.");
        assert!(e.get("illegal").is_none());
        let e = serde_json::to_value(ServerMessage::Error(ErrorMessage::illegal(
            IllegalAction::MustFollowSuit,
        )))
        .unwrap();
        assert_eq!(e["code"], "illegal");
        assert_eq!(e["illegal"]["error"], "must_follow_suit");
        assert!(
            e["en"]
                .as_str()
                .unwrap()
                .starts_with("Move refused by the rules. ")
        );
        let ack = serde_json::to_string(&ServerMessage::Ack { seq: 4 }).unwrap();
        assert_eq!(ack, r#"{"type":"ack","seq":4}"#);
    }

    #[test]
    fn room_settings_are_checked() {
        assert!(settings("classique").check().is_ok());
        let create: CreateRoom = serde_json::from_str(
            r#"{"name":"Alice","preset":"150","watchers":false,"move_limit_secs":3600}"#,
        )
        .unwrap();
        assert_eq!(create.settings.check().unwrap().preset_id(), Some("150"));
        let mut s = settings("classique");
        s.format = Some(FormatChoice::Rubicon);
        assert_eq!(s.check(), Err(ErrorCode::BadRules));
        let mut s = settings("nonesuch");
        assert_eq!(s.check(), Err(ErrorCode::BadRules));
        s.preset = "rubicon".into();
        s.move_limit_secs = Some(1);
        assert_eq!(s.check(), Err(ErrorCode::BadRules));
        s.move_limit_secs = Some(60);
        assert!(s.check().is_ok());
        assert_eq!(check_name("  Alice "), Ok("Alice".into()));
        for bad in ["", "   ", "a\nb", &"x".repeat(25)] {
            assert_eq!(check_name(bad), Err(ErrorCode::BadName), "{bad:?}");
        }
    }

    #[test]
    fn every_error_and_saying_has_words_in_both_languages() {
        use ErrorCode as E;
        for code in [
            E::Malformed,
            E::TooLarge,
            E::RateLimited,
            E::UnknownRoom,
            E::UnknownToken,
            E::HelloFirst,
            E::WatchersNotAllowed,
            E::RoomFull,
            E::WaitingForOpponent,
            E::OutOfTurn,
            E::WrongSeat,
            E::Illegal,
            E::Stale,
            E::NoDealDue,
            E::NoChoiceDue,
            E::GameOver,
            E::GameNotOver,
            E::BadName,
            E::BadRules,
            E::BadOrigin,
            E::Storage,
        ] {
            let w = code.words();
            assert!(
                !w.fr.is_empty() && !w.en.is_empty() && w.fr != w.en,
                "{code:?}"
            );
            assert!(
                !w.fr.contains('\''),
                "{code:?}: French apostrophes are typographic"
            );
        }
        for s in Saying::ALL {
            let w = s.words();
            assert!(!w.fr.is_empty() && !w.en.is_empty());
        }
    }
}
