//! The embedded table's start-up: the page's parameters, the page that refuses the table, the
//! storage, the record (from the link or fetched), the game, and `ready`.

use std::rc::Rc;

use piquet_engine::Record;
use piquet_engine::cursor::ReplayCursor;
use serde_json::json;

use super::light::Light;
use super::store::Dispatch;
use super::talk::tell_host;
use crate::services::{browser, files, host, problems, storage};
use piquet_table::embed::{self, EmbedConfig, EmbedMode, ParamError};
use piquet_table::embed_state::EmbedAction;
use piquet_table::error_words;
use piquet_table::i18n::{Lang, Text};
use piquet_table::link;
use piquet_table::problem::Problem;
use piquet_table::records::{self, LoadProblem};
use piquet_table::session::{FormatChoice, GameConfig, Opponent, Session};
use piquet_table::stored::Kind;

/// The page's parameters, read, or every problem that refuses the table.
pub type Parsed = Result<embed::Parsed, Vec<ParamError>>;

/// The most problems listed (on the page that refuses the table, and to the host); a query of
/// ten thousand bad parameters says how many more there were.
const MAX_LISTED: usize = 10;

/// The page's parameters, read once.
pub fn config() -> Parsed {
    embed::parse(&embed::query_pairs(&files::location_search()))
}

/// The language the table starts in: the page's, else the browser's, else the default.
pub fn first_lang(parsed: &Parsed) -> Lang {
    parsed
        .as_ref()
        .ok()
        .and_then(|p| p.config.lang)
        .or_else(browser::preferred_lang)
        .unwrap_or_default()
}

/// The problems of a refused table, in words, at most [`MAX_LISTED`] (then how many more).
pub fn listed(errors: &[ParamError], lang: Lang) -> Vec<String> {
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

/// A new game against the computer, or the saved one (`storage=1`) when it has the same rules;
/// `notice` hears (in `lang`) of a saved game read in part or set aside.
pub fn new_game(
    config: &EmbedConfig,
    lang: Lang,
    notice: &dyn Fn(String),
) -> Result<Session, String> {
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
        config.seat,
        &config.level.to_string(),
        config.seed.unwrap_or_else(browser::game_seed),
    )
    .ok()?;
    s.deal_next();
    Some(s)
}

/// The start-up, once: the document's language, then the refused table's problems to the host,
/// or the table set up ([`set_up`]).
pub fn start_up(parsed: &Parsed, lang: Lang, dispatch: Dispatch) {
    browser::set_document_lang(lang);
    match parsed {
        Err(errors) => refuse(errors, lang),
        Ok(parsed) => set_up(parsed, lang, dispatch),
    }
}

/// The start-up of the embedded replay's own wasm (`src/bin/embed_replay.rs`, loaded only for
/// `mode=replay`): as [`start_up`], the record and `ready`, with no game to start.
///
/// When the light first stage handed it the frame (`light`), the host heard `ready` and the
/// parameters' problems from that stage already: the viewer opens where it stood, hears the
/// host's messages that stage queued, and opens « More » if that is what the reader asked for.
pub fn start_up_replay(parsed: &Parsed, lang: Lang, dispatch: Dispatch, light: Option<Light>) {
    browser::set_document_lang(lang);
    match parsed {
        Err(errors) => refuse(errors, lang),
        Ok(parsed) => {
            let handed = light.is_some();
            prepare(parsed, lang, !handed);
            if let Some(l) = &light {
                super::light::listening();
                super::talk::heard_already(l.state.clone());
                if l.focused {
                    browser::reader_came_in();
                }
            }
            with_record(&parsed.config, move |record, title| {
                dispatch.dispatch(EmbedAction::Started {
                    game: None,
                    record: record.map(|r| Rc::new((r, title))),
                });
                if let Some(l) = light {
                    super::light::when_open(l, dispatch, 300);
                }
            });
            if !handed {
                ready("replay");
            }
        }
    }
}

/// The start-up of the table that plays when the embedded replay handed it the frame
/// ([`piquet_table::handover`]): the storage and the focus guard as the page asks, the reader
/// in the frame if he was; the host heard `ready` and the parameters' problems already, and the
/// game to start is in the state.
pub fn resume(parsed: &Parsed, lang: Lang, focused: bool) {
    browser::set_document_lang(lang);
    if let Ok(parsed) = parsed {
        prepare(parsed, lang, false);
        if focused {
            browser::reader_came_in();
        }
    }
}

/// A table refused by its parameters: no storage, and the problems to the host.
fn refuse(errors: &[ParamError], lang: Lang) {
    storage::set_enabled(false);
    let list = listed(errors, lang);
    host::post(
        "error",
        json!({ "message": list.join(" · "), "errors": list }),
    );
}

