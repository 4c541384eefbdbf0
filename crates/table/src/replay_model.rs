//! What the replay viewer shows at its cursor, derived from the cursor and how the cards are
//! shown ([`ViewMode`]): the seats' names, the facts of the game, where the cursor stands and
//! which steps are open, the cards on the table, the running counts, the commentary and the log
//! in words, and the report to the host page. The state itself is [`crate::replay`]'s.
//!
//! In a seat's view everything comes from the engine's observation of that seat only, so the
//! other seat's unseen cards are never in the model.

use piquet_engine::cursor::ReplayCursor;
use piquet_engine::record::{RulesSpec, UNTAGGED};
use piquet_engine::rules::Format;
use piquet_engine::{Card, CardSet, Event, Localized, Phase, Record, Seat};

use crate::i18n::{Lang, Text};
use crate::replay::{ReplayReport, ViewMode};
use crate::rules_text;
use crate::words::{self, Names};

/// The names of the seats: the record's players, else "Joueur A" / "Player A".
pub fn names_of(record: &Record, lang: Lang) -> Names {
    match &record.meta.players {
        Some([a, b]) if !a.trim().is_empty() && !b.trim().is_empty() => Names {
            a: a.clone(),
            b: b.clone(),
            you: None,
        },
        _ => Names {
            a: Text::SeatA.get(lang).into(),
            b: Text::SeatB.get(lang).into(),
            you: None,
        },
    }
}

/// The report of the cursor's position, for the host page, in `lang`: where the cursor stands,
/// the counts, the seats' names, the phase, whose turn it is (seat ids, `embed::phase_id`,
/// `embed::seat_id`) and the commentary at the position (the comment, else the technical
/// note), the same from every stage of the embedded replay.
pub fn report(cursor: &ReplayCursor, lang: Lang) -> ReplayReport {
    let names = names_of(cursor.record(), lang);
    let p = cursor.position();
    let counts = cursor.counts();
    let at_end = cursor.index() + 1 == cursor.len();
    let deal = cursor.deal();
    ReplayReport {
        index: cursor.index(),
        len: cursor.len(),
        deal: p.deal,
        actions: p.actions,
        deal_points: counts.deal_points,
        totals: counts.totals,
        tricks: counts.tricks_won,
        players: [names.a, names.b],
        game_over: cursor
            .game()
            .outcome()
            .filter(|_| at_end)
            .map(|o| Some(o.winner)),
        phase: deal.map(|d| crate::embed::phase_id(d.phase())),
        turn: deal.and_then(|d| d.to_act()).map(crate::embed::seat_id),
        commentary: commentary(cursor, ViewMode::Open, lang).and_then(|c| match c {
            Commentary::Shown { comment, note, .. } => comment.or(note).map(|w| w.body),
            Commentary::Hidden => None,
        }),
    }
}

/// The record's rules in words: a preset's name, or the nearest preset and what differs from
/// it.
pub fn rules_name(record: &Record, lang: Lang) -> String {
    match &record.rules {
        RulesSpec::Preset(id) => rules_text::preset_name(id, lang).to_string(),
        RulesSpec::Custom(r) => rules_text::rules_in_words(r, lang),
    }
}

/// The facts of the game: a heading and the facts the record states, in order.
#[derive(Clone, Debug, PartialEq)]
pub struct Facts {
    pub heading: String,
    pub rows: Vec<(Text, String)>,
}

