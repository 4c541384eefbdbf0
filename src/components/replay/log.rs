//! The log of the deal so far, in words; the step's own lines stand out (`.fresh`). The root
//! keeps its last line in view.

use piquet_table::i18n::{Lang, Text};
use yew::prelude::*;

/// The log box, `#replay-log`.
pub fn log(lines: &[(bool, String)], lang: Lang) -> Html {
    html! {
        <section class="replay-log-box" aria-labelledby="replay-log-title">
            <h2 class="small-label" id="replay-log-title">{ Text::GameLog.get(lang) }</h2>
            <ol class="log replay-log" id="replay-log" tabindex="0" aria-labelledby="replay-log-title">
                { for lines.iter().map(|(fresh, line)| html! {
                    <li class={classes!(fresh.then_some("fresh"))}>{ line }</li>
                }) }
            </ol>
        </section>
    }
}
