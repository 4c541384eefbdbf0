//! A game with a friend on another device: joining by the link (who invites, under which
//! settings, a name asked), the invitation while the friend has not come (the link to copy or
//! share, its QR code, the link to watch), then the table — the same pieces as any game's,
//! drawn from what the server sent this seat ([`piquet_table::online_table`]), its decisions
//! sent to the server — with the connection, the friend's presence, the time left under a
//! time per move and the fixed messages beside the decision. A third person with the link to
//! watch (where the players allowed it) sees both seats as backs, what was shown to both, the
//! tricks and the words said, live, and decides nothing.

use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use crate::components::store::Store;
use crate::components::table::{
    bar, centre, cue, my_seat, overlays, panel, seats, use_forced_play,
};
use crate::services::online::{self, Problem, RoomSocket};
use crate::services::{browser, files, sound, storage};
use piquet_table::i18n::{Lang, Text};
use piquet_table::model;
use piquet_table::online::SeatView;
use piquet_table::online::{ClientMessage, MAX_NAME_CHARS, Saying, Stage};
use piquet_table::online_table;
use piquet_table::online_table::{Link, OnlineAction, OnlineError, OnlineTable};
use piquet_table::settings::Settings;
use piquet_table::table_ui::{Overlay, TableAction};
use piquet_table::view::{self, CentreUi};
use piquet_words as words;

/// A request's problem in words.
pub fn problem_words(p: &Problem, lang: Lang) -> String {
    match p {
        Problem::Refused(e) => match lang {
            Lang::Fr => e.fr.clone(),
            Lang::En => e.en.clone(),
        },
        Problem::Unreachable(why) => {
            words::labelled(Text::RequestFailed.get(lang), &format!("{why}."), lang)
        }
        Problem::Unreadable(why) => {
            words::labelled(Text::ServerUnreadable.get(lang), &format!("{why}."), lang)
        }
    }
}

#[derive(Properties, PartialEq)]
pub struct OnlineScreenProps {
    pub room: AttrValue,
    pub settings: Settings,
    /// Back to the first screen (the game goes on without this page).
    pub on_leave: Callback<()>,
    pub on_new_game: Callback<()>,
    pub on_rules: Callback<()>,
    pub on_settings: Callback<()>,
}

/// How this page is in the room: by the seat its token holds, as a watcher, or not yet.
#[derive(Clone, Debug, PartialEq)]
enum Entry {
    Seat(String),
    Watch,
    Visit,
}

/// The room: its table once this device holds a seat in it (a player opening the link to
/// watch his own game plays it), a watcher's table with the link to watch, else the way in.
#[function_component(OnlineScreen)]
pub fn online_screen(props: &OnlineScreenProps) -> Html {
    let entry = {
        let room = props.room.clone();
        use_state(move || match online::token(&room) {
            Some(t) => Entry::Seat(t),
            None if online::watching_in_address() => Entry::Watch,
            None => Entry::Visit,
        })
    };
    let table = |token: Option<String>| {
        html! {
            <OnlineTableScreen room={props.room.clone()} token={token.map(AttrValue::from)}
                               settings={props.settings.clone()} on_leave={props.on_leave.clone()}
                               on_new_game={props.on_new_game.clone()} on_rules={props.on_rules.clone()}
                               on_settings={props.on_settings.clone()}
                               on_lost={{ let entry = entry.clone(); Callback::from(move |_| entry.set(Entry::Visit)) }} />
        }
    };
    match (*entry).clone() {
        Entry::Seat(t) => table(Some(t)),
        Entry::Watch => table(None),
        Entry::Visit => html! {
            <JoinRoom room={props.room.clone()} lang={props.settings.lang}
                      on_leave={props.on_leave.clone()}
                      on_joined={{ let entry = entry.clone(); Callback::from(move |t: String| entry.set(Entry::Seat(t))) }}
                      on_watch={{
                          let entry = entry.clone();
                          Callback::from(move |_| {
                              online::show_watching_in_address();
                              entry.set(Entry::Watch);
                          })
                      }} />
        },
    }
}

#[derive(Properties, PartialEq)]
struct JoinRoomProps {
    room: AttrValue,
    lang: Lang,
    on_leave: Callback<()>,
    on_joined: Callback<String>,
    /// Both seats are taken and watchers allowed: watch instead.
    on_watch: Callback<()>,
}

