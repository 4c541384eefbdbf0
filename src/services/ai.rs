//! The computer's Web Worker, seen from the page: one worker for the whole app, started on the
//! first request; requests wait until it says it is listening, replies go to their callback.
//! The page never computes a move itself, so it never freezes while the computer thinks. A
//! review ([`ask_review`]) gets progress replies before its answer.

use std::cell::RefCell;
use std::collections::HashMap;

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{MessageEvent, Worker, WorkerOptions, WorkerType};

use piquet_table::wire::{Answer, DailyRequest, READY, Reply, Request, ReviewRequest};

/// The worker's script, written by Trunk next to the app (see `index.html`).
const WORKER_URL: &str = "./worker_loader.js";

type Done = Box<dyn FnOnce(Answer)>;
type Progress = Box<dyn FnMut(u32, u32, f32)>;

struct Client {
    worker: Worker,
    ready: bool,
    /// Requests waiting for the worker to listen, by id.
    queue: Vec<(u32, String)>,
    pending: HashMap<u32, Done>,
    /// The progress callbacks of the reviews in flight.
    progress: HashMap<u32, Progress>,
    next_id: u32,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(web_sys::Event)>,
}

thread_local! {
    static CLIENT: RefCell<Option<Client>> = const { RefCell::new(None) };
}

fn on_message(event: MessageEvent) {
    let Some(text) = event.data().as_string() else {
        return;
    };
    if text == READY {
        let queue = CLIENT.with(|c| {
            let mut c = c.borrow_mut();
            c.as_mut().map(|c| {
                c.ready = true;
                std::mem::take(&mut c.queue)
            })
        });
        for (_, message) in queue.unwrap_or_default() {
            post(&message);
        }
        return;
    }
    let reply: Reply = match serde_json::from_str(&text) {
        Ok(reply) => reply,
        Err(e) => {
            web_sys::console::error_1(
                &format!("Piquet: unreadable reply from the computer: {e}").into(),
            );
            return;
        }
    };
    if let Answer::Progress { done, total, part } = reply.answer {
        // Taken out while it runs (it may ask the worker again), then put back.
        let progress = CLIENT.with(|c| {
            c.borrow_mut()
                .as_mut()
                .and_then(|c| c.progress.remove(&reply.id))
        });
        if let Some(mut progress) = progress {
            progress(done, total, part);
            CLIENT.with(|c| {
                if let Some(c) = c.borrow_mut().as_mut() {
                    c.progress.insert(reply.id, progress);
                }
            });
        }
        return;
    }
    let done = CLIENT.with(|c| {
        c.borrow_mut().as_mut().and_then(|c| {
            c.progress.remove(&reply.id);
            c.pending.remove(&reply.id)
        })
    });
    if let Some(done) = done {
        done(reply.answer);
    }
}

/// Fails every request in flight (the worker could not start or crashed).
fn on_error(event: web_sys::Event) {
    event.prevent_default();
    let pending = CLIENT.with(|c| {
        c.borrow_mut()
            .take()
            .map(|c| c.pending.into_values().collect::<Vec<_>>())
    });
    for done in pending.unwrap_or_default() {
        done(Answer::Error {
            message: "the computer’s worker stopped".into(),
        });
    }
}

fn post(message: &str) {
    CLIENT.with(|c| {
        if let Some(c) = c.borrow().as_ref() {
            let _ = c.worker.post_message(&JsValue::from_str(message));
        }
    });
}

fn start() -> Result<(), String> {
    let options = WorkerOptions::new();
    options.set_type(WorkerType::Classic);
    let worker = Worker::new_with_options(WORKER_URL, &options)
        .map_err(|e| format!("the computer’s worker could not start: {e:?}"))?;
    let on_message_cb = Closure::<dyn FnMut(MessageEvent)>::new(on_message);
    let on_error_cb = Closure::<dyn FnMut(web_sys::Event)>::new(on_error);
    worker.set_onmessage(Some(on_message_cb.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error_cb.as_ref().unchecked_ref()));
    CLIENT.with(|c| {
        *c.borrow_mut() = Some(Client {
            worker,
            ready: false,
            queue: Vec::new(),
            pending: HashMap::new(),
            progress: HashMap::new(),
            next_id: 1,
            _on_message: on_message_cb,
            _on_error: on_error_cb,
        })
    });
    Ok(())
}