/// The facts of `record`, headed by its event, else the title it came with, else « untitled ».
pub fn facts(record: &Record, title: Option<&str>, names: &Names, lang: Lang) -> Facts {
    let meta = &record.meta;
    // A game exported from the table has no event but its players: they name it better than
    // the file it came in.
    let heading = meta
        .event
        .clone()
        .or_else(|| {
            meta.players
                .as_ref()
                .map(|_| format!("{} — {}", names.a, names.b))
        })
        .or_else(|| title.map(str::to_string))
        .unwrap_or_else(|| Text::UntitledRecord.get(lang).to_string());
    let rows = [
        (Text::Players, Some(format!("{} — {}", names.a, names.b))),
        (Text::Date, meta.date.clone()),
        (Text::RulesLabel, Some(rules_name(record, lang))),
        (Text::Source, meta.source.clone()),
        (Text::Licence, meta.licence.clone()),
        (Text::Annotator, meta.annotator.clone()),
    ];
    Facts {
        heading,
        rows: rows
            .into_iter()
            .filter_map(|(label, value)| value.map(|v| (label, v)))
            .collect(),
    }
}

/// Where the cursor stands, and which steps it can take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Steps {
    pub at_start: bool,
    pub at_end: bool,
    /// The deal at the cursor (from 0) and the record's number of deals.
    pub deal: usize,
    pub deals: usize,
    /// The actions made in this deal, of how many.
    pub actions: usize,
    pub deal_actions: usize,
    /// The tricks this deal has, and the one in progress or about to be led (`1..=12`).
    pub tricks: u8,
    pub current_trick: Option<u8>,
}

impl Steps {
    pub fn of(cursor: &ReplayCursor) -> Steps {
        let record = cursor.record();
        let position = cursor.position();
        let plays_now = cursor.deal().map_or(0, |d| d.plays_with_seats().len());
        let in_play = plays_now > 0 || cursor.deal().is_some_and(|d| d.phase() == Phase::Play);
        Steps {
            at_start: cursor.index() == 0,
            at_end: cursor.index() + 1 == cursor.len(),
            deal: position.deal,
            deals: record.deals.len(),
            actions: position.actions,
            deal_actions: record
                .deals
                .get(position.deal)
                .map_or(0, |d| d.actions.len()),
            tricks: cursor.tricks_in_deal(position.deal),
            current_trick: in_play.then(|| (plays_now / 2 + 1).min(12) as u8),
        }
    }

    /// « Donne 1/6 · Action 3/40 ».
    pub fn position_line(&self, lang: Lang) -> String {
        format!(
            "{} {}/{} · {} {}/{}",
            Text::DealWord.get(lang),
            self.deal + 1,
            self.deals.max(1),
            Text::ActionWord.get(lang),
            self.actions,
            self.deal_actions
        )
    }
}

/// What is on the table for one seat, whether from the open view or an observation.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatModel {
    pub seat: Seat,
    pub name: String,
    /// Face up (the seat's own hand, or every hand in the open view); `None`: backs only.
    pub hand: Option<CardSet>,
    pub hand_len: u8,
    pub discards: Option<CardSet>,
    pub discards_len: u8,
    /// Cards this seat showed to the other, still to be seen (not in its hand, not played).
    pub shown: CardSet,
    pub dealer: bool,
    pub to_act: bool,
    /// The seat's points in this deal.
    pub count: u16,
}

/// The talon between the seats.
#[derive(Clone, Debug, PartialEq)]
pub enum Talon {
    /// Nothing to show.
    None,
    /// Face up, in its order (the open view).
    Open(Vec<Card>),
    /// As a seat saw it: the cards left (backs) and those it saw there.
    Seen { left: u8, seen: CardSet },
}

/// The table at the cursor: the viewer's seat at the bottom, the talon and the trick.
#[derive(Clone, Debug, PartialEq)]
pub struct Board {
    pub top: SeatModel,
    pub bottom: SeatModel,
    pub talon: Talon,
    /// The trick in progress, else the last one played.
    pub trick: Vec<(Seat, Card)>,
}