/// The room's link opened by someone without a seat: who invites him and under which
/// settings, his name, and he joins; or, both seats taken, who plays and whether he may watch.
#[function_component(JoinRoom)]
fn join_room(props: &JoinRoomProps) -> Html {
    let lang = props.lang;
    let t = |x: Text| x.get(lang);
    let name = use_state(String::new);
    let busy = use_state(|| false);
    let problem = use_state(|| None::<String>);
    // Who plays, asked once: until it comes (or if it cannot), the form alone.
    let info = use_state(|| None::<Result<piquet_table::online::RoomInfo, Problem>>);
    {
        let (info, room) = (info.clone(), props.room.to_string());
        use_effect_with((), move |_| {
            wasm_bindgen_futures::spawn_local(async move {
                info.set(Some(online::room_info(&room).await));
            });
        });
    }
    let visit = match &*info {
        Some(Ok(i)) => Some(online_table::visit(i, lang)),
        _ => None,
    };
    let gone = matches!(&*info, Some(Err(Problem::Refused(e))) if e.code == piquet_table::online::ErrorCode::UnknownRoom);
    let on_input = {
        let name = name.clone();
        Callback::from(move |e: InputEvent| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            name.set(input.value());
        })
    };
    let on_submit = {
        let (name, busy, problem) = (name.clone(), busy.clone(), problem.clone());
        let room = props.room.to_string();
        let on_joined = props.on_joined.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            if *busy {
                return;
            }
            busy.set(true);
            let (name, busy, problem, room, on_joined) = (
                (*name).clone(),
                busy.clone(),
                problem.clone(),
                room.clone(),
                on_joined.clone(),
            );
            wasm_bindgen_futures::spawn_local(async move {
                match online::join_room(&room, name.trim()).await {
                    Ok(joined) => on_joined.emit(joined.token),
                    Err(p) => {
                        problem.set(Some(problem_words(&p, lang)));
                        busy.set(false);
                    }
                }
            });
        })
    };
    let ready = !name.trim().is_empty() && !*busy;
    let leave = html! {
        <button type="button" class="button" id="leave-online" onclick={props.on_leave.reform(|_: MouseEvent| ())}>
            { t(Text::Leave) }
        </button>
    };
    if gone {
        return html! {
            <main class="home online-page" id="main">
                <section class="online-card" aria-labelledby="join-title">
                    <h1 id="join-title">{ t(Text::JoinTitle) }</h1>
                    <p class="notice" role="alert" id="join-problem">{ t(Text::RoomUnknown) }</p>
                    <div class="choices">{ leave }</div>
                </section>
            </main>
        };
    }
    // Both seats taken: who plays, and whether a visitor may watch.
    if let Some(v) = visit.as_ref().filter(|v| !v.may_join) {
        return html! {
            <main class="home online-page" id="main">
                <section class="online-card" aria-labelledby="join-title">
                    <h1 id="join-title">{ t(Text::WatchTitle) }</h1>
                    <p id="visit-headline">{ &v.headline }</p>
                    <p class="hint-line" id="visit-settings">{ &v.settings }</p>
                    <p class={classes!(if v.may_watch { "link-status" } else { "notice" })}
                       role="status" id="visit-watchers">{ v.watching.clone().unwrap_or_default() }</p>
                    <div class="choices">
                        { leave }
                        if v.may_watch {
                            <button type="button" class="button primary" id="watch-button"
                                    onclick={props.on_watch.reform(|_: MouseEvent| ())}>
                                { t(Text::WatchButton) }
                            </button>
                        }
                    </div>
                </section>
            </main>
        };
    }
    html! {
        <main class="home online-page" id="main">
            <section class="online-card" aria-labelledby="join-title">
                <h1 id="join-title">{ t(Text::JoinTitle) }</h1>
                if let Some(v) = &visit {
                    <p id="visit-headline">{ &v.headline }</p>
                    <p class="hint-line" id="visit-settings">{ &v.settings }</p>
                } else {
                    <p>{ t(Text::JoinInvite) }</p>
                }
                <form class="join-form" onsubmit={on_submit}>
                    <label for="player-name">{ t(Text::YourName) }</label>
                    <input id="player-name" type="text" autocomplete="nickname" required=true
                           maxlength={MAX_NAME_CHARS.to_string()} value={(*name).clone()}
                           aria-describedby="player-name-hint" oninput={on_input} />
                    <p class="hint-line" id="player-name-hint">{ t(Text::YourNameHint) }</p>
                    if let Some(p) = &*problem {
                        <p class="notice" role="alert" id="join-problem">{ p }</p>
                    }
                    <div class="choices">
                        <button type="button" class="button" onclick={props.on_leave.reform(|_: MouseEvent| ())}>
                            { t(Text::Cancel) }
                        </button>
                        <button type="submit" class="button primary" id="join-button" disabled={!ready}>
                            { t(Text::JoinButton) }
                        </button>
                    </div>
                </form>
            </section>
        </main>
    }
}

#[derive(Properties, PartialEq)]
struct OnlineTableProps {
    room: AttrValue,
    /// The seat's token; none: watching.
    token: Option<AttrValue>,
    settings: Settings,
    on_leave: Callback<()>,
    on_new_game: Callback<()>,
    on_rules: Callback<()>,
    on_settings: Callback<()>,
    /// The server no longer knows this device's seat: its token is forgotten.
    on_lost: Callback<()>,
}

type OnlineStore = Store<OnlineTable>;

