//! The light stage's drawing: the same markup as the Yew viewer's compact replay
//! (`src/components/replay/{mod,board,controls,commentary}.rs`, `src/components/card.rs`), the
//! same elements, ids and classes, so that `replay.css` and `table.css` draw both alike. Only
//! the way it reaches the page differs: text for `innerHTML`, every record text escaped.

use std::fmt::Write;

use piquet_engine::{Card, CardSet, Seat};
use piquet_table::card_art::face_markup;
use piquet_table::i18n::{Lang, Text};
use piquet_table::replay_model::{Board, Commentary, SeatModel, Steps, Talon, Written};
use piquet_table::settings::DeckStyle;
use piquet_words as words;

/// `text` safe inside an element or a double-quoted attribute.
pub fn esc(text: &str) -> String {
    piquet_table::rules_text::escape(text)
}

/// A face-up card, as `CardFace` draws it.
fn card(out: &mut String, card: Card, lang: Lang) {
    face_markup(out, card, lang, DeckStyle::Classic, "");
}

/// A face-down card, as `CardBack` draws it.
const BACK: &str = r#"<svg class="card card-back" viewBox="0 0 100 140" aria-hidden="true" focusable="false"><rect x="1" y="1" width="98" height="138" rx="8" class="card-frame"></rect><rect x="8" y="8" width="84" height="124" rx="5" class="card-back-pattern"></rect></svg>"#;

/// Cards face up, in hand order.
fn card_list(out: &mut String, set: CardSet, lang: Lang, class: &str, label: &str) {
    let _ = write!(
        out,
        r#"<ul class="card-row {class}" aria-label="{}">"#,
        esc(label)
    );
    for c in words::in_hand_order(set) {
        out.push_str("<li>");
        card(out, c, lang);
        out.push_str("</li>");
    }
    out.push_str("</ul>");
}

/// `n` card backs, named by their number.
fn backs(out: &mut String, n: u8, class: &str, label: &str) {
    let _ = write!(
        out,
        r#"<div class="backs {class}" role="img" aria-label="{}">"#,
        esc(label)
    );
    for _ in 0..n {
        out.push_str(BACK);
    }
    out.push_str("</div>");
}

