//! The table: the whole game on one screen, from a 320 × 568 phone to a desktop, upright or
//! sideways. Its state and reducer are in [`piquet_table::state`], what it shows is derived by
//! [`piquet_table::model`]; this module keeps the effects (save, sound, the computer's turn,
//! hints) and lays out small pieces, each a pure function of the props it is given:
//!
//! - [`bar::TopBar`]: the game's tools (leave, hint, score sheet, log, menu);
//! - [`seats::SeatHead`] / [`seats::OpponentSeat`]: a seat's name, labelled count and tricks;
//! - [`centre::Centre`]: the cut, the talon, the cards seen, the trick, the words said, the
//!   scores as they come (« +3 · trois dames ») and pic, repic, capot;
//! - [`panel::Panel`]: the decision at hand (or the cut, the end of a deal, waiting);
//! - [`my_seat::MySeat`]: the hand, two rows on a phone;
//! - [`overlays::Overlays`]: the breakdown of a count, the score sheet, the log, the export;
//! - [`coach::CoachPanel`]: in a lesson, what to do now and why, above the panel.
//!
//! Every piece is a direct child of `.table`, a grid whose areas only CSS moves
//! (`static/table.css`: portrait, landscape phone, desktop). Everything shown of a seat comes
//! from `Session::view(seat)` — the engine's observation — so the opponent's unseen cards
//! never reach the page: his hand is drawn as backs that carry no card identity at all.

pub mod bar;
pub mod centre;
pub mod coach;
pub mod my_seat;
pub mod overlays;
pub mod panel;
pub mod seats;

use std::rc::Rc;

use piquet_engine::{Event, ScoreReason};
use yew::prelude::*;

use crate::components::review_table::OnTable;
use crate::components::store::Store;
use crate::services::{ai, browser, lessons, sound, storage};
use piquet_ai::review::DealReview;
use piquet_table::i18n::{Lang, Text};
use piquet_table::lesson::{self, CoachNext, Lesson};
use piquet_table::model;
use piquet_table::session::{Opponent, Session};
use piquet_table::settings::{AnimationSpeed, Settings};
use piquet_table::state::{LessonRun, Pending, TableState};
use piquet_table::table_ui::{Overlay, TableAction};
use piquet_table::view;
use piquet_table::wire::{Request, Task};
use piquet_words::{self as words, Names};

#[derive(Properties, PartialEq)]
pub struct GameScreenProps {
    pub session: Rc<Session>,
    pub settings: Settings,
    /// Back to the first screen (the game stays saved).
    pub on_leave: Callback<()>,
    /// The new-game dialog.
    pub on_new_game: Callback<()>,
    /// A new game with the same settings at once (the end of a game's « Rejouer »); without
    /// it, « Rejouer » opens the new-game dialog.
    #[prop_or_default]
    pub on_play_again: Option<Callback<()>>,
    /// The rules page, from the table's menu.
    #[prop_or_default]
    pub on_rules: Option<Callback<()>>,
    /// The settings, from the table's menu.
    #[prop_or_default]
    pub on_settings: Option<Callback<()>>,
    /// After every change of the game (the embedded table reports it to its host).
    #[prop_or_default]
    pub on_session: Callback<Rc<Session>>,
    /// In an embedded table: no "leave" (there is no first screen to go back to).
    #[prop_or_default]
    pub embedded: bool,
    /// A lesson: the table runs it (`session` is the lesson's position), saves its progress
    /// instead of a game, and offers its end.
    #[prop_or_default]
    pub lesson: Option<LessonTable>,
    /// A problem: the table stops at its decision and saves nothing (see [`ProblemTable`]).
    #[prop_or_default]
    pub problem: Option<ProblemTable>,
    /// The review of a deal stepped through on the table (« Voir sur la table »), drawn in the
    /// table's place by the host's component (the app's game; none elsewhere, so that the
    /// embedded table's wasm carries none of it).
    #[prop_or_default]
    pub review_table: Option<Callback<OnTable, Html>>,
    /// A game continued from a record (the embedded table's `record=`): the seats named as
    /// the record names its players, and the record's commentary where the game stands
    /// ([`view::record_names`], [`view::record_commentary`]).
    #[prop_or_default]
    pub record_words: bool,
    /// How a deal's review asked at the table is drawn ([`overlays::REVIEW_DIALOG`], or the
    /// play wasm's hand-over to the whole app).
    pub review: overlays::DrawTableReview,
    /// A deal's review to open as the table opens (the play wasm handed it over).
    #[prop_or_default]
    pub open_review: Option<usize>,
}

