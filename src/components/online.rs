//! A game with a friend on another device: joining by the link (a name asked), the invitation
//! while the friend has not come (the link to copy or share, its QR code), then the table —
//! the same pieces as any game's, drawn from what the server sent this seat
//! ([`piquet_table::online_table`]), its decisions sent to the server — with the connection,
//! the friend's presence and the fixed messages beside the decision.

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
use piquet_table::online::{ClientMessage, MAX_NAME_CHARS, Saying, Stage};
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

/// The room: its table once this device holds a seat in it, else the friend's way in.
#[function_component(OnlineScreen)]
pub fn online_screen(props: &OnlineScreenProps) -> Html {
    let token = {
        let room = props.room.clone();
        use_state(move || online::token(&room))
    };
    match (*token).clone() {
        Some(t) => html! {
            <OnlineTableScreen room={props.room.clone()} token={AttrValue::from(t)}
                               settings={props.settings.clone()} on_leave={props.on_leave.clone()}
                               on_new_game={props.on_new_game.clone()} on_rules={props.on_rules.clone()}
                               on_settings={props.on_settings.clone()}
                               on_lost={{ let token = token.clone(); Callback::from(move |_| token.set(None)) }} />
        },
        None => html! {
            <JoinRoom room={props.room.clone()} lang={props.settings.lang}
                      on_leave={props.on_leave.clone()}
                      on_joined={{ let token = token.clone(); Callback::from(move |t: String| token.set(Some(t))) }} />
        },
    }
}

#[derive(Properties, PartialEq)]
struct JoinRoomProps {
    room: AttrValue,
    lang: Lang,
    on_leave: Callback<()>,
    on_joined: Callback<String>,
}

/// The friend opened the link: his name, and he joins.
#[function_component(JoinRoom)]
fn join_room(props: &JoinRoomProps) -> Html {
    let lang = props.lang;
    let t = |x: Text| x.get(lang);
    let name = use_state(String::new);
    let busy = use_state(|| false);
    let problem = use_state(|| None::<String>);
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
    html! {
        <main class="home online-page" id="main">
            <section class="online-card" aria-labelledby="join-title">
                <h1 id="join-title">{ t(Text::JoinTitle) }</h1>
                <p>{ t(Text::JoinInvite) }</p>
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
    token: AttrValue,
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
                *socket.borrow_mut() = Some(RoomSocket::open(room, token, on));
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
        use_effect_with(state.ui.version, move |_| {
            if let Some(c) = cue(&fresh).filter(|_| sound_on) {
                sound::play(c);
            }
            browser::restore_table_focus();
            if let (Some(seen), Some((game, preset))) = (seen, counted) {
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

/// The connection being made (before the first state), or refused.
fn connecting(state: &OnlineTable, props: &OnlineTableProps, lang: Lang) -> Html {
    let t = |x: Text| x.get(lang);
    let words = link_words(state, lang).unwrap_or_else(|| t(Text::Connecting).to_string());
    let refused = matches!(state.link, Link::Refused(_));
    html! {
        <main class="home online-page" id="main">
            <section class="online-card" aria-labelledby="online-title">
                <h1 id="online-title">{ t(Text::PlayFriend) }</h1>
                <p class={classes!(if refused { "notice" } else { "link-status" })}
                   role={if refused { "alert" } else { "status" }} id="link-status">{ words }</p>
                <div class="choices">
                    <button type="button" class="button" id="leave-online"
                            onclick={props.on_leave.reform(|_: MouseEvent| ())}>{ t(Text::Leave) }</button>
                </div>
            </section>
        </main>
    }
}

/// While the friend has not joined: the link to send (copied, shared, or shown as a QR code).
fn invitation(state: &UseReducerHandle<OnlineStore>, props: &OnlineTableProps) -> Html {
    let lang = props.settings.lang;
    let t = |x: Text| x.get(lang);
    let link = online::room_link(&props.room);
    html! {
        <main class="home online-page" id="main">
            <section class="online-card" aria-labelledby="invite-title">
                <h1 id="invite-title">{ t(Text::ShareLinkTitle) }</h1>
                <p>{ t(Text::ShareLinkHint) }</p>
                <ShareLink link={AttrValue::from(link)} {lang} />
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
    let on_copy = {
        let (link, status) = (props.link.to_string(), status.clone());
        Callback::from(move |_: MouseEvent| {
            let (link, status) = (link.clone(), status.clone());
            wasm_bindgen_futures::spawn_local(async move {
                status.set(match files::copy(&link).await {
                    Ok(()) => Text::InviteCopied.get(lang).to_string(),
                    Err(_) => Text::LinkCopyByHand.get(lang).to_string(),
                });
            });
        })
    };
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
    html! {
        <section class="friend-bar" aria-label={t(Text::MessagesLabel)}>
            if let Some(link) = link {
                <p class="link-status" role="status" id="link-status">{ link }</p>
            }
            { for error }
            // What the server said of the friend, while this page hears it.
            if state.link == Link::Open {
                <p class={classes!("presence", state.other_here().then_some("here"))} id="friend-presence">
                    <span class="presence-dot" aria-hidden="true"></span>
                    { words::labelled(&other, presence, lang) }
                </p>
            }
            <div class="said-list" role="log" aria-live="polite">{ for said }</div>
            if over && (mine || theirs) {
                <p class="hint-line" role="status" id="rematch-status">
                    { if mine { t(Text::RematchAsked).to_string() } else { format!("{other} {}", t(Text::RematchOffered)) } }
                </p>
            }
            <div class="sayings" role="group" aria-label={t(Text::MessagesLabel)}>
                { for Saying::ALL.iter().map(|&m| html! {
                    <button type="button" class="button say" data-say={format!("{m:?}")}
                            disabled={state.link != Link::Open}
                            onclick={on_say.reform(move |_: MouseEvent| m)}>
                        { saying(m, lang) }
                    </button>
                }) }
            </div>
        </section>
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
                                {review} {lang} {on} />
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
                                <span class="entry-title">{ piquet_table::online_table::status_line(r, lang) }</span>
                            </button>
                        </li>
                    }
                }) }
            </ul>
        </section>
    }
}
