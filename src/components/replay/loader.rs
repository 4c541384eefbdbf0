//! The ways to open a record: the historical ones, a file, pasted text.

use piquet_engine::Record;
use piquet_table::i18n::{Lang, Text};
use piquet_table::records::{HISTORICAL, Historical, LoadProblem};
use piquet_table::replay::ReplayAction;
use yew::prelude::*;

/// What it is drawn from.
pub struct LoaderProps {
    pub lang: Lang,
    /// Unfolded (no record is open yet).
    pub open: bool,
    /// The title of the record open: the loader, unfolded by hand to choose another, folds
    /// again once that one is open.
    pub opened: Option<String>,
    pub dispatch: Callback<ReplayAction>,
    /// How the historical records are read: built in (the app), or fetched (`None`).
    pub built_in: Option<BuiltIn>,
}

/// Reads a historical record built into the wasm ([`Historical::text`]): the app's viewer,
/// which opens them offline. Without it (an embedded table) the viewer fetches the record's
/// file ([`Historical::file`], beside the page) and its wasm does not carry the records.
#[derive(Clone, Copy)]
pub struct BuiltIn(pub fn(&Historical) -> &'static str);

impl PartialEq for BuiltIn {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::fn_addr_eq(self.0, other.0)
    }
}

/// A record's text read, or why not, as the action that opens it.
fn open_text(text: &str, title: Option<String>) -> ReplayAction {
    ReplayAction::Open(
        Record::parse(text)
            .map(Box::new)
            .map_err(|e| LoadProblem::record(title.as_deref(), e)),
        title,
    )
}

/// The historical records, a file chosen, or text pasted.
pub fn loader(props: &LoaderProps) -> Html {
    let lang = props.lang;
    let t = |x: Text| x.get(lang);
    let historical = HISTORICAL
        .iter()
        .map(|h| {
            let dispatch = props.dispatch.clone();
            let built_in = props.built_in;
            let onclick = Callback::from(move |_: MouseEvent| {
                let title = Some(h.title.to_string());
                match built_in {
                    Some(BuiltIn(text)) => dispatch.emit(open_text(text(h), title)),
                    None => {
                        let dispatch = dispatch.clone();
                        wasm_bindgen_futures::spawn_local(async move {
                            let url = h.file();
                            let read = crate::services::files::fetch_text(&url).await;
                            dispatch.emit(match read {
                                Ok(text) => open_text(&text, title),
                                Err(e) => ReplayAction::Error(e),
                            });
                        });
                    }
                }
            });
            html! {
                <button type="button" class="button historical" id={format!("open-{}", h.id)} {onclick}>
                    { h.title }
                </button>
            }
        })
        .collect::<Html>();
    let on_file = {
        let dispatch = props.dispatch.clone();
        Callback::from(move |e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            let dispatch = dispatch.clone();
            wasm_bindgen_futures::spawn_local(async move {
                match crate::services::files::read_chosen_file(&input).await {
                    Ok((name, text)) => dispatch.emit(open_text(&text, Some(name))),
                    Err(e) => dispatch.emit(ReplayAction::Error(e)),
                }
                input.set_value("");
            });
        })
    };
    // A node ref made at each drawing (a plain function has no hooks): the text area binds to
    // it when drawn, and this drawing's callback reads it.
    let paste_ref = NodeRef::default();
    let on_paste = {
        let dispatch = props.dispatch.clone();
        let paste_ref = paste_ref.clone();
        Callback::from(move |_: MouseEvent| {
            let Some(area) = paste_ref.cast::<web_sys::HtmlTextAreaElement>() else {
                return;
            };
            let text = area.value();
            dispatch.emit(if text.trim().is_empty() {
                ReplayAction::Open(Err(LoadProblem::NothingPasted), None)
            } else {
                open_text(&text, None)
            });
        })
    };
    html! {
        <details class="replay-loader" open={props.open} key={props.opened.clone().unwrap_or_default()}>
            <summary>{ t(Text::OpenRecord) }</summary>
            <div class="loader-body">
                <div class="historical-list" role="group" aria-label={t(Text::HistoricalRecords)}>
                    <span class="small-label">{ t(Text::HistoricalRecords) }</span>
                    { historical }
                </div>
                <label class="file-label">
                    <span>{ t(Text::OpenFile) }</span>
                    <input type="file" id="record-file" accept=".json,.txt,.pqt,application/json,text/plain"
                           onchange={on_file} />
                </label>
                <label class="paste-label" for="record-paste">{ t(Text::PasteRecord) }</label>
                <textarea id="record-paste" rows="4" spellcheck="false" ref={paste_ref}
                          placeholder={t(Text::PastePlaceholder)} />
                <button type="button" class="button primary" id="record-paste-open" onclick={on_paste}>
                    { t(Text::OpenPasted) }
                </button>
            </div>
        </details>
    }
}