/// A problem on the table: while `asking`, the player's decision goes to `on_answer` instead
/// of being played; `head` lies above the panel (the question), `side`, when given, in its
/// place (the verdict). Nothing is saved, nor counted in the statistics.
#[derive(Clone, PartialEq)]
pub struct ProblemTable {
    pub asking: bool,
    pub on_answer: Callback<piquet_engine::Action>,
    pub head: Html,
    pub side: Option<Html>,
}

/// A lesson on the table: the lesson, whether it was finished before, and the ways on at its
/// end.
#[derive(Clone, PartialEq)]
pub struct LessonTable {
    pub lesson: Rc<Lesson>,
    pub done_before: bool,
    /// The player has drawn at the lesson's cut (`session` alone cannot say it).
    pub cut_drawn: bool,
    /// After every change: where the lesson stands (the session, and whether he has drawn).
    pub on_played: Callback<(Rc<Session>, bool)>,
    /// The lesson again, from its start.
    pub on_again: Callback<()>,
    /// Back to the list of lessons.
    pub on_lessons: Callback<()>,
    /// At the end, the game goes on from the lesson's position against the computer.
    pub on_play_on: Callback<Rc<Session>>,
}

/// The computer's pause before it acts, so that its moves can be followed.
fn natural_delay(speed: AnimationSpeed) -> f64 {
    match speed {
        AnimationSpeed::Normal => 700.0,
        AnimationSpeed::Fast => 300.0,
        AnimationSpeed::Off => 60.0,
    }
}

/// How long the only card the player may play is shown before it goes by itself: long enough
/// to see which, short enough not to wait for it.
fn forced_pause(speed: AnimationSpeed) -> u32 {
    match speed {
        AnimationSpeed::Normal => 900,
        AnimationSpeed::Fast => 600,
        AnimationSpeed::Off => 400,
    }
}

/// The forced card `forced` of the table at version `at` goes by itself after a pause: `on`
/// gets [`TableAction::PlayForced`] (the table plays it, or asks the server to, if it is still
/// at that version). Any table: this device's or a game between two.
#[hook]
pub(crate) fn use_forced_play(
    at: u64,
    forced: Option<piquet_engine::Card>,
    speed: AnimationSpeed,
    on: Callback<TableAction>,
) {
    let pause = forced_pause(speed);
    use_effect_with((at, forced), move |(at, forced)| {
        let at = *at;
        let timer = forced.map(|_| {
            gloo_timers::callback::Timeout::new(pause, move || {
                on.emit(TableAction::PlayForced { at })
            })
        });
        move || drop(timer)
    });
}

/// The table's state as Yew keeps it.
pub type TableStore = Store<TableState>;

/// The sound of what just happened, if any.
pub(crate) fn cue(fresh: &[Event]) -> Option<sound::Cue> {
    let any = |f: fn(&Event) -> bool| fresh.iter().any(f);
    if any(|e| {
        matches!(
            e,
            Event::Scored {
                reason: ScoreReason::Pic | ScoreReason::Repic | ScoreReason::Capot,
                ..
            }
        )
    }) {
        Some(sound::Cue::Celebration)
    } else if any(|e| matches!(e, Event::Declared { .. } | Event::Answered { .. })) {
        Some(sound::Cue::Declaration)
    } else if any(|e| matches!(e, Event::Played { .. })) {
        Some(sound::Cue::Card)
    } else {
        None
    }
}

