//! The root component. Its state and reducer are [`piquet_table::app_state`]'s, pure (state in,
//! state out), kept here in a [`Store`]; saving the settings, setting `<html lang>`, reading
//! storage (the state at start-up, `initial_state`) and writing the browser's history happen
//! in effects and callbacks, never in the reducer.
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

use crate::components::daily::DailyScreen;
use crate::components::header::Header;
use crate::components::home::Home;
use crate::components::lessons::{self, LessonsDialog};
use crate::components::modal::Modal;
use crate::components::new_game::NewGame;
use crate::components::online::{OnlineGames, OnlineScreen};
use crate::components::problems::{ProblemScreen, ProblemsDialog};
use crate::components::replay::loader::BuiltIn;
use crate::components::replay::{DrawReview, PlayFrom, ReplayViewer, ReviewShown};
use crate::components::review_table::{self, OnTable};
use crate::components::rules_page::RulesPage;
use crate::components::settings_panel::SettingsPanel;
use crate::components::stats::StatsDialog;
use crate::components::store::Store;
use crate::components::table::overlays::{DrawTableReview, REVIEW_DIALOG};
use crate::components::table::{GameScreen, LessonTable};
use crate::components::update_prompt::UpdatePrompt;
use crate::services::lessons as lesson_progress;
use crate::services::problems as problem_files;
use crate::services::{browser, files, history, online, storage};
use piquet_table::error_words;
use piquet_table::i18n::{Lang, Text};
use piquet_table::link;
use piquet_table::problem::solve::{self, OnTable as OnProblem};
use piquet_table::problem::{IndexEntry, Problem, ProblemIndex};
use piquet_table::records::{self, Historical, LoadProblem};
use piquet_table::rules_text;
use piquet_table::session::{GameConfig, Opponent, Session};
use piquet_table::settings::Settings;
use piquet_table::stored::{Kind, Unread};
use piquet_words as words;

/// The computer's level when a lesson's game goes on and no game was played before.
const DEFAULT_BOT: &str = "2";

pub use piquet_table::app_state::{
    AppAction, AppState, Dialog, LessonOnTable, Notice, Replacement, Screen,
};
use piquet_table::replay::Incoming;

/// The app's state as Yew keeps it.
pub type AppStore = Store<AppState>;

/// The record in the page's fragment (`#record=…`), if any.
fn incoming_from_hash() -> Option<Incoming> {
    link::from_hash(&files::location_hash())
        .map(|r| Rc::new((r.map_err(LoadProblem::Fragment), None)))
}

