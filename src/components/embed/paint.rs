//! The embedded table's looks put on the page's root element: `data-theme`, `data-size`,
//! `data-bg`, and a `style` of the custom properties and the font, all from
//! [`piquet_table::embed::Looks::paint`] (every value there is checked and canonical). With
//! `theme=auto` the table follows the reader's `prefers-color-scheme` as it changes.

use std::cell::RefCell;

use crate::services::browser;
use piquet_table::embed::{Looks, Theme};

thread_local! {
    /// The listener that repaints an `auto` table when the reader's preference changes.
    static FOLLOW: RefCell<Option<gloo_events::EventListener>> = const { RefCell::new(None) };
}

/// Paints the table as `looks` asks, now and, for `auto`, whenever the reader's preference
/// changes.
pub fn apply(looks: &Looks) {
    let query = browser::dark_query();
    paint(looks, query.as_ref().is_some_and(|q| q.matches()));
    let follow = (looks.theme == Theme::Auto)
        .then_some(query)
        .flatten()
        .map(|q| {
            let looks = looks.clone();
            let target = q.clone();
            gloo_events::EventListener::new(&q, "change", move |_| {
                paint(&looks, target.matches());
            })
        });
    FOLLOW.with(|f| *f.borrow_mut() = follow);
}

fn paint(looks: &Looks, prefers_dark: bool) {
    browser::paint_looks(looks, prefers_dark);
}