/// The room's table, connected.
#[function_component(OnlineTableScreen)]
fn online_table_screen(props: &OnlineTableProps) -> Html {
    let state = {
        let room = props.room.to_string();
        use_reducer(move || OnlineStore::new(OnlineTable::new(room)))
    };
    let socket: Rc<RefCell<Option<RoomSocket>>> = use_mut_ref(|| None);
    {
        let socket = socket.clone();
        let dispatcher = state.dispatcher();
        use_effect_with(
            (props.room.clone(), props.token.clone()),
            move |(room, token)| {
                let on = Callback::from(move |a: OnlineAction| dispatcher.dispatch(a));
                *socket.borrow_mut() = Some(RoomSocket::open(room, token.as_deref(), on));
                move || drop(socket.borrow_mut().take())
            },
        );
    }
    use_online_effects(&state, &socket, props);
    let lang = props.settings.lang;
    let send = {
        let socket = socket.clone();
        move |m: &ClientMessage| socket.borrow().as_ref().is_some_and(|s| s.send(m))
    };
    let on: Callback<TableAction> = {
        let state = state.clone();
        let send = send.clone();
        Callback::from(move |a: TableAction| {
            if OnlineTable::is_game_action(&a) {
                if let Some(m) = state.request(&a) {
                    if send(&m) {
                        state.dispatch(OnlineAction::Sent(state.seq));
                    }
                }
            } else {
                state.dispatch(OnlineAction::Table(a));
            }
        })
    };
    // The only card this seat may play goes by itself after a short pause (the settings'
    // option): asked of the server as any decision, if the table has not moved meanwhile.
    use_forced_play(
        state.ui.version,
        forced_card(&state, &props.settings),
        props
            .settings
            .animation
            .effective(browser::prefers_reduced_motion()),
        on.clone(),
    );
    // The server says it to both seats: it shows here when it comes back.
    let on_say = {
        let send = send.clone();
        Callback::from(move |message: Saying| {
            send(&ClientMessage::Say { message });
        })
    };
    let on_rematch = {
        let send = send.clone();
        Callback::from(move |_: ()| {
            send(&ClientMessage::Rematch);
        })
    };
    match (state.stage(), state.seen.clone()) {
        (Some(_), Some(_)) if state.watching => watch_table(&state, props, on),
        (Some(Stage::WaitingForOpponent), _) => invitation(&state, props),
        (Some(_), Some(_)) => table(&state, props, on, on_say, on_rematch),
        _ => connecting(&state, props, lang),
    }
}

/// The only card this seat may play, when the settings play it by itself.
fn forced_card(state: &OnlineTable, settings: &Settings) -> Option<piquet_engine::Card> {
    state
        .seen
        .as_ref()
        .and_then(|s| s.forced_card())
        .filter(|_| settings.play_forced)
}

/// The table's effects: the seat lost, sounds, the focus, the statistics, the record asked for
/// at the end.
#[hook]
fn use_online_effects(
    state: &UseReducerHandle<OnlineStore>,
    socket: &Rc<RefCell<Option<RoomSocket>>>,
    props: &OnlineTableProps,
) {
    // The server does not know this seat (expired room, or a token it never gave): forget it.
    {
        let room = props.room.to_string();
        let on_lost = props.on_lost.clone();
        use_effect_with(state.link, move |link| {
            if let Link::Refused(code) = link {
                use piquet_table::online::ErrorCode;
                if matches!(code, ErrorCode::UnknownRoom | ErrorCode::UnknownToken) {
                    online::forget(&room);
                    if *code == ErrorCode::UnknownToken {
                        on_lost.emit(());
                    }
                }
            }
        });
    }
    // Sounds, the focus kept at the table, the statistics of each deal and game finished.
    {
        let fresh = state.ui.last_events.clone();
        let sound_on = props.settings.sound;
        let seen = state.seen.clone();
        let counted = state
            .view
            .as_ref()
            .map(|v| (v.game_number, v.settings.preset.clone()));
        let room = props.room.to_string();
        let watching = state.watching;
        use_effect_with(state.ui.version, move |_| {
            if let Some(c) = cue(&fresh).filter(|_| sound_on) {
                sound::play(c);
            }
            browser::restore_table_focus();
            // A watcher's games are not his: not counted.
            if let (Some(seen), Some((game, preset)), false) = (seen, counted, watching) {
                if !seen.results().is_empty() {
                    let (mut stats, _) = storage::load_stats();
                    if stats.count_online(&room, game, &preset, &seen) {
                        storage::save_stats(&stats);
                    }
                }
            }
        });
    }
    // At the end of the game, its whole record (for the review and the export).
    {
        let over = state.seen.as_ref().is_some_and(|s| s.outcome().is_some());
        let wanted = over && state.record.is_none() && state.link == Link::Open;
        let socket = socket.clone();
        use_effect_with(
            (wanted, state.view.as_ref().map(|v| v.game_number)),
            move |(wanted, _)| {
                if *wanted {
                    if let Some(s) = socket.borrow().as_ref() {
                        s.send(&ClientMessage::Record);
                    }
                }
            },
        );
    }
}

/// The connection's words: « Connexion… », « Reconnexion… », or why the seat was refused.
fn link_words(state: &OnlineTable, lang: Lang) -> Option<String> {
    let t = |x: Text| x.get(lang);
    match state.link {
        Link::Open => None,
        Link::Connecting => Some(t(Text::Connecting).to_string()),
        Link::Reconnecting { .. } => Some(t(Text::Reconnecting).to_string()),
        Link::Refused(code) => Some(match code {
            piquet_table::online::ErrorCode::UnknownRoom => t(Text::RoomUnknown).to_string(),
            piquet_table::online::ErrorCode::RoomFull => t(Text::RoomFull).to_string(),
            _ => {
                let w = code.words();
                match lang {
                    Lang::Fr => w.fr.to_string(),
                    Lang::En => w.en.to_string(),
                }
            }
        }),
    }
}

