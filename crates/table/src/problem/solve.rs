//! A problem in the app: put on the table ([`session`]), the player's answer judged from the
//! values shipped in the problem file ([`judge`]: no search, ready at once), the list by kind
//! and difficulty ([`by_kind`]), the problem of the day ([`of_the_day`]), and the player's
//! progress as saved ([`ProblemProgress`]).

use std::collections::BTreeMap;

use piquet_engine::{Action, SplitMix64};
use serde::{Deserialize, Serialize};

use super::daily::Date;
pub use super::words::{action_words, measured_words, value_words};
use super::{
    IndexEntry, Method, Problem, ProblemIndex, ProblemKind, Theme, notation, parse_notation,
};
use crate::i18n::Lang;
use crate::stored::{Reading, StoredProblem, envelope};

pub use super::MASTER;

/// Two values closer than this are equal (as `piquet problems verify` reads them).
const EPSILON: f64 = 0.005;

pub use super::session;

/// One option of the verdict as the page shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct OptionShown {
    pub action: Action,
    /// The value: the deal's final points margin for the player (exact in the play, Le
    /// Maître's average over sampled deals elsewhere).
    pub value: f64,
    /// Worth the best value.
    pub best: bool,
    /// Among the author's accepted answers.
    pub accepted: bool,
    /// The player's answer.
    pub chosen: bool,
}

/// The player's answer judged.
#[derive(Clone, Debug, PartialEq)]
pub struct Judgement {
    /// The answer, in record notation without the seat (`x 9S 8S`, `AH`).
    pub action: String,
    /// Accepted: one of the author's answers, or worth the engine's best.
    pub accepted: bool,
    /// Its value, when the verdict valued it.
    pub value: Option<f64>,
    /// The best value, when there is a verdict.
    pub best: Option<f64>,
    /// Every option valued, best first.
    pub options: Vec<OptionShown>,
    /// How the values were found, and over how many sampled deals.
    pub method: Option<(Method, u16)>,
}

/// The options of the verdict (and the author's accepted answers it does not value), as actions.
fn accepted_actions(problem: &Problem) -> Vec<Action> {
    problem
        .answer
        .accepted
        .iter()
        .filter_map(|a| parse_notation(a).ok())
        .collect()
}

/// Judges `chosen` from the problem's shipped verdict and accepted answers: accepted when the
/// author accepts it or when it is worth the engine's best.
pub fn judge(problem: &Problem, chosen: Action) -> Judgement {
    let accepted = accepted_actions(problem);
    let verdict = problem.answer.verdict.as_ref();
    let mut options: Vec<OptionShown> = verdict
        .map(|v| {
            v.options
                .iter()
                .filter_map(|o| Some((parse_notation(&o.action).ok()?, o.value)))
                .map(|(action, value)| OptionShown {
                    action,
                    value,
                    best: false,
                    accepted: accepted.contains(&action),
                    chosen: action == chosen,
                })
                .collect()
        })
        .unwrap_or_default();
    options.sort_by(|a, b| b.value.total_cmp(&a.value));
    let best = options.first().map(|o| o.value);
    for o in &mut options {
        o.best = best.is_some_and(|b| o.value >= b - EPSILON);
    }
    let value = options.iter().find(|o| o.chosen).map(|o| o.value);
    let is_best = options.iter().any(|o| o.chosen && o.best);
    Judgement {
        action: notation(problem.seat, chosen),
        accepted: accepted.contains(&chosen) || is_best,
        value,
        best,
        options,
        method: verdict.map(|v| (v.method, v.worlds)),
    }
}

/// The problem's question in `lang`.
pub fn question(problem: &Problem, lang: Lang) -> &str {
    match lang {
        Lang::Fr => &problem.question.fr,
        Lang::En => &problem.question.en,
    }
}

/// Why the answer is right, in `lang`: the author's explanation (with his note where the
/// engine disputes it), else the review's reason for the best option.
pub fn explanation(problem: &Problem, lang: Lang) -> Vec<String> {
    let pick = |t: &super::Text| match lang {
        Lang::Fr => t.fr.clone(),
        Lang::En => t.en.clone(),
    };
    let mut said = Vec::new();
    if let Some(e) = &problem.answer.explanation {
        said.push(match lang {
            Lang::Fr => e.fr.clone(),
            Lang::En => e.en.clone(),
        });
        if let Some(d) = &e.disputed {
            said.push(pick(d));
        }
    }
    if let Some(r) = problem
        .answer
        .verdict
        .as_ref()
        .and_then(|v| v.reason.as_ref())
    {
        said.push(pick(r));
    }
    said.retain(|s| !s.is_empty());
    said
}

