//! The deal of the day (« Donne du jour »): one deal seeded by the date alone (the day of UTC,
//! the same for everyone), played as elder against Le Maître on the table; meanwhile the worker
//! plays the same cards with Le Maître in the player's seat. When the deal is over the panel
//! gives way to the comparison: both scores, the difference of the margins (duplicate
//! scoring), the elder's decisions side by side, and a line to share.

use std::rc::Rc;

use piquet_engine::{Record, Rules, Seat};
use yew::prelude::*;

use super::table::{GameScreen, ProblemTable};
use crate::services::{ai, browser, files};
use piquet_table::i18n::{Lang, Text};
use piquet_table::problem::daily::{self, Date, Duplicate};
use piquet_table::problem::solve;
use piquet_table::problem::solve::action_words;
use piquet_table::session::Session;
use piquet_table::settings::Settings;
use piquet_table::wire::{Answer, DailyJob, DailyRequest};
use piquet_words as words;

/// The rules of the deal of the day.
pub const DAILY_RULES: &str = "classique";

/// Le Maître's play of the day's deal, as the worker answers.
#[derive(Clone, PartialEq)]
enum Master {
    Computing,
    Ready(Rc<Record>),
    Failed(String),
}

#[derive(Properties, PartialEq)]
pub struct DailyScreenProps {
    pub settings: Settings,
    /// Back to the first screen.
    pub on_leave: Callback<()>,
    pub on_new_game: Callback<()>,
    #[prop_or_default]
    pub on_rules: Option<Callback<()>>,
    #[prop_or_default]
    pub on_settings: Option<Callback<()>>,
    /// In an embedded table: no « leave », no « Fermer » at the end.
    #[prop_or_default]
    pub embedded: bool,
    /// After every change of the player's game (an embedded table tells its host), and the
    /// elder's seat in the day's record.
    #[prop_or_default]
    pub on_session: Option<Callback<(Rc<Session>, Seat)>>,
    /// The comparison, once, when it is ready (an embedded table tells its host).
    #[prop_or_default]
    pub on_result: Option<Callback<Rc<Duplicate>>>,
}

/// The day's deal set up: the date, the player's game, the elder's seat in the day's record.
type Start = Result<(Date, Rc<Session>, Seat), String>;

fn start() -> Start {
    let date = solve::utc_day(browser::now_ms());
    let rules = Rules::by_id(DAILY_RULES).map_err(|e| e.to_string())?;
    let session = daily::daily_session(date, rules, browser::game_seed())?;
    let (_, elder) = daily::daily_deal(date, rules)?;
    Ok((date, Rc::new(session), elder))
}

#[function_component(DailyScreen)]
pub fn daily_screen(props: &DailyScreenProps) -> Html {
    let lang = props.settings.lang;
    let t = |x: Text| x.get(lang);
    let start = use_state(start);
    let latest = use_state(|| None::<Rc<Session>>);
    let master = use_state(|| Master::Computing);
    let copied = use_state(|| false);
    // Le Maître plays the same deal in the worker while the player plays it.
    {
        let master = master.clone();
        let date = start.as_ref().ok().map(|(d, _, _)| *d);
        use_effect_with((), move |_| {
            if let Some(date) = date {
                let request = DailyRequest {
                    id: 0,
                    daily: DailyJob {
                        date: date.to_string(),
                        rules: DAILY_RULES.to_string(),
                    },
                };
                ai::ask_daily(request, move |answer| {
                    master.set(match answer {
                        Answer::Daily { record } => match Record::from_json(&record) {
                            Ok(r) => Master::Ready(Rc::new(r)),
                            Err(e) => Master::Failed(e.to_string()),
                        },
                        Answer::Error { message } => Master::Failed(message),
                        _ => Master::Failed(String::new()),
                    })
                });
            }
        });
    }
    // The comparison, once the deal is over and Le Maître's play is there: told to the host.
    {
        let compared = match (start.as_ref().ok(), &*latest, &*master) {
            (Some((date, _, elder)), Some(now), Master::Ready(record))
                if now.finished.is_some() =>
            {
                daily::duplicate(*date, &now.record, record, *elder)
                    .ok()
                    .map(Rc::new)
            }
            _ => None,
        };
        let on_result = props.on_result.clone();
        use_effect_with(compared, move |compared| {
            if let (Some(cb), Some(d)) = (on_result, compared) {
                cb.emit(d.clone());
            }
        });
    }
    let (date, session, elder) = match &*start {
        Ok(s) => s.clone(),
        Err(why) => {
            return html! {
                <main class="home" id="main">
                    <p class="notice" role="alert" id="daily-error">
                        { words::labelled(t(Text::DailyUnavailable), why, lang) }
                    </p>
                </main>
            };
        }
    };
    let on_session = {
        let latest = latest.clone();
        let told = props.on_session.clone();
        Callback::from(move |s: Rc<Session>| {
            if let Some(cb) = &told {
                cb.emit((s.clone(), elder));
            }
            latest.set(Some(s))
        })
    };
    let now = (*latest).clone().unwrap_or_else(|| session.clone());
    let over = now.finished.is_some();
    // While the deal is played: the day and what it is; once over, the comparison says it all.
    let head = if over {
        html! {}
    } else {
        html! {
            <section class="coach problem-head daily-head" id="daily-head" aria-labelledby="daily-title"
                     data-date={date.to_string()}>
                <div class="coach-head">
                    <strong id="daily-title" class="coach-name">{ format!("{} · {date}", t(Text::DailyDeal)) }</strong>
                </div>
                <div class="coach-body"><p class="coach-prompt">{ t(Text::DailyPrompt) }</p></div>
            </section>
        }
    };
    let side = over.then(|| {
        let on_copy = {
            let copied = copied.clone();
            move |line: String| {
                let copied = copied.clone();
                Callback::from(move |_: MouseEvent| {
                    let line = line.clone();
                    let copied = copied.clone();
                    wasm_bindgen_futures::spawn_local(async move {
                        copied.set(files::copy(&line).await.is_ok());
                    });
                })
            }
        };
        result_panel(
            &now,
            &master,
            date,
            elder,
            *copied,
            on_copy,
            (!props.embedded).then(|| props.on_leave.reform(|_: MouseEvent| ())),
            lang,
        )
    });
    let table = ProblemTable {
        asking: false,
        on_answer: Callback::noop(),
        head,
        side,
    };
    html! {
        <GameScreen key={0} session={session} settings={props.settings.clone()}
                    problem={Some(table)} {on_session} embedded={props.embedded}
                    on_leave={props.on_leave.clone()}
                    on_new_game={props.on_new_game.clone()}
                    on_rules={props.on_rules.clone()}
                    on_settings={props.on_settings.clone()}
                    review={crate::components::table::overlays::REVIEW_DIALOG} />
    }
}

