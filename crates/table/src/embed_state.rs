//! The embedded table's state and its reducer (docs/embedding.md): what it shows (a game, a
//! record in the viewer, or a wait for the record a game starts from), the record and the
//! host's last `goto` handed to the viewer, the language, the reader's notice, and the errors
//! the host is yet to be told. Pure: the page reads the host's messages
//! ([`crate::embed::parse_message`]), starts games and fetches records, and dispatches what
//! came of it; posting to the host, storage and the frame's height stay in the page's effects.

use std::rc::Rc;

use piquet_engine::{Record, Seat};

use crate::embed::{EmbedMode, GotoProblem, HostMessage, Looks, MessageError, NewGameSpec};
use crate::error_words;
use crate::handover::{Handover, Start};
use crate::i18n::{Lang, Text};
use crate::problem::Problem;
use crate::records::{self, LoadProblem};
use crate::replay::{Goto, Reopen};
use crate::session::{Opponent, Session};

/// A record for the viewer, or why it could not be opened, with its title (the URL it was
/// fetched from).
pub type Opened = (Result<Record, LoadProblem>, Option<String>);

/// What the embedded table shows.
#[derive(Clone, Debug, PartialEq)]
pub enum EmbedScreen {
    /// The record viewer.
    Replay,
    /// A game against the computer; `key` is new for every game started on the table, so that
    /// the table is drawn afresh.
    Play { session: Rc<Session>, key: u32 },
    /// Waiting for a record to fetch before a game can start from it.
    Loading,
}

/// The embedded table's state (its [`crate::Reduce`] impl).
#[derive(Clone, Debug, PartialEq)]
pub struct EmbedState {
    /// The mode the page was asked for; `None` when its parameters refused the table.
    pub mode: Option<EmbedMode>,
    pub lang: Lang,
    /// How the table looks: the page's parameters, then each host's `setTheme` over them.
    pub looks: Looks,
    pub screen: EmbedScreen,
    /// The last record handed to the viewer (it opens each new one once).
    pub incoming: Option<Rc<Opened>>,
    /// The host's last move of the viewer (`goto`, `next`…), numbered so that the same one
    /// asked again moves again.
    pub command: Option<(u64, Goto)>,
    /// How many moves were handed to the viewer.
    pub commands: u64,
    /// The host's last `play` (true) or `pause` (false), numbered like [`Self::command`].
    pub autoplay: Option<(u64, bool)>,
    /// How many times the host asked for the state (`getState`): the page answers each.
    pub asked: u64,
    /// The host's last `newGame`, numbered: the page starts the game
    /// ([`EmbedAction::NewGame`]).
    pub wanted: Option<(u64, NewGameSpec)>,
    /// What the host's `newGame` and `setLevel` put over the page's parameters: the reader's
    /// own "new game" plays by them too.
    pub spec: NewGameSpec,
    /// The game on the table as it stands (the table reports every change), for `setLevel`.
    pub latest: Option<Rc<Session>>,
    /// A problem that changed what the reader sees outside the viewer (a new game that could
    /// not start, a saved game read in part): one dismissible line.
    pub notice: Option<String>,
    /// Errors the host is to be told (`{"type": "error", "message": …}`), in order, each
    /// numbered; the page posts them and says so ([`EmbedAction::Told`]).
    pub to_host: Vec<(u64, String)>,
    /// How many errors were ever queued for the host.
    pub errors: u64,
    /// `mode=problem`: the problem on the table, once read.
    pub problem: Option<Rc<Problem>>,
    /// Where the viewer stands once it has opened [`Self::incoming`], as the embedded replay
    /// handed it over (a review asked for there).
    pub reopen: Option<Reopen>,
}

