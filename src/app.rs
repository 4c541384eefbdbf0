//! The root component and its store. The reducer is pure (state in, state out); saving the
//! settings, setting `<html lang>`, reading storage and writing the browser's history happen
//! in effects and callbacks, never in `reduce`.
//!
//! The screens (the first screen, the table, the replay viewer) are entries of the browser's
//! history: Back and Forward move between them (a game left by Back stays saved and Forward
//! resumes it), and a dialog is an entry over its screen (see `components::modal`).
//!
//! [`App`] lays out pieces, each a function of the state that renders one thing: the notice,
//! the screen on show (the first screen, the table, a lesson, the replay viewer), the dialog on
//! top and the confirmation of a game that would replace the one in progress; its effects are
//! hooks named for what they keep (the history, the way in, the saved choices, a lesson put
//! back after a reload, links followed).

use std::rc::Rc;

use piquet_engine::Seat;
use piquet_engine::cursor::Position;
use yew::prelude::*;

use crate::components::header::Header;
use crate::components::home::Home;
use crate::components::lessons::{self, LessonsDialog};
use crate::components::modal::Modal;
use crate::components::new_game::NewGame;
use crate::components::replay::ReplayViewer;
use crate::components::rules_page::RulesPage;
use crate::components::settings_panel::SettingsPanel;
use crate::components::stats::StatsDialog;
use crate::components::table::{GameScreen, LessonTable};
use crate::components::update_prompt::UpdatePrompt;
use crate::services::lessons as lesson_progress;
use crate::services::{browser, files, history, storage};
use piquet_table::embed::{self, ParamError};
use piquet_table::error_words;
use piquet_table::i18n::{Lang, Text};
use piquet_table::lesson::Lesson;
use piquet_table::link;
use piquet_table::records::{self, LoadProblem};
use piquet_table::session::{GameConfig, Opponent, Session};
use piquet_table::settings::Settings;
use piquet_table::stored::{Kind, Unread};
use piquet_words as words;

/// The computer's level when a lesson's game goes on and no game was played before.
const DEFAULT_BOT: &str = "2";

/// The dialog open over the current screen, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialog {
    NewGame,
    Settings,
    Rules,
    Stats,
    Lessons,
}

/// Everything the app shows, derived from nothing else.
#[derive(Clone, Debug, PartialEq)]
pub struct AppState {
    pub settings: Settings,
    pub dialog: Option<Dialog>,
    /// The preset chosen in the new-game dialog (a stable preset id).
    pub preset: AttrValue,
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
}

impl Screen {
    pub fn id(self) -> &'static str {
        match self {
            Screen::Home => "home",
            Screen::Table => "table",
            Screen::Replay => "replay",
            Screen::Lesson => "lesson",
        }
    }

    pub fn from_id(id: &str) -> Option<Screen> {
        [Screen::Home, Screen::Table, Screen::Replay, Screen::Lesson]
            .into_iter()
            .find(|s| s.id() == id)
    }
}

pub use crate::components::replay::Incoming;

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

/// The record in the page's fragment (`#record=…`), if any.
fn incoming_from_hash() -> Option<Incoming> {
    link::from_hash(&files::location_hash())
        .map(|r| Rc::new((r.map_err(LoadProblem::Fragment), None)))
}

/// What can happen to the app state.
#[derive(Clone, Debug, PartialEq)]
pub enum AppAction {
    SetLang(Lang),
    SetSettings(Settings),
    Open(Dialog),
    CloseDialog,
    ChoosePreset(AttrValue),
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
}

impl Reducible for AppState {
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
                    Screen::Home | Screen::Replay => screen,
                    Screen::Lesson => {
                        next.game_key += 1;
                        if next.lesson.is_some() {
                            Screen::Lesson
                        } else {
                            Screen::Home
                        }
                    }
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

    fn play_from(&mut self, session: Rc<Session>) {
        self.game = Some(session);
        self.game_key += 1;
        self.screen = Screen::Table;
        self.incoming = None;
        self.confirm = None;
    }

