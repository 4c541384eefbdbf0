//! The table's top bar: leave, where the game stands, and the tools one tap away — the hint,
//! the score sheet, the log, the rules — and a menu (export, settings). Icons with their words on a
//! wide screen, icons named for screen readers on a phone.

use yew::prelude::*;

use crate::services::browser;
use piquet_table::i18n::{Lang, Text};
use piquet_table::table_ui::TableAction;

/// The icons of the bar, as SVG paths in a 24-unit box.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Icon {
    Back,
    Hint,
    Sheet,
    Log,
    Rules,
    Menu,
}

impl Icon {
    fn path(self) -> &'static str {
        match self {
            Icon::Back => "M15.4 4.6 8 12l7.4 7.4-1.8 1.8L4.4 12l9.2-9.2z",
            Icon::Hint => {
                "M12 2a7 7 0 0 0-4 12.7V17a1 1 0 0 0 1 1h6a1 1 0 0 0 1-1v-2.3A7 7 0 0 0 12 2Zm-3 \
                 18h6v1.5a1.5 1.5 0 0 1-1.5 1.5h-3A1.5 1.5 0 0 1 9 21.5Z"
            }
            Icon::Sheet => {
                "M4 3h16a1 1 0 0 1 1 1v16a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1Zm1 \
                 2v3h14V5Zm0 5v9h6v-9Zm8 0v9h6v-9Z"
            }
            Icon::Log => "M4 5h2v2H4Zm4 0h12v2H8ZM4 11h2v2H4Zm4 0h12v2H8ZM4 17h2v2H4Zm4 0h12v2H8Z",
            Icon::Rules => {
                "M6 3h11a2 2 0 0 1 2 2v15a1 1 0 0 1-1 1H7a3 3 0 0 1-3-3V5a2 2 0 0 1 2-2Zm0 2v10.2A3 \
                 3 0 0 1 7 15h10V5Zm1 12a1 1 0 0 0 0 2h10v-2Zm2-9h6v2H9Zm0 3h6v2H9Z"
            }
            Icon::Menu => {
                "M12 7.5A2 2 0 1 1 12 3.5a2 2 0 0 1 0 4Zm0 6.5a2 2 0 1 1 0-4 2 2 0 0 1 0 4Zm0 \
                 6.5a2 2 0 1 1 0-4 2 2 0 0 1 0 4Z"
            }
        }
    }

    /// The icon, hidden from screen readers (its button carries the name).
    pub fn svg(self) -> Html {
        html! {
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" class="icon">
                <path d={self.path()} />
            </svg>
        }
    }
}

#[derive(Properties, PartialEq)]
pub struct TopBarProps {
    pub lang: Lang,
    /// Where the game stands (« Donne 3 · en 100 »).
    pub deal_label: AttrValue,
    pub can_hint: bool,
    pub hint_pending: bool,
    pub menu_open: bool,
    pub embedded: bool,
    pub on: Callback<TableAction>,
    pub on_hint: Callback<()>,
    pub on_leave: Callback<()>,
    #[prop_or_default]
    pub on_rules: Option<Callback<()>>,
    #[prop_or_default]
    pub on_settings: Option<Callback<()>>,
    /// A lesson: « Quitter la leçon », and no hint (the lesson says what to do).
    #[prop_or_default]
    pub lesson: bool,
    /// The expert's hint is offered (not in a game against a friend).
    #[prop_or(true)]
    pub hint: bool,
    /// The export is offered (a game against a friend: once its whole record is here).
    #[prop_or(true)]
    pub export: bool,
}

