//! Lessons: a guided deal with cards chosen for it, in short steps. A lesson is a record (the
//! record format, docs/record-format.md) whose texts say what the player is asked to do before
//! each of his actions (`prompt`), what is said when he does something else (`wrong`), and what
//! happened once an action is made (`comment`). The player holds seat A; seat B's moves are
//! played from the record. The lesson begins at the first deal that asks something; the deals
//! before it are the game so far, replayed silently. A lesson that begins at the first deal may
//! begin with the cut: the player draws his card (the record's draws are shown) when the record's
//! cut has a prompt.
//!
//! Pure: no browser API, tested natively. The table runs a lesson through
//! [`crate::state::TableState`]; the list of lessons is `lessons/index.json`
//! ([`LessonIndex`], in `index.rs`); the player's progress is [`Progress`] (`progress.rs`),
//! saved through the shared loader; the coach at the table is `coach.rs`, the checks of a
//! lesson as shipped `check.rs`.

use piquet_engine::{Action, Localized, Record, RecordError, Rules, Seat};

use crate::i18n::Lang;
use crate::records;
use crate::session::{Opponent, Session, SessionError};

/// The seat of the player in every lesson.
pub const PLAYER: Seat = Seat::A;

/// The languages every text of a lesson is written in.
pub const LANGUAGES: [&str; 2] = ["fr", "en"];

/// One move of a lesson: the cut (the player draws his card), a deal dealt (the player touches
/// « Distribuer »), or an action of a deal (deal index, action index, both from 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    Cut,
    Deal(usize),
    Act(usize, usize),
}

/// Why a lesson cannot be run.
#[derive(Clone, Debug, PartialEq)]
pub enum LessonError {
    /// The record does not read, or does not replay.
    Record(RecordError),
    /// No deal and no action asks the player anything.
    NoPrompt,
    /// Its rules cannot be played at the table.
    Rules(String),
}

impl std::fmt::Display for LessonError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LessonError::Record(e) => write!(f, "{e}"),
            LessonError::NoPrompt => write!(f, "the record asks the player nothing (no prompt)"),
            LessonError::Rules(why) => write!(f, "these rules cannot be played: {why}"),
        }
    }
}

/// A lesson, ready to run.
#[derive(Clone, Debug, PartialEq)]
pub struct Lesson {
    /// Its stable id (the file's name in `lessons/`, without extension).
    pub id: String,
    /// Its title, by language (from the index).
    pub title: Localized,
    pub record: Record,
    pub rules: Rules,
    /// The first deal played in the lesson.
    pub start: usize,
    moves: Vec<Move>,
}

/// A text of the lesson in the reader's language (or, failing that, in the other one).
fn pick(text: Option<&Localized>, lang: Lang) -> Option<String> {
    text.and_then(|t| t.pick(lang.tag(), &LANGUAGES))
        .map(|(_, s)| s.to_string())
        .filter(|s| !s.trim().is_empty())
}

impl Lesson {
    /// Reads a lesson (a record in either form) and checks that it replays and asks something.
    pub fn new(id: &str, title: Localized, text: &str) -> Result<Lesson, LessonError> {
        let record = Record::parse(text).map_err(LessonError::Record)?;
        record.replay().map_err(LessonError::Record)?;
        let rules = record.resolved_rules().map_err(LessonError::Record)?;
        let cut = !record.cut_texts.prompt.is_empty();
        let asks = |d: usize| {
            (d == 0 && cut)
                || record.deal_prompt(d).is_some()
                || record.deals[d].actions.iter().any(|a| !a.prompt.is_empty())
        };
        let start = (0..record.deals.len())
            .find(|&d| asks(d))
            .ok_or(LessonError::NoPrompt)?;
        let mut moves = Vec::new();
        if start == 0 && cut {
            moves.push(Move::Cut);
        }
        for (d, deal) in record.deals.iter().enumerate().skip(start) {
            moves.push(Move::Deal(d));
            moves.extend((0..deal.actions.len()).map(|a| Move::Act(d, a)));
        }
        let lesson = Lesson {
            id: id.to_string(),
            title,
            record,
            rules,
            start,
            moves,
        };
        lesson
            .session_at(0)
            .map_err(|e| LessonError::Rules(e.to_string()))?;
        Ok(lesson)
    }

