//! The app's own state and its reducer: the screen on show ([`Screen`], one of four, the table
//! only with a game), the dialog on top, the notice, the game in progress and the one a new game
//! would replace, the lesson on the table. Pure: reading storage at start-up, saving, the
//! browser's history and the page's address are the app's effects.

use std::rc::Rc;

use crate::Reduce;
use crate::embed::{self, ParamError};
use crate::error_words;
use crate::i18n::Lang;
use crate::lesson::Lesson;
use crate::problem::Problem;
use crate::problem::solve::OnTable;
use crate::replay::Incoming;
use crate::session::{GameConfig, Session};
use crate::settings::Settings;
use crate::stored::Unread;

/// The dialog open over the current screen, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialog {
    NewGame,
    Settings,
    Rules,
    Stats,
    Lessons,
    Problems,
}

/// Everything the app shows, derived from nothing else.
#[derive(Clone, Debug, PartialEq)]
pub struct AppState {
    pub settings: Settings,
    pub dialog: Option<Dialog>,
    /// The preset chosen in the new-game dialog (a stable preset id).
    pub preset: String,
    /// A one-line notice, e.g. that saved data was read in part or set aside.
    pub notice: Option<Notice>,
    /// The game in progress (as started or resumed; the table keeps it up to date in storage).
    pub game: Option<Rc<Session>>,
    /// Bumped for every game started or resumed, so that the table starts afresh.
    pub game_key: u32,
    /// The screen on show: one of the four, never two at once (the table only with a game).
    pub screen: Screen,
    /// A record for the viewer to open (from a link), or why it could not be read.
    pub incoming: Option<Incoming>,
    /// A new game asked for while one is in progress: it waits for the player's confirmation.
    pub confirm: Option<Replacement>,
    /// The settings of the last game started (« Rejouer »).
    pub last: Option<GameConfig>,
    /// The lesson on the table, if any, as it stands.
    pub lesson: Option<LessonOnTable>,
    /// At start-up, the lesson that was on the table when the page was reloaded.
    pub resume_lesson: Option<String>,
    /// The problem on the table, if any.
    pub problem: Option<Rc<Problem>>,
    /// The answer whose verdict the problem on the table shows (after a reload), if any.
    pub problem_answer: Option<String>,
    /// At start-up, the problem that was on the table when the page was reloaded.
    pub resume_problem: Option<OnTable>,
    /// The game with a friend on another device on show (its room), if any.
    pub room: Option<String>,
}

/// A lesson on the table: the lesson, where it stands, whether it was finished before.
#[derive(Clone, Debug, PartialEq)]
pub struct LessonOnTable {
    pub lesson: Rc<Lesson>,
    pub session: Rc<Session>,
    /// The player has drawn at the lesson's cut.
    pub cut_drawn: bool,
    pub done_before: bool,
}

/// A new game that would replace the one in progress.
#[derive(Clone, Debug, PartialEq)]
pub enum Replacement {
    Start(GameConfig),
    PlayFrom(Rc<Session>),
}

/// The app's screens, as the browser's history names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    Home,
    Table,
    Replay,
    Lesson,
    Problem,
    Daily,
    /// A game with a friend on another device.
    Online,
}

impl Screen {
    pub fn id(self) -> &'static str {
        match self {
            Screen::Home => "home",
            Screen::Table => "table",
            Screen::Replay => "replay",
            Screen::Lesson => "lesson",
            Screen::Problem => "problem",
            Screen::Daily => "daily",
            Screen::Online => "online",
        }
    }

    pub fn from_id(id: &str) -> Option<Screen> {
        [
            Screen::Home,
            Screen::Table,
            Screen::Replay,
            Screen::Lesson,
            Screen::Problem,
            Screen::Daily,
            Screen::Online,
        ]
        .into_iter()
        .find(|s| s.id() == id)
    }
}

/// A notice of the first screen, put in words when shown (in the language of that moment).
#[derive(Clone, Debug, PartialEq)]
pub enum Notice {
    /// What start-up found wrong, each said in its own sentence: saved data not read whole
    /// (what, and why), and a parameter of the page's address not understood (`?seed=1.5`:
    /// ignored).
    StartUp {
        stored: Vec<Unread>,
        param: Option<ParamError>,
    },
    /// A new game that could not be set up.
    Setup(String),
}