/// The connection being made (before the first state), or refused: a watcher where the
/// players allowed none is told so by their names.
fn connecting(state: &OnlineTable, props: &OnlineTableProps, lang: Lang) -> Html {
    let t = |x: Text| x.get(lang);
    let words = link_words(state, lang).unwrap_or_else(|| t(Text::Connecting).to_string());
    let refused = matches!(state.link, Link::Refused(_));
    let no_watchers =
        state.link == Link::Refused(piquet_table::online::ErrorCode::WatchersNotAllowed);
    let title = if props.token.is_none() {
        t(Text::WatchTitle)
    } else {
        t(Text::PlayFriend)
    };
    html! {
        <main class="home online-page" id="main">
            <section class="online-card" aria-labelledby="online-title">
                <h1 id="online-title">{ title }</h1>
                if no_watchers {
                    <NoWatchers room={props.room.clone()} {lang} fallback={AttrValue::from(words)} />
                } else {
                    <p class={classes!(if refused { "notice" } else { "link-status" })}
                       role={if refused { "alert" } else { "status" }} id="link-status">{ words }</p>
                }
                <div class="choices">
                    <button type="button" class="button" id="leave-online"
                            onclick={props.on_leave.reform(|_: MouseEvent| ())}>{ t(Text::Leave) }</button>
                </div>
            </section>
        </main>
    }
}

#[derive(Properties, PartialEq)]
struct NoWatchersProps {
    room: AttrValue,
    lang: Lang,
    /// The server's words, until (or unless) the players' names come.
    fallback: AttrValue,
}

/// A watcher refused: the players do not allow watchers, said by their names.
#[function_component(NoWatchers)]
fn no_watchers(props: &NoWatchersProps) -> Html {
    let words = use_state(|| props.fallback.to_string());
    {
        let (words, room, lang) = (words.clone(), props.room.to_string(), props.lang);
        use_effect_with((), move |_| {
            wasm_bindgen_futures::spawn_local(async move {
                if let Ok(info) = online::room_info(&room).await {
                    words.set(online_table::watchers_words(&info, lang));
                }
            });
        });
    }
    html! { <p class="notice" role="alert" id="link-status">{ (*words).clone() }</p> }
}

/// While the friend has not joined: the link to send (copied, shared, or shown as a QR code),
/// the room's settings, and where watchers are allowed the link to watch.
fn invitation(state: &UseReducerHandle<OnlineStore>, props: &OnlineTableProps) -> Html {
    let lang = props.settings.lang;
    let t = |x: Text| x.get(lang);
    let link = online::room_link(&props.room);
    let settings = state.view.as_ref().map(|v| v.settings.clone());
    let watch = settings
        .as_ref()
        .is_some_and(|s| s.watchers)
        .then(|| online::watch_link(&props.room));
    html! {
        <main class="home online-page" id="main">
            <section class="online-card" aria-labelledby="invite-title">
                <h1 id="invite-title">{ t(Text::ShareLinkTitle) }</h1>
                <p>{ t(Text::ShareLinkHint) }</p>
                if let Some(settings) = &settings {
                    <p class="hint-line" id="room-settings">{ online_table::settings_words(settings, lang) }</p>
                }
                <ShareLink link={AttrValue::from(link)} {lang} />
                if let Some(watch) = watch {
                    <WatchLink link={AttrValue::from(watch)} {lang} />
                }
                <p class="link-status waiting-friend" role="status" id="link-status">
                    { link_words(state, lang).unwrap_or_else(|| t(Text::WaitingForFriend).to_string()) }
                    <span class="dots" aria-hidden="true"><i></i><i></i><i></i></span>
                </p>
                <div class="choices">
                    <button type="button" class="button" id="leave-online"
                            onclick={props.on_leave.reform(|_: MouseEvent| ())}>{ t(Text::LeaveOnline) }</button>
                </div>
            </section>
        </main>
    }
}

#[derive(Properties, PartialEq)]
struct ShareLinkProps {
    link: AttrValue,
    lang: Lang,
}

/// The room's link: to read, to copy, to share where the system can, and as a QR code.
#[function_component(ShareLink)]
fn share_link(props: &ShareLinkProps) -> Html {
    let lang = props.lang;
    let t = |x: Text| x.get(lang);
    let status = use_state(String::new);
    let on_copy = copy_link(&props.link, &status, Text::InviteCopied, lang);
    let on_share = online::can_share().then(|| {
        let link = props.link.to_string();
        Callback::from(move |_: MouseEvent| {
            let link = link.clone();
            wasm_bindgen_futures::spawn_local(async move {
                // Closing the share sheet is no problem to report.
                let _ = online::share(Text::PlayFriend.get(lang), &link).await;
            });
        })
    });
    let qr = piquet_table::qr::qr_path(&props.link).ok().map(|q| {
        let size = q.size.to_string();
        html! {
            <svg class="qr" id="room-qr" viewBox={format!("0 0 {size} {size}")} role="img"
                 aria-label={t(Text::QrCodeLabel)} shape-rendering="crispEdges">
                <rect width={size.clone()} height={size} class="qr-light" />
                <path d={q.d} class="qr-dark" />
            </svg>
        }
    });
    html! {
        <div class="share-link">
            <label for="room-link">{ words::labelled(t(Text::LinkLabel), "", lang) }</label>
            <input id="room-link" type="text" readonly=true value={props.link.clone()} />
            <div class="choices">
                <button type="button" class="button primary" id="copy-room-link" onclick={on_copy}>{ t(Text::CopyLink) }</button>
                if let Some(on_share) = on_share {
                    <button type="button" class="button" id="share-room-link" onclick={on_share}>{ t(Text::ShareButton) }</button>
                }
            </div>
            <p class="export-status" role="status">{ (*status).clone() }</p>
            { for qr }
        </div>
    }
}