/// The side effects of the table: the save, the pending choice, the focus, sounds, and the
/// computer's turn. The reducer stays pure.
#[hook]
fn use_table_effects(state: &UseReducerHandle<TableStore>, props: &GameScreenProps) {
    let settings = &props.settings;
    let speed = settings
        .animation
        .effective(browser::prefers_reduced_motion());
    // Save after every change: the record in its envelope; a deal or a game just over goes
    // into the statistics (each once: `Stats::count` remembers what it counted).
    {
        let session = state.session.clone();
        let on_session = props.on_session.clone();
        let lesson = state.lesson.as_ref().map(|run| {
            (
                run.lesson.clone(),
                state.lesson_at().unwrap_or_default(),
                run.cut_drawn,
                run.done_before,
            )
        });
        let on_lesson = props.lesson.as_ref().map(|l| l.on_played.clone());
        let dispatcher = state.dispatcher();
        let problem = props.problem.is_some();
        use_effect_with(state.version(), move |_| {
            if problem {
                on_session.emit(session);
                return;
            }
            if let Some((lesson, at, cut_drawn, done_before)) = lesson {
                lessons::mark_played(&lesson, at, done_before);
                if let Some(cb) = on_lesson {
                    cb.emit((session, cut_drawn));
                }
                return;
            }
            storage::save_game(&session);
            if session.finished.is_some() {
                // Statistics that do not read whole are never reset in silence: what reads is
                // kept, the original set aside, and the table says so.
                let (mut stats, unread) = storage::load_stats();
                if stats.count(&session) {
                    storage::save_stats(&stats);
                }
                if let Some(u) = unread {
                    dispatcher.dispatch(TableAction::Unread(u));
                }
            }
            on_session.emit(session);
        });
    }
    // The choice being made (discards selected, an option chosen) survives a reload.
    {
        let pending = state.pending();
        let lesson = state.lesson.is_some() || props.problem.is_some();
        use_effect_with(pending, move |pending: &Pending| {
            if lesson {
                return;
            }
            let raw = if pending.is_empty() {
                String::new()
            } else {
                pending.to_stored()
            };
            storage::save_pending(&raw);
        });
    }
    // A choice kept across a reload (an option far down the list) is in the panel's view, as it
    // was left.
    use_effect_with((), |_| {
        browser::reveal_in_panel(".option:has(input:checked)")
    });
    // A lesson: what it asks to touch in the panel (a declaration among many, an answer) is
    // scrolled into the panel's view, again when the coach gives the panel more room.
    {
        let target = state.lesson_at();
        use_effect_with((state.version(), target, state.coach_mode()), |_| {
            browser::reveal_in_panel(".panel-body .lesson-target")
        });
    }
    // Keyboard play: the focus never falls back to the page when a card or a panel goes away.
    use_effect_with((state.version(), state.handover), |_| {
        browser::restore_table_focus()
    });
    // The keyboard shortcuts of the tools (H, S, L), for as long as the table is shown.
    use_effect_with((), |_| {
        let listeners = browser::table_shortcuts();
        move || drop(listeners)
    });
    // Sounds for what just happened.
    {
        let fresh = state.ui.last_events.clone();
        let on = settings.sound;
        use_effect_with((state.version(), on), move |_| {
            if let Some(cue) = cue(&fresh).filter(|_| on) {
                sound::play(cue);
            }
        });
    }
    // A lesson's opponent: its move comes from the lesson, after a short pause (never the worker).
    {
        let read = state.lesson.as_ref().and_then(|run| run.read);
        let due = state.scripted_due().is_some();
        let at = state.version();
        let dispatcher = state.dispatcher();
        let delay = natural_delay(speed);
        use_effect_with((at, read, due), move |_| {
            let timer = due.then(|| {
                gloo_timers::callback::Timeout::new(delay as u32, move || {
                    dispatcher.dispatch(TableAction::Scripted { at })
                })
            });
            move || drop(timer)
        });
    }
    // The only card the player may play goes by itself after a short pause in which it is shown
    // (the settings' option; not in a problem, whose decision is judged).
    {
        let forced = state
            .forced_play()
            .filter(|_| settings.play_forced && props.problem.is_none());
        let dispatcher = state.dispatcher();
        use_forced_play(
            state.version(),
            forced,
            speed,
            Callback::from(move |a| dispatcher.dispatch(a)),
        );
    }
    // The computer's turn: its own view goes to the worker; the reply comes after a short pause.
    // A table that moves on before the answer (a decision taken back, the table left) cancels
    // the request: the worker does not go on thinking about a position that is gone.
    {
        let state = state.clone();
        let delay = natural_delay(speed);
        use_effect_with((state.version(), state.retry), move |_| {
            let mut asked = None;
            // The answer, held back until the computer's pause is over.
            let held: Rc<std::cell::RefCell<Option<gloo_timers::callback::Timeout>>> =
                Rc::default();
            if state.computer_to_act() && state.error.is_none() {
                let session = state.session.clone();
                let at = state.version();
                if let (Some(view), Opponent::Computer { bot }) =
                    (view::computer_view(&session), &session.config.opponent)
                {
                    let task = if session.cut_chooser().is_some() {
                        Task::ChooseToDeal
                    } else {
                        Task::Decide
                    };
                    let request = Request {
                        id: 0,
                        task,
                        bot: bot.clone(),
                        seed: session.config.seed ^ at.wrapping_mul(0x2545_F491_4F6C_DD1D),
                        view,
                    };
                    state.dispatch(TableAction::Thinking);
                    let started = browser::now_ms();
                    let dispatcher = state.dispatcher();
                    let hold = held.clone();
                    asked = ai::ask(request, move |answer| {
                        let wait = (delay - (browser::now_ms() - started)).max(0.0) as u32;
                        *hold.borrow_mut() =
                            Some(gloo_timers::callback::Timeout::new(wait, move || {
                                dispatcher.dispatch(TableAction::Computer { at, answer })
                            }));
                    });
                }
            }
            move || {
                if let Some(id) = asked {
                    ai::cancel(id);
                }
                drop(held.borrow_mut().take());
            }
        });
    }
}

