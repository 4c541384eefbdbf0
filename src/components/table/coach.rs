//! A lesson's coach, in the decision area above the panel: the step (« Étape 3 sur 17 »), what
//! the last move did, what to do now — or, after another move than the lesson's, what to do
//! instead — and « Continuer » when the player has something to read before the opponent moves;
//! on a screen too small for its words beside the panel, in a sheet over the table that the
//! player dismisses once read ([`CoachMode`]). At the end, the lesson's last words, the score
//! and the ways on.

use std::rc::Rc;

use yew::prelude::*;

use crate::components::score_sheet::ScoreSheet;
use piquet_table::i18n::{Lang, Text};
use piquet_table::lesson::{Coach, CoachNext};
use piquet_table::seen::Seen;
use piquet_table::session::Session;
use piquet_table::state::CoachMode;
use piquet_table::table_ui::TableAction;
use piquet_words::Names;

#[derive(Properties, PartialEq)]
pub struct CoachProps {
    pub coach: Coach,
    /// The lesson's title.
    pub title: AttrValue,
    /// Beside the panel, in a sheet over the table, or compact once read there.
    pub mode: CoachMode,
    pub lang: Lang,
    pub on: Callback<TableAction>,
}

/// « Étape 3 sur 17 ».
pub fn step_words(step: usize, steps: usize, lang: Lang) -> String {
    format!(
        "{} {step} {} {steps}",
        Text::Step.get(lang),
        Text::StepOf.get(lang)
    )
}

/// The coach's head: the lesson's title and the step (`ids`: the head that carries the page's
/// ids, when two are drawn).
fn head(props: &CoachProps, ids: bool) -> Html {
    let lang = props.lang;
    let c = &props.coach;
    html! {
        <h2 class="coach-head" id={ids.then_some("coach-title")}>
            <span class="sr-only">{ format!("{} — ", Text::TheLesson.get(lang)) }</span>
            <span class="coach-name">{ props.title.clone() }</span>
            <span class="coach-step" id={ids.then_some("lesson-step")}>{ step_words(c.step, c.steps, lang) }</span>
        </h2>
    }
}

/// What the last move did, a wrong move's word, what to do now.
fn words(c: &Coach) -> Html {
    html! {
        <>
            if let Some(s) = &c.said {
                <p class="coach-said" id="lesson-said">{ s }</p>
            }
            if let Some(wrong) = &c.wrong {
                <p class="coach-wrong" id="lesson-wrong" role="alert">{ wrong }</p>
            }
            if let Some(prompt) = &c.prompt {
                <p class="coach-prompt" id="lesson-prompt">{ prompt }</p>
            }
        </>
    }
}

/// « Continuer » when the player reads before the opponent moves.
fn continue_button(props: &CoachProps) -> Html {
    html! {
        <button type="button" class="button primary lesson-target" id="lesson-next"
                onclick={props.on.reform(|_: MouseEvent| TableAction::Read)}>
            { Text::Continue.get(props.lang) }
        </button>
    }
}