/// The comparison, in place of the panel once the deal is over.
#[allow(clippy::too_many_arguments)]
fn result_panel(
    played: &Session,
    master: &Master,
    date: Date,
    elder: Seat,
    copied: bool,
    on_copy: impl Fn(String) -> Callback<MouseEvent>,
    on_leave: Option<Callback<MouseEvent>>,
    lang: Lang,
) -> Html {
    let t = |x: Text| x.get(lang);
    let body = match master {
        Master::Computing => {
            html! { <p class="hint-line" role="status" id="daily-computing">{ t(Text::DailyComputing) }</p> }
        }
        Master::Failed(why) => html! {
            <p class="notice" role="alert">{ words::labelled(t(Text::DailyUnavailable), why, lang) }</p>
        },
        Master::Ready(record) => match daily::duplicate(date, &played.record, record, elder) {
            Err(why) => html! {
                <p class="notice" role="alert">{ words::labelled(t(Text::DailyUnavailable), &why, lang) }</p>
            },
            Ok(d) => comparison(&d, copied, on_copy, lang),
        },
    };
    html! {
        <section class="panel problem-verdict daily-result" id="daily-result" aria-labelledby="panel-title">
            <h2 id="panel-title">{ format!("{} · {date}", t(Text::DailyResult)) }</h2>
            <div class="panel-body">{ body }</div>
            if let Some(onclick) = on_leave {
                <div class="panel-foot choices">
                    <button type="button" class="button primary" id="daily-close" {onclick}>
                        { t(Text::Close) }
                    </button>
                </div>
            }
        </section>
    }
}

/// Both scores, the difference, the decisions side by side, the line to share.
fn comparison(
    d: &Duplicate,
    copied: bool,
    on_copy: impl Fn(String) -> Callback<MouseEvent>,
    lang: Lang,
) -> Html {
    let t = |x: Text| x.get(lang);
    let difference = d.difference();
    let signed = solve::value_words(f64::from(difference), lang);
    let signed = signed
        .split([',', '.'])
        .next()
        .unwrap_or_default()
        .to_string();
    let rows = d.rows.iter().enumerate().map(|(i, (mine, his))| {
        let same = mine == his;
        let say = |a: &Option<piquet_engine::Action>| {
            a.as_ref()
                .map(|a| action_words(a, lang))
                .unwrap_or_default()
        };
        html! {
            <tr class={classes!(same.then_some("same"))}>
                <th scope="row">{ i + 1 }</th>
                <td>{ say(mine) }</td>
                <td>{ if same { t(Text::DailySame).to_string() } else { say(his) } }</td>
            </tr>
        }
    });
    let line = d.share_line(lang);
    html! {
        <>
            <p id="daily-you">{ words::labelled(t(Text::You), &format!("{} – {}", d.player[0], d.player[1]), lang) }</p>
            <p id="daily-master">{ words::labelled(t(Text::DailyMasterInYourSeat), &format!("{} – {}", d.master[0], d.master[1]), lang) }</p>
            <p id="daily-difference" class={classes!("daily-difference", if difference >= 0 { "right" } else { "wrong" })}
               data-difference={difference.to_string()}>
                { words::labelled(t(Text::DailyDifference), &signed, lang) }
            </p>
            <details class="daily-decisions">
                <summary>{ t(Text::DailyDecisions) }</summary>
                <table>
                    <thead><tr><th scope="col">{ "#" }</th><th scope="col">{ t(Text::You) }</th><th scope="col">{ t(Text::DailyMasterInYourSeat) }</th></tr></thead>
                    <tbody>{ for rows }</tbody>
                </table>
            </details>
            <p class="daily-share-label">{ t(Text::DailyShare) }</p>
            <p id="daily-share" class="daily-share">{ line.clone() }</p>
            <div class="choices">
                <button type="button" class="button" id="daily-copy" onclick={on_copy(line)}>{ t(Text::DailyCopy) }</button>
                if copied { <span role="status">{ t(Text::DailyCopied) }</span> }
            </div>
        </>
    }
}
