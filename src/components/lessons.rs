//! The list of lessons (« Apprendre »): each lesson with its rules and how far the player got
//! (not started, in progress at step k, done), to start, resume or play again from the start.
//! The list (`lessons/index.json`) and each lesson are fetched when needed (the service worker
//! keeps them for offline use); a lesson is read and checked before it reaches the table.

use std::rc::Rc;

use yew::prelude::*;

use super::fetched_list::use_fetched_list;
use super::modal::Modal;
use super::table::coach::step_words;
use crate::services::{files, lessons};
use piquet_table::error_words;
use piquet_table::i18n::{Lang, Text};
use piquet_table::lesson::{LANGUAGES, Lesson, LessonEntry, LessonIndex, Progress, Standing};
use piquet_table::rules_text::preset_name;
use piquet_words as words;

/// Where the lessons are, relative to the page.
pub const LESSONS_DIR: &str = "lessons/";

/// A lesson to put on the table: the lesson, the moves already made, whether it was finished
/// before.
pub type Chosen = (Rc<Lesson>, usize, bool);

#[derive(Properties, PartialEq)]
pub struct LessonsProps {
    pub lang: Lang,
    pub on_close: Callback<()>,
    pub on_start: Callback<Chosen>,
}

/// Fetches and reads lesson `entry`, to resume it where `progress` says (or from its start).
pub async fn open_lesson(
    entry: &LessonEntry,
    progress: &Progress,
    restart: bool,
    lang: Lang,
) -> Result<Chosen, String> {
    let text = files::fetch_text(&format!("{LESSONS_DIR}{}", entry.file))
        .await
        .map_err(|p| error_words::load_problem(&p, lang))?;
    let lesson = Lesson::new(&entry.id, entry.title.clone(), &text)
        .map_err(|e| error_words::lesson_error(&e, lang))?;
    let at = if restart {
        0
    } else {
        progress.resume_at(&lesson)
    };
    let done = progress.done(&lesson);
    Ok((Rc::new(lesson), at, done))
}

/// Fetches and reads the list of lessons.
pub async fn fetch_index(lang: Lang) -> Result<LessonIndex, String> {
    let text = files::fetch_text(&format!("{LESSONS_DIR}index.json"))
        .await
        .map_err(|p| error_words::load_problem(&p, lang))?;
    LessonIndex::parse(&text).map_err(|_| match lang {
        Lang::Fr => "elle n’est pas lisible".to_string(),
        Lang::En => "it cannot be read".to_string(),
    })
}

fn text_of(t: &piquet_engine::Localized, lang: Lang) -> String {
    t.pick(lang.tag(), &LANGUAGES)
        .map(|(_, s)| s.to_string())
        .unwrap_or_default()
}

/// « En cours · étape 3 sur 17 », « Terminée », « Pas commencée ».
fn standing_words(s: Standing, lang: Lang) -> String {
    let t = |x: Text| x.get(lang);
    match s {
        Standing::NotStarted => t(Text::LessonNotStarted).to_string(),
        Standing::Done => t(Text::LessonDone).to_string(),
        Standing::InProgress { step, of, done } => {
            let mut s = format!(
                "{} · {}",
                t(Text::LessonInProgress),
                words::uncapitalised(&step_words(step, of, lang))
            );
            if done {
                s.push_str(&format!(" ({})", t(Text::LessonWasDone)));
            }
            s
        }
    }
}

#[function_component(LessonsDialog)]
pub fn lessons_dialog(props: &LessonsProps) -> Html {
    let lang = props.lang;
    let t = |x: Text| x.get(lang);
    let list = use_fetched_list(move || fetch_index(lang), lessons::progress);
    let open = |entry: &LessonEntry, restart: bool| {
        let progress = list.progress.0.clone();
        let title = text_of(&entry.title, lang);
        let entry = entry.clone();
        list.open(
            &entry.id.clone(),
            move || {
                let (entry, progress) = (entry.clone(), progress.clone());
                async move { open_lesson(&entry, &progress, restart, lang).await }
            },
            props.on_start.clone(),
            move |e| {
                words::labelled(
                    &format!("{} — {title}", Text::LessonUnreadable.get(lang)),
                    e,
                    lang,
                )
            },
        )
    };
    let body = list.body(
        Text::LessonsLoading,
        Text::LessonsUnavailable,
        lang,
        |index| {
            let items = index.lessons.iter().enumerate().map(|(i, entry)| {
                let standing = list.progress.0.standing(&entry.id);
                lesson_item(i, entry, standing, list.opening.as_deref(), &open, lang)
            });
            html! { <ol class="lesson-list">{ for items }</ol> }
        },
    );
    html! {
        <Modal id="lessons" title={t(Text::Lessons)} close_label={t(Text::Close)} on_close={props.on_close.clone()}>
            { for list.stored_notice(lang) }
            <p class="hint-line">{ t(Text::LessonsHint) }</p>
            { for list.error_notice("lesson-error") }
            { body }
        </Modal>
    }
}

/// Lesson `i` of the list: its title, summary, rules and standing, and the buttons to start,
/// resume or play it again, and to restart it when in progress. `opening`: the lesson being
/// fetched, if any (every button waits for it); `open(entry, restart)` opens one.
fn lesson_item(
    i: usize,
    entry: &LessonEntry,
    standing: Standing,
    opening: Option<&str>,
    open: &impl Fn(&LessonEntry, bool) -> Callback<MouseEvent>,
    lang: Lang,
) -> Html {
    let t = |x: Text| x.get(lang);
    let busy = opening == Some(entry.id.as_str());
    let (label, restart) = match standing {
        Standing::NotStarted => (t(Text::LessonStart), false),
        Standing::InProgress { .. } => (t(Text::Resume), false),
        Standing::Done => (t(Text::LessonReplay), true),
    };
    let state = match standing {
        Standing::NotStarted => "not-started",
        Standing::InProgress { .. } => "in-progress",
        Standing::Done => "done",
    };
    let title_id = format!("lesson-title-{}", entry.id);
    html! {
        <li class="lesson-item" id={format!("lesson-{}", entry.id)} data-standing={state}
            aria-labelledby={title_id.clone()}>
            <div class="lesson-text">
                <h3 id={title_id}>{ format!("{}. {}", i + 1, text_of(&entry.title, lang)) }</h3>
                <p class="lesson-summary">{ text_of(&entry.summary, lang) }</p>
                <p class="lesson-meta">
                    <span class="lesson-rules">{ preset_name(&entry.rules, lang) }</span>
                    <span class={classes!("lesson-standing", state)}>{ standing_words(standing, lang) }</span>
                </p>
            </div>
            <div class="choices">
                <button type="button" class="button primary lesson-open" data-lesson={entry.id.clone()}
                        disabled={opening.is_some()} aria-busy={busy.to_string()}
                        onclick={open(entry, restart)}>
                    { label }
                </button>
                if matches!(standing, Standing::InProgress { .. }) {
                    <button type="button" class="button lesson-restart" data-lesson={entry.id.clone()}
                            disabled={opening.is_some()} onclick={open(entry, true)}>
                        { t(Text::LessonRestart) }
                    </button>
                }
            </div>
        </li>
    }
}
