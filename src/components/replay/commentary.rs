//! The commentary of the step, in the reader's language (another, marked, when the record has
//! no text in it), and its technical note apart; in a seat's view, a line saying it is hidden.

use piquet_table::i18n::{Lang, Text};
use piquet_table::replay_model::{Commentary, Written};
use yew::prelude::*;

/// A record's text, tagged with its language (and said to be in it) when it is not the
/// reader's.
fn written(text: &Written, lang: Lang) -> Html {
    match &text.other {
        None => html! { <p>{ text.body.clone() }</p> },
        Some((tag, mark)) => html! {
            <p lang={tag.clone()}>
                <span class="language-mark" lang={lang.tag()}>{ mark.get(lang) }</span>{ " " }{ text.body.clone() }
            </p>
        },
    }
}

/// The step's commentary and note, or the line saying they are shown in the open view only.
pub fn commentary_section(commentary: &Commentary, lang: Lang) -> Html {
    let t = |x: Text| x.get(lang);
    match &commentary {
        Commentary::Hidden => html! {
            <p class="small-note commentary-hidden" id="replay-comment-hidden">{ t(Text::CommentaryInOpenView) }</p>
        },
        Commentary::Shown {
            label,
            comment,
            note,
        } => {
            let note = note.as_ref().map(|text| {
                html! {
                    <details class="replay-note" id="replay-note">
                        <summary>{ t(Text::TechnicalNote) }</summary>
                        { written(text, lang) }
                    </details>
                }
            });
            html! {
                <section class="commentary" id="replay-comment" aria-label={t(Text::Commentary)}>
                    <span class="small-label">{ t(*label) }</span>
                    { for comment.as_ref().map(|c| written(c, lang)) }
                    { for note }
                </section>
            }
        }
    }
}