    /// The moves of the lesson, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The number of moves.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the lesson has no move (never: a lesson asks something).
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// Whether the lesson begins with the cut (the player draws his card).
    pub fn has_cut(&self) -> bool {
        self.moves.first() == Some(&Move::Cut)
    }

    /// Whether the player makes this move (he draws at the cut, deals are dealt at his touch).
    pub fn is_player(&self, m: Move) -> bool {
        match m {
            Move::Cut | Move::Deal(_) => true,
            Move::Act(d, a) => self.record.deals[d].actions[a].seat == PLAYER,
        }
    }

    /// The number of steps: each move the player makes, and each time he reads what the other
    /// did before the other moves again (a « Continuer »): every screen of the coach has its own
    /// number.
    pub fn steps(&self) -> usize {
        (0..self.len()).filter(|&at| self.stops_at(at)).count()
    }

    /// Whether position `at` is a step of its own: the player moves there, or reads there what
    /// the last move did while the other is to move next.
    fn stops_at(&self, at: usize) -> bool {
        match self.next(at) {
            Some(m) if self.is_player(m) => true,
            Some(_) => at
                .checked_sub(1)
                .and_then(|p| self.next(p))
                .is_some_and(|m| self.says_after(m)),
            None => false,
        }
    }

    /// The step shown at position `at` (moves made), counted from 1: the step of this position
    /// when it is one, else the last step before it (the other moving); the last step once the
    /// lesson is over.
    pub fn step_at(&self, at: usize) -> usize {
        let at = at.min(self.len());
        let before = (0..at).filter(|&p| self.stops_at(p)).count();
        (before + usize::from(self.stops_at(at))).clamp(1, self.steps().max(1))
    }

