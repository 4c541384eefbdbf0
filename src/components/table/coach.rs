//! A lesson's coach, in the decision area above the panel: the step (« Étape 3 sur 17 »), what
//! the last move did, what to do now — or, after another move than the lesson's, what to do
//! instead — and « Continuer » when the player has something to read before the opponent moves.
//! At the end, the lesson's last words, the score and the ways on.

use std::rc::Rc;

use yew::prelude::*;

use crate::components::score_sheet::ScoreSheet;
use piquet_table::i18n::{Lang, Text};
use piquet_table::lesson::{Coach, CoachNext};
use piquet_table::seen::Seen;
use piquet_table::session::Session;
use piquet_table::table_ui::TableAction;
use piquet_words::Names;

#[derive(Properties, PartialEq)]
pub struct CoachProps {
    pub coach: Coach,
    /// The lesson's title.
    pub title: AttrValue,
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

#[function_component(CoachPanel)]
pub fn coach_panel(props: &CoachProps) -> Html {
    let lang = props.lang;
    let t = |x: Text| x.get(lang);
    let c = &props.coach;
    // When the coach is too short for all its words, what to do now is what must show: it is
    // scrolled into the coach's view (the page itself never scrolls).
    let body = use_node_ref();
    {
        let body = body.clone();
        use_effect_with(c.clone(), move |_| {
            let Some(coach) = body.cast::<web_sys::Element>() else {
                return;
            };
            let focus = coach
                .query_selector("#lesson-wrong, #lesson-prompt")
                .ok()
                .flatten();
            if let Some(el) = focus {
                let top =
                    el.get_bounding_client_rect().top() - coach.get_bounding_client_rect().top();
                coach.set_scroll_top(coach.scroll_top() + top as i32 - 28);
            } else {
                coach.set_scroll_top(0);
            }
        });
    }
    html! {
        // Focusable: it may scroll, and a keyboard must be able to scroll it.
        <section class={classes!("coach", (c.next == CoachNext::Continue).then_some("reading"))}
                 id="coach" aria-labelledby="coach-title" tabindex="0" ref={body}>
            <h2 class="coach-head" id="coach-title">
                <span class="coach-name">
                    <span class="sr-only">{ format!("{} — ", t(Text::TheLesson)) }</span>{ props.title.clone() }
                </span>
                <span class="coach-step" id="lesson-step">{ step_words(c.step, c.steps, lang) }</span>
            </h2>
            <div class="coach-body" aria-live="polite">
                if let Some(said) = &c.said {
                    <p class="coach-said" id="lesson-said">{ said }</p>
                }
                if let Some(wrong) = &c.wrong {
                    <p class="coach-wrong" id="lesson-wrong" role="alert">{ wrong }</p>
                }
                if let Some(prompt) = &c.prompt {
                    <p class="coach-prompt" id="lesson-prompt">{ prompt }</p>
                }
            </div>
            if c.next == CoachNext::Continue {
                <div class="coach-foot">
                    <button type="button" class="button primary lesson-target" id="lesson-next"
                            onclick={props.on.reform(|_: MouseEvent| TableAction::Read)}>
                        { t(Text::Continue) }
                    </button>
                </div>
            }
            if c.next == CoachNext::Wait {
                <p class="coach-wait">
                    <span class="sr-only">{ t(Text::OpponentMoving) }</span>
                    <span class="dots" aria-hidden="true"><i></i><i></i><i></i></span>
                </p>
            }
        </section>
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
