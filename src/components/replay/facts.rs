//! The facts of the game: its event (or title), players, date, rules, source, licence and
//! annotator.

use piquet_table::i18n::Lang;
use piquet_table::replay_model::Facts;
use yew::prelude::*;

/// The heading and the facts the record states.
pub fn facts_section(facts: &Facts, lang: Lang) -> Html {
    html! {
        <section class="replay-meta" aria-labelledby="replay-event">
            <h2 id="replay-event">{ facts.heading.clone() }</h2>
            <dl>
                { for facts.rows.iter().map(|(label, value)| html! {
                    <><dt>{ label.get(lang) }</dt><dd>{ value.clone() }</dd></>
                }) }
            </dl>
        </section>
    }
}
