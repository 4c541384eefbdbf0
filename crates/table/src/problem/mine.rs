//! The player's own problems: decisions of his games kept from their review (« Enregistrer
//! comme problème »), each a problem file like the shipped ones ([`from_review`]), kept in
//! storage ([`MyProblems`]), listed under their own heading, removable, and exportable as a
//! file that `piquet problems verify` accepts.
//!
//! The verdict of a problem made from a review is the review's: for the play, the exact value
//! of every card with all cards seen (the answer is the best of them, as `verify` recomputes
//! it); for the rest, Le Maître's values over the worlds the review sampled, with the review's
//! seed, so that `verify` finds the same values again.

use piquet_ai::review::{DecisionKind, DecisionReview};
use piquet_engine::Record;
use piquet_engine::cursor::Position;
use serde::Serialize;
use serde_json::Value;

use super::generate::difficulty;
use super::{
    Explanation, IndexEntry, Measure, Method, OptionEntry, Problem, ProblemIndex, ProblemKind,
    Solution, Source, Verdict, notation,
};
use crate::records;
use crate::stored::{Reading, StoredProblem, envelope};

/// The version of the stored list this build writes.
pub const VERSION: u32 = 1;

/// The prefix of an own problem's id.
pub const ID_PREFIX: &str = "mine-";

/// Two values closer than this are equal.
const EPSILON: f64 = 0.005;

/// Why a reviewed decision cannot become a problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotAProblem {
    /// Not a decision a problem asks (the abandon of les Fâcheux).
    Kind,
    /// The review gave it no values (no sampled deal fitted, or one choice only).
    NotValued,
    /// The record does not replay to the decision.
    Record(String),
}

/// The id of the problem made from decision `index` of deal `deal` of `record`: the same
/// decision always gives the same id (saving it again replaces it).
pub fn id_of(record: &Record, deal: usize, index: usize) -> String {
    // FNV-1a, 64 bits, over the record and the place: stable across builds and browsers.
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for b in record
        .to_json()
        .bytes()
        .chain(deal.to_le_bytes())
        .chain(index.to_le_bytes())
    {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{ID_PREFIX}{:012x}", hash >> 16)
}

/// The problem of a reviewed decision of `record` (the review's `seed`, as the review was
/// asked with it): the record stopped at the decision, the question of its kind, the review's
/// values as the verdict (the exact values of the cards, for the play), the best accepted (every
/// option worth it), the review's reason as the explanation, `citation` saying which game.
pub fn from_review(
    record: &Record,
    d: &DecisionReview,
    seed: u64,
    citation: String,
) -> Result<Problem, NotAProblem> {
    let at = Position {
        deal: d.deal,
        actions: d.index,
    };
    let stopped = records::truncated(record, at);
    let mut problem = Problem {
        id: id_of(record, d.deal, d.index),
        question: ProblemKind::Exchange.question(),
        seat: d.seat,
        source: Source::Game { citation },
        difficulty: 3,
        theme: None,
        record: stopped,
        answer: Solution::default(),
    };
    let kind = problem.kind().map_err(NotAProblem::Record)?;
    problem.question = kind.question();
    let (method, worlds, mut options): (Method, u16, Vec<OptionEntry>) = match d.kind {
        DecisionKind::Play => (
            Method::Open,
            0,
            d.options
                .iter()
                .filter_map(|o| {
                    Some(OptionEntry {
                        action: notation(d.seat, o.action),
                        value: o.open?,
                    })
                })
                .collect(),
        ),
        DecisionKind::Abandon => return Err(NotAProblem::Kind),
        _ => (
            Method::Sampled,
            d.worlds,
            d.options
                .iter()
                .filter_map(|o| {
                    Some(OptionEntry {
                        action: notation(d.seat, o.action),
                        value: o.expected?,
                    })
                })
                .collect(),
        ),
    };
    if options.len() < 2 || (method == Method::Sampled && worlds == 0) {
        return Err(NotAProblem::NotValued);
    }
    options.sort_by(|a, b| b.value.total_cmp(&a.value));
    let top = options[0].value;
    let lead = options
        .iter()
        .find(|o| o.value < top - EPSILON)
        .map_or(0.0, |o| top - o.value);
    problem.difficulty = difficulty(lead);
    problem.answer = Solution {
        accepted: options
            .iter()
            .filter(|o| o.value >= top - EPSILON)
            .map(|o| o.action.clone())
            .collect(),
        explanation: Some(Explanation {
            fr: d.reason.fr.clone(),
            en: d.reason.en.clone(),
            disputed: None,
        }),
        verdict: Some(Verdict {
            method,
            seed: if method == Method::Sampled { seed } else { 0 },
            measure: Measure::Deal,
            worlds,
            best: options[0].action.clone(),
            options,
            reason: None,
        }),
    };
    Ok(problem)
}

/// The player's own problems, the last saved last.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MyProblems {
    pub problems: Vec<Problem>,
}

#[derive(Serialize)]
struct Stored {
    v: u32,
    problems: Vec<Value>,
}

impl MyProblems {
    /// The stored form: a versioned envelope holding each problem as its file.
    pub fn to_stored(&self) -> String {
        let problems = self
            .problems
            .iter()
            .filter_map(|p| serde_json::from_str(&p.to_json()).ok())
            .collect();
        serde_json::to_string(&Stored {
            v: VERSION,
            problems,
        })
        .unwrap_or_default()
    }

