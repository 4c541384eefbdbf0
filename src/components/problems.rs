//! « Problèmes »: the list by kind and difficulty, filtered by rules, with where each problem
//! stands ([`ProblemsDialog`]); and a problem on the table ([`ProblemScreen`]): the position at
//! its decision drawn by the table itself, the question above the panel, the player's answer
//! judged from the values shipped in the problem file, the verdict in place of the panel, and
//! the deal played on from there against Le Maître.

use std::rc::Rc;

use piquet_engine::{Action, Seat};
use yew::prelude::*;

use super::fetched_list::use_fetched_list;
use super::modal::Modal;
use super::table::{GameScreen, ProblemTable};
use crate::services::{browser, files, problems};
use piquet_table::i18n::{Lang, Text};
use piquet_table::problem::mine::MyProblems;
use piquet_table::problem::solve::action_words;
use piquet_table::problem::solve::{self, Judgement, ProblemProgress, Standing};
use piquet_table::problem::{
    IndexEntry, Measure, Method, Problem, ProblemIndex, ProblemKind, Theme,
};
use piquet_table::rules_text::preset_name;
use piquet_table::session::Session;
use piquet_table::settings::Settings;
use piquet_words as words;

/// A kind's name.
pub fn kind_name(kind: ProblemKind) -> Text {
    match kind {
        ProblemKind::Exchange => Text::KindExchange,
        ProblemKind::Leftover => Text::KindLeftover,
        ProblemKind::CarteBlanche => Text::KindCarteBlanche,
        ProblemKind::Declare => Text::KindDeclare,
        ProblemKind::Answer => Text::KindAnswer,
        ProblemKind::Lead => Text::KindLead,
        ProblemKind::Follow => Text::KindFollow,
    }
}

/// The label of a problem valued at the game's stakes.
fn stakes_name(measure: Measure) -> Text {
    match measure {
        Measure::Game => Text::StakesGame,
        _ => Text::StakesPartie,
    }
}

/// « ★★☆ », read as « Difficulté 2 sur 3 ».
fn difficulty(d: u8, lang: Lang) -> Html {
    let stars: String = (1..=3).map(|k| if k <= d { '★' } else { '☆' }).collect();
    let label = format!(
        "{} {d} {} 3",
        Text::Difficulty.get(lang),
        Text::DifficultyOf.get(lang)
    );
    html! { <span class="problem-difficulty" role="img" aria-label={label}>{ stars }</span> }
}

fn standing_text(s: Standing) -> Text {
    match s {
        Standing::NotTried => Text::ProblemNotTried,
        Standing::Tried => Text::ProblemTried,
        Standing::Solved => Text::ProblemSolved,
        Standing::SolvedFirstTry => Text::ProblemSolvedFirstTry,
    }
}

#[derive(Properties, PartialEq)]
pub struct ProblemsProps {
    pub lang: Lang,
    pub on_close: Callback<()>,
    pub on_start: Callback<Rc<Problem>>,
}

