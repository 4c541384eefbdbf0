//! Export of a record: JSON and text-form downloads, and a link that opens the record in the
//! viewer (the record travels in the link's fragment, see docs/record-format.md). Used by the
//! game screen (the game so far, finished or not) and by the replay viewer.

use std::rc::Rc;

use piquet_engine::Record;
use yew::prelude::*;

use crate::services::{browser, files};
use piquet_table::i18n::{Lang, Text};
use piquet_table::{link, records};

#[derive(Properties, PartialEq)]
pub struct ExportProps {
    pub record: Rc<Record>,
    pub lang: Lang,
    /// Exported from a game: the players' names as the table says them, written in the
    /// record's metadata with the day of the export (a record that has its own keeps them).
    #[prop_or_default]
    pub players: Option<[String; 2]>,
}

/// The three ways out, with the outcome said in a status line.
#[function_component(Export)]
pub fn export(props: &ExportProps) -> Html {
    let lang = props.lang;
    let t = |x: Text| x.get(lang);
    let status = use_state(|| None::<(bool, String)>);
    // The record as it leaves: with its context when it comes from a game, dated at the click.
    let outgoing = {
        let (record, players) = (props.record.clone(), props.players.clone());
        move || match &players {
            Some(p) => records::with_context(&record, p.clone(), &browser::today()),
            None => (*record).clone(),
        }
    };
    let link = use_state(|| None::<String>);
    let download = |ext: &'static str| {
        let outgoing = outgoing.clone();
        let status = status.clone();
        Callback::from(move |_: MouseEvent| {
            let record = outgoing();
            let name = records::file_name(&record, ext);
            let (text, mime) = if ext == "json" {
                (record.to_json(), "application/json")
            } else {
                (record.to_text(), "text/plain;charset=utf-8")
            };
            status.set(Some(match files::download(&name, &text, mime) {
                Ok(()) => (true, format!("{} {name}", Text::Downloaded.get(lang))),
                Err(e) => (false, format!("{} ({e})", Text::ExportFailed.get(lang))),
            }));
        })
    };
    let on_link = {
        let outgoing = outgoing.clone();
        let status = status.clone();
        let link = link.clone();
        Callback::from(move |_: MouseEvent| {
            let url = format!("{}{}", files::app_url(), link::fragment(&outgoing()));
            link.set(Some(url.clone()));
            let status = status.clone();
            wasm_bindgen_futures::spawn_local(async move {
                status.set(Some(match files::copy(&url).await {
                    Ok(()) => (true, Text::LinkCopied.get(lang).to_string()),
                    Err(_) => (true, Text::LinkCopyByHand.get(lang).to_string()),
                }));
            });
        })
    };
    html! {
        <div class="export" role="group" aria-label={t(Text::Export)}>
            <div class="export-buttons">
                <button type="button" class="button" id="export-json" onclick={download("json")}>
                    { t(Text::DownloadJson) }
                </button>
                <button type="button" class="button" id="export-text" onclick={download("txt")}>
                    { t(Text::DownloadText) }
                </button>
                <button type="button" class="button" id="export-link" onclick={on_link}>
                    { t(Text::CopyLink) }
                </button>
            </div>
            if let Some(url) = (*link).clone() {
                <label class="export-link">
                    <span class="small-label">{ t(Text::LinkLabel) }</span>
                    <input type="text" readonly=true value={url} id="export-link-text"
                           onfocus={Callback::from(|e: FocusEvent| {
                               let input: web_sys::HtmlInputElement = e.target_unchecked_into();
                               input.select();
                           })} />
                </label>
            }
            <p class={classes!("export-status", status.as_ref().is_some_and(|s| !s.0).then_some("bad"))}
               role="status" aria-live="polite">
                { status.as_ref().map(|s| s.1.clone()).unwrap_or_default() }
            </p>
        </div>
    }
}