    /// Reads the stored form problem by problem: one that does not read (or read again as a
    /// problem) is counted and left out, the others are kept.
    pub fn read_stored(raw: &str) -> Reading<MyProblems> {
        let mut fields = match envelope(raw, VERSION) {
            Ok(f) => f,
            Err(p) => return Reading::Unusable(p),
        };
        let Some(Value::Array(entries)) = fields.remove("problems") else {
            return Reading::Unusable(StoredProblem::Malformed);
        };
        let of = entries.len();
        let mut mine = MyProblems::default();
        for (k, entry) in entries.into_iter().enumerate() {
            let read = Problem::parse(&format!("problems[{k}]"), &entry.to_string())
                .ok()
                .filter(|p| p.id.starts_with(ID_PREFIX) && mine.get(&p.id).is_none());
            if let Some(p) = read {
                mine.problems.push(p);
            }
        }
        match of - mine.problems.len() {
            0 => Reading::Whole(mine),
            unread => Reading::Part(mine, StoredProblem::Entries { unread, of }),
        }
    }

    /// The problem with this id.
    pub fn get(&self, id: &str) -> Option<&Problem> {
        self.problems.iter().find(|p| p.id == id)
    }

    /// Keeps `problem` (in place of one of the same id, else last).
    pub fn add(&mut self, problem: Problem) {
        match self.problems.iter_mut().find(|p| p.id == problem.id) {
            Some(p) => *p = problem,
            None => self.problems.push(problem),
        }
    }

    /// Removes the problem with this id; whether there was one.
    pub fn remove(&mut self, id: &str) -> bool {
        let before = self.problems.len();
        self.problems.retain(|p| p.id != id);
        self.problems.len() != before
    }

    /// The list as the shipped one is written (each problem's file named after its id).
    pub fn index(&self) -> ProblemIndex {
        let mut index = ProblemIndex::new();
        index.problems = self
            .problems
            .iter()
            .filter_map(|p| IndexEntry::of(p, &format!("{}.json", p.id)).ok())
            .collect();
        index
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::verdict::{check, evaluate};
    use piquet_ai::review::{Budget, ReviewConfig, review_deal};
    use piquet_engine::Seat;

    /// Hoffmann's deal reviewed for seat A as the app asks it (its seed).
    fn reviewed() -> (Record, piquet_ai::review::DealReview, u64) {
        let record = Record::parse(records::historical("hoffmann-1909").unwrap().text()).unwrap();
        let seed = 0x5EED;
        let config = ReviewConfig {
            deal: Some(0),
            seat: Some(Seat::A),
            seed,
            budget: Budget::STANDARD,
        };
        let review = review_deal(&record, 0, &config, &mut |_, _| {}).unwrap();
        (record, review, seed)
    }

    #[test]
    fn every_reviewed_decision_makes_a_problem_that_verify_accepts() {
        let (record, review, seed) = reviewed();
        let mut made = 0;
        let mut kinds = std::collections::BTreeSet::new();
        for d in &review.decisions {
            let problem = match from_review(&record, d, seed, "Hoffmann, 1909".into()) {
                Ok(p) => p,
                Err(NotAProblem::NotValued) => continue,
                Err(e) => panic!("decision {}: {e:?}", d.index),
            };
            made += 1;
            kinds.insert(problem.kind().unwrap());
            // It reads back from its file, the same.
            let text = problem.to_json();
            let back = Problem::parse("mine.json", &text).unwrap();
            assert_eq!(back, problem);
            assert_eq!(back.source.id(), "game");
            // `piquet problems verify` recomputes its verdict and accepts its answer.
            let verdict = evaluate(&back, back.answer.verdict.as_ref().unwrap().seed, false)
                .unwrap_or_else(|e| panic!("decision {}: {e}", d.index));
            let c = check(&back, Some(&verdict));
            assert!(c.ok && c.agrees, "decision {}: {c:?}", d.index);
            // The play's values are recomputed exactly; the rest from the review's worlds.
            let stored = back.answer.verdict.as_ref().unwrap();
            assert_eq!(verdict.best, stored.best, "decision {}", d.index);
        }
        assert!(made >= 10, "{made} problems");
        assert!(kinds.len() >= 3, "{kinds:?}");
    }

    #[test]
    fn the_list_keeps_adds_replaces_and_removes_and_reads_back_what_it_can() {
        let (record, review, seed) = reviewed();
        let problems: Vec<Problem> = review
            .decisions
            .iter()
            .filter_map(|d| from_review(&record, d, seed, "x".into()).ok())
            .take(2)
            .collect();
        let mut mine = MyProblems::default();
        mine.add(problems[0].clone());
        mine.add(problems[1].clone());
        mine.add(problems[0].clone());
        assert_eq!(mine.problems.len(), 2, "the same decision is kept once");
        assert_eq!(mine.index().problems.len(), 2);
        assert_eq!(mine.index().problems[0].source, "game");
        assert_eq!(
            MyProblems::read_stored(&mine.to_stored()),
            Reading::Whole(mine.clone())
        );
        // A damaged problem is left out and counted; the other is kept.
        let mut raw: Value = serde_json::from_str(&mine.to_stored()).unwrap();
        raw["problems"][1]["seat"] = "Z".into();
        match MyProblems::read_stored(&raw.to_string()) {
            Reading::Part(kept, StoredProblem::Entries { unread: 1, of: 2 }) => {
                assert_eq!(kept.problems, vec![problems[0].clone()]);
            }
            other => panic!("{other:?}"),
        }
        assert!(mine.remove(&problems[0].id));
        assert!(!mine.remove(&problems[0].id));
        assert_eq!(mine.problems.len(), 1);
        assert!(matches!(
            MyProblems::read_stored("nonsense"),
            Reading::Unusable(StoredProblem::NotAnEnvelope)
        ));
    }
}
