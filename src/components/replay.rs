//! The replay viewer: a record loaded from a file, pasted text, a link or the host page, stepped
//! through action by action (buttons, ←/→, Home/End), by deal or by trick. The cards are shown
//! all face up, or as one seat saw them: the seat view is built from the engine's observation of
//! that seat only, so the other seat's unseen cards never reach the page. Beside the table: the
//! facts of the game, the running counts, the commentary of the step and the log in words.

use std::rc::Rc;

use piquet_engine::cursor::{OpenView, ReplayCursor};
use piquet_engine::record::RulesSpec;
use piquet_engine::{Card, CardSet, Event as EngineEvent, Observation, Record, Seat};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::card::{CardBack, CardFace};
use super::export::Export;
use super::review::ReviewDialog;
use piquet_table::embed::{self, GotoProblem, GotoTarget};
use piquet_table::error_words;
use piquet_table::i18n::{Lang, Text};
use piquet_table::records::{self, HISTORICAL, LoadProblem};
use piquet_table::session::Session;
use piquet_table::settings::Settings;
use piquet_words::{self as words, Names};

/// A record handed to the viewer (or why it could not be read), with a title.
pub type Incoming = Rc<(Result<Record, LoadProblem>, Option<String>)>;

/// How the cards are shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ViewMode {
    /// Every card face up.
    Open,
    /// What this seat saw.
    Seat(Seat),
}

/// A move of the cursor, from the controls, the keyboard or the host page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goto {
    Forward,
    Back,
    Start,
    End,
    /// A flat position, `0..len`.
    Index(usize),
    /// The start of a deal (0-based).
    Deal(usize),
    /// A deal (0-based) and the number of its actions made.
    Action(usize, usize),
    /// A deal (0-based) and a trick (1..=12), about to be led.
    Trick(usize, u8),
    /// Where the host page asks to go, its numbers unconverted (they are compared with the
    /// record's own: a refusal goes back to the host, and the reader sees nothing of it).
    Host(GotoTarget),
}

/// What the viewer reports after every move (the embedded table posts it to its host).
#[derive(Clone, Debug, PartialEq)]
pub struct ReplayReport {
    pub index: usize,
    pub len: usize,
    pub deal: usize,
    pub actions: usize,
    pub deal_points: [u16; 2],
    pub totals: [u16; 2],
    pub tricks: [u8; 2],
    pub players: [String; 2],
    /// At the last position of a record whose game is over: the winner's seat.
    pub game_over: Option<Option<Seat>>,
}

/// The viewer's state: the record opened (if any) and how it is shown.
#[derive(Clone)]
pub struct ReplayState {
    pub cursor: Option<Rc<ReplayCursor>>,
    pub title: Option<String>,
    /// Why the last record could not be opened, numbered so that each failure is reported:
    /// shown once, in one dismissible line.
    pub error: Option<(u64, LoadProblem)>,
    /// The host's last `goto` that found no position, numbered so that each one is reported.
    pub refused: Option<(u64, GotoProblem)>,
    pub view: ViewMode,
    pub autoplay: bool,
    /// Bumped at every move, so that effects follow it.
    pub moves: u64,
    /// The review of this deal (from 0) is open.
    pub review: Option<usize>,
}

pub enum ReplayAction {
    /// A record to open, with where it came from; its errors are named.
    Open(Result<Box<Record>, LoadProblem>, Option<String>),
    Error(LoadProblem),
    DismissError,
    Move(Goto),
    View(ViewMode),
    Autoplay(bool),
    /// Opens the review of a deal (from 0), or closes it.
    Review(Option<usize>),
}

impl ReplayState {
    fn fail(&mut self, problem: LoadProblem) {
        let n = self.error.as_ref().map_or(0, |e| e.0) + 1;
        self.error = Some((n, problem));
    }
}

impl Reducible for ReplayState {
    type Action = ReplayAction;

    fn reduce(self: Rc<Self>, action: ReplayAction) -> Rc<Self> {
        let mut next = (*self).clone();
        match action {
            ReplayAction::Open(Ok(record), title) => match ReplayCursor::new(&record) {
                Ok(c) => {
                    next.cursor = Some(Rc::new(c));
                    next.title = title;
                    next.error = None;
                    next.moves += 1;
                    next.autoplay = false;
                }
                Err(e) => next.fail(LoadProblem::record(title.as_deref(), e)),
            },
            ReplayAction::Open(Err(e), _) | ReplayAction::Error(e) => next.fail(e),
            ReplayAction::DismissError => next.error = None,
            ReplayAction::Move(goto) => {
                let Some(cursor) = &next.cursor else {
                    return self;
                };
                let mut c = (**cursor).clone();
                let moved = match goto {
                    Goto::Forward => c.forward(),
                    Goto::Back => c.back(),
                    Goto::Start => {
                        c.to_start();
                        true
                    }
                    Goto::End => {
                        c.to_end();
                        true
                    }
                    Goto::Index(i) => c.seek(i),
                    Goto::Deal(d) => c.goto_deal(d),
                    Goto::Action(d, a) => c.goto(piquet_engine::cursor::Position {
                        deal: d,
                        actions: a,
                    }),
                    Goto::Trick(d, t) => c.goto_trick(d, t),
                    Goto::Host(target) => match embed::goto(&mut c, target) {
                        Ok(()) => true,
                        Err(problem) => {
                            let n = next.refused.as_ref().map_or(0, |r| r.0) + 1;
                            next.refused = Some((n, problem));
                            return Rc::new(next);
                        }
                    },
                };
                if !moved {
                    next.autoplay = false;
                    return Rc::new(next);
                }
                next.cursor = Some(Rc::new(c));
                next.moves += 1;
            }
            ReplayAction::View(v) => next.view = v,
            ReplayAction::Autoplay(on) => next.autoplay = on,
            ReplayAction::Review(deal) => {
                next.review = deal;
                next.autoplay = false;
            }
        }
        Rc::new(next)
    }
}

