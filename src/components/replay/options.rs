//! The jumps (to a deal, to a trick) and how the cards are shown (all face up, or as one seat
//! saw them).

use piquet_engine::Seat;
use piquet_table::i18n::{Lang, Text};
use piquet_table::replay::{Goto, ReplayAction, ViewMode};
use piquet_table::replay_model::Steps;
use piquet_words::Names;
use yew::prelude::*;

/// The two jump lists and the choice of view.
pub fn options(
    steps: Steps,
    view: ViewMode,
    names: &Names,
    lang: Lang,
    dispatch: &Callback<ReplayAction>,
) -> Html {
    let t = |x: Text| x.get(lang);
    let Steps {
        deal,
        deals,
        tricks,
        current_trick,
        ..
    } = steps;
    // A value chosen in a jump list, as the move it asks for.
    let on_select = |goto: fn(usize, &str) -> Option<Goto>| {
        let dispatch = dispatch.clone();
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            if let Some(g) = goto(deal, &select.value()) {
                dispatch.emit(ReplayAction::Move(g));
            }
        })
    };
    let on_deal = on_select(|_, v| v.parse::<usize>().ok().map(Goto::Deal));
    let on_trick = on_select(|deal, v| v.parse::<u8>().ok().map(|k| Goto::Trick(deal, k)));
    let view_choice = |mode: ViewMode, id: &'static str, label: String| {
        let onchange = dispatch.reform(move |_: Event| ReplayAction::View(mode));
        html! {
            <label class="choice">
                <input type="radio" name="replay-view" {id} checked={view == mode} {onchange} />
                <span>{ label }</span>
            </label>
        }
    };
    let seen_by = |name: &str| format!("{} {}", t(Text::AsSeenBy), name);
    html! {
        <section class="replay-options" aria-label={t(Text::ShowCards)}>
            <div class="replay-jumps">
                <label>
                    <span class="small-label">{ t(Text::GoToDeal) }</span>
                    <select id="replay-deal" onchange={on_deal} disabled={deals < 2}>
                        { for (0..deals.max(1)).map(|d| html! {
                            <option value={d.to_string()} selected={d == deal}>
                                { format!("{} {}", t(Text::DealWord), d + 1) }
                            </option>
                        }) }
                    </select>
                </label>
                <label>
                    <span class="small-label">{ t(Text::GoToTrick) }</span>
                    <select id="replay-trick" onchange={on_trick} disabled={tricks == 0}>
                        <option value="" selected={current_trick.is_none()}>{ "—" }</option>
                        { for (1..=tricks).map(|k| html! {
                            <option value={k.to_string()} selected={current_trick == Some(k)}>
                                { format!("{} {k}", t(Text::TrickWord)) }
                            </option>
                        }) }
                    </select>
                </label>
            </div>
            <fieldset class="replay-view">
                <legend class="small-label">{ t(Text::ShowCards) }</legend>
                { view_choice(ViewMode::Open, "view-open", t(Text::AllFaceUp).to_string()) }
                { view_choice(ViewMode::Seat(Seat::A), "view-a", seen_by(&names.a)) }
                { view_choice(ViewMode::Seat(Seat::B), "view-b", seen_by(&names.b)) }
            </fieldset>
        </section>
    }
}
