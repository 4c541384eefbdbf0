//! The step buttons and where the cursor stands: docked with the commentary at the foot of a
//! phone's screen, so that both stay in sight while one steps through a deal.

use piquet_table::i18n::{Lang, Text};
use piquet_table::replay::{Goto, ReplayAction};
use piquet_table::replay_model::Steps;
use yew::prelude::*;

/// A small control icon (decorative: its button is named).
fn icon(path: &'static str) -> Html {
    html! {
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d={path} /></svg>
    }
}

/// To the start, back, autoplay, forward, to the end; and the position in words.
pub fn step_controls(
    steps: Steps,
    autoplay: bool,
    lang: Lang,
    dispatch: &Callback<ReplayAction>,
) -> Html {
    let t = |x: Text| x.get(lang);
    let Steps {
        at_start, at_end, ..
    } = steps;
    let go = |g: Goto| dispatch.reform(move |_: MouseEvent| ReplayAction::Move(g));
    let toggle_auto = dispatch.reform(move |_: MouseEvent| ReplayAction::Autoplay(!autoplay));
    html! {
        <section class="replay-controls" aria-label={t(Text::ReplayControls)}>
            <div class="step-buttons">
                <button type="button" class="tool" id="replay-start" disabled={at_start} onclick={go(Goto::Start)}
                        aria-label={t(Text::ToStart)} title={t(Text::ToStart)}>{ icon("M5 4h2v16H5zM19 4v16L8 12z") }</button>
                <button type="button" class="tool" id="replay-back" disabled={at_start} onclick={go(Goto::Back)}
                        aria-label={t(Text::StepBack)} title={t(Text::StepBack)}>{ icon("M17 4v16L6 12z") }</button>
                <button type="button" class="tool" id="replay-play" disabled={at_end && !autoplay} onclick={toggle_auto}
                        aria-pressed={autoplay.to_string()}>
                    { if autoplay { t(Text::Pause) } else { t(Text::AutoPlay) } }
                </button>
                <button type="button" class="tool" id="replay-forward" disabled={at_end} onclick={go(Goto::Forward)}
                        aria-label={t(Text::StepForward)} title={t(Text::StepForward)}>{ icon("M7 4v16l11-8z") }</button>
                <button type="button" class="tool" id="replay-end" disabled={at_end} onclick={go(Goto::End)}
                        aria-label={t(Text::ToEnd)} title={t(Text::ToEnd)}>{ icon("M17 4h2v16h-2zM5 4v16l11-8z") }</button>
            </div>
            <p class="replay-position" id="replay-position" aria-live="polite">
                { steps.position_line(lang) }
            </p>
        </section>
    }
}