/// Asks the worker for the expert's suggestion at the current position.
fn ask_hint(state: &UseReducerHandle<TableStore>) {
    let session = state.session.clone();
    let at = state.version();
    let Some(view) = session.game_view(state.viewer) else {
        return;
    };
    let bot = match &session.config.opponent {
        Opponent::Computer { bot } => bot.clone(),
        // Pass-and-play asks the same expert; the bot only matters to `decide`.
        Opponent::Human => "5".to_string(),
    };
    state.dispatch(TableAction::HintAsked);
    let dispatcher = state.dispatcher();
    ai::ask(
        Request {
            id: 0,
            task: Task::Hint,
            bot,
            seed: session.config.seed ^ at,
            view,
        },
        move |answer| dispatcher.dispatch(TableAction::Hint { at, answer }),
    );
}

/// What a lesson adds to the table (nothing outside one but the deal's label): the coach, what
/// it asks to touch, whether the decision panel is there, and the ways on at its end.
struct LessonView<'a> {
    deal_label: String,
    coach: Option<lesson::Coach>,
    target: Option<lesson::Target>,
    targets: piquet_engine::CardSet,
    panel_shown: bool,
    lesson_over: Option<&'a LessonTable>,
    play_on: Option<Callback<()>>,
}

fn lesson_view<'a>(state: &TableState, props: &'a GameScreenProps, lang: Lang) -> LessonView<'a> {
    let t = |x: Text| x.get(lang);
    let session = &state.session;
    let viewer = state.viewer;
    let deal_label = match &state.lesson {
        Some(run) => run
            .lesson
            .title
            .pick(lang.tag(), &lesson::LANGUAGES)
            .map_or_else(
                || t(Text::Lessons).to_string(),
                |(_, title)| title.to_string(),
            ),
        None => view::deal_label(session, lang),
    };
    // A lesson: its coach, and what it asks to touch.
    let coach = state.lesson.as_ref().map(|run| {
        let at = state.lesson_at().unwrap_or_default();
        lesson::coach(
            &run.lesson,
            session,
            at,
            run.read == Some(at),
            state.wrong_tried(),
            lang,
        )
    });
    let target = coach
        .as_ref()
        .filter(|c| c.next == CoachNext::Act)
        .and_then(|c| c.target.clone());
    let targets = target
        .as_ref()
        .map(lesson::Target::cards)
        .unwrap_or_default();
    // In a lesson, the panel is there when the player has something to touch in it.
    let panel_shown = match &coach {
        None => true,
        Some(c) => {
            c.next == CoachNext::Act
                && (session.to_act() == Some(viewer)
                    || session.needs_deal()
                    || session.record.deals.is_empty())
        }
    };
    let lesson_over = props
        .lesson
        .as_ref()
        .filter(|_| coach.as_ref().is_some_and(|c| c.next == CoachNext::Done));
    let play_on = lesson_over
        .filter(|_| session.game.as_ref().is_some_and(|g| g.outcome().is_none()))
        .map(|l| {
            let session = state.session.clone();
            l.on_play_on.reform(move |_: ()| session.clone())
        });

    LessonView {
        deal_label,
        coach,
        target,
        targets,
        panel_shown,
        lesson_over,
        play_on,
    }
}

