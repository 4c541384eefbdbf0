//! What the table shows, built from its state ([`TableState`]): the seats' names as the
//! screen's player says them, what lies between the seats ([`centre_model`]), the deal's label,
//! and the computer's own view of the game. The derivations from the engine alone (counts,
//! lines, tricks, seats) are [`crate::model`]'s.

use piquet_engine::{Phase, Rules, Seat};

use crate::i18n::{Lang, Text};
use crate::model::{self, Celebration, CentreModel, ToastModel};
use crate::replay_model::{self, Commentary};
use crate::seen::Seen;
use crate::session::Session;
use crate::settings::Settings;
use crate::state::TableState;
use crate::table_ui::{TableUi, Toast};
use crate::words::{self, Names};

/// The toasts of the table's recent scores, in words: one per seat and change, its points added
/// up and its reasons listed (« +11 · la dernière levée, les cartes (la majorité des levées) »),
/// the last two changes of each seat at most. The same single score again (a second scoring
/// card led) adds up in the toast already shown (« +2 · deux cartes marquantes menées »)
/// instead of showing the same words twice.
pub fn toasts(toasts: &[Toast], rules: &Rules, lang: Lang) -> Vec<ToastModel> {
    let mut out: Vec<(u64, Seat, Vec<model::ScoreLine>)> = Vec::new();
    for t in toasts {
        match out
            .iter_mut()
            .find(|(at, seat, _)| *at == t.at && *seat == t.line.seat)
        {
            Some((_, _, lines)) => lines.push(t.line),
            None => out.push((t.at, t.line.seat, vec![t.line])),
        }
    }
    // A change of one score, the same as the seat's change before it: added up into it, under
    // the later change's key (so that the toast shows again).
    let mut merged: Vec<(u64, Seat, Vec<model::ScoreLine>)> = Vec::new();
    for (at, seat, lines) in out {
        let previous = merged.iter_mut().rev().find(|(_, s, _)| *s == seat);
        match (previous, lines.as_slice()) {
            (Some((was_at, _, before)), [line])
                if before.len() == 1
                    && before[0].reason == line.reason
                    && before[0].holding.is_none()
                    && line.holding.is_none() =>
            {
                before[0].points += line.points;
                before[0].count += line.count;
                *was_at = at;
            }
            _ => merged.push((at, seat, lines)),
        }
    }
    let keep = |seat: Seat, at: u64| {
        merged
            .iter()
            .filter(|(a, s, _)| *s == seat && *a > at)
            .count()
            < 2
    };
    merged
        .iter()
        .filter(|(at, seat, _)| keep(*seat, *at))
        .map(|(at, seat, lines)| {
            let points: u16 = lines.iter().map(|l| l.points).sum();
            let whats: Vec<String> = lines.iter().map(|l| l.what(rules, lang)).collect();
            ToastModel {
                key: format!("{at}-{seat:?}"),
                seat: *seat,
                text: format!("+{points} · {}", whats.join(", ")),
            }
        })
        .collect()
}

/// The names of the seats as the screen's player says them.
pub fn names(state: &TableState, lang: Lang) -> Names {
    seat_names(&state.session, lang)
}

/// The names of a game's seats: « Vous » and « L’ordinateur » against the computer, « Joueur
/// 1 » and « Joueur 2 » in pass-and-play.
pub fn seat_names(session: &Session, lang: Lang) -> Names {
    let t = |x: Text| x.get(lang).to_string();
    if session.config.opponent == crate::session::Opponent::Human {
        Names {
            a: t(Text::PlayerOne),
            b: t(Text::PlayerTwo),
            you: None,
        }
    } else {
        Names {
            a: t(Text::You),
            b: t(Text::Computer),
            you: Some(Seat::A),
        }
    }
}