/// The list by kind, in the order of a deal, each kind's problems by difficulty (then by
/// their order in the list), only those of `rules` when given. Kinds without a problem are
/// left out.
pub fn by_kind<'a>(
    index: &'a ProblemIndex,
    rules: Option<&str>,
) -> Vec<(ProblemKind, Vec<&'a IndexEntry>)> {
    by_kind_and_theme(index, rules, None)
}

/// [`by_kind`], only the leads and follows of `theme` when it is given.
pub fn by_kind_and_theme<'a>(
    index: &'a ProblemIndex,
    rules: Option<&str>,
    theme: Option<Theme>,
) -> Vec<(ProblemKind, Vec<&'a IndexEntry>)> {
    ProblemKind::ALL
        .into_iter()
        .filter_map(|kind| {
            let mut of_kind: Vec<&IndexEntry> = index
                .problems
                .iter()
                .filter(|e| e.kind == kind && rules.is_none_or(|r| e.rules == r))
                .filter(|e| theme.is_none_or(|t| e.theme == Some(t)))
                .collect();
            of_kind.sort_by_key(|e| e.difficulty);
            (!of_kind.is_empty()).then_some((kind, of_kind))
        })
        .collect()
}

/// The themes the list's leads and follows are about, in the order of [`Theme::ALL`].
pub fn themes_in(index: &ProblemIndex) -> Vec<Theme> {
    Theme::ALL
        .into_iter()
        .filter(|t| index.problems.iter().any(|e| e.theme == Some(*t)))
        .collect()
}

/// The rules the list has problems in, in the order they first appear.
pub fn rules_in(index: &ProblemIndex) -> Vec<&str> {
    let mut seen: Vec<&str> = Vec::new();
    for e in &index.problems {
        if !seen.contains(&e.rules.as_str()) {
            seen.push(&e.rules);
        }
    }
    seen
}

/// The day of UTC at `ms` milliseconds since 1970 (the day changes at midnight UTC).
pub fn utc_day(ms: f64) -> Date {
    Date::from_days((ms / 86_400_000.0).floor() as i64)
}

/// The problem of the day: drawn from the list by the date alone (the day of UTC), so that
/// everyone with the same list gets the same problem that day.
pub fn of_the_day(index: &ProblemIndex, date: Date) -> Option<&IndexEntry> {
    let n = index.problems.len() as u64;
    if n == 0 {
        return None;
    }
    let draw = SplitMix64::new(0x9E0B_1E35_D0D0_0000 ^ date.days() as u64).next_u64();
    index.problems.get((draw % n) as usize)
}

/// The problem after `id` in the list's order of [`by_kind`] (all rules), the first again
/// after the last; the first unsolved one is preferred.
pub fn next_after<'a>(
    index: &'a ProblemIndex,
    id: &str,
    progress: &ProblemProgress,
) -> Option<&'a IndexEntry> {
    let order: Vec<&IndexEntry> = by_kind(index, None)
        .into_iter()
        .flat_map(|(_, entries)| entries)
        .collect();
    let at = order.iter().position(|e| e.id == id).map_or(0, |i| i + 1);
    let rotated = order[at.min(order.len())..]
        .iter()
        .chain(order[..at.min(order.len())].iter())
        .copied()
        .filter(|e| e.id != id);
    let rotated: Vec<&IndexEntry> = rotated.collect();
    rotated
        .iter()
        .find(|e| !progress.mark(&e.id).solved)
        .or(rotated.first())
        .copied()
}

/// The version of the saved progress this build writes.
pub const PROGRESS_VERSION: u32 = 1;

/// Where the player stands in one problem.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mark {
    /// Answers given.
    pub tries: u32,
    pub solved: bool,
    /// Solved by the very first answer ever given.
    pub first_try: bool,
}

/// How a problem stands, as the list says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    NotTried,
    /// Answered, not yet rightly.
    Tried,
    Solved,
    SolvedFirstTry,
}