#[function_component(ProblemsDialog)]
pub fn problems_dialog(props: &ProblemsProps) -> Html {
    let lang = props.lang;
    let t = |x: Text| x.get(lang);
    let list = use_fetched_list(move || problems::fetch_index(lang), problems::progress);
    let mine = use_state(|| {
        let (mine, unread) = problems::mine();
        (Rc::new(mine), unread)
    });
    let rules = use_state(|| None::<String>);
    let theme = use_state(|| None::<Theme>);
    let confirm_reset = use_state(|| false);
    // The own problem whose removal waits for a second touch.
    let confirm_remove = use_state(|| None::<String>);
    let open = |entry: &IndexEntry| {
        let entry = entry.clone();
        list.open(
            &entry.id.clone(),
            move || {
                let entry = entry.clone();
                async move { problems::fetch_problem(&entry, lang).await.map(Rc::new) }
            },
            props.on_start.clone(),
            move |e| words::labelled(Text::ProblemUnreadable.get(lang), e, lang),
        )
    };
    // An own problem is in storage already: it opens at once.
    let open_mine = |entry: &IndexEntry| {
        let problem = mine.0.get(&entry.id).cloned().map(Rc::new);
        let on_start = props.on_start.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(p) = problem.clone() {
                on_start.emit(p);
            }
        })
    };
    let on_rules = {
        let rules = rules.clone();
        Callback::from(move |e: Event| {
            let value = e
                .target_dyn_into::<web_sys::HtmlSelectElement>()
                .map(|s| s.value())
                .unwrap_or_default();
            rules.set((!value.is_empty()).then_some(value));
        })
    };
    let on_theme = {
        let theme = theme.clone();
        Callback::from(move |e: Event| {
            let value = e
                .target_dyn_into::<web_sys::HtmlSelectElement>()
                .map(|s| s.value())
                .unwrap_or_default();
            theme.set(Theme::from_id(&value));
        })
    };
    let on_reset = {
        let confirm_reset = confirm_reset.clone();
        let progress = list.progress.clone();
        Callback::from(move |_: MouseEvent| {
            if *confirm_reset {
                problems::reset();
                progress.set((Rc::new(ProblemProgress::default()), None));
                confirm_reset.set(false);
            } else {
                confirm_reset.set(true);
            }
        })
    };
    let progress = list.progress.0.clone();
    let body = list.body(Text::ProblemsLoading, Text::ProblemsUnavailable, lang, |index| {
        let mut all_rules = solve::rules_in(index);
        let mine_index = mine.0.index();
        for r in solve::rules_in(&mine_index) {
            if !all_rules.contains(&r) {
                all_rules.push(r);
            }
        }
        let options = all_rules.into_iter().map(|r| {
            let selected = rules.as_deref() == Some(r);
            html! { <option value={r.to_string()} {selected}>{ preset_name(r, lang) }</option> }
        });
        let themes = solve::themes_in(index).into_iter().map(|th| {
            let selected = *theme == Some(th);
            html! { <option value={th.id()} {selected}>{ t(th.name()) }</option> }
        });
        let solved = progress.solved_in(index);
        let opening = list.opening.as_deref();
        let sections = solve::by_kind_and_theme(index, rules.as_deref(), *theme)
            .into_iter()
            .map(|(kind, entries)| {
                let items = entries.iter().enumerate().map(|(i, e)| {
                    problem_item(i, e, progress.standing(&e.id), opening, &open, lang, html! {})
                });
                let title_id = format!("problems-{}", kind.id());
                html! {
                    <section class="problem-kind" aria-labelledby={title_id.clone()} data-kind={kind.id()}>
                        <h3 id={title_id}>{ format!("{} ({})", t(kind_name(kind)), entries.len()) }</h3>
                        <ol class="problem-list">{ for items }</ol>
                    </section>
                }
            });
        // The own problems have no theme: a theme chosen hides them.
        let own = theme.is_none().then(|| my_problems(&mine_index, rules.as_deref(), &progress, opening, &open_mine, &mine, &confirm_remove, lang));
        html! {
            <>
                <div class="problem-tools">
                    <label class="problem-filter">
                        <span>{ t(Text::Rules) }</span>
                        <select id="problem-rules" onchange={on_rules.clone()}>
                            <option value="" selected={rules.is_none()}>{ t(Text::AllRules) }</option>
                            { for options }
                        </select>
                    </label>
                    <label class="problem-filter">
                        <span>{ t(Text::Theme) }</span>
                        <select id="problem-theme" onchange={on_theme}>
                            <option value="" selected={theme.is_none()}>{ t(Text::AllThemes) }</option>
                            { for themes }
                        </select>
                    </label>
                    <p class="problem-count" id="problem-count">
                        { format!("{solved}/{} {}", index.problems.len(), t(Text::ProblemsSolved)) }
                    </p>
                    <button type="button" class="button" id="problem-reset" onclick={on_reset.clone()}>
                        { t(if *confirm_reset { Text::ResetProgressConfirm } else { Text::ResetProgress }) }
                    </button>
                </div>
                { for own }
                { for sections }
            </>
        }
    });
    let mine_unread = mine
        .1
        .as_ref()
        .map(|u| piquet_table::error_words::unread(u, lang));
    html! {
        <Modal id="problems" title={t(Text::Problems)} close_label={t(Text::Close)} on_close={props.on_close.clone()}>
            { for list.stored_notice(lang) }
            if let Some(problem) = mine_unread {
                <p class="notice" role="alert">{ problem }</p>
            }
            <p class="hint-line">{ t(Text::ProblemsListHint) }</p>
            { for list.error_notice("problem-error") }
            { body }
        </Modal>
    }
}

