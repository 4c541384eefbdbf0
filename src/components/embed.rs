//! The embedded table (`embed.html`, docs/embedding.md): a compact replay viewer or a game
//! against the computer, set up by the page's parameters, talking to its host page with
//! versioned `postMessage` messages. A host's bad message is answered with an `error` message
//! only; the reader sees a problem only when it changes what the table shows (a record that
//! cannot be opened: once, in one dismissible line). Parameters that only change the looks
//! (`lang`, `theme`, `size`) fall back to their default, with an `error` to the host. Storage
//! is left alone unless `storage=1`.

use std::cell::Cell;
use std::rc::Rc;

use piquet_engine::cursor::ReplayCursor;
use piquet_engine::{Record, Seat};
use serde_json::json;
use yew::prelude::*;

use super::replay::{Goto, Incoming, ReplayReport, ReplayViewer};
use super::table::GameScreen;
use crate::services::{browser, files, host, storage};
use piquet_table::embed::{self, EmbedConfig, EmbedMode, HostMessage, MessageError, ParamError};
use piquet_table::error_words;
use piquet_table::i18n::{Lang, Text};
use piquet_table::link;
use piquet_table::records::{self, LoadProblem};
use piquet_table::session::{FormatChoice, GameConfig, Opponent, Session};
use piquet_table::settings::{AnimationSpeed, Settings};
use piquet_table::stored::Kind;

/// The most problems listed (on the page that refuses the table, and to the host); a query of
/// ten thousand bad parameters says how many more there were.
const MAX_LISTED: usize = 10;

/// The page's parameters, read once.
fn config() -> Result<embed::Parsed, Vec<ParamError>> {
    embed::parse(&embed::query_pairs(&files::location_search()))
}

/// The problems of a refused table, in words, at most [`MAX_LISTED`] (then how many more).
fn listed(errors: &[ParamError], lang: Lang) -> Vec<String> {
    let mut list: Vec<String> = errors
        .iter()
        .take(MAX_LISTED)
        .map(|e| error_words::param_error(e, lang))
        .collect();
    if errors.len() > MAX_LISTED {
        let more = error_words::count(errors.len() - MAX_LISTED, lang);
        list.push(match lang {
            Lang::Fr => format!("… et {more}\u{a0}autres"),
            Lang::En => format!("… and {more} more"),
        });
    }
    list
}

/// Tells the host of a problem: `{"type": "error", "message": …}`, in the table's language.
fn tell_host(message: &str) {
    host::post("error", json!({ "message": message }));
}

/// What the table shows.
#[derive(Clone, PartialEq)]
enum Screen {
    Replay,
    Play(Rc<Session>, u32),
    /// Waiting for a record to fetch before a game can start from it.
    Loading,
}

/// A new game against the computer, or the saved one (`storage=1`) when it has the same rules;
/// `notice` hears (in `lang`) of a saved game read in part or set aside.
fn new_game(config: &EmbedConfig, lang: Lang, notice: &dyn Fn(String)) -> Result<Session, String> {
    if config.storage {
        let saved = storage::load_game();
        if let Some(u) = saved.unread(Kind::Game) {
            notice(error_words::unread(&u, lang));
        }
        if let Some(s) = saved.value {
            if s.config.preset == config.rules
                && s.game.as_ref().is_some_and(|g| g.outcome().is_none())
            {
                return Ok(s);
            }
        }
    }
    let rules = piquet_engine::Rules::by_id(&config.rules).map_err(|e| e.to_string())?;
    let mut session = Session::new(GameConfig {
        preset: config.rules.clone(),
        format: FormatChoice::of(&rules),
        opponent: Opponent::Computer {
            bot: config.level.to_string(),
        },
        seed: config.seed.unwrap_or_else(browser::game_seed),
        custom_rules: None,
    })
    .map_err(|e| e.to_string())?;
    session.deal_next();
    Ok(session)
}

/// A game from the end of a record; `None` when the record has no game to go on with (then it
/// is shown in the viewer).
fn game_from(record: &Record, config: &EmbedConfig) -> Option<Session> {
    let mut cursor = ReplayCursor::new(record).ok()?;
    cursor.to_end();
    let mut s = records::play_from(
        record,
        cursor.position(),
        Seat::A,
        &config.level.to_string(),
        config.seed.unwrap_or_else(browser::game_seed),
    )
    .ok()?;
    s.deal_next();
    Some(s)
}

fn report_json(r: &ReplayReport) -> serde_json::Value {
    json!({
        "mode": "replay",
        "index": r.index,
        "length": r.len,
        "deal": r.deal + 1,
        "action": r.actions,
        "players": r.players,
        "scores": { "deal": r.deal_points, "totals": r.totals, "tricks": r.tricks },
    })
}

