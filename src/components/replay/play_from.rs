//! "Play this deal": a seat, a level, and the game goes on from the cursor.

use std::rc::Rc;

use piquet_engine::cursor::Position;
use piquet_engine::{Record, Seat};
use piquet_table::i18n::{Lang, Text};
use piquet_words::Names;
use yew::prelude::*;

/// A game asked for from a position. Whoever puts the viewer on the page builds the game
/// ([`PlayFrom::session`]), so that the embedded replay's own wasm carries no game session.
pub use piquet_table::records::PlayFrom;

/// What it is drawn from.
pub struct PlayFromProps {
    pub record: Rc<Record>,
    pub position: Position,
    /// The game is over: nothing to play on.
    pub over: bool,
    pub names: Names,
    pub lang: Lang,
    /// The game asked for; false when it cannot be played on from the position (said under
    /// the button).
    pub on_play: Callback<PlayFrom, bool>,
}

const ERROR_ID: &str = "play-from-error";

/// The seat and level chosen, and the button that starts the game from the position.
pub fn play_from(props: &PlayFromProps) -> Html {
    let lang = props.lang;
    let t = |x: Text| x.get(lang);
    // Node refs made at each drawing (a plain function has no hooks): the selects bind to them
    // when drawn, and this drawing's callback reads them.
    let seat_ref = NodeRef::default();
    let level_ref = NodeRef::default();
    let onclick = {
        let seat_ref = seat_ref.clone();
        let level_ref = level_ref.clone();
        let record = props.record.clone();
        let position = props.position;
        let on_play = props.on_play.clone();
        Callback::from(move |_: MouseEvent| {
            let value = |r: &NodeRef| r.cast::<web_sys::HtmlSelectElement>().map(|s| s.value());
            let seat = match value(&seat_ref) {
                Some(v) if v == "B" => Seat::B,
                _ => Seat::A,
            };
            let asked = PlayFrom {
                record: record.clone(),
                position,
                seat,
                level: value(&level_ref).unwrap_or_else(|| "3".into()),
                seed: crate::services::browser::game_seed(),
            };
            if !on_play.emit(asked) {
                if let Some(el) = web_sys::window()
                    .and_then(|w| w.document())
                    .and_then(|d| d.get_element_by_id(ERROR_ID))
                {
                    el.set_text_content(Some(Text::CannotPlayFromHere.get(lang)));
                }
            }
        })
    };
    html! {
        <details class="replay-play">
            <summary>{ t(Text::PlayThisDeal) }</summary>
            <p class="small-note">{ t(Text::PlayThisDealHint) }</p>
            if props.over {
                <p class="small-note">{ t(Text::GameAlreadyOver) }</p>
            } else {
                <div class="play-from">
                    <label>
                        <span class="small-label">{ t(Text::PlayAs) }</span>
                        <select id="play-from-seat" ref={seat_ref}>
                            <option value="A">{ props.names.a.clone() }</option>
                            <option value="B">{ props.names.b.clone() }</option>
                        </select>
                    </label>
                    <label>
                        <span class="small-label">{ t(Text::Level) }</span>
                        <select id="play-from-level" ref={level_ref}>
                            { for (1..=5).map(|n| html! { <option value={n.to_string()} selected={n == 3}>{ n }</option> }) }
                        </select>
                    </label>
                    <button type="button" class="button primary" id="play-from-here" {onclick}>
                        { t(Text::PlayFromHere) }
                    </button>
                </div>
                <p class="export-status bad" id={ERROR_ID} role="status"></p>
            }
        </details>
    }
}
