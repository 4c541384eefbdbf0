//! The embedded table (`embed.html`, docs/embedding.md): a compact replay viewer or a game
//! against the computer, set up by the page's parameters, talking to its host page with
//! versioned `postMessage` messages. Bad parameters or messages are shown in the table and sent
//! to the host as `error`; storage is left alone unless `storage=1`.

use std::rc::Rc;

use piquet_engine::cursor::ReplayCursor;
use piquet_engine::{Record, Seat};
use serde_json::json;
use yew::prelude::*;

use super::replay::{Goto, Incoming, ReplayReport, ReplayViewer};
use super::table::GameScreen;
use crate::i18n::Text;
use crate::play::embed::{self, EmbedConfig, EmbedMode, GotoTarget, HostMessage};
use crate::play::session::{FormatChoice, GameConfig, Opponent, Session};
use crate::play::{fragment, records};
use crate::services::{browser, files, host, storage};
use crate::settings::{AnimationSpeed, Settings};

/// The page's parameters, read once.
fn config() -> Result<EmbedConfig, Vec<String>> {
    embed::parse(&embed::query_pairs(&files::location_search()))
        .map_err(|errors| errors.iter().map(ToString::to_string).collect())
}

/// What the table shows.
#[derive(Clone, PartialEq)]
enum Screen {
    Replay,
    Play(Rc<Session>, u32),
    /// Waiting for a record to fetch before a game can start from it.
    Loading,
}