#[function_component(EmbedApp)]
pub fn embed_app() -> Html {
    let parsed = use_memo((), |_| config());
    let lang = use_state(|| {
        (*parsed)
            .as_ref()
            .ok()
            .and_then(|p| p.config.lang)
            .or_else(browser::preferred_lang)
            .unwrap_or_default()
    });
    // The language and the screen for the message listener, which outlives every render.
    let lang_now = use_mut_ref(|| *lang);
    let replaying = use_mut_ref(|| true);
    let screen = use_state(|| match parsed.as_ref() {
        Ok(p) if p.config.mode == EmbedMode::Play => Screen::Loading,
        _ => Screen::Replay,
    });
    *lang_now.borrow_mut() = *lang;
    *replaying.borrow_mut() = matches!(*screen, Screen::Replay);
    let incoming = use_state(|| None::<Incoming>);
    let command = use_state(|| None::<(u64, Goto)>);
    // A problem that changed what the reader sees outside the viewer (a new game that could not
    // start): one dismissible line.
    let notice = use_state(|| None::<String>);
    let root = use_node_ref();

    // Start-up: theme, storage, the record, ready.
    {
        let parsed = parsed.clone();
        let incoming = incoming.clone();
        let screen = screen.clone();
        let notice = notice.clone();
        let lang = *lang;
        use_effect_with((), move |_| {
            let root_el = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.document_element());
            browser::set_document_lang(lang);
            match parsed.as_ref() {
                Err(errors) => {
                    storage::set_enabled(false);
                    let list = listed(errors, lang);
                    host::post(
                        "error",
                        json!({ "message": list.join(" · "), "errors": list }),
                    );
                }
                Ok(parsed) => {
                    let config = parsed.config.clone();
                    // Looks not understood: the default, and a word to the host.
                    for problem in &parsed.ignored {
                        tell_host(&error_words::param_ignored(problem, lang));
                    }
                    storage::set_enabled(config.storage);
                    storage::set_embedded(true);
                    if let Some(el) = &root_el {
                        let _ = el.set_attribute("data-theme", config.theme.id());
                        let _ = el.set_attribute("data-size", config.size.id());
                    }
                    let from_hash = link::from_hash(&files::location_hash());
                    let play = config.mode == EmbedMode::Play;
                    let record_url = config.record_url.clone();
                    let start = move |record: Option<Result<Record, LoadProblem>>,
                                      title: Option<String>| {
                        if play {
                            let game = match &record {
                                None => match new_game(&config, lang, &|n| notice.set(Some(n))) {
                                    Ok(s) => Some(s),
                                    Err(e) => {
                                        notice.set(Some(e));
                                        None
                                    }
                                },
                                Some(Ok(r)) => game_from(r, &config),
                                Some(Err(_)) => None,
                            };
                            if let Some(s) = game {
                                screen.set(Screen::Play(Rc::new(s), 0));
                                return;
                            }
                            // A record with no game to go on with, or one that cannot be
                            // opened: the viewer shows it, or says why (once).
                            screen.set(Screen::Replay);
                        }
                        if let Some(r) = record {
                            incoming.set(Some(Rc::new((r, title))));
                        }
                    };
                    match (from_hash, record_url) {
                        (Some(r), _) => start(Some(r.map_err(LoadProblem::Fragment)), None),
                        (None, Some(url)) => {
                            wasm_bindgen_futures::spawn_local(async move {
                                let r = files::fetch_text(&url).await.and_then(|t| {
                                    Record::parse(&t)
                                        .map_err(|e| LoadProblem::record(Some(&url), e))
                                });
                                start(Some(r), Some(url));
                            });
                        }
                        (None, None) => start(None, None),
                    }
                    host::post(
                        "ready",
                        json!({ "mode": if play { "play" } else { "replay" }, "version": env!("CARGO_PKG_VERSION") }),
                    );
                }
            }
        });
    }
    // The height, for the host to size the frame.
    {
        let root = root.clone();
        use_effect_with((), move |_| {
            if let Some(el) = root.cast::<web_sys::Element>() {
                host::watch_height(el, |h| host::post("resize", json!({ "height": h })));
            }
        });
    }
    // Messages from the host. A bad one is answered with an `error`, and changes nothing.
    {
        let lang = lang.clone();
        let lang_now = lang_now.clone();
        let replaying = replaying.clone();
        let incoming = incoming.clone();
        let command = command.clone();
        let screen = screen.clone();
        let ok = parsed.is_ok();
        use_effect_with((), move |_| {
            let serial = Cell::new(0u64);
            let listener = web_sys::window().filter(|_| ok).map(|w| {
                gloo_events::EventListener::new(&w, "message", move |e| {
                    let Some(e) = wasm_bindgen::JsCast::dyn_ref::<web_sys::MessageEvent>(e) else {
                        return;
                    };
                    let l = *lang_now.borrow();
                    let refuse =
                        |why: MessageError| tell_host(&error_words::message_error(&why, l));
                    let value = match host::read(e) {
                        host::Incoming::Foreign => return refuse(MessageError::Foreign),
                        host::Incoming::Malformed => return refuse(MessageError::NotData),
                        host::Incoming::Message(v) => v,
                    };
                    match embed::parse_message(&value) {
                        Err(why) => refuse(why),
                        Ok(HostMessage::SetLanguage(new)) => {
                            *lang_now.borrow_mut() = new;
                            lang.set(new);
                            browser::set_document_lang(new);
                        }
                        Ok(HostMessage::Load(text)) => match records::open(&text, None) {
                            Ok(r) => {
                                screen.set(Screen::Replay);
                                incoming.set(Some(Rc::new((Ok(r), None))));
                            }
                            // On the viewer's table: shown there once, and told to the host.
                            Err(problem) if *replaying.borrow() => {
                                incoming.set(Some(Rc::new((Err(problem), None))));
                            }
                            // A game on the table goes on: the host alone hears of it.
                            Err(problem) => tell_host(&format!(
                                "{} — {}",
                                Text::RecordProblem.get(l),
                                error_words::load_problem(&problem, l)
                            )),
                        },
                        Ok(HostMessage::Goto(target)) => {
                            if !*replaying.borrow() {
                                return tell_host(&error_words::goto_problem(
                                    &embed::GotoProblem::NoRecord,
                                    l,
                                ));
                            }
                            serial.set(serial.get() + 1);
                            command.set(Some((serial.get(), Goto::Host(target))));
                        }
                    }
                })
            });
            move || drop(listener)
        });
    }
    {
        let lang = *lang;
        use_effect_with(lang, move |l| browser::set_document_lang(*l));
    }

    let lang = *lang;
    let t = |x: Text| x.get(lang);
    let settings = Settings {
        lang,
        sound: false,
        animation: AnimationSpeed::Normal,
        ..Settings::default()
    };
    let notice_line = notice.as_ref().map(|text| {
        let dismiss = {
            let notice = notice.clone();
            Callback::from(move |_: MouseEvent| notice.set(None))
        };
        html! {
            <div class="notice embed-notice" role="alert" id="embed-notice">
                <span>{ text }</span>
                <button type="button" class="icon-button" aria-label={t(Text::Dismiss)}
                        title={t(Text::Dismiss)} onclick={dismiss}>{ "×" }</button>
            </div>
        }
    });
    let body = match parsed.as_ref() {
        Err(errors) => html! {
            <main class="embed-failed" id="main">
                <h1>{ t(Text::EmbedProblem) }</h1>
                <ul class="notice" role="alert" id="embed-error">
                    { for listed(errors, lang).into_iter().map(|e| html! { <li>{ e }</li> }) }
                </ul>
                <p>{ t(Text::EmbedHelp) }</p>
            </main>
        },
        Ok(parsed) => match &*screen {
            Screen::Loading => html! {
                <main class="embed-loading" id="main"><p role="status">{ t(Text::Loading) }</p></main>
            },
            Screen::Replay => {
                let config = &parsed.config;
                let on_report = Callback::from(|r: ReplayReport| {
                    host::post("state", report_json(&r));
                    if let Some(winner) = r.game_over {
                        host::post(
                            "gameover",
                            json!({ "mode": "replay", "winner": winner.map(|s| format!("{s:?}")), "totals": r.totals }),
                        );
                    }
                });
                let on_play = (!config.readonly).then(|| {
                    let screen = screen.clone();
                    Callback::from(move |s: Session| screen.set(Screen::Play(Rc::new(s), 1)))
                });
                let on_error = Callback::from(|message: String| tell_host(&message));
                html! {
                    <ReplayViewer {settings} incoming={(*incoming).clone()} command={*command}
                                  readonly={config.readonly} embedded=true autoplay={config.autoplay}
                                  {on_report} {on_error} {on_play} />
                }
            }
            Screen::Play(session, key) => {
                let on_session = Callback::from(|s: Rc<Session>| {
                    let game = s.game.as_ref();
                    let deal = s.view(Seat::A).map(|v| v.scores).unwrap_or([0, 0]);
                    let totals = game.map(|g| g.totals()).unwrap_or([0, 0]);
                    host::post(
                        "state",
                        json!({ "mode": "play", "deal": s.record.deals.len(), "scores": { "deal": deal, "totals": totals } }),
                    );
                    if let Some(o) = game.and_then(|g| g.outcome()) {
                        host::post(
                            "gameover",
                            json!({ "mode": "play", "winner": format!("{:?}", o.winner), "totals": totals }),
                        );
                    }
                });
                let on_new_game = {
                    let screen = screen.clone();
                    let config = parsed.config.clone();
                    let notice = notice.clone();
                    let key = *key;
                    Callback::from(move |_| {
                        let quiet = |_| {};
                        match new_game(
                            &EmbedConfig {
                                storage: false,
                                ..config.clone()
                            },
                            lang,
                            &quiet,
                        ) {
                            Ok(s) => screen.set(Screen::Play(Rc::new(s), key + 1)),
                            Err(e) => notice.set(Some(e)),
                        }
                    })
                };
                html! {
                    <GameScreen key={*key} session={session.clone()} {settings} embedded=true
                                on_leave={Callback::noop()} {on_new_game} {on_session} />
                }
            }
        },
    };
    html! {
        <div class="app embed" ref={root}>
            { for notice_line }
            { body }
        </div>
    }
}