/// Sends a request (its `id` is set here); `done` is called once with the answer, unless the
/// request is cancelled first ([`cancel`] with the id returned).
pub fn ask(mut request: Request, done: impl FnOnce(Answer) + 'static) -> Option<u32> {
    send(
        move |id| {
            request.id = id;
            serde_json::to_string(&request).ok()
        },
        None,
        Box::new(done),
    )
}

/// Cancels request `id`, whose answer is no longer wanted (the table moved on: a decision
/// taken back, the table left): its callback is dropped and never called. Not sent yet, it is
/// never sent; already being worked on while nothing else waits for the worker, the worker is
/// stopped, so that the computer does not go on thinking about a position that is gone (the
/// next request starts another). An id already answered is nothing to cancel.
pub fn cancel(id: u32) {
    let stopped = CLIENT.with(|c| {
        let mut c = c.borrow_mut();
        let client = c.as_mut()?;
        drop(client.pending.remove(&id)?);
        client.progress.remove(&id);
        let queued = client.queue.len();
        client.queue.retain(|(q, _)| *q != id);
        if client.queue.len() < queued || !client.pending.is_empty() {
            return None;
        }
        c.take()
    });
    if let Some(client) = stopped {
        client.worker.terminate();
    }
}

/// Sends a review request (its `id` is set here): `progress(done, total, part)` is called as
/// the worker reviews each decision (and parts of a long one), then `done` once with
/// [`Answer::Review`] or an error.
pub fn ask_review(
    mut request: ReviewRequest,
    progress: impl FnMut(u32, u32, f32) + 'static,
    done: impl FnOnce(Answer) + 'static,
) {
    send(
        move |id| {
            request.id = id;
            serde_json::to_string(&request).ok()
        },
        Some(Box::new(progress)),
        Box::new(done),
    );
}

/// Asks for the deal of the day as Le Maître plays it (its `id` is set here): `done` is called
/// once with [`Answer::Daily`] or an error.
pub fn ask_daily(mut request: DailyRequest, done: impl FnOnce(Answer) + 'static) {
    send(
        move |id| {
            request.id = id;
            serde_json::to_string(&request).ok()
        },
        None,
        Box::new(done),
    );
}

/// Starts the worker if needed, numbers the request (`text` writes it with its id) and posts it,
/// or queues it until the worker is listening. Returns its id, once sent or queued.
fn send(
    text: impl FnOnce(u32) -> Option<String>,
    progress: Option<Progress>,
    done: Done,
) -> Option<u32> {
    let started = CLIENT.with(|c| c.borrow().is_some());
    if !started {
        if let Err(message) = start() {
            done(Answer::Error { message });
            return None;
        }
    }
    let outcome = CLIENT.with(|c| {
        let mut c = c.borrow_mut();
        let Some(c) = c.as_mut() else {
            return Err(done);
        };
        let id = c.next_id;
        c.next_id = c.next_id.wrapping_add(1);
        let Some(text) = text(id) else {
            return Err(done);
        };
        c.pending.insert(id, done);
        if let Some(progress) = progress {
            c.progress.insert(id, progress);
        }
        if c.ready {
            Ok((id, Some(text)))
        } else {
            c.queue.push((id, text));
            Ok((id, None))
        }
    });
    match outcome {
        Ok((id, Some(text))) => {
            post(&text);
            Some(id)
        }
        Ok((id, None)) => Some(id),
        Err(done) => {
            done(Answer::Error {
                message: "the request could not be sent to the computer’s worker".into(),
            });
            None
        }
    }
}