/// The lesson's coach: beside the panel with all its words; where they do not fit (measured
/// after it is drawn: the coach or the panel would have to scroll), in a sheet over the table
/// that the player dismisses once read, the coach then one line: its head and « Relire ».
#[function_component(CoachPanel)]
pub fn coach_panel(props: &CoachProps) -> Html {
    let lang = props.lang;
    let t = |x: Text| x.get(lang);
    let c = &props.coach;
    let mode = props.mode;
    let body = use_node_ref();
    // Beside the panel: measured once drawn. Words that need scrolling, or that leave the panel
    // too little room for its controls, go in a sheet; not while the opponent moves (the next
    // step comes by itself). Compact, what to do now is scrolled into view.
    {
        let body = body.clone();
        let on = props.on.clone();
        let waiting = c.next == CoachNext::Wait;
        use_effect_with((c.clone(), mode), move |(_, mode)| {
            let Some(coach) = body.cast::<web_sys::Element>() else {
                return Box::new(|| ()) as Box<dyn FnOnce()>;
            };
            if *mode == CoachMode::Column && !waiting {
                // Measured once every piece of the table is drawn (the panel is drawn after
                // the coach). The panel's share: all of it, or enough for its main button and a
                // control above it (130 px), the rest of a long list scrolling inside it.
                let measure = gloo_timers::callback::Timeout::new(0, move || {
                    let squeezed = |panel: &web_sys::Element| {
                        panel.client_height() + 1 < panel.scroll_height().min(130)
                    };
                    let panel = coach
                        .parent_element()
                        .and_then(|side| side.query_selector(".panel").ok().flatten());
                    if coach.is_connected()
                        && (coach.scroll_height() > coach.client_height() + 1
                            || panel.as_ref().is_some_and(squeezed))
                    {
                        on.emit(TableAction::CoachSheet(true));
                    }
                });
                return Box::new(move || drop(measure)) as Box<dyn FnOnce()>;
            }
            // While the opponent moves, the words may scroll: what to do next in view. Compact,
            // the head stays in sight (the words are the sheet's).
            let focus = coach
                .query_selector("#lesson-wrong, #lesson-prompt")
                .ok()
                .flatten()
                .filter(|_| *mode == CoachMode::Column);
            if let Some(el) = focus {
                let top =
                    el.get_bounding_client_rect().top() - coach.get_bounding_client_rect().top();
                coach.set_scroll_top(coach.scroll_top() + top as i32 - 28);
            } else {
                coach.set_scroll_top(0);
            }
            Box::new(|| ())
        });
    }
    // The sheet's button takes the keyboard, so that it reads on and dismisses it.
    let sheet_button = use_node_ref();
    {
        let button = sheet_button.clone();
        use_effect_with((c.clone(), mode), move |(_, mode)| {
            if *mode == CoachMode::Sheet {
                if let Some(b) = button.cast::<web_sys::HtmlElement>() {
                    crate::services::browser::focus(&b);
                }
            }
        });
    }
    let dots = html! {
        <p class="coach-wait">
            <span class="sr-only">{ t(Text::OpponentMoving) }</span>
            <span class="dots" aria-hidden="true"><i></i><i></i><i></i></span>
        </p>
    };
    match mode {
        CoachMode::Column => html! {
            // Focusable: it may scroll (while the opponent moves), and a keyboard must be able
            // to scroll it.
            <section class={classes!("coach", (c.next == CoachNext::Continue).then_some("reading"))}
                     id="coach" aria-labelledby="coach-title" tabindex="0" ref={body}>
                { head(props, true) }
                <div class="coach-body" aria-live="polite">{ words(c) }</div>
                if c.next == CoachNext::Continue {
                    <div class="coach-foot">{ continue_button(props) }</div>
                }
                if c.next == CoachNext::Wait {
                    { dots }
                }
            </section>
        },
        CoachMode::Sheet => {
            let foot = if c.next == CoachNext::Continue {
                html! {
                    <button type="button" class="button primary lesson-target" id="lesson-next" ref={sheet_button}
                            onclick={props.on.reform(|_: MouseEvent| TableAction::Read)}>
                        { t(Text::Continue) }
                    </button>
                }
            } else {
                html! {
                    <button type="button" class="button primary" id="coach-ok" ref={sheet_button}
                            onclick={props.on.reform(|_: MouseEvent| TableAction::CoachSheet(false))}>
                        { t(Text::CoachUnderstood) }
                    </button>
                }
            };
            html! {
                <>
                    // Under the sheet, the coach's place in the column keeps its head.
                    <section class="coach compact" id="coach" aria-hidden="true" ref={body}>
                        { head(props, false) }
                    </section>
                    <div class="coach-scrim" aria-hidden="true"></div>
                    <section class="coach coach-sheet" id="coach-sheet" role="dialog"
                             aria-labelledby="coach-title" aria-modal="false">
                        { head(props, true) }
                        <div class="coach-body" aria-live="polite">{ words(c) }</div>
                        <div class="coach-foot">{ foot }</div>
                    </section>
                </>
            }
        }
        CoachMode::Compact => html! {
            // Read in the sheet: the head, what to do now (or the word after a wrong move), and
            // the words again one touch away.
            // One line: the lesson, the step, « Relire » (the words were read in the sheet; what
            // to touch is highlighted on the table).
            <section class="coach compact" id="coach" aria-labelledby="coach-title" ref={body}>
                <div class="coach-line">
                    { head(props, true) }
                    <button type="button" class="text-button coach-reread" id="coach-reread"
                            onclick={props.on.reform(|_: MouseEvent| TableAction::CoachSheet(true))}>
                        { t(Text::CoachReadAgain) }
                    </button>
                </div>
                if c.next == CoachNext::Wait {
                    { dots }
                }
            </section>
        },
    }
}

#[derive(Properties)]
pub struct LessonOverProps {
    pub session: Rc<Session>,
    pub seen: Rc<Seen>,
    pub names: Names,
    pub lang: Lang,
    /// The lesson again, from its start.
    pub on_again: Callback<()>,
    /// Back to the list of lessons.
    pub on_lessons: Callback<()>,
    /// The game goes on from here against the computer (none once the game is over).
    #[prop_or_default]
    pub on_play_on: Option<Callback<()>>,
}

impl PartialEq for LessonOverProps {
    fn eq(&self, o: &Self) -> bool {
        Rc::ptr_eq(&self.session, &o.session)
            && Rc::ptr_eq(&self.seen, &o.seen)
            && self.names == o.names
            && self.lang == o.lang
            && self.on_again == o.on_again
            && self.on_lessons == o.on_lessons
            && self.on_play_on == o.on_play_on
    }
}

/// The end of a lesson, in place of the decision panel: the deal's points, the score sheet,
/// and the ways on.
#[function_component(LessonOver)]
pub fn lesson_over(props: &LessonOverProps) -> Html {
    let lang = props.lang;
    let t = |x: Text| x.get(lang);
    let names = &props.names;
    // The points of the deal just finished (none when the lesson stops in the middle of one).
    let last = props
        .session
        .finished
        .as_ref()
        .and(props.session.game.as_ref())
        .and_then(|g| g.results().last().copied());
    html! {
        <section class="panel lesson-over" aria-labelledby="panel-title">
            <h2 id="panel-title">{ t(Text::LessonOver) }</h2>
            <div class="panel-body">
                if let Some(r) = last {
                    <p class="deal-points">
                        { format!("{} {} — {} {}", names.a, r.points[0], names.b, r.points[1]) }
                    </p>
                }
                <ScoreSheet seen={props.seen.clone()} names={names.clone()} {lang} compact=true />
            </div>
            <div class="panel-foot choices">
                <button type="button" class="button primary" id="lesson-list"
                        onclick={props.on_lessons.reform(|_: MouseEvent| ())}>
                    { t(Text::OtherLessons) }
                </button>
                if let Some(cb) = &props.on_play_on {
                    <button type="button" class="button" id="lesson-play-on"
                            onclick={cb.reform(|_: MouseEvent| ())}>
                        { t(Text::PlayOnAgainstComputer) }
                    </button>
                }
                <button type="button" class="button" id="lesson-again"
                        onclick={props.on_again.reform(|_: MouseEvent| ())}>
                    { t(Text::LessonAgain) }
                </button>
            </div>
        </section>
    }
}