/// « Mes problèmes »: the player's own, under their heading, each opened at once, exported as
/// a problem file, or removed (a second touch confirms). Nothing when there are none.
#[allow(clippy::too_many_arguments)]
fn my_problems(
    index: &ProblemIndex,
    rules: Option<&str>,
    progress: &ProblemProgress,
    opening: Option<&str>,
    open: &impl Fn(&IndexEntry) -> Callback<MouseEvent>,
    mine: &UseStateHandle<(Rc<MyProblems>, Option<piquet_table::stored::Unread>)>,
    confirm_remove: &UseStateHandle<Option<String>>,
    lang: Lang,
) -> Html {
    let t = |x: Text| x.get(lang);
    let entries: Vec<&IndexEntry> = index
        .problems
        .iter()
        .filter(|e| rules.is_none_or(|r| e.rules == r))
        .collect();
    if entries.is_empty() {
        return html! {};
    }
    let items = entries.iter().enumerate().map(|(i, e)| {
        let export = {
            let problem = mine.0.get(&e.id).cloned();
            Callback::from(move |_: MouseEvent| {
                if let Some(p) = &problem {
                    let _ = files::download(&format!("{}.json", p.id), &p.to_json(), "application/json");
                }
            })
        };
        let confirming = confirm_remove.as_deref() == Some(e.id.as_str());
        let remove = {
            let (id, mine, confirm_remove) = (e.id.clone(), mine.clone(), confirm_remove.clone());
            Callback::from(move |_: MouseEvent| {
                if confirm_remove.as_deref() == Some(id.as_str()) {
                    let left = problems::remove_mine(&id);
                    mine.set((Rc::new(left), mine.1.clone()));
                    confirm_remove.set(None);
                } else {
                    confirm_remove.set(Some(id.clone()));
                }
            })
        };
        let tools = html! {
            <div class="choices problem-own-tools">
                <button type="button" class="text-button problem-export" data-problem={e.id.clone()}
                        onclick={export}>{ t(Text::ExportProblem) }</button>
                <button type="button" class={classes!("text-button", "problem-remove", confirming.then_some("danger"))}
                        data-problem={e.id.clone()} onclick={remove}>
                    { t(if confirming { Text::RemoveProblemConfirm } else { Text::RemoveProblem }) }
                </button>
            </div>
        };
        problem_item(i, e, progress.standing(&e.id), opening, open, lang, tools)
    });
    html! {
        <section class="problem-kind problem-mine" aria-labelledby="problems-mine" data-kind="mine">
            <h3 id="problems-mine">{ format!("{} ({})", t(Text::MyProblems), entries.len()) }</h3>
            <p class="hint-line">{ t(Text::MyProblemsHint) }</p>
            <ol class="problem-list">{ for items }</ol>
        </section>
    }
}

/// Problem `i` of its kind: a button with its difficulty, rules and source, and its standing;
/// `tools` after it (an own problem's export and removal).
fn problem_item(
    i: usize,
    entry: &IndexEntry,
    standing: Standing,
    opening: Option<&str>,
    open: &impl Fn(&IndexEntry) -> Callback<MouseEvent>,
    lang: Lang,
    tools: Html,
) -> Html {
    let t = |x: Text| x.get(lang);
    let busy = opening == Some(entry.id.as_str());
    let source = match entry.source.as_str() {
        "historical" => t(Text::Historical),
        "game" => t(Text::FromYourGame),
        _ => t(Text::Generated),
    };
    let kind = (entry.source == "game").then(|| t(kind_name(entry.kind)));
    html! {
        <li class="problem-item" data-standing={standing.id()} data-kind={entry.kind.id()}
            data-theme={entry.theme.map(|th| th.id())}
            data-stakes={entry.measure.at_stakes().then_some(entry.measure.id())}>
            <button type="button" class="problem-open" data-problem={entry.id.clone()}
                    disabled={opening.is_some()} aria-busy={busy.to_string()}
                    onclick={open(entry)}>
                <span class="problem-number">{ format!("{}", i + 1) }</span>
                { difficulty(entry.difficulty, lang) }
                if let Some(k) = kind { <span class="problem-kind-name">{ k }</span> }
                if let Some(th) = entry.theme {
                    <span class="problem-theme">{ t(th.name()) }</span>
                }
                if entry.measure.at_stakes() {
                    <span class="problem-theme problem-stakes">{ t(stakes_name(entry.measure)) }</span>
                }
                <span class="problem-rules">{ preset_name(&entry.rules, lang) }</span>
                <span class="problem-source">{ source }</span>
                <span class={classes!("problem-standing", standing.id())}>{ t(standing_text(standing)) }</span>
            </button>
            { tools }
        </li>
    }
}