/// A new game against the computer, or the saved one (`storage=1`) when it has the same rules.
fn new_game(config: &EmbedConfig) -> Result<Session, String> {
    if config.storage {
        if let Some(s) = storage::load_game().session {
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

/// A game from the end of a record.
fn game_from(record: &Record, config: &EmbedConfig) -> Result<Session, String> {
    let mut cursor = ReplayCursor::new(record).map_err(|e| e.to_string())?;
    cursor.to_end();
    let mut s = records::play_from(
        record,
        cursor.position(),
        Seat::A,
        &config.level.to_string(),
        config.seed.unwrap_or_else(browser::game_seed),
    )
    .map_err(|e| e.to_string())?;
    s.deal_next();
    Ok(s)
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
            .and_then(|c| c.lang)
            .or_else(browser::preferred_lang)
            .unwrap_or_default()
    });
    let screen = use_state(|| match parsed.as_ref() {
        Ok(c) if c.mode == EmbedMode::Play => Screen::Loading,
        _ => Screen::Replay,
    });
    let incoming = use_state(|| None::<Incoming>);
    let command = use_state(|| None::<(u64, Goto)>);
    let notices = use_state(Vec::<String>::new);
    let root = use_node_ref();

    // Report an error to the host and show it.
    let fail = {
        let notices = notices.clone();
        Callback::from(move |message: String| {
            host::post("error", json!({ "message": message }));
            let mut list = (*notices).clone();
            if !list.contains(&message) {
                list.push(message);
            }
            notices.set(list);
        })
    };

    // Start-up: theme, storage, the record, ready.
    {
        let parsed = parsed.clone();
        let incoming = incoming.clone();
        let screen = screen.clone();
        let fail = fail.clone();
        let lang = *lang;
        use_effect_with((), move |_| {
            let root_el = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.document_element());
            browser::set_document_lang(lang);
            match parsed.as_ref() {
                Err(errors) => {
                    storage::set_enabled(false);
                    host::post(
                        "error",
                        json!({ "message": errors.join("; "), "errors": errors }),
                    );
                }
                Ok(config) => {
                    storage::set_enabled(config.storage);
                    storage::set_embedded(true);
                    if let Some(el) = &root_el {
                        let _ = el.set_attribute("data-theme", config.theme.id());
                        let _ = el.set_attribute("data-size", config.size.id());
                    }
                    let config = config.clone();
                    let from_hash = fragment::from_hash(&files::location_hash());
                    let play = config.mode == EmbedMode::Play;
                    let start = move |record: Option<Result<Record, String>>,
                                      title: Option<String>| {
                        if play {
                            let result = match record {
                                None => new_game(&config),
                                Some(Ok(r)) => game_from(&r, &config),
                                Some(Err(e)) => Err(e),
                            };
                            match result {
                                Ok(s) => screen.set(Screen::Play(Rc::new(s), 0)),
                                Err(e) => {
                                    fail.emit(e);
                                    screen.set(Screen::Replay);
                                }
                            }
                        } else if let Some(r) = record {
                            incoming.set(Some(Rc::new((r, title))));
                        }
                    };
                    match (from_hash, config_record_url(&parsed)) {
                        (Some(r), _) => start(Some(r.map_err(|e| e.to_string())), None),
                        (None, Some(url)) => {
                            wasm_bindgen_futures::spawn_local(async move {
                                let r = files::fetch_text(&url).await.and_then(|t| {
                                    Record::parse(&t).map_err(|e| format!("{url}: {e}"))
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
    // Messages from the host.
    {
        let lang = lang.clone();
        let incoming = incoming.clone();
        let command = command.clone();
        let screen = screen.clone();
        let fail = fail.clone();
        let ok = parsed.is_ok();
        use_effect_with((), move |_| {
            let serial = std::cell::Cell::new(0u64);
            let listener = web_sys::window().filter(|_| ok).map(|w| {
                gloo_events::EventListener::new(&w, "message", move |e| {
                    let Some(e) = wasm_bindgen::JsCast::dyn_ref::<web_sys::MessageEvent>(e) else {
                        return;
                    };
                    let value = match host::read(e) {
                        host::Incoming::Foreign => {
                            host::post(
                                "error",
                                json!({ "message": "a message from a window other than the host page was ignored" }),
                            );
                            return;
                        }
                        host::Incoming::Malformed(why) => return fail.emit(why),
                        host::Incoming::Message(v) => v,
                    };
                    match embed::parse_message(&value) {
                        Err(why) => fail.emit(why),
                        Ok(HostMessage::SetLanguage(l)) => {
                            lang.set(l);
                            browser::set_document_lang(l);
                        }
                        Ok(HostMessage::Load(text)) => {
                            // Checked through the engine here, so that the error names the message.
                            let r = Record::parse(&text)
                                .and_then(|r| ReplayCursor::new(&r).map(|_| r))
                                .map_err(|e| e.to_string());
                            match &r {
                                Err(e) => fail.emit(format!("load: {e}")),
                                Ok(_) => {
                                    screen.set(Screen::Replay);
                                    incoming.set(Some(Rc::new((r, None))));
                                }
                            }
                        }
                        Ok(HostMessage::Goto(target)) => {
                            serial.set(serial.get() + 1);
                            let goto = match target {
                                GotoTarget::Index(i) => Goto::Index(i),
                                GotoTarget::Deal(d) => Goto::Deal(d),
                                GotoTarget::Action(d, a) => Goto::Action(d, a),
                                GotoTarget::Trick(d, t) => Goto::Trick(d, t),
                            };
                            command.set(Some((serial.get(), goto)));
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
    let notice_list = (!notices.is_empty()).then(|| {
        let notices2 = notices.clone();
        html! {
            <div class="notice embed-notice" role="alert" id="embed-error">
                <ul>{ for notices.iter().map(|n| html! { <li>{ n }</li> }) }</ul>
                <button type="button" class="button" onclick={Callback::from(move |_: MouseEvent| notices2.set(Vec::new()))}>
                    { t(Text::Dismiss) }
                </button>
            </div>
        }
    });
    let body = match parsed.as_ref() {
        Err(errors) => html! {
            <main class="embed-failed" id="main">
                <h1>{ t(Text::EmbedProblem) }</h1>
                <ul class="notice" role="alert" id="embed-error">
                    { for errors.iter().map(|e| html! { <li>{ e }</li> }) }
                </ul>
                <p>{ t(Text::EmbedHelp) }</p>
            </main>
        },
        Ok(config) => match &*screen {
            Screen::Loading => html! {
                <main class="embed-loading" id="main"><p role="status">{ t(Text::Loading) }</p></main>
            },
            Screen::Replay => {
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
                html! {
                    <ReplayViewer {settings} incoming={(*incoming).clone()} command={*command}
                                  readonly={config.readonly} embedded=true autoplay={config.autoplay}
                                  {on_report} on_error={fail.clone()} {on_play} />
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
                    let config = config.clone();
                    let fail = fail.clone();
                    let key = *key;
                    Callback::from(move |_| {
                        match new_game(&EmbedConfig {
                            storage: false,
                            ..config.clone()
                        }) {
                            Ok(s) => screen.set(Screen::Play(Rc::new(s), key + 1)),
                            Err(e) => fail.emit(e),
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
            { for notice_list }
            { body }
        </div>
    }
}

fn config_record_url(parsed: &Result<EmbedConfig, Vec<String>>) -> Option<String> {
    parsed.as_ref().ok().and_then(|c| c.record_url.clone())
}
