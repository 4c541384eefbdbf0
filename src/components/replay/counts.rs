//! The running counts: this deal's points, the tricks, the totals (and the games won).

use piquet_table::i18n::{Lang, Text};
use piquet_table::replay_model::CountRow;
use piquet_words::Names;
use yew::prelude::*;

/// A table of the counts, a column per seat; each row carries its values in `data-a`/`data-b`.
pub fn counts(rows: &[CountRow], names: &Names, lang: Lang) -> Html {
    html! {
        <table class="replay-counts" aria-label={Text::Counts.get(lang)}>
            <thead>
                <tr><td></td><th scope="col">{ names.a.clone() }</th><th scope="col">{ names.b.clone() }</th></tr>
            </thead>
            <tbody>
                { for rows.iter().map(|row| {
                    let [a, b] = &row.values;
                    html! {
                        <tr id={row.id} data-a={a.clone()} data-b={b.clone()}>
                            <th scope="row">{ row.label.get(lang) }</th>
                            <td>{ a.clone() }</td>
                            <td>{ b.clone() }</td>
                        </tr>
                    }
                }) }
            </tbody>
        </table>
    }
}