/// Copies `link` to the clipboard, and says in `status` that it did (`copied`), or that it
/// must be copied by hand.
fn copy_link(
    link: &AttrValue,
    status: &UseStateHandle<String>,
    copied: Text,
    lang: Lang,
) -> Callback<MouseEvent> {
    let (link, status) = (link.to_string(), status.clone());
    Callback::from(move |_: MouseEvent| {
        let (link, status) = (link.clone(), status.clone());
        wasm_bindgen_futures::spawn_local(async move {
            status.set(match files::copy(&link).await {
                Ok(()) => copied.get(lang).to_string(),
                Err(_) => Text::LinkCopyByHand.get(lang).to_string(),
            });
        });
    })
}

#[derive(Properties, PartialEq)]
struct WatchLinkProps {
    link: AttrValue,
    lang: Lang,
    /// At the table: one short button, the link not shown (beside the invitation, the link in
    /// a field as well).
    #[prop_or_default]
    compact: bool,
}

/// The link to watch the game (where the players allowed watchers), to copy.
#[function_component(WatchLink)]
fn watch_link(props: &WatchLinkProps) -> Html {
    let lang = props.lang;
    let t = |x: Text| x.get(lang);
    let status = use_state(String::new);
    let on_copy = copy_link(&props.link, &status, Text::WatchLinkCopied, lang);
    if props.compact {
        return html! {
            <>
                <button type="button" class="button say" id="copy-watch-link" onclick={on_copy}>
                    { t(Text::WatchLinkShort) }
                </button>
                if !status.is_empty() {
                    <p class="watchers copied" role="status">{ (*status).clone() }</p>
                }
            </>
        };
    }
    html! {
        <div class="watch-link">
            <label for="watch-link">{ t(Text::WatchLinkLabel) }</label>
            <input id="watch-link" type="text" readonly=true value={props.link.clone()} />
            <button type="button" class="button" id="copy-watch-link" onclick={on_copy}>{ t(Text::CopyWatchLink) }</button>
            <p class="export-status" role="status">{ (*status).clone() }</p>
        </div>
    }
}

#[derive(Properties, PartialEq)]
struct CountdownProps {
    view: Rc<SeatView>,
    names: words::Names,
    lang: Lang,
}

/// Under a time per move: who is to decide and how long is left, counted down each second
/// (a piece of its own, so that only it is drawn again each second).
#[function_component(Countdown)]
fn countdown(props: &CountdownProps) -> Html {
    let now = use_state(|| js_sys::Date::now() as u64);
    {
        let now = now.clone();
        use_effect_with(props.view.deadline_ms, move |deadline| {
            let timer = deadline.map(|_| {
                gloo_timers::callback::Interval::new(1000, move || {
                    now.set(js_sys::Date::now() as u64)
                })
            });
            move || drop(timer)
        });
    }
    // The clock read now, not at the last tick: a new deadline (a move just made, a day
    // given) is drawn from the moment it came, never up to a second early (« 1 j 0 h »
    // where « 23 h 59 » is left). The tick only draws the piece again.
    let now_ms = (*now).max(js_sys::Date::now() as u64);
    // Mounted only under a deadline: it always draws its line (a piece that draws nothing
    // would leave Yew no place to insert its siblings before).
    let line = online_table::deadline_line(&props.view, &props.names, now_ms, props.lang)
        .unwrap_or_default();
    let mine = props.view.my_turn();
    html! {
        <p class={classes!("deadline", mine.then_some("mine"))} id="deadline">
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" class="icon">
                <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 2a8 8 0 1 1 0 16 8 8 0 0 1 0-16zm-1 3v6l5 3 1-1.7-4-2.3V7z" />
            </svg>
            { line }
        </p>
    }
}

/// What the server did for a late seat, and how many watch: the lines every side shows.
fn room_notes(state: &OnlineTable, names: &words::Names, lang: Lang) -> Html {
    let Some(view) = state.view.as_ref() else {
        return html! {};
    };
    let timed_out = online_table::timed_out_lines(view, names, lang);
    html! {
        <>
            { for timed_out.into_iter().map(|l| html! { <p class="timed-out" role="status">{ l }</p> }) }
            if view.settings.watchers && !state.watching && state.watchers > 0 {
                <p class="watchers" id="watchers">{ online_table::watchers_count(state.watchers, lang) }</p>
            }
            // The link to watch, between deals (during one, the bar keeps to the game).
            if view.settings.watchers && !state.watching && !matches!(view.stage, piquet_table::online::Stage::Playing { .. }) {
                <WatchLink link={AttrValue::from(online::watch_link(&state.room))} {lang} compact=true />
            }
        </>
    }
}