/// Where the problem stands on the table.
#[derive(Clone, PartialEq)]
enum Phase {
    /// The question is asked.
    Asking,
    /// Answered: the verdict.
    Judged(Rc<Judgement>),
    /// The deal goes on from the answer, against Le Maître.
    PlayingOn,
}

#[derive(Properties, PartialEq)]
pub struct ProblemScreenProps {
    pub problem: Rc<Problem>,
    pub settings: Settings,
    /// Back to the list of problems.
    pub on_leave: Callback<()>,
    /// The next problem (none in an embedded table: it has no list).
    #[prop_or_default]
    pub on_next: Option<Callback<String>>,
    /// Every answer, judged (an embedded table tells its host).
    #[prop_or_default]
    pub on_decision: Option<Callback<Rc<Judgement>>>,
    /// In an embedded table: no list of problems, no « leave », and nothing kept for a reload.
    #[prop_or_default]
    pub embedded: bool,
    /// The answer already judged (the page was reloaded on its verdict): the verdict shows at
    /// once, and the answer is not counted again.
    #[prop_or_default]
    pub answered: Option<String>,
    pub on_new_game: Callback<()>,
    #[prop_or_default]
    pub on_rules: Option<Callback<()>>,
    #[prop_or_default]
    pub on_settings: Option<Callback<()>>,
}