/// The state at start-up, from what storage held (see [`storage::load_settings`]). `route` is
/// the screen the wasm that handed the page over was on (`shell::ROUTE`): a game saved while
/// the player was on the first screen stays there, and the viewer or the deal of the day it
/// went to opens in its history entry.
fn initial_state(rest: &dyn Rest, route: Option<&str>) -> AppState {
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
    let incoming = rest.incoming();
    let replaying = incoming.is_some();
    // A page reloaded on a lesson or a problem comes back to it (fetched again, at its saved
    // step, or its verdict on show if it was).
    let (resume_lesson, resume_problem) = if replaying {
        (None, None)
    } else {
        rest.on_table(&mut stored)
    };
    // A friend's link: the game with him (`?room=…`).
    let room = browser::url_param("room").and_then(|r| piquet_table::online_table::room_id(&r));
    let screen = if replaying {
        Screen::Replay
    } else if room.is_some() {
        Screen::Online
    } else if resume_lesson.is_some() {
        Screen::Lesson
    } else if resume_problem.is_some() {
        Screen::Problem
    } else if let Some(handed) = route
        .and_then(Screen::from_id)
        .filter(|s| matches!(s, Screen::Home | Screen::Replay | Screen::Daily))
    {
        // The screen the play wasm was on, or went to when it handed over: its history entry
        // is this screen's already.
        handed
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
        preset: last
            .as_ref()
            .map_or("classique", |c| c.preset.as_str())
            .to_string(),
        notice,
        game: saved.value.map(Rc::new),
        game_key: 0,
        confirm: None,
        last,
        lesson: None,
        resume_lesson,
        problem: None,
        problem_answer: None,
        resume_problem,
        room,
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
fn use_screen_history(state: &UseReducerHandle<AppStore>, rest: &'static dyn Rest) {
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
                if !rest.draws(screen) {
                    return rest.leave_for(screen);
                }
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

/// The address shows the room of a game with a friend (`?room=…`), so that a reload comes back
/// to it; the other screens' entries keep an address without it.
#[hook]
fn use_room_address(state: &UseReducerHandle<AppStore>) {
    let room = (state.screen == Screen::Online)
        .then(|| state.room.clone())
        .flatten();
    use_effect_with(room, |room| online::show_room_in_address(room.as_deref()));
}

/// The app's properties: the screens this wasm draws, and what the player chose before it
/// arrived (on the first screen, or in the play wasm that handed the page over).
#[derive(Properties, PartialEq)]
pub struct AppProps {
    /// What this wasm draws of the screens that are not on the way to a game against the
    /// computer: all of them in the whole app ([`WHOLE`]), a hand-over in the play wasm.
    pub rest: RestOf,
    /// A way in (`shell::INTENT`): "new-game", "again", "replay", "stats", "learn", "problems",
    /// "daily-problem", "daily-deal", "rules",
    /// "settings".
    #[prop_or_default]
    pub intent: Option<AttrValue>,
    /// The screen the wasm that handed the page over was on (`shell::ROUTE`).
    #[prop_or_default]
    pub route: Option<AttrValue>,
}

/// The whole app's properties, with no way in chosen.
impl Default for AppProps {
    fn default() -> Self {
        AppProps {
            rest: WHOLE,
            intent: None,
            route: None,
        }
    }
}

/// The screens and dialogs off the way to a game against the computer — the replay viewer, a
/// lesson, a problem, the deal of the day, a game with a friend, the statistics, the lists of
/// lessons and problems, the review stepped through on the table. The whole app
/// (`src/bin/app.rs`) draws them ([`Whole`]); the play wasm (`src/bin/play.rs`), which a game
/// against the computer needs alone, hands the page over to the whole app for them
/// (`crate::play`), so that it links none of them.
pub trait Rest {
    /// The lesson and the problem that a page reloaded on them comes back to (what storage
    /// held of them but could not read is added to `stored`).
    fn on_table(&self, stored: &mut Vec<Unread>) -> (Option<String>, Option<OnProblem>);
    /// Fetches the lesson or the problem being resumed, as the app starts.
    fn resume(&self, state: &UseReducerHandle<AppStore>);
    /// Whether this wasm draws `screen` (Back or Forward to another hands the page over).
    fn draws(&self, screen: Screen) -> bool;
    /// The replay viewer, a lesson, a problem, the deal of the day, a game with a friend.
    fn screen(&self, state: &UseReducerHandle<AppStore>) -> Html;
    /// The statistics, the list of lessons, the list of problems.
    fn dialog(&self, state: &UseReducerHandle<AppStore>, dialog: Dialog) -> Html;
    /// The first screen's games with a friend.
    fn online_games(&self, state: &UseReducerHandle<AppStore>) -> Html;
    /// « Problème du jour » on the first screen.
    fn daily_problem(&self, state: &UseReducerHandle<AppStore>) -> Callback<()>;
    /// The review of a deal stepped through on the table (« Voir sur la table »).
    fn review_table(&self, settings: &Settings) -> Option<Callback<OnTable, Html>>;
    /// A deal's review asked at the table.
    fn table_review(&self) -> DrawTableReview;
    /// The record in the page's link (`#record=…`), if any, for the viewer.
    fn incoming(&self) -> Option<Incoming>;
    /// A link followed while the app is open (the fragment changed).
    fn link_followed(&self, state: &UseReducerHandle<AppStore>);
    /// Another wasm takes the page at `screen`, reached by Back or Forward.
    fn leave_for(&self, screen: Screen);
}

/// The [`Rest`] of a wasm, as a property: one for the wasm's whole life.
#[derive(Clone, Copy)]
pub struct RestOf(pub &'static dyn Rest);

impl PartialEq for RestOf {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::addr_eq(self.0, other.0)
    }
}

/// The whole app's [`Rest`]: every screen drawn.
pub struct Whole;

/// The whole app's screens, for [`AppProps::rest`].
pub const WHOLE: RestOf = RestOf(&Whole);

impl Rest for Whole {
    fn on_table(&self, stored: &mut Vec<Unread>) -> (Option<String>, Option<OnProblem>) {
        let route = history::current();
        let lesson = (route.as_deref() == Some(Screen::Lesson.id()))
            .then(|| {
                let (current, unread) = lesson_progress::on_table();
                stored.extend(unread);
                current
            })
            .flatten();
        let problem = (lesson.is_none() && route.as_deref() == Some(Screen::Problem.id()))
            .then(|| {
                let (current, unread) = problem_files::on_table();
                stored.extend(unread);
                current
            })
            .flatten();
        (lesson, problem)
    }

    fn resume(&self, state: &UseReducerHandle<AppStore>) {
        resume_lesson(state);
        resume_problem(state);
    }

    fn draws(&self, _: Screen) -> bool {
        true
    }

    fn screen(&self, state: &UseReducerHandle<AppStore>) -> Html {
        match state.screen {
            Screen::Lesson => match &state.lesson {
                Some(on_table) => lesson_screen(state, on_table),
                None => html! {
                    <main class="home" id="main">
                        <p class="hint-line" role="status">{ Text::LessonsLoading.get(state.settings.lang) }</p>
                    </main>
                },
            },
            Screen::Replay => replay_screen(state),
            Screen::Daily => html! {
                <DailyScreen key={state.game_key} settings={state.settings.clone()}
                             on_leave={send(state, AppAction::LeaveTable)}
                             on_new_game={send(state, AppAction::Open(Dialog::NewGame))}
                             on_rules={Some(send(state, AppAction::Open(Dialog::Rules)))}
                             on_settings={Some(send(state, AppAction::Open(Dialog::Settings)))} />
            },
            Screen::Problem => match &state.problem {
                Some(problem) => problem_screen(state, problem),
                None if state.resume_problem.is_some() => html! {
                    <main class="home" id="main">
                        <p class="hint-line" role="status">{ Text::ProblemsLoading.get(state.settings.lang) }</p>
                    </main>
                },
                None => home_screen(state, &Whole),
            },
            Screen::Online => online_screen(state),
            Screen::Home | Screen::Table => home_screen(state, &Whole),
        }
    }

    fn dialog(&self, state: &UseReducerHandle<AppStore>, dialog: Dialog) -> Html {
        let lang = state.settings.lang;
        let on_close = send(state, AppAction::CloseDialog);
        match dialog {
            Dialog::Stats => html! { <StatsScreen {lang} {on_close} /> },
            Dialog::Problems => html! {
                <ProblemsDialog {lang} {on_close}
                                on_start={send_with(state, AppAction::StartProblem)} />
            },
            Dialog::Lessons => html! {
                <LessonsDialog {lang} {on_close}
                               on_start={send_with(state, |(lesson, at, done): lessons::Chosen| {
                                   AppAction::StartLesson(lesson, at, done)
                               })} />
            },
            Dialog::Settings | Dialog::NewGame | Dialog::Rules => html! {},
        }
    }

    fn online_games(&self, state: &UseReducerHandle<AppStore>) -> Html {
        html! { <OnlineGames lang={state.settings.lang} on_open={send_with(state, AppAction::OpenRoom)} /> }
    }

    fn daily_problem(&self, state: &UseReducerHandle<AppStore>) -> Callback<()> {
        let state = state.clone();
        Callback::from(move |_: ()| open_daily_problem(&state))
    }

    fn review_table(&self, settings: &Settings) -> Option<Callback<OnTable, Html>> {
        let settings = settings.clone();
        Some(Callback::from(move |on_table: OnTable| {
            on_table.draw(&settings)
        }))
    }

    fn table_review(&self) -> DrawTableReview {
        REVIEW_DIALOG
    }

    fn incoming(&self) -> Option<Incoming> {
        incoming_from_hash()
    }

    fn link_followed(&self, state: &UseReducerHandle<AppStore>) {
        if let Some(incoming) = incoming_from_hash() {
            state.dispatch(AppAction::OpenReplay(Some(incoming)));
        }
    }

    fn leave_for(&self, _: Screen) {}
}

/// What a way in chosen on the first screen does, if the app knows it.
fn intent_action(intent: &str, last: Option<&GameConfig>) -> Option<AppAction> {
    Some(match intent {
        "new-game" => AppAction::Open(Dialog::NewGame),
        "settings" => AppAction::Open(Dialog::Settings),
        "rules" => AppAction::Open(Dialog::Rules),
        "stats" => AppAction::Open(Dialog::Stats),
        "learn" => AppAction::Open(Dialog::Lessons),
        "problems" => AppAction::Open(Dialog::Problems),
        "daily-deal" => AppAction::StartDaily,
        "replay" => AppAction::OpenReplay(None),
        "again" => AppAction::StartGame(again(last?)),
        _ => return None,
    })
}

/// At start-up, a screen other than the first is entered over the first one, so that Back goes
/// to the first screen rather than out of the app.
fn enter_history(screen: Screen) {
    if history::current()
        .and_then(|s| Screen::from_id(&s))
        .is_none()
    {
        history::replace(Screen::Home.id());
        if screen != Screen::Home {
            history::push(screen.id());
        }
    }
}

/// The dialog a way in chosen on the first screen opens, if that is what it does.
fn intent_dialog(intent: &str) -> Option<Dialog> {
    match intent_action(intent, None)? {
        AppAction::Open(dialog) => Some(dialog),
        _ => None,
    }
}

#[function_component(App)]
pub fn app(props: &AppProps) -> Html {
    let rest = props.rest.0;
    let state = use_reducer(|| {
        let mut initial = initial_state(rest, props.route.as_deref());
        // Before anything is drawn, so that a dialog open from the first drawing enters its
        // own history entry over the screen's.
        enter_history(initial.screen);
        // A dialog chosen on the first screen (« Nouvelle partie »…) is open from the first
        // drawing: no drawing of the screen alone, then another with the dialog.
        if let Some(dialog) = props.intent.as_deref().and_then(intent_dialog) {
            initial.dialog = Some(dialog);
        }
        AppStore::new(initial)
    });
    let lang = state.settings.lang;
    use_screen_history(&state, rest);
    use_room_address(&state);
    use_intent(&state, rest, props.intent.clone());
    use_saved_choices(&state);
    {
        let state = state.clone();
        use_effect_with((), move |_| rest.resume(&state));
    }
    use_links(&state, rest);
    // The review of a deal handed over by the play wasm (`review:<deal>`), opened with the table.
    let open_review = use_mut_ref(|| {
        props
            .intent
            .as_deref()
            .and_then(|i| i.strip_prefix("review:"))
            .and_then(|deal| deal.parse::<usize>().ok())
    });

    let playing = matches!(
        state.screen,
        Screen::Table | Screen::Lesson | Screen::Problem | Screen::Daily
    ) || (state.screen == Screen::Online && state.room.is_some());
    html! {
        <div class={classes!("app", format!("deck-{:?}", state.settings.deck).to_ascii_lowercase(), playing.then_some("playing"))}>
            if !playing {
                <Header {lang} on_lang={send_with(&state, AppAction::SetLang)}
                        on_settings={send(&state, AppAction::Open(Dialog::Settings))}
                        on_rules={send(&state, AppAction::Open(Dialog::Rules))} />
            }
            { for notice(&state) }
            { screen(&state, rest, &open_review) }
            if state.screen == Screen::Home {
                <footer class="footer">{ Text::Footer.get(lang) }</footer>
            }
            { dialog_on_top(&state, rest) }
            { for confirm_replace(&state) }
            <UpdatePrompt {lang} />
        </div>
    }
}

/// A callback that dispatches `action`.
fn send(state: &UseReducerHandle<AppStore>, action: AppAction) -> Callback<()> {
    let state = state.clone();
    Callback::from(move |_: ()| state.dispatch(action.clone()))
}

/// A callback that dispatches the action `make` makes of what it is given.
fn send_with<T: 'static>(
    state: &UseReducerHandle<AppStore>,
    make: impl Fn(T) -> AppAction + 'static,
) -> Callback<T> {
    let state = state.clone();
    Callback::from(move |x| state.dispatch(make(x)))
}

/// « Rejouer »: a new game with the last game's settings, if there was one.
fn play_again(state: &UseReducerHandle<AppStore>) -> Option<Callback<()>> {
    state.last.clone().map(|last| {
        let state = state.clone();
        Callback::from(move |_: ()| state.dispatch(AppAction::StartGame(again(&last))))
    })
}

/// The way in the player chose on the first screen, before the app was there.
#[hook]
fn use_intent(
    state: &UseReducerHandle<AppStore>,
    rest: &'static dyn Rest,
    intent: Option<AttrValue>,
) {
    let state = state.clone();
    use_effect_with((), move |_| {
        if intent.as_deref() == Some("daily-problem") {
            rest.daily_problem(&state).emit(());
        } else if let Some(action) = intent
            .as_deref()
            .and_then(|i| intent_action(i, state.last.as_ref()))
        {
            // A dialog is open from the first drawing already (the initial state).
            if !matches!(action, AppAction::Open(_)) {
                state.dispatch(action);
            }
        }
    });
}

/// Saves the settings (and sets `<html lang>`) and the last game's settings, for « Rejouer »
/// and the new-game dialog, when they change.
#[hook]
fn use_saved_choices(state: &UseReducerHandle<AppStore>) {
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
fn resume_lesson(state: &UseReducerHandle<AppStore>) {
    let state = state.clone();
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
}

/// A page reloaded on a problem: fetch it again and put it back on the table, its verdict on
/// show if it was.
fn resume_problem(state: &UseReducerHandle<AppStore>) {
    let state = state.clone();
    if let Some(on_table) = state.resume_problem.clone() {
        let lang = state.settings.lang;
        wasm_bindgen_futures::spawn_local(async move {
            let found = async {
                // One of the player's own is in storage; the others are fetched.
                if let Some(mine) = problem_files::mine().0.get(&on_table.id) {
                    return Ok(mine.clone());
                }
                let index = problem_files::fetch_index(lang).await?;
                let entry = index
                    .entry(&on_table.id)
                    .ok_or_else(|| Text::ProblemNotInList.get(lang).to_string())?;
                problem_files::fetch_problem(entry, lang).await
            }
            .await;
            state.dispatch(match found {
                Ok(problem) => AppAction::ResumeProblem(Rc::new(problem), on_table.answer),
                Err(why) => {
                    problem_files::forget_on_table();
                    AppAction::ProblemLost(words::labelled(
                        Text::ProblemUnreadable.get(lang),
                        &why,
                        lang,
                    ))
                }
            });
        });
    }
}

/// A link followed while the app is open changes only the fragment: the viewer opens it.
#[hook]
fn use_links(state: &UseReducerHandle<AppStore>, rest: &'static dyn Rest) {
    let state = state.clone();
    use_effect_with((), move |_| {
        let listener = web_sys::window().map(|w| {
            gloo_events::EventListener::new(&w, "hashchange", move |_| rest.link_followed(&state))
        });
        move || drop(listener)
    });
}

/// The notice of the first screen, if any, with its button to dismiss it.
fn notice(state: &UseReducerHandle<AppStore>) -> Option<Html> {
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
fn dialog_on_top(state: &UseReducerHandle<AppStore>, rest: &dyn Rest) -> Html {
    let lang = state.settings.lang;
    let on_close = send(state, AppAction::CloseDialog);
    match state.dialog {
        Some(Dialog::Settings) => html! {
            <SettingsPanel settings={state.settings.clone()}
                           on_change={send_with(state, AppAction::SetSettings)} {on_close} />
        },
        Some(Dialog::NewGame) => html! {
            <NewGame {lang} preset={state.preset.clone()}
                     on_preset={send_with(state, |id: AttrValue| AppAction::ChoosePreset(id.to_string()))}
                     last={state.last.clone()}
                     on_room={send_with(state, AppAction::OpenRoom)}
                     on_start={send_with(state, AppAction::StartGame)} {on_close} />
        },
        Some(Dialog::Rules) => {
            // From a game, the rules of the game being played.
            let playing = match state.screen {
                Screen::Table => state.game.as_ref().map(|s| s.rules),
                Screen::Lesson => state.lesson.as_ref().map(|l| l.session.rules),
                _ => None,
            };
            let variant = playing
                .as_ref()
                .and_then(rules_text::variant_anchor)
                .map(AttrValue::from);
            html! { <RulesPage {lang} {on_close} {variant} /> }
        }
        Some(dialog @ (Dialog::Stats | Dialog::Problems | Dialog::Lessons)) => {
            rest.dialog(state, dialog)
        }
        None => html! {},
    }
}

/// The confirmation asked before a new game replaces the one in progress, when one is asked.
fn confirm_replace(state: &UseReducerHandle<AppStore>) -> Option<Html> {
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
fn screen(
    state: &UseReducerHandle<AppStore>,
    rest: &dyn Rest,
    open_review: &std::cell::RefCell<Option<usize>>,
) -> Html {
    match (state.screen, state.game.as_ref()) {
        (Screen::Table, Some(session)) => {
            table_screen(state, session, rest, open_review.borrow_mut().take())
        }
        (Screen::Home | Screen::Table, _) => home_screen(state, rest),
        _ => rest.screen(state),
    }
}

/// A game with a friend on another device.
fn online_screen(state: &UseReducerHandle<AppStore>) -> Html {
    let Some(room) = state.room.clone() else {
        return home_screen(state, &Whole);
    };
    html! {
        <OnlineScreen key={room.clone()} room={AttrValue::from(room.clone())} settings={state.settings.clone()}
                      on_leave={send(state, AppAction::LeaveTable)}
                      on_new_game={send(state, AppAction::Open(Dialog::NewGame))}
                      on_rules={send(state, AppAction::Open(Dialog::Rules))}
                      on_settings={send(state, AppAction::Open(Dialog::Settings))} />
    }
}

/// The first screen.
fn home_screen(state: &UseReducerHandle<AppStore>, rest: &dyn Rest) -> Html {
    let on_resume = state.in_progress().then(|| {
        let state = state.clone();
        Callback::from(move |_: ()| {
            let saved = storage::load_game();
            state.dispatch(AppAction::Resume(saved.value.map(Rc::new)));
        })
    });
    let resume_hint = on_resume
        .as_ref()
        .and(state.game.as_ref())
        .map(|s| AttrValue::from(piquet_table::view::resume_summary(s, state.settings.lang)));
    html! {
        <Home lang={state.settings.lang} deck={state.settings.deck} {resume_hint}
              last={state.last.clone()} {on_resume} on_play_again={play_again(state)}
              on_new_game={send(state, AppAction::Open(Dialog::NewGame))}
              on_replay={send(state, AppAction::OpenReplay(None))}
              on_stats={send(state, AppAction::Open(Dialog::Stats))}
              on_learn={send(state, AppAction::Open(Dialog::Lessons))}
              on_problems={send(state, AppAction::Open(Dialog::Problems))}
              on_daily_problem={rest.daily_problem(state)}
              on_daily_deal={send(state, AppAction::StartDaily)}
              on_settings={send(state, AppAction::Open(Dialog::Settings))}
              online_games={rest.online_games(state)} />
    }
}

/// The table, with the game in progress.
fn table_screen(
    state: &UseReducerHandle<AppStore>,
    session: &Rc<Session>,
    rest: &dyn Rest,
    open_review: Option<usize>,
) -> Html {
    let review_table = rest.review_table(&state.settings);
    html! {
        <GameScreen key={state.game_key} session={session.clone()} settings={state.settings.clone()}
                    on_session={send_with(state, AppAction::Played)}
                    on_leave={send(state, AppAction::LeaveTable)}
                    on_new_game={send(state, AppAction::Open(Dialog::NewGame))}
                    on_play_again={play_again(state)} {review_table}
                    review={rest.table_review()} {open_review}
                    on_rules={Some(send(state, AppAction::Open(Dialog::Rules)))}
                    on_settings={Some(send(state, AppAction::Open(Dialog::Settings)))} />
    }
}

/// The replay viewer; leaving it, or playing on from it, clears the link it was opened from.
fn replay_screen(state: &UseReducerHandle<AppStore>) -> Html {
    let on_play = {
        let state = state.clone();
        Callback::from(move |asked: PlayFrom| {
            let Ok(session) = asked.session() else {
                return false;
            };
            files::clear_hash();
            state.dispatch(AppAction::PlayFrom(Rc::new(session)));
            true
        })
    };
    let on_close = send_with(state, |_: ()| {
        files::clear_hash();
        AppAction::CloseReplay
    });
    html! {
        <ReplayViewer settings={state.settings.clone()} incoming={state.incoming.clone()}
                      review={ReviewShown::Dialog(DrawReview(review_table::dialog))}
                      on_play={Some(on_play)} on_close={Some(on_close)}
                      built_in={Some(BuiltIn(Historical::text))} />
    }
}

/// The table with a lesson on it.
fn lesson_screen(state: &UseReducerHandle<AppStore>, on_table: &LessonOnTable) -> Html {
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
                    lesson={Some(table)} review={REVIEW_DIALOG}
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

/// The problem `pick` chooses from the list (fetched), put on the table; or why it cannot be.
fn open_problem_from(
    state: &UseReducerHandle<AppStore>,
    pick: impl FnOnce(&ProblemIndex) -> Option<IndexEntry> + 'static,
) {
    let state = state.clone();
    let lang = state.settings.lang;
    wasm_bindgen_futures::spawn_local(async move {
        let opened: Result<Problem, String> = async {
            let index = problem_files::fetch_index(lang).await?;
            let entry =
                pick(&index).ok_or_else(|| Text::ProblemsUnavailable.get(lang).to_string())?;
            problem_files::fetch_problem(&entry, lang).await
        }
        .await;
        state.dispatch(match opened {
            Ok(p) => AppAction::StartProblem(Rc::new(p)),
            Err(why) => AppAction::Problem(words::labelled(
                Text::ProblemUnreadable.get(lang),
                &why,
                lang,
            )),
        });
    });
}

/// The problem of the day (the day of UTC), put on the table.
fn open_daily_problem(state: &UseReducerHandle<AppStore>) {
    let today = solve::utc_day(browser::now_ms());
    open_problem_from(state, move |index| solve::of_the_day(index, today).cloned());
}

/// The table with a problem on it; « Problème suivant » fetches the next one.
fn problem_screen(state: &UseReducerHandle<AppStore>, problem: &Rc<Problem>) -> Html {
    let on_next = {
        let state = state.clone();
        Callback::from(move |id: String| {
            let (progress, _) = problem_files::progress();
            open_problem_from(&state, move |index| {
                solve::next_after(index, &id, &progress).cloned()
            });
        })
    };
    let on_leave = send_with(state, |_: ()| {
        problem_files::forget_on_table();
        AppAction::LeaveProblem
    });
    html! {
        <ProblemScreen key={format!("{}-{}", problem.id, state.game_key)} problem={problem.clone()}
                       settings={state.settings.clone()}
                       answered={state.problem_answer.clone()}
                       {on_leave}
                       on_next={Some(on_next)}
                       on_new_game={send(state, AppAction::Open(Dialog::NewGame))}
                       on_rules={Some(send(state, AppAction::Open(Dialog::Rules)))}
                       on_settings={Some(send(state, AppAction::Open(Dialog::Settings)))} />
    }
}