    /// A fingerprint of the lesson's moves (not of its texts): progress saved for another
    /// version of the lesson starts afresh.
    pub fn fingerprint(&self) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut eat = |s: &str| {
            for b in s.bytes() {
                h ^= u64::from(b);
                h = h.wrapping_mul(0x0100_0000_01b3);
            }
        };
        if self.has_cut() {
            eat("cut");
        }
        for d in &self.record.deals {
            eat(&serde_json::to_string(&d.layout).unwrap_or_default());
            for a in &d.actions {
                eat(&format!("{:?}{:?}", a.seat, a.action));
            }
        }
        h
    }

    /// The session for a game configured to these rules, the computer in seat B (its moves are
    /// the record's: the worker is never asked).
    fn config(&self) -> super::session::GameConfig {
        records::config_for(
            &self.rules,
            Opponent::Computer {
                bot: "lesson".into(),
            },
            0,
        )
    }

    /// The table after `at` moves of the lesson (the deals before the lesson whole).
    pub fn session_at(&self, at: usize) -> Result<Session, SessionError> {
        let mut r = self.record.clone();
        r.deals.truncate(self.start);
        r.deal_comments.clear();
        r.deal_prompts.clear();
        for m in &self.moves[..at.min(self.len())] {
            match *m {
                // The record's cut is the session's from the start: drawing shows it.
                Move::Cut => {}
                Move::Deal(d) => r.deals.push(piquet_engine::record::DealRecord {
                    actions: Vec::new(),
                    ..self.record.deals[d].clone()
                }),
                Move::Act(d, a) => {
                    if let Some(last) = r.deals.last_mut() {
                        last.actions.push(self.record.deals[d].actions[a].clone());
                    }
                }
            }
        }
        let mut session = Session::from_record(self.config(), r)?;
        if session.record.deals.len() == self.start {
            // The deals before the lesson's first are its backdrop (the partie's score so far),
            // not a deal just finished: nothing of them lies on the table.
            session.finished = None;
            session.events.clear();
        }
        Ok(session)
    }

    /// Where a table stands in the lesson: the number of moves made (the cut, when the lesson
    /// has one and `drawn` says the player drew or a deal was dealt since; then the session's
    /// deals from the lesson's first, each dealt and its actions).
    pub fn position(&self, session: &Session, cut_drawn: bool) -> usize {
        let dealt = session.record.deals.len() > self.start;
        let cut = usize::from(self.has_cut() && (cut_drawn || dealt));
        (cut + session
            .record
            .deals
            .iter()
            .skip(self.start)
            .map(|d| 1 + d.actions.len())
            .sum::<usize>())
        .min(self.len())
    }

    /// The move to make at position `at`, if the lesson is not over.
    pub fn next(&self, at: usize) -> Option<Move> {
        self.moves.get(at).copied()
    }

    /// The action of a move (none for the cut and for dealing).
    pub fn action(&self, m: Move) -> Option<(Seat, Action)> {
        match m {
            Move::Cut | Move::Deal(_) => None,
            Move::Act(d, a) => {
                let r = &self.record.deals[d].actions[a];
                Some((r.seat, r.action))
            }
        }
    }

    /// The layout of the deal dealt by a move.
    pub fn layout(&self, m: Move) -> Option<&piquet_engine::DealSetup> {
        match m {
            Move::Deal(d) => Some(&self.record.deals[d].layout),
            Move::Cut | Move::Act(..) => None,
        }
    }

    /// What the player is asked to do before a move.
    pub fn prompt(&self, m: Move, lang: Lang) -> Option<String> {
        match m {
            Move::Cut => pick(Some(&self.record.cut_texts.prompt), lang),
            Move::Deal(d) => pick(self.record.deal_prompt(d), lang),
            Move::Act(d, a) => pick(Some(&self.record.deals[d].actions[a].prompt), lang),
        }
    }

    /// What is said once a move is made (the cut's comment once the cards are drawn, a deal's
    /// comment when it is dealt).
    pub fn comment(&self, m: Move, lang: Lang) -> Option<String> {
        match m {
            Move::Cut => pick(Some(&self.record.cut_texts.comment), lang),
            Move::Deal(d) => pick(self.record.deal_comment(d), lang),
            Move::Act(d, a) => pick(self.record.action_comment(d, a), lang),
        }
    }

    /// Whether anything is said once move `m` is made (in any language: a text is shown in
    /// another language when the reader's is missing).
    pub fn says_after(&self, m: Move) -> bool {
        self.comment(m, Lang::Fr).is_some()
    }

    /// What the lesson says when the player does something else than move `m`.
    pub fn wrong(&self, m: Move, lang: Lang) -> Option<String> {
        match m {
            Move::Cut => pick(Some(&self.record.cut_texts.wrong), lang),
            Move::Deal(_) => None,
            Move::Act(d, a) => pick(Some(&self.record.deals[d].actions[a].wrong), lang),
        }
    }

    /// Whether the player's `action` is the lesson's move at `at`.
    pub fn is_expected(&self, at: usize, seat: Seat, action: Action) -> bool {
        self.next(at)
            .and_then(|m| self.action(m))
            .is_some_and(|expected| expected == (seat, action))
    }

    /// Whether dealing is the lesson's move at `at`.
    pub fn expects_deal(&self, at: usize) -> bool {
        matches!(self.next(at), Some(Move::Deal(_)))
    }

    /// Whether drawing at the cut is the lesson's move at `at`.
    pub fn expects_cut(&self, at: usize) -> bool {
        self.next(at) == Some(Move::Cut)
    }

    /// The opponent's move at `at`, if it is his turn in the lesson.
    pub fn scripted(&self, at: usize) -> Option<(Seat, Action)> {
        self.next(at)
            .filter(|&m| !self.is_player(m))
            .and_then(|m| self.action(m))
    }
}

mod check;
mod coach;
mod index;
mod progress;

pub use check::{problems, straight_apostrophes, typography};
pub use coach::{Coach, CoachNext, Target, coach, offered, what_to_do, wrong_words};
pub use index::{INDEX_FORMAT, INDEX_VERSION, LessonEntry, LessonIndex};
pub use progress::{Mark, PROGRESS_VERSION, Progress, Standing};