/// The looks not understood told to the host (`tell`), the table's storage, and the guard that
/// keeps the host's focus.
fn prepare(parsed: &embed::Parsed, lang: Lang, tell: bool) {
    let config = &parsed.config;
    // Looks not understood: the default, and a word to the host.
    if tell {
        for problem in &parsed.ignored {
            tell_host(&error_words::param_ignored(problem, lang));
        }
    }
    storage::set_enabled(config.storage);
    storage::set_embedded(embed::storage_key(
        config,
        &files::location_search(),
        &files::location_hash(),
    ));
    browser::guard_focus();
}

/// `ready` to the host, with the mode the table is in.
fn ready(mode: &str) {
    host::post(
        "ready",
        json!({ "mode": mode, "version": env!("CARGO_PKG_VERSION") }),
    );
}

/// The record the page names, if any — in the fragment, or fetched from `record=` — handed to
/// `then` with its title (the URL it came from).
fn with_record(
    config: &EmbedConfig,
    then: impl FnOnce(Option<Result<Record, LoadProblem>>, Option<String>) + 'static,
) {
    match (
        link::from_hash(&files::location_hash()),
        config.record_url.clone(),
    ) {
        (Some(r), _) => then(Some(r.map_err(LoadProblem::Fragment)), None),
        (None, Some(url)) => {
            wasm_bindgen_futures::spawn_local(async move {
                let r = files::fetch_text(&url).await.and_then(|t| {
                    Record::parse(&t).map_err(|e| LoadProblem::record(Some(&url), e))
                });
                then(Some(r), Some(url));
            });
        }
        (None, None) => then(None, None),
    }
}

/// The table's storage, its record and game ([`open`]), then `ready` to the host.
fn set_up(parsed: &embed::Parsed, lang: Lang, dispatch: Dispatch) {
    let config = parsed.config.clone();
    prepare(parsed, lang, true);
    if config.mode == EmbedMode::Daily {
        // The deal of the day needs nothing fetched: the date deals it.
        ready("daily");
        return;
    }
    if config.mode == EmbedMode::Problem {
        let problem = config.problem.clone();
        let url = config.record_url.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let read = open_problem(problem, url, lang).await;
            if let Err(why) = &read {
                tell_host(why);
            }
            dispatch.dispatch(EmbedAction::Problem(read.map(Rc::new)));
        });
        ready("problem");
        return;
    }
    let play = config.mode == EmbedMode::Play;
    let opened = config.clone();
    with_record(&config, move |record, title| {
        open(&opened, lang, &dispatch, record, title);
    });
    ready(if play { "play" } else { "replay" });
}

/// The record read (if any) and, in `mode=play`, the game: a new one, or one from the end of
/// the record; a game that cannot start is a notice.
fn open(
    config: &EmbedConfig,
    lang: Lang,
    dispatch: &Dispatch,
    record: Option<Result<Record, LoadProblem>>,
    title: Option<String>,
) {
    let notice = |n: String| dispatch.dispatch(EmbedAction::Notice(n));
    let game = match (config.mode, &record) {
        (EmbedMode::Replay | EmbedMode::Problem | EmbedMode::Daily, _) => None,
        (EmbedMode::Play, None) => new_game(config, lang, &notice).map_err(notice).ok(),
        (EmbedMode::Play, Some(Ok(r))) => game_from(r, config),
        (EmbedMode::Play, Some(Err(_))) => None,
    };
    dispatch.dispatch(EmbedAction::Started {
        game: game.map(Rc::new),
        record: record.map(|r| Rc::new((r, title))),
    });
}

/// `mode=problem`: the shipped problem `id` (from `problems/`), or the problem file at `url`;
/// or why it cannot be opened, in `lang`.
async fn open_problem(
    id: Option<String>,
    url: Option<String>,
    lang: Lang,
) -> Result<Problem, String> {
    let unreadable =
        |why: &str| piquet_words::labelled(Text::ProblemUnreadable.get(lang), why, lang);
    match (id, url) {
        (Some(id), _) => {
            let index = problems::fetch_index(lang)
                .await
                .map_err(|e| unreadable(&e))?;
            let entry = index
                .entry(&id)
                .ok_or_else(|| unreadable(Text::ProblemNotInList.get(lang)))?;
            problems::fetch_problem(entry, lang)
                .await
                .map_err(|e| unreadable(&e))
        }
        (None, Some(url)) => {
            let text = files::fetch_text(&url)
                .await
                .map_err(|p| unreadable(&error_words::load_problem(&p, lang)))?;
            Problem::parse(&url, &text)
                .map_err(|e| unreadable(&error_words::quote(&e.to_string(), lang)))
        }
        (None, None) => Err(Text::EmbedNoProblem.get(lang).to_string()),
    }
}