impl Standing {
    /// A stable id, for the page (`data-standing`).
    pub fn id(self) -> &'static str {
        match self {
            Standing::NotTried => "not-tried",
            Standing::Tried => "tried",
            Standing::Solved => "solved",
            Standing::SolvedFirstTry => "first-try",
        }
    }
}

/// The problem on the table, so that a reload comes back to it: its id, and the answer given
/// when its verdict is shown.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OnTable {
    pub id: String,
    /// The answer judged, in record notation without the seat (`x 9S 8S`, `AH`): the verdict
    /// is on show.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answer: Option<String>,
}

/// The progress in every problem, and the problem on the table.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ProblemProgress {
    pub problems: BTreeMap<String, Mark>,
    /// The problem on the table, if the player is at one.
    pub current: Option<OnTable>,
}

#[derive(Serialize)]
struct ProgressOut<'a> {
    v: u32,
    problems: &'a BTreeMap<String, Mark>,
    #[serde(skip_serializing_if = "Option::is_none")]
    current: &'a Option<OnTable>,
}

impl ProblemProgress {
    /// The stored form: a versioned envelope.
    pub fn to_stored(&self) -> String {
        serde_json::to_string(&ProgressOut {
            v: PROGRESS_VERSION,
            problems: &self.problems,
            current: &self.current,
        })
        .unwrap_or_default()
    }

    /// Reads the stored form problem by problem: a problem whose mark does not read is named
    /// and starts afresh, the others keep theirs; a problem on the table that does not read is
    /// named (`current`) and forgotten.
    pub fn read_stored(raw: &str) -> Reading<ProblemProgress> {
        let mut fields = match envelope(raw, PROGRESS_VERSION) {
            Ok(f) => f,
            Err(p) => return Reading::Unusable(p),
        };
        let Some(serde_json::Value::Object(marks)) = fields.remove("problems") else {
            return Reading::Unusable(StoredProblem::Malformed);
        };
        let mut progress = ProblemProgress::default();
        let mut bad = Vec::new();
        if let Some(current) = fields.remove("current") {
            match serde_json::from_value::<OnTable>(current) {
                Ok(c) => progress.current = Some(c),
                Err(_) => bad.push("current".to_string()),
            }
        }
        for (id, mark) in marks {
            match serde_json::from_value::<Mark>(mark) {
                Ok(m) => {
                    progress.problems.insert(id, m);
                }
                Err(_) => bad.push(id),
            }
        }
        if bad.is_empty() {
            Reading::Whole(progress)
        } else {
            bad.sort();
            Reading::Part(progress, StoredProblem::Fields(bad))
        }
    }

    /// Problem `id` is on the table, its verdict on show for `answer` (or its question asked).
    pub fn put_on_table(&mut self, id: &str, answer: Option<String>) {
        self.current = Some(OnTable {
            id: id.to_string(),
            answer,
        });
    }

    /// The mark of problem `id` (an empty one if never answered).
    pub fn mark(&self, id: &str) -> Mark {
        self.problems.get(id).copied().unwrap_or_default()
    }

    /// How problem `id` stands.
    pub fn standing(&self, id: &str) -> Standing {
        match self.mark(id) {
            Mark { tries: 0, .. } => Standing::NotTried,
            Mark {
                solved: true,
                first_try: true,
                ..
            } => Standing::SolvedFirstTry,
            Mark { solved: true, .. } => Standing::Solved,
            Mark { .. } => Standing::Tried,
        }
    }

    /// An answer to problem `id`, right or not.
    pub fn answered(&mut self, id: &str, right: bool) {
        let mark = self.problems.entry(id.to_string()).or_default();
        mark.first_try |= right && mark.tries == 0;
        mark.solved |= right;
        mark.tries = mark.tries.saturating_add(1);
    }