impl Notice {
    /// What start-up has to say, if anything: `stored`, what storage did not give back whole,
    /// and `seed`, the page's `?seed=` (the same cut and deals every time), which is a whole
    /// number or is said to be ignored (a new game then draws its own).
    pub fn start_up(stored: Vec<Unread>, seed: Option<&str>) -> Option<Notice> {
        let param = seed
            .filter(|seed| embed::whole_number(seed, 0, u64::MAX).is_none())
            .map(|seed| ParamError::BadValue {
                name: "seed",
                value: piquet_engine::Excerpt::of(seed),
                expected: embed::Expected::Seed,
            });
        (!stored.is_empty() || param.is_some()).then_some(Notice::StartUp { stored, param })
    }

    /// In `lang`: one sentence for each thing to say.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            Notice::StartUp { stored, param } => stored
                .iter()
                .map(|u| error_words::unread(u, lang))
                .chain(
                    param
                        .iter()
                        .map(|e| error_words::address_param_ignored(e, lang)),
                )
                .collect::<Vec<_>>()
                .join(" "),
            Notice::Setup(why) => why.clone(),
        }
    }
}

/// What can happen to the app state.
#[derive(Clone, Debug, PartialEq)]
pub enum AppAction {
    SetLang(Lang),
    SetSettings(Settings),
    Open(Dialog),
    CloseDialog,
    ChoosePreset(String),
    DismissNotice,
    /// Starts a new game (closing the dialog); a setup error becomes the notice.
    StartGame(GameConfig),
    /// Back to the table with the saved game, read again from storage by the caller.
    Resume(Option<Rc<Session>>),
    /// Back to the first screen; the game stays saved.
    LeaveTable,
    /// The replay viewer, with a record to open or none.
    OpenReplay(Option<Incoming>),
    CloseReplay,
    /// A game that goes on from a replay's position.
    PlayFrom(Rc<Session>),
    /// The player confirmed (`true`) or cancelled the new game that replaces the one in progress.
    Confirm(bool),
    /// Back or Forward reached an entry of this screen.
    Navigate(Screen, Option<Rc<Session>>),
    /// The game at the table changed (the table keeps its own state; this is what the first
    /// screen and the confirmation of a new game know of it).
    Played(Rc<Session>),
    /// A lesson on the table, from this many moves made; whether it was finished before.
    StartLesson(Rc<Lesson>, usize, bool),
    /// The lesson's table changed (so that Forward comes back to where it stood).
    LessonPlayed(Rc<Session>, bool),
    /// Back from a lesson to the list of lessons.
    LeaveLesson,
    /// The lesson to resume after a reload could not be: the first screen, with why.
    LessonLost(String),
    /// Something could not be done: say why.
    Problem(String),
    /// A problem on the table (closing the dialog).
    StartProblem(Rc<Problem>),
    /// The problem that was on the table before a reload, back on it, with the answer whose
    /// verdict it showed.
    ResumeProblem(Rc<Problem>, Option<String>),
    /// The problem to resume after a reload could not be: the first screen, with why.
    ProblemLost(String),
    /// Back from a problem to the list of problems.
    LeaveProblem,
    /// The deal of the day on the table (closing the dialog).
    StartDaily,
    /// The game with a friend in this room (created, joined, or followed by its link).
    OpenRoom(String),
}

impl Reduce for AppState {
    type Action = AppAction;

