//! The log of the deal so far, in words; the step's own lines stand out (`.fresh`). The root
//! keeps its last line in view.

use piquet_table::i18n::{Lang, Text};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct LogProps {
    /// The lines, `true` for the step's own.
    pub lines: Vec<(bool, String)>,
    pub lang: Lang,
}

/// The log box, `#replay-log`.
#[function_component(Log)]
pub fn log(props: &LogProps) -> Html {
    html! {
        <section class="replay-log-box" aria-labelledby="replay-log-title">
            <h2 class="small-label" id="replay-log-title">{ Text::GameLog.get(props.lang) }</h2>
            <ol class="log replay-log" id="replay-log" tabindex="0" aria-labelledby="replay-log-title">
                { for props.lines.iter().map(|(fresh, line)| html! {
                    <li class={classes!(fresh.then_some("fresh"))}>{ line }</li>
                }) }
            </ol>
        </section>
    }
}