    /// How many of `index`'s problems are solved.
    pub fn solved_in(&self, index: &ProblemIndex) -> usize {
        index
            .problems
            .iter()
            .filter(|e| self.mark(&e.id).solved)
            .count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::ProblemIndex;
    use piquet_engine::Seat;
    use std::rc::Rc;

    const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../problems/");

    fn index() -> ProblemIndex {
        ProblemIndex::parse(&std::fs::read_to_string(format!("{DIR}index.json")).unwrap()).unwrap()
    }

    fn problem(id: &str) -> Problem {
        let file = format!("{DIR}{id}.json");
        Problem::parse(&file, &std::fs::read_to_string(&file).unwrap()).unwrap()
    }

    #[test]
    fn every_shipped_problem_goes_on_the_table_at_its_decision_and_its_best_is_accepted() {
        for entry in &index().problems {
            let p = problem(&entry.id);
            let s = session(&p, 7).unwrap_or_else(|e| panic!("{}: {e}", entry.id));
            let view = s.view(Seat::A).unwrap();
            assert_eq!(view.to_act, Some(Seat::A), "{}", entry.id);
            assert_eq!(
                ProblemKind::of(s.game.as_ref().unwrap().deal().unwrap(), Seat::A),
                Some(entry.kind),
                "{}",
                entry.id
            );
            // Every option valued is legal at the table, and the best is judged right.
            let best = parse_notation(&p.answer.verdict.as_ref().unwrap().best).unwrap();
            let j = judge(&p, best);
            assert!(j.accepted, "{}", entry.id);
            assert_eq!(j.value, j.best, "{}", entry.id);
            for o in &j.options {
                let mut s2 = s.clone();
                assert!(s2.apply(Seat::A, o.action).is_ok(), "{}: {:?}", entry.id, o);
            }
        }
    }

    #[test]
    fn every_option_a_shipped_verdict_values_is_offered_by_the_panel() {
        for entry in &index().problems {
            let p = problem(&entry.id);
            let s = session(&p, 7).unwrap();
            let view = s.view(Seat::A).unwrap();
            let verdict = p.answer.verdict.as_ref().unwrap();
            for o in verdict
                .options
                .iter()
                .map(|o| &o.action)
                .chain(&p.answer.accepted)
            {
                let action = parse_notation(o).unwrap();
                assert!(
                    crate::lesson::offered(&view, action),
                    "{}: the panel does not offer {o}",
                    entry.id
                );
            }
        }
    }

    #[test]
    fn a_worse_answer_is_judged_wrong_with_its_value_and_the_best_marked() {
        let p = problem("150-5-0-3");
        let j = judge(&p, parse_notation("good").unwrap());
        assert!(!j.accepted);
        assert_eq!(j.value, Some(-8.88));
        assert_eq!(j.best, Some(0.13));
        assert_eq!(j.options.len(), 2);
        assert!(j.options[0].best && j.options[0].accepted && !j.options[0].chosen);
        assert!(!j.options[1].best && j.options[1].chosen);
        assert_eq!(j.method, Some((Method::Sampled, 24)));
        // A discard nobody valued: wrong, without a value.
        let p = problem("150-5-2-0");
        let j = judge(&p, parse_notation("x AS KS QS JS TS").unwrap());
        assert!(!j.accepted);
        assert_eq!(j.value, None);
    }

    #[test]
    fn an_authors_answer_the_engine_disputes_is_accepted_and_explained() {
        let p = problem("hoffmann-1909-exchange");
        let author = parse_notation(&p.answer.accepted[0]).unwrap();
        let j = judge(&p, author);
        assert!(j.accepted);
        assert!(j.value < j.best);
        let best = parse_notation(&p.answer.verdict.as_ref().unwrap().best).unwrap();
        assert!(judge(&p, best).accepted);
        let said = explanation(&p, Lang::En);
        assert!(said.len() >= 2, "{said:?}");
    }

    #[test]
    fn the_problem_of_the_day_depends_on_the_utc_date_only() {
        let index = index();
        let day = utc_day(1_764_072_000_000.0); // 2025-11-25 12:00 UTC
        assert_eq!(day.to_string(), "2025-11-25");
        assert_eq!(utc_day(1_764_028_800_000.0).to_string(), "2025-11-25"); // 00:00 UTC
        assert_eq!(utc_day(1_764_028_799_999.0).to_string(), "2025-11-24");
        let a = of_the_day(&index, day).unwrap();
        assert_eq!(of_the_day(&index, day).unwrap().id, a.id);
        // Over a month, the days do not all give the same problem.
        let ids: std::collections::BTreeSet<&str> = (0..30)
            .map(|d| {
                of_the_day(&index, Date::from_days(day.days() + d))
                    .unwrap()
                    .id
                    .as_str()
            })
            .collect();
        assert!(ids.len() > 10, "{ids:?}");
        assert!(of_the_day(&ProblemIndex::new(), day).is_none());
    }

    #[test]
    fn the_list_is_by_kind_then_difficulty_and_filters_by_rules() {
        let index = index();
        let all = by_kind(&index, None);
        assert_eq!(
            all.iter().map(|(_, e)| e.len()).sum::<usize>(),
            index.problems.len()
        );
        for (kind, entries) in &all {
            assert!(entries.iter().all(|e| e.kind == *kind));
            assert!(
                entries
                    .windows(2)
                    .all(|w| w[0].difficulty <= w[1].difficulty)
            );
        }
        let kinds: Vec<ProblemKind> = all.iter().map(|(k, _)| *k).collect();
        let mut sorted = kinds.clone();
        sorted.sort_by_key(|k| ProblemKind::ALL.iter().position(|x| x == k));
        assert_eq!(kinds, sorted);
        let rubicon = by_kind(&index, Some("rubicon"));
        assert!(!rubicon.is_empty());
        assert!(
            rubicon
                .iter()
                .flat_map(|(_, e)| e)
                .all(|e| e.rules == "rubicon")
        );
        assert!(rules_in(&index).contains(&"ancien"));
        // Every theme of the play has a problem, and its filter keeps only the play's.
        assert_eq!(themes_in(&index), Theme::ALL.to_vec());
        for theme in Theme::ALL {
            let of = by_kind_and_theme(&index, None, Some(theme));
            assert!(!of.is_empty(), "{theme}");
            for (kind, entries) in &of {
                assert!(matches!(kind, ProblemKind::Lead | ProblemKind::Follow));
                assert!(entries.iter().all(|e| e.theme == Some(theme)));
            }
        }
        let capot_in_150 = by_kind_and_theme(&index, Some("150"), Some(Theme::Capot));
        assert!(
            capot_in_150
                .iter()
                .flat_map(|(_, e)| e)
                .all(|e| e.rules == "150")
        );
    }

    #[test]
    fn progress_counts_first_tries_and_reads_back_naming_what_it_cannot() {
        let mut p = ProblemProgress::default();
        p.answered("a", true);
        p.answered("b", false);
        p.answered("b", true);
        p.answered("c", false);
        assert_eq!(p.standing("a"), Standing::SolvedFirstTry);
        assert_eq!(p.standing("b"), Standing::Solved);
        assert_eq!(p.standing("c"), Standing::Tried);
        assert_eq!(p.standing("d"), Standing::NotTried);
        // A later right answer never makes a first try of a problem once missed.
        p.answered("c", true);
        assert_eq!(p.standing("c"), Standing::Solved);
        assert_eq!(
            ProblemProgress::read_stored(&p.to_stored()),
            Reading::Whole(p.clone())
        );
        // One bad mark is named; the others are kept.
        let raw =
            r#"{"v":1,"problems":{"a":{"tries":1,"solved":true,"first_try":true},"b":"nonsense"}}"#;
        match ProblemProgress::read_stored(raw) {
            Reading::Part(kept, StoredProblem::Fields(bad)) => {
                assert_eq!(kept.standing("a"), Standing::SolvedFirstTry);
                assert_eq!(bad, vec!["b".to_string()]);
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(
            ProblemProgress::read_stored("{"),
            Reading::Unusable(StoredProblem::NotAnEnvelope)
        );
        assert!(matches!(
            ProblemProgress::read_stored(r#"{"v":9,"problems":{}}"#),
            Reading::Unusable(StoredProblem::UnknownVersion { found: 9, .. })
        ));
        assert_eq!(
            ProblemProgress::read_stored(r#"{"v":1}"#),
            Reading::Unusable(StoredProblem::Malformed)
        );
    }

    #[test]
    fn the_problem_on_the_table_is_kept_with_its_answer_and_a_bad_one_is_named() {
        let mut p = ProblemProgress::default();
        p.answered("a", false);
        p.put_on_table("a", Some("x 9S 8S".into()));
        let back = ProblemProgress::read_stored(&p.to_stored());
        assert_eq!(back, Reading::Whole(p.clone()));
        p.put_on_table("b", None);
        assert!(!p.to_stored().contains("answer"));
        p.current = None;
        assert!(!p.to_stored().contains("current"));
        // Progress written before the problem on the table was kept reads as it was.
        let old = r#"{"v":1,"problems":{"a":{"tries":1,"solved":false,"first_try":false}}}"#;
        let Reading::Whole(read) = ProblemProgress::read_stored(old) else {
            panic!()
        };
        assert_eq!((read.standing("a"), read.current), (Standing::Tried, None));
        // One that does not read is named and forgotten; the marks are kept.
        let raw =
            r#"{"v":1,"problems":{"a":{"tries":1,"solved":true,"first_try":true}},"current":7}"#;
        match ProblemProgress::read_stored(raw) {
            Reading::Part(kept, StoredProblem::Fields(bad)) => {
                assert_eq!(bad, vec!["current".to_string()]);
                assert_eq!(
                    (kept.standing("a"), kept.current),
                    (Standing::SolvedFirstTry, None)
                );
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn next_prefers_an_unsolved_problem_after_this_one() {
        let index = index();
        let order: Vec<&IndexEntry> = by_kind(&index, None)
            .into_iter()
            .flat_map(|(_, e)| e)
            .collect();
        let mut progress = ProblemProgress::default();
        assert_eq!(
            next_after(&index, &order[0].id, &progress).unwrap().id,
            order[1].id
        );
        progress.answered(&order[1].id, true);
        assert_eq!(
            next_after(&index, &order[0].id, &progress).unwrap().id,
            order[2].id
        );
        let last = order.last().unwrap();
        assert_eq!(
            next_after(&index, &last.id, &progress).unwrap().id,
            order[0].id
        );
    }

    #[test]
    fn values_are_signed_with_one_decimal() {
        assert_eq!(value_words(13.25, Lang::Fr), "+13,3");
        assert_eq!(value_words(-2.0, Lang::Fr), "\u{2212}2,0");
        assert_eq!(value_words(0.13, Lang::En), "+0.1");
        assert_eq!(value_words(-0.04, Lang::En), "+0.0");
        assert_eq!(
            measured_words(62.46, crate::problem::Measure::Game, Lang::Fr),
            "62,5\u{202f}%"
        );
        assert_eq!(
            measured_words(7.0, crate::problem::Measure::Game, Lang::En),
            "7.0%"
        );
        assert_eq!(
            measured_words(-3.0, crate::problem::Measure::Partie, Lang::En),
            "\u{2212}3.0"
        );
    }

    #[test]
    fn an_embedded_table_takes_a_problem_by_id_or_file_in_its_own_mode() {
        use crate::Reduce;
        use crate::embed::{EmbedMode, ParamError, parse, query_pairs};
        use crate::embed_state::{EmbedAction, EmbedScreen, EmbedState};
        let c = parse(&query_pairs("mode=problem&problem=150-5-0-3&lang=en"))
            .unwrap()
            .config;
        assert_eq!(c.mode, EmbedMode::Problem);
        assert_eq!(c.problem.as_deref(), Some("150-5-0-3"));
        let c = parse(&query_pairs("mode=problem&record=p.json"))
            .unwrap()
            .config;
        assert_eq!((c.problem, c.record_url.as_deref()), (None, Some("p.json")));
        // A problem's id is a name, never a path; the game's parameters do not apply.
        assert!(parse(&query_pairs("mode=problem&problem=..%2Fx%2Fy")).is_err());
        assert_eq!(
            parse(&query_pairs("mode=problem&problem=a&level=3")).unwrap_err(),
            vec![ParamError::NotInMode {
                name: "level",
                mode: "problem"
            }]
        );
        assert_eq!(
            parse(&query_pairs("mode=play&problem=a")).unwrap_err(),
            vec![ParamError::NotInMode {
                name: "problem",
                mode: "play"
            }]
        );
        // The table waits for the problem, then has it; one that cannot be read is said.
        let waiting = Rc::new(EmbedState::new(Some(EmbedMode::Problem), Lang::En));
        assert_eq!(waiting.screen, EmbedScreen::Loading);
        let p = Rc::new(problem("150-5-0-3"));
        let on = waiting.clone().reduce(EmbedAction::Problem(Ok(p.clone())));
        assert_eq!(on.problem.as_deref(), Some(&*p));
        let lost = waiting.reduce(EmbedAction::Problem(Err("no such problem".into())));
        assert_eq!(lost.problem, None);
        assert_eq!(lost.notice.as_deref(), Some("no such problem"));
        assert_eq!(lost.screen, EmbedScreen::Replay);
    }
}