/// The table at the cursor, every card face up or as one seat saw it.
pub fn board(cursor: &ReplayCursor, view: ViewMode, names: &Names) -> Board {
    let (bottom, top) = match view {
        ViewMode::Seat(s) => (s, s.other()),
        ViewMode::Open => (Seat::A, Seat::B),
    };
    let open = match view {
        ViewMode::Open => cursor.open_view(),
        ViewMode::Seat(_) => None,
    };
    let obs = view.seat().and_then(|s| cursor.deal_observation(s));
    let plays: Vec<(Seat, Card)> = open
        .as_ref()
        .map(|o| o.plays.clone())
        .or_else(|| obs.as_ref().map(|o| o.plays.clone()))
        .unwrap_or_default();
    let played: CardSet = plays.iter().map(|(_, c)| *c).collect();
    let dealer = cursor.deal().map(|d| d.dealer());
    let to_act = cursor.deal().and_then(|d| d.to_act());
    let deal_points = cursor.counts().deal_points;
    let seat_model = |seat: Seat| {
        let empty = (None, 0, None, 0, CardSet::EMPTY);
        let (hand, hand_len, discards, discards_len, shown) = match (&open, &obs) {
            (Some(o), _) => {
                let i = seat.index();
                let (h, d) = (o.hands[i], o.discards[i]);
                (Some(h), h.len() as u8, Some(d), d.len() as u8, o.shown[i])
            }
            (None, Some(o)) if o.seat == seat => (
                Some(o.hand),
                o.hand.len() as u8,
                Some(o.discards),
                o.discards.len() as u8,
                CardSet::EMPTY,
            ),
            (None, Some(o)) => (
                None,
                o.opponent_hand_len,
                None,
                o.opponent_discards_len,
                o.opponent_shown,
            ),
            (None, None) => empty,
        };
        SeatModel {
            seat,
            name: names.of(seat).to_string(),
            hand,
            hand_len,
            discards,
            discards_len,
            shown: shown - played - hand.unwrap_or(CardSet::EMPTY),
            dealer: dealer == Some(seat),
            to_act: to_act == Some(seat),
            count: deal_points[seat.index()],
        }
    };
    let talon = match (&open, &obs) {
        (Some(o), _) if !o.talon.is_empty() => Talon::Open(o.talon.clone()),
        (None, Some(o)) => Talon::Seen {
            left: o.talon_left,
            seen: o.talon_seen - o.hand - o.discards - played,
        },
        _ => Talon::None,
    };
    let complete = plays.len() / 2 * 2;
    let trick = if plays.len() % 2 == 1 {
        plays[complete..].to_vec()
    } else if complete >= 2 {
        plays[complete - 2..complete].to_vec()
    } else {
        Vec::new()
    };
    Board {
        top: seat_model(top),
        bottom: seat_model(bottom),
        talon,
        trick,
    }
}

/// One row of the running counts: its label, the two seats' values, its element's id.
#[derive(Clone, Debug, PartialEq)]
pub struct CountRow {
    pub label: Text,
    pub values: [String; 2],
    pub id: &'static str,
}

/// The running counts: this deal's points, the tricks, the totals, and the games won in a
/// game of a hundred once one is.
pub fn count_rows(cursor: &ReplayCursor) -> Vec<CountRow> {
    let counts = cursor.counts();
    let row = |label, values: [String; 2], id| CountRow { label, values, id };
    let mut rows = Vec::with_capacity(5);
    if let Some(start) = cursor.game().start() {
        rows.push(row(
            Text::BroughtForward,
            start.totals.map(|p| p.to_string()),
            "replay-brought-forward",
        ));
    }
    rows.extend([
        row(
            Text::ThisDeal,
            counts.deal_points.map(|p| p.to_string()),
            "replay-deal-points",
        ),
        row(
            Text::Tricks,
            counts.tricks_won.map(|p| p.to_string()),
            "replay-tricks",
        ),
        row(
            Text::Total,
            counts.totals.map(|p| p.to_string()),
            "replay-totals",
        ),
    ]);
    if matches!(cursor.game().rules().format, Format::Cent { .. }) && counts.games_won != [0, 0] {
        rows.push(row(
            Text::GamesWon,
            counts.games_won.map(|p| p.to_string()),
            "replay-games",
        ));
    }
    rows
}