#[cfg(test)]
/// A small classique lesson: the cut, elder's exchange, the dealer's, then the lesson stops
/// after the first declaration and its answer — enough to test the steps.
pub(crate) const SMALL_LESSON: &str = r#"{
  "format": "piquet-record", "version": 3, "rules": "classique",
  "cut": { "draws": [["QS", "8D"]] },
  "deals": [{
    "layout": {
      "dealer": "B",
      "elder": "KH QH JH TH KS 9S 8S KD AC 9C 8C 7C",
      "dealer_hand": "AD QD JD TD 7D AH 7H AS JS TS QC JC",
      "talon": ["9H", "KC", "8D", "8H", "7S", "9D", "QS", "TC"]
    },
    "prompt": { "fr": "Touchez «\u00a0Distribuer\u00a0».", "en": "Touch “Deal”." },
    "comment": { "fr": "Vous êtes premier.", "en": "You are elder." },
    "actions": [
      { "seat": "A", "action": "discard", "arg": "9S 8S 9C 8C 7C",
        "prompt": { "fr": "Écartez vos cinq petites cartes.", "en": "Discard your five low cards." },
        "wrong": { "fr": "Les cinq petites\u202f!", "en": "The five low ones!" },
        "comment": { "fr": "Bien.", "en": "Good." } },
      { "seat": "B", "action": "discard", "arg": "7H JS TS",
        "comment": { "fr": "L’ordinateur écarte trois cartes.", "en": "The computer discards three." } },
      { "seat": "A", "action": "declare", "arg": "KH QH JH TH 9H 8H",
        "prompt": { "fr": "Annoncez votre point.", "en": "Declare your point." } },
      { "seat": "B", "action": "answer", "arg": { "answer": "equal", "cards": "AD QD JD TD 9D 7D" } }
    ]
  }]
}"#;