/// The words of a fixed message.
fn saying(message: Saying, lang: Lang) -> &'static str {
    match message {
        Saying::WellPlayed => Text::SayWellPlayed.get(lang),
        Saying::Thanks => Text::SayThanks.get(lang),
        Saying::YourTurn => Text::SayYourTurn.get(lang),
    }
}

/// Beside the decision: the connection, the friend's presence, the messages said and the
/// buttons to say one, the server's last error, the rematch.
fn friend_bar(
    state: &UseReducerHandle<OnlineStore>,
    names: &words::Names,
    on_say: &Callback<Saying>,
    lang: Lang,
) -> Html {
    let t = |x: Text| x.get(lang);
    let other = state
        .seat
        .map(|s| names.of(s.other()).to_string())
        .unwrap_or_default();
    let presence = if state.other_here() {
        t(Text::PresenceHere)
    } else {
        t(Text::PresenceAway)
    };
    let said = state.said.iter().map(|s| {
        let who = names.of(s.seat).to_string();
        html! {
            <p class="said" key={s.n.to_string()}>{ words::quote(&who, saying(s.message, lang), lang) }</p>
        }
    });
    let (mine, theirs) = state.rematch();
    let over = state.seen.as_ref().is_some_and(|s| s.outcome().is_some());
    let link = link_words(state, lang);
    let error = state.error.as_ref().map(|e: &OnlineError| {
        let close = state.dispatcher();
        html! {
            <div class="notice" role="alert" id="online-error">
                <span>{ e.words(lang) }</span>
                <button type="button" class="icon-button" aria-label={t(Text::Close)}
                        onclick={Callback::from(move |_: MouseEvent| close.dispatch(OnlineAction::DismissError))}>
                    { "×" }
                </button>
            </div>
        }
    });
    let countdown = state
        .view
        .clone()
        .filter(|v| v.deadline_ms.is_some())
        .map(|view| html! { <Countdown {view} names={names.clone()} {lang} /> });
    html! {
        <section class="friend-bar" aria-label={t(Text::MessagesLabel)}>
            if let Some(link) = link {
                <p class="link-status" role="status" id="link-status">{ link }</p>
            }
            { for error }
            { for countdown }
            { room_notes(state, names, lang) }
            // What the server said of the friend, while this page hears it, and the messages
            // said, wrapping beside « Dire… » rather than under it.
            <div class="friend-talk">
                if state.link == Link::Open {
                    <p class={classes!("presence", state.other_here().then_some("here"))} id="friend-presence">
                        <span class="presence-dot" aria-hidden="true"></span>
                        { words::labelled(&other, presence, lang) }
                    </p>
                }
                <div class="said-list" role="log" aria-live="polite">{ for said }</div>
            </div>
            if over && (mine || theirs) {
                <p class="hint-line" role="status" id="rematch-status">
                    { if mine { t(Text::RematchAsked).to_string() } else { format!("{other} {}", t(Text::RematchOffered)) } }
                </p>
            }
            // The fixed messages behind one button, so that the bar keeps to one line on a
            // phone; the menu closes once one is said.
            <details class="say-menu" id="say-menu">
                <summary class="button say-open" aria-label={t(Text::MessagesLabel)}>
                    { t(Text::SayToFriend) }
                </summary>
                <div class="sayings" role="group" aria-label={t(Text::MessagesLabel)}>
                    { for Saying::ALL.iter().map(|&m| html! {
                        <button type="button" class="button say" data-say={format!("{m:?}")}
                                disabled={state.link != Link::Open}
                                onclick={on_say.reform(move |e: MouseEvent| {
                                    close_menu(&e);
                                    m
                                })}>
                            { saying(m, lang) }
                        </button>
                    }) }
                </div>
            </details>
        </section>
    }
}

/// Closes the `<details>` menu holding the button clicked.
fn close_menu(e: &MouseEvent) {
    if let Some(menu) = browser::target_closest(e, "details") {
        let _ = menu.remove_attribute("open");
    }
}

