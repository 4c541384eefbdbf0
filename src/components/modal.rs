//! A modal dialog: labelled, focus moved into it on open and kept there (Tab cycles through
//! its controls), closed by Escape, its close button
//! or the browser's Back button (it is an entry of the browser's history while it is open,
//! see [`crate::services::history`]). A footer, if given, stays on screen below the body,
//! which scrolls: a dialog's main button is never below the fold.

use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::services::history;

#[derive(Properties, PartialEq)]
pub struct ModalProps {
    /// The dialog's id; its title gets `{id}-title`.
    pub id: AttrValue,
    pub title: AttrValue,
    pub close_label: AttrValue,
    pub on_close: Callback<()>,
    /// Extra classes for the panel, e.g. `wide` for a long page.
    #[prop_or_default]
    pub class: Classes,
    #[prop_or_default]
    pub children: Html,
    /// Buttons kept on screen below the scrolling body (e.g. « Commencer la partie »).
    #[prop_or_default]
    pub footer: Option<Html>,
    /// A body with nothing to focus that may have to scroll (the statistics on a phone held
    /// sideways): it is a named region the keyboard reaches, and scrolls.
    #[prop_or_default]
    pub scroll_label: Option<AttrValue>,
}

/// The dialog as an entry of the browser's history: Back closes it. Returns the way to close it
/// from the page (Escape, ×): back through history when its entry is the current one, so that
/// Forward does not reopen a closed dialog, else at once.
#[hook]
pub(crate) fn use_back_closes(id: AttrValue, on_close: Callback<()>) -> Callback<()> {
    let marker = history::overlay(&id);
    {
        let marker = marker.clone();
        let on_close = on_close.clone();
        use_effect_with((), move |_| {
            let before = history::current();
            history::push(&marker);
            let listener = {
                let marker = marker.clone();
                history::on_pop(move |state| {
                    if state.as_deref() != Some(marker.as_str()) {
                        on_close.emit(());
                    }
                })
            };
            move || {
                drop(listener);
                // Closed by the page (a game started from the dialog, say): its entry must not
                // stay behind as a dead step of Back.
                if history::current().as_deref() == Some(marker.as_str()) {
                    if let Some(before) = before {
                        history::replace(&before);
                    }
                }
            }
        });
    }
    Callback::from(move |_| {
        if history::current().as_deref() == Some(marker.as_str()) {
            history::back();
        } else {
            on_close.emit(());
        }
    })
}

#[function_component(Modal)]
pub fn modal(props: &ModalProps) -> Html {
    let panel = use_node_ref();
    let close_request = use_back_closes(props.id.clone(), props.on_close.clone());
    {
        let panel = panel.clone();
        use_effect_with((), move |_| {
            if let Some(el) = panel.cast::<web_sys::HtmlElement>() {
                crate::services::browser::focus(&el);
            }
        });
    }
    let onkeydown = {
        let on_close = close_request.clone();
        let panel = panel.clone();
        Callback::from(move |e: KeyboardEvent| match e.key().as_str() {
            "Escape" => {
                e.prevent_default();
                on_close.emit(());
            }
            // Tab stays inside the dialog: the page behind is not reached while it is open.
            "Tab" => {
                if let Some(el) = panel.cast::<web_sys::HtmlElement>() {
                    crate::services::browser::trap_tab(&el, &e);
                }
            }
            _ => {}
        })
    };
    let on_backdrop = {
        let on_close = close_request.clone();
        Callback::from(move |e: MouseEvent| {
            let on_backdrop = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .is_some_and(|el| {
                    // `get_attribute`, not `class_name`: an SVG element's className is no string.
                    el.get_attribute("class")
                        .is_some_and(|c| c.split_whitespace().any(|c| c == "modal-backdrop"))
                });
            if on_backdrop {
                on_close.emit(());
            }
        })
    };
    let title_id = format!("{}-title", props.id);
    let close = close_request.reform(|_: MouseEvent| ());
    html! {
        <div class="modal-backdrop" onclick={on_backdrop}>
            <div id={props.id.clone()} class={classes!("modal", props.class.clone())} role="dialog" aria-modal="true"
                 aria-labelledby={title_id.clone()} tabindex="-1" ref={panel} {onkeydown}>
                <div class="modal-head">
                    <h2 id={title_id}>{ &props.title }</h2>
                    <button type="button" class="icon-button" aria-label={props.close_label.clone()}
                            onclick={close}>{ "×" }</button>
                </div>
                if let Some(label) = &props.scroll_label {
                    <div class="modal-body" role="region" tabindex="0" aria-label={label.clone()}>{ props.children.clone() }</div>
                } else {
                    <div class="modal-body">{ props.children.clone() }</div>
                }
                if let Some(footer) = &props.footer {
                    <div class="modal-foot">{ footer.clone() }</div>
                }
            </div>
        </div>
    }
}
