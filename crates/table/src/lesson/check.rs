//! The checks of a lesson as shipped ([`problems`]): each text in French and English, French
//! typography ([`typography`], [`straight_apostrophes`]), a prompt for each of the player's
//! moves, each action offered by the table where it stands.

use piquet_engine::Localized;

use super::coach::offered;
use super::{LANGUAGES, Lesson, Move, PLAYER};

/// Every problem of a lesson as shipped, in words (empty when it is fit to ship): each text in
/// French and English and in no other language, French typography, a prompt for each of the
/// player's moves and none for the opponent's, and each of the player's actions offered by the
/// table's panel where it stands. (A lesson may end in the middle of a deal: the player can then
/// play it out against the computer.)
pub fn problems(lesson: &Lesson) -> Vec<String> {
    let mut out = Vec::new();
    let check = |place: &str, text: Option<&Localized>, required: bool| -> Vec<String> {
        let mut out = Vec::new();
        let Some(text) = text.filter(|t| !t.is_empty()) else {
            if required {
                out.push(format!("{place}: no text"));
            }
            return out;
        };
        for (lang, body) in text.iter() {
            if !LANGUAGES.contains(&lang) {
                out.push(format!("{place}: a text in {lang:?} (only fr and en)"));
            }
            if body.trim().is_empty() {
                out.push(format!("{place}: an empty text in {lang}"));
            }
            if lang == "fr" {
                out.extend(
                    typography(body)
                        .into_iter()
                        .map(|f| format!("{place} [fr]: {f}")),
                );
            }
            out.extend(
                straight_apostrophes(body)
                    .into_iter()
                    .map(|f| format!("{place} [{lang}]: {f}")),
            );
            if lang == "en" && (body.contains('«') || body.contains('»')) {
                out.push(format!("{place} [en]: French quotation marks in English"));
            }
        }
        for lang in LANGUAGES {
            if text.get(lang).is_none() {
                out.push(format!("{place}: no text in {lang}"));
            }
        }
        out
    };
    let r = &lesson.record;
    for d in 0..lesson.start {
        let quiet = r.deal_comment(d).is_none()
            && r.deal_note(d).is_none()
            && r.deals[d]
                .actions
                .iter()
                .all(|a| a.comment.is_empty() && a.prompt.is_empty() && a.wrong.is_empty());
        if !quiet {
            out.push(format!(
                "deal {}: a text before the lesson’s first deal is never shown",
                d + 1
            ));
        }
    }
    let cut = &r.cut_texts;
    if !lesson.has_cut() && !cut.is_empty() {
        out.push(if lesson.start > 0 {
            "the cut: its texts are never shown (the lesson starts after the first deal)".into()
        } else {
            "the cut: its texts are never shown without a prompt".into()
        });
    }
    for &m in lesson.moves() {
        match m {
            Move::Cut => {
                out.extend(check("the cut, prompt", Some(&cut.prompt), true));
                out.extend(check("the cut, wrong", Some(&cut.wrong), false));
                out.extend(check("the cut, comment", Some(&cut.comment), false));
            }
            Move::Deal(d) => {
                let place = format!("deal {}", d + 1);
                out.extend(check(&format!("{place}, prompt"), r.deal_prompt(d), true));
                out.extend(check(
                    &format!("{place}, comment"),
                    r.deal_comment(d),
                    false,
                ));
                out.extend(check(&format!("{place}, note"), r.deal_note(d), false));
            }
            Move::Act(d, a) => {
                let act = &r.deals[d].actions[a];
                let place = format!("deal {}, action {} ({:?})", d + 1, a + 1, act.seat);
                let player = act.seat == PLAYER;
                out.extend(check(
                    &format!("{place}, prompt"),
                    Some(&act.prompt),
                    player,
                ));
                out.extend(check(&format!("{place}, wrong"), Some(&act.wrong), false));
                out.extend(check(
                    &format!("{place}, comment"),
                    Some(&act.comment),
                    false,
                ));
                out.extend(check(&format!("{place}, note"), Some(&act.note), false));
                let silent = act.prompt.is_empty() && act.wrong.is_empty();
                if !player && !silent {
                    out.push(format!(
                        "{place}: a prompt or wrong word for the opponent is never shown"
                    ));
                }
            }
        }
    }
    // Every action of the player is one the table's panel offers, where it stands.
    for (at, &m) in lesson.moves().iter().enumerate() {
        let Some((seat, action)) = lesson.action(m).filter(|&(s, _)| s == PLAYER) else {
            continue;
        };
        match lesson.session_at(at) {
            Ok(s) => match s.view(seat) {
                Some(view) if offered(&view, action) => {}
                _ => out.push(format!(
                    "move {}: the table does not offer {action:?} there",
                    at + 1
                )),
            },
            Err(e) => out.push(format!("move {}: {e}", at + 1)),
        }
    }
    if let Err(e) = lesson.session_at(lesson.len()) {
        out.push(format!("the lesson’s end: {e}"));
    }
    out
}

/// French typography in a text: a no-break space (U+00A0) before « : » and inside
/// « guillemets », a narrow no-break space (U+202F) before « ; », « ? » and « ! » — and no
/// ordinary space or none at all there.
pub fn typography(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut found = Vec::new();
    let shown = |k: usize| -> String {
        chars[k.saturating_sub(12)..(k + 12).min(chars.len())]
            .iter()
            .collect()
    };
    for (k, &c) in chars.iter().enumerate() {
        let before = k.checked_sub(1).map(|i| chars[i]);
        let after = chars.get(k + 1).copied();
        // Punctuation ends a word: followed by a space, a closing mark or the end.
        let ends = after.is_none_or(|a| a.is_whitespace() || a == '»' || a == ')');
        match c {
            ':' if ends && before != Some('\u{a0}') => {
                found.push(format!("no no-break space before ':' in “{}”", shown(k)));
            }
            ';' | '?' | '!' if ends && before != Some('\u{202f}') => {
                found.push(format!(
                    "no narrow no-break space before '{c}' in “{}”",
                    shown(k)
                ));
            }
            '«' if after != Some('\u{a0}') => {
                found.push(format!("no no-break space after '«' in “{}”", shown(k)));
            }
            '»' if before != Some('\u{a0}') => {
                found.push(format!("no no-break space before '»' in “{}”", shown(k)));
            }
            _ => {}
        }
    }
    found
}

/// A straight apostrophe after a letter, where the typographic one belongs (« l’as », "the
/// computer’s"), in either language: before a letter, before a format string's `{…}` (« n’{} »)
/// or at the end of the text (« d’ », completed where it is used). The one check of the lessons'
/// texts and of the app's own strings (tests/typography.rs).
pub fn straight_apostrophes(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    (1..chars.len())
        .filter(|&k| {
            chars[k] == '\''
                && chars[k - 1].is_alphabetic()
                && chars
                    .get(k + 1)
                    .is_none_or(|&a| a.is_alphabetic() || a == '{')
        })
        .map(|k| {
            let around: String = chars[k - 1..(k + 2).min(chars.len())].iter().collect();
            format!("a straight apostrophe in “{around}”")
        })
        .collect()
}
