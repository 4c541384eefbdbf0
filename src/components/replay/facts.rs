//! The facts of the game: its event (or title), players, date, rules, source, licence and
//! annotator.

use piquet_table::i18n::{Lang, Text};
use piquet_table::replay_model::Facts;
use yew::prelude::*;

/// The heading and the facts the record states; `folded`, the facts behind a summary that
/// opens them (the app's viewer: the table stays whole on the screen under the heading).
pub fn facts_section(facts: &Facts, lang: Lang, folded: bool) -> Html {
    let list = html! {
        <dl>
            { for facts.rows.iter().map(|(label, value)| html! {
                <><dt>{ label.get(lang) }</dt><dd>{ value.clone() }</dd></>
            }) }
        </dl>
    };
    html! {
        <section class="replay-meta" aria-labelledby="replay-event">
            <h2 id="replay-event">{ facts.heading.clone() }</h2>
            if folded {
                <details class="replay-facts" id="replay-facts">
                    <summary>{ Text::RecordFacts.get(lang) }</summary>
                    { list }
                </details>
            } else {
                { list }
            }
        </section>
    }
}