/// The computer's own view: what the worker receives (never the whole game).
pub fn computer_view(session: &Session) -> Option<piquet_engine::GameObservation> {
    match session.game_view(Seat::B) {
        Some(view) => Some(view),
        None => {
            // Before the Rubicon choice there is no game yet: the view of a provisional game
            // (no deal, no cards) carries what the chooser may know, which is nothing hidden.
            let mut cut = session.record.cut.clone();
            cut.higher_deals = Some(true);
            piquet_engine::Game::new(session.rules, &cut)
                .ok()
                .map(|g| g.observation(Seat::B))
        }
    }
}

/// What only the interface knows of the centre of the table: the scores as they come, the
/// celebration, the last trick looked at again (the table's [`TableUi`]), the screen hidden.
#[derive(Clone, Copy, Debug)]
pub struct CentreUi<'a> {
    pub ui: &'a TableUi,
    /// Pass-and-play's hand-over: nothing of a hand is shown.
    pub hidden: bool,
    /// A lesson's cut before the player draws: the pack, face down.
    pub cut_pack: bool,
}

/// What lies on the table, from the view of the seat on screen.
pub fn centre_model(state: &TableState, names: &Names, settings: &Settings) -> CentreModel {
    let ui = CentreUi {
        ui: &state.ui,
        hidden: state.handover,
        cut_pack: state.cut_to_draw(),
    };
    centre_of(&state.seen, ui, names, settings)
}

/// What lies on the table as `seen`'s seat knows it.
pub fn centre_of(seen: &Seen, ui: CentreUi, names: &Names, settings: &Settings) -> CentreModel {
    let lang = settings.lang;
    let viewer = seen.seat;
    let hidden = ui.hidden;
    let mut centre = CentreModel {
        toasts: toasts(&ui.ui.toasts, &seen.rules, lang),
        celebration: ui
            .ui
            .celebrate
            .filter(|(at, _, _)| *at + 2 >= ui.ui.version)
            .map(|(at, seat, reason)| Celebration {
                key: at.to_string(),
                word: model::celebration_word(reason, lang),
                who: names.of(seat).to_string(),
            }),
        ..CentreModel::default()
    };
    if ui.cut_pack {
        centre.cut_pack = true;
        return centre;
    }
    if seen.at_cut() {
        centre.cut = seen.cut.clone();
        return centre;
    }
    let Some(v) = seen.deal.as_ref() else {
        return centre;
    };
    let trick = model::trick_view(&v.plays);
    let shown = if ui.ui.show_last_trick && !trick.last.is_empty() {
        centre.looking_back = true;
        &trick.last
    } else {
        &trick.current
    };
    centre.trick = shown.clone();
    centre.trick_done = trick.done;
    centre.last_available = !trick.last.is_empty() && !hidden;
    centre.talon_left = v.talon_left;
    centre.other_discards = v.opponent_discards_len;
    if !hidden {
        centre.seen = words::in_hand_order(v.talon_seen - v.hand - v.discards - model::played(v));
        // Art. 24: one's own discards are not looked at again once play starts, unless the
        // rules or the player's settings allow it.
        let discards_visible = seen.rules.own_discards_visible
            || settings.show_own_discards
            || !matches!(v.phase, Phase::Play | Phase::Finished { .. });
        if discards_visible {
            centre.discards = words::in_hand_order(v.discards);
        }
    }
    // The words said aloud in this deal: the last exchange of declarations, while they last.
    if matches!(v.phase, Phase::Declare { .. } | Phase::Answer { .. }) || v.plays.len() <= 1 {
        let lines = model::lines(&seen.events, names, &seen.rules, lang);
        let said: Vec<(bool, String)> = lines
            .into_iter()
            .filter_map(|l| l.speaker.map(|s| (s == viewer, l.text)))
            .collect();
        let from = said.len().saturating_sub(2);
        centre.speech = said[from..].to_vec();
    }
    centre
}

/// A game continued from a record (an embedded table's `record=` in play mode): the seats
/// named as the record names its players — the reader's seat first (at the bottom), the
/// computer's second — still said « vous » in sentences; `None` when the record names no one.
pub fn record_names(session: &Session) -> Option<Names> {
    match &session.record.meta.players {
        Some([a, b]) if !a.trim().is_empty() && !b.trim().is_empty() => Some(Names {
            a: a.clone(),
            b: b.clone(),
            you: Some(Seat::A),
        }),
        _ => None,
    }
}