#[derive(Properties, PartialEq)]
pub struct ReplayProps {
    pub settings: Settings,
    /// A record to open at once, with its title, or the reason it could not be read (a bad
    /// link, a failed fetch, a host's malformed `load`). A new value opens it.
    #[prop_or_default]
    pub incoming: Option<Incoming>,
    /// A move asked from outside (the host page), with a serial so that the same move repeats.
    #[prop_or_default]
    pub command: Option<(u64, Goto)>,
    /// No loading, no export, no playing on (an embedded table with `readonly=1`).
    #[prop_or_default]
    pub readonly: bool,
    /// Compact layout (the embedded table).
    #[prop_or_default]
    pub embedded: bool,
    /// Steps forward by itself every so many milliseconds, from the start.
    #[prop_or_default]
    pub autoplay: Option<u32>,
    /// After every move.
    #[prop_or_default]
    pub on_report: Callback<ReplayReport>,
    /// An error the host page should hear of (in the reader's language): a record that could
    /// not be opened, a `goto` that found no position.
    #[prop_or_default]
    pub on_error: Callback<String>,
    /// "Play this deal": the game to play on from the position.
    #[prop_or_default]
    pub on_play: Option<Callback<Session>>,
    /// Back to the first screen (the app, not the embedded table).
    #[prop_or_default]
    pub on_close: Option<Callback<()>>,
}

fn card_list(
    set: CardSet,
    lang: Lang,
    settings: &Settings,
    class: &'static str,
    label: String,
) -> Html {
    html! {
        <ul class={classes!("card-row", class)} aria-label={label}>
            { for words::in_hand_order(set).into_iter().map(|card| html! {
                <li><CardFace {card} {lang} deck={settings.deck} /></li>
            }) }
        </ul>
    }
}

fn backs(n: u8, class: &'static str, label: String) -> Html {
    html! {
        <div class={classes!("backs", class)} role="img" aria-label={label}>
            { for (0..n).map(|_| html! { <CardBack /> }) }
        </div>
    }
}

/// The names of the seats: the record's players, else "Joueur A" / "Player A".
pub fn names_of(record: &Record, lang: Lang) -> Names {
    match &record.meta.players {
        Some([a, b]) if !a.trim().is_empty() && !b.trim().is_empty() => Names {
            a: a.clone(),
            b: b.clone(),
            you: None,
        },
        _ => Names {
            a: Text::SeatA.get(lang).into(),
            b: Text::SeatB.get(lang).into(),
            you: None,
        },
    }
}

/// What is on the table for one seat, whether from the open view or an observation.
struct SeatCards {
    /// Face up (the seat's own hand, or every hand in the open view); `None`: backs only.
    hand: Option<CardSet>,
    hand_len: u8,
    discards: Option<CardSet>,
    discards_len: u8,
    /// Cards this seat showed to the other.
    shown: CardSet,
}

/// The report of the cursor's position.
pub fn report(cursor: &ReplayCursor, names: &Names) -> ReplayReport {
    let p = cursor.position();
    let counts = cursor.counts();
    let at_end = cursor.index() + 1 == cursor.len();
    ReplayReport {
        index: cursor.index(),
        len: cursor.len(),
        deal: p.deal,
        actions: p.actions,
        deal_points: counts.deal_points,
        totals: counts.totals,
        tricks: counts.tricks_won,
        players: [names.a.clone(), names.b.clone()],
        game_over: cursor
            .game()
            .outcome()
            .filter(|_| at_end)
            .map(|o| Some(o.winner)),
    }
}