#[function_component(ProblemScreen)]
pub fn problem_screen(props: &ProblemScreenProps) -> Html {
    let lang = props.settings.lang;
    let t = |x: Text| x.get(lang);
    let problem = props.problem.clone();
    let start = use_state(|| {
        solve::session(&problem, browser::game_seed())
            .map(Rc::new)
            .map_err(|e| e.to_string())
    });
    let session = use_state(|| None::<Rc<Session>>);
    let phase = use_state(|| {
        props
            .answered
            .as_deref()
            .and_then(|a| piquet_table::problem::parse_notation(a).ok())
            .filter(|a| {
                start
                    .as_ref()
                    .is_ok_and(|s| (**s).clone().apply(Seat::A, *a).is_ok())
            })
            .map_or(Phase::Asking, |a| {
                Phase::Judged(Rc::new(solve::judge(&problem, a)))
            })
    });
    let key = use_state(|| 0u32);
    // A reload comes back to the problem on the table, and to its verdict if it is on show
    // (an embedded table keeps nothing).
    {
        let id = problem.id.clone();
        let answer = match &*phase {
            Phase::Judged(j) => Some(j.action.clone()),
            Phase::Asking | Phase::PlayingOn => None,
        };
        let keep = !props.embedded && *phase != Phase::PlayingOn;
        use_effect_with((id, answer, keep), |(id, answer, keep)| {
            if *keep {
                problems::put_on_table(id, answer.clone());
            }
        });
    }
    let Ok(start_session) = (*start).clone() else {
        let why = start.as_ref().err().cloned().unwrap_or_default();
        return html! {
            <main class="home" id="main">
                <p class="notice" role="alert" id="problem-error">
                    { words::labelled(t(Text::ProblemUnreadable), &why, lang) }
                </p>
                <button type="button" class="button primary" id="problem-list"
                        onclick={props.on_leave.reform(|_: MouseEvent| ())}>
                    { t(Text::OtherProblems) }
                </button>
            </main>
        };
    };
    let on_answer = {
        let phase = phase.clone();
        let problem = problem.clone();
        let on_decision = props.on_decision.clone();
        Callback::from(move |action: Action| {
            let judged = Rc::new(solve::judge(&problem, action));
            problems::answered(&problem.id, judged.accepted);
            if let Some(cb) = &on_decision {
                cb.emit(judged.clone());
            }
            phase.set(Phase::Judged(judged));
        })
    };
    let on_retry = {
        let phase = phase.clone();
        let key = key.clone();
        Callback::from(move |_: MouseEvent| {
            key.set(*key + 1);
            phase.set(Phase::Asking);
        })
    };
    let on_next = props
        .on_next
        .as_ref()
        .filter(|_| !props.embedded)
        .map(|cb| {
            let id = problem.id.clone();
            cb.reform(move |_: MouseEvent| id.clone())
        });
    let on_list = (!props.embedded).then(|| props.on_leave.reform(|_: MouseEvent| ()));
    let on_see_rest = {
        let phase = phase.clone();
        let key = key.clone();
        let session = session.clone();
        let start_session = start_session.clone();
        let problem = problem.clone();
        Callback::from(move |_: MouseEvent| {
            let Phase::Judged(j) = &*phase else { return };
            // The player's answer is played, or the best when it cannot be.
            let best = problem
                .answer
                .verdict
                .as_ref()
                .and_then(|v| piquet_table::problem::parse_notation(&v.best).ok());
            let mut next = (*start_session).clone();
            let played = piquet_table::problem::parse_notation(&j.action)
                .ok()
                .is_some_and(|a| next.apply(Seat::A, a).is_ok())
                || best.is_some_and(|a| next.apply(Seat::A, a).is_ok());
            if played {
                session.set(Some(Rc::new(next)));
                key.set(*key + 1);
                phase.set(Phase::PlayingOn);
            }
        })
    };

    let kind = problem.kind().ok();
    let title = format!(
        "{}{}",
        t(Text::Problem),
        kind.map(|k| format!(" · {}", t(kind_name(k))))
            .unwrap_or_default()
    );
    let citation = problem.source.citation().map(str::to_string);
    let head = html! {
        <section class="coach problem-head" id="problem-question" aria-labelledby="problem-title"
                 data-problem={problem.id.clone()}>
            <div class="coach-head">
                <strong id="problem-title" class="coach-name">{ title }</strong>
                <span class="coach-step">{ difficulty(problem.difficulty, lang) }</span>
            </div>
            <div class="coach-body">
                if *phase == Phase::PlayingOn {
                    <p class="coach-said">{ t(Text::ProblemPlayingOn) }</p>
                } else {
                    <p class="coach-prompt" id="problem-prompt">{ solve::question(&problem, lang) }</p>
                }
                if let Some(c) = citation {
                    <p class="coach-said problem-citation">{ c }</p>
                }
            </div>
            if *phase == Phase::PlayingOn && (on_list.is_some() || on_next.is_some()) {
                <div class="coach-foot choices">
                    if let Some(cb) = on_list.clone() {
                        <button type="button" class="button" id="problem-list" onclick={cb}>
                            { t(Text::OtherProblems) }
                        </button>
                    }
                    if let Some(cb) = on_next.clone() {
                        <button type="button" class="button primary" id="problem-next" onclick={cb}>
                            { t(Text::NextProblem) }
                        </button>
                    }
                </div>
            }
        </section>
    };
    let side = match &*phase {
        Phase::Judged(j) => Some(verdict(
            &problem,
            j,
            lang,
            on_retry,
            on_next.clone(),
            on_see_rest,
            on_list.clone(),
        )),
        _ => None,
    };
    let table = ProblemTable {
        asking: *phase == Phase::Asking,
        on_answer,
        head,
        side,
    };
    let on_table = (*session).clone().unwrap_or(start_session);
    html! {
        <GameScreen key={*key} session={on_table} settings={props.settings.clone()}
                    problem={Some(table)} embedded={props.embedded}
                    on_leave={props.on_leave.clone()}
                    on_new_game={props.on_new_game.clone()}
                    on_rules={props.on_rules.clone()}
                    on_settings={props.on_settings.clone()}
                    review={crate::components::table::overlays::REVIEW_DIALOG} />
    }
}