/// The live announcement of what just happened, as the seat on screen may hear it.
fn announcement(state: &TableState, names: &Names, lang: Lang) -> String {
    let heard: Vec<Event> = state
        .ui
        .last_events
        .iter()
        .filter(|e| e.audience().is_none_or(|s| s == state.viewer))
        .copied()
        .collect();
    model::lines(&heard, names, &state.session.rules, lang)
        .into_iter()
        .map(|l| l.text)
        .collect::<Vec<_>>()
        .join(". ")
}

/// The table's notices: what went wrong (with « Réessayer »), and saved data found unreadable
/// on the way (the statistics), said once until closed.
fn notices(
    state: &TableState,
    on: &Callback<TableAction>,
    lang: Lang,
) -> (Option<Html>, Option<Html>) {
    let t = |x: Text| x.get(lang);
    let error = state.error.as_ref().map(|e| {
        html! {
            <div class="notice" role="alert">
                <span>{ words::labelled(t(Text::SomethingWrong), &e.words(lang), lang) }</span>
                <button type="button" class="button" onclick={on.reform(|_: MouseEvent| TableAction::Retry)}>{ t(Text::Retry) }</button>
            </div>
        }
    });
    let unread = state.unread.as_ref().map(|u| {
        html! {
            <div class="notice" role="status" id="stored-notice">
                <span>{ piquet_table::error_words::unread(u, lang) }</span>
                <button type="button" class="icon-button" aria-label={t(Text::Close)}
                        onclick={on.reform(|_: MouseEvent| TableAction::DismissUnread)}>
                    { "×" }
                </button>
            </div>
        }
    });
    (error, unread)
}