/// What happens to the embedded table.
#[derive(Clone, Debug, PartialEq)]
pub enum EmbedAction {
    /// The start-up is done (at once, or once the record is fetched): the game it started
    /// (`mode=play`), and the record it read, if any. A game goes on the table; in `mode=play`
    /// without one, the viewer shows the record (or says why it cannot be opened).
    Started {
        game: Option<Rc<Session>>,
        record: Option<Rc<Opened>>,
    },
    /// A message from the host, read, or why it was refused (the host is told).
    Host(Result<HostMessage, MessageError>),
    /// A game on from the viewer's position (its "play this deal").
    PlayOn(Rc<Session>),
    /// A new game in place of the one on the table.
    NewGame(Rc<Session>),
    /// A problem for the reader to see, in one line.
    Notice(String),
    /// The reader dismissed the notice.
    Dismiss,
    /// The host was told every error numbered up to this one.
    Told(u64),
    /// The game on the table changed (a decision, a deal): kept for `setLevel`.
    Progress(Rc<Session>),
    /// `mode=problem`: the problem read, or why it could not be (a notice, over the empty
    /// viewer).
    Problem(Result<Rc<Problem>, String>),
}

impl EmbedState {
    /// The table as it starts: a game waits for its start-up (`mode=play`), anything else
    /// shows the viewer (empty, or the page that refuses the table when `mode` is `None`).
    pub fn new(mode: Option<EmbedMode>, lang: Lang) -> EmbedState {
        EmbedState {
            mode,
            lang,
            looks: Looks::default(),
            screen: match mode {
                Some(EmbedMode::Play | EmbedMode::Problem | EmbedMode::Daily) => {
                    EmbedScreen::Loading
                }
                _ => EmbedScreen::Replay,
            },
            incoming: None,
            command: None,
            commands: 0,
            autoplay: None,
            asked: 0,
            wanted: None,
            spec: NewGameSpec::default(),
            latest: None,
            notice: None,
            to_host: Vec::new(),
            errors: 0,
            problem: None,
            reopen: None,
        }
    }

    /// The table as it starts, looking as the page's parameters ask.
    pub fn with_looks(self, looks: Looks) -> EmbedState {
        EmbedState { looks, ..self }
    }

    /// The table that plays, started from the embedded replay's hand-over (the page was asked
    /// for `mode=replay`): the viewer's language and looks, then the host's `newGame` for the
    /// page to start (as [`Self::wanted`], the table waiting meanwhile), or the reader's game
    /// on the table. A game that cannot be rebuilt leaves its record in the viewer, with a
    /// notice for the reader and an error for the host.
    pub fn handed_over(h: &Handover) -> EmbedState {
        let mut state =
            EmbedState::new(Some(EmbedMode::Replay), h.lang).with_looks(h.looks.clone());
        match &h.start {
            Start::NewGame(spec) => {
                state.screen = EmbedScreen::Loading;
                state.spec = spec.clone();
                state.wanted = Some((1, spec.clone()));
            }
            Start::Game { record, bot, seed } => {
                match records::play_on((**record).clone(), bot, *seed) {
                    Ok(session) => state.play(Rc::new(session), 1),
                    Err(e) => {
                        let why = Text::CannotPlayFromHere.get(h.lang);
                        state.incoming = Some(Rc::new((Ok((**record).clone()), None)));
                        state.notice = Some(why.to_string());
                        state.tell(format!("{why} ({e})"));
                    }
                }
            }
            Start::Review { record, at } => {
                state.incoming = Some(Rc::new((Ok((**record).clone()), None)));
                state.reopen = Some(*at);
            }
        }
        state
    }

    /// Whether the viewer is on the table (a `goto` has a record to move in).
    pub fn replaying(&self) -> bool {
        self.screen == EmbedScreen::Replay
    }
}

impl crate::Reduce for EmbedState {
    type Action = EmbedAction;

    /// The table after `action`: the same `Rc` when nothing changes.
    fn reduce(self: Rc<Self>, action: EmbedAction) -> Rc<Self> {
        let mut next = (*self).clone();
        match action {
            EmbedAction::Started { game, record } => {
                if let Some(session) = game {
                    next.play(session, 0);
                } else {
                    if next.mode == Some(EmbedMode::Play) {
                        next.screen = EmbedScreen::Replay;
                    }
                    if record.is_some() {
                        next.incoming = record;
                    }
                }
            }
            EmbedAction::Host(message) => next.hear(message),
            EmbedAction::PlayOn(session) => next.play(session, 1),
            EmbedAction::NewGame(session) => {
                let key = match &next.screen {
                    EmbedScreen::Play { key, .. } => key + 1,
                    _ => 1,
                };
                next.play(session, key);
            }
            EmbedAction::Notice(text) => next.notice = Some(text),
            EmbedAction::Dismiss => next.notice = None,
            EmbedAction::Told(upto) => next.to_host.retain(|(n, _)| *n > upto),
            EmbedAction::Problem(Ok(problem)) => next.problem = Some(problem),
            EmbedAction::Problem(Err(why)) => {
                next.screen = EmbedScreen::Replay;
                next.notice = Some(why);
            }
            EmbedAction::Progress(session) => {
                if matches!(next.screen, EmbedScreen::Play { .. }) {
                    next.latest = Some(session);
                }
            }
        }
        if next == *self { self } else { Rc::new(next) }
    }
}