#[function_component(ReplayViewer)]
pub fn replay_viewer(props: &ReplayProps) -> Html {
    let state = use_reducer(|| ReplayState {
        cursor: None,
        title: None,
        error: None,
        refused: None,
        view: ViewMode::Open,
        autoplay: false,
        moves: 0,
        review: None,
    });
    let lang = props.settings.lang;
    let t = |x: Text| x.get(lang);

    // A record from outside: the link, the host page, the embed's URL.
    {
        let state = state.clone();
        let autoplay = props.autoplay.is_some();
        use_effect_with(props.incoming.clone(), move |incoming| {
            if let Some(incoming) = incoming {
                let (record, title) = (**incoming).clone();
                state.dispatch(ReplayAction::Open(record.map(Box::new), title));
                if autoplay {
                    state.dispatch(ReplayAction::Autoplay(true));
                }
            }
        });
    }
    // A move from outside.
    {
        let state = state.clone();
        use_effect_with(props.command, move |command| {
            if let Some((_, goto)) = command {
                state.dispatch(ReplayAction::Move(*goto));
            }
        });
    }
    // Errors go to the host too: a record that could not be opened (also shown, once), a
    // `goto` that found no position (to the host only: the reader's view did not change).
    {
        let on_error = props.on_error.clone();
        use_effect_with(state.error.clone(), move |error| {
            if let Some((_, e)) = error {
                on_error.emit(format!(
                    "{} — {}",
                    Text::RecordProblem.get(lang),
                    error_words::load_problem(e, lang)
                ));
            }
        });
    }
    {
        let on_error = props.on_error.clone();
        use_effect_with(state.refused, move |refused| {
            if let Some((_, p)) = refused {
                on_error.emit(error_words::goto_problem(p, lang));
            }
        });
    }
    // Report every move.
    {
        let on_report = props.on_report.clone();
        let cursor = state.cursor.clone();
        use_effect_with((state.moves, lang), move |_| {
            if let Some(c) = cursor {
                on_report.emit(report(&c, &names_of(c.record(), lang)));
            }
        });
    }
    // The log follows the cursor: its last line in view (inside the log box only).
    use_effect_with((state.moves, state.view), |_| {
        if let Some(log) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.get_element_by_id("replay-log"))
        {
            log.set_scroll_top(log.scroll_height());
        }
    });
    // Autoplay: one step per interval, until the end.
    {
        let state = state.clone();
        let ms = props.autoplay.unwrap_or(1200);
        use_effect_with((state.moves, state.autoplay), move |(_, on)| {
            let timer = on.then(|| {
                gloo_timers::callback::Timeout::new(ms, move || {
                    state.dispatch(ReplayAction::Move(Goto::Forward))
                })
            });
            move || drop(timer)
        });
    }
    // The keyboard: ←/→ step, Home/End jump (not while typing or choosing in a list).
    {
        let state = state.clone();
        use_effect_with((), move |_| {
            let listener = web_sys::window().map(|w| {
                let options = gloo_events::EventListenerOptions::enable_prevent_default();
                gloo_events::EventListener::new_with_options(&w, "keydown", options, move |e| {
                    let Some(e) = e.dyn_ref::<web_sys::KeyboardEvent>() else {
                        return;
                    };
                    if e.alt_key() || e.ctrl_key() || e.meta_key() {
                        return;
                    }
                    let typing = e
                        .target()
                        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                        .is_some_and(|el| {
                            matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT")
                                || el.closest("[role=dialog]").ok().flatten().is_some()
                        });
                    if typing {
                        return;
                    }
                    let goto = match e.key().as_str() {
                        "ArrowRight" => Goto::Forward,
                        "ArrowLeft" => Goto::Back,
                        "Home" => Goto::Start,
                        "End" => Goto::End,
                        _ => return,
                    };
                    e.prevent_default();
                    state.dispatch(ReplayAction::Move(goto));
                })
            });
            move || drop(listener)
        });
    }

    let loader = (!props.readonly).then(|| loader(&state, lang));
    let error = state.error.as_ref().map(|(_, e)| {
        let dismiss = {
            let state = state.clone();
            Callback::from(move |_: MouseEvent| state.dispatch(ReplayAction::DismissError))
        };
        html! {
            <div class="notice replay-error" role="alert" id="replay-error">
                <span>{ format!("{} — {}", t(Text::RecordProblem), error_words::load_problem(e, lang)) }</span>
                <button type="button" class="icon-button" id="replay-error-dismiss"
                        aria-label={t(Text::Dismiss)} title={t(Text::Dismiss)} onclick={dismiss}>
                    { "×" }
                </button>
            </div>
        }
    });

    let body = match &state.cursor {
        None => html! {
            if props.readonly {
                <p class="replay-empty" id="replay-empty">{ t(Text::ReplayWaiting) }</p>
            }
        },
        Some(cursor) => viewer(&state, cursor, props),
    };
    let close = props.on_close.as_ref().map(|cb| {
        let onclick = cb.reform(|_: MouseEvent| ());
        html! { <button type="button" class="text-button" id="replay-close" {onclick}>{ t(Text::BackToHome) }</button> }
    });
    html! {
        <main class={classes!("replay", props.embedded.then_some("embedded"))} id="main"
              data-index={state.cursor.as_ref().map(|c| c.index().to_string())}
              data-len={state.cursor.as_ref().map(|c| c.len().to_string())}>
            <div class="replay-head">
                <h1 class={classes!(props.embedded.then_some("sr-only"))}>{ t(Text::ReplayTitle) }</h1>
                { for close }
            </div>
            { for error }
            { for loader }
            { body }
        </main>
    }
}