/// [`SMALL_LESSON`] beginning with the cut: the player draws first.
#[cfg(test)]
pub(crate) fn small_lesson_with_cut() -> String {
    SMALL_LESSON.replace(
        r#""cut": { "draws": [["QS", "8D"]] },"#,
        r#""cut": { "draws": [["QS", "8D"]],
    "prompt": { "fr": "Tirez une carte.", "en": "Draw a card." },
    "wrong": { "fr": "Tirez d’abord.", "en": "Draw first." },
    "comment": { "fr": "L’ordinateur donne.", "en": "The computer deals." } },"#,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Reduce;
    use crate::stored::{Reading, StoredProblem};
    use piquet_engine::Card;
    use std::rc::Rc;

    fn small() -> Lesson {
        Lesson::new("small", Localized::new().with("en", "Small"), SMALL_LESSON).unwrap()
    }

    #[test]
    fn a_lesson_may_begin_with_the_cut() {
        let l = Lesson::new("cut", Localized::new(), &small_lesson_with_cut()).unwrap();
        assert!(l.has_cut() && !small().has_cut());
        assert_eq!(l.moves()[..2], [Move::Cut, Move::Deal(0)]);
        // The player draws, deals, discards, reads what his discard did before the computer
        // discards, and declares: five steps.
        assert_eq!(l.steps(), 5);
        assert_ne!(l.fingerprint(), small().fingerprint());
        // Drawing changes nothing in the session: the table knows whether he drew.
        let s = l.session_at(1).unwrap();
        assert_eq!(s, l.session_at(0).unwrap());
        assert_eq!(l.position(&s, false), 0);
        assert_eq!(l.position(&s, true), 1);
        assert_eq!(l.position(&l.session_at(2).unwrap(), false), 2);
        // The coach asks to draw, says a wrong move kindly, then explains with the next prompt.
        let c = coach(&l, &s, 0, false, true, Lang::En);
        assert_eq!(c.target, Some(Target::Cut));
        assert_eq!(c.prompt.as_deref(), Some("Draw a card."));
        assert_eq!(c.wrong.as_deref(), Some("Draw first."));
        let c = coach(&l, &s, 1, false, false, Lang::Fr);
        assert_eq!(c.said.as_deref(), Some("L’ordinateur donne."));
        assert_eq!(c.target, Some(Target::Deal));
        assert_eq!(c.next, CoachNext::Act);
        // The computer deals: a wrong try names the button as the panel does.
        let c = coach(&l, &s, 1, false, true, Lang::Fr);
        assert_eq!(
            c.wrong.as_deref(),
            Some(
                "Pas tout à fait\u{a0}: pour cette leçon, touchez «\u{a0}Recevoir les cartes\u{a0}»."
            )
        );
        // Without its own word, the lesson names the button.
        let plain = small_lesson_with_cut().replace(
            r#""wrong": { "fr": "Tirez d’abord.", "en": "Draw first." },"#,
            "",
        );
        let l = Lesson::new("cut", Localized::new(), &plain).unwrap();
        assert_eq!(
            coach(&l, &s, 0, false, true, Lang::Fr).wrong.as_deref(),
            Some("Pas tout à fait\u{a0}: pour cette leçon, touchez «\u{a0}Tirer une carte\u{a0}».")
        );
        // Texts of a cut that is never the lesson's are a problem.
        let late = small_lesson_with_cut().replace(
            r#""prompt": { "fr": "Tirez une carte.", "en": "Draw a card." },"#,
            "",
        );
        let l = Lesson::new("cut", Localized::new(), &late).unwrap();
        assert!(!l.has_cut());
        assert!(
            problems(&l).iter().any(|p| p.contains("the cut")),
            "{:?}",
            problems(&l)
        );
    }

    #[test]
    fn a_lesson_is_a_record_of_moves_and_steps() {
        let l = small();
        assert_eq!(l.start, 0);
        assert_eq!(
            l.moves(),
            &[
                Move::Deal(0),
                Move::Act(0, 0),
                Move::Act(0, 1),
                Move::Act(0, 2),
                Move::Act(0, 3)
            ]
        );
        // The player deals, discards, reads « Bien » before the computer discards, and
        // declares: four steps, each screen its own number (the computer's answer, said
        // nothing after, is no step).
        assert_eq!(l.steps(), 4);
        assert_eq!(
            (0..=5).map(|at| l.step_at(at)).collect::<Vec<_>>(),
            [1, 2, 3, 4, 4, 4]
        );
        let s = l.session_at(3).unwrap();
        assert_eq!(l.position(&s, false), 3);
        assert_eq!(s.to_act(), Some(PLAYER));
        assert_eq!(
            l.scripted(2),
            Some((Seat::B, l.action(Move::Act(0, 1)).unwrap().1))
        );
        assert_eq!(l.scripted(3), None);
    }

    #[test]
    fn the_coach_asks_then_explains_then_waits_for_the_reader() {
        let l = small();
        let at = |n| l.session_at(n).unwrap();
        let c = coach(&l, &at(0), 0, false, false, Lang::Fr);
        assert_eq!(c.next, CoachNext::Act);
        assert_eq!(c.target, Some(Target::Deal));
        assert_eq!(
            c.prompt.as_deref(),
            Some("Touchez «\u{a0}Distribuer\u{a0}».")
        );
        assert_eq!((c.step, c.steps), (1, 4));
        // After the discard, the opponent moves next: the comment is read first.
        let c = coach(&l, &at(2), 2, false, false, Lang::En);
        assert_eq!(c.said.as_deref(), Some("Good."));
        assert_eq!(c.next, CoachNext::Continue);
        assert_eq!(
            coach(&l, &at(2), 2, true, false, Lang::En).next,
            CoachNext::Wait
        );
        // A wrong try: the lesson's own word.
        let c = coach(&l, &at(1), 1, false, true, Lang::En);
        assert_eq!(c.wrong.as_deref(), Some("The five low ones!"));
        assert_eq!(
            c.target,
            Some(Target::Discard("9S 8S 9C 8C 7C".parse().unwrap()))
        );
        // Without one, it names what to do.
        let c = coach(&l, &at(3), 3, false, true, Lang::Fr);
        assert_eq!(
            c.wrong.as_deref(),
            Some(
                "Pas tout à fait\u{a0}: pour cette leçon, annoncez «\u{a0}Cinquante-sept au point\u{a0}»."
            ),
        );
        let end = coach(&l, &at(5), 5, false, false, Lang::Fr);
        assert_eq!(end.next, CoachNext::Done);
    }

    /// Every lesson of `lessons/index.json`, read from the source tree.
    fn shipped() -> (LessonIndex, Vec<(LessonEntry, Lesson)>) {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../lessons");
        let index =
            LessonIndex::parse(&std::fs::read_to_string(dir.join("index.json")).unwrap()).unwrap();
        let lessons = index
            .lessons
            .iter()
            .map(|e| {
                let text = std::fs::read_to_string(dir.join(&e.file))
                    .unwrap_or_else(|err| panic!("{}: {err}", e.file));
                let lesson = Lesson::new(&e.id, e.title.clone(), &text)
                    .unwrap_or_else(|err| panic!("{}: {err}", e.file));
                (e.clone(), lesson)
            })
            .collect();
        (index, lessons)
    }

    #[test]
    fn every_shipped_lesson_replays_and_its_texts_are_complete() {
        let (index, lessons) = shipped();
        let mut ids: Vec<&str> = index.lessons.iter().map(|e| e.id.as_str()).collect();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), index.lessons.len(), "lesson ids are unique");
        for (entry, lesson) in &lessons {
            let mut found = problems(lesson);
            let mut text = |what: &str, t: &Localized| {
                for lang in LANGUAGES {
                    match t.get(lang) {
                        Some(body) if lang == "fr" => found.extend(
                            typography(body)
                                .into_iter()
                                .map(|f| format!("index, {what} [fr]: {f}")),
                        ),
                        Some(_) => {}
                        None => found.push(format!("index, {what}: no text in {lang}")),
                    }
                }
            };
            text("title", &entry.title);
            text("summary", &entry.summary);
            if entry.steps != lesson.steps() {
                found.push(format!(
                    "index says {} steps, the lesson has {}",
                    entry.steps,
                    lesson.steps()
                ));
            }
            if Rules::by_id(&entry.rules).ok() != Some(lesson.rules) {
                found.push(format!("index says the rules are {}", entry.rules));
            }
            if entry.file != format!("{}.json", entry.id) {
                found.push(format!("the file of {} is not {}.json", entry.id, entry.id));
            }
            assert!(found.is_empty(), "{}:\n{}", entry.file, found.join("\n"));
        }
        assert!(lessons.len() >= 3, "at least three lessons are shipped");
    }

    #[test]
    fn every_screen_of_the_coach_has_its_own_step_number() {
        // Each screen where the player acts or reads before the other moves: 1, 2, 3… to the
        // lesson's count, never the same number on two screens (« Étape 4 sur 18 » twice).
        let (_, lessons) = shipped();
        for (entry, lesson) in lessons {
            let numbers: Vec<usize> = (0..lesson.len())
                .filter_map(|at| {
                    let s = lesson.session_at(at).unwrap();
                    let c = coach(&lesson, &s, at, false, false, Lang::Fr);
                    matches!(c.next, CoachNext::Act | CoachNext::Continue).then_some(c.step)
                })
                .collect();
            assert_eq!(
                numbers,
                (1..=lesson.steps()).collect::<Vec<_>>(),
                "{}",
                entry.id
            );
        }
    }

    #[test]
    fn each_lesson_opens_on_its_own_first_position() {
        // A lesson after deals of its own backdrop (Rubicon's partie so far) opens with nothing
        // of them on the table: no deal just finished, no words of it; their points are the
        // game's totals, and the next step is to deal.
        let (_, lessons) = shipped();
        let mut after_backdrop = 0;
        for (entry, lesson) in lessons {
            let s = lesson.session_at(0).unwrap();
            assert!(s.finished.is_none() && s.events.is_empty(), "{}", entry.id);
            assert!(s.view(PLAYER).is_none(), "{}", entry.id);
            if lesson.start > 0 {
                after_backdrop += 1;
                assert!(s.needs_deal(), "{}", entry.id);
                assert_ne!(
                    crate::model::game_totals(&crate::seen::Seen::of(&s, piquet_engine::Seat::A)),
                    [0, 0],
                    "{}",
                    entry.id
                );
            }
        }
        assert!(after_backdrop >= 1, "a lesson opens after its backdrop");
    }

    #[test]
    fn every_shipped_lesson_can_be_played_through_its_prompts() {
        // Each lesson from its start: at each of the player's moves, what the coach highlights
        // is what the lesson expects, and making it advances; a wrong move changes nothing.
        use crate::state::TableState;
        use crate::table_ui::TableAction;
        let (_, lessons) = shipped();
        for (entry, lesson) in lessons {
            let lesson = Rc::new(lesson);
            let mut state = Rc::new(TableState::for_lesson(lesson.clone(), 0, false).unwrap());
            let mut pics = 0;
            for at in 0..lesson.len() {
                assert_eq!(state.lesson_at(), Some(at), "{}", entry.id);
                let m = lesson.next(at).unwrap();
                let c = coach(&lesson, &state.session, at, false, false, Lang::Fr);
                let action = if lesson.is_player(m) {
                    assert_eq!(c.next, CoachNext::Act, "{} at {at}", entry.id);
                    assert!(c.prompt.is_some());
                    match lesson.action(m) {
                        // The cut: dealing first is refused, kindly; drawing shows the draws.
                        None if m == Move::Cut => {
                            let before = state.session.clone();
                            state = state.reduce(TableAction::DealNext);
                            assert!(state.wrong_tried(), "{}", entry.id);
                            assert_eq!(state.session, before);
                            assert!(state.cut_to_draw());
                            let c = coach(&lesson, &state.session, at, false, true, Lang::Fr);
                            assert!(c.wrong.is_some());
                            TableAction::Cut
                        }
                        None => TableAction::DealNext,
                        Some((seat, a)) => {
                            // A pass is never the lesson's move: it is refused, and nothing changes.
                            let before = state.session.clone();
                            let other = Action::Play(Card::from_index(0).unwrap());
                            if other != a {
                                state = state.reduce(TableAction::Act(seat, other));
                                assert!(state.wrong_tried());
                                assert_eq!(state.session, before);
                            }
                            TableAction::Act(seat, a)
                        }
                    }
                } else {
                    state = state.reduce(TableAction::Read);
                    assert!(state.scripted_due().is_some(), "{} at {at}", entry.id);
                    TableAction::Scripted {
                        at: state.ui.version,
                    }
                };
                state = state.reduce(action);
                pics += state
                    .ui
                    .last_events
                    .iter()
                    .filter(|e| {
                        matches!(
                            e,
                            piquet_engine::Event::Scored {
                                reason: piquet_engine::ScoreReason::Pic
                                    | piquet_engine::ScoreReason::Repic
                                    | piquet_engine::ScoreReason::Capot,
                                ..
                            }
                        )
                    })
                    .count();
            }
            assert_eq!(state.lesson_at(), Some(lesson.len()));
            if entry.id == "first-deal" {
                assert!(lesson.has_cut(), "the first lesson begins with the cut");
                assert!(pics > 0, "the first lesson has a pic, a repic or a capot");
            }
        }
    }

    #[test]
    fn typography_is_checked() {
        assert!(typography("Bien\u{a0}: «\u{a0}bon\u{a0}» et voilà\u{202f}!").is_empty());
        // Faults, spelt with an ordinary space put in at run time (the sources' own strings
        // are checked by tests/typography.rs).
        let faulty = |s: &str| typography(&s.replace('_', " ")).len();
        assert_eq!(faulty("Bien_: oui"), 1);
        assert_eq!(faulty("Bien: oui"), 1);
        assert_eq!(faulty("«_bon_»"), 2);
        assert_eq!(faulty("Quoi_?"), 1);
        assert_eq!(
            faulty("Quoi\u{a0}?"),
            1,
            "the space before a question mark is a narrow one"
        );
        // Not punctuation: a time, a card code.
        assert!(typography("10:30, A:good").is_empty());
        // Straight apostrophes, put in at run time as the spaces above.
        assert_eq!(
            straight_apostrophes(&"l_as et l’atout, the computer_s".replace('_', "'")).len(),
            2
        );
        assert!(straight_apostrophes("l’as, 'quoted' words").is_empty());
    }

    #[test]
    fn records_that_ask_nothing_or_do_not_replay_are_refused() {
        let plain = SMALL_LESSON
            .replace("\"prompt\"", "\"comment_\"")
            .replace("\"comment_\"", "\"note\"");
        assert_eq!(
            Lesson::new("x", Localized::new(), &plain).unwrap_err(),
            LessonError::NoPrompt
        );
        let illegal = SMALL_LESSON.replace("\"7H JS TS\"", "\"7H JS KD\"");
        assert!(matches!(
            Lesson::new("x", Localized::new(), &illegal),
            Err(LessonError::Record(_))
        ));
        assert!(matches!(
            Lesson::new("x", Localized::new(), "{oops"),
            Err(LessonError::Record(_))
        ));
    }

    #[test]
    fn a_lesson_played_to_its_end_stays_done_when_played_again() {
        let l = small();
        let mut p = Progress::default();
        assert!(!p.done(&l));
        assert_eq!(p.resume_at(&l), 0);
        p.mark_played(&l, 2, false);
        assert_eq!(p.current.as_deref(), Some("small"));
        assert_eq!(p.resume_at(&l), 2);
        assert!(!p.done(&l));
        p.mark_played(&l, l.len(), false);
        assert!(p.done(&l));
        assert_eq!(p.resume_at(&l), 0, "finished: from the start");
        // Played again from the start: still done before.
        p.mark_played(&l, 1, false);
        assert!(p.done(&l));
        assert_eq!(
            p.standing("small"),
            Standing::InProgress {
                step: l.step_at(1),
                of: l.steps(),
                done: true
            }
        );
        // A mark of another version of the lesson says nothing of this one.
        p.lessons.get_mut("small").unwrap().fingerprint ^= 1;
        assert!(!p.done(&l));
        assert_eq!(p.resume_at(&l), 0);
    }

    #[test]
    fn progress_is_kept_per_lesson_and_survives_a_bad_entry() {
        let l = small();
        let mut p = Progress::default();
        p.lessons.insert("small".into(), Mark::of(&l, 3, false));
        p.current = Some("small".into());
        let back = Progress::read_stored(&p.to_stored());
        assert_eq!(back, Reading::Whole(p.clone()));
        assert_eq!(
            p.standing("small"),
            Standing::InProgress {
                step: 4,
                of: 4,
                done: false
            }
        );
        assert_eq!(p.lessons["small"].resume_at(&l), 3);
        assert_eq!(p.standing("other"), Standing::NotStarted);
        // Finished: done, and replayed from the start.
        let end = Mark::of(&l, l.len(), false);
        assert_eq!(end.standing(), Standing::Done);
        assert_eq!(end.resume_at(&l), 0);
        // Played again after that: in progress, done before — even at the last step.
        let again = Mark::of(&l, l.len() - 1, true);
        assert_eq!(
            again.standing(),
            Standing::InProgress {
                step: 4,
                of: 4,
                done: true
            }
        );
        // A mark saved for another version of the lesson starts afresh.
        let other = Mark {
            fingerprint: 1,
            ..p.lessons["small"]
        };
        assert_eq!(other.resume_at(&l), 0);
        // One unreadable mark costs only itself.
        let raw = r#"{"v":1,"lessons":{"small":{"at":2,"moves":5,"step":2,"steps":3,"done":false,"fingerprint":1},"bad":{"at":"x"}}}"#;
        match Progress::read_stored(raw) {
            Reading::Part(p, StoredProblem::Fields(f)) => {
                assert_eq!(f, ["bad"]);
                assert_eq!(p.lessons["small"].at, 2);
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(
            Progress::read_stored("{\"v\":2}"),
            Reading::Unusable(StoredProblem::UnknownVersion { found: 2, reads: 1 })
        );
        assert_eq!(
            Progress::read_stored("nope"),
            Reading::Unusable(StoredProblem::NotAnEnvelope)
        );
    }
}