/// What a game continued from a record shows of the record's commentary: the words of the
/// position at hand, as the replay viewer shows them in its open view (the deal's at its
/// start, else those of the action that led there); at the start of a deal the record does not
/// have (dealt after its end), the record's last words, until that deal's first move. The
/// moves made at the table have none. The words are the author's, shown as written: an author
/// who offers a position to play names in them only what the reader's seat may know.
pub fn record_commentary(session: &Session, lang: Lang) -> Option<Commentary> {
    let record = &session.record;
    let deal = record.deals.len().checked_sub(1)?;
    let at = |deal: usize, actions: usize| match actions {
        0 => (record.deal_comment(deal), record.deal_note(deal)),
        k => (
            record.action_comment(deal, k - 1),
            record.action_note(deal, k - 1),
        ),
    };
    let made = record.deals[deal].actions.len();
    let (comment, note) = at(deal, made);
    if comment.or(note).is_some() || made > 0 || deal == 0 {
        return replay_model::shown(comment, note, made == 0, lang);
    }
    let before = record.deals[deal - 1].actions.len();
    let (comment, note) = at(deal - 1, before);
    replay_model::shown(comment, note, before == 0, lang)
}

/// « Donne 3 · en 100 », "Deal 2 of 6": where the game stands, for the top bar.
pub fn deal_label(session: &Session, lang: Lang) -> String {
    let target = session.game.as_ref().and_then(|g| g.target());
    crate::seen::deal_label_of(
        &session.rules,
        crate::seen::deals_dealt(session),
        target,
        lang,
    )
}