#[function_component(GameScreen)]
pub fn game_screen(props: &GameScreenProps) -> Html {
    let state = use_reducer({
        let session = props.session.clone();
        let lesson = props.lesson.clone();
        let problem = props.problem.is_some();
        move || {
            TableStore::new(match lesson {
                Some(l) => TableState {
                    lesson: Some(LessonRun {
                        cut_drawn: l.cut_drawn,
                        lesson: l.lesson,
                        read: None,
                        wrong: None,
                        done_before: l.done_before,
                        sheet: None,
                    }),
                    ..TableState::new(session)
                },
                None if problem => TableState::new(session),
                None => TableState::resumed(session, storage::load_pending().value),
            })
        }
    });
    use_table_effects(&state, props);
    {
        let (dispatcher, open) = (state.dispatcher(), props.open_review);
        use_effect_with((), move |_| {
            if let Some(deal) = open {
                dispatcher.dispatch(TableAction::Review(Some(deal)));
            }
        });
    }
    // The review of a deal stepped through on the table (« Voir sur la table »): it takes the
    // table's place until it is closed.
    let stepping = use_state(|| None::<(Rc<DealReview>, usize)>);
    let lang = props.settings.lang;
    let settings = &props.settings;
    if let (Some((review, start)), Some(draw)) = ((*stepping).clone(), &props.review_table) {
        let on_close = {
            let stepping = stepping.clone();
            Callback::from(move |_: ()| stepping.set(None))
        };
        return draw.emit(OnTable {
            record: Rc::new(state.session.record.clone()),
            review,
            start,
            names: view::names(&state, lang),
            on_close,
        });
    }
    let on_steps = props.review_table.as_ref().map(|_| {
        let stepping = stepping.clone();
        Callback::from(move |steps| stepping.set(Some(steps)))
    });
    let speed = settings
        .animation
        .effective(browser::prefers_reduced_motion());
    let on: Callback<TableAction> = {
        let state = state.clone();
        // A problem's decision is its answer: it is judged, not played.
        let answer = props
            .problem
            .as_ref()
            .filter(|p| p.asking)
            .map(|p| p.on_answer.clone());
        Callback::from(move |a| match (a, &answer) {
            (TableAction::Act(seat, action), Some(cb)) if seat == state.viewer => cb.emit(action),
            (a, _) => state.dispatch(a),
        })
    };
    let on_hint = {
        let state = state.clone();
        Callback::from(move |_: ()| ask_hint(&state))
    };
    let names = props
        .record_words
        .then(|| view::record_names(&state.session))
        .flatten()
        .unwrap_or_else(|| view::names(&state, lang));
    let record_commentary = props
        .record_words
        .then(|| view::record_commentary(&state.session, lang))
        .flatten()
        .map(|c| {
            html! {
                <div class="record-words" tabindex="0" aria-label={Text::Commentary.get(lang)}>
                    { crate::components::replay::commentary::commentary_section(&c, lang) }
                </div>
            }
        });
    let t = |x: Text| x.get(lang);
    let viewer = state.viewer;
    let view = state.seen.deal.as_ref();
    let hidden = state.handover;

    let announce = announcement(&state, &names, lang);

    let mut opponent = model::seat_model(&state.seen, viewer.other(), &names);
    let mut me = model::seat_model(&state.seen, viewer, &names);
    if state.cut_to_draw() {
        // Who deals is what the lesson's cut is about to tell.
        opponent.dealer = false;
        me.dealer = false;
    }
    let centre = view::centre_model(&state, &names, settings);
    let toast_of = |seat| centre.toast_of(seat).cloned();
    let (opponent_toast, my_toast) = (toast_of(viewer.other()), toast_of(viewer));
    let can_hint =
        !hidden && props.problem.is_none() && view.is_some_and(|v| v.to_act == Some(viewer));
    let refusal = state
        .ui
        .refusal_now()
        .map(|r| (r.card, model::refusal(&r.why, view, lang)));
    // The hint: its reason, and what it suggests marked on the table (the cards in the hand,
    // the option or answer in the panel).
    let shown_hint = state
        .hint
        .as_ref()
        .filter(|(at, _)| *at == state.version())
        .map(|(_, h)| h);
    let hint = shown_hint.map(|h| h.reason.get(lang).clone());
    let hinted = shown_hint.map(|h| lesson::Target::of_action(h.action));
    let hinted_cards = hinted
        .as_ref()
        .map(lesson::Target::cards)
        .unwrap_or_default();
    // The comforts of the settings: the forced card shown before it goes, « Annuler mon coup ».
    let forced = state
        .forced_play()
        .filter(|_| settings.play_forced && props.problem.is_none());
    let against_computer = matches!(state.session.config.opponent, Opponent::Computer { .. });
    let undo = (settings.undo
        && against_computer
        && state.lesson.is_none()
        && props.problem.is_none()
        && !hidden)
        .then(|| {
            let available = state.undo_point().is_some();
            html! {
                <button type="button" class="text-button take-back" id="take-back"
                        disabled={!available} title={t(Text::UndoMove)}
                        onclick={on.reform(|_: MouseEvent| TableAction::Undo)}>
                    { t(Text::UndoMove) }
                </button>
            }
        });
    let (error, unread) = notices(&state, &on, lang);
    let LessonView {
        deal_label,
        coach,
        target,
        targets,
        panel_shown,
        lesson_over,
        play_on,
    } = lesson_view(&state, props, lang);

    html! {
        <main class={classes!("table", format!("speed-{}", format!("{speed:?}").to_ascii_lowercase()), state.lesson.is_some().then_some("lesson"),
                              settings.large_cards.then_some("large-cards"))} id="main">
            <h1 class="sr-only">{ t(Text::TableTitle) }</h1>
            <div class="sr-only" aria-live="polite" aria-atomic="true" id="announcer">{ announce }</div>
            <bar::TopBar {lang} deal_label={deal_label.clone()} {can_hint} hint_pending={state.hint_pending}
                         menu_open={state.ui.is_open(Overlay::Menu)} embedded={props.embedded} on={on.clone()}
                         lesson={state.lesson.is_some()}
                         {on_hint} on_leave={props.on_leave.clone()}
                         on_rules={props.on_rules.clone()} on_settings={props.on_settings.clone()} />
            <seats::OpponentSeat seat={opponent} {lang} deck={settings.deck} on={on.clone()} toast={opponent_toast} />
            <centre::Centre model={centre} {lang} deck={settings.deck} {viewer} on={on.clone()}
                            cut_names={(AttrValue::from(names.a.clone()), AttrValue::from(names.b.clone()))} />
            <div class={classes!("side", coach.is_some().then_some("with-coach"), hint.is_some().then_some("with-hint"))}>
                { for error }
                { for unread }
                if let Some(c) = coach.clone() {
                    <coach::CoachPanel coach={c} title={deal_label.clone()} mode={state.coach_mode()} {lang} on={on.clone()} />
                }
                if let Some(hint) = hint {
                    <p class="hint-box" role="status">
                        <strong>{ words::labelled(t(Text::Hint), "", lang) }</strong>
                        { hint }
                    </p>
                }
                { for record_commentary }
                if let Some(p) = &props.problem {
                    { p.head.clone() }
                }
                if let Some(side) = props.problem.as_ref().and_then(|p| p.side.clone()) {
                    { side }
                } else if let Some(l) = lesson_over {
                    <coach::LessonOver session={state.session.clone()} seen={state.seen.clone()} names={names.clone()} {lang}
                                       on_again={l.on_again.clone()} on_lessons={l.on_lessons.clone()}
                                       on_play_on={play_on} />
                } else if panel_shown {
                    <panel::Panel seen={state.seen.clone()} {viewer} handover={hidden}
                                  selection={state.ui.selection} choice={state.ui.choice}
                                  thinking={state.thinking} names={names.clone()} {lang}
                                  deck={settings.deck} on={on.clone()}
                                  on_new_game={props.on_new_game.clone()}
                                  on_play_again={props.on_play_again.clone()}
                                  lesson={target.clone()} {hinted} forced={forced.is_some()} />
                }
                { for undo }
            </div>
            <my_seat::MySeat seat={me} seen={state.seen.clone()} {viewer} {hidden}
                             selection={state.ui.selection} drawn={state.ui.drawn}
                             {refusal} {targets} hinted={hinted_cards} forced={forced.map(|c| c.set()).unwrap_or_default()}
                             order={settings.hand_order} toast={my_toast} {lang} deck={settings.deck} on={on.clone()} />
            <overlays::Overlays seen={state.seen.clone()} record={(state.ui.reviewing().is_some() || state.ui.is_open(Overlay::Export)).then(|| Rc::new(state.session.record.clone()))} {viewer} names={names.clone()}
                                explain={state.ui.explaining()} sheet={state.ui.is_open(Overlay::Sheet)}
                                log={state.ui.is_open(Overlay::Log)} export={state.ui.is_open(Overlay::Export)}
                                review={state.ui.reviewing()} {lang} {on} {on_steps}
                                draw_review={props.review} />
        </main>
    }
}