/// A record's text as a reader of one language gets it.
#[derive(Clone, Debug, PartialEq)]
pub struct Written {
    pub body: String,
    /// When it is not in the reader's language: the language it is in (a tag) and the words
    /// that say so.
    pub other: Option<(String, Text)>,
}

/// A record's text for a reader of `lang`: in that language, else in no stated language, else
/// in the other one, marked as such.
pub fn in_language(text: &Localized, lang: Lang) -> Option<Written> {
    let other = match lang {
        Lang::Fr => Lang::En,
        Lang::En => Lang::Fr,
    };
    let (written, body) = text.pick(lang.tag(), &[other.tag()])?;
    let mark = match written {
        w if w == lang.tag() || w == UNTAGGED => None,
        "fr" => Some(Text::WrittenInFrench),
        "en" => Some(Text::WrittenInEnglish),
        _ => Some(Text::WrittenInAnotherLanguage),
    };
    Some(Written {
        body: body.to_string(),
        other: mark.map(|m| (written.to_string(), m)),
    })
}

/// The commentary of the step at the cursor.
#[derive(Clone, Debug, PartialEq)]
pub enum Commentary {
    /// In a seat's view: hidden, since the commentary may name any card.
    Hidden,
    Shown {
        /// « Commentary », or the deal's at its start.
        label: Text,
        comment: Option<Written>,
        /// The technical note, apart.
        note: Option<Written>,
    },
}

/// The commentary of the step, if the record has any there, in the reader's language.
pub fn commentary(cursor: &ReplayCursor, view: ViewMode, lang: Lang) -> Option<Commentary> {
    cursor.comment().or(cursor.note())?;
    if let ViewMode::Seat(_) = view {
        return Some(Commentary::Hidden);
    }
    shown(
        cursor.comment(),
        cursor.note(),
        cursor.position().actions == 0,
        lang,
    )
}

/// A position's comment and note, shown (the deal's, at its start), if it has either.
pub fn shown(
    comment: Option<&Localized>,
    note: Option<&Localized>,
    deal_start: bool,
    lang: Lang,
) -> Option<Commentary> {
    comment.or(note)?;
    Some(Commentary::Shown {
        label: if deal_start {
            Text::DealCommentary
        } else {
            Text::Commentary
        },
        comment: comment.and_then(|c| in_language(c, lang)),
        note: note.and_then(|n| in_language(n, lang)),
    })
}

