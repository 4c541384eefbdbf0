//! The pattern of a dialog listing what the site serves — the lessons, the problems — in one
//! hook ([`use_fetched_list`]): the list fetched once when the dialog opens, the player's
//! progress read from storage (and what the page must say if it was not read whole), the item
//! being opened (every button waits for it), and why the last one could not be opened.

use std::future::Future;
use std::rc::Rc;

use yew::prelude::*;

use piquet_table::error_words;
use piquet_table::i18n::{Lang, Text};
use piquet_table::stored::Unread;
use piquet_words as words;

/// The list as fetched.
#[derive(Clone, PartialEq)]
pub enum Fetched<T> {
    Loading,
    Ready(Rc<T>),
    Failed(String),
}

/// A fetched list, the progress in it, the item being opened and the last error.
pub struct FetchedList<T: 'static, P: 'static> {
    pub list: UseStateHandle<Fetched<T>>,
    /// The progress, and what could not be read of it.
    pub progress: UseStateHandle<(Rc<P>, Option<Unread>)>,
    /// The id of the item being opened.
    pub opening: UseStateHandle<Option<String>>,
    /// Why the last item could not be opened.
    pub error: UseStateHandle<Option<String>>,
}

impl<T: 'static, P: 'static> Clone for FetchedList<T, P> {
    fn clone(&self) -> Self {
        FetchedList {
            list: self.list.clone(),
            progress: self.progress.clone(),
            opening: self.opening.clone(),
            error: self.error.clone(),
        }
    }
}

/// The list `fetch` gets (once, when the dialog opens) and the progress `read_progress` reads.
#[hook]
pub fn use_fetched_list<T, P, F, Fut>(
    fetch: F,
    read_progress: fn() -> (P, Option<Unread>),
) -> FetchedList<T, P>
where
    T: 'static,
    P: 'static,
    F: FnOnce() -> Fut + 'static,
    Fut: Future<Output = Result<T, String>> + 'static,
{
    let list = use_state(|| Fetched::Loading);
    let progress = use_state(|| {
        let (progress, unread) = read_progress();
        (Rc::new(progress), unread)
    });
    let opening = use_state(|| None::<String>);
    let error = use_state(|| None::<String>);
    {
        let list = list.clone();
        use_effect_with((), move |_| {
            wasm_bindgen_futures::spawn_local(async move {
                list.set(match fetch().await {
                    Ok(items) => Fetched::Ready(Rc::new(items)),
                    Err(e) => Fetched::Failed(e),
                });
            });
        });
    }
    FetchedList {
        list,
        progress,
        opening,
        error,
    }
}

impl<T: 'static, P: 'static> FetchedList<T, P> {
    /// The callback that opens item `id`: while `load` runs every button waits; what it gives
    /// goes to `on_ok`, or its error, put in words by `why`, is shown.
    pub fn open<R, Fut>(
        &self,
        id: &str,
        load: impl Fn() -> Fut + 'static,
        on_ok: Callback<R>,
        why: impl Fn(&str) -> String + 'static,
    ) -> Callback<MouseEvent>
    where
        R: 'static,
        Fut: Future<Output = Result<R, String>> + 'static,
    {
        let (id, opening, error) = (id.to_string(), self.opening.clone(), self.error.clone());
        let why = Rc::new(why);
        Callback::from(move |_: MouseEvent| {
            opening.set(Some(id.clone()));
            error.set(None);
            let (opening, error, on_ok, why) =
                (opening.clone(), error.clone(), on_ok.clone(), why.clone());
            let loading = load();
            wasm_bindgen_futures::spawn_local(async move {
                match loading.await {
                    Ok(item) => on_ok.emit(item),
                    Err(e) => {
                        opening.set(None);
                        error.set(Some(why(&e)));
                    }
                }
            });
        })
    }

    /// The list while it loads, why it could not be had, or `ready` drawing it.
    pub fn body(
        &self,
        loading: Text,
        unavailable: Text,
        lang: Lang,
        ready: impl FnOnce(&Rc<T>) -> Html,
    ) -> Html {
        match &*self.list {
            Fetched::Loading => {
                html! { <p class="hint-line" role="status">{ loading.get(lang) }</p> }
            }
            Fetched::Failed(why) => html! {
                <p class="notice" role="alert">{ words::labelled(unavailable.get(lang), why, lang) }</p>
            },
            Fetched::Ready(items) => ready(items),
        }
    }

    /// What the dialog says first: the progress was not read whole.
    pub fn stored_notice(&self, lang: Lang) -> Option<Html> {
        self.progress.1.as_ref().map(|u| {
            html! { <p class="notice" role="alert">{ error_words::unread(u, lang) }</p> }
        })
    }

    /// Why the last item could not be opened (`id` names the line, for the page's tests).
    pub fn error_notice(&self, id: &'static str) -> Option<Html> {
        self.error
            .as_ref()
            .map(|e| html! { <p class="notice" role="alert" {id}>{ e }</p> })
    }
}
