//! A modal dialog: labelled, focus moved into it on open, closed by Escape or its close button.

use wasm_bindgen::JsCast;
use yew::prelude::*;

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
}

#[function_component(Modal)]
pub fn modal(props: &ModalProps) -> Html {
    let panel = use_node_ref();
    {
        let panel = panel.clone();
        use_effect_with((), move |_| {
            if let Some(el) = panel.cast::<web_sys::HtmlElement>() {
                let _ = el.focus();
            }
        });
    }
    let onkeydown = {
        let on_close = props.on_close.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Escape" {
                e.prevent_default();
                on_close.emit(());
            }
        })
    };
    let on_backdrop = {
        let on_close = props.on_close.clone();
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
    let close = props.on_close.reform(|_: MouseEvent| ());
    html! {
        <div class="modal-backdrop" onclick={on_backdrop}>
            <div id={props.id.clone()} class={classes!("modal", props.class.clone())} role="dialog" aria-modal="true"
                 aria-labelledby={title_id.clone()} tabindex="-1" ref={panel} {onkeydown}>
                <div class="modal-head">
                    <h2 id={title_id}>{ &props.title }</h2>
                    <button type="button" class="icon-button" aria-label={props.close_label.clone()}
                            onclick={close}>{ "×" }</button>
                </div>
                <div class="modal-body">{ props.children.clone() }</div>
            </div>
        </div>
    }
}