/// The log of the deal so far in words, as the view's seat heard it (or all of it); `true`
/// marks the lines of the step itself.
pub fn log_lines(
    cursor: &ReplayCursor,
    view: ViewMode,
    names: &Names,
    lang: Lang,
) -> Vec<(bool, String)> {
    let rules = *cursor.game().rules();
    let audience = |e: &Event| match view {
        ViewMode::Open => true,
        ViewMode::Seat(s) => e.audience().is_none_or(|a| a == s),
    };
    let log_events: Vec<&Event> = cursor.deal_log().iter().filter(|e| audience(e)).collect();
    let fresh = cursor.events().iter().filter(|e| audience(e)).count();
    let first_fresh = log_events.len() - fresh;
    log_events
        .iter()
        .enumerate()
        .filter_map(|(i, e)| words::event(e, names, &rules, lang).map(|l| (i >= first_fresh, l)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::records::{self, HISTORICAL};
    use crate::session::Opponent;
    use crate::session::testing::played;

    /// A whole random game's record.
    fn finished_record(preset: &str, seed: u64) -> Record {
        played(preset, seed, Opponent::Human).pop().unwrap().record
    }

    /// A game exported from the table, opened again from its file: headed by its players, not
    /// the file's name, with its date; a file without them still says « Joueur A — Joueur B ».
    #[test]
    fn an_exported_game_says_again_who_played_and_when() {
        let game = finished_record("rubicon", 3);
        let players = ["Vous".to_string(), "L’ordinateur".to_string()];
        let out = records::with_context(&game, players, "2026-11-25");
        let read = Record::from_json(&out.to_json()).unwrap();
        let name = records::file_name(&read, "json");
        assert_eq!(name, "piquet-rubicon-2026-11-25.json");
        let said = facts(&read, Some(&name), &names_of(&read, Lang::Fr), Lang::Fr);
        assert_eq!(said.heading, "Vous — L’ordinateur");
        assert!(
            said.rows
                .contains(&(Text::Players, "Vous — L’ordinateur".into()))
        );
        assert!(said.rows.contains(&(Text::Date, "2026-11-25".into())));
        let bare = facts(&game, Some("x.json"), &names_of(&game, Lang::Fr), Lang::Fr);
        assert_eq!(bare.heading, "x.json");
        assert!(
            bare.rows
                .contains(&(Text::Players, "Joueur A — Joueur B".into()))
        );
    }

    #[test]
    fn the_report_says_game_over_only_at_the_end_of_a_finished_game() {
        for (preset, seed) in [("rubicon", 3), ("classique", 4)] {
            let record = finished_record(preset, seed);
            let mut c = ReplayCursor::new(&record).unwrap();
            let first = report(&c, Lang::En);
            assert_eq!(first.players, ["Player A", "Player B"]);
            assert_eq!((first.index, first.game_over), (0, None));
            c.to_end();
            let last = report(&c, Lang::En);
            assert_eq!(
                last.phase,
                c.deal().map(|d| crate::embed::phase_id(d.phase()))
            );
            assert!(last.phase.is_some(), "the last deal’s phase");
            assert_eq!(last.index + 1, last.len);
            let winner = c.game().outcome().unwrap().winner;
            assert_eq!(last.game_over, Some(Some(winner)));
            assert_eq!(last.totals, c.game().totals());
            assert!(c.back());
            assert_eq!(report(&c, Lang::En).game_over, None);
        }
    }

    #[test]
    fn rules_are_named_in_words() {
        let facheux = Record::parse(records::HISTORICAL[0].text()).unwrap();
        let RulesSpec::Custom(rules) = &facheux.rules else {
            panic!("Les Fâcheux plays custom rules");
        };
        assert_eq!(
            rules_text::rules_in_words(rules, Lang::En),
            "Ancien — Abandoning the deal (Les Fâcheux): yes"
        );
        assert_eq!(
            rules_text::rules_in_words(rules, Lang::Fr),
            "Ancien — Abandon du coup (Les Fâcheux)\u{a0}: oui"
        );
        assert_eq!(
            rules_name(&facheux, Lang::En),
            "Ancien — Abandoning the deal (Les Fâcheux): yes"
        );
    }

    #[test]
    fn a_seat_view_shows_no_unseen_card_and_hears_no_more_than_the_open_view() {
        let record = Record::parse(HISTORICAL[0].text()).unwrap();
        let mut c = ReplayCursor::new(&record).unwrap();
        let names = names_of(&record, Lang::En);
        for _ in 0..8 {
            c.forward();
        }
        let seen = board(&c, ViewMode::Seat(Seat::B), &names);
        assert_eq!((seen.bottom.seat, seen.top.seat), (Seat::B, Seat::A));
        assert_eq!(seen.top.hand, None);
        assert!(seen.bottom.hand.is_some());
        let open = board(&c, ViewMode::Open, &names);
        assert_eq!(open.bottom.seat, Seat::A);
        assert!(open.top.hand.is_some());
        let heard = log_lines(&c, ViewMode::Seat(Seat::B), &names, Lang::En);
        assert!(heard.len() <= log_lines(&c, ViewMode::Open, &names, Lang::En).len());
        let steps = Steps::of(&c);
        assert!(!steps.at_start && !steps.at_end);
        assert_eq!(
            steps.position_line(Lang::En),
            format!(
                "Deal 1/{} · move {}/{}",
                steps.deals, steps.actions, steps.deal_actions
            )
        );
    }
}