#[function_component(TopBar)]
pub fn top_bar(props: &TopBarProps) -> Html {
    let lang = props.lang;
    let t = |x: Text| x.get(lang);
    let on = &props.on;
    // A tool with a keyboard shortcut says it in its title and to screen readers.
    let key_of = |id: &str| browser::shortcut_key(id);
    let titled = |id: &str, label: &str| match key_of(id) {
        Some(k) => format!("{label} ({k})"),
        None => label.to_string(),
    };
    let tool =
        |id: &'static str, icon: Icon, label: &'static str, onclick: Callback<MouseEvent>| {
            html! {
                <button type="button" class="tool" {id} aria-label={label} title={titled(id, label)}
                        aria-keyshortcuts={key_of(id)} {onclick}>
                    { icon.svg() }<span class="tool-label" aria-hidden="true">{ label }</span>
                </button>
            }
        };
    let close_menu = on.reform(|_| TableAction::Menu(false));
    let menu_item = |id: &'static str, label: &'static str, cb: Callback<()>| {
        let close = close_menu.clone();
        let onclick = Callback::from(move |_: MouseEvent| {
            close.emit(());
            cb.emit(());
        });
        html! { <li><button type="button" class="menu-item" role="menuitem" {id} {onclick}>{ label }</button></li> }
    };
    let on_menu_key = {
        let close = close_menu.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Escape" {
                e.prevent_default();
                close.emit(());
            }
        })
    };
    let hint_label = if props.hint_pending {
        t(Text::HintThinking)
    } else {
        t(Text::Hint)
    };
    let open = props.menu_open;
    let (leave, leave_label) = if props.lesson {
        (t(Text::LeaveLesson), t(Text::LeaveLesson))
    } else {
        (t(Text::LeaveTable), t(Text::Leave))
    };
    html! {
        <header class="table-bar">
            if !props.embedded {
                <button type="button" class="tool back" id="leave-button" aria-label={leave}
                        title={leave} onclick={props.on_leave.reform(|_: MouseEvent| ())}>
                    { Icon::Back.svg() }<span class={classes!("tool-label", props.lesson.then_some("lesson-leave"))} aria-hidden="true">{ leave_label }</span>
                </button>
            }
            <span class="deal-label">{ props.deal_label.clone() }</span>
            <nav class="tools" aria-label={t(Text::GameActions)}>
                if !props.lesson && props.hint {
                    <button type="button" class="tool" id="hint-button" aria-label={hint_label}
                            title={titled("hint-button", hint_label)} aria-keyshortcuts={key_of("hint-button")}
                            disabled={!props.can_hint || props.hint_pending}
                            onclick={props.on_hint.reform(|_: MouseEvent| ())}>
                        { Icon::Hint.svg() }<span class="tool-label" aria-hidden="true">{ hint_label }</span>
                    </button>
                }
                { tool("sheet-button", Icon::Sheet, t(Text::ScoreSheet), on.reform(|_| TableAction::Sheet(true))) }
                { tool("toggle-log", Icon::Log, t(Text::GameLog), on.reform(|_| TableAction::Log(true))) }
                if let Some(cb) = &props.on_rules {
                    { tool("table-rules", Icon::Rules, t(Text::Rules), cb.reform(|_: MouseEvent| ())) }
                }
                <div class="menu-wrap" onkeydown={on_menu_key}>
                    <button type="button" class="tool" id="table-menu" aria-label={t(Text::More)} title={t(Text::More)}
                            aria-haspopup="menu" aria-expanded={open.to_string()}
                            onclick={on.reform(move |_| TableAction::Menu(!open))}>
                        { Icon::Menu.svg() }
                    </button>
                    if open {
                        <div class="menu-scrim" onclick={close_menu.reform(|_: MouseEvent| ())}></div>
                        <ul class="menu" role="menu" aria-label={t(Text::More)}>
                            if props.export {
                                { menu_item("export-button", t(Text::Export), on.reform(|_| TableAction::Export(true))) }
                            }
                            if let Some(cb) = &props.on_settings {
                                { menu_item("table-settings", t(Text::Settings), cb.clone()) }
                            }
                        </ul>
                    }
                </div>
            </nav>
        </header>
    }
}
