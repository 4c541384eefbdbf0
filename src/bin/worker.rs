//! The computer's Web Worker: a second wasm binary, loaded by Trunk as a worker
//! (`<link data-trunk rel="rust" data-bin="worker" data-type="worker" />` in `index.html`).
//! It listens for JSON requests (`piquet_web::ai_wire`), runs the bots of `piquet-ai` on the
//! seat's own observation, and answers with the decision or a one-line error.

#[cfg(target_arch = "wasm32")]
fn main() {
    use wasm_bindgen::JsCast;
    use wasm_bindgen::prelude::*;
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let reply_to = scope.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let reply = match event.data().as_string() {
            Some(text) => handle(&text),
            None => error_reply(0, "a request must be JSON text".into()),
        };
        let _ = reply_to.post_message(&JsValue::from_str(&reply));
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    let _ = scope.post_message(&JsValue::from_str(piquet_web::ai_wire::READY));
}

/// Natively the worker has nothing to listen to; its logic is tested through [`handle`].
#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("the worker runs in a browser; natively it only answers its own tests");
    let _ = handle;
}

use piquet_ai::BotId;
use piquet_web::ai_wire::{Answer, HintReply, Reply, Request, Task};

fn error_reply(id: u32, message: String) -> String {
    serde_json::to_string(&Reply {
        id,
        answer: Answer::Error { message },
    })
    .unwrap_or_default()
}

/// Answers one request (JSON in, JSON out).
fn handle(text: &str) -> String {
    let request: Request = match serde_json::from_str(text) {
        Ok(r) => r,
        Err(e) => return error_reply(0, format!("unreadable request: {e}")),
    };
    let id = request.id;
    let answer = match answer(request) {
        Ok(answer) => answer,
        Err(message) => Answer::Error { message },
    };
    serde_json::to_string(&Reply { id, answer }).unwrap_or_default()
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
                    reason_fr: hint.reason_fr,
                    reason_en: hint.reason_en,
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
    use piquet_engine::{Cut, Game, Rules};

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
        let reply: Reply =
            serde_json::from_str(&handle(&serde_json::to_string(&request).unwrap())).unwrap();
        assert_eq!(reply.id, 7);
        let Answer::Action { action } = reply.answer else {
            panic!("{reply:?}")
        };
        assert!(game.deal().unwrap().check(seat, action).is_ok());

        let wrong_seat = Request {
            view: game.observation(seat.other()),
            ..request.clone()
        };
        let reply: Reply =
            serde_json::from_str(&handle(&serde_json::to_string(&wrong_seat).unwrap())).unwrap();
        assert!(matches!(reply.answer, Answer::Error { .. }));
        let reply: Reply = serde_json::from_str(&handle("{nope")).unwrap();
        assert!(matches!(reply.answer, Answer::Error { .. }));
    }
}