/// The ways to open a record: the historical ones, a file, pasted text.
fn loader(state: &UseReducerHandle<ReplayState>, lang: Lang) -> Html {
    let t = |x: Text| x.get(lang);
    let historical = HISTORICAL
        .iter()
        .map(|h| {
            let state = state.clone();
            let onclick = Callback::from(move |_: MouseEvent| {
                state.dispatch(ReplayAction::Open(
                    Record::parse(h.text)
                        .map(Box::new)
                        .map_err(|e| LoadProblem::record(Some(h.title), e)),
                    Some(h.title.to_string()),
                ))
            });
            html! {
                <button type="button" class="button historical" id={format!("open-{}", h.id)} {onclick}>
                    { h.title }
                </button>
            }
        })
        .collect::<Html>();
    let on_file = {
        let state = state.clone();
        Callback::from(move |e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            let state = state.clone();
            wasm_bindgen_futures::spawn_local(async move {
                match crate::services::files::read_chosen_file(&input).await {
                    Ok((name, text)) => state.dispatch(ReplayAction::Open(
                        Record::parse(&text)
                            .map(Box::new)
                            .map_err(|e| LoadProblem::record(Some(&name), e)),
                        Some(name),
                    )),
                    Err(e) => state.dispatch(ReplayAction::Error(e)),
                }
                input.set_value("");
            });
        })
    };
    let paste_ref = detached_node_ref();
    let on_paste = {
        let state = state.clone();
        let paste_ref = paste_ref.clone();
        Callback::from(move |_: MouseEvent| {
            let Some(area) = paste_ref.cast::<web_sys::HtmlTextAreaElement>() else {
                return;
            };
            let text = area.value();
            let result = if text.trim().is_empty() {
                Err(LoadProblem::NothingPasted)
            } else {
                Record::parse(&text)
                    .map(Box::new)
                    .map_err(|e| LoadProblem::record(None, e))
            };
            state.dispatch(ReplayAction::Open(result, None));
        })
    };
    let open = state.cursor.is_none();
    html! {
        <details class="replay-loader" open={open}>
            <summary>{ t(Text::OpenRecord) }</summary>
            <div class="loader-body">
                <div class="historical-list" role="group" aria-label={t(Text::HistoricalRecords)}>
                    <span class="small-label">{ t(Text::HistoricalRecords) }</span>
                    { historical }
                </div>
                <label class="file-label">
                    <span>{ t(Text::OpenFile) }</span>
                    <input type="file" id="record-file" accept=".json,.txt,.pqt,application/json,text/plain"
                           onchange={on_file} />
                </label>
                <label class="paste-label" for="record-paste">{ t(Text::PasteRecord) }</label>
                <textarea id="record-paste" rows="4" spellcheck="false" ref={paste_ref}
                          placeholder={t(Text::PastePlaceholder)} />
                <button type="button" class="button primary" id="record-paste-open" onclick={on_paste}>
                    { t(Text::OpenPasted) }
                </button>
            </div>
        </details>
    }
}

/// A record's text for a reader of `lang`: in that language, else in no stated language, else
/// in the other one, marked as such (and tagged with its language for screen readers).
fn in_language(text: &piquet_engine::Localized, lang: Lang) -> Option<Html> {
    let other = match lang {
        Lang::Fr => Lang::En,
        Lang::En => Lang::Fr,
    };
    let (written, body) = text.pick(lang.tag(), &[other.tag()])?;
    let mark = match written {
        w if w == lang.tag() || w == piquet_engine::record::UNTAGGED => None,
        "fr" => Some(Text::WrittenInFrench),
        "en" => Some(Text::WrittenInEnglish),
        _ => Some(Text::WrittenInAnotherLanguage),
    };
    Some(match mark {
        None => html! { <p>{ body }</p> },
        Some(m) => html! {
            <p lang={written.to_string()}>
                <span class="language-mark" lang={lang.tag()}>{ m.get(lang) }</span>{ " " }{ body }
            </p>
        },
    })
}

/// A small control icon (decorative: its button is named).
fn icon(path: &'static str) -> Html {
    html! {
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d={path} /></svg>
    }
}

/// A node ref usable outside a hook context (the loader is a plain function).
fn detached_node_ref() -> NodeRef {
    NodeRef::default()
}