/// The seats and the centre, as `board::replay_board` draws them.
pub fn board(board: &Board, lang: Lang) -> String {
    let t = |x: Text| x.get(lang);
    let mut out = String::from(r#"<div class="replay-table">"#);
    seat_area(&mut out, &board.top, "seat-top", lang);
    let _ = write!(
        out,
        r#"<section class="centre replay-centre" aria-label="{}">"#,
        esc(t(Text::TableLabel))
    );
    talon(&mut out, &board.talon, lang);
    let _ = write!(
        out,
        r#"<div class="trick" role="group" aria-label="{}">"#,
        esc(t(Text::Trick))
    );
    for seat in [board.top.seat, board.bottom.seat] {
        let place = if seat == board.bottom.seat {
            "slot-me"
        } else {
            "slot-opp"
        };
        match board.trick.iter().find(|(s, _)| *s == seat) {
            Some((_, c)) => {
                let _ = write!(out, r#"<div class="slot {place}">"#);
                card(&mut out, *c, lang);
                out.push_str("</div>");
            }
            None => {
                let _ = write!(out, r#"<div class="slot empty {place}"></div>"#);
            }
        }
    }
    out.push_str("</div></section>");
    seat_area(&mut out, &board.bottom, "seat-bottom", lang);
    out.push_str("</div>");
    out
}

fn seat_id(seat: Seat) -> &'static str {
    match seat {
        Seat::A => "A",
        Seat::B => "B",
    }
}

/// One seat, as `board::seat_area` draws it.
fn seat_area(out: &mut String, seat: &SeatModel, class: &str, lang: Lang) {
    let t = |x: Text| x.get(lang);
    let name = esc(&seat.name);
    let _ = write!(
        out,
        r#"<section class="seat replay-seat {class}" aria-label="{name}" data-seat="{}"><div class="seat-head{}"><span class="seat-name">{name}</span>"#,
        seat_id(seat.seat),
        if seat.to_act { " to-act" } else { "" },
    );
    if seat.dealer {
        let dealer = esc(t(Text::Dealer));
        let _ = write!(
            out,
            r#"<span class="chip dealer" role="img" title="{dealer}" aria-label="{dealer}"><svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" class="dealer-icon"><rect x="3" y="5" width="11" height="15" rx="2" transform="rotate(-14 8.5 12.5)"></rect><rect x="9" y="4" width="11" height="15" rx="2" transform="rotate(10 14.5 11.5)"></rect></svg></span>"#
        );
    }
    if seat.to_act {
        let _ = write!(
            out,
            r#"<span class="chip turn">{}</span>"#,
            esc(t(Text::ToPlay))
        );
    }
    let _ = write!(
        out,
        r#"<span class="replay-count" aria-label="{} {name}">{}</span></div>"#,
        esc(t(Text::CountOf)),
        seat.count
    );
    match seat.hand {
        Some(h) => card_list(
            out,
            h,
            lang,
            "replay-hand",
            &words::labelled(t(Text::HandOf), &seat.name, lang),
        ),
        None => backs(
            out,
            seat.hand_len,
            "opp-backs",
            &words::labelled(
                t(Text::HandOf),
                &words::plural_cards(seat.hand_len, lang),
                lang,
            ),
        ),
    }
    let discards_label = || {
        format!(
            r#"<div class="replay-discards"><span class="small-label">{}</span>"#,
            esc(t(Text::Discards))
        )
    };
    match seat.discards {
        Some(d) if !d.is_empty() => {
            out.push_str(&discards_label());
            card_list(
                out,
                d,
                lang,
                "small",
                &words::labelled(t(Text::Discards), &seat.name, lang),
            );
            out.push_str("</div>");
        }
        None if seat.discards_len > 0 => {
            out.push_str(&discards_label());
            backs(
                out,
                seat.discards_len.min(3),
                "discard-backs",
                &words::labelled(
                    t(Text::Discards),
                    &words::plural_cards(seat.discards_len, lang),
                    lang,
                ),
            );
            out.push_str("</div>");
        }
        _ => {}
    }
    if !seat.shown.is_empty() {
        let _ = write!(
            out,
            r#"<div class="shown"><span class="small-label">{}</span>"#,
            esc(t(Text::ShownCards))
        );
        card_list(
            out,
            seat.shown,
            lang,
            "small",
            &words::labelled(t(Text::ShownCards), &seat.name, lang),
        );
        out.push_str("</div>");
    }
    out.push_str("</section>");
}

/// The talon, as `board::talon` draws it.
fn talon(out: &mut String, talon: &Talon, lang: Lang) {
    let t = |x: Text| x.get(lang);
    let label = esc(t(Text::Talon));
    match talon {
        Talon::None => {}
        Talon::Open(cards) => {
            let _ = write!(
                out,
                r#"<div class="replay-talon"><span class="small-label">{label}</span><ul class="card-row small" aria-label="{label}">"#
            );
            for c in cards {
                out.push_str("<li>");
                card(out, *c, lang);
                out.push_str("</li>");
            }
            out.push_str("</ul></div>");
        }
        Talon::Seen { left, seen } => {
            if *left > 0 {
                let _ = write!(
                    out,
                    r#"<div class="replay-talon"><span class="small-label">{label}</span>"#
                );
                backs(
                    out,
                    (*left).min(4),
                    "talon-backs",
                    &words::labelled(t(Text::Talon), &words::plural_cards(*left, lang), lang),
                );
                out.push_str("</div>");
            }
            if !seen.is_empty() {
                let _ = write!(
                    out,
                    r#"<div class="seen"><span class="small-label">{}</span>"#,
                    esc(t(Text::SeenInTalon))
                );
                card_list(out, *seen, lang, "small", t(Text::SeenInTalon));
                out.push_str("</div>");
            }
        }
    }
}

/// A small control icon, as `controls::icon` draws it.
fn icon(path: &str) -> String {
    format!(
        r#"<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="{path}"></path></svg>"#
    )
}

/// The step buttons and the position, as `controls::step_controls` draws them.
pub fn controls(steps: Steps, autoplay: bool, lang: Lang) -> String {
    let t = |x: Text| esc(x.get(lang));
    let disabled = |d: bool| if d { " disabled" } else { "" };
    let button = |id: &str, off: bool, name: Text, path: &str| {
        format!(
            r#"<button type="button" class="tool" id="{id}"{} aria-label="{}" title="{}">{}</button>"#,
            disabled(off),
            t(name),
            t(name),
            icon(path)
        )
    };
    format!(
        r#"<section class="replay-controls" aria-label="{}"><div class="step-buttons">{}{}<button type="button" class="tool" id="replay-play"{} aria-pressed="{autoplay}">{}</button>{}{}</div><p class="replay-position" id="replay-position" aria-live="polite">{}</p></section>"#,
        t(Text::ReplayControls),
        button(
            "replay-start",
            steps.at_start,
            Text::ToStart,
            "M5 4h2v16H5zM19 4v16L8 12z"
        ),
        button(
            "replay-back",
            steps.at_start,
            Text::StepBack,
            "M17 4v16L6 12z"
        ),
        disabled(steps.at_end && !autoplay),
        if autoplay {
            t(Text::Pause)
        } else {
            t(Text::AutoPlay)
        },
        button(
            "replay-forward",
            steps.at_end,
            Text::StepForward,
            "M7 4v16l11-8z"
        ),
        button(
            "replay-end",
            steps.at_end,
            Text::ToEnd,
            "M17 4h2v16h-2zM5 4v16l11-8z"
        ),
        esc(&steps.position_line(lang)),
    )
}

/// A record's text, as `commentary::written` draws it.
fn written(out: &mut String, text: &Written, lang: Lang) {
    match &text.other {
        None => {
            let _ = write!(out, "<p>{}</p>", esc(&text.body));
        }
        Some((tag, mark)) => {
            let _ = write!(
                out,
                r#"<p lang="{}"><span class="language-mark" lang="{}">{}</span> {}</p>"#,
                esc(tag),
                lang.tag(),
                esc(mark.get(lang)),
                esc(&text.body)
            );
        }
    }
}

/// The step's commentary, as `commentary::commentary_section` draws it.
pub fn commentary(commentary: &Commentary, lang: Lang) -> String {
    let t = |x: Text| esc(x.get(lang));
    let mut out = String::new();
    match commentary {
        Commentary::Hidden => {
            let _ = write!(
                out,
                r#"<p class="small-note commentary-hidden" id="replay-comment-hidden">{}</p>"#,
                t(Text::CommentaryInOpenView)
            );
        }
        Commentary::Shown {
            label,
            comment,
            note,
        } => {
            let _ = write!(
                out,
                r#"<section class="commentary" id="replay-comment" aria-label="{}"><span class="small-label">{}</span>"#,
                t(Text::Commentary),
                t(*label)
            );
            if let Some(c) = comment {
                written(&mut out, c, lang);
            }
            if let Some(n) = note {
                let _ = write!(
                    out,
                    r#"<details class="replay-note" id="replay-note"><summary>{}</summary>"#,
                    t(Text::TechnicalNote)
                );
                written(&mut out, n, lang);
                out.push_str("</details>");
            }
            out.push_str("</section>");
        }
    }
    out
}

/// The page around the viewer: its parts filled by [`board`], [`controls`], [`commentary`];
/// « More » opens the Yew viewer's menu (which a read-only table has too: the details, the
/// counts, the log).
pub fn frame(lang: Lang) -> String {
    let t = |x: Text| esc(x.get(lang));
    let more = format!(
        r#"<details class="replay-more" id="replay-more"><summary>{}</summary><div class="replay-more-body"></div></details>"#,
        t(Text::ReplayMore)
    );
    format!(
        r#"<div class="app embed"><main class="replay embedded" id="main"><div class="replay-head"><h1 class="sr-only">{title}</h1></div><div class="replay-body compact"><div class="replay-board" role="region" tabindex="0" aria-label="{title}" id="light-board"></div><div class="replay-side"><div class="replay-dock" id="light-dock"></div>{more}</div></div></main></div>"#,
        title = t(Text::ReplayTitle),
    )
}

/// The wait for the record, as the Yew table's `loading` draws it.
pub fn loading(lang: Lang) -> String {
    format!(
        r#"<div class="app embed"><main class="embed-loading" id="main"><p role="status">{}</p></main></div>"#,
        esc(Text::Loading.get(lang))
    )
}