    /// The state at start-up, from what storage held (see [`storage::load_settings`]).
    fn initial() -> AppState {
        let defaults = Settings {
            lang: browser::preferred_lang().unwrap_or_default(),
            ..Settings::default()
        };
        let loaded = storage::load_settings(&defaults);
        let mut stored: Vec<Unread> = loaded.unread(Kind::Settings).into_iter().collect();
        let settings = loaded.value.unwrap_or(defaults);
        // Reloading the page at any moment resumes the exact game (or its last position that
        // still replays).
        let saved = storage::load_game();
        stored.extend(saved.unread(Kind::Game));
        // The choice being made at the table is read by the table; one that cannot be read is
        // reported here, with the rest (and kept aside, so the table finds none).
        stored.extend(storage::load_pending().unread(Kind::Choice));
        // A link with a record opens the viewer (the saved game waits on the first screen).
        let incoming = incoming_from_hash();
        let replaying = incoming.is_some();
        // A page reloaded on a lesson comes back to it (fetched again, at its saved step).
        let resume_lesson = (!replaying
            && history::current().as_deref() == Some(Screen::Lesson.id()))
        .then(|| {
            let (current, unread) = lesson_progress::on_table();
            stored.extend(unread);
            current
        })
        .flatten();
        let screen = if replaying {
            Screen::Replay
        } else if resume_lesson.is_some() {
            Screen::Lesson
        } else if saved.value.is_some() {
            Screen::Table
        } else {
            Screen::Home
        };
        let notice = Notice::start_up(stored, browser::url_param("seed").as_deref());
        let last = storage::load_last_config();
        AppState {
            screen,
            incoming,
            settings,
            dialog: None,
            preset: AttrValue::from(
                last.as_ref()
                    .map_or("classique", |c| c.preset.as_str())
                    .to_string(),
            ),
            notice,
            game: saved.value.map(Rc::new),
            game_key: 0,
            confirm: None,
            last,
            lesson: None,
            resume_lesson,
        }
    }
}

#[derive(Properties, PartialEq)]
struct StatsScreenProps {
    lang: Lang,
    on_close: Callback<()>,
}

/// The statistics as storage holds them, read when the dialog opens; reset and saved here.
#[function_component(StatsScreen)]
fn stats_screen(props: &StatsScreenProps) -> Html {
    let loaded = use_state(|| {
        let (stats, unread) = storage::load_stats();
        (Rc::new(stats), unread)
    });
    let on_reset = {
        let loaded = loaded.clone();
        Callback::from(move |_| {
            let empty = piquet_table::stats::Stats::default();
            storage::save_stats(&empty);
            loaded.set((Rc::new(empty), None));
        })
    };
    let problem = loaded
        .1
        .as_ref()
        .map(|u| error_words::unread(u, props.lang));
    html! {
        <StatsDialog stats={loaded.0.clone()} {problem} lang={props.lang}
                     {on_reset} on_close={props.on_close.clone()} />
    }
}

/// A fresh seed for the last game's settings: « Rejouer ».
fn again(config: &GameConfig) -> GameConfig {
    GameConfig {
        seed: browser::game_seed(),
        ..config.clone()
    }
}

/// Keeps the browser's history in step with the screen, and the screen with Back and Forward.
#[hook]
fn use_screen_history(state: &UseReducerHandle<AppState>) {
    // At start-up, a screen other than the first is entered over the first one, so that Back
    // goes to the first screen rather than out of the app.
    {
        let screen = state.screen;
        use_effect_with((), move |_| {
            if history::current()
                .and_then(|s| Screen::from_id(&s))
                .is_none()
            {
                history::replace(Screen::Home.id());
                if screen != Screen::Home {
                    history::push(screen.id());
                }
            }
        });
    }
    {
        let screen = state.screen;
        use_effect_with(screen, move |screen| {
            match history::current() {
                Some(cur) if cur == screen.id() => {}
                // A dialog's entry (the new-game dialog that started a game) gives way to the
                // screen it led to.
                Some(cur) if history::is_overlay(&cur) => history::replace(screen.id()),
                _ => history::push(screen.id()),
            }
        });
    }
    {
        let state = state.clone();
        use_effect_with((), move |_| {
            let listener = history::on_pop(move |entry| {
                let Some(screen) = entry.as_deref().and_then(Screen::from_id) else {
                    return;
                };
                // Forward to the table resumes the game as saved (the table saves every change).
                let saved = (screen == Screen::Table)
                    .then(|| storage::load_game().value.map(Rc::new))
                    .flatten();
                state.dispatch(AppAction::Navigate(screen, saved));
            });
            move || drop(listener)
        });
    }
}

/// The app's properties: what the player chose on the first screen before the app arrived.
#[derive(Properties, PartialEq, Default)]
pub struct AppProps {
    /// A way in (`shell::INTENT`): "new-game", "again", "replay", "stats", "learn", "rules",
    /// "settings".
    #[prop_or_default]
    pub intent: Option<AttrValue>,
}