/// The record on the table at the cursor, with its controls, counts, commentary and log.
fn viewer(
    state: &UseReducerHandle<ReplayState>,
    cursor: &ReplayCursor,
    props: &ReplayProps,
) -> Html {
    let lang = props.settings.lang;
    let settings = &props.settings;
    let t = |x: Text| x.get(lang);
    let record = cursor.record();
    let names = names_of(record, lang);
    let rules = *cursor.game().rules();
    let position = cursor.position();
    let counts = cursor.counts();
    let view = state.view;
    let go = |g: Goto| {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(ReplayAction::Move(g)))
    };

    // The facts of the game.
    let meta = &record.meta;
    let rules_name = match &record.rules {
        RulesSpec::Preset(id) => piquet_table::rules_text::preset_name(id, lang).to_string(),
        // The nearest preset and, in words, what differs from it.
        RulesSpec::Custom(r) => piquet_table::rules_text::rules_in_words(r, lang),
    };
    let fact = |label: Text, value: Option<String>| {
        value.map(|v| html! { <><dt>{ t(label) }</dt><dd>{ v }</dd></> })
    };
    let facts = html! {
        <section class="replay-meta" aria-labelledby="replay-event">
            <h2 id="replay-event">
                { meta.event.clone().or_else(|| state.title.clone()).unwrap_or_else(|| t(Text::UntitledRecord).to_string()) }
            </h2>
            <dl>
                { for fact(Text::Players, Some(format!("{} — {}", names.a, names.b))) }
                { for fact(Text::Date, meta.date.clone()) }
                { for fact(Text::RulesLabel, Some(rules_name)) }
                { for fact(Text::Source, meta.source.clone()) }
                { for fact(Text::Licence, meta.licence.clone()) }
                { for fact(Text::Annotator, meta.annotator.clone()) }
            </dl>
        </section>
    };

    // The controls.
    let deals = record.deals.len();
    let deal_actions = record
        .deals
        .get(position.deal)
        .map_or(0, |d| d.actions.len());
    let at_start = cursor.index() == 0;
    let at_end = cursor.index() + 1 == cursor.len();
    let on_deal = {
        let state = state.clone();
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            if let Ok(d) = select.value().parse::<usize>() {
                state.dispatch(ReplayAction::Move(Goto::Deal(d)));
            }
        })
    };
    let tricks = cursor.tricks_in_deal(position.deal);
    let plays_now = cursor.deal().map_or(0, |d| d.plays_with_seats().len());
    // The trick in progress, or about to be led.
    let in_play = plays_now > 0
        || cursor
            .deal()
            .is_some_and(|d| d.phase() == piquet_engine::Phase::Play);
    let current_trick = in_play.then(|| (plays_now / 2 + 1).min(12) as u8);
    let on_trick = {
        let state = state.clone();
        let deal = position.deal;
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            if let Ok(k) = select.value().parse::<u8>() {
                state.dispatch(ReplayAction::Move(Goto::Trick(deal, k)));
            }
        })
    };
    let view_choice = |mode: ViewMode, id: &'static str, label: String| {
        let state = state.clone();
        let onchange = Callback::from(move |_: Event| state.dispatch(ReplayAction::View(mode)));
        html! {
            <label class="choice">
                <input type="radio" name="replay-view" {id} checked={view == mode} {onchange} />
                <span>{ label }</span>
            </label>
        }
    };
    let toggle_auto = {
        let state = state.clone();
        let on = state.autoplay;
        Callback::from(move |_: MouseEvent| state.dispatch(ReplayAction::Autoplay(!on)))
    };
    // The step buttons and where they stand: docked with the commentary at the foot of a
    // phone's screen, so that both stay in sight while one steps through a deal.
    let controls = html! {
        <section class="replay-controls" aria-label={t(Text::ReplayControls)}>
            <div class="step-buttons">
                <button type="button" class="tool" id="replay-start" disabled={at_start} onclick={go(Goto::Start)}
                        aria-label={t(Text::ToStart)} title={t(Text::ToStart)}>{ icon("M5 4h2v16H5zM19 4v16L8 12z") }</button>
                <button type="button" class="tool" id="replay-back" disabled={at_start} onclick={go(Goto::Back)}
                        aria-label={t(Text::StepBack)} title={t(Text::StepBack)}>{ icon("M17 4v16L6 12z") }</button>
                <button type="button" class="tool" id="replay-play" disabled={at_end && !state.autoplay} onclick={toggle_auto}
                        aria-pressed={state.autoplay.to_string()}>
                    { if state.autoplay { t(Text::Pause) } else { t(Text::AutoPlay) } }
                </button>
                <button type="button" class="tool" id="replay-forward" disabled={at_end} onclick={go(Goto::Forward)}
                        aria-label={t(Text::StepForward)} title={t(Text::StepForward)}>{ icon("M7 4v16l11-8z") }</button>
                <button type="button" class="tool" id="replay-end" disabled={at_end} onclick={go(Goto::End)}
                        aria-label={t(Text::ToEnd)} title={t(Text::ToEnd)}>{ icon("M17 4h2v16h-2zM5 4v16l11-8z") }</button>
            </div>
            <p class="replay-position" id="replay-position" aria-live="polite">
                { format!("{} {}/{} · {} {}/{}", t(Text::DealWord), position.deal + 1, deals.max(1),
                          t(Text::ActionWord), position.actions, deal_actions) }
            </p>
        </section>
    };
    let options = html! {
        <section class="replay-options" aria-label={t(Text::ShowCards)}>
            <div class="replay-jumps">
                <label>
                    <span class="small-label">{ t(Text::GoToDeal) }</span>
                    <select id="replay-deal" onchange={on_deal} disabled={deals < 2}>
                        { for (0..deals.max(1)).map(|d| html! {
                            <option value={d.to_string()} selected={d == position.deal}>
                                { format!("{} {}", t(Text::DealWord), d + 1) }
                            </option>
                        }) }
                    </select>
                </label>
                <label>
                    <span class="small-label">{ t(Text::GoToTrick) }</span>
                    <select id="replay-trick" onchange={on_trick} disabled={tricks == 0}>
                        <option value="" selected={current_trick.is_none()}>{ "—" }</option>
                        { for (1..=tricks).map(|k| html! {
                            <option value={k.to_string()} selected={current_trick == Some(k)}>
                                { format!("{} {k}", t(Text::TrickWord)) }
                            </option>
                        }) }
                    </select>
                </label>
            </div>
            <fieldset class="replay-view">
                <legend class="small-label">{ t(Text::ShowCards) }</legend>
                { view_choice(ViewMode::Open, "view-open", t(Text::AllFaceUp).to_string()) }
                { view_choice(ViewMode::Seat(Seat::A), "view-a", format!("{} {}", t(Text::AsSeenBy), names.a)) }
                { view_choice(ViewMode::Seat(Seat::B), "view-b", format!("{} {}", t(Text::AsSeenBy), names.b)) }
            </fieldset>
        </section>
    };

    // The table: the viewer's seat at the bottom.
    let (bottom, top) = match view {
        ViewMode::Seat(s) => (s, s.other()),
        ViewMode::Open => (Seat::A, Seat::B),
    };
    let open: Option<OpenView> = match view {
        ViewMode::Open => cursor.open_view(),
        ViewMode::Seat(_) => None,
    };
    let obs: Option<Observation> = match view {
        ViewMode::Seat(s) => cursor.deal_observation(s),
        ViewMode::Open => None,
    };
    let seat_cards = |seat: Seat| -> SeatCards {
        if let Some(o) = &open {
            let i = seat.index();
            SeatCards {
                hand: Some(o.hands[i]),
                hand_len: o.hands[i].len() as u8,
                discards: Some(o.discards[i]),
                discards_len: o.discards[i].len() as u8,
                shown: o.shown[i],
            }
        } else if let Some(o) = &obs {
            if o.seat == seat {
                SeatCards {
                    hand: Some(o.hand),
                    hand_len: o.hand.len() as u8,
                    discards: Some(o.discards),
                    discards_len: o.discards.len() as u8,
                    shown: CardSet::EMPTY,
                }
            } else {
                SeatCards {
                    hand: None,
                    hand_len: o.opponent_hand_len,
                    discards: None,
                    discards_len: o.opponent_discards_len,
                    shown: o.opponent_shown,
                }
            }
        } else {
            SeatCards {
                hand: None,
                hand_len: 0,
                discards: None,
                discards_len: 0,
                shown: CardSet::EMPTY,
            }
        }
    };
    let plays: Vec<(Seat, Card)> = open
        .as_ref()
        .map(|o| o.plays.clone())
        .or_else(|| obs.as_ref().map(|o| o.plays.clone()))
        .unwrap_or_default();
    let played: CardSet = plays.iter().map(|(_, c)| *c).collect();
    let dealer = cursor.deal().map(|d| d.dealer());
    let to_act = cursor.deal().and_then(|d| d.to_act());
    let seat_area = |seat: Seat, class: &'static str| -> Html {
        let cards = seat_cards(seat);
        let name = names.of(seat).to_string();
        let hand = match cards.hand {
            Some(h) => card_list(
                h,
                lang,
                settings,
                "replay-hand",
                words::labelled(t(Text::HandOf), &name, lang),
            ),
            None => backs(
                cards.hand_len,
                "opp-backs",
                words::labelled(
                    t(Text::HandOf),
                    &words::plural_cards(cards.hand_len, lang),
                    lang,
                ),
            ),
        };
        let discards = match cards.discards {
            Some(d) if !d.is_empty() => html! {
                <div class="replay-discards">
                    <span class="small-label">{ t(Text::Discards) }</span>
                    { card_list(d, lang, settings, "small", words::labelled(t(Text::Discards), &name, lang)) }
                </div>
            },
            None if cards.discards_len > 0 => html! {
                <div class="replay-discards">
                    <span class="small-label">{ t(Text::Discards) }</span>
                    { backs(cards.discards_len.min(3), "discard-backs",
                            words::labelled(t(Text::Discards), &words::plural_cards(cards.discards_len, lang), lang)) }
                </div>
            },
            _ => html! {},
        };
        let shown = cards.shown - played - cards.hand.unwrap_or(CardSet::EMPTY);
        html! {
            <section class={classes!("seat", "replay-seat", class)} aria-label={name.clone()}
                     data-seat={format!("{seat:?}")}>
                <div class={classes!("seat-head", (to_act == Some(seat)).then_some("to-act"))}>
                    <span class="seat-name">{ name.clone() }</span>
                    if dealer == Some(seat) {
                        <span class="chip dealer" title={t(Text::Dealer)}>{ t(Text::DealerShort) }</span>
                    }
                    if to_act == Some(seat) {
                        <span class="chip turn">{ t(Text::ToPlay) }</span>
                    }
                    <span class="replay-count" aria-label={format!("{} {name}", t(Text::CountOf))}>
                        { counts.deal_points[seat.index()] }
                    </span>
                </div>
                { hand }
                { discards }
                if !shown.is_empty() {
                    <div class="shown">
                        <span class="small-label">{ t(Text::ShownCards) }</span>
                        { card_list(shown, lang, settings, "small", words::labelled(t(Text::ShownCards), &name, lang)) }
                    </div>
                }
            </section>
        }
    };
    // The centre: the talon (face up in the open view) and the trick.
    let talon = match (&open, &obs) {
        (Some(o), _) => {
            let set: CardSet = o.talon.iter().copied().collect();
            if set.is_empty() {
                html! {}
            } else {
                html! {
                    <div class="replay-talon">
                        <span class="small-label">{ t(Text::Talon) }</span>
                        <ul class="card-row small" aria-label={t(Text::Talon)}>
                            { for o.talon.iter().map(|c| html! { <li><CardFace card={*c} {lang} deck={settings.deck} /></li> }) }
                        </ul>
                    </div>
                }
            }
        }
        (None, Some(o)) => {
            let seen = o.talon_seen - o.hand - o.discards - played;
            html! {
                <>
                    if o.talon_left > 0 {
                        <div class="replay-talon">
                            <span class="small-label">{ t(Text::Talon) }</span>
                            { backs(o.talon_left.min(4), "talon-backs",
                                    words::labelled(t(Text::Talon), &words::plural_cards(o.talon_left, lang), lang)) }
                        </div>
                    }
                    if !seen.is_empty() {
                        <div class="seen">
                            <span class="small-label">{ t(Text::SeenInTalon) }</span>
                            { card_list(seen, lang, settings, "small", t(Text::SeenInTalon).to_string()) }
                        </div>
                    }
                </>
            }
        }
        _ => html! {},
    };
    let complete = plays.len() / 2 * 2;
    let trick: Vec<(Seat, Card)> = if plays.len() % 2 == 1 {
        plays[complete..].to_vec()
    } else if complete >= 2 {
        plays[complete - 2..complete].to_vec()
    } else {
        Vec::new()
    };
    let slot = |seat: Seat| -> Html {
        match trick.iter().find(|(s, _)| *s == seat) {
            Some((_, c)) => html! {
                <div class={classes!("slot", if seat == bottom { "slot-me" } else { "slot-opp" })}>
                    <CardFace card={*c} {lang} deck={settings.deck} />
                </div>
            },
            None => {
                html! { <div class={classes!("slot", "empty", if seat == bottom { "slot-me" } else { "slot-opp" })}></div> }
            }
        }
    };
    let table = html! {
        <div class="replay-table">
            { seat_area(top, "seat-top") }
            <section class="centre replay-centre" aria-label={t(Text::TableLabel)}>
                { talon }
                <div class="trick" role="group" aria-label={t(Text::Trick)}>
                    { slot(top) }
                    { slot(bottom) }
                </div>
            </section>
            { seat_area(bottom, "seat-bottom") }
        </div>
    };

    // The counts.
    let count_row = |label: Text, values: [String; 2], id: &'static str| {
        html! {
            <tr {id} data-a={values[0].clone()} data-b={values[1].clone()}>
                <th scope="row">{ t(label) }</th>
                <td>{ values[0].clone() }</td>
                <td>{ values[1].clone() }</td>
            </tr>
        }
    };
    let counts_table = html! {
        <table class="replay-counts" aria-label={t(Text::Counts)}>
            <thead>
                <tr><td></td><th scope="col">{ names.a.clone() }</th><th scope="col">{ names.b.clone() }</th></tr>
            </thead>
            <tbody>
                { count_row(Text::ThisDeal, counts.deal_points.map(|p| p.to_string()), "replay-deal-points") }
                { count_row(Text::Tricks, counts.tricks_won.map(|p| p.to_string()), "replay-tricks") }
                { count_row(Text::Total, counts.totals.map(|p| p.to_string()), "replay-totals") }
                if matches!(rules.format, piquet_engine::rules::Format::Cent { .. }) && counts.games_won != [0, 0] {
                    { count_row(Text::GamesWon, counts.games_won.map(|p| p.to_string()), "replay-games") }
                }
            </tbody>
        </table>
    };

    // The commentary of this step, in the reader's language (another, marked, when the record
    // has no text in it), and its technical note apart.
    // In a seat view it stays hidden: the commentary may name any card.
    let comment = cursor.comment().or(cursor.note()).map(|_| {
        let deal_start = position.actions == 0;
        if let ViewMode::Seat(_) = view {
            return html! {
                <p class="small-note commentary-hidden" id="replay-comment-hidden">{ t(Text::CommentaryInOpenView) }</p>
            };
        }
        let note = cursor.note().and_then(|n| in_language(n, lang)).map(|text| html! {
            <details class="replay-note" id="replay-note">
                <summary>{ t(Text::TechnicalNote) }</summary>
                { text }
            </details>
        });
        html! {
            <section class="commentary" id="replay-comment" aria-label={t(Text::Commentary)}>
                <span class="small-label">
                    { if deal_start { t(Text::DealCommentary) } else { t(Text::Commentary) } }
                </span>
                { for cursor.comment().and_then(|c| in_language(c, lang)) }
                { for note }
            </section>
        }
    });

    // The log of the deal so far, in words; the step's own lines stand out.
    let audience = |e: &EngineEvent| match view {
        ViewMode::Open => true,
        ViewMode::Seat(s) => e.audience().is_none_or(|a| a == s),
    };
    let log_events: Vec<&EngineEvent> = cursor.deal_log().iter().filter(|e| audience(e)).collect();
    let fresh = cursor.events().iter().filter(|e| audience(e)).count();
    let first_fresh = log_events.len() - fresh;
    let lines: Vec<(bool, String)> = log_events
        .iter()
        .enumerate()
        .filter_map(|(i, e)| words::event(e, &names, &rules, lang).map(|l| (i >= first_fresh, l)))
        .collect();
    let log = html! {
        <section class="replay-log-box" aria-labelledby="replay-log-title">
            <h2 class="small-label" id="replay-log-title">{ t(Text::GameLog) }</h2>
            <ol class="log replay-log" id="replay-log" tabindex="0" aria-labelledby="replay-log-title">
                { for lines.iter().map(|(fresh, line)| html! {
                    <li class={classes!(fresh.then_some("fresh"))}>{ line }</li>
                }) }
            </ol>
        </section>
    };

    // Export and playing on.
    let extras = (!props.readonly).then(|| {
        let play = props
            .on_play
            .clone()
            .map(|cb| play_from_here(cursor, &names, lang, cb));
        // The review of the deal at the cursor, for one seat as seen, or for both.
        let deal = position.deal;
        let open_review = {
            let state = state.clone();
            Callback::from(move |_: MouseEvent| state.dispatch(ReplayAction::Review(Some(deal))))
        };
        let review = state.review.map(|deal| {
            let seat = match view {
                ViewMode::Seat(s) => Some(s),
                ViewMode::Open => None,
            };
            let state = state.clone();
            html! {
                <ReviewDialog record={Rc::new(record.clone())} {deal} {seat} names={names.clone()} {lang}
                              on_close={Callback::from(move |_| state.dispatch(ReplayAction::Review(None)))} />
            }
        });
        html! {
            <div class="replay-extras">
                <button type="button" class="button" id="replay-review" onclick={open_review}>
                    { format!("{}\u{a0}{}", t(Text::ReviewOfDeal), deal + 1) }
                </button>
                <details class="replay-export">
                    <summary>{ t(Text::Export) }</summary>
                    <Export record={Rc::new(record.clone())} {lang} />
                </details>
                { for play }
                { for review }
            </div>
        }
    });

    html! {
        <div class="replay-body">
            { facts }
            { table }
            <div class="replay-side">
                <div class="replay-dock">
                    { controls }
                    { for comment }
                </div>
                { options }
                { counts_table }
                { log }
                { for extras }
            </div>
        </div>
    }
}