impl EmbedState {
    fn play(&mut self, session: Rc<Session>, key: u32) {
        self.latest = Some(session.clone());
        self.screen = EmbedScreen::Play { session, key };
    }

    /// The reader's seat in the game on the table, in the record's lettering, given the
    /// page's `seat` (a host's `newGame` may have asked for another).
    pub fn seat(&self, asked: Seat) -> Seat {
        self.spec.seat.unwrap_or(asked)
    }

    /// A move of the viewer for the host: refused while a game is on the table.
    fn step(&mut self, kind: &'static str, goto: Goto) {
        if !self.replaying() {
            return self.refuse(MessageError::NeedsRecord(kind));
        }
        self.commands += 1;
        self.command = Some((self.commands, goto));
    }

    fn refuse(&mut self, why: MessageError) {
        self.tell(error_words::message_error(&why, self.lang));
    }

    /// What a table of a problem or of the deal of the day keeps showing, whatever the host
    /// asks (`None` for a replay or a game).
    fn fixed(&self) -> Option<&'static str> {
        match self.mode {
            Some(EmbedMode::Problem) => Some("a problem"),
            Some(EmbedMode::Daily) => Some("the deal of the day"),
            _ => None,
        }
    }

    /// A host's message: a bad one changes nothing on the table, and the host is told why.
    fn hear(&mut self, message: Result<HostMessage, MessageError>) {
        let lang = self.lang;
        let kind = match &message {
            Ok(HostMessage::Load(_)) => Some("load"),
            Ok(HostMessage::NewGame(_)) => Some("newGame"),
            Ok(HostMessage::SetLevel(_)) => Some("setLevel"),
            _ => None,
        };
        if let (Some(kind), Some(mode)) = (kind, self.fixed()) {
            return self.refuse(MessageError::Fixed(kind, mode));
        }
        match message {
            Err(why) => self.tell(error_words::message_error(&why, lang)),
            Ok(HostMessage::SetLanguage(new)) => self.lang = new,
            Ok(HostMessage::SetTheme(change)) => self.looks = change.over(&self.looks),
            Ok(HostMessage::Load(text)) => match records::open(&text, None) {
                Ok(r) => {
                    self.screen = EmbedScreen::Replay;
                    self.incoming = Some(Rc::new((Ok(r), None)));
                }
                // On the viewer's table: shown there once (the viewer tells the host).
                Err(problem) if self.replaying() => {
                    self.incoming = Some(Rc::new((Err(problem), None)));
                }
                // A game on the table goes on: the host alone hears of it.
                Err(problem) => self.tell(format!(
                    "{} — {}",
                    Text::RecordProblem.get(lang),
                    error_words::load_problem(&problem, lang)
                )),
            },
            Ok(HostMessage::Goto(target)) => {
                if !self.replaying() {
                    return self.tell(error_words::goto_problem(&GotoProblem::NoRecord, lang));
                }
                self.step("goto", Goto::Host(target));
            }
            Ok(HostMessage::Step(step)) => self.step(step.name(), Goto::of_step(step)),
            Ok(HostMessage::Autoplay(on)) => {
                if !self.replaying() {
                    return self.refuse(MessageError::NeedsRecord(if on {
                        "play"
                    } else {
                        "pause"
                    }));
                }
                let n = self.autoplay.map_or(1, |(n, _)| n + 1);
                self.autoplay = Some((n, on));
            }
            Ok(HostMessage::GetState) => self.asked += 1,
            Ok(HostMessage::NewGame(spec)) => {
                self.spec = NewGameSpec {
                    rules: spec.rules.clone().or(self.spec.rules.take()),
                    level: spec.level.or(self.spec.level),
                    seed: spec.seed,
                    seat: spec.seat.or(self.spec.seat),
                };
                let n = self.wanted.as_ref().map_or(1, |(n, _)| n + 1);
                self.wanted = Some((n, self.spec.clone()));
            }
            Ok(HostMessage::SetLevel(level)) => {
                let EmbedScreen::Play { session, key } = &self.screen else {
                    return self.refuse(MessageError::NeedsGame("setLevel"));
                };
                self.spec.level = Some(level);
                let mut now = (**self.latest.as_ref().unwrap_or(session)).clone();
                now.config.opponent = Opponent::Computer {
                    bot: level.to_string(),
                };
                let key = key + 1;
                self.play(Rc::new(now), key);
            }
        }
    }

    /// Queues an error for the host.
    fn tell(&mut self, message: String) {
        self.errors += 1;
        self.to_host.push((self.errors, message));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Reduce;
    use crate::embed::{GotoTarget, Step};

    fn session(seed: u64) -> Rc<Session> {
        crate::session::testing::dealt(seed)
    }

    fn record_text() -> &'static str {
        records::HISTORICAL[1].text()
    }

    fn run(state: EmbedState, actions: impl IntoIterator<Item = EmbedAction>) -> EmbedState {
        let mut state = Rc::new(state);
        for a in actions {
            state = state.reduce(a);
        }
        (*state).clone()
    }

    fn load(text: &str) -> EmbedAction {
        EmbedAction::Host(Ok(HostMessage::Load(text.into())))
    }

    fn goto(index: u64) -> EmbedAction {
        EmbedAction::Host(Ok(HostMessage::Goto(GotoTarget::Index(index))))
    }

    fn key(state: &EmbedState) -> Option<u32> {
        match state.screen {
            EmbedScreen::Play { key, .. } => Some(key),
            _ => None,
        }
    }

    #[test]
    fn a_problem_or_the_deal_of_the_day_keeps_its_table_whatever_the_host_asks() {
        for (mode, what) in [
            (EmbedMode::Daily, "the deal of the day"),
            (EmbedMode::Problem, "a problem"),
        ] {
            let state = EmbedState::new(Some(mode), Lang::En);
            let after = run(
                state.clone(),
                [
                    load(record_text()),
                    EmbedAction::Host(Ok(HostMessage::NewGame(NewGameSpec::default()))),
                    EmbedAction::Host(Ok(HostMessage::SetLevel(2))),
                ],
            );
            assert_eq!(after.screen, state.screen, "{what}");
            assert_eq!(after.incoming, None);
            assert_eq!(after.wanted, None);
            let said: Vec<&str> = after.to_host.iter().map(|(_, m)| m.as_str()).collect();
            assert_eq!(
                said,
                vec![
                    format!("load: the table shows {what}, which it keeps"),
                    format!("newGame: the table shows {what}, which it keeps"),
                    format!("setLevel: the table shows {what}, which it keeps"),
                ]
            );
        }
        let fr = run(
            EmbedState::new(Some(EmbedMode::Daily), Lang::Fr),
            [load(record_text())],
        );
        assert_eq!(
            fr.to_host[0].1,
            "load\u{a0}: la table montre la donne du jour, qu’elle garde"
        );
    }

    #[test]
    fn a_hand_over_starts_the_table_that_plays_where_the_viewer_left_it() {
        use crate::embed::{LooksChange, Theme};
        use crate::handover::{Handover, Start};
        use piquet_engine::cursor::Position;
        let looks = LooksChange {
            theme: Some(Theme::Dark),
            ..LooksChange::default()
        }
        .over(&Looks::default());
        let record = Record::parse(record_text()).unwrap();
        let at = Position {
            deal: 0,
            actions: 3,
        };
        let game = Handover {
            lang: Lang::En,
            looks: looks.clone(),
            focused: true,
            start: Start::Game {
                record: Box::new(records::truncated(&record, at)),
                bot: "2".into(),
                seed: 9,
            },
        };
        let state = EmbedState::handed_over(&game);
        assert_eq!((state.lang, &state.looks), (Lang::En, &looks));
        assert_eq!(
            key(&state),
            Some(1),
            "the game is on the table, drawn afresh"
        );
        let expected = records::play_from(&record, at, Seat::A, "2", 9).unwrap();
        assert_eq!(state.latest.as_deref(), Some(&expected));
        assert_eq!(
            state.mode,
            Some(EmbedMode::Replay),
            "the page still says replay"
        );

        let spec = NewGameSpec {
            rules: Some("rubicon".into()),
            seat: Some(Seat::B),
            ..NewGameSpec::default()
        };
        let new_game = Handover {
            start: Start::NewGame(spec.clone()),
            ..game.clone()
        };
        let state = EmbedState::handed_over(&new_game);
        assert_eq!(
            state.screen,
            EmbedScreen::Loading,
            "waiting for the page to start it"
        );
        assert_eq!(state.wanted, Some((1, spec.clone())));
        assert_eq!(state.spec, spec);

        // A game already over cannot be played on: its record stays in the viewer.
        let whole = crate::session::testing::played("rubicon", 5, Opponent::Human);
        let ended = Handover {
            start: Start::Game {
                record: Box::new(whole.last().unwrap().record.clone()),
                bot: "2".into(),
                seed: 1,
            },
            ..game
        };
        let state = EmbedState::handed_over(&ended);
        assert_eq!(state.screen, EmbedScreen::Replay);
        assert!(matches!(state.incoming.as_deref(), Some((Ok(_), None))));
        assert!(state.notice.is_some());
        assert_eq!(state.to_host.len(), 1, "the host hears of it");

        // A review: the record in the viewer, where it stood.
        let at = Reopen {
            index: 12,
            view: crate::replay::ViewMode::Seat(Seat::B),
            review: Some(0),
        };
        let review = Handover {
            start: Start::Review {
                record: Box::new(record.clone()),
                at,
            },
            ..ended
        };
        let state = EmbedState::handed_over(&review);
        assert_eq!(state.screen, EmbedScreen::Replay);
        assert_eq!(state.reopen, Some(at));
        assert!(matches!(state.incoming.as_deref(), Some((Ok(r), None)) if *r == record));
    }

    #[test]
    fn a_game_waits_for_its_start_up_and_a_replay_does_not() {
        assert_eq!(
            EmbedState::new(Some(EmbedMode::Play), Lang::Fr).screen,
            EmbedScreen::Loading
        );
        assert_eq!(
            EmbedState::new(Some(EmbedMode::Replay), Lang::Fr).screen,
            EmbedScreen::Replay
        );
        assert_eq!(EmbedState::new(None, Lang::En).screen, EmbedScreen::Replay);
        let started = run(
            EmbedState::new(Some(EmbedMode::Play), Lang::En),
            [EmbedAction::Started {
                game: Some(session(1)),
                record: None,
            }],
        );
        assert_eq!(key(&started), Some(0));
        assert_eq!(started.incoming, None);
    }

    #[test]
    fn a_record_with_no_game_to_go_on_with_is_shown_in_the_viewer() {
        let problem = LoadProblem::NothingPasted;
        let state = run(
            EmbedState::new(Some(EmbedMode::Play), Lang::En),
            [EmbedAction::Started {
                game: None,
                record: Some(Rc::new((Err(problem.clone()), Some("a.txt".into())))),
            }],
        );
        assert_eq!(state.screen, EmbedScreen::Replay);
        assert_eq!(
            state.incoming.as_deref(),
            Some(&(Err(problem), Some("a.txt".into())))
        );
        // In a replay, the start-up leaves a game begun meanwhile on the table.
        let replay = run(
            EmbedState::new(Some(EmbedMode::Replay), Lang::En),
            [
                EmbedAction::PlayOn(session(2)),
                EmbedAction::Started {
                    game: None,
                    record: Some(Rc::new((records::open(record_text(), None), None))),
                },
            ],
        );
        assert_eq!(key(&replay), Some(1));
        assert!(replay.incoming.is_some());
    }

    #[test]
    fn host_messages_load_move_and_switch_the_language() {
        let state = run(
            EmbedState::new(Some(EmbedMode::Replay), Lang::Fr),
            [
                load(record_text()),
                goto(5),
                goto(5),
                EmbedAction::Host(Ok(HostMessage::SetLanguage(Lang::En))),
            ],
        );
        assert!(matches!(state.incoming.as_deref(), Some((Ok(_), None))));
        assert_eq!(
            state.command,
            Some((2, Goto::Host(GotoTarget::Index(5)))),
            "asked twice, moved twice"
        );
        assert_eq!(state.lang, Lang::En);
        assert!(state.to_host.is_empty());
        // A good record in a game: the viewer takes the table.
        let playing = run(
            EmbedState::new(Some(EmbedMode::Play), Lang::En),
            [
                EmbedAction::Started {
                    game: Some(session(3)),
                    record: None,
                },
                load(record_text()),
            ],
        );
        assert_eq!(playing.screen, EmbedScreen::Replay);
        assert!(playing.incoming.is_some());
    }

    #[test]
    fn a_refused_message_changes_nothing_but_tells_the_host_in_order() {
        let start = run(
            EmbedState::new(Some(EmbedMode::Replay), Lang::En),
            [load(record_text()), goto(3)],
        );
        let after = run(
            start.clone(),
            [
                EmbedAction::Host(Err(MessageError::NotAnObject)),
                EmbedAction::Host(Err(MessageError::Foreign)),
            ],
        );
        assert_eq!(
            EmbedState {
                to_host: Vec::new(),
                errors: 0,
                ..after.clone()
            },
            start,
            "nothing else moves"
        );
        assert_eq!(
            after.to_host,
            vec![
                (
                    1,
                    error_words::message_error(&MessageError::NotAnObject, Lang::En)
                ),
                (
                    2,
                    error_words::message_error(&MessageError::Foreign, Lang::En)
                ),
            ]
        );
        // Told: the first goes, the second waits; told again, nothing changes.
        let told = Rc::new(after).reduce(EmbedAction::Told(1));
        assert_eq!(told.to_host.len(), 1);
        assert_eq!(told.to_host[0].0, 2);
        let told = told.reduce(EmbedAction::Told(2));
        assert!(told.to_host.is_empty());
        let again = told.clone().reduce(EmbedAction::Told(2));
        assert!(
            Rc::ptr_eq(&told, &again),
            "the same state when nothing changes"
        );
    }

    #[test]
    fn in_a_game_a_goto_or_a_bad_record_only_tells_the_host() {
        let playing = run(
            EmbedState::new(Some(EmbedMode::Play), Lang::En),
            [EmbedAction::Started {
                game: Some(session(4)),
                record: None,
            }],
        );
        let after = run(playing.clone(), [goto(1), load("not a record")]);
        assert_eq!(after.screen, playing.screen);
        assert_eq!(after.command, None);
        assert_eq!(after.incoming, None);
        assert_eq!(after.to_host.len(), 2);
        assert_eq!(
            after.to_host[0].1,
            error_words::goto_problem(&GotoProblem::NoRecord, Lang::En)
        );
        assert!(
            after.to_host[1]
                .1
                .starts_with("This record cannot be read — ")
        );
        // On the viewer's table a bad record goes to the viewer, which says it once.
        let viewing = run(
            EmbedState::new(Some(EmbedMode::Replay), Lang::En),
            [load("not a record")],
        );
        assert!(matches!(viewing.incoming.as_deref(), Some((Err(_), None))));
        assert!(viewing.to_host.is_empty());
    }

    #[test]
    fn every_new_game_is_a_new_table_and_a_notice_is_dismissed() {
        let state = run(
            EmbedState::new(Some(EmbedMode::Play), Lang::Fr),
            [
                EmbedAction::Started {
                    game: Some(session(5)),
                    record: None,
                },
                EmbedAction::NewGame(session(6)),
                EmbedAction::NewGame(session(7)),
                EmbedAction::Notice("no".into()),
            ],
        );
        assert_eq!(key(&state), Some(2));
        assert_eq!(state.notice.as_deref(), Some("no"));
        assert_eq!(run(state, [EmbedAction::Dismiss]).notice, None);
    }

    fn host(m: HostMessage) -> EmbedAction {
        EmbedAction::Host(Ok(m))
    }

    #[test]
    fn the_hosts_steps_and_autoplay_move_the_viewer_and_are_refused_in_a_game() {
        let state = run(
            EmbedState::new(Some(EmbedMode::Replay), Lang::En),
            [
                load(record_text()),
                host(HostMessage::Step(Step::Next)),
                host(HostMessage::Autoplay(true)),
            ],
        );
        assert_eq!(state.command, Some((1, Goto::Forward)));
        assert_eq!(state.autoplay, Some((1, true)));
        let state = run(
            state,
            [
                host(HostMessage::Step(Step::Last)),
                host(HostMessage::Autoplay(false)),
                host(HostMessage::GetState),
            ],
        );
        assert_eq!(state.command, Some((2, Goto::End)));
        assert_eq!(state.autoplay, Some((2, false)));
        assert_eq!(state.asked, 1);
        assert!(state.to_host.is_empty());
        let playing = run(
            EmbedState::new(Some(EmbedMode::Play), Lang::En),
            [
                EmbedAction::Started {
                    game: Some(session(8)),
                    record: None,
                },
                host(HostMessage::Step(Step::Previous)),
                host(HostMessage::Autoplay(true)),
            ],
        );
        assert_eq!(playing.command, None);
        assert_eq!(playing.autoplay, None);
        assert_eq!(
            playing
                .to_host
                .iter()
                .map(|(_, m)| m.as_str())
                .collect::<Vec<_>>(),
            [
                "previous: there is no record on the table",
                "play: there is no record on the table"
            ]
        );
    }

    #[test]
    fn new_game_and_set_level_from_the_host() {
        let spec = NewGameSpec {
            rules: Some("rubicon".into()),
            level: Some(2),
            seed: Some(9),
            seat: Some(Seat::B),
        };
        let state = run(
            EmbedState::new(Some(EmbedMode::Replay), Lang::En),
            [
                host(HostMessage::SetLevel(4)),
                host(HostMessage::NewGame(spec.clone())),
            ],
        );
        assert_eq!(state.to_host.len(), 1, "setLevel with no game is refused");
        assert_eq!(state.wanted, Some((1, spec.clone())));
        assert_eq!(state.seat(Seat::A), Seat::B);
        // The game the page started goes on the table; setLevel changes its computer.
        let state = run(
            state,
            [
                EmbedAction::NewGame(session(10)),
                host(HostMessage::SetLevel(5)),
            ],
        );
        assert_eq!(key(&state), Some(2), "the table is drawn again");
        let EmbedScreen::Play { session, .. } = &state.screen else {
            panic!("a game");
        };
        assert_eq!(
            session.config.opponent,
            Opponent::Computer { bot: "5".into() }
        );
        assert_eq!(state.spec.level, Some(5));
        // The next new game keeps the rules, level and seat asked, not the seed.
        let state = run(state, [host(HostMessage::NewGame(NewGameSpec::default()))]);
        assert_eq!(
            state.wanted.map(|(_, s)| s),
            Some(NewGameSpec {
                rules: Some("rubicon".into()),
                level: Some(5),
                seed: None,
                seat: Some(Seat::B),
            })
        );
    }

    #[test]
    fn set_theme_changes_the_looks_in_a_game_or_a_replay() {
        use crate::embed::{Colour, LooksChange, Size, Theme};
        let start = EmbedState::new(Some(EmbedMode::Replay), Lang::En).with_looks(Looks {
            size: Size::Small,
            ..Looks::default()
        });
        let set = |change: LooksChange| EmbedAction::Host(Ok(HostMessage::SetTheme(change)));
        let after = run(
            start.clone(),
            [set(LooksChange {
                theme: Some(Theme::Dark),
                accent: Colour::parse("gold"),
                ..LooksChange::default()
            })],
        );
        assert_eq!(after.looks.theme, Theme::Dark);
        assert_eq!(after.looks.size, Size::Small, "what it does not name stays");
        assert_eq!(after.looks.accent, Colour::parse("gold"));
        assert!(after.to_host.is_empty());
        let game = run(
            EmbedState::new(Some(EmbedMode::Play), Lang::En),
            [
                EmbedAction::Started {
                    game: Some(session(2)),
                    record: None,
                },
                set(LooksChange {
                    size: Some(Size::Large),
                    ..LooksChange::default()
                }),
            ],
        );
        assert_eq!(game.looks.size, Size::Large);
        assert_eq!(key(&game), Some(0), "the game goes on, not redrawn afresh");
    }
}
