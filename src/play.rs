//! The play wasm's screens (`src/bin/play.rs`): the way from the first screen to a game against
//! the computer — the first screen, the new-game dialog, the settings, the rules, the table
//! with its score sheet, hints, review and game over — is the same [`App`](crate::App) as the
//! whole app's. For the rest (the replay viewer, a lesson, a problem, the deal of the day, a
//! game with a friend, the statistics, the lists of lessons and problems) it hands the page over
//! to the whole app (`src/bin/app.rs`), as the first screen's shell does: the game is in storage
//! at every move, the history entry or the way in ([`shell::INTENT`]) says where to go, and
//! the screen on show stays until the whole app draws in its place. The play wasm so links
//! none of those screens (`tests/wasm_size.rs`, `tests/e2e/weight.test.mjs`).

use yew::prelude::*;

use crate::app::{AppStore, Dialog, Rest, RestOf, Screen};
use crate::components::review::ReviewProps;
use crate::components::review_table::OnTable;
use crate::components::table::overlays::DrawTableReview;
use crate::services::{online, storage};
use crate::shell;
use piquet_table::i18n::{Lang, Text};
use piquet_table::problem::solve::OnTable as OnProblem;
use piquet_table::replay::Incoming;
use piquet_table::settings::Settings;
use piquet_table::stored::Unread;

/// The play wasm's [`Rest`]: a hand-over to the whole app.
pub struct Play;

/// The play wasm's screens, for [`crate::app::AppProps::rest`].
pub const PLAY: RestOf = RestOf(&Play);

/// The way in the whole app carries out for a screen the play wasm does not draw; none where
/// the page says it already (a lesson or a problem by the history entry, a friend's room by the
/// address).
fn intent_for(screen: Screen) -> Option<&'static str> {
    match screen {
        Screen::Replay => Some("replay"),
        Screen::Daily => Some("daily-deal"),
        _ => None,
    }
}

impl Rest for Play {
    fn on_table(&self, _: &mut Vec<Unread>) -> (Option<String>, Option<OnProblem>) {
        // The shell starts the whole app for a page left on a lesson or a problem.
        (None, None)
    }

    fn resume(&self, _: &UseReducerHandle<AppStore>) {}

    fn draws(&self, screen: Screen) -> bool {
        matches!(screen, Screen::Home | Screen::Table)
    }

    fn screen(&self, state: &UseReducerHandle<AppStore>) -> Html {
        if state.screen == Screen::Online {
            // The whole app opens the room in the address.
            online::show_room_in_address(state.room.as_deref());
        }
        html! {
            <main class="home" id="main">
                <HandOver lang={state.settings.lang} intent={intent_for(state.screen).map(AttrValue::from)}
                          route={state.screen.id()} />
            </main>
        }
    }

    fn dialog(&self, state: &UseReducerHandle<AppStore>, dialog: Dialog) -> Html {
        let intent = match dialog {
            Dialog::Stats => "stats",
            Dialog::Problems => "problems",
            Dialog::Lessons => "learn",
            Dialog::Settings | Dialog::NewGame | Dialog::Rules => return html! {},
        };
        html! {
            <HandOver lang={state.settings.lang} intent={AttrValue::from(intent)} route={state.screen.id()} />
        }
    }

    fn online_games(&self, state: &UseReducerHandle<AppStore>) -> Html {
        // The first screen lists the games with a friend that this device holds a seat in:
        // the whole app asks the server for them.
        if storage::holds_rooms() {
            html! { <HandOver lang={state.settings.lang} route={Screen::Home.id()} /> }
        } else {
            html! {}
        }
    }

    fn daily_problem(&self, state: &UseReducerHandle<AppStore>) -> Callback<()> {
        let route = state.screen.id();
        Callback::from(move |_: ()| shell::hand_over(Some("daily-problem"), route))
    }

    fn review_table(&self, _: &Settings) -> Option<Callback<OnTable, Html>> {
        // The review is the whole app's (`table_review`).
        None
    }

    fn table_review(&self) -> DrawTableReview {
        DrawTableReview(review_elsewhere)
    }

    fn incoming(&self) -> Option<Incoming> {
        // The shell starts the whole app for a page with a record in its link.
        None
    }

    fn link_followed(&self, state: &UseReducerHandle<AppStore>) {
        // The whole app reads the record in the link.
        shell::hand_over(Some("replay"), state.screen.id());
    }

    fn leave_for(&self, screen: Screen) {
        shell::hand_over(intent_for(screen), screen.id());
    }
}

/// A deal's review asked at the table: the whole app opens the table with it (`review:<deal>`).
fn review_elsewhere(r: &ReviewProps) -> Html {
    html! {
        <HandOver lang={r.lang} intent={AttrValue::from(format!("review:{}", r.deal))}
                  route={Screen::Table.id()} />
    }
}

#[derive(Properties, PartialEq)]
struct HandOverProps {
    lang: Lang,
    #[prop_or_default]
    intent: Option<AttrValue>,
    route: &'static str,
}

/// Hands the page over to the whole app once drawn, saying meanwhile that it is on its way.
#[function_component(HandOver)]
fn hand_over(props: &HandOverProps) -> Html {
    {
        let (intent, route) = (props.intent.clone(), props.route);
        use_effect_with((), move |_| shell::hand_over(intent.as_deref(), route));
    }
    html! {
        <p class="toast handing-over" role="status">{ Text::Loading.get(props.lang) }</p>
    }
}