/// What a way in chosen on the first screen does, if the app knows it.
fn intent_action(intent: &str, last: Option<&GameConfig>) -> Option<AppAction> {
    Some(match intent {
        "new-game" => AppAction::Open(Dialog::NewGame),
        "settings" => AppAction::Open(Dialog::Settings),
        "rules" => AppAction::Open(Dialog::Rules),
        "stats" => AppAction::Open(Dialog::Stats),
        "learn" => AppAction::Open(Dialog::Lessons),
        "replay" => AppAction::OpenReplay(None),
        "again" => AppAction::StartGame(again(last?)),
        _ => return None,
    })
}

#[function_component(App)]
pub fn app(props: &AppProps) -> Html {
    let state = use_reducer(AppState::initial);
    let lang = state.settings.lang;
    use_screen_history(&state);
    use_intent(&state, props.intent.clone());
    use_saved_choices(&state);
    use_lesson_resumed(&state);
    use_links(&state);

    let playing = matches!(state.screen, Screen::Table | Screen::Lesson);
    html! {
        <div class={classes!("app", format!("deck-{:?}", state.settings.deck).to_ascii_lowercase(), playing.then_some("playing"))}>
            if !playing {
                <Header {lang} on_lang={send_with(&state, AppAction::SetLang)}
                        on_settings={send(&state, AppAction::Open(Dialog::Settings))}
                        on_rules={send(&state, AppAction::Open(Dialog::Rules))} />
            }
            { for notice(&state) }
            { screen(&state) }
            if state.screen == Screen::Home {
                <footer class="footer">{ Text::Footer.get(lang) }</footer>
            }
            { dialog_on_top(&state) }
            { for confirm_replace(&state) }
            <UpdatePrompt {lang} />
        </div>
    }
}

/// A callback that dispatches `action`.
fn send(state: &UseReducerHandle<AppState>, action: AppAction) -> Callback<()> {
    let state = state.clone();
    Callback::from(move |_: ()| state.dispatch(action.clone()))
}

/// A callback that dispatches the action `make` makes of what it is given.
fn send_with<T: 'static>(
    state: &UseReducerHandle<AppState>,
    make: impl Fn(T) -> AppAction + 'static,
) -> Callback<T> {
    let state = state.clone();
    Callback::from(move |x| state.dispatch(make(x)))
}

/// « Rejouer »: a new game with the last game's settings, if there was one.
fn play_again(state: &UseReducerHandle<AppState>) -> Option<Callback<()>> {
    state.last.clone().map(|last| {
        let state = state.clone();
        Callback::from(move |_: ()| state.dispatch(AppAction::StartGame(again(&last))))
    })
}

/// The way in the player chose on the first screen, before the app was there.
#[hook]
fn use_intent(state: &UseReducerHandle<AppState>, intent: Option<AttrValue>) {
    let state = state.clone();
    use_effect_with((), move |_| {
        if let Some(action) = intent
            .as_deref()
            .and_then(|i| intent_action(i, state.last.as_ref()))
        {
            state.dispatch(action);
        }
    });
}

/// Saves the settings (and sets `<html lang>`) and the last game's settings, for « Rejouer »
/// and the new-game dialog, when they change.
#[hook]
fn use_saved_choices(state: &UseReducerHandle<AppState>) {
    use_effect_with(state.settings.clone(), |settings| {
        browser::set_document_lang(settings.lang);
        storage::save_settings(settings);
    });
    use_effect_with(state.last.clone(), |last| {
        if let Some(config) = last {
            storage::save_last_config(config);
        }
    });
}

/// A page reloaded on a lesson: fetch it again and put it back on the table where it stood.
#[hook]
fn use_lesson_resumed(state: &UseReducerHandle<AppState>) {
    let state = state.clone();
    use_effect_with((), move |_| {
        if let Some(id) = state.resume_lesson.clone() {
            let lang = state.settings.lang;
            wasm_bindgen_futures::spawn_local(async move {
                let (progress, _) = lesson_progress::progress();
                let chosen = match lessons::fetch_index(lang).await {
                    Ok(index) => match index.entry(&id) {
                        Some(entry) => lessons::open_lesson(entry, &progress, false, lang).await,
                        None => Err(id.clone()),
                    },
                    Err(e) => Err(e),
                };
                state.dispatch(match chosen {
                    Ok((lesson, at, done)) => AppAction::StartLesson(lesson, at, done),
                    Err(why) => AppAction::LessonLost(words::labelled(
                        Text::LessonUnreadable.get(lang),
                        &why,
                        lang,
                    )),
                });
            });
        }
    });
}