    fn reduce(self: Rc<Self>, action: AppAction) -> Rc<Self> {
        let mut next = (*self).clone();
        match action {
            AppAction::SetLang(lang) => next.settings.lang = lang,
            AppAction::SetSettings(settings) => next.settings = settings,
            AppAction::Open(dialog) => next.dialog = Some(dialog),
            AppAction::CloseDialog => next.dialog = None,
            AppAction::ChoosePreset(id) => next.preset = id,
            AppAction::DismissNotice => next.notice = None,
            AppAction::StartGame(config) if next.in_progress() => {
                next.confirm = Some(Replacement::Start(config));
            }
            AppAction::StartGame(config) => next.start(config),
            AppAction::Confirm(false) => next.confirm = None,
            AppAction::Confirm(true) => match next.confirm.take() {
                Some(Replacement::Start(config)) => next.start(config),
                Some(Replacement::PlayFrom(session)) => next.play_from(session),
                None => {}
            },
            AppAction::Navigate(screen, saved) => {
                next.dialog = None;
                next.confirm = None;
                next.screen = match screen {
                    Screen::Home | Screen::Replay | Screen::Daily => screen,
                    Screen::Problem => {
                        next.game_key += 1;
                        if next.problem.is_some() {
                            Screen::Problem
                        } else {
                            Screen::Home
                        }
                    }
                    Screen::Lesson => {
                        next.game_key += 1;
                        if next.lesson.is_some() {
                            Screen::Lesson
                        } else {
                            Screen::Home
                        }
                    }
                    Screen::Online if next.room.is_some() => Screen::Online,
                    Screen::Online => Screen::Home,
                    // Back to the table from over it (a dialog, the review stepped through on
                    // the table) leaves the table as it is; from another screen, it resumes the
                    // game as saved.
                    Screen::Table if self.screen == Screen::Table => Screen::Table,
                    Screen::Table => {
                        if saved.is_some() {
                            next.game = saved;
                            next.game_key += 1;
                        }
                        next.table_or_home()
                    }
                };
            }
            AppAction::Resume(session) => {
                if session.is_some() {
                    next.game = session;
                }
                next.game_key += 1;
                next.screen = next.table_or_home();
            }
            AppAction::LeaveTable => next.screen = Screen::Home,
            AppAction::OpenReplay(incoming) => {
                next.screen = Screen::Replay;
                next.dialog = None;
                if incoming.is_some() {
                    next.incoming = incoming;
                }
            }
            AppAction::CloseReplay => {
                next.screen = Screen::Home;
                next.incoming = None;
            }
            AppAction::Played(session) => next.game = Some(session),
            AppAction::PlayFrom(session) if next.in_progress() => {
                next.confirm = Some(Replacement::PlayFrom(session));
            }
            AppAction::PlayFrom(session) => next.play_from(session),
            AppAction::StartLesson(lesson, at, done_before) => match lesson.session_at(at) {
                Ok(session) => {
                    next.lesson = Some(LessonOnTable {
                        lesson,
                        session: Rc::new(session),
                        cut_drawn: at > 0,
                        done_before,
                    });
                    next.screen = Screen::Lesson;
                    next.dialog = None;
                    next.resume_lesson = None;
                    next.game_key += 1;
                }
                Err(e) => {
                    if next.screen == Screen::Lesson {
                        next.screen = Screen::Home;
                    }
                    next.notice = Some(Notice::Setup(e.to_string()));
                }
            },
            AppAction::LessonPlayed(session, cut_drawn) => {
                if let Some(l) = next.lesson.as_mut() {
                    l.session = session;
                    l.cut_drawn = cut_drawn;
                }
            }
            AppAction::LeaveLesson => {
                next.screen = Screen::Home;
                next.dialog = Some(Dialog::Lessons);
            }
            AppAction::Problem(why) => next.notice = Some(Notice::Setup(why)),
            AppAction::StartProblem(problem) => next.put_problem(problem, None),
            AppAction::ResumeProblem(problem, answer) => {
                next.put_problem(problem, answer);
                next.resume_problem = None;
            }
            AppAction::ProblemLost(why) => {
                next.screen = Screen::Home;
                next.resume_problem = None;
                next.notice = Some(Notice::Setup(why));
            }
            AppAction::StartDaily => {
                next.screen = Screen::Daily;
                next.dialog = None;
                next.game_key += 1;
            }
            AppAction::LeaveProblem => {
                next.screen = Screen::Home;
                next.dialog = Some(Dialog::Problems);
            }
            AppAction::OpenRoom(room) => {
                next.room = Some(room);
                next.screen = Screen::Online;
                next.dialog = None;
                next.game_key += 1;
            }
            AppAction::LessonLost(why) => {
                next.screen = Screen::Home;
                next.resume_lesson = None;
                next.notice = Some(Notice::Setup(why));
            }
        }
        Rc::new(next)
    }
}

impl AppState {
    /// Whether a game is in progress: dealt and not over (starting another would lose it).
    pub fn in_progress(&self) -> bool {
        self.game.as_ref().is_some_and(|s| {
            !s.record.deals.is_empty() && s.game.as_ref().is_some_and(|g| g.outcome().is_none())
        })
    }

    /// The table if there is a game to show on it, else the first screen.
    fn table_or_home(&self) -> Screen {
        if self.game.is_some() {
            Screen::Table
        } else {
            Screen::Home
        }
    }

    fn start(&mut self, config: GameConfig) {
        match Session::new(config.clone()) {
            Ok(session) => {
                self.game = Some(Rc::new(session));
                self.game_key += 1;
                self.screen = Screen::Table;
                self.dialog = None;
                self.confirm = None;
                self.last = Some(config);
            }
            Err(e) => self.notice = Some(Notice::Setup(e.to_string())),
        }
    }