/// The table of the room, as any game's.
fn table(
    state: &UseReducerHandle<OnlineStore>,
    props: &OnlineTableProps,
    on: Callback<TableAction>,
    on_say: Callback<Saying>,
    on_rematch: Callback<()>,
) -> Html {
    let settings = &props.settings;
    let lang = settings.lang;
    let t = |x: Text| x.get(lang);
    let Some(seen) = state.seen.clone() else {
        return html! {};
    };
    let viewer = seen.seat;
    let names = state.names(lang);
    let speed = settings
        .animation
        .effective(browser::prefers_reduced_motion());
    let opponent = model::seat_model(&seen, viewer.other(), &names);
    let me = model::seat_model(&seen, viewer, &names);
    let centre = view::centre_of(
        &seen,
        CentreUi {
            ui: &state.ui,
            hidden: false,
            cut_pack: false,
        },
        &names,
        settings,
    );
    let toast_of = |seat| centre.toast_of(seat).cloned();
    let (opponent_toast, my_toast) = (toast_of(viewer.other()), toast_of(viewer));
    let view = seen.deal.as_ref();
    let refusal = state
        .ui
        .refusal_now()
        .map(|r| (r.card, model::refusal(&r.why, view, lang)));
    let heard: Vec<piquet_engine::Event> = state.ui.last_events.clone();
    let announce = model::lines(&heard, &names, &seen.rules, lang)
        .into_iter()
        .map(|l| l.text)
        .collect::<Vec<_>>()
        .join(". ");
    let is_open = |o: Overlay| state.ui.is_open(o);
    let explain = state.ui.explaining();
    let review = state.ui.reviewing();
    let deal_label = seen.deal_label(lang);
    let forced = forced_card(state, settings);
    html! {
        <main class={classes!("table", "online", format!("speed-{}", format!("{speed:?}").to_ascii_lowercase()),
                              settings.large_cards.then_some("large-cards"))} id="main">
            <h1 class="sr-only">{ t(Text::TableTitle) }</h1>
            <div class="sr-only" aria-live="polite" aria-atomic="true" id="announcer">{ announce }</div>
            <bar::TopBar {lang} deal_label={deal_label} can_hint=false hint_pending=false
                         menu_open={is_open(Overlay::Menu)} embedded=false on={on.clone()}
                         hint=false export={state.record.is_some()}
                         on_hint={Callback::noop()} on_leave={props.on_leave.clone()}
                         on_rules={Some(props.on_rules.clone())} on_settings={Some(props.on_settings.clone())} />
            <seats::OpponentSeat seat={opponent} {lang} deck={settings.deck} on={on.clone()} toast={opponent_toast} />
            <centre::Centre model={centre} {lang} deck={settings.deck} {viewer} on={on.clone()}
                            cut_names={(AttrValue::from(names.a.clone()), AttrValue::from(names.b.clone()))} />
            <div class="side with-friend">
                { friend_bar(state, &names, &on_say, lang) }
                <panel::Panel seen={seen.clone()} {viewer} handover=false
                              selection={state.ui.selection} choice={state.ui.choice}
                              thinking=false names={names.clone()} {lang}
                              deck={settings.deck} on={on.clone()}
                              on_new_game={props.on_new_game.clone()}
                              on_play_again={Some(on_rematch)}
                              reviews={state.record.is_some()} forced={forced.is_some()} />
            </div>
            <my_seat::MySeat seat={me} seen={seen.clone()} {viewer} hidden=false
                             selection={state.ui.selection} drawn={state.ui.drawn}
                             {refusal} forced={forced.map(|c| c.set()).unwrap_or_default()}
                             order={settings.hand_order} toast={my_toast} {lang} deck={settings.deck} on={on.clone()} />
            <overlays::Overlays seen={seen} record={state.record.clone()} {viewer} names={names.clone()}
                                {explain} sheet={is_open(Overlay::Sheet)}
                                log={is_open(Overlay::Log)} export={is_open(Overlay::Export)}
                                {review} {lang} {on} draw_review={overlays::REVIEW_DIALOG} />
        </main>
    }
}