/// A link followed while the app is open changes only the fragment: the viewer opens it.
#[hook]
fn use_links(state: &UseReducerHandle<AppState>) {
    let state = state.clone();
    use_effect_with((), move |_| {
        let listener = web_sys::window().map(|w| {
            gloo_events::EventListener::new(&w, "hashchange", move |_| {
                if let Some(incoming) = incoming_from_hash() {
                    state.dispatch(AppAction::OpenReplay(Some(incoming)));
                }
            })
        });
        move || drop(listener)
    });
}

/// The notice of the first screen, if any, with its button to dismiss it.
fn notice(state: &UseReducerHandle<AppState>) -> Option<Html> {
    let lang = state.settings.lang;
    state.notice.as_ref().map(|notice| {
        html! {
            <div class="notice" role="alert" id="app-notice">
                <span>{ notice.text(lang) }</span>
                <button type="button" class="icon-button" aria-label={Text::Close.get(lang)}
                        onclick={send(state, AppAction::DismissNotice).reform(|_: MouseEvent| ())}>
                    { "×" }
                </button>
            </div>
        }
    })
}

/// The dialog open over the screen, if any.
fn dialog_on_top(state: &UseReducerHandle<AppState>) -> Html {
    let lang = state.settings.lang;
    let on_close = send(state, AppAction::CloseDialog);
    match state.dialog {
        Some(Dialog::Settings) => html! {
            <SettingsPanel settings={state.settings.clone()}
                           on_change={send_with(state, AppAction::SetSettings)} {on_close} />
        },
        Some(Dialog::NewGame) => html! {
            <NewGame {lang} preset={state.preset.clone()}
                     on_preset={send_with(state, AppAction::ChoosePreset)}
                     on_lang={send_with(state, AppAction::SetLang)}
                     last={state.last.clone()}
                     on_start={send_with(state, AppAction::StartGame)} {on_close} />
        },
        Some(Dialog::Rules) => html! { <RulesPage {lang} {on_close} /> },
        Some(Dialog::Stats) => html! { <StatsScreen {lang} {on_close} /> },
        Some(Dialog::Lessons) => html! {
            <LessonsDialog {lang} {on_close}
                           on_start={send_with(state, |(lesson, at, done): lessons::Chosen| {
                               AppAction::StartLesson(lesson, at, done)
                           })} />
        },
        None => html! {},
    }
}

/// The confirmation asked before a new game replaces the one in progress, when one is asked.
fn confirm_replace(state: &UseReducerHandle<AppState>) -> Option<Html> {
    let t = |x: Text| x.get(state.settings.lang);
    state.confirm.as_ref().map(|_| {
        let footer = html! {
            <div class="choices">
                <button type="button" class="button" id="keep-game"
                        onclick={send(state, AppAction::Confirm(false)).reform(|_: MouseEvent| ())}>
                    { t(Text::Cancel) }
                </button>
                <button type="button" class="button primary" id="replace-game"
                        onclick={send(state, AppAction::Confirm(true)).reform(|_: MouseEvent| ())}>
                    { t(Text::ReplaceGame) }
                </button>
            </div>
        };
        html! {
            <Modal id="confirm-replace" title={t(Text::ReplaceGameTitle)} close_label={t(Text::Close)}
                   on_close={send(state, AppAction::Confirm(false))} footer={Some(footer)}>
                <p>{ t(Text::ReplaceGameBody) }</p>
            </Modal>
        }
    })
}

/// The screen on show.
fn screen(state: &UseReducerHandle<AppState>) -> Html {
    match (state.screen, state.game.as_ref()) {
        (Screen::Lesson, _) => match &state.lesson {
            Some(on_table) => lesson_screen(state, on_table),
            None => html! {
                <main class="home" id="main">
                    <p class="hint-line" role="status">{ Text::LessonsLoading.get(state.settings.lang) }</p>
                </main>
            },
        },
        (Screen::Replay, _) => replay_screen(state),
        (Screen::Table, Some(session)) => table_screen(state, session),
        (Screen::Home | Screen::Table, _) => home_screen(state),
    }
}

