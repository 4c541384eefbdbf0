//! The embedded replay (`embed.html?mode=replay`, docs/embedding.md): a wasm of its own with the
//! viewer alone, so that a host page showing a record downloads no game, no computer and no
//! problem. Built by Trunk from index.html's `data-bin="embed_replay"` link as an ES module
//! (`embed_replay.js`), imported by the start script that `scripts/embed.mjs` writes into
//! `embed.html`; that script loads the table that plays (`src/bin/embed.rs`) when the reader or
//! the host asks for a game, then calls [`piquet_leave`].

use wasm_bindgen::prelude::*;

// The same allocator as the app's (src/main.rs).
#[cfg(target_arch = "wasm32")]
#[global_allocator]
// SAFETY: the table's wasm runs single-threaded, as TalckWasm::new_global requires.
static ALLOCATOR: talc::TalckWasm = unsafe { talc::TalckWasm::new_global() };

/// Takes the viewer down and returns what it hands over to the table that plays (JSON,
/// `piquet_table::handover`), or `undefined` when no game was asked for.
#[wasm_bindgen]
pub fn piquet_leave() -> Option<String> {
    piquet_web::leave_embed_replay()
}

fn main() {
    piquet_web::start_embed_replay();
}