/// The verdict, in place of the panel: right or not, every option's value with the best and
/// the accepted answers marked and the player's own, how the values were found, the
/// explanation, and the ways on.
fn verdict(
    problem: &Problem,
    j: &Judgement,
    lang: Lang,
    on_retry: Callback<MouseEvent>,
    on_next: Option<Callback<MouseEvent>>,
    on_see_rest: Callback<MouseEvent>,
    on_list: Option<Callback<MouseEvent>>,
) -> Html {
    let t = |x: Text| x.get(lang);
    let chosen = piquet_table::problem::parse_notation(&j.action).ok();
    let yours = chosen
        .as_ref()
        .map(|a| action_words(a, lang))
        .unwrap_or_default();
    let your_value = j
        .value
        .map(|v| format!(" ({})", solve::measured_words(v, problem.measure(), lang)))
        .unwrap_or_default();
    let options = j.options.iter().map(|o| {
        let mut marks = Vec::new();
        if o.best {
            marks.push(t(Text::BestMark));
        }
        if o.accepted {
            marks.push(t(Text::AcceptedMark));
        }
        if o.chosen {
            marks.push(t(Text::YourMark));
        }
        let marks = (!marks.is_empty()).then(|| marks.join(" · "));
        html! {
            <li class={classes!("problem-option", o.best.then_some("best"), o.accepted.then_some("accepted"), o.chosen.then_some("chosen"))}
                data-action={piquet_table::problem::notation(Seat::A, o.action)}>
                <span class="option-words">{ action_words(&o.action, lang) }</span>
                <span class="option-value">{ solve::measured_words(o.value, problem.measure(), lang) }</span>
                if let Some(m) = marks {
                    <span class="option-marks">{ m }</span>
                }
            </li>
        }
    });
    let method = j.method.map(|(m, worlds)| match m {
        Method::Open => t(Text::ValuesOpen).to_string(),
        Method::Sampled if problem.measure() == Measure::Partie => {
            format!("{} {worlds}.", t(Text::ValuesPartie))
        }
        Method::Sampled if problem.measure() == Measure::Game => {
            format!("{} {worlds}.", t(Text::ValuesGame))
        }
        Method::Sampled => format!("{} {worlds}.", t(Text::ValuesSampled)),
    });
    let said = solve::explanation(problem, lang);
    html! {
        <section class="panel problem-verdict" id="problem-verdict" aria-labelledby="panel-title"
                 data-accepted={j.accepted.to_string()}>
            <h2 id="panel-title" class={classes!("verdict", if j.accepted { "right" } else { "wrong" })}>
                { t(if j.accepted { Text::RightAnswer } else { Text::WrongAnswer }) }
            </h2>
            <div class="panel-body">
                <p class="problem-yours" id="problem-yours">
                    { words::labelled(t(Text::ProblemYourAnswer), &format!("{yours}{your_value}"), lang) }
                </p>
                if j.value.is_none() && !j.options.is_empty() {
                    <p class="problem-not-valued">{ t(Text::NotValued) }</p>
                }
                <ol class="problem-options" id="problem-options">{ for options }</ol>
                if let Some(m) = method {
                    <p class="problem-method">{ m }</p>
                }
                { for said.iter().map(|s| html! { <p class="problem-explanation">{ s }</p> }) }
            </div>
            <div class="panel-foot choices">
                if let Some(cb) = on_next {
                    <button type="button" class="button primary" id="problem-next" onclick={cb}>
                        { t(Text::NextProblem) }
                    </button>
                }
                if !j.accepted {
                    <button type="button" class="button" id="problem-retry" onclick={on_retry}>
                        { t(Text::Retry) }
                    </button>
                }
                <button type="button" class="button" id="problem-see-rest" onclick={on_see_rest}>
                    { t(Text::SeeTheRest) }
                </button>
                if let Some(cb) = on_list {
                    <button type="button" class="button" id="problem-list" onclick={cb}>
                        { t(Text::OtherProblems) }
                    </button>
                }
            </div>
        </section>
    }
}