/// The first screen.
fn home_screen(state: &UseReducerHandle<AppState>) -> Html {
    let on_resume = state.in_progress().then(|| {
        let state = state.clone();
        Callback::from(move |_: ()| {
            let saved = storage::load_game();
            state.dispatch(AppAction::Resume(saved.value.map(Rc::new)));
        })
    });
    html! {
        <Home lang={state.settings.lang} deck={state.settings.deck}
              last={state.last.clone()} {on_resume} on_play_again={play_again(state)}
              on_new_game={send(state, AppAction::Open(Dialog::NewGame))}
              on_replay={send(state, AppAction::OpenReplay(None))}
              on_stats={send(state, AppAction::Open(Dialog::Stats))}
              on_learn={send(state, AppAction::Open(Dialog::Lessons))}
              on_settings={send(state, AppAction::Open(Dialog::Settings))}
              on_rules={send(state, AppAction::Open(Dialog::Rules))} />
    }
}

/// The table, with the game in progress.
fn table_screen(state: &UseReducerHandle<AppState>, session: &Rc<Session>) -> Html {
    html! {
        <GameScreen key={state.game_key} session={session.clone()} settings={state.settings.clone()}
                    on_session={send_with(state, AppAction::Played)}
                    on_leave={send(state, AppAction::LeaveTable)}
                    on_new_game={send(state, AppAction::Open(Dialog::NewGame))}
                    on_play_again={play_again(state)}
                    on_rules={Some(send(state, AppAction::Open(Dialog::Rules)))}
                    on_settings={Some(send(state, AppAction::Open(Dialog::Settings)))} />
    }
}

/// The replay viewer; leaving it, or playing on from it, clears the link it was opened from.
fn replay_screen(state: &UseReducerHandle<AppState>) -> Html {
    let on_play = send_with(state, |session: Session| {
        files::clear_hash();
        AppAction::PlayFrom(Rc::new(session))
    });
    let on_close = send_with(state, |_: ()| {
        files::clear_hash();
        AppAction::CloseReplay
    });
    html! {
        <ReplayViewer settings={state.settings.clone()} incoming={state.incoming.clone()}
                      on_play={Some(on_play)} on_close={Some(on_close)} />
    }
}

/// The table with a lesson on it.
fn lesson_screen(state: &UseReducerHandle<AppState>, on_table: &LessonOnTable) -> Html {
    let leave = send_with(state, |_: ()| {
        lesson_progress::forget_on_table();
        AppAction::LeaveLesson
    });
    let again = send(
        state,
        AppAction::StartLesson(on_table.lesson.clone(), 0, true),
    );
    let bot = match state.last.as_ref().map(|c| &c.opponent) {
        Some(Opponent::Computer { bot }) => bot.clone(),
        _ => DEFAULT_BOT.to_string(),
    };
    let play_on = send_with(state, move |session: Rc<Session>| {
        match game_after_lesson(&session, &bot, browser::game_seed()) {
            Ok(game) => AppAction::PlayFrom(Rc::new(game)),
            Err(why) => AppAction::Problem(why),
        }
    });
    let table = LessonTable {
        lesson: on_table.lesson.clone(),
        done_before: on_table.done_before,
        cut_drawn: on_table.cut_drawn,
        on_played: send_with(state, |(s, cut_drawn)| {
            AppAction::LessonPlayed(s, cut_drawn)
        }),
        on_again: again,
        on_lessons: leave.clone(),
        on_play_on: play_on,
    };
    html! {
        <GameScreen key={state.game_key} session={on_table.session.clone()} settings={state.settings.clone()}
                    lesson={Some(table)}
                    on_leave={leave}
                    on_new_game={send(state, AppAction::Open(Dialog::NewGame))}
                    on_rules={Some(send(state, AppAction::Open(Dialog::Rules)))}
                    on_settings={Some(send(state, AppAction::Open(Dialog::Settings)))} />
    }
}

/// The game that goes on from where a lesson's table stands, the player at seat A against
/// `bot`, the deals to come drawn from `seed`.
fn game_after_lesson(session: &Session, bot: &str, seed: u64) -> Result<Session, String> {
    let deal = session
        .record
        .deals
        .len()
        .checked_sub(1)
        .ok_or_else(|| "no deal".to_string())?;
    let at = Position {
        deal,
        actions: session.record.deals[deal].actions.len(),
    };
    records::play_from(&session.record, at, Seat::A, bot, seed).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use piquet_table::stored::StoredProblem;

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
}