/// The game in progress in a few words, for « Reprendre »: its settings, then where it stands
/// (« Classique · 3 — Le Fin Joueur · partie en 100 · Vous 42, L’ordinateur 18 · donne 3 »).
pub fn resume_summary(session: &Session, lang: Lang) -> String {
    let names = seat_names(session, lang);
    format!(
        "{} · {}",
        model::config_summary(&session.config, lang),
        model::standing_words(session, &names, lang)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::ScoreLine;
    use piquet_engine::ScoreReason;

    #[test]
    fn a_game_from_a_record_shows_its_players_and_the_words_where_it_stands() {
        use crate::records::{historical, play_from};
        use crate::replay_model::Written;
        use piquet_engine::Record;
        use piquet_engine::cursor::ReplayCursor;
        let read = |id| Record::parse(historical(id).unwrap().text()).unwrap();
        let said = |c: Option<Commentary>| match c {
            Some(Commentary::Shown {
                comment: Some(Written { body, .. }),
                ..
            }) => body,
            other => panic!("{other:?}"),
        };
        // Hoffmann's deal ends with its count: those are the words where the game goes on.
        let hoffmann = read("hoffmann-1909");
        let mut cursor = ReplayCursor::new(&hoffmann).unwrap();
        cursor.to_end();
        let last_words = cursor.comment().and_then(|c| c.get("fr")).unwrap();
        let mut s = play_from(&hoffmann, cursor.position(), Seat::A, "1", 7).unwrap();
        assert_eq!(said(record_commentary(&s, Lang::Fr)), last_words);
        // The next deal, dealt after the record: its last words until the first move.
        s.deal_next();
        assert_eq!(s.record.deals.len(), 2);
        assert_eq!(said(record_commentary(&s, Lang::Fr)), last_words);
        let deal = *s.deal().unwrap();
        let mut rng = piquet_engine::SplitMix64::new(1);
        let (seat, action) =
            piquet_engine::random::random_action(&deal, &mut rng, &mut Vec::new()).unwrap();
        s.apply(seat, action).unwrap();
        assert_eq!(
            record_commentary(&s, Lang::Fr),
            None,
            "a move of the table has none"
        );
        // Players named by the record, the reader's seat first (at the bottom).
        let facheux = read("les-facheux");
        let mut cursor = ReplayCursor::new(&facheux).unwrap();
        cursor.seek(3);
        let at = cursor.position();
        let mine = play_from(&facheux, at, Seat::A, "1", 7).unwrap();
        let names = record_names(&mine).unwrap();
        assert_eq!(
            (names.a.as_str(), names.b.as_str()),
            ("Alcippe", "Saint-Bouvain")
        );
        assert_eq!(names.you, Some(Seat::A));
        let theirs = play_from(&facheux, at, Seat::B, "1", 7).unwrap();
        let names = record_names(&theirs).unwrap();
        assert_eq!(
            (names.a.as_str(), names.b.as_str()),
            ("Saint-Bouvain", "Alcippe")
        );
        // A position inside the record: the words of the action that led there, as the replay.
        let expected = cursor.comment().and_then(|c| c.get("en")).unwrap();
        assert_eq!(said(record_commentary(&mine, Lang::En)), expected);
        // A game of its own has no record words, and no names but the table's.
        let own = crate::session::testing::dealt(3);
        assert_eq!(record_commentary(&own, Lang::Fr), None);
        assert_eq!(record_names(&own), None);
    }

    #[test]
    fn one_toast_per_seat_and_change() {
        use crate::table_ui::Toast;
        let rules = Rules::classique();
        let line = |seat, points, reason| ScoreLine {
            seat,
            reason,
            points,
            count: 1,
            holding: None,
        };
        let toast = |at, n, line| Toast { at, n, line };
        let all = [
            toast(1, 0, line(Seat::A, 1, ScoreReason::LeadScoringCard)),
            toast(2, 0, line(Seat::B, 1, ScoreReason::WonWithScoringCard)),
            toast(3, 0, line(Seat::A, 1, ScoreReason::LastTrick)),
            toast(3, 1, line(Seat::A, 10, ScoreReason::Cards)),
            toast(3, 2, line(Seat::B, 30, ScoreReason::Pic)),
        ];
        let shown = toasts(&all, &rules, Lang::Fr);
        let texts: Vec<&str> = shown.iter().map(|t| t.text.as_str()).collect();
        assert_eq!(
            texts,
            [
                "+1 · une carte marquante menée",
                "+1 · une levée prise en second avec une carte marquante",
                "+11 · la dernière levée, les cartes (la majorité des levées)",
                "+30 · pic",
            ]
        );
        // A third change of a seat pushes out its oldest toast.
        let more = [
            all.as_slice(),
            &[toast(4, 0, line(Seat::A, 1, ScoreReason::Lead))],
        ]
        .concat();
        let shown = toasts(&more, &rules, Lang::Fr);
        assert!(shown.iter().all(|t| t.key != "1-A"));
        assert_eq!(shown.iter().filter(|t| t.seat == Seat::A).count(), 2);
    }

    #[test]
    fn the_same_score_again_adds_up_in_one_toast() {
        use crate::table_ui::Toast;
        let rules = Rules::classique();
        let led = |at, seat| Toast {
            at,
            n: 0,
            line: ScoreLine {
                seat,
                reason: ScoreReason::LeadScoringCard,
                points: 1,
                count: 1,
                holding: None,
            },
        };
        let shown = toasts(
            &[led(1, Seat::A), led(2, Seat::B), led(3, Seat::A)],
            &rules,
            Lang::Fr,
        );
        let texts: Vec<(&str, &str)> = shown
            .iter()
            .map(|t| (t.key.as_str(), t.text.as_str()))
            .collect();
        assert_eq!(
            texts,
            [
                ("3-A", "+2 · deux cartes marquantes menées"),
                ("2-B", "+1 · une carte marquante menée"),
            ]
        );
        let en = toasts(
            &[led(1, Seat::A), led(3, Seat::A), led(4, Seat::A)],
            &rules,
            Lang::En,
        );
        assert_eq!(en.len(), 1);
        assert_eq!(en[0].text, "+3 · three scoring cards led");
    }
}