    /// `problem` on the table, its verdict on show for `answer` if one is given.
    fn put_problem(&mut self, problem: Rc<Problem>, answer: Option<String>) {
        self.problem = Some(problem);
        self.problem_answer = answer;
        self.screen = Screen::Problem;
        self.dialog = None;
        self.game_key += 1;
    }

    fn play_from(&mut self, session: Rc<Session>) {
        self.game = Some(session);
        self.game_key += 1;
        self.screen = Screen::Table;
        self.incoming = None;
        self.confirm = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stored::{Kind, StoredProblem};

    /// The first screen with `dialog` open, nothing else on show.
    fn home_with(dialog: Dialog) -> Rc<AppState> {
        Rc::new(AppState {
            settings: Settings::default(),
            dialog: Some(dialog),
            preset: "classique".into(),
            notice: None,
            game: None,
            game_key: 0,
            screen: Screen::Home,
            incoming: None,
            confirm: None,
            last: None,
            lesson: None,
            resume_lesson: None,
            problem: None,
            problem_answer: None,
            resume_problem: None,
            room: None,
        })
    }

    fn settings_unread() -> Unread {
        Unread {
            kind: Kind::Settings,
            problem: StoredProblem::NotAnEnvelope,
            set_aside: true,
        }
    }

    #[test]
    fn a_bad_seed_is_said_beside_what_storage_did_not_give_back() {
        // Both at once: neither replaces the other.
        let notice = Notice::start_up(vec![settings_unread()], Some("1.5")).unwrap();
        let fr = notice.text(Lang::Fr);
        assert_eq!(
            fr,
            "Les paramètres enregistrés étaient illisibles\u{a0}: les valeurs par défaut \
             s’appliquent, et l’original est gardé dans les paramètres. Dans l’adresse de la \
             page, seed=«\u{a0}1.5\u{a0}» n’est pas valable\u{a0}: attendu un nombre entier de 0 \
             à 18446744073709551615\u{202f}; la valeur par défaut est utilisée."
        );
        let en = notice.text(Lang::En);
        assert!(
            en.starts_with("The saved settings could not be read"),
            "{en}"
        );
        assert!(
            en.ends_with("In the page’s address, seed=“1.5” is not valid: expected a whole number from 0 to 18446744073709551615; the default is used."),
            "{en}"
        );
        // The seed alone, or storage alone.
        let seed = Notice::start_up(Vec::new(), Some("-3"))
            .unwrap()
            .text(Lang::En);
        assert!(
            seed.starts_with("In the page’s address, seed=“-3”"),
            "{seed}"
        );
        let stored = Notice::start_up(vec![settings_unread()], Some("42")).unwrap();
        assert!(!stored.text(Lang::Fr).contains("adresse"));
    }

    #[test]
    fn a_seed_is_a_whole_number_of_64_bits_or_is_refused() {
        for good in ["0", "42", "18446744073709551615"] {
            assert_eq!(Notice::start_up(Vec::new(), Some(good)), None, "{good}");
        }
        assert_eq!(Notice::start_up(Vec::new(), None), None);
        for bad in [
            "",
            "1.5",
            "1e3",
            "-1",
            "+1",
            " 7",
            "18446744073709551616",
            "4294967301x",
        ] {
            let Some(Notice::StartUp { stored, param }) = Notice::start_up(Vec::new(), Some(bad))
            else {
                panic!("{bad:?} accepted");
            };
            assert!(stored.is_empty());
            assert!(param.is_some(), "{bad:?}");
        }
    }

    #[test]
    fn a_problem_goes_on_the_table_and_back_to_the_list_and_forward_again() {
        let file = concat!(env!("CARGO_MANIFEST_DIR"), "/../../problems/150-5-0-3.json");
        let problem =
            Rc::new(Problem::parse(file, &std::fs::read_to_string(file).unwrap()).unwrap());
        let home = home_with(Dialog::Problems);
        // Forward to a problem never opened: the first screen.
        let nowhere = home
            .clone()
            .reduce(AppAction::Navigate(Screen::Problem, None));
        assert_eq!(nowhere.screen, Screen::Home);
        let on = home.reduce(AppAction::StartProblem(problem.clone()));
        assert_eq!(on.screen, Screen::Problem);
        assert_eq!(on.dialog, None);
        assert_eq!(on.game_key, 1);
        let back = on.reduce(AppAction::LeaveProblem);
        assert_eq!(
            (back.screen, back.dialog),
            (Screen::Home, Some(Dialog::Problems))
        );
        let forward = back.reduce(AppAction::Navigate(Screen::Problem, None));
        assert_eq!(forward.screen, Screen::Problem);
        assert_eq!(forward.problem.as_deref(), Some(&*problem));
        assert_eq!(Screen::from_id("problem"), Some(Screen::Problem));
        // The deal of the day: on the table, and back there by Forward.
        let daily = forward.reduce(AppAction::StartDaily);
        assert_eq!((daily.screen, daily.dialog), (Screen::Daily, None));
        let home = daily.reduce(AppAction::LeaveTable);
        assert_eq!(home.screen, Screen::Home);
        let again = home.reduce(AppAction::Navigate(Screen::Daily, None));
        assert_eq!(again.screen, Screen::Daily);
        assert_eq!(Screen::from_id("daily"), Some(Screen::Daily));
    }

    #[test]
    fn a_problem_reloaded_comes_back_with_its_verdict_or_says_why_not() {
        let file = concat!(env!("CARGO_MANIFEST_DIR"), "/../../problems/150-5-0-3.json");
        let problem =
            Rc::new(Problem::parse(file, &std::fs::read_to_string(file).unwrap()).unwrap());
        let reloaded = Rc::new(AppState {
            screen: Screen::Problem,
            dialog: None,
            resume_problem: Some(OnTable {
                id: problem.id.clone(),
                answer: Some("good".into()),
            }),
            ..(*home_with(Dialog::Problems)).clone()
        });
        let back = reloaded.clone().reduce(AppAction::ResumeProblem(
            problem.clone(),
            Some("good".into()),
        ));
        assert_eq!(back.screen, Screen::Problem);
        assert_eq!(back.problem.as_deref(), Some(&*problem));
        assert_eq!(back.problem_answer.as_deref(), Some("good"));
        assert_eq!(back.resume_problem, None);
        // Another problem opened from there asks its question.
        let next = back.reduce(AppAction::StartProblem(problem.clone()));
        assert_eq!(next.problem_answer, None);
        let lost = reloaded.reduce(AppAction::ProblemLost("gone".into()));
        assert_eq!(lost.screen, Screen::Home);
        assert_eq!(lost.resume_problem, None);
        assert_eq!(lost.notice, Some(Notice::Setup("gone".into())));
    }

    #[test]
    fn back_to_the_table_from_over_it_keeps_the_table_and_from_elsewhere_resumes_the_save() {
        let rules = piquet_engine::Rules::classique();
        let config = crate::records::config_for(
            &rules,
            crate::session::Opponent::Computer { bot: "2".into() },
            7,
        );
        let session = Rc::new(Session::new(config).unwrap());
        let on_table = home_with(Dialog::NewGame).reduce(AppAction::PlayFrom(session.clone()));
        assert_eq!((on_table.screen, on_table.game_key), (Screen::Table, 1));
        // A dialog or the review over the table closed by Back: the same table.
        let back = on_table
            .clone()
            .reduce(AppAction::Navigate(Screen::Table, Some(session.clone())));
        assert_eq!((back.screen, back.game_key), (Screen::Table, 1));
        // Forward from the first screen: the saved game, afresh.
        let home = on_table.reduce(AppAction::LeaveTable);
        let forward = home.reduce(AppAction::Navigate(Screen::Table, Some(session)));
        assert_eq!((forward.screen, forward.game_key), (Screen::Table, 2));
    }

    #[test]
    fn a_room_opens_its_screen_and_back_and_forward_keep_it() {
        let state = home_with(Dialog::NewGame);
        // Forward to a room never opened: the first screen.
        let nowhere = state
            .clone()
            .reduce(AppAction::Navigate(Screen::Online, None));
        assert_eq!(nowhere.screen, Screen::Home);
        let open = state.reduce(AppAction::OpenRoom("ab12".into()));
        assert_eq!(open.screen, Screen::Online);
        assert_eq!(open.dialog, None);
        assert_eq!(open.room.as_deref(), Some("ab12"));
        let home = open.reduce(AppAction::Navigate(Screen::Home, None));
        let back = home.reduce(AppAction::Navigate(Screen::Online, None));
        assert_eq!(back.screen, Screen::Online);
        assert_eq!(Screen::from_id("online"), Some(Screen::Online));
    }
}
