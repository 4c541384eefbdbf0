//! The computer's Web Worker: a second wasm binary, loaded by Trunk as a worker
//! (`<link data-trunk rel="rust" data-bin="worker" data-type="worker" />` in `index.html`).
//! It listens for JSON requests (`piquet_table::wire`), runs the bots of `piquet-ai` on the
//! seat's own observation, and answers with the decision or a one-line error. A review request
//! (`ai_wire::ReviewRequest`) is answered with a progress reply after each decision reviewed,
//! then the review: the page never does that work.

#[cfg(target_arch = "wasm32")]
fn main() {
    use wasm_bindgen::JsCast;
    use wasm_bindgen::prelude::*;
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let reply_to = scope.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let mut post = |reply: String| {
            let _ = reply_to.post_message(&JsValue::from_str(&reply));
        };
        match event.data().as_string() {
            Some(text) => handle(&text, &mut post),
            None => post(error_reply(0, "a request must be JSON text".into())),
        }
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    let _ = scope.post_message(&JsValue::from_str(piquet_table::wire::READY));
}

/// Natively the worker has nothing to listen to; its logic is tested through [`handle`].
#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("the worker runs in a browser; natively it only answers its own tests");
    let _ = handle;
}

use piquet_ai::BotId;
use piquet_ai::review::{ReviewConfig, review_record_in_parts};
use piquet_table::wire::{Answer, DailyRequest, HintReply, Reply, Request, ReviewRequest, Task};

fn error_reply(id: u32, message: String) -> String {
    serde_json::to_string(&Reply {
        id,
        answer: Answer::Error { message },
    })
    .unwrap_or_default()
}

fn reply(id: u32, answer: Answer) -> String {
    serde_json::to_string(&Reply { id, answer }).unwrap_or_default()
}

/// Answers one request (JSON in), posting each reply (JSON out): one for a bot's request,
/// progress replies then the review (or an error) for a review request.
fn handle(text: &str, post: &mut dyn FnMut(String)) {
    let value: serde_json::Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => return post(error_reply(0, format!("unreadable request: {e}"))),
    };
    let id = value
        .get("id")
        .and_then(serde_json::Value::as_u64)
        .and_then(|id| u32::try_from(id).ok())
        .unwrap_or(0);
    if value.get("review").is_some() {
        let request: ReviewRequest = match serde_json::from_value(value) {
            Ok(r) => r,
            Err(e) => return post(error_reply(id, format!("unreadable review request: {e}"))),
        };
        return review(request, post);
    }
    if value.get("daily").is_some() {
        let answer = match serde_json::from_value::<DailyRequest>(value) {
            Ok(r) => daily(&r).unwrap_or_else(|message| Answer::Error { message }),
            Err(e) => Answer::Error {
                message: format!("unreadable request for the deal of the day: {e}"),
            },
        };
        return post(reply(id, answer));
    }
    let request: Request = match serde_json::from_value(value) {
        Ok(r) => r,
        Err(e) => return post(error_reply(id, format!("unreadable request: {e}"))),
    };
    let answer = match answer(request) {
        Ok(answer) => answer,
        Err(message) => Answer::Error { message },
    };
    post(reply(id, answer));
}

/// Reviews the deals asked for, posting progress after each decision.
fn review(request: ReviewRequest, post: &mut dyn FnMut(String)) {
    let job = request.review;
    let config = ReviewConfig {
        deal: job.deal,
        seat: job.seat,
        seed: job.seed,
        ..ReviewConfig::default()
    };
    let id = request.id;
    let mut progress = |done: usize, total: usize, part: f32| {
        let (done, total) = (done as u32, total as u32);
        post(reply(id, Answer::Progress { done, total, part }));
    };
    let answer = match review_record_in_parts(&job.record, &config, &mut progress) {
        Ok(deals) => Answer::Review { deals },
        Err(e) => Answer::Error {
            message: e.to_string(),
        },
    };
    post(reply(id, answer));
}

/// The deal of the day as Le Maître plays it from both seats.
fn daily(request: &DailyRequest) -> Result<Answer, String> {
    use piquet_table::problem::daily::{Date, daily};
    let date = Date::parse(&request.daily.date)?;
    let rules = piquet_engine::Rules::by_id(&request.daily.rules).map_err(|e| e.to_string())?;
    Ok(Answer::Daily {
        record: daily(date, rules)?.to_json(),
    })
}