/// "Play this deal": a seat, a level, and the game goes on from the cursor.
fn play_from_here(
    cursor: &ReplayCursor,
    names: &Names,
    lang: Lang,
    on_play: Callback<Session>,
) -> Html {
    let t = |x: Text| x.get(lang);
    let record = cursor.record().clone();
    let position = cursor.position();
    let over = cursor.game().outcome().is_some();
    let seat_ref = NodeRef::default();
    let level_ref = NodeRef::default();
    let error_id = "play-from-error";
    let onclick = {
        let seat_ref = seat_ref.clone();
        let level_ref = level_ref.clone();
        Callback::from(move |_: MouseEvent| {
            let seat = match seat_ref
                .cast::<web_sys::HtmlSelectElement>()
                .map(|s| s.value())
            {
                Some(v) if v == "B" => Seat::B,
                _ => Seat::A,
            };
            let level = level_ref
                .cast::<web_sys::HtmlSelectElement>()
                .map(|s| s.value())
                .unwrap_or_else(|| "3".into());
            let seed = crate::services::browser::game_seed();
            match records::play_from(&record, position, seat, &level, seed) {
                Ok(session) => on_play.emit(session),
                Err(_) => {
                    if let Some(el) = web_sys::window()
                        .and_then(|w| w.document())
                        .and_then(|d| d.get_element_by_id(error_id))
                    {
                        el.set_text_content(Some(Text::CannotPlayFromHere.get(lang)));
                    }
                }
            }
        })
    };
    html! {
        <details class="replay-play">
            <summary>{ t(Text::PlayThisDeal) }</summary>
            <p class="small-note">{ t(Text::PlayThisDealHint) }</p>
            if over {
                <p class="small-note">{ t(Text::GameAlreadyOver) }</p>
            } else {
                <div class="play-from">
                    <label>
                        <span class="small-label">{ t(Text::PlayAs) }</span>
                        <select id="play-from-seat" ref={seat_ref}>
                            <option value="A">{ names.a.clone() }</option>
                            <option value="B">{ names.b.clone() }</option>
                        </select>
                    </label>
                    <label>
                        <span class="small-label">{ t(Text::Level) }</span>
                        <select id="play-from-level" ref={level_ref}>
                            { for (1..=5).map(|n| html! { <option value={n.to_string()} selected={n == 3}>{ n }</option> }) }
                        </select>
                    </label>
                    <button type="button" class="button primary" id="play-from-here" {onclick}>
                        { t(Text::PlayFromHere) }
                    </button>
                </div>
                <p class="export-status bad" id={error_id} role="status"></p>
            }
        </details>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use piquet_table::session::Opponent;
    use piquet_table::session::testing::played;

    /// A whole random game's record.
    fn finished_record(preset: &str, seed: u64) -> Record {
        played(preset, seed, Opponent::Human).pop().unwrap().record
    }

    #[test]
    fn the_report_says_game_over_only_at_the_end_of_a_finished_game() {
        for (preset, seed) in [("rubicon", 3), ("classique", 4)] {
            let record = finished_record(preset, seed);
            let mut c = ReplayCursor::new(&record).unwrap();
            let names = names_of(&record, Lang::En);
            assert_eq!(names.a, "Player A");
            let first = report(&c, &names);
            assert_eq!((first.index, first.game_over), (0, None));
            c.to_end();
            let last = report(&c, &names);
            assert_eq!(last.index + 1, last.len);
            let winner = c.game().outcome().unwrap().winner;
            assert_eq!(last.game_over, Some(Some(winner)));
            assert_eq!(last.totals, c.game().totals());
            assert!(c.back());
            assert_eq!(report(&c, &names).game_over, None);
        }
    }

    #[test]
    fn rules_are_named_in_words() {
        let facheux = Record::parse(records::HISTORICAL[0].text).unwrap();
        let RulesSpec::Custom(rules) = facheux.rules else {
            panic!("Les Fâcheux plays custom rules");
        };
        assert_eq!(
            piquet_table::rules_text::rules_in_words(&rules, Lang::En),
            "Ancien — Abandoning the deal (Les Fâcheux): yes"
        );
        assert_eq!(
            piquet_table::rules_text::rules_in_words(&rules, Lang::Fr),
            "Ancien — Abandon du coup (Les Fâcheux)\u{a0}: oui"
        );
    }
}
