//! The facts of the game: its event (or title), players, date, rules, source, licence and
//! annotator.

use piquet_table::i18n::Lang;
use piquet_table::replay_model::Facts;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct FactsProps {
    pub facts: Facts,
    pub lang: Lang,
}

/// The heading and the facts the record states.
#[function_component(FactsSection)]
pub fn facts_section(props: &FactsProps) -> Html {
    let lang = props.lang;
    html! {
        <section class="replay-meta" aria-labelledby="replay-event">
            <h2 id="replay-event">{ props.facts.heading.clone() }</h2>
            <dl>
                { for props.facts.rows.iter().map(|(label, value)| html! {
                    <><dt>{ label.get(lang) }</dt><dd>{ value.clone() }</dd></>
                }) }
            </dl>
        </section>
    }
}