fn answer(request: Request) -> Result<Answer, String> {
    let bot = || request.bot.parse::<BotId>().map_err(|e| e.to_string());
    Ok(match request.task {
        Task::Decide => Answer::Action {
            action: piquet_ai::decide(bot()?, &request.view, request.seed)
                .map_err(|e| e.to_string())?,
        },
        Task::Hint => {
            let hint = piquet_ai::hint(&request.view, request.seed).map_err(|e| e.to_string())?;
            Answer::Hint {
                hint: HintReply {
                    action: hint.action,
                    reason: hint.reason,
                },
            }
        }
        Task::ChooseToDeal => Answer::Deal {
            deal: piquet_ai::choose_to_deal(bot()?, &request.view, request.seed),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use piquet_engine::{Cut, Game, Record, Rules, Seat};
    use piquet_table::wire::ReviewJob;

    /// Every reply to one request.
    fn replies(text: &str) -> Vec<Reply> {
        let mut out = Vec::new();
        handle(text, &mut |r| out.push(serde_json::from_str(&r).unwrap()));
        out
    }

    fn one(text: &str) -> Reply {
        let mut all = replies(text);
        assert_eq!(all.len(), 1, "{all:?}");
        all.remove(0)
    }

    #[test]
    fn the_worker_answers_decisions_and_errors() {
        let rules = Rules::classique();
        let mut game = Game::new(rules, &Cut::from_seed(&rules, 4)).unwrap();
        game.start_deal_from_seed(9).unwrap();
        let seat = game.deal().unwrap().to_act().unwrap();
        let request = Request {
            id: 7,
            task: Task::Decide,
            bot: "1".into(),
            seed: 3,
            view: game.observation(seat),
        };
        let reply = one(&serde_json::to_string(&request).unwrap());
        assert_eq!(reply.id, 7);
        let Answer::Action { action } = reply.answer else {
            panic!("{reply:?}")
        };
        assert!(game.deal().unwrap().check(seat, action).is_ok());

        let wrong_seat = Request {
            view: game.observation(seat.other()),
            ..request.clone()
        };
        let reply = one(&serde_json::to_string(&wrong_seat).unwrap());
        assert!(matches!(reply.answer, Answer::Error { .. }));
        let reply = one("{nope");
        assert!(matches!(reply.answer, Answer::Error { .. }));
    }

    fn hoffmann() -> Record {
        let text = include_str!("../../records/hoffmann-1909.json");
        Record::parse(text).unwrap()
    }

    #[test]
    fn review_requests_cross_the_wire_and_back() {
        let request = ReviewRequest {
            id: 12,
            review: ReviewJob {
                record: hoffmann(),
                deal: Some(0),
                seat: Some(Seat::A),
                seed: 4,
            },
        };
        let text = serde_json::to_string(&request).unwrap();
        let back: ReviewRequest = serde_json::from_str(&text).unwrap();
        assert_eq!(back, request);
        // Optional fields: a record alone asks for every deal, both seats, seed 0.
        let minimal = format!(
            "{{\"id\": 3, \"review\": {{\"record\": {}}}}}",
            serde_json::to_string(&hoffmann()).unwrap()
        );
        let job: ReviewRequest = serde_json::from_str(&minimal).unwrap();
        assert_eq!(
            (job.review.deal, job.review.seat, job.review.seed),
            (None, None, 0)
        );

        let all = replies(&text);
        let (last, progress) = all.split_last().unwrap();
        assert!(all.iter().all(|r| r.id == 12));
        let total = hoffmann().deals[0]
            .actions
            .iter()
            .filter(|a| a.seat == Seat::A)
            .count() as u32;
        let steps: Vec<(u32, u32, f32)> = progress
            .iter()
            .map(|r| match r.answer {
                Answer::Progress { done, total, part } => (done, total, part),
                ref other => panic!("{other:?}"),
            })
            .collect();
        // Each decision once whole, in order; between them, parts of the next one growing.
        let whole: Vec<(u32, u32)> = steps
            .iter()
            .filter(|s| s.2 == 0.0)
            .map(|&(d, t, _)| (d, t))
            .collect();
        assert_eq!(whole, (0..=total).map(|k| (k, total)).collect::<Vec<_>>());
        let parts = steps.iter().filter(|s| s.2 > 0.0).count();
        assert!(parts > 0, "the exchange’s review is told in parts");
        for pair in steps.windows(2) {
            let at = |s: &(u32, u32, f32)| s.0 as f32 + s.2;
            assert!(at(&pair[1]) >= at(&pair[0]), "{pair:?}");
            assert!(pair[1].2 < 1.0);
        }
        assert!(progress.iter().all(|r| r.answer.is_progress()));
        let Answer::Review { deals } = &last.answer else {
            panic!("{last:?}")
        };
        assert_eq!(deals.len(), 1);
        assert_eq!(deals[0].decisions.len(), total as usize);
        assert!(deals[0].decisions.iter().all(|d| d.seat == Seat::A));
        // The reply crosses back intact.
        let again: Reply = serde_json::from_str(&serde_json::to_string(last).unwrap()).unwrap();
        assert_eq!(&again, last);

        // A deal the record does not have: progress never starts, one error.
        let mut bad = request.clone();
        bad.review.deal = Some(5);
        let reply = one(&serde_json::to_string(&bad).unwrap());
        assert_eq!(reply.id, 12);
        assert!(matches!(reply.answer, Answer::Error { .. }), "{reply:?}");
        let reply = one(r#"{"id": 8, "review": {"record": 3}}"#);
        assert_eq!(reply.id, 8);
        assert!(matches!(reply.answer, Answer::Error { .. }));
    }

    #[test]
    fn the_deal_of_the_day_is_played_by_le_maitre_in_the_worker() {
        let reply = one(r#"{"id": 5, "daily": {"date": "2026-11-25", "rules": "classique"}}"#);
        assert_eq!(reply.id, 5);
        let Answer::Daily { record } = &reply.answer else {
            panic!("{reply:?}")
        };
        let date = piquet_table::problem::daily::Date::parse("2026-11-25").unwrap();
        let rules = piquet_engine::Rules::by_id("classique").unwrap();
        assert_eq!(
            Record::from_json(record).unwrap(),
            piquet_table::problem::daily::daily(date, rules).unwrap()
        );
        let bad = one(r#"{"id": 6, "daily": {"date": "2026-02-30", "rules": "classique"}}"#);
        assert!(matches!(bad.answer, Answer::Error { .. }), "{bad:?}");
    }
}