/// A watcher's table: seat B at the top and seat A at the bottom, each as backs with the cards
/// it showed, the centre as both see it (the trick, the talon, a leftover turned face up, the
/// words said), where the game stands and the time left, both players' presence and their
/// messages; no hand, no decision. Counts, the score sheet and the log open as on any table.
fn watch_table(
    state: &UseReducerHandle<OnlineStore>,
    props: &OnlineTableProps,
    on: Callback<TableAction>,
) -> Html {
    let settings = &props.settings;
    let lang = settings.lang;
    let t = |x: Text| x.get(lang);
    let (Some(seen), Some(view)) = (state.seen.clone(), state.view.clone()) else {
        return html! {};
    };
    let names = state.names(lang);
    let [top, mut bottom] = online_table::watched_seats(&view, &names);
    // The bottom seat's count keeps the table's id for the lower count.
    bottom.own = true;
    let speed = settings
        .animation
        .effective(browser::prefers_reduced_motion());
    let centre = view::centre_of(
        &seen,
        CentreUi {
            ui: &state.ui,
            hidden: false,
            cut_pack: false,
        },
        &names,
        settings,
    );
    let announce = model::lines(&state.ui.last_events, &names, &seen.rules, lang)
        .into_iter()
        .map(|l| l.text)
        .collect::<Vec<_>>()
        .join(". ");
    let is_open = |o: Overlay| state.ui.overlays.contains(&o);
    let explain = state.ui.overlays.iter().find_map(|o| match *o {
        Overlay::Explain(s) => Some(s),
        _ => None,
    });
    let presence = |seat: piquet_engine::Seat| {
        let here = state.presence[seat.index()];
        html! {
            <p class={classes!("presence", here.then_some("here"))} id={format!("presence-{seat:?}").to_ascii_lowercase()}>
                <span class="presence-dot" aria-hidden="true"></span>
                { words::labelled(names.of(seat), if here { t(Text::PresenceHere) } else { t(Text::PresenceAway) }, lang) }
            </p>
        }
    };
    let said = state.said.iter().map(|s| {
        html! {
            <p class="said" key={s.n.to_string()}>{ words::quote(names.of(s.seat), saying(s.message, lang), lang) }</p>
        }
    });
    let error = state
        .error
        .as_ref()
        .map(|e| html! { <p class="notice" role="alert" id="online-error">{ e.words(lang) }</p> });
    let final_score = model::final_score(&seen, &names, lang);
    let status = online_table::watch_status(&view, &seen, &names, lang);
    html! {
        <main class={classes!("table", "online", "watching", format!("speed-{}", format!("{speed:?}").to_ascii_lowercase()))} id="main">
            <h1 class="sr-only">{ t(Text::WatchTitle) }</h1>
            <div class="sr-only" aria-live="polite" aria-atomic="true" id="announcer">{ announce }</div>
            <bar::TopBar {lang} deal_label={seen.deal_label(lang)} can_hint=false hint_pending=false
                         menu_open={is_open(Overlay::Menu)} embedded=false on={on.clone()}
                         hint=false export={state.record.is_some()}
                         on_hint={Callback::noop()} on_leave={props.on_leave.clone()}
                         on_rules={Some(props.on_rules.clone())} on_settings={Some(props.on_settings.clone())} />
            <seats::OpponentSeat seat={top} {lang} deck={settings.deck} on={on.clone()} />
            <centre::Centre model={centre} {lang} deck={settings.deck} viewer={seen.seat} on={on.clone()}
                            cut_names={(AttrValue::from(names.a.clone()), AttrValue::from(names.b.clone()))} />
            <div class="side with-friend">
                <section class="friend-bar watch-bar" aria-label={t(Text::Watching)}>
                    <p class="watching-title" id="watching">{ t(Text::Watching) }</p>
                    if let Some(link) = link_words(state, lang) {
                        <p class="link-status" role="status" id="link-status">{ link }</p>
                    }
                    { for error }
                    if view.deadline_ms.is_some() {
                        <Countdown view={view.clone()} names={names.clone()} {lang} />
                    }
                    { room_notes(state, &names, lang) }
                    { presence(piquet_engine::Seat::A) }
                    { presence(piquet_engine::Seat::B) }
                    <div class="said-list" role="log" aria-live="polite">{ for said }</div>
                </section>
                <section class="panel watch-panel" aria-labelledby="watch-status">
                    <p class="panel-title" id="watch-status" role="status">{ status }</p>
                    if let Some(f) = final_score {
                        <p class="final-scores" id="watch-final">
                            { format!("{} {} — {} {}", f.scores[0].0, f.scores[0].1, f.scores[1].0, f.scores[1].1) }
                        </p>
                    }
                    <button type="button" class="button" id="watch-sheet"
                            onclick={on.reform(|_: MouseEvent| TableAction::Sheet(true))}>
                        { t(Text::ScoreSheet) }
                    </button>
                </section>
            </div>
            <div class="seat my-head">
                <seats::SeatHead seat={bottom.clone()} {lang} on={on.clone()} />
            </div>
            <section class="seat seat-bottom watched" aria-label={bottom.name.clone()}>
                <div class="seat-cards">
                    <div class="opp-hand" role="img"
                         aria-label={words::labelled(t(Text::HandOf), &words::plural_cards(bottom.hand_len, lang), lang)}>
                        { seats::backs(bottom.hand_len, "opp-backs") }
                    </div>
                    if !bottom.shown.is_empty() {
                        <div class="shown">
                            <span class="small-label">
                                { if bottom.shown_played { t(Text::ShownStillHeld) } else { t(Text::ShownCards) } }
                            </span>
                            { seats::card_row(&bottom.shown, lang, settings.deck, "small") }
                        </div>
                    }
                </div>
            </section>
            <overlays::Overlays {seen} record={state.record.clone()} viewer={piquet_engine::Seat::A} names={names.clone()}
                                {explain} sheet={is_open(Overlay::Sheet)}
                                log={is_open(Overlay::Log)} export={is_open(Overlay::Export)}
                                review={None} {lang} {on} draw_review={overlays::REVIEW_DIALOG} />
        </main>
    }
}

#[derive(Properties, PartialEq)]
pub struct OnlineGamesProps {
    pub lang: Lang,
    pub on_open: Callback<String>,
}

/// The first screen's games with a friend: each with whose turn it is and the score, asked of
/// the server when the screen opens (nothing when this device holds no seat, or the server is
/// not there).
#[function_component(OnlineGames)]
pub fn online_games(props: &OnlineGamesProps) -> Html {
    let lang = props.lang;
    let rooms = use_state(Vec::<piquet_table::online::RoomStatus>::new);
    {
        let rooms = rooms.clone();
        use_effect_with((), move |_| {
            if !storage::load_rooms().rooms.is_empty() {
                wasm_bindgen_futures::spawn_local(async move {
                    if let Ok(reply) = online::status().await {
                        rooms.set(reply.rooms);
                    }
                });
            }
        });
    }
    if rooms.is_empty() {
        return html! {};
    }
    // The time left under a time per move, as of this drawing.
    let now = js_sys::Date::now() as u64;
    html! {
        <section class="online-games" aria-labelledby="online-games-title">
            <h2 id="online-games-title">{ Text::OnlineGames.get(lang) }</h2>
            <ul id="online-games">
                { for rooms.iter().map(|r| {
                    let room = r.room.clone();
                    let mine = r.my_turn || r.stage == Stage::DealDue;
                    html! {
                        <li key={r.room.clone()}>
                            <button type="button" class={classes!("entry", "online-game", mine.then_some("my-turn"))}
                                    onclick={props.on_open.reform(move |_: MouseEvent| room.clone())}>
                                <span class="entry-title">{ piquet_table::online_table::status_line(r, now, lang) }</span>
                            </button>
                        </li>
                    }
                }) }
            </ul>
        </section>
    }
}
